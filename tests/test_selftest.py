"""keystand selftest: a line per component, and failures injected through the simulator."""

import queue
import re
from dataclasses import replace

import pytest

from helpers import PROFILE, PROFILES, device_config, run_cli
from keystand.hardware import create_hardware
from keystand.printing.status import PAPER_END, PAPER_OK
from keystand.selftest import checks, selftest

COMPONENTS_DEFAULT = [
    "display A",
    "display B",
    "controls A",
    "controls B",
    *(f"bank slot {n}" for n in range(1, 13)),
    "printer",
    "scanner",
]


def _lines(result):
    return result.stdout.splitlines()


def _line(lines, component):
    found = [line for line in lines if line[5:].startswith(f"{component}: ")]
    assert len(found) == 1, (component, lines)
    return found[0]


def test_the_simulated_reference_build_passes_with_a_line_per_component():
    result = run_cli("selftest", "--config", str(PROFILE), "--simulate")
    assert result.returncode == 0, result.stderr
    lines = _lines(result)
    assert [line[5:].split(":")[0] for line in lines] == COMPONENTS_DEFAULT
    assert all(line.startswith("ok   ") for line in lines)
    assert _line(lines, "display A") == "ok   display A: ssd1306 at 0x3c on i2c-1 answers"
    assert _line(lines, "controls B").endswith("left, right, press and back driven and seen")
    assert _line(lines, "bank slot 10") == "ok   bank slot 10: empty, GPIO 9 high"
    assert re.fullmatch(r"ok   scanner: /dev/\S+ opens", _line(lines, "scanner"))
    assert result.stderr == ""


def test_a_slot_at_the_rail_fails_and_is_named():
    result = run_cli(
        "selftest",
        "--config",
        str(PROFILES / "analog.toml"),
        "--simulate",
        "--drive",
        "bank adc 3 1023",
        "--drive",
        "bank put 1",
        "--drive",
        "bank flip 1",
        "--drive",
        "bank put 2",
    )
    assert result.returncode == 1
    lines = _lines(result)
    assert _line(lines, "bank slot 1") == "ok   bank slot 1: bystander, raw 824"
    assert _line(lines, "bank slot 2") == "ok   bank slot 2: checkmark, raw 200"
    assert _line(lines, "bank slot 3") == (
        "FAIL bank slot 3: fault, raw 1023 (at the ADC's rail: a broken or shorted wire)"
    )
    assert _line(lines, "bank slot 4") == "ok   bank slot 4: empty, raw 512"
    assert result.stderr.strip() == "keystand: selftest: 1 failed: bank slot 3"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--drive", "bank take 1"], "--drive needs --simulate"),
        (["--simulate", "--drive", "bank take 13"], "--drive 'bank take 13': no bank slot 13"),
        (["--simulate", "--drive", "C press"], "--drive 'C press': unknown command"),
    ],
)
def test_bad_input_is_exit_2_with_one_line(args, error):
    result = run_cli("selftest", "--config", str(PROFILE), *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"keystand: error: {error}")
    assert len(result.stderr.splitlines()) == 1


