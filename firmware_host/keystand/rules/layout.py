"""Key card layouts, cell names and the two seats' orientations.

A layout is 25 pairs in reading order as seat A sees the table (row 1 is A's far
row). Each pair is two letters from G/T/B: the role on A's side, then on B's side.
Seat B sits opposite, so the cell A sees at (row r, col c) is the cell B sees at
(4 - r, 4 - c): a 180° rotation, never a mirror.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from .errors import LayoutError

Seat = Literal["A", "B"]
SEATS: tuple[Seat, Seat] = ("A", "B")
ROLES = "GTB"
ROLE_NAMES = {"G": "green agent", "T": "tan bystander", "B": "black assassin"}

# The printed key cards always hold these (A side, B side) pairs. Sorted order is
# also the canonical order the key-code ranking uses, so never reorder it.
PAIR_COUNTS: dict[str, int] = {
    "BB": 1,
    "BG": 1,
    "BT": 1,
    "GB": 1,
    "GG": 3,
    "GT": 5,
    "TB": 1,
    "TG": 5,
    "TT": 7,
}
CELL_COUNT = 25
COLUMNS = "abcde"


def other(seat: Seat) -> Seat:
    return "B" if seat == "A" else "A"


def cell_name(index: int) -> str:
    """Name of a cell as seat A sees it: column letter then row number, ``a1`` top left."""
    row, col = divmod(index, 5)
    return f"{COLUMNS[col]}{row + 1}"


def cell_index(name: str) -> int:
    """Inverse of :func:`cell_name`; raises ``LayoutError`` for anything else."""
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "12345":
        raise LayoutError(f"'{name}' is not a cell: cells are a1 to e5")
    return (int(text[1]) - 1) * 5 + COLUMNS.index(text[0])


def seat_index(index: int, seat: Seat) -> int:
    """Where a cell (index in A's frame) sits in ``seat``'s own reading order."""
    return index if seat == "A" else CELL_COUNT - 1 - index


class Layout:
    """An immutable, validated key card."""

    __slots__ = ("pairs",)
    pairs: tuple[str, ...]

    def __init__(self, pairs: tuple[str, ...] | list[str]) -> None:
        pairs = tuple(pairs)
        check_pairs(pairs)
        object.__setattr__(self, "pairs", pairs)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Layout is immutable")

    def __eq__(self, other_: object) -> bool:
        return isinstance(other_, Layout) and other_.pairs == self.pairs

    def __hash__(self) -> int:
        return hash(self.pairs)

    def __repr__(self) -> str:
        return f"Layout({self.format()!r})"

    @classmethod
    def parse(cls, text: str) -> Layout:
        return cls(text.upper().split())

    def format(self) -> str:
        return " ".join(self.pairs)

    def role(self, index: int, seat: Seat) -> str:
        """The role ``seat``'s side shows for cell ``index`` (A's frame)."""
        return self.pairs[index][0 if seat == "A" else 1]

    def side(self, seat: Seat) -> str:
        """``seat``'s 25 roles in A's frame (what the key card shows, not yet turned)."""
        i = 0 if seat == "A" else 1
        return "".join(p[i] for p in self.pairs)

    def seat_rows(self, seat: Seat) -> list[str]:
        """``seat``'s side as five rows of five letters, turned the way that seat sees it."""
        return rows(turned(self.side(seat), seat))


def turned(cells: str, seat: Seat) -> str:
    """25 cells given in A's frame, put in ``seat``'s own reading order."""
    return "".join(cells[seat_index(i, seat)] for i in range(CELL_COUNT))


def rows(cells: str) -> list[str]:
    return [cells[r * 5 : r * 5 + 5] for r in range(5)]


def check_pairs(pairs: tuple[str, ...]) -> None:
    """Raise ``LayoutError`` naming exactly what is wrong with a pair list."""
    if len(pairs) != CELL_COUNT:
        raise LayoutError(f"a layout has 25 pairs, this one has {len(pairs)}")
    for n, pair in enumerate(pairs, 1):
        if len(pair) != 2 or pair[0] not in ROLES or pair[1] not in ROLES:
            raise LayoutError(f"pair {n} ('{pair}') is not two letters from G, T, B")
    counts = Counter(pairs)
    if counts != PAIR_COUNTS:
        wrong = [
            f"{p} {counts.get(p, 0)} (needs {n})"
            for p, n in PAIR_COUNTS.items()
            if counts.get(p, 0) != n
        ]
        raise LayoutError("layout breaks the key card's pair counts: " + ", ".join(wrong))
