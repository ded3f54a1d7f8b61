"""Time and peak memory of `keystand book` (both books, HTML and PDF) by number of games.

Memory is sampled every 20 ms over the whole process tree (keystand, Playwright's
driver, Chromium's processes, pdfunite), summing their proportional set sizes
(PSS: a page shared by N processes counts 1/N in each, so Chromium's shared
libraries are not counted once per process): what the machine has to hold.
keystand's own Python process is shown apart (its resident set).
Needs Debian's chromium and poppler-utils. Run:
    python benchmarks/bench_books.py [GAMES ...] [--lang en|fi|ja]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def _kib(pid: int, path: str, key: str) -> int:
    try:
        with open(f"/proc/{pid}/{path}") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run(games: int, lang: str) -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "keystand.cli", "book", "--games", str(games), "--name",
               "bench", "--lang", lang, "--seed", "1", "--out", str(Path(tmp) / "out")]
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        peak_tree = peak_self = 0
        done = threading.Event()

        def sample() -> None:
            nonlocal peak_tree, peak_self
            while not done.is_set():
                tree = _tree(proc.pid)
                peak_tree = max(peak_tree, sum(_kib(p, "smaps_rollup", "Pss:") for p in tree))
                peak_self = max(peak_self, _kib(proc.pid, "status", "VmRSS:"))
                time.sleep(0.02)

        sampler = threading.Thread(target=sample)
        sampler.start()
        _, err = proc.communicate()
        seconds = time.perf_counter() - t0
        done.set()
        sampler.join()
        if proc.returncode != 0:
            raise SystemExit(err.decode())
    return seconds, peak_tree / 1024, peak_self / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", type=int, default=[10, 100])
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]} on {os.uname().machine}, {os.cpu_count()} cores")
    for games in args.games:
        seconds, tree, own = run(games, args.lang)
        print(
            f"{games:4} games ({args.lang}, both books, HTML + PDF): {seconds:6.1f} s, "
            f"{seconds / games:5.3f} s/game, peak memory {tree:6.0f} MiB "
            f"(keystand's own process {own:5.0f} MiB)"
        )


if __name__ == "__main__":
    main()
