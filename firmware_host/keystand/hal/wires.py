"""The Pi's own wires: what create_hardware builds the adapters on, on a real device.

The simulator's counterpart is ``sim.table.SimTable``; the two differ only here,
at the lowest layer, so every adapter above runs the same code on both.
"""

from __future__ import annotations

import logging
import subprocess
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..config import Display
    from ..hardware import Hardware

log = logging.getLogger(__name__)


class PiWires:
    """Luma's interfaces on /dev/i2c-N and /dev/spidevP.D, gpiozero's default pin
    factory (lgpio), and the serial ports the config names."""

    name = "pi"
    pin_factory = None  # gpiozero picks the board's own (lgpio)

    def display_interface(self, seat: str, display: Display) -> Callable[[], Any]:
        from luma.core.interface.serial import i2c, spi

        if display.interface == "spi":
            return lambda: spi(
                port=display.spi_port,
                device=display.spi_device,
                gpio_DC=display.dc_pin,
                gpio_RST=display.reset_pin,
            )
        return lambda: i2c(port=display.i2c_port, address=display.i2c_address)

    def watch(self, seat: str, panel: Any) -> Any:
        return panel

    def serial_port(self, role: str, configured: str) -> str | None:
        return configured

    def i2c_bus(self, port: int) -> Any:
        """/dev/i2c-``port`` through smbus2 (luma.core's own I2C library)."""
        from smbus2 import SMBus

        return SMBus(port)

    def attach(self, hardware: Hardware) -> None:
        pass

    def set_table(self, tokens: int, bystander_up: int, resumed: bool = False) -> None:
        """The players fill the bank themselves."""

    def power_off(self) -> None:
        # The service user may do this through the polkit rule scripts/install-pi adds.
        subprocess.run(["systemctl", "poweroff"], check=False)

    def close(self) -> None:
        pass
