"""The AI partner: self-play win and assassin rates, clue and guess time, memory.

Self-play: GAMES games per language through the rules engine at TOKENS tokens;
each seat gives clues from the table and guesses from the same table with
Gaussian noise (NOISE, standardised units), a partner whose associations differ.
Times are CPU time of this process (the machine may be shared), per call, over
the first 100 boards; memory is the resident set added by loading the table and
making a board (the table is memory-mapped: its pages count once touched).
Run:
    python benchmarks/bench_partner.py [--games 200] [--tokens 9] [--noise 0.7] [--lang en ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware_host"))

from keystand.books.words import deal
from keystand.books.words import load as load_words
from keystand.partner import Knowledge, Partner
from keystand.partner.selfplay import play_game
from keystand.rules.keygen import seeded_layout


def rss_kib() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def timings(partner: Partner, boards: int = 100) -> dict[str, float]:
    clue_ms, guess_ms, board_ms = [], [], []
    for seed in range(boards):
        words = deal(load_words(partner.lang), seed)
        t = time.process_time()
        board = partner.board(words)
        board_ms.append((time.process_time() - t) * 1000)
        layout = seeded_layout(seed)
        t = time.process_time()
        choice = partner.giver.clue(board, Knowledge.fresh("A", layout.side("A")), seed=seed)
        clue_ms.append((time.process_time() - t) * 1000)
        assert choice is not None
        know = Knowledge.fresh("B", layout.side("B"))
        t = time.process_time()
        partner.guesser.touches(board, know, choice.word, choice.number)
        guess_ms.append((time.process_time() - t) * 1000)

    def p95(xs: list[float]) -> float:
        return statistics.quantiles(xs, n=20)[-1]

    return {
        "board_ms": statistics.mean(board_ms),
        "clue_ms": statistics.mean(clue_ms),
        "clue_p95_ms": p95(clue_ms),
        "guess_ms": statistics.mean(guess_ms),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--tokens", type=int, default=9)
    ap.add_argument("--noise", type=float, default=0.7)
    ap.add_argument("--lang", action="append", choices=("en", "fi", "ja"))
    args = ap.parse_args()
    print("| lang | games | wins | assassin | agents (mean) | board | clue (mean, p95) | guess "
          "| memory added |")
    print("|---|---|---|---|---|---|---|---|---|")
    for lang in args.lang or ["en", "fi", "ja"]:
        before = rss_kib()
        partner = Partner.load(lang)
        partner.board(deal(load_words(lang), 0))
        added = rss_kib() - before
        t = timings(partner)
        added = max(added, rss_kib() - before)
        results = [
            play_game(partner, g, args.noise, args.tokens) for g in range(args.games)
        ]
        wins = sum(r.won for r in results)
        assassin = sum(r.assassin for r in results)
        agents = statistics.mean(r.agents for r in results)
        n = args.games
        print(
            f"| {lang} | {n} | {wins} ({100 * wins / n:.1f} %) | {assassin} "
            f"({100 * assassin / n:.1f} %) | {agents:.2f} | {t['board_ms']:.1f} ms "
            f"| {t['clue_ms']:.1f} ms, {t['clue_p95_ms']:.1f} ms | {t['guess_ms']:.2f} ms "
            f"| {added / 1024:.1f} MiB |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
