"""Edit, undo, redo and the audit trail (SPEC §5 `edit`, `undo`/`redo`, `history --audit`; §6).

Scores here are mostly points-only (table − hand, SPEC §2.3, I-6) so the
arithmetic is plain; it is written beside each figure.
"""
from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest

from scorekeeper.app import audit
from scorekeeper.app.games import open_game
from scorekeeper.core.game import GameSoFar, new_setup, score_entry
from scorekeeper.core.oneline import parse_line_entries
from scorekeeper.core.variants import get_variant

DEMO = Path(__file__).resolve().parents[1] / "scorekeeper" / "data" / "demo_rummy500.json"
TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def ok(result):
    assert result.exit_code == 0, result.stderr
    return result


def js(cli, *args: str) -> dict:
    return json.loads(ok(cli(*args, "--json")).stdout)


def three_hands(cli) -> None:
    """Ann and Bob, Rummy 500:
    hand 1: Ann 7♥ 8♥ 9♥ (24) holding 4♦ (4): 24 − 4 = 20; Bob went out: 0
    hand 2: Ann 50 − 10 = 40; Bob 30 − 5 = 25
    hand 3: Ann 10 − 20 = −10; Bob 60 − 0 = 60
    totals: Ann 20 + 40 − 10 = 50; Bob 0 + 25 + 60 = 85."""
    ok(cli("new", "rummy500", "Ann", "Bob"))
    ok(cli("hand", "Ann: 7H 8H 9H -4D", "Bob: -"))
    ok(cli("hand", "Ann: 50 -10", "Bob: 30 -5"))
    ok(cli("hand", "Ann: 10 -20", "Bob: 60 -0"))



# --- undo and redo -----------------------------------------------------------------------------


def test_undo_then_redo_restores_the_history_exactly(cli):
    three_hands(cli)
    before_history, before_standings = js(cli, "history"), js(cli, "standings")
    ok(cli("undo", "--yes"))
    after_undo = js(cli, "history")
    assert [h["number"] for h in after_undo["hands"]] == [1, 2]
    # without hand 3: Ann 20 + 40 = 60, Bob 0 + 25 = 25
    assert cli.totals() == {"Ann": 60, "Bob": 25}
    ok(cli("redo"))
    assert js(cli, "history") == before_history
    assert js(cli, "standings") == before_standings


def test_undo_twice_redo_twice(cli):
    three_hands(cli)
    before = js(cli, "history")
    ok(cli("undo", "--yes"))
    ok(cli("undo", "--yes"))
    assert cli.totals() == {"Ann": 20, "Bob": 0}
    ok(cli("redo"))
    ok(cli("redo"))
    assert js(cli, "history") == before
    r = cli("redo")
    assert r.exit_code == 2 and "nothing to redo" in r.stderr


def test_a_new_hand_clears_what_could_be_redone(cli):
    three_hands(cli)
    ok(cli("undo", "--yes"))
    ok(cli("hand", "Ann: 5 -0", "Bob: 0 -5"))
    r = cli("redo")
    assert r.exit_code == 2 and "nothing to redo" in r.stderr
    # hand 3 is now Ann 5 − 0 = 5, Bob 0 − 5 = −5: Ann 65, Bob 20
    assert cli.totals() == {"Ann": 65, "Bob": 20}


def test_nothing_to_undo(cli):
    ok(cli("new", "rummy500", "Ann", "Bob"))
    r = cli("undo", "--yes")
    assert r.exit_code == 2 and "no hand to undo" in r.stderr


# --- edit -----------------------------------------------------------------------------------------


def test_edit_rescores_the_standings(cli):
    three_hands(cli)
    assert cli.totals() == {"Ann": 50, "Bob": 85}
    doc = js(cli, "edit", "2", "Ann: 70 -10", "Bob: 30 -5")
    # hand 2 is now Ann 70 − 10 = 60: Ann 20 + 60 − 10 = 70; Bob unchanged 85
    assert doc["number"] == 2 and doc["scores"] == {"Ann": 60, "Bob": 25}
    assert cli.totals() == {"Ann": 70, "Bob": 85}
    hist = js(cli, "history")
    # running totals after each hand: Ann 20, 80, 70; Bob 0, 25, 85
    assert [h["totals"]["Ann"] for h in hist["hands"]] == [20, 80, 70]
    assert [h["totals"]["Bob"] for h in hist["hands"]] == [0, 25, 85]


