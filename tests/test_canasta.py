"""Canasta (SPEC §2.10), in the core: the worked games of tests/fixtures/canasta_cases.json (a
whole four-player game to 5,000, a two-player and a three-player game), each hand's scores, the
sides' figures, the minimum first meld and the end, worked by hand in each game's ``note``; every
validation refused; card values, melds, sides, carried totals, ties and the options; the one-line
form. Every expected figure below is worked out by hand from the rules in the comment beside it.

Card values: joker 50; 2 and ace 20; K Q J 10 9 8 10; 7 6 5 4 and a black 3 5.
"""
from __future__ import annotations

import pytest

from conftest import load_games
from scorekeeper.api import (GameSoFar, InputError, as_arguments, new_setup, parse_card, parse_played_cards, replay,
                             score_entry)
from scorekeeper.core.variants import get_variant

CANASTA = get_variant("canasta")
CASES = load_games("canasta_cases.json")
SEATS = ("Ann", "Bob", "Cy", "Dee")


def setup(players=SEATS, rules=(), teams=None, carry=()):
    return new_setup(CANASTA, list(players), list(rules), None, list(carry), None, teams)


def score(entry, players=SEATS, rules=(), teams=None):
    return score_entry(GameSoFar.at(setup(players, rules, teams), 1), entry)


def refusal(entry, players=SEATS, rules=()) -> InputError:
    with pytest.raises(InputError) as refused:
        score(entry, players, rules)
    return refused.value


# -- the package is written against scorekeeper.api only: tests/test_indian.py holds it for both packages --

# -- the worked games --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", CASES["games"], ids=lambda g: g["id"])
def test_the_worked_games_score_as_worked_out_by_hand(game):
    """Each hand's scores and the sides' figures (base, bonus, canastas, red threes), the minimum
    first meld of each side before each hand, the final totals and the winners: as the game's
    ``note`` works them out."""
    s = new_setup(CANASTA, game["players"], game["rules"])
    expect = game["expect"]
    scoring = CANASTA.scoring
    for n in range(len(game["hands"]) + 1):
        state = replay(s, game["hands"][:n])
        melds = [scoring.side_game_facts(state, side)["first_meld"] for side in s.sides]
        assert melds == expect["first_meld"][n], n
        if not n:
            continue
        result = state.results[-1]
        assert result.scores == expect["scores"][n - 1], n
        sides = [{"players": list(side), "score": result.scores[side[0]], **scoring.side_hand_facts(result, side)}
                 for side in s.sides]
        assert sides == expect["sides"][n - 1], n
    assert state.totals == expect["totals"]
    assert state.ending.finished is expect["finished"]
    assert sorted(state.ending.winners) == sorted(expect["winners"])


@pytest.mark.parametrize("case", CASES["rejects"], ids=lambda c: c["id"])
def test_every_validation_refuses_the_whole_hand(case):
    """SPEC §2.10 validations 1–6: the entry is refused, naming the rule (its code)."""
    e = refusal(case["reject"], case["players"])
    assert e.code == case["code"] or e.code.startswith(case["code"]), (e.code, e.message)


def test_a_refusal_names_the_player_the_meld_and_the_rule():
    e = refusal({"players": {"Ann": {"melds": ["KS JK 2C"], "hand": "4S"}, "Cy": {"hand": "5S"},
                             "Bob": {"hand": "4C"}, "Dee": {"hand": "5C"}}, "stock_exhausted": True})
    assert e.player == "Ann"
    assert e.message == ("Ann: K♠ JK 2♣: a meld holds at least two natural cards, and this one has 1.")
    e = refusal({"players": {"Ann": {"melds": ["KS KH KD"], "hand": ""}, "Cy": {"hand": "5S"},
                             "Bob": {"hand": "4C"}, "Dee": {"hand": "5C"}}, "out": "Ann"})
    assert e.player == "Ann" and "needs 1 to go out" in e.message and "I-K2" in e.message
    e = refusal({"players": {"Ann": {"melds": ["KS KH KD"], "hand": "4S"}, "Cy": {"melds": ["QS QH QD"], "hand": "5S"},
                             "Bob": {"hand": "4C"}, "Dee": {"hand": "5C"}}, "stock_exhausted": True})
    assert e.player == "Cy" and e.message.startswith("Ann and Cy both give melds")


