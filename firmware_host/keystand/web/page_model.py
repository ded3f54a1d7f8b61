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
from dataclasses import dataclass

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
# What a token the table owes the engine is for (TokensTaken.why), as the status
# line asks for it after "8 tokens in the bank;".
TAKE_FOR = {
    "bystander": N_plural("take %d to mark the word", "take %d to mark the words"),
    "mark": N_plural("take %d to mark the word", "take %d to mark the words"),
    "penalty": N_plural("take %d out of play as a penalty", "take %d out of play as a penalty"),
    "turn": N_plural("take %d for this turn", "take %d for this turn"),
    "cap": N_plural("take %d: the turn is up", "take %d: the turn is up"),
}
SIDES = {"checkmark": N_("checkmark"), "bystander": N_("bystander")}


@dataclass(frozen=True, slots=True)
class TableNow:
    """What the status line says beside the engine's state: the bank as the sensors
    see it and what it needs, the mission and the team, and in solo what the AI
    does. Plain values: the simulator reads them from the session, so this module
    imports no app."""

    bank: int | None = None  # tokens the sensors see; None: the bank has no sensors
    # What the table must do for the bank to match the engine: a bank message's
    # kind and arguments ("take", (1, "bystander", "bystander")), as the panels show it.
    needs: tuple[str, tuple] | None = None
    mission: str | None = None  # the mission's name as its map gives it
    team: str | None = None  # the campaign team the game is played for
    ai: Seat | None = None  # solo: the AI's seat
    ai_clue: tuple[str, int] | None = None  # solo: its clue on the human's screen, unrecorded
    ai_touch: str | None = None  # solo: the word the AI touches next
    ai_stops: bool = False  # solo: the AI ends its turn (after a correct touch)


def status(state: GameState, table: TableNow | None = None, lang: str = "en") -> dict:
    """What the table must do now, as one line of parts in ``lang`` (the table's
    language, as the seat screens speak it): who acts and how, the bank (what lies
    in it, and what to take, put back or turn over: a token owed is still in the
    bank), the mistakes a mission allows, the agents found, and the mission played."""
    tr = translation(lang)
    _, ngettext = tr.gettext, tr.ngettext
    now = table or TableNow()
    rules = state.rules
    parts = [_turn(state, now, _)]
    if now.ai is not None and now.ai == state.guesser and state.phase == Phase.GUESSING:
        parts.append(_clue(state, _))  # the turn says what the AI touches: its clue here
    parts.append(_bank(state, now, _, ngettext))
    if rules.bystander_tokens < rules.tokens:  # a mission: bystander sides are mistakes
        left = state.bystander_left
        parts.append(ngettext("%d mistake left", "%d mistakes left", left) % left)
    found = {"found": state.agents_found, "total": rules.win_threshold or AGENTS}
    parts.append(_("%(found)d of %(total)d agents found") % found)
    if rules.mission:
        name = _(now.mission or rules.mission)
        parts.append(
            _("Mission %(mission)s, for team %(team)s") % {"mission": name, "team": now.team}
            if now.team
            else _("Mission %s") % name
        )
    return {
        "kind": "status",
        "lang": lang,  # the page marks it, so Japanese is set in Japanese glyphs
        "parts": parts,
        "phase": str(state.phase),
        "outcome": str(state.outcome),
    }


def _turn(state: GameState, now: TableNow, _) -> str:
    """Who acts now, and how."""
    if state.phase == Phase.OVER:
        if state.outcome != Outcome.WON:
            why = LOST_BECAUSE.get(state.reason) if state.reason is not None else None
            return _("Lost: %s") % (_(why) if why else state.reason or _("game over"))
        score = state.score or 0
        if state.rules.ruleset != "duet":
            return _("Won: score %d") % score
        if state.went_to_sudden_death:
            return _(
                "Won: score %d (3 per token left, 1 per turn ended by taking a token, "
                "-1 for sudden death)"
            ) % score
        return _("Won: score %d (3 per token left, 1 per turn ended by taking a token)") % score
    ai = now.ai
    if ai is not None and (now.ai_touch is not None or now.ai_stops or now.needs):
        # Solo, the AI guessing: the person at the table acts for it, on their seat.
        seats = {"ai": ai, "human": other(ai), "word": (now.ai_touch or "").upper()}
        acting = state.phase == Phase.SUDDEN_DEATH or state.guesser == ai
        if acting and now.needs is not None:
            return _("The AI (seat %(ai)s) waits: first the bank, as this line says") % seats
        if acting and now.ai_touch is not None:
            said = _(
                "The AI (seat %(ai)s) touches %(word)s: press on seat %(human)s, and cover "
                "or mark the card as seat %(human)s's panel says"
            ) % seats
            if state.phase == Phase.SUDDEN_DEATH:
                return _("Sudden death: %s") % said
            return said
        if acting and now.ai_stops:
            return _("The AI (seat %(ai)s) ends its turn: take a token from the bank") % seats
    if state.phase == Phase.SUDDEN_DEATH:
        return _("Sudden death: no more clues, both seats guess")
    if state.phase == Phase.GUESSING:
        return _("Seat %(seat)s guesses (%(clue)s, %(right)d right so far)") % {
            "seat": state.guesser,
            "clue": _clue(state, _, right=False),
            "right": state.correct,
        }
    if now.ai_clue is not None and ai is not None:
        word, number = now.ai_clue
        return _("The AI (seat %(ai)s) gives %(word)s %(number)d: seat %(human)s guesses") % {
            "ai": ai,
            "word": word.upper(),
            "number": number,
            "human": other(ai),
        }
    givers = [s for s in SEATS if state.can_give_clue(s)]
    if len(givers) == 2:
        return _("Either seat gives a clue")
    return _("Seat %s gives a clue") % givers[0] if givers else _("A clue is due")


