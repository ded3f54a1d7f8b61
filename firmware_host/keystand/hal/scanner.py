"""GM65-type serial QR scanners: frame the byte stream into scans.

A scan ends with CR, LF or CRLF, or, for scanners set to send no terminator, an
idle gap. The framer is pure (bytes and times in, ``ScanText``/``ScanRefused``
events out, ready for the daemon's queue) so it can be fuzzed; ``SerialScanner``
feeds it from pyserial.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator

from ..events import ScanRefused, ScanText

log = logging.getLogger(__name__)

MAX_SCAN = 256  # longer than any code we print; anything past this is garbage
IDLE_GAP = 0.1  # seconds of silence that end an unterminated scan


class ScanFramer:
    """Bytes and their arrival times in, finished scans out."""

    def __init__(self, max_len: int = MAX_SCAN, idle_gap: float = IDLE_GAP) -> None:
        self.max_len = max_len
        self.idle_gap = idle_gap
        self._buf = bytearray()
        self._overlong = False
        self._last = 0.0
        self._after_cr = False

    def feed(self, data: bytes, now: float) -> list[ScanText | ScanRefused]:
        out: list[ScanText | ScanRefused] = []
        out += self.tick(now)
        for b in data:
            if b == 0x0A and self._after_cr:  # the LF of a CRLF
                self._after_cr = False
                continue
            self._after_cr = b == 0x0D
            if b in (0x0D, 0x0A):
                out += self._finish()
                continue
            if len(self._buf) >= self.max_len:
                self._overlong = True
            else:
                self._buf.append(b)
        if data:
            self._last = now
        return out

    @property
    def partial(self) -> bool:
        """Bytes of an unterminated scan are waiting for the idle gap."""
        return bool(self._buf) or self._overlong

    def tick(self, now: float) -> list[ScanText | ScanRefused]:
        """End an unterminated scan once the line has been idle long enough."""
        if (self._buf or self._overlong) and now - self._last >= self.idle_gap:
            self._after_cr = False
            return self._finish()
        return []

    def _finish(self) -> list[ScanText | ScanRefused]:
        raw, overlong = bytes(self._buf), self._overlong
        self._buf.clear()
        self._overlong = False
        if overlong:
            return [ScanRefused(f"scan longer than {self.max_len} bytes ignored", "too_long")]
        if not raw.strip():
            return []
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return [ScanRefused("scan is not text (not UTF-8) and was ignored", "not_text")]
        if not text.isprintable():
            return [ScanRefused("scan holds control characters and was ignored", "not_text")]
        return [ScanText(text.strip())]


class SerialScanner:
    """Read scans from a serial port (9600 8N1 by default)."""

    def __init__(
        self, port: str, baud: int = 9600, framer: ScanFramer | None = None, serial_factory=None
    ) -> None:
        import serial

        factory = serial_factory or serial.serial_for_url
        self.framer = framer or ScanFramer()
        self.port = factory(
            port,
            baudrate=baud,
            bytesize=8,
            parity="N",
            stopbits=1,
            timeout=self.framer.idle_gap / 2,
        )

    def results(self, until: float | None = None) -> Iterator[ScanText | ScanRefused]:
        """Yield scans as they arrive, until the monotonic time ``until`` (or forever)."""
        gap = self.framer.idle_gap / 2
        while until is None or time.monotonic() < until:
            # Block while the line is quiet (an idle daemon sleeps); wake every half
            # gap only while a partial scan waits to be ended by silence.
            wait = gap if until is not None or self.framer.partial else None
            if self.port.timeout != wait:
                self.port.timeout = wait
            # One byte (blocking when quiet), then whatever else has arrived.
            data = self.port.read(1)
            if data and self.port.in_waiting:
                data += self.port.read(min(self.port.in_waiting, 256))
            yield from self.framer.feed(data, time.monotonic())

    def close(self) -> None:
        self.port.close()


class ScannerReader:
    """Reads scans on a thread of its own and posts each as an event."""

    def __init__(self, scanner: SerialScanner, post: Callable[[object], None]) -> None:
        self.scanner = scanner
        self._post = post
        self._closing = False
        threading.Thread(target=self._read, name="scanner", daemon=True).start()

    @property
    def name(self) -> str:
        """The serial port it reads (pyserial's name for it)."""
        return str(self.scanner.port.name)

    def _read(self) -> None:
        try:
            for result in self.scanner.results():
                self._post(result)
        except Exception as exc:  # an unplugged USB adapter: say so once, not a traceback
            if not self._closing:
                log.warning("scanner stopped: %s", exc)

    def close(self) -> None:
        self._closing = True
        self.scanner.close()
