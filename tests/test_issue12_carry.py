"""Issue 12: scores from a game begun on paper, `new VARIANT NAME... --carry NAME=POINTS`
(SPEC §5 `new`, I-6). Carried points are part of the setup: stored with the session,
counted in the totals and toward the target, shown by `history` as a first row "carried
over" that is not a hand, and counted as no hand by `stats`.

Expected values are worked out by hand; the arithmetic is in the comments.
"""
from __future__ import annotations

import json

import pytest

from scorekeeper.core.errors import InputError
from scorekeeper.core.game import new_setup, parse_carry, replay
from scorekeeper.core.variants import get_variant


def test_carried_points_start_the_totals_and_the_running_totals(cli):
    doc = cli.json("new", "rummy500", "Ann", "Bob", "Cy", "--carry", "Ann=120", "--carry", "bob=85")
    assert doc["carried"] == {"Ann": 120, "Bob": 85, "Cy": 0}  # "bob" is Bob: names match regardless of case
    # Ann melds 7♥ 8♥ 9♥ (24) and goes out: +24 → 144; Bob holds 5♣: −5 → 80; Cy holds K♦: −10 → −10
    hand = cli.record("Ann: 7H 8H 9H -", "Bob: -5C", "Cy: -KD")
    assert hand["scores"] == {"Ann": 24, "Bob": -5, "Cy": -10}
    assert hand["totals"] == {"Ann": 144, "Bob": 80, "Cy": -10}
    assert cli.totals() == {"Ann": 144, "Bob": 80, "Cy": -10}
    history = cli.history()
    assert history["carried"] == {"Ann": 120, "Bob": 85, "Cy": 0}
    assert [h["number"] for h in history["hands"]] == [1]          # the carried row is not a hand
    assert history["hands"][0]["totals"] == {"Ann": 144, "Bob": 80, "Cy": -10}
    assert cli.standings()["hands"] == 1


def test_history_shows_carried_over_as_the_first_row(cli):
    cli("new", "rummy500", "Ann", "Bob", "--carry", "Ann=120")
    out = cli("history").stdout
    assert "carried over" in out and "No hands yet." in out
    cli.record("Ann: 7H 8H 9H -", "Bob: -5C")  # Ann 120 + 24 = 144, Bob 0 − 5 = −5
    lines = cli("history").stdout.splitlines()
    carried = next(i for i, line in enumerate(lines) if "carried over" in line)
    first = next(i for i, line in enumerate(lines) if "144" in line)
    assert carried < first and "120" in lines[carried]


def test_carried_points_count_toward_the_target(cli):
    # Ann carries 480 of 500; she melds Q♠ Q♦ Q♣ (30) and goes out: 510, the game ends; Bob holds 5♣: −5.
    cli("new", "rummy500", "Ann", "Bob", "--carry", "Ann=480")
    hand = cli.record("Ann: QS QD QC -", "Bob: -5C")
    assert hand["totals"] == {"Ann": 510, "Bob": -5}
    assert hand["finished"] is True and hand["winners"] == ["Ann"]


def test_carousel_carry_near_the_target_ends_after_the_round_that_reaches_it(cli):
    # a carried total that already reaches the target is refused (the game would be over, SPEC §5)
    assert cli("new", "carousel", "Ann", "Bob", "--carry", "Ann=150").exit_code == 2
    # Ann carries 145: nothing is over before a round is played.
    cli.json("new", "carousel", "Ann", "Bob", "--carry", "Ann=145")
    assert cli.standings()["finished"] is False
    # Round 1: Ann knocks with 2♣ (2), Bob holds 9♦ (9): Ann 9 − 2 = 7, 152 ≥ 150: +100 = 252;
    # Bob won no round: no bonus, 0.
    hand = cli.record("Ann: -2C knock", "Bob: -9D")
    assert hand["finished"] is True and hand["totals"] == {"Ann": 252, "Bob": 0}


def test_stats_count_no_hand_for_carried_points(cli):
    cli("new", "rummy500", "Ann", "Bob", "--carry", "Ann=120", "--carry", "Bob=-15")
    cli.record("Ann: 7H 8H 9H -", "Bob: -5C")  # Ann +24, Bob −5
    rows = {r["name"]: r for r in cli.json("stats", "--variant", "rummy500")["players"]}
    assert rows["Ann"]["hands"] == 1 and rows["Ann"]["average"] == 24.0
    assert rows["Bob"]["hands"] == 1 and rows["Bob"]["average"] == -5.0


