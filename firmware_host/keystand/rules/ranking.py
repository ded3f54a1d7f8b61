"""Rank and unrank key cards: a one-to-one map between layouts and 0 .. TOTAL-1.

A layout is a permutation of the multiset PAIR_COUNTS, so its lexicographic rank
among all such permutations is a compact, order-preserving number. Position by
position, the number of layouts that put pair type ``t`` next is
``M * count[t] / remaining`` where ``M`` is the multinomial of what is left; this
keeps every step in exact integer arithmetic.
"""

from __future__ import annotations

from math import factorial

from .errors import LayoutError
from .layout import CELL_COUNT, PAIR_COUNTS, Layout

TYPES: tuple[str, ...] = tuple(PAIR_COUNTS)
_COUNTS: tuple[int, ...] = tuple(PAIR_COUNTS.values())


def _multinomial(counts: tuple[int, ...] | list[int]) -> int:
    out = factorial(sum(counts))
    for c in counts:
        out //= factorial(c)
    return out


TOTAL: int = _multinomial(_COUNTS)  # 35,620,613,892,864,000 distinct key cards


def rank(layout: Layout) -> int:
    counts = list(_COUNTS)
    left = CELL_COUNT
    block = TOTAL
    result = 0
    for pair in layout.pairs:
        for t, name in enumerate(TYPES):
            c = counts[t]
            if not c:
                continue
            sub = block * c // left
            if name == pair:
                block = sub
                counts[t] = c - 1
                break
            result += sub
        left -= 1
    return result


def unrank(value: int) -> Layout:
    if not 0 <= value < TOTAL:
        raise LayoutError(f"layout number {value} is outside 0..{TOTAL - 1}")
    counts = list(_COUNTS)
    left = CELL_COUNT
    block = TOTAL
    pairs: list[str] = []
    for _ in range(CELL_COUNT):
        for t, name in enumerate(TYPES):
            c = counts[t]
            if not c:
                continue
            sub = block * c // left
            if value < sub:
                pairs.append(name)
                counts[t] = c - 1
                block = sub
                break
            value -= sub
        left -= 1
    return Layout(pairs)
