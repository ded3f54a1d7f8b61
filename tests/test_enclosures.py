"""enclosures/: every part renders alone to a closed solid of the documented size,
the parts hold what they are for (tokens, displays, sensors), and in the assembly
no part or module keep-out (boards, connectors, plugs, Dupont housings and the
room their wires need) intersects another, for the Zero 2 W and for a Pi 4.

Rendering uses Debian's ``openscad``; meshes are checked with trimesh, and
collisions are boolean intersections computed by manifold3d.
"""

import itertools
import math
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
import trimesh

ROOT = Path(__file__).resolve().parents[1]
ENCLOSURES = ROOT / "enclosures"
NOT_PARTS = {"params", "common", "assembly"}  # shared code and the assembly: not printed
PARTS = sorted(p.stem for p in ENCLOSURES.glob("*.scad") if p.stem not in NOT_PARTS)
DOC = (ROOT / "docs" / "enclosures.md").read_text(encoding="utf-8")

pytestmark = [
    # trimesh divides by the volume of an empty intersection: no collision, no centre.
    pytest.mark.filterwarnings("ignore:invalid value encountered in divide:RuntimeWarning"),
    pytest.mark.filterwarnings("ignore:divide by zero encountered in divide:RuntimeWarning"),
]


def _openscad(scad: Path, out: Path, *defines: str) -> str:
    assert shutil.which("openscad"), "install Debian's openscad (scripts/test does)"
    args = [a for d in defines for a in ("-D", d)]
    done = subprocess.run(
        ["openscad", *args, "-o", str(out), str(scad)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    return done.stderr


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text)]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Each part's mesh and the bounding box it declares (``echo(bbox = ...)``)."""
    out = tmp_path_factory.mktemp("stl")
    parts = {}
    for name in PARTS:
        log = _openscad(ENCLOSURES / f"{name}.scad", out / f"{name}.stl")
        bbox = _numbers(re.search(r"ECHO: bbox = \[(.*?)\]", log).group(1))
        parts[name] = (trimesh.load(out / f"{name}.stl"), bbox)
    return parts


@pytest.fixture(scope="module")
def p(tmp_path_factory):
    """The shared dimensions, evaluated by OpenSCAD itself (derived ones included)."""
    names = re.findall(r"^(\w+) =", (ENCLOSURES / "params.scad").read_text(), re.M)
    names = [n for n in names if n != "$fn"]
    probe = tmp_path_factory.mktemp("probe") / "probe.scad"
    probe.write_text(
        f"include <{ENCLOSURES / 'params.scad'}>\n"
        + "".join(f'echo("{n}", {n});\n' for n in names)
        + "cube(1);\n"
    )
    log = _openscad(probe, probe.with_suffix(".stl"))
    return {m[0]: float(m[1]) for m in re.findall(r'ECHO: "(\w+)", (-?[\d.e-]+)', log)}


@pytest.mark.parametrize("name", PARTS)
def test_part_is_a_closed_solid_of_the_documented_size(rendered, name):
    mesh, bbox = rendered[name]
    assert mesh.is_watertight and mesh.is_volume
    assert mesh.volume > 0
    assert mesh.extents == pytest.approx(bbox, abs=0.02)
    row = re.search(rf"^\| `{name}\.scad` \| ([^|]+) \|", DOC, re.M)
    assert row, f"docs/enclosures.md lists no size for {name}"
    assert _numbers(row.group(1)) == pytest.approx(bbox, abs=0.05)
    assert (ROOT / "docs" / "enclosures" / f"{name}.png").stat().st_size > 5000


def test_dimension_rules(p):
    assert p["slot_pitch_x"] >= p["token_w"] + p["clearance"] + p["rib"]
    assert p["slot_pitch_y"] >= p["token_l"] + p["clearance"] + p["rib"]
    assert p["slot_w"] > p["token_w"] and p["slot_l"] > p["token_l"]
    assert 0 <= p["token_r"] <= min(p["token_w"], p["token_l"]) / 2
    # The magnet sits flush in the token (the field budget assumes it) and is smaller.
    assert p["magnet_t"] == p["token_t"] and p["magnet_d"] < min(p["token_w"], p["token_l"])
    assert p["window_w"] >= p["oled_active_w"] and p["window_h"] >= p["oled_active_h"]
    assert p["window_w"] < p["oled_glass_w"] and p["window_h"] < p["oled_glass_h"]
    assert p["lip_w"] < p["opening_w"] and p["lip_d"] < p["opening_d"]
    assert p["slots_per_row"] * p["slot_rows"] >= p["slots"]
    assert 9 <= p["slots"] <= 12


