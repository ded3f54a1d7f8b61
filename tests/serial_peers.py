"""Real pty pairs standing in for the printer and scanner at the far end of the wire."""

from __future__ import annotations

import contextlib
import os
import time
import tty
from pathlib import Path

from helpers import wait_for
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


def wait_opened(pid: int, path: str, limit: float = 30) -> None:
    """Wait until process ``pid`` holds ``path`` open. pyserial empties the port's
    input as it opens it, so bytes sent any earlier are lost; a fixed pause was
    too short on a loaded machine."""
    target = os.path.realpath(path)
    assert wait_for(lambda: _holds(pid, target), limit), f"process {pid} never opened {path}"
    time.sleep(0.2)  # past the flush that follows the open


def _holds(pid: int, target: str) -> bool:
    """Whether one of the process's open files is ``target``."""
    fds = Path(f"/proc/{pid}/fd")
    with contextlib.suppress(OSError):  # fds come and go while we look
        return any(os.path.realpath(fd) == target for fd in fds.iterdir())
    return False


class FakeScanner(PtyPeer):
    def send(self, data: bytes) -> None:
        os.write(self.master, data)
