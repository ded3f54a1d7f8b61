"""SSD1306 and SH1106 display RAM, driven by the byte stream the way the chip reads it.

Used to prove that what keystand sends reproduces the intended image, and by the
browser simulator to draw the panels from the bytes that went over the bus. It
follows the datasheets' command set for what luma.oled and keystand send:
addressing modes, column and page windows, page-mode column nibbles, segment
remap and COM scan direction, display on/off, contrast.
"""

from __future__ import annotations

from PIL import Image

from .i2c import Transaction

# Commands followed by parameter bytes, and how many (SSD1306 / SH1106 datasheets).
_PARAMS_SSD1306 = {
    0x81: 1,
    0x20: 1,
    0x21: 2,
    0x22: 2,
    0xA8: 1,
    0xD3: 1,
    0xD5: 1,
    0xD9: 1,
    0xDA: 1,
    0xDB: 1,
    0x8D: 1,
    0x26: 6,
    0x27: 6,
    0x29: 5,
    0x2A: 5,
    0xA3: 2,
}
_PARAMS_SH1106 = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xAD: 1, 0x8D: 1}


class DisplayRam:
    """One panel's controller. ``kind`` is ``"ssd1306"`` or ``"sh1106"``."""

    def __init__(self, kind: str = "ssd1306", width: int = 128, height: int = 64) -> None:
        if kind not in ("ssd1306", "sh1106"):
            raise ValueError(f"unknown controller {kind}")
        self.kind = kind
        self.width, self.height = width, height
        self.ram_width = 132 if kind == "sh1106" else 128
        self.pages = height // 8
        self.ram = [bytearray(self.ram_width) for _ in range(8)]
        self.params = _PARAMS_SSD1306 if kind == "ssd1306" else _PARAMS_SH1106
        self.mode = 2  # power-on default: page addressing
        self.col = self.page = 0
        self.col_window = (0, 127)
        self.page_window = (0, 7)
        self.seg_remap = False
        self.com_reverse = False
        self.on = False
        self.contrast = 0x7F
        self._pending: list[int] = []  # a command still waiting for its parameters
        self.offset = 2 if kind == "sh1106" else 0  # luma's page_address_offset

    def feed(self, transactions: list[Transaction]) -> None:
        for t in transactions:
            if t.control == 0x00:
                for b in t.payload:
                    self._command_byte(b)
            elif t.control == 0x40:
                for b in t.payload:
                    self._data_byte(b)
            else:
                raise ValueError(f"unknown I2C control byte 0x{t.control:02x}")

    def _command_byte(self, b: int) -> None:
        if self._pending:
            self._pending.append(b)
            if len(self._pending) - 1 == self.params[self._pending[0]]:
                self._run(self._pending)
                self._pending = []
            return
        if b in self.params:
            self._pending = [b]
        else:
            self._run([b])

    def _run(self, cmd: list[int]) -> None:
        op = cmd[0]
        if self.kind == "sh1106" and 0x20 <= op <= 0x3F:
            return  # SH1106: charge pump voltage, no addressing modes
        if op == 0x20:
            self.mode = cmd[1] & 3
        elif op == 0x21:
            self.col_window = (cmd[1] & 127, cmd[2] & 127)
            self.col = self.col_window[0]
        elif op == 0x22:
            self.page_window = (cmd[1] & 7, cmd[2] & 7)
            self.page = self.page_window[0]
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 7
        elif op <= 0x0F:
            self.col = (self.col & 0xF0) | op
        elif op <= 0x1F:
            self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
        elif op in (0xA0, 0xA1):
            self.seg_remap = op == 0xA1
        elif op in (0xC0, 0xC8):
            self.com_reverse = op == 0xC8
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op == 0x81:
            self.contrast = cmd[1]
        # Everything else (timing, charge pump, start line, scrolling off) does not
        # change what the RAM holds.

    def _data_byte(self, b: int) -> None:
        if self.col < self.ram_width:
            self.ram[self.page][self.col] = b
        if self.kind == "ssd1306" and self.mode == 0:
            lo, hi = self.col_window
            self.col += 1
            if self.col > hi:
                self.col = lo
                self.page = (
                    self.page + 1 if self.page < self.page_window[1] else self.page_window[0]
                )
        else:
            self.col = (self.col + 1) % self.ram_width

    def image(self) -> Image.Image:
        """What the panel shows (mode "1"); dark when the display is off."""
        img = Image.new("1", (self.width, self.height), 0)
        if not self.on:
            return img
        px = img.load()
        assert px is not None
        # luma sets both chips upright with segment remap (A1) and COM scan
        # decrement (C8); anything else mirrors the picture.
        flip_x = not self.seg_remap
        flip_y = not self.com_reverse
        for p in range(self.pages):
            row = self.ram[p]
            for x in range(self.width):
                byte = row[x + self.offset]
                if not byte:
                    continue
                for bit in range(8):
                    if byte >> bit & 1:
                        X = self.width - 1 - x if flip_x else x
                        y = p * 8 + bit
                        px[X, self.height - 1 - y if flip_y else y] = 1
        return img


def decoder_for(kind: str):
    """The controller model that reads a panel's wire: mono ``DisplayRam`` or ``ColourRam``."""
    if kind == "ssd1351":
        from .colour_ram import ColourRam

        return ColourRam()
    return DisplayRam(kind)
