"""The seat screens' 8x8 font, and the Finnish letters it lacks.

Misaki Gothic (Debian fonts-misaki) draws Latin, kana and kanji on an 8x8 grid,
which is what a 128x64 panel needs for Japanese. It follows JIS X 0208, so it
has no ä, ö or å. No 8-pixel font in Debian covers both Japanese and Finnish,
so those letters are drawn here, 3 pixels wide like Misaki's Latin letters: the
lower-case ones are Misaki's a and o under the marks; the capitals are squashed
into five rows, as 8-pixel bitmap fonts draw them, because Misaki's A and O use
the top row and a mark there would merge with them (an Ä read as an A).
"""

from __future__ import annotations

from functools import cache

from PIL import ImageDraw, ImageFont

FONT_PATHS = (
    "/usr/share/fonts/truetype/misaki/misaki_gothic_2nd.ttf",
    "/usr/share/fonts/truetype/misaki/misaki_gothic.ttf",
)
SIZE = 8
# Every screen's first line of text starts this many rows down from the panel's
# top edge: the glyphs fill their top row, and a line drawn on the edge reads as
# cut off under the bezel (docs/screens.md). One source for every screen.
TOP = 1


def lines_below(top: int, height: int) -> int:
    """How many 8-pixel lines fit from row ``top`` to the bottom of a ``height``-row
    panel: a glyph's eighth row is always blank, so the last line may lose it."""
    return (height - top + 1) // SIZE


# letter -> (Misaki letter of the same width, 3x7 bitmap rows from the top)
COMPOSED: dict[str, tuple[str, tuple[str, ...]]] = {
    "ä": ("a", ("#.#", "...", "##.", "..#", ".##", "#.#", ".##")),
    "ö": ("o", ("#.#", "...", ".#.", "#.#", "#.#", "#.#", ".#.")),
    "å": ("a", (".#.", "...", "##.", "..#", ".##", "#.#", ".##")),
    "Ä": ("A", ("#.#", "...", ".#.", "#.#", "###", "#.#", "#.#")),
    "Ö": ("O", ("#.#", "...", ".#.", "#.#", "#.#", "#.#", ".#.")),
    "Å": ("A", (".#.", "...", ".#.", "#.#", "###", "#.#", "#.#")),
}
# Misaki's m, w, M and W are 3 pixels wide like every Latin letter, which leaves
# an m a solid block at true size ("you ▪issed"): they are drawn 5 pixels wide on
# a 6-pixel pitch, as 5x7 panel fonts draw them (docs/screens.md).
WIDE_PITCH = 6
WIDE: dict[str, tuple[str, ...]] = {
    "m": (".....", ".....", "##.#.", "#.#.#", "#.#.#", "#.#.#", "#.#.#"),
    "w": (".....", ".....", "#...#", "#...#", "#.#.#", "#.#.#", ".#.#."),
    "M": ("#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"),
    "W": ("#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"),
}


def _drawn(ch: str) -> tuple[float, tuple[str, ...]] | None:
    """A letter drawn here, not by the font: its advance and bitmap rows."""
    if ch in WIDE:
        return WIDE_PITCH, WIDE[ch]
    if ch in COMPOSED:
        base, rows = COMPOSED[ch]
        return font().getlength(base), rows
    return None


@cache
def font() -> ImageFont.FreeTypeFont:
    for path in FONT_PATHS:
        try:
            return ImageFont.truetype(path, SIZE)
        except OSError:
            continue
    raise FileNotFoundError(
        "the screen font is missing: install Debian's fonts-misaki (scripts/test does)"
    )


def width(text: str) -> float:
    """``text``'s width in pixels, as ``draw_text`` draws it."""
    plain = "".join(ch for ch in text if ch not in WIDE and ch not in COMPOSED)
    return font().getlength(plain) + sum((_drawn(ch) or (0,))[0] for ch in text)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill) -> None:
    if not any(ch in WIDE or ch in COMPOSED for ch in text):
        draw.text(xy, text, font=font(), fill=fill)
        return
    x: float = xy[0]
    y = xy[1]
    for ch in text:
        drawn = _drawn(ch)
        if drawn is None:
            draw.text((x, y), ch, font=font(), fill=fill)
            x += font().getlength(ch)
            continue
        advance, rows = drawn
        draw.point(
            [
                (x + dx, y + dy)
                for dy, row in enumerate(rows)
                for dx, px in enumerate(row)
                if px == "#"
            ],
            fill=fill,
        )
        x += advance


def clip(text: str, room: float) -> str:
    """``text``, shortened with an ellipsis until it fits ``room`` pixels."""
    if width(text) <= room:
        return text
    while text and width(text + "…") > room:
        text = text[:-1]
    return text + "…" if text else ""
