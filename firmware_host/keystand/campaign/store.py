"""Teams and their finished games, in SQLite (WAL, synchronous FULL).

Like the game journal, the store keeps facts, never conclusions: a team's row and
one row per finished game (its clues and the bonus uses it spent beside it).
Which missions are complete, open or locked is worked out from those rows by
``progress.py``. Recording a game is one transaction keyed by the caller's game
id, so a power cut at any moment leaves the game either recorded once, whole,
or not at all, and recording the same game again changes nothing.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..rules.status import Outcome
from .progress import CampaignError, ClueRecord, GameRecord, TeamRecord

MAX_NAME = 32
FILE_NAME = "campaigns.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS teams (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,  -- the name folded: names differ by more than case
    edition TEXT NOT NULL,
    created TEXT NOT NULL,
    notes TEXT NOT NULL DEFAULT '',
    variant TEXT NOT NULL DEFAULT ''  -- 'expert': its edition's expert variant
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    team INTEGER NOT NULL REFERENCES teams(id),
    game_id TEXT NOT NULL,
    mission TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost')),
    reason TEXT,
    score INTEGER,
    date TEXT NOT NULL,
    UNIQUE (team, game_id)
);
CREATE TABLE IF NOT EXISTS clues (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    giver TEXT NOT NULL,
    number INTEGER,  -- NULL: said aloud, not recorded
    word TEXT,
    second_number INTEGER,
    second_word TEXT,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS bonus_uses (
    game INTEGER NOT NULL REFERENCES games(id),
    bonus TEXT NOT NULL,
    uses INTEGER NOT NULL CHECK (uses > 0),
    PRIMARY KEY (game, bonus)
);
-- A game the device started for a team: which team, which bonuses were chosen.
-- Written when the game starts, so a power cut before its end loses neither.
CREATE TABLE IF NOT EXISTS table_games (
    game_id TEXT PRIMARY KEY,
    team INTEGER NOT NULL REFERENCES teams(id),
    bonuses TEXT NOT NULL DEFAULT ''  -- bonus ids, comma-separated
);
"""


def team_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """A team name as it is stored, or ``CampaignError`` saying what is wrong."""
    name = unicodedata.normalize("NFC", name).strip()
    if not name:
        raise CampaignError("a team name cannot be empty")
    if len(name) > MAX_NAME:
        raise CampaignError(f"a team name is at most {MAX_NAME} characters, not {len(name)}")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise CampaignError("a team name cannot hold control characters")
    return name


