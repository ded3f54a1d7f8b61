"""The sensed word grid at the table: a touch on a card is the guess of the seat whose
turn it is, exactly as its knob and press would make it; what is not a touch changes
nothing; the Diagnostics screen shows the pads, and the commands cover them."""

from __future__ import annotations

import json
import subprocess

import pytest

from helpers import (
    KEY,
    PROFILES,
    daemon_command,
    device_config,
    knob_turns,
    run_cli,
    settle,
    start_device,
)
from keystand.rules.layout import cell_index, cell_name, seat_index

TOUCH = PROFILES / "touch.toml"


@pytest.fixture
def table(tmp_path):
    device = start_device(tmp_path / "touch", device_config(TOUCH))
    yield device
    device.stop()


@pytest.fixture
def knob_table(tmp_path):
    device = start_device(tmp_path / "knob", device_config(TOUCH))
    yield device
    device.stop()


def _b_guesses_c1(device) -> None:
    """A's clue said aloud, B's knob to A's c1 (green on A's side) and a press: B
    guesses on."""
    for turn in knob_turns(None, seat_index(2, "B")):  # from off the cards
        assert device.command(f"B {turn}") is None
    assert device.command("B press") is None
    settle(device.daemon)
    assert device.daemon.state.guesser == "B"


def test_a_touch_is_the_guessers_guess_exactly_as_the_knob_makes_it(table, knob_table):
    for device in (table, knob_table):
        _b_guesses_c1(device)
    assert table.command("touch b1") is None  # green on A's side too
    settle(table.daemon)
    knob_table.command("B right")  # from c1 to b1, as B sees the grid
    knob_table.command("B press")
    settle(knob_table.daemon)
    touched, knobbed = table.daemon.snapshot(), knob_table.daemon.snapshot()
    assert touched == knobbed
    assert touched["seq"] == 3 and "b1" in touched["agents"]
    assert touched["seats"]["B"]["cursor"] == "b1"


def test_what_is_not_a_touch_changes_nothing(table):
    _b_guesses_c1(table)
    before = table.daemon.snapshot()
    for line in ("touch b1 slide", "touch d2 d3", "sleeve e4", "cover d1", "touch c1"):
        assert table.command(line) is None, line  # c1 is covered by its agent card now
        settle(table.daemon)
        assert table.daemon.snapshot() == before, line


def test_at_the_first_clue_the_guessers_press_says_whose_touch_it_was(table, knob_table):
    """Either seat may give the first clue, so a touch cannot say who guessed: the
    card is framed on both keys, both say so, and the guesser's press plays it, as
    that seat's knob and press would have (docs/screens.md: one touch more, at most)."""
    before = table.daemon.snapshot()
    assert table.command("touch c1") is None  # green on A's side
    settle(table.daemon)
    framed = table.daemon.snapshot()
    assert framed["seq"] == before["seq"] and framed["agents_found"] == 0  # nothing played
    for seat in "AB":
        assert framed["seats"][seat]["cursor"] == "c1"
        assert framed["seats"][seat]["message"] == "touched"
        assert framed["seats"][seat]["lines"][-3:] == [
            "Card touched:",
            "the guesser",
            "presses to guess",
        ]
    assert table.command("B press") is None  # B guesses: A's clue and B's guess
    settle(table.daemon)
    _b_guesses_c1(knob_table)
    assert table.daemon.snapshot() == knob_table.daemon.snapshot()


def test_a_touch_while_no_one_may_guess_or_on_a_covered_card_does_nothing(table):
    _b_guesses_c1(table)
    table.command("bank take 1")  # B ends the turn: B gives next, A guesses
    settle(table.daemon)
    d = table.daemon
    assert d.state.phase == "clue" and d.session.cursor == {"A": None, "B": None}
    before = d.snapshot()
    assert table.command("touch c1") is None  # covered by its agent card: not a guess
    settle(d)
    assert d.snapshot() == before
    # A touch in the AI's turn, a game over, a menu open on the guesser's seat: none
    # plays; here the menu.
    table.command("A back_hold")
    settle(d)
    menu = d.snapshot()
    assert table.command("touch b1") is None
    settle(d)
    assert d.snapshot() == menu and d.state.agents_found == 1


def test_a_whole_game_played_by_touches(table):
    """Every guess a touch: the first turn's with the guesser's one press (either
    seat could give the first clue), the turns ended by the bank's tokens."""
    from test_table_flow import A_GREENS, B_GREENS

    d = table.daemon
    names = [cell_name(c) for c in range(25)]
    touches = 0

    def touch(cell: int) -> None:
        nonlocal touches
        assert table.command(f"touch {names[cell]}") is None
        touches += 1
        settle(d)

    touch(A_GREENS[0])  # the first clue, A's, said aloud
    table.command("B press")  # the guesser says it is B
    settle(d)
    for cell in A_GREENS[1:]:
        touch(cell)
    assert d.state.agents_found == 9
    table.command("bank take 1")  # B ends the turn with a token
    settle(d)
    for cell in B_GREENS:
        if d.state.agents[cell] is None:
            touch(cell)
    assert d.state.outcome == "won" and d.state.agents_found == 15
    lines = d.snapshot()["seats"]["A"]["lines"]
    assert lines[0].startswith("Won! Score")
    assert touches == len({*A_GREENS, *B_GREENS})  # one touch a card found, no more


