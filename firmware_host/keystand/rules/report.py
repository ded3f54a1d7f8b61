"""A game state as the plain dict ``keystand play`` prints as JSON."""

from __future__ import annotations

from .game import GameState
from .layout import cell_name
from .rating import ratings
from .scoring import score_breakdown
from .setup import ACTION_EFFECTS


def summary(state: GameState) -> dict:
    return {
        "outcome": state.outcome,
        "reason": state.reason,
        "phase": state.phase,
        "tokens_left": state.tokens_left,
        "bystander_tokens_left": state.bystander_left,
        "agents_found": state.agents_found,
        "greens_left": {"A": state.greens_left("A"), "B": state.greens_left("B")},
        "mistakes": state.mistakes,
        "score": state.score,
        "score_breakdown": score_breakdown(state),
        "ratings": ratings(state.rules, state.outcome, state.score),
        "ruleset": state.rules.ruleset,
        "mission": state.rules.label,
        "mission_name": state.rules.mission,
        "turns": state.turns,
        "giver": state.giver,
        "guesser": state.guesser,
        "clue": _clue(state),
        "bonuses_left": {
            effect: state.bonus_left(effect)
            for effect in ACTION_EFFECTS
            if getattr(state.rules, effect)
        },
        "agents": {cell_name(i): s for i, s in enumerate(state.agents) if s},
        "bystander_marks": {
            cell_name(i): list(state.bystander_guessers(i)) for i in range(25) if state.marks[i]
        },
    }


def _clue(state: GameState) -> dict | None:
    if not state.giver:
        return None
    clue: dict = {"number": state.clue_number, "word": state.clue_word}
    if state.second_number is not None:
        clue["second"] = {"number": state.second_number, "word": state.second_word}
    return clue
