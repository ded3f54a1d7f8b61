"""Every module and every wire a hardware profile implies, as data.

A profile names GPIOs; a maker needs more: which pin of which module goes where,
the power rails, the level shifter and where its 5 V comes from, the printer's
own supply, the scanner's USB adapter. ``netlist`` derives all of that from the
profile, so the drawing (``diagrams.wiring``) and the tests read one answer.

Nets that several modules share (3V3, GND, I2C, SPI, a shared DC line) meet on a
strip of the perfboard: one wire from the Pi's header to the strip, one from the
strip to each module. A net with a single user is one wire, header to module.
The time bank's tray and the card frame each hang on a cable of their own, their
shared nets meeting again on a strip board at the far end.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..config import I2C1, SPI_BUSES, UART, DeviceConfig
from ..hal.analog import chip_input
from ..hal.mpr121 import ELECTRODES
from ..rules.layout import cell_name

# BCM GPIO -> physical pin on the 40-pin header (the same on Pi Zero 2 W, 3, 4, 5).
PHYSICAL = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29,
    6: 31, 13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22,
    8: 24, 7: 26, 1: 28, 12: 32, 16: 36, 20: 38, 21: 40,
}  # fmt: skip
POWER = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
GROUND = {6, 9, 14, 20, 25, 30, 34, 39}
SPI = SPI_BUSES  # the buses' pins, from the config's one source
PI = "Pi"
STRIP = "perfboard"
TRAY = "tray perfboard"
CABLE = ("tray cable, stand end", "tray cable, tray end")
CABLE_WAYS = 16  # a 16-way ribbon with 2 x 8 IDC sockets: the most any profile needs
FRAME = "frame strip board"
FRAME_CABLE = ("frame cable, stand end", "frame cable, frame end")
FRAME_WAYS = 5  # 3V3, GND, SDA, SCL, IRQ
PADS = "word card pads"
# MPR121 address -> what its ADDR pin is tied to (the datasheet's four addresses).
ADDR_PIN = {0x5A: "GND", 0x5B: "3V3", 0x5C: "SDA", 0x5D: "SCL"}

# Net kinds, for the drawing's colours.
KINDS = ("3v3", "5v", "gnd", "i2c", "spi", "cs", "uart", "gpio", "analog", "usb", "supply")


@dataclass
class Module:
    """A part with named pins: a display, an encoder, a sensor, the Pi's header."""

    name: str
    pins: list[str]
    group: str  # where the drawing puts it: "left", "right" or "centre"
    note: str = ""


@dataclass(frozen=True)
class Wire:
    a: tuple[str, str]  # (module, pin)
    b: tuple[str, str]
    net: str  # what it carries: "3V3", "GPIO17", "SDA", ...
    kind: str


@dataclass
class Netlist:
    modules: dict[str, Module] = field(default_factory=dict)
    wires: list[Wire] = field(default_factory=list)
    strips: dict[str, list[str]] = field(default_factory=dict)  # net -> hole names

    def add(self, module: Module) -> Module:
        if module.name in self.modules:
            raise ValueError(f"two modules named {module.name}")
        self.modules[module.name] = module
        return module

    def wire(self, a: tuple[str, str], b: tuple[str, str], net: str, kind: str) -> None:
        self.wires.append(Wire(a, b, net, kind))

    def hole(self, net: str, board: str = STRIP) -> tuple[str, str]:
        """The next free hole of ``net``'s strip on a perfboard (the stand's, the tray's
        or the card frame's)."""
        strip = net if board == STRIP else f"{far_name(board)} {net}"
        holes = self.strips.setdefault(strip, [])
        holes.append(f"{strip}.{len(holes) + 1}")
        self.modules[board].pins.append(holes[-1])
        return board, holes[-1]

    def ends(self, module: str, pin: str) -> list[tuple[str, str]]:
        """The other end of every wire at this pin."""
        end = (module, pin)
        return [w.b if w.a == end else w.a for w in self.wires if end in (w.a, w.b)]


def far_end(module: str) -> str | None:
    """Where a module lives when not in the stand: the time bank's sensors in the
    tray (the analog build's MCP3008s sit on the stand's perfboard), the touch
    controllers and the pads in the card frame; each at its own cable's far end."""
    if module.startswith("slot "):
        return TRAY
    if module.startswith("MPR121") or module == PADS:
        return FRAME
    return None


def far_name(board: str) -> str:
    return "tray" if board == TRAY else "frame"


def header_pin(bcm: int) -> tuple[str, str]:
    return PI, str(PHYSICAL[bcm])


def _pi_module(model: str) -> Module:
    names = [str(n) for n in range(1, 41)] + ["USB", "PWR IN"]
    return Module(PI, names, "centre", f"Raspberry Pi ({model}), 40-pin header")


