"""No game lost to a stray press (issue 29; docs/screens.md, "Decision: the cursor
starts off the cards").

A new player's "wake-up" press guessed the centre card, an assassin on both sides;
a press after "new game" guessed the new game's centre; after a restart the
cursor came back on the centre in the middle of a turn; knob turns made while the
screen said "Not now" still moved the cursor. Each case is played here through
`keystand run --simulate`, as the issue's check says, and read back from `dump`.
"""

from __future__ import annotations

import json
import subprocess

from helpers import KEY, LAYOUT, daemon_command, knob_turns, settle, start_device
from keystand.app.session import Session, step_cursor
from keystand.rules.game import new_game
from keystand.rules.layout import cell_name, seat_index
from keystand.rules.setup import Rules
from keystand.screens.render import screen_lines


def _run(state_dir, lines: list[str], *extra: str) -> list[dict]:
    """``lines`` on the daemon's stdin; every ``dump`` among them, parsed."""
    done = subprocess.run(
        daemon_command(state_dir, *extra),
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def _nothing_played(before: dict, after: dict) -> None:
    """No agent found, no mistake, no turn: the journal did not move."""
    assert after["seq"] == before["seq"]
    for field in ("agents_found", "mistakes", "turns", "tokens_left", "phase"):
        assert after[field] == before[field], field


def test_a_press_right_after_the_legend_closes_guesses_nothing(tmp_path):
    # A new device: both panels open on the legend, which says how to go on.
    shown, *after = _run(
        tmp_path, ["dump", "A press", "B press", "dump", "A press", "B press", "dump"]
    )
    assert shown["seats"]["A"]["lines"][:2] == ["Key symbols", "press: go on"]
    closed, pressed = after
    assert all(seat["lines"][0] != "Key symbols" for seat in closed["seats"].values())
    _nothing_played(shown, closed)
    _nothing_played(closed, pressed)
    for seat in "AB":  # each press said what to do instead
        assert pressed["seats"][seat]["message"] == "knob_first"
        assert pressed["seats"][seat]["cursor"] is None
        assert "Turn the knob" in pressed["seats"][seat]["lines"]


def test_a_press_right_after_a_new_game_guesses_nothing(tmp_path):
    # The first game lost at once: B turns onto A's assassin (a1) and presses.
    to_assassin = [f"B {t}" for t in knob_turns(None, seat_index(0, "B"))]
    lose = ["A back", "B back", *to_assassin, "B press", "dump"]
    next_game = ["A press", "dump"]  # "Press: new game"
    again = ["A press", "B press", "dump"]  # the natural next presses
    lost, started, pressed = _run(tmp_path, [*lose, *next_game, *again], "--key", KEY)
    assert (lost["outcome"], lost["reason"]) == ("lost", "assassin")
    assert started["outcome"] == "playing" and started["seq"] == 0  # "Press: new game"
    _nothing_played(started, pressed)  # ... and the natural second press guessed nothing
    assert {s["cursor"] for s in pressed["seats"].values()} == {None}


def test_a_press_right_after_a_restart_mid_turn_guesses_nothing(tmp_path):
    # B finds an agent of A's (c1) and is still guessing when the power goes.
    to_green = [f"B {t}" for t in knob_turns(None, seat_index(2, "B"))]
    [mid_turn] = _run(tmp_path, ["A back", "B back", *to_green, "B press", "dump"], "--key", KEY)
    assert (mid_turn["phase"], mid_turn["guesser"], mid_turn["agents_found"]) == (
        "guessing",
        "B",
        1,
    )
    resumed, pressed = _run(tmp_path, ["dump", "A press", "B press", "dump"])
    assert resumed["seq"] == mid_turn["seq"] and resumed["guesser"] == "B"
    assert resumed["seats"]["B"]["cursor"] is None  # not back on the centre (an assassin)
    _nothing_played(resumed, pressed)
    assert pressed["seats"]["B"]["message"] == "knob_first"


def test_knob_turns_out_of_turn_leave_the_cursor_off_the_cards(tmp_path):
    device = start_device(tmp_path)
    try:
        for turn in knob_turns(None, seat_index(2, "B")):
            device.command(f"B {turn}")
        device.command("B press")  # A's clue, B's guess: B guesses, A waits
        settle(device.daemon)
        for _ in range(12):
            device.command("A right")  # while A's screen says "Not now"
        settle(device.daemon)
        session = device.daemon.session
        assert session.cursor["A"] is None
        assert session.message("A").kind == "refused" and session.message("A").args == (
            "not_guesser",
        )
        # A new turn starts with both cursors off the cards, whoever guesses next.
        device.command("bank take 9")  # B ends the turn with a token
        settle(device.daemon)
        assert device.daemon.state.phase == "clue"
        assert session.cursor == {"A": None, "B": None}
    finally:
        device.stop()


def test_the_cursor_goes_round_the_cards_and_the_place_off_them():
    assert step_cursor(None, 1) == 0 and step_cursor(None, -1) == 24
    assert step_cursor(24, 1) is None and step_cursor(0, -1) is None
    assert step_cursor(12, 1) == 13 and step_cursor(12, -1) == 11
    here: int | None = None
    seen = []
    for _ in range(26):
        here = step_cursor(here, 1)
        seen.append(here)
    assert seen == [*range(25), None]  # every card once, then off the cards again


def test_the_card_under_the_cursor_is_named_in_the_seats_own_view():
    s = Session(new_game(LAYOUT, Rules()), lambda a, st: None)
    s.control("B", "right")  # B's first card: the far row's leftmost, as B sees it
    assert "Row 1, card 1" in screen_lines(s.views()["B"])
    assert cell_name(seat_index(0, "B")) == "e5"  # B's far left is A's near right
    for _ in range(7):
        s.control("B", "right")
    assert "Row 2, card 3" in screen_lines(s.views()["B"])


def test_the_panels_name_the_mission_being_played():
    """Neither the panels nor the status line said which mission was played."""
    rules = Rules(tokens=9, bystander_tokens=5, mission="cairo")
    s = Session(new_game(LAYOUT, rules), lambda a, st: None, missions=(("cairo", "Cairo\t9-5"),))
    for seat in "AB":
        lines = screen_lines(s.views()[seat])
        assert lines[:3] == ["Cairo 9-5", "Tokens 9", "Mistakes 5"], lines
