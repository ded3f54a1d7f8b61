"""The guesser: which cards to touch for a partner's clue, best first.

A card's score is its association with the clue, less the chance our own key
gives that it is the partner's assassin (Duet's key card: a card that is an
assassin on our side is one on theirs a third of the time, a bystander 1 in 13)
weighed by ``caution``. Cards our partner cannot mean are never touched: covered
ones, and those where we already found a bystander; nor one our own key shows as
an assassin that the clue fits less than ``STOP``. After the first card, the
guesser stops short of the number rather than touch a card the clue hardly fits,
as a person would (``STOP``, ``LOW``, ``LEAD``; docs/partner.md, "The guesser stops").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .knowledge import Knowledge, _bit

if TYPE_CHECKING:
    from .core import Board, Partner

# P(the partner's side shows the assassin | our side shows G, T, B): the key card's pairs.
ASSASSIN_GIVEN = {"G": 1 / 9, "T": 1 / 13, "B": 1 / 3}
# After the first touch, a card whose association with the clue is below this
# (standardised units) is not touched: a person goes on only when fairly sure.
# Fitted to the blind players' clues of the tuning run t1 (docs/partner.md): the
# second and third cards it ranked from 3.0 to 3.5 were agents 4 times in 5, from
# 2.5 to 3.0 once in 5, below 2.5 5 times in 19. Self-play once kept 1.0, where a
# noisy copy of the giver reads many meant cards low.
STOP = 3.0
# ... unless it is a clear second: at least LOW and ahead of the next card by LEAD,
# both less the assassin risk our own key gives (the tuning run t3: CHESS 2, CASTLE
# then JIGSAW at 2.6, an assassin on our own side; it is 1.6 with the risk).
# On t1 and t2's people's clues (tuning) a person went on to such a card (HORSESHOE
# 2: MAGNET, then CLOVER at 2.0, the next at 1.1; Italia 2: PIZZA, then JÄÄTELÖ at
# 2.2, the next at 0.9): 1.43 to 1.49 agents a clue in English, 1.63 to 1.68 in
# Finnish, no more bystanders there (one more in Japanese), no assassin.
LOW = 2.0
LEAD = 0.7
# (A cut at a share of the first card's fit, 0.3, was dropped: below STOP and LOW
# it never decided, and above them it fired only after a first card far above any
# link, WHALE at 12.7 for *mammals*, where a person still goes on to ELEPHANT at
# 3.8; on t1-h15's people's clues, 8 English clues more found in full without it.)
# ... and a card our own key shows as an assassin is touched below STOP only when the
# clue fits it this much better than any other card
PLAIN = 2.0


class Guesser:
    """Ranks cards for a clue (see the module's docstring)."""

    def __init__(self, partner: Partner, caution: float = 1.0) -> None:
        self.partner = partner
        self.caution = caution
        self.assassin_weight = 3.0 * caution  # standardised units per unit of probability

    def _prior(self, know: Knowledge, cell: int) -> float:
        return -self.assassin_weight * ASSASSIN_GIVEN[know.side[cell]]

    def guesses(
        self,
        board: Board,
        know: Knowledge,
        clue: str,
        number: int,
        history: Sequence[tuple[str, int]] = (),
    ) -> list[int]:
        """Every card we may touch, best first, for ``clue`` ``number``. ``history``:
        our partner's earlier clues to us, each with how many of its agents we have
        not found yet; a card that fits an open one well ranks a little higher."""
        j = self.partner.clue_index(clue)
        past = [self.partner.clue_index(w) for w, left in history if left > 0]
        cells = [c for c in range(25) if know.can_guess(c)]

        # A card our own key shows as an assassin is the partner's a third of the time:
        # touched only when the clue fits it as well as a card we would go on to.
        # (Held-out run h5: SKI 2 and CANDLESTICK 2 had it touch such a card first,
        # at 2.2 units, and lose; on the tuning runs the rule changes no touch.)
        # ... or as the only card the clue points at: a person does not clue their own
        # assassin alone (h9: 毒リンゴ 2 fitted 魔女 at 2.9 and every other card at 0.0,
        # and the partner touched one of those, blind)
        def plain(c: int) -> bool:
            fit = board.score(c, j)
            rest = max((board.score(o, j) for o in cells if o != c), default=float("-inf"))
            return fit >= STOP or fit - rest >= PLAIN

        sure = [c for c in cells if know.side[c] != "B" or plain(c)]
        cells = sure or cells  # Duet asks for one touch at least

        def score(c: int) -> float:
            s = board.score(c, j) + self._prior(know, c)
            if past:
                s += 0.2 * max(0.0, max(board.score(c, p) for p in past) - 2.0)
            return s

        return sorted(cells, key=lambda c: (-score(c), c))

    def touches(
        self,
        board: Board,
        know: Knowledge,
        clue: str,
        number: int,
        history: Sequence[tuple[str, int]] = (),
    ) -> list[int]:
        """The cards to touch for ``clue`` ``number``, in order: ``guesses``' best
        ``number`` (at least one), cut before the first after the first whose
        association with the clue is below ``STOP`` (or, for a clear second, below
        ``LOW`` or within ``LEAD`` of the card ranked after it, the assassin risk
        taken off both)."""
        j = self.partner.clue_index(clue)
        ranked = self.guesses(board, know, clue, number, history)
        out = ranked[:1]

        def risked(c: int) -> float:  # the fit less the assassin risk our key gives
            return board.score(c, j) + self._prior(know, c)

        # every card we could touch, our own assassins too: a clear second leads them all
        cells = [c for c in range(25) if know.can_guess(c)]
        for k in range(1, min(max(number, 1), len(ranked))):
            score = board.score(ranked[k], j)
            seen = ranked[: k + 1]
            after = max((risked(c) for c in cells if c not in seen), default=float("-inf"))
            clear = risked(ranked[k]) >= LOW and risked(ranked[k]) - after >= LEAD
            if score < STOP and not clear:
                break
            out.append(ranked[k])
        return out

    def sudden_death(
        self, board: Board, know: Knowledge, history: Sequence[tuple[str, int]] = ()
    ) -> list[int]:
        """Cards for sudden death, best first: no clue now, and any miss loses, so the
        card likeliest to be one of the partner's agents. Our own key and the table
        say how likely (``agent_chances``); a card that fits an earlier clue of the
        partner's with agents still unfound (``history`` as for ``guesses``) is likelier
        still."""
        past = [self.partner.clue_index(w) for w, left in history if left > 0]
        cells = [c for c in range(25) if know.can_guess(c)]
        agent, assassin = agent_chances(know)

        def score(c: int) -> float:
            fit = max((board.score(c, p) for p in past), default=0.0)
            role = know.side[c]
            return 0.5 * max(fit, 0.0) + 10.0 * agent[role] - 0.3 * assassin[role]

        return sorted(cells, key=lambda c: (-score(c), c))


# The key card's pairs: of our G, T and B cards, how many are the partner's agents and
# how many the partner's assassins (Duet: GG 3, GT 5, GB 1; TG 5, TT 7, TB 1; BG, BT, BB 1).
_CARDS = {"G": 9, "T": 13, "B": 3}
_THEIR_AGENTS = {"G": 3, "T": 5, "B": 1}
_THEIR_ASSASSINS = {"G": 1, "T": 1, "B": 1}


def agent_chances(know: Knowledge) -> tuple[dict[str, float], dict[str, float]]:
    """For a card we may still touch, by what our own side shows (G, T, B): the chance
    it is one of the partner's agents and the chance it is their assassin, given the
    table: the partner's agents we found (covered, found by us), and the cards we
    touched that were their bystanders (our mark). No assassin has been touched."""
    mine = know.seat
    found: dict[str, int] = dict.fromkeys(_CARDS, 0)
    known: dict[str, int] = dict.fromkeys(_CARDS, 0)  # not their agent, not their assassin
    for c in range(len(know.side)):
        role = know.side[c]
        if know.found_by[c] == mine:
            found[role] += 1
        elif know.marks[c] and know.marks[c] & _bit(mine):
            known[role] += 1  # we touched it on their clue: their bystander
    agent = {}
    assassin = {}
    for role, cards in _CARDS.items():
        unknown = max(cards - found[role] - known[role], 1)
        agent[role] = max(_THEIR_AGENTS[role] - found[role], 0) / unknown
        assassin[role] = _THEIR_ASSASSINS[role] / unknown
    return agent, assassin
