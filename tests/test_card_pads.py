"""The card pads at the register level: the real reader (hal/card_pads.py) on MPR121
models (sim/mpr121.py) under the simulated card frame, on a clock the test moves.

Every case is a physical act on the frame (a fingertip, a hand, a sleeve, a card,
the room) and what the reader posts: one ``CardTouch`` for a fingertip held on one
card, nothing for anything else. The filter's own rules are tested alone below.
"""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from helpers import PROFILES, device_config
from keystand.events import CardTouch
from keystand.hal import mpr121 as reg
from keystand.hal.card_pads import STUCK_FOR, CardPads, PadFilter, TouchTiming
from keystand.rules.layout import cell_index, cell_name
from keystand.sim.card_frame import SimulatedFrame
from keystand.sim.mpr121 import SimulatedMpr121, reading

TOUCH = device_config(PROFILES / "touch.toml").touch
STEP = 0.02  # the reader's poll while anything is going on


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Rig:
    """The frame and the reader, stepped together on one clock."""

    def __init__(self, touch=TOUCH) -> None:
        self.clock = Clock()
        self.factory = MockFactory()
        self.frame = SimulatedFrame(touch, self.factory, self.clock, ticking=False)
        self.events: list[object] = []
        self.pads = CardPads(
            self.frame.bus,
            touch.addresses,
            touch.electrodes,
            touch.pad_thresholds(),
            touch.irq_pin,
            self.events.append,
            self.clock,
            timing=TouchTiming(),
            pin_factory=self.factory,
            thread=False,
        )
        self.run(1.0)

    @property
    def now(self) -> float:
        return self.clock.t

    def run(self, seconds: float) -> list[object]:
        """Let ``seconds`` pass, the reader reading every STEP; what it posted."""
        before = len(self.events)
        end = self.clock.t + seconds
        while self.clock.t < end - 1e-9:
            self.clock.t += STEP
            self.frame.advance()
            self.pads.scan(self.clock.t)
        return self.events[before:]

    def close(self) -> None:
        self.pads.close()
        self.frame.close()


@pytest.fixture
def rig():
    r = Rig()
    yield r
    r.close()


def _cells(*names: str) -> list[int]:
    return [cell_index(n) for n in names]


# ---------------------------------------------------------------- what counts


def test_a_fingertip_held_on_each_card_is_one_touch_of_that_card(rig):
    for cell in range(25):
        rig.frame.touch([cell], rig.now)
        assert rig.run(1.2) == [CardTouch(cell)], cell_name(cell)


def test_the_touch_comes_after_the_finger_lifts_and_the_table_is_still(rig):
    rig.frame.touch(_cells("c3"), rig.now, seconds=0.5)
    assert rig.run(0.5) == []  # still held: nothing yet
    posted = rig.run(0.45)  # lifted, then the quiet time
    assert posted == [CardTouch(cell_index("c3"))]


@pytest.mark.parametrize("start", ["a1", "c3", "e5", "b4"])
def test_a_hand_sliding_across_the_cards_is_no_touch(rig, start):
    rig.frame.slide(cell_index(start), rig.now)
    assert rig.run(2.0) == []
    rig.frame.touch(_cells(start), rig.now)  # and the table still listens afterwards
    assert rig.run(1.2) == [CardTouch(cell_index(start))]


@pytest.mark.parametrize("pair", [("a1", "b1"), ("c3", "e5"), ("a5", "e1")])
def test_two_cards_at_once_are_no_touch(rig, pair):
    rig.frame.touch(_cells(*pair), rig.now)
    assert rig.run(1.5) == []


def test_a_second_finger_during_a_touch_spoils_it(rig):
    rig.frame.touch(_cells("b2"), rig.now, seconds=0.6)
    rig.run(0.3)
    rig.frame.touch(_cells("d4"), rig.now, seconds=0.2)
    assert rig.run(1.5) == []


def test_a_touch_right_after_another_card_is_no_touch(rig):
    """Moving the finger from one card to the next without lifting the hand away:
    the second card's touch starts within the quiet time of the first."""
    rig.frame.touch(_cells("a1"), rig.now, seconds=0.15)  # too short to count
    rig.run(0.2)
    rig.frame.touch(_cells("b1"), rig.now, seconds=0.5)
    assert rig.run(1.5) == []


@pytest.mark.parametrize("cell", ["a1", "c3", "e4"])
def test_a_sleeve_brushing_the_frame_is_no_touch(rig, cell):
    rig.frame.sleeve(cell_index(cell), rig.now)
    assert rig.run(1.5) == []


def test_a_card_laid_on_a_word_or_put_in_a_pocket_or_taken_off_is_no_touch(rig):
    c3 = cell_index("c3")
    rig.frame.place(c3, "cover", rig.now)  # an agent card on the word
    assert rig.run(2.0) == []
    assert rig.frame.cards(c3, rig.now) == (1, 1)
    rig.frame.take(c3, rig.now)  # the table cleared for the next game
    assert rig.run(2.0) == []
    rig.frame.place(c3, "card", rig.now)  # a new word card dealt
    assert rig.run(2.0) == []
    assert rig.frame.cards(c3, rig.now) == (1, 0)


