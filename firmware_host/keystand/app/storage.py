"""Where the game is kept, and what the table does when it cannot be.

Three states, each shown on both displays (reason codes, translated by the screens):

- **saving**: the journal in the state folder works; an action is played only
  once its row is committed.
- **failing**: a write failed (disk full, read-only, I/O error...). The action
  that failed is not played and every action is refused the same way, so the
  journal never falls behind the table. Each refused action retries the write,
  and the loop probes with a real committed write (backing off) so that the
  table says "saving again" by itself when the disk works again.
- **unsaved**: there was no usable journal at start (a state folder that cannot
  be created or written, a journal that cannot be opened). The table plays from
  memory and says so; once the folder works, the game so far is written to the
  journal and saving goes on from there.

A damaged journal (not a database, corrupt, a row that does not read or replay)
is recovered on start: see ``journal.recover``.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from ..rules.actions import Action
from ..rules.layout import Layout
from ..rules.setup import Rules
from .journal import (
    Game,
    Journal,
    JournalDamaged,
    Recovery,
    check,
    finish_recovery,
    is_damage,
    recover,
    salvage,
)
from .solo import Plan, SoloSetup

log = logging.getLogger(__name__)
JOURNAL = "journal.sqlite"

# Why the game is not being saved: reason codes the screens translate
# (STORAGE_REASONS in screens/reasons.py); the log keeps SQLite's or the OS's words.
DISK_FULL = "disk_full"
READ_ONLY = "read_only"
NO_PERMISSION = "no_permission"
IO_ERROR = "io_error"
NOT_A_FOLDER = "not_a_folder"
DAMAGED = "damaged"
LOCKED = "locked"

_ERRNO = {
    errno.ENOSPC: DISK_FULL,
    errno.EDQUOT: DISK_FULL,
    errno.EFBIG: DISK_FULL,
    errno.EROFS: READ_ONLY,
    errno.EACCES: NO_PERMISSION,
    errno.EPERM: NO_PERMISSION,
    errno.ENOTDIR: NOT_A_FOLDER,
    errno.EEXIST: NOT_A_FOLDER,
}
NEARLY_FULL = 64 * 1024  # free bytes below which an I/O error is taken for a full disk


class StorageError(Exception):
    """An action could not be saved, so it was not played. ``reason`` is a code
    for the screens; the message is the system's own words, for the log."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def _folder_state(folder: Path) -> str:
    """What the folder itself says about an unexplained failure."""
    try:
        st = os.statvfs(folder)
    except OSError:
        return IO_ERROR
    if st.f_flag & os.ST_RDONLY:
        return READ_ONLY
    if st.f_bavail * st.f_frsize < NEARLY_FULL:
        return DISK_FULL
    if not os.access(folder, os.W_OK | os.X_OK):
        return NO_PERMISSION
    return IO_ERROR


def reason_of(exc: BaseException, folder: Path) -> str:
    """The reason code for a storage failure."""
    if isinstance(exc, JournalDamaged) or is_damage(exc):
        return DAMAGED
    if isinstance(exc, sqlite3.Error):
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name == "SQLITE_FULL":
            return DISK_FULL
        if name.startswith("SQLITE_READONLY"):
            return READ_ONLY if _folder_state(folder) != NO_PERMISSION else NO_PERMISSION
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return LOCKED
        if name.startswith(("SQLITE_PERM", "SQLITE_AUTH")):
            return NO_PERMISSION
        return _folder_state(folder)  # IOERR, CANTOPEN: SQLite does not say why
    if isinstance(exc, OSError) and exc.errno in _ERRNO:
        return _ERRNO[exc.errno]
    return _folder_state(folder)


