"""Test helpers, in one place: example keys, game builders, a simulated device.

The fixtures that use these live in conftest.py.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from keystand.app.daemon import Daemon, build_daemon
from keystand.app.menu import Settings
from keystand.config import DeviceConfig, Game, load, parse
from keystand.rules.actions import Clue, Guess, Pass, Penalty
from keystand.rules.game import GameState, apply, new_game
from keystand.rules.keycode import decode
from keystand.rules.layout import Layout, cell_index, cell_name
from keystand.rules.setup import Rules
from keystand.sim.table import SimTable

ROOT = Path(__file__).resolve().parents[1]
PROFILES = ROOT / "hardware" / "profiles"
PROFILE = PROFILES / "default.toml"

# The example key of every device test. Seat A sees BGGTG / TGTTG / TTTTB / GTGTG /
# TBTTG; B's cursor starts off the cards, and three turns left bring it to A's
# c1 (B's cell 22), green on A's side.
KEY = "06M6-NZ2B-N9BD"
LAYOUT = decode(KEY)

# A hand-made key card (A's frame) used by the rulebook's worked example, with its
# 25 words in A's reading order. RANCH/DOLL/LUNCH/CAESAR/ANT are green for A,
# NAPOLEON green on both sides, RUSSIA tan for A and green for B, LEMONADE black for A.
EXAMPLE_WORDS = (
    "RANCH,RUSSIA,NAPOLEON,RIFLE,DOLL,"
    "LUNCH,LEMONADE,CAESAR,ANT,PIANO,"
    "MOON,STAR,BANK,RIVER,CASTLE,"
    "ROBOT,HONEY,GLASS,CHAIR,SNOW,"
    "TRAIN,BOOT,CLOUD,SPOON,PAPER"
)
EXAMPLE_LAYOUT = Layout.parse(
    "GT TG GG TG GT GT BT GT GT TB TG TG GB BG BB GG GG TG TT TT TT TT TT TT TT"
)


# ---------------------------------------------------------------- games


def daemon_command(state_dir: Path, *extra: str, profile: Path = PROFILE) -> list[str]:
    """`keystand run --simulate` on a profile and a state folder, as a process."""
    return [
        sys.executable,
        "-m",
        "keystand.cli",
        "run",
        "--config",
        str(profile),
        "--simulate",
        "--state-dir",
        str(state_dir),
        *extra,
    ]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run the installed command the way a user does, in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-m", "keystand.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def play_example(script: str | Path, *extra: str) -> subprocess.CompletedProcess:
    """``keystand play`` on the worked example's card and words; the script is
    text given on stdin, or a file named on the command line."""
    from_file = isinstance(script, Path)
    return run_cli(
        "play",
        "--layout",
        EXAMPLE_LAYOUT.format(),
        "--words",
        EXAMPLE_WORDS,
        *extra,
        "--script",
        str(script) if from_file else "-",
        stdin=None if from_file else script,
    )


def play(layout: Layout, rules: Rules, script: str) -> tuple[GameState, list]:
    """Apply a compact script ('clue A 2; guess B a1; pass B; penalty')."""
    state = new_game(layout, rules)
    events: list = []
    for step in filter(None, (s.strip() for s in script.split(";"))):
        verb, *args = step.split()
        if verb == "clue":
            action = Clue(args[0], int(args[1]))
        elif verb == "guess":
            action = Guess(args[0], cell_index(args[1]))
        elif verb == "pass":
            action = Pass(args[0])
        else:
            action = Penalty()
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def cells_with(layout: Layout, pair: str) -> list[str]:
    return [cell_name(i) for i, p in enumerate(layout.pairs) if p == pair]


# ---------------------------------------------------------------- the device


def device_config(profile: Path = PROFILE, **tables: dict) -> DeviceConfig:
    """A profile's typed config, with some of its tables changed (``game={...}``)."""
    raw = load(profile)
    for name, table in tables.items():
        raw.data[name] = {**raw.section(name), **table}
    return parse(raw)


def settings(**changes) -> Settings:
    """The menu's settings as a config without [game] starts them, with changes."""
    return replace(Settings.from_config(Game()), **changes)


@dataclass
class Device:
    """A simulated device whose loop runs on a thread: drive it through ``table``
    (pins, wires) and read what it shows there; ``daemon`` for the engine's state."""

    daemon: Daemon
    table: SimTable
    thread: threading.Thread

    def command(self, line: str) -> str | None:
        return self.table.command(line)

    def stop(self) -> None:
        self.daemon.stop("test over")
        self.thread.join(5)


def start_device(
    state_dir: Path,
    config: DeviceConfig | None = None,
    key: str = KEY,
    legend_read: bool = True,
    settings: Settings | None = None,
    partner=None,
    **ports: str,
) -> Device:
    """Build the simulated device and start its loop; ``ports`` points its printer
    or scanner at a test's own pty. ``legend_read``: close the legend a new device
    opens with, as the players would, before the test's own touches. ``settings``:
    the menu's choices; ``partner``: an AI partner loader for solo games."""
    d = build_daemon(
        config or device_config(),
        "sim",
        state_dir,
        key=key,
        ports=ports,
        settings=settings,
        partner=partner,
    )
    table = d.hardware.table
    assert table is not None
    thread = threading.Thread(target=d.run)
    thread.start()
    if legend_read:  # a new device opens with the legend; a touch (back) closes it
        for seat in "AB":
            if d.session.legend[seat]:
                table.command(f"{seat} back")
        assert wait_for(lambda: not any(d.session.legend.values()))
    return Device(d, table, thread)


