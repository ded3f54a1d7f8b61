"""Mission token rules, mission data, bonuses and the paper ruleset."""

from dataclasses import replace

import pytest

from helpers import EXAMPLE_LAYOUT, cells_with, play
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
        ({"mission": "vatican"}, "Vatican needs its number of tokens"),
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
    for m in book.missions.values():
        for target in m.unlocks:
            assert target in book.missions, f"{m.id} unlocks unknown {target}"
        if m.playable:
            assert make_rules(mission=m.id).label == m.label
        else:
            with pytest.raises(SetupError, match=f"{m.name} needs its number"):
                make_rules(mission=m.id)
    assert [m.id for m in book.missions.values() if not m.playable] == ["vatican"]
    finals = [m.id for m in book.in_edition("coop10") if m.final]
    assert len(finals) == 3


SOURCE_KINDS = ("rulebook", "mission log", "second transcription", "secondary")


def test_every_packaged_number_names_its_source():
    book = load_book()
    for m in book.missions.values():
        assert m.source.startswith(SOURCE_KINDS), m.id
        for number in ("tokens", "bystanders"):
            source = getattr(m, f"{number}_source")
            if getattr(m, number) is None:
                assert source is None, m.id
            else:
                assert source and source.startswith(SOURCE_KINDS), (m.id, number)
        for number, _value, source in m.rulebook:  # the rulebook's own reading
            assert source.startswith(("rulebook", "mission log")), (m.id, number)
    for b in book.bonuses.values():
        assert b.source.startswith(SOURCE_KINDS), b.id
        for number in b.shown:
            assert getattr(b, f"{number}_source").startswith(SOURCE_KINDS), (b.id, number)
    for e in book.editions.values():
        assert e.source.startswith(SOURCE_KINDS), e.id
        assert e.box_source.startswith("rulebook"), e.id


def test_the_duet_map_as_far_as_our_sources_go():
    book = load_book()
    duet = {m.id: m for m in book.in_edition("duet")}
    assert duet["prague"].start and duet["prague"].unlocks == ("berlin", "cairo", "moscow")
    numbers = {k: m.label for k, m in duet.items()}
    assert numbers == {
        "prague": "9-9",
        "berlin": "11-2",
        "cairo": "9-5",
        "moscow": "8-8",
        "bangkok": "7-7",
        "singapore": "6-6",
        "monte-carlo": "9-0",
        "vatican": "?-0",
    }
    # Duet rulebook, "Mission parameters", names Berlin's 11 tokens, Cairo 9-5, Moscow
    # 8-8, Bangkok 7-7 and Singapore 6-6; what none of our rulebooks prints is marked.
    assert {k: m.unprinted for k, m in duet.items() if m.marked} == {
        "berlin": ("bystanders",),
        "monte-carlo": ("tokens", "bystanders"),
        "vatican": ("bystanders",),  # its tokens are not known at all: "?", not marked
    }
    assert duet["berlin"].tokens_source.startswith("rulebook")
    assert duet["berlin"].bystanders_source.startswith("secondary")


def test_the_coop10_log_follows_the_second_transcription_marked_with_the_scans_reading():
    # 10-token rulebook, "Mission log": our scan prints Diagon Alley 11/8, Gringotts
    # Bank 10/5 and Olivanders 9/5, and London box 1's reward as 11 found; the
    # project plays the second transcription's numbers and marks them.
    book = load_book()
    log = {m.id: m for m in book.in_edition("coop10")}
    marked = {k: (m.label, m.rulebook_reads("bystanders")) for k, m in log.items() if m.marked}
    assert marked == {
        "diagon-alley": ("11-3", 8),
        "gringotts": ("10-3", 5),
        "ollivanders": ("9-3", 5),
    }
    enough = book.bonuses["fourteen-is-enough"]
    assert (enough.value, enough.rulebook_reads("value"), enough.title) == (
        14,
        11,
        "14 agents are enough",
    )
    # Diamonds: our scan shows one beside Hogsmeade's bonus and none beside London's
    # or Hogwarts'; their 3 and 2 uses are the second transcription's, marked.
    uses = {b.id: (b.uses, b.unprinted) for b in book.bonuses_of("coop10") if b.location}
    assert uses == {
        "two-word-clue": (3, ("uses",)),
        "touch-two": (2, ("uses",)),
        "mark-official": (1, ()),
    }
    assert {b.id for b in book.bonuses.values() if b.unprinted} == {
        "two-word-clue",
        "touch-two",
        "fourteen-is-enough",
    }
    assert book.standard("coop10").id == "london"
    london = book.missions["london"]
    assert set(london.unlocks) == {
        "privet-drive",
        "diagon-alley",
        "train-station",
        "hogwarts",
        "hogsmeade",
    }
    assert book.missions["hogwarts"].unlocks == ("quidditch-pitch", "great-hall")
    assert book.missions["hogsmeade"].unlocks == ("three-broomsticks",)


