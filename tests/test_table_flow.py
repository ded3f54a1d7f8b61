"""The turn flow at the table, driven at pin level and read the way a player reads it:
what each seat's screen says (``dump``), and what the bank still owes.

helpers.KEY in A's frame: A's greens are a-cells 1 2 4 6 9 15 17 19 24, B's are
1 6 8 11 14 16 18 19 22; 5 7 10 12 13 20 23 are bystanders on both sides; 0 is
an assassin on both.
"""

import json
import subprocess
import sys

import pytest

from helpers import KEY, PROFILE, knob_turns, settle, start_device, wait_for
from keystand.rules.layout import cell_name, seat_index

A_GREENS = [1, 2, 4, 6, 9, 15, 17, 19, 24]
B_GREENS = [1, 6, 8, 11, 14, 16, 18, 19, 22]
BOTH_TAN = [5, 7, 10, 12, 13, 20, 23]


class Table:
    """A simulated device, touched as players touch it, read from its dump."""

    def __init__(self, device):
        self.device = device
        self.touches = 0  # every touch of a control
        self.guessing = 0  # the touches that move a cursor to a word and press it

    def do(self, *lines: str) -> None:
        for line in lines:
            assert self.device.command(line) is None, line
            if not line.startswith("bank"):
                self.touches += 1
        settle(self.device.daemon)

    def dump(self) -> dict:
        return self.device.daemon.snapshot()

    def guess(self, seat: str, cell: int) -> None:
        """Turn ``seat``'s knob the short way to ``cell`` (A's frame) and press."""
        here = self.device.daemon.session.cursor[seat]  # None, or in the seat's own frame
        turn = knob_turns(here, seat_index(cell, seat))
        self.guessing += len(turn) + 1
        self.do(*(f"{seat} {t}" for t in turn), f"{seat} press")

    def messages(self) -> dict:
        return {s: v["message"] for s, v in self.dump()["seats"].items()}

    def lines(self, seat: str) -> list[str]:
        return self.dump()["seats"][seat]["lines"]


@pytest.fixture
def table(tmp_path):
    device = start_device(tmp_path)
    yield Table(device)
    device.stop()


def test_the_giver_needs_no_touch_and_the_guesser_one_press(table):
    first = table.dump()
    assert first["seats"]["A"]["role"] == first["seats"]["B"]["role"] == "guess"
    assert "Say a clue, or" in table.lines("A")  # either of us may give the first clue
    table.guess("B", 2)  # A said a clue aloud; B touches c1, green for A
    d = table.dump()
    assert (d["phase"], d["giver"], d["guesser"], d["agents_found"]) == ("guessing", "A", "B", 1)
    assert d["clue"] == {"number": None, "word": None} and d["seq"] == 2  # clue + guess
    assert d["seats"]["A"]["role"] == "wait" and d["seats"]["A"]["cursor"] is None
    assert d["seats"]["B"]["cursor"] == "c1"
    assert table.lines("B")[-3:] == ["Knob + press:", "guess. To stop,", "take a token"]
    assert table.lines("A")[-2:] == ["Your partner", "is guessing"]


def test_a_bystander_prompt_clears_the_moment_the_bank_senses_the_token(table):
    table.guess("B", 5)  # a bystander: the turn ends, A marks it with a token
    d = table.dump()
    assert d["tokens_owed"] == 1 and d["tokens_left"] == 8
    assert table.messages() == {"A": "take", "B": "take"}
    # A game whose tokens all lie bystander side up: no side to say.
    assert table.lines("A")[1:3] == ["Mark the word", "with 1 token"]
    table.do("A right")  # a touch does not clear what the bank still owes
    assert table.messages() == {"A": "take", "B": "take"}
    table.do("bank take 9")
    d = table.dump()
    assert d["tokens_owed"] == 0 and table.messages() == {"A": None, "B": None}
    # Strict turns: B gives the next clue, A guesses.
    assert (d["seats"]["A"]["role"], d["seats"]["B"]["role"]) == ("guess", "clue")
    assert table.lines("B")[-2:] == ["Your clue: say", "it aloud"]


