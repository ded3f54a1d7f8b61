"""``keystand calibrate``: the analog bank's thresholds from what its own sensors read.

The maker empties the bank, then puts one token in each slot in turn, checkmark
side up and then bystander side up, pressing Enter at each step; every step
takes several samples of every channel. From the lowest and highest sample of
each slot in each state, :func:`thresholds` places the bank's three thresholds
(one set for all slots, as ``[bank]`` holds them) and :func:`write_thresholds`
puts them into the config file's ``[bank]`` table in place, keeping every other
line and comment. The choice of margins, and how they relate to the field
budget, is in docs/hardware.md ("Calibrating the analog bank").
"""

from __future__ import annotations

import os
import queue
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .config import ADC_MAX, RAIL, ConfigError, check, load

if TYPE_CHECKING:
    from .config import DeviceConfig
    from .hardware import Backend
    from .ports import TokenBank
    from .sim.table import SimTable

SAMPLES = 20  # readings per step, SAMPLE_GAP apart: 0.4 s of looking
SAMPLE_GAP = 0.02
# The least a threshold keeps from any reading it separates: the field budget's
# MARGIN_COUNTS (hardware/field_budget.py), which covers ADC noise and INL (4
# counts) and what full neighbours add to an empty slot's reading (at most 4.8
# counts), which calibrating one slot at a time cannot see.
MIN_MARGIN = 10
# A gap between two states' readings holds a margin, the hysteresis and a margin.
MIN_GAP = 3 * MIN_MARGIN
KEYS = ("present_below", "absent_above", "flipped_above")


class CalibrationError(Exception):
    """The measurements cannot give thresholds (one line, naming the slot), or the
    config cannot take them."""


class Stopped(Exception):
    """The steps ended before the last one (end of input)."""


@dataclass(frozen=True, slots=True)
class Spread:
    """The lowest and highest of one slot's samples in one state."""

    lo: int
    hi: int

    @classmethod
    def of(cls, samples: Iterable[int]) -> Spread:
        values = list(samples)
        return cls(min(values), max(values))

    def __str__(self) -> str:
        return str(self.lo) if self.lo == self.hi else f"{self.lo}-{self.hi}"


@dataclass(frozen=True, slots=True)
class Measurements:
    """Per slot (slot 1 first), what its sensor read in each state."""

    empty: tuple[Spread, ...]
    checkmark: tuple[Spread, ...]
    bystander: tuple[Spread, ...]


@dataclass(frozen=True, slots=True)
class Calibration:
    """The bank's thresholds, and the room they leave."""

    present_below: int
    absent_above: int
    flipped_above: int
    margin: int  # the least distance from a threshold to a reading it separates

    @property
    def hysteresis(self) -> int:
        return self.absent_above - self.present_below

    def values(self) -> dict[str, int]:
        return {key: getattr(self, key) for key in KEYS}

    def __str__(self) -> str:
        keys = ", ".join(f"{k} = {v}" for k, v in self.values().items())
        return f"{keys} (hysteresis {self.hysteresis}, margin {self.margin} counts)"


# ---------------------------------------------------------------- the thresholds


