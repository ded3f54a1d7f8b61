"""Mission token rules, mission data, bonuses and the paper ruleset."""

import pytest

from conftest import EXAMPLE_LAYOUT
from helpers import cells_with, play
from keystand.rules.actions import Guess, Pass, Penalty, TokensTaken
from keystand.rules.errors import IllegalAction, SetupError
from keystand.rules.game import apply
from keystand.rules.layout import cell_index
from keystand.rules.missions import load_book, make_rules
from keystand.rules.scoring import score_breakdown
from keystand.rules.setup import Rules

L = EXAMPLE_LAYOUT
GT, TG, GG, TT = (cells_with(L, p) for p in ("GT", "TG", "GG", "TT"))
GB, BG, BT, TB = (cells_with(L, p)[0] for p in ("GB", "BG", "BT", "TB"))


def test_pass_takes_a_checkmark_token_first():
    s, ev = play(L, make_rules(mission="9-5"), f"clue A 1; guess B {GT[0]}; pass B")
    assert (s.tokens_left, s.bystander_left) == (8, 5)
    assert TokensTaken(1, "checkmark", "pass") in ev


def test_pass_takes_a_bystander_token_when_no_checkmark_is_left():
    s, ev = play(L, make_rules(mission="2-1"), f"clue A 1; guess B {GT[0]}; pass B")
    assert (s.tokens_left, s.bystander_left) == (1, 1)
    s, ev = play(
        L,
        make_rules(mission="2-1"),
        f"clue A 1; guess B {GT[0]}; pass B; clue B 1; guess A {TG[0]}; pass A",
    )
    assert TokensTaken(1, "bystander", "pass") in ev
    assert s.phase == "sudden_death"


def test_bystander_costs_two_checkmark_tokens_when_out_of_bystander_tokens():
    s, ev = play(L, make_rules(mission="9-0"), f"clue A 1; guess B {TT[0]}")
    assert (s.tokens_left, s.bystander_left, s.phase) == (7, 0, "clue")
    assert TokensTaken(2, "checkmark", "bystander") in ev


def test_last_two_tokens_lead_to_sudden_death():
    s, _ = play(L, make_rules(mission="2-0"), f"clue A 1; guess B {TT[0]}")
    assert (s.tokens_left, s.phase, s.outcome) == (0, "sudden_death", "playing")


def test_a_turn_that_needs_more_tokens_than_the_bank_holds_loses_at_once():
    s, _ = play(
        L,
        make_rules(mission="2-0"),
        f"clue A 1; guess B {GT[0]}; pass B; clue B 1; guess A {TT[0]}",
    )
    assert (s.outcome, s.reason, s.phase) == ("lost", "out_of_tokens", "over")
    assert s.tokens_left == 1  # nothing could be paid


def test_missions_by_name_or_numbers():
    assert make_rules(mission="cairo") == Rules(tokens=9, bystander_tokens=5, mission="cairo")
    assert make_rules(mission="Cairo").label == make_rules(mission="9-5").label == "9-5"
    assert make_rules(mission="9/5").label == "9-5"
    assert make_rules(mission="#4 Privet Drive").label == "10-5"
    assert make_rules(mission="london").label == "10-10"
    assert make_rules(tokens=11).label == "11-11"


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"mission": "atlantis"}, "unknown mission 'atlantis'"),
        ({"mission": "berlin"}, "no acceptable-mistake count"),
        ({"mission": "9-10"}, "mission 9-10 is impossible"),
        ({"mission": "13-3"}, "1 to 12 tokens"),
        ({"tokens": 0}, "1 to 12 tokens"),
        ({"ruleset": "chess"}, "unknown ruleset"),
        ({"mission": "9-5", "tokens": 9}, "not both"),
        ({"bonus": ["nope"]}, "unknown bonus"),
    ],
)
def test_impossible_setups_are_refused(kwargs, fragment):
    if "bonus" in kwargs:
        kwargs = {"bonuses": kwargs["bonus"]}
    with pytest.raises(SetupError) as err:
        make_rules(**kwargs)
    assert fragment in str(err.value)


def test_every_packaged_mission_is_playable_or_says_why():
    book = load_book()
    assert {"prague", "cairo", "moscow", "bangkok", "singapore", "berlin"} <= set(book.missions)
    assert {"london", "hogwarts", "hogsmeade"} <= set(book.missions)
    for m in book.missions.values():
        assert m.source
        for target in m.unlocks:
            assert target in book.missions, f"{m.id} unlocks unknown {target}"
    assert book.missions["prague"].unlocks == ("berlin", "cairo", "moscow")
    finals = [m.id for m in book.missions.values() if m.final]
    assert len(finals) == 3


def test_users_can_add_and_override_missions():
    extra = (
        '[[mission]]\nid = "berlin"\nname = "Berlin"\n'
        'tokens = 11\nbystanders = 6\nsource = "my map"\n'
    )
    book = load_book([("mine.toml", extra)])
    assert make_rules(mission="berlin", book=book).label == "11-6"
    with pytest.raises(SetupError, match=r"bad.toml: mission 1: 'tokens' must be a whole number"):
        load_book([("bad.toml", '[[mission]]\nid="x"\nname="X"\ntokens="9"\nsource="s"\n')])
    with pytest.raises(SetupError, match=r"bad\.toml: not valid TOML"):
        load_book([("bad.toml", "[[mission]\n")])


