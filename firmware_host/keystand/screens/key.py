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
from .messages import WITH_HINT, message_lines
from .panel import (
    COLOUR,
    COLOUR_SIDE,
    COLOUR_SIDE_ROOM,
    COLOUR_SIDE_ROWS,
    DIM_TAN,
    GREEN,
    GRID,
    LINE,
    MONO,
    MONO_COLUMN,
    RED,
    WHITE,
    geometry,
    text_ink,
)
from .text import gettext as _
from .text_screen import wrap
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
    room = width - 2 - tx
    rule = hint_start(view, lines)
    said = message_lines(view.message) if view.message is not None else []
    first = lines.index(said[0]) if said and said[0] in lines else None
    for n, line in enumerate(lines):
        if n == rule:  # the message above, what to do next below: never run together
            y = ty + n * LINE + 1
            draw.line((tx, y, tx + room - 1, y), fill=DIM_TAN if g.colour else 1)
        y = ty + n * LINE + (RULE if rule is not None and n >= rule else 0)
        ink = text_ink(g.colour)
        if n == first and view.outcome in ("won", "lost"):
            # The end of the game in its own colours: a loss never looks like a win.
            lost = view.outcome == "lost"
            if g.colour:
                ink = RED if lost else GREEN
            elif lost:  # mono: the loss's first line inverted, its text a row down
                draw.rectangle((tx - 1, y, tx + fonts.width(line), y + LINE - 1), fill=1)
                fonts.draw_text(draw, (tx, y + 1), line, 0)
                continue
        fonts.draw_text(draw, (tx, y), line, ink)
    return img


RULE = 3  # pixels between a message and the hint under it, a line drawn between


def hint_start(view: SeatView, lines: list[str]) -> int | None:
    """Where the hint starts under a message in ``lines`` (a rule is drawn above it);
    None when they do not stand together."""
    hint = hint_lines(view)
    if view.message is None or not hint or len(lines) <= len(hint):
        return None
    return len(lines) - len(hint) if lines[-len(hint) :] == hint else None


def text_layout(view: SeatView, width: int = 128, height: int = 64) -> tuple[list[str], list[str]]:
    """The key screen's text, top to bottom: (the lines beside the colour key, the
    lines of the mono column or below the colour key). The counts (the bank, the
    clue, a dialled number), then the first message that matters, then the hint,
    if it fits whole. A clue word is never cut (docs/screens.md): when the screen
    is short of lines, the bank's counts give way first (the tokens are on the table)."""
    over = view.outcome != "playing"
    # After the game the score says what the tokens counted; during it, the mission.
    head = [] if over else mission_lines(view) + bank_lines(view)
    bank = len(head)  # the counts that may give way, first in ``head``
    if view.debrief:
        head.append(_("Partner's key"))
    dial = [_("Number %d") % view.dial] if view.dial is not None else []
    # On the partner's key after the game its title says what it is; the result
    # was read on the seat's own key.
    message = message_lines(view.message) if view.message is not None and not view.debrief else []
    # One instruction at a time: a message that says what to do now stands alone;
    # the end of the game and notes that only inform keep the hint, under a rule.
    hint = hint_lines(view)
    if message and view.message is not None and view.message.kind not in WITH_HINT:
        hint = []
    if not geometry(width, height).colour:
        where = cursor_lines(view, MONO_COLUMN)
        lines = head + clue_lines(view, MONO_COLUMN) + where + dial + message
        while len(lines) > MONO.lines and bank:  # the last count first (mistakes, then tokens)
            bank -= 1
            del lines[bank]
        rows = MONO.lines - (1 if message and hint else 0)  # the rule takes a line's room
        return [], _with_hint(lines, hint, rows, short_hint(view))
    # Colour: after the game the counts' column beside the key is free: what to do
    # next goes there, the message (the score and what it counts) below the key.
    if over and hint:
        side = _reflow(hint, COLOUR_SIDE_ROOM)
        if len(side) <= COLOUR_SIDE_ROWS:
            return side, (head + message)[: COLOUR.lines]
    # Else the counts beside the key while they fit its column, the rest below at
    # the panel's width. The clue's word goes below, on a line of its own; when that
    # would cut the message, it is broken into the column beside the key instead.
    best: tuple[tuple[bool, bool], list[str], list[str]] | None = None
    for room in (width - 4, COLOUR_SIDE_ROOM):
        lines = head + clue_lines(view, room, apart=True) + cursor_lines(view, room) + dial
        n = 0
        while n < min(len(lines), COLOUR_SIDE_ROWS) and fonts.width(lines[n]) <= COLOUR_SIDE_ROOM:
            n += 1
        below = lines[n:] + message
        fits = len(below) <= COLOUR.lines
        score = (fits, fits and len(below) + len(hint) <= COLOUR.lines)
        if best is None or score > best[0]:
            best = (score, lines[:n], below)
    assert best is not None
    return best[1], _with_hint(best[2], hint, COLOUR.lines, short_hint(view))


