"""The messages a seat screen shows over its instruction: a game's end, what the bank
needs, a refusal, a fault, the AI's touch. ``message_lines`` turns a ``Message``
into its screen lines in the table's language. Every line fits the 64-pixel column
beside the mono key: 16 half-width or 8 full-width characters
(tests/test_i18n.py measures each translation)."""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_, N_plural
from ..rules.rating import AWESOME, GOOD, TRY_THE_MAP, rating
from . import fonts, text
from .breaks import wrap_word
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
# A "\n" in a message's words breaks the line where the language reads best.
# Which side of a timer token is up, as the rulebooks say it; only the 10-token
# edition's missions and the Duet mission map make the sides differ.
SIDE_UP = {
    "bystander": N_("bystander side\nup"),
    "checkmark": N_("checkmark side\nup"),
}
# What the table does with the tokens it owes, by why they are owed and whether
# the side up is said (%(side)s). The count is %(n)d.
TAKE = {
    # the giver marks the guessed bystander (or a bonus's official mark does),
    # the arrow towards the guesser
    "mark": N_plural("Mark the word\nwith %(n)d token", "Mark the word\nwith %(n)d tokens"),
    "mark_sided": N_plural(
        "Mark the word\nwith %(n)d token\n%(side)s", "Mark the word\nwith %(n)d tokens\n%(side)s"
    ),
    # no bystander side left: checkmark-side tokens, turned over onto the word
    "mark_flipped": N_plural(
        "Take %(n)d token\n%(side)s,\nturn it over\nonto the word",
        "Take %(n)d tokens\n%(side)s,\nturn them over\nonto the word",
    ),
    # an invalid clue's penalty: the token leaves the game
    "penalty": N_plural("Take %(n)d token\nout: a penalty", "Take %(n)d tokens\nout: a penalty"),
    "penalty_sided": N_plural(
        "Take %(n)d token\n%(side)s:\nout, a penalty",
        "Take %(n)d tokens\n%(side)s:\nout, a penalty",
    ),
    # the paper ruleset: a turn's box, and the turn's guesses used up
    "turn": N_plural("Take %(n)d token\nfor this turn", "Take %(n)d tokens\nfor this turn"),
    "cap": N_plural("Take %(n)d token:\nthe turn is up", "Take %(n)d tokens:\nthe turn is up"),
}
# TokensTaken.why -> its entry in TAKE
TAKE_FOR = {"bystander": "mark", "mark": "mark", "penalty": "penalty", "turn": "turn", "cap": "cap"}
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


# Messages that only inform: the seat's instruction (the hint) stays under them,
# a rule between. Every other message says what to do now, and stands alone.
WITH_HINT = frozenset(
    {
        "won",
        "won_mission",
        "lost",
        "lost_mission",
        "not_saving",
        "saving_now",
        "journal_recovered",
        "printed",
        "print_failed",
        "scan_refused",
        "team_refused",
        "team_not_saved",
        "no_ai",
    }
)


def _word(arg: object) -> str:
    return _(ARG_WORDS[arg]) if isinstance(arg, str) and arg in ARG_WORDS else str(arg)


def _take(count: int, side: str, why: str, sided: bool = True) -> list[str]:
    """What the table does with ``count`` tokens it owes; ``sided``: the game's
    tokens differ in their sides (a mission), so which side is up is said."""
    kind = TAKE_FOR.get(why, "mark")
    if sided and kind in ("mark", "penalty"):
        kind += "_flipped" if kind == "mark" and side == "checkmark" else "_sided"
    side_up = _(SIDE_UP.get(side, SIDE_UP["bystander"]))
    return [ngettext(*TAKE[kind], count) % {"n": count, "side": side_up}]


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
    side_up = _(SIDE_UP.get(side, SIDE_UP["bystander"]))
    return [
        ngettext("Flip %(n)d token\n%(side)s", "Flip %(n)d tokens\n%(side)s", count)
        % {"n": count, "side": side_up}
    ]


def _with_name(template: str, name: str, *rest: object) -> str:
    """``template`` with a mission's name shortened until the line fits the column."""
    room = MONO_COLUMN - fonts.width(template % ("", *rest))
    return template % (fonts.clip(name, room), *rest)


