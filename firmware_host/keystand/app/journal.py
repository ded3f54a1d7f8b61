"""The game journal: every acknowledged action, in SQLite (WAL, synchronous FULL).

The game state is a fold of its actions over the pure engine, so the journal
stores the setup and the actions, never the state. An action is acknowledged
(shown on the displays) only after its row is committed; a power cut at any
moment therefore loses nothing that anyone saw, and on start the daemon replays
the unfinished game.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict
from pathlib import Path

from ..rules.actions import Action, Clue, Guess, Pass, Penalty
from ..rules.game import GameState, apply, new_game
from ..rules.layout import Layout
from ..rules.setup import Rules

_KINDS = {"clue": Clue, "guess": Guess, "pass": Pass, "penalty": Penalty}
_NAMES = {cls: name for name, cls in _KINDS.items()}

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    layout TEXT NOT NULL,
    rules TEXT NOT NULL,
    started TEXT NOT NULL DEFAULT (datetime('now')),
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


def action_to_json(action: Action) -> str:
    return json.dumps({"type": _NAMES[type(action)], **asdict(action)}, sort_keys=True)


def action_from_json(text: str) -> Action:
    data = json.loads(text)
    return _KINDS[data.pop("type")](**data)


def replay(layout: Layout, rules: Rules, actions: list[Action]) -> GameState:
    state = new_game(layout, rules)
    for action in actions:
        state, _ = apply(state, action)
    return state


class Journal:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)
        self.game_id: int | None = None
        self.seq = 0

    def start(self, layout: Layout, rules: Rules) -> None:
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("UPDATE games SET finished = 1 WHERE finished = 0")
            cur = self.db.execute(
                "INSERT INTO games (layout, rules) VALUES (?, ?)",
                (layout.format(), json.dumps(asdict(rules), sort_keys=True)),
            )
        self.game_id, self.seq = cur.lastrowid, 0

    def append(self, action: Action, finished: bool) -> None:
        """Commit one accepted action; returns only once it is on disk."""
        assert self.game_id is not None
        self.seq += 1
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute(
                "INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)",
                (self.game_id, self.seq, action_to_json(action)),
            )
            if finished:
                self.db.execute("UPDATE games SET finished = 1 WHERE id = ?", (self.game_id,))

    def game_key(self) -> str:
        """The current game's name for other records (campaigns): its row and start
        time, so a journal started afresh never repeats one."""
        row = self.db.execute("SELECT started FROM games WHERE id = ?", (self.game_id,)).fetchone()
        return f"{self.game_id}@{row[0] if row else ''}"

    def empty(self) -> bool:
        """No game was ever started here: a new device (or a new state folder)."""
        return self.db.execute("SELECT 1 FROM games LIMIT 1").fetchone() is None

    def resume(self) -> tuple[GameState, list[Action]] | None:
        """The unfinished game, replayed, or None."""
        row = self.db.execute(
            "SELECT id, layout, rules FROM games WHERE finished = 0 ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        game_id, layout_text, rules_text = row
        actions = [
            action_from_json(a)
            for (a,) in self.db.execute(
                "SELECT action FROM actions WHERE game = ? ORDER BY seq", (game_id,)
            )
        ]
        layout, rules = Layout.parse(layout_text), Rules(**json.loads(rules_text))
        self.game_id, self.seq = game_id, len(actions)
        return replay(layout, rules, actions), actions

    def close(self) -> None:
        self.db.close()
