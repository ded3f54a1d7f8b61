"""Dialling a game code to load, or a new team's name, on the encoder."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import N_
from . import fonts
from .menu import MENU_LABELS
from .panel import LINE, text_ink
from .text import gettext as _
from .view import SeatView

# The entry screens' help lines: a game code to load, a team's name to create.
ENTRY_HELP = (N_("press: add"), N_("back: delete"), N_("hold: load"))
NAME_HELP = (N_("press: add"), N_("back: delete"), N_("hold: create"))
ENTRY_TITLE = {"code": MENU_LABELS["load_code"], "name": MENU_LABELS["new_team"]}


def render(view: SeatView, width: int, height: int, colour: bool) -> Image.Image:
    """Typing a game code: what is typed so far, the symbol under the encoder, help."""
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = text_ink(colour)
    title = ENTRY_TITLE[view.entry_kind]
    top = fonts.TOP
    fonts.draw_text(draw, (2, top), _(title), ink)
    typed = view.entry or ""
    lines = _across(typed, width - 4)[-2:]  # the last two lines of what is typed
    for n, line in enumerate(lines):
        fonts.draw_text(draw, (2, top + (n + 1) * LINE + 2), line, ink)
    # The candidate symbol, inverted so it reads as "this one next".
    y = top + 3 * LINE + 4
    draw.rectangle((2, y - 1, 12, y + LINE), fill=ink)
    fonts.draw_text(draw, (5, y), view.entry_next, (0, 0, 0) if colour else 0)
    add, delete, load = (_(h) for h in (NAME_HELP if view.entry_kind == "name" else ENTRY_HELP))
    fonts.draw_text(draw, (18, y), add, ink)  # beside the symbol it adds
    fonts.draw_text(draw, (2, y + LINE + 4), delete, ink)
    fonts.draw_text(draw, (2, y + 2 * LINE + 4), load, ink)
    return img


def lines(view: SeatView) -> list[str]:
    """The entry's title, what is typed and its help, top to bottom."""
    title = ENTRY_TITLE[view.entry_kind]
    help_ = NAME_HELP if view.entry_kind == "name" else ENTRY_HELP
    return [_(title), view.entry or "", *(_(h) for h in help_)]


def _across(typed: str, room: float) -> list[str]:
    """``typed`` in lines of ``room`` pixels, broken anywhere (a code has no words)."""
    lines = [""]
    for ch in typed:
        if fonts.width(lines[-1] + ch) > room:
            lines.append("")
        lines[-1] += ch
    return lines
