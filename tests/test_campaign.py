"""Campaigns: whole campaigns of both editions played through ``keystand play
--campaign``, a user's own map, bad input, and power cuts while recording."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from itertools import count
from pathlib import Path

import pytest

from helpers import run_cli
from keystand import cli
from keystand.campaign.progress import (
    CampaignError,
    GameRecord,
    TeamRecord,
    campaign_rules,
    progress,
)
from keystand.campaign.store import CampaignStore
from keystand.rules.keygen import seeded_layout
from keystand.rules.layout import Layout, cell_name
from keystand.rules.missions import load_book

_GAMES = count()


def _cells(layout: Layout, seat: str, role: str) -> list[str]:
    side = layout.side(seat)
    return [cell_name(i) for i in range(25) if side[i] == role]


def win_script(layout: Layout, first: str = "clue A 9 fruit", extra: str = "") -> str:
    """A wins every mission here: B finds A's nine, passes; A finds the rest."""
    a_greens = _cells(layout, "A", "G")
    b_only = [c for c in _cells(layout, "B", "G") if c not in a_greens]
    lines = [first, *(f"guess B {c}" for c in a_greens), "pass B", "clue B 6 thing"]
    lines += [f"guess A {c}" for c in b_only]
    return "\n".join([*lines, extra]) + "\n"


def lose_script(layout: Layout) -> str:
    return f"clue A 1 oops\nguess B {_cells(layout, 'A', 'B')[0]}\n"


class Table:
    """``keystand`` run in this process, as a user would type it."""

    def __init__(self, tmp_path: Path, capsys, monkeypatch) -> None:
        self.dir = tmp_path / "state"
        self.tmp = tmp_path
        self.capsys = capsys
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))

    def run(self, *args: str) -> tuple[int, str, str]:
        self.capsys.readouterr()
        code = cli.main([*args, "--state-dir", str(self.dir)])
        out, err = self.capsys.readouterr()
        return code, out, err

    def new(self, team: str, edition: str = "duet") -> None:
        code, _, err = self.run("campaign", "new", team, "--edition", edition)
        assert code == 0, err

    def show(self, team: str) -> dict:
        code, out, err = self.run("campaign", "show", team, "--json")
        assert code == 0, err
        return json.loads(out)

    def play(self, team: str, *extra: str, win: bool = True, script: str | None = None):
        """Play one game on a fresh key card; returns (exit code, JSON, stderr)."""
        layout = seeded_layout(17, next(_GAMES))
        path = self.tmp / "script.txt"
        path.write_text(
            script(layout)
            if callable(script)
            else (win_script(layout) if win else lose_script(layout))
        )
        code, out, err = self.run(
            "play", "--layout", layout.format(), "--script", str(path), "--campaign", team, *extra
        )
        return code, (json.loads(out) if out.strip() else None), err

    def win(self, team: str, mission: str | None = None, *extra: str, script=None) -> dict:
        args = (("--mission", mission) if mission else ()) + extra
        code, state, err = self.play(team, *args, script=script)
        assert code == 0, err
        assert state["outcome"] == "won" and state["campaign"]["recorded"], state
        return state["campaign"]

    def refused(self, team: str, *args: str) -> str:
        code, _, err = self.play(team, *args)
        assert code == 2 and err.count("\n") == 1, err
        return err

    def user_map(self, name: str, text: str) -> None:
        folder = self.tmp / "config" / "keystand" / "missions"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)


@pytest.fixture
def table(tmp_path, capsys, monkeypatch):
    return Table(tmp_path, capsys, monkeypatch)


# ------------------------------------------------------------------ Duet


