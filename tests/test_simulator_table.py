"""The simulated table under the page, without a browser: its bank across a restart
of the simulator and across the page's panel switch. The simulator runs in this
process on a state folder of its own; its loop on a thread, as ``keystand simulate``
runs it."""

from __future__ import annotations

import threading
from dataclasses import asdict
from pathlib import Path

import pytest

from helpers import KEY, LAYOUT, PROFILES, device_config, settle, wait_for
from keystand.app.menu import Settings
from keystand.config import Game
from keystand.web.simulator import Simulator
from keystand.web.state import StateFolder

A_GREEN = next(i for i in range(25) if LAYOUT.role(i, "A") == "G")


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


def _guess_for_b(r: Running, cell: int) -> None:
    """B's first guess, on A's clue said aloud: B's cursor turned to ``cell``."""
    here = 24 - cell  # B reads the grid turned around
    r.do(*(["B right"] * (here - 12) if here >= 12 else ["B left"] * (12 - here)), "B press")


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
    assert all(v.message is None or v.message.kind not in ("missing", "extra")
               for v in session.views().values())
    old = r.sim.daemon
    assert r.sim.switch_panels() is None  # and back
    assert wait_for(lambda: r.sim.daemon is not old and r.sim.setup()["panel"] == "mono", 10)
    settle(r.sim.daemon)
    assert r.sim.sim.slots() == laid and _bank_in_order(r)
