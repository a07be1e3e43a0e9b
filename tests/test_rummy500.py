"""Rummy 500 and Rum 500 scored card by card (SPEC §2.1–§2.3, I-1, I-3, I-5, I-6, I-7).

Every expected value below was worked out by hand from the rules; the
arithmetic is in the comment beside it. Score of a hand, per player:
own melds + cards laid off − cards left in hand. Ace 15, or 1 where it is low
in a run; K Q J 10; 2–10 face value.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import load_games, no_document

from scorekeeper.core.cards import format_card, parse_cards, parse_played_cards, split_melds
from scorekeeper.core.errors import InputError, StateError
from scorekeeper.core.game import new_setup, play, replay
from scorekeeper.core.variants import get_variant

ABC = ["Ann", "Bob", "Cy"]
AB = ["Ann", "Bob"]
FIVE = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def P(melds=None, layoffs=None, hand="", table=None) -> dict:
    """One player's part of a hand entry."""
    d: dict = {"hand": hand}
    if melds is not None:
        d["melds"] = melds
    if layoffs is not None:
        d["layoffs"] = layoffs
    if table is not None:
        d["table"] = table
    return d


def E(**players) -> dict:
    return {"players": players}


def setup(players, *rules, variant="rummy500", dealer=None):
    return new_setup(get_variant(variant), players, rules, dealer)


def game(players, *entries, rules=(), variant="rummy500", dealer=None):
    return replay(setup(players, *rules, variant=variant, dealer=dealer), list(entries))


def scores(players, entry, *rules, variant="rummy500") -> dict:
    return game(players, entry, rules=rules, variant=variant).results[0].scores


def refused(players, entry, *rules, variant="rummy500") -> str:
    with pytest.raises(InputError) as e:
        game(players, entry, rules=rules, variant=variant)
    return e.value.message


def result(players, entry, *rules, variant="rummy500"):
    return game(players, entry, rules=rules, variant=variant).results[0]


# --------------------------------------------------------------------------- aces


class TestAces:
    def test_ace_low_in_own_run(self):
        # Ann: A-2-3S = 1 + 2 + 3 = 6; Bob went out with nothing: 0
        assert scores(AB, E(Ann=P("AS 2S 3S", hand="9D"), Bob=P())) == {"Ann": 6 - 9, "Bob": 0}

    def test_ace_high_in_own_run(self):
        # Ann: Q-K-AS = 10 + 10 + 15 = 35
        assert scores(AB, E(Ann=P("QS KS AS"), Bob=P(hand="2D"))) == {"Ann": 35, "Bob": -2}

    def test_set_of_aces(self):
        # Ann: A-A-A = 15 + 15 + 15 = 45 (an ace in a set is never low)
        assert scores(AB, E(Ann=P("AS AD AH"), Bob=P(hand="2D"))) == {"Ann": 45, "Bob": -2}

    def test_ace_in_hand_15_by_default(self):
        # Bob holds AC 4D: −(15 + 4) = −19
        assert scores(AB, E(Ann=P("7H 8H 9H"), Bob=P(hand="AC 4D"))) == {"Ann": 24, "Bob": -19}

    def test_ace_in_hand_1_with_the_option(self):
        # ace_in_hand=1: Bob holds AC 4D: −(1 + 4) = −5; Ann's Q-K-A still 35 (the option is for the hand only)
        assert scores(AB, E(Ann=P("QS KS AS"), Bob=P(hand="AC 4D")), "ace_in_hand=1") == {"Ann": 35, "Bob": -5}

    def test_low_run_with_ace_in_hand(self):
        # Ann: A-2-3H 6, holds AS: 6 − 15 = −9; with ace_in_hand=1: 6 − 1 = 5
        e = E(Ann=P("AH 2H 3H", hand="AS"), Bob=P())
        assert scores(AB, e)["Ann"] == -9
        assert scores(AB, e, "ace_in_hand=1")["Ann"] == 5

    def test_long_runs(self):
        # 10-J-Q-K-AD = 10 + 10 + 10 + 10 + 15 = 55; A-2-3-4-5C = 1 + 2 + 3 + 4 + 5 = 15
        assert scores(AB, E(Ann=P("10D JD QD KD AD"), Bob=P("AC 2C 3C 4C 5C", hand="6S"))) == {"Ann": 55, "Bob": 9}

    def test_all_thirteen_read_as_the_ace_is_marked(self):
        # A-2-…-KH: 1 + (2+…+10 = 54) + 30 = 85; marked AH:high it is 2-…-K-A: 54 + 30 + 15 = 99
        # (unmarked, the ace is ambiguous and the entry must say: issue 12, I-5)
        run = "AH:low 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
        assert scores(["Ann", "Bob"], E(Ann=P(run), Bob=P(hand="2S")), "decks=1")["Ann"] == 85
        assert scores(AB, E(Ann=P(run.replace("AH:low", "AH:high")), Bob=P(hand="2S")))["Ann"] == 99


# ------------------------------------------------------------------------ lay-offs


