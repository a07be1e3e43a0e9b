"""What each command costs, against the stack's own floor and as a session grows (issue 11).

The floor is a minimal typer app, written by this script into its work
directory, that runs one command and prints a rich table (typer ≥ 0.29 loads
pydantic to convert option values, so no typer command can cost less).
Targets, each the median of several runs of the whole command as a
subprocess, the commands taking turns so that a busy moment of the machine
slows them alike:

- ``hand`` and ``standings`` in a session of 150 hands cost at most 1.25×
  what they cost in a fresh session (one with 5 hands);
- every command at most 1.3× the floor (in the fresh session; ``demo``, which
  records a whole game, is shown without a target);
- ``export --all`` of 1,000 sessions (15 card-level hands each) at most 5×
  the floor, in each format.

A command that changes the database runs on a fresh copy of it each time
(the copy is not timed). Compiled modules are kept, as in a user's Python
(``PYTHONDONTWRITEBYTECODE`` is dropped; an untimed warm-up run writes them).
Then, without a target, the same in one process: what the application's
methods cost (:class:`scorekeeper.app.Application`), start-up left out.

    python benchmarks/bench_app.py [--runs 7] [--sessions 1000] [--long 150] [--exe PATH] [--keep DIR]
                                   [--only TEXT ...] [--instructions]

Each command's ratio to the floor is given in wall time and in CPU time (user +
system, which other work on a busy machine disturbs less); a target is met when
both are within it. ``--only`` times the commands whose label contains one of
the texts (and skips what they do not need: the 1,000 sessions, the in-process
table). ``--instructions`` also counts the instructions each command executes, once,
under valgrind's callgrind (a figure the machine's load cannot change; about ten
seconds a command): a sound way to compare two versions on a busy machine, though
it weighs every instruction alike, so its ratios run higher than the times'.
Exit status 1 when a target is missed.
"""
from __future__ import annotations

import argparse
import atexit
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_db import PLAYERS, RULES, build, legal_hand  # noqa: E402

FLOOR_APP = '''\
import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(add_completion=False)


@app.callback()
def root(db: str = typer.Option(None, "--db")) -> None:
    """A root callback with an option, as scorekeeper has."""


@app.command()
def show(name: str = typer.Option("Ann", "--name"), json_: bool = typer.Option(False, "--json")) -> None:
    table = Table()
    for column in ("#", "Player", "Total"):
        table.add_column(column)
    table.add_row("1", name, "120")
    Console().print(table)


app()
'''

HAND_TARGET, FLOOR_TARGET, EXPORT_TARGET = 1.25, 1.3, 5.0


def fresh_copy(fresh: tuple[Path, Path] | None) -> None:
    """With ``fresh`` (db, pristine), replace the database by a copy (not timed).

    The database the last run left is moved aside, not deleted: it is deleted when the script
    ends (:func:`_delete_spent`). A file system may charge the files deleted just before a command
    to the command: ext4 without a journal (this project's measuring machines) does not give a new
    file an inode freed in the last minute (five while its inode table is not yet written back) and
    steps over each such inode, one by one, while it looks for a free one (``recently_deleted`` in
    the kernel's ``fs/ext4/ialloc.c``). An import of 1,000 sessions (3,000 new files and folders)
    made just after the last run's were deleted cost up to several times the system time, more
    each run, with nothing of its own changed.
    """
    if fresh is not None:
        db, pristine = fresh
        set_aside(db)
        shutil.copytree(pristine, db)
        if hasattr(os, "sync"):
            os.sync()  # the copy's own writes are not the command's to flush


def set_aside(path: Path) -> None:
    """Move the folder ``path`` (when it is there) out of the way, to be deleted when the script
    ends, not now (see :func:`fresh_copy`)."""
    if path.exists():
        spent = path.parent / f".spent-{os.getpid()}"  # beside it: a rename, never a copy
        spent.mkdir(exist_ok=True)
        _SPENT.add(spent)
        path.rename(spent / f"{len(list(spent.iterdir()))}-{path.name}")


#: the folders :func:`set_aside` moved folders into
_SPENT: set[Path] = set()


@atexit.register
def _delete_spent() -> None:
    for spent in _SPENT:
        shutil.rmtree(spent, ignore_errors=True)


