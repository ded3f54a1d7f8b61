"""The simulated table: every wire the device has, simulated below the adapters.

``SimTable`` is the simulator's counterpart of ``hal.wires.PiWires``: it hands
create_hardware gpiozero's ``MockFactory`` for the pins, a recording bus for
each panel (decoded as the controller chip would, so the picture is what the
bytes say), MCP3008 chips answering on the mock SPI pins, the card frame's
MPR121s on a simulated I2C bus with their IRQ on a mock pin (sim/card_frame.py),
a printer at the far end of a pty and the scanner on a ``loop://`` port. The real adapters run on
top unchanged.

It is also the one observer API on the simulated hardware: the browser
simulator and the tests call ``listen`` for frames and slips, read ``frame``,
``slips`` and ``slots``, and drive the table with ``command`` (the pin-level
language of ``keystand run --simulate``). Nothing here knows the daemon.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image

from ..config import ADC_MAX, RAIL, DeviceConfig, Display
from ..events import SlotState
from .mcp3008 import BYSTANDER_UP, CHECKMARK_UP, MID_SCALE, SimulatedMcp3008
from .mono_ram import decoder_for

if TYPE_CHECKING:
    from ..hardware import Hardware
    from .card_frame import SimulatedFrame
    from .escpos_paper import Paper
    from .printer import SimulatedPrinter
    from .scanner import SimulatedScanner

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FrameShown:
    """A seat's panel received a frame; ``SimTable.frame(seat)`` is its picture."""

    seat: str


@dataclass(frozen=True, slots=True)
class SlipPrinted:
    paper: Paper


SimEvent = FrameShown | SlipPrinted


class ObservedPanel:
    """A panel adapter whose frames the table reports once they are on the wire."""

    def __init__(self, panel: Any, on_frame: Callable[[], None]) -> None:
        self._panel = panel
        self._on_frame = on_frame
        self.kind: str = panel.kind
        self.size: tuple[int, int] = panel.size

    def show(self, image: Image.Image) -> bool:
        ok = self._panel.show(image)
        self._on_frame()
        return ok

    def contrast(self, level: int) -> None:
        self._panel.contrast(level)

    def cleanup(self) -> None:
        self._panel.cleanup()

    @property
    def failures(self) -> int:
        return self._panel.failures

    @property
    def error(self) -> str | None:
        return self._panel.error