def test_the_diagnostics_screen_shows_each_pad_and_a_touch_there_is_not_played(table):
    d = table.daemon
    table.command("A back_hold")
    for _ in range(30):  # the menu stops at its last item, Diagnostics
        table.command("A right")
    table.command("A press")
    table.command("A right")  # from the bank's page to the pads'
    settle(d)
    table.command("finger c1")
    settle(d)
    view = d.session.views()["A"].diagnostics
    assert view.page == "pads" and view.pads is not None
    touched = [i for i, (_, on) in enumerate(view.pads) if on]
    assert touched == [cell_index("c1")]  # seat A sees the grid in its own frame
    assert view.pads[cell_index("c1")][0] > 40 > max(abs(p[0]) for p in view.pads[3:])
    lines = d.snapshot()["seats"]["A"]["lines"]
    assert lines[0] == "Card pads" and lines[2].split()[2].endswith("*")
    table.command("lift")
    table.command("touch e5")
    settle(d)
    assert d.state.turns == 0  # shown, not played


def test_commands_for_the_pads_refuse_what_they_cannot_do(table):
    assert table.command("touch") == "touch: touch CELL, touch CELL slide, or touch CELL CELL " \
        "(cells a1 to e5)"  # fmt: skip
    assert table.command("touch f1") == "touch: 'f1' is not a cell: cells are a1 to e5"
    assert table.command("touch a1 a1").startswith("touch: touch CELL")
    assert table.command("touch a1 fast") == "touch: 'fast' is not a cell: cells are a1 to e5"
    assert table.command("touch a1 b1 slide") == (
        "touch: unexpected 'slide' (touch CELL, touch CELL slide, or touch CELL CELL "
        "(cells a1 to e5))"
    )
    assert table.command("place a1") == "place: a1 already holds its word card (take it first)"
    assert table.command("pad a1 melted") == ("pad: pad CELL dead, pad CELL shorted or pad CELL ok")
    assert table.command("pad z9 dead") == "pad: 'z9' is not a cell: cells are a1 to e5"
    assert table.command("pads drift 99 10").startswith("pads drift: at most 20 pF")
    assert table.command("pads drift x 10").startswith("pads drift: give numbers")


def test_pad_commands_on_a_table_without_pads(device):
    assert device.command("touch a1") == (
        "touch: no card frame on this table ([touch] sensor = none)"
    )


def test_run_simulate_plays_a_touch_from_stdin_as_the_knob_would(tmp_path):
    """`keystand run --simulate` on the touch profile: the guess a touch makes shows in
    `dump` exactly as the knob's, and a slide, two cards and a sleeve change nothing."""
    # B's legend closed, the knob from off the cards to A's c1 (green for A), a press
    to_c1 = [f"B {turn}" for turn in knob_turns(None, seat_index(2, "B"))]
    opening = ["B back", *to_c1, "B press"]
    after = ["touch b1", "dump", "touch b1 slide", "touch d2 d3", "sleeve e4", "dump"]
    touched = _dumps(tmp_path / "t", [*opening, *after])
    knobbed = _dumps(tmp_path / "k", [*opening, "B right", "B press", "dump"])
    assert touched[0] == knobbed[0]
    assert touched[0]["seq"] == 3 and touched[0]["agents"]["b1"] == "B"
    assert touched[1] == touched[0]


def _dumps(state_dir, lines: list[str]) -> list[dict]:
    command = daemon_command(state_dir, "--key", KEY, profile=TOUCH)
    done = subprocess.run(
        command, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "keystand: sim:" not in done.stderr, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def test_selftest_lists_the_25_pads_and_names_a_dead_and_a_shorted_one():
    result = run_cli("selftest", "--config", str(TOUCH), "--simulate")
    assert result.returncode == 0, result.stderr
    pads = [line for line in result.stdout.splitlines() if line[5:].startswith("pad ")]
    names = [line[5:].split(":")[0] for line in pads]
    assert names == [f"pad {c}{r}" for r in "12345" for c in "abcde"]
    assert all(line.startswith("ok   ") and " pF, reads " in line for line in pads)
    result = run_cli("selftest", "--config", str(TOUCH), "--simulate",
                     "--drive", "pad c3 dead", "--drive", "pad d4 shorted")  # fmt: skip
    assert result.returncode == 1
    failed = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert [line.split(":")[0] for line in failed] == ["FAIL pad c3", "FAIL pad d4"]
    assert "dead" in failed[0] and "shorted" in failed[1]
    assert result.stderr.strip() == "keystand: selftest: 2 failed: pad c3, pad d4"


def test_calibrate_writes_each_pads_thresholds_and_refuses_a_dead_one(tmp_path):
    config = tmp_path / "touch.toml"
    profile = TOUCH.read_text()
    config.write_text(profile.replace('"default.toml"', f'"{PROFILES}/default.toml"'))
    cells = [c + r for r in "12345" for c in "abcde"]
    script = "\n" + "".join(f"finger {c}\n\n" for c in cells)
    result = run_cli("calibrate", "--simulate", "--config", str(config), "--samples", "3",
                     stdin=script)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "wrote them into" in result.stdout
    written = device_config(config).touch
    assert len(written.touch_thresholds) == 25
    # Above an untouched pad's noise, below the weakest fingertip (about 67 counts).
    for enter, leave in written.pad_thresholds():
        assert 4 < leave < enter < 60
    assert "touch_threshold = 40" in config.read_text()  # the rest kept as it was
    before = config.read_text()
    dead = "pad c3 dead\n" + script
    result = run_cli("calibrate", "--simulate", "--config", str(config), "--samples", "3",
                     stdin=dead)  # fmt: skip
    assert result.returncode == 1
    assert result.stderr.startswith("keystand: calibrate: card c3: a fingertip moves its pad")
    assert config.read_text() == before
