"""`serve` under load, and `serve` + `watch` over a long evening (issue 21).

Load (the default): `scorekeeper serve` runs as its own process over a fresh
database; 50 clients poll `board.json` every second as the page does (keep-alive,
`If-None-Match`, so an unchanged board is a 304) for 60 s, while another process
records a legal Rummy 500 hand every 2 s (through the application, under the lock,
as `hand` does: on a busy machine starting `scorekeeper hand` alone can take 2 s).
Targets:

- 0 errors (every answer 200 or 304, no connection failure);
- every client sees each hand (its board showing that hand, or a later one) within 2 s
  of the `hand` command finishing;
- the server's memory flat: resident set at the end at most 1.25× (and at most
  10 MB above) what it was after the first 10 s.

Soak (`--soak SECONDS`, 1800 for the figures in docs/board.md): `serve` with 5
polling clients and `watch` in a pseudo-terminal (120×40), both over the same
database, while a hand is recorded every 2 s (one in ten followed by `undo --yes`,
one in ten by an `edit` of the hand before; a game that ends is followed by a new
session, which both follow as the current one). The resident sets of both are
printed at the start (after 30 s) and every 5 minutes; the target is the same
flatness.

    python benchmarks/bench_serve.py [--clients 50] [--seconds 60] [--every 2] [--exe PATH]
    nice python benchmarks/bench_serve.py --soak 1800
    python benchmarks/bench_serve.py --watch-lag 30   # how soon a hand reaches watch's screen

With ``--slow N`` the load run also holds N hostile connections that send their request
heads a byte at a time and come back as soon as they are dropped: the targets stay the same.

Exit status 1 when a target is missed.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_db import PLAYERS, legal_hand  # noqa: E402


def rss_kb(pid: int) -> int:
    """The resident set of process ``pid`` in kB (/proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Scorekeeper:
    """Runs the command line over one database."""

    def __init__(self, exe: list[str], db: Path):
        self.exe, self.db = exe, db
        self.env = {**os.environ, "SCOREKEEPER_DB": str(db), "SCOREKEEPER_LANG": "en"}

    def __call__(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([*self.exe, *args], input=stdin, capture_output=True, text=True, env=self.env,
                              timeout=60)

    def spawn(self, *args: str) -> subprocess.Popen:
        return subprocess.Popen([*self.exe, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=self.env)


class Client(threading.Thread):
    """One phone: polls board.json every ``every`` seconds on a keep-alive connection,
    noting when it first saw each number of hands."""

    def __init__(self, address: str, every: float, stop: threading.Event):
        super().__init__(daemon=True)
        parts = urlsplit(address)
        self.host, self.port, self.path = parts.hostname, parts.port, parts.path + "board.json"
        self.every, self.stop = every, stop
        self.seen: dict[tuple[str, int], float] = {}  # (session, hands) -> first seen (monotonic)
        self.errors: list[str] = []
        self.requests = 0
        self.waits: list[float] = []  # seconds each answer took

    def run(self) -> None:
        conn, tag = None, None
        time.sleep(random.random() * self.every)  # the phones do not all ask at once
        while not self.stop.is_set():
            started = time.monotonic()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
                conn.request("GET", self.path, headers={"If-None-Match": tag} if tag else {})
                r = conn.getresponse()
                body = r.read()
                self.requests += 1
                self.waits.append(time.monotonic() - started)
                if r.status == 200:
                    tag = r.getheader("ETag")
                    doc = json.loads(body)
                    s = doc["standings"]
                    if s is not None:
                        self.seen.setdefault((s["session"], s["hands"]), time.monotonic())
                elif r.status != 304:
                    self.errors.append(f"HTTP {r.status}")
                if r.getheader("Connection", "").lower() == "close":
                    conn.close()
                    conn = None
            except Exception as e:  # noqa: BLE001 (every failure counts as an error)
                self.errors.append(f"{type(e).__name__}: {e}")
                if conn is not None:
                    conn.close()
                conn = None
            self.stop.wait(max(0.0, self.every - (time.monotonic() - started)))
        if conn is not None:
            conn.close()


class Recorder:
    """Records a legal hand every ``every`` seconds from other processes; notes when each
    change was done: ``done[(session, hands after it)] = monotonic time``."""

    def __init__(self, sk: Scorekeeper, every: float, mix: bool, seed: int = 21):
        self.sk, self.every, self.mix = sk, every, mix
        self.rng = random.Random(seed)
        self.done: dict[tuple[str, int], float] = {}
        self.failures: list[str] = []
        self.session = self.new_session()

    def new_session(self) -> str:
        r = self.sk("new", "rummy500", *PLAYERS, "--title", "Bench <night>", "--json")
        if r.returncode:
            raise SystemExit(f"new failed: {r.stderr}")
        return json.loads(r.stdout)["session"]

    def step(self) -> None:
        r = self.sk("hand", "--file", "-", "--json", stdin=json.dumps(legal_hand(self.rng)))
        if r.returncode:
            self.failures.append(r.stderr.strip())
            return
        doc = json.loads(r.stdout)
        self.done[(self.session, doc["number"])] = time.monotonic()
        if self.mix:
            roll = self.rng.random()
            if roll < 0.1:
                self.sk("undo", "--yes")
            elif roll < 0.2 and doc["number"] > 1:
                self.sk("edit", str(doc["number"] - 1), "--file", "-", stdin=json.dumps(legal_hand(self.rng)))
        if doc["finished"]:
            self.session = self.new_session()


RECORDER = """
import json, random, sys
sys.path.insert(0, sys.argv[2])
from bench_db import PLAYERS, legal_hand
from scorekeeper.app import Application
app, rng = Application(sys.argv[1]), random.Random(21)
print(json.dumps(app.new("rummy500", PLAYERS, ["target=100000"], "Bench <night>")["session"]), flush=True)
for line in sys.stdin:
    try:
        doc = app.record_hand(legal_hand(rng), "file")
        print(json.dumps({"number": doc["number"], "finished": doc["finished"]}), flush=True)
    except Exception as e:
        print(json.dumps({"error": str(e)}), flush=True)
"""


class AppRecorder:
    """Like :class:`Recorder` (hands only), but one process of its own records every hand
    through the application (the lock and the writes of `hand`, without a program start
    per hand: on a busy machine `scorekeeper hand` alone can take longer than 2 s)."""

    def __init__(self, sk: Scorekeeper, seed: int = 21):
        self.proc = subprocess.Popen([sys.executable, "-c", RECORDER, str(sk.db), str(ROOT / "benchmarks")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=sk.env,
                                     cwd=ROOT)
        self.session = json.loads(self.proc.stdout.readline())
        self.done: dict[tuple[str, int], float] = {}
        self.failures: list[str] = []

    def step(self) -> None:
        self.proc.stdin.write("hand\n")
        self.proc.stdin.flush()
        doc = json.loads(self.proc.stdout.readline())
        if "error" in doc:
            self.failures.append(doc["error"])
        else:
            self.done[(self.session, doc["number"])] = time.monotonic()

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(10)


def start_serve(sk: Scorekeeper) -> tuple[subprocess.Popen, str]:
    proc = sk.spawn("serve", "--port", "0")
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        raise SystemExit(f"serve did not start: {line}{proc.stderr.read()}")
    address = line[line.index("http://"):].split()[0]
    for _ in range(50):  # the second line says it is serving
        try:
            c = http.client.HTTPConnection(urlsplit(address).hostname, urlsplit(address).port, timeout=2)
            c.request("HEAD", urlsplit(address).path)
            c.getresponse().read()
            c.close()
            break
        except OSError:
            time.sleep(0.1)
    return proc, address


class Trickle(threading.Thread):
    """``count`` hostile connections that send their request heads a byte every 0.2 s and come
    back as soon as the server drops them (a slow-loris attack from the same network)."""

    def __init__(self, address: str, count: int, stop: threading.Event):
        super().__init__(daemon=True)
        parts = urlsplit(address)
        self.where, self.count, self.stop = (parts.hostname, parts.port), count, stop
        self.dropped = 0

    def open(self):
        import socket

        s = socket.socket()
        s.setblocking(False)
        s.connect_ex(self.where)
        return s

    def run(self) -> None:
        held = [self.open() for _ in range(self.count)]
        while not self.stop.wait(0.2):
            for i, s in enumerate(held):
                try:
                    s.send(b"G")
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    self.dropped += 1
                    s.close()
                    held[i] = self.open()
        for s in held:
            s.close()


def load(args: argparse.Namespace, sk: Scorekeeper) -> bool:
    recorder = AppRecorder(sk)
    proc, address = start_serve(sk)
    stop = threading.Event()
    if args.slow:
        trickle = Trickle(address, args.slow, stop)
        trickle.start()
    clients = [Client(address, 1.0, stop) for _ in range(args.clients)]
    for c in clients:
        c.start()
    began = time.monotonic()
    rss: list[tuple[float, int]] = []
    next_hand = began + 1
    while time.monotonic() - began < args.seconds:
        now = time.monotonic()
        if now >= next_hand:
            next_hand += args.every
            recorder.step()
            next_hand = max(next_hand, time.monotonic())  # a slow `hand` delays the next one
        if not rss or now - rss[-1][0] >= 5:
            rss.append((now, rss_kb(proc.pid)))
        time.sleep(0.05)
    time.sleep(2.5)  # the last hand's 2 s
    stop.set()
    for c in clients:
        c.join(15)
    end_rss = rss_kb(proc.pid)
    recorder.close()
    proc.terminate()
    proc.wait(10)

    errors = [e for c in clients for e in c.errors]
    requests = sum(c.requests for c in clients)
    lags = []
    missed: dict[int, int] = {}
    for (session, hands), done in recorder.done.items():
        for c in clients:
            # when the client first saw this hand or a later one (a `hand` slowed by a busy
            # machine may finish just before the next, and the board then shows both at once)
            seen = min((t for (s, n), t in c.seen.items() if s == session and n >= hands), default=None)
            if seen is None:
                missed[hands] = missed.get(hands, 0) + 1
            else:
                lags.append(max(0.0, seen - done))
    lags.sort()
    waits = sorted(w for c in clients for w in c.waits)
    first = next((kb for t, kb in rss if t - began >= 10), rss[-1][1])
    print(f"serve: {args.clients} clients polling every 1 s for {args.seconds} s, a hand every {args.every} s"
          + (f", {args.slow} slow connections held (dropped and back {trickle.dropped} times)" if args.slow else ""))
    print(f"  requests answered: {requests} ({requests / args.seconds:.0f}/s), errors: {len(errors)}"
          + (f" (first: {errors[0]})" if errors else ""))
    print(f"  hands recorded: {len(recorder.done)} (failed: {len(recorder.failures)})")
    if lags:
        print(f"  seen after the hand: median {lags[len(lags) // 2]:.2f} s, "
              f"95th {lags[int(len(lags) * 0.95)]:.2f} s, worst {lags[-1]:.2f} s; "
              f"not seen at all (hand: clients): {missed or 'none'}")
    if waits:
        print(f"  answer times: median {waits[len(waits) // 2] * 1000:.0f} ms, "
              f"95th {waits[int(len(waits) * 0.95)] * 1000:.0f} ms, "
              f"99th {waits[int(len(waits) * 0.99)] * 1000:.0f} ms, worst {waits[-1] * 1000:.0f} ms")
    print(f"  server RSS: {first / 1024:.1f} MB after 10 s, {end_rss / 1024:.1f} MB at the end "
          f"(samples: {', '.join(f'{kb / 1024:.1f}' for _t, kb in rss)})")
    ok = (not errors and not recorder.failures and not missed and lags and lags[-1] <= 2.0
          and end_rss <= max(first * 1.25, first + 10240))
    print("  target met" if ok else "  TARGET MISSED")
    return bool(ok)


def soak(args: argparse.Namespace, sk: Scorekeeper) -> bool:
    import pexpect

    recorder = Recorder(sk, args.every, mix=True)
    proc, address = start_serve(sk)
    stop = threading.Event()
    clients = [Client(address, 1.0, stop) for _ in range(5)]
    for c in clients:
        c.start()
    watcher = pexpect.spawn(sk.exe[0], [*sk.exe[1:], "watch"], env=sk.env, dimensions=(40, 120),
                            encoding="utf-8", timeout=5)
    drain = threading.Thread(target=lambda: _drain(watcher, stop), daemon=True)
    drain.start()
    began = time.monotonic()
    samples: list[tuple[float, int, int]] = []
    next_hand, next_sample = began + 1, began + 30
    while time.monotonic() - began < args.soak:
        now = time.monotonic()
        if now >= next_hand:
            recorder.step()
            next_hand = time.monotonic() + args.every
        if now >= next_sample:
            samples.append((now - began, rss_kb(proc.pid), rss_kb(watcher.pid)))
            t, s, w = samples[-1]
            print(f"  {t / 60:5.1f} min: serve {s / 1024:.1f} MB, watch {w / 1024:.1f} MB, "
                  f"hands {len(recorder.done)}", flush=True)
            next_sample += 300
        time.sleep(0.05)
    samples.append((time.monotonic() - began, rss_kb(proc.pid), rss_kb(watcher.pid)))
    stop.set()
    for c in clients:
        c.join(15)
    watcher.send("q")
    watcher.expect(pexpect.EOF, timeout=10)
    watcher.close()
    proc.terminate()
    proc.wait(10)
    errors = [e for c in clients for e in c.errors]
    (_t0, s0, w0), (t1, s1, w1) = samples[0], samples[-1]
    print(f"soak: {t1 / 60:.1f} min, {len(recorder.done)} hands recorded (with undos and edits), "
          f"{sum(c.requests for c in clients)} requests, {len(errors)} errors; watch left with status "
          f"{watcher.exitstatus}")
    print(f"  serve RSS {s0 / 1024:.1f} MB at 30 s → {s1 / 1024:.1f} MB at the end; "
          f"watch RSS {w0 / 1024:.1f} MB → {w1 / 1024:.1f} MB")
    ok = (not errors and watcher.exitstatus == 0 and s1 <= max(s0 * 1.25, s0 + 10240)
          and w1 <= max(w0 * 1.25, w0 + 10240))
    print("  target met" if ok else "  TARGET MISSED")
    return ok


def watch_lag(args: argparse.Namespace, sk: Scorekeeper) -> bool:
    """How long a hand takes to reach `watch`'s screen: `watch` in a 120×40 pseudo-terminal,
    a hand recorded every ``--every`` seconds ``--watch-lag`` times; from the hand being
    stored to the heading saying so. Target: every one within 1 s."""
    import pexpect

    recorder = AppRecorder(sk)
    watcher = pexpect.spawn(sk.exe[0], [*sk.exe[1:], "watch"], env=sk.env, dimensions=(40, 120),
                            encoding="utf-8", timeout=10)
    watcher.expect("0 hands played")
    lags = []
    for n in range(1, args.watch_lag + 1):
        time.sleep(args.every)
        recorder.step()
        done = recorder.done[(recorder.session, n)]
        watcher.expect(rf"{n} hands? played")
        lags.append(time.monotonic() - done)
    watcher.send("q")
    watcher.expect(pexpect.EOF)
    watcher.close()
    recorder.close()
    lags.sort()
    print(f"watch: {len(lags)} hands, on the screen after median {lags[len(lags) // 2]:.2f} s, "
          f"worst {lags[-1]:.2f} s; left with status {watcher.exitstatus}")
    ok = lags[-1] <= 1.0 and watcher.exitstatus == 0
    print("  target met" if ok else "  TARGET MISSED")
    return ok


def _drain(child, stop: threading.Event) -> None:
    """Read what watch draws (a terminal that is never read would block it)."""
    import pexpect

    while not stop.is_set():
        try:
            child.read_nonblocking(65536, timeout=0.5)
        except pexpect.TIMEOUT:
            continue
        except (pexpect.EOF, OSError):
            return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--every", type=float, default=2.0, help="seconds between two hands")
    parser.add_argument("--soak", type=int, default=0, help="run the soak for this many seconds instead")
    parser.add_argument("--watch-lag", type=int, default=0, help="time this many hands reaching watch instead")
    parser.add_argument("--slow", type=int, default=0, help="also hold this many connections that send their "
                        "requests a byte at a time (the load run)")
    parser.add_argument("--exe", default=None, help="the scorekeeper command (default: this checkout's)")
    args = parser.parse_args()
    exe = [args.exe] if args.exe else [sys.executable, "-m", "scorekeeper"]
    tmp = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    try:
        sk = Scorekeeper(exe, tmp / "db")
        ok = soak(args, sk) if args.soak else watch_lag(args, sk) if args.watch_lag else load(args, sk)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
