"""The simulator's pieces without a browser: its state folder, the request checks,
the image reader, what the page is told, and the phone link's note on the display."""

from __future__ import annotations

import io
import json
import os
import stat
import time
from email.message import Message as Headers
from http import HTTPStatus

import pytest
from PIL import Image

from keystand.rules.game import apply, new_game
from keystand.rules.keycode import decode
from keystand.rules.setup import Rules
from keystand.web import page_model
from keystand.web.guard import Hosts, Refusal, check_length, content_length
from keystand.web.state import StateFolder, StateFolderError, Stored

LAYOUT = decode("06M6-NZ2B-N9BD")


# ---------------------------------------------------------------- the state folder


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_folder_and_its_tokens_are_the_owners_alone(tmp_path):
    folder = StateFolder(tmp_path / "new" / "simulator")
    assert _mode(folder.path) == 0o700
    assert _mode(folder.path / "web.json") == 0o600
    stored = json.loads((folder.path / "web.json").read_text())
    assert len(stored["page"]) >= 22 and set(stored["seats"]) == {"A", "B"}


def test_tokens_and_choices_stay_for_the_life_of_the_folder(tmp_path):
    first = StateFolder(tmp_path)
    tokens = (first.stored.page, dict(first.stored.seats))
    laid = ["empty", "token", "token", "empty"]
    first.save(words="fi", panel=1, settings={"language": "ja"}, slots=laid)
    first.close()
    again = StateFolder(tmp_path)
    assert (again.stored.page, again.stored.seats) == tokens
    assert (again.stored.words, again.stored.panel) == ("fi", 1)
    assert again.stored.settings == {"language": "ja"}
    assert again.stored.slots == laid  # the bank as it lay, for the resumed game
    again.close()


@pytest.mark.parametrize("slots", ["token", ["token", "gold"], [1, 2], {"1": "token"}])
def test_a_bank_that_does_not_read_is_laid_afresh(slots):
    fresh = Stored()
    data = {"page": fresh.page, "seats": fresh.seats, "slots": slots}
    assert Stored.from_json(data).slots is None


def test_a_second_simulator_on_the_same_folder_is_refused(tmp_path):
    first = StateFolder(tmp_path)
    with pytest.raises(StateFolderError, match=rf"pid {os.getpid()}.*--state-dir"):
        StateFolder(tmp_path)
    first.close()
    StateFolder(tmp_path).close()  # free again once the first one stopped


def test_an_unreadable_token_file_gives_new_addresses_and_says_so(tmp_path):
    (tmp_path / "web.json").write_text("{not json")
    (tmp_path / "web.json").chmod(0o644)
    folder = StateFolder(tmp_path)
    assert len(folder.notes) == 1 and "new addresses made" in folder.notes[0]
    assert _mode(tmp_path / "web.json") == 0o600
    folder.close()
    assert StateFolder(tmp_path).notes == []  # and the new ones stay


def test_a_readable_token_file_is_made_private(tmp_path):
    StateFolder(tmp_path).close()
    (tmp_path / "web.json").chmod(0o644)
    StateFolder(tmp_path).close()
    assert _mode(tmp_path / "web.json") == 0o600