def test_a_fingertip_on_a_covered_card_is_no_touch(rig):
    b2 = cell_index("b2")
    rig.frame.place(b2, "cover", rig.now)
    rig.run(STUCK_FOR + 2)  # the cover settles into the pad's baseline
    assert not rig.pads.read()[b2].touched
    rig.frame.touch([b2], rig.now)
    assert rig.run(1.5) == []
    # The cover is on b2 alone: its neighbour still counts.
    rig.frame.touch(_cells("c2"), rig.now)
    assert rig.run(1.5) == [CardTouch(cell_index("c2"))]


def test_a_tap_too_short_or_a_hand_resting_too_long_is_no_touch(rig):
    rig.frame.touch(_cells("d2"), rig.now, seconds=0.1)
    assert rig.run(1.0) == []
    rig.frame.touch(_cells("d2"), rig.now, seconds=4.0)
    assert rig.run(5.0) == []


# ---------------------------------------------------------------- the room


def test_the_baselines_follow_the_rooms_drift(rig, caplog):
    """The room gains 3 pF on every pad over two minutes (a tenth of a fingertip's
    worth each ten seconds), then loses it: nothing is touched meanwhile (no
    baseline had to be taken afresh), and a fingertip still counts once."""
    rig.frame.drift(3.0, 120, rig.now)
    assert rig.run(125) == []
    assert "afresh" not in caplog.text
    assert not any(r.touched for r in rig.pads.read())
    assert max(abs(r.delta) for r in rig.pads.read()) < 10
    rig.frame.touch(_cells("e2"), rig.now)
    assert rig.run(1.2) == [CardTouch(cell_index("e2"))]
    rig.frame.drift(-3.0, 120, rig.now)
    assert rig.run(125) == []
    rig.frame.touch(_cells("a4"), rig.now)
    assert rig.run(1.2) == [CardTouch(cell_index("a4"))]


def test_a_sudden_change_is_taken_into_fresh_baselines(rig):
    """Something moves every pad past its threshold in a moment (the frame set on
    a metal tray, say): no touch, and after STUCK_FOR seconds the controllers take
    their baselines afresh, so the next fingertip counts."""
    rig.frame.drift(3.0, 0.1, rig.now)
    assert rig.run(2.0) == []
    assert all(r.touched for r in rig.pads.read())
    assert rig.run(STUCK_FOR + 1) == []
    assert not any(r.touched for r in rig.pads.read())
    rig.frame.touch(_cells("c5"), rig.now)
    assert rig.run(1.2) == [CardTouch(cell_index("c5"))]


def test_the_drift_check_can_fail_without_baseline_tracking(caplog):
    """With the controllers' baseline filters off (noise half delta 0), the same
    drift leaves pads touched until the reader takes their baselines afresh: the
    test above is about the tracking."""
    saved = reg.FILTER_SETTINGS
    reg.FILTER_SETTINGS = (1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0)
    try:
        rig = Rig()
        rig.frame.drift(3.0, 120, rig.now)
        rig.run(125)
        assert "afresh" in caplog.text
        rig.close()
    finally:
        reg.FILTER_SETTINGS = saved


# ---------------------------------------------------------------- faults


@pytest.mark.parametrize(("cell", "fault"), [("c3", "dead"), ("a1", "shorted"), ("e5", "dead")])
def test_a_dead_or_shorted_pad_is_named(rig, cell, fault):
    rig.frame.fault(cell_index(cell), fault)
    rig.pads.restart()  # auto-configuration afresh, as the selftest does
    found = {c.cell: c.problem for c in rig.pads.survey()}
    assert found == {c: (fault if c == cell_index(cell) else None) for c in range(25)}


def test_a_dead_pad_does_not_sense_a_finger(rig):
    rig.frame.fault(cell_index("b3"), "dead")
    rig.pads.restart()
    rig.frame.touch(_cells("b3"), rig.now)
    assert rig.run(1.5) == []


def test_a_missing_controller_is_named_when_the_pads_are_built():
    rig = Rig()
    del rig.frame.bus.devices[0x5B]
    with pytest.raises(OSError, match="0x5b"):
        CardPads(rig.frame.bus, TOUCH.addresses, TOUCH.electrodes, TOUCH.pad_thresholds(),
                 TOUCH.irq_pin, rig.events.append, rig.clock, timing=TouchTiming(),
                 pin_factory=MockFactory(), thread=False)  # fmt: skip
    rig.close()


# ---------------------------------------------------------------- the controller model


def test_the_irq_line_falls_on_a_touch_and_rises_once_the_status_is_read(rig):
    line = rig.factory.pin(TOUCH.irq_pin)
    assert line.state == 1
    rig.frame.touch(_cells("a1"), rig.now, seconds=1.0)
    rig.clock.t += 0.1
    rig.frame.advance()
    assert line.state == 0  # the chip has news
    assert rig.pads.read()[0].touched  # reading the status clears it
    rig.frame.advance()
    assert line.state == 1


