"""Issue 12 (the core's part): impossible points, scores carried over from paper,
explanations that say what happens, and rules cited by name, never by SPEC section.

Every expected value is worked out by hand from the rules; the arithmetic is in
the comment beside it.
"""
from __future__ import annotations

import pytest

from scorekeeper.core.errors import InputError
from scorekeeper.core.game import GameSoFar, new_setup, replay
from scorekeeper.core.variants import get_variant


def game(variant, players, *entries, rules=(), carry=()):
    return replay(new_setup(get_variant(variant), players, rules, None, carry), list(entries))


def refused(variant, players, entry, rules=()) -> InputError:
    with pytest.raises(InputError) as e:
        game(variant, players, entry, rules=rules)
    return e.value


def E(knock=None, out=None, **players):
    entry = {"players": {p: (v if isinstance(v, dict) else {"hand": v}) for p, v in players.items()}}
    if knock:
        entry["knock"] = knock
    if out:
        entry["out"] = out
    return entry


# --- explanations that say what happens (item 3) ------------------------------------------


def test_a_player_tied_with_the_knocker_wins_the_round_and_the_explanation_says_so():
    # Ann knocks with 3♣ 2♦ (5); Gran holds 5♠ (5), tied with her; Bob holds K♠ 7♥ (17).
    # The knocker tied for lowest wins nothing; Gran wins: (5 − 5) + (17 − 5) = 12, +10 undercut = 22.
    state = game("carousel", ["Ann", "Gran", "Bob"], E(knock="Ann", Ann="3C 2D", Gran="5S", Bob="KS 7H"))
    result = state.results[0]
    assert result.scores == {"Ann": 0, "Gran": 22, "Bob": 0}
    assert result.notes == ["Ann knocked with 5 and Gran holds 5 too: the knocker wins nothing; "
                            "Gran, tied with the knocker, wins the round."]
    assert "as if" not in result.notes[0]


def test_two_players_tied_with_the_knocker_both_win():
    # Ann knocks with 4♣ (4); Bob 4♥ (4) and Cy 4♠ (4) tie her; Dee holds 10♦ (10).
    # Bob: (4 − 4) + (4 − 4) + (10 − 4) = 6, +10 = 16; Cy the same.
    state = game("carousel", ["Ann", "Bob", "Cy", "Dee"], E(knock="Ann", Ann="4C", Bob="4H", Cy="4S", Dee="10D"))
    assert state.results[0].scores == {"Ann": 0, "Bob": 16, "Cy": 16, "Dee": 0}
    assert state.results[0].notes == ["Ann knocked with 4 and Bob and Cy hold 4 too: the knocker wins nothing; "
                                      "Bob and Cy, tied with the knocker, win the round."]


def test_a_lay_off_names_the_meld_as_it_was_when_the_card_was_laid_off():
    # Ann melds 7♥ 8♥ 9♥ (24), lays off 10♥ (10) then J♥ (10): 24 + 20 = 44; Bob holds 2♣ (−2).
    state = game("rummy500", ["Ann", "Bob"],
                 E(Ann={"melds": "7H 8H 9H", "layoffs": "JH 10H", "hand": ""}, Bob="2C"))
    ann = state.results[0].players["Ann"]
    assert ann.score == 44
    by_card = {line.card_text: line.reason for line in ann.lines}
    assert by_card["10H"] == "10♥ laid off by Ann on their own run 7♥ 8♥ 9♥: face value, 10"
    assert by_card["JH"] == "J♥ laid off by Ann on their own run 7♥ 8♥ 9♥ 10♥: court card, 10"


def test_a_lay_off_below_a_run_and_another_player_laying_off_above_it():
    # Ann melds 5♠ 6♠ 7♠ (18); Bob lays off 8♠ then 9♠ (17) and Ann 4♠ (4) then 3♠ (3).
    # Ann: 18 + 7 = 25 − 0 = 25; Bob: 17 − K♦ 10 = 7.
    state = game("rummy500", ["Ann", "Bob"],
                 E(Ann={"melds": "5S 6S 7S", "layoffs": "3S 4S", "hand": ""},
                   Bob={"layoffs": "9S 8S", "hand": "KD"}))
    assert state.results[0].scores == {"Ann": 25, "Bob": 7}
    ann = {line.card_text: line.reason for line in state.results[0].players["Ann"].lines}
    bob = {line.card_text: line.reason for line in state.results[0].players["Bob"].lines}
    assert "on their own run 5♠ 6♠ 7♠:" in ann["4S"] and "on their own run 4♠ 5♠ 6♠ 7♠:" in ann["3S"]
    assert "on Ann's run 5♠ 6♠ 7♠:" in bob["8S"] and "on Ann's run 5♠ 6♠ 7♠ 8♠:" in bob["9S"]


