"""A small deterministic AI partner behind app/solo.py's ``Partner`` protocol.

Not the real engine (``keystand.partner``): a table of associations, clue word ->
board words, that a test writes for the board it deals. It plays by the
protocol's rules: it gives clues only for its own side's unfound agents, never
one that points at its own assassin nor a word given before in the game, guesses
the associated words in order, refuses unknown words and words on the table, and
completes prefixes from its vocabulary.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from keystand.app.solo import ClueRefused, Know


@dataclass(frozen=True)
class GivenClue:
    word: str
    number: int
    targets: list[int]


class TablePartner:
    """Associations clue word -> board words (in the order it would touch them)."""

    def __init__(self, associations: dict[str, list[str]]) -> None:
        self.associations = {w.upper(): list(t) for w, t in associations.items()}
        self.calls: list[tuple[str, object]] = []  # what the app asked, and with what
        self.excluded: list[tuple[str, ...]] = []  # the words each clue call excluded

    def board(self, words: Sequence[str]) -> tuple[str, ...]:
        self.calls.append(("board", tuple(words)))
        return tuple(words)

    def _cells(self, board: tuple[str, ...], word: str) -> list[int]:
        return [board.index(w) for w in self.associations.get(word, []) if w in board]

    def clue(
        self, board: tuple[str, ...], know: Know, seed: int, exclude: Sequence[str] = ()
    ) -> GivenClue | None:
        self.calls.append(("clue", know))
        self.excluded.append(tuple(exclude))
        open_agents = [i for i in range(25) if know.side[i] == "G" and i not in know.found]
        if not open_agents:
            return None
        best: tuple[str, list[int]] | None = None
        for word in sorted(self.associations):
            if word in {w.upper() for w in exclude}:
                continue  # given already in this game
            cells = self._cells(board, word)
            if any(know.side[c] == "B" for c in cells):
                continue  # never a clue that leads to its own assassin
            hits = [c for c in cells if c in open_agents]
            if hits and (best is None or len(hits) > len(best[1])):
                best = (word, hits)
        if best is None:
            return GivenClue("SOMETHING", 1, open_agents[:1])
        return GivenClue(best[0], len(best[1]), best[1])

    def check_clue(self, board: tuple[str, ...], text: str, visible: Sequence[str]) -> str:
        word = text.strip().upper()
        for cell, shown in enumerate(board):
            if shown in visible and (word == shown.upper()):
                raise ClueRefused(f"{word} is on the table", "same_word", cell)
        if word not in self.associations:
            raise ClueRefused(f"no clue word {word!r}", "unknown_word")
        return word

    def guesses(
        self,
        board: tuple[str, ...],
        know: Know,
        word: str,
        number: int,
        history: Sequence[tuple[str, int]],
    ) -> list[int]:
        self.calls.append(("guesses", know))
        return [c for c in self._cells(board, word) if c not in know.found][: number + 1]

    def sudden_death(self, board: tuple[str, ...], know: Know) -> int:
        self.calls.append(("sudden_death", know))
        preferred = [c for word in sorted(self.associations) for c in self._cells(board, word)]
        for cell in [*preferred, *range(25)]:
            if cell not in know.found and know.seat not in know.bystanders[cell]:
                return cell
        raise AssertionError("nothing left to touch")

    def complete(self, prefix: str) -> list[str]:
        return [w for w in sorted(self.associations) if w.startswith(prefix.upper())]


def loader(associations: dict[str, list[str]], seen: list | None = None):
    """A ``PartnerLoader`` for ``associations``; ``seen`` collects (lang, level) asked."""

    def load(lang: str, level: str) -> TablePartner:
        if seen is not None:
            seen.append((lang, level))
        return TablePartner(associations)

    return load
