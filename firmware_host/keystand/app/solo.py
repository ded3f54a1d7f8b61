"""Solo mode: one person at the table, an AI partner in the other seat.

The app knows the AI only through the narrow ``Partner`` protocol below; the
engine behind it (``keystand.partner``, issue 19) is plugged in by the daemon's
``partner`` loader through an adapter, and the tests use a small deterministic
engine of their own. Nothing here imports an engine.

What the AI seat may know is ``Know``: its own side of the key and the public
table (covered cells, bystander tokens), never the human's side. The human sees
the AI's clue on its own screen, dials its own clue word with the encoder
(``app/clue_entry.py``) and confirms each of the AI's touches with a press, so
the physical table keeps up; every move is the rules engine's, journaled as in a
two-player game (docs/daemon.md, "Solo").
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..rules.actions import Action, Clue, Guess
from ..rules.game import GameState, apply
from ..rules.layout import Seat, other
from ..rules.status import Phase

log = logging.getLogger("keystand")

PARTNERS = ("person", "ai")  # the menu's "Partner"
LEVELS = ("easy", "normal", "hard")  # the menu's "Level": opaque to the app
# Why the engine refused a clue word (ClueRefused.reason), the codes the screens translate.
CLUE_REASONS = (
    "unknown_word",
    "ambiguous_reading",
    "same_word",
    "same_stem",
    "same_reading",
    "same_kanji",
    "too_close",
)


@dataclass(frozen=True, slots=True)
class Know:
    """What the AI seat may know: its own side and the public table. Cells are A's
    frame, 0..24."""

    seat: Seat  # the AI's seat
    side: str  # the AI's own side: 25 roles G/T/B
    found: frozenset[int]  # cells covered by an agent card
    bystanders: tuple[tuple[Seat, ...], ...]  # per cell: the seats a bystander token points to
    tokens_left: int
    found_by: tuple[Seat | None, ...] = (None,) * 25  # per cell: who found its agent (public)


class Given(Protocol):
    """A clue the AI gives: the word, its number, and the cells it means."""

    @property
    def word(self) -> str: ...

    @property
    def number(self) -> int: ...

    @property
    def targets(self) -> Sequence[int]: ...


class ClueRefused(ValueError):
    """A clue word the engine will not take; ``reason`` is one of CLUE_REASONS,
    ``cell`` the board cell it clashes with, if any."""

    def __init__(self, message: str, reason: str, cell: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.cell = cell


class Partner(Protocol):
    """An AI partner for one language and one level (``PartnerLoader`` builds it).

    ``board`` is whatever the engine keeps for a deal of 25 words (A's reading
    order); the app only hands it back."""

    def board(self, words: Sequence[str]) -> Any:
        """The engine's board for these words; raises on a word it does not know."""
        ...

    def clue(self, board: Any, know: Know, seed: int, exclude: Sequence[str] = ()) -> Given | None:
        """The AI's clue, or None when it has no agents left to show; never one of
        ``exclude``, the clue words given so far in this game (by either seat)."""
        ...

    def check_clue(self, board: Any, text: str, visible: Sequence[str]) -> str:
        """The human's clue word, normalised; raises ClueRefused with the reason."""
        ...

    def guesses(
        self, board: Any, know: Know, word: str, number: int, history: Sequence[tuple[str, int]]
    ) -> list[int]:
        """Cells in the order the AI touches them for the clue; it stops where the
        list ends. ``history``: the human's earlier clues, oldest first, each with
        how many of its agents the AI has not found yet."""
        ...

    def sudden_death(self, board: Any, know: Know) -> int:
        """The cell the AI touches in sudden death."""
        ...

    def complete(self, prefix: str) -> list[str]:
        """Clue words starting with ``prefix`` (for Japanese also by kana reading)."""
        ...


PartnerLoader = Callable[[str, str], Partner]  # (language, level) -> a partner


@dataclass(frozen=True, slots=True)
class SoloSetup:
    """What makes a game solo, journaled when it starts (app/journal.py) so that a
    restart plays on the same game whatever the settings say by then."""

    ai: Seat  # the AI's seat
    level: str  # LEVELS
    lang: str  # the table language its words and engine are
    words: tuple[str, ...]  # the 25 dealt words, A's reading order


GIVE, TOUCH = "give", "touch"  # Plan.kind


@dataclass(frozen=True, slots=True)
class Plan:
    """What the AI decided about one clue, journaled before anyone sees it: its own
    clue (``GIVE``: word, number and the cells it means) or, for the human's clue,
    the cells it will touch in that order (``TOUCH``). ``clue`` is the clue's place
    in the game: ``GameState.turns`` once it is given (1 for the first)."""

    clue: int
    kind: str
    word: str
    number: int
    cells: tuple[int, ...]

    @property
    def targets(self) -> tuple[int, ...]:  # a GIVE plan is a ``Given``
        return self.cells


