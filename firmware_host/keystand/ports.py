"""The device's ports: what the loop needs of each piece of hardware.

``typing.Protocol`` classes, so an adapter satisfies a port by its shape alone:
``hal`` holds the adapters for a Raspberry Pi (luma.oled, gpiozero, pyserial),
and ``hardware.create_hardware`` picks them. The loop (``app``) is written
against these ports and never imports an adapter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PIL import Image

    from .config import Display as DisplayConfig
    from .events import ScanRefused, ScanText, SlotState
    from .hal.card_pads import PadCheck, PadReading
    from .hardware import Hardware


class Display(Protocol):
    """One seat's panel: shows whole frames, sends only what changed."""

    kind: str  # the controller: ssd1306, sh1106, ssd1351
    size: tuple[int, int]  # what the seat screens are drawn at

    def show(self, image: Image.Image) -> bool:
        """Put ``image`` on the panel; False when the bus failed (it retries later)."""
        ...

    @property
    def error(self) -> str | None:
        """Why the last write failed (luma's or the bus's words); None after a success."""
        ...

    def contrast(self, level: int) -> None: ...

    def cleanup(self) -> None: ...


class Controls(Protocol):
    """One seat's encoder and buttons; they post ``ControlInput`` events."""

    def close(self) -> None: ...


class TokenBank(Protocol):
    """The time bank's sensors; they post ``SlotEdge`` events."""

    sided: bool  # tells which side of a token is up

    @property
    def slots(self) -> int: ...

    def levels(self) -> list[SlotState]:
        """What each slot's sensor reads now."""
        ...

    def readings(self) -> list[int]:
        """Each slot's raw reading now, for diagnostics: ADC counts (a sided bank) or
        the input's electrical level, 1 high and 0 low (a switch per slot)."""
        ...

    def restart(self) -> None:
        """Take what the sensors read now as the starting point."""
        ...

    def close(self) -> None: ...


class CardPads(Protocol):
    """The word grid's touch pads; they post a ``CardTouch`` for each touch that
    passes their filter (hal/card_pads.py)."""

    @property
    def pads(self) -> int: ...

    def readings(self) -> list[PadReading]:
        """Each pad's reading now, cell a1 first (the Diagnostics screen)."""
        ...

    def read(self) -> list[PadReading]:
        """A fresh reading of every pad from the controllers (calibration)."""
        ...

    def survey(self) -> list[PadCheck]:
        """Each pad's reading, capacitance and fault, if any (selftest)."""
        ...

    def restart(self) -> None:
        """A new game's cards are dealt: take what the pads read now as their baseline."""
        ...

    def close(self) -> None: ...


class Printer(Protocol):
    """Prints jobs in the background; posts a ``PrintResult`` for each."""

    def submit(self, job: bytes) -> None:
        """Queue ``job``; a job that failed before prints first."""
        ...

    def probe(self) -> str:
        """Open the port and, when the printer answers status queries, ask for the
        paper: what was found, in one line (selftest). Raises ``PrinterError``."""
        ...

    def close(self) -> None: ...


class Scanner(Protocol):
    """Reads scans in the background; posts ``ScanWaiting`` when some wait."""

    def take(self) -> list[ScanText | ScanRefused]:
        """The scans waiting for the loop (a bounded few), oldest first."""
        ...

    @property
    def name(self) -> str:
        """The serial port it reads."""
        ...

    def close(self) -> None: ...


class Wires(Protocol):
    """The lowest layer, the only one that differs between a Pi and the simulator:
    pins, the panels' buses, serial ports, the power switch."""

    name: str  # "pi" or "sim"
    pin_factory: Any  # for gpiozero devices; None: gpiozero's default (lgpio on a Pi)

    def display_interface(self, seat: str, display: DisplayConfig) -> Callable[[], Any]:
        """A factory for the luma serial interface the seat's panel talks over."""
        ...

    def watch(self, seat: str, panel: Any) -> Display:
        """The panel as the loop sees it (the simulator observes its frames)."""
        ...

    def serial_port(self, role: str, configured: str) -> str | None:
        """The port the printer or scanner opens; None when there is none."""
        ...

    def i2c_bus(self, port: int) -> Any:
        """An smbus2-shaped bus on I2C bus ``port`` (the touch pads' controllers)."""
        ...

    def attach(self, hardware: Hardware) -> None:
        """The adapters are built (the simulator drives and observes them)."""
        ...

    def set_table(self, tokens: int, bystander_up: int, resumed: bool = False) -> None:
        """A game's table: the players fill the bank for a new game and leave a
        resumed game's tokens where they lie (the simulator does it for them)."""
        ...

    def power_off(self) -> None: ...

    def close(self) -> None: ...
