"""Game codes: round trips, QR size, typo detection, seat codes, refusals, fuzzing."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import FUZZ_EXAMPLES
from keystand.qr import qr_version
from keystand.rules.gamecode import (
    Deal,
    GameCode,
    GameCodeError,
    decode,
    describe,
    encode,
    for_seat,
)
from keystand.rules.keycode import ALPHABET, damm_check
from keystand.rules.layout import Layout
from keystand.rules.ranking import TOTAL, unrank
from keystand.rules.setup import Rules

QR_ALNUM = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")

rules_st = st.builds(
    lambda ruleset, t, m, order, ign, thr: Rules(ruleset, t, min(m, t), order, thr, ign),
    st.sampled_from(["duet", "paper"]),
    st.integers(1, 12),
    st.integers(0, 12),
    st.sampled_from(["strict", "loose"]),
    st.integers(0, 3),
    st.one_of(st.none(), st.integers(1, 15)),
)
codes_st = st.builds(
    lambda r, rules, start, deal: GameCode(rules, layout=unrank(r), start=start, deal=deal),
    st.integers(0, TOTAL - 1),
    rules_st,
    st.sampled_from([None, "A", "B"]),
    st.one_of(st.none(), st.builds(Deal, st.integers(0, 1023), st.integers(0, 32**8 - 1))),
)


@given(codes_st)
def test_game_codes_round_trip(code):
    text = encode(code)
    assert set(text) <= QR_ALNUM
    assert decode(text) == code
    assert decode(text.lower().replace("-", " ")) == code
    if code.deal is None:
        assert len(text) <= 38


@settings(max_examples=30, deadline=None)
@given(codes_st.filter(lambda c: c.deal is None))
def test_without_a_deal_the_qr_is_version_2(code):
    assert qr_version(encode(code)) <= 2


@settings(max_examples=40, deadline=None)
@given(codes_st)
def test_every_single_mistyped_character_is_refused(code):
    text = encode(code)
    for i, ch in enumerate(text):
        if ch == "-":
            continue
        for other in ALPHABET:
            if other == ch or (ch in "1" and other in "IL") or (ch == "0" and other == "O"):
                continue
            typo = text[:i] + other + text[i + 1 :]
            with pytest.raises(GameCodeError):
                decode(typo)


@given(codes_st, st.sampled_from("AB"))
def test_a_seat_code_carries_only_its_side(code, seat):
    seat_code = for_seat(code, seat)
    back = decode(encode(seat_code))
    assert back.side == code.layout.side(seat) and back.layout is None
    # Swap the other side's roles between two cells this seat sees alike:
    # a different key card, the same seat code.
    pairs = list(code.layout.pairs)
    i0 = 0 if seat == "A" else 1
    for i in range(25):
        for j in range(i + 1, 25):
            if pairs[i][i0] == pairs[j][i0] and pairs[i] != pairs[j]:
                pairs[i], pairs[j] = pairs[j], pairs[i]
                other = GameCode(code.rules, layout=Layout(pairs), start=code.start, deal=code.deal)
                assert other.layout != code.layout
                assert encode(for_seat(other, seat)) == encode(seat_code)
                return
    raise AssertionError("every key card has such a pair of cells")


def test_seat_code_rows_are_turned_for_the_seat():
    layout = unrank(12345)
    info = describe(decode(encode(for_seat(GameCode(Rules(), layout=layout), "B"))))
    assert info["kind"] == "seat" and info["rows"] == layout.seat_rows("B")
    assert "layout" not in info and "key" not in info


def _craft(letter, body):
    """A code with a correct check around an arbitrary body, to test field checks."""
    values = [ALPHABET.index(c) for c in body]
    check = damm_check([1, {"G": 16, "A": 10, "B": 11}[letter], *values])
    return f"KS1{letter}-{body}{ALPHABET[check]}"


@pytest.mark.parametrize(
    "text, fragment, reason",
    [
        ("", "start with KS", "not_a_code"),
        ("hello world", "start with KS", "not_a_code"),
        ("KS", "too short", "not_a_code"),
        ("KS2G-0000-0000-0000-0000-0", "version '2'", "version"),
        ("KS1X-0000", "unknown game code kind 'X'", "not_a_code"),
        ("KS1G-0000", "17 or 27 symbols", "not_a_code"),
        ("KS1G-06M6-NZ2B-N9B0-9500-F", "mistyped", "mistyped"),
        ("KS1G-06M6-NZ2B-N9B0-95U0-E", "'U' cannot appear in a game code", "not_a_code"),
        (_craft("G", "06M6NZ2BN9B" + "09A00"), "impossible mission 9-10", "bad_settings"),
        (_craft("G", "06M6NZ2BN9B" + "0D000"), "impossible mission 13-0", "bad_settings"),
        (_craft("G", "06M6NZ2BN9B" + "00000"), "impossible mission 0-0", "bad_settings"),
        (_craft("G", "ZZZZZZZZZZZ" + "09900"), "no valid key card", "bad_settings"),
        (_craft("A", "ZZZZZZZ" + "09900"), "no valid key side", "bad_settings"),
        (_craft("G", "06M6NZ2BN9B" + "Z9900"), "settings this keystand does not", "bad_settings"),
        (_craft("G", "06M6NZ2BN9B" + "0990Z"), "impossible win threshold", "bad_settings"),
    ],
)
def test_bad_codes_say_what_is_wrong(text, fragment, reason):
    with pytest.raises(GameCodeError) as err:
        decode(text)
    assert err.value.reason == reason  # what the displays say, translated
    assert fragment in str(err.value)  # what `keystand decode` prints


def test_decode_command(cli):
    code = encode(GameCode(Rules(tokens=9, bystander_tokens=5), layout=unrank(7)))
    result = cli("decode", code)
    info = json.loads(result.stdout)
    assert info["layout"] == unrank(7).format() and info["mission"] == "9-5"
    assert info["ruleset"] == "duet" and info["key"].count("-") == 2
    bad = cli("decode", "\x01\xff garbage \u2603")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


# --------------------------------------------------------------------- fuzzing

VALID = [encode(GameCode(Rules(), layout=unrank(r))) for r in (0, 99, TOTAL - 1)]


def _mutations():
    chars = st.sampled_from(list(ALPHABET + "KSILOU-  \n\t\x00é☃:$%*+./"))
    base = st.sampled_from(VALID)
    edit = st.tuples(st.integers(0, 40), chars)
    return st.one_of(
        st.text(max_size=60),
        st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
        st.builds(lambda b, edits: _apply(b, edits), base, st.lists(edit, max_size=4)),
        st.builds(lambda b, n: b[:n], base, st.integers(0, 30)),
    )


def _apply(text, edits):
    for pos, ch in edits:
        pos = min(pos, len(text))
        text = text[:pos] + ch + text[pos + 1 :]
    return text


@pytest.mark.slow
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
@given(_mutations())
def test_fuzz_only_the_typed_error_escapes(text):
    try:
        decode(text)
    except GameCodeError as exc:
        assert str(exc) and "\n" not in str(exc)
