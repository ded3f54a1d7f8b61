"""The digital time bank: a reed or hall switch per token slot, on gpiozero.

Each edge is posted as a ``SlotEdge``; the loop debounces them
(app/debounce.py), because reed switches chatter for milliseconds and
gpiozero's mock pins ignore ``bounce_time``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..events import SlotEdge, SlotState

if TYPE_CHECKING:
    from gpiozero.pins import Factory


class DigitalBank:
    """A switch per slot on a GPIO; active when a token (its magnet) is in the slot."""

    sided = False  # a switch cannot tell which side of the token is up

    def __init__(
        self,
        pins: tuple[int, ...],
        active_low: bool,
        post: Callable[[object], None],
        clock: Callable[[], float],
        pin_factory: Factory | None = None,
    ) -> None:
        from gpiozero import DigitalInputDevice

        self.devices = []
        for slot, pin in enumerate(pins):
            device = DigitalInputDevice(pin, pull_up=active_low, pin_factory=pin_factory)
            device.when_activated = lambda s=slot: post(SlotEdge(s, SlotState.TOKEN, clock()))
            device.when_deactivated = lambda s=slot: post(SlotEdge(s, SlotState.EMPTY, clock()))
            self.devices.append(device)

    @property
    def slots(self) -> int:
        return len(self.devices)

    def levels(self) -> list[SlotState]:
        return [SlotState.TOKEN if d.value else SlotState.EMPTY for d in self.devices]

    def readings(self) -> list[int]:
        """Each input's electrical level (1 high, 0 low), whatever ``active_low`` says."""
        return [int(bool(d.pin.state)) for d in self.devices]

    def restart(self) -> None:
        """Nothing to re-read: a switch's level is always current."""

    def close(self) -> None:
        for d in self.devices:
            d.close()