def test_a_duet_campaign_opens_the_map_outward_from_prague(table):
    table.new("Spies")
    start = table.show("Spies")
    assert start["available"] == ["prague"] and start["completed"] == {}
    assert "win Prague to unlock it" in table.refused("Spies", "--mission", "cairo")
    # A loss counts a try; the standard game is the default mission.
    code, state, _ = table.play("Spies", win=False)
    assert code == 0 and state["outcome"] == "lost" and state["campaign"]["recorded"]
    assert not state["campaign"]["completed"]
    result = table.win("Spies")
    assert result["completed"] and result["unlocked"] == ["berlin", "cairo", "moscow"]
    after = table.show("Spies")
    assert after["available"] == ["berlin", "cairo", "moscow"]
    assert after["completed"]["prague"]["tries"] == 2
    assert after["completed"]["prague"]["score"] == after["record"]["best_score"] > 0
    # Berlin's 2 mistakes are no rulebook's (Duet rulebook, "Mission parameters", gives
    # only its 11 tokens): marked, with its source, in the JSON.
    berlin = after["missions"]["berlin"]
    assert berlin["marked"] is True and berlin["numbers"] == "11-2"
    assert berlin["tokens"] == {
        "value": 11,
        "source": "rulebook, 'Mission parameters': Berlin uses all 11 tokens",
        "in_rulebooks": True,
    }
    assert berlin["bystanders"]["in_rulebooks"] is False
    assert berlin["bystanders"]["source"].startswith("secondary: 2 acceptable mistakes")
    # Replaying a completed mission is allowed and changes neither its date nor its tries.
    table.win("Spies", "prague")
    again = table.show("Spies")
    assert again["completed"]["prague"] == after["completed"]["prague"]
    assert again["record"]["missions"]["prague"]["games"] == 3
    assert again["record"]["missions"]["prague"]["wins"] == 2
    table.win("Spies", "Cairo")
    assert "cairo" in table.show("Spies")["completed"]
    # No line of ours leads to Monte Carlo (a secondary source's city).
    assert "no line on our map leads to it" in table.refused("Spies", "--mission", "monte-carlo")


def test_the_missions_the_rulebooks_name_open_once_berlin_cairo_and_moscow_are_won(table):
    # Duet rulebook, "Continuing on": a win in Berlin, Moscow or Cairo opens more
    # missions; "Mission parameters" names Bangkok 7-7 and Singapore 6-6 but no
    # rulebook of ours draws their lines. They open once all three are won.
    table.new("Far")
    table.win("Far")
    table.win("Far", "berlin")
    table.win("Far", "cairo")
    refusal = table.refused("Far", "--mission", "bangkok")
    assert refusal == (
        "keystand: error: Bangkok is locked: win Berlin, Cairo and Moscow to open it "
        "(our rulebooks name it but draw no line to it)\n"
    )
    shown = table.show("Far")
    assert shown["missions"]["singapore"]["unlocked_by"].startswith("win Berlin, Cairo and")
    result = table.win("Far", "moscow")
    assert result["unlocked"] == ["bangkok", "singapore"]
    assert table.show("Far")["available"] == ["bangkok", "singapore"]
    table.win("Far", "bangkok")
    table.win("Far", "Singapore")
    done = table.show("Far")
    assert {"bangkok", "singapore"} <= set(done["completed"])
    assert done["locked"] == ["monte-carlo", "vatican"]  # still no line to them


def test_a_users_map_adds_lines_cities_and_the_number_we_lack(table):
    table.new("Spies")
    table.win("Spies")
    table.user_map(
        "lines.toml",
        '[edition]\nid = "duet"\n'
        '[[mission]]\nid = "moscow"\nunlocks = ["vatican", "atlantis"]\n'
        '[[mission]]\nid = "atlantis"\nname = "Atlantis"\ntokens = 7\nbystanders = 3\n'
        '[[mission]]\nid = "atlantis"\nfinal = true\n',
    )
    assert "win Moscow to unlock it" in table.refused("Spies", "--mission", "vatican")
    result = table.win("Spies", "moscow")
    assert result["unlocked"] == ["vatican"]  # Atlantis is final on this map: not yet
    state = table.show("Spies")
    # Vatican is open, but nobody gave its tokens: shown as needing its number.
    assert state["needs_number"] == ["vatican"] and "vatican" not in state["available"]
    assert "needs its number of tokens" in table.refused("Spies", "--mission", "vatican")
    # Atlantis is final on this map: it waits for every other mission.
    assert state["missions"]["atlantis"]["status"] == "locked"
    assert "every other mission is complete" in state["missions"]["atlantis"]["unlocked_by"]
    table.user_map(
        "vatican.toml", '[edition]\nid = "duet"\n[[mission]]\nid = "vatican"\ntokens = 9\n'
    )
    assert "vatican" in table.show("Spies")["available"]
    table.win("Spies", "vatican")
    assert table.show("Spies")["completed"]["vatican"]["tries"] == 1


