"""What players call the things the engine knows by id: rulesets and missions.

Shared by everything printed (slips, books); marked for the translation catalogs.
"""

from __future__ import annotations

from collections.abc import Callable

from .i18n import N_

RULESET_NAMES = {"duet": N_("Duet rules"), "paper": N_("Play-by-paper rules")}
# Under a map or table whose numbers carry a * (rules/missions.py, "printed").
MARK_NOTE = N_("* a number our rulebooks do not print")


def mission_title(
    gettext: Callable[[str], str], label: str, name: str | None = None
) -> str:
    """``Mission Cairo (9-5)``, ``Standard game (9-9)`` or ``Mission 9-5``, in a language."""
    if name:
        return gettext(N_("Mission {name} ({label})")).format(name=gettext(name), label=label)
    tokens, _, mistakes = label.partition("-")
    if tokens == mistakes:
        return gettext(N_("Standard game ({label})")).format(label=label)
    return gettext(N_("Mission {label}")).format(label=label)