class TestLayoffs:
    def test_the_spec_example(self):
        # Ann: 7-8-9H 24 + Q-Q-Q 30 + lay-off 10H 10 − (AS 15 + 4D 4) = 45;
        # Bob went out with nothing: 0; Cy on paper: 80 − 85 = −5
        entry = {"players": {
            "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
            "Bob": {"melds": [], "hand": ""},
            "Cy": {"table": 80, "hand": 85},
        }}
        assert scores(ABC, entry) == {"Ann": 45, "Bob": 0, "Cy": -5}

    def test_a_layoff_scores_for_who_lays_it_off_not_the_owner(self):
        # Ann: 5-6-7C 18 − (KD 10 + 2S 2) = 6 (Bob's 8C on her run is not hers);
        # Bob: lay-off 8C 8, went out: 8
        assert scores(AB, E(Ann=P("5C 6C 7C", hand="KD 2S"), Bob=P(layoffs="8C"))) == {"Ann": 6, "Bob": 8}

    def test_layoff_on_a_layoff(self):
        # SPEC §2.2: a 7 laid off on 6-5-4 lets an 8 be laid off on the 7.
        # Ann: 4-5-6S 15 − 9D 9 = 6; Bob: 7S 7 − 2H 2 = 5; Cy: 8S 8, went out: 8
        r = result(ABC, E(Ann=P("6S 5S 4S", hand="9D"), Bob=P(layoffs="7S", hand="2H"), Cy=P(layoffs="8S")))
        assert r.scores == {"Ann": 6, "Bob": 5, "Cy": 8}
        cy = [line for line in r.players["Cy"].lines if line.part == "layoff"]
        assert len(cy) == 1 and cy[0].card_text == "8S" and "Ann's run" in cy[0].reason

    def test_layoffs_onto_a_set(self):
        # Ann: 9-9-9 27; Bob lays off 9H 9 and holds 3C: 9 − 3 = 6
        assert scores(AB, E(Ann=P("9S 9D 9C"), Bob=P(layoffs="9H", hand="3C"))) == {"Ann": 27, "Bob": 6}

    def test_layoff_on_own_meld(self):
        # Ann: 2-3-4D 9 + her own 5D 5 = 14
        assert scores(AB, E(Ann=P("2D 3D 4D", layoffs="5D"), Bob=P(hand="KC"))) == {"Ann": 14, "Bob": -10}

    def test_ace_laid_off_low_counts_1(self):
        # Ann: 2-3-4D 9; Bob lays off AD below the 2: low, 1; holds 5C: 1 − 5 = −4
        assert scores(AB, E(Ann=P("2D 3D 4D"), Bob=P(layoffs="AD", hand="5C"))) == {"Ann": 9, "Bob": -4}

    def test_ace_laid_off_high_counts_15(self):
        # Ann: J-Q-KD 30; Bob lays off AD above the king: 15 − 5C 5 = 10
        assert scores(AB, E(Ann=P("JD QD KD"), Bob=P(layoffs="AD", hand="5C"))) == {"Ann": 30, "Bob": 10}

    def test_ambiguous_laid_off_ace_must_say_where(self):
        # AH could go below Ann's 2-3-4H (1) or on Bob's A-A-A (15): the entry must say (I-5)
        entry = E(Ann=P("2H 3H 4H"), Bob=P("AS AD AC", layoffs="AH", hand="5C"))
        message = refused(AB, entry)
        assert "Bob" in message and "AH:low" in message and "AH:high" in message

    def test_ambiguous_ace_low(self):
        # AH:low: Ann 2+3+4 = 9; Bob A-A-A 45 + AH low 1 − 5C 5 = 41
        entry = E(Ann=P("2H 3H 4H"), Bob=P("AS AD AC", layoffs="AH:low", hand="5C"))
        assert scores(AB, entry) == {"Ann": 9, "Bob": 41}

    def test_ambiguous_ace_high(self):
        # AH:high: Bob A-A-A 45 + AH on the aces 15 − 5 = 55
        entry = E(Ann=P("2H 3H 4H"), Bob=P("AS AD AC", layoffs="AH:high", hand="5C"))
        assert scores(AB, entry) == {"Ann": 9, "Bob": 55}

    def test_a_melded_ace_keeps_its_reading_when_layoffs_grow_the_run_to_the_2(self):
        # issue 12: a meld's reading is fixed when it is melded; lay-offs never change how the
        # owner's cards score. Ann melds Q-K-AH, ace high: 10 + 10 + 15 = 35. Bob lays off
        # JH … 2H: 10 + 10 + 9 + 8 + 7 + 6 + 5 + 4 + 3 + 2 = 64, holds KS 10: 64 − 10 = 54.
        entry = E(Ann=P("QH KH AH"), Bob=P(layoffs="JH 10H 9H 8H 7H 6H 5H 4H 3H 2H", hand="KS"))
        assert scores(AB, entry) == {"Ann": 35, "Bob": 54}
        ace = next(line for line in result(AB, entry).players["Ann"].lines if line.card_text == "AH")
        assert ace.points == 15
        # Laying them off herself: 35 + 64 = 99 (one more card never costs her points); Bob −10
        entry = E(Ann=P("QH KH AH", layoffs="JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"), Bob=P(hand="KS"))
        assert scores(AB, entry) == {"Ann": 99, "Bob": -10}

    def test_a_thirteen_card_run_in_one_go_says_where_its_ace_is(self):
        # issue 12, I-5: all thirteen hearts read A-2…K (ace 1) or 2…K-A (ace 15): never guessed
        run = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
        message = refused(AB, E(Ann=P(run + " AH"), Bob=P(hand="KS")))
        assert "Ann: the A♥" in message and "AH:low or AH:high" in message
        # 2 + … + 10 = 54, J Q K 30: 84; the ace high 15: 99, low 1: 85; Bob K♠ −10
        assert scores(AB, E(Ann=P(run + " AH:high"), Bob=P(hand="KS"))) == {"Ann": 99, "Bob": -10}
        assert scores(AB, E(Ann=P("AH:low " + run), Bob=P(hand="KS"))) == {"Ann": 85, "Bob": -10}

    def test_ace_low_or_high_in_two_runs_is_ambiguous(self):
        # AH could go below 2-3-4H (1) or above J-Q-KH (15)
        message = refused(AB, E(Ann=P(["2H 3H 4H", "JH QH KH"]), Bob=P(layoffs="AH", hand="5C")))
        assert "AH:low or AH:high" in message

    def test_ace_with_one_value_wherever_it_goes_needs_no_mark(self):
        # AH above Ann's J-Q-KH or on Bob's A-A-A: 15 either way, nothing to say.
        # Bob: A-A-A 45 + AH 15 = 60, went out
        assert scores(AB, E(Ann=P("JH QH KH", hand="3C"), Bob=P("AS AD AC", layoffs="AH"))) == {"Ann": 27, "Bob": 60}

    def test_ace_mark_that_does_not_fit_is_refused(self):
        # AH can only go below 2-3-4H (low): "high" fits nowhere
        assert "fits no meld" in refused(AB, E(Ann=P("2H 3H 4H"), Bob=P(layoffs="AH:high", hand="5C")))

    def test_search_not_greedy_set_first(self):
        # Ann's melds in this order: 9-9-9 (27) then 6-7-8H (21) = 48.
        # Bob lays off 9H 10H. A greedy pass puts the 9H on the nines and then the
        # 10H fits nowhere; the search puts both on the run: 9 + 10 − 2C 2 = 17.
        entry = E(Ann=P(["9S 9D 9C", "6H 7H 8H"]), Bob=P(layoffs="9H 10H", hand="2C"))
        assert scores(AB, entry) == {"Ann": 48, "Bob": 17}

    def test_search_not_greedy_typed_order(self):
        # 10H typed before the 9H it rests on: 10 fits 6-7-8H only once the 9 is there.
        # Bob: 10 + 9 − 2 = 17
        entry = E(Ann=P("6H 7H 8H"), Bob=P(layoffs="10H 9H", hand="2C"))
        assert scores(AB, entry) == {"Ann": 21, "Bob": 17}

    def test_search_across_players(self):
        # Cy's 4H could go on Bob's 4-4-4 or below Ann's 5-6-7H; Cy's 3H only below a 4H on the run.
        # Ann 5+6+7 = 18 − 2C 2 = 16; Bob 4+4+4 = 12 − KS 10 = 2; Cy 3 + 4 = 7, went out
        entry = E(Ann=P("5H 6H 7H", hand="2C"), Bob=P("4S 4D 4C", hand="KS"), Cy=P(layoffs="4H 3H"))
        assert scores(ABC, entry) == {"Ann": 16, "Bob": 2, "Cy": 7}

    def test_a_layoff_that_fits_nowhere(self):
        message = refused(AB, E(Ann=P("6H 7H 8H"), Bob=P(layoffs="QH", hand="2C")))
        assert message.startswith("Hand 1: Bob: the lay-off Q♥ fits no meld on the table")
        assert "missing" in message

    def test_the_layoff_to_blame_is_named(self):
        # 6♥ rests on 5♥ (fine); Q♦ fits nowhere: the message names the Q♦, not the 6♥
        entry = E(Ann=P(["2H 3H 4H", "2D 3D 4D"]), Bob=P(layoffs="5H 6H QD", hand="9C"))
        message = refused(AB, entry)
        assert "Q♦" in message and "6♥" not in message.split("(")[0]

    def test_every_layoff_that_fits_nowhere_is_named(self):
        # 8♥ on 7♥ (Bob's lay-off) is fine; K♠ and 2♣ fit nowhere
        entry = E(Ann=P(["5H 6H 7H", "9D 9S 9C"]), Bob=P(layoffs="KS 8H 2C", hand="4D"))
        message = refused(AB, entry)
        assert "Bob: the lay-off K♠ fits no meld on the table" in message and "nor do 2♣ (Bob)" in message
        assert "8♥" not in message

    def test_a_fifth_card_on_a_set_is_refused(self):
        assert "fits no meld" in refused(AB, E(Ann=P("7S 7H 7D 7C"), Bob=P(layoffs="8S", hand="2C")))

    def test_layoff_onto_a_points_only_table_is_refused(self):
        # Ann counted her table on paper: Bob's lay-off cannot be checked (§2.2)
        message = refused(AB, E(Ann=P(table=30, hand=0), Bob=P(layoffs="9H", hand="2C")))
        assert "Bob" in message and "9♥" in message and "record it as points too" in message

    def test_layoff_onto_a_points_only_table_beside_card_melds(self):
        entry = E(Ann=P(table=30, hand=0), Bob=P("2S 3S 4S", layoffs="9H", hand="2C"), Cy=P(hand="5D"))
        message = refused(ABC, entry)
        assert "9♥" in message and "Ann counted the table on paper" in message

    def test_points_only_lay_offs_instead(self):
        # The same hand with Bob's lay-off counted on paper too: Bob 9 − 2 = 7
        entry = E(Ann=P(table=30, hand=0), Bob=P(table=9, hand=2))
        assert scores(AB, entry) == {"Ann": 30, "Bob": 7}


