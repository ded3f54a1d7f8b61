"""The daemon's scanner, printer and on-screen QR codes, on simulated wires."""

import time

import pytest
import zxingcpp

from helpers import KEY, start_device, wait_for
from keystand.hal.scanner import REPEAT_WINDOW
from keystand.rules.gamecode import GameCode, decode, encode
from keystand.rules.keycode import decode as decode_key
from keystand.rules.ranking import unrank
from keystand.rules.setup import Rules
from keystand.sim import escpos_paper
from serial_peers import FakePrinter

OTHER = GameCode(Rules(tokens=10, bystander_tokens=5), layout=unrank(4242))


def _messages(d):
    return {s: (m.kind if m else None) for s, m in d.session.messages.items()}


MENU = [
    "new_game",
    "team",
    "new_team",
    "mission",
    "bank",
    "ruleset",
    "language",
    "brightness",
    "legend",
    "show_qr",
    "print",
    "load_code",
    "shutdown",
]


def _menu_choose(device, seat, item):
    """Hold back to open the menu, turn to ``item``, press: all at pin level."""
    assert device.command(f"{seat} back_hold") is None
    for _ in range(MENU.index(item)):
        device.command(f"{seat} right")
    device.command(f"{seat} press")


def test_a_scan_before_play_loads_the_game(device):
    d, sim = device.daemon, device
    assert sim.command(f"scan {encode(OTHER)}") is None
    assert wait_for(lambda: d.state.layout == OTHER.layout)
    assert d.state.rules.label == "10-5" and d.game_id == 2


def test_a_scan_mid_game_asks_first(device):
    d, sim = device.daemon, device
    for _ in range(10):
        sim.command("B right")  # to c1, green on A's side
    sim.command("B press")  # A's clue (said aloud) and B's guess: the game is under way
    assert wait_for(lambda: d.state.turns == 1)
    before = d.state
    sim.command(f"scan {encode(OTHER)}")
    assert wait_for(lambda: _messages(d) == {"A": "load_confirm", "B": "load_confirm"})
    sim.command("B back")  # no
    assert wait_for(lambda: _messages(d) == {"A": None, "B": None})
    assert d.state == before
    time.sleep(REPEAT_WINDOW)  # scanned again, not the same scan repeated by the scanner
    sim.command(f"scan {encode(OTHER)}")
    assert wait_for(lambda: d.session.pending_load is not None)
    sim.command("A press")  # yes
    assert wait_for(lambda: d.state.layout == OTHER.layout)


@pytest.mark.parametrize("text", ["hello", "KS1G-0000", encode(OTHER)[:-1] + "0"])
def test_bad_scans_are_refused_on_both_displays(device, text):
    d, sim = device.daemon, device
    before = d.state
    sim.command(f"scan {text}")
    assert wait_for(lambda: _messages(d) == {"A": "scan_refused", "B": "scan_refused"})
    assert d.state == before


def test_a_seat_shows_its_own_code_as_a_qr(device):
    d, sim, table = device.daemon, device, device.table
    sim.command("A hold")
    assert wait_for(lambda: d.session.showing_qr["A"])
    assert wait_for(lambda: bool(zxingcpp.read_barcodes(table.frame("A").convert("L"))))
    [found] = zxingcpp.read_barcodes(table.frame("A").convert("L"))
    code = decode(found.text)
    # During play only A's side: B's side cannot be read from A's display.
    assert code.seat == "A" and code.side == decode_key(KEY).side("A")
    assert not zxingcpp.read_barcodes(table.frame("B").convert("L"))
    sim.command("A right")  # any other input brings the key back
    assert wait_for(lambda: not d.session.showing_qr["A"])


def test_slips_print_and_a_failed_one_waits_for_a_retry(tmp_path):
    printer = FakePrinter(paper_status=None)  # silent: status is off in the profile
    device = start_device(tmp_path, printer=printer.path)
    d = device.daemon
    try:
        _menu_choose(device, "A", "print")  # "Print slip" from seat A's menu
        assert wait_for(lambda: _messages(d)["A"] == "printed", limit=10)
        paper = escpos_paper.decode(printer.wait_idle())
        [raster] = paper.rasters
        [found] = zxingcpp.read_barcodes(raster.convert("L"))
        assert decode(found.text).layout == decode_key(KEY)
    finally:
        device.stop()
        printer.close()
    # The printer unplugged: the job is kept and the displays say so.
    gone = tmp_path / "gone"
    device = start_device(gone, printer=str(tmp_path / "ttyNOPE"))
    d = device.daemon
    try:
        _menu_choose(device, "B", "print")
        assert wait_for(lambda: _messages(d)["B"] == "print_failed", limit=10)
        assert d.session.messages["B"].args == ("unplugged",)
        # Said in words on the panel: "Printer: / not connected".
        from keystand.screens.messages import message_lines

        assert message_lines(d.session.messages["B"]) == ["Printer:", "not connected"]
    finally:
        device.stop()


def test_brightness_from_the_config_and_the_menu_reaches_both_panels(device):
    panels = [device.table.controller(seat) for seat in "AB"]
    assert wait_for(lambda: all(r.contrast == 160 for r in panels))  # [game] default
    _menu_choose(device, "B", "brightness")  # one press: the next step, 255
    assert wait_for(lambda: all(r.contrast == 255 for r in panels))


def test_a_slip_prints_in_the_tables_language(tmp_path):
    from helpers import device_config
    from keystand.printing.slip import build_slip

    printer = FakePrinter(paper_status=None)
    device = start_device(tmp_path, device_config(game={"language": "fi"}), printer=printer.path)
    try:
        _menu_choose(device, "A", "print")
        assert wait_for(lambda: _messages(device.daemon)["A"] == "printed", limit=10)
        lines = escpos_paper.decode(printer.wait_idle()).text_lines
    finally:
        device.stop()
        printer.close()
    game = GameCode(device.daemon.state.rules, layout=decode_key(KEY))
    assert lines == escpos_paper.decode(build_slip(game, lang="fi").data).text_lines
    assert lines != escpos_paper.decode(build_slip(game, lang="en").data).text_lines
