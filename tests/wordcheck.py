"""The word lists read by real language tools: every broken rule, named per word.

Used by tests/test_wordlists.py, and by hand while editing a list:

    .venv/bin/python tests/wordcheck.py fi

prints one line per offending word and the rule it breaks (docs/books.md lists
the rules and why). The tools are test/build dependencies only (the `test` extra
and scripts/test's Debian packages); the daemon never imports this module.

Rules data (frequency floors, synonym groups, refused words) is in
tests/wordlists/{lang}.toml.
"""

from __future__ import annotations

import functools
import re
import statistics
import subprocess
import sys
import tomllib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from keystand.books import words as wl

RULES_DIR = Path(__file__).with_name("wordlists")


@dataclass(frozen=True)
class Rules:
    """One language's rules data: the frequency floor, synonyms, refused words."""

    lang: str
    floor: float
    synonyms: tuple[tuple[str, ...], ...]
    refused: dict[str, str]


def rules(lang: str) -> Rules:
    data = tomllib.loads((RULES_DIR / f"{lang}.toml").read_text(encoding="utf-8"))
    norm = functools.partial(unicodedata.normalize, "NFC")
    return Rules(
        lang,
        float(data["floor"]),
        tuple(tuple(norm(w) for w in group) for group in data["synonyms"]),
        {norm(w): why for w, why in data["refused"].items()},
    )


def reference_pairs() -> list[dict[str, str]]:
    """Everyday nouns in every language, to compare frequencies across languages."""
    data = tomllib.loads((RULES_DIR / "reference.toml").read_text(encoding="utf-8"))
    return [dict(zip(data["langs"], row, strict=True)) for row in data["nouns"]]


# ---------------------------------------------------------------- every language


def zipf(word: str, lang: str) -> float:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, lang)


def frequency_offset(lang: str) -> float:
    """Median Zipf difference lang − en over the reference nouns (one concept each)."""
    return statistics.median(zipf(p[lang], lang) - zipf(p["en"], "en") for p in reference_pairs())


def rare_words(words: Iterable[str], lang: str, floor: float) -> list[str]:
    return [
        f"{w}: {zipf(w, lang):.2f} on wordfreq's Zipf scale, below the floor {floor}"
        for w in words
        if zipf(w, lang) < floor
    ]


def synonym_clashes(words: Iterable[str], groups: Iterable[tuple[str, ...]]) -> list[str]:
    on = {w.casefold() for w in words}
    out = []
    for group in groups:
        present = [w for w in group if w.casefold() in on]
        if len(present) > 1:
            out.append(f"{' / '.join(present)}: synonyms, keep one")
    return out


def refused_words(words: Iterable[str], refused: dict[str, str]) -> list[str]:
    return [f"{w}: refused ({refused[w]})" for w in words if w in refused]


def shared_parts(parts: dict[str, set[str]], what: str) -> list[str]:
    """Pairs of words that share a part (stem, compound member, morpheme, kanji)."""
    owner: dict[str, str] = {}
    out = []
    for word, pieces in parts.items():
        for piece in sorted(pieces):
            if piece in owner and owner[piece] != word:
                out.append(f"{owner[piece]} / {word}: share the {what} '{piece}'")
            else:
                owner[piece] = word
    return out


# ---------------------------------------------------------------- English


@functools.cache
def _wordnet_overview(word: str) -> str:
    # Debian's `wordnet` package: the WordNet 3.0 database and its reference `wn` tool.
    try:
        return subprocess.run(["wn", word, "-over"], capture_output=True, text=True).stdout
    except FileNotFoundError:
        raise RuntimeError("no 'wn': install Debian's wordnet (scripts/test does)") from None


def english_non_nouns(words: Iterable[str]) -> list[str]:
    """Words that WordNet has no noun entry for, under exactly that spelling."""
    return [
        f"{w}: not a noun headword in WordNet (an adjective, a plural or not a word)"
        for w in words
        if f"Overview of noun {w}\n" not in _wordnet_overview(w)
    ]


def english_stems(words: Iterable[str]) -> dict[str, set[str]]:
    import snowballstemmer

    stemmer = snowballstemmer.stemmer("english")
    return {w: {stemmer.stemWord(w)} for w in words}


