"""Scenario scripts: one action a line, as ``keystand play`` reads them.

clue SEAT N [WORD...]    SEAT gives a clue for N (0-9; - when the number was not recorded)
guess SEAT CELL          SEAT (the guesser) touches CELL: a1..e5 or one of the words
pass SEAT                SEAT (the guesser) ends the turn by taking a token
penalty                  an invalid clue: discard one token
# comment                blank lines and text after '#' are ignored

Bonus actions (docs/rules.md) are options after a clue or a guess:

clue SEAT N WORD WORD +two-words     a two-word clue (London)
clue SEAT N [WORD] +and N [WORD]     two clues at once (the Great Hall box's reward)
clue SEAT N [WORD] +mark CELL        first mark CELL as a bystander (Hogsmeade)
guess SEAT CELL +also CELL           touched two cards; the partner chose the first
"""

from __future__ import annotations

import unicodedata
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


def _number(token: str, line: int) -> int:
    try:
        return int(token)
    except ValueError:
        raise ScriptError(line, f"clue number '{token}' is not a whole number") from None


_OPTIONS = {"clue": ("+two-words", "+and", "+mark"), "guess": ("+also",)}


def _options(verb: str, args: list[str], line: int) -> tuple[list[str], dict[str, list[str]]]:
    """Split ``args`` into the plain part and ``+option`` parts."""
    plain: list[str] = []
    options: dict[str, list[str]] = {}
    current = plain
    for arg in args:
        if arg.startswith("+"):
            name = arg.lower()
            if name not in _OPTIONS.get(verb, ()):
                known = " ".join(_OPTIONS.get(verb, ())) or "none"
                raise ScriptError(line, f"unknown option '{arg}' for {verb} (known: {known})")
            if name in options:
                raise ScriptError(line, f"option '{arg}' given twice")
            current = options[name] = []
        else:
            current.append(arg)
    return plain, options


# The C0 control characters by their ASCII abbreviations (unicodedata has no names
# for them), so a refusal names what an editor may show as nothing at all.
_C0 = (
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR",
    "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC",
    "FS", "GS", "RS", "US",
)


def control_name(char: str) -> str:
    """``U+0000 (NUL)``: a control character as a refusal names it."""
    code = ord(char)
    name = _C0[code] if code < 32 else "DEL" if code == 127 else unicodedata.name(char, "")
    return f"U+{code:04X}" + (f" ({name})" if name else "")


def script_lines(text: str) -> list[tuple[int, str]]:
    """A script's lines, numbered as an editor numbers them: split at line feeds
    only (a CR before one is dropped), so a form feed or NUL inside a line stays
    in that line, where :func:`parse_line` names it, instead of making a line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [(n, line.removesuffix("\r")) for n, line in enumerate(lines, 1)]


def _check_characters(text: str, number: int) -> None:
    for column, char in enumerate(text, 1):
        if char != "\t" and unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            raise ScriptError(
                number, f"control character {control_name(char)} at column {column}"
            )


def parse_line(text: str, number: int, words: tuple[str, ...] = ()) -> Action | None:
    """Parse one line; ``None`` for blank and comment lines. A control character
    anywhere in the line (a tab aside) is refused, named with its column."""
    _check_characters(text, number)
    parts = text.split("#", 1)[0].split()
    if not parts:
        return None
    verb = parts[0].lower()
    args, options = _options(verb, parts[1:], number)
    if verb == "clue":
        if len(args) < 2:
            raise ScriptError(number, "clue needs a seat and a number: clue A 2 [word]")
        if options.get("+two-words"):
            raise ScriptError(number, "+two-words takes nothing after it: put the words first")
        second = options.get("+and")
        if second is not None and not second:
            raise ScriptError(number, "+and needs the second clue's number: +and 1 [word]")
        mark = options.get("+mark")
        if mark is not None and len(mark) != 1:
            raise ScriptError(number, "+mark needs one cell: +mark c3")
        return Clue(
            _seat(args[0], number),  # type: ignore[arg-type]
            None if args[1] == "-" else _number(args[1], number),
            " ".join(args[2:]) or None,
            two_words="+two-words" in options,
            second_number=_number(second[0], number) if second else None,
            second_word=" ".join(second[1:]) or None if second else None,
            mark=_cell(mark[0], words, number) if mark else None,
        )
    if verb == "guess":
        if len(args) < 2:
            raise ScriptError(number, "guess needs a seat and a cell: guess B c3")
        also = options.get("+also")
        if also is not None and not also:
            raise ScriptError(number, "+also needs the other cell touched: +also d4")
        # A word from --words may hold spaces ("ice cream").
        return Guess(
            _seat(args[0], number),  # type: ignore[arg-type]
            _cell(" ".join(args[1:]), words, number),
            also=_cell(" ".join(also), words, number) if also else None,
        )
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
    for number, line in script_lines(text):
        action = parse_line(line, number, words)
        if action is not None:
            out.append(ScriptLine(number, line.strip(), action))
    return out
