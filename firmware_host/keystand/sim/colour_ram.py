"""SSD1351 display RAM (128x128, 65k colours), driven by the bytes as the chip reads them.

The colour counterpart of ``controller.DisplayRam``: the simulator draws the
colour panel from what went over the simulated SPI wires, and tests prove the
stream reproduces the intended image. It follows the datasheet for what
luma.oled sends: commands with DC low, their parameters with DC high; column
(0x15) and row (0x75) windows; write RAM (0x5C) then RGB565 pixels, two bytes
each, filling the window row by row; sleep on/off (0xAE/0xAF); display modes
(0xA4-0xA7); contrast per colour (0xC1).
"""

from __future__ import annotations

from PIL import Image

WRITE_RAM = 0x5C


class ColourRam:
    kind = "ssd1351"

    def __init__(self, width: int = 128, height: int = 128) -> None:
        self.width, self.height = width, height
        self.ram = bytearray(width * height * 2)  # RGB565, big-endian, row by row
        self.cols = (0, width - 1)
        self.rows = (0, height - 1)
        self.col = self.row = 0
        self.command: int | None = None
        self.params: list[int] = []
        self.on = False
        self.mode = 0xA6  # normal display
        self.contrast: tuple[int, ...] = (0xFF, 0xFF, 0xFF)
        self._half: int | None = None  # the first byte of a pixel

    def feed(self, writes) -> None:
        for w in writes:
            if w.control == 0x00:
                for b in w.payload:
                    self._command(b)
            else:
                for b in w.payload:
                    self._data(b)

    def _command(self, b: int) -> None:
        self.command, self.params, self._half = b, [], None
        if b in (0xAE, 0xAF):
            self.on = b == 0xAF
        elif 0xA4 <= b <= 0xA7:
            self.mode = b
        elif b == WRITE_RAM:
            self.col, self.row = self.cols[0], self.rows[0]

    def _data(self, b: int) -> None:
        if self.command == WRITE_RAM:
            if self._half is None:
                self._half = b
                return
            i = (self.row * self.width + self.col) * 2
            if self.col < self.width and self.row < self.height:
                self.ram[i], self.ram[i + 1] = self._half, b
            self._half = None
            self.col += 1
            if self.col > self.cols[1]:
                self.col = self.cols[0]
                self.row = self.row + 1 if self.row < self.rows[1] else self.rows[0]
            return
        self.params.append(b)
        if self.command == 0x15 and len(self.params) == 2:
            self.cols = (self.params[0] & 127, self.params[1] & 127)
        elif self.command == 0x75 and len(self.params) == 2:
            self.rows = (self.params[0] & 127, self.params[1] & 127)
        elif self.command == 0xC1 and len(self.params) == 3:
            self.contrast = tuple(self.params)
        # Other parameters (clocks, voltages, remap as luma sets it) do not change
        # what the RAM holds or how it is shown here.

    def image(self) -> Image.Image:
        """What the panel shows (RGB); dark when asleep or in all-off mode."""
        if not self.on or self.mode == 0xA4:
            return Image.new("RGB", (self.width, self.height))
        if self.mode == 0xA5:
            return Image.new("RGB", (self.width, self.height), (255, 255, 255))
        out = bytearray(self.width * self.height * 3)
        ram = self.ram
        for p in range(self.width * self.height):
            hi, lo = ram[2 * p], ram[2 * p + 1]
            out[3 * p] = hi & 0xF8
            out[3 * p + 1] = (hi & 0x07) << 5 | (lo & 0xE0) >> 3
            out[3 * p + 2] = (lo & 0x1F) << 3
        img = Image.frombytes("RGB", (self.width, self.height), bytes(out))
        if self.mode == 0xA7:
            from PIL import ImageOps

            img = ImageOps.invert(img)
        return img
