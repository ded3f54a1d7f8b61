"""Which HTTP server for the simulator and the phone views: http.server, aiohttp, or
Starlette on uvicorn, measured the way the simulator uses one.

Each server runs in its own process that first imports what ``keystand simulate``
imports (the daemon, the simulated table, Pillow, zxing-cpp), so the numbers are
what the server adds to the process, not the interpreter. It serves a page route
and a server-sent event stream; four streams stay open (a page, a second tab, two
phones) while one client sends requests as fast as it can for 3 s, then all sit
idle for 10 s.

aiohttp, Starlette and uvicorn are not keystand dependencies; install them beside
keystand in a scratch environment to compare (a server not installed is skipped):

    python -m venv /tmp/web-bench && /tmp/web-bench/bin/pip install -e '.[sim]' \\
        aiohttp starlette uvicorn
    /tmp/web-bench/bin/python benchmarks/bench_web_servers.py
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

STREAMS = 4
LOAD_SECONDS = 3
IDLE_SECONDS = 10

CHILD = r"""
import sys, threading
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])
import PIL.Image, PIL.PngImagePlugin, zxingcpp, sqlite3, json, queue, logging
import keystand.app.daemon, keystand.sim.table, keystand.hardware, keystand.sim.pin_driver
before = rss()
kind, port = sys.argv[1], int(sys.argv[2])
PAGE = b"x" * 15000  # about the size of the simulator's page

if kind == "http.server":
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    forever = threading.Event()
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def do_GET(self):
            if self.path == "/events":
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                self.wfile.write(b"data: hello\n\n"); self.wfile.flush()
                forever.wait()
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(PAGE)))
            self.end_headers()
            self.wfile.write(PAGE)
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    print(before, rss(), flush=True)
    server.serve_forever(None)
elif kind == "aiohttp":
    import asyncio
    from aiohttp import web
    async def page(request):
        return web.Response(body=PAGE)
    async def events(request):
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(b"data: hello\n\n")
        await asyncio.Event().wait()
    app = web.Application()
    app.router.add_get("/", page)
    app.router.add_get("/events", events)
    print(before, rss(), flush=True)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)
elif kind == "starlette":
    import asyncio
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route
    async def page(request):
        return Response(PAGE)
    async def stream():
        yield b"data: hello\n\n"
        await asyncio.Event().wait()
    async def events(request):
        return StreamingResponse(stream(), media_type="text/event-stream")
    app = Starlette(routes=[Route("/", page), Route("/events", events)])
    print(before, rss(), flush=True)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
"""

LIBRARIES = {"http.server": "http.server", "aiohttp": "aiohttp", "starlette": "uvicorn"}


def _status(pid: int) -> dict[str, str]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, value = line.split(":", 1)
        out[key] = value.strip()
    return out


def _ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def measure(kind: str) -> str | None:
    try:
        __import__(LIBRARIES[kind])
    except ImportError:
        return None
    port = _free_port()
    began = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, kind, str(port)], stdout=subprocess.PIPE, text=True
    )
    before, after = (int(v) for v in proc.stdout.readline().split())
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/").read()
            break
        except OSError:
            time.sleep(0.02)
    ready = time.perf_counter() - began
    streams = []
    for _ in range(STREAMS):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        s.recv(4096)
        streams.append(s)
    served, end = 0, time.perf_counter() + LOAD_SECONDS
    while time.perf_counter() < end:
        urllib.request.urlopen(base + "/").read()
        served += 1
    time.sleep(0.5)
    ticks = _ticks(proc.pid)
    time.sleep(IDLE_SECONDS)
    idle = (_ticks(proc.pid) - ticks) / 100
    peak = int(_status(proc.pid)["VmHWM"].split()[0])
    for s in streams:
        s.close()
    proc.terminate()
    proc.wait()
    return (
        f"| {kind} | {(after - before) / 1024:.1f} MiB | {(peak - before) / 1024:.1f} MiB "
        f"| {served / LOAD_SECONDS:.0f} | {idle / IDLE_SECONDS:.2%} | {ready * 1000:.0f} ms |"
    )


def main() -> None:
    print(
        f"what each server adds to a process holding the simulator's imports; {STREAMS} "
        f"event streams open, one client for {LOAD_SECONDS} s, then {IDLE_SECONDS} s idle"
    )
    print("| server | import | peak under load | pages/s | idle CPU | ready |")
    print("|---|---|---|---|---|---|")
    for kind in LIBRARIES:
        row = measure(kind)
        print(row if row else f"| {kind} | not installed | | | | |")


if __name__ == "__main__":
    main()