def _collides(a, b) -> float:
    return trimesh.boolean.intersection([a, b], engine="manifold").volume


def _rounded_box(w: float, length: float, r: float, h: float) -> trimesh.Trimesh:
    """A token's shape: a w x length rounded rectangle with corner radius r, h high."""
    r = min(r, w / 2, length / 2)
    parts = [
        trimesh.creation.box((bw, bl, h))
        for bw, bl in ((w - 2 * r, length), (w, length - 2 * r))
        if bw > 1e-6 and bl > 1e-6
    ]
    corners = {(sx * (w / 2 - r), sy * (length / 2 - r)) for sx in (-1, 1) for sy in (-1, 1)}
    for x, y in sorted(corners):
        if r > 1e-6:
            corner = trimesh.creation.cylinder(radius=r, height=h, sections=96)
            parts.append(corner.apply_translation((x, y, 0)))
    if len(parts) == 1:
        return parts[0]
    return trimesh.boolean.union(parts, engine="manifold")


def _slot_centre(p, n: int) -> tuple[float, float]:
    col, row = n % p["slots_per_row"], n // p["slots_per_row"]
    x = p["wall"] + p["mark_strip"] + (col + 0.5) * p["slot_pitch_x"]
    return x, p["wall"] + (row + 0.5) * p["slot_pitch_y"]


def test_a_token_with_its_magnet_sits_in_every_slot(rendered, p):
    tray, _ = rendered["token_tray"]
    h = p["token_t"]  # the magnet is flush inside it
    for n in range(int(p["slots"])):
        token = _rounded_box(p["token_w"], p["token_l"], p["token_r"], h)
        token.apply_translation((*_slot_centre(p, n), p["tray_h"] - h / 2))
        assert _collides(tray, token) < 1e-6, f"slot {n + 1}"
    # A token a pitch wide would overlap its neighbours: the check can fail.
    wide = _rounded_box(p["slot_pitch_x"] + 1, p["token_l"], p["token_r"], h)
    wide.apply_translation((*_slot_centre(p, 0), p["tray_h"] - h / 2))
    assert _collides(tray, wide) > 1


def test_each_sensor_sits_under_its_slots_centre_below_the_floor(rendered, p):
    """The hall sensor's package, face up, right under the magnet, a floor's
    thickness below the token, clear of the tray (it fits its pocket)."""
    tray, _ = rendered["token_tray"]
    for n in range(int(p["slots"])):
        sensor = trimesh.creation.box((p["sensor_w"], p["sensor_l"], 1.6))
        x, y = _slot_centre(p, n)
        top = p["tray_h"] - p["slot_depth"] - p["sensor_floor"]
        sensor.apply_translation((x, y, top - 0.8 - 0.01))
        assert _collides(tray, sensor) < 1e-6, f"slot {n + 1}"
        assert top == pytest.approx(p["sensor_h"])  # pressed against the floor


def test_the_tray_base_closes_the_tray_exactly(rendered):
    tray, _ = rendered["token_tray"]
    base, _ = rendered["tray_base"]
    assert tray.bounds[:, :2] == pytest.approx(base.bounds[:, :2])


def _face_frame(p, s: float):
    """Seat A's face frame at ``s`` up the slope, as display_stand.scad places cut-outs."""
    t = math.radians(p["tilt"])
    frame = trimesh.transformations.rotation_matrix(t, (1, 0, 0))
    frame[:3, 3] = (p["stand_w"] / 2, -p["stand_base_d"] / 2 + s * math.cos(t), s * math.sin(t))
    return frame


