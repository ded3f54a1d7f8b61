"""The 10-token edition's bonus actions: a two-word clue, touching two cards,
marking a bystander before a clue, two clues at once."""

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import EXAMPLE_LAYOUT, cells_with, play, play_example
from keystand.rules.actions import (
    BonusUsed,
    Clue,
    Guess,
    OfficialMarked,
    Pass,
    TokensTaken,
    TouchedTwo,
)
from keystand.rules.errors import IllegalAction, SetupError
from keystand.rules.game import apply, new_game
from keystand.rules.layout import cell_index
from keystand.rules.missions import load_book, make_rules
from keystand.rules.ranking import TOTAL, unrank
from keystand.rules.script import ScriptError, parse_line
from keystand.rules.setup import ACTION_EFFECTS, Rules
from test_game_properties import _check

L = EXAMPLE_LAYOUT
GT, TG, GG, TT = ([cell_index(c) for c in cells_with(L, p)] for p in ("GT", "TG", "GG", "TT"))
WORDS = tuple(f"W{i}" for i in range(25))


def refused(state, action, reason):
    with pytest.raises(IllegalAction) as err:
        apply(state, action)
    assert err.value.reason == reason, str(err.value)
    return str(err.value)


def run(state, *actions):
    events = []
    for action in actions:
        state, new = apply(state, action)
        events += new
    return state, events


# ------------------------------------------------------------------ two-word clue


def test_a_two_word_clue_spends_one_of_three_uses():
    rules = make_rules(mission="privet-drive", bonuses=["two-word-clue"])
    assert rules.two_word_clues == 3
    s = new_game(L, rules, WORDS)
    s, ev = apply(s, Clue("A", 2, "castle moat", two_words=True))
    assert s.bonus_left("two_word_clues") == 2 and BonusUsed("two_word_clues", "A") in ev
    s, _ = run(s, Guess("B", GT[0]), Pass("B"))
    s, _ = run(s, Clue("B", 1, two_words=True), Guess("A", TG[0]), Pass("A"))  # words unrecorded
    s, _ = run(s, Clue("A", 1, "sea salt", two_words=True), Guess("B", GT[1]), Pass("B"))
    assert s.bonus_left("two_word_clues") == 0 and s.bonus_used("two_word_clues") == 3
    assert "no two-word clue left" in refused(
        s, Clue("B", 1, "a b", two_words=True), "no_bonus_left"
    )
    apply(s, Clue("B", 1, "plain"))  # an ordinary clue is still fine


def test_a_two_word_clue_has_two_words_none_of_them_visible():
    s = new_game(L, Rules(two_word_clues=3), WORDS)
    refused(s, Clue("A", 2, "castle", two_words=True), "two_words")
    refused(s, Clue("A", 2, "castle moat keep", two_words=True), "two_words")
    refused(s, Clue("A", 2, "castle w3", two_words=True), "word_visible")
    refused(new_game(L, Rules()), Clue("A", 2, "castle moat", two_words=True), "no_bonus_left")


# ------------------------------------------------------------------ touching two cards


def test_touching_two_cards_the_partner_chooses_which_counts():
    s = new_game(L, make_rules(mission="quidditch-pitch", bonuses=["touch-two"]))
    assert s.bonus_left("double_touches") == 2
    s, _ = apply(s, Clue("A", 2))
    s, ev = apply(s, Guess("B", GT[0], also=TT[0]))  # A counts the green one
    assert TouchedTwo("B", GT[0], TT[0]) in ev
    assert s.agents[GT[0]] == "B" and s.marks[TT[0]] == 0 and s.phase == "guessing"
    assert s.bonus_left("double_touches") == 1
    s, _ = apply(s, Guess("B", TT[1], also=GT[1]))  # the partner may choose a bystander
    assert s.marks[TT[1]] and s.agents[GT[1]] is None and s.phase == "clue"
    assert s.bonus_left("double_touches") == 0
    s, _ = apply(s, Clue("B", 1))
    refused(s, Guess("A", TG[0], also=TG[1]), "no_bonus_left")


