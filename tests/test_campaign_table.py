"""Campaigns at the table: a team named with the encoder, its missions first in the
menu, its won mission recorded when the game ends, through a power cut too."""

import pytest

from helpers import start_device
from keystand.campaign.progress import progress
from keystand.campaign.store import CampaignStore
from keystand.rules.missions import load_book
from test_table_flow import Table


def _menu(table: Table, seat: str, item: str) -> None:
    """Open the menu and move to ``item`` (by the menu's own list)."""
    table.do(f"{seat} back_hold")
    menu = table.device.daemon.session.menus[seat]
    assert menu is not None
    for _ in range(menu.items.index(item)):
        table.do(f"{seat} right")


def _win(table: Table, dial: int = 0) -> None:
    """Play the dealt game to a win: B finds A's agents, A finds the rest (after
    B, giving the second clue, dials ``dial`` for its number when ``dial``)."""
    layout = table.device.daemon.state.layout
    for cell in [i for i in range(25) if layout.role(i, "A") == "G"]:
        table.guess("B", cell)
    table.do("bank take 9")
    table.do(*["B right"] * dial)
    for cell in [i for i in range(25) if layout.role(i, "B") == "G"]:
        if table.dump()["agents"].get(_name(cell)) is None:
            table.guess("A", cell)


def _name(cell: int) -> str:
    from keystand.rules.layout import cell_name

    return cell_name(cell)


def test_a_team_named_at_the_table_plays_and_records_its_first_mission(tmp_path):
    device = start_device(tmp_path)
    try:
        t = Table(device)
        _menu(t, "A", "new_team")
        t.do("A hold")  # name it: the entry starts from a suggested name
        assert t.lines("A")[:2] == ["New team", "Owls"]
        t.do("A back", "A back")  # dial another: delete two letters ...
        t.do("A right", "A press")  # ... and add "b" (the entry's second symbol)
        t.do("A hold")  # create it
        settings = device.daemon.settings
        assert (settings.team, settings.mission) == ("Owb", "prague")
        _menu(t, "A", "new_game")
        t.do("A press", "A hold")  # a new game, for the team
        assert device.daemon.game_id == 2 and device.daemon.state.rules.mission == "prague"
        _win(t)
        d = t.dump()
        assert d["outcome"] == "won"
        assert t.messages() == {"A": "won_mission", "B": "won_mission"}
        assert t.lines("A")[3:5] == ["Prague: done", "3 missions open"]
        # A full screen keeps at least how to go on (the knob's page is one turn away).
        assert t.lines("A")[-1] == "Press: new game"
        # The knob after the game: the partner's key, then the team's record.
        t.do("A right")
        assert t.lines("A")[0] == "Partner's key"
        assert t.lines("A")[-2:] == ["Knob: record", "Press: new game"]
        t.do("A right")
        best = f"Prague: best {d['score']}"
        assert t.lines("A") == [
            "Team Owb", "Games 1", "Wins 1", best, "Knob: your key", "Press: new game"
        ]
        view = device.daemon.session.views()["A"]
        assert view.cursor is None and device.table.frame("A").getbbox() is not None
        t.do("A right")  # round to this seat's own key
        assert t.lines("A")[3:5] == ["Prague: done", "3 missions open"]
        # A full screen keeps at least how to go on (the knob's page is one turn away).
        assert t.lines("A")[-1] == "Press: new game"
        t.do("B left")  # B turns the other way: straight to the record
        assert t.lines("B")[0] == "Team Owb" and t.lines("A")[0] != "Team Owb"
    finally:
        device.stop()
    with CampaignStore.in_folder(tmp_path) as store:
        p = progress(load_book(), store.record("Owb"))
    assert list(p.completed) == ["prague"]
    assert set(p.available) == {"berlin", "cairo", "moscow"}


