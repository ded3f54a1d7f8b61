"""The game state machine: an immutable state and ``apply(state, action)``.

``apply`` validates the action against the rules, and either raises
:class:`IllegalAction` (the state is untouched, being immutable) or returns the
new state with the domain events that describe what happened at the table.

Token model. The bank holds ``tokens_left`` tokens, ``bystander_left`` of them
bystander side up (all of them in a standard game). Under the ``paper`` ruleset
the same two numbers are the book's unticked turn and mistake boxes; the only
differences: the turn box is ticked when the turn begins (with its clue), and
a mistake ticks a mistake box alone (an extra turn box when none is left). See
docs/rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .actions import (
    Action,
    AgentFound,
    AssassinHit,
    BonusUsed,
    BystanderHit,
    Clue,
    ClueGiven,
    Event,
    GameOver,
    Guess,
    NothingLeftToGuess,
    OfficialMarked,
    Pass,
    Penalty,
    SuddenDeath,
    TokensTaken,
    TouchedTwo,
    TurnEnded,
)
from .clues import clue_clash
from .errors import IllegalAction
from .layout import SEATS, Layout, Seat, cell_name, other
from .scoring import score_breakdown
from .setup import ACTION_EFFECTS, AGENTS, MAX_CLUE, Rules
from .status import Outcome, Phase, Reason

MARK_BIT = {"A": 1, "B": 2}  # marks[i] bit: this seat guessed cell i and hit a bystander
BOTH = 3
# How a refusal names each bonus action.
BONUS_NAMES = {
    "two_word_clues": "two-word clue",
    "double_touches": "two-card touch",
    "official_marks": "bystander mark before a clue",
    "double_clues": "two clues at once",
}


@dataclass(frozen=True, slots=True)
class GameState:
    layout: Layout
    rules: Rules
    words: tuple[str, ...] = ()  # the 25 words in A's reading order, when known
    phase: Phase = Phase.CLUE
    outcome: Outcome = Outcome.PLAYING
    reason: Reason | None = None  # why a lost game was lost
    tokens_left: int = 0
    bystander_left: int = 0
    giver: Seat | None = None  # the clue giver of the turn in progress
    clue_number: int | None = None
    clue_word: str | None = None
    second_number: int | None = None  # a second clue given at once (a bonus)
    second_word: str | None = None
    guesses: int = 0  # guesses this turn
    correct: int = 0  # correct guesses this turn
    last_giver: Seat | None = None
    streak: int = 0  # clues in a row by last_giver
    turns: int = 0  # clues given
    agents: tuple[Seat | None, ...] = (None,) * 25  # who found the agent on each cell
    marks: tuple[int, ...] = (0,) * 25  # bystander marks, bit per guesser
    agents_found: int = 0
    passes: int = 0  # tokens taken to end a turn after a correct guess
    mistakes: int = 0
    ignores_left: int = 0
    went_to_sudden_death: bool = False
    # Bonus actions this game may still use (named after the ACTION_EFFECTS).
    two_word_clues_left: int = 0
    double_touches_left: int = 0
    official_marks_left: int = 0
    double_clues_left: int = 0

    def bonus_left(self, effect: str) -> int:
        """Uses left of a bonus action (``two_word_clues``, ...)."""
        return getattr(self, f"{effect}_left")

    def bonus_used(self, effect: str) -> int:
        """Uses of a bonus action spent so far in this game."""
        return getattr(self.rules, effect) - self.bonus_left(effect)

    @property
    def guesser(self) -> Seat | None:
        return other(self.giver) if self.giver else None

    def greens_left(self, seat: Seat) -> int:
        """Uncovered greens on ``seat``'s side: the words its partner still has to find."""
        return _greens_left(self.layout, self.agents, seat)

    def bystander_guessers(self, index: int) -> tuple[Seat, ...]:
        """The seats whose guess found a bystander on this cell (its token points to them)."""
        return tuple(seat for seat in SEATS if self.marks[index] & MARK_BIT[seat])

    def out_of_play(self, index: int) -> bool:
        return self.agents[index] is not None or self.marks[index] == BOTH

    def can_give_clue(self, seat: Seat) -> bool:
        return self.phase == Phase.CLUE and self._clue_refusal(seat) is None

    def _clue_refusal(self, seat: Seat) -> IllegalAction | None:
        if self.greens_left(seat) == 0:
            return IllegalAction(
                f"{seat} has no agents left to clue; {other(seat)} gives every clue now",
                "no_agents_to_clue",
            )
        if self.greens_left(other(seat)) == 0 or self.last_giver != seat:
            return None
        if self.rules.turn_order == "strict":
            return IllegalAction(f"it is {other(seat)}'s turn to give a clue", "clue_order")
        if self.streak >= 2:
            return IllegalAction(
                f"{seat} has given two clues in a row; {other(seat)} gives the next one",
                "clue_order",
            )
        return None

    @property
    def score(self) -> int | None:
        if self.outcome != Outcome.WON:
            return None
        breakdown = score_breakdown(self)
        return breakdown["total"] if breakdown else None