def test_two_players_need_two_canastas_to_go_out():
    # Ann goes out with one canasta: enough for 4 or 3 players, not for 2 (I-K2)
    entry = {"players": {"Ann": {"melds": ["KS KS KH KH KD KD KC"], "hand": ""}, "Bob": {"hand": "4C"}}, "out": "Ann"}
    assert refusal(entry, ("Ann", "Bob")).code == "canasta.out_without_canastas"
    # canastas_to_go_out=1 lets her: kings 7 × 10 = 70 + natural 500 + going out 100 = 670; Bob −5
    assert score(entry, ("Ann", "Bob"), ["canastas_to_go_out=1"]).scores == {"Ann": 670, "Bob": -5}


# -- cards, melds, canastas -------------------------------------------------------------------------

@pytest.mark.parametrize("card, points", [
    ("JK", 50), ("2C", 20), ("AS", 20), ("KH", 10), ("QD", 10), ("JC", 10), ("10S", 10), ("9H", 10), ("8D", 10),
    ("7C", 5), ("6S", 5), ("5H", 5), ("4D", 5), ("3S", 5), ("3C", 5),
])
def test_card_values(card, points):
    from scorekeeper.core.variants.canasta.melds import value

    assert value(parse_card(card)) == points


@pytest.mark.parametrize("cards, kind", [
    ("7H 7S 7D 7C 7H 7S 7D", "natural"),        # seven naturals
    ("7H 7S 7D 7C 7H 7S JK", "mixed"),          # six naturals, a joker
    ("7H 7S 7D 7C JK 2C 2D", "mixed"),          # four naturals, three wilds
    ("7H 7S 7D 7C 7H 7S", None),                # six cards: a meld, not a canasta
    ("KS KS KH KH KD KD KC KC JK 2C 2D", "mixed"),  # eleven: all eight kings and three wilds
])
def test_a_canasta_is_seven_cards_natural_or_mixed(cards, kind):
    from scorekeeper.core.variants.canasta.melds import read

    assert read(parse_played_cards(cards)).canasta == kind


@pytest.mark.parametrize("cards, fault", [
    ("KS KH", "canasta.meld.too_few"),
    ("KS JK 2C", "canasta.meld.too_few_naturals"),
    ("JK JK 2C", "canasta.meld.too_few_naturals"),     # wild cards only: no meld
    ("KS KH JK JK 2C 2D", "canasta.meld.too_many_wilds"),
    ("KS KH QS", "canasta.meld.ranks_differ"),
    ("3H 3D 3H", "canasta.meld.red_three"),
    ("3S 3C JK", "canasta.meld.black_threes_wild"),
    ("3S 3C 3S 3C 3S", "canasta.meld.black_threes_many"),
    ("KS KH JK=QS", "canasta.meld.stands_for_other"),
    ("KS KH KD=KC", "canasta.meld.not_wild"),
])
def test_what_is_not_a_meld(cards, fault):
    from scorekeeper.api import IllegalMeld
    from scorekeeper.core.variants.canasta.melds import read

    with pytest.raises(IllegalMeld) as refused:
        read(parse_played_cards(cards))
    assert refused.value.reason.code == fault


def test_check_judges_melds_as_the_worked_examples_say():
    from scorekeeper.core.check import check_melds

    for case in CASES["checks"]:
        result = check_melds(CANASTA, case["cards"])
        meld = result.melds[0]
        assert meld.legal is case["legal"], case
        if case["legal"]:
            assert (meld.kind, meld.value) == (case["kind"], case["value"]), case


