"""The game journal: every acknowledged action, in SQLite (WAL, synchronous FULL).

The game state is a fold of its actions over the pure engine, so the journal
stores the setup and the actions, never the state. An action is acknowledged
(shown on the displays) only after its row is committed; a power cut at any
moment therefore loses nothing that anyone saw, and on start the daemon replays
the unfinished game.

This module is the file format and nothing else: it raises SQLite's and the OS's
own errors, and ``JournalDamaged`` for a file that is not a readable journal.
What the table does about either is ``app/storage.py``'s business.

The file carries its schema's version (``PRAGMA user_version``, ``VERSION``);
opening an older one migrates it in one transaction (``MIGRATIONS``), and a new
file is made the same way, from version 0 up. docs/daemon.md, "The journal",
describes every table.

A damaged journal is never written to: it is read through read-only connections
(which never checkpoint), and ``recover`` builds a new journal beside it before
moving it aside, byte for byte, under a timestamped name.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..i18n import LANGUAGES
from ..rules.actions import Action, Clue, Guess, Pass, Penalty, TokensTaken
from ..rules.game import GameState, apply, new_game
from ..rules.layout import Layout
from ..rules.setup import MAX_CLUE, Rules
from .solo import GIVE, LEVELS, TOUCH, Plan, SoloSetup

_KINDS = {"clue": Clue, "guess": Guess, "pass": Pass, "penalty": Penalty}
_NAMES = {cls: name for name, cls in _KINDS.items()}
LOCK_WAIT = 0.5  # seconds a write waits for another connection's lock
# The companion files SQLite keeps beside a WAL database.
WAL, SHM = "-wal", "-shm"

# Version 0: the journal before it had a version (keystand up to 9306056).
BASE = (
    """CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    layout TEXT NOT NULL,
    rules TEXT NOT NULL,
    started TEXT NOT NULL DEFAULT (datetime('now')),
    finished INTEGER NOT NULL DEFAULT 0
)""",
    """CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
)""",
    """CREATE TABLE IF NOT EXISTS health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    checked TEXT NOT NULL
)""",
)
# MIGRATIONS[n]: from version n - 1 to n.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    # Solo games: who the partner is ("person", "ai"; NULL for a game written before
    # version 1, whose partner the journal does not know), the solo setup, the AI's plans.
    1: (
        "ALTER TABLE games ADD COLUMN partner TEXT",
        """CREATE TABLE solo (
    game INTEGER PRIMARY KEY REFERENCES games(id),
    ai TEXT NOT NULL,
    level TEXT NOT NULL,
    lang TEXT NOT NULL,
    words TEXT NOT NULL
)""",
        """CREATE TABLE plans (
    game INTEGER NOT NULL REFERENCES games(id),
    clue INTEGER NOT NULL,
    plan TEXT NOT NULL,
    PRIMARY KEY (game, clue)
)""",
    ),
}
VERSION = max(MIGRATIONS)
PARTNERS = ("person", "ai")  # games.partner


class JournalDamaged(Exception):
    """The file is not a readable journal: SQLite finds it corrupt or not a
    database, or a row does not parse or replay. ``detail`` says which."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def is_damage(exc: BaseException) -> bool:
    """SQLite's verdict that the file itself is bad (not the disk under it)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def action_to_json(action: Action, ascii: bool = True) -> str:
    """The journal's JSON for ``action``; ``ascii=False`` keeps words as written
    (the daemon's log lines: a Japanese clue reads ピアノ, not \\u30d4…)."""
    return json.dumps(
        {"type": _NAMES[type(action)], **asdict(action)}, sort_keys=True, ensure_ascii=ascii
    )


def action_from_json(text: str) -> Action:
    data = json.loads(text)
    return _KINDS[data.pop("type")](**data)


def solo_from_row(ai: object, level: object, lang: object, words: object) -> SoloSetup:
    """A ``solo`` row, checked; ValueError names the first field that is wrong."""
    if ai not in ("A", "B"):
        raise ValueError(f"AI seat {ai!r} is not A or B")
    if level not in LEVELS:
        raise ValueError(f"AI level {level!r} is not one of {', '.join(LEVELS)}")
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} is not one of {', '.join(LANGUAGES)}")
    dealt = json.loads(words) if isinstance(words, str) else None
    if not isinstance(dealt, list) or len(dealt) != 25:
        raise ValueError("words are not a list of 25")
    if not all(isinstance(w, str) and w for w in dealt):
        raise ValueError("a word is empty or not text")
    return SoloSetup(ai, level, lang, tuple(dealt))


