"""Project the full game state onto what each seat's screen may see."""

from __future__ import annotations

from ..rules.game import GameState
from ..rules.layout import Seat, other, seat_index, turned
from ..rules.status import Phase
from ..screens.view import AGENT, BOTH, MARK_MINE, MARK_THEIRS, OPEN, Message, Role, SeatView


def seat_view(
    state: GameState,
    seat: Seat,
    cursor: int | None = None,
    message: Message | None = None,
    debrief: bool = False,
) -> SeatView:
    """``debrief``: show the partner's side instead, which only a finished game allows."""
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
    if state.phase == Phase.OVER:
        role = Role.OVER
    elif state.phase == Phase.SUDDEN_DEATH:
        role = Role.SUDDEN_DEATH
    elif state.phase == Phase.GUESSING:
        role = Role.GUESS if state.guesser == seat else Role.WAIT
    else:
        role = Role.CLUE if state.can_give_clue(seat) else Role.WAIT
    return SeatView(
        seat=seat,
        side=turned(state.layout.side(shown), seat),  # in this seat's reading order
        marks=tuple(marks),
        tokens_left=state.tokens_left,
        bystander_left=state.bystander_left,
        mission=state.rules.bystander_tokens < state.rules.tokens,
        role=role,
        cursor=cursor,
        message=message,
        outcome=state.outcome,
        clue=state.clue_number,
        debrief=debrief,
    )
