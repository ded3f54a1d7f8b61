"""Each rule of the engine, one at a time."""

from dataclasses import replace

import pytest

from helpers import EXAMPLE_LAYOUT, cells_with, play
from keystand.rules.actions import Clue, Guess, Pass, Penalty, TokensTaken
from keystand.rules.errors import IllegalAction
from keystand.rules.game import apply, new_game
from keystand.rules.layout import cell_index
from keystand.rules.setup import Rules

L = EXAMPLE_LAYOUT
GT, TG, GG, TT = (cells_with(L, p) for p in ("GT", "TG", "GG", "TT"))
BT, TB, BB, GB, BG = (cells_with(L, p)[0] for p in ("BT", "TB", "BB", "GB", "BG"))
STD = Rules()


def refused(state, action, reason):
    """The engine refuses ``action`` for ``reason`` (the code the screens translate)."""
    with pytest.raises(IllegalAction) as err:
        apply(state, action)
    assert err.value.reason == reason, str(err.value)


def test_a_turn_starts_with_a_clue():
    s = new_game(L, STD)
    refused(s, Guess("B", 0), "no_clue_yet")
    refused(s, Pass("B"), "no_turn")
    refused(s, Clue("A", 10), "clue_number")
    refused(s, Clue("A", -1), "clue_number")


def test_a_guess_between_turns_says_the_turn_is_over_and_who_clues_next():
    # Duet rulebook, "End of the turn" and "Next turn": a turn ends with a wrong guess
    # or a token taken, and the partner of the last giver gives the next clue.
    s, _ = play(L, STD, f"clue A 1; guess B {TT[0]}")
    with pytest.raises(IllegalAction) as err:
        apply(s, Guess("B", cell_index(GT[0])))
    assert err.value.reason == "no_clue_yet"
    assert str(err.value) == "the turn is over: B gives the next clue and A guesses it"
    # Its "looser turn order": either seat may give the next clue.
    s, _ = play(L, replace(STD, turn_order="loose"), f"clue A 1; guess B {GT[0]}; pass B")
    with pytest.raises(IllegalAction, match="next turn starts with a clue from A or B"):
        apply(s, Guess("A", cell_index(TG[0])))


def test_guess_resolved_by_the_givers_side():
    # GT: green for A. B guessing it (A gives) is correct; A guessing it (B gives) is tan.
    s, _ = play(L, STD, f"clue A 1; guess B {GT[0]}")
    assert s.agents_found == 1 and s.phase == "guessing"
    s, _ev = play(L, STD, f"clue B 1; guess A {GT[0]}")
    assert s.agents_found == 0 and s.mistakes == 1 and s.phase == "clue"
    assert s.marks[cell_index(GT[0])] == 1  # marked for guesser A


def test_unlimited_correct_guesses_and_zero_clues():
    s, _ = play(L, STD, "clue A 0; " + "; ".join(f"guess B {c}" for c in GT + GG))
    assert s.agents_found == 8 and s.phase == "guessing"


def test_only_the_guesser_guesses_and_passes():
    s, _ = play(L, STD, f"clue A 2; guess B {GT[0]}")
    refused(s, Guess("A", cell_index(TG[0])), "not_guesser")
    refused(s, Pass("A"), "not_guesser")
    refused(s, Clue("B", 1), "still_guessing")


def test_pass_only_after_a_correct_guess():
    s, _ = play(L, STD, "clue A 2")
    refused(s, Pass("B"), "need_correct")
    s, ev = play(L, STD, f"clue A 2; guess B {GT[0]}; pass B")
    assert s.tokens_left == 8 and s.passes == 1 and s.phase == "clue"
    assert TokensTaken(1, "bystander", "pass") in ev  # standard bank: all bystander side up


def test_strict_alternation_and_looser_order():
    s, _ = play(L, STD, f"clue A 2; guess B {GT[0]}; pass B")
    refused(s, Clue("A", 1), "clue_order")
    loose = Rules(turn_order="loose")
    s, _ = play(L, loose, f"clue A 2; guess B {GT[0]}; pass B; clue A 1; guess B {GT[1]}; pass B")
    refused(s, Clue("A", 1), "clue_order")
    s, _ = apply(s, Clue("B", 1))
    assert s.giver == "B"


def test_covered_cells_are_out_of_play():
    s, _ = play(L, STD, f"clue A 2; guess B {GG[0]}")
    refused(s, Guess("B", cell_index(GG[0])), "covered")


def test_bystander_marked_each_way_covers_the_cell():
    c = TT[0]
    s, _ = play(L, STD, f"clue A 1; guess B {c}")
    s, _ = play(L, STD, f"clue A 1; guess B {c}; clue B 1; guess A {c}")
    assert s.out_of_play(cell_index(c)) and s.mistakes == 2 and s.tokens_left == 7
    s2, _ = play(L, STD, f"clue A 1; guess B {c}; clue B 1; guess A {GG[0]}; pass A; clue A 1")
    refused(s2, Guess("B", cell_index(c)), "own_bystander")


