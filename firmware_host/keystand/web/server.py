"""``keystand simulate``: the real daemon on simulated pins, shown in a browser.

The page's panels are drawn from the bytes that went over each simulated I2C
bus, decoded the way the controller decodes them; its buttons send pin-level
commands (the same as ``--simulate``'s stdin), so debounce, holds and the
encoder run exactly as on the Pi. Updates are pushed with server-sent events.

Every endpoint needs a token: the page's own (printed at start) shows both
panels; each seat's token (new for every game) shows that seat's panel alone at
``/seat/A`` or ``/seat/B``. A wrong or missing token gets 403 and nothing else.
Python's standard ``http.server`` is enough here: one user, a few tabs, and no
dependency to install on a Pi.
"""

from __future__ import annotations

import base64
import io
import json
import queue
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from urllib.parse import parse_qs, urlparse

from ..app.daemon import Daemon
from ..app.sim_input import SimInput
from ..hal.controller import decoder_for

SEATS = ("A", "B")


class Simulator:
    def __init__(self, daemon: Daemon) -> None:
        self.daemon = daemon
        self.input = SimInput(daemon)
        self.token = secrets.token_urlsafe(16)
        self.seat_tokens: dict[str, str] = {}
        self._game: int | None = None
        self.rams = {}
        self.frames: dict[str, str] = {}
        self.clients: list[tuple[queue.Queue, str | None]] = []
        self.lock = threading.Lock()
        for seat, panel in daemon.displays.items():
            ram = self.rams[seat] = decoder_for(panel.kind)
            panel.bus.listeners.append(lambda t, ram=ram: ram.feed([t]))
        daemon.frame_listeners.append(self._frame)

    def _frame(self, seat: str) -> None:
        """Called in the loop thread after a panel received a frame."""
        if self.daemon.journal.game_id != self._game:  # a new game: new seat tokens
            self._game = self.daemon.journal.game_id
            self.seat_tokens = {s: secrets.token_urlsafe(12) for s in SEATS}
            with self.lock:  # last game's seat links stop here
                for q, only in self.clients:
                    if only is not None:
                        q.put(None)
            self._broadcast({"kind": "game", "seats": self.seat_tokens}, None)
        buf = io.BytesIO()
        self.rams[seat].image().save(buf, format="PNG")
        png = base64.b64encode(buf.getvalue()).decode()
        self.frames[seat] = png
        self._broadcast({"kind": "frame", "seat": seat, "png": png}, seat)

    def _broadcast(self, message: dict, seat: str | None) -> None:
        data = json.dumps(message)
        with self.lock:
            for q, only in self.clients:
                if only is None or (seat is not None and only == seat):
                    q.put(data)

    def access(self, token: str | None) -> str | None:
        """None for the whole page, a seat for a seat token; raises PermissionError."""
        if token and secrets.compare_digest(token, self.token):
            return None
        for seat, seat_token in self.seat_tokens.items():
            if token and secrets.compare_digest(token, seat_token):
                return seat
        raise PermissionError


def make_handler(sim: Simulator):
    page = files("keystand.web").joinpath("page.html").read_text(encoding="utf-8")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):  # keep stderr for the daemon's log
            pass

        def _scope(self):
            query = parse_qs(urlparse(self.path).query)
            try:
                return True, sim.access(query.get("token", [None])[0])
            except PermissionError:
                self._send(HTTPStatus.FORBIDDEN, b"forbidden\n", "text/plain")
                return False, None

        def _send(self, status, body: bytes, ctype: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            path = urlparse(self.path).path
            if path not in ("/", "/seat/A", "/seat/B", "/events"):
                self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
                return
            ok, scope = self._scope()
            if not ok:
                return
            if path.startswith("/seat/") and scope not in (None, path[-1]):
                self._send(HTTPStatus.FORBIDDEN, b"forbidden\n", "text/plain")
                return
            if path == "/events":
                self._events(scope)
                return
            seats = SEATS if path == "/" and scope is None else (scope or path[-1],)
            if path == "/" and scope is not None:
                self._send(HTTPStatus.FORBIDDEN, b"forbidden\n", "text/plain")
                return
            html = page.replace("__SEATS__", json.dumps(list(seats)))
            html = html.replace("__CONTROLS__", "true" if path == "/" else "false")
            self._send(HTTPStatus.OK, html.encode(), "text/html; charset=utf-8")

        def _events(self, scope):
            q: queue.Queue = queue.Queue()
            with sim.lock:
                sim.clients.append((q, scope))
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            try:
                if scope is None:
                    q.put(json.dumps({"kind": "game", "seats": sim.seat_tokens}))
                for seat, png in list(sim.frames.items()):
                    if scope in (None, seat):
                        q.put(json.dumps({"kind": "frame", "seat": seat, "png": png}))
                while True:
                    try:
                        data = q.get(timeout=15)
                        if data is None:
                            break
                        self.wfile.write(f"data: {data}\n\n".encode())
                    except queue.Empty:
                        self.wfile.write(b": keep-alive\n\n")  # one line per 15 s when idle
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass
            finally:
                with sim.lock:
                    sim.clients.remove((q, scope))

        def do_POST(self):
            if urlparse(self.path).path != "/input":
                self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
                return
            ok, scope = self._scope()
            if not ok:
                return
            if scope is not None:  # a phone shows a seat; it does not press buttons
                self._send(HTTPStatus.FORBIDDEN, b"forbidden\n", "text/plain")
                return
            length = int(self.headers.get("Content-Length", "0"))
            command = self.rfile.read(min(length, 200)).decode("utf-8", "replace")
            error = sim.input.command(command)
            status = HTTPStatus.BAD_REQUEST if error else HTTPStatus.NO_CONTENT
            if error:
                self._send(status, (error + "\n").encode(), "text/plain")
            else:
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

    return Handler


def serve(daemon: Daemon, address: str, port: int) -> tuple[ThreadingHTTPServer, Simulator]:
    sim = Simulator(daemon)
    server = ThreadingHTTPServer((address, port), make_handler(sim))
    server.daemon_threads = True
    return server, sim
