"""The clue giver: a clue a person can follow, and the number of cards it clearly fits.

Self-play once chose clues by playing them out against a noisy copy of our own
table; that rewarded clues only this table understands, and people met 4s they
followed to one card and clues that led onto the assassin (issue 26). The giver
now counts a target only when the clue stands clearly above every card the
partner may touch that is not ours (``MARGIN``) and is a link a person sees at
all (``FLOOR``); a clue that any assassin is near (``ASSASSIN_NEAR``), or that
names a broader kind an assassin belongs to (``Partner.kin_clues``), is not
given; and among the clues that pass, the partner model (``person``: how likely
a person is to find a target by its lead over the best other card, measured in
benchmarks/partner_people/) and the word's frequency decide (docs/partner.md).
Beside the table's clues it may say a word people say that the table lacks
(*punainen*, 北海道), when the themes writers judged it against every card
(``_said``): of people's bigger clues than its own on h1-h10, a quarter used one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .knowledge import Knowledge

if TYPE_CHECKING:
    from .core import Board, Partner

MAX_NUMBER = 3  # a person follows a 4 to one or two cards (docs/partner.md)
# A target's association (standardised units) a person sees at once: a link about
# a card's twentieth, or the table's strongest. At or above the guesser's STOP, so
# that our own guesser reads every target back.
FLOOR = 3.5
MARGIN = 1.0  # ... and its lead over every other card the partner may touch
ASSASSIN_NEAR = 2.0  # an assassin this near the clue (or linked to it) rules the clue out
ASSASSIN_MARGIN = 3.0  # ... and every target leads the assassins by this much
# The partner model: a person finds a target with probability
# sigmoid(SLOPE * (lead - MIDPOINT - UNLINKED)), lead being its association less the
# best other card's (standardised units), UNLINKED only for a target no native
# speaker's list links to the clue; fitted to people's 1,630 touches of the partner's
# targets on the runs t1-t3 and h2-h6 (people.py fit; docs/partner.md).
SLOPE = 0.4
MIDPOINT = -3.0
UNLINKED = 3.5
# Without a native speaker's link, a target counts only when the clue is among the
# card's REVIEWED best clues in the table (each language's review read them).
REVIEWED = 10
RARE = 0.15  # expected agents given up from the commonest clue word to the rarest
# ... and for a word beyond the table, one people said (its rank is not known): the
# table's middle word's
SAID_RARE = RARE / 2


@dataclass(frozen=True, slots=True)
class ClueChoice:
    """A clue: ``targets`` are the cells it means (the giver's own unfound agents),
    best first; ``expected`` the agents a person is expected to find."""

    word: str
    number: int
    targets: tuple[int, ...]
    expected: float


def person(lead: float, linked: bool = True) -> float:
    """The chance a person finds a target that leads the best other card by
    ``lead`` standardised units, ``linked`` or not to the clue by a native speaker's
    list (the partner model above)."""
    return 1.0 / (1.0 + math.exp(-SLOPE * (lead - MIDPOINT - (0.0 if linked else UNLINKED))))


def _nth_best(row: memoryview, n: int) -> int:
    """The ``n``-th highest value of a table row (signed bytes), counted in C from the
    top value down (sorting 8,000 values for each target was a tenth of a clue's time)."""
    data = row.tobytes()
    seen = 0
    for value in range(127, -129, -1):
        seen += data.count(value & 0xFF)
        if seen >= n:
            return value
    return -128


class Giver:
    """Chooses clues for one partner (see the module's docstring)."""

    def __init__(self, partner: Partner, caution: float = 1.0) -> None:
        self.partner = partner
        self.caution = caution
        # caution widens the lead a target needs and the distance to the assassins
        self.margin = MARGIN * caution
        self.assassin_near = ASSASSIN_NEAR / caution
        self.assassin_margin = ASSASSIN_MARGIN * caution

    def clue(
        self, board: Board, know: Knowledge, seed: int = 0, exclude: Iterable[str] = ()
    ) -> ClueChoice | None:
        """The best clue for ``know``'s unfound agents, or None. ``exclude``: clue
        words already given in this game (by either seat), never given again.
        ``seed`` is kept for callers; the choice is deterministic."""
        del seed
        banned = self._indices(exclude)
        targets = [c for c in know.targets() if know.partner_can_guess(c)]
        if not targets:
            return None
        others = [c for c in range(25) if know.partner_can_guess(c) and c not in targets]
        assassins = [c for c in others if know.side[c] == "B"]
        # a broader kind of an assassin (*eläin* while KORPPI, a *lintu*, is one) is near
        # it for a person, however far apart the table and its lists put the two
        kin = frozenset().union(*(self.partner.kin_clues(board.indices[c]) for c in assassins))
        scale = board.scale
        rows = board.rows
        vocab = len(rows[0])
        # Column maxima in C (map over zip of the rows' bytes): a clue's best target,
        # best other card and nearest assassin, for all 8,000-odd clues at once.
        low = [-128] * vocab
        tmax = list(map(max, zip(*(rows[c] for c in targets), strict=True)))
        omax = list(map(max, zip(*(rows[c] for c in others), strict=True))) if others else low
        amax = list(map(max, zip(*(rows[c] for c in assassins), strict=True))) if assassins else low
        # With native speakers' links, a target counts only where they name the clue
        # for it: the table alone is one source, and its own quirks are not a person's.
        linked = board.linked
        # ... or where the clue is among the card's REVIEWED best in the table, the
        # rows native readers read through (docs/partner.md, the reviews)
        table = self.partner.table
        raw = {c: table.row(board.indices[c]) for c in targets} if linked else {}
        best = {c: _nth_best(r, REVIEWED) for c, r in raw.items()}
        floor = FLOOR * scale
        margin = self.margin * scale
        near = self.assassin_near * scale
        amargin = self.assassin_margin * scale
        # Every bar is FLOOR at least, so only a clue whose best target reaches it can
        # pass: the first scan reads those alone (a few hundred of 8,000, a tenth of
        # the clue's time); every clue only when none passes, for the fallbacks.
        hopeful = [j for j in board.allowed if tmax[j] >= floor]
        for scan in (hopeful, board.allowed):
            chosen: tuple[float, int, list[int]] | None = None  # value, clue, targets
            fallback: tuple[float, int] | None = None  # lead, clue: when no clue passes
            last: tuple[float, int] | None = None  # ... and when every clue is near an assassin
            for j in scan:
                if j in banned:
                    continue
                top = tmax[j]
                if amax[j] >= near or j in kin:
                    # (a kind an assassin belongs to counts as near it, for the last resort)
                    danger = max(amax[j], near) if j in kin else amax[j]
                    if last is None or top - danger > last[0]:
                        last = (top - danger, j)
                    continue  # an assassin is near this clue for some reading
                bar = max(omax[j] + margin, amax[j] + amargin, floor)
                if top < bar:
                    if fallback is None or top - bar > fallback[0]:
                        fallback = (top - bar, j)
                    continue
                leads = sorted(
                    (
                        (rows[c][j], not linked or (c, j) in linked, c)
                        for c in targets
                        if not linked or (c, j) in linked or raw[c][j] >= best[c]
                    ),
                    reverse=True,
                )
                counted = []
                value = 0.0
                for v, named, c in leads[:MAX_NUMBER]:
                    if v < bar:
                        break
                    counted.append(c)
                    value += person((v - omax[j]) / scale, named)
                if not counted:
                    continue
                value -= RARE * j / vocab
                if chosen is None or value > chosen[0] + 1e-9:
                    chosen = (value, j, counted)
            if chosen is not None:
                break
        said = self._said(board, targets, others, assassins, kin, banned)
        if said is not None and (chosen is None or said[0] > chosen[0] + 1e-9):
            chosen = said

        if chosen is None:
            # Nothing clears the bar (late, with few agents and much on the table):
            # the clue whose best target comes nearest to it, for one card; failing
            # that, the one whose best target stands furthest above the assassins.
            pick = fallback or last
            if pick is None:
                return None
            j = pick[1]
            chosen = (0.0, j, [max(targets, key=lambda c: rows[c][j])])
        value, j, meant = chosen
        if j >= vocab:  # a word beyond the table: its value is the expected agents
            expected = value + SAID_RARE
        else:  # the targets counted (a linked or reviewed pair), best first
            expected = sum(
                person((rows[c][j] - omax[j]) / scale, not linked or board.named(c, j))
                for c in meant
            )
        return ClueChoice(self.partner.clues[j], len(meant), tuple(meant), round(expected, 3))

    def _said(
        self,
        board: Board,
        targets: list[int],
        others: list[int],
        assassins: list[int],
        kin: frozenset[int],
        banned: set[int],
    ) -> tuple[float, int, list[int]] | None:
        """The best clue among the words beyond the table that the themes writers
        judged against every card (*punainen*, *HOT*, 北海道: people's everyday
        adjectives and compounds): value, clue, targets, as the table's scan gives.
        Every card the writers linked scores its link; one they named weak, NEAR;
        any other, UNNAMED, as our guesser reads them (``Board.score``). The same
        bars as for a table clue, in standardised units."""
        from .core import NEAR, UNNAMED

        best: tuple[float, int, list[int]] | None = None
        for j, column in board.extra.items():
            if j not in board.themed or j in banned or j in kin:
                continue
            weak = board.weak.get(j, frozenset())
            seen = [max(v, NEAR if c in weak else UNNAMED) for c, v in enumerate(column)]
            danger = max((seen[c] for c in assassins), default=UNNAMED)
            if danger >= self.assassin_near:
                continue
            other = max((seen[c] for c in others), default=UNNAMED)
            bar = max(other + self.margin, danger + self.assassin_margin, FLOOR)
            leads = sorted(
                ((column[c], c) for c in targets if column[c] >= bar and board.named(c, j)),
                reverse=True,
            )
            if not leads:
                continue
            if any(self.partner.clash(j, word) for word in board.words):
                continue
            counted = [c for _v, c in leads[:MAX_NUMBER]]
            value = sum(person(v - other) for v, _c in leads[:MAX_NUMBER]) - SAID_RARE
            if best is None or value > best[0] + 1e-9:
                best = (value, j, counted)
        return best

    def _indices(self, words: Iterable[str]) -> set[int]:
        """The vocabulary indices of ``words`` (a plural as its singular); a word the
        vocabulary does not hold cannot be chosen anyway."""
        from .core import PartnerError

        out = set()
        for word in words:
            try:  # both spellings of a Japanese word (ブタ, 豚): one word, said once
                out.add(self.partner.clue_index(word))
                out.add(self.partner.clue_index(word, spelling=False))
            except PartnerError:
                continue
        return out
