"""The wiring diagrams: every module and wire a profile implies, drawn from it.

Moved here from tests/test_hardware.py with the diagram code (keystand.diagrams).
"""

from pathlib import Path

import pytest

from keystand.config import RawConfig, load, parse
from keystand.diagrams.netlist import (
    ADDR_PIN,
    CABLE,
    FRAME,
    FRAME_CABLE,
    GROUND,
    PADS,
    PHYSICAL,
    PI,
    POWER,
    SPI,
    STRIP,
    TRAY,
    netlist,
)
from keystand.diagrams.wiring import svg
from keystand.hal.analog import chip_input

HARDWARE = Path(__file__).resolve().parents[1] / "hardware"
PROFILES = sorted((HARDWARE / "profiles").glob("*.toml"))


def _data(name: str) -> dict:
    return load(HARDWARE / "profiles" / f"{name}.toml").data


def _typed(data: dict):
    """A profile's tables as the typed config the diagram reads."""
    return parse(RawConfig(data, HARDWARE / "profiles"))


def _net(data: dict):
    return netlist(_typed(data))


def _follow(n, end, seen=None) -> set[tuple[str, str]]:
    """Every module pin electrically joined to ``end``: through wires, strips and the cable."""
    seen = seen or set()
    if end in seen:
        return seen
    seen.add(end)
    module, pin = end
    if module in (STRIP, TRAY, FRAME):  # a strip joins all its holes
        strip = pin.rsplit(".", 1)[0]
        for hole in n.strips[strip]:
            _follow(n, (module, hole), seen)
    for other in n.ends(module, pin):
        _follow(n, other, seen)
    return seen


def _pins_on(n, bcm: int) -> set[tuple[str, str]]:
    """The module pins (not strips, cable or header) on a GPIO's net."""
    net = _follow(n, (PI, str(PHYSICAL[bcm])))
    return {e for e in net if e[0] not in (STRIP, TRAY, FRAME, PI, *CABLE, *FRAME_CABLE)}


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_committed_diagram_is_what_the_profile_draws(profile, cli, tmp_path):
    out = tmp_path / "w.svg"
    assert cli("wiring", str(profile), "--out", str(out)).returncode == 0
    committed = HARDWARE / f"wiring-{profile.stem}.svg"
    assert committed.read_text() == out.read_text(), f"regenerate {committed.name}"
    assert out.read_text().count("<circle") > 40


def test_header_map_is_complete():
    assert set(PHYSICAL.values()) | set(POWER) | GROUND == set(range(1, 41))
    assert len(set(PHYSICAL.values())) == len(PHYSICAL)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_every_wire_ends_on_a_pin_that_exists(profile):
    n = _net(load(profile).data)
    for w in n.wires:
        for module, pin in (w.a, w.b):
            assert module in n.modules, w
            assert pin in n.modules[module].pins, w
    # And every module pin is wired (the header's spare pins and the MCP3008's
    # spare inputs excepted).
    for m in n.modules.values():
        for pin in m.pins if m.name != PI else ():
            if not n.ends(m.name, pin):
                assert m.name.startswith("MCP3008") and pin.startswith("CH"), (m.name, pin)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_no_pin_drives_two_chip_selects(profile):
    n = _net(load(profile).data)
    for bus in SPI.values():
        for bcm in bus.ce.values():
            if str(PHYSICAL[bcm]) in n.modules[PI].pins:
                selects = {e for e in _pins_on(n, bcm) if e[1] == "CS"}
                assert len(selects) <= 1, (bcm, selects)
    # Every CS pin hangs on exactly one header pin.
    for m in n.modules.values():
        if "CS" in m.pins:
            headers = {e for e in _follow(n, (m.name, "CS")) if e[0] == PI}
            assert len(headers) == 1, m.name


def test_each_colour_panel_has_its_own_chip_select_and_shares_dc_and_reset():
    data = _data("colour")
    n = _net(data)
    for seat, t in data["display"].items():
        ce = SPI[t["spi_port"]].ce[t["spi_device"]]
        assert _pins_on(n, ce) == {(f"display {seat}", "CS")}
    assert _pins_on(n, 12) == {("display A", "DC"), ("display B", "DC")}
    assert _pins_on(n, 3) == {("display A", "RST"), ("display B", "RST")}
    assert _pins_on(n, 11) == {("display A", "CLK"), ("display B", "CLK")}


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_the_diagram_agrees_with_the_profile(profile):
    data = load(profile).data
    n = _net(data)
    for seat, pins in data["controls"].items():
        for key, pin in (("clk_pin", "CLK"), ("dt_pin", "DT"), ("push_pin", "SW")):
            assert _pins_on(n, pins[key]) == {(f"encoder {seat}", pin)}, (seat, key)
        assert _pins_on(n, pins["back_pin"]) == {(f"back button {seat}", "1")}
    bank = data["bank"]
    if bank["sensor"] == "digital":
        for slot, bcm in enumerate(bank["pins"], 1):
            assert _pins_on(n, bcm) == {(f"slot {slot}", "OUT")}
    else:
        for slot, channel in enumerate(bank["channels"], 1):
            chip, ch = chip_input(channel, bank.get("spi_device", 0))
            joined = _follow(n, (f"slot {slot}", "OUT"))
            assert (f"MCP3008 on CE{chip}", f"CH{ch}") in joined
            cs = SPI[bank.get("spi_port", 0)].ce[chip]
            assert _pins_on(n, cs) == {(f"MCP3008 on CE{chip}", "CS")}
    # Power: every VCC-like pin reaches 3V3, every ground the Pi's ground.
    three = _follow(n, (PI, "1"))
    ground = _follow(n, (PI, "6"))
    for m in n.modules.values():
        for pin in m.pins:
            if pin in ("VCC", "+", "VDD", "VREF", "LV") and "supply" not in m.name:
                if m.name == "scanner":  # 5 V from its USB adapter
                    assert n.ends(m.name, pin) == [("scanner USB-serial", "5V")]
                    continue
                assert (m.name, pin) in three, (m.name, pin)
            if pin in ("GND", "AGND", "DGND"):
                # Grounded at the Pi, or through a USB adapter's cable.
                net = _follow(n, (m.name, pin))
                over_usb = any("USB" in n.modules[e[0]].pins for e in net)
                assert (m.name, pin) in ground or over_usb, (m.name, pin)
    assert three.isdisjoint(ground)


