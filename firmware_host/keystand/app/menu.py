"""The seat menu: settings for the next game and table actions.

Back (held) opens it on that seat's display. Turning moves between items, a
press activates or steps the item, back closes. Choices that throw away a game
in progress or stop the device (new game, shut down) ask for a hold of the
push button to confirm. The menu only returns what was chosen; the session and
daemon carry it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..config import BANK_SIZES, Game
from ..i18n import LANGUAGES
from ..rules.missions import Bonus, Mission, MissionBook
from ..rules.setup import RULESETS
from .commands import Command, NewGame, PowerOff, PrintSlip, SetBrightness, SetLanguage
from .solo import LEVELS, PARTNERS

# "+expert": the edition's expert variant (a token fewer in each mission), which
# app/campaign_table.py TableCampaign.create reads.
EDITIONS = ("duet", "coop10", "coop10+expert")
# New team's value: the map a new team plays, which a press steps (a hold names the
# team). Said as a map, never as the bare edition id: "New team  duet" was read as
# a team called duet. Translated by the screen (screens/menu.py NEW_TEAM_WORDS).
EDITION_VALUES = {
    "duet": "Duet map",
    "coop10": "10-token map",
    "coop10+expert": "10-token expert",
}


class Campaigns(Protocol):
    """The teams of the state folder, as the menu offers them (app/campaign_table.py)."""

    def teams(self) -> list[str]: ...

    def suggestion(self) -> str: ...

    def missions(self, team: str) -> tuple[tuple[str, str], ...]: ...

    def bonuses(self, team: str) -> tuple[tuple[str, str], ...]: ...

BANKS = tuple(range(BANK_SIZES[0], BANK_SIZES[1] + 1))
BRIGHTNESS = (32, 96, 160, 255)
DESTRUCTIVE = {"new_game", "shutdown"}
STANDARD = "standard"


def mission_value(mission: Mission, label: str | None = None) -> str:
    """A mission as the Mission item shows it: its name (the screen translates it), a
    tab, then its numbers (``label``, default the map's), with a * when our rulebooks
    do not print one of them (docs/rules.md, "Sources disagree"). The screen clips
    the name, never the numbers."""
    return f"{mission.name}\t{label or mission.label}{'*' if mission.marked else ''}"


def bonus_value(bonus: Bonus) -> str:
    """A bonus as the Bonus item shows it, with a * when our rulebooks do not print
    one of its numbers (its value, its uses)."""
    return bonus.title + ("*" if bonus.unprinted else "")


def mission_choices(book: MissionBook) -> tuple[tuple[str, str], ...]:
    """(id, shown) of every playable mission, grouped by edition, standard first: the
    packaged maps and the user's own, so a mission added in a file appears here."""
    playable = [m for m in book.missions.values() if m.bystanders is not None]
    editions = list(dict.fromkeys(m.edition for m in playable))
    ordered = sorted(playable, key=lambda m: editions.index(m.edition))
    return ((STANDARD, STANDARD), *((m.id, mission_value(m)) for m in ordered))


@dataclass
class Settings:
    """Choices for the next game and the table; shared by both seats' menus."""

    mission: str
    bank: int
    ruleset: str
    language: str
    brightness: int
    team: str | None = None  # the campaign the next game is played for, if any
    bonus: str | None = None  # a bonus the team spends on the next game
    edition: str = "duet"  # a new team's edition
    partner: str = "person"  # the next game's partner: "person", or "ai" (solo mode)
    ai_seat: str = "B"  # the seat the AI takes in solo mode
    level: str = "normal"  # the AI's level (LEVELS), handed to the engine as it is

    @classmethod
    def from_config(cls, game: Game) -> Settings:
        return cls(game.mission, game.tokens, game.ruleset, game.language, game.brightness)


@dataclass
class Menu:
    """One seat's open menu: which item is selected, and a choice waiting for a hold."""

    settings: Settings
    missions: tuple[tuple[str, str], ...] = ((STANDARD, STANDARD),)  # (id, name)
    campaign: Campaigns | None = None  # the state folder's teams, when they can be kept
    printer: bool = False
    phone: bool = False  # a web server shows seat views: offer this seat's link as a QR
    max_bank: int = 12  # a sensed bank offers no more tokens than it has slots
    solo: bool = False  # an AI partner can be loaded: offer solo games
    index: int = 0
    armed: str | None = None  # a destructive item waiting for its hold
    items: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        teams = ["team", "new_team"] if self.campaign is not None else []
        bonus = ["bonus"] if self._bonuses() else []
        solo = ["partner"] if self.solo else []
        if self.solo and self.settings.partner == "ai":
            solo += ["ai_seat", "level"]
        self.items = [
            "new_game",
            *solo,
            *teams,
            "mission",
            *bonus,
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

    def _missions(self) -> tuple[tuple[str, str], ...]:
        """The missions offered: the team's open ones first, else every playable one."""
        team = self.settings.team
        if self.campaign is not None and team is not None:
            return self.campaign.missions(team) or self.missions
        return self.missions

    def _bonuses(self) -> tuple[tuple[str, str], ...]:
        team = self.settings.team
        if self.campaign is None or team is None:
            return ()
        return self.campaign.bonuses(team)

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) per item, for the screen."""
        s = self.settings
        names = dict(self._missions())
        values = {
            "team": s.team or "-",
            "new_team": EDITION_VALUES.get(s.edition, s.edition),
            "bonus": dict(self._bonuses()).get(s.bonus or "", "-"),
            "mission": names.get(s.mission, dict(self.missions).get(s.mission, s.mission)),
            "bank": str(s.bank),
            "ruleset": s.ruleset,
            "language": s.language,
            "brightness": str(s.brightness),
            "partner": "AI" if s.partner == "ai" else "person",
            "ai_seat": s.ai_seat,
            "level": s.level,
        }
        return [(item, values.get(item, "")) for item in self.items]

    def turn(self, step: int) -> None:
        # The list stops at its ends: a turn the wrong way from "New game" must not
        # come round to the last item (Diagnostics), which reads as a fault.
        self.index = min(max(self.index + step, 0), len(self.items) - 1)
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
        if item == "team":
            assert self.campaign is not None
            s.team = _next((None, *self.campaign.teams()), s.team)
            s.bonus = None
            s.mission = self._missions()[0][0]  # the team's first open mission
            self.__post_init__()  # its bonuses change the items
            self.index = self.items.index("team")
        elif item == "partner":
            s.partner = _next(PARTNERS, s.partner)
            self.__post_init__()  # the AI's seat and level show for an AI partner
            self.index = self.items.index("partner")
        elif item == "ai_seat":
            s.ai_seat = _next(("A", "B"), s.ai_seat)
        elif item == "level":
            s.level = _next(LEVELS, s.level)
        elif item == "new_team":
            s.edition = _next(EDITIONS, s.edition)  # a hold names the team
        elif item == "bonus":
            s.bonus = _next((None, *(b for b, _ in self._bonuses())), s.bonus)
        elif item == "mission":
            s.mission = _next(tuple(m for m, _ in self._missions()), s.mission)
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

    def hold(self) -> Command | str | None:
        """Confirm an armed destructive choice, or name a new team."""
        if self.items[self.index] == "new_team":
            return "name_team"
        if self.armed is None or self.items[self.index] != self.armed:
            return None
        chosen, self.armed = self.armed, None
        return NewGame() if chosen == "new_game" else PowerOff()


def _next(options: tuple, current):
    return (
        options[(options.index(current) + 1) % len(options)] if current in options else options[0]
    )
