"""The application object (issue 11): one object over one database, one method per
command, plain documents out, refusals as codes and facts; a hand scored once."""
from __future__ import annotations

import json

import pytest

from scorekeeper.app import Application, exporting
from scorekeeper.app.application import demo_game
from scorekeeper.core import game as core_game
from scorekeeper.core.errors import InputError, StateError, StoreError

HAND1 = ["Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85"]
HAND2 = {"players": {"Ann": {"melds": ["2C 3C 4C"], "hand": ""}, "Bob": {"hand": "KS"}, "Cy": {"hand": 10}}}


def plain(doc) -> bool:
    """Only dicts and lists of text, whole numbers, booleans and None (and float rates)."""
    if isinstance(doc, dict):
        return all(isinstance(k, str) and plain(v) for k, v in doc.items())
    if isinstance(doc, list):
        return all(plain(v) for v in doc)
    return doc is None or isinstance(doc, (str, int, float, bool))


@pytest.fixture
def app(tmp_path):
    return Application(tmp_path / "db")


@pytest.fixture
def scoring(monkeypatch):
    """The hand numbers the rules are asked to score, in order."""
    calls: list[int] = []
    original = core_game.score_entry
    monkeypatch.setattr(core_game, "score_entry", lambda game, raw: calls.append(game.number) or original(game, raw))
    return calls


def test_the_database_is_resolved_like_the_cli_does(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "env"))
    assert Application().path == tmp_path / "env"
    assert Application(tmp_path / "given").path == tmp_path / "given"
    assert Application(str(tmp_path / "given")).db_path() == {"database": str(tmp_path / "given")}
    for empty in ("", "  "):
        with pytest.raises(InputError) as e:
            Application(empty)
        assert e.value.code == "db.empty_path"
        assert e.value.message == "--db was given an empty path: name the database directory."


def test_an_application_opens_nothing_until_a_command_needs_it(tmp_path):
    app = Application(tmp_path / "db")
    assert app._store is None and not (tmp_path / "db").exists()


def test_a_game_through_the_application(app):
    new = app.new("500", ["Ann", "Bob", "Cy"], ["target=300"], "Friday")
    assert new["variant"] == "rummy500" and new["variant_name"] == "Rummy 500" and new["title"] == "Friday"
    assert new["standings"]["hands"] == 0 and new["dealer"] == "Ann"
    hand = app.record_hand(HAND1, form="line")
    # Ann: 7+8+9 + 3×10 + 10 laid off − (15 + 4) in hand = 45; Bob went out; Cy 80 − 85
    assert hand["number"] == 1 and hand["scores"] == {"Ann": 45, "Bob": 0, "Cy": -5}
    assert hand["totals"] == hand["scores"] and hand["standings"]["dealer"] == "Bob"
    hand = app.record_hand(HAND2)
    assert hand["scores"] == {"Ann": 9, "Bob": -10, "Cy": -10}  # 2+3+4; a king in hand; 10 points
    standings = app.standings()
    assert [(p["name"], p["total"], p["rank"]) for p in standings["players"]] == [
        ("Ann", 54, 1), ("Bob", -10, 2), ("Cy", -15, 3)]
    assert standings == hand["standings"]
    history = app.history()
    assert [h["scores"] for h in history["hands"]] == [{"Ann": 45, "Bob": 0, "Cy": -5}, {"Ann": 9, "Bob": -10, "Cy": -10}]
    assert history["players"] == ["Ann", "Bob", "Cy"] and history["standings"] == standings
    assert app.chart()["players"][0] == {"name": "Ann", "totals": [45, 54], "total": 54}
    assert app.explain(1, "ann")["players"]["Ann"]["score"] == 45
    for doc in (new, hand, standings, history, app.explain(), app.audit(), app.sessions(), app.chart()):
        assert plain(doc) and json.loads(json.dumps(doc)) == doc