class TestCorners:
    def test_corner_run_refused(self):
        message = refused(AB, E(Ann=P("KS AS 2S"), Bob=P(hand="5C")))
        assert message.startswith("Hand 1: Ann:") and "corner" in message

    def test_two_on_q_k_a_refused(self):
        message = refused(AB, E(Ann=P("QH KH AH"), Bob=P(layoffs="2H", hand="5C")))
        assert "2♥" in message and "corner" in message

    def test_king_on_a_2_3_refused(self):
        message = refused(AB, E(Ann=P("AH 2H 3H"), Bob=P(layoffs="KH", hand="5C")))
        assert "K♥" in message and "corner" in message

    def test_both_aces_in_one_run_refused(self):
        # two decks (5 players): a second AH cannot go above the K of A-…-K, nor twice
        thirteen = "AH:low 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
        entry = E(Ann=P(thirteen), Bob=P(layoffs="AH", hand="5C"), Cy=P(hand="6C"), Dee=P(hand="7C"),
                  Eve=P(hand="8C"))
        assert "fits no meld" in refused(FIVE, entry)
        assert "never both" in refused(FIVE, E(Ann=P("AH 2H 3H AH"), Bob=P(hand="5C"), Cy=P(hand="6C"),
                                               Dee=P(hand="7C"), Eve=P(hand="8C")))


# ------------------------------------------------------------------- deck counts


def five(**given) -> dict:
    """A 5-player hand where Ann went out and everyone else holds one different club."""
    players = {"Ann": P(), "Bob": P(hand="2C"), "Cy": P(hand="3C"), "Dee": P(hand="4C"), "Eve": P(hand="5C")}
    players.update(given)
    return {"players": players}


class TestDecks:
    @pytest.mark.parametrize("variant, n, decks", [
        ("rummy500", 2, 1), ("rummy500", 4, 1), ("rummy500", 5, 2), ("rummy500", 8, 2),
        ("rum500", 2, 1), ("rum500", 7, 1), ("rum500", 8, 2),     # I-3: two decks for 8
    ])
    def test_default_decks(self, variant, n, decks):
        assert setup([f"P{i}" for i in range(n)], variant=variant).rules["decks"] == decks

    def test_one_deck_holds_a_card_once_across_the_hand(self):
        message = refused(AB, E(Ann=P("7H 8H 9H"), Bob=P(hand="9H")))
        assert "9♥" in message and "Ann, Bob" in message and "one deck" in message

    def test_same_card_in_two_layoffs(self):
        message = refused(ABC, E(Ann=P("7H 8H 9H"), Bob=P(layoffs="10H", hand="2C"), Cy=P(layoffs="10H", hand="3C")))
        assert "10♥ appears 2 times" in message

    def test_same_card_in_one_hand(self):
        assert "4♠ appears 2 times in this hand (Ann)" in refused(AB, E(Ann=P("2S 3S 4S", hand="4S"), Bob=P()))

    def test_two_decks_for_five_players(self):
        # 7♥ twice, in two different melds: Ann 7+8+9 = 24; Bob 7+7+7 = 21 − 2 = 19
        entry = five(Ann=P("7H 8H 9H"), Bob=P("7H 7S 7D", hand="2C"))
        assert scores(FIVE, entry)["Bob"] == 19
        # but never three times
        three = five(Ann=P("7H 8H 9H"), Bob=P("7H 7S 7D", hand="2C"), Cy=P(hand="7H"))
        assert "7♥ appears 3 times" in refused(FIVE, three) and "two decks hold it only twice" in refused(FIVE, three)

    def test_four_players_one_deck(self):
        players = ["Ann", "Bob", "Cy", "Dee"]
        entry = E(Ann=P("7H 8H 9H"), Bob=P("7H 7S 7D", hand="2C"), Cy=P(hand="3C"), Dee=P(hand="4C"))
        assert "one deck holds it only once" in refused(players, entry)
        # decks=2 lets four players play with two decks: Bob 21 − 2 = 19
        assert scores(players, entry, "decks=2")["Bob"] == 19

    def test_decks_1_for_five_players(self):
        entry = five(Ann=P("7H 8H 9H"), Bob=P("7H 7S 7D", hand="2C"))
        assert "one deck holds it only once" in refused(FIVE, entry, "decks=1")

    def test_rum500_eight_players_two_decks(self):
        # I-3: Rum 500 with 8 players plays with two decks: KS twice is fine
        eight = [f"P{i}" for i in range(1, 9)]
        players = {p: P(hand=f"{i + 2}C") for i, p in enumerate(eight)}
        players["P1"] = P("KS KH KD")   # 30
        players["P2"] = P("QS KS AS", hand="2C")  # 10 + 10 + 15 − 2 = 33
        entry = {"players": players}
        got = scores(eight, entry, variant="rum500")
        assert got["P1"] == 30 and got["P2"] == 33
        # seven players: one deck, the second KS is refused
        seven = eight[:7]
        entry7 = {"players": {p: players[p] for p in seven}}
        assert "one deck holds it only once" in refused(seven, entry7, variant="rum500")

    def test_eight_players_cannot_play_from_one_deck(self):
        with pytest.raises(InputError, match="8 players cannot be dealt 7 cards each from one deck"):
            setup([f"P{i}" for i in range(8)], "decks=1", variant="rum500")


