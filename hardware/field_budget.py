"""The time bank's field budget: what each slot's sensor sees of a token's magnet.

Run ``python3 hardware/field_budget.py`` to print the tables that docs/hardware.md
carries (a test checks the two agree, and that the analog thresholds in
``keystand.hal.analog`` and ``hardware/profiles/analog.toml`` lie inside the
windows computed here). Standard library only.

Everything here is computed from datasheet figures and the dimensions in
enclosures/params.scad; nothing is measured. The model: a disc magnet
magnetised through its thickness is two uniformly charged discs (surface
"magnetic charge" +-Br/mu0 on its faces); the field of each disc is integrated
numerically over its area, so points off the magnet's axis are covered too.

The design it checks: the magnet sits flush in a hole punched through the
token's centre (magnet thickness = token thickness), so either side up puts the
magnet at the same distance from the sensor, and only its pole changes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# --- datasheet figures (min, typ, max) -------------------------------------------
# Sintered NdFeB grade N35: remanence 1.17-1.21 T (the grade's standard range).
BR_N35 = (1.17, 1.21)
# Honeywell SS39ET/SS49E/SS59ET datasheet, at Vs = 5 V, 25 C: sensitivity
# 1.4 / 1.8 / 2.0 mV/G, null (output at 0 G) 2.25 / 2.50 / 2.75 V, linear range at
# least +-650 G. The output is ratiometric ("set by the supply voltage"), so at
# 3.3 V null and sensitivity scale by Vs / 5 V.
SS49E_SENS_5V = (1.4, 1.8, 2.0)  # mV per gauss
SS49E_NULL_FRACTION = (0.45, 0.50, 0.55)  # of Vs
SS49E_LINEAR_G = 650.0  # beyond this the output keeps moving but stops being linear
# MCP3008: 10 bits; with VREF = VDD = the sensors' own 3.3 V rail, a count is Vs / 1024
# whatever the rail's exact voltage, because the sensor's output is ratiometric too.
ADC_COUNTS = 1024
VS = 3.3
# TI DRV5033 (digital omnipolar switch) datasheet, typical operate / release points:
# FA 3.5 / 2 mT, AJ 6.9 / 3.5 mT. We budget the AJ and give each a factor 2 of room.
DRV5033AJ_BOP_MT, DRV5033AJ_BRP_MT = 6.9, 3.5
BUDGET_FACTOR = 2.0

# --- assembly tolerances (assumptions, not measurements) ---------------------------
HALL_DEPTH = (0.5, 1.0)  # hall element below the package's face (a ~1.5 mm flat TO-92)
FLOOR_TOL = 0.1  # printed floor thickness, +-
FLUSH_TOL = 0.1  # magnet face behind the token's face
LATERAL = 0.5 + 0.3  # hole punched off-centre + sensor shifted in its pocket, mm
NOISE_COUNTS = 4  # ADC noise and INL allowance, counts
MARGIN_COUNTS = 10  # what a threshold must keep from each edge of its window


def params(path: Path = ROOT / "enclosures" / "params.scad") -> dict[str, float]:
    """The plain numbers in params.scad (``name = 1.5;``); derived ones are skipped."""
    text = path.read_text(encoding="utf-8")
    return {m[0]: float(m[1]) for m in re.findall(r"^(\w+) = (-?\d+(?:\.\d+)?);", text, re.M)}


def _disc_bz(rho: float, z: float, radius: float, n_r: int = 48, n_phi: int = 96) -> float:
    """Bz / Br at (rho, z) from a disc of surface charge Br/mu0 at z = 0, radius ``radius``."""
    total = 0.0
    dr, dphi = radius / n_r, 2 * math.pi / n_phi
    cos = [math.cos((j + 0.5) * dphi) for j in range(n_phi)]
    for i in range(n_r):
        r = (i + 0.5) * dr
        ring = 0.0
        for c in cos:
            d2 = rho * rho + r * r - 2 * rho * r * c + z * z
            ring += 1 / (d2 * math.sqrt(d2))
        total += ring * r
    return z * total * dr * dphi / (4 * math.pi)


def bz_tesla(br: float, diameter: float, thickness: float, rho: float, z: float) -> float:
    """Axial field of a disc magnet at ``z`` mm from its near face, ``rho`` mm off axis."""
    r = diameter / 2
    return br * (_disc_bz(rho, z, r) - _disc_bz(rho, z + thickness, r))


def bz_on_axis(br: float, diameter: float, thickness: float, z: float) -> float:
    """The closed form on the axis, to check the integration against."""
    r = diameter / 2
    return br / 2 * ((z + thickness) / math.hypot(r, z + thickness) - z / math.hypot(r, z))


@dataclass(frozen=True)
class Budget:
    z_near: float  # mm, magnet face to hall element, best case
    z_far: float  # worst case
    lateral: float  # mm off axis, worst case
    field_min_g: float  # the weakest field a token in its slot puts on its sensor
    field_max_g: float  # the strongest
    crosstalk_g: float  # the most the other tokens put on an empty slot's sensor
    counts_per_g: tuple[float, float]  # SS49E at 3.3 V through the MCP3008, min and max
    null: tuple[float, float]  # empty-slot reading, counts, min and max
    token_shift: float  # the least a token moves the reading from null, counts
    present_window: tuple[float, float]  # where present_below may lie
    flipped_window: tuple[float, float]  # where flipped_above may lie
    hysteresis: int


def slot_centres(p: dict[str, float]) -> list[tuple[float, float]]:
    """Slot centres as token_tray.scad lays them out (rows of slots_per_row)."""
    pitch_x = p["token_w"] + 2 * p["clearance"] + p["rib"]
    pitch_y = p["token_l"] + 2 * p["clearance"] + p["rib"]
    per_row = math.ceil(p["slots"] / p["slot_rows"])
    return [((n % per_row) * pitch_x, (n // per_row) * pitch_y) for n in range(int(p["slots"]))]


def budget(p: dict[str, float], hysteresis: int) -> Budget:
    d, t = p["magnet_d"], p["magnet_t"]
    z_near = p["sensor_floor"] - FLOOR_TOL + HALL_DEPTH[0]
    z_far = p["sensor_floor"] + FLOOR_TOL + HALL_DEPTH[1] + FLUSH_TOL
    lateral = p["clearance"] + LATERAL
    g = 1e4  # gauss per tesla
    field_min = bz_tesla(BR_N35[0], d, t, lateral, z_far) * g
    field_max = bz_tesla(BR_N35[1], d, t, 0.0, z_near) * g
    # An empty slot: every other slot holds a token, all poles the same way (the worst sum).
    centres = slot_centres(p)
    worst = 0.0
    for i, (x0, y0) in enumerate(centres):
        total = 0.0
        for j, (x, y) in enumerate(centres):
            if j != i:
                dist = max(0.0, math.hypot(x - x0, y - y0) - lateral)
                total += abs(bz_tesla(BR_N35[1], d, t, dist, z_near)) * g
        worst = max(worst, total)
    lsb_mv = VS * 1000 / ADC_COUNTS
    scale = VS / 5.0
    per_g = (SS49E_SENS_5V[0] * scale / lsb_mv, SS49E_SENS_5V[2] * scale / lsb_mv)
    null = (SS49E_NULL_FRACTION[0] * ADC_COUNTS, SS49E_NULL_FRACTION[2] * ADC_COUNTS)
    # Past the linear range the output goes on moving the same way, so the least
    # shift is what the linear range guarantees.
    shift = min(field_min, SS49E_LINEAR_G) * per_g[0]
    drift = NOISE_COUNTS + worst * per_g[1]
    # present_below: above the highest checkmark reading, and (with its exit) below
    # the lowest empty one. flipped_above mirrors it.
    present = (null[1] - shift + NOISE_COUNTS, null[0] - drift - hysteresis)
    flipped = (null[1] + drift + hysteresis, null[0] + shift - NOISE_COUNTS)
    return Budget(
        z_near, z_far, lateral, field_min, field_max, worst, per_g, null, shift,
        present, flipped, hysteresis,
    )  # fmt: skip


def analog_thresholds() -> dict[str, dict[str, int]]:
    """The thresholds as the daemon's defaults and the analog profile set them."""
    import sys

    sys.path.insert(0, str(ROOT / "firmware_host"))
    from keystand.config import Bank, load, parse

    d = Bank()
    t = parse(load(ROOT / "hardware/profiles/analog.toml")).bank
    return {
        name: {
            "present_below": bank.present_below,
            "flipped_above": bank.flipped_above,
            "hysteresis": bank.leave_checkmark - bank.present_below,
        }
        for name, bank in (("defaults (config.py)", d), ("hardware/profiles/analog.toml", t))
    }


