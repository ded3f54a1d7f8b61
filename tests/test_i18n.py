"""Translations: catalogs in step with the code, glyphs the font has, lines that fit."""

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import write_po
from fontTools.ttLib import TTFont

from keystand import i18n
from keystand.app.solo import CLUE_REASONS
from keystand.app.views import seat_view
from keystand.rules.game import new_game
from keystand.rules.ranking import unrank
from keystand.rules.setup import Rules
from keystand.screens import fonts, key, legend, messages, panel, reasons, text
from keystand.screens.render import render
from keystand.screens.view import Message

COLUMN = panel.MONO_COLUMN  # the text column beside the mono grid
ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _tool()
TEMPLATE = tool.extract()  # freshly extracted from the code, as CI sees it


def _po(lang):
    return tool.read_catalog(lang)


def test_catalogs_are_complete_compiled_and_in_step_with_the_code():
    assert tool.problems(TEMPLATE) == []


def test_the_catalog_check_names_each_problem(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    monkeypatch.setattr(tool, "LOCALE_DIR", locale)
    monkeypatch.setattr(tool, "TEMPLATE", locale / "keystand.pot")
    catalog = tool.read_catalog("fi")
    catalog["Tokens %d"].string = "Merkit"  # the count is lost
    catalog["Not now:"].string = ""  # untranslated
    flip = next(m for m in catalog if m.id and isinstance(m.id, tuple))
    flip.string = (flip.string[0],)  # one plural form where Finnish has two
    del catalog["Cairo"]  # a string the code shows is missing
    catalog.add("Gone from the code", "Poissa")
    with tool.po_path("fi").open("wb") as f:
        write_po(f, catalog)
    found = tool.problems(TEMPLATE)
    assert "fi: 'Tokens %d' -> 'Merkit' changes the placeholders" in found
    assert "fi: 'Not now:' is not translated" in found
    assert f"fi: {flip.id[0]!r} needs 2 plural forms" in found
    assert "fi: 'Cairo' is not in the catalog (run update)" in found
    assert "fi: entries no string uses any more: Gone from the code" in found
    assert "fi: keystand.mo does not match its .po (run compile)" in found
    assert not any(line.startswith("ja:") for line in found)


def test_plural_forms_follow_the_count():
    one, many = "Flip %(n)d token\n%(side)s", "Flip %(n)d tokens\n%(side)s"
    assert messages.message_lines(Message("flip", (1, "checkmark")))[0] == "Flip 1 token"
    assert messages.message_lines(Message("flip", (2, "checkmark")))[0] == "Flip 2 tokens"
    assert _po("fi").num_plurals == 2 and _po("ja").num_plurals == 1
    for lang in ("fi", "ja"):
        for n in (1, 2, 5):
            args = {"n": n, "side": "-"}
            shown = i18n.translation(lang).ngettext(one, many, n) % args
            assert str(n) in shown and shown != one % args


def test_run_time_reads_the_compiled_catalog_without_babel():
    script = (
        "import sys; from keystand.screens import text; text.use('fi');"
        "print(text.gettext('Sudden death:')); print('babel' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["Äkkikuolema:", "False"]


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no language 'de' \\(choose en, fi, ja\\)"):
        text.use("de")
    assert text.current() == "en"


def _screen_strings(catalog):
    """The messages the seat screens draw (the 8x8 font must have their glyphs)."""
    return [m for m in catalog if m.id and any("/screens/" in f for f, _ in m.locations)]


def test_every_glyph_is_in_the_screen_font():
    cmap = TTFont(fonts.font().path)["cmap"].getBestCmap()
    assert len(_screen_strings(TEMPLATE)) > 50
    for lang in i18n.LANGUAGES:
        strings = []
        source = TEMPLATE if lang == "en" else _po(lang)
        wanted = {m.id for m in _screen_strings(TEMPLATE)}
        for m in source:
            if m.id in wanted:
                value = m.id if lang == "en" else m.string
                strings += list(value) if isinstance(value, tuple) else [value]
        chars = {ch for s in strings for ch in s if ch != "\n"}  # "\n": a line break
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


def test_composed_marks_stand_clear_of_their_letter():
    """A mark that touches its letter is not read: Misaki's A reaches the top row,
    so an Ä drawn as A plus dots read as an A."""
    from PIL import Image, ImageDraw

    def lit(t):
        img = Image.new("1", (8, 8))
        fonts.draw_text(ImageDraw.Draw(img), (0, 0), t, 1)
        return {(x, y) for x in range(8) for y in range(8) if img.getpixel((x, y))}

    for ch, (base, _rows) in fonts.COMPOSED.items():
        pixels = lit(ch)
        rows = sorted({y for _x, y in pixels})
        mark = [y for y in rows if y < rows[0] + 2 and y + 1 not in rows]
        assert mark, f"{ch}: its mark touches the letter"
        body = {(x, y) for x, y in pixels if y > mark[-1]}
        # the mark sits over the letter, within the letter's own columns
        columns = {x for x, _y in lit(base)}
        assert {x for x, _y in pixels} <= columns, ch
        assert body and min(y for _x, y in body) >= mark[-1] + 2, ch


# Every message the screens show, with the arguments it can take: a new kind must
# be added here, so that its words are measured in every language.
MESSAGE_ARGS = {
    # Every part a score can count, with the largest numbers each can reach.
    "won": [
        (188,),
        (33, (("tokens_left", 33, 11), ("turns_ended", 11, 11), ("sudden_death", 0, 0)), True),
        (10, (("tokens_left", 0, 0), ("turns_ended", 11, 11), ("sudden_death", -1, 1)), False),
        (
            30 + 90,
            (
                ("agents_found", 30, 15),
                ("unused_turns", 110, 11),
                ("mistakes", -45, 9),
                ("sudden_death", -10, 1),
            ),
            False,
        ),
    ],
    "won_mission": [
        (42, name, done, n, parts)
        for name in ("Cairo", "Gryffindor Common Room")
        for done in (True, False)
        for n in (0, 1, 3)
        for parts in (
            (),
            (("tokens_left", 33, 11), ("turns_ended", 11, 11), ("sudden_death", -1, 1)),
        )
    ],
    "lost_mission": [
        (r, name, t)
        for r in ("assassin", "out_of_tokens")
        for name in ("Cairo", "Gryffindor Common Room")
        for t in (1, 12)
    ],
    "team_refused": [()],
    "team_not_saved": [(r, later) for r in reasons.STORAGE_REASONS for later in (True, False)],
    "not_saved": [(r,) for r in reasons.STORAGE_REASONS],
    "not_saving": [(r,) for r in reasons.STORAGE_REASONS],
    "saving_again": [()],
    "saving_now": [()],
    "journal_recovered": [(1,), (12,), (1234,)],
    "lost": [("assassin",), ("sudden_death",), ("out_of_tokens",)],
    "take": [
        (n, side, why, sided)
        for n in (1, 2)
        for side in ("checkmark", "bystander")
        for why in messages.TAKE_FOR
        for sided in (True, False)
    ],
    "missing": [(n, context) for n in (1, 2, 12) for context in ("", "too_early")],
    "extra": [(1,), (2,), (12,)],
    "flip": [(n, side) for n in (1, 2, 12) for side in ("checkmark", "bystander")],
    "counted_owed": [("bystander",)],
    "end_by_token": [()],
    "dial_number": [()],
    "nothing_left": [()],
    "knob_first": [()],
    "touched": [()],
    "ai_seat": [("A",), ("B",)],
    "sensor_fault": [(12,)],
    "refused": [(r,) for r in reasons.REFUSALS],
    "scan_refused": [(r,) for r in reasons.SCAN_REASONS],
    "print_failed": [(r,) for r in reasons.PRINTER_REASONS],
    "printed": [()],
    "load_confirm": [()],
    "qr_too_long": [()],
    "link_local": [()],
    # Solo mode: the AI's touch (the word is clipped to the column), its turn's end.
    "ai_touch": [
        (word, what)
        for word in ("CASTLE", "KIRJASTOAUTOMAATTI", "ゆきだるま")
        for what in messages.AI_TOUCH
    ],
    "ai_stops": [(True,), (False,)],
    "no_ai": [()],
}


def test_every_message_kind_is_measured():
    assert set(MESSAGE_ARGS) == set(messages.MESSAGES)


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_every_line_fits_the_mono_column(lang):
    text.use(lang)
    try:
        lines = [text.gettext(s) % 12 for s in ("Tokens %d", "Mistakes %d", "Clue %d")]
        lines += [text.gettext("Number %d") % 9, text.gettext("Partner's key")]
        for hint in (*key.HINTS.values(), *key.TOUCH_HINTS.values()):
            lines += [text.gettext(line) for line in hint]
        for kind, cases in MESSAGE_ARGS.items():
            for args in cases:
                lines += messages.message_lines(Message(kind, args))
        too_long = [line for line in lines if fonts.width(line) > COLUMN]
        assert not too_long, f"{lang}: {too_long}"
    finally:
        text.use("en")


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_the_legend_fits_its_columns(lang):
    text.use(lang)
    try:
        for g in (panel.MONO, panel.COLOUR):
            places = legend.columns(128, g)
            for (x, room), (*_, label) in zip(places, legend.LEGEND, strict=True):
                words = text.gettext(label)
                # mono: one line beside the cell; colour: at most two
                lines = legend.label_lines(words, room) if g.colour else [words]
                assert len(lines) <= (2 if g.colour else 1), (g, words, lines)
                assert all(fonts.width(line) <= room for line in lines), (g, words, room)
                assert x + g.pitch + 1 + room <= 126  # clear of the panel's right edge
            assert (
                places[4][0]
                >= 2
                + g.pitch
                + 1
                + max(fonts.width(text.gettext(label)) for *_, label in legend.LEGEND[:4])
                or g.colour
            )  # the second column starts after the first one's labels
        # The title and how to go on share the top line.
        title = fonts.width(text.gettext(legend.TITLE)) + fonts.width(text.gettext(legend.GO_ON))
        assert title + 4 <= 124
    finally:
        text.use("en")


@pytest.mark.parametrize("lang", ["fi", "ja"])
def test_screens_render_in_each_language(lang, tmp_path):
    view = seat_view(new_game(unrank(99), Rules(tokens=9, bystander_tokens=5)), "A")
    english = render(view)
    text.use(lang)
    try:
        img = render(
            view.__class__(
                **{**_fields(view), "message": Message("take", (1, "checkmark", "bystander"))}
            )
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
    session.cursor["B"] = 23  # b1: green on A's side
    session.control("B", "press")  # A's clue, said aloud, and B's guess
    before = session.state
    session.control("A", "press")  # A tries to guess: B guesses this turn
    assert session.state == before
    view = session.views()["A"]
    assert view.message == Message("refused", ("not_guesser",))
    try:
        text.use("fi")
        assert messages.message_lines(view.message) == ["Ei nyt:", "pari arvaa"]
        text.use("ja")
        assert messages.message_lines(view.message)[1] == "相手の推理"
    finally:
        text.use("en")
    assert messages.message_lines(view.message) == ["Not now:", "partner guesses"]


@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_every_clue_refusal_fits_the_clue_entrys_title(lang):
    text.use(lang)
    try:
        titles = [
            text.gettext("No: %s") % text.gettext(why) for why in reasons.CLUE_REFUSALS.values()
        ]
        assert set(reasons.CLUE_REFUSALS) >= set(CLUE_REASONS)  # each reason is said
        too_long = [t for t in titles if fonts.width(t) > 124]
        assert not too_long, f"{lang}: {too_long}"
    finally:
        text.use("en")
