"""The simulator's web layer against clients that misbehave, over raw sockets.

Each refusal must leave the connection able to carry the next request (the body
was read) or close it; nothing a client declares may make the server buffer it;
a client that hangs up costs one log line at most; and through all of it the
server's memory stays under 150 MB.
"""

from __future__ import annotations

import io
import socket
import struct
import time

import pytest
from PIL import Image

from browser_sim import start

RSS_LIMIT_KIB = 150 * 1024


class Conn:
    """One client connection, reading responses as they come."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.rfile = self.sock.makefile("rb")

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def response(self) -> tuple[int, dict[str, str], bytes] | None:
        line = self.rfile.readline()
        if not line:
            return None
        code = int(line.split()[1])
        headers = {}
        while (h := self.rfile.readline()) not in (b"\r\n", b""):
            name, value = h.decode("latin-1").split(":", 1)
            headers[name.strip().lower()] = value.strip()
        body = self.rfile.read(int(headers.get("content-length", 0)))
        return code, headers, body

    def closed_by_server(self) -> bool:
        try:
            return self.rfile.read(1) == b""
        except ConnectionResetError:
            return True

    def close(self) -> None:
        self.rfile.close()
        self.sock.close()


def request(method: str, path: str, body: bytes = b"", **headers: str) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    named = {k.replace("_", "-"): v for k, v in headers.items()}
    if body or method == "POST":
        named.setdefault("Content-Length", str(len(body)))
    lines += [f"{k}: {v}" for k, v in named.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = start(tmp_path_factory.mktemp("web") / "state")
    yield running
    try:
        assert running.rss_peak_kib() < RSS_LIMIT_KIB, f"peak RSS {running.rss_peak_kib()} KiB"
    finally:
        running.stop()


def _log_lines(server) -> list[str]:
    return server.log.read_text().splitlines()


def test_a_refused_post_leaves_its_connection_usable(server):
    c = Conn(server.port)
    t = server.token
    # Refused with a body, then the next request on the same connection, pipelined.
    c.send(request("POST", "/input?token=wrong", b"A press") + request("GET", f"/check?token={t}"))
    assert c.response()[0] == 403
    assert c.response()[0] == 204
    c.send(
        request("POST", f"/nowhere?token={t}", b"x" * 5000) + request("GET", f"/check?token={t}")
    )
    assert c.response()[0] == 404
    assert c.response()[0] == 204
    c.send(
        request("POST", f"/input?token={t}", b"A press", Origin="http://evil.example")
        + request("GET", f"/check?token={t}")
    )
    code, _, body = c.response()
    assert code == 403 and b"Origin" in body
    assert c.response()[0] == 204
    # A 300-character scan, then a press: both arrive (the press used to be lost).
    c.send(
        request("POST", f"/input?token={t}", b"scan " + b"X" * 300)
        + request("POST", f"/input?token={t}", b"A right")
    )
    assert c.response()[0] == 204
    assert c.response()[0] == 204
    c.close()


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Content-Length": "-1"}, 400),
        ({"Content-Length": "abc"}, 400),
        ({"Content-Length": "1e3"}, 400),
        ({"Content-Length": "99999999999999999999999"}, 400),
        ({"Transfer-Encoding": "chunked"}, 411),
    ],
)
def test_a_length_that_cannot_frame_a_body_is_refused_and_the_connection_closed(
    server, headers, status
):
    before = len(_log_lines(server))
    c = Conn(server.port)
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    c.send(f"POST /input?token={server.token} HTTP/1.1\r\nHost: 127.0.0.1\r\n{head}\r\n".encode())
    c.send(b"A press")
    code, got, body = c.response()
    assert code == status and got.get("connection") == "close"
    assert body.strip() and body.count(b"\n") == 1  # one line that says what is wrong
    assert c.closed_by_server()
    c.close()
    assert not [line for line in _log_lines(server)[before:] if "Traceback" in line]


def test_a_post_without_a_length_is_refused(server):
    c = Conn(server.port)
    c.send(f"POST /input?token={server.token} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    code, headers, _ = c.response()
    assert code == 411 and headers.get("connection") == "close"
    c.close()


@pytest.mark.parametrize(
    ("path", "declared"),
    [("/input", 300_000_000), ("/scan-image", 300_000_000), ("/scan-image", 9 * 2**20)],
)
def test_a_body_over_its_routes_cap_is_refused_unread(server, path, declared):
    c = Conn(server.port)
    c.send(
        f"POST {path}?token={server.token} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Length: {declared}\r\n\r\n".encode()
    )
    code, headers, body = c.response()  # answered before a byte of the body was sent
    assert code == 413 and headers.get("connection") == "close" and b"refused" in body
    sent = 0
    try:  # a client that pushes on regardless is cut off
        chunk = b"\0" * 65536
        deadline = time.monotonic() + 5
        while sent < 64 * 2**20 and time.monotonic() < deadline:
            c.sock.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass
    assert sent < 64 * 2**20
    c.close()
    assert server.rss_peak_kib() < RSS_LIMIT_KIB


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def test_an_image_too_large_in_pixels_is_refused_before_it_is_decoded(server):
    huge = _png(Image.new("1", (13000, 13000), 1))  # 169 megapixels in a small file
    assert len(huge) < 2**20
    c = Conn(server.port)
    began = time.monotonic()
    c.send(request("POST", f"/scan-image?token={server.token}", huge))
    code, _, body = c.response()
    took = time.monotonic() - began
    assert code == 400 and b"13000x13000 pixels refused" in body
    assert took < 2, took
    assert server.rss_peak_kib() < RSS_LIMIT_KIB
    c.send(request("POST", f"/scan-image?token={server.token}", b"GIF89a" + b"\0" * 40))
    code, _, body = c.response()  # and a broken file is one line, not a traceback
    assert code == 400 and body.count(b"\n") == 1
    c.close()


def test_an_image_at_the_pixel_cap_is_read_within_the_memory_bound(server):
    from keystand.qr import qr_image
    from keystand.rules.gamecode import GameCode, encode
    from keystand.rules.ranking import unrank
    from keystand.rules.setup import Rules
    from keystand.web.images import MAX_PIXELS

    side = int(MAX_PIXELS**0.5)
    photo = Image.new("RGBA", (side, side), (255, 255, 255, 255))
    photo.paste(qr_image(encode(GameCode(Rules(), layout=unrank(42))), module=12), (900, 700))
    data = _png(photo)
    c = Conn(server.port)
    c.send(request("POST", f"/scan-image?token={server.token}", data))
    assert c.response()[0] == 204  # read, and sent over the scanner's line
    assert server.rss_peak_kib() < RSS_LIMIT_KIB
    c.close()


def test_clients_that_hang_up_early_cost_one_line_at_most(server):
    before = len(_log_lines(server))
    rst = struct.pack("ii", 1, 0)  # SO_LINGER 0: close with a reset, as a killed client does
    hang_ups = 0
    for n in range(20):
        c = Conn(server.port)
        c.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, rst)
        if n % 4 == 0:  # the page, big enough not to fit a socket's buffer at once
            c.send(request("GET", f"/?token={server.token}"))
        elif n % 4 == 1:  # an event stream
            c.send(request("GET", f"/events?token={server.token}"))
        elif n % 4 == 2:  # refused before its reply is read
            c.send(request("POST", "/input?token=wrong", b"A press"))
        else:  # half a body, then gone
            c.send(request("POST", f"/input?token={server.token}", b"A pr", Content_Length="7"))
        c.close()
        hang_ups += 1
    time.sleep(1)
    c = Conn(server.port)  # and the server goes on
    c.send(request("GET", f"/check?token={server.token}"))
    assert c.response()[0] == 204
    c.close()
    new = _log_lines(server)[before:]
    assert len(new) <= hang_ups, new
    assert not [line for line in new if "Traceback" in line or "Error" in line.split(":")[0]]


def test_a_get_with_a_body_is_refused_and_the_body_read(server):
    c = Conn(server.port)
    c.send(
        request("GET", f"/check?token={server.token}", b"unexpected")
        + request("GET", f"/check?token={server.token}")
    )
    assert c.response()[0] == 400
    assert c.response()[0] == 204
    c.close()


def test_connections_beyond_the_limit_are_closed_and_the_server_goes_on(server):
    from keystand.web.server import MAX_CONNECTIONS

    idle = [Conn(server.port) for _ in range(MAX_CONNECTIONS)]
    time.sleep(0.5)
    extra = Conn(server.port)
    assert extra.closed_by_server()
    extra.close()
    for c in idle:
        c.close()
    time.sleep(0.5)
    c = Conn(server.port)
    c.send(request("GET", f"/check?token={server.token}"))
    assert c.response()[0] == 204
    c.close()
