"""Storage faults at the table: a full disk, a read-only or unusable state folder,
damaged journals. Each test checks that nothing acknowledged is lost and that
both displays say what happened (the view each panel shows, decoded from its bus).

Real faults where the machine allows mounts (a tiny tmpfs that fills up, a
read-only remount: tests/mounts.py); an injected SQLite error otherwise, and for
a journal turning read-only while open, which no remount can do to an open file.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import ImageChops

from helpers import KEY, PROFILE, knob_turns, settle, start_device, wait_for
from keystand.app.journal import Journal, action_to_json
from keystand.app.storage import Storage
from keystand.rules.actions import Clue, Guess, Pass
from keystand.rules.layout import seat_index
from keystand.screens.messages import message_lines
from keystand.screens.render import render
from keystand.screens.view import Message
from mounts import fill, mount_refusal, remount, tmpfs

FIXTURES = Path(__file__).parent / "fixtures" / "journals"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())
# The game the damaged journals in fixtures/ hold (written when the giver dialled a number).
GAME = [Clue("A", 1), Guess("B", 2), Pass("B"), Clue("B", 1), Guess("A", 1), Pass("A")]
# The game these tests play: B's first press records the clue A said and B's guess.
LIVE = [Clue("A", None), Guess("B", 2), Guess("B", 1), Pass("B")]
needs_mounts = pytest.mark.skipif(mount_refusal() is not None, reason=str(mount_refusal()))


def _shown(device, seat: str) -> Message | None:
    """The message seat's panel shows, once the panel shows exactly its view."""
    view = device.daemon.session.views()[seat]
    frame = device.table.frame(seat)
    if ImageChops.difference(frame, render(view).convert("1")).getbbox() is not None:
        return None
    return view.message


def _both_show(device, message: Message, limit: float = 3.0) -> bool:
    return wait_for(lambda: all(_shown(device, s) == message for s in "AB"), limit)


def _acked(caplog) -> list[tuple[int, int, dict]]:
    """Every action the daemon acknowledged (its ``ack GAME SEQ ACTION`` lines)."""
    out = []
    for r in caplog.records:
        if r.name == "keystand.ack" and r.getMessage().startswith("ack "):
            _, game, seq, action = r.getMessage().split(" ", 3)
            out.append((int(game), int(seq), json.loads(action)))
    return out


def _journal_rows(path: Path) -> list[tuple[int, int, dict]]:
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT game, seq, action FROM actions ORDER BY game, seq").fetchall()
    finally:
        db.close()
    return [(g, s, json.loads(a)) for g, s, a in rows]


def _errors(caplog, text: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.ERROR and text in r.getMessage()
    ]


def _json(actions) -> list[dict]:
    return [json.loads(action_to_json(a)) for a in actions]


def _guess_green_for_b(device) -> None:
    """B's cursor from off the cards to A's cell 2 (green for A), then a press: the
    first press of the game, so it records the clue A said as well."""
    for turn in knob_turns(None, seat_index(2, "B")):
        device.command(f"B {turn}")
    device.command("B press")


def _press_centre(device, seat: str) -> None:
    """``seat`` turns from where its cursor is onto the centre card (a new session
    starts off the cards) and presses: whoever may guess, a move."""
    for turn in knob_turns(device.daemon.session.cursor[seat], 12):
        device.command(f"{seat} {turn}")
    device.command(f"{seat} press")


def _first_guess_saved(device) -> None:
    _guess_green_for_b(device)
    assert wait_for(lambda: device.daemon.state.agents_found == 1)


def _next_green_for_b(device) -> None:
    """B turns its knob the short way to A's cell 1 (also green for A) and presses;
    the cursor may have been anywhere (a restart puts it off the cards)."""
    for turn in knob_turns(device.daemon.session.cursor["B"], seat_index(1, "B")):
        device.command(f"B {turn}")
    device.command("B press")


# ---------------------------------------------------------------- while playing


