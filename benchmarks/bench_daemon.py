"""keystand run --simulate: start-up to first frame, idle CPU and peak memory.

Run: python benchmarks/bench_daemon.py [seconds] [profile]
(default 60 s idle, each reference profile in turn: digital and analog bank)
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from helpers import daemon_command  # noqa: E402


def main() -> None:
    idle = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    names = sys.argv[2:] or ["default", "analog"]
    for name in names:
        print(f"profile {name}:")
        measure(ROOT / "hardware/profiles" / f"{name}.toml", idle)


def measure(profile: Path, idle: float) -> None:
    import shutil

    state = Path("/tmp/keystand-bench-state")
    shutil.rmtree(state, ignore_errors=True)
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        daemon_command(state, profile=profile),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    proc.stdin.write("dump\n")
    proc.stdin.flush()
    proc.stdout.readline()  # the dump follows the first frames of both panels
    started = time.perf_counter() - t0
    pid = proc.pid
    ticks = _cpu_ticks(pid)
    time.sleep(idle)
    used = (_cpu_ticks(pid) - ticks) / _hz()
    rss = _peak_rss_kib(pid)
    proc.stdin.close()
    proc.wait(10)
    print(f"  start to first frame (incl. interpreter): {started * 1000:.0f} ms")
    print(f"  idle CPU over {idle:.0f} s: {used:.3f} s = {100 * used / idle:.2f} % of a core")
    print(f"  peak RSS: {rss / 1024:.1f} MiB")


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _hz() -> int:
    import os

    return os.sysconf("SC_CLK_TCK")


def _peak_rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


if __name__ == "__main__":
    main()
