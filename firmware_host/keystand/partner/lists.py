"""The hand-kept word lists of the partner's build: clue words it never gives.

``lists/LANG-blocked.txt``: crude and offensive words, reviewed by a person.
``lists/LANG-confusing.txt``: words a player would misread as a clue (personal
names, a sense nobody thinks of first). One word a line; ``#`` starts a comment.
``lists/LANG-descriptions.txt``: see ``descriptions``.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

LISTS_DIR = Path(__file__).with_name("lists")


def _read(name: str) -> frozenset[str]:
    path = LISTS_DIR / name
    if not path.exists():
        return frozenset()
    out = set()
    for line in path.read_text("utf-8").splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            out.add(unicodedata.normalize("NFC", word).casefold())
    return frozenset(out)


def descriptions(lang: str) -> dict[str, list[str]]:
    """``lists/LANG-descriptions.txt``: ``word: a few words saying what it is``, for
    board words whose vectors alone miss what a player thinks of first."""
    path = LISTS_DIR / f"{lang}-descriptions.txt"
    out: dict[str, list[str]] = {}
    if path.exists():
        for line in path.read_text("utf-8").splitlines():
            text = line.split("#", 1)[0]
            word, sep, rest = text.partition(":")
            if sep and rest.split():
                out[unicodedata.normalize("NFC", word.strip())] = rest.split()
    return out


def blocked(lang: str) -> frozenset[str]:
    return _read(f"{lang}-blocked.txt")


def confusing(lang: str) -> frozenset[str]:
    return _read(f"{lang}-confusing.txt")
