"""The seat menu: settings, actions, and holds for destructive choices."""

import time

from helpers import KEY, settings
from keystand.app.commands import NewGame
from keystand.app.menu import Menu, mission_choices
from keystand.app.session import Session
from keystand.i18n import LANGUAGES
from keystand.rules.game import new_game
from keystand.rules.keycode import decode
from keystand.rules.missions import load_book
from keystand.rules.setup import Rules
from keystand.screens import fonts, text
from keystand.screens.menu import MENU_LABELS, MENU_WORDS
from keystand.screens.render import render

MISSIONS = mission_choices(load_book())


def test_presses_step_settings_and_destructive_items_need_a_hold():
    s = settings()
    m = Menu(s, missions=MISSIONS, printer=True)
    assert m.items[-4:] == ["print", "load_code", "shutdown", "diagnostics"]
    m.turn(1)  # mission
    m.press()
    assert s.mission == MISSIONS[1][0]
    m.turn(1)  # bank
    m.press()
    assert s.bank == 10
    m.turn(-2)  # new game
    assert m.press() is None and m.armed == "new_game"
    m.turn(1)  # turning away disarms
    assert m.armed is None and m.hold() is None
    m.turn(-1)
    m.press()
    assert m.hold() == NewGame()
    assert "print" not in Menu(settings()).items  # no printer configured, no entry


def test_the_mission_menu_offers_every_playable_mission_of_the_maps():
    book = load_book()
    ids = [m for m, _ in mission_choices(book)]
    assert ids[0] == "standard"
    playable = {m.id for m in book.missions.values() if m.bystanders is not None}
    assert set(ids[1:]) == playable and len(ids) == len(set(ids))
    assert {"prague", "berlin", "cairo"} & playable <= set(ids)
    editions = [book.missions[m].edition for m in ids[1:]]
    assert editions == sorted(editions, key=editions.index)  # grouped, each edition once
    # A user's own map adds its missions to the menu.
    book.add_toml(
        '[edition]\nid = "home"\n[[mission]]\nid = "turku"\nname = "Turku"\n'
        'tokens = 9\nbystanders = 4\nsource = "ours"\n',
        "home.toml",
    )
    # Its numbers follow a tab (the screen keeps them whole), marked: no rulebook's.
    assert ("turku", "Turku\t9-4*") in mission_choices(book)
    shown = dict(mission_choices(book))
    assert (shown["cairo"], shown["berlin"], shown["diagon-alley"]) == (
        "Cairo\t9-5",
        "Berlin\t11-2*",
        "Diagon Alley\t11-3*",
    )


def _session():
    return Session(new_game(decode(KEY), Rules()), lambda a, st: None)


def test_the_menu_replaces_the_key_on_that_seat_only():
    s = _session()
    before = {seat: render(v).tobytes() for seat, v in s.views().items()}
    s.control("A", "back_hold")
    views = s.views()
    assert views["A"].menu is not None and views["B"].menu is None
    assert render(views["A"]).tobytes() != before["A"]
    assert render(views["B"]).tobytes() == before["B"]
    s.control("A", "press")  # New game: armed, not done
    assert s.views()["A"].menu_armed and s.take_commands() == []
    s.control("A", "hold")
    assert s.take_commands() == [NewGame()] and s.views()["A"].menu is None


def test_holding_back_on_the_legend_opens_the_menu_and_other_touches_only_close_it():
    """A new device opens with the legend; the page's hint says holding back opens
    the menu, and so it does from there, at the first hold, not the second."""
    s = Session(new_game(decode(KEY), Rules()), lambda a, st: None, legend=True)
    assert s.views()["A"].legend and s.views()["B"].legend
    s.control("A", "back_hold")
    views = s.views()
    assert not views["A"].legend and views["A"].menu is not None
    assert views["B"].legend  # the other seat's legend stays until its own touch
    s.control("B", "press")  # a press closes the legend and does nothing else
    views = s.views()
    assert not views["B"].legend and views["B"].menu is None
    assert s.state.guesses == 0 and s.state.turns == 0
    s.control("A", "back")  # the menu closes; the legend opened from it behaves alike
    s.control("A", "back_hold")
    s.control("A", "right")
    while s.views()["A"].menu is not None and s.menus["A"].items[s.menus["A"].index] != "legend":
        s.control("A", "right")
    s.control("A", "press")
    assert s.views()["A"].legend
    s.control("A", "back_hold")
    assert s.views()["A"].menu is not None


