"""The device's configuration: a hardware profile plus game defaults, in TOML.

Read in two steps. :func:`load` reads a file and the profile it may ``include``
(the single source of pin truth) into a plain table, refusing anything that is
not a small regular TOML file. :func:`parse` turns that table into frozen
dataclasses, every default in this module and nowhere else, and :func:`check`
is that parse plus the cross-checks between sections (pins used twice, buses,
addresses, the bank against the game). Every problem is one line naming the
key. Pin numbers are BCM GPIO numbers.

Standard library only: the Pi installer runs ``keystand check-config`` before
anything else is installed.
"""

from __future__ import annotations

import math
import os
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any, get_type_hints

from .i18n import LANGUAGES
from .printing import DEFAULT_PROFILE as DEFAULT_PRINTER_PROFILE
from .rules.layout import SEATS, Seat
from .rules.setup import RULESETS, TURN_ORDERS

# The GPIOs on each board's main header, as gpiozero's board data lists them
# (tests/test_config.py compares), less 0 and 1, the HAT EEPROM bus. The
# revision codes are gpiozero's.
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


@dataclass(frozen=True)
class SpiPins:
    """One of the Pi's SPI buses (BCM numbers): its lines and its chip selects."""

    sclk: int
    mosi: int
    miso: int
    ce: Mapping[int, int]  # spi_device -> its chip-select GPIO


# The Pi's buses, as the kernel's overlays put them on the header.
SPI_BUSES = {0: SpiPins(11, 10, 9, {0: 8, 1: 7}), 1: SpiPins(21, 20, 19, {0: 18, 1: 17, 2: 16})}
I2C1 = {"SDA": 2, "SCL": 3}
UART = {"TXD": 14, "RXD": 15}
# What an enabled bus takes (the config enables SPI0 only).
_SPI0 = SPI_BUSES[0]
BUS_PINS = {
    "i2c": {bcm: name for name, bcm in I2C1.items()},
    "spi": {
        _SPI0.ce[1]: "CE1",
        _SPI0.ce[0]: "CE0",
        _SPI0.miso: "MISO",
        _SPI0.mosi: "MOSI",
        _SPI0.sclk: "SCLK",
    },
    "uart": {bcm: name for name, bcm in UART.items()},
}
# GPIO 3 wakes a halted Pi: pulled low, the firmware starts it again. An input
# that can rest low there (a bank slot's switch while a token is in, an encoder's
# contact on a detent) would restart the Pi after "Shut down"; a momentary button
# there is a wake button, and an output (an SPI panel's reset) is fine.
WAKE_GPIO = 3
MAX_SLOTS = 12
BANK_SIZES = (9, 12)  # tokens a game may start with: the Duet box up to the 10-token edition's
# The seat screens are drawn for these panels (screens/render.py): width, height.
PANEL_SIZES = {"ssd1306": (128, 64), "sh1106": (128, 64), "ssd1351": (128, 128)}
OLED_I2C_ADDRESSES = (0x3C, 0x3D)
# The word grid's touch controllers: an MPR121 answers at 0x5A to 0x5D (its ADDR pin
# to GND, 3V3, SDA or SCL) and senses 12 electrodes.
MPR121_ADDRESSES = (0x5A, 0x5D)
MPR121_ELECTRODES = 12
CELLS = 25  # word cards on the table, one pad under each
# A 10-bit ADC reading within RAIL counts of either end cannot come from a hall
# sensor powered at 3.3 V: it means a broken or shorted wire.
ADC_MAX = 1023
RAIL = 8
MAX_INCLUDE_BYTES = 256 * 1024  # a profile is a few KiB; this refuses /dev/zero and friends
MAX_DEPTH = 8  # tables and lists nested deeper than any config needs


class ConfigError(ValueError):
    """A config that cannot be used. ``errors`` holds one line per problem, each
    naming the key; ``str()`` is the first (for one-line command errors)."""

    def __init__(self, errors: list[str] | str) -> None:
        self.errors = [errors] if isinstance(errors, str) else list(errors)
        super().__init__(self.errors[0] if self.errors else "bad config")


