"""QR codes as module matrices and as images for files, paper and displays.

The matrix comes from the ``qrcode`` package at error correction M; everything
drawn here keeps whole pixels (or printer dots) per module, so a scanner never
sees a module smeared across a fractional boundary.
"""

from __future__ import annotations

from PIL import Image


def qr_matrix(text: str) -> list[list[bool]]:
    """Dark (True) and light modules of ``text``'s QR code, without quiet zone."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0)
    qr.add_data(text)
    qr.make(fit=True)
    return [list(row) for row in qr.get_matrix()]


def qr_version(text: str) -> int:
    return (len(qr_matrix(text)) - 17) // 4


def qr_image(text: str, module: int = 8, border: int = 4) -> Image.Image:
    """A 1-bit image: ``module`` pixels per module and a ``border``-module quiet zone."""
    matrix = qr_matrix(text)
    return draw_matrix(matrix, module, border)


def draw_matrix(matrix: list[list[bool]], module: int, border: int) -> Image.Image:
    size = (len(matrix) + 2 * border) * module
    img = Image.new("1", (size, size), 1)
    px = img.load()
    assert px is not None
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                y0, x0 = (r + border) * module, (c + border) * module
                for y in range(y0, y0 + module):
                    for x in range(x0, x0 + module):
                        px[x, y] = 0
    return img


def qr_screen(text: str, width: int = 128, height: int = 64, module: int = 2) -> Image.Image:
    """A display frame: dark modules on a light field that includes the quiet zone.

    On a 128x64 panel a version 2 code (25 modules) at 2 px per module leaves room
    for a 3-module quiet zone above and below (62 px); the light field spans the
    whole panel width, so the sides get more.
    """
    matrix = qr_matrix(text)
    side = len(matrix) * module
    if side > min(width, height):
        raise ValueError(f"QR code of {len(matrix)} modules does not fit {width}x{height}")
    frame = Image.new("1", (width, height), 1)  # light everywhere: the quiet zone
    code = draw_matrix(matrix, module, 0)
    frame.paste(code, ((width - side) // 2, (height - side) // 2))
    return frame
