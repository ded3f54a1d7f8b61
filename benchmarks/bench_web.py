"""Browser simulator: click -> both displays updated in the page; idle CPU.

Needs Debian's chromium and the playwright package. Run:
    python benchmarks/bench_web.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from keystand.rules.keycode import decode

KEY = "06M6-NZ2B-N9BD"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
TIMED_CLICK = """async (id) => {
  const n = window.keystandFrames; const t0 = performance.now();
  document.getElementById(id).click();
  while (window.keystandFrames < n + 2) await new Promise(r => setTimeout(r, 0));
  return performance.now() - t0;
}"""


def _ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def main() -> None:
    layout = decode(KEY)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "keystand.cli",
            "simulate",
            "--port",
            "0",
            "--key",
            KEY,
            "--state-dir",
            tempfile.mkdtemp(),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    url = proc.stdout.readline().split(": ", 1)[1].strip()
    samples = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("window.keystandFrames >= 2")
        samples.append(page.evaluate(TIMED_CLICK, "btn-A-press"))  # the clue: both panels
        cursor = 12
        for cell in [i for i in range(25) if layout.role(i, "A") == "G"]:
            target = 24 - cell  # B's reading order
            while cursor != target:
                step = "right" if (target - cursor) % 25 <= 12 else "left"
                page.click(f"#btn-B-{step}")
                cursor = (cursor + (1 if step == "right" else -1)) % 25
            page.evaluate("window.keystandIdle()")
            time.sleep(0.1)
            samples.append(page.evaluate(TIMED_CLICK, "btn-B-press"))  # a guess: both panels
        time.sleep(1)
        ticks = _ticks(proc.pid)
        time.sleep(30)
        idle = (_ticks(proc.pid) - ticks) / 100
        frames_idle = page.evaluate("window.keystandFrames")
        time.sleep(1)
        assert page.evaluate("window.keystandFrames") == frames_idle
        browser.close()
    proc.terminate()
    print(
        f"click -> both panels updated in the page ({len(samples)} clicks): "
        f"median {statistics.median(samples):.1f} ms, max {max(samples):.1f} ms"
    )
    print(f"server CPU while idle with a page open, 30 s: {idle:.2f} s ({idle / 30:.2%})")


if __name__ == "__main__":
    main()
