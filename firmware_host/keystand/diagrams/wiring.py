"""The wiring diagram of a hardware profile, as SVG: every module, pin and wire.

``keystand wiring PROFILE --out FILE.svg`` draws the Pi's 40-pin header in the
middle, the perfboard's bus strips below it, the seat modules on the left and
the time bank, printer and scanner on the right, with one curve per wire from
``netlist``. Each module pin also names its other end, so a wire can be followed
by text where curves cross. Tests check that the SVGs committed in hardware/ are
exactly what this draws from the profiles.
"""

from __future__ import annotations

from html import escape

from ..config import DeviceConfig
from .netlist import (
    CABLE,
    FRAME,
    FRAME_CABLE,
    GROUND,
    PHYSICAL,
    PI,
    POWER,
    STRIP,
    TRAY,
    Module,
    Netlist,
    far_end,
    netlist,
)

COLOURS = {
    "3v3": "#ef6c00",
    "5v": "#d50000",
    "gnd": "#212121",
    "i2c": "#1565c0",
    "spi": "#6a1b9a",
    "cs": "#c2185b",
    "uart": "#2e7d32",
    "gpio": "#00838f",
    "analog": "#8d6e63",
    "usb": "#546e7a",
    "supply": "#b71c1c",
}
LEGEND = {
    "3v3": "3.3 V",
    "5v": "5 V",
    "gnd": "ground",
    "i2c": "I2C",
    "spi": "SPI data/clock",
    "cs": "SPI chip select",
    "uart": "serial",
    "gpio": "GPIO",
    "analog": "analog",
    "usb": "USB",
    "supply": "supply",
}
ROW = 15  # a module pin's row height
BOX_W = 265
COLUMNS = {"left": 20, "centre": 0, "bank": 815, "right": 1115}
HEADER_X, HEADER_Y, HEADER_ROW = 560, 150, 22
WIDTH = 1400


def _bcm(phys: int) -> int | None:
    for bcm, p in PHYSICAL.items():
        if p == phys:
            return bcm
    return None


def _header_name(phys: int) -> str:
    if phys in POWER:
        return POWER[phys]
    if phys in GROUND:
        return "GND"
    return f"GPIO{_bcm(phys)}"


def _end_label(end: tuple[str, str]) -> str:
    module, pin = end
    if module == PI:
        if pin.isdigit():
            return f"Pi pin {pin} ({_header_name(int(pin))})"
        return f"Pi {pin}"
    if module in CABLE or module in FRAME_CABLE:
        return f"cable {pin} ({module.split(', ')[1]})"
    if module in (STRIP, TRAY, FRAME):
        return f"{pin.rsplit('.', 1)[0]} strip"
    return f"{module} {pin}"