def test_assassin_loses():
    s, _ = play(L, STD, f"clue A 1; guess B {BT}")
    assert (s.outcome, s.reason, s.phase) == ("lost", "assassin", "over")
    refused(s, Clue("B", 1), "game_over")


def test_black_on_the_guessers_own_side_is_safe_when_green_for_the_giver():
    s, _ = play(L, STD, f"clue A 1; guess B {GB}")  # black for B, green for A
    assert s.agents_found == 1 and s.outcome == "playing"


def test_nothing_left_to_guess_hands_all_clues_to_the_partner():
    # Cover all nine of A's greens: B has nothing left to guess; B gives every clue.
    greens_a = [c for c in GT + GG + [GB]]
    s, ev = play(L, STD, "clue A 9; " + "; ".join(f"guess B {c}" for c in greens_a))
    assert s.greens_left("A") == 0
    assert any(type(e).__name__ == "NothingLeftToGuess" and e.seat == "B" for e in ev)
    refused(s, Guess("B", cell_index(TT[0])), "nothing_left")
    s, _ = apply(s, Pass("B"))
    refused(s, Clue("A", 1), "no_agents_to_clue")
    s, _ = apply(s, Clue("B", 1))
    s, _ = apply(s, Guess("A", cell_index(TG[0])))
    s, _ = apply(s, Pass("A"))
    s, _ = apply(s, Clue("B", 1))  # B again: A cannot clue
    assert s.giver == "B"


def test_win_spends_a_token_and_scores():
    greens_a = GT + GG + [GB]
    greens_b = [*TG, BG]
    script = "clue A 9; " + "; ".join(f"guess B {c}" for c in greens_a) + "; pass B; "
    script += "clue B 9; " + "; ".join(f"guess A {c}" for c in greens_b)
    s, _ev = play(L, STD, script)
    assert (s.outcome, s.phase, s.agents_found) == ("won", "over", 15)
    assert s.tokens_left == 7  # one for B's pass, one for the winning turn
    assert s.score == 3 * 7 + 1  # one token taken to end a turn after a correct guess


def test_invalid_clue_penalty_discards_a_token():
    s, _ev = play(L, STD, "clue A 1; penalty")
    assert s.tokens_left == 8 and s.phase == "guessing"


def test_penalty_before_any_clue_is_refused():
    s = new_game(L, STD)
    with pytest.raises(IllegalAction) as err:
        apply(s, Penalty())
    assert err.value.reason == "no_clue_yet" and "no clue has been given" in str(err.value)


def test_penalty_taking_the_last_token_lets_the_guesser_finish_the_turn():
    one = Rules(tokens=1, bystander_tokens=1)
    s, _ = play(L, one, "clue A 2; penalty")
    assert (s.phase, s.tokens_left, s.guesser) == ("guessing", 0, "B")
    # The guesser guesses as though the clue were valid: correct guesses go on...
    s, _ = play(L, one, f"clue A 2; penalty; guess B {GT[0]}; guess B {GT[1]}")
    assert (s.phase, s.agents_found) == ("guessing", 2)
    # ...the turn ends in the usual way (nothing left to take) and sudden death follows.
    s, ev = play(L, one, f"clue A 2; penalty; guess B {GT[0]}; pass B")
    assert (s.phase, s.tokens_left, s.passes) == ("sudden_death", 0, 0)
    assert not [e for e in ev if isinstance(e, TokensTaken) and e.why == "pass"]
    # A wrong guess needs a token the bank no longer has: lost.
    s, _ = play(L, one, f"clue A 2; penalty; guess B {TT[0]}")
    assert (s.outcome, s.reason) == ("lost", "out_of_tokens")
    # A second penalty in that turn has nothing to discard: lost too.
    s, _ = play(L, one, "clue A 2; penalty; penalty")
    assert (s.outcome, s.reason) == ("lost", "out_of_tokens")


def test_a_late_penalty_taking_the_last_token_starts_sudden_death():
    s, _ = play(L, Rules(tokens=2, bystander_tokens=2), f"clue A 1; guess B {GT[0]}; pass B")
    assert (s.phase, s.tokens_left) == ("clue", 1)
    s, _ = apply(s, Penalty())
    assert (s.phase, s.tokens_left) == ("sudden_death", 0)


WORDS = tuple(f"W{i}" for i in range(25))


