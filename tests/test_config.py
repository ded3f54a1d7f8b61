"""Daemon configs and hardware profiles: every mistake is one line naming the key."""

from pathlib import Path

import pytest

from keystand.app.config import HEADER_GPIO, check, load

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
    ],
)
def test_mistakes_are_named(tmp_path, text, expected):
    errors = _errors(tmp_path, text)
    assert any(e.startswith(expected) for e in errors), errors
    assert all("\n" not in e for e in errors)


def test_check_config_command(cli, tmp_path):
    path = _write(tmp_path, "[controls.A]\nclk_pin = 2\ndt_pin = 2\n[buses]\ni2c = true\n")
    result = cli("check-config", str(path))
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert any(
        "controls.A.dt_pin: GPIO 2 is already used by controls.A.clk_pin" in x for x in lines
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

    from keystand.app.config import BOARDS

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
