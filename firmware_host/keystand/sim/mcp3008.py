"""An MCP3008 on simulated SPI wires, for ``--simulate`` and the tests.

gpiozero's ``MockFactory`` bit-bangs SPI over mock pins; this chip answers on
those pins as the datasheet describes: after the start bit it reads the
single/differential bit and three channel bits, then clocks out a null bit and
the 10-bit result, MSB first. So the daemon's real ``MCP3008`` reader runs
unchanged against it. The simulator and tests set what each channel reads.
"""

from __future__ import annotations

from gpiozero.pins.mock import MockSPIDevice

from ..config import SPI_BUSES

SPI0 = SPI_BUSES[0]  # where the Pi's hardware SPI lives
MID_SCALE = 512  # a linear hall sensor with no magnet near
CHECKMARK_UP, BYSTANDER_UP = 200, 824  # a token's magnet, one pole or the other toward it


class SimulatedMcp3008(MockSPIDevice):
    def __init__(self, device: int, pin_factory) -> None:
        super().__init__(
            SPI0.sclk, SPI0.mosi, SPI0.miso, SPI0.ce[device], pin_factory=pin_factory
        )
        self.values = [MID_SCALE] * 8

    def on_bit(self) -> None:
        try:
            start = self.rx_buf.index(1)
        except ValueError:
            return  # still waiting for the start bit
        if len(self.rx_buf) == start + 5:
            d2, d1, d0 = self.rx_buf[start + 2 : start + 5]
            value = self.values[d2 << 2 | d1 << 1 | d0]
            # One clock of sampling, the null bit, then B9..B0.
            self.tx_buf = [0, 0] + [value >> b & 1 for b in range(9, -1, -1)]