def test_edit_of_a_card_level_hand(cli):
    three_hands(cli)
    # hand 1 again, Ann without the 4♦: 7 + 8 + 9 = 24; Ann 24 + 40 − 10 = 54
    ok(cli("edit", "1", "Ann: 7H 8H 9H -", "Bob: 0 -3"))
    # Bob now counted on paper: 0 − 3 = −3; Bob −3 + 25 + 60 = 82
    assert cli.totals() == {"Ann": 54, "Bob": 82}


def test_edit_refusals_store_nothing(cli, tmp_path):
    three_hands(cli)
    before = js(cli, "history")
    r = cli("edit", "4", "Ann: 1 -0", "Bob: 1 -1")
    assert r.exit_code == 2 and "no hand 4" in r.stderr
    r = cli("edit", "2", "Ann: 7H 8H -0", "Bob: 1 -1")
    assert r.exit_code == 2 and "Ann" in r.stderr
    r = cli("edit", "2", "Anne: 1 -0", "Bob: 1 -1")
    assert r.exit_code == 2 and 'did you mean "Ann"' in r.stderr
    assert js(cli, "history") == before
    assert [e["action"] for e in js(cli, "history", "--audit")["events"]] == ["entered"] * 3


def game_to_100(cli) -> None:
    """Target 100. hand 1: Ann 60 − 0 = 60, Bob 10 − 0 = 10; hand 2: Ann 20, Bob 10: Ann 80, Bob 20."""
    ok(cli("new", "rummy500", "Ann", "Bob", "--rule", "target=100"))
    ok(cli("hand", "Ann: 60 -0", "Bob: 11 -1"))
    ok(cli("hand", "Ann: 20 -0", "Bob: 11 -1"))


def test_an_edit_that_would_end_the_game_before_later_hands_is_refused(cli):
    game_to_100(cli)
    before = js(cli, "history")
    # hand 1 at Ann 110 − 0 = 110 ≥ 100 would end the game at hand 1, before hand 2
    r = cli("edit", "1", "Ann: 110 -0", "Bob: 11 -1")
    assert r.exit_code == 2
    assert "would end at hand 1" in r.stderr
    assert js(cli, "history") == before


def test_an_edit_can_finish_and_unfinish_the_game(cli):
    game_to_100(cli)
    assert js(cli, "standings")["finished"] is False
    # hand 2 at Ann 45: 60 + 45 = 105 ≥ 100, Bob 20: Ann wins
    ok(cli("edit", "2", "Ann: 45 -0", "Bob: 11 -1"))
    st = js(cli, "standings")
    assert st["finished"] is True and st["winners"] == ["Ann"] and st["dealer"] is None
    r = cli("hand", "Ann: 1 -0", "Bob: 2 -1")
    assert r.exit_code == 2 and "finished" in r.stderr
    # back to Ann 20: 80 < 100, the game goes on and takes a third hand (Ann 5: 85, Bob 5: 25)
    ok(cli("edit", "2", "Ann: 20 -0", "Bob: 11 -1"))
    assert js(cli, "standings")["finished"] is False
    ok(cli("hand", "Ann: 5 -0", "Bob: 6 -1"))
    assert cli.totals() == {"Ann": 85, "Bob": 25}
    events = js(cli, "history", "--audit")["events"]
    assert [e["finished_after"] for e in events] == [False, False, True, False, False]
    assert events[2]["winners_after"] == ["Ann"]


# --- the audit trail -----------------------------------------------------------------------------


