"""``serve``: the scoreboard as a read-only web page for the phones and the TV at the table.

The server is the standard library's :class:`http.server.ThreadingHTTPServer`: one
thread a connection, so a slow or stalled client holds only its own thread (each
socket times out after :data:`TIMEOUT` seconds) — ``benchmarks/bench_serve.py``
shows it holding 50 phones polling every second with no error. Routes (under
``/TOKEN/`` when the address carries a token):

- ``/`` the page (:func:`scorekeeper.cli.render.page.page`), ``board.js``, ``board.css``;
- ``board.json`` the board document the page polls (the ``standings``, ``history``
  and ``chart`` documents), with an ETag: a poll that finds nothing new gets 304.

Anything else is 404 (no listing, no file outside these routes); a method other
than GET or HEAD is 405; a bad request line, huge headers or junk bytes get the
standard library's 400/414/431 and the server goes on. The board is read as
``standings`` reads (no lock, no write, no file created), through one
:class:`~scorekeeper.cli.watch.Follower` shared by every request: it looks at the
database at most every :data:`FRESH` seconds, however many phones ask.
"""
from __future__ import annotations

import gc
import hashlib
import ipaddress
import json
import secrets
import socket
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from scorekeeper.cli.watch import Follower

#: Seconds a client may take to send its request (and to read the answer) before it is dropped.
TIMEOUT = 10
#: Seconds one look at the database stays good for every request.
FRESH = 0.25
#: The port used when none is given.
PORT = 8765
#: The methods answered; every other one gets 405.
METHODS = ("GET", "HEAD")


class Board:
    """The board as the page gets it, shared by the server's threads: the JSON bytes of
    :func:`scorekeeper.cli.render.page.document` and their ETag, made again only when
    the database changed (looked at no more than every :data:`FRESH` seconds)."""

    def __init__(self, application: Any, session: str | None, language: str):
        self.follower = Follower(application, session, history=True)
        self.language = language
        self.lock = threading.Lock()
        self.checked = float("-inf")
        self.version = -1
        self.body = b""
        self.tag = ""
        self.first: dict = {}

    def current(self) -> tuple[bytes, str, dict]:
        """``(JSON bytes, ETag, document)`` of the newest board."""
        from scorekeeper.cli import language as spoken
        from scorekeeper.cli.render.page import document

        with self.lock:
            now = time.monotonic()
            if now - self.checked >= FRESH:
                self.checked = now
                self.follower.poll()
            f = self.follower
            if f.version != self.version:
                with spoken.speaking(self.language):
                    doc = document(f.doc, f.notice, f.version)
                self.body = json.dumps(doc, ensure_ascii=False).encode()
                self.tag = '"' + hashlib.sha256(self.body).hexdigest()[:20] + '"'
                self.version, self.first = f.version, doc
            return self.body, self.tag, self.first


class Handler(BaseHTTPRequestHandler):
    """One request: GET or HEAD of a route, else 404 / 405 / the standard library's 4xx."""

    server_version = "scorekeeper"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"  # a junk request line still gets a status line, not a bare page
    timeout = TIMEOUT
    board: Board  # set on the class made for each server (see :func:`handler_for`)
    prefix = "/"

    def version_string(self) -> str:
        return self.server_version

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):  # a method other than GET and HEAD: 405, never 501
            return self.not_allowed
        raise AttributeError(name)

    def not_allowed(self) -> None:
        self.close_connection = True
        self.send_response(HTTPStatus.METHOD_NOT_ALLOWED)
        self.send_header("Allow", ", ".join(METHODS))
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()

    def do_HEAD(self) -> None:
        self.answer(body=False)

    def do_GET(self) -> None:
        self.answer(body=True)

    def answer(self, body: bool) -> None:
        from scorekeeper.cli.render import page

        path = urlsplit(self.path).path
        if not path.startswith(self.prefix):
            if path + "/" == self.prefix:  # the address without its last slash
                return self.send(HTTPStatus.MOVED_PERMANENTLY, b"", "text/plain", body, {"Location": self.prefix})
            return self.send_error(HTTPStatus.NOT_FOUND)
        route = path[len(self.prefix):]
        if route == "board.json":
            data, tag, _doc = self.board.current()
            if tag in (self.headers.get("If-None-Match") or ""):
                return self.send(HTTPStatus.NOT_MODIFIED, b"", "application/json", False, {"ETag": tag})
            return self.send(HTTPStatus.OK, data, "application/json; charset=utf-8", body, {"ETag": tag})
        if route == "":
            _data, _tag, doc = self.board.current()
            text = page.page(doc, self.board.language).encode()
            return self.send(HTTPStatus.OK, text, "text/html; charset=utf-8", body)
        if route in ("board.js", "board.css"):
            kind = "text/javascript" if route.endswith(".js") else "text/css"
            return self.send(HTTPStatus.OK, page.asset(route), kind + "; charset=utf-8", body)
        self.send_error(HTTPStatus.NOT_FOUND)

    def send(self, status: HTTPStatus, data: bytes, kind: str, body: bool, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy",
                         "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                         "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if body and data:
            self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the standard library's name)
        """Nothing is logged: the terminal shows the address and the QR code, not every poll."""


class Server(ThreadingHTTPServer):
    """The threading server, its threads daemons (Ctrl-C never waits on a stalled phone)."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that broke (a phone gone mid-answer) ends that connection only, quietly."""


def handler_for(board: Board, token: str | None) -> type[Handler]:
    """A :class:`Handler` class answering for ``board`` under ``/token/`` (or ``/``)."""
    return type("BoardHandler", (Handler,), {"board": board, "prefix": f"/{token}/" if token else "/"})


def loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (127.x, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's address on the local network (the one a phone on the same Wi-Fi
    reaches); no packet is sent. Falls back to the host name's address, then 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            return s.getsockname()[0]
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"


def start(application: Any, session: str | None, host: str | None, port: int, lan: bool,
          language: str) -> tuple[Server, str]:
    """Bind the server (not yet serving): ``(server, the address to open)``. 127.0.0.1
    unless ``lan`` (every interface) or ``host``; any address that is not loopback
    carries a random token. Raises :class:`OSError` when the port cannot be bound."""
    bind = host or ("0.0.0.0" if lan else "127.0.0.1")
    token = None if loopback(bind) else secrets.token_urlsafe(12)
    board = Board(application, session, language)
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    server_class = type("BoardServer", (Server,), {"address_family": family})
    server = server_class((bind, port), handler_for(board, token))
    shown = lan_address() if bind in ("0.0.0.0", "::") else bind
    if ":" in shown:
        shown = f"[{shown}]"
    address = f"http://{shown}:{server.server_address[1]}/" + (f"{token}/" if token else "")
    return server, address


def serve_forever(server: Server) -> None:
    """Serve until Ctrl-C (:class:`KeyboardInterrupt` goes through), then close the socket.
    The collector the short commands switch off is on again: this is a long run."""
    gc.enable()
    try:
        server.serve_forever(poll_interval=0.5)
    finally:
        server.server_close()
