"""The cache of derived numbers kept in each session record, and the scoreboard
read from it (SPEC §6: hands stored as entered, scores derived; issue 6: stats
and export --all stay fast).

The session used throughout is Rum 500 with hands entered as points
(meld points on the table minus points left in hand, SPEC §2.3):

- hand 1: Ann 87 − 90 = −3, Bob 12 − 4 = 8
- hand 2: Ann 40 − 0 = 40, Bob 0 − 25 = −25

so the totals are Ann −3 + 40 = 37 and Bob 8 − 25 = −17 (target 500: still in play).
"""
from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper.app import Application, scoreboard
from scorekeeper.app.games import entries_of, setup_of
from scorekeeper.core import game as core_game
from scorekeeper.core.game import rank_totals, replay
from scorekeeper.storage.store import Store

HAND_1 = {"players": {"Ann": {"table": 87, "hand": 90}, "Bob": {"table": 12, "hand": 4}}}
HAND_2 = {"players": {"Ann": {"table": 40, "hand": 0}, "Bob": {"table": 0, "hand": 25}}}
HAND_2_EDITED = {"players": {"Ann": {"table": 30, "hand": 0}, "Bob": {"table": 0, "hand": 5}}}

#: stats --json of the session above, worked out by hand
ANN = {"games": 1, "finished": 0, "wins": 0, "win_rate": None, "hands": 2, "average": 18.5}  # (−3 + 40) / 2
BOB = {"games": 1, "finished": 0, "wins": 0, "win_rate": None, "hands": 2, "average": -8.5}  # (8 − 25) / 2


def two_hands(db) -> str:
    app = Application(db)
    sid = app.new("rum500", ["Ann", "Bob"], ["target=500"], "Friday")["session"]
    app.record_hand(HAND_1, "file", sid)
    app.record_hand(HAND_2, "file", sid)
    return sid


def replayed_cache(db, sid) -> tuple[dict, dict]:
    """The session's stored cache, and the cache its replay gives."""
    record = Store(db).load(sid)
    state = replay(setup_of(record), entries_of(record))
    return record["derived"], scoreboard.derive(state, record)


def rewrite(db, sid, change) -> None:
    """Change a stored record behind the commands' back (as a hand edit of the file would)."""
    st = Store(db)
    with st.writing():
        record = st.load(sid)
        change(record)
        st.save(record, st.summary(sid))


def stats_rows(cli, db) -> dict:
    result = cli("--db", db, "stats", "--json")
    assert result.exit_code == 0, result.stderr
    [block] = json.loads(result.stdout)["variants"]  # the one variant played: rum500
    return {p["name"]: p for p in block["players"]}


def check_rows(rows: dict) -> None:
    for name, expected in (("Ann", ANN), ("Bob", BOB)):
        assert {k: rows[name][k] for k in expected} == expected
    assert rows["Ann"]["best"]["score"] == 40 and rows["Ann"]["best"]["hand"] == 2
    assert rows["Ann"]["worst"]["score"] == -3 and rows["Ann"]["worst"]["hand"] == 1
    assert rows["Bob"]["best"]["score"] == 8 and rows["Bob"]["worst"]["score"] == -25


def refuse_to_score(monkeypatch) -> None:
    def boom(*args, **kwargs):
        raise AssertionError("the rules were asked to score a hand")

    monkeypatch.setattr(core_game, "score_entry", boom)


def test_every_save_keeps_the_numbers_its_replay_gives(tmp_path):
    db = tmp_path / "db"
    sid = two_hands(db)
    stored, fresh = replayed_cache(db, sid)
    assert stored == fresh
    assert stored["scorer"] == scoreboard.scorer_stamp()
    assert [h["scores"] for h in stored["hands"]] == [{"Ann": -3, "Bob": 8}, {"Ann": 40, "Bob": -25}]
    assert stored["finished"] is False and stored["winners"] == [] and stored["bonus"] == {}
    assert all(h["points_only"] for h in stored["hands"])


def test_edit_undo_and_redo_keep_the_cache_right(tmp_path):
    db = tmp_path / "db"
    sid = two_hands(db)
    app = Application(db)
    app.edit(2, HAND_2_EDITED, "file", sid)
    stored, fresh = replayed_cache(db, sid)
    assert stored == fresh
    assert stored["hands"][1]["scores"] == {"Ann": 30, "Bob": -5}  # 30 − 0, 0 − 5
    app.undo(sid)  # the edit: hand 2 as it was, Ann 40, Bob −25
    stored, fresh = replayed_cache(db, sid)
    assert stored == fresh and stored["hands"][1]["scores"] == {"Ann": 40, "Bob": -25}
    app.undo(sid)  # hand 2
    stored, fresh = replayed_cache(db, sid)
    assert stored == fresh and len(stored["hands"]) == 1
    app.redo(sid)
    app.redo(sid)
    stored, fresh = replayed_cache(db, sid)
    assert stored == fresh and stored["hands"][1]["scores"] == {"Ann": 30, "Bob": -5}


