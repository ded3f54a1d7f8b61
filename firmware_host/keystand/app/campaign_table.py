"""A team's campaign at the table: the menu's choices, the next game's rules, and
recording the result when a game ends.

The pure rules are ``campaign.progress`` (what is open, what a team holds); the
record is ``campaign.store`` in the device's state folder, beside the journal.
A game the device starts for a team is noted in the store when it starts, keyed
by the journal's game, so a power cut before its end loses neither the team nor
the bonuses chosen, and the result is recorded once however often it is seen.
A result the store cannot take (a full disk) stays in the journal and is
recorded by ``catch_up`` when the store takes writes again.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..campaign.games import record_game
from ..campaign.progress import ClueRecord, campaign_rules, progress, team_label
from ..campaign.store import CampaignStore
from ..rules.actions import Action
from ..rules.game import GameState
from ..rules.missions import MissionBook
from ..rules.setup import Rules
from .journal import Game
from .menu import bonus_value, mission_value

log = logging.getLogger(__name__)

# Names a team can take with one press; the entry screen starts from the next free one.
SUGGESTED = ("Owls", "Foxes", "Ravens", "Otters", "Lynx", "Herons", "Badgers", "Hares")


@dataclass(frozen=True)
class Result:
    """What a finished game did to its team's map, for both screens."""

    team: str
    mission: str  # its name
    won: bool
    completed: bool  # this win completed the mission
    opened: int  # missions it opened
    tries: int  # games played on the mission so far
    best: int | None  # the mission's best score
    games: int = 0  # the team's games, all missions
    wins: int = 0  # ... and its wins
    clues: tuple[ClueRecord, ...] = ()  # the game's clues, if a number or word was recorded


class CampaignStoreError(Exception):
    """The campaign file could not be read or written (SQLite's or the OS's error
    is the cause); nothing in it changed."""


@contextlib.contextmanager
def _store_errors() -> Iterator[None]:
    try:
        yield
    except (sqlite3.Error, OSError) as exc:
        raise CampaignStoreError(str(exc) or type(exc).__name__) from exc


class TableCampaign:
    """The campaigns of one state folder, for the menu and the loop."""

    def __init__(self, store: CampaignStore, book: MissionBook) -> None:
        self.store = store
        self.book = book

    @classmethod
    def open(cls, state_dir: Path, book: MissionBook) -> TableCampaign | None:
        """The folder's campaigns, or None (logged once) when they cannot be opened."""
        import sqlite3

        try:
            return cls(CampaignStore.in_folder(state_dir), book)
        except (OSError, sqlite3.Error) as exc:
            log.warning("campaigns in %s not available: %s", state_dir, exc)
            return None

    def teams(self) -> list[str]:
        """The teams, or none while the file cannot be read (logged)."""
        try:
            with _store_errors():
                return self.store.team_names()
        except CampaignStoreError as exc:
            log.warning("campaign teams not read: %s", exc)
            return []

    def suggestion(self) -> str:
        taken = {t.casefold() for t in self.teams()}
        free = [n for n in SUGGESTED if n.casefold() not in taken]
        return free[0] if free else ""

    def create(self, name: str, edition: str) -> str:
        """A new team; raises ``CampaignError`` (a one-line reason) if it cannot be,
        ``CampaignStoreError`` if the file cannot take it. ``edition`` may end in
        ``+expert`` (the menu's "10-token expert"): the edition's expert variant."""
        edition, _plus, variant = edition.partition("+")
        with _store_errors():
            return self.store.create_team(name, edition, expert=variant == "expert").name

    def missions(self, team: str) -> tuple[tuple[str, str], ...]:
        """(id, name) of the missions the team may play now, new ones first, then
        the completed ones it may replay."""
        try:
            with _store_errors():
                record = self.store.record(team)
        except CampaignStoreError as exc:
            log.warning("missions of team %s not read: %s", team, exc)
            return ()
        p = progress(self.book, record)
        ids = [*p.available, *p.completed]
        return tuple(
            (m, mission_value(mission, team_label(self.book, record, mission)))
            for m, mission in ((m, self.book.missions[m]) for m in ids)
        )

    def bonuses(self, team: str) -> tuple[tuple[str, str], ...]:
        """(id, name) of the bonuses the team holds, with uses left."""
        try:
            with _store_errors():
                held = progress(self.book, self.store.record(team)).bonuses
        except CampaignStoreError as exc:
            log.warning("bonuses of team %s not read: %s", team, exc)
            return ()
        return tuple((b, bonus_value(self.book.bonuses[b])) for b in held)

    def rules(
        self, team: str, mission: str, bonuses: Sequence[str], ruleset: str, turn_order: str
    ) -> Rules:
        """The team's next game (raises ``CampaignError`` naming what is not open,
        ``CampaignStoreError`` when the file cannot be read)."""
        with _store_errors():
            record = self.store.record(team)
        spec = None if mission == "standard" else mission
        return campaign_rules(
            self.book, record, spec, bonuses, ruleset=ruleset, turn_order=turn_order
        )

    def begin(self, game_id: str, team: str, bonuses: Sequence[str]) -> None:
        """Note that ``game_id`` is the team's (``CampaignStoreError`` if it cannot be)."""
        with _store_errors():
            self.store.begin_table_game(game_id, team, bonuses)

    def finish(self, game_id: str, state: GameState, actions: Iterable[Action]) -> Result | None:
        """Record a finished game started for a team (once); None if it was not.
        ``CampaignStoreError``: not recorded now; ``catch_up`` records it later."""
        with _store_errors():
            return self._finish(game_id, state, actions)

    def catch_up(self, finished_game: Callable[[str], Game | None]) -> list[Result]:
        """Record the team games the journal holds as finished that the store
        could not take when they ended; ``finished_game(key)`` reads one."""
        done = []
        with _store_errors():
            pending = self.store.unrecorded_table_games()
        for key in pending:
            game = finished_game(key)
            if game is None:  # still being played, or no longer in this journal
                continue
            result = self.finish(key, game.state(), game.actions)
            if result is not None:
                done.append(result)
        return done

    def _finish(self, game_id: str, state: GameState, actions: Iterable[Action]) -> Result | None:
        started = self.store.table_game(game_id)
        if started is None or state.rules.mission is None:
            return None
        team, bonuses = started
        answer = record_game(
            self.store, self.book, team, bonuses, state, actions, f"table:{game_id}"
        )
        record = self.store.record(team)
        p = progress(self.book, record)
        mission = state.rules.mission
        games = [g for g in record.games if g.mission == mission]
        scores = [g.score for g in games if g.score is not None]
        done = p.completed.get(mission)
        game = next((g for g in record.games if g.game_id == f"table:{game_id}"), None)
        clues = game.clues if game is not None else ()
        if all(c.number is None and not c.word for c in clues):
            clues = ()  # said aloud only: nothing worth a page
        return Result(
            team=team,
            mission=self.book.missions[mission].name,
            won=state.outcome == "won",
            completed=bool(answer.get("completed")),
            opened=len(answer.get("unlocked", ())),
            tries=done.tries if done else len(games),
            best=max(scores) if scores else None,
            games=len(record.games),
            wins=sum(1 for g in record.games if g.outcome == "won"),
            clues=clues,
        )

    def close(self) -> None:
        self.store.close()
