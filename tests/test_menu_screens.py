"""The menu, the legend, the code and name entries, Diagnostics and the local-link
QR in every language on both panels: every line drawn inside the panel and starting
one row below its top edge (fonts.TOP), as on the solo screens
(tests/test_solo_screens.py), since a glyph on the top row reads as cut off by the
panel's edge."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from helpers import LAYOUT, settings
from keystand.app.menu import Menu, mission_choices
from keystand.app.session import Session
from keystand.rules.game import new_game
from keystand.rules.missions import load_book
from keystand.rules.setup import Rules
from keystand.screens import fonts, text
from keystand.screens.render import render, screen_lines
from keystand.screens.view import Diagnostics, SeatView

LANGS = ("en", "fi", "ja")
PANELS = {"mono": (128, 64), "colour": (128, 128)}


def _menu_rows() -> tuple[tuple[str, str], ...]:
    """Every item a menu can show, each with a value as long as it gets."""
    menu = Menu(
        settings(partner="ai"),
        missions=mission_choices(load_book()),
        printer=True,
        phone=True,
        solo=True,
    )
    rows = menu.lines()
    return (*rows[:2], ("team", "Kettu"), ("new_team", "10-token map"), ("bonus", "-"), *rows[2:])


def screens() -> Iterator[tuple[str, SeatView]]:
    """The screens that are not the key or solo mode's, in every state they draw."""
    base = Session(new_game(LAYOUT, Rules()), lambda a, st: None).views()["A"]
    rows = _menu_rows()
    for index in range(len(rows)):  # each item selected: the list scrolls under the title
        yield f"menu-{rows[index][0]}", replace(base, menu=rows, menu_index=index)
    yield "menu-armed", replace(base, menu=rows, menu_armed=True)
    yield "legend", replace(base, legend=True)
    for kind in ("code", "name"):
        yield f"entry-{kind}-empty", replace(base, entry="", entry_next="0", entry_kind=kind)
        typed = "KS1G-06M6-NZ2B-N9B0-9500-E" + "W" * 24  # two full lines of it
        yield f"entry-{kind}-long", replace(base, entry=typed, entry_next="W", entry_kind=kind)
    slots = ("token", "empty", "fault", "checkmark", "bystander", "token") * 2
    for n in (0, 9, 12):  # no sensed bank, the colour build's and the reference one
        d = Diagnostics("back_hold", 3, slots[:n], tuple(range(1000, 1000 + n)), analog=True)
        yield f"diagnostics-{n}", replace(base, diagnostics=d)
    yield "qr-local-link", replace(base, qr="http://127.0.0.1:8765/s/A?t=ABCDEFGH")


@pytest.fixture
def drawn(monkeypatch):
    """Every line of text the renderer draws: (x, y, text)."""
    lines: list[tuple[int, int, str]] = []
    draw_text = fonts.draw_text

    def record(draw, xy, line, fill):
        lines.append((int(xy[0]), int(xy[1]), line))
        draw_text(draw, xy, line, fill)

    monkeypatch.setattr(fonts, "draw_text", record)
    return lines


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("panel", PANELS)
def test_every_line_of_the_menu_legend_and_entry_screens_fits_the_panel(lang, panel, drawn):
    width, height = PANELS[panel]
    text.use(lang)
    try:
        for name, view in screens():
            where = f"{lang} {panel} {name}"
            drawn.clear()
            img = render(view, width, height).convert("L")
            assert drawn, f"{where}: no text drawn"
            for x, y, line in drawn:
                # From fonts.TOP down, whole: only a glyph's blank eighth row (at the
                # bottom) or blank last column (at the right) may fall off the panel.
                assert y >= max(1, fonts.TOP), f"{where}: {line!r} starts on row {y}"
                assert y + fonts.SIZE - 1 <= height, f"{where}: {line!r} is cut at the bottom"
                assert x >= 1 and x + fonts.width(line) <= width, f"{where}: {line!r} is cut"
            if view.qr is not None:
                continue  # the code's light field fills the panel's edge, as it should
            top = img.crop((0, 0, width, 1))  # the panel's top row, whatever TOP says
            assert top.getbbox() is None, f"{where}: a line touches the top edge"
            if view.menu is None:  # (its selected item is a bar across the panel)
                edge = img.crop((width - 1, 0, width, height))
                assert edge.getbbox() is None, f"{where}: a line touches the right edge"
    finally:
        text.use("en")


@pytest.mark.parametrize("panel", PANELS)
def test_the_menu_shows_as_many_items_as_before_the_margin(panel):
    """The title and the items moved one row down and no item was lost: the mono
    panel shows the title and 7 items, the colour panel the title and 15, each
    item's label drawn whole, the selected one among them."""
    width, height = PANELS[panel]
    rows = _menu_rows()
    base = Session(new_game(LAYOUT, Rules()), lambda a, st: None).views()["A"]
    for index in (0, len(rows) // 2, len(rows) - 1):
        view = replace(base, menu=rows, menu_index=index)
        labels = screen_lines(view, width, height)[1:]
        shown = _labels_on(render(view, width, height), labels, height)
        assert len(shown) == height // 8 - 1, (panel, index, shown)
        assert labels[index] in shown


def _labels_on(img, labels: list[str], height: int) -> list[str]:
    """The menu labels drawn whole, found by drawing each again where a row starts."""
    from PIL import Image, ImageChops, ImageDraw

    found = []
    grey = img.convert("L").point(lambda v: 255 if v else 0)
    for y in range(fonts.TOP + 8, height - 6, 8):
        row = grey.crop((0, y, img.width, y + 7))
        for label in labels:
            want = Image.new("L", (int(fonts.width(label)), 7), 0)
            fonts.draw_text(ImageDraw.Draw(want), (0, 0), label, 255)
            part = row.crop((2, 0, 2 + want.width, 7))
            inverse = ImageChops.invert(part)  # the selected item: dark on a bar
            if not ImageChops.difference(part, want).getbbox() or not ImageChops.difference(
                inverse, want
            ).getbbox():
                found.append(label)
                break
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "mission, numbers",
    [("cairo", " 9-5"), ("diagon-alley", " 11-3*"), ("gryffindor-common-room", " 9-2")],
)
def test_the_mission_item_shows_its_numbers_whole_and_marks_what_no_rulebook_prints(
    lang, mission, numbers, drawn
):
    # 10-token rulebook, "Mission log" (our scan prints Diagon Alley 11/8): the item
    # names the mission in the table's language, then its numbers, never clipped,
    # with a * on a number our rulebooks do not print; a long name gives way.
    menu = Menu(settings(mission=mission), missions=mission_choices(load_book()))
    base = Session(new_game(LAYOUT, Rules()), lambda a, st: None).views()["A"]
    rows = tuple(menu.lines())
    view = replace(base, menu=rows, menu_index=[r[0] for r in rows].index("mission"))
    text.use(lang)
    try:
        render(view, 128, 64)
        name = text.gettext(dict(rows)["mission"].split("\t")[0])
    finally:
        text.use("en")
    value = next(line for x, _y, line in drawn if x > 2 and line.endswith(numbers))
    shown = value.removesuffix(numbers)
    assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1]))
    assert 2 + fonts.width(value) <= 128
