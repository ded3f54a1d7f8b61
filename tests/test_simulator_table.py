"""The simulated table under the page, without a browser: its bank across a restart
of the simulator and across the page's panel switch, and the status line against
the bank and the mission. The simulator runs in this process on a state folder of
its own, its loop on a thread, as ``keystand simulate`` runs it."""

from __future__ import annotations

import json
import threading
from dataclasses import asdict
from pathlib import Path

import pytest

from helpers import KEY, LAYOUT, PROFILES, device_config, knob_turns, settle, wait_for
from keystand.app.menu import Settings
from keystand.config import Game
from keystand.rules.layout import seat_index
from keystand.web.simulator import Simulator
from keystand.web.state import StateFolder

A_GREEN = next(i for i in range(25) if LAYOUT.role(i, "A") == "G")
A_BYSTANDER = next(i for i in range(25) if LAYOUT.role(i, "A") == "T")


class Running:
    """A simulator on ``folder`` with its loop running; ``stop`` ends both."""

    def __init__(self, folder: Path, colour: bool = False, **settings: object) -> None:
        self.folder = StateFolder(folder)
        if settings:
            self.folder.save(settings={**asdict(Settings.from_config(Game())), **settings})
        configs = [device_config()]
        if colour:
            configs.append(device_config(PROFILES / "colour.toml"))
        self.sim = Simulator(configs, self.folder, key=KEY)
        self.loop = threading.Thread(target=self.sim.run)
        self.loop.start()
        settle(self.sim.daemon)

    def do(self, *lines: str) -> None:
        for line in lines:
            assert self.sim.command(line) is None, line
        settle(self.sim.daemon)

    def stop(self) -> None:
        self.sim.stop("test over")
        self.loop.join(10)
        self.folder.close()


@pytest.fixture
def running(tmp_path):
    started: list[Running] = []

    def begin(**kwargs) -> Running:
        started.append(Running(tmp_path / "state", **kwargs))
        return started[-1]

    yield begin
    for r in started:
        if r.loop.is_alive():
            r.stop()


def _guess(r: Running, seat: str, cell: int) -> None:
    """``seat`` turns its cursor the short way to ``cell`` (A's frame) and presses."""
    here = r.sim.daemon.session.cursor[seat]  # None: off the cards
    turns = knob_turns(here, seat_index(cell, seat))  # in the seat's own reading order
    r.do(*(f"{seat} {t}" for t in turns), f"{seat} press")


def _guess_for_b(r: Running, cell: int) -> None:
    """B's first guess, on A's clue said aloud."""
    _guess(r, "B", cell)


def _bank_in_order(r: Running) -> bool:
    session = r.sim.daemon.session
    return session.bank_count == session.state.tokens_left + session.owed


def test_a_restart_leaves_every_token_where_it_lay(running):
    first = running()
    first.do("A back", "B back")  # the legend a new device opens with
    _guess_for_b(first, A_GREEN)
    first.do("bank take 1")  # B ends the turn with the token nearest seat A
    assert first.sim.daemon.state.passes == 1
    laid = first.sim.sim.slots()
    assert laid[0] == "empty" and laid[1:9] == ["token"] * 8
    first.stop()

    second = running()
    assert second.sim.daemon.resumed == 3  # the clue, the guess and the pass
    # It once laid the bank afresh from slot 1 (slots 1-8), so a click on slot 9,
    # meant to take a token, put one back.
    assert second.sim.sim.slots() == laid
    assert second.sim.table()["slots"] == laid
    assert _bank_in_order(second)
    second.do("bank take 9")  # a token taken, as the click meant
    assert second.sim.sim.slots()[8] == "empty"


def test_a_token_owed_when_the_simulator_stopped_is_owed_after_the_restart(running):
    """The owed count lives in memory; the bank, laid back as it lay, still holds
    the token a bystander made the table take: it is owed again, not 'too many'."""
    first = running()
    first.do("A back", "B back")
    _guess(first, "B", A_BYSTANDER)
    assert first.sim.daemon.session.owed == 1 and first.sim.sim.slots().count("token") == 9
    first.stop()
    second = running()
    session = second.sim.daemon.session
    assert (session.state.tokens_left, session.owed, session.bank_count) == (8, 1, 9)
    assert {v.message.kind for v in session.views().values() if v.message} == {"take"}
    assert _bank_part(second) == "9 tokens in the bank; take 1 to mark the word"
    second.do("bank take 9")  # the token goes onto the word at last
    assert session.owed == 0 and _bank_in_order(second)


def test_a_new_game_is_laid_from_slot_one_whatever_the_last_one_left(running):
    r = running()
    r.do("A back", "B back")
    _guess_for_b(r, A_GREEN)
    r.do("bank take 1")
    game = r.sim.daemon.game_id
    r.do("A back_hold", "A press", "A hold")  # the menu's New game, confirmed
    assert r.sim.daemon.game_id != game
    assert r.sim.sim.slots() == ["token"] * 9 + ["empty"] * 3 and _bank_in_order(r)


