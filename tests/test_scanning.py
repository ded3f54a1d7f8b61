"""Scanner framing, fuzzed, and a real pty at 9600 and 19200 baud."""

import contextlib
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import FUZZ_EXAMPLES
from keystand.events import ScanRefused, ScanText
from keystand.hal.scanner import ScanFramer
from keystand.rules.gamecode import GameCode, GameCodeError, decode, encode
from keystand.rules.ranking import unrank
from keystand.rules.setup import Rules
from serial_peers import FakeScanner, wait_opened

CODE = encode(GameCode(Rules(), layout=unrank(99)))


@pytest.mark.parametrize("ending", [b"\r", b"\n", b"\r\n"])
def test_line_endings(ending):
    f = ScanFramer()
    out = f.feed(CODE.encode() + ending + CODE.encode() + ending, now=0)
    assert out == [ScanText(CODE), ScanText(CODE)]


def test_idle_gap_ends_an_unterminated_scan():
    f = ScanFramer(idle_gap=0.1)
    assert f.feed(CODE[:10].encode(), now=0.0) == []
    assert f.feed(CODE[10:].encode(), now=0.05) == []
    assert f.tick(now=0.1) == []
    assert f.tick(now=0.2) == [ScanText(CODE)]


def test_garbage_is_refused_with_a_reason():
    f = ScanFramer(max_len=40)
    assert f.feed(b"\xff\xfe\xfd\r", 0) == [
        ScanRefused("scan is not text (not UTF-8) and was ignored", "not_text")
    ]
    assert f.feed(b"A" * 100 + b"\r", 0) == [
        ScanRefused("scan longer than 40 bytes ignored", "too_long")
    ]
    assert f.feed(b"AB\x07CD\r", 0) == [
        ScanRefused("scan holds control characters and was ignored", "not_text")
    ]
    assert f.feed(b"\r\n\r\n", 0) == []
    assert f.feed(CODE.encode() + b"\r", 0) == [ScanText(CODE)]  # framing recovers


@pytest.mark.slow
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
@given(st.lists(st.tuples(st.binary(max_size=80), st.floats(0, 0.5)), max_size=6))
def test_fuzz_framing_and_parsing(chunks):
    f = ScanFramer(max_len=64)
    now = 0.0
    results = []
    for data, gap in chunks:
        now += gap
        results += f.feed(data, now)
    results += f.tick(now + 1)
    for r in results:
        assert isinstance(r, (ScanText, ScanRefused))
        if isinstance(r, ScanText):
            assert r.text and r.text.isprintable() and len(r.text.encode()) <= 64
            with contextlib.suppress(GameCodeError):
                decode(r.text)


@pytest.mark.parametrize("baud", ["9600", "19200"])
def test_scanner_over_a_pty(baud):
    peer = FakeScanner()
    try:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "keystand.cli",
                "scan",
                "--port",
                peer.path,
                "--baud",
                baud,
                "--count",
                "4",
                "--timeout",
                "20",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_opened(proc.pid, peer.path)
        peer.send(CODE.encode() + b"\r\n")
        peer.send(b"\xc3\x28garbage\r")
        peer.send(CODE[:-1].encode() + b"Z\n")  # a misread character
        peer.send(CODE.encode())  # no terminator: the idle gap ends it
        out, err = proc.communicate(timeout=30)
    finally:
        peer.close()
    assert proc.returncode == 0
    games = [json.loads(line) for line in out.splitlines()]
    assert len(games) == 2 and all(g["layout"] == unrank(99).format() for g in games)
    refusals = err.splitlines()
    assert len(refusals) == 2
    assert "not UTF-8" in refusals[0] and "mistyped" in refusals[1]
