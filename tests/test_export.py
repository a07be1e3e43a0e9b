"""export and import (SPEC §5): JSON round trip, CSV for spreadsheets, Markdown for chats."""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import load_games
from scorekeeper.app import Application, exporting
from scorekeeper.core.errors import InputError
from scorekeeper.core.variants import VARIANTS
from scorekeeper.storage.store import Store

def record_game(db: Path, game: dict, title: str | None = None) -> str:
    """Play a worked-example game into the database ``db``; returns the session id."""
    app = Application(db)
    sid = app.new(game["variant"], game["players"], game.get("rules", []),
                  title if title is not None else game.get("title"))["session"]
    for hand in game["hands"]:
        app.record_hand(hand, "file", sid)
    return sid


def several_variants(db: Path) -> list[str]:
    """A database with sessions of every variant there is: whole games, one-hand
    examples, a finished game with end bonuses, and a session with an edit, an
    undo and an undone hand kept for redo (so the audit trail and `undone` travel too)."""
    from scorekeeper.app.application import demo_game

    ids = [record_game(db, demo_game())]
    ids += [record_game(db, g) for g in load_games("shared_rummy500.json")["games"]]
    if "carousel" in VARIANTS:
        games = {g["id"]: g for g in load_games("carousel_cases.json")["games"]}
        ids.append(record_game(db, games["undercut-crosses-150-round-bonus-all"], "Carousel | with bonuses"))
        ids += [record_game(db, g) for g in load_games("shared_carousel.json")["games"][:3]]
    if "crazy" in VARIANTS:
        ids += [record_game(db, g, "Crazy *night*") for g in load_games("crazy_full_game.json")["games"]]
    # a session with a history: two hands, hand 1 edited and the edit undone, hand 2 undone (both
    # kept for redo)
    app = Application(db)
    sid = app.new("rum500", ["Ann", "[red]Bob", "=SUM(A1)"], ["target=300"], "Edits")["session"]
    app.record_hand({"players": {"Ann": {"table": 80, "hand": 85}, "[red]Bob": {"hand": ""},
                                 "=SUM(A1)": {"table": 10, "hand": 4}}}, "file", sid)
    app.record_hand({"players": {"Ann": {"table": 30, "hand": 0}, "[red]Bob": {"hand": 12},
                                 "=SUM(A1)": {"hand": 3}}}, "file", sid)
    app.edit(1, {"players": {"Ann": {"table": 87, "hand": 90}, "[red]Bob": {"hand": ""},
                             "=SUM(A1)": {"table": 10, "hand": 4}}}, "file", sid)
    app.undo(sid)  # the last change: the edit of hand 1
    app.undo(sid)  # then hand 2
    ids.append(sid)
    return ids


def views(cli, db: Path, sid: str) -> tuple[dict, dict]:
    """standings --json and history --json of one session."""
    out = []
    for command in ("standings", "history"):
        result = cli("--db", db, command, "--json", "--session", sid)
        assert result.exit_code == 0, result.stderr
        out.append(json.loads(result.stdout))
    return out[0], out[1]


# -- JSON: the round trip ---------------------------------------------------------

