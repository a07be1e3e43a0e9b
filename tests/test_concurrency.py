"""Two commands at once never lose each other's hands (SPEC §6): every command
that changes the database holds the lock from its read to its write.

Real processes: two workers each record 15 hands into the same session through
the real `hand` command (run in the worker's process, one command after the
other, as a shell loop would run the console script), at the same time; all 30
must be kept. Each hand
is points-only and says who recorded it (Ann's table points: 100 × worker +
its number, within what one deck holds), so a lost hand would show as a missing number.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from scorekeeper.storage.store import Store

PER_WORKER = 15

WORKER = """
import sys
from typer.testing import CliRunner
from scorekeeper.cli import app
worker, n = int(sys.argv[1]), int(sys.argv[2])
runner = CliRunner()
failed = 0
for i in range(1, n + 1):
    r = runner.invoke(app, ["hand", f"Ann: {100 * worker + i} -0", "Bob: 1 -1", "Cy: 1 -1", "--json"])
    if r.exit_code != 0:
        failed += 1
        sys.stderr.write(r.stderr or repr(r.exception))
sys.exit(1 if failed else 0)
"""


def _env(db: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER")}
    env.update(SCOREKEEPER_DB=str(db), PYTHONDONTWRITEBYTECODE="1", NO_COLOR="1")
    return env


def test_two_processes_recording_at_once_keep_all_30_hands(cli, isolated_db):
    r = cli("new", "rummy500", "Ann", "Bob", "Cy", "--rule", "target=100000", "--json")
    assert r.exit_code == 0, r.stderr
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, str(w), str(PER_WORKER)], env=_env(isolated_db),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for w in (1, 2)]
    for w in workers:
        _, err = w.communicate(timeout=300)
        assert w.returncode == 0, err
    hands = json.loads(cli("history", "--json").stdout)["hands"]
    assert len(hands) == 2 * PER_WORKER
    recorded = sorted(h["entry"]["players"]["Ann"]["table"] for h in hands)
    assert recorded == [100 * w + i for w in (1, 2) for i in range(1, PER_WORKER + 1)]
    assert [h["number"] for h in hands] == list(range(1, 2 * PER_WORKER + 1))
    # Ann's total is the sum of her table points (she holds nothing): 15 × 100 + 120, 15 × 200 + 120
    assert hands[-1]["totals"]["Ann"] == (15 * 100 + 120) + (15 * 200 + 120)
    row = json.loads(cli("sessions", "--json").stdout)["sessions"][0]
    assert row["hands"] == 2 * PER_WORKER
    assert cli("db", "check").exit_code == 0
    audit = Store(isolated_db).load(row["id"])["audit"]
    assert len(audit) == 2 * PER_WORKER


HOLDER = """
import sys, time
from scorekeeper.storage.lock import DirectoryLock
with DirectoryLock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def test_a_changing_command_waits_for_the_lock_and_a_reader_does_not(cli, isolated_db):
    assert cli("new", "rummy500", "Ann", "Bob", "Cy").exit_code == 0
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(isolated_db), "1.5"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        start = time.monotonic()
        reader = cli("standings", "--json")
        read_time = time.monotonic() - start
        assert reader.exit_code == 0, reader.stderr
        start = time.monotonic()
        writer = cli("hand", "Ann: 10 -0", "Bob: 1 -1", "Cy: 1 -1")
        waited = time.monotonic() - start
    finally:
        holder.wait(timeout=30)
    assert writer.exit_code == 0, writer.stderr
    assert read_time < 1.5 or waited > read_time  # the reader did not wait for the lock
    assert waited > 0.5  # the writer did, then got through
    assert len(json.loads(cli("history", "--json").stdout)["hands"]) == 1