def test_undo_redo_edit_and_the_hand_they_name(app):
    app.new("rummy500", ["Ann", "Bob", "Cy"])
    app.record_hand(HAND1, form="line")
    app.record_hand(HAND2)
    assert app.hand_entry() == {"session": app.session_id(), "number": 2, "entry": HAND2,
                                "lines": {"Ann": "2C 3C 4C -", "Bob": "-KS", "Cy": "-10"}}
    undone = app.undo()
    assert undone["number"] == 2 and undone["standings"]["hands"] == 1
    assert app.redo()["standings"]["hands"] == 2
    edited = app.edit(1, ["Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 80 -85"], form="line")
    assert edited["number"] == 1 and edited["scores"] == {"Ann": 9, "Bob": 0, "Cy": -5}
    assert edited["totals"] == {"Ann": 9, "Bob": 0, "Cy": -5}  # at hand 1
    assert edited["standings"]["players"][0] == {"name": "Ann", "total": 18, "rank": 1, "won": 1, "bonus": 0,
                                                 "last": 9}
    assert app.undo()["change"] == "edit"   # the last change: the edit of hand 1
    assert app.undo()["number"] == 2
    assert app.undo()["number"] == 1
    with pytest.raises(StateError) as e:
        app.undo()
    assert e.value.code == "session.nothing_to_undo"
    assert e.value.message == "There is no hand to undo in this session."
    with pytest.raises(StateError) as e:
        app.hand_entry()
    assert e.value.code == "session.nothing_to_undo"


def test_an_edit_refused_for_its_own_hand_names_no_hand(app):
    app.new("rummy500", ["Ann", "Bob"])
    app.record_hand({"players": {"Ann": {"melds": ["7H 8H 9H"], "hand": "AS"}, "Bob": {"hand": ""}}})
    bad = {"players": {"Ann": {"melds": ["7H 8H 10H"], "hand": "AS"}, "Bob": {"hand": ""}}}
    with pytest.raises(InputError) as e:
        app.edit(1, bad)
    assert e.value.hand is None and not e.value.message.startswith("Hand 1")
    with pytest.raises(InputError) as e:
        app.record_hand(bad)
    assert e.value.hand is None


def test_an_edit_that_ends_the_game_before_later_hands_is_refused(app):
    app.new("rummy500", ["Ann", "Bob"], ["target=50"])
    app.record_hand({"players": {"Ann": {"table": 21, "hand": 1}, "Bob": {"hand": ""}}})
    app.record_hand({"players": {"Ann": {"table": 21, "hand": 1}, "Bob": {"hand": ""}}})
    with pytest.raises(StateError) as e:
        app.edit(1, {"players": {"Ann": {"table": 61, "hand": 1}, "Bob": {"hand": ""}}})
    assert e.value.code == "session.edit_ends_game" and e.value.facts["hand"] == 1
    assert e.value.message == ("With this edit the game would end at hand 1, before the later hands: "
                               "undo them first.")


def test_recording_a_hand_scores_that_hand_alone(app, scoring):
    app.new("rummy500", ["Ann", "Bob", "Cy"], ["target=100000"])
    for _ in range(5):
        app.record_hand(HAND2, again=True)  # the same cards each hand, on purpose
    assert scoring == [1, 2, 3, 4, 5]
    scoring.clear()
    app.preview_hand(HAND2)
    app.record_hand(HAND2, again=True)
    app.standings()
    app.chart()
    app.undo()
    app.redo()
    assert scoring == [6, 6, 6]  # the preview, the hand, the redo
    scoring.clear()
    app.edit(4, HAND2)
    # the edited hand alone: a hand's score depends on its entry, the setup and its number, so the
    # hands after it keep their results (only the end of the game is asked again after each)
    assert scoring == [4]


def test_the_preview_is_the_hand_the_record_stores(app):
    app.new("rummy500", ["Ann", "Bob", "Cy"])
    preview = app.preview_hand(HAND1, form="line")
    assert app.standings()["hands"] == 0  # nothing stored
    assert preview["players"]["Ann"]["arithmetic"].endswith("= 45") and preview["notes"] == []
    assert preview["entry"]["players"]["Bob"] == {"hand": ""}
    recorded = app.record_hand(HAND1, form="line")
    assert {k: recorded[k] for k in ("scores", "totals", "finished", "winners")} == \
        {k: preview[k] for k in ("scores", "totals", "finished", "winners")}
    assert recorded["standings"] == preview["standings"]


def test_a_finished_game_refuses_the_next_hand(app):
    app.new("rummy500", ["Ann", "Bob"], ["target=50"])
    app.record_hand({"players": {"Ann": {"table": 61, "hand": 1}, "Bob": {"hand": ""}}})
    for attempt in (lambda: app.record_hand(HAND2 | {"players": {"Ann": {"hand": ""}, "Bob": {"hand": 5}}}),
                    lambda: app.preview_hand({"players": {"Ann": {"hand": ""}, "Bob": {"hand": 5}}})):
        with pytest.raises(StateError) as e:
            attempt()
        assert "The game is finished (Ann won)" in e.value.message


