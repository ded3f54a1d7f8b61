"""Project the full game state onto what each seat's screen may see."""

from __future__ import annotations

from ..rules.game import GameState
from ..rules.layout import Seat, seat_index, turned
from ..screens.view import AGENT, BOTH, MARK_MINE, MARK_THEIRS, OPEN, Message, SeatView


def seat_view(
    state: GameState,
    seat: Seat,
    cursor: int | None = None,
    message: Message | None = None,
    debrief: bool = False,
) -> SeatView:
    """``debrief``: show the partner's side instead, which only a finished game allows."""
    if debrief and state.phase != "over":
        raise ValueError("the partner's side is shown only after the game")
    shown: Seat = ("B" if seat == "A" else "A") if debrief else seat
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
