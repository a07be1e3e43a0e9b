"""Exit status, command by command, as docs/commands.md says it (issue 30): the table there is
read, and a case of every cell that is not "—" is run; a command documented with a status it
never gives (a case missing here) or a case here the table does not document fails the test.

Most cases run in-process (typer's CliRunner); the answers at a question (a no, Ctrl-D) need a
terminal: those run the console script in a pseudo-terminal."""
from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest

from conftest import PTY_TIMEOUT, terminal_env

ROOT = Path(__file__).resolve().parents[1]


def documented() -> dict[str, dict[int, str]]:
    """``{command: {status: when}}`` from the table under "Exit status, command by command"
    (each row's commands in backticks; a cell "—" is no status)."""
    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    table = text.split("### Exit status, command by command", 1)[1]
    rows: dict[str, dict[int, str]] = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[0].startswith("`"):
            continue
        codes = {code: cell for code, cell in zip((0, 1, 2), cells[1:]) if not cell.startswith("—")}
        for command in re.findall(r"`([^`]+)`", cells[0]):
            rows[command] = codes
    return rows


def game(cli, *hands: str, **kwargs) -> None:
    cli.new("rummy500", "Ann", "Bob", **kwargs)
    for hand in hands:
        cli.record(*hand.split(" | "))


HAND = "Ann: 7H 8H 9H -AS | Bob: -"


