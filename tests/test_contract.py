"""Contract Rummy (SPEC §2.8): the rules in the core, tested directly.

Every expected value is worked out by hand from §2.8 in a comment: a card left in hand
counts ace 15, K Q J 10, 10-2 face value, joker 15 (5-10-15: 2-9 count 5, 10-K 10); the
player who went out 0; melds and lay-offs score nothing; the cutter under cut_bonus scores
the penalty minus the bonus; after the last deal the lowest total wins, ties shared.
"""
from __future__ import annotations

import pytest

from conftest import load_games
from scorekeeper.core.cards import Card, parse_played_cards
from scorekeeper.core.errors import InputError, StateError
from scorekeeper.core.game import GameSetup, GameSoFar, replay, score_entry
from scorekeeper.core.melds import IllegalMeld
from scorekeeper.core.variants.contract import melds as cm
from scorekeeper.core.rules import resolve_rules
from scorekeeper.core.variants.contract.options import parse_contracts
from scorekeeper.core.variants.contract.score import cutter_of
from scorekeeper.core.variants.contract.values import deck_bound, pack_points, penalty
from scorekeeper.core.variants import get_variant


def resolve(given: dict, players: int):
    """The options of a new game, read the common way (``new --rule``)."""
    return resolve_rules(CONTRACT, given, players)


CONTRACT = get_variant("contract")  # loaded as every variant is: its words join the program's
SHARED = load_games("shared_contract.json")
P3 = ("Ann", "Bob", "Cy")
P4 = ("Ann", "Bob", "Cy", "Dee")


def setup(players=P3, **rules) -> GameSetup:
    return GameSetup(CONTRACT, tuple(players), {k: str(v) for k, v in rules.items()})


def score(entry: dict, deal: int = 1, players=P3, **rules):
    """Deal ``deal`` of a game with ``rules``, scored through the core's one path."""
    return score_entry(GameSoFar.at(setup(players, **rules), deal), entry)


def refused(entry: dict, code: str, deal: int = 1, players=P3, **rules) -> InputError:
    """The refusal of ``code``, which names the deal's contract (said around it where it does not itself)."""
    with pytest.raises(InputError) as caught:
        score(entry, deal, players, **rules)
    err = caught.value
    if err.code == "contract.in_deal":
        assert err.facts["deal"] == deal and err.facts["contract"] == resolve({}, 3).deals[deal - 1].text
        err = err.facts["cause"]
    assert err.code == code, err
    assert caught.value.facts["contract"] in str(caught.value)
    return err


def cards(text: str):
    return parse_played_cards(text)


LAW = cm.MeldLaw()
WILD2 = cm.MeldLaw(deuces_wild=True)


# --- card values and the I-6 bound ------------------------------------------------------------

def test_card_values_at_default():
    rules = resolve({}, 3)
    # ace 15, court 10, a ten 10, a seven 7, a two 2, joker 15
    expected = {"AS": 15, "KH": 10, "QD": 10, "JC": 10, "10S": 10, "7H": 7, "2D": 2}
    for text, points in expected.items():
        assert penalty(cards(text)[0].card, rules)[0] == points, text
    assert penalty(Card(0, ""), rules)[0] == 15


def test_card_values_options():
    rules = resolve({"card_values": "5-10-15", "deuces_wild": "true", "deuce_value": "20", "joker_value": "25"}, 3)
    # 5-10-15: 2-9 count 5, 10-K 10, ace 15; a wild 2 counts deuce_value (20) whatever the scale
    assert [penalty(c.card, rules)[0] for c in cards("AS KH 10S 9C 3D 2H")] == [15, 10, 10, 5, 5, 20]
    assert penalty(Card(0, ""), rules)[0] == 25


def test_deck_bound():
    # a pack: 4 × 15 (aces) + 12 × 10 (courts) + 4 × (2 + … + 10 = 54) = 60 + 120 + 216 = 396
    assert pack_points(resolve({}, 3)) == 396
    # two packs and one joker: 792 + 15 = 807; three packs and two jokers: 1188 + 30 = 1218
    assert deck_bound(resolve({}, 4)) == 807
    assert deck_bound(resolve({}, 5)) == 1218
    # four packs under bicycle hold packs − 1 = 3 jokers: 1584 + 45 = 1629
    assert deck_bound(resolve({"packs": "4"}, 6)) == 1629
    # liverpool, two packs: both jokers of each pack, 4: 792 + 60 = 852
    assert deck_bound(resolve({"preset": "liverpool"}, 3)) == 852
    # 5-10-15: a pack is 4 × 15 + 16 × 10 (10-K) + 32 × 5 (2-9) = 60 + 160 + 160 = 380; ×2 + 15 = 775
    assert deck_bound(resolve({"card_values": "5-10-15"}, 3)) == 775