def _greens_left(layout: Layout, agents: tuple[Seat | None, ...], seat: Seat) -> int:
    side = layout.side(seat)
    return sum(1 for i in range(25) if side[i] == "G" and agents[i] is None)


FIELDS = tuple(f.name for f in fields(GameState))


def new_game(layout: Layout, rules: Rules, words: tuple[str, ...] = ()) -> GameState:
    """A game about to start. With ``words``, a clue word that repeats a visible word
    is refused (``word_visible``)."""
    if words and len(words) != 25:
        raise ValueError(f"a table has 25 words, not {len(words)}")
    return GameState(
        layout=layout,
        rules=rules,
        words=tuple(words),
        tokens_left=rules.tokens,
        bystander_left=rules.bystander_tokens,
        ignores_left=rules.ignore_bystanders,
        **{f"{effect}_left": getattr(rules, effect) for effect in ACTION_EFFECTS},
    )


class _Work:
    """A mutable copy of a state while one action is applied: GameState's fields,
    writable (tests/test_game.py checks that the two lists are the same)."""

    layout: Layout
    rules: Rules
    words: tuple[str, ...]
    phase: Phase
    outcome: Outcome
    reason: Reason | None
    tokens_left: int
    bystander_left: int
    giver: Seat | None
    clue_number: int | None
    clue_word: str | None
    second_number: int | None
    second_word: str | None
    guesses: int
    correct: int
    last_giver: Seat | None
    streak: int
    turns: int
    agents: tuple[Seat | None, ...]
    marks: tuple[int, ...]
    agents_found: int
    passes: int
    mistakes: int
    ignores_left: int
    went_to_sudden_death: bool
    two_word_clues_left: int
    double_touches_left: int
    official_marks_left: int
    double_clues_left: int

    def __init__(self, state: GameState) -> None:
        for name in FIELDS:
            setattr(self, name, getattr(state, name))
        self.events: list[Event] = []

    def freeze(self) -> GameState:
        return GameState(**{name: getattr(self, name) for name in FIELDS})


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply one action. Raises :class:`IllegalAction`; never changes ``state``."""
    if state.phase == Phase.OVER:
        raise IllegalAction(f"the game is over ({state.outcome})", "game_over")
    w = _Work(state)
    if isinstance(action, Clue):
        _clue(state, w, action)
    elif isinstance(action, Guess):
        _guess(state, w, action)
    elif isinstance(action, Pass):
        _pass(state, w, action)
    elif isinstance(action, Penalty):
        _penalty(state, w)
    else:
        raise IllegalAction(f"unknown action {action!r}")
    return w.freeze(), w.events


def _clue(state: GameState, w: _Work, action: Clue) -> None:
    if state.phase == Phase.GUESSING:
        raise IllegalAction(
            f"{state.guesser} is still guessing; a clue comes after the turn ends", "still_guessing"
        )
    if state.phase == Phase.SUDDEN_DEATH:
        raise IllegalAction("no clues in sudden death: guess what you know", "sudden_death")
    if action.number is None:
        if state.rules.ruleset == "paper":  # the book caps guesses at the number + 1
            raise IllegalAction("a play-by-paper clue needs its number", "clue_number")
    elif not isinstance(action.number, int) or not 0 <= action.number <= MAX_CLUE:
        raise IllegalAction(f"a clue number is 0 to {MAX_CLUE}", "clue_number")
    refusal = state._clue_refusal(action.seat)
    if refusal:
        raise refusal
    spent = _clue_bonuses(state, action)
    for word in (action.word, action.second_word):
        if word and state.words:
            visible = (i for i in range(25) if not state.out_of_play(i))
            clash = clue_clash(word, state.words, visible)
            if clash is not None:
                raise IllegalAction(
                    f"invalid clue: '{word}' repeats {state.words[clash]} ({cell_name(clash)}), "
                    "a word visible on the table",
                    "word_visible",
                )
    for effect in spent:
        _spend(w, effect, action.seat)
    if action.mark is not None:  # Hogsmeade: one more token marks a bystander first
        if state.rules.ruleset == "paper":
            _tick_turn(w, "mark")
        else:
            side = "bystander" if w.bystander_left else "checkmark"
            w.bystander_left -= side == "bystander"
            w.tokens_left -= 1
            w.events.append(TokensTaken(1, side, "mark"))
        w.marks = _set(w.marks, action.mark, w.marks[action.mark] | MARK_BIT[other(action.seat)])
        w.events.append(OfficialMarked(action.mark, action.seat))
    if state.rules.ruleset == "paper":
        _tick_turn(w)  # the book: both players begin each turn by ticking a turn box
    w.phase = Phase.GUESSING
    w.giver = action.seat
    w.clue_number = action.number
    w.clue_word = action.word
    w.second_number = action.second_number
    w.second_word = action.second_word
    w.guesses = w.correct = 0
    w.streak = state.streak + 1 if state.last_giver == action.seat else 1
    w.last_giver = action.seat
    w.turns += 1
    w.events.append(
        ClueGiven(
            action.seat, action.number, action.word, action.second_number, action.second_word
        )
    )


def _clue_bonuses(state: GameState, action: Clue) -> list[str]:
    """The bonus actions a clue spends, checked; raises IllegalAction."""
    spent = []
    if action.two_words:
        spent.append("two_word_clues")
        if action.word is not None and len(action.word.split()) != 2:
            raise IllegalAction(
                f"a two-word clue has two words, not '{action.word}'", "two_words"
            )
    if action.second_number is not None:
        spent.append("double_clues")
        if not isinstance(action.second_number, int) or not 0 <= action.second_number <= MAX_CLUE:
            raise IllegalAction(f"a clue number is 0 to {MAX_CLUE}", "clue_number")
    elif action.second_word is not None:
        raise IllegalAction("a second clue needs its number", "clue_number")
    if action.mark is not None:
        spent.append("official_marks")
        cell, giver = action.mark, action.seat
        if not isinstance(cell, int) or not 0 <= cell < 25:
            raise IllegalAction(f"no cell {cell!r} on the table", "no_such_cell")
        if state.out_of_play(cell) or state.marks[cell] & MARK_BIT[other(giver)]:
            raise IllegalAction(f"{cell_name(cell)} is already marked or covered", "covered")
        if state.layout.role(cell, giver) != "T":
            raise IllegalAction(
                f"{cell_name(cell)} is not a bystander on {giver}'s side: only one can be marked",
                "not_a_bystander",
            )
        if state.tokens_left < 2:
            raise IllegalAction(
                "marking a bystander needs a token besides the turn's own", "no_spare_token"
            )
    for effect in spent:
        if state.bonus_left(effect) == 0:
            raise IllegalAction(f"no {BONUS_NAMES[effect]} left in this game", "no_bonus_left")
    return spent


def _spend(w: _Work, effect: str, seat: Seat) -> None:
    setattr(w, f"{effect}_left", getattr(w, f"{effect}_left") - 1)
    w.events.append(BonusUsed(effect, seat))


def _guess(state: GameState, w: _Work, action: Guess) -> None:
    seat, cell = action.seat, action.cell
    if state.phase == Phase.CLUE:
        raise IllegalAction(_between_turns(state), "no_clue_yet")
    if state.phase == Phase.GUESSING:
        if seat != state.guesser:
            raise IllegalAction(f"{state.guesser} is guessing this turn, not {seat}", "not_guesser")
        if state.greens_left(other(seat)) == 0:
            raise IllegalAction(
                f"{seat} has nothing left to guess: end the turn by taking a token", "nothing_left"
            )
    elif state.greens_left(other(seat)) == 0:  # sudden death
        raise IllegalAction(f"{seat} has nothing left to guess in sudden death", "nothing_left")
    for touched in (cell,) if action.also is None else (cell, action.also):
        if not isinstance(touched, int) or not 0 <= touched < 25:
            raise IllegalAction(f"no cell {touched!r} on the table", "no_such_cell")
        if state.out_of_play(touched):
            raise IllegalAction(f"{cell_name(touched)} is already covered", "covered")
        if state.marks[touched] & MARK_BIT[seat]:
            raise IllegalAction(
                f"{seat} already found a bystander at {cell_name(touched)}; "
                f"only {other(seat)} can guess it",
                "own_bystander",
            )
    if action.also is not None:  # Hogwarts: two cards touched, the partner chose `cell`
        if action.also == cell:
            raise IllegalAction("touch two different cards", "same_cell")
        if state.bonus_left("double_touches") == 0:
            raise IllegalAction(
                f"no {BONUS_NAMES['double_touches']} left in this game", "no_bonus_left"
            )
        _spend(w, "double_touches", seat)
        w.events.append(TouchedTwo(seat, cell, action.also))

    giver = other(seat)
    role = state.layout.role(cell, giver)
    w.guesses += 1
    if role == "G":
        w.agents = _set(w.agents, cell, seat)
        w.agents_found += 1
        w.correct += 1
        w.events.append(AgentFound(cell, seat))
        if w.agents_found == AGENTS:
            if state.phase == Phase.GUESSING:
                _take(w, 1, "win")  # the winning turn spends its token too
            _finish(w, Outcome.WON, None)
            return
        if _greens_left(w.layout, w.agents, giver) == 0:
            w.events.append(NothingLeftToGuess(seat))
        if (
            state.phase == Phase.GUESSING
            and state.rules.ruleset == "paper"
            and w.guesses >= (state.clue_number or 0) + (state.second_number or 0) + 1
        ):
            _take(w, 1, "cap")
            _end_turn(w)
        return
    if role == "B":
        w.events.append(AssassinHit(cell, seat))
        _finish(w, Outcome.LOST, Reason.ASSASSIN)
        return
    # A bystander: mark it, pointing from the giver to the guesser.
    w.marks = _set(w.marks, cell, w.marks[cell] | MARK_BIT[seat])
    covered = w.marks[cell] == BOTH
    if w.ignores_left:
        w.ignores_left -= 1
        w.events.append(BystanderHit(cell, seat, covered, ignored=True))
        return
    w.mistakes += 1
    w.events.append(BystanderHit(cell, seat, covered))
    if state.phase == Phase.SUDDEN_DEATH:
        _finish(w, Outcome.LOST, Reason.SUDDEN_DEATH)
        return
    if not _pay_mistake(w, "bystander"):
        return
    _end_turn(w)


def _between_turns(state: GameState) -> str:
    """Why a guess waits for a clue: the game has not begun, or the last turn is over
    (it then says who gives the next clue, as the turn order and the greens left allow)."""
    if state.turns == 0:
        return "no clue has been given yet: a turn starts with a clue"
    givers = [seat for seat in SEATS if state.can_give_clue(seat)]
    if len(givers) == 1:
        nxt = f"{givers[0]} gives the next clue and {other(givers[0])} guesses it"
    else:
        nxt = "the next turn starts with a clue from A or B"
    return f"the turn is over: {nxt}"


def _pass(state: GameState, w: _Work, action: Pass) -> None:
    if state.phase != Phase.GUESSING:
        raise IllegalAction(
            "no turn to end: sudden death has no turns"
            if state.phase == Phase.SUDDEN_DEATH
            else "no turn to end: a turn starts with a clue",
            "no_turn",
        )
    if action.seat != state.guesser:
        raise IllegalAction(
            f"only the guesser ({state.guesser}) ends the turn by taking a token", "not_guesser"
        )
    if state.correct == 0:
        raise IllegalAction(
            "a turn can be ended only after at least one correct guess", "need_correct"
        )
    w.passes += _take(w, 1, "pass")
    _end_turn(w)


def _penalty(state: GameState, w: _Work) -> None:
    if state.phase == Phase.SUDDEN_DEATH:
        raise IllegalAction("no clues in sudden death, so no clue penalty", "sudden_death")
    if state.turns == 0:
        raise IllegalAction(
            "no clue has been given yet: a penalty is for an invalid clue", "no_clue_yet"
        )
    if state.rules.ruleset == "paper":
        # The book: tick an extra turn box and a mistake box.
        if w.tokens_left == 0:
            _finish(w, Outcome.LOST, Reason.OUT_OF_TOKENS)
            return
        _tick_turn(w, "penalty")
        w.mistakes += 1
        if not _pay_mistake(w, "penalty"):
            return
    elif w.tokens_left == 0:  # a second penalty in a turn whose first took the last token
        _finish(w, Outcome.LOST, Reason.OUT_OF_TOKENS)
        return
    else:
        _take(w, 1, "penalty")
    if w.tokens_left == 0 and state.phase == Phase.CLUE:
        # A late penalty took the last token: no turn can begin.
        w.phase = Phase.SUDDEN_DEATH
        w.went_to_sudden_death = True
        w.events.append(SuddenDeath())
    # During the guesses the guesser goes on "as though the clue were valid": the
    # turn ends as usual and sudden death follows it (see _end_turn).


def _tick_turn(w: _Work, why: str = "turn") -> None:
    """Paper: tick one turn box."""
    w.tokens_left -= 1
    w.events.append(TokensTaken(1, "checkmark", why))


def _take(w: _Work, count: int, why: str) -> int:
    """Take tokens to end a turn, checkmark side first. Paper ticked the turn's box
    when it began, and an empty bank (a penalty took its last token) gives nothing."""
    if w.rules.ruleset == "paper":
        return 0
    taken = min(count, w.tokens_left)
    for _ in range(taken):
        if w.tokens_left == w.bystander_left:
            w.bystander_left -= 1
            side = "bystander"
        else:
            side = "checkmark"
        w.tokens_left -= 1
        w.events.append(TokensTaken(1, side, why))
    return taken


def _pay_mistake(w: _Work, why: str) -> bool:
    """Pay for a wrong guess (or a paper penalty's mistake box). False when the bank
    cannot pay: lost. Paper: a mistake box, else an extra turn box."""
    paper = w.rules.ruleset == "paper"
    if w.bystander_left:
        w.bystander_left -= 1
        if not paper:
            w.tokens_left -= 1
        w.events.append(TokensTaken(1, "bystander", why))
        return True
    need = 1 if paper else 2
    if w.tokens_left < need:
        _finish(w, Outcome.LOST, Reason.OUT_OF_TOKENS)
        return False
    w.tokens_left -= need
    w.events.append(TokensTaken(need, "checkmark", why))
    return True


def _end_turn(w: _Work) -> None:
    w.events.append(TurnEnded(w.giver))  # type: ignore[arg-type]
    w.giver = None
    w.clue_number = None
    w.clue_word = None
    w.second_number = None
    w.second_word = None
    if w.tokens_left == 0:
        w.phase = Phase.SUDDEN_DEATH
        w.went_to_sudden_death = True
        w.events.append(SuddenDeath())
    else:
        w.phase = Phase.CLUE


def _finish(w: _Work, outcome: Outcome, reason: Reason | None) -> None:
    threshold = w.rules.win_threshold
    if outcome == Outcome.LOST and threshold is not None and w.agents_found >= threshold:
        outcome, reason = Outcome.WON, None
    w.phase = Phase.OVER
    w.outcome = outcome
    w.reason = reason
    w.giver = None
    frozen = w.freeze()
    w.events.append(GameOver(outcome, reason, frozen.score))


def _set(values: tuple, index: int, value: object) -> tuple:
    return (*values[:index], value, *values[index + 1 :])