def test_a_reset_chip_answers_with_its_reset_values_and_takes_configuration_in_stop_mode():
    chip = SimulatedMpr121(0x5A, lambda e: 20.0)
    chip.write(reg.SOFT_RESET, [reg.RESET_WORD])
    assert chip.read(reg.AFE1, 2) == [0x10, 0x24]
    chip.write(reg.THRESHOLDS, [40, 20])
    chip.write(reg.AUTOCONFIG, [0x0B, 0, reg.USL, reg.LSL, reg.TARGET])
    chip.write(reg.ECR, [0xC0 | 1])  # run electrode 0
    chip.write(reg.THRESHOLDS, [99, 98])  # refused in run mode
    assert chip.read(reg.THRESHOLDS, 2) == [40, 20]
    # Auto-configuration put the reading between its limits, near the target.
    current, code = chip.read(reg.CHARGE_CURRENT, 1)[0], chip.read(reg.CHARGE_TIME, 1)[0] & 7
    value = reading(20.0, current, code)
    assert reg.LSL * 4 <= value <= reg.USL * 4
    assert abs(value - reg.TARGET * 4) < 40
    chip.tick()
    assert chip.read(reg.BASELINE, 1)[0] == value >> 2


def test_the_driver_reads_status_data_and_baselines_in_two_transfers_per_chip(rig):
    bus = rig.frame.bus
    before = bus.transfers
    rig.pads.read()
    assert bus.transfers - before == 2 * len(TOUCH.addresses)


# ---------------------------------------------------------------- the filter alone

T = TouchTiming(hold=0.25, hold_max=3.0, quiet=0.3)


def _feed(f: PadFilter, script: list[tuple[float, set[int], dict[int, int]]]) -> list[int]:
    """(seconds, pads on, readings that differ from 700) per step of 20 ms."""
    out, t = [], 0.0
    for seconds, on, levels in script:
        for _ in range(round(seconds / STEP)):
            t += STEP
            readings = [levels.get(p, 700) for p in range(4)]
            cell = f.sample(t, [p in on for p in range(4)], readings)
            if cell is not None:
                out.append(cell)
    return out


def test_filter_one_pad_held_is_one_touch():
    f = PadFilter(4, T, [10] * 4)
    assert _feed(f, [(1, set(), {}), (0.4, {2}, {2: 620}), (0.5, set(), {})]) == [2]


def test_filter_timing_bounds():
    for held, want in ((0.2, []), (0.3, [1]), (2.9, [1]), (3.2, [])):
        f = PadFilter(4, T, [10] * 4)
        got = _feed(f, [(1, set(), {}), (held, {1}, {1: 620}), (0.5, set(), {})])
        assert got == want, held


def test_filter_a_reading_that_does_not_come_back_is_no_touch():
    f = PadFilter(4, T, [10] * 4)
    # The pad reads 15 counts lower after the hand left: a card was laid on it.
    assert _feed(f, [(1, set(), {}), (0.5, {0}, {0: 600}), (0.5, set(), {0: 685})]) == []
    f = PadFilter(4, T, [10] * 4)
    assert _feed(f, [(1, set(), {}), (0.5, {0}, {0: 600}), (0.5, set(), {0: 708})]) == [0]


def test_filter_a_pad_left_on_too_long_stops_counting_and_blocking():
    f = PadFilter(4, T, [10] * 4)
    script = [(1, set(), {}), (4, {3}, {3: 640}), (0.5, {3}, {3: 640}),
              (0.4, {3, 1}, {3: 640, 1: 620}), (0.5, {3}, {3: 640})]  # fmt: skip
    assert _feed(f, script) == [1]
    assert f.parked == {3}


def test_filter_needs_the_table_quiet_before_a_touch():
    f = PadFilter(4, T, [10] * 4)
    script = [(1, set(), {}), (0.1, {0}, {0: 620}), (0.1, set(), {}), (0.5, {1}, {1: 620}),
              (0.5, set(), {})]  # fmt: skip
    assert _feed(f, script) == []


def test_a_touch_right_after_a_new_games_recalibration_counts(rig):
    """A new game takes the controllers' settings afresh (auto-configuration picks
    new charge settings once the room has moved the pads), so every reading is on a
    new scale: a finger on a card the moment the game starts is still a touch, not
    a card laid down (docs/hardware.md, "Sensing the cards")."""
    rig.frame.drift(2.0, 20.0, rig.now)  # a warm room, over twenty seconds
    assert rig.run(21.0) == []
    before = rig.pads.read()[cell_index("b2")].filtered
    rig.pads.restart()  # New game
    rig.run(STEP)  # the reader's next look
    assert rig.pads.read()[cell_index("b2")].filtered != before  # a new scale
    rig.frame.touch(_cells("b2"), rig.now)
    assert rig.run(1.2) == [CardTouch(cell_index("b2"))]
