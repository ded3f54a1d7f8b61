"""Seat views and seat screens: one side only, shapes that tell roles apart."""

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import ImageChops

from keystand.app.views import seat_view
from keystand.rules.actions import Clue, Guess, Pass
from keystand.rules.errors import IllegalAction
from keystand.rules.game import apply, new_game
from keystand.rules.layout import Layout
from keystand.rules.ranking import TOTAL, unrank
from keystand.rules.setup import Rules
from keystand.screens.render import render
from keystand.screens.view import AGENT, MARK_MINE, MARK_THEIRS, Message, SeatView

ACTIONS = [Clue(s, 2) for s in "AB"] + [Guess(s, c) for s in "AB" for c in range(25)]
ACTIONS += [Pass("A"), Pass("B")]


def _random_state(layout, choices):
    state = new_game(layout, Rules(tokens=12, bystander_tokens=12))
    for pick in choices:
        for k in range(len(ACTIONS)):
            try:
                state, _ = apply(state, ACTIONS[(pick + k) % len(ACTIONS)])
                break
            except IllegalAction:
                continue
    return state


def _twin(layout, seat):
    """Another key card with the same side for ``seat`` and a different other side."""
    i0 = 0 if seat == "A" else 1
    pairs = list(layout.pairs)
    for i in range(25):
        for j in range(i + 1, 25):
            if pairs[i][i0] == pairs[j][i0] and pairs[i] != pairs[j]:
                pairs[i], pairs[j] = pairs[j], pairs[i]
                return Layout(pairs), (i, j)
    raise AssertionError("unreachable")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, TOTAL - 1), st.sampled_from("AB"), st.lists(st.integers(0, 200), max_size=12))
def test_a_seat_screen_cannot_depend_on_the_other_side(rank, seat, choices):
    layout = unrank(rank)
    state = _random_state(layout, choices)
    view = seat_view(state, seat)
    assert set(SeatView.__slots__) == {
        "seat",
        "side",
        "marks",
        "tokens_left",
        "bystander_left",
        "mission",
        "role",
        "hint",  # what the role does next: from the role and public counts
        "cursor",
        "message",
        "outcome",
        "clue",
        "dial",  # the number this seat dialled for its own clue
        "qr",
        "menu",
        "menu_index",
        "menu_armed",
        "debrief",  # a flag: True only after the game (tests/test_debrief.py)
        "entry",  # a code being typed: what the player dialled
        "entry_next",
        "entry_kind",  # a game code or a team's name
        "legend",  # a flag: show what the symbols mean
        "diagnostics",  # this seat's own inputs and the bank's readings: nothing of a key
        "mission_name",  # the mission played: the table chose it
        "touch",  # a flag: the table senses its word cards
        "cursor_word",  # solo: the word on the card under the cursor, face up on the table
        "clue_word",  # solo: the clue's word, public once said
        "clue_by",  # solo: whose clue, "ai" or "you"
        "word_entry",  # solo: the human's own clue word being dialled
        "panel",  # solo: the AI's clue log (its targets only after the game)
        "team",  # after a team's game: its record (games, wins, best), nothing of a key
    }
    assert view.side == "".join(layout.seat_rows(seat))
    # Same table, same own side, different partner side: the same view and pixels,
    # unless the swapped cells' public marks differ (then nothing is hidden anyway).
    twin, (i, j) = _twin(layout, seat)
    if state.agents[i] is None and state.agents[j] is None and not state.marks[i] | state.marks[j]:
        from dataclasses import replace

        twin_view = seat_view(replace(state, layout=twin), seat)
        assert twin_view == view
        assert render(twin_view).tobytes() == render(view).tobytes()


def _cell_pixels(img, index, pitch=12, x0=2, y0=2):
    r, c = divmod(index, 5)
    x, y = x0 + c * pitch, y0 + r * pitch
    return img.crop((x, y, x + pitch - 1, y + pitch - 1)).tobytes()


def test_roles_have_distinct_shapes_in_mono():
    layout = unrank(0)  # A's first cells: BB BG BT GB GG ...
    view = seat_view(new_game(layout, Rules()), "A")
    img = render(view)
    assert img.mode == "1" and img.size == (128, 64)
    shapes = {view.side[i]: _cell_pixels(img, i) for i in range(25)}
    assert len(set(shapes.values())) == 3


