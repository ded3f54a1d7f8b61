"""``keystand calibrate`` for the card pads: each pad's thresholds from its own readings.

The maker leaves the 25 word cards in their pockets with nothing else on the
frame, then holds a fingertip on each card in turn (a1 first, in seat A's
reading order), pressing Enter at each step while the finger stays. Every step
takes several readings of every pad. For each pad the untouched readings give
its noise and the touched ones how far a fingertip moves it; its touch threshold
sits halfway between, its release threshold halfway between that and the noise,
so a fingertip clears the touch threshold by as much as the pad's noise stays
under the release. Those 50 numbers go into the config's own ``[touch]`` table
(``touch_thresholds``, ``release_thresholds``, a1 first), edited in place as the
bank's are. docs/hardware.md ("Calibrating the pads") has the figures.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .calibrate import SAMPLE_GAP, SAMPLES, CalibrationError, Spread, prompter, write_keys
from .rules.layout import cell_name

if TYPE_CHECKING:
    from .config import DeviceConfig
    from .hardware import Backend
    from .ports import CardPads

# The baseline register keeps 8 of the reading's 10 bits: an untouched pad reads up
# to this many counts below its baseline's true value.
QUANTUM = 4
MIN_GAP = 12  # counts between an untouched pad and a fingertip: room for both thresholds
MAX_THRESHOLD = 255  # the controller's threshold registers are one byte


@dataclass(frozen=True, slots=True)
class PadCalibration:
    """Each pad's thresholds, cell a1 first, and the least room they leave."""

    touch: tuple[int, ...]
    release: tuple[int, ...]
    margin: int  # counts between a threshold and the readings it separates, at least

    def values(self) -> dict[str, list[int]]:
        return {"touch_thresholds": list(self.touch), "release_thresholds": list(self.release)}

    def __str__(self) -> str:
        return (
            f"touch thresholds {min(self.touch)} to {max(self.touch)}, release "
            f"{min(self.release)} to {max(self.release)} (margin {self.margin} counts)"
        )


def pad_thresholds(untouched: list[Spread], touched: list[Spread]) -> PadCalibration:
    """Thresholds from each pad's readings untouched and under a fingertip, or a
    :class:`CalibrationError` naming the first card that cannot have any."""
    touch, release, margins = [], [], []
    for cell, (idle, held) in enumerate(zip(untouched, touched, strict=True)):
        name = cell_name(cell)
        if idle.lo == 0 or held.lo == 0:
            raise CalibrationError(f"card {name}'s pad reads 0: its lead is shorted")
        noise = idle.hi - idle.lo + QUANTUM  # how far below its baseline it reads untouched
        shift = idle.lo - held.hi  # how far a fingertip moves it, at least
        if shift - noise < MIN_GAP:
            raise CalibrationError(
                f"card {name}: a fingertip moves its pad by {max(shift, 0)} counts and it "
                f"varies by {noise} untouched: its pad is dead, its lead broken, or the "
                "finger was not on it"
            )
        enter = min(MAX_THRESHOLD, (shift + noise) // 2)
        leave = (enter + noise) // 2
        touch.append(enter)
        release.append(leave)
        margins.append(min(shift - enter, leave - noise))
    return PadCalibration(tuple(touch), tuple(release), min(margins))


def measure_pads(
    pads: CardPads,
    enter: Callable[[str], None],
    out: Callable[[str], None],
    samples: int = SAMPLES,
) -> tuple[list[Spread], list[Spread]]:
    """Walk the maker through the steps: (untouched, touched) spreads per pad."""
    enter(
        "Leave the 25 word cards in their pockets, nothing else on the frame and your "
        "hands off it, then press Enter."
    )
    readings = _sample(pads, samples)
    untouched = [Spread.of(r[p] for r in readings) for p in range(pads.pads)]
    touched = []
    for cell in range(pads.pads):
        name = cell_name(cell)
        enter(
            f"Card {name}: hold a fingertip on it, then press Enter "
            "(keep it there until the next line)."
        )
        held = Spread.of(r[cell] for r in _sample(pads, samples))
        touched.append(held)
        out(f"  card {name}: untouched {untouched[cell]}, touched {held}")
    return untouched, touched


def _sample(pads: CardPads, samples: int) -> list[list[int]]:
    readings = []
    for k in range(samples):
        if k:
            time.sleep(SAMPLE_GAP)
        readings.append([r.filtered for r in pads.read()])
    return readings


def calibrate_pads(
    config: DeviceConfig,
    backend: Backend,
    lines: Iterable[str],
    *,
    samples: int = SAMPLES,
    write: bool = True,
    out: Callable[[str], None] = print,
) -> PadCalibration | None:
    """Measure the pads and write their thresholds into the config file; ``lines``
    as ``calibrate.calibrate`` takes them. None when there are no pads (said)."""
    if not config.touch.sensed:
        out("there are no card pads ([touch] sensor = none): nothing to calibrate")
        return None
    from .hardware import create_hardware

    events: queue.Queue = queue.Queue()  # touches: not played here
    hardware = create_hardware(config, backend, events.put, tolerant=True)
    try:
        pads = hardware.pads
        if pads is None:
            raise CalibrationError(f"cannot read the pads: {hardware.unbuilt.get('touch pads')}")
        measured = measure_pads(pads, prompter(hardware.table, lines, out), out, samples)
    finally:
        hardware.close()
    calibration = pad_thresholds(*measured)
    out(str(calibration))
    if write:
        write_keys(config.path, "touch", calibration.values(), str(calibration.values()))
        out(f"wrote them into {config.path} ([touch]); restart keystand to use them")
    return calibration
