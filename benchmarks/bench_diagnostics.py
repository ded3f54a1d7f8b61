"""The device checks: selftest's wall time, and what an open Diagnostics screen costs.

Run: python benchmarks/bench_diagnostics.py [seconds]
(default 20 s of idle per case; the simulated analog bank, whose twelve channels
the loop reads four times a second while the screen is open)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROFILES = ROOT / "hardware" / "profiles"


def selftest_wall(profile: str, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "keystand.cli", "selftest", "--simulate", "--config",
             str(PROFILES / f"{profile}.toml")],
            check=True, capture_output=True,
        )  # fmt: skip
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def render_time(runs: int = 300) -> float:
    from keystand.screens import diagnostics
    from keystand.screens.view import Diagnostics

    d = Diagnostics("right", 3, ("empty",) * 12, tuple(range(500, 512)), True)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        diagnostics.render(d, 128, 64, colour=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def idle_cpu(seconds: float) -> tuple[float, float, float]:
    """CPU seconds per second of the whole process (every thread): the analog
    device idle with its key shown, then with seat A's Diagnostics screen open;
    and the median time of one ``readings()`` of the twelve channels."""
    from keystand.app.daemon import build_daemon
    from keystand.config import load, parse

    config = parse(load(PROFILES / "analog.toml"))
    with tempfile.TemporaryDirectory() as state:
        d = build_daemon(config, "sim", Path(state))
        table = d.hardware.table
        assert table is not None and d.hardware.bank is not None
        thread = threading.Thread(target=d.run)
        thread.start()
        for seat in "AB":
            table.command(f"{seat} back")  # close the first start's legend
        time.sleep(1.0)
        closed = _cpu_per_second(seconds)
        for line in ("A back_hold", "A left", "A press"):
            table.command(line)
        time.sleep(1.0)
        assert d.session.diagnosing
        opened = _cpu_per_second(seconds)
        reads = []
        for _ in range(50):
            t0 = time.perf_counter()
            d.hardware.bank.readings()
            reads.append(time.perf_counter() - t0)
        d.stop("benchmark over")
        thread.join(5)
    return closed, opened, statistics.median(reads)


def _cpu_per_second(seconds: float) -> float:
    c0, t0 = time.process_time(), time.perf_counter()
    time.sleep(seconds)
    return (time.process_time() - c0) / (time.perf_counter() - t0)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20.0
    for profile in ("default", "analog"):
        print(f"selftest --simulate, {profile} profile, wall (median of 5): "
              f"{selftest_wall(profile) * 1000:.0f} ms")  # fmt: skip
    print(f"one Diagnostics frame rendered (mono, 12 slots, median): {render_time() * 1e3:.2f} ms")
    closed, opened, read = idle_cpu(seconds)
    print(f"analog device idle, key shown: {closed * 100:.1f} % of a core")
    print(f"analog device idle, Diagnostics open: {opened * 100:.1f} % of a core")
    print(f"one readings() of 12 simulated channels (mock-pin SPI): {read * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
