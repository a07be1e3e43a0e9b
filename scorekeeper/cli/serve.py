"""``serve``: the scoreboard as a read-only web page for the phones and the TV at the table.

One :mod:`asyncio` loop holds every connection; nothing a client does holds up another:

- a client has :data:`TIMEOUT` seconds to send a whole request head, counted from its
  connection (or from the end of its last answer on a kept-alive connection), however
  slowly the bytes come — a client sending a byte at a time is dropped like a silent one;
- a head (request line and headers) is at most :data:`HEAD_LIMIT` bytes and
  :data:`HEADER_LINES` lines (414 / 431 beyond, and the connection closed), so a
  connection costs a few kilobytes, never megabytes;
- at most :func:`connection_cap` connections are open at once; when a new one would go
  over it, the one that has waited longest for its first request is closed (a stalled
  client, never one being answered, and a phone polling on its kept-alive connection only
  when no stalled one is left), so a crowd of stalled connections cannot lock out a phone;
- an answer is sent within :data:`TIMEOUT` seconds or the connection is dropped.

The board is read as ``standings`` reads (no lock, no write, no file created) on a thread
of its own, through one :class:`~scorekeeper.cli.watch.Follower` shared by every request:
it looks at the database at most every :data:`FRESH` seconds, however many phones ask.

Routes (under ``/SECRET/`` when the address carries the database's secret): ``/`` the page
(:func:`scorekeeper.cli.render.page.page`), ``board.js``, ``board.css``, ``favicon.svg``,
``qr.svg`` (the address as a QR code, for the TV; only with a secret), and ``board.json``,
the document the page polls, with an ETag (an unchanged board is a 304); ``serve --club``
(:class:`ClubBoard`) answers ``club.js``, ``club.css`` and ``club.json`` in place of the
board's (:mod:`scorekeeper.cli.render.clubpage`). Anything else is
404 (no listing, no file outside these routes), a method other than GET or HEAD 405. On
127.0.0.1 (no secret) a request naming another host than this computer (``Host:``) is
refused with 403: a web page elsewhere that points its own name at 127.0.0.1 (DNS
rebinding) cannot read the board. Every answer, refusals included, carries the page's
security headers and, when it is a refusal, one sentence in the table's language; no
answer ever shows a path of this computer.
"""
from __future__ import annotations

import asyncio
import gc
import hashlib
import ipaddress
import json
import os
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from scorekeeper.cli.watch import Follower
from scorekeeper.core.errors import ScorekeeperError

#: Seconds a client has to send a whole request head, and to take an answer.
TIMEOUT = 10
#: The largest request head (request line and headers), in bytes, and its most lines.
HEAD_LIMIT = 8 * 1024
HEADER_LINES = 64
#: Seconds a refused client's unread bytes are still read (and thrown away) before its connection is closed.
LINGER = 2
#: The most connections open at once (fewer where the process may open fewer files).
CONNECTIONS = 512
#: Seconds one look at the database stays good for every request.
FRESH = 0.25
#: The port used when none is given.
PORT = 8765
#: The methods answered; every other one gets 405.
METHODS = ("GET", "HEAD")
#: The headers of every answer: the page's scripts, styles and images from the page's own
#: address only, never framed, no address of the page sent elsewhere, types as declared.
SAFE_HEADERS = {
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}
#: The pages' files, their types (each board answers its own: :attr:`Board.assets`).
ASSETS = {"live.js": "text/javascript; charset=utf-8",
          "board.js": "text/javascript; charset=utf-8", "board.css": "text/css; charset=utf-8",
          "club.js": "text/javascript; charset=utf-8", "club.css": "text/css; charset=utf-8",
          "favicon.svg": "image/svg+xml"}


