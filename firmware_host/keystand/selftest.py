"""``keystand selftest``: every component of the device checked in turn, one line each.

The hardware is built by ``hardware.create_hardware``, as the daemon builds it,
in its tolerant mode: a component that cannot be built (a pin another process
holds, an SPI device that is not enabled) is reported, and the others are still
checked. What "found" means differs by interface, and each line says which
check it made (docs/hardware.md, "Selftest"):

- a display: a test card is sent; an I2C panel must acknowledge its address
  (luma reports a silent one as ``DeviceNotFoundError``). SPI has no
  acknowledge, so an SPI panel passes once its device opens and takes the bytes.
- controls: their pins were claimed; on the simulated table, each input is also
  driven and its event must arrive.
- the bank: each slot's state and raw reading (ADC counts, or the switch's pin
  level); a reading at the ADC's rail is a broken or shorted wire.
- the card pads: each controller must answer as an MPR121; each of the 25 pads'
  capacitance, from the charge current and time auto-configuration chose for it
  and its reading: a pad that reads nothing, or that auto-configuration could not
  bring into range, is shorted; one with under half the others' capacitance has
  no pad on its lead (a broken lead).
- the printer: its port opens, and when the config says it answers status
  queries (``[printer] status = true``), it must report paper.
- the scanner: its port opens.

Exit status: 0 when everything passed, 1 when a component failed (named on
stderr), 2 for a config that cannot be used (the command line's rule).
"""

from __future__ import annotations

import queue
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .events import Control, ControlInput, SlotState

if TYPE_CHECKING:
    from PIL import Image

    from .config import DeviceConfig
    from .hardware import Backend, Hardware

EXIT_FAILED = 1
EVENT_WAIT = 1.0  # seconds a simulated input may take to arrive as an event
DRIVEN = (Control.LEFT, Control.RIGHT, Control.PRESS, Control.BACK)  # holds: the same pins
# The commonest causes of a failure to build, by a word of the error, and what to do.
HINTS = {
    "busy": "is the keystand service running? stop it first: sudo systemctl stop keystand",
    "pin factory": "not a Raspberry Pi, or lgpio missing? --simulate checks the simulated table",
}


@dataclass(frozen=True, slots=True)
class Check:
    """One component's result: ``ok`` True or False, or None when it is not fitted."""

    component: str  # "display A", "bank slot 3", "printer"
    ok: bool | None
    detail: str

    def line(self) -> str:
        status = "--" if self.ok is None else "ok" if self.ok else "FAIL"
        return f"{status:<4} {self.component}: {self.detail}"


def selftest(
    config: DeviceConfig,
    backend: Backend,
    *,
    drive: Iterable[str] = (),
    ports: dict[str, str] | None = None,
    out: Callable[[str], None] = print,
) -> int:
    """Build the device, check it, print a line per component; the exit status.
    ``drive``: pin-level commands run on the simulated table first (``bank adc 3
    1023`` shows what a broken wire looks like). Raises ``ValueError`` for a bad one."""
    from .hardware import create_hardware

    events: queue.Queue = queue.Queue()
    hardware = create_hardware(config, backend, events.put, ports, tolerant=True)
    try:
        for command in drive:
            table = hardware.table
            if table is None:
                raise ValueError("pin-level commands drive the simulated table only")
            error = table.command(command)
            if error:
                raise ValueError(f"'{command}': {error}")
        failed = []
        for check in checks(hardware, events):
            out(check.line())
            if check.ok is False:
                failed.append(check.component)
    finally:
        hardware.close()
    if failed:
        print(f"keystand: selftest: {len(failed)} failed: {', '.join(failed)}", file=sys.stderr)
        return EXIT_FAILED
    return 0


def checks(hardware: Hardware, events: queue.Queue) -> Iterator[Check]:
    """Every component's check, in the order of the config; ``events`` is the queue
    the hardware posts to."""
    yield from _displays(hardware)
    yield from _controls(hardware, events)
    yield from _bank(hardware)
    yield from _pads(hardware)
    yield _printer(hardware)
    yield _scanner(hardware)


def _why(error: str) -> str:
    """An error as the adapter gave it, with a hint for the commonest cause."""
    hints = [hint for word, hint in HINTS.items() if word in error.lower()]
    return error + "".join(f" ({hint})" for hint in hints)


def _displays(hardware: Hardware) -> Iterator[Check]:
    for seat, display in sorted(hardware.config.displays.items()):
        name = f"display {seat}"
        if display.interface == "spi":
            where = f"{display.driver} on spidev{display.spi_port}.{display.spi_device}"
        else:
            where = f"{display.driver} at {display.i2c_address:#04x} on i2c-{display.i2c_port}"
        if name in hardware.unbuilt:
            yield Check(name, False, f"{where}: {_why(hardware.unbuilt[name])}")
            continue
        panel = hardware.displays[seat]
        try:
            shown = panel.show(test_card(seat, panel.size, display.colour))
        except Exception as exc:  # not a bus error: a missing spidev module, say
            shown, panel_error = False, str(exc)
        else:
            panel_error = panel.error or "the write failed"
        if not shown:
            yield Check(name, False, f"{where}: {_why(panel_error)}")
        elif display.interface == "spi":
            yield Check(name, True, f"{where} took a test card (SPI has no acknowledge)")
        else:
            yield Check(name, True, f"{where} answers")


