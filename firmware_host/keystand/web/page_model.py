"""What the page shows besides the panels: the status line, the word cards, the legend,
the solo box's words, the page's own words, and the campaign of the team playing at
the table. Every word of it is in the table's language (docs/simulator.md).

Each is a plain dict for the page's event stream, built from the engine's public
state (never a seat's side of the key, except the assassin that ended a lost
game, which both players have just seen) and, for the legend, from the seat
screens' own table of symbols drawn by their own cell renderer, so the page
can never disagree with the panels.
"""

from __future__ import annotations

import base64
import functools
import io
import re

from ..campaign.progress import TeamRecord
from ..i18n import N_, N_plural, translation
from ..rules.actions import Action, Guess
from ..rules.game import GameState
from ..rules.layout import SEATS, Seat, other
from ..rules.missions import MissionBook
from ..rules.setup import AGENTS
from ..rules.status import Outcome, Phase, Reason

# Why a game was lost, as the status line says it (in the table's language).
LOST_BECAUSE = {
    Reason.ASSASSIN: N_("an assassin was touched"),
    Reason.SUDDEN_DEATH: N_("a bystander in sudden death"),
    Reason.OUT_OF_TOKENS: N_("a mistake with no token left to pay for it"),
}


def status(
    state: GameState, ai_clue: tuple[Seat, str, int] | None = None, lang: str = "en"
) -> dict:
    """Whose turn it is, the bank and the phase, as one line of parts, in ``lang``
    (the table's language, as the seat screens speak it). ``ai_clue`` (solo: the
    AI's seat, its clue's word and number) is the clue on the human's screen that
    its first press will record."""
    tr = translation(lang)
    _, ngettext = tr.gettext, tr.ngettext
    rules = state.rules
    if state.phase == Phase.OVER:
        if state.outcome == Outcome.WON:
            turn = _("Won: score %d") % (state.score or 0)
        else:
            why = LOST_BECAUSE.get(state.reason) if state.reason is not None else None
            turn = _("Lost: %s") % (_(why) if why else state.reason or _("game over"))
    elif state.phase == Phase.SUDDEN_DEATH:
        turn = _("Sudden death: no more clues, both seats guess")
    elif state.phase == Phase.GUESSING:
        said: dict[str, object] = {"seat": state.giver, "number": state.clue_number}
        if state.clue_word:  # a recorded word (solo: always) stays while it is guessed
            said["word"] = state.clue_word.upper()
            if state.clue_number is not None:
                # TRANSLATORS: the clue being guessed, its word and number: "B's clue: VOLCANO 4".
                clue = _("%(seat)s's clue: %(word)s %(number)d") % said
            else:
                clue = _("%(seat)s's clue: %(word)s") % said
        elif state.clue_number is not None:
            clue = _("%(seat)s's clue for %(number)d") % said
        else:
            clue = _("%(seat)s's clue") % said
        turn = _("Seat %(seat)s guesses (%(clue)s, %(right)d right so far)") % {
            "seat": state.guesser,
            "clue": clue,
            "right": state.correct,
        }
    elif ai_clue is not None:
        ai, word, number = ai_clue
        turn = _("The AI (seat %(ai)s) gives %(word)s %(number)d: seat %(human)s guesses") % {
            "ai": ai,
            "word": word.upper(),
            "number": number,
            "human": other(ai),
        }
    else:
        givers = [s for s in SEATS if state.can_give_clue(s)]
        turn = (
            _("Either seat gives a clue")
            if len(givers) == 2
            else _("Seat %s gives a clue") % givers[0]
            if givers
            else _("A clue is due")
        )
    tokens = state.tokens_left
    parts = [turn, ngettext("%d token left", "%d tokens left", tokens) % tokens]
    if rules.bystander_tokens < rules.tokens:  # a mission: bystander sides are mistakes
        left = state.bystander_left
        parts.append(ngettext("%d mistake left", "%d mistakes left", left) % left)
    found = {"found": state.agents_found, "total": rules.win_threshold or AGENTS}
    parts.append(_("%(found)d of %(total)d agents found") % found)
    return {
        "kind": "status",
        "lang": lang,  # the page marks it, so Japanese is set in Japanese glyphs
        "parts": parts,
        "phase": str(state.phase),
        "outcome": str(state.outcome),
    }