def plan_to_json(plan: Plan) -> str:
    data = {"kind": plan.kind, "word": plan.word, "number": plan.number, "cells": plan.cells}
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def plan_from_json(clue: object, text: str) -> Plan:
    """A ``plans`` row, checked; ValueError names what is wrong."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    kind, word, number, cells = (data.get(k) for k in ("kind", "word", "number", "cells"))
    if not isinstance(clue, int) or clue < 1:
        raise ValueError(f"clue {clue!r} is not a clue's place")
    if kind not in (GIVE, TOUCH):
        raise ValueError(f"kind {kind!r} is not {GIVE} or {TOUCH}")
    if not isinstance(word, str) or not word:
        raise ValueError("no clue word")
    if not isinstance(number, int) or not 0 <= number <= MAX_CLUE:
        raise ValueError(f"number {number!r} is not 0-{MAX_CLUE}")
    if not isinstance(cells, list) or not all(isinstance(c, int) and 0 <= c < 25 for c in cells):
        raise ValueError("cells are not a list of cells 0-24")
    return Plan(clue, kind, word, number, tuple(cells))


def replay(layout: Layout, rules: Rules, actions: list[Action]) -> GameState:
    state = new_game(layout, rules)
    for action in actions:
        state, _ = apply(state, action)
    return state


@dataclass
class Game:
    """One game as the journal holds it: its setup and its actions in order."""

    id: int
    layout: Layout
    rules: Rules
    actions: list[Action]
    finished: bool = False
    last_seq: int = 0  # the highest seq of its rows (seqs may have gaps)
    # "person", "ai", or None: written before version 1, the journal does not know.
    partner: str | None = None
    solo: SoloSetup | None = None  # a solo game's setup
    plans: dict[int, Plan] = field(default_factory=dict)  # the AI's plans, by clue

    def state(self) -> GameState:
        return replay(self.layout, self.rules, self.actions)

    def last_spent(self) -> TokensTaken | None:
        """The tokens the last action made the table take (a bystander's mark, a
        penalty), if any: all together, with the last one's side and why. A pass's
        token and the winning turn's are not the table's to take."""
        if not self.actions:
            return None
        before = replay(self.layout, self.rules, self.actions[:-1])
        _after, events = apply(before, self.actions[-1])
        spent = [e for e in events if isinstance(e, TokensTaken) and e.why not in ("pass", "win")]
        if not spent:
            return None
        return TokensTaken(sum(e.count for e in spent), spent[-1].side, spent[-1].why)


def _game(
    row: tuple,
    action_rows: list[tuple[int, str]],
    strict: bool = True,
    solo_row: tuple | None = None,
    plan_rows: Iterable[tuple[int, str]] = (),
) -> Game:
    """A game from its rows (``row``: id, layout, rules, finished, partner).
    ``strict``: JournalDamaged names the first row that does not read or replay;
    otherwise the game ends before it (the longest valid prefix), a solo setup that
    does not read leaves the partner unknown (as before version 1) and a plan that
    does not read is left out. A layout or rules that do not read are damage either way."""
    game_id, layout_text, rules_text, finished, partner = row
    try:
        layout, rules = Layout.parse(layout_text), Rules(**json.loads(rules_text))
        state = new_game(layout, rules)
    except Exception as exc:  # any setup that does not build is damage, whatever it raised
        raise JournalDamaged(f"game {game_id}: its setup does not read ({exc})") from exc
    game = Game(game_id, layout, rules, [], bool(finished))
    try:
        game.partner, game.solo = _partner(partner, solo_row)
    except Exception as exc:  # bad JSON, a bad field: the solo setup is damaged
        if strict:
            raise JournalDamaged(f"game {game_id}: its solo setup does not read ({exc})") from exc
    if game.solo is not None:
        for clue, text in plan_rows:
            try:
                game.plans[clue] = plan_from_json(clue, text)
            except Exception as exc:
                if strict:
                    raise JournalDamaged(f"game {game_id} plan {clue}: {exc}") from exc
    for seq, text in action_rows:
        try:
            action = action_from_json(text)
            state, _ = apply(state, action)
        except Exception as exc:  # bad JSON, unknown kind, bad fields, illegal: all damage
            if strict:
                raise JournalDamaged(f"game {game_id} action {seq}: {exc}") from exc
            break
        game.actions.append(action)
        game.last_seq = seq
    return game


def _partner(partner: object, solo_row: tuple | None) -> tuple[str | None, SoloSetup | None]:
    if partner not in (None, *PARTNERS):
        raise ValueError(f"partner {partner!r} is not one of {', '.join(PARTNERS)}")
    if partner != "ai":
        return partner, None
    if solo_row is None:
        raise ValueError("a solo game without its solo row")
    return "ai", solo_from_row(*solo_row)


def read_only(path: Path, immutable: bool = False) -> sqlite3.Connection:
    """A connection that cannot write ``path``: SQLite never checkpoints through it.
    ``immutable``: without the shared-memory file (which a full or read-only disk
    cannot create), for a journal whose WAL is empty or gone."""
    flags = "mode=ro&immutable=1" if immutable else "mode=ro"
    return sqlite3.connect(f"{path.resolve().as_uri()}?{flags}", uri=True)


def _tables(db: sqlite3.Connection) -> set[str]:
    return {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def version(db: sqlite3.Connection) -> int:
    """The journal's schema version; JournalDamaged for one newer than this code
    reads (a journal written by a newer keystand)."""
    (found,) = db.execute("PRAGMA user_version").fetchone()
    if found > VERSION:
        raise JournalDamaged(f"journal version {found} is newer than this keystand's {VERSION}")
    return found


# The games row as _game reads it; a journal before version 1 has no partner column.
_GAME_COLUMNS = {0: "id, layout, rules, finished, NULL", 1: "id, layout, rules, finished, partner"}


def unfinished(db: sqlite3.Connection) -> Game | None:
    """The newest unfinished game, read and replayed; JournalDamaged when it does not."""
    if not {"games", "actions"} <= _tables(db):
        return None
    v = version(db)
    row = db.execute(
        f"SELECT {_GAME_COLUMNS[v]} FROM games WHERE finished = 0 ORDER BY id DESC LIMIT 1"
    ).fetchone()
    if row is None:
        return None
    return _read_game(db, row, v)


def _read_game(db: sqlite3.Connection, row: tuple, v: int) -> Game:
    """The game of ``row`` (``_GAME_COLUMNS[v]``) with its rows from the other tables."""
    rows = db.execute("SELECT seq, action FROM actions WHERE game = ? ORDER BY seq", (row[0],))
    solo_row, plans = None, []
    if v >= 1:
        solo_row = db.execute(
            "SELECT ai, level, lang, words FROM solo WHERE game = ?", (row[0],)
        ).fetchone()
        plans = db.execute(
            "SELECT clue, plan FROM plans WHERE game = ? ORDER BY clue", (row[0],)
        ).fetchall()
    return _game(row, rows.fetchall(), solo_row=solo_row, plan_rows=plans)


def check(path: Path) -> Game | None:
    """Read ``path`` without writing it: its unfinished game, or None (no journal,
    or no game to resume). Raises JournalDamaged for a file that is not a readable
    journal, and sqlite3.Error or OSError for a fault of the disk under it."""
    if not path.exists():
        return None
    try:
        return _check(read_only(path))
    except sqlite3.OperationalError:
        wal = path.with_name(path.name + WAL)
        if wal.exists() and wal.stat().st_size:
            raise  # its last actions are in the WAL, which needs the shared memory
        # Closed cleanly: everything is in the file, readable without shared memory.
        return _check(read_only(path, immutable=True))


def _check(db: sqlite3.Connection) -> Game | None:
    try:
        verdict = db.execute("PRAGMA quick_check").fetchall()
        if verdict != [("ok",)]:
            raise JournalDamaged(f"integrity check: {verdict[0][0].splitlines()[-1]}")
        return unfinished(db)
    except sqlite3.DatabaseError as exc:
        if is_damage(exc):
            raise JournalDamaged(str(exc)) from exc
        raise
    finally:
        db.close()


def salvage(path: Path) -> list[Game]:
    """Every game of a damaged journal that can be read, each with the longest
    prefix of its actions that reads and replays. Reads only.

    The tables are scanned in their own order, not through the index, and a bad
    page ends a scan with what came before it; ``writable_schema`` has SQLite take
    a truncated file's pages for what they are instead of refusing the file."""
    games: list[Game] = []
    try:
        db = read_only(path)
        db.execute("PRAGMA writable_schema = ON")
    except sqlite3.Error:
        return games
    try:
        rows: list[tuple] = []
        for columns in (_GAME_COLUMNS[1], _GAME_COLUMNS[0]):  # a newer journal, then older
            with contextlib.suppress(sqlite3.Error):
                for row in db.execute(f"SELECT {columns} FROM games"):
                    rows.append(row)
            if rows:
                break
        actions: dict[int, list[tuple[int, str]]] = {}
        with contextlib.suppress(sqlite3.Error):
            for game_id, seq, text in db.execute(
                "SELECT game, seq, action FROM actions NOT INDEXED"
            ):
                actions.setdefault(game_id, []).append((seq, text))
        solos: dict[int, tuple] = {}
        with contextlib.suppress(sqlite3.Error):  # none before version 1
            for game_id, *solo in db.execute("SELECT game, ai, level, lang, words FROM solo"):
                solos[game_id] = tuple(solo)
        plans: dict[int, list[tuple[int, str]]] = {}
        with contextlib.suppress(sqlite3.Error):
            for game_id, clue, text in db.execute("SELECT game, clue, plan FROM plans NOT INDEXED"):
                plans.setdefault(game_id, []).append((clue, text))
        for row in sorted(rows, key=lambda r: r[0]):
            with contextlib.suppress(JournalDamaged):  # a setup that does not read: skip it
                games.append(
                    _game(
                        row,
                        sorted(actions.get(row[0], [])),
                        strict=False,
                        solo_row=solos.get(row[0]),
                        plan_rows=sorted(plans.get(row[0], [])),
                    )
                )
    finally:
        db.close()
    return games