def _clue(state: GameState, _, right: bool = True) -> str:
    """The clue being guessed ("B's clue: VOLCANO 4"), and (``right``) how many of
    its guesses were right so far."""
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
    if not right:
        return clue
    return _("%(clue)s, %(right)d right so far") % {"clue": clue, "right": state.correct}


def _bank(state: GameState, now: TableNow, _, ngettext) -> str:
    """The bank as it lies, and what to do with it: never a count the bank does not
    show (a token the engine spent stays in the bank until the table takes it)."""
    left, held = state.tokens_left, now.bank
    tokens_left = ngettext("%d token left", "%d tokens left", left) % left
    if held is None:  # no sensors: the engine's count is all the table has
        return tokens_left
    in_bank = ngettext("%d token in the bank", "%d tokens in the bank", held) % held
    if state.phase == Phase.OVER:
        if state.outcome == Outcome.WON and held == left + 1:
            # TRANSLATORS: after a win: "7 tokens left: the winning turn used one of the 8
            # in the bank" (the rulebook's score counts it as used).
            return ngettext(
                "%(left)d token left: the winning turn used one of the %(bank)d in the bank",
                "%(left)d tokens left: the winning turn used one of the %(bank)d in the bank",
                left,
            ) % {"left": left, "bank": held}
        return tokens_left if held == left else in_bank
    if now.needs is None:
        return tokens_left
    kind, args = now.needs
    if kind == "sensor_fault":
        return _("bank slot %d: its sensor is faulty") % args[0]
    if kind == "take":
        count, side, why, *_sided = args  # (screens/messages.py: the side said or not)
        todo = ngettext(*TAKE_FOR.get(why, TAKE_FOR["bystander"]), count) % count
        rules = state.rules
        if rules.bystander_tokens < rules.tokens:  # a mission: which side is up matters
            todo = _("%(todo)s (%(side)s side up)") % {"todo": todo, "side": _(SIDES[side])}
    elif kind == "missing":
        count, context = args
        todo = (
            ngettext(
                "put %d back: a turn ends only after a correct guess",
                "put %d back: a turn ends only after a correct guess",
                count,
            )
            if context == "too_early"
            else ngettext("put %d back", "put %d back", count)
        ) % count
    elif kind == "extra":
        todo = ngettext("take %d out", "take %d out", args[0]) % args[0]
    elif kind == "flip":
        count, side = args
        todo = ngettext(
            "turn %(count)d over, %(side)s side up", "turn %(count)d over, %(side)s side up", count
        ) % {"count": count, "side": _(SIDES[side])}
    else:
        return in_bank
    # TRANSLATORS: the bank, then what to do with it: "8 tokens in the bank; take 1 to
    # mark the word".
    return _("%(bank)s; %(todo)s") % {"bank": in_bank, "todo": todo}


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
# What a mission's two numbers are, on the map and in the table's T-M column.
NUMBERS_NOTE = N_(
    "A mission's numbers, as in 9-5 (the column T-M): its timer tokens, then the "
    "mistakes it allows."
)
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
        "numbers_note": _(NUMBERS_NOTE),
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
    # TRANSLATORS: a seat's heading in a solo game: the seat the AI plays.
    "seat_ai": N_("Seat %(seat)s: the AI"),
    # TRANSLATORS: a seat's heading in a solo game: the seat the person plays.
    "seat_you": N_("Seat %(seat)s: you"),
    "seats_hint": N_(
        "Seat A and seat B are the two players, across the table from each other. Each "
        "panel shows only its own seat's side of the key, turned the way that seat sees "
        "the table."
    ),
    "seats_hint_solo": N_(
        "You play seat %(human)s and the AI plays seat %(ai)s, across the table from you. "
        "Your panel shows only your side of the key, turned the way you see the table; "
        "the AI's clues and touches show there too, and wait for your press."
    ),
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
    "words_hint": N_(
        "As seat A sees them; seat B sees the same grid turned around. While a seat may "
        "guess, a frame and its letter mark the card under its cursor."
    ),
    "cursor_tip": N_("seat %(seat)s's cursor"),
    # TRANSLATORS: on a table that senses its word cards: a click on a card touches it.
    "touch_tip": N_("touch this card (a finger held on its pad)"),
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