def test_the_menu_offers_the_teams_open_missions_first_and_only_those(tmp_path):
    with CampaignStore.in_folder(tmp_path) as store:
        store.create_team("Herons", "duet")
    device = start_device(tmp_path)
    try:
        t = Table(device)
        _menu(t, "B", "team")
        t.do("B press")  # the first team
        assert device.daemon.settings.team == "Herons"
        menu = device.daemon.session.menus["B"]
        assert [m for m, _ in menu._missions()] == ["prague"]  # a new team: Prague only
        row = dict(menu.lines())
        assert (row["team"], row["mission"]) == ("Herons", "Prague\t9-9")
    finally:
        device.stop()


def _team_game(state_dir, team: str) -> Table:
    """A device with one team, chosen in A's menu, and a new game started for it."""
    with CampaignStore.in_folder(state_dir) as store:
        store.create_team(team, "duet")
    t = Table(start_device(state_dir))
    _menu(t, "A", "team")
    t.do("A press", "A back")
    _menu(t, "A", "new_game")
    t.do("A press", "A hold")
    return t


def test_a_power_cut_mid_game_still_records_the_result_once(tmp_path):
    t = _team_game(tmp_path, "Lynx")
    device = t.device
    layout = device.daemon.state.layout
    first = next(i for i in range(25) if layout.role(i, "A") == "G")
    t.guess("B", first)
    device.stop()  # the power goes; the game is in the journal, the team in the store
    device = start_device(tmp_path, legend_read=False)
    try:
        t = Table(device)
        assert device.daemon.state.agents_found == 1  # resumed
        _win(t)
        assert t.messages()["A"] == "won_mission"
    finally:
        device.stop()
    with CampaignStore.in_folder(tmp_path) as store:
        record = store.record("Lynx")
    assert [g.mission for g in record.games] == ["prague"]  # recorded once


@pytest.mark.parametrize("then", ["new-game-at-start", "later-game-resumed"])
def test_a_result_the_campaign_file_refuses_is_recorded_once_it_takes_writes(tmp_path, then):
    t = _team_game(tmp_path, "Lynx")
    device = t.device
    try:
        # The campaign file stops taking writes (as on a full or read-only disk);
        # the journal still does.
        device.daemon.campaign.store.db.execute("PRAGMA query_only = ON")
        _win(t)
        assert t.dump()["outcome"] == "won"  # the winning move was played, not refused
        assert t.messages() == {"A": "team_not_saved", "B": "team_not_saved"}
        assert t.lines("A")[:3] == ["Team record:", "read-only", "saved later"]
        if then == "later-game-resumed":
            first = device.daemon.game_id
            t.do("A press")  # the next game, while the file still refuses the result
            assert device.daemon.game_id == first + 1 and t.dump()["outcome"] == "playing"
    finally:
        device.stop()  # the power goes (mid-game in the later game)
    with CampaignStore.in_folder(tmp_path) as store:
        assert store.record("Lynx").games == ()
    device = start_device(tmp_path, legend_read=False)  # the next start: the file works
    try:
        # a game goes on, resumed, or a new one starts; either way the result is kept
        assert (device.daemon.resumed is not None) == (then == "later-game-resumed")
    finally:
        device.stop()
    with CampaignStore.in_folder(tmp_path) as store:
        record = store.record("Lynx")
    assert [(g.mission, g.outcome) for g in record.games][:1] == [("prague", "won")]
    assert list(progress(load_book(), record).completed) == ["prague"]


def test_the_clues_dialled_in_a_teams_game_show_one_turn_past_its_record(tmp_path):
    device = start_device(tmp_path)
    try:
        t = Table(device)
        _menu(t, "A", "new_team")
        t.do("A hold", "A hold")  # the suggested name: Owls
        _menu(t, "A", "new_game")
        t.do("A press", "A hold")
        _win(t, dial=3)  # A's clue said aloud only; B dials 3 for its clue
        t.do("A right", "A right")  # the partner's key, then the team's record
        assert t.lines("A")[0] == "Team Owls"
        assert t.lines("A")[-2:] == ["Knob: clues", "Press: new game"]
        t.do("A right")
        assert t.lines("A") == ["Clues: Prague", "A ?, B 3", "Knob: your key", "Press: new game"]
        assert device.table.frame("A").getbbox() is not None
        t.do("A right")  # round to this seat's own key
        assert t.lines("A")[0].startswith("Won! Score")
        t.do("B left")  # the other way round: the clue log comes first
        assert t.lines("B")[0] == "Clues: Prague"
    finally:
        device.stop()
    with CampaignStore.in_folder(tmp_path) as store:
        (game,) = store.record("Owls").games
    assert [(c.giver, c.number) for c in game.clues] == [("A", None), ("B", 3)]


