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


def score_breakdown(state: GameState) -> dict | None:
    """How the score is made up, or None while playing (and for a lost duet game)."""
    if state.phase != Phase.OVER:
        return None
    sd = state.went_to_sudden_death
    if state.rules.ruleset == "duet":
        if state.outcome != Outcome.WON:
            return None
        parts = {
            "tokens_left": 3 * state.tokens_left,
            "turns_ended": state.passes,
            "sudden_death": -1 if sd else 0,
        }
    elif state.reason == Reason.ASSASSIN:
        parts = {
            "unused_turns": -10 * state.tokens_left,
            "mistakes": -10 * state.mistakes,
            "agents_not_found": -10 * (AGENTS - state.agents_found),
        }
    else:
        parts = {
            "agents_found": 2 * state.agents_found,
            "unused_turns": 10 * state.tokens_left,
            "mistakes": -5 * state.mistakes,
            "sudden_death": -10 if sd else 0,
        }
    return {"ruleset": state.rules.ruleset, **parts, "total": sum(parts.values())}
