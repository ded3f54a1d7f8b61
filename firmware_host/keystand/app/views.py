"""Project the full game state onto what each seat's screen may see."""

from __future__ import annotations

from ..rules.game import GameState
from ..rules.layout import Seat, other
from ..screens.view import AGENT, BOTH, MARK_MINE, MARK_THEIRS, OPEN, Message, SeatView

_BIT = {"A": 1, "B": 2}


def seat_view(
    state: GameState, seat: Seat, cursor: int | None = None, message: Message | None = None
) -> SeatView:
    order = range(25) if seat == "A" else range(24, -1, -1)
    side = state.layout.side(seat)
    marks = []
    for i in order:
        if state.agents[i]:
            marks.append(AGENT)
        elif state.marks[i] == 3:
            marks.append(BOTH)
        elif state.marks[i] & _BIT[seat]:
            marks.append(MARK_MINE)
        elif state.marks[i] & _BIT[other(seat)]:
            marks.append(MARK_THEIRS)
        else:
            marks.append(OPEN)
    if state.phase == "over":
        role = "over"
    elif state.phase == "sudden_death":
        role = "sudden_death"
    elif state.phase == "guessing":
        role = "guess" if state.guesser == seat else "wait"
    else:
        role = "clue" if state.can_give_clue(seat) else "wait"
    return SeatView(
        seat=seat,
        side="".join(side[i] for i in order),
        marks=tuple(marks),
        tokens_left=state.tokens_left,
        bystander_left=state.bystander_left,
        mission=state.rules.bystander_tokens < state.rules.tokens,
        role=role,
        cursor=cursor,
        message=message,
        outcome=state.outcome,
        clue=state.clue_number,
    )
