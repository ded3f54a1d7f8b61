"""A QR scanner at the far end of a real pty, for ``--simulate`` and the tests.

The daemon's ``SerialScanner`` opens the pty's slave end with pyserial exactly as
it opens ``/dev/ttyUSB0`` on the Pi; a scan is written into the master end the
way a GM65 sends it: the code's text, then CR LF.
"""

from __future__ import annotations

import contextlib
import os
import tty


class SimulatedScanner:
    """A GM65-type scanner on the master end of a pty; ``path`` is the port to open."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)

    def scan(self, text: str) -> None:
        self.send(text.encode("utf-8") + b"\r\n")

    def send(self, data: bytes) -> None:
        """Raw bytes on the line (the tests send garbage and floods this way)."""
        view = memoryview(data)
        while view:
            view = view[os.write(self.master, view) :]

    def close(self) -> None:
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)
