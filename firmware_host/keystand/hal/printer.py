"""The serial thermal printer: paced writes, status, and a queue that keeps jobs.

ESC/POS encoding comes from python-escpos (see keystand.printing.slip); this module
only moves bytes. Cheap 58 mm TTL printers have no flow control, so a job is sent
in chunks with ``tcdrain`` (pyserial ``flush``) after each and an optional pause,
which keeps their small receive buffer from overflowing while graphics print.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ..events import PrintResult
from ..printing.status import DLE_EOT_PAPER, PAPER_END

log = logging.getLogger(__name__)
BAUDS = (9600, 19200)


class PrinterError(RuntimeError):
    """The job did not print. ``reason`` is a short code the displays translate."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class PrinterConfig:
    port: str
    baud: int
    pause: float  # extra seconds after each chunk, for slow print heads
    status: bool  # the printer answers DLE EOT 4
    chunk: int = 256  # bytes per write before draining
    status_timeout: float = 0.5


class SerialPrinter:
    """Send ESC/POS jobs over a serial port, paced for printers without flow control."""

    def __init__(self, config: PrinterConfig, serial_factory=None) -> None:
        if config.baud not in BAUDS:
            raise ValueError(f"baud must be one of {BAUDS}, not {config.baud}")
        self.config = config
        self._factory = serial_factory

    def _open(self):
        import serial

        factory = self._factory or serial.serial_for_url
        try:
            return factory(self.config.port, baudrate=self.config.baud, timeout=0, write_timeout=10)
        except (serial.SerialException, OSError, ValueError) as exc:
            raise PrinterError(
                f"printer unplugged? cannot open {self.config.port}: {exc}", "unplugged"
            ) from None

    def check_status(self, port) -> None:
        port.reset_input_buffer()
        port.write(DLE_EOT_PAPER)
        port.flush()
        deadline = time.monotonic() + self.config.status_timeout
        while time.monotonic() < deadline:
            reply = port.read(1)
            if reply:
                if reply[0] & PAPER_END:
                    raise PrinterError("printer is out of paper", "paper_out")
                return
            time.sleep(0.01)
        raise PrinterError("printer does not answer (offline or switched off?)", "no_answer")

    def probe(self) -> str:
        """Open the port and, when the printer answers status queries, ask for the
        paper: what was found, in one line. Raises :class:`PrinterError`."""
        import serial

        port = self._open()
        try:
            if not self.config.status:
                return f"{self.config.port} opens (no status asked: [printer] status = false)"
            self.check_status(port)
            return f"{self.config.port} answers: paper present"
        except (serial.SerialException, OSError) as exc:
            raise PrinterError(f"printer connection lost: {exc}", "lost") from None
        finally:
            port.close()

    def send(self, data: bytes) -> float:
        """Send one job; returns the seconds it took. Raises :class:`PrinterError`."""
        import serial

        started = time.monotonic()
        port = self._open()
        try:
            if self.config.status:
                self.check_status(port)
            for i in range(0, len(data), self.config.chunk):
                port.write(data[i : i + self.config.chunk])
                port.flush()
                if self.config.pause:
                    time.sleep(self.config.pause)
        except serial.SerialTimeoutException:
            raise PrinterError(
                "printer stopped taking data (paper jam or offline?)", "jammed"
            ) from None
        except (serial.SerialException, OSError) as exc:
            raise PrinterError(f"printer connection lost: {exc}", "lost") from None
        finally:
            port.close()
        return time.monotonic() - started


class PrintQueue:
    """Jobs wait here until they print; a failed job stays first in line for a retry."""

    def __init__(self, printer: SerialPrinter) -> None:
        self.printer = printer
        self.pending: deque[bytes] = deque()
        self.last_error: str | None = None
        self.last_reason: str | None = None

    def submit(self, data: bytes) -> bool:
        self.pending.append(data)
        return self.retry()

    def retry(self) -> bool:
        """Print what is pending, in order. False (and the error kept) if one fails."""
        while self.pending:
            try:
                self.printer.send(self.pending[0])
            except PrinterError as exc:
                self.last_error, self.last_reason = str(exc), exc.reason
                return False
            self.pending.popleft()
        self.last_error = self.last_reason = None
        return True


class PrintWorker:
    """Prints queued jobs on a thread of its own, so a 9-second raster slip never
    blocks the loop; each job's result is posted as a :class:`PrintResult`. A job
    that failed stays queued and prints, first, with the next one."""

    def __init__(self, printer: SerialPrinter, post: Callable[[object], None]) -> None:
        self.queue = PrintQueue(printer)
        self._post = post
        self._jobs: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._work, name="printer", daemon=True).start()

    def submit(self, job: bytes) -> None:
        self._jobs.put(job)

    def probe(self) -> str:
        """The printer's port and paper, asked now (selftest, with no job queued)."""
        return self.queue.printer.probe()

    def _work(self) -> None:
        q = self.queue
        while True:
            ok = q.submit(self._jobs.get())
            self._post(PrintResult(ok, q.last_error, len(q.pending), q.last_reason))

    def close(self) -> None:
        """Nothing to release: the port is opened per job."""
