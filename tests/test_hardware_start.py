"""keystand run: a device part that cannot be built stops it with one line naming the part."""

import queue
from pathlib import Path

import pytest
from gpiozero import Button

import keystand.sim.table as sim_table
from helpers import PROFILE, device_config, load, run_cli
from keystand.hardware import HardwareError, create_hardware


def _controls_sharing_a_push_pin():
    controls = load(PROFILE).section("controls")
    b = {**controls["B"], "push_pin": controls["A"]["push_pin"]}
    return device_config(controls={**controls, "B": b})


def test_a_part_that_cannot_be_built_is_named():
    with pytest.raises(HardwareError, match=r"^controls B: pin GPIO27 is already in use"):
        create_hardware(_controls_sharing_a_push_pin(), "sim", queue.Queue().put)


def test_the_parts_built_before_the_failure_let_go_of_their_pins(monkeypatch):
    table_factories = []

    # The simulated table is made inside create_hardware; catch its pin factory.
    class Watched(sim_table.SimTable):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            table_factories.append(self.pin_factory)

    monkeypatch.setattr(sim_table, "SimTable", Watched)
    with pytest.raises(HardwareError):
        create_hardware(_controls_sharing_a_push_pin(), "sim", queue.Queue().put)
    (factory,) = table_factories
    # Seat A's controls were built, then closed: their pins are free again.
    for pin in load(PROFILE).section("controls")["A"].values():
        Button(pin, pin_factory=factory).close()


@pytest.mark.skipif(Path("/dev/gpiochip0").exists(), reason="this machine has GPIO")
def test_run_without_gpio_is_one_line_and_exit_3(tmp_path):
    result = run_cli("run", "--config", str(PROFILE), "--state-dir", str(tmp_path))
    assert result.returncode == 3
    (line,) = result.stderr.splitlines()
    assert line.startswith("keystand: error: cannot start the hardware: controls A: ")
    assert line.endswith(f"(keystand selftest --config {PROFILE} checks each part)")
