"""The Diagnostics screen: a seat's last input and every bank slot's state and reading,
or every word card pad's reading.

A title, the input line, then the slots in two columns (1-6 left, 7-12 right
on a 12-slot bank, a rule between them): each slot's number, its state and its
raw reading (ADC counts, or the switch's pin level, 1 high and 0 low). A faulty
slot is drawn inverted so it stands out. The pads' page is the word grid as this
seat sees it, five by five: each pad's counts below its baseline (a fingertip
makes it large, a resting card a little), a pad its controller counts touched
drawn inverted. The numbers are the hardware's, untranslated; the words go
through the table's catalog like every other screen's.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import N_
from . import fonts
from .text import gettext as _
from .view import Diagnostics

LINE = 8  # pixels per text line (the screen font is 8x8)
TITLE = N_("Diagnostics")
# TRANSLATORS: Diagnostics screen, the title of its page of the word cards' touch pads.
PADS_TITLE = N_("Card pads")
# What each input was, as the screen names it; back closes the screen instead.
INPUTS = {
    # TRANSLATORS: Diagnostics screen: the encoder turned one detent left.
    "left": N_("left"),
    "right": N_("right"),
    # TRANSLATORS: Diagnostics screen: the encoder's push button, tapped.
    "press": N_("press"),
    # TRANSLATORS: Diagnostics screen: the push button, held a second.
    "hold": N_("hold"),
    # TRANSLATORS: Diagnostics screen: the back button, held a second.
    "back_hold": N_("back held"),
}
# A slot's state in its column: at most 8 half-width (4 full-width) characters.
STATES = {
    # TRANSLATORS: Diagnostics screen, a bank slot: no token in it (8 half-width at most).
    "empty": N_("empty"),
    # TRANSLATORS: Diagnostics screen, a bank slot: a token in it, side unknown.
    "token": N_("token"),
    # TRANSLATORS: Diagnostics screen, a bank slot: a token, checkmark side up (short).
    "checkmark": N_("check"),
    # TRANSLATORS: Diagnostics screen, a bank slot: a token, bystander side up (short).
    "bystander": N_("bystand."),
    # TRANSLATORS: Diagnostics screen, a bank slot: its sensor reads a broken wire.
    "fault": N_("FAULT"),
}
CELL = 64  # pixels per slot column
NUMBER = 8  # the slot number, right-aligned in two half-width characters
STATE_X = NUMBER + 3
RAW_RIGHT = CELL - 2  # the reading ends here, right-aligned
PAD = 25  # pixels per pad column: five across a 128-pixel panel


def input_line(d: Diagnostics) -> str:
    if d.last_input is None:
        return _("Turn or press")
    # TRANSLATORS: Diagnostics screen: the last input of this seat's controls.
    return _("Input: %s") % _(INPUTS.get(d.last_input, d.last_input))


def raw_text(d: Diagnostics, slot: int) -> str:
    return "?" if d.raw is None or slot >= len(d.raw) else str(d.raw[slot])


def state_text(state: str) -> str:
    return _(STATES[state]) if state in STATES else state


def pad_text(reading: tuple[int, bool]) -> str:
    delta, _touched = reading
    return str(max(-99, min(999, delta)))


def lines(d: Diagnostics) -> list[str]:
    """The screen's text, top to bottom (``dump`` reports it)."""
    repeats = f" ×{d.repeats}" if d.repeats > 1 else ""
    if d.page == "pads" and d.pads is not None:
        rows = [d.pads[r * 5 : r * 5 + 5] for r in range(len(d.pads) // 5)]
        return [_(PADS_TITLE), input_line(d) + repeats] + [
            " ".join(pad_text(p) + ("*" if p[1] else "") for p in row) for row in rows
        ]
    out = [_(TITLE), input_line(d) + repeats]
    if not d.slots:
        return [*out, _("No bank sensors")]
    return out + [
        f"{n} {state_text(state)} {raw_text(d, n - 1)}" for n, state in enumerate(d.slots, 1)
    ]


def render(d: Diagnostics, width: int, height: int, colour: bool) -> Image.Image:
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = (255, 255, 255) if colour else 1
    dark = (0, 0, 0) if colour else 0
    top = fonts.TOP  # the title one row down, as on every screen
    pads = d.page == "pads" and d.pads is not None
    fonts.draw_text(draw, (2, top), _(PADS_TITLE if pads else TITLE), ink)
    fonts.draw_text(draw, (2, top + LINE), input_line(d), ink)
    if d.repeats > 1:
        count = f"×{d.repeats}"
        fonts.draw_text(draw, (width - 2 - int(fonts.width(count)), top + LINE), count, ink)
    if pads:
        _pads(draw, d, top + 2 * LINE, ink, dark)
        return img
    if not d.slots:
        fonts.draw_text(draw, (2, top + 3 * LINE), _("No bank sensors"), ink)
        return img
    rows = (len(d.slots) + 1) // 2
    top += 2 * LINE
    # A rule between the columns, so that a reading never runs into the next number.
    draw.line((CELL - 1, top, CELL - 1, top + rows * LINE - 1), fill=ink)
    for slot, state in enumerate(d.slots):
        col, row = divmod(slot, rows)
        x, y = col * CELL, top + row * LINE
        fg = ink
        if state == "fault":
            draw.rectangle((x, y, x + CELL - 2, y + LINE - 1), fill=ink)
            fg = dark
        number, raw = str(slot + 1), raw_text(d, slot)
        fonts.draw_text(draw, (x + NUMBER - int(fonts.width(number)), y), number, fg)
        raw_x = x + RAW_RIGHT - int(fonts.width(raw))
        fonts.draw_text(draw, (raw_x, y), raw, fg)
        shown = fonts.clip(state_text(state), raw_x - 2 - (x + STATE_X))
        fonts.draw_text(draw, (x + STATE_X, y), shown, fg)
    if top + (rows + 1) * LINE <= height:  # room below the slots (colour panels): say how to leave
        fonts.draw_text(draw, (2, height - LINE), _("back: close"), ink)
    return img


def _pads(draw: ImageDraw.ImageDraw, d: Diagnostics, top: int, ink, dark) -> None:
    """The grid as this seat sees it, each pad's reading right-aligned in its column."""
    assert d.pads is not None
    for n, reading in enumerate(d.pads):
        row, col = divmod(n, 5)
        x, y = 1 + col * PAD, top + row * LINE
        fg = ink
        if reading[1]:  # touched: inverted
            draw.rectangle((x, y, x + PAD - 2, y + LINE - 1), fill=ink)
            fg = dark
        text = pad_text(reading)
        fonts.draw_text(draw, (x + PAD - 3 - int(fonts.width(text)), y), text, fg)
