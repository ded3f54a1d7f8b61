"""A language's partner: its table, a board of 25 words, clue checks and completion."""

from __future__ import annotations

import re
from array import array
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..books import words as wordlists
from ..rules.layout import CELL_COUNT
from . import lists
from .lists import fold
from .table import (
    MAX_SCORE,
    MIN_SCORE,
    REASONS,
    REFUSED,
    Heard,
    Table,
    open_heard,
    open_table,
    reason_of,
    word_list_digest,
)

if TYPE_CHECKING:
    from .giver import Giver
    from .guesser import Guesser

LANGS = ("en", "fi", "ja")
# Two Japanese clue words with one kana reading whose table columns correlate this
# much are one word in two spellings (docs/partner.md, "Readings a player types").
ONE_WORD = 0.9
CHECK_REASONS = ("unknown_word", "ambiguous_reading", "same_word", *REASONS)
# A card's native-speaker links (lists/LANG-links.txt), strongest first, as
# standardised units: the first 6.0 (a card's tenth best clue in the table is
# 3.7 to 5.4), each further one 0.15 less. A linked pair scores at least this.
LINK_TOP = 6.0
LINK_STEP = 0.15
# A word a player may still take for a card (lists/LANG-near.txt) scores at least this.
NEAR = 3.0
# A card the themes writers named for a clue word neither strong nor weak, having
# judged that word against every card (lists/LANG-themed.txt), scores at most this:
# the table's vectors put SYKSY near *talvi*, and no person takes it for it.
UNNAMED = 1.0
# A word beyond the table (a link word, a heard word, a compound) that scores below
# this with every visible card is refused as unknown here: 夜行性 is linked to the
# writers' nocturnal cards, and on a table with none of them it scored 0.0 with all
# 25, and the guesser touched the assassin (tuning run t3).
HEARD_FLOOR = 1.0
# A stored refusal as a row's byte: REFUSED .. MIN_SCORE - 1, read unsigned.
_REFUSAL = re.compile(b"[\\x%02x-\\x%02x]" % (REFUSED & 0xFF, (MIN_SCORE - 1) & 0xFF))
# A compound the vocabulary lacks (nutcracker, muuttolintu, 花札) reads as its
# last part (the head) with some of its first: head × HEAD + first × (1 - HEAD).
HEAD = 0.6
# How a refused clue relates to a table word, as the verb of an English sentence
# ("'花火' shares a kanji with '花束'"); one phrase for each table REASON.
CLASH = {
    "too_close": "is too close to",
    "same_stem": "shares a stem with",
    "same_reading": "reads the same as",
    "same_kanji": "shares a kanji with",
}


# The English nouns whose plural ends in -ves (leaves, knives): read back as f/fe.
_F_PLURALS = frozenset(
    {
        "leaf",
        "loaf",
        "knife",
        "wife",
        "life",
        "wolf",
        "shelf",
        "half",
        "calf",
        "elf",
        "thief",
        "sheaf",
        "scarf",
        "hoof",
        "wharf",
    }
)


def _singulars(word: str) -> list[str]:
    """What an English plural may be the plural of, likeliest first (a regular
    plural only: the irregular ones are rare as clues)."""
    out = []
    if word.endswith("ves") and word[:-3] + "f" in _F_PLURALS:
        out.append(word[:-3] + "f")  # leaves -> leaf, not leave
    elif word.endswith("ves") and word[:-3] + "fe" in _F_PLURALS:
        out.append(word[:-3] + "fe")  # knives -> knife
    if word.endswith("ies") and len(word) > 4:
        out.append(word[:-3] + "y")
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        out.append(word[:-1])  # games -> game before gam
    if word.endswith("es") and len(word) > 3:
        out.append(word[:-2])  # boxes -> box
    return out


