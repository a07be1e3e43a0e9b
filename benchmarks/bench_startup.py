"""How quickly scorekeeper answers `--help` and a TAB (issue 8).

The completion scripts call the program back on every TAB, so start-up time is
TAB latency. The floor any command stands on is loading its libraries:
``python -c "import typer, rich.table, tinydb"``. Targets: ``scorekeeper --help``
and one TAB completion (bash, through the environment-variable route the
script uses) each take at most 1.3× that floor.

Each figure is the median of several runs (at least 5), the commands taking
turns so that a busy moment of the machine spreads over all of them; one
untimed run of each warms the disk cache first. Also shown, without a target:
the bare interpreter, a TAB that reads the database (session ids), a zsh TAB
(typer renders help text for zsh with rich), and one real command.

    python benchmarks/bench_startup.py [--runs 9] [--exe PATH]

Exit status 1 when a target is missed.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 1.3


def timed(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode(errors='replace').strip()}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs of each command (at least 5)")
    parser.add_argument("--exe", default=str(Path(sys.executable).with_name("scorekeeper")),
                        help="the scorekeeper console script (default: next to this python)")
    args = parser.parse_args()
    runs = max(5, args.runs)
    exe, python = args.exe, sys.executable

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        # PYTHONDONTWRITEBYTECODE is left out: a user's Python keeps compiled modules, so the
        # program is timed as it runs there (the warm-up run writes the bytecode)
        base = {k: v for k, v in os.environ.items()
                if not k.startswith(("_SCOREKEEPER", "_TYPER", "COMP_", "FORCE_COLOR", "PYTHONDONTWRITEBYTECODE"))}
        base["SCOREKEEPER_DB"] = str(Path(tmp) / "db")
        for players in (["Ann", "Bob", "Cy"], ["Dee", "Eve"], ["Fay", "Gus", "Hal", "Ivy"]):
            subprocess.run([exe, "new", "rummy500", *players], env=base, check=True, stdout=subprocess.DEVNULL)

        def tab(line: str, shell: str = "bash") -> dict:
            if shell == "zsh":
                return {**base, "_SCOREKEEPER_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": line}
            words = line.split(" ")
            return {**base, "_SCOREKEEPER_COMPLETE": "complete_bash", "COMP_WORDS": line,
                    "COMP_CWORD": str(len(words) - 1)}

        # (label, command, environment, has a target)
        cases = [
            ('python -c "import typer, rich.table, tinydb"', [python, "-c", "import typer, rich.table, tinydb"],
             base, None),
            ("python -c pass", [python, "-c", "pass"], base, False),
            ("scorekeeper --help", [exe, "--help"], base, True),
            ("scorekeeper hand --help", [exe, "hand", "--help"], base, False),
            ("TAB: scorekeeper sta⇥ (bash)", [exe], tab("scorekeeper sta"), True),
            ("TAB: scorekeeper hand --⇥ (bash)", [exe], tab("scorekeeper hand --"), True),
            ("TAB: scorekeeper use ⇥ (reads the database)", [exe], tab("scorekeeper use "), False),
            ("TAB: scorekeeper sta⇥ (zsh)", [exe], tab("scorekeeper sta", "zsh"), False),
            ("scorekeeper standings", [exe, "standings"], base, False),
        ]
        for _, cmd, env, _ in cases:  # warm the disk cache
            timed(cmd, env)
        times: list[list[float]] = [[] for _ in cases]
        for _ in range(runs):
            for i, (_, cmd, env, _) in enumerate(cases):
                times[i].append(timed(cmd, env))

    medians = [statistics.median(t) for t in times]
    floor = medians[0]
    width = max(len(c[0]) for c in cases)
    print(f"Start-up, median of {runs} runs (Python {sys.version.split()[0]}, {os.cpu_count()} CPUs)\n")
    print(f"{'command':<{width}}  {'median':>8}  {'× floor':>8}  target")
    print("-" * (width + 34))
    missed = []
    for (label, _, _, target), median in zip(cases, medians):
        ratio = median / floor
        if target is None:
            verdict = "(floor)"
        elif target:
            ok = ratio <= TARGET
            verdict = f"≤ {TARGET}× {'ok' if ok else 'MISSED'}"
            if not ok:
                missed.append(label)
        else:
            verdict = ""
        print(f"{label:<{width}}  {median * 1000:>6.0f} ms  {ratio:>7.2f}×  {verdict}")
    if missed:
        print(f"\nOver the {TARGET}× target: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
