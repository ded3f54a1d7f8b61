"""The debriefing's ratings of a won standard game, as each rulebook gives them
(rules/rating.py): the same score is rated differently by the Japanese rulebook."""

from __future__ import annotations

import json

import pytest

from helpers import EXAMPLE_LAYOUT, cells_with, play, play_example
from keystand.rules.missions import load_book, make_rules
from keystand.rules.rating import BOOKS, STANDARD, rated_edition, rating, ratings
from keystand.rules.report import summary
from keystand.screens import text
from keystand.screens.messages import message_lines
from keystand.screens.view import Message

L = EXAMPLE_LAYOUT
A_GREENS = [c for p in ("GT", "GG", "GB") for c in cells_with(L, p)]
B_ONLY = [c for p in ("TG", "BG") for c in cells_with(L, p)]
TT = cells_with(L, "TT")


def five_point_win() -> str:
    """A standard win scoring 5: two turns ended by a token (2 points), five
    bystanders, and the winning turn leaving one token in the bank (3 points)."""
    steps = ["clue A 9", *(f"guess B {c}" for c in A_GREENS), "pass B"]
    steps += ["clue B 1", f"guess A {B_ONLY[0]}", "pass A"]
    for cell in TT[:5]:
        steps += ["clue B 1", f"guess A {cell}"]
    steps += ["clue B 5", *(f"guess A {c}" for c in B_ONLY[1:])]
    return "; ".join(steps)


@pytest.mark.parametrize(
    "score, en, ja",
    [
        (4, None, None),
        # Duet rulebook, "Scoring a 9-token mission": above 5 is really good (Finnish:
        # "yli viisi"); the Japanese rulebook's 得点 section says 5点以上, 5 or more.
        (5, None, "good"),
        (6, "good", "good"),
        (8, "good", "good"),
        (9, "awesome", "awesome"),  # all three: 9 or 10 is awesome
        (10, "awesome", "awesome"),
        (11, "try_the_map", "try_the_map"),  # above 10: try the mission map
        (27, "try_the_map", "try_the_map"),
    ],
)
def test_each_rulebook_rates_a_standard_win_with_its_own_threshold(score, en, ja):
    assert (rating("duet", score, "en"), rating("duet", score, "ja")) == (en, ja)
    assert rating("duet", score, "fi") == en
    # The 10-token rulebook's "Scoring a 10-token mission" rates as the English Duet
    # one, and is the book a Finnish or Japanese table rates that edition by.
    assert rating("coop10", score, "en") == rating("coop10", score, "ja") == en


def test_only_a_standard_game_is_rated():
    # The rulebooks score and rate "a 9-token mission" (and "a 10-token mission").
    assert rated_edition(make_rules()) == "duet"
    assert rated_edition(make_rules(mission="prague")) == "duet"
    assert rated_edition(make_rules(mission="london")) == "coop10"
    for rules in (
        make_rules(tokens=10),  # an extra token: "won with 10 or 11 tokens", no score
        make_rules(mission="cairo"),
        make_rules(mission="london", expert=True),
        make_rules(ruleset="paper"),
        make_rules(mission="london", bonuses=["extra-token"]),  # 11-10: not the standard
        make_rules(mission="hogwarts"),
    ):
        assert rated_edition(rules) is None, rules


def test_the_standard_games_are_the_maps_own():
    book = load_book()
    for edition, (mission, tokens) in STANDARD.items():
        assert book.standard(edition).id == mission
        assert book.editions[edition].standard_tokens == tokens
        assert (edition, "en") in BOOKS


def test_a_five_point_win_is_really_good_only_by_the_japanese_rulebook():
    state, _ = play(L, make_rules(), five_point_win())
    assert (state.outcome, state.score) == ("won", 5)
    assert summary(state)["ratings"] == {"en": None, "fi": None, "ja": "good"}
    # The device says it in the table's language, by that language's book.
    said = {}
    for lang in ("en", "fi", "ja"):
        text.use(lang)
        try:
            said[lang] = message_lines(Message("won", (5, (), False, "duet")))
        finally:
            text.use("en")
    assert said["en"] == ["Won! Score 5:"]
    assert said["fi"] == ["Voitto! 5 p."]
    assert said["ja"] == ["勝利！5点：", "上出来！"]


def test_play_prints_every_books_rating_of_a_standard_win(cli):
    script = five_point_win().replace("; ", "\n") + "\n"
    state = json.loads(play_example(script).stdout)
    assert state["score"] == 5 and state["ratings"] == {"en": None, "fi": None, "ja": "good"}
    state = json.loads(play_example(script, "--mission", "9-5").stdout)
    assert state["outcome"] == "won" and state["ratings"] is None  # a mission: unrated
    assert ratings(make_rules(), "lost", None) is None


def test_the_device_names_the_log_for_the_10_token_edition():
    text.use("en")
    assert message_lines(Message("won", (12, (), False, "coop10")))[1] == "Try the log!"
    assert message_lines(Message("won", (12, (), False, "duet"))) == [
        "Won! Score 12:",
        "Try the map!",
    ]
    # a mission: unrated
    assert message_lines(Message("won", (12, (), False, None))) == ["Won! Score 12:"]
    # A team's win says what it opened on the map instead (the rating's last step
    # sends a team to the map it is already on).
    team = message_lines(Message("won_mission", (12, "London", True, 5)))
    assert team == ["Won! Score 12:", "London: done", "5 missions open"]
