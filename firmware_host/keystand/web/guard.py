"""What a request must satisfy before the simulator reads its body or acts on it.

``http.server`` parses the request line and the headers (each bounded by the
standard library) and leaves the body to us; these checks are the rest:

- a body needs a ``Content-Length`` of plain digits (no chunked bodies), at most
  its route's cap; beyond the cap the reply is 413 and the connection closes
  unread, so a client cannot make the server buffer what it declared;
- a request that changes the table must come from the simulator's own page: its
  ``Host`` names this server (an address, ``localhost`` or this machine's name,
  which a DNS-rebinding page cannot forge) and its ``Origin``, when a browser
  sends one, is that host;
- every refusal leaves the connection usable (the body was read) or closes it.
"""

from __future__ import annotations

import ipaddress
import socket
from email.message import Message
from http import HTTPStatus
from urllib.parse import urlsplit

# A refused request's body is read and dropped up to this size, keeping the
# connection alive; past it the connection is closed instead.
DRAIN_MAX = 64 * 1024


class Refusal(Exception):
    """A request refused with ``status``; ``close``: the connection cannot go on."""

    def __init__(self, status: HTTPStatus, message: str, close: bool = False) -> None:
        super().__init__(message)
        self.status, self.message, self.close = status, message, close


def content_length(headers: Message) -> int | None:
    """The declared body length (None: no body declared); raises Refusal when it
    cannot be trusted to frame the next request on the connection."""
    if headers.get("Transfer-Encoding") is not None:
        raise Refusal(
            HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length", close=True
        )
    values = {v.strip() for v in headers.get_all("Content-Length") or []}
    if not values:
        return None
    if len(values) > 1:
        raise Refusal(HTTPStatus.BAD_REQUEST, "conflicting Content-Length headers", close=True)
    (raw,) = values
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 18:
        raise Refusal(
            HTTPStatus.BAD_REQUEST, f"Content-Length {raw[:20]!r} is not a byte count", close=True
        )
    return int(raw)


def check_length(length: int | None, cap: int, what: str) -> int:
    """The body length a route accepts: required, at most ``cap`` bytes."""
    if length is None:
        raise Refusal(HTTPStatus.LENGTH_REQUIRED, "a Content-Length is required", close=True)
    if length > cap:
        raise Refusal(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            f"{what} larger than {_size(cap)} refused",
            close=True,
        )
    return length


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n >= 2**20 else f"{n} bytes"


class Hosts:
    """The names this server answers to, for the Host and Origin checks."""

    def __init__(self, bound: str) -> None:
        names = {"localhost", bound.lower()}
        hostname = socket.gethostname().lower()
        names |= {hostname, f"{hostname}.local"}
        self.names = names

    def known(self, host_header: str | None) -> bool:
        """Host: an IP address or one of this machine's names. The port is not
        checked: a tunnel (``ssh -L``) may forward another port to this one."""
        if not host_header:
            return False
        parts = urlsplit(f"//{host_header}")
        host = parts.hostname
        if host is None:
            return False
        try:
            ipaddress.ip_address(host)
            return True  # an address literal cannot be rebound to this machine by DNS
        except ValueError:
            return host in self.names

    def check_change(self, headers: Message) -> None:
        """Refuse a table-changing request that a page elsewhere may have sent."""
        host = headers.get("Host")
        if not self.known(host):
            raise Refusal(HTTPStatus.FORBIDDEN, f"Host {host!r} is not this simulator")
        if headers.get("Sec-Fetch-Site") not in (None, "same-origin", "none"):
            raise Refusal(HTTPStatus.FORBIDDEN, "cross-site request refused")
        origin = headers.get("Origin")
        if origin is not None and origin != f"http://{host}":
            raise Refusal(HTTPStatus.FORBIDDEN, f"Origin {origin!r} is not this page's")