def test_a_clue_word_visible_on_the_table_is_refused():
    words = ("ICE CREAM", "Crème", *WORDS[2:])
    s = new_game(L, STD, words)
    for word in ("w7", "W7", "ice", "cream", "ICE-cold", "CRÈME", "crème brûlée"):
        with pytest.raises(IllegalAction) as err:
            apply(s, Clue("A", 1, word))
        assert err.value.reason == "word_visible", word
        assert "visible on the table" in str(err.value)
    apply(s, Clue("A", 1, "icy"))
    apply(s, Clue("A", 1))  # no word recorded: nothing to check


def test_a_word_marked_from_one_side_is_still_visible_and_a_covered_one_is_not():
    words = tuple(f"W{i}" for i in range(25))
    green, tan = cell_index(GT[0]), cell_index(TT[0])
    s, _ = play(L, STD, f"clue A 1; guess B {GT[0]}; pass B; clue B 1; guess A {TT[0]}")
    s = replace(s, words=words)
    assert s.marks[tan] and not s.out_of_play(tan)
    with pytest.raises(IllegalAction):
        apply(s, Clue("A", 1, words[tan]))  # marked by A's guess only: still visible
    apply(s, Clue("A", 1, words[green]))  # covered by an agent: may be said


def test_paper_ticks_the_turn_box_when_the_turn_begins():
    paper = Rules(ruleset="paper")
    s, ev = play(L, paper, "clue A 2")
    assert s.tokens_left == 8 and TokensTaken(1, "checkmark", "turn") in ev
    s, _ = play(L, paper, f"clue A 2; guess B {GT[0]}; pass B")
    assert (s.tokens_left, s.phase) == (8, "clue")  # the pass ticks nothing more
    # An assassin on turn 2 with one agent found: 7 unused turns, 14 agents not found.
    s, _ = play(L, paper, f"clue A 1; guess B {GT[0]}; pass B; clue B 1; guess A {TB}")
    assert (s.outcome, s.reason, s.tokens_left) == ("lost", "assassin", 7)
    from keystand.rules.scoring import score_breakdown

    assert score_breakdown(s)["total"] == -210


def test_sudden_death():
    # Two tokens: two bystanders spend them; then anyone with words left guesses.
    s, _ev = play(
        L,
        Rules(tokens=2, bystander_tokens=2),
        f"clue A 1; guess B {TT[0]}; clue B 1; guess A {TT[1]}",
    )
    assert s.phase == "sudden_death" and s.went_to_sudden_death
    refused(s, Clue("A", 1), "sudden_death")
    refused(s, Pass("A"), "no_turn")
    s2, _ = apply(s, Guess("A", cell_index(TG[0])))
    s2, _ = apply(s2, Guess("B", cell_index(GT[0])))  # any order, no turns
    assert s2.phase == "sudden_death" and s2.agents_found == 2
    s3, _ = apply(s2, Guess("A", cell_index(TT[2])))
    assert (s3.outcome, s3.reason) == ("lost", "sudden_death")


def test_sudden_death_win_scores_minus_one():
    greens_a = GT + GG + [GB]
    greens_b = [*TG, BG]
    script = f"clue A 1; guess B {TT[0]}; "  # the only token goes on a bystander
    script += "; ".join(f"guess B {c}" for c in greens_a) + "; "
    script += "; ".join(f"guess A {c}" for c in greens_b)
    s, _ = play(L, Rules(tokens=1, bystander_tokens=1), script)
    assert s.outcome == "won" and s.tokens_left == 0
    assert s.score == -1


def test_illegal_actions_leave_state_unchanged():
    s, _ = play(L, STD, f"clue A 2; guess B {GT[0]}")
    before = (s.tokens_left, s.agents, s.marks, s.phase, s.giver)
    for action in (Clue("A", 1), Guess("A", 3), Guess("B", cell_index(GT[0])), Pass("A")):
        with pytest.raises(IllegalAction):
            apply(s, action)
    assert (s.tokens_left, s.agents, s.marks, s.phase, s.giver) == before


def test_the_engines_working_copy_has_every_field_of_a_state():
    import typing

    from keystand.rules import game

    work = typing.get_type_hints(game._Work)
    state = typing.get_type_hints(game.GameState)
    assert work == state


def test_a_clue_said_aloud_needs_no_number_in_the_duet_ruleset():
    s, events = apply(new_game(L, STD), Clue("A", None))
    assert s.phase == "guessing" and s.clue_number is None and events[-1].number is None
    s, _ = apply(s, Guess("B", cell_index(GT[0])))
    assert s.correct == 1
    from keystand.rules.missions import make_rules

    paper = new_game(L, make_rules(ruleset="paper"))
    refused(paper, Clue("A", None), "clue_number")  # the book caps guesses at number + 1


def test_a_script_may_leave_the_number_unrecorded():
    import json

    from helpers import play_example

    result = play_example("clue A -\nguess B RANCH\n")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["clue"] == {"number": None, "word": None} and summary["agents_found"] == 1
