"""The daemon end to end on simulated pins and a recording display bus."""

import json
import random
import signal
import subprocess
import time

import pytest
from PIL import ImageChops

from helpers import KEY, MOVES, daemon_command, settle
from keystand.app.journal import Journal, action_from_json, replay
from keystand.rules.layout import Layout
from keystand.rules.report import summary
from keystand.rules.setup import Rules
from keystand.screens.render import render


def _assert_panels_show_the_views(device):
    for seat, view in device.daemon.session.views().items():
        diff = ImageChops.difference(device.table.frame(seat), render(view).convert("1"))
        assert diff.getbbox() is None, seat


def test_controls_and_bank_drive_a_game_and_both_panels_follow(device):
    # A says a clue aloud: no touch. B's first guess records it.
    assert device.command("B right") is None  # B's cursor 12 -> 13
    for _ in range(9):
        device.command("B right")  # -> 22: A's cell 2 (c1), green for A
    assert device.command("B press") is None
    settle(device.daemon)
    state = device.daemon.state
    assert state.agents_found == 1 and state.phase == "guessing"
    _assert_panels_show_the_views(device)
    assert device.command("bank bounce 1") is None  # chatter, then the token is out
    settle(device.daemon)
    assert device.daemon.state.passes == 1 and device.daemon.state.tokens_left == 8
    _assert_panels_show_the_views(device)


def test_bad_sim_commands_are_refused(device):
    assert device.command("C press") == "unknown command 'C press'"
    assert device.command("bank take 13") == "no bank slot 13"
    assert device.command("A dance") == "unknown control 'dance'"


def _run(state_dir):
    return subprocess.Popen(
        daemon_command(state_dir, "--key", KEY),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_sigterm_stops_within_a_second(tmp_path):
    proc = _run(tmp_path)
    # Running, handlers installed: its answer to a dump comes after the first frames
    # (a fixed sleep lost the race on a busy machine: SIGTERM before the handlers).
    proc.stdin.write("dump\n")
    proc.stdin.flush()
    assert proc.stdout.readline()
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    proc.wait(5)
    assert time.monotonic() - t0 < 1.0
    assert proc.returncode == 0
    assert "stopping: SIGTERM" in proc.stderr.read()


@pytest.mark.slow
def test_sigkill_at_random_points_loses_no_acknowledged_action(tmp_path):
    rng = random.Random(2026)
    runs = 200
    for run in range(runs):
        state_dir = tmp_path / f"run{run % 20}"  # games go on across kills in each dir
        proc = _run(state_dir)
        script = "".join(rng.choice(MOVES) + "\n" for _ in range(rng.randint(1, 25)))
        try:
            proc.stdin.write(script)
            proc.stdin.flush()
        except BrokenPipeError:
            pass
        time.sleep(rng.uniform(0.05, 0.6))
        proc.kill()
        _, err = proc.communicate()
        acked = [
            line.split(" ", 5)[3:]
            for line in err.splitlines()
            if line.startswith("INFO keystand.ack: ack ")
        ]
        journal = Journal(state_dir / "journal.sqlite")
        # Every acknowledged action is on disk, in its game, at its place.
        for game_id, seq, action in acked:
            row = journal.db.execute(
                "SELECT action FROM actions WHERE game = ? AND seq = ?", (int(game_id), int(seq))
            ).fetchone()
            assert row is not None and json.loads(row[0]) == json.loads(action), run
        journaled = [
            json.loads(r[0])
            for r in journal.db.execute(
                "SELECT action FROM actions WHERE game = (SELECT MAX(id) FROM games) ORDER BY seq"
            )
        ]
        game = journal.db.execute(
            "SELECT layout, rules, finished FROM games ORDER BY id DESC LIMIT 1"
        ).fetchone()
        journal.close()
        # The daemon comes back with exactly the replay of the journal.
        probe = subprocess.run(
            daemon_command(state_dir),
            input="dump\n",
            capture_output=True,
            text=True,
            timeout=30,
        )
        dumped = json.loads(probe.stdout.splitlines()[0])
        if game is None or game[2]:  # no game yet, or it was over: a fresh one started
            assert dumped["seq"] == 0 and dumped["phase"] == "clue"
            continue
        expected = replay(
            Layout.parse(game[0]),
            Rules(**json.loads(game[1])),
            [action_from_json(json.dumps(a)) for a in journaled],
        )
        engine = {"seq": len(journaled), **summary(expected)}
        assert {k: dumped[k] for k in engine} == engine, run
