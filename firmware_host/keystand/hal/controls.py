"""Per-seat controls on gpiozero: a rotary encoder with push, and a back button.

Callbacks run on gpiozero's threads; each one only posts a ``ControlInput`` to
the daemon's queue. On the Pi the pin factory is lgpio; simulated, it is
gpiozero's ``MockFactory`` and the same classes run against mock pins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..events import Control, ControlInput

if TYPE_CHECKING:
    from gpiozero.pins import Factory

HOLD_SECONDS = 1.0


class SeatControls:
    """One seat's rotary encoder (with push) and back button, posting ControlInput."""

    def __init__(
        self,
        seat: str,
        clk_pin: int,
        dt_pin: int,
        push_pin: int,
        back_pin: int,
        post: Callable[[object], None],
        pin_factory: Factory | None = None,
        hold_time: float = HOLD_SECONDS,
    ) -> None:
        from gpiozero import Button, RotaryEncoder

        self.seat = seat
        self._post = post
        self._held = False
        self._back_held = False
        self.encoder = RotaryEncoder(clk_pin, dt_pin, max_steps=0, pin_factory=pin_factory)
        self.push = Button(push_pin, hold_time=hold_time, pin_factory=pin_factory)
        self.back = Button(back_pin, hold_time=hold_time, pin_factory=pin_factory)
        self.encoder.when_rotated_clockwise = lambda: self._emit(Control.RIGHT)
        self.encoder.when_rotated_counter_clockwise = lambda: self._emit(Control.LEFT)
        self.push.when_pressed = self._pressed
        self.push.when_held = self._hold
        self.push.when_released = self._released
        self.back.when_pressed = self._back_pressed
        self.back.when_held = self._back_hold
        self.back.when_released = self._back_released

    @property
    def held(self) -> bool:
        """Whether the push button's press (down now, or the last) was taken as a hold."""
        return self._held

    @property
    def back_held(self) -> bool:
        """Whether the back button's press (down now, or the last) was taken as a hold."""
        return self._back_held

    def _emit(self, kind: Control) -> None:
        self._post(ControlInput(self.seat, kind))

    def _pressed(self) -> None:
        self._held = False
        self._back_held = False

    def _hold(self) -> None:
        self._held = True
        self._emit(Control.HOLD)

    def _released(self) -> None:
        if not self._held:  # a hold already spoke for this press
            self._emit(Control.PRESS)

    def _back_pressed(self) -> None:
        self._back_held = False

    def _back_hold(self) -> None:
        self._back_held = True
        self._emit(Control.BACK_HOLD)

    def _back_released(self) -> None:
        if not self._back_held:
            self._emit(Control.BACK)

    def close(self) -> None:
        for device in (self.encoder, self.push, self.back):
            device.close()
