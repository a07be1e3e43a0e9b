"""What a rule audit against the rule books found, each case with its figures worked by hand:
Rummy 500's sets with two decks, aces in long runs, points bounded by the whole hand, a
game carried over from paper, and the explanations that settle arguments.
(Gin Rummy's knocker's choice is in tests/test_gin_choice.py.)
"""
from __future__ import annotations

import json

import pytest

from conftest import flat, no_document

FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")
#: Bob, Cy, Dee and Eve each hold one small club: −2, −3, −4, −5
OTHERS = ("Bob: -2C", "Cy: -3C", "Dee: -4C", "Eve: -5C")


# --- Rummy 500 sets with two decks (SPEC §2.2) ----------------------------------------------

def test_rummy500_sets_hold_identical_cards_with_two_decks(cli):
    cli.new("rummy500", *FIVE)                        # 5 players: two decks
    # 7H 7H 7S: 7 + 7 + 7 = 21, Ann went out
    assert cli.record("Ann: 7H 7H 7S -", *OTHERS)["scores"]["Ann"] == 21
    # five sevens: 7 × 5 = 35
    assert cli.record("Ann: 7H 7H 7S 7D 7C -", *OTHERS)["scores"]["Ann"] == 35


def test_rummy500_set_duplicates_false_keeps_the_old_reading(cli):
    cli.new("rummy500", *FIVE, rules=["set_duplicates=false"])
    for line in ("Ann: 7H 7H 7S -", "Ann: 7H 7S 7D 7C 7H -"):
        r = cli("hand", line, *OTHERS)
        assert r.exit_code == 2
    assert "two identical cards" in flat(cli("hand", "Ann: 7H 7H 7S -", *OTHERS).stderr)
    assert "never has more than four" in flat(cli("hand", "Ann: 7H 7S 7D 7C 7H -", *OTHERS).stderr)
    assert cli.history()["hands"] == []


def test_rum500_keeps_sets_of_three_or_four(cli):
    cli.new("rum500", *FIVE)                          # one deck up to 7 players
    assert cli("hand", "Ann: 7H 7H 7S -", *OTHERS).exit_code == 2


def test_rules_say_the_sets(cli):
    r = cli("rules", "rummy500")
    assert r.exit_code == 0
    said = flat(r.stdout)
    assert "3 or more cards of one rank" in said and "past four" in said


# --- points bounded by the whole hand (I-6) --------------------------------------------------
# One deck at face value: aces 4 × 15 = 60, K Q J 12 × 10 = 120, 2–10 4 × (2 + … + 10) = 4 × 54 = 216:
# 396, on the table or in hand. Under ace_in_hand=1 an ace in hand counts 1: 4 + 120 + 216 = 340 in hand.

def test_one_players_table_and_hand_together_are_bounded(cli):
    cli.new("rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 396 -396", "Bob: -5C")      # 396 + 396 = 792 > 396
    assert r.exit_code == 2
    said = flat(r.stderr)
    assert "792" in said and "396" in said and "Ann" in said
    assert cli.history()["hands"] == []
    # the whole deck but Bob's 5C on Ann's table: 391 + 5 = 396, possible
    assert cli("hand", "Ann: 391 -0", "Bob: -5C").exit_code == 0


def test_two_tables_of_a_whole_deck_are_refused(cli):
    cli.new("rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 396 -0", "Bob: 396 -5")     # the tables: 396 + 396 = 792 > 396
    assert r.exit_code == 2
    said = flat(r.stderr)
    assert "The tables of Ann and Bob add up to 792" in said and "396" in said
    # tables 200 + 190 = 390 and 6 in Bob's hand: 396 in all, every card of the deck, possible
    assert cli("hand", "Ann: 200 -0", "Bob: 190 -6").exit_code == 0
    # one more point in hand: 397 > 396 together
    r = cli("hand", "Ann: 200 -0", "Bob: 190 -7")
    assert r.exit_code == 2 and "The tables and hands of Ann and Bob add up to 397" in flat(r.stderr)