class TestSetDuplicates:
    """SPEC §2.2: Rummy 500 ("groups of three or more cards of one rank") with two decks lets a set
    hold identical cards and grow past four (set_duplicates, true by default); set_duplicates=false
    keeps three or four different cards; Rum 500 keeps 3–4, identical cards only with the option."""

    def test_allowed_by_default_with_two_decks(self):
        # Bob: 7 + 7 + 7 = 21 − 2 = 19
        assert scores(FIVE, five(Bob=P("7H 7H 7S", hand="2C")))["Bob"] == 19

    def test_refused_with_the_option_off(self):
        assert "two identical cards" in refused(FIVE, five(Bob=P("7H 7H 7S", hand="2C")), "set_duplicates=false")

    def test_a_duplicate_laid_off_onto_a_set(self):
        # Bob's 7-7-7 (21 − 2 = 19); Cy lays off a second 7S: 7 − 3 = 4
        entry = five(Bob=P("7H 7S 7D", hand="2C"), Cy=P(layoffs="7S", hand="3C"))
        assert "fits no meld" in refused(FIVE, entry, "set_duplicates=false")
        got = scores(FIVE, entry)
        assert got["Bob"] == 19 and got["Cy"] == 4

    def test_sets_grow_past_four(self):
        # Bob: five sevens 7 × 5 = 35 − 2 = 33; a fifth seven laid off on four: Cy 7 − 3 = 4
        assert scores(FIVE, five(Bob=P("7H 7H 7S 7D 7C", hand="2C")))["Bob"] == 33
        entry = five(Bob=P("7H 7H 7S 7D", hand="2C"), Cy=P(layoffs="7C", hand="3C"))
        got = scores(FIVE, entry)
        assert got["Bob"] == 7 * 4 - 2 and got["Cy"] == 4

    def test_never_more_than_four_with_the_option_off_or_in_rum500(self):
        assert "never has more than four" in refused(FIVE, five(Bob=P("7H 7S 7D 7C 7S", hand="2C")),
                                                     "set_duplicates=false")
        entry = five(Bob=P("7H 7S 7D 7C", hand="2C"), Cy=P(layoffs="7C", hand="3C"))
        assert "fits no meld" in refused(FIVE, entry, "set_duplicates=false")
        eight = [f"P{i}" for i in range(8)]
        entry = {"players": {p: {"melds": [], "hand": f"{i}C"} for i, p in enumerate(eight, 2)}}
        entry["players"]["P0"] = {"melds": ["7H 7H 7S 7D 7C"], "hand": ""}
        assert "never has more than four" in refused(eight, entry, "set_duplicates=true", variant="rum500")

    def test_needs_two_decks_when_asked_for(self):
        # Rum 500 asks for it: refused with one deck; Rummy 500's default means nothing with one deck
        with pytest.raises(InputError, match="set_duplicates=true needs two decks"):
            setup(ABC, "set_duplicates=true", variant="rum500")
        assert setup(ABC, "set_duplicates=true", "decks=2", variant="rum500").rules["set_duplicates"] is True
        assert setup(ABC).rules["set_duplicates"] is True
        assert "one deck holds it only once" in refused(ABC, {"players": {"Ann": {"melds": ["7H 7H 7S"], "hand": ""},
                                                                           "Bob": {"hand": "2C"}, "Cy": {"hand": "3C"}}})


# ------------------------------------------------------------------ other rules


