"""An MPR121 at the register level, for ``--simulate`` and the tests.

The model answers the reads and writes of ``hal/mpr121.py`` (or any driver) the
way the datasheet describes the chip: a soft reset restores the reset values
(0x5C = 0x10, 0x5D = 0x24, the rest 0); configuration registers take writes only
in stop mode; leaving stop mode with auto-configuration on picks each enabled
electrode's charge current and time so its reading lands between the lower and
upper limits nearest the target, or flags it out of range; baselines are loaded
from the first reading (ECR's CL bits) and then tracked by the rising, falling
and touched filters (max half delta, noise half delta, noise count, delay);
touch and release are counted against each electrode's thresholds with the
debounce; a status change pulls IRQ low until the status is read.

What each electrode measures comes from outside, as the physical world's input:
``capacitance(electrode)`` in pF (``math.inf`` for a lead shorted to ground).
The reading is ``V = I T / C`` against VDD in 10 bits, as the chip charges the
electrode with current ``I`` for time ``T``. The chip advances one sample period
per ``tick()`` (the frame, sim/card_frame.py, ticks it on its clock).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..hal import mpr121 as reg

ADC_MAX = 1023
SAMPLE_MS = (1, 2, 4, 8, 16, 32, 64, 128)  # ESI
# Registers the chip takes writes to in run mode too (ECR and the GPIO block).
RUN_WRITABLE = {reg.ECR, *range(0x73, 0x7B), reg.SOFT_RESET}


def reading(pf: float, current_ua: int, time_code: int) -> int:
    """The 10-bit reading of ``pf`` charged with ``current_ua`` for time code
    ``time_code`` (the inverse of ``hal.mpr121.capacitance_pf``)."""
    if current_ua <= 0 or time_code <= 0 or math.isinf(pf):
        return 0
    volts = current_ua * 0.5 * 2 ** (time_code - 1) / pf
    return max(0, min(ADC_MAX, round(volts / reg.VDD * 1024)))


class SimulatedMpr121:
    """One chip: 128 registers and 12 electrodes' filters."""

    def __init__(self, address: int, capacitance: Callable[[int], float]) -> None:
        self.address = address
        self.capacitance = capacitance
        self.reset()

    def reset(self) -> None:
        self.regs = [0] * 0x81
        self.regs[reg.AFE1] = 0x10
        self.regs[reg.AFE2] = 0x24
        self.data = [0] * reg.ELECTRODES
        self.base = [0] * reg.ELECTRODES  # 10-bit baselines
        self._count = [0] * reg.ELECTRODES  # baseline filter's noise count
        self._delay = [0] * reg.ELECTRODES
        self._debounce = [0] * reg.ELECTRODES
        self.touched = 0
        self.irq = False  # the chip pulls its IRQ output low

    # ------------------------------------------------------------ the bus

    def read(self, register: int, count: int) -> list[int]:
        out = []
        for r in range(register, register + count):
            out.append(self._register(r))
            if r in (reg.TOUCH_STATUS, reg.TOUCH_STATUS + 1):
                self.irq = False  # reading the status clears the interrupt
        return out

    def _register(self, r: int) -> int:
        if r == reg.TOUCH_STATUS:
            return self.touched & 0xFF
        if r == reg.TOUCH_STATUS + 1:
            return self.touched >> 8 & 0x0F
        if reg.FILTERED <= r < reg.FILTERED + 2 * reg.ELECTRODES:
            e, high = divmod(r - reg.FILTERED, 2)
            return self.data[e] >> 8 if high else self.data[e] & 0xFF
        if reg.BASELINE <= r < reg.BASELINE + reg.ELECTRODES:
            return self.base[r - reg.BASELINE] >> 2
        return self.regs[r] if r < len(self.regs) else 0

    def write(self, register: int, values: list[int]) -> None:
        for r, value in enumerate(values, register):
            if r == reg.SOFT_RESET:
                if value == reg.RESET_WORD:
                    self.reset()
                continue
            if r >= len(self.regs) or r < reg.BASELINE_FILTER:
                continue  # status, data and baselines are read-only here
            if self.enabled and r not in RUN_WRITABLE:
                continue  # the datasheet: configuration only in stop mode
            if r == reg.ECR:
                self._ecr(value)
            else:
                self.regs[r] = value

    # ------------------------------------------------------------ state

    @property
    def enabled(self) -> int:
        """Electrodes in run mode (0: stop mode)."""
        count = self.regs[reg.ECR] & 0x0F
        return min(count, reg.ELECTRODES)

    @property
    def sample_interval(self) -> float:
        return SAMPLE_MS[self.regs[reg.AFE2] & 0x07] / 1000

    def _charge(self, e: int) -> tuple[int, int]:
        current = self.regs[reg.CHARGE_CURRENT + e] or self.regs[reg.AFE1] & 0x3F
        code = self.regs[reg.CHARGE_TIME + e // 2] >> (4 * (e % 2)) & 0x07
        return current, code or self.regs[reg.AFE2] >> 5

    def _measure(self, e: int) -> int:
        return reading(self.capacitance(e), *self._charge(e))

    def _ecr(self, value: int) -> None:
        was = self.enabled
        self.regs[reg.ECR] = value
        if was or not self.enabled:
            return
        # Stop mode to run mode: auto-configure, then load the baselines (CL bits).
        if self.regs[reg.AUTOCONFIG] & 0x01:
            self._autoconfigure()
        load = value >> 6
        for e in range(self.enabled):
            self.data[e] = self._measure(e)
            if load == 0b10:
                self.base[e] = self.data[e] & 0x3E0  # the 5 high bits
            elif load == 0b11:
                self.base[e] = self.data[e]
            self._count[e] = self._delay[e] = self._debounce[e] = 0
        self.touched = 0

    def _autoconfigure(self) -> None:
        usl, lsl, target = (self.regs[reg.AUTOCONFIG + k] << 2 for k in (2, 3, 4))
        failed = 0
        for e in range(self.enabled):
            pf = self.capacitance(e)
            best: tuple[int, int, int] | None = None  # distance, current, time
            for code in range(1, 8):
                for current in range(1, 64):
                    value = reading(pf, current, code)
                    if lsl <= value <= usl:
                        candidate = (abs(value - target), current, code)
                        if best is None or candidate < best:
                            best = candidate
            if best is None:
                failed |= 1 << e
                current, code = 0, 0
            else:
                _, current, code = best
            self.regs[reg.CHARGE_CURRENT + e] = current
            shift = 4 * (e % 2)
            byte = reg.CHARGE_TIME + e // 2
            self.regs[byte] = self.regs[byte] & ~(0x07 << shift) | code << shift
        self.regs[reg.OOR_STATUS] = failed & 0xFF
        self.regs[reg.OOR_STATUS + 1] = failed >> 8 & 0x0F | (0x80 if failed else 0)

    def tick(self) -> None:
        """One sample period in run mode: measure, track baselines, count touches."""
        enabled = self.enabled
        if not enabled:
            return
        f = self.regs[reg.BASELINE_FILTER : reg.BASELINE_FILTER + 11]
        debounce = self.regs[reg.DEBOUNCE]
        touch_runs, release_runs = (debounce & 0x07) + 1, (debounce >> 4 & 0x07) + 1
        before = self.touched
        for e in range(enabled):
            data = self.data[e] = self._measure(e)
            on = bool(self.touched >> e & 1)
            if on:
                self._track(e, data, 0, f[8], f[9], f[10])  # touched: NHDT, NCLT, FDLT
            elif data > self.base[e]:
                self._track(e, data, f[0], f[1], f[2], f[3])  # rising
            else:
                self._track(e, data, f[4], f[5], f[6], f[7])  # falling
            delta = self.base[e] - data
            touch, release = (self.regs[reg.THRESHOLDS + 2 * e + k] for k in (0, 1))
            crossing = delta < release if on else delta > touch
            self._debounce[e] = self._debounce[e] + 1 if crossing else 0
            if self._debounce[e] >= (release_runs if on else touch_runs):
                self.touched ^= 1 << e
                self._debounce[e] = 0
        if self.touched != before:
            self.irq = True

    def _track(self, e: int, data: int, mhd: int, nhd: int, ncl: int, fdl: int) -> None:
        """The baseline filter (AN3891): changes within twice the max half delta pass
        through; a larger difference moves the baseline by the noise half delta once
        it has lasted past the noise count, at most once per delay count + 1 samples.
        A noise half delta of 0 holds the baseline (the touched filter, as set)."""
        if nhd == 0:
            return
        self._delay[e] += 1
        if self._delay[e] <= fdl:
            return
        self._delay[e] = 0
        diff = data - self.base[e]
        if abs(diff) <= 2 * mhd:
            self.base[e] = data
            self._count[e] = 0
            return
        self._count[e] += 1
        if self._count[e] > ncl:
            self._count[e] = 0
            step = min(abs(diff), 2 * nhd)
            self.base[e] = max(0, min(ADC_MAX, self.base[e] + (step if diff > 0 else -step)))
