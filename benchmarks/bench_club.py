"""What the club's commands cost with a long history (issue 34, SPEC §9), against the stack's floor.

The history: 1,000 finished sessions of six variants among 40 people (tests/club_history.py's
club, played on for 89 evenings and cut at 1,000 games), written through the store in one commit,
with a season over all of it and a rename and a merge in the club's roster. The floor is
bench_app.py's: a minimal typer app that runs one command and prints a rich table. Targets, each
the median of the round-by-round ratios of the whole command as a subprocess to the floor run
right before it (wall time and CPU time, both within the target):

- ``ratings`` at most 3× the floor (every finished game rated again with openskill, per variant);
- ``season standings NAME`` at most 1.5×;
- ``players`` at most 1.3×.

``players show``, ``season list``, ``ratings --json`` and ``export --season NAME --format html``
are timed too, without a target.

    python benchmarks/bench_club.py [--runs 7] [--sessions 1000] [--exe PATH] [--keep DIR]

Exit status 1 when a target is missed.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_app import FLOOR_APP, Case, table, time_pairs  # noqa: E402

TARGETS = {"ratings": 3.0, "season standings all": 1.5, "players": 1.3}


def build(db: Path, sessions: int) -> None:
    """The history of ``sessions`` finished games, a season over all of it, a merge and a rename."""
    import club_history

    from scorekeeper.app import Application

    evenings = 36
    while len(club_history.plan(evenings)) < sessions:
        evenings += 4
    club_history.build(db, evenings, sessions)
    app = Application(db)
    app.season_new("all", points="10,6,4,3", best=20, min_games=10)
    app.merge_players("p05", "P05")
    app.rename_player("P01", "Olena")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="timed runs of each command (at least 5)")
    ap.add_argument("--sessions", type=int, default=1000, help="finished sessions in the history")
    ap.add_argument("--exe", default=str(Path(sys.executable).with_name("scorekeeper")),
                    help="the scorekeeper console script (default: next to this python)")
    ap.add_argument("--keep", type=Path, help="build the database here and keep it")
    args = ap.parse_args()
    runs = max(5, args.runs)
    exe, py = args.exe, sys.executable

    work = args.keep or Path(tempfile.mkdtemp(prefix="scorekeeper-bench-club-"))
    work.mkdir(parents=True, exist_ok=True)
    db = work / "club"
    shutil.rmtree(db, ignore_errors=True)
    started = time.perf_counter()
    build(db, args.sessions)
    print(f"Built {args.sessions} finished sessions in {time.perf_counter() - started:.1f} s.")
    floor_py = work / "floor_app.py"
    floor_py.write_text(FLOOR_APP, encoding="utf-8")

    # a user's Python keeps compiled modules: time the commands as they run there
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("_SCOREKEEPER", "_TYPER", "COMP_", "FORCE_COLOR", "PYTHONDONTWRITEBYTECODE",
                                "SCOREKEEPER_DB"))}
    env["NO_COLOR"] = "1"
    floor = Case("floor: typer app, one command, a rich table", [py, str(floor_py), "show", "--name", "Ann"])
    commands = [
        ("players", ("players",)),
        ("season standings all", ("season", "standings", "all")),
        ("ratings", ("ratings",)),
        ("players show P00", ("players", "show", "P00")),
        ("season list", ("season", "list")),
        ("ratings --json", ("ratings", "--json")),
        ("export --season all --format html", ("export", "--season", "all", "--format", "html")),
    ]
    cases = [Case(label, [exe, "--db", str(db), *argv]) for label, argv in commands]
    print(f"Timing {len(cases)} commands against the floor, {runs} rounds, taking turns…", flush=True)
    time_pairs([(floor, c) for c in cases], env, runs)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nMedians of {runs} runs, each a whole command as a subprocess (Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, load average {load:.1f} at the end), {args.sessions} finished sessions. A ratio "
          "is the median of the round-by-round ratios to the floor run right before it; CPU is user + system time.\n")
    missed = []
    rows = [(floor.label, f"{floor.median * 1000:.0f} ms", "1.00×", f"{floor.median_cpu * 1000:.0f} ms", "1.00×",
             "(the floor)")]
    for c in cases:
        ratio, cpu = c.ratio(), c.ratio(cpu=True)
        target = TARGETS.get(c.label)
        verdict = ""
        if target is not None:
            over = [name for name, r in (("wall", ratio), ("CPU", cpu)) if r > target]
            verdict = f"≤ {target:g}× floor {'MISSED (' + ', '.join(over) + ')' if over else 'ok'}"
            if over:
                missed.append(c.label)
        rows.append((c.label, f"{c.median * 1000:.0f} ms", f"{ratio:.2f}×", f"{c.median_cpu * 1000:.0f} ms",
                     f"{cpu:.2f}×", verdict))
    table(("command", "wall", "× floor", "CPU", "CPU × floor", "target"), rows)
    if args.keep is None:
        shutil.rmtree(work, ignore_errors=True)
    if missed:
        print(f"\nTargets missed: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
