"""The people benchmark's own machinery (benchmarks/partner_people/): what a blind
player sees, and how their answers are scored."""

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1] / "benchmarks" / "partner_people"
sys.path.insert(0, str(HERE))

import people  # noqa: E402
import tables  # noqa: E402


@pytest.fixture
def runs(tmp_path, monkeypatch):
    monkeypatch.setattr(people, "RUNS", tmp_path)
    return tmp_path


def _answer(path: Path, entries: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("Some thinking first.\n```json\n" + json.dumps(entries, ensure_ascii=False)
                    + "\n```\n", "utf-8")


def test_a_later_table_is_a_game_under_way_with_a_to_clue():
    t = tables.later("en", 1_000_123)
    state = t.state
    assert state.can_give_clue("A") and 2 <= state.greens_left("A") <= 4
    assert state.agents_found > 0 and 3 <= state.tokens_left <= 5
    assert tables.later("en", 1_000_123).state == state  # the same seed, the same table


def test_a_round_is_dealt_prompted_and_scored(runs):
    people.deal_run("r", "tuning", 1, ["en"])
    manifest = json.loads((runs / "r" / "manifest.json").read_text("utf-8"))
    ids = [b["id"] for b in manifest["boards"]]
    assert ids == ["en-o01", "en-l01"]
    # a fresh block: the next run takes other seeds
    people.deal_run("s", "tuning", 1, ["en"])
    again = json.loads((runs / "s" / "manifest.json").read_text("utf-8"))
    assert {b["seed"] for b in again["boards"]}.isdisjoint(b["seed"] for b in manifest["boards"])

    giver_prompt = (runs / "r-givers" / "prompts" / "en-giver-01.txt").read_text("utf-8")
    opening = tables.table("en", manifest["boards"][0]["seed"], "opening")
    side = opening.state.layout.side("A")
    agents = [opening.words[c] for c in range(25) if side[c] == "G"]
    assert "Your agents (not found yet): " + ", ".join(agents) in giver_prompt
    assert '"clue": "WORD"' in giver_prompt and "Board 2" in giver_prompt

    # the person giver's answers: a clue for two agents on the opening, and one the
    # partner does not know on the later table
    sessions = manifest["giver_sessions"]["en-giver-01"]
    later = tables.table("en", manifest["boards"][1]["seed"], "later")
    entries = []
    for n, bid in enumerate(sessions, 1):
        if bid == "en-o01":
            entries.append({"board": n, "clue": "animal", "number": 2, "meant": agents[:2]})
        else:
            entries.append({"board": n, "clue": "qqqzzzxx", "number": 1, "meant": []})
    _answer(runs / "r-givers" / "answers" / "en-giver-01.txt", entries)
    people.guessers_run("r")
    manifest = json.loads((runs / "r" / "manifest.json").read_text("utf-8"))
    assert set(manifest["person_clues"]) == {"en-o01", "en-l01"}
    assert set(manifest["partner_clues"]) == {"en-o01", "en-l01"}
    for items in manifest["guesser_sessions"].values():
        assert len({bid for bid, _src in items}) == len(items)  # no board twice
    prompt = next((runs / "r-guessers" / "prompts").glob("*.txt")).read_text("utf-8")
    assert "Your partner's clue:" in prompt and "Assassins" not in prompt

    # the guessers touch the partner's meant cards, and for the person's clue the
    # two meant agents, then an assassin on the later table's person clue
    later_side = later.state.layout.side("A")
    assassin = next(later.words[c] for c in range(25)
                    if later_side[c] == "B" and not later.state.out_of_play(c))
    for name, items in manifest["guesser_sessions"].items():
        out = []
        for n, (bid, source) in enumerate(items, 1):
            _word, _number, meant = manifest[f"{source}_clues"][bid]
            touch = meant if source == "partner" or bid == "en-o01" else [assassin]
            out.append({"board": n, "touch": touch})
        _answer(runs / "r-guessers" / "answers" / f"{name}.txt", out)
    report = people.score_run("r")
    figures = json.loads((runs / "r" / "figures.json").read_text("utf-8"))
    partner_all = figures["en partner->person all"]
    assert partner_all["full"] == 2 and partner_all["assassin"] == 0
    assert figures["en person->person opening"]["agents"] == 2.0
    assert figures["en person->person later"]["assassin"] == 1
    assert figures["en person->partner later"]["refused"] == 1
    assert "qqqzzzxx" in report and "unknown_word" in report