def test_audit_json_shows_the_edit_and_the_undo(cli):
    three_hands(cli)
    ok(cli("edit", "2", "Ann: 70 -10", "Bob: 30 -5"))
    ok(cli("undo", "--yes"))   # the last change: the edit of hand 2
    ok(cli("undo", "--yes"))   # then hand 3
    ok(cli("redo"))            # hand 3 again
    ok(cli("redo"))            # the edit again
    doc = js(cli, "history", "--audit")
    assert doc["kept"] is True and doc["consistent"] is True
    events = doc["events"]
    assert [(e["action"], e["number"], e["undo"]) for e in events] == [
        ("entered", 1, None), ("entered", 2, None), ("entered", 3, None), ("edited", 2, None),
        ("edited", 2, "undone"), ("undone", 3, None), ("redone", 3, None), ("edited", 2, "redone")]
    for e in events:
        datetime.fromisoformat(e["time"])
    edit = events[3]
    assert edit["previous"]["players"]["Ann"] == {"table": 50, "hand": 10}
    assert edit["entry"]["players"]["Ann"] == {"table": 70, "hand": 10}
    assert edit["previous_lines"]["Ann"] == "50 -10" and edit["lines"]["Ann"] == "70 -10"
    # Ann 40 → 60 (+20), Bob 25 → 25 (0); totals Ann 50 → 70, Bob 85 → 85
    assert edit["previous_scores"] == {"Ann": 40, "Bob": 25} and edit["scores"] == {"Ann": 60, "Bob": 25}
    assert edit["change"] == {"Ann": 20, "Bob": 0}
    assert edit["totals_before"] == {"Ann": 50, "Bob": 85} and edit["totals_after"] == {"Ann": 70, "Bob": 85}
    back = events[4]
    # the edit taken back: hand 2 is Ann 50 − 10 = 40 again (−20), totals Ann 70 → 50
    assert back["lines"]["Ann"] == "50 -10" and back["change"] == {"Ann": -20, "Bob": 0}
    assert back["totals_after"] == {"Ann": 50, "Bob": 85}
    undo = events[5]
    # hand 3 (Ann −10, Bob 60) taken back: totals Ann 50 + 10 = 60, Bob 85 − 60 = 25
    assert undo["entry"] is None and undo["previous_scores"] == {"Ann": -10, "Bob": 60}
    assert undo["change"] == {"Ann": 10, "Bob": -60}
    assert undo["totals_after"] == {"Ann": 60, "Bob": 25} and undo["hands_after"] == 2
    assert events[7]["totals_after"] == {"Ann": 70, "Bob": 85}   # all back, with the edit
    hands = {h["number"]: h for h in doc["hands"]}
    assert [v["action"] for v in hands[2]["versions"]] == ["entered", "edited", "edited", "edited"]
    assert [v["current"] for v in hands[2]["versions"]] == [False, False, False, True]
    assert [v["action"] for v in hands[3]["versions"]] == ["entered", "undone", "redone"]
    assert [v["current"] for v in hands[3]["versions"]] == [False, False, True]
    assert all(h["in_effect"] for h in doc["hands"])


def test_history_audit_text_shows_times_and_changes(cli):
    three_hands(cli)
    ok(cli("edit", "2", "Ann: 70 -10", "Bob: 30 -5"))
    ok(cli("undo", "--yes"))   # the edit
    ok(cli("undo", "--yes"))   # hand 3
    out = ok(cli("history", "--audit")).stdout
    for word in ("Audit", "Hand 1", "Hand 2", "Hand 3", "entered", "edited", "undone", "was: 50 -10",
                 "Ann: 70 -10", "Ann +40 → +60 (+20)", "edit undone", "Ann +60 → +40 (-20)", "taken back",
                 "in effect"):
        assert word in out, word
    assert len(TIME.findall(out)) == 6
    assert "(taken back, not in effect)" in out


def test_a_hand_undone_then_entered_anew_keeps_both_versions(cli):
    three_hands(cli)
    ok(cli("undo", "--yes"))
    ok(cli("hand", "Ann: 5 -0", "Bob: 0 -5"))
    doc = js(cli, "history", "--audit")
    versions = next(h for h in doc["hands"] if h["number"] == 3)["versions"]
    assert [v["action"] for v in versions] == ["entered", "undone", "entered"]
    assert versions[0]["lines"] == {"Ann": "10 -20", "Bob": "60 -0"}
    assert versions[2]["lines"] == {"Ann": "5 -0", "Bob": "0 -5"} and versions[2]["current"] is True
    assert doc["consistent"] is True


