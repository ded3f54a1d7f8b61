"""The actions players take and the events the engine answers with."""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Seat
from .status import Outcome, Reason


@dataclass(frozen=True, slots=True)
class Clue:
    """A clue. The optional fields spend the 10-token edition's bonuses (see
    docs/rules.md): ``two_words`` a two-word clue (London); ``second_number`` and
    ``second_word`` a second clue given at once (the Great Hall box's reward);
    ``mark`` a cell the giver first marks as a bystander with one more token
    (Hogsmeade)."""

    seat: Seat  # the clue giver
    number: int | None  # None: said aloud, not recorded (the duet ruleset never needs it)
    word: str | None = None
    two_words: bool = False
    second_number: int | None = None
    second_word: str | None = None
    mark: int | None = None


@dataclass(frozen=True, slots=True)
class Guess:
    """A guess. ``also``: the guesser touched this cell too, and the partner chose
    ``cell`` to count (Hogwarts' bonus)."""

    seat: Seat  # the guesser: the seat that touched the card
    cell: int  # index in A's frame, 0..24
    also: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    seat: Seat  # the guesser, ending the turn by taking a token


@dataclass(frozen=True, slots=True)
class Penalty:
    """An invalid clue: discard one token from the bank."""


Action = Clue | Guess | Pass | Penalty


# Events: what happened, for displays, journals and scripts. Token sides matter at
# the table: "bystander" tokens mark a wrong guess, "checkmark" ones end a turn.


@dataclass(frozen=True, slots=True)
class ClueGiven:
    giver: Seat
    number: int | None
    word: str | None
    second_number: int | None = None  # two clues at once
    second_word: str | None = None


@dataclass(frozen=True, slots=True)
class BonusUsed:
    """One use of a bonus action (an ``ACTION_EFFECTS`` name) by ``seat``."""

    effect: str
    seat: Seat


@dataclass(frozen=True, slots=True)
class OfficialMarked:
    """Before a clue, the giver marked a cell that is a bystander on its side."""

    cell: int
    giver: Seat


@dataclass(frozen=True, slots=True)
class TouchedTwo:
    """The guesser touched two cells; the partner chose ``counted``."""

    guesser: Seat
    counted: int
    other: int


@dataclass(frozen=True, slots=True)
class AgentFound:
    cell: int
    guesser: Seat


@dataclass(frozen=True, slots=True)
class BystanderHit:
    cell: int
    guesser: Seat
    covered: bool  # marked from both directions now
    ignored: bool = False  # a one-time bonus absorbed it


@dataclass(frozen=True, slots=True)
class AssassinHit:
    cell: int
    guesser: Seat


@dataclass(frozen=True, slots=True)
class TokensTaken:
    """Tokens leave the bank. ``side`` is the side they were up in the bank."""

    count: int
    side: str  # "bystander" | "checkmark"
    why: str  # "bystander" | "pass" | "penalty" | "win" | "cap" | "turn" | "mark"


@dataclass(frozen=True, slots=True)
class TurnEnded:
    giver: Seat


@dataclass(frozen=True, slots=True)
class NothingLeftToGuess:
    seat: Seat  # this seat has no words left to guess; its partner gives every clue


@dataclass(frozen=True, slots=True)
class SuddenDeath:
    pass


@dataclass(frozen=True, slots=True)
class GameOver:
    outcome: Outcome
    reason: Reason | None
    score: int | None


Event = (
    ClueGiven
    | BonusUsed
    | OfficialMarked
    | TouchedTwo
    | AgentFound
    | BystanderHit
    | AssassinHit
    | TokensTaken
    | TurnEnded
    | NothingLeftToGuess
    | SuddenDeath
    | GameOver
)
