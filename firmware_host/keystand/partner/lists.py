"""The hand-kept word lists of the partner's build: clue words it never gives.

``lists/LANG-blocked.txt``: crude and offensive words, reviewed by a person.
``lists/LANG-confusing.txt``: words a player would misread as a clue (personal
names, a sense nobody thinks of first). Words are separated by white space, so
a line may list several; ``#`` starts a comment.
``lists/LANG-descriptions.txt``: see ``descriptions``, ``replaced`` and ``senses_replaced``.
``lists/LANG-readings.txt``: see ``readings``.
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
        for word in line.split("#", 1)[0].split():
            out.add(unicodedata.normalize("NFC", word).casefold())
    return frozenset(out)


def _description_lines(lang: str) -> list[tuple[str, list[str], str]]:
    """(word, description, mode): mode is the line's prefix, "=", "-" or ""."""
    path = LISTS_DIR / f"{lang}-descriptions.txt"
    out: list[tuple[str, list[str], str]] = []
    if path.exists():
        for line in path.read_text("utf-8").splitlines():
            text = line.split("#", 1)[0]
            word, sep, rest = text.partition(":")
            word = unicodedata.normalize("NFC", word.strip())
            mode = word[:1] if word[:1] in ("=", "-") else ""
            if sep and rest.split():
                out.append((word[len(mode) :].strip(), rest.split(), mode))
    return out


def descriptions(lang: str) -> dict[str, list[str]]:
    """``lists/LANG-descriptions.txt``: ``word: a few words saying what it is``, for
    board words whose vectors alone miss what a player thinks of first (and, in
    Japanese, clue words whose vector reads another sense: 米 the United States)."""
    return {word: words for word, words, _ in _description_lines(lang)}


def replaced(lang: str) -> frozenset[str]:
    """The described words whose line starts with ``=``: their description stands in
    for their own vector (a vector that reads another sense, such as 嵐 the band),
    rather than being blended with it; in English also for their WordNet senses."""
    return frozenset(word for word, _, mode in _description_lines(lang) if mode == "=")


def senses_replaced(lang: str) -> frozenset[str]:
    """The described words whose line starts with ``-`` (English): their description
    stands in for their WordNet senses, which lead elsewhere (cutlery, an edge tool,
    for AXE; a gravy boat), and their own vector stays."""
    return frozenset(word for word, _, mode in _description_lines(lang) if mode == "-")


def blocked(lang: str) -> frozenset[str]:
    return _read(f"{lang}-blocked.txt")


def confusing(lang: str) -> frozenset[str]:
    return _read(f"{lang}-confusing.txt")


def readings(lang: str) -> dict[str, str]:
    """``lists/LANG-readings.txt``: ``word reading`` (Japanese: hiragana), for words
    whose analyser reading is not the one a player types (箱: Sudachi ばこ, はこ
    typed). The build stores this reading, and the independent test of refusals reads
    it in place of UniDic's: the list is the one place that fact is kept."""
    path = LISTS_DIR / f"{lang}-readings.txt"
    out: dict[str, str] = {}
    if path.exists():
        for line in path.read_text("utf-8").splitlines():
            parts = line.split("#", 1)[0].split()
            if len(parts) not in (0, 2):
                raise ValueError(f"{path.name}: 'word reading' expected, not {line!r}")
            if parts:
                out[unicodedata.normalize("NFC", parts[0])] = unicodedata.normalize("NFC", parts[1])
    return out


def near(lang: str) -> dict[str, list[str]]:
    """``lists/LANG-near.txt``: ``card: word word ...``, words a player may still take
    for the card (a looser link, another sense; the themes writers named it weak for,
    benchmarks/partner_people/writers.py). The giver keeps clear of them."""
    return _card_lines(LISTS_DIR / f"{lang}-near.txt")


def kinds(lang: str) -> dict[str, list[str]]:
    """``lists/LANG-kinds.txt``: ``kind: narrower narrower ...``, the broader kinds a
    player reads through narrower ones (a card linked to *bird* is, to a person, an
    *animal* too), written by the team. The giver keeps a kind clear of an assassin
    of that kind, which no table or card's list may say (KORPPI's writers named
    *lintu*, not *eläin*)."""
    return _card_lines(LISTS_DIR / f"{lang}-kinds.txt")


def themed(lang: str) -> frozenset[str]:
    """``lists/LANG-themed.txt``: the clue words the themes writers judged against
    every card (benchmarks/partner_people/writers.py). For such a word the links and
    near words say every card a player takes for it; any other card, whatever the
    table's vectors say, is one a player does not (*talvi* and SYKSY)."""
    return _read(f"{lang}-themed.txt")


def one_sided(lang: str) -> dict[str, list[str]]:
    """``lists/LANG-one-sided.txt``: ``card: word word ...``, the card's links that are
    theme words whose themes readers, going through every card for the word, named
    this card neither strong nor weak (benchmarks/partner_people/writers.py). People
    hearing such a word found the card three times in five, against 99 % where its
    readers named it: the giver does not count it a target (docs/partner.md)."""
    return _card_lines(LISTS_DIR / f"{lang}-one-sided.txt")


def links(lang: str) -> dict[str, list[str]]:
    """``lists/LANG-links.txt``: ``card: link link ...``, what native speakers say to
    point at each card, strongest first (written and reread blind, by native
    speakers: benchmarks/partner_people/writers.py). Read at run time, not built into
    the table: a person's word the table lacks is still understood through them."""
    return _card_lines(LISTS_DIR / f"{lang}-links.txt")


def _card_lines(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    if path.exists():
        for line in path.read_text("utf-8").splitlines():
            text = line.split("#", 1)[0]
            word, sep, rest = text.partition(":")
            if sep and rest.split():  # written folded (writers.py), read as it stands
                out[word.strip()] = rest.split()
    return out


def fold(text: str) -> str:
    """A word as the partner compares words: NFKC, NFC, case-folded, trimmed."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFKC", text)).casefold().strip()