# --- impossible points (item 1, I-6 updated) ------------------------------------------------


def test_two_players_holding_nothing_is_refused_when_one_is_a_points_only_0(cli):
    cli("new", "carousel", "Ann", "Bob", "Cy")
    r = cli("hand", "Ann: -", "Bob: -0", "Cy: -9D")
    assert r.exit_code == 2
    assert r.stderr.strip() == "Only one player can go out, but Ann and Bob both have no cards left."
    assert cli.json("standings")["hands"] == 0


def test_a_points_only_0_when_someone_else_went_out_is_refused():
    # Rummy 500: Ann melds Q♥ K♥ A♥ and goes out; Cy's paper says 80 on the table and 0 in hand.
    e = refused("rummy500", ["Ann", "Bob", "Cy"],
                E(Ann={"melds": "QH KH AH", "hand": ""}, Bob="5C", Cy={"table": 80, "hand": 0}))
    assert e.code == "entry.two_out" and e.facts["players"] == ["Ann", "Cy"]
    e = refused("rummy500", ["Ann", "Bob"], E(out="Ann", Ann="", Bob={"table": 20, "hand": 0}))
    assert e.code == "entry.two_out"


def test_carousel_a_points_only_0_needs_out_naming_that_player():
    e = refused("carousel", ["Ann", "Bob", "Cy"], E(Ann="3C", Bob=0, Cy="9D"))
    assert e.code == "entry.zero_needs_out" and e.player == "Bob"
    assert e.message == ('Hand 1: Bob: a points-only 0 in hand means no cards are left, so Bob went out, which scores 25 '
                         'here: say so with "out" (on one line "Bob: -0 out").')
    # out named: Bob 0 wins (3 − 0) + (9 − 0) = 12, +25 for going out = 37
    state = game("carousel", ["Ann", "Bob", "Cy"], E(out="Bob", Ann="3C", Bob=0, Cy="9D"))
    assert state.results[0].scores == {"Ann": 0, "Bob": 37, "Cy": 0} and state.results[0].won == ["Bob"]
    # a points-only 0 cannot be a knock's or the stock's round: who holds nothing went out
    assert refused("carousel", ["Ann", "Bob"], E(knock="Ann", Ann="2C", Bob=0)).code == "entry.knock_and_out"


def test_where_going_out_scores_nothing_a_points_only_0_is_the_player_who_went_out():
    # Rummy 500 (out_bonus 0): Cy's paper says 80 on the table, 0 in hand: 80, and Cy won the hand (I-7)
    state = game("rummy500", ["Ann", "Bob", "Cy"], E(Ann="5C", Bob="KD", Cy={"table": 80, "hand": 0}))
    assert state.results[0].scores == {"Ann": -5, "Bob": -10, "Cy": 80} and state.results[0].won == ["Cy"]
    # with out_bonus=10 going out scores, so the entry must say who went out: Cy 80 + 10 = 90
    e = refused("rummy500", ["Ann", "Cy"], E(Ann="5C", Cy={"table": 80, "hand": 0}), rules=("out_bonus=10",))
    assert e.code == "entry.zero_needs_out" and e.facts["bonus"] == 10
    state = game("rummy500", ["Ann", "Cy"], E(out="Cy", Ann="5C", Cy={"table": 80, "hand": 0}),
                 rules=("out_bonus=10",))
    assert state.results[0].scores == {"Ann": -5, "Cy": 90}


def test_a_zero_is_out_only_where_every_card_counts_something():
    # a hand counted 0 on paper means no card is left only where every card counts something: the
    # rule reads the variant's card values (Indian Rummy's wild cards count 0: a count of 0 there
    # may hold cards)
    from dataclasses import replace

    rummy = get_variant("rummy500")
    free_jokers = replace(rummy, id="rummy500", card_values=replace(rummy.card_values, joker=0))
    assert rummy.codec.zero_is_empty and get_variant("carousel").codec.zero_is_empty
    assert not free_jokers.codec.zero_is_empty


