"""Real pty pairs standing in for the printer and scanner at the far end of the wire."""

from __future__ import annotations

import contextlib
import os
import tty

from keystand.hal.sim_printer import SimulatedPrinter


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


class FakeScanner(PtyPeer):
    def send(self, data: bytes) -> None:
        os.write(self.master, data)
