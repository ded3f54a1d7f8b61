"""Word lists and paper books: list rules, deals, rendered PDFs read back."""

import os
import re
import resource
import signal
import subprocess
import sys
import time

import pytest
import zxingcpp
from PIL import Image

from keystand.books import fit
from keystand.books import words as wl
from keystand.books.book import CELL_TEXT_MM, SYMBOLS, WORD_MAX_PT, book_games
from keystand.books.texts import book_texts
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


def _pdf_pages_text(pdf, *options):
    out = subprocess.run(
        ["pdftotext", *options, str(pdf), "-"], capture_output=True, text=True, check=True
    )
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
    "lang, ruleset, mission, paper",
    [
        ("en", "duet", "9-9", "a4"),
        ("fi", "paper", "9-5", "letter"),
        ("ja", "duet", "cairo", "a4"),
        ("ja", "paper", "8-5", "letter"),  # the tallest text on the shorter paper
    ],
)
def test_books_render_and_read_back(cli, tmp_path, lang, ruleset, mission, paper):
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
        "--paper",
        paper,
        "--out",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no progress bar when stderr is not a terminal
    tokens, mistakes = {"9-9": (9, 9), "9-5": (9, 5), "cairo": (9, 5), "8-5": (8, 5)}[mission]
    rules = Rules(ruleset=ruleset, tokens=tokens, bystander_tokens=mistakes)
    plan = book_games(77, games, rules, lang)
    codes = {}
    for seat in "AB":
        pdf = tmp_path / f"book-{seat}.pdf"
        html = (tmp_path / f"book-{seat}.html").read_text(encoding="utf-8")
        pages = _pdf_pages_text(pdf)
        layout_pages = _pdf_pages_text(pdf, "-layout")
        assert len([p for p in pages if p.strip()]) == games + 1  # a cover, a page per game
        for game in plan:
            text = pages[game.number]  # page 1 is the cover
            side = game.layout.side(seat)
            laid_out = layout_pages[game.number]
            for i, word in enumerate(game.words):
                shown = word.upper() if lang != "ja" else word
                # The sorted list marks each word with this player's symbol. Read with
                # -layout, each entry keeps its line (pdftotext may drop the space
                # before CJK text); the plain reading order can part mark and word.
                mark = SYMBOLS[side[i]]
                entry = rf"(^|\s){re.escape(mark)} ?{re.escape(shown)}(\s|$)"
                assert re.search(entry, laid_out, re.M), (seat, shown)
                assert shown in text
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


COVER = {  # what a fi and a ja cover must say: the mission's and the ruleset's names
    "fi": ("Tehtävä Kairo (9-5)", "Paperipelin säännöt", "Näin voitatte", "Kun virheruudut"),
    "ja": ("ミッション カイロ（9-5）", "デュエットのルール", "勝利条件", "ミスの欄がなくなったら"),
}


@pytest.mark.parametrize("lang, ruleset", [("fi", "paper"), ("ja", "duet")])
def test_a_book_says_how_to_win_and_names_its_mission_in_its_language(cli, tmp_path, lang, ruleset):
    result = cli(
        "book", "--games", "2", "--name", "Club", "--lang", lang, "--ruleset", ruleset,
        "--mission", "cairo", "--seed", "5", "--out", str(tmp_path), "--no-pdf",
    )
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "book-A.html").read_text(encoding="utf-8")
    cover, *games = html.split('<section class="page"')
    for said in COVER[lang]:
        assert said in cover
    assert "mission 9-5" not in html and "duet" not in cover.split("</style>")[1]
    assert len(games) == 2
    legend = str(book_texts(lang)["legend"])
    assert all(legend in page for page in games)  # the legend on every game page
    assert all(COVER[lang][0] in page for page in games)  # and the mission's name


def test_grid_words_are_as_large_as_their_cells_allow(cli, tmp_path):
    result = cli("book", "--games", "3", "--name", "x", "--lang", "fi", "--seed", "9",
                 "--out", str(tmp_path), "--no-pdf")
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "book-B.html").read_text(encoding="utf-8")
    cell = r'style="font-size: ([\d.]+)pt"><span class="sym">.</span>([^<]+)</td>'
    cells = re.findall(cell, html)
    assert len(cells) == 75
    for size, word in cells:
        width = fit.width_em(word) * float(size) / fit.PT_PER_MM
        assert width <= CELL_TEXT_MM, (word, size)
        # Either the largest size the cell's height takes, or the cell's width is filled
        # (to the half point the sizes step by).
        filled = CELL_TEXT_MM * (1 - 0.5 / float(size))
        assert float(size) == WORD_MAX_PT or width > filled, (word, size)
    assert min(float(size) for size, _ in cells) >= 9  # the old fixed size, now the floor


def _old_pair(out):
    out.mkdir()
    for name in ("book-A.html", "book-B.html", "book-A.pdf", "book-B.pdf"):
        (out / name).write_bytes(f"the old {name}".encode())
    return {p.name: p.read_bytes() for p in out.iterdir()}


def _temps(out):
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


def _book_command(out, games, *extra):
    return [sys.executable, "-m", "keystand.cli", "book", "--games", str(games), "--name", "x",
            "--seed", "1", "--out", str(out), *extra]


