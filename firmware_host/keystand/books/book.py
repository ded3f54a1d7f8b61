"""Paper player books: one game per page, one book per player, as HTML.

Both books of a set come from one book seed, so their pages agree game by game:
the same words in the same places, each player's own side of the key, and the
same QR code (the whole game code, with its word deal) on both. Pages are made
one game at a time (``book_game``), so a book of any length is written without
holding it whole; ``books.output`` writes the pair and prints the PDFs.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape

from .. import __version__
from ..i18n import N_, translation
from ..names import MARK_NOTE, RULESET_NAMES, mission_title
from ..qr import qr_matrix
from ..rules.gamecode import Deal, GameCode, encode
from ..rules.keygen import seeded_layout
from ..rules.layout import Layout, Seat, seat_index
from ..rules.setup import Rules
from . import words as wordlists
from .fit import font_size_pt
from .texts import book_texts

SYMBOLS = {"G": "◆", "B": "✖", "T": "○"}
PAPERS = {"a4": "A4", "letter": "letter"}
# Grid cell height per paper: what the page leaves once the list, tracks, QR and legend
# are set (letter is 18 mm shorter than A4; Japanese lines are the tallest).
CELL_HEIGHT_MM = {"a4": 27.0, "letter": 23.0}
CELL_TEXT_MM = 31.0  # a grid cell's width for text on A4 (the narrower paper), less padding
WORD_MAX_PT = 24.0  # what the cell's height leaves for a word under its symbol


@dataclass(frozen=True, slots=True)
class BookGame:
    number: int  # 1-based
    layout: Layout
    words: tuple[str, ...]  # A's reading order
    code: str  # the game code the QR holds


def book_game(seed: int, k: int, rules: Rules, word_list: wordlists.WordList) -> BookGame:
    """Game ``k`` (0-based) of book seed ``seed`` (docs/books.md)."""
    layout = seeded_layout(seed, k)
    digest = hashlib.sha256(f"keystand/book/v1/{seed}/{k}".encode()).digest()
    deal_seed = int.from_bytes(digest[:5], "big")  # 40 bits, what a game code holds
    code = encode(GameCode(rules, layout=layout, deal=Deal(word_list.id, deal_seed)))
    return BookGame(k + 1, layout, wordlists.deal(word_list, deal_seed), code)


def book_games(seed: int, count: int, rules: Rules, lang: str) -> list[BookGame]:
    word_list = wordlists.load(lang)
    return [book_game(seed, k, rules, word_list) for k in range(count)]


def _display(word: str, lang: str) -> str:
    return word.upper() if lang in ("en", "fi") else word


def _boxes(n: int) -> str:
    return "".join('<span class="box"></span>' for _ in range(n))


def qr_svg(text: str, border: int = 4) -> str:
    """The QR code as inline SVG: one square per dark module, crisp at any print size."""
    matrix = qr_matrix(text)
    size = len(matrix) + 2 * border
    dark = "".join(
        f"M{c + border} {r + border}h1v1h-1z"
        for r, row in enumerate(matrix)
        for c, on in enumerate(row)
        if on
    )
    return (
        f'<svg class="qr" viewBox="0 0 {size} {size}" shape-rendering="crispEdges" '
        f'xmlns="http://www.w3.org/2000/svg"><rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{dark}" fill="#000"/></svg>'
    )


CSS = """
@page { size: %(paper)s; margin: 11mm; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Noto Sans CJK JP", sans-serif; font-size: 10pt; color: #111;
       margin: 0; }
:lang(ja) body, body:lang(ja) { font-family: "Noto Sans CJK JP", "DejaVu Sans", sans-serif; }
h1 { font-size: 20pt; margin: 0 0 1mm; } h2 { font-size: 12pt; margin: 3.5mm 0 1mm; }
p, ol, ul { margin: 0 0 1.5mm; } ol { padding-left: 5mm; } li { margin-bottom: 0.8mm; }
.page, .campaign { break-before: page; }
table.missions { border-collapse: collapse; width: 100%%; margin: 3mm 0; }
table.missions th, table.missions td { border-bottom: 0.3mm solid #999; padding: 1.2mm 2mm;
                                       text-align: left; }