def test_a_map_file_chooses_the_rulebooks_reading():
    book = load_book([("scan.toml", '[edition]\nid = "coop10"\nreading = "rulebook"\n')])
    log = {m.id: m for m in book.in_edition("coop10")}
    assert (log["diagon-alley"].label, log["gringotts"].label, log["ollivanders"].label) == (
        "11-8",
        "10-5",
        "9-5",
    )
    assert not any(m.marked for m in log.values())
    assert log["diagon-alley"].bystanders_source.startswith("mission log")
    assert make_rules(mission="diagon-alley", book=book).label == "11-8"
    enough = book.bonuses["fourteen-is-enough"]
    assert (enough.title, enough.unprinted) == ("11 agents are enough", ())
    rules = make_rules(mission="privet-drive", bonuses=["fourteen-is-enough"], book=book)
    assert rules.win_threshold == 11
    # What the scan does not print (London's and Hogwarts' diamonds) stays as it was,
    # marked; the Duet map is untouched.
    assert book.bonuses["two-word-clue"].unprinted == ("uses",)
    assert book.missions["berlin"].marked


@pytest.mark.parametrize(
    "text, fragment",
    [
        ('[edition]\nid = "coop10"\nreading = "scan"\n', "'reading' may only be \"rulebook\""),
        (
            '[edition]\nid = "duet"\n[[mission]]\nid = "berlin"\n'
            'rulebook = { bystanders = 6, bystanders_source = "my printed map" }\n',
            "'bystanders_source' must cite a rulebook",
        ),
    ],
)
def test_bad_readings_are_refused_naming_the_file(text, fragment):
    with pytest.raises(SetupError) as err:
        load_book([("mine.toml", text)])
    assert str(err.value).startswith("mine.toml: ") and fragment in str(err.value)


def test_users_can_add_numbers_cities_and_lines():
    extra = (
        '[edition]\nid = "duet"\n'
        '[[mission]]\nid = "vatican"\ntokens = 9\n'  # the number we lack
        '[[mission]]\nid = "cairo"\nunlocks = ["bangkok", "atlantis"]\n'  # new lines
        '[[mission]]\nid = "atlantis"\nname = "Atlantis"\ntokens = 7\nbystanders = 3\n'
        '[[mission]]\nid = "berlin"\nbystanders = 6\nsource = "my printed map"\n'
    )
    book = load_book([("mine.toml", extra)])
    assert make_rules(mission="vatican", book=book).label == "9-0"
    assert book.missions["vatican"].tokens_source == "your map mine.toml"
    assert book.missions["vatican"].bystanders_source.startswith("secondary")  # kept
    assert book.missions["cairo"].unlocks == ("bangkok", "atlantis")
    assert book.missions["atlantis"].edition == "duet"
    assert make_rules(mission="berlin", book=book).label == "11-6"
    assert book.missions["berlin"].bystanders_source == "my printed map"
    assert book.missions["berlin"].tokens_source.startswith("rulebook")  # untouched


@pytest.mark.parametrize(
    "text, fragment",
    [
        ('[[mission]]\nid="x"\nname="X"\ntokens="9"\n', "(x): 'tokens' must be a whole number"),
        ("[[mission]\n", "not valid TOML"),
        ('[[mission]]\nid="x"\ntokens=9\n', "mission 1 (x): missing key 'name'"),
        ('[[mission]]\nid="Big City"\nname="X"\n', "must be lower-case letters"),
        ('[[mission]]\nid="cairo"\ntokens=13\n', "1 to 12 tokens, not 13"),
        ('[[mission]]\nid="cairo"\nbystanders=10\n', "mission 9-10 is impossible"),
        ('[[mission]]\nid="cairo"\nunlocks="bangkok"\n', "must be a list of mission ids"),
        ('[[mission]]\nid="cairo"\nunlocks=["nowhere"]\n', "unlocks unknown mission 'nowhere'"),
        ('[[mission]]\nid="cairo"\ntoken=9\n', "unknown key 'token'"),
        ('[[mission]]\nid="x"\nname="X"\ntokens=9\n', "edition 'bad' has no mission marked start"),
        ('[[bonus]]\nid="b"\neffect="fly"\ntext="t"\nsource="s"\n', "effect 'fly' is not one of"),
        (
            '[edition]\nid = "duet"\n[[mission]]\nid = "bangkok"\nopen_after = ["atlantis"]\n',
            "opens after 'atlantis', which is not another mission of its edition",
        ),
        (
            '[edition]\nid = "duet"\n[[mission]]\nid = "bangkok"\nopen_after = ["london"]\n',
            "opens after 'london', which is not another mission of its edition",
        ),
    ],
)
def test_bad_user_maps_are_refused_naming_file_and_entry(text, fragment):
    with pytest.raises(SetupError) as err:
        load_book([("bad.toml", text)])
    assert "bad.toml" in str(err.value) or "bonus" in str(err.value)
    assert fragment in str(err.value)


