"""A solo game's slip prints its 25 words, decoded back from the ESC/POS bytes the
printer receives: Latin lists from the slip's text lines, Japanese (printed as
dots) by comparing each printed raster with the line it should show."""

from __future__ import annotations

import re

import pytest
from PIL import ImageChops

from helpers import LAYOUT
from keystand.books.words import deal, load
from keystand.printing.slip import (
    MAX_SLIP_BYTES,
    TEXT_SCALE,
    _text_image,
    build_slip,
    raster_scale,
    word_lines,
)
from keystand.rules.gamecode import GameCode
from keystand.rules.layout import cell_index
from keystand.rules.ranking import rank
from keystand.rules.setup import Rules
from keystand.sim.escpos_paper import decode

CODE = GameCode(Rules(), layout=LAYOUT)
ENTRY = re.compile(r"([a-e][1-5]) (\S+)")


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_the_slips_text_holds_every_dealt_word_in_its_cell(lang):
    words = deal(load(lang), rank(LAYOUT))
    job = build_slip(CODE, words=words, lang=lang, qr="raster")
    paper = decode(job.data)
    printed = {}
    for line in paper.text_lines:
        for cell, word in ENTRY.findall(line):
            printed[cell_index(cell)] = word
    assert printed == dict(enumerate(words))
    assert len(job.data) <= MAX_SLIP_BYTES  # within the raster slip's budget
    plain = build_slip(CODE, lang=lang, qr="raster")
    assert job.module_dots == plain.module_dots  # the words never shrink the code


def test_a_japanese_slip_prints_each_row_of_words_as_dots():
    words = deal(load("ja"), rank(LAYOUT))
    job = build_slip(CODE, words=words, lang="ja", qr="raster")
    rasters = decode(job.data).rasters
    lines = word_lines(words)
    assert " ".join(" ".join(line.split()[1:]) for line in lines).split() == list(words)
    zoom = TEXT_SCALE // raster_scale("POS-5890")
    scale = raster_scale("POS-5890")  # the printer doubles each dot it is sent
    found = 0
    for line in lines:
        sent = _text_image(line, zoom)
        want = sent.resize((sent.width * scale, sent.height * scale)).convert("L")
        for image in rasters:
            if image.height != want.height or image.width < want.width:
                continue
            shown = image.convert("L")
            rest = shown.crop((want.width, 0, *shown.size))  # byte padding: paper
            blank = rest.width == 0 or rest.getextrema()[0] == 255
            if blank and not ImageChops.difference(shown.crop((0, 0, *want.size)), want).getbbox():
                found += 1
                break
    assert found == len(lines)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_each_printed_line_of_words_holds_one_row_of_the_table(lang):
    """As the cards lie: row 1's five words, then row 2's, never a line that runs
    from one row into the next; every line within the paper's 32 characters."""
    words = deal(load(lang), rank(LAYOUT))
    paper = decode(build_slip(CODE, words=words, lang=lang, qr="raster").data)
    lines = paper.text_lines
    first = next(n for n, line in enumerate(lines) if ENTRY.search(line))
    last = max(n for n, line in enumerate(lines) if ENTRY.search(line))
    block = lines[first : last + 1]
    assert all(len(line) <= 32 for line in lines)
    rows = [[]]
    for line in block:
        if not line.strip():
            rows.append([])
            continue
        cells = [cell for cell, _word in ENTRY.findall(line)]
        assert len({cell[1] for cell in cells}) == 1, f"{line!r} mixes rows"
        rows[-1] += cells
    assert rows == [[f"{c}{r}" for c in "abcde"] for r in "12345"]
    # The block's columns line up: every line the same width, centred as one.
    assert len({len(line) for line in block if line.strip()}) == 1
    # One player at a solo table: its name line is one printed line, label and all.
    player = [line for line in lines if line.startswith(("Player:", "Pelaaja:"))]
    assert len(player) == 1 and player[0].endswith("_" * 8) and len(player[0]) == 32
