"""scorekeeper.testing: the pytest fixture ``scorekeeper_cli`` a variant's author plays a game
with through the real command line, in a throw-away database (SPEC §8)."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest


def test_a_game_played_through_the_command_line(scorekeeper_cli):
    started = scorekeeper_cli.json("new", "rummy500", "Ann", "Bob")
    assert started["variant"] == "rummy500"
    # Ann melds 7♥ 8♥ 9♥ (7 + 8 + 9 = 24) and holds A♠ 4♦ (15 + 4 = 19): 24 − 19 = 5;
    # Bob melds Q♠ Q♦ Q♣ (30) and goes out: 30
    shown = scorekeeper_cli("hand", "Ann: 7H 8H 9H -AS 4D", "Bob: QS QD QC -")
    assert shown.exit_code == 0 and "Ann" in shown.stdout
    standings = scorekeeper_cli.json("standings")
    assert {p["name"]: p["total"] for p in standings["players"]} == {"Ann": 5, "Bob": 30}


def test_a_hand_file_is_given_as_a_mapping(scorekeeper_cli):
    scorekeeper_cli("new", "rummy500", "Ann", "Bob")
    # Ann goes out with 5♣ 6♣ 7♣ on the table (5 + 6 + 7 = 18); Bob holds K♦ (10): −10
    doc = scorekeeper_cli.json("hand", "--file", "-", input={"players": {"Ann": {"melds": ["5C 6C 7C"], "hand": ""},
                                                                        "Bob": {"hand": "KD"}}})
    assert doc["scores"] == {"Ann": 18, "Bob": -10}


def test_a_refusal_is_asked_for_by_its_exit_status_and_an_unexpected_one_fails_the_test(scorekeeper_cli):
    refused = scorekeeper_cli("standings", code=2)  # no session yet
    assert refused.exit_code == 2 and refused.stderr.strip() and refused.stdout == ""
    with pytest.raises(AssertionError, match=r"scorekeeper standings ended with exit status 2, not 0") as failed:
        scorekeeper_cli("standings")
    assert refused.stderr.strip() in str(failed.value)  # what it said is shown
    assert scorekeeper_cli("standings", code=None).exit_code == 2


def test_every_test_has_a_database_of_its_own_and_never_the_one_the_environment_names(scorekeeper_cli,
                                                                                       isolated_db):
    # isolated_db stands for the user's database here: SCOREKEEPER_DB named it before the fixture
    assert scorekeeper_cli.db != isolated_db and not scorekeeper_cli.db.exists()
    assert os.environ["SCOREKEEPER_DB"] == str(scorekeeper_cli.db)
    scorekeeper_cli("new", "gin", "Ann", "Bob")
    assert scorekeeper_cli.db.is_dir() and not isolated_db.exists()
    assert scorekeeper_cli.json("sessions")["sessions"][0]["players"] == ["Ann", "Bob"]


def test_the_commands_speak_english_unless_a_command_says_otherwise(scorekeeper_cli):
    scorekeeper_cli("new", "rummy500", "Ann", "Bob")
    assert "Ann" in scorekeeper_cli("--lang", "uk", "standings").stdout
    said = scorekeeper_cli("undo", code=2).stderr  # nothing to undo: said in English again
    assert said.isascii(), said


def _tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` and a digest of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_authors_project_gets_the_fixture_from_its_conftest_and_leaves_the_users_data_alone(
        tmp_path, cli, isolated_db):
    """A project that only has scorekeeper installed, whose conftest.py names the plugin: its test
    asks for ``scorekeeper_cli``, on a machine whose settings name a database, a language and a
    variant of the user's own."""
    cli.new("gin", "Zed", "Yan")  # the user's own database, with a session in it
    before = _tree(isolated_db)
    project = tmp_path / "project"
    (project / "tests").mkdir(parents=True)
    (project / "tests" / "conftest.py").write_text('pytest_plugins = ["scorekeeper.testing"]\n', encoding="utf-8")
    (project / "tests" / "test_game.py").write_text(textwrap.dedent('''
        def test_a_game(scorekeeper_cli):
            assert scorekeeper_cli.json("sessions")["sessions"] == []  # none of the user's
            scorekeeper_cli("new", "rummy500", "Ann", "Bob")
            # Ann 7H 8H 9H (24) and A♠ 4♦ left (19): 5; Bob Q♠ Q♦ Q♣ (30), out: 30
            scorekeeper_cli("hand", "Ann: 7H 8H 9H -AS 4D", "Bob: QS QD QC -")
            players = scorekeeper_cli.json("standings")["players"]
            assert {p["name"]: p["total"] for p in players} == {"Ann": 5, "Bob": 30}
            assert "Total" in scorekeeper_cli("standings").stdout  # English, whatever the machine speaks
    '''), encoding="utf-8")
    env = {**os.environ, "SCOREKEEPER_LANG": "uk", "LANG": "uk_UA.UTF-8", "SCOREKEEPER_VARIANT": "gin",
           "FORCE_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=project,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    assert _tree(isolated_db) == before
