"""A game slip as an ESC/POS job for 58 mm, 384-dot thermal printers.

The job is built with python-escpos's ``Dummy`` printer: it owns the command
encoding and the printer capability profiles, and we keep the serial transport
(pacing, status, retries) in ``keystand.hal.printer``. See docs/printing.md.

A raster QR code is sent as the code's own dots only: the quiet zone is paper
(fed above and below, the paper's margins beside the centred code), and where
the profile has the raster command the printer doubles every dot in width and
height (``GS v 0`` mode 3), so the host sends a quarter of the dots it prints.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import translation
from ..names import RULESET_NAMES, mission_title
from ..qr import draw_matrix, qr_matrix
from ..rules.gamecode import GameCode, encode
from . import DEFAULT_PROFILE

if TYPE_CHECKING:
    from escpos.printer import Dummy
    from PIL import Image

PAPER_DOTS = 384
QUIET = 4  # modules of quiet zone around a QR code (ISO/IEC 18004)
MAX_MODULE_DOTS = 8  # 1 mm modules at 8 dots/mm
MIN_MODULE_DOTS = 4  # 0.5 mm: what phone cameras and GM65-type scanners still read
MAX_SLIP_BYTES = 1500  # a raster slip's budget: 1.6 s at 9600 baud
TEXT_CODEPAGE = "cp437"  # code page 0 of every ESC/POS printer; other text goes as dots
TEXT_SCALE = 2  # a line the code page cannot hold: 8x8 glyphs, printed 16 dots tall
LINE_CHARS = 32  # Font A characters across 58 mm paper
# A space between words printed as dots: 3 dots (with a glyph's own blank column,
# 1 mm on paper) where the font's is 4; each dot across costs bytes on every row.
DOT_SPACE = 3


@dataclass(frozen=True, slots=True)
class SlipJob:
    data: bytes
    qr_mode: str  # "native" | "raster"
    text: str  # the game code printed on the slip
    module_dots: int = 0  # printed dots per QR module


def profile_has_native_qr(profile: str) -> bool:
    from escpos.capabilities import get_profile

    return bool(get_profile(profile).supports("qrCode"))


def raster_scale(profile: str) -> int:
    """2 when the printer doubles raster dots on request (``GS v 0`` modes 1-3), else 1.

    Printers that print raster images in both densities (``highDensity`` in their
    python-escpos profile) take the low-density modes as "double width/height".
    """
    from escpos.capabilities import get_profile

    p = get_profile(profile)
    return 2 if p.supports("bitImageRaster") and p.supports("highDensity") else 1


def raster_module_dots(modules: int, paper_dots: int = PAPER_DOTS) -> int:
    """The largest whole number of dots per module that fits the paper with its quiet zone."""
    return max(1, min(MAX_MODULE_DOTS, paper_dots // (modules + 2 * QUIET)))


def build_slip(
    code: GameCode,
    *,
    qr: str = "auto",
    profile: str = DEFAULT_PROFILE,
    mission_name: str | None = None,
    lang: str = "en",
    when: dt.date | None = None,
    words: Sequence[str] | None = None,
) -> SlipJob:
    """The slip for ``code``, its words in ``lang`` (the table's language);
    ``words``: a solo game's 25 words (A's reading order), printed as a list by
    cell so the cards can be laid out (``word_lines``)."""
    text = encode(code)
    if qr == "auto":
        qr = "native" if profile_has_native_qr(profile) else "raster"
    if qr not in ("native", "raster"):
        raise ValueError(f"unknown QR mode '{qr}' (native, raster or auto)")
    matrix = qr_matrix(text)
    if qr == "native":
        dots = raster_module_dots(len(matrix))
        data = _job(code, text, matrix, qr, dots, profile, mission_name, lang, when, words)
        return SlipJob(data, qr, text, dots)
    # Raster: the largest module that keeps the whole slip, a solo game's words
    # and all, within its byte budget, and never below what scanners read. Latin
    # words are text and leave the code at the plain slip's size; a Japanese word
    # list goes as dots, and its code is printed smaller instead (docs/printing.md).
    scale = raster_scale(profile)
    most = raster_module_dots(len(matrix))
    sizes = [d for d in range(most, 0, -1) if d % scale == 0 and d >= MIN_MODULE_DOTS] or [most]
    for dots in sizes:
        data = _job(code, text, matrix, qr, dots, profile, mission_name, lang, when, words)
        if len(data) <= MAX_SLIP_BYTES:
            break
    return SlipJob(data, qr, text, dots)


def _job(
    code: GameCode,
    text: str,
    matrix: list[list[bool]],
    qr: str,
    dots: int,
    profile: str,
    mission_name: str | None,
    lang: str,
    when: dt.date | None,
    words: Sequence[str] | None = None,
) -> bytes:
    from escpos.constants import QR_ECLEVEL_M
    from escpos.printer import Dummy

    _ = translation(lang).gettext
    scale = raster_scale(profile)
    p = Dummy(profile=profile, magic_encode_args={"disabled": True, "encoding": TEXT_CODEPAGE})
    p.hw("INIT")
    p.set(align="center", bold=True, double_height=True, double_width=True)
    p.textln("keystand")
    p.set(align="center", normal_textsize=True)
    _line(p, mission_title(_, code.rules.label, mission_name), scale)
    rules = _(RULESET_NAMES[code.rules.ruleset])
    date = (when or dt.date.today()).isoformat()
    if _as_text(rules):
        _line(p, f"{rules}, {date}", scale)
    else:  # the name as dots, the date under it as text: 11 bytes, not 40 of dots
        _line(p, rules, scale)
        p.textln(date)
    if qr == "native":
        p.qr(text, ec=QR_ECLEVEL_M, size=dots, native=True)
        p.ln()
    else:
        # Only the code's own dots; the paper makes the quiet zone around them.
        feed = QUIET * dots
        p._raw(b"\x1bJ" + bytes((feed,)))  # ESC J n: feed n dots (python-escpos has no call)
        _raster(p, draw_matrix(matrix, dots // scale, 0), scale)
        p._raw(b"\x1bJ" + bytes((feed,)))
    p.set(align="center", bold=True)
    p.textln(text)
    p.set(align="left", bold=False)
    if words:
        p.ln()
        p.set(align="center")  # the grid as one block, its columns kept (word_lines)
        _line(p, _("Words by cell, seat A's view:"), scale)
        for line in word_lines(words):
            _line(p, line, scale)
        p.set(align="left")
        p.ln()
        # One player at a solo table: the name goes on the same line as its label,
        # in text; a label the code page lacks goes as dots, and its writing line
        # as text under it (underscores as dots would cost 24 bytes a row of dots).
        label = _("Player:")
        if _as_text(label):
            p.textln(f"{label} {'_' * (LINE_CHARS - len(label) - 1)}")
        else:
            _line(p, label, scale)
            p.textln("_" * LINE_CHARS)
    else:
        p.ln()
        _line(p, _("Players:"), scale)
        p.ln()
        p.textln("_" * LINE_CHARS)
        p.ln()
        p.textln("_" * LINE_CHARS)
    p.cut()
    return p.output


def _as_text(line: str) -> bool:
    """Whether the printer's code page holds ``line`` (else it goes as dots)."""
    try:
        line.encode(TEXT_CODEPAGE)
    except UnicodeEncodeError:
        return False
    return True


