"""A seat's screen, whichever it is: ``render`` draws it, ``screen_lines`` reads its
text (what ``dump`` reports). Each screen is a module of its own; this only picks
the one a ``SeatView`` asks for, in order of precedence."""

from __future__ import annotations

from PIL import Image

from . import (
    code_entry,
    diagnostics,
    key,
    legend,
    menu,
    messages,
    qr_screen,
    solo_panels,
    team,
    text_screen,
    word_entry,
)
from .panel import LINE, geometry
from .view import SeatView


def render(view: SeatView, width: int = 128, height: int = 64) -> Image.Image:
    """The screen ``view`` asks for, drawn for a ``width`` x ``height`` panel."""
    g = geometry(width, height)
    if view.legend:
        return legend.render(width, height, g)
    if view.diagnostics is not None:
        return diagnostics.render(view.diagnostics, width, height, g.colour)
    if view.menu is not None:
        return menu.render(view, width, height, g.colour)
    if view.entry is not None:
        return code_entry.render(view, width, height, g.colour)
    if view.qr is not None:
        return qr_screen.render(view.qr, width, height, g.colour)
    if view.word_entry is not None:
        return word_entry.render(view.word_entry, width, height, g.colour)
    if view.panel is not None:
        return text_screen.render(_panel_lines(view, width), width, height, g.colour)
    if view.team is not None:
        return text_screen.render(team.team_lines(view.team, width), width, height, g.colour)
    return key.render(view, width, height)


def screen_lines(view: SeatView, width: int = 128, height: int = 64) -> list[str]:
    """Every line of text on this screen, top to bottom (``dump`` reports them)."""
    if view.legend:
        return legend.lines()
    if view.diagnostics is not None:
        return diagnostics.lines(view.diagnostics)
    if view.menu is not None:
        return menu.lines(view)
    if view.entry is not None:
        return code_entry.lines(view)
    if view.qr is not None:
        return []
    if view.word_entry is not None:
        rows = (height - word_entry.ENTRY_LIST) // LINE
        return word_entry.word_entry_lines(view.word_entry, rows)
    if view.panel is not None:
        return _panel_lines(view, width)
    if view.team is not None:
        return team.team_lines(view.team, width)
    beside, lines = key.text_layout(view, width, height)
    return beside + lines


def _panel_lines(view: SeatView, width: int) -> list[str]:
    """A solo text screen's lines; on the AI seat's, last (never scrolled away) what
    it says now (whose controls play, when its own were touched)."""
    assert view.panel is not None
    lines = solo_panels.panel_lines(view.panel, width)
    if view.panel.kind == "ai_seat" and view.message is not None:
        lines += messages.message_lines(view.message)
    return lines