def test_a_table_worth_more_than_the_deck_is_refused_naming_the_bound(cli):
    # one deck at face value: aces 4 × 15 = 60, K Q J 12 × 10 = 120, 2–10 4 × 54 = 216: 396
    cli("new", "rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: 99999999999999999999999999 -0", "Bob: -5C")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip() == (
        "Ann: 99999999999999999999999999 points on the table is more than the 396 points all the cards of 1 deck "
        "are worth: a typing slip? (A game begun on paper is carried over with new --carry NAME=POINTS.)")
    # every card of the deck: 391 on Ann's table and Bob's 5♣ shown, 396, possible (I-6: the cards
    # shown count with the points given, so 396 and Bob's 5♣ would be 401)
    assert cli("hand", "Ann: 391 -0", "Bob: -5C").exit_code == 0


@pytest.mark.parametrize("variant,players,rules,bound", [
    # two decks for 5 players: 2 × 396 = 792
    ("rummy500", ["Ann", "Bob", "Cy", "Dee", "Eve"], (), 792),
    # 5-10-15: 2–9 32 × 5 = 160, 10–K 16 × 10 = 160, aces 4 × 15 = 60: 380
    ("rummy500", ["Ann", "Bob"], ("card_values=5-10-15",), 380),
    # carousel, 2 players: one deck, ace 1 (4 + 120 + 216 = 340) and one joker 25: 365
    ("carousel", ["Ann", "Bob"], (), 365),
    # carousel, 3 players: two decks and two jokers: 2 × 340 + 2 × 25 = 730
    ("carousel", ["Ann", "Bob", "Cy"], (), 730),
    # crazy round 1, aces wild: 4 × 25 + 120 + 216 = 436
    ("crazy", ["Ann", "Bob", "Cy"], (), 436),
])
def test_the_bound_is_worked_out_from_the_variants_cards(variant, players, rules, bound):
    setup = new_setup(get_variant(variant), players, rules)
    assert setup.variant.scoring.bounds(GameSoFar.at(setup, 1)).anywhere == bound
    others = {p: 5 for p in players[2:]}
    entry = E(out=players[0], **{players[0]: "", players[1]: bound + 1}, **others)
    if variant == "crazy":
        entry = E(**{players[0]: "", players[1]: bound + 1}, **others)
    e = refused(variant, players, entry, rules=rules)
    assert e.code.startswith("points.over_decks_hand") and e.facts["bound"] == bound
    # every card in the hands, all of them together: the others' 5 each leave players[1] the rest (I-6 bounds
    # the whole hand, not each number alone)
    rest = bound - 5 * len(others)
    ok = E(out=players[0], **{players[0]: "", players[1]: rest}, **others)
    if variant == "crazy":
        ok = E(**{players[0]: "", players[1]: rest}, **others)
    if variant == "carousel":
        ok["out"] = players[0]
    assert game(variant, players, ok, rules=rules).results[0].players[players[1]]


# --- rules cited by name, never by SPEC section (item 4) ----------------------------------------


@pytest.mark.parametrize("variant", ["rummy500", "rum500", "carousel", "crazy"])
def test_rules_never_print_spec_or_a_section_sign(cli, variant):
    out = cli("rules", variant).stdout
    assert "Where the rules are silent" in out and "I-1" in out
    assert "SPEC" not in out and "§" not in out


def test_explain_cites_rules_by_name_in_the_json_too(cli):
    cli("new", "carousel", "Ann", "Bob")
    # Bob knocks with 2♣ (2), Ann holds 9♦ 5♠ (14): Bob 14 − 2 = 12
    cli("hand", "Ann: -9D 5S", "Bob: -2C knock")
    out = cli("explain").stdout
    assert "Carousel: scoring a round" in out and "Cards and card values" in out
    assert "§" not in out and "SPEC" not in out
    doc = cli.json("explain")
    assert [r["id"] for r in doc["rules"]] == [None, None]           # no interpretation cited
    assert [r["name"] for r in doc["rules"]] == ["Cards and card values", "Carousel: scoring a round"]
    bob = doc["players"]["Bob"]
    assert bob["score"] == 12
    assert all("§" not in str(line["rule"]) and "§" not in line["rule_name"] for line in bob["lines"])


def test_the_end_of_a_carousel_game_is_cited_by_name():
    # Ann carries 148 over, knocks with 3♣ (3) and Bob holds K♠ (10): Ann 10 − 3 = 7 → 155 ≥ 150, +100
    # (255); Bob stays at 0 and won no round: no end bonus.
    state = game("carousel", ["Ann", "Bob"], E(knock="Ann", Ann="3C", Bob="KS"), carry=["Ann=148"])
    assert state.ending.finished and state.totals == {"Ann": 255, "Bob": 0}
    assert "(Carousel: the end of the game, I-2)" in state.ending.note
    assert all("§" not in reason for reason in state.ending.bonus_reasons.values())
