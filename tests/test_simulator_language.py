"""The simulator page speaks the table's language: its title, the seats' headings,
the buttons and their keys, the headings and hints, the legend, the campaign panel
and the errors beside the controls, in English, Finnish or Japanese as the seat
menu's Language says, and again at once when the menu changes it. The simulator
runs in this process; the HTTP server and the page are the real ones."""

from __future__ import annotations

import io
import re
import urllib.request

import pytest

from browser_sim import HAVE_CHROMIUM
from helpers import serve_simulator, settle
from keystand.web import page_model


def _start(tmp_path, lang: str):
    return serve_simulator(tmp_path, language=lang)


@pytest.fixture
def table(tmp_path, request):
    sim, server, loop = _start(tmp_path, request.param)
    yield sim
    server.shutdown()
    sim.stop("test over")
    loop.join(5)


# What a player of each language reads: the title, seat A's heading, its buttons
# (left, right, press, hold, back, hold back), its keys, the headings in order.
SAID = {
    "en": {
        "title": "keystand simulator",
        "seat": "Seat A",
        "buttons": ["⟲ left", "right ⟳", "press", "hold", "back", "hold back (menu)"],
        "keys": "keys a: left, d: right, s: press, x: hold, w: back",
        "headings": ["Time bank", "Word cards", "Scanner", "Printer", "Campaign",
                     "What the symbols on the displays mean", "Phone views"],
        "choose": "choose an image…",
    },
    "fi": {
        "title": "keystand-simulaattori",
        "seat": "Paikka A",
        "buttons": ["⟲ vasen", "oikea ⟳", "paina", "pidä", "takaisin",
                    "pidä takaisin (valikko)"],
        "keys": "näppäimet a: vasen, d: oikea, s: paina, x: pidä, w: takaisin",
        "headings": ["Aikavarasto", "Sanakortit", "Skanneri", "Tulostin", "Kampanja",
                     "Mitä näyttöjen merkit tarkoittavat", "Puhelinnäkymät"],
        "choose": "valitse kuva…",
    },
    "ja": {
        "title": "keystand シミュレーター",
        "seat": "席A",
        "buttons": ["⟲ 左", "右 ⟳", "押す", "長押し", "戻る", "戻る長押し（メニュー）"],
        "keys": "キー操作 a: 左 d: 右 s: 押す x: 長押し w: 戻る",
        "headings": ["時間バンク", "ワードカード", "スキャナー", "プリンター", "キャンペーン",
                     "画面の記号の意味", "スマホ用の表示"],
        "choose": "画像を選ぶ…",
    },
}
# The page's English words that must not be left on a Finnish or Japanese page.
ENGLISH = ("Seat", "press", "hold", "back", "Time bank", "Word cards", "Scanner",
           "Printer", "Campaign", "symbols", "Phone", "switch", "Click", "team", "keys")
BUTTONS = ("left", "right", "press", "hold", "back", "back_hold")


def _shown(page, lang: str) -> None:
    want = SAID[lang]
    page.wait_for_function("t => document.getElementById('seat-name-A').textContent === t",
                           arg=want["seat"])
    assert page.get_attribute("html", "lang") == lang  # Japanese glyphs for ja
    assert page.title() == want["title"] and page.inner_text("h1") == want["title"]
    assert [page.inner_text(f"#btn-A-{b}") for b in BUTTONS] == want["buttons"]
    assert page.inner_text("#keys-A") == want["keys"]
    headings = page.eval_on_selector_all(
        "h2", "hs => hs.filter(h => h.offsetParent).map(h => h.firstChild.textContent.trim())"
    )
    assert headings == want["headings"]
    assert page.inner_text("#scan-choose") == want["choose"]
    captions = page.eval_on_selector_all(".legend figcaption", "fs => fs.map(f => f.textContent)")
    assert captions == page_model.page_text(lang)["legend_labels"]


