"""The seat screens' 8x8 font, and the Finnish letters it lacks.

Misaki Gothic (Debian fonts-misaki) draws Latin, kana and kanji on an 8x8 grid,
which is what a 128x64 panel needs for Japanese. It follows JIS X 0208, so it
has no ä, ö or å. No 8-pixel font in Debian covers both Japanese and Finnish,
so those letters are composed here: Misaki's base letter plus the diacritic's
pixels in the row above it, which is how 8-pixel bitmap fonts draw them anyway.
"""

from __future__ import annotations

from functools import cache

from PIL import ImageDraw, ImageFont

FONT_PATHS = (
    "/usr/share/fonts/truetype/misaki/misaki_gothic_2nd.ttf",
    "/usr/share/fonts/truetype/misaki/misaki_gothic.ttf",
)
SIZE = 8
COMPOSED = {
    "ä": ("a", "dots"),
    "ö": ("o", "dots"),
    "å": ("a", "ring"),
    "Ä": ("A", "dots"),
    "Ö": ("O", "dots"),
    "Å": ("A", "ring"),
}


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
    return font().getlength("".join(COMPOSED.get(ch, (ch,))[0] for ch in text))


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill) -> None:
    if not any(ch in COMPOSED for ch in text):
        draw.text(xy, text, font=font(), fill=fill)
        return
    x: float = xy[0]
    y = xy[1]
    for ch in text:
        base, mark = COMPOSED.get(ch, (ch, None))
        draw.text((x, y), base, font=font(), fill=fill)
        w = font().getlength(base)
        if mark == "dots":
            draw.point([(x + 1, y), (x + 3, y)], fill=fill)
        elif mark == "ring":
            draw.point([(x + 2, y)], fill=fill)
        x += w


def clip(text: str, room: float) -> str:
    """``text``, shortened with an ellipsis until it fits ``room`` pixels."""
    if width(text) <= room:
        return text
    while text and width(text + "…") > room:
        text = text[:-1]
    return text + "…" if text else ""
