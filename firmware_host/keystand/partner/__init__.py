"""The AI partner (issue 19): gives and takes clues over a precomputed table.

``Partner.load(lang)`` opens the language's table; ``partner.board(words)`` puts
25 words on the table; ``partner.giver.clue(board, Knowledge.of(state, seat))``
and ``partner.guesser.guesses(board, know, clue, number)`` play a seat. See
docs/partner.md.
"""

from .core import CHECK_REASONS, LANGS, Board, Partner, PartnerError
from .giver import ClueChoice, Giver
from .guesser import Guesser
from .knowledge import Knowledge

__all__ = [
    "CHECK_REASONS",
    "LANGS",
    "Board",
    "ClueChoice",
    "Giver",
    "Guesser",
    "Knowledge",
    "Partner",
    "PartnerError",
]
