"""What the page shows besides the panels: the status line, the word cards, the legend,
the solo box's words, and the campaign of the team playing at the table.

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

from ..campaign.progress import TeamRecord
from ..i18n import N_, translation
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
        if state.clue_number is not None:
            clue = _("%(seat)s's clue for %(number)d") % {
                "seat": state.giver,
                "number": state.clue_number,
            }
        else:
            clue = _("%(seat)s's clue") % {"seat": state.giver}
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
    its label (``screens.keyscreen.LEGEND``): PNGs for the page to scale up."""
    from PIL import Image, ImageDraw

    from ..screens.keyscreen import LEGEND, draw_cell, geometry

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


NO_TEAM = (
    "No team plays now: games are not recorded for anyone. To play for a team, open a "
    "seat's menu (hold back), turn to Team and press until its name shows; New team "
    "(hold on it) names a new one. Its map and record then show here."
)
NO_CAMPAIGNS = "Campaigns cannot be kept in this state folder, so no team can play here."


def campaign_unreadable(team: str, reason: str) -> dict:
    """The panel when the playing team's record cannot be read (the store failed)."""
    hint = f"Team {team}: its record cannot be read ({reason})."
    return {"kind": "campaign", "team": None, "hint": hint}


def campaign(book: MissionBook | None, record: TeamRecord | None) -> dict:
    """The team playing at the table: its map as SVG and its record (games, wins,
    best score per mission); or, when no team plays, how to choose one."""
    if book is None:
        return {"kind": "campaign", "team": None, "hint": NO_CAMPAIGNS}
    if record is None:
        return {"kind": "campaign", "team": None, "hint": NO_TEAM}
    from ..campaign.map_svg import map_svg
    from ..campaign.report import summary

    data = summary(book, record)
    played = data["record"]["missions"]
    rows = [
        {
            "mission": mission_id,
            "name": info["name"],
            "numbers": info["numbers"],
            "status": info["status"],
            "games": played[mission_id]["games"],
            "wins": played[mission_id]["wins"],
            "best": played[mission_id]["best"],
        }
        for mission_id, info in data["missions"].items()
        if mission_id in played
    ]
    return {
        "kind": "campaign",
        "team": record.name,
        "edition": record.edition,
        "svg": map_svg(book, record),
        "games": data["record"]["games"],
        "wins": data["record"]["wins"],
        "best": data["record"]["best_score"],
        "missions": rows,
        "clue_log": clue_log(book, record),
    }


CLUE_LOG_ROWS = 8  # the panel's clue log: the newest games with clues recorded


def clue_log(book: MissionBook, record: TeamRecord) -> list[dict]:
    """The team's newest games (at most ``CLUE_LOG_ROWS``, newest first) in which a
    clue's number or word was recorded, each with its clues as the device shows
    them ("A 2 OCEAN, B ?"): said aloud only, a clue is its giver and "?"."""
    from ..screens.keyscreen import clue_text
    from ..screens.view import LoggedClue

    rows: list[dict] = []
    for game in reversed(record.games):
        if all(c.number is None and not c.word for c in game.clues):
            continue
        clues = (
            LoggedClue(c.giver, c.number, c.word, c.second_number, c.second_word)
            for c in game.clues
        )
        mission = book.missions.get(game.mission)
        rows.append(
            {
                "date": game.date,
                "mission": game.mission,
                "name": mission.name if mission is not None else game.mission,
                "outcome": game.outcome,
                "score": game.score,
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


def solo_text(lang: str) -> dict:
    """The solo box's words in ``lang``; ``offer`` as parts, every second one a menu
    name the page sets in bold (the menu's own translation, so the two agree)."""
    from ..screens.keyscreen import MENU_LABELS

    _ = translation(lang).gettext
    seats = {"human": "{human}", "ai": "{ai}"}
    text = {key: _(msg) % seats if "%(" in msg else _(msg) for key, msg in SOLO_TEXT.items()}
    mark = "\0"  # around each menu name, to split the sentence on
    names = {
        "partner": _(MENU_LABELS["partner"]),
        "ai": _("AI"),
        "new_game": _(MENU_LABELS["new_game"]),
    }
    offer = _(SOLO_OFFER) % {k: f"{mark}{v}{mark}" for k, v in names.items()}
    return {"kind": "solo_text", "lang": lang, **text, "offer": offer.split(mark)}
