"""`serve` as a server that holds a room (issue 31): slow and hostile clients never hold up
the others, the Host header is checked on 127.0.0.1, every answer carries the page's headers
and speaks the table's language without a path of this computer, the secret part of the
address is kept per database, and the LAN address is the default route's."""
from __future__ import annotations

import os
import re
import resource
import socket
import stat
import threading
import time

import pytest

from test_board import Served, wait_for

#: the headers every answer carries, refusals included
SAFE = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "Cache-Control")


def head_and_body(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """A raw HTTP answer: its status, headers (names as sent) and body."""
    head, _sep, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


@pytest.fixture
def served(cli, exe, isolated_db):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    server = Served(exe, isolated_db)
    yield server
    if server.proc.poll() is None:
        server.proc.kill()
        server.proc.wait()


def test_every_refusal_carries_the_pages_headers_and_one_sentence(served):
    cases = {
        b"\x16\x03\x01\x02\x00junk\x00\xff\r\n\r\n": 400,  # a TLS hello: no HTTP at all
        b"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n": 404,
        b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\nabc": 405,
        b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n": 414,  # a request line beyond 8 KiB
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n": 431,
        b"GET / HTTP/1.1\r\nHost: evil.example:8765\r\n\r\n": 403,  # another site's name (DNS rebinding)
    }
    for request, expected in cases.items():
        status, headers, body = head_and_body(served.raw(request))
        assert status == expected, (request[:40], status)
        for name in SAFE:
            assert name in headers, (expected, name)
        assert headers["Content-Type"] == "text/plain; charset=utf-8" and headers["Content-Language"] == "en"
        text = body.decode()
        assert text.count("\n") == 1 and text.endswith(".\n") and "Traceback" not in text, text
    status, headers, _body = head_and_body(served.raw(b"PUT / HTTP/1.1\r\nHost: localhost\r\n\r\n"))
    assert status == 405 and headers["Allow"] == "GET, HEAD"
    # this computer only: no QR code to show (a phone could not open 127.0.0.1); the icon is there
    assert served.get("qr.svg")[0] == 404 and 'data-qr=""' in served.get()[2].decode()
    status, headers, body = served.get("favicon.svg")
    assert status == 200 and headers["Content-Type"] == "image/svg+xml" and "Content-Security-Policy" in headers


def test_on_this_computer_only_a_request_naming_this_computer_is_answered(served):
    """A page on another site whose name was pointed at 127.0.0.1 (DNS rebinding) sends its own
    name as the host: refused, so it can never read the board."""
    port = served.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", f"[::1]:{port}", "LOCALHOST.",
                 "127.0.0.1"):
        status, _h, _b = head_and_body(served.raw(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
                                                  .encode()))
        assert status == 200, host
    for host in (f"evil.example:{port}", "evil.example", "127.0.0.1.nip.io", f"192.168.1.20:{port}", "[::2]"):
        status, _h, body = head_and_body(served.raw(f"GET /board.json HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()))
        assert status == 403 and b"Ann" not in body, host
        assert b"only at the address it printed" in body


def test_refusals_speak_the_tables_language(cli, exe, isolated_db):
    cli.new("rummy500", "Ann", "Bob")
    server = Served(exe, isolated_db, "--lang", "uk")
    try:
        status, headers, body = head_and_body(server.raw(b"GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        assert status == 404 and headers["Content-Language"] == "uk"
        assert body.decode() == "Тут нічого немає: відкрийте адресу, яку показало табло, або відскануйте його код.\n"
    finally:
        server.proc.kill()
        server.proc.wait()


def test_a_damaged_file_is_said_on_the_page_without_a_path_of_this_computer(served, cli, isolated_db):
    session = cli.json("standings")["session"]
    path = isolated_db / "sessions" / f"{session}.json"
    path.write_text('{"_meta": ', encoding="utf-8")  # damaged, the way another program might leave it
    notice = wait_for_notice(served)
    assert str(isolated_db) not in notice and os.sep + "dev" not in notice and "pytest" not in notice
    assert f"sessions/{session}.json" in notice  # said within the database folder
    status, _h, body = served.get("board.json")
    assert status == 200 and str(isolated_db).encode() not in body
    status, _h, page = served.get()
    assert str(isolated_db).encode() not in page


def wait_for_notice(server: Served) -> str:
    found: list[str] = []

    def noticed() -> bool:
        found[:] = [server.board()["said"]["notice"] or ""]
        return bool(found[0])

    wait_for(noticed, within=5)
    return found[0]


def test_slow_clients_never_hold_up_a_phone(cli, exe, isolated_db):
    """500 connections that send their request a byte at a time (and come back when they are
    dropped) while a phone asks for the board: its answers stay under 1 s at the 95th percentile,
    and a phone polling on a kept-alive connection is never dropped.
    The server is given 256 open files (the usual is 1,024), so it holds at most 128
    connections: the stalled ones are dropped, oldest first, to let the phone in."""
    cli.new("rummy500", "Ann", "Bob", "Cy")
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    server = Served(exe, isolated_db, preexec=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard)))
    stop = threading.Event()
    slow: list[socket.socket] = []
    dropped = [0]

    def open_one() -> socket.socket:
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", server.port))
        return s

    def attack() -> None:
        """Keep 500 connections trickling their heads, a byte at a time."""
        while len(slow) < 500 and not stop.is_set():
            slow.append(open_one())
        first = True
        while not stop.is_set():
            for i, s in enumerate(slow):
                try:
                    s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " if first else b"a")
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:  # dropped by the server: come back
                    dropped[0] += 1
                    s.close()
                    slow[i] = open_one()
            first = False
            stop.wait(0.2)

    kept: list[str] = []  # what a phone polling on one kept-alive connection got

    def poll() -> None:
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        while not stop.is_set():
            try:
                conn.request("GET", "/board.json")
                response = conn.getresponse()
                response.read()
                kept.append(str(response.status))
            except Exception as e:  # noqa: BLE001 (a dropped connection counts)
                kept.append(repr(e))
                conn.close()
            stop.wait(0.3)
        conn.close()

    attacker = threading.Thread(target=attack, daemon=True)
    attacker.start()
    phone = threading.Thread(target=poll, daemon=True)
    try:
        wait_for(lambda: len(slow) == 500, within=5)
        phone.start()
        time.sleep(0.5)  # every one of them has sent part of its head
        waits, statuses = [], []
        began = time.monotonic()
        while time.monotonic() - began < 2:
            started = time.monotonic()
            status, _h, body = server.get("board.json")  # a new connection each time, as a phone coming back
            waits.append(time.monotonic() - started)
            statuses.append(status)
            time.sleep(0.05)
        waits.sort()
        p95 = waits[int(len(waits) * 0.95)]
        print(f"slow clients: {len(waits)} answers, median {waits[len(waits) // 2] * 1000:.0f} ms, "
              f"95th {p95 * 1000:.0f} ms, worst {waits[-1] * 1000:.0f} ms; {dropped[0]} stalled connections dropped")
        assert set(statuses) == {200}
        assert p95 < 1.0
        assert len(os.listdir(f"/proc/{server.proc.pid}/fd")) < 256  # the cap held
        assert dropped[0] > 0  # the stalled connections beyond the cap were dropped
        stop.set()
        phone.join(5)
        # the phone between two looks is never the one dropped while a stalled one is left
        assert len(kept) >= 5 and set(kept) == {"200"}, kept
    finally:
        stop.set()
        attacker.join(5)
        for s in slow:
            s.close()
        server.proc.kill()
        server.proc.wait()


def test_a_connection_trickling_its_head_is_dropped_at_the_deadline(monkeypatch, application, cli):
    """A byte every half second never reaches the end of a head: dropped when its time is up,
    however often it sends (the socket's own timeout would wait forever)."""
    from scorekeeper.cli import serve

    cli.new("rummy500", "Ann", "Bob")
    monkeypatch.setattr(serve, "TIMEOUT", 1)
    started = serve.start(application, None, None, 0, False, "en")
    thread = threading.Thread(target=serve.serve_forever, args=(started.server,), daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", started.server.server_address[1]), timeout=5) as s:
            s.sendall(b"GET / HTTP/1.1\r\nX-Slow: ")
            s.setblocking(False)
            began, closed = time.monotonic(), None
            while closed is None and time.monotonic() - began < 4:
                time.sleep(0.2)
                try:
                    s.send(b"a")
                    if s.recv(1) == b"":  # the server closed it
                        closed = time.monotonic() - began
                except BlockingIOError:
                    continue
                except OSError:
                    closed = time.monotonic() - began
            assert closed is not None and 0.8 < closed < 2.5, closed  # TIMEOUT (1 s) after its first byte
    finally:
        started.server.shutdown()
        thread.join(5)


# -- the secret part of the address, kept per database ---------------------------------------------

def test_the_address_survives_a_restart_and_new_secret_changes_it(cli, exe, isolated_db):
    cli.new("rummy500", "Ann", "Bob")
    first = Served(exe, isolated_db, "--lan")
    first.stop()
    secret = re.fullmatch(r"http://[^/]+:\d+/([A-Za-z0-9_-]{16})/", first.address).group(1)
    kept = isolated_db / "board-secret"
    assert kept.read_text().strip() == secret
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600  # only its owner reads it
    second = Served(exe, isolated_db, "--lan")
    try:
        assert second.root == f"/{secret}/"  # every phone's address still works
        assert second.get()[0] == 200
        # the TV's QR code of that address, and the page's icon
        status, headers, body = second.get("qr.svg")
        assert status == 200 and headers["Content-Type"] == "image/svg+xml" and body.startswith(b"<svg")
        assert second.get("favicon.svg")[0] == 200 and 'data-qr="qr"' in second.get()[2].decode()
    finally:
        second.stop()
    third = Served(exe, isolated_db, "--lan", "--new-secret")
    try:
        assert third.root != f"/{secret}/" and third.get()[0] == 200
        assert third.get(f"/{secret}/")[0] == 404  # the old address no longer opens the board
        assert kept.read_text().strip() == third.root.strip("/")
    finally:
        third.stop()
    assert sorted(p.name for p in isolated_db.iterdir()) == ["backups", "board-secret", "index.json", "sessions"]


def test_a_secret_is_kept_once_for_two_starts_at_the_same_moment(tmp_path):
    from scorekeeper.storage.secret import board_secret

    made = iter(["A" * 16, "B" * 16])
    assert board_secret(tmp_path, lambda: next(made)) == "A" * 16
    assert board_secret(tmp_path, lambda: next(made)) == "A" * 16  # kept: nothing new made
    (tmp_path / "board-secret").write_text("not a secret!\n")  # damaged: made again
    assert board_secret(tmp_path, lambda: "C" * 16) == "C" * 16
    os.remove(tmp_path / "board-secret")
    os.symlink("/etc/passwd", tmp_path / "board-secret")  # a link is never read through
    assert board_secret(tmp_path, lambda: "D" * 16) == "D" * 16
    assert not (tmp_path / "board-secret").is_symlink()


def test_a_secret_that_cannot_be_kept_is_said(cli, monkeypatch, application):
    from scorekeeper.cli import serve

    def unkept(self, new=False):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(type(application), "board_secret", unkept)
    monkeypatch.setattr(serve, "serve_forever", _interrupted)
    result = cli("serve", "--lan", "--port", "0")
    assert result.exit_code == 130
    assert "could not be kept in the database folder (permission denied)" in result.stdout  # our words


def _interrupted(server):
    for s in server.sockets:
        s.close()
    raise KeyboardInterrupt


# -- the address on the local network ------------------------------------------------------------

ROUTES_WITH_A_VPN = """\
Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
tun0\t0000000A\t0100000A\t0003\t0\t0\t0\t000000FF\t0\t0\t0
tun0\t0100000A\t00000000\t0001\t0\t0\t0\tFFFFFFFF\t0\t0\t0
wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
eth1\t00000000\t0101A8C0\t0003\t0\t0\t700\t00000000\t0\t0\t0
wlan0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0
"""


def test_the_lan_address_is_the_default_routes_not_a_vpns():
    from scorekeeper.cli.serve import default_interface

    # a VPN routes 10.0.0.0/8 through tun0 (gateway 10.0.0.1); the default route (0.0.0.0/0,
    # flags UP|GATEWAY = 3) goes through wlan0 at metric 600 and eth1 at 700: wlan0 is chosen
    assert default_interface(ROUTES_WITH_A_VPN) == "wlan0"
    no_default = "\n".join(ROUTES_WITH_A_VPN.splitlines()[:3])
    assert default_interface(no_default) is None
    down = ROUTES_WITH_A_VPN.replace("wlan0\t00000000\t0101A8C0\t0003", "wlan0\t00000000\t0101A8C0\t0002")
    assert default_interface(down) == "eth1"  # a route that is not up is passed over


def test_the_lan_address_is_read_from_the_default_routes_interface(tmp_path):
    from scorekeeper.cli.serve import interface_address, lan_address

    routes = tmp_path / "route"
    routes.write_text(ROUTES_WITH_A_VPN.replace("wlan0", "lo"))
    # the loopback interface's address is never the LAN's: the address the system sends from is taken
    assert lan_address(routes) != "127.0.0.1"
    assert interface_address("lo") == "127.0.0.1"
    assert interface_address("no-such-if") is None


def test_lan_without_a_network_says_so_instead_of_a_qr_code(cli, monkeypatch):
    from scorekeeper.cli import serve

    cli.new("rummy500", "Ann", "Bob")
    monkeypatch.setattr(serve, "lan_address", lambda: None)
    monkeypatch.setattr(serve, "serve_forever", _interrupted)
    result = cli("serve", "--lan", "--port", "0")
    assert result.exit_code == 130
    assert re.search(r"The board is at http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{16}/", result.stdout)
    assert "on no network, so no phone can reach the board" in result.stdout
    assert "█" not in result.stdout and "▀" not in result.stdout  # no QR code of 127.0.0.1


def test_the_qr_code_is_black_on_white_whatever_the_terminals_colours():
    import segno

    from scorekeeper.cli.render.board import qr_lines

    address = "http://192.168.1.20:8765/abcdefghijklmnop/"
    coloured = qr_lines(address, colour=True)
    assert all(line.startswith("\x1b[97;40m") and line.endswith("\x1b[0m") for line in coloured)
    plain = qr_lines(address, colour=False)
    # read back: two modules a line, upper half first; a dark module is the background (" ")
    modules = {" ": (1, 1), "▀": (0, 1), "▄": (1, 0), "█": (0, 0)}
    rows = []
    for line in plain:
        pairs = [modules[ch] for ch in line]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    expected = [list(row) for row in segno.make(address, error="m").matrix_iter(scale=1, border=4)]
    assert rows[:len(expected)] == expected


@pytest.mark.parametrize("host", ["я" * 300, "x" * 70, "no such host.invalid", "256.1.1.1"])
def test_a_host_that_cannot_be_listened_on_is_one_sentence(cli, host):
    cli.new("rummy500", "Ann", "Bob")
    result = cli("serve", "--host", host, "--port", "0")
    assert result.exit_code == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    assert "The board cannot listen on" in result.stderr and "--host" in result.stderr


def test_a_host_of_another_computer_is_refused(cli):
    cli.new("rummy500", "Ann", "Bob")
    result = cli("serve", "--host", "192.0.2.77", "--port", "0")  # a documentation address, on no machine here
    assert result.exit_code == 2
    assert "it is no address of this computer" in result.stderr


def test_the_server_holds_200_phones_without_an_error(cli, exe, isolated_db):
    """200 phones polling as the page does (keep-alive, If-None-Match) for 1.5 s: no error."""
    import http.client
    import json

    cli.new("rummy500", "Ann", "Bob", "Cy")
    server = Served(exe, isolated_db)
    errors: list[str] = []
    answers = [0]

    def phone() -> None:
        conn, tag = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10), None
        began = time.monotonic()
        while time.monotonic() - began < 1.5:
            try:
                conn.request("GET", "/board.json", headers={"If-None-Match": tag} if tag else {})
                r = conn.getresponse()
                body = r.read()
                if r.status == 200:
                    tag = r.getheader("ETag")
                    json.loads(body)
                elif r.status != 304:
                    errors.append(str(r.status))
                answers[0] += 1
            except Exception as e:  # noqa: BLE001 (every failure counts)
                errors.append(repr(e))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            time.sleep(0.5)
        conn.close()

    try:
        phones = [threading.Thread(target=phone) for _ in range(200)]
        for p in phones:
            p.start()
        for p in phones:
            p.join(20)
        assert errors == [] and answers[0] >= 400  # each phone asked 3 or 4 times
    finally:
        server.proc.kill()
        server.proc.wait()


def test_the_command_that_serves_is_not_a_thread_per_connection(served):
    """Holding many connections costs no thread each: the process keeps a handful."""
    sockets = [socket.create_connection(("127.0.0.1", served.port)) for _ in range(50)]
    try:
        time.sleep(0.3)
        threads = len(os.listdir(f"/proc/{served.proc.pid}/task"))
        assert threads < 10, threads
        assert served.get()[0] == 200
    finally:
        for s in sockets:
            s.close()


def test_serve_help_names_new_secret(cli):
    result = cli("serve", "--help")
    assert "--new-secret" in result.stdout
