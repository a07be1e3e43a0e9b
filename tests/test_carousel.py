"""Manipulation rummy (Carousel), SPEC §2.1, §2.2, §2.4, I-1, I-2, I-4, I-6, I-7.

Every expected figure below was worked out by hand from the rules; the
arithmetic is in the comment beside it. Card values in hand: joker 25, ace 1,
K Q J 10, 2-10 face value.
"""
from __future__ import annotations

import json
import os
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import load_games
from scorekeeper.core.errors import InputError
from scorekeeper.core.game import new_setup, replay
from scorekeeper.core.variants import get_variant
from scorekeeper.core.variants.carousel import CAROUSEL, card_value, round_winners



# --- helpers -----------------------------------------------------------------------------

def start(cli, players, *rules, variant="carousel"):
    """Start a session through the CLI; returns its id."""
    args = ["new", variant, *players]
    for r in rules:
        args += ["--rule", r]
    result = cli(*args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["session"]


def hand_file(cli, tmp_path, entry, i=0):
    """Record one hand through `hand --file PATH`; returns the CliRunner result."""
    f = tmp_path / f"hand{i}.json"
    f.write_text(json.dumps(entry, ensure_ascii=False), encoding="utf-8")
    return cli("hand", "--file", str(f))


def totals_of(doc):
    return {p["name"]: p["total"] for p in doc["players"]}


def play(cli, tmp_path, players, hands, *rules):
    start(cli, players, *rules)
    for i, h in enumerate(hands):
        cli.record(h)
    return cli.standings(), cli.history()


def rejected(cli, tmp_path, entry, *words):
    """The entry exits 2 with one sentence naming ``words``, prints nothing on stdout, stores nothing."""
    before = cli.history()
    result = hand_file(cli, tmp_path, entry, 99)
    assert result.exit_code == 2, result.stdout
    assert result.stdout == ""
    message = result.stderr.strip()
    assert "\n" not in message and "Traceback" not in message
    for w in words:
        assert w in message, message
    assert cli.history() == before
    return message


def score_core(players, hands, *rules):
    """Replay hands straight through the core (for the explanation lines)."""
    return replay(new_setup(CAROUSEL, players, list(rules)), hands)


def H(knock=None, out=None, stock=False, **hands):
    """A hand entry: H(knock="Ann", Ann="3C AD", Bob=19)."""
    entry = {"players": {p: (h if isinstance(h, dict) else {"hand": h}) for p, h in hands.items()}}
    if knock:
        entry["knock"] = knock
    if out:
        entry["out"] = out
    if stock:
        entry["stock_exhausted"] = True
    return entry


# --- the worked examples, through the CLI -------------------------------------------------

def _cases(name, kind):
    data = load_games(name)
    return [pytest.param(c, id=c["id"]) for c in data[kind]]


GAMES = _cases("shared_carousel.json", "games") + _cases("carousel_cases.json", "games")
REJECTS = _cases("shared_carousel.json", "rejects") + _cases("carousel_cases.json", "rejects")


@pytest.mark.parametrize("case", GAMES)
def test_worked_game(cli, tmp_path, case):
    doc, hist = play(cli, tmp_path, case["players"], case["hands"], *case["rules"])
    expect = case["expect"]
    assert [h["scores"] for h in hist["hands"]] == expect["scores"]
    assert totals_of(doc) == expect["totals"]
    assert doc["finished"] == expect["finished"]
    assert doc["winners"] == expect["winners"]
    assert doc["variant"] == "carousel"


@pytest.mark.parametrize("case", REJECTS)
def test_worked_reject(cli, tmp_path, case):
    start(cli, case["players"])
    rejected(cli, tmp_path, case["reject"])
    assert cli.history()["hands"] == []


# --- card values and the round's winners ----------------------------------------------------

@pytest.mark.parametrize("text, points", [("JK", 25), ("AS", 1), ("KH", 10), ("QD", 10), ("JC", 10),
                                          ("10S", 10), ("7H", 7), ("2C", 2)])
def test_card_values_in_hand(text, points):
    from scorekeeper.core.cards import parse_card

    assert card_value(parse_card(text))[0] == points


@pytest.mark.parametrize("counts, knock, winners", [
    ({"A": 3, "B": 5, "C": 9}, "A", ["A"]),            # knocker alone lowest
    ({"A": 3, "B": 3, "C": 9}, "A", ["B"]),            # knocker tied with one: the other wins
    ({"A": 3, "B": 3, "C": 3}, "A", ["B", "C"]),       # knocker tied with two: both others win
    ({"A": 5, "B": 3, "C": 3}, "A", ["B", "C"]),       # knocker not lowest: everyone lowest
    ({"A": 5, "B": 2, "C": 3}, "A", ["B"]),            # undercut by one
    ({"A": 4, "B": 4, "C": 9}, None, ["A", "B"]),      # nobody knocked, shared lowest (I-4)
    ({"A": 0, "B": 4, "C": 9}, None, ["A"]),           # went out
])
def test_round_winners(counts, knock, winners):
    assert round_winners(counts, knock)[0] == winners


# --- each rule of §2.4, hand-worked, through the CLI -------------------------------------------

def test_knocker_tied_with_one_player_4p(cli, tmp_path):
    # h: Ann 2, Bob 1+1 = 2, Cy 10, Dee 25. Ann knocked and ties Bob: W = {Bob}.
    # Bob: (2-2) + (10-2) + (25-2) = 0 + 8 + 23 = 31, + undercut 10 = 41; the others 0.
    doc, hist = play(cli, tmp_path, ["Ann", "Bob", "Cy", "Dee"],
                     [H(knock="Ann", Ann="2C", Bob="AD AH", Cy="KD", Dee="JK")])
    assert hist["hands"][0]["scores"] == {"Ann": 0, "Bob": 41, "Cy": 0, "Dee": 0}
    assert hist["hands"][0]["won"] == ["Bob"]
    assert {p["name"]: p["won"] for p in doc["players"]} == {"Ann": 0, "Bob": 1, "Cy": 0, "Dee": 0}


def test_knocker_tied_with_two_players_5p(cli, tmp_path):
    # h: Ann 1+2 = 3, Bob 3, Cy 2+1 = 3, Dee 9, Eve 10+10 = 20. Ann knocked, tied by Bob and Cy: W = {Bob, Cy}.
    # Bob: (3-3) + (3-3) + (9-3) + (20-3) = 0 + 0 + 6 + 17 = 23, + 10 = 33; Cy likewise 33.
    doc, hist = play(cli, tmp_path, ["Ann", "Bob", "Cy", "Dee", "Eve"],
                     [H(knock="Ann", Ann="AC 2C", Bob="3D", Cy="2H AD", Dee="9S", Eve="QH JH")])
    assert hist["hands"][0]["scores"] == {"Ann": 0, "Bob": 33, "Cy": 33, "Dee": 0, "Eve": 0}
    assert hist["hands"][0]["won"] == ["Bob", "Cy"]
    assert hist["hands"][0]["ended"] == "knock"


def test_undercut_in_a_three_player_round(cli, tmp_path):
    # h: Ann 4 (knocked), Bob 2, Cy 10+8 = 18. Bob undercuts: (4-2) + (18-2) = 2 + 16 = 18, + 10 = 28.
    doc, hist = play(cli, tmp_path, ["Ann", "Bob", "Cy"], [H(knock="Ann", Ann="4S", Bob="2S", Cy="10C 8C")])
    assert hist["hands"][0]["scores"] == {"Ann": 0, "Bob": 28, "Cy": 0}
    assert totals_of(doc) == {"Ann": 0, "Bob": 28, "Cy": 0}


def test_going_out_with_melds_on_the_table(cli, tmp_path):
    # Ann put down JK 5H 6H and went out; h: Ann 0, Bob 10, Cy 3+3 = 6, Dee 1.
    # Ann: (10-0) + (6-0) + (1-0) = 17, + going out 25 = 42.
    hand = H(out="Ann", Ann={"melds": "JK 5H 6H", "hand": ""}, Bob="KS", Cy="3C 3D", Dee="AS")
    doc, hist = play(cli, tmp_path, ["Ann", "Bob", "Cy", "Dee"], [hand])
    assert hist["hands"][0]["scores"] == {"Ann": 42, "Bob": 0, "Cy": 0, "Dee": 0}
    assert hist["hands"][0]["ended"] == "out"
    assert hist["hands"][0]["won"] == ["Ann"]


def test_stock_exhausted_with_a_tie_4p(cli, tmp_path):
    # h: Ann 6, Bob 10, Cy 4+2 = 6, Dee 25; nobody knocked, W = {Ann, Cy}, no undercut (I-4).
    # Ann: (10-6) + (6-6) + (25-6) = 4 + 0 + 19 = 23; Cy the same 23.
    doc, hist = play(cli, tmp_path, ["Ann", "Bob", "Cy", "Dee"],
                     [H(stock=True, Ann="6C", Bob="KC", Cy="4H 2H", Dee="JK")])
    assert hist["hands"][0]["scores"] == {"Ann": 23, "Bob": 0, "Cy": 23, "Dee": 0}
    assert hist["hands"][0]["ended"] == "stock"


def test_stock_tie_with_two_players_scores_nothing_but_counts_as_won(cli, tmp_path):
    # h: Ann 5, Bob 2+3 = 5: both win, (5-5) = 0 each; each has won one round.
    doc, hist = play(cli, tmp_path, ["Ann", "Bob"], [H(stock=True, Ann="5C", Bob="2D 3D")])
    assert hist["hands"][0]["scores"] == {"Ann": 0, "Bob": 0}
    assert {p["name"]: p["won"] for p in doc["players"]} == {"Ann": 1, "Bob": 1}


# A two-player game that Bob finishes by undercutting Ann's knock.
CROSSING = [
    # R1 Bob knocks: Ann 10+10+10+10+9+8 = 57, Bob 1: Bob 57-1 = 56.          Totals Ann 0, Bob 56
    H(knock="Bob", Ann="KS QS JS 10S 9S 8S", Bob="AC"),
    # R2 Bob knocks: Ann 25+10+10+10+10 = 65, Bob 2: Bob 65-2 = 63.           Totals Ann 0, Bob 119
    H(knock="Bob", Ann="JK KH QH JH 10H", Bob="2C"),
    # R3 Ann knocks: Ann 3, Bob 10: Ann 10-3 = 7.                              Totals Ann 7, Bob 119
    H(knock="Ann", Ann="3C", Bob="KD"),
    # R4 Bob knocks: Ann 10+10+7 = 27, Bob 1: Bob 27-1 = 26.                   Totals Ann 7, Bob 145
    H(knock="Bob", Ann="QD JD 7C", Bob="AH"),
    # R5 Ann knocks with 5, Bob holds 2+2 = 4: undercut, Bob (5-4) + 10 = 11.  Totals Ann 7, Bob 156
    H(knock="Ann", Ann="5D", Bob="2S 2H"),
]


@pytest.mark.parametrize("setting, bonus, final", [
    # others: Bob reached 150: +100 -> 256; Ann below, won R3: +25 -> 32.
    ("others", {"Ann": 25, "Bob": 100}, {"Ann": 32, "Bob": 256}),
    # all: Bob +100 and 25 x 4 rounds won (R1, R2, R4, R5) = +200 -> 356; Ann 25 x 1 -> 32.
    ("all", {"Ann": 25, "Bob": 200}, {"Ann": 32, "Bob": 356}),
    # none: only Bob's 100 -> 256; Ann stays at 7.
    ("none", {"Ann": 0, "Bob": 100}, {"Ann": 7, "Bob": 256}),
])
def test_game_crossing_150_through_an_undercut(cli, tmp_path, setting, bonus, final):
    doc, hist = play(cli, tmp_path, ["Ann", "Bob"], CROSSING, f"round_bonus={setting}")
    assert [h["scores"] for h in hist["hands"]] == [
        {"Ann": 0, "Bob": 56}, {"Ann": 0, "Bob": 63}, {"Ann": 7, "Bob": 0}, {"Ann": 0, "Bob": 26},
        {"Ann": 0, "Bob": 11}]
    # history shows round scores only, never the end bonuses
    assert hist["hands"][-1]["totals"] == {"Ann": 7, "Bob": 156}
    assert doc["finished"] is True and doc["winners"] == ["Bob"]
    assert totals_of(doc) == final
    assert {p["name"]: p["bonus"] for p in doc["players"]} == bonus
    assert {p["name"]: p["won"] for p in doc["players"]} == {"Ann": 1, "Bob": 4}
    assert doc["dealer"] is None and doc["leader"] is None


def test_the_100_goes_to_the_player_at_150_not_the_knocker():
    state = score_core(["Ann", "Bob"], CROSSING)
    # Ann knocked the last round but stayed at 7: her bonus is the 25 for round 3 only.
    assert state.ending.bonus == {"Ann": 25, "Bob": 100}
    reasons = state.ending.bonus_reasons
    assert set(reasons) == {"Ann", "Bob"}
    assert "Bob reached 150 (156): +100" in reasons["Bob"] and "final total 256" in reasons["Bob"]
    assert "Ann stayed below 150 (7) and won 1 round: 25 × 1 = +25" in reasons["Ann"]
    assert "Carousel: the end of the game" in reasons["Ann"] and "I-2" in reasons["Ann"]
    assert "§" not in reasons["Ann"]  # rules are cited by name for people (issue 12)
    assert "Bob reached 150" in state.ending.note


def test_a_finished_game_takes_no_more_rounds_and_undo_reopens_it(cli, tmp_path):
    play(cli, tmp_path, ["Ann", "Bob"], CROSSING)
    result = hand_file(cli, tmp_path, H(knock="Ann", Ann="AS", Bob="KS"), 7)
    assert result.exit_code == 2 and "finished" in result.stderr
    assert cli("undo", "--yes").exit_code == 0
    doc = cli.standings()
    # back at Ann 7, Bob 145 after round 4: not finished, no bonuses banked
    assert doc["finished"] is False
    assert totals_of(doc) == {"Ann": 7, "Bob": 145}
    assert all(p["bonus"] == 0 for p in doc["players"])
    assert doc["dealer"] == "Ann"  # round 5 is dealt by Ann (rounds 1, 3, 5 Ann; 2, 4 Bob)


# Three players, target 30: Ann and Bob reach it together, tied.
TIED = [
    # R1 stock: Ann 2, Bob 2, Cy 10+10 = 20: W = {Ann, Bob}, each (2-2) + (20-2) = 18.   Totals 18, 18, 0
    H(stock=True, Ann="2C", Bob="2D", Cy="KS QS"),
    # R2 stock: Ann 1, Bob 1, Cy 8+7 = 15: each (1-1) + (15-1) = 14.                     Totals 32, 32, 0
    H(stock=True, Ann="AC", Bob="AD", Cy="8S 7S"),
]
R3 = H(knock="Cy", Ann="5H", Bob="9H", Cy="4C")    # Cy alone lowest: (5-4) + (9-4) = 1 + 5 = 6.  32, 32, 6
R4 = H(knock="Ann", Ann="3S", Bob="6D", Cy="7D")   # Ann alone lowest: (6-3) + (7-3) = 3 + 4 = 7.  39, 32, 6


def test_tie_at_the_end_is_played_on_until_it_breaks(cli, tmp_path):
    # After R2 both reach 30: final totals would be Ann 132, Bob 132 (100 each), Cy 0: a tie, play on (I-1).
    doc, _ = play(cli, tmp_path, ["Ann", "Bob", "Cy"], TIED, "target=30")
    assert doc["finished"] is False and doc["winners"] == []
    assert totals_of(doc) == {"Ann": 32, "Bob": 32, "Cy": 0}
    assert all(p["bonus"] == 0 for p in doc["players"])
    assert "tied at 132" in doc["note"] and "another round" in doc["note"]
    assert doc["dealer"] == "Cy"  # round 3: Ann, Bob, Cy deal in turn
    # R3: still tied (Cy's 25 for the round she won is worked out again: 6 + 25 = 31).
    cli.record(R3)
    doc = cli.standings()
    assert doc["finished"] is False and totals_of(doc) == {"Ann": 32, "Bob": 32, "Cy": 6}
    # R4 breaks it: Ann 39 + 100 = 139, Bob 32 + 100 = 132, Cy 6 + 25 (won R3) = 31.
    cli.record(R4)
    doc = cli.standings()
    assert doc["finished"] is True and doc["winners"] == ["Ann"]
    assert totals_of(doc) == {"Ann": 139, "Bob": 132, "Cy": 31}
    assert [p["name"] for p in doc["players"]] == ["Ann", "Bob", "Cy"]


def test_tie_shared_ends_the_game_with_joint_winners(cli, tmp_path):
    doc, _ = play(cli, tmp_path, ["Ann", "Bob", "Cy"], TIED, "target=30", "tie=shared")
    # Ann 32 + 100 = 132, Bob 32 + 100 = 132, Cy 0 (no round won).
    assert doc["finished"] is True and doc["winners"] == ["Ann", "Bob"]
    assert totals_of(doc) == {"Ann": 132, "Bob": 132, "Cy": 0}
    assert [p["rank"] for p in doc["players"]] == [1, 1, 3]
    assert "share the win" in doc["note"]
    assert hand_file(cli, tmp_path, R3, 3).exit_code == 2


# --- knock limit ------------------------------------------------------------------------------

def test_knock_with_exactly_five_is_allowed(cli, tmp_path):
    # Ann 3+2 = 5 knocks, Bob 10+9 = 19: Ann 19-5 = 14.
    _, hist = play(cli, tmp_path, ["Ann", "Bob"], [H(knock="Ann", Ann="3C 2C", Bob="KS 9S")])
    assert hist["hands"][0]["scores"] == {"Ann": 14, "Bob": 0}


def test_knock_over_the_limit_names_the_player_and_the_limit(cli, tmp_path):
    start(cli, ["Ann", "Bob"])
    message = rejected(cli, tmp_path, H(knock="Ann", Ann="4C 2C", Bob="KS"), "Ann", "6", "knock_limit=5")
    assert "4C" in message


def test_knock_limit_option_raises_the_limit(cli, tmp_path):
    # knock_limit=10: Ann knocks with 9+1 = 10, Bob 10+10 = 20: Ann 20-10 = 10.
    _, hist = play(cli, tmp_path, ["Ann", "Bob"], [H(knock="Ann", Ann="9C AC", Bob="KS QS")], "knock_limit=10")
    assert hist["hands"][0]["scores"] == {"Ann": 10, "Bob": 0}


def test_knock_limit_zero(cli, tmp_path):
    start(cli, ["Ann", "Bob"], "knock_limit=0")
    rejected(cli, tmp_path, H(knock="Ann", Ann="AC", Bob="KS"), "Ann", "holding 1 point ", "knock_limit=0")
    # Every card counts at least 1, so a limit of 0 leaves no knock: a points-only 0 means no cards
    # left (I-6, issue 12), which is going out, not a knock.
    rejected(cli, tmp_path, H(knock="Ann", Ann=0, Bob=7), "Ann knocked", "no cards left")
    # Ann went out: (7 − 0) = 7, +25 for going out = 32.
    cli.record(H(out="Ann", Ann=0, Bob=7))
    assert cli.history()["hands"][0]["scores"] == {"Ann": 32, "Bob": 0}


def test_knock_limit_on_a_points_only_knocker(cli, tmp_path):
    start(cli, ["Ann", "Bob", "Cy"])
    rejected(cli, tmp_path, H(knock="Ann", Ann=6, Bob=19, Cy=9), "Ann knocked holding 6 points")


# --- how the round ended ------------------------------------------------------------------------

def test_a_round_that_does_not_say_how_it_ended_is_refused(cli, tmp_path):
    start(cli, ["Ann", "Bob", "Cy"])
    rejected(cli, tmp_path, H(Ann="3C", Bob="KS", Cy="9D"), "how the round ended", "knock", "stock")


def test_stock_with_an_empty_hand_is_refused(cli, tmp_path):
    start(cli, ["Ann", "Bob"])
    rejected(cli, tmp_path, H(stock=True, Ann="", Bob="KS"), "Ann has no cards left")


def test_two_empty_hands_are_refused(cli, tmp_path):
    start(cli, ["Ann", "Bob", "Cy"])
    rejected(cli, tmp_path, H(Ann="", Bob="", Cy="KS"), "Ann and Bob")


def test_out_naming_a_player_with_cards_is_refused(cli, tmp_path):
    start(cli, ["Ann", "Bob"])
    rejected(cli, tmp_path, H(out="Bob", Ann="", Bob="KS"), "Bob")


def test_knock_by_an_unknown_player_is_refused(cli, tmp_path):
    start(cli, ["Ann", "Bob"])
    rejected(cli, tmp_path, H(knock="Anne", Ann="2C", Bob="KS"), "Anne", 'did you mean "Ann"')


def test_rummy500_keys_are_refused_in_carousel(cli, tmp_path):
    start(cli, ["Ann", "Bob"])
    rejected(cli, tmp_path, H(knock="Ann", Ann={"hand": "2C", "layoffs": "5H"}, Bob="KS"), "layoffs")
    rejected(cli, tmp_path, H(knock="Ann", Ann={"hand": "2C", "table": 30}, Bob="KS"), "table")


# --- points-only rounds (I-6) ------------------------------------------------------------------

def test_points_only_rounds_with_knock_out_and_stock(cli, tmp_path):
    hands = [
        # knock: Ann 4 alone lowest: (19-4) + (9-4) = 15 + 5 = 20.
        H(knock="Ann", Ann=4, Bob=19, Cy=9),
        # out: Ann 0, named out: (12-0) + (7-0) = 19, + 25 = 44.
        H(out="Ann", Ann=0, Bob=12, Cy=7),
        # stock: Ann 6, Bob 6, Cy 20: W = {Ann, Bob}, each (6-6) + (20-6) = 14.
        H(stock=True, Ann=6, Bob=6, Cy=20),
    ]
    doc, hist = play(cli, tmp_path, ["Ann", "Bob", "Cy"], hands)
    assert [h["scores"] for h in hist["hands"]] == [
        {"Ann": 20, "Bob": 0, "Cy": 0}, {"Ann": 44, "Bob": 0, "Cy": 0}, {"Ann": 14, "Bob": 14, "Cy": 0}]
    assert all(h["points_only"] for h in hist["hands"])
    assert [h["ended"] for h in hist["hands"]] == ["knock", "out", "stock"]
    assert totals_of(doc) == {"Ann": 78, "Bob": 14, "Cy": 0}   # 20 + 44 + 14; 14


def test_a_points_only_zero_is_going_out_and_must_say_so(cli, tmp_path):
    # issue 12 (I-6 updated): a points-only 0 means no cards left; going out scores 25, so "out" names her
    start(cli, ["Ann", "Bob"])
    rejected(cli, tmp_path, H(Ann=0, Bob=5), "Ann went out", 'say so with "out"')
    rejected(cli, tmp_path, H(stock=True, Ann=0, Bob=5), "Ann has no cards left")
    # Ann went out: (5 − 0) = 5, +25 = 30.
    cli.record(H(out="Ann", Ann=0, Bob=5))
    assert cli.history()["hands"][0]["scores"] == {"Ann": 30, "Bob": 0}


def test_out_with_points_left_is_refused(cli, tmp_path):
    start(cli, ["Ann", "Bob"])
    rejected(cli, tmp_path, H(out="Ann", Ann=3, Bob=5), "Ann is named as out", "3 points")


def test_cards_and_points_mixed_in_one_round(cli, tmp_path):
    # SPEC §4: Ann 3+1 = 4 knocked, Bob 10+7+2 = 19, Cy 9 on paper: (19-4) + (9-4) = 20.
    _, hist = play(cli, tmp_path, ["Ann", "Bob", "Cy"], [H(knock="Ann", Ann="3C AD", Bob="KS 7H 2C", Cy=9)])
    h = hist["hands"][0]
    assert h["scores"] == {"Ann": 20, "Bob": 0, "Cy": 0}
    assert h["points_only"] is False and h["points_only_players"] == ["Cy"]


# --- the one-line form --------------------------------------------------------------------------

LINES = [
    ["Ann: 7H 8H 9H -3C AD knock", "Bob: QS QD QC -KS 7H 2C", "Cy: -9"],
    ["Ann: -2C", "Bob: - out", "Cy: -5D 6D"],
    ["Ann: -2C", "Bob: -4", "Cy: -JK", "stock"],
    ["Ann: -3H", "Bob: -", "Cy: -KC"],
]
FILES = [
    H(knock="Ann", Ann={"melds": ["7H 8H 9H"], "hand": "3C AD"}, Bob={"melds": "QS QD QC", "hand": "KS 7H 2C"},
      Cy=9),
    H(out="Bob", Ann="2C", Bob="", Cy="5D 6D"),
    H(stock=True, Ann="2C", Bob=4, Cy="JK"),
    H(Ann="3H", Bob="", Cy="KC"),
]


def test_one_line_form_gives_the_same_result_as_the_file_form(cli, tmp_path):
    # R1 knock: Ann 3+1 = 4, Bob 19, Cy 9: Ann (19-4) + (9-4) = 20.
    # R2 Bob out: Ann 2, Bob 0, Cy 5+6 = 11: Bob 2 + 11 + 25 = 38.
    # R3 stock: Ann 2, Bob 4, Cy 25: Ann (4-2) + (25-2) = 2 + 23 = 25.
    # R4 Bob out (inferred from his empty hand): Ann 3, Cy 10: Bob 3 + 10 + 25 = 38.
    expected = [{"Ann": 20, "Bob": 0, "Cy": 0}, {"Ann": 0, "Bob": 38, "Cy": 0},
                {"Ann": 25, "Bob": 0, "Cy": 0}, {"Ann": 0, "Bob": 38, "Cy": 0}]
    start(cli, ["Ann", "Bob", "Cy"])
    for args in LINES:
        result = cli("hand", *args)
        assert result.exit_code == 0, result.stderr
    by_line = cli.history()
    line_standings = cli.standings()
    start(cli, ["Ann", "Bob", "Cy"])
    for i, entry in enumerate(FILES):
        cli.record(entry)
    by_file = cli.history()
    file_standings = cli.standings()
    assert [h["scores"] for h in by_line["hands"]] == expected
    assert [h["scores"] for h in by_file["hands"]] == expected
    assert [h["ended"] for h in by_line["hands"]] == [h["ended"] for h in by_file["hands"]] == [
        "knock", "out", "stock", "out"]
    assert [h["won"] for h in by_line["hands"]] == [h["won"] for h in by_file["hands"]]
    for key in ("players", "finished", "winners", "dealer", "leader"):
        assert line_standings[key] == file_standings[key]
    assert totals_of(line_standings) == {"Ann": 45, "Bob": 76, "Cy": 0}   # 20 + 25; 38 + 38


def test_one_line_form_refuses_a_round_with_no_ending(cli):
    start(cli, ["Ann", "Bob"])
    result = cli("hand", "Ann: -2C", "Bob: -KS")
    assert result.exit_code == 2 and "how the round ended" in result.stderr
    assert cli.history()["hands"] == []


def test_hand_json_lists_the_round_winners(cli):
    start(cli, ["Ann", "Bob", "Cy"])
    # Ann knocked with 5, Bob 3 and Cy 1+2 = 3 undercut: each (5-3) + (3-3) + 10 = 12 (I-7: won = W).
    result = cli("hand", "Ann: -5D knock", "Bob: -3C", "Cy: -AH 2S", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["scores"] == {"Ann": 0, "Bob": 12, "Cy": 12}
    assert doc["won"] == ["Bob", "Cy"]
    assert doc["totals"] == {"Ann": 0, "Bob": 12, "Cy": 12}
    assert doc["finished"] is False and doc["number"] == 1


# --- melds on the table (§2.2) --------------------------------------------------------------------

@pytest.mark.parametrize("meld", [
    "JK 5H 6H",          # a joker at either end
    "JK=7H 5H 6H",       # the joker says it is the 7H
    "5H JK=6H 7H",       # the joker in the middle
    "QS KS AS",          # ace high
    "AS 2S 3S",          # ace low
    "JK QS KS",          # JS or AS for the joker: any legal reading
    "7H 7S JK",          # a set with a joker
    "7H 7S 7D JK",       # a set of four, the joker included
    "7C JK JK",          # two jokers (three players play with two)
    "10H JK JK KH",      # a run with two jokers in it
])
def test_legal_melds_are_accepted(cli, tmp_path, meld):
    start(cli, ["Ann", "Bob", "Cy"])
    cli.record(H(stock=True, Ann={"melds": meld, "hand": "2C"}, Bob="3C", Cy="4C"))


@pytest.mark.parametrize("meld, words", [
    ("7H 7H 7S", "two identical cards"),                       # even with two decks
    ("7H 7S 7D 7C JK", "more than four"),                      # a set never exceeds four, jokers included
    ("7H 7S 7D 7C 7H", "more than four"),
    ("JK=7H 7H 7S", "two identical cards"),                    # the joker declared as a card already there
    ("KS AS 2S", "corner"),                                    # no going round the corner
    ("KS AS JK=2S", "corner"),
    ("JK=9H 5H 6H", "not consecutive"),
    ("JK=7S 5H 6H", "suits differ"),
    ("7H=8H 5H 6H", "not wild"),                               # only a joker stands for another card
    ("5H 6H", "at least three"),
])
def test_illegal_melds_are_refused(cli, tmp_path, meld, words):
    start(cli, ["Ann", "Bob", "Cy"])
    rejected(cli, tmp_path, H(stock=True, Ann={"melds": meld, "hand": "2C"}, Bob="3C", Cy="4C"), "Ann", words)


def test_meld_cards_count_toward_the_decks(cli, tmp_path):
    start(cli, ["Ann", "Bob"])
    # One deck and one joker: the joker in Ann's meld and in Bob's hand is one too many.
    rejected(cli, tmp_path, H(stock=True, Ann={"melds": "JK 5H 6H", "hand": "2C"}, Bob="JK"), "JK", "one joker")
    rejected(cli, tmp_path, H(stock=True, Ann={"melds": "5H 6H 7H", "hand": "2C"}, Bob="7H"), "7H")
    # A joker's declared meaning is not a card: JK=7H on the table and the 7H in Bob's hand is fine.
    # h: Ann 2, Bob 7: Ann 7-2 = 5.
    cli.record(H(stock=True, Ann={"melds": "JK=7H 5H 6H", "hand": "2C"}, Bob="7H"))
    assert cli.history()["hands"][0]["scores"] == {"Ann": 5, "Bob": 0}


def test_melds_in_the_one_line_form_with_jk_notation(cli):
    start(cli, ["Ann", "Bob"])
    # Ann 1 knocks, Bob 10: Ann 9. The melds score nothing.
    result = cli("hand", "Ann: JK=7H 5H 6H, QS QD QC -AC knock", "Bob: -KD")
    assert result.exit_code == 0, result.stderr
    h = cli.history()["hands"][0]
    assert h["scores"] == {"Ann": 9, "Bob": 0}
    assert h["entry"]["players"]["Ann"]["melds"] == ["JK=7H 5H 6H", "QS QD QC"]


# --- session set-up: players, decks, options ------------------------------------------------------

@pytest.mark.parametrize("players", [["Ann"], ["A", "B", "C", "D", "E", "F"]])
def test_player_counts_outside_two_to_five_are_refused(cli, players):
    result = cli("new", "carousel", *players)
    assert result.exit_code == 2 and "2 to 5 players" in result.stderr


def test_alias_manipulation_gives_carousel(cli):
    result = cli("new", "manipulation", "Ann", "Bob", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["variant"] == "carousel"
    assert doc["rules"] == {"target": 150, "tie": "play-on", "knock_limit": 5, "round_bonus": "others"}


def test_decks_follow_the_player_count(cli, tmp_path):
    # Two of a card are fine with three players (two decks), not with two (one deck).
    start(cli, ["Ann", "Bob", "Cy"])
    cli.record(H(knock="Cy", Ann="8H KS", Bob="8H", Cy="AC"))
    start(cli, ["Ann", "Bob"])
    rejected(cli, tmp_path, H(knock="Bob", Ann="8H KS", Bob="8H"), "8H", "one deck")


@pytest.mark.parametrize("rule, words", [
    ("round_bonus=most", "others, all or none"),
    ("tie=sudden", "play-on or shared"),
    ("knock_limit=-1", "whole number"),
    ("target=0", "whole number"),
    ("ace_in_hand=1", "does not apply"),
    ("set_duplicates=true", "does not apply"),
])
def test_bad_options_are_refused(cli, rule, words):
    result = cli("new", "carousel", "Ann", "Bob", "--rule", rule)
    assert result.exit_code == 2 and words in result.stderr, result.stderr


def test_carousel_options_do_not_apply_to_rummy500(cli):
    result = cli("new", "rummy500", "Ann", "Bob", "--rule", "knock_limit=3")
    assert result.exit_code == 2 and "does not apply" in result.stderr


# --- explanations ----------------------------------------------------------------------------------

def test_every_score_explains_cards_differences_and_bonuses():
    # Ann knocked with 5; Bob 3 undercuts; Cy holds J♠ JK = 35.
    state = score_core(["Ann", "Bob", "Cy"], [H(knock="Ann", Ann="5D", Bob="3C", Cy="JS JK")])
    r = state.results[0]
    # Bob: (5-3) + (35-3) = 2 + 32 = 34, + undercut 10 = 44.
    assert r.scores == {"Ann": 0, "Bob": 44, "Cy": 0}
    bob = r.players["Bob"]
    assert [(l.part, l.points) for l in bob.lines] == [("count", 0), ("difference", 2), ("difference", 32),
                                                       ("bonus", 10)]
    assert bob.lines[0].card_text == "3C" and "3♣" in bob.lines[0].reason and "3" in bob.lines[0].reason
    assert "Ann" in bob.lines[1].reason and "Cy" in bob.lines[2].reason
    assert "undercut" in bob.lines[3].reason and bob.lines[3].rule == "§2.4"
    assert bob.arithmetic() == "2 + 32 + 10 = 44"  # one term per difference, then the undercut
    cy = r.players["Cy"]
    assert [(l.card_text, l.part) for l in cy.lines[:2]] == [("JS", "count"), ("JK", "count")]
    assert "joker" in cy.lines[1].reason and "25" in cy.lines[1].reason
    assert cy.lines[-1].points == 0 and "did not win" in cy.lines[-1].reason
    ann = r.players["Ann"]
    assert ann.score == 0
    assert r.won == ["Bob"] and r.ended == "knock"
    assert r.notes == ["Ann knocked with 5 but Bob undercuts with 3: Bob wins the round."]
    assert "was undercut" in ann.lines[-1].reason


def test_going_out_is_explained():
    state = score_core(["Ann", "Bob"], [H(Ann="", Bob="KS 2C")])
    ann = state.results[0].players["Ann"]
    # Ann went out (her empty hand says so): (12-0) = 12, + 25 = 37.
    assert ann.score == 37
    assert ann.lines[-1].part == "bonus" and "going out" in ann.lines[-1].reason and ann.lines[-1].points == 25
    assert ann.arithmetic() == "12 + 25 = 37"


def test_the_knocker_tied_is_told_why_they_score_nothing():
    state = score_core(["Ann", "Bob"], [H(knock="Ann", Ann="2S 2D", Bob="4H")])
    ann = state.results[0].players["Ann"]
    assert ann.score == 0 and "knocked and tied" in ann.lines[-1].reason
    # issue 12: say what happens, not "as if they had won"
    assert state.results[0].notes[0] == ("Ann knocked with 4 and Bob holds 4 too: the knocker wins nothing; "
                                         "Bob, tied with the knocker, wins the round.")


def test_points_only_lines_say_so():
    state = score_core(["Ann", "Bob"], [H(knock="Ann", Ann=3, Bob=12)])
    ann = state.results[0].players["Ann"]
    assert ann.points_only and ann.lines[0].part == "count" and "paper" in ann.lines[0].reason
    assert ann.score == 9  # 12 - 3


# --- properties -------------------------------------------------------------------------------------

# at least 1 each: a points-only 0 means no cards left (I-6), which only the player who went out has
counts_st = st.lists(st.integers(1, 120), min_size=2, max_size=5)


@settings(max_examples=200, deadline=None)
@given(counts=counts_st, data=st.data())
def test_round_scores_follow_the_rules_for_any_counts(counts, data):
    players = [f"P{i}" for i in range(len(counts))]
    ending = data.draw(st.sampled_from(["knock", "stock", "out"]))
    hand = H(**{p: c for p, c in zip(players, counts)})
    if ending == "knock":
        knocker = data.draw(st.sampled_from(players))
        hand["players"][knocker]["hand"] = min(counts[players.index(knocker)], 5)
        hand["knock"] = knocker
    elif ending == "out":
        who = data.draw(st.sampled_from(players))
        hand["players"][who]["hand"] = 0
        hand["out"] = who
    else:
        hand["stock_exhausted"] = True
    r = score_core(players, [hand]).results[0]
    h = {p: hand["players"][p]["hand"] for p in players}
    low = min(h.values())
    assert r.won and all(h[w] == low for w in r.won)
    for p, ps in r.players.items():
        assert ps.score == sum(line.points for line in ps.lines)
        if p not in r.won:
            assert ps.score == 0
        else:
            base = sum(h[q] - h[p] for q in players if q != p)
            bonus = (10 if hand.get("knock") and hand["knock"] != p else 0) + (25 if hand.get("out") == p else 0)
            assert ps.score == base + bonus


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["players", "Ann", "Bob", "hand", "melds", "knock", "out",
                                         "stock_exhausted", "layoffs"]), inner, max_size=4),
                    max_leaves=12))
