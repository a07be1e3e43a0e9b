"""The example plugin (examples/knock-rummy: Knock Rummy) installed with pip, beside the
program, into a fresh environment, and played through the installed ``scorekeeper``
console script (SPEC §8): ``rules``, ``new``, ``hand`` in every form (one line, a file,
standard input, the questions at a terminal), ``explain``, ``check``, ``history --json``,
``history --audit`` (each hand in the one-line form), ``export`` and ``import``, in English
and in the Ukrainian of the plugin's own catalog.

One slow test (about 20-40 s: two packages are built), marked ``slow``; it runs in CI.
So that nothing is downloaded and little is built, the fresh environment reuses the
libraries this one has (each is linked into its site-packages, scorekeeper itself
excepted) and pip installs the two packages there with ``--no-deps --no-build-isolation
--no-index``, from copies of their sources (the working tree is left as it is).
"""
from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PTY_TIMEOUT

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "examples" / "knock-rummy"
SKIP = ("__pycache__", "build", "*.egg-info", ".pytest_cache")


def fresh_environment(where: Path) -> Path:
    """A virtual environment at ``where`` holding this environment's libraries but not
    scorekeeper (nor any plugin of it); returns its ``bin`` folder."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=120)
    [target] = list((where / "lib").glob("python3*/site-packages"))
    for folder in site.getsitepackages():
        for item in Path(folder).iterdir():
            name = item.name.lower()
            if name.startswith(("scorekeeper", "__editable__", "__pycache__")) or (target / item.name).exists():
                continue
            (target / item.name).symlink_to(item)
    return where / "bin"


def copy(source: Path, to: Path, *leave: str) -> Path:
    shutil.copytree(source, to, ignore=shutil.ignore_patterns(*SKIP, *leave))
    return to


@pytest.mark.slow
def test_the_example_plugin_installed_with_pip_plays_through_the_console_script(tmp_path):
    bin_ = fresh_environment(tmp_path / "env")
    program = copy(ROOT, tmp_path / "src" / "scorekeeper", "examples", "tests", "benchmarks", "*venv*", ".git", "docs")
    plugin = copy(PLUGIN, tmp_path / "src" / "knock-rummy")
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(bin_ / "python"), "install", "--quiet", "--no-deps",
         "--no-build-isolation", "--no-index", str(program), str(plugin)],
        capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    exe = bin_ / "scorekeeper"
    db = tmp_path / "db"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("_TYPER", "_SCOREKEEPER", "PYTHONPATH"))}
    env.update(SCOREKEEPER_DB=str(db), NO_COLOR="1", SCOREKEEPER_LANG="en", COLUMNS="120")

    def sk(*args: str, input: str | None = None, code: int = 0) -> str:
        done = subprocess.run([str(exe), *args], env=env, capture_output=True, text=True, input=input, timeout=60)
        assert done.returncode == code, (args, done.stdout, done.stderr)
        return done.stdout

    # rules: listed among the built-in variants, and its own rules with its interpretations
    listed = json.loads(sk("rules", "--json"))["variants"]
    assert "knock" in [v["id"] for v in listed] and "rummy500" in [v["id"] for v in listed]
    knock = json.loads(sk("rules", "knock", "--json"))
    assert knock["name"] == "Knock Rummy" and knock["aliases"] == ["knock-rummy", "poker-rum"]
    assert [(i["id"], i["option"]) for i in knock["interpretations"]] == [
        ("K-1", "target"), ("K-2", None), ("K-3", "rum_bonus")]
    assert "Стукалка" in sk("--lang", "uk", "rules")  # its name from its own catalog

    # new, and a hand in one line. Ann 3♣ A♦ = 4; Bob K♠ 7♥ 2♣ = 19; Cy 9 on paper:
    # Ann knocked and is lowest: (19 − 4) + (9 − 4) = 20
    session = json.loads(sk("new", "poker-rum", "Ann", "Bob", "Cy", "--json"))["session"]
    hand = json.loads(sk("hand", "Ann: -3C AD knock", "Bob: -KS 7H 2C", "Cy: -9", "--json"))
    assert hand["scores"] == {"Ann": 20, "Bob": 0, "Cy": 0}

    # a hand file. Bob knocks holding 8♦ (8); Ann melds 4-5-6♥ and holds 2♠ (2); Cy 10♣ J♣ (20):
    # Ann is lowest, Bob did not have the lowest count: (8 − 2) + (20 − 2) + 10 = 34
    (tmp_path / "hand.json").write_text(json.dumps({"knock": "Bob", "players": {
        "Ann": {"melds": ["4H 5H 6H"], "hand": "2S"}, "Bob": {"hand": "8D"}, "Cy": {"hand": "10C JC"}}}),
        encoding="utf-8")
    assert json.loads(sk("hand", "--file", str(tmp_path / "hand.json"), "--json"))["totals"] == {
        "Ann": 54, "Bob": 0, "Cy": 0}

    # standard input. Cy knocks and goes rum (nothing unmatched); Ann 5, Bob 7:
    # (5 + 25) + (7 + 25) = 62
    piped = json.dumps({"knock": "Cy", "players": {"Ann": {"hand": 5}, "Bob": {"hand": 7},
                                                   "Cy": {"melds": ["7S 8S 9S"], "hand": ""}}})
    assert json.loads(sk("hand", "--file", "-", "--json", input=piped))["totals"] == {"Ann": 54, "Bob": 0, "Cy": 62}

    # the questions at a terminal. Ann 2♣ and knocks (2); Bob K♠ 4♦ (14); Cy 9: Ann (14 − 2) + (9 − 2) = 19
    import pexpect

    child = pexpect.spawn(str(exe), ["hand"], env={**env, "TERM": "dumb"}, encoding="utf-8", timeout=PTY_TIMEOUT,
                          dimensions=(50, 120))
    for question, answer in (("  left in hand: ", "2C knock"), ("  left in hand: ", "KS 4D"),
                             ("  left in hand: ", "9"), ("[Y/n] ", "y")):
        child.expect_exact(question)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before

    # explain: the plugin's own sentences and its rule, in English and in its Ukrainian
    explained = sk("explain", "2")
    assert "Bob knocked without the lowest count and pays 10 more" in explained
    assert "Knock Rummy: scoring a hand" in explained
    assert "Bob постукав не з найменшим рахунком і платить ще 10" in sk(
        "--lang", "uk", "explain", "2")
    assert "Bob knocked without the lowest count" in sk("--lang", "ru", "explain", "2")  # no ru catalog: English

    # check: its melds (the ace low), exit 1 for one that is not legal
    assert "legal" in sk("check", "knock", "AS 2S 3S")
    assert "the ace is always low in Knock Rummy" in sk("check", "knock", "QS KS AS", code=1)

    # history --json: every hand, as scored
    history = json.loads(sk("history", "--json"))
    assert [h["scores"] for h in history["hands"]] == [
        {"Ann": 20, "Bob": 0, "Cy": 0}, {"Ann": 34, "Bob": 0, "Cy": 0}, {"Ann": 0, "Bob": 0, "Cy": 62},
        {"Ann": 19, "Bob": 0, "Cy": 0}]
    assert history["totals"] == {"Ann": 73, "Bob": 0, "Cy": 62} and not history["finished"]
    # history --audit: each hand in the one-line form, written by the shared codec the plugin takes
    audit = json.loads(sk("history", "--audit", "--json"))
    assert [e["lines"] for e in audit["events"][:3]] == [
        {"Ann": "-3C AD knock", "Bob": "-KS 7H 2C", "Cy": "-9"},
        {"Ann": "4H 5H 6H -2S", "Bob": "-8D knock", "Cy": "-10C JC"},
        {"Ann": "-5", "Bob": "-7", "Cy": "7S 8S 9S - knock"}]

    # export, then import into another database: the same session, the same totals
    exported = tmp_path / "knock.json"
    sk("export", "--output", str(exported))
    other = {**env, "SCOREKEEPER_DB": str(tmp_path / "other")}
    done = subprocess.run([str(exe), "import", str(exported)], env=other, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    again = subprocess.run([str(exe), "standings", "--json", "--session", session], env=other, capture_output=True,
                           text=True, timeout=60)
    assert {p["name"]: p["total"] for p in json.loads(again.stdout)["players"]} == {"Ann": 73, "Bob": 0, "Cy": 62}

    # the plugin's own tests pass in that environment
    # the plugin's own tests pass in that environment, those through the command line too (the
    # fixture of scorekeeper.testing, loaded by pytest from scorekeeper's entry point): none skipped
    own = subprocess.run([str(bin_ / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(plugin / "tests")],
                         cwd=plugin, capture_output=True, text=True, timeout=120)
    assert own.returncode == 0, own.stdout + own.stderr
    assert " passed" in own.stdout and "skipped" not in own.stdout, own.stdout


#: what the example may import of scorekeeper: the surface for variants, and in its tests the fixture
ALLOWED = {"scorekeeper.api"}
ALLOWED_IN_TESTS = {"scorekeeper.api", "scorekeeper.testing"}


def scorekeeper_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import of scorekeeper in ``path`` (inside functions too):
    ``from scorekeeper import api`` counts as ``scorekeeper.api``, a relative import is none, and a
    module named in ``pytest_plugins`` is imported too."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [f"{node.module}.{a.name}" for a in node.names] if node.module == "scorekeeper" else [node.module]
        elif (isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytest_plugins" for t in node.targets)
              and isinstance(node.value, (ast.List, ast.Tuple))):  # the plugins pytest imports for the tests
            names = [e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        else:
            continue
        found += [(node.lineno, n) for n in names if n == "scorekeeper" or n.startswith("scorekeeper.")]
    return found


def test_the_example_imports_nothing_of_scorekeeper_but_its_api():
    """examples/knock-rummy is written as an outside author writes a variant: against
    scorekeeper.api alone (and scorekeeper.testing in its tests), never the rest, which may change."""
    modules = sorted(PLUGIN.rglob("*.py"))
    assert {p.name for p in modules} >= {"__init__.py", "conftest.py", "test_knock.py", "test_knock_cli.py"}
    wrong = []
    for path in modules:
        allowed = ALLOWED_IN_TESTS if "tests" in path.relative_to(PLUGIN).parts else ALLOWED
        wrong += [f"{path.relative_to(ROOT)}:{line}: {name}" for line, name in scorekeeper_imports(path)
                  if name not in allowed]
    assert wrong == []
    assert ("scorekeeper.api" in {n for _, n in scorekeeper_imports(PLUGIN / "scorekeeper_knock" / "__init__.py")})


def test_the_import_check_sees_every_form(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import scorekeeper.core.cards\nfrom scorekeeper import api, cli\nfrom . import x\n"
                      "pytest_plugins = ['scorekeeper.cli.boundary']\n"
                      "def f():\n    from scorekeeper.core.melds import read_meld\n", encoding="utf-8")
    assert scorekeeper_imports(module) == [(1, "scorekeeper.core.cards"), (2, "scorekeeper.api"), (2, "scorekeeper.cli"),
                                           (4, "scorekeeper.cli.boundary"), (6, "scorekeeper.core.melds")]
