"""The command line as SPEC §5 has it: commands, --db and SCOREKEEPER_DB, session
ids by prefix, exit codes, one sentence on stderr, nothing stored on failure,
pure JSON whatever the terminal, the console script, and a demo that never
touches the user's data."""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer

ROOT = Path(__file__).resolve().parents[1]
from conftest import PTY_TIMEOUT, console_script, no_document  # noqa: E402

EXE = console_script()  # on PATH or beside this Python (None: not installed)
needs_exe = pytest.mark.skipif(EXE is None, reason="the scorekeeper console script is not installed")
SPEC_HAND = ["Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85"]   # 45, 0, −5


def snapshot(root: Path) -> dict:
    """Every file under ``root`` and a digest of its bytes."""
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def ok(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def as_json(result) -> dict:
    ok(result)
    return json.loads(result.stdout)


def one_sentence(result, code: int = 2) -> str:
    """The failure shape of SPEC §5: the exit code, nothing on stdout, one line on stderr."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    err = result.stderr
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and err.strip()
    return err.strip()


@pytest.fixture
def game(cli):
    """A current Rummy 500 session for Ann, Bob and Cy; returns its id."""
    return as_json(cli("new", "rummy500", "Ann", "Bob", "Cy", "--json"))["session"]


# ------------------------------------------------------------------- commands


def test_new_json_shape_and_current(cli):
    doc = as_json(cli("new", "500", "Ann", "Bob", "Cy", "--title", "Friday", "--json"))
    assert doc["variant"] == "rummy500" and doc["players"] == ["Ann", "Bob", "Cy"]
    assert isinstance(doc["session"], str) and doc["session"]
    assert as_json(cli("sessions", "--json"))["current"] == doc["session"]


def test_new_prints_the_id_for_people(cli):
    r = ok(cli("new", "rum500", "Ann", "Bob"))
    sid = as_json(cli("sessions", "--json"))["current"]
    assert sid in r.stdout and "Rum 500" in r.stdout and "Ann deals, Bob leads" in r.stdout


def test_hand_json_shape(cli, game):
    doc = as_json(cli("hand", *SPEC_HAND, "--json"))
    assert doc["session"] == game and doc["number"] == 1
    assert doc["scores"] == {"Ann": 45, "Bob": 0, "Cy": -5}
    assert doc["totals"] == {"Ann": 45, "Bob": 0, "Cy": -5}
    assert doc["finished"] is False and doc["winners"] == []


def test_hand_for_people_shows_scores_and_standings(cli, game):
    out = ok(cli("hand", *SPEC_HAND)).stdout
    assert "Hand 1" in out and "+45" in out and "-5" in out
    assert "Next: Bob deals, Cy leads." in out


def test_standings_json_shape(cli, game):
    ok(cli("hand", *SPEC_HAND))
    # Hand 2: Ann 0 − 2 = −2; Bob 9-10-JC 29, went out; Cy 5-5-5 15 − 4D 4 = 11
    ok(cli("hand", "Ann: -2C", "Bob: 9C 10C JC -", "Cy: 5S 5H 5D -4D"))
    doc = as_json(cli("standings", "--json"))
    assert doc["session"] == game and doc["variant"] == "rummy500" and doc["title"] is None and doc["hands"] == 2
    # totals: Ann 45 − 2 = 43, Bob 0 + 29 = 29, Cy −5 + 11 = 6; Bob went out twice
    assert [(p["name"], p["total"], p["rank"], p["won"], p["bonus"]) for p in doc["players"]] == [
        ("Ann", 43, 1, 0, 0), ("Bob", 29, 2, 2, 0), ("Cy", 6, 3, 0, 0)]
    assert doc["finished"] is False and doc["winners"] == []
    assert (doc["dealer"], doc["leader"]) == ("Cy", "Ann")


def test_standings_share_ranks(cli, game):
    ok(cli("hand", "Ann: 20 -0", "Bob: 11 -1", "Cy: 11 -1"))
    doc = as_json(cli("standings", "--json"))
    assert [(p["name"], p["rank"]) for p in doc["players"]] == [("Ann", 1), ("Bob", 2), ("Cy", 2)]


def test_history_json_shape(cli, game):
    ok(cli("hand", *SPEC_HAND))
    ok(cli("hand", "Ann: 10 -0", "Bob: 6 -1", "Cy: 0 -3"))
    doc = as_json(cli("history", "--json"))
    assert doc["session"] == game
    assert [(h["number"], h["points_only"], h["scores"], h["totals"]) for h in doc["hands"]] == [
        (1, False, {"Ann": 45, "Bob": 0, "Cy": -5}, {"Ann": 45, "Bob": 0, "Cy": -5}),
        (2, True, {"Ann": 10, "Bob": 5, "Cy": -3}, {"Ann": 55, "Bob": 5, "Cy": -8}),
    ]
    assert "(points)" in ok(cli("history")).stdout


def test_dealer_option_and_rotation(cli):
    ok(cli("new", "rummy500", "Ann", "Bob", "Cy", "--dealer", "Cy"))
    doc = as_json(cli("standings", "--json"))
    assert (doc["dealer"], doc["leader"]) == ("Cy", "Ann")
    ok(cli("hand", "Ann: -", "Bob: -2C", "Cy: -3C"))
    doc = as_json(cli("standings", "--json"))
    assert (doc["dealer"], doc["leader"]) == ("Ann", "Bob")
    assert "did you mean" in one_sentence(cli("new", "rummy500", "Ann", "Bob", "--dealer", "Bobby"))


def test_hand_from_stdin_json_and_toml(cli, game):
    entry = {"players": {"Ann": {"melds": "7H 8H 9H", "hand": ""}, "Bob": {"hand": "2C"}, "Cy": {"hand": 7}}}
    assert as_json(cli("hand", "--file", "-", "--json", input=json.dumps(entry)))["scores"] == {
        "Ann": 24, "Bob": -2, "Cy": -7}
    toml = '[players.Ann]\nhand = "3C"\n[players.Bob]\nmelds = ["9S 9D 9C"]\nhand = ""\n[players.Cy]\nhand = 4\n'
    assert as_json(cli("hand", "--file", "-", "--json", input=toml))["scores"] == {"Ann": -3, "Bob": 27, "Cy": -4}


def test_finished_game(cli):
    ok(cli("new", "rummy500", "Ann", "Bob", "--rule", "target=100"))
    doc = as_json(cli("hand", "Ann: 100 -0", "Bob: 40 -5", "--json"))
    assert doc["finished"] is True and doc["winners"] == ["Ann"]
    st = as_json(cli("standings", "--json"))
    assert st["finished"] and st["winners"] == ["Ann"] and st["dealer"] is None and st["leader"] is None
    assert "Game over: Ann wins" in ok(cli("standings")).stdout
    assert "finished" in one_sentence(cli("hand", "Ann: -", "Bob: -2C"))


def test_tie_at_the_target_is_played_off(cli):
    ok(cli("new", "rummy500", "Ann", "Bob", "--rule", "target=100"))
    ok(cli("hand", "Ann: 110 -0", "Bob: 115 -5"))
    st = as_json(cli("standings", "--json"))
    assert st["finished"] is False and st["winners"] == [] and "tied at 110" in st["note"]
    assert "tied at 110" in ok(cli("standings")).stdout


class TestUndoRedoEdit:
    def test_undo_and_redo(self, cli, game):
        ok(cli("hand", *SPEC_HAND))
        ok(cli("hand", "Ann: 10 -0", "Bob: 6 -1", "Cy: 0 -3"))
        r = ok(cli("undo", "--yes"))
        assert "Hand 2 taken back" in r.stdout
        assert as_json(cli("standings", "--json"))["hands"] == 1
        ok(cli("redo"))
        assert as_json(cli("standings", "--json"))["players"][0]["total"] == 55

    def test_undo_asks_and_without_a_terminal_says_add_yes(self, cli, game):
        ok(cli("hand", *SPEC_HAND))
        assert "--yes" in one_sentence(cli("undo"))
        assert as_json(cli("standings", "--json"))["hands"] == 1

    def test_nothing_to_undo_or_redo(self, cli, game):
        assert "no hand to undo" in one_sentence(cli("undo", "--yes"))
        assert "nothing to redo" in one_sentence(cli("redo"))

    def test_a_new_hand_clears_redo(self, cli, game):
        ok(cli("hand", *SPEC_HAND))
        ok(cli("undo", "--yes"))
        ok(cli("hand", "Ann: -", "Bob: -2C", "Cy: -3C"))
        assert "nothing to redo" in one_sentence(cli("redo"))

    def test_edit_rescores(self, cli, game):
        ok(cli("hand", *SPEC_HAND))
        ok(cli("hand", "Ann: 10 -0", "Bob: 6 -1", "Cy: 0 -3"))
        doc = as_json(cli("edit", "1", "Ann: -", "Bob: -2C", "Cy: -3C", "--json"))
        assert doc["number"] == 1 and doc["scores"] == {"Ann": 0, "Bob": -2, "Cy": -3}
        # hand 2 is re-scored on top: Ann 0 + 10, Bob −2 + 5, Cy −3 − 3
        assert as_json(cli("history", "--json"))["hands"][1]["totals"] == {"Ann": 10, "Bob": 3, "Cy": -6}

    def test_edit_errors(self, cli, game):
        ok(cli("hand", *SPEC_HAND))
        assert "no hand 3" in one_sentence(cli("edit", "3", "Ann: -", "Bob: -2C", "Cy: -3C"))
        assert '"1H" is not a card' in one_sentence(cli("edit", "1", "Ann: -1H", "Bob: -", "Cy: -3C"))

    def test_edit_that_would_end_the_game_early_is_refused(self, cli):
        ok(cli("new", "rummy500", "Ann", "Bob", "--rule", "target=100"))
        ok(cli("hand", "Ann: 50 -0", "Bob: 41 -1"))
        ok(cli("hand", "Ann: 10 -0", "Bob: 11 -1"))
        before = cli("history", "--json").stdout
        assert "undo them first" in one_sentence(cli("edit", "1", "Ann: 120 -0", "Bob: 1 -1"))
        assert cli("history", "--json").stdout == before


class TestSessions:
    def test_sessions_use_delete(self, cli):
        a = as_json(cli("new", "rummy500", "Ann", "Bob", "--json"))["session"]
        b = as_json(cli("new", "rum500", "Cy", "Dee", "--title", "Second", "--json"))["session"]
        doc = as_json(cli("sessions", "--json"))
        assert doc["current"] == b
        rows = sorted((s["id"] != a, s["id"], s["variant"], s["players"], s["hands"], s["finished"], s["winners"])
                      for s in doc["sessions"])
        assert [r[1:] for r in rows] == [(a, "rummy500", ["Ann", "Bob"], 0, False, []),
                                         (b, "rum500", ["Cy", "Dee"], 0, False, [])]
        assert all(s["created"] for s in doc["sessions"])
        assert "Second" in ok(cli("sessions")).stdout
        ok(cli("use", a[:5]))
        assert as_json(cli("sessions", "--json"))["current"] == a
        assert as_json(cli("standings", "--json"))["session"] == a
        # --session (a prefix) picks another session without changing the current one
        assert as_json(cli("standings", "--session", b[:4], "--json"))["session"] == b
        ok(cli("hand", "--session", b[:4], "Cy: -", "Dee: -2C"))
        assert as_json(cli("standings", "--session", b, "--json"))["hands"] == 1
        assert as_json(cli("standings", "--json"))["hands"] == 0
        assert "--yes" in one_sentence(cli("delete", b))
        ok(cli("delete", b, "--yes"))
        assert [s["id"] for s in as_json(cli("sessions", "--json"))["sessions"]] == [a]

    def test_deleting_the_current_session(self, cli, game):
        ok(cli("delete", game, "--yes"))
        assert "no current session" in one_sentence(cli("standings"))

    def test_unknown_and_ambiguous_prefixes(self, cli):
        ids = [as_json(cli("new", "rummy500", "Ann", "Bob", "--json"))["session"] for _ in range(17)]
        # 17 ids over 16 first hex digits: two share one
        first = next(i[0] for i in ids if sum(j[0] == i[0] for j in ids) > 1)
        assert "give more of the id" in one_sentence(cli("use", first))
        assert "No session has an id" in one_sentence(cli("use", "zz"))
        assert "No session has an id" in one_sentence(cli("standings", "--session", "zz"))

    def test_empty_list(self, cli):
        assert as_json(cli("sessions", "--json")) == {"current": None, "sessions": []}
        assert "No sessions yet" in ok(cli("sessions")).stdout


# ------------------------------------------------------------ where the db is


def test_db_before_and_after_the_command(cli, tmp_path, isolated_db):
    other = tmp_path / "other"
    sid = as_json(cli("--db", other, "new", "rummy500", "Ann", "Bob", "--json"))["session"]
    ok(cli("hand", "Ann: -", "Bob: -2C", "--db", other))
    assert as_json(cli("standings", "--json", "--db", other))["session"] == sid
    assert as_json(cli("--db", other, "history", "--json"))["hands"][0]["scores"] == {"Ann": 0, "Bob": -2}
    assert (other / "index.json").exists()
    # SCOREKEEPER_DB (set for every test) was not used
    assert not isolated_db.exists()
    assert as_json(cli("sessions", "--json"))["sessions"] == []


def test_scorekeeper_db_environment_variable(cli, isolated_db, monkeypatch, tmp_path):
    ok(cli("new", "rummy500", "Ann", "Bob"))
    assert (isolated_db / "index.json").exists()
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "elsewhere"))
    assert "no current session" in one_sentence(cli("standings"))


def test_read_only_commands_create_nothing(cli, isolated_db):
    for args in (["standings"], ["history"], ["sessions"], ["sessions", "--json"], ["undo", "--yes"], ["redo"],
                 ["use", "abc"], ["delete", "abc", "--yes"], ["hand", "Ann: -"]):
        cli(*args)
    assert not isolated_db.exists()


# ---------------------------------------------------------- exit codes, errors


@pytest.mark.parametrize("args, words", [
    (["new", "rummy", "Ann", "Bob"], '"rummy" is not a variant'),
    (["new", "rummy500", "Ann"], "2 to 8 players, not 1"),
    (["new", "rummy500", *[f"P{i}" for i in range(9)]], "not 9"),
    (["new", "rummy500", "Ann", "ann"], "named twice"),
    (["new", "rummy500", "Ann", "Bob", "--rule", "target=0"], "target takes a whole number ≥ 1"),
    (["new", "rummy500", "Ann", "Bob", "--rule", "colour=2"], '"colour" is not a rule option'),
    (["standings"], "no current session"),
    (["history"], "no current session"),
    (["hand", "Ann: -"], "no current session"),
])
def test_bad_input_exits_2_with_one_sentence(cli, args, words):
    assert words in one_sentence(cli(*args))


@pytest.mark.parametrize("args, words", [
    (["Ann: 7H 8H 9H -1H", "Bob: -", "Cy: -2C"], '"1H" is not a card'),
    (["Ann: 7H 8H -", "Bob: -2C", "Cy: -3C"], "at least three cards"),
    (["Ann: KH AH 2H -", "Bob: -2C", "Cy: -3C"], "corner"),
    (["Ann: 7H 8H 9H -", "Bob: +JH -2C", "Cy: -3C"], "JH fits no meld"),
    (["Ann: -", "Bob: -2C"], "Cy is missing"),
    (["Ann: -", "Bob: -2C", "Cy: -3C", "Dan: -4C"], '"Dan" is not a player'),
    (["Ann: -", "Bob: -", "Cy: -3C"], "Only one player can go out"),
    (["Ann: 7H 8H 9H -", "Bob: -9H", "Cy: -3C"], "9H appears 2 times"),
    (["Ann: -", "Bob: -2C", "Cy: -3C knock"], "no knocking"),
    ([], "No hand was given and there is no terminal"),
])
def test_bad_hands_exit_2_and_store_nothing(cli, game, isolated_db, args, words):
    ok(cli("hand", *SPEC_HAND))
    before = snapshot(isolated_db)
    assert words in one_sentence(cli("hand", *args))
    assert snapshot(isolated_db) == before
    r = cli("hand", *args, "--json")
    assert r.exit_code == 2 and no_document(r.stdout)
    assert snapshot(isolated_db) == before


def test_missing_and_bad_hand_files(cli, game, tmp_path, isolated_db):
    before = snapshot(isolated_db)
    assert "does not exist" in one_sentence(cli("hand", "--file", tmp_path / "nope.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert "is not valid JSON" in one_sentence(cli("hand", "--file", bad))
    bad_toml = tmp_path / "bad.toml"
    bad_toml.write_text("players = [", encoding="utf-8")
    assert "is not valid TOML" in one_sentence(cli("hand", "--file", bad_toml))
    assert "A hand entry" in one_sentence(cli("hand", "--file", "-", input="[1, 2]"))
    assert snapshot(isolated_db) == before


def test_a_damaged_database_exits_1_and_is_left_alone(cli, game, isolated_db):
    index = isolated_db / "index.json"
    index.write_text("{ damaged", encoding="utf-8")
    r = cli("standings")
    assert r.exit_code == 1 and r.stdout == "" and "damaged" in r.stderr and str(index) in r.stderr
    assert "Traceback" not in r.stderr
    r = cli("hand", *SPEC_HAND)
    assert r.exit_code == 1
    assert index.read_text(encoding="utf-8") == "{ damaged"


def test_a_busy_database_exits_1(cli, game, isolated_db, monkeypatch):
    import scorekeeper.storage.store as store
    from scorekeeper.storage.lock import DirectoryLock

    monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.2)
    with DirectoryLock(isolated_db):
        r = cli("hand", *SPEC_HAND)
    assert r.exit_code == 1 and "busy" in r.stderr and r.stdout == ""
    assert as_json(cli("standings", "--json"))["hands"] == 0


def test_debug_shows_the_traceback(cli, game):
    from scorekeeper.core.errors import InputError

    r = cli("--debug", "hand", "Ann: -1H", "Bob: -", "Cy: -3C")
    assert r.exit_code != 0 and isinstance(r.exception, InputError)
    r = cli("hand", "Ann: -1H", "Bob: -", "Cy: -3C", "--debug")  # after the command too, like --db
    assert r.exit_code != 0 and isinstance(r.exception, InputError)
    r = cli("hand", "Ann: -1H", "Bob: -", "Cy: -3C")
    assert r.exit_code == 2 and not isinstance(r.exception, InputError)  # the sentence, no traceback


def test_names_are_shown_exactly_as_typed(cli):
    ok(cli("new", "rummy500", "[red]Bob", "[s]pades", "=SUM(A1)"))
    ok(cli("hand", "[red]Bob: 7H 8H 9H -", "[s]pades: -2C", "=SUM(A1): -3C"))
    out = ok(cli("standings")).stdout
    assert "[red]Bob" in out and "[s]pades" in out and "=SUM(A1)" in out
    assert [p["name"] for p in as_json(cli("standings", "--json"))["players"]] == ["[red]Bob", "[s]pades", "=SUM(A1)"]


# ------------------------------------------------------------------- demo


def test_demo_plays_a_finished_game_without_touching_any_database(cli, tmp_path, isolated_db):
    r = ok(cli("demo"))
    # the bundled game (worked by hand in its file): Bob reaches exactly 500 in hand 13 and wins
    assert "Game over: Bob wins after 13 hands." in r.stdout
    assert "Hand 13" in r.stdout and "throw-away" in r.stdout
    # each hand under its title, a line a player: the entry, the hand's score and the new total; hand 1 of
    # the file: Ann melds 7-8-9H (24) and three kings (30), holds 3C 5D (8): 54 - 8 = +46; Bob's melds
    # 6 (A-2-3S, ace low) + 18 (three 6s) + the 10H laid off = +34, out; Cy lays off KH (10) and holds
    # AD QC 9S 4D 8C JD (15 + 10 + 9 + 4 + 8 + 10 = 56): 10 - 56 = -46
    assert re.search(r"^Hand 1\n  Ann  .* \+46 → 46\n  Bob  .*went out +\+34 → 34\n  Cy   .* -46 → -46\n",
                     r.stdout, re.M), r.stdout[:600]
    assert not isolated_db.exists()
    assert not (tmp_path / "home").exists() and not (tmp_path / "xdg-data").exists()


def test_demo_help_says_the_database_is_thrown_away(cli):
    text = " ".join(ok(cli("demo", "--help")).stdout.split())
    assert "throw-away" in text and "user data directory" not in text


def test_demo_into_a_named_database(cli, tmp_path):
    db = tmp_path / "demo-db"
    ok(cli("demo", "--db", db))
    doc = as_json(cli("--db", db, "standings", "--json"))
    assert doc["finished"] and doc["winners"] == ["Bob"] and doc["hands"] == 13
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 492, "Bob": 500, "Cy": 307}


# -------------------------------------------------------------- subprocesses


def run(args, env_extra=None, cwd=None, input=None, **env_over):
    if EXE is None:
        pytest.skip("the scorekeeper console script is not installed")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "_TYPER_FORCE_DISABLE_TERMINAL")}
    env.update(env_extra or {})
    return subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, input=input, timeout=60)


@pytest.mark.parametrize("colour", [
    {"FORCE_COLOR": "1", "TERM": "xterm-256color"},
    {"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLUMNS": "30"},
    {"TERM": "dumb"},
    {"CLICOLOR_FORCE": "1", "TERM": "xterm-256color", "GITHUB_ACTIONS": "true"},
])
def test_json_is_pure_whatever_the_terminal(colour, isolated_db, cli):
    env = dict(colour, SCOREKEEPER_DB=str(isolated_db))

    def in_process(*args: str) -> str:  # the same environment, without a process
        r = cli(*args, "--json", env={"NO_COLOR": None, "_TYPER_FORCE_DISABLE_TERMINAL": None, **env})
        assert r.exit_code == 0, r.stderr
        return r.stdout

    outputs = [in_process("new", "rummy500", "Ann", "[b]Bob", "Cy", "--title", "A very long title " * 5)]
    # the console script records the hand and refuses the bad one below
    hand = run([str(EXE), "hand", "Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "[b]Bob: -", "Cy: 80 -85", "--json"], env)
    assert hand.returncode == 0, hand.stderr
    outputs.append(hand.stdout)
    for cmd in (["standings"], ["history"], ["sessions"]):
        outputs.append(in_process(*cmd))
    for text in outputs:
        assert "\x1b" not in text
        json.loads(text)
    assert json.loads(outputs[1])["scores"] == {"Ann": 45, "[b]Bob": 0, "Cy": -5}
    # and a failure prints nothing on stdout, one sentence on stderr, no escape codes
    bad = run([str(EXE), "hand", "Ann: -1H", "[b]Bob: -", "Cy: -2C", "--json"], env)
    assert bad.returncode == 2 and no_document(bad.stdout) and "\x1b" not in bad.stderr and bad.stderr.count("\n") == 1


def test_console_script_and_python_m(isolated_db):
    env = {"SCOREKEEPER_DB": str(isolated_db)}
    for prefix in ([str(EXE)], [sys.executable, "-m", "scorekeeper"]):
        r = run([*prefix, "--help"], env)
        assert r.returncode == 0 and "new" in r.stdout and "hand" in r.stdout
    sid = json.loads(run([str(EXE), "new", "rummy500", "Ann", "Bob", "--json"], env).stdout)["session"]
    r = run([sys.executable, "-m", "scorekeeper", "hand", "Ann: -", "Bob: -AS", "--json"], env)
    assert r.returncode == 0 and json.loads(r.stdout)["scores"] == {"Ann": 0, "Bob": -15}
    r = run([str(EXE), "standings", "--session", sid[:3], "--json"], env)
    assert json.loads(r.stdout)["players"][0]["name"] == "Ann"


def test_subprocess_errors_have_no_traceback_unless_debug(isolated_db):
    env = {"SCOREKEEPER_DB": str(isolated_db)}
    assert run([str(EXE), "new", "rummy500", "Ann", "Bob"], env).returncode == 0
    r = run([str(EXE), "hand", "Ann: -1H", "Bob: -"], env)
    assert r.returncode == 2 and "Traceback" not in r.stderr and '"1H" is not a card' in r.stderr
    r = run([str(EXE), "--debug", "hand", "Ann: -1H", "Bob: -"], env)
    assert r.returncode != 0 and "Traceback" in r.stderr
    r = run([str(EXE), "hand", "--bogus"], env)
    assert r.returncode == 2 and "Traceback" not in r.stderr


@needs_exe
def test_subprocess_demo_never_touches_the_real_data_dir(tmp_path):
    home, xdg = tmp_path / "home", tmp_path / "xdg"
    home.mkdir()
    env = {"HOME": str(home), "XDG_DATA_HOME": str(xdg), "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
           "XDG_CACHE_HOME": str(tmp_path / "xdg-cache")}
    r = subprocess.run([str(EXE), "demo"], capture_output=True, text=True, timeout=120,
                       env={k: v for k, v in os.environ.items() if k != "SCOREKEEPER_DB"} | env)
    assert r.returncode == 0, r.stderr
    assert "Game over: Bob wins" in r.stdout
    assert list(home.iterdir()) == [] and not xdg.exists()
    assert not (tmp_path / "xdg-config").exists() and not (tmp_path / "xdg-cache").exists()


def test_one_error_boundary_serves_every_command():
    """A command added without any error handling of its own still ends a ScorekeeperError
    as its sentence on stderr and its exit code; --debug lets the error through."""
    from typer.testing import CliRunner

    from scorekeeper.cli.boundary import Boundary, Run
    from scorekeeper.core.errors import StoreError

    app = typer.Typer(cls=Boundary)

    @app.callback()
    def root(ctx: typer.Context, debug: bool = typer.Option(False, "--debug")) -> None:
        ctx.obj = Run(None, debug)

    @app.command()
    def busy() -> None:
        raise StoreError("cli.entry.both")

    r = CliRunner().invoke(app, ["busy"])
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == "Give the hand either on the command line or with --file, not both.\n"
    r = CliRunner().invoke(app, ["--debug", "busy"])
    assert isinstance(r.exception, StoreError)


def test_an_ascii_only_output_gets_letters_and_plain_punctuation(cli, isolated_db):
    """PYTHONIOENCODING=ascii (or a C locale): every command still speaks, suits as letters."""
    cli.new("rummy500", "Ann", "Zoë")
    cli.record("Ann: 7H 8H 9H -AS", "Zoë: -")
    env = {"SCOREKEEPER_DB": str(isolated_db), "PYTHONIOENCODING": "ascii", "TERM": "dumb"}
    said = {}
    for cmd in (["standings"], ["history"], ["explain"], ["chart"], ["sessions"], ["rules", "500"]):
        r = run([str(EXE), *cmd], env)
        assert r.returncode == 0 and "internal error" not in r.stderr, (cmd, r.stderr)
        said[cmd[0]] = r.stdout
    assert "7H 8H 9H" in said["explain"]
    refused = run([str(EXE), "hand", "Ann: -1OH", "Zoë: -"], env)
    assert refused.returncode == 2 and "internal error" not in refused.stderr and '"1OH"' in refused.stderr
    doc = json.loads(run([str(EXE), "standings", "--json"], env).stdout)  # \u escapes: the same names
    assert [p["name"] for p in doc["players"]] == ["Ann", "Zoë"]


def test_the_plain_form_of_what_an_encoding_lacks():
    from scorekeeper.cli.terminal import PLAIN_ERRORS, fit_streams

    fit_streams()  # registers the handler
    assert "7H — 10S → █▁".encode("ascii", PLAIN_ERRORS) == b"7H - 10S -> #_"
    assert "Zoë ─│┼".encode("ascii", PLAIN_ERRORS) == b"Zoe -|+"


def test_sessions_are_filtered_by_variant_and_player_and_limited_to_the_latest(cli):
    first = cli.new("rummy500", "Ann", "Bob")["session"]
    second = cli.new("gin", "Ann", "Cy")["session"]
    third = cli.new("rummy500", "Bob", "Dee")["session"]

    def ids(*args: str) -> list[str]:
        return [s["id"] for s in as_json(cli("sessions", *args, "--json"))["sessions"]]

    everyone = ids()  # oldest first (sessions started within the same second in either order)
    assert sorted(everyone) == sorted([first, second, third])
    assert set(ids("--variant", "500")) == {first, third}               # an alias names the variant
    assert set(ids("--player", "ann")) == {first, second}               # names ignore case
    assert set(ids("--variant", "rummy500", "--player", "BOB")) == {first, third}
    assert ids("--limit", "2") == everyone[-2:]                         # the latest two
    assert ids("--player", "Zed") == []
    r = cli("sessions", "--limit", "0")
    assert r.exit_code == 2 and "--limit" in r.stderr and r.stdout == ""
    assert cli("sessions", "--variant", "pinochle").exit_code == 2
    text = ok(cli("sessions", "--player", "Cy")).stdout
    assert second in text and first not in text


def test_errors_write_cards_as_the_tables_do_under_no_color(cli, exe, isolated_db):
    pexpect = pytest.importorskip("pexpect")
    cli.new("rummy500", "Ann", "Bob")
    line = ["hand", "Ann: 7H 8H 9H -7H", "Bob: -"]  # the same card twice in a hand of one deck
    env = {**os.environ, "SCOREKEEPER_DB": str(isolated_db), "TERM": "xterm-256color", "COLUMNS": "120"}

    def said(no_color: bool) -> str:
        child = pexpect.spawn(str(exe), line, env={**env, "NO_COLOR": "1"} if no_color else
                              {k: v for k, v in env.items() if k != "NO_COLOR"}, encoding="utf-8",
                              timeout=PTY_TIMEOUT, dimensions=(24, 120))
        child.expect(pexpect.EOF)
        return child.before

    assert "7H appears" in said(no_color=True) and "♥" not in said(no_color=True)   # as the tables: 7H
    assert "7♥" in said(no_color=False)
    # piped (no colour there either, NO_COLOR or not), the error writes letters as the tables do
    piped = cli(*line)
    assert piped.exit_code == 2 and "7H appears" in piped.stderr and "♥" not in piped.stderr


@pytest.mark.parametrize("lang, title", [("en", "Friday night at the Parkers"), ("uk", "Вечір п’ятниці в Паркерів"),
                                         ("ru", "Вечер пятницы у Паркеров"), ("be", "Вечар пятніцы ў Паркераў")])
def test_the_demo_session_is_titled_in_the_language_spoken(cli, tmp_path, monkeypatch, lang, title):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    db = tmp_path / "demo-db"
    said = ok(cli("demo", "--db", db)).stdout
    assert title in said.splitlines()[0] and (lang == "en" or "Parkers" not in said)
    assert as_json(cli("--db", db, "standings", "--json"))["title"] == title