def test_a_team_plays_the_rulebooks_reading_by_its_map_file(table):
    # 10-token rulebook, "Mission log": our scan prints Diagon Alley 11/8; the
    # packaged data plays a second transcription's 11-3, marked, until a map file
    # chooses the rulebook's reading.
    table.new("Order", "coop10")
    table.win("Order")
    before = table.show("Order")["missions"]["diagon-alley"]
    assert (before["numbers"], before["marked"]) == ("11-3", True)
    assert before["bystanders"]["rulebook_reads"] == 8
    assert "Diagon Alley 11-3*" in table.run("campaign", "show", "Order")[1]
    table.user_map("scan.toml", '[edition]\nid = "coop10"\nreading = "rulebook"\n')
    after = table.show("Order")["missions"]["diagon-alley"]
    assert (after["numbers"], after["marked"]) == ("11-8", False)
    assert after["bystanders"] == {
        "value": 8,
        "source": "mission log, London box 2: our scan prints Diagon Alley 11/8",
        "in_rulebooks": True,
    }
    code, state, err = table.play("Order", "--mission", "diagon-alley", win=False)
    assert code == 0 and state["mission"] == "11-8", err


# ------------------------------------------------------------------ the 10-token edition

LONDON_BOXES = [
    ["privet-drive", "the-burrow", "grimmauld-place"],
    ["diagon-alley", "gringotts", "ollivanders"],
    ["train-station", "platform-9-3-4", "hogwarts-express"],
]
HOGWARTS_BOXES = [
    ["quidditch-pitch", "hagrids-hut", "forbidden-forest"],
    ["great-hall", "room-of-requirement", "gryffindor-common-room"],
]
HOGSMEADE_BOX = ["three-broomsticks", "honeydukes", "shrieking-shack"]
FINALS = ["department-of-mysteries", "hall-of-prophecies", "battle-in-the-atrium"]


