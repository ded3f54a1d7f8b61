"""HTTP for the simulator: the page, the phone seat views, their event streams, the POSTs.

Python's ``http.server``, a thread per connection, hardened by ``web/guard.py``
(why not aiohttp or Starlette, with the measurements: docs/simulator.md).

Every endpoint needs a token: the page's own (printed at start) shows both
panels and may press buttons; a seat's token shows that seat's panel alone at
``/seat/A`` or ``/seat/B`` (``/s/A?t=…`` is the short form the displays show as
a QR) and presses nothing. Both stay the same for the life of the state folder.
A wrong or missing token gets 403 and nothing else.
"""

from __future__ import annotations

import json
import logging
import queue
import socket
import sys
import threading
import time
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from ipaddress import ip_address
from urllib.parse import SplitResult, parse_qs, urlsplit

from ..rules.layout import SEATS
from .guard import DRAIN_MAX, Hosts, Refusal, check_length, content_length
from .images import MAX_IMAGE_BYTES
from .simulator import Client, Simulator

log = logging.getLogger(__name__)

# What each POST takes, and the most bytes of it the server will read.
POSTS: dict[str, tuple[int, str]] = {
    "/input": (1024, "a command"),  # a scan is at most 256 bytes on the scanner's line
    "/scan-image": (MAX_IMAGE_BYTES, "an image"),
    "/scan-slip": (32, "a slip number"),
    "/panels": (32, "a panel switch"),
    "/words": (32, "a word list"),
    "/clue": (256, "a clue"),
}
PAGES = ("/", "/seat/A", "/seat/B")
IDLE = 30.0  # seconds a connection may stay silent, mid-request or between requests
KEEP_ALIVE = 15.0  # an idle event stream gets one comment line this often, and nothing else
MAX_CONNECTIONS = 64  # beyond this, a new connection is closed at once
LINGER = (1.0, 2**20)  # after refusing a body: read and drop at most this long and this much


