"""Panels on SPI: the SSD1351 colour build and a mono panel wired to SPI instead of I2C."""

import time

import pytest
from PIL import Image, ImageChops

from helpers import PROFILES, device_config, start_device
from keystand.config import check, load, parse
from keystand.hal.oled import ColourOled
from keystand.screens.render import render
from keystand.sim.colour_ram import ColourRam
from keystand.sim.spi import RecordingGpio, RecordingSpi

FULL_COLOUR_FRAME = 128 * 128 * 2


def _as_565(image: Image.Image) -> Image.Image:
    """What a 65k-colour panel can show of an RGB image."""
    r, g, b = image.convert("RGB").split()
    return Image.merge(
        "RGB",
        (r.point(lambda v: v & 0xF8), g.point(lambda v: v & 0xFC), b.point(lambda v: v & 0xF8)),
    )


def _settle(d):
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and not d.queue.empty():
        time.sleep(0.02)
    time.sleep(0.1)


@pytest.fixture
def colour(tmp_path):
    device = start_device(tmp_path, device_config(PROFILES / "colour.toml"))
    yield device.daemon, device, device.table
    device.stop()


def test_the_colour_build_passes_check_config():
    assert check(load(PROFILES / "colour.toml")) == []


def test_colour_panels_show_what_the_renderer_drew(colour):
    d, sim, table = colour
    sim.command("A press")  # A guesses (B's clue, said aloud): both panels change
    sim.command("B right")
    _settle(d)
    for seat, view in d.session.views().items():
        assert table.frame(seat).size == (128, 128)
        want = _as_565(render(view, 128, 128))
        assert ImageChops.difference(table.frame(seat), want).getbbox() is None, seat


def test_a_cursor_move_on_the_colour_panel_sends_a_small_part_of_a_frame(colour):
    d, sim, table = colour
    _settle(d)
    wire = table.buses["B"]
    wire.take()
    sim.command("B right")
    _settle(d)
    sent = sum(w.wire_bytes for w in wire.take())
    assert 0 < sent <= FULL_COLOUR_FRAME // 4
    wire.take()
    d.refresh()  # nothing changed: nothing goes over the wire
    assert wire.take() == []


def test_a_loose_colour_panel_is_reinitialised_and_then_shows_the_frame():
    gpio = RecordingGpio()
    wire = RecordingSpi(gpio, dc_pin=12)
    from luma.core.interface.serial import spi
    from luma.oled.device import ssd1351

    panel = ColourOled(
        lambda: ssd1351(spi(spi=wire, gpio=gpio, gpio_DC=12, gpio_RST=13)), (128, 128)
    )
    ram = ColourRam()
    wire.listeners.append(lambda w: ram.feed([w]))
    first = Image.new("RGB", (128, 128), (0, 0, 255))
    assert panel.show(first)
    wire.fail_writes = 1
    second = Image.new("RGB", (128, 128), (255, 0, 0))
    assert not panel.show(second)  # the write failed: reported, not raised
    assert panel.show(second)  # rebuilt: init sequence and the whole frame again
    assert panel.failures == 1
    assert ram.image().getpixel((64, 64)) == (248, 0, 0)


def test_a_mono_panel_on_spi_decodes_like_one_on_i2c(tmp_path):
    # The default build with seat A's SSD1306 moved to SPI (CE0) and the bank off SPI's pins.
    config = load(PROFILES / "default.toml")
    config.data["buses"]["spi"] = True
    config.data["display"]["A"].update(interface="spi", spi_device=0, dc_pin=12)
    config.data["bank"].update(slots=9, pins=[4, 6, 13, 16, 19, 20, 21, 26, 2])
    config.data["buses"]["i2c"] = True
    errors = check(config)
    assert errors == ["bank.pins[8]: GPIO 2 is I2C SDA, and i2c is enabled"]
    # Nine free GPIOs for the bank once the UART is off (a USB printer, say); a bank
    # of eight could not hold the standard game's nine tokens.
    config.data["buses"]["uart"] = False
    config.data["bank"].update(slots=9, pins=[4, 6, 13, 16, 19, 20, 21, 26, 14])
    assert check(config) == []

    from keystand.app.daemon import build_daemon

    d = build_daemon(parse(config), "sim", tmp_path)
    table = d.hardware.table
    d.refresh()
    view = d.session.views()["A"]
    assert ImageChops.difference(table.frame("A"), render(view).convert("1")).getbbox() is None
    assert isinstance(table.buses["A"], RecordingSpi)
    d.close()


def test_an_spi_display_without_a_dc_pin_is_refused():
    config = load(PROFILES / "colour.toml")
    del config.data["display"]["B"]["dc_pin"]
    assert "display.B.dc_pin: an SPI display needs its data/command pin" in check(config)


def test_more_tokens_than_the_colour_banks_slots_is_refused():
    config = load(PROFILES / "colour.toml")
    config.data["game"] = {"tokens": 11}
    assert check(config) == ["game.tokens: 11 tokens do not fit the bank's 9 slots"]


def test_a_quarter_turned_panel_is_refused():
    config = load(PROFILES / "default.toml")
    config.data["display"]["A"]["rotate"] = 1
    assert check(config) == ["display.A.rotate: 1 is not one of 0, 2"]
