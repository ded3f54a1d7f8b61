"""The simulator across restarts, and the phone views across games, in headless Chromium.

A newcomer stops and starts ``keystand simulate`` and keeps a tab open: the game
and the address must survive a restart of the same state folder, a tab whose
address went stale must say so, and a phone's seat view must follow each new game.
"""

import time

import pytest

from browser_sim import (
    A_GREENS,
    HAVE_CHROMIUM,
    Table,
    new_game_from_menu,
    panel,
    same,
    start,
    wait_for_panels,
)
from keystand.app.session import Session

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM, reason="needs Debian's chromium")

BANNER = "document.getElementById('banner')"


@pytest.fixture
def simulators():
    """Simulators a test starts, all stopped at its end."""
    running = []

    def begin(*args, **kwargs):
        running.append(start(*args, **kwargs))
        return running[-1]

    yield begin
    for r in running:
        r.stop()


def _banner_says(page, words: str) -> None:
    page.wait_for_function(f"!{BANNER}.hidden && {BANNER}.innerText.includes({words!r})")


def test_a_restart_resumes_the_game_at_the_same_address(tmp_path, simulators, browser):
    folder = tmp_path / "state"
    first = simulators(folder)
    assert first.lines[-1] == f"new game 1, kept in {folder}: run again to go on with it"
    page = browser.new_page()
    page.goto(first.url)
    t = Table(page)
    t.guess("B", A_GREENS[0])
    t.guess("B", A_GREENS[1])
    t.settle_and_compare()
    first.stop()
    _banner_says(page, "not running")  # the tab says the simulator stopped

    second = simulators(folder, port=first.port)
    assert second.url == first.url  # the same token for the same folder
    assert len(t.actions) == 3  # the clue (recorded by B's first guess) and two guesses
    assert second.lines[-1] == f"game 1 resumed after 3 actions, from {folder}"
    page.wait_for_function(f"{BANNER}.hidden", timeout=15000)  # reconnected by itself
    resumed = Session(t.session.state, lambda a, s: None, sensed_bank=True)
    resumed.bank(t.session.state.tokens_left)
    wait_for_panels(page, resumed.views(), what="the resumed game in the open tab")
    assert page.inner_text(".card.agent") != ""  # the found agents are still covered
    fresh = browser.new_page()
    fresh.goto(second.url)
    fresh.wait_for_function("window.keystandFrames >= 2")
    wait_for_panels(fresh, resumed.views(), what="the resumed game in a new tab")


def test_a_stale_tab_says_its_address_changed_and_where_to_find_the_new_one(
    tmp_path, simulators, browser
):
    first = simulators(tmp_path / "one")
    page = browser.new_page()
    page.goto(first.url)
    page.wait_for_function("document.querySelectorAll('#links a').length == 2")
    phone = browser.new_page()
    phone.goto(first.base + page.get_attribute("#links a >> nth=0", "href"))
    phone.wait_for_function("window.keystandFrames >= 1")
    first.stop()

    second = simulators(tmp_path / "two", port=first.port)  # another folder: other tokens
    assert second.token != first.token
    _banner_says(page, "out of date")
    assert "keystand simulator: http://" in page.inner_text("#banner")  # the line to look for
    _banner_says(phone, "no longer works")
    assert "Phone link" in phone.inner_text("#banner")
    page.click("#btn-A-press")  # a button of the stale tab: refused, and said so beside it
    page.wait_for_function("document.getElementById('error-A').textContent === 'forbidden'")
    _banner_says(page, "out of date")


def test_a_phone_view_follows_the_table_into_a_new_game(tmp_path, simulators, browser):
    running = simulators(tmp_path / "state")
    page = browser.new_page()
    page.goto(running.url)
    t = Table(page)
    t.guess("B", A_GREENS[0])
    t.settle_and_compare()
    page.wait_for_function("document.querySelectorAll('#links a').length == 2")
    link = page.get_attribute("#links a >> nth=0", "href")
    phone = browser.new_page(viewport={"width": 360, "height": 740})
    phone.goto(running.base + link)
    phone.wait_for_function("window.keystandFrames >= 1")
    before = page.get_attribute("#panel-A", "src")
    phone.wait_for_function(f"document.getElementById('panel-A').src === {before!r}")
    words_before = page.inner_text("#words")

    new_game_from_menu(page)
    page.wait_for_function(f"document.getElementById('words').innerText !== {words_before!r}")
    page.evaluate("window.keystandIdle()")
    deadline = time.monotonic() + 10
    while True:  # the phone shows the new game's frame, the same as the table's page
        shown = phone.get_attribute("#panel-A", "src")
        if shown != before and shown == page.get_attribute("#panel-A", "src"):
            break
        assert time.monotonic() < deadline, "the phone view stayed on the old game"
        time.sleep(0.05)
    assert same(panel(phone, "A"), panel(page, "A"))
    assert phone.is_hidden("#banner")
    assert page.get_attribute("#links a >> nth=0", "href") == link  # the same link


@pytest.mark.parametrize("seat", ["A", "B"])
def test_a_phone_view_fits_a_360_pixel_screen(tmp_path, simulators, browser, seat):
    from keystand.screens.legend import LEGEND

    running = simulators(tmp_path / "state")
    page = browser.new_page()
    page.goto(running.url)
    page.wait_for_function("document.querySelectorAll('#links a').length == 2")
    link = page.get_attribute(f"#links a >> nth={'AB'.index(seat)}", "href")
    phone = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    phone.goto(running.base + link)
    phone.wait_for_function("window.keystandFrames >= 1")
    phone.wait_for_function("document.querySelectorAll('.legend figure').length > 0")
    scroll = phone.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll[0] <= scroll[1] == 360, scroll  # no sideways scrolling
    box = phone.locator(f"#panel-{seat}").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert box["width"] >= 300  # and the display uses the width it has
    assert phone.locator(".legend figure").count() == len(LEGEND)
    assert "tokens left" in phone.inner_text("#status")
    # The whole table's page does not scroll sideways on a phone either.
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
