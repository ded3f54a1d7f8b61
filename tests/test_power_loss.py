"""Power cuts, not just SIGKILL: "acknowledged" must mean "on disk".

A SIGKILL leaves the kernel's page cache behind, so it cannot catch a journal
that forgets to sync. Here the state folder is an ext4 image on a loop device,
and a power cut is the file system's shutdown ioctl without flushing
(tests/mounts.py): whatever was not synced is dropped, and mounting the image
again replays its journal as a reboot would. The first test shows the harness
catches a journal that does not sync (``synchronous=OFF`` loses acknowledged
rows); the second cuts the power under the running table at random moments.
"""

from __future__ import annotations

import json
import logging
import random
import time

import pytest

from helpers import (
    MOVES,
    expected_after_restart,
    game_part,
    journal_rows,
    knob_turns,
    random_move,
    settle,
    start_device,
    wait_for,
)
from keystand.app.journal import Journal, action_to_json
from keystand.rules.actions import Clue, Guess
from keystand.rules.keycode import decode
from keystand.rules.layout import seat_index
from keystand.rules.setup import Rules
from keystand.screens.view import Message
from mounts import cut_power, ext4_image, loop_refusal

pytestmark = pytest.mark.skipif(loop_refusal() is not None, reason=str(loop_refusal()))


@pytest.mark.parametrize("synchronous, loses", [("FULL", False), ("OFF", True)])
def test_the_power_cut_drops_what_was_not_synced(tmp_path, synchronous, loses):
    with ext4_image(tmp_path) as mnt:
        journal = Journal(mnt / "journal.sqlite", synchronous)
        journal.start(decode("06M6-NZ2B-N9BD"), Rules())
        acked = [(journal.game_id, journal.append(Clue("A", n % 10), False)) for n in range(40)]
        cut_power(mnt)  # nothing in flight: every append above had returned
        journal.close()
    with ext4_image(tmp_path) as mnt:
        kept = journal_rows(mnt / "journal.sqlite")
    lost = [key for key in acked if key not in kept]
    assert bool(lost) == loses, f"{len(lost)} of {len(acked)} acknowledged rows lost"


def _acked(caplog, before: float) -> list[tuple[int, int, dict]]:
    """The actions acknowledged before ``before`` (a time.time()). An ack logged
    once the cut had begun came from a commit still running when the power went:
    a real cut leaves nobody to show it to (and the shutdown ioctl can let such an
    fsync report success after it dropped its data), so it proves nothing."""
    out = []
    for r in caplog.records:
        if r.created >= before:
            continue
        if r.name == "keystand.ack" and r.getMessage().startswith("ack "):
            _, game, seq, action = r.getMessage().split(" ", 3)
            out.append((int(game), int(seq), json.loads(action)))
    return out


CUTS = 12


def test_power_cuts_under_the_running_table_lose_no_acknowledged_action(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    rng = random.Random(2026)
    expected: dict | None = None
    acked_total = 0
    for cut in range(CUTS):
        caplog.clear()
        with ext4_image(tmp_path) as mnt:
            device = start_device(mnt / "state")
            d = device.daemon
            try:
                settle(d)
                if expected is not None:  # it came back with exactly what was on disk
                    assert game_part(d.snapshot(), expected) == expected, cut
                t_cut = time.monotonic() + rng.uniform(0.05, 0.8)
                while time.monotonic() < t_cut:
                    random_move(device, rng)
                    time.sleep(rng.uniform(0, 0.02))
                cut_at = time.time()
                cut_power(mnt)
                for _ in range(3):  # the table goes on; what it cannot save it refuses
                    device.command(rng.choice(MOVES))
            finally:
                device.stop()
            acked = _acked(caplog, cut_at)
        acked_total += len(acked)
        with ext4_image(tmp_path) as mnt:  # the reboot: the file system replays its log
            journal = mnt / "state" / "journal.sqlite"
            rows = journal_rows(journal)
            for game, seq, action in acked:
                assert rows.get((game, seq)) == action, (cut, game, seq)
            expected = expected_after_restart(journal)
    assert acked_total >= 2 * CUTS  # the cuts fell among real moves


def test_after_a_power_cut_a_move_is_refused_on_both_displays(tmp_path):
    with ext4_image(tmp_path) as mnt:
        device = start_device(mnt / "state")
        d = device.daemon
        try:
            # B guesses A's c1 (green): the clue A said, and the guess
            for turn in knob_turns(None, seat_index(2, "B")):
                device.command(f"B {turn}")
            device.command("B press")
            assert wait_for(lambda: d.state.agents_found == 1)
            before = d.state
            cut_power(mnt)  # the disk is gone as far as writing goes
            device.command("B right")  # the next green, c2 from A's side
            device.command("B press")
            refused = Message("not_saved", ("io_error",))
            assert wait_for(lambda: all(v.message == refused for v in d.session.views().values()))
            assert d.state.agents_found == before.agents_found
        finally:
            device.stop()
    with ext4_image(tmp_path) as mnt:
        rows = journal_rows(mnt / "state" / "journal.sqlite")
    saved = [Clue("A", None), Guess("B", 2)]
    assert list(rows.values()) == [json.loads(action_to_json(a)) for a in saved]