def test_a_whole_coop10_campaign_with_its_bonuses(table):
    table.new("Order", "coop10")
    assert table.show("Order")["available"] == ["london"]
    result = table.win("Order")  # London 10/10, the standard game
    assert set(result["unlocked"]) == {
        "privet-drive",
        "diagon-alley",
        "train-station",
        "hogwarts",
        "hogsmeade",
    }
    assert result["bonuses_earned"] == ["two-word-clue"]
    assert table.show("Order")["bonus_uses"] == {"two-word-clue": 3}
    # Only the top of each box is open; the rest of a box opens one by one.
    assert "win #4 Privet Drive to unlock it" in table.refused("Order", "--mission", "the-burrow")
    finals_before = table.show("Order")["missions"]["department-of-mysteries"]["unlocked_by"]
    assert "every other mission is complete (23 left" not in finals_before  # London is done
    assert "(20 left" in finals_before

    # London's two-word clue: three uses in London, spent as used, never outside London.
    two_words = lambda layout: win_script(layout, "clue A 9 sea salt +two-words")  # noqa: E731
    result = table.win("Order", "privet-drive", "--bonus", "two-word-clue", script=two_words)
    assert result["bonuses_spent"] == {"two-word-clue": 1}
    assert table.show("Order")["bonus_uses"]["two-word-clue"] == 2
    err = table.refused("Order", "--mission", "hogwarts", "--bonus", "two-word-clue")
    assert "two-word-clue is for missions in London" in err
    # Chosen but not used: nothing spent.
    table.win("Order", "the-burrow", "--bonus", "two-word-clue")
    assert table.show("Order")["bonus_uses"]["two-word-clue"] == 2
    result = table.win("Order", "grimmauld-place")
    assert result["bonuses_earned"] == ["fourteen-is-enough"]

    for mission in LONDON_BOXES[1][:2]:
        result = table.win("Order", mission, "--bonus", "two-word-clue", script=two_words)
        assert result["bonuses_spent"] == {"two-word-clue": 1}
    for mission in LONDON_BOXES[1][2:] + LONDON_BOXES[2]:
        table.win("Order", mission)
    state = table.show("Order")
    assert "two-word-clue" not in state["bonuses"]  # three uses, all spent
    err = table.refused("Order", "--mission", "london", "--bonus", "two-word-clue")
    assert "does not hold Two-word clue" in err
    assert {"extra-token", "ignore-bystander", "fourteen-is-enough"} <= set(state["bonuses"])

    # A box reward is spent once, by the game it is used in, won or lost.
    code, lost, _ = table.play(
        "Order", "--mission", "hogwarts", "--bonus", "extra-token", win=False
    )
    assert (
        code == 0
        and lost["tokens_left"] == 10
        and lost["campaign"]["bonuses_spent"] == {"extra-token": 1}
    )
    assert "extra-token" not in table.show("Order")["bonuses"]
    assert "does not hold Extra token" in table.refused(
        "Order", "--mission", "hogwarts", "--bonus", "extra-token"
    )
    result = table.win("Order", "hogwarts")
    assert result["bonuses_earned"] == ["touch-two"]

    # Hogwarts' two-card touch: two uses.
    def touch(layout):
        b_wants = _cells(layout, "A", "G")
        tan = _cells(layout, "A", "T")[0]
        return win_script(layout).replace(
            f"guess B {b_wants[0]}\n", f"guess B {b_wants[0]} +also {tan}\n"
        )

    table.win("Order", "quidditch-pitch", "--bonus", "touch-two", script=touch)
    assert table.show("Order")["bonus_uses"]["touch-two"] == 1
    table.win("Order", "hagrids-hut", "--bonus", "touch-two", script=touch)
    for mission in HOGWARTS_BOXES[0][2:] + HOGWARTS_BOXES[1]:
        table.win("Order", mission)
    state = table.show("Order")
    assert "touch-two" not in state["bonuses"]
    assert {"flip-two", "two-clues"} <= set(state["bonuses"])

    # Hogsmeade's mark, one use, and two clues at once, the Great Hall box's reward.
    result = table.win("Order", "hogsmeade")
    assert result["bonuses_earned"] == ["mark-official"]

    def mark_and_two(layout):
        tan = next(c for c in _cells(layout, "A", "T") if c in _cells(layout, "B", "T"))
        return win_script(layout, f"clue A 9 fruit +and 0 metal +mark {tan}")

    result = table.win(
        "Order",
        "three-broomsticks",
        "--bonus",
        "mark-official",
        "--bonus",
        "two-clues",
        script=mark_and_two,
    )
    assert result["bonuses_spent"] == {"mark-official": 1, "two-clues": 1}
    state = table.show("Order")
    assert "mark-official" not in state["bonuses"] and "two-clues" not in state["bonuses"]
    game = state["games"][-1]
    assert game["clues"][0] == {
        "giver": "A",
        "number": 9,
        "word": "fruit",
        "second": {"number": 0, "word": "metal"},
    }
    assert "Department of Mysteries is locked" in table.refused(
        "Order", "--mission", "department-of-mysteries"
    )
    table.win("Order", "honeydukes")
    assert "(1 left: Shrieking Shack)" in table.refused("Order", "--mission", "hall-of-prophecies")
    result = table.win("Order", "shrieking-shack")
    # The final three open once every other mission is complete.
    assert set(result["unlocked"]) == set(FINALS)
    assert result["bonuses_earned"] == ["two-extra-tokens"]
    for mission in FINALS:
        table.win("Order", mission)
    state = table.show("Order")
    assert len(state["completed"]) == 24 and not state["available"] and not state["locked"]
    assert state["record"]["wins"] == state["record"]["games"] - 1


def test_a_team_plays_only_its_own_edition(table):
    table.new("Spies")
    assert "London is not on the team's map" in table.refused("Spies", "--mission", "london")
    table.new("Order", "coop10")
    assert "Prague is not on the team's map" in table.refused("Order", "--mission", "prague")
    assert "unknown mission 'atlantis'" in table.refused("Order", "--mission", "atlantis")
    assert "unknown bonus 'flip-two'" in table.refused("Spies", "--bonus", "flip-two")
    assert "drop --tokens" in table.refused("Spies", "--tokens", "9")