def test_the_bound_follows_ace_in_hand(cli):
    cli.new("rummy500", "Ann", "Bob", rules=["ace_in_hand=1"])
    r = cli("hand", "Ann: 0 -350", "Bob: -")          # 350 > 340, the whole deck in hand
    assert r.exit_code == 2 and "340" in flat(r.stderr)
    assert cli("hand", "Ann: 0 -340", "Bob: -").exit_code == 0


def test_the_bounds_in_the_core():
    from scorekeeper.core.game import GameSoFar, new_setup
    from scorekeeper.core.variants import get_variant

    def bounds(*rules, players=("Ann", "Bob")):
        s = new_setup(get_variant("rummy500"), list(players), list(rules))
        b = s.variant.scoring.bounds(GameSoFar.at(s, 1))
        return b.table, b.hand, b.anywhere

    assert bounds() == (396, 396, 396)
    # ace_in_hand=1: in hand 4 × 1 + 120 + 216 = 340; the table still 396
    assert bounds("ace_in_hand=1") == (396, 340, 396)
    # 5-10-15: 2–9 32 × 5 = 160, 10–K 16 × 10 = 160, aces 4 × 15 = 60: 380; in hand with
    # ace_in_hand=1 an ace counts the low 5: 160 + 160 + 20 = 340
    assert bounds("card_values=5-10-15") == (380, 380, 380)
    assert bounds("card_values=5-10-15", "ace_in_hand=1") == (380, 340, 380)
    # two decks for five players: 2 × 396 = 792
    assert bounds(players=("Ann", "Bob", "Cy", "Dee", "Eve")) == (792, 792, 792)


# --- stats and audit ---------------------------------------------------------------------------

def test_stats_for_a_player_count_the_players_own_games(cli):
    # three sessions; Ганна sits in one of them only
    cli.new("rummy500", "Ганна", "Bob")
    cli.record("Ганна: 7H 8H 9H -", "Bob: -5C")           # Ганна 24, Bob −5
    for _ in range(2):
        cli.new("rummy500", "Bob", "Cy")
        cli.record("Bob: 7H 8H 9H -", "Cy: -5C")
    doc = cli.json("stats", "--player", "Ганна")
    assert doc["sessions"] == 1 and doc["variants"][0]["sessions"] == 1
    assert doc["variants"][0]["players"][0]["games"] == 1
    said = flat(cli("stats", "--player", "Ганна").stdout)
    assert "Statistics: 1 game" in said and "3 games" not in said
    said = flat(cli("--lang", "be", "stats", "--player", "Ганна").stdout)
    assert "Статыстыка: 1 партыя" in said and "3 партыі" not in said


def test_the_audit_of_an_edit_shows_the_old_entry(application, cli):
    application.new("gin", ["Ann", "Bob"])
    ann, bob = "7H 8H 9H QS QD QC 2C 3C 4C 5D", "KS KH KD 10H JH 5C 9S 6D 3S AH"
    cli.record(f"Ann: {ann} knock", f"Bob: {bob}")
    # an edit as the prompt stores it: the cards shown, Ann's 5D now the AD
    application.edit(1, {"players": {"Ann": {"cards": ann.replace("5D", "AD")}, "Bob": {"cards": bob}},
                         "knock": "Ann"}, form="prompt")
    doc = cli.json("history", "--audit")
    edited = doc["events"][-1]
    assert edited["action"] == "edited"
    assert edited["previous_lines"]["Ann"] == f"{ann} knock" and edited["lines"]["Ann"].startswith("7H 8H 9H")
    said = flat(cli("history", "--audit").stdout)
    assert "was: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" in said


# --- a game carried over from paper (SPEC §5 new --carry, --round) ---------------------------

