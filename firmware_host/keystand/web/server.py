"""``keystand simulate``: the real daemon on simulated pins, shown in a browser.

The page's panels are drawn from the bytes that went over each simulated bus,
decoded the way the controller decodes them; its buttons send pin-level
commands (the same as ``--simulate``'s stdin), so debounce, holds and the
encoder run exactly as on the Pi. The bank slots show what lies on the table
(the simulated switch levels or hall readings), the printer's slips are decoded
from the ESC/POS bytes that reached the simulated printer's pty, and a QR image
dropped on the page is decoded and sent over the scanner's serial line. Updates
are pushed with server-sent events.

Every endpoint needs a token: the page's own (printed at start) shows both
panels; each seat's token (new for every game) shows that seat's panel alone at
``/seat/A`` or ``/seat/B`` (``/s/A?t=…`` is the short form the displays show as
a QR). A wrong or missing token gets 403 and nothing else. Python's standard
``http.server`` is enough here: one user, a few tabs, and no dependency to
install on a Pi.
"""

from __future__ import annotations

import base64
import functools
import io
import json
import queue
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from ..app.daemon import Daemon, build_daemon
from ..config import DeviceConfig
from ..i18n import LANGUAGES
from ..rules.layout import SEATS
from ..sim.table import FrameShown, SimEvent, SimTable, SlipPrinted

MAX_IMAGE = 8 * 1024 * 1024  # a phone photo of a slip; anything larger is refused
SLIPS_KEPT = 12


class Simulator:
    """The daemon (or, after a panel switch, its successor) and everything the page shows."""

    def __init__(
        self,
        configs: list[DeviceConfig],
        state_dir: Path,
        key: str | None = None,
        link_base: str = "",
    ) -> None:
        """``configs``: the configured build first, then the other panel build, if any."""
        self.configs = configs
        self.state_dir = state_dir
        self.panel = 0
        self.link_base = link_base  # "http://host:port", set once the server listens
        self.token = secrets.token_urlsafe(16)
        self.seat_tokens: dict[str, str] = {}
        self._game: int | None = None
        self.frames: dict[str, str] = {}
        self.slips: list[str] = []
        self.words_lang: str | None = "en"
        self._last: dict[str, str] = {}  # the last "table" and "words" messages sent
        self.clients: list[tuple[queue.Queue, str | None]] = []
        self.lock = threading.Lock()
        self.switching = threading.Lock()  # held while one daemon hands over to the next
        self._next: int | None = None
        self.daemon = self._start(configs[0], key)

    # ------------------------------------------------------------------ daemons

    def _start(self, config: DeviceConfig, key: str | None = None, settings=None) -> Daemon:
        d = build_daemon(
            config, "sim", self.state_dir, key=key, settings=settings, seat_link=self.seat_link
        )
        table = d.hardware.table
        assert table is not None
        self.sim: SimTable = table
        table.listen(self._sim_event)
        return d

    def _sim_event(self, event: SimEvent) -> None:
        if isinstance(event, FrameShown):
            self._frame(event.seat)
        elif isinstance(event, SlipPrinted):
            self._slip(event.paper)

    def run(self) -> None:
        """Run the daemon in this thread; after a panel switch, run its successor."""
        while True:
            self.daemon.run()
            if self._next is None:
                return
            with self.switching:
                old, self.panel, self._next = self.daemon, self._next, None
                self.frames.clear()
                self.daemon = self._start(self.configs[self.panel], settings=old.settings)
                self.daemon.take_over(old)
            self._broadcast(self.setup(), None)
            self.daemon.refresh()

    def switch_panels(self) -> str | None:
        if len(self.configs) < 2:
            return "no other panel build to switch to"
        with self.switching:
            self._next = 1 - self.panel
            self.daemon.stop("switching panels")
        return None

    def stop(self, reason: str = "stop") -> None:
        self._next = None
        self.daemon.stop(reason)

    def command(self, line: str) -> str | None:
        with self.switching:
            if self._next is not None:
                return "switching panels: try again in a moment"
            error = self.sim.command(line)
        self._send_table()
        return error

    # ------------------------------------------------------------------ what the page shows

    def setup(self) -> dict:
        hardware = self.daemon.hardware
        bank = hardware.config.bank
        displays = hardware.config.displays
        return {
            "kind": "setup",
            "panels": {seat: list(d.size) for seat, d in displays.items()},
            "panel": "colour" if any(d.colour for d in displays.values()) else "mono",
            "switchable": len(self.configs) > 1,
            "slots": bank.slots if bank.sensed else 0,
            "analog": bank.sided,
            "scanner": hardware.scanner is not None,
            "printer": hardware.printer is not None,
            "words": self.words_lang,
        }

    def _frame(self, seat: str) -> None:
        """Called in the loop thread after a panel received a frame."""
        self._tokens()
        buf = io.BytesIO()
        self.sim.frame(seat).save(buf, format="PNG")
        png = base64.b64encode(buf.getvalue()).decode()
        self.frames[seat] = png
        self._broadcast({"kind": "frame", "seat": seat, "png": png}, seat)
        self._send_table()
        self._send_words()

    def _tokens(self) -> None:
        """New seat tokens for every game: last game's seat links stop working."""
        game = self.daemon.game_id
        if game == self._game:
            return
        self._game = game
        # 48 bits each: enough for a link that lives one game, short enough that
        # the link fits a QR code on a 128x64 panel.
        self.seat_tokens = {s: secrets.token_urlsafe(6) for s in SEATS}
        with self.lock:
            for q, only in self.clients:
                if only is not None:
                    q.put(None)
        self._broadcast({"kind": "game", "seats": self.seat_tokens}, None)

    def seat_link(self, seat: str) -> str:
        self._tokens()
        return f"{self.link_base}/s/{seat}?t={self.seat_tokens[seat]}"

    def table(self) -> dict:
        return {"kind": "table", "slots": self.sim.slots()}

    def _send_table(self) -> None:
        self._send_changed(self.table())

    def words(self) -> dict:
        """The 25 word cards, in seat A's reading order, with what covers each."""
        state = self.daemon.state
        if self.words_lang is None:
            return {"kind": "words", "lang": None, "words": []}
        words = _dealt(self.words_lang, state.layout)
        covers = []
        for i in range(25):
            guessers = state.bystander_guessers(i)
            covers.append(
                "agent" if state.agents[i] else "".join(sorted(guessers)) if guessers else ""
            )
        return {"kind": "words", "lang": self.words_lang, "words": words, "covers": covers}

    def _send_words(self) -> None:
        self._send_changed(self.words())

    def set_words(self, lang: str) -> str | None:
        if lang not in (*LANGUAGES, "off"):
            return f"no word list '{lang}' ({', '.join(LANGUAGES)} or off)"
        self.words_lang = None if lang == "off" else lang
        self._send_words()
        return None

    def _send_changed(self, message: dict) -> None:
        data = json.dumps(message)
        if self._last.get(message["kind"]) != data:
            self._last[message["kind"]] = data
            self._broadcast(message, None)

    def _slip(self, paper) -> None:
        """Called on the printer peer's thread when a job has come out."""
        from ..sim.escpos_paper import render

        buf = io.BytesIO()
        render(paper).save(buf, format="PNG")
        png = base64.b64encode(buf.getvalue()).decode()
        self.slips = [*self.slips, png][-SLIPS_KEPT:]
        self._broadcast({"kind": "slip", "png": png}, None)

    def scan_image(self, data: bytes) -> str | None:
        """Decode a QR code in an image and send it over the scanner's wire."""
        if self.daemon.hardware.scanner is None:
            return "no scanner configured"
        try:
            import zxingcpp
        except ImportError:
            return "reading QR images needs zxing-cpp: pip install 'keystand[sim]'"
        from PIL import Image, UnidentifiedImageError

        try:
            image = Image.open(io.BytesIO(data))
            image.load()
        except (UnidentifiedImageError, OSError):
            return "not an image (PNG, JPEG, GIF, WebP or BMP)"
        found = [
            r.text
            for r in zxingcpp.read_barcodes(image.convert("L"))
            if r.format == zxingcpp.BarcodeFormat.QRCode
        ]
        if not found:
            return "no QR code found in the image"
        return self.command("scan " + found[0])

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


