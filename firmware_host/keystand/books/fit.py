"""Grid words as large as their cells allow, measured with the fonts the PDF uses.

CSS cannot size text to its box, so each word gets its own font size: its width
is measured with the font Chromium will set it in (found through fontconfig, as
Chromium finds it), and the size is the largest that fits the cell's width and
height. Without the font files (fontconfig missing) a conservative estimate
stands in, so a book is still made, with words a little smaller.
"""

from __future__ import annotations

import subprocess
from functools import cache

PT_PER_MM = 72 / 25.4
FONTS = {"latin": "DejaVu Sans:bold", "cjk": "Noto Sans CJK JP:bold"}
ESTIMATE_EM = {"latin": 0.78, "cjk": 1.0}  # widest glyphs of each script, in em


@cache
def _font(script: str):
    from PIL import ImageFont

    try:
        found = subprocess.run(
            ["fc-match", "-f", "%{file}:%{index}", FONTS[script]],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout
        path, _, index = found.rpartition(":")
        return ImageFont.truetype(path, 100, index=int(index or 0))
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def _script(word: str) -> str:
    return "cjk" if any(ord(ch) > 0x2E7F for ch in word) else "latin"


def width_em(word: str) -> float:
    """``word``'s advance width in em of its bold font."""
    script = _script(word)
    font = _font(script)
    if font is None:
        return len(word) * ESTIMATE_EM[script]
    return font.getlength(word) / 100


def font_size_pt(word: str, width_mm: float, max_pt: float) -> float:
    """The largest size (in points, to 0.5 pt) at which ``word`` fits ``width_mm``."""
    fits = width_mm * PT_PER_MM / max(width_em(word), 0.5)
    return max(6.0, min(max_pt, int(fits * 2) / 2))
