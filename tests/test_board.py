"""`watch` (a full-screen board in a terminal) and `serve` (the board as a web page).

The hands used (Rummy 500, points given as numbers: "NAME: ON_TABLE -IN_HAND", a
player's score is what they put on the table minus what is left in their hand, the
player going out ("-") scores 0 here, having put nothing down):

- hand A: Ann 40 − 5 = +35, Bob 0, Cy 10 − 30 = −20;
- hand A edited to B: Ann 60 − 10 = +50, Bob 0, Cy 10 − 5 = +5.
"""
from __future__ import annotations

import threading
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import PTY_TIMEOUT

HAND_A = ("Ann: 40 -5", "Bob: -", "Cy: 10 -30")
HAND_B = ("Ann: 60 -10", "Bob: -", "Cy: 10 -5")
#: seconds a change may take to reach the screen here: the contract is 1 s (watch) and
#: 2 s (serve); the machine running the tests is shared and busy, so some slack
SLACK = 3.0


# -- the terminal board, drawn (no terminal needed) ---------------------------------------

def drawn(doc, width, height, notice=None) -> list[str]:
    """The board as the lines of a ``width`` × ``height`` screen."""
    from rich.console import Console

    from scorekeeper.cli.render.board import board

    console = Console(width=width, height=height, record=True, color_system=None, markup=False,
                      file=open(os.devnull, "w"))
    console.print(board(doc, width, height, notice))
    return console.export_text().splitlines()


def test_big_figures_are_drawn_from_the_font():
    from scorekeeper.cli.render.board import Size, big

    # "10" at one cell a pixel: the glyphs of 1 and 0 side by side, one blank column between
    assert big("10", Size(1, 1)) == [" █  ███", "██  █ █", " █  █ █", " █  █ █", "███ ███"]
    # half blocks: rows 1+2, 3+4, 5 alone → three lines; "-" is the middle row only
    assert big("-", Size(1, 0)) == ["", "▀▀▀", ""]
    assert len(big("-123", Size(2, 2))) == 10
    assert big("42", Size(0, 1)) == ["42"]


@pytest.mark.parametrize("total", [52, 506, 371, -7])
def test_the_figures_keep_their_shape_in_the_panel(cli, application, total):
    # each glyph's rows stay one above the other: the figures are centred as one block, never
    # line by line (a row with blank pixels at its edge would slide sideways)
    from rich.console import Console

    from scorekeeper.cli.render.board import Size, big, panel

    cli.new("rummy500", "Ann", "Bob")
    cli.record("Ann: 40 -5", "Bob: -")
    doc = application.board()["standings"]
    ann = dict(next(p for p in doc["players"] if p["name"] == "Ann"), total=total)  # drawn as if so
    for size in (Size(1, 1), Size(2, 1), Size(1, 0)):
        console = Console(width=40, record=True, color_system=None, file=open(os.devnull, "w"))
        console.print(panel(ann, doc, size, 14, 40, "cyan"))
        inside = [line[1:-1] for line in console.export_text().splitlines()[1:-1]]
        rows = [line for line in inside if set(line) & set("█▀▄") and "%" not in line]  # not the bar
        margin = min(len(line) - len(line.lstrip()) for line in rows)
        shape = [line[margin:].rstrip() for line in rows]
        assert shape == [line for line in big(str(total), size) if line], (size, shape)


def test_the_board_fills_80x24_and_a_tv_without_cutting(cli, application):
    cli.new("rummy500", "Ann", "Bob", "[bold]Cy[/bold]", title="Friday [red]night[/red]")
    cli.record("Ann: 40 -5", "Bob: -", "[bold]Cy[/bold]: 10 -30")
    doc = application.board()
    for width, height in ((80, 24), (120, 40), (200, 60)):
        lines = drawn(doc, width, height)
        assert len(lines) == height
        assert all(len(line) <= width for line in lines)
        text = "\n".join(lines)
        # names and titles as typed, never read as markup
        assert "[bold]Cy[/bold]" in text and "Friday [red]night[/red]" in text
        assert "Last +35" in text and "Last -20" in text and "1 hand played" in text
        assert "Next: Bob deals, [bold]Cy[/bold] leads." in text
        assert "█" in text  # the totals in large figures
    # a TV gets larger figures than 80×24: more rows of block characters
    figures = {size: sum("██" in line for line in drawn(doc, *size)) for size in ((80, 24), (200, 60))}
    assert figures[(200, 60)] > figures[(80, 24)]


