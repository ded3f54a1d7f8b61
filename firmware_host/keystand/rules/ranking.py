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
from .layout import PAIR_COUNTS, Layout

TYPES: tuple[str, ...] = tuple(PAIR_COUNTS)
_COUNTS: tuple[int, ...] = tuple(PAIR_COUNTS.values())


def _multinomial(counts: tuple[int, ...] | list[int]) -> int:
    out = factorial(sum(counts))
    for c in counts:
        out //= factorial(c)
    return out


TOTAL: int = _multinomial(_COUNTS)  # 35,620,613,892,864,000 distinct key cards


def rank_multiset(
    items: tuple[str, ...] | str, types: tuple[str, ...], counts: tuple[int, ...]
) -> int:
    """Lexicographic rank of ``items`` among all arrangements of the multiset."""
    left = list(counts)
    n = sum(counts)
    block = _multinomial(counts)
    result = 0
    for item in items:
        for t, name in enumerate(types):
            c = left[t]
            if not c:
                continue
            sub = block * c // n
            if name == item:
                block = sub
                left[t] = c - 1
                break
            result += sub
        n -= 1
    return result


def unrank_multiset(value: int, types: tuple[str, ...], counts: tuple[int, ...]) -> list[str]:
    """Inverse of :func:`rank_multiset`; ``value`` must be below the multinomial."""
    left = list(counts)
    n = sum(counts)
    block = _multinomial(counts)
    out: list[str] = []
    for _ in range(n):
        for t, name in enumerate(types):
            c = left[t]
            if not c:
                continue
            sub = block * c // n
            if value < sub:
                out.append(name)
                left[t] = c - 1
                block = sub
                break
            value -= sub
        n -= 1
    return out


def rank(layout: Layout) -> int:
    return rank_multiset(layout.pairs, TYPES, _COUNTS)


def unrank(value: int) -> Layout:
    if not 0 <= value < TOTAL:
        raise LayoutError(f"layout number {value} is outside 0..{TOTAL - 1}")
    return Layout(unrank_multiset(value, TYPES, _COUNTS))
