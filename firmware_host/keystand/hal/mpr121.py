"""One NXP MPR121 capacitive touch controller on I2C, through smbus2, by its datasheet.

Why smbus2 and not Adafruit's driver is measured in docs/hardware.md ("Reading
the pads"): smbus2 is already installed with luma.core, and a block read takes
a controller's status, filtered data and baselines in two transactions where the
vendor's per-electrode properties take 25.

The register map and the start-up order follow the MPR121 datasheet (Rev. 4) and
its application notes AN3889 (auto-configuration) and AN3891 (baseline system):
configuration registers may only be written in stop mode (ECR = 0); the
controller then runs with per-electrode touch and release thresholds, its own
baseline tracking (which follows the room's slow drift), and auto-configuration,
which picks each electrode's charge current and time so that its reading sits
near a target. Those two settings, read back, give each pad's capacitance, which
is how a dead pad is told from a live one (``capacitance_pf``).

``bus`` is anything shaped like ``smbus2.SMBus``: on the Pi, ``SMBus(1)``; in the
simulator, ``sim.i2c.DeviceBus`` with ``sim.mpr121.SimulatedMpr121`` chips on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ELECTRODES = 12
# Registers (datasheet table 2).
TOUCH_STATUS = 0x00  # 2 bytes: electrodes 0-11; reading them clears the IRQ
OOR_STATUS = 0x02  # 2 bytes: out of range; 0x03 bit 7 auto-config failed
FILTERED = 0x04  # 2 bytes per electrode, 10 bits, low byte first
BASELINE = 0x1E  # 1 byte per electrode: the 8 high bits of the 10-bit baseline
BASELINE_FILTER = 0x2B  # MHDR NHDR NCLR FDLR MHDF NHDF NCLF FDLF NHDT NCLT FDLT
THRESHOLDS = 0x41  # touch, release for each electrode
DEBOUNCE = 0x5B
AFE1 = 0x5C  # first filter iterations, global charge current
AFE2 = 0x5D  # charge time, second filter iterations, sample interval
ECR = 0x5E  # electrode configuration: run or stop, baseline loading
CHARGE_CURRENT = 0x5F  # per electrode, 0: the global one (auto-config writes these)
CHARGE_TIME = 0x6C  # per electrode, 4 bits each, two to a byte
AUTOCONFIG = 0x7B  # control 0, control 1, USL, LSL, TL
SOFT_RESET = 0x80
RESET_WORD = 0x63
AFE2_AFTER_RESET = 0x24  # what only an MPR121 just reset answers here
BLOCK = 32  # smbus block reads carry at most 32 bytes

# The baseline system (AN3891): while nothing touches, the baseline follows a
# falling reading (a card or the room's humidity adding capacitance) one count per
# 16 samples (about 4 counts a second at 16 ms) and a rising one one count per 8
# samples; while a pad is touched it does not move. The room drifts far slower
# than either; a card laid on a pad (about 15 counts) takes seconds to absorb,
# which the filter's settle check sees long before (hal/card_pads.py).
FILTER_SETTINGS = (
    1, 1, 2, 0,  # rising: max half delta, noise half delta, noise count, delay
    1, 1, 4, 0,  # falling
    0, 0, 0,  # touched: frozen
)  # fmt: skip
DEBOUNCE_SETTING = 0x11  # two samples in a row to touch, two to release
AFE1_SETTING = 0x10  # 6 first-filter samples, 16 uA (auto-config replaces the current)
AFE2_SETTING = 0x24  # 0.5 us, 4 second-filter samples, a sample every 16 ms
SAMPLE_INTERVAL = 0.016
# Auto-configuration's limits for a 3.3 V supply (AN3889): upper (VDD - 0.7) / VDD,
# target 90 % of it, lower 65 %, as 8-bit values of the 10-bit reading.
VDD = 3.3
USL = round(256 * (VDD - 0.7) / VDD)
TARGET = round(USL * 0.9)
LSL = round(USL * 0.65)
AUTOCONFIG_SETTING = 0x0B  # baseline set by ECR, auto-reconfigure and auto-configure on
RUN = 0xC0  # ECR: baseline tracking on, loaded with all 10 bits of the first reading


class Mpr121Error(OSError):
    """The controller did not answer as an MPR121 does (the message says what it did)."""


@dataclass(frozen=True, slots=True)
class ChipReading:
    """One controller's electrodes, read together."""

    touched: int  # bit per electrode
    out_of_range: int  # bit per electrode
    filtered: tuple[int, ...]  # 10-bit readings
    baseline: tuple[int, ...]  # 10-bit (the register's 8 bits, shifted)


