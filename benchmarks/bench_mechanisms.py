"""What three start-up mechanisms buy (issue 29): each command timed as the program is, and
with each mechanism switched in turn (benchmarks/mechanisms.py, through the environment
variable ``SCOREKEEPER_BENCH``):

- **the lazy command group** (``scorekeeper/cli/__init__.py``: ``COMMANDS``, ``Program``,
  ``Declared``): switched off, every command module is imported and every command built at
  start (``lazy-off``);
- **the program's own TAB answer** (``scorekeeper/cli/complete.py``'s ``answer`` and its
  helpers): switched off, typer's completion answers the TAB (``complete-off``);
- **the record's schema in pydantic-core's terms**, which the program no longer has (this
  benchmark showed it not worth its lines: the program declares the schema as ``TypedDict``
  classes checked by ``TypeAdapter``): switched on, the same schema as a pydantic-core
  ``SchemaValidator`` (``core-on``, the code as it was).

Each is timed on the commands it serves: ``scorekeeper --help``, a TAB completion (bash and
zsh) and a simple command (``standings``, which reads a session record). Every run is a fresh
process; the runs of all the cases and variants take turns in a shuffled order each round, so a
busy moment of the machine spreads over all of them; one untimed round warms the disk cache.
Shown: the median wall time and the median CPU time (user + system) of each, and what each
mechanism buys — the time without it less the time with it: the median of the differences
between the two runs of each round (paired, so that both met the same load), with the middle
half of those differences (from the first to the third quartile) as a rough spread. A mechanism is **worth its lines** when going without
it costs more than ``--ms`` (10) milliseconds of CPU time or more than ``--percent`` (5) per
cent of the time with it on at least one command it serves.

    python benchmarks/bench_mechanisms.py [--runs 31] [--seed 1]

The machine's load makes the wall times rough; the CPU times and the differences, taken in
turns, are what to read.
"""
from __future__ import annotations

import argparse
import ast
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WRAPPER = Path(__file__).resolve().with_name("mechanisms.py")

#: each switch: the mechanism, where its lines are (file, the top-level names it is made of), and
#: whether the switch takes it away (``-off``: the program has it) or puts it back (``-on``)
MECHANISMS = {
    "lazy-off": ("the lazy command group", "scorekeeper/cli/__init__.py",
                 ("Declared", "copy_of", "_declared", "declared", "_built", "Program")),
    "complete-off": ("the program's own TAB answer", "scorekeeper/cli/complete.py",
                     ("SHELLS", "split_words", "typed", "_takes_value", "_option", "_keep", "_arguments", "_items",
                      "choices", "_zsh_quoted", "answer")),
    "core-on": ("the record's schema in pydantic-core's terms (no longer the program's)", "benchmarks/mechanisms.py",
                ("core_schema_validators",)),
}


