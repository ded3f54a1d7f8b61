"""The seat menu: settings for the next game and table actions.

Back (held) opens it on that seat's display. Turning moves between items, a
press activates or steps the item, back closes. Choices that throw away a game
in progress or stop the device (new game, shut down) ask for a hold of the
push button to confirm. The menu only returns what was chosen; the session and
daemon carry it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import LANGUAGES

MISSIONS = ("standard", "9-5", "8-8", "7-7", "6-6", "cairo", "moscow", "bangkok", "singapore")
BANKS = (9, 10, 11, 12)
RULESETS = ("duet", "paper")
BRIGHTNESS = (32, 96, 160, 255)
DESTRUCTIVE = {"new_game", "shutdown"}


@dataclass
class Settings:
    """Choices for the next game and the table; shared by both seats' menus."""

    mission: str = "standard"
    bank: int = 9
    ruleset: str = "duet"
    language: str = "en"
    brightness: int = 160


@dataclass
class Menu:
    settings: Settings
    printer: bool = False
    phone: bool = False  # a web server shows seat views: offer this seat's link as a QR
    max_bank: int = 12  # a sensed bank offers no more tokens than it has slots
    index: int = 0
    armed: str | None = None  # a destructive item waiting for its hold
    items: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.items = ["new_game", "mission", "bank", "ruleset", "language", "brightness", "show_qr"]
        if self.phone:
            self.items.append("phone_link")
        if self.printer:
            self.items.append("print")
        self.items += ["load_code", "shutdown"]

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) per item, for the screen."""
        s = self.settings
        values = {
            "mission": s.mission,
            "bank": str(s.bank),
            "ruleset": s.ruleset,
            "language": s.language,
            "brightness": str(s.brightness),
        }
        return [(item, values.get(item, "")) for item in self.items]

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.items)
        self.armed = None

    def press(self) -> tuple[str, ...] | None:
        """Activate the item; returns an effect for the session, or None."""
        item = self.items[self.index]
        s = self.settings
        if item in DESTRUCTIVE:
            self.armed = item  # the screen now says "hold to confirm"
            return None
        if item == "mission":
            s.mission = _next(MISSIONS, s.mission)
        elif item == "bank":
            s.bank = _next(tuple(b for b in BANKS if b <= self.max_bank) or BANKS[:1], s.bank)
        elif item == "ruleset":
            s.ruleset = _next(RULESETS, s.ruleset)
        elif item == "language":
            s.language = _next(LANGUAGES, s.language)
            return ("language", s.language)
        elif item == "brightness":
            s.brightness = _next(BRIGHTNESS, s.brightness)
            return ("brightness", s.brightness)
        elif item in ("show_qr", "print", "phone_link", "load_code"):
            return (item,)
        return None

    def hold(self) -> tuple[str, ...] | None:
        """Confirm an armed destructive choice."""
        if self.armed is None or self.items[self.index] != self.armed:
            return None
        chosen, self.armed = self.armed, None
        return (chosen,)


def _next(options: tuple, current):
    return (
        options[(options.index(current) + 1) % len(options)] if current in options else options[0]
    )
