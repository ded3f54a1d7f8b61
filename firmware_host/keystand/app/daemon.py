"""The daemon: one event queue, one loop thread, hardware on the edges.

    pin edge / serial line -> adapter -> queue -> session -> rules
        -> journal (committed) -> SeatView per seat -> screens -> displays (changes only)

``--simulate`` swaps only the lowest layer: gpiozero's MockFactory for the pins
and a recording I2C bus for the displays; everything above runs as on the Pi.
"""

from __future__ import annotations

import json
import logging
import queue
import signal
import threading
import time
from pathlib import Path

from ..rules.keygen import random_layout
from ..rules.missions import make_rules
from ..rules.report import summary
from ..screens.keyscreen import render
from .config import Config
from .events import ControlInput, Dump, PrintResult, ScanRefused, ScanText, SlotEdge, Stop
from .journal import Journal, action_to_json
from .menu import Settings
from .session import Session

log = logging.getLogger("keystand")
POLL = 0.05  # seconds between debounce ticks while a bank edge is settling


class Daemon:
    def __init__(
        self,
        config: Config,
        state_dir: Path,
        simulate: bool = False,
        key: str | None = None,
        ports: dict[str, str] | None = None,
        settings: Settings | None = None,
        seat_link=None,
    ) -> None:
        """``ports`` overrides the printer's or scanner's serial port (tests, simulator).
        ``settings`` carries the menu's choices over from another daemon (the
        simulator's panel switch); ``seat_link(seat)`` gives a seat's phone link
        when a web server shows seat views, for the menu's "Phone link"."""
        self.config = config
        self.ports = ports or {}
        from ..screens import text

        game = config.section("game")
        self.settings = settings or Settings(
            mission=game.get("mission", "standard"),
            bank=game.get("tokens", 9),
            ruleset=game.get("ruleset", "duet"),
            language=game.get("language", "en"),
            brightness=game.get("brightness", 160),
        )
        text.use(self.settings.language)
        self.seat_link = seat_link
        self.key = key  # the first new game uses this key code, if given
        self.simulate = simulate
        self.queue: queue.Queue = queue.Queue()
        self.sim_printer = None  # --simulate: the pty printer the page shows slips from
        self.pin_factory = None
        if simulate:
            from gpiozero.pins.mock import MockFactory

            self.pin_factory = MockFactory()
        self.displays = {seat: self._display(seat) for seat in ("A", "B")}
        for panel in self.displays.values():
            panel.contrast(self.settings.brightness)
        self.controls = self._controls()
        self.bank, self.filter = self._bank()
        self.scanner_port = self._scanner()
        self.print_jobs = self._printer()
        self.journal = Journal(state_dir / "journal.sqlite")
        self.session = self._session()
        self._shown: dict[str, object] = {}
        self.frame_listeners: list = []  # called (seat) after a panel got a new frame
        self._stopping = threading.Event()

    # ------------------------------------------------------------------ hardware

    def _display(self, seat: str):
        """The seat's panel on luma.oled, over I2C or SPI (recorded when simulating)."""
        from luma.oled import device as devices

        from ..hal.oled import ColourOled, PagedOled

        table = self.config.section("display").get(seat, {})
        driver = table.get("driver", "ssd1306")
        colour = driver == "ssd1351"
        size = (table.get("width", 128), table.get("height", 128 if colour else 64))
        serial, bus = self._display_wire(table)
        cls = getattr(devices, driver)
        rotate = table.get("rotate", 0)

        def factory():
            return cls(serial(), width=size[0], height=size[1], rotate=rotate)

        panel = ColourOled(factory) if colour else PagedOled(factory, driver)
        panel.size = size
        panel.bus = bus  # the simulator reads the wire from here (None on the Pi)
        return panel

    def _display_wire(self, table: dict):
        """A factory for the luma serial interface, and the recording bus if simulated."""
        from luma.core.interface.serial import i2c, spi

        if table.get("interface", "i2c") == "spi":
            port, device = table.get("spi_port", 0), table.get("spi_device", 0)
            dc, reset = table.get("dc_pin", 24), table.get("reset_pin")
            if self.simulate:
                from ..hal.spi_record import RecordingGpio, RecordingSpi

                gpio = RecordingGpio()
                wire = RecordingSpi(gpio, dc)
                return (
                    lambda: spi(
                        spi=wire, gpio=gpio, port=port, device=device, gpio_DC=dc, gpio_RST=reset
                    ),
                    wire,
                )
            return lambda: spi(port=port, device=device, gpio_DC=dc, gpio_RST=reset), None
        address = table.get("i2c_address", 0x3C)
        if self.simulate:
            from ..hal.i2c_record import RecordingBus

            bus = RecordingBus()
            return lambda: i2c(bus=bus, address=address), bus
        port = table.get("i2c_port", 1)
        return lambda: i2c(port=port, address=address), None

    def _controls(self):
        from ..hal.controls import SeatControls

        out = {}
        for seat, pins in self.config.section("controls").items():
            out[seat] = SeatControls(seat, pins, self.queue.put, pin_factory=self.pin_factory)
        return out

    def _bank(self):
        from ..hal.bank import DigitalBank, SlotFilter

        table = self.config.section("bank")
        sensor = table.get("sensor", "none")
        if sensor == "mcp3008":
            bank = self._analog_bank(table)
            # The sampler thread already confirmed each change: no second debounce.
            return bank, SlotFilter(len(table["channels"]), 0.0, bank.levels())
        if sensor != "digital":
            return None, None
        active_low = table.get("active_low", True)
        bank = DigitalBank(
            table["pins"], active_low, self.queue.put, time.monotonic, pin_factory=self.pin_factory
        )

        debounce = table.get("debounce_ms", 30) / 1000
        return bank, SlotFilter(len(table["pins"]), debounce, bank.levels())

    def _analog_bank(self, table: dict):
        from ..hal.analog import IDLE_HZ, POLL_HZ, AnalogBank, Thresholds

        device = table.get("spi_device", 0)
        if self.simulate:
            from gpiozero import Device

            from ..hal.mcp3008_sim import SimulatedMcp3008

            # gpiozero's software SPI bus asks for the default pin factory even
            # when given one; on the Pi that is lgpio, here it must be the mock.
            if Device.pin_factory is None:
                Device.pin_factory = self.pin_factory
            self.adc_chips = {
                d: SimulatedMcp3008(d, self.pin_factory) for d in (device, 1 - device)
            }
        return AnalogBank(
            table["channels"],
            Thresholds.from_config(table),
            self.queue.put,
            time.monotonic,
            spi_port=table.get("spi_port", 0),
            spi_device=device,
            poll_hz=table.get("poll_hz", POLL_HZ),
            idle_hz=table.get("idle_poll_hz", IDLE_HZ),
            debounce_ms=table.get("debounce_ms", 30),
            pin_factory=self.pin_factory,
        )

    def adc_channel(self, channel: int) -> tuple[object, int]:
        """The simulated chip and input for a bank channel (0-7 first chip, 8-15 second)."""
        from ..hal.analog import chip_input

        device, pin = chip_input(channel, self.config.section("bank").get("spi_device", 0))
        return self.adc_chips[device], pin

    def _scanner(self):
        """Start the scanner's reader thread; returns its port (simulation writes to it)."""
        table = self.config.section("scanner")
        if not table:
            return None
        from ..hal.scanner import SerialScanner

        port = self.ports.get("scanner") or ("loop://" if self.simulate else table["port"])
        try:
            scanner = SerialScanner(port, table.get("baud", 9600))
        except Exception as exc:  # pyserial raises several types for a missing port
            log.warning("scanner on %s not available: %s", port, exc)
            return None

        def read():
            for result in scanner.results():  # ScanText or ScanRefused events
                self.queue.put(result)

        threading.Thread(target=read, name="scanner", daemon=True).start()
        return scanner.port

    def _printer(self):
        """A worker thread prints slips, so a 9-second raster slip never blocks the loop."""
        table = self.config.section("printer")
        if not table:
            return None
        from ..hal.printer import PrinterConfig, PrintQueue, SerialPrinter

        port = self.ports.get("printer") or table["port"]
        if self.simulate and "printer" not in self.ports:
            from ..hal.sim_printer import SimulatedPrinter

            # A printer at the far end of a pty: the real serial code runs, and
            # the simulator shows each slip as the paper would come out.
            try:
                self.sim_printer = SimulatedPrinter()
            except OSError as exc:  # no pseudo-terminals here (a bare chroot, say)
                log.warning("simulated printer not available (no pty: %s); no printer", exc)
                return None
            port = self.sim_printer.path
        printer = SerialPrinter(
            PrinterConfig(
                port,
                table.get("baud", 9600),
                pause=table.get("pause", 0.0),
                status=table.get("status", False),
            )
        )
        print_queue = PrintQueue(printer)
        jobs: queue.Queue = queue.Queue()

        def work():
            while True:
                job = jobs.get()
                ok = print_queue.submit(job) if job is not None else print_queue.retry()
                self.queue.put(
                    PrintResult(
                        ok,
                        print_queue.last_error,
                        len(print_queue.pending),
                        print_queue.last_reason,
                    )
                )

        threading.Thread(target=work, name="printer", daemon=True).start()
        return jobs

    def print_slip(self) -> None:
        if self.print_jobs is None:
            return
        from ..printing.slip import build_slip
        from ..rules.gamecode import GameCode

        state = self.session.state
        table = self.config.section("printer")
        job = build_slip(
            GameCode(state.rules, layout=state.layout), profile=table.get("profile", "POS-5890")
        )
        self.print_jobs.put(job.data)
        log.info("printing a slip for game %s", self.journal.game_id)

    # ------------------------------------------------------------------ game

    def _new_rules(self):
        """Rules for a new game: the menu's settings, which start from [game]."""
        s = self.settings
        standard = s.mission == "standard"
        return make_rules(
            ruleset=s.ruleset,
            tokens=s.bank if standard else None,
            mission=None if standard else s.mission,
            turn_order=self.config.section("game").get("turn_order", "strict"),
        )

    def _session(self) -> Session:
        resumed = self.journal.resume()
        if resumed is not None:
            state, actions = resumed
            log.info("resumed game %s after %d actions", self.journal.game_id, len(actions))
        else:
            state = self._start_game()
        return self._table(state)

    def _table(self, state) -> Session:
        """A session for ``state``, told what the bank holds now."""
        session = Session(
            state,
            self._commit,
            sensed_bank=self.bank is not None,
            settings=self.settings,
            printer=self.print_jobs is not None,
            seat_link=self.seat_link,
            bank_slots=len(self.filter.stable) if self.filter is not None else 12,
        )
        if self.filter is not None:
            if self.simulate:
                self._simulate_fill(state)
            session.bank(*self.bank_reading())
        return session

    def _simulate_fill(self, state) -> None:
        """A simulated table starts each game with its bank filled, slot 1 first."""
        from ..hal.mcp3008_sim import BYSTANDER_UP, CHECKMARK_UP, MID_SCALE

        table = self.config.section("bank")
        if table.get("sensor") == "mcp3008":
            # Checkmark side up first, then the bystander-side tokens.
            checkmarks = state.tokens_left - state.bystander_left
            for slot, channel in enumerate(table["channels"]):
                chip, pin = self.adc_channel(channel)
                chip.values[pin] = (
                    CHECKMARK_UP
                    if slot < checkmarks
                    else BYSTANDER_UP
                    if slot < state.tokens_left
                    else MID_SCALE
                )
            self.bank.restart()
        else:
            active_low = table.get("active_low", True)
            for slot, pin in enumerate(table["pins"]):
                mock = self.pin_factory.pin(pin)
                present = slot < state.tokens_left
                mock.drive_low() if present == active_low else mock.drive_high()
        # The edges this posted are no news once the filter starts from these levels
        # (it ignores an edge to the level it already holds); other events stay queued.
        self.filter.edge_reset(self.bank.levels())

    def bank_reading(self) -> tuple[int, int | None, tuple[int, ...]]:
        """Tokens in the bank, how many bystander side up (analog only), faulty slots."""
        stable = self.filter.stable
        present = sum(1 for v in stable if v and v != "fault")
        sided = self.config.section("bank").get("sensor") == "mcp3008"
        bystanders = sum(1 for v in stable if v == "bystander") if sided else None
        faults = tuple(i + 1 for i, v in enumerate(stable) if v == "fault")
        return present, bystanders, faults

    def _start_game(self, code=None):
        from ..rules.game import new_game

        if code is not None:
            self.journal.start(code.layout, code.rules)
            log.info("loaded a scanned game as game %s", self.journal.game_id)
            return new_game(code.layout, code.rules)
        if self.key is not None:
            from ..rules.keycode import decode

            layout, self.key = decode(self.key), None
        else:
            layout = random_layout()
        rules = self._new_rules()
        self.journal.start(layout, rules)
        log.info("new game %s, mission %s", self.journal.game_id, rules.label)
        return new_game(layout, rules)

    def _commit(self, action, state) -> None:
        self.journal.append(action, finished=state.phase == "over")
        log.info("ack %d %d %s", self.journal.game_id, self.journal.seq, action_to_json(action))

    # ------------------------------------------------------------------ loop

    def post(self, event) -> None:
        self.queue.put(event)

    def stop(self, reason: str = "stop") -> None:
        self.queue.put(Stop(reason))

    def run(self) -> None:
        self.refresh()
        while True:
            timeout = POLL if self.filter is not None and self.filter.pending else None
            try:
                event = self.queue.get(timeout=timeout)
            except queue.Empty:
                event = None
            if isinstance(event, Stop):
                log.info("stopping: %s", event.reason)
                break
            try:
                self.handle(event)
                self.refresh()
            except Exception:  # nothing may take the loop down; the state is journaled
                log.exception("error while handling %r", event)
        self.close()

    def handle(self, event) -> None:
        if isinstance(event, ControlInput):
            self.session.control(event.seat, event.kind)
            if self.session.new_game_requested:
                self.session = self._table(self._start_game())
                if self.config.section("game").get("slip_on_start", False):
                    self.print_slip()
            if self.session.print_requested:
                self.session.print_requested = False
                self.print_slip()
            self._apply_effects()
        elif isinstance(event, SlotEdge) and self.filter is not None:
            self.filter.edge(event.slot, event.side or event.present, event.at)
        elif isinstance(event, ScanText):
            log.info("scan: %s", event.text)
            self.session.scan(event.text)
        elif isinstance(event, ScanRefused):
            log.info("scan refused: %s", event.message)
            self.session.refused_scan(event.reason)
        elif isinstance(event, PrintResult):
            if not event.ok:
                log.warning("printing failed: %s (%d job(s) waiting)", event.error, event.pending)
            self.session.printer(event.ok, event.reason)
        elif isinstance(event, Dump):
            print(self.dump(), flush=True)
        if self.filter is not None and self.filter.tick(time.monotonic()):
            self.session.bank(*self.bank_reading())
        if self.session.load_requested is not None:
            self.session = self._table(self._start_game(self.session.load_requested))

    def _apply_effects(self) -> None:
        from ..screens import text

        while self.session.effects:
            what, *args = self.session.effects.pop(0)
            if what == "language":
                text.use(args[0])
                self._shown.clear()  # same views, new words: redraw both
            elif what == "brightness":
                for panel in self.displays.values():
                    panel.contrast(args[0])
            elif what == "shutdown":
                log.info("shut down from the menu")
                if not self.simulate:
                    import subprocess

                    subprocess.run(["systemctl", "poweroff"], check=False)
                self.stop("shut down from the menu")

    def refresh(self) -> None:
        for seat, view in self.session.views().items():
            if self._shown.get(seat) == view:
                continue
            panel = self.displays[seat]
            panel.show(render(view, *panel.size))
            self._shown[seat] = view
            for listener in self.frame_listeners:
                listener(seat)

    def dump(self) -> str:
        return json.dumps({"seq": self.journal.seq, **summary(self.session.state)})

    def close(self) -> None:
        for controls in self.controls.values():
            controls.close()
        if self.bank is not None:
            self.bank.close()
        if self.sim_printer is not None:
            self.sim_printer.close()
        self.journal.close()


def install_signal_handlers(daemon: Daemon) -> None:
    def handler(signum, _frame):
        daemon.stop(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)