def test_audit_of_a_session_without_hands(cli):
    ok(cli("new", "rummy500", "Ann", "Bob"))
    doc = js(cli, "history", "--audit")
    assert doc["events"] == [] and doc["hands"] == []
    assert "No hands yet" in ok(cli("history", "--audit")).stdout


def test_a_session_without_a_trail_lists_its_hands(application):
    application.new("rummy500", ["Ann", "Bob"])
    application.record_hand({"players": {"Ann": {"table": 30, "hand": 5}, "Bob": {"hand": ""}}})
    loaded = open_game(application.store, None)
    loaded.record.pop("audit")
    doc = audit.audit_json(loaded)
    assert doc["kept"] is False and doc["consistent"] is True
    # Ann 30 − 5 = 25; Bob went out with nothing: 0
    assert [(e["action"], e["scores"]) for e in doc["events"]] == [("entered", {"Ann": 25, "Bob": 0})]


# --- the one-line form shown in the audit --------------------------------------------------------------


def test_entry_lines():
    spec = {"players": {
        "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
        "Bob": {"melds": [], "hand": ""},
        "Cy": {"table": 80, "hand": 85}}}
    assert audit.entry_lines(spec) == {"Ann": "7H 8H 9H, QS QD QC +10H -AS 4D", "Bob": "-", "Cy": "80 -85"}
    knock = {"players": {"Ann": {"hand": "3C AD"}, "Bob": {"hand": ["KS", "7H", "2C"]}, "Cy": {"hand": 9}},
             "knock": "Ann"}
    assert audit.entry_lines(knock) == {"Ann": "-3C AD knock", "Bob": "-KS 7H 2C", "Cy": "-9"}
    stock = {"players": {"Ann": {"melds": "7H 8H 9H; 2C 2D 2S", "hand": "5D"}}, "stock_exhausted": True}
    assert audit.entry_lines(stock) == {"Ann": "7H 8H 9H, 2C 2D 2S -5D", "": "stock"}


def test_entry_lines_read_back_to_the_same_scores():
    """Every hand of the demo game, turned into the one-line form and read back, scores the same."""
    game = json.loads(DEMO.read_text(encoding="utf-8"))
    setup = new_setup(get_variant(game["variant"]), game["players"])
    for number, hand in enumerate(game["hands"], 1):
        lines = audit.entry_lines(hand)
        args = [f"{p}: {text}" if p else text for p, text in lines.items()]
        again = parse_line_entries(args, setup.players, setup.variant.endings.knock)
        assert score_entry(GameSoFar.at(setup, number), again).scores == score_entry(GameSoFar.at(setup, number), hand).scores


@pytest.mark.parametrize("n", [13])
def test_audit_of_the_demo_game(cli, application, n):
    game = json.loads(DEMO.read_text(encoding="utf-8"))
    application.new(game["variant"], game["players"])
    for hand in game["hands"][:n]:
        application.record_hand(hand)
    doc = js(cli, "history", "--audit")
    assert len(doc["events"]) == n and doc["events"][-1]["finished_after"] is True
    # the demo's hand-worked totals: Ann 492, Bob 500, Cy 307
    assert doc["events"][-1]["totals_after"] == {"Ann": 492, "Bob": 500, "Cy": 307}
    assert ok(cli("history", "--audit")).stdout.count("entered") == n


def test_a_refused_edit_names_the_hand_where_the_game_would_end(cli):
    ok(cli("new", "500", "Ann", "Bob"))
    for _ in range(4):  # Ann 100 a hand: 100, 200, 300, 400; Bob 5 − 5 = 0
        ok(cli("hand", "Ann: 100 -0", "Bob: 5 -5"))
    # hand 1 at 350: Ann 350, 450, 550 ≥ 500 at hand 3 — the game would end there, before hand 4
    r = cli("edit", "1", "Ann: 350 -0", "Bob: 5 -5")
    assert r.exit_code == 2
    assert "would end at hand 3" in r.stderr
