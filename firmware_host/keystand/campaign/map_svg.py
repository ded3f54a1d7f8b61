"""A team's campaign drawn as SVG: the Duet mission map, or the 10-token edition's log.

Pure: the mission book and the team's record in, one SVG string out, the same
bytes for the same data. The layout is worked out from the map data, so a
user's map file with cities and lines of its own lays out like ours:

- **map** (an edition without boxes, such as Duet): one row per unlock depth
  (the ``start`` mission on top, then what a win there opens, and so on), each
  mission under the missions whose lines lead to it; a row of ``final``
  missions, a row per set of missions that open once others are all won
  (``open_after``, no line known), and a row of missions no known line leads
  to, each under a caption;
- **log** (an edition whose bonuses are earned by boxes, such as the 10-token
  edition): a section per location hub (a mission whose ``location`` is itself)
  with the location's bonus and its uses, then one row per chain of missions
  the hub opens, each ending in the box's reward; the final missions last.

Every status differs by shape and pattern as well as colour (the Okabe–Ito
colours, safe for colour-blind eyes), so the map reads in black and white too:
completed is a filled box with a tick, available a thick-framed white box with a
play mark, needing its number a hatched box with a question mark, locked a
dashed grey box with a padlock. Every text is escaped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from ..i18n import N_
from ..names import MARK_NOTE
from ..rules.missions import Bonus, Mission, MissionBook
from .progress import (
    AVAILABLE,
    COMPLETED,
    LOCKED,
    NEEDS_NUMBER,
    Progress,
    TeamRecord,
    progress,
    removes,
)

STATUS_LABELS = {  # the same words as the book's campaign table
    COMPLETED: N_("done"),
    AVAILABLE: N_("open"),
    NEEDS_NUMBER: N_("needs its number"),
    LOCKED: N_("locked"),
}
LINE_LABEL = N_("a win opens the next")
FINAL_CAPTION = N_("opens once every other mission is complete")
UNREACHED_CAPTION = N_("no known line leads here")
# Missions the rulebooks name but place on no line (rules/missions.py open_after).
AFTER_CAPTION = N_("no line known; these open once {names} are all won")
# TRANSLATORS: what joins mission names in a list ("Berlin, Cairo, Moscow").
LIST_JOINER = N_(", ")
HELD_LABEL = N_("Bonuses held")
# After the title of a team playing the 10-token edition's expert variant.
EXPERT_LABEL = N_("expert: one token fewer in each mission")

# Okabe–Ito: told apart by people with any common colour-vision deficiency.
BLUE, VERMILLION, ORANGE, GREY, INK = "#0072B2", "#D55E00", "#E69F00", "#8c8c8c", "#1a1a1a"
FONT = "DejaVu Sans, Noto Sans CJK JP, Verdana, sans-serif"
NAME_PX, SMALL_PX = 13, 11
NODE_H = 42
MIN_W, MAX_W = 118, 232
GAP_X, GAP_Y = 26, 34
MARGIN = 16
TITLE_H = 30
CAPTION_H = 18

Gettext = Callable[[str], str]
_BOLD = ' font-weight="bold"'


@dataclass(frozen=True, slots=True)
class Box:
    """One mission's place on the drawing (top-left corner and size)."""

    mission: Mission
    status: str
    x: float
    y: float
    w: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2


def text_width(text: str, px: float, bold: bool = False) -> float:
    """A generous estimate of ``text``'s width at ``px``: wide (CJK) characters
    take a whole em, others six tenths of one (two thirds in bold)."""
    narrow = (0.67 if bold else 0.6) * px
    return sum(px if unicodedata.east_asian_width(c) in "WF" else narrow for c in text)