def test_an_expert_team_plays_every_mission_with_one_token_fewer(table):
    # 10-token rulebook, "Continuing on": experts take one token out of each mission.
    code, out, err = table.run("campaign", "new", "Aurors", "--edition", "coop10", "--expert")
    assert code == 0, err
    assert out == "team Aurors (coop10, expert) created: its first mission is London 9-9\n"
    shown = table.show("Aurors")
    assert shown["expert"] == {
        "removes": 1,
        "source": "rulebook, 'Continuing on': expert players wanting more of a challenge "
        "take one token out of each mission",
    }
    assert shown["missions"]["london"]["numbers"] == "9-9"
    assert shown["missions"]["london"]["tokens"]["map_value"] == 10
    # A checkmark-side token goes first: 10/5 keeps its five acceptable mistakes.
    assert shown["missions"]["privet-drive"]["numbers"] == "9-5"
    assert shown["missions"]["train-station"]["numbers"] == "11-0"
    code, state, err = table.play("Aurors", win=False)
    assert code == 0, err
    assert (state["mission"], state["mission_name"]) == ("9-9", "london")
    table.win("Aurors")
    code, state, err = table.play("Aurors", "--mission", "privet-drive", "--expert", win=False)
    assert code == 0 and state["mission"] == "9-5", err
    text = table.run("campaign", "show", "Aurors")[1]
    assert text.startswith("Aurors (coop10, expert: 1 token fewer in each mission, since ")
    assert "#4 Privet Drive 9-5" in text and "Diagon Alley 10-3*" in text


def test_the_expert_variant_is_refused_where_no_rulebook_has_it(table):
    code, _, err = table.run("campaign", "new", "Spies", "--expert")
    assert code == 2 and err == (
        "keystand: error: the Codenames Duet rulebook has no expert variant; the 10-token "
        "co-op edition's has: --edition coop10 --expert\n"
    )
    table.new("Order", "coop10")
    refusal = table.refused("Order", "--expert")
    assert "team Order does not play the expert variant" in refusal
    # Outside a campaign: a named mission of the 10-token edition only.
    code, _, err = table.run("play", "--key", "06M6-NZ2B-N9BD", "--script", "-", "--expert")
    assert code == 2 and "the expert variant takes tokens out of a mission" in err


def test_an_unfinished_game_records_nothing(table):
    table.new("Spies")
    code, state, _ = table.play("Spies", script=lambda layout: "clue A 2 fruit\n")
    assert code == 0 and state["phase"] == "guessing"
    assert state["campaign"] == {"team": "Spies", "mission": "prague", "recorded": False}
    assert table.show("Spies")["record"]["games"] == 0


def test_the_same_game_run_again_is_recorded_once(table):
    table.new("Spies")
    layout = seeded_layout(3, 0)
    path = table.tmp / "game.txt"
    path.write_text(win_script(layout))
    args = ("play", "--layout", layout.format(), "--script", str(path), "--campaign", "spies")
    first, second = (json.loads(table.run(*args)[1])["campaign"] for _ in range(2))
    assert first["recorded"] and not second["recorded"]
    assert table.show("Spies")["record"]["games"] == 1


# ------------------------------------------------------------------ the command line


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["new", ""], "cannot be empty"),
        (["new", "   "], "cannot be empty"),
        (["new", "x" * 33], "at most 32 characters, not 33"),
        (["new", "tab\there"], "control characters"),
        (["new", "Team", "--edition", "chess"], "unknown edition 'chess'"),
        (["show", "nobody"], "no team 'nobody'"),
        (["note", "nobody", "hi"], "no team 'nobody'"),
    ],
)
def test_bad_team_names_are_refused_in_one_line(tmp_path, args, fragment):
    result = run_cli("campaign", *args, "--state-dir", str(tmp_path))
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr and not result.stdout


