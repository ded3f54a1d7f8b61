"""The simulator page on a phone, 390 px wide, in English, Finnish and Japanese, for
docs/simulator.md.

    python scripts/phone_shots.py [--out docs/simulator]

Runs the simulator in this process on a fresh state folder, plays a team's
campaign game by the pins (lost to an assassin, so its record has a row), starts
the team's next game and makes a few moves (a card found, a bystander with its
token still owed, the cursors on the cards), then photographs the whole page in
Debian's Chromium as a phone shows it (touch, no keyboard) and writes
``phone-<lang>.png``. The keys are fixed, so a run gives the same table each time;
what changed on the page shows in the pictures' diff.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import threading
import time
from dataclasses import asdict
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "firmware_host"))

from keystand.app.menu import Settings  # noqa: E402
from keystand.app.session import step_cursor  # noqa: E402
from keystand.campaign.store import CampaignStore  # noqa: E402
from keystand.config import load, parse  # noqa: E402
from keystand.rules.keycode import decode  # noqa: E402
from keystand.rules.layout import seat_index  # noqa: E402
from keystand.web.server import serve  # noqa: E402
from keystand.web.simulator import Simulator  # noqa: E402
from keystand.web.state import StateFolder  # noqa: E402

OUT = ROOT / "docs" / "simulator"
PROFILE = ROOT / "hardware" / "profiles" / "default.toml"
FIRST, LOST, PLAYED = "06M6-NZ2B-N9BD", "4VPJ-8XAQ-4PXN", "HW8T-7SGW-ZRHA"
TEAM = "Foxes"
WIDTH = 390
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def _do(sim: Simulator, *lines: str) -> None:
    for line in lines:
        error = sim.command(line)
        if error:
            raise SystemExit(f"{line!r}: {error}")
    if not sim.daemon.settle(10):
        raise SystemExit("the simulator's loop did not settle")


def _touch(sim: Simulator, seat: str, cell: int) -> None:
    """``seat`` turns its cursor to ``cell`` (A's frame) and presses."""
    want, here = seat_index(cell, seat), sim.daemon.session.cursor[seat]
    # The short way round the cards and the place off them (app/session.py step_cursor).
    ways = []
    for step, name in ((1, "right"), (-1, "left")):
        at, n = here, 0
        while at != want:
            at, n = step_cursor(at, step), n + 1
        ways.append([f"{seat} {name}"] * n)
    _do(sim, *min(ways, key=len), f"{seat} press")


def _new_game(sim: Simulator, key: str) -> None:
    sim.daemon.key = key  # the next game's key, as --key gives the first
    _do(sim, "A back_hold", "A press", "A hold")  # the menu's New game, confirmed


def table(folder: Path, lang: str) -> tuple[Simulator, object, threading.Thread]:
    """A simulator whose team has lost once and is a few moves into its next game."""
    with CampaignStore.in_folder(folder) as store:
        store.create_team(TEAM, "duet")
    state = StateFolder(folder)
    state.save(settings={**asdict(Settings.from_config(parse(load(PROFILE)).game)),
                         "language": lang})
    sim = Simulator([parse(load(PROFILE))], state, key=FIRST)
    sim.set_words(lang)  # the cards in the table's language too
    server = serve(sim, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    loop = threading.Thread(target=sim.run)
    loop.start()
    _do(sim, "A back", "B back")  # the legend a new device opens with
    sim.daemon.settings.team = TEAM  # as the seat menu's Team chooses it
    _new_game(sim, LOST)
    layout = decode(LOST)
    _touch(sim, "B", next(i for i in range(25) if layout.role(i, "A") == "B"))  # lost
    _new_game(sim, PLAYED)
    layout = decode(PLAYED)
    _touch(sim, "B", next(i for i in range(25) if layout.role(i, "A") == "G"))
    _touch(sim, "B", next(i for i in range(25) if layout.role(i, "A") == "T"))
    _do(sim, "A right", "A right")
    return sim, server, loop


def shoot(lang: str, out: Path) -> Path:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        sim, server, loop = table(Path(tmp), lang)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path="/usr/bin/chromium", headless=True, args=ARGS
                )
                page = browser.new_context(
                    viewport={"width": WIDTH, "height": 844}, is_mobile=True, has_touch=True
                ).new_page()
                page.goto(f"{sim.link_base}/?token={sim.token}")
                page.wait_for_selector("#campaign-record tr[data-mission]")
                page.wait_for_function("window.keystandFrames >= 2")
                time.sleep(0.5)  # the last frames and the fonts
                # The whole page in one picture: Chromium's full-page capture drops the
                # touch emulation (the keyboard's keys would show), a tall viewport not.
                height = page.evaluate("document.documentElement.scrollHeight")
                page.set_viewport_size({"width": WIDTH, "height": height})
                time.sleep(0.3)
                png = page.screenshot()
                browser.close()
        finally:
            server.shutdown()
            sim.stop("pictures taken")
            loop.join(10)
            sim.folder.close()
    path = out / f"phone-{lang}.png"
    Image.open(io.BytesIO(png)).convert("P", palette=Image.Palette.ADAPTIVE).save(
        path, optimize=True
    )
    return path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "fi", "ja"):
        print(shoot(lang, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