def test_red_threes_all_four_and_against_a_side_that_melded_nothing():
    # Ann+Cy: all four red threes, 800; the sevens 5 × 5 + 2 × 50 = 125 (mixed canasta 300); Ann went
    # out 100: 125 + 300 + 800 + 100 = 1325, Cy holds 4C: −5 → 1320. Bob+Dee melded nothing: no red
    # three; Bob holds KS 10, Dee 9D 10 → −20.
    entry = {"players": {"Ann": {"melds": ["7S 7H 7D 7C 7S JK JK"], "red_threes": 4, "hand": ""},
                         "Cy": {"hand": "4C"}, "Bob": {"hand": "KS"}, "Dee": {"hand": "9D"}}, "out": "Ann"}
    assert score(entry).scores == {"Ann": 1320, "Bob": -20, "Cy": 1320, "Dee": -20}
    # the four against Bob+Dee, who melded nothing: −800 − 20 = −820; Ann+Cy 125 + 300 + 100 − 5 = 520
    entry["players"]["Ann"].pop("red_threes")
    entry["players"]["Bob"]["red_threes"] = "3H 3H 3D 3D"
    result = score(entry)
    assert result.scores == {"Ann": 520, "Bob": -820, "Cy": 520, "Dee": -820}
    assert [line.rule for line in result.players["Bob"].lines][0] == "§2.10, I-K6"


def test_going_out_concealed_and_its_option():
    entry = {"players": {"Ann": {"melds": ["KS KS KH KH KD KD KC"], "hand": ""}, "Cy": {"hand": "4C"},
                         "Bob": {"hand": "KC"}, "Dee": {"hand": "9D"}}, "out": "Ann", "concealed": True}
    # kings 70 + natural 500 + concealed 200 − 4C 5 = 765 (I-K3: 200 in place of the 100)
    assert score(entry).scores["Ann"] == 765
    # concealed_bonus=300: 70 + 500 + 300 − 5 = 865; not concealed: the 100, 665
    assert score(entry, rules=["concealed_bonus=300"]).scores["Ann"] == 865
    del entry["concealed"]
    assert score(entry).scores["Ann"] == 665


def test_concealed_when_the_stock_ran_out_says_that_nobody_went_out():
    """A concealed going-out needs a player who went out: with the stock run out nobody did, and
    the refusal says so (not that the hand ended two ways: "concealed" at a player names that
    player as out only because of the word itself)."""
    hands = ["Ann: KS KS KH KH KD KD KC -9S", "Cy: -4C", "Bob: -KC", "Dee: -9D"]
    e = refusal(read_line([*hands[:3], "Dee: -9D concealed", "stock"]))
    assert e.code == "canasta.concealed_and_stock" and e.facts["player"] == "Dee"
    assert e.message == ("Dee is said to have gone out concealed, but the stock ran out, so nobody went out: "
                         "going out concealed needs a player who went out.")
    # the same in a file, the player named by "out"
    entry = {"players": {"Ann": {"melds": ["KS KS KH KH KD KD KC"], "hand": "9S"}, "Cy": {"hand": "4C"},
                         "Bob": {"hand": "KC"}, "Dee": {"hand": "9D"}},
             "out": "Dee", "concealed": True, "stock_exhausted": True}
    assert refusal(entry).code == "canasta.concealed_and_stock"
    # "concealed" alone, naming nobody: the existing refusal
    assert refusal(read_line([*hands, "stock", "concealed"])).code == "canasta.concealed_without_out"
    # "out" and the stock without "concealed": still the two endings
    del entry["concealed"]
    assert refusal(entry).code == "entry.two_endings"


def test_the_one_without_cards_left_went_out_and_a_points_side_may_go_out():
    # no "out": Ann alone holds nothing, so Ann went out (kings 70 + 500 + 100 = 670, Cy −5)
    entry = {"players": {"Ann": {"melds": ["KS KS KH KH KD KD KC"], "hand": ""}, "Cy": {"hand": "4C"},
                         "Bob": {"points": -40}, "Dee": {}}}
    result = score(entry)
    assert result.scores == {"Ann": 665, "Bob": -40, "Cy": 665, "Dee": -40} and result.won == ["Ann", "Cy"]
    # Bob+Dee counted on paper went out: 250 as said; Ann+Cy 70 + 500 − (4C 5 + Ann's 9S 10) = 555
    entry = {"players": {"Ann": {"melds": ["KS KS KH KH KD KD KC"], "hand": "9S"}, "Cy": {"hand": "4C"},
                         "Bob": {"points": 250}, "Dee": {}}, "out": "Dee"}
    result = score(entry)
    assert result.scores == {"Ann": 555, "Bob": 250, "Cy": 555, "Dee": 250} and result.ended == "out"
    assert result.players["Bob"].points_only and not result.points_only