def _reflow(lines: list[str], room: float) -> list[str]:
    """Lines for the mono column, each broken again for ``room`` pixels: at spaces,
    or (Japanese) where breaks.py breaks words, never before a small kana or ー."""
    out: list[str] = []
    for line in lines:
        if fonts.width(line) <= room:
            out.append(line)
        elif " " in line:
            out += wrap(line, room)
        else:
            out += wrap_word(line, "", room, room, text.current()) or wrap(line, room)
    return out


def _with_hint(lines: list[str], hint: list[str], rows: int, short: list[str]) -> list[str]:
    """``lines`` and the hint under them if it fits whole (read whole or not at all),
    else its short form if that fits: after a game, "Press: new game" at least."""
    for shown in (hint, short):
        if shown and len(lines) + len(shown) <= rows:
            return lines + shown
    return lines[:rows]


def mission_lines(view: SeatView) -> list[str]:
    """The mission being played, by its name and, after a tab, its numbers (with a *
    where our rulebooks do not print one: app/menu.py mission_value); the name is
    shortened to the column if need be, the numbers never."""
    if not view.mission_name:
        return []
    name, _tab, numbers = view.mission_name.partition("\t")
    numbers = f" {numbers}" if numbers else ""
    return [fonts.clip(_(name), MONO_COLUMN - fonts.width(numbers)) + numbers]


def cursor_lines(view: SeatView, room: float) -> list[str]:
    """The card under the cursor, in words: its word when the table knows the words
    (solo), else its row and place in this seat's own view, as the key shows it
    (row 1 the far row, card 1 the leftmost)."""
    if view.cursor is None or view.hint == "solo_confirm":  # the AI's touch says its card
        return []
    if view.cursor_word:
        word = view.cursor_word.upper()
        # TRANSLATORS: solo mode: the card under the cursor, by its word ("> CASTLE").
        label = _("> %s") % ""
        lines = wrap_word(word, "", room - fonts.width(label), room, text.current())
        return [label + lines[0], *lines[1:]] if lines else [fonts.clip(label + word, room)]
    row, card = divmod(view.cursor, 5)
    # TRANSLATORS: the card under the cursor: its row (1 the far one) and place from the left.
    return [_("Row %(row)d, card %(card)d") % {"row": row + 1, "card": card + 1}]


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


def short_hint(view: SeatView) -> list[str]:
    """The hint's short form, for a screen too full for the whole of it."""
    kind = "over" if view.hint.startswith("over") else view.hint
    return [_(line) for line in SHORT_HINTS.get(kind, ())]


def hint_lines(view: SeatView) -> list[str]:
    """What this seat does next, with the controls, for its role (on a table that
    senses its word cards, a guess is a touch)."""
    kind = view.hint
    if view.debrief and kind != "over_team":  # the partner's key: the knob turns back
        kind = "over_debrief"
    lines = TOUCH_HINTS.get(kind) if view.touch else None
    return [_(line) for line in lines or HINTS.get(kind, ())]


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
    "sudden_either": (N_("Sudden death:"), N_("no clues. Knob"), N_("+ press: guess")),
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
# The same, on a table whose word cards are sensed (hardware/profiles/touch.toml):
# the guesser touches the card; where the device cannot tell who touched (either
# may guess), the guesser's press plays the touched card (docs/screens.md). The
# knob and press still work, for a card whose pad fails.
TOUCH_HINTS: dict[str, tuple[str, ...]] = {
    "listen": (N_("Hear the clue,"), N_("touch a card"), N_("to guess")),
    "either": (N_("Say a clue, or"), N_("touch a card,"), N_("and press")),
    "guess_bank": (N_("Touch a card to"), N_("guess. To stop,"), N_("take a token")),
    "guess_back": (N_("Touch a card to"), N_("guess. To stop,"), N_("press back")),
    "sudden": (N_("Sudden death:"), N_("no clues. Touch"), N_("a card to guess")),
    "sudden_either": (N_("Sudden death:"), N_("touch a card,"), N_("and press")),
    "solo_guess": (N_("Touch a card"), N_("to guess")),
}
# When a hint does not fit whole under a long message: what must be said at least.
SHORT_HINTS: dict[str, tuple[str, ...]] = {
    "over": (N_("Press: new game"),),  # every after-game hint ("over_team", ...)
}
