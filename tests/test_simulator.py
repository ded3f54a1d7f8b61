"""The browser simulator in real headless Chromium (Playwright, Debian's chromium).

Games are played by clicking the page; the panels the page shows (decoded from
the simulated I2C bytes) are compared with what the renderer draws for the same
table, computed by running the same controls through a Session here. The
restarts, stale tabs and phone views are in test_simulator_state.py.
"""

import base64
import io
import time
from pathlib import Path

import pytest
from PIL import Image

from browser_sim import (
    A_GREENS,
    B_GREENS,
    HAVE_CHROMIUM,
    LAYOUT,
    PHONE_LINK,
    PRINT_SLIP,
    Table,
    menu_item,
    new_game_from_menu,
    panel,
    past_the_legend,
    read_qr,
    same,
    start,
    status,
    wait_for_panels,
    words_of,
)
from keystand.app.session import Session
from keystand.rules.game import new_game
from keystand.rules.setup import Rules
from keystand.screens.render import render

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM, reason="needs Debian's chromium")


@pytest.fixture
def simulator(tmp_path):
    running = start(tmp_path / "state")
    yield running.url
    running.stop()


@pytest.fixture
def start_simulator(tmp_path):
    """Start a simulator with extra arguments (a --config, say)."""
    procs = []

    def begin(*extra):
        running = start(tmp_path / "state", *extra)
        procs.append(running)
        return running.url

    yield begin
    for running in procs:
        running.stop()


def _status_line(page) -> str:
    return page.inner_text("#status").replace("\n", " ")


def test_a_whole_game_to_a_win_by_clicking(simulator, browser, tmp_path):
    page = browser.new_page()
    page.goto(simulator)
    t = Table(page)
    assert "gives a clue" in _status_line(page) and "9 tokens left" in _status_line(page)
    for cell in A_GREENS:  # A says a clue aloud; B's first guess records it
        t.guess("B", cell)
    t.settle_and_compare()
    assert t.session.state.agents_found == 9
    page.wait_for_function("document.getElementById('status').innerText.includes('9 of 15')")
    assert "Seat B guesses" in _status_line(page)
    t.take_token(1)  # B ends the turn by taking a token from the bank
    t.settle_and_compare()
    assert t.session.state.passes == 1 and t.session.state.tokens_left == 8
    page.wait_for_function("document.getElementById('status').innerText.includes('8 tokens')")
    for cell in B_GREENS:  # B's clue, said aloud
        if t.session.state.agents[cell] is None:
            t.guess("A", cell)
    t.settle_and_compare()
    state = t.session.state
    assert (state.outcome, state.agents_found, state.score) == ("won", 15, 3 * 7 + 1)
    page.wait_for_function("document.getElementById('status').dataset.outcome === 'won'")
    assert _status_line(page).startswith("Won: score 22")
    # The terminal is the player's: no line per move (the device's journald has them).
    (log,) = tmp_path.glob("state-*.log")
    assert "new game" in log.read_text() and " ack " not in log.read_text()


def test_a_game_lost_to_an_assassin_is_marked_on_the_word_cards(simulator, browser):
    page = browser.new_page()
    page.goto(simulator)
    t = Table(page)
    t.guess("B", A_GREENS[0])
    assassin = next(i for i in range(25) if LAYOUT.role(i, "A") == "B")
    assert page.locator(".card.assassin").count() == 0  # nobody sees it before
    t.guess("B", assassin)
    t.settle_and_compare()
    assert (t.session.state.outcome, t.session.state.reason) == ("lost", "assassin")
    page.wait_for_function(
        f"document.getElementById('word-{assassin}').classList.contains('assassin')"
    )
    assert page.locator(".card.assassin").count() == 1  # the one touched, not all three
    assert "assassin" in page.inner_text(f"#word-{assassin}")
    assert _status_line(page).startswith("Lost: an assassin was touched")


def test_a_second_tab_follows_the_first(simulator, browser):
    first, second = browser.new_page(), browser.new_page()
    first.goto(simulator)
    second.goto(simulator)
    second.wait_for_function("window.keystandFrames >= 2")
    before = second.get_attribute("#panel-B", "src")
    first.click("#btn-B-press")  # closes the legend on B's panel
    second.wait_for_function(f"document.getElementById('panel-B').src !== {before!r}", timeout=5000)
    assert second.get_attribute("#panel-B", "src") == first.get_attribute("#panel-B", "src")


