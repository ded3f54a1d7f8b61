"""Typable key codes: a layout's rank in Crockford base32 plus one check symbol.

Format: 11 data symbols (55 bits, enough for all 35.6e15 layouts) and a check
symbol, printed as ``XXXX-XXXX-XXXX``, in the base-32 codec of base32.py.
"""

from __future__ import annotations

from .base32 import ALPHABET, damm_check, damm_fold, digits, format_symbols, normalize, number
from .errors import KeyCodeError
from .layout import Layout
from .ranking import TOTAL, rank, unrank

__all__ = ["ALPHABET", "damm_check", "decode", "encode", "format_symbols", "normalize"]

DATA_SYMBOLS = 11
CODE_SYMBOLS = DATA_SYMBOLS + 1


def encode_rank(value: int) -> str:
    if not 0 <= value < TOTAL:
        raise KeyCodeError(f"layout number {value} is outside 0..{TOTAL - 1}")
    data = digits(value, DATA_SYMBOLS)
    return format_symbols([*data, damm_check(data)])


def decode_rank(text: str) -> int:
    values = normalize(text)
    if len(values) != CODE_SYMBOLS:
        raise KeyCodeError(
            f"key code '{text.strip()}' has {len(values)} symbols, a key code has {CODE_SYMBOLS}"
        )
    if damm_fold(values):
        raise KeyCodeError(
            f"key code '{text.strip()}' is mistyped (its check symbol does not match)"
        )
    value = number(values[:DATA_SYMBOLS])
    if value >= TOTAL:
        raise KeyCodeError(f"key code '{text.strip()}' is not a key card (number out of range)")
    return value


def encode(layout: Layout) -> str:
    return encode_rank(rank(layout))


def decode(text: str) -> Layout:
    return unrank(decode_rank(text))
