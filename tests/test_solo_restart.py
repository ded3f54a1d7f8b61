"""A solo game survives a restart like a game for two: the daemon rebuilds it from
the journal (docs/daemon.md, "Solo" and "The journal"), never from the settings.

Pin level on the simulated device (tests/test_solo_table.py's table: the test
partner of tests/solo_double.py in seat B, a scripted human in seat A, a sensed
bank). A whole game is played once straight through and again with the daemon
stopped and started on the same state folder at the moments that matter; each
step's table must be the same in both. What the table shows is read from the
seat views the panels draw (fields, not sentences).
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
from pathlib import Path

import pytest

from helpers import knob_turns, settings, start_device
from keystand.app.journal import VERSION, Journal, action_to_json, check
from keystand.app.solo import GIVE, TOUCH, Plan
from keystand.app.storage import JOURNAL
from keystand.rules.layout import seat_index
from keystand.screens.view import SoloPanel
from solo_double import loader
from test_solo_table import ASSOCIATIONS as TABLE_ASSOCIATIONS
from test_solo_table import B_GREENS, WORDS, Human

FIXTURES = Path(__file__).parent / "fixtures" / "journals"
SOLO = settings(partner="ai", ai_seat="B")
# Everything the settings could say instead by the time of a restart.
CHANGED = settings(partner="person", ai_seat="A", level="hard", language="fi")
# A second word for B's agents: the AI never gives a clue word twice in a game.
ASSOCIATIONS = {**TABLE_ASSOCIATIONS, "WATCHERS": TABLE_ASSOCIATIONS["SPIES"]}
MINE_FIRST = [2, 4, 9]  # the test partner touches number + 1 of MINE's words in order
B_LATER = [c for c in B_GREENS if c not in (8, 11)]


def words(cells) -> tuple[str, ...]:
    return tuple(WORDS[c] for c in cells)


# The game: the AI gives SPIES 9; the human finds 8 and 11 and ends the turn; the
# human dials MINE 2 (its entry may be cut after two letters); the AI touches 2, 4,
# 9 and stops; the AI gives WATCHERS 7 for the rest of its agents, all found; the
# human gives MINE 3 and the AI's touches of 15, 17 and 24 win the game.
STEPS: list[tuple] = [
    ("guess", 8),  # 0: the first press records the AI's clue SPIES 9
    ("guess", 11),
    ("take",),
    ("type", "MI"),  # 3: the human's clue entry, two letters in
    ("type", "MINE"),
    ("give", 2),
    ("confirm",),  # 6: the AI's first touch; its second shows
    ("confirm",),
    ("confirm",),
    ("take",),  # 9: the AI stopped; the table takes its token; WATCHERS 7 shows
    *(("guess", c) for c in B_LATER),
    ("take",),
    ("type", "MINE"),
    ("give", 3),
    ("confirm",),
    ("confirm",),
    ("confirm",),  # the win
    ("debrief",),  # the human's knob: what the AI meant
]
CLUE_SHOWN, ENTRY, AI_TOUCHING, LATER_CLUE = 0, 4, 7, 10  # restarts before these steps


def step(human: Human, move: tuple) -> None:
    d = human.device.daemon
    verb, *args = move
    if verb == "guess":
        human.guess(args[0])
    elif verb == "take":  # a token off the bank ends the turn (slots 1..n hold tokens)
        human.do(f"bank take {d.state.tokens_left}")
    elif verb == "type":  # the clue entry opened if it is not (a restart closes it)
        if d.session.clue_entry is None:
            human.do("A press")
        for ch in args[0][len(d.session.clue_entry.typed) :]:
            entry = d.session.clue_entry
            items = entry.items()
            target = next(i for i, it in enumerate(items) if it.text == ch)
            human.do(*(["A right"] * ((target - entry.index) % len(items))), "A press")
    elif verb == "give":
        human.do("A hold", *(["A right"] * (args[0] - 1)), "A press")
    elif verb == "confirm":
        human.do("A press")
    elif verb == "debrief":
        human.do("A right")


def seen(human: Human) -> dict:
    """What the table shows and holds after a step: the journal's actions, the
    clue on A's screen and whose it is, the AI's touch waiting (its cell), what A's
    message says, and both seats' text panels (the AI's seat, the debrief)."""
    d = human.device.daemon
    a, b = (d.session.views()[s] for s in "AB")
    waiting = a.cursor if a.hint == "solo_confirm" else None
    return {
        "actions": [action_to_json(x) for x in d.storage.actions],
        "phase": str(d.state.phase),
        "outcome": str(d.state.outcome),
        "clue": (a.clue_word, a.clue, a.clue_by),
        "hint": a.hint,
        "ai_touch": waiting,
        "message": None if a.message is None else a.message.kind,
        "panels": (a.panel, b.panel),
    }


def play(folder: Path, restarts: set[int], changed=CHANGED, asked: list | None = None) -> list:
    """The game on a device in ``folder``; before each step in ``restarts`` the daemon
    is stopped and a new one started there with the ``changed`` settings."""
    device = start_device(folder, settings=SOLO, partner=loader(ASSOCIATIONS, asked))
    human, out = Human(device), []
    try:
        for i, move in enumerate(STEPS):
            if i in restarts:
                device.stop()
                device = start_device(folder, settings=changed, partner=loader(ASSOCIATIONS, asked))
                human = Human(device)
                assert device.daemon.resumed == (len(out[-1]["actions"]) if out else 0)
            step(human, move)
            out.append(seen(human))
    finally:
        device.stop()
    return out


@pytest.fixture(scope="module")
def straight(tmp_path_factory) -> list:
    return play(tmp_path_factory.mktemp("straight"), set())


def test_the_straight_game_is_the_one_the_restarts_are_checked_against(straight):
    assert json.loads(straight[0]["actions"][0])["word"] == "SPIES"
    assert straight[LATER_CLUE - 1]["clue"] == ("WATCHERS", 7, "ai")
    assert straight[-1]["phase"] == "over" and straight[-1]["outcome"] == "won"
    meant = straight[-1]["panels"][0]
    assert meant == SoloPanel(
        "meant", (("SPIES", 9, words(B_GREENS)), ("WATCHERS", 7, words(B_LATER)))
    )
    rows = [json.loads(a) for a in straight[-1]["actions"]]
    touched = [r["cell"] for r in rows if r["type"] == "guess" and r["seat"] == "B"]
    assert touched == [*MINE_FIRST, 15, 17, 24]


@pytest.mark.parametrize(
    "restarts",
    [{CLUE_SHOWN}, {ENTRY}, {AI_TOUCHING}, {LATER_CLUE}, {CLUE_SHOWN, ENTRY, AI_TOUCHING, 8}],
    ids=["ai-clue-shown", "human-clue-entry", "mid-ai-touches", "second-ai-clue", "all"],
)
def test_a_restart_goes_on_with_the_same_solo_game_to_the_same_end(tmp_path, straight, restarts):
    asked: list = []
    again = play(tmp_path, restarts, asked=asked)
    for i, (want, got) in enumerate(zip(straight, again, strict=True)):
        assert got == want, f"step {i} {STEPS[i]}"
    # The AI came back as the journal has it, whatever the settings said by then.
    assert set(asked) == {("en", "normal")}


def test_before_the_restart_the_shown_clue_and_touches_are_on_disk(tmp_path):
    device = start_device(tmp_path, settings=SOLO, partner=loader(ASSOCIATIONS))
    human = Human(device)
    try:
        for move in STEPS[:AI_TOUCHING]:
            step(human, move)
    finally:
        device.stop()
    game = check(tmp_path / JOURNAL)
    assert game is not None and game.partner == "ai"
    assert game.solo is not None and (game.solo.ai, game.solo.level, game.solo.lang) == (
        "B",
        "normal",
        "en",
    )
    assert game.solo.words == WORDS
    assert game.plans == {
        1: Plan(1, GIVE, "SPIES", 9, tuple(B_GREENS)),
        2: Plan(2, TOUCH, "MINE", 2, tuple(MINE_FIRST)),
    }


def test_the_journaled_clue_and_touches_come_back_even_if_the_ai_would_now_choose_others(
    tmp_path,
):
    # A partner that, asked afresh, would give AGENTS (first in its order) and
    # touch MINE's words the other way round: the table shows what it showed.
    other = {
        **ASSOCIATIONS,
        "AGENTS": ASSOCIATIONS["SPIES"],
        "MINE": list(reversed(ASSOCIATIONS["MINE"])),
    }
    device = start_device(tmp_path, settings=SOLO, partner=loader(ASSOCIATIONS))
    try:
        assert device.daemon.session.views()["A"].clue_word == "SPIES"
    finally:
        device.stop()
    device = start_device(tmp_path, settings=SOLO, partner=loader(other))
    try:
        assert device.daemon.session.views()["A"].clue_word == "SPIES"
    finally:
        device.stop()
    device = start_device(tmp_path, settings=SOLO, partner=loader(ASSOCIATIONS))
    human = Human(device)
    try:
        for move in STEPS[:AI_TOUCHING]:
            step(human, move)
        assert device.daemon.state.agents[2] == "B"
    finally:
        device.stop()
    device = start_device(tmp_path, settings=SOLO, partner=loader(other))
    try:
        view = device.daemon.session.views()["A"]
        assert view.hint == "solo_confirm" and view.cursor == seat_index(4, "A")
        Human(device).do("A press")
        assert device.daemon.state.agents[4] == "B"  # not 24, which it would touch now
    finally:
        device.stop()


# ---------------------------------------------------------------- the file


def _schema(path: Path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return sorted(db.execute("SELECT type, name, sql FROM sqlite_master").fetchall())
    finally:
        db.close()


def _version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def test_a_version_0_journal_migrates_to_the_same_schema_as_a_new_one(tmp_path):
    old = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / "version0.sqlite", old)
    before = check(old)  # read as it is, without writing it
    assert before is not None and before.partner is None and len(before.actions) == 6
    assert _version(old) == 0
    Journal(old).close()
    Journal(tmp_path / "new.sqlite").close()
    assert _version(old) == _version(tmp_path / "new.sqlite") == VERSION
    assert _schema(old) == _schema(tmp_path / "new.sqlite")
    after = check(old)
    assert after is not None and after.actions == before.actions and after.id == 2
    assert after.partner is None  # written before version 1: the journal does not know
    db = sqlite3.connect(old)
    assert db.execute("SELECT id, finished FROM games").fetchall() == [(1, 1), (2, 0)]
    db.close()


def test_a_version_0_solo_game_resumes_as_the_settings_say_with_what_the_ai_meant(tmp_path):
    shutil.copyfile(FIXTURES / "version0.sqlite", tmp_path / JOURNAL)
    device = start_device(tmp_path, settings=SOLO, partner=loader(ASSOCIATIONS))
    human = Human(device)
    d = device.daemon
    try:
        assert d.resumed == 6 and d.session.solo is not None
        # Mid-way through the AI's touches for MINE 2: the second of 2, 4, 9.
        assert d.session.views()["A"].cursor == seat_index(4, "A")
        human.do("A press", "A press")
        assert [d.state.agents[c] for c in MINE_FIRST] == ["B"] * 3
    finally:
        device.stop()
    assert d.session.solo.meant[0].targets == words(B_GREENS)  # SPIES, asked again
    # From then on the journal knows it is solo, and the touches it went on with.
    game = check(tmp_path / JOURNAL)
    assert game is not None and game.partner == "ai" and game.solo is not None
    assert (game.solo.ai, game.solo.level, game.solo.lang, game.solo.words) == (
        "B",
        "normal",
        "en",
        WORDS,
    )
    assert game.plans.get(2) == Plan(2, TOUCH, "MINE", 2, tuple(MINE_FIRST))
    device = start_device(tmp_path, settings=CHANGED, partner=loader(ASSOCIATIONS))
    try:
        solo = device.daemon.session.solo
        assert solo is not None and solo.ai == "B" and solo.history == [("MINE", 0)]
    finally:
        device.stop()


def test_a_journal_newer_than_this_keystand_is_kept_and_recovered(tmp_path, caplog):
    Journal(tmp_path / JOURNAL).close()
    db = sqlite3.connect(tmp_path / JOURNAL)
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.close()
    with caplog.at_level(logging.ERROR):
        device = start_device(tmp_path, settings=SOLO, partner=loader(ASSOCIATIONS))
        device.stop()
    (line,) = [r.getMessage() for r in caplog.records if "was damaged" in r.getMessage()]
    assert f"journal version {VERSION + 1} is newer than this keystand's {VERSION}" in line
    assert len(list(tmp_path.glob("journal-damaged-*.sqlite"))) == 1


def _solo_game_on_disk(folder: Path) -> None:
    """A solo game part played: the AI's clue and plan and the human's two guesses
    on disk."""
    device = start_device(folder, settings=SOLO, partner=loader(ASSOCIATIONS))
    try:
        for move in STEPS[:2]:
            step(Human(device), move)
    finally:
        device.stop()


@pytest.mark.parametrize(
    ("table", "change", "why"),
    [
        ("solo", """words = '["ONE", "TWO"]'""", "(words are not a list of 25)"),
        ("solo", "ai = 'C'", "its solo setup does not read (AI seat 'C' is not A or B)"),
        ("solo", "level = 'godlike'", "its solo setup does not read (AI level 'godlike'"),
        ("plans", "plan = '{not json'", "plan 1: Expecting property name"),
        (
            "plans",
            """plan = '{"kind": "give", "word": "SPIES", "number": 9, "cells": [25]}'""",
            "plan 1: cells are not a list of cells 0-24",
        ),
    ],
)
def test_a_bad_solo_row_is_one_clear_line_and_the_game_goes_on(
    tmp_path, caplog, table, change, why
):
    _solo_game_on_disk(tmp_path)
    db = sqlite3.connect(tmp_path / JOURNAL)
    db.execute(f"UPDATE {table} SET {change}")
    db.commit()
    db.close()
    for start in range(2):  # and the next start is a plain one: no loop
        caplog.clear()
        with caplog.at_level(logging.INFO):
            device = start_device(tmp_path, settings=SOLO, partner=loader(ASSOCIATIONS))
            d = device.daemon
            try:
                assert d.resumed == 3  # the clue and two guesses: nothing acknowledged lost
                assert d.session.solo is not None and d.state.agents_found == 2
                assert d.session.views()["A"].role == "guess"
            finally:
                device.stop()
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        if start == 0:
            assert len(errors) == 1 and why in errors[0] and "\n" not in errors[0], errors
        else:
            assert errors == []
    assert len(list(tmp_path.glob("journal-damaged-*.sqlite"))) == 1


# ---------------------------------------------------------------- the fold


def _random_step(s, rng) -> None:
    """One thing the human in seat A does now in a solo game (session level)."""
    from keystand.rules.layout import seat_index as frame

    state, solo = s.state, s.solo
    open_cells = [c for c in range(25) if not state.out_of_play(c)]
    # Mostly a player who reads its key well (B's agents), sometimes anything.
    good = [c for c in B_GREENS if c in open_cells and state.agents[c] is None]
    cells = good if good and rng.random() < 0.8 else open_cells
    if solo.ai_guesses(state):
        s.control("A", "press")  # the AI's touch (or its stop) done on the table
    elif state.phase == "clue" and solo.ai_gives(state):
        s.cursor["A"] = frame(rng.choice(cells), "A")
        s.control("A", "press")
    elif state.phase == "clue":
        word = "MINE" if rng.random() < 0.7 else rng.choice(["SPIES", "FOG", "DOOM"])
        s.typed_clue(word, rng.randint(0, 4))
    elif state.phase == "guessing" and state.correct and rng.random() < 0.3:
        s.control("A", "back")
    else:
        s.cursor["A"] = frame(rng.choice(cells), "A")
        s.control("A", "press")


def test_the_solo_game_rebuilt_from_the_journal_is_the_one_that_was_played():
    """After every move of random games (to wins, losses and sudden death), a solo
    game rebuilt from the actions and plans the journal would hold knows what the
    live one knows and shows the same clue and touch next."""
    seen: set[str] = set()
    for seed in range(40):
        seen |= _rebuilt_after_every_move(seed)
    assert {"sudden_death", "won", "lost"} <= seen


def _rebuilt_after_every_move(seed: int) -> set[str]:
    """One random game, checked after every move; the phases and outcome it saw."""
    import random

    from keystand.app.session import Session
    from keystand.app.solo import SoloGame
    from keystand.rules.game import new_game
    from keystand.rules.ranking import rank
    from keystand.rules.setup import Rules
    from solo_double import TablePartner
    from test_solo_table import LAYOUT

    rng = random.Random(seed)
    tokens = rng.choice([4, 6, 9])
    rules = Rules(tokens=tokens, bystander_tokens=tokens)
    partner = TablePartner(ASSOCIATIONS)
    plans: dict[int, Plan] = {}
    keep = plans.setdefault  # the journal keeps the first plan for a clue
    live = SoloGame(partner, WORDS, "B", "en", rank(LAYOUT), record=lambda p: keep(p.clue, p))
    played: list = []
    s = Session(new_game(LAYOUT, rules), lambda a, st: played.append(a), solo=live)
    phases = set()
    for _ in range(400):
        s.views()  # what the panels show: the AI's clue and touch are made here
        if s.state.phase == "over":
            break
        _random_step(s, rng)
        phases.add(str(s.state.phase))
        again = SoloGame(partner, WORDS, "B", "en", rank(LAYOUT))
        again.resume(new_game(LAYOUT, rules), played, plans)
        state = s.state
        assert again.meant == live.meant and again.history == live.history
        assert again.sudden_ai == live.sudden_ai
        assert again.ai_guesses(state) == live.ai_guesses(state)
        assert again.touch(state) == live.touch(state)
        assert _said(again.ai_clue(state)) == _said(live.ai_clue(state))
    assert s.state.phase == "over"
    return phases | {str(s.state.outcome)}


def _said(given) -> tuple | None:
    return None if given is None else (given.word, given.number, tuple(given.targets))


# ---------------------------------------------------------------- the settings


def test_the_simulator_keeps_partner_ai_seat_and_level_across_a_restart(tmp_path):
    """The device keeps none of the menu's choices (each start takes [game]'s); the
    simulator keeps them all in web.json, the solo ones included (docs/daemon.md)."""
    import contextlib
    import threading

    from helpers import KEY, device_config, settle
    from keystand.web.simulator import Simulator
    from keystand.web.state import StateFolder

    @contextlib.contextmanager
    def simulator():
        """A simulator running on the test's state folder, stopped at the end."""
        folder = StateFolder(tmp_path / "state")
        sim = Simulator([device_config()], folder, key=KEY, partner=loader(ASSOCIATIONS))
        loop = threading.Thread(target=sim.run)
        loop.start()
        try:
            yield sim
        finally:
            sim.stop("test over")
            loop.join(5)
            folder.close()

    with simulator() as sim:
        for seat in "AB":  # the legend a new device opens with
            sim.command(f"{seat} back")
        # The menu: New game, Partner (person -> AI), AI seat (B -> A), AI level
        # (normal -> hard); back closes it.
        for line in ["A back_hold", "A right", "A press", "A right", "A press", "A right"]:
            sim.command(line)
        sim.command("A press")
        sim.command("A back")
        settle(sim.daemon)
        chosen = sim.daemon.settings
        assert (chosen.partner, chosen.ai_seat, chosen.level) == ("ai", "A", "hard")
    with simulator() as sim:
        kept = sim.daemon.settings
        assert (kept.partner, kept.ai_seat, kept.level) == ("ai", "A", "hard")