@dataclass(frozen=True)
class Recovery:
    """What ``recover`` did: where the damaged journal is kept, what was copied."""

    kept: Path  # the damaged file, moved aside byte for byte
    detail: str  # what was wrong with it
    games: int  # games copied into the new journal
    actions: int  # their actions
    resumed: int  # actions of the unfinished game, which the table resumes


def fsync_folder(folder: Path) -> None:
    """Make renames and new files in ``folder`` survive a power cut."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def recover(path: Path, detail: str, games: list[Game], synchronous: str = "FULL") -> Recovery:
    """Replace the damaged journal at ``path`` with a new one holding ``games``
    (what ``salvage`` read from it), and keep the damaged one (and its WAL) beside
    it as ``journal-damaged-YYYYmmdd-HHMMSS.sqlite``. The new journal is complete
    on disk before anything is moved, so a failure here changes nothing."""
    fresh = path.with_name(path.name + ".new")
    for leftover in (fresh, fresh.with_name(fresh.name + WAL), fresh.with_name(fresh.name + SHM)):
        leftover.unlink(missing_ok=True)
    journal = Journal(fresh, synchronous)
    try:
        journal.restore(games)
    finally:
        journal.close()  # checkpoints: the new journal is one file
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.stem}-damaged-{stamp}{path.suffix}")
    n = 1
    while kept.exists():
        n += 1
        kept = path.with_name(f"{path.stem}-damaged-{stamp}-{n}{path.suffix}")
    wal = path.with_name(path.name + WAL)
    if wal.exists():
        wal.rename(kept.with_name(kept.name + WAL))
    path.rename(kept)
    path.with_name(path.name + SHM).unlink(missing_ok=True)
    fresh.rename(path)
    fsync_folder(path.parent)
    last = games[-1] if games and not games[-1].finished else None
    return Recovery(
        kept,
        detail,
        len(games),
        sum(len(g.actions) for g in games),
        len(last.actions) if last else 0,
    )


def finish_recovery(path: Path) -> None:
    """A recovery cut off between its two renames left the new journal beside the
    place it goes: put it there."""
    fresh = path.with_name(path.name + ".new")
    if fresh.exists() and not path.exists():
        fresh.rename(path)
        fsync_folder(path.parent)


class Journal:
    """The journal file, open for writing. Methods raise SQLite's errors as they come."""

    def __init__(self, path: Path, synchronous: str = "FULL") -> None:
        """``synchronous``: FULL on the device; the power-loss test also runs OFF,
        to show that it catches a journal that does not sync."""
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        created = not path.exists()
        # Only this daemon writes here; a lock held elsewhere (a second keystand, a
        # sqlite3 shell) fails a write in half a second instead of stalling the loop.
        self.db = sqlite3.connect(
            path, timeout=LOCK_WAIT, isolation_level=None, check_same_thread=False
        )
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={synchronous}")
            self._migrate()
            if created:
                fsync_folder(path.parent)  # the new file's name, on disk too
        except BaseException:
            self.db.close()
            raise
        st = path.stat()
        self._identity = (st.st_dev, st.st_ino)
        self.game_id: int | None = None
        self.seq = 0  # the current game's last committed seq

    def _migrate(self) -> None:
        """Bring the file to VERSION in one transaction: a new file from version 0
        up, an older journal from its own version (a power cut leaves it as it was)."""
        if version(self.db) == VERSION:
            return  # no write lock taken: a read-only or busy journal opens as before
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            found = version(self.db)
            if found == VERSION:
                return  # another connection migrated it meanwhile
            if found == 0:
                for statement in BASE:
                    self.db.execute(statement)
            for step in range(found + 1, VERSION + 1):
                for statement in MIGRATIONS[step]:
                    self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version = {VERSION}")

    def _insert_game(
        self,
        layout: Layout,
        rules: Rules,
        solo: SoloSetup | None,
        plans: Iterable[Plan] = (),
        *,
        finished: bool = False,
        partner: str | None = "",
        game_id: int | None = None,
    ) -> int:
        """One games row with its solo row and plans, inside the caller's transaction.
        ``partner`` "" : as ``solo`` says; None: unknown (a game from before version 1)."""
        if partner == "":
            partner = "ai" if solo is not None else "person"
        cur = self.db.execute(
            "INSERT INTO games (id, layout, rules, finished, partner) VALUES (?, ?, ?, ?, ?)",
            (
                game_id,
                layout.format(),
                json.dumps(asdict(rules), sort_keys=True),
                int(finished),
                partner,
            ),
        )
        new_id = cur.lastrowid
        assert new_id is not None
        if solo is not None:
            self._insert_solo(new_id, solo)
        self._insert_plans(new_id, plans)
        return new_id

    def _insert_solo(self, game_id: int, solo: SoloSetup) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO solo (game, ai, level, lang, words) VALUES (?, ?, ?, ?, ?)",
            (game_id, solo.ai, solo.level, solo.lang, json.dumps(solo.words)),
        )

    def _insert_plans(self, game_id: int, plans: Iterable[Plan]) -> None:
        """The first plan kept for a clue is the one shown: a later one is ignored."""
        self.db.executemany(
            "INSERT OR IGNORE INTO plans (game, clue, plan) VALUES (?, ?, ?)",
            [(game_id, p.clue, plan_to_json(p)) for p in plans],
        )

    def still_there(self) -> bool:
        """The file opened is still at ``path`` (not deleted or replaced under us,
        which would leave commits going to a file nobody will read)."""
        try:
            st = self.path.stat()
        except OSError:
            return False
        return (st.st_dev, st.st_ino) == self._identity

    def start(self, layout: Layout, rules: Rules, solo: SoloSetup | None = None) -> int:
        """A new game (solo with ``solo``), the others finished; returns its id."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("UPDATE games SET finished = 1 WHERE finished = 0")
            game_id = self._insert_game(layout, rules, solo)
        self.game_id, self.seq = game_id, 0
        return game_id

    def known_partner(self, solo: SoloSetup | None) -> None:
        """The current game's partner, which the journal did not know (a game from
        before version 1): it is what it is played as now (solo with ``solo``)."""
        assert self.game_id is not None
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute(
                "UPDATE games SET partner = ? WHERE id = ? AND partner IS NULL",
                ("ai" if solo is not None else "person", self.game_id),
            )
            if solo is not None:
                self._insert_solo(self.game_id, solo)

    def plans(self, plans: Sequence[Plan]) -> None:
        """Commit some of the AI's plans for the current game (before they are shown)."""
        assert self.game_id is not None
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self._insert_plans(self.game_id, plans)

    def append(self, action: Action, finished: bool) -> int:
        """Commit one accepted action; returns its seq only once it is on disk.
        The seq comes from the journal (one past the game's highest), so a write
        that failed leaves no gap to trip over and no counter running ahead."""
        assert self.game_id is not None
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            (seq,) = self.db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game = ?", (self.game_id,)
            ).fetchone()
            self.db.execute(
                "INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)",
                (self.game_id, seq, action_to_json(action)),
            )
            if finished:
                self.db.execute("UPDATE games SET finished = 1 WHERE id = ?", (self.game_id,))
        self.seq = seq
        return seq

    def game_key(self) -> str:
        """The current game's name for other records (campaigns): its row and start
        time, so a journal started afresh never repeats one."""
        row = self.db.execute("SELECT started FROM games WHERE id = ?", (self.game_id,)).fetchone()
        return f"{self.game_id}@{row[0] if row else ''}"

    def finished_game(self, key: str) -> Game | None:
        """The finished game named ``key`` (as ``game_key`` gave it), or None."""
        game_id, _, started = key.partition("@")
        if not game_id.isdigit():
            return None
        row = self.db.execute(
            f"SELECT {_GAME_COLUMNS[VERSION]} FROM games "
            "WHERE id = ? AND started = ? AND finished = 1",
            (int(game_id), started),
        ).fetchone()
        if row is None:
            return None
        return _read_game(self.db, row, VERSION)

    def empty(self) -> bool:
        """No game was ever started here: a new device (or a new state folder)."""
        return self.db.execute("SELECT 1 FROM games LIMIT 1").fetchone() is None

    def write_game(
        self,
        layout: Layout,
        rules: Rules,
        actions: list[Action],
        over: bool,
        solo: SoloSetup | None = None,
        plans: Sequence[Plan] = (),
        partner: str | None = "",
    ) -> int:
        """A whole game at once, as a new game (a game played while nothing could
        be saved, once the journal works); returns its id. ``partner``: as in
        ``_insert_game``."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("UPDATE games SET finished = 1 WHERE finished = 0")
            game_id = self._insert_game(
                layout, rules, solo, plans, finished=over, partner=partner
            )
            self.db.executemany(
                "INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)",
                [(game_id, n, action_to_json(a)) for n, a in enumerate(actions, 1)],
            )
        assert game_id is not None
        self.game_id, self.seq = game_id, len(actions)
        return game_id

    def restore(self, games: list[Game]) -> None:
        """Copy salvaged games in, keeping their ids (one transaction)."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            for g in games:
                self._insert_game(
                    g.layout,
                    g.rules,
                    g.solo,
                    g.plans.values(),
                    finished=g.finished,
                    partner=g.partner,
                    game_id=g.id,
                )
                self.db.executemany(
                    "INSERT INTO actions (game, seq, action) VALUES (?, ?, ?)",
                    [(g.id, n, action_to_json(a)) for n, a in enumerate(g.actions, 1)],
                )

    def resume(self) -> Game | None:
        """The unfinished game, replayed (JournalDamaged if it does not), or None."""
        game = unfinished(self.db)
        if game is not None:
            self.game_id, self.seq = game.id, game.last_seq
        return game

    def probe(self) -> None:
        """A real committed write: does saving work (again)?"""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute(
                "INSERT OR REPLACE INTO health (id, checked) VALUES (1, datetime('now'))"
            )

    def close(self) -> None:
        self.db.close()