def test_crazy_continues_at_the_round_given_and_ends_after_round_13(cli):
    doc = cli.json("new", "crazy", "Ann", "Bob", "Cy", "--carry", "Ann=30", "--round", "5")
    st = cli.standings()
    assert (st["round"], st["wild"]) == (5, "5")
    # round 5, fives wild: Ann went out 0; Bob 5H (wild 25) + KS 10 = 35; Cy 2D = 2
    first = cli.record("Ann: -", "Bob: -5H KS", "Cy: -2D")
    assert first["scores"] == {"Ann": 0, "Bob": 35, "Cy": 2}
    assert cli.totals() == {"Ann": 30, "Bob": 35, "Cy": 2}
    # rounds 6 … 13 are eight more; Bob holds a four (4: fours were wild in round 4, before) and Cy a
    # three (3), clubs and diamonds in turn (the same line twice running is refused as a repeat)
    for n in range(6, 14):
        assert cli.standings()["round"] == n
        suit = "C" if n % 2 else "D"
        cli.record("Ann: -", f"Bob: -4{suit}", f"Cy: -3{suit}")
    st = cli.standings()
    assert st["finished"] and st["round"] is None and st["hands"] == 9
    # totals: Ann 30; Bob 35 + 8 × 4 = 67; Cy 2 + 8 × 3 = 26: the lowest, Cy, wins
    assert cli.totals() == {"Ann": 30, "Bob": 67, "Cy": 26} and st["winners"] == ["Cy"]
    r = cli("hand", "Ann: -", "Bob: -4C", "Cy: -3C")
    assert r.exit_code == 2 and doc["variant"] == "crazy"


def test_round_is_refused_where_rounds_do_not_differ(cli):
    r = cli("new", "rummy500", "Ann", "Bob", "--round", "3")
    assert r.exit_code == 2 and "--round 3 does not apply to Rummy 500" in flat(r.stderr)
    r = cli("new", "crazy", "Ann", "Bob", "Cy", "--round", "14")
    assert r.exit_code == 2 and "its rounds are 1 to 13" in flat(r.stderr)
    assert cli.json("sessions")["sessions"] == []


@pytest.mark.parametrize("variant,players,carry", [
    ("rummy500", ["Ann", "Bob"], "Ann=500"),         # the target, 500, already reached
    ("carousel", ["Ann", "Bob"], "bob=150"),         # the game ends at 150+
    ("gin", ["Ann", "Bob"], "Bob=100"),              # gin's 100
])
def test_a_carried_total_that_reaches_the_target_is_refused(cli, variant, players, carry):
    r = cli("new", variant, *players, "--carry", carry)
    assert r.exit_code == 2 and "already at the target" in flat(r.stderr)
    assert cli.json("sessions")["sessions"] == []
    # one point less is a game still being played
    name, points = carry.split("=")
    assert cli("new", variant, *players, "--carry", f"{name}={int(points) - 1}").exit_code == 0


# --- explanations ------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("carousel", "KH", "JK", "2H"),                  # the joker would have to be the AH between K and 2
    ("crazy", "KH", "AH", "2H", "--round", "1"),     # aces wild in round 1: the same K-?-2
])
def test_check_says_a_run_cannot_turn_the_corner_through_a_wild_card(cli, args):
    r = cli("check", *args)
    assert r.exit_code == 1
    assert "runs cannot turn the corner" in flat(r.stdout)


def test_a_knock_over_the_limit_says_point_or_points(cli):
    cli.new("carousel", "Ann", "Bob", rules=["knock_limit=0"])
    r = cli("hand", "Ann: -AC knock", "Bob: -9D")     # the AC counts 1: over a limit of 0
    assert r.exit_code == 2
    assert "holding 1 point (AC 1)" in flat(r.stderr) and "1 points" not in flat(r.stderr)


def test_knocking_in_rummy500_is_refused_without_saying_it_belongs_to_carousel(cli):
    # Gin Rummy knocks too: the refusal says what ends a Rummy 500 hand instead
    cli.new("rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 7H 8H 9H -2C knock", "Bob: -5C")
    assert r.exit_code == 2
    said = flat(r.stderr)
    assert "no knocking" in said and "Carousel" not in said


# --- aces in a 13-card run (SPEC §2.2, §2.3, I-5) ---------------------------------------------

