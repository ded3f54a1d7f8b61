"""Solo games at pin level with the real AI partner (keystand.partner, English)
behind app/ai_partner.py: the engine, the adapter and the table together.

The scripted human in seat A knows the key (the test does), so it can find the
AI's agents itself and, when it gives, pick a clue word the engine's own guesser
ranks first for the card it means: what a player who has learnt the AI's mind
would do. The AI in seat B still only ever sees its own side.
"""

from __future__ import annotations

import pytest

from helpers import LAYOUT, settings, start_device
from keystand.app.ai_partner import load_partner
from keystand.app.solo import ClueRefused
from test_solo_table import A_GREENS, B_GREENS, Human

pytest.importorskip("keystand.partner")


def _clue_for(solo, state, cell: int) -> str:
    """A clue word of the AI's vocabulary, dialable on the encoder (A to Z), that
    the table takes and that makes the AI touch ``cell`` first."""
    partner, know = solo.partner, solo.know(state)
    visible = solo.visible(state)
    for word in partner.engine.clues:
        if not word.isascii() or not word.isalpha() or len(word) > 8:
            continue
        try:
            partner.check_clue(solo.board, word, visible)
        except ClueRefused:
            continue
        if partner.guesses(solo.board, know, word, 1, solo.history)[:1] == [cell]:
            return word.upper()
    raise AssertionError(f"no clue word leads the AI to cell {cell}")


@pytest.fixture
def human(tmp_path):
    device = start_device(
        tmp_path, settings=settings(partner="ai", ai_seat="B"), partner=load_partner
    )
    yield Human(device)
    device.stop()


def _ai_clue(human: Human) -> tuple[str, int]:
    line = next(x for x in human.lines() if x.startswith("AI: "))
    word, number = line[4:].rsplit(" ", 1)
    return word, int(number)


def test_a_solo_game_with_the_real_partner_through_to_a_win(human):
    d = human.device.daemon
    solo = d.session.solo
    assert solo is not None and solo.ai == "B"
    word, number = _ai_clue(human)  # the engine's own clue, on the human's screen
    given = solo.ai_clue(d.state)
    assert given is not None and word == given.word.upper() and number == given.number
    assert set(given.targets) <= set(B_GREENS)  # it means its own agents only
    for cell in B_GREENS:  # the human finds every agent on the AI's side
        human.guess(cell)
    human.do("bank take 9")
    tokens = 8
    while d.state.phase != "over":
        assert d.state.phase == "clue" and d.state.can_give_clue("A"), human.lines()
        target = next(c for c in A_GREENS if d.state.agents[c] is None)
        human.dial(_clue_for(solo, d.state, target), 1)
        assert human.confirm_touch() == solo.words[target].upper()
        if d.state.phase != "over":  # one agent found: the AI stops, a token ends the turn
            human.do(f"bank take {tokens}")
            tokens -= 1
    assert d.state.outcome == "won" and human.lines()[0].startswith("Won! Score")
    human.do("A right")  # the debrief: what the AI meant by its clue
    said = " ".join(human.lines())
    assert "What the AI meant" in said
    assert all(solo.words[c].upper() in said.upper() for c in given.targets[:1])


def test_a_solo_game_lost_when_the_ai_touches_the_humans_assassin(human):
    d = human.device.daemon
    solo = d.session.solo
    human.guess(B_GREENS[0])  # one agent of the AI's, then the turn ends
    human.do("bank take 9")
    assassins = [c for c in range(25) if LAYOUT.side("A")[c] == "B" and d.state.agents[c] is None]
    # A card the human's key calls the assassin and the AI's key does not: only
    # there can the AI be led astray (it never touches its own side's assassin).
    led = next(c for c in assassins if LAYOUT.side("B")[c] != "B")
    human.dial(_clue_for(solo, d.state, led), 1)
    assert "The assassin:" in human.lines()
    human.confirm_touch()
    assert d.state.outcome == "lost" and d.state.reason == "assassin"
    assert "Lost:" in human.lines()


def test_a_word_on_the_table_is_refused_with_why_and_costs_nothing(human):
    d = human.device.daemon
    solo = d.session.solo
    human.guess(B_GREENS[0])
    human.do("bank take 9")
    tokens, seq = d.state.tokens_left, human.dump()["seq"]
    on_table = next(w for w in solo.visible(d.state) if w.isalpha() and len(w) <= 6)
    human.do("A press")
    for ch in on_table.upper():
        entry = d.session.clue_entry
        target = next(i for i, it in enumerate(entry.items()) if it.text == ch)
        human.do(*(["A right"] * ((target - entry.index) % len(entry.items()))), "A press")
    human.do("A hold")
    assert human.lines()[0].startswith("No: "), human.lines()
    assert d.state.tokens_left == tokens and human.dump()["seq"] == seq


def test_a_clue_for_zero_keeps_the_ai_off_the_cards_the_word_fits(human):
    d = human.device.daemon
    solo = d.session.solo
    assert solo is not None
    know, visible = solo.know(d.state), solo.visible(d.state)
    partner = solo.partner
    words = [w for w in partner.engine.clues[:400] if w.isalpha()]
    checked = 0
    for word in words:
        try:
            partner.check_clue(solo.board, word, visible)
        except ClueRefused:
            continue
        nearest = partner.guesses(solo.board, know, word, 3, ())  # what "WORD 3" touches
        touch = partner.guesses(solo.board, know, word, 0, ())  # "none of mine are these"
        assert len(touch) == 1 and touch[0] not in nearest, (word, touch, nearest)
        checked += 1
        if checked == 20:
            break
    assert checked == 20
