"""Typing a game code on a seat's encoder loads it, as a scan would."""

from helpers import KEY
from keystand.app.commands import LoadGame
from keystand.app.session import Session
from keystand.rules.game import new_game
from keystand.rules.gamecode import GameCode, encode
from keystand.rules.keycode import ALPHABET, decode
from keystand.rules.ranking import unrank
from keystand.rules.setup import Rules
from keystand.screens.render import render
from keystand.screens.view import Message


def _session():
    return Session(new_game(decode(KEY), Rules()), lambda a, s: None)


def _open_entry(s, seat="A"):
    s.control(seat, "back_hold")
    menu = s.menus[seat]
    for _ in range(menu.items.index("load_code")):
        s.control(seat, "right")
    s.control(seat, "press")
    assert s.entries[seat] is not None


def _dial(s, seat, symbols):
    """Turn the shorter way to each symbol and press, as a player would."""
    for symbol in symbols:
        here = s.entries[seat].index
        steps = (ALPHABET.index(symbol) - here) % len(ALPHABET)
        kind, count = ("right", steps) if steps <= 16 else ("left", len(ALPHABET) - steps)
        for _ in range(count):
            s.control(seat, kind)
        s.control(seat, "press")


def test_a_dialled_code_loads_its_game():
    other = unrank(987654321)
    code = encode(GameCode(Rules(), layout=other))  # KS1G-....
    s = _session()
    _open_entry(s, "B")
    _dial(s, "B", code.replace("-", "")[4:])
    view = s.views()["B"]
    assert view.entry == code  # shown grouped as the slip prints it
    assert render(view).getbbox() is not None
    s.control("B", "hold")
    assert s.entries["B"] is None
    [load] = s.take_commands()
    assert isinstance(load, LoadGame) and load.code.layout == other


def test_a_mistyped_code_is_refused_and_nothing_changes():
    code = encode(GameCode(Rules(), layout=unrank(5))).replace("-", "")[4:]
    wrong = code[:3] + ALPHABET[(ALPHABET.index(code[3]) + 1) % 32] + code[4:]
    s = _session()
    before = s.state
    _open_entry(s)
    _dial(s, "A", wrong)
    s.control("A", "hold")
    assert s.take_commands() == [] and s.state == before
    assert s.messages["A"].kind == "scan_refused"


def test_back_deletes_then_leaves():
    s = _session()
    _open_entry(s)
    _dial(s, "A", "7Q")
    s.control("A", "back")
    assert s.views()["A"].entry == "KS1G-7"
    s.control("A", "back")
    s.control("A", "back")  # nothing left to delete: the entry closes
    assert s.entries["A"] is None and s.views()["A"].entry is None


def test_mid_game_a_dialled_code_asks_first():
    s = _session()
    s.cursor["B"] = 23  # b1, green on A's side
    s.control("B", "press")  # A's clue, said aloud, and B's guess: the game is under way
    _open_entry(s, "B")
    _dial(s, "B", encode(GameCode(Rules(), layout=unrank(77))).replace("-", "")[4:])
    s.control("B", "hold")
    assert s.take_commands() == []
    assert s.messages == {"A": Message("load_confirm"), "B": Message("load_confirm")}
