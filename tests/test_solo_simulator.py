"""Solo mode in the browser simulator: the page's text box gives the human's clue
(POST /clue "WORD N"), a refusal comes back as one line for beside the box, and
the word cards are the solo game's own words. The simulator runs in this process
with the test partner (tests/solo_double.py); the HTTP server is the real one."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from browser_sim import HAVE_CHROMIUM
from helpers import knob_turns, serve_simulator, settle
from keystand.web.simulator import Simulator
from solo_double import loader
from test_solo_table import ASSOCIATIONS, WORDS


def _page(tmp_path, lang: str = "en", partner: str = "ai"):
    return serve_simulator(tmp_path, loader(ASSOCIATIONS), partner=partner, language=lang)


@pytest.fixture
def page(tmp_path):
    sim, server, loop = _page(tmp_path)
    yield sim
    server.shutdown()
    sim.stop("test over")
    loop.join(5)


@pytest.fixture(params=["fi", "ja"])
def page_in(tmp_path, request):
    sim, server, loop = _page(tmp_path, request.param)
    yield request.param, sim
    server.shutdown()
    sim.stop("test over")
    loop.join(5)


def post(sim: Simulator, path: str, body: str, token: str | None = None) -> tuple[int, str]:
    url = f"{sim.link_base}{path}?token={token or sim.token}"
    request = urllib.request.Request(url, data=body.encode(), method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode().strip()


def test_the_page_types_the_humans_clue_and_shows_refusals(page):
    sim = page
    d = sim.daemon
    assert d.session.solo is not None
    assert sim.solo() == {"kind": "solo", "on": True, "ai": "B", "typing": False, "over": False}
    words = sim.words()
    assert words["words"] == list(WORDS) and words["lang"] == "en"
    # the status line names the AI's clue the human is reading, not "Either seat gives"
    assert sim.status()["parts"][0] == "The AI (seat B) gives SPIES 9: seat A guesses"
    # Not the human's turn to give yet: the AI's clue is waiting for a guess.
    status, said = post(sim, "/clue", "MINE 6")
    assert status == 400 and said == "No: not your clue now. Guess the AI's clue"
    for line in ("A right", "A right", "A press"):  # cell 14, one of B's agents
        sim.command(line)
    settle(d)
    assert d.state.phase == "guessing"
    # The human is guessing the AI's clue: the status line still says its word.
    assert sim.status()["parts"][0] == "Seat A guesses (B's clue: SPIES 9, 1 right so far)"
    sim.command("bank take 9")  # the human's turn ends with a token
    settle(d)
    assert json.loads(json.dumps(sim.solo()))["typing"] is True
    tokens = d.state.tokens_left
    status, said = post(sim, "/clue", "ZEBRA 2")
    assert status == 400 and said == "No: not a word I know. Clues are nouns"
    status, said = post(sim, "/clue", f"{WORDS[2]} 1")
    assert status == 400 and said == "No: it is on the table. Pick another word"
    assert d.state.tokens_left == tokens and d.state.phase == "clue"
    # The phone views: the AI seat's types nothing; neither presses buttons.
    status, said = post(sim, "/clue", "mine 6", sim.seat_tokens["B"])
    assert status == 400 and said == "Seat B is the AI's"
    assert post(sim, "/input", "A press", sim.seat_tokens["A"])[0] == 403
    status, _ = post(sim, "/clue", "mine 6", sim.seat_tokens["A"])  # the human's phone
    assert status == 204
    settle(d)
    assert d.state.clue_word == "MINE" and d.state.clue_number == 6 and d.state.giver == "A"
    # ... and the AI guessing the human's clue: its word too. The line once said
    # "Seat B guesses", but the person at seat A acts for the AI, and must know it.
    touch = d.session.solo.touch(d.state)
    assert touch is not None
    parts = sim.status()["parts"]
    assert parts[:2] == [
        f"The AI (seat B) touches {WORDS[touch].upper()}: press on seat A, and cover or "
        "mark the card as seat A's panel says",
        "A's clue: MINE 6, 0 right so far",
    ]
    assert "AI touches:" in d.snapshot()["seats"]["A"]["lines"]
    # A token taken before the AI found an agent: the AI waits, and the line says why.
    sim.command("bank take 8")
    settle(d)
    parts = sim.status()["parts"]
    assert parts[0] == "The AI (seat B) waits: first the bank, as this line says"
    assert parts[2] == "7 tokens in the bank; put 1 back: a turn ends only after a correct guess"
    sim.command("bank put 8")
    settle(d)
    assert sim.status()["parts"][0].startswith("The AI (seat B) touches ")


def test_after_a_lost_solo_game_the_page_says_the_game_is_over(page):
    from helpers import LAYOUT

    sim = page
    assassin = next(i for i in range(25) if LAYOUT.role(i, "B") == "B")  # A guesses B's side
    for turn in knob_turns(None, assassin):  # from off the cards (A's frame is A's order)
        sim.command(f"A {turn}")
    sim.command("A press")
    settle(sim.daemon)
    assert sim.daemon.state.phase == "over"
    assert sim.solo() == {"kind": "solo", "on": True, "ai": "B", "typing": False, "over": True}


# The status line and a refusal beside the clue box, in the table's language (the
# test partner knows no Finnish or Japanese card: its clue is its "SOMETHING 1").
SAID = {
    "fi": ("Kone (paikka B) antaa vihjeen SOMETHING 1: paikka A arvaa",
           "Ei: ei vihjevuorosi. Arvaa koneen vihje"),
    "ja": ("AI（席B）のヒント「SOMETHING」1：席Aが推理",
           "不可：ヒントの番でない。AIのヒントを推理"),
}


def test_the_page_speaks_the_tables_language_in_its_status_and_refusals(page_in):
    lang, sim = page_in
    assert sim.words()["lang"] == lang
    status_line, refusal = SAID[lang]
    parts = sim.status()["parts"]
    assert parts[0] == status_line and not parts[1].endswith("tokens left")
    status, said = post(sim, "/clue", "MINE 6")  # the AI's clue is waiting: not yet
    assert status == 400 and said == refusal  # two sentences, joined as the language does


# The solo box's own words on the page, as a player of each language reads them.
BOX = {
    "fi": {
        "heading": "Yksinpeli: vihjeesi",
        "labels": ["Vihjesana:", "luku:"],
        "send": "anna vihje",
        "waiting": "Kone pelaa paikalla B.",
        "offer": ["Pari", "kone", "Uusi peli"],
    },
    "ja": {
        "heading": "ソロ：あなたのヒント",
        "labels": ["ヒントのワード：", "数："],
        "send": "ヒントを出す",
        "waiting": "AIは席Bでプレイします。",
        "offer": ["パートナー", "AI", "新しいゲーム"],
    },
}
ENGLISH = ("clue", "Clue", "number", "The AI", "Partner", "New game", "seat", "Solo")


def _open(browser, sim: Simulator):
    page = browser.new_page()
    page.goto(f"{sim.link_base}/?token={sim.token}")
    return page


@pytest.mark.skipif(not HAVE_CHROMIUM, reason="needs Debian's chromium")
def test_the_solo_box_speaks_the_tables_language_in_the_browser(page_in, browser):
    lang, sim = page_in
    want = BOX[lang]
    page = _open(browser, sim)
    box = page.locator("#solo")
    box.wait_for(state="visible")
    assert page.inner_text("#solo-heading") == want["heading"]
    labels = page.eval_on_selector_all("#clue-form label", "ls => ls.map(l => l.textContent)")
    assert labels == want["labels"]
    assert page.inner_text("#clue-send") == want["send"]
    assert page.inner_text("#solo-hint").startswith(want["waiting"])
    assert page.get_attribute("#clue-word", "placeholder") == sim.solo_text()["placeholder"]
    # Japanese glyphs for ja, not a fallback font's: the box, the status line, the cards
    page.wait_for_function("() => document.querySelectorAll('.card').length === 25")
    for where in ("#solo", "#status", "#words"):
        assert page.get_attribute(where, "lang") == lang, where
    shown = box.inner_text()
    assert not [w for w in ENGLISH if w in shown], shown
    # After a lost game: the hint says so, with the human's seat named.
    from helpers import LAYOUT

    assassin = next(i for i in range(25) if LAYOUT.role(i, "B") == "B")
    for turn in knob_turns(None, assassin):
        sim.command(f"A {turn}")
    sim.command("A press")
    settle(sim.daemon)
    over = sim.solo_text()["over"].replace("{human}", "A")
    page.wait_for_function(
        "t => document.getElementById('solo-hint').textContent === t", arg=over
    )
    assert "{" not in over and "A" in over
    # The card that lost the game is marked in the table's language too.
    mark = {"fi": "salamurhaaja", "ja": "暗殺者"}[lang]
    page.locator(f"#word-{assassin} .mark").wait_for()
    assert page.inner_text(f"#word-{assassin} .mark") == mark
    assert page.get_attribute(f"#word-{assassin} .mark", "lang") == lang


@pytest.mark.skipif(not HAVE_CHROMIUM, reason="needs Debian's chromium")
@pytest.mark.parametrize("lang", ["fi", "ja"])
def test_how_to_start_a_solo_game_is_said_in_the_tables_language(tmp_path, browser, lang):
    sim, server, loop = _page(tmp_path, lang, partner="person")
    try:
        page = _open(browser, sim)
        offer = page.locator("#solo-offer")
        offer.wait_for(state="visible")
        bold = page.eval_on_selector_all("#solo-offer b", "bs => bs.map(b => b.textContent)")
        assert bold == BOX[lang]["offer"]  # the menu's own names for the item and value
        said = offer.inner_text()
        assert not [w for w in ENGLISH if w in said], said
        assert offer.get_attribute("lang") == lang
    finally:
        server.shutdown()
        sim.stop("test over")
        loop.join(5)


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_a_missed_card_says_whose_guess_missed_in_the_tables_language(lang):
    from keystand.web.page_model import card_marks

    said = card_marks(lang)["missed"].replace("%s", "A+B")
    assert said == {"en": "missed by A+B", "fi": "A+B ohi", "ja": "A+Bが外した"}[lang]


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_every_hint_of_the_solo_box_names_its_seats(lang):
    """Each hint keeps the seats the page fills in, and no %-placeholder is left."""
    from keystand.web.page_model import solo_text

    text = solo_text(lang)
    assert "{human}" in text["over"] and "{human}" in text["typing"]
    assert "{ai}" in text["waiting"]
    assert not any("%" in v for v in text.values() if isinstance(v, str))
    assert len(text["offer"]) == 7 and all(text["offer"][1::2])  # three menu names
