"""GPIO 3 wakes a halted Pi: what may hang on it.

After "Shut down" the Pi halts, and pulling GPIO 3 low starts it again (the
firmware watches that pin). So an input that can rest low on GPIO 3 restarts the
Pi by itself: a bank slot whose switch holds the line low while a token is in,
an encoder contact resting on a detent. A momentary button there is fine, even
useful (press to wake), and so is an output (an SPI panel's reset line).

A pure rule, kept out of config.py's checks so that module can change shape
around it; ``config.check`` calls it.
"""

from __future__ import annotations

WAKE_GPIO = 3


def wake_pin_problems(data: dict) -> list[str]:
    """One line per input on GPIO 3 that could hold a halted Pi awake."""
    problems = []
    bank = data.get("bank", {})
    if bank.get("sensor", "none") == "digital":
        for n, pin in enumerate(bank.get("pins", [])):
            if pin == WAKE_GPIO:
                problems.append(
                    f"bank.pins[{n}]: GPIO {WAKE_GPIO} wakes a halted Pi, and a token in "
                    "that slot would restart it after Shut down; use another pin"
                )
    for seat, pins in sorted(data.get("controls", {}).items()):
        for key in ("clk_pin", "dt_pin"):
            if pins.get(key) == WAKE_GPIO:
                problems.append(
                    f"controls.{seat}.{key}: GPIO {WAKE_GPIO} wakes a halted Pi, and an "
                    "encoder can rest with this contact closed; use another pin"
                )
    return problems