def test_campaign_commands_as_a_user_runs_them(tmp_path):
    state = ["--state-dir", str(tmp_path)]
    assert run_cli("campaign", "new", "Ääliöt", "--edition", "coop10", *state).returncode == 0
    again = run_cli("campaign", "new", "ÄÄLIÖT", *state)
    assert again.returncode == 2 and "exists already" in again.stderr
    assert run_cli("campaign", "new", "x" * 32, *state).returncode == 0
    listed = run_cli("campaign", "list", *state, "--json")
    assert [t["team"] for t in json.loads(listed.stdout)] == ["x" * 32, "Ääliöt"]
    assert run_cli("campaign", "note", "ääliöt", "we need the mark", *state).returncode == 0
    shown = json.loads(run_cli("campaign", "show", "Ääliöt", "--json", *state).stdout)
    assert shown["notes"] == "we need the mark" and shown["available"] == ["london"]
    for key in ("team", "edition", "completed", "available", "locked", "bonuses"):
        assert key in shown
    text = run_cli("campaign", "show", "Ääliöt", *state).stdout
    assert "available: London 10-10" in text and "notes: we need the mark" in text
    layout = seeded_layout(5, 0)
    locked = run_cli(
        "play",
        "--layout",
        layout.format(),
        "--script",
        "-",
        "--campaign",
        "Ääliöt",
        "--mission",
        "the-burrow",
        *state,
        stdin="",
    )
    assert locked.returncode == 2 and locked.stderr.count("\n") == 1
    assert "The Burrow is locked: win #4 Privet Drive to unlock it" in locked.stderr


def test_the_state_folder_defaults_to_xdg_state_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    result = subprocess.run(
        [sys.executable, "-m", "keystand.cli", "campaign", "new", "Spies"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "xdg" / "keystand" / "campaigns.sqlite").is_file()
    monkeypatch.delenv("XDG_STATE_HOME")
    result = subprocess.run(
        [sys.executable, "-m", "keystand.cli", "campaign", "list"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stdout == ""
    assert (tmp_path / "home" / ".local" / "state" / "keystand" / "campaigns.sqlite").is_file()


# ------------------------------------------------------------------ the pure parts


def test_progress_is_a_function_of_the_map_and_the_games():
    book = load_book()
    games = (
        GameRecord("1", "london", "won", 20, "2026-01-01"),
        GameRecord("2", "privet-drive", "lost", None, "2026-01-02", "assassin"),
        GameRecord("3", "privet-drive", "won", 5, "2026-01-03"),
    )
    state = progress(book, TeamRecord("T", "coop10", "2026-01-01", games))
    assert state.completed["privet-drive"].tries == 2
    assert state.completed["privet-drive"].date == "2026-01-03"
    assert "the-burrow" in state.available and "grimmauld-place" in state.locked
    spent = GameRecord("4", "london", "won", 3, "2026-01-04", bonuses={"two-word-clue": 3})
    assert (
        "two-word-clue"
        not in progress(book, TeamRecord("T", "coop10", "", (*games, spent))).bonuses
    )
    with pytest.raises(CampaignError, match="does not hold"):
        campaign_rules(book, TeamRecord("T", "coop10", "", games), "london", ["flip-two"])
    rules = campaign_rules(book, TeamRecord("T", "coop10", "", games), "london", ["two-word-clue"])
    assert rules.two_word_clues == 3 and rules.mission == "london"


def test_a_campaign_file_from_before_the_expert_variant_opens_as_it_was(tmp_path):
    path = tmp_path / "campaigns.sqlite"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL "
        "UNIQUE, edition TEXT NOT NULL, created TEXT NOT NULL, notes TEXT NOT NULL DEFAULT '');"
        "INSERT INTO teams (name, key, edition, created) VALUES "
        "('Old', 'old', 'coop10', '2025-01-01');"
    )
    db.commit()
    db.close()
    with CampaignStore.in_folder(tmp_path) as store:
        assert store.record("Old").expert is False
        store.create_team("New", "coop10", expert=True)
    with CampaignStore.in_folder(tmp_path) as store:  # and again, the column in place
        assert store.record("New").expert is True and store.record("Old").expert is False


def test_record_result_is_idempotent_per_game_id(tmp_path):
    with CampaignStore.in_folder(tmp_path) as store:
        store.create_team("Spies", "duet")
        assert store.record_result("spies", "g1", "prague", "won", 12)
        assert not store.record_result("SPIES", "g1", "prague", "lost", 0)
        with pytest.raises(CampaignError, match="won or lost"):
            store.record_result("spies", "g2", "prague", "playing", None)
        record = store.record("Spies")
    assert [(g.game_id, g.outcome, g.score) for g in record.games] == [("g1", "won", 12)]


# ------------------------------------------------------------------ power cuts


def test_a_power_cut_while_recording_loses_nothing_and_records_nothing_twice(tmp_path):
    """SIGKILL ``play --campaign`` at random moments, then run the same game again:
    every game is on disk exactly once, whole (its clues with it)."""
    rng = random.Random(17)
    state = ["--state-dir", str(tmp_path)]
    assert run_cli("campaign", "new", "Spies", *state).returncode == 0
    runs = 14
    for run in range(runs):
        layout = seeded_layout(99, run)
        script = tmp_path / f"game{run}.txt"
        script.write_text(win_script(layout))
        cmd = [
            sys.executable,
            "-m",
            "keystand.cli",
            "play",
            "--layout",
            layout.format(),
            "--script",
            str(script),
            "--campaign",
            "Spies",
            *state,
        ]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.05, 0.35))
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        db = sqlite3.connect(tmp_path / "campaigns.sqlite")
        rows = db.execute(
            "SELECT g.id, COUNT(c.seq) FROM games g LEFT JOIN clues c ON c.game = g.id "
            "GROUP BY g.id"
        ).fetchall()
        db.close()
        assert len(rows) in (run, run + 1), run  # this game: recorded or not, nothing else
        assert all(clues == 2 for _, clues in rows), rows  # each game whole
        again = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert again.returncode == 0, again.stderr
        recorded = json.loads(again.stdout)["campaign"]["recorded"]
        assert recorded == (len(rows) == run), run  # recorded by exactly one of the two runs
    with CampaignStore.in_folder(tmp_path) as store:
        record = store.record("Spies")
    assert len(record.games) == runs and len({g.game_id for g in record.games}) == runs
    assert record.games[0].mission == "prague"


