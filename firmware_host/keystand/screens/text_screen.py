"""A screen of text lines across the whole panel (the AI seat's, what the AI meant,
a team's record), and breaking text into lines of a given width."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import fonts
from .panel import LINE, text_ink


def wrap(text: str, room: float) -> list[str]:
    """``text`` broken at spaces (or anywhere, for Japanese) into lines of ``room`` px."""
    out: list[str] = []
    line = ""
    for ch in text:
        if fonts.width(line + ch) > room:
            cut = line.rfind(" ")
            if cut > 0:
                out.append(line[:cut])
                line = line[cut + 1 :]
            else:
                out.append(line)
                line = ""
        line += ch
    return [*out, line] if line else out


def wrap_items(items: list[str], room: float) -> list[str]:
    """``items`` joined by ", " into lines of ``room`` px, an item broken only when
    it is wider than a line on its own."""
    out: list[str] = []
    line = ""
    for n, item in enumerate(items):
        text = item + ("," if n < len(items) - 1 else "")
        joined = f"{line} {text}" if line else text
        if fonts.width(joined) <= room:
            line = joined
            continue
        if line:
            out.append(line)
        *full, line = wrap(text, room) or [""]
        out += full
    return [*out, line] if line else out


def render(lines: list[str], width: int, height: int, colour: bool) -> Image.Image:
    """Lines of text across the whole panel: the title, then the newest lines that fit."""
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    rows = fonts.lines_below(fonts.TOP, height)
    shown = lines[:1] + lines[1:][-(rows - 1) :] if len(lines) > rows else lines
    for n, line in enumerate(shown):
        fonts.draw_text(draw, (2, fonts.TOP + n * LINE), line, text_ink(colour))
    return img
