"""What arrives on the daemon's one event queue.

Adapters (gpiozero callbacks on lgpio's threads, serial readers, the printer's
worker) only construct these and put them on the queue; the loop thread alone
acts on them. This module is neutral ground: the adapters in ``hal`` and
``sim`` and the loop in ``app`` all import it, and it imports nothing of theirs.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import StrEnum


class Control(StrEnum):
    """What a seat's controls did: a detent of the encoder or a button gesture."""

    LEFT = "left"
    RIGHT = "right"
    PRESS = "press"  # the encoder's push button, tapped
    HOLD = "hold"  # the push button, held
    BACK = "back"  # the back button, tapped
    BACK_HOLD = "back_hold"  # the back button, held


class SlotState(StrEnum):
    """What a bank slot's sensor reads."""

    EMPTY = "empty"
    TOKEN = "token"  # a switch: a token is in, side unknown
    CHECKMARK = "checkmark"  # a hall sensor: a token, checkmark side up
    BYSTANDER = "bystander"  # a hall sensor: a token, bystander side up
    FAULT = "fault"  # a reading no sensor gives: a broken or shorted wire

    @property
    def present(self) -> bool:
        return self in (SlotState.TOKEN, SlotState.CHECKMARK, SlotState.BYSTANDER)


@dataclass(frozen=True, slots=True)
class ControlInput:
    seat: str
    kind: Control


@dataclass(frozen=True, slots=True)
class SlotEdge:
    """A slot's sensor changed; the digital bank's edges are debounced by the loop."""

    slot: int
    state: SlotState
    at: float  # time.monotonic()


@dataclass(frozen=True, slots=True)
class CardTouch:
    """A finger held on one word card's pad and lifted, with nothing else on the
    table moving (the pads' filter passed it: hal/card_pads.py). ``cell`` is in seat
    A's frame, as ``keystand play`` names cells (0 is a1, A's top left)."""

    cell: int


@dataclass(frozen=True, slots=True)
class ScanText:
    text: str


@dataclass(frozen=True, slots=True)
class ScanRefused:
    message: str  # the English sentence, for the log
    reason: str = "not_a_code"  # what the displays say, translated (screens/reasons.py)


@dataclass(frozen=True, slots=True)
class ScanWaiting:
    """Scans wait for the loop in the scanner (``Scanner.take``). The scanner posts
    one only when its backlog was empty, so a flooding scanner cannot fill the queue."""


@dataclass(frozen=True, slots=True)
class PrintResult:
    ok: bool
    error: str | None
    pending: int  # jobs still waiting in the queue
    reason: str | None = None  # the failure's code, for the displays (hal.printer)


@dataclass(frozen=True, slots=True)
class Stop:
    reason: str


@dataclass(frozen=True, slots=True)
class Dump:
    """Print the game state (simulation); handled in the loop, like everything else."""


@dataclass(frozen=True, slots=True)
class Barrier:
    """Set ``done`` once every event queued before this one has been handled; the
    loop appends to ``settled`` whether no bank edge was still settling then."""

    done: threading.Event
    settled: list[bool]


@dataclass(frozen=True, slots=True)
class TypedClue:
    """Solo mode: the human's clue typed on a page (the simulator's text box), not
    dialled. The loop appends to ``result`` why it was refused (a one-line English
    sentence) or None, and sets ``done``."""

    word: str
    number: int
    done: threading.Event
    result: list[str | None]


Event = (
    ControlInput
    | SlotEdge
    | CardTouch
    | ScanText
    | ScanRefused
    | ScanWaiting
    | PrintResult
    | Stop
    | Dump
    | Barrier
    | TypedClue
)