def test_bonus_extra_tokens_caps_at_twelve():
    r = make_rules(mission="train-station", bonuses=["extra-token"])
    assert r.label == "12-0"
    r = make_rules(mission="the-burrow", bonuses=["two-extra-tokens", "flip-two"])
    assert r.label == "11-7"
    with pytest.raises(SetupError, match="belongs to the 10-token co-op edition, not to Cairo"):
        make_rules(mission="cairo", bonuses=["two-extra-tokens"])


def test_bonus_ignored_bystander_keeps_the_turn_going():
    rules = make_rules(mission="london", bonuses=["ignore-bystander"])
    s, _ev = play(L, rules, f"clue A 2; guess B {TT[0]}; guess B {GT[0]}")
    assert s.phase == "guessing" and s.mistakes == 0 and s.tokens_left == 10
    s, _ = apply(s, Guess("B", cell_index(TT[1])))  # only once
    assert s.phase == "clue" and s.mistakes == 1


def test_bonus_win_threshold_turns_a_late_loss_into_a_win():
    rules = make_rules(mission="privet-drive", bonuses=["fourteen-is-enough"])
    # B finds A's nine, A finds five of its six, then an assassin.
    script = "clue A 9; " + "; ".join(f"guess B {c}" for c in GT + GG + [GB]) + "; pass B; "
    script += "clue B 6; " + "; ".join(f"guess A {c}" for c in TG[:5])
    s, _ = play(L, rules, f"{script}; guess A {TB}")
    assert s.agents_found == 14 and s.outcome == "won"
    s, _ = play(L, replace(rules, win_threshold=None), f"{script}; guess A {TB}")
    assert s.outcome == "lost"
    # Thirteen is not enough.
    short = script.rsplit(";", 1)[0]
    s, _ = play(L, rules, f"{short}; guess A {TB}")
    assert s.agents_found == 13 and s.outcome == "lost"


@pytest.mark.parametrize("bonus", ["extra-token", "two-extra-tokens", "flip-two",
                                   "fourteen-is-enough", "ignore-bystander", "two-clues"])
@pytest.mark.parametrize("mission", [None, "10-5"])
def test_a_bonus_needs_a_named_mission_of_its_edition(bonus, mission):
    # 10-token rulebook, "Mission log": the bonuses are earned and spent in its log's
    # missions, so a plain game (or bare numbers, which name no mission) takes none.
    with pytest.raises(SetupError) as err:
        make_rules(mission=mission, bonuses=[bonus])
    assert str(err.value) == (
        f"bonus {bonus} is for a mission of the 10-token co-op edition: choose one by "
        "name with --mission (a game without a named mission takes no bonus)"
    )


def test_a_plain_game_holds_what_the_duet_box_holds():
    # Duet rulebook, "Setup": 9 tokens in the bank and 2 more in the box, 11 in all;
    # the 10-token edition's "Components" list 12.
    assert make_rules(tokens=11, box="duet").label == "11-11"
    with pytest.raises(SetupError) as err:
        make_rules(tokens=12, box="duet")
    assert str(err.value).startswith("the Codenames Duet box holds 11 timer tokens, not 12;")
    assert "10-token co-op edition box holds 12: play it as --mission 12-12" in str(err.value)
    with pytest.raises(SetupError, match=r"box holds 11 timer tokens, not 13$"):
        make_rules(tokens=13, box="duet")
    assert make_rules(mission="12-12").label == "12-12"  # numbers: the bigger box's game


def test_a_map_file_cannot_put_more_tokens_in_a_mission_than_its_box():
    extra = '[edition]\nid = "duet"\n[[mission]]\nid = "atlantis"\nname = "Atlantis"\n'
    with pytest.raises(SetupError, match="12 tokens, but the Codenames Duet box holds 11"):
        load_book([("mine.toml", extra + "tokens = 12\nbystanders = 3\n")])


@pytest.mark.parametrize(
    "mission, label",
    [
        ("london", "9-9"),  # T-T: no checkmark token, a bystander-side one goes
        ("privet-drive", "9-5"),  # a checkmark-side token goes first
        ("train-station", "11-0"),
        ("battle-in-the-atrium", "6-4"),
        ("hogsmeade", "7-7"),
    ],
)
def test_the_expert_variant_takes_one_token_out_of_each_mission(mission, label):
    # 10-token rulebook, "Continuing on": experts take one token out of each mission.
    assert make_rules(mission=mission, expert=True).label == label
    assert load_book().missions[mission].label_for(1) == label


def test_the_expert_variant_only_where_a_rulebook_has_it():
    # Only the 10-token rulebook has one; the Duet rulebooks have none.
    with pytest.raises(SetupError, match="the Codenames Duet rulebook has no expert variant"):
        make_rules(mission="cairo", expert=True)
    with pytest.raises(SetupError, match="takes tokens out of a mission: choose one"):
        make_rules(mission="10-5", expert=True)
    # A bonus comes on top: Train Station 11-0 with a token added is 12-0 again.
    assert make_rules(mission="train-station", bonuses=["extra-token"], expert=True).label == (
        "12-0"
    )


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
