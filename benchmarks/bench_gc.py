"""Whether turning the cyclic garbage collector off pays (``scorekeeper/__main__.py`` does it
for every command line).

Each command runs as a subprocess twice per round, taking turns: through the console
script (collector off) and through ``scorekeeper.cli.main`` called with the collector on.
Shown: the median wall and CPU (user + system) time of each, and what the collector
costs (on − off). A command where the collector costs nothing measurable would not need
the setting; the setting stays while one command shows a clear cost.

    python benchmarks/bench_gc.py [--runs 7] [--sessions 300] [--exe PATH]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ON = ("import gc, sys; gc.enable(); sys.argv = ['scorekeeper', *sys.argv[1:]]\n"
      "from scorekeeper.cli import main\nmain()")


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """``(wall, cpu)`` seconds of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode(errors='replace').strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def build(db: Path, sessions: int) -> None:
    """``sessions`` Rummy 500 sessions of 15 points-only hands each, through the application."""
    from scorekeeper.app import Application

    app = Application(db)
    for i in range(sessions):
        app.new("rummy500", ["Ann", "Bob", "Cy"], title=f"Night {i}")
        for h in range(15):
            app.record_hand([f"Ann: {10 + h} -5", f"Bob: {h} -10", f"Cy: 5 -{h}"], form="line")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--exe", default=str(Path(sys.executable).with_name("scorekeeper")))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-gc-") as tmp:
        db = Path(tmp) / "db"
        build(db, args.sessions)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("_SCOREKEEPER", "_TYPER", "COMP_"))}
        env.update(SCOREKEEPER_DB=str(db), NO_COLOR="1")
        commands = [("standings",), ("history",), ("stats",), ("export", "--all", "--format", "json")]
        rows = []
        for argv in commands:
            off, on = [], []
            timed([args.exe, *argv], env)  # warm the disk cache and the compiled modules
            for _ in range(args.runs):
                off.append(timed([args.exe, *argv], env))
                on.append(timed([sys.executable, "-c", ON, *argv], env))
            med = {name: (statistics.median(w for w, _ in runs) * 1000, statistics.median(c for _, c in runs) * 1000)
                   for name, runs in (("off", off), ("on", on))}
            rows.append((" ".join(argv), *med["off"], *med["on"], med["on"][1] - med["off"][1]))
    print(f"Medians of {args.runs} runs ({args.sessions} sessions of 15 hands; load average "
          f"{os.getloadavg()[0]:.1f}).\n")
    print("| command | wall, collector off | CPU off | wall, collector on | CPU on | CPU the collector costs |")
    print("|---|---|---|---|---|---|")
    for name, w_off, c_off, w_on, c_on, cost in rows:
        print(f"| {name} | {w_off:.0f} ms | {c_off:.0f} ms | {w_on:.0f} ms | {c_on:.0f} ms | {cost:+.0f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
