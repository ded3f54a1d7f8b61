"""One cell of the key, as the key screen, the legend and the simulator page draw it:
its role's symbol, the public marks, the cursor (docs/screens.md: the key)."""

from __future__ import annotations

from PIL import ImageDraw

from .panel import CURSOR, DARK_RED, DIM_TAN, FOUND, GREEN, RED, TAN, WHITE, Geometry, Ink
from .view import AGENT, BOTH, MARK_MINE, MARK_THEIRS


def draw_cell(
    draw: ImageDraw.ImageDraw, x: int, y: int, g: Geometry, role: str, mark: str, cursor: bool
) -> None:
    """One cell of the key at (x, y): its role's symbol, the public marks, the cursor."""
    s, m, b = g.pitch - 1, g.margin, g.bar
    core = (x + m, y + m, x + s - 1 - m, y + s - 1 - m)
    fg: Ink = WHITE if g.colour else 1
    if mark == AGENT:  # covered by an agent card: a hollow square
        draw.rectangle(core, outline=FOUND if g.colour else 1, width=b)
    elif mark != BOTH:  # covered from both sides: only the two tokens are left
        if role == "G":
            draw.rectangle(core, fill=GREEN if g.colour else 1)
        elif role == "B":
            if g.colour:
                draw.rectangle(core, fill=DARK_RED)
            ink: Ink = RED if g.colour else 1
            draw.line((core[0], core[1], core[2], core[3]), fill=ink, width=2)
            draw.line((core[0], core[3], core[2], core[1]), fill=ink, width=2)
        else:
            cx, cy, r = x + s // 2, y + s // 2, 1 if g.colour else 0
            draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=DIM_TAN if g.colour else 1)
    bar = TAN if g.colour and role != "G" else fg
    cx = x + s // 2
    if mark in (MARK_MINE, BOTH):  # a token pointing at this seat: the bottom edge
        draw.rectangle((core[0], y + s - b, core[2], y + s - 1), fill=bar)
        if mark == MARK_MINE and role == "T":  # the token's arrow, from the dot down
            draw.rectangle((cx - b // 2, y + s // 2, cx + (b - 1) // 2, y + s - 1), fill=bar)
    if mark in (MARK_THEIRS, BOTH):  # pointing at the partner: the top edge
        draw.rectangle((core[0], y, core[2], y + b - 1), fill=bar)
        if mark == MARK_THEIRS and role == "T":  # ... from the dot up
            draw.rectangle((cx - b // 2, y, cx + (b - 1) // 2, y + s // 2), fill=bar)
    if cursor:
        draw.rectangle((x - 1, y - 1, x + s, y + s), outline=CURSOR if g.colour else 1, width=b)
