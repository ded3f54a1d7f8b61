"""A QR code on a seat's panel: its seat code, the whole game's, or a phone link
(a link only this computer can open is shown with a note saying why a phone cannot)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import fonts
from .messages import message_lines
from .panel import LINE, MONO, text_ink
from .view import Message


def render(text: str, width: int, height: int, colour: bool) -> Image.Image:
    from ..qr import qr_screen

    try:
        if local_link(text):  # a phone cannot open it: the code, and why beside it
            return _with_note(text, width, height, colour)
        frame = qr_screen(text, width, height)
    except ValueError:  # too long for this panel at 2 px a module: say so
        frame = Image.new("1", (width, height), 0)
        draw = ImageDraw.Draw(frame)
        for n, line in enumerate(message_lines(Message("qr_too_long"))):
            fonts.draw_text(draw, (2, 2 + n * LINE), line, 1)
    return frame.convert("RGB") if colour else frame


def local_link(text: str) -> bool:
    """A web link that only the computer serving it can open (a loopback address)."""
    from ipaddress import ip_address
    from urllib.parse import urlsplit

    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    if parts.hostname == "localhost":
        return True
    try:
        return ip_address(parts.hostname).is_loopback
    except ValueError:
        return False


def _with_note(text: str, width: int, height: int, colour: bool) -> Image.Image:
    """The code in a light field of its own (left on mono, on top on colour), the
    note in the text column beside it or the lines below."""
    from ..qr import qr_screen

    side = MONO.text[0] - 1  # the light field: as wide as the key beside the text column
    field = qr_screen(text, side, height) if not colour else qr_screen(text, width, side)
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    img.paste(field.convert(img.mode), (0, 0))
    draw = ImageDraw.Draw(img)
    x, y = (side + 1, fonts.TOP) if not colour else (2, side + 2)
    for n, line in enumerate(message_lines(Message("link_local"))):
        fonts.draw_text(draw, (x, y + n * LINE), line, text_ink(colour))
    return img
