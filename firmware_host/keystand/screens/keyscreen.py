"""Draw a seat's screen: ``SeatView`` + panel geometry -> PIL image.

Roles are told apart by shape as well as colour, so the mono panels and
colour-blind players read them alike: a green agent is a filled square, an
assassin a cross, a bystander a dot. Public marks: a found agent lights the whole
cell with its shape cut out; a bystander token is a notch on the edge it points
to (towards the seat that guessed); tokens from both sides hatch the cell.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import N_, N_plural
from . import fonts
from .text import gettext as _
from .text import ngettext
from .view import AGENT, BOTH, MARK_MINE, MARK_THEIRS, Message, SeatView

ROLE_LABEL = {
    "clue": N_("Your clue"),
    "guess": N_("You guess"),
    "wait": N_("Partner"),
    "sudden_death": N_("Sudden death"),
    "over": N_("Game over"),
}
COLOURS = {"G": (40, 170, 70), "B": (20, 20, 20), "T": (205, 180, 130)}


LINE = 8  # pixels per text line (the screen font is 8x8)


def render(view: SeatView, width: int = 128, height: int = 64) -> Image.Image:
    colour = height >= 128
    if view.menu is not None:
        return _menu(view, width, height, colour)
    if view.entry is not None:
        return _entry(view, width, height, colour)
    if view.qr is not None:
        from ..qr import qr_screen

        try:
            frame = qr_screen(view.qr, width, height)
        except ValueError:  # too long for this panel at 2 px a module: say so
            frame = Image.new("1", (width, height), 0)
            draw = ImageDraw.Draw(frame)
            for n, line in enumerate(message_lines(Message("qr_too_long"))):
                fonts.draw_text(draw, (2, 2 + n * LINE), line, 1)
        return frame.convert("RGB") if colour else frame
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"
    pitch = 12 if not colour else 18
    x0, y0 = 2, 2
    for i in range(25):
        r, c = divmod(i, 5)
        _cell(draw, x0 + c * pitch, y0 + r * pitch, pitch - 1, view.side[i], view.marks[i], colour)
    if view.cursor is not None:
        r, c = divmod(view.cursor, 5)
        x, y = x0 + c * pitch - 1, y0 + r * pitch - 1
        draw.rectangle((x, y, x + pitch, y + pitch), outline=_ink(colour, (255, 220, 0)))
    lines = status_lines(view)
    if colour:
        tx, ty, step = 2, y0 + 5 * pitch + 2, LINE + 1
    else:
        tx, ty, step = x0 + 5 * pitch + 2, 1, LINE
    for n, line in enumerate(lines):
        fonts.draw_text(draw, (tx, ty + n * step), line, _ink(colour))
    return img


MENU_LABELS = {
    "new_game": N_("New game"),
    "mission": N_("Mission"),
    "bank": N_("Bank"),
    "ruleset": N_("Rules"),
    "language": N_("Language"),
    "brightness": N_("Brightness"),
    "load_code": N_("Load code"),
    "show_qr": N_("Show QR"),
    "phone_link": N_("Phone link"),
    "print": N_("Print slip"),
    "shutdown": N_("Shut down"),
}
MENU_WORDS = (N_("Menu"), N_("Hold to confirm"), N_("standard"))


def _menu(view: SeatView, width: int, height: int, colour: bool) -> Image.Image:
    assert view.menu is not None
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = _ink(colour)
    rows = height // LINE - 1
    fonts.draw_text(draw, (2, 0), _("Hold to confirm") if view.menu_armed else _("Menu"), ink)
    first = max(0, min(view.menu_index - rows // 2, len(view.menu) - rows))
    for n, (item, value) in enumerate(view.menu[first : first + rows]):
        y = (n + 1) * LINE
        selected = first + n == view.menu_index
        if selected:
            draw.rectangle((0, y, width - 1, y + LINE - 1), fill=ink)
        fg = 0 if selected else ink
        if colour and selected:
            fg = (0, 0, 0)
        fonts.draw_text(draw, (2, y), _(MENU_LABELS[item]), fg)
        if value:
            shown = _(value) if value in MENU_WORDS else value
            fonts.draw_text(draw, (width - 2 - int(fonts.width(shown)), y), shown, fg)
    return img


# The code-entry screen's help lines.
ENTRY_HELP = (N_("press: add"), N_("back: delete"), N_("hold: load"))


def _entry(view: SeatView, width: int, height: int, colour: bool) -> Image.Image:
    """Typing a game code: what is typed so far, the symbol under the encoder, help."""
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = _ink(colour)
    title = MENU_LABELS["load_code"]
    fonts.draw_text(draw, (2, 0), _(title), ink)
    typed = view.entry or ""
    per_line = 25  # half-width glyphs across the panel
    lines = [typed[i : i + per_line] for i in range(0, len(typed), per_line)][-2:]
    for n, line in enumerate(lines):
        fonts.draw_text(draw, (2, (n + 1) * LINE + 2), line, ink)
    # The candidate symbol, inverted so it reads as "this one next".
    y = 3 * LINE + 4
    draw.rectangle((2, y - 1, 12, y + LINE), fill=ink)
    fonts.draw_text(draw, (5, y), view.entry_next, (0, 0, 0) if colour else 0)
    add, delete, load = (_(h) for h in ENTRY_HELP)
    fonts.draw_text(draw, (18, y), add, ink)  # beside the symbol it adds
    fonts.draw_text(draw, (2, y + LINE + 4), delete, ink)
    fonts.draw_text(draw, (2, y + 2 * LINE + 4), load, ink)
    return img


def _ink(colour: bool, rgb: tuple[int, int, int] = (255, 255, 255)):
    return rgb if colour else 1


def status_lines(view: SeatView) -> list[str]:
    tokens, mistakes, clue = STATUS
    lines = [_(tokens) % view.tokens_left]
    if view.mission:
        lines.append(_(mistakes) % view.bystander_left)
    lines.append(_(DEBRIEF[0] if view.debrief else ROLE_LABEL[view.role]))
    if view.clue is not None:
        lines.append(_(clue) % view.clue)
    if view.message is not None:
        lines.extend(message_lines(view.message))
    if view.role == "over":
        lines.append(_(DEBRIEF[2] if view.debrief else DEBRIEF[1]))
    return lines[:7]


# After the game a turn of the encoder shows the partner's key, another turn one's own.
DEBRIEF = (N_("Partner's key"), N_("Turn: theirs"), N_("Turn: yours"))


# Each line fits the 62-pixel column beside the mono grid (15 half-width glyphs).
# A pair is a plural (``N_plural``): its form follows the count it shows.
MESSAGES: dict[str, tuple[str | tuple[str, str], ...]] = {
    "take_token": (N_("Take a token"), N_("%s up")),
    "take_two": (N_("Take 2 tokens"), N_("checkmark up")),
    "nothing_left": (N_("Nothing left"), N_("to guess")),
    "sudden_death": (N_("Sudden death!"), N_("No more clues")),
    "won": (N_("You won!"), N_("Score %d")),
    "lost": (N_("Lost:"), "%s"),
    "put_back": (N_("%d too many?"), N_("Take them out")),
    "unexpected_take": (N_("%d missing?"), N_("Put them back")),
    "flip": (N_plural("Flip %d token", "Flip %d tokens"), N_("%s up")),
    "qr_too_long": (N_("QR too long"), N_("for this panel")),
    "sensor_fault": (N_("Bank slot %d:"), N_("sensor fault")),
    "clue_number": (N_("Clue for %d"), N_("press to give")),
    "refused": (N_("Not now:"), "%s"),
    "scan_refused": (N_("Scan refused:"), "%s"),
    "load_confirm": (N_("Load the scan?"), N_("press: yes"), N_("back: no")),
    "printing": (N_("Printing slip"),),
    "printed": (N_("Slip printed"),),
    "print_failed": (N_("Printer:"), "%s"),
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
    "game_over": N_("game is over"),
    "still_guessing": N_("still guessing"),
    "sudden_death": N_("sudden death"),
    "clue_number": N_("clue 0 to 9"),
    "no_agents_to_clue": N_("no agents left"),
    "clue_order": N_("partner's clue"),
    "no_clue_yet": N_("no clue yet"),
    "not_guesser": N_("partner guesses"),
    "nothing_left": N_("nothing left"),
    "covered": N_("already covered"),
    "own_bystander": N_("you missed here"),
    "no_turn": N_("no turn to end"),
    "need_correct": N_("guess one first"),
    "not_allowed": N_("not allowed"),
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
_REASONS = {"refused": REFUSALS, "scan_refused": SCAN_REASONS, "print_failed": PRINTER_REASONS}
STATUS = (N_("Tokens %d"), N_("Mistakes %d"), N_("Clue %d"))


def message_lines(message) -> list[str]:
    template = MESSAGES.get(message.kind, (message.kind,))
    out = []
    args = [_(ARG_WORDS[a]) if isinstance(a, str) and a in ARG_WORDS else a for a in message.args]
    reasons = _REASONS.get(message.kind)
    if reasons is not None:  # a reason code: said in the table's language
        fallback = next(iter(reasons.values()))
        args = [_(reasons.get(str(a), fallback)) for a in message.args]
    for part in template:
        if isinstance(part, tuple):  # a plural: the form follows the count it shows
            singular, plural = part
            count = int(args[0])
            out.append(ngettext(singular, plural, count) % count)
            args = args[1:]
            continue
        wanted = part.count("%")
        out.append(_(part) % tuple(args[:wanted]) if wanted else _(part))
        args = args[wanted:]
    return out


def _cell(draw: ImageDraw.ImageDraw, x: int, y: int, s: int, role: str, mark: str, colour: bool):
    fg = _ink(colour)
    bg = COLOURS[role] if colour else 0
    lit = mark == AGENT
    if colour:
        draw.rectangle((x, y, x + s - 1, y + s - 1), fill=bg)
    if lit:
        draw.rectangle((x, y, x + s - 1, y + s - 1), fill=fg)
    else:
        draw.rectangle((x, y, x + s - 1, y + s - 1), outline=fg if not colour else None)
    shape = 0 if lit else fg
    if colour and role != "B" and not lit:
        shape = (0, 0, 0)
    m = s // 4
    if role == "G":
        draw.rectangle((x + m, y + m, x + s - 1 - m, y + s - 1 - m), fill=shape)
    elif role == "B":
        draw.line((x + m, y + m, x + s - 1 - m, y + s - 1 - m), fill=shape, width=2)
        draw.line((x + m, y + s - 1 - m, x + s - 1 - m, y + m), fill=shape, width=2)
    else:
        cx, cy = x + s // 2, y + s // 2
        draw.rectangle((cx - 1, cy - 1, cx + 1, cy + 1), fill=shape)
    if mark == BOTH:
        for k in range(0, 2 * s, 3):
            draw.line((x + k, y, x + k - s, y + s - 1), fill=fg)
        draw.rectangle((x, y, x + s - 1, y + s - 1), outline=fg)
    elif mark in (MARK_MINE, MARK_THEIRS):
        # A notch on the edge the token points to: my side (bottom) when I guessed.
        ny = y + s - 3 if mark == MARK_MINE else y
        draw.rectangle((x + 2, ny, x + s - 3, ny + 2), fill=fg)
