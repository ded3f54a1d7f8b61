"""Drive a simulated daemon's mock pins from text commands (stdin, tests, browser).

Each command is turned into pin-level activity on gpiozero's MockFactory, so the
encoder decoding, button holds and the bank's debounce run exactly as on the Pi:

    A right | A left        one detent of seat A's encoder (a full quadrature cycle)
    B press | B hold        push (held past the hold time for "hold": this seat's QR)
    A back | A back_hold    the back button (held: the menu)
    bank take N | bank put N    slot N (1-based) loses or gets its token
    bank flip N             analog bank: turn slot N's token over (its magnet's pole)
    bank bounce N           a 10 ms reed-switch chatter train, ending with a take
    bank adc N VALUE        analog bank: slot N's sensor reads VALUE (0-1023)
    scan TEXT               the scanner reads TEXT (sent over its serial line, CRLF)
    dump                    print the game state as one JSON line on stdout
"""

from __future__ import annotations

import sys
import threading
import time

from .daemon import Daemon
from .events import Dump

STEP = 0.002  # seconds between quadrature edges


class SimInput:
    def __init__(self, daemon: Daemon) -> None:
        self.daemon = daemon
        self.factory = daemon.pin_factory
        self.lock = threading.Lock()

    def _pin(self, number: int):
        return self.factory.pin(number)

    def _set(self, number: int, high: bool) -> None:
        pin = self._pin(number)
        pin.drive_high() if high else pin.drive_low()

    def command(self, line: str) -> str | None:
        """Run one command. Returns an error message, or None."""
        parts = line.split()
        if not parts:
            return None
        with self.lock:
            return self._command(parts)

    def _command(self, parts: list[str]) -> str | None:
        config = self.daemon.config
        head = parts[0]
        if head == "scan":
            port = self.daemon.scanner_port
            if port is None:
                return "no scanner configured"
            port.write(" ".join(parts[1:]).encode("utf-8") + b"\r\n")
            return None
        if head == "dump":
            self.daemon.post(Dump())
            return None
        if head in ("A", "B") and len(parts) == 2:
            pins = config.section("controls").get(head)
            if pins is None:
                return f"seat {head} has no controls"
            kind = parts[1]
            if kind in ("right", "left"):
                a, b = pins["clk_pin"], pins["dt_pin"]
                order = [(a, 0), (b, 0), (a, 1), (b, 1)]
                if kind == "left":
                    order = [(b, 0), (a, 0), (b, 1), (a, 1)]
                for pin, level in order:
                    self._set(pin, bool(level))
                    time.sleep(STEP)
            elif kind in ("press", "hold"):
                self._set(pins["push_pin"], False)
                time.sleep(1.15 if kind == "hold" else 0.01)  # a quick tap
                self._set(pins["push_pin"], True)
            elif kind in ("back", "back_hold"):
                self._set(pins["back_pin"], False)
                time.sleep(1.15 if kind == "back_hold" else 0.01)
                self._set(pins["back_pin"], True)
            else:
                return f"unknown control '{kind}'"
            return None
        if head == "bank" and len(parts) in (3, 4) and parts[2].isdigit():
            bank = config.section("bank")
            slot = int(parts[2])
            if bank.get("sensor") == "mcp3008":
                return self._analog(bank, slot, parts[1], parts[3:])
            pins = bank.get("pins", [])
            if not 1 <= slot <= len(pins):
                return f"no bank slot {slot}"
            pin = pins[slot - 1]
            present_level = not bank.get("active_low", True)
            if parts[1] == "take":
                self._set(pin, not present_level)
            elif parts[1] == "put":
                self._set(pin, present_level)
            elif parts[1] == "bounce":
                for k in range(7):
                    self._set(pin, present_level if k % 2 else not present_level)
                    time.sleep(0.002)
            else:
                return f"unknown bank action '{parts[1]}'"
            return None
        return f"unknown command '{' '.join(parts)}'"

    def _analog(self, bank: dict, slot: int, action: str, rest: list[str]) -> str | None:
        """Set what a slot's hall sensor reads on the simulated MCP3008."""
        from ..hal.mcp3008_sim import BYSTANDER_UP, CHECKMARK_UP, MID_SCALE

        channels = bank.get("channels", [])
        if not 1 <= slot <= len(channels):
            return f"no bank slot {slot}"
        chip, pin = self.daemon.adc_channel(channels[slot - 1])
        value = chip.values[pin]
        if action == "take":
            chip.values[pin] = MID_SCALE
        elif action == "put":
            chip.values[pin] = CHECKMARK_UP
        elif action == "flip":
            if value == MID_SCALE:
                return f"bank slot {slot} holds no token to flip"
            chip.values[pin] = BYSTANDER_UP if value < MID_SCALE else CHECKMARK_UP
        elif action == "adc" and rest and rest[0].isdigit() and int(rest[0]) <= 1023:
            chip.values[pin] = int(rest[0])
        elif action == "adc":
            return "bank adc: give a reading from 0 to 1023"
        else:
            return f"unknown bank action '{action}'"
        return None

    def table(self) -> list[str]:
        """What lies in each bank slot now (the table, not what the sensors report):
        "empty", "token" (digital bank), or "checkmark" / "bystander" (analog)."""
        from ..hal.analog import RAIL
        from ..hal.mcp3008_sim import MID_SCALE

        bank = self.daemon.config.section("bank")
        sensor = bank.get("sensor", "none")
        out = []
        if sensor == "mcp3008":
            for channel in bank["channels"]:
                chip, pin = self.daemon.adc_channel(channel)
                value = chip.values[pin]
                if value < RAIL or value > 1023 - RAIL:
                    out.append("fault")  # a broken or shorted sensor wire
                elif value == MID_SCALE:
                    out.append("empty")
                else:
                    out.append("checkmark" if value < MID_SCALE else "bystander")
        elif sensor == "digital":
            present = not bank.get("active_low", True)
            for pin in bank["pins"]:
                out.append("token" if self._pin(pin).state == present else "empty")
        return out

    def read(self, stream=sys.stdin) -> None:
        for line in stream:
            error = self.command(line)
            if error:
                print(f"keystand: sim: {error}", file=sys.stderr, flush=True)
        self.daemon.stop("input closed")