def words(state: GameState, words: tuple[str, ...], last: Action | None) -> list[str]:
    """What covers each of the 25 cards: "agent", the seats whose guess missed ("AB"),
    "assassin" for the card that lost the game, or ""."""
    covers = []
    for i in range(len(words)):
        guessers = state.bystander_guessers(i)
        covers.append(
            "agent" if state.agents[i] else "".join(sorted(guessers)) if guessers else ""
        )
    cell = assassin_touched(state, last)
    if cell is not None:
        covers[cell] = "assassin"
    return covers


# The marks the page sets on the word cards, in the table's language (the cards'
# own words are in the list's): the assassin that lost the game, and whose guess
# missed ("A+B").
CARD_MARKS = {"assassin": N_("assassin"), "missed": N_("missed by %s")}


def card_marks(lang: str) -> dict[str, str]:
    """The card marks in ``lang``, and ``lang`` itself (for the page's lang)."""
    _ = translation(lang).gettext
    return {"lang": lang, **{key: _(msg) for key, msg in CARD_MARKS.items()}}


def assassin_touched(state: GameState, last: Action | None) -> int | None:
    """The cell whose assassin ended the game (``last`` is the game's last action)."""
    if state.reason != Reason.ASSASSIN or not isinstance(last, Guess):
        return None
    # The guess lost on the partner's side of the key: the side that guessed sees
    # the clue giver's assassin through the card.
    if state.layout.role(last.cell, other(last.seat)) != "B":
        return None
    return last.cell


@functools.lru_cache(maxsize=4)
def legend(width: int, height: int) -> tuple[dict, ...]:
    """Every symbol of the seat screens, drawn by their renderer for this panel, with
    its label (``screens.legend.LEGEND``): PNGs for the page to scale up."""
    from PIL import Image, ImageDraw

    from ..screens.cell import draw_cell
    from ..screens.legend import LEGEND
    from ..screens.panel import geometry

    g = geometry(width, height)
    entries = []
    for role, mark, cursor, label in LEGEND:
        size = g.pitch + 2  # the cell and the cursor's frame around it
        img = Image.new("RGB" if g.colour else "1", (size, size), 0)
        draw_cell(ImageDraw.Draw(img), 1, 1, g, role, mark, cursor)
        buf = io.BytesIO()
        img.save(buf, format="PNG")
        entries.append({"png": base64.b64encode(buf.getvalue()).decode(), "label": label})
    return tuple(entries)


# The campaign panel's words. A menu item is named as the menu names it.
CAMPAIGN = N_("Campaign")
CAMPAIGN_OF = N_("Campaign: %(team)s")
NO_TEAM = N_(
    "No team plays now: games are not recorded for anyone. To play for a team, open a "
    "seat's menu (hold back), turn to %(team)s and press until its name shows; "
    "%(new_team)s (hold on it) names a new one. Its map and record then show here."
)
NO_CAMPAIGNS = N_("Campaigns cannot be kept in this state folder, so no team can play here.")
UNREADABLE = N_("Team %(team)s: its record cannot be read (%(reason)s).")
TOTALS = N_plural(
    "%(games)d game, %(wins)d won, best score %(best)s",
    "%(games)d games, %(wins)d won, best score %(best)s",
)
# TRANSLATORS: the campaign table's headings; "T-M" is a mission's tokens and
# mistakes ("9-5").
RECORD_HEAD = (N_("Mission"), N_("T-M"), N_("games"), N_("wins"), N_("best score"))
CLUE_LOG_HEAD = (N_("Clue log: date"), N_("Mission"), N_("result"), N_("clues"))
RESULTS = {"won": N_("won %s"), "lost": N_("lost")}