def test_each_display_sits_behind_its_window_with_the_lit_area_uncovered(rendered, p):
    stand, _ = rendered["display_stand"]
    wall = p["wall"]
    for mirror in (False, True):
        frame = _face_frame(p, p["window_at"])
        if mirror:
            frame = trimesh.transformations.reflection_matrix((0, 0, 0), (0, 1, 0)) @ frame
        # The glass in its pocket, its front 1 mm behind the face.
        glass = trimesh.creation.box((p["oled_glass_w"], p["oled_glass_h"], p["oled_glass_t"]))
        glass.apply_translation((0, 0, -1 - p["oled_glass_t"] / 2 - 0.01))
        glass.apply_transform(frame)
        assert _collides(stand, glass) < 1e-6
        # The lit area's line of sight through the wall is clear.
        sight = trimesh.creation.box((p["oled_active_w"], p["oled_active_h"], wall + 2))
        sight.apply_translation((0, 0, -(wall + 2) / 2 + 0.9))
        sight.apply_transform(frame)
        assert _collides(stand, sight) < 1e-6
        # And the PCB behind the glass would not fit through the window.
        pcb = trimesh.creation.box((p["oled_pcb_w"], p["oled_pcb_h"], wall + 2))
        pcb.apply_translation((0, 0, -(wall + 2) / 2 + 0.9))
        pcb.apply_transform(frame)
        assert _collides(stand, pcb) > 1


def test_the_stand_sits_on_its_base(rendered, p):
    stand, _ = rendered["display_stand"]
    base, _ = rendered["stand_base"]
    lifted = stand.copy()
    lifted.apply_translation((0, 0, p["base_t"]))
    assert _collides(lifted, base) < 1e-6  # the lip and the bosses' notches fit


# --- the assembly: every part and every module's keep-out ---------------------------

ASSEMBLY = ENCLOSURES / "assembly.scad"
STAND_GROUP = [
    "stand_base", "display_stand", "pi", "perfboard", "display_A", "display_B",
    "encoder_A", "encoder_B", "button_A", "button_B",
]  # fmt: skip


def _objects() -> list[str]:
    text = ASSEMBLY.read_text()
    block = re.search(r"OBJECTS = \[(.*?)\];", text, re.S).group(1)
    return re.findall(r'"(\w+)"', block)


def _render_objects(tmp: Path, names: list[str], *defines: str) -> dict[str, trimesh.Trimesh]:
    def one(name):
        out = tmp / f"{name}.stl"
        _openscad(ASSEMBLY, out, f'only="{name}"', *defines)
        return name, trimesh.load(out)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(one, names))


def _collisions(meshes: dict[str, trimesh.Trimesh]) -> list[tuple[str, str, float]]:
    found = []
    for (a, ma), (b, mb) in itertools.combinations(meshes.items(), 2):
        lo = np.maximum(ma.bounds[0], mb.bounds[0])
        hi = np.minimum(ma.bounds[1], mb.bounds[1])
        if np.any(lo >= hi):
            continue  # boxes apart: cannot touch
        volume = _collides(ma, mb)
        if volume > 1e-3:
            found.append((a, b, round(volume, 2)))
    return found


@pytest.fixture(scope="module")
def assembly(tmp_path_factory):
    return _render_objects(tmp_path_factory.mktemp("assembly"), _objects())


def test_every_object_of_the_assembly_is_a_closed_solid(assembly):
    assert set(assembly) >= set(PARTS)
    for name, mesh in assembly.items():
        assert mesh.is_watertight and mesh.volume > 0, name


def test_nothing_in_the_assembly_intersects(assembly):
    assert _collisions(assembly) == []


def test_a_pi_4_fits_the_stand_too(tmp_path):
    meshes = _render_objects(tmp_path, STAND_GROUP, 'pi_model="pi4"')
    assert _collisions(meshes) == []


def test_the_fit_test_catches_the_old_80_mm_stand(tmp_path):
    """The check can fail: on the first design's 80 mm stand a Pi 4 hits the walls."""
    meshes = _render_objects(tmp_path, ["display_stand", "pi"], 'pi_model="pi4"', "stand_w=80")
    assert [c[:2] for c in _collisions(meshes)] == [("display_stand", "pi")]


