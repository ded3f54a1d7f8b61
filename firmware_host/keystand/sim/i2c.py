"""smbus-compatible buses for the simulator: one that records what would go over
the I2C wires, one with simulated chips on it.

luma.oled's ``i2c`` interface accepts any object with ``write_i2c_block_data``;
given a ``RecordingBus``, the real luma device classes run unchanged and every
transaction lands here (address, control byte, payload) instead of on a wire.
The touch pads' reader (hal/mpr121.py) takes an ``smbus2.SMBus`` on the Pi and a
``DeviceBus`` here, whose MPR121 models (sim/mpr121.py) answer its registers.
"""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Transaction:
    address: int
    control: int  # 0x00: commands follow, 0x40: display data follows
    payload: bytes

    @property
    def wire_bytes(self) -> int:
        """Bytes clocked on the bus: address byte, control byte, payload."""
        return 2 + len(self.payload)


@dataclass
class RecordingBus:
    transactions: list[Transaction] = field(default_factory=list)
    fail_writes: int = 0  # the next N writes raise OSError(EIO), like a loose cable
    listeners: list = field(default_factory=list)

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        if self.fail_writes:
            self.fail_writes -= 1
            raise OSError(errno.EIO, "Remote I/O error (simulated loose cable)")
        t = Transaction(address, register, bytes(data))
        self.transactions.append(t)
        for listener in self.listeners:
            listener(t)

    def close(self) -> None:
        pass

    def take(self) -> list[Transaction]:
        """The transactions since the last call."""
        out, self.transactions = self.transactions, []
        return out

    @staticmethod
    def count(transactions: list[Transaction]) -> int:
        return sum(t.wire_bytes for t in transactions)


class DeviceBus:
    """An smbus2-shaped I2C bus with simulated chips on it, by address.

    Each device answers ``read(register, count)`` and ``write(register, values)``
    with register auto-increment, as most I2C sensors do; an address with no device
    fails as the kernel reports a missing acknowledge (``OSError`` EREMOTEIO, "Remote
    I/O error"). ``fail`` makes every transfer fail that way (a loose cable).
    ``before`` runs ahead of each transfer, under ``lock`` (the chips' owner brings
    them up to the present there)."""

    def __init__(self) -> None:
        self.devices: dict[int, Any] = {}
        self.fail = False
        self.transfers = 0  # transactions on the wire (benchmarks count them)
        self.lock = threading.RLock()
        self.before: Callable[[], None] | None = None

    def _transfer(self, address: int, act: Callable[[Any], Any]) -> Any:
        with self.lock:
            device = self.devices.get(address)
            if device is None or self.fail:
                raise OSError(errno.EREMOTEIO, "Remote I/O error")
            if self.before is not None:
                self.before()
            self.transfers += 1
            return act(device)

    def read_i2c_block_data(self, address: int, register: int, length: int) -> list[int]:
        if not 0 < length <= 32:
            raise ValueError("an SMBus block read is 1 to 32 bytes")
        return list(self._transfer(address, lambda d: d.read(register, length)))

    def read_byte_data(self, address: int, register: int) -> int:
        return self._transfer(address, lambda d: d.read(register, 1)[0])

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        if not 0 < len(data) <= 32:
            raise ValueError("an SMBus block write is 1 to 32 bytes")
        self._transfer(address, lambda d: d.write(register, [v & 0xFF for v in data]))

    def write_byte_data(self, address: int, register: int, value: int) -> None:
        self._transfer(address, lambda d: d.write(register, [value & 0xFF]))

    def close(self) -> None:
        pass
