"""Which driver reads the card pads' MPR121s: smbus2 against the datasheet's registers
(hal/mpr121.py, kept) or Adafruit's adafruit-circuitpython-mpr121 through Blinka,
measured the way the daemon would use each.

For each, in a fresh interpreter: the wall time and the resident memory its imports
add, the modules they load, the distributions they install, and one full reading
of a controller (every electrode's touch status, filtered data and baseline: what
the pads' reader needs each poll) against the simulated MPR121 (sim/mpr121.py),
counting I2C transactions and the bytes they clock at 100 kHz.

Adafruit's driver is not a keystand dependency; install it in a scratch
environment (Blinka then wants libgpiod's Python binding on a Pi board):

    python -m venv /tmp/vendor && /tmp/vendor/bin/pip install \\
        adafruit-circuitpython-mpr121 adafruit-blinka gpiod
    python benchmarks/bench_touch_driver.py --vendor-python /tmp/vendor/bin/python

Blinka decides its board from the machine; off a Pi the child tells it it runs on
a Zero 2 W (BLINKA_FORCEBOARD / BLINKA_FORCECHIP), so its imports are a Pi's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 5

CHILD = r"""
import json, os, sys, time
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])
kind = sys.argv[1]
before_mods, before = set(sys.modules), rss()
t0 = time.perf_counter()
if kind == "smbus2":
    import smbus2
    from keystand.hal import mpr121
else:
    import board, busio, adafruit_mpr121
elapsed = time.perf_counter() - t0
added = rss() - before
modules = len(set(sys.modules) - before_mods)

from keystand.sim.mpr121 import SimulatedMpr121
from keystand.hal import mpr121 as reg
chip = SimulatedMpr121(0x5A, lambda e: 20.0 + e)
wire = {"transactions": 0, "bytes": 0}

if kind == "smbus2":
    class Bus:  # smbus2's calls, counted
        def read_i2c_block_data(self, a, r, n):
            wire["transactions"] += 1; wire["bytes"] += 3 + n
            return chip.read(r, n)
        def read_byte_data(self, a, r):
            return self.read_i2c_block_data(a, r, 1)[0]
        def write_i2c_block_data(self, a, r, d):
            wire["transactions"] += 1; wire["bytes"] += 2 + len(d); chip.write(r, d)
        def write_byte_data(self, a, r, v):
            self.write_i2c_block_data(a, r, [v])
    driver = mpr121.Mpr121(Bus(), 0x5A)
    driver.start([(40, 20)] * 12)
    chip.tick()
    def reading():
        return driver.read()
else:
    class I2C:  # busio.I2C's calls, counted
        def try_lock(self): return True
        def unlock(self): pass
        def writeto(self, a, buf, *, start=0, end=None):
            data = bytes(buf[start:end])
            wire["transactions"] += 1; wire["bytes"] += 1 + len(data)
            if len(data) > 1:
                chip.write(data[0], list(data[1:]))
            if data:  # an empty write only probes for the address's acknowledge
                self.register = data[0]
        def readfrom_into(self, a, buf, *, start=0, end=None):
            end = len(buf) if end is None else end
            got = chip.read(self.register, end - start)
            wire["transactions"] += 1; wire["bytes"] += 1 + len(got)
            buf[start:end] = bytes(got)
        def writeto_then_readfrom(self, a, out, into, *, out_start=0, out_end=None,
                                  in_start=0, in_end=None):
            out_end = len(out) if out_end is None else out_end
            in_end = len(into) if in_end is None else in_end
            self.register = out[out_start]
            got = chip.read(self.register, in_end - in_start)
            wire["transactions"] += 1; wire["bytes"] += 2 + (out_end - out_start) + len(got)
            into[in_start:in_end] = bytes(got)
    driver = adafruit_mpr121.MPR121(I2C(), address=0x5A)
    chip.tick()
    def reading():
        return (driver.touched(), [driver.filtered_data(e) for e in range(12)],
                [driver.baseline_data(e) for e in range(12)])

wire.update(transactions=0, bytes=0)
reading()
per_read = dict(wire)
t0 = time.perf_counter()
for _ in range(200):
    reading()
read_us = (time.perf_counter() - t0) / 200 * 1e6

from importlib import metadata
loaded = {os.path.realpath(f) for m in list(sys.modules.values())
          if (f := getattr(m, "__file__", None))}
dists, size = set(), 0
for d in metadata.distributions():
    name = d.metadata["Name"].lower()
    files = d.files or []
    if name in ("keystand", "pip", "setuptools", *dists):  # the environment, not the driver
        continue
    if loaded & {os.path.realpath(d.locate_file(p)) for p in files}:
        dists.add(name)
        size += sum((p.size or 0) for p in files)
print(json.dumps({"import_ms": elapsed * 1000, "rss_kib": added, "modules": modules,
                  "transactions": per_read["transactions"], "bytes": per_read["bytes"],
                  "read_us": read_us, "dists": sorted(dists), "dist_kib": size // 1024}))
"""


def measure(python: str, kind: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "firmware_host"))
    if kind == "vendor":
        env.update(BLINKA_FORCEBOARD="RASPBERRY_PI_ZERO_2_W", BLINKA_FORCECHIP="BCM2XXX")
    runs = []
    for _ in range(RUNS):
        done = subprocess.run([python, "-c", CHILD, kind], capture_output=True, text=True,
                              env=env, timeout=120)  # fmt: skip
        if done.returncode != 0:
            raise SystemExit(f"{kind} in {python}: {done.stderr.strip().splitlines()[-1]}")
        runs.append(json.loads(done.stdout))
    runs.sort(key=lambda r: r["import_ms"])
    return runs[len(runs) // 2]  # the median run's figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vendor-python", help="an interpreter with Adafruit's driver")
    args = parser.parse_args()
    rows = [("smbus2 0.6, keystand.hal.mpr121 (kept)", measure(sys.executable, "smbus2"))]
    if args.vendor_python:
        rows.append(("adafruit-circuitpython-mpr121 on Blinka", measure(args.vendor_python,
                                                                         "vendor")))  # fmt: skip
    print("| driver | import | memory | modules | distributions (size) | "
          "one reading: transactions, bytes, at 100 kHz | CPU per reading |")
    print("|---|---|---|---|---|---|---|")
    for name, r in rows:
        wire_ms = r["bytes"] * 9 / 100_000 * 1000  # 9 clocks a byte, ACK included
        print(f"| {name} | {r['import_ms']:.0f} ms | {r['rss_kib'] / 1024:.1f} MiB | "
              f"{r['modules']} | {len(r['dists'])} ({r['dist_kib']:,} KiB) | "
              f"{r['transactions']}, {r['bytes']} B, {wire_ms:.1f} ms | "
              f"{r['read_us']:.0f} µs |")
        print(f"<!-- {name}: {', '.join(r['dists'])} -->")


if __name__ == "__main__":
    main()