def test_points_over_the_bound_refused():
    # 808 is one more than two packs and a joker hold (807)
    err = refused({"players": {"Ann": {"hand": ""}, "Bob": {"hand": 808}, "Cy": {"hand": 3}}},
                  "contract.points_over")
    assert err.facts["bound"] == 807 and err.player == "Bob"
    assert "807" in str(err)
    # 807 in Bob's hand is every card in play, Cy's 3♣ among them: 807 + 3 = 810 > 807 together (I-6)
    err = refused({"players": {"Ann": {"hand": ""}, "Bob": {"hand": 807}, "Cy": {"hand": "3C"}}},
                  "contract.points_over_sum")
    assert (err.facts["points"], err.facts["bound"]) == (810, 807)
    # 804 and Cy's 3♣: 807, every card in play, possible
    assert score({"players": {"Ann": {"hand": ""}, "Bob": {"hand": 804}, "Cy": {"hand": "3C"}}}).scores["Bob"] == 804


# --- options and presets ---------------------------------------------------------------------

def test_presets():
    bicycle = resolve({}, 4)
    assert (bicycle["packs"], bicycle["jokers"], bicycle["cut_bonus"], len(bicycle.deals)) == (2, 1, 0, 7)
    liverpool = resolve({"preset": "liverpool"}, 5)
    assert (liverpool["packs"], liverpool["jokers"], liverpool["cut_bonus"]) == (3, 6, 50)
    six = resolve({"preset": "liverpool6"}, 4)
    assert (len(six.deals), six["exact_contract"], six["jokers"]) == (6, True, 4)
    # an explicit option overrides the preset
    assert resolve({"preset": "liverpool", "cut_bonus": "20"}, 4)["cut_bonus"] == 20
    assert "preset" not in dict(resolve({"preset": "liverpool"}, 4))


def test_contracts_grammar():
    assert [c.text for c in parse_contracts("s3+r4 / R4+r4")] == ["S3+R4", "R4+R4"]
    assert resolve({"contracts": "s4+r5/r3"}, 3)["contracts"] == "S4+R5/R3"
    assert [c.cards for c in resolve({}, 3).deals] == [6, 7, 8, 9, 10, 11, 12]
    for bad in ("S2", "R2+S3", "R15", "X3", "S3+", "", "S3//R4"):
        with pytest.raises(InputError) as caught:
            resolve({"contracts": bad}, 3)
        assert caught.value.code == "rule.bad_value", bad


@pytest.mark.parametrize("given, code", [
    ({"tie": "play-on"}, "contract.no_play_on"),
    ({"target": "300"}, "rule.not_for_variant"),
    ({"knock_limit": "5"}, "rule.not_for_variant"),
    ({"colour": "red"}, "rule.unknown"),
    ({"deuce_value": "20"}, "contract.deuce_value_alone"),
    ({"packs": "5"}, "rule.bad_value"),
    ({"preset": "shanghai"}, "rule.bad_value"),
    ({"wild_limit": "some"}, "rule.bad_value"),
])
def test_options_refused(given, code):
    import scorekeeper.core.variants  # noqa: F401  (every variant's options, to tell "not for contract")

    with pytest.raises(InputError) as caught:
        resolve(given, 3)
    assert caught.value.code == code


# --- melds -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, length", [
    ("7H 7H 7S", "set", 3),                      # identical cards are fine with two packs
    ("7H 7S 7D 7C 7H 7S", "set", 6),             # a set has no upper size
    ("4H 5H 6H 7H", "run", 4),
    ("AH 2H 3H 4H", "run", 4),                   # ace low
    ("JH QH KH AH", "run", 4),                   # ace high
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "run", 14),   # ace to ace, I-C9
    ("QC QD JK", "set", 3),
    ("JK JK JK", "set", 3),                      # all wilds: a set (I-C3, wild_limit=none)
    ("5H JK 7H 8H", "run", 4),
    ("5H JK=6H 7H 8H", "run", 4),
])
def test_legal_melds(text, kind, length):
    reading = cm.read(cards(text), LAW)
    assert (reading.kind, len(reading.slots)) == (kind, length)


