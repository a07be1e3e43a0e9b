"""A variant's life (SPEC §8) with pip and the console script: packages installed, upgraded and
uninstalled with pip in a fresh environment, and the program run as people run it.

- uninstall: Knock Rummy (examples/knock-rummy) played, then uninstalled — its session stays
  listed, readable from what it stored and "needs the package…", `db check` calls it waiting
  and `--repair` leaves its file and its copies as they are, every other session plays on;
  installed again, it plays on too;
- upgrade: Tens (tests/fixtures/plugins/tens) 0.1.0 played, then 0.2.0 installed, which scores
  twice as much — the commands show the stored scores and say the version differs, a hand is
  refused, `db rescore` shows what changes player by player, refuses to store it without a
  terminal or --yes, and stores it with --yes;
- clash: a package declaring "gin" and a variant with the alias "500" — the built-in ones win,
  each named in one sentence by `plugins` and `rules`;
- runtime failure: a hand Tens' scoring fails on is one sentence naming it, exit 1; --debug
  shows the traceback.

One fresh environment serves the module (the libraries of this one linked in, as
tests/test_example_plugin.py makes it), and every package is built once into a wheel (one pip
call, and one for the second version of Tens), so each step installs a wheel; the tests run in order, each on the database the one before
left. Marked ``slow`` (about half a minute: five packages are built).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from test_example_plugin import PLUGIN, ROOT, copy, fresh_environment

pytestmark = pytest.mark.slow

TENS = ROOT / "tests" / "fixtures" / "plugins" / "tens"

#: a package whose variants clash with built-in ones: the id "gin", and the alias "500"
ODDITIES = '''
from dataclasses import replace
from scorekeeper_tens import VARIANT

GIN = replace(VARIANT, id="gin", name="Not Gin", aliases=())
TWOS = replace(VARIANT, id="twos", name="Twos", aliases=("500",))
'''
ODDITIES_PROJECT = '''
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "scorekeeper-oddities"
version = "1.0.0"

[project.entry-points."scorekeeper.variants"]
gin = "scorekeeper_oddities:GIN"
twos = "scorekeeper_oddities:TWOS"

[tool.setuptools]
py-modules = ["scorekeeper_oddities"]
'''


@dataclass
class World:
    """The fresh environment, the wheels built for it, and the database the tests share."""

    bin: Path
    wheels: dict[str, Path]
    db: Path
    env: dict[str, str]

    def sk(self, *args: str, code: int | None = 0, input: str | None = None) -> subprocess.CompletedProcess:
        """Run the installed console script; ``code``: the exit status it must end with."""
        done = subprocess.run([str(self.bin / "scorekeeper"), *args], env=self.env, capture_output=True, text=True,
                              input=input, timeout=60)
        assert code is None or done.returncode == code, (args, done.returncode, done.stdout, done.stderr)
        return done

    def json(self, *args: str) -> dict:
        return json.loads(self.sk(*args, "--json").stdout)

    def pip(self, *args: str) -> None:
        done = subprocess.run([sys.executable, "-m", "pip", "--python", str(self.bin / "python"), *args, "--quiet"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr

    def install(self, *names: str) -> None:
        self.pip("install", "--no-deps", "--no-index", *(str(self.wheels[n]) for n in names))

    def kept(self, session: str) -> dict[str, bytes]:
        """A session's file and every kept copy of it, by path."""
        return {p: p.read_bytes() for p in self.db.rglob("*") if p.is_file() and session in str(p.relative_to(self.db))}


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    tmp = tmp_path_factory.mktemp("life")
    bin_ = fresh_environment(tmp / "env")
    src = tmp / "src"
    sources = {
        "scorekeeper": copy(ROOT, src / "scorekeeper", "examples", "tests", "benchmarks", "*venv*", ".git", "docs"),
        "knock": copy(PLUGIN, src / "knock-rummy"),
        "oddities": src / "oddities",
    }
    for version, factor in (("0.1.0", 1), ("0.2.0", 2)):
        folder = copy(TENS, src / f"tens-{version}")
        project = folder / "pyproject.toml"
        project.write_text(project.read_text(encoding="utf-8").replace('version = "0.1.0"', f'version = "{version}"'),
                           encoding="utf-8")
        module = folder / "scorekeeper_tens.py"
        module.write_text(module.read_text(encoding="utf-8").replace("FACTOR = 1\n", f"FACTOR = {factor}\n"),
                          encoding="utf-8")
        sources[f"tens-{version}"] = folder
    sources["oddities"].mkdir()
    (sources["oddities"] / "scorekeeper_oddities.py").write_text(ODDITIES, encoding="utf-8")
    (sources["oddities"] / "pyproject.toml").write_text(ODDITIES_PROJECT, encoding="utf-8")
    wheels = tmp / "wheels"
    later = sources.pop("tens-0.2.0")  # one pip call builds one version of a package
    for batch in (sources.values(), [later]):
        built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                                "--no-index", "-w", str(wheels), *map(str, batch)],
                               capture_output=True, text=True, timeout=600)
        assert built.returncode == 0, built.stdout + built.stderr
    found = {p.name: p for p in wheels.glob("*.whl")}

    def wheel(prefix: str) -> Path:
        (name,) = [n for n in found if n.startswith(prefix)]
        return found[name]

    env = {k: v for k, v in os.environ.items() if not k.startswith(("_TYPER", "_SCOREKEEPER", "PYTHONPATH"))}
    env.update(SCOREKEEPER_DB=str(tmp / "db"), NO_COLOR="1", SCOREKEEPER_LANG="en", COLUMNS="120")
    world = World(bin_, {"scorekeeper": wheel("scorekeeper-"), "knock": wheel("scorekeeper_knock-"),
                         "tens-0.1.0": wheel("scorekeeper_tens-0.1.0"), "tens-0.2.0": wheel("scorekeeper_tens-0.2.0"),
                         "oddities": wheel("scorekeeper_oddities-")}, tmp / "db", env)
    world.install("scorekeeper", "knock", "tens-0.1.0")
    yield world
    shutil.rmtree(tmp, ignore_errors=True)


