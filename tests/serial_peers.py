"""Real pty pairs standing in for the printer and scanner at the far end of the wire."""

from __future__ import annotations

import contextlib
import os
import time
import tty

from keystand.sim.printer import SimulatedPrinter


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


class FakePrinter(SimulatedPrinter):
    """The simulator's printer, which answers DLE EOT 4 with ``paper_status``."""

    def wait_idle(self, quiet: float = 0.3, limit: float = 10) -> bytes:
        """Everything received, once nothing new has come for ``quiet`` seconds."""
        end = time.monotonic() + limit
        size, since = -1, time.monotonic()
        while time.monotonic() < end:
            if len(self.received) != size:
                size, since = len(self.received), time.monotonic()
            elif time.monotonic() - since > quiet:
                break
            time.sleep(0.02)
        return bytes(self.received)


class FakeScanner(PtyPeer):
    def send(self, data: bytes) -> None:
        os.write(self.master, data)
