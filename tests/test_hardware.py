"""hardware/: the diagrams are drawn from the profiles, and the BOM is well formed."""

import csv
from pathlib import Path

import pytest

from keystand.config import load
from keystand.hal.wiring import GROUND, PHYSICAL, POWER, connections, svg

HARDWARE = Path(__file__).resolve().parents[1] / "hardware"
PROFILES = sorted((HARDWARE / "profiles").glob("*.toml"))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_committed_diagram_is_what_the_profile_draws(profile, cli, tmp_path):
    out = tmp_path / "w.svg"
    assert cli("wiring", str(profile), "--out", str(out)).returncode == 0
    committed = HARDWARE / f"wiring-{profile.stem}.svg"
    assert committed.read_text() == out.read_text(), f"regenerate {committed.name}"
    data = load(profile).data
    text = out.read_text()
    for seat, pins in data["controls"].items():
        for key, bcm in pins.items():
            assert f"GPIO{bcm} — seat {seat}" in text, (seat, key)


def test_header_map_is_complete():
    assert set(PHYSICAL.values()) | set(POWER) | GROUND == set(range(1, 41))
    assert len(set(PHYSICAL.values())) == len(PHYSICAL)


def test_every_used_pin_is_drawn_once():
    data = load(HARDWARE / "profiles" / "default.toml").data
    used = connections(data)
    assert sum("bank slot" in v for v in used.values()) == data["bank"]["slots"]
    assert "display A + display B" in used[3]
    assert svg(data, "t").count("<circle") == 40


def test_bom_rows():
    with (HARDWARE / "bom.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert rows and set(rows[0]) == {
        "part",
        "quantity",
        "example part number",
        "approx price EUR",
        "notes",
    }
    for row in rows:
        assert row["part"] and row["quantity"]
        float(row["approx price EUR"])
    parts = " ".join(r["part"] for r in rows)
    for needed in ("Raspberry Pi", "OLED", "rotary encoder", "thermal printer", "MCP3008"):
        assert needed in parts
