"""The figures of docs/reliability.md: every fault, run again, counted.

    python benchmarks/reliability.py           # the full campaign (a few minutes)
    python benchmarks/reliability.py --quick   # fewer runs of each, to try it out

Kills, power cuts, damaged journals, full and read-only disks, display outages
and scanner floods, on the simulated table (the code the Pi runs, on simulated
wires). Mounts (tmpfs, a loop-mounted ext4 image) need root; where they are
refused the row says so. The table between the markers in docs/reliability.md is
rewritten with what this run measured, and printed. Nothing is asserted here:
the tests assert; this counts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from PIL import ImageChops

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from helpers import (  # noqa: E402
    KEY,
    MOVES,
    PROFILE,
    expected_after_restart,
    game_part,
    journal_rows,
    random_move,
    settle,
    start_device,
    wait_for,
)
from keystand.app.journal import Journal  # noqa: E402
from keystand.app.storage import Storage  # noqa: E402
from keystand.events import ScanWaiting  # noqa: E402
from keystand.rules.actions import Clue, Guess, Pass  # noqa: E402
from keystand.rules.gamecode import GameCode, encode  # noqa: E402
from keystand.rules.keycode import decode  # noqa: E402
from keystand.rules.ranking import unrank  # noqa: E402
from keystand.rules.setup import Rules  # noqa: E402
from keystand.screens.render import render  # noqa: E402
from mounts import cut_power, ext4_image, fill, loop_refusal, mount_refusal, remount, tmpfs  # noqa: E402

DOC = ROOT / "docs" / "reliability.md"
BEGIN, END = "<!-- figures: begin -->", "<!-- figures: end -->"
FIXTURES = ROOT / "tests" / "fixtures" / "journals"


class Capture(logging.Handler):
    """The daemon's log lines, for counting acks and outages."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []
        self.times: list[float] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name}: {record.getMessage()}")
        self.times.append(record.created)

    def clear(self) -> None:
        self.lines.clear()
        self.times.clear()

    def acked(self, before: float = float("inf")) -> list[tuple[int, int, dict]]:
        """Acks logged before ``before`` (time.time()); see tests/test_power_loss.py."""
        out = []
        for line, at in zip(self.lines, self.times, strict=True):
            if at >= before:
                continue
            if line.startswith("keystand: ack "):
                _, _, game, seq, action = line.split(" ", 4)
                out.append((int(game), int(seq), json.loads(action)))
        return out


def lost(acked, on_disk) -> int:
    return sum(on_disk.get((g, s)) != a for g, s, a in acked)


# ---------------------------------------------------------------- campaigns


