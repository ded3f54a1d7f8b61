"""Reading a QR code from an image a user dropped on the page, within bounds.

An upload is capped in bytes by the server (``MAX_IMAGE_BYTES``) and here in
pixels before anything is decoded: Pillow's ``open`` reads only the header, so a
13000x13000 PNG of a few hundred kilobytes is refused without the gigabyte its
pixels would take. Only the formats a phone or a screenshot produces are tried,
and one image is decoded at a time, so a burst of uploads cannot add up.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable

from ..i18n import N_

MAX_IMAGE_BYTES = 8 * 2**20  # a phone photo of a slip; anything larger is refused
# A 12 MP phone photo (4000x3000) fits; decoded as RGBA (Pillow keeps RGB in four
# bytes a pixel too) and turned grey, it costs about 60 MB at the peak.
MAX_PIXELS = 12_000_000
FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "BMP")
READ_SIDE = 2048  # the longest side zxing is given; larger images are reduced first
JPEG_DRAFT = (READ_SIDE, READ_SIDE)  # JPEGs decode straight to grey at about that size

_one_at_a_time = threading.Lock()


class ImageRefused(Exception):
    """The image was not read; the message says why, in one line: ``str()`` in
    English, ``said()`` in the table's language (the page shows it beside the box)."""

    def __init__(self, message: str, **values: object) -> None:
        self.message, self.values = message, values  # a msgid, and its placeholders'
        super().__init__(message % values)

    def said(self, gettext: Callable[[str], str]) -> str:
        return gettext(self.message) % self.values


def read_qr(data: bytes) -> str:
    """The text of the first QR code in ``data`` (an encoded image)."""
    try:
        import zxingcpp
    except ImportError:
        raise ImageRefused(
            N_("reading QR images needs zxing-cpp: %(command)s"),
            command="pip install 'keystand[sim]'",
        ) from None
    from PIL import Image, UnidentifiedImageError

    with _one_at_a_time:
        try:
            image = Image.open(io.BytesIO(data), formats=FORMATS)  # the header only
        except Image.DecompressionBombError:
            too_big = N_("image larger than %(most)d megapixels refused")
            raise ImageRefused(too_big, most=MAX_PIXELS // 10**6) from None
        except (UnidentifiedImageError, OSError):
            raise ImageRefused(N_("not an image (PNG, JPEG, GIF, WebP or BMP)")) from None
        with image:
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise ImageRefused(
                    N_("image of %(width)dx%(height)d pixels refused: at most %(most)d megapixels"),
                    width=width,
                    height=height,
                    most=MAX_PIXELS // 10**6,
                )
            if image.format == "JPEG":
                image.draft("L", JPEG_DRAFT)
            try:
                grey = image.convert("L")
            except (OSError, ValueError, SyntaxError) as exc:  # a truncated or broken file
                broken = N_("image could not be decoded (%(error)s)")
                raise ImageRefused(broken, error=exc) from None
        # The colour pixels are freed (the image is closed); a QR code that fills a
        # tenth of a photo still has ~10 pixels a module at this size.
        factor = -(-max(grey.size) // READ_SIDE)
        if factor > 1:
            grey = grey.reduce(factor)
        found = [
            r.text
            for r in zxingcpp.read_barcodes(grey)
            if r.format == zxingcpp.BarcodeFormat.QRCode
        ]
    if not found:
        raise ImageRefused(N_("no QR code found in the image"))
    return found[0]
