"""After the game a seat may turn to its partner's key; never before."""

import pytest

from helpers import EXAMPLE_LAYOUT, cells_with, play
from keystand.app.session import Session
from keystand.app.views import seat_view
from keystand.rules.layout import turned
from keystand.rules.setup import Rules
from keystand.screens.key import status_lines
from keystand.screens.render import render


def _lost_game():
    assassin = cells_with(EXAMPLE_LAYOUT, "BT")[0]  # black for A: B's guess there loses
    state, _ = play(EXAMPLE_LAYOUT, Rules(), f"clue A 1; guess B {assassin}")
    assert state.phase == "over"
    return Session(state, lambda a, s: None)


def test_a_turn_after_the_game_shows_the_partners_key_in_this_seats_order():
    s = _lost_game()
    before = s.views()["A"]
    assert before.side == turned(EXAMPLE_LAYOUT.side("A"), "A")
    s.control("A", "right")
    after = s.views()
    assert after["A"].debrief and after["A"].side == turned(EXAMPLE_LAYOUT.side("B"), "A")
    assert not after["B"].debrief  # each seat turns for itself
    assert "Partner's key" in status_lines(after["A"])
    assert render(after["A"]).tobytes() != render(before).tobytes()
    s.control("A", "left")
    assert s.views()["A"] == before


def test_during_play_no_turn_of_the_encoder_shows_the_other_side():
    state, _ = play(EXAMPLE_LAYOUT, Rules(), "clue A 1")
    s = Session(state, lambda a, s: None)
    for kind in ("right", "left", "right", "hold", "hold", "back"):
        for seat in ("A", "B"):
            s.control(seat, kind)
            for view in s.views().values():
                assert view.side == turned(EXAMPLE_LAYOUT.side(view.seat), view.seat)
                assert not view.debrief
    with pytest.raises(ValueError, match="only after the game"):
        seat_view(state, "A", debrief=True)
