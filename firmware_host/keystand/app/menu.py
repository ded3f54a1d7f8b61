"""The seat menu: settings for the next game and table actions.

Back (held) opens it on that seat's display. Turning moves between items, a
press activates or steps the item, back closes. Choices that throw away a game
in progress or stop the device (new game, shut down) ask for a hold of the
push button to confirm. The menu only returns what was chosen; the session and
daemon carry it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..config import BANK_SIZES, Game
from ..i18n import LANGUAGES
from ..rules.missions import MissionBook
from ..rules.setup import RULESETS
from .commands import Command, NewGame, PowerOff, PrintSlip, SetBrightness, SetLanguage

BANKS = tuple(range(BANK_SIZES[0], BANK_SIZES[1] + 1))
BRIGHTNESS = (32, 96, 160, 255)
DESTRUCTIVE = {"new_game", "shutdown"}
STANDARD = "standard"


def mission_choices(book: MissionBook) -> tuple[tuple[str, str], ...]:
    """(id, name) of every playable mission, grouped by edition, standard first: the
    packaged maps and the user's own, so a mission added in a file appears here."""
    playable = [m for m in book.missions.values() if m.bystanders is not None]
    editions = list(dict.fromkeys(m.edition for m in playable))
    ordered = sorted(playable, key=lambda m: editions.index(m.edition))
    return ((STANDARD, STANDARD), *((m.id, m.name) for m in ordered))


@dataclass
class Settings:
    """Choices for the next game and the table; shared by both seats' menus."""

    mission: str
    bank: int
    ruleset: str
    language: str
    brightness: int

    @classmethod
    def from_config(cls, game: Game) -> Settings:
        return cls(game.mission, game.tokens, game.ruleset, game.language, game.brightness)


@dataclass
class Menu:
    """One seat's open menu: which item is selected, and a choice waiting for a hold."""

    settings: Settings
    missions: tuple[tuple[str, str], ...] = ((STANDARD, STANDARD),)  # (id, name)
    printer: bool = False
    phone: bool = False  # a web server shows seat views: offer this seat's link as a QR
    max_bank: int = 12  # a sensed bank offers no more tokens than it has slots
    index: int = 0
    armed: str | None = None  # a destructive item waiting for its hold
    items: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.items = [
            "new_game",
            "mission",
            "bank",
            "ruleset",
            "language",
            "brightness",
            "legend",
            "show_qr",
        ]
        if self.phone:
            self.items.append("phone_link")
        if self.printer:
            self.items.append("print")
        self.items += ["load_code", "shutdown", "diagnostics"]

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) per item, for the screen."""
        s = self.settings
        names = dict(self.missions)
        values = {
            "mission": names.get(s.mission, s.mission),
            "bank": str(s.bank),
            "ruleset": s.ruleset,
            "language": s.language,
            "brightness": str(s.brightness),
        }
        return [(item, values.get(item, "")) for item in self.items]

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.items)
        self.armed = None

    def press(self) -> Command | str | None:
        """Activate the item: a command for the daemon, the name of a screen the session
        opens (``show_qr``, ``phone_link``, ``load_code``, ``legend``, ``diagnostics``),
        or None."""
        item = self.items[self.index]
        s = self.settings
        if item in DESTRUCTIVE:
            self.armed = item  # the screen now says "hold to confirm"
            return None
        if item == "mission":
            s.mission = _next(tuple(m for m, _ in self.missions), s.mission)
        elif item == "bank":
            s.bank = _next(tuple(b for b in BANKS if b <= self.max_bank) or BANKS[:1], s.bank)
        elif item == "ruleset":
            s.ruleset = _next(RULESETS, s.ruleset)
        elif item == "language":
            s.language = _next(LANGUAGES, s.language)
            return SetLanguage(s.language)
        elif item == "brightness":
            s.brightness = _next(BRIGHTNESS, s.brightness)
            return SetBrightness(s.brightness)
        elif item == "print":
            return PrintSlip()
        elif item in ("show_qr", "phone_link", "load_code", "legend", "diagnostics"):
            return item
        return None

    def hold(self) -> Command | None:
        """Confirm an armed destructive choice."""
        if self.armed is None or self.items[self.index] != self.armed:
            return None
        chosen, self.armed = self.armed, None
        return NewGame() if chosen == "new_game" else PowerOff()


def _next(options: tuple, current):
    return (
        options[(options.index(current) + 1) % len(options)] if current in options else options[0]
    )
