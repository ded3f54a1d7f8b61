"""The simulator's state folder: its journal, its tokens and the page's choices.

One folder holds everything a restart needs, so ``keystand simulate`` run again
goes on with the same game at the same addresses: the daemon's journal
(``journal.sqlite``), the page's and the seats' tokens, the page's choices and
what lay in the simulated bank's slots (``web.json``, readable by its owner
only), and a lock that keeps a second simulator off the same folder. The folder
is ``$XDG_STATE_HOME/keystand/simulator`` unless ``--state-dir`` names another.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import secrets
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from ..config import user_state_dir
from ..events import SlotState
from ..rules.layout import SEATS

log = logging.getLogger(__name__)

TOKENS_FILE = "web.json"
LOCK_FILE = "simulate.lock"
SLOT_STATES = frozenset(str(s) for s in SlotState)


def default_folder() -> Path:
    return user_state_dir("simulator")


class StateFolderError(Exception):
    """The folder cannot be used (permissions, another simulator); one line for the user."""


@dataclass
class Stored:
    """What ``web.json`` keeps: tokens for the life of the folder, and the page's choices."""

    # The page's token: 128 bits, as only the person at the computer should have it.
    page: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    # A seat's token is 48 bits (8 characters) so that its link fits a version 3 QR
    # code at 2 pixels a module on a 128x64 panel; it lives as long as the folder.
    seats: dict[str, str] = field(
        default_factory=lambda: {s: secrets.token_urlsafe(6) for s in SEATS}
    )
    panel: int = 0  # which build the page last showed: 0 the configured one, 1 the other
    words: str = "en"  # the word cards' list, or "off"
    settings: dict[str, Any] | None = None  # the menu's choices (app.menu.Settings)
    # What lay in each bank slot (SimTable.slots): a resumed game's tokens stay put.
    slots: list[str] | None = None

    @classmethod
    def from_json(cls, data: object) -> Stored:
        """The stored fields, checked; a ``ValueError`` names the first bad one."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        fresh = cls()
        page = data.get("page", fresh.page)
        if not isinstance(page, str) or len(page) < 16:
            raise ValueError("page token missing or short")
        seats = data.get("seats", fresh.seats)
        if not isinstance(seats, dict) or set(seats) != set(SEATS):
            raise ValueError("seat tokens missing")
        if not all(isinstance(t, str) and len(t) >= 8 for t in seats.values()):
            raise ValueError("a seat token is short")
        panel = data.get("panel", 0)
        words = data.get("words", "en")
        settings = data.get("settings")
        slots = data.get("slots")
        if not (isinstance(slots, list) and all(s in SLOT_STATES for s in slots)):
            slots = None  # unreadable: the bank is laid afresh, from slot 1
        return cls(
            page=page,
            seats=dict(seats),
            panel=panel if panel in (0, 1) else 0,
            words=words if isinstance(words, str) else "en",
            settings=settings if isinstance(settings, dict) else None,
            slots=slots,
        )


class StateFolder:
    """The folder, locked for this process; ``stored`` is what ``web.json`` holds."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notes: list[str] = []  # what the user should hear about the folder, one line each
        self._saving = threading.Lock()
        try:
            if not path.is_dir():
                path.mkdir(mode=0o700, parents=True)
            self._lock = self._take_lock()
            self.stored = self._load()
        except OSError as exc:
            raise StateFolderError(
                f"cannot use the state folder {path}: {exc.strerror or exc}"
            ) from None

    def _take_lock(self) -> IO[str]:
        lock = (self.path / LOCK_FILE).open("a+")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.seek(0)
            pid = lock.read().strip() or "?"
            lock.close()
            raise StateFolderError(
                f"another keystand simulate (pid {pid}) uses {self.path}: stop it, "
                "or give this one its own --state-dir"
            ) from None
        lock.seek(0)
        lock.truncate()
        lock.write(f"{os.getpid()}\n")
        lock.flush()
        return lock

    def _load(self) -> Stored:
        file = self.path / TOKENS_FILE
        if not file.exists():
            stored = Stored()
            self._write(stored)
            return stored
        if file.stat().st_mode & 0o077:  # tokens are passwords: the owner's alone
            file.chmod(0o600)
        try:
            return Stored.from_json(json.loads(file.read_text(encoding="utf-8")))
        except (ValueError, UnicodeDecodeError) as exc:
            self.notes.append(f"{file} unreadable ({exc}): new addresses made")
            stored = Stored()
            self._write(stored)
            return stored

    def save(self, **changes: Any) -> None:
        """Keep ``changes`` (panel, words, settings, slots) for the next start."""
        with self._saving:  # the loop thread and the web threads both save
            for name, value in changes.items():
                setattr(self.stored, name, value)
            try:
                self._write(self.stored)
            except OSError as exc:
                log.warning("cannot save %s: %s", self.path / TOKENS_FILE, exc.strerror or exc)

    def _write(self, stored: Stored) -> None:
        """Atomically, and never readable by others, not even for a moment."""
        file = self.path / TOKENS_FILE
        tmp = file.with_name(f".{TOKENS_FILE}.{os.getpid()}")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(asdict(stored), f, indent=1, sort_keys=True)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, file)

    def close(self) -> None:
        self._lock.close()