def test_no_turn_begins_while_a_token_is_owed(table):
    """A bystander's token is owed until the bank senses it: a press that would
    start the next turn (recording the partner's clue) is refused, says why, and
    changes nothing, so the bank and the game never part (issue 29: a clue was
    taken while the token was owed, and the count then disagreed with the bank)."""
    table.guess("B", 5)  # a bystander, and nobody takes the token
    before = table.dump()
    table.guess("A", 8)  # B says a clue; A presses on one of B's greens
    d = table.dump()
    assert (d["tokens_owed"], d["seq"], d["phase"], d["agents_found"]) == (
        1,
        before["seq"],
        "clue",
        0,
    )
    assert table.messages()["A"] == "refused"
    # (the card under A's cursor, in A's view, then why nothing happened)
    assert table.lines("A")[1:4] == ["Row 2, card 4", "Not now:", "take the token"]
    assert table.messages()["B"] == "take"  # the other seat still says what to do
    table.do("bank take 9")  # the token marks the word: the table is right again
    assert table.messages() == {"A": None, "B": None}
    table.do("A press")  # the cursor is still on B's green: now it counts
    d = table.dump()
    assert (d["phase"], d["giver"], d["agents_found"], d["tokens_left"]) == ("guessing", "B", 1, 8)


def test_a_token_taken_too_early_or_out_of_turn_says_what_to_do(table):
    table.do("bank take 9")  # before any clue
    assert table.messages() == {"A": "missing", "B": "missing"}
    assert table.lines("A")[1:3] == ["1 token out:", "put it back"]
    table.do("bank put 9")
    assert table.messages() == {"A": None, "B": None}
    table.guess("B", 2)
    table.do("bank take 9")  # B ends the turn after a correct guess: the pass
    table.do("B press")  # B's turn to give: B records a clue with no number
    assert table.dump()["phase"] == "guessing" and table.dump()["guesser"] == "A"
    table.do("bank take 8")  # A takes a token before any correct guess
    assert table.messages()["A"] == "missing"
    assert table.lines("A")[1:5] == ["1 token out:", "put it back", "Guess a word", "first"]
    assert table.dump()["tokens_left"] == 8  # the engine counted nothing
    table.do("bank put 8")
    table.do("bank put 9")  # one more than the bank should hold (B's pass token)
    assert table.messages() == {"A": "extra", "B": "extra"}
    assert table.lines("B")[1:3] == ["1 too many:", "take it out"]


def test_a_whole_game_to_a_win_with_the_fewest_touches(table):
    for cell in A_GREENS:  # A's clue, said aloud: B finds all nine
        table.guess("B", cell)
    table.do("bank take 9")  # B ends the turn by taking a token
    for cell in B_GREENS:  # B's clue: A finds the rest
        if table.dump()["agents"].get(cell_name(cell)) is None:
            table.guess("A", cell)
    d = table.dump()
    assert (d["outcome"], d["agents_found"], d["score"]) == ("won", 15, 3 * 7 + 1)
    # Nothing but the guesses and the knob turns that reach them: no touch to give
    # a clue, none to end the turn (the token is the end).
    assert table.touches == table.guessing
    assert table.messages() == {"A": "won", "B": "won"}
    # The score says what it counts (issue 29): 7 tokens left after the winning
    # turn's, which the bank still holds, and the turn B ended with a token; then
    # the rulebook's rating, and how to go on (the knob's pages are a turn away).
    assert table.lines("A") == [
        "Won! Score 22:",
        "+21: 7 tokens",
        "(1 used to win)",
        "+1 turn ended",
        "Try the map!",  # Duet rulebook, "Scoring": above 10, try the mission map
        "Press: new game",
    ]
    table.do("A right")  # the debrief: A's screen turns to B's key
    assert table.lines("A")[0] == "Partner's key"  # after the game: no count above it
    assert table.lines("A")[-2:] == ["Knob: your key", "Press: new game"]


