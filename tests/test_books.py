"""Word lists and paper books: list rules, deals, rendered PDFs read back."""

import re
import subprocess

import pytest
import zxingcpp
from PIL import Image

from keystand.books import words as wl
from keystand.books.book import SYMBOLS, book_games
from keystand.rules.gamecode import decode
from keystand.rules.setup import Rules


@pytest.mark.parametrize("lang", wl.LANGS)
def test_word_lists_follow_the_rules(lang):
    words = wl.load(lang)
    assert len(words.words) >= 400
    assert wl.problems(words.words) == []
    assert all(w == w.strip() and w for w in words.words)


def test_list_ids_are_unique_and_problems_are_found():
    assert len({wl.load(lang).id for lang in wl.LANGS}) == len(wl.LANGS)
    found = wl.problems(("earth", "earthquake", "moon", "Moon"))
    assert "'earth' is part of 'earthquake'" in found and "'moon' appears twice" in found


def test_deal_is_deterministic_and_distinct():
    words = wl.load("en")
    first = wl.deal(words, 123)
    assert first == wl.deal(words, 123) and len(set(first)) == 25
    assert first != wl.deal(words, 124)
    # docs/books.md's vector
    assert wl.deal_indices(4, 496, 0)[:5] == [39, 463, 435, 328, 50]


def _pdf_pages_text(pdf):
    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True)
    return out.stdout.split("\f")


def _pdf_page_image(pdf, page, tmp_path):
    prefix = tmp_path / f"{pdf.stem}-{page}"
    subprocess.run(
        ["pdftoppm", "-r", "110", "-png", "-f", str(page), "-l", str(page), str(pdf), str(prefix)],
        check=True,
    )
    [png] = tmp_path.glob(f"{prefix.name}*.png")
    return Image.open(png)


@pytest.mark.parametrize(
    "lang, ruleset, mission",
    [("en", "duet", "9-9"), ("fi", "paper", "9-5"), ("ja", "duet", "cairo")],
)
def test_books_render_and_read_back(cli, tmp_path, lang, ruleset, mission):
    games = 2
    result = cli(
        "book",
        "--games",
        str(games),
        "--name",
        "Test club",
        "--lang",
        lang,
        "--ruleset",
        ruleset,
        "--mission",
        mission,
        "--seed",
        "77",
        "--out",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    rules = Rules(ruleset=ruleset, tokens=9, bystander_tokens=9 if mission == "9-9" else 5)
    plan = book_games(77, games, rules, lang)
    codes = {}
    for seat in "AB":
        pdf = tmp_path / f"book-{seat}.pdf"
        html = (tmp_path / f"book-{seat}.html").read_text(encoding="utf-8")
        pages = _pdf_pages_text(pdf)
        for game in plan:
            text = pages[game.number]  # page 1 is the cover
            side = game.layout.side(seat)
            for i, word in enumerate(game.words):
                shown = word.upper() if lang != "ja" else word
                # The sorted list marks each word with this player's symbol (pdftotext
                # sometimes drops the space before CJK text; never a line break).
                mark = SYMBOLS[side[i]]
                assert f"{mark} {shown}\n" in text or f"{mark}{shown}\n" in text, (seat, shown)
            # The grid in the HTML is turned the way this player sees the table.
            section = html.split(f'data-game="{game.number}"')[1].split("</table>")[0]
            roles = re.findall(r'<td class="[gtb]" data-role="([GTB])"', section)
            expected = "".join(game.layout.seat_rows(seat))
            assert "".join(roles) == expected
            img = _pdf_page_image(pdf, game.number + 1, tmp_path)
            found = [r.text for r in zxingcpp.read_barcodes(img.convert("L"))]
            assert found == [game.code]
            codes.setdefault(game.number, set()).add(found[0])
    for number, found in codes.items():
        assert len(found) == 1  # both books carry the same QR for the same game
        code = decode(found.pop())
        game = plan[number - 1]
        assert code.layout == game.layout and code.rules.ruleset == ruleset
        assert wl.deal(wl.by_id(code.deal.word_list), code.deal.seed) == game.words


def test_book_bad_arguments(cli, tmp_path):
    r = cli("book", "--games", "0", "--name", "x", "--out", str(tmp_path))
    assert r.returncode == 2 and "--games" in r.stderr
    r = cli("book", "--games", "1", "--name", "x", "--lang", "de", "--out", str(tmp_path))
    assert r.returncode == 2
    r = cli("book", "--games", "1", "--name", "x", "--mission", "9-10", "--out", str(tmp_path))
    assert r.returncode == 2 and "impossible" in r.stderr