# ---------------------------------------------------------------- storage


def _setup():
    from keystand.app.solo import SoloSetup

    return SoloSetup("B", "easy", "en", WORDS)


def test_a_solo_game_played_unsaved_is_written_whole_once_the_folder_works(tmp_path):
    from keystand.app.storage import Storage
    from keystand.rules.actions import Clue, Guess
    from keystand.rules.setup import Rules
    from test_solo_table import LAYOUT

    folder = tmp_path / "state"
    folder.write_text("in the way")  # a file where the folder goes: unsaved
    storage = Storage(folder)
    assert storage.open() is None and storage.mode == "unsaved"
    storage.start(LAYOUT, Rules(), _setup())
    shown = Plan(1, GIVE, "SPIES", 9, tuple(B_GREENS))
    storage.plan(shown)
    storage.append(Clue("B", 9, "SPIES"), finished=False)
    storage.append(Guess("A", 8), finished=False)
    folder.unlink()
    assert storage.probe() and storage.mode == "saving"
    storage.close()
    game = check(folder / JOURNAL)
    assert game is not None and len(game.actions) == 2
    assert game.partner == "ai" and game.solo == _setup() and game.plans == {1: shown}


def test_a_plan_that_cannot_be_written_is_written_before_the_next_move(tmp_path, monkeypatch):
    from keystand.app.storage import Storage, StorageError
    from keystand.rules.actions import Clue, Guess
    from keystand.rules.setup import Rules
    from test_solo_table import LAYOUT

    storage = Storage(tmp_path)
    storage.open()
    storage.start(LAYOUT, Rules(), _setup())
    real = Journal.plans

    def busy(self, plans):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(Journal, "plans", busy)
    shown = Plan(1, GIVE, "SPIES", 9, tuple(B_GREENS))
    with pytest.raises(StorageError):
        storage.plan(shown)
    assert storage.mode == "failing"
    monkeypatch.setattr(Journal, "plans", real)
    storage.append(Clue("B", 9, "SPIES"), finished=False)
    storage.append(Guess("A", 8), finished=False)
    storage.close()
    game = check(tmp_path / JOURNAL)
    assert game is not None and game.plans == {1: shown} and len(game.actions) == 2