def thresholds(m: Measurements) -> Calibration:
    """Thresholds that separate every slot's states with the most room, or a
    :class:`CalibrationError` naming the first slot that makes it impossible.

    Both gaps (checkmark to empty, empty to bystander) must hold a margin, the
    hysteresis and a margin. The hysteresis is one number for both sides (config
    ``absent_above - present_below``), so it is a third of the narrower gap, and
    each side's hysteresis band sits in the middle of its own gap: every
    threshold then keeps at least a third of the narrower gap from the readings
    it separates.
    """
    for n, (e, c, b) in enumerate(zip(m.empty, m.checkmark, m.bystander, strict=True), 1):
        _check_slot(n, e, c, b)
    c_hi, c_slot = _extreme(m.checkmark, max, "hi")
    e_lo, e_lo_slot = _extreme(m.empty, min, "lo")
    e_hi, e_hi_slot = _extreme(m.empty, max, "hi")
    b_lo, b_slot = _extreme(m.bystander, min, "lo")
    # One set of thresholds serves every slot: each side against the nearest empty.
    if e_lo - c_hi < MIN_GAP:
        raise CalibrationError(
            f"slot {c_slot} checkmark side up ({c_hi}) and slot {e_lo_slot} empty ({e_lo}) "
            "are too close for one threshold to tell apart"
        )
    if b_lo - e_hi < MIN_GAP:
        raise CalibrationError(
            f"slot {b_slot} bystander side up ({b_lo}) and slot {e_hi_slot} empty ({e_hi}) "
            "are too close for one threshold to tell apart"
        )
    low_gap, high_gap = e_lo - c_hi, b_lo - e_hi
    hysteresis = min(low_gap, high_gap) // 3
    present = c_hi + (low_gap - hysteresis) // 2
    flipped = b_lo - (high_gap - hysteresis) // 2
    margin = min(
        present - c_hi,  # checkmark readings are below present_below
        e_lo - (present + hysteresis),  # an empty slot leaves "checkmark up"
        (flipped - hysteresis) - e_hi,  # an empty slot leaves "bystander up"
        b_lo - flipped,  # bystander readings are above flipped_above
    )
    return Calibration(present, present + hysteresis, flipped, margin)


def _check_slot(n: int, e: Spread, c: Spread, b: Spread) -> None:
    for state, spread in (("empty", e), ("checkmark side up", c), ("bystander side up", b)):
        if spread.lo < RAIL or spread.hi > ADC_MAX - RAIL:
            raise CalibrationError(
                f"slot {n} {state} reads {spread}, at the ADC's rail: a broken or shorted wire"
            )
    if c.lo > e.hi and b.hi < e.lo:
        raise CalibrationError(
            f"slot {n} reads above empty ({e}) checkmark side up ({c}) and below it bystander "
            "side up: the magnet or the sensor is the wrong way round (docs/hardware.md)"
        )
    if c.lo <= b.hi and b.lo <= c.hi:
        raise CalibrationError(
            f"slot {n} checkmark side up ({c}) and bystander side up ({b}) read alike: "
            "the sides cannot be told apart"
        )
    for side, gap, spread in (
        ("checkmark", e.lo - c.hi, c),
        ("bystander", b.lo - e.hi, b),
    ):
        if gap < MIN_GAP:
            raise CalibrationError(
                f"slot {n} {side} side up ({spread}) reads too close to empty ({e}): "
                "a token cannot be told from an empty slot"
            )


def _extreme(spreads: tuple[Spread, ...], pick: Callable, end: str) -> tuple[int, int]:
    """The highest or lowest end over all slots, and its slot (1-based)."""
    value = pick(getattr(s, end) for s in spreads)
    return value, 1 + [getattr(s, end) for s in spreads].index(value)


# ---------------------------------------------------------------- the config file


def write_thresholds(path: Path, calibration: Calibration) -> None:
    """Set the three keys in ``path``'s own ``[bank]`` table (added at the end when
    the bank comes from an included profile: the file's tables override it),
    keeping every other line and comment. The edited file must differ from the
    old one in those keys only and pass check-config, or nothing is written."""
    write_keys(path, "bank", calibration.values(), str(calibration))


def write_keys(path: Path, table: str, values: dict, shown: str) -> None:
    """Set ``values`` in ``path``'s own ``[table]`` (``[bank]``, or ``[touch]`` for the
    card pads), as ``write_thresholds`` describes; ``shown`` is what to set by hand
    when the file cannot be edited."""
    try:
        _write(path, table, values, shown)
    except OSError as exc:
        raise CalibrationError(f"{path}: cannot write it ({exc.strerror})") from None


def _write(path: Path, name: str, values: dict, shown: str) -> None:
    import tomlkit

    text = path.read_text(encoding="utf-8")
    document = tomlkit.parse(text)
    if name in document:
        table = document[name]
    else:
        table = tomlkit.table()
        table.add(tomlkit.comment("measured on this device by keystand calibrate"))
        document.add(name, table)
    for key, value in values.items():
        table[key] = value
    edited = tomlkit.dumps(document)
    want = tomllib.loads(text)
    want[name] = {**want.get(name, {}), **values}
    if tomllib.loads(edited) != want:
        raise CalibrationError(
            f"{path}: cannot edit its [{name}] table; set these in it by hand: {shown}"
        )
    # Written beside the file, so that its include resolves the same, then checked.
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".toml", dir=path.parent)
    temporary = Path(temp)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(edited)
            f.flush()
            os.fsync(f.fileno())
        try:
            errors = check(load(temporary))
        except ConfigError as exc:
            errors = exc.errors
        if errors:
            raise CalibrationError(f"{path}: with these thresholds: {errors[0]}")
        os.chmod(temporary, path.stat().st_mode & 0o7777)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


