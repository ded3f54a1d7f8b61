"""The clue giver: the clue and number with the most agents expected to be found.

The guesser is modelled as not being us: it reads each clue's associations with
Gaussian noise, touches cards best-first and stops at the number or at its first
miss. The value of a clue is the agents such a guesser finds on average, less a
heavy weight on the chance it touches our assassin (docs/partner.md).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .knowledge import Knowledge

if TYPE_CHECKING:
    from .core import Board, Partner

SAMPLES = 64  # noisy guessers per candidate clue
SHORTLIST = 40  # candidate clues simulated
MAX_NUMBER = 4
# After its first touch the model partner stops before a card it reads below this
# (standardised units), as a person does; our own guesser stops below 1.0
# (guesser.STOP). Without it a fourth target the clue hardly fits cost the model
# nothing, and the giver said 4 where a player saw no fourth card (docs/partner.md).
MODEL_STOP = 1.5
FLOOR = 3.0  # a card's association below this (standardised) is not one a person sees


@dataclass(frozen=True, slots=True)
class ClueChoice:
    """A clue: ``targets`` are the cells it means (the giver's own unfound agents),
    best first; ``expected`` the agents a noisy partner is expected to find."""

    word: str
    number: int
    targets: tuple[int, ...]
    expected: float


class Giver:
    """Chooses clues for one partner (see the module's docstring)."""

    def __init__(self, partner: Partner, caution: float = 1.0) -> None:
        self.partner = partner
        self.caution = caution
        self.noise = 0.7 * caution  # how differently we expect the partner to read us
        self.assassin_weight = 4.0 * caution

    def clue(
        self, board: Board, know: Knowledge, seed: int = 0, exclude: Iterable[str] = ()
    ) -> ClueChoice | None:
        """The best clue for ``know``'s unfound agents, or None. ``exclude``: clue
        words already given in this game (by either seat), never given again."""
        banned = self._indices(exclude)
        targets = [c for c in know.targets() if know.partner_can_guess(c)]
        if not targets:
            return None
        others = [
            c for c in range(25) if know.partner_can_guess(c) and c not in targets
        ]
        assassins = {c for c in others if know.side[c] == "B"}
        scale = board.scale
        margin = 0.5 * scale  # a target must beat the best other card by this to count
        amargin = 1.5 * scale  # ... and the assassin by this
        cand = targets + others
        a_list = [others.index(a) for a in assassins]
        rows = [board.rows[c] for c in cand]
        nt = len(targets)
        a_pos = [nt + k for k in a_list]
        usable = bytearray(len(rows[0]))
        for j in board.allowed:
            usable[j] = j not in banned

        def columns() -> Iterator[tuple[int, tuple[float, ...]]]:
            # One clue word's scores at a time, in ``cand`` order. A list of all
            # 8,000 columns cost 5 MiB for a moment on every clue (docs/performance.md).
            for j, col in enumerate(zip(*rows, strict=True)):
                if usable[j]:
                    yield j, col

        top = max((max(col[:nt]) for _j, col in columns()), default=None)
        if top is None:
            return None
        # A clue a person would see; when no target has one, the best there is.
        floor = min(FLOOR * scale, top - 0.5 * scale)

        def keyed() -> Iterator[tuple[float, int]]:
            for j, col in columns():
                tv = sorted(col[:nt], reverse=True)
                if tv[0] < floor:
                    continue
                if others:
                    worst = max(col[nt:])
                    if a_pos:
                        worst = max(worst, max(col[k] for k in a_pos) + amargin - margin)
                else:
                    worst = -1e9
                count = sum(1 for v in tv if v > worst + margin and v >= floor)
                yield count + min(tv[0] - worst, 3 * scale) / (10 * scale), j

        shortlist = heapq.nlargest(SHORTLIST, keyed())
        rng = random.Random(seed)
        sd = self.noise * scale
        draws = [[rng.gauss(0.0, sd) for _ in cand] for _ in range(SAMPLES)]
        best: tuple[float, int, int, float] | None = None  # value, clue, number, expected
        rng_cells = range(len(cand))
        stop_at = MODEL_STOP * scale
        for _key, j in shortlist:
            col = [row[j] for row in rows]
            found = [0] * (MAX_NUMBER + 1)  # found[n]: agents summed over samples for n
            deaths = [0] * (MAX_NUMBER + 1)
            for s in range(SAMPLES):
                vals = [c + e for c, e in zip(col, draws[s], strict=True)]
                # only the first MAX_NUMBER + 1 cards touched can matter
                run = 0
                for t, k in enumerate(
                    heapq.nlargest(MAX_NUMBER + 1, rng_cells, key=vals.__getitem__)
                ):
                    if t and vals[k] < stop_at:
                        break  # it stops short of a card the clue hardly fits
                    if k < nt:
                        run += 1
                        if run == MAX_NUMBER:
                            break
                        continue
                    miss = cand[k]
                    for n in range(run + 1, MAX_NUMBER + 1):
                        deaths[n] += miss in assassins
                    break
                for n in range(1, MAX_NUMBER + 1):
                    found[n] += min(run, n)
            for n in range(1, min(nt, MAX_NUMBER) + 1):
                expected = found[n] / SAMPLES
                value = expected - self.assassin_weight * deaths[n] / SAMPLES
                if best is None or value > best[0] + 1e-9:
                    best = (value, j, n, expected)
        if best is None:
            return None
        _value, j, n, expected = best
        meant = sorted(targets, key=lambda c: -board.rows[c][j])[:n]
        return ClueChoice(self.partner.clues[j], n, tuple(meant), round(expected, 3))

    def _indices(self, words: Iterable[str]) -> set[int]:
        """The vocabulary indices of ``words`` (a plural as its singular); a word the
        vocabulary does not hold cannot be chosen anyway."""
        from .core import PartnerError

        out = set()
        for word in words:
            try:
                out.add(self.partner.clue_index(word))
            except PartnerError:
                continue
        return out
