"""A simulated daemon running in a thread, with each panel's bus decoded live."""

from __future__ import annotations

import threading
from pathlib import Path

from keystand.app.config import load
from keystand.app.daemon import Daemon
from keystand.app.sim_input import SimInput
from keystand.hal.controller import decoder_for

PROFILES = Path(__file__).resolve().parents[1] / "hardware" / "profiles"
PROFILE = PROFILES / "default.toml"
KEY = "06M6-NZ2B-N9BD"  # seat A: BGGTG / TGTTG / TTTTB / GTGTG / TBTTG


def start_daemon(state_dir: Path, profile: Path = PROFILE, game: dict | None = None, **ports: str):
    """(daemon, pin-level input, decoded panel RAM per seat, loop thread).

    ``game`` overrides the profile's ``[game]`` table (a mission, say)."""
    config = load(profile)
    if game:
        config.data["game"] = {**config.section("game"), **game}
    d = Daemon(config, state_dir, simulate=True, key=KEY, ports=ports)
    rams = {}
    for seat, panel in d.displays.items():
        ram = rams[seat] = decoder_for(panel.kind)
        panel.bus.listeners.append(lambda t, ram=ram: ram.feed([t]))
    thread = threading.Thread(target=d.run)
    thread.start()
    return d, SimInput(d), rams, thread


def wait_for(condition, limit: float = 3.0) -> bool:
    """Poll ``condition`` until it holds (True) or ``limit`` seconds pass (False)."""
    import time

    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False
