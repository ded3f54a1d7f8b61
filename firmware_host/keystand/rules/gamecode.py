"""Game codes: everything needed to load a game again, as short QR-friendly text.

A game code is what the printed slip's QR code holds and what a player types:

    KS1G-XXXX-XXXX-XXXX-XXXX-XX    a whole game (both sides of the key)
    KS1A-XXXX-XXXX-XXXX-X          seat A's side only (phone, paper book)

``KS`` marks a keystand code, ``1`` is the format version, the next letter the
kind (``G`` game, ``A``/``B`` one seat). The rest are Crockford base32 symbols
(hyphens optional) ending in a Damm check symbol over every symbol from the
version on, so any single mistyped character is refused. Every character is in
QR alphanumeric mode; without a word deal a game code is 27 characters and fits
a version 2 QR code at error correction M (38). Field by field in
docs/seed-format.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial

from . import base32
from .base32 import ALPHABET, damm_check, grouped, normalize
from .errors import KeyCodeError, RulesError, SetupError
from .keycode import encode_rank
from .layout import Layout, Seat, rows, turned
from .ranking import TOTAL, rank, rank_multiset, unrank, unrank_multiset
from .setup import AGENTS, MAX_TOKENS, Rules

VERSION = 1
PREFIX = "KS"
KINDS = {"G": "game", "A": "seat", "B": "seat"}
_KIND_VALUE = {"G": 16, "A": 10, "B": 11}  # the letters' Crockford values
_ROLES = ("B", "G", "T")
_SIDE_COUNTS = (3, 9, 13)
SIDE_TOTAL = factorial(25) // (factorial(3) * factorial(9) * factorial(13))
_KEY_SYMBOLS = 11
_SIDE_SYMBOLS = 7  # SIDE_TOTAL < 2**35
_SETUP_SYMBOLS = 5  # flags, T, M, ignored bystanders, win threshold
_DEAL_SYMBOLS = 10  # word list id (2), deal seed (8)
_STARTS: tuple[Seat | None, ...] = (None, "A", "B")
MAX_WORD_LIST = 32**2 - 1
MAX_DEAL_SEED = 32**8 - 1


class GameCodeError(RulesError):
    """Text that is not a game code we can load. The message says what is wrong;
    ``reason`` is a short code for screens: ``not_a_code``, ``mistyped``,
    ``version`` or ``bad_settings``."""

    def __init__(self, message: str, reason: str = "not_a_code") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Deal:
    """Which word list, and which seed deals 25 of its words onto the table."""

    word_list: int
    seed: int


@dataclass(frozen=True, slots=True)
class GameCode:
    """A whole game (``seat`` is None) or one seat's view of it."""

    rules: Rules
    layout: Layout | None = None  # kind G
    seat: Seat | None = None  # kinds A/B
    side: str | None = None  # kinds A/B: that seat's 25 roles in A's frame
    start: Seat | None = None  # who gives the first clue; None: either
    deal: Deal | None = None

    @property
    def kind(self) -> str:
        return "seat" if self.seat else "game"


def for_seat(code: GameCode, seat: Seat) -> GameCode:
    """The seat-scoped code of a game: only ``seat``'s side survives."""
    assert code.layout is not None
    return GameCode(
        code.rules, seat=seat, side=code.layout.side(seat), start=code.start, deal=code.deal
    )


def encode(code: GameCode) -> str:
    rules = code.rules
    if rules.ignore_bystanders > 31:
        raise SetupError("a game code carries at most 31 ignored bystanders")
    flags = (
        (rules.ruleset == "paper")
        | (rules.turn_order == "loose") << 1
        | _STARTS.index(code.start) << 2
    )
    setup = [
        flags,
        rules.tokens,
        rules.bystander_tokens,
        rules.ignore_bystanders,
        rules.win_threshold or 0,
    ]
    if code.seat is None:
        assert code.layout is not None
        letter, body = "G", base32.digits(rank(code.layout), _KEY_SYMBOLS)
    else:
        assert code.side is not None
        letter = code.seat
        body = base32.digits(rank_multiset(code.side, _ROLES, _SIDE_COUNTS), _SIDE_SYMBOLS)
    body += setup
    if code.deal is not None:
        if not (0 <= code.deal.word_list <= MAX_WORD_LIST and 0 <= code.deal.seed <= MAX_DEAL_SEED):
            raise SetupError("word list id or deal seed out of range for a game code")
        body += base32.digits(code.deal.word_list, 2) + base32.digits(code.deal.seed, 8)
    check = damm_check([VERSION, _KIND_VALUE[letter], *body])
    text = "".join(ALPHABET[v] for v in [*body, check])
    return "-".join([f"{PREFIX}{VERSION}{letter}", *grouped(text)])


