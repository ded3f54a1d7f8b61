"""The actions players take and the events the engine answers with."""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Seat
from .status import Outcome, Reason


@dataclass(frozen=True, slots=True)
class Clue:
    seat: Seat  # the clue giver
    number: int
    word: str | None = None


@dataclass(frozen=True, slots=True)
class Guess:
    seat: Seat  # the guesser: the seat that touched the card
    cell: int  # index in A's frame, 0..24


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
    number: int
    word: str | None


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
    why: str  # "bystander" | "pass" | "penalty" | "win" | "cap"


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
    | AgentFound
    | BystanderHit
    | AssassinHit
    | TokensTaken
    | TurnEnded
    | NothingLeftToGuess
    | SuddenDeath
    | GameOver
)
