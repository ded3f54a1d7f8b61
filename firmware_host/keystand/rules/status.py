"""Where a game stands: its phase, its outcome and why it ended.

String-valued enums, so a state's JSON (``keystand play``, the journal, the
simulator) keeps the plain words it always had.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    CLUE = "clue"  # a clue is due
    GUESSING = "guessing"  # the guesser touches words
    SUDDEN_DEATH = "sudden_death"  # no time left: guesses without clues
    OVER = "over"


class Outcome(StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Reason(StrEnum):
    """Why a game was lost."""

    ASSASSIN = "assassin"
    SUDDEN_DEATH = "sudden_death"  # a bystander in sudden death
    OUT_OF_TOKENS = "out_of_tokens"  # a mistake the bank could not pay for
