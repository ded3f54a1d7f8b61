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
from pathlib import Path

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


def _start(tmp_path, *extra):
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
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    assert line.startswith("keystand simulator: http://127.0.0.1:"), line
    return proc, line.split(": ", 1)[1].strip()


@pytest.fixture
def simulator(tmp_path):
    proc, url = _start(tmp_path)
    yield url
    proc.terminate()
    proc.wait(5)


@pytest.fixture
def start_simulator(tmp_path):
    """Start a simulator with extra arguments (a --config, say)."""
    procs = []

    def start(*extra):
        proc, url = _start(tmp_path, *extra)
        procs.append(proc)
        return url

    yield start
    for proc in procs:
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
        # A new state folder: the first game opens with the legend on both screens.
        self.session = Session(
            new_game(LAYOUT, Rules()), lambda a, s: None, sensed_bank=True, legend=True
        )
        self.session.bank(9)
        self.bank = 9
        page.wait_for_function("window.keystandFrames >= 2")
        for seat in "AB":
            self.click(seat, "back")  # any touch closes it

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
    for cell in A_GREENS:  # A says a clue aloud; B's first guess records it
        t.guess("B", cell)
    t.settle_and_compare()
    assert t.session.state.agents_found == 9
    t.take_token(1)  # B ends the turn by taking a token from the bank
    t.settle_and_compare()
    assert t.session.state.passes == 1 and t.session.state.tokens_left == 8
    for cell in B_GREENS:  # B's clue, said aloud
        if t.session.state.agents[cell] is None:
            t.guess("A", cell)
    t.settle_and_compare()
    state = t.session.state
    assert (state.outcome, state.agents_found, state.score) == ("won", 15, 3 * 7 + 1)


def test_a_game_lost_to_an_assassin_by_clicking(simulator, browser):
    page = browser.new_page()
    page.goto(simulator)
    t = Table(page)
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
    first.click("#btn-B-press")  # closes the legend on B's panel
    second.wait_for_function(f"document.getElementById('panel-B').src !== {before!r}", timeout=5000)
    assert second.get_attribute("#panel-B", "src") == first.get_attribute("#panel-B", "src")


def _status(url, body: bytes | None = None):
    try:
        with urllib.request.urlopen(url, data=body, timeout=5) as r:
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
    # Nothing that acts on the table answers without the page's own token either.
    for path, body in (
        ("/input", b"A press"),
        ("/scan-image", b"x"),
        ("/panels", b""),
        ("/words", b"fi"),
    ):
        for token in ("", "?token=wrong", f"?token={seat_token}"):
            assert _status(base + path + token, body) == 403, (path, token)
    phone = browser.new_page()
    phone.goto(f"{base}/seat/A?token={seat_token}")
    phone.wait_for_function("window.keystandFrames >= 1")
    assert phone.query_selector("#panel-B") is None and phone.query_selector("#btn-A-press") is None
    page.click("#btn-A-press")
    page.wait_for_timeout(500)
    assert phone.evaluate("window.keystandFrames") >= 1


# --- the rest of the table: printer, scanner, panels, words, phone links, analog bank ---


def _panel(page, seat):
    src = page.get_attribute(f"#panel-{seat}", "src")
    return Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))


def _read_qr(image):
    import zxingcpp

    big = image.convert("L").resize((image.width * 4, image.height * 4), Image.NEAREST)
    framed = Image.new("L", (big.width + 64, big.height + 64), 255)  # a quiet zone
    framed.paste(big, (32, 32))
    return [r.text for r in zxingcpp.read_barcodes(framed)]


def _menu_item(page, seat, presses_right):
    page.click(f"#btn-{seat}-back_hold")
    for _ in range(presses_right):
        page.click(f"#btn-{seat}-right")
    page.click(f"#btn-{seat}-press")
    page.evaluate("window.keystandIdle()")


# Menu order with a printer and a web server: new game, team, new team, mission,
# bank, rules, language, brightness, key symbols, show QR, phone link, print slip,
# load code, shut down.
PHONE_LINK, PRINT_SLIP = 10, 11


def _past_the_legend(page):
    """A new state folder's first game opens with the legend: a touch closes it."""
    page.wait_for_function("window.keystandFrames >= 2")
    for seat in "AB":
        page.click(f"#btn-{seat}-back")
    page.evaluate("window.keystandIdle()")


def test_a_printed_slip_comes_out_on_the_page(simulator, browser):
    from keystand.rules.gamecode import decode as decode_game

    page = browser.new_page()
    page.goto(simulator)
    _past_the_legend(page)
    _menu_item(page, "A", PRINT_SLIP)
    page.wait_for_function("window.keystandSlips >= 1", timeout=20000)
    src = page.get_attribute("#slips img", "src")
    slip = Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
    (text,) = _read_qr(slip)
    assert decode_game(text).layout == LAYOUT  # the slip loads this very game