class _Builder:
    """Adds modules and wires for one profile; nets with several users go via a strip."""

    def __init__(self, config: DeviceConfig) -> None:
        self.config = config
        self.n = Netlist()
        model = config.board.model
        self.zero = model == "pi-zero-2w"
        self.n.add(_pi_module(model))
        self.n.add(Module(STRIP, [], "centre", "perfboard bus strips"))
        self.n.add(Module(TRAY, [], "centre", "bus wires along the tray's channels"))
        self.users: dict[str, list[tuple[tuple[str, str], str]]] = {}  # net -> (end, kind)
        self.sources: dict[str, tuple[tuple[str, str], str]] = {}

    def source(self, net: str, end: tuple[str, str], kind: str) -> None:
        self.sources.setdefault(net, (end, kind))

    def use(self, net: str, end: tuple[str, str], kind: str) -> None:
        self.users.setdefault(net, []).append((end, kind))

    def gpio(self, bcm: int, end: tuple[str, str], kind: str = "gpio") -> None:
        net = f"GPIO{bcm}"
        self.source(net, header_pin(bcm), kind)
        self.use(net, end, kind)

    def power(self, end: tuple[str, str], rail: str) -> None:
        kind = {"3V3": "3v3", "5V": "5v", "GND": "gnd"}[rail]
        pin = {"3V3": 1, "5V": 2, "GND": 6}[rail]
        self.source(rail, (PI, str(pin)), kind)
        self.use(rail, end, kind)

    def _fan_out(self, start, users, net: str, kind: str, board: str) -> None:
        if len(users) == 1:
            self.n.wire(start, users[0][0], net, users[0][1])
            return
        self.n.wire(start, self.n.hole(net, board), net, kind)
        for end, k in users:
            self.n.wire(self.n.hole(net, board), end, net, k)

    def finish(self) -> Netlist:
        """Wire every net: the tray's and the frame's share of it each through one
        conductor of their cable."""
        conductors = {TRAY: 0, FRAME: 0}
        cables = {TRAY: (CABLE, CABLE_WAYS, "bank"), FRAME: (FRAME_CABLE, FRAME_WAYS, "right")}
        for net, users in self.users.items():
            start, kind = self.sources[net]
            stand = [u for u in users if far_end(u[0][0]) is None]
            for board, (ends, ways, group) in cables.items():
                far = [u for u in users if far_end(u[0][0]) == board]
                if not far:
                    continue
                conductors[board] += 1
                if conductors[board] > ways:
                    raise ValueError(f"the {far_name(board)} needs more than {ways} conductors")
                if conductors[board] == 1:
                    for end, where in zip(ends, ("centre", group), strict=True):
                        self.n.add(Module(end, [], where, _cable_note(board, ways)))
                pin = str(conductors[board])
                for end in ends:
                    self.n.modules[end].pins.append(pin)
                stand.append(((ends[0], pin), kind))
                self.n.wire((ends[0], pin), (ends[1], pin), net, kind)
                self._fan_out((ends[1], pin), far, net, kind, board)
            self._fan_out(start, stand, net, kind, STRIP)
        return self.n

    # --- modules -------------------------------------------------------------

    def displays(self) -> None:
        for seat, t in sorted(self.config.displays.items()):
            name = f"display {seat}"
            if t.interface == "i2c":
                addr = t.i2c_address
                self.n.add(
                    Module(name, ["GND", "VCC", "SCL", "SDA"], "left",
                           f"{t.driver.upper()} I2C OLED at 0x{addr:02X}")
                )  # fmt: skip
                self.power((name, "VCC"), "3V3")
                self.power((name, "GND"), "GND")
                for pin, bcm in I2C1.items():
                    self.gpio(bcm, (name, pin), "i2c")
                continue
            port, device = t.spi_port, t.spi_device
            bus = SPI[port]
            self.n.add(
                Module(name, ["VCC", "GND", "DIN", "CLK", "CS", "DC", "RST"], "left",
                       f"{t.driver.upper()} SPI OLED on SPI{port} CE{device}")
            )  # fmt: skip
            self.power((name, "VCC"), "3V3")
            self.power((name, "GND"), "GND")
            self.gpio(bus.mosi, (name, "DIN"), "spi")
            self.gpio(bus.sclk, (name, "CLK"), "spi")
            self.gpio(bus.ce[device], (name, "CS"), "cs")
            if t.dc_pin is not None:
                self.gpio(t.dc_pin, (name, "DC"))
            if t.reset_pin is not None:
                self.gpio(t.reset_pin, (name, "RST"))

    def controls(self) -> None:
        for seat, pins in sorted(self.config.controls.items()):
            enc = f"encoder {seat}"
            pins_ = ["CLK", "DT", "SW", "+", "GND"]
            self.n.add(Module(enc, pins_, "left", "KY-040 rotary encoder"))
            self.power((enc, "+"), "3V3")
            self.power((enc, "GND"), "GND")
            for bcm, pin in ((pins.clk_pin, "CLK"), (pins.dt_pin, "DT"), (pins.push_pin, "SW")):
                self.gpio(bcm, (enc, pin))
            btn = f"back button {seat}"
            self.n.add(Module(btn, ["1", "2"], "left", "7 mm panel-mount push button"))
            self.gpio(pins.back_pin, (btn, "1"))
            self.power((btn, "2"), "GND")

    def bank(self) -> None:
        bank = self.config.bank
        sensor = bank.sensor
        if sensor == "digital":
            for slot, bcm in enumerate(bank.pins, 1):
                name = f"slot {slot}"
                self.n.add(
                    Module(name, ["VCC", "GND", "OUT"], "right",
                           "DRV5033AJ hall switch; 100 nF across VCC-GND")
                )  # fmt: skip
                self.power((name, "VCC"), "3V3")
                self.power((name, "GND"), "GND")
                self.gpio(bcm, (name, "OUT"))
        elif sensor == "mcp3008":
            port, device = bank.spi_port, bank.spi_device
            bus = SPI[port]
            channels = bank.channels
            chips = sorted({chip_input(c, device)[0] for c in channels})
            mcp_pins = [f"CH{i}" for i in range(8)]
            mcp_pins += ["DGND", "CS", "DIN", "DOUT", "CLK", "AGND", "VREF", "VDD"]
            for chip in chips:
                name = f"MCP3008 on CE{chip}"
                self.n.add(Module(name, list(mcp_pins), "right", "10-bit ADC, DIP-16"))
                for pin in ("VDD", "VREF"):
                    self.power((name, pin), "3V3")
                for pin in ("AGND", "DGND"):
                    self.power((name, pin), "GND")
                self.gpio(bus.sclk, (name, "CLK"), "spi")
                self.gpio(bus.mosi, (name, "DIN"), "spi")
                self.gpio(bus.miso, (name, "DOUT"), "spi")
                self.gpio(bus.ce[chip], (name, "CS"), "cs")
            for slot, channel in enumerate(channels, 1):
                chip, input_ = chip_input(channel, device)
                name = f"slot {slot}"
                self.n.add(Module(name, ["VCC", "GND", "OUT"], "right", "SS49E linear hall sensor"))
                self.power((name, "VCC"), "3V3")
                self.power((name, "GND"), "GND")
                self.source(f"slot {slot}", (f"MCP3008 on CE{chip}", f"CH{input_}"), "analog")
                self.use(f"slot {slot}", (name, "OUT"), "analog")

    def touch(self) -> None:
        """The card frame: each controller in its bay, each card's pad on its electrode."""
        touch = self.config.touch
        if not touch.sensed:
            return
        self.n.add(Module(FRAME, [], "centre", "strip board in the card frame's bay"))
        used: dict[int, list[int]] = {}
        for n in touch.electrodes:
            used.setdefault(n // ELECTRODES, []).append(n % ELECTRODES)
        names = {}
        for chip, address in enumerate(touch.addresses):
            if chip not in used:
                continue
            name = names[chip] = f"MPR121 at 0x{address:02X}"
            pins = ["VCC", "GND", "SCL", "SDA", "IRQ", "ADDR"]
            pins += [f"E{e}" for e in sorted(used[chip])]
            note = f"touch controller, ADDR to {ADDR_PIN[address]}"
            self.n.add(Module(name, pins, "right", note))
            self.power((name, "VCC"), "3V3")
            self.power((name, "GND"), "GND")
            for pin, bcm in I2C1.items():
                self.gpio(bcm, (name, pin), "i2c")
            assert touch.irq_pin is not None
            self.gpio(touch.irq_pin, (name, "IRQ"))
            tie = ADDR_PIN[address]
            if tie in ("GND", "3V3"):
                self.power((name, "ADDR"), tie)
            else:
                self.gpio(I2C1[tie], (name, "ADDR"), "i2c")
        cells = [cell_name(c) for c in range(len(touch.electrodes))]
        self.n.add(Module(PADS, cells, "right", "copper foil under each card, A's frame"))
        for cell, n in zip(cells, touch.electrodes, strict=True):
            chip, e = divmod(n, ELECTRODES)
            self.n.wire((PADS, cell), (names[chip], f"E{e}"), f"pad {cell}", "analog")

    def usb(self, end: tuple[str, str]) -> None:
        """A USB device into the Pi: the Zero 2 W's data port takes an OTG cable."""
        if self.zero:
            otg = "OTG cable"
            self.n.add(Module(otg, ["Pi end", "device end"], "right",
                              "micro-USB OTG cable, up/down-angle at the Pi"))  # fmt: skip
            self.n.wire((PI, "USB"), (otg, "Pi end"), "USB", "usb")
            self.n.wire((otg, "device end"), end, "USB", "usb")
        else:
            self.n.wire((PI, "USB"), end, "USB", "usb")

    def serial_device(self, who: str, port: str, baud: int) -> str:
        """Wire a serial device's data lines for its port; the module it hangs on."""
        if port.startswith("/dev/ttyACM"):
            self.usb((who, "USB"))
            return who
        if port.startswith("/dev/ttyUSB"):
            adapter = f"{who} USB-serial"
            self.n.add(Module(adapter, ["USB", "5V", "GND", "TXD", "RXD"], "right",
                              f"CP2102 USB-TTL adapter ({port}, {baud} baud)"))  # fmt: skip
            self.usb((adapter, "USB"))
            self.n.wire((adapter, "TXD"), (who, "RX"), f"{who} RX", "uart")
            self.n.wire((who, "TX"), (adapter, "RXD"), f"{who} TX", "uart")
            self.n.wire((adapter, "GND"), (who, "GND"), "GND", "gnd")
            return adapter
        return PI

    def printer(self) -> None:
        t = self.config.printer
        if t is None:
            return
        name = "printer"
        self.n.add(Module(name, ["RX", "TX", "GND", "VH", "GND (power)"], "right",
                          "58 mm TTL thermal printer"))  # fmt: skip
        psu = "printer supply"
        self.n.add(Module(psu, ["+", "-"], "right", "9 V 2 A, DC jack to the printer's power lead"))
        self.n.wire((psu, "+"), (name, "VH"), "VH", "supply")
        self.n.wire((psu, "-"), (name, "GND (power)"), "printer GND", "gnd")
        port = t.port
        if self.serial_device(name, port, t.baud) != PI:
            return  # a USB adapter: its ground is the printer's data ground
        # On the Pi's UART: TX straight out (3.3 V is a valid high for the printer),
        # the printer's 5 V TX back through the level shifter.
        shifter = "level shifter"
        self.n.add(Module(shifter, ["LV", "LV1", "GND", "HV", "HV1"], "right",
                          "BSS138 bidirectional, 3.3 V / 5 V"))  # fmt: skip
        self.gpio(UART["TXD"], (name, "RX"), "uart")
        self.n.wire((name, "TX"), (shifter, "HV1"), "printer TX (5 V)", "uart")
        self.gpio(UART["RXD"], (shifter, "LV1"), "uart")
        self.power((shifter, "LV"), "3V3")
        self.power((shifter, "HV"), "5V")
        self.power((shifter, "GND"), "GND")
        self.power((name, "GND"), "GND")  # the common ground: data ground to the Pi

    def scanner(self) -> None:
        t = self.config.scanner
        if t is None:
            return
        port = t.port
        name = "scanner"
        if port.startswith("/dev/ttyACM"):
            self.n.add(Module(name, ["USB"], "right", "GM65 QR scanner in USB serial mode"))
            self.serial_device(name, port, t.baud)
            return
        self.n.add(Module(name, ["VCC", "GND", "TX", "RX"], "right", "GM65 QR scanner (UART)"))
        if self.serial_device(name, port, t.baud) == PI:
            raise ValueError(f"scanner.port {port}: the diagram wires a scanner over USB only")
        self.n.wire((f"{name} USB-serial", "5V"), (name, "VCC"), "scanner 5V", "5v")

    def supply(self) -> None:
        """A Zero 2 W takes its 5 V on its micro-USB port; a Pi 3/4/5 in the stand on
        header pins 2 and 4 (a plug on its long edge would hit the stand's face)."""
        psu = "Pi supply"
        if self.zero:
            self.n.add(Module(psu, ["plug"], "centre", "5 V 2.5 A micro-USB supply"))
            self.n.wire((psu, "plug"), (PI, "PWR IN"), "5V in", "supply")
            return
        self.n.add(Module(psu, ["+5V", "GND"], "centre", "5 V 3 A supply, bare leads"))
        self.n.wire((psu, "+5V"), (PI, "4"), "5V in", "supply")
        self.n.wire((psu, "GND"), (PI, "14"), "GND", "gnd")


def netlist(config: DeviceConfig) -> Netlist:
    """Every module and wire of a (checked) profile's build."""
    b = _Builder(config)
    b.supply()
    b.displays()
    b.controls()
    b.bank()
    b.touch()
    b.printer()
    b.scanner()
    return b.finish()


def _cable_note(board: str, ways: int) -> str:
    if board == TRAY:
        return f"{ways}-way ribbon, 2 x 8 IDC"
    return f"{ways}-way cable, 2.54 mm pitch plugs, under 60 cm"
