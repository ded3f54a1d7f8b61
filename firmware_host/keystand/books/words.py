"""Word lists and the deterministic deal of 25 words onto the table.

Lists are text files beside this module, one word a line, with an ``id`` in the
header. The deal is specified in docs/seed-format.md so that a book page, a slip
and the simulator put the same words in the same places.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ..i18n import LANGUAGES

WORDS_DIR = Path(__file__).with_name("words")
LANGS = LANGUAGES  # every language keystand speaks has a word list
TABLE = 25


class WordListError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class WordList:
    lang: str
    id: int
    words: tuple[str, ...]


def parse_word_list(text: str, lang: str, origin: str = "") -> WordList:
    list_id = None
    words = []
    for line in (raw.strip() for raw in text.splitlines()):
        if line.startswith("#"):
            key, _, value = line[1:].partition("=")
            if key.strip() == "id":
                list_id = int(value)
            continue
        if line:
            words.append(unicodedata.normalize("NFC", line))
    if list_id is None:
        raise WordListError(f"{origin}: no '# id = N' line")
    return WordList(lang, list_id, tuple(words))


def load(lang: str) -> WordList:
    if lang not in LANGS:
        raise WordListError(f"no word list for '{lang}' (choose {', '.join(LANGS)})")
    path = WORDS_DIR / f"{lang}.txt"
    return parse_word_list(path.read_text(encoding="utf-8"), lang, path.name)


def by_id(list_id: int) -> WordList:
    for lang in LANGS:
        wl = load(lang)
        if wl.id == list_id:
            return wl
    raise WordListError(f"unknown word list id {list_id}")


def problems(words: tuple[str, ...]) -> list[str]:
    """What breaks the list rules: duplicates and words inside other words."""
    out = []
    folded = [w.casefold() for w in words]
    seen: set[str] = set()
    for w in folded:
        if w in seen:
            out.append(f"'{w}' appears twice")
        seen.add(w)
    for a in sorted(seen):
        for b in sorted(seen):
            if a != b and a in b:
                out.append(f"'{a}' is part of '{b}'")
    return out


def deal_indices(list_id: int, size: int, seed: int) -> list[int]:
    """25 distinct indices into a list of ``size`` words, in A's reading order."""
    if size < TABLE:
        raise WordListError(f"a word list needs at least {TABLE} words")
    limit = (1 << 32) // size * size  # reject the top sliver: no modulo bias
    picked: list[int] = []
    counter = 0
    while len(picked) < TABLE:
        digest = hashlib.sha256(f"keystand/deal/v1/{list_id}/{seed}/{counter}".encode()).digest()
        counter += 1
        for i in range(0, 32, 4):
            x = int.from_bytes(digest[i : i + 4], "big")
            if x >= limit:
                continue
            index = x % size
            if index not in picked:
                picked.append(index)
                if len(picked) == TABLE:
                    break
    return picked


def deal(words: WordList, seed: int) -> tuple[str, ...]:
    return tuple(words.words[i] for i in deal_indices(words.id, len(words.words), seed))
