"""The association table of one language: board word x clue word -> score.

A file is ``MAGIC``, a little-endian u32 length, a JSON header of that many bytes,
then one signed byte per (board word, clue word), board-major: row ``i`` holds the
scores of board word ``i`` against every clue word. A score is a standardised
association times ``header["scale"]``; the values ``REFUSED`` and up (below
``MIN_SCORE``) say that the clue may not be given while that board word is
visible, and why. The build script (scripts/partner_build.py) writes it; the
device only reads it, memory-mapped, with no numpy.
"""

from __future__ import annotations

import hashlib
import json
import mmap
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAGIC = b"KSPARTNER1\n"
HEARD_MAGIC = b"KSHEARD1\n"
DATA_DIR = Path(__file__).with_name("data")
# Codes below every score: why a clue is refused beside a board word.
REASONS = ("too_close", "same_stem", "same_reading", "same_kanji")
REFUSED = -128  # REFUSED + REASONS.index(reason)
MIN_SCORE = REFUSED + 8
MAX_SCORE = 127


def word_list_digest(words: tuple[str, ...] | list[str]) -> str:
    """The SHA-256 of a word list's words (NFC, one a line): the table's key to its list."""
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()


def reason_of(value: int) -> str | None:
    """The refusal a stored value stands for, or None for a score."""
    if value >= MIN_SCORE:
        return None
    return REASONS[value - REFUSED]


def encode(header: dict[str, Any], rows: list[bytes]) -> bytes:
    """The file's bytes: the header (keys sorted, so a build is byte-for-byte) and rows."""
    n_clues = len(header["clues"])
    if len(rows) != len(header["board"]) or any(len(r) != n_clues for r in rows):
        raise ValueError("a table has one row per board word, one byte per clue word")
    blob = json.dumps(header, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    head = blob.encode("utf-8")
    return MAGIC + struct.pack("<I", len(head)) + head + b"".join(rows)


@dataclass(frozen=True)
class Table:
    """A table opened for reading; ``row(i)`` is board word ``i``'s signed scores."""

    header: dict[str, Any]
    data: memoryview  # signed bytes, len(board) * len(clues)

    @property
    def board_words(self) -> list[str]:
        return self.header["board"]

    @property
    def clue_words(self) -> list[str]:
        return self.header["clues"]

    @property
    def scale(self) -> float:
        return float(self.header["scale"])

    def row(self, board_index: int) -> memoryview:
        n = len(self.header["clues"])
        return self.data[board_index * n : (board_index + 1) * n]


def parse(blob: bytes | mmap.mmap, origin: str = "") -> Table:
    if blob[: len(MAGIC)] != MAGIC:
        raise ValueError(f"{origin}: not a keystand partner table")
    (size,) = struct.unpack_from("<I", blob, len(MAGIC))
    start = len(MAGIC) + 4
    header = json.loads(bytes(blob[start : start + size]).decode("utf-8"))
    data = memoryview(blob)[start + size :].cast("b")
    if len(data) != len(header["board"]) * len(header["clues"]):
        raise ValueError(f"{origin}: the table is cut short or too long")
    return Table(header, data)


def path_for(lang: str) -> Path:
    return DATA_DIR / f"{lang}.table"


def open_table(lang: str) -> Table:
    """Memory-map a language's table (read-only pages, shared and paged in as used)."""
    path = path_for(lang)
    with path.open("rb") as fh:
        mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    return parse(mapped, path.name)


# ---------------------------------------------------------------- heard words
# data/LANG.heard: words a person may say that the giver never does. HEARD_MAGIC,
# a u32 length, a JSON header ("words", "k", "near", "scale", "list_sha256"), then
# for each word k records of its nearest board words (u16 board index, signed byte
# score) and ``near`` of its nearest clue words (u16 clue index, cosine x 100).


def heard_path(lang: str) -> Path:
    return DATA_DIR / f"{lang}.heard"


def encode_heard(header: dict[str, Any], rows: list[bytes]) -> bytes:
    size = 3 * (header["k"] + header["near"])
    if len(rows) != len(header["words"]) or any(len(r) != size for r in rows):
        raise ValueError("a heard file has one row of k records per word")
    head = json.dumps(header, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode(
        "utf-8"
    )
    return HEARD_MAGIC + struct.pack("<I", len(head)) + head + b"".join(rows)


@dataclass(frozen=True)
class Heard:
    """A heard-words file opened for reading: ``entry(word)`` is its nearest board
    words ({board index: stored score}) and nearest clue words ([(clue index,
    cosine x 100)])."""

    header: dict[str, Any]
    index: dict[str, int]
    data: bytes | memoryview

    def entry(self, word: str) -> tuple[dict[int, int], list[tuple[int, int]]] | None:
        j = self.index.get(word)
        if j is None:
            return None
        k, near = self.header["k"], self.header["near"]
        size = 3 * (k + near)
        records = list(struct.iter_unpack("<Hb", self.data[size * j : size * (j + 1)]))
        return dict(records[:k]), records[k:]


def open_heard(lang: str) -> Heard | None:
    """The heard words of ``lang``, or None when the build made none."""
    path = heard_path(lang)
    if not path.exists():
        return None
    with path.open("rb") as fh:  # mapped: only the records of the words asked for are read
        blob = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    if blob[: len(HEARD_MAGIC)] != HEARD_MAGIC:
        raise ValueError(f"{path.name}: not a keystand heard-words file")
    (size,) = struct.unpack_from("<I", blob, len(HEARD_MAGIC))
    start = len(HEARD_MAGIC) + 4
    header = json.loads(blob[start : start + size].decode("utf-8"))
    index = {w: j for j, w in enumerate(header.pop("words"))}
    return Heard(header, index, memoryview(blob)[start + size :])
