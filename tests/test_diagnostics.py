"""The Diagnostics screen: a seat's inputs and the bank's raw readings, live, in every language."""

import pytest

from helpers import KEY, PROFILES, device_config, settings, start_device, wait_for
from keystand.app.menu import Menu
from keystand.app.session import Session
from keystand.i18n import LANGUAGES
from keystand.rules.game import new_game
from keystand.rules.keycode import decode
from keystand.rules.setup import Rules
from keystand.screens import diagnostics, fonts, text
from keystand.screens.render import render, screen_lines
from keystand.screens.view import Diagnostics


def _session():
    return Session(new_game(decode(KEY), Rules()), lambda a, st: None, sensed_bank=True)


def _open(session, seat):
    session.control(seat, "back_hold")
    for _ in range(len(session.menus[seat].items)):  # the list stops at its last item
        session.control(seat, "right")
    session.control(seat, "press")


def test_diagnostics_is_the_menus_last_item():
    assert Menu(settings()).items[-1] == "diagnostics"
    assert Menu(settings()).press() is None  # new game: armed, not a screen
    menu = Menu(settings())
    menu.turn(-1)  # a clumsy turn the wrong way stays on the first item ...
    assert menu.index == 0
    menu.turn(len(menu.items) + 3)  # ... and turning on stops at the last
    assert menu.press() == "diagnostics"


def test_the_seats_inputs_show_instead_of_playing_and_back_closes():
    s = _session()
    key_b = render(s.views()["B"]).tobytes()
    _open(s, "A")
    s.bank_readings(["empty", "token"], [1, 0], False)
    view = s.views()["A"]
    assert view.diagnostics == Diagnostics(None, 0, ("empty", "token"), (1, 0), False)
    assert screen_lines(view) == ["Diagnostics", "Turn or press", "1 empty 1", "2 token 0"]
    before = s.state
    for kind in ("right", "right", "right", "press", "hold", "back_hold"):
        s.control("A", kind)
    d = s.views()["A"].diagnostics
    assert (d.last_input, d.repeats) == ("back_hold", 1)
    s.control("A", "left")
    s.control("A", "left")
    assert screen_lines(s.views()["A"])[1] == "Input: left ×2"
    assert s.state == before  # nothing reached the game, not even the press
    assert render(s.views()["B"]).tobytes() == key_b  # the other seat still shows its key
    s.control("A", "back")
    assert s.views()["A"].diagnostics is None and not s.diagnosing


def test_a_token_taken_while_diagnosing_is_not_a_turn():
    s = _session()
    s.bank(9, None)
    s.cursor["B"] = 22  # A's c1: green on A's side
    s.control("B", "press")  # A's clue, said aloud, and B's correct guess
    assert s.state.correct == 1
    _open(s, "A")
    s.bank(8, None)  # a slot tested: the token lifted
    assert s.state.guesser == "B" and s.state.tokens_left == 9
    s.control("A", "back")
    assert s.message("A").kind == "missing"  # back in the game: the table is compared


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_fits_its_place_in_every_language(lang):
    text.use(lang)
    try:
        cell = diagnostics.CELL
        room = cell - diagnostics.STATE_X - 2 - fonts.width("1023") - (cell - diagnostics.RAW_RIGHT)
        for state in diagnostics.STATES:
            assert fonts.width(diagnostics.state_text(state)) <= room, (lang, state)
        for kind in diagnostics.INPUTS:
            line = diagnostics.input_line(Diagnostics(kind, 2))
            assert fonts.width(line) + fonts.width("×99") + 8 <= 128, (lang, line)
        for words in (diagnostics.TITLE, "Turn or press", "No bank sensors", "back: close"):
            assert fonts.width(text.gettext(words)) <= 124, (lang, words)
    finally:
        text.use("en")


def test_a_faulty_slot_is_drawn_inverted():
    slots = ("empty",) * 11
    ok = render_diag(Diagnostics("right", 1, (*slots, "empty"), (512,) * 12, True))
    fault = render_diag(Diagnostics("right", 1, (*slots, "fault"), (512,) * 11 + (1023,), True))
    # Slot 12 is the last of the right-hand column: line 7 (under the title's
    # margin, fonts.TOP), x 64-127.
    y = fonts.TOP + 7 * 8
    assert not ok.getpixel((100, y)) and fault.getpixel((100, y))
    assert ok.crop((0, 0, 128, y)).tobytes() == fault.crop((0, 0, 128, y)).tobytes()


def render_diag(d):
    return diagnostics.render(d, 128, 64, colour=False)


def test_the_colour_panel_says_how_to_leave():
    d = Diagnostics(None, 0, ("empty",) * 9, (1,) * 9, False)
    colour = diagnostics.render(d, 128, 128, colour=True)
    assert colour.crop((0, 120, 128, 128)).getbbox() is not None  # "back: close" at the bottom
    assert diagnostics.render(Diagnostics(), 128, 64, colour=False).getbbox() is not None


def _open_on_device(device, seat):
    device.command(f"{seat} back_hold")
    for _ in range(30):  # past every item: the list stops at Diagnostics, its last
        device.command(f"{seat} right")
    device.command(f"{seat} press")
    d = device.daemon
    assert wait_for(lambda: d.session.views()[seat].diagnostics is not None)


def test_the_screen_follows_the_pins_and_the_panel_shows_it(device):
    _open_on_device(device, "A")
    d = device.daemon
    # The table starts with nine tokens, in slots 1-9; slot 11 gets one more.
    assert wait_for(lambda: d.session.views()["A"].diagnostics.raw == (0,) * 9 + (1,) * 3)
    assert device.command("bank put 11") is None
    assert wait_for(lambda: d.session.views()["A"].diagnostics.raw[9:] == (1, 0, 1))
    view = d.session.views()["A"]
    assert view.diagnostics.slots[8:] == ("token", "empty", "token", "empty")
    device.command("A right")
    assert wait_for(lambda: d.session.views()["A"].diagnostics.last_input == "right")
    assert wait_for(lambda: device.table.frame("A") == render(d.session.views()["A"]))
    device.command("A back")
    assert wait_for(lambda: not d.session.diagnosing)


@pytest.fixture
def analog_device(tmp_path):
    device = start_device(tmp_path, device_config(PROFILES / "analog.toml"))
    yield device
    device.stop()


def test_raw_adc_readings_are_polled_while_the_screen_is_open(analog_device):
    device, d = analog_device, analog_device.daemon
    _open_on_device(device, "B")
    # The standard set-up: nine tokens, bystander side up, in slots 1-9.
    assert wait_for(lambda: d.session.views()["B"].diagnostics.raw == (824,) * 9 + (512,) * 3)
    assert d.session.views()["B"].diagnostics.slots[8:10] == ("bystander", "empty")
    assert device.command("bank adc 11 1023") is None  # a wire breaks: no event, only a reading
    assert wait_for(lambda: d.session.views()["B"].diagnostics.raw[10] == 1023)
    assert wait_for(lambda: d.session.views()["B"].diagnostics.slots[10] == "fault")
    assert "11 FAULT 1023" in d.snapshot()["seats"]["B"]["lines"]