def capacitance_pf(current_ua: int, time_code: int, reading: int) -> float | None:
    """An electrode's capacitance from its charge current (uA), charge time code
    (1: 0.5 us, doubling to 7: 32 us) and 10-bit reading: the controller charges it
    with ``I`` for ``T`` and reads ``V = I T / C`` against VDD. None when the reading
    is 0 (a short) or the settings are unset (auto-configuration failed)."""
    if reading <= 0 or current_ua <= 0 or time_code <= 0:
        return None
    seconds_us = 0.5 * 2 ** (time_code - 1)
    volts = reading * VDD / 1024
    return current_ua * seconds_us / volts  # uA x us / V = pF


class Mpr121:
    """An MPR121 at ``address`` on ``bus``: configure once, then read in blocks."""

    def __init__(self, bus: Any, address: int) -> None:
        self.bus = bus
        self.address = address
        self.electrodes = 0

    def _write(self, register: int, values: Sequence[int]) -> None:
        self.bus.write_i2c_block_data(self.address, register, list(values))

    def _read(self, register: int, count: int) -> list[int]:
        out: list[int] = []
        while count > 0:
            n = min(count, BLOCK)
            out += self.bus.read_i2c_block_data(self.address, register, n)
            register, count = register + n, count - n
        return out

    def start(self, thresholds: Sequence[tuple[int, int]]) -> None:
        """Reset the controller and run electrodes ``0 .. len(thresholds) - 1`` with
        these (touch, release) thresholds. Raises :class:`Mpr121Error` (or the bus's
        OSError) when nothing, or something else, answers."""
        if not 0 < len(thresholds) <= ELECTRODES:
            raise ValueError(f"an MPR121 has 1 to {ELECTRODES} electrodes")
        self.bus.write_byte_data(self.address, SOFT_RESET, RESET_WORD)
        answer = self.bus.read_byte_data(self.address, AFE2)
        if answer != AFE2_AFTER_RESET:
            raise Mpr121Error(
                f"the device at {self.address:#04x} is not an MPR121 "
                f"(register 0x5D reads {answer:#04x} after a reset, not 0x24)"
            )
        self.electrodes = len(thresholds)
        pairs = [v for t in thresholds for v in t]
        self._write(THRESHOLDS, pairs)
        self._write(BASELINE_FILTER, FILTER_SETTINGS)
        self._write(DEBOUNCE, [DEBOUNCE_SETTING, AFE1_SETTING, AFE2_SETTING])
        self._write(AUTOCONFIG, [AUTOCONFIG_SETTING, 0x00, USL, LSL, TARGET])
        self.run()

    def run(self) -> None:
        """Into run mode: auto-configuration, then baselines from the first readings."""
        self.bus.write_byte_data(self.address, ECR, RUN | self.electrodes)

    def rebaseline(self) -> None:
        """Stop and run again: each baseline starts afresh from what the pad reads now
        (a pad stuck touched after the room changed fast)."""
        self.bus.write_byte_data(self.address, ECR, 0)
        self.run()

    def running(self) -> bool:
        """The controller is in run mode (False after a brown-out reset it)."""
        return self.bus.read_byte_data(self.address, ECR) & 0x0F == self.electrodes

    def read(self) -> ChipReading:
        """Status, out-of-range, filtered data and baselines: two block reads."""
        n = self.electrodes
        head = self._read(TOUCH_STATUS, 4 + 2 * n)
        base = self._read(BASELINE, n)
        filtered = tuple(head[4 + 2 * e] | (head[5 + 2 * e] & 0x03) << 8 for e in range(n))
        mask = (1 << n) - 1
        return ChipReading(
            touched=(head[0] | head[1] << 8) & mask,
            out_of_range=(head[2] | head[3] << 8) & mask,
            filtered=filtered,
            baseline=tuple(b << 2 for b in base),
        )

    def autoconfig_failed(self) -> bool:
        return bool(self.bus.read_byte_data(self.address, OOR_STATUS + 1) & 0x80)

    def charge(self) -> list[tuple[int, int]]:
        """Each electrode's (current uA, time code), as auto-configuration set them."""
        n = self.electrodes
        currents = self._read(CHARGE_CURRENT, n)
        times = self._read(CHARGE_TIME, (n + 1) // 2)
        codes = [times[e // 2] >> (4 * (e % 2)) & 0x07 for e in range(n)]
        return list(zip(currents, codes, strict=True))

    def stop(self) -> None:
        self.bus.write_byte_data(self.address, ECR, 0)