def test_the_board_speaks_the_chosen_language(cli, application):
    from scorekeeper.cli import language

    cli.new("crazy", "Ann", "Bob", "Cy")
    cli.record("Ann: -", "Bob: -10", "Cy: -25")  # round 1 (aces wild): Ann out 0, Bob 10, Cy 25 penalty points
    doc = application.board()
    with language.speaking("uk"):
        text = "\n".join(drawn(doc, 80, 24))
    assert "зіграно раундів: 1" in text and "Раунд 2" in text  # the coming round, its wild rank said
    assert "q або Ctrl-C: вийти" in text and "Останній" in text  # the last round (masculine, not «Остання» of a deal)
    assert "played" not in text and "Next" not in text


def test_the_board_keeps_its_state_under_a_notice(cli, application):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND_A)
    lines = drawn(application.board(), 80, 24, notice="The database file x is damaged")
    assert "Not up to date: The database file x is damaged" in lines[-1] and "q or Ctrl-C: leave" in lines[-1]
    assert any("Last +35" in line for line in lines)


def test_the_board_names_the_winner(cli, application):
    cli.new("rummy500", "Ann", "Bob", rules=["target=100"])
    cli.record("Ann: 120 -5", "Bob: -")  # Ann 120 − 5 = 115 ≥ 100: the game ends
    text = "\n".join(drawn(application.board(), 80, 24))
    assert "Game over: Ann wins after 1 hand." in text and "★" in text


def test_watch_refuses_without_a_terminal(cli):
    cli.new("rummy500", "Ann", "Bob")
    result = cli("watch")
    assert result.exit_code == 2
    assert "needs a terminal" in result.stderr and "standings --json" in result.stderr


def test_the_board_mark_changes_with_each_change(cli, application):
    first = cli.new("rummy500", "Ann", "Bob", "Cy")["session"]
    before = application.board_mark()
    assert application.board_mark() == before  # nothing changed, nothing differs
    cli.record(*HAND_A)
    after_hand = application.board_mark()
    assert after_hand != before
    second = cli.new("rummy500", "Dee", "Eve")["session"]  # new makes it current
    assert application.board_mark()[1] == second
    assert application.board_mark(first)[1] == first


# -- watch in a pseudo-terminal, while other commands change the game ---------------------------

class Screen:
    """``scorekeeper watch`` in a pseudo-terminal of ``rows`` × ``columns``."""

    def __init__(self, exe: Path, db: Path, *args: str, rows: int = 24, columns: int = 80, shell: str = ""):
        self.pexpect = pytest.importorskip("pexpect")
        env = dict(os.environ)
        env.update(SCOREKEEPER_DB=str(db), TERM="xterm-256color", NO_COLOR="1")
        for name in ("COLUMNS", "LINES"):
            env.pop(name, None)
        if shell:  # a shell line after watch (Ctrl-C would stop the shell too: leave with q)
            program, argv = "sh", ["-c", f'"{exe}" watch {" ".join(args)}{shell}']
        else:
            program, argv = str(exe), ["watch", *args]
        self.child = self.pexpect.spawn(program, argv, env=env, encoding="utf-8", timeout=PTY_TIMEOUT,
                                        dimensions=(rows, columns))

    def shows(self, pattern: str, within: float = SLACK) -> float:
        """Wait until ``pattern`` (a regular expression) is drawn; the seconds it took."""
        started = time.monotonic()
        self.child.expect(pattern, timeout=within + 5)
        took = time.monotonic() - started
        assert took <= within, f"{pattern!r} took {took:.2f} s"
        return took

    def leave(self, key: str = "q") -> str:
        self.child.send(key)
        self.child.expect(self.pexpect.EOF, timeout=PTY_TIMEOUT)
        rest = self.child.before
        self.child.close()
        return rest


def chart_row(name: str, total: int) -> str:
    """The chart's line of a player: the name, the sparkline, the total."""
    return rf"{name} +[▁▂▃▄▅▆▇█]+ +{total}\b"