def test_a_book_can_carry_a_page_of_the_teams_campaign(tmp_path):
    state = str(tmp_path / "state")
    assert run_cli("campaign", "new", "Owls", "--state-dir", state).returncode == 0
    out = tmp_path / "books"
    made = run_cli(
        "book", "--games", "1", "--name", "Owls", "--lang", "fi", "--seed", "3",
        "--campaign", "owls", "--state-dir", state, "--no-pdf", "--out", str(out),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    html = (out / "book-A.html").read_text(encoding="utf-8")
    page = html.split('class="cover campaign"')[1].split("</section>")[0]
    assert "Joukkueen Owls kampanja" in page
    assert '<tr class="available"><td>Praha</td><td>9-9</td><td>auki</td>' in page
    assert '<tr class="locked"><td>Berliini</td>' in page
    missing = run_cli(
        "book", "--games", "1", "--name", "x", "--campaign", "nobody",
        "--state-dir", state, "--no-pdf", "--out", str(tmp_path / "b2"),
    )  # fmt: skip
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
    assert "no team 'nobody'" in missing.stderr


def test_campaign_show_logs_the_clues_recorded_as_the_debrief_shows_them(tmp_path):
    from keystand.campaign.progress import ClueRecord

    with CampaignStore.in_folder(tmp_path) as store:
        store.create_team("Cats", "duet")
        aloud = [ClueRecord("A", None), ClueRecord("B", None)]
        store.record_result("Cats", "g1", "prague", "lost", None, aloud)
        dialled = [ClueRecord("A", None), ClueRecord("B", 3, "ocean"), ClueRecord("A", 2)]
        store.record_result("Cats", "g2", "prague", "won", 20, dialled)
        store.record_result("Cats", "g3", "berlin", "lost", None, [ClueRecord("B", 2, "ship", 1)])
    shown = run_cli("campaign", "show", "Cats", "--state-dir", str(tmp_path))
    assert shown.returncode == 0, shown.stderr
    log = shown.stdout.split("clue log:\n")[1].splitlines()
    assert [line.split("): ")[1] for line in log if "): " in line] == [
        "A ?, B 3 ocean, A 2",
        "B 2 ship+1",
    ]
    assert "None" not in shown.stdout
