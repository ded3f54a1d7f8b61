"""Solo mode: the human dialling a clue word, with the vocabulary's completions."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import N_
from . import fonts
from .panel import LINE, Ink, text_ink
from .reasons import CLUE_ADVICE, CLUE_REFUSALS, reason
from .text import gettext as _
from .view import WordEntry


def word_entry_lines(entry: WordEntry, rows: int = 4) -> list[str]:
    """The clue entry's lines, top to bottom (what ``dump`` reports): the title (or
    why the last word was refused), what is typed, the letters around the encoder,
    then in ``rows`` lines the completions (a window around the one under the
    encoder) with a short help line under them, or the whole help."""
    title = _("Your clue:")
    if entry.refusal is not None:
        title = _("No: %s") % reason(CLUE_REFUSALS, entry.refusal)
    head = [title, entry.typed + "_", " ".join(entry.letters)]
    if entry.refusal is not None:  # what to do instead, before anything else
        head.append(reason(CLUE_ADVICE, entry.refusal))
        rows -= 1
    if not entry.words:
        return [*head, *(_(h) for h in CLUE_HELP)]
    return [*head, *word_window(entry, rows - 1), _(CLUE_HELP_SHORT[entry.word_at is not None])]


def word_window(entry: WordEntry, rows: int) -> tuple[str, ...]:
    """The completions shown: ``rows`` of them, the one under the encoder among them."""
    at = entry.word_at or 0
    start = max(0, min(at - rows // 2, len(entry.words) - rows))
    return entry.words[start : start + rows]


CLUE_HELP = (N_("press: add"), N_("back: delete"), N_("hold: offer it"))
# Under the completions, one line: on a letter, and on a completion.
CLUE_HELP_SHORT = (N_("press: add, hold: offer"), N_("press: take this word"))
ENTRY_TOP = fonts.TOP + 2 * LINE + 3  # the letters' row on the clue entry
ENTRY_LIST = ENTRY_TOP + LINE + 3  # the completions' (or the help's) first row


def render(entry: WordEntry, width: int, height: int, colour: bool) -> Image.Image:
    """Dialling a clue word: the title (or why the last word was refused), what is
    typed, the letters around the encoder (the one under it inverted), and the
    vocabulary's completions (the one under the encoder inverted) over a short help."""
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = text_ink(colour)
    back: Ink = (0, 0, 0) if colour else 0
    rows = (height - ENTRY_LIST) // LINE
    lines = word_entry_lines(entry, rows)
    fonts.draw_text(draw, (2, fonts.TOP), fonts.clip(lines[0], width - 4), ink)
    fonts.draw_text(draw, (2, fonts.TOP + LINE + 1), fonts.clip(lines[1], width - 4), ink)
    cell = (width - 4) // 7
    y = ENTRY_TOP
    for n, letter in enumerate(entry.letters):
        x = 2 + n * cell
        fg = ink
        if n == entry.letter_at:
            draw.rectangle((x, y - 1, x + cell - 2, y + LINE), fill=ink)
            fg = back
        offset = (cell - 1 - int(fonts.width(letter))) // 2
        fonts.draw_text(draw, (x + offset, y), letter, fg)
    advice = int(entry.refusal is not None)  # the advice line sits above the completions
    shown = word_window(entry, rows - 1 - advice) if entry.words else ()
    selected = entry.words[entry.word_at] if entry.word_at is not None else None
    for n, line in enumerate(lines[3:]):
        top = ENTRY_LIST + n * LINE
        fg = ink
        if advice <= n < advice + len(shown) and line == selected:
            draw.rectangle((0, top, width - 1, top + LINE - 1), fill=ink)
            fg = back
        fonts.draw_text(draw, (2, top), fonts.clip(line, width - 4), fg)
    return img