# ---------------------------------------------------------------- Finnish


@functools.cache
def _voikko():
    from libvoikko import Voikko

    return Voikko("fi")


def _noun_analyses(word: str) -> list[dict[str, str]]:
    return [
        a
        for a in _voikko().analyze(word)
        if a.get("CLASS") in ("nimisana", "nimisana_laatusana")
        and a.get("SIJAMUOTO") == "nimento"
        and a.get("NUMBER") == "singular"
    ]


def finnish_non_nouns(words: Iterable[str]) -> list[str]:
    out = []
    for w in words:
        if _noun_analyses(w):
            continue
        seen = {f"{a.get('BASEFORM')} {a.get('CLASS')} {a.get('NUMBER', '')}".strip()
                for a in _voikko().analyze(w)}
        why = ", ".join(sorted(seen)) if seen else "not a word Voikko knows"
        out.append(f"{w}: not a common noun in the nominative singular by Voikko ({why})")
    return out


_MEMBER = re.compile(r"\+([^(+]*)\(([^)]*)\)")


def finnish_members(word: str) -> set[str]:
    """Base forms of a word's compound members: pilvenpiirtäjä -> pilvi, piirtää.

    Voikko's WORDBASES reads '+pilven(pilvi)+piirtä(piirtää)+jä(+jä)'; members
    in brackets that start with '+' are derivational endings, not stems. Where
    Voikko offers several readings, the one with the fewest members wins: it
    reads pelikaani both as one word and as peli + kaani.
    """
    readings = [
        {base for _, base in _MEMBER.findall(a.get("WORDBASES", "")) if not base.startswith("+")}
        for a in _noun_analyses(word)
    ]
    readings = [r for r in readings if r]
    return min(readings, key=len) if readings else {word}


# ---------------------------------------------------------------- Japanese


@functools.cache
def _tagger():
    import fugashi

    return fugashi.Tagger()  # UniDic (unidic-lite): readings and lemmas


@dataclass(frozen=True)
class JaWord:
    """What UniDic says about one entry: its tokens, reading and lemmas."""

    word: str
    tokens: tuple[tuple[str, str, str, str, str, str], ...]  # surface lemma kana pos1 pos2 goshu

    @property
    def reading(self) -> str:
        return "".join(t[2] for t in self.tokens)

    @property
    def lemmas(self) -> set[str]:
        return {t[1] for t in self.tokens}

    @property
    def lemma_spelling(self) -> str:
        # UniDic writes a loanword's lemma as 'バナナ-banana'
        return "".join(t[1].split("-")[0] for t in self.tokens)


@functools.cache
def ja_word(word: str) -> JaWord:
    tokens = []
    for t in _tagger()(word):
        f = t.feature
        unknown = t.is_unk or not f.kana or f.kana == "*"
        tokens.append(
            (t.surface, "" if unknown else f.lemma, "" if unknown else f.kana, f.pos1, f.pos2,
             f.goshu or "")
        )
    return JaWord(word, tuple(tokens))


def _kanji(text: str) -> list[str]:
    return [c for c in text if unicodedata.name(c, "").startswith("CJK")]


def _katakana_to_hiragana(text: str) -> str:
    import jaconv

    return jaconv.kata2hira(text)


def japanese_non_nouns(words: Iterable[str]) -> list[str]:
    out = []
    for w in words:
        jw = ja_word(w)
        if any(not t[2] for t in jw.tokens):
            out.append(f"{w}: UniDic does not know it (no reading)")
        elif jw.tokens[-1][3] not in ("名詞", "接尾辞") or jw.tokens[-1][4] == "数詞":
            out.append(f"{w}: not a noun by UniDic (ends in a {jw.tokens[-1][3]})")
        elif any(t[4] in ("固有名詞",) for t in jw.tokens) and len(jw.tokens) > 1:
            out.append(f"{w}: holds a proper name by UniDic")
    return out


def japanese_same_reading(words: Iterable[str]) -> list[str]:
    by_reading: dict[str, list[str]] = {}
    for w in words:
        by_reading.setdefault(ja_word(w).reading, []).append(w)
    return [
        f"{' / '.join(ws)}: the same reading {r}" for r, ws in by_reading.items() if len(ws) > 1
    ]


