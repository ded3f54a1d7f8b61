"""Display outages: a panel always comes back to the current view, by itself.

Faults go in through the recording bus's hook (``SimTable.buses[seat].fail_writes``):
a short glitch during a clue, a long outage (a cable out), and a failure in the
middle of a frame. What the panel shows is decoded from the bytes on its bus.
"""

from __future__ import annotations

import logging
import time

import pytest
from luma.core.interface.serial import i2c, spi
from luma.oled.device import sh1106, ssd1306, ssd1351
from PIL import Image, ImageChops, ImageDraw

from helpers import knob_turns, wait_for
from keystand.app.daemon import RETRY_MAX
from keystand.hal.oled import ColourOled, PagedOled
from keystand.screens.render import render
from keystand.sim.colour_ram import ColourRam
from keystand.sim.i2c import RecordingBus
from keystand.sim.mono_ram import DisplayRam
from keystand.sim.spi import RecordingGpio, RecordingSpi


def _current(device, seat: str) -> bool:
    """The panel shows exactly the seat's view now."""
    view = device.daemon.session.views()[seat]
    frame = device.table.frame(seat)
    return ImageChops.difference(frame, render(view).convert("1")).getbbox() is None


def _a_on_the_centre(device) -> None:
    """A's cursor from off the cards onto the centre card, its frame shown: the
    next press of A's plays (a guess that records B's clue)."""
    for turn in knob_turns(None, 12):
        device.command(f"A {turn}")
    assert wait_for(lambda: device.daemon.session.cursor["A"] == 12 and _current(device, "A"))


def _lines(caplog, text: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if text in r.getMessage()]


def test_a_glitch_during_a_clue_is_retried_until_the_guessers_panel_shows_it(device, caplog):
    caplog.set_level(logging.INFO)
    _a_on_the_centre(device)
    assert wait_for(lambda: _current(device, "B"))
    device.table.buses["B"].fail_writes = 3
    device.command("A press")  # A's clue: B's panel must show that B guesses now
    assert wait_for(lambda: device.daemon.state.turns == 1)
    # No other input: B's own view does not change again, yet its panel catches up.
    assert wait_for(lambda: _current(device, "B") and _current(device, "A"))
    assert device.daemon.session.views()["B"].role == "guess"
    assert len(_lines(caplog, "display B: write failed")) == 1
    # The frame is on the wire a moment before the panel's driver logs it.
    assert wait_for(lambda: _lines(caplog, "display B: answering again"))
    assert len(_lines(caplog, "display B: answering again")) == 1


def test_a_long_outage_logs_once_and_the_panel_catches_up_when_the_cable_is_back(device, caplog):
    caplog.set_level(logging.INFO)
    bus = device.table.buses["B"]
    _a_on_the_centre(device)
    bus.fail_writes = 10**9  # unplugged
    device.command("A press")
    for _ in range(3):
        device.command("B right")
    time.sleep(1.5)  # retries back off; the panel stays stale
    assert not _current(device, "B") and _current(device, "A")
    assert len(_lines(caplog, "display B: write failed")) == 1
    bus.fail_writes = 0  # plugged back in
    assert wait_for(lambda: _current(device, "B"), limit=RETRY_MAX + 1)
    # The frame is on the wire a moment before the panel's driver logs it.
    assert wait_for(lambda: _lines(caplog, "display B: answering again"))
    assert len(_lines(caplog, "display B: answering again")) == 1


@pytest.mark.parametrize("after", [1, 2, 4])
def test_a_frame_cut_off_midway_is_never_left_half_drawn(device, after):
    bus = device.table.buses["A"]
    _a_on_the_centre(device)
    seen = []

    def cut(_transaction):
        seen.append(1)
        if len(seen) == after:
            bus.fail_writes = 1

    bus.listeners.append(cut)
    device.command("A press")  # the clue changes A's frame: cut after ``after`` writes
    assert wait_for(lambda: device.daemon.state.turns == 1)
    panel = device.daemon.hardware.displays["A"]
    assert wait_for(lambda: panel.failures == 1 and _current(device, "A"))
    bus.listeners.remove(cut)


def _image(n: int, size=(128, 64), mode="1") -> Image.Image:
    img = Image.new(mode, size, 0)
    draw = ImageDraw.Draw(img)
    ink = 1 if mode == "1" else (248, 252, 248)  # a colour RGB565 holds exactly
    for k in range(n + 1):
        draw.rectangle((k * 9 % 120, k * 5 % 56, k * 9 % 120 + 7, k * 5 % 56 + 7), fill=ink)
    return img


@pytest.mark.parametrize("kind", ["ssd1306", "sh1106"])
def test_mono_panel_after_a_failed_write_anywhere_the_next_success_is_whole(kind):
    """Fail the k-th write of a frame, for every k: the next show that succeeds
    leaves exactly that frame on the panel."""
    device_class = {"ssd1306": ssd1306, "sh1106": sh1106}[kind]
    bus = RecordingBus()
    panel = PagedOled(lambda: device_class(i2c(bus=bus, address=0x3C)), kind, (128, 64))
    first, second = _image(3), _image(12)
    assert panel.show(first)
    bus.take()
    assert panel.show(second)
    writes = len(bus.take())
    for k in range(writes):
        ram = _shown_after_failing_write(panel, bus, DisplayRam(kind), first, second, k)
        assert ram.convert("1").tobytes() == second.tobytes(), k


def _shown_after_failing_write(panel, link, ram, first, second, k):
    """Show ``first``, then ``second`` with the ``k``-th write of it failing, then
    ``second`` again: what the panel's own memory (``ram``) holds at the end."""
    link.listeners[:] = [lambda w: ram.feed([w])]
    assert panel.show(first)
    sent: list = []
    link.listeners.append(sent.append)
    link.fail_writes = 0

    def fail_at(_w):
        if len(sent) == k:
            link.fail_writes = 1

    link.listeners.append(fail_at)
    if k == 0:
        link.fail_writes = 1
    assert panel.show(second) is False
    link.listeners.remove(fail_at)
    assert panel.show(second)
    return ram.image()


def test_colour_panel_after_a_failed_write_anywhere_the_next_success_is_whole():
    gpio = RecordingGpio()
    wire = RecordingSpi(gpio, dc_pin=12)
    panel = ColourOled(
        lambda: ssd1351(spi(spi=wire, gpio=gpio, gpio_DC=12, gpio_RST=13)), (128, 128)
    )
    first = Image.new("RGB", (128, 128), (0, 0, 248))
    second = _image(12, (128, 128), "RGB")
    assert panel.show(first)
    wire.take()
    assert panel.show(second)
    writes = len(wire.take())
    for k in range(0, writes, max(1, writes // 12)):
        ram = _shown_after_failing_write(panel, wire, ColourRam(), first, second, k)
        assert ImageChops.difference(ram, second).getbbox() is None, k
