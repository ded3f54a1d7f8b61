"""`keystand partner clue` as a whole process against a bare interpreter start.

Wall time and CPU time (user + system of the child) of each, the median of RUNS
runs taken in turn (the machine is shared, so turns keep a busy moment from falling
on one side only; CPU time is the steadier figure there), on one board a language.
The bar (issue 26): the clue within 10x the bare start. Run:
    python benchmarks/bench_partner_startup.py [--runs 15] [--lang en ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware_host"))

from keystand.books.words import deal
from keystand.books.words import load as load_words
from keystand.rules.keygen import seeded_layout

# the console script installed beside this interpreter (pip install -e .)
KEYSTAND = str(Path(sys.executable).with_name("keystand"))


# As on the device, where pip compiled the package: with PYTHONDONTWRITEBYTECODE
# set (a developer's shell may set it) every module edited since its .pyc was
# written is compiled again in each run, 30-55 ms of a 200 ms start here.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(cmd: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system, of the child) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=ENV)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--lang", action="append", choices=("en", "fi", "ja"))
    args = ap.parse_args()
    bare = [sys.executable, "-c", "pass"]
    print("| lang | bare interpreter (wall, CPU) | partner clue (wall, CPU) | ratio (wall, CPU) |")
    print("|---|---|---|---|")
    for lang in args.lang or ["en", "fi", "ja"]:
        words = deal(load_words(lang), 1)
        clue = [KEYSTAND, "partner", "clue", "--lang", lang, "--seat",
                "A", "--layout", seeded_layout(1).format(), "--words", ",".join(words)]
        run(clue)  # compiled bytecode and the table's pages in place first
        b, c = [], []
        for _ in range(args.runs):
            b.append(run(bare))
            c.append(run(clue))
        bw, bc = (statistics.median(x) for x in zip(*b, strict=True))
        cw, cc = (statistics.median(x) for x in zip(*c, strict=True))
        print(f"| {lang} | {bw * 1000:.0f} ms, {bc * 1000:.0f} ms | {cw * 1000:.0f} ms, "
              f"{cc * 1000:.0f} ms | {cw / bw:.1f}x, {cc / bc:.1f}x |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
