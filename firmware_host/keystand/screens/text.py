"""The seat screens' language: one table language, switched at run time.

Both seats read the same language, chosen in the menu; ``use`` switches it and
the next frames are drawn in it. Catalogs come from :mod:`keystand.i18n`.
"""

from __future__ import annotations

from ..i18n import LANGUAGES, translation

__all__ = ["LANGUAGES", "current", "gettext", "ngettext", "use"]

_lang = "en"


def gettext(message: str) -> str:
    return translation(_lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translation(_lang).ngettext(singular, plural, n)


def use(lang: str) -> None:
    """Draw the seat screens in ``lang`` from now on (``ValueError`` if unknown)."""
    global _lang
    translation(lang)  # load (and check) it now, not in the middle of a frame
    _lang = lang


def current() -> str:
    return _lang