def folder_problem(folder: Path) -> tuple[str, str] | None:
    """Why ``folder`` cannot hold the journal, as a reason code and a one-line
    error naming the path (check-config style), or None when it can. Creates it
    (and its parents) if missing."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return NOT_A_FOLDER, f"state folder {folder}: is a file, not a folder"
    except NotADirectoryError:
        return NOT_A_FOLDER, f"state folder {folder}: a part of the path is a file"
    except OSError as exc:
        reason = reason_of(exc, folder.parent if folder.parent.exists() else Path("/"))
        return reason, f"state folder {folder}: cannot be created ({exc.strerror})"
    if not folder.is_dir():
        return NOT_A_FOLDER, f"state folder {folder}: is not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        reason = _folder_state(folder)
        what = "is on a read-only file system" if reason == READ_ONLY else "is not writable"
        return reason, f"state folder {folder}: {what}"
    return None


class Storage:
    """The journal while it works, the game in memory always; see the module doc.

    ``open`` returns the game to resume; ``start`` and ``append`` raise
    ``StorageError`` when saving fails; ``due`` and ``probe`` let the loop find
    out when it works again. ``status`` is what the displays show."""

    PROBE_FIRST = 0.5  # seconds after a failure before the first probe
    PROBE_MAX = 5.0  # probes back off to one every this many seconds

    def __init__(
        self,
        folder: Path,
        *,
        clock: Callable[[], float] = time.monotonic,
        synchronous: str = "FULL",
    ) -> None:
        self.folder = folder
        self.path = folder / JOURNAL
        self.clock = clock
        self.synchronous = synchronous
        self.mode = "saving"  # "saving", "failing" or "unsaved" (see the module doc)
        self.journal: Journal | None = None  # None while unsaved, or failing and closed
        self.problem: str | None = None  # reason code while failing or unsaved
        self.recovered: Recovery | None = None  # the last recovery from a damaged journal
        self.game_id: int | None = None
        self.seq = 0  # the current game's last saved (or, unsaved, played) action
        self._setup: tuple[Layout, Rules] | None = None
        self._actions: list[Action] = []  # the current game, whatever is saved
        # The current game's partner ("person", "ai", None: unknown, a version-0
        # journal's), solo setup and the AI's plans, whatever is saved; plans whose
        # write failed wait in ``_pending``, written again before the next action.
        self._partner: str | None = "person"
        self._solo: SoloSetup | None = None
        self._plans: list[Plan] = []
        self._pending: list[Plan] = []
        self._over = False
        self._next_probe: float | None = None
        self._delay = self.PROBE_FIRST
        self._memory_ids = 0
        self.first_start = False  # no game was ever kept here: a new device

    @property
    def actions(self) -> list[Action]:
        """The current game's actions so far (saved, or played while unsaved)."""
        return list(self._actions)

    def game_key(self) -> str | None:
        """A name for the current game that no other game of this folder shares
        (campaign records key on it); None while nothing is saved."""
        if self.journal is None or self.mode != "saving":
            return None
        return self.journal.game_key()

    def finished_game(self, key: str) -> Game | None:
        """A finished game of this journal by its key, or None (not there, not
        finished, or the journal cannot be read now)."""
        if self.journal is None:
            return None
        try:
            return self.journal.finished_game(key)
        except (sqlite3.Error, JournalDamaged) as exc:
            log.warning("game %s not read from the journal: %s", key, exc)
            return None

    @property
    def status(self) -> tuple[str, str | None]:
        """("saving", None), ("failing", reason) or ("unsaved", reason)."""
        return self.mode, self.problem

    # ------------------------------------------------------------------ start

    def open(self) -> Game | None:
        """Open the journal in the state folder; the unfinished game, if any."""
        problem = folder_problem(self.folder)
        if problem is not None:
            reason, line = problem
            log.error("%s; playing without saving until it can be used", line)
            self._unsaved(reason)
            readable = None
            if self.folder.is_dir():  # read-only: its game can still be played on
                with contextlib.suppress(sqlite3.Error, OSError, JournalDamaged):
                    readable = check(self.path)
            if readable is not None:
                self._memory_ids = readable.id
                self._remember_game(readable)
            return readable
        game: Game | None = None
        try:
            finish_recovery(self.path)
            try:
                game = check(self.path)
            except JournalDamaged as exc:
                games = salvage(self.path)
                # Played on from memory should the new journal fail to be written.
                game = games[-1] if games and not games[-1].finished else None
                self._recover(exc.detail, games)
            self.journal = Journal(self.path, self.synchronous)
            game = self.journal.resume()
            self.journal.probe()  # readable is not writable (a read-only file, a full disk)
        except (sqlite3.Error, OSError, JournalDamaged) as exc:
            self._close()
            log.error(
                "journal %s: %s (%s); playing without saving until it can be saved",
                self.path,
                "cannot be read" if game is None else "cannot be written",
                exc,
            )
            self._unsaved(reason_of(exc, self.folder))
            if game is not None:  # what could be read is played on, from memory
                self._memory_ids = game.id
                self._remember_game(game)
            return game
        if game is not None:
            self._remember_game(game)
            self.seq = game.last_seq
        elif self.journal is not None:
            # A journal rebuilt from a damaged one is no new device, however little
            # it recovered: the players need the recovery line, not the legend.
            self.first_start = self.journal.empty() and self.recovered is None
        return game

    def _recover(self, detail: str, games: list[Game] | None = None) -> None:
        """Replace a damaged journal with what can be read from it (``games``, or
        salvaged now): see ``journal.recover``. Raises as the disk does."""
        if games is None:
            games = salvage(self.path)
        r = recover(self.path, detail, games, self.synchronous)
        self.recovered = r
        log.error(
            "journal %s was damaged (%s); kept as %s; %d games and %d actions "
            "recovered into a new journal",
            self.path,
            r.detail,
            r.kept,
            r.games,
            r.actions,
        )

    def _unsaved(self, reason: str) -> None:
        self._close()
        self.mode, self.problem = "unsaved", reason
        self._delay = self.PROBE_FIRST
        self._schedule()

    def _close(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    def _remember(
        self,
        layout: Layout,
        rules: Rules,
        actions: list[Action],
        game_id,
        solo: SoloSetup | None = None,
        partner: str | None = "person",
        plans: list[Plan] | None = None,
    ) -> None:
        self._setup = (layout, rules)
        self._actions = list(actions)
        self.game_id = game_id
        self.seq = len(actions)
        self._over = False
        self._partner, self._solo = partner, solo
        self._plans, self._pending = list(plans or ()), []

    def _remember_game(self, game: Game) -> None:
        self._remember(
            game.layout,
            game.rules,
            game.actions,
            game.id,
            game.solo,
            game.partner,
            list(game.plans.values()),
        )

    def _write_game(self, journal: Journal) -> int:
        """The game so far, whole, into ``journal`` as a new game; its id."""
        assert self._setup is not None
        layout, rules = self._setup
        game_id = journal.write_game(
            layout, rules, self._actions, self._over, self._solo, self._plans, self._partner
        )
        self._pending = []  # written with the rest
        return game_id

    # ------------------------------------------------------------------ the game

    def _writable(self) -> Journal:
        """The journal, reopened if a failure closed it or the file was removed.
        Raises JournalDamaged for a file that a newer keystand wrote meanwhile."""
        if self.journal is not None and not self.journal.still_there():
            self._close()
        if self.journal is None:
            gone = not self.path.exists()
            journal = Journal(self.path, self.synchronous)
            if gone and self._setup is not None:  # deleted under us: a new one, whole game
                self.game_id = self._write_game(journal)
                self.seq = journal.seq
                log.warning("journal %s was gone; the game so far is in a new one", self.path)
            else:
                journal.game_id, journal.seq = self.game_id, self.seq
            self.journal = journal
        return self.journal

    def start(self, layout: Layout, rules: Rules, solo: SoloSetup | None = None) -> None:
        """A new game (solo with ``solo``); raises StorageError (and changes nothing)
        when it cannot be saved."""
        if self.mode == "unsaved":
            self._memory_ids += 1
            game_id = self._memory_ids
        else:
            try:
                game_id = self._writable().start(layout, rules, solo)
            except (sqlite3.Error, OSError, JournalDamaged) as exc:
                raise self._failed(exc) from exc
            self._saved()
        self._remember(layout, rules, [], game_id, solo, "ai" if solo else "person")

    def known_partner(self, solo: SoloSetup | None) -> None:
        """The resumed game's partner, which its journal did not know (version 0):
        kept as it is played now (solo with ``solo``). Raises StorageError when the
        write fails; the game keeps it in memory (a game written whole has it)."""
        self._partner, self._solo = ("ai" if solo is not None else "person"), solo
        if self.mode == "unsaved":
            return
        try:
            self._writable().known_partner(solo)
        except (sqlite3.Error, OSError, JournalDamaged) as exc:
            raise self._failed(exc) from exc

    def plan(self, plan: Plan) -> None:
        """Keep one of the AI's plans with the current game, before it is shown.
        Raises StorageError when the write fails; the plan then waits in memory
        and goes to disk before the next action (which cannot be saved before it)."""
        self._plans.append(plan)
        if self.mode == "unsaved":
            return
        self._pending.append(plan)
        try:
            self._writable().plans(self._pending)
        except (sqlite3.Error, OSError, JournalDamaged) as exc:
            raise self._failed(exc) from exc
        self._pending = []
        self._saved()

    def append(self, action: Action, finished: bool) -> int:
        """Save one accepted action; its seq once it is on disk (or, unsaved, in
        memory). Raises StorageError (and saves nothing) when the write fails."""
        if self.mode == "unsaved":
            seq = self.seq + 1
        else:
            try:
                journal = self._writable()
                if self._pending:  # plans shown before this action, written first
                    journal.plans(self._pending)
                    self._pending = []
                seq = journal.append(action, finished)
            except (sqlite3.Error, OSError, JournalDamaged) as exc:
                raise self._failed(exc) from exc
            self._saved()
        self._actions.append(action)
        self._over = finished
        self.seq = seq
        return seq

    def _failed(self, exc: BaseException) -> StorageError:
        """A write failed: refuse actions until one works; said once per outage."""
        reason = reason_of(exc, self.folder)
        if self.mode != "failing" or reason != self.problem:
            log.error(
                "journal %s: cannot save (%s); actions are refused until saving works again",
                self.path,
                exc,
            )
        if self.mode != "failing":
            self._delay = self.PROBE_FIRST
        if reason != DAMAGED:
            # After an I/O error SQLite may go on failing on the same connection.
            self._close()
        self.mode, self.problem = "failing", reason
        self._schedule()
        return StorageError(reason, str(exc))

    def _saved(self) -> None:
        if self.mode == "failing":
            log.info("journal %s: saving again", self.path)
        self.mode, self.problem = "saving", None
        self._next_probe = None

    # ------------------------------------------------------------------ probing

    def due(self) -> float | None:
        """When the loop should call ``probe`` (a ``clock`` time), or None."""
        return self._next_probe

    def _schedule(self) -> None:
        self._next_probe = self.clock() + self._delay
        self._delay = min(self._delay * 2, self.PROBE_MAX)

    def probe(self) -> bool:
        """Try to get saving back; True when it is back."""
        self._next_probe = None
        if self.mode == "unsaved":
            return self._adopt()
        if self.mode != "failing":
            return False
        if self.problem == DAMAGED:
            return self._rebuild()
        try:
            self._writable().probe()
        except (sqlite3.Error, OSError, JournalDamaged) as exc:
            self._failed(exc)
            return False
        self._saved()
        return True

    def _rebuild(self) -> bool:
        """The journal went bad while playing: recover it, then write this game in."""
        self._close()
        try:
            self._recover("damaged while playing")
        except (sqlite3.Error, OSError) as exc:
            self._failed(exc)
            return False
        self.mode = "unsaved"
        return self._adopt()

    def _adopt(self) -> bool:
        """Unsaved until now: open the journal and write the game so far into it."""
        if folder_problem(self.folder) is not None:
            self._schedule()
            return False
        journal: Journal | None = None
        try:
            finish_recovery(self.path)
            try:
                check(self.path)
            except JournalDamaged as exc:
                self._recover(exc.detail)
            journal = Journal(self.path, self.synchronous)
            if self._setup is not None:
                self.game_id = self._write_game(journal)
        except (sqlite3.Error, OSError, JournalDamaged) as exc:
            if journal is not None:
                journal.close()
            self.problem = reason_of(exc, self.folder)
            self._schedule()
            return False
        self.journal = journal
        self.seq = len(self._actions)
        self.mode, self.problem = "saving", None
        self._next_probe = None
        log.info("journal %s: saving now (the game so far is game %s)", self.path, self.game_id)
        return True

    def close(self) -> None:
        self._close()
