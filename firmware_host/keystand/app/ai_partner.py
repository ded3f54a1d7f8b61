"""The AI partner of ``keystand.partner`` behind app/solo.py's ``Partner`` protocol.

The engine speaks in cells and vocabulary indices and ranks every card; the
table's solo game wants words, the cells the AI will touch in order, and one
card in sudden death. This module is the whole of that translation, so the app
never reaches into the engine and the engine never learns about the app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..rules.game import MARK_BIT
from .solo import ClueRefused, Know, Partner

if TYPE_CHECKING:
    from ..partner.core import Board
    from ..partner.core import Partner as Engine
    from ..partner.giver import ClueChoice
    from ..partner.knowledge import Knowledge

# The menu's level as the engine's caution (0.5 bold .. 2 careful, docs/partner.md):
# an easy partner gives safer, smaller clues and touches warily; a hard one
# stretches its clues further and risks more on them.
CAUTION = {"easy": 1.5, "normal": 1.0, "hard": 0.6}


# A clue for 0 keeps the AI off the cards the word fits best: this many of them.
ZERO_AVOIDS = 3


def load_partner(lang: str, level: str) -> Partner:
    """The daemon's ``PartnerLoader``: the engine for ``lang`` at ``level``. The
    engine is imported here, only when a solo game asks for it."""
    from ..partner.core import Partner as Engine

    if level not in CAUTION:
        raise ValueError(f"unknown AI level {level!r} (choose {', '.join(CAUTION)})")
    return EnginePartner(Engine.load(lang, caution=CAUTION[level]))


class EnginePartner:
    """``keystand.partner``'s giver and guesser as app/solo.py asks for them."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def board(self, words: Sequence[str]) -> Board:
        return self.engine.board(words)

    def clue(
        self, board: Board, know: Know, seed: int, exclude: Sequence[str] = ()
    ) -> ClueChoice | None:
        return self.engine.giver.clue(board, _knowledge(know), seed=seed, exclude=exclude)

    def check_clue(self, board: Board, text: str, visible: Sequence[str]) -> str:
        from ..partner.core import PartnerError

        showing = set(visible)
        cells = [i for i, word in enumerate(board.words) if word in showing]
        try:
            index = self.engine.check_clue(board, text, cells)
        except PartnerError as exc:
            raise ClueRefused(str(exc), exc.reason, exc.cell) from None
        return self.engine.clues[index]

    def guesses(
        self, board: Board, know: Know, word: str, number: int, history: Sequence[tuple[str, int]]
    ) -> list[int]:
        # Like its self-play, the AI touches up to the clue's number, stopping
        # short at a card the clue hardly fits (partner/guesser.py, ``touches``).
        # ``history`` is what the engine asks for: each earlier clue with how many
        # of its agents are still unfound (app/solo.py counts them).
        if number == 0:
            ranked = self.engine.guesser.guesses(board, _knowledge(know), word, number, history)
            # "None of my agents": the cards the word fits best are the ones to keep
            # off, so the AI touches its best card without a clue among the others.
            avoid = set(ranked[:ZERO_AVOIDS])
            best = self.engine.guesser.sudden_death(board, _knowledge(know), history)
            return [c for c in best if c not in avoid][:1] or best[:1]
        return self.engine.guesser.touches(board, _knowledge(know), word, number, history)

    def sudden_death(self, board: Board, know: Know) -> int:
        return self.engine.guesser.sudden_death(board, _knowledge(know, sudden=True))[0]

    def complete(self, prefix: str) -> list[str]:
        return self.engine.complete(prefix)


def _knowledge(know: Know, sudden: bool = False) -> Knowledge:
    """The engine's view of one seat from the app's: the same facts, other shapes."""
    from ..partner.knowledge import Knowledge

    return Knowledge(
        seat=know.seat,
        side=know.side,
        found=tuple(i in know.found for i in range(25)),
        marks=tuple(sum(MARK_BIT[s] for s in seats) for seats in know.bystanders),
        found_by=know.found_by,
        tokens_left=know.tokens_left,
        sudden_death=sudden,
    )
