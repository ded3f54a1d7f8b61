"""Real pty pairs standing in for the printer and scanner at the far end of the wire."""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty


class PtyPeer:
    """Opens a pty; the code under test opens ``path`` (the slave) with pyserial."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)

    def close(self) -> None:
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)


class FakePrinter(PtyPeer):
    """Records every byte; answers DLE EOT 4 with ``paper_status`` (or stays silent)."""

    def __init__(self, paper_status: int | None = 0x12) -> None:
        super().__init__()
        self.paper_status = paper_status
        self.received = bytearray()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            self.received += chunk
            if b"\x10\x04\x04" in chunk and self.paper_status is not None:
                os.write(self.master, bytes([self.paper_status]))

    def wait_idle(self, quiet: float = 0.3, limit: float = 10) -> bytes:
        end = time.monotonic() + limit
        size, since = -1, time.monotonic()
        while time.monotonic() < end:
            if len(self.received) != size:
                size, since = len(self.received), time.monotonic()
            elif time.monotonic() - since > quiet:
                break
            time.sleep(0.02)
        return bytes(self.received)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(1)
        super().close()


class FakeScanner(PtyPeer):
    def send(self, data: bytes) -> None:
        os.write(self.master, data)
