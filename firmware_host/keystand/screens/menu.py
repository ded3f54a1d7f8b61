"""A seat's menu: the next game's settings and the table's actions (app/menu.py
holds what it offers; this draws it)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import N_
from . import fonts
from .panel import LINE, Ink, text_ink
from .text import gettext as _
from .view import SeatView

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


def render(view: SeatView, width: int, height: int, colour: bool) -> Image.Image:
    assert view.menu is not None
    img = Image.new("RGB" if colour else "1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    ink = text_ink(colour)
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


def lines(view: SeatView) -> list[str]:
    """The menu's title and items, top to bottom (``dump`` reports them)."""
    assert view.menu is not None
    title = _("Hold to confirm") if view.menu_armed else _("Menu")
    return [title, *(_(MENU_LABELS[item]) for item, _value in view.menu)]