def _variant_of_file(db: Path, variant: str) -> None:
    """The one session file of ``db`` made to name another variant."""
    (path,) = (db / "sessions").glob("*.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["session"]["1"]["variant"] = variant
    path.write_text(json.dumps(data), encoding="utf-8")

def finished(cli, *more: str) -> None:
    """A finished game of Ann and Bob (Rummy 500 to 100: Ann 100, Bob 0), then ``more`` (a command)."""
    cli.new("rummy500", "Ann", "Bob", rules=("target=100",))
    cli.record("Ann: 100 -0", "Bob: 5 -5")
    if more:
        cli(*more)


#: one case per (command, status): what to do (with ``cli`` and a temporary folder), the
#: command's arguments, and what its error must say (``code`` of the --json error, where the
#: command takes --json)
CASES = {
    ("new", 0): (None, ["new", "rummy500", "Ann", "Bob"]),
    ("new", 2): (None, ["new", "rummy500", "Ann"]),
    ("hand", 0): (lambda cli, tmp: cli.new("rummy500", "Ann", "Bob"), ["hand", "Ann: -", "Bob: -5C"]),
    ("hand", 2): (lambda cli, tmp: cli.new("rummy500", "Ann", "Bob"), ["hand", "Ann: -9X", "Bob: -5C"]),
    ("edit", 0): (lambda cli, tmp: game(cli, HAND), ["edit", "1", "Ann: -", "Bob: -5C"]),
    ("edit", 2): (lambda cli, tmp: game(cli, HAND), ["edit", "7", "Ann: -", "Bob: -5C"]),
    ("undo", 0): (lambda cli, tmp: game(cli, HAND), ["undo", "--yes"]),
    ("undo", 2): (lambda cli, tmp: cli.new("rummy500", "Ann", "Bob"), ["undo", "--yes"]),
    ("redo", 0): (lambda cli, tmp: (game(cli, HAND), cli("undo", "--yes")), ["redo"]),
    ("redo", 2): (lambda cli, tmp: game(cli, HAND), ["redo"]),
    ("standings", 0): (lambda cli, tmp: game(cli), ["standings"]),
    ("standings", 2): (None, ["standings"]),
    ("history", 0): (lambda cli, tmp: game(cli, HAND), ["history"]),
    ("history", 2): (None, ["history"]),
    ("explain", 0): (lambda cli, tmp: game(cli, HAND), ["explain"]),
    ("explain", 2): (lambda cli, tmp: game(cli, HAND), ["explain", "7"]),
    ("chart", 0): (lambda cli, tmp: game(cli, HAND), ["chart"]),
    ("chart", 2): (None, ["chart"]),
    ("sessions", 0): (None, ["sessions"]),
    ("sessions", 2): (None, ["sessions", "--variant", "chess"]),
    ("stats", 0): (None, ["stats"]),
    ("stats", 2): (lambda cli, tmp: game(cli, HAND), ["stats", "--player", "Zed"]),
    ("use", 0): (lambda cli, tmp: cli.new("rummy500", "Ann", "Bob", title="Friday"), ["use", "Friday"]),
    ("use", 2): (None, ["use", "nosuch"]),
    ("delete", 0): (lambda cli, tmp: cli.new("rummy500", "Ann", "Bob"), ["delete", "{session}", "--yes"]),
    ("delete", 2): (None, ["delete", "nosuch", "--yes"]),
    ("check", 0): (None, ["check", "rummy500", "7H 8H 9H"]),
    ("check", 1): (None, ["check", "rummy500", "7H 8H 9C"]),
    ("check", 2): (None, ["check", "rummy500", "7H 8H 9X"]),
    ("rules", 0): (None, ["rules", "rummy500"]),
    ("rules", 2): (None, ["rules", "chess"]),
    ("plugins", 0): (None, ["plugins"]),
    ("export", 0): (lambda cli, tmp: game(cli, HAND), ["export", "md", "-o", "{tmp}/out.md"]),
    ("export", 1): (lambda cli, tmp: game(cli, HAND), ["export", "md", "-o", "{tmp}/no/such/folder/out.md"]),
    ("export", 2): (lambda cli, tmp: game(cli, HAND), ["export", "xls"]),
    ("import", 0): (lambda cli, tmp: (game(cli, HAND), cli("export", "json", "-o", f"{tmp}/all.json"),
                                      cli("delete", cli.standings()["session"], "--yes")), ["import", "{tmp}/all.json"]),
    ("import", 2): (lambda cli, tmp: (tmp / "junk.json").write_text("{}"), ["import", "{tmp}/junk.json"]),
    ("demo", 0): (None, ["demo", "--db", "{tmp}/demo"]),
    ("watch", 2): (None, ["watch"]),
    ("serve", 2): (None, ["serve", "--port", "99999"]),
    ("db check", 0): (lambda cli, tmp: game(cli, HAND), ["db", "check"]),
    ("db check", 1): (lambda cli, tmp: (game(cli, HAND), (Path(cli.db) / "index.json").write_text("[]")),
                      ["db", "check"]),
    ("db restore", 0): (lambda cli, tmp: game(cli, HAND), ["db", "restore"]),
    ("db restore", 2): (lambda cli, tmp: game(cli, HAND), ["db", "restore", "--session", "nosuch"]),
    ("db rescore", 0): (lambda cli, tmp: game(cli, HAND), ["db", "rescore"]),
    # a session whose variant is no installed one's (its file names another): it keeps what it stored
    ("db rescore", 1): (lambda cli, tmp: (game(cli, HAND), _variant_of_file(Path(cli.db), "nosuch")),
                        ["db", "rescore", "{session}"]),
    ("db rescore", 2): (lambda cli, tmp: game(cli, HAND), ["db", "rescore", "nosuch"]),
    ("config get", 0): (lambda cli, tmp: cli("config", "set", "language", "uk"), ["config", "get", "language"]),
    ("config get", 1): (None, ["config", "get", "language"]),
    ("config get", 2): (None, ["config", "get", "colour"]),
    ("config set", 0): (None, ["config", "set", "language", "uk"]),
    ("config set", 2): (None, ["config", "set", "language", "xx"]),
    ("config unset", 0): (None, ["config", "unset", "language"]),
    ("config unset", 2): (None, ["config", "unset", "colour"]),
    ("players", 0): (None, ["players"]),
    ("players show", 0): (lambda cli, tmp: game(cli, HAND), ["players", "show", "Ann"]),
    ("players show", 2): (lambda cli, tmp: game(cli, HAND), ["players", "show", "Zed"]),
    ("players rename", 0): (lambda cli, tmp: game(cli, HAND), ["players", "rename", "Ann", "Anna"]),
    ("players rename", 2): (lambda cli, tmp: game(cli, HAND), ["players", "rename", "Ann", "Bob"]),
    ("players merge", 0): (lambda cli, tmp: (game(cli), cli.new("rummy500", "ann", "Cy")), ["players", "merge", "ann", "Ann"]),
    ("players merge", 2): (lambda cli, tmp: game(cli, HAND), ["players", "merge", "Ann", "Bob"]),
    ("players undo", 0): (lambda cli, tmp: (game(cli), cli("players", "rename", "Ann", "Anna")), ["players", "undo"]),
    ("players undo", 2): (None, ["players", "undo"]),
    ("season new", 0): (lambda cli, tmp: finished(cli), ["season", "new", "spring", "--best", "8"]),
    ("season new", 2): (None, ["season", "new", "spring", "--from", "March"]),
    ("season add", 0): (lambda cli, tmp: finished(cli, "season", "new", "none", "--to", "2000-01-01"),
                        ["season", "add", "none", "{session}"]),
    ("season add", 2): (lambda cli, tmp: (game(cli, HAND), cli("season", "new", "spring")),
                        ["season", "add", "spring", "{session}"]),
    ("season remove", 0): (lambda cli, tmp: finished(cli, "season", "new", "spring"),
                           ["season", "remove", "spring", "{session}"]),
    ("season remove", 2): (None, ["season", "remove", "spring", "nosuch"]),
    ("season list", 0): (None, ["season", "list"]),
    ("season standings", 0): (lambda cli, tmp: finished(cli, "season", "new", "spring"),
                              ["season", "standings", "spring"]),
    ("season standings", 2): (lambda cli, tmp: finished(cli, "season", "new", "spring"),
                              ["season", "standings", "spring", "--points", "4,6"]),
    ("ratings", 0): (lambda cli, tmp: finished(cli), ["ratings"]),
    ("ratings", 2): (None, ["ratings", "--season", "nosuch"]),
    ("evening new", 0): (None, ["evening", "new", "Friday", "--variant", "gin", "--players", "Ann", "Bob"]),
    ("evening new", 2): (None, ["evening", "new", "Friday", "--variant", "gin", "--players", "Ann", "Bob", "Cy"]),
    ("evening next", 0): (lambda cli, tmp: cli("evening", "new", "Friday", "--variant", "gin", "-p", "A", "B", "C", "D"),
                          ["evening", "next"]),
    ("evening next", 2): (None, ["evening", "next"]),
    ("evening show", 0): (lambda cli, tmp: cli("evening", "new", "Friday", "--variant", "gin", "-p", "A", "B"),
                          ["evening", "show"]),
    ("evening show", 2): (None, ["evening", "show"]),
    ("evening standings", 0): (lambda cli, tmp: cli("evening", "new", "Friday", "--variant", "gin", "-p", "A", "B"),
                               ["evening", "standings"]),
    ("evening standings", 2): (None, ["evening", "standings"]),
    ("help", 0): (None, ["help", "hand"]),
    ("help", 2): (None, ["help", "nosuch"]),
}

#: the cases a terminal answers: (command, status) -> the console script's arguments, the
#: question waited for and the answer typed (``\x04`` Ctrl-D)
AT_A_TERMINAL = {
    ("hand", 1): (["hand"], "  melds: ", "\x04"),
    ("edit", 1): (["edit", "1"], "  melds: ", "\x15\x04"),  # the old answer is on the line: cleared, then Ctrl-D
    ("undo", 1): (["undo"], "[y/N]", "n"),
    ("redo", 1): None,  # redo asks nothing: never declined (documented with undo on one row)
    ("delete", 1): (["delete", "SESSION"], "[y/N]", "n"),
}


#: the cells whose case needs a whole setting of its own, held by another test (named: it must exist)
ELSEWHERE = {
    ("rules", 1): ("tests/test_plugins.py", "test_a_stored_session_whose_variant_broke_is_refused_with_exit_1"),
    ("watch", 0): ("tests/test_board.py", "test_watch_follows_a_resize_and_gives_the_terminal_back"),
    ("serve", 1): ("tests/test_exit_codes.py", "test_a_busy_address_is_exit_1"),
}


def test_every_command_s_documented_statuses_have_a_case_and_every_case_is_documented():
    doc = documented()
    said = {(command, code) for command, codes in doc.items() for code in codes}
    for path, name in ELSEWHERE.values():  # each case held elsewhere is a test that exists
        assert f"\ndef {name}(" in (ROOT / path).read_text(encoding="utf-8"), name
    cases = set(CASES) | set(ELSEWHERE) | {key for key, case in AT_A_TERMINAL.items() if case is not None}
    undocumented = {("redo", 1)}  # shares undo's row, whose 1 is undo's question
    assert said - undocumented == cases, (sorted(said - cases), sorted(cases - said))
    assert {"new", "hand", "check", "db check", "config get", "serve", "watch"} <= set(doc)


@pytest.mark.parametrize("command,code", sorted(CASES))
def test_the_status_each_command_ends_with(cli, isolated_db, tmp_path, command, code):
    cli.db = str(isolated_db)
    setup, args = CASES[(command, code)]
    if setup is not None:
        setup(cli, tmp_path)
    session = (json.loads(cli("sessions", "--json").stdout).get("current") or "") if "{session}" in args else ""
    r = cli(*[a.replace("{tmp}", str(tmp_path)).replace("{session}", session) for a in args])
    assert r.exit_code == code, (command, code, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    if code:
        assert (r.stderr + r.stdout).strip(), "a failure says why"


def test_json_failures_are_the_error_as_data(cli):
    """Under --json a failure writes the error as data on stdout, the sentence on stderr."""
    cli.new("rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 7H 8H 9X -AS 4D", "Bob: -1OH", "--json")
    assert r.exit_code == 2
    errors = json.loads(r.stdout)["error"]
    # two cards that cannot be read, each with its place in the entry as a hand file holds it
    assert [(e["code"], e["loc"], e["facts"]["token"]) for e in errors] == [
        ("card.not_a_card_near", ["players", "Ann", "melds", 0, 2], "9X"),
        ("card.not_a_card_near", ["players", "Bob", "hand", 0], "1OH")]
    assert "2 mistakes in this entry:" in r.stderr and "9X" in r.stderr and "1OH" in r.stderr
    one = json.loads(cli("standings", "--session", "nosuch", "--json").stdout)["error"]
    assert set(one) == {"code", "facts", "loc", "message"} and one["loc"] == []
    usage = json.loads(cli("standings", "--jsn", "--json").stdout)["error"]
    assert usage["code"] == "cli.frame.there_is_no_option_option" and usage["facts"]["near"] == "--json"


def test_a_busy_address_is_exit_1(cli):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        cli.new("rummy500", "Ann", "Bob")
        r = cli("serve", "--port", str(port))
    assert r.exit_code == 1 and r.stderr.strip()


@pytest.mark.parametrize("key", [k for k, case in sorted(AT_A_TERMINAL.items()) if case is not None])
def test_a_no_or_ctrl_d_at_a_question_is_exit_1_and_changes_nothing(exe, tmp_path, cli, key):
    import pexpect

    db = tmp_path / "db"
    cli("--db", str(db), "new", "rummy500", "Ann", "Bob", "--title", "Friday")
    cli("--db", str(db), "hand", "Ann: 7H 8H 9H -AS", "Bob: -")
    before = json.loads(cli("--db", str(db), "history", "--json").stdout)
    args, question, typed = AT_A_TERMINAL[key]
    session = json.loads(cli("--db", str(db), "standings", "--json").stdout)["session"]
    child = pexpect.spawn(str(exe), [a if a != "SESSION" else session for a in args], env=terminal_env(db),
                          encoding="utf-8", timeout=PTY_TIMEOUT)
    child.expect_exact(question)  # (what was shown: child.before)
    child.send(typed if typed.endswith("\x04") else typed + "\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1, child.before
    assert json.loads(cli("--db", str(db), "history", "--json").stdout) == before


def test_every_illegal_meld_of_a_hand_is_said_at_once(cli):
    # Ann: 7♥ 8♥ 9♣ (neither a set nor a run) and Q-K-A-2♠ (round the corner); Bob: 5-6-8♦ (no 7):
    # three mistakes, each with its place (players → name → melds → index)
    cli.new("rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 7H 8H 9C, QS KS AS 2S -", "Bob: 5D 6D 8D -4C", "--json")
    assert r.exit_code == 2
    assert [e["loc"] for e in json.loads(r.stdout)["error"]] == [
        ["players", "Ann", "melds", 0], ["players", "Ann", "melds", 1], ["players", "Bob", "melds", 0]]
    assert r.stderr.startswith("3 mistakes in this entry:")
    assert cli.standings()["hands"] == 0


def test_a_reader_that_leaves_early_ends_the_command_quietly_exit_0_once_the_hand_is_saved(exe, tmp_path):
    """`hand … | head -1`: the hand is saved, then the reader leaves; rich's own answer to the closed
    pipe was exit 1 ("could not be carried out"), which a script took for a hand not recorded. Now
    0 and nothing on stderr; a command that only shows (`history`) keeps 1, its output cut."""
    import os
    import subprocess

    env = {**os.environ, "SCOREKEEPER_DB": str(tmp_path / "db"), "NO_COLOR": "1"}
    subprocess.run([exe, "new", "rummy500", "Ann", "Bob"], env=env, check=True, capture_output=True)

    def closed_early(*args: str) -> tuple[int, str]:
        proc = subprocess.Popen([exe, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        proc.stdout.close()  # the reader leaves before the command writes anything
        err = proc.stderr.read().decode()
        return proc.wait(), err

    assert closed_early("hand", "Ann: 7H 8H 9H -", "Bob: -KD") == (0, "")
    done = subprocess.run([exe, "history", "--json"], env=env, capture_output=True, text=True, check=True)
    assert len(json.loads(done.stdout)["hands"]) == 1
    assert closed_early("history") == (1, "")
