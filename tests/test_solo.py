"""Solo mode at the session: the AI in seat B, a human in seat A, the AI played by
the deterministic test partner (tests/solo_double.py) through app/solo.py's
protocol.

helpers.KEY in A's frame: A's greens are 1 2 4 6 9 15 17 19 24, B's are
1 6 8 11 14 16 18 19 22; 5 7 10 12 13 20 23 are bystanders on both sides; 0 is
an assassin on both.
"""

from __future__ import annotations

import pytest

from helpers import LAYOUT
from keystand.app.menu import Menu
from keystand.app.session import Session
from keystand.app.solo import SoloGame
from keystand.books.words import deal, load
from keystand.rules.game import new_game
from keystand.rules.layout import seat_index, turned
from keystand.rules.ranking import rank
from keystand.rules.setup import Rules
from keystand.screens import fonts, text
from keystand.screens.key import text_layout
from keystand.screens.panel import COLOUR_SIDE_ROOM
from keystand.screens.render import render, screen_lines
from solo_double import TablePartner

A_GREENS = [1, 2, 4, 6, 9, 15, 17, 19, 24]
B_GREENS = [1, 6, 8, 11, 14, 16, 18, 19, 22]
WORDS = deal(load("en"), rank(LAYOUT))


def words(cells):
    return [WORDS[c] for c in cells]


def associations(**extra):
    """The AI's own clue for all of B's agents; the human's clue for A's others."""
    table = {
        "SPIES": words(B_GREENS),
        "MINE": words([c for c in A_GREENS if c not in B_GREENS]),
    }
    table.update({k: words(v) for k, v in extra.items()})
    return table


def solo_session(partner=None, sensed=False, rules=None):
    partner = partner or TablePartner(associations())
    state = new_game(LAYOUT, rules or Rules())
    game = SoloGame(partner, WORDS, "B", "en", rank(LAYOUT))
    played = []
    s = Session(state, lambda a, st: played.append(a), sensed_bank=sensed, solo=game)
    return s, partner, played


def aim(s, cell, seat="A"):
    s.cursor[seat] = seat_index(cell, seat)


def dial(s, word):
    """Dial ``word`` on A's clue entry, letter by letter, and offer it with a hold."""
    entry = s.clue_entry
    assert entry is not None
    for ch in word:
        items = entry.items()
        target = next(i for i, it in enumerate(items) if it.kind == "letter" and it.text == ch)
        while entry.index != target:
            s.control("A", "right")
        s.control("A", "press")
    s.control("A", "hold")


def test_the_ais_clue_shows_on_the_humans_screen_and_the_first_press_records_it():
    s, _, played = solo_session()
    lines = screen_lines(s.views()["A"])
    assert "AI: SPIES 9" in lines
    aim(s, 8)
    s.control("A", "press")
    assert [type(a).__name__ for a in played] == ["Clue", "Guess"]
    clue = played[0]
    assert (clue.seat, clue.number, clue.word) == ("B", 9, "SPIES")
    assert s.state.agents[8] == "A"
    assert "AI: SPIES 9" in screen_lines(s.views()["A"])  # still there while guessing


def test_the_ai_seat_shows_the_clue_its_partner_is_reading_before_the_first_press():
    s, _, _ = solo_session()
    assert "AI: SPIES 9" in screen_lines(s.views()["A"])
    assert screen_lines(s.views()["B"])[1:] == ["Its clues:", "SPIES 9"]  # not "No clue yet"
    aim(s, 8)
    s.control("A", "press")  # recorded: listed once, not twice
    assert screen_lines(s.views()["B"])[1:] == ["Its clues:", "SPIES 9"]


def test_a_long_clue_word_gets_a_line_of_its_own_and_is_not_cut():
    long_word = "MOOTTORITIE"  # a Finnish compound: "AI: MOOTT… 9" told the player nothing
    s, _, _ = solo_session(TablePartner({long_word: words(B_GREENS)}))
    lines = screen_lines(s.views()["A"])
    assert lines[1:3] == ["AI:", "MOOTTORITIE 9"]  # the mono column: under "AI:"
    assert not any("…" in line for line in lines)
    # The colour panel's full width below the key holds it on one line.
    beside, below = text_layout(s.views()["A"], 128, 128)
    assert beside == ["Tokens 9"] and below[0] == "AI: MOOTTORITIE 9"
    assert all(fonts.width(line) <= COLOUR_SIDE_ROOM for line in beside)
    text.use("fi")
    try:
        lines = screen_lines(s.views()["A"])
        assert lines[1:3] == ["Kone:", "MOOTTORITIE 9"]
    finally:
        text.use("en")


