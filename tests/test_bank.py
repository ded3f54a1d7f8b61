"""The time bank: debounce against chatter, and the session's token bookkeeping."""

from hypothesis import given
from hypothesis import strategies as st

from helpers import KEY
from keystand.app.debounce import SlotFilter
from keystand.app.session import Session
from keystand.events import SlotState
from keystand.rules.game import new_game
from keystand.rules.keycode import decode
from keystand.rules.setup import Rules

IN, OUT = SlotState.TOKEN, SlotState.EMPTY


def test_a_bounce_train_settles_into_one_change():
    f = SlotFilter([IN, IN, IN], debounce=0.03)
    t = 0.0
    for k in range(8):  # 8 edges, 2 ms apart: a reed switch letting go
        f.edge(0, IN if k % 2 == 0 else OUT, t)
        t += 0.002
    assert f.tick(t) == []  # still chattering
    assert f.tick(t + 0.01) == []
    assert f.tick(t + 0.031) == [(0, OUT)]
    assert f.tick(t + 1) == [] and not f.pending


@given(st.lists(st.floats(0.0001, 0.029), min_size=1, max_size=20))
def test_noise_shorter_than_the_debounce_is_never_reported(gaps):
    f = SlotFilter([IN], debounce=0.03)
    t = 0.0
    for n, gap in enumerate(gaps):
        f.edge(0, IN if n % 2 == 1 else OUT, t)  # even: away, odd: back
        t += gap
        assert f.tick(t) == []
    if len(gaps) % 2 == 0:  # ended back where it started: nothing happened
        assert f.tick(t + 1) == []
        assert f.stable == [IN]


def _session(tokens=9):
    journal = []
    s = Session(
        new_game(decode(KEY), Rules(tokens=tokens, bystander_tokens=tokens)),
        lambda a, st_: journal.append(a),
        sensed_bank=True,
    )
    s.bank(tokens)
    return s, journal


def test_taking_a_token_after_a_correct_guess_is_the_pass():
    s, journal = _session()
    s.cursor["B"] = 24 - 1  # B's cursor on b1 (seat B sees A's cell 1 at its 23)
    s.control("B", "press")  # A said a clue; B guesses b1: green for A
    assert s.state.agents_found == 1 and s.state.giver == "A" and len(journal) == 2
    s.bank(8)  # B takes a token from the bank
    assert s.state.phase == "clue" and s.state.tokens_left == 8 and s.state.passes == 1
    assert type(journal[-1]).__name__ == "Pass"
    assert all(m is None for m in s.messages.values()) and s.tokens_owed == 0


def test_after_a_bystander_the_token_leaving_is_the_mark():
    s, journal = _session()
    s.cursor["B"] = 24 - 3  # d1: tan for A
    s.control("B", "press")
    assert s.state.tokens_left == 8 and s.tokens_owed == 1
    assert s.messages["A"].kind == "take" and s.messages["B"].kind == "take"
    # one token, bystander side up, to mark the word; a plain game: no side to say
    assert s.messages["A"].args == (1, "bystander", "bystander", False)
    s.control("A", "right")  # a touch does not clear what the table still owes
    assert s.messages["A"].kind == "take"
    s.bank(8)  # the giver takes the token to mark the word: the prompt goes at once
    assert s.tokens_owed == 0 and s.state.tokens_left == 8 and len(journal) == 2
    assert s.messages == {"A": None, "B": None}


def test_unexpected_tokens_are_shown_never_absorbed():
    s, journal = _session()
    s.bank(8)  # taken during the clue phase: nobody's turn is ending
    assert s.state.tokens_left == 9 and len(journal) == 0
    assert s.messages["A"].kind == "missing" and s.messages["A"].args == (1, "")
    s.bank(9)  # put back: all is well again
    assert s.messages["A"] is None
    s.bank(10)  # one too many
    assert s.messages["B"].kind == "extra" and s.messages["B"].args == (1,)


def test_without_sensors_the_back_button_passes():
    journal = []
    s = Session(new_game(decode(KEY), Rules()), lambda a, st_: journal.append(a))
    s.cursor["B"] = 23
    s.control("B", "press")
    s.control("B", "back")
    assert s.state.passes == 1 and s.state.tokens_left == 8