def map_svg(book: MissionBook, record: TeamRecord, gettext: Gettext = str) -> str:
    """The team's map (or log) as a standalone SVG document, texts in ``gettext``'s
    language (mission names and the labels; the team's name as it is)."""
    state = progress(book, record)
    missions = book.in_edition(record.edition)
    names = {m.id: gettext(m.name) for m in missions}
    width = max((text_width(n, NAME_PX, bold=True) for n in names.values()), default=0) + 38
    node_w = min(MAX_W, max(MIN_W, width))
    log = any(b.earned_by for b in book.bonuses_of(record.edition))
    drawing = _Drawing(book, record, state, names, node_w, gettext)
    if log:
        drawing.lay_out_log(missions)
    else:
        drawing.lay_out_map(missions)
    return drawing.svg()


class _Drawing:
    """Boxes, lines and captions placed on one canvas, then written out as SVG."""

    def __init__(
        self,
        book: MissionBook,
        record: TeamRecord,
        state: Progress,
        names: dict[str, str],
        node_w: float,
        gettext: Gettext,
    ) -> None:
        self.book, self.record, self.state, self.names = book, record, state, names
        self.node_w, self._ = node_w, gettext
        self.boxes: dict[str, Box] = {}
        self.parts: list[str] = []  # captions and rewards, drawn over the lines
        self.marked = False  # a number drawn is not our rulebooks': the note explains *
        self.removes = removes(book, record)  # an expert team's tokens fewer a mission
        self.width = 0.0
        self.y: float = MARGIN + TITLE_H

    # ------------------------------------------------------------------ layouts

    def _place(self, mission: Mission, x: float) -> None:
        status = self.state.status(mission.id)
        self.boxes[mission.id] = Box(mission, status, x, self.y, self.node_w)
        self.width = max(self.width, x + self.node_w + MARGIN)

    def _caption(self, text: str, x: float = MARGIN) -> None:
        self.width = max(self.width, x + text_width(text, SMALL_PX) + MARGIN)
        self.parts.append(
            f'<text class="caption" x="{x:.0f}" y="{self.y + 12:.0f}" font-size="{SMALL_PX}" '
            f'font-style="italic" fill="{INK}">{escape(text)}</text>'
        )
        self.y += CAPTION_H

    def lay_out_map(self, missions: list[Mission]) -> None:
        """Rows by unlock depth, each mission under its parents; then the final row
        and the row of missions nothing known leads to."""
        ids = {m.id for m in missions}
        order = {m.id: n for n, m in enumerate(missions)}
        depth: dict[str, int] = {m.id: 0 for m in missions if m.start and not m.final}
        frontier = list(depth)
        while frontier:  # breadth first: a mission's row is its shortest way in
            nxt = []
            for mission_id in frontier:
                for target in self.book.missions[mission_id].unlocks:
                    other = self.book.missions.get(target)
                    if target in ids and target not in depth and other and not other.final:
                        depth[target] = depth[mission_id] + 1
                        nxt.append(target)
            frontier = nxt
        rows: list[list[Mission]] = [
            [m for m in missions if depth.get(m.id) == d]
            for d in range(max(depth.values(), default=-1) + 1)
        ]
        finals = [m for m in missions if m.final]
        groups = [(finals, self._(FINAL_CAPTION))] if finals else []
        groups += self._unplaced([m for m in missions if not m.final and m.id not in depth])
        pitch = self.node_w + GAP_X
        widest = max([len(r) for r in rows] + [len(g) for g, _c in groups] + [1])
        inner = widest * pitch - GAP_X
        parents = {m.id: [p for p in missions if m.id in p.unlocks] for m in missions}
        for row in rows:
            wanted = {}
            for m in row:
                placed = [self.boxes[p.id].x for p in parents[m.id] if p.id in self.boxes]
                wanted[m.id] = sum(placed) / len(placed) if placed else None
            if all(v is None for v in wanted.values()):
                self._centred_row(row, inner)
            else:
                self._row_under_parents(row, wanted, order, inner)
            self.y += NODE_H + GAP_Y
        for group, caption in groups:
            self._caption(caption)
            self._centred_row(group, inner)
            self.y += NODE_H + GAP_Y
        self.y -= GAP_Y

    def _unplaced(self, missions: list[Mission]) -> list[tuple[list[Mission], str]]:
        """Missions no known line reaches, with their captions: a row for each set of
        missions they open after (Bangkok and Singapore after Berlin, Cairo and
        Moscow), then a row for the rest."""
        groups: dict[tuple[str, ...], list[Mission]] = {}
        for m in missions:
            groups.setdefault(m.open_after, []).append(m)
        out = []
        for after, group in groups.items():
            if after:
                names = self._(LIST_JOINER).join(self.names.get(o, o) for o in after)
                out.append((group, self._(AFTER_CAPTION).format(names=names)))
        if () in groups:
            out.append((groups[()], self._(UNREACHED_CAPTION)))
        return out

    def _centred_row(self, row: list[Mission], inner: float) -> None:
        pitch = self.node_w + GAP_X
        start = MARGIN + (inner - (len(row) * pitch - GAP_X)) / 2
        for n, m in enumerate(row):
            self._place(m, start + n * pitch)

    def _row_under_parents(
        self,
        row: list[Mission],
        wanted: dict[str, float | None],
        order: dict[str, int],
        inner: float,
    ) -> None:
        """Each mission as near the middle of its parents as the row's spacing allows."""
        pitch = self.node_w + GAP_X
        mean = [v for v in wanted.values() if v is not None]
        fallback = sum(mean) / len(mean)
        keyed = sorted(
            row,
            key=lambda m: (wanted[m.id] if wanted[m.id] is not None else fallback, order[m.id]),
        )
        xs: list[float] = []
        for m in keyed:
            want = wanted[m.id]
            x = max(MARGIN, fallback if want is None else want)
            xs.append(max(x, xs[-1] + pitch) if xs else x)
        right = MARGIN + inner - self.node_w
        if xs[-1] > right:  # pushed off the right: slide back, keeping the spacing
            xs[-1] = right
            for n in range(len(xs) - 2, -1, -1):
                xs[n] = min(xs[n], xs[n + 1] - pitch)
        for m, x in zip(keyed, xs, strict=True):
            self._place(m, x)

    def lay_out_log(self, missions: list[Mission]) -> None:
        """A section per location hub: the hub, its bonus, then a row per chain of
        missions it opens with the box's reward at the end; then the finals."""
        ids = {m.id: m for m in missions}
        hubs = [m for m in missions if m.location == m.id and not m.final]
        pitch = self.node_w + GAP_X
        placed: set[str] = set()
        for hub in hubs:
            self._place(hub, MARGIN)
            placed.add(hub.id)
            self._location_bonus(hub, MARGIN + pitch)
            self.y += NODE_H + GAP_Y / 2
            members = [m for m in missions if m.location == hub.id and m.id not in placed]
            heads = [ids[t] for t in hub.unlocks if t in ids and ids[t] in members]
            heads += [m for m in members if m not in heads]  # whatever no line reaches
            for head in heads:
                if head.id in placed:
                    continue
                chain = [head]
                while True:
                    nxt = [
                        ids[t]
                        for t in chain[-1].unlocks
                        if t in ids
                        and t not in placed
                        and ids[t] in members
                        and ids[t] not in chain
                    ]
                    if not nxt:
                        break
                    chain.append(nxt[0])
                for n, m in enumerate(chain):
                    self._place(m, MARGIN + (n + 1) * pitch)
                    placed.add(m.id)
                self._reward(chain, MARGIN + (len(chain) + 1) * pitch - GAP_X / 2)
                self.y += NODE_H + GAP_Y / 2
            self.y += GAP_Y / 2
        rest = [m for m in missions if m.id not in placed and not m.final]
        linked = [m for m in rest if any(m.id in o.unlocks for o in missions)]
        finals = [m for m in missions if m.final]
        groups: list[tuple[list[Mission], str | None]] = [(linked, None)]
        groups += self._unplaced([m for m in rest if m not in linked])
        groups.append((finals, self._(FINAL_CAPTION)))
        for group, caption in groups:
            if group:
                if caption:
                    self._caption(caption)
                first = 1 if caption is None else 0  # a line's missions: beside the hubs
                for n, m in enumerate(group, first):
                    self._place(m, MARGIN + n * pitch)
                self.y += NODE_H + GAP_Y
        self.y -= GAP_Y

    def _location_bonus(self, hub: Mission, x: float) -> None:
        """The location's bonus beside its hub: one diamond per use, filled while held."""
        for bonus in self.book.bonuses_of(self.record.edition):
            if bonus.location != hub.id:
                continue
            left = self.state.bonuses.get(bonus.id, 0)
            diamonds = "◆" * left + "◇" * (bonus.uses - left) + self._star(bonus, "uses")
            held, weight = ("held", _BOLD) if left else ("not-held", "")
            self.parts.append(
                f'<text class="bonus {held}" data-bonus="{escape(bonus.id)}" x="{x:.0f}" '
                f'y="{self.y + NODE_H / 2 + 4:.0f}" font-size="{NAME_PX}" fill="{INK}"'
                f"{weight}>{escape(bonus.title)} {diamonds}</text>"
            )
            self.width = max(self.width, x + text_width(bonus.title, NAME_PX) + 80)
            x += text_width(bonus.title, NAME_PX) + 90

    def _reward(self, chain: list[Mission], x: float) -> None:
        """The box's reward after its chain: ★ held, ✓ earned and spent, ☆ not yet."""
        members = {m.id for m in chain}
        for bonus in self.book.bonuses_of(self.record.edition):
            if not bonus.earned_by or not set(bonus.earned_by) <= members:
                continue
            earned = all(m in self.state.completed for m in bonus.earned_by)
            left = self.state.bonuses.get(bonus.id, 0)
            mark, kind = ("★", "held") if left else ("✓", "spent") if earned else ("☆", "not-held")
            title = bonus.title + self._star(bonus, "value")
            self.parts.append(
                f'<text class="bonus {kind}" data-bonus="{escape(bonus.id)}" x="{x:.0f}" '
                f'y="{self.y + NODE_H / 2 + 4:.0f}" font-size="{NAME_PX}" '
                f'fill="{INK if left else GREY}"{_BOLD if left else ""}>'
                f"{mark} {escape(title)}</text>"
            )
            self.width = max(self.width, x + text_width(title, NAME_PX) + 24 + MARGIN)

    def _star(self, bonus: Bonus, number: str) -> str:
        """``*`` after a shown number our rulebooks do not print (noted under the map)."""
        if number in bonus.unprinted:
            self.marked = True
            return "*"
        return ""

    # ------------------------------------------------------------------ drawing

    def svg(self) -> str:
        legend_y = self.y + GAP_Y
        legend, legend_h = self._legend(legend_y)
        height = legend_y + legend_h + MARGIN
        team = self.record.name
        edition = self.book.editions.get(self.record.edition)
        title = f"{team} — {edition.name if edition else self.record.edition}"
        if self.removes:
            title += f" · {self._(EXPERT_LABEL)}"
        lines = [self._line(a, b) for a in self.boxes.values() for b in self._targets(a)]
        nodes = [self._node(b) for b in self.boxes.values()]
        w, h = f"{self.width:.0f}", f"{height:.0f}"
        return "".join(
            [
                f'<svg xmlns="http://www.w3.org/2000/svg" class="campaign-map" '
                f'viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
                f'aria-label="{escape(title)}" font-family="{FONT}" '
                f'data-team="{escape(team)}" data-edition="{escape(self.record.edition)}">',
                f"<title>{escape(title)}</title>",
                _DEFS,
                f'<rect width="{w}" height="{h}" fill="#ffffff"/>',
                f'<text class="title" x="{MARGIN}" y="{MARGIN + 14}" font-size="16" '
                f'font-weight="bold" fill="{INK}">{escape(title)}</text>',
                '<g class="lines">',
                *lines,
                "</g>",
                *self.parts,
                '<g class="missions">',
                *nodes,
                "</g>",
                legend,
                "</svg>",
            ]
        )

    def _targets(self, a: Box) -> list[Box]:
        return [self.boxes[t] for t in a.mission.unlocks if t in self.boxes]

    def _line(self, a: Box, b: Box) -> str:
        """A line from ``a`` to a mission it unlocks: solid once ``a`` is won."""
        opened = a.status == COMPLETED
        style = (
            f'stroke="{INK}" stroke-width="2"'
            if opened
            else f'stroke="{GREY}" stroke-width="1.4" stroke-dasharray="5 4"'
        )
        log = self._log_layout()
        if abs(a.y - b.y) < 1:  # the same row: side to side
            x1, x2 = (a.x + a.w, b.x) if b.x > a.x else (a.x, b.x + b.w)
            path = f"M{x1:.0f} {a.y + NODE_H / 2:.0f}H{x2:.0f}"
        elif b.y > a.y and not log:  # the map: straight down to the next row
            path = f"M{a.cx:.0f} {a.y + NODE_H:.0f}L{b.cx:.0f} {b.y:.0f}"
        elif b.y > a.y and b.x > a.x + 24:  # the log: down the hub's trunk, then across
            path = f"M{a.x + 20:.0f} {a.y + NODE_H:.0f}V{b.y + NODE_H / 2:.0f}H{b.x:.0f}"
        else:  # round by the left margin
            gutter = min(a.x, b.x) - 8
            path = (
                f"M{a.x:.0f} {a.y + NODE_H / 2:.0f}H{gutter:.0f}V{b.y + NODE_H / 2:.0f}H{b.x:.0f}"
            )
        kind = "opened" if opened else "closed"
        return (
            f'<path class="line {kind}" data-from="{a.mission.id}" data-to="{b.mission.id}" '
            f'd="{path}" fill="none" {style} marker-end="url(#ksmap-arrow-{kind})"/>'
        )

    def _log_layout(self) -> bool:
        return any(b.earned_by for b in self.book.bonuses_of(self.record.edition))

    def _node(self, b: Box) -> str:
        m = b.mission
        label = m.label_for(self.removes) + ("*" if m.marked else "")
        name = self.names[m.id]
        room = b.w - 34
        fit = (
            f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"'
            if text_width(name, NAME_PX, bold=True) > room
            else ""
        )
        text_fill = "#ffffff" if b.status == COMPLETED else INK
        if b.status == LOCKED:
            text_fill = "#555555"
        status = escape(self._(STATUS_LABELS[b.status]))
        return (
            f'<g class="mission {b.status}" id="ksmap-{m.id}" data-mission="{m.id}" '
            f'data-status="{b.status}" transform="translate({b.x:.0f} {b.y:.0f})">'
            f"<title>{escape(name)} {escape(label)}: {status}</title>"
            f"{_shape(b.status, b.w)}{_marker(b.status)}"
            f'<text x="28" y="17" font-size="{NAME_PX}" font-weight="bold" '
            f'fill="{text_fill}"{fit}>{escape(name)}</text>'
            f'<text class="numbers" x="28" y="33" font-size="{SMALL_PX}" '
            f'fill="{text_fill}">{escape(label)}</text></g>'
        )

    def _legend(self, y: float) -> tuple[str, float]:
        """The four statuses, the line, and the bonuses held, under the map."""
        _ = self._
        items = []
        x = float(MARGIN)
        sample_w = 30.0
        for status, label in STATUS_LABELS.items():
            text = _(label)
            items.append(
                f'<g class="key {status}" transform="translate({x:.0f} {y:.0f})">'
                f"{_shape(status, sample_w, 22)}"
                f'<g transform="translate(3 -4) scale(0.7)">{_marker(status)}</g>'
                f'<text x="{sample_w + 6:.0f}" y="15" font-size="{SMALL_PX}" fill="{INK}">'
                f"{escape(text)}</text></g>"
            )
            x += sample_w + 6 + text_width(text, SMALL_PX) + 18
        line = _(LINE_LABEL)
        items.append(
            f'<g class="key line" transform="translate({x:.0f} {y:.0f})">'
            f'<path d="M0 11H30" stroke="{INK}" stroke-width="2" '
            'marker-end="url(#ksmap-arrow-opened)"/>'
            f'<text x="38" y="15" font-size="{SMALL_PX}" fill="{INK}">{escape(line)}</text></g>'
        )
        x += 38 + text_width(line, SMALL_PX)
        self.width = max(self.width, x + MARGIN)
        held = [
            self._held(self.book.bonuses[b], n) if b in self.book.bonuses else f"{b} ×{n}"
            for b, n in self.state.bonuses.items()
        ]
        text = f"{_(HELD_LABEL)}: {', '.join(held) or '—'}"
        self.width = max(self.width, MARGIN + text_width(text, NAME_PX) + MARGIN)
        items.append(
            f'<text class="held" x="{MARGIN}" y="{y + 46:.0f}" font-size="{NAME_PX}" '
            f'fill="{INK}">{escape(text)}</text>'
        )
        if self.marked or any(b.mission.marked for b in self.boxes.values()):
            note = _(MARK_NOTE)
            self.width = max(self.width, MARGIN + text_width(note, SMALL_PX) + MARGIN)
            items.append(
                f'<text class="note" x="{MARGIN}" y="{y + 66:.0f}" font-size="{SMALL_PX}" '
                f'fill="{INK}">{escape(note)}</text>'
            )
            return "".join(items), 72
        return "".join(items), 54


    def _held(self, bonus: Bonus, left: int) -> str:
        value = self._star(bonus, "value")
        return f"{bonus.title}{value} ×{left}{self._star(bonus, 'uses')}"


