"""The analog time bank: a linear hall sensor per slot, read through MCP3008 ADCs.

Each token carries a magnet. With no token a sensor reads about mid-scale; one
pole pulls the reading down (checkmark side up), the other pushes it up
(bystander side up). So the bank knows both whether a slot holds a token and
which side is up.

A thread samples every channel and classifies each reading with hysteresis, so
ADC noise near a threshold cannot toggle a slot. A new class must then repeat
for ``confirm`` samples in a row before it is posted to the loop as a
``SlotEdge``: a token sliding past a sensor is not a take. The thread samples
at ``idle_hz`` while nothing moves and at ``poll_hz`` for a second after
anything did, which keeps an idle Pi (and an idle simulator) nearly asleep.
Readings at the rails cannot come from a hall sensor powered at 3.3 V: they
mean a broken or shorted wire and are reported as a fault.
"""

from __future__ import annotations

import contextlib
import logging
import math
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..config import ADC_MAX, RAIL
from ..events import SlotEdge, SlotState

if TYPE_CHECKING:
    from gpiozero.pins import Factory

log = logging.getLogger(__name__)

EMPTY, CHECKMARK, BYSTANDER, FAULT = (
    SlotState.EMPTY,
    SlotState.CHECKMARK,
    SlotState.BYSTANDER,
    SlotState.FAULT,
)
FAST_FOR = 1.0  # seconds of fast sampling after anything moved


@dataclass(frozen=True)
class Thresholds:
    """ADC counts that separate the classes; the defaults live in config.Bank."""

    present_below: int  # enter "checkmark up" below this
    flipped_above: int  # enter "bystander up" above this
    hysteresis: int  # leave a side only this far back past its threshold

    def classify(self, previous: SlotState, raw: int) -> SlotState:
        if raw < RAIL or raw > ADC_MAX - RAIL:
            return FAULT
        low_exit = self.present_below + self.hysteresis
        high_exit = self.flipped_above - self.hysteresis
        if raw < self.present_below or (previous == CHECKMARK and raw < low_exit):
            return CHECKMARK
        if raw > self.flipped_above or (previous == BYSTANDER and raw > high_exit):
            return BYSTANDER
        return EMPTY


class SlotSampler:
    """Hysteresis plus an n-in-a-row confirmation, per slot. Pure, for the thread."""

    def __init__(self, thresholds: Thresholds, confirm: int, initial: list[SlotState]) -> None:
        self.thresholds = thresholds
        self.confirm = confirm
        self.stable = list(initial)
        self._candidate = list(initial)
        self._count = [0] * len(initial)

    def sample(self, readings: list[int]) -> list[tuple[int, SlotState]]:
        """Slots whose confirmed class changed with these readings."""
        changes = []
        for slot, raw in enumerate(readings):
            now = self.thresholds.classify(self._candidate[slot], raw)
            if now == self.stable[slot]:
                self._candidate[slot], self._count[slot] = now, 0
                continue
            if now != self._candidate[slot]:
                self._candidate[slot], self._count[slot] = now, 0
            self._count[slot] += 1
            if self._count[slot] >= self.confirm:
                self.stable[slot] = now
                self._count[slot] = 0
                changes.append((slot, now))
        return changes

    def reset(self, states: list[SlotState]) -> None:
        """Take ``states`` as confirmed, with nothing waiting to be confirmed."""
        self.stable = list(states)
        self._candidate = list(states)
        self._count = [0] * len(states)

    @property
    def unsettled(self) -> bool:
        return any(c != s for c, s in zip(self._candidate, self.stable, strict=True))


def chip_input(channel: int, spi_device: int) -> tuple[int, int]:
    """A bank channel's chip select and input: 0-7 on ``spi_device``, 8-15 on the other."""
    return (spi_device if channel < 8 else 1 - spi_device), channel % 8


def confirm_samples(debounce_ms: int, poll_hz: int) -> int:
    """Samples in a row that span at least the debounce time (never fewer than 2)."""
    return max(2, math.ceil(debounce_ms / 1000 * poll_hz) + 1)


@contextlib.contextmanager
def _lent_pin_factory(factory: Factory | None) -> Iterator[None]:
    """gpiozero 2.0's software SPI bus builds a ``Device`` without the pin factory
    it was given, so gpiozero looks up a process-wide default; a simulated bus has
    none. Lend it ours while the devices are built, and put the default back."""
    from gpiozero import Device

    saved = Device.pin_factory
    if factory is not None and saved is None:
        Device.pin_factory = factory
    try:
        yield
    finally:
        Device.pin_factory = saved


class AnalogBank:
    """MCP3008 channels 0-7 on chip select ``spi_device``, 8-15 on the other one."""

    sided = True  # the magnet's pole tells which side is up

    def __init__(
        self,
        channels: tuple[int, ...],
        thresholds: Thresholds,
        post: Callable[[object], None],
        clock: Callable[[], float],
        *,
        spi_port: int,
        spi_device: int,
        poll_hz: int,
        idle_hz: int,
        debounce_ms: int,
        pin_factory: Factory | None = None,
    ) -> None:
        from gpiozero import MCP3008

        self.adcs = []
        with _lent_pin_factory(pin_factory):
            for c in channels:
                device, channel = chip_input(c, spi_device)
                self.adcs.append(
                    MCP3008(channel=channel, port=spi_port, device=device, pin_factory=pin_factory)
                )
        self._post, self._clock = post, clock
        self.poll_hz, self.idle_hz = poll_hz, idle_hz
        self.sampler = SlotSampler(
            thresholds, confirm_samples(debounce_ms, poll_hz), [EMPTY] * len(channels)
        )
        self.samples = 0
        self._lock = threading.Lock()  # the loop may reset the sampler (simulated fill)
        self.restart()  # the first reading is the table's starting point
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bank-adc", daemon=True)
        self._thread.start()

    def read(self) -> list[int]:
        return [adc.raw_value for adc in self.adcs]

    def readings(self) -> list[int]:
        """What each slot's ADC channel reads now, in counts (0-1023). A read of its
        own, beside the sampler's: gpiozero's SPI bus takes a lock per transfer."""
        return self.read()

    @property
    def slots(self) -> int:
        return len(self.adcs)

    def levels(self) -> list[SlotState]:
        """Each slot's confirmed class."""
        with self._lock:
            return list(self.sampler.stable)

    def restart(self) -> None:
        """Take what the sensors read now as the starting point (a new simulated table)."""
        first = [self.sampler.thresholds.classify(EMPTY, r) for r in self.read()]
        with self._lock:
            self.sampler.reset(first)

    def _run(self) -> None:
        fast_until = 0.0
        while not self._stop.is_set():
            try:
                readings = self.read()
            except Exception as exc:  # the loop must hear of it, not a dead thread
                log.warning("bank ADC read failed: %s", exc)
                self._stop.wait(1.0)
                continue
            self.samples += 1
            now = self._clock()
            with self._lock:
                changes = self.sampler.sample(readings)
            for slot, state in changes:
                self._post(SlotEdge(slot, state, now))
            if self.sampler.unsettled:
                fast_until = now + FAST_FOR
            hz = self.poll_hz if now < fast_until else self.idle_hz
            self._stop.wait(1 / hz)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=1.0)
        for adc in self.adcs:
            adc.close()
