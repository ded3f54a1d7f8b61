"""Self-play: two partners play whole games through the rules engine.

Each seat gives clues from the table and guesses from the same table with
Gaussian noise, standing in for a partner whose associations differ from the
giver's. Each seat knows only its own side (``Knowledge.of``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..books.words import deal
from ..books.words import load as load_words
from ..rules.actions import Clue, Guess, Pass
from ..rules.game import GameState, apply, new_game
from ..rules.keygen import seeded_layout
from ..rules.layout import SEATS, Seat, other
from ..rules.setup import Rules
from ..rules.status import Outcome, Phase, Reason
from .core import Board, Partner
from .knowledge import Knowledge


@dataclass(frozen=True, slots=True)
class GameResult:
    won: bool
    assassin: bool
    agents: int
    turns: int
    sudden_death: bool = False  # the clock ran out: the last guesses were blind


def play_game(partner: Partner, game_seed: int, noise: float = 0.7, tokens: int = 9) -> GameResult:
    """One game of ``partner`` with itself (a noisy copy guessing)."""
    words = deal(load_words(partner.lang), game_seed)
    layout = seeded_layout(game_seed)
    state: GameState = new_game(layout, Rules(tokens=tokens), words)
    clean = partner.board(words)
    noisy: dict[Seat, Board] = {
        seat: partner.board(words, noise=noise, seed=game_seed * 2 + n) if noise else clean
        for n, seat in enumerate(SEATS)
    }
    # the clues each seat got, with how many of their agents it has not found
    history: dict[Seat, list[tuple[str, int]]] = {"A": [], "B": []}
    next_giver: Seat = "A"
    step = 0
    while state.phase != Phase.OVER:
        step += 1
        if state.phase == Phase.CLUE:
            giver = next_giver if state.can_give_clue(next_giver) else other(next_giver)
            choice = partner.giver.clue(clean, Knowledge.of(state, giver), seed=step)
            if choice is None:  # cannot happen while the engine lets this seat give a clue
                raise RuntimeError("the giver found nothing to clue")
            state, _ = apply(state, Clue(giver, choice.number, choice.word))
            guesser = other(giver)
            touches = partner.guesser.touches(
                noisy[guesser],
                Knowledge.of(state, guesser),
                choice.word,
                choice.number,
                history[guesser],
            )
            before = state.agents_found
            for cell in touches:
                state, _ = apply(state, Guess(guesser, cell))
                if state.phase != Phase.GUESSING or state.correct == 0:
                    break
            # what the guesser knows of its turn: how many of the clue's agents it found
            found = state.agents_found - before
            history[guesser].append((choice.word, max(choice.number - found, 0)))
            if state.phase == Phase.GUESSING:
                state, _ = apply(state, Pass(guesser))
            next_giver = guesser
        elif state.phase == Phase.SUDDEN_DEATH:
            for seat in SEATS:
                if state.phase != Phase.SUDDEN_DEATH or state.greens_left(other(seat)) == 0:
                    continue
                ranked = partner.guesser.sudden_death(
                    noisy[seat], Knowledge.of(state, seat), history[seat]
                )
                state, _ = apply(state, Guess(seat, ranked[0]))
        else:  # GUESSING is always finished above
            raise RuntimeError(f"unexpected phase {state.phase}")
    return GameResult(
        state.outcome == Outcome.WON,
        state.reason == Reason.ASSASSIN,
        state.agents_found,
        state.turns,
        state.went_to_sudden_death,
    )


def selfplay(
    partner: Partner, games: int, seed: int = 0, noise: float = 0.7, tokens: int = 9
) -> dict[str, float | int]:
    """``games`` games from ``seed`` on: the command line's JSON."""
    results = [play_game(partner, seed * 100003 + g, noise, tokens) for g in range(games)]
    return {
        "games": games,
        "wins": sum(r.won for r in results),
        "assassin": sum(r.assassin for r in results),
        "agents_mean": round(sum(r.agents for r in results) / games, 3) if games else 0.0,
    }