def test_seat_views_need_their_token(simulator, browser):
    base = simulator.split("/?token=")[0]
    for path in ("/", "/seat/A", "/seat/B", "/events", "/check"):
        assert status(base + path) == 403
        assert status(base + path + "?token=wrong") == 403
    page = browser.new_page()
    page.goto(simulator)
    page.wait_for_function("document.querySelectorAll('#links a').length == 2")
    link_a = page.get_attribute("#links a >> nth=0", "href")
    seat_token = link_a.split("token=")[1]
    assert status(f"{base}/seat/A?token={seat_token}") == 200
    assert status(f"{base}/seat/B?token={seat_token}") == 403  # A's token, B's seat
    assert status(f"{base}/?token={seat_token}") == 403  # and not the whole table
    # Nothing that acts on the table answers without the page's own token either.
    for path, body in (
        ("/input", b"A press"),
        ("/scan-image", b"x"),
        ("/scan-slip", b"1"),
        ("/panels", b""),
        ("/words", b"fi"),
    ):
        for token in ("", "?token=wrong", f"?token={seat_token}"):
            assert status(base + path + token, body) == 403, (path, token)
    phone = browser.new_page()
    phone.goto(f"{base}/seat/A?token={seat_token}")
    phone.wait_for_function("window.keystandFrames >= 1")
    assert phone.query_selector("#panel-B") is None and phone.query_selector("#btn-A-press") is None
    page.click("#btn-A-press")
    page.wait_for_timeout(500)
    assert phone.evaluate("window.keystandFrames") >= 1


def test_the_legend_is_drawn_as_the_panels_draw_their_cells(simulator, browser):
    from keystand.screens.legend import LEGEND
    from keystand.screens.panel import GRID, MONO
    from keystand.screens.view import OPEN

    page = browser.new_page()
    page.goto(simulator)
    t = Table(page)
    t.goto("A", next(i for i in range(25) if LAYOUT.role(i, "A") == "T"))  # on a dot
    t.settle_and_compare()
    labels = page.eval_on_selector_all(".legend figcaption", "fs => fs.map(f => f.textContent)")
    assert labels == [label for *_, label in LEGEND]
    pictures = [
        Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
        for src in page.eval_on_selector_all(".legend img", "is => is.map(i => i.src)")
    ]
    # Every open cell of seat A's key at the start, cut from the panel the page shows
    # (cursor frame included), is the legend's picture for its symbol; the cursor's
    # neighbours are left out, as its frame runs in the gap they share with it.
    shown = panel(page, "A")
    view = t.session.views()["A"]
    pitch = MONO.pitch
    cr, cc = divmod(view.cursor, 5)
    checked = set()
    for i in range(25):
        r, c = divmod(i, 5)
        if i != view.cursor and abs(r - cr) <= 1 and abs(c - cc) <= 1:
            continue
        x, y = GRID[0] + c * pitch, GRID[1] + r * pitch
        cut = shown.crop((x - 1, y - 1, x + pitch + 1, y + pitch + 1))
        key = (view.side[i], OPEN, view.cursor == i)
        for n, (role, mark, cursor, _label) in enumerate(LEGEND):
            if (role, mark, cursor) == key:
                assert same(cut, pictures[n]), f"cell {i} differs from the legend's {key}"
                checked.add(key)
    assert {k[0] for k in checked} == {"G", "T", "B"} and any(k[2] for k in checked)


def test_the_page_has_a_favicon(simulator, browser):
    page = browser.new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(simulator)
    page.wait_for_function("window.keystandFrames >= 2")
    icon = page.get_attribute("link[rel=icon]", "href")
    assert icon.startswith("data:image/svg+xml,")
    assert not [url for url in asked if "favicon" in url]  # nothing to 404


# --- the rest of the table: printer, scanner, panels, words, phone links, analog bank ---


def test_a_printed_slip_is_readable_and_scans_back_by_button_and_by_drag(simulator, browser):
    from keystand.rules.gamecode import decode as decode_game

    page = browser.new_page()
    page.goto(simulator)
    past_the_legend(page)
    first_words = words_of(page)
    menu_item(page, "A", PRINT_SLIP)
    page.wait_for_function("window.keystandSlips >= 1", timeout=20000)
    slip = Image.open(io.BytesIO(base64.b64decode(page.get_attribute(".slip img", "src")[22:])))
    (text,) = read_qr(slip)
    assert decode_game(text).layout == LAYOUT  # the slip loads this very game
    assert page.inner_text(".slip .code") == text  # its code, as text to copy
    assert page.locator(".slip img").bounding_box()["width"] >= 384  # dot for pixel
    expected = Session(new_game(LAYOUT, Rules()), lambda a, s: None, sensed_bank=True)
    expected.bank(9)
    for scan in ("button", "drag"):
        new_game_from_menu(page)
        page.wait_for_function(f"document.getElementById('word-0').firstChild.textContent "
                               f"!== {first_words[0]!r}")
        if scan == "button":
            page.click(".slip .scan-slip")
        else:
            page.drag_and_drop(".slip img", "#drop")
        page.wait_for_function(f"document.getElementById('word-0').firstChild.textContent "
                               f"=== {first_words[0]!r}", timeout=10000)
        assert words_of(page) == first_words
        wait_for_panels(page, expected.views(), what=f"the game scanned by {scan}")
        assert page.inner_text("#scan-error") == ""


