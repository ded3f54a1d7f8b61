"""Where a word too wide for its place on a seat screen is broken onto more lines.

Solo mode shows clue words whole (a clue cut with "…" cannot be played), and the
longest words of the partners' vocabularies are wider than the mono column:
"AMMATTIKORKEAKOULUTUTKINTO" is 104 pixels, the column 64. Such a word is broken
where a reader expects it (docs/screens.md, "Decision: a clue word is never cut"):

- Latin letters (English, Finnish) at a syllable boundary, with a hyphen: before
  a consonant that a vowel follows (AM-MAT-TI-KOR-KEA-KOU-LU-TUT-KIN-TO), the
  Finnish rule, which reads well enough in English too; before both letters of
  a consonant and an R or L that start a syllable together (CINEMATO-GRAPHY,
  OIKEUS-PROSESSI), in English also an S and a consonant (MISUNDER-STANDING);
  never inside an English digraph (CH, SH, TH, ...);
- Japanese anywhere, with no hyphen, but never before a small kana, the long
  vowel mark or closing punctuation (kinsoku): コミュニケー / ション; nor after
  ッ, which doubles the consonant after it (クレジット / カード, not クレジッ / トカード);
- never a single letter or kana left alone on a line (ケーショ / ン), and the
  lines as even as the breaks allow (RAUHAN- / PALKINTO 3, ハード / ディスク 3).

Pure: a string in, lines out; ``fonts.width`` measures.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise

from . import fonts

VOWELS = frozenset("AEIOUYÄÖÅ")
# English letter pairs read as one sound: a break between them misleads the reader.
DIGRAPHS = frozenset(("CH", "SH", "TH", "PH", "WH", "GH", "CK", "QU"))
# A consonant and an R or L that begin a syllable together (GRAPHY, PROSESSI): the
# break goes before both, not between them (CINEMATOG-RAPHY, OIKEUSP-ROSESSI).
ONSETS = frozenset(a + b for a in "BCDFGKPT" for b in "RL") - {"TL", "DL"}
# English also begins syllables with S and a consonant (UNDER-STANDING); Finnish
# splits them (MET-SÄS-TYS, KAS-TI-KE).
ENGLISH_ONSETS = ONSETS | {"SC", "SK", "SL", "SM", "SN", "SP", "ST", "SW"}
# What may not start a line in Japanese (kinsoku shori): small kana, the long vowel
# mark, the iteration marks and closing punctuation.
NO_START = frozenset(
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶー々ゝゞヽヾ、。，．」』）：！？・"
)


def japanese(ch: str) -> bool:
    """A kana, a kanji or full-width punctuation: a glyph lines may break around."""
    return ord(ch) >= 0x3000


def breaks(word: str, lang: str = "") -> list[int]:
    """The indices before which ``word`` may break, at least two glyphs from either end."""
    onsets = ENGLISH_ONSETS if lang == "en" else ONSETS
    out = []
    for i in range(2, len(word) - 1):  # never a single letter or kana left alone
        before, here = word[i - 1], word[i]
        if japanese(here) or japanese(before):
            if here not in NO_START and before not in "ッっ":  # ッ binds the next kana
                out.append(i)
            continue
        after = word[i + 1] if i + 1 < len(word) else ""
        up = (before + here + after).upper()
        if not (up[1:2].isalpha() and up[1] not in VOWELS and up[2:3] in VOWELS):
            continue  # a syllable starts with its last consonant before a vowel
        if up[:2] in DIGRAPHS:
            continue
        if up[:2] in onsets and i > 2:  # the pair starts the syllable: CINEMATO-GRAPHY
            i -= 1
        if not any(c.upper() in VOWELS for c in word[:i]):
            continue  # the first part must be a syllable (a vowel) of its own
        out.append(i)
    return out


def wrap_word(word: str, tail: str, first: float, room: float, lang: str = "") -> list[str] | None:
    """``word`` and then ``tail`` (" 3", the clue's number) in lines: the first at
    most ``first`` pixels wide, the others ``room``, broken at ``breaks`` (with a
    hyphen between Latin letters). The fewest lines; of those, the fewest holding a
    single glyph (ゴールデ / ン / ウィーク is worse than ゴール / デン / ウィーク),
    then the most even (RAUHAN- / PALKINTO, not RAUHANPALKIN- / TO: the middle of
    a long word is often where its parts meet), then the shorter first. A
    part between two breaks that is wider than a line is broken anywhere. None
    when not even the first part fits the first line."""
    cuts = [0, *breaks(word, lang), len(word)]
    parts: list[str] = []
    for a, b in pairwise(cuts):
        part = word[a:b]
        if fonts.width(part + (tail if b == len(word) else _hyphen(part, part))) <= room:
            parts.append(part)
            continue
        for n, ch in enumerate(part):  # too wide for any line: glyph by glyph...
            if n and ch in NO_START:  # ...still never a small kana first on a line
                parts[-1] += ch
            else:
                parts.append(ch)

    Cost = tuple[int, int, float, tuple[int, ...]]

    @cache
    def best(i: int) -> tuple[Cost, tuple[str, ...]] | None:
        """The best lines for parts[i:], the first of them on line ``i == 0``."""
        width = first if i == 0 else room
        found: tuple[Cost, tuple[str, ...]] | None = None
        for j in range(i + 1, len(parts) + 1):
            text = "".join(parts[i:j])
            shown = text + (tail if j == len(parts) else _hyphen(text, parts[j]))
            if fonts.width(shown) > width:
                break
            end: tuple[Cost, tuple[str, ...]] = ((0, 0, 0.0, ()), ())
            rest = best(j) if j < len(parts) else end
            if rest is None:
                continue
            (lines, lonely, widest, lengths), after = rest
            cost = (
                lines + 1,
                lonely + (len(text) < 2),
                max(widest, fonts.width(shown)),
                (len(text), *lengths),
            )
            if found is None or cost < found[0]:
                found = (cost, (shown, *after))
        return found

    result = best(0)
    return None if result is None else list(result[1])


def _hyphen(before: str, after: str) -> str:
    """The hyphen at a break: between Latin letters only."""
    if not before or not after or japanese(before[-1]) or japanese(after[0]):
        return ""
    return "-"