@needs_mounts
def test_a_full_disk_refuses_the_move_says_why_and_resumes_by_itself(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    with tmpfs(tmp_path / "disk", size="256k") as disk:
        device = start_device(disk / "state")
        d = device.daemon
        try:
            _first_guess_saved(device)  # the clue and a guess, saved
            filler = fill(disk)
            _next_green_for_b(device)
            full = Message("not_saved", ("disk_full",))
            assert _both_show(device, full)
            assert message_lines(full) == ["Can't save:", "disk full", "move not made"]
            assert d.state.agents_found == 1  # not saved, so not played
            device.command("B press")  # again: still refused, still said once in the log
            settle(d)
            assert _both_show(device, full) and d.state.agents_found == 1
            assert len(_errors(caplog, "cannot save")) == 1
            filler.unlink()  # space again: the table notices by itself
            assert _both_show(device, Message("saving_again"), limit=8)
            device.command("B press")
            assert wait_for(lambda: d.state.agents_found == 2)
        finally:
            device.stop()
        acked = _acked(caplog)
        assert [a for _, _, a in acked] == _json(LIVE[:3])
        # On disk, in order, numbered without a gap.
        assert _journal_rows(disk / "state" / "journal.sqlite") == acked
        assert [seq for _, seq, _ in acked] == [1, 2, 3]


def test_a_journal_turning_read_only_refuses_moves_until_it_works(tmp_path, monkeypatch, caplog):
    """Injected: the SQLite error a read-only journal gives, raised by every write."""
    caplog.set_level(logging.INFO)
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (x)")
    db.execute("PRAGMA query_only = 1")
    with pytest.raises(sqlite3.OperationalError) as readonly:
        db.execute("INSERT INTO t VALUES (1)")
    assert readonly.value.sqlite_errorname == "SQLITE_READONLY"

    def refuse(*_args, **_kwargs):
        raise readonly.value

    device = start_device(tmp_path / "state")
    d = device.daemon
    try:
        _first_guess_saved(device)
        for method in ("append", "probe", "start"):
            monkeypatch.setattr(Journal, method, refuse)
        _next_green_for_b(device)
        refused = Message("not_saved", ("read_only",))
        assert _both_show(device, refused)
        assert d.state.agents_found == 1
        device.command("A back_hold")  # the menu's "New game" cannot be saved either
        device.command("A press")
        device.command("A hold")
        settle(d)
        assert _both_show(device, refused)
        assert d.state.agents_found == 1 and d.game_id == 1
        monkeypatch.undo()
        assert _both_show(device, Message("saving_again"), limit=8)
        device.command("B press")  # B's cursor is still on the green the refusal kept
        assert wait_for(lambda: d.state.agents_found == 2)
    finally:
        device.stop()
    assert len(_errors(caplog, "cannot save")) == 1
    assert _journal_rows(tmp_path / "state" / "journal.sqlite") == _acked(caplog)


# ---------------------------------------------------------------- at start


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_damaged_journal_is_kept_recovered_and_the_table_starts(tmp_path, caplog, name):
    caplog.set_level(logging.INFO)
    state = tmp_path / "state"
    state.mkdir()
    shutil.copy(FIXTURES / name, state / "journal.sqlite")
    digest = hashlib.sha256((FIXTURES / name).read_bytes()).hexdigest()
    device = start_device(state)
    d = device.daemon
    try:
        kept = list(state.glob("journal-damaged-*.sqlite"))
        assert len(kept) == 1
        assert hashlib.sha256(kept[0].read_bytes()).hexdigest() == digest  # byte for byte
        [line] = _errors(caplog, "was damaged")
        assert str(kept[0]) in line
        resumed = d.storage.recovered.resumed
        want = EXPECTED[name]["resumed"]
        assert resumed == want if want >= 0 else resumed >= 0
        assert _both_show(device, Message("journal_recovered", (resumed,)))
        assert d.snapshot()["seq"] == resumed
        # The game goes on from the last good action.
        rows = _journal_rows(state / "journal.sqlite")
        assert [a for game, _, a in rows if game == d.game_id] == _json(GAME[:resumed])
        # A move after recovery (whoever acts now presses) is saved in the new journal.
        acting = next(s for s, v in d.session.views().items() if v.role in ("clue", "guess"))
        _press_centre(device, acting)
        assert wait_for(lambda: d.snapshot()["seq"] > resumed)
        game = d.game_id
    finally:
        device.stop()
    # What was recovered is a prefix of each game the damaged file held.
    rows = _journal_rows(state / "journal.sqlite")
    for g, seq, action in rows:
        if g != game or seq <= resumed:
            assert action == _json(GAME)[seq - 1]
    storage = Storage(state)
    assert storage.open() is not None and storage.status == ("saving", None)  # reads cleanly
    storage.close()


def _unusable(tmp_path: Path, how: str) -> Path:
    if how == "a file":
        (tmp_path / "state").write_text("not a folder")
        return tmp_path / "state"
    (tmp_path / "parent").write_text("a file where a folder should be")
    return tmp_path / "parent" / "state"


@pytest.mark.parametrize("how", ["a file", "under a file"])
def test_a_state_folder_that_cannot_be_used_plays_without_saving(tmp_path, caplog, how):
    caplog.set_level(logging.INFO)
    state = _unusable(tmp_path, how)
    device = start_device(state)
    d = device.daemon
    try:
        assert _both_show(device, Message("not_saving", ("not_a_folder",)))
        _press_centre(device, "A")
        assert wait_for(lambda: d.state.turns == 1)  # played, from memory
        [line] = _errors(caplog, "state folder")
        assert line.startswith(f"state folder {state}: ") and "\n" not in line
    finally:
        device.stop()


@needs_mounts
def test_a_read_only_state_folder_plays_on_and_saves_once_writable(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    with tmpfs(tmp_path / "disk") as disk:
        device = start_device(disk / "state")
        _first_guess_saved(device)  # game 1: a clue and a guess, saved
        device.stop()
        remount(disk, read_only=True)
        device = start_device(disk / "state")
        d = device.daemon
        try:
            assert d.state.agents_found == 1  # read, and resumed
            assert _both_show(device, Message("not_saving", ("read_only",)))
            _next_green_for_b(device)  # played from memory
            assert wait_for(lambda: d.state.agents_found == 2)
            remount(disk, read_only=False)
            assert _both_show(device, Message("saving_now"), limit=8)
            device.command("bank take 9")  # B ends the turn: saved straight away
            assert wait_for(lambda: d.state.passes == 1)
        finally:
            device.stop()
        rows = _journal_rows(disk / "state" / "journal.sqlite")
        last = max(g for g, _, _ in rows)
        assert [a for g, _, a in rows if g == last] == _json(LIVE[:4])


@needs_mounts
def test_a_full_disk_at_start_resumes_the_game_and_saves_when_space_returns(tmp_path):
    with tmpfs(tmp_path / "disk", size="256k") as disk:
        device = start_device(disk / "state")
        _first_guess_saved(device)
        device.stop()
        filler = fill(disk)
        device = start_device(disk / "state")
        d = device.daemon
        try:
            assert d.state.agents_found == 1
            assert _both_show(device, Message("not_saving", ("disk_full",)))
            filler.unlink()
            assert _both_show(device, Message("saving_now"), limit=8)
            _next_green_for_b(device)
            assert wait_for(lambda: d.state.agents_found == 2)
        finally:
            device.stop()
        rows = _journal_rows(disk / "state" / "journal.sqlite")
        last = max(g for g, _, _ in rows)
        assert [a for g, _, a in rows if g == last] == _json(LIVE[:3])


def test_keystand_run_on_a_file_says_so_in_one_line_and_plays(tmp_path):
    state = tmp_path / "state"
    state.write_text("oops")
    cmd = [sys.executable, "-m", "keystand.cli", "run", "--config", str(PROFILE), "--simulate"]
    done = subprocess.run(
        [*cmd, "--state-dir", str(state), "--key", KEY],
        input="A right\n" * 13 + "A press\ndump\n",  # onto the centre card, and press
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["turns"] == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [
        f"ERROR keystand.app.storage: state folder {state}: is a file, not a folder; "
        "playing without saving until it can be used"
    ]
    assert "Traceback" not in done.stderr


def test_a_journal_going_bad_while_playing_is_rebuilt_and_the_game_saved(
    tmp_path, monkeypatch, caplog
):
    """Injected: the SQLite error a corrupt journal gives, raised by one write."""
    caplog.set_level(logging.INFO)
    (tmp_path / "not-a-journal").write_bytes(b"garbage, not a database" * 200)
    with pytest.raises(sqlite3.DatabaseError) as corrupt:
        sqlite3.connect(tmp_path / "not-a-journal").execute("SELECT * FROM sqlite_master")
    assert corrupt.value.sqlite_errorname == "SQLITE_NOTADB"
    real_append = Journal.append
    calls = []

    def append_once_corrupt(self, action, finished):
        calls.append(action)
        if len(calls) == 3:  # the second guess; the first press saved two actions
            raise corrupt.value
        return real_append(self, action, finished)

    monkeypatch.setattr(Journal, "append", append_once_corrupt)
    state = tmp_path / "state"
    device = start_device(state)
    d = device.daemon
    try:
        _first_guess_saved(device)
        _next_green_for_b(device)  # the write that finds the journal damaged
        assert wait_for(lambda: len(calls) == 3)
        assert d.state.agents_found == 1
        # The probe rebuilds it and writes the game in: saving again, by itself.
        assert _both_show(device, Message("saving_again"), limit=8)
        device.command("B press")
        assert wait_for(lambda: d.state.agents_found == 2)
    finally:
        device.stop()
    assert len(list(state.glob("journal-damaged-*.sqlite"))) == 1
    rows = _journal_rows(state / "journal.sqlite")
    assert [a for g, _, a in rows if g == d.game_id] == _json(LIVE[:3])


def test_a_journal_deleted_while_playing_is_written_anew_with_the_whole_game(tmp_path):
    state = tmp_path / "state"
    device = start_device(state)
    d = device.daemon
    try:
        _first_guess_saved(device)
        for name in ("journal.sqlite", "journal.sqlite-wal", "journal.sqlite-shm"):
            (state / name).unlink(missing_ok=True)
        _next_green_for_b(device)
        assert wait_for(lambda: d.state.agents_found == 2)
    finally:
        device.stop()
    rows = _journal_rows(state / "journal.sqlite")
    assert [a for g, _, a in rows if g == d.game_id] == _json(LIVE[:3])


def test_a_journal_locked_by_another_program_refuses_moves_quickly(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    device = start_device(tmp_path / "state")
    d = device.daemon
    other = sqlite3.connect(tmp_path / "state" / "journal.sqlite", isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # a sqlite3 shell holding the write lock
        _press_centre(device, "A")
        assert _both_show(device, Message("not_saved", ("locked",)))
        assert d.state.turns == 0
        other.execute("ROLLBACK")
        assert _both_show(device, Message("saving_again"), limit=8)
        _press_centre(device, "A")
        assert wait_for(lambda: d.state.turns == 1)
    finally:
        other.close()
        device.stop()


def test_a_new_game_played_without_saving_still_says_so(tmp_path):
    state = _unusable(tmp_path, "a file")
    device = start_device(state)
    d = device.daemon
    try:
        notice = Message("not_saving", ("not_a_folder",))
        assert _both_show(device, notice)
        device.command("A back_hold")  # the menu's "New game", confirmed with a hold
        device.command("A press")
        device.command("A hold")
        assert wait_for(lambda: d.game_id == 2)
        assert _both_show(device, notice)
    finally:
        device.stop()
