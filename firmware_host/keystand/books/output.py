"""Write a pair of books all or nothing, in chunks, with progress.

The pair is made in a temporary folder beside DIR and moved into DIR only when
both books (HTML and, unless asked not to, PDF) are complete. The old pair is
taken out of the way first and put back if a move fails, so DIR holds the old
pair or the new one, never half of each; the only window is the handful of
renames at the very end. A run that is killed leaves its temporary folder,
which the next run over the same DIR removes.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from ..rules.layout import Seat
from .book import TAIL, BookSetup, front, head, pages

SEATS: tuple[Seat, ...] = ("A", "B")
CHUNK_GAMES = 25  # pages per Chromium print: memory stays that of one chunk
BOOK_FILES = tuple(f"book-{seat}.{ext}" for ext in ("html", "pdf") for seat in SEATS)
TEMP_MARK = ".keystand-book-"  # .DIR.keystand-book-PID-XXXX beside DIR


class BookError(Exception):
    """Why no books were written (DIR is as it was); one line that names the file."""


def write_books(
    out_dir: Path,
    setup: BookSetup,
    *,
    pdf: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """Write both books into ``out_dir``; ``progress(n)`` after every ``n`` pages made."""
    out_dir = Path(out_dir)
    _check_targets(out_dir)
    parent = out_dir.absolute().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temps(parent, out_dir.name)
        prefix = f".{out_dir.name}{TEMP_MARK}{os.getpid()}-"
        tmp = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    except OSError as exc:
        raise BookError(f"cannot write beside {out_dir}: {exc.strerror or exc}") from None
    try:
        made = _make_pair(tmp, setup, pdf, progress or (lambda n: None))
        _move_into_place(tmp, out_dir, made)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return [out_dir / name for name in sorted(made)]


Progress = Callable[[int], None]


def _make_pair(tmp: Path, setup: BookSetup, pdf: bool, progress: Progress) -> list[str]:
    from .pdf import ChromiumPrinter, PdfError

    made: list[str] = []
    try:
        with ChromiumPrinter() if pdf else _no_printer() as printer:
            for seat in SEATS:
                made += _make_book(tmp, setup, seat, printer, progress)
    except PdfError as exc:  # Chromium, Playwright or pdfunite missing or not starting
        raise BookError(str(exc)) from None
    return made


def _make_book(tmp: Path, setup: BookSetup, seat: Seat, printer, progress: Progress) -> list[str]:
    """One player's book: the HTML streamed game by game, the PDF printed chunk by chunk."""
    from .pdf import PdfError, join

    html_name, pdf_name = f"book-{seat}.html", f"book-{seat}.pdf"
    top = head(setup, seat)
    chunks: list[Path] = []
    with _writing(html_name), (tmp / html_name).open("w", encoding="utf-8") as html:
        html.write(top + front(setup, seat))
        for start in range(0, setup.total, CHUNK_GAMES):
            games = range(start, min(start + CHUNK_GAMES, setup.total))
            block = "\n".join(pages(setup, seat, games))
            html.write("\n" + block)
            if printer is not None:
                chunks.append(tmp / f"{seat}-{len(chunks):04d}.pdf")
                first = front(setup, seat) if start == 0 else ""
                with _writing(pdf_name), _pdf_errors(pdf_name, PdfError):
                    printer.print(top + first + block + TAIL, chunks[-1])
            progress(len(games))
        html.write(TAIL)
    if printer is None:
        return [html_name]
    with _writing(pdf_name), _pdf_errors(pdf_name, PdfError):
        join(chunks, tmp / pdf_name)
    return [html_name, pdf_name]


@contextmanager
def _pdf_errors(name: str, kind: type[Exception]):
    try:
        yield
    except kind as exc:
        raise BookError(f"cannot make {name}: {exc}") from None


@contextmanager
def _no_printer():
    yield None


@contextmanager
def _writing(name: str):
    """Turn a failed write (full disk, file too large, ...) into one line naming ``name``."""
    try:
        yield
    except OSError as exc:
        raise BookError(f"cannot write {name}: {exc.strerror or exc}") from None


def _check_targets(out_dir: Path) -> None:
    """Refuse before any work if DIR or an old book in it cannot be replaced."""
    if out_dir.exists() and not out_dir.is_dir():
        raise BookError(f"{out_dir} is not a folder")
    for name in BOOK_FILES:
        target = out_dir / name
        if not (target.exists() or target.is_symlink()):
            continue
        info = target.lstat()
        if not stat.S_ISREG(info.st_mode):
            raise BookError(f"{target} is not a regular file; move it away to write books here")
        if not info.st_mode & stat.S_IWUSR:
            raise BookError(f"{target} is read-only")


def _move_into_place(tmp: Path, out_dir: Path, made: list[str]) -> None:
    old = tmp / "old"
    taken: list[str] = []
    placed: list[str] = []
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        old.mkdir()
        for name in BOOK_FILES:  # the whole old pair goes, even a file this run does not make
            if (out_dir / name).exists():
                os.replace(out_dir / name, old / name)
                taken.append(name)
        for name in made:
            os.replace(tmp / name, out_dir / name)
            placed.append(name)
    except OSError as exc:
        for name in placed:
            os.replace(out_dir / name, tmp / name)
        for name in taken:
            os.replace(old / name, out_dir / name)
        where = exc.filename or out_dir
        raise BookError(
            f"cannot move the books into {out_dir} ({where}: {exc.strerror or exc})"
        ) from None


def _remove_stale_temps(parent: Path, name: str) -> None:
    """Temporary folders of earlier runs over the same DIR that were killed."""
    pattern = re.compile(re.escape(f".{name}{TEMP_MARK}") + r"(\d+)-")
    for entry in parent.iterdir():
        m = pattern.match(entry.name)
        if m and entry.is_dir() and not _alive(int(m.group(1))):
            shutil.rmtree(entry, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
