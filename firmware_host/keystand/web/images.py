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
# 16 megapixels: a 12 MP phone photo fits; decoded as RGBA it takes 64 MiB at most.
MAX_PIXELS = 4096 * 4096
FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "BMP")
JPEG_DRAFT = (2048, 2048)  # JPEGs decode straight to grey at a scale that still reads

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
        found = zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode)
    if not found:
        raise ImageRefused("no QR code found in the image")
    return found[0].text
