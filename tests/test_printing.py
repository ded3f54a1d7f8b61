"""Slips over a real pty at 9600 and 19200 baud, read back from the wire."""

import subprocess
import sys

import pytest
import zxingcpp

from keystand.hal.printer import PrinterConfig, PrinterError, PrintQueue, SerialPrinter
from keystand.printing.slip import MAX_SLIP_BYTES, QUIET, build_slip
from keystand.rules.gamecode import GameCode, decode
from keystand.rules.keycode import encode as encode_key
from keystand.rules.ranking import unrank
from keystand.rules.setup import Rules
from keystand.sim import escpos_paper as escpos_stream
from serial_peers import FakePrinter

GAME = GameCode(Rules(tokens=9, bystander_tokens=5), layout=unrank(424242))
KEY = encode_key(GAME.layout)


@pytest.fixture
def printer():
    peer = FakePrinter()
    yield peer
    peer.close()


def _print_slip(port, *extra):
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "keystand.cli",
            "print-slip",
            "--key",
            KEY,
            "--mission",
            "9-5",
            "--port",
            port,
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )


def _qr_texts(image):
    return [r.text for r in zxingcpp.read_barcodes(image.convert("L"))]


@pytest.mark.parametrize("baud", ["9600", "19200"])
def test_raster_slip_over_a_pty_scans_back_to_the_game(printer, baud):
    result = _print_slip(printer.path, "--baud", baud, "--qr", "raster")
    assert result.returncode == 0, result.stderr
    data = printer.wait_idle()
    paper = escpos_stream.decode(data)
    assert len(paper.rasters) == 1 and not paper.native_qr
    slip = escpos_stream.render(paper)
    [text] = _qr_texts(slip)
    assert decode(text) == GAME
    assert text in paper.text_lines  # the typable code is printed under the QR
    assert "Mission 9-5" in paper.text_lines
    # Only the code's own dots went over the wire: the printer doubled them (GS v 0
    # mode 3), whole dots per module, and paper feed made the quiet zone.
    assert b"\x1dv0\x03" in data
    assert len(data) <= MAX_SLIP_BYTES
    box, module = _qr_box(slip, modules=25)
    assert module == 6
    _assert_quiet_zone(slip, box, QUIET * module)


def _qr_box(image, modules):
    """The QR code's bounding box on the paper (as zxing found it) and its dots per module."""
    [found] = zxingcpp.read_barcodes(image.convert("L"))
    corners = found.position
    xs = [corners.top_left.x, corners.top_right.x, corners.bottom_left.x, corners.bottom_right.x]
    ys = [corners.top_left.y, corners.top_right.y, corners.bottom_left.y, corners.bottom_right.y]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)  # zxing: x1, y1 just past the code
    side = x1 - x0
    assert side == y1 - y0 and side % modules == 0, f"{side} dots for {modules} modules"
    return (x0, y0, x1, y1), side // modules


def _assert_quiet_zone(image, box, margin):
    x0, y0, x1, y1 = box
    around = image.crop((x0 - margin, y0 - margin, x1 + margin, y1 + margin))
    inside = image.crop((x0, y0, x1, y1))
    assert around.histogram()[0] == inside.histogram()[0], "dark dots in the quiet zone"
    assert x0 - margin >= 0 and x1 + margin <= image.width


@pytest.mark.parametrize("baud", ["9600", "19200"])
def test_native_slip_over_a_pty(printer, baud):
    result = _print_slip(printer.path, "--baud", baud, "--qr", "native", "--status")
    assert result.returncode == 0, result.stderr
    data = printer.wait_idle()
    paper = escpos_stream.decode(data)
    assert paper.status_queries == [4]
    [text] = paper.native_qr
    assert decode(text) == GAME
    assert _qr_texts(escpos_stream.render(paper)) == [text]
    assert len(data) - 3 < 1500  # the slip itself, without the status query


@pytest.mark.parametrize("lang", ["fi", "ja"])
def test_a_slip_prints_in_the_tables_language_and_still_scans(lang):
    game = GameCode(Rules(tokens=9, bystander_tokens=5, mission="cairo"), layout=GAME.layout)
    job = build_slip(game, qr="raster", lang=lang, mission_name="Cairo")
    assert len(job.data) <= MAX_SLIP_BYTES
    paper = escpos_stream.decode(job.data)
    slip = escpos_stream.render(paper)
    assert _qr_texts(slip) == [job.text]
    assert not any("?" in line for line in paper.text_lines)  # nothing lost to the code page
    if lang == "fi":
        assert "Tehtävä Kairo (9-5)" in paper.text_lines and "Pelaajat:" in paper.text_lines
    else:  # the code page has no kana: the mission, rules and players lines go as dots
        assert len(paper.rasters) == 4 and "Mission" not in " ".join(paper.text_lines)


def test_a_printer_without_double_size_raster_gets_the_dots_it_prints():
    job = build_slip(GAME, qr="raster", profile="ZJ-5870")
    assert b"\x1dv0\x00" in job.data and b"\x1dv0\x03" not in job.data
    slip = escpos_stream.render(escpos_stream.decode(job.data))
    box, module = _qr_box(slip, modules=25)
    assert module == job.module_dots >= 4
    _assert_quiet_zone(slip, box, QUIET * module)


def test_the_stream_reader_doubles_raster_dots_as_the_printer_does():
    # 1 byte wide, 2 rows: 10000000 / 01000000, in each of GS v 0's four modes.
    for mode, size in ((0, (8, 2)), (1, (16, 2)), (2, (8, 4)), (51, (16, 4))):
        data = b"\x1dv0" + bytes((mode, 1, 0, 2, 0)) + b"\x80\x40"
        [image] = escpos_stream.decode(data).rasters
        assert image.size == size
        assert image.getpixel((0, 0)) == 0 and image.getpixel((size[0] - 1, 0)) == 255
    with pytest.raises(escpos_stream.EscposDecodeError, match="unknown raster mode 4"):
        escpos_stream.decode(b"\x1dv0\x04\x01\x00\x01\x00\x80")
    feed = escpos_stream.decode(b"\x1bJ\x18")
    assert feed.items == [escpos_stream.Feed(24)]


def test_profile_decides_native_or_raster():
    assert build_slip(GAME, profile="POS-5890").qr_mode == "raster"
    assert build_slip(GAME, profile="Sunmi-V2").qr_mode == "native"


def test_out_of_paper_keeps_the_job_and_says_so():
    peer = FakePrinter(paper_status=0x72)  # roll end bits set
    try:
        result = _print_slip(peer.path, "--status")
        assert result.returncode == 1
        assert "out of paper" in result.stderr and result.stderr.count("\n") == 1
        queue = PrintQueue(SerialPrinter(PrinterConfig(peer.path, 9600, 0.0, status=True)))
        job = build_slip(GAME).data
        assert queue.submit(job) is False
        assert queue.last_error == "printer is out of paper" and list(queue.pending) == [job]
        peer.paper_status = 0x12  # paper loaded
        assert queue.retry() is True and not queue.pending
        assert job in peer.wait_idle()
    finally:
        peer.close()


def test_silent_printer_is_reported_offline():
    peer = FakePrinter(paper_status=None)
    try:
        with pytest.raises(PrinterError, match="does not answer"):
            config = PrinterConfig(peer.path, 9600, 0.0, status=True, status_timeout=0.2)
            SerialPrinter(config).send(b"x")
    finally:
        peer.close()


def test_unplugged_printer(tmp_path):
    result = _print_slip(str(tmp_path / "ttyUSB9"))
    assert result.returncode == 1
    assert "cannot open" in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