@pytest.mark.parametrize("text, fault", [
    ("4H 5H 6H", "contract.meld.run_too_few"),       # a run of three
    ("4H 5H 6S 7H", "meld.neither"),                 # a mixed-suit run
    ("KH AH 2H 3H", "meld.corner"),                  # K-A-2
    ("QH KH AH 2H", "meld.corner"),                  # Q-K-A-2
    ("7H 7S 2C", "contract.meld.deuce_not_wild"),    # a 2 used as a wild without deuces_wild
    ("7H 7S 3C", "meld.neither"),
    ("7H 7S 2C=7D", "meld.not_wild"),
    ("5H JK=9H 7H 8H", "meld.run_gap"),              # the joker's declared meaning contradicts its meld
    ("7H 7S", "contract.meld.too_few"),
    ("AH AH 2H 3H 4H", "contract.meld.ace_twice"),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK", "contract.meld.run_too_long"),
])
def test_illegal_melds(text, fault):
    with pytest.raises(IllegalMeld) as caught:
        cm.read(cards(text), LAW)
    assert caught.value.reason.code == fault


def test_wild_limit():
    natural = cm.MeldLaw(wild_limit="natural")
    half = cm.MeldLaw(wild_limit="half")
    with pytest.raises(IllegalMeld) as caught:
        cm.read(cards("JK JK JK"), natural)
    assert caught.value.reason.code == "contract.meld.no_natural"
    assert cm.read(cards("7H JK JK"), natural).kind == "set"
    # half: at most ⌊3/2⌋ = 1 wild in three cards; ⌊4/2⌋ = 2 in four
    with pytest.raises(IllegalMeld) as caught:
        cm.read(cards("7H JK JK"), half)
    assert caught.value.reason.facts["most"] == 1
    assert cm.read(cards("7H 7S JK JK"), half).kind == "set"


def test_deuces_wild():
    # a 2 is natural where it fits as one (I-C12), wild elsewhere
    run = cm.read(cards("AH 2H 3H 4H"), WILD2)
    assert [s.wild for s in run.slots] == [False, False, False, False]
    assert cm.read(cards("2H 2S 2D"), WILD2).slots[0].wild is False
    wild_set = cm.read(cards("7H 7S 2C"), WILD2)
    assert wild_set.kind == "set" and [s.wild for s in wild_set.slots].count(True) == 1
    # 2♠ in a heart run stands for the missing 6♥
    run = cm.read(cards("4H 5H 2S 7H"), WILD2)
    assert [str(s.counts_as) for s in run.slots] == ["4H", "5H", "6H", "7H"]


# --- going down: the contract -----------------------------------------------------------------

def melds(*texts):
    return [cards(t) for t in texts]


def test_contract_met_and_not():
    rules = resolve({}, 3)
    down = cm.go_down("Ann", melds("7H 7S 7D", "QC QD JK"), rules.deals[0], 1, LAW)
    assert [r.kind for r in down.readings] == ["set", "set"]
    # deal 2 (S3+R4) shown as two sets
    with pytest.raises(InputError) as caught:
        cm.go_down("Ann", melds("7H 7S 7D", "QC QD QS"), rules.deals[1], 2, LAW)
    assert caught.value.code == "contract.not_met" and caught.value.facts["contract"] == "S3+R4"
    assert "one set and one run (S3+R4)" in str(caught.value)
    # deal 3 (R4+R4) shown with one run
    with pytest.raises(InputError) as caught:
        cm.go_down("Ann", melds("4H 5H 6H 7H"), rules.deals[2], 3, LAW)
    assert caught.value.code == "contract.not_met"
    # a meld of four jokers is a set or a run: it makes the run of S3+R4
    down = cm.go_down("Ann", melds("9C 9D 9S", "JK JK JK JK"), rules.deals[1], 2, LAW)
    assert [r.kind for r in down.readings] == ["set", "run"]


