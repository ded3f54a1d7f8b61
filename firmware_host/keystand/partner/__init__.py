"""The AI partner (issue 19): gives and takes clues over a precomputed table.

``Partner.load(lang)`` opens the language's table; ``partner.board(words)`` puts
25 words on the table; ``partner.giver.clue(board, Knowledge.of(state, seat))``
and ``partner.guesser.guesses(board, know, clue, number)`` play a seat. See
docs/partner.md. The names load on first use, so that ``keystand``'s other
commands (which register ``partner`` in their parser) import none of it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core import CHECK_REASONS, LANGS, Board, Partner, PartnerError
    from .giver import ClueChoice, Giver
    from .guesser import Guesser
    from .knowledge import Knowledge

_WHERE = {
    "CHECK_REASONS": "core",
    "LANGS": "core",
    "Board": "core",
    "Partner": "core",
    "PartnerError": "core",
    "ClueChoice": "giver",
    "Giver": "giver",
    "Guesser": "guesser",
    "Knowledge": "knowledge",
}

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


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