# ---------------------------------------------------------------- the steps


def steps(slots: int) -> Iterator[tuple[str, int | None, str]]:
    """(prompt, slot or None for all, state) for each step, in order."""
    yield "Take every token out of the bank, then press Enter.", None, "empty"
    for n in range(1, slots + 1):
        move = "put a token in" if n == 1 else "move the token here"
        yield f"Slot {n}: {move}, checkmark side up, then press Enter.", n, "checkmark"
        yield f"Slot {n}: turn the token over, bystander side up, then press Enter.", n, "bystander"


def measure(
    bank: TokenBank,
    enter: Callable[[str], None],
    out: Callable[[str], None],
    samples: int = SAMPLES,
) -> Measurements:
    """Walk the maker through the steps; ``enter(prompt)`` returns at Enter (raises
    :class:`Stopped` when the input ends)."""
    found: dict[str, dict[int, Spread]] = {"empty": {}, "checkmark": {}, "bystander": {}}
    for prompt, slot, state in steps(bank.slots):
        enter(prompt)
        readings = _sample(bank, samples)
        for n in range(1, bank.slots + 1) if slot is None else (slot,):
            found[state][n] = Spread.of(r[n - 1] for r in readings)
            out(f"  slot {n} {state}: {found[state][n]}")
    slots = range(1, bank.slots + 1)
    return Measurements(*(tuple(found[state][n] for n in slots) for state in found))


def _sample(bank: TokenBank, samples: int) -> list[list[int]]:
    readings = []
    for k in range(samples):
        if k:
            time.sleep(SAMPLE_GAP)
        readings.append(bank.readings())
    return readings


def prompter(
    table: SimTable | None, lines: Iterable[str], out: Callable[[str], None]
) -> Callable[[str], None]:
    """``enter(prompt)``: say the prompt, return at the maker's Enter (a line on
    ``lines``). On the simulated table the lines before it are pin-level commands
    (the maker's hands); the end of the lines raises :class:`Stopped`."""
    answers = iter(lines)

    def enter(prompt: str) -> None:
        out(prompt)
        for line in answers:
            if not line.strip() or table is None:
                return  # any answer is an Enter at a real device
            error = table.command(line)
            if error:
                print(f"keystand: sim: {error}", file=sys.stderr, flush=True)
        raise Stopped

    return enter


def calibrate(
    config: DeviceConfig,
    backend: Backend,
    lines: Iterable[str],
    *,
    samples: int = SAMPLES,
    write: bool = True,
    out: Callable[[str], None] = print,
) -> Calibration | None:
    """Measure the bank and write its thresholds into the config file; ``lines`` are
    the maker's answers (on the simulated table, lines other than an empty one are
    pin-level commands, so a script can play the maker). None when the bank has
    nothing to calibrate (said on ``out``)."""
    bank_config = config.bank
    if bank_config.sensor != "mcp3008":
        what = "has no sensors" if bank_config.sensor == "none" else "is digital (switches)"
        out(f"the bank {what}: there are no thresholds to calibrate")
        return None
    from .hardware import create_hardware

    events: queue.Queue = queue.Queue()  # the bank's edges: not needed here
    hardware = create_hardware(config, backend, events.put, tolerant=True)
    try:
        bank = hardware.bank
        if bank is None:
            raise CalibrationError(f"cannot read the bank: {hardware.unbuilt.get('bank')}")
        measured = measure(bank, prompter(hardware.table, lines, out), out, samples)
    finally:
        hardware.close()
    calibration = thresholds(measured)
    out(str(calibration))
    if write:
        write_thresholds(config.path, calibration)
        out(f"wrote them into {config.path} ([bank]); restart keystand to use them")
    return calibration
