"""HTML to PDF with headless Chromium, a few pages at a time, joined by pdfunite.

Chosen by measurement over WeasyPrint (docs/books.md): one Chromium, started once
through Playwright, prints each chunk of pages, so its memory stays that of one
chunk; poppler's ``pdfunite`` joins the chunks streaming, in about 20 MB. The
daemon never imports this module.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from types import TracebackType
from typing import Any

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions"]
PRINT_TIMEOUT_MS = 120_000


class PdfError(RuntimeError):
    """A PDF could not be made; the message is one line for the user."""


def chromium_path() -> str:
    """The Chromium to print with: ``$KEYSTAND_CHROMIUM`` or the first on ``PATH``."""
    wanted = os.environ.get("KEYSTAND_CHROMIUM")
    found = shutil.which(wanted) if wanted else None
    if not wanted:
        found = next(filter(None, (shutil.which(n) for n in CHROMIUM_NAMES)), None)
    if found is None:
        raise PdfError(
            "PDF books need Chromium (Debian: apt install chromium; or set KEYSTAND_CHROMIUM);"
            " --no-pdf writes the HTML only"
        )
    return found


class ChromiumPrinter:
    """One headless Chromium for a whole run, printing one HTML document at a time."""

    def __init__(self) -> None:
        self._playwright: Any = None
        self._browser: Any = None
        self._page: Any = None

    def __enter__(self) -> ChromiumPrinter:
        executable = chromium_path()
        if shutil.which("pdfunite") is None:
            raise PdfError("PDF books need pdfunite (Debian: apt install poppler-utils)")
        try:
            from playwright.sync_api import Error, sync_playwright
        except ImportError:
            raise PdfError("PDF books need Playwright: pip install 'keystand[books]'") from None
        try:
            self._playwright = sync_playwright().start()
        except Exception as exc:  # its node would not run: a plain Exception, not Error
            raise PdfError(
                f"cannot start Playwright's driver: {_first_line(exc)} (on Debian its node "
                "needs libatomic1: apt install libatomic1)"
            ) from None
        try:
            self._browser = self._playwright.chromium.launch(
                executable_path=executable, args=CHROMIUM_ARGS
            )
            self._page = self._browser.new_page()
            self._cdp = self._page.context.new_cdp_session(self._page)
        except Error as exc:
            self.__exit__(None, None, None)
            raise PdfError(f"cannot start {executable}: {_first_line(exc)}") from None
        return self

    def print(self, html: str, path: Path) -> None:
        """Print ``html`` (its CSS sets the paper) to the PDF file ``path``."""
        from playwright.sync_api import Error

        try:
            self._page.set_content(html, wait_until="load", timeout=PRINT_TIMEOUT_MS)
            data = self._page.pdf(prefer_css_page_size=True, print_background=True)
            self._page.set_content("<!DOCTYPE html>")  # let the chunk's document go ...
            self._cdp.send("HeapProfiler.collectGarbage")  # ... now, not when V8 likes
        except Error as exc:
            raise PdfError(f"Chromium could not print: {_first_line(exc)}") from None
        path.write_bytes(data)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            if self._browser is not None:
                self._browser.close()
        finally:
            if self._playwright is not None:
                self._playwright.stop()
            self._browser = self._playwright = self._page = None


def join(parts: list[Path], out: Path) -> None:
    """One PDF of ``parts`` in order (a single part is just renamed)."""
    if len(parts) == 1:
        os.replace(parts[0], out)
        return
    done = subprocess.run(
        ["pdfunite", *map(str, parts), str(out)], capture_output=True, text=True
    )
    if done.returncode != 0:
        why = _first_line(done.stderr) or f"exit status {done.returncode}"
        raise PdfError(f"pdfunite could not join the pages: {why}")


def _first_line(text: object) -> str:
    lines = str(text).strip().splitlines()
    return lines[0] if lines else ""
