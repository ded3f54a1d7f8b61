"""Project the full game state onto what each seat's screen may see."""

from __future__ import annotations

from ..rules.game import GameState
from ..rules.layout import Seat, other, seat_index, turned
from ..rules.status import Phase
from ..screens.view import AGENT, BOTH, MARK_MINE, MARK_THEIRS, OPEN, Message, Role, SeatView


def seat_role(state: GameState, seat: Seat) -> Role:
    """What ``seat`` does now. In the clue phase of the duet ruleset the guesser is
    already at work: the clue is said aloud, and the first press guesses."""
    if state.phase == Phase.OVER:
        return Role.OVER
    if state.phase == Phase.SUDDEN_DEATH:
        return Role.SUDDEN_DEATH
    if state.phase == Phase.GUESSING:
        return Role.GUESS if state.guesser == seat else Role.WAIT
    gives, partner_gives = state.can_give_clue(seat), state.can_give_clue(other(seat))
    if state.rules.ruleset == "paper":  # the number comes first: the giver dials it
        return Role.CLUE if gives else Role.WAIT
    if partner_gives:
        return Role.GUESS
    return Role.CLUE if gives else Role.WAIT


def may_guess(state: GameState, seat: Seat, role: Role) -> bool:
    """``seat``'s knob and press play cards now: its turn to guess, or sudden death
    with an agent left on its partner's side. Only then is its cursor on the key."""
    if role == Role.GUESS:
        return True
    return role == Role.SUDDEN_DEATH and state.greens_left(other(seat)) > 0


def seat_hint(state: GameState, seat: Seat, role: Role, sensed: bool) -> str:
    """Which instruction the screen gives for ``role`` (screens/key.py HINTS)."""
    if role == Role.OVER:
        return "over"
    if role == Role.SUDDEN_DEATH:
        if not may_guess(state, seat, role):
            return "sudden_wait"
        # both may guess: a touch on a sensed card does not say who touched
        return "sudden_either" if may_guess(state, other(seat), role) else "sudden"
    if role == Role.WAIT:
        return "watch" if state.phase == Phase.GUESSING else "wait_clue"
    if role == Role.CLUE:
        return "give_number" if state.rules.ruleset == "paper" else "give"
    if state.phase == Phase.CLUE:
        return "either" if state.can_give_clue(seat) else "listen"
    return "guess_bank" if sensed else "guess_back"


def seat_view(
    state: GameState,
    seat: Seat,
    cursor: int | None = None,
    message: Message | None = None,
    debrief: bool = False,
    *,
    dial: int | None = None,
    sensed: bool = False,
    blind: bool = False,
) -> SeatView:
    """``debrief``: show the partner's side instead, which only a finished game allows.
    ``dial``: the clue number this seat has dialled; ``sensed``: the bank has sensors
    (a turn ends with a token, not the back button); ``blind``: the seat is the AI's
    in solo mode, and its view holds no side at all."""
    if debrief and state.phase != Phase.OVER:
        raise ValueError("the partner's side is shown only after the game")
    shown: Seat = other(seat) if debrief else seat
    marks = []
    for i in (seat_index(j, seat) for j in range(25)):
        guessers = state.bystander_guessers(i)
        if state.agents[i]:
            marks.append(AGENT)
        elif len(guessers) == 2:
            marks.append(BOTH)
        elif seat in guessers:
            marks.append(MARK_MINE)
        elif guessers:
            marks.append(MARK_THEIRS)
        else:
            marks.append(OPEN)
    role = seat_role(state, seat)
    hint = seat_hint(state, seat, role, sensed)
    # A cursor only where a press guesses: not for the giver, nor a seat that has
    # nothing left to guess in sudden death.
    guessing = may_guess(state, seat, role)
    clue = state.clue_number if state.phase == Phase.GUESSING else None
    return SeatView(
        seat=seat,
        # In this seat's reading order; nothing for the AI's seat.
        side="-" * 25 if blind else turned(state.layout.side(shown), seat),
        marks=tuple(marks),
        tokens_left=state.tokens_left,
        bystander_left=state.bystander_left,
        mission=state.rules.bystander_tokens < state.rules.tokens,
        role=role,
        hint=hint,
        cursor=cursor if guessing else None,
        message=message,
        outcome=state.outcome,
        clue=clue,
        dial=dial if role == Role.CLUE else None,
        debrief=debrief,
    )