# What each part of a won game's score counts (rules/scoring.py's parts): its
# points, signed ("+6", "-1"), and how many of the thing it counts. (A lost game
# scores only in the paper ruleset, and its panel says why it was lost.)
SCORE_PARTS: dict[str, tuple[str, str]] = {
    # the duet ruleset: 3 points a token left in the bank
    "tokens_left": N_plural("%(points)s: %(n)d token", "%(points)s: %(n)d tokens"),
    # 1 point a token taken to end a turn after a correct guess
    "turns_ended": N_plural("%(points)s turn ended", "%(points)s turns ended"),
    "sudden_death": N_plural("%(points)s sudden death", "%(points)s sudden death"),
    # the paper ruleset
    "agents_found": N_plural("%(points)s: %(n)d agent", "%(points)s: %(n)d agents"),
    "unused_turns": N_plural("%(points)s: %(n)d unused", "%(points)s: %(n)d unused"),
    "mistakes": N_plural("%(points)s: %(n)d mistake", "%(points)s: %(n)d mistakes"),
}


def _scored(
    score: int, parts: tuple[tuple[str, int, int], ...], won: bool, win_token: bool
) -> list[str]:
    """The score and what it counts, a line a part; ``win_token``: say that the
    winning turn used a token the bank still holds (the rulebook counts it spent)."""
    lines = [(_("Won! Score %d:") if won else _("Score %d:")) % score]
    for part, points, n in parts:
        if points:
            args = {"points": f"{points:+d}", "n": n}
            lines.append(ngettext(*SCORE_PARTS[part], abs(points) if n == 1 else n) % args)
            if part == "tokens_left" and win_token:
                lines.append(_("(1 used to win)"))
    return lines


# The debriefing's ratings of a won standard game (rules/rating.py), by the table
# language's rulebook: its first step starts above 5 in English and Finnish, at 5
# in Japanese. The 10-token edition's book sends a team on to its mission log.
RATING_WORDS = {
    GOOD: N_("Really good!"),
    AWESOME: N_("Awesome!"),
    TRY_THE_MAP: N_("Try the map!"),
}
TRY_THE_LOG = N_("Try the log!")


def _won(
    score: int,
    parts: tuple[tuple[str, int, int], ...] = (),
    win_token: bool = False,
    edition: str | None = None,
) -> list[str]:
    """The score, what it counts, and the rating the table language's rulebook
    gives it (``edition``: the rulebook that rates this game, if one does)."""
    lines = _scored(score, parts, True, win_token)
    said = rating(edition, score, text.current()) if edition else None
    if said is not None:
        word = TRY_THE_LOG if said == TRY_THE_MAP and edition == "coop10" else RATING_WORDS[said]
        lines.append(_(word))
    return lines


# Unrated: a team is on the map already, and its win says what it opened there.
def _won_mission(
    score: int,
    mission: str,
    completed: bool,
    opened: int,
    parts: tuple[tuple[str, int, int], ...] = (),
) -> list[str]:
    lines = _scored(score, parts, True, False)
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
    "won": _won,
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
    # A press with the cursor off the cards (a new game, a restart, a new turn).
    "knob_first": lambda: [_("Turn the knob"), _("to a word first")],
    # A touched card when either seat may guess: whose guess it is, the press says.
    "touched": lambda: [_("Card touched:"), _("the guesser"), _("presses to guess")],
    # Solo: a touch of the AI's seat's controls, which nobody plays.
    "ai_seat": lambda human: [_("The AI plays"), _("this seat: play"), _("on seat %s") % human],
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
    # As the card's face prints it, whole: broken at a syllable when too wide.
    shown = word.upper()
    lines = wrap_word(shown, "", MONO_COLUMN, MONO_COLUMN, text.current()) or [shown]
    return [
        _("AI touches:"),
        *lines,
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
    """A message in the table's language, one screen line per item (a "\n" in its
    words breaks a line where the language breaks it)."""
    lines = MESSAGES.get(message.kind)
    if lines is None:
        return [message.kind]
    return [part for line in lines(*message.args) for part in line.split("\n")]
