"""What arrives on the daemon's one event queue.

Adapters (gpiozero callbacks on lgpio's threads, serial readers) only construct
these and put them on the queue; the loop thread alone acts on them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ControlInput:
    seat: str
    kind: str  # "left" | "right" | "press" | "hold" | "back"


@dataclass(frozen=True, slots=True)
class SlotEdge:
    """A raw level change from a bank sensor; debounced by the loop, not here."""

    slot: int
    present: bool
    at: float  # time.monotonic()
    side: str | None = None  # analog bank: "checkmark", "bystander" (or "fault")


@dataclass(frozen=True, slots=True)
class ScanText:
    text: str


@dataclass(frozen=True, slots=True)
class Stop:
    reason: str


@dataclass(frozen=True, slots=True)
class Dump:
    """Print the game state (simulation); handled in the loop, like everything else."""


@dataclass(frozen=True, slots=True)
class ScanRefused:
    message: str  # the English sentence, for the log
    reason: str = "not_a_code"  # what the displays say, translated (screens.keyscreen)


@dataclass(frozen=True, slots=True)
class PrintResult:
    ok: bool
    error: str | None
    pending: int  # jobs still waiting in the queue
    reason: str | None = None  # the failure's code, for the displays (hal.printer)
