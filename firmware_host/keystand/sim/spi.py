"""A spidev- and RPi.GPIO-compatible pair that records what would go over SPI wires.

luma.core's ``spi`` interface takes any ``spi`` object with ``open``,
``writebytes`` and ``close`` and any ``gpio`` object shaped like RPi.GPIO for the
data/command (DC) and reset lines. Given these two, luma's real device classes
run unchanged and every write lands here with the DC level it was sent at:
low for command bytes, high for data (display RAM or, on the SSD1351, command
parameters).
"""

from __future__ import annotations

import errno
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class SpiWrite:
    dc: bool  # the DC line: False command, True data
    payload: bytes

    @property
    def control(self) -> int:
        """The I2C control byte the same bytes would carry (0x00 commands, 0x40 data),
        so one controller decoder reads both buses."""
        return 0x40 if self.dc else 0x00

    @property
    def wire_bytes(self) -> int:
        return len(self.payload)  # SPI clocks the payload alone: no address, no control


class RecordingGpio:
    """The RPi.GPIO calls luma makes, remembering each output's level."""

    BCM, OUT, IN, LOW, HIGH = 11, 0, 1, 0, 1

    def __init__(self) -> None:
        self.levels: dict[int, int] = {}

    def setmode(self, mode: int) -> None:
        pass

    def setwarnings(self, flag: bool) -> None:
        pass

    def setup(self, pin: int, direction: int, **_kwargs) -> None:
        self.levels.setdefault(pin, self.LOW)

    def output(self, pin: int, level: int) -> None:
        self.levels[pin] = level

    def cleanup(self, *_pins) -> None:
        pass


@dataclass
class RecordingSpi:
    gpio: RecordingGpio
    dc_pin: int
    writes: list[SpiWrite] = field(default_factory=list)
    fail_writes: int = 0  # the next N writes raise OSError(EIO), like a loose cable
    listeners: list = field(default_factory=list)
    mode: int = 0
    max_speed_hz: int = 0

    def open(self, port: int, device: int) -> None:
        self.port, self.device = port, device

    def writebytes(self, data) -> None:
        if self.fail_writes:
            self.fail_writes -= 1
            raise OSError(errno.EIO, "Remote I/O error (simulated loose cable)")
        w = SpiWrite(bool(self.gpio.levels.get(self.dc_pin, 0)), bytes(data))
        self.writes.append(w)
        for listener in self.listeners:
            listener(w)

    writebytes2 = writebytes

    def close(self) -> None:
        pass

    def take(self) -> list[SpiWrite]:
        out, self.writes = self.writes, []
        return out