def test_sizes_are_minimums_and_exact_contract():
    deal1 = resolve({}, 3).deals[0]
    # I-C1: a set of four meets S3
    cm.go_down("Ann", melds("7H 7S 7D 7C", "QC QD QS"), deal1, 1, LAW)
    with pytest.raises(InputError) as caught:
        cm.go_down("Ann", melds("7H 7S 7D 7C", "QC QD QS"), deal1, 1, LAW, exact=True)
    assert caught.value.code == "contract.not_exact" and caught.value.facts["count"] == 4


def test_extra_melds():
    deal1 = resolve({}, 3).deals[0]
    with pytest.raises(InputError) as caught:
        cm.go_down("Ann", melds("7H 7S 7D", "QC QD QS", "4S 4H 4D"), deal1, 1, LAW)
    assert caught.value.code == "contract.extra_melds"
    down = cm.go_down("Ann", melds("7H 7S 7D", "QC QD QS", "4S 5S 6S 7S"), deal1, 1, LAW, extra=True)
    assert down.needs[2] is None


def test_adjacent_runs():
    deal3 = resolve({}, 3).deals[2]
    shown = melds("3H 4H 5H 6H", "7H 8H 9H 10H")
    down = cm.go_down("Ann", shown, deal3, 3, LAW)    # I-C4 allow: two runs
    assert len(down.readings) == 2
    with pytest.raises(InputError) as caught:
        cm.check_adjacent("Ann", shown, down, LAW)
    assert caught.value.code == "contract.adjacent_runs"
    apart = melds("3H 4H 5H 6H", "8H 9H 10H JH")
    cm.check_adjacent("Ann", apart, cm.go_down("Ann", apart, deal3, 3, LAW), LAW)


# --- scoring deals ---------------------------------------------------------------------------

def test_spec_example_deal_1():
    entry = {"players": {
        "Ann": {"melds": ["7H 7S 7D", "QC QD JK"], "layoffs": "7C", "hand": ""},
        "Bob": {"melds": ["4S 4H 4D", "9C 9C 9H"], "layoffs": "QH", "hand": "AS 5D"},
        "Cy": {"hand": "KS QS 3C 8D"},
        "Dee": {"hand": 42}}}
    result = score(entry, players=P4)
    # Ann out 0; Bob A♠ 5♦ = 15 + 5 = 20; Cy K Q 3 8 = 10 + 10 + 3 + 8 = 31; Dee 42 on paper
    assert result.scores == {"Ann": 0, "Bob": 20, "Cy": 31, "Dee": 42}
    assert result.context["deal"] == 1 and result.context["contract"] == "S3+S3"
    assert result.context["out"] == "Ann" and result.context["down"] == ["Ann", "Bob"]
    assert result.won == ["Ann"]


@pytest.mark.parametrize("game", SHARED["games"], ids=lambda g: g["id"])
def test_shared_games(game):
    state = replay(setup(game["players"]), game["hands"])
    assert [r.scores for r in state.results] == game["expect"]["scores"]
    assert state.totals == game["expect"]["totals"]


@pytest.mark.parametrize("reject", SHARED["rejects"], ids=lambda g: g["id"])
def test_shared_rejects(reject):
    with pytest.raises(InputError):
        score(reject["reject"], players=reject["players"])


def test_layoffs_chain_and_wilds():
    # deal 2: Bob's run 4-5-6-7♦ takes 8♦ and then 9♦ (a lay-off on a lay-off), the joker goes
    # on Ann's queens, and 10♦ after the 9: all nothing in score; Cy holds 5♣ 9♠: 5 + 9 = 14
    entry = {"players": {
        "Ann": {"melds": ["QS QH QC", "10H JH QH KH"], "layoffs": "9D JK", "hand": "3C"},
        "Bob": {"melds": ["7S 7H 7C", "4D 5D 6D 7D"], "layoffs": "10D 8D", "hand": ""},
        "Cy": {"hand": "5C 9S"}}}
    result = score(entry, deal=2)
    assert result.scores == {"Ann": 3, "Bob": 0, "Cy": 14}


