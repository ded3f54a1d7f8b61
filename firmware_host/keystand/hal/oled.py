"""OLED panels on luma.oled: mono (SSD1306, SH1106) and colour (SSD1351).

luma's ``display()`` sends the whole 1 KiB frame on every call. ``PagedOled``
keeps luma's device classes for what they do well (initialisation, contrast,
rotation, cleanup) and replaces only the frame upload: it keeps the last frame
as controller pages and, per page that changed, sends the window of columns
that changed. An unchanged frame sends nothing.

A write that fails (a loose cable raises OSError) marks the panel for
re-initialisation; the next frame rebuilds the luma device and sends everything,
so a frame cut off mid-way is never left half-drawn once the bus answers. The
loop retries until it does (``app/daemon.py``); the panel logs each outage once,
when it starts and when it ends.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any

from luma.core.error import Error as LumaError
from PIL import Image

log = logging.getLogger(__name__)
# luma turns EIO/EREMOTEIO into DeviceNotFoundError; other bus faults stay OSError.
BUS_ERRORS = (OSError, LumaError)


def to_pages(image: Image.Image) -> list[bytes]:
    """A mode "1" image as controller pages: per page, one byte per column, bit 0 on top."""
    width, height = image.size
    pages = []
    for p in range(height // 8):
        band = image.crop((0, p * 8, width, p * 8 + 8))
        # Turned clockwise, column x becomes row x with the band's bottom pixel
        # first; "1" images pack the first pixel into the high bit, so bit 0 is on top.
        pages.append(band.transpose(Image.Transpose.ROTATE_270).tobytes())
    return pages


class Panel:
    """A luma device that is rebuilt after a bus error, with its brightness kept.

    ``factory`` builds the luma device (and so runs its init sequence); ``_last``
    is what the panel shows, in whatever form the subclass compares frames.
    """

    kind = ""

    def __init__(
        self, factory: Callable[[], Any], size: tuple[int, int], name: str = "display"
    ) -> None:
        self._factory = factory
        self.size = size  # what the seat screens are drawn at for this panel
        self.name = name  # for the log: "display A"
        self.device: Any = None
        self._last: Any = None  # what the panel shows, as the subclass compares frames
        self.failures = 0  # failed writes, ever
        self.outage = 0  # failed writes since the panel last answered
        self.error: str | None = None  # why the last write failed; None after a success
        self._contrast: int | None = None

    def _ensure(self):
        if self.device is None:
            self.device = self._factory()
            self._last = None
            if self._contrast is not None:
                self.device.contrast(self._contrast)
        return self.device

    def contrast(self, level: int) -> None:
        """Set the brightness now, or when the panel is first (re)built."""
        self._contrast = level
        if self.device is None:
            return
        try:
            self.device.contrast(level)
        except BUS_ERRORS as exc:
            self._lost(exc)

    def _lost(self, exc: Exception) -> None:
        self.failures += 1
        self.error = str(exc) or type(exc).__name__
        if not self.outage:
            log.warning("%s: write failed (%s); retrying until it answers", self.name, exc)
        self.outage += 1
        self.device = None
        self._last = None

    def _answered(self) -> bool:
        self.error = None
        if self.outage:
            log.info("%s: answering again after %d failed writes", self.name, self.outage)
            self.outage = 0
        return True

    def cleanup(self) -> None:
        if self.device is not None:
            with contextlib.suppress(*BUS_ERRORS):
                self.device.cleanup()


class PagedOled(Panel):
    """A mono SSD1306 or SH1106 panel that sends only the changed window of each page."""

    def __init__(
        self, factory: Callable[[], Any], kind: str, size: tuple[int, int], name: str = "display"
    ) -> None:
        if kind not in ("ssd1306", "sh1106"):
            raise ValueError(f"PagedOled drives ssd1306 or sh1106, not {kind}")
        super().__init__(factory, size, name)
        self.kind = kind

    def show(self, image: Image.Image) -> bool:
        """Send ``image``'s changes. False when the panel could not be reached."""
        try:
            device = self._ensure()
            pages = to_pages(device.preprocess(image.convert("1")))
            last = self._last
            for p, page in enumerate(pages):
                if last is not None and last[p] == page:
                    continue
                if last is None:
                    lo, hi = 0, len(page) - 1
                else:
                    diff = [i for i in range(len(page)) if page[i] != last[p][i]]
                    lo, hi = diff[0], diff[-1]
                self._window(device, p, lo, hi)
                device.data(list(page[lo : hi + 1]))
            self._last = pages
            return self._answered()
        except BUS_ERRORS as exc:
            self._lost(exc)
            return False

    def _window(self, device, page: int, lo: int, hi: int) -> None:
        if self.kind == "ssd1306":
            device.command(0x21, lo, hi, 0x22, page, page)
        else:
            col = lo + device._page_address_offset
            device.command(0xB0 | page, col & 0x0F, 0x10 | (col >> 4))


class ColourOled(Panel):
    """The SSD1351 colour panel on luma.oled.

    Unlike the mono drivers, luma's colour devices already send only what changed
    (``diff_to_previous``: the changed box of each quarter of the frame), so this
    keeps luma's upload and adds what the mono adapter has: an unchanged frame
    sends nothing, and a failed write re-initialises the panel on the next frame.
    """

    kind = "ssd1351"

    def show(self, image: Image.Image) -> bool:
        try:
            device = self._ensure()
            image = image.convert("RGB")
            if self._last is not None and image.tobytes() == self._last.tobytes():
                return self._answered()
            device.display(image)
            self._last = image
            return self._answered()
        except BUS_ERRORS as exc:
            self._lost(exc)
            return False
