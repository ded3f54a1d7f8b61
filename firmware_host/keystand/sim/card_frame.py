"""The card frame on the simulated table: 25 pads, what lies and rests on them, and
the MPR121s that measure them (sim/mpr121.py), on a ``DeviceBus`` and an IRQ line.

The physical world is the model's input: each pad's capacitance over time, in pF.
A pad is its copper and its lead (a base that grows with the lead's length from
the controllers' bay at seat A's edge), plus what lies on it (a word card in its
pocket, an agent card or bystander tokens covering it), plus what rests on it
for a while (a fingertip, a hand's palm above it, a sleeve), plus the room's drift
shared by every pad. A dead pad is its lead's stub alone, which nothing couples
to; a shorted one reads as a short to ground.

**These figures are assumptions**, chosen to be plausible for copper-foil pads
under a card and a 0.8 mm floor (docs/hardware.md, "Sensing the cards"), not
measurements: a fingertip adds 2.5 pF, a finger on a covered card a third of
that, a sleeve brushing past 2 pF, a palm above a neighbouring card 0.6 pF, a
word card 0.5 pF and a covering card 0.8 pF.

The chips advance on the frame's clock: on every bus transfer (so a read sees the
present) and, in the live simulator, on a thread that ticks them every sample
period while anything is going on, so the IRQ line falls when the chip says.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ..config import CELLS, MPR121_ELECTRODES
from .i2c import DeviceBus
from .mpr121 import SimulatedMpr121

if TYPE_CHECKING:
    from ..config import Touch

FINGER_PF = 2.5
COVERED = 0.3  # a fingertip on a covered card couples through the cover this much
SLEEVE_PF = 2.0
PALM_PF = 0.6
CARD_PF = 0.5
COVER_PF = 0.8
DEAD_PF = 1.5  # the controller's pin and a lead's stub
NOISE_PF = 0.03
CATCH_UP = 10.0  # seconds of samples worked through at once, at most

# How long each gesture of the command language lasts (seconds).
TOUCH = 0.5  # a fingertip held on a card
SLIDE_STEP = 0.08  # a hand sliding across: the next card this much later,
SLIDE_ON = 0.14  # each card under it this long
SLEEVE_ON = 0.15
PLACE_ON = 0.6  # the fingers pressing a card into its pocket or onto a word


def base_pf(cell: int) -> float:
    """A pad's own capacitance: 16 pF with a short lead (row 5, nearest seat A's
    edge, where the controllers sit) and 2 pF more for each row farther away."""
    row, col = divmod(cell, 5)
    return 16.0 + 2.0 * (4 - row) + 0.4 * (col % 2)


@dataclass(frozen=True, slots=True)
class Contact:
    """Something resting on a pad from ``start`` to ``end`` (a finger, a palm, a sleeve)."""

    cell: int
    start: float
    end: float
    pf: float
    finger: bool = True  # a fingertip: a cover between it and the pad weakens it


@dataclass(frozen=True, slots=True)
class Layer:
    """From ``at`` on, ``count`` more (or fewer) cards of ``kind`` lie on a pad."""

    cell: int
    at: float
    kind: str  # "card" (a word card) or "cover" (an agent card, bystander tokens)
    count: int


class SimulatedFrame:
    """Pads, the MPR121s measuring them, their bus and their shared IRQ line."""

    def __init__(
        self,
        touch: Touch,
        pin_factory: Any,
        clock: Callable[[], float] = time.monotonic,
        *,
        ticking: bool = True,
        seed: int = 27,
    ) -> None:
        self.clock = clock
        self.bus = DeviceBus()
        self.bus.before = self.advance  # a read sees the present
        self._cells: dict[tuple[int, int], int] = {}  # (chip, electrode) -> cell
        for cell, n in enumerate(touch.electrodes):
            self._cells[divmod(n, MPR121_ELECTRODES)] = cell
        self.chips = []
        for i, address in enumerate(touch.addresses):
            chip = SimulatedMpr121(address, partial(self._electrode_pf, i))
            self.chips.append(chip)
            self.bus.devices[address] = chip
        self.irq = pin_factory.pin(touch.irq_pin) if touch.irq_pin is not None else None
        self.contacts: list[Contact] = []
        self.layers = [Layer(c, -math.inf, "card", 1) for c in range(CELLS)]
        self.faults: dict[int, str] = {}  # cell -> "dead" or "shorted"
        self._drift: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # t0, t1, from, to
        self._rng = random.Random(seed)
        self._lock = self.bus.lock  # transfers and the physical world move one at a time
        self.now = clock()  # the chips' time
        self._fixed: dict[int, float] | None = None  # each pad's pF while nothing moves
        self._changed = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if ticking:
            self._thread = threading.Thread(target=self._run, name="sim-frame", daemon=True)
            self._thread.start()

    # ------------------------------------------------------------ physics

    def covered(self, cell: int, at: float) -> bool:
        return self._count(cell, "cover", at) > 0

    def _count(self, cell: int, kind: str, at: float) -> int:
        return sum(x.count for x in self._layers.get(cell, ()) if x.kind == kind and x.at <= at)

    @property
    def layers(self) -> list[Layer]:
        return [x for cell in sorted(self._layers) for x in self._layers[cell]]

    @layers.setter
    def layers(self, layers: list[Layer]) -> None:
        self._layers: dict[int, list[Layer]] = {}
        for x in layers:
            self._layers.setdefault(x.cell, []).append(x)

    def _drift_pf(self, at: float) -> float:
        t0, t1, start, end = self._drift
        if at >= t1:
            return end
        if at <= t0:
            return start
        return start + (end - start) * (at - t0) / (t1 - t0)

    def capacitance(self, cell: int, at: float) -> float:
        """What a pad measures at ``at``, in pF, without noise."""
        fault = self.faults.get(cell)
        if fault == "shorted":
            return math.inf
        if fault == "dead":
            return DEAD_PF
        covered = self.covered(cell, at)
        pf = base_pf(cell) + self._drift_pf(at)
        pf += CARD_PF * self._count(cell, "card", at) + COVER_PF * self._count(cell, "cover", at)
        for c in self.contacts:  # a handful at most, and none while the table is idle
            if c.cell == cell and c.start <= at < c.end:
                pf += c.pf * (COVERED if covered and c.finger else 1.0)
        return pf

    def _electrode_pf(self, chip: int, electrode: int) -> float:
        cell = self._cells.get((chip, electrode))
        if cell is None:
            return base_pf(0)  # an unused input: a short bare lead
        pf = self._fixed[cell] if self._fixed is not None else self.capacitance(cell, self.now)
        return pf if math.isinf(pf) else pf + self._rng.uniform(-NOISE_PF, NOISE_PF)

    # ------------------------------------------------------------ time

    def advance(self, to: float | None = None) -> None:
        """Run the chips' sample periods up to ``to`` (the clock's now), then set the
        IRQ line: low while any chip pulls it."""
        with self._lock:
            target = self.clock() if to is None else to
            running = [c for c in self.chips if c.enabled]
            if running:
                step = min(c.sample_interval for c in running)
                if target - self.now > CATCH_UP:
                    self.now = target - CATCH_UP
                if self._still(self.now, target):  # the same pads all along: work them out once
                    self._fixed = {cell: self.capacitance(cell, target) for cell in range(CELLS)}
                try:
                    while self.now + step <= target:
                        self.now += step
                        for chip in running:
                            chip.tick()
                finally:
                    self._fixed = None
                self.contacts = [c for c in self.contacts if c.end > self.now - 1.0]
            else:
                self.now = target
            if self.irq is not None:
                low = any(c.irq for c in self.chips)
                if low != (self.irq.state == 0):
                    self.irq.drive_low() if low else self.irq.drive_high()

    def _still(self, start: float, end: float) -> bool:
        """Nothing on the table changes between ``start`` and ``end``."""
        return (
            not any(c.end > start and c.start <= end for c in self.contacts)
            and not any(start < x.at <= end for layers in self._layers.values() for x in layers)
            and not (self._drift[0] < end and self._drift[1] > start)
        )

    @property
    def busy(self) -> bool:
        with self._lock:
            now = self.now
            return (
                any(c.end > now for c in self.contacts)
                or any(x.at > now for layers in self._layers.values() for x in layers)
                or self._drift[1] > now
                or any(c.touched or c.irq for c in self.chips)
            )

    def _run(self) -> None:
        while not self._stop.is_set():
            self.advance()
            step = min((c.sample_interval for c in self.chips if c.enabled), default=0.016)
            if self.busy:
                self._stop.wait(step)
            else:  # nothing can change until someone acts: reads catch the chips up
                self._changed.wait()
                self._changed.clear()

    def _add(self, contacts: list[Contact], layers: list[Layer] | None = None) -> None:
        with self._lock:
            self.advance()
            self.contacts += contacts
            self.layers = self.layers + (layers or [])
        self._changed.set()

    def close(self) -> None:
        self._stop.set()
        self._changed.set()
        if self._thread is not None:
            self._thread.join(timeout=1.0)

    # ------------------------------------------------------------ what happens on the table

    def touch(self, cells: list[int], at: float, seconds: float = TOUCH) -> None:
        """Fingertips held on these cards from ``at`` for ``seconds``."""
        self._add([Contact(c, at, at + seconds, FINGER_PF) for c in cells])

    def slide(self, cell: int, at: float) -> float:
        """A hand sliding across the row from ``cell`` toward its farther end; when
        it has left the frame (seconds from ``at``)."""
        row, col = divmod(cell, 5)
        step = 1 if col < 2 else -1
        path = [row * 5 + c for c in range(col, 5 if step == 1 else -1, step)]
        self._add([
            Contact(c, at + k * SLIDE_STEP, at + k * SLIDE_STEP + SLIDE_ON, FINGER_PF)
            for k, c in enumerate(path)
        ])  # fmt: skip
        return (len(path) - 1) * SLIDE_STEP + SLIDE_ON

    def sleeve(self, cell: int, at: float) -> None:
        """A sleeve brushing over this card and its neighbour in the row."""
        row, col = divmod(cell, 5)
        other = row * 5 + (col + 1 if col < 4 else col - 1)
        self._add([Contact(c, at, at + SLEEVE_ON, SLEEVE_PF, finger=False) for c in (cell, other)])

    def _hand(self, cell: int, at: float) -> list[Contact]:
        """Fingers pressing a card down on ``cell``, the palm above its neighbours."""
        row, col = divmod(cell, 5)
        around = [r * 5 + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1),
                                         (row, col + 1)) if 0 <= r < 5 and 0 <= c < 5]  # fmt: skip
        out = [Contact(cell, at, at + PLACE_ON, FINGER_PF, finger=False)]
        return out + [Contact(c, at, at + PLACE_ON, PALM_PF, finger=False) for c in around]

    def place(self, cell: int, kind: str, at: float) -> None:
        """A card of ``kind`` laid on ``cell`` by hand: a word card into its pocket, or
        a cover (an agent card, bystander tokens) on its word card."""
        self._add(self._hand(cell, at), [Layer(cell, at + PLACE_ON / 2, kind, 1)])

    def take(self, cell: int, at: float) -> None:
        """Everything lying on ``cell`` taken off by hand."""
        with self._lock:
            later = at + PLACE_ON / 2
            layers = [
                Layer(cell, later, kind, -n)
                for kind in ("card", "cover")
                if (n := self._count(cell, kind, later))
            ]
        self._add(self._hand(cell, at), layers)

    def cards(self, cell: int, at: float) -> tuple[int, int]:
        """(word cards, covers) lying on ``cell`` at ``at``."""
        with self._lock:
            return self._count(cell, "card", at), self._count(cell, "cover", at)

    def finger(self, cell: int, at: float) -> None:
        """A fingertip put on this card and left there (calibration), any other lifted."""
        self.lift(at)
        self._add([Contact(cell, at, math.inf, FINGER_PF)])

    def lift(self, at: float) -> None:
        """Every fingertip left resting (``finger``) lifted at ``at``."""
        with self._lock:
            self.advance()
            self.contacts = [
                Contact(c.cell, c.start, max(at, c.start), c.pf, c.finger)
                if math.isinf(c.end) else c
                for c in self.contacts
            ]  # fmt: skip
        self._changed.set()

    def deal(self) -> None:
        """A new game: the covers off, one word card in every pocket, no hands about."""
        with self._lock:
            self.contacts = []
            self.layers = [Layer(c, -math.inf, "card", 1) for c in range(CELLS)]
        self._changed.set()

    def drift(self, pf: float, seconds: float, at: float) -> None:
        """The room changes: every pad gains ``pf`` (negative: loses) over ``seconds``."""
        with self._lock:
            self.advance()
            now = self._drift_pf(at)
            self._drift = (at, at + max(seconds, 1e-6), now, now + pf)
        self._changed.set()

    def fault(self, cell: int, kind: str | None) -> None:
        """Break a pad: "dead" (its lead cut), "shorted" (to ground), None (mended)."""
        with self._lock:
            self.advance()
            if kind is None:
                self.faults.pop(cell, None)
            else:
                self.faults[cell] = kind
        self._changed.set()
