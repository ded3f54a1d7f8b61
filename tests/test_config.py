"""Daemon configs and hardware profiles: every mistake is one line naming the key."""

from pathlib import Path

import pytest

from keystand.config import HEADER_GPIO, check, load

ROOT = Path(__file__).resolve().parents[1]
PROFILES = sorted((ROOT / "hardware" / "profiles").glob("*.toml"))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_every_reference_profile_passes(cli, profile):
    result = cli("check-config", str(profile))
    assert result.returncode == 0, result.stderr
    data = load(profile).data
    pins = [p for t in data["controls"].values() for p in t.values()]
    if data["bank"]["sensor"] == "digital":
        pins += data["bank"]["pins"]
    assert len(pins) == len(set(pins)) and set(pins) <= HEADER_GPIO


def _write(tmp_path, text, name="config.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def _errors(tmp_path, text):
    (tmp_path / "default.toml").write_text((ROOT / "hardware/profiles/default.toml").read_text())
    return check(load(_write(tmp_path, 'include = "default.toml"\n' + text)))


@pytest.mark.parametrize(
    "text, expected",
    [
        ("[game]\ncolour = 1\n", "game.colour: unknown key"),
        ("[gmae]\n", "gmae: unknown section"),
        ("[game]\ntokens = '9'\n", "game.tokens: must be a whole number"),
        ("[game]\ntokens = 14\n", "game.tokens: a bank holds 9 to 12 tokens"),
        ("[game]\nmission = 'atlantis'\n", "game.mission: unknown mission 'atlantis'"),
        (
            "[controls.A]\nback_pin = 17\n",
            "controls.A.back_pin: GPIO 17 is already used by controls.A.clk_pin",
        ),
        (
            "[controls.B]\npush_pin = 2\n",
            "controls.B.push_pin: GPIO 2 is I2C SDA, and i2c is enabled",
        ),
        (
            "[controls.B]\npush_pin = 30\n",
            "controls.B.push_pin: GPIO 30 is not on the pi-zero-2w header",
        ),
        ("[buses]\nspi = true\n", "bank.pins[9]: GPIO 9 is SPI MISO, and spi is enabled"),
        (
            "[display.B]\ni2c_address = 0x3C\n",
            "display.B: i2c bus 1 address 0x3c is already used by display.A",
        ),
        ("[display.A]\ndriver = 'ssd9999'\n", "display.A.driver: 'ssd9999' is not one of"),
        ("[display.C]\n", "display.C: unknown seat"),
        ("[bank]\npins = [4, 6]\n", "bank.pins: 2 pins for 12 slots"),
        (
            "[bank]\nsensor = 'mcp3008'\nchannels = [0, 0]\nslots = 2\n",
            "bank.channels: channel 0 is used twice",
        ),
        ("[printer]\nbaud = 4800\n", "printer.baud: 4800 is not one of 19200, 9600"),
        ("[touch]\nsensor = 'mpr121'\n", "touch.irq_pin: missing"),
        (
            "[touch]\nsensor = 'mpr121'\nirq_pin = 17\n",
            "touch.irq_pin: GPIO 17 is already used by controls.A.clk_pin",
        ),
        (
            "[touch]\nsensor = 'mpr121'\nirq_pin = 7\naddresses = [0x5A, 0x5A]\n",
            "touch.addresses: 0x5a is given twice",
        ),
        (
            "[touch]\nsensor = 'mpr121'\nirq_pin = 7\naddresses = [0x3C]\n",
            "touch.addresses: 60: an MPR121 answers at 0x5A to 0x5D",
        ),
        (
            "[touch]\nsensor = 'mpr121'\nirq_pin = 7\nelectrodes = [0, 1]\n",
            "touch.electrodes: 2 pads for 25 cards",
        ),
        (
            "[touch]\nsensor = 'mpr121'\nirq_pin = 7\naddresses = [0x5A]\n",
            "touch.electrodes[12]: 12 is not on the 1 controllers (0 to 11)",
        ),
        (
            "[touch]\nsensor = 'mpr121'\nirq_pin = 7\nrelease_threshold = 40\n",
            "touch.release_threshold: 40 must be below the touch threshold (40)",
        ),
        (
            "[touch]\nsensor = 'mpr121'\nirq_pin = 7\ntouch_thresholds = [30]\n",
            "touch.touch_thresholds: 1 values for 25 pads (or none)",
        ),
        (
            "[touch]\nsensor = 'mpr121'\nirq_pin = 7\nhold_ms = 2000\nhold_max_ms = 1000\n",
            "touch.hold_max_ms: 1000 must be above hold_ms (2000)",
        ),
        (
            "[buses]\ni2c = false\n[touch]\nsensor = 'mpr121'\nirq_pin = 7\n",
            "touch.sensor: the MPR121s need i2c enabled in [buses]",
        ),
    ],
)
def test_mistakes_are_named(tmp_path, text, expected):
    errors = _errors(tmp_path, text)
    assert any(e.startswith(expected) for e in errors), errors
    assert all("\n" not in e for e in errors)


def test_check_config_command(cli, tmp_path):
    (tmp_path / "default.toml").write_text((ROOT / "hardware/profiles/default.toml").read_text())
    path = _write(
        tmp_path, 'include = "default.toml"\n[controls.A]\nclk_pin = 17\ndt_pin = 17\n'
    )
    result = cli("check-config", str(path))
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert any(
        "controls.A.dt_pin: GPIO 17 is already used by controls.A.clk_pin" in x for x in lines
    )
    assert all(x.startswith(str(path)) for x in lines)
    for bad, fragment in [("[x", "not valid TOML"), ('include = "missing.toml"', "cannot read")]:
        result = cli("check-config", str(_write(tmp_path, bad, "bad.toml")))
        assert result.returncode == 2 and fragment in result.stderr
        assert result.stderr.count("\n") == 1
    loop = _write(tmp_path, 'include = "loop.toml"\n', "loop.toml")
    assert "includes itself" in cli("check-config", str(loop)).stderr


def test_each_boards_header_is_what_gpiozero_knows_of_it():
    from gpiozero import pi_info

    from keystand.config import BOARDS

    for model, (revision, header) in BOARDS.items():
        info = pi_info(revision)
        main = "J8" if "J8" in info.headers else "P1"
        gpios = {
            int(pin.name[4:])
            for pin in info.headers[main].pins.values()
            if pin.name.startswith("GPIO")
        }
        assert header == gpios - {0, 1}, model


def test_a_pin_missing_on_the_chosen_pi_is_refused():
    config = load(ROOT / "hardware" / "profiles" / "default.toml")
    config.data["board"]["model"] = "pi1b"  # a 26-pin header: no GPIO 5, 6, 12, 13, 16, ...
    errors = check(config)
    assert "controls.B.back_pin: GPIO 5 is not on the pi1b header" in errors
    assert "bank.pins[1]: GPIO 6 is not on the pi1b header" in errors
    config.data["board"]["model"] = "pi5"
    assert check(config) == []


def _profile_without(tmp_path, *tables: str) -> Path:
    """The reference profile, written out without some of its tables."""
    import tomllib

    data = tomllib.loads((ROOT / "hardware/profiles/default.toml").read_text())
    lines = []
    for name, table in data.items():
        for key, sub in table.items() if name in ("display", "controls") else [(None, table)]:
            header = f"{name}.{key}" if key else name
            if header in tables or name in tables:
                continue
            lines.append(f"[{header}]")
            lines += [f"{k} = {_toml(v)}" for k, v in sub.items()]
    return _write(tmp_path, "\n".join(lines) + "\n", "cut.toml")


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@pytest.mark.parametrize(
    ("cut", "expected"),
    [
        # Without its own display, seat B's frames would go to seat A's panel.
        (("display.B",), "display.B: missing"),
        (("display",), "display.A: missing"),
        (("controls.A",), "controls.A: missing"),
    ],
)
def test_both_seats_need_a_display_and_controls(cli, tmp_path, cut, expected):
    path = _profile_without(tmp_path, *cut)
    result = cli("check-config", str(path))
    assert result.returncode == 2
    assert any(line.startswith(f"{path}: {expected}") for line in result.stderr.splitlines())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[controls.B]\nclk_pin = 23\n", None),  # a complete seat: fine
        ("[printer]\nport = ''\n", "printer.port: empty"),
        ("[printer]\npause = -1\n", "printer.pause: -1 is not 0.0 to 5.0"),
        ("[printer]\npause = nan\n", "printer.pause: must be a finite number, not nan"),
        ("[printer]\npause = inf\n", "printer.pause: must be a finite number, not inf"),
        ("[bank]\ndebounce_ms = 1e9\n", "bank.debounce_ms: must be a whole number"),
        ("[bank]\ndebounce_ms = 1000000000\n", "bank.debounce_ms: 1000000000 is not 0 to 1000"),
        ("[display.A]\nwidth = 0\n", "display.A.width: 0 is not 1 to 4096"),
        ("[display.A]\nheight = 100000\n", "display.A.height: 100000 is not 1 to 4096"),
        ("[display.A]\nheight = 32\n", "display.A.height: the seat screens are drawn for"),
        ("[game]\nbrightness = 300\n", "game.brightness: 300 is not 0 to 255"),
        ("[web]\nport = 70000\n", "web.port: 70000 is not 0 to 65535"),
    ],
)
def test_numbers_must_be_in_range_and_finite(tmp_path, text, expected):
    errors = _errors(tmp_path, text)
    if expected is None:
        assert errors == []
    else:
        assert any(e.startswith(expected) for e in errors), errors