def test_a_run_killed_midway_leaves_the_old_pair(tmp_path):
    out = tmp_path / "books"
    before = _old_pair(out)
    proc = subprocess.Popen(_book_command(out, 60), start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob(".books.keystand-book-*/A-0000.pdf")):  # first chunk out
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the command, Playwright and Chromium
        proc.wait()
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert len(_temps(out)) == 1  # what the killed run had made so far
    # The next run over the same folder clears it away and writes the new pair.
    done = subprocess.run(_book_command(out, 1), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert _temps(out) == []
    assert sorted(p.name for p in out.iterdir()) == sorted(before)
    assert all(p.read_bytes() != before[p.name] for p in out.iterdir())


def test_a_read_only_book_stops_the_run_before_anything_changes(cli, tmp_path):
    out = tmp_path / "books"
    before = _old_pair(out)
    (out / "book-B.pdf").chmod(0o444)
    result = cli("book", "--games", "2", "--name", "x", "--out", str(out))
    assert result.returncode == 2
    assert "book-B.pdf is read-only" in result.stderr and result.stderr.count("\n") == 1
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert _temps(out) == []


def test_a_full_disk_midway_names_the_file_and_keeps_the_old_pair(tmp_path):
    out = tmp_path / "books"
    before = _old_pair(out)

    def small_disk():  # files may not grow past 40 kB: a write then fails with EFBIG
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (40_000, 40_000))

    # The HTML only: Chromium does not start at all with its files capped.
    result = subprocess.run(_book_command(out, 10, "--no-pdf"), capture_output=True, text=True,
                            timeout=120, preexec_fn=small_disk)
    assert result.returncode == 2
    assert "cannot write book-A.html: File too large" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert _temps(out) == []


def test_a_run_without_chromium_says_so_and_changes_nothing(tmp_path):
    out = tmp_path / "books"
    before = _old_pair(out)
    env = {**os.environ, "KEYSTAND_CHROMIUM": str(tmp_path / "no-such-browser")}
    result = subprocess.run(_book_command(out, 2), capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == 2
    assert "PDF books need Chromium" in result.stderr and result.stderr.count("\n") == 1
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_a_driver_that_cannot_run_says_so_in_one_line(tmp_path):
    # A fresh Debian machine without gcc lacks libatomic1, and Playwright's bundled
    # node dies as it loads: the user saw a traceback ending in "Connection closed".
    node = tmp_path / "node"
    node.write_text(
        "#!/bin/sh\necho 'node: error while loading shared libraries: libatomic.so.1:"
        " cannot open shared object file' >&2\nexit 127\n"
    )
    node.chmod(0o755)
    out = tmp_path / "books"
    before = _old_pair(out)
    env = {**os.environ, "PLAYWRIGHT_NODEJS_PATH": str(node)}
    result = subprocess.run(_book_command(out, 2), capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == 2, result.stderr
    # the node's own complaint comes first (it writes to our stderr), then ours
    last = result.stderr.splitlines()[-1]
    assert last.startswith("keystand: error: cannot start Playwright's driver")
    assert "apt install libatomic1" in last and "Traceback" not in result.stderr
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_something_else_in_the_way_is_never_replaced(cli, tmp_path):
    out = tmp_path / "books"
    (out / "book-A.pdf").mkdir(parents=True)
    (out / "book-A.pdf" / "notes.txt").write_text("mine")
    result = cli("book", "--games", "1", "--name", "x", "--out", str(out), "--no-pdf")
    assert result.returncode == 2 and "book-A.pdf is not a regular file" in result.stderr
    assert (out / "book-A.pdf" / "notes.txt").read_text() == "mine"


def test_a_progress_bar_shows_on_a_terminal(tmp_path):
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # 80 columns
    try:
        proc = subprocess.Popen(_book_command(tmp_path / "b", 3, "--no-pdf"),
                                stdout=subprocess.PIPE, stderr=follower)
        out, _ = proc.communicate(timeout=60)
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    assert proc.returncode == 0
    assert b"/6 [" in shown and b"pages" in shown  # both books, three pages each
    assert b"book seed 1" in out


def test_a_campaign_page_draws_the_team_map_in_the_book_language(cli, tmp_path):
    import xml.etree.ElementTree as ET

    from keystand.campaign.store import CampaignStore
    from keystand.rules.missions import load_book

    state = tmp_path / "state"
    with CampaignStore.in_folder(state) as store:
        store.create_team("Pöllöt & <co>", "coop10")
        for n, mission in enumerate(("london", "privet-drive")):
            store.record_result("Pöllöt & <co>", f"g{n}", mission, "won", 12)
    result = cli(
        "book", "--games", "1", "--name", "Club", "--lang", "fi", "--campaign", "pöllöt & <co>",
        "--state-dir", str(state), "--seed", "5", "--out", str(tmp_path / "out"), "--no-pdf",
    )
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "out" / "book-A.html").read_text(encoding="utf-8")
    page = html.split('<section class="cover campaign">')[1].split("</section>")[0]
    svg = page[page.index("<svg") : page.index("</svg>") + len("</svg>")]
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    status = {
        g.get("data-mission"): g.get("data-status")
        for g in root.iter(f"{ns}g")
        if "mission" in g.get("class", "").split()
    }
    assert set(status) == {m.id for m in load_book().in_edition("coop10")}
    assert status["london"] == status["privet-drive"] == "completed"
    assert status["the-burrow"] == "available" and status["the-burrow"] != status["gringotts"]
    text = "".join(root.itertext())
    assert "tehty" in text and "lukittu" in text  # the legend, in Finnish
    assert root.get("data-team") == "Pöllöt & <co>"
    assert page.index("<svg") < page.index('<table class="missions">')  # above the table
