"""Helpers for the browser simulator's tests: start and stop ``keystand simulate``,
click the page, and mirror the clicks into a local Session for the pictures the
panels should show."""

from __future__ import annotations

import base64
import io
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from helpers import knob_turns
from keystand.app.session import Session
from keystand.rules.game import new_game
from keystand.rules.keycode import decode
from keystand.rules.setup import Rules
from keystand.screens.render import render

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
HAVE_CHROMIUM = shutil.which("chromium") is not None
KEY = "06M6-NZ2B-N9BD"
LAYOUT = decode(KEY)
A_GREENS = [i for i in range(25) if LAYOUT.role(i, "A") == "G"]
B_GREENS = [i for i in range(25) if LAYOUT.role(i, "B") == "G"]
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Menu order with a printer, a web server and the AI partner (person chosen):
# new game, partner, team, new team, mission, bank, rules, language, brightness,
# key symbols, show QR, phone link, print slip, load code, shut down, diagnostics.
NEW_GAME, PARTNER, TEAM, PHONE_LINK, PRINT_SLIP = 0, 1, 2, 11, 12


@dataclass
class Running:
    """A ``keystand simulate`` process and what it printed at start."""

    proc: subprocess.Popen
    url: str  # the page's address, token included
    lines: list[str]  # what it printed after the address
    log: Path  # its stderr

    @property
    def base(self) -> str:
        return self.url.split("/?token=")[0]

    @property
    def port(self) -> int:
        return int(self.base.rsplit(":", 1)[1])

    @property
    def token(self) -> str:
        return self.url.split("token=")[1]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def rss_peak_kib(self) -> int:
        """The process's peak resident memory so far (VmHWM)."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        raise AssertionError("no VmHWM")


def start(state_dir: Path, *extra: str, port: int = 0, key: str | None = KEY) -> Running:
    """Start the simulator on ``state_dir``; returns once it printed its address."""
    log = state_dir.parent / f"{state_dir.name}-{time.monotonic_ns()}.log"
    args = [sys.executable, "-m", "keystand.cli", "simulate", "--port", str(port)]
    args += ["--state-dir", str(state_dir), *(["--key", key] if key else []), *extra]
    with log.open("w") as err:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=err, text=True)
    first = proc.stdout.readline()
    assert first.startswith("keystand simulator: http://"), first + log.read_text()
    lines = []
    while not (lines and ("new game" in lines[-1] or "resumed" in lines[-1])):
        line = proc.stdout.readline()
        assert line, log.read_text()
        lines.append(line.strip())
    return Running(proc, first.split(": ", 1)[1].strip(), lines, log)


def status(url: str, body: bytes | None = None) -> int:
    try:
        with urllib.request.urlopen(url, data=body, timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def panel(page, seat: str) -> Image.Image:
    src = page.get_attribute(f"#panel-{seat}", "src")
    return Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))


def same(a: Image.Image, b: Image.Image) -> bool:
    # Compare packed bits: PIL keeps a drawn "1" pixel as 1 but a decoded PNG's as 255.
    return a.size == b.size and a.convert("1").tobytes() == b.convert("1").tobytes()


def wait_for_panels(page, views: dict, seconds: float = 10, what: str = "panels") -> None:
    """Until each seat's panel on ``page`` shows what the renderer draws for its view."""
    deadline = time.monotonic() + seconds
    while not all(same(panel(page, s), render(v)) for s, v in views.items()):
        assert time.monotonic() < deadline, f"{what} differ from the renderer"
        time.sleep(0.05)


def read_qr(image: Image.Image) -> list[str]:
    import zxingcpp

    big = image.convert("L").resize((image.width * 4, image.height * 4), Image.NEAREST)
    framed = Image.new("L", (big.width + 64, big.height + 64), 255)  # a quiet zone
    framed.paste(big, (32, 32))
    return [r.text for r in zxingcpp.read_barcodes(framed)]


def menu_item(page, seat: str, presses_right: int) -> None:
    page.click(f"#btn-{seat}-back_hold")
    for _ in range(presses_right):
        page.click(f"#btn-{seat}-right")
    page.click(f"#btn-{seat}-press")
    page.evaluate("window.keystandIdle()")


def new_game_from_menu(page, seat: str = "A") -> None:
    """New game, confirmed with a hold: the next game has a random key."""
    menu_item(page, seat, NEW_GAME)  # the press arms it
    page.click(f"#btn-{seat}-hold")
    page.evaluate("window.keystandIdle()")


def past_the_legend(page) -> None:
    """A new state folder's first game opens with the legend: a touch closes it."""
    page.wait_for_function("window.keystandFrames >= 2")
    for seat in "AB":
        page.click(f"#btn-{seat}-back")
    page.evaluate("window.keystandIdle()")


def words_of(page) -> list[str]:
    return page.eval_on_selector_all(".card", "cs => cs.map(c => c.firstChild.textContent)")


class Table:
    """Clicks on the page, mirrored into a local Session for the expected pictures."""

    def __init__(self, page, legend: bool = True, layout=LAYOUT) -> None:
        self.page = page
        # A new state folder: the first game opens with the legend on both screens.
        self.actions: list = []  # what the daemon journals, as the mirror commits it
        self.session = Session(
            new_game(layout, Rules()),
            lambda action, _state: self.actions.append(action),
            sensed_bank=True,
            legend=legend,
        )
        self.session.bank(9)
        self.bank = 9
        page.wait_for_function("window.keystandFrames >= 2")
        if legend:
            for seat in "AB":
                self.click(seat, "back")  # any touch closes it

    def click(self, seat: str, cmd: str) -> None:
        self.page.click(f"#btn-{seat}-{cmd}")
        self.session.control(seat, cmd)

    def goto(self, seat: str, target: int) -> None:
        """Move ``seat``'s cursor to ``target`` (that seat's reading order)."""
        for turn in knob_turns(self.session.cursor[seat], target):
            self.click(seat, turn)

    def guess(self, seat: str, cell: int) -> None:
        self.goto(seat, cell if seat == "A" else 24 - cell)
        self.click(seat, "press")

    def take_token(self, slot: int) -> None:
        self.page.click(f"#slot-{slot}")
        self.bank -= 1
        self.session.bank(self.bank)

    def settle_and_compare(self) -> None:
        self.page.evaluate("window.keystandIdle()")
        deadline = time.monotonic() + 5
        while True:
            views = self.session.views()
            bad = [s for s, v in views.items() if not same(panel(self.page, s), render(v))]
            if not bad or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        for s in bad:  # leave both pictures for a person to look at
            panel(self.page, s).convert("1").save(f"/tmp/keystand-page-{s}.png")
            render(self.session.views()[s]).save(f"/tmp/keystand-expected-{s}.png")
        assert not bad, f"panels differ from the renderer: {bad}"
