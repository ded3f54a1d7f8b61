"""The legend: every symbol of the key, drawn as on the key, with what it means."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import N_
from . import fonts, text
from .breaks import wrap_word
from .cell import draw_cell
from .panel import LINE, Geometry, text_ink
from .text import gettext as _
from .text_screen import wrap
from .view import AGENT, BOTH, MARK_MINE, MARK_THEIRS, OPEN

# What each symbol means, in the order the legend screen and the simulator page
# show them: (role, mark, cursor, label). On the colour legend the cells stand
# one under another, 1 px apart, so no two bars or stems meet across a row.
LEGEND: tuple[tuple[str, str, bool, str], ...] = (
    ("G", OPEN, False, N_("agent")),
    ("T", OPEN, True, N_("cursor")),
    ("T", OPEN, False, N_("bystander")),
    ("T", MARK_MINE, False, N_("you missed")),
    ("B", OPEN, False, N_("assassin")),
    ("T", MARK_THEIRS, False, N_("they missed")),
    ("G", AGENT, False, N_("found")),
    ("T", BOTH, False, N_("both missed")),
)


# TRANSLATORS: the legend's title; with "press: go on" at most 31 half-width characters.
TITLE = N_("Key symbols")
# TRANSLATORS: on the legend, right of its title: a press goes on to the key.
GO_ON = N_("press: go on")


def render(width: int, height: int, g: Geometry) -> Image.Image:
    """Every symbol of the key, drawn as on the key, with what it means, under a
    title that says how to go on: any touch goes back to the key (holding back: to
    the menu, app/session.py). Two columns of four, the cells at their true size;
    on the colour panel a label too wide for its column takes two lines."""
    img = Image.new("RGB" if g.colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = text_ink(g.colour)
    fonts.draw_text(draw, (2, fonts.TOP), _(TITLE), ink)
    go_on = _(GO_ON)
    fonts.draw_text(draw, (width - 2 - int(fonts.width(go_on)), fonts.TOP), go_on, ink)
    rows, top = 4, fonts.TOP + LINE + 3
    row_h = (height - top) // rows
    for n, ((x, room), (role, mark, cursor, label)) in enumerate(
        zip(columns(width, g), LEGEND, strict=True)
    ):
        y = top + (n % rows) * row_h
        draw_cell(draw, x, y, g, role, mark, cursor)
        words = label_lines(_(label), room) if g.colour else [_(label)]
        text_y = y + (g.pitch - 1 - LINE * len(words)) // 2
        for k, word in enumerate(words):
            fonts.draw_text(draw, (x + g.pitch + 1, text_y + k * LINE), word, ink)
    return img


def columns(width: int, g: Geometry) -> list[tuple[int, float]]:
    """Where each symbol of ``LEGEND`` stands: its cell's x and the room for its
    label, in pixels. The second column starts after the first one's widest label
    (the mono panel's labels must fit one line: salamurhaaja, molemmat ohi)."""
    first = [_(label) for *_x, label in LEGEND[:4]]
    label_x = g.pitch + 1  # from a cell's x to its label's
    if g.colour:  # labels may take two lines: halves
        second = width // 2
    else:
        second = 2 + label_x + int(max(fonts.width(label) for label in first)) + 2
    first_room: float = second - 2 - label_x - 2
    return [(2, first_room)] * 4 + [(second, width - 2 - second - label_x)] * 4


def label_lines(label: str, room: float) -> list[str]:
    """A symbol's label on one line, or on two when it is wider than ``room``: at a
    space, else inside the word where breaks.py breaks words (salamur- / haaja)."""
    if fonts.width(label) <= room:
        return [label]
    if " " in label:
        return wrap(label, room)
    return wrap_word(label, "", room, room, text.current()) or wrap(label, room)


def lines() -> list[str]:
    """The legend's words, top to bottom (``dump`` reports them)."""
    return [_(TITLE), _(GO_ON), *(_(entry[-1]) for entry in LEGEND)]
