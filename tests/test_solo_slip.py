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
