"""Shared fixtures and helpers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from keystand.rules.layout import Layout

# A hand-made key card (A's frame) used by the rulebook's worked example, with its
# 25 words in A's reading order. RANCH/DOLL/LUNCH/CAESAR/ANT are green for A,
# NAPOLEON green on both sides, RUSSIA tan for A and green for B, LEMONADE black for A.
EXAMPLE_WORDS = (
    "RANCH,RUSSIA,NAPOLEON,RIFLE,DOLL,"
    "LUNCH,LEMONADE,CAESAR,ANT,PIANO,"
    "MOON,STAR,BANK,RIVER,CASTLE,"
    "ROBOT,HONEY,GLASS,CHAIR,SNOW,"
    "TRAIN,BOOT,CLOUD,SPOON,PAPER"
)
EXAMPLE_LAYOUT = Layout.parse(
    "GT TG GG TG GT GT BT GT GT TB TG TG GB BG BB GG GG TG TT TT TT TT TT TT TT"
)


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run the installed command the way a user does, in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-m", "keystand.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def play_example(script: str | Path, *extra: str) -> subprocess.CompletedProcess:
    """``keystand play`` on the worked example's card and words; the script is
    text given on stdin, or a file named on the command line."""
    from_file = isinstance(script, Path)
    return run_cli(
        "play",
        "--layout",
        EXAMPLE_LAYOUT.format(),
        "--words",
        EXAMPLE_WORDS,
        *extra,
        "--script",
        str(script) if from_file else "-",
        stdin=None if from_file else script,
    )


@pytest.fixture
def cli():
    return run_cli
