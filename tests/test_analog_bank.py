"""The analog time bank: MCP3008 on simulated SPI wires, hysteresis, sides, faults."""

import random
import warnings

import pytest
from gpiozero import MCP3008, Device
from gpiozero.pins.mock import MockFactory

from helpers import PROFILES, device_config, start_device, wait_for
from keystand.config import check, load
from keystand.hal.analog import BYSTANDER, CHECKMARK, EMPTY, FAULT, SlotSampler, Thresholds
from keystand.sim.mcp3008 import SimulatedMcp3008

T = Thresholds(present_below=400, flipped_above=624, hysteresis=40)


def test_gpiozero_reads_what_the_simulated_chips_hold_on_both_chip_selects():
    factory = MockFactory()
    old, Device.pin_factory = Device.pin_factory, factory
    try:
        chips = [SimulatedMcp3008(d, factory) for d in (0, 1)]
        chips[0].values = [3, 100, 200, 300, 400, 500, 600, 1023]
        chips[1].values = [1000, 900, 800, 700, 600, 5, 4, 0]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # gpiozero notes the fallback to software SPI
            # Kept open together, as the bank keeps them: closing one releases the bus pins.
            adcs = [
                MCP3008(channel=c, device=d, pin_factory=factory) for d in (0, 1) for c in range(8)
            ]
            try:
                got = [adc.raw_value for adc in adcs]
            finally:
                # gpiozero shares one software SPI bus per pin triple across every
                # factory in the process: ADCs left to the garbage collector close
                # that bus under a later table's ADCs (pin GPIO11 already in use).
                for adc in adcs:
                    adc.close()
    finally:
        Device.pin_factory = old
    assert got == chips[0].values + chips[1].values


def test_sides_and_faults_are_told_apart():
    assert T.classify(EMPTY, 512) is EMPTY
    assert T.classify(EMPTY, 300) == CHECKMARK
    assert T.classify(EMPTY, 800) == BYSTANDER
    assert T.classify(EMPTY, 0) == FAULT  # a sensor's output shorted to ground
    assert T.classify(CHECKMARK, 1023) == FAULT  # or lost: the pull-up wins


def test_noise_at_a_threshold_does_not_toggle_a_slot():
    rng = random.Random(7)
    s = SlotSampler(T, confirm=2, initial=[CHECKMARK, EMPTY])
    changes = []
    for _ in range(2000):
        # Slot 1: a token whose reading wanders around the entry threshold;
        # slot 2: an empty slot with ADC noise around mid-scale.
        changes += s.sample([400 + round(rng.gauss(0, 12)), 512 + round(rng.gauss(0, 20))])
    assert changes == []
    assert s.stable == [CHECKMARK, EMPTY]


def test_a_single_sample_is_not_a_take_but_two_in_a_row_are():
    s = SlotSampler(T, confirm=2, initial=[CHECKMARK])
    assert s.sample([512]) == [] and s.unsettled
    assert s.sample([300]) == [] and not s.unsettled  # a magnet sliding past
    assert s.sample([512]) == []
    assert s.sample([515]) == [(0, EMPTY)]


@pytest.fixture
def mission_table(tmp_path):
    config = device_config(PROFILES / "analog.toml", game={"mission": "9-5"})
    device = start_device(tmp_path, config)
    yield device.daemon, device
    device.stop()


def _messages(d):
    return {seat: (m.kind, m.args) if m else None for seat, m in d.session.messages.items()}


def test_the_simulated_table_starts_with_the_missions_sides(mission_table):
    d, _ = mission_table
    levels = d.hardware.bank.levels()
    assert levels.count(CHECKMARK) == 4 and levels.count(BYSTANDER) == 5
    assert levels.count(EMPTY) == 3
    assert d.session.bank_count == 9 and d.session.bank_bystanders == 5


def test_a_token_turned_over_is_shown_until_it_is_turned_back(mission_table):
    d, sim = mission_table
    assert sim.command("bank flip 1") is None  # a checkmark token now shows a bystander
    assert wait_for(lambda: _messages(d)["A"] == ("flip", (1, "checkmark")))
    assert _messages(d)["B"] == ("flip", (1, "checkmark"))
    assert d.state.bystander_left == 5  # the engine is not changed by it
    sim.command("bank flip 1")
    assert wait_for(lambda: _messages(d) == {"A": None, "B": None})


def test_a_pass_by_taking_a_checkmark_token(mission_table):
    d, sim = mission_table
    # A says a clue aloud; B's first guess records it (no press for A).
    for _ in range(10):
        sim.command("B right")  # B's cursor onto a green of A's side (see helpers.KEY)
    sim.command("B press")
    assert wait_for(lambda: d.state.agents_found == 1)
    sim.command("bank take 1")
    assert wait_for(lambda: d.state.passes == 1)
    assert d.state.tokens_left == 8 and d.state.bystander_left == 5
    assert _messages(d) == {"A": None, "B": None}


def test_the_wrong_side_taken_asks_for_a_flip(mission_table):
    d, sim = mission_table
    for _ in range(10):
        sim.command("B right")
    sim.command("B press")
    assert wait_for(lambda: d.state.agents_found == 1)
    sim.command("bank take 9")  # a bystander-side token, though checkmarks are left
    assert wait_for(lambda: d.state.passes == 1)
    assert wait_for(lambda: _messages(d)["A"] == ("flip", (1, "bystander")))


def test_a_sensor_at_the_rail_is_reported_and_nothing_changes(mission_table):
    d, sim = mission_table
    before = d.state
    assert sim.command("bank adc 3 1023") is None
    assert wait_for(lambda: _messages(d)["A"] == ("sensor_fault", (3,)))
    assert d.state == before
    sim.command("bank adc 3 200")
    assert wait_for(lambda: _messages(d) == {"A": None, "B": None})


def test_bad_analog_commands_are_refused(mission_table):
    _, sim = mission_table
    assert sim.command("bank take 13") == "no bank slot 13"
    assert sim.command("bank flip 12") == "bank slot 12 holds no token to flip"
    assert sim.command("bank adc 2 5000") == "bank adc: give a reading from 0 to 1023"


@pytest.mark.parametrize(
    ("override", "error"),
    [
        ({"absent_above": 390}, "bank.absent_above: 390 must be above present_below (400)"),
        ({"flipped_above": 470}, "bank.flipped_above: 470 leaves no empty band"),
        ({"flipped_above": 1020}, "bank.flipped_above: 1020 is at the ADC's rail"),
        ({"idle_poll_hz": 50}, "bank.idle_poll_hz: 50 is not 1 to poll_hz (20)"),
    ],
)
def test_check_config_refuses_thresholds_that_cannot_work(override, error):
    config = load(PROFILES / "analog.toml")
    config.data["bank"].update(override)
    assert any(line.startswith(error) for line in check(config)), check(config)