def test_layoffs_refused():
    base = {"Ann": {"melds": ["QS QH QC", "JH QH KH AH"], "hand": ""}, "Cy": {"hand": "5C"}}
    # a 2 beyond A-K-Q-J (the run cannot turn the corner)
    err = refused({"players": {**base, "Bob": {"melds": ["7S 7H 7C", "4D 5D 6D 7D"], "layoffs": "2H",
                                               "hand": "3C"}}}, "layoff.no_fit", deal=2)
    assert err.player == "Bob" and err.facts["card"] == Card(2, "H")
    # a K below A-2-3-4
    refused({"players": {"Ann": {"melds": ["QS QH QC", "AD 2D 3D 4D"], "hand": ""}, "Cy": {"hand": "5C"},
                         "Bob": {"melds": ["7S 7H 7C", "5C 6C 7C 8C"], "layoffs": "KD", "hand": "3C"}}},
            "layoff.no_fit", deal=2)
    # 6: lay-offs by a player who did not go down, melds [] or left out
    refused({"players": {**base, "Bob": {"melds": [], "layoffs": "KH", "hand": "3C"}}},
            "contract.layoff_not_down", deal=2)
    refused({"players": {**base, "Bob": {"layoffs": "QD", "hand": "3C"}}}, "contract.layoff_no_melds", deal=2)


def test_points_only_and_stock():
    # I-C6: nobody out, stock_exhausted: everyone pays; Ann 7♥ 7, Bob 30 on paper, Cy joker 15
    result = score({"players": {"Ann": {"hand": "7H"}, "Bob": {"hand": 30}, "Cy": {"hand": "JK"}},
                    "stock_exhausted": True})
    assert result.scores == {"Ann": 7, "Bob": 30, "Cy": 15} and result.won == []
    # a points-only 0 is going out: Ann 0, Bob 12, Cy 4
    result = score({"players": {"Ann": {"hand": 0}, "Bob": {"hand": 12}, "Cy": {"hand": "4S"}}})
    assert result.context["out"] == "Ann" and result.scores == {"Ann": 0, "Bob": 12, "Cy": 4}


@pytest.mark.parametrize("entry, code", [
    # 8: three 7♥ with two packs
    ({"players": {"Ann": {"melds": ["7H 7H 7H", "QC QD QS"], "hand": ""}, "Bob": {"hand": "3C"},
                  "Cy": {"hand": "4D"}}}, "deck.too_many.many"),
    # 8: two jokers with three players (one joker in play)
    ({"players": {"Ann": {"melds": ["8S 8H JK", "KC KD KS"], "hand": ""}, "Bob": {"hand": "JK 2D"},
                  "Cy": {"hand": "3D"}}}, "deck.too_many.many"),
    # 9: nobody out without stock_exhausted
    ({"players": {"Ann": {"hand": "3C"}, "Bob": {"hand": "4C"}, "Cy": {"hand": 9}}}, "contract.nobody_out"),
    # 9: out naming a player who still holds cards
    ({"players": {"Ann": {"hand": "3C"}, "Bob": {"hand": "4C"}, "Cy": {"hand": ""}}, "out": "Ann"},
     "entry.out_holds_cards"),
    # 9: two players with no cards
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": ""}, "Cy": {"hand": "3D"}}}, "entry.two_out"),
    # 9: stock_exhausted with a player who holds nothing, or with out
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "4C"}, "Cy": {"hand": "3D"}}, "stock_exhausted": True},
     "entry.stock_and_out"),
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "4C"}, "Cy": {"hand": "3D"}}, "stock_exhausted": True,
      "out": "Ann"}, "entry.two_endings"),
    # 9: going out with melds []
    ({"players": {"Ann": {"melds": [], "hand": ""}, "Bob": {"hand": "4C"}, "Cy": {"hand": "3D"}}},
     "contract.out_not_down"),
    # 13: cut with cut_bonus 0
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "4C"}, "Cy": {"hand": "3D"}}, "cut": "Cy"},
     "contract.cut_off"),
    # 14: keys of other variants, a bad card, an unknown player
    ({"players": {"Ann": {"hand": ""}, "Bob": {"table": 4, "hand": 3}, "Cy": {"hand": "3D"}}},
     "contract.unknown_player_key"),
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "4C"}, "Cy": {"hand": "3D"}}, "knock": "Bob"},
     "contract.unknown_top_key"),
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "1H"}, "Cy": {"hand": "3D"}}}, "card.not_a_card_near"),
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "4C"}, "Zed": {"hand": "3D"}}}, "name.unknown"),
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "4C"}}}, "entry.player_missing"),
])
def test_validations(entry, code):
    refused(entry, code)


