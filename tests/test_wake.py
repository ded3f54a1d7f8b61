"""GPIO 3 wakes a halted Pi: check-config keeps inputs that can rest low off it."""

from pathlib import Path

from keystand.app.config import check, load
from keystand.app.wake import WAKE_GPIO, wake_pin_problems

PROFILES = Path(__file__).resolve().parents[1] / "hardware" / "profiles"


def test_the_reference_profiles_keep_gpio3_free_of_such_inputs():
    for profile in sorted(PROFILES.glob("*.toml")):
        assert wake_pin_problems(load(profile).data) == [], profile.name


def test_a_bank_slot_on_gpio3_is_refused():
    config = load(PROFILES / "colour.toml")
    pins = config.data["bank"]["pins"]
    pins[pins.index(13)] = WAKE_GPIO
    config.data["display"]["A"]["reset_pin"] = config.data["display"]["B"]["reset_pin"] = 13
    assert check(config) == [
        "bank.pins[3]: GPIO 3 wakes a halted Pi, and a token in that slot would restart "
        "it after Shut down; use another pin"
    ]


def test_an_encoder_contact_on_gpio3_is_refused_a_button_is_not():
    data = {"controls": {"A": {"clk_pin": 3, "dt_pin": 18, "push_pin": 27, "back_pin": 22}}}
    assert wake_pin_problems(data) == [
        "controls.A.clk_pin: GPIO 3 wakes a halted Pi, and an encoder can rest with this "
        "contact closed; use another pin"
    ]
    data = {"controls": {"A": {"clk_pin": 17, "dt_pin": 18, "push_pin": 27, "back_pin": 3}}}
    assert wake_pin_problems(data) == []  # press to wake: what a wake button is for


def test_an_analog_bank_or_an_output_on_gpio3_is_fine():
    assert wake_pin_problems({"bank": {"sensor": "mcp3008", "channels": [3]}}) == []
    colour = load(PROFILES / "colour.toml")
    assert colour.data["display"]["A"]["reset_pin"] == WAKE_GPIO
    assert check(colour) == []