def test_any_entry_scores_or_is_refused_cleanly(raw):
    setup = new_setup(CAROUSEL, ["Ann", "Bob"])
    try:
        replay(setup, [raw])
    except InputError as e:
        assert e.message


# --- the installed command ----------------------------------------------------------------------------

def test_through_the_installed_command(tmp_path, exe):
    env = dict(os.environ, SCOREKEEPER_DB=str(tmp_path / "db"), NO_COLOR="1")

    def run(*args):
        return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env,
                              stdin=subprocess.DEVNULL, timeout=60)

    assert run("new", "carousel", "Ann", "Bob", "Cy").returncode == 0
    # Ann 4 knocked, Bob 19, Cy 9: Ann (19-4) + (9-4) = 20.
    r = run("hand", "Ann: -3C AD knock", "Bob: -KS 7H 2C", "Cy: -9", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["scores"] == {"Ann": 20, "Bob": 0, "Cy": 0}
    r = run("hand", "Ann: -3C", "Bob: -KS", "Cy: -9")
    assert r.returncode == 2 and r.stdout == "" and "how the round ended" in r.stderr
    doc = json.loads(run("standings", "--json").stdout)
    assert [(p["name"], p["total"], p["won"]) for p in doc["players"]] == [("Ann", 20, 1), ("Bob", 0, 0),
                                                                            ("Cy", 0, 0)]
    assert doc["dealer"] == "Bob" and doc["leader"] == "Cy"


def test_registry_and_variant_record():
    v = get_variant("Manipulation")
    assert v is CAROUSEL and v.endings.knock and not v.lowest_wins
    assert v.codec.keys == {"melds", "hand"}
    assert v.melds.value(None, {}) is None
    rules = v.melds.rules({}, 0)
    from scorekeeper.core.cards import JOKER, parse_card

    assert rules.wild(JOKER) and not rules.wild(parse_card("7H")) and rules.ace_high and not rules.set_duplicates


def test_explain_names_the_knocker_not_the_winner(cli):
    start(cli, ["Ann", "Bob", "Cy"])
    # Bob knocked with 4, Cy 2+1 = 3 undercuts: Cy (16-3) + (4-3) + 10 = 24.
    assert cli("hand", "Ann: -KH 6C", "Bob: -4S knock", "Cy: -2H AS").exit_code == 0
    result = cli("explain")
    assert result.exit_code == 0, result.stderr
    assert "Bob knocked." in result.stdout and "Cy knocked" not in result.stdout
    assert "undercut bonus" in result.stdout
    doc = json.loads(cli("explain", "--json").stdout)
    cy = doc["players"]["Cy"]
    assert cy["score"] == 24 == sum(line["points"] for line in cy["lines"])


def test_a_carousel_round_without_its_ending_is_said_in_the_form_given(cli):
    cli.new("carousel", "Ann", "Bob")
    line = cli("hand", "Ann: -2D AC", "Bob: -QS 8H")
    assert line.exit_code == 2 and 'a separate argument "stock"' in line.stderr and "stock_exhausted" not in line.stderr
    entry = {"players": {"Ann": {"hand": "2D AC"}, "Bob": {"hand": "QS 8H"}}}
    file = cli("hand", "--file", "-", input=json.dumps(entry))
    assert file.exit_code == 2 and '"stock_exhausted": true' in file.stderr and "separate argument" not in file.stderr
