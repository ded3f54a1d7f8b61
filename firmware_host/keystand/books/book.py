"""Paper player books: one game per page, one book per player, HTML and PDF.

Both books of a set come from one book seed, so their pages agree game by game:
the same words in the same places, each player's own side of the key, and the
same QR code (the whole game code, with its word deal) on both.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import io
from dataclasses import dataclass
from html import escape
from pathlib import Path

from .. import __version__
from ..qr import qr_image
from ..rules.gamecode import Deal, GameCode, encode
from ..rules.keygen import seeded_layout
from ..rules.layout import Layout, Seat, seat_index
from ..rules.setup import Rules
from . import words as wordlists
from .texts import book_texts

SYMBOLS = {"G": "◆", "B": "✖", "T": "○"}
PAPERS = {"a4": "A4", "letter": "letter"}


@dataclass(frozen=True, slots=True)
class BookGame:
    number: int  # 1-based
    layout: Layout
    words: tuple[str, ...]  # A's reading order
    code: str  # the game code the QR holds


def book_games(seed: int, count: int, rules: Rules, lang: str) -> list[BookGame]:
    word_list = wordlists.load(lang)
    games = []
    for k in range(count):
        layout = seeded_layout(seed, k)
        digest = hashlib.sha256(f"keystand/book/v1/{seed}/{k}".encode()).digest()
        deal_seed = int.from_bytes(digest[:5], "big")  # 40 bits, what a game code holds
        deal = Deal(word_list.id, deal_seed)
        code = encode(GameCode(rules, layout=layout, deal=deal))
        games.append(BookGame(k + 1, layout, wordlists.deal(word_list, deal_seed), code))
    return games


def _display(word: str, lang: str) -> str:
    return word.upper() if lang in ("en", "fi") else word


def _boxes(n: int) -> str:
    return "".join('<span class="box"></span>' for _ in range(n))


def _qr_data_uri(text: str) -> str:
    buf = io.BytesIO()
    qr_image(text, module=6, border=4).save(buf, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


CSS = """
@page { size: %(paper)s; margin: 11mm; }
body { font-family: "DejaVu Sans", "Noto Sans CJK JP", sans-serif; font-size: 10.5pt; color: #111; }
h1 { font-size: 20pt; margin: 0 0 2mm; } h2 { font-size: 13pt; margin: 4mm 0 2mm; }
.page { page-break-before: always; }
.head { display: flex; justify-content: space-between; font-weight: bold; font-size: 12pt;
        border-bottom: 0.4mm solid #111; padding-bottom: 1mm; margin-bottom: 3mm; }
table.grid { border-collapse: separate; border-spacing: 1.2mm; width: 100%%; table-layout: fixed; }
table.grid td { height: 15mm; text-align: center; vertical-align: middle; border: 0.3mm solid #555;
                border-radius: 1.5mm; font-size: 9pt; padding: 0.5mm; overflow-wrap: anywhere; }
.sym { display: block; font-size: 11pt; }
td.g, li.g { background: #bfe3b4; } td.b, li.b { background: #222; color: #fff; }
td.t, li.t { background: #efe3c4; }
.cols { display: flex; gap: 6mm; margin-top: 3mm; }
ul.list { list-style: none; padding: 0; margin: 0; columns: 2; column-gap: 3mm; font-size: 9.5pt; }
ul.list li { padding: 0.6mm 1.5mm; margin-bottom: 0.8mm; border-radius: 1mm; break-inside: avoid; }
.track { margin: 1.5mm 0; } .track b { display: block; font-size: 9pt; }
.box { display: inline-block; width: 4mm; height: 4mm; border: 0.3mm solid #111; margin-right: 1mm;
       vertical-align: middle; }
.qr { text-align: center; } .qr img { width: 38mm; }
.code { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; }
.small { font-size: 8.5pt; color: #333; }
"""


def render_html(
    games: list[BookGame],
    seat: Seat,
    *,
    name: str,
    lang: str,
    rules: Rules,
    seed: int,
    paper: str = "a4",
    when: dt.date | None = None,
) -> str:
    t = book_texts(lang)
    when = when or dt.date.today()
    score = t["score_paper"] if rules.ruleset == "paper" else t["score_duet"]
    seed_line = str(t["seed"]).format(seed=seed, ruleset=rules.ruleset, mission=rules.label)
    points = t[rules.ruleset]
    assert isinstance(points, tuple | list)
    rules_text = "".join(f"<li>{escape(p)}</li>" for p in points)
    out = [
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{escape(name)} — {escape(str(t['book']).format(seat=seat))}</title>",
        f"<style>{CSS % {'paper': PAPERS[paper]}}</style></head><body>",
        '<section class="cover">',
        f'<div class="head"><span>{escape(str(t["book"]).format(seat=seat))}</span>'
        f"<span>keystand {__version__}</span></div>",
        f"<h1>{escape(name)}</h1><p>{when.isoformat()}</p>",
        f'<p class="small">{escape(seed_line)}</p>',
        f"<h2>{escape(str(t['how']))}</h2><ol>{rules_text}</ol>",
        f"<h2>{escape(str(t['scoring']))}</h2><p>{escape(str(score))}</p>",
        f'<p class="small">{escape(str(t["legend"]))}</p>',
        "</section>",
    ]
    for game in games:
        out.append(_game_page(game, seat, lang, rules, t, len(games)))
    out.append("</body></html>")
    return "\n".join(out)


def _game_page(game: BookGame, seat: Seat, lang: str, rules: Rules, t: dict, total: int) -> str:
    side = game.layout.side(seat)
    order = [seat_index(i, seat) for i in range(25)]
    rows = []
    for r in range(5):
        cells = []
        for i in order[r * 5 : r * 5 + 5]:
            role = side[i]
            word = escape(_display(game.words[i], lang))
            cells.append(
                f'<td class="{role.lower()}" data-role="{role}">'
                f'<span class="sym">{SYMBOLS[role]}</span>{word}</td>'
            )
        rows.append("<tr>" + "".join(cells) + "</tr>")
    listed = sorted(range(25), key=lambda i: game.words[i].casefold())
    items = "".join(
        f'<li class="{side[i].lower()}" data-role="{side[i]}">{SYMBOLS[side[i]]} '
        f"{escape(_display(game.words[i], lang))}</li>"
        for i in listed
    )
    head = escape(t["game"].format(n=game.number, total=total))
    return f"""<section class="page" data-game="{game.number}">
<div class="head"><span>{head}</span><span>{escape(t["player"].format(seat=seat))}</span></div>
<table class="grid">{"".join(rows)}</table>
<div class="cols"><div style="flex: 1.3">
<h2>{escape(t["words"])}</h2><ul class="list">{items}</ul>
<div class="track"><b>{escape(t["turns"])}</b>{_boxes(rules.tokens)}</div>
<div class="track"><b>{escape(t["mistakes"])}</b>{_boxes(rules.bystander_tokens)}</div>
<div class="track"><b>{escape(t["targets"])}</b>{_boxes(15)}</div>
<div class="track"><b>{escape(t["score"])}</b>______</div>
</div><div style="flex: 1" class="qr"><img src="{_qr_data_uri(game.code)}" alt="{game.code}">
<div class="code">{game.code}</div><p class="small">{escape(t["load"])}</p>
<p class="small">{escape(t["score_paper"] if rules.ruleset == "paper" else t["score_duet"])}</p>
</div></div></section>"""


def write_books(
    out_dir: Path,
    *,
    games: int,
    name: str,
    lang: str,
    rules: Rules,
    seed: int,
    paper: str = "a4",
    pdf: bool = True,
) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    plan = book_games(seed, games, rules, lang)
    written = []
    for seat in ("A", "B"):
        html = render_html(plan, seat, name=name, lang=lang, rules=rules, seed=seed, paper=paper)
        html_path = out_dir / f"book-{seat}.html"
        html_path.write_text(html, encoding="utf-8")
        written.append(html_path)
        if pdf:
            from weasyprint import HTML

            pdf_path = out_dir / f"book-{seat}.pdf"
            HTML(string=html, base_url=str(out_dir)).write_pdf(pdf_path)
            written.append(pdf_path)
    return written