def test_carried_points_are_stored_and_survive_export_and_import(cli, tmp_path):
    sid = cli.json("new", "crazy", "Ann", "Bob", "Cy", "--carry", "Cy=40")["session"]
    # round 1, aces wild: Ann out 0; Bob 7♥ 7; Cy K♠ 10 → 40 + 10 = 50
    cli.record("Ann: -", "Bob: -7H", "Cy: -KS")
    record = json.loads(next((tmp_path / "db").rglob(f"{sid}.json")).read_text())
    stored = next(iter(record["session"].values()))
    assert stored["carried"] == {"Cy": 40}
    out = tmp_path / "x.json"
    assert cli("export", "-o", str(out)).exit_code == 0
    other = tmp_path / "other"
    assert cli("--db", other, "import", str(out)).exit_code == 0
    doc = cli.json("--db", other, "standings", "--session", sid)
    assert {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 0, "Bob": 7, "Cy": 50}
    assert "carried over" in cli("--db", other, "export", "--session", sid, "--format", "md").stdout


def test_an_old_session_without_carried_points_keeps_working(cli):
    sid = cli.new("rummy500", "Ann", "Bob")["session"]
    cli.record("Ann: 7H 8H 9H -", "Bob: -5C")
    assert "carried" not in cli.history()
    assert cli.totals(sid) == {"Ann": 24, "Bob": -5}


@pytest.mark.parametrize("carry,message", [
    ("Zed=10", '--carry: "Zed" is not one of the players (Ann and Bob).'),
    ("An=10", '--carry: "An" is not one of the players (did you mean "Ann"?).'),
    ("Ann=ten", '--carry: "ten" is not a whole number of points for Ann (for example Ann=120).'),
    ("Ann=1.5", '--carry: "1.5" is not a whole number of points for Ann (for example Ann=120).'),
    ("Ann", '--carry "Ann" is not NAME=POINTS (for example --carry Ann=120).'),
])
def test_a_bad_carry_is_one_sentence_and_exit_2(cli, carry, message):
    r = cli("new", "rummy500", "Ann", "Bob", "--carry", carry)
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip() == message
    assert cli.json("sessions")["sessions"] == []


def test_the_core_reads_carries_by_name_regardless_of_case():
    assert parse_carry(["ann=120", "BOB=-5", "Cy=+7"], ["Ann", "Bob", "Cy"]) == {"Ann": 120, "Bob": -5, "Cy": 7}
    with pytest.raises(InputError) as e:
        parse_carry(["Ann=1", "ANN=2"], ["Ann", "Bob"])
    assert e.value.code == "carry.twice"
    setup = new_setup(get_variant("carousel"), ["Ann", "Bob"], (), None, ["Bob=40"])
    assert setup.start_totals() == {"Ann": 0, "Bob": 40}
    assert replay(setup, []).totals == {"Ann": 0, "Bob": 40}


def test_the_storage_schema_checks_carried_points():
    from scorekeeper.storage.schema import find_problem

    record = {"id": "abc", "variant": "rummy500", "players": ["Ann", "Bob"], "title": None, "dealer": "Ann",
              "created": "2026-12-01T09:00:00+00:00", "hands": [], "undone": [], "audit": [],
              "rules": dict(new_setup(get_variant("rummy500"), ["Ann", "Bob"]).rules)}
    record["rules"] = json.loads(json.dumps(record["rules"]))
    assert find_problem(record) is None                              # old sessions: no "carried"
    assert find_problem({**record, "carried": {"Ann": 120}}) is None
    assert find_problem({**record, "carried": {"Zed": 1}}) == ("carried", {"name": "Zed"})
    assert find_problem({**record, "carried": {"Ann": "120"}}) == ("type", {"key": "carried"})
    assert find_problem({**record, "carried": {"Ann": True}}) == ("type", {"key": "carried"})


def test_carried_points_count_toward_gins_target(cli):
    cli("new", "gin", "Ann", "Bob", "--carry", "Ann=90")
    # Ann knocks with 5 (5♦); Bob keeps 19 after laying off 10♥ J♥ and 5♣: Ann scores 19 − 5 = 14,
    # so 90 + 14 = 104 reaches the target of 100. End bonuses (modern): game 100, one box 25,
    # shutout 100 (Bob won no hand): 104 + 100 + 25 + 100 = 329; Bob 0.
    hand = cli.record("Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH")
    assert hand["scores"] == {"Ann": 14, "Bob": 0}
    assert hand["finished"] is True and hand["winners"] == ["Ann"]
    assert cli.totals() == {"Ann": 329, "Bob": 0}