def test_a_stored_hand_the_rules_refuse_names_the_file_and_the_hand(app):
    sid = app.new("rummy500", ["Ann", "Bob"])["session"]
    app.record_hand({"players": {"Ann": {"melds": ["7H 8H 9H"], "hand": "AS"}, "Bob": {"hand": ""}}})
    path = app.store.session_path(sid)
    with app.store.writing():  # a change behind the commands' back, as editing the file would be
        record = app.store.load(sid)
        record["hands"][0]["entry"]["players"]["Ann"]["melds"] = ["7H 8H 10H"]
        record.pop("derived")
        app.store.save(record, app.store.summary(sid))
    with pytest.raises(StoreError) as e:
        Application(app.path).standings()
    assert e.value.code == "session.rules_refuse" and e.value.facts["session"] == sid
    assert e.value.message.startswith(f"The session file {path} holds what the rules refuse (Hand 1: ")
    assert e.value.message.endswith(f"`scorekeeper db restore --session {sid}` puts back its last good state.")


def test_a_session_changed_outside_is_refused_until_repaired(app):
    # Ann's card left in hand changed in the file (A♠ → 2♠): the hand still scores (24 − 2 = 22
    # instead of 24 − 15 = 9), so only the audit trail tells; every command on the session stops
    sid = app.new("rummy500", ["Ann", "Bob"])["session"]
    app.record_hand({"players": {"Ann": {"melds": ["7H 8H 9H"], "hand": "AS"}, "Bob": {"hand": ""}}})
    with app.store.writing():  # a change behind the commands' back, as editing the file would be
        record = app.store.load(sid)
        record["hands"][0]["entry"]["players"]["Ann"]["hand"] = "2S"
        record.pop("derived")
        app.store.save(record, app.store.summary(sid))
    fresh = Application(app.path)
    for attempt in (fresh.standings, fresh.history, lambda: fresh.record_hand({"players": {"Ann": {"hand": "KS"},
                                                                                            "Bob": {"hand": ""}}})):
        with pytest.raises(StoreError) as e:
            attempt()
        assert e.value.code == "session.changed_outside" and e.value.facts == {"session": sid, "hand": 1}
    assert fresh.audit()["hands"]  # the trail is still shown, to compare
    assert len(fresh.store.load(sid)["hands"]) == 1  # nothing built on it
    fresh.db_check(repair=True)
    assert Application(app.path).standings()["players"][0]["total"] == 9  # the hand as entered: 24 − 15


def test_sessions_use_delete(app):
    first = app.new("rummy500", ["Ann", "Bob"])["session"]
    second = app.new("crazy", ["Ann", "Bob", "Cy"])["session"]
    assert app.sessions()["current"] == second
    assert app.use(first[:6]) == {"session": first, "variant": "rummy500", "variant_name": "Rummy 500",
                                  "players": ["Ann", "Bob"], "title": None}
    assert app.sessions()["current"] == first
    assert app.delete(second) == {"session": second}
    assert [s["id"] for s in app.sessions()["sessions"]] == [first]
    table = app.table()
    assert table["number"] == 1 and table["seats"] == ["Ann", "Bob"] and table["rules"]["target"] == 500


def test_using_the_session_already_current_writes_nothing(app):
    first = app.new("rummy500", ["Ann", "Bob"])["session"]
    index = app.path / "index.json"

    def written() -> tuple:
        kept = sorted(p.name for p in (app.path / "backups").rglob("*") if p.is_file())
        return index.stat().st_ino, index.stat().st_mtime_ns, index.read_bytes(), kept

    before = written()
    assert app.use(first)["session"] == first and app.sessions()["current"] == first
    assert written() == before  # no write of the index, no copy of it kept
    second = app.new("crazy", ["Ann", "Bob", "Cy"])["session"]
    app.use(first)
    assert app.sessions()["current"] == first and written()[0] != before[0]  # another session: written
    assert second in [s["id"] for s in app.sessions()["sessions"]]


