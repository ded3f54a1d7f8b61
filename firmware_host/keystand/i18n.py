"""The languages keystand speaks, and their gettext catalogs.

One system for everything a player reads: the seat screens, the paper books and
the printed slips. Strings are marked in the code (``_()``, ``N_()`` for a string
translated later, ``N_plural()`` for a plural translated later, ``ngettext``),
``scripts/i18n.py`` extracts them into ``locale/keystand.pot`` with Babel, and
``locale/<lang>/LC_MESSAGES/keystand.po`` holds each language's translations,
compiled to the ``.mo`` beside it. At run time only the standard library's
``gettext`` reads the ``.mo``. See docs/translations.md.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

# Not typing.TYPE_CHECKING: this module is on `keystand play`'s start-up path, which
# does not import typing; type checkers treat any TYPE_CHECKING name as true.
TYPE_CHECKING = False
if TYPE_CHECKING:  # gettext itself is imported when a catalog is first loaded
    from gettext import NullTranslations

LANGUAGES: tuple[str, ...] = ("en", "fi", "ja")
SOURCE_LANGUAGE = "en"  # the msgids are English: English needs no catalog
DOMAIN = "keystand"
LOCALE_DIR = Path(__file__).with_name("locale")


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for extraction; ``ngettext(*pair, n)`` translates it later."""
    return singular, plural


def check_language(lang: str) -> str:
    """``lang`` itself, or a ``ValueError`` naming the languages there are."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language '{lang}' (choose {', '.join(LANGUAGES)})")
    return lang


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def translation(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (loaded once per process)."""
    import gettext

    if check_language(lang) == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    with mo_path(lang).open("rb") as f:
        return gettext.GNUTranslations(f)
