"""A campaign game's end: what to record, and what the result opened.

The same call serves ``keystand play --campaign`` and the daemon: the caller
builds the game's rules with :func:`~keystand.campaign.progress.campaign_rules`,
plays it with the engine, and hands the finished state here with an id that is
unique to that game (so a retry after a power cut records nothing twice).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from ..rules.actions import Action
from ..rules.game import GameState
from ..rules.missions import MissionBook
from ..rules.status import Phase
from .progress import bonus_spending, clue_log, progress
from .store import CampaignStore


def record_game(
    store: CampaignStore,
    book: MissionBook,
    team: str,
    bonuses: Sequence[str],
    state: GameState,
    actions: Iterable[Action],
    game_id: str,
    today: dt.date | None = None,
) -> dict:
    """Record a finished game for ``team`` and say what changed on its map.

    ``bonuses``: the bonus ids chosen for the game; ``state.rules.mission`` must
    be the mission played. A game still in play records nothing (``recorded``
    false). The answer: ``recorded`` (false too when ``game_id`` was recorded
    before), ``completed`` (this win completed the mission), ``unlocked`` (missions
    now open), ``bonuses_earned`` and ``bonuses_spent``.
    """
    mission = state.rules.mission
    if mission is None:
        raise ValueError("a campaign game is played on a mission of the map")
    before = progress(book, store.record(team))
    answer: dict = {"team": team, "mission": mission, "recorded": False}
    if state.phase != Phase.OVER:
        return answer
    spent = bonus_spending(book, bonuses, state)
    answer["recorded"] = store.record_result(
        team,
        game_id,
        mission,
        state.outcome,
        state.score,
        clue_log(actions),
        spent,
        reason=state.reason,
        today=today,
    )
    after = progress(book, store.record(team))
    was_open = {*before.available, *before.needs_number}
    answer.update(
        completed=mission in after.completed and mission not in before.completed,
        unlocked=[m for m in (*after.available, *after.needs_number) if m not in was_open],
        bonuses_earned=[b for b in after.bonuses if b not in before.bonuses],
        bonuses_spent=spent if answer["recorded"] else {},
    )
    return answer
