"""The rulebook's example of play (salad / Waterloo / miniature), as a script."""

import json

from helpers import play_example

SCRIPT = """\
# You (seat A) start: salad for 3.
clue A 3 salad
guess B ranch
guess B russia        # a bystander for A: marked, the turn ends
clue B 2 waterloo
guess A napoleon      # green on both sides
guess A russia        # tan for A, but B's side decides: green
pass A                # A takes a token, checkmark side up
clue A 2 miniature
guess B doll
guess B lunch
guess B caesar
guess B ant
pass B
"""


def test_worked_example_leaves_six_turns(tmp_path):
    script = tmp_path / "example.txt"
    script.write_text(SCRIPT)
    result = play_example(script)  # from a file, as the README shows it
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["tokens_left"] == 6  # "You have 6 turns left"
    assert state["agents_found"] == 7
    assert state["mistakes"] == 1
    assert state["outcome"] == "playing" and state["phase"] == "clue"
    assert state["reason"] is None and state["score"] is None
    # RUSSIA (b1) keeps its token from B's wrong guess under A's agent card.
    assert state["bystander_marks"] == {"b1": ["B"]}
    assert state["agents"]["b1"] == "A"
    # A's greens: RANCH, DOLL, LUNCH, CAESAR, ANT and NAPOLEON are covered;
    # B's greens: NAPOLEON and RUSSIA.
    assert state["greens_left"] == {"A": 3, "B": 7}


def test_worked_example_lemonade_would_have_lost():
    result = play_example("clue A 3 salad\nguess B ranch\nguess B lemonade\n")
    state = json.loads(result.stdout)
    assert (state["outcome"], state["reason"], state["phase"]) == ("lost", "assassin", "over")
