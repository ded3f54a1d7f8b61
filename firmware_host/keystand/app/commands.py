"""What the session asks the daemon to do: typed commands, carried out by the loop.

The session decides (a press on "New game", a scan confirmed); the daemon owns
what the session cannot: the journal, the hardware, the language of the screens.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.gamecode import GameCode


@dataclass(frozen=True, slots=True)
class NewGame:
    """Start the next game with the menu's settings."""


@dataclass(frozen=True, slots=True)
class LoadGame:
    """Start the game a scanned or dialled code holds."""

    code: GameCode


@dataclass(frozen=True, slots=True)
class PrintSlip:
    """Print a slip of the game in play."""


@dataclass(frozen=True, slots=True)
class SetLanguage:
    language: str


@dataclass(frozen=True, slots=True)
class SetBrightness:
    level: int


@dataclass(frozen=True, slots=True)
class CreateTeam:
    """A new campaign team, named at the table; the next games are played for it."""

    name: str
    edition: str


@dataclass(frozen=True, slots=True)
class PowerOff:
    """Shut the device down (confirmed in the menu)."""


Command = NewGame | LoadGame | PrintSlip | SetLanguage | SetBrightness | CreateTeam | PowerOff
