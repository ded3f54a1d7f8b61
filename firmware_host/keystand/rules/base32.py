"""Crockford base32 symbols and a Damm check over GF(32): the codec of every code.

Key codes (keycode.py) and game codes (gamecode.py) both write numbers as
Crockford symbols, read typing forgivingly (case, hyphens and spaces ignored, I
and L as 1, O as 0) and end in one check symbol.

Why not Crockford's own mod-37 check symbol: it needs the extra symbols
``* ~ $ = U``, and ``~``/``=`` fall outside QR alphanumeric mode, which our game
codes must stay in. Instead the check is the Damm algorithm over the quasigroup
``x * y = 2x + y`` in GF(32) (modulus x^5 + x^2 + 1). That operation is totally
anti-symmetric, so the check catches every single wrong symbol and every swap of
two neighbours (including a swap with the check symbol) while staying inside the
same 32-symbol alphabet. No maintained package offers this, hence the few lines here.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import KeyCodeError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0})
_GF_MODULUS = 0b100101  # x^5 + x^2 + 1, primitive over GF(2)
GROUP = 4  # symbols between hyphens, as codes are printed


def _times2(x: int) -> int:
    x <<= 1
    return x ^ _GF_MODULUS if x & 0b100000 else x


def damm_fold(values: Sequence[int]) -> int:
    """The Damm fold of ``values``: zero when they end in their own check symbol."""
    interim = 0
    for v in values:
        interim = _times2(interim) ^ v
    return interim


def damm_check(values: Sequence[int]) -> int:
    """The symbol value that makes the Damm fold over ``values + [check]`` zero."""
    # interim * c = 2*interim + c must be 0, and in characteristic 2, -x = x.
    return _times2(damm_fold(values))


def normalize(text: str, what: str = "key code") -> list[int]:
    """Symbol values of a typed code; raises ``KeyCodeError`` on foreign characters."""
    values = []
    for ch in text.upper():
        if ch in "- \t":
            continue
        value = _VALUE.get(ch)
        if value is None:
            raise KeyCodeError(f"'{ch}' cannot appear in a {what} (it uses 0-9 and A-Z but U)")
        values.append(value)
    return values


def digits(value: int, count: int) -> list[int]:
    """``value`` as ``count`` base-32 digits, most significant first."""
    return [(value >> (5 * (count - 1 - i))) & 31 for i in range(count)]


def number(values: Sequence[int]) -> int:
    """The number base-32 digits stand for (the inverse of :func:`digits`)."""
    out = 0
    for v in values:
        out = (out << 5) | v
    return out


def grouped(text: str) -> list[str]:
    """``text`` in groups of four, as slips and screens print codes."""
    return [text[i : i + GROUP] for i in range(0, len(text), GROUP)]


def format_symbols(values: Sequence[int]) -> str:
    """Symbol values as printed: ``XXXX-XXXX-XXXX``."""
    return "-".join(grouped("".join(ALPHABET[v] for v in values)))
