"""The time bank: one presence sensor per token slot, debounced here.

Reed switches chatter for milliseconds, and gpiozero's mock pins ignore
``bounce_time``, so the bank does its own debouncing: a slot's state changes only
after its raw level has stayed the same for ``debounce`` seconds. Edges arrive
as ``SlotEdge`` events from gpiozero's threads; ``SlotFilter`` runs in the loop.
"""

from __future__ import annotations

from collections.abc import Callable

from ..app.events import SlotEdge


class SlotFilter:
    """Debounce: report a slot's new state once it has been stable long enough."""

    def __init__(self, slots: int, debounce: float, initial: list[bool] | None = None) -> None:
        self.debounce = debounce
        self.stable = list(initial) if initial else [True] * slots
        self._raw = list(self.stable)
        self._since = [0.0] * slots

    def edge(self, slot: int, present: bool, at: float) -> None:
        if present != self._raw[slot]:
            self._raw[slot] = present
            self._since[slot] = at

    def tick(self, now: float) -> list[tuple[int, bool]]:
        """Slots whose debounced state changed, as ``(slot, present)``."""
        changes = []
        for slot, raw in enumerate(self._raw):
            if raw != self.stable[slot] and now - self._since[slot] >= self.debounce:
                self.stable[slot] = raw
                changes.append((slot, raw))
        return changes

    def edge_reset(self, levels: list[bool]) -> None:
        """Take ``levels`` as both raw and stable: a known starting point."""
        self.stable = list(levels)
        self._raw = list(levels)

    @property
    def pending(self) -> bool:
        return any(r != s for r, s in zip(self._raw, self.stable, strict=True))


class DigitalBank:
    """A reed or hall switch per slot on a GPIO; active when a token is in the slot."""

    def __init__(
        self,
        pins: list[int],
        active_low: bool,
        post: Callable[[object], None],
        clock: Callable[[], float],
        pin_factory=None,
    ) -> None:
        from gpiozero import DigitalInputDevice

        self.devices = []
        for slot, pin in enumerate(pins):
            device = DigitalInputDevice(pin, pull_up=active_low, pin_factory=pin_factory)
            device.when_activated = lambda s=slot: post(SlotEdge(s, True, clock()))
            device.when_deactivated = lambda s=slot: post(SlotEdge(s, False, clock()))
            self.devices.append(device)

    def levels(self) -> list[bool]:
        return [bool(d.value) for d in self.devices]

    def close(self) -> None:
        for d in self.devices:
            d.close()
