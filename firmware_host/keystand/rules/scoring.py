"""Scores of a finished game, per ruleset.

duet (the rulebook): 3 per token left in the bank, 1 per token taken to end a turn
after a correct guess, -1 if sudden death was needed; only a won game scores.
paper (the play-by-paper books): +2 per agent found, +10 per unused turn, -5 per
mistake, -10 for sudden death; a game ended by an assassin scores -10 for each
unused turn, mistake and agent not found.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .setup import AGENTS
from .status import Outcome, Phase, Reason

if TYPE_CHECKING:
    from .game import GameState


def score_parts(state: GameState) -> tuple[tuple[str, int, int], ...] | None:
    """What a finished game's score counts: (part, points, how many of it) a part,
    or None while playing (and for a lost duet game)."""
    if state.phase != Phase.OVER:
        return None
    sd = int(state.went_to_sudden_death)
    counts: tuple[tuple[str, int, int], ...]  # (part, how many, points each)
    if state.rules.ruleset == "duet":
        if state.outcome != Outcome.WON:
            return None
        counts = (
            ("tokens_left", state.tokens_left, 3),
            ("turns_ended", state.passes, 1),
            ("sudden_death", sd, -1),
        )
    elif state.reason == Reason.ASSASSIN:
        counts = (
            ("unused_turns", state.tokens_left, -10),
            ("mistakes", state.mistakes, -10),
            ("agents_not_found", AGENTS - state.agents_found, -10),
        )
    else:
        counts = (
            ("agents_found", state.agents_found, 2),
            ("unused_turns", state.tokens_left, 10),
            ("mistakes", state.mistakes, -5),
            ("sudden_death", sd, -10),
        )
    return tuple((part, n * each, n) for part, n, each in counts)


def score_breakdown(state: GameState) -> dict | None:
    """How the score is made up, or None while playing (and for a lost duet game)."""
    parts = score_parts(state)
    if parts is None:
        return None
    points = {part: value for part, value, _n in parts}
    return {"ruleset": state.rules.ruleset, **points, "total": sum(points.values())}