def decode(text: str) -> GameCode:
    """Parse a typed or scanned game code. Raises :class:`GameCodeError` only."""
    if not isinstance(text, str):
        raise GameCodeError("not a game code: expected text")
    compact = "".join(text.split()).replace("-", "").upper()
    if not compact.startswith(PREFIX):
        raise GameCodeError("not a game code: keystand codes start with KS")
    if len(compact) < 4:
        raise GameCodeError("not a game code: too short")
    version = {"I": "1", "L": "1", "O": "0"}.get(compact[2], compact[2])
    if version != str(VERSION):
        raise GameCodeError(
            f"game code version '{compact[2]}' is not one this keystand reads (version {VERSION})",
            "version",
        )
    letter = compact[3]
    if letter not in KINDS:
        raise GameCodeError(f"unknown game code kind '{letter}' (G for a game, A or B for a seat)")
    try:
        values = normalize(compact[4:], "game code")
    except KeyCodeError as exc:
        raise GameCodeError(str(exc)) from None
    head = _KEY_SYMBOLS if letter == "G" else _SIDE_SYMBOLS
    short = head + _SETUP_SYMBOLS + 1
    if len(values) not in (short, short + _DEAL_SYMBOLS):
        raise GameCodeError(
            f"a {KINDS[letter]} code has {short} or {short + _DEAL_SYMBOLS} symbols after "
            f"'{PREFIX}{VERSION}{letter}', this one has {len(values)}"
        )
    if damm_check([VERSION, _KIND_VALUE[letter], *values[:-1]]) != values[-1]:
        raise GameCodeError("game code is mistyped (its check symbol does not match)", "mistyped")
    number = base32.number(values[:head])
    flags, tokens, bystanders, ignored, threshold = values[head : head + _SETUP_SYMBOLS]
    if flags >> 4 or (flags >> 2) & 3 == 3:
        raise GameCodeError("game code has settings this keystand does not know", "bad_settings")
    if not 1 <= tokens <= MAX_TOKENS or bystanders > tokens:
        raise GameCodeError(
            f"game code holds an impossible mission {tokens}-{bystanders}", "bad_settings"
        )
    if threshold > AGENTS:
        raise GameCodeError(
            f"game code holds an impossible win threshold {threshold}", "bad_settings"
        )
    try:
        rules = Rules(
            ruleset="paper" if flags & 1 else "duet",
            tokens=tokens,
            bystander_tokens=bystanders,
            turn_order="loose" if flags & 2 else "strict",
            ignore_bystanders=ignored,
            win_threshold=threshold or None,
        )
    except SetupError as exc:
        raise GameCodeError(f"game code holds an impossible setup: {exc}", "bad_settings") from None
    deal = None
    if len(values) > short:
        tail = values[head + _SETUP_SYMBOLS : -1]
        deal = Deal(base32.number(tail[:2]), base32.number(tail[2:]))
    start = _STARTS[(flags >> 2) & 3]
    if letter == "G":
        if number >= TOTAL:
            raise GameCodeError(
                "game code holds no valid key card (number out of range)", "bad_settings"
            )
        return GameCode(rules, layout=unrank(number), start=start, deal=deal)
    if number >= SIDE_TOTAL:
        raise GameCodeError(
            "seat code holds no valid key side (number out of range)", "bad_settings"
        )
    side = "".join(unrank_multiset(number, _ROLES, _SIDE_COUNTS))
    return GameCode(rules, seat=letter, side=side, start=start, deal=deal)  # type: ignore[arg-type]


def describe(code: GameCode) -> dict:
    """The decoded code as the plain dict ``keystand decode`` prints."""
    out: dict = {"kind": code.kind, "version": VERSION}
    if code.layout is not None:
        out["key"] = encode_rank(rank(code.layout))
        out["layout"] = code.layout.format()
    else:
        assert code.side is not None and code.seat is not None
        out["seat"] = code.seat
        out["rows"] = rows(turned(code.side, code.seat))
    r = code.rules
    out.update(
        mission=r.label,
        tokens=r.tokens,
        bystander_tokens=r.bystander_tokens,
        ruleset=r.ruleset,
        turn_order=r.turn_order,
        start=code.start,
        ignore_bystanders=r.ignore_bystanders,
        win_threshold=r.win_threshold,
        words=None if code.deal is None else {"list": code.deal.word_list, "seed": code.deal.seed},
    )
    return out
