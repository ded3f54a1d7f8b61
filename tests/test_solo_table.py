"""Solo games at pin level: a scripted human in seat A turns and presses the
simulated encoder and takes tokens from the sensed bank; the AI (the test
partner, tests/solo_double.py) sits in seat B. Read the way a player reads the
table: each seat's screen lines from ``dump``.

helpers.KEY in A's frame: A's greens are 1 2 4 6 9 15 17 19 24, B's are
1 6 8 11 14 16 18 19 22; 12 is a bystander on both sides; 0 an assassin on both.
"""

from __future__ import annotations

import pytest

from helpers import LAYOUT, knob_turns, settings, settle, start_device
from keystand.books.words import deal, load
from keystand.rules.layout import seat_index
from keystand.rules.ranking import rank
from keystand.screens.render import render
from solo_double import loader

A_GREENS = [1, 2, 4, 6, 9, 15, 17, 19, 24]
B_GREENS = [1, 6, 8, 11, 14, 16, 18, 19, 22]
WORDS = deal(load("en"), rank(LAYOUT))
ASSOCIATIONS = {
    "SPIES": [WORDS[c] for c in B_GREENS],
    "MINE": [WORDS[c] for c in A_GREENS if c not in B_GREENS],
    "FOG": [WORDS[12]],
    "DOOM": [WORDS[0]],
}


class Human:
    """Seat A's player: touches the controls, takes tokens, reads the screens."""

    def __init__(self, device):
        self.device = device

    def do(self, *lines: str) -> None:
        for line in lines:
            assert self.device.command(line) is None, line
        settle(self.device.daemon)

    def dump(self) -> dict:
        return self.device.daemon.snapshot()

    def lines(self, seat: str = "A") -> list[str]:
        return self.dump()["seats"][seat]["lines"]

    def guess(self, cell: int) -> None:
        turn = knob_turns(self.device.daemon.session.cursor["A"], seat_index(cell, "A"))
        self.do(*(f"A {t}" for t in turn), "A press")

    def dial(self, word: str, number: int) -> None:
        """Press to open the clue entry, dial the word letter by letter, hold to
        offer it, then turn to the number and press to give it."""
        self.do("A press")
        for ch in word:
            entry = self.device.daemon.session.clue_entry
            assert entry is not None, self.lines()
            items = entry.items()
            target = next(i for i, it in enumerate(items) if it.text == ch)
            steps = (target - entry.index) % len(items)
            self.do(*(["A right"] * steps), "A press")
        self.do("A hold")
        assert f"You: {word}" in self.lines(), self.lines()
        self.do(*(["A right"] * (number - 1)), "A press")

    def confirm_touch(self) -> str:
        """Read the AI's touch off seat A's screen, then press: done on the table."""
        lines = self.lines()
        word = lines[lines.index("AI touches:") + 1]
        self.do("A press")
        return word


@pytest.fixture
def human(tmp_path):
    device = start_device(
        tmp_path, settings=settings(partner="ai", ai_seat="B"), partner=loader(ASSOCIATIONS)
    )
    yield Human(device)
    device.stop()


def _solid_squares(frame) -> int:
    """7x7 blocks of lit pixels in the key's area: how the screens draw an agent."""
    img = frame.convert("1")
    px = img.load()
    found = 0
    for y in range(0, 58):
        for x in range(0, 58):
            if all(px[x + i, y + j] for i in range(7) for j in range(7)):
                found += 1
    return found


