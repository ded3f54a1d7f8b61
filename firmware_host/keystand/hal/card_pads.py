"""The sensed word grid: a capacitive pad under each of the 25 word cards.

Three MPR121 controllers (``hal/mpr121.py``) measure the pads and keep a baseline
for each, which follows the room's slow drift; each says which of its pads are
touched past that pad's threshold, and pulls the shared IRQ line low when that
changes. ``CardPads`` wakes on the line (or once a second while idle), reads
every controller, and hands the readings to :class:`PadFilter`, which decides
what counts as a touch. Only a touch that passes posts one ``CardTouch(cell)``,
the cell in seat A's frame.

A table trusts a touch only when nothing else could have made it (docs/hardware.md,
"Sensing the cards" has the timings):

- one pad, and only one, goes past its threshold, after ``quiet`` seconds in
  which no other pad was (a hand sliding across the cards crosses pad after pad);
- it stays the only one for at least ``hold`` and at most ``hold_max`` seconds
  (a sleeve brushes past faster; a pad held longer has something lying on it);
- after the finger lifts, the table stays quiet for ``quiet`` seconds, and the
  pad reads within ``settle`` counts of what it read before the touch: a card
  placed on it (an agent card over a word, a new word card) or taken off it
  leaves the pad reading differently, a fingertip does not.

A pad touched for longer than ``hold_max`` is set aside (it neither counts nor
blocks others) until it lets go; one stuck that way for ``STUCK_FOR`` seconds has
its controller's baselines taken afresh.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..events import CardTouch
from .mpr121 import ELECTRODES, Mpr121, capacitance_pf

if TYPE_CHECKING:
    from gpiozero.pins import Factory

log = logging.getLogger(__name__)

POLL = 0.03  # seconds between reads while anything is going on (12 ms of bus at 100 kHz)
IDLE = 1.0  # and while nothing is: the IRQ line wakes the reader sooner
STUCK_FOR = 10.0  # a pad touched this long is re-baselined (the room changed fast)
DEAD_BELOW = 0.5  # a pad under half the median capacitance has no pad on its lead


@dataclass(frozen=True)
class TouchTiming:
    """What a touch is, in seconds (config ``[touch]``: hold_ms, hold_max_ms, quiet_ms)."""

    hold: float = 0.25
    hold_max: float = 3.0
    quiet: float = 0.3


class PadFilter:
    """Which pad, if any, a finger touched: pure, fed one sample at a time.

    ``settle[p]`` is how far pad ``p``'s reading may end from where it began
    (counts); the daemon uses half the pad's release threshold."""

    def __init__(self, pads: int, timing: TouchTiming, settle: Sequence[int]) -> None:
        self.timing = timing
        self.settle = list(settle)
        self._since: list[float | None] = [None] * pads  # when each pad went past
        # Each pad's untouched readings, the oldest no later than ``quiet`` ago: the
        # controller counts a touch a few samples after the reading starts to fall.
        self._history: list[list[tuple[float, int]]] = [[] for _ in range(pads)]
        self.parked: set[int] = set()  # held past hold_max: not counted
        self._last_active: float | None = None  # the last sample any counted pad was on
        self._candidate: tuple[int, float, int | None] | None = None  # pad, since, level
        self._settling: tuple[int, float, int | None] | None = None  # pad, lifted at, level

    @property
    def busy(self) -> bool:
        """A touch is being watched (or a pad is on, not set aside): sample often."""
        return (
            self._candidate is not None
            or self._settling is not None
            or any(s is not None and p not in self.parked for p, s in enumerate(self._since))
        )

    def forget(self) -> None:
        """Drop every reading kept: the controllers were configured afresh (a new
        game's baselines, a bus that came back), so earlier readings are on another
        scale and no touch under way can be judged by them."""
        for history in self._history:
            history.clear()
        self._candidate = self._settling = None

    def stuck(self, now: float, limit: float) -> list[int]:
        """Pads touched for ``limit`` seconds or more."""
        return [p for p, s in enumerate(self._since) if s is not None and now - s >= limit]

    def sample(self, now: float, touched: Sequence[bool], readings: Sequence[int]) -> int | None:
        """One reading of every pad (whether its controller counts it touched, and its
        10-bit filtered reading); the pad a touch just completed on, or None."""
        t = self.timing
        active = []
        fresh = []
        for p, on in enumerate(touched):
            since = self._since[p]
            if not on:
                self._since[p] = None
                history = self._history[p]
                history.append((now, readings[p]))
                while len(history) > 1 and history[1][0] <= now - t.quiet:
                    del history[0]
                self.parked.discard(p)
                continue
            if since is None:
                self._since[p] = since = now
                fresh.append(p)
            if now - since > t.hold_max:
                self.parked.add(p)
            if p not in self.parked:
                active.append(p)
        quiet_before = self._last_active is None or now - self._last_active >= t.quiet
        if active:
            self._last_active = now
        if self._settling is not None:
            pad, lifted, level = self._settling
            if active:
                self._settling = None  # another touch right after: neither counts
            elif now - lifted >= t.quiet:
                self._settling = None
                if level is not None and abs(readings[pad] - level) <= self.settle[pad]:
                    return pad
            return None
        if self._candidate is not None:
            pad, since, level = self._candidate
            if any(p != pad for p in active):
                self._candidate = None  # a second pad: two fingers, a hand, a sleeve
            elif pad not in active:
                self._candidate = None
                if pad not in self.parked and t.hold <= now - since <= t.hold_max:
                    self._settling = (pad, now, level)
            return None
        if len(active) == 1 and fresh == active and quiet_before:
            pad = active[0]
            history = self._history[pad]
            self._candidate = (pad, now, history[0][1] if history else None)
        return None