class TestNegativeAndValues:
    def test_negative_hand_and_total(self):
        # Hand 1 Ann: 2-3-4S 9 − (KS 10 + QS 10 + JS 10 + AC 15 = 45) = −36
        # Hand 2 Ann: nothing down, holds 5D: −5 → total −41
        st = game(AB, E(Ann=P("2S 3S 4S", hand="KS QS JS AC"), Bob=P()), E(Ann=P(hand="5D"), Bob=P("9D 10D JD")))
        assert [r.scores["Ann"] for r in st.results] == [-36, -5]
        assert st.totals == {"Ann": -41, "Bob": 29}   # Bob: 0 + (9 + 10 + 10)
        assert [rank for rank, _, _ in st.ranking()] == [1, 2]

    def test_card_values_5_10_15(self):
        # 5-10-15: 2–9 five, 10–K ten, ace 15 (5 where low).
        # Ann: A-2-3S low 5+5+5 = 15; 10-J-QH 30; K-K-K 30; holds AD 15 + 9C 5 = 20 → 15 + 30 + 30 − 20 = 55
        # Bob: 9-10-JD 5 + 10 + 10 = 25; lays off 4S on Ann's A-2-3S: 5; went out → 30
        entry = E(Ann=P(["AS 2S 3S", "10H JH QH", "KS KD KC"], hand="AD 9C"), Bob=P("9D 10D JD", layoffs="4S"))
        assert scores(AB, entry, "card_values=5-10-15") == {"Ann": 55, "Bob": 30}
        # ace_in_hand=1 on that scale means the low value, 5: Ann 15 + 30 + 30 − (5 + 5) = 65
        assert scores(AB, entry, "card_values=5-10-15", "ace_in_hand=1")["Ann"] == 65

    def test_5_10_15_high_ace_and_low_layoff(self):
        # Q-K-AC high: 10 + 10 + 15 = 35; Bob lays off AD low on 2-3-4D (his own): 5+5+5 + 5 = 20, holds 7S 5 → 15
        entry = E(Ann=P("QC KC AC"), Bob=P("2D 3D 4D", layoffs="AD", hand="7S"))
        assert scores(AB, entry, "card_values=5-10-15") == {"Ann": 35, "Bob": 15}

    def test_out_bonus(self):
        # out_bonus=25: Ann went out with 7-8-9S 24 + 25 = 49; Bob −10 and no bonus
        entry = E(Ann=P("7S 8S 9S"), Bob=P(hand="KD"))
        assert scores(AB, entry) == {"Ann": 24, "Bob": -10}
        assert scores(AB, entry, "out_bonus=25") == {"Ann": 49, "Bob": -10}
        bonus = [line for line in result(AB, entry, "out_bonus=25").players["Ann"].lines if line.part == "bonus"]
        assert [line.points for line in bonus] == [25]

    def test_out_bonus_points_only_needs_out(self):
        # a points-only 0 means no cards left (I-6, issue 12): where going out scores, "out" must
        # name her, since the bonus is never guessed
        entry = E(Ann=P(table=24, hand=0), Bob=P(table=5, hand=10))
        assert "say so with" in refused(AB, entry, "out_bonus=25")
        assert scores(AB, entry | {"out": "Ann"}, "out_bonus=25") == {"Ann": 49, "Bob": -5}   # 24 + 25

    def test_won_is_who_went_out(self):
        # I-7: the hand is won by the player who went out; nobody when the stock ran out
        assert result(AB, E(Ann=P("7S 8S 9S"), Bob=P(hand="KD"))).won == ["Ann"]
        stock = E(Ann=P("7S 8S 9S", hand="2D"), Bob=P(hand="KD")) | {"stock_exhausted": True}
        r = result(AB, stock)
        assert r.won == [] and r.scores == {"Ann": 22, "Bob": -10}
        assert game(AB, E(Ann=P("7S 8S 9S"), Bob=P(hand="KD")), stock).won == {"Ann": 1, "Bob": 0}


class TestPointsOnly:
    def test_whole_hand_on_paper(self):
        # Ann 80 − 85 = −5; Bob 35 − 0 = 35 (seed example)
        r = result(AB, E(Ann=P(table=80, hand=85), Bob=P(table=35, hand=0)))
        assert r.scores == {"Ann": -5, "Bob": 35} and r.points_only
        assert r.won == ["Bob"]   # a points-only 0 means no cards left: Bob went out (I-6, issue 12)

    def test_one_player_on_paper_in_a_card_hand(self):
        r = result(AB, E(Ann=P("7S 8S 9S"), Bob=P(table=20, hand=12)))
        assert r.scores == {"Ann": 24, "Bob": 8} and not r.points_only
        assert r.players["Bob"].points_only and not r.players["Ann"].points_only

    def test_hand_points_without_table(self):
        # Bob put nothing down and counted 12 in hand: −12
        assert scores(AB, E(Ann=P("7S 8S 9S"), Bob=P(hand=12))) == {"Ann": 24, "Bob": -12}

    def test_totals_from_paper_are_carried_over_not_entered_as_a_hand(self):
        # issue 12: a table worth more than one deck (396) is refused; new --carry carries totals over
        assert "396" in refused(AB, E(Ann=P(table=480, hand=0), Bob=P(table=301, hand=1)))
        st = replay(new_setup(get_variant("rummy500"), AB, (), None, ["Ann=480", "Bob=300"]), [])
        assert st.totals == {"Ann": 480, "Bob": 300} and not st.ending.finished

    def test_table_and_melds_together_refused(self):
        message = refused(AB, E(Ann={"table": 20, "melds": "7S 8S 9S", "hand": 0}, Bob=P()))
        assert "Ann" in message and "not both" in message

    @pytest.mark.parametrize("bad", [-3, 2.5, True, None, {"x": 1}])
    def test_bad_points(self, bad):
        assert "Ann" in refused(AB, E(Ann={"table": bad, "hand": 0}, Bob=P()))
        assert "Ann" in refused(AB, E(Ann={"hand": bad}, Bob=P()))


# ------------------------------------------------------------------- game end