def test_a_config_that_check_config_refuses_is_exit_2(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(f'include = "{PROFILE}"\n[bank]\nslots = 13\n')
    result = run_cli("selftest", "--config", str(bad), "--simulate")
    assert result.returncode == 2
    assert "bank.slots: 13 is not 0 to 12" in result.stderr


def _check(config=None, ports=None, prepare=lambda hardware: None) -> dict[str, str]:
    """Build the simulated device tolerantly, break it with ``prepare``, check it:
    each component's line."""
    events: queue.Queue = queue.Queue()
    hardware = create_hardware(config or device_config(), "sim", events.put, ports, tolerant=True)
    try:
        prepare(hardware)
        return {c.component: c.line() for c in checks(hardware, events)}
    finally:
        hardware.close()


def test_a_panel_whose_bus_fails_is_named_with_lumas_words():
    def loose_cable(hardware):
        hardware.table.buses["A"].fail_writes = 100

    lines = _check(prepare=loose_cable)
    # luma turns the bus's EIO into DeviceNotFoundError, in these words.
    assert lines["display A"] == (
        "FAIL display A: ssd1306 at 0x3c on i2c-1: I2C device not found on address: 0x3C"
    )
    assert lines["display B"].startswith("ok ")


def test_the_test_card_is_what_the_panel_shows():
    events: queue.Queue = queue.Queue()
    hardware = create_hardware(device_config(), "sim", events.put, tolerant=True)
    try:
        list(checks(hardware, events))
        frame = hardware.table.frame("B")
    finally:
        hardware.close()
    assert frame.getpixel((0, 0)) and frame.getpixel((127, 63))  # the frame's corners
    assert not frame.getpixel((64, 40))  # inside the frame, below the words: dark


def test_a_printer_port_that_does_not_exist():
    lines = _check(ports={"printer": "/dev/nonexistent-printer"})
    assert lines["printer"].startswith(
        "FAIL printer: printer unplugged? cannot open /dev/nonexistent-printer"
    )


@pytest.mark.parametrize(
    ("paper", "line"),
    [
        (PAPER_OK, r"ok   printer: /dev/\S+ answers: paper present"),
        (PAPER_OK | PAPER_END, r"FAIL printer: printer is out of paper"),
        (None, r"FAIL printer: printer does not answer \(offline or switched off\?\)"),
    ],
)
def test_a_printer_that_answers_status_queries_is_asked_for_paper(paper, line):
    config = device_config(printer={"status": True})

    def set_paper(hardware):
        hardware.table.printer.paper_status = paper

    lines = _check(config, prepare=set_paper)
    assert re.fullmatch(line, lines["printer"]), lines["printer"]


def test_a_scanner_port_that_does_not_exist():
    lines = _check(ports={"scanner": "/dev/nonexistent-scanner"})
    assert lines["scanner"].startswith("FAIL scanner: ")
    assert "/dev/nonexistent-scanner" in lines["scanner"]


def test_controls_whose_pins_are_taken_fail_and_the_rest_is_still_checked():
    # check-config refuses this; a pin held elsewhere fails the same way on a Pi.
    config = device_config(controls={"B": {**_pins("A"), "back_pin": 5}})
    lines = _check(config)
    assert lines["controls B"].startswith(
        "FAIL controls B: clk GPIO 17, dt GPIO 18, push GPIO 27, back GPIO 5: "
    )
    assert lines["controls A"].startswith("ok ")
    assert lines["bank slot 1"].startswith("ok ")


def _pins(seat):
    from keystand.config import load

    return load(PROFILE).data["controls"][seat]


def test_controls_that_send_no_events_fail():
    def unplug(hardware):
        hardware.controls["A"].close()  # the pins are driven, nothing listens

    lines = _check(prepare=unplug)
    assert lines["controls A"] == (
        "FAIL controls A: driven, but no left, right, press, back event "
        "(clk GPIO 17, dt GPIO 18, push GPIO 27, back GPIO 22)"
    )
    assert lines["controls B"].startswith("ok ")


def test_absent_components_are_said_and_do_not_fail():
    config = device_config()
    bank = replace(config.bank, sensor="none")
    bare = replace(config, printer=None, scanner=None, bank=bank)
    out: list[str] = []
    assert selftest(bare, "sim", out=out.append) == 0
    assert out[-3:] == [
        "--   bank: no sensors ([bank] sensor = none)",
        "--   printer: none in the config",
        "--   scanner: none in the config",
    ]


def test_a_digital_slot_with_a_token_reads_low():
    lines = _check(prepare=lambda hardware: hardware.table.command("bank put 2"))
    assert lines["bank slot 2"] == "ok   bank slot 2: token, GPIO 6 low"
    assert lines["bank slot 1"] == "ok   bank slot 1: empty, GPIO 4 high"


def test_a_busy_pin_gets_a_hint():
    from keystand.selftest import _why

    assert _why("GPIO busy").endswith("stop it first: sudo systemctl stop keystand)")
    assert _why("Remote I/O error") == "Remote I/O error"
