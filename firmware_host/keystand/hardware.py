"""One place that builds the hardware: ``create_hardware(config, backend, post)``.

Like luma.core's ``cmdline.create_device``, one function reads the typed
config and assembles every adapter; like gpiozero, the pin factory comes from
the backend and is passed to each device, never set globally. The backend
(``"pi"``: ``hal.wires.PiWires``; ``"sim"``: ``sim.table.SimTable``) is the
only thing that differs between a Raspberry Pi and the simulator, and it sits
below the adapters, so the simulator runs the code the Pi runs.

Adding a display driver or a sensor kind means one adapter in ``hal`` and one
dataclass field in ``config``; see docs/architecture.md.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Literal

from .config import Bank, DeviceConfig
from .ports import CardPads, Controls, Display, Printer, Scanner, TokenBank, Wires
from .rules.layout import SEATS, Seat

if TYPE_CHECKING:
    from .sim.table import SimTable

log = logging.getLogger(__name__)
Backend = Literal["pi", "sim"]


@dataclass
class Hardware:
    """Every adapter of one device, built from its config."""

    config: DeviceConfig
    wires: Wires
    displays: dict[Seat, Display]
    controls: dict[Seat, Controls]
    bank: TokenBank | None
    printer: Printer | None
    scanner: Scanner | None
    # A tolerant build's components that could not be built: name -> why (selftest).
    unbuilt: dict[str, str] = field(default_factory=dict)
    pads: CardPads | None = None  # the word grid's touch pads ([touch])

    @property
    def table(self) -> SimTable | None:
        """The simulated table, when the backend is the simulator."""
        from .sim.table import SimTable

        return self.wires if isinstance(self.wires, SimTable) else None

    def set_table(self, tokens: int, bystander_up: int, resumed: bool = False) -> None:
        self.wires.set_table(tokens, bystander_up, resumed)

    def power_off(self) -> None:
        self.wires.power_off()

    def close(self) -> None:
        for controls in self.controls.values():
            controls.close()
        for device in (self.bank, self.pads, self.scanner, self.printer):
            if device is not None:
                device.close()
        self.wires.close()


class HardwareError(Exception):
    """A part of the device could not be built; the message names the part."""


def create_hardware(
    config: DeviceConfig,
    backend: Backend,
    post: Callable[[object], None],
    ports: dict[str, str] | None = None,
    *,
    tolerant: bool = False,
    slots: Sequence[str] | None = None,
) -> Hardware:
    """Build the device. ``post`` puts an event on the loop's queue; ``ports``
    points the simulator's printer or scanner at a real serial port (tests);
    ``slots``: the simulated bank as it lay when last seen (``SimTable.slots``),
    where a resumed game finds its tokens (the simulator's restart, its panel switch).

    A component that cannot be built (a pin another process holds, no SPI) stops
    the build with a :class:`HardwareError` naming it, except the scanner, which
    the daemon plays without. ``tolerant`` (selftest) leaves any such component
    out instead, with its error in ``Hardware.unbuilt`` under the name selftest
    reports it by."""
    wires = _wires(backend, config, post, ports, slots)
    unbuilt: dict[str, str] = {}
    built: list[Any] = []

    def part(name: str, build: Callable[[], Any]) -> Any:
        try:
            made = build()
        except Exception as exc:  # gpiozero, lgpio, luma and pyserial raise their own
            reason = str(exc) or type(exc).__name__
            if not tolerant:
                # Free what was built (its pins) so the error is the only thing left.
                for other in built:
                    with contextlib.suppress(Exception):
                        getattr(other, "close", lambda: None)()
                with contextlib.suppress(Exception):
                    wires.close()
                raise HardwareError(f"{name}: {reason}") from exc
            unbuilt[name] = reason
            return None
        if made is not None:
            built.append(made)
        return made

    displays = {s: part(f"display {s}", partial(_display, wires, s, config)) for s in SEATS}
    controls = {s: part(f"controls {s}", partial(_controls, wires, s, config, post)) for s in SEATS}
    hardware = Hardware(
        config=config,
        wires=wires,
        displays={s: d for s, d in displays.items() if d is not None},
        controls={s: c for s, c in controls.items() if c is not None},
        bank=part("bank", lambda: _bank(wires, config.bank, post)),
        printer=part("printer", lambda: _printer(wires, config, post)),
        scanner=_scanner(wires, config, post, unbuilt if tolerant else None),
        unbuilt=unbuilt,
        pads=part("touch pads", lambda: _pads(wires, config, post)),
    )
    wires.attach(hardware)
    return hardware


def _wires(
    backend: Backend,
    config: DeviceConfig,
    post: Callable[[object], None],
    ports,
    slots: Sequence[str] | None = None,
) -> Wires:
    if backend == "sim":
        from .sim.table import SimTable

        return SimTable(config, post, ports, slots)
    if backend == "pi":
        from .hal.wires import PiWires

        return PiWires()
    raise ValueError(f"unknown hardware backend {backend!r} (pi or sim)")


def _display(wires: Wires, seat: Seat, config: DeviceConfig) -> Display:
    """The seat's panel on luma.oled; luma's device class is the driver's name."""
    from luma.oled import device as devices

    from .hal.oled import ColourOled, PagedOled

    display = config.displays[seat]
    interface = wires.display_interface(seat, display)
    cls = getattr(devices, display.driver)
    width, height = display.size

    def factory():
        return cls(interface(), width=width, height=height, rotate=display.rotate)

    name = f"display {seat}"
    panel = (
        ColourOled(factory, display.size, name)
        if display.colour
        else PagedOled(factory, display.driver, display.size, name)
    )
    panel.contrast(config.game.brightness)
    return wires.watch(seat, panel)


def _controls(wires: Wires, seat: Seat, config: DeviceConfig, post) -> Controls:
    from .hal.controls import SeatControls

    pins = config.controls[seat]
    return SeatControls(
        seat,
        pins.clk_pin,
        pins.dt_pin,
        pins.push_pin,
        pins.back_pin,
        post,
        pin_factory=wires.pin_factory,
    )


def _bank(wires: Wires, bank: Bank, post) -> TokenBank | None:
    if bank.sensor == "digital":
        from .hal.bank import DigitalBank

        return DigitalBank(
            bank.pins, bank.active_low, post, time.monotonic, pin_factory=wires.pin_factory
        )
    if bank.sensor == "mcp3008":
        from .hal.analog import AnalogBank, Thresholds

        thresholds = Thresholds(
            bank.present_below, bank.flipped_above, bank.leave_checkmark - bank.present_below
        )
        return AnalogBank(
            bank.channels,
            thresholds,
            post,
            time.monotonic,
            spi_port=bank.spi_port,
            spi_device=bank.spi_device,
            poll_hz=bank.poll_hz,
            idle_hz=bank.idle_poll_hz,
            debounce_ms=bank.debounce_ms,
            pin_factory=wires.pin_factory,
        )
    return None


def _pads(wires: Wires, config: DeviceConfig, post) -> CardPads | None:
    touch = config.touch
    if not touch.sensed:
        return None
    from .hal.card_pads import CardPads as Pads
    from .hal.card_pads import TouchTiming

    assert touch.irq_pin is not None  # config.check refuses a touch sensor without one
    timing = TouchTiming(touch.hold_ms / 1000, touch.hold_max_ms / 1000, touch.quiet_ms / 1000)
    return Pads(
        wires.i2c_bus(touch.i2c_port),
        touch.addresses,
        touch.electrodes,
        touch.pad_thresholds(),
        touch.irq_pin,
        post,
        time.monotonic,
        timing=timing,
        pin_factory=wires.pin_factory,
    )


def _printer(wires: Wires, config: DeviceConfig, post) -> Printer | None:
    if config.printer is None:
        return None
    from .hal.printer import PrinterConfig, PrintWorker, SerialPrinter

    port = wires.serial_port("printer", config.printer.port)
    if port is None:
        return None
    p = config.printer
    return PrintWorker(SerialPrinter(PrinterConfig(port, p.baud, p.pause, p.status)), post)


def _scanner(
    wires: Wires, config: DeviceConfig, post, unbuilt: dict[str, str] | None
) -> Scanner | None:
    """The scanner, or None (said in the log, or in ``unbuilt``) when its port is missing."""
    if config.scanner is None:
        return None
    from .hal.scanner import ScannerReader, SerialScanner

    port = wires.serial_port("scanner", config.scanner.port)
    if port is None:
        if unbuilt is not None:
            unbuilt["scanner"] = "no serial port to open"
        return None
    try:
        scanner = SerialScanner(port, config.scanner.baud)
    except Exception as exc:  # pyserial raises several types for a missing port
        log.warning("scanner on %s not available: %s", port, exc)
        if unbuilt is not None:
            unbuilt["scanner"] = str(exc)
        return None
    return ScannerReader(scanner, post)