def _shape(status: str, w: float, h: float = NODE_H) -> str:
    """A status's box: filled, thick-framed, hatched or dashed."""
    box = f'width="{w:.0f}" height="{h:.0f}" rx="6"'
    if status == COMPLETED:
        return f'<rect {box} fill="{BLUE}" stroke="{INK}" stroke-width="1.5"/>'
    if status == AVAILABLE:
        return f'<rect x="1.5" y="1.5" width="{w - 3:.0f}" height="{h - 3:.0f}" rx="6" fill="#ffffff" stroke="{VERMILLION}" stroke-width="3.5"/>'  # noqa: E501
    if status == NEEDS_NUMBER:
        return (
            f'<rect {box} fill="url(#ksmap-hatch)" stroke="{INK}" stroke-width="1.5" '
            'stroke-dasharray="8 3 2 3"/>'
        )
    return f'<rect {box} fill="#eeeeee" stroke="{GREY}" stroke-width="1.5" stroke-dasharray="4 3"/>'


def _marker(status: str) -> str:
    """The status's mark at the box's left: tick, play, question mark, padlock."""
    if status == COMPLETED:
        return '<path d="M7 21l5 5 9-11" fill="none" stroke="#ffffff" stroke-width="3"/>'
    if status == AVAILABLE:
        return f'<path d="M9 13l11 8-11 8z" fill="{VERMILLION}"/>'
    if status == NEEDS_NUMBER:
        return (
            f'<circle cx="14" cy="21" r="9" fill="#ffffff" stroke="{INK}"/>'
            f'<text x="14" y="26" font-size="14" font-weight="bold" text-anchor="middle" '
            f'fill="{INK}">?</text>'
        )
    return (
        f'<rect x="8" y="20" width="12" height="9" fill="{GREY}"/>'
        f'<path d="M10 20v-3a4 4 0 0 1 8 0v3" fill="none" stroke="{GREY}" stroke-width="2"/>'
    )


_DEFS = (
    "<defs>"
    '<pattern id="ksmap-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)">'
    f'<rect width="6" height="6" fill="#fff3cf"/>'
    f'<line x1="0" y1="0" x2="0" y2="6" stroke="{ORANGE}" stroke-width="1.6"/></pattern>'
    '<marker id="ksmap-arrow-opened" viewBox="0 0 10 10" refX="9" refY="5" '
    'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
    f'<path d="M0 0L10 5L0 10z" fill="{INK}"/></marker>'
    '<marker id="ksmap-arrow-closed" viewBox="0 0 10 10" refX="9" refY="5" '
    'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
    f'<path d="M0 0L10 5L0 10z" fill="{GREY}"/></marker>'
    "</defs>"
)
