"""The public command-line contract of docs/cli.md, run as a user runs it."""

import json
import re

import pytest

from helpers import EXAMPLE_LAYOUT, play_example
from keystand.rules.keycode import decode, encode
from keystand.rules.layout import Layout

LINE = re.compile(r"^([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}) ((?:[GTB]{2} ){24}[GTB]{2})$")


def test_keygen_prints_code_and_layout(cli):
    result = cli("keygen", "--seed", "3", "--count", "4")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 4
    for line in lines:
        m = LINE.match(line)
        assert m, line
        assert decode(m.group(1)) == Layout.parse(m.group(2))
    assert cli("keygen", "--seed", "3", "--count", "4").stdout == result.stdout
    assert cli("keygen", "--count", "2").stdout != cli("keygen", "--count", "2").stdout


@pytest.mark.parametrize("args", [["--count", "0"], ["--seed", "-1"], ["--seed", "x"]])
def test_keygen_bad_arguments(cli, args):
    result = cli("keygen", *args)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and not result.stdout


def test_show_turns_seat_b(cli):
    code = encode(EXAMPLE_LAYOUT)
    a = cli("show", "--key", code, "--seat", "A").stdout.split()
    b = cli("show", "--layout", EXAMPLE_LAYOUT.format(), "--seat", "b").stdout.split()
    assert a[0] == "GTGTG"  # RANCH, RUSSIA, NAPOLEON, RIFLE, DOLL as A sees them
    assert [len(r) for r in a + b] == [5] * 10
    for r in range(5):
        for c in range(5):
            assert b[4 - r][4 - c] == EXAMPLE_LAYOUT.role(r * 5 + c, "B")


def test_mistyped_code_exits_2(cli):
    code = encode(EXAMPLE_LAYOUT)
    typo = code[:-1] + ("0" if code[-1] != "0" else "1")
    result = cli("show", "--key", typo, "--seat", "A")
    assert result.returncode == 2
    assert "mistyped" in result.stderr and result.stderr.count("\n") == 1
    swapped = code[1] + code[0] + code[2:]
    if swapped != code:
        assert cli("show", "--key", swapped, "--seat", "A").returncode == 2


def test_bad_layout_names_the_counts(cli):
    bad = EXAMPLE_LAYOUT.format().replace("TT", "GG", 1)
    result = cli("show", "--layout", bad, "--seat", "A")
    assert result.returncode == 2 and "GG 4 (needs 3)" in result.stderr


def test_play_json_has_the_contract_keys(cli):
    result = play_example("clue A 2 salad\nguess B a1\n")
    state = json.loads(result.stdout)
    for key in (
        "outcome",
        "reason",
        "phase",
        "tokens_left",
        "bystander_tokens_left",
        "agents_found",
        "greens_left",
        "mistakes",
        "score",
    ):
        assert key in state
    assert state["phase"] == "guessing" and state["agents_found"] == 1
    assert state["greens_left"] == {"A": 8, "B": 9}


def test_play_missions_by_name(cli):
    s = json.loads(play_example("clue A 1\nguess B a1\npass B\n", "--mission", "cairo").stdout)
    assert (s["tokens_left"], s["bystander_tokens_left"], s["mission"]) == (8, 5, "9-5")
    s = json.loads(play_example("", "--tokens", "11").stdout)
    assert s["tokens_left"] == 11