def test_marks_cursor_and_messages_change_the_picture():
    layout = unrank(123456789)
    state = new_game(layout, Rules())
    state, _ = apply(state, Clue("A", 1))
    green_for_a = next(i for i in range(25) if layout.role(i, "A") == "G")
    tan_for_a = next(i for i in range(25) if layout.role(i, "A") == "T")
    before = seat_view(state, "B")
    state, _ = apply(state, Guess("B", green_for_a))
    state, _ = apply(state, Guess("B", tan_for_a))
    a, b = seat_view(state, "A"), seat_view(state, "B")
    assert a.marks[green_for_a] == AGENT and b.marks[24 - green_for_a] == AGENT
    assert a.marks[tan_for_a] == MARK_THEIRS and b.marks[24 - tan_for_a] == MARK_MINE
    assert render(b).tobytes() != render(before).tobytes()
    assert _cell_pixels(render(a), tan_for_a) != _cell_pixels(render(b), 24 - tan_for_a) or (
        a.side[tan_for_a] != b.side[24 - tan_for_a]
    )
    moved = render(SeatView(**{**_fields(a), "cursor": 3}))
    assert ImageChops.difference(moved.convert("L"), render(a).convert("L")).getbbox()
    told = render(
        SeatView(**{**_fields(a), "message": Message("take", (2, "checkmark", "bystander"))})
    )
    assert told.tobytes() != render(a).tobytes()


def test_colour_panel_renders_128_square():
    view = seat_view(new_game(unrank(42), Rules(tokens=9, bystander_tokens=5)), "B")
    img = render(view, 128, 128)
    assert img.mode == "RGB" and img.size == (128, 128)
    assert len(set(img.tobytes()[i : i + 3] for i in range(0, 128 * 128 * 3, 3))) >= 4


def _fields(view):
    return {name: getattr(view, name) for name in SeatView.__slots__}


def test_a_qr_too_long_for_the_panel_says_so_instead_of_failing():
    from dataclasses import replace

    from keystand.screens.messages import message_lines

    state = new_game(unrank(0), Rules())
    view = replace(seat_view(state, "A"), qr="http://" + "x" * 120 + "/s/A?t=12345678")
    image = render(view)
    assert image.size == (128, 64) and image.getbbox() is not None
    assert message_lines(Message("qr_too_long")) == ["QR too long", "for this panel"]


# Every state a cell can show: a role with no mark or a bystander mark either way,
# or covered (by an agent card, or by tokens from both sides), each with and
# without the cursor.
CELL_STATES = [
    (role, mark)
    for role in "GTB"
    for mark in ("open", MARK_MINE, MARK_THEIRS)
    if not (mark == MARK_THEIRS and role != "T")  # the partner's miss is my bystander
] + [("G", AGENT), ("T", "both")]


def _cell_image(geometry, role, mark, cursor):
    from PIL import Image, ImageDraw

    from keystand.screens.cell import draw_cell

    size = geometry.pitch + 2
    img = Image.new("RGB" if geometry.colour else "1", (size, size), 0)
    draw_cell(ImageDraw.Draw(img), 1, 1, geometry, role, mark, cursor)
    return img


def test_every_cell_state_looks_different_with_and_without_the_cursor():
    from keystand.screens.panel import COLOUR, MONO

    for geometry in (MONO, COLOUR):
        seen = {}
        for role, mark in CELL_STATES:
            for cursor in (False, True):
                pixels = _cell_image(geometry, role, mark, cursor).tobytes()
                assert pixels not in seen, (geometry.colour, (role, mark, cursor), seen[pixels])
                seen[pixels] = (role, mark, cursor)


def test_the_cursor_shows_on_every_kind_of_cell():
    """The cursor's frame stands apart from every symbol: lit pixels outside the cell."""
    from keystand.screens.panel import COLOUR, MONO

    for geometry in (MONO, COLOUR):
        for role, mark in CELL_STATES:
            plain = _cell_image(geometry, role, mark, False)
            framed = _cell_image(geometry, role, mark, True)
            span = range(geometry.pitch + 1)  # the cell and the gap around it
            ring = [(0, k) for k in span] + [(k, 0) for k in span]
            assert all(not any(_rgb(plain.getpixel(p))) for p in ring)
            assert all(any(_rgb(framed.getpixel(p))) for p in ring), (role, mark)


def test_agents_are_the_boldest_shapes():
    """The nine greens stand out: an agent lights more pixels than any other cell."""
    from keystand.screens.panel import MONO

    def lit(role, mark):
        img = _cell_image(MONO, role, mark, False)
        return sum(1 for v in img.getdata() if v)

    agent = lit("G", "open")
    assert all(lit(r, m) < agent for r, m in CELL_STATES if r != "G" or m == AGENT)
    assert lit("T", "open") <= 1  # a bystander recedes to a dot


def _rgb(value):
    return value if isinstance(value, tuple) else (value,)