def report(p: dict[str, float] | None = None) -> str:
    """The field budget as markdown, as docs/hardware.md carries it."""
    p = p or params()
    mt = 0.1  # mT per gauss
    sets = analog_thresholds()
    hysteresis = max(s["hysteresis"] for s in sets.values())
    b = budget(p, hysteresis)
    lines = [
        f"Magnet {p['magnet_d']:g} × {p['magnet_t']:g} mm N35 (Br {BR_N35[0]}–{BR_N35[1]} T), "
        f"flush in a {p['token_t']:g} mm token; hall element {b.z_near:.1f}–{b.z_far:.1f} mm "
        f"from the magnet's face, up to {b.lateral:.1f} mm off its axis.",
        "",
        "| quantity | computed |",
        "|---|---|",
        f"| field on the sensor, token in (either side up) | {b.field_min_g:.0f} to "
        f"{b.field_max_g:.0f} G ({b.field_min_g * mt:.0f} to {b.field_max_g * mt:.0f} mT) |",
        f"| field on an empty slot's sensor from all the other tokens | at most "
        f"{b.crosstalk_g:.1f} G ({b.crosstalk_g * mt:.2f} mT) |",
        f"| DRV5033AJ: operate point ×{BUDGET_FACTOR:g} / weakest field | "
        f"{DRV5033AJ_BOP_MT * BUDGET_FACTOR:.1f} mT / {b.field_min_g * mt:.0f} mT |",
        f"| DRV5033AJ: release point ÷{BUDGET_FACTOR:g} / crosstalk | "
        f"{DRV5033AJ_BRP_MT / BUDGET_FACTOR:.2f} mT / {b.crosstalk_g * mt:.2f} mT |",
        f"| SS49E at 3.3 V through the MCP3008 | {b.counts_per_g[0]:.3f} to "
        f"{b.counts_per_g[1]:.3f} counts per gauss |",
        f"| empty slot reads (null ± crosstalk) | {b.null[0]:.0f} to {b.null[1]:.0f} "
        f"± {b.crosstalk_g * b.counts_per_g[1]:.1f} counts |",
        f"| a token moves the reading by at least | {b.token_shift:.0f} counts "
        f"(the {SS49E_LINEAR_G:.0f} G linear range at the lowest sensitivity) |",
        f"| `present_below` must lie in (hysteresis {b.hysteresis}) | "
        f"{b.present_window[0]:.0f} to {b.present_window[1]:.0f} |",
        f"| `flipped_above` must lie in | {b.flipped_window[0]:.0f} to "
        f"{b.flipped_window[1]:.0f} |",
    ]
    for where, s in sets.items():
        lines.append(
            f"| {where} | present_below {s['present_below']}, flipped_above "
            f"{s['flipped_above']}, hysteresis {s['hysteresis']} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(report(), end="")
