"""A simulated daemon running in a thread, with each panel's bus decoded live."""

from __future__ import annotations

import threading
from pathlib import Path

from keystand.app.config import load
from keystand.app.daemon import Daemon
from keystand.app.sim_input import SimInput
from keystand.hal.controller import DisplayRam

PROFILE = Path(__file__).resolve().parents[1] / "hardware" / "profiles" / "default.toml"
KEY = "06M6-NZ2B-N9BD"  # seat A: BGGTG / TGTTG / TTTTB / GTGTG / TBTTG


def start_daemon(state_dir: Path, **ports: str):
    """(daemon, pin-level input, decoded panel RAM per seat, loop thread)."""
    d = Daemon(load(PROFILE), state_dir, simulate=True, key=KEY, ports=ports)
    rams = {}
    for seat, panel in d.displays.items():
        ram = rams[seat] = DisplayRam(panel.kind)
        panel.bus.listeners.append(lambda t, ram=ram: ram.feed([t]))
    thread = threading.Thread(target=d.run)
    thread.start()
    return d, SimInput(d), rams, thread
