"""The key screen: a seat's side of the key with the public marks, and beside or
below it the counts, the first message that matters and what to do next.

The key reads at a glance, by shape as well as colour, so the mono panels and
colour-blind players read it alike (the choice and its reasons: docs/screens.md):

- an agent to be found is a solid square, the brightest shape on the screen;
- a bystander is a single dot, so the nine squares stand out from it;
- an assassin is a bold cross (red on the colour panel);
- a found agent is a hollow square: the word is covered, nothing left to do;
- a bystander token is a bar on the edge it points to: at the bottom (towards
  this seat) when this seat guessed there, at the top when the partner did, at
  both edges when both did (the word is then covered);
- the cursor is a frame around the cell, outside every symbol, so it shows on
  every kind of cell.

Beside (mono) or below (colour) the key, the text says what to do next with the
controls: the first message that matters (the end of the game, the bank, a note
for this seat), then the instruction for this seat's role.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import N_
from . import fonts, text
from .breaks import wrap_word
from .cell import draw_cell
from .messages import message_lines
from .panel import (
    COLOUR,
    COLOUR_SIDE,
    COLOUR_SIDE_ROOM,
    COLOUR_SIDE_ROWS,
    GRID,
    LINE,
    MONO,
    MONO_COLUMN,
    WHITE,
    geometry,
    text_ink,
)
from .text import gettext as _
from .view import SeatView


def render(view: SeatView, width: int = 128, height: int = 64) -> Image.Image:
    """The key, its counts, the first message that matters and the instruction."""
    g = geometry(width, height)
    img = Image.new("RGB" if g.colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"
    x0, y0 = GRID
    for i in range(25):
        r, c = divmod(i, 5)
        x, y = x0 + c * g.pitch, y0 + r * g.pitch
        draw_cell(draw, x, y, g, view.side[i], view.marks[i], view.cursor == i)
    side, lines = text_layout(view, width, height)
    for n, line in enumerate(side):  # colour: beside the key
        fonts.draw_text(draw, (COLOUR_SIDE[0], COLOUR_SIDE[1] + n * LINE), line, WHITE)
    tx, ty = g.text
    for n, line in enumerate(lines):
        fonts.draw_text(draw, (tx, ty + n * LINE), line, text_ink(g.colour))
    return img


def text_layout(view: SeatView, width: int = 128, height: int = 64) -> tuple[list[str], list[str]]:
    """The key screen's text, top to bottom: (the lines beside the colour key, the
    lines of the mono column or below the colour key). The counts (the bank, the
    clue, a dialled number), then the first message that matters, then the hint,
    if it fits whole. A clue word is never cut (docs/screens.md): when the screen
    is short of lines, the bank's counts give way first (the tokens are on the table)."""
    head = bank_lines(view)
    bank = len(head)  # the counts that may give way, first in ``head``
    if view.debrief:
        head.append(_("Partner's key"))
    dial = [_("Number %d") % view.dial] if view.dial is not None else []
    message = message_lines(view.message) if view.message is not None else []
    hint = hint_lines(view)
    if not geometry(width, height).colour:
        lines = head + clue_lines(view, MONO_COLUMN) + dial + message
        while len(lines) > MONO.lines and bank:  # the last count first (mistakes, then tokens)
            bank -= 1
            del lines[bank]
        return [], _with_hint(lines, hint, MONO.lines)
    # Colour: the counts beside the key while they fit its column, the rest below at
    # the panel's width. The clue's word goes below, on a line of its own; when that
    # would cut the message, it is broken into the column beside the key instead.
    best: tuple[tuple[bool, bool], list[str], list[str]] | None = None
    for room in (width - 4, COLOUR_SIDE_ROOM):
        lines = head + clue_lines(view, room, apart=True) + dial
        n = 0
        while n < min(len(lines), COLOUR_SIDE_ROWS) and fonts.width(lines[n]) <= COLOUR_SIDE_ROOM:
            n += 1
        below = lines[n:] + message
        fits = len(below) <= COLOUR.lines
        score = (fits, fits and len(below) + len(hint) <= COLOUR.lines)
        if best is None or score > best[0]:
            best = (score, lines[:n], below)
    assert best is not None
    return best[1], _with_hint(best[2], hint, COLOUR.lines)


