"""What the simulator page says about the table and how it lays it out, in headless
Chromium: what the seats are, each seat's cursor on the word cards, and the page on
a phone (390 px wide, touch, no keyboard) in English, Finnish and Japanese. The
simulator runs in this process; the HTTP server and the page are the real ones."""

from __future__ import annotations

import pytest

from browser_sim import HAVE_CHROMIUM
from helpers import LAYOUT, serve_simulator, settle
from keystand.rules.layout import seat_index

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM, reason="needs Debian's chromium")

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def served(tmp_path):
    """Start a simulator with settings (``served(language="fi")``); stopped after."""
    running = []

    def begin(partners=None, team: str | None = None, config=None, **settings):
        folder = tmp_path / str(len(running))
        if team is not None:  # a team in the state folder, as `keystand campaign new` makes
            from keystand.campaign.store import CampaignStore

            (folder / "state").mkdir(parents=True)
            with CampaignStore.in_folder(folder / "state") as store:
                store.create_team(team, "duet")
        running.append(serve_simulator(folder, partners, config, **settings))
        return running[-1][0]

    yield begin
    for sim, server, loop in running:
        server.shutdown()
        sim.stop("test over")
        loop.join(5)


def _open(browser, sim, **context):
    page = browser.new_context(**context).new_page()
    page.goto(f"{sim.link_base}/?token={sim.token}")
    page.wait_for_function("document.querySelectorAll('.card').length === 25")
    return page


def _do(sim, *lines: str) -> None:
    for line in lines:
        assert sim.command(line) is None, line
    settle(sim.daemon)


def _turn_onto_the_cards(sim, seat: str) -> None:
    """A seat whose cursor is off the cards turns it on (a new game's may start off)."""
    if sim.daemon.session.cursor[seat] is None:
        _do(sim, f"{seat} right")


def _cards_under_cursors(sim) -> dict[str, int]:
    """The card under each seat's cursor, in A's frame as the page lays the cards, as
    the seats' own views have it (None where the panel shows no cursor)."""
    views = sim.daemon.views
    return {s: seat_index(v.cursor, s) for s, v in views.items() if v.cursor is not None}


def _tagged(page) -> dict[str, int]:
    """The card each seat's frame and tag mark on the page."""
    marked = page.eval_on_selector_all(
        ".card .tag",
        "ts => ts.map(t => [t.textContent, Number(t.parentElement.id.slice(5)), "
        "t.parentElement.classList.contains('cursor-' + t.textContent)])",
    )
    assert all(framed for *_rest, framed in marked), marked  # a tag comes with its frame
    return {seat: card for seat, card, _framed in marked}


def _wait_for_tags(page, want: dict[str, int]) -> None:
    page.wait_for_function(
        "want => { const got = [...document.querySelectorAll('.card .tag')]"
        ".map(t => [t.textContent, Number(t.parentElement.id.slice(5))]).sort();"
        " return JSON.stringify(got) === JSON.stringify(want); }",
        arg=sorted([seat, card] for seat, card in want.items()),
    )


def test_each_seats_cursor_is_on_the_word_cards(served, browser):
    """The panels never said which word a cursor was on, and the page's cards did not
    show it; B's grid is turned round from the cards, so B turned it in their head."""
    sim = served()
    page = _open(browser, sim)
    for seat in "AB":
        _turn_onto_the_cards(sim, seat)
    _do(sim, "A right", "B right", "B right")  # both may guess: either seat's partner gave
    want = _cards_under_cursors(sim)
    assert set(want) == {"A", "B"} and want["A"] != want["B"]
    _wait_for_tags(page, want)
    assert _tagged(page) == want
    # The tag sits in the card's corner, off its word.
    for seat, card in want.items():
        word = page.locator(f"#word-{card} .word").bounding_box()
        tag = page.locator(f"#word-{card} .tag.{seat}").bounding_box()
        assert tag["y"] >= word["y"] + word["height"] - 1, (seat, word, tag)

    # B guesses the card under its cursor (A said a clue aloud), a bystander: the
    # turn is over and a new one starts with both cursors off the cards, on the
    # panels and on the page's cards alike (docs/screens.md).
    assert LAYOUT.role(want["B"], "A") == "T"
    _do(sim, "B press")
    after = _cards_under_cursors(sim)
    assert after == {}
    _wait_for_tags(page, after)