def campaign_unreadable(team: str, reason: str, lang: str = "en") -> dict:
    """The panel when the playing team's record cannot be read (the store failed)."""
    _ = translation(lang).gettext
    hint = _(UNREADABLE) % {"team": team, "reason": reason}
    return {"kind": "campaign", "lang": lang, "title": _(CAMPAIGN), "team": None, "hint": hint}


def campaign(book: MissionBook | None, record: TeamRecord | None, lang: str = "en") -> dict:
    """The team playing at the table: its map as SVG and its record (games, wins,
    best score per mission), in ``lang``; or, when no team plays, how to choose one."""
    from ..screens.menu import MENU_LABELS

    tr = translation(lang)
    _ = tr.gettext
    none = {"kind": "campaign", "lang": lang, "title": _(CAMPAIGN), "team": None}
    if book is None:
        return {**none, "hint": _(NO_CAMPAIGNS)}
    if record is None:
        names = {item: _(MENU_LABELS[item]) for item in ("team", "new_team")}
        return {**none, "hint": _(NO_TEAM) % names}
    from ..campaign.map_svg import map_svg
    from ..campaign.report import summary
    from ..names import MARK_NOTE

    data = summary(book, record)
    played = data["record"]["missions"]
    rows = [
        {
            "mission": mission_id,
            "name": _(info["name"]),
            "numbers": info["numbers"] + ("*" if info["marked"] else ""),
            "status": info["status"],
            "games": played[mission_id]["games"],
            "wins": played[mission_id]["wins"],
            "best": played[mission_id]["best"],
        }
        for mission_id, info in data["missions"].items()
        if mission_id in played
    ]
    games, wins, best = (data["record"][k] for k in ("games", "wins", "best_score"))
    totals = tr.ngettext(*TOTALS, games) % {
        "games": games,
        "wins": wins,
        "best": "-" if best is None else best,
    }
    return {
        "kind": "campaign",
        "lang": lang,
        "title": _(CAMPAIGN_OF) % {"team": record.name},
        "team": record.name,
        "edition": record.edition,
        "svg": map_svg(book, record, _),
        "games": games,
        "wins": wins,
        "best": best,
        "totals": totals,
        "head": [_(h) for h in RECORD_HEAD],
        "clue_head": [_(h) for h in CLUE_LOG_HEAD],
        "missions": rows,
        # What a * after a mission's numbers means, under the table when one shows.
        "note": _(MARK_NOTE) if any(r["numbers"].endswith("*") for r in rows) else "",
        "clue_log": clue_log(book, record, lang),
    }


CLUE_LOG_ROWS = 8  # the panel's clue log: the newest games with clues recorded


def clue_log(book: MissionBook, record: TeamRecord, lang: str = "en") -> list[dict]:
    """The team's newest games (at most ``CLUE_LOG_ROWS``, newest first) in which a
    clue's number or word was recorded, each with its clues as the device shows
    them ("A 2 OCEAN, B ?"): said aloud only, a clue is its giver and "?"; the
    mission's name and the result in ``lang``."""
    from ..screens.team import clue_text
    from ..screens.view import LoggedClue

    _ = translation(lang).gettext
    rows: list[dict] = []
    for game in reversed(record.games):
        if all(c.number is None and not c.word for c in game.clues):
            continue
        clues = (
            LoggedClue(c.giver, c.number, c.word, c.second_number, c.second_word)
            for c in game.clues
        )
        mission = book.missions.get(game.mission)
        result = _(RESULTS.get(game.outcome, game.outcome))
        if game.outcome == "won":
            result %= "-" if game.score is None else game.score
        rows.append(
            {
                "date": game.date,
                "mission": game.mission,
                "name": _(mission.name) if mission is not None else game.mission,
                "outcome": game.outcome,
                "score": game.score,
                "result": result,
                "clues": ", ".join(clue_text(c) for c in clues),
            }
        )
        if len(rows) == CLUE_LOG_ROWS:
            break
    return rows


