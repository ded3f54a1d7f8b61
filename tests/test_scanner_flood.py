"""A scanner that floods its line, and a stop with a long queue.

The gate (``hal.scanner.ScanGate``) on its own, then floods over the simulated
scanner's pty (``SimTable.scanner.send``) into a running table, then SIGTERM to a
``keystand run`` whose queue is full.
"""

from __future__ import annotations

import logging
import math
import signal
import subprocess
import threading
import time

import pytest

from helpers import KEY, daemon_command, settle, wait_for
from keystand.events import Control, ControlInput, ScanRefused, ScanText, ScanWaiting
from keystand.hal.scanner import BACKLOG, MIN_GAP, REPEAT_WINDOW, ScanGate
from keystand.rules.gamecode import GameCode, encode
from keystand.rules.ranking import unrank
from keystand.rules.setup import Rules

CODES = [encode(GameCode(Rules(), layout=unrank(n))) for n in range(1, 2001)]


def test_the_same_code_held_under_the_scanner_is_one_scan():
    gate = ScanGate()
    now = 0.0
    wakes = [gate.offer(ScanText(CODES[0]), now + k * 0.01) for k in range(1000)]
    assert wakes.count(True) == 1 and gate.take() == [ScanText(CODES[0])]
    now += 10 + REPEAT_WINDOW  # the slip taken away, then scanned again
    assert gate.offer(ScanText(CODES[0]), now) and gate.take() == [ScanText(CODES[0])]


def test_codes_faster_than_a_hand_are_dropped_and_the_backlog_is_bounded(caplog):
    caplog.set_level(logging.INFO)
    gate = ScanGate()
    for n, code in enumerate(CODES):  # 2,000 different codes in 0.2 s
        gate.offer(ScanText(code), n * 0.0001)
    assert gate.take() == [ScanText(CODES[0])] and gate.dropped == len(CODES) - 1
    assert gate.offer(ScanText(CODES[7]), 5.0)  # calm again: a scan goes through
    warnings = [r for r in caplog.records if "faster than anyone scans" in r.getMessage()]
    over = [r for r in caplog.records if "1999 scans were ignored" in r.getMessage()]
    assert len(warnings) == 1 and len(over) == 1  # said once as it began, once as it ended
    gate.take()
    for n in range(20):  # a human pace, nobody taking them: the backlog stops growing
        gate.offer(ScanText(CODES[n + 100]), 10 + n * MIN_GAP)
    assert len(gate.take()) == BACKLOG


def test_repeated_garbage_is_one_refusal():
    gate = ScanGate()
    for k in range(500):
        gate.offer(ScanRefused("scan is not text", "not_text"), k * 0.001)
    assert gate.take() == [ScanRefused("scan is not text", "not_text")]


# ---------------------------------------------------------------- on the table


def _flood(device, data: bytes) -> tuple[threading.Thread, list[int]]:
    """Send ``data`` down the scanner's line on a thread; sample the loop's queue."""
    sizes: list[int] = []
    scanner = device.table.scanner
    assert scanner is not None
    sender = threading.Thread(target=scanner.send, args=(data,))
    sender.start()

    def sample():
        while sender.is_alive():
            queued = list(device.daemon.queue.queue)
            sizes.append(sum(isinstance(e, ScanWaiting) for e in queued))
            time.sleep(0.005)

    threading.Thread(target=sample, daemon=True).start()
    return sender, sizes


def _stop_within_a_second(device) -> float:
    t0 = time.monotonic()
    device.stop()
    took = time.monotonic() - t0
    assert not device.thread.is_alive() and took < 1.0
    return took


def test_twenty_thousand_scans_of_one_slip_load_it_once(device):
    d = device.daemon
    sender, sizes = _flood(device, (CODES[0] + "\r\n").encode() * 20_000)
    sender.join(60)
    assert wait_for(lambda: d.state.layout == unrank(1))
    time.sleep(0.2)
    assert d.game_id == 2  # the first game, then the scanned one: once
    assert max(sizes) <= 1  # never more than one scanner event queued
    _stop_within_a_second(device)


def test_a_flood_of_different_codes_loads_no_more_than_a_hand_could_scan(device):
    d = device.daemon
    t0 = time.monotonic()
    sender, sizes = _flood(device, "".join(c + "\r\n" for c in CODES).encode())
    sender.join(60)
    elapsed = time.monotonic() - t0
    time.sleep(0.3)
    loaded = d.game_id - 1
    assert 1 <= loaded <= math.ceil(elapsed / MIN_GAP) + 1
    assert max(sizes) <= 1
    _stop_within_a_second(device)


def test_a_garbage_flood_changes_nothing_and_says_so(device):
    d = device.daemon
    settle(d)
    before = d.state
    sender, sizes = _flood(device, b"\xff\xfe\x00garbage\r\n" * 20_000)
    sender.join(60)
    assert wait_for(
        lambda: all(
            m is not None and m.kind == "scan_refused" for m in d.session.messages.values()
        )
    )
    assert d.state == before and d.game_id == 1 and max(sizes) <= 1
    _stop_within_a_second(device)


def test_a_stop_does_not_wait_for_twenty_thousand_queued_events(device):
    d = device.daemon
    for n in range(20_000):
        d.post(ControlInput("AB"[n % 2], Control.RIGHT))
    _stop_within_a_second(device)
    assert d.queue.qsize() > 10_000  # left unhandled: none of them was acknowledged


@pytest.mark.parametrize("line", ["A right", f"scan {CODES[5]}"])
def test_sigterm_stops_within_a_second_with_twenty_thousand_inputs_queued(tmp_path, line):
    proc = subprocess.Popen(
        daemon_command(tmp_path, "--key", KEY),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    reading = threading.Event()
    writer = threading.Thread(target=_write, args=(proc, line, 20_000, reading))
    writer.start()
    # The daemon reads its input only once its signal handlers are in: input past
    # what the pipe holds means it is reading. A loaded machine can take seconds to
    # get there, and a SIGTERM before the handlers would kill it outright.
    assert reading.wait(60), "the daemon never read its input"
    time.sleep(0.5)  # well into the flood
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    proc.wait(10)
    took = time.monotonic() - t0
    err = proc.stderr.read()
    assert took < 1.0 and proc.returncode == 0, err[-2000:]
    assert "stopping: SIGTERM" in err
    assert err.count("loaded a scanned game") <= 1


PIPE_BYTES = 65536  # what a Linux pipe holds before the writer blocks


def _write(proc, line: str, count: int, reading: threading.Event) -> None:
    """``count`` lines, flushed a hundred at a time; ``reading`` is set once more
    than a full pipe has been written, so the daemon has read some. The input
    stays open: the daemon stops for the signal, not at end of input."""
    sent = 0
    try:
        for _ in range(0, count, 100):
            chunk = (line + "\n") * 100
            proc.stdin.write(chunk)
            proc.stdin.flush()
            sent += len(chunk)
            if sent > PIPE_BYTES + len(chunk):
                reading.set()
    except (BrokenPipeError, ValueError, OSError):
        pass  # the daemon stopped first