def test_cut_bonus():
    # liverpool, 4 players, Ann deals deal 1: the player to her right (before her in seat order)
    # is Dee, who cut; Dee holds K♦ 4♣: 10 + 4 = 14, minus 50 = −36
    s = setup(P4, preset="liverpool")
    assert cutter_of(GameSoFar.at(s, 1)) == "Dee" and cutter_of(GameSoFar.at(s, 2)) == "Ann"
    entry = {"players": {"Ann": {"hand": ""}, "Bob": {"hand": "4C"}, "Cy": {"hand": "3D"},
                         "Dee": {"hand": "KD 4C"}}, "cut": "Dee"}
    result = score_entry(GameSoFar.at(s, 1), entry)
    assert result.scores == {"Ann": 0, "Bob": 4, "Cy": 3, "Dee": -36}
    assert result.context["cut"] == "Dee"
    with pytest.raises(InputError) as caught:
        score_entry(GameSoFar.at(s, 1), dict(entry, cut="Bob"))
    assert caught.value.facts["cause"].code == "contract.cut_wrong" and caught.value.facts["cutter"] == "Dee"
    assert "Deal 1 (two sets, S3+S3)" in str(caught.value)


# --- the last deal and the game ----------------------------------------------------------------

LAST = {"players": {"Ann": {"melds": ["4S 5S 6S 7S", "8H 9H 10H JH", "QC KC AC JK"], "hand": ""},
                    "Bob": {"hand": "AS KD"}, "Cy": {"hand": "2C"}}}


def test_last_deal_all_out():
    # deal 7, R4+R4+R4: Ann goes down and out at once; Bob A♠ K♦ = 25, Cy 2♣ = 2
    assert score(LAST, deal=7).scores == {"Ann": 0, "Bob": 25, "Cy": 2}
    shown = {"players": dict(LAST["players"], Bob={"melds": ["4D 5D 6D 7D", "8C 9C 10C JC", "3H 4H 5H 6H"],
                                                   "hand": "KD"})}
    refused(shown, "contract.last_deal_melds", deal=7)
    laid = {"players": dict(LAST["players"], Ann={**LAST["players"]["Ann"], "layoffs": "8S"})}
    refused(laid, "contract.last_deal_layoffs", deal=7)
    # last_deal=normal: like any other deal
    assert score(shown, deal=7, last_deal="normal").scores["Bob"] == 10


def test_seven_deals_then_finished():
    quiet = {"players": {"Ann": {"hand": ""}, "Bob": {"hand": 10}, "Cy": {"hand": 10}}}
    bob_out = {"players": {"Ann": {"hand": 5}, "Bob": {"hand": ""}, "Cy": {"hand": 10}}}
    s = setup()
    # Ann out in six deals, Bob in one: Ann 5, Bob 60, Cy 70 — the lowest, Ann, wins
    state = replay(s, [quiet] * 6 + [bob_out])
    assert state.ending.finished and state.ending.winners == ["Ann"]
    assert state.totals == {"Ann": 5, "Bob": 60, "Cy": 70}
    assert state.won == {"Ann": 6, "Bob": 1, "Cy": 0}
    with pytest.raises(StateError) as caught:
        replay(s, [quiet] * 7 + [quiet])
    assert caught.value.code == "game.hand_after_end"
    with pytest.raises(StateError) as caught:
        score_entry(GameSoFar.at(s, 8), quiet)
    assert caught.value.code == "contract.past_last_deal"


def test_tie_is_shared_and_liverpool6_has_six_deals():
    ann = {"players": {"Ann": {"hand": ""}, "Bob": {"hand": 10}, "Cy": {"hand": 20}}}
    bob = {"players": {"Ann": {"hand": 10}, "Bob": {"hand": ""}, "Cy": {"hand": 20}}}
    # six deals: Ann and Bob each out three times: 30 each, Cy 120: Ann and Bob share the win
    state = replay(setup(preset="liverpool6"), [ann, bob] * 3)
    assert state.ending.finished and state.ending.winners == ["Ann", "Bob"]