def test_enter_scans_and_a_long_scan_loses_no_press(simulator, browser):
    from keystand.books.words import deal, load
    from keystand.rules.gamecode import GameCode, encode
    from keystand.rules.ranking import rank, unrank

    page = browser.new_page()
    page.goto(simulator)
    t = Table(page)
    t.settle_and_compare()
    page.fill("#scan-text", "X" * 300)  # longer than any code: the scanner refuses it
    page.press("#scan-text", "Enter")
    t.session.refused_scan("too_long")
    wait_for_panels(page, t.session.views(), what="the refused scan")
    t.click("A", "right")  # the next press still arrives
    t.settle_and_compare()

    other = unrank(123456789)
    page.fill("#scan-text", encode(GameCode(Rules(), layout=other)))
    page.press("#scan-text", "Enter")  # nothing played yet: it loads at once
    want = deal(load("en"), rank(other))
    page.wait_for_function(f"document.getElementById('word-0').firstChild.textContent "
                           f"=== {want[0]!r}", timeout=10000)
    assert page.input_value("#scan-text") == ""  # scanned: the box is ready for the next


def test_a_dropped_qr_image_loads_its_game_and_errors_show_beside_the_scanner(
    simulator, browser, tmp_path
):
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
    wait_for_panels(page, expected.views(), what="the scanned game")
    page.wait_for_function(f"document.getElementById('words').innerText !== {words_before!r}")

    not_a_code = tmp_path / "blank.png"
    Image.new("L", (200, 200), 255).save(not_a_code)
    page.set_input_files("#scan-file", str(not_a_code))
    page.wait_for_function("document.getElementById('scan-error').textContent !== ''")
    assert page.inner_text("#scanner .error") == "no QR code found in the image"
    assert page.inner_text("#error-A") == "" and page.inner_text("#bank-error") == ""


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
    while not all(panel(page, s).convert("RGB").tobytes() == want[s].tobytes() for s in "AB"):
        assert time.monotonic() < deadline, "colour panels differ from the renderer"
        time.sleep(0.1)
    # The game's bank stays: a switch changes the panels, never the tokens in play.
    assert page.locator(".slot").count() == 12
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
    # the longest words of each list, on every card: each stays on one line
    for lang in ("en", "fi"):
        longest = sorted(load(lang).words, key=len)[-25:]
        lines = page.evaluate(
            """words => { showWords({lang: "fi", words, covers: words.map(() => "")});
                 return [...document.querySelectorAll('.card')].map(c => {
                   const r = document.createRange(); r.selectNodeContents(c.firstChild);
                   return r.getClientRects().length; }); }""",
            longest,
        )
        assert lines == [1] * 25, (lang, [w for w, n in zip(longest, lines, strict=True) if n != 1])


def test_a_seat_shows_its_phone_link_and_says_phones_need_host(simulator, browser):
    from keystand.screens.view import Role, SeatView

    page = browser.new_page()
    page.goto(simulator)
    past_the_legend(page)
    menu_item(page, "A", PHONE_LINK)
    deadline = time.monotonic() + 5
    while not (found := read_qr(panel(page, "A"))):
        assert time.monotonic() < deadline, "no QR code on seat A's panel"
        time.sleep(0.1)
    (link,) = found
    assert "/s/A?t=" in link and link.startswith("http://127.0.0.1:")
    # Loopback only: beside the code, the display says a phone cannot open it.
    shown = SeatView("A", "T" * 25, ("open",) * 25, 9, 9, False, Role.CLUE, qr=link)
    assert same(panel(page, "A"), render(shown))
    assert "--host 0.0.0.0" in page.inner_text("#links-note")
    phone = browser.new_page()
    phone.goto(link)
    phone.wait_for_function("window.keystandFrames >= 1")
    assert phone.query_selector("#panel-A") and phone.query_selector("#panel-B") is None
    assert status(link.replace("/s/A", "/s/B")) == 403  # A's link opens A's view only


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
    while not same(panel(page, "A"), render(expected.views()["A"])):
        assert time.monotonic() < deadline, "the flip message never reached the panel"
        time.sleep(0.1)


def test_the_page_says_how_to_start_a_solo_game_and_what_to_do_after_it(simulator, browser):
    page = browser.new_page()
    page.goto(simulator)
    past_the_legend(page)
    offer = page.locator("#solo-offer")
    offer.wait_for(state="visible")  # a newcomer learns solo mode exists, and where
    assert "Partner" in offer.inner_text() and "New game" in offer.inner_text()
    assert page.locator("#solo").is_hidden()
    menu_item(page, "A", 1)  # as the hint says: Partner, pressed to AI
    page.click("#btn-A-back")
    new_game_from_menu(page)
    page.locator("#solo").wait_for(state="visible")
    assert offer.is_hidden()
    page.wait_for_function("document.getElementById('status').innerText.includes('The AI')")
    assert "The AI (seat B) gives" in _status_line(page)
    assert "The AI plays seat B" in page.inner_text("#solo-hint")
