from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from keystand.rules.errors import LayoutError
from keystand.rules.layout import PAIR_COUNTS, Layout, cell_index, cell_name, seat_index
from keystand.rules.ranking import TOTAL, rank, unrank

layouts = st.integers(0, TOTAL - 1).map(unrank)


def test_total_matches_the_design_brief():
    assert TOTAL == 35_620_613_892_864_000
    assert TOTAL.bit_length() == 55


@given(layouts)
def test_layout_string_round_trips(layout):
    text = layout.format()
    assert Layout.parse(text) == layout
    assert Layout.parse(text.lower()) == layout
    assert Counter(layout.pairs) == PAIR_COUNTS


def test_bad_counts_are_named():
    pairs = list(unrank(0).pairs)
    i = pairs.index("TT")
    pairs[i] = "GG"
    with pytest.raises(LayoutError) as err:
        Layout(pairs)
    assert "GG 4 (needs 3)" in str(err.value)
    assert "TT 6 (needs 7)" in str(err.value)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("GT " * 24, "has 24"),
        ("GX " + "GT " * 24, "pair 1 ('GX')"),
        ("G " * 25, "pair 1 ('G')"),
    ],
)
def test_malformed_layouts(text, fragment):
    with pytest.raises(LayoutError, match=None) as err:
        Layout.parse(text)
    assert fragment in str(err.value)


def test_cell_names_read_like_a_grid():
    assert cell_name(0) == "a1"
    assert cell_name(4) == "e1"
    assert cell_name(5) == "a2"
    assert cell_name(24) == "e5"
    assert [cell_index(cell_name(i)) for i in range(25)] == list(range(25))
    assert cell_index(" C3 ") == 12
    for bad in ("f1", "a0", "a6", "", "a11", "3c"):
        with pytest.raises(LayoutError):
            cell_index(bad)


@given(layouts)
def test_seat_b_sees_the_card_turned_half_way(layout):
    rows_a = layout.seat_rows("A")
    rows_b = layout.seat_rows("B")
    for r in range(5):
        for c in range(5):
            assert rows_a[r][c] == layout.role(r * 5 + c, "A")
            # B sees A's cell (r, c) at (4 - r, 4 - c): a rotation, not a mirror.
            assert rows_b[4 - r][4 - c] == layout.role(r * 5 + c, "B")
    assert seat_index(0, "B") == 24


@given(layouts)
def test_rank_is_a_bijection(layout):
    assert unrank(rank(layout)) == layout


def test_rank_order_is_lexicographic():
    first, second, last = unrank(0), unrank(1), unrank(TOTAL - 1)
    assert first.pairs < second.pairs
    assert first.format().startswith("BB BG BT GB GG GG GG")
    assert last.format().startswith("TT TT TT TT TT TT TT TG")
    with pytest.raises(LayoutError):
        unrank(TOTAL)
