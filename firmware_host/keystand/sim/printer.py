"""A thermal printer at the far end of a real pty, for ``--simulate`` and the tests.

The daemon's ``SerialPrinter`` opens the pty's slave end with pyserial exactly as
it opens ``/dev/serial0`` on the Pi; this peer reads the master end, answers the
paper-status query (DLE EOT 4) and, once the line has been quiet for a moment,
decodes the job's ESC/POS bytes into the slip the paper would show.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..printing.status import DLE_EOT_PAPER, PAPER_OK

if TYPE_CHECKING:
    from .escpos_paper import Paper

QUIET = 0.3  # seconds of silence that end a job


class SimulatedPrinter:
    """A 58 mm printer on the master end of a pty; ``path`` is the port to open."""

    def __init__(self, paper_status: int | None = PAPER_OK) -> None:
        self.master, self.slave = os.openpty()
        self._wake_r, self._wake_w = os.pipe()  # close() wakes the reader at once
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.paper_status = paper_status  # None: the printer does not answer
        self.received = bytearray()  # everything, for tests
        self.slips: list[Paper] = []  # decoded slips, oldest first
        self.slip_listeners: list[Callable[[Paper], None]] = []
        self._job = bytearray()
        self._last = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sim-printer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            # Sleep until bytes arrive; wake early only to end a job by silence.
            wait = QUIET if self._job else None
            try:
                ready, _, _ = select.select([self.master, self._wake_r], [], [], wait)
            except (OSError, ValueError):
                return
            if self._wake_r in ready:
                return
            if not ready:
                if self._job and time.monotonic() - self._last >= QUIET:
                    self._finish()
                continue
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            self.received += chunk
            self._last = time.monotonic()
            if DLE_EOT_PAPER in chunk and self.paper_status is not None:
                os.write(self.master, bytes([self.paper_status]))
                chunk = chunk.replace(DLE_EOT_PAPER, b"")
            self._job += chunk

    def _finish(self) -> None:
        from .escpos_paper import EscposDecodeError, decode

        data, self._job = bytes(self._job), bytearray()
        try:
            paper = decode(data)
        except EscposDecodeError:
            return  # not a slip (a stray status query, say): nothing comes out
        self.slips.append(paper)
        for listener in self.slip_listeners:
            listener(paper)

    def close(self) -> None:
        self._stop.set()
        os.write(self._wake_w, b"x")
        self._thread.join(2)
        for fd in (self.master, self.slave, self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)
