"""hardware/field_budget.py: the magnet model, and that the sensors and thresholds
the project ships fit the field a token's magnet puts on its sensor."""

import csv
import importlib.util
import math
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("field_budget", ROOT / "hardware/field_budget.py")
fb = importlib.util.module_from_spec(_spec)
sys.modules["field_budget"] = fb  # dataclasses look their module up there
_spec.loader.exec_module(fb)


@pytest.mark.parametrize(("d", "t", "z"), [(6, 2, 1.0), (6, 2, 4.0), (8, 1, 2.5), (10, 3, 1.2)])
def test_the_integration_agrees_with_the_closed_form_on_the_axis(d, t, z):
    assert fb.bz_tesla(1.2, d, t, 0.0, z) == pytest.approx(fb.bz_on_axis(1.2, d, t, z), rel=2e-3)


def test_the_field_weakens_off_axis_and_with_distance():
    on = fb.bz_tesla(1.2, 6, 2, 0.0, 2.0)
    assert fb.bz_tesla(1.2, 6, 2, 1.5, 2.0) < on
    assert fb.bz_tesla(1.2, 6, 2, 0.0, 4.0) < on
    # Far away it is a dipole: m / r^3 with m = Br V / mu0, off to the side negative.
    far = fb.bz_tesla(1.2, 6, 2, 40.0, 0.0)  # 40 mm aside, level with the near face
    dipole = -1.2 * (math.pi * 9 * 2) / (4 * math.pi * math.hypot(40.0, 1.0) ** 3)
    assert far == pytest.approx(dipole, rel=0.05)


def test_the_shipped_thresholds_sit_inside_the_budgets_windows():
    b = fb.budget(fb.params(), hysteresis=40)
    for where, t in fb.analog_thresholds().items():
        low, high = fb.budget(fb.params(), t["hysteresis"]).present_window
        assert low + fb.MARGIN_COUNTS <= t["present_below"] <= high - fb.MARGIN_COUNTS, where
        low, high = fb.budget(fb.params(), t["hysteresis"]).flipped_window
        assert low + fb.MARGIN_COUNTS <= t["flipped_above"] <= high - fb.MARGIN_COUNTS, where
    assert b.token_shift > 150  # the field saturates the sensor's linear range


def test_the_digital_banks_switch_operates_and_releases_with_room():
    b = fb.budget(fb.params(), hysteresis=40)
    assert b.field_min_g / 10 > fb.DRV5033AJ_BOP_MT * fb.BUDGET_FACTOR
    assert b.crosstalk_g / 10 < fb.DRV5033AJ_BRP_MT / fb.BUDGET_FACTOR


def test_a_weak_magnet_fails_the_budget():
    """The check can fail: a 3 x 1 mm magnet leaves no room for the shipped thresholds."""
    p = dict(fb.params(), magnet_d=3.0, magnet_t=1.0)
    b = fb.budget(p, hysteresis=40)
    assert not b.present_window[0] + fb.MARGIN_COUNTS <= 400
    assert b.field_min_g / 10 < 60


def test_docs_carry_the_budget_as_computed():
    doc = (ROOT / "docs/hardware.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- field-budget -->\n(.*?)<!-- /field-budget -->", doc, re.S)
    assert block, "docs/hardware.md has no field-budget block"
    assert block.group(1) == fb.report(), "rerun python3 hardware/field_budget.py"


def test_one_magnet_size_everywhere():
    p = fb.params()
    size = f"{p['magnet_d']:g}x{p['magnet_t']:g} mm"
    for bom in sorted((ROOT / "hardware").glob("bom-*.csv")):
        with bom.open(newline="") as f:
            magnets = [r for r in csv.DictReader(f) if "magnet" in r["part"]]
        assert magnets and all(size in r["part"] for r in magnets), (bom.name, size)
    for doc in ("docs/hardware.md", "docs/enclosures.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        size_re = r"(\d+(?:\.\d+)?) ?[×x] ?(\d+(?:\.\d+)?) mm (?:N35 )?(?:disc )?magnet"
        sizes = set(re.findall(size_re, text))
        assert sizes <= {(f"{p['magnet_d']:g}", f"{p['magnet_t']:g}")}, (doc, sizes)
