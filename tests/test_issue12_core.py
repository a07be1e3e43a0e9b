"""Issue 12 (the core's part): impossible points, scores carried over from paper,
explanations that say what happens, and rules cited by name, never by SPEC section.

Every expected value is worked out by hand from the rules; the arithmetic is in
the comment beside it.
"""
from __future__ import annotations

import pytest

from scorekeeper.core.errors import InputError
from scorekeeper.core.game import new_setup, replay
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