class PartnerError(ValueError):
    """A word the partner cannot use. ``reason`` is one of ``CHECK_REASONS`` (or
    ``unknown_board_word``, ``no_table``, ``stale_table``); ``cell`` the board cell
    the clue clashes with, when there is one."""

    def __init__(self, message: str, reason: str, cell: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.cell = cell


@dataclass(frozen=True)
class Board:
    """25 words on the table (A's reading order) and their table rows.

    ``rows[cell][clue]`` is the stored value, raised to a card's native-speaker
    links (``linked``: the (cell, clue) pairs a list names, table clues and words
    beyond the table, less the ``one_sided`` ones; ``named``); ``allowed`` the clue
    indices valid beside every word on the board (the giver's own, stricter,
    choice). Clue indices past the table's are words only a person says: a word of
    the links the table lacks (``extra``, its 25 scores) or a compound of two
    known words (``compounds``: head, first part)."""

    words: tuple[str, ...]
    rows: tuple[Sequence[float], ...]
    scale: float
    allowed: tuple[int, ...]
    linked: frozenset[tuple[int, int]] = frozenset()
    extra: Mapping[int, Sequence[float]] = field(default_factory=dict)
    compounds: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    # the table's board word of each cell, and the heard words (data/LANG.heard):
    # clue index -> ({board word: standardised score}, [(clue word, weight)])
    indices: tuple[int, ...] = ()
    heard: Mapping[int, tuple[Mapping[int, float], Sequence[tuple[int, float]]]] = field(
        default_factory=dict
    )
    # the clue indices the themes writers judged against every card (UNNAMED)
    themed: Collection[int] = frozenset()
    # extra clue index -> the cells its writers named weak for it (lists/LANG-near.txt)
    weak: Mapping[int, frozenset[int]] = field(default_factory=dict)
    # the (cell, clue) links from the card's side only (lists/LANG-one-sided.txt): the
    # clue's themes readers named the card neither strong nor weak
    one_sided: frozenset[tuple[int, int]] = frozenset()

    def named(self, cell: int, clue: int) -> bool:
        """Whether a native speaker's list names ``clue`` for ``cell`` as a person hearing
        the clue reaches it (``linked``): a link of the table's clue words or of a word
        beyond the table, not one from the card's side only (``one_sided``). The giver
        counts only such targets (or the table's reviewed best), and the person model
        reads them as linked."""
        return (cell, clue) in self.linked

    def score(self, cell: int, clue: int) -> float:
        """The association in standardised units (a refused pair: -inf)."""
        row = self.rows[cell]
        if clue < len(row):
            value = row[clue]
            return value / self.scale if value >= MIN_SCORE else float("-inf")
        column = self.extra.get(clue)
        linked = column[cell] if column is not None else 0.0
        parts = self.compounds.get(clue)
        if parts is not None:  # a writer's link to the card, else what its parts say
            head, first = parts
            parts_say = HEAD * self.score(cell, head) + (1 - HEAD) * self.score(cell, first)
            if clue in self.themed:  # (as for a heard word below)
                parts_say = min(parts_say, UNNAMED)
            return max(linked, parts_say)
        heard = self.heard.get(clue)
        if heard is not None:
            # its own nearest cards, else what its nearest clue words say of the card
            direct, nearest = heard
            own = direct.get(self.indices[cell])
            if own is None:
                own = sum(w * self.score(cell, k) for k, w in nearest)
            if clue in self.themed:  # the writers named it for the cards they link it to
                own = min(own, UNNAMED)
            return max(linked, own)
        return linked


class Partner:
    """One language's AI partner: a giver and a guesser over one table.

    ``caution`` (0.5 bold .. 2 careful) scales how much the giver fears the
    assassin and how badly it expects its partner to read a clue."""

    def __init__(self, lang: str, table: Table, caution: float = 1.0) -> None:
        from .giver import Giver
        from .guesser import Guesser

        self.lang = lang
        self.table = table
        self.clues: list[str] = list(table.clue_words)
        self.table_clues = len(self.clues)  # indices past these: words only people say
        self._clue_index = {w: j for j, w in enumerate(self.clues)}
        self._board_index = {fold(w): i for i, w in enumerate(table.board_words)}
        # The native speakers' links (lists/LANG-links.txt) and near words
        # (lists/LANG-near.txt), read as text here and resolved for a board's cards
        # only when a board holds them (``_link_row``): start-up reads no more.
        self._link_lines = lists.links(lang)
        self._near_lines = lists.near(lang)
        self._one_sided_lines = lists.one_sided(lang)
        self._themed_words = lists.themed(lang)
        # the themed words' clue indices (a word beyond the table joins when it gets one)
        self._themed = {j for w, j in self._clue_index.items() if w in self._themed_words}
        self._kind_lines = lists.kinds(lang)
        self._kin: dict[int, frozenset[int]] = {}  # board word -> kind clues it belongs to
        # board word -> [(clue, standardised score)], and the near clue words
        self._links: dict[int, list[tuple[int, float]]] = {}
        self._near: dict[int, list[int]] = {}
        self._one_sided: dict[int, frozenset[int]] = {}
        self._named: dict[int, frozenset[int]] = {}  # board word -> clues named for it
        self._themed_mask: int | None = None  # the themed table clues, as bits
        self._above = b""  # byte translation: a score above UNNAMED -> 1
        self._link_words: frozenset[str] | None = None
        self._link_counts: Counter[str] | None = None  # link word -> cards naming it
        self._spellings: dict[int, int] = {}  # Japanese clue -> the spelling links name
        self._compounds: dict[int, tuple[int, int]] = {}
        # clue index -> (nearest board words, nearest clue words and weights)
        self._heard: dict[int, tuple[dict[int, float], list[tuple[int, float]]]] = {}
        self._heard_file: Heard | bool | None = False  # opened on the first unknown word
        self._by_start: dict[str, list[int]] | None = None  # clues with forms, by 2 letters
        self._reading_index: dict[str, list[int]] | None = None  # kana -> clues, on first use
        self.giver: Giver = Giver(self, caution)
        self.guesser: Guesser = Guesser(self, caution)

    @classmethod
    def load(cls, lang: str, caution: float = 1.0) -> Partner:
        if lang not in LANGS:
            raise PartnerError(f"no partner for '{lang}' (choose {', '.join(LANGS)})", "no_table")
        try:
            table = open_table(lang)
        except FileNotFoundError:
            raise PartnerError(f"no partner table for '{lang}' yet", "no_table") from None
        current = wordlists.load(lang)
        if table.header["list_sha256"] != word_list_digest(current.words):
            raise PartnerError(
                f"the {lang} partner table was built for another word list: "
                "run scripts/partner_build.py",
                "stale_table",
            )
        return cls(lang, table, caution)

    # ------------------------------------------------------------ boards

    def board(self, words: Iterable[str], noise: float = 0.0, seed: int = 0) -> Board:
        """The board of these 25 words; ``noise`` adds Gaussian noise (standardised
        units) to every score, standing in for a partner whose associations differ."""
        words = tuple(words)
        if len(words) != CELL_COUNT:
            raise PartnerError(f"a board has 25 words, not {len(words)}", "unknown_board_word")
        indices = []
        for n, w in enumerate(words):
            i = self._board_index.get(fold(w))
            if i is None:
                raise PartnerError(
                    f"'{w}' is not on the {self.lang} word list", "unknown_board_word", n
                )
            if i in indices:
                raise PartnerError(f"'{w}' is on the table twice", "unknown_board_word", n)
            indices.append(i)
        self._resolve_links(indices)
        rows: list[Sequence[float]] = []
        linked: set[tuple[int, int]] = set()
        one_sided: set[tuple[int, int]] = set()
        extra: dict[int, list[float]] = {}
        for cell, i in enumerate(indices):
            row = array("b")
            row.frombytes(self.table.row(i))
            card_side = self._one_sided.get(i, frozenset())
            for j, value in self._links.get(i, ()):
                if j in card_side:  # still raised: a person may read it from the card
                    one_sided.add((cell, j))
                if j >= self.table_clues:
                    extra.setdefault(j, [0.0] * CELL_COUNT)[cell] = value
                elif row[j] >= MIN_SCORE:  # a refused pair stays refused
                    row[j] = max(row[j], min(MAX_SCORE, round(value * self.table.scale)))
                else:
                    continue
                if j not in card_side:
                    linked.add((cell, j))
            near = round(NEAR * self.table.scale)
            for j in self._near.get(i, ()):
                if row[j] >= MIN_SCORE:
                    row[j] = max(row[j], near)
            self._cap_unnamed(i, row)
            rows.append(row)
        # The cards named weak for a link word beyond the table (another card's link
        # on this board): a player may still take them for it, so the giver keeps
        # clear of them. Not raised in ``extra``: on people's clues from t1 to h10 our
        # guesser then touched such cards, and an assassin twice (飛ぶ: ウサギ).
        weak: dict[int, list[int]] = {}
        for cell, i in enumerate(indices):
            for word in self._near_lines.get(fold(self.table.board_words[i]), ()):
                j = self._clue_index.get(word, -1)
                if j in extra:
                    weak.setdefault(j, []).append(cell)
        # the clues no board word refuses: a refusal's bytes found in C (re over the rows)
        refused = {m.start() for row in rows for m in _REFUSAL.finditer(row)}  # type: ignore[call-overload]
        allowed = tuple(j for j in range(self.table_clues) if j not in refused)
        if noise:
            import random  # self-play only

            rng = random.Random(seed)
            sd = noise * self.table.scale
            rows = [[v + rng.gauss(0.0, sd) if v >= MIN_SCORE else v for v in row] for row in rows]
        return Board(
            tuple(self.table.board_words[i] for i in indices),
            tuple(rows),
            self.table.scale,
            allowed,
            frozenset(linked),
            extra,
            self._compounds,
            tuple(indices),
            self._heard,
            self._themed,
            {j: frozenset(cells) for j, cells in weak.items()},
            frozenset(one_sided),
        )

    def _cap_unnamed(self, i: int, row: array[int]) -> None:
        """Lower to UNNAMED, in board word ``i``'s ``row``, the table's themed clue words
        its writers named neither strong nor weak (its links, read both ways, and its
        near words): a person does not take the card for them, whatever the vectors
        say. The columns above UNNAMED that are themed are found in C (a translated
        row and a mask as integers), a few hundred of 8,000, not by a loop over all."""
        unnamed = round(UNNAMED * self.table.scale)
        if self._themed_mask is None:
            mask = bytearray(self.table_clues)
            for j in self._themed:
                if j < self.table_clues:  # the table's own columns
                    mask[j] = 1
            self._themed_mask = int.from_bytes(mask, "big")
            # a signed byte above UNNAMED -> 1, any other -> 0
            self._above = bytes(int((b - 256 if b > 127 else b) > unnamed) for b in range(256))
        hits = int.from_bytes(row.tobytes().translate(self._above), "big") & self._themed_mask
        if not hits:
            return
        named = self._named.get(i)
        if named is None:
            named = self._named[i] = frozenset(
                [j for j, _v in self._links.get(i, ())] + list(self._near.get(i, ()))
            )
        for m in re.finditer(b"\x01", hits.to_bytes(self.table_clues, "big")):
            if m.start() not in named:
                row[m.start()] = unnamed

    def _index_of(self, word: str) -> int:
        """A word's clue index; a word the vocabulary lacks gets one of its own."""
        j = self._clue_index.get(word)
        if j is None:
            j = self._clue_index[word] = len(self.clues)
            self.clues.append(word)
            if word in self._themed_words:
                self._themed.add(j)
        return j

    def _resolve_links(self, indices: Iterable[int]) -> None:
        """The links and near words of these board words as clue indices and scores
        (``_links``, ``_near``), once per board word: what its writers named for it,
        a card's first link LINK_TOP and each further one LINK_STEP less (a link the
        vocabulary lacks becomes a clue index of its own), and read backwards, the
        cards whose writers named it (SEA under PIRATE's list links PIRATE, a card
        word and so a clue, to SEA). ``_one_sided``: its links from its own side only
        (lists/LANG-one-sided.txt), less any a backwards link names too."""
        todo = {fold(self.table.board_words[i]): i for i in indices if i not in self._links}
        if not todo:
            return
        for card, i in todo.items():
            self._links[i] = [
                (self._index_of(word), LINK_TOP - LINK_STEP * k)
                for k, word in enumerate(self._link_lines.get(card, ()))
            ]
            self._near[i] = [
                j
                for j in map(self._clue_index.get, self._near_lines.get(card, ()))
                if j is not None and j < self.table_clues
            ]
            self._one_sided[i] = frozenset(
                j
                for j in map(self._clue_index.get, self._one_sided_lines.get(card, ()))
                if j is not None
            )
        for card, said in self._link_lines.items():
            j = self._clue_index.get(card)
            if j is None or j >= self.table_clues:
                continue
            for k, word in enumerate(said):
                if word in todo:
                    i = todo[word]
                    self._links[i].append((j, LINK_TOP - LINK_STEP * k))
                    # the clue word's own card list names this card: not one-sided
                    self._one_sided[i] = self._one_sided[i] - {j}

    def kin_clues(self, i: int) -> frozenset[int]:
        """The clue words naming a broader kind board word ``i`` belongs to for a
        person (``lists/LANG-kinds.txt``): the kinds whose line names the card or
        one of its links (*animal* for PARROT, whose writers named *bird*)."""
        kin = self._kin.get(i)
        if kin is None:
            card = fold(self.table.board_words[i])
            mine = {card, *self._link_lines.get(card, ())}
            kin = frozenset(
                j
                for kind, narrower in self._kind_lines.items()
                if not mine.isdisjoint(narrower) and (j := self._clue_index.get(kind)) is not None
            )
            self._kin[i] = kin
        return kin

    @property
    def _readings(self) -> dict[str, list[int]]:
        """Japanese: each kana reading's clue indices (the table header's readings)."""
        if self._reading_index is None:
            self._reading_index = {}
            for j, r in enumerate(self.table.header.get("readings") or ()):
                self._reading_index.setdefault(r, []).append(j)
        return self._reading_index

    # ------------------------------------------------------------ clue words

    def _one_word(self, clues: Sequence[int]) -> bool:
        """Whether the table reads these clue words as one word spelled several ways
        (猫 and ネコ, 蛇 and ヘビ: Sudachi gives them one vector), not as words that
        only sound alike (店舗 and テンポ, 鐘 and カネ). Their scores across the
        board words correlate at ONE_WORD or more; homophones stay below 0.3."""
        import statistics  # a typed kana reading only

        first = clues[0]
        for other in clues[1:]:
            pairs = [
                (row[first], row[other])
                for row in (self.table.row(i) for i in range(len(self.table.board_words)))
                if row[first] >= MIN_SCORE and row[other] >= MIN_SCORE
            ]
            if len(pairs) < 3:
                return False
            xs, ys = zip(*pairs, strict=True)
            try:
                if statistics.correlation(xs, ys) < ONE_WORD:
                    return False
            except statistics.StatisticsError:  # a constant column: nothing to compare
                return False
        return True

    def _spelling(self, j: int) -> int:
        """Japanese: of the spellings the table reads as one word with clue ``j`` (ブタ
        and 豚, ネコ and 猫), the one the native speakers' links name most often, so a
        player's ブタ finds 農場 through its writers' 豚; ``j`` itself otherwise."""
        done = self._spellings.get(j)
        if done is not None:
            return done
        readings = self.table.header.get("readings") or ()
        best = j
        if j < len(readings):
            # homophones first set aside (カネ is no 鐘), then the most-named spelling
            twins = [
                k for k in self._readings.get(readings[j], ()) if k != j and self._one_word([j, k])
            ]
            if twins:
                if self._link_counts is None:
                    self._link_counts = Counter(w for ws in self._link_lines.values() for w in ws)
                named = self._link_counts
                top = max(twins, key=lambda k: named[self.clues[k]])
                if named[self.clues[top]] > named[self.clues[j]]:
                    best = top
        self._spellings[j] = best
        return best

    def clue_index(self, text: str, spelling: bool = True) -> int:
        """The vocabulary index of a clue word (a kana reading for Japanese, when it
        names one word only); raises PartnerError unknown_word/ambiguous_reading.
        ``spelling``: a Japanese word as the spelling its links name (``_spelling``);
        without, as typed (the rules judge the word the player said)."""
        word = fold(text)
        j = self._clue_index.get(word)
        if j is not None and spelling and self.lang == "ja":
            j = self._spelling(j)
        if j is None:
            if self._link_words is None:
                self._link_words = frozenset(w for ws in self._link_lines.values() for w in ws)
            if word in self._link_words:  # a link of a card on no board made yet
                j = self._index_of(word)
        if j is not None:
            # a link word: its vectors' nearest board words too, or its two parts'
            if (
                j >= self.table_clues
                and j not in self._heard
                and j not in self._compounds
                and self._hear(word, j) is None
            ):
                self._compound(word, j)
            return j
        hits = self._readings.get(word, [])
        if len(hits) > 1 and self._one_word(hits):
            hits = hits[:1]  # ねこ: 猫 and ネコ are one word; the commoner spelling
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            names = ", ".join(self.clues[h] for h in hits[:5])
            raise PartnerError(f"'{text}' reads as several words ({names})", "ambiguous_reading")
        # The vocabulary keeps base forms; an English plural is read as its singular
        # (said "oceans", heard "ocean"), a Finnish form as its base word (merellä,
        # meri), so a player is not refused for the form a clue came out in.
        for single in _singulars(word) if self.lang == "en" else ():
            j = self._clue_index.get(single)
            if j is not None:
                return j
        j = self._form_of(word)
        if j is not None:
            return j
        j = self._hear(word)
        if j is not None:
            return j
        j = self._compound(word)
        if j is not None:
            return j
        raise PartnerError(
            f"'{text}' is not in the partner's vocabulary, nor two of its words joined: "
            "give another, at no cost",
            "unknown_word",
        )

    def _hear(self, word: str, j: int | None = None) -> int | None:
        """A word the build heard (data/LANG.heard: adjectives, verbs, rarer nouns), as
        a clue index of its own, or ``j``'s (a link word) with its nearest board
        words added; None when the build did not hear it."""
        if self._heard_file is False:
            self._heard_file = open_heard(self.lang)
            if self._heard_file and (
                self._heard_file.header["list_sha256"] != self.table.header["list_sha256"]
            ):
                self._heard_file = None  # built for another word list: heard nothing
        heard = self._heard_file
        if not isinstance(heard, Heard):
            return None
        entry = heard.entry(word)
        if entry is None:
            return None
        direct, nearest = entry
        if j is None:
            j = self._index_of(word)
        scale = float(heard.header["scale"])
        total = sum(c for _k, c in nearest) or 1
        self._heard[j] = (
            {i: v / scale for i, v in direct.items()},
            [(k, c / total) for k, c in nearest],
        )
        return j

    def _known(self, word: str) -> int | None:
        """A word's clue index as typed, as an English plural or a Finnish form."""
        j = self._clue_index.get(word)
        if j is not None:
            return j
        for single in _singulars(word) if self.lang == "en" else ():
            j = self._clue_index.get(single)
            if j is not None:
                return j
        return self._form_of(word)

    def _compound(self, word: str, j: int | None = None) -> int | None:
        """A compound the vocabulary lacks, read from two words it has, the longest
        head first (nutcracker: nut + cracker; muuttolintu: muutto + lintu;
        パワースポット: パワー + スポット; 花札: 花 + 札), registered as a clue
        index of its own (``Board.compounds``), or as ``j``'s (a link word) parts."""
        shortest = 1 if self.lang == "ja" else 3
        for cut in range(shortest, len(word) - shortest + 1):
            first, head = word[:cut], word[cut:]
            if (
                self.lang == "ja"
                and min(len(first), len(head)) == 1
                and not (_is_kanji(first[-1]) and _is_kanji(head[0]))
            ):
                continue  # one kana is no word: a katakana loan splits into pieces of two or more
            jh = self._known(head)
            jf = self._known(first) if jh is not None else None
            if jh is not None and jf is not None:
                if j is None:
                    j = self._index_of(word)
                self._compounds[j] = (jh, jf)
                return j
        return None

    def _form_of(self, word: str) -> int | None:
        """The clue an inflected form belongs to (header "forms", Finnish only: the
        device has no Voikko). Each form is written against its clue word as the
        number of letters to drop and the letters to add (meri + "1en" = meren) and
        begins with the word's first two letters, so only the clues that begin like
        ``word`` are read: a few milliseconds, not a dictionary of every form."""
        forms = self.table.header.get("forms")
        if not forms:
            return None
        if self._by_start is None:
            self._by_start = {}
            for j, codes in enumerate(forms):
                if codes:
                    self._by_start.setdefault(self.clues[j][:2], []).append(j)
        for j in self._by_start.get(word[:2], ()):
            base = self.clues[j]
            for code in forms[j].split():
                cut = len(base) - int(code[0])
                if word.endswith(code[1:]) and base[:cut] + code[1:] == word:
                    return j
        return None

    def check_clue(self, board: Board, text: str, visible: Iterable[int]) -> int:
        """The clue's vocabulary index, if it may be given with ``visible`` cells
        showing; else PartnerError with ``reason`` and ``cell``."""
        visible = list(visible)
        said = fold(text)
        for cell in visible:
            if said == fold(board.words[cell]):
                raise PartnerError(f"'{text}' is a word on the table", "same_word", cell)
        board_readings = self.table.header.get("board_readings")
        if board_readings:
            for cell in visible:
                if said == board_readings[self._board_index[fold(board.words[cell])]]:
                    raise PartnerError(f"'{text}' reads as a word on the table", "same_word", cell)
        j = self.clue_index(text, spelling=False)  # the word said, not its other spelling
        for cell in visible:  # a form or a plural of a visible word (oceans, merellä)
            if self.clues[j] == fold(board.words[cell]):
                raise PartnerError(
                    f"'{text}' is a form of '{board.words[cell]}' on the table", "same_word", cell
                )
        if j >= self.table_clues:  # no stored pairs: the build's rules, checked here
            for cell in visible:
                reason = self.clash(j, board.words[cell])
                if reason:
                    raise PartnerError(
                        f"'{self.clues[j]}' {CLASH[reason]} '{board.words[cell]}' on the table",
                        reason,
                        cell,
                    )
            if visible and max(board.score(cell, j) for cell in visible) < HEARD_FLOOR:
                # known, but only for cards elsewhere: on this table it points at
                # nothing we can tell, and a touch would be a blind one
                raise PartnerError(
                    f"'{text}' points at none of the cards on the table for the partner: "
                    "give another, at no cost",
                    "unknown_word",
                )
            return j
        for cell in visible:
            reason = reason_of(int(board.rows[cell][j]))
            if reason:
                raise PartnerError(
                    f"'{self.clues[j]}' {CLASH[reason]} '{board.words[cell]}' on the table",
                    reason,
                    cell,
                )
        return j

    def clash(self, j: int, word: str) -> str | None:
        """Why clue ``j``, a word beyond the table, may not be given beside board word
        ``word`` (one contains the other; in Japanese, a shared kanji), or None. The
        table's own clues have these stored, with the build's stricter rules."""
        card = fold(word)
        clue = self.clues[j]
        if clue in card or card in clue:
            return "too_close"
        if self.lang == "ja" and {c for c in clue if _is_kanji(c)} & set(card):
            return "same_kanji"
        return None

    def complete(self, prefix: str, limit: int = 8) -> list[str]:
        """Vocabulary words starting with ``prefix`` (or, for Japanese, whose kana
        reading does), most frequent first."""
        p = fold(prefix)
        if not p:
            return []
        out: list[str] = []
        readings = self.table.header.get("readings")
        for j, w in enumerate(self.clues):
            if w.startswith(p) or (readings and j < len(readings) and readings[j].startswith(p)):
                out.append(w)
                if len(out) == limit:
                    break
        return out


def _is_kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or ch == "\u3005"