def test_the_ai_only_ever_learns_its_own_side_and_the_public_table():
    s, partner, _ = solo_session()
    aim(s, 12)  # a bystander: the turn ends, the human gives next
    s.control("A", "press")
    s.control("A", "press")
    dial(s, "MINE")
    s.control("A", "press")
    knows = [k for kind, k in partner.calls if kind in ("clue", "guesses")]
    assert knows and all(k.side == LAYOUT.side("B") and k.seat == "B" for k in knows)
    assert knows[-1].bystanders[12] == ("A",)


def test_a_refused_clue_word_says_why_and_costs_nothing():
    s, _, played = solo_session()
    aim(s, 12)
    s.control("A", "press")  # the AI's clue, a bystander: the human's turn to give
    tokens = s.state.tokens_left
    s.control("A", "press")  # opens the clue entry
    dial(s, "ZZ")
    lines = screen_lines(s.views()["A"])
    assert lines[0] == "No: not a word I know"
    assert lines[3] == "Clues are nouns"  # what to do instead, under the letters
    assert s.clue_entry is not None and s.state.tokens_left == tokens
    board_word = WORDS[2]
    assert s.offer_clue(board_word) == "same_word"
    assert s.state.tokens_left == tokens and len(played) == 2


def test_completions_after_two_letters_and_a_press_takes_one():
    s, _, _ = solo_session()
    aim(s, 12)
    s.control("A", "press")
    s.control("A", "press")
    entry = s.clue_entry
    assert entry is not None and entry.completions == []
    for ch in "MI":
        target = next(i for i, it in enumerate(entry.items()) if it.text == ch)
        while entry.index != target:
            s.control("A", "left")
        s.control("A", "press")
    view = s.views()["A"].word_entry
    assert view is not None and view.words == ("MINE",)
    while entry.item.kind != "word":
        s.control("A", "right")
    s.control("A", "press")  # takes the completion as the clue
    assert s.clue_entry is None and s.solo.word == "MINE"
    assert "You: MINE" in screen_lines(s.views()["A"])


def test_the_ais_touches_show_one_at_a_time_and_each_waits_for_a_press():
    s, _, played = solo_session(TablePartner(associations(MIXED=[2, 5, 4])))
    aim(s, 12)
    s.control("A", "press")
    s.control("A", "press")
    dial(s, "MIXED")
    s.control("A", "right")  # number 2
    s.control("A", "press")
    assert played[-1].word == "MIXED" and played[-1].number == 2
    view = s.views()["A"]
    lines = screen_lines(view)
    assert lines[lines.index("AI touches:") + 1] == WORDS[2].upper()
    assert "Cover it with" in lines
    assert view.cursor == seat_index(2, "A")  # the card it touches, framed on the key
    s.control("A", "right")  # the knob does not move the AI's choice
    assert s.state.agents[2] is None
    s.control("A", "press")
    assert s.state.agents[2] == "B"
    lines = screen_lines(s.views()["A"])
    assert WORDS[5].upper() in lines and lines[-3:] == ["A bystander:", "press, then", "mark it"]
    assert not any("token" in line for line in lines)  # the token is said once, below
    s.control("A", "press")  # a bystander: the AI's turn ends
    assert s.state.bystander_guessers(5) == ("B",)
    lines = screen_lines(s.views()["A"])
    assert [line for line in lines if "token" in line] == ["with 1 token"]  # said once
    assert s.state.phase == "clue" and s.state.agents[4] is None
    # What the AI is told of this clue next time: one of its two agents unfound.
    assert s.solo.history == [("MIXED", 1)]


def test_the_ai_stops_when_its_list_ends_and_the_human_ends_its_turn():
    s, _, played = solo_session(TablePartner(associations(ONE=[2])))
    aim(s, 12)
    s.control("A", "press")
    s.control("A", "press")
    dial(s, "ONE")
    s.control("A", "press")
    s.control("A", "press")  # the AI touches the one word it meant
    assert "The AI stops:" in screen_lines(s.views()["A"])
    s.control("A", "press")
    assert type(played[-1]).__name__ == "Pass" and played[-1].seat == "B"


def test_with_a_sensed_bank_the_ais_turn_ends_with_a_token_taken():
    s, _, played = solo_session(TablePartner(associations(ONE=[2])), sensed=True)
    s.bank(9)
    aim(s, 12)
    s.control("A", "press")  # bystander: a token is owed
    s.bank(8)
    s.control("A", "press")
    dial(s, "ONE")
    s.control("A", "press")
    s.control("A", "press")
    lines = screen_lines(s.views()["A"])
    assert "take a token" in lines
    s.control("A", "press")
    assert type(played[-1]).__name__ == "Guess"  # a press is not the token
    s.bank(7)
    assert type(played[-1]).__name__ == "Pass" and played[-1].seat == "B"


