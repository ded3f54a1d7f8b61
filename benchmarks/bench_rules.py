"""Rules engine benchmarks (issue: foundation). Run: python benchmarks/bench_rules.py

Prints one line per measurement; docs/performance.md records the numbers and the
machine. Nothing here is asserted: budgets are compared by people, not by tests.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

from keystand.rules.actions import Clue, Guess
from keystand.rules.game import apply, new_game
from keystand.rules.keycode import decode_rank, encode_rank
from keystand.rules.keygen import seeded_layout
from keystand.rules.setup import Rules

# A 30-action game on a fixed key: alternate clues, B and A guess their partner's greens.
LAYOUT = seeded_layout(2026)


def thirty_actions() -> str:
    lines, state = [], new_game(LAYOUT, Rules(tokens=12, bystander_tokens=12))
    greens = {s: [i for i in range(25) if LAYOUT.role(i, s) == "G"] for s in "AB"}
    giver = "A"
    while len(lines) < 30:
        guesser = "B" if giver == "A" else "A"
        todo = [i for i in greens[giver] if state.agents[i] is None][:2]
        if not todo or not state.can_give_clue(giver):
            giver = guesser
            continue
        lines.append(f"clue {giver} {len(todo)}")
        state, _ = apply(state, Clue(giver, len(todo)))
        for i in todo:
            lines.append(f"guess {guesser} {'abcde'[i % 5]}{i // 5 + 1}")
            state, _ = apply(state, Guess(guesser, i))
        if state.phase == "guessing":
            lines.append(f"pass {guesser}")
            from keystand.rules.actions import Pass

            state, _ = apply(state, Pass(guesser))
        giver = guesser
    return "\n".join(lines[:30]) + "\n"


def bench_play_cli(runs: int = 20) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(thirty_actions())
    cmd = [
        sys.executable,
        "-m",
        "keystand.cli",
        "play",
        "--layout",
        LAYOUT.format(),
        "--script",
        f.name,
    ]
    times = []
    import time

    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    os.unlink(f.name)
    return statistics.median(times) * 1000


def bench_import(module: str, runs: int = 10) -> float:
    """Cumulative import time of ``module`` and everything it pulls in (ms, median)."""
    totals = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", f"import {module}"],
            capture_output=True,
            text=True,
            check=True,
        ).stderr
        total = 0
        for row in out.splitlines():
            if row.startswith("import time:") and "|" in row and "self" not in row:
                total += int(row.split("|")[0].split(":")[1])  # sum of self times
        totals.append(total / 1000)
    return statistics.median(totals)


def bench_apply() -> float:
    state, _ = apply(new_game(LAYOUT, Rules()), Clue("A", 3))
    cell = next(i for i in range(25) if LAYOUT.role(i, "A") == "G")
    action = Guess("B", cell)
    n = 20_000
    return min(timeit.repeat(lambda: apply(state, action), number=n, repeat=5)) / n * 1e6


def bench_code() -> float:
    value = 31_415_926_535_897_932
    n = 20_000
    return min(timeit.repeat(lambda: decode_rank(encode_rank(value)), number=n, repeat=5)) / n * 1e6


def main() -> None:
    print(f"python {sys.version.split()[0]} on {os.uname().machine}, {os.cpu_count()} cpus")
    print(f"keystand play, 30 actions, wall incl. interpreter: {bench_play_cli():.1f} ms (median)")
    for module in (
        "keystand.rules",
        "keystand.rules.game",
        "keystand.rules.keycode",
        "keystand.cli",
    ):
        print(f"import {module} (all modules it loads): {bench_import(module):.1f} ms")
    print(f"apply(guess): {bench_apply():.1f} us")
    print(f"encode + decode key code: {bench_code():.1f} us")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firmware_host"))
    main()
