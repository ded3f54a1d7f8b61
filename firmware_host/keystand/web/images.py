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

MAX_IMAGE_BYTES = 8 * 2**20  # a phone photo of a slip; anything larger is refused
# A 12 MP phone photo (4000x3000) fits; decoded as RGBA (Pillow keeps RGB in four
# bytes a pixel too) and turned grey, it costs about 60 MB at the peak.
MAX_PIXELS = 12_000_000
FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "BMP")
READ_SIDE = 2048  # the longest side zxing is given; larger images are reduced first
JPEG_DRAFT = (READ_SIDE, READ_SIDE)  # JPEGs decode straight to grey at about that size

_one_at_a_time = threading.Lock()


class ImageRefused(Exception):
    """The image was not read; the message says why, in one line."""


def read_qr(data: bytes) -> str:
    """The text of the first QR code in ``data`` (an encoded image)."""
    try:
        import zxingcpp
    except ImportError:
        raise ImageRefused(
            "reading QR images needs zxing-cpp: pip install 'keystand[sim]'"
        ) from None
    from PIL import Image, UnidentifiedImageError

    with _one_at_a_time:
        try:
            image = Image.open(io.BytesIO(data), formats=FORMATS)  # the header only
        except Image.DecompressionBombError:
            too_big = f"image larger than {MAX_PIXELS // 10**6} megapixels refused"
            raise ImageRefused(too_big) from None
        except (UnidentifiedImageError, OSError):
            raise ImageRefused("not an image (PNG, JPEG, GIF, WebP or BMP)") from None
        with image:
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise ImageRefused(
                    f"image of {width}x{height} pixels refused: "
                    f"at most {MAX_PIXELS // 10**6} megapixels"
                )
            if image.format == "JPEG":
                image.draft("L", JPEG_DRAFT)
            try:
                grey = image.convert("L")
            except (OSError, ValueError, SyntaxError) as exc:  # a truncated or broken file
                raise ImageRefused(f"image could not be decoded ({exc})") from None
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
        raise ImageRefused("no QR code found in the image")
    return found[0]