def test_a_solo_game_through_to_a_win(human):
    d = human.device.daemon
    table = human.device.table
    ai_frames: list = []
    table.listen(lambda e: getattr(e, "seat", None) == "B" and ai_frames.append(table.frame("B")))
    assert d.session.solo is not None and d.session.solo.ai == "B"
    assert "AI: SPIES 9" in human.lines()
    assert human.lines("B") == ["AI partner", "Its clues:", "SPIES 9"]  # the clue A reads
    assert _solid_squares(table.frame("A")) > 0  # the check below does see a key's agents
    for cell in B_GREENS:
        human.guess(cell)
    assert d.state.agents_found == 9 and human.dump()["tokens_owed"] == 0
    human.do("bank take 9")  # the human's turn ends with a token
    assert d.state.phase == "clue" and d.state.tokens_left == 8
    assert "SPIES 9" in human.lines("B")  # the AI's own screen: its clue log, no key
    human.dial("MINE", 6)
    assert d.state.giver == "A" and d.state.clue_word == "MINE" and d.state.clue_number == 6
    touched = []
    while d.state.phase != "over":
        touched.append(human.confirm_touch())
    assert d.state.outcome == "won"
    assert sorted(touched) == sorted(w.upper() for w in ASSOCIATIONS["MINE"])
    assert human.lines()[0].startswith("Won! Score")
    human.do("A right")  # the debrief: what the AI meant
    said = " ".join(human.lines())
    assert "What the AI meant" in said and all(w.upper() in said for w in ASSOCIATIONS["SPIES"])
    # Every picture the AI's panel showed, from the first guess to the debrief:
    # text, and not one agent square of a key.
    assert len(ai_frames) >= 3
    assert all(_solid_squares(frame) == 0 for frame in ai_frames)


def test_a_solo_game_lost_to_the_ais_touch_of_the_assassin(human):
    d = human.device.daemon
    human.guess(8)
    human.do("bank take 9")
    human.dial("FOG", 1)
    assert human.confirm_touch() == WORDS[12].upper()
    assert d.state.bystander_guessers(12) == ("B",)
    lines = human.lines()
    assert lines[-2:] == ["Mark the word", "with 1 token"]  # owed, as in any game
    human.do("bank take 8")
    assert human.dump()["tokens_owed"] == 0
    # The AI's next clue, for the agents left: never SPIES again, said once already.
    clue = [line for line in human.lines() if line.startswith("AI: ")]
    assert len(clue) == 1 and not clue[0].startswith("AI: SPIES")
    human.guess(11)
    human.do("bank take 7")
    human.dial("DOOM", 1)
    assert "The assassin:" in human.lines()
    human.confirm_touch()
    assert d.state.outcome == "lost" and d.state.reason == "assassin"
    assert "Lost:" in human.lines()


def test_an_unknown_clue_word_is_refused_at_the_table_and_costs_nothing(human):
    d = human.device.daemon
    human.guess(8)
    human.do("bank take 9")
    tokens, seq = d.state.tokens_left, human.dump()["seq"]
    human.do("A press")
    for ch in "ZZ":
        entry = d.session.clue_entry
        target = next(i for i, it in enumerate(entry.items()) if it.text == ch)
        human.do(*(["A right"] * ((target - entry.index) % len(entry.items()))), "A press")
    human.do("A hold")
    assert human.lines()[:1] + human.lines()[3:4] == ["No: not a word I know", "Clues are nouns"]
    assert d.state.tokens_left == tokens and human.dump()["seq"] == seq
    human.do("A back", "A back", "A back")  # delete both letters, then leave
    assert d.session.clue_entry is None and d.state.phase == "clue"


def test_the_menu_starts_a_solo_game_with_the_chosen_level(tmp_path):
    asked: list = []
    device = start_device(tmp_path, partner=loader(ASSOCIATIONS, asked))
    try:
        human = Human(device)
        assert device.daemon.session.solo is None  # a game for two until chosen
        human.do("A back_hold", "A right", "A press")  # Partner: AI
        assert device.daemon.settings.partner == "ai"
        human.do("A right", "A right", "A press")  # AI level: normal -> hard
        human.do("A left", "A left", "A left", "A press", "A hold")  # New game, confirmed
        solo = device.daemon.session.solo
        assert solo is not None and solo.ai == "B" and asked == [("en", "hard")]
        # A new key, so new words: the AI's clue is whatever it makes of them.
        assert human.lines()[1].startswith("AI: ")
        assert human.lines("B")[:2] == ["AI partner", "Its clues:"]  # the clue A reads
        words = deal(load("en"), rank(device.daemon.state.layout))
        assert solo.words == words  # dealt as the simulator's word cards are
    finally:
        device.stop()


def test_the_ai_seats_panel_never_draws_a_key(human):
    """Every frame the AI's panel showed is its text screen, pixel for pixel."""
    d = human.device.daemon
    human.guess(8)
    human.do("bank take 9")
    human.dial("FOG", 1)
    human.confirm_touch()
    view = d.session.views()["B"]
    assert view.side == "-" * 25 and view.panel is not None
    assert human.device.table.frame("B").tobytes() == render(view).tobytes()