@functools.lru_cache(maxsize=8)
def _dealt(lang: str, layout) -> tuple[str, ...]:
    """A game's words (seeded by its key's rank); cached, as every frame asks."""
    from ..books.words import deal, load
    from ..rules.ranking import rank

    return deal(load(lang), rank(layout))


def make_handler(sim: Simulator):
    page = files("keystand.web").joinpath("page.html").read_text(encoding="utf-8")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):  # keep stderr for the daemon's log
            pass

        def _scope(self):
            query = parse_qs(urlparse(self.path).query)
            tokens = query.get("token") or query.get("t")
            token = tokens[0] if tokens else None
            try:
                return True, sim.access(token)
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
            if path in ("/s/A", "/s/B"):  # the short form of a seat link
                path = "/seat/" + path[-1]
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
                    for message in (sim.setup(), {"kind": "game", "seats": sim.seat_tokens}):
                        q.put(json.dumps(message))
                    for message in (sim.table(), sim.words()):
                        q.put(json.dumps(message))
                    for png in list(sim.slips):
                        q.put(json.dumps({"kind": "slip", "png": png}))
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
            path = urlparse(self.path).path
            if path not in ("/input", "/scan-image", "/panels", "/words"):
                self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
                return
            ok, scope = self._scope()
            if not ok:
                return
            if scope is not None:  # a phone shows a seat; it does not press buttons
                self._send(HTTPStatus.FORBIDDEN, b"forbidden\n", "text/plain")
                return
            length = int(self.headers.get("Content-Length", "0") or 0)
            if path == "/scan-image":
                if length > MAX_IMAGE:
                    self._reply(f"image larger than {MAX_IMAGE // 2**20} MiB refused")
                    return
                self._reply(sim.scan_image(self.rfile.read(length)))
                return
            body = self.rfile.read(min(length, 200)).decode("utf-8", "replace")
            if path == "/panels":
                self._reply(sim.switch_panels())
            elif path == "/words":
                self._reply(sim.set_words(body.strip()))
            else:
                self._reply(sim.command(body))

        def _reply(self, error: str | None) -> None:
            if error:
                self._send(HTTPStatus.BAD_REQUEST, (error + "\n").encode(), "text/plain")
            else:
                self.send_response(HTTPStatus.NO_CONTENT)
                self.send_header("Content-Length", "0")
                self.end_headers()

    return Handler


def serve(sim: Simulator, address: str, port: int) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer((address, port), make_handler(sim))
    server.daemon_threads = True
    host, bound = server.server_address[:2]
    sim.link_base = f"http://{_reachable(str(host))}:{bound}"
    return server


def _reachable(host: str) -> str:
    """The address a phone on the same network uses for a server bound to ``host``."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            return s.getsockname()[0]
        except OSError:
            return socket.gethostname()