def _opt(
    default: Any = MISSING,
    *,
    choices: Any = None,
    range: Any = None,
    pin: bool = False,
    means: str = "",
):
    """A config key: its default (none: required), allowed values or range, whether
    it names a GPIO, and what its range means to a user ("a bank holds {} to {} tokens")."""
    meta = {"choices": choices, "range": range, "pin": pin, "means": means}
    if isinstance(default, list | tuple):
        return field(default_factory=lambda: tuple(default), metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class Board:
    model: str = _opt("pi-zero-2w", choices=tuple(BOARDS))


@dataclass(frozen=True, slots=True)
class Buses:
    """Which of the Pi's buses are enabled (their GPIOs are then taken)."""

    i2c: bool = _opt(False)
    spi: bool = _opt(False)
    uart: bool = _opt(False)


@dataclass(frozen=True, slots=True)
class Display:
    """One seat's panel. ``width``/``height`` default to the driver's panel size."""

    driver: str = _opt("ssd1306", choices=tuple(PANEL_SIZES))
    interface: str = _opt("i2c", choices=("i2c", "spi"))
    i2c_port: int = _opt(1, range=(0, 22))
    i2c_address: int = _opt(0x3C, choices=OLED_I2C_ADDRESSES)
    spi_port: int = _opt(0, range=(0, 6))
    spi_device: int = _opt(0, range=(0, 2))
    dc_pin: int | None = _opt(None, pin=True)
    reset_pin: int | None = _opt(None, pin=True)
    # 0 upright, 2 mounted upside down; the seat screens are landscape, so a
    # quarter turn (1, 3) would need a portrait layout that does not exist.
    rotate: int = _opt(0, choices=(0, 2))
    width: int | None = _opt(None, range=(1, 4096))
    height: int | None = _opt(None, range=(1, 4096))

    @property
    def size(self) -> tuple[int, int]:
        return PANEL_SIZES[self.driver]

    @property
    def colour(self) -> bool:
        return self.driver == "ssd1351"


@dataclass(frozen=True, slots=True)
class Controls:
    """One seat's rotary encoder (with push) and back button."""

    clk_pin: int = _opt(pin=True)
    dt_pin: int = _opt(pin=True)
    push_pin: int = _opt(pin=True)
    back_pin: int = _opt(pin=True)


@dataclass(frozen=True, slots=True)
class Bank:
    """The time bank: no sensors, a switch per slot, or hall sensors on MCP3008s."""

    sensor: str = _opt("none", choices=("none", "digital", "mcp3008"))
    slots: int = _opt(0, range=(0, MAX_SLOTS))
    pins: tuple[int, ...] = _opt((), pin=True)
    active_low: bool = _opt(True)
    spi_port: int = _opt(0, range=(0, 6))
    spi_device: int = _opt(0, range=(0, 1))
    channels: tuple[int, ...] = _opt((), range=(0, 15))
    debounce_ms: int = _opt(30, range=(0, 1000))
    poll_hz: int = _opt(20, range=(1, 200))  # analog: samples a second after anything moved
    idle_poll_hz: int = _opt(3, range=(1, 200))  # and while nothing does
    present_below: int = _opt(400, range=(0, ADC_MAX))  # analog: checkmark side up below this
    absent_above: int | None = _opt(None, range=(0, ADC_MAX))  # empty again above (default +40)
    flipped_above: int = _opt(624, range=(0, ADC_MAX))  # bystander side up above this

    HYSTERESIS = 40  # absent_above's distance from present_below when not given

    @property
    def sensed(self) -> bool:
        return self.sensor != "none"

    @property
    def sided(self) -> bool:
        """The sensors tell which side of a token is up (hall sensors do)."""
        return self.sensor == "mcp3008"

    @property
    def leave_checkmark(self) -> int:
        return (
            self.present_below + self.HYSTERESIS if self.absent_above is None else self.absent_above
        )


@dataclass(frozen=True, slots=True)
class Touch:
    """The sensed word grid: a capacitive pad under each of the 25 word cards, read by
    MPR121 controllers on I2C that share one interrupt line (docs/hardware.md).

    ``electrodes`` names each card's pad in seat A's reading order (a1, b1, ... e5,
    as ``keystand play`` names cells): ``n`` is electrode ``n % 12`` of the
    controller at ``addresses[n // 12]``. Thresholds are in the controller's counts
    below its baseline; a list of 25 overrides them pad by pad (``keystand
    calibrate`` writes them)."""

    sensor: str = _opt("none", choices=("none", "mpr121"))
    i2c_port: int = _opt(1, range=(0, 22))
    addresses: tuple[int, ...] = _opt(
        (0x5A, 0x5B, 0x5C), range=MPR121_ADDRESSES, means="an MPR121 answers at 0x5A to 0x5D"
    )
    irq_pin: int | None = _opt(None, pin=True)
    electrodes: tuple[int, ...] = _opt(tuple(range(CELLS)), range=(0, 4 * MPR121_ELECTRODES - 1))
    touch_threshold: int = _opt(40, range=(2, 255))
    release_threshold: int = _opt(20, range=(1, 254))
    touch_thresholds: tuple[int, ...] = _opt((), range=(2, 255))
    release_thresholds: tuple[int, ...] = _opt((), range=(1, 254))
    hold_ms: int = _opt(250, range=(50, 2000))  # a finger rests on one pad at least this long
    hold_max_ms: int = _opt(3000, range=(500, 30000))  # longer: something lies on the card
    quiet_ms: int = _opt(300, range=(50, 2000))  # no other pad this long before and after

    @property
    def sensed(self) -> bool:
        return self.sensor != "none"

    def pad_thresholds(self) -> list[tuple[int, int]]:
        """Each pad's (touch, release) thresholds, cell a1 first."""
        touch = self.touch_thresholds or (self.touch_threshold,) * CELLS
        release = self.release_thresholds or (self.release_threshold,) * CELLS
        return list(zip(touch, release, strict=True))


@dataclass(frozen=True, slots=True)
class Printer:
    port: str = _opt()
    baud: int = _opt(9600, choices=(9600, 19200))
    profile: str = _opt(DEFAULT_PRINTER_PROFILE)
    status: bool = _opt(False)  # the printer answers DLE EOT 4
    pause: float = _opt(0.0, range=(0.0, 5.0))  # seconds after each chunk, for slow heads


@dataclass(frozen=True, slots=True)
class Scanner:
    port: str = _opt()
    baud: int = _opt(9600, choices=(9600, 19200, 38400, 57600, 115200))


@dataclass(frozen=True, slots=True)
class Game:
    """What a new game starts with, until the seat menu changes it."""

    ruleset: str = _opt("duet", choices=RULESETS)
    tokens: int = _opt(9, range=BANK_SIZES, means="a bank holds {} to {} tokens")
    mission: str = _opt("standard")
    turn_order: str = _opt("strict", choices=TURN_ORDERS)
    language: str = _opt("en", choices=LANGUAGES)
    brightness: int = _opt(160, range=(0, 255))
    slip_on_start: bool = _opt(False)


@dataclass(frozen=True, slots=True)
class Web:
    address: str = _opt("127.0.0.1")
    port: int = _opt(8765, range=(0, 65535))


@dataclass(frozen=True, slots=True)
class DeviceConfig:
    """A whole device: what create_hardware builds and the daemon plays with."""

    path: Path
    board: Board
    buses: Buses
    displays: Mapping[Seat, Display]
    controls: Mapping[Seat, Controls]
    bank: Bank
    printer: Printer | None
    scanner: Scanner | None
    game: Game
    web: Web
    touch: Touch = Touch()


SECTIONS: dict[str, type] = {
    "board": Board,
    "buses": Buses,
    "display": Display,
    "controls": Controls,
    "bank": Bank,
    "touch": Touch,
    "printer": Printer,
    "scanner": Scanner,
    "game": Game,
    "web": Web,
}
PER_SEAT = ("display", "controls")  # [display.A], [display.B], ...
OPTIONAL = ("printer", "scanner")  # absent: the device has none


# ---------------------------------------------------------------- reading files


@dataclass(frozen=True)
class RawConfig:
    """A config file's tables with its includes merged, not yet checked."""

    data: dict
    path: Path

    def section(self, name: str) -> dict:
        return self.data.get(name, {})


def load(path: str | Path, _seen: tuple[Path, ...] = ()) -> RawConfig:
    """Read ``path`` and what it includes. Raises :class:`ConfigError` (one line)."""
    path = Path(path)
    try:
        info = path.stat()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise ConfigError(f"{path}: not a regular file")
    if info.st_size > MAX_INCLUDE_BYTES:
        raise ConfigError(f"{path}: {info.st_size} bytes is too large for a config file")
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_INCLUDE_BYTES + 1)
        data = tomllib.loads(raw.decode("utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply to be a config") from None
    if len(raw) > MAX_INCLUDE_BYTES:
        raise ConfigError(f"{path}: too large for a config file")
    if _depth(data) > MAX_DEPTH:
        raise ConfigError(f"{path}: nested too deeply to be a config")
    include = data.pop("include", None)
    if include is not None:
        if not isinstance(include, str):
            raise ConfigError(f"{path}: include: must be a file name")
        target = (path.parent / include).resolve()
        if target in _seen or target == path.resolve():
            raise ConfigError(f"{path}: include: {include} includes itself")
        data = _merge(load(target, (*_seen, path.resolve())).data, data)
    return RawConfig(data, path)


def _depth(value: object, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


def _merge(base: dict, top: dict) -> dict:
    out = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def read(path: str | Path) -> DeviceConfig:
    """Load, parse and cross-check: the config the device runs with, or ConfigError."""
    raw = load(path)
    errors = check(raw)
    if errors:
        raise ConfigError(errors)
    return parse(raw)


# ---------------------------------------------------------------- parsing


def parse(raw: RawConfig) -> DeviceConfig:
    """The typed config. Raises :class:`ConfigError` with every type or range problem;
    :func:`check` adds the cross-checks and is what commands use."""
    errors: list[str] = []
    config = _parse(raw, errors)
    if errors or config is None:
        raise ConfigError(errors)
    return config


def _parse(raw: RawConfig, errors: list[str]) -> DeviceConfig | None:
    data = raw.data
    for name in data:
        if name not in SECTIONS:
            errors.append(f"{name}: unknown section (known: {', '.join(sorted(SECTIONS))})")
    built: dict[str, Any] = {}
    for name, cls in SECTIONS.items():
        table = data.get(name)
        if name in PER_SEAT:
            built[name] = _per_seat(name, cls, table, errors)
        elif table is None and name in OPTIONAL:
            built[name] = None
        elif table is not None and not isinstance(table, dict):
            errors.append(f"{name}: must be a table")
        else:
            built[name] = _table(name, cls, table or {}, errors)
    if errors:
        return None
    return DeviceConfig(
        path=raw.path,
        board=built["board"],
        buses=built["buses"],
        displays=built["display"],
        controls=built["controls"],
        bank=built["bank"],
        printer=built["printer"],
        scanner=built["scanner"],
        game=built["game"],
        web=built["web"],
        touch=built["touch"],
    )


def _per_seat(name: str, cls: type, table: object, errors: list[str]) -> dict[Seat, Any]:
    if table is None:
        errors.append(f"{name}.A: missing (each seat, A and B, needs its own [{name}.X] table)")
        return {}
    if not isinstance(table, dict):
        errors.append(f"{name}: must be a table")
        return {}
    out: dict[Seat, Any] = {}
    for seat, sub in table.items():
        if seat not in SEATS:
            errors.append(f"{name}.{seat}: unknown seat (A or B)")
        elif not isinstance(sub, dict):
            errors.append(f"{name}.{seat}: must be a table")
        else:
            parsed = _table(f"{name}.{seat}", cls, sub, errors)
            if parsed is not None:
                out[seat] = parsed
    for seat in SEATS:
        if seat not in table:
            errors.append(f"{name}.{seat}: missing (each seat, A and B, needs its own)")
    return out


def _table(where: str, cls: type, table: dict, errors: list[str]):
    hints = get_type_hints(cls)
    known = {f.name: f for f in fields(cls)}
    values: dict[str, Any] = {}
    before = len(errors)
    for key, value in table.items():
        f = known.get(key)
        if f is None:
            errors.append(f"{where}.{key}: unknown key")
            continue
        problem = _value_problem(hints[key], value, f.metadata)
        if problem:
            errors.append(f"{where}.{key}: {problem}")
        else:
            values[key] = tuple(value) if isinstance(value, list) else value
    for name, f in known.items():
        required = f.default is MISSING and f.default_factory is MISSING
        if required and name not in table:
            errors.append(f"{where}.{name}: missing")
    if len(errors) > before:
        return None
    return cls(**values)


_TYPE_NAMES = {int: "a whole number", bool: "true or false", str: "text", float: "a number"}


def _value_problem(hint: Any, value: object, meta: Mapping[str, Any]) -> str | None:
    """Why ``value`` cannot be this key's, or None."""
    base = _base_type(hint)
    if base is tuple:
        if not isinstance(value, list):
            return f"must be a list, not {value!r}"
        for item in value:
            problem = _scalar_problem(int, item, meta)
            if problem:
                return f"{item!r}: {problem}"
        return None
    return _scalar_problem(base, value, meta)


def _base_type(hint: Any) -> type:
    """int | None -> int; tuple[int, ...] -> tuple."""
    args = getattr(hint, "__args__", ())
    if getattr(hint, "__origin__", None) is tuple:
        return tuple
    for arg in args or (hint,):
        if arg is not type(None):
            return getattr(arg, "__origin__", arg)
    return hint


def _scalar_problem(want: type, value: object, meta: Mapping[str, Any]) -> str | None:
    if want is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if ok and not math.isfinite(value):  # type: ignore[arg-type]
            return f"must be a finite number, not {value!r}"
    else:
        ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
    if not ok:
        return f"must be {_TYPE_NAMES[want]}, not {value!r}"
    choices = meta.get("choices")
    if choices is not None and value not in choices:
        shown = ", ".join(str(c) for c in sorted(choices, key=str))
        return f"{value!r} is not one of {shown}"
    bounds = meta.get("range")
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        if meta.get("means"):
            return f"{meta['means'].format(*bounds)}, not {value!r}"
        return f"{value!r} is not {bounds[0]} to {bounds[1]}"
    return None


# ---------------------------------------------------------------- cross-checks


def check(raw: RawConfig) -> list[str]:
    """Every problem, one line each, naming the key: the parse, then the cross-checks."""
    errors: list[str] = []
    config = _parse(raw, errors)
    if config is None:
        return errors  # types are wrong: the cross-checks would only add noise
    _check_pins(config, errors)
    _check_wake_pin(config, errors)
    _check_displays(config, errors)
    _check_bank(config, errors)
    _check_touch(config, errors)
    _check_game(config, errors)
    _check_ports(config, errors)
    return errors


def pins(config: DeviceConfig) -> list[tuple[str, int]]:
    """Every GPIO the hardware uses, with the key that names it."""
    out: list[tuple[str, int]] = []
    for seat, controls in config.controls.items():
        for f in fields(controls):
            out.append((f"controls.{seat}.{f.name}", getattr(controls, f.name)))
    for seat, display in config.displays.items():
        for key in ("dc_pin", "reset_pin"):
            pin = getattr(display, key)
            if pin is not None:
                out.append((f"display.{seat}.{key}", pin))
    if config.bank.sensor == "digital":
        out += [(f"bank.pins[{n}]", pin) for n, pin in enumerate(config.bank.pins)]
    if config.touch.sensed and config.touch.irq_pin is not None:
        out.append(("touch.irq_pin", config.touch.irq_pin))
    return out


def _check_pins(config: DeviceConfig, errors: list[str]) -> None:
    model = config.board.model
    header = BOARDS[model][1]
    seen: dict[int, str] = {}
    for key, pin in pins(config):
        if pin not in header:
            errors.append(f"{key}: GPIO {pin} is not on the {model} header")
            continue
        for bus, bus_pins in BUS_PINS.items():
            if getattr(config.buses, bus) and pin in bus_pins:
                errors.append(
                    f"{key}: GPIO {pin} is {bus.upper()} {bus_pins[pin]}, and {bus} is enabled"
                )
        if pin in seen and _shared_display_line(key, seen[pin]):
            continue  # SPI panels may share DC and reset: chip select picks the panel
        if pin in seen:
            errors.append(f"{key}: GPIO {pin} is already used by {seen[pin]}")
        else:
            seen[pin] = key


def _check_wake_pin(config: DeviceConfig, errors: list[str]) -> None:
    """No input that can rest low on the wake-up GPIO."""
    if config.bank.sensor == "digital":
        for n, pin in enumerate(config.bank.pins):
            if pin == WAKE_GPIO:
                errors.append(
                    f"bank.pins[{n}]: GPIO {WAKE_GPIO} wakes a halted Pi, and a token in "
                    "that slot would restart it after Shut down; use another pin"
                )
    for seat, controls in sorted(config.controls.items()):
        for key in ("clk_pin", "dt_pin"):
            if getattr(controls, key) == WAKE_GPIO:
                errors.append(
                    f"controls.{seat}.{key}: GPIO {WAKE_GPIO} wakes a halted Pi, and an "
                    "encoder can rest with this contact closed; use another pin"
                )


def _shared_display_line(key: str, other: str) -> bool:
    """Both keys name the same line (dc_pin or reset_pin) of the two displays."""
    a, b = key.split("."), other.split(".")
    return a[0] == b[0] == "display" and a[2] == b[2] and a[2] in ("dc_pin", "reset_pin")


def _check_displays(config: DeviceConfig, errors: list[str]) -> None:
    seen: dict[tuple, str] = {}
    for seat, display in sorted(config.displays.items()):
        where = f"display.{seat}"
        for key, want in zip(("width", "height"), display.size, strict=True):
            given = getattr(display, key)
            if given is not None and given != want:
                errors.append(
                    f"{where}.{key}: the seat screens are drawn for the {display.driver}'s "
                    f"{display.size[0]}x{display.size[1]}, not {given}"
                )
        if display.colour and display.interface != "spi":
            errors.append(f"{where}.interface: the ssd1351 is an SPI panel")
        if display.interface == "i2c":
            if not config.buses.i2c:
                errors.append(f"{where}.interface: i2c is not enabled in [buses]")
            slot = ("i2c", display.i2c_port, display.i2c_address)
        else:
            if not config.buses.spi:
                errors.append(f"{where}.interface: spi is not enabled in [buses]")
            if display.dc_pin is None:
                errors.append(f"{where}.dc_pin: an SPI display needs its data/command pin")
            slot = ("spi", display.spi_port, display.spi_device)
        if slot in seen:
            kind, bus, address = slot
            errors.append(
                f"{where}: {kind} bus {bus} address {address:#04x} is already used by {seen[slot]}"
            )
        else:
            seen[slot] = where
    bank = config.bank
    if bank.sensor == "mcp3008":
        devices = {bank.spi_device} | (
            {1 - bank.spi_device} if max(bank.channels, default=0) > 7 else set()
        )
        for device in sorted(devices):
            slot = ("spi", bank.spi_port, device)
            if slot in seen:
                errors.append(
                    f"bank.spi_device: SPI device {device} is already used by {seen[slot]}"
                )


def _check_bank(config: DeviceConfig, errors: list[str]) -> None:
    bank = config.bank
    if bank.sensed and not 1 <= bank.slots <= MAX_SLOTS:
        errors.append(f"bank.slots: {bank.slots} is not 1 to {MAX_SLOTS}")
    if bank.sensor == "digital" and len(bank.pins) != bank.slots:
        errors.append(f"bank.pins: {len(bank.pins)} pins for {bank.slots} slots")
    if bank.sensor != "mcp3008":
        return
    if not config.buses.spi:
        errors.append("bank.sensor: the MCP3008 needs spi enabled in [buses]")
    if len(bank.channels) != bank.slots:
        errors.append(f"bank.channels: {len(bank.channels)} channels for {bank.slots} slots")
    dupes = sorted({c for c in bank.channels if bank.channels.count(c) > 1})
    if dupes:
        errors.append(f"bank.channels: channel {dupes[0]} is used twice")
    # The hall thresholds must leave an empty band between the two sides.
    low, leave, high = bank.present_below, bank.leave_checkmark, bank.flipped_above
    hysteresis = leave - low
    if not RAIL <= low < leave:
        errors.append(f"bank.absent_above: {leave} must be above present_below ({low})")
    elif leave >= high - hysteresis:
        errors.append(
            f"bank.flipped_above: {high} leaves no empty band above absent_above ({leave})"
        )
    elif high > ADC_MAX - RAIL:
        errors.append(f"bank.flipped_above: {high} is at the ADC's rail (at most {ADC_MAX - RAIL})")
    if bank.idle_poll_hz > bank.poll_hz:
        errors.append(
            f"bank.idle_poll_hz: {bank.idle_poll_hz} is not 1 to poll_hz ({bank.poll_hz})"
        )


def _check_touch(config: DeviceConfig, errors: list[str]) -> None:
    touch = config.touch
    if not touch.sensed:
        return
    if not config.buses.i2c:
        errors.append("touch.sensor: the MPR121s need i2c enabled in [buses]")
    if touch.irq_pin is None:
        errors.append("touch.irq_pin: missing (the GPIO the controllers' IRQ line is wired to)")
    if not 1 <= len(touch.addresses) <= 4:
        errors.append(f"touch.addresses: {len(touch.addresses)} controllers; give 1 to 4")
    dupes = sorted({a for a in touch.addresses if touch.addresses.count(a) > 1})
    if dupes:
        errors.append(f"touch.addresses: {dupes[0]:#04x} is given twice")
    if len(touch.electrodes) != CELLS:
        errors.append(f"touch.electrodes: {len(touch.electrodes)} pads for {CELLS} cards")
    inputs = MPR121_ELECTRODES * len(touch.addresses)
    for n, electrode in enumerate(touch.electrodes):
        if electrode >= inputs:
            errors.append(
                f"touch.electrodes[{n}]: {electrode} is not on the {len(touch.addresses)} "
                f"controllers (0 to {inputs - 1})"
            )
            break
    dupes = sorted({e for e in touch.electrodes if touch.electrodes.count(e) > 1})
    if dupes:
        errors.append(f"touch.electrodes: electrode {dupes[0]} is given twice")
    for key in ("touch_thresholds", "release_thresholds"):
        given = getattr(touch, key)
        if given and len(given) != CELLS:
            errors.append(f"touch.{key}: {len(given)} values for {CELLS} pads (or none)")
            return
    for n, (enter, leave) in enumerate(touch.pad_thresholds()):
        if leave >= enter:
            which = f"[{n}]" if touch.touch_thresholds or touch.release_thresholds else ""
            errors.append(
                f"touch.release_threshold{'s' if which else ''}{which}: {leave} must be "
                f"below the touch threshold ({enter})"
            )
            break
    if touch.hold_ms >= touch.hold_max_ms:
        errors.append(
            f"touch.hold_max_ms: {touch.hold_max_ms} must be above hold_ms ({touch.hold_ms})"
        )


def _check_game(config: DeviceConfig, errors: list[str]) -> None:
    game, bank = config.game, config.bank
    if bank.sensed and game.tokens > bank.slots:
        errors.append(f"game.tokens: {game.tokens} tokens do not fit the bank's {bank.slots} slots")
    if game.mission != "standard":
        from .rules.errors import SetupError
        from .rules.missions import make_rules

        try:
            make_rules(mission=game.mission)
        except SetupError as exc:
            errors.append(f"game.mission: {exc}")


def _check_ports(config: DeviceConfig, errors: list[str]) -> None:
    for name, device in (("printer", config.printer), ("scanner", config.scanner)):
        if device is not None and not device.port.strip():
            errors.append(f"{name}.port: empty (a serial device such as /dev/serial0)")


def user_state_dir(*parts: str) -> Path:
    """``$XDG_STATE_HOME/keystand/...`` (``~/.local/state`` when unset)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base, "keystand", *parts)


def user_mission_maps() -> list[tuple[str, str]]:
    """The user's own mission maps, ``$XDG_CONFIG_HOME/keystand/missions/*.toml``,
    as ``(path, text)``: the rules package reads no files of the user's itself."""
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    folder = base / "keystand" / "missions"
    if not folder.is_dir():
        return []
    return [(str(p), p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.toml"))]