class CampaignStore:
    """The teams of one state folder. Safe to open from several processes."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # Built on the main thread, used by the loop thread alone (as the journal is).
        self.db = sqlite3.connect(
            path, isolation_level=None, timeout=10, check_same_thread=False
        )
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(teams)")}
        if "variant" not in columns:  # a file from before the expert variant
            with contextlib.suppress(sqlite3.OperationalError):  # another process added it
                self.db.execute("ALTER TABLE teams ADD COLUMN variant TEXT NOT NULL DEFAULT ''")

    @classmethod
    def in_folder(cls, state_dir: Path) -> CampaignStore:
        return cls(state_dir / FILE_NAME)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ teams

    def create_team(
        self, name: str, edition: str, today: dt.date | None = None, *, expert: bool = False
    ) -> TeamRecord:
        """A new team; ``expert``: it plays its edition's expert variant (the caller
        checks that the edition has one)."""
        name = check_name(name)
        created = (today or dt.date.today()).isoformat()
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute(
                    "INSERT INTO teams (name, key, edition, created, variant) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (name, team_key(name), edition, created, "expert" if expert else ""),
                )
        except sqlite3.IntegrityError:
            raise CampaignError(f"team '{name}' exists already") from None
        return TeamRecord(name, edition, created, expert=expert)

    def team_names(self) -> list[str]:
        return [n for (n,) in self.db.execute("SELECT name FROM teams ORDER BY key")]

    def set_notes(self, name: str, notes: str) -> None:
        team_id = self._team_id(name)
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("UPDATE teams SET notes = ? WHERE id = ?", (notes, team_id))

    def record(self, name: str) -> TeamRecord:
        """The team and all its finished games; ``CampaignError`` for an unknown team."""
        row = self.db.execute(
            "SELECT id, name, edition, created, notes, variant FROM teams WHERE key = ?",
            (team_key(check_name(name)),),
        ).fetchone()
        if row is None:
            raise CampaignError(f"no team '{name}' (create it with: keystand campaign new)")
        team_id, stored_name, edition, created, notes, variant = row
        clues: dict[int, list[ClueRecord]] = {}
        for game, *fields in self.db.execute(
            "SELECT c.game, giver, number, word, second_number, second_word FROM clues c "
            "JOIN games g ON g.id = c.game WHERE g.team = ? ORDER BY c.game, c.seq",
            (team_id,),
        ):
            clues.setdefault(game, []).append(ClueRecord(*fields))
        spent: dict[int, dict[str, int]] = {}
        for game, bonus, uses in self.db.execute(
            "SELECT b.game, bonus, uses FROM bonus_uses b "
            "JOIN games g ON g.id = b.game WHERE g.team = ? ORDER BY b.game, bonus",
            (team_id,),
        ):
            spent.setdefault(game, {})[bonus] = uses
        games = tuple(
            GameRecord(
                game_id=game_id,
                mission=mission,
                outcome=outcome,
                score=score,
                date=date,
                reason=reason,
                clues=tuple(clues.get(row_id, ())),
                bonuses=spent.get(row_id, {}),
            )
            for row_id, game_id, mission, outcome, reason, score, date in self.db.execute(
                "SELECT id, game_id, mission, outcome, reason, score, date FROM games "
                "WHERE team = ? ORDER BY id",
                (team_id,),
            )
        )
        return TeamRecord(stored_name, edition, created, games, notes, variant == "expert")

    def _team_id(self, name: str) -> int:
        row = self.db.execute(
            "SELECT id FROM teams WHERE key = ?", (team_key(check_name(name)),)
        ).fetchone()
        if row is None:
            raise CampaignError(f"no team '{name}' (create it with: keystand campaign new)")
        return row[0]

    # ------------------------------------------------------------------ the table's games

    def begin_table_game(self, game_id: str, team: str, bonuses: Iterable[str] = ()) -> None:
        """The device started ``game_id`` for ``team``: remember it until the game ends."""
        team_id = self._team_id(team)
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute(
                "INSERT OR REPLACE INTO table_games (game_id, team, bonuses) VALUES (?, ?, ?)",
                (game_id, team_id, ",".join(bonuses)),
            )

    def table_game(self, game_id: str) -> tuple[str, tuple[str, ...]] | None:
        """The team and chosen bonuses of a game the device started, if any."""
        row = self.db.execute(
            "SELECT teams.name, table_games.bonuses FROM table_games "
            "JOIN teams ON teams.id = table_games.team WHERE game_id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        return row[0], tuple(b for b in row[1].split(",") if b)

    def unrecorded_table_games(self) -> list[str]:
        """Games the device started for a team whose result is not recorded yet:
        still being played, or finished while this file could not be written."""
        rows = self.db.execute(
            "SELECT t.game_id FROM table_games t WHERE NOT EXISTS (SELECT 1 FROM games g "
            "WHERE g.team = t.team AND g.game_id = 'table:' || t.game_id) ORDER BY t.rowid"
        ).fetchall()
        return [r[0] for r in rows]

    # ------------------------------------------------------------------ results

    def record_result(
        self,
        team: str,
        game_id: str,
        mission: str,
        outcome: str,
        score: int | None,
        clues: Iterable[ClueRecord] = (),
        bonuses: Mapping[str, int] | None = None,
        *,
        reason: str | None = None,
        today: dt.date | None = None,
    ) -> bool:
        """Record one finished game, once: True if recorded now, False if this
        ``game_id`` was recorded for the team before (nothing changes then).
        ``bonuses``: uses spent per bonus id. Returns only once it is on disk."""
        if outcome not in (Outcome.WON, Outcome.LOST):
            raise CampaignError(f"a finished game is won or lost, not '{outcome}'")
        team_id = self._team_id(team)
        date = (today or dt.date.today()).isoformat()
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            cur = self.db.execute(
                "INSERT INTO games (team, game_id, mission, outcome, reason, score, date) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (team, game_id) DO NOTHING",
                (team_id, game_id, mission, str(outcome), reason, score, date),
            )
            if cur.rowcount == 0:
                return False
            row_id = cur.lastrowid
            self.db.executemany(
                "INSERT INTO clues (game, seq, giver, number, word, second_number, second_word) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (row_id, seq, c.giver, c.number, c.word, c.second_number, c.second_word)
                    for seq, c in enumerate(clues, 1)
                ],
            )
            self.db.executemany(
                "INSERT INTO bonus_uses (game, bonus, uses) VALUES (?, ?, ?)",
                [(row_id, b, n) for b, n in (bonuses or {}).items() if n > 0],
            )
        return True
