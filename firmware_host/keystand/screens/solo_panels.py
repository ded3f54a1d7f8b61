"""Solo mode's text screens: the AI seat's clue log, and after the game what the AI
meant by each clue, page by page."""

from __future__ import annotations

from . import fonts, text
from .breaks import wrap_word
from .panel import LINE
from .text import gettext as _
from .text_screen import wrap
from .view import SoloPanel


def panel_lines(panel: SoloPanel, width: int = 128) -> list[str]:
    """A solo text screen's lines: the AI seat's clue log, or what the AI meant."""
    room = width - 4
    if panel.kind == "ai_seat":
        # TRANSLATORS: the AI seat's own screen in solo mode; it never shows a key.
        lines = [_("AI partner")]
        lines.append(_("Its clues:") if panel.clues else _("No clue yet"))
    else:  # which page of how many: the knob turns through them, then back to the key
        title = _("What the AI meant")
        lines = [f"{title} {panel.page + 1}/{panel.pages}"]
    for clue in panel.clues:
        lines += _clue_lines(clue, room)
    return lines


def _clue_lines(clue: tuple[str, int, tuple[str, ...]], room: float) -> list[str]:
    """One of the AI's clues, "WORD 2: TARGET, TARGET", wrapped to ``room`` px."""
    word, number, targets = clue
    head = f"{word.upper()} {number}"
    if not targets:  # whole, as on the human's screen (docs/screens.md)
        shown = wrap_word(word.upper(), f" {number}", room, room, text.current())
        return shown or [fonts.clip(head, room)]
    return wrap(f"{head}: " + ", ".join(t.upper() for t in targets), room)


def meant_pages(
    clues: tuple[tuple[str, int, tuple[str, ...]], ...], width: int = 128, height: int = 64
) -> list[tuple[tuple[str, int, tuple[str, ...]], ...]]:
    """What the AI meant, split into pages that each fit the panel under their
    title (the mono panel's by default, the smaller): a clue is never split, and
    no page hides a line off the bottom."""
    rows = height // LINE - 1
    pages: list[tuple[tuple[str, int, tuple[str, ...]], ...]] = []
    page: list[tuple[str, int, tuple[str, ...]]] = []
    used = 0
    for clue in clues:
        need = len(_clue_lines(clue, width - 4))
        if page and used + need > rows:
            pages.append(tuple(page))
            page, used = [], 0
        page.append(clue)
        used += need
    return [*pages, tuple(page)] if page else pages
