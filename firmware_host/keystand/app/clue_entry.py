"""Dialling a clue word with a seat's encoder (solo mode), with completions.

The encoder turns a ring of choices: the vocabulary's completions of what is
typed (from two letters on), then the letters, then "OK". Press adds the letter
under the encoder or takes the completion as the clue; back deletes the last
letter (and leaves when nothing is typed); hold, or press on OK, offers what is
typed. Finnish adds Å Ä Ö. Japanese dials kana: the ring holds the ten rows
(あ か さ … わ), a press opens a row's kana, and the marks ゛ ゜ and 小 turn the
last kana voiced, half-voiced or small; ー and ん are letters of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = {"en": LATIN, "fi": LATIN + "ÅÄÖ"}
KANA_ROWS = (
    "あいうえお",
    "かきくけこ",
    "さしすせそ",
    "たちつてと",
    "なにぬねの",
    "はひふへほ",
    "まみむめも",
    "やゆよ",
    "らりるれろ",
    "わをんー",
)
VOICED = dict(
    zip(
        "かきくけこさしすせそたちつてとはひふへほう",
        "がぎぐげござじずぜぞだぢづでどばびぶべぼゔ",
        strict=True,
    )
)
HALF = dict(zip("はひふへほ", "ぱぴぷぺぽ", strict=True))
SMALL = dict(zip("あいうえおつやゆよわ", "ぁぃぅぇぉっゃゅょゎ", strict=True))
MARKS = ("゛", "゜", "小")
COMPLETE_FROM = 2  # letters typed before completions are offered
COMPLETIONS = 8  # completions on the ring (the screen shows a window of them)
MAX_TYPED = 16
OK = "OK"


@dataclass(frozen=True, slots=True)
class Item:
    """One stop of the encoder's ring."""

    kind: str  # "word" (a completion), "letter", "row" (Japanese), "mark", "ok"
    text: str


@dataclass
class ClueEntry:
    """The clue word being dialled; ``complete(prefix)`` is the vocabulary's."""

    lang: str
    complete: Callable[[str], list[str]]
    typed: str = ""
    row: int | None = None  # Japanese: the kana row that is open
    index: int = 0
    completions: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.index = self._first_letter()

    def items(self) -> list[Item]:
        ring = [Item("word", w) for w in self.completions]
        if self.lang == "ja":
            if self.row is not None:
                ring += [Item("letter", k) for k in KANA_ROWS[self.row]]
            else:
                ring += [Item("row", r[0]) for r in KANA_ROWS]
                ring += [Item("mark", m) for m in MARKS]
        else:
            ring += [Item("letter", ch) for ch in LETTERS.get(self.lang, LATIN)]
        if self.typed:
            ring.append(Item("ok", OK))
        return ring

    @property
    def item(self) -> Item:
        items = self.items()
        return items[self.index % len(items)]

    def _first_letter(self) -> int:
        return next(i for i, it in enumerate(self.items()) if it.kind != "word")

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.items())

    def _changed(self, keep: Item | None) -> None:
        """After the typed text changed: new completions, the encoder where it was."""
        found = self.complete(self.typed) if len(self.typed) >= COMPLETE_FROM else []
        # Upper case, as the letters are dialled (the engine reads either case).
        self.completions = list(dict.fromkeys(w.upper() for w in found))[:COMPLETIONS]
        items = self.items()
        self.index = items.index(keep) if keep in items else self._first_letter()

    def press(self) -> str | None:
        """Act on the item under the encoder; a word to offer as the clue, or None."""
        item = self.item
        if item.kind == "word":
            return item.text
        if item.kind == "ok":
            return self.typed
        if item.kind == "row":
            self.row = next(i for i, r in enumerate(KANA_ROWS) if r[0] == item.text)
            self.index = len(self.completions)  # the row's first kana
            return None
        if item.kind == "mark":
            table = {"゛": VOICED, "゜": HALF, "小": SMALL}[item.text]
            if self.typed and self.typed[-1] in table:
                self.typed = self.typed[:-1] + table[self.typed[-1]]
                self._changed(item)
            return None
        if len(self.typed) < MAX_TYPED:
            self.typed += item.text
        if self.row is not None:  # back to the rows, on the row just used
            self.row = None
            row = next(r for r in KANA_ROWS if item.text in r)
            self._changed(Item("row", row[0]))
        else:
            self._changed(item)
        return None

    def back(self) -> bool:
        """Close an open kana row, or delete the last letter; False when there was
        nothing to delete (the entry closes)."""
        if self.row is not None:
            self.row = None
            self._changed(None)
            return True
        if not self.typed:
            return False
        self.typed = self.typed[:-1]
        self._changed(self.item if self.item.kind != "word" else None)
        return True