def test_menu_rows_fit_the_panel_in_every_language():
    for lang in LANGUAGES:
        text.use(lang)
        try:
            labels = [text.gettext(v) for v in (*MENU_LABELS.values(), *MENU_WORDS)]
            for label in labels:
                assert fonts.width(label + "  singapore") <= 124, (lang, label)
        finally:
            text.use("en")


def test_new_game_from_the_menu_uses_the_chosen_mission(device):
    d, sim = device.daemon, device
    sim.command("A back_hold")
    for _ in range(3):
        sim.command("A right")  # past Team and New team, to Mission
    for _ in range([m for m, _ in MISSIONS].index("cairo")):
        sim.command("A press")
    for _ in range(3):
        sim.command("A left")  # back to New game
    sim.command("A press")
    sim.command("A hold")  # confirm
    deadline = time.monotonic() + 5
    while d.game_id != 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert d.game_id == 2
    assert d.state.rules.label == "9-5" and d.state.rules.mission == "cairo"


def test_a_nine_slot_bank_offers_no_bigger_bank():
    menu = Menu(settings(bank=9), max_bank=9)
    menu.index = menu.items.index("bank")
    assert [menu.press() or menu.settings.bank for _ in range(3)] == [9, 9, 9]
    menu = Menu(settings(bank=9), max_bank=12)
    menu.index = menu.items.index("bank")
    assert [menu.press() or menu.settings.bank for _ in range(4)] == [10, 11, 12, 9]


class _Teams:
    """A state folder with one team, as the menu asks it (app/campaign_table.py)."""

    def teams(self) -> list[str]:
        return ["Owls"]

    def suggestion(self) -> str:
        return "Owls"

    def missions(self, team: str) -> tuple[tuple[str, str], ...]:
        return ()

    def bonuses(self, team: str) -> tuple[tuple[str, str], ...]:
        return ()


# "New team  duet" was read as a team called duet: the value names the map the new
# team plays (a press steps it, a hold names the team), in the table's language.
NEW_TEAM_ROW = {  # the third: the 10-token rulebook's expert variant ("Continuing on")
    "en": ["Duet map", "10-token map", "10-token expert"],
    "fi": ["Duet-kartta", "10 merkin kartta", "10 merkin, vaikea"],
    "ja": ["デュエット版", "10トークン版", "10トークン上級"],
}


def test_new_team_says_which_map_the_team_plays_never_a_bare_edition():
    from keystand.app.menu import EDITION_VALUES, EDITIONS
    from keystand.screens.menu import NEW_TEAM_WORDS

    assert set(EDITION_VALUES) == set(EDITIONS) and set(EDITION_VALUES.values()) == set(
        NEW_TEAM_WORDS
    )  # every edition has a value, and every value is in the catalog
    for lang, shown in NEW_TEAM_ROW.items():
        m = Menu(settings(), missions=MISSIONS, campaign=_Teams())
        m.index = m.items.index("new_team")
        text.use(lang)
        try:
            said = []
            for _ in EDITIONS:  # each press steps to the next map
                value = dict(m.lines())["new_team"]
                said.append(text.gettext(value))
                label = text.gettext(MENU_LABELS["new_team"])
                assert fonts.width(label) + fonts.width(said[-1]) + 8 <= 128, (lang, said)
                assert m.press() is None
        finally:
            text.use("en")
        assert said == shown, lang
        assert m.hold() == "name_team"
