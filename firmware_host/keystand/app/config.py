"""The daemon's configuration: a hardware profile plus game defaults, in TOML.

A config file may ``include`` a hardware profile (``hardware/profiles/*.toml``),
the single source of pin truth; its own tables then add to or override the
profile's. ``check`` returns every problem as one line naming the key; the
daemon refuses to start on any of them. Pin numbers are BCM GPIO numbers.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from .wake import wake_pin_problems

# The GPIOs on each board's main header, as gpiozero's board data lists them
# (tests/test_config.py compares), less 0 and 1, the HAT EEPROM bus. Kept here so
# check-config runs with the standard library alone (the Pi installer runs it
# before anything is installed). The revision codes are gpiozero's.
HEADER_40 = frozenset(range(2, 28))
BOARDS = {
    "pi-zero-2w": ("902120", HEADER_40),
    "pi3": ("a02082", HEADER_40),
    "pi4": ("a03111", HEADER_40),
    "pi5": ("c04170", HEADER_40),
    # The 26-pin header of a Pi 1 model B (rev 2): the first 26 pins of the 40.
    "pi1b": ("000e", frozenset({2, 3, 4, 7, 8, 9, 10, 11, 14, 15, 17, 18, 22, 23, 24, 25, 27})),
}
HEADER_GPIO = HEADER_40
BUS_PINS = {
    "i2c": {2: "SDA", 3: "SCL"},
    "spi": {7: "CE1", 8: "CE0", 9: "MISO", 10: "MOSI", 11: "SCLK"},
    "uart": {14: "TXD", 15: "RXD"},
}
MAX_SLOTS = 12

_INT, _BOOL, _STR, _LIST = int, bool, str, list
SCHEMA: dict[str, dict[str, type]] = {
    "board": {"model": _STR},
    "buses": {"i2c": _BOOL, "spi": _BOOL, "uart": _BOOL},
    "display": {
        "driver": _STR,
        "interface": _STR,
        "i2c_port": _INT,
        "i2c_address": _INT,
        "spi_port": _INT,
        "spi_device": _INT,
        "dc_pin": _INT,
        "reset_pin": _INT,
        "rotate": _INT,
        "width": _INT,
        "height": _INT,
    },
    "controls": {"clk_pin": _INT, "dt_pin": _INT, "push_pin": _INT, "back_pin": _INT},
    "bank": {
        "sensor": _STR,
        "slots": _INT,
        "pins": _LIST,
        "active_low": _BOOL,
        "spi_port": _INT,
        "spi_device": _INT,
        "channels": _LIST,
        "debounce_ms": _INT,
        "poll_hz": _INT,
        "idle_poll_hz": _INT,
        "present_below": _INT,
        "absent_above": _INT,
        "flipped_above": _INT,
    },
    "printer": {"port": _STR, "baud": _INT, "profile": _STR, "status": _BOOL, "pause": float},
    "scanner": {"port": _STR, "baud": _INT},
    "game": {
        "ruleset": _STR,
        "tokens": _INT,
        "mission": _STR,
        "turn_order": _STR,
        "language": _STR,
        "brightness": _INT,
        "slip_on_start": _BOOL,
    },
    "web": {"address": _STR, "port": _INT},
}
PER_SEAT = {"display", "controls"}  # [display.A], [display.B], ...
CHOICES = {
    ("display", "driver"): {"ssd1306", "sh1106", "ssd1351"},
    ("display", "interface"): {"i2c", "spi"},
    # 0 upright, 2 mounted upside down; the seat screens are landscape, so a
    # quarter turn (1, 3) would need a portrait layout that does not exist.
    ("display", "rotate"): {0, 2},
    ("bank", "sensor"): {"digital", "mcp3008", "none"},
    ("printer", "baud"): {9600, 19200},
    ("scanner", "baud"): {9600, 19200, 38400, 57600, 115200},
    ("game", "ruleset"): {"duet", "paper"},
    ("game", "turn_order"): {"strict", "loose"},
    ("game", "language"): {"en", "fi", "ja"},
    ("board", "model"): set(BOARDS),
}


class ConfigError(ValueError):
    """A config that cannot be read at all (missing file, bad TOML, bad include)."""


@dataclass(frozen=True)
class Config:
    data: dict
    path: Path

    def section(self, name: str) -> dict:
        return self.data.get(name, {})


def _merge(base: dict, top: dict) -> dict:
    out = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def load(path: str | Path, _seen: tuple[Path, ...] = ()) -> Config:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    include = data.pop("include", None)
    if include is not None:
        if not isinstance(include, str):
            raise ConfigError(f"{path}: include: must be a file name")
        target = (path.parent / include).resolve()
        if target in _seen:
            raise ConfigError(f"{path}: include: {include} includes itself")
        data = _merge(load(target, (*_seen, path.resolve())).data, data)
    return Config(data, path)


def check(config: Config) -> list[str]:
    """Every problem, one line each, naming the key."""
    errors: list[str] = []
    data = config.data
    for name, table in data.items():
        if name not in SCHEMA:
            errors.append(f"{name}: unknown section (known: {', '.join(sorted(SCHEMA))})")
            continue
        if not isinstance(table, dict):
            errors.append(f"{name}: must be a table")
            continue
        if name in PER_SEAT:
            for seat, sub in table.items():
                if seat not in ("A", "B"):
                    errors.append(f"{name}.{seat}: unknown seat (A or B)")
                elif not isinstance(sub, dict):
                    errors.append(f"{name}.{seat}: must be a table")
                else:
                    _check_table(f"{name}.{seat}", name, sub, errors)
        else:
            _check_table(name, name, table, errors)
    if errors:
        return errors  # types are wrong: the cross-checks below would only add noise
    _check_pins(data, errors)
    errors += wake_pin_problems(data)
    _check_addresses(data, errors)
    _check_bank(data, errors)
    _check_game(data, errors)
    return errors


def _check_table(where: str, kind: str, table: dict, errors: list[str]) -> None:
    schema = SCHEMA[kind]
    for key, value in table.items():
        if key not in schema:
            errors.append(f"{where}.{key}: unknown key")
            continue
        want = schema[key]
        ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
        if want is float:
            ok = isinstance(value, int | float) and not isinstance(value, bool)
        if not ok:
            errors.append(f"{where}.{key}: must be {_type_name(want)}, not {value!r}")
            continue
        choices = CHOICES.get((kind, key))
        if choices is not None and value not in choices:
            shown = ", ".join(str(c) for c in sorted(choices, key=str))
            errors.append(f"{where}.{key}: {value!r} is not one of {shown}")


def _type_name(t: type) -> str:
    return {
        int: "a whole number",
        bool: "true or false",
        str: "text",
        list: "a list",
        float: "a number",
    }[t]


def _pins(data: dict) -> list[tuple[str, int]]:
    """Every GPIO the hardware uses, with the key that names it."""
    out = []
    for seat, table in data.get("controls", {}).items():
        for key, pin in table.items():
            out.append((f"controls.{seat}.{key}", pin))
    for seat, table in data.get("display", {}).items():
        for key in ("dc_pin", "reset_pin"):
            if key in table:
                out.append((f"display.{seat}.{key}", table[key]))
    bank = data.get("bank", {})
    if bank.get("sensor", "none") == "digital":
        for n, pin in enumerate(bank.get("pins", [])):
            out.append((f"bank.pins[{n}]", pin))
    return out


def _check_pins(data: dict, errors: list[str]) -> None:
    buses = data.get("buses", {})
    model = data.get("board", {}).get("model", "pi-zero-2w")
    header = BOARDS[model][1]
    seen: dict[int, str] = {}
    for key, pin in _pins(data):
        if not isinstance(pin, int) or isinstance(pin, bool):
            errors.append(f"{key}: must be a GPIO number, not {pin!r}")
            continue
        if pin not in header:
            errors.append(f"{key}: GPIO {pin} is not on the {model} header")
            continue
        for bus, pins in BUS_PINS.items():
            if buses.get(bus, False) and pin in pins:
                errors.append(
                    f"{key}: GPIO {pin} is {bus.upper()} {pins[pin]}, and {bus} is enabled"
                )
        if pin in seen and _shared_display_line(key, seen[pin]):
            continue  # SPI panels may share DC and reset: chip select picks the panel
        if pin in seen:
            errors.append(f"{key}: GPIO {pin} is already used by {seen[pin]}")
        else:
            seen[pin] = key


def _shared_display_line(key: str, other: str) -> bool:
    """Both keys name the same line (dc_pin or reset_pin) of the two displays."""
    a, b = key.split("."), other.split(".")
    return a[0] == b[0] == "display" and a[2] == b[2] and a[2] in ("dc_pin", "reset_pin")


def _check_addresses(data: dict, errors: list[str]) -> None:
    buses = data.get("buses", {})
    seen: dict[tuple, str] = {}
    for seat, table in sorted(data.get("display", {}).items()):
        where = f"display.{seat}"
        interface = table.get("interface", "i2c")
        if table.get("driver") == "ssd1351" and interface != "spi":
            errors.append(f"{where}.interface: the ssd1351 is an SPI panel")
        if interface == "i2c":
            if not buses.get("i2c", False):
                errors.append(f"{where}.interface: i2c is not enabled in [buses]")
            addr = table.get("i2c_address", 0x3C)
            if addr not in (0x3C, 0x3D):
                errors.append(
                    f"{where}.i2c_address: 0x{addr:02X} is not an OLED address (0x3C or 0x3D)"
                )
            slot = ("i2c", table.get("i2c_port", 1), addr)
        else:
            if not buses.get("spi", False):
                errors.append(f"{where}.interface: spi is not enabled in [buses]")
            if "dc_pin" not in table:
                errors.append(f"{where}.dc_pin: an SPI display needs its data/command pin")
            slot = ("spi", table.get("spi_port", 0), table.get("spi_device", 0))
        if slot in seen:
            kind, bus, address = slot
            errors.append(
                f"{where}: {kind} bus {bus} address {address:#04x} is already used by {seen[slot]}"
            )
        else:
            seen[slot] = where
    bank = data.get("bank", {})
    if bank.get("sensor") == "mcp3008":
        slot = ("spi", bank.get("spi_port", 0), bank.get("spi_device", 0))
        if slot in seen:
            errors.append(f"bank.spi_device: SPI device {slot[2]} is already used by {seen[slot]}")


def _check_bank(data: dict, errors: list[str]) -> None:
    bank = data.get("bank", {})
    sensor = bank.get("sensor", "none")
    slots = bank.get("slots", 0)
    if sensor != "none" and not 1 <= slots <= MAX_SLOTS:
        errors.append(f"bank.slots: {slots} is not 1 to {MAX_SLOTS}")
    if sensor == "digital" and len(bank.get("pins", [])) != slots:
        errors.append(f"bank.pins: {len(bank.get('pins', []))} pins for {slots} slots")
    if sensor == "mcp3008":
        if not data.get("buses", {}).get("spi", False):
            errors.append("bank.sensor: the MCP3008 needs spi enabled in [buses]")
        channels = bank.get("channels", [])
        if len(channels) != slots:
            errors.append(f"bank.channels: {len(channels)} channels for {slots} slots")
        if any(not isinstance(c, int) or not 0 <= c <= 15 for c in channels):
            errors.append("bank.channels: channels are 0-7 (first MCP3008) or 8-15 (second)")
        dupes = sorted({c for c in channels if channels.count(c) > 1})
        if dupes:
            errors.append(f"bank.channels: channel {dupes[0]} is used twice")
        _check_analog(bank, errors)


def _check_analog(bank: dict, errors: list[str]) -> None:
    """The hall thresholds must leave an empty band between the two sides."""
    from ..hal.analog import IDLE_HZ, POLL_HZ, RAIL, Thresholds  # standard library only

    t = Thresholds.from_config(bank)
    low, high, leave = t.present_below, t.flipped_above, t.present_below + t.hysteresis
    if not RAIL <= low < leave:
        errors.append(f"bank.absent_above: {leave} must be above present_below ({low})")
    elif leave >= high - t.hysteresis:
        errors.append(
            f"bank.flipped_above: {high} leaves no empty band above absent_above ({leave})"
        )
    elif high > 1023 - RAIL:
        errors.append(f"bank.flipped_above: {high} is at the ADC's rail (at most {1023 - RAIL})")
    fast = bank.get("poll_hz", POLL_HZ)
    idle = bank.get("idle_poll_hz", IDLE_HZ)
    if not 1 <= fast <= 200:
        errors.append(f"bank.poll_hz: {fast} is not 1 to 200")
    elif not 1 <= idle <= fast:
        errors.append(f"bank.idle_poll_hz: {idle} is not 1 to poll_hz ({fast})")


def _check_game(data: dict, errors: list[str]) -> None:
    game = data.get("game", {})
    tokens = game.get("tokens")
    if tokens is not None and not 9 <= tokens <= 12:
        errors.append(f"game.tokens: a bank holds 9 to 12 tokens, not {tokens}")
    bank = data.get("bank", {})
    slots = bank.get("slots", 0)
    if tokens is not None and bank.get("sensor", "none") != "none" and tokens > slots:
        errors.append(f"game.tokens: {tokens} tokens do not fit the bank's {slots} slots")
    if "brightness" in game and not 0 <= game["brightness"] <= 255:
        errors.append("game.brightness: 0 to 255")
    if "mission" in game:
        from ..rules.errors import SetupError
        from ..rules.missions import make_rules

        try:
            make_rules(mission=game["mission"])
        except SetupError as exc:
            errors.append(f"game.mission: {exc}")
