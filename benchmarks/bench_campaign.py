"""Campaign benchmarks (issue 17). Run: python benchmarks/bench_campaign.py

Prints one line per measurement; docs/performance.md records the numbers and the
machine. Nothing here is asserted: budgets are compared by people, not by tests.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from keystand.campaign.progress import GameRecord, TeamRecord
from keystand.campaign.report import summary
from keystand.campaign.store import CampaignStore
from keystand.rules.keygen import seeded_layout
from keystand.rules.layout import cell_name
from keystand.rules.missions import load_book


def bench_record(folder: Path, runs: int = 50) -> list[float]:
    """One finished game committed (WAL, synchronous FULL): what the device waits for."""
    times = []
    with CampaignStore.in_folder(folder) as store:
        store.create_team("bench", "duet")
        for n in range(runs):
            t0 = time.perf_counter()
            store.record_result("bench", f"g{n}", "prague", "won", 12)
            times.append(time.perf_counter() - t0)
    return times


def bench_summary(games: int = 500) -> float:
    """``campaign show --json`` of a team with many games, without the database."""
    book = load_book()
    missions = [m.id for m in book.in_edition("coop10")]
    record = TeamRecord(
        "bench",
        "coop10",
        "2026-01-01",
        tuple(
            GameRecord(str(n), missions[n % len(missions)], "won", n % 20, "2026-01-02")
            for n in range(games)
        ),
    )
    t0 = time.perf_counter()
    for _ in range(10):
        summary(book, record)
    return (time.perf_counter() - t0) / 10


def bench_play_campaign(folder: Path, runs: int = 10) -> tuple[float, float]:
    """``keystand play --campaign`` of a won game, and the same game without a
    campaign: wall times including the interpreter."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(folder / "config")}
    base = [sys.executable, "-m", "keystand.cli"]
    state = ["--state-dir", str(folder)]
    subprocess.run(
        [*base, "campaign", "new", "wall", *state], check=True, env=env, capture_output=True
    )
    times, plain = [], []
    for n in range(runs):
        layout = seeded_layout(7, n)
        a = [cell_name(i) for i in range(25) if layout.role(i, "A") == "G"]
        b = [
            cell_name(i) for i in range(25) if layout.role(i, "B") == "G" and cell_name(i) not in a
        ]
        script = folder / "game.txt"
        script.write_text(
            "\n".join(["clue A 9", *(f"guess B {c}" for c in a), "pass B", "clue B 6"])
            + "\n"
            + "".join(f"guess A {c}\n" for c in b)
        )
        cmd = [*base, "play", "--layout", layout.format(), "--script", str(script)]
        t0 = time.perf_counter()
        subprocess.run(
            [*cmd, "--campaign", "wall", *state], check=True, env=env, capture_output=True
        )
        times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, env=env, capture_output=True)
        plain.append(time.perf_counter() - t0)
    return statistics.median(times), statistics.median(plain)


def main() -> None:
    print(f"python {sys.version.split()[0]} on {os.uname().machine}, {os.cpu_count()} cpus")
    with tempfile.TemporaryDirectory() as tmp:
        times = sorted(bench_record(Path(tmp)))
        print(
            f"record_result commit: median {statistics.median(times) * 1e3:.2f} ms, "
            f"max {times[-1] * 1e3:.2f} ms"
        )
    print(f"campaign summary, 500 games: {bench_summary() * 1e3:.2f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        wall, plain = bench_play_campaign(Path(tmp))
        print(f"keystand play --campaign, wall: {wall * 1e3:.0f} ms (median)")
        print(f"the same game without --campaign: {plain * 1e3:.0f} ms (median)")


if __name__ == "__main__":
    main()