def connection_cap() -> int:
    """:data:`CONNECTIONS`, or fewer where the process may open fewer files (half of them,
    the rest left for the database and the loop)."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return CONNECTIONS
    if soft == resource.RLIM_INFINITY:
        return CONNECTIONS
    return max(16, min(CONNECTIONS, soft // 2))


def shown_path(value: Any, root: Path) -> str:
    """A path as the page may show it: within the database folder, relative to it
    (``sessions/ab12cd34.json``); elsewhere, its last part only."""
    path = Path(value)
    try:
        return str(path.relative_to(root)) or path.name
    except ValueError:
        return path.name


def without_paths(error: ScorekeeperError, root: Path) -> ScorekeeperError:
    """``error`` with every path among its facts (and its causes' facts) made one
    :func:`shown_path` says, and the database folder's path taken out of any text fact."""
    facts: dict[str, Any] = {}
    for key, value in error.facts.items():
        if isinstance(value, ScorekeeperError):
            value = without_paths(value, root)
        elif isinstance(value, os.PathLike) or (isinstance(value, str) and os.path.isabs(value)):
            value = shown_path(value, root)
        elif isinstance(value, str) and str(root) in value:
            value = value.replace(str(root) + os.sep, "").replace(str(root), root.name)
        facts[key] = value
    return error.with_facts(**facts)


class Board:
    """The board as the page gets it, shared by the server's requests: the JSON bytes of
    :func:`scorekeeper.cli.render.page.document` and their ETag, and the page itself, made
    again only when the database changed (looked at no more than every :data:`FRESH`
    seconds). ``root`` is the database folder: a notice never shows its path."""

    #: the document the page polls, and the page's files
    polled = "board.json"
    assets = ("live.js", "board.js", "board.css", "favicon.svg")

    def __init__(self, application: Any, session: str | None, language: str, qr: bool = False):
        self.follower = self.following(application, session)
        self.language, self.qr = language, qr
        self.root = Path(application.path)
        self.lock = threading.Lock()
        self.checked = float("-inf")
        self.version = -1
        self.body = b""
        self.tag = ""
        self.first: dict = {}
        self.html = b""

    def following(self, application: Any, session: str | None) -> Follower:
        """What reads the board when the database changed."""
        return Follower(application, session, history=True)

    def made(self, doc: dict | None, notice: str | None, version: int) -> tuple[dict, str]:
        """``(the document the page polls, the page)`` of the board ``doc`` read (in the language spoken)."""
        from scorekeeper.cli.render.page import document, page

        polled = document(doc, notice, version)
        return polled, page(polled, self.language, qr=self.qr)

    def current(self) -> tuple[bytes, str, bytes]:
        """``(JSON bytes, ETag, the page)`` of the newest board."""
        from scorekeeper.cli import language as spoken

        with self.lock:
            now = time.monotonic()
            if now - self.checked >= FRESH:
                self.checked = now
                self.follower.poll()
            f = self.follower
            if f.version != self.version:
                with spoken.speaking(self.language):
                    notice = without_paths(f.error, self.root).message.splitlines()[0] if f.error else None
                    doc, html = self.made(f.doc, notice, f.version)
                    self.html = html.encode()
                self.body = json.dumps(doc, ensure_ascii=False).encode()
                self.tag = '"' + hashlib.sha256(self.body).hexdigest()[:20] + '"'
                self.version, self.first = f.version, doc
            return self.body, self.tag, self.html


class ClubFollower(Follower):
    """The club board (``serve --club``: :meth:`~scorekeeper.app.Application.club_board`) as last
    read, read again when the index, the club file or a table's session changed."""

    def __init__(self, application: Any, season: str | None, variant: str | None):
        super().__init__(application, None)
        self.season, self.variant = season, variant

    def look(self) -> Any:
        return self.application.club_board_mark((self.doc or {}).get("sessions", ()))

    def read(self) -> dict:
        return self.application.club_board(self.season, self.variant)


class ClubBoard(Board):
    """The club board as its page gets it (:mod:`scorekeeper.cli.render.clubpage`): the evening's
    tables, the evening's points, the season's standings and the ratings; ``club.json`` polled."""

    polled = "club.json"
    assets = ("live.js", "club.js", "club.css", "favicon.svg")

    def __init__(self, application: Any, season: str | None, variant: str | None, language: str, qr: bool = False):
        self.season, self.variant = season, variant
        super().__init__(application, None, language, qr)

    def following(self, application: Any, session: str | None) -> Follower:
        return ClubFollower(application, self.season, self.variant)

    def made(self, doc: dict | None, notice: str | None, version: int) -> tuple[dict, str]:
        from scorekeeper.cli.render.clubpage import document, page

        polled = document(doc, notice, version)
        return polled, page(polled, self.language, qr=self.qr)


class Request:
    """A request head as read: ``method``, ``path``, ``version`` (``HTTP/1.1``), ``headers``
    (names in lower case), and whether a body was announced."""

    def __init__(self, method: str, target: str, version: str, headers: dict[str, str]):
        self.method, self.version, self.headers = method, version, headers
        self.path = urlsplit(target).path if target.startswith(("/", "http://", "https://")) else ""
        self.body = "transfer-encoding" in headers or headers.get("content-length", "0").strip() not in ("", "0")

    @property
    def keep_alive(self) -> bool:
        """Whether the connection may carry the next request."""
        return (self.version == "HTTP/1.1" and "close" not in self.headers.get("connection", "").lower()
                and not self.body)


class Refused(Exception):
    """A request the server answers with ``status`` and closes the connection after."""

    def __init__(self, status: HTTPStatus):
        super().__init__(status)
        self.status = status


class Server:
    """The board's server over listening ``sockets``: :meth:`run` serves until
    :meth:`shutdown` (from any thread) or Ctrl-C. ``prefix`` is ``/SECRET/`` or ``/``;
    ``local``: the address has no secret (127.0.0.1), so a request must name this computer as
    its host."""

    def __init__(self, sockets: list[socket.socket], board: Board, prefix: str, local: bool,
                 qr: bytes | None = None):
        self.sockets, self.board, self.prefix, self.local, self.qr = sockets, board, prefix, local, qr
        self.cap = connection_cap()
        self.open: set[asyncio.StreamWriter] = set()
        self.count = 0  # the connections taken, those still being set up included
        #: the connections waiting for a request head: (whether one was answered on it before,
        #: since when on the loop's clock)
        self.waiting: dict[asyncio.StreamWriter, tuple[bool, float]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping: asyncio.Event | None = None
        #: :meth:`shutdown` asked for, perhaps before the loop began (then the loop ends at once)
        self.shut = threading.Event()
        self.reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="board")
        self.refusals = refusals(board.language)
        #: ``--debug``: a fault's traceback is written to the terminal serve runs in
        self.debug = False
        self.assets = {name: asset_answer(name) for name in board.assets}
        self.busy = head(*self.refusals[HTTPStatus.SERVICE_UNAVAILABLE], keep=False)

    @property
    def server_address(self) -> tuple:
        return self.sockets[0].getsockname()

    def run(self) -> None:
        """Serve until :meth:`shutdown` or Ctrl-C (:class:`KeyboardInterrupt` goes through)."""
        main = self._main()
        try:
            asyncio.run(main)
        finally:
            main.close()  # a Ctrl-C before the loop began it: closed, never "was never awaited"

    def shutdown(self) -> None:
        """Stop serving (from any thread), also when asked before the loop began."""
        self.shut.set()  # first: a loop that begins after this sees it (see _main)
        loop, stopping = self.loop, self.stopping
        if loop is not None and stopping is not None:
            loop.call_soon_threadsafe(stopping.set)

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.stopping = asyncio.Event()
        if self.shut.is_set():  # asked to stop before the loop began: shutdown() found no loop to tell
            self.stopping.set()
        accepting = [self.loop.create_task(self._accept(s)) for s in self.sockets]
        try:
            await self.stopping.wait()
        finally:
            for task in accepting:
                task.cancel()
            for writer in list(self.open):
                writer.transport.abort()
            self.reader.shutdown(wait=False, cancel_futures=True)

    async def _accept(self, listening: socket.socket) -> None:
        """Take the connections one at a time, making room for each (never more open than the
        cap, so the process never runs out of files: no stall while it would wait for one)."""
        while True:
            try:
                conn, _address = await self.loop.sock_accept(listening)
            except OSError:  # out of files or memory for a moment: room is made, then the next
                self._make_room()
                await asyncio.sleep(0.01)
                continue
            if self.count >= self.cap and not self._make_room():
                try:  # every connection is being answered: this one is told to come back (at most what fits at once)
                    conn.setblocking(False)
                    conn.send(self.busy)
                except OSError:
                    pass
                conn.close()
                continue
            self.count += 1
            self.loop.create_task(self._connection(conn))
            # the connections taken get their turn before the next is taken: in a burst of
            # connections, one that sent its request at once is answered, never made room for
            await asyncio.sleep(0)

    def _make_room(self) -> bool:
        """Close the connection that has waited longest for its first request — or, where
        every waiting one was answered before (a phone between two looks), the one idle
        longest; False when every connection is being answered (the new one is then turned
        away)."""
        if not self.waiting:
            return False
        oldest = min(self.waiting, key=self.waiting.__getitem__)
        self.waiting.pop(oldest)
        oldest.transport.abort()
        return True

    async def _connection(self, conn: socket.socket) -> None:
        try:
            reader, writer = await asyncio.open_connection(sock=conn, limit=HEAD_LIMIT)
        except OSError:
            conn.close()
            self.count -= 1
            return
        self.open.add(writer)
        linger = answered = False
        try:
            keep = True
            while keep:
                self.waiting[writer] = (answered, self.loop.time())
                try:
                    async with asyncio.timeout(TIMEOUT):
                        request = await read_head(reader)
                except Refused as refused:  # what is left of the request is never read
                    await self._send(writer, *self.refusals[refused.status], keep=False)
                    linger = True
                    break
                except (TimeoutError, asyncio.IncompleteReadError):  # too slow, or gone: dropped
                    break
                finally:
                    self.waiting.pop(writer, None)
                if request is None:
                    break
                keep = await self._send(writer, *await self._answer(request))
                linger, answered = request.body, True
        except (ConnectionError, OSError):  # a phone gone mid-answer: that connection only
            pass
        finally:
            self.waiting.pop(writer, None)
            await self._close(reader, writer, linger)
            self.open.discard(writer)
            self.count -= 1

    async def _close(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, linger: bool) -> None:
        """Close a connection once its answer is sent (within :data:`TIMEOUT` seconds, else
        drop it). ``linger``: the client may still be sending what was not read (a refused
        request); its bytes are read and thrown away for a moment after the answer, so that
        closing does not reset the connection before the client has read the answer."""
        if writer.transport.is_closing():
            return
        try:
            async with asyncio.timeout(TIMEOUT):
                await writer.drain()
                if linger and writer.can_write_eof():
                    writer.write_eof()
                    async with asyncio.timeout(LINGER):
                        while await reader.read(65536):
                            pass
        except (TimeoutError, ConnectionError, OSError):
            pass
        writer.close()
        try:
            async with asyncio.timeout(TIMEOUT):
                await writer.wait_closed()
        except (TimeoutError, ConnectionError, OSError):
            writer.transport.abort()

    async def _answer(self, request: Request) -> tuple[HTTPStatus, dict, bytes, bool, int]:
        """``(status, headers, body, keep-alive, length)`` for ``request``."""
        if request.method not in METHODS:
            status, headers, data = self.refusals[HTTPStatus.METHOD_NOT_ALLOWED]
        else:
            status, headers, data = self._route(request)
            if status is None:
                try:
                    status, headers, data = await self.loop.run_in_executor(self.reader, self._board_answer, request)
                except Exception as e:  # noqa: BLE001 (one sentence, never a traceback on the wire)
                    status, headers, data = self._fault(e)
        keep = request.keep_alive and status in (HTTPStatus.OK, HTTPStatus.NOT_MODIFIED, HTTPStatus.MOVED_PERMANENTLY)
        return status, headers, data if request.method != "HEAD" else b"", keep, len(data)

    def _fault(self, error: Exception) -> tuple[HTTPStatus, dict, bytes]:
        """The answer when making the board failed: a variant's failure is one sentence naming the
        variant (SPEC §8: never an empty answer), else ours; with ``--debug`` the traceback goes to
        the terminal serve runs in."""
        import traceback

        from scorekeeper.app.scorer import failure
        from scorekeeper.cli import language as spoken

        if self.debug:
            traceback.print_exception(error, file=sys.stderr)
        standings = (self.board.first or {}).get("standings") or {}
        said = failure(error, variant=standings.get("variant"))
        if said is None:
            return self.refusals[HTTPStatus.INTERNAL_SERVER_ERROR]
        status, headers, _ = self.refusals[HTTPStatus.INTERNAL_SERVER_ERROR]
        with spoken.speaking(self.board.language):
            body = (said.message + "\n").encode()
        return status, headers, body

    def _route(self, request: Request) -> tuple[HTTPStatus | None, dict, bytes]:
        """The answer that needs no look at the database (None: it does)."""
        if self.local and not self._host_ok(request.headers.get("host")):
            return self.refusals[HTTPStatus.FORBIDDEN]
        path = request.path
        if not path.startswith(self.prefix):
            if path + "/" == self.prefix:  # the address without its last slash
                return HTTPStatus.MOVED_PERMANENTLY, {"Location": self.prefix}, b""
            return self.refusals[HTTPStatus.NOT_FOUND]
        route = path[len(self.prefix):]
        if route in self.assets:
            return self.assets[route]
        if route == "qr.svg" and self.qr is not None:
            return HTTPStatus.OK, {"Content-Type": "image/svg+xml"}, self.qr
        if route in ("", self.board.polled):
            return None, {}, b""
        return self.refusals[HTTPStatus.NOT_FOUND]

    def _board_answer(self, request: Request) -> tuple[HTTPStatus, dict, bytes]:
        """The page or the document it polls (``board.json``, ``club.json``; on the board's own thread:
        it may read the database)."""
        body, tag, html = self.board.current()
        if request.path.endswith("/" + self.board.polled):
            if tag in request.headers.get("if-none-match", ""):
                return HTTPStatus.NOT_MODIFIED, {"ETag": tag}, b""
            return HTTPStatus.OK, {"Content-Type": "application/json; charset=utf-8", "ETag": tag}, body
        return HTTPStatus.OK, {"Content-Type": "text/html; charset=utf-8"}, html

    @staticmethod
    def _host_ok(host: str | None) -> bool:
        """Whether ``host`` (the request's ``Host:``) names this computer (any port)."""
        if host is None:
            return True  # an HTTP/1.0 client; a browser always names the host
        name = host.strip().lower()
        if name.startswith("["):
            name = name[1:name.find("]")] if "]" in name else name
        elif name.count(":") == 1:
            name = name.split(":")[0]
        return loopback(name.rstrip("."))

    async def _send(self, writer: asyncio.StreamWriter, status: HTTPStatus, headers: dict, data: bytes,
                    keep: bool, length: int | None = None) -> bool:
        """Send one answer (``length``: its Content-Length, when ``data`` is left out for HEAD);
        whether the connection may carry another request."""
        writer.write(head(status, headers, data, keep, length))
        try:
            async with asyncio.timeout(TIMEOUT):
                await writer.drain()
        except TimeoutError:
            return False
        return keep


def head(status: HTTPStatus, headers: dict, data: bytes, keep: bool, length: int | None = None) -> bytes:
    """An answer's bytes: the status line, the page's headers and ``headers``, then ``data``."""
    lines = [f"HTTP/1.1 {status.value} {status.phrase}", "Server: scorekeeper"]
    if status != HTTPStatus.NOT_MODIFIED:
        lines.append(f"Content-Length: {len(data) if length is None else length}")
    lines += [f"{k}: {v}" for k, v in {**SAFE_HEADERS, **headers}.items()]
    if not keep:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + data


async def read_head(reader: asyncio.StreamReader) -> Request | None:
    """The next request head on a connection (None: the client closed it first). Raises
    :class:`Refused` for what is no HTTP (400), a request line or headers too long (414, 431)."""
    line = b"\r\n"
    while line in (b"\r\n", b"\n"):  # a blank line or two before a request is allowed
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.LimitOverrunError:
            raise Refused(HTTPStatus.REQUEST_URI_TOO_LONG) from None
        except asyncio.IncompleteReadError as e:
            if not e.partial:
                return None
            raise Refused(HTTPStatus.BAD_REQUEST) from None
    try:
        method, target, version = line.decode("ascii").rstrip("\r\n").split(" ")
    except (UnicodeDecodeError, ValueError):
        raise Refused(HTTPStatus.BAD_REQUEST) from None
    if not method.isalpha() or not method.isupper() or version not in ("HTTP/1.0", "HTTP/1.1") or not target:
        raise Refused(HTTPStatus.BAD_REQUEST)
    headers: dict[str, str] = {}
    size = len(line)
    for _ in range(HEADER_LINES + 1):
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.LimitOverrunError:
            raise Refused(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE) from None
        size += len(line)
        if size > HEAD_LIMIT:
            raise Refused(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
        if line in (b"\r\n", b"\n"):
            return Request(method, target, version, headers)
        text = line.decode("latin-1").rstrip("\r\n")
        name, colon, value = text.partition(":")
        if not colon or not name or name != name.strip() or text[0] in " \t":
            raise Refused(HTTPStatus.BAD_REQUEST)
        name = name.lower()
        if name == "host" and name in headers:
            raise Refused(HTTPStatus.BAD_REQUEST)
        headers[name] = (headers[name] + ", " if name in headers else "") + value.strip()
    raise Refused(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)


#: the sentence of each refusal (message codes)
REFUSALS = {
    HTTPStatus.BAD_REQUEST: "cli.serve.answer.bad_request",
    HTTPStatus.FORBIDDEN: "cli.serve.answer.other_host",
    HTTPStatus.NOT_FOUND: "cli.serve.answer.not_found",
    HTTPStatus.METHOD_NOT_ALLOWED: "cli.serve.answer.not_allowed",
    HTTPStatus.REQUEST_URI_TOO_LONG: "cli.serve.answer.too_long",
    HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE: "cli.serve.answer.too_long",
    HTTPStatus.INTERNAL_SERVER_ERROR: "cli.serve.answer.fault",
    HTTPStatus.SERVICE_UNAVAILABLE: "cli.serve.answer.busy",
}


def refusals(language: str) -> dict[HTTPStatus, tuple[HTTPStatus, dict, bytes]]:
    """Each refusal's answer: one sentence in ``language``, as text."""
    from scorekeeper.cli import language as spoken
    from scorekeeper.cli.language import say

    answers = {}
    with spoken.speaking(language):
        for status, code in REFUSALS.items():
            headers = {"Content-Type": "text/plain; charset=utf-8", "Content-Language": language}
            if status == HTTPStatus.METHOD_NOT_ALLOWED:
                headers["Allow"] = ", ".join(METHODS)
            answers[status] = (status, headers, (say(code) + "\n").encode())
    return answers


def asset_answer(name: str) -> tuple[HTTPStatus, dict, bytes]:
    """The answer of one of the page's files."""
    from scorekeeper.cli.render.page import asset

    data = asset(name)
    return HTTPStatus.OK, {"Content-Type": ASSETS[name]}, data


def loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (127.x, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def default_interface(routes: str) -> str | None:
    """The interface of the default route in ``routes`` (the text of Linux's
    ``/proc/net/route``): the one with the lowest metric among the routes to 0.0.0.0/0 that
    are up and go through a gateway. A VPN that routes only some networks (10.x) is not
    chosen; None when there is no default route."""
    best: tuple[int, str] | None = None
    for line in routes.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 8:
            continue
        try:
            destination, flags, metric, mask = int(fields[1], 16), int(fields[3], 16), int(fields[6]), int(fields[7], 16)
        except ValueError:
            continue
        if destination == 0 and mask == 0 and flags & 0x1 and flags & 0x2:  # RTF_UP, RTF_GATEWAY
            if best is None or metric < best[0]:
                best = (metric, fields[0])
    return best[1] if best else None


def interface_address(name: str) -> str | None:
    """The IPv4 address of the network interface ``name`` (Linux), or None."""
    try:
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            answer = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))  # SIOCGIFADDR
        return socket.inet_ntoa(answer[20:24])
    except (ImportError, OSError, ValueError):
        return None


def lan_address(routes: Path = Path("/proc/net/route")) -> str | None:
    """This machine's address on the local network (the one a phone on the same Wi-Fi
    reaches): the address of the default route's interface (a VPN that routes only some
    networks is passed over); where the routes cannot be read, the address the system would
    send from to a public address (no packet is sent). None when there is no network."""
    try:
        interface = default_interface(routes.read_text(encoding="ascii", errors="replace"))
    except OSError:
        interface = None
    if interface is not None:
        address = interface_address(interface)
        if address and not ipaddress.ip_address(address).is_loopback:
            return address
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address (TEST-NET-1): routed as a public one
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0" else address


class Started:
    """What :func:`start` gives: the ``server``, the ``address`` to open, whether it is
    ``reachable`` from other devices (a secret in it and a network under it), and why the
    secret could not be kept (``unkept``: an :class:`OSError`'s reason, else None)."""

    def __init__(self, server: Server, address: str, reachable: bool, unkept: str | None):
        self.server, self.address, self.reachable, self.unkept = server, address, reachable, unkept


def listen(host: str, port: int) -> list[socket.socket]:
    """Listening sockets for ``host`` (an address or a name) and ``port``. Raises
    :class:`OSError` (the port taken, no such address here) and :class:`UnicodeError` (a
    name no resolver can take)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _name, where = infos[0]
    s = socket.socket(family, kind, proto)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(where)
        s.listen(socket.SOMAXCONN)
        s.setblocking(False)
    except BaseException:
        s.close()
        raise
    return [s]


def start(application: Any, session: str | None, host: str | None, port: int, lan: bool, language: str,
          new_secret: bool = False, debug: bool = False, club: tuple[str | None, str | None] | None = None) -> Started:
    """Bind the server (not yet serving). 127.0.0.1 unless ``lan`` (every interface) or
    ``host``; any address that is not loopback carries the database's secret (kept in its
    folder, so a restart keeps it; ``new_secret`` makes another). ``club``: the club board
    (``serve --club``) in place of the game's, ``(season, variant)`` chosen (None: the
    defaults). Raises :class:`OSError` when the port cannot be bound, :class:`UnicodeError`
    for a host name that cannot be looked up."""
    import secrets

    from scorekeeper.cli.render.page import qr_svg

    bind = host or ("0.0.0.0" if lan else "127.0.0.1")
    sockets = listen(bind, port)
    bound = sockets[0].getsockname()
    local = loopback(bind) or loopback(bound[0])
    token = unkept = None
    if not local:
        try:
            token = application.board_secret(new=new_secret)
        except OSError as e:
            token, unkept = secrets.token_urlsafe(12), e.strerror or type(e).__name__
    shown = bind
    reachable = not local
    if bound[0] in ("0.0.0.0", "::"):
        shown = lan_address() or "127.0.0.1"
        reachable = shown != "127.0.0.1"
    if ":" in shown:
        shown = f"[{shown}]"
    address = f"http://{shown}:{bound[1]}/" + (f"{token}/" if token else "")
    board = (Board(application, session, language, qr=reachable) if club is None
             else ClubBoard(application, *club, language, qr=reachable))
    server = Server(sockets, board, f"/{token}/" if token else "/", token is None,
                    qr=qr_svg(address) if reachable else None)
    server.debug = debug  # --debug: a fault's traceback on the terminal serve runs in
    return Started(server, address, reachable, unkept)


def serve_forever(server: Server) -> None:
    """Serve until Ctrl-C (:class:`KeyboardInterrupt` goes through), then close the sockets.
    The collector the short commands switch off is on again: this is a long run."""
    gc.enable()
    try:
        server.run()
    finally:
        for s in server.sockets:
            s.close()