@dataclass(frozen=True, slots=True)
class Meant:
    """One of the AI's clues, for the debrief: the words it meant."""

    word: str
    number: int
    targets: tuple[str, ...]


@dataclass
class SoloGame:
    """One solo game: the AI's seat, the dealt words, the AI's clue waiting for the
    human's first press, the touches it still means to make, what it meant."""

    partner: Partner
    words: tuple[str, ...]  # the 25 dealt words, A's reading order
    ai: Seat
    lang: str
    seed: int
    board: Any = None
    # Called with each plan the AI makes, before it is shown (the daemon journals it).
    record: Callable[[Plan], None] | None = None
    meant: list[Meant] = field(default_factory=list)
    # The human's clues, each with how many of its agents the AI has not found yet.
    history: list[tuple[str, int]] = field(default_factory=list)
    _open: tuple[int, int, int] | None = None  # (history index, its number, agents found then)
    word: str | None = None  # the human's accepted clue word, waiting for its number
    _clue: tuple[int, Given | None] | None = None  # (turn, the AI's clue for it)
    _queue: list[int] | None = None  # the AI's touches still to come this turn
    _touch: tuple[GameState, int | None] | None = None  # the touch shown for a state
    sudden_ai: bool = False  # in sudden death: the AI touches next

    def __post_init__(self) -> None:
        if self.board is None:
            self.board = self.partner.board(self.words)

    @property
    def human(self) -> Seat:
        return other(self.ai)

    def know(self, state: GameState) -> Know:
        """What the AI may know now: its own side and the public marks."""
        return Know(
            seat=self.ai,
            side=state.layout.side(self.ai),
            found=frozenset(i for i in range(25) if state.agents[i] is not None),
            bystanders=tuple(state.bystander_guessers(i) for i in range(25)),
            tokens_left=state.tokens_left,
            found_by=state.agents,
        )

    # ---------------------------------------------------------- the AI gives

    def ai_gives(self, state: GameState) -> bool:
        """The AI gives the next clue: the clue phase, and its turn (on the first
        turn, when either may, the AI gives)."""
        return state.phase == Phase.CLUE and state.can_give_clue(self.ai)

    def ai_clue(self, state: GameState) -> Given | None:
        """The clue the AI gives this turn (computed once per turn)."""
        if not self.ai_gives(state):
            return None
        if self._clue is None or self._clue[0] != state.turns:
            given = self._ask_clue(state)
            self._clue = (state.turns, given)
            if given is not None and self.record is not None:
                plan = Plan(state.turns + 1, GIVE, given.word, given.number, tuple(given.targets))
                self.record(plan)
        return self._clue[1]

    def _ask_clue(self, state: GameState) -> Given | None:
        return self.partner.clue(
            self.board, self.know(state), seed=self.seed + state.turns, exclude=self.said()
        )

    def said(self) -> list[str]:
        """The clue words given so far in this game: the AI's and the human's."""
        return [m.word for m in self.meant] + [word for word, _n in self.history]

    def shown_clue(self, state: GameState) -> Given | None:
        """The AI's clue this turn if it was made already (never asks the engine:
        safe from another thread)."""
        made = self._clue
        if made is None or made[0] != state.turns or not self.ai_gives(state):
            return None
        return made[1]

    def clue_given(self, state: GameState, given: Given) -> None:
        """The AI's clue was recorded: keep what it meant for the debrief."""
        targets = tuple(self.words[c] for c in given.targets if 0 <= c < 25)
        self.meant.append(Meant(given.word, given.number, targets))

    # ---------------------------------------------------------- the human gives

    def visible(self, state: GameState) -> list[str]:
        return [self.words[i] for i in range(25) if not state.out_of_play(i)]

    def check(self, state: GameState, text: str) -> str:
        """The human's clue word as the engine reads it; raises ClueRefused."""
        return self.partner.check_clue(self.board, text, self.visible(state))

    def human_gave(self, state: GameState, word: str, number: int) -> None:
        """The human's clue was recorded: the AI decides its touches for it."""
        self._gave(state, word, number, None)

    def _gave(self, state: GameState, word: str, number: int, plan: Plan | None) -> None:
        """``plan``: the touches journaled for this clue; without one the engine is
        asked (the same question, so the same answer) and the plan recorded."""
        before = tuple(self.history)
        self._open = (len(self.history), number, state.agents_found)
        self.history.append((word, number))
        if plan is not None:
            self._queue = list(plan.cells)
        else:
            know = self.know(state)
            self._queue = list(self.partner.guesses(self.board, know, word, number, before))
            if self.record is not None:
                self.record(Plan(state.turns, TOUCH, word, number, tuple(self._queue)))
        self._touch = None

    # ---------------------------------------------------------- the AI touches

    def ai_guesses(self, state: GameState) -> bool:
        """The AI is to touch a card now (the human confirms each with a press)."""
        if state.phase == Phase.GUESSING:
            return state.guesser == self.ai
        if state.phase == Phase.SUDDEN_DEATH:
            ai_can = state.greens_left(self.human) > 0
            return ai_can and (self.sudden_ai or state.greens_left(self.ai) == 0)
        return False

    def legal(self, state: GameState, cell: int) -> bool:
        return (
            0 <= cell < 25
            and not state.out_of_play(cell)
            and self.ai not in state.bystander_guessers(cell)
        )

    def touch(self, state: GameState) -> int | None:
        """The card the AI touches next, or None: it ends its turn (only after a
        correct guess; the table takes the token)."""
        if not self.ai_guesses(state):
            return None
        if self._touch is not None and self._touch[0] is state:
            return self._touch[1]
        cell = self._next(state)
        self._touch = (state, cell)
        return cell

    def _next(self, state: GameState) -> int | None:
        if state.phase == Phase.SUDDEN_DEATH:
            return self._checked(state, self.partner.sudden_death(self.board, self.know(state)))
        if self._queue is None:  # resumed mid-turn: the same clue, asked again
            word, number = state.clue_word or "", state.clue_number or 0
            self._queue = list(
                self.partner.guesses(self.board, self.know(state), word, number, self.history)
            )
        while self._queue:
            cell = self._queue.pop(0)
            if self.legal(state, cell):
                return cell
        if state.correct == 0:  # a turn ends only after a correct guess: its best single
            return self._checked(state, self.partner.sudden_death(self.board, self.know(state)))
        return None

    def _checked(self, state: GameState, cell: int) -> int:
        if self.legal(state, cell):
            return cell
        fallback = next(i for i in range(25) if self.legal(state, i))
        log.warning("the AI chose cell %s, which it cannot touch; it touches %d", cell, fallback)
        return fallback

    def touched(self, state: GameState) -> None:
        """A touch was played (``state`` is the table after it): in sudden death the
        human goes next; an agent found counts against the clue it was for."""
        self.sudden_ai = False
        self._touch = None
        if self._open is not None:
            index, number, found = self._open
            word = self.history[index][0]
            self.history[index] = (word, max(number - (state.agents_found - found), 0))

    def human_touched(self) -> None:
        self.sudden_ai = True

    def turn_over(self) -> None:
        """A turn ended: the AI's touches for it are done."""
        self._open = None
        self._queue = None
        self._touch = None
        self.word = None

    # ---------------------------------------------------------- after a restart

    def resume(
        self, start: GameState, actions: Sequence[Action], plans: Mapping[int, Plan]
    ) -> None:
        """Rebuild what this game knew before a restart from the journal: its
        actions, folded in the order app/session.py plays them, and the AI's plans
        (by clue). A clue with no plan journaled (a version-0 journal, a plan row
        that did not read) is asked of the engine again, which answers the same
        question the same way; a touch plan so made for the turn still open is
        recorded, past turns' are not."""
        record, made = self.record, list[Plan]()
        self.record = made.append  # kept back: nothing of the past is journaled again
        state, after_ai_clue = start, False
        try:
            for action in actions:
                before, (state, _) = state, apply(state, action)
                ended = state.phase != Phase.GUESSING
                if isinstance(action, Clue) and action.seat == self.ai:
                    self.clue_given(before, self._past_clue(before, action, plans))
                elif isinstance(action, Clue):
                    plan = plans.get(state.turns)
                    if plan is not None and plan.kind != TOUCH:
                        plan = None
                    self._gave(state, action.word or "", action.number or 0, plan)
                elif isinstance(action, Guess) and action.seat == self.ai:
                    while self._queue and self._queue.pop(0) != action.cell:
                        pass  # cells it skipped then, as it could not touch them
                    if ended:
                        self.turn_over()
                    self.touched(state)
                    ended = False
                elif isinstance(action, Guess) and not after_ai_clue:
                    self.human_touched()  # not the first press, which records the AI's clue
                if ended:
                    self.turn_over()
                after_ai_clue = isinstance(action, Clue) and action.seat == self.ai
        finally:
            self.record = record
        waiting = plans.get(state.turns + 1)
        if waiting is not None and waiting.kind == GIVE and self.ai_gives(state):
            self._clue = (state.turns, waiting)  # shown before the restart: shown again
        open_turn = [p for p in made if p.clue == state.turns and self._queue is not None]
        if open_turn and state.phase == Phase.GUESSING and record is not None:
            record(open_turn[-1])  # the touches it goes on with, asked again: kept now

    def _past_clue(self, before: GameState, clue: Clue, plans: Mapping[int, Plan]) -> Given:
        """The AI's clue as it meant it: its journaled plan, else the engine asked
        again (its targets kept only if it gives the same clue)."""
        plan = plans.get(before.turns + 1)
        if plan is not None and plan.kind == GIVE and plan.word == clue.word:
            return plan
        again = self._ask_clue(before)
        if again is not None and again.word == clue.word:
            return again
        return Plan(before.turns + 1, GIVE, clue.word or "", clue.number or 0, ())