# --- the card frame (touch.toml) ------------------------------------------------------

FRAME_TILES = [(i, j) for j in (0, 1) for i in (0, 1, 2)]
BED = 220.0


@pytest.fixture(scope="module")
def frame_tiles(tmp_path_factory):
    out = tmp_path_factory.mktemp("frame")

    def one(tile):
        stl = out / f"tile{tile[0]}{tile[1]}.stl"
        log = _openscad(ENCLOSURES / "card_frame.scad", stl, f"tile=[{tile[0]},{tile[1]}]")
        bbox = _numbers(re.search(r"ECHO: bbox = \[(.*?)\]", log).group(1))
        return tile, (trimesh.load(stl), bbox)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(one, FRAME_TILES))


def test_the_card_frame_prints_in_six_closed_tiles_that_fit_a_220_mm_bed(frame_tiles, p):
    area = 0.0
    for tile, (mesh, bbox) in frame_tiles.items():
        assert mesh.is_watertight and mesh.volume > 0, tile
        assert mesh.extents == pytest.approx(bbox, abs=0.02), tile
        # Room for a skirt on the bed, the tile lying pockets up.
        assert max(bbox[:2]) <= BED - 20, tile
        area += bbox[0] * bbox[1]
    assert area == pytest.approx(p["frame_w"] * p["frame_d"])  # together: the whole frame


def _pocket(p, row: int, col: int) -> tuple[float, float]:
    """A pocket's corner as card_frame.scad's pocket_at places it (row 0 is row 1)."""
    return (p["frame_border"] + col * p["pocket_pitch_x"] + p["pocket_rib"] / 2,
            p["bay_d"] + (4 - row) * p["pocket_pitch_y"] + p["pocket_rib"] / 2)  # fmt: skip


def test_each_word_card_lies_in_its_pocket_and_a_larger_one_would_not(frame_tiles, p):
    mesh, _ = frame_tiles[(0, 1)]  # rows 1-3, columns a-b: tile coordinates from (0, y0)
    y0 = p["bay_d"] + 2 * p["pocket_pitch_y"]
    for row in range(3):
        for col in range(2):
            x, y = _pocket(p, row, col)
            for grow, hits in ((0.0, False), (2.0, True)):
                w, length = p["card_w"] + grow, p["card_l"] + grow
                card = trimesh.creation.box((w, length, 0.7))
                card.apply_translation((x + p["pocket_w"] / 2, y - y0 + p["pocket_l"] / 2,
                                        p["frame_floor"] + 0.36))  # fmt: skip
                assert (_collides(mesh, card) > 1e-3) == hits, (row, col, grow)


def test_the_frame_dimension_rules(p):
    assert p["pocket_w"] >= p["card_w"] + 2 * p["clearance"]
    assert p["pocket_l"] >= p["card_l"] + 2 * p["clearance"]
    inset_x = (p["pocket_w"] - p["pad_w"]) / 2
    inset_y = (p["pocket_l"] - p["pad_l"]) / 2
    assert inset_x > 0 and inset_y > 0  # the pad lies inside its pocket
    # The lead's hole, 2.5 mm in from the pocket's corner, is beside the pad, not under it.
    assert 2.5 + p["lead_hole"] / 2 < min(inset_x, inset_y)
    # Every lead runs under a rib, never under another card's pad (it would sense it).
    pads = [(_pocket(p, 0, c)[0] + inset_x, _pocket(p, 0, c)[0] + inset_x + p["pad_w"])
            for c in range(5)]  # fmt: skip
    for c in range(5):
        x = p["frame_border"] + c * p["pocket_pitch_x"]
        lo, hi = x - p["lead_channel_w"] / 2, x + p["lead_channel_w"] / 2
        assert all(hi <= a or lo >= b for a, b in pads), c
    assert p["lead_channel_d"] < p["frame_floor"] - p["pad_recess"]
    assert p["bay_h"] - p["bay_top"] >= p["mpr121_h"]  # the boards fit under the bay's top
    assert p["frame_cable_h"] < p["bay_h"] - p["bay_top"]