def test_watch_follows_hands_edits_undos_and_use(cli, exe, isolated_db):
    first = cli.new("rummy500", "Ann", "Bob", "Cy", title="First table")["session"]
    screen = Screen(exe, isolated_db)
    screen.shows(r"First table — Rummy 500 · 0 hands played", within=10)  # the start may be slow
    screen.shows(r"Next: Ann deals, Bob leads\.")

    cli.record(*HAND_A)
    screen.shows(r"1 hand played")
    screen.shows(r"Last \+35")  # in the frame: the heading, the panels, the chart
    screen.shows(chart_row("Ann", 35))

    cli("edit", "1", *HAND_B)
    screen.shows(chart_row("Ann", 50))  # hand 1 re-recorded: Ann +50, Cy +5
    screen.shows(chart_row("Cy", 5))

    cli("undo", "--yes")  # the last change: the edit, hand 1 as it was
    screen.shows(chart_row("Ann", 35))
    cli("undo", "--yes")  # then hand 1
    screen.shows(r"0 hands played")

    second = cli.new("rummy500", "Dee", "Eve", title="Second table")["session"]  # new makes it current
    screen.shows(r"Second table — Rummy 500 · 0 hands played")
    cli("use", first)
    screen.shows(r"First table — Rummy 500")
    assert second != first
    rest = screen.leave("\x03")  # Ctrl-C leaves as q does, and says so as any command does (SPEC §5: 130)
    assert screen.child.exitstatus == 130 and "Traceback" not in rest
    assert "\x1b[?1049l" in rest and "Interrupted (Ctrl-C): nothing was changed." in rest  # after the board is gone


def test_watch_follows_a_resize_and_gives_the_terminal_back(cli, exe, isolated_db):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    # stty after watch: the terminal's modes as watch left them
    screen = Screen(exe, isolated_db, shell="; stty -a")
    screen.shows(r"\n {62}q or Ctrl-C: leave", within=10)  # right-aligned on 80 columns
    screen.child.setwinsize(40, 120)
    screen.shows(r"\n {102}q or Ctrl-C: leave")  # redrawn 120 columns wide
    rest = screen.leave("q")
    assert screen.child.exitstatus == 0
    assert "\x1b[?1049l" in rest  # back from the alternate screen
    modes = rest.split()
    assert "icanon" in modes and "echo" in modes  # line editing and echo as before (not -icanon, -echo)


def test_watch_keeps_the_last_board_while_the_session_file_is_damaged(cli, exe, isolated_db):
    session = cli.new("rummy500", "Ann", "Bob", "Cy")["session"]
    cli.record(*HAND_A)
    screen = Screen(exe, isolated_db, "--session", session[:4])
    screen.shows(chart_row("Ann", 35), within=10)
    path = isolated_db / "sessions" / f"{session}.json"
    good = path.read_text(encoding="utf-8")
    broken = path.with_name("broken.tmp")
    broken.write_text('{"_meta": ', encoding="utf-8")
    os.replace(broken, path)  # damaged, the way another program might leave it
    # the last good board stays, the reason under it
    screen.shows(r"Last \+35(?:.|\n)*?Not up to date: The database file [^\n]*q or Ctrl-C: leave")
    fixed = path.with_name("fixed.tmp")
    fixed.write_text(good, encoding="utf-8")
    os.replace(fixed, path)
    screen.shows(r"Last \+35 +Went out 0 +│(?:(?!Not up to date).)*\n +q or Ctrl-C: leave", within=SLACK)
    screen.leave()
    assert screen.child.exitstatus == 0


# -- serve: the page and its JSON over HTTP -------------------------------------------------------