def test_bonus_extra_tokens_caps_at_twelve():
    r = make_rules(mission="train-station", bonuses=["extra-token"])
    assert r.label == "12-0"
    r = make_rules(mission="cairo", bonuses=["two-extra-tokens", "flip-two"])
    assert r.label == "11-7"


def test_bonus_ignored_bystander_keeps_the_turn_going():
    rules = make_rules(bonuses=["ignore-bystander"])
    s, _ev = play(L, rules, f"clue A 2; guess B {TT[0]}; guess B {GT[0]}")
    assert s.phase == "guessing" and s.mistakes == 0 and s.tokens_left == 9
    s, _ = apply(s, Guess("B", cell_index(TT[1])))  # only once
    assert s.phase == "clue" and s.mistakes == 1


def test_bonus_win_threshold_turns_a_late_loss_into_a_win():
    rules = make_rules(bonuses=["eleven-is-enough"])
    greens = GT + GG + [GB] + TG[:2]  # B finds A's nine, A finds two, then an assassin
    script = "clue A 9; " + "; ".join(f"guess B {c}" for c in GT + GG + [GB]) + "; pass B; "
    script += "clue B 3; " + "; ".join(f"guess A {c}" for c in TG[:2]) + f"; guess A {TB}"
    s, _ = play(L, rules, script)
    assert len(greens) == 11 and s.agents_found == 11
    assert s.outcome == "won"
    s, _ = play(L, Rules(), script)
    assert s.outcome == "lost"


# ------------------------------------------------------------------ paper ruleset


def test_paper_caps_guesses_at_clue_plus_one():
    rules = make_rules(ruleset="paper")
    s, _ev = play(L, rules, f"clue A 1; guess B {GT[0]}; guess B {GT[1]}")
    assert s.phase == "clue" and s.tokens_left == 8  # the turn ended by itself
    with pytest.raises(IllegalAction):
        apply(s, Pass("B"))
    s, _ = play(L, rules, f"clue A 0; guess B {GT[0]}")
    assert s.phase == "clue"


def test_paper_pass_keeps_mistake_boxes():
    s, _ = play(L, make_rules(ruleset="paper", mission="9-3"), f"clue A 2; guess B {GT[0]}; pass B")
    assert (s.tokens_left, s.bystander_left) == (8, 3)


def test_paper_scoring_win_and_assassin():
    rules = make_rules(ruleset="paper")
    script = "clue A 9; " + "; ".join(f"guess B {c}" for c in GT + GG + [GB]) + "; pass B; "
    script += f"clue B 1; guess A {TT[0]}; "
    script += "clue A 0; " + f"guess B {TG[0]}; "  # A has no greens left: refused below
    with pytest.raises(IllegalAction):
        play(L, rules, script)
    script = "clue A 9; " + "; ".join(f"guess B {c}" for c in GT + GG + [GB]) + "; pass B; "
    script += f"clue B 1; guess A {TT[0]}; clue B 9; " + "; ".join(
        f"guess A {c}" for c in [*TG, BG]
    )
    s, _ = play(L, rules, script)
    assert s.outcome == "won" and s.tokens_left == 6 and s.mistakes == 1
    assert s.score == 2 * 15 + 10 * 6 - 5 * 1
    s, _ = play(L, rules, f"clue A 2; guess B {GT[0]}; guess B {BT}")
    assert s.outcome == "lost" and s.score is None
    # Turn 1's box was ticked when the turn began: 8 unused turns.
    assert score_breakdown(s)["total"] == -10 * (8 + 0 + 14)


def test_paper_penalty_ticks_a_turn_and_a_mistake():
    # The turn's own box (ticked with the clue), an extra turn box and a mistake box.
    s, _ = play(L, make_rules(ruleset="paper", mission="9-1"), "clue A 1; penalty")
    assert (s.tokens_left, s.bystander_left, s.mistakes) == (7, 0, 1)
    # With no mistake box left, the mistake ticks one more turn box.
    s, _ = apply(s, Penalty())
    assert (s.tokens_left, s.bystander_left, s.mistakes) == (5, 0, 2)


def test_paper_mistakes_tick_mistake_boxes_then_turn_boxes():
    rules = make_rules(ruleset="paper", mission="9-1")
    s, _ = play(L, rules, f"clue A 1; guess B {TT[0]}")
    assert (s.tokens_left, s.bystander_left, s.phase) == (8, 0, "clue")
    s, _ = play(L, rules, f"clue A 1; guess B {TT[0]}; clue B 1; guess A {TT[1]}")
    assert (s.tokens_left, s.bystander_left) == (6, 0)  # turn box + extra turn box
    # The last turn begins with its last box; a mistake then has no box to tick: lost.
    s, _ = play(L, make_rules(ruleset="paper", mission="1-0"), f"clue A 1; guess B {TT[0]}")
    assert (s.outcome, s.reason) == ("lost", "out_of_tokens")