def test_a_long_clue_log_wraps_between_clues_and_keeps_the_hints_in_view():
    from keystand.screens.panel import LINE
    from keystand.screens.team import team_lines
    from keystand.screens.text import use
    from keystand.screens.view import LoggedClue, TeamPanel

    words = ["ocean", "castle", "winter", "gold", "tiger", "paper", "river", "moon", "train"]
    words += ["apple", "cloud", "horse", "salt"]
    clues = tuple(LoggedClue("AB"[n % 2], n % 3 + 1, w) for n, w in enumerate(words))
    clues += (LoggedClue("B", 2, "ship", 1, "star"),)
    panel = TeamPanel("Owls", 4, 2, "Prague", 22, 1, clues, page="clues")
    lines = team_lines(panel, 128)
    assert lines[0] == "Clues: Prague" and lines[-2:] == ["Knob: your key", "Press: new game"]
    log = " ".join(lines[1:-2])
    assert log.startswith("A 1 OCEAN, B 2 CASTLE,") and log.endswith("B 2 SHIP+1 STAR")
    for n, w in enumerate(words):  # no clue is cut across two lines
        assert any(f"{'AB'[n % 2]} {n % 3 + 1} {w.upper()}" in line for line in lines)
    assert len(lines) > 64 // LINE  # too long for the mono panel: ...
    shown = _text_shown(lines, 64)
    assert shown[0] == lines[0] and shown[-2:] == lines[-2:]  # ... the title and hints stay
    assert "B 2 SHIP+1 STAR" in shown[-3]  # ... and the newest clues
    try:
        use("fi")
        fi = team_lines(panel, 128)
        assert fi[0] == "Vihjeet: Praha" and fi[-2:] == ["Kierrä: omasi", "Paina: uusi peli"]
        record = team_lines(TeamPanel("Owls", 4, 2, "Prague", 22, 1, clues), 128)
        assert record[-2] == "Kierrä: vihjeet"
    finally:
        use("en")


def _text_shown(lines: list[str], height: int) -> list[str]:
    """The lines ``_text_screen`` draws on a panel ``height`` px high."""
    from keystand.screens.panel import LINE

    rows = height // LINE
    return lines[:1] + lines[1:][-(rows - 1) :] if len(lines) > rows else lines


def test_a_team_named_at_the_table_can_play_the_expert_variant(tmp_path):
    # 10-token rulebook, "Continuing on": experts take one token out of each mission.
    device = start_device(tmp_path)
    try:
        t = Table(device)
        _menu(t, "A", "new_team")
        t.do("A press", "A press")  # Duet map -> 10-token map -> 10-token expert
        assert dict(device.daemon.session.menus["A"].lines())["new_team"] == "10-token expert"
        t.do("A hold", "A hold")  # name it as suggested, create it
        settings = device.daemon.settings
        assert (settings.team, settings.mission) == ("Owls", "london")
        _menu(t, "A", "mission")
        row = dict(device.daemon.session.menus["A"].lines())
        assert row["mission"] == "London\t9-9"  # the team's numbers, not the log's 10/10
        t.do("A back")
        _menu(t, "A", "new_game")
        t.do("A press", "A hold")
        rules = device.daemon.state.rules
        assert (rules.mission, rules.label) == ("london", "9-9")
    finally:
        device.stop()
    with CampaignStore.in_folder(tmp_path) as store:
        assert store.record("Owls").expert and store.record("Owls").edition == "coop10"