def test_the_printer_has_its_own_supply_a_level_shifter_and_a_common_ground():
    n = _net(_data("default"))
    assert n.ends("printer", "VH") == [("printer supply", "+")]
    assert ("printer", "GND") in _follow(n, (PI, "6"))
    # The printer's TX (5 V) reaches the Pi's RXD only through the shifter, which
    # takes its high side from the Pi's 5 V and its low side from 3.3 V.
    assert n.ends("printer", "TX") == [("level shifter", "HV1")]
    assert _pins_on(n, 15) == {("level shifter", "LV1")}
    assert ("level shifter", "HV") in _follow(n, (PI, "2"))
    assert _pins_on(n, 14) == {("printer", "RX")}


def test_the_scanner_hangs_on_a_usb_serial_adapter_through_the_zeros_otg_cable():
    n = _net(_data("default"))
    assert n.ends("scanner", "TX") == [("scanner USB-serial", "RXD")]
    assert n.ends("scanner USB-serial", "USB") == [("OTG cable", "device end")]
    assert n.ends(PI, "USB") == [("OTG cable", "Pi end")]
    pi4 = dict(_data("default"), board={"model": "pi4"})
    n4 = _net(pi4)
    assert "OTG cable" not in n4.modules
    assert n4.ends(PI, "USB") == [("scanner USB-serial", "USB")]
    # And a Pi 4 in the stand takes its 5 V on the header, not on its USB-C port.
    assert n4.ends("Pi supply", "+5V") == [(PI, "4")] and not n4.ends(PI, "PWR IN")


def test_the_tray_hangs_on_one_cable():
    for name in ("default", "analog", "colour"):
        n = _net(_data(name))
        tray = [m for m in n.modules if m.startswith("slot ")]
        for m in tray:
            for pin in n.modules[m].pins:
                for end in _follow(n, (m, pin)):
                    # Nothing in the tray is wired to the stand but through the cable.
                    assert end[0] not in ("Pi", STRIP) or any(
                        e[0] == CABLE[0] for e in _follow(n, (m, pin))
                    )
        assert len(n.modules[CABLE[0]].pins) <= 16
    assert len(_net(_data("analog")).modules[CABLE[0]].pins) == 14  # 3V3, GND, 12 OUTs


def test_the_card_frame_hangs_on_its_own_cable_and_each_pad_on_its_electrode():
    data = _data("touch")
    n = _net(data)
    touch = data["touch"]
    chips = {f"MPR121 at 0x{a:02X}": a for a in touch["addresses"]}
    # One IRQ line for all three, on the profile's GPIO; the bus on I2C1.
    assert _pins_on(n, touch["irq_pin"]) == {(c, "IRQ") for c in chips}
    assert {(c, "SDA") for c in chips} <= _pins_on(n, 2)
    assert {(c, "SCL") for c in chips} <= _pins_on(n, 3)
    for chip, address in chips.items():  # each address set by its ADDR pin
        tie = ADDR_PIN[address]
        joined = _follow(n, (chip, "ADDR"))
        want = {"GND": (PI, "6"), "3V3": (PI, "1"), "SDA": (PI, "3"), "SCL": (PI, "5")}[tie]
        assert want in joined, chip
    for cell, electrode in enumerate(touch["electrodes"]):
        name = "abcde"[cell % 5] + str(cell // 5 + 1)
        chip = f"MPR121 at 0x{touch['addresses'][electrode // 12]:02X}"
        assert n.ends(PADS, name) == [(chip, f"E{electrode % 12}")]
    # Nothing in the frame reaches the stand but through the frame's cable.
    for m in [*chips, PADS]:
        for pin in n.modules[m].pins:
            ends = _follow(n, (m, pin))
            if any(e[0] in (PI, STRIP) for e in ends):
                assert any(e[0] == FRAME_CABLE[0] for e in ends), (m, pin)
    assert n.modules[FRAME_CABLE[0]].pins == ["1", "2", "3", "4", "5"]


def test_a_two_panel_select_would_be_caught():
    """The chip-select check can fail: two panels on one spi_device share CE0."""
    data = _data("colour")
    data = dict(data, display={s: dict(t, spi_device=0) for s, t in data["display"].items()})
    n = _net(data)
    assert len({e for e in _pins_on(n, 8) if e[1] == "CS"}) == 2


@pytest.mark.parametrize("name", ["analog", "touch"])
def test_svg_names_every_module(name):
    data = _data(name)
    text = svg(_typed(data), "t")
    for m in _net(data).modules:
        if m not in (STRIP, TRAY, FRAME, PI):
            assert f">{m}<" in text.replace("&#x27;", "'"), m
