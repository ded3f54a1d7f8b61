"""Key card generation: uniform over all layouts, reproducible from a seed.

The generator is specified in docs/seed-format.md so that any implementation (a
phone page, another language) reproduces the same key from the same seed. It uses
SHA-256 only, never ``random``, whose internals may change between versions.
"""

from __future__ import annotations

import hashlib
import secrets

from .layout import Layout
from .ranking import TOTAL, unrank

_BITS = TOTAL.bit_length()  # 55


def seeded_rank(seed: int, index: int = 0) -> int:
    """The ``index``-th key number of ``seed``: rejection sampling on SHA-256 output."""
    if seed < 0 or index < 0:
        raise ValueError("seed and index are non-negative integers")
    attempt = 0
    while True:
        digest = hashlib.sha256(f"keystand/key/v1/{seed}/{index}/{attempt}".encode()).digest()
        value = int.from_bytes(digest[:8], "big") >> (64 - _BITS)
        if value < TOTAL:
            return value
        attempt += 1


def seeded_layout(seed: int, index: int = 0) -> Layout:
    return unrank(seeded_rank(seed, index))


def random_layout() -> Layout:
    return unrank(secrets.randbelow(TOTAL))