def test_both_seats_on_one_card_show_both_frames(served, browser):
    sim = served()
    page = _open(browser, sim)
    for seat in "AB":
        _turn_onto_the_cards(sim, seat)
    here = _cards_under_cursors(sim)
    # B's reading order is A's turned round: B turns until it is on A's card.
    want_b = seat_index(here["A"], "B")
    steps = (want_b - sim.daemon.session.cursor["B"]) % 25
    _do(sim, *["B right"] * steps)
    both = _cards_under_cursors(sim)
    assert both["A"] == both["B"]
    _wait_for_tags(page, both)
    card = page.locator(f"#word-{both['A']}")
    assert "cursor-A" in card.get_attribute("class") and "cursor-B" in card.get_attribute("class")


SEATS_SAID = {
    "en": "Seat A and seat B are the two players, across the table from each other.",
    "fi": "Paikat A ja B ovat kaksi pelaajaa, vastakkain pöydän eri puolilla.",
    "ja": "席Aと席Bは、テーブルをはさんで向かい合う2人のプレイヤーです。",
}


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_the_page_says_what_the_seats_are(served, browser, lang):
    """Nothing said what seat A and seat B were for."""
    sim = served(language=lang)
    page = _open(browser, sim)
    hint = page.inner_text("#seats-hint")
    assert hint.startswith(SEATS_SAID[lang])
    phone = browser.new_page()  # a seat's phone view says it too
    phone.goto(f"{sim.link_base}/seat/A?token={sim.seat_tokens['A']}")
    phone.wait_for_function("document.getElementById('seats-hint').innerText !== ''")
    assert phone.inner_text("#seats-hint") == hint


def test_in_solo_the_page_says_which_seat_is_the_ai(served, browser):
    from solo_double import loader
    from test_solo_table import ASSOCIATIONS

    sim = served(loader(ASSOCIATIONS), partner="ai", ai_seat="B")
    page = _open(browser, sim)
    page.wait_for_function("document.getElementById('seat-name-B').innerText.includes('AI')")
    assert page.inner_text("#seat-name-A") == "Seat A: you"
    assert page.inner_text("#seat-name-B") == "Seat B: the AI"
    assert page.inner_text("#seats-hint").startswith(
        "You play seat A and the AI plays seat B, across the table from you."
    )


# ------------------------------------------------------------ a phone, 390 px wide

# Every word in the elements' text that the browser laid out over two lines. Words
# as the language has them (Intl.Segmenter: Japanese has no spaces between them).
BROKEN_WORDS = """els => {
  const broken = [];
  for (const el of els) {
    const lang = el.closest("[lang]")?.lang || document.documentElement.lang;
    const words = new Intl.Segmenter(lang, {granularity: "word"});
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const w of words.segment(node.textContent)) {
        if (!w.isWordLike) continue;
        const range = document.createRange();
        range.setStart(node, w.index);
        range.setEnd(node, w.index + w.segment.length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(w.segment);
      }
    }
  }
  return broken;
}"""

# Words at least as wide as any dealt: the longest of each list, and "astronaut",
# which a phone broke as "astronau/t".
LONG = {
    "en": ["astronaut", "helicopter", "skyscraper", "microphone", "lighthouse"],
    "fi": ["ydinvoimala", "kaukoputki", "moottorisaha", "pelastusrengas", "lentokone"],
    "ja": ["スーパーヒーロー", "エレベーター", "トランポリン", "ヘリコプター", "宇宙飛行士"],
}


def _long_words(lang: str) -> list[str]:
    from keystand.books.words import load

    listed = sorted(load(lang).words, key=len, reverse=True)
    return (LONG[lang] + listed)[:25]


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_on_a_phone_every_word_and_mark_reads_whole(served, browser, lang):
    """At 390 px the "missed by A" tag covered its word, "astronaut" broke as
    "astronau/t", and the keyboard's keys were listed on a phone."""
    sim = served(language=lang)
    bystander = next(i for i in range(25) if LAYOUT.role(i, "A") == "T")
    _turn_onto_the_cards(sim, "B")
    steps = (seat_index(bystander, "B") - sim.daemon.session.cursor["B"]) % 25
    _do(sim, *["B right"] * steps, "B press")  # a bystander: its card says whose guess
    page = _open(browser, sim, **PHONE)
    page.locator(f"#word-{bystander} .mark").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll

    card = page.locator(f"#word-{bystander}")
    word = card.locator(".word").bounding_box()
    mark = card.locator(".mark").bounding_box()
    assert mark["y"] + mark["height"] <= word["y"] + 1, (mark, word)  # above it, not over it
    inside = card.bounding_box()
    assert inside["x"] <= mark["x"] and mark["x"] + mark["width"] <= inside["x"] + inside["width"]

    # The longest words there are, on the cards at once: each on one line, in its card.
    words = _long_words(lang)
    page.evaluate(
        "ws => showWords({kind: 'words', lang: document.documentElement.lang, words: ws,"
        " covers: ws.map(() => ''), cursors: {}, marks: {lang: 'en'}})",
        words,
    )
    assert page.eval_on_selector_all(".card .word", BROKEN_WORDS) == []
    fits = "ws => ws.map(w => w.scrollWidth <= w.clientWidth)"
    assert all(page.eval_on_selector_all(".card .word", fits))
    # The status line and the seats' hint break between words only.
    assert page.eval_on_selector_all("#status, #seats-hint", BROKEN_WORDS) == []
    # No keyboard on a phone: the keys are not listed. A computer lists them.
    assert not page.is_visible("#keys-A")
    desk = _open(browser, sim)
    assert desk.is_visible("#keys-A")