def test_an_uninstalled_plugin_leaves_its_session_listed_readable_and_untouched_then_plays_on(world):
    sk, js = world.sk, world.json
    # Knock Rummy. Ann 3♣ A♦ = 4 and knocks; Bob K♠ 7♥ 2♣ = 19; Cy 9: Ann (19 − 4) + (9 − 4) = 20
    knock = json.loads(sk("new", "knock", "Ann", "Bob", "Cy", "--json").stdout)["session"]
    assert js("hand", "Ann: -3C AD knock", "Bob: -KS 7H 2C", "Cy: -9")["totals"] == {"Ann": 20, "Bob": 0, "Cy": 0}
    # Rummy 500: Ann 45 on the table and out; Bob 19 in hand: Ann 45, Bob −19
    other = json.loads(sk("new", "rummy500", "Ann", "Bob", "--json").stdout)["session"]
    assert js("hand", "Ann: 45 -0", "Bob: 0 -19")["totals"] == {"Ann": 45, "Bob": -19}
    world.pip("uninstall", "--yes", "scorekeeper-knock")
    needs = f"Session {knock} needs the package scorekeeper-knock (version 0.1.0), which is not installed"

    assert f"{needs}." in sk("sessions").stdout.splitlines()
    doc = js("standings", "--session", knock)
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 20, "Bob": 0, "Cy": 0}
    assert doc["notices"] == [f"{needs}: its scores are shown as stored."]
    said = sk("standings", "--session", knock)
    assert "Ann" in said.stdout and said.stderr.strip() == f"{needs}: its scores are shown as stored."
    assert [h["scores"] for h in js("history", "--session", knock)["hands"]] == [{"Ann": 20, "Bob": 0, "Cy": 0}]
    assert {b["variant"] for b in js("stats")["variants"]} == {"knock", "rummy500"}
    exported = sk("export", "--all", "--format", "csv").stdout
    assert f"{knock}," in exported and f"{other}," in exported
    refused = sk("hand", "--session", knock, "Ann: -2C knock", "Bob: -3D", "Cy: -4", code=1)
    assert refused.stderr.strip() == f"{needs}."

    before = world.kept(knock)
    assert len(before) >= 2  # the file and its kept copies
    checked = js("db", "check")
    assert checked["ok"] and [(p["kind"], p["file"]) for p in checked["problems"]] == [
        ("waiting", f"sessions/{knock}.json")]
    sk("db", "check", "--repair")
    assert world.kept(knock) == before

    # the other session plays on: Ann 0 − 5, Bob 20 on the table and out: Ann 40, Bob 1
    assert js("hand", "--session", other, "Ann: 0 -5", "Bob: 20 -0")["totals"] == {"Ann": 40, "Bob": 1}

    # installed again, it plays on. Bob 2♣ = 2 knocks; Ann 3♦ = 3; Cy 4: Bob (3 − 2) + (4 − 2) = 3
    world.install("knock")
    assert "notices" not in js("standings", "--session", knock)
    assert js("hand", "--session", knock, "Ann: -3D", "Bob: -2C knock", "Cy: -4")["totals"] == {
        "Ann": 20, "Bob": 3, "Cy": 0}