def test_explain_names_a_run_with_its_ace_high_when_layoffs_reach_the_2(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    # Ann melds Q♥ K♥ A♥, the ace high: 10 + 10 + 15 = 35, − 5♣ 5 = 30.
    # Bob lays off J♥ down to 3♥: 10 + 10 + 9 + 8 + 7 + 6 + 5 + 4 + 3 = 62, − 6♣ 6 = 56.
    # Cy lays off 2♥ below the 3♥ and goes out: 2. All thirteen hearts are then on Ann's run,
    # 2-…-K-A: the ace stays high, where Ann melded it.
    doc = cli.record("Ann: QH KH AH -5C", "Bob: +JH 10H 9H 8H 7H 6H 5H 4H 3H -6C", "Cy: +2H -")
    assert doc["scores"] == {"Ann": 30, "Bob": 56, "Cy": 2}
    bob = cli.json("explain", "--player", "Bob")["players"]["Bob"]["lines"]
    said = [line["reason"] for line in bob]
    assert said[0] == "J♥ laid off by Bob on Ann's run Q♥ K♥ A♥: court card, 10"
    assert said[1].startswith("10♥ laid off by Bob on Ann's run J♥ Q♥ K♥ A♥:")
    cy = cli.json("explain", "--player", "Cy")["players"]["Cy"]["lines"]
    assert cy[0]["reason"] == "2♥ laid off by Cy on Ann's run 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥: face value, 2"
    # the people's table says the same (suits as letters off a terminal)
    assert "on Ann's run QH KH AH:" in flat(cli("explain", "--player", "Bob").stdout)


@pytest.mark.parametrize("rules,low,high", [
    # face value: 2 + … + 10 = 54, J Q K 30: 84; with the ace low 84 + 1 = 85, high 84 + 15 = 99
    ((), 85, 99),
    # 5-10-15: 2–9 8 × 5 = 40, 10–K 4 × 10 = 40: 80; the ace low 5: 85, high 15: 95
    (("--rule", "card_values=5-10-15"), 85, 95),
])
def test_check_asks_where_the_ace_of_a_thirteen_card_run_is_as_hand_does(cli, rules, low, high):
    spades = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    r = cli("check", "rummy500", spades, *rules)
    assert r.exit_code == 2 and no_document(r.stdout)
    said = flat(r.stderr)
    assert f"the run worth {low}) or high" in said and f"the run worth {high})" in said
    assert "write AS:low or AS:high" in said
    assert json.loads(cli("check", "rummy500", spades, "--json", *rules).stdout)["error"]["code"] == \
        "check.whole_suit_ace"  # under --json, the refusal as data
    # marked, each reading is the one asked for
    assert cli.json("check", "rummy500", spades.replace("AS", "AS:low"), *rules)["value"] == low
    assert cli.json("check", "rummy500", spades.replace("AS", "AS:high"), *rules)["value"] == high
    # hand refuses the same way, naming the same two values
    cli.new("rummy500", "Ann", "Bob", rules=[a for a in rules if a != "--rule"])
    r = cli("hand", f"Ann: {spades} -", "Bob: -5C")
    assert r.exit_code == 2
    said = flat(r.stderr)
    assert "Ann: the AS" in said and f"worth {low})" in said and f"worth {high})" in said


def test_check_needs_no_mark_where_the_ace_is_worth_the_same_either_way(cli):
    # Carousel's melds score nothing (an ace is 1 in hand anyway): nothing to ask
    assert cli("check", "carousel", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS").exit_code == 0


def test_two_aces_of_one_player_one_low_one_high_need_no_mark(cli):
    cli.new("rummy500", *FIVE)                        # 5 players: two decks, two AH
    # Ann melds 2H 3H 4H (9) − 5C = 4; Bob JH QH KH (30) − 6C = 24.
    # Cy lays off AH AH: one can only go below the 2H (low, 1), the other only above the KH
    # (high, 15) — which AH goes where changes nothing, so I-5 has nothing to ask:
    # Cy 1 + 15 − 3C 3 = 13. Dee −4, Eve went out 0.
    doc = cli.record("Ann: 2H 3H 4H -5C", "Bob: JH QH KH -6C", "Cy: +AH AH -3C", "Dee: -4C", "Eve: -")
    assert doc["scores"] == {"Ann": 4, "Bob": 24, "Cy": 13, "Dee": -4, "Eve": 0}
    cy = cli.json("explain", "--player", "Cy")["players"]["Cy"]["lines"]
    assert sorted(line["points"] for line in cy) == [-3, 1, 15]
    # marked, the same 13 either way round
    doc = cli.record("Ann: 2H 3H 4H -5C", "Bob: JH QH KH -6C", "Cy: +AH:high AH:low -3C", "Dee: -4C", "Eve: -")
    assert doc["scores"]["Cy"] == 13


@pytest.mark.parametrize("cy,dee", [
    # the two AH of two players: whoever goes low gets 1, the other 15 — it matters, so it is asked
    ("Cy: +AH -3C", "Dee: +AH -4C"),
    # one AH low or high, and an AS only on Dee's aces (15): the AH's place changes Cy's score
    ("Cy: +AH AS -3C", "Dee: AD AC AS -4C"),
])
def test_aces_whose_place_changes_a_score_are_still_asked(cli, cy, dee):
    cli.new("rummy500", *FIVE)
    r = cli("hand", "Ann: 2H 3H 4H -5C", "Bob: JH QH KH -6C", cy, dee, "Eve: -")
    assert r.exit_code == 2
    assert "Cy: the laid-off AH could go low in a run (1) or elsewhere (15)" in flat(r.stderr)
    assert cli.history()["hands"] == []


# --- the end of a game, and the rules explain cites ---------------------------------------------

def test_several_past_the_target_in_one_hand_are_told_why_the_highest_wins(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy", rules=["target=50"])
    # Ann 55 − 1 = 54, Bob 70 − 2 = 68, Cy −5: Ann and Bob both pass 50 in this hand; Bob's 68 is
    # the highest and wins, whoever got to 50 first during the hand
    doc = cli.record("Ann: 55 -1", "Bob: 70 -2", "Cy: -5C")
    assert doc["scores"] == {"Ann": 54, "Bob": 68, "Cy": -5}
    assert doc["ending"]["reached"] == ["Ann", "Bob"] and doc["ending"]["highest_wins"] is True
    st = cli.standings()
    assert st["finished"] and st["winners"] == ["Bob"]
    assert st["ending"] == {"target": 50, "reached": ["Ann", "Bob"], "winners": ["Bob"], "highest_wins": True,
                            "rule": {"id": None, "ids": [], "name": "Rummy 500 and Rum 500: scoring a hand"}}
    note = ("Ann and Bob reached 50 in the same hand: the highest total wins, even where another player got "
            "there first, so Bob wins with 68 (Rummy 500 and Rum 500: scoring a hand).")
    assert st["note"] == note and cli.history()["note"] == note
    assert note in flat(cli("standings").stdout) and note in flat(cli("history").stdout)
    said = flat(cli("--lang", "uk", "standings").stdout)
    assert "Мети 50 досягнуто в одній роздачі: Ann і Bob" in said


def test_one_past_the_target_needs_no_such_note(cli):
    cli.new("rummy500", "Ann", "Bob", rules=["target=50"])
    cli.record("Ann: 55 -1", "Bob: 40 -2")           # Ann 54 ≥ 50, Bob 38 below
    st = cli.standings()
    assert st["winners"] == ["Ann"] and st["note"] == ""
    assert st["ending"]["reached"] == ["Ann"] and st["ending"]["highest_wins"] is False


def test_carousel_several_past_the_target_in_one_round(cli):
    cli.new("carousel", "Ann", "Bob", "Cy", rules=["target=30"])
    # round 1: Ann knocks with AC (1), alone lowest: (29 − 1) + (2 − 1) = 29
    cli.record("Ann: -AC knock", "Bob: -KS 9D QD", "Cy: -2C")
    # round 2, the stock ran out: Ann 5C and Bob 5D tie lowest (5) and both win (I-4), each
    # (5 − 5) + (40 − 5) = 35: Ann 64, Bob 35 — both past 30. +100 each: Ann 164, Bob 135;
    # Cy won no round: 0. The highest total with the bonuses, Ann's 164, wins.
    cli.record("Ann: -5C", "Bob: -5D", "Cy: -KD QD KC JC", "stock")
    st = cli.standings()
    assert {p["name"]: p["total"] for p in st["players"]} == {"Ann": 164, "Bob": 135, "Cy": 0}
    assert st["winners"] == ["Ann"] and st["ending"]["reached"] == ["Ann", "Bob"]
    assert st["ending"]["rule"] == {"id": None, "ids": [], "name": "Carousel: the end of the game"}
    assert ("the highest total with the bonuses wins, not the first to get there: Ann with 164 "
            "(Carousel: the end of the game)") in st["note"]


def test_carousel_100_cites_its_own_rule_and_explain_json_never_a_section(cli):
    cli.new("carousel", "Ann", "Bob", "Cy", rules=["target=30"])
    # round 1: Ann knocks with AC (1): (29 − 1) + (2 − 1) = 29
    cli.record("Ann: -AC knock", "Bob: -KS 9D QD", "Cy: -2C")
    # round 2: Bob goes out: (20 − 0) + (15 − 0) = 35, +25 going out = 60 ≥ 30. End: Bob +100 = 160
    # (the end of the game's own rule); Ann below 30 won 1 round: +25 (I-2) = 54; Cy 0
    cli.record("Ann: -KC QD", "Bob: - out", "Cy: -KD 5H")
    doc = cli.json("explain")
    bonus = doc["end_bonus"]
    assert {p: (b["points"], b["total"]) for p, b in bonus.items()} == {"Ann": (25, 54), "Bob": (100, 160),
                                                                        "Cy": (0, 0)}
    assert bonus["Bob"]["rule"] == {"id": None, "ids": [], "name": "Carousel: the end of the game"}
    assert "I-2" not in bonus["Bob"]["reason"] and "(Carousel: the end of the game)" in bonus["Bob"]["reason"]
    assert bonus["Ann"]["rule"] == {"id": "I-2", "ids": ["I-2"], "name": "Carousel: the end of the game"}
    # every rule cited by name and interpretation id, nowhere a section of the specification
    assert "§" not in json.dumps(doc, ensure_ascii=False)
    going_out = next(line for line in doc["players"]["Bob"]["lines"] if line["part"] == "bonus")
    assert going_out["points"] == 25 and going_out["rule"]["name"] == "Carousel: scoring a round"
    said = flat(cli("explain").stdout)
    assert "Bob reached 30 (60): +100 (Carousel: the end of the game); final total 160." in said
    assert "I-2 Carousel's end bonus" in said


def test_explain_json_cites_an_interpretation_by_its_id():
    from scorekeeper.core.interpretations import rule_json
    # Rummy 500 points counted on paper: the scoring rule by name, I-6 by its id
    assert rule_json("§2.3, I-6") == {"id": "I-6", "ids": ["I-6"], "name": "Rummy 500 and Rum 500: scoring a hand"}
    assert rule_json("I-5") == {"id": "I-5", "ids": ["I-5"], "name": "Where the rules are silent"}
    assert rule_json("") is None


def test_the_markdown_export_of_crazy_rummy_says_rounds(cli):
    assert cli("new", "crazy", "Ann", "Bob", "Cy", "--round", "12").exit_code == 0
    # round 12 (queens wild): Ann out 0, Bob 4C 4, Cy 3C 3; round 13 (kings): Ann 0, Bob 4D → 8, Cy 3D → 6.
    # After round 13 the lowest total, Ann's 0, wins.
    cli.record("Ann: -", "Bob: -4C", "Cy: -3C")
    cli.record("Ann: -", "Bob: -4D", "Cy: -3D")
    md = cli("export", "--format", "md").stdout
    assert "2 rounds" in md and "**Ann wins** after 2 rounds." in md and "## Round by round" in md
    assert "| Round | Wild |" in md and "the round's score" in md and "hand" not in md.lower()
    md = cli("--lang", "uk", "export", "--format", "md").stdout
    assert "**Перемога: Ann** після 2 раундів." in md and "роздач" not in md


def test_a_crazy_game_continued_at_round_12_shows_the_wild_rank_it_was_scored_with(cli):
    assert cli("new", "crazy", "Ann", "Bob", "Cy", "--round", "12").exit_code == 0
    # round 12, queens wild: Ann out 0; Bob QC (wild) 25 + 4C 4 = 29; Cy 3C 3
    assert cli.record("Ann: -", "Bob: -QC 4C", "Cy: -3C")["scores"] == {"Ann": 0, "Bob": 29, "Cy": 3}
    rows = [line.split() for line in cli("history").stdout.splitlines()]
    # the round column says round 12 (the game continued there), not the hand's place, 1
    assert ["12", "Q", "Ann", "Ann"] == next(r for r in rows if r[:1] == ["12"])[:4]
    assert "queens are wild" in flat(cli("explain").stdout)