# -- the minimum first meld ------------------------------------------------------------------------

@pytest.mark.parametrize("total, points", [(-5, 15), (-1500, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90),
                                           (3000, 120), (12000, 120)])
def test_the_minimum_first_meld_follows_the_total(total, points):
    from scorekeeper.core.variants.canasta.options import minimum_first_meld

    assert minimum_first_meld(setup().rules, total) == points


def test_the_minimum_first_meld_option():
    from scorekeeper.core.variants.canasta.options import minimum_first_meld

    rules = setup(rules=["first_meld=10, 40,80,100"]).rules
    assert rules["first_meld"] == "10,40,80,100"
    assert [minimum_first_meld(rules, t) for t in (-10, 10, 1600, 3100)] == [10, 40, 80, 100]
    for bad in ("15,50,90", "a,b,c,d", "15,50,90,-1"):
        with pytest.raises(InputError) as refused:
            setup(rules=[f"first_meld={bad}"])
        assert refused.value.code == "rule.bad_value"


# -- sides -----------------------------------------------------------------------------------------

def test_partners_face_each_other_unless_the_teams_say_otherwise():
    assert setup().sides == (("Ann", "Cy"), ("Bob", "Dee"))   # seats 1+3 against 2+4 (I-K1)
    assert setup(teams="ann+bob, CY+dee").sides == (("Ann", "Bob"), ("Cy", "Dee"))  # names in any case
    assert setup(teams="Dee+Ann,Cy+Bob").sides == (("Ann", "Dee"), ("Bob", "Cy"))  # kept in seat order
    assert setup(("Ann", "Bob", "Cy")).sides == (("Ann",), ("Bob",), ("Cy",))     # three play alone
    assert not setup(("Ann", "Bob")).partnered and setup().partnered


@pytest.mark.parametrize("players, teams, code", [
    (SEATS, "Ann+Bob+Cy,Dee", "canasta.teams.two_of_two"),
    (SEATS, "Ann+Cy", "canasta.teams.two_of_two"),
    (SEATS, "Ann+Cy,Bob+Ann", "teams.player_twice"),
    (SEATS, "Ann+Cy,Bob+Zed", "teams.unknown_player"),
    (SEATS, "Ann+Cy,Bob+De", "teams.unknown_player_near"),
    (SEATS, " , ", "teams.empty"),
    (("Ann", "Bob", "Cy"), "Ann+Bob,Cy", "canasta.teams.four_only"),
])
def test_teams_the_rules_do_not_play_are_refused(players, teams, code):
    with pytest.raises(InputError) as refused:
        setup(players, teams=teams)
    assert refused.value.code == code


def test_teams_are_refused_for_a_variant_played_alone():
    with pytest.raises(InputError) as refused:
        new_setup(get_variant("rummy500"), list(SEATS), teams="Ann+Cy,Bob+Dee")
    assert refused.value.message == "Rummy 500 is not played in sides: --teams does not apply to it."


def test_a_side_carries_its_total_over_and_ranks_as_one():
    s = setup(carry=["Ann+Cy=1200", "dee+bob=-40"])
    assert s.carried == {"Ann": 1200, "Cy": 1200, "Bob": -40, "Dee": -40}
    # the first meld follows the side's total: 1200 → 50, −40 → 15
    state = replay(s, [])
    assert [CANASTA.scoring.side_game_facts(state, side)["first_meld"] for side in s.sides] == [50, 15]
    assert state.ranking() == [(1, "Ann", 1200), (1, "Cy", 1200), (2, "Bob", -40), (2, "Dee", -40)]
    for carry, code in ((["Ann=1200"], "carry.side_needed"), (["Ann+Bob=10"], "carry.not_a_side"),
                        (["Ann+Cy=10", "Cy+Ann=20"], "carry.twice"), (["Ann+Cy=5000"], "carry.reaches_target")):
        with pytest.raises(InputError) as refused:
            setup(carry=carry)
        assert refused.value.code == code
    assert "Ann+Cy=1200" in str(pytest.raises(InputError, setup, carry=["Ann=1200"]).value)


