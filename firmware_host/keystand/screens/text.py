"""On-screen strings go through gettext; catalogs are .po files in ``locale/``.

The catalogs are compiled in memory with Babel when a language is chosen, so the
repository holds only the editable ``.po`` sources.
"""

from __future__ import annotations

import gettext as _gettext
import io
from pathlib import Path

from .. import LANGUAGES

LOCALE_DIR = Path(__file__).with_name("locale")

_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def gettext(message: str) -> str:
    return _translation.gettext(message)


def catalog(lang: str) -> _gettext.NullTranslations:
    """The translations for ``lang`` (English is the source language)."""
    if lang == "en":
        return _gettext.NullTranslations()
    if lang not in LANGUAGES:
        raise ValueError(f"no screen language '{lang}' (choose {', '.join(LANGUAGES)})")
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / f"{lang}.po").open("rb") as f:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(f, locale=lang))
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def use(lang: str) -> None:
    global _translation
    _translation = catalog(lang)