def wait_for(condition: Callable[[], object], limit: float = 3.0) -> bool:
    """Poll ``condition`` until it holds (True) or ``limit`` seconds pass (False)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def settle(d: Daemon, limit: float = 5.0) -> None:
    """Wait until the loop has handled every input so far and no bank edge is settling."""
    assert d.settle(limit), "the daemon's loop did not settle"


def expected_after_restart(path: Path) -> dict | None:
    """What a table restarted on the journal at ``path`` must show: the replay of
    its unfinished game (``seq`` and the engine's summary), or None when there is
    none (no journal, no tables yet, or the last game finished)."""
    from keystand.app.journal import action_from_json, replay
    from keystand.rules.report import summary

    if not path.exists():
        return None
    db = sqlite3.connect(path)
    try:
        try:
            game = db.execute(
                "SELECT id, layout, rules, finished FROM games ORDER BY id DESC LIMIT 1"
            ).fetchone()
        except sqlite3.OperationalError:  # killed before its tables were made
            return None
        if game is None or game[3]:
            return None
        actions = [
            action_from_json(a)
            for (a,) in db.execute(
                "SELECT action FROM actions WHERE game = ? ORDER BY seq", (game[0],)
            )
        ]
    finally:
        db.close()
    state = replay(Layout.parse(game[1]), Rules(**json.loads(game[2])), actions)
    return {"seq": len(actions), **summary(state)}


def game_part(snapshot: dict, expected: dict) -> dict:
    """The keys of ``expected`` in a daemon's snapshot or dump: the game, without
    the seats' screens and the storage line, which are views of it."""
    return {k: snapshot.get(k) for k in expected}


# What a player's hands can do on the two seats' controls (`keystand run --simulate`).
MOVES = ["A right", "A left", "B right", "B left", "A press", "B press", "A back", "B back"]


def random_move(device, rng: random.Random) -> None:
    """One move a player could make now on a simulated device: mostly the seat
    whose turn it is acts (a clue, or a guess a few cells on), sometimes anything."""
    views = device.daemon.session.views()
    acting = [seat for seat, view in views.items() if view.role in ("clue", "guess", "over")]
    if not acting or rng.random() < 0.2:
        device.command(rng.choice(MOVES))
        return
    seat = rng.choice(acting)
    if views[seat].role == "guess":  # a turn starts off the cards: at least a detent
        for _ in range(rng.randint(1, 4)):
            device.command(f"{seat} right")
    device.command(f"{seat} press")


def journal_rows(path: Path) -> dict[tuple[int, int], dict]:
    """Every action row a journal file holds, by (game, seq); none for a file the
    cut left without its tables, or no file at all."""
    if not path.exists():
        return {}
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT game, seq, action FROM actions").fetchall()
    except sqlite3.OperationalError:  # the cut took the table's creation with it
        rows = []
    finally:
        db.close()
    return {(g, s): json.loads(a) for g, s, a in rows}


def serve_simulator(
    tmp_path: Path, partners: object = None, config: Any = None, **settings: object
):
    """A browser simulator on a fresh state folder whose saved settings are the
    defaults with ``settings`` over them, its HTTP server on a free port and its
    loop running, the legend a new device opens with closed: (sim, server, loop).
    ``partners``: the AI partner loader, for solo games; ``config``: the table's
    (the reference build's by default)."""
    from dataclasses import asdict

    from keystand.web.server import serve
    from keystand.web.simulator import Simulator
    from keystand.web.state import StateFolder

    folder = StateFolder(tmp_path / "state")
    folder.save(settings={**asdict(Settings.from_config(Game())), **settings})
    sim = Simulator([config or device_config()], folder, key=KEY, partner=partners)
    server = serve(sim, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    loop = threading.Thread(target=sim.run)
    loop.start()
    for seat in "AB":
        sim.command(f"{seat} back")
    settle(sim.daemon)
    return sim, server, loop


def knob_turns(here: int | None, target: int) -> list[str]:
    """The detents that bring a seat's cursor the short way from ``here`` (None: off
    the cards, where every game starts) to ``target``, both in that seat's own
    reading order: the knob goes round the 25 cards and the place off them."""
    ring = [None, *range(25)]
    steps = (ring.index(target) - ring.index(here)) % len(ring)
    return ["right"] * steps if steps <= len(ring) // 2 else ["left"] * (len(ring) - steps)


# Inputs a fuzz test draws in one run of the suite. 20,000 keep the whole suite
# within CI's 15 minutes on two cores (100,000 took 250-300 s each, a quarter of
# its CPU); KEYSTAND_FUZZ_EXAMPLES=100000 bash scripts/test -m slow draws more.
FUZZ_EXAMPLES = int(os.environ.get("KEYSTAND_FUZZ_EXAMPLES", "20000"))
