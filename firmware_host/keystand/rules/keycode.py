"""Typable key codes: a layout's rank in Crockford base32 plus one check symbol.

Format: 11 data symbols (55 bits, enough for all 35.6e15 layouts) and a check
symbol, printed as ``XXXX-XXXX-XXXX``. Reading is forgiving the way Crockford
intends: case, hyphens and spaces are ignored, I and L read as 1, O as 0.

Why not Crockford's own mod-37 check symbol: it needs the extra symbols
``* ~ $ = U``, and ``~``/``=`` fall outside QR alphanumeric mode, which our game
codes must stay in. Instead the check is the Damm algorithm over the quasigroup
``x * y = 2x + y`` in GF(32) (modulus x^5 + x^2 + 1). That operation is totally
anti-symmetric, so the check catches every single wrong symbol and every swap of
two neighbours (including a swap with the check symbol) while staying inside the
same 32-symbol alphabet. No maintained package offers this, hence the few lines here.
"""

from __future__ import annotations

from .errors import KeyCodeError
from .layout import Layout
from .ranking import TOTAL, rank, unrank

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0})
DATA_SYMBOLS = 11
CODE_SYMBOLS = DATA_SYMBOLS + 1
_GF_MODULUS = 0b100101  # x^5 + x^2 + 1, primitive over GF(2)


def _times2(x: int) -> int:
    x <<= 1
    return x ^ _GF_MODULUS if x & 0b100000 else x


def damm_check(values: list[int] | tuple[int, ...]) -> int:
    """The symbol value that makes the Damm fold over ``values + [check]`` zero."""
    interim = 0
    for v in values:
        interim = _times2(interim) ^ v
    # interim * c = 2*interim + c must be 0, and in characteristic 2, -x = x.
    return _times2(interim)


def _damm_fold(values: list[int]) -> int:
    interim = 0
    for v in values:
        interim = _times2(interim) ^ v
    return interim


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


def format_symbols(values: list[int]) -> str:
    text = "".join(ALPHABET[v] for v in values)
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def encode_rank(value: int) -> str:
    if not 0 <= value < TOTAL:
        raise KeyCodeError(f"layout number {value} is outside 0..{TOTAL - 1}")
    digits = [(value >> (5 * (DATA_SYMBOLS - 1 - i))) & 31 for i in range(DATA_SYMBOLS)]
    return format_symbols([*digits, damm_check(digits)])


def decode_rank(text: str) -> int:
    values = normalize(text)
    if len(values) != CODE_SYMBOLS:
        raise KeyCodeError(
            f"key code '{text.strip()}' has {len(values)} symbols, a key code has {CODE_SYMBOLS}"
        )
    if _damm_fold(values):
        raise KeyCodeError(
            f"key code '{text.strip()}' is mistyped (its check symbol does not match)"
        )
    value = 0
    for v in values[:DATA_SYMBOLS]:
        value = (value << 5) | v
    if value >= TOTAL:
        raise KeyCodeError(f"key code '{text.strip()}' is not a key card (number out of range)")
    return value


def encode(layout: Layout) -> str:
    return encode_rank(rank(layout))


def decode(text: str) -> Layout:
    return unrank(decode_rank(text))
