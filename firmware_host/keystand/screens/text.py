"""On-screen strings go through gettext so catalogs can translate them."""

from __future__ import annotations

import gettext as _gettext

_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def gettext(message: str) -> str:
    return _translation.gettext(message)


def use(translation: _gettext.NullTranslations) -> None:
    global _translation
    _translation = translation
