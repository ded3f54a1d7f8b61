"""hardware/: the BOM is well formed (the diagrams: tests/test_wiring.py)."""

import csv
from pathlib import Path

HARDWARE = Path(__file__).resolve().parents[1] / "hardware"
PROFILES = sorted((HARDWARE / "profiles").glob("*.toml"))


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
