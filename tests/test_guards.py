"""Guards found by trying the tool as a new user: control characters in names
and titles, an empty --db, hands that end two ways at once, a session file
changed by hand, the totals shown after an edit, --version."""
from __future__ import annotations

import json

import pytest


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("name", ["\x1b[31mRed", "Ann\nBob", "Tab\there", "x\u202ey"])
def test_control_characters_in_names_are_refused(cli, name, isolated_db):
    r = cli("new", "rummy500", name, "Cy")
    assert r.exit_code == 2
    assert len(lines(r.stderr)) == 1 and "control characters" in r.stderr
    assert not isolated_db.exists()  # nothing stored


def test_control_characters_in_titles_are_refused(cli, isolated_db):
    r = cli("new", "rummy500", "Ann", "Bob", "--title", "Friday\x1b[2J")
    assert r.exit_code == 2 and "the title cannot hold control characters" in r.stderr
    assert not isolated_db.exists()


def test_names_and_titles_have_a_length_limit(cli, isolated_db):
    # 40 characters for a name (a column of the standings at 80 columns), 100 for a title;
    # "é" typed as e and a combining accent counts as one character
    assert cli("new", "rummy500", "A" * 39 + "e\u0301", "Bob", "--title", "T" * 100, "--json").exit_code == 0
    r = cli("new", "rummy500", "Ann", "B" * 41)
    assert r.exit_code == 2 and len(lines(r.stderr)) == 1
    assert "a player's name can be at most 40 characters long (this one has 41)" in r.stderr
    r = cli("new", "rummy500", "Ann", "Bob", "--title", "Friday " * 15)  # 105 characters
    assert r.exit_code == 2 and len(lines(r.stderr)) == 1
    assert "a title can be at most 100 characters long (this one has 105)" in r.stderr
    assert len(cli.json("sessions")["sessions"]) == 1  # nothing stored by the refused two


def test_names_with_accents_and_emoji_are_kept(cli):
    assert cli("new", "rummy500", "Zoë", "👨‍👩‍👧", "--json").exit_code == 0
    doc = json.loads(cli("standings", "--json").stdout)
    assert [p["name"] for p in doc["players"]] == ["Zoë", "👨‍👩‍👧"]


