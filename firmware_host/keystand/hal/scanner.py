"""GM65-type serial QR scanners: frame the byte stream into scans.

A scan ends with CR, LF or CRLF, or, for scanners set to send no terminator, an
idle gap. The framer is pure (bytes and times in, ``ScanText``/``ScanRefused``
events out, ready for the daemon's queue) so it can be fuzzed; ``SerialScanner``
feeds it from pyserial.

A scanner can flood the line: set to continuous mode it repeats the code under it
many times a second, and a broken one can send anything. ``ScanGate`` (pure too)
decides what reaches the loop: the same code again within ``REPEAT_WINDOW`` is
the same scan; distinct codes closer than ``MIN_GAP`` are not a player's; and at
most ``BACKLOG`` scans wait for the loop, which is woken by one ``ScanWaiting``
event and takes them (``ScannerReader.take``). The loop's queue therefore never
holds more than one scanner event, however fast the line.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator

from ..events import ScanRefused, ScanText, ScanWaiting

log = logging.getLogger(__name__)

MAX_SCAN = 256  # longer than any code we print; anything past this is garbage
IDLE_GAP = 0.1  # seconds of silence that end an unterminated scan
REPEAT_WINDOW = 1.0  # the same result again within this many seconds is the same scan
MIN_GAP = 0.5  # seconds: distinct codes closer together than this are a flood
BACKLOG = 4  # scans waiting for the loop at most; more are dropped


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


class ScanGate:
    """Which scans reach the loop: repeats coalesced, codes spaced, backlog bounded.

    ``offer`` a result and its arrival time; True means the loop must be woken
    (the backlog was empty). ``take`` empties the backlog. ``dropped`` counts the
    scans of the current flood that were thrown away (repeats are not counted:
    a scanner in continuous mode is not a fault); a flood is logged once when it
    starts and once when the line has been calm for ``repeat_window``."""

    def __init__(
        self, repeat_window: float = REPEAT_WINDOW, min_gap: float = MIN_GAP, backlog: int = BACKLOG
    ) -> None:
        self.repeat_window = repeat_window
        self.min_gap = min_gap
        self.backlog = backlog
        self._pending: deque[ScanText | ScanRefused] = deque()
        self._last: object = None  # what the last result said
        self._last_at = float("-inf")  # when it (or a repeat of it) came
        self._last_code_at = float("-inf")  # when the last code went to the loop
        self.dropped = 0
        self._last_drop = float("-inf")

    def _drop(self, now: float) -> bool:
        if self.dropped == 0:
            log.warning("scanner: scans arrive faster than anyone scans; ignoring the extra")
        self.dropped += 1
        self._last_drop = now
        return False

    def offer(self, result: ScanText | ScanRefused, now: float) -> bool:
        if self.dropped and now - self._last_drop >= self.repeat_window:
            log.info("scanner: the flood is over; %d scans were ignored", self.dropped)
            self.dropped = 0
        said = result.text if isinstance(result, ScanText) else ("refused", result.reason)
        repeat = said == self._last and now - self._last_at < self.repeat_window
        self._last, self._last_at = said, now
        if repeat:
            return False
        if isinstance(result, ScanText) and now - self._last_code_at < self.min_gap:
            return self._drop(now)
        if len(self._pending) >= self.backlog:
            return self._drop(now)
        if isinstance(result, ScanText):
            self._last_code_at = now
        self._pending.append(result)
        return len(self._pending) == 1

    def take(self) -> list[ScanText | ScanRefused]:
        out = list(self._pending)
        self._pending.clear()
        return out


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
    """Reads scans on a thread of its own, through a ``ScanGate``; posts
    ``ScanWaiting`` when scans wait for the loop, which calls ``take``."""

    def __init__(
        self, scanner: SerialScanner, post: Callable[[object], None], gate: ScanGate | None = None
    ) -> None:
        self.scanner = scanner
        self._post = post
        self._closing = False
        self.gate = gate or ScanGate()
        self._lock = threading.Lock()
        threading.Thread(target=self._read, name="scanner", daemon=True).start()

    @property
    def name(self) -> str:
        """The serial port it reads (pyserial's name for it)."""
        return str(self.scanner.port.name)

    def _read(self) -> None:
        try:
            for result in self.scanner.results():
                self._offer(result, time.monotonic())
        except Exception as exc:  # an unplugged USB adapter: say so once, not a traceback
            if not self._closing:
                log.warning("scanner stopped: %s", exc)

    def _offer(self, result: ScanText | ScanRefused, now: float) -> None:
        with self._lock:
            wake = self.gate.offer(result, now)
        if wake:
            self._post(ScanWaiting())

    def take(self) -> list[ScanText | ScanRefused]:
        """The scans waiting for the loop, oldest first."""
        with self._lock:
            return self.gate.take()

    def close(self) -> None:
        self._closing = True
        self.scanner.close()