def run_once(cmd: list[str], env: dict, fresh: tuple[Path, Path] | None) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``cmd``, in seconds."""
    fresh_copy(fresh)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, cmd))} failed ({done.returncode}): {done.stderr.strip()[:300]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


class Case:
    """One command; ``wall``/``cpu`` its times, run after run, and ``base_wall``/``base_cpu``
    the times of what it is compared with, run right before it in the same round."""

    def __init__(self, label: str, cmd: list[str], fresh: tuple[Path, Path] | None = None):
        self.label, self.cmd, self.fresh = label, cmd, fresh
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.base_wall: list[float] = []
        self.base_cpu: list[float] = []

    @property
    def median(self) -> float:
        return statistics.median(self.wall)

    @property
    def median_cpu(self) -> float:
        return statistics.median(self.cpu)

    def ratio(self, cpu: bool = False) -> float:
        """The median of the round-by-round ratios to what ran right before it."""
        mine, base = (self.cpu, self.base_cpu) if cpu else (self.wall, self.base_wall)
        return statistics.median(m / b for m, b in zip(mine, base))


def time_pairs(pairs: list[tuple[Case, Case]], env: dict, runs: int) -> None:
    """Each ``(base, case)`` once untimed (warm-up: disk cache, compiled modules), then
    ``runs`` rounds in which every pair runs in turn, the base right before its case,
    so a busy moment of the shared machine slows both alike."""
    for base, case in pairs:
        run_once(base.cmd, env, base.fresh)
        run_once(case.cmd, env, case.fresh)
    for _ in range(runs):
        for base, case in pairs:
            bw, bc = run_once(base.cmd, env, base.fresh)
            w, c = run_once(case.cmd, env, case.fresh)
            base.wall.append(bw)
            base.cpu.append(bc)
            case.wall.append(w)
            case.cpu.append(c)
            case.base_wall.append(bw)
            case.base_cpu.append(bc)


def add_session(db: Path, hands: int, seed: int = 7) -> tuple[str, dict]:
    """A current session of ``hands`` legal hands in ``db``; returns its id and a next hand."""
    from scorekeeper.app import Application

    app = Application(db)
    rng = random.Random(seed)
    sid = app.new("rummy500", PLAYERS, RULES, "Tonight")["session"]
    for _ in range(hands):
        app.record_hand(legal_hand(rng))
    return sid, legal_hand(rng)


def in_process(fresh: Path, long: Path, hand: dict, runs: int) -> list[tuple[str, float, float]]:
    """``(method, ms in the fresh session, ms in the long one)``, medians, each run on a copy."""
    from scorekeeper.app import Application

    rows = []
    work = fresh.parent / "inproc"

    def timed(db: Path, call, changes: bool) -> float:
        times = []
        for _ in range(runs):
            target = db
            if changes:
                shutil.rmtree(work, ignore_errors=True)
                shutil.copytree(db, work)
                target = work
            app = Application(target)
            start = time.perf_counter()
            call(app)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000

    methods = [
        ("record_hand", lambda a: a.record_hand(hand), True),
        ("preview_hand", lambda a: a.preview_hand(hand), False),
        ("standings", lambda a: a.standings(), False),
        ("history", lambda a: a.history(), False),
        ("explain", lambda a: a.explain(), False),
        ("undo", lambda a: a.undo(), True),
        ("edit 1", lambda a: a.edit(1, a.hand_entry(1)["entry"]), True),
        ("chart", lambda a: a.chart(), False),
    ]
    for name, call, changes in methods:
        rows.append((name, timed(fresh, call, changes), timed(long, call, changes)))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="timed runs of each command (at least 5)")
    ap.add_argument("--sessions", type=int, default=1000, help="sessions for export --all")
    ap.add_argument("--long", type=int, default=150, help="hands in the long session")
    ap.add_argument("--exe", default=str(Path(sys.executable).with_name("scorekeeper")),
                    help="the scorekeeper console script (default: next to this python)")
    ap.add_argument("--keep", type=Path, help="build the databases here and keep them")
    ap.add_argument("--only", nargs="+", metavar="TEXT",
                    help="time only the commands whose label contains one of these texts")
    ap.add_argument("--instructions", action="store_true",
                    help="also count each command's instructions once under valgrind (slow; what other work on "
                         "the machine cannot change)")
    args = ap.parse_args()
    runs = max(5, args.runs)
    exe, py = args.exe, sys.executable

    work = args.keep or Path(tempfile.mkdtemp(prefix="scorekeeper-bench-app-"))
    work.mkdir(parents=True, exist_ok=True)
    fresh, long, club = work / "fresh", work / "long", work / "club"
    for d in (fresh, long, club):
        shutil.rmtree(d, ignore_errors=True)

    def wanted(label: str) -> bool:
        return not args.only or any(text in label for text in args.only)

    export_labels = [f"export --all --format {fmt} ({args.sessions} sessions)" for fmt in ("json", "csv", "md")]
    t0 = time.perf_counter()
    _, hand = add_session(fresh, 5)
    _, hand_long = add_session(long, args.long)
    if any(map(wanted, export_labels)):
        build(club, args.sessions, 15)
        print(f"Built a session of 5 hands, one of {args.long} hands and {args.sessions} sessions × 15 hands "
              f"in {time.perf_counter() - t0:.1f} s.")
    hand_file = work / "hand.json"
    hand_file.write_text(json.dumps(hand), encoding="utf-8")
    long_hand_file = work / "hand-long.json"
    long_hand_file.write_text(json.dumps(hand_long), encoding="utf-8")
    export_file = work / "one.json"
    floor_py = work / "floor_app.py"
    floor_py.write_text(FLOOR_APP, encoding="utf-8")
    # a Contract Rummy session at deal 2: its hand checks the contract and searches the lay-offs
    contract = work / "contract"
    shutil.rmtree(contract, ignore_errors=True)
    for argv in (("new", "contract", "Ann", "Bob", "Cy"),
                 ("hand", "Ann: 7H 7S 7D, QC QD JK +7C -", "Bob: 4S 4H 4D, 9C 9C 9H +QH -AS 5D", "Cy: -KS QS")):
        subprocess.run([exe, "--db", str(contract), *argv], check=True, stdout=subprocess.DEVNULL)
    contract_file = work / "contract-hand.json"
    contract_file.write_text(json.dumps({"players": {
        "Ann": {"melds": ["7S 7H 7C", "4D 5D 6D 7D"], "layoffs": "8D 9D", "hand": ""},
        "Bob": {"melds": ["QS QH QC", "10H JH QH KH"], "layoffs": "9H JK", "hand": "3C"},
        "Cy": {"melds": [], "hand": "5S 2C"}}}), encoding="utf-8")
    # a Canasta game of four players in two sides, two hands in: its hand reads a side's melds, and every
    # screen shows the sides
    canasta = work / "canasta"
    shutil.rmtree(canasta, ignore_errors=True)
    for argv in (("new", "canasta", "Ann", "Bob", "Cy", "Dee"),
                 ("hand", "Ann+Cy: KS KS KH KH KD KD KC, 7S 7S 7H 7H 7D 2C JK, AS AH AD r3=1 -", "Cy: -9S 4D",
                  "Bob: QS QH QD JK, 8S 8H 8C r3=1 -KC 5S", "Dee: -JS JH 6C"),
                 ("hand", "Ann: -QS 6D", "Bob: -4C 4S AH", "Cy: 5S 5H 5D 5C 5S JK JK, 10S 10H 10D -JK 2H 8D",
                  "Dee: 9S 9S 9H 9H 9D 9D 9C, JS JH JD 2S r3=2 - concealed")):
        subprocess.run([exe, "--db", str(canasta), *argv], check=True, stdout=subprocess.DEVNULL)
    canasta_file = work / "canasta-hand.json"
    canasta_file.write_text(json.dumps({"players": {
        "Ann": {"melds": ["QS QS QH QH QD QD QC", "6S 6S 6H 6H 6D 6D 6C", "AS AH 2D"], "red_threes": "3H 3D",
                "hand": "KS KH 4S"},
        "Cy": {"hand": "8C"}, "Bob": {"red_threes": 2, "hand": "JK JK 2C 9D"}, "Dee": {"hand": "7C 7D 5H 10S"}},
        "stock_exhausted": True}), encoding="utf-8")
    pristine = {d: work / f"pristine-{d.name}" for d in (fresh, long, contract, canasta)}
    for d, p in pristine.items():
        shutil.rmtree(p, ignore_errors=True)
        shutil.copytree(d, p)
    run = {d: work / f"run-{d.name}" for d in (fresh, long, contract, canasta)}

    # a user's Python keeps compiled modules: time the commands as they run there
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("_SCOREKEEPER", "_TYPER", "COMP_", "FORCE_COLOR", "PYTHONDONTWRITEBYTECODE",
                                "SCOREKEEPER_DB"))}
    env["NO_COLOR"] = "1"
    with export_file.open("w", encoding="utf-8") as f:
        subprocess.run([exe, "--db", str(fresh), "export"], env=env, stdout=f, check=True)

    def sk(db: Path, *argv: str, changes: bool = False) -> tuple[list[str], tuple[Path, Path] | None]:
        if changes:
            return [exe, "--db", str(run[db]), *argv], (run[db], pristine[db])
        return [exe, "--db", str(db), *argv], None

    floor = Case("floor: typer app, one command, a rich table", [py, str(floor_py), "show", "--name", "Ann"])
    commands = [
        ("new", ("new", "rummy500", "Ann", "Bob", "Cy"), True),
        ("hand --file", ("hand", "--file", str(hand_file)), True),
        ("hand (one-line)", ("hand", *[f"{p}: 80 -5" for p in PLAYERS]), True),
        ("standings", ("standings",), False),
        ("standings --json", ("standings", "--json"), False),
        ("history", ("history",), False),
        ("history --audit", ("history", "--audit"), False),
        ("explain", ("explain",), False),
        ("undo --yes", ("undo", "--yes"), True),
        ("redo", ("redo",), True),
        ("edit 1 --file", ("edit", "1", "--file", str(hand_file)), True),
        ("sessions", ("sessions",), False),
        ("use", ("use", "0"), True),
        ("check", ("check", "rummy500", "QS KS AS"), False),
        ("rules rummy500", ("rules", "rummy500"), False),
        ("export", ("export",), False),
        ("export --format md", ("export", "--format", "md"), False),
        ("import", ("import", str(export_file), "--skip-existing"), True),
        ("stats", ("stats",), False),
        ("chart", ("chart",), False),
        ("db path", ("db", "path"), False),
        ("db check", ("db", "check"), False),
        ("demo", ("demo",), True),
    ]
    contract_commands = [
        ("hand (Contract Rummy, one-line)", ("hand", "Ann: 7S 7H 7C, 4D 5D 6D 7D +8D 9D -",
                                             "Bob: QS QH QC, 10H JH QH KH +9H JK -3C", "Cy: [] -5S 2C"), True),
        ("hand --file (Contract Rummy)", ("hand", "--file", str(contract_file)), True),
        ("check contract --deal 2", ("check", "contract", "7S 7H JK, 4D 5D 6D 7D", "--deal", "2"), False),
    ]
    canasta_commands = [
        ("hand (Canasta, one-line)", ("hand", "Ann: -KS", "Cy: JS JS JH JH JD JD JC, AS AS AH AH AD 2S 2H -",
                                      "Bob: -85", "Dee:"), True),
        ("hand --file (Canasta)", ("hand", "--file", str(canasta_file)), True),
        ("standings (Canasta)", ("standings",), False),
        ("history (Canasta)", ("history",), False),
        ("explain (Canasta)", ("explain",), False),
    ]
    floor_cases: list[tuple[str, Case, bool]] = []
    for label, argv, changes in contract_commands:
        cmd, fr = sk(contract, *argv, changes=changes)
        floor_cases.append((label, Case(label, cmd, fr), True))
    for label, argv, changes in canasta_commands:
        cmd, fr = sk(canasta, *argv, changes=changes)
        floor_cases.append((label, Case(label, cmd, fr), True))
    for label, argv, changes in commands:
        if label in ("redo", "use") or not wanted(label):
            continue  # redo needs an undo first, use another session: timed below with their own databases
        cmd, fr = sk(fresh, *argv, changes=changes)
        floor_cases.append((label, Case(label, cmd, fr), label != "demo"))
    # redo: a database where the last hand was undone
    undone = work / "pristine-undone"
    shutil.rmtree(undone, ignore_errors=True)
    shutil.copytree(fresh, undone)
    subprocess.run([exe, "--db", str(undone), "undo", "--yes"], env=env, check=True, stdout=subprocess.DEVNULL)
    floor_cases.append(("redo", Case("redo", [exe, "--db", str(work / "run-undone"), "redo"],
                                     (work / "run-undone", undone)), True))
    # use: a database where another session was started since, so `use` makes the first one
    # current again (the index written, as when a table switches games)
    two = work / "pristine-two"
    shutil.rmtree(two, ignore_errors=True)
    shutil.copytree(fresh, two)
    first = json.loads(subprocess.run([exe, "--db", str(two), "sessions", "--json"], env=env,
                                      capture_output=True, text=True, check=True).stdout)["current"]
    subprocess.run([exe, "--db", str(two), "new", "rummy500", "Eve", "Fay"], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    floor_cases.append(("use", Case("use (another session)", [exe, "--db", str(work / "run-two"), "use", first],
                                    (work / "run-two", two)), True))
    floor_cases = [case for case in floor_cases if wanted(case[0])]

    growth = [
        (Case("hand --file (5 hands)", *sk(fresh, "hand", "--file", str(hand_file), changes=True)),
         Case(f"hand --file in a session of {args.long} hands",
              *sk(long, "hand", "--file", str(long_hand_file), changes=True))),
        (Case("standings (5 hands)", *sk(fresh, "standings")),
         Case(f"standings in a session of {args.long} hands", *sk(long, "standings"))),
    ]
    growth = [(short, grown) for short, grown in growth if wanted(short.label) or wanted(grown.label)]
    exports = [Case(label, [exe, "--db", str(club), "export", "--all", "--format", fmt])
               for label, fmt in zip(export_labels, ("json", "csv", "md")) if wanted(label)]

    pairs = [(floor, c) for _, c, _ in floor_cases] + [(floor, c) for c in exports] + growth
    print(f"Timing {len(pairs)} pairs of commands, {runs} rounds, taking turns…", flush=True)
    time_pairs(pairs, env, runs)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nMedians of {runs} runs, each a whole command as a subprocess (Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, load average {load:.1f} at the end). A ratio is the median of the "
          "round-by-round ratios to what ran right before it; CPU is user + system time.\n")
    missed: list[str] = []
    rows = [(floor.label, f"{floor.median * 1000:.0f} ms", "1.00×", f"{floor.median_cpu * 1000:.0f} ms", "1.00×",
             "(the floor)")]

    def row(c: Case, target: float | None, what: str) -> tuple:
        ratio, cpu = c.ratio(), c.ratio(cpu=True)
        verdict = ""
        if target is not None:
            over = [name for name, r in (("wall", ratio), ("CPU", cpu)) if r > target]
            verdict = f"≤ {target:g}× {what} {'MISSED (' + ', '.join(over) + ')' if over else 'ok'}"
            if over:
                missed.append(f"{c.label} ({', '.join(over)})")
        return (c.label, f"{c.median * 1000:.0f} ms", f"{ratio:.2f}×", f"{c.median_cpu * 1000:.0f} ms",
                f"{cpu:.2f}×", verdict)

    for label, c, target in floor_cases:
        rows.append(row(c, FLOOR_TARGET if target else None, "floor"))
    for c in exports:
        rows.append(row(c, EXPORT_TARGET, "floor"))
    table(("command (fresh session of 5 hands)", "wall", "× floor", "CPU", "CPU × floor", "target"), rows)

    if args.instructions:
        print()
        count_instructions([floor] + [c for _, c, _ in floor_cases], env)

    if growth:
        print()
        rows = [row(grown, HAND_TARGET, "the 5-hand session") for _, grown in growth]
        rows = [(r[0], f"{short.median * 1000:.0f} ms", *r[1:]) for r, (short, _) in zip(rows, growth)]
        table(("command", "5 hands", f"{args.long} hands", "ratio", f"CPU {args.long}", "CPU ratio", "target"),
              rows)

    if not args.only:
        print("\nIn one process (start-up left out), median ms per call:\n")
        rows = [(name, f"{a:.1f}", f"{b:.1f}", f"{b / a:.2f}×" if a else "—")
                for name, a, b in in_process(fresh, long, hand, runs)]
        table(("Application method", "5 hands", f"{args.long} hands", "ratio"), rows)

    if args.keep is None:
        shutil.rmtree(work, ignore_errors=True)
    if missed:
        print(f"\nTargets missed: {', '.join(missed)}")
        return 1
    return 0


def count_instructions(cases: list[Case], env: dict) -> None:
    """Print the instructions each of ``cases`` (the floor first) executes, counted once under
    callgrind with a fixed hash seed, and their ratio to the floor's."""
    if shutil.which("valgrind") is None:
        print("Instructions not counted: valgrind is not installed.")
        return
    print("Instructions executed (valgrind --tool=callgrind, once each, PYTHONHASHSEED=0):\n", flush=True)
    counted_env = {**env, "PYTHONHASHSEED": "0"}
    counts = []
    for c in cases:
        fresh_copy(c.fresh)
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *c.cmd],
                              env=counted_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        found = [line.split()[-1] for line in done.stderr.splitlines() if "Collected :" in line]
        counts.append(int(found[0]) if done.returncode == 0 and found else None)
    base = counts[0]
    table(("command", "instructions", "× floor"),
          [(c.label, f"{n / 1e6:,.0f} M" if n else "failed", f"{n / base:.2f}×" if n and base else "—")
           for c, n in zip(cases, counts)])


def table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(head, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths)) + " |")


if __name__ == "__main__":
    sys.exit(main())