def test_in_sudden_death_the_ai_touches_in_its_turn():
    rules = Rules(tokens=9, bystander_tokens=9)
    s, _, played = solo_session(rules=rules)
    from dataclasses import replace

    s.state = replace(s.state, phase="sudden_death", tokens_left=0)
    assert s.views()["A"].hint == "sudden"
    aim(s, 8)
    s.control("A", "press")  # the human guesses first (an agent on the AI's side)
    assert s.state.agents[8] == "A"
    lines = screen_lines(s.views()["A"])
    assert "AI touches:" in lines
    cell = s.solo.touch(s.state)
    s.control("A", "press")
    assert played[-1].seat == "B" and played[-1].cell == cell


def test_the_debrief_says_what_the_ai_meant_and_never_shows_its_key():
    s, _, _ = solo_session()
    aim(s, 0)  # the assassin
    s.control("A", "press")
    assert s.state.phase == "over"
    views = s.views()
    assert views["A"].side == turned(LAYOUT.side("A"), "A")
    s.control("A", "right")
    view = s.views()["A"]
    assert view.panel is not None and not view.debrief
    lines = screen_lines(view)
    assert lines[0] == "What the AI meant 1/1"
    said = " ".join(lines[1:])
    assert said.startswith("SPIES 9:") and all(w.upper() in said for w in words(B_GREENS))
    s.control("A", "right")
    assert s.views()["A"].panel is None  # back to the own key
    assert s.views()["A"].side == turned(LAYOUT.side("A"), "A")


def test_no_view_of_a_whole_solo_game_holds_the_ais_side():
    s, _, _ = solo_session(TablePartner(associations(MIXED=[2, 12])))
    seen = []

    def look():
        for view in s.views().values():
            seen.append(view)

    script = [("press", 8)]  # the AI's clue: found
    script += [("press", c) for c in B_GREENS if c != 8]
    for control, cell in script:
        aim(s, cell)
        s.control("A", control)
        look()
        for extra in ("right", "left", "hold", "hold", "back_hold", "back_hold"):
            s.control("A", extra)
            s.control("B", extra)
            look()
    s.control("A", "back")  # the human ends the turn (no sensed bank)
    look()
    s.control("A", "press")
    dial(s, "MIXED")
    look()
    for _ in range(3):  # the number, then its two touches
        s.control("A", "press")
        look()
    s.control("A", "press")
    dial(s, "MINE")
    for _ in range(4):
        s.control("A", "right")  # number 5: A's agents left
    s.control("A", "press")
    while s.state.phase != "over":
        s.control("A", "press")
        look()
    for extra in ("right", "right", "right", "hold"):
        s.control("A", extra)
        s.control("B", extra)
        look()
    assert s.state.outcome == "won"
    ai_side = turned(LAYOUT.side("B"), "B")
    for view in seen:
        if view.seat == "B":
            assert view.side == "-" * 25 and view.cursor is None and view.qr is None
            if view.panel is not None and s.state.phase != "over":
                assert all(not targets for _w, _n, targets in view.panel.clues)
        else:
            assert view.side == turned(LAYOUT.side("A"), "A") and not view.debrief
            assert view.side != turned(ai_side, "A")
        render(view)  # every one of them draws
    # The AI's own seat shows its clues, never a key, even during play.
    assert any(v.seat == "B" and v.panel and v.panel.clues for v in seen)


def test_the_menu_offers_solo_settings_only_with_a_partner():
    from helpers import settings

    s = settings()
    assert "partner" not in Menu(s).items
    m = Menu(s, solo=True)
    m.index = m.items.index("partner")
    m.press()
    assert s.partner == "ai" and {"ai_seat", "level"} <= set(m.items)
    m.index = m.items.index("level")
    m.press()
    assert s.level == "hard"
    m.index = m.items.index("ai_seat")
    m.press()
    assert s.ai_seat == "A"


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_solo_screens_render_in_every_language(lang):
    s, _, _ = solo_session()
    text.use(lang)
    try:
        for view in s.views().values():
            render(view)
            render(view, 128, 128)
    finally:
        text.use("en")


def _pick(entry, text):
    entry.index = next(i for i, it in enumerate(entry.items()) if it.text == text)
    return entry.press()


def test_finnish_letters_are_on_the_ring():
    from keystand.app.clue_entry import ClueEntry

    entry = ClueEntry("fi", lambda prefix: [])
    letters = [it.text for it in entry.items() if it.kind == "letter"]
    assert letters[-3:] == ["Å", "Ä", "Ö"] and len(letters) == 29
    _pick(entry, "Ä")
    assert entry.typed == "Ä"