def test_stats_and_exports_use_a_fresh_cache_without_scoring_a_hand(cli, tmp_path, monkeypatch):
    db = tmp_path / "db"
    two_hands(db)
    refuse_to_score(monkeypatch)
    check_rows(stats_rows(cli, db))
    result = cli("--db", db, "export", "--all", "--format", "csv")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["player"], r["hand_score"], r["running_total"]) for r in rows] == [
        ("Ann", "-3", "-3"), ("Bob", "8", "8"), ("Ann", "40", "37"), ("Bob", "-25", "-17")]
    result = cli("--db", db, "export", "--all", "--format", "md")
    assert result.exit_code == 0, result.stderr
    assert "| 2 (points) | Bob | +40 → 37 | -25 → -17 |" in result.stdout


def test_a_cache_of_other_rules_code_is_not_used(cli, tmp_path, monkeypatch):
    db = tmp_path / "db"
    sid = two_hands(db)

    def wrong_and_old(record):
        record["derived"]["scorer"] = "rules-of-long-ago"
        record["derived"]["hands"][0]["scores"] = {"Ann": 500, "Bob": 500}

    rewrite(db, sid, wrong_and_old)
    calls = []
    original = core_game.score_entry
    monkeypatch.setattr(core_game, "score_entry", lambda *a: calls.append(1) or original(*a))
    check_rows(stats_rows(cli, db))
    assert len(calls) == 2  # both hands replayed


def test_a_cache_that_does_not_cover_every_hand_is_not_used(cli, tmp_path):
    db = tmp_path / "db"
    sid = two_hands(db)

    def one_hand_short(record):
        record["derived"]["hands"] = [{**record["derived"]["hands"][0], "scores": {"Ann": 500, "Bob": 500}}]

    rewrite(db, sid, one_hand_short)
    check_rows(stats_rows(cli, db))


@pytest.mark.parametrize("damage", [
    lambda d: d.update(hands="lots"),
    lambda d: d["hands"][0].update(scores={"Ann": "many", "Bob": 8}),
    lambda d: d["hands"][0].update(scores={"Ann": -3}),
    lambda d: d.update(winners=["Zed"]),
    lambda d: d.pop("finished"),
])
def test_a_cache_of_the_wrong_shape_is_not_used(cli, tmp_path, damage):
    db = tmp_path / "db"
    sid = two_hands(db)
    rewrite(db, sid, lambda record: damage(record["derived"]))
    check_rows(stats_rows(cli, db))


