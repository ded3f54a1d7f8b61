"""Bytes and seconds per game slip, native QR against raster, at 9600 and 19200 baud.

Seconds are the time the UART needs at 8N1 (10 bits a byte), which is what a real
printer line takes; a pty has no baud rate, so it only shows our own overhead.
Run: python benchmarks/bench_slips.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from keystand.hal.printer import PrinterConfig, SerialPrinter
from keystand.printing.slip import build_slip
from keystand.rules.gamecode import Deal, GameCode
from keystand.rules.keygen import seeded_layout
from keystand.rules.setup import Rules
from serial_peers import FakePrinter

GAMES = {
    "game code": GameCode(Rules(tokens=9, bystander_tokens=5), layout=seeded_layout(1)),
    "with words": GameCode(
        Rules(tokens=9, bystander_tokens=5), layout=seeded_layout(1), deal=Deal(1, 2**40 - 1)
    ),
}


def main() -> None:
    print(f"python {sys.version.split()[0]} on {os.uname().machine}")
    build_slip(GAMES["game code"])  # the first build pays python-escpos's import
    for name, game in GAMES.items():
        for lang in ("en", "ja"):
            for mode in ("native", "raster"):
                t0 = time.perf_counter()
                job = build_slip(game, qr=mode, lang=lang, mission_name="Cairo")
                build_ms = (time.perf_counter() - t0) * 1000
                for baud in (9600, 19200):
                    peer = FakePrinter()
                    try:
                        config = PrinterConfig(peer.path, baud, 0.0, False)
                        pty_s = SerialPrinter(config).send(job.data)
                    finally:
                        peer.close()
                    line_s = len(job.data) * 10 / baud
                    print(
                        f"{name:10} {lang} {mode:6} {baud:5} baud: {len(job.data):5} bytes, "
                        f"{job.module_dots} dots/module, line {line_s:5.2f} s, "
                        f"build {build_ms:5.1f} ms, send over pty {pty_s * 1000:5.1f} ms"
                    )
    solo_slips()


def solo_slips(deals: int = 400) -> None:
    """A solo game's slip, its 25 words printed (raster QR): over ``deals`` deals
    per language, the bytes (smallest, median, 90th percentile, largest), how many
    pass the 1,500-byte budget, and the QR's dots per module."""
    from keystand.books.words import deal, load
    from keystand.rules.ranking import rank

    for lang in ("en", "fi", "ja"):
        words = load(lang)
        sizes, dots = [], set()
        for seed in range(deals):
            layout = seeded_layout(seed)
            job = build_slip(
                GameCode(Rules(), layout=layout), qr="raster", lang=lang,
                words=deal(words, rank(layout)),
            )
            sizes.append(len(job.data))
            dots.add(job.module_dots)
        sizes.sort()
        over = sum(n > 1500 for n in sizes)
        print(
            f"solo slip  {lang} raster, {deals} deals: {sizes[0]} / {sizes[deals // 2]} / "
            f"{sizes[deals * 9 // 10]} / {sizes[-1]} bytes (min / median / p90 / max), "
            f"{over} over 1,500, dots/module {sorted(dots)}"
        )


if __name__ == "__main__":
    main()