def test_japanese_is_dialled_by_kana_rows_with_marks_and_completions():
    from keystand.app.clue_entry import ClueEntry

    asked = []

    def complete(prefix):
        asked.append(prefix)
        return ["雪だるま", "ゆきぐに"] if prefix.startswith("ゆき") else []

    entry = ClueEntry("ja", complete)
    rows = [it.text for it in entry.items() if it.kind == "row"]
    assert rows == list("あかさたなはまやらわ")
    _pick(entry, "や")  # opens the row
    assert [it.text for it in entry.items() if it.kind == "letter"] == list("やゆよ")
    _pick(entry, "ゆ")
    assert entry.typed == "ゆ" and entry.row is None and entry.item.text == "や"
    _pick(entry, "か")
    _pick(entry, "き")
    assert entry.typed == "ゆき" and asked[-1] == "ゆき"
    assert entry.completions == ["雪だるま", "ゆきぐに"]
    assert entry.items()[0].kind == "word"
    _pick(entry, "゛")  # き -> ぎ
    assert entry.typed == "ゆぎ" and entry.completions == []
    _pick(entry, "は")
    _pick(entry, "は")
    _pick(entry, "゜")
    assert entry.typed == "ゆぎぱ"
    assert entry.back() and entry.typed == "ゆぎ"
    _pick(entry, "た")
    _pick(entry, "つ")
    _pick(entry, "小")
    assert entry.typed == "ゆぎっ"
    entry.index = next(i for i, it in enumerate(entry.items()) if it.kind == "ok")
    assert entry.press() == "ゆぎっ"


def test_the_ai_in_seat_a_plays_from_the_other_side_of_the_table():
    partner = TablePartner({"SPIES": words(A_GREENS), "MINE": words([8, 11])})
    game = SoloGame(partner, WORDS, "A", "en", rank(LAYOUT))
    played: list = []
    s = Session(new_game(LAYOUT, Rules()), lambda a, st: played.append(a), solo=game)
    views = s.views()
    assert views["A"].side == "-" * 25 and views["A"].panel is not None
    assert views["B"].side == turned(LAYOUT.side("B"), "B")
    assert "AI: SPIES 9" in screen_lines(views["B"])
    s.control("A", "press")  # the AI's seat: nothing happens
    assert played == []
    aim(s, 12, "B")  # a bystander for A: the turn ends, B gives
    s.control("B", "press")
    assert played[0].seat == "A" and played[1].seat == "B"
    s.control("B", "press")
    entry = s.clue_entry
    for ch in "MINE":
        target = next(i for i, it in enumerate(entry.items()) if it.text == ch)
        while entry.index != target:
            s.control("B", "right")
        s.control("B", "press")
    s.control("B", "hold")
    s.control("B", "right")
    s.control("B", "press")
    assert played[-1].seat == "B" and played[-1].word == "MINE"
    view = s.views()["B"]
    assert view.cursor == seat_index(8, "B")  # the AI's touch, in B's own reading order
    s.control("B", "press")
    assert s.state.agents[8] == "A"


def test_a_resumed_turn_asks_the_ai_again_and_goes_on_where_it_was():
    partner = TablePartner(associations(MIXED=[2, 4, 5]))
    s, _, _ = solo_session(partner)
    aim(s, 12)
    s.control("A", "press")
    s.control("A", "press")
    dial(s, "MIXED")
    s.control("A", "right")
    s.control("A", "press")
    s.control("A", "press")  # the AI's first touch: cell 2
    assert s.state.agents[2] == "B"
    # A restart: the journal gives the state back; the solo game is built afresh.
    game = SoloGame(partner, WORDS, "B", "en", rank(LAYOUT))
    again = Session(s.state, lambda a, st: None, solo=game)
    lines = screen_lines(again.views()["A"])
    assert lines[lines.index("AI touches:") + 1] == WORDS[4].upper()  # not 2 again


def test_the_ai_never_gives_a_clue_word_given_before_in_the_game():
    partner = TablePartner(associations(MIXED=[2, 5], SEA=[14]))
    s, _, _ = solo_session(partner)
    assert "AI: SPIES 9" in screen_lines(s.views()["A"])
    aim(s, 12)  # the human misses at once: SPIES is given, none of its agents found
    s.control("A", "press")
    s.control("A", "press")
    dial(s, "MIXED")
    s.control("A", "press")  # the human's clue, then the AI touches for it
    while s.solo.ai_guesses(s.state):
        s.control("A", "press")
    assert s.state.phase == "clue" and s.solo.ai_gives(s.state)
    # SPIES still fits all nine of the AI's agents best, but it was said: not again.
    lines = screen_lines(s.views()["A"])
    assert not any(line.startswith("AI: SPIES") for line in lines)
    assert any(line.startswith("AI: ") for line in lines)
    assert {"SPIES", "MIXED"} <= set(partner.excluded[-1])  # the AI's and the human's