def test_touching_two_cards_needs_two_cards_either_could_guess():
    s, _ = play(L, Rules(double_touches=2), "clue A 2")
    refused(s, Guess("B", GT[0], also=GT[0]), "same_cell")
    refused(s, Guess("B", GT[0], also=25), "no_such_cell")
    s2, _ = apply(s, Guess("B", GT[0]))
    refused(s2, Guess("B", GT[1], also=GT[0]), "covered")
    assert s2.bonus_left("double_touches") == 2  # a refused touch spends nothing


# ------------------------------------------------------------------ marking a bystander


def test_marking_a_bystander_before_a_clue_costs_one_more_token():
    s = new_game(L, make_rules(mission="hogsmeade", bonuses=["mark-official"]))
    assert (s.tokens_left, s.bystander_left, s.bonus_left("official_marks")) == (8, 8, 1)
    s, ev = apply(s, Clue("A", 2, mark=TT[0]))
    assert TokensTaken(1, "bystander", "mark") in ev and OfficialMarked(TT[0], "A") in ev
    assert (s.tokens_left, s.bystander_left, s.mistakes) == (7, 7, 0)
    assert s.bystander_guessers(TT[0]) == ("B",)  # its token points from A to B
    refused(s, Guess("B", TT[0]), "own_bystander")  # B knows not to touch it
    s, _ = run(s, Guess("B", GT[0]), Pass("B"))
    refused(s, Clue("B", 1, mark=TT[1]), "no_bonus_left")


def test_a_mark_takes_a_checkmark_token_when_no_bystander_side_is_left():
    s = new_game(L, Rules(tokens=9, bystander_tokens=0, official_marks=1))
    s, ev = apply(s, Clue("A", 1, mark=TT[0]))
    assert TokensTaken(1, "checkmark", "mark") in ev and s.tokens_left == 8


def test_only_a_bystander_on_the_givers_side_can_be_marked_with_a_token_to_spare():
    s = new_game(L, Rules(official_marks=1))
    assert "not a bystander on A's side" in refused(s, Clue("A", 1, mark=GT[0]), "not_a_bystander")
    refused(s, Clue("A", 1, mark=cell_index(cells_with(L, "BT")[0])), "not_a_bystander")
    s2, _ = apply(s, Clue("A", 1, mark=TG[0]))  # tan for A, green for B: A may mark it
    assert s2.marks[TG[0]]
    one = new_game(L, Rules(tokens=1, bystander_tokens=1, official_marks=1))
    refused(one, Clue("A", 1, mark=TT[0]), "no_spare_token")
    # B's mistake already marked TT[0] for B: A cannot mark it again...
    s3, _ = run(s, Clue("A", 1), Guess("B", TT[0]))
    s3, _ = run(s3, Clue("B", 1), Guess("A", TG[0]), Pass("A"))
    refused(s3, Clue("A", 1, mark=TT[0]), "covered")
    # ...but B may mark it for A: marked both ways, the word is covered.
    s4, _ = run(s, Clue("A", 1), Guess("B", TT[0]))
    s4, _ = apply(s4, Clue("B", 1, mark=TT[0]))
    assert s4.out_of_play(TT[0])


def test_paper_marks_tick_an_extra_turn_box():
    s = new_game(L, Rules(ruleset="paper", official_marks=1))
    s, _ = apply(s, Clue("A", 1, mark=TT[0]))
    assert (s.tokens_left, s.bystander_left) == (7, 9)  # the mark's box and the turn's box


# ------------------------------------------------------------------ two clues at once


