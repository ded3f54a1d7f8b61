"""A seat's Diagnostics screen, opened from its menu: what the hardware reads, live.

The seat's own inputs show here instead of acting on the game (back closes the
screen), and while any seat has it open the daemon reads the bank's raw
readings and the card pads' for it a few times a second (``TokenBank.readings``,
``CardPads.readings``). The bank and the pads are watched, not played,
meanwhile: a token taken to test its slot does not end a turn, a card touched
to test its pad does not guess, and once the screen closes the table is
compared with the game as usual. With both a bank and pads, a turn of the knob
goes from one page to the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..events import Control
from ..screens.view import Diagnostics


@dataclass
class DiagnosticsScreen:
    """The last input this seat's controls sent, how many times in a row, and the
    card pads' last readings (in this seat's reading order) when there are pads."""

    last: Control | None = None
    repeats: int = 0
    pads: tuple[tuple[int, bool], ...] | None = None
    page: str = "bank"

    def input(self, kind: Control) -> None:
        if kind == self.last:
            self.repeats += 1
        else:
            self.last, self.repeats = kind, 1
        if kind in (Control.LEFT, Control.RIGHT) and self.pads is not None:
            self.page = "pads" if self.page == "bank" else "bank"

    def show_pads(self, readings: Sequence) -> None:
        """The pads' readings (``PadReading``s), in this seat's reading order."""
        self.pads = tuple((r.delta, r.touched) for r in readings)

    def view(self, levels: Sequence[str], raw: Sequence[int] | None, analog: bool) -> Diagnostics:
        page = self.page if self.pads is not None and levels else "pads" if self.pads else "bank"
        return Diagnostics(
            last_input=None if self.last is None else str(self.last),
            repeats=self.repeats,
            slots=tuple(str(level) for level in levels),
            raw=None if raw is None else tuple(raw),
            analog=analog,
            pads=self.pads,
            page=page,
        )