def test_a_dropped_qr_image_loads_its_game(simulator, browser, tmp_path):
    from keystand.qr import qr_image
    from keystand.rules.gamecode import GameCode, encode
    from keystand.rules.ranking import unrank

    other = unrank(123456789)
    image = tmp_path / "slip.png"
    qr_image(encode(GameCode(Rules(), layout=other)), module=6).save(image)
    page = browser.new_page()
    page.goto(simulator)
    page.wait_for_function("window.keystandFrames >= 2")
    words_before = page.inner_text("#words")
    page.set_input_files("#scan-file", str(image))
    expected = Session(new_game(other, Rules()), lambda a, s: None, sensed_bank=True)
    expected.bank(9)
    deadline = time.monotonic() + 10
    while not _same(_panel(page, "A"), render(expected.views()["A"])):
        assert time.monotonic() < deadline, "the scanned game never reached the panel"
        time.sleep(0.1)
    assert _same(_panel(page, "B"), render(expected.views()["B"]))
    page.wait_for_function(f"document.getElementById('words').innerText !== {words_before!r}")

    not_a_code = tmp_path / "blank.png"
    Image.new("L", (200, 200), 255).save(not_a_code)
    page.set_input_files("#scan-file", str(not_a_code))
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    assert page.inner_text("#error") == "no QR code found in the image"


def test_the_panel_switch_shows_colour_panels_and_keeps_the_game(simulator, browser):
    page = browser.new_page()
    page.goto(simulator)
    t = Table(page)
    t.guess("B", A_GREENS[0])  # A's clue, said aloud, and B's guess: the game has started
    t.settle_and_compare()
    page.click("#panels")
    page.wait_for_function("window.keystandPanel === 'colour'", timeout=10000)
    deadline = time.monotonic() + 10
    want = {s: _as_565(render(v, 128, 128)) for s, v in t.session.views().items()}
    while not all(_panel(page, s).convert("RGB").tobytes() == want[s].tobytes() for s in "AB"):
        assert time.monotonic() < deadline, "colour panels differ from the renderer"
        time.sleep(0.1)
    assert page.locator(".slot").count() == 9  # the colour build's bank
    page.click("#panels")  # and back: still the same game
    page.wait_for_function("window.keystandPanel === 'mono'", timeout=10000)
    t.settle_and_compare()


def _as_565(image):
    r, g, b = image.convert("RGB").split()
    return Image.merge(
        "RGB",
        (r.point(lambda v: v & 0xF8), g.point(lambda v: v & 0xFC), b.point(lambda v: v & 0xF8)),
    )


def test_word_cards_follow_the_game_and_the_chosen_list(simulator, browser):
    from keystand.books.words import deal, load
    from keystand.rules.ranking import rank

    page = browser.new_page()
    page.goto(simulator)
    page.wait_for_function("document.querySelectorAll('.card').length == 25")
    words = deal(load("en"), rank(LAYOUT))
    assert page.inner_text("#word-0") == words[0] and page.inner_text("#word-24") == words[24]
    t = Table(page)
    t.guess("B", A_GREENS[0])  # found: that card is covered by a green agent
    page.wait_for_function(
        f"document.getElementById('word-{A_GREENS[0]}').className.includes('agent')"
    )
    page.select_option("#words-lang", "fi")
    fi = deal(load("fi"), rank(LAYOUT))
    page.wait_for_function(f"document.getElementById('word-0').innerText === {fi[0]!r}")


def test_a_seat_can_show_its_phone_link_as_a_qr(simulator, browser):
    page = browser.new_page()
    page.goto(simulator)
    _past_the_legend(page)
    _menu_item(page, "A", PHONE_LINK)
    deadline = time.monotonic() + 5
    while not (found := _read_qr(_panel(page, "A"))):
        assert time.monotonic() < deadline, "no QR code on seat A's panel"
        time.sleep(0.1)
    (link,) = found
    assert "/s/A?t=" in link
    phone = browser.new_page()
    phone.goto(link)
    phone.wait_for_function("window.keystandFrames >= 1")
    assert phone.query_selector("#panel-A") and phone.query_selector("#panel-B") is None
    assert _status(link.replace("/s/A", "/s/B")) == 403  # A's link opens A's view only


def test_turning_a_token_over_in_the_analog_bank(start_simulator, browser, tmp_path):
    from keystand.rules.missions import make_rules

    config = tmp_path / "analog-mission.toml"
    profile = Path(__file__).resolve().parents[1] / "hardware" / "profiles" / "analog.toml"
    config.write_text(f'include = "{profile}"\n[game]\nmission = "9-5"\n')
    page = browser.new_page()
    page.goto(start_simulator("--config", str(config)))
    page.wait_for_function("document.getElementById('slot-1')?.dataset.state === 'checkmark'")
    page.click("#btn-A-back")  # closes the legend a new device opens with
    assert page.locator(".flip").count() == 12
    page.click("#flip-1")
    page.wait_for_function("document.getElementById('slot-1')?.dataset.state === 'bystander'")
    expected = Session(new_game(LAYOUT, make_rules(mission="9-5")), lambda a, s: None, True)
    expected.bank(9, 5)
    expected.bank(9, 6)  # one bystander side too many: "Flip 1 token / checkmark up"
    deadline = time.monotonic() + 5
    while not _same(_panel(page, "A"), render(expected.views()["A"])):
        assert time.monotonic() < deadline, "the flip message never reached the panel"
        time.sleep(0.1)
