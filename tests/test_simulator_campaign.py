"""The campaign panel of the simulator page, in headless Chromium: how to choose a
team while none plays, then the chosen team's map and record, which change when
the team wins a game played by clicking the page."""

from __future__ import annotations

import pytest

from browser_sim import (
    HAVE_CHROMIUM,
    PRINT_SLIP,
    Table,
    menu_item,
    new_game_from_menu,
    start,
)
from browser_sim import TEAM as TEAM_ITEM  # the menu's Team item, after New game, Partner
from helpers import run_cli
from keystand.rules.gamecode import decode

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM, reason="needs Debian's chromium")

TEAM = "Rock <&> Roll"


def _status_of(page, mission: str) -> str:
    return page.get_attribute(f"#campaign-map g.mission[data-mission='{mission}']", "data-status")


def test_the_campaign_panel_shows_the_team_and_follows_its_win(tmp_path, browser):
    folder = tmp_path / "state"
    made = run_cli("campaign", "new", TEAM, "--state-dir", str(folder))
    assert made.returncode == 0, made.stderr
    running = start(folder)
    try:
        page = browser.new_page()
        page.goto(running.url)
        Table(page)  # closes the first game's legend
        page.wait_for_function("document.getElementById('campaign-hint').innerText !== ''")
        hint = page.inner_text("#campaign-hint")
        assert "No team plays" in hint and "Team" in hint
        assert page.query_selector("#campaign-map svg") is None

        menu_item(page, "A", TEAM_ITEM)  # the press picks the folder's one team
        page.wait_for_selector("#campaign-map svg")
        assert page.inner_text("#campaign-heading") == f"Campaign: {TEAM}"  # text, not markup
        assert page.inner_text("#campaign-hint") == ""
        assert _status_of(page, "prague") == "available"
        assert _status_of(page, "cairo") == "locked"
        assert page.inner_text("#campaign-totals").startswith("0 games, 0 won")

        page.click("#btn-A-back")  # out of the menu
        new_game_from_menu(page)  # the team's game: its first mission, Prague
        menu_item(page, "A", PRINT_SLIP)  # the slip's code gives the new game's key
        page.wait_for_selector(".slip .code")
        layout = decode(page.inner_text(".slip .code").strip()).layout
        page.click("#btn-A-back")  # out of the menu
        t = Table(page, legend=False, layout=layout)
        a_greens = [i for i in range(25) if layout.role(i, "A") == "G"]
        b_greens = [i for i in range(25) if layout.role(i, "B") == "G"]
        for cell in a_greens:  # A says a clue aloud; B finds its nine
            t.guess("B", cell)
        t.take_token(1)  # B ends the turn
        # The token is seen (the turn is over): B gives next.
        page.wait_for_function("document.getElementById('status').innerText.includes('8 tokens')")
        t.click("B", "right")  # B dials 2 for its clue's number (for the record) ...
        t.click("B", "right")
        for cell in b_greens:  # ... and says the clue aloud: A finds the rest
            if t.session.state.agents[cell] is None:
                t.guess("A", cell)
        page.evaluate("window.keystandIdle()")
        page.wait_for_function("document.getElementById('status').dataset.outcome === 'won'")

        page.wait_for_function(
            "document.querySelector(`#campaign-map g[data-mission='prague']`)"
            ".dataset.status === 'completed'"
        )
        assert {_status_of(page, m) for m in ("berlin", "cairo", "moscow")} == {"available"}
        assert page.inner_text("#campaign-totals") == "1 game, 1 won, best score 22"
        row = page.eval_on_selector(
            "#campaign-record tr[data-mission='prague']",
            "tr => [...tr.cells].map(c => c.textContent)",
        )
        assert row == ["Prague", "9-9", "1", "1", "22"]
        log = page.eval_on_selector_all(
            "#campaign-clues tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
        )
        assert log[1:] == [[log[1][0], "Prague", "won 22", "A ?, B 2"]]
    finally:
        running.stop()