class TestEnd:
    def test_target_option(self):
        # target=100: Ann 100 − 0 reaches it at once; Bob 40 − 5 = 35
        st = game(AB, E(Ann=P(table=100, hand=0), Bob=P(table=40, hand=5)), rules=["target=100"])
        assert st.ending.finished and st.ending.winners == ["Ann"]
        assert st.next_dealer is None and st.next_leader is None
        with pytest.raises(StateError, match="finished"):
            play(st.setup, [E(Ann=P(table=100, hand=0), Bob=P(table=40, hand=5))], E(Ann=P(), Bob=P(hand="2C")))

    def test_500_counts_as_reaching_the_target(self):
        # 480 carried over, + 20 − 0 = 500; Bob 1 − 1 = 0
        st = replay(new_setup(get_variant("rummy500"), AB, (), None, ["Ann=480"]),
                    [E(Ann=P(table=20, hand=0), Bob=P(table=1, hand=1))])
        assert st.totals == {"Ann": 500, "Bob": 0}
        assert st.ending.finished and st.ending.winners == ["Ann"]

    def test_not_finished_below_the_target(self):
        st = replay(new_setup(get_variant("rummy500"), AB, (), None, ["Ann=480"]),
                    [E(Ann=P(table=19, hand=0), Bob=P(table=1, hand=1))])   # 480 + 19 = 499
        assert not st.ending.finished and st.ending.winners == []

    def test_highest_total_wins_even_if_another_reached_first(self):
        # target=100. Hand 1: Ann 60, Bob 50. Hand 2: Ann +45 → 105 (reaches first in seat
        # order), Bob +60 → 110: the game ends and Bob, highest, wins.
        st = game(AB, E(Ann=P(table=60, hand=0), Bob=P(table=51, hand=1)),
                  E(Ann=P(table=45, hand=0), Bob=P(table=61, hand=1)), rules=["target=100"])
        assert st.totals == {"Ann": 105, "Bob": 110}
        assert st.ending.finished and st.ending.winners == ["Bob"]

    def test_the_winner_may_be_below_the_target_only_if_nobody_is_higher(self):
        # target=100: Ann 100, Bob 90, Cy 95: Ann is highest
        st = game(ABC, E(Ann=P(table=100, hand=0), Bob=P(table=91, hand=1), Cy=P(table=96, hand=1)),
                  rules=["target=100"])
        assert st.ending.winners == ["Ann"]

    def test_tie_at_the_target_plays_on(self):
        # I-1 play-on: Ann 110 − 0 = 110, Bob 115 − 5 = 110: tied, the game goes on
        tied = E(Ann=P(table=110, hand=0), Bob=P(table=115, hand=5))
        st = game(AB, tied, rules=["target=100"])
        assert not st.ending.finished and st.ending.winners == []
        assert "Ann and Bob are tied at 110" in st.ending.note and "I-1" in st.ending.note
        assert st.next_dealer == "Bob"   # the deal keeps passing
        # a later hand breaks the tie: Ann +10 → 120, Bob −3 → 107
        st = game(AB, tied, E(Ann=P(table=10, hand=0), Bob=P(table=0, hand=3)), rules=["target=100"])
        assert st.ending.finished and st.ending.winners == ["Ann"] and st.totals == {"Ann": 120, "Bob": 107}

    def test_tie_still_tied_after_another_hand(self):
        tied = E(Ann=P(table=110, hand=0), Bob=P(table=115, hand=5))
        again = E(Ann=P(table=5, hand=0), Bob=P(table=6, hand=1))
        st = game(AB, tied, again, rules=["target=100"])
        assert not st.ending.finished and "tied at 115" in st.ending.note

    def test_tie_shared(self):
        st = game(AB, E(Ann=P(table=110, hand=0), Bob=P(table=115, hand=5)), rules=["target=100", "tie=shared"])
        assert st.ending.finished and st.ending.winners == ["Ann", "Bob"]
        assert "share the win" in st.ending.note

    def test_a_tie_below_the_top_does_not_matter(self):
        # Ann 120, Bob 110, Cy 110: Ann wins outright
        st = game(ABC, E(Ann=P(table=120, hand=0), Bob=P(table=111, hand=1), Cy=P(table=111, hand=1)),
                  rules=["target=100"])
        assert st.ending.finished and st.ending.winners == ["Ann"]
        assert st.ranking() == [(1, "Ann", 120), (2, "Bob", 110), (2, "Cy", 110)]


class TestSeats:
    def test_dealer_and_leader_rotate(self):
        st = game(ABC)
        assert (st.next_dealer, st.next_leader) == ("Ann", "Bob")
        h = E(Ann=P(table=2, hand=1), Bob=P(table=2, hand=1), Cy=P(table=2, hand=1))
        assert (game(ABC, h).next_dealer, game(ABC, h).next_leader) == ("Bob", "Cy")
        assert (game(ABC, h, h).next_dealer, game(ABC, h, h).next_leader) == ("Cy", "Ann")
        assert (game(ABC, h, h, h).next_dealer, game(ABC, h, h, h).next_leader) == ("Ann", "Bob")

    def test_first_dealer_chosen(self):
        st = game(ABC, dealer="Cy")
        assert (st.next_dealer, st.next_leader) == ("Cy", "Ann")
        h = E(Ann=P(table=2, hand=1), Bob=P(table=2, hand=1), Cy=P(table=2, hand=1))
        assert game(ABC, h, dealer="Cy").next_dealer == "Ann"

    def test_dealer_name_ignores_case(self):
        assert game(ABC, dealer="cy").next_dealer == "Cy"

    def test_unknown_dealer(self):
        with pytest.raises(InputError, match='The dealer "Bib" is not one of the players.*did you mean "Bob"'):
            setup(ABC, dealer="Bib")

    def test_ranks_share_places(self):
        # totals Ann 10, Bob 5, Cy 5 → 1, 2, 2; Ann 5, Bob 5, Cy 0 → 1, 1, 3
        st = game(ABC, E(Ann=P(table=10, hand=0), Bob=P(table=6, hand=1), Cy=P(table=6, hand=1)))
        assert st.ranking() == [(1, "Ann", 10), (2, "Bob", 5), (2, "Cy", 5)]
        st = game(ABC, E(Ann=P(table=5, hand=0), Bob=P(table=6, hand=1), Cy=P(table=1, hand=1)))
        assert st.ranking() == [(1, "Ann", 5), (1, "Bob", 5), (3, "Cy", 0)]


class TestSetupChecks:
    @pytest.mark.parametrize("n", [1, 9, 12])
    def test_player_count(self, n):
        with pytest.raises(InputError, match=f"played by 2 to 8 players, not {n}"):
            setup([f"P{i}" for i in range(n)])

    @pytest.mark.parametrize("n", [2, 8])
    def test_player_count_limits_accepted(self, n):
        assert len(setup([f"P{i}" for i in range(n)], variant="rum500").players) == n

    @pytest.mark.parametrize("names, why", [
        (["Ann", "Bob", "Ann"], '"Ann" is named twice'),
        (["Ann", "ann"], '"ann" is named twice'),
        (["Ann", ""], "cannot be empty"),
        (["Ann", " Bob"], "cannot start or end with spaces"),
        (["Ann", "Bob:x"], 'cannot hold ":"'),
    ])
    def test_names(self, names, why):
        with pytest.raises(InputError, match=why):
            setup(names)

    @pytest.mark.parametrize("option, why", [
        ("colour=red", '"colour" is not a rule option; Rummy 500 has target, tie, ace_in_hand'),
        ("target=0", "target=0 is not allowed: target takes a whole number ≥ 1"),
        ("target=abc", "target takes a whole number ≥ 1"),
        ("tie=coin", "tie takes play-on or shared"),
        ("ace_in_hand=10", "ace_in_hand takes 15 or 1"),
        ("card_values=5-10", "card_values takes face or 5-10-15"),
        ("out_bonus=-5", "out_bonus takes a whole number ≥ 0"),
        ("decks=3", "decks takes 1 or 2"),
        ("set_duplicates=maybe", "set_duplicates takes true or false"),
        ("target", "is not KEY=VALUE"),
    ])
    def test_bad_options(self, option, why):
        with pytest.raises(InputError) as e:
            setup(ABC, option)
        assert why in e.value.message

    def test_options_are_typed(self):
        rules = setup(ABC, "target=300", "tie=shared", "ace_in_hand=1", "card_values=5-10-15", "out_bonus=10",
                      "decks=2", "set_duplicates=yes").rules
        assert rules == {"target": 300, "tie": "shared", "ace_in_hand": 1, "card_values": "5-10-15",
                         "out_bonus": 10, "decks": 2, "set_duplicates": True}

    def test_defaults(self):
        assert setup(ABC).rules == {"target": 500, "tie": "play-on", "ace_in_hand": 15, "card_values": "face",
                                    "out_bonus": 0, "decks": 1, "set_duplicates": True}
        assert setup(ABC, variant="rum500").rules["set_duplicates"] is False

    def test_aliases(self):
        assert get_variant("500").id == "rummy500" and get_variant("500-rum").id == "rummy500"
        assert get_variant("michigan-rum").id == "rum500" and get_variant("RUM500").id == "rum500"
        with pytest.raises(InputError, match='"rummy" is not a variant'):
            get_variant("rummy")