def test_two_clues_at_once_spend_the_reward_once():
    rules = make_rules(mission="hogwarts", bonuses=["two-clues"])
    assert rules.double_clues == 1
    s = new_game(L, rules, WORDS)
    refused(s, Clue("A", 2, "x", second_number=10), "clue_number")
    refused(s, Clue("A", 2, "x", second_word="y"), "clue_number")
    refused(s, Clue("A", 2, "x", second_number=1, second_word="w4"), "word_visible")
    s, _ = apply(s, Clue("A", 2, "fruit", second_number=1, second_word="metal"))
    assert (s.clue_number, s.second_number, s.second_word) == (2, 1, "metal")
    assert s.bonus_left("double_clues") == 0
    s, _ = run(s, Guess("B", GT[0]), Pass("B"))
    assert s.second_number is None
    refused(s, Clue("B", 1, second_number=1), "no_bonus_left")


def test_paper_caps_two_clues_at_their_sum_plus_one():
    s = new_game(L, Rules(ruleset="paper", double_clues=1))
    s, _ = apply(s, Clue("A", 1, second_number=1))
    s, _ = run(s, Guess("B", GT[0]), Guess("B", GT[1]))
    assert s.phase == "guessing"
    s, _ = apply(s, Guess("B", GT[2]))
    assert s.phase == "clue"  # 1 + 1 + 1 guesses


# ------------------------------------------------------------------ setup and scripts


def test_location_bonuses_belong_to_their_location():
    with pytest.raises(SetupError, match="two-word-clue is for missions in London"):
        make_rules(mission="hogwarts", bonuses=["two-word-clue"])
    with pytest.raises(SetupError, match="touch-two is for missions in Hogwarts"):
        make_rules(mission="9-9", bonuses=["touch-two"])
    assert make_rules(mission="london", bonuses=["two-word-clue"]).two_word_clues == 3
    capped = make_rules(
        mission="london", bonuses=["two-word-clue"], bonus_uses={"two-word-clue": 1}
    )
    assert capped.two_word_clues == 1


def test_every_box_earns_a_reward_and_every_location_has_its_bonus():
    book = load_book()
    earned = {m for b in book.bonuses_of("coop10") for m in b.earned_by}
    boxes = {m.id for m in book.in_edition("coop10") if m.location and m.location != m.id}
    assert earned == boxes
    uses = {b.location: b.uses for b in book.bonuses_of("coop10") if b.location}
    assert uses == {"london": 3, "hogwarts": 2, "hogsmeade": 1}
    assert book.bonuses["two-clues"].earned_by[0] == "great-hall"


@pytest.mark.parametrize(
    "line, action",
    [
        ("clue A 2 castle moat +two-words", Clue("A", 2, "castle moat", two_words=True)),
        ("clue A 2 +TWO-WORDS", Clue("A", 2, two_words=True)),
        (
            "clue B 2 fruit +and 1 cold metal",
            Clue("B", 2, "fruit", second_number=1, second_word="cold metal"),
        ),
        ("clue A 2 +and 0", Clue("A", 2, second_number=0)),
        ("clue A 1 fruit +mark c3", Clue("A", 1, "fruit", mark=cell_index("c3"))),
        ("clue A 1 x +mark b1 +and 2 +two-words", Clue("A", 1, "x", True, 2, None, 1)),
        ("guess B a1 +also e5", Guess("B", 0, also=24)),
    ],
)
def test_script_syntax_for_bonus_actions(line, action):
    assert parse_line(line, 1) == action


def test_bonus_options_name_the_word_from_words():
    words = tuple(w.strip() for w in ["RANCH", "RUSSIA", "NAPOLEON", "ICE CREAM"]) + WORDS[4:]
    assert parse_line("guess B ranch +also ice cream", 1, words) == Guess("B", 0, also=3)
    assert parse_line("clue A 1 +mark russia", 1, words).mark == 1