def test_export_and_import_through_the_application(app, tmp_path):
    app.new("rummy500", ["Ann", "Bob", "Cy"], title="=SUM(A1)")
    app.record_hand(HAND1, form="line")
    out = app.export(format_="json")
    assert out["format"] == "json" and out["sessions"] == 1 and out["output"] is None
    assert json.loads(out["text"])["sessions"][0]["title"] == "=SUM(A1)"
    assert app.export(all_=True, format_="CSV")["text"].splitlines()[1].startswith(app.session_id())
    assert app.export(format_="markdown")["text"].startswith("# ")
    target = tmp_path / "club.md"
    written = app.export(output=target)
    assert written["format"] == "md" and written["text"] is None and target.read_text().startswith("# ")
    with pytest.raises(InputError) as e:
        app.export(output=target)
    assert e.value.code == "export.exists" and e.value.message == f"{target} already exists: add --force to overwrite it."
    with pytest.raises(InputError) as e:
        app.export(format_="pdf")
    assert e.value.message == '"pdf" is not an export format: use json, csv or md.'
    with pytest.raises(InputError) as e:
        app.export(session="x", all_=True)
    assert e.value.message == "Give either --session or --all, not both."
    with pytest.raises(InputError) as e:
        Application(tmp_path / "empty").export(all_=True)
    assert e.value.message == "There are no sessions to export: the database is empty."

    path = tmp_path / "club.json"
    path.write_text(out["text"], encoding="utf-8")
    other = Application(tmp_path / "other")
    assert other.import_(path) == {"imported": 1, "skipped": 0, "sessions": [
        {"id": app.session_id(), "imported_as": app.session_id(), "action": "imported", "already": False}]}
    assert other.import_("-", skip_existing=True, text=out["text"])["skipped"] == 1
    assert other.standings() == app.standings()
    with pytest.raises(InputError) as e:
        other.import_(tmp_path / "nowhere.json")
    assert e.value.message == f"The file {tmp_path / 'nowhere.json'} does not exist."
    with pytest.raises(InputError) as e:
        other.import_(tmp_path)
    assert e.value.message == f"{tmp_path} is a directory, not an export file."


def test_an_import_refusal_quotes_the_rules_once_with_no_doubled_stop(app):
    app.new("rummy500", ["Ann", "Bob"])
    app.record_hand({"players": {"Ann": {"melds": ["7H 8H 9H"], "hand": "AS"}, "Bob": {"hand": ""}}})
    doc = json.loads(app.export()["text"])
    sid = doc["sessions"][0]["id"]
    doc["sessions"][0]["hands"][0]["entry"]["players"]["Bob"] = {"melds": ["7H 8H 9H"], "hand": ""}
    with pytest.raises(InputError) as e:
        exporting.read_import(json.dumps(doc), "club.json")
    assert e.value.code == "import.hand_refused" and e.value.facts["hand"] == 1
    message = e.value.message
    assert message.startswith(f"club.json, session 1 ({sid}): hand 1: ")
    assert "holds it only once; nothing was imported." in message and ".;" not in message
    doc["sessions"][0]["dealer"] = "Zed"
    with pytest.raises(InputError) as e:
        exporting.read_import(json.dumps(doc), "club.json")
    # the setup is refused by the one storage schema (import.record.*), quoting the rules' refusal
    assert e.value.code == "import.record.setup" and e.value.facts["cause"].code != "import.record.setup"
    assert e.value.message.endswith("is not one of the players; nothing was imported.")


def test_stats_check_rules_and_the_database(app):
    app.new("rummy500", ["Ann", "Bob", "Cy"])
    app.record_hand(HAND1, form="line")
    stats = app.stats(variant="500")
    assert stats["variant"] == "rummy500" and stats["sessions"] == 1
    with pytest.raises(InputError) as e:
        app.stats(player="Anne")
    assert e.value.code == "stats.no_player"
    assert e.value.message == 'No session has a player called "Anne" (did you mean "Ann"?).'
    assert app.check("rummy500", ["QS KS AS"])["legal"] is True
    assert any(v["id"] == "crazy" for v in app.rules()["variants"]) if isinstance(app.rules(), dict) else True
    assert app.rules("500")["id"] == "rummy500"
    check = app.db_check()
    assert check["ok"] is True and check["sessions"] == 1 and check["findings"] == []
    assert app.backups()["backups"] and app.restore()["ok"] is True


def test_demo_records_the_bundled_game(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "env"))
    doc = Application().demo()
    game = demo_game()
    assert doc["throwaway"] is True and doc["database"] is None and not (tmp_path / "env").exists()
    assert len(doc["hands"]) == len(game["hands"]) and doc["standings"]["finished"] is True
    assert doc["hands"][0]["players"] == game["hands"][0]["players"] and plain(doc)
    named = Application(tmp_path / "named").demo()
    assert named["throwaway"] is False and named["database"] == str(tmp_path / "named")
    assert Application(tmp_path / "named").standings() == named["standings"]