def test_card(seat: str, size: tuple[int, int], colour: bool) -> Image.Image:
    """What a panel shows during the selftest: a frame round the edge and its seat."""
    from PIL import Image, ImageDraw

    from .screens import fonts

    ink = (255, 255, 255) if colour else 1
    image = Image.new("RGB" if colour else "1", size, 0)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=ink)
    fonts.draw_text(draw, (4, 4), f"selftest {seat}", ink)
    return image


def _controls(hardware: Hardware, events: queue.Queue) -> Iterator[Check]:
    table = hardware.table
    for seat, pins in sorted(hardware.config.controls.items()):
        name = f"controls {seat}"
        gpios = (
            f"clk GPIO {pins.clk_pin}, dt GPIO {pins.dt_pin}, "
            f"push GPIO {pins.push_pin}, back GPIO {pins.back_pin}"
        )
        if name in hardware.unbuilt:
            yield Check(name, False, f"{gpios}: {_why(hardware.unbuilt[name])}")
        elif table is None:
            # A real encoder is tested by hand: the Diagnostics menu shows each input.
            yield Check(name, True, f"{gpios} claimed")
        else:
            missing = []
            for kind in DRIVEN:
                table.command(f"{seat} {kind}")
                if not _arrives(events, ControlInput(seat, kind)):
                    missing.append(str(kind))
            if missing:
                yield Check(name, False, f"driven, but no {', '.join(missing)} event ({gpios})")
            else:
                yield Check(name, True, "left, right, press and back driven and seen")


def _arrives(events: queue.Queue, wanted: object) -> bool:
    """Wait for ``wanted`` on the queue, dropping whatever else arrives first."""
    deadline = time.monotonic() + EVENT_WAIT
    while (left := deadline - time.monotonic()) > 0:
        try:
            if events.get(timeout=left) == wanted:
                return True
        except queue.Empty:
            break
    return False


def _bank(hardware: Hardware) -> Iterator[Check]:
    config = hardware.config.bank
    bank = hardware.bank
    if config.sensor == "none":
        yield Check("bank", None, "no sensors ([bank] sensor = none)")
        return
    if bank is None:
        yield Check("bank", False, _why(hardware.unbuilt.get("bank", "not built")))
        return
    try:
        bank.restart()  # classify what the sensors read now, not what they read at start
        levels, raw = bank.levels(), bank.readings()
    except Exception as exc:  # an ADC that does not answer
        yield Check("bank", False, f"cannot read the sensors: {exc}")
        return
    for slot, (state, reading) in enumerate(zip(levels, raw, strict=True), 1):
        name = f"bank slot {slot}"
        if bank.sided:
            fault = state == SlotState.FAULT
            note = " (at the ADC's rail: a broken or shorted wire)" if fault else ""
            yield Check(name, not fault, f"{state}, raw {reading}{note}")
        else:
            level = "high" if reading else "low"
            yield Check(name, True, f"{state}, GPIO {config.pins[slot - 1]} {level}")


PAD_SETTLE = 0.1  # seconds for the controllers' auto-configuration after a restart


def _pads(hardware: Hardware) -> Iterator[Check]:
    from .hal.mpr121 import ELECTRODES
    from .rules.layout import cell_name

    touch = hardware.config.touch
    if not touch.sensed:
        return
    pads = hardware.pads
    if pads is None:
        yield Check("card pads", False, _why(hardware.unbuilt.get("touch pads", "not built")))
        return
    try:
        pads.restart()  # auto-configure afresh: what the pads are now, not at the start
        time.sleep(PAD_SETTLE)
        found = pads.survey()
    except Exception as exc:  # a controller that stopped answering
        yield Check("card pads", False, f"cannot read the controllers: {exc}")
        return
    known = sorted(c.capacitance for c in found if c.capacitance and not c.out_of_range)
    median = known[len(known) // 2] if known else 0.0
    for check in found:
        chip, electrode = divmod(touch.electrodes[check.cell], ELECTRODES)
        where = f"electrode {electrode} of {touch.addresses[chip]:#04x}"
        name = f"pad {cell_name(check.cell)}"
        pf = "?" if check.capacitance is None else f"{check.capacitance:.1f} pF"
        if check.problem == "shorted":
            yield Check(
                name, False, f"reads {check.reading}, out of range: shorted, its lead touches "
                f"ground or another lead ({where})"
            )  # fmt: skip
        elif check.problem == "dead":
            yield Check(
                name, False, f"{pf}, under half the others' {median:.1f} pF: dead, a broken "
                f"lead or no pad on it ({where})"
            )  # fmt: skip
        else:
            yield Check(name, True, f"{pf}, reads {check.reading} ({where})")


def _printer(hardware: Hardware) -> Check:
    if hardware.config.printer is None:
        return Check("printer", None, "none in the config")
    printer = hardware.printer
    if printer is None:
        return Check("printer", False, _why(hardware.unbuilt.get("printer", "no port to open")))
    try:
        return Check("printer", True, printer.probe())
    except Exception as exc:  # PrinterError, with what the printer did or did not say
        return Check("printer", False, str(exc))


def _scanner(hardware: Hardware) -> Check:
    if hardware.config.scanner is None:
        return Check("scanner", None, "none in the config")
    scanner = hardware.scanner
    if scanner is None:
        return Check("scanner", False, hardware.unbuilt.get("scanner", "not built"))
    return Check("scanner", True, f"{scanner.name} opens")