def test_equal_totals_past_the_target_play_on_or_share():
    # both sides counted on paper, 600 each, past a target of 500: tied
    hand = {"players": {"Ann": {"points": 600}, "Cy": {}, "Bob": {"points": 600}, "Dee": {}}, "out": "Ann"}
    state = replay(setup(rules=["target=500"]), [hand])
    assert not state.ending.finished
    assert state.ending.note == "Ann+Cy and Bob+Dee are tied at 600: another hand is played to break the tie (I-K4)."
    state = replay(setup(rules=["target=500", "tie=shared"]), [hand])
    assert state.ending.finished and sorted(state.ending.winners) == ["Ann", "Bob", "Cy", "Dee"]
    # the higher total wins, whoever reached the target first: 700 against 600
    hand["players"]["Bob"]["points"] = 700
    state = replay(setup(rules=["target=500"]), [hand])
    assert state.ending.finished and state.ending.winners == ["Bob", "Dee"]


# -- the one-line form ------------------------------------------------------------------------------

def read_line(args, s=None):
    return CANASTA.codec.read_line_for(list(args), s or setup())


def test_the_one_line_form_of_the_spec():
    entry = read_line(["Ann+Cy: QS QH QD JK, 7H 7S 7D 7C 7H 7S 7D r3=2 -5C", "Cy: -9D 4S",
                       "Bob: 8S 8H 8D, KS KH KD KC KS KH JK -", "Dee: -4C 6H", "concealed"])
    assert entry == {"players": {
        "Ann": {"melds": ["QS QH QD JK", "7H 7S 7D 7C 7H 7S 7D"], "red_threes": 2, "hand": "5C"},
        "Cy": {"hand": "9D 4S"},
        "Bob": {"melds": ["8S 8H 8D", "KS KH KD KC KS KH JK"], "hand": ""},
        "Dee": {"hand": "4C 6H"}}, "concealed": True}
    # Ann+Cy: queens 30 + 50 = 80, sevens 35 (natural 500), 2 red threes 200, less 5C 5 and 9D 4S 15: 795
    # Bob+Dee (Bob out, concealed): 30 + 110 (mixed 300), concealed 200, less 4C 6H 10: 630
    assert score(entry).scores == {"Ann": 795, "Bob": 630, "Cy": 795, "Dee": 630}


def test_the_one_line_form_reads_back_what_it_writes():
    for game in CASES["games"]:
        s = new_setup(CANASTA, game["players"], game["rules"])
        for hand in game["hands"]:
            written = as_arguments(CANASTA.codec.write_line(hand, s.players))
            back = read_line(written, s)
            # red threes given as cards are written as their count: the same score
            assert score_entry(GameSoFar.at(s, 1), back).scores == score_entry(GameSoFar.at(s, 1), hand).scores


def test_a_side_counted_on_paper_needs_one_number_on_one_line():
    entry = read_line(["Ann: 450 out", "Bob: -85"])
    assert entry == {"players": {"Ann": {"points": 450}, "Cy": {}, "Bob": {"points": -85}, "Dee": {}}, "out": "Ann"}
    assert score(entry).scores == {"Ann": 450, "Bob": -85, "Cy": 450, "Dee": -85}


@pytest.mark.parametrize("args, code", [
    (["Ann+Bob: KS KH KD -4C"], "canasta.oneline.not_a_side"),
    (["Ann: KS KH KD r3=7 -4C"], "canasta.oneline.red_threes"),
    (["Ann: KS KH KD"], "canasta.oneline.hand_missing"),
    (["Ann: KS KH KD -4C, 5C"], "line.comma_out_of_place"),
    (["Ann KS KH"], "line.no_name"),
])
def test_one_line_slips_are_said(args, code):
    with pytest.raises(InputError) as refused:
        read_line(args)
    assert refused.value.code == code
