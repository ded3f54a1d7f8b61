"""The legend: every symbol of the key, drawn as on the key, with what it means."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import N_
from . import fonts
from .cell import draw_cell
from .panel import LINE, Geometry, text_ink
from .text import gettext as _
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


def render(width: int, height: int, g: Geometry) -> Image.Image:
    """Every symbol of the key, drawn as on the key, with what it means; any touch
    goes back to the key (holding back: to the menu, app/session.py). Mono: a title
    and two columns; colour: one column of cells at their true size (the menu item
    that opens it carries the title)."""
    img = Image.new("RGB" if g.colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = text_ink(g.colour)
    if g.colour:
        rows, top, col_w = 8, 0, width
    else:
        # TRANSLATORS: the legend's title; at most 31 half-width characters.
        fonts.draw_text(draw, (2, fonts.TOP), _("Key symbols"), ink)
        rows, top, col_w = 4, fonts.TOP + LINE + 3, width // 2
    row_h = (height - top) // rows
    for n, (role, mark, cursor, label) in enumerate(LEGEND):
        col, row = divmod(n, rows)
        x, y = col * col_w + 2, top + row * row_h
        draw_cell(draw, x, y, g, role, mark, cursor)
        text_y = y + (g.pitch - 1 - LINE) // 2
        fonts.draw_text(draw, (x + g.pitch + 2, text_y), _(label), ink)
    return img


def lines() -> list[str]:
    """The legend's words, top to bottom (``dump`` reports them)."""
    return [_("Key symbols"), *(_(entry[-1]) for entry in LEGEND)]