# The solo box's own words (the clue box, its hints, and how to start a solo game),
# in the table's language like the status line. A hint's seats are filled in by
# the page: "{human}" and "{ai}" stand for them here.
SOLO_TEXT = {
    "heading": N_("Solo: your clue"),
    "word_label": N_("Clue word:"),
    "number_label": N_("number:"),
    "send": N_("give clue"),
    # TRANSLATORS: an example clue in the clue box, a word the AI knows.
    "placeholder": N_("VOLCANO"),
    "over": N_(
        "The game is over. Turn seat %(human)s's knob to see what the AI meant by its "
        "clues; a press there starts a new game."
    ),
    "typing": N_(
        "Your turn to give (seat %(human)s): type the word and its number here, or dial "
        "it with seat %(human)s's knob. A word the AI cannot take is refused here and "
        "costs nothing."
    ),
    "waiting": N_(
        "The AI plays seat %(ai)s. When it is your turn to give, type your clue here."
    ),
}
# How to start a solo game: the menu's own names for the item and its values.
SOLO_OFFER = N_(
    "To play alone against the AI: hold back on a seat (its menu), turn to %(partner)s "
    "and press until it says %(ai)s, then turn to %(new_game)s, press, and hold to "
    "confirm. The AI takes the other seat."
)


# A "%(name)s" the page fills in itself, sent as "{name}".
_NAMED = re.compile(r"%\((\w+)\)s")


def solo_text(lang: str) -> dict:
    """The solo box's words in ``lang``; ``offer`` as parts, every second one a menu
    name the page sets in bold (the menu's own translation, so the two agree)."""
    from ..screens.menu import MENU_LABELS

    _ = translation(lang).gettext
    text = {key: _NAMED.sub(r"{\1}", _(msg)) for key, msg in SOLO_TEXT.items()}
    names = {
        "partner": _(MENU_LABELS["partner"]),
        "ai": _("AI"),
        "new_game": _(MENU_LABELS["new_game"]),
    }
    return {"kind": "solo_text", "lang": lang, **text, "offer": _parts(_(SOLO_OFFER), names)}


def _parts(sentence: str, names: dict[str, str]) -> list[str]:
    """``sentence`` with its placeholders filled from ``names``, split so that every
    second part is a filled-in name, for the page to set apart (bold, <code>)."""
    mark = "\0"  # around each name, to split the sentence on
    return (sentence % {k: f"{mark}{v}{mark}" for k, v in names.items()}).split(mark)


