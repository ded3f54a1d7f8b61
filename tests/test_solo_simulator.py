"""Solo mode in the browser simulator: the page's text box gives the human's clue
(POST /clue "WORD N"), a refusal comes back as one line for beside the box, and
the word cards are the solo game's own words. The simulator runs in this process
with the test partner (tests/solo_double.py); the HTTP server is the real one."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from dataclasses import asdict

import pytest

from helpers import KEY, device_config, settle
from keystand.app.menu import Settings
from keystand.config import Game
from keystand.web.server import serve
from keystand.web.simulator import Simulator
from keystand.web.state import StateFolder
from solo_double import loader
from test_solo_table import ASSOCIATIONS, WORDS


def _page(tmp_path, lang: str = "en"):
    folder = StateFolder(tmp_path / "state")
    settings = {**asdict(Settings.from_config(Game())), "partner": "ai", "language": lang}
    folder.save(settings=settings)
    sim = Simulator([device_config()], folder, key=KEY, partner=loader(ASSOCIATIONS))
    server = serve(sim, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    loop = threading.Thread(target=sim.run)
    loop.start()
    for seat in "AB":  # close the legend a new device opens with
        sim.command(f"{seat} back")
    settle(sim.daemon)
    return sim, server, loop


@pytest.fixture
def page(tmp_path):
    sim, server, loop = _page(tmp_path)
    yield sim
    server.shutdown()
    sim.stop("test over")
    loop.join(5)


@pytest.fixture(params=["fi", "ja"])
def page_in(tmp_path, request):
    sim, server, loop = _page(tmp_path, request.param)
    yield request.param, sim
    server.shutdown()
    sim.stop("test over")
    loop.join(5)


def post(sim: Simulator, path: str, body: str, token: str | None = None) -> tuple[int, str]:
    url = f"{sim.link_base}{path}?token={token or sim.token}"
    request = urllib.request.Request(url, data=body.encode(), method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode().strip()


def test_the_page_types_the_humans_clue_and_shows_refusals(page):
    sim = page
    d = sim.daemon
    assert d.session.solo is not None
    assert sim.solo() == {"kind": "solo", "on": True, "ai": "B", "typing": False, "over": False}
    words = sim.words()
    assert words["words"] == list(WORDS) and words["lang"] == "en"
    # the status line names the AI's clue the human is reading, not "Either seat gives"
    assert sim.status()["parts"][0] == "The AI (seat B) gives SPIES 9: seat A guesses"
    # Not the human's turn to give yet: the AI's clue is waiting for a guess.
    status, said = post(sim, "/clue", "MINE 6")
    assert status == 400 and said == "No: not your clue now. Guess the AI's clue"
    for line in ("A right", "A right", "A press"):  # cell 14, one of B's agents
        sim.command(line)
    settle(d)
    assert d.state.phase == "guessing"
    sim.command("bank take 9")  # the human's turn ends with a token
    settle(d)
    assert json.loads(json.dumps(sim.solo()))["typing"] is True
    tokens = d.state.tokens_left
    status, said = post(sim, "/clue", "ZEBRA 2")
    assert status == 400 and said == "No: not a word I know. Clues are nouns"
    status, said = post(sim, "/clue", f"{WORDS[2]} 1")
    assert status == 400 and said == "No: it is on the table. Pick another word"
    assert d.state.tokens_left == tokens and d.state.phase == "clue"
    # The phone views: the AI seat's types nothing; neither presses buttons.
    status, said = post(sim, "/clue", "mine 6", sim.seat_tokens["B"])
    assert status == 400 and said == "Seat B is the AI's"
    assert post(sim, "/input", "A press", sim.seat_tokens["A"])[0] == 403
    status, _ = post(sim, "/clue", "mine 6", sim.seat_tokens["A"])  # the human's phone
    assert status == 204
    settle(d)
    assert d.state.clue_word == "MINE" and d.state.clue_number == 6 and d.state.giver == "A"
    assert "AI touches:" in d.snapshot()["seats"]["A"]["lines"]


def test_after_a_lost_solo_game_the_page_says_the_game_is_over(page):
    from helpers import LAYOUT

    sim = page
    assassin = next(i for i in range(25) if LAYOUT.role(i, "B") == "B")  # A guesses B's side
    step = "A right" if assassin > 12 else "A left"
    for line in [step] * abs(assassin - 12) + ["A press"]:
        sim.command(line)
    settle(sim.daemon)
    assert sim.daemon.state.phase == "over"
    assert sim.solo() == {"kind": "solo", "on": True, "ai": "B", "typing": False, "over": True}


# The status line and a refusal beside the clue box, in the table's language (the
# test partner knows no Finnish or Japanese card: its clue is its "SOMETHING 1").
SAID = {
    "fi": ("Kone (paikka B) antaa vihjeen SOMETHING 1: paikka A arvaa", "Ei: ei vihjevuorosi"),
    "ja": ("AI（席B）のヒントSOMETHING 1：席Aが推理", "不可：ヒントの番でない"),
}


def test_the_page_speaks_the_tables_language_in_its_status_and_refusals(page_in):
    lang, sim = page_in
    assert sim.words()["lang"] == lang
    status_line, refusal = SAID[lang]
    parts = sim.status()["parts"]
    assert parts[0] == status_line and not parts[1].endswith("tokens left")
    status, said = post(sim, "/clue", "MINE 6")  # the AI's clue is waiting: not yet
    assert status == 400 and said.startswith(refusal) and "not your clue" not in said
