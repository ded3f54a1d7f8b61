"""Scenario scripts: one action a line, as ``keystand play`` reads them.

clue SEAT N [WORD...]    SEAT gives a clue for N (0-9)
guess SEAT CELL          SEAT (the guesser) touches CELL: a1..e5 or one of the words
pass SEAT                SEAT (the guesser) ends the turn by taking a token
penalty                  an invalid clue: discard one token
# comment                blank lines and text after '#' are ignored
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Clue, Guess, Pass, Penalty
from .errors import LayoutError, RulesError
from .layout import cell_index


class ScriptError(RulesError):
    """A line that is not a well-formed action, or one the rules refuse."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass(frozen=True, slots=True)
class ScriptLine:
    number: int
    text: str
    action: Action


def parse_words(text: str) -> tuple[str, ...]:
    words = tuple(w.strip() for w in text.split(","))
    if len(words) != 25:
        raise RulesError(f"--words needs 25 comma-separated words, got {len(words)}")
    if any(not w for w in words):
        raise RulesError("--words has an empty word")
    folded = [w.casefold() for w in words]
    dupes = sorted({w for w in folded if folded.count(w) > 1})
    if dupes:
        raise RulesError(f"--words repeats: {', '.join(dupes)}")
    return words


def _seat(token: str, line: int) -> str:
    seat = token.upper()
    if seat not in ("A", "B"):
        raise ScriptError(line, f"'{token}' is not a seat (A or B)")
    return seat


def _cell(token: str, words: tuple[str, ...], line: int) -> int:
    folded = token.casefold()
    for i, word in enumerate(words):
        if word.casefold() == folded:
            return i
    try:
        return cell_index(token)
    except LayoutError:
        hint = " or one of the words" if words else ""
        raise ScriptError(line, f"'{token}' is not a cell (a1 to e5){hint}") from None


def parse_line(text: str, number: int, words: tuple[str, ...] = ()) -> Action | None:
    """Parse one line; ``None`` for blank and comment lines."""
    parts = text.split("#", 1)[0].split()
    if not parts:
        return None
    verb, args = parts[0].lower(), parts[1:]
    if verb == "clue":
        if len(args) < 2:
            raise ScriptError(number, "clue needs a seat and a number: clue A 2 [word]")
        try:
            n = int(args[1])
        except ValueError:
            raise ScriptError(number, f"clue number '{args[1]}' is not a whole number") from None
        return Clue(_seat(args[0], number), n, " ".join(args[2:]) or None)  # type: ignore[arg-type]
    if verb == "guess":
        if len(args) < 2:
            raise ScriptError(number, "guess needs a seat and a cell: guess B c3")
        # A word from --words may hold spaces ("ice cream").
        return Guess(_seat(args[0], number), _cell(" ".join(args[1:]), words, number))  # type: ignore[arg-type]
    if verb == "pass":
        if len(args) != 1:
            raise ScriptError(number, "pass needs exactly one seat: pass B")
        return Pass(_seat(args[0], number))  # type: ignore[arg-type]
    if verb == "penalty":
        if args:
            raise ScriptError(number, "penalty takes nothing after it")
        return Penalty()
    raise ScriptError(number, f"unknown action '{parts[0]}' (clue, guess, pass, penalty)")


def parse_script(text: str, words: tuple[str, ...] = ()) -> list[ScriptLine]:
    """Every action of a script; raises :class:`ScriptError` at the first bad line."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        action = parse_line(line, number, words)
        if action is not None:
            out.append(ScriptLine(number, line.strip(), action))
    return out