def test_switching_panels_mid_game_keeps_the_games_bank(running):
    """An 11-token Berlin game switched to colour panels once shrank the bank to the
    colour build's 9 slots, and the panels asked for 2 tokens that could not go back."""
    r = running(colour=True, mission="berlin")
    r.do("A back", "B back")
    state = r.sim.daemon.state
    assert (state.rules.mission, state.tokens_left) == ("berlin", 11)
    _guess_for_b(r, A_GREEN)
    r.do("bank take 3")  # a pass, with a token from the middle of the bank
    laid = r.sim.sim.slots()
    assert laid.count("token") == 10 and laid[2] == "empty"
    old = r.sim.daemon
    assert r.sim.switch_panels() is None
    assert wait_for(lambda: r.sim.daemon is not old and r.sim.setup()["panel"] == "colour", 10)
    settle(r.sim.daemon)
    assert r.sim.setup()["slots"] == 12  # the table's bank, not the colour build's 9
    assert r.sim.sim.slots() == laid  # each token where it lay
    session = r.sim.daemon.session
    assert session.state.tokens_left == 10 and _bank_in_order(r)
    assert all(
        v.message is None or v.message.kind not in ("missing", "extra")
        for v in session.views().values()
    )
    old = r.sim.daemon
    assert r.sim.switch_panels() is None  # and back
    assert wait_for(lambda: r.sim.daemon is not old and r.sim.setup()["panel"] == "mono", 10)
    settle(r.sim.daemon)
    assert r.sim.sim.slots() == laid and _bank_in_order(r)


# ------------------------------------------------------------ the status line


def _bank_part(r: Running) -> str:
    return r.sim.status()["parts"][1]


def _sent_status(client) -> dict:
    """The last status line a stream was sent so far."""
    sent = []
    while not client.queue.empty():
        sent.append(json.loads(client.queue.get_nowait()))
    (last, *_) = [m for m in reversed(sent) if m["kind"] == "status"]
    return last


def test_a_token_owed_is_still_in_the_bank_on_the_status_line(running):
    """After a bystander the line said "8 tokens left" while 9 stood in the bank, and
    only one seat's panel said a token was owed."""
    r = running()
    r.do("A back", "B back")
    _guess(r, "B", A_BYSTANDER)
    session = r.sim.daemon.session
    assert (session.state.tokens_left, session.owed, session.bank_count) == (8, 1, 9)
    assert _bank_part(r) == "9 tokens in the bank; take 1 to mark the word"
    page = r.sim.connect(None)  # what a page's stream is sent, not only what it would be
    assert _sent_status(page)["parts"][1] == "9 tokens in the bank; take 1 to mark the word"
    r.do("bank take 9")  # the token goes onto the word: the line follows, with no move
    assert _bank_part(r) == "8 tokens left"
    assert _sent_status(page)["parts"][1] == "8 tokens left"
    r.do("bank take 8")  # one too many
    assert _bank_part(r) == "7 tokens in the bank; put 1 back"
    r.do("bank put 8")
    assert _bank_part(r) == "8 tokens left"
    r.do("bank put 9")
    assert _bank_part(r) == "9 tokens in the bank; take 1 out"


@pytest.mark.parametrize(
    ("lang", "owed", "mission"),
    [
        (
            "en",
            "11 tokens in the bank; take 1 to mark the word (bystander side up)",
            "Mission Berlin",
        ),
        (
            "fi",
            "Aikavarastossa 11 merkkiä; ota 1 ja merkitse sillä sana (sivullinen ylöspäin)",
            "Tehtävä Berliini",
        ),
        (
            "ja",
            "時間バンクにトークン11枚。1枚取って、そのワードに置く（一般人の面を上に）",
            "ミッション：ベルリン",
        ),
    ],
)
def test_a_mission_is_named_and_its_tokens_sides_said(running, lang, owed, mission):
    r = running(mission="berlin", language=lang)
    r.do("A back", "B back")
    parts = r.sim.status()["parts"]
    assert parts[-1] == mission
    _guess(r, "B", A_BYSTANDER)
    assert r.sim.status()["parts"][1] == owed


def test_a_campaign_game_names_its_mission_and_team(running, tmp_path):
    from keystand.campaign.store import CampaignStore

    with CampaignStore.in_folder(tmp_path / "state") as store:
        store.create_team("Foxes", "duet")
    r = running(mission="prague")
    r.sim.daemon.settings.team = "Foxes"  # as the seat menu's Team chooses it
    r.do("A back", "B back", "A back_hold", "A press", "A hold")  # New game, confirmed
    assert r.sim.daemon.state.rules.mission == "prague"
    assert r.sim.status()["parts"][-1] == "Mission Prague, for team Foxes"


def test_the_menus_team_is_kept_across_a_restart_while_the_folder_keeps_the_team(running, tmp_path):
    """Stop and start `keystand simulate`: the next game is still played for the team
    the menu chose (a team whose campaign is gone is not offered again)."""
    from keystand.campaign.store import CampaignStore

    (tmp_path / "state").mkdir()
    with CampaignStore.in_folder(tmp_path / "state") as store:
        store.create_team("Foxes", "duet")
    r = running()
    r.sim.daemon.settings.team = "Foxes"  # as the seat menu's Team chooses it
    r.do("A back")  # any event: the simulator saves the menu's choices after it
    r.stop()
    again = running()
    assert again.sim.daemon.settings.team == "Foxes"
    again.stop()
    assert running(team="Ghosts").sim.daemon.settings.team is None  # no such campaign