class SimTable:
    """The simulated wires of one device, and what the simulator sees of them."""

    name = "sim"

    def __init__(
        self,
        config: DeviceConfig,
        post: Callable[[object], None],
        ports: dict[str, str] | None = None,
        slots: Sequence[str] | None = None,
    ) -> None:
        """``ports`` points the printer or scanner at a real serial port (tests);
        ``slots``: what lay in the bank's slots when this table was last seen (as
        ``slots()`` says it), for a resumed game to find its tokens where they lay."""
        from gpiozero.pins.mock import MockFactory

        self.config = config
        self.kept = list(slots) if slots is not None else None
        self.post = post
        self.ports = dict(ports or {})
        self.pin_factory = MockFactory()
        self.buses: dict[str, Any] = {}  # seat -> the recording I2C bus or SPI wire
        self._rams: dict[str, Any] = {}  # seat -> the controller model reading that wire
        self.chips: dict[int, SimulatedMcp3008] = {}
        bank = config.bank
        if bank.sensor == "mcp3008":
            for device in (bank.spi_device, 1 - bank.spi_device):
                self.chips[device] = SimulatedMcp3008(device, self.pin_factory)
        self.card_frame: SimulatedFrame | None = None
        if config.touch.sensed:
            from .card_frame import SimulatedFrame

            self.card_frame = SimulatedFrame(config.touch, self.pin_factory)
        self.printer: SimulatedPrinter | None = None
        self.scanner: SimulatedScanner | None = None
        self.slips: list[Paper] = []
        self._listeners: list[Callable[[SimEvent], None]] = []
        self._lock = threading.Lock()
        self.hardware: Hardware | None = None
        from .pin_driver import PinDriver

        self.driver = PinDriver(self)

    # ------------------------------------------------------------ wires (create_hardware)

    def display_interface(self, seat: str, display: Display) -> Callable[[], Any]:
        """A factory for luma's serial interface over a recording wire."""
        from luma.core.interface.serial import i2c, spi

        ram = self._rams[seat] = decoder_for(display.driver)
        if display.interface == "spi":
            from .spi import RecordingGpio, RecordingSpi

            gpio = RecordingGpio()
            wire = RecordingSpi(gpio, display.dc_pin or 0)
            wire.listeners.append(lambda w: ram.feed([w]))
            self.buses[seat] = wire
            return lambda: spi(
                spi=wire,
                gpio=gpio,
                port=display.spi_port,
                device=display.spi_device,
                gpio_DC=display.dc_pin,
                gpio_RST=display.reset_pin,
            )
        from .i2c import RecordingBus

        bus = RecordingBus()
        bus.listeners.append(lambda t: ram.feed([t]))
        self.buses[seat] = bus
        return lambda: i2c(bus=bus, address=display.i2c_address)

    def watch(self, seat: str, panel: Any) -> ObservedPanel:
        return ObservedPanel(panel, lambda: self._tell(FrameShown(seat)))

    def serial_port(self, role: str, configured: str) -> str | None:
        """Where the printer or scanner adapter opens its port; None: not available."""
        if role in self.ports:
            return self.ports[role]
        # A printer and a scanner at the far end of a pty each: the real serial code
        # runs, and the simulator shows each slip as the paper would come out.
        try:
            if role == "scanner":
                from .scanner import SimulatedScanner

                self.scanner = SimulatedScanner()
                return self.scanner.path
            from .printer import SimulatedPrinter

            self.printer = SimulatedPrinter()
        except OSError as exc:  # no pseudo-terminals here (a bare chroot, say)
            log.warning("simulated %s not available (no pty: %s)", role, exc)
            return None
        self.printer.slip_listeners.append(self._slip)
        return self.printer.path

    def i2c_bus(self, port: int) -> Any:
        """The card frame's simulated bus, its MPR121s on it."""
        if self.card_frame is None:
            raise OSError(f"no simulated I2C devices on bus {port}")
        return self.card_frame.bus

    def attach(self, hardware: Hardware) -> None:
        self.hardware = hardware

    def set_table(self, tokens: int, bystander_up: int, resumed: bool = False) -> None:
        """Players set up a new game: the bank filled from slot 1, checkmark side up
        first, then the bystander-side tokens (analog bank). A resumed game's tokens
        lie where they lay (``slots`` given to the table), as on a real table: a
        restart or a change of panels must not move them, or a click meant to take a
        token would put one back."""
        assert self.hardware is not None
        kept, self.kept = self.kept, None  # the table as it lay: once, at the start
        bank = self.config.bank
        if resumed and kept is not None and len(kept) == bank.slots:
            lay = kept
        else:
            checkmarks = tokens - bystander_up
            lay = [
                SlotState.CHECKMARK
                if slot < checkmarks
                else SlotState.BYSTANDER
                if slot < tokens
                else SlotState.EMPTY
                for slot in range(bank.slots)
            ]
        self.lay(lay)
        if self.hardware.bank is not None:
            self.hardware.bank.restart()
        if self.card_frame is not None:
            if not resumed:  # a new game: the covers off, new word cards dealt
                self.card_frame.deal()
            if self.hardware.pads is not None:
                self.hardware.pads.restart()

    def lay(self, slots: Sequence[str]) -> None:
        """Put a token in each slot that ``slots`` names one for ("token",
        "checkmark", "bystander" side up: an analog bank's sides; a digital bank's
        switch sees a token either way), and none elsewhere."""
        bank = self.config.bank
        known = set(SlotState)
        held = [SlotState(s) if s in known else SlotState.EMPTY for s in slots]
        if bank.sensor == "mcp3008":
            for channel, state in zip(bank.channels, held, strict=False):
                chip, pin = self.adc_channel(channel)
                chip.values[pin] = (
                    BYSTANDER_UP
                    if state == SlotState.BYSTANDER
                    else CHECKMARK_UP
                    if state.present
                    else MID_SCALE
                )
        elif bank.sensor == "digital":
            for pin, state in zip(bank.pins, held, strict=False):
                mock = self.pin_factory.pin(pin)
                mock.drive_low() if state.present == bank.active_low else mock.drive_high()

    def power_off(self) -> None:
        log.info("simulated table: power off (nothing to switch off)")

    def close(self) -> None:
        if self.card_frame is not None:
            self.card_frame.close()
        for peer in (self.printer, self.scanner):
            if peer is not None:
                peer.close()

    # ------------------------------------------------------------ observer API

    def listen(self, listener: Callable[[SimEvent], None]) -> None:
        """Call ``listener`` with each FrameShown and SlipPrinted, on the thread
        that caused it (the loop for frames, the printer's peer for slips)."""
        with self._lock:
            self._listeners.append(listener)

    def _tell(self, event: SimEvent) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(event)

    def _slip(self, paper: Paper) -> None:
        self.slips.append(paper)
        self._tell(SlipPrinted(paper))

    def frame(self, seat: str) -> Image.Image:
        """What seat's panel shows, decoded from the bytes that went over its wire."""
        return self._rams[seat].image()

    def controller(self, seat: str) -> Any:
        """The model of seat's display controller (its RAM, contrast, on/off)."""
        return self._rams[seat]

    def command(self, line: str) -> str | None:
        """One pin-level command (``A right``, ``bank take 3``, ``scan TEXT`` ...);
        returns an error message, or None."""
        return self.driver.command(line)

    def adc_channel(self, channel: int) -> tuple[SimulatedMcp3008, int]:
        """The simulated chip and input for a bank channel (0-7 first chip, 8-15 second)."""
        from ..hal.analog import chip_input

        device, pin = chip_input(channel, self.config.bank.spi_device)
        return self.chips[device], pin

    def slots(self) -> list[str]:
        """What lies in each bank slot now (the table, not what the sensors report):
        "empty", "token" (digital bank), "checkmark" / "bystander" (analog), "fault"."""
        bank = self.config.bank
        out: list[str] = []
        if bank.sensor == "mcp3008":
            for channel in bank.channels:
                chip, pin = self.adc_channel(channel)
                value = chip.values[pin]
                if value < RAIL or value > ADC_MAX - RAIL:
                    out.append(SlotState.FAULT)  # a broken or shorted sensor wire
                elif value == MID_SCALE:
                    out.append(SlotState.EMPTY)
                else:
                    out.append(SlotState.CHECKMARK if value < MID_SCALE else SlotState.BYSTANDER)
        elif bank.sensor == "digital":
            present = not bank.active_low
            for pin in bank.pins:
                state = self.pin_factory.pin(pin).state
                out.append(SlotState.TOKEN if state == present else SlotState.EMPTY)
        return [str(s) for s in out]