def word_lines(words: Sequence[str]) -> list[str]:
    """The 25 words as printed lines, one grid row after another as the cards lie
    on the table (seat A's reading order), a blank line between rows, so no line
    mixes two rows. Latin: "a1 word" entries, two a line in columns as wide as
    the longest entry (one a line when two do not fit the paper's 32 characters),
    every line padded to the block's width so that a centred block keeps its
    columns. Words the printer's code page lacks (Japanese, printed as dots): a
    row a line, "1: " and the row's five words from a to e."""
    from ..rules.layout import cell_name

    if len(words) != 25:
        raise ValueError(f"a slip's word grid needs 25 words, not {len(words)}")
    if not _as_text("".join(words)):  # printed as dots: a row a line, no padding to pay for
        return _dot_rows(words)
    entries = [f"{cell_name(i)} {w}" for i, w in enumerate(words)]
    column = max(len(e) for e in entries) + 2
    per_line = 2 if 2 * column - 2 <= LINE_CHARS else 1
    width = min(LINE_CHARS, per_line * column - 2)
    lines: list[str] = []
    for r in range(5):
        row = entries[r * 5 : r * 5 + 5]
        if r:
            lines.append("")
        for k in range(0, 5, per_line):
            line = "".join(e.ljust(column) for e in row[k : k + per_line])
            lines.append(line.rstrip().ljust(width))
    return lines


def _dot_rows(words: Sequence[str]) -> list[str]:
    out = []
    for r in range(5):
        row = list(words[r * 5 : r * 5 + 5])
        line = f"{r + 1}: {' '.join(row)}"
        if _dots_wide(line) > PAPER_DOTS // TEXT_SCALE:  # wider than the paper
            out += [f"{r + 1}: {' '.join(row[:3])}", f"   {' '.join(row[3:])}"]
        else:
            out.append(line)
    return out


def _line(p: Dummy, line: str, scale: int) -> None:
    """A line of text; one the printer's code page lacks (Japanese) goes as dots,
    its blank bottom rows fed as paper instead (the same 16-dot line pitch)."""
    if _as_text(line):
        p.textln(line)
        return
    from ..screens import fonts

    image = _text_image(line, TEXT_SCALE // scale)
    _raster(p, image, scale)
    blank = (fonts.SIZE - image.height // (TEXT_SCALE // scale)) * TEXT_SCALE
    if blank:
        p._raw(b"\x1bJ" + bytes((blank,)))


def _dots_wide(line: str) -> int:
    """How wide ``line`` is as dots (before TEXT_SCALE), a space DOT_SPACE wide."""
    from ..screens import fonts

    parts = line.split(" ")
    return sum(int(fonts.width(part)) for part in parts) + DOT_SPACE * (len(parts) - 1)


def _text_image(line: str, zoom: int) -> Image.Image:
    """``line`` in the screen font, black on white, ``zoom`` times, a space
    DOT_SPACE dots wide; the rows under its lowest ink (the font's blank eighth
    row, at least) left off: paper is fed for them (``_line``), which costs 3 bytes
    where each dot row costs a byte per 8 dots across."""
    from PIL import Image, ImageDraw

    from ..screens import fonts

    img = Image.new("1", (max(1, _dots_wide(line)), fonts.SIZE), 1)
    draw = ImageDraw.Draw(img)
    x = 0
    for part in line.split(" "):
        fonts.draw_text(draw, (x, 0), part, 0)
        x += int(fonts.width(part)) + DOT_SPACE
    ink = Image.eval(img.convert("L"), lambda v: 255 - v).getbbox()
    img = img.crop((0, 0, img.width, ink[3] if ink else 1))
    return img.resize((img.width * zoom, img.height * zoom), Image.Resampling.NEAREST)


def _raster(p: Dummy, image: Image.Image, scale: int) -> None:
    """``GS v 0``: at ``scale`` 2 the printer doubles every dot (mode 3)."""
    double = scale == 2
    p.image(
        image,
        impl="bitImageRaster",
        high_density_horizontal=not double,
        high_density_vertical=not double,
    )
