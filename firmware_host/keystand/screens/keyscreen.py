"""Draw a seat's screen: ``SeatView`` + panel geometry -> PIL image.

The key reads at a glance, by shape as well as colour, so the mono panels and
colour-blind players read it alike (the choice and its reasons: docs/screens.md):

- an agent to be found is a solid square, the brightest shape on the screen;
- a bystander is a single dot, so the nine squares stand out from it;
- an assassin is a bold cross (red on the colour panel);
- a found agent is a hollow square: the word is covered, nothing left to do;
- a bystander token is a bar on the edge it points to: at the bottom (towards
  this seat) when this seat guessed there, at the top when the partner did, at
  both edges when both did (the word is then covered);
- the cursor is a frame around the cell, outside every symbol, so it shows on
  every kind of cell.

Beside (mono) or below (colour) the key, the text says what to do next with the
controls: the first message that matters (the end of the game, the bank, a note
for this seat), then the instruction for this seat's role.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ..i18n import N_
from ..rules.rating import AWESOME, GOOD, TRY_THE_MAP, rating
from . import diagnostics, fonts, text
from .breaks import wrap_word
from .text import gettext as _
from .text import ngettext
from .view import (
    AGENT,
    BOTH,
    MARK_MINE,
    MARK_THEIRS,
    OPEN,
    LoggedClue,
    Message,
    SeatView,
    SoloPanel,
    TeamPanel,
    WordEntry,
)

LINE = 8  # pixels per text line (the screen font is 8x8)
MONO_COLUMN = 62  # the text column beside the mono key, in pixels
Ink = int | tuple[int, int, int]


@dataclass(frozen=True)
class Geometry:
    """Where things go on one kind of panel."""

    colour: bool
    pitch: int  # pixels from one cell to the next
    margin: int  # between a cell's edge and its symbol
    bar: int  # a token bar's thickness
    text: tuple[int, int]  # where the text starts
    lines: int  # text lines there


# The text starts one row down (fonts.TOP), as on every screen.
MONO = Geometry(colour=False, pitch=12, margin=2, bar=1, text=(65, fonts.TOP), lines=8)
# Colour: the key at 16 px a cell, the counts beside it, the words below.
COLOUR = Geometry(colour=True, pitch=16, margin=3, bar=2, text=(2, 84), lines=5)
COLOUR_SIDE = (84, 2)  # the counts' column beside the colour key
COLOUR_SIDE_ROOM = 128 - COLOUR_SIDE[0] - 2  # its width, in pixels
COLOUR_SIDE_ROWS = 10  # its lines, down to the key's last row (2 + 5 * 16)
GRID = (2, 2)  # the key's top left corner

# Colour panel: the agents the brightest, bystanders dim, assassins red.
GREEN = (40, 210, 80)
FOUND = (30, 120, 55)
TAN = (170, 150, 110)
DIM_TAN = (110, 96, 70)
RED = (240, 50, 40)
DARK_RED = (70, 0, 0)
CURSOR = (255, 220, 0)
WHITE = (255, 255, 255)


def geometry(width: int, height: int) -> Geometry:
    return COLOUR if height >= 128 else MONO


def render(view: SeatView, width: int = 128, height: int = 64) -> Image.Image:
    g = geometry(width, height)
    if view.legend:
        return _legend(width, height, g)
    if view.diagnostics is not None:
        return diagnostics.render(view.diagnostics, width, height, g.colour)
    if view.menu is not None:
        return _menu(view, width, height, g.colour)
    if view.entry is not None:
        return _entry(view, width, height, g.colour)
    if view.qr is not None:
        return _qr(view.qr, width, height, g.colour)
    if view.word_entry is not None:
        return _word_entry(view.word_entry, width, height, g.colour)
    if view.panel is not None:
        return _text_screen(panel_lines(view.panel, width), width, height, g.colour)
    if view.team is not None:
        return _text_screen(team_lines(view.team, width), width, height, g.colour)
    img = Image.new("RGB" if g.colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"
    x0, y0 = GRID
    for i in range(25):
        r, c = divmod(i, 5)
        x, y = x0 + c * g.pitch, y0 + r * g.pitch
        draw_cell(draw, x, y, g, view.side[i], view.marks[i], view.cursor == i)
    side, lines = text_layout(view, width, height)
    for n, line in enumerate(side):  # colour: beside the key
        fonts.draw_text(draw, (COLOUR_SIDE[0], COLOUR_SIDE[1] + n * LINE), line, WHITE)
    tx, ty = g.text
    for n, line in enumerate(lines):
        fonts.draw_text(draw, (tx, ty + n * LINE), line, _ink(g.colour))
    return img


def draw_cell(
    draw: ImageDraw.ImageDraw, x: int, y: int, g: Geometry, role: str, mark: str, cursor: bool
) -> None:
    """One cell of the key at (x, y): its role's symbol, the public marks, the cursor."""
    s, m, b = g.pitch - 1, g.margin, g.bar
    core = (x + m, y + m, x + s - 1 - m, y + s - 1 - m)
    fg: Ink = WHITE if g.colour else 1
    if mark == AGENT:  # covered by an agent card: a hollow square
        draw.rectangle(core, outline=FOUND if g.colour else 1, width=b)
    elif mark != BOTH:  # covered from both sides: only the two tokens are left
        if role == "G":
            draw.rectangle(core, fill=GREEN if g.colour else 1)
        elif role == "B":
            if g.colour:
                draw.rectangle(core, fill=DARK_RED)
            ink: Ink = RED if g.colour else 1
            draw.line((core[0], core[1], core[2], core[3]), fill=ink, width=2)
            draw.line((core[0], core[3], core[2], core[1]), fill=ink, width=2)
        else:
            cx, cy, r = x + s // 2, y + s // 2, 1 if g.colour else 0
            draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=DIM_TAN if g.colour else 1)
    bar = TAN if g.colour and role != "G" else fg
    cx = x + s // 2
    if mark in (MARK_MINE, BOTH):  # a token pointing at this seat: the bottom edge
        draw.rectangle((core[0], y + s - b, core[2], y + s - 1), fill=bar)
        if mark == MARK_MINE and role == "T":  # the token's arrow, from the dot down
            draw.rectangle((cx - b // 2, y + s // 2, cx + (b - 1) // 2, y + s - 1), fill=bar)
    if mark in (MARK_THEIRS, BOTH):  # pointing at the partner: the top edge
        draw.rectangle((core[0], y, core[2], y + b - 1), fill=bar)
        if mark == MARK_THEIRS and role == "T":  # ... from the dot up
            draw.rectangle((cx - b // 2, y, cx + (b - 1) // 2, y + s // 2), fill=bar)
    if cursor:
        draw.rectangle((x - 1, y - 1, x + s, y + s), outline=CURSOR if g.colour else 1, width=b)


def _ink(colour: bool) -> Ink:
    return WHITE if colour else 1


def _qr(text: str, width: int, height: int, colour: bool) -> Image.Image:
    from ..qr import qr_screen

    try:
        if local_link(text):  # a phone cannot open it: the code, and why beside it
            return _qr_with_note(text, width, height, colour)
        frame = qr_screen(text, width, height)
    except ValueError:  # too long for this panel at 2 px a module: say so
        frame = Image.new("1", (width, height), 0)
        draw = ImageDraw.Draw(frame)
        for n, line in enumerate(message_lines(Message("qr_too_long"))):
            fonts.draw_text(draw, (2, 2 + n * LINE), line, 1)
    return frame.convert("RGB") if colour else frame


def local_link(text: str) -> bool:
    """A web link that only the computer serving it can open (a loopback address)."""
    from ipaddress import ip_address
    from urllib.parse import urlsplit

    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    if parts.hostname == "localhost":
        return True
    try:
        return ip_address(parts.hostname).is_loopback
    except ValueError:
        return False


def _qr_with_note(text: str, width: int, height: int, colour: bool) -> Image.Image:
    """The code in a light field of its own (left on mono, on top on colour), the
    note in the text column beside it or the lines below."""
    from ..qr import qr_screen

    side = MONO.text[0] - 1  # the light field: as wide as the key beside the text column
    field = qr_screen(text, side, height) if not colour else qr_screen(text, width, side)
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    img.paste(field.convert(img.mode), (0, 0))
    draw = ImageDraw.Draw(img)
    x, y = (side + 1, fonts.TOP) if not colour else (2, side + 2)
    for n, line in enumerate(message_lines(Message("link_local"))):
        fonts.draw_text(draw, (x, y + n * LINE), line, _ink(colour))
    return img


# ---------------------------------------------------------------- the legend

# What each symbol means, in the order the legend screen and the simulator page
# show them: (role, mark, cursor, label). On the colour legend the cells stand
# one under another, 1 px apart, so no two bars or stems meet across a row.
LEGEND: tuple[tuple[str, str, bool, str], ...] = (
    ("G", OPEN, False, N_("agent")),
    ("T", OPEN, True, N_("cursor")),
    ("T", OPEN, False, N_("bystander")),
    ("T", MARK_MINE, False, N_("you missed")),
    ("B", OPEN, False, N_("assassin")),
    ("T", MARK_THEIRS, False, N_("they missed")),
    ("G", AGENT, False, N_("found")),
    ("T", BOTH, False, N_("both missed")),
)


def _legend(width: int, height: int, g: Geometry) -> Image.Image:
    """Every symbol of the key, drawn as on the key, with what it means; any touch
    goes back to the key (holding back: to the menu, app/session.py). Mono: a title
    and two columns; colour: one column of cells at their true size (the menu item
    that opens it carries the title)."""
    img = Image.new("RGB" if g.colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = _ink(g.colour)
    if g.colour:
        rows, top, col_w = 8, 0, width
    else:
        # TRANSLATORS: the legend's title; at most 31 half-width characters.
        fonts.draw_text(draw, (2, fonts.TOP), _("Key symbols"), ink)
        rows, top, col_w = 4, fonts.TOP + LINE + 3, width // 2
    row_h = (height - top) // rows
    for n, (role, mark, cursor, label) in enumerate(LEGEND):
        col, row = divmod(n, rows)
        x, y = col * col_w + 2, top + row * row_h
        draw_cell(draw, x, y, g, role, mark, cursor)
        text_y = y + (g.pitch - 1 - LINE) // 2
        fonts.draw_text(draw, (x + g.pitch + 2, text_y), _(label), ink)
    return img


# ---------------------------------------------------------------- menu and entry

MENU_LABELS = {
    "new_game": N_("New game"),
    "team": N_("Team"),
    "new_team": N_("New team"),
    "mission": N_("Mission"),
    "bonus": N_("Bonus"),
    "bank": N_("Bank"),
    "ruleset": N_("Rules"),
    "language": N_("Language"),
    "brightness": N_("Brightness"),
    "legend": N_("Key symbols"),
    "load_code": N_("Load code"),
    "show_qr": N_("Show QR"),
    "phone_link": N_("Phone link"),
    "print": N_("Print slip"),
    "shutdown": N_("Shut down"),
    "diagnostics": N_("Diagnostics"),
    "partner": N_("Partner"),
    "ai_seat": N_("AI seat"),
    "level": N_("AI level"),
}
MENU_WORDS = (N_("Menu"), N_("Hold to confirm"), N_("standard"))
# The solo items' values (app/menu.py): the partner, the AI's level.
SOLO_WORDS = (N_("person"), N_("AI"), N_("easy"), N_("normal"), N_("hard"))
# New team's values (app/menu.py EDITION_VALUES): the map a new team plays.
NEW_TEAM_WORDS = (N_("Duet map"), N_("10-token map"), N_("10-token expert"))


def _menu(view: SeatView, width: int, height: int, colour: bool) -> Image.Image:
    assert view.menu is not None
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = _ink(colour)
    rows = fonts.lines_below(fonts.TOP, height) - 1  # under the title
    title = _("Hold to confirm") if view.menu_armed else _("Menu")
    fonts.draw_text(draw, (2, fonts.TOP), title, ink)
    first = max(0, min(view.menu_index - rows // 2, len(view.menu) - rows))
    for n, (item, value) in enumerate(view.menu[first : first + rows]):
        y = fonts.TOP + (n + 1) * LINE
        selected = first + n == view.menu_index
        if selected:
            draw.rectangle((0, y, width - 1, y + LINE - 1), fill=ink)
        fg: Ink = 0 if selected else ink
        if colour and selected:
            fg = (0, 0, 0)
        label = _(MENU_LABELS[item])
        fonts.draw_text(draw, (2, y), label, fg)
        if value:
            # The value's words are in the catalog (modes, missions); what follows a
            # tab (a mission's numbers, app/menu.py mission_value) is kept whole.
            words, _tab, numbers = value.partition("\t")
            room = width - 8 - int(fonts.width(label))
            numbers = f" {numbers}" if numbers else ""
            shown = fonts.clip(_(words), room - int(fonts.width(numbers))) + numbers
            fonts.draw_text(draw, (width - 2 - int(fonts.width(shown)), y), shown, fg)
    return img


# The entry screens' help lines: a game code to load, a team's name to create.
ENTRY_HELP = (N_("press: add"), N_("back: delete"), N_("hold: load"))
NAME_HELP = (N_("press: add"), N_("back: delete"), N_("hold: create"))
ENTRY_TITLE = {"code": MENU_LABELS["load_code"], "name": MENU_LABELS["new_team"]}


def _entry(view: SeatView, width: int, height: int, colour: bool) -> Image.Image:
    """Typing a game code: what is typed so far, the symbol under the encoder, help."""
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = _ink(colour)
    title = ENTRY_TITLE[view.entry_kind]
    top = fonts.TOP
    fonts.draw_text(draw, (2, top), _(title), ink)
    typed = view.entry or ""
    per_line = 25  # half-width glyphs across the panel
    lines = [typed[i : i + per_line] for i in range(0, len(typed), per_line)][-2:]
    for n, line in enumerate(lines):
        fonts.draw_text(draw, (2, top + (n + 1) * LINE + 2), line, ink)
    # The candidate symbol, inverted so it reads as "this one next".
    y = top + 3 * LINE + 4
    draw.rectangle((2, y - 1, 12, y + LINE), fill=ink)
    fonts.draw_text(draw, (5, y), view.entry_next, (0, 0, 0) if colour else 0)
    add, delete, load = (_(h) for h in (NAME_HELP if view.entry_kind == "name" else ENTRY_HELP))
    fonts.draw_text(draw, (18, y), add, ink)  # beside the symbol it adds
    fonts.draw_text(draw, (2, y + LINE + 4), delete, ink)
    fonts.draw_text(draw, (2, y + 2 * LINE + 4), load, ink)
    return img


# ---------------------------------------------------------------- the words

# Every line below fits the 62-pixel column beside the mono grid: 15 half-width
# or 7 full-width characters. tests/test_i18n.py measures each translation.


def screen_lines(view: SeatView, width: int = 128, height: int = 64) -> list[str]:
    """Every line of text on this screen, top to bottom (``dump`` reports them)."""
    if view.legend:
        return [_("Key symbols"), *(_(entry[-1]) for entry in LEGEND)]
    if view.diagnostics is not None:
        return diagnostics.lines(view.diagnostics)
    if view.menu is not None:
        title = _("Hold to confirm") if view.menu_armed else _("Menu")
        return [title, *(_(MENU_LABELS[item]) for item, _value in view.menu)]
    if view.entry is not None:
        title = ENTRY_TITLE[view.entry_kind]
        help_ = NAME_HELP if view.entry_kind == "name" else ENTRY_HELP
        return [_(title), view.entry, *(_(h) for h in help_)]
    if view.qr is not None:
        return []
    if view.word_entry is not None:
        return word_entry_lines(view.word_entry, (height - ENTRY_LIST) // LINE)
    if view.panel is not None:
        return panel_lines(view.panel, width)
    if view.team is not None:
        return team_lines(view.team, width)
    beside, lines = text_layout(view, width, height)
    return beside + lines


def text_layout(view: SeatView, width: int = 128, height: int = 64) -> tuple[list[str], list[str]]:
    """The key screen's text, top to bottom: (the lines beside the colour key, the
    lines of the mono column or below the colour key). The counts (the bank, the
    clue, a dialled number), then the first message that matters, then the hint,
    if it fits whole. A clue word is never cut (docs/screens.md): when the screen
    is short of lines, the bank's counts give way first (the tokens are on the table)."""
    head = bank_lines(view)
    bank = len(head)  # the counts that may give way, first in ``head``
    if view.debrief:
        head.append(_("Partner's key"))
    dial = [_("Number %d") % view.dial] if view.dial is not None else []
    message = message_lines(view.message) if view.message is not None else []
    hint = hint_lines(view)
    if not geometry(width, height).colour:
        lines = head + clue_lines(view, MONO_COLUMN) + dial + message
        while len(lines) > MONO.lines and bank:  # the last count first (mistakes, then tokens)
            bank -= 1
            del lines[bank]
        return [], _with_hint(lines, hint, MONO.lines)
    # Colour: the counts beside the key while they fit its column, the rest below at
    # the panel's width. The clue's word goes below, on a line of its own; when that
    # would cut the message, it is broken into the column beside the key instead.
    best: tuple[tuple[bool, bool], list[str], list[str]] | None = None
    for room in (width - 4, COLOUR_SIDE_ROOM):
        lines = head + clue_lines(view, room, apart=True) + dial
        n = 0
        while n < min(len(lines), COLOUR_SIDE_ROWS) and fonts.width(lines[n]) <= COLOUR_SIDE_ROOM:
            n += 1
        below = lines[n:] + message
        fits = len(below) <= COLOUR.lines
        score = (fits, fits and len(below) + len(hint) <= COLOUR.lines)
        if best is None or score > best[0]:
            best = (score, lines[:n], below)
    assert best is not None
    return best[1], _with_hint(best[2], hint, COLOUR.lines)


def _with_hint(lines: list[str], hint: list[str], rows: int) -> list[str]:
    """``lines`` and the hint under them if it fits whole (read whole or not at all)."""
    if len(lines) + len(hint) <= rows:
        return lines + hint
    return lines[:rows]


def bank_lines(view: SeatView) -> list[str]:
    """The bank's counts: the tokens left, and in a mission the mistakes left."""
    lines = [_("Tokens %d") % view.tokens_left]
    if view.mission:
        # TRANSLATORS: bystander-side tokens left: the mistakes a mission still allows.
        lines.append(_("Mistakes %d") % view.bystander_left)
    return lines


def clue_lines(view: SeatView, room: float, apart: bool = False) -> list[str]:
    """The clue being given or guessed, in lines of ``room`` pixels: its number
    ("Clue 2") or, in solo, whose clue with its word whole and its number ("AI:
    VOLCANO 2"). A word too wide for the line gets a line of its own under "AI:",
    or starts beside it when that takes fewer lines (always, with ``apart``, on a
    line of its own), broken at a syllable (screens/breaks.py)."""
    if view.clue_word is None:
        return [] if view.clue is None else [_("Clue %d") % view.clue]
    # TRANSLATORS: solo mode, the AI's clue: "AI: VOLCANO 2" (the number follows).
    template = _("AI: %s") if view.clue_by == "ai" else _("You: %s")
    number = "" if view.clue is None else f" {view.clue}"
    # Upper case as on the cards' faces, whatever case the partner's vocabulary keeps.
    word = view.clue_word.upper()
    if fonts.width(template % word + number) <= room:
        return [template % word + number]
    label = template % ""
    lang = text.current()  # the table's, which the clue words are in
    alone = wrap_word(word, number, room, room, lang) or [fonts.clip(word + number, room)]
    if not apart:
        beside = wrap_word(word, number, room - fonts.width(label), room, lang)
        if beside is not None and len(beside) < 1 + len(alone):
            return [label + beside[0], *beside[1:]]
    return [label.rstrip(), *alone]


def status_lines(view: SeatView) -> list[str]:
    """The text beside the mono key, top to bottom."""
    return text_layout(view)[1]


def hint_lines(view: SeatView) -> list[str]:
    """What this seat does next, with the controls, for its role."""
    kind = view.hint
    if view.debrief and kind != "over_team":  # the partner's key: the knob turns back
        kind = "over_debrief"
    return [_(line) for line in HINTS.get(kind, ())]


HINTS: dict[str, tuple[str, ...]] = {
    # The duet ruleset: the clue is said aloud, and the partner's first press
    # records it; dialling a number is only for the record.
    "give": (N_("Your clue: say"), N_("it aloud")),
    # The paper ruleset caps guesses at the number + 1, so the giver sets it.
    "give_number": (N_("Your clue: knob"), N_("sets the number"), N_("press gives it")),
    "listen": (N_("Hear the clue,"), N_("knob to a word,"), N_("press to guess")),
    "either": (N_("Say a clue, or"), N_("knob + press to"), N_("guess partner's")),
    "guess_bank": (N_("Knob + press:"), N_("guess. To stop,"), N_("take a token")),
    "guess_back": (N_("Knob + press:"), N_("guess. To stop,"), N_("press back")),
    "watch": (N_("Your partner"), N_("is guessing")),
    "wait_clue": (N_("Partner sets"), N_("the clue number")),
    "sudden": (N_("Sudden death:"), N_("no clues. Knob"), N_("+ press: guess")),
    "sudden_wait": (N_("Sudden death:"), N_("partner guesses")),
    "over": (N_("Knob: partner's"), N_("key. Press:"), N_("new game")),
    "over_debrief": (N_("Knob: your key"), N_("Press: new game")),
    # The partner's key, when a team's record comes next on the knob.
    "over_team": (N_("Knob: record"), N_("Press: new game")),
    # Solo mode (app/solo.py): the AI's clue is on the screen; the human dials its own.
    "solo_guess": (N_("Knob to a word,"), N_("press to guess")),
    "solo_word": (N_("Your clue:"), N_("press to dial"), N_("a word")),
    "solo_number": (N_("Knob: number,"), N_("press gives it,"), N_("back: new word")),
    "solo_confirm": (),  # the AI's touch says what to do (the "ai_touch" message)
    "over_solo": (N_("Knob: what the"), N_("AI meant"), N_("Press: new game")),
}


# Words that arrive as message arguments (token sides, why a game was lost), as said.
ARG_WORDS = {
    "checkmark": N_("checkmark"),
    "bystander": N_("bystander"),
    "assassin": N_("assassin"),
    "sudden_death": N_("sudden death"),
    "out_of_tokens": N_("out of tokens"),
}
# Why the engine refused an action (IllegalAction.reason), as the screen says it.
REFUSALS = {
    "not_allowed": N_("not allowed"),
    "game_over": N_("game is over"),
    "still_guessing": N_("still guessing"),
    "sudden_death": N_("sudden death"),
    "clue_number": N_("clue 0 to 9"),
    "no_agents_to_clue": N_("no agents left"),
    "clue_order": N_("your clue now"),
    "no_clue_yet": N_("no clue yet"),
    "not_guesser": N_("partner guesses"),
    "wait_for_number": N_("wait: number"),
    "nothing_left": N_("nothing left"),
    "covered": N_("already covered"),
    "own_bystander": N_("you missed here"),
    "no_turn": N_("no turn to end"),
    "need_correct": N_("guess one first"),
    "word_visible": N_("word on table"),
    "two_words": N_("two words only"),
    "no_bonus_left": N_("no bonus left"),
    "not_a_bystander": N_("not a bystander"),
    "no_spare_token": N_("no token spare"),
    "no_such_cell": N_("no such cell"),
    "same_cell": N_("same cell twice"),
}
# Why a scanned or dialled code was not loaded (GameCodeError.reason, ScanRefused).
SCAN_REASONS = {
    "not_a_code": N_("not a game code"),
    "mistyped": N_("mistyped code"),
    "version": N_("newer version"),
    "bad_settings": N_("unknown setup"),
    "seat_code": N_("a seat code"),
    "too_long": N_("too long"),
    "not_text": N_("not text"),
}
# Why a slip did not print (PrinterError.reason).
PRINTER_REASONS = {
    "unplugged": N_("not connected"),
    "paper_out": N_("out of paper"),
    "no_answer": N_("no answer"),
    "jammed": N_("stopped (jam?)"),
    "lost": N_("connection lost"),
}
# What a token the table owes is for (TokensTaken.why).
TAKE_FOR = {
    "bystander": N_("mark the word"),  # the arrow from the giver to the guesser
    "penalty": N_("penalty: out"),
    "mark": N_("mark the word"),
    "turn": N_("for this turn"),
    "cap": N_("the turn is up"),
}
# Why the AI partner refused a clue word (app/solo.py ClueRefused.reason), said after
# "No: " on the clue entry's title line, and what to do instead (CLUE_ADVICE).
CLUE_REFUSALS = {
    "unknown_word": N_("not a word I know"),
    "ambiguous_reading": N_("several words"),
    "same_word": N_("it is on the table"),
    "same_stem": N_("same stem as a card"),
    "same_reading": N_("reads like a card"),
    "same_kanji": N_("a card's kanji"),
    "too_close": N_("too like a card"),
    "not_your_clue": N_("not your clue now"),
}
# What to do after a refusal: one line under the letters, as wide as the panel.
CLUE_ADVICE = {
    # TRANSLATORS: the AI knows nouns only (things, animals, places): no verbs or adjectives.
    "unknown_word": N_("Clues are nouns"),
    # TRANSLATORS: a kana reading that names several words: take one from the completions.
    "ambiguous_reading": N_("Take one from list"),
    "same_word": N_("Pick another word"),
    "same_stem": N_("Pick another word"),
    "same_reading": N_("Pick another word"),
    "same_kanji": N_("Pick another word"),
    "too_close": N_("Pick another word"),
    "not_your_clue": N_("Guess the AI's clue"),
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
# Why the game is not being saved (app/storage.py's reason codes).
STORAGE_REASONS = {
    "disk_full": N_("disk full"),
    "read_only": N_("read-only"),
    "no_permission": N_("no permission"),
    "io_error": N_("disk error"),
    "not_a_folder": N_("not a folder"),
    "damaged": N_("file damaged"),
    "locked": N_("in use"),
}


def _reason(table: dict[str, str], code: object) -> str:
    """A reason code in the table's language (the first entry for an unknown one)."""
    return _(table.get(str(code), next(iter(table.values()))))


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


# The debriefing's ratings of a won standard game (rules/rating.py), by the table
# language's rulebook: its first step starts above 5 in English and Finnish, at 5
# in Japanese. The 10-token edition's book sends a team on to its mission log.
RATING_WORDS = {
    GOOD: N_("Really good!"),
    AWESOME: N_("Awesome!"),
    TRY_THE_MAP: N_("Try the map!"),
}
TRY_THE_LOG = N_("Try the log!")


def _won(score: int, edition: str | None = None) -> list[str]:
    """You won, the score, and the rating the table language's rulebook gives it."""
    lines = [_("You won!"), _("Score %d") % score]
    said = rating(edition, score, text.current()) if edition else None
    if said is not None:
        word = TRY_THE_LOG if said == TRY_THE_MAP and edition == "coop10" else RATING_WORDS[said]
        lines.append(_(word))
    return lines


def _won_mission(score: int, mission: str, completed: bool, opened: int) -> list[str]:
    # Unrated: a team is on the map already, and says what the win opened there.
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
    "won": _won,
    # Storage (app/storage.py): a move that could not be saved was not made.
    "not_saved": lambda why: [_("Can't save:"), _reason(STORAGE_REASONS, why), _("move not made")],
    "not_saving": lambda why: [_("Not saving:"), _reason(STORAGE_REASONS, why)],
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
        _reason(STORAGE_REASONS, why),
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
    "refused": lambda why: [_("Not now:"), _reason(REFUSALS, why)],
    "scan_refused": lambda why: [_("Scan refused:"), _reason(SCAN_REASONS, why)],
    "print_failed": lambda why: [_("Printer:"), _reason(PRINTER_REASONS, why)],
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


# ---------------------------------------------------------------- solo mode


def word_entry_lines(entry: WordEntry, rows: int = 4) -> list[str]:
    """The clue entry's lines, top to bottom (what ``dump`` reports): the title (or
    why the last word was refused), what is typed, the letters around the encoder,
    then in ``rows`` lines the completions (a window around the one under the
    encoder) with a short help line under them, or the whole help."""
    title = _("Your clue:")
    if entry.refusal is not None:
        title = _("No: %s") % _reason(CLUE_REFUSALS, entry.refusal)
    head = [title, entry.typed + "_", " ".join(entry.letters)]
    if entry.refusal is not None:  # what to do instead, before anything else
        head.append(_reason(CLUE_ADVICE, entry.refusal))
        rows -= 1
    if not entry.words:
        return [*head, *(_(h) for h in CLUE_HELP)]
    return [*head, *word_window(entry, rows - 1), _(CLUE_HELP_SHORT[entry.word_at is not None])]


def word_window(entry: WordEntry, rows: int) -> tuple[str, ...]:
    """The completions shown: ``rows`` of them, the one under the encoder among them."""
    at = entry.word_at or 0
    start = max(0, min(at - rows // 2, len(entry.words) - rows))
    return entry.words[start : start + rows]


CLUE_HELP = (N_("press: add"), N_("back: delete"), N_("hold: offer it"))
# Under the completions, one line: on a letter, and on a completion.
CLUE_HELP_SHORT = (N_("press: add, hold: offer"), N_("press: take this word"))
ENTRY_TOP = fonts.TOP + 2 * LINE + 3  # the letters' row on the clue entry
ENTRY_LIST = ENTRY_TOP + LINE + 3  # the completions' (or the help's) first row


def _word_entry(entry: WordEntry, width: int, height: int, colour: bool) -> Image.Image:
    """Dialling a clue word: the title (or why the last word was refused), what is
    typed, the letters around the encoder (the one under it inverted), and the
    vocabulary's completions (the one under the encoder inverted) over a short help."""
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = _ink(colour)
    back: Ink = (0, 0, 0) if colour else 0
    rows = (height - ENTRY_LIST) // LINE
    lines = word_entry_lines(entry, rows)
    fonts.draw_text(draw, (2, fonts.TOP), fonts.clip(lines[0], width - 4), ink)
    fonts.draw_text(draw, (2, fonts.TOP + LINE + 1), fonts.clip(lines[1], width - 4), ink)
    cell = (width - 4) // 7
    y = ENTRY_TOP
    for n, letter in enumerate(entry.letters):
        x = 2 + n * cell
        fg = ink
        if n == entry.letter_at:
            draw.rectangle((x, y - 1, x + cell - 2, y + LINE), fill=ink)
            fg = back
        offset = (cell - 1 - int(fonts.width(letter))) // 2
        fonts.draw_text(draw, (x + offset, y), letter, fg)
    advice = int(entry.refusal is not None)  # the advice line sits above the completions
    shown = word_window(entry, rows - 1 - advice) if entry.words else ()
    selected = entry.words[entry.word_at] if entry.word_at is not None else None
    for n, line in enumerate(lines[3:]):
        top = ENTRY_LIST + n * LINE
        fg = ink
        if advice <= n < advice + len(shown) and line == selected:
            draw.rectangle((0, top, width - 1, top + LINE - 1), fill=ink)
            fg = back
        fonts.draw_text(draw, (2, top), fonts.clip(line, width - 4), fg)
    return img


def team_lines(team: TeamPanel, width: int = 128) -> list[str]:
    """After a team's game: the team, its games and wins, the mission's best."""
    room = width - 4

    def fit(template: str, name: str, *rest: object) -> str:
        return template % (fonts.clip(name, room - fonts.width(template % ("", *rest))), *rest)

    if team.page == "clues":
        # TRANSLATORS: the title of the clue log of the game just played; %s: its mission.
        lines = [fit(_("Clues: %s"), _(team.mission))]
        lines += _wrap_items([clue_text(c) for c in team.clues], room)
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


def panel_lines(panel: SoloPanel, width: int = 128) -> list[str]:
    """A solo text screen's lines: the AI seat's clue log, or what the AI meant."""
    room = width - 4
    if panel.kind == "ai_seat":
        # TRANSLATORS: the AI seat's own screen in solo mode; it never shows a key.
        lines = [_("AI partner")]
        lines.append(_("Its clues:") if panel.clues else _("No clue yet"))
    else:  # which page of how many: the knob turns through them, then back to the key
        title = _("What the AI meant")
        lines = [f"{title} {panel.page + 1}/{panel.pages}"]
    for clue in panel.clues:
        lines += _clue_lines(clue, room)
    return lines


def _clue_lines(clue: tuple[str, int, tuple[str, ...]], room: float) -> list[str]:
    """One of the AI's clues, "WORD 2: TARGET, TARGET", wrapped to ``room`` px."""
    word, number, targets = clue
    head = f"{word.upper()} {number}"
    if not targets:  # whole, as on the human's screen (docs/screens.md)
        shown = wrap_word(word.upper(), f" {number}", room, room, text.current())
        return shown or [fonts.clip(head, room)]
    return _wrap(f"{head}: " + ", ".join(t.upper() for t in targets), room)


def meant_pages(
    clues: tuple[tuple[str, int, tuple[str, ...]], ...], width: int = 128, height: int = 64
) -> list[tuple[tuple[str, int, tuple[str, ...]], ...]]:
    """What the AI meant, split into pages that each fit the panel under their
    title (the mono panel's by default, the smaller): a clue is never split, and
    no page hides a line off the bottom."""
    rows = height // LINE - 1
    pages: list[tuple[tuple[str, int, tuple[str, ...]], ...]] = []
    page: list[tuple[str, int, tuple[str, ...]]] = []
    used = 0
    for clue in clues:
        need = len(_clue_lines(clue, width - 4))
        if page and used + need > rows:
            pages.append(tuple(page))
            page, used = [], 0
        page.append(clue)
        used += need
    return [*pages, tuple(page)] if page else pages


def _wrap(text: str, room: float) -> list[str]:
    """``text`` broken at spaces (or anywhere, for Japanese) into lines of ``room`` px."""
    out: list[str] = []
    line = ""
    for ch in text:
        if fonts.width(line + ch) > room:
            cut = line.rfind(" ")
            if cut > 0:
                out.append(line[:cut])
                line = line[cut + 1 :]
            else:
                out.append(line)
                line = ""
        line += ch
    return [*out, line] if line else out


def _wrap_items(items: list[str], room: float) -> list[str]:
    """``items`` joined by ", " into lines of ``room`` px, an item broken only when
    it is wider than a line on its own."""
    out: list[str] = []
    line = ""
    for n, item in enumerate(items):
        text = item + ("," if n < len(items) - 1 else "")
        joined = f"{line} {text}" if line else text
        if fonts.width(joined) <= room:
            line = joined
            continue
        if line:
            out.append(line)
        *full, line = _wrap(text, room) or [""]
        out += full
    return [*out, line] if line else out


def _text_screen(lines: list[str], width: int, height: int, colour: bool) -> Image.Image:
    """Lines of text across the whole panel: the title, then the newest lines that fit."""
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    rows = fonts.lines_below(fonts.TOP, height)
    shown = lines[:1] + lines[1:][-(rows - 1) :] if len(lines) > rows else lines
    for n, line in enumerate(shown):
        fonts.draw_text(draw, (2, fonts.TOP + n * LINE), line, _ink(colour))
    return img