def test_a_game_lost_to_an_assassin(table):
    table.guess("B", 0)  # black on A's side
    d = table.dump()
    assert (d["outcome"], d["reason"]) == ("lost", "assassin")
    assert table.messages() == {"A": "lost", "B": "lost"}
    assert table.lines("B")[:2] == ["Lost:", "assassin"]  # no count: the game is over
    assert table.touches == table.guessing == 2  # one turn of the knob, one press


def test_the_paper_ruleset_asks_the_giver_for_the_number(tmp_path):
    from helpers import device_config

    device = start_device(tmp_path, device_config(game={"ruleset": "paper"}))
    try:
        t = Table(device)
        seats = t.dump()["seats"]
        assert seats["A"]["role"] == seats["B"]["role"] == "clue"  # either may give first
        t.do("B press")  # a press with no number dialled: the screen asks for it
        assert t.messages()["B"] == "dial_number" and t.dump()["phase"] == "clue"
        assert "Number 1" in t.lines("B")
        t.do("B right", "B press")  # B gives 2
        d = t.dump()
        assert d["clue"]["number"] == 2 and d["giver"] == "B"
        t.guess("A", 8)
        t.guess("A", 11)
        t.guess("A", 16)  # the cap: number + 1 guesses, then the turn ends by itself
        assert t.dump()["phase"] == "clue"
    finally:
        device.stop()


def test_dump_on_stdin_reports_each_seat_for_outside_tests(tmp_path):
    # (The simulated table fills the bank from slot 1: a 9-token game, slots 1-9.)
    run = [sys.executable, "-m", "keystand.cli", "run", "--config", str(PROFILE)]
    to_c3 = "B right\n" * 13  # from off the cards to B's cell 12, A's c3
    result = subprocess.run(
        [*run, "--simulate", "--state-dir", str(tmp_path), "--key", KEY],
        input=f"A back\nB back\nB press\ndump\n{to_c3}dump\nB press\ndump\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    woke, turned, d = (json.loads(line) for line in result.stdout.splitlines()[-3:])
    assert set(d["seats"]) == {"A", "B"} and isinstance(d["tokens_owed"], int)
    for seat in d["seats"].values():
        assert set(seat) == {"role", "message", "lines", "cursor"}
        assert all(isinstance(line, str) for line in seat["lines"])
    # The first press, with the cursor off the cards, guessed nothing and said why.
    assert (woke["seq"], woke["agents_found"], woke["phase"]) == (0, 0, "clue")
    assert woke["seats"]["B"]["message"] == "knob_first" and woke["seats"]["B"]["cursor"] is None
    assert turned["seats"]["B"]["cursor"] == "c3"
    assert "Row 3, card 3" in turned["seats"]["B"]["lines"]  # the card, in B's own view
    # B guessed c3, a bystander: the turn is over, both cursors off the cards again.
    assert d["seats"]["A"]["cursor"] is None and d["seats"]["B"]["cursor"] is None
    assert d["tokens_owed"] == 1 and d["seats"]["A"]["message"] == "take"


def test_a_new_device_opens_with_the_legend(tmp_path):
    device = start_device(tmp_path, legend_read=False)
    try:
        seats = device.daemon.snapshot()["seats"]
        assert seats["A"]["lines"][0] == "Key symbols" and "assassin" in seats["A"]["lines"]
        device.command("A right")
        assert wait_for(lambda: device.daemon.snapshot()["seats"]["A"]["lines"][0] != "Key symbols")
        assert device.daemon.snapshot()["seats"]["B"]["lines"][0] == "Key symbols"
        # Holding back opens the menu at once, as the simulator page's hint says.
        device.command("B back_hold")
        assert wait_for(lambda: device.daemon.snapshot()["seats"]["B"]["lines"][0] == "Menu")
    finally:
        device.stop()
