"""The browser simulator in real headless Chromium (Playwright, Debian's chromium).

Games are played by clicking the page; the panels the page shows (decoded from
the simulated I2C bytes) are compared with what the renderer draws for the same
table, computed by running the same controls through a Session here.
"""

import base64
import io
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from PIL import Image

from keystand.app.session import Session
from keystand.rules.game import new_game
from keystand.rules.keycode import decode
from keystand.rules.setup import Rules
from keystand.screens.keyscreen import render

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium")
KEY = "06M6-NZ2B-N9BD"
LAYOUT = decode(KEY)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def simulator(tmp_path):
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
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    assert line.startswith("keystand simulator: http://127.0.0.1:"), line
    yield line.split(": ", 1)[1].strip()
    proc.terminate()
    proc.wait(5)


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


class Table:
    """Clicks on the page, mirrored into a local Session for the expected pictures."""

    def __init__(self, page):
        self.page = page
        self.session = Session(new_game(LAYOUT, Rules()), lambda a, s: None, sensed_bank=True)
        self.session.bank(9)
        self.bank = 9
        page.wait_for_function("window.keystandFrames >= 2")

    def click(self, seat, cmd):
        self.page.click(f"#btn-{seat}-{cmd}")
        self.session.control(seat, cmd)

    def goto(self, seat, target):
        """Move ``seat``'s cursor to ``target`` (that seat's reading order)."""
        here = self.session.cursor[seat]
        steps = (target - here) % 25
        for _ in range(steps if steps <= 12 else 25 - steps):
            self.click(seat, "right" if steps <= 12 else "left")

    def guess(self, seat, cell):
        self.goto(seat, cell if seat == "A" else 24 - cell)
        self.click(seat, "press")

    def take_token(self, slot):
        self.page.click(f"#slot-{slot}")
        self.bank -= 1
        self.session.bank(self.bank)

    def settle_and_compare(self):
        self.page.evaluate("window.keystandIdle()")
        deadline = time.monotonic() + 5
        while True:
            bad = [
                s for s, v in self.session.views().items() if not _same(self._shown(s), render(v))
            ]
            if not bad or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        for s in bad:  # leave both pictures for a person to look at
            self._shown(s).convert("1").save(f"/tmp/keystand-page-{s}.png")
            render(self.session.views()[s]).save(f"/tmp/keystand-expected-{s}.png")
        assert not bad, f"panels differ from the renderer: {bad}"

    def _shown(self, seat):
        src = self.page.get_attribute(f"#panel-{seat}", "src")
        return Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))


def _same(a, b):
    # Compare packed bits: PIL keeps a drawn "1" pixel as 1 but a decoded PNG's as 255.
    return a.size == b.size and a.convert("1").tobytes() == b.convert("1").tobytes()


A_GREENS = [i for i in range(25) if LAYOUT.role(i, "A") == "G"]
B_GREENS = [i for i in range(25) if LAYOUT.role(i, "B") == "G"]


def test_a_whole_game_to_a_win_by_clicking(simulator, browser):
    page = browser.new_page()
    page.goto(simulator)
    t = Table(page)
    t.click("A", "press")  # A gives the first clue
    for cell in A_GREENS:
        t.guess("B", cell)
    t.settle_and_compare()
    assert t.session.state.agents_found == 9
    t.take_token(1)  # B ends the turn by taking a token from the bank
    t.settle_and_compare()
    assert t.session.state.passes == 1 and t.session.state.tokens_left == 8
    t.click("B", "press")  # B's clue
    for cell in B_GREENS:
        if t.session.state.agents[cell] is None:
            t.guess("A", cell)
    t.settle_and_compare()
    state = t.session.state
    assert (state.outcome, state.agents_found, state.score) == ("won", 15, 3 * 7 + 1)


def test_a_game_lost_to_an_assassin_by_clicking(simulator, browser):
    page = browser.new_page()
    page.goto(simulator)
    t = Table(page)
    t.click("A", "press")
    t.guess("B", A_GREENS[0])
    assassin = next(i for i in range(25) if LAYOUT.role(i, "A") == "B")
    t.guess("B", assassin)
    t.settle_and_compare()
    assert (t.session.state.outcome, t.session.state.reason) == ("lost", "assassin")


def test_a_second_tab_follows_the_first(simulator, browser):
    first, second = browser.new_page(), browser.new_page()
    first.goto(simulator)
    second.goto(simulator)
    second.wait_for_function("window.keystandFrames >= 2")
    before = second.get_attribute("#panel-B", "src")
    first.click("#btn-A-press")
    second.wait_for_function(f"document.getElementById('panel-B').src !== {before!r}", timeout=5000)
    assert second.get_attribute("#panel-B", "src") == first.get_attribute("#panel-B", "src")


def _status(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_seat_views_need_their_token(simulator, browser):
    base = simulator.split("/?token=")[0]
    for path in ("/", "/seat/A", "/seat/B", "/events"):
        assert _status(base + path) == 403
        assert _status(base + path + "?token=wrong") == 403
    page = browser.new_page()
    page.goto(simulator)
    page.wait_for_function("document.querySelectorAll('#links a').length == 2")
    link_a = page.get_attribute("#links a >> nth=0", "href")
    seat_token = link_a.split("token=")[1]
    assert _status(f"{base}/seat/A?token={seat_token}") == 200
    assert _status(f"{base}/seat/B?token={seat_token}") == 403  # A's token, B's seat
    assert _status(f"{base}/?token={seat_token}") == 403  # and not the whole table
    phone = browser.new_page()
    phone.goto(f"{base}/seat/A?token={seat_token}")
    phone.wait_for_function("window.keystandFrames >= 1")
    assert phone.query_selector("#panel-B") is None and phone.query_selector("#btn-A-press") is None
    page.click("#btn-A-press")
    page.wait_for_timeout(500)
    assert phone.evaluate("window.keystandFrames") >= 1