def test_a_folder_that_cannot_be_made_is_one_line(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(StateFolderError, match="cannot use the state folder"):
        StateFolder(tmp_path / "file" / "simulator")


@pytest.mark.parametrize(
    "data",
    [[], {"page": "short"}, {"seats": {"A": "abcdefgh"}}, {"seats": {"A": "x", "B": "y"}}],
)
def test_stored_tokens_are_checked(data):
    with pytest.raises(ValueError):
        Stored.from_json(data)


def test_stored_choices_that_are_no_longer_offered_fall_back():
    from helpers import device_config
    from keystand.web.simulator import _restored

    config = device_config()
    kept = _restored(
        {"language": "fi", "bank": 11, "mission": "nowhere", "brightness": 7, "x": 1}, config
    )
    assert (kept.language, kept.bank) == ("fi", 11)
    assert kept.mission == config.game.mission and kept.brightness == config.game.brightness


# ---------------------------------------------------------------- the request checks


def _headers(**values: str) -> Headers:
    h = Headers()
    for name, value in values.items():
        h[name.replace("_", "-")] = value
    return h


@pytest.mark.parametrize("value", ["-1", "abc", "1e3", "+5", " ", "5 5", "١٢", "9" * 19])
def test_a_content_length_that_is_not_a_byte_count_is_refused(value):
    with pytest.raises(Refusal) as refused:
        content_length(_headers(Content_Length=value))
    assert refused.value.status == HTTPStatus.BAD_REQUEST and refused.value.close


def test_content_lengths_that_frame_a_body():
    assert content_length(_headers()) is None
    assert content_length(_headers(Content_Length=" 12 ")) == 12
    both = _headers(Content_Length="3")
    both["Content-Length"] = "4"
    with pytest.raises(Refusal, match="conflicting"):
        content_length(both)
    with pytest.raises(Refusal) as chunked:
        content_length(_headers(Transfer_Encoding="chunked"))
    assert chunked.value.status == HTTPStatus.LENGTH_REQUIRED and chunked.value.close


def test_each_route_caps_its_body():
    assert check_length(10, 10, "a command") == 10
    with pytest.raises(Refusal) as over:
        check_length(11, 10, "a command")
    assert over.value.status == HTTPStatus.REQUEST_ENTITY_TOO_LARGE and over.value.close
    assert str(over.value) == "a command larger than 10 bytes refused"
    with pytest.raises(Refusal) as missing:
        check_length(None, 10, "a command")
    assert missing.value.status == HTTPStatus.LENGTH_REQUIRED


def test_only_this_servers_own_page_may_change_the_table():
    import socket

    hosts = Hosts("127.0.0.1")
    for host in ("127.0.0.1:8765", "[::1]:8765", "192.168.1.20:9000", "localhost:1"):
        hosts.check_change(_headers(Host=host))
        hosts.check_change(_headers(Host=host, Origin=f"http://{host}"))
    hosts.check_change(_headers(Host=f"{socket.gethostname()}:8765"))
    for headers in (
        _headers(),  # no Host at all
        _headers(Host="evil.example:8765"),  # a rebound name
        _headers(Host="127.0.0.1:8765", Origin="http://evil.example"),
        _headers(Host="127.0.0.1:8765", Origin="http://127.0.0.1:9999"),
        _headers(Host="127.0.0.1:8765", Sec_Fetch_Site="cross-site"),
    ):
        with pytest.raises(Refusal) as refused:
            hosts.check_change(headers)
        assert refused.value.status == HTTPStatus.FORBIDDEN and not refused.value.close


# ---------------------------------------------------------------- images


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def test_an_image_is_read_for_its_qr_code():
    from keystand.qr import qr_image
    from keystand.web.images import read_qr

    assert read_qr(_png(qr_image("KS1-TEST", module=6))) == "KS1-TEST"


def test_images_refused_say_why_in_one_line():
    from keystand.web.images import ImageRefused, read_qr

    cases = {
        b"not an image": "not an image",
        _png(Image.new("L", (120, 90), 255)): "no QR code found",
        _png(Image.new("1", (5000, 5000), 1)): "5000x5000 pixels refused",
        _png(Image.new("L", (300, 300), 255))[:200]: "could not be decoded",
    }
    for data, why in cases.items():
        began = time.monotonic()
        with pytest.raises(ImageRefused, match=why):
            read_qr(data)
        assert time.monotonic() - began < 1


# ---------------------------------------------------------------- what the page is told


def test_the_status_line_names_whose_turn_it_is():
    from keystand.rules.actions import Clue, Guess

    state = new_game(LAYOUT, Rules())
    assert page_model.status(state)["parts"] == [
        "Either seat gives a clue",
        "9 tokens left",
        "0 of 15 agents found",
    ]
    state, _ = apply(state, Clue("A", 2))
    green = next(i for i in range(25) if LAYOUT.role(i, "A") == "G")
    state, _ = apply(state, Guess("B", green))
    assert page_model.status(state)["parts"][0] == "Seat B guesses (A's clue for 2, 1 right so far)"
    # Finnish puts a colon between the clue and its number ("A:n vihje: 2")
    assert page_model.status(state, lang="fi")["parts"][0] == (
        "Paikka B arvaa (A:n vihje: 2, tähän asti 1 oikein)"
    )
    # ... and so does Japanese: the number does not run into the word ヒント
    assert page_model.status(state, lang="ja")["parts"][0].startswith("席Bが推理中（Aのヒント：2、")
    mission = page_model.status(new_game(LAYOUT, Rules(tokens=9, bystander_tokens=5)))
    assert "5 mistakes left" in mission["parts"]
    last = page_model.status(new_game(LAYOUT, Rules(tokens=2, bystander_tokens=1)))
    assert last["parts"][1:3] == ["2 tokens left", "1 mistake left"]  # not "1 mistakes left"
    one = page_model.status(new_game(LAYOUT, Rules(tokens=1, bystander_tokens=1)))
    assert one["parts"][1] == "1 token left"  # not "1 tokens left"
    # A clue's word, when one was recorded (solo: always), stays while it is guessed;
    # a two-player clue is said aloud, so the table knows no word to say.
    state, _ = apply(new_game(LAYOUT, Rules()), Clue("B", 4, "volcano"))
    green = next(i for i in range(25) if LAYOUT.role(i, "B") == "G")
    state, _ = apply(state, Guess("A", green))
    said = {
        "en": "Seat A guesses (B's clue: VOLCANO 4, 1 right so far)",
        "fi": "Paikka A arvaa (B:n vihje: VOLCANO 4, tähän asti 1 oikein)",
        "ja": "席Aが推理中（Bのヒント「VOLCANO」4、ここまで1正解）",
    }
    for lang, line in said.items():
        assert page_model.status(state, lang=lang)["parts"][0] == line
    # solo: the AI's clue is on the human's screen before its first press records it
    solo = page_model.status(
        new_game(LAYOUT, Rules()), page_model.TableNow(ai="B", ai_clue=("volcano", 2))
    )
    assert solo["parts"][0] == "The AI (seat B) gives VOLCANO 2: seat A guesses"


def test_after_a_win_the_line_counts_the_token_the_winning_turn_used():
    """At the end the line said "7 tokens left" while 8 stood in the bank: the
    rulebook counts the winning turn's token as used, though nobody takes it."""
    from keystand.rules.actions import Clue, Guess, Pass

    state, _ = apply(new_game(LAYOUT, Rules()), Clue("A", None))
    for cell in (i for i in range(25) if LAYOUT.role(i, "A") == "G"):
        state, _ = apply(state, Guess("B", cell))
    state, _ = apply(state, Pass("B"))
    state, _ = apply(state, Clue("B", None))
    for cell in (i for i in range(25) if LAYOUT.role(i, "B") == "G"):
        if state.agents[cell] is None:
            state, _ = apply(state, Guess("A", cell))
    assert (state.outcome, state.tokens_left, state.score) == ("won", 7, 22)
    parts = page_model.status(state, page_model.TableNow(bank=8))["parts"]
    assert parts[:2] == [
        "Won: score 22 (3 per token left, 1 per turn ended by taking a token)",
        "7 tokens left: the winning turn used one of the 8 in the bank",
    ]
    fi = page_model.status(state, page_model.TableNow(bank=8), "fi")["parts"]
    assert fi[1] == "7 aikamerkkiä jäljellä: voittovuoro käytti yhden aikavaraston 8 merkistä"


def test_the_ai_waiting_for_a_token_owed_says_so():
    """In solo a clue given while a bystander's token was owed left the AI waiting,
    and the line said nothing of why."""
    from keystand.rules.actions import Clue

    state, _ = apply(new_game(LAYOUT, Rules()), Clue("A", 6, "mine"))
    waiting = page_model.TableNow(bank=9, needs=("take", (1, "bystander", "bystander")), ai="B")
    parts = page_model.status(state, waiting)["parts"]
    assert parts[:3] == [
        "The AI (seat B) waits: first the bank, as this line says",
        "A's clue: MINE 6, 0 right so far",
        "9 tokens in the bank; take 1 to mark the word",
    ]


def test_the_assassin_that_lost_the_game_covers_its_card_and_no_other():
    from keystand.rules.actions import Clue, Guess

    state, _ = apply(new_game(LAYOUT, Rules()), Clue("A", 2))
    assassins = [i for i in range(25) if LAYOUT.role(i, "A") == "B"]
    touched = next(i for i in assassins if LAYOUT.role(i, "B") != "G")
    last = Guess("B", touched)
    state, _ = apply(state, last)
    assert state.outcome == "lost"
    covers = page_model.words(state, ("w",) * 25, last)
    assert covers.count("assassin") == 1 and covers[touched] == "assassin"
    assert page_model.status(state)["parts"][0] == "Lost: an assassin was touched"
    assert page_model.assassin_touched(new_game(LAYOUT, Rules()), None) is None


def test_the_legend_is_the_screens_table_in_its_order():
    from keystand.screens.legend import LEGEND

    for size in ((128, 64), (128, 128)):
        entries = page_model.legend(*size)
        assert [e["label"] for e in entries] == [label for *_, label in LEGEND]


# ---------------------------------------------------------------- the phone link on a display


def _qr_view(link: str):
    from keystand.screens.view import Role, SeatView

    return SeatView("A", "T" * 25, ("open",) * 25, 9, 9, False, Role.CLUE, qr=link)


@pytest.mark.parametrize("size", [(128, 64), (128, 128)])
def test_a_loopback_link_says_phones_need_host_and_a_network_link_does_not(size):
    import zxingcpp

    from keystand.qr import qr_screen
    from keystand.screens.qr_screen import local_link
    from keystand.screens.render import render

    local = "http://127.0.0.1:8765/s/A?t=abcdefgh"
    lan = "http://192.168.1.20:8765/s/A?t=abcdefgh"
    assert local_link(local) and local_link("http://localhost:1/") and local_link("http://[::1]/")
    assert not local_link(lan) and not local_link("KS1G-0000") and not local_link("http:///x")
    network = render(_qr_view(lan), *size)
    assert network.convert("1").tobytes() == qr_screen(lan, *size).convert("1").tobytes()
    noted = render(_qr_view(local), *size)
    assert noted.convert("1").tobytes() != qr_screen(local, *size).convert("1").tobytes()
    big = noted.convert("L").resize((size[0] * 4, size[1] * 4), Image.NEAREST)
    framed = Image.new("L", (big.width + 64, big.height + 64), 255)
    framed.paste(big, (32, 32))
    assert [r.text for r in zxingcpp.read_barcodes(framed)] == [local]  # still scans


def test_the_server_knows_when_phones_cannot_reach_it():
    from keystand.web import server

    assert server._loopback("127.0.0.1") and server._loopback("::1")
    assert server._loopback("localhost") and server._loopback("127.0.0.2")
    assert not server._loopback("0.0.0.0") and not server._loopback("192.168.1.20")
    assert server._reachable("192.168.1.20") == "192.168.1.20"
    assert server._reachable("0.0.0.0") not in ("0.0.0.0", "")  # an address, or a name


def test_simulate_takes_host_and_keeps_address_as_its_alias():
    from keystand.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["simulate", "--host", "0.0.0.0"]).host == "0.0.0.0"
    assert parser.parse_args(["simulate", "--address", "0.0.0.0"]).host == "0.0.0.0"
    assert parser.parse_args(["simulate"]).host is None
