"""hardware/: one BOM per variant, with every part the profile and the enclosures
need, and totals that add up (the diagrams: tests/test_wiring.py)."""

import csv
import re
from decimal import Decimal
from pathlib import Path

import pytest

from keystand.config import load
from keystand.hal.analog import chip_input

ROOT = Path(__file__).resolve().parents[1]
HARDWARE = ROOT / "hardware"
PROFILES = sorted((HARDWARE / "profiles").glob("*.toml"))
COLUMNS = ["part", "quantity", "example part number", "unit price EUR", "line total EUR", "notes"]


def _bom(name: str) -> list[dict]:
    with (HARDWARE / f"bom-{name}.csv").open(newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == COLUMNS
        return list(reader)


def _count(rows: list[dict], text: str) -> int:
    return sum(int(r["quantity"]) for r in rows if text in r["part"])


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_every_variant_has_a_bom_whose_totals_add_up(profile):
    rows = _bom(profile.stem)
    *parts, total = rows
    assert total["part"] == "total"
    lines = Decimal(0)
    for r in parts:
        assert r["part"] and r["quantity"], r
        quantity = Decimal(r["quantity"].split()[0])
        line = (quantity * Decimal(r["unit price EUR"])).quantize(Decimal("0.01"))
        assert Decimal(r["line total EUR"]) == line, r["part"]
        lines += line
    assert Decimal(total["line total EUR"]) == lines
    assert len({r["part"] for r in parts}) == len(parts), "a part listed twice"


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_the_bom_has_what_the_profile_uses(profile):
    data = load(profile).data
    rows = _bom(profile.stem)[:-1]
    displays = data["display"]
    for driver in {t["driver"] for t in displays.values()}:
        want = sum(t["driver"] == driver for t in displays.values())
        name = "SSD1306" if driver in ("ssd1306", "sh1106") else driver.upper()
        assert _count(rows, name) == want, driver
    seats = len(data["controls"])
    assert _count(rows, "rotary encoder") == seats
    assert _count(rows, "encoder knob") == seats
    assert _count(rows, "push button (back)") == seats
    bank = data["bank"]
    slots = bank["slots"]
    assert _count(rows, "disc magnet") == slots
    if bank["sensor"] == "digital":
        assert _count(rows, "omnipolar hall switch") == slots
        assert _count(rows, "linear hall sensor") == 0
    else:
        assert _count(rows, "linear hall sensor") == slots
        chips = {chip_input(c, bank.get("spi_device", 0))[0] for c in bank["channels"]}
        assert _count(rows, "MCP3008") == len(chips)
        assert _count(rows, "omnipolar hall switch") == 0
    touch = data.get("touch", {})
    if touch.get("sensor") == "mpr121":  # the card frame: its controllers and pads
        assert _count(rows, "MPR121") == len({n // 12 for n in touch["electrodes"]})
        for needed in ("copper foil", "frame-to-stand", "top sheet", "pad's lead"):
            assert any(needed in r["part"] + " " + r["notes"] for r in rows), needed
    else:
        assert _count(rows, "MPR121") == 0
    assert _count(rows, "thermal printer") == (1 if "printer" in data else 0)
    if data.get("buses", {}).get("uart"):
        assert _count(rows, "level shifter") == 1
    if data.get("scanner", {}).get("port", "").startswith("/dev/ttyUSB"):
        assert _count(rows, "QR scanner") == 1 and _count(rows, "USB-TTL adapter") == 1
    if data.get("board", {}).get("model") == "pi-zero-2w":
        pi = [r for r in rows if r["part"].startswith("Raspberry Pi")]
        assert len(pi) == 1 and "Zero 2 WH" in pi[0]["part"]  # the one with a header
        assert _count(rows, "OTG cable") == 1
    for needed in ("microSD", "printer power supply", "DC jack", "thermal paper",
                   "tray-to-stand", "perfboard", "PLA"):  # fmt: skip
        assert any(needed in r["part"] + " " + r["notes"] for r in rows), needed


def _enclosure_fasteners() -> dict[str, int]:
    """What the printed parts declare: echo(fastener = "...", count = N)."""
    total: dict[str, int] = {}
    for scad in (ROOT / "enclosures").glob("*.scad"):
        for name, count in re.findall(
            r'echo\(fastener = "([^"]+)", count = (\d+)\)', scad.read_text()
        ):
            total[name] = total.get(name, 0) + int(count)
    return total


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_the_bom_has_every_fastener_the_enclosures_declare(profile):
    fasteners = _enclosure_fasteners()
    assert fasteners  # the parts do declare them
    rows = _bom(profile.stem)[:-1]
    listed = {r["part"]: int(r["quantity"]) for r in rows if re.match(r"M\d", r["part"])}
    assert listed == fasteners