def kills(n: int, work: Path) -> dict:
    """SIGKILL of `keystand run --simulate` at random moments, then a restart."""
    rng = random.Random(2026)
    acked_total = lost_total = resumed = 0
    cmd = [sys.executable, "-m", "keystand.cli", "run", "--config", str(PROFILE), "--simulate"]
    for k in range(n):
        state = work / f"kill{k % 10}"
        proc = subprocess.Popen(
            [*cmd, "--state-dir", str(state), "--key", KEY],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        # Presses weighted up (they are what gets saved); killed once it is under way.
        moves = MOVES + ["A press", "B press"] * 3
        script = "".join(rng.choice(moves) + "\n" for _ in range(rng.randint(5, 60)))
        try:
            proc.stdin.write(script)
            proc.stdin.flush()
        except BrokenPipeError:
            pass
        time.sleep(rng.uniform(0.2, 1.5))
        proc.kill()
        _, err = proc.communicate()
        acked = [
            (int(g), int(s), json.loads(a))
            for g, s, a in (
                line.split(" ", 5)[3:] for line in err.splitlines() if " keystand: ack " in line
            )
        ]
        acked_total += len(acked)
        lost_total += lost(acked, journal_rows(state / "journal.sqlite"))
        expected = expected_after_restart(state / "journal.sqlite")
        probe = subprocess.run(
            [*cmd, "--state-dir", str(state)], input="dump\n", capture_output=True, text=True
        )
        dumped = json.loads(probe.stdout.splitlines()[0])
        if expected is None:  # no unfinished game: a fresh one
            resumed += dumped["seq"] == 0 and dumped["phase"] == "clue"
        else:
            resumed += game_part(dumped, expected) == expected
    return {"kills": n, "acked": acked_total, "lost": lost_total, "resumed": resumed}


def power_cuts(n: int, work: Path, log: Capture) -> dict:
    refusal = loop_refusal()
    if refusal:
        return {"skipped": refusal}
    rng = random.Random(7)
    acked_total = lost_total = resumed = compared = 0
    expected = None
    in_flight = 0
    for _ in range(n):
        log.clear()
        with ext4_image(work) as mnt:
            device = start_device(mnt / "state")
            try:
                settle(device.daemon)
                if expected is not None:
                    got = game_part(device.daemon.snapshot(), expected)
                    compared += 1
                    resumed += got == expected
                    if got != expected:
                        diff = {k: (got.get(k), v) for k, v in expected.items() if got.get(k) != v}
                        print(f"  restart differs from the journal: {diff}", file=sys.stderr)
                t_cut = time.monotonic() + rng.uniform(0.05, 0.8)
                while time.monotonic() < t_cut:
                    random_move(device, rng)
                    time.sleep(rng.uniform(0, 0.02))
                cut_at = time.time()
                cut_power(mnt)
            finally:
                device.stop()
        acked = log.acked(before=cut_at)
        in_flight += len(log.acked()) - len(acked)
        with ext4_image(work) as mnt:
            journal = mnt / "state" / "journal.sqlite"
            acked_total += len(acked)
            on_disk = journal_rows(journal)
            missing = [(g, sq) for g, sq, a in acked if on_disk.get((g, sq)) != a]
            lost_total += len(missing)
            if missing:
                print(f"  acknowledged but not on disk after the cut: {missing}", file=sys.stderr)
                for line in log.lines:
                    if "ack" not in line:
                        print(f"    {line}", file=sys.stderr)
            expected = expected_after_restart(journal)
    control = unsynced_control(work / "control")
    return {
        "cuts": n,
        "acked": acked_total,
        "lost": lost_total,
        "resumed": resumed,
        "compared": compared,
        "in_flight": in_flight,
        **control,
    }


def unsynced_control(work: Path) -> dict:
    """The same cut on a journal that does not sync: what the harness would catch."""
    work.mkdir(exist_ok=True)
    acked_total = lost_total = 0
    for _ in range(5):
        with ext4_image(work) as mnt:
            (mnt / "journal.sqlite").unlink(missing_ok=True)
            j = Journal(mnt / "journal.sqlite", "OFF")
            j.start(decode(KEY), Rules())
            acked = [(j.game_id, j.append(Clue("A", n % 10), False)) for n in range(20)]
            cut_power(mnt)
            j.close()
        with ext4_image(work) as mnt:
            kept = journal_rows(mnt / "journal.sqlite")
        acked_total += len(acked)
        lost_total += sum(key not in kept for key in acked)
    return {"control_acked": acked_total, "control_lost": lost_total}


GAME = [Clue("A", 1), Guess("B", 2), Pass("B"), Clue("B", 1), Guess("A", 1), Pass("A")]


def damaged_journals(n: int, work: Path) -> dict:
    """The fixture files, then a fresh journal damaged at random n times: truncated
    anywhere, or one page overwritten with zeros or noise."""
    rng = random.Random(15)
    sources = [(p.name, p.read_bytes()) for p in sorted(FIXTURES.glob("*.sqlite"))]
    base = work / "base.sqlite"
    j = Journal(base)
    for _ in range(30):
        j.start(decode(KEY), Rules())
        for action in GAME:
            j.append(action, finished=False)
    j.close()
    clean = base.read_bytes()
    for k in range(n):
        data = bytearray(clean)
        how = rng.choice(["truncate", "zero page", "noise page"])
        if how == "truncate":
            del data[rng.randrange(len(data)) :]
        else:
            page = rng.randrange(len(data) // 4096) * 4096
            fill_with = bytes(4096) if how == "zero page" else rng.randbytes(4096)
            data[page : page + 4096] = fill_with
        sources.append((f"random {k} ({how})", bytes(data)))
    tried = started = detected = kept = prefixes = undetected_changed = 0
    for name, data in sources:
        folder = work / f"d{tried}"
        folder.mkdir()
        (folder / "journal.sqlite").write_bytes(data)
        tried += 1
        storage = Storage(folder)
        try:
            storage.open()
        except Exception as exc:  # counted, not hidden
            print(f"  {name}: did not start: {exc!r}", file=sys.stderr)
            continue
        storage.close()
        started += 1
        if storage.recovered is None:  # SQLite and the rows found nothing wrong
            found = journal_rows(folder / "journal.sqlite")
            undetected_changed += any(a != _game_json()[s - 1] for (_, s), a in found.items())
            continue
        detected += 1
        kept_file = storage.recovered.kept
        kept += hashlib.sha256(kept_file.read_bytes()).digest() == hashlib.sha256(data).digest()
        recovered = journal_rows(folder / "journal.sqlite")
        prefixes += all(a == _game_json()[s - 1] for (_, s), a in recovered.items())
    return {
        "tried": tried,
        "fixtures": len(list(FIXTURES.glob("*.sqlite"))),
        "started": started,
        "detected": detected,
        "kept": kept,
        "prefixes": prefixes,
        "undetected_changed": undetected_changed,
    }


def _game_json() -> list[dict]:
    from keystand.app.journal import action_to_json

    return [json.loads(action_to_json(a)) for a in GAME]


def disk_full(n: int, work: Path, log: Capture) -> dict:
    refusal = mount_refusal()
    if refusal:
        return {"skipped": refusal}
    rng = random.Random(3)
    refused = lost_total = back = 0
    waits = []
    for k in range(n):
        log.clear()
        # Room for the journal's and the campaign store's WAL files as they grow.
        with tmpfs(work / f"full{k}", size="1m") as disk:
            device = start_device(disk / "state")
            d = device.daemon
            try:
                for _ in range(rng.randint(0, 20)):
                    random_move(device, rng)
                settle(d)
                filler = fill(disk)
                for _ in range(rng.randint(3, 10)):
                    random_move(device, rng)
                settle(d)
                refused += any("cannot save" in line for line in log.lines)
                t0 = time.monotonic()
                filler.unlink()
                ok = wait_for(lambda d=d: d.storage.status == ("saving", None), limit=10)
                waits.append(time.monotonic() - t0)
                back += ok
            finally:
                device.stop()
            lost_total += lost(log.acked(), journal_rows(disk / "state" / "journal.sqlite"))
    return {
        "runs": n,
        "refusing": refused,
        "lost": lost_total,
        "back": back,
        "wait": max(waits, default=0.0),
    }


def read_only(n: int, work: Path, log: Capture) -> dict:
    refusal = mount_refusal()
    if refusal:
        return {"skipped": refusal}
    rng = random.Random(4)
    played = written = 0
    for k in range(n):
        with tmpfs(work / f"ro{k}") as disk:
            device = start_device(disk / "state")
            device.command("A press")
            settle(device.daemon)
            device.stop()
            remount(disk, read_only=True)
            device = start_device(disk / "state")
            d = device.daemon
            try:
                before = d.storage.seq
                for _ in range(rng.randint(2, 12)):
                    random_move(device, rng)
                settle(d)
                moves = d.storage.seq - before
                played += moves
                remount(disk, read_only=False)
                if wait_for(lambda d=d: d.storage.status == ("saving", None), limit=10):
                    found = journal_rows(disk / "state" / "journal.sqlite")
                    written += sum(1 for (g, _s) in found if g == d.game_id) == d.storage.seq
            finally:
                device.stop()
    return {"runs": n, "played": played, "written": written}


def outages(n: int, log: Capture) -> dict:
    """A panel's cable out for up to 3 s while its view changes, or a frame cut off
    after a few writes; then: how long until the panel shows the current view."""
    rng = random.Random(5)
    converged = 0
    times, lines = [], []
    with tempfile.TemporaryDirectory() as state:
        device = start_device(Path(state))
        try:
            for k in range(n):
                log.clear()
                seat = rng.choice("AB")
                bus = device.table.buses[seat]
                if k % 2:  # cut off mid-frame: the write after the first few fails
                    after = rng.randint(1, 4)
                    seen: list = []

                    def cut(_t, seen=seen, after=after, bus=bus):
                        seen.append(1)
                        if len(seen) == after:
                            bus.fail_writes = 1

                    bus.listeners.append(cut)
                    device.command(f"{seat} right")
                    back = time.monotonic()
                else:  # unplugged for a while, the view changing meanwhile
                    bus.fail_writes = 10**9
                    device.command(f"{seat} right")
                    time.sleep(rng.uniform(0, 3))
                    bus.fail_writes = 0
                    back = time.monotonic()
                ok = wait_for(lambda seat=seat: _current(device, seat), limit=10)
                converged += ok
                times.append(time.monotonic() - back)
                lines.append(sum(f"display {seat}: write failed" in x for x in log.lines))
                if k % 2:
                    bus.listeners.remove(cut)
                bus.fail_writes = 0
                settle(device.daemon)
        finally:
            device.stop()
    return {
        "outages": n,
        "converged": converged,
        "max_s": max(times, default=0.0),
        "log_lines_max": max(lines, default=0),
    }


def _current(device, seat: str) -> bool:
    view = device.daemon.session.views()[seat]
    frame = device.table.frame(seat)
    return ImageChops.difference(frame, render(view).convert("1")).getbbox() is None


def floods() -> list[dict]:
    codes = [encode(GameCode(Rules(), layout=unrank(k))) for k in range(1, 20_001)]
    kinds = {
        "one slip, 20,000 times": "".join(codes[0] + "\r\n" for _ in range(20_000)),
        "20,000 different codes": "".join(c + "\r\n" for c in codes),
        "20,000 lines of garbage": "\udcff garbage\r\n" * 20_000,
    }
    out = []
    for name, text in kinds.items():
        with tempfile.TemporaryDirectory() as state:
            device = start_device(Path(state))
            d = device.daemon
            queued = []
            scanner = device.table.scanner
            data = text.encode("utf-8", "surrogateescape")
            sender = threading.Thread(target=scanner.send, args=(data,))
            t0 = time.monotonic()
            sender.start()
            while sender.is_alive():
                queued.append(sum(isinstance(e, ScanWaiting) for e in list(d.queue.queue)))
                time.sleep(0.005)
            elapsed = time.monotonic() - t0
            time.sleep(0.3)
            games = (d.game_id or 1) - 1
            t1 = time.monotonic()
            device.stop()
            out.append(
                {
                    "flood": name,
                    "seconds": elapsed,
                    "games": games,
                    "queued": max(queued, default=0),
                    "stop_s": time.monotonic() - t1,
                }
            )
    return out


def sigterm_with_queue() -> float:
    """SIGTERM to `keystand run` with 20,000 inputs arriving: seconds to exit."""
    with tempfile.TemporaryDirectory() as state:
        cmd = [sys.executable, "-m", "keystand.cli", "run", "--config", str(PROFILE)]
        proc = subprocess.Popen(
            [*cmd, "--simulate", "--state-dir", state, "--key", KEY],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            text=True,
        )

        def write():
            try:
                proc.stdin.write("A right\n" * 20_000)
                proc.stdin.flush()
            except (BrokenPipeError, OSError, ValueError):
                pass

        threading.Thread(target=write, daemon=True).start()
        time.sleep(1.5)
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
        return time.monotonic() - t0


# ---------------------------------------------------------------- the table


def table(f: dict) -> str:
    k, p, dj, full, ro, out = (
        f["kills"],
        f["power"],
        f["damaged"],
        f["full"],
        f["ro"],
        f["outages"],
    )

    def skipped(d: dict) -> str | None:
        return f"not run here: {d['skipped']}" if "skipped" in d else None

    lines = [
        f"Measured {time.strftime('%Y-%m-%d')} with `python benchmarks/reliability.py"
        f"{' --quick' if f['quick'] else ''}` (x86_64, Python {sys.version.split()[0]}).",
        "",
        "| fault | runs | what was checked | result |",
        "|---|---|---|---|",
        f"| SIGKILL at a random moment | {k['kills']} kills | {k['acked']} acknowledged actions"
        f" on disk; restarts show the journal's replay | {k['lost']} lost; "
        f"{k['resumed']} of {k['kills']} restarts exact |",
    ]
    if skipped(p):
        lines.append(f"| power cut (ext4 shutdown, no flush) | — | — | {skipped(p)} |")
    else:
        lines.append(
            f"| power cut (ext4 shutdown, no flush) | {p['cuts']} cuts | {p['acked']} actions "
            f"acknowledged before the cut, on disk after the reboot ({p['in_flight']} more "
            f"whose commit was still running when the cut began, not counted); a restart into "
            f"an unfinished game shows the journal's replay | {p['lost']} lost; "
            f"{p['resumed']} of {p['compared']} such restarts exact |"
        )
        lines.append(
            f"| the same cut, journal with `synchronous=OFF` (control) | 5 cuts | "
            f"{p['control_acked']} acknowledged rows | {p['control_lost']} lost: the harness "
            "catches a journal that does not sync |"
        )
    lines.append(
        f"| damaged journal at start | {dj['tried']} ({dj['fixtures']} fixtures, "
        f"{dj['tried'] - dj['fixtures']} random) | started; damage found; damaged file kept "
        f"byte for byte; recovered actions a prefix | {dj['started']} started, "
        f"{dj['detected']} found damaged, {dj['kept']} kept intact, {dj['prefixes']} prefixes; "
        f"{dj['tried'] - dj['detected']} read as sound, {dj['undetected_changed']} of them "
        "changed |"
    )
    if skipped(full):
        lines.append(f"| disk full while playing | — | — | {skipped(full)} |")
    else:
        lines.append(
            f"| disk full while playing (1 MiB tmpfs) | {full['runs']} runs | moves refused and "
            f"said; nothing acknowledged lost; saving again by itself | {full['refusing']} runs "
            f"refused moves, {full['lost']} lost, {full['back']} of {full['runs']} back by "
            f"themselves (at most {full['wait']:.1f} s after space returned) |"
        )
    if skipped(ro):
        lines.append(f"| read-only state folder at start | — | — | {skipped(ro)} |")
    else:
        lines.append(
            f"| read-only state folder at start | {ro['runs']} runs | game resumed and played "
            f"without saving; written to the journal once writable | {ro['played']} moves "
            f"played unsaved; {ro['written']} of {ro['runs']} games written in full |"
        )
    lines.append(
        f"| display outage (cable out 0–3 s, or a frame cut off mid-way) | {out['outages']} "
        f"outages | the panel shows the current view again, with no input | "
        f"{out['converged']} converged (slowest {out['max_s']:.1f} s after the bus answered "
        f"again); at most {out['log_lines_max']} log line per outage |"
    )
    for fl in f["floods"]:
        lines.append(
            f"| scanner flood: {fl['flood']} | 1 | games loaded; scanner events queued at "
            f"once; stop | {fl['games']} game(s); at most {fl['queued']} queued; stopped in "
            f"{fl['stop_s'] * 1000:.0f} ms |"
        )
    lines.append(
        f"| SIGTERM with 20,000 inputs arriving | 1 | time to exit | "
        f"{f['sigterm'] * 1000:.0f} ms |"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs of each fault")
    parser.add_argument(
        "--only", metavar="FAULT", help="run one fault and print it (the page is not rewritten)"
    )
    args = parser.parse_args()
    q = args.quick
    log = Capture()
    logging.getLogger("keystand").addHandler(log)
    logging.getLogger("keystand").setLevel(logging.INFO)
    logging.getLogger("keystand").propagate = False
    work = Path(tempfile.mkdtemp(prefix="keystand-reliability-"))
    try:
        figures = {"quick": q}
        steps = [
            ("kills", lambda: kills(10 if q else 100, work / "kills")),
            ("power", lambda: power_cuts(10 if q else 100, work / "power", log)),
            ("damaged", lambda: damaged_journals(20 if q else 300, work / "damaged")),
            ("full", lambda: disk_full(3 if q else 20, work / "full", log)),
            ("ro", lambda: read_only(2 if q else 10, work / "ro", log)),
            ("outages", lambda: outages(10 if q else 100, log)),
            ("floods", floods),
            ("sigterm", sigterm_with_queue),
        ]
        if args.only is not None:
            steps = [(n, f) for n, f in steps if n == args.only]
            if not steps:
                parser.error(f"--only: no fault called {args.only!r}")
        for name, step in steps:
            (work / name).mkdir(exist_ok=True)
            t0 = time.monotonic()
            figures[name] = step()
            print(f"{name}: {figures[name]} ({time.monotonic() - t0:.0f} s)", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.only is not None:
        return
    text = table(figures)
    doc = DOC.read_text()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    DOC.write_text(pattern.sub(lambda _m: f"{BEGIN}\n{text}\n{END}", doc))
    print(text)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