def japanese_same_word(words: Iterable[str]) -> dict[str, set[str]]:
    """Each entry's UniDic lemmas, one per short unit: ヒツジ and 羊 are both 羊;
    消防車 is 消防 + 車, so it shares 消防 with 消防署 and 車 with 救急車."""
    return {w: ja_word(w).lemmas for w in words}


def japanese_variants(words: Iterable[str]) -> list[str]:
    """Old or variant character forms: 蟬 for 蝉, 國 for 国, compatibility ideographs."""
    import joyokanji

    out = []
    for w in words:
        nfkc = unicodedata.normalize("NFKC", w)
        if nfkc != w:
            out.append(f"{w}: holds a compatibility character (NFKC gives {nfkc})")
        elif joyokanji.convert(w) != w:
            out.append(f"{w}: holds an old character form (today written {joyokanji.convert(w)})")
    return out


def _alternative_spellings(jw: JaWord, hiragana: bool) -> set[str]:
    """Other ways to write the same word that UniDic reads as the same lemma(s)."""
    kana = jw.reading
    candidates = {kana, jw.lemma_spelling}
    if hiragana and all(t[5] != "外" for t in jw.tokens):  # loanwords: never in hiragana
        candidates.add(_katakana_to_hiragana(kana))
    out = set()
    for c in candidates - {jw.word}:
        other = ja_word(c)
        if c and other.reading == kana and other.lemmas == jw.lemmas:
            out.add(c)
    return out


# A spelling within a factor of two of the most used one is a usual spelling.
USUAL_MARGIN = 0.3


def japanese_unusual_spellings(words: Iterable[str]) -> list[str]:
    from kanji_lists import JOYO

    out = []
    for w in words:
        outside = [c for c in _kanji(w) if c not in JOYO.HEISEI22]
        # Hiragana spellings count against a kanji outside Jōyō only: short
        # hiragana strings collect other words' uses in wordfreq (かわ, ちず).
        alts = {a: zipf(a, "ja") for a in _alternative_spellings(ja_word(w), bool(outside))}
        if outside and not alts:
            out.append(f"{w}: {''.join(outside)} is not Jōyō and no other spelling of {w} "
                       "reads as the same word to compare with")
            continue
        if not alts:
            continue
        best, best_f = max(alts.items(), key=lambda kv: kv[1])
        own = zipf(w, "ja")
        if outside and own < best_f:
            out.append(
                f"{w}: {''.join(outside)} is not Jōyō and {w} ({own:.2f}) is not the usual "
                f"spelling ({best} {best_f:.2f})"
            )
        elif own < best_f - USUAL_MARGIN:
            out.append(f"{w}: usually written {best} ({best_f:.2f} against {own:.2f})")
    return out


# ---------------------------------------------------------------- all rules


def check(lang: str, words: tuple[str, ...] | None = None) -> list[str]:
    """Every broken rule of one language's list, one line each."""
    r = rules(lang)
    words = wl.load(lang).words if words is None else words
    out = [f"list: {p}" for p in wl.problems(words)]
    if len(words) < 400:
        out.append(f"list: {len(words)} words, fewer than 400")
    out += refused_words(words, r.refused)
    out += synonym_clashes(words, r.synonyms)
    out += rare_words(words, lang, r.floor)
    if lang == "en":
        out += english_non_nouns(words)
        out += shared_parts(english_stems(words), "Snowball stem")
    elif lang == "fi":
        out += finnish_non_nouns(words)
        out += shared_parts({w: finnish_members(w) for w in words}, "compound member")
    elif lang == "ja":
        out += japanese_non_nouns(words)
        out += japanese_same_reading(words)
        out += shared_parts(japanese_same_word(words), "UniDic lemma")
        out += japanese_variants(words)
        out += japanese_unusual_spellings(words)
    return out


if __name__ == "__main__":
    for lang in sys.argv[1:] or wl.LANGS:
        found = check(lang)
        print(f"{lang}: {len(wl.load(lang).words)} words, {len(found)} problems")
        for line in found:
            print(f"  {line}")