def test_json_round_trip_of_every_variant_into_an_empty_database(cli, tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    ids = several_variants(first)
    edited = ids[-1]
    variants = {Store(first).load(i)["variant"] for i in ids}
    assert {"rummy500", "rum500"} <= variants
    assert variants >= {v for v in ("carousel", "crazy") if v in VARIANTS}
    before = {sid: views(cli, first, sid) for sid in ids}

    out = tmp_path / "club.json"
    result = cli("--db", first, "export", "--all", "--format", "json", "-o", out)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["schema"] == exporting.EXPORT_SCHEMA and doc["format"] == "scorekeeper-export"
    ids = [r["id"] for r in Store(first).summaries()]  # oldest first, as the export lists them
    assert [s["id"] for s in doc["sessions"]] == ids

    result = cli("--db", second, "import", out, "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["imported"] == len(ids) and report["skipped"] == 0
    assert [o["imported_as"] for o in report["sessions"]] == ids  # no id was taken: kept as they were

    for sid in ids:
        assert views(cli, second, sid) == before[sid], sid
        assert Store(second).load(sid) == Store(first).load(sid), sid  # the record as stored, audit and all
    edits = Store(second).load(edited)
    assert [a["action"] for a in edits["audit"]] == ["entered", "entered", "edited", "edited", "undone"]
    assert len(edits["undone"]) == 1
    # what undo took travels too: redo puts hand 2 back in the imported copy
    result = cli("--db", second, "redo", "--session", edited)
    assert result.exit_code == 0, result.stderr

    # exporting the imported database gives the same sessions back
    again = cli("--db", second, "export", "--all", "--format", "json")
    assert again.exit_code == 0
    redone = {s["id"]: s for s in json.loads(again.stdout)["sessions"]}
    for s in doc["sessions"]:
        if s["id"] != edited:
            assert redone[s["id"]] == s


def test_import_gives_a_taken_id_a_new_one_or_skips_it(cli, tmp_path):
    db = tmp_path / "db"
    game = load_games("shared_rummy500.json")["games"][0]
    sid = record_game(db, game, "Night one")
    out = tmp_path / "one.json"
    assert cli("--db", db, "export", "--format", "json", "-o", out).exit_code == 0

    # the very same session is already there: skipped (tests/test_results_people.py); as a copy with --as-new
    result = cli("--db", db, "import", out, "--as-new", "-v")
    assert result.exit_code == 0, result.stderr
    assert f"Imported session {sid} as " in result.stdout
    rows = Store(db).summaries()
    assert len(rows) == 2
    copy = next(r["id"] for r in rows if r["id"] != sid)
    assert views(cli, db, copy)[1]["hands"] == views(cli, db, sid)[1]["hands"]
    assert Store(db).load(copy)["title"] == "Night one"

    result = cli("--db", db, "import", out, "--skip-existing", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {"imported": 0, "skipped": 1, "sessions": [
        {"id": sid, "imported_as": None, "action": "skipped", "already": True}]}
    assert len(Store(db).summaries()) == 2


def test_import_makes_the_last_session_current_only_in_a_database_without_one(cli, tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    for g in load_games("shared_rummy500.json")["games"][:2]:
        record_game(first, g)
    ids = [r["id"] for r in Store(first).summaries()]
    out = tmp_path / "two.json"
    assert cli("--db", first, "export", "--all", "-o", out).exit_code == 0
    assert cli("--db", second, "import", out).exit_code == 0
    assert Store(second).current_id() == ids[-1]
    mine = Application(second).new("rummy500", ["Ann", "Bob"])["session"]
    assert cli("--db", second, "import", out).exit_code == 0
    assert Store(second).current_id() == mine


def _export_doc(tmp_path) -> dict:
    db = tmp_path / "src"
    for g in load_games("shared_rummy500.json")["games"][:2]:
        record_game(db, g)
    return exporting.export_document([Store(db).load(r["id"]) for r in Store(db).summaries()], "2026-11-29")


@pytest.mark.parametrize("damage, message", [
    (lambda doc: doc["sessions"][1]["hands"][0]["entry"]["players"].update(Bob={"hand": "1H"}),
     '"1H" is not a card'),
    (lambda doc: doc["sessions"][1].update(variant="pinochle"), '"pinochle" is not a variant'),
    (lambda doc: doc["sessions"][1].update(id="../../escape"), "is not a session id"),
    (lambda doc: doc["sessions"][1].update(dealer="Zed"), 'The dealer "Zed"'.lower()),
    (lambda doc: doc["sessions"][1]["rules"].update(target="lots"), "target=lots is not allowed"),
    (lambda doc: doc["sessions"][1].update(hands="none"), '"hands" must be a list'),
    (lambda doc: doc["sessions"][1].pop("players"), "lacks players"),
    (lambda doc: doc.update(schema=99), "schema 99"),
    (lambda doc: doc.update(sessions=[]), "holds no sessions"),
    (lambda doc: doc.pop("schema"), "is not a scorekeeper export"),
])
def test_a_bad_export_file_stores_nothing(cli, tmp_path, damage, message):
    doc = _export_doc(tmp_path)
    damage(doc)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    target = tmp_path / "target"
    result = cli("--db", target, "import", bad)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message.lower() in result.stderr.lower(), result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert Store(target).summaries() == []


def test_a_hand_that_no_longer_scores_is_named_with_its_session(tmp_path):
    doc = _export_doc(tmp_path)
    doc["sessions"][0]["hands"][0]["entry"]["players"]["Ann"] = {"melds": ["KS AS 2S"], "hand": ""}
    with pytest.raises(InputError) as e:
        exporting.read_import(json.dumps(doc), "club.json")
    sid = doc["sessions"][0]["id"]
    assert e.value.message.startswith(f"club.json, session 1 ({sid}): hand 1:")
    assert e.value.message.endswith("nothing was imported.")


@pytest.mark.parametrize("text, message", [
    ("not json at all", "not valid JSON"),
    ("[1, 2]", "is not a scorekeeper export"),
    ("", "not valid JSON"),
])
def test_import_of_a_file_that_is_not_an_export(cli, tmp_path, text, message):
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    result = cli("import", bad)
    assert result.exit_code == 2
    assert message in result.stderr
    missing = cli("import", tmp_path / "nowhere.json")
    assert missing.exit_code == 2 and "does not exist" in missing.stderr


def test_import_reads_standard_input(cli, tmp_path):
    doc = _export_doc(tmp_path)
    result = cli("--db", tmp_path / "db", "import", "-", input=json.dumps(doc))
    assert result.exit_code == 0, result.stderr
    assert len(Store(tmp_path / "db").summaries()) == 2


# -- CSV --------------------------------------------------------------------

def _spreadsheet_session(db: Path) -> str:
    """Ann, =SUM(A1) and -Bob play Rum 500 to 100 (points only), titled "+Friday".

    hand 1: Ann 60 − 10 = 50;  =SUM(A1) 20 − 23 = −3;  -Bob 0 − 5 = −5
    hand 2: Ann 55 − 0 = 55 (105: the target, game over, Ann wins);  =SUM(A1) 30 − 10 = 20 (17);
            -Bob 10 − 2 = 8 (3)
    """
    app = Application(db)
    sid = app.new("rum500", ["Ann", "=SUM(A1)", "-Bob"], ["target=100"], "+Friday")["session"]
    app.record_hand(session=sid, entry={"players": {"Ann": {"table": 60, "hand": 10},
                                               "=SUM(A1)": {"table": 20, "hand": 23},
                                               "-Bob": {"table": 0, "hand": 5}}})
    app.record_hand(session=sid, entry={"players": {"Ann": {"table": 55, "hand": 0},
                                               "=SUM(A1)": {"table": 30, "hand": 10},
                                               "-Bob": {"table": 10, "hand": 2}}})
    return sid


def test_csv_reads_back_with_numbers_for_scores_and_formulas_neutralised(cli, tmp_path):
    sid = _spreadsheet_session(tmp_path / "db")
    result = cli("--db", tmp_path / "db", "export", "--format", "csv")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == list(exporting.CSV_COLUMNS)
    assert len(rows) == 6  # 2 hands × 3 players
    by = {(int(r["hand"]), r["player"]): r for r in rows}
    assert set(p for _, p in by) == {"Ann", "'=SUM(A1)", "'-Bob"}
    sum_1, bob_1 = by[(1, "'=SUM(A1)")], by[(1, "'-Bob")]
    assert sum_1["hand_score"] == "-3" and int(sum_1["hand_score"]) == -3   # a number, not '-3
    assert bob_1["running_total"] == "-5" and int(bob_1["running_total"]) == -5
    assert int(by[(2, "Ann")]["running_total"]) == 105
    assert int(by[(2, "'=SUM(A1)")]["running_total"]) == 17
    assert int(by[(2, "'-Bob")]["running_total"]) == 3
    for r in rows:
        assert r["session"] == sid and r["variant"] == "rum500" and r["title"] == "'+Friday"
        assert r["finished"] == "yes"
        assert r["winner"] == ("yes" if r["player"] == "Ann" else "no")
        assert r["bonus"] == "0"
        assert len(r["date"]) == 10
        for column in ("hand", "hand_score", "running_total", "bonus"):
            int(r[column])


@pytest.mark.parametrize("text, safe", [
    ("=1+1", "'=1+1"), ("+x", "'+x"), ("-x", "'-x"), ("@SUM(1)", "'@SUM(1)"), ("\tTab", "'\tTab"),
    ("\rCR", "'\rCR"), ("Ann", "Ann"), ("A=B", "A=B"), ("", ""),
])
def test_safe_cell(text, safe):
    assert exporting.safe_cell(text) == safe


def test_csv_of_carousel_puts_the_end_bonus_on_the_last_hand(tmp_path):
    if "carousel" not in VARIANTS:
        pytest.skip("carousel is not available")
    games = {g["id"]: g for g in load_games("carousel_cases.json")["games"]}
    game = games["undercut-crosses-150"]
    sid = record_game(tmp_path / "db", game)
    text = Application(tmp_path / "db").export(sid, format_="csv")["text"]
    rows = list(csv.DictReader(io.StringIO(text)))
    last = [r for r in rows if int(r["hand"]) == len(game["hands"])]
    earlier = [r for r in rows if int(r["hand"]) < len(game["hands"])]
    assert all(r["bonus"] == "0" for r in earlier)
    for r in last:
        total = int(r["running_total"]) + int(r["bonus"])
        assert total == game["expect"]["totals"][r["player"]], r


# -- Markdown -----------------------------------------------------------------

def test_markdown_has_title_rules_standings_winner_and_hands_with_names_escaped(cli, tmp_path):
    db = tmp_path / "db"
    app = Application(db)
    sid = app.new("rummy500", ["Ann|x", "[red]Bob", "*Cy*"], ["target=100"], "Club | *night*")["session"]
    # hand 1: Ann|x 60 − 0 = 60, [red]Bob 40 − 50 = −10, *Cy* 6 − 1 = 5
    # hand 2: Ann|x 45 − 5 = 40 (100: the target; Ann|x wins), [red]Bob 20 − 0 = 20 (10), *Cy* 0 − 8 = −8 (−3)
    app.record_hand(session=sid, entry={"players": {"Ann|x": {"table": 60, "hand": 0},
                                               "[red]Bob": {"table": 40, "hand": 50},
                                               "*Cy*": {"table": 6, "hand": 1}}})
    app.record_hand(session=sid, entry={"players": {"Ann|x": {"table": 45, "hand": 5},
                                               "[red]Bob": {"table": 20, "hand": 0},
                                               "*Cy*": {"table": 0, "hand": 8}}})
    result = cli("--db", db, "export", "--format", "md")
    assert result.exit_code == 0, result.stderr
    md = result.stdout
    lines = md.splitlines()
    assert lines[0] == r"# Club \| \*night\*"
    assert "- Variant: Rummy 500 (`rummy500`)" in md
    assert "`target=100`" in md and "`ace_in_hand=15`" in md  # each option as typed, never translated
    assert "## Final standings" in md
    # the column counts hands gone out, and says so as the standings do (I-7)
    assert "| # | Player | Total | Went out |" in md and "Won" not in md
    # Went out: a points-only 0 in hand means no cards left (I-6): Ann|x went out in hand 1, [red]Bob in hand 2
    assert r"| 1 | **Ann\|x** | 100 | 1 |" in md
    assert r"| 2 | \[red\]Bob | 10 | 1 |" in md
    assert r"| 3 | \*Cy\* | -3 | 0 |" in md
    assert r"**Ann\|x wins** after 2 hands." in md
    assert r"| Hand | Dealer | Ann\|x | \[red\]Bob | \*Cy\* |" in md
    assert r"| 1 (points) | Ann\|x | +60 → 60 | -10 → -10 | +5 → 5 |" in md
    assert r"| 2 (points) | \[red\]Bob | +40 → 100 | +20 → 10 | -8 → -3 |" in md
    # every row of the hand table has as many cells as its header: no unescaped | in a name
    table = lines[lines.index(r"| Hand | Dealer | Ann\|x | \[red\]Bob | \*Cy\* |"):]
    table = table[:table.index("")]
    assert len(table) == 5  # header, rule, 2 hands, and the final totals of the finished game
    assert table[-1] == r"| Final | | **100** | 10 | -3 |"
    assert {row.replace("\\|", "").count("|") for row in table} == {6}


def test_markdown_of_several_sessions_and_of_a_game_in_play(cli, tmp_path):
    db = tmp_path / "db"
    for g in load_games("shared_rummy500.json")["games"][:2]:
        record_game(db, g)
    Application(db).new("rummy500", ["Ann", "Bob"], title="Not started")
    result = cli("--db", db, "export", "--all", "--format", "md")
    assert result.exit_code == 0, result.stderr
    md = result.stdout
    assert md.startswith("# Rummy results: 3 sessions")
    assert md.count("\n## ") == 3
    assert "Game in play after 1 hand; Bob deals next." in md
    assert "No hands yet." in md


def test_md_escape():
    assert exporting.md_escape("[red]Bob") == r"\[red\]Bob"
    assert exporting.md_escape("a|b") == r"a\|b"
    assert exporting.md_escape("*x* _y_ `z` <b> ~s~ & $m$ \\") == r"\*x\* \_y\_ \`z\` \<b\> \~s\~ \& \$m\$ \\"
    assert exporting.md_escape("two\nlines") == "two lines"
    assert exporting.md_escape("Ann (host)") == "Ann (host)"


# -- the -o file and other options --------------------------------------------------

def test_output_file_is_written_and_not_overwritten_without_force(cli, tmp_path):
    db = tmp_path / "db"
    record_game(db, load_games("shared_rummy500.json")["games"][0])
    out = tmp_path / "results.csv"
    out.write_text("keep me", encoding="utf-8")
    result = cli("--db", db, "export", "-o", out)
    assert result.exit_code == 2
    assert "already exists" in result.stderr and "--force" in result.stderr
    assert out.read_text(encoding="utf-8") == "keep me"

    result = cli("--db", db, "export", "-o", out, "--force")
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8").startswith("session,date,")  # csv, from the extension
    assert "Exported 1 session as csv" in result.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left

    md = tmp_path / "r.md"
    assert cli("--db", db, "export", "-o", md).exit_code == 0
    assert md.read_text(encoding="utf-8").startswith("# ")
    plain = tmp_path / "r.txt"
    assert cli("--db", db, "export", "-o", plain).exit_code == 0
    assert json.loads(plain.read_text(encoding="utf-8"))["schema"] == exporting.EXPORT_SCHEMA
    if os.name == "posix":
        umask = os.umask(0)
        os.umask(umask)
        assert plain.stat().st_mode & 0o777 == 0o666 & ~umask


def test_a_file_that_cannot_be_written_exits_1(cli, tmp_path):
    db = tmp_path / "db"
    record_game(db, load_games("shared_rummy500.json")["games"][0])
    result = cli("--db", db, "export", "-o", tmp_path / "no" / "such" / "dir" / "x.json")
    assert result.exit_code == 1
    assert "cannot be written" in result.stderr
    a_dir = tmp_path / "a_dir"
    a_dir.mkdir()
    result = cli("--db", db, "export", "-o", a_dir, "--force")
    assert result.exit_code == 2  # a folder given for the file: said as the user's slip, --force or not
    assert "is a folder" in result.stderr


@pytest.mark.parametrize("args, message", [
    (("--all", "--session", "abc"), "not both"),
    (("--format", "xlsx"), '"xlsx" is not an export format'),
    (("--session", "zzzz"), "No session has an id"),
])
def test_export_usage_errors(cli, tmp_path, args, message):
    record_game(tmp_path / "db", load_games("shared_rummy500.json")["games"][0])
    result = cli("--db", tmp_path / "db", "export", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_export_of_an_empty_database(cli):
    result = cli("export", "--all")
    assert result.exit_code == 2 and "no sessions" in result.stderr
    result = cli("export")
    assert result.exit_code == 2 and "no current session" in result.stderr


def test_export_through_the_console_script_is_plain_when_piped(tmp_path, exe):
    db = tmp_path / "db"
    _spreadsheet_session(db)
    env = {**os.environ, "SCOREKEEPER_DB": str(db)}
    env.pop("NO_COLOR", None)
    out = {}
    for fmt in ("csv", "md", "json"):
        proc = subprocess.run([str(exe), "export", "--format", fmt], capture_output=True, text=True, env=env,
                              timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert "\x1b" not in proc.stdout
        assert "=SUM(A1)" in proc.stdout
        out[fmt] = proc.stdout
    rows = list(csv.reader(io.StringIO(out["csv"])))
    assert rows[1][5] == "Ann" and rows[2][5] == "'=SUM(A1)"


def counted_loads(tmp_path, monkeypatch, sessions: int) -> tuple[Store, list[str], list[str]]:
    """A store of ``sessions`` shared games, their ids, and the ids of the session files
    read from now on, in order."""
    db = tmp_path / "db"
    for g in load_games("shared_rummy500.json")["games"][:sessions]:
        record_game(db, g)
    st = Store(db)
    ids = [r["id"] for r in st.summaries()]
    loads: list[str] = []
    original = Store.load

    def counting(self, sid):
        loads.append(sid)
        return original(self, sid)

    monkeypatch.setattr(Store, "load", counting)
    return st, ids, loads


def test_export_all_reads_each_session_file_once(tmp_path, monkeypatch):
    st, ids, loads = counted_loads(tmp_path, monkeypatch, 4)
    records = list(exporting.each_record(st, ids))
    assert loads == ids and [r["id"] for r in records] == ids


def test_a_hand_written_record_may_leave_out_title_undone_and_audit(cli, tmp_path):
    """Bob: 12 − 4 = 8 and Ann: 87 − 90 = −3 (the Hoyle example, SPEC §2.3)."""
    record = {"id": "club-1", "variant": "rum500", "players": ["Ann", "Bob"],
              "rules": {"target": 500, "tie": "play-on", "ace_in_hand": 15, "card_values": "face", "out_bonus": 0,
                        "decks": 1, "set_duplicates": False},
              "dealer": "Ann", "created": "2026-11-01T20:00:00+00:00",
              "hands": [{"entry": {"players": {"Ann": {"table": 87, "hand": 90}, "Bob": {"table": 12, "hand": 4}}}}]}
    path = tmp_path / "club.json"
    path.write_text(json.dumps({"schema": 1, "sessions": [record]}), encoding="utf-8")
    result = cli("import", path)
    assert result.exit_code == 0, result.stderr
    standings = json.loads(cli("standings", "--json", "--session", "club-1").stdout)
    assert {p["name"]: p["total"] for p in standings["players"]} == {"Ann": -3, "Bob": 8}
    assert standings["title"] is None


def test_csv_lines_are_what_the_csv_module_writes_for_awkward_text(tmp_path):
    """Each session's text cells are quoted once: the lines are those csv.writer writes
    for the rows, whatever the names and titles hold (commas, quotes, formula starts)."""
    db = tmp_path / "db"
    app = Application(db)
    names = ['=Ann "the" <b>', "Bob|*x*", "-Dee"]  # (a comma: in the titles; `new` refuses it in a name)
    app.new("rummy500", names, [], 'A "title", with =commas')
    app.record_hand([f"{names[0]}: 50 -0", f"{names[1]}: 20 -5", f"{names[2]}: 0 -3"], form="line")
    app.new("rummy500", ["Ann", "Bob"], ["target=100"], "+plus, and \"quotes\"")
    app.record_hand(["Ann: 60 -0", "Bob: 0 -5"], form="line")
    app.record_hand(["Ann: 70 -0", "Bob: 10 -1"], form="line")
    st = Store(db)
    from scorekeeper.app.games import open_game, save

    edited = open_game(st, None)  # a title with line breaks (written by hand: `new` refuses them)
    edited.record["title"] = "two\nlines\rand a CR"
    with st.writing():
        save(st, edited.record, edited.state)
    items = list(exporting.each_game(st, [s["id"] for s in st.summaries()]))
    expected = io.StringIO()
    writer = csv.writer(expected, lineterminator="\n")
    writer.writerow(exporting.CSV_COLUMNS)
    for g in items:
        r, state = g.record, g.state
        head = [exporting.safe_cell(r["id"]), exporting.safe_cell(r["created"][:10]),
                exporting.safe_cell(r.get("title") or ""), r["variant"]]
        finished = "yes" if state.ending.finished else "no"
        for number, (hand, totals) in enumerate(zip(state.results, state.running_totals()), 1):
            last = state.ending.finished and number == state.hands
            for p in g.setup.players:
                won = "yes" if state.ending.finished and p in state.ending.winners else "no"
                writer.writerow(head + [number, exporting.safe_cell(p), hand.scores[p], totals[p],
                                        state.ending.bonus.get(p, 0) if last else 0, finished, won])
    text = exporting.export_csv(items)
    assert text == expected.getvalue()
    assert '"\'=Ann ""the"" <b>"' in text and '"A ""title"", with =commas"' in text
    assert '"two\nlines\rand a CR"' in text


def test_each_record_reads_a_session_file_only_when_asked_for_the_next(tmp_path, monkeypatch):
    st, ids, loads = counted_loads(tmp_path, monkeypatch, 3)
    records = exporting.each_record(st, ids)
    assert loads == []
    assert next(records)["id"] == ids[0] and loads == ids[:1]
    assert [g.record["id"] for g in exporting.each_game(st, ids[1:])] == ids[1:] and loads == ids


def test_markdown_of_crazy_rummy_gives_each_rounds_wild_rank_and_who_went_out(cli):
    cli.new("crazy", "Ann", "Bob", "Cy")
    # round 1, aces wild: Ann goes out; Bob holds 7 + K = 17; Cy holds the 2 of diamonds = 2
    cli.record("Ann: -", "Bob: -7H KS", "Cy: -2D")
    # round 2, twos wild: Bob goes out; Ann holds 3; Cy holds a wild two (25) and a 9 = 34
    cli.record("Ann: -3C", "Bob: -", "Cy: -2D 9S")
    text = cli("export", "--format", "md").stdout
    assert ("| Round | Wild | Dealer | Out | Ann | Bob | Cy |\n"
            "|---:|---|---|---|---:|---:|---:|\n"
            "| 1 | A | Ann | Ann | 0 → 0 | +17 → 17 | +2 → 2 |\n"
            "| 2 | 2 | Bob | Bob | +3 → 3 | 0 → 17 | +34 → 36 |\n") in text
    # Rummy 500 has no wild rank per round: its table keeps the hand, the dealer and the players
    cli.new("rummy500", "Ann", "Bob")
    cli.record("Ann: 40 -", "Bob: -5H")
    assert "| Hand | Dealer | Ann | Bob |\n|---:|---|---:|---:|\n| 1 | Ann | +40 → 40 | -5 → -5 |\n" in cli(
        "export", "--format", "md").stdout


def test_markdown_gives_each_rule_as_it_is_typed(tmp_path):
    # Gin's classic preset has no big gin bonus (big_gin_bonus=none, as `--rule` takes it and
    # gin.md writes it), never Python's None; a switch is true/false
    app = Application(tmp_path / "db")
    app.new("gin", ["Ann", "Bob"], ["preset=classic"])
    md = app.export(format_="md")["text"]
    assert "`big_gin_bonus=none`" in md and "`oklahoma=false`" in md
    assert "None" not in md