class Served:
    """``scorekeeper serve`` as its own process on a free port."""

    def __init__(self, exe: Path, db: Path, *args: str, preexec=None):
        env = {**os.environ, "SCOREKEEPER_DB": str(db), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([str(exe), "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env, preexec_fn=preexec)
        first = self.proc.stdout.readline()
        assert "http://" in first, first + self.proc.stderr.read()
        self.address = first[first.index("http://"):].strip()
        self.said = [first]
        while "Ctrl-C" not in self.said[-1]:
            self.said.append(self.proc.stdout.readline())
        match = re.match(r"http://[^/]+:(\d+)(/.*)", self.address)
        self.port, self.root = int(match.group(1)), match.group(2)

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}{self.root}{path}"

    def get(self, path: str = "", method: str = "GET") -> tuple[int, dict, bytes]:
        request = urllib.request.Request(self.url(path) if not path.startswith("/") else
                                         f"http://127.0.0.1:{self.port}{path}", method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def board(self) -> dict:
        status, _h, body = self.get("board.json")
        assert status == 200
        return json.loads(body)

    def raw(self, data: bytes, wait: float = 10) -> bytes:
        """Send ``data`` on a connection of its own; what came back."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=wait) as s:
            s.sendall(data)
            chunks = []
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
            except (socket.timeout, ConnectionResetError):
                pass
            return b"".join(chunks)

    def stop(self) -> tuple[int, str]:
        self.proc.send_signal(signal.SIGINT)
        out, err = self.proc.communicate(timeout=10)
        return self.proc.returncode, err


@pytest.fixture
def served(cli, exe, isolated_db):
    cli.new("rummy500", "Ann", "Bob", "<b>Cy</b>", title="<script>alert(1)</script> & co")
    server = Served(exe, isolated_db)
    yield server
    if server.proc.poll() is None:
        server.proc.kill()
        server.proc.wait()


def wait_for(condition, within: float) -> float:
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started <= within, f"not within {within} s"
        time.sleep(0.1)
    return time.monotonic() - started


def test_serve_shows_each_hand_and_escapes_names(served, cli):
    assert served.address == f"http://127.0.0.1:{served.port}/"  # this computer only: no token
    status, headers, page = served.get()
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    text = page.decode()
    assert "<script>alert" not in text and "<b>Cy" not in text  # no name or title as HTML
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</title>" in text
    assert served.board()["standings"]["hands"] == 0

    cli.record("Ann: 40 -5", "Bob: -", "<b>Cy</b>: 10 -30")
    wait_for(lambda: served.board()["standings"]["hands"] == 1, within=SLACK)
    doc = served.board()
    assert {p["name"]: p["total"] for p in doc["standings"]["players"]} == {"Ann": 35, "Bob": 0, "<b>Cy</b>": -20}
    assert [h["totals"] for h in doc["history"]["hands"]] == [{"Ann": 35, "Bob": 0, "<b>Cy</b>": -20}]
    assert doc["said"]["next"] == ["Next: Bob deals, <b>Cy</b> leads."]  # JSON: the page puts it in as text
    cli("edit", "1", "Ann: 60 -10", "Bob: -", "<b>Cy</b>: 10 -5")
    wait_for(lambda: served.board()["standings"]["players"][0]["total"] == 50, within=SLACK)
    # an unchanged board is a 304 for a client that has it
    status, headers, _body = served.get("board.json")
    request = urllib.request.Request(served.url("board.json"), headers={"If-None-Match": headers["ETag"]})
    with pytest.raises(urllib.error.HTTPError) as unchanged:
        urllib.request.urlopen(request, timeout=10)
    assert unchanged.value.code == 304

    code, said = served.stop()
    assert code == 130 and "nothing was changed" in said and "Traceback" not in said


def test_serve_answers_get_and_head_only_and_its_own_routes(served):
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "BREW"):
        status, headers, _body = served.get("", method=method)
        assert status == 405, method
        assert headers["Allow"] == "GET, HEAD"
    status, headers, body = served.get("board.json", method="HEAD")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 0
    for path in ("/../../etc/passwd", "/board.json/..", "/web/", "/scorekeeper/cli/web/board.js", "/%2e%2e/",
                 "/sessions/", "/index.json"):
        assert served.get(path)[0] == 404, path
    assert served.get("board.js")[0] == 200 and served.get("board.css")[0] == 200


def test_serve_survives_junk_huge_headers_and_slow_clients(served):
    assert served.raw(b"\x16\x03\x01\x02\x00junk\x00\xff\r\n\r\n").startswith(b"HTTP/1.1 400")
    huge = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n"
    assert served.raw(huge).startswith(b"HTTP/1.1 431 ")
    many = b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(200)) + b"\r\n"
    assert served.raw(many).startswith(b"HTTP/1.1 431")
    # a slow client that never finishes its request holds no one else up
    slow = socket.create_connection(("127.0.0.1", served.port))
    slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    try:
        started = time.monotonic()
        assert served.get()[0] == 200
        assert time.monotonic() - started < SLACK
    finally:
        slow.close()
    assert served.proc.poll() is None  # still serving
    assert served.board()["standings"]["players"][0]["name"] == "Ann"


def test_serve_lan_puts_a_token_in_the_address_and_shows_a_qr_code(cli, exe, isolated_db):
    cli.new("rummy500", "Ann", "Bob")
    server = Served(exe, isolated_db, "--lan")
    try:
        assert re.fullmatch(r"http://[^/]+:\d+/[A-Za-z0-9_-]{16}/", server.address)
        printed = "".join(server.said)
        assert "█" in printed or "▀" in printed  # the QR code, drawn with blocks
        assert server.get()[0] == 200 and server.get("board.json")[0] == 200  # with the token
        assert server.get("/")[0] == 404 and server.get("/board.json")[0] == 404  # without it
        assert server.get("/" + "x" * 16 + "/")[0] == 404
        assert server.get(server.root.rstrip("/"))[0] == 200  # the address without its last slash
    finally:
        server.proc.kill()
        server.proc.wait()


def test_serve_refuses_a_port_in_use(cli):
    cli.new("rummy500", "Ann", "Bob")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("serve", "--port", port)
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1 port {port}" in result.stderr and "--port" in result.stderr


def test_serve_speaks_the_chosen_language(cli, exe, isolated_db):
    cli.new("rummy500", "Ann", "Bob")
    server = Served(exe, isolated_db, "--lang", "uk")
    try:
        page = server.get()[2].decode()
        assert '<html lang="uk">' in page and "Разом" in page  # "Total"
        assert server.board()["said"]["heading"] == "Раммі 500 · зіграно роздач: 0"
        assert "Табло за адресою" in server.said[0]
    finally:
        server.proc.kill()
        server.proc.wait()


# -- the page in a real browser ---------------------------------------------------------------------

def chromium() -> tuple[str, str] | None:
    import shutil

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


@pytest.mark.skipif(chromium() is None, reason="no chromium and chromedriver here (.ci/run installs "
                                               "them where apt-get is available)")
def test_the_page_in_a_browser_shows_a_new_hand_without_a_reload(served, cli, tmp_path):
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test extra)")
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    browser, driver = chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / 'chromium'}", "--window-size=412,915"):
        options.add_argument(flag)
    # the browser's own temporary files on the disk's temporary folder, not in the memory one the
    # tests' databases use (Chromium there took seconds longer to start and to draw)
    env = {**os.environ, "TMPDIR": "/tmp"} if os.path.isdir("/tmp") else None
    chrome = webdriver.Chrome(service=Service(executable_path=driver, env=env), options=options)
    try:
        chrome.get(served.url())
        def texts(d, selector):  # read in one go: the page may be redrawn between two reads
            return d.execute_script("return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)",
                                    selector)

        totals = lambda d: texts(d, ".player .total")  # noqa: E731
        WebDriverWait(chrome, 30).until(lambda d: totals(d) == ["0", "0", "0"])  # a busy machine starts slowly
        names = texts(chrome, ".player .name")
        assert [n.split(".", 1)[1].strip() for n in names] == ["Ann", "Bob", "<b>Cy</b>"]  # shown as typed
        assert chrome.title == "<script>alert(1)</script> & co"
        page_id = chrome.execute_script("return window.performance.timeOrigin")

        cli.record("Ann: 40 -5", "Bob: -", "<b>Cy</b>: 10 -30")
        started = time.monotonic()
        WebDriverWait(chrome, SLACK + 2, poll_frequency=0.1).until(lambda d: totals(d) == ["35", "0", "-20"])
        assert time.monotonic() - started <= SLACK
        assert chrome.execute_script("return window.performance.timeOrigin") == page_id  # no reload
        # the newest hand first, marked: each player's score over the running total; Bob went out (✓)
        newest = chrome.execute_script("return [...document.querySelectorAll('#history tr.newest td')]"
                                       ".map(td => [td.querySelector('b')?.textContent, td.querySelector('small')"
                                       "?.textContent, td.className.trim()])")
        assert newest[-3:] == [["+35", "35", "dealt"], ["0", "0", "out"], ["-20", "-20", ""]]  # Ann dealt hand 1
    finally:
        chrome.quit()


def test_serve_waits_for_a_first_session_and_follows_the_current_one(cli, exe, isolated_db):
    server = Served(exe, isolated_db)  # an empty database: no session yet
    try:
        doc = server.board()
        assert doc["standings"] is None and "no current session" in doc["said"]["notice"]
        cli.new("rummy500", "Ann", "Bob", title="Late start")
        wait_for(lambda: (server.board()["standings"] or {}).get("title") == "Late start", within=SLACK)
        assert server.board()["said"]["notice"] is None
        cli.new("rummy500", "Dee", "Eve", title="Second table")  # new makes it current
        wait_for(lambda: server.board()["standings"]["title"] == "Second table", within=SLACK)
    finally:
        server.proc.kill()
        server.proc.wait()


def test_the_long_running_commands_turn_the_collector_back_on(application):
    """The short commands run with the cyclic garbage collector off (scorekeeper.__main__);
    serve and watch live for hours and must not let cycles pile up."""
    import gc
    import threading

    from scorekeeper.cli import serve

    assert serve.loopback("127.0.0.1") and serve.loopback("::1") and serve.loopback("localhost")
    assert not serve.loopback("0.0.0.0") and not serve.loopback("192.168.1.20")
    was = gc.isenabled()
    gc.disable()
    try:
        started = serve.start(application, None, None, 0, False, "en")
        assert started.address == f"http://127.0.0.1:{started.server.server_address[1]}/"
        assert not started.reachable  # this computer only: no QR code, no secret
        threading.Timer(0.2, started.server.shutdown).start()
        serve.serve_forever(started.server)
        assert gc.isenabled()
    finally:
        gc.enable() if was else gc.disable()


def test_serve_stopped_before_its_loop_begins_ends_at_once(application):
    """shutdown() asked before the server's loop began was lost (no loop to tell yet), and the
    server then served for ever: a CI run hung on the test above, its timer early under load."""
    from scorekeeper.cli import serve

    started = serve.start(application, None, None, 0, False, "en")
    started.server.shutdown()  # before serve_forever: the loop must see it when it begins
    done = threading.Event()
    runner = threading.Thread(target=lambda: (serve.serve_forever(started.server), done.set()), daemon=True)
    runner.start()
    assert done.wait(10), "the server went on serving after it was told to stop"


def test_the_board_and_the_web_page_name_the_count_of_hands_won_as_standings_do(cli, application):
    from scorekeeper.cli.render.page import said

    # Rummy 500: a hand is won by going out (I-7), so the count is "Went out"; Gin counts hands won
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND_A)  # Bob goes out: Ann 0, Bob 1, Cy 0 hands won
    text = "\n".join(drawn(application.board(), 80, 24))
    assert "Went out 1" in text and "Won" not in text
    assert said(application.board(), None)["won"] == "Went out"
    cli.new("gin", "Ann", "Bob")
    assert said(application.board(), None)["won"] == "Hands won"


def test_serves_sentences_wrap_between_words_on_an_80_column_terminal(exe, isolated_db, cli):
    # what serve says on a terminal (where the board is, how to stop it, the sentence at Ctrl-C)
    # is wrapped between words at the terminal's width, never cut inside a word
    pexpect = pytest.importorskip("pexpect")
    from conftest import terminal_env

    cli.new("rummy500", "Ann", "Bob")
    env = terminal_env(isolated_db)
    env.pop("COLUMNS")
    child = pexpect.spawn(str(exe), ["serve", "--port", "0"], env=env, encoding="utf-8", timeout=PTY_TIMEOUT,
                          dimensions=(40, 60))
    child.expect(r"(http://\S+)")
    address = child.match.group(1)
    child.expect_exact("Ctrl-C stops the board.")
    urllib.request.urlopen(address, timeout=PTY_TIMEOUT).read()  # served: Ctrl-C now stops the board
    child.sendintr()
    child.expect(pexpect.EOF)
    said = (child.before or "").replace("\r", "").replace("^C", "")  # the terminal's echo of Ctrl-C left out
    child.close()
    lines = [line for line in said.splitlines() if line.strip()]
    assert lines and all(len(line) <= 60 for line in lines), lines
    words = " ".join(lines).split()
    assert "changed)." in words and "nothing" in words and "was" in words, words  # whole words
    assert child.exitstatus == 130 or child.signalstatus is None