class TestEntryChecks:
    def test_unknown_player_did_you_mean(self):
        message = refused(AB, {"players": {"Ann": P(), "Bobb": P(hand="2C")}})
        assert '"Bobb" is not a player of this session (did you mean "Bob"?)' in message

    def test_missing_player(self):
        assert "Bob is missing from the hand" in refused(AB, {"players": {"Ann": P()}})

    def test_knock_is_refused_saying_how_a_hand_ends(self):
        # not "belongs to Carousel": Gin Rummy knocks too
        said = refused(AB, E(Ann=P(), Bob=P(hand="2C")) | {"knock": "Ann"})
        assert "no knocking" in said and "goes out" in said and "Carousel" not in said

    def test_two_players_out(self):
        assert "Hand 1: only one player can go out" in refused(AB, E(Ann=P(), Bob=P()))

    def test_out_names_a_player_with_cards(self):
        assert "Bob is named as out but still holds 1 card." in refused(AB, E(Ann=P(hand="2C"), Bob=P(hand="3C")) | {"out": "Bob"})

    def test_unknown_key(self):
        assert '"jokers" is not a key' in refused(AB, E(Ann=P() | {"jokers": 1}, Bob=P(hand="2C")))

    def test_missing_hand(self):
        assert '"hand" is missing' in refused(AB, E(Ann={"melds": "7S 8S 9S"}, Bob=P(hand="2C")))

    def test_bad_card_names_it(self):
        message = refused(AB, E(Ann=P("7S 8S 9S", hand="1H"), Bob=P()))
        assert '"1H" is not a card' in message


# ---------------------------------------------------- worked games: explanations


def worked_games():
    games = [g for g in load_games("shared_rummy500.json")["games"]]
    demo = json.loads((__import__("pathlib").Path(__file__).resolve().parents[1]
                       / "scorekeeper" / "data" / "demo_rummy500.json").read_text(encoding="utf-8"))
    return games + [demo]


@pytest.mark.parametrize("g", worked_games(), ids=lambda g: g["id"])
def test_explanation_lines_add_up_to_the_hand_worked_scores(g):
    st = game(g["players"], *g["hands"], rules=g["rules"], variant=g["variant"])
    for number, (r, expected, raw) in enumerate(zip(st.results, g["expect"]["scores"], g["hands"]), 1):
        for name, ps in r.players.items():
            # the lines sum to the score worked out by hand
            assert sum(line.points for line in ps.lines) == expected[name], (number, name)
            assert ps.score == expected[name]
            for line in ps.lines:
                assert line.rule.startswith("§") and line.reason and line.part in (
                    "meld", "layoff", "hand", "table", "bonus")
            # every card the player showed has exactly one line, with its value by §2.1
            entry = raw["players"][name]
            shown = [format_card(c.card) for m in split_melds(entry.get("melds", [])) for c in m]
            shown += [format_card(c.card) for c in parse_played_cards(entry.get("layoffs", ""))]
            if isinstance(entry["hand"], (str, list)):
                shown += [format_card(c) for c in parse_cards(entry["hand"])]
            assert Counter(line.card_text for line in ps.lines if line.card) == Counter(shown), (number, name)
            for line in ps.lines:
                if line.part == "hand" and line.card:
                    assert line.points < 0 or line.points == 0
                if line.part in ("meld", "layoff") and line.card and line.card.rank != 1:
                    rank = line.card_text[:-1]
                    assert line.points == {"J": 10, "Q": 10, "K": 10}.get(rank, None) or line.points == int(rank)
    assert st.totals == g["expect"]["totals"]
    assert st.ending.finished == g["expect"]["finished"]
    assert st.ending.winners == g["expect"]["winners"]


def test_explanations_name_the_low_ace():
    r = result(AB, E(Ann=P("AS 2S 3S"), Bob=P(hand="AD")))
    ace = next(line for line in r.players["Ann"].lines if line.card_text == "AS")
    assert ace.points == 1 and "low ace" in ace.reason
    held = next(line for line in r.players["Bob"].lines if line.card_text == "AD")
    assert held.points == -15 and "left in hand" in held.reason
    # one meld is one term: 1 + 2 + 3 = 6 is the meld's value, the sum has a single term
    assert r.players["Ann"].arithmetic() == "6"
    assert r.players["Bob"].arithmetic() == "−15"


def test_arithmetic_has_one_term_per_meld():
    # SPEC §4: Ann 7H8H9H (24) + QSQDQC (30) + lay-off 10H (10) − AS4D (15 + 4 = 19) = 45
    r = result(("Ann", "Bob", "Cy"), {"players": {
        "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
        "Bob": {"melds": [], "hand": ""}, "Cy": {"table": 80, "hand": 85}}})
    assert r.players["Ann"].arithmetic() == "24 + 30 + 10 − 19 = 45"
    assert r.players["Cy"].arithmetic() == "80 − 85 = −5"  # 80 on the table, 85 in hand


# ------------------------------------------------- worked games through the CLI


def record_game(cli, g) -> None:
    """Start a session for ``g`` and record its hands with `hand --file`."""
    args = ["new", g["variant"], *g["players"], "--json"]
    for rule in g["rules"]:
        args += ["--rule", rule]
    r = cli(*args)
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)["session"]


@pytest.mark.parametrize("g", worked_games(), ids=lambda g: g["id"])
def test_worked_games_through_hand_file(cli, tmp_path, g):
    record_game(cli, g)
    for number, hand in enumerate(g["hands"], 1):
        path = tmp_path / f"hand{number}.json"
        path.write_text(json.dumps(hand), encoding="utf-8")
        r = cli("hand", "--file", path, "--json")
        assert r.exit_code == 0, (number, r.stderr)
        doc = json.loads(r.stdout)
        assert doc["number"] == number and doc["scores"] == g["expect"]["scores"][number - 1]
    history = json.loads(cli("history", "--json").stdout)
    assert [h["scores"] for h in history["hands"]] == g["expect"]["scores"]
    standings = json.loads(cli("standings", "--json").stdout)
    assert {p["name"]: p["total"] for p in standings["players"]} == g["expect"]["totals"]
    assert standings["finished"] == g["expect"]["finished"]
    assert standings["winners"] == g["expect"]["winners"]
    assert standings["variant"] == g["variant"] and standings["hands"] == len(g["hands"])


