"""``keystand partner clue|guess|selfplay`` (docs/cli.md)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from ..rules.layout import SEATS, cell_index, cell_name


def add_parser(
    sub: argparse._SubParsersAction,
    add_key_options: Callable[[argparse.ArgumentParser], None],
) -> argparse.ArgumentParser:
    """``keystand partner``'s parser, added to ``sub``."""
    p = sub.add_parser("partner", help="the AI partner: a clue, guesses, or self-play games")
    actions = p.add_subparsers(dest="partner_command", required=True, metavar="ACTION")

    def board_options(a: argparse.ArgumentParser) -> None:
        a.add_argument("--lang", required=True, choices=("en", "fi", "ja"))
        add_key_options(a)
        a.add_argument("--seat", required=True, type=str.upper, choices=SEATS)
        a.add_argument("--words", required=True, metavar="W1,...,W25")
        a.add_argument("--found", default="", metavar="CELL,...", help="cells covered by agents")

    a = actions.add_parser("clue", help="the clue SEAT gives: {word, number, targets}")
    board_options(a)
    a.add_argument("--seed", type=int, default=0)
    a.set_defaults(partner_run=_clue)

    a = actions.add_parser("guess", help="the cards SEAT touches for a clue: {cells}")
    board_options(a)
    a.add_argument("--clue", required=True, nargs=2, metavar=("WORD", "N"))
    a.set_defaults(partner_run=_guess)

    a = actions.add_parser("selfplay", help="games of the partner with a noisy copy of itself")
    a.add_argument("--lang", required=True, choices=("en", "fi", "ja"))
    a.add_argument("--games", required=True, type=int)
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--noise", type=float, default=0.7)
    a.add_argument("--tokens", type=int, default=9)
    a.set_defaults(partner_run=_selfplay)
    return p


def run(
    args: argparse.Namespace,
    layout_from: Callable[[argparse.Namespace], object],
    error: type[Exception],
) -> int:
    """Run the chosen action; a PartnerError becomes ``error`` (one line, exit 2)."""
    from .core import PartnerError

    try:
        out = args.partner_run(args, layout_from, error)
    except PartnerError as exc:
        raise error(str(exc)) from None
    print(json.dumps(out, ensure_ascii=False))
    return 0


def _cells(text: str, words: tuple[str, ...], error: type[Exception]) -> tuple[int, ...]:
    out = []
    for token in (t.strip() for t in text.split(",")):
        if not token:
            continue
        folded = token.casefold()
        match = [i for i, w in enumerate(words) if w.casefold() == folded]
        if match:
            out.append(match[0])
            continue
        try:
            out.append(cell_index(token))
        except ValueError:
            raise error(
                f"--found: '{token}' is not a cell (a1 to e5) or one of the words"
            ) from None
    return tuple(out)


def _setup(args: argparse.Namespace, layout_from, error):
    from .core import Partner
    from .knowledge import Knowledge

    layout = layout_from(args)
    # Partner.board says what is wrong with the words (how many, unknown, repeated);
    # rules/script.py's parse_words would load the rules engine's actions for it.
    words = tuple(w.strip() for w in args.words.split(","))
    partner = Partner.load(args.lang)
    board = partner.board(words)
    found = _cells(args.found, words, error)
    # The seat's own side only: the other side never reaches the partner.
    know = Knowledge.fresh(args.seat, layout.side(args.seat), found)
    return partner, board, know


def _clue(args: argparse.Namespace, layout_from, error) -> dict:
    if args.seed < 0:
        raise error("--seed must be a non-negative whole number")
    partner, board, know = _setup(args, layout_from, error)
    choice = partner.giver.clue(board, know, seed=args.seed)
    if choice is None:
        raise error(f"{args.seat} has no agents left to clue")
    return {
        "word": choice.word,
        "number": choice.number,
        "targets": [cell_name(c) for c in choice.targets],
    }


def _guess(args: argparse.Namespace, layout_from, error) -> dict:
    word, number_text = args.clue
    try:
        number = int(number_text)
    except ValueError:
        raise error(f"--clue: the number '{number_text}' is not a whole number") from None
    if not 0 <= number <= 9:
        raise error("--clue: a clue number is 0 to 9")
    partner, board, know = _setup(args, layout_from, error)
    visible = [c for c in range(25) if know.visible(c)]
    partner.check_clue(board, word, visible)
    # what it touches at the table: the number, stopping short of a card the clue
    # hardly fits (guesser.touches)
    touched = partner.guesser.touches(board, know, word, number)
    return {"cells": [cell_name(c) for c in touched]}


def _selfplay(args: argparse.Namespace, layout_from, error) -> dict:
    from .core import Partner
    from .selfplay import selfplay

    if args.games < 1:
        raise error("--games must be at least 1")
    if args.seed < 0:
        raise error("--seed must be a non-negative whole number")
    if not 0 <= args.noise <= 5:
        raise error("--noise is 0 to 5 (standardised units)")
    if not 1 <= args.tokens <= 15:
        raise error("--tokens is 1 to 15")
    return selfplay(Partner.load(args.lang), args.games, args.seed, args.noise, args.tokens)