def test_db_check_finds_a_wrong_cache_and_repair_derives_it_again(cli, tmp_path):
    db = tmp_path / "db"
    sid = two_hands(db)
    rewrite(db, sid, lambda record: record["derived"]["hands"][1]["scores"].update(Ann=400))
    result = cli("--db", db, "db", "check", "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    (problem,) = doc["problems"]
    assert problem["kind"] == "stale" and problem["repairable"] and sid in problem["problem"]
    assert problem["file"] == f"sessions/{sid}.json"
    result = cli("--db", db, "db", "check", "--repair", "--json")
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["problems"][0]["repaired"] is True
    stored, fresh = replayed_cache(db, sid)
    assert stored == fresh
    result = cli("--db", db, "db", "check", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["problems"] == []


def edit_file(db, sid, change) -> None:
    """Change the session file's JSON by hand, as a user with an editor would."""
    path = db / "sessions" / f"{sid}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    [record] = doc["session"].values()
    change(record)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def standings_totals(cli, db) -> tuple[dict, bool]:
    result = cli("--db", db, "standings", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    return {p["name"]: p["total"] for p in doc["players"]}, doc["finished"]


def test_a_score_changed_by_hand_in_the_file_is_not_believed(cli, tmp_path):
    db = tmp_path / "db"
    sid = two_hands(db)
    edit_file(db, sid, lambda record: record["derived"]["hands"][0]["scores"].update(Ann=9999))
    # standings, stats and export give what the entries give (totals Ann 37, Bob −17, see the top)
    assert standings_totals(cli, db) == ({"Ann": 37, "Bob": -17}, False)
    check_rows(stats_rows(cli, db))
    result = cli("--db", db, "export", "--all", "--format", "csv")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["player"], r["hand_score"], r["running_total"]) for r in rows] == [
        ("Ann", "-3", "-3"), ("Bob", "8", "8"), ("Ann", "40", "37"), ("Bob", "-25", "-17")]
    # db check still names the cache that does not belong to its hands
    result = cli("--db", db, "db", "check", "--json")
    assert result.exit_code == 1
    (problem,) = json.loads(result.stdout)["problems"]
    assert problem["kind"] == "stale" and problem["repairable"] and problem["file"] == f"sessions/{sid}.json"
    # the next hand is scored after the entries' totals, not 9999 (which would pass the target of 500):
    # Ann 10 − 0 = +10 → 47, Bob 0 − 5 = −5 → −22, still in play
    result = cli("--db", db, "hand", "Ann: 10 -0", "Bob: 0 -5")
    assert result.exit_code == 0, result.stderr
    assert "Game over" not in result.stdout and "9999" not in result.stdout
    assert standings_totals(cli, db) == ({"Ann": 47, "Bob": -22}, False)
    stored, fresh = replayed_cache(db, sid)  # the save wrote the cache anew, with its digest
    assert stored == fresh and stored["digest"] == scoreboard.cache_digest(Store(db).load(sid), stored)


@pytest.mark.parametrize("change", [
    lambda r: r["derived"].update(finished=True, winners=["Ann"]),  # numbers of the cache itself
    lambda r: r["hands"][0]["entry"]["players"]["Ann"].update(hand=80),  # entries under a cache
    lambda r: r["rules"].update(target=30),  # the setup the cache was derived with
    lambda r: r["derived"].update(digest="0" * 32),
])
def test_a_cache_whose_digest_does_not_fit_is_replayed(tmp_path, change):
    db = tmp_path / "db"
    record = Store(db).load(two_hands(db))
    assert scoreboard.board_from_cache(record, setup_of(record)) is not None
    change(record)
    assert scoreboard.board_from_cache(record, setup_of(record)) is None


def test_a_cache_written_before_caches_carried_a_digest_is_still_read(cli, tmp_path, monkeypatch):
    db = tmp_path / "db"
    sid = two_hands(db)
    edit_file(db, sid, lambda record: record["derived"].pop("digest"))
    calls = []
    original = core_game.score_entry
    monkeypatch.setattr(core_game, "score_entry", lambda *a: calls.append(1) or original(*a))
    assert standings_totals(cli, db) == ({"Ann": 37, "Bob": -17}, False)
    assert len(calls) == 2  # both hands replayed: a cache without a digest is not believed
    check_rows(stats_rows(cli, db))
    # its numbers agree with the hands: nothing for db check to report
    result = cli("--db", db, "db", "check", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["problems"] == []
    # one that disagrees is reported, and --repair derives it again, digest and all
    edit_file(db, sid, lambda record: record["derived"]["hands"][0]["scores"].update(Ann=9999))
    result = cli("--db", db, "db", "check", "--json")
    assert result.exit_code == 1 and len(json.loads(result.stdout)["problems"]) == 1
    result = cli("--db", db, "db", "check", "--repair", "--json")
    assert result.exit_code == 0, result.stdout
    stored, fresh = replayed_cache(db, sid)
    assert stored == fresh and "digest" in stored


def test_db_check_leaves_a_cache_of_other_rules_code_alone(cli, tmp_path):
    db = tmp_path / "db"
    sid = two_hands(db)
    rewrite(db, sid, lambda record: record["derived"].update(scorer="rules-of-long-ago"))
    result = cli("--db", db, "db", "check", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["problems"] == []


def test_json_export_leaves_the_cache_out_and_import_derives_it_again(cli, tmp_path):
    db, other = tmp_path / "db", tmp_path / "other"
    sid = two_hands(db)
    result = cli("--db", db, "export", "--format", "json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert "derived" not in doc["sessions"][0]
    # an import never takes numbers from the file
    doc["sessions"][0]["derived"] = {"scorer": scoreboard.scorer_stamp(), "hands": [
        {"scores": {"Ann": 1, "Bob": 1}, "won": [], "points_only": True, "ended": ""}] * 2,
        "finished": True, "winners": ["Ann"], "bonus": {}, "note": ""}
    path = tmp_path / "club.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = cli("--db", other, "import", path)
    assert result.exit_code == 0, result.stderr
    stored, fresh = replayed_cache(other, sid)
    assert stored == fresh and stored["finished"] is False
    check_rows(stats_rows(cli, other))


def test_one_ranking_for_standings_and_the_scoreboard(tmp_path):
    # equal totals share a rank and the next rank skips: 20, 20, 10, 5 → 1, 1, 3, 4
    totals = {"Ann": 10, "Bob": 20, "Cy": 20, "Dee": 5}
    assert rank_totals(("Ann", "Bob", "Cy", "Dee"), totals, False) == [
        (1, "Bob", 20), (1, "Cy", 20), (3, "Ann", 10), (4, "Dee", 5)]
    # lowest wins (Crazy Rummy): 5, 10, 20, 20 → 1, 2, 3, 3
    assert rank_totals(("Ann", "Bob", "Cy", "Dee"), totals, True) == [
        (1, "Dee", 5), (2, "Ann", 10), (3, "Bob", 20), (3, "Cy", 20)]
    db = tmp_path / "db"
    sid = two_hands(db)
    record = Store(db).load(sid)
    setup = setup_of(record)
    state = replay(setup, entries_of(record))
    board = scoreboard.board_from_cache(record, setup)
    assert board is not None
    assert board.ranking() == state.ranking() == [(1, "Ann", 37), (2, "Bob", -17)]
    # one model: the cached numbers give the same game as the replay
    assert board.summaries == state.summaries and board.hands == state.hands == 2
    assert (board.ending.finished, board.ending.winners, board.ending.bonus, board.ending.note) == (
        state.ending.finished, state.ending.winners, state.ending.bonus, state.ending.note)
    assert board.running_totals() == state.running_totals() and board.won == state.won
    assert board.totals == state.totals and board.next_dealer == state.next_dealer


def test_a_hand_file_holding_null_says_so(cli, tmp_path):
    two_hands(tmp_path / "db")
    path = tmp_path / "hand.json"
    path.write_text("null", encoding="utf-8")
    result = cli("--db", tmp_path / "db", "hand", "--file", path)
    assert result.exit_code == 2
    assert "holds no hand entry" in result.stderr and "No hand was given" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_huge_nested_meld_is_not_echoed_whole(cli, tmp_path):
    two_hands(tmp_path / "db")
    nested: list = ["x" * 500]
    for _ in range(50):
        nested = [nested]
    hand = {"players": {"Ann": {"melds": ["7H 8H 9H", nested], "hand": ""}, "Bob": {"hand": "4D"}}}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), encoding="utf-8")
    result = cli("--db", tmp_path / "db", "hand", "--file", path)
    assert result.exit_code == 2
    assert "…" in result.stderr and "x" * 61 not in result.stderr
    assert len(result.stderr) < 300


@pytest.mark.parametrize("change", [
    lambda d: d.update(scorer="rules-of-long-ago"),
    lambda d: d.update(hands=d["hands"][:1]),
    lambda d: d["hands"][0]["scores"].update(Ann=True),
    lambda d: d["hands"][0]["scores"].pop("Bob"),
    lambda d: d["hands"][1].update(won=["Zed"]),
    lambda d: d["hands"][1].update(points_only="yes"),
    lambda d: d.update(winners=["Zed"]),
    lambda d: d.update(bonus={"Ann": 1.5}),
    lambda d: d.pop("note"),
])
def test_the_scoreboard_reads_only_a_cache_of_the_schemas_shape(tmp_path, change):
    db = tmp_path / "db"
    record = Store(db).load(two_hands(db))
    setup = setup_of(record)
    board = scoreboard.board_from_cache(record, setup)
    assert board is not None and list(board.results[0].scores) == ["Ann", "Bob"]  # seat order
    change(record["derived"])
    assert scoreboard.board_from_cache(record, setup) is None


def test_a_setup_has_the_rules_its_stored_options_resolve_to(tmp_path):
    from scorekeeper.app.scorer import SetupRefused
    from scorekeeper.core.rules import resolve_rules
    from scorekeeper.core.variants import get_variant

    db = tmp_path / "db"
    record = Store(db).load(two_hands(db))
    variant = get_variant(record["variant"])
    for rules in (record["rules"], {**record["rules"], "target": 300}, {**record["rules"], "decks": 2, "set_duplicates": True}):
        for _ in range(2):  # resolved once, then remembered: the same rules either way
            setup = setup_of({**record, "rules": rules})
            assert dict(setup.rules) == dict(resolve_rules(variant, rules, 2))
            assert isinstance(setup.rules, variant.rules_type)
    with pytest.raises(SetupRefused):  # a value that cannot be remembered is resolved (and refused) as ever
        setup_of({**record, "rules": {**record["rules"], "target": [500]}})
    for _ in range(2):  # a refusal is not remembered as rules
        with pytest.raises(SetupRefused):
            setup_of({**record, "rules": {**record["rules"], "set_duplicates": True}})