def test_worked_games_hand_files_in_toml(cli, tmp_path):
    # The same layoff-on-layoff game as TOML gives the same scores
    g = next(g for g in load_games("shared_rummy500.json")["games"] if g["id"] == "layoff-on-layoff")
    record_game(cli, g)
    lines = []
    for name, e in g["hands"][0]["players"].items():
        lines.append(f'[players."{name}"]')
        for key, value in e.items():
            lines.append(f"{key} = {json.dumps(value)}")
    path = tmp_path / "hand.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("hand", "--file", path, "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["scores"] == g["expect"]["scores"][0]


def rejects():
    return load_games("shared_rummy500.json")["rejects"]


@pytest.mark.parametrize("rej", rejects(), ids=lambda r: r["id"])
def test_rejects_exit_2_and_store_nothing(cli, tmp_path, rej):
    record_game(cli, {"variant": rej["variant"], "players": rej["players"], "rules": rej.get("rules", [])})
    # one good hand first, so "unchanged" means something
    good = {"players": {p: {"table": 11, "hand": 1} for p in rej["players"]}}
    (tmp_path / "good.json").write_text(json.dumps(good), encoding="utf-8")
    assert cli("hand", "--file", tmp_path / "good.json").exit_code == 0
    before = cli("history", "--json").stdout
    path = tmp_path / "reject.json"
    path.write_text(json.dumps(rej["reject"]), encoding="utf-8")
    r = cli("hand", "--file", path)
    assert r.exit_code == 2
    assert no_document(r.stdout)
    assert r.stderr.strip() and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert cli("history", "--json").stdout == before
    r = cli("hand", "--file", path, "--json")
    assert r.exit_code == 2 and no_document(r.stdout)


def test_reject_reasons_name_the_card_or_meld(cli, tmp_path):
    reasons = {}
    for rej in rejects():
        record_game(cli, {"variant": rej["variant"], "players": rej["players"], "rules": []})
        path = tmp_path / f"{rej['id']}.json"
        path.write_text(json.dumps(rej["reject"]), encoding="utf-8")
        reasons[rej["id"]] = cli("hand", "--file", path).stderr
    assert "Bob" in reasons["mixed-suit-run"] and "not a run" in reasons["mixed-suit-run"]
    assert "corner" in reasons["corner"]
    assert "Bob" in reasons["two-on-AKQ"] and "2H" in reasons["two-on-AKQ"] and "corner" in reasons["two-on-AKQ"]
    assert "JC" in reasons["duplicate"] and "one deck" in reasons["duplicate"]


@pytest.mark.parametrize("option, allowed", [
    ("colour=red", "target, tie, ace_in_hand, card_values, out_bonus, decks, set_duplicates"),
    ("target=0", "a whole number ≥ 1"),
    ("tie=maybe", "play-on or shared"),
    ("card_values=faces", "face or 5-10-15"),
    ("decks=3", "1 or 2"),
    ("knock_limit=5", "target, tie, ace_in_hand, card_values, out_bonus, decks, set_duplicates"),
    ("round_bonus=all", "target, tie, ace_in_hand, card_values, out_bonus, decks, set_duplicates"),
])
def test_rule_options_through_new(cli, option, allowed):
    r = cli("new", "rummy500", "Ann", "Bob", "--rule", option)
    assert r.exit_code == 2 and r.stdout == ""
    assert allowed in r.stderr and "Traceback" not in r.stderr
    assert json.loads(cli("sessions", "--json").stdout)["sessions"] == []


def test_an_option_of_another_variant_says_it_does_not_apply(cli):
    if "carousel" not in __import__("scorekeeper.core.variants", fromlist=["VARIANTS"]).VARIANTS:
        pytest.skip("Carousel is not part of this build")
    r = cli("new", "rummy500", "Ann", "Bob", "--rule", "knock_limit=5")
    assert r.exit_code == 2 and 'does not apply to Rummy 500' in r.stderr


def test_rules_are_stored_with_the_session(cli):
    r = cli("new", "rum500", "Ann", "Bob", "--rule", "target=300", "--rule", "card_values=5-10-15", "--json")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["variant"] == "rum500" and doc["rules"]["target"] == 300 and doc["rules"]["card_values"] == "5-10-15"
    assert json.loads(cli("standings", "--json").stdout)["target"] == 300


# ------------------------------------------------------------------------ results and errors as data


def test_explanation_lines_are_data():
    from scorekeeper.core.cards import Card

    # Ann: 7-8-9♥ 24, lays off 10♥ 10, holds A♠ −15: 24 + 10 − 15 = 19
    r = result(AB, E(Ann=P("7H 8H 9H", layoffs="10H", hand="AS"), Bob=P(hand="4D")))
    seven, *_, ten, ace = r.players["Ann"].lines
    assert seven.card == Card(7, "H") and seven.code == "line.meld_card" and seven.facts["amount"] == 7
    assert seven.rule == "§2.3" and seven.term == "meld 0" and seven.rules == ["§2.3"]
    assert ten.card == Card(10, "H") and ten.part == "layoff" and ten.rules == ["§2.2", "§2.3"]
    assert ace.as_json() == {"card": "AS", "points": -15, "part": "hand", "reason": "A♠ left in hand: ace, −15",
                             "rule": "§2.1"}
    assert ten.reason == "10♥ laid off by Ann on their own run 7♥ 8♥ 9♥: face value, 10"
    assert r.players["Ann"].arithmetic() == "24 + 10 − 15 = 19"


def test_errors_carry_the_hand_and_the_player_as_facts():
    good = E(Ann=P("QS KS AS"), Bob=P(hand="AD"))
    with pytest.raises(InputError) as e:
        game(AB, good, E(Ann=P("2C 3C 5C"), Bob=P(hand="AD")))
    assert e.value.hand == 2 and e.value.player == "Ann" and e.value.code == "game.of_player"
    assert e.value.message.startswith("Hand 2: Ann: 2♣ 3♣ 5♣: ")
    with pytest.raises(InputError) as e:
        game(AB, E(Ann=P("2H 3H 4H"), Bob=P("AS AD AC", layoffs="AH", hand="5C")))
    assert (e.value.code, e.value.hand, e.value.player) == ("layoff.ace_ambiguous", 1, "Bob")