@pytest.mark.skipif(not HAVE_CHROMIUM, reason="needs Debian's chromium")
@pytest.mark.parametrize("table", ["fi", "ja"], indirect=True)
def test_the_whole_page_speaks_the_tables_language(table, browser):
    sim = table
    lang = sim.daemon.settings.language
    page = browser.new_page()
    page.goto(f"{sim.link_base}/?token={sim.token}")
    _shown(page, lang)
    page.wait_for_function("document.getElementById('campaign-hint').textContent !== ''")
    shown = page.inner_text("body")
    left = [w for w in ENGLISH if re.search(rf"\b{w}\b", shown)]  # not "loopback"
    assert not left, left
    # A button's tooltip too: the hold is the panel's "Hold to confirm", in its words.
    hold_to_confirm = {"fi": "Pidä: vahvista", "ja": "長押しで決定"}[lang]
    assert hold_to_confirm in page.get_attribute("#btn-A-hold", "title")


@pytest.mark.skipif(not HAVE_CHROMIUM, reason="needs Debian's chromium")
@pytest.mark.parametrize("table", ["en"], indirect=True)
def test_the_page_follows_the_language_the_menu_chooses(table, browser):
    sim = table
    page = browser.new_page()
    page.goto(f"{sim.link_base}/?token={sim.token}")
    phone = browser.new_page()
    phone.goto(f"{sim.link_base}/seat/B?token={sim.seat_tokens['B']}")
    _shown(page, "en")
    phone.wait_for_function("document.title === 'keystand: seat B'")
    sim.command("A back_hold")
    settle(sim.daemon)
    for _ in range(sim.daemon.session.menus["A"].items.index("language")):
        sim.command("A right")
    for lang in ("fi", "ja"):  # each press steps the table's language
        sim.command("A press")
        settle(sim.daemon)
        assert sim.daemon.settings.language == lang
        _shown(page, lang)  # without a reload
        title = {"fi": "keystand: paikka B", "ja": "keystand：席B"}[lang]
        phone.wait_for_function("t => document.title === t", arg=title)
        assert phone.inner_text("#seat-name-B") == {"fi": "Paikka B", "ja": "席B"}[lang]
        hint = {"fi": "Mikään joukkue ei pelaa", "ja": "今はどのチームも"}[lang]
        page.wait_for_function(
            "t => document.getElementById('campaign-hint').textContent.startsWith(t)", arg=hint
        )


@pytest.mark.parametrize("table", ["fi", "ja"], indirect=True)
def test_the_served_page_carries_its_title_before_any_script_runs(table):
    # A new user's curl of the address (and the tab before the script ran) showed
    # an empty <title>: the script alone used to write it.
    sim = table
    lang = sim.daemon.settings.language
    page = urllib.request.urlopen(f"{sim.link_base}/?token={sim.token}").read().decode()
    assert f"<title>{SAID[lang]['title']}</title>" in page
    seat = urllib.request.urlopen(f"{sim.link_base}/seat/B?token={sim.seat_tokens['B']}")
    title = {"fi": "keystand: paikka B", "ja": "keystand：席B"}[lang]
    assert f"<title>{title}</title>" in seat.read().decode()


@pytest.mark.parametrize("table", ["fi"], indirect=True)
def test_an_image_without_a_qr_code_is_refused_in_the_tables_language(table):
    from PIL import Image

    blank = io.BytesIO()
    Image.new("L", (200, 200), 255).save(blank, format="PNG")
    assert table.scan_image(blank.getvalue()) == "kuvasta ei löytynyt QR-koodia"
    assert table.scan_image(b"not an image") == "ei ole kuva (PNG, JPEG, GIF, WebP tai BMP)"


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_the_page_words_leave_the_page_only_its_seats_to_fill_in(lang):
    text = page_model.page_text(lang)
    strings = [v for v in text.values() if isinstance(v, str)]
    strings += [p for v in text.values() if isinstance(v, list) for p in v]
    assert not [s for s in strings if "%" in s]  # every placeholder filled or "{name}"
    assert "{seat}" in text["seat"] and "{slot}" in text["flip_tip"]
    for key in page_model.PAGE_PARTS:  # a menu name or a command, set apart
        assert len(text[key]) % 2 == 1 and all(text[key][1::2]), key