def test_a_recovered_journal_keeps_its_solo_games(tmp_path, caplog):
    from keystand.app.storage import Storage
    from keystand.rules.actions import Clue, Guess
    from keystand.rules.setup import Rules
    from test_solo_table import LAYOUT

    storage = Storage(tmp_path)
    storage.open()
    storage.start(LAYOUT, Rules(), _setup())
    shown = Plan(1, GIVE, "SPIES", 9, tuple(B_GREENS))
    storage.plan(shown)
    for action in [Clue("B", 9, "SPIES"), Guess("A", 8), Guess("A", 11)]:
        storage.append(action, finished=False)
    storage.close()
    db = sqlite3.connect(tmp_path / JOURNAL)
    db.execute("""UPDATE actions SET action = '{"type": "teleport"}' WHERE seq = 3""")
    db.commit()
    db.close()
    storage = Storage(tmp_path)
    game = storage.open()
    storage.close()
    assert storage.recovered is not None and game is not None and len(game.actions) == 2
    assert game.partner == "ai" and game.solo == _setup() and game.plans == {1: shown}


# ---------------------------------------------------------------- a real kill


def test_a_killed_daemon_comes_back_to_the_real_ais_solo_game(tmp_path):
    """`keystand run --simulate` with the real English AI: the menu makes the next
    game solo, SIGKILL while its clue waits, and again after the first press. The
    restarted device's menu says person (the device keeps no settings); the game is
    the journal's: the same clue on the human's screen, the same AI seat."""
    import subprocess

    from helpers import KEY, daemon_command

    pytest.importorskip("keystand.partner")

    def run(*lines: str) -> dict:
        proc = subprocess.Popen(
            daemon_command(tmp_path, "--key", KEY),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            proc.stdin.write("".join(f"{line}\n" for line in (*lines, "dump")))
            proc.stdin.flush()
            dumped = json.loads(proc.stdout.readline())
        finally:
            proc.kill()  # no goodbye: what is on disk is what there is
            proc.wait(10)
        return dumped

    menu = ["A back", "B back", "A back_hold", "A right", "A press", "A back"]
    new_game = ["A back_hold", "A press", "A hold"]
    shown = run(*menu, *new_game)
    again = run()
    assert shown["seq"] == again["seq"] == 0
    assert again["seats"] == shown["seats"]  # the AI's clue, both screens, as they were
    game = check(tmp_path / JOURNAL)
    assert game is not None and game.partner == "ai" and game.solo is not None
    # A's first press, on one of the AI's agents (a guess that keeps the game going),
    # records the AI's clue with the guess.
    ai = game.solo.ai
    human = "A" if ai == "B" else "B"
    aim = next(c for c in range(25) if game.layout.role(c, ai) == "G")
    turns = knob_turns(None, seat_index(aim, human))  # from off the cards
    pressed = run(*[f"{human} {turn}" for turn in turns], f"{human} press")
    game = check(tmp_path / JOURNAL)
    assert game is not None and game.partner == "ai"
    plan = game.plans[1]
    clue = game.actions[0]
    assert (clue.seat, clue.word, clue.number) == (game.solo.ai, plan.word, plan.number)
    after = run()
    assert after["seq"] == pressed["seq"] == 2
    assert after["seats"]["B"] == pressed["seats"]["B"]  # the AI's seat: its clue log
    assert after["seats"][human]["lines"][1] == pressed["seats"][human]["lines"][1]


def test_a_journal_a_newer_keystand_put_in_its_place_is_kept_and_the_game_saved(tmp_path):
    from keystand.app.storage import DAMAGED, Storage, StorageError
    from keystand.rules.actions import Clue, Guess
    from keystand.rules.setup import Rules
    from test_solo_table import LAYOUT

    storage = Storage(tmp_path)
    storage.open()
    storage.start(LAYOUT, Rules(), _setup())
    storage.append(Clue("B", 9, "SPIES"), finished=False)
    newer = tmp_path / "newer.sqlite"
    Journal(newer).close()
    db = sqlite3.connect(newer)
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.close()
    for old in tmp_path.glob(f"{JOURNAL}*"):  # the running table's file, and its WAL
        old.unlink()
    newer.replace(tmp_path / JOURNAL)
    with pytest.raises(StorageError):
        storage.append(Guess("A", 8), finished=False)
    assert storage.status == ("failing", DAMAGED)
    assert storage.probe() and storage.mode == "saving"
    storage.append(Guess("A", 8), finished=False)
    storage.close()
    assert len(list(tmp_path.glob("journal-damaged-*.sqlite"))) == 1
    game = check(tmp_path / JOURNAL)
    assert game is not None and game.solo == _setup() and len(game.actions) == 2