@pytest.mark.parametrize(
    "script, line, fragment",
    [
        ("clue A 2\nguess B zz9\n", 2, "'zz9' is not a cell"),
        ("clue A 2\n\n# x\nfrobnicate\n", 4, "unknown action 'frobnicate'"),
        ("clue A two\n", 1, "not a whole number"),
        ("clue C 2\n", 1, "'C' is not a seat"),
        ("clue A 2\nguess A b1\n", 2, "B is guessing this turn"),
        ("clue A 2\npass B\n", 2, "at least one correct guess"),
        ("guess B a1\n", 1, "no clue has been given"),
        ("clue A 1\nguess B lemonade\nclue B 1\n", 3, "the game is over"),
        ("clue A 2 Ranch\n", 1, "a word visible on the table"),
        ("clue A 1 fruit\nguess B b1\nclue B 1 russia\n", 3, "visible on the table"),
        ("penalty\n", 1, "no clue has been given yet"),
        # Duet rulebook, "Next turn": the partner of the last clue giver gives the next
        # clue. A guess between turns says so, not that no clue was ever given.
        ("clue A 1\nguess B b1\nguess B a1\n", 3, "the turn is over: B gives the next clue"),
        # Invisible characters are named with their line and column, not read as part
        # of a number ("'1' is not a whole number" hid a NUL).
        ("clue A 1\x00\n", 1, "control character U+0000 (NUL) at column 9"),
        ("clue A 1\nguess B a1 \x1b[0m\n", 2, "control character U+001B (ESC) at column 12"),
    ],
)
def test_play_bad_lines_exit_2_naming_the_line(cli, script, line, fragment):
    result = play_example(script)
    assert result.returncode == 2
    assert f"line {line}:" in result.stderr and fragment in result.stderr
    assert result.stderr.count("\n") == 1
    # Nothing changed: the state printed is the state before the bad line.
    good = "".join(script.splitlines(keepends=True)[: line - 1])
    assert json.loads(result.stdout) == json.loads(play_example(good).stdout)


def test_play_numbers_lines_as_an_editor_does(cli):
    # A form feed or a vertical tab is not a line break for an editor, so it is not
    # one for the script either: the line is refused whole, and the lines after it
    # keep the numbers the editor shows.
    result = play_example("clue A 1\x0cguess B a1\n")
    assert result.returncode == 2
    assert "line 1: control character U+000C (FF) at column 9" in result.stderr
    result = play_example("clue A 1\r\nguess B a1\r\n\r\nguess B zz9\r\n")  # CRLF is fine
    assert "line 4: 'zz9' is not a cell" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        # 10-token rulebook, "Mission log": a bonus is spent on one of its missions.
        (
            ("--bonus", "extra-token"),
            "bonus extra-token is for a mission of the 10-token co-op edition: choose one "
            "by name with --mission (a game without a named mission takes no bonus)",
        ),
        # Duet rulebook, "Setup": the box holds 9 + 2 timer tokens.
        (
            ("--tokens", "12"),
            "the Codenames Duet box holds 11 timer tokens, not 12; the 10-token co-op "
            "edition box holds 12: play it as --mission 12-12",
        ),
    ],
)
def test_play_refuses_what_the_box_and_the_log_do_not_allow(cli, args, message):
    result = play_example("", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"keystand: error: {message}\n"


def test_play_missing_script_file(cli, tmp_path):
    result = cli("play", "--layout", EXAMPLE_LAYOUT.format(), "--script", str(tmp_path / "nope"))
    assert result.returncode == 2 and "cannot read script" in result.stderr


def test_play_bad_words_and_setup(cli):
    r = cli(
        "play", "--layout", EXAMPLE_LAYOUT.format(), "--words", "a,b", "--script", "-", stdin=""
    )
    assert r.returncode == 2 and "25 comma-separated words" in r.stderr
    r = play_example("", "--mission", "9-10")
    assert r.returncode == 2 and "impossible" in r.stderr
    r = play_example("", "--mission", "9-5", "--tokens", "9")
    assert r.returncode == 2


def test_an_unknown_command_is_answered_with_every_command_there_is(cli):
    """main() builds only the parser of the command it is given (start-up); a word
    that is no command still gets the whole list, in one line."""
    result = cli("partnr", "clue")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    for command in ("keygen", "partner", "campaign", "simulate", "print-slip"):
        assert f"'{command}'" in result.stderr
    assert "keygen" in cli("--help").stdout and "simulate" in cli("--help").stdout
