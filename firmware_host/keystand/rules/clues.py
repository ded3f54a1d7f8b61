"""Clue words the table forbids: the words still visible on it.

The rulebooks: a clue cannot be one of the visible words, nor a form of one, nor a
part of a compound word on the table. Only the certain cases are decided here: the
clue (or one of its words) is a visible card's word, or one of the words of a card
that holds several ("ICE CREAM", "HARRY POTTER"). Forms and hidden compounds
("Juice" in POLYJUICE) stay the players' judgement, settled with ``penalty``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

_SPLIT = re.compile(r"[\s\-‐‑–—_/]+")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _pieces(text: str) -> set[str]:
    """The folded text and each of its words."""
    whole = _fold(text)
    return {whole, *(p for p in _SPLIT.split(whole) if p)} - {""}


def clue_clash(clue: str, words: Sequence[str], visible: Iterable[int]) -> int | None:
    """The cell of the first visible word the clue repeats, or ``None``.

    ``words`` are the 25 words in A's reading order (a cell's index is its word's
    index); ``visible`` the cells not covered yet (a word marked from one side only
    is still visible).
    """
    said = _pieces(clue)
    for cell in visible:
        if said & _pieces(words[cell]):
            return cell
    return None
