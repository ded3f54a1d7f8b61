"""Only what changed goes over the bus, and the bytes reproduce the picture."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luma.core.interface.serial import i2c
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageChops, ImageDraw

from keystand.app.views import seat_view
from keystand.hal.oled import PagedOled
from keystand.rules.actions import Clue, Guess
from keystand.rules.game import apply, new_game
from keystand.rules.ranking import unrank
from keystand.rules.setup import Rules
from keystand.screens.render import render
from keystand.screens.view import SeatView
from keystand.sim.i2c import RecordingBus
from keystand.sim.mono_ram import DisplayRam

DEVICES = {"ssd1306": ssd1306, "sh1106": sh1106}


def _panel(kind, rotate=0, bus=None):
    bus = bus or RecordingBus()
    oled = PagedOled(
        lambda: DEVICES[kind](i2c(bus=bus, address=0x3C), rotate=rotate), kind, (128, 64)
    )
    return oled, bus, DisplayRam(kind)


def _same(a, b):
    return ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


rects = st.lists(
    st.tuples(
        st.integers(0, 127),
        st.integers(0, 63),
        st.integers(0, 30),
        st.integers(0, 30),
        st.booleans(),
    ),
    max_size=6,
)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["ssd1306", "sh1106"]),
    st.sampled_from([0, 2]),
    st.lists(rects, min_size=1, max_size=5),
)
def test_decoded_bus_bytes_reproduce_every_frame(kind, rotate, frames):
    oled, bus, ram = _panel(kind, rotate)
    img = Image.new("1", (128, 64))
    for frame in frames:
        draw = ImageDraw.Draw(img)
        for x, y, w, h, on in frame:
            draw.rectangle((x, y, x + w, y + h), fill=int(on))
        assert oled.show(img)
        ram.feed(bus.take())
        shown = ram.image()
        assert _same(shown, img.rotate(180) if rotate == 2 else img)


@pytest.mark.parametrize("kind", ["ssd1306", "sh1106"])
def test_identical_frames_send_nothing_and_changes_send_little(kind):
    oled, bus, ram = _panel(kind)
    state, _ = apply(new_game(unrank(777), Rules()), Clue("A", 2))
    view = seat_view(state, "B", cursor=0)
    oled.show(render(view))
    ram.feed(bus.take())
    oled.show(render(view))
    assert bus.take() == []
    # luma's own display() for comparison: a whole frame every time.
    full_bus = RecordingBus()
    full = DEVICES[kind](i2c(bus=full_bus, address=0x3C))
    full_bus.take()
    full.display(render(view))
    full_bytes = RecordingBus.count(full_bus.take())
    # A cursor move.
    moved = SeatView(**{**{n: getattr(view, n) for n in SeatView.__slots__}, "cursor": 1})
    oled.show(render(moved))
    sent = bus.take()
    ram.feed(sent)
    assert _same(ram.image(), render(moved))
    assert RecordingBus.count(sent) <= 0.25 * full_bytes
    # A revealed guess (the cell's mark and the header change).
    green = next(i for i in range(25) if state.layout.role(i, "A") == "G")
    state, _ = apply(state, Guess("B", green))
    oled.show(render(seat_view(state, "B", cursor=1)))
    sent = bus.take()
    ram.feed(sent)
    assert _same(ram.image(), render(seat_view(state, "B", cursor=1)))
    assert RecordingBus.count(sent) <= 0.25 * full_bytes


def test_a_loose_cable_is_retried_and_reinitialised():
    oled, bus, ram = _panel("ssd1306")
    img = Image.new("1", (128, 64))
    ImageDraw.Draw(img).rectangle((10, 10, 50, 50), fill=1)
    assert oled.show(img)
    ram.feed(bus.take())
    bus.fail_writes = 1
    ImageDraw.Draw(img).rectangle((60, 10, 90, 30), fill=1)
    assert oled.show(img) is False and oled.failures == 1
    assert oled.show(img)  # rebuilt: init sequence, then the whole frame
    fresh = DisplayRam("ssd1306")
    fresh.feed(bus.take())
    assert fresh.on and _same(fresh.image(), img)