@pytest.mark.parametrize("name, game_id", [
    ("carousel_cases.json", "undercut-crosses-150-round-bonus-all"),
    ("crazy_full_game.json", None),
    ("shared_rummy500.json", None),
])
def test_explain_from_the_cache_is_explain_from_a_replay(app, name, game_id):
    from conftest import load_games
    from scorekeeper.app.audit import explain_json
    from scorekeeper.app.games import open_game

    games = load_games(name)["games"]
    game = next(g for g in games if g["id"] == game_id) if game_id else games[0]
    app.new(game["variant"], game["players"], game.get("rules", []))
    for hand in game["hands"]:
        app.record_hand(hand)
    replayed = open_game(app.store, None, full=True)
    for number in range(1, len(game["hands"]) + 1):
        assert app.explain(number) == explain_json(replayed, number)
    last = app.explain()
    assert last == explain_json(replayed)
    if game_id:
        assert last["finished"] and last["end_bonus"]


def test_every_code_the_application_raises_has_a_template():
    import re
    from pathlib import Path

    from scorekeeper.core.messages import TEMPLATES
    from scorekeeper.core.messages import app as app_templates

    here = Path(__file__).resolve().parents[1] / "scorekeeper" / "app"
    raised = set()
    for path in here.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(Input|State|Store)Error\(\s*f?[\"'][A-Z]", text), f"{path.name} raises a sentence"
        assert not re.search(r"(Input|State|Store)Error\(\s*f[\"']", text), f"{path.name} builds a code"
        raised |= set(re.findall(r"(?:(?:Input|State|Store|Variant)Error|type\(e\)|phrase)\(\s*[\"']([a-z_]+\.[a-z0-9_.]+)[\"']",
                                 text))  # a phrase among an error's facts uses its template too
    assert raised and not raised - TEMPLATES.keys()
    # the templates of core.messages.app are the application's codes, each of them raised
    unused = set(app_templates.TEMPLATES) - raised
    assert not unused, f"templates no code raises: {sorted(unused)}"


def test_a_hand_changed_in_the_file_is_scored_again_not_read_from_the_cache(app, scoring):
    sid = app.new("rummy500", ["Ann", "Bob"])["session"]
    app.record_hand({"players": {"Ann": {"melds": ["9H 9S 9D"], "hand": ""}, "Bob": {"hand": 5}}})
    scoring.clear()
    assert app.standings()["players"][0]["total"] == 27 and scoring == []  # from the cache
    path = app.store.session_path(sid)
    path.write_text(path.read_text(encoding="utf-8").replace("9H 9S 9D", "9H 9S 9C"), encoding="utf-8")
    again = Application(app.path)
    assert again.standings()["players"][0]["total"] == 27 and scoring == [1]  # scored again, same numbers
    path.write_text(path.read_text(encoding="utf-8").replace("9H 9S 9C", "9H 9S 9H"), encoding="utf-8")
    # every reader says the same: a damaged database (exit 1), the file named, db restore offered
    for command in (lambda a: a.standings(), lambda a: a.record_hand(HAND2), lambda a: a.chart(),
                    lambda a: a.stats(), lambda a: a.export(format_="csv"), lambda a: a.export(format_="md")):
        with pytest.raises(StoreError) as e:
            command(Application(app.path))
        assert e.value.code == "session.rules_refuse" and str(path) in e.value.message
        assert e.value.facts["session"] == sid and "Hand 1: " in e.value.message


def test_reading_the_session_ids_loads_the_store_and_nothing_of_the_rules(app):
    import subprocess
    import sys

    first = app.new("rummy500", ["Ann", "Bob"])["session"]
    code = ("import sys\nfrom scorekeeper.app import Application\n"
            f"a = Application({str(app.path)!r})\n"
            "print(a.sessions()['current'], a.session_id())\n"
            "print(' '.join(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    ids, modules = done.stdout.splitlines()
    assert ids == f"{first} {first}"
    heavy = ("scorekeeper.core.game", "scorekeeper.core.variants", "scorekeeper.app.report", "scorekeeper.app.sessions",
             "scorekeeper.app.games", "rich", "pydantic", "filelock")
    assert [m for m in modules.split() if m.startswith(heavy)] == []