@dataclass(frozen=True, slots=True)
class PadReading:
    """One pad now: how far below its baseline it reads, and whether its controller
    counts it touched (for the Diagnostics screen and calibration)."""

    delta: int  # counts below the baseline (a finger makes it positive)
    filtered: int  # the 10-bit reading
    touched: bool


@dataclass(frozen=True, slots=True)
class PadCheck:
    """One pad as the selftest sees it."""

    cell: int
    reading: int  # 10-bit filtered reading
    capacitance: float | None  # pF, from auto-configuration's charge settings
    out_of_range: bool
    problem: str | None  # "dead", "shorted" or None


def pad_problem(reading: int, pf: float | None, oor: bool, median_pf: float) -> str | None:
    """Why a pad cannot sense: "shorted" (it reads nothing, or auto-configuration could
    not bring it into range), "dead" (far less capacitance than the others: its lead
    is broken or reaches no pad), or None."""
    if oor or reading == 0 or pf is None:
        return "shorted"
    if median_pf > 0 and pf < DEAD_BELOW * median_pf:
        return "dead"
    return None


class CardPads:
    """The word grid's pads on MPR121s sharing an I2C bus and an IRQ line."""

    def __init__(
        self,
        bus: Any,
        addresses: Sequence[int],
        electrodes: Sequence[int],
        thresholds: Sequence[tuple[int, int]],
        irq_pin: int,
        post: Callable[[object], None],
        clock: Callable[[], float],
        *,
        timing: TouchTiming,
        pin_factory: Factory | None = None,
        thread: bool = True,
    ) -> None:
        """``electrodes[cell]`` is that card's pad: electrode ``n % 12`` of the
        controller at ``addresses[n // 12]``; ``thresholds[cell]`` its (touch, release).
        ``thread=False`` leaves the reading to the caller's ``scan`` (tests)."""
        self.bus = bus
        self.electrodes = list(electrodes)
        self.chips = [Mpr121(bus, a) for a in addresses]
        per_chip: list[list[tuple[int, int]]] = [[] for _ in addresses]
        for cell, n in enumerate(self.electrodes):
            index, e = divmod(n, ELECTRODES)
            pairs = per_chip[index]
            while len(pairs) <= e:  # electrodes below a used one run too, unused
                pairs.append((255, 254))
            pairs[e] = thresholds[cell]
        self._thresholds = per_chip
        for chip, pairs in zip(self.chips, per_chip, strict=True):
            if pairs:
                try:
                    chip.start(pairs)
                except OSError as exc:  # say which of the three
                    raise OSError(f"the controller at {chip.address:#04x}: {exc}") from exc
        self._post, self._clock = post, clock
        self.filter = PadFilter(len(self.electrodes), timing, [r // 2 for _, r in thresholds])
        self._lock = threading.Lock()
        self._last: list[PadReading] = []
        self._stuck_at: float | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        # Set when the controllers were configured afresh: the reader's filter
        # forgets what it read before (its own thread, so no lock around the filter).
        self._reconfigured = threading.Event()
        from gpiozero import DigitalInputDevice

        # Open-drain and active low: the Pi's pull-up (and the breakouts' own) holds
        # it high until a controller has news.
        self.irq = DigitalInputDevice(irq_pin, pull_up=True, pin_factory=pin_factory)
        self.irq.when_activated = self._wake.set
        self._thread: threading.Thread | None = None
        if thread:
            self._thread = threading.Thread(target=self._run, name="card-pads", daemon=True)
            self._thread.start()

    @property
    def pads(self) -> int:
        return len(self.electrodes)

    def _chips_in_use(self) -> list[tuple[int, Mpr121]]:
        return [(i, c) for i, c in enumerate(self.chips) if self._thresholds[i]]

    def read(self) -> list[PadReading]:
        """Every pad now, cell a1 first (reading the controllers clears the IRQ)."""
        by_chip = {i: chip.read() for i, chip in self._chips_in_use()}
        out = []
        for n in self.electrodes:
            index, e = divmod(n, ELECTRODES)
            r = by_chip[index]
            out.append(
                PadReading(r.baseline[e] - r.filtered[e], r.filtered[e], bool(r.touched >> e & 1))
            )
        return out

    def scan(self, now: float) -> int | None:
        """Read every pad and run the filter; post and return the cell a touch
        completed on, if any."""
        if self._reconfigured.is_set():  # before the read: it is on the new scale
            self._reconfigured.clear()
            self.filter.forget()
        readings = self.read()
        with self._lock:
            self._last = readings
        cell = self.filter.sample(
            now, [r.touched for r in readings], [r.filtered for r in readings]
        )
        if cell is not None:
            self._post(CardTouch(cell))
        self._unstick(now)
        return cell

    def _unstick(self, now: float) -> None:
        """Controllers with a pad touched for STUCK_FOR seconds start their baselines
        afresh: the room (or something left on the frame) moved it past its threshold."""
        stuck = self.filter.stuck(now, STUCK_FOR)
        if not stuck:
            self._stuck_at = None
            return
        if self._stuck_at is not None and now - self._stuck_at < STUCK_FOR:
            return
        self._stuck_at = now
        chips = sorted({self.electrodes[p] // ELECTRODES for p in stuck})
        for chip in chips:
            log.warning(
                "touch pads: a pad on the controller at %#04x read touched for %.0f s; "
                "taking its baselines afresh",
                self.chips[chip].address,
                STUCK_FOR,
            )
            self.chips[chip].rebaseline()
        self._reconfigured.set()

    def readings(self) -> list[PadReading]:
        """The last reading of every pad (the reader's own; the Diagnostics screen)."""
        with self._lock:
            return list(self._last) if self._last else self.read()

    def survey(self) -> list[PadCheck]:
        """Each pad's reading and capacitance, and what is wrong with it (selftest)."""
        by_chip = {}
        for i, chip in self._chips_in_use():
            by_chip[i] = (chip.read(), chip.charge())
        found = []
        for cell, n in enumerate(self.electrodes):
            index, e = divmod(n, ELECTRODES)
            reading, charge = by_chip[index]
            current, code = charge[e]
            data = reading.filtered[e]
            found.append((cell, data, capacitance_pf(current, code, data),
                          bool(reading.out_of_range >> e & 1)))  # fmt: skip
        known = sorted(pf for _, _, pf, oor in found if pf is not None and not oor)
        median = known[len(known) // 2] if known else 0.0
        return [
            PadCheck(cell, data, pf, oor, pad_problem(data, pf, oor, median))
            for cell, data, pf, oor in found
        ]

    def restart(self) -> None:
        """A new game's cards are dealt: every baseline starts from what the pads read."""
        for _, chip in self._chips_in_use():
            chip.rebaseline()
        self._reconfigured.set()
        self._wake.set()  # read the new scale now, before a finger comes

    def _run(self) -> None:
        broken = False
        while not self._stop.is_set():
            self._wake.clear()
            try:
                if broken:  # the controllers may have lost their settings with the bus
                    for i, chip in self._chips_in_use():
                        chip.start(self._thresholds[i])
                    self._reconfigured.set()
                self.scan(self._clock())
            except OSError as exc:  # the bus or a controller: say it once, keep trying
                if not broken:
                    log.warning("touch pads: cannot read the controllers: %s", exc)
                broken = True
                self._stop.wait(IDLE)
                continue
            if broken:
                log.info("touch pads: the controllers answer again")
                broken = False
            self._wake.wait(POLL if self.filter.busy else IDLE)

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=1.0)
        for _, chip in self._chips_in_use():
            with contextlib.suppress(OSError):
                chip.stop()
        self.irq.close()
        with contextlib.suppress(OSError):
            getattr(self.bus, "close", lambda: None)()