table.missions tr.completed td:first-child { font-weight: bold; }
table.missions tr.locked td { color: #777; }
.head { display: flex; justify-content: space-between; font-weight: bold; font-size: 12pt;
        border-bottom: 0.4mm solid #111; padding-bottom: 1mm; margin-bottom: 2mm; }
table.grid { border-collapse: separate; border-spacing: 1.2mm; table-layout: fixed;
             margin: 0 -1.2mm; width: calc(100%% + 2.4mm); }
table.grid td { height: %(cell)smm; text-align: center; vertical-align: middle;
                border: 0.3mm solid #555; border-radius: 1.5mm; padding: 0.5mm; white-space: nowrap;
                overflow: hidden; font-weight: bold; line-height: 1.1; }
.sym { display: block; font-size: 11pt; font-weight: normal; margin-bottom: 0.8mm; }
td.g, li.g { background: #bfe3b4; } td.b, li.b { background: #222; color: #fff; }
td.t, li.t { background: #efe3c4; }
.cols { display: flex; gap: 6mm; margin-top: 2mm; }
ul.list { list-style: none; padding: 0; margin: 0; columns: 3; column-gap: 2.5mm; font-size: 10pt; }
ul.list li { padding: 0.3mm 1.2mm; margin-bottom: 0.6mm; border-radius: 1mm; break-inside: avoid;
              line-height: 1.25; white-space: nowrap; }
.track { margin: 1mm 0; } .track b { display: block; font-size: 9pt; }
.box { display: inline-block; width: 4mm; height: 4mm; border: 0.3mm solid #111; margin-right: 1mm;
       vertical-align: middle; background: #fff; }
.side { text-align: center; } svg.qr { width: 38mm; height: 38mm; }
.code { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; }
.small { font-size: 8.5pt; color: #333; }
.legend { font-size: 9pt; border-top: 0.3mm solid #777; padding-top: 1mm; margin-top: 2mm; }
.campaign svg.campaign-map { display: block; width: 100%%; height: auto; max-height: 120mm;
                             margin: 2mm 0; }
"""


@dataclass(frozen=True, slots=True)
class BookSetup:
    """Everything a book's pages say besides the games themselves."""

    name: str
    lang: str
    rules: Rules
    seed: int
    total: int  # games in the book
    paper: str = "a4"
    mission_name: str | None = None
    when: dt.date | None = None
    campaign: dict | None = None  # a team's campaign (campaign.report.summary): a page of it
    campaign_map: str | None = None  # that team's map as SVG (campaign.map_svg), on its page


def front(setup: BookSetup, seat: Seat) -> str:
    """What comes before the games: the cover, and the team's campaign if given."""
    page = campaign_page(setup) if setup.campaign is not None else ""
    return cover(setup, seat) + page


CAMPAIGN_STATUS = {
    "completed": N_("done"),
    "available": N_("open"),
    "needs_number": N_("needs its number"),
    "locked": N_("locked"),
}


def campaign_page(setup: BookSetup) -> str:
    """The team's map, drawn (``setup.campaign_map``) and as a table the group can keep
    beside the book: each mission's numbers and state, its best score and tries, the
    bonuses held."""
    _ = translation(setup.lang).gettext
    data = setup.campaign
    assert data is not None
    record = data["record"]["missions"]
    rows = []
    for mission_id, info in data["missions"].items():
        done = data["completed"].get(mission_id)
        mine = record.get(mission_id, {})
        detail = ""
        if done is not None:
            detail = _("{date}, score {score}, tries {tries}").format(
                date=done["date"], score=done["score"], tries=done["tries"]
            )
        elif mine.get("games"):
            detail = _("{games} games").format(games=mine["games"])
        rows.append(
            f'<tr class="{info["status"]}"><td>{escape(_(info["name"]))}</td>'
            f"<td>{escape(info['numbers'] + ('*' if info['marked'] else ''))}</td>"
            f"<td>{escape(_(CAMPAIGN_STATUS[info['status']]))}</td><td>{escape(detail)}</td></tr>"
        )
    numbers = data["bonus_numbers"]
    held = ", ".join(_held(b, n, numbers.get(b)) for b, n in data["bonus_uses"].items()) or "—"
    marked = any(info["marked"] for info in data["missions"].values()) or "*" in held
    # (The map's own note: the same words, in the book's language.)
    note = f"<p class=\"note\">{escape(_(MARK_NOTE))}</p>" if marked else ""
    title = _("Campaign of {team}").format(team=data["team"])
    totals = _("{games} games, {wins} won, best score {best}").format(
        games=data["record"]["games"],
        wins=data["record"]["wins"],
        best=data["record"]["best_score"] if data["record"]["best_score"] is not None else "—",
    )
    # (Outside the f-string: Babel does not look for strings to translate inside one.)
    mission, state, bonuses = _("Mission"), _("State"), _("Bonuses held")
    return f"""<section class="cover campaign">
<h1>{escape(title)}</h1><p>{escape(totals)}</p>
{setup.campaign_map or ""}
<table class="missions"><tr><th>{escape(mission)}</th><th>T-M</th>
<th>{escape(state)}</th><th></th></tr>{"".join(rows)}</table>
<p><b>{escape(bonuses)}:</b> {escape(held)}</p>
{note}
</section>"""


def _held(bonus_id: str, left: int, numbers: dict | None) -> str:
    """A bonus held, ``14 agents are enough* ×1``: a * after a number our rulebooks do
    not print (its value in the name, its uses)."""
    if numbers is None:
        return f"{bonus_id} ×{left}"
    value = numbers.get("value")
    star = "*" if value and not value["in_rulebooks"] else ""
    uses = "" if numbers["uses"]["in_rulebooks"] else "*"
    return f"{numbers['name']}{star} ×{left}{uses}"


def head(setup: BookSetup, seat: Seat) -> str:
    t = book_texts(setup.lang)
    title = f"{setup.name} — {str(t['book']).format(seat=seat)}"
    return (
        f'<!DOCTYPE html><html lang="{setup.lang}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        f"<style>{CSS % {'paper': PAPERS[setup.paper], 'cell': CELL_HEIGHT_MM[setup.paper]}}"
        "</style></head><body>"
    )


TAIL = "</body></html>\n"


def cover(setup: BookSetup, seat: Seat) -> str:
    t = book_texts(setup.lang)
    _ = translation(setup.lang).gettext
    rules = setup.rules
    when = setup.when or dt.date.today()
    ruleset = rules.ruleset
    mission = mission_title(_, rules.label, setup.mission_name)
    setup_line = " · ".join(
        [str(t["seed"]).format(seed=setup.seed), _(RULESET_NAMES[ruleset]), mission]
    )
    steps = "".join(f"<li>{escape(p)}</li>" for p in t[ruleset])
    clues = "".join(f"<p>{escape(p)}</p>" for p in t["clues"])
    book = escape(str(t["book"]).format(seat=seat))
    return f"""<section class="cover">
<div class="head"><span>{book}</span><span>keystand {__version__}</span></div>
<h1>{escape(setup.name)}</h1><p>{when.isoformat()}</p>
<p class="small">{escape(setup_line)}</p>
<h2>{escape(str(t["win_title"]))}</h2><p>{escape(str(t["win"]))}</p>
<h2>{escape(str(t["how"]))}</h2><ol>{steps}</ol>
<h2>{escape(str(t["clues_title"]))}</h2>{clues}<p>{escape(str(t[ruleset + "_invalid"]))}</p>
<h2>{escape(str(t["mistakes_title"]))}</h2><p>{escape(str(t[ruleset + "_mistakes_out"]))}</p>
<h2>{escape(str(t["scoring"]))}</h2><p>{escape(str(t["score_" + ruleset]))}</p>
<p class="legend">{escape(str(t["legend"]))}</p>
</section>"""


def game_page(game: BookGame, seat: Seat, setup: BookSetup) -> str:
    t = book_texts(setup.lang)
    _ = translation(setup.lang).gettext
    lang, rules = setup.lang, setup.rules
    side = game.layout.side(seat)
    order = [seat_index(i, seat) for i in range(25)]
    rows = []
    for r in range(5):
        cells = []
        for i in order[r * 5 : r * 5 + 5]:
            role = side[i]
            word = _display(game.words[i], lang)
            size = font_size_pt(word, CELL_TEXT_MM, WORD_MAX_PT)
            cells.append(
                f'<td class="{role.lower()}" data-role="{role}" style="font-size: {size}pt">'
                f'<span class="sym">{SYMBOLS[role]}</span>{escape(word)}</td>'
            )
        rows.append("<tr>" + "".join(cells) + "</tr>")
    listed = sorted(range(25), key=lambda i: game.words[i].casefold())
    items = "".join(
        f'<li class="{side[i].lower()}" data-role="{side[i]}">{SYMBOLS[side[i]]} '
        f"{escape(_display(game.words[i], lang))}</li>"
        for i in listed
    )
    page_head = escape(str(t["game"]).format(n=game.number, total=setup.total))
    mission = escape(mission_title(_, rules.label, setup.mission_name))
    score = t["score_" + rules.ruleset]
    player = escape(str(t["player"]).format(seat=seat))
    return f"""<section class="page" data-game="{game.number}">
<div class="head"><span>{page_head}</span><span>{mission}</span><span>{player}</span></div>
<table class="grid">{"".join(rows)}</table>
<div class="cols"><div style="flex: 1">
<h2>{escape(str(t["words"]))}</h2><ul class="list">{items}</ul>
<div class="track"><b>{escape(str(t["turns"]))}</b>{_boxes(rules.tokens)}</div>
<div class="track"><b>{escape(str(t["mistakes"]))}</b>{_boxes(rules.bystander_tokens)}</div>
<div class="track"><b>{escape(str(t["targets"]))}</b>{_boxes(15)}</div>
<div class="track"><b>{escape(str(t["score"]))}</b>______</div>
</div><div style="flex: 0 0 46mm" class="side">{qr_svg(game.code)}
<div class="code">{game.code}</div><p class="small">{escape(str(t["load"]))}</p>
<p class="small">{escape(str(score))}</p>
</div></div>
<p class="legend">{escape(str(t["legend"]))}</p></section>"""


def pages(setup: BookSetup, seat: Seat, games: range) -> Iterator[str]:
    """The game pages of ``games`` (0-based numbers), made one at a time."""
    word_list = wordlists.load(setup.lang)
    for k in games:
        yield game_page(book_game(setup.seed, k, setup.rules, word_list), seat, setup)

