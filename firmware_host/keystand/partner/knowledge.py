"""What one seat knows: its own side of the key and what the table shows.

The AI never sees the other side of the key. ``Knowledge.of`` takes the rules
engine's state and keeps only the public marks and ``seat``'s own side; the
giver and the guesser are given nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.layout import CELL_COUNT, Seat, other

if TYPE_CHECKING:
    from ..rules.game import GameState

AGENTS_PER_SIDE = 9


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's view of a game: its own key side and the public marks."""

    seat: Seat
    side: str  # this seat's 25 roles (G/T/B), in A's frame
    found: tuple[bool, ...]  # an agent card covers the cell
    marks: tuple[int, ...]  # bystander marks: bit 1 A guessed there, bit 2 B did
    found_by: tuple[Seat | None, ...]  # who found each covered agent
    tokens_left: int = 9
    sudden_death: bool = False

    @classmethod
    def of(cls, state: GameState, seat: Seat) -> Knowledge:
        from ..rules.status import Phase

        return cls(
            seat=seat,
            side=state.layout.side(seat),
            found=tuple(a is not None for a in state.agents),
            marks=state.marks,
            found_by=state.agents,
            tokens_left=state.tokens_left,
            sudden_death=state.phase == Phase.SUDDEN_DEATH,
        )

    @classmethod
    def fresh(cls, seat: Seat, side: str, found: tuple[int, ...] = ()) -> Knowledge:
        """A seat's view with ``found`` cells covered (for the command line)."""
        if len(side) != CELL_COUNT:
            raise ValueError("a key side has 25 roles")
        covered = tuple(i in found for i in range(CELL_COUNT))
        return cls(seat, side, covered, (0,) * CELL_COUNT, (None,) * CELL_COUNT)

    def visible(self, cell: int) -> bool:
        """The card still shows its word (not covered by an agent or two bystanders)."""
        return not self.found[cell] and self.marks[cell] != 3

    def partner_can_guess(self, cell: int) -> bool:
        """The partner may touch this card on a clue of ours."""
        mark = self.marks[cell]
        return self.visible(cell) and not (mark and mark & _bit(other(self.seat)))

    def can_guess(self, cell: int) -> bool:
        """We may touch this card on our partner's clue."""
        mark = self.marks[cell]
        return self.visible(cell) and not (mark and mark & _bit(self.seat))

    def targets(self) -> list[int]:
        """Our own agents not found yet: what a clue of ours should lead to."""
        return [i for i in range(CELL_COUNT) if self.side[i] == "G" and not self.found[i]]

    def partner_agents_left(self) -> int:
        """Agents still hidden on the partner's side: all but those we found (public)."""
        return AGENTS_PER_SIDE - sum(1 for s in self.found_by if s == self.seat)


def _bit(seat: Seat) -> int:
    """The rules' mark bit of ``seat``. Imported here, when a card is marked, so that
    ``keystand partner clue`` (no marks) does not load the rules engine's actions and
    game, a fifth of its start-up (docs/performance.md)."""
    from ..rules.game import MARK_BIT

    return MARK_BIT[seat]
