"""Browser simulator: click -> both displays updated in the page; idle CPU and memory.

Needs Debian's chromium and the playwright package. Run:
    python benchmarks/bench_web.py [IDLE_SECONDS]
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


def _kib(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise KeyError(key)


def _busy(cdp) -> float:
    """Seconds the page's main thread has spent on tasks so far (Chrome's own count)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def main() -> None:
    idle_seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 30
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
        for seat in "AB":  # a new state folder's first game opens with the legend
            page.click(f"#btn-{seat}-back")
        page.wait_for_function("document.querySelectorAll('#links a').length == 2")
        phone = browser.new_page(viewport={"width": 360, "height": 740})
        phone.goto(url.split("/?")[0] + page.get_attribute("#links a >> nth=0", "href"))
        phone.wait_for_function("window.keystandFrames >= 1")
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
        blank = browser.new_page()  # the floor: what an empty tab's renderer does anyway
        blank.goto("about:blank")
        time.sleep(1)
        cdps = [page.context.new_cdp_session(pg) for pg in (page, phone, blank)]
        for cdp in cdps:
            cdp.send("Performance.enable")
        busy = [_busy(cdp) for cdp in cdps]
        frames = [pg.evaluate("window.keystandFrames") for pg in (page, phone)]
        ticks = _ticks(proc.pid)
        time.sleep(idle_seconds)
        idle = (_ticks(proc.pid) - ticks) / 100
        page_busy = [_busy(cdp) - b for cdp, b in zip(cdps, busy, strict=True)]
        frames_idle = [pg.evaluate("window.keystandFrames") for pg in (page, phone)]
        rss, peak = _kib(proc.pid, "VmRSS"), _kib(proc.pid, "VmHWM")
        browser.close()
    proc.terminate()
    proc.wait()
    print(
        f"click -> both panels updated in the page ({len(samples)} guesses): "
        f"median {statistics.median(samples):.1f} ms, max {max(samples):.1f} ms"
    )
    print(
        f"server CPU while idle with a page and a phone view open, {idle_seconds} s: "
        f"{idle:.2f} s ({idle / idle_seconds:.2%})"
    )
    print(
        f"page main thread busy while idle, {idle_seconds} s: whole table "
        f"{page_busy[0] * 1000:.1f} ms, phone view {page_busy[1] * 1000:.1f} ms, "
        f"an empty tab {page_busy[2] * 1000:.1f} ms"
    )
    print(f"frames pushed while idle: {sum(frames_idle) - sum(frames)}")
    print(f"server RSS: {rss / 1024:.1f} MiB now, peak {peak / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
