"""The tables the people benchmark deals: 25 words, a key, and a moment in a game.

A board is a seed: the words are ``deal(list, seed)``, the key ``seeded_layout(seed)``
(the same deal the books and self-play use). An opening board is a fresh game with
seat A to give the first clue. A later board is a plausible table a few turns on,
reached through the rules engine from the same seed: agents covered on both sides,
bystander tokens on words, two to four of A's agents left and a few turns left,
with A to give the next clue. ``readback`` (benchmarks/bench_partner_readback.py)
and ``people.py`` share these.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "firmware_host"))

from keystand.books.words import deal
from keystand.books.words import load as load_words
from keystand.rules.actions import Clue, Guess, Pass
from keystand.rules.game import MARK_BIT, GameState, apply, new_game
from keystand.rules.keygen import seeded_layout
from keystand.rules.layout import Seat, other
from keystand.rules.setup import Rules
from keystand.rules.status import Phase

# Seeds: the tuning range may be looked at freely; the held-out range only to
# report, a fresh block of it each time (people.py keeps a ledger of the blocks used).
TUNING = range(1_000_000, 2_000_000)
HELD_OUT = range(5_000_000, 6_000_000)
PHASES = ("opening", "later")


@dataclass(frozen=True)
class Table:
    """One board at one moment: what the engine knows (``state``) and how it came."""

    lang: str
    seed: int
    phase: str
    state: GameState

    @property
    def words(self) -> tuple[str, ...]:
        return self.state.words


def opening(lang: str, seed: int) -> Table:
    words = deal(load_words(lang), seed)
    return Table(lang, seed, "opening", new_game(seeded_layout(seed), Rules(), words))


def later(lang: str, seed: int) -> Table:
    """A game some turns on, A to give the next clue: two to four of A's agents
    left, three to seven of B's, up to four bystander tokens, three to five turns
    left. Turns alternate as the strict order does; each guesser finds one to three
    of the giver's agents and now and then ends on a bystander."""
    words = deal(load_words(lang), seed)
    layout = seeded_layout(seed)
    rng = random.Random(f"later/{lang}/{seed}")
    for _attempt in range(200):
        state = new_game(layout, Rules(), words)
        left: dict[Seat, int] = {"A": rng.randint(2, 4), "B": rng.randint(3, 7)}
        giver: Seat = "B" if rng.random() < 0.5 else "A"
        while state.phase == Phase.CLUE and state.turns < 8:
            if state.greens_left(giver) > left[giver] or state.greens_left(other(giver)) > left[
                other(giver)
            ]:
                state = _turn(state, giver, left[giver], rng)
                giver = other(giver)
                continue
            break
        if (
            state.phase == Phase.CLUE
            and state.greens_left("A") == left["A"]
            and state.greens_left("B") <= left["B"]
            and state.can_give_clue("A")
            and 3 <= state.tokens_left <= 5
        ):
            return Table(lang, seed, "later", state)
    raise RuntimeError(f"no later table for {lang} seed {seed}")


def _turn(state: GameState, giver: Seat, keep: int, rng: random.Random) -> GameState:
    guesser = other(giver)
    state, _ = apply(state, Clue(giver, None))
    side = state.layout.side(giver)
    agents = [c for c in range(25) if side[c] == "G" and state.agents[c] is None]
    rng.shuffle(agents)
    want = min(rng.randint(1, 3), max(len(agents) - keep, 0))
    for cell in agents[:want]:
        state, _ = apply(state, Guess(guesser, cell))
        if state.phase != Phase.GUESSING:
            return state
    bystanders = [
        c for c in range(25)
        if side[c] == "T" and not state.out_of_play(c) and not state.marks[c] & MARK_BIT[guesser]
    ]
    if bystanders and (state.correct == 0 or rng.random() < 0.45):
        state, _ = apply(state, Guess(guesser, rng.choice(bystanders)))
    elif state.phase == Phase.GUESSING:
        state, _ = apply(state, Pass(guesser))
    return state


def table(lang: str, seed: int, phase: str) -> Table:
    return opening(lang, seed) if phase == "opening" else later(lang, seed)