@pytest.mark.parametrize("where", ["before", "after"])
def test_an_empty_db_path_is_refused(cli, where, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = ["--db", "", "new", "rummy500", "Ann", "Bob"] if where == "before" else ["new", "rummy500", "Ann", "Bob", "--db", ""]
    r = cli(*args)
    assert r.exit_code == 2 and "empty path" in r.stderr
    assert list(tmp_path.iterdir()) == []  # the current directory was not made a database


def test_rummy500_refuses_stock_with_an_empty_hand(cli):
    cli("new", "rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: -", "Bob: -5", "stock")
    assert r.exit_code == 2 and "Ann has no cards left, so Ann went out" in r.stderr


def test_out_with_points_in_hand_is_refused_in_every_variant(cli):
    cli("new", "rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 30 -12 out", "Bob: -5")
    assert r.exit_code == 2 and "Ann is named as out" in r.stderr and "12 points" in r.stderr
    # a points-only 0 with out is a player who went out: Ann 30 − 0 = 30, Bob −5
    r = cli("hand", "Ann: 30 -0 out", "Bob: -5", "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["scores"] == {"Ann": 30, "Bob": -5} and doc["won"] == ["Ann"]


def test_a_session_file_changed_by_hand_is_a_database_problem(cli, isolated_db):
    cli("new", "rummy500", "Ann", "Bob")
    assert cli("hand", "Ann: 9H 9S 9D -", "Bob: -5").exit_code == 0
    (path,) = (isolated_db / "sessions").glob("*.json")
    path.write_text(path.read_text(encoding="utf-8").replace("9H 9S 9D", "9H 9S 9H"), encoding="utf-8")
    r = cli("standings")
    assert r.exit_code == 1  # SPEC §5: a damaged database is exit 1, not bad input
    assert str(path) in r.stderr and "db restore" in r.stderr and len(lines(r.stderr)) == 1
    assert r.stdout == ""  # nothing half-written


def test_edit_shows_the_totals_after_the_edited_hand(cli):
    cli("new", "rummy500", "Ann", "Bob")
    cli("hand", "Ann: 40 -0", "Bob: 10 -5")   # Ann 40, Bob 5
    cli("hand", "Ann: 20 -10", "Bob: 30 -0")  # Ann 10 → 50, Bob 30 → 35
    doc = json.loads(cli("edit", "1", "Ann: 60 -0", "Bob: 10 -5", "--json").stdout)
    # hand 1 now: Ann 60, Bob 5; the totals after hand 1 are those, not the totals after hand 2
    assert doc["number"] == 1 and doc["scores"] == {"Ann": 60, "Bob": 5}
    assert doc["totals"] == {"Ann": 60, "Bob": 5}
    st = json.loads(cli("standings", "--json").stdout)
    assert {p["name"]: p["total"] for p in st["players"]} == {"Ann": 70, "Bob": 35}  # 60 + 10, 5 + 30


def test_version(cli):
    from scorekeeper import __version__

    r = cli("--version")
    assert r.exit_code == 0 and r.stdout.strip() == f"scorekeeper {__version__}"


def test_a_bad_card_on_one_line_is_quoted_first(cli):
    cli("new", "rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 1H", "Bob: -")
    assert r.exit_code == 2 and r.stderr.startswith('Ann: "1H" is not a card')


def test_wrong_values_are_quoted_as_json_writes_them(cli, tmp_path):
    cli("new", "rummy500", "Ann", "Bob")
    f = tmp_path / "hand.json"
    f.write_text('{"players": {"Ann": {"hand": true}, "Bob": {"hand": ""}}}', encoding="utf-8")
    r = cli("hand", "--file", str(f))
    assert r.exit_code == 2 and "true" in r.stderr and "True" not in r.stderr


def test_db_check_on_a_file_is_a_database_problem(cli, tmp_path):
    f = tmp_path / "not-a-dir"
    f.write_text("x", encoding="utf-8")
    r = cli("db", "check", "--db", str(f))
    assert r.exit_code == 1 and "is a file, not a directory" in r.stderr
    assert f.read_text(encoding="utf-8") == "x"


def test_edit_of_a_hand_that_does_not_exist(cli):
    cli("new", "rummy500", "Ann", "Bob")
    r = cli("edit", "1", "Ann: -", "Bob: -5")
    assert r.exit_code == 2 and "There is no hand 1: this session has no hands yet." in r.stderr
    cli("hand", "Ann: -", "Bob: -5")
    r = cli("edit", "3", "Ann: -", "Bob: -5")
    assert r.exit_code == 2 and "this session has hand 1 (did you mean 1?)" in r.stderr


@pytest.mark.parametrize("variant, players", [("carousel", ["Ann", "Bob"]), ("crazy", ["Ann", "Bob", "Cy"])])
def test_one_line_says_what_a_variant_does_not_record(cli, variant, players):
    cli("new", variant, *players)
    others = [f"{p}: -5" for p in players[1:]]
    r = cli("hand", "Ann: 7H 8H 9H +10H -AD knock" if variant == "carousel" else "Ann: 7H 8H 9H +10H -", *others)
    assert r.exit_code == 2 and 'records no lay-offs ("+")' in r.stderr
    r = cli("hand", "Ann: 12 -", *others)
    assert r.exit_code == 2 and "records no table points" in r.stderr and '"Ann: -12"' in r.stderr


def test_a_missing_index_beside_session_files_is_a_database_problem(cli, isolated_db):
    cli("new", "rummy500", "Ann", "Bob")
    cli("hand", "Ann: 40 -0", "Bob: 10 -5")
    (isolated_db / "index.json").unlink()
    for args in (["sessions"], ["standings"], ["new", "rummy500", "Cy", "Dee"]):
        r = cli(*args)
        assert r.exit_code == 1, args
        assert "index.json is missing" in r.stderr and "db restore" in r.stderr
    assert not (isolated_db / "index.json").exists()  # no new, empty index over the sessions
    assert cli("db", "restore").exit_code == 0
    doc = json.loads(cli("standings", "--json").stdout)
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 40, "Bob": 5}


def test_every_code_the_command_line_raises_has_a_template_and_every_template_is_used():
    import re
    from pathlib import Path

    from scorekeeper.core.messages import TEMPLATES, commandline, render
    from scorekeeper.core.messages.cli import TEMPLATES as ERRORS
    from scorekeeper.core.phrase import phrase

    CLI = {**ERRORS, **commandline.TEMPLATES, **commandline.PLURALS}  # the command line's errors and its own words

    source = "".join(p.read_text(encoding="utf-8")
                     for p in (Path(__file__).resolve().parents[1] / "scorekeeper" / "cli").rglob("*.py"))
    used = {code for code in re.findall(r'"([a-z][a-z_]*\.[a-z0-9_.]+)"', source) if code.startswith("cli.") or code in CLI}
    assert used == set(CLI), (used ^ set(CLI))
    assert all(code in TEMPLATES for code in used)
    # the sentences are the ones people always read
    assert render("cli.entry.both", {}) == "Give the hand either on the command line or with --file, not both."
    assert render("cli.prompt.finished", {"winners": ["Ann"]}) == (
        "The game is finished (Ann won): start a new session with `scorekeeper new`.")
    assert render("cli.hand_file.invalid", {"label": "h.json", "kinds": ["JSON"], "kind": "JSON", "line": 2,
                                            "column": 5, "problem": phrase("syntax.json.value")}) == (
        "The hand in h.json is not valid JSON at line 2, column 5: a value was expected.")
    assert render("prompt.not_a_player", {"text": "Bobby", "hint": ' (did you mean "Bob"?)',
                                              "players": ["Ann", "Bob"]}) == (
        '"Bobby" is not a player of this session (did you mean "Bob"?); the players are Ann, Bob.')


@pytest.mark.parametrize("command", [
    ["export", "--format", "md"], ["export", "--format", "csv"], ["export", "--all", "--format", "md"],
    ["stats"], ["history"], ["explain"],
    # the JSON export copies records as stored, but never one whose hands the rules refuse
    ["export", "--format", "json"], ["export", "--all", "--format", "json"],
])
def test_a_stored_hand_that_no_longer_scores_is_a_damaged_database_everywhere(cli, isolated_db, command):
    cli("new", "rummy500", "Ann", "Bob")
    assert cli("hand", "Ann: 9H 9S 9D -", "Bob: -5").exit_code == 0
    (path,) = (isolated_db / "sessions").glob("*.json")
    text = path.read_text(encoding="utf-8")
    assert "9H 9S 9D" in text
    path.write_text(text.replace("9H 9S 9D", "ZZ"), encoding="utf-8")   # no card is called ZZ
    r = cli(*command)
    assert r.exit_code == 1, r.stderr  # SPEC §5: a damaged database is exit 1, not bad input
    assert str(path) in r.stderr and "db restore" in r.stderr and len(lines(r.stderr)) == 1
    assert r.stdout == ""  # nothing half-written
