"""A seat's Diagnostics screen, opened from its menu: what the hardware reads, live.

The seat's own inputs show here instead of acting on the game (back closes the
screen), and while any seat has it open the daemon reads the bank's raw
readings for it a few times a second (``TokenBank.readings``). The bank is
watched, not played, meanwhile: a token taken to test its slot does not end a
turn, and once the screen closes the table is compared with the game as usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..events import Control
from ..screens.view import Diagnostics


@dataclass
class DiagnosticsScreen:
    """The last input this seat's controls sent, and how many times in a row."""

    last: Control | None = None
    repeats: int = 0

    def input(self, kind: Control) -> None:
        if kind == self.last:
            self.repeats += 1
        else:
            self.last, self.repeats = kind, 1

    def view(self, levels: Sequence[str], raw: Sequence[int] | None, analog: bool) -> Diagnostics:
        return Diagnostics(
            last_input=None if self.last is None else str(self.last),
            repeats=self.repeats,
            slots=tuple(str(level) for level in levels),
            raw=None if raw is None else tuple(raw),
            analog=analog,
        )