NUMBERS_SAID = {
    "en": "A mission's numbers, as in 9-5 (the column T-M): its timer tokens, then the "
    "mistakes it allows.",
    "fi": "Tehtävän luvut, kuten 9-5 (sarake merkit-virheet): ensin sen aikamerkit, sitten "
    "sallitut virheet.",
    "ja": "ミッションの数字（例：9-5、列「トークン-ミス」）は、"
    "時間トークンの数と、許されるミスの数です。",
}


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_on_a_phone_the_campaign_reads_whole_and_says_what_its_numbers_are(served, browser, lang):
    """The campaign table's headings broke inside words ("Missio/n"), and nothing said
    what "9-9" or the column "T-M" were."""
    sim = served(team="Foxes", language=lang)
    sim.daemon.settings.team = "Foxes"  # as the seat menu's Team chooses it
    _do(sim, "A back_hold", "A press", "A hold")  # New game, for the team: Prague
    state = sim.daemon.state
    assert state.rules.mission == "prague"
    assassin = next(i for i in range(25) if state.layout.role(i, "A") == "B")
    _turn_onto_the_cards(sim, "B")
    steps = (seat_index(assassin, "B") - sim.daemon.session.cursor["B"]) % 25
    _do(sim, *["B right"] * steps, "B press")  # lost: the team's record has a game
    assert sim.daemon.state.phase == "over"
    page = _open(browser, sim, **PHONE)
    page.wait_for_selector("#campaign-record tr[data-mission='prague']")
    assert page.inner_text("#campaign-numbers") == NUMBERS_SAID[lang]
    cells = "#campaign-record th, #campaign-record td, #campaign-clues th, #campaign-clues td"
    assert page.eval_on_selector_all(cells, BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#campaign-record").bounding_box()
    assert box["x"] + box["width"] <= 390


def test_on_a_table_that_senses_its_cards_a_click_on_a_word_card_touches_it(served, browser):
    """In the browser the word cards are the pads (issue 27): a click is a finger held
    on the card, through the simulated MPR121s the Pi reads; at the first clue the
    guesser's press says whose touch it was."""
    from helpers import PROFILES, device_config, wait_for

    sim = served(config=device_config(PROFILES / "touch.toml"))
    page = _open(browser, sim)
    assert "pad" in page.get_attribute("#word-2", "class")
    with page.expect_response(lambda r: "/input" in r.url) as sent:
        page.click("#word-2")  # c1: green on A's side; either seat may guess yet
    assert sent.value.ok, sent.value.text()
    d = sim.daemon
    both = {"A": seat_index(2, "A"), "B": seat_index(2, "B")}
    # The server answers once the finger has lifted and the table was still again.
    assert wait_for(lambda: d.session.cursor == both, limit=10), (
        d.session.cursor,
        page.inner_text("#words-error"),
        sim.sim.card_frame.contacts,
    )
    assert d.state.agents_found == 0  # framed on both keys, not played
    _do(sim, "B press")  # the guesser is B
    assert d.state.agents_found == 1 and d.state.guesser == "B"
    with page.expect_response(lambda r: "/input" in r.url) as sent:
        page.click("#word-1")  # b1, green on A's side: B's guess, a touch alone
    assert sent.value.ok, sent.value.text()
    assert wait_for(lambda: d.state.agents_found == 2, limit=10), page.inner_text("#words-error")
    assert d.state.agents[1] == "B"
