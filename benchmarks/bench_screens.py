"""Seat screens and the display bus (issue: device runtime).

- latency: one game action -> both seats' views, frames and bus bytes (p50/p99);
- bus bytes for a cursor move and a revealed guess against luma's full frame.
Run: python benchmarks/bench_screens.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from luma.core.interface.serial import i2c
from luma.oled.device import ssd1306

from keystand.app.views import seat_view
from keystand.hal.oled import PagedOled
from keystand.rules.actions import Clue, Guess, Pass
from keystand.rules.game import apply, new_game
from keystand.rules.keygen import seeded_layout
from keystand.rules.setup import Rules
from keystand.screens.render import render
from keystand.sim.i2c import RecordingBus


def panels():
    out = []
    for _ in "AB":
        bus = RecordingBus()
        panel = PagedOled(lambda bus=bus: ssd1306(i2c(bus=bus, address=0x3C)), "ssd1306", (128, 64))
        out.append((panel, bus))
    return out


def main() -> None:
    layout = seeded_layout(3)
    pair = panels()
    times, cpu = [], []
    for _ in range(40):
        state = new_game(layout, Rules(tokens=12, bystander_tokens=12))
        for seat_cursor in range(25):
            giver = "A" if seat_cursor % 2 == 0 else "B"
            guesser = "B" if giver == "A" else "A"
            for action in (Clue(giver, 1), None, Pass(guesser)):
                if action is None:
                    todo = [
                        i
                        for i in range(25)
                        if layout.role(i, giver) == "G" and state.agents[i] is None
                    ]
                    if not todo:
                        break
                    action = Guess(guesser, todo[0])
                try:
                    t0, c0 = time.perf_counter(), time.thread_time()
                    state, _ = apply(state, action)
                    for (oled, bus), seat in zip(pair, "AB", strict=True):
                        oled.show(render(seat_view(state, seat, cursor=seat_cursor)))
                        bus.take()
                    times.append(time.perf_counter() - t0)
                    cpu.append(time.thread_time() - c0)
                except Exception:
                    break
    print(f"python {sys.version.split()[0]}; {len(times)} actions; load {os.getloadavg()[0]:.1f}")
    for label, values in (("wall", times), ("CPU", cpu)):
        values.sort()
        p50 = statistics.median(values) * 1000
        p99 = values[int(len(values) * 0.99)] * 1000
        print(f"action -> both frames and bus bytes, {label}: p50 {p50:.2f} ms, p99 {p99:.2f} ms")

    # Bus bytes against luma's own full-frame display().
    state, _ = apply(new_game(layout, Rules()), Clue("A", 2))
    full_bus = RecordingBus()
    full = ssd1306(i2c(bus=full_bus, address=0x3C))
    full_bus.take()
    full.display(render(seat_view(state, "B", cursor=0)))
    full_bytes = RecordingBus.count(full_bus.take())
    (oled, bus), _ = pair
    oled.show(render(seat_view(state, "B", cursor=0)))
    bus.take()
    oled.show(render(seat_view(state, "B", cursor=1)))
    move = RecordingBus.count(bus.take())
    green = next(i for i in range(25) if layout.role(i, "A") == "G")
    state, _ = apply(state, Guess("B", green))
    oled.show(render(seat_view(state, "B", cursor=1)))
    reveal = RecordingBus.count(bus.take())
    print(f"luma full frame: {full_bytes} bytes on the wire")
    print(
        f"cursor move: {move} bytes ({move / full_bytes:.1%}); "
        f"revealed guess: {reveal} bytes ({reveal / full_bytes:.1%})"
    )
    colour(layout)


def colour(layout) -> None:
    """The SSD1351 over SPI: luma's changed boxes, through ColourOled."""
    from luma.core.interface.serial import spi
    from luma.oled.device import ssd1351

    from keystand.hal.oled import ColourOled
    from keystand.sim.spi import RecordingGpio, RecordingSpi

    gpio = RecordingGpio()
    wire = RecordingSpi(gpio, dc_pin=12)
    panel = ColourOled(
        lambda: ssd1351(spi(spi=wire, gpio=gpio, gpio_DC=12, gpio_RST=13)), (128, 128)
    )

    def sent() -> int:
        return sum(w.wire_bytes for w in wire.take())

    state, _ = apply(new_game(layout, Rules()), Clue("A", 2))
    times = []
    panel.show(render(seat_view(state, "B", cursor=0), 128, 128))
    sent()  # the init sequence, luma's clear and the first frame
    full = 128 * 128 * 2  # a whole frame of RGB565 pixels
    for cursor in range(1, 25):
        t0 = time.perf_counter()
        panel.show(render(seat_view(state, "B", cursor=cursor), 128, 128))
        times.append(time.perf_counter() - t0)
    wire.take()
    panel.show(render(seat_view(state, "B", cursor=0), 128, 128))
    wire.take()
    panel.show(render(seat_view(state, "B", cursor=1), 128, 128))
    move = sent()
    green = next(i for i in range(25) if layout.role(i, "A") == "G")
    state, _ = apply(state, Guess("B", green))
    panel.show(render(seat_view(state, "B", cursor=1), 128, 128))
    reveal = sent()
    times.sort()
    print(
        f"colour 128x128: full frame {full} bytes; cursor move {move} bytes "
        f"({move / full:.1%}); revealed guess {reveal} bytes ({reveal / full:.1%}); "
        f"render + send p50 {statistics.median(times) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
