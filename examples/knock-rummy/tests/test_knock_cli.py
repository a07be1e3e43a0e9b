"""Knock Rummy played through scorekeeper's real command line, as people play it: each command
run by the fixture ``scorekeeper_cli`` (scorekeeper.testing, named in conftest.py) in a
throw-away database. The variant is found as people find it,
through its entry point, so the plugin must be installed: ``pip install -e .`` in this folder.
Each expected score is worked out by hand from the rule book (the working is in the comment)."""
from __future__ import annotations

from importlib.metadata import entry_points

import pytest

pytestmark = pytest.mark.skipif("knock" not in {ep.name for ep in entry_points(group="scorekeeper.variants")},
                                reason="the plugin is not installed: run pip install -e . in its folder")


def test_a_game_in_the_one_line_form_and_a_hand_file(scorekeeper_cli):
    scorekeeper_cli("new", "knock", "Ann", "Bob", "Cy")
    # Ann 3♣ A♦ = 4 and knocks; Bob K♠ 7♥ 2♣ = 19; Cy 9 on paper: Ann (19 − 4) + (9 − 4) = 20
    hand = scorekeeper_cli.json("hand", "Ann: -3C AD knock", "Bob: -KS 7H 2C", "Cy: -9")
    assert hand["scores"] == {"Ann": 20, "Bob": 0, "Cy": 0}
    # Bob knocks with 8♦ (8); Ann melds 4♥ 5♥ 6♥ and holds 2♠ (2); Cy 10♣ J♣ (20): Ann is lowest
    # and Bob knocked without the lowest count: (8 − 2) + (20 − 2) + 10 = 34, Ann's total 54
    hand = scorekeeper_cli.json("hand", "--file", "-", input={"knock": "Bob", "players": {
        "Ann": {"melds": ["4H 5H 6H"], "hand": "2S"}, "Bob": {"hand": "8D"}, "Cy": {"hand": "10C JC"}}})
    assert hand["scores"] == {"Ann": 34, "Bob": 0, "Cy": 0}
    assert {p["name"]: p["total"] for p in scorekeeper_cli.json("standings")["players"]} == {
        "Ann": 54, "Bob": 0, "Cy": 0}
    # explain says it in the variant's own sentences, and in the Ukrainian of its own catalog
    assert "Bob knocked without the lowest count and pays 10 more" in scorekeeper_cli("explain", 2).stdout
    assert "Bob постукав не з найменшим рахунком і платить ще 10" in scorekeeper_cli("--lang", "uk", "explain",
                                                                                     2).stdout


def test_a_hand_nobody_knocked_in_is_refused_and_nothing_is_stored(scorekeeper_cli):
    scorekeeper_cli("new", "knock", "Ann", "Bob")
    refused = scorekeeper_cli("hand", "Ann: -4", "Bob: -5", code=2)
    assert "say who knocked" in refused.stderr
    assert scorekeeper_cli.json("standings")["hands"] == 0


def test_the_game_ends_after_the_hand_a_total_reaches_the_target(scorekeeper_cli):
    scorekeeper_cli("new", "knock", "Ann", "Bob", "--rule", "target=30")
    # Ann melds everything and knocks (rum, count 0); Bob holds 10: Ann 10 + 25 = 35 ≥ 30
    scorekeeper_cli("hand", "Ann: 7S 8S 9S - knock", "Bob: -10")
    standings = scorekeeper_cli.json("standings")
    assert standings["finished"] and standings["winners"] == ["Ann"]


def test_check_knows_the_ace_is_low(scorekeeper_cli):
    assert "legal" in scorekeeper_cli("check", "knock", "AS 2S 3S").stdout
    refused = scorekeeper_cli("check", "knock", "QS KS AS", code=1)
    assert "the ace is always low in Knock Rummy" in refused.stdout
