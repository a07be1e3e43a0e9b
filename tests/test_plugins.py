"""Variants from elsewhere (SPEC §8), found through the entry-point group
``scorekeeper.variants``: a variant installed as its own package works like a built-in
one, and one that raises on import is named in one sentence (exit 1 where a command
needs it) and never breaks the others.

The packages here are installed the way pip leaves them, as a ``*.dist-info`` folder
with an ``entry_points.txt`` beside their modules, in a folder put on ``PYTHONPATH``
(``tests/test_example_plugin.py`` installs the example plugin with pip itself).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = '''
from dataclasses import replace
from scorekeeper.api import Texts
from scorekeeper.core.variants.rummy500 import RUMMY500

VARIANT = replace(RUMMY500, id="house500", name="House 500", aliases=("h500",), list_order=2000,
                  texts=Texts(templates={"house500.greeting": "A house game of {player}."}))
'''
BROKEN = '''
raise RuntimeError("the deck is missing")
'''
NOT_A_VARIANT = '''
VARIANT = "a variant, honestly"
'''


def install(site: Path, name: str, module: str, source: str, entry: str) -> None:
    """Lay out package ``name`` as pip installs it: its module and its dist-info."""
    (site / f"{module}.py").write_text(source, encoding="utf-8")
    info = site / f"{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[scorekeeper.variants]\n{entry} = {module}:VARIANT\n",
                                           encoding="utf-8")


@pytest.fixture
def site(tmp_path) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    install(folder, "house-500", "house_plugin", GOOD, "house500")
    install(folder, "broken-plugin", "broken_plugin", BROKEN, "broken")
    install(folder, "odd-plugin", "odd_plugin", NOT_A_VARIANT, "odd")
    return folder


def sk(site: Path, db: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("_TYPER")}
    env.update(PYTHONPATH=str(site), SCOREKEEPER_DB=str(db), NO_COLOR="1", SCOREKEEPER_LANG="en")
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, capture_output=True, text=True,
                          timeout=60)


def test_an_installed_variant_is_listed_and_played_beside_a_broken_one(site, tmp_path):
    db = tmp_path / "db"
    listed = sk(site, db, "rules", "--json")
    assert listed.returncode == 0, listed.stderr
    doc = json.loads(listed.stdout)
    ids = [v["id"] for v in doc["variants"]]
    assert "house500" in ids and "rummy500" in ids and ids[-1] == "house500"  # list_order 2000: last
    assert {f["id"] for f in doc["failed"]} == {"broken", "odd"}
    said = {f["id"]: f["error"] for f in doc["failed"]}
    assert said["broken"] == ('The variant "broken" could not be loaded from broken_plugin:VARIANT '
                              '(broken-plugin 0.1): its own code failed while loading.')
    assert said["odd"] == ('The variant "odd" could not be loaded from odd_plugin:VARIANT (odd-plugin 0.1): '
                           'what it names is not a variant.')

    table = sk(site, db, "rules")
    assert table.returncode == 0 and "House 500" in table.stdout and "Rummy 500" in table.stdout
    assert table.stderr.splitlines() == [said["broken"], said["odd"]]  # one sentence each, no traceback

    started = sk(site, db, "new", "h500", "Ann", "Bob", "--json")  # by its alias
    assert started.returncode == 0, started.stderr
    assert json.loads(started.stdout)["variant"] == "house500"
    # Rummy 500's scoring, which House 500 borrows: Ann 80 − 5 = 75, Bob 20 − 30 = −10
    hand = sk(site, db, "hand", "Ann: 80 -5", "Bob: 20 -30", "--json")
    assert hand.returncode == 0, hand.stderr
    assert json.loads(hand.stdout)["totals"] == {"Ann": 75, "Bob": -10}


@pytest.mark.parametrize("args", [("rules", "broken"), ("new", "broken", "Ann", "Bob"),
                                  ("check", "broken", "QS KS AS")])
def test_a_command_that_needs_a_broken_variant_names_it_in_one_sentence(site, tmp_path, args):
    done = sk(site, tmp_path / "db", *args)
    assert done.returncode == 1
    assert done.stderr.splitlines() == ['The variant "broken" could not be loaded from broken_plugin:VARIANT '
                                        '(broken-plugin 0.1): its own code failed while loading.']
    assert done.stdout == ""


def test_a_built_in_session_never_meets_a_broken_plugin(site, tmp_path):
    db = tmp_path / "db"
    assert sk(site, db, "new", "rummy500", "Ann", "Bob").returncode == 0
    # Ann 45 − 0 = 45; Bob 0 − 19 = −19
    done = sk(site, db, "hand", "Ann: 45 -0", "Bob: 0 -19", "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["totals"] == {"Ann": 45, "Bob": -19}


def test_a_stored_session_whose_variant_broke_is_refused_with_exit_1(site, tmp_path):
    db = tmp_path / "db"
    assert sk(site, db, "new", "house500", "Ann", "Bob").returncode == 0
    (site / "house_plugin.py").write_text(BROKEN, encoding="utf-8")  # the package was broken since
    done = sk(site, db, "standings")
    assert done.returncode == 1
    assert done.stderr.splitlines() == ['The variant "house500" could not be loaded from house_plugin:VARIANT '
                                        '(house-500 0.1): its own code failed while loading.']


def test_the_help_lists_the_declared_variants_installed_ones_too(site, tmp_path):
    """The program's help and the help of new, check and rules list every variant from the
    registry, by id and name — an installed one too, a broken one by its id alone — in the
    order rules lists them."""
    from scorekeeper.cli.options import nested
    from scorekeeper.core.variants import every_variant

    # a name with brackets of its own keeps them as square ones inside the list's: carousel (… [Carousel])
    built_in = [f"{v.id} ({nested(v.name)})" for v in every_variant().values()]
    for args in (("--help",), ("new", "--help"), ("check", "--help"), ("rules", "--help")):
        done = sk(site, tmp_path / "db", *args)
        assert done.returncode == 0, done.stderr
        text = " ".join(done.stdout.split())
        assert all(said in text for said in built_in), text
        assert "rummy500 (Rummy 500), rum500 (Rum 500)," in text  # rules' order: list_order, then id
        assert "house500 (House 500), broken and odd" in text or "house500 (House 500), broken or odd" in text


def test_the_names_in_the_help_are_kept_and_made_again_when_the_variants_change(site, tmp_path):
    """Loading every variant to learn its name costs more than the rest of --help: the names
    are kept in the user's cache directory (a second --help loads no variant) and made again
    once another variant is installed."""
    db = tmp_path / "db"
    empty = tmp_path / "nothing-installed"
    empty.mkdir()
    code = ("import sys\nsys.argv = ['scorekeeper', '--help']\nfrom scorekeeper.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('LOADED ' + str('scorekeeper.core.variants' in sys.modules) + '\\n')\n")

    def help_(where: Path) -> tuple[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("_TYPER")}
        env.update(PYTHONPATH=str(where), SCOREKEEPER_DB=str(db), NO_COLOR="1", SCOREKEEPER_LANG="en")
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
        return " ".join(done.stdout.split()), done.stderr.splitlines()[-1]

    first, loaded = help_(empty)
    assert "rummy500 (Rummy 500)" in first and "house500" not in first and loaded == "LOADED True"
    again, loaded = help_(empty)
    assert again == first and loaded == "LOADED False"  # from the names kept
    changed, loaded = help_(site)
    assert "house500 (House 500)" in changed and loaded == "LOADED True"
    _, loaded = help_(site)
    assert loaded == "LOADED False"
