"""What a seat panel is: its two kinds (mono 128x64, colour 128x128), where the key
and the text go on each, the colours, and the 8-pixel line every screen writes in."""

from __future__ import annotations

from dataclasses import dataclass

from . import fonts

LINE = 8  # pixels per text line (the screen font is 8x8)
# The text column beside the mono key, in pixels: from x=64 to the panel's edge.
# A line's width counts the blank column every glyph keeps on its right, so a
# line this wide leaves the panel's last column dark (a glyph on the edge reads
# as cut off), and two dark columns part it from the key's cursor frame.
MONO_COLUMN = 64
Ink = int | tuple[int, int, int]


@dataclass(frozen=True)
class Geometry:
    """Where things go on one kind of panel."""

    colour: bool
    pitch: int  # pixels from one cell to the next
    margin: int  # between a cell's edge and its symbol
    bar: int  # a token bar's thickness
    text: tuple[int, int]  # where the text starts
    lines: int  # text lines there


# The text starts one row down (fonts.TOP), as on every screen.
MONO = Geometry(
    colour=False, pitch=12, margin=2, bar=1, text=(128 - MONO_COLUMN, fonts.TOP), lines=8
)
# Colour: the key at 16 px a cell, the counts beside it, the words below.
COLOUR = Geometry(colour=True, pitch=16, margin=3, bar=2, text=(2, 84), lines=5)
COLOUR_SIDE = (84, 2)  # the counts' column beside the colour key
COLOUR_SIDE_ROOM = 128 - COLOUR_SIDE[0] - 2  # its width, in pixels
COLOUR_SIDE_ROWS = 10  # its lines, down to the key's last row (2 + 5 * 16)
GRID = (2, 2)  # the key's top left corner

# Colour panel: the agents the brightest, bystanders dim, assassins red.
GREEN = (40, 210, 80)
FOUND = (30, 120, 55)
TAN = (170, 150, 110)
DIM_TAN = (110, 96, 70)
RED = (240, 50, 40)
DARK_RED = (70, 0, 0)
CURSOR = (255, 220, 0)
WHITE = (255, 255, 255)


def geometry(width: int, height: int) -> Geometry:
    """The geometry of a ``width`` x ``height`` panel."""
    return COLOUR if height >= 128 else MONO


def text_ink(colour: bool) -> Ink:
    """The text's colour on a panel of this kind."""
    return WHITE if colour else 1