class _Layout:
    def __init__(self, n: Netlist) -> None:
        self.n = n
        self.anchor: dict[tuple[str, str], tuple[float, float, int]] = {}  # x, y, direction
        self.boxes: list[tuple[Module, float, float]] = []
        self._header()
        self.strip_y = HEADER_Y + 20 * HEADER_ROW + 60
        stand = [s for s in n.strips if not s.startswith(("tray ", "frame "))]
        tray = [s for s in n.strips if s.startswith("tray ")]
        frame = [s for s in n.strips if s.startswith("frame ")]
        self._strips(stand, STRIP, HEADER_X - 150, self.strip_y)
        self._strips(tray, TRAY, COLUMNS["bank"] + 75, 110)  # the cable's tray end is first
        self.tray_strips_y = 110
        columns = {"left": 90.0, "bank": 110.0 + 18 * len(tray) + 10, "right": 90.0}
        centre_y: float = self.strip_y + 30 + 18 * len(stand)
        ordered = sorted(n.modules.values(), key=lambda m: m.name != CABLE[1])
        in_frame = [m for m in ordered if far_end(m.name) == FRAME or m.name == FRAME_CABLE[1]]
        for m in ordered:
            if m.name in (PI, STRIP, TRAY, FRAME) or m in in_frame:
                continue
            group = m.group
            if group == "right" and m.name.startswith(("slot ", "MCP3008")):
                group = "bank"
            if group == "centre":
                centre_x: float = HEADER_X - BOX_W / 2
                centre_y += self._box(m, centre_x, centre_y, 0) + 14
                continue
            x = COLUMNS[group]
            columns[group] += self._box(m, x, columns[group], 1 if group == "left" else -1) + 12
        if in_frame:  # the card frame below the right column: its strips, then its modules
            y = columns["right"] + 30
            self._strips(frame, FRAME, COLUMNS["right"] + 45, y)
            columns["right"] = y + 18 * len(frame) + 10
            for m in sorted(in_frame, key=lambda m: m.name != FRAME_CABLE[1]):
                columns["right"] += self._box(m, COLUMNS["right"], columns["right"], -1) + 12
        self.height = max([*columns.values(), centre_y, self.strip_y + 40]) + 50

    def _header(self) -> None:
        for row in range(20):
            y = HEADER_Y + row * HEADER_ROW
            self.anchor[(PI, str(2 * row + 1))] = (HEADER_X - 16, y, -1)
            self.anchor[(PI, str(2 * row + 2))] = (HEADER_X + 16, y, 1)
        self.anchor[(PI, "USB")] = (HEADER_X + 60, HEADER_Y - 40, 1)
        self.anchor[(PI, "PWR IN")] = (HEADER_X - 60, HEADER_Y - 40, -1)

    def _strips(self, names: list[str], board: str, x: float, y: float) -> None:
        for i, strip in enumerate(names):
            for k, hole in enumerate(self.n.strips[strip]):
                self.anchor[(board, hole)] = (x + 9 * k, y + 18 * i, 0)

    def _box(self, m: Module, x: float, y: float, side: int) -> float:
        """Place a module's box; its pins' anchors are on the edge facing the header."""
        self.boxes.append((m, x, y))
        for i, pin in enumerate(m.pins):
            py = y + 34 + i * ROW
            ax = x + BOX_W if side >= 0 else x
            self.anchor[(m.name, pin)] = (ax, py, side if side else 1)
        return 34 + len(m.pins) * ROW


def _curve(a: tuple[float, float, int], b: tuple[float, float, int]) -> str:
    (ax, ay, ad), (bx, by, bd) = a, b
    reach = max(40.0, abs(bx - ax) / 2)
    c1 = (ax + ad * reach, ay) if ad else (ax, ay + 40)
    c2 = (bx + bd * reach, by) if bd else (bx, by + 40)
    return f"M{ax:.1f},{ay:.1f} C{c1[0]:.1f},{c1[1]:.1f} {c2[0]:.1f},{c2[1]:.1f} {bx:.1f},{by:.1f}"


