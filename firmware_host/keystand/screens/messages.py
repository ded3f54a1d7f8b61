"""The messages a seat screen shows over its instruction: a game's end, what the bank
needs, a refusal, a fault, the AI's touch. ``message_lines`` turns a ``Message``
into its screen lines in the table's language. Every line fits the 62-pixel column
beside the mono key: 15 half-width or 7 full-width characters
(tests/test_i18n.py measures each translation)."""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_
from . import fonts
from .panel import MONO_COLUMN
from .reasons import PRINTER_REASONS, REFUSALS, SCAN_REASONS, STORAGE_REASONS, reason
from .text import gettext as _
from .text import ngettext
from .view import Message

# Words that arrive as message arguments (token sides, why a game was lost), as said.
ARG_WORDS = {
    "checkmark": N_("checkmark"),
    "bystander": N_("bystander"),
    "assassin": N_("assassin"),
    "sudden_death": N_("sudden death"),
    "out_of_tokens": N_("out of tokens"),
}
# What a token the table owes is for (TokensTaken.why).
TAKE_FOR = {
    "bystander": N_("mark the word"),  # the arrow from the giver to the guesser
    "penalty": N_("penalty: out"),
    "mark": N_("mark the word"),
    "turn": N_("for this turn"),
    "cap": N_("the turn is up"),
}
# What the human does at the table for the AI's touch, by the card's role on its side.
# A bystander's token is said once, after the press (the "take" message: how many,
# which side up), as a sensed bank must see it leave only once the touch is played.
AI_TOUCH = {
    "agent": (N_("Cover it with"), N_("an agent card,"), N_("then press")),
    "bystander": (N_("A bystander:"), N_("press, then"), N_("mark it")),
    "assassin": (N_("The assassin:"), N_("game lost."), N_("Press: end game")),
    # Sudden death: a bystander loses the game as the assassin does.
    "bystander_lost": (N_("A bystander:"), N_("game lost."), N_("Press: end game")),
}


def _word(arg: object) -> str:
    return _(ARG_WORDS[arg]) if isinstance(arg, str) and arg in ARG_WORDS else str(arg)


def _take(count: int, side: str, why: str) -> list[str]:
    return [
        ngettext("Take %d token,", "Take %d tokens,", count) % count,
        _("%s up") % _word(side),
        _(TAKE_FOR.get(why, TAKE_FOR["bystander"])),
    ]


def _missing(count: int, context: str) -> list[str]:
    lines = [
        ngettext("%d token out:", "%d tokens out:", count) % count,
        ngettext("put it back", "put them back", count),
    ]
    if context == "too_early":  # a turn ends only after a correct guess
        lines += [_("Guess a word"), _("first")]
    return lines


def _extra(count: int) -> list[str]:
    return [
        ngettext("%d too many:", "%d too many:", count) % count,
        ngettext("take it out", "take them out", count),
    ]


def _flip(count: int, side: str) -> list[str]:
    return [
        ngettext("Flip %d token,", "Flip %d tokens,", count) % count,
        _("%s up") % _word(side),
    ]


def _with_name(template: str, name: str, *rest: object) -> str:
    """``template`` with a mission's name shortened until the line fits the column."""
    room = MONO_COLUMN - fonts.width(template % ("", *rest))
    return template % (fonts.clip(name, room), *rest)


def _won_mission(score: int, mission: str, completed: bool, opened: int) -> list[str]:
    lines = [_("You won!"), _("Score %d") % score]
    lines.append(_with_name(_("%s: done") if completed else _("%s: again"), _(mission)))
    if opened:
        lines.append(ngettext("%d mission open", "%d missions open", opened) % opened)
    return lines


def _lost_mission(reason: str, mission: str, tries: int) -> list[str]:
    return [_("Lost:"), _word(reason), _with_name(_("%s, try %d"), _(mission), tries)]


def _counted_owed(why: str) -> list[str]:
    # A token taken while one was still owed pays the debt, never the turn.
    return [_("That token paid"), _("what was owed."), _("Take one more"), _("to end the turn")]


MESSAGES: dict[str, Callable[..., list[str]]] = {
    "won": lambda score: [_("You won!"), _("Score %d") % score],
    # Storage (app/storage.py): a move that could not be saved was not made.
    "not_saved": lambda why: [_("Can't save:"), reason(STORAGE_REASONS, why), _("move not made")],
    "not_saving": lambda why: [_("Not saving:"), reason(STORAGE_REASONS, why)],
    "saving_again": lambda: [_("Saving again:"), _("redo that move")],
    "saving_now": lambda: [_("Saving now")],
    "journal_recovered": lambda kept: [
        _("Journal damaged"),
        ngettext("%d move kept", "%d moves kept", kept) % kept,
        _("old file kept"),
    ],
    "won_mission": _won_mission,
    "lost_mission": _lost_mission,
    "team_refused": lambda: [_("No new team:"), _("name taken")],
    # The campaign file (app/campaign_table.py) took no write; a result is kept in
    # the journal and recorded later, a new team or a team's new game is not.
    "team_not_saved": lambda why, later: [
        _("Team record:"),
        reason(STORAGE_REASONS, why),
        _("saved later") if later else _("not saved"),
    ],
    "lost": lambda reason: [_("Lost:"), _word(reason)],
    "take": _take,
    "missing": _missing,
    "extra": _extra,
    "flip": _flip,
    "counted_owed": _counted_owed,
    "end_by_token": lambda: [_("To end the turn"), _("take a token")],
    "dial_number": lambda: [_("Knob: set the"), _("clue number")],
    "nothing_left": lambda: [_("Nothing left"), _("to guess")],
    "sensor_fault": lambda slot: [_("Bank slot %d:") % slot, _("sensor fault")],
    "refused": lambda why: [_("Not now:"), reason(REFUSALS, why)],
    "scan_refused": lambda why: [_("Scan refused:"), reason(SCAN_REASONS, why)],
    "print_failed": lambda why: [_("Printer:"), reason(PRINTER_REASONS, why)],
    "printed": lambda: [_("Slip printed")],
    "load_confirm": lambda: [_("Load the scan?"), _("press: yes"), _("back: no")],
    "qr_too_long": lambda: [_("QR too long"), _("for this panel")],
    # Beside a phone link to a loopback address: `keystand simulate --host 0.0.0.0`.
    "link_local": lambda: [
        _("Phones cannot"),
        _("open this link:"),
        _("restart with"),
        "--host 0.0.0.0",
    ],
}


def _ai_touch(word: str, what: str) -> list[str]:
    return [
        _("AI touches:"),
        fonts.clip(word.upper(), MONO_COLUMN),  # as the card's face prints it
        *(_(line) for line in AI_TOUCH.get(what, AI_TOUCH["bystander"])),
    ]


def _ai_stops(sensed: bool) -> list[str]:
    return [_("The AI stops:"), _("take a token") if sensed else _("press to end")]


MESSAGES.update(
    {
        "ai_touch": _ai_touch,
        "ai_stops": _ai_stops,
        "no_ai": lambda: [_("No AI partner:"), _("two players")],
    }
)


def message_lines(message: Message) -> list[str]:
    """A message in the table's language, one screen line per item."""
    lines = MESSAGES.get(message.kind)
    if lines is None:
        return [message.kind]
    return lines(*message.args)
