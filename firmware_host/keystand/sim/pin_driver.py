"""Drive the simulated table's pins from text commands (stdin, tests, browser).

Each command becomes pin-level activity on gpiozero's MockFactory, so the
encoder decoding, button holds and the bank's debounce run exactly as on the Pi:

    A right | A left        one detent of seat A's encoder (a full quadrature cycle)
    B press | B hold        push (held past the hold time for "hold": this seat's QR)
    A back | A back_hold    the back button (held: the menu)
    bank take N | bank put N    slot N (1-based) loses or gets its token
    bank flip N             analog bank: turn slot N's token over (its magnet's pole)
    bank bounce N           a 10 ms reed-switch chatter train, ending with a take
    bank adc N VALUE        analog bank: slot N's sensor reads VALUE (0-1023)
    scan TEXT               the scanner reads TEXT (sent over its serial line, CRLF)
    dump                    print the game state as one JSON line on stdout

The card frame's pads ([touch]), each CELL as ``keystand play`` names cells, in seat
A's frame (a1 is A's top left); each gesture returns once the table is still again:

    touch CELL              a fingertip held on that card for half a second
    touch CELL slide        a hand sliding across the row from that card
    touch CELL CELL ...     fingertips on these cards at once
    sleeve CELL             a sleeve brushing over that card and its row neighbour
    cover CELL              an agent card (or bystander tokens) laid on that card
    place CELL | take CELL  a word card put in that pocket; everything on it taken off
    finger CELL | lift      a fingertip left on that card (calibration); lifted
    pad CELL dead|shorted|ok   break that card's pad (a cut lead, a short) or mend it
    pads drift PF SECONDS   the room changes: every pad gains PF (may be < 0) over SECONDS
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..config import ADC_MAX
from ..events import Dump
from ..rules.errors import LayoutError
from ..rules.layout import SEATS, cell_index
from .mcp3008 import BYSTANDER_UP, CHECKMARK_UP, MID_SCALE

if TYPE_CHECKING:
    from ..rules.layout import Seat
    from .card_frame import SimulatedFrame
    from .table import SimTable

STEP = 0.002  # seconds between quadrature edges
HOLD = 1.15  # seconds a "hold" keeps a button down at least (the hold time is 1 s)
TAP = 0.01
AFTER = 0.15  # past the pads' quiet time: the reader has seen the table still again
RELEASE_SAMPLES = 3  # sample periods past a gesture's end before it counts as read
READ_THROUGH = 5.0  # seconds a gesture waits at most for the frame to be read
PAD_COMMANDS = {
    "touch": "touch CELL, touch CELL slide, or touch CELL CELL (cells a1 to e5)",
    "sleeve": "sleeve CELL",
    "cover": "cover CELL",
    "place": "place CELL",
    "take": "take CELL",
    "finger": "finger CELL",
    "lift": "lift",
    "pad": "pad CELL dead, pad CELL shorted or pad CELL ok",
    "pads": "pads drift PF SECONDS",
}


class PinDriver:
    """The command language of ``keystand run --simulate``, on a table's mock pins."""

    def __init__(self, table: SimTable) -> None:
        self.table = table
        self.lock = threading.Lock()

    def _set(self, number: int, high: bool) -> None:
        pin = self.table.pin_factory.pin(number)
        pin.drive_high() if high else pin.drive_low()

    def command(self, line: str) -> str | None:
        """Run one command. Returns an error message, or None."""
        parts = line.split()
        if not parts:
            return None
        with self.lock:
            return self._command(parts)

    def _command(self, parts: list[str]) -> str | None:
        config = self.table.config
        head = parts[0]
        if head == "scan":
            scanner = self.table.scanner
            if scanner is None:
                return "no scanner configured"
            scanner.scan(" ".join(parts[1:]))
            return None
        if head == "dump" and len(parts) == 1:
            self.table.post(Dump())
            return None
        if head in SEATS and len(parts) == 2:
            pins = config.controls[head]
            kind = parts[1]
            if kind in ("right", "left"):
                a, b = pins.clk_pin, pins.dt_pin
                order = [(a, 0), (b, 0), (a, 1), (b, 1)]
                if kind == "left":
                    order = [(b, 0), (a, 0), (b, 1), (a, 1)]
                for pin, level in order:
                    self._set(pin, bool(level))
                    time.sleep(STEP)
            elif kind == "press":
                self._tap(pins.push_pin, TAP)
            elif kind == "back":
                self._tap(pins.back_pin, TAP)
            elif kind in ("hold", "back_hold"):
                self._hold(head, kind == "back_hold")
            else:
                return f"unknown control '{kind}'"
            return None
        if head == "bank" and len(parts) in (3, 4) and parts[2].isdigit():
            return self._bank(int(parts[2]), parts[1], parts[3:])
        if head in PAD_COMMANDS:
            return self._pads(head, parts[1:])
        return f"unknown command '{' '.join(parts)}'"

    def _pads(self, head: str, args: list[str]) -> str | None:
        """The card frame: fingers, hands, sleeves and cards on the pads."""
        from .card_frame import PLACE_ON, SLEEVE_ON, TOUCH

        frame = self.table.card_frame
        if frame is None:
            return f"{head}: no card frame on this table ([touch] sensor = none)"
        usage = PAD_COMMANDS[head]
        if head == "lift":
            if args:
                return f"lift: unexpected '{args[0]}' ({usage})"
            frame.lift(time.monotonic())
            return None
        if head == "pads":
            if len(args) != 3 or args[0] != "drift":
                return f"pads: {usage}"
            try:
                pf, seconds = float(args[1]), float(args[2])
            except ValueError:
                return f"pads drift: give numbers ({usage})"
            if not (abs(pf) <= 20 and 0 <= seconds <= 3600):  # NaN fails both
                return f"pads drift: at most 20 pF, over 0 to 3600 seconds ({usage})"
            frame.drift(pf, seconds, time.monotonic())
            return None
        if head == "pad":
            states = {"dead": "dead", "shorted": "shorted", "ok": None}
            if len(args) != 2 or args[1].lower() not in states:
                return f"pad: {usage}"
            try:
                cell = cell_index(args[0])
            except LayoutError as exc:
                return f"pad: {exc}"
            frame.fault(cell, states[args[1].lower()])
            return None
        cells = []
        rest = list(args)
        while rest and rest[0].lower() != "slide":
            try:
                cells.append(cell_index(rest.pop(0)))
            except LayoutError as exc:
                return f"{head}: {exc}"
        if not cells or len(cells) != len(set(cells)):
            return f"{head}: {usage}"
        now = time.monotonic()
        after = self.table.config.touch.quiet_ms / 1000 + AFTER
        if head == "touch":
            if rest == ["slide"] and len(cells) == 1:
                self._gesture(frame, now, frame.slide(cells[0], now), after)
                return None
            if rest:
                return f"touch: unexpected '{rest[0]}' ({usage})"
            frame.touch(cells, now)
            self._gesture(frame, now, TOUCH, after)
            return None
        if rest or len(cells) != 1:
            return f"{head}: {usage}"
        cell = cells[0]
        if head == "finger":
            frame.finger(cell, now)
            time.sleep(TOUCH)  # long enough for the controller to count it
            return None
        if head == "sleeve":
            frame.sleeve(cell, now)
            self._gesture(frame, now, SLEEVE_ON, after)
            return None
        words, covers = frame.cards(cell, now)
        if head == "place" and words:
            return f"place: {args[0]} already holds its word card (take it first)"
        if head == "cover" and not words:
            return f"cover: {args[0]} has no word card to cover (place one first)"
        if head == "take" and not (words or covers):
            return f"take: nothing lies on {args[0]}"
        if head == "take":
            frame.take(cell, now)
        else:
            frame.place(cell, "card" if head == "place" else "cover", now)
        self._gesture(frame, now, PLACE_ON, after)
        return None

    @staticmethod
    def _gesture(frame: SimulatedFrame, start: float, duration: float, after: float) -> None:
        """Return once a gesture begun at ``start`` has been read: its ``duration`` has
        passed, the simulated chips have sampled past its end and the reader has read
        their status (no chip holds the IRQ line), then ``after``, the pads' quiet time.
        Every gesture ends this way: on a loaded machine the frame's and the reader's
        threads lag the wall clock, and a gesture still unread when the next command
        came was lost to it (a whole game played by touches failed once in four runs of
        the suite while touches ended on a fixed sleep)."""
        time.sleep(max(0.0, start + duration - time.monotonic()))
        # ... and past the samples a chip takes to call a release (its debounce, 2,
        # and one more), so a lift is read too, not only the touch before it
        sample = max((c.sample_interval for c in frame.chips if c.enabled), default=0.016)
        end = start + duration + RELEASE_SAMPLES * sample
        _wait_until(lambda: frame.now >= end and not any(chip.irq for chip in frame.chips))
        time.sleep(after)

    def _hold(self, seat: Seat, back: bool) -> None:
        """Hold a seat's button down past the hold time, and on until its controls have
        taken the press as a hold (at most READ_THROUGH more): on a loaded machine
        gpiozero's hold thread can fire after a fixed 1.15 s, and the release then
        read as a press (a solo game's clue typed MINEE, not offered)."""
        from ..hal.controls import SeatControls

        pins = self.table.config.controls[seat]
        pin = pins.back_pin if back else pins.push_pin
        hardware = self.table.hardware
        controls = hardware.controls.get(seat) if hardware is not None else None
        self._set(pin, False)
        time.sleep(HOLD)
        if isinstance(controls, SeatControls):
            _wait_until(lambda: controls.back_held if back else controls.held)
        self._set(pin, True)

    def _tap(self, pin: int, seconds: float) -> None:
        self._set(pin, False)
        time.sleep(seconds)
        self._set(pin, True)

    def _bank(self, slot: int, action: str, rest: list[str]) -> str | None:
        bank = self.table.config.bank
        if bank.sensor == "mcp3008":
            return self._analog(slot, action, rest)
        if not 1 <= slot <= len(bank.pins):
            return f"no bank slot {slot}"
        if rest:
            return f"bank {action}: unexpected '{rest[0]}'"
        pin = bank.pins[slot - 1]
        present_level = not bank.active_low
        if action == "take":
            self._set(pin, not present_level)
        elif action == "put":
            self._set(pin, present_level)
        elif action == "bounce":
            for k in range(7):
                self._set(pin, present_level if k % 2 else not present_level)
                time.sleep(0.002)
        else:
            return f"unknown bank action '{action}'"
        return None

    def _analog(self, slot: int, action: str, rest: list[str]) -> str | None:
        """Set what a slot's hall sensor reads on the simulated MCP3008."""
        channels = self.table.config.bank.channels
        if not 1 <= slot <= len(channels):
            return f"no bank slot {slot}"
        chip, pin = self.table.adc_channel(channels[slot - 1])
        value = chip.values[pin]
        if action == "take":
            chip.values[pin] = MID_SCALE
        elif action == "put":
            chip.values[pin] = CHECKMARK_UP
        elif action == "flip":
            if value == MID_SCALE:
                return f"bank slot {slot} holds no token to flip"
            chip.values[pin] = BYSTANDER_UP if value < MID_SCALE else CHECKMARK_UP
        elif action == "adc" and rest and rest[0].isdigit() and int(rest[0]) <= ADC_MAX:
            chip.values[pin] = int(rest[0])
        elif action == "adc":
            return f"bank adc: give a reading from 0 to {ADC_MAX}"
        else:
            return f"unknown bank action '{action}'"
        return None


def _wait_until(done: Callable[[], bool], seconds: float = READ_THROUGH) -> None:
    """Poll ``done`` until it holds, for at most ``seconds``: how the simulated table
    waits for its own threads (the frame's sampler, the reader, gpiozero's hold
    thread), which lag the wall clock on a loaded machine."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.005)


def read_commands(command: Callable[[str], str | None], lines: Iterable[str] = sys.stdin) -> None:
    """Run each line as a command, reporting errors on stderr (``run --simulate``)."""
    for line in lines:
        error = command(line)
        if error:
            print(f"keystand: sim: {error}", file=sys.stderr, flush=True)