def lines_of(path: str, names: tuple[str, ...]) -> int:
    """How many lines the top-level definitions ``names`` of ``path`` take."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    total = 0
    for node in tree.body:
        named = getattr(node, "name", None)
        if named is None and isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = next((t.id for t in targets if isinstance(t, ast.Name)), None)
        if named in names:
            total += node.end_lineno - node.lineno + 1
    return total


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """``(wall, cpu)`` seconds of one run of ``cmd`` (its exit status must be 0)."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    err = child.stderr.read().decode(errors="replace") if child.stderr else ""
    child.stderr.close()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({child.returncode}): {err.strip()}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=31, help="timed runs of each case and variant (at least 5)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the order the runs take turns in")
    parser.add_argument("--ms", type=float, default=10.0, help="worth its lines above this many ms of CPU time")
    parser.add_argument("--percent", type=float, default=5.0, help="... or above this per cent of the all-on time")
    args = parser.parse_args()
    runs = max(5, args.runs)
    python = sys.executable

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        base = {k: v for k, v in os.environ.items()
                if not k.startswith(("_SCOREKEEPER", "_TYPER", "COMP_", "FORCE_COLOR", "PYTHONDONTWRITEBYTECODE",
                                     "SCOREKEEPER_"))}
        base.update(SCOREKEEPER_DB=str(Path(tmp) / "db"), SCOREKEEPER_CONFIG=str(Path(tmp) / "config.toml"),
                    XDG_CACHE_HOME=str(Path(tmp) / "cache"), NO_COLOR="1")
        program = [python, str(WRAPPER)]
        subprocess.run([*program, "new", "rummy500", "Ann", "Bob", "Cy"], env=base, check=True,
                       stdout=subprocess.DEVNULL)
        for hand in (["Ann: 7H 8H 9H -AS 4D", "Bob: QS QD QC -", "Cy: -KD 2C"],
                     ["Ann: -5", "Bob: 2S 3S 4S -", "Cy: -12"]):
            subprocess.run([*program, "hand", *hand], env=base, check=True, stdout=subprocess.DEVNULL)

        def tab(line: str, shell: str = "bash") -> dict:
            if shell == "zsh":
                return {**base, "_SCOREKEEPER_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": line}
            words = line.split(" ")
            return {**base, "_SCOREKEEPER_COMPLETE": "complete_bash", "COMP_WORDS": line,
                    "COMP_CWORD": str(len(words) - 1)}

        # (label, arguments, environment, the switches it is timed with)
        cases = [
            ("scorekeeper --help", ["--help"], base, ("lazy-off",)),
            ("TAB: scorekeeper sta⇥ (bash)", [], tab("scorekeeper sta"), ("lazy-off", "complete-off")),
            ("TAB: scorekeeper hand --⇥ (bash)", [], tab("scorekeeper hand --"), ("lazy-off", "complete-off")),
            ("TAB: scorekeeper sta⇥ (zsh)", [], tab("scorekeeper sta", "zsh"), ("lazy-off", "complete-off")),
            ("scorekeeper standings", ["standings"], base, ("lazy-off", "core-on")),
        ]
        jobs = [(i, off) for i, case in enumerate(cases) for off in ("", *case[3])]

        def run(job: tuple[int, str]) -> tuple[float, float]:
            i, off = job
            _label, argv, env, _offs = cases[i]
            return timed([*program, *argv], {**env, "SCOREKEEPER_BENCH": off})

        for job in jobs:  # warm the disk cache (and the compiled modules)
            run(job)
        order = random.Random(args.seed)
        times: dict[tuple[int, str], list[tuple[float, float]]] = {job: [] for job in jobs}
        for _ in range(runs):
            turn = list(jobs)
            order.shuffle(turn)
            for job in turn:
                times[job].append(run(job))

    def median(job: tuple[int, str], which: int) -> float:
        return statistics.median(t[which] for t in times[job]) * 1000

    def paired(job: tuple[int, str], which: int) -> tuple[float, float, float]:
        """What the switched mechanism buys, run by run (ms: the time without it less the time with
        it), its median and its first and third quartiles."""
        base = times[(job[0], "")]
        sign = 1 if job[1].endswith("-off") else -1
        diffs = [sign * (t[which] - b[which]) * 1000 for t, b in zip(times[job], base)]
        q1, mid, q3 = statistics.quantiles(diffs, n=4)
        return statistics.median(diffs), q1, q3

    print(f"Start-up mechanisms: median of {runs} runs each, taken in turns (Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end)\n")
    width = max(len(c[0]) for c in cases) + 2
    print(f"{'command':<{width}}{'switched':<14}{'wall ms':>8}{'cpu ms':>8}{'Δ wall':>8}{'Δ cpu':>8}"
          f"{'Δ cpu %':>9}   Δ cpu, middle half")
    print("-" * (width + 75))
    worst: dict[str, tuple[float, float, str]] = {}
    for i, (label, _argv, _env, offs) in enumerate(cases):
        wall0, cpu0 = median((i, ""), 0), median((i, ""), 1)
        print(f"{label:<{width}}{'(as it is)':<14}{wall0:>8.0f}{cpu0:>8.0f}")
        for off in offs:
            wall, cpu = median((i, off), 0), median((i, off), 1)
            d_wall = paired((i, off), 0)[0]
            d_cpu, q1, q3 = paired((i, off), 1)
            with_it = cpu0 if off.endswith("-off") else cpu  # the time with the mechanism
            print(f"{'':<{width}}{off:<14}{wall:>8.0f}{cpu:>8.0f}{d_wall:>+8.0f}{d_cpu:>+8.0f}"
                  f"{100 * d_cpu / with_it:>+8.0f}%   {q1:+.0f} … {q3:+.0f}")
            if off not in worst or d_cpu > worst[off][0]:
                worst[off] = (d_cpu, 100 * d_cpu / with_it, label)
    print("\nΔ: what the mechanism buys, the time without it less the time with it, run by run (ms).")
    print(f"Worth its lines: going without it costs more than {args.ms:g} ms of CPU or {args.percent:g}% "
          f"on a command it serves.\n")
    for off, (name, path, names) in MECHANISMS.items():
        d_cpu, share, label = worst[off]
        keep = d_cpu > args.ms or share > args.percent
        print(f"{name} ({lines_of(path, names)} lines of {path}): buys {label} {d_cpu:+.0f} ms of CPU "
              f"({share:+.0f}%): {'worth its lines' if keep else 'not worth its lines'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
