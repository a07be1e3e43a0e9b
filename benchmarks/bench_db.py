"""How the cost of a command grows with the history kept (issue 6, SPEC §6).

Builds a history of 1,000 Rummy 500 sessions — 4 players, 15 card-level hands
each, dealt from a shuffled deck so every hand is legal (runs, sets and
lay-offs, one deck, nobody holding a card twice) — written straight through
the store API (each session replayed through the core once, then every
session file and the index written in one go). Then it times whole commands,
as subprocesses, the median of several runs:

- ``hand`` and ``standings`` on the same current session (5 hands) with 1,000
  other sessions kept and with none (target: at most 1.25×);
- ``export --all --format json`` (target: at most 1.5 s) and ``sessions``
  (target: at most 1 s) with 1,000 sessions; ``stats`` and ``export --all``
  as csv and md (at most 1.5 s each: they read each session's cache of
  derived numbers instead of replaying it); ``import`` of the 1,000-session
  JSON export into an empty database, on a fresh copy each run (no target:
  it replays every hand to check it);
- ``python -c "import typer, rich.table, tinydb"``, the floor any command stands on.

Every ``hand`` run starts from a fresh copy of its database (the copy is not
timed). A command that does not exist yet prints "not available".

    python benchmarks/bench_db.py [--sessions 1000] [--hands 15] [--runs 9] [--keep DIR]
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.app.games import summary_of  # noqa: E402
from scorekeeper.core.game import new_setup, replay  # noqa: E402
from scorekeeper.core.variants import get_variant  # noqa: E402
from scorekeeper.app.scoreboard import derive  # noqa: E402
from scorekeeper.storage.store import Store, new_record, now  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
RULES = ["target=100000"]  # no game ends within the benchmark's hands
SUITS = "SHDC"
RANK = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card(rank: int, suit: str) -> str:
    return f"{RANK.get(rank, rank)}{suit}"


def legal_hand(rng: random.Random) -> dict:
    """One Rummy 500 hand for four players from one shuffled deck.

    The player going out shows a run of three and a set of three; the next
    player a set of three of another rank and lays off the set's fourth card
    on the first player's set; the other two each show a run of three or
    nothing; everyone else keeps two to four cards. No aces in melds (a
    laid-off ace would need low/high); aces may stay in hand (15 each).
    """
    deck = {(r, s) for r in range(1, 14) for s in SUITS}
    take = lambda cards: [deck.remove(c) or c for c in cards]  # noqa: E731
    names = PLAYERS[:]
    rng.shuffle(names)
    out, second, third, fourth = names
    entry: dict[str, dict] = {}

    set_ranks = rng.sample(range(2, 14), 2)
    suits = rng.sample(SUITS, 4)
    out_set = take([(set_ranks[0], s) for s in suits[:3]])
    layoff = take([(set_ranks[0], suits[3])])
    second_set = take([(set_ranks[1], s) for s in rng.sample(SUITS, 3)])

    def run_from_deck() -> list | None:
        for _ in range(50):
            suit, start = rng.choice(SUITS), rng.randrange(2, 12)
            cards = [(start + i, suit) for i in range(3)]
            if all(c in deck for c in cards):
                return take(cards)
        return None

    def melds_text(*melds) -> list[str]:
        return [" ".join(card(*c) for c in m) for m in melds if m]

    out_run = run_from_deck()
    entry[out] = {"melds": melds_text(out_run, out_set), "hand": ""}

    def left_in_hand(n: int) -> str:
        cards = rng.sample(sorted(deck), n)
        for c in cards:
            deck.remove(c)
        return " ".join(card(*c) for c in cards)

    entry[second] = {"melds": melds_text(second_set), "layoffs": " ".join(card(*c) for c in layoff),
                     "hand": left_in_hand(rng.randrange(2, 5))}
    for name in (third, fourth):
        run = run_from_deck() if rng.random() < 0.5 else None
        entry[name] = {"melds": melds_text(run), "hand": left_in_hand(rng.randrange(2, 5))}
    return {"players": {name: entry[name] for name in PLAYERS}}


def build(db: Path, n_sessions: int, n_hands: int, seed: int = 500) -> None:
    """Write ``n_sessions`` sessions of ``n_hands`` legal hands into ``db`` (through the store)."""
    rng = random.Random(seed)
    variant = get_variant("rummy500")
    setup = new_setup(variant, PLAYERS, RULES, None)
    pairs = []
    for i in range(n_sessions):
        record = new_record(f"{i:08x}", variant.id, PLAYERS[:], dict(setup.rules), f"Night {i + 1}", PLAYERS[0])
        record["created"] = f"20{20 + i // 365:02d}-01-01T20:00:00+00:00"
        entries = []
        for number in range(1, n_hands + 1):
            raw = legal_hand(rng)
            entries.append(raw)
            stamp = now()
            record["hands"].append({"entry": raw, "form": "file", "time": stamp})
            record["audit"].append({"time": stamp, "action": "entered", "number": number, "entry": raw,
                                    "previous": None, "form": "file"})
        state = replay(setup, entries)  # raises if the generator made an illegal hand
        assert state.hands == n_hands and not state.ending.finished
        record["derived"] = derive(state, record)  # as every command that saves a session keeps it
        pairs.append((record, summary_of(record, state)))
    st = Store(db)
    with st.writing():
        st.save_many(pairs, current=pairs[-1][0]["id"] if pairs else None)


def add_current(db: Path, rng: random.Random, hands: int = 5) -> dict:
    """Start the session every timed command works on, with ``hands`` hands; returns the next hand."""
    from scorekeeper.app import Application

    app = Application(db)
    app.new("rummy500", PLAYERS, RULES, "Tonight")
    for _ in range(hands):
        app.record_hand(legal_hand(rng))
    return legal_hand(rng)


def _once(cmd: list[str], db: Path | None, fresh_from: Path | None) -> float | None:
    if fresh_from is not None:
        shutil.rmtree(db, ignore_errors=True)
        shutil.copytree(fresh_from, db)
        if hasattr(os, "sync"):
            os.sync()  # the copy's own writes are not the command's to flush
    start = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if r.returncode != 0:
        print(f"  ({' '.join(cmd[2:5])}… failed: {r.stderr.strip()[:200]})", file=sys.stderr)
        return None
    return elapsed


def timed(cmds: list[tuple[list[str], Path | None, Path | None]], runs: int) -> list[float | None]:
    """Median wall time in seconds of each ``(cmd, db, fresh_from)`` (None when it fails:
    not available). The commands take turns, run after run, so that a machine
    busy with something else slows them alike; with ``fresh_from`` the
    database ``db`` is first replaced by a copy of it (not timed)."""
    times: list[list[float]] = [[] for _ in cmds]
    failed = [False] * len(cmds)
    for _ in range(runs):
        for i, (cmd, db, fresh_from) in enumerate(cmds):
            if failed[i]:
                continue
            t = _once(cmd, db, fresh_from)
            if t is None:
                failed[i] = True
            else:
                times[i].append(t)
    return [None if failed[i] else statistics.median(times[i]) for i in range(len(cmds))]


def available(exe: list[str], command: str) -> bool:
    return subprocess.run(exe + [command, "--help"], capture_output=True).returncode == 0


def main() -> int:
    # a user's Python keeps compiled modules: time the commands as they run there
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--hands", type=int, default=15)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--keep", type=Path, help="build the databases here and keep them")
    args = ap.parse_args()
    runs = max(5, args.runs)

    work = args.keep or Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    big, empty = work / "big", work / "empty"
    for d in (big, empty):
        shutil.rmtree(d, ignore_errors=True)
    t0 = time.perf_counter()
    build(big, args.sessions, args.hands)
    built = time.perf_counter() - t0
    rng = random.Random(7)
    hand_big = add_current(big, rng)
    rng = random.Random(7)
    hand_empty = add_current(empty, rng)
    assert hand_big == hand_empty
    size = sum(p.stat().st_size for p in (big / "sessions").iterdir()) + (big / "index.json").stat().st_size
    print(f"Built {args.sessions} sessions × {args.hands} hands × {len(PLAYERS)} players in {built:.1f} s "
          f"({size / 1e6:.1f} MB; index.json {(big / 'index.json').stat().st_size / 1e3:.0f} kB).")

    py = sys.executable
    exe = [py, "-m", "scorekeeper"]
    hand_file = work / "hand.json"
    import json

    hand_file.write_text(json.dumps(hand_big), encoding="utf-8")
    copy_big, copy_empty = work / "run-big", work / "run-empty"
    shutil.copytree(big, work / "pristine-big", dirs_exist_ok=True)
    shutil.copytree(empty, work / "pristine-empty", dirs_exist_ok=True)

    rows = []
    (baseline,) = timed([([py, "-c", "import typer, rich.table, tinydb"], None, None)], runs)
    rows.append(("python -c 'import typer, rich.table, tinydb'", baseline, None, None, "the floor"))

    def pair(label: str, argv: list[str], target: float, fresh: bool = False) -> None:
        if not available(exe, argv[0]):
            rows.append((label, None, None, None, "not available"))
            return
        if fresh:
            e, b = timed([(exe + argv + ["--db", str(copy_empty)], copy_empty, work / "pristine-empty"),
                          (exe + argv + ["--db", str(copy_big)], copy_big, work / "pristine-big")], runs)
        else:
            e, b = timed([(exe + argv + ["--db", str(empty)], None, None),
                          (exe + argv + ["--db", str(big)], None, None)], runs)
        ratio = b / e if (b and e) else None
        verdict = "" if ratio is None else ("ok" if ratio <= target else "OVER")
        rows.append((label, e, b, ratio, f"≤ {target}× {verdict}".strip()))

    def single(label: str, argv: list[str], limit: float) -> None:
        if not available(exe, argv[0]):
            rows.append((label, None, None, None, "not available"))
            return
        (b,) = timed([(exe + argv + ["--db", str(big)], None, None)], runs)
        verdict = "" if b is None else ("ok" if b <= limit else "OVER")
        rows.append((label, None, b, None, f"≤ {limit} s {verdict}".strip()))

    pair("hand --file HAND (card-level)", ["hand", "--file", str(hand_file)], 1.25, fresh=True)
    pair("standings", ["standings"], 1.25)
    single("export --all --format json", ["export", "--all", "--format", "json"], 1.5)
    single("sessions", ["sessions"], 1.0)
    single("stats", ["stats"], 1.5)
    single("export --all --format csv", ["export", "--all", "--format", "csv"], 1.5)
    single("export --all --format md", ["export", "--all", "--format", "md"], 1.5)
    export_file = work / "all.json"
    with export_file.open("w", encoding="utf-8") as f:
        subprocess.run(exe + ["export", "--all", "--format", "json", "--db", str(big)], stdout=f, check=True)
    blank, copy_blank = work / "pristine-blank", work / "run-blank"
    blank.mkdir(exist_ok=True)
    (b,) = timed([(exe + ["import", str(export_file), "--db", str(copy_blank)], copy_blank, blank)], runs)
    # no target: the import replays every hand to check it, and that is where its time goes
    rows.append(("import of that json export (into an empty database)", None, b, None, "≤ inf s"))

    def fmt(x: float | None) -> str:
        return "—" if x is None else f"{x * 1000:.0f} ms"

    head = ("command", "empty history", f"{args.sessions} sessions", "ratio", "target")
    table = [head] + [(r[0], fmt(r[1]), fmt(r[2]), "—" if r[3] is None else f"{r[3]:.2f}×",
                       r[4].replace("≤ inf s", "—")) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nMedian of {runs} runs, each a whole command as a subprocess ({os.cpu_count()} CPUs, "
          f"load average {load:.1f}):\n")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(head, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in table[1:]:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")
    if args.keep is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if not any("OVER" in r[4] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
