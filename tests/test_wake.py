"""GPIO 3 wakes a halted Pi: check-config keeps inputs that can rest low off it."""

from pathlib import Path

from keystand.config import WAKE_GPIO, check, load

PROFILES = Path(__file__).resolve().parents[1] / "hardware" / "profiles"
WAKE = "wakes a halted Pi"


def _wake_errors(config):
    return [e for e in check(config) if WAKE in e]


def test_the_reference_profiles_keep_gpio3_free_of_such_inputs():
    for profile in sorted(PROFILES.glob("*.toml")):
        assert _wake_errors(load(profile)) == [], profile.name


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
    config = load(PROFILES / "colour.toml")  # GPIO 3 is the panels' reset there: free it
    config.data["display"]["A"]["reset_pin"] = config.data["display"]["B"]["reset_pin"] = 5
    config.data["controls"]["B"]["back_pin"] = 22
    config.data["controls"]["A"]["back_pin"] = 6
    config.data["controls"]["A"]["clk_pin"] = WAKE_GPIO
    assert _wake_errors(config) == [
        "controls.A.clk_pin: GPIO 3 wakes a halted Pi, and an encoder can rest with this "
        "contact closed; use another pin"
    ]
    config.data["controls"]["A"]["clk_pin"] = 17
    config.data["controls"]["A"]["back_pin"] = WAKE_GPIO
    assert _wake_errors(config) == []  # press to wake: what a wake button is for


def test_an_analog_bank_or_an_output_on_gpio3_is_fine():
    analog = load(PROFILES / "analog.toml")
    analog.data["bank"]["channels"][3] = 12
    analog.data["bank"]["channels"][0] = WAKE_GPIO  # an ADC channel number, not a GPIO
    assert _wake_errors(analog) == []
    colour = load(PROFILES / "colour.toml")
    assert colour.data["display"]["A"]["reset_pin"] == WAKE_GPIO
    assert check(colour) == []
