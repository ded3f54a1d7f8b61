"""After a team's game: its record and the game's clue log, as text screens."""

from __future__ import annotations

from . import fonts
from .text import gettext as _
from .text_screen import wrap_items
from .view import LoggedClue, TeamPanel


def team_lines(team: TeamPanel, width: int = 128) -> list[str]:
    """After a team's game: the team, its games and wins, the mission's best."""
    room = width - 4

    def fit(template: str, name: str, *rest: object) -> str:
        return template % (fonts.clip(name, room - fonts.width(template % ("", *rest))), *rest)

    if team.page == "clues":
        # TRANSLATORS: the title of the clue log of the game just played; %s: its mission.
        lines = [fit(_("Clues: %s"), _(team.mission))]
        lines += wrap_items([clue_text(c) for c in team.clues], room)
        return [*lines, _("Knob: your key"), _("Press: new game")]
    lines = [fit(_("Team %s"), team.team), _("Games %d") % team.games, _("Wins %d") % team.wins]
    if team.best is not None:
        lines.append(fit(_("%s: best %d"), _(team.mission), team.best))
    else:
        lines.append(fit(_("%s: tries %d"), _(team.mission), team.tries))
    # TRANSLATORS: the team's record: the knob turns on to the game's clue log.
    turn = _("Knob: clues") if team.clues else _("Knob: your key")
    return [*lines, turn, _("Press: new game")]


def clue_text(clue: LoggedClue) -> str:
    """One logged clue: the giver, its number ("?" when none was dialled) and its
    word when one was given, e.g. "A 2 OCEAN"; a second one after a "+"."""
    text = f"{clue.giver} {'?' if clue.number is None else clue.number}"
    if clue.word:
        text += f" {clue.word.upper()}"
    if clue.second_number is not None or clue.second_word:
        second = "?" if clue.second_number is None else clue.second_number
        text += f"+{second}" + (f" {clue.second_word.upper()}" if clue.second_word else "")
    return text
