"""Read an ESC/POS byte stream back into what the paper would show.

The printer simulator and the tests use this to check what went over the wire:
text lines, raster images (``GS v 0``, in its double-width and double-height
modes too), native QR codes (``GS ( k``), dot feeds (``ESC J``) and cuts. It
understands the commands keystand's slips use (python-escpos output) and
refuses anything else, so a change in the encoder cannot pass unnoticed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

ESC, GS, DLE, LF, CR = 0x1B, 0x1D, 0x10, 0x0A, 0x0D
# One-parameter commands we accept and mostly ignore: ESC ! E - M a t { d J, GS ! b B.
_ESC_1 = {0x21, 0x45, 0x2D, 0x4D, 0x61, 0x74, 0x7B, 0x64, 0x4A}
_GS_1 = {0x21, 0x62, 0x42}


class EscposDecodeError(ValueError):
    pass


@dataclass
class Line:
    text: str
    align: int = 0  # 0 left, 1 centre, 2 right
    bold: bool = False
    big: bool = False


@dataclass
class Raster:
    image: Image.Image  # mode "1", dark dots are 0
    align: int = 0


@dataclass
class Feed:
    dots: int  # blank paper fed by ESC J


@dataclass
class NativeQR:
    data: str
    module: int
    ec: str
    align: int = 0


@dataclass
class Paper:
    items: list = field(default_factory=list)
    cuts: int = 0
    status_queries: list[int] = field(default_factory=list)

    @property
    def text_lines(self) -> list[str]:
        return [i.text for i in self.items if isinstance(i, Line)]

    @property
    def rasters(self) -> list[Image.Image]:
        return [i.image for i in self.items if isinstance(i, Raster)]

    @property
    def native_qr(self) -> list[str]:
        return [i.data for i in self.items if isinstance(i, NativeQR)]


def decode(data: bytes) -> Paper:
    paper = Paper()
    pos, n = 0, len(data)
    text = bytearray()
    align, bold, big = 0, False, False
    qr_data, qr_module, qr_ec = b"", 3, "L"

    def need(count: int) -> bytes:
        if pos + count > n:
            raise EscposDecodeError(f"command at byte {pos} is cut short")
        return data[pos : pos + count]

    def flush_line() -> None:
        paper.items.append(Line(text.decode("cp437", "replace"), align, bold, big))
        text.clear()

    while pos < n:
        b = data[pos]
        if b == LF:
            flush_line()
            pos += 1
        elif b == CR:
            pos += 1
        elif b == ESC:
            cmd = need(2)[1]
            if cmd == 0x40:  # ESC @ initialise
                align, bold, big = 0, False, False
                pos += 2
            elif cmd in _ESC_1:
                arg = need(3)[2]
                if cmd == 0x61:
                    align = arg % 48 if arg >= 48 else arg
                elif cmd == 0x45:
                    bold = bool(arg & 1)
                elif cmd == 0x21:
                    big = bool(arg & 0x30)
                elif cmd == 0x64:
                    paper.items.extend(Line("", align) for _ in range(arg))
                elif cmd == 0x4A:
                    paper.items.append(Feed(arg))
                pos += 3
            else:
                raise EscposDecodeError(f"unknown command ESC 0x{cmd:02x} at byte {pos}")
        elif b == GS:
            cmd = need(2)[1]
            if cmd in _GS_1:
                if cmd == 0x21:
                    big = bool(need(3)[2])
                pos += 3
            elif cmd == 0x56:  # GS V cut
                m = need(3)[2]
                pos += 4 if m in (65, 66) else 3
                paper.cuts += 1
            elif cmd == 0x76:  # GS v 0 m xL xH yL yH raster
                head = need(8)
                mode = head[3] % 48 if head[3] >= 48 else head[3]
                if mode > 3:
                    raise EscposDecodeError(f"unknown raster mode {head[3]} at byte {pos}")
                width_bytes = head[4] | head[5] << 8
                height = head[6] | head[7] << 8
                pos += 8
                raw = need(width_bytes * height)
                img = Image.frombytes("1", (width_bytes * 8, height), bytes(x ^ 0xFF for x in raw))
                # Mode bit 0 doubles every dot's width, bit 1 its height: what the paper shows.
                wide, tall = 1 + (mode & 1), 1 + (mode >> 1)
                if mode:
                    size = (img.width * wide, img.height * tall)
                    img = img.resize(size, Image.Resampling.NEAREST)
                paper.items.append(Raster(img, align))
                pos += width_bytes * height
            elif cmd == 0x28:  # GS ( k / GS ( L
                head = need(5)
                length = head[3] | head[4] << 8
                body = need(5 + length)[5:]
                pos += 5 + length
                if head[2] != 0x6B:
                    raise EscposDecodeError(f"unsupported GS ( {chr(head[2])} at byte {pos}")
                if body[:1] != b"1":
                    raise EscposDecodeError("only QR codes (cn=49) are understood")
                fn = body[1]
                if fn == 0x43:
                    qr_module = body[2]
                elif fn == 0x45:
                    qr_ec = "LMQH"[body[2] - 48]
                elif fn == 0x50:
                    qr_data = body[3:]
                elif fn == 0x51:
                    paper.items.append(NativeQR(qr_data.decode("utf-8"), qr_module, qr_ec, align))
            else:
                raise EscposDecodeError(f"unknown command GS 0x{cmd:02x} at byte {pos}")
        elif b == DLE:
            paper.status_queries.append(need(3)[2])
            pos += 3
        else:
            text.append(b)
            pos += 1
    if text:
        flush_line()
    return paper


def render(paper: Paper, width: int = 384) -> Image.Image:
    """The slip as it comes out of the printer: black on white, ``width`` dots wide."""
    from ..qr import draw_matrix, qr_matrix

    font: ImageFont.FreeTypeFont | ImageFont.ImageFont
    try:  # a printer's code page 437 has ä and ö; Pillow's built-in font does not
        font = ImageFont.truetype("DejaVuSans.ttf", 11)
    except OSError:
        font = ImageFont.load_default()
    blocks: list[tuple[Image.Image, int]] = []
    for item in paper.items:
        if isinstance(item, Line):
            scale = 2 if item.big else 1
            img = Image.new("1", (width, 16 * scale), 1)
            draw = ImageDraw.Draw(img)
            w = int(draw.textlength(item.text, font=font))
            small = Image.new("1", (max(1, w), 16), 1)
            ImageDraw.Draw(small).text((0, 2), item.text, font=font, fill=0)
            small = small.resize((small.width * scale, 16 * scale))
            blocks.append((small, item.align))
        elif isinstance(item, Raster):
            blocks.append((item.image, item.align))
        elif isinstance(item, Feed):
            blocks.append((Image.new("1", (1, item.dots), 1), 0))
        else:
            blocks.append((draw_matrix(qr_matrix(item.data), item.module, 0), item.align))
    height = sum(b.height for b, _ in blocks) + 8
    out = Image.new("1", (width, height), 1)
    y = 4
    for img, align in blocks:
        x = 0 if align == 0 else (width - img.width) // (2 if align == 1 else 1)
        out.paste(img, (max(0, x), y))
        y += img.height
    return out
