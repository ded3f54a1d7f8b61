"""Screen translations: complete catalogs, glyphs the font has, lines that fit."""

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from keystand.app.views import seat_view
from keystand.rules.game import new_game
from keystand.rules.ranking import unrank
from keystand.rules.setup import Rules
from keystand.screens import fonts, keyscreen, text
from keystand.screens.keyscreen import MESSAGES, catalog_ids, render
from keystand.screens.view import Message

COLUMN = 128 - (2 + 5 * 12 + 2)  # the text column beside the mono grid


def _po(lang):
    with (text.LOCALE_DIR / f"{lang}.po").open("rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("lang", ["fi", "ja"])
def test_catalogs_are_complete(lang):
    po = _po(lang)
    for msgid in catalog_ids():
        assert msgid in po and po[msgid].string, f"{lang}: no translation for {msgid!r}"
    extra = {m.id for m in po if m.id} - set(catalog_ids())
    assert not extra, f"{lang}: stale entries {extra}"


def test_every_glyph_is_in_the_screen_font():
    cmap = TTFont(fonts.font().path)["cmap"].getBestCmap()
    for lang in ("en", "fi", "ja"):
        strings = catalog_ids() if lang == "en" else [m.string for m in _po(lang) if m.id]
        chars = {ch for s in strings for ch in s}
        missing = {ch for ch in chars if ord(ch) not in cmap and ch not in fonts.COMPOSED}
        assert not missing, f"{lang}: the font lacks {sorted(missing)}"
        # Composed letters stand on a base letter the font has.
        assert all(ord(fonts.COMPOSED[ch][0]) in cmap for ch in chars & set(fonts.COMPOSED))


def test_composed_letters_differ_from_their_base():
    from PIL import Image, ImageDraw

    def draw(t):
        img = Image.new("1", (16, 8))
        fonts.draw_text(ImageDraw.Draw(img), (0, 0), t, 1)
        return img.tobytes()

    assert draw("ä") != draw("a") and draw("ö") != draw("o") and draw("Ä") != draw("A")


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_every_line_fits_the_mono_column(lang):
    text.use(lang)
    try:
        lines = [text.gettext(s) % 12 for s in keyscreen.STATUS]
        lines += [text.gettext(r) for r in keyscreen.ROLE_LABEL.values()]
        words = {
            "take_token": ("checkmark", "bystander"),
            "refused": tuple(keyscreen.REFUSALS),  # every reason the engine gives
            "scan_refused": tuple(keyscreen.SCAN_REASONS),
            "print_failed": tuple(keyscreen.PRINTER_REASONS),
            "lost": ("assassin", "sudden_death", "out_of_tokens"),
        }
        for kind, parts in MESSAGES.items():
            for word in words.get(kind, ("",)):
                args = tuple(12 if "%d" in p else word for p in parts if "%" in p)
                lines += keyscreen.message_lines(Message(kind, args))
        too_long = [line for line in lines if fonts.width(line) > COLUMN]
        assert not too_long, f"{lang}: {too_long}"
    finally:
        text.use("en")


@pytest.mark.parametrize("lang", ["fi", "ja"])
def test_screens_render_in_each_language(lang, tmp_path):
    view = seat_view(new_game(unrank(99), Rules(tokens=9, bystander_tokens=5)), "A")
    english = render(view)
    text.use(lang)
    try:
        img = render(
            view.__class__(**{**_fields(view), "message": Message("take_token", ("checkmark",))})
        )
        img.resize((512, 256)).save(tmp_path / f"{lang}.png")
        assert img.tobytes() != english.tobytes()
    finally:
        text.use("en")


def _fields(view):
    return {n: getattr(view, n) for n in view.__slots__}


def test_a_refusal_is_said_in_the_tables_language():
    from keystand.app.session import Session
    from keystand.rules.keycode import decode

    session = Session(new_game(decode("06M6-NZ2B-N9BD"), Rules()), lambda a, s: None)
    session.control("A", "press")  # A's clue
    before = session.state
    session.control("A", "press")  # A tries to guess: B guesses this turn
    assert session.state == before
    view = session.views()["A"]
    assert view.message == Message("refused", ("not_guesser",))
    try:
        text.use("fi")
        assert keyscreen.message_lines(view.message) == ["Ei nyt:", "pari arvaa"]
        text.use("ja")
        assert keyscreen.message_lines(view.message)[1] == "相手の推理"
    finally:
        text.use("en")
    assert keyscreen.message_lines(view.message) == ["Not now:", "partner guesses"]