@pytest.mark.parametrize(
    "line, fragment",
    [
        ("clue A 2 +three-words", "unknown option '+three-words' for clue"),
        ("pass B +also a1", "unknown option '+also' for pass (known: none)"),
        ("clue A 2 +and", "+and needs the second clue's number"),
        ("clue A 2 +and x", "clue number 'x' is not a whole number"),
        ("clue A 2 +mark a1 b1", "+mark needs one cell"),
        ("clue A 2 +two-words castle moat", "+two-words takes nothing after it"),
        ("guess B a1 +also", "+also needs the other cell"),
        ("guess B a1 +also zz", "'zz' is not a cell"),
        ("clue A 2 +and 1 +and 2", "given twice"),
    ],
)
def test_bad_bonus_options_are_refused_naming_the_line(line, fragment):
    with pytest.raises(ScriptError) as err:
        parse_line(line, 7)
    assert str(err.value).startswith("line 7:") and fragment in str(err.value)


def test_play_spends_bonuses_through_the_command_line():
    script = "clue A 2 sea salt +two-words\nguess B ranch +also russia\n"
    result = play_example(script, "--mission", "london", "--bonus", "two-word-clue")
    # London's bonus is a two-word clue, not a touch of two cards: refused on line 2.
    assert result.returncode == 2 and "line 2: no two-card touch left" in result.stderr
    state = json.loads(result.stdout)
    assert state["bonuses_left"] == {"two_word_clues": 2} and state["clue"]["word"] == "sea salt"
    result = play_example(
        "clue A 2 fruit +and 1 drink\n", "--mission", "great-hall", "--bonus", "two-clues"
    )
    state = json.loads(result.stdout)
    assert result.returncode == 0 and state["bonuses_left"] == {"double_clues": 0}
    assert state["clue"]["second"] == {"number": 1, "word": "drink"}
    result = play_example("", "--mission", "cairo", "--bonus", "mark-official")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "mark-official is for missions in Hogsmeade" in result.stderr


def test_bonus_actions_survive_the_journal():
    from keystand.app.journal import action_from_json, action_to_json

    for action in (
        Clue("A", 2, "sea salt", two_words=True, second_number=1, second_word="x", mark=18),
        Guess("B", 3, also=4),
    ):
        assert action_from_json(action_to_json(action)) == action
    # A row written before these fields existed still reads.
    assert action_from_json('{"type": "clue", "seat": "A", "number": 2, "word": null}') == Clue(
        "A", 2
    )


CANDIDATES = (
    [Clue(s, n) for s in "AB" for n in (1, 2)]
    + [Clue(s, 1, two_words=True) for s in "AB"]
    + [Clue(s, 1, second_number=1) for s in "AB"]
    + [Clue(s, 1, mark=c) for s in "AB" for c in range(25)]
    + [Guess(s, c) for s in "AB" for c in range(25)]
    + [Guess(s, c, also=(c + 7) % 25) for s in "AB" for c in range(25)]
    + [Pass("A"), Pass("B")]
)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, TOTAL - 1),
    st.sampled_from(["duet", "paper"]),
    st.integers(2, 12),
    st.integers(0, 3),
    st.data(),
)
def test_random_games_with_bonus_actions_keep_the_invariants(rank_, ruleset, t, uses, data):
    rules = Rules(
        ruleset=ruleset,
        tokens=t,
        bystander_tokens=t // 2,
        two_word_clues=uses,
        double_touches=uses,
        official_marks=uses,
        double_clues=uses,
    )
    state = new_game(unrank(rank_), rules)
    for _ in range(60):
        moves = []
        for action in CANDIDATES:
            with contextlib.suppress(IllegalAction):
                moves.append((action, apply(state, action)))
        if not moves:
            assert state.phase == "over"
            break
        action, (after, events) = data.draw(st.sampled_from(moves))
        _check(state, action, after, events)
        for effect in ACTION_EFFECTS:
            assert 0 <= after.bonus_left(effect) <= state.bonus_left(effect)
            spent = sum(1 for e in events if e == BonusUsed(effect, action.seat))
            assert state.bonus_left(effect) - after.bonus_left(effect) == spent
        state = after
