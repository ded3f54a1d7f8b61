import pytest
from hypothesis import given
from hypothesis import strategies as st

from keystand.rules.errors import KeyCodeError
from keystand.rules.keycode import ALPHABET, decode, decode_rank, encode, encode_rank
from keystand.rules.ranking import TOTAL, unrank

ranks = st.integers(0, TOTAL - 1)


@given(ranks)
def test_codes_round_trip(value):
    code = encode_rank(value)
    assert len(code) == 14 and code.count("-") == 2
    assert decode_rank(code) == value


@pytest.mark.parametrize("value", [0, 1, TOTAL - 2, TOTAL - 1])
def test_first_and_last_ranks_round_trip(value):
    layout = unrank(value)
    assert decode(encode(layout)) == layout


def test_typing_is_forgiving():
    code = encode_rank(123_456_789_012_345)
    plain = code.replace("-", "")
    assert decode_rank(plain.lower()) == 123_456_789_012_345
    assert decode_rank(" ".join(plain)) == 123_456_789_012_345
    # I and L read as 1, O as 0, as Crockford intends.
    if "1" in plain or "0" in plain:
        fuzzy = plain.replace("1", "l").replace("0", "O")
        assert decode_rank(fuzzy) == 123_456_789_012_345


def _symbols(code: str) -> list[str]:
    return list(code.replace("-", ""))


@given(ranks)
def test_every_single_wrong_symbol_is_caught(value):
    symbols = _symbols(encode_rank(value))
    for pos in range(len(symbols)):
        for ch in ALPHABET:
            if ch == symbols[pos]:
                continue
            typo = symbols.copy()
            typo[pos] = ch
            with pytest.raises(KeyCodeError, match=r"mistyped|not a key card"):
                decode_rank("".join(typo))


@given(ranks)
def test_every_swap_of_neighbours_is_caught(value):
    symbols = _symbols(encode_rank(value))
    for pos in range(len(symbols) - 1):
        if symbols[pos] == symbols[pos + 1]:
            continue
        swapped = symbols.copy()
        swapped[pos], swapped[pos + 1] = swapped[pos + 1], swapped[pos]
        with pytest.raises(KeyCodeError, match=r"mistyped|not a key card"):
            decode_rank("".join(swapped))


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "has 0 symbols"),
        ("0000-0000-000", "has 11 symbols"),
        ("0000-0000-0000-0", "has 13 symbols"),
        ("U000-0000-0000", "'U' cannot appear"),
        ("0000_0000_0000", "'_' cannot appear"),
        ("ZZZZ-ZZZZ-ZZZZ", ""),
    ],
)
def test_bad_codes_say_what_is_wrong(text, fragment):
    with pytest.raises(KeyCodeError) as err:
        decode_rank(text)
    assert fragment in str(err.value)


def test_a_number_past_the_last_layout_is_refused_even_with_a_good_check():
    from keystand.rules.keycode import damm_check, format_symbols

    digits = [(TOTAL >> (5 * (10 - i))) & 31 for i in range(11)]
    code = format_symbols([*digits, damm_check(digits)])
    with pytest.raises(KeyCodeError, match="not a key card"):
        decode_rank(code)