def svg(config: DeviceConfig, title: str) -> str:
    n = netlist(config)
    lay = _Layout(n)
    height = int(lay.height)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, sans-serif" font-size="11">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="30" y="30" font-size="18" font-weight="bold">{escape(title)}</text>',
        '<text x="30" y="50" fill="#555">Every module, pin and wire. The Pi\'s header is seen '
        "from above, pin 1 top left; GPIO numbers are BCM. Shared nets meet on the "
        "perfboard's strips.</text>",
    ]
    for i, (kind, label) in enumerate(LEGEND.items()):
        key_x = 30 + i * 112
        out.append(
            f'<line x1="{key_x}" y1="68" x2="{key_x + 22}" y2="68" stroke="{COLOURS[kind]}" '
            f'stroke-width="3"/><text x="{key_x + 27}" y="72">{label}</text>'
        )
    for w in n.wires:
        out.append(
            f'<path d="{_curve(lay.anchor[w.a], lay.anchor[w.b])}" fill="none" '
            f'stroke="{COLOURS[w.kind]}" stroke-width="1.4" opacity="0.85"/>'
        )
    out += _header_svg(n)
    out += _strips_svg(n, lay)
    for m, x, y in lay.boxes:
        out += _box_svg(n, m, x, y, lay)
    out.append(
        f'<text x="30" y="{height - 14}" fill="#555">Generated by keystand wiring from '
        "the profile; do not edit by hand.</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _header_svg(n: Netlist) -> list[str]:
    top = HEADER_Y - 12
    out = [
        f'<rect x="{HEADER_X - 40}" y="{top}" width="80" height="{20 * HEADER_ROW + 4}" '
        'rx="6" fill="#1b5e20"/>',
        f'<text x="{HEADER_X}" y="{top - 8}" text-anchor="middle" font-weight="bold">'
        f"{escape(n.modules[PI].note)}</text>",
        f'<text x="{HEADER_X - 60}" y="{HEADER_Y - 44}" text-anchor="end">power in</text>',
        f'<text x="{HEADER_X + 60}" y="{HEADER_Y - 44}">USB</text>',
    ]
    for row in range(20):
        y = HEADER_Y + row * HEADER_ROW
        for phys, x, lx, anchor in (
            (2 * row + 1, HEADER_X - 16, HEADER_X - 46, "end"),
            (2 * row + 2, HEADER_X + 16, HEADER_X + 46, "start"),
        ):
            used = bool(n.ends(PI, str(phys)))
            name = _header_name(phys)
            colour = {"3V3": "#ef6c00", "5V": "#d50000", "GND": "#000"}.get(
                name, "#fbc02d" if used else "#9e9e9e"
            )
            out.append(f'<circle cx="{x}" cy="{y}" r="7" fill="{colour}"/>')
            out.append(
                f'<text x="{x}" y="{y + 3}" font-size="8" text-anchor="middle" '
                f'fill="white">{phys}</text>'
            )
            weight = ' font-weight="bold"' if used else ' fill="#888"'
            out.append(
                f'<text x="{lx}" y="{y + 4}" text-anchor="{anchor}"{weight}>{name}</text>'
            )
    return out


def _strips_svg(n: Netlist, lay: _Layout) -> list[str]:
    out = []
    titles = {
        STRIP: "the stand's perfboard strips",
        TRAY: "the tray's bus wires",
        FRAME: "the frame's strip board",
    }
    shown = set()
    for strip, holes in n.strips.items():
        board = {"tray": TRAY, "frame": FRAME}.get(strip.split(" ", 1)[0], STRIP)
        x0, y = lay.anchor[(board, holes[0])][:2]
        x1 = lay.anchor[(board, holes[-1])][0]
        if board not in shown:
            shown.add(board)
            out.append(
                f'<text x="{x0 - 50}" y="{y - 14}" font-weight="bold">{titles[board]} '
                "(each dot a wire)</text>"
            )
        label = strip.removeprefix("tray ").removeprefix("frame ")
        out.append(
            f'<text x="{x0 - 10}" y="{y + 4}" text-anchor="end">{escape(label)}</text>'
            f'<line x1="{x0 - 4}" y1="{y}" x2="{x1 + 4}" y2="{y}" stroke="#bbb" stroke-width="6"/>'
        )
        for hole in holes:
            hx = lay.anchor[(board, hole)][0]
            out.append(f'<circle cx="{hx}" cy="{y}" r="2.5" fill="#555"/>')
    return out


def _box_svg(n: Netlist, m: Module, x: float, y: float, lay: _Layout) -> list[str]:
    h = 34 + len(m.pins) * ROW
    right = lay.anchor[(m.name, m.pins[0])][0] > x if m.pins else True
    out = [
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{h - 6}" rx="4" fill="#f5f5f5" '
        'stroke="#90a4ae"/>',
        f'<text x="{x + 6}" y="{y + 14}" font-weight="bold">{escape(m.name)}</text>',
        f'<text x="{x + 6}" y="{y + 26}" font-size="9" fill="#555">{escape(m.note)}</text>',
    ]
    for pin in m.pins:
        ax, py, _ = lay.anchor[(m.name, pin)]
        ends = ", ".join(_end_label(e) for e in n.ends(m.name, pin)) or "not connected"
        if right:
            out.append(f'<text x="{ax - 6}" y="{py + 4}" text-anchor="end" '
                       f'font-weight="bold">{escape(pin)}</text>')  # fmt: skip
            out.append(f'<text x="{x + 6}" y="{py + 4}" fill="#444">→ {escape(ends)}</text>')
        else:
            out.append(f'<text x="{ax + 6}" y="{py + 4}" font-weight="bold">{escape(pin)}</text>')
            out.append(
                f'<text x="{x + BOX_W - 6}" y="{py + 4}" text-anchor="end" fill="#444">'
                f"{escape(ends)} ←</text>"
            )
        out.append(f'<circle cx="{ax}" cy="{py}" r="2.5" fill="#37474f"/>')
    return out
