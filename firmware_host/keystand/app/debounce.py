"""The bank's debounce, run in the loop: a slot changes only once it is stable.

Reed switches chatter for milliseconds, and gpiozero's mock pins ignore
``bounce_time``, so the loop debounces the digital bank's edges itself: a
slot's state changes only after its raw state has stayed the same for
``debounce`` seconds. The analog bank's sampler already confirms each change,
so it runs with no delay here.
"""

from __future__ import annotations

from typing import NamedTuple

from ..events import SlotState


class SlotFilter:
    """Debounce: report a slot's new state once it has been stable long enough."""

    def __init__(self, initial: list[SlotState], debounce: float) -> None:
        self.debounce = debounce
        self.stable = list(initial)
        self._raw = list(initial)
        self._since = [0.0] * len(initial)

    def edge(self, slot: int, state: SlotState, at: float) -> None:
        if state != self._raw[slot]:
            self._raw[slot] = state
            self._since[slot] = at

    def tick(self, now: float) -> list[tuple[int, SlotState]]:
        """Slots whose debounced state changed, as ``(slot, state)``."""
        changes = []
        for slot, raw in enumerate(self._raw):
            if raw != self.stable[slot] and now - self._since[slot] >= self.debounce:
                self.stable[slot] = raw
                changes.append((slot, raw))
        return changes

    def reset(self, states: list[SlotState]) -> None:
        """Take ``states`` as both raw and stable: a known starting point."""
        self.stable = list(states)
        self._raw = list(states)

    @property
    def pending(self) -> bool:
        return any(r != s for r, s in zip(self._raw, self.stable, strict=True))

    def reading(self, sided: bool) -> BankReading:
        """What the bank holds now, as the session compares it with the engine."""
        stable = self.stable
        return BankReading(
            present=sum(1 for s in stable if s.present),
            bystander_up=sum(1 for s in stable if s == SlotState.BYSTANDER) if sided else None,
            faults=tuple(i + 1 for i, s in enumerate(stable) if s == SlotState.FAULT),
        )


class BankReading(NamedTuple):
    """What the bank holds, as the session compares it with the engine."""

    present: int  # tokens in the bank
    bystander_up: int | None  # of those, bystander side up (None: the sensors cannot tell)
    faults: tuple[int, ...]  # 1-based slots whose sensor reads a fault
