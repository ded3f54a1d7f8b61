"""A team's map drawn as SVG (campaign/map_svg.py): one box per mission of its
edition with the status the team's record gives it, lines for unlocks, the
bonuses held, escaped text, and a user's own cities laid out with the rest."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from keystand.campaign.map_svg import map_svg
from keystand.campaign.store import CampaignStore
from keystand.i18n import translation
from keystand.rules.missions import load_book

SVG = "{http://www.w3.org/2000/svg}"
VIENNA = """
[edition]
id = "duet"
[[mission]]
id = "vienna"
name = "Vienna"
tokens = 8
bystanders = 4
unlocks = ["bangkok"]
[[mission]]
id = "berlin"
unlocks = ["vienna"]
"""


@pytest.fixture
def store(tmp_path):
    with CampaignStore.in_folder(tmp_path) as s:
        yield s


def _missions(svg: str) -> dict[str, dict]:
    """Each mission box: its status (from its class), its texts and position."""
    root = ET.fromstring(svg)
    found = {}
    for g in root.iter(f"{SVG}g"):
        classes = g.get("class", "").split()
        if "mission" not in classes:
            continue
        x, y = map(float, g.get("transform", "")[len("translate(") : -1].split())
        texts = [t.text for t in g.iter(f"{SVG}text")]
        status = [c for c in classes if c != "mission"]
        found[g.get("data-mission")] = {"status": status, "texts": texts, "x": x, "y": y}
    return found


def _lines(svg: str) -> set[tuple[str, str, str]]:
    root = ET.fromstring(svg)
    return {
        (p.get("data-from"), p.get("data-to"), p.get("class", "").split()[1])
        for p in root.iter(f"{SVG}path")
        if "line" in p.get("class", "").split()
    }


def test_a_duet_team_after_prague_has_prague_done_three_open_and_the_rest_locked(store):
    book = load_book()
    store.create_team("Friday club", "duet")
    store.record_result("Friday club", "g1", "prague", "won", 14)
    store.record_result("Friday club", "g2", "cairo", "lost", None)
    boxes = _missions(map_svg(book, store.record("Friday club")))
    assert set(boxes) == {m.id for m in book.in_edition("duet")}
    status = {m: b["status"] for m, b in boxes.items()}
    assert status["prague"] == ["completed"]
    assert {m for m, s in status.items() if s == ["available"]} == {"berlin", "cairo", "moscow"}
    assert {m for m, s in status.items() if s == ["locked"]} == {
        "bangkok",
        "singapore",
        "monte-carlo",
        "vatican",
    }
    assert boxes["cairo"]["texts"][-2:] == ["Cairo", "9-5"]
    assert boxes["berlin"]["texts"][-1] == "11-2*"  # a number no rulebook prints is starred
    # Prague on top, the three it opens on the row below, each drawn as a line.
    assert all(boxes[m]["y"] > boxes["prague"]["y"] for m in ("berlin", "cairo", "moscow"))
    lines = _lines(map_svg(book, store.record("Friday club")))
    assert {(a, b) for a, b, _ in lines} == {("prague", m) for m in ("berlin", "cairo", "moscow")}
    assert {kind for *_, kind in lines} == {"opened"}


def test_the_missions_named_but_not_placed_sit_under_what_opens_them(store):
    # Duet rulebook, "Continuing on" (wins in Berlin, Moscow, Cairo open more) and
    # "Mission parameters" (Bangkok 7-7, Singapore 6-6, placed on no line of ours).
    book = load_book()
    store.create_team("Far", "duet")
    for n, m in enumerate(["prague", "berlin", "cairo"]):
        store.record_result("Far", f"g{n}", m, "won", 10)
    for lang, caption in (
        ("en", "no line known; these open once Berlin, Cairo, Moscow are all won"),
        ("ja", "通じる線は不明。ベルリン、カイロ、モスクワをすべて達成すると開く"),
    ):
        svg = map_svg(book, store.record("Far"), translation(lang).gettext)
        root = ET.fromstring(svg)
        captions = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
        assert caption in captions
        boxes = _missions(svg)
        # Their own row, under that caption, above the row no line leads to.
        assert boxes["bangkok"]["y"] == boxes["singapore"]["y"] < boxes["monte-carlo"]["y"]
        assert boxes["bangkok"]["status"] == ["locked"]
        assert not {("moscow", "bangkok"), ("cairo", "singapore")} & {
            (a, b) for a, b, _ in _lines(svg)
        }  # no line is drawn that no rulebook draws
    store.record_result("Far", "g9", "moscow", "won", 10)
    boxes = _missions(map_svg(book, store.record("Far")))
    assert boxes["bangkok"]["status"] == boxes["singapore"]["status"] == ["available"]
    assert boxes["monte-carlo"]["status"] == ["locked"]


def test_an_expert_team_s_map_says_so_and_shows_its_numbers(store):
    # 10-token rulebook, "Continuing on": the expert variant, a token fewer a mission.
    store.create_team("Aurors", "coop10", expert=True)
    for lang, label in (
        ("en", "Aurors — 10-token co-op edition · expert: one token fewer in each mission"),
        ("fi", "Aurors — 10-token co-op edition · vaikea: joka tehtävässä merkki vähemmän"),
    ):
        svg = map_svg(load_book(), store.record("Aurors"), translation(lang).gettext)
        assert ET.fromstring(svg).find(f"{SVG}title").text == label
    boxes = _missions(svg)
    assert boxes["london"]["texts"][-1] == "9-9"
    assert boxes["diagon-alley"]["texts"][-1] == "10-3*"


def test_a_new_team_has_only_its_first_mission_open_and_its_lines_closed(store):
    book = load_book()
    store.create_team("New", "duet")
    svg = map_svg(book, store.record("New"))
    boxes = _missions(svg)
    assert boxes["prague"]["status"] == ["available"]
    assert all(b["status"] == ["locked"] for m, b in boxes.items() if m != "prague")
    assert {kind for *_, kind in _lines(svg)} == {"closed"}
    assert "Bonuses held: —" in "".join(ET.fromstring(svg).itertext())


def test_the_map_is_the_same_for_the_same_record(store):
    book = load_book()
    store.create_team("Twice", "coop10")
    store.record_result("Twice", "g1", "london", "won", 12)
    assert map_svg(book, store.record("Twice")) == map_svg(load_book(), store.record("Twice"))


def test_text_is_escaped_and_the_svg_still_parses(store):
    name = 'Rock <&> "Roll"'
    store.create_team(name, "duet")
    svg = map_svg(load_book(), store.record(name))
    root = ET.fromstring(svg)  # raises on a stray < or &
    assert root.get("data-team") == name
    assert root.find(f"{SVG}title").text.startswith(name)
    assert "<&>" not in svg


def test_a_user_map_file_lays_out_its_extra_city_under_the_line_to_it(store):
    book = load_book([("mine.toml", VIENNA)])
    store.create_team("Mine", "duet")
    store.record_result("Mine", "g1", "prague", "won", 14)
    store.record_result("Mine", "g2", "berlin", "won", 9)
    svg = map_svg(book, store.record("Mine"))
    boxes = _missions(svg)
    assert boxes["vienna"]["status"] == ["available"]
    assert boxes["vienna"]["texts"][-2:] == ["Vienna", "8-4*"]  # the user's, not a rulebook's
    assert boxes["bangkok"]["status"] == ["locked"]
    # One row per unlock depth: Prague, Berlin, Vienna, then Bangkok.
    rows = [boxes[m]["y"] for m in ("prague", "berlin", "vienna", "bangkok")]
    assert rows == sorted(rows) and len(set(rows)) == 4
    assert boxes["vienna"]["x"] == boxes["berlin"]["x"]  # straight under its one parent
    assert ("berlin", "vienna", "opened") in _lines(svg)
    assert ("vienna", "bangkok", "closed") in _lines(svg)
    # No box overlaps another.
    spots = sorted((b["y"], b["x"]) for b in boxes.values())
    for (y1, x1), (y2, x2) in itertools.pairwise(spots):
        assert y1 != y2 or x2 - x1 >= 100


def test_a_mission_open_without_its_number_is_drawn_as_needing_it(store):
    line = '[edition]\nid = "duet"\n[[mission]]\nid = "prague"\nunlocks = ["vatican"]\n'
    book = load_book([("line.toml", line)])
    store.create_team("Rome", "duet")
    store.record_result("Rome", "g1", "prague", "won", 14)
    boxes = _missions(map_svg(book, store.record("Rome")))
    assert boxes["vatican"]["status"] == ["needs_number"]
    assert boxes["vatican"]["texts"][-1] == "?-0*"


def test_the_coop10_log_shows_boxes_their_rewards_and_the_bonuses_held(store):
    book = load_book()
    store.create_team("Owls", "coop10")
    for n, m in enumerate(["london", "privet-drive", "the-burrow", "grimmauld-place"]):
        store.record_result("Owls", f"g{n}", m, "won", 10)
    svg = map_svg(book, store.record("Owls"))
    boxes = _missions(svg)
    assert set(boxes) == {m.id for m in book.in_edition("coop10")}
    assert boxes["diagon-alley"]["status"] == ["available"]
    assert boxes["gringotts"]["status"] == ["locked"]
    finals = ("department-of-mysteries", "hall-of-prophecies", "battle-in-the-atrium")
    assert all(boxes[m]["status"] == ["locked"] for m in finals)
    # A box is one row: its three missions side by side, in order.
    row = [boxes[m] for m in ("privet-drive", "the-burrow", "grimmauld-place")]
    assert len({b["y"] for b in row}) == 1 and [b["x"] for b in row] == sorted(b["x"] for b in row)
    root = ET.fromstring(svg)
    bonuses = {
        t.get("data-bonus"): t.get("class").split()[1]
        for t in root.iter(f"{SVG}text")
        if t.get("data-bonus")
    }
    assert bonuses["fourteen-is-enough"] == "held"
    assert bonuses["extra-token"] == "not-held"
    assert bonuses["two-word-clue"] == "held"  # London won: its three uses
    held = next(t.text for t in root.iter(f"{SVG}text") if t.get("class") == "held")
    # The second transcription's numbers are starred: London's three diamonds and the
    # reward's 14 (our scan of the log prints no diamonds there, and 11).
    assert held == "Bonuses held: Two-word clue ×3*, 14 agents are enough* ×1"
    texts = {t.get("data-bonus"): t.text for t in root.iter(f"{SVG}text") if t.get("data-bonus")}
    assert texts["two-word-clue"] == "Two-word clue ◆◆◆*"
    assert texts["fourteen-is-enough"] == "★ 14 agents are enough*"
    assert texts["extra-token"] == "☆ Extra token"
    note = next(t.text for t in root.iter(f"{SVG}text") if t.get("class") == "note")
    assert note == "* a number our rulebooks do not print"


def test_a_spent_box_reward_is_drawn_as_spent(store):
    book = load_book()
    store.create_team("Spent", "coop10")
    for n, m in enumerate(["london", "privet-drive", "the-burrow", "grimmauld-place"]):
        store.record_result("Spent", f"g{n}", m, "won", 10)
    store.record_result(
        "Spent", "g9", "diagon-alley", "lost", None, bonuses={"fourteen-is-enough": 1}
    )
    root = ET.fromstring(map_svg(book, store.record("Spent")))
    reward = next(t for t in root.iter(f"{SVG}text") if t.get("data-bonus") == "fourteen-is-enough")
    assert reward.get("class") == "bonus spent"


def test_the_labels_follow_the_language(store):
    store.create_team("Kissat", "duet")
    svg = map_svg(load_book(), store.record("Kissat"), translation("fi").gettext)
    text = "".join(ET.fromstring(svg).itertext())
    assert "lukittu" in text and "Bonukset" in text


def test_campaign_show_draws_the_map_into_a_file(tmp_path):
    from helpers import run_cli

    state = ["--state-dir", str(tmp_path / "state")]
    assert run_cli("campaign", "new", "Ravens", *state).returncode == 0
    out = tmp_path / "ravens.svg"
    shown = run_cli("campaign", "show", "ravens", "--svg", str(out), "--lang", "ja", *state)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Ravens (duet")  # the text record as before
    root = ET.parse(out).getroot()
    prague = next(g for g in root.iter(f"{SVG}g") if g.get("data-mission") == "prague")
    assert prague.get("data-status") == "available"
    assert "プラハ" in "".join(prague.itertext())
    bad = run_cli("campaign", "show", "ravens", "--svg", str(tmp_path / "no" / "x.svg"), *state)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "cannot write" in bad.stderr


AZKABAN = """
[edition]
id = "coop10"
[[mission]]
id = "azkaban"
name = "Azkaban"
tokens = 8
bystanders = 1
[[mission]]
id = "hogsmeade"
unlocks = ["azkaban"]
[[mission]]
id = "lake"
name = "The Black Lake"
tokens = 9
bystanders = 3
location = "hogwarts"
[[mission]]
id = "forbidden-forest"
unlocks = ["lake"]
"""


def test_a_user_map_adds_to_the_log_where_its_lines_lead(store):
    book = load_book([("mine.toml", AZKABAN)])
    store.create_team("Log", "coop10")
    for n, m in enumerate(["london", "hogwarts", "quidditch-pitch", "hagrids-hut"]):
        store.record_result("Log", f"g{n}", m, "won", 10)
    store.record_result("Log", "g9", "forbidden-forest", "won", 10)
    svg = map_svg(book, store.record("Log"))
    boxes = _missions(svg)
    assert set(boxes) == {m.id for m in book.in_edition("coop10")}
    # The lake continues the forest's chain, on its row; the reward still ends it.
    chain = [boxes[m] for m in ("quidditch-pitch", "hagrids-hut", "forbidden-forest", "lake")]
    assert len({b["y"] for b in chain}) == 1 and [b["x"] for b in chain] == sorted(
        b["x"] for b in chain
    )
    assert boxes["lake"]["status"] == ["available"]
    assert boxes["azkaban"]["status"] == ["locked"]
    assert ("hogsmeade", "azkaban", "closed") in _lines(svg)
    # Azkaban has a line to it: no "no known line" caption over it.
    assert "no known line leads here" not in "".join(ET.fromstring(svg).itertext())


def test_the_page_panel_data_for_no_team_a_team_and_no_store(store):
    from keystand.web import page_model

    book = load_book()
    assert "Team" in page_model.campaign(book, None)["hint"]  # how to choose one
    assert "cannot be kept" in page_model.campaign(None, None)["hint"]
    store.create_team("Cats", "duet")
    store.record_result("Cats", "g1", "prague", "lost", None)
    store.record_result("Cats", "g2", "prague", "won", 18)
    store.record_result("Cats", "g3", "prague", "won", 20)
    panel = page_model.campaign(book, store.record("Cats"))
    assert (panel["team"], panel["games"], panel["wins"], panel["best"]) == ("Cats", 3, 2, 20)
    assert panel["missions"] == [
        {
            "mission": "prague",
            "name": "Prague",
            "numbers": "9-9",
            "status": "completed",
            "games": 3,
            "wins": 2,
            "best": 20,
        }
    ]
    assert _missions(panel["svg"])["prague"]["status"] == ["completed"]
    assert panel["note"] == ""  # no number of its table is starred


def test_the_page_and_the_book_star_the_numbers_no_rulebook_prints(store, tmp_path):
    # 10-token rulebook, "Mission log": our scan prints Diagon Alley 11/8; the table
    # plays 11-3 (a second transcription), starred, with the note under it.
    from keystand.books.book import campaign_page
    from keystand.campaign.report import summary
    from keystand.web import page_model

    book = load_book()
    store.create_team("Order", "coop10")
    for n, m in enumerate(["london", "privet-drive", "the-burrow", "grimmauld-place"]):
        store.record_result("Order", f"g{n}", m, "won", 10)
    store.record_result("Order", "g9", "diagon-alley", "lost", None)
    record = store.record("Order")
    panel = page_model.campaign(book, record, "ja")
    numbers = {row["mission"]: row["numbers"] for row in panel["missions"]}
    assert (numbers["privet-drive"], numbers["diagon-alley"]) == ("10-5", "11-3*")
    assert panel["note"] == "* ルールブックに載っていない数字"

    class Setup:  # what campaign_page reads of a BookSetup
        lang, campaign, campaign_map = "fi", summary(book, record), ""

    page = campaign_page(Setup)  # type: ignore[arg-type]
    assert "<td>11-3*</td>" in page and "<td>10-5</td>" in page
    assert "14 agents are enough* ×1" in page and "Two-word clue ×3*" in page
    assert "* luku, jota sääntökirjamme eivät mainitse" in page


def test_the_page_panel_lists_the_newest_games_with_clues_recorded_first(store):
    import datetime as dt

    from keystand.campaign.progress import ClueRecord
    from keystand.web import page_model

    book = load_book()
    store.create_team("Cats", "duet")
    aloud = [ClueRecord("A", None), ClueRecord("B", None)]
    store.record_result("Cats", "g0", "prague", "lost", None, aloud)  # nothing recorded
    assert page_model.campaign(book, store.record("Cats"))["clue_log"] == []
    day = dt.date(2026, 10, 31)
    for n in range(1, page_model.CLUE_LOG_ROWS + 3):
        clues = [ClueRecord("A", n, "ocean"), ClueRecord("B", None), ClueRecord("A", 2)]
        won = n % 2 == 0
        store.record_result(
            "Cats",
            f"g{n}",
            "prague",
            "won" if won else "lost",
            20 + n if won else None,
            clues,
            today=day + dt.timedelta(days=n),
        )
    store.record_result(
        "Cats",
        "two",
        "berlin",
        "won",
        15,
        [ClueRecord("B", 2, "ship", 1, "star")],
        today=dt.date(2026, 12, 1),
    )
    log = page_model.campaign(book, store.record("Cats"))["clue_log"]
    assert len(log) == page_model.CLUE_LOG_ROWS
    assert log[0] == {
        "date": "2026-12-01",
        "mission": "berlin",
        "name": "Berlin",
        "outcome": "won",
        "score": 15,
        "result": "won 15",
        "clues": "B 2 SHIP+1 STAR",
    }
    # In the table's language: the mission's name and the result, the clues as shown.
    finnish = page_model.campaign(book, store.record("Cats"), "fi")["clue_log"]
    assert [finnish[0][k] for k in ("name", "result", "clues")] == [
        "Berliini", "voitto 15", "B 2 SHIP+1 STAR"
    ]
    newest = page_model.CLUE_LOG_ROWS + 2  # won; the one before it lost
    assert [g["result"] for g in finnish[1:3]] == [f"voitto {20 + newest}", "häviö"]
    assert [g["result"] for g in log[1:3]] == [f"won {20 + newest}", "lost"]
    last = page_model.CLUE_LOG_ROWS + 2
    assert log[1]["date"] == f"2026-11-{last:02d}" and log[1]["outcome"] == "won"
    assert log[1]["clues"] == f"A {last} OCEAN, B ?, A 2"
    assert [g["date"] for g in log] == sorted((g["date"] for g in log), reverse=True)