def test_an_upgrade_is_never_scored_again_silently_and_db_rescore_stores_it(world):
    sk, js = world.sk, world.json
    # Tens 0.1: hand 1 Ann 30 − 5 = 25, Bob 10 − 0 = 10; hand 2 Ann 20 − 10 = 10, Bob 40 − 5 = 35
    tens = json.loads(sk("new", "tens", "Ann", "Bob", "--json").stdout)["session"]
    js("hand", "Ann: 30 -5", "Bob: 10 -0")
    assert js("hand", "Ann: 20 -10", "Bob: 40 -5")["totals"] == {"Ann": 35, "Bob": 45}
    world.install("tens-0.2.0")  # twice as much: Ann 50 + 20 = 70, Bob 20 + 70 = 90
    differs = f"Session {tens} was scored by scorekeeper-tens 0.1.0; 0.2.0, installed now, scores it otherwise"

    doc = js("standings")
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 35, "Bob": 45}
    assert doc["notices"] == [f"{differs}: the scores shown are the ones stored, and "
                              f"`scorekeeper db rescore {tens}` shows what would change."]
    assert sk("standings").stderr.strip() == doc["notices"][0]
    refused = sk("hand", "Ann: 5 -0", "Bob: 2 -2", code=2)
    assert refused.stderr.strip().startswith(f"{differs}: `scorekeeper db rescore {tens}` shows what would change")

    before = world.kept(tens)
    shown = sk("db", "rescore", code=2)  # no terminal, no --yes: shown, and nothing stored
    lines = [" ".join(line.split()) for line in shown.stdout.splitlines()]
    assert f"Session {tens} (tens): scorekeeper-tens 0.1.0 → 0.2.0" in lines
    assert "Ann 35 70 +35" in lines and "Bob 45 90 +45" in lines and "Hands 1, 2 score otherwise." in lines
    assert "add --yes" in shown.stderr and world.kept(tens) == before
    stored = sk("db", "rescore", "--yes")
    assert f"Session {tens}: stored as scorekeeper-tens 0.2.0 scores it." in stored.stdout
    doc = js("standings")
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 70, "Bob": 90} and "notices" not in doc
    # and it plays on with 0.2.0: Ann 2 × (5 − 0) = 10, Bob 2 × (2 − 2) = 0
    assert js("hand", "Ann: 5 -0", "Bob: 2 -2")["totals"] == {"Ann": 80, "Bob": 90}


def test_a_plugin_clashing_with_a_built_in_variant_is_named_and_the_built_in_one_wins(world):
    sk, js = world.sk, world.json
    world.install("oddities")
    doc = js("plugins")
    rows = {v["id"]: v for v in doc["variants"]}
    assert (rows["gin"]["name"], rows["gin"]["origin"], rows["gin"]["package"]) == ("Gin Rummy", "built-in",
                                                                                   "scorekeeper")
    assert (rows["tens"]["package"], rows["tens"]["version"], rows["tens"]["origin"]) == (
        "scorekeeper-tens", "0.2.0", "plugin")
    clash = ('The variant "gin" from scorekeeper_oddities:GIN (scorekeeper-oddities 1.0.0) was left aside: "gin" is '
             "a variant built into scorekeeper, which is used instead.")
    alias = ('The variant "twos" from scorekeeper_oddities:TWOS (scorekeeper-oddities 1.0.0): the other names 500 '
             "are already a built-in variant's and are not taken.")
    assert [e["error"] for e in doc["left_aside"]] == [clash, alias]
    listed = sk("plugins").stdout
    assert clash in listed and alias in listed
    assert clash in sk("rules").stderr.splitlines()
    assert json.loads(sk("new", "gin", "Ann", "Bob", "--json").stdout)["variant"] == "gin"
    assert json.loads(sk("new", "500", "Ann", "Bob", "--json").stdout)["variant"] == "rummy500"


def test_a_plugin_failing_while_a_command_runs_is_one_sentence_naming_it(world):
    sk = world.sk
    sk("new", "tens", "Ann", "Bob")
    failed = sk("hand", "Ann: 13 -2", "Bob: 1 -0", code=1)  # 13 on the table: Tens divides by zero
    assert failed.stdout == "" and failed.stderr.splitlines() == [
        'The variant "tens" (scorekeeper-tens 0.2.0) failed: an error in its own code. '
        "--debug shows where."]
    debugged = sk("--debug", "hand", "Ann: 13 -2", "Bob: 1 -0", code=None)
    assert debugged.returncode != 0 and "Traceback" in debugged.stderr
    assert "scorekeeper_tens.py" in debugged.stderr and "ZeroDivisionError" in debugged.stderr
