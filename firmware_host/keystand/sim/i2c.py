"""An smbus-compatible bus that records what would go over the I2C wires.

luma.oled's ``i2c`` interface accepts any object with ``write_i2c_block_data``;
given this one, the real luma device classes run unchanged and every
transaction lands here (address, control byte, payload) instead of on a wire.
"""

from __future__ import annotations

import errno
from dataclasses import dataclass, field


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
