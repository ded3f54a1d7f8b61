"""Small builders for game tests."""

from __future__ import annotations

from keystand.rules.actions import Clue, Guess, Pass, Penalty
from keystand.rules.game import GameState, apply, new_game
from keystand.rules.layout import Layout, cell_index
from keystand.rules.setup import Rules


def play(layout: Layout, rules: Rules, script: str) -> tuple[GameState, list]:
    """Apply a compact script ('clue A 2; guess B a1; pass B; penalty')."""
    state = new_game(layout, rules)
    events: list = []
    for step in filter(None, (s.strip() for s in script.split(";"))):
        verb, *args = step.split()
        if verb == "clue":
            action = Clue(args[0], int(args[1]))
        elif verb == "guess":
            action = Guess(args[0], cell_index(args[1]))
        elif verb == "pass":
            action = Pass(args[0])
        else:
            action = Penalty()
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def cells_with(layout: Layout, pair: str) -> list[str]:
    from keystand.rules.layout import cell_name

    return [cell_name(i) for i, p in enumerate(layout.pairs) if p == pair]
