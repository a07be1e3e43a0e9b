"""Knock Rummy's rules, tested in the core (no command line): each expected score is worked
out by hand from the Bicycle rule book (the working is in the comment beside it).

Run with ``pytest examples/knock-rummy/tests`` once scorekeeper is installed; the plugin
itself need not be (the variant object is imported straight from its module)."""
from __future__ import annotations

import pytest

from scorekeeper.api import GameSoFar, InputError, as_arguments, new_setup, parse_card, replay, score_entry
from scorekeeper_knock import VARIANT, card_value, winners


def scored(hand: dict, players=("Ann", "Bob", "Cy"), rules=()):
    return score_entry(GameSoFar(new_setup(VARIANT, players, rules)), hand)


def test_card_values():
    # ace 1, 2-10 face value, J Q K 10
    assert [card_value(parse_card(t)) for t in ("AS", "2D", "9H", "10C", "JS", "QH", "KD")] == [1, 2, 9, 10, 10, 10, 10]


def test_the_knocker_alone_lowest_collects_the_differences():
    # Ann 3♣ A♦ = 4; Bob K♠ 7♥ 2♣ = 19; Cy 9 on paper: Ann (19 − 4) + (9 − 4) = 20, the others 0
    r = scored({"knock": "Ann", "players": {"Ann": {"hand": "3C AD"}, "Bob": {"hand": "KS 7H 2C"},
                                            "Cy": {"hand": 9}}})
    assert r.scores == {"Ann": 20, "Bob": 0, "Cy": 0} and r.won == ["Ann"]


def test_a_lower_player_wins_and_the_knocker_pays_ten_more():
    # Ann knocks with 4; Bob holds 3♦ = 3; Cy 9: Bob (4 − 3) + (9 − 3) + 10 = 17
    r = scored({"knock": "Ann", "players": {"Ann": {"hand": "3C AD"}, "Bob": {"melds": ["7C 7D 7S"], "hand": "3D"},
                                            "Cy": {"hand": 9}}})
    assert r.scores == {"Ann": 0, "Bob": 17, "Cy": 0} and r.won == ["Bob"]


def test_a_tie_with_the_knocker_goes_to_the_other_player_without_the_penalty():
    # Ann knocks with 4, Bob ties with 4 (4♦): Bob wins, (4 − 4) + (9 − 4) = 5; no 10, Ann was not beaten
    r = scored({"knock": "Ann", "players": {"Ann": {"hand": "3C AD"}, "Bob": {"hand": "4D"}, "Cy": {"hand": 9}}})
    assert r.scores == {"Ann": 0, "Bob": 5, "Cy": 0}


def test_going_rum_is_paid_by_each_opponent():
    # Ann melds everything (count 0); Bob 12, Cy 9: Ann (12 + 25) + (9 + 25) = 71
    r = scored({"knock": "Ann", "players": {"Ann": {"melds": ["4H 5H 6H", "9S 9D 9C"], "hand": ""},
                                            "Bob": {"hand": 12}, "Cy": {"hand": 9}}})
    assert r.scores == {"Ann": 71, "Bob": 0, "Cy": 0}
    # rum_bonus=10: (12 + 10) + (9 + 10) = 41
    r = scored({"knock": "Ann", "players": {"Ann": {"melds": ["4H 5H 6H", "9S 9D 9C"], "hand": ""},
                                            "Bob": {"hand": 12}, "Cy": {"hand": 9}}}, rules=["rum_bonus=10"])
    assert r.scores["Ann"] == 41


def test_players_tied_lowest_without_the_knocker_each_collect():
    # Ann knocks with 8; Bob and Cy hold 2 each: each collects 8 − 2 = 6 from Ann, plus 10 from Ann
    assert winners({"Ann": 8, "Bob": 2, "Cy": 2}, "Ann") == ["Bob", "Cy"]
    r = scored({"knock": "Ann", "players": {"Ann": {"hand": 8}, "Bob": {"hand": 2}, "Cy": {"hand": 2}}})
    assert r.scores == {"Ann": 0, "Bob": 16, "Cy": 16}


def test_the_ace_is_low_and_somebody_must_knock():
    with pytest.raises(InputError) as e:
        scored({"knock": "Ann", "players": {"Ann": {"melds": ["QS KS AS"], "hand": ""}, "Bob": {"hand": 5},
                                            "Cy": {"hand": 5}}})
    assert "the ace is always low in Knock Rummy" in e.value.message
    with pytest.raises(InputError) as e:
        scored({"players": {"Ann": {"hand": 4}, "Bob": {"hand": 5}, "Cy": {"hand": 5}}})
    assert e.value.code == "knock.who_knocked"


def test_the_game_ends_at_the_target():
    setup = new_setup(VARIANT, ("Ann", "Bob"), ["target=30"])
    hand = {"knock": "Ann", "players": {"Ann": {"hand": 0}, "Bob": {"hand": 10}}}  # Ann rum: 10 + 25 = 35
    state = replay(setup, [hand])
    assert state.totals == {"Ann": 35, "Bob": 0} and state.ending.finished and state.ending.winners == ["Ann"]


@pytest.mark.parametrize("hand, lines, scores", [
    # Ann 3♣ A♦ = 4 knocks; Bob 19; Cy 9 on paper: Ann (19 − 4) + (9 − 4) = 20
    ({"knock": "Ann", "players": {"Ann": {"hand": "3C AD"}, "Bob": {"hand": "KS 7H 2C"}, "Cy": {"hand": 9}}},
     {"Ann": "-3C AD knock", "Bob": "-KS 7H 2C", "Cy": "-9"}, {"Ann": 20, "Bob": 0, "Cy": 0}),
    # Cy knocks and goes rum; Ann 5, Bob 7: Cy (5 + 25) + (7 + 25) = 62
    ({"knock": "Cy", "players": {"Ann": {"hand": 5}, "Bob": {"hand": 7},
                                 "Cy": {"melds": ["7S 8S 9S"], "hand": ""}}},
     {"Ann": "-5", "Bob": "-7", "Cy": "7S 8S 9S - knock"}, {"Ann": 0, "Bob": 0, "Cy": 62}),
])
def test_a_hand_written_on_one_line_reads_back_the_same(hand, lines, scores):
    """The shared codec, which Knock Rummy takes as it is: a stored hand written in the one-line
    form (``history --audit``, ``undo``, ``edit``) reads back to the same entry and scores."""
    players = ("Ann", "Bob", "Cy")
    assert VARIANT.codec.write_line(hand, players) == lines
    back = VARIANT.codec.read_line(as_arguments(lines), players)
    assert back == hand
    assert scored(back).scores == scored(hand).scores == scores