# The page's own words: its title, the seats' headings, the buttons and their
# tooltips, the panels' captions, the headings and hints, the banners, in the
# table's language like everything else on it (docs/simulator.md, "Language"). A
# "%(name)s" is left for the page to fill in, sent as "{name}"; in PAGE_PARTS a
# menu item's name (the menu's own translation) or a command line is a part of
# its own, for the page to set apart (bold, <code>).
PAGE_TEXT = {
    "title": N_("keystand simulator"),
    "phone_title": N_("keystand: seat %(seat)s"),
    "seat": N_("Seat %(seat)s"),
    "display": N_("seat %(seat)s display"),
    "left_tip": N_("turn the knob left"),
    "right_tip": N_("turn the knob right"),
    "press_tip": N_("press the knob"),
    "back": N_("back"),
    "back_tip": N_("press the back button"),
    # TRANSLATORS: a page button: holds the seat's back button down, which opens its menu.
    "back_hold": N_("hold back (menu)"),
    "back_hold_tip": N_("hold the back button down: the seat's menu"),
    # TRANSLATORS: before the keyboard keys that work the seat's buttons ("keys a: left,
    # d: right, …").
    "keys": N_("keys"),
    "not_answering": N_("the simulator is not answering"),
    "to_colour": N_("switch to colour panels"),
    "to_mono": N_("switch to mono panels"),
    "now_colour": N_("now: colour 128×128 (SSD1351)"),
    "now_mono": N_("now: mono 128×64 (SSD1306)"),
    "time_bank": N_("Time bank"),
    "bank_hint": N_("Click a slot to take its token or put one back."),
    "flip_hint": N_("⇅ turns a token over."),
    "flip_tip": N_("turn the token in slot %(slot)s over"),
    "word_cards": N_("Word cards"),
    "word_list": N_("word list"),
    # TRANSLATORS: the word list chosen when the page shows no word cards.
    "words_off": N_("off"),
    "words_hint": N_("As seat A sees them; seat B sees the same grid turned around."),
    "scanner": N_("Scanner"),
    "scan_label": N_("Scan text:"),
    # TRANSLATORS: a button: sends the text in the box over the scanner's line.
    "scan": N_("scan"),
    "drop": N_("Drop a slip from the printer, or a photo of a QR code, here."),
    "choose_image": N_("choose an image…"),
    "printer": N_("Printer"),
    "scan_slip": N_("scan this slip"),
    "slip_alt": N_("printed slip for game %(code)s"),
    "slip_alt_no_code": N_("printed slip"),
    "legend": N_("What the symbols on the displays mean"),
    "phone_views": N_("Phone views"),
    "phone_view": N_("phone view for seat %(seat)s"),
    "stale_page_title": N_("This page's address is out of date."),
    "stale_seat_title": N_("This seat link no longer works."),
    "stopped_title": N_("The simulator is not running."),
}
PAGE_PARTS = {
    "printer_hint": N_(
        "Print a slip with %(print)s in a seat's menu. Drag a slip onto the scanner, or "
        "use its button, to load its game again."
    ),
    "links_local": N_(
        "These open on this computer only: the simulator listens on a loopback address. "
        "To open them on a phone on your network, start it with %(host)s (the seats' "
        "%(phone_link)s then shows the address a phone can reach)."
    ),
    "links_lan": N_("A phone on the same network opens these, or scans a seat's %(phone_link)s."),
    "stale_page": N_(
        "The simulator now runs with another state folder, so its token changed. Open the "
        "address it printed when it started, on the line %(line)s."
    ),
    "stale_seat": N_(
        "The simulator now runs with another state folder. Open the seat's link again: from "
        "the simulator page, or with %(phone_link)s in the seat's menu."
    ),
    "stopped": N_("Start it again (%(command)s); this page reconnects by itself."),
}
# What PAGE_PARTS' placeholders stand for: a menu item (its label) or literal text.
PART_MENU_ITEMS = ("print", "phone_link")
PART_LITERALS = {
    "host": "--host 0.0.0.0",
    "line": "keystand simulator: http://…",
    "command": "bash scripts/simulate",
}


def page_text(lang: str) -> dict:
    """The page's own words in ``lang``: the strings of PAGE_TEXT (their placeholders
    as "{name}"), the parts of PAGE_PARTS (every second one a menu name or a
    command, to set apart), the seat buttons' labels and the legend's captions."""
    from ..screens.legend import LEGEND
    from ..screens.menu import MENU_LABELS

    tr = translation(lang)
    _, pgettext = tr.gettext, tr.pgettext
    text: dict = {"kind": "page_text", "lang": lang}
    for key, msg in PAGE_TEXT.items():
        text[key] = _NAMED.sub(r"{\1}", _(msg))
    names = {item: _(MENU_LABELS[item]) for item in PART_MENU_ITEMS} | PART_LITERALS
    for key, msg in PAGE_PARTS.items():
        text[key] = _parts(_(msg), names)
    # The seat's controls, as its buttons say them (and the keyboard keys that work
    # them); the panel's "Hold to confirm" is the hold button's, in its own words.
    text["controls"] = {
        "left": _("left"),
        "right": _("right"),
        # TRANSLATORS: a page button that presses the seat's knob (a verb).
        "press": pgettext("page button", "press"),
        # TRANSLATORS: a page button that holds the seat's knob down (a verb); the
        # panel's "Hold to confirm" means this button.
        "hold": pgettext("page button", "hold"),
        "back": text["back"],
    }
    hold_tip = _(
        'press and hold the knob: confirms ("%(confirm)s"); on the key, shows its QR code'
    )
    text["hold_tip"] = hold_tip % {"confirm": _("Hold to confirm")}
    text["legend_labels"] = [_(label) for *_cell, label in LEGEND]
    return text