def _with_hint(lines: list[str], hint: list[str], rows: int) -> list[str]:
    """``lines`` and the hint under them if it fits whole (read whole or not at all)."""
    if len(lines) + len(hint) <= rows:
        return lines + hint
    return lines[:rows]


def bank_lines(view: SeatView) -> list[str]:
    """The bank's counts: the tokens left, and in a mission the mistakes left."""
    lines = [_("Tokens %d") % view.tokens_left]
    if view.mission:
        # TRANSLATORS: bystander-side tokens left: the mistakes a mission still allows.
        lines.append(_("Mistakes %d") % view.bystander_left)
    return lines


def clue_lines(view: SeatView, room: float, apart: bool = False) -> list[str]:
    """The clue being given or guessed, in lines of ``room`` pixels: its number
    ("Clue 2") or, in solo, whose clue with its word whole and its number ("AI:
    VOLCANO 2"). A word too wide for the line gets a line of its own under "AI:",
    or starts beside it when that takes fewer lines (always, with ``apart``, on a
    line of its own), broken at a syllable (screens/breaks.py)."""
    if view.clue_word is None:
        return [] if view.clue is None else [_("Clue %d") % view.clue]
    # TRANSLATORS: solo mode, the AI's clue: "AI: VOLCANO 2" (the number follows).
    template = _("AI: %s") if view.clue_by == "ai" else _("You: %s")
    number = "" if view.clue is None else f" {view.clue}"
    # Upper case as on the cards' faces, whatever case the partner's vocabulary keeps.
    word = view.clue_word.upper()
    if fonts.width(template % word + number) <= room:
        return [template % word + number]
    label = template % ""
    lang = text.current()  # the table's, which the clue words are in
    alone = wrap_word(word, number, room, room, lang) or [fonts.clip(word + number, room)]
    if not apart:
        beside = wrap_word(word, number, room - fonts.width(label), room, lang)
        if beside is not None and len(beside) < 1 + len(alone):
            return [label + beside[0], *beside[1:]]
    return [label.rstrip(), *alone]


def status_lines(view: SeatView) -> list[str]:
    """The text beside the mono key, top to bottom."""
    return text_layout(view)[1]


def hint_lines(view: SeatView) -> list[str]:
    """What this seat does next, with the controls, for its role."""
    kind = view.hint
    if view.debrief and kind != "over_team":  # the partner's key: the knob turns back
        kind = "over_debrief"
    return [_(line) for line in HINTS.get(kind, ())]


HINTS: dict[str, tuple[str, ...]] = {
    # The duet ruleset: the clue is said aloud, and the partner's first press
    # records it; dialling a number is only for the record.
    "give": (N_("Your clue: say"), N_("it aloud")),
    # The paper ruleset caps guesses at the number + 1, so the giver sets it.
    "give_number": (N_("Your clue: knob"), N_("sets the number"), N_("press gives it")),
    "listen": (N_("Hear the clue,"), N_("knob to a word,"), N_("press to guess")),
    "either": (N_("Say a clue, or"), N_("knob + press to"), N_("guess partner's")),
    "guess_bank": (N_("Knob + press:"), N_("guess. To stop,"), N_("take a token")),
    "guess_back": (N_("Knob + press:"), N_("guess. To stop,"), N_("press back")),
    "watch": (N_("Your partner"), N_("is guessing")),
    "wait_clue": (N_("Partner sets"), N_("the clue number")),
    "sudden": (N_("Sudden death:"), N_("no clues. Knob"), N_("+ press: guess")),
    "sudden_wait": (N_("Sudden death:"), N_("partner guesses")),
    "over": (N_("Knob: partner's"), N_("key. Press:"), N_("new game")),
    "over_debrief": (N_("Knob: your key"), N_("Press: new game")),
    # The partner's key, when a team's record comes next on the knob.
    "over_team": (N_("Knob: record"), N_("Press: new game")),
    # Solo mode (app/solo.py): the AI's clue is on the screen; the human dials its own.
    "solo_guess": (N_("Knob to a word,"), N_("press to guess")),
    "solo_word": (N_("Your clue:"), N_("press to dial"), N_("a word")),
    "solo_number": (N_("Knob: number,"), N_("press gives it,"), N_("back: new word")),
    "solo_confirm": (),  # the AI's touch says what to do (the "ai_touch" message)
    "over_solo": (N_("Knob: what the"), N_("AI meant"), N_("Press: new game")),
}
