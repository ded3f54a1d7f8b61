"""Does the partner's guesser read the partner's giver back? Share of clues whose
touches are all the giver's agents, without noise, per language.

The boards are those of the people benchmark (benchmarks/partner_people/tables.py):
opening and later tables, seat A giving (``Giver.clue``) and seat B touching
(``Guesser.touches``, what ``keystand partner guess`` prints), each seeing only its
own side of the key. The bar (issue 26) is all agents on at least 80 % of clues.
Run:
    python benchmarks/bench_partner_readback.py [--boards 100] [--first 3000000] [--lang en ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "partner_people"))

import tables

from keystand.partner import Knowledge, Partner


def readback(partner: Partner, t: tables.Table) -> tuple[bool, int, int]:
    """(every touch an agent, agents touched, the clue's number) for one table."""
    board = partner.board(t.words)
    choice = partner.giver.clue(board, Knowledge.of(t.state, "A"), seed=0)
    if choice is None:
        raise RuntimeError(f"no clue on {t.lang} seed {t.seed}")
    cells = partner.guesser.touches(
        board, Knowledge.of(t.state, "B"), choice.word, choice.number
    )
    side = t.state.layout.side("A")
    agents = 0
    for c in cells:
        if side[c] != "G":
            return False, agents, choice.number
        agents += 1
    return True, agents, choice.number


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=100, help="boards per phase and language")
    ap.add_argument("--first", type=int, default=3_000_000, help="first seed")
    ap.add_argument("--lang", action="append", choices=("en", "fi", "ja"))
    args = ap.parse_args()
    print("| lang | phase | clues | all touches agents | agents / clue | mean number |")
    print("|---|---|---|---|---|---|")
    for lang in args.lang or ["en", "fi", "ja"]:
        partner = Partner.load(lang)
        for phase in tables.PHASES:
            got = [
                readback(partner, tables.table(lang, args.first + k, phase))
                for k in range(args.boards)
            ]
            n = len(got)
            ok = sum(g[0] for g in got)
            print(
                f"| {lang} | {phase} | {n} | {ok} ({100 * ok / n:.0f} %) "
                f"| {sum(g[1] for g in got) / n:.2f} | {sum(g[2] for g in got) / n:.2f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