class Server(ThreadingHTTPServer):
    """A thread per connection, at most ``MAX_CONNECTIONS`` of them, quiet about hang-ups."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type, family: int) -> None:
        self.address_family = family
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(address, handler)

    def process_request(self, request, client_address) -> None:
        if not self.slots.acquire(blocking=False):
            log.warning("%d connections open: one more refused", MAX_CONNECTIONS)
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError | TimeoutError):  # one line, never a traceback
            log.info("%s hung up (%s)", client_address[0], type(exc).__name__)
        else:
            log.exception("error serving %s", client_address[0])


def make_handler(sim: Simulator, hosts: Hosts) -> type[BaseHTTPRequestHandler]:
    page = files("keystand.web").joinpath("page.html").read_text(encoding="utf-8")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "keystand"
        timeout = IDLE

        _length: int | None = None
        _body_read = False
        _linger = False

        def log_message(self, format: str, *args) -> None:
            log.debug("%s %s", self.address_string(), format % args)

        def do_GET(self) -> None:
            self._serve(self._get)

        def do_POST(self) -> None:
            self._serve(self._post)

        def _serve(self, act) -> None:
            self._length, self._body_read = None, False
            try:
                self._length = content_length(self.headers)
                act(urlsplit(self.path))
            except Refusal as refusal:
                self._refuse(refusal)

        # -------------------------------------------------------------- GET

        def _get(self, url: SplitResult) -> None:
            path = url.path
            if path in ("/s/A", "/s/B"):  # the short form of a seat link
                path = "/seat/" + path[-1]
            if path not in (*PAGES, "/events", "/check"):
                raise Refusal(HTTPStatus.NOT_FOUND, "not found")
            if self._length:
                raise Refusal(HTTPStatus.BAD_REQUEST, "a GET carries no body")
            scope = self._scope(url)
            if path == "/check":  # a tab asking whether its address still works
                self._send(HTTPStatus.NO_CONTENT, b"", "text/plain")
            elif path == "/events":
                self._events(sim.connect(scope))
            elif path == "/":
                if scope is not None:
                    raise Refusal(HTTPStatus.FORBIDDEN, "forbidden")
                self._page(SEATS, controls=True)
            else:
                if scope not in (None, path[-1]):
                    raise Refusal(HTTPStatus.FORBIDDEN, "forbidden")
                self._page((path[-1],), controls=False)

        def _page(self, seats: tuple[str, ...], controls: bool) -> None:
            # The page's words in the table's language, in the page itself, so its
            # first paint (and its banner while the simulator is down) needs no stream.
            text = sim.page_text()
            words = json.dumps(text, ensure_ascii=False).replace("</", "<\\/")
            html = page.replace("__SEATS__", json.dumps(list(seats)))
            html = html.replace("__CONTROLS__", "true" if controls else "false")
            html = html.replace("__TEXT__", words).replace("__LANG__", text["lang"])
            # the tab's title before the script runs (and for whatever reads no script)
            title = text["title"] if controls else text["phone_title"].replace("{seat}", seats[0])
            html = html.replace("__TITLE__", escape(title))
            self._send(HTTPStatus.OK, html.encode(), "text/html; charset=utf-8")

        def _events(self, client: Client) -> None:
            try:
                self.send_response(HTTPStatus.OK)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-store")
                self.send_header("Connection", "close")  # the stream ends with the connection
                self.end_headers()
                self.wfile.write(b"retry: 2000\n\n")  # a restarted server is found again soon
                while not client.dropped:
                    try:
                        data = client.queue.get(timeout=KEEP_ALIVE)
                    except queue.Empty:
                        self.wfile.write(b": keep-alive\n\n")
                    else:
                        if data is None:
                            break
                        self.wfile.write(f"data: {data}\n\n".encode())
                    self.wfile.flush()
            except (ConnectionError, TimeoutError):
                pass  # the tab went away: nothing to say
            finally:
                sim.disconnect(client)

        # -------------------------------------------------------------- POST

        def _post(self, url: SplitResult) -> None:
            route = POSTS.get(url.path)
            if route is None:
                raise Refusal(HTTPStatus.NOT_FOUND, "not found")
            hosts.check_change(self.headers)
            scope = self._scope(url)
            if scope is not None and url.path != "/clue":  # a seat types only its clue
                raise Refusal(HTTPStatus.FORBIDDEN, "a seat view cannot press buttons")
            cap, what = route
            length = check_length(self._length, cap, what)
            body = self._read(length)
            if body is None:
                return  # the client hung up mid-body
            if url.path == "/scan-image":
                self._reply(sim.scan_image(body))
                return
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                raise Refusal(HTTPStatus.BAD_REQUEST, f"{what} must be UTF-8 text") from None
            if url.path == "/panels":
                self._reply(sim.switch_panels())
            elif url.path == "/words":
                self._reply(sim.set_words(text.strip()))
            elif url.path == "/scan-slip":
                self._reply(sim.scan_slip(text))
            elif url.path == "/clue":
                self._reply(sim.give_clue(text, seat=scope))
            else:
                self._reply(sim.command(text))

        def _read(self, length: int) -> bytes | None:
            body = self.rfile.read(length) if length else b""
            self._body_read = True
            if len(body) < length:
                self.close_connection = True
                return None
            return body

        # -------------------------------------------------------------- replies

        def _scope(self, url: SplitResult) -> str | None:
            query = parse_qs(url.query)
            tokens = query.get("token") or query.get("t")
            try:
                return sim.access(tokens[0] if tokens else None)
            except PermissionError:
                raise Refusal(HTTPStatus.FORBIDDEN, "forbidden") from None

        def _send(self, status: HTTPStatus, body: bytes, ctype: str, close: bool = False) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            if close:
                self.send_header("Connection", "close")  # also sets close_connection
            self.end_headers()
            self.wfile.write(body)

        def _reply(self, error: str | None) -> None:
            if error:
                self._send(HTTPStatus.BAD_REQUEST, (error + "\n").encode(), "text/plain")
            else:
                self._send(HTTPStatus.NO_CONTENT, b"", "text/plain")

        def _refuse(self, refusal: Refusal) -> None:
            """Refuse, leaving the connection able to carry the next request (the
            body was read) or closing it."""
            close = refusal.close or not self._drain()
            body = (refusal.message + "\n").encode()
            self._send(refusal.status, body, "text/plain; charset=utf-8", close=close)
            self._linger = close and not self._body_read

        def _drain(self) -> bool:
            """Read and drop a refused request's body; False when it is too long to."""
            if self._body_read or not self._length:
                return True
            if self._length > DRAIN_MAX:
                return False
            return self._read(self._length) is not None

        def finish(self) -> None:
            try:
                super().finish()
            finally:
                if self._linger:
                    self._linger_close()

        def _linger_close(self) -> None:
            """Half-close, then read and drop what the client still sends for a moment,
            so that its unread body does not reset the connection before it has read
            the refusal."""
            seconds, most = LINGER
            sock = self.connection
            try:
                sock.shutdown(socket.SHUT_WR)
                deadline = time.monotonic() + seconds
                while most > 0 and (left := deadline - time.monotonic()) > 0:
                    sock.settimeout(left)
                    data = sock.recv(65536)
                    if not data:
                        break
                    most -= len(data)
            except OSError:
                pass

    return Handler


def serve(sim: Simulator, host: str, port: int) -> Server:
    """Listen on ``host``:``port`` (0: any free port); tell ``sim`` its links' address."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    server = Server((host, port), make_handler(sim, Hosts(host)), family)
    bound = server.server_address[1]
    reachable = _reachable(host)
    shown = f"[{reachable}]" if ":" in reachable else reachable
    sim.link_base = f"http://{shown}:{bound}"
    sim.local_only = _loopback(host)
    return server


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def _reachable(host: str) -> str:
    """The address a phone on the same network uses for a server bound to ``host``."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            return s.getsockname()[0]
        except OSError:
            return socket.gethostname()