def test_a_printer_or_scanner_needs_its_port(tmp_path):
    text = (ROOT / "hardware/profiles/default.toml").read_text()
    text = text.replace('port = "/dev/serial0"\n', "").replace('port = "/dev/ttyUSB0"\n', "")
    errors = check(load(_write(tmp_path, text)))
    assert "printer.port: missing" in errors and "scanner.port: missing" in errors


def test_a_missing_control_pin_is_named_not_a_crash(cli, tmp_path):
    text = (ROOT / "hardware/profiles/default.toml").read_text().replace("clk_pin = 17\n", "")
    result = cli("run", "--config", str(_write(tmp_path, text)), "--simulate")
    assert result.returncode == 2
    assert result.stderr.strip().endswith("controls.A.clk_pin: missing")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("include", "fragment"),
    [
        ("/dev/zero", "not a regular file"),
        ("/dev/null", "not a regular file"),
        (".", "not a regular file"),
    ],
)
def test_include_reads_only_a_regular_file(cli, tmp_path, include, fragment):
    path = _write(tmp_path, f'include = "{include}"\n')
    result = cli("check-config", str(path))
    assert result.returncode == 2 and fragment in result.stderr
    assert result.stderr.count("\n") == 1


def test_an_oversized_include_is_refused(cli, tmp_path):
    big = tmp_path / "big.toml"
    big.write_text("# padding\n" * 100_000)
    result = cli("check-config", str(_write(tmp_path, 'include = "big.toml"\n')))
    assert result.returncode == 2 and "too large for a config file" in result.stderr


@pytest.mark.parametrize(
    "text", ["a = " + "[" * 5000 + "]" * 5000 + "\n", "a = " + "{b = " * 2000 + "1" + "}" * 2000]
)
def test_deep_nesting_is_one_line_not_a_recursion_error(cli, tmp_path, text):
    result = cli("check-config", str(_write(tmp_path, text)))
    assert result.returncode == 2
    assert "RecursionError" not in result.stderr and result.stderr.count("\n") == 1
