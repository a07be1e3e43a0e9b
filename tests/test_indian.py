"""Indian Rummy (SPEC §2.9), tested in the core: every expected score is worked out by hand from
the rules (the working is in the comment beside it), never copied from what the code printed.

Card points out of melds: A K Q J 10 count 10, 2-9 face value, a wild card (of the cut rank) and a
printed joker 0; a player's points never exceed the full count (80; 60 in pool61)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper.api import GameSoFar, InputError, StateError, new_setup, parse_played_cards, replay, score_entry
from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.variants import get_variant
from scorekeeper.core.variants.indian import melds as im
from scorekeeper.core.variants.indian.entry import read_wild

INDIAN = get_variant("indian")
P3 = ("Ann", "Bob", "Cy")

# A declaration worked by hand, sevens wild (two packs, three players): 2♥ 3♥ 4♥ is a pure
# sequence, 5♠ 6♠ 7♣ an impure one (7♣ is wild, standing for 7♠), 9♦ 9♣ 9♠ a set, K♥ K♦ K♠ JK a
# set with the printed joker: 13 cards, two sequences, one pure — a valid show.
ANN_SHOWS = {"melds": ["2H 3H 4H", "5S 6S 7C", "9D 9C 9S", "KH KD KS JK"], "hand": ""}


def setup(players=P3, rules=(), **kw):
    return new_setup(INDIAN, players, list(rules), **kw)


def scored(deal: dict, players=P3, rules=()):
    return score_entry(GameSoFar(setup(players, rules)), deal)


def refusal(deal: dict, players=P3, rules=()) -> ScorekeeperError:
    with pytest.raises(ScorekeeperError) as e:
        scored(deal, players, rules)
    return e.value


def meld(text: str, wild: int | None):
    return im.judge(parse_played_cards(text), wild)


# -- the package is written against scorekeeper.api only -------------------------------------------

#: the built-in variants written as a variant from elsewhere would be, against scorekeeper.api alone
WRITTEN_AGAINST_THE_API = ("indian", "canasta")


@pytest.mark.parametrize("variant_id", WRITTEN_AGAINST_THE_API)
def test_the_package_imports_nothing_of_scorekeeper_but_the_api(variant_id):
    """SPEC §8, issues 29 and 33: Indian Rummy and Canasta are written as a variant from elsewhere would
    be: every import of scorekeeper in their packages (inside functions too) is ``scorekeeper.api`` or
    the package itself."""
    package = Path(__file__).resolve().parents[1] / "scorekeeper" / "core" / "variants" / variant_id
    found, seen = [], 0
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for name in names:
                seen += name == "scorekeeper.api"
                if name.startswith("scorekeeper") and name != "scorekeeper.api" \
                        and not name.startswith(f"scorekeeper.core.variants.{variant_id}"):
                    found.append(f"{path.name}: {name}")
    assert len(list(package.glob("*.py"))) >= 8 and seen >= 6 and found == []


# -- options --------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, costs", [
    # (first drop, middle drop, wrong show, full count) by game, SPEC §2.9
    ("points", (20, 40, 80, 80)), ("pool101", (20, 40, 80, 80)), ("pool201", (25, 50, 80, 80)),
    ("pool61", (15, 30, 60, 60)), ("deals3", (20, 40, 80, 80)),
])
def test_the_costs_follow_the_game(game, costs):
    r = setup(rules=[f"game={game}"]).rules
    assert (r["first_drop"], r["middle_drop"], r["wrong_show"], r["full_count"]) == costs


def test_packs_and_jokers_by_player_count_and_the_options_checked():
    # one pack and one printed joker for 2 players, two and two for 3-6
    assert (setup(("Ann", "Bob")).rules["packs"], setup(("Ann", "Bob")).rules["jokers"]) == (1, 1)
    assert (setup().rules["packs"], setup().rules["jokers"]) == (2, 2)
    assert setup(rules=["packs=3"]).rules["jokers"] == 3  # one printed joker a pack
    assert setup(rules=["game=pool61", "wrong_show=50"]).rules["wrong_show"] == 50  # given wins over the game's
    with pytest.raises(InputError) as e:
        setup(rules=["game=pool101", "deals=4"])
    assert e.value.code == "indian.deals_for_points"
    with pytest.raises(InputError) as e:
        setup(rules=["tie=play-on"])
    assert e.value.code == "indian.no_play_on"
    with pytest.raises(InputError) as e:
        setup(rules=["game=pool100"])
    assert e.value.code == "rule.bad_value"
    with pytest.raises(InputError):
        setup(("A", "B", "C", "D", "E", "F", "G"))  # 2-6 players


# -- melds --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, wild, kind", [
    ("5H 6H 7H", None, "pure"),
    ("7H 8H 9H", 7, "pure"),        # 7♥ in its own place keeps the sequence pure (the shared reader says 8-9-10)
    ("5H 6H 7H", 7, "pure"),        # SPEC's own example: 7♥ in 5-6-7♥ when sevens are wild
    ("5H JK 7H", 7, "impure"),      # the printed joker stands for 6♥
    ("5H 7C 7H", 7, "impure"),      # 7♣ (wild) stands for 6♥; 7♥ is itself
    ("QS KS AS", None, "pure"),     # ace high
    ("AS 2S 3S", None, "pure"),     # ace low
    ("7S 7H 7D", 7, "set"),         # natural: every seven in its own place
    ("7S 7H JK", 7, "set"),         # two sevens themselves, the printed joker standing for a seven
    ("JK JK 7C", 7, "impure"),      # 7-8-9♣ as well as three sevens: read as the sequence a show needs
    ("9D 9C 9S JK", None, "set"),
    ("5H AS 7H", 1, "impure"),      # a printed joker cut: aces wild (I-N1), A♠ stands for 6♥
])
def test_melds_and_their_kind(text, wild, kind):
    assert meld(text, wild).kind == kind


@pytest.mark.parametrize("text, wild, code", [
    ("JK JK JK", None, "indian.meld.wilds_only"),   # every card stands for another
    ("JK 7C 7D", 5, "indian.meld.wilds_only"),      # fives wild: 7♣ 7♦ are not wild; a set of sevens?
    ("5S 5S 5H", None, "indian.meld.set_suits"),    # two packs: 5♠ twice is two cards of one suit
    ("KS AS 2S", None, "meld.corner"),              # no turning the corner
    ("5S 6S 7H", None, "meld.neither"),
    ("5S 5H 5D 5C 5S", None, "meld.set_too_many"),  # a set is three or four cards
])
def test_melds_refused(text, wild, code):
    if code == "indian.meld.wilds_only" and wild == 5:
        # 7♣ 7♦ and a joker are a natural set of sevens with a joker standing in: legal after all
        assert meld(text, wild).kind == "set"
        return
    with pytest.raises(InputError) as e:
        meld(text, wild)
    assert e.value.reason.code == code


def test_card_points():
    # A K Q J 10 ten, 2-9 face value, a wild card and a printed joker 0 (sevens wild)
    cards = [c.card for c in parse_played_cards("AS KD QH JC 10S 9H 2C 7D JK")]
    assert [im.card_points(c, 7) for c in cards] == [10, 10, 10, 10, 10, 9, 2, 0, 0]


@pytest.mark.parametrize("typed, rank, text", [("7", 7, "7"), ("q", 12, "Q"), ("T", 10, "10"), ("10", 10, "10"),
                                               ("JK", 1, "JK"), ("*", 1, "JK"), ("Т", 1, "A"), ("Д", 12, "Q"),
                                               (7, 7, "7")])
def test_the_wild_rank_as_typed(typed, rank, text):
    cut = read_wild(typed)
    assert (cut.rank, cut.text) == (rank, text)


@pytest.mark.parametrize("typed", ["1", "11", "7H", "", True, None, "ZZ"])
def test_a_wild_rank_that_is_not_a_rank(typed):
    with pytest.raises(InputError) as e:
        read_wild(typed)
    assert e.value.code == "indian.wild_not_rank"


# -- a deal ---------------------------------------------------------------------------------------------

# Bob and Cy as worked out in the scoring module's notes (sevens wild):
BOB_LIFE = {"melds": ["8C 9C 10C", "4D JK 6D"], "hand": "KS QH 7D 2S 2H 5C 9H"}
CY_NO_LIFE = {"melds": ["3C 4C 5C"], "hand": "AD AH 10S JD QD QC 8H 8D 6H 5H"}


def test_a_deal_worked_by_hand():
    r = scored({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": BOB_LIFE, "Cy": CY_NO_LIFE}})
    # Ann declared (the only player with every card in melds): 0.
    # Bob has life (8-9-10♣ pure, 4♦ JK 6♦ impure): only the cards left out count,
    #   K♠ 10 + Q♥ 10 + 7♦ 0 (wild) + 2♠ 2 + 2♥ 2 + 5♣ 5 + 9♥ 9 = 38.
    # Cy has one pure sequence and nothing more: every card counts,
    #   A A 10 J Q Q = 60, 8 + 8 + 6 + 5 = 27, 3 + 4 + 5 = 12: 99, at most the full count: 80.
    assert r.scores == {"Ann": 0, "Bob": 38, "Cy": 80}
    assert r.won == ["Ann"] and r.context["out"] == "Ann" and r.context["wild"] == "7"
    assert r.context["life"] == {"Bob": True, "Cy": False}
    assert r.players["Cy"].arithmetic().endswith("− 19 = 80")


def test_partial_life_pure_leaves_the_pure_sequence_out():
    # Cy: 3-4-5♣ pure, the rest in hand: 2♦ 3♦ 4♥ 6♠ 8♠ 9♠ 10♥ 2♣ 4♠ 5♦ (all under 80 together)
    cy = {"melds": ["3C 4C 5C"], "hand": "2D 3D 4H 6S 8S 9S 10H 2C 4S 5D"}
    deal = {"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"hand": 12}, "Cy": cy}}
    # none (default): every card counts, 3 + 4 + 5 + (2 + 3 + 4 + 6 + 8 + 9 + 10 + 2 + 4 + 5 = 53) = 65
    assert scored(deal).scores["Cy"] == 65
    # pure: the pure sequence 3-4-5♣ does not count: 53 (I-N2)
    assert scored(deal, rules=["partial_life=pure"]).scores["Cy"] == 53
    # kings wild: Ann's 5♠ 6♠ 7♣ is no meld (7♣ is not wild then), but the same 13 cards make a show
    # arranged otherwise: the refusal says so
    e = refusal({**deal, "wild": "K"})
    assert e.code == "indian.declare.arranged" and e.facts["cause"].code == "indian.declare.illegal"


def test_drops_wrong_shows_and_points():
    deal = {"wild": "7", "out": "Ann",
            "players": {"Ann": ANN_SHOWS, "Bob": {"drop": "first"}, "Cy": {"drop": "middle"}}}
    assert scored(deal).scores == {"Ann": 0, "Bob": 20, "Cy": 40}
    assert scored(deal, rules=["game=pool201"]).scores == {"Ann": 0, "Bob": 25, "Cy": 50}
    assert scored(deal, rules=["game=pool61"]).scores == {"Ann": 0, "Bob": 15, "Cy": 30}
    wrong = {"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"wrong": True}, "Cy": {"hand": 35}}}
    # a wrong show costs 80 (60 in pool61, I-N3); a hand counted on paper is its points
    assert scored(wrong).scores == {"Ann": 0, "Bob": 80, "Cy": 35}
    assert scored(wrong, rules=["game=pool61"]).scores == {"Ann": 0, "Bob": 60, "Cy": 35}
    assert scored(wrong).context["wrong"] == ["Bob"] and scored(deal).context["drops"] == {"Bob": "first",
                                                                                             "Cy": "middle"}


def test_everyone_else_dropped_the_last_one_in_wins_with_nothing_shown():
    # I-N6: Ann is entered as {} and need not be named; a points-only deal needs no wild rank
    r = scored({"players": {"Ann": {}, "Bob": {"drop": "first"}, "Cy": {"wrong": True}}})
    assert r.scores == {"Ann": 0, "Bob": 20, "Cy": 80} and r.won == ["Ann"]


def test_a_deal_counted_on_paper():
    r = scored({"out": "Bob", "players": {"Ann": {"hand": 0}, "Bob": {"hand": 0}, "Cy": {"hand": 80}}})
    # in indian a points-only 0 is a count of 0, not "went out": Bob is named as the declarer
    assert r.scores == {"Ann": 0, "Bob": 0, "Cy": 80} and r.won == ["Bob"] and r.points_only


@pytest.mark.parametrize("deal, code", [
    # 1: not a valid declaration
    ({"wild": "7", "players": {"Ann": {"melds": ["2H 3H 4H", "9D 9C 9S", "KH KD KS JK", "5S 6S 7C"][:3] + ["QD QH QC"],
                                       "hand": ""}, "Bob": {"hand": 10}, "Cy": {"hand": 10}}}, "indian.declare.sequences"),
    # 3: more copies than two packs hold; a wild rank that is no rank; the wild rank missing
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"melds": ["2H 3H 4H"], "hand": "2H 5D 6D 8D 9D 10D JD QD KD 3S"},
                               "Cy": {"hand": "2H 5H 6H 8H 9H 10H JH QH KH 3S 4S 5S 6C"}}}, "deck.too_many.many"),
    ({"wild": "1", "players": {"Ann": ANN_SHOWS, "Bob": {"hand": 10}, "Cy": {"hand": 10}}}, "indian.wild_not_rank"),
    ({"players": {"Ann": ANN_SHOWS, "Bob": {"hand": 10}, "Cy": {"hand": 10}}}, "indian.wild_missing"),
    # 4: over the full count; a drop or wrong show with cards shown
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"hand": 81}, "Cy": {"hand": 10}}}, "indian.points_over"),
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"drop": "first", "melds": ["2C 3C 4C"]},
                               "Cy": {"hand": 10}}}, "indian.left_shows_cards"),
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"wrong": True, "hand": "2C"}, "Cy": {"hand": 10}}},
     "indian.left_shows_cards"),
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"drop": "last"}, "Cy": {"hand": 10}}}, "indian.drop_value"),
    # 5: two declarers; nobody declared
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": ANN_SHOWS, "Cy": {"hand": 10}}}, "indian.two_declarers"),
    ({"wild": "7", "players": {"Ann": {"hand": 10}, "Bob": {"hand": 12}, "Cy": {"hand": 10}}}, "indian.nobody_declared"),
    ({"players": {"Ann": {}, "Bob": {"hand": 12}, "Cy": {"drop": "first"}}}, "indian.nobody_declared"),
    ({"out": "Bob", "players": {"Ann": {}, "Bob": {"hand": 0}, "Cy": {"drop": "first"}}}, "indian.empty_part"),
    # a loser shown card by card shows 13 cards
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"hand": "2C 3C"}, "Cy": {"hand": 10}}}, "indian.loser_cards"),
    # 2: a loser's meld must be legal
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"melds": ["KS AS 2S"], "hand": "3D 4D 5D 6C 8C 9C 10C JC QC 8S"},
                               "Cy": {"hand": 10}}}, "game.of_player"),
    # the declarer holds cards out of melds
    ({"wild": "7", "out": "Ann", "players": {"Ann": {"melds": ["2H 3H 4H"], "hand": "5D"}, "Bob": {"hand": 1},
                                             "Cy": {"hand": 1}}}, "indian.out_holds_cards"),
    # 8: keys that do not belong to indian, an unknown or a missing player
    ({"wild": "7", "stock_exhausted": True, "players": {"Ann": ANN_SHOWS, "Bob": {"hand": 1}, "Cy": {"hand": 1}}},
     "indian.unknown_top_key"),
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"hand": 1, "layoffs": "2C"}, "Cy": {"hand": 1}}},
     "indian.unknown_player_key"),
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"hand": 1}}}, "indian.player_missing"),
    ({"wild": "7", "players": {"Ann": ANN_SHOWS, "Bob": {"hand": 1}, "Cy": {"hand": 1}, "Dee": {"hand": 1}}},
     "name.unknown"),
])
def test_validations(deal, code):
    assert refusal(deal).code == code


def test_an_invalid_show_is_told_which_arrangement_of_the_same_cards_is_valid():
    # sevens wild: Ann lays 2♥ 3♥ 4♥ 5♠ as a "sequence" (mixed suits) — but 2-3-4♥ (pure), 5♠ 6♠ 7♣
    # (impure: 7♣ wild as 7♠), 9♦ 9♣ 9♠ and K♥ K♦ K♠ JK make a valid show
    ann = {"melds": ["2H 3H 4H 5S", "6S 7C 9D", "9C 9S KH", "KD KS JK"], "hand": ""}
    e = refusal({"wild": "7", "players": {"Ann": ann, "Bob": {"hand": 10}, "Cy": {"hand": 10}}})
    assert e.code == "indian.declare.arranged" and e.player == "Ann"
    assert e.facts["cause"].code == "indian.declare.illegal"
    said = e.message
    assert "valid show" in said and "(pure sequence)" in said and "(impure sequence)" in said


def test_no_arrangement_makes_a_show():
    # 13 cards with no pure sequence possible at all
    ann = {"melds": ["2H 5S 9D", "JC 4D 8S", "KH 3C 6D", "QS 10C AD 7H"], "hand": ""}
    e = refusal({"wild": "7", "players": {"Ann": ann, "Bob": {"hand": 10}, "Cy": {"hand": 10}}})
    assert e.code == "indian.declare.illegal"


def test_arrange_covers_every_card_with_two_sequences_one_pure():
    cards = [c.card for c in parse_played_cards("2H 3H 4H 5S 6S 7C 9D 9C 9S KH KD KS JK")]
    found = im.arrange(cards, 7)
    assert found is not None and sorted(str(pc) for m in found for pc in m.cards) == sorted(map(str, cards))
    assert sum(m.sequence for m in found) >= 2 and any(m.pure for m in found)


# -- the game --------------------------------------------------------------------------------------------

def paper(declarer: str, **points: int) -> dict:
    """A deal counted on paper: ``declarer`` scores 0, the others their points."""
    players = {p: {"hand": points.get(p, 0)} for p in [declarer, *points]}
    return {"out": declarer, "players": players}


def test_a_points_game_ends_after_its_deals_and_the_lowest_total_wins():
    s = setup(rules=["deals=2"])
    first = paper("Ann", Bob=30, Cy=12)
    state = replay(s, [first])
    assert not state.ending.finished and state.facts["deal"] == 2 and state.facts["deals"] == 2
    state = replay(s, [first, paper("Bob", Ann=40, Cy=10)])
    # Ann 0 + 40 = 40, Bob 30 + 0 = 30, Cy 12 + 10 = 22: Cy wins with the lowest total
    assert state.ending.finished and state.ending.winners == ["Cy"] and state.totals == {"Ann": 40, "Bob": 30, "Cy": 22}
    with pytest.raises(StateError) as e:
        replay(s, [first, paper("Bob", Ann=40, Cy=10), paper("Cy", Ann=1, Bob=1)])
    assert e.value.code == "game.hand_after_end"


def test_equal_lowest_totals_share_the_win():
    state = replay(setup(rules=["deals=1"]), [paper("Ann", Bob=20, Cy=20)])
    # Ann 0 wins alone; after a second deal Ann 20, Bob 20, Cy 40: shared
    assert state.ending.winners == ["Ann"]
    state = replay(setup(rules=["deals=2"]), [paper("Ann", Bob=20, Cy=20), paper("Bob", Ann=20, Cy=20)])
    assert state.ending.finished and state.ending.winners == ["Ann", "Bob"] and "share" in state.ending.note


def test_pool101_eliminates_at_the_limit_and_the_last_one_wins():
    s = setup(rules=["game=pool101"])
    deals = [paper("Ann", Bob=80, Cy=60), paper("Bob", Ann=20, Cy=41)]
    state = replay(s, deals)
    # Ann 20, Bob 80, Cy 60 + 41 = 101: Cy reached the limit in deal 2 and is out (a deal counts at most 80)
    assert state.results[1].context["eliminated"] == ["Cy"]
    assert state.facts["in_play"] == ["Ann", "Bob"] and state.facts["eliminated"] == ["Cy"]
    assert not state.ending.finished and state.facts["deals"] is None
    # Cy takes no part: refused in an entry, and every player in play must be there
    game = state.so_far(3)
    assert game.in_play == ("Ann", "Bob")
    with pytest.raises(InputError) as e:
        score_entry(game, paper("Ann", Bob=5, Cy=5))
    assert e.value.code == "entry.not_in_play" and e.value.player == "Cy"
    with pytest.raises(InputError) as e:
        score_entry(game, {"out": "Ann", "players": {"Ann": {"hand": 0}}})
    assert e.value.code == "indian.player_missing" and e.value.player == "Bob"
    # Bob reaches 80 + 30 = 110: Ann is the last one left and wins
    state = replay(s, deals + [paper("Ann", Bob=30)])
    assert state.ending.finished and state.ending.winners == ["Ann"] and state.results[2].scores["Cy"] == 0


def test_the_deal_passes_to_the_left_among_the_players_in_play():
    s = setup(("Ann", "Bob", "Cy", "Dee"), ["game=pool101"])
    # deal 1 dealt by Ann, deal 2 by Bob, in which Bob reaches 80 + 21 = 101: deal 3 is dealt by Cy,
    # deal 4 by Dee, deal 5 by Ann (Bob is skipped)
    played = [paper("Ann", Bob=80, Cy=5, Dee=5), paper("Ann", Bob=21, Cy=5, Dee=5),
              paper("Cy", Ann=5, Dee=5), paper("Cy", Ann=5, Dee=5)]
    state = replay(s, played)
    assert state.dealers == ["Ann", "Bob", "Cy", "Dee", "Ann"]
    assert state.next_leader == "Cy"  # left of Ann among those in play


def rejoin(player: str, after: int) -> dict:
    return {"kind": "rejoin", "player": player, "after": after}


def test_a_rejoin_comes_back_at_the_highest_remaining_total_plus_one():
    s = setup(rules=["game=pool101"])
    deals = [paper("Ann", Bob=50, Cy=60), paper("Bob", Ann=72, Cy=44)]
    # after deal 2: Ann 72, Bob 50, Cy 104 (out). Cy rejoins at 72 + 1 = 73, a change of 73 − 104 = −31
    state = replay(s, deals, [rejoin("Cy", 2)])
    assert state.events[0].change == {"Cy": -31}
    assert state.totals == {"Ann": 72, "Bob": 50, "Cy": 73} and state.facts["in_play"] == ["Ann", "Bob", "Cy"]
    # the running totals: deal 2 shows Cy at 104, the rejoin's total counts from deal 3 on
    assert state.running_totals()[1]["Cy"] == 104 and state.event_totals() == [{"Ann": 72, "Bob": 50, "Cy": 73}]
    state = replay(s, deals + [paper("Ann", Bob=3, Cy=2)], [rejoin("Cy", 2)])
    assert state.totals["Cy"] == 75 and state.results[2].scores == {"Ann": 0, "Bob": 3, "Cy": 2}


@pytest.mark.parametrize("events, deals, code", [
    ([rejoin("Cy", 2), rejoin("Cy", 3)], 3, "indian.rejoin.once"),
    ([rejoin("Bob", 2)], 2, "indian.rejoin.in_play"),
    ([rejoin("Zed", 2)], 2, "indian.rejoin.who"),
])
def test_rejoins_refused(events, deals, code):
    s = setup(rules=["game=pool101"])
    played = [paper("Ann", Bob=50, Cy=60), paper("Bob", Ann=72, Cy=44), paper("Ann", Bob=3, Cy=40)][:deals]
    with pytest.raises(StateError) as e:
        replay(s, played, events)
    assert e.value.code == code


def test_a_rejoin_needs_everyone_left_at_most_79_and_a_pool_with_rejoins():
    # Ann 80 (above 79), Cy out at 104: too late
    played = [paper("Ann", Bob=50, Cy=60), paper("Bob", Ann=80, Cy=44)]
    with pytest.raises(StateError) as e:
        replay(setup(rules=["game=pool101"]), played, [rejoin("Cy", 2)])
    assert e.value.code == "indian.rejoin.too_late" and e.value.facts["leader"] == "Ann"
    with pytest.raises(StateError) as e:
        replay(setup(rules=["game=pool101", "rejoin=false"]), played[:1] + [paper("Bob", Ann=72, Cy=44)],
               [rejoin("Cy", 2)])
    assert e.value.code == "indian.rejoin.off"
    with pytest.raises(StateError) as e:
        replay(setup(), [paper("Ann", Bob=5, Cy=5)], [rejoin("Cy", 1)])
    assert e.value.code == "indian.rejoin.not_pool"


def test_pool201_and_pool61_limits_for_a_rejoin():
    # pool61: Cy out at 30 + 31 = 61; Ann at 44 (not above 44): Cy rejoins at 45
    state = replay(setup(rules=["game=pool61"]), [paper("Ann", Bob=20, Cy=30), paper("Bob", Ann=44, Cy=31)],
                   [rejoin("Cy", 2)])
    assert state.totals["Cy"] == 45
    # pool201: Cy 80 + 80 + 41 = 201, out after deal 3; Ann 80 + 80 + 15 = 175 (above 174): too late
    pool201 = [paper("Bob", Ann=80, Cy=80), paper("Bob", Ann=80, Cy=80), paper("Bob", Ann=15, Cy=41)]
    with pytest.raises(StateError) as e:
        replay(setup(rules=["game=pool201"]), pool201, [rejoin("Cy", 3)])
    assert e.value.code == "indian.rejoin.too_late"
    # Ann at 174 (80 + 80 + 14): not above 174, Cy rejoins at 175
    pool201[2] = paper("Bob", Ann=14, Cy=41)
    assert replay(setup(rules=["game=pool201"]), pool201, [rejoin("Cy", 3)]).totals["Cy"] == 175


def test_a_split_ends_a_pool_shared_by_the_players_left():
    s = setup(("Ann", "Bob", "Cy", "Dee"), ["game=pool101"])
    played = [paper("Ann", Bob=30, Cy=80, Dee=40), paper("Ann", Bob=3, Cy=21, Dee=4)]
    state = replay(s, played, [{"kind": "split", "after": 2}])
    # Cy is out at 80 + 21 = 101; Ann, Bob and Dee are left and share the game
    assert state.ending.finished and state.ending.winners == ["Ann", "Bob", "Dee"] and state.facts["split"]
    with pytest.raises(StateError) as e:
        replay(s, [paper("Ann", Bob=30, Cy=10, Dee=40)], [{"kind": "split", "after": 1}])
    assert e.value.code == "indian.split.players"  # four left: a split is for two or three
    with pytest.raises(StateError) as e:
        replay(setup(rules=["deals=2"]), [paper("Ann", Bob=3, Cy=3)], [{"kind": "split", "after": 1}])
    assert e.value.code == "indian.split.not_pool"


def test_a_deals_game_moves_chips_and_the_most_chips_win():
    s = setup(rules=["game=deals2"])
    # 80 chips a deal: 160 each. Deal 1: Ann declares, takes Bob's 30 and Cy's 12: Ann 202, Bob 130, Cy 148
    state = replay(s, [paper("Ann", Bob=30, Cy=12)])
    assert state.totals == {"Ann": 202, "Bob": 130, "Cy": 148} and state.results[0].scores == {"Ann": 0, "Bob": 30,
                                                                                                 "Cy": 12}
    assert state.facts["chips"] == state.totals and sum(state.totals.values()) == 3 * 160
    # Deal 2: Cy declares, takes Ann's 50 and Bob's 5: Ann 152, Bob 125, Cy 203: Cy has the most chips
    state = replay(s, [paper("Ann", Bob=30, Cy=12), paper("Cy", Ann=50, Bob=5)])
    assert state.totals == {"Ann": 152, "Bob": 125, "Cy": 203}
    assert state.ending.finished and state.ending.winners == ["Cy"] and state.ranking()[0][1] == "Cy"


def test_carried_totals_checked_by_game():
    with pytest.raises(InputError) as e:
        setup(rules=["game=pool101"], carry=["Ann=101"])
    assert e.value.code == "indian.carry_limit"
    with pytest.raises(InputError) as e:
        setup(rules=["game=deals3"], carry=["Ann=10"])
    assert e.value.code == "indian.carry_chips"
    assert setup(rules=["game=pool101"], carry=["Ann=100"]).start_totals()["Ann"] == 100


# -- the one-line form and the words ---------------------------------------------------------------------

def test_the_one_line_form_reads_and_writes_back():
    codec = INDIAN.codec
    args = ["wild=7", "Ann: 2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK show",
            "Bob: 8C 9C 10C, 4D JK 6D -KS QH 7D 2S 2H 5C 9H", "Cy: 35"]
    entry = codec.read_line(args, P3)
    assert entry == {"players": {"Ann": ANN_SHOWS | {"hand": ""}, "Bob": BOB_LIFE, "Cy": {"hand": 35}},
                     "wild": "7", "out": "Ann"}
    lines = codec.write_line(entry, P3)
    assert lines[""] == "wild=7" and lines["Cy"] == "-35" and lines["Ann"].endswith(" show")
    from scorekeeper.api import as_arguments
    assert codec.read_line(as_arguments(lines), P3) == entry


@pytest.mark.parametrize("typed, part", [
    ("drop", {"drop": "first"}), ("middle", {"drop": "middle"}), ("middle drop", {"drop": "middle"}),
    ("wrong", {"wrong": True}), ("дроп", {"drop": "first"}), ("сброс", {"drop": "first"}),
    ("середина", {"drop": "middle"}), ("помилка", {"wrong": True}), ("-12", {"hand": 12}), ("12", {"hand": 12}),
])
def test_the_words_of_a_part_in_every_language(typed, part):
    entry = INDIAN.codec.read_line(["Ann: show", f"Bob: {typed}", "Cy: drop"], P3)
    assert entry["players"]["Bob"] == part and entry["out"] == "Ann" and entry["players"]["Ann"] == {}


def test_local_words_for_show_and_the_wild_rank():
    entry = INDIAN.codec.read_line(["джокер=q", "Ann: 2H 3H 4H, 5S 6S 7S, 9D 9C 9S, KH KD KS JK шоу",
                                    "Bob: -40", "Cy: скинула"], P3)
    assert entry["wild"] == "Q" and entry["out"] == "Ann" and entry["players"]["Cy"] == {"drop": "first"}


def test_a_word_typed_slightly_wrong_is_named():
    with pytest.raises(InputError) as e:
        INDIAN.codec.read_line(["Ann: show", "Bob: dorp", "Cy: drop"], P3)
    assert e.value.code == "line.word_near" and e.value.facts["near"] == "drop"
    with pytest.raises(InputError) as e:
        INDIAN.codec.read_line(["wlid=7", "Ann: show"], P3)
    assert e.value.code == "line.not_a_word_near" and e.value.facts["near"] == "wild="


# -- the questions at the table --------------------------------------------------------------------------

def test_the_table_asks_the_wild_rank_first_and_only_the_players_in_play():
    s = setup(rules=["game=pool101"])
    game = replay(s, [paper("Ann", Bob=80, Cy=5), paper("Ann", Bob=21, Cy=5)]).so_far(3)
    table = INDIAN.table
    assert [q.key for q in table.first(game)] == ["wild"]
    assert table.asked(game) == ("Ann", "Cy")
    entry: dict = {"players": {}}
    INDIAN.codec.answer(table.first(game)[0], "q", entry, game)
    q = table.part(game, "Ann", {}, [])
    INDIAN.codec.answer(q, "2H 3H 4H, 5S 6S 7S, 9D 9C 9S, KH KD KS JK show", entry, game)
    INDIAN.codec.answer(table.part(game, "Cy", {}, []), "-25", entry, game)
    assert entry == {"players": {"Ann": {"melds": ANN_SHOWS["melds"][:1] + ["5S 6S 7S"] + ANN_SHOWS["melds"][2:],
                                         "hand": ""}, "Cy": {"hand": 25}}, "wild": "Q", "out": "Ann"}
    assert table.ending(game, entry) is None
    assert score_entry(game, entry).scores == {"Ann": 0, "Bob": 0, "Cy": 25}
    # an illegal meld is refused as soon as it is typed
    with pytest.raises(InputError):
        INDIAN.codec.answer(q, "KS AS 2S -3D", {"players": {}, "wild": "Q"}, game)
    # the answers that give the entry again (edit)
    answers = INDIAN.codec.answers(entry, ["Ann", "Bob", "Cy"])
    assert answers[("", "wild")] == "Q" and answers[("Cy", "part")] == "-25" and answers[("Ann", "part")].endswith("show")


# -- the worked examples of tests/fixtures/indian_cases.json (each worked by hand in its note) -------------

def _cases() -> dict:
    from conftest import load_games

    return load_games("indian_cases.json")


@pytest.mark.parametrize("game", _cases()["games"], ids=lambda g: g["id"])
def test_each_worked_game(game):
    state = replay(new_setup(INDIAN, game["players"], game["rules"]), game["hands"])
    expect = game["expect"]
    assert [dict(r.scores) for r in state.results] == expect["scores"]
    assert state.totals == expect["totals"] and state.ending.finished == expect["finished"]
    assert sorted(state.ending.winners) == sorted(expect["winners"])


@pytest.mark.parametrize("case", _cases()["rejects"], ids=lambda c: c["id"])
def test_each_worked_refusal(case):
    with pytest.raises(InputError):
        score_entry(GameSoFar(new_setup(INDIAN, case["players"], case["rules"])), case["reject"])


@pytest.mark.parametrize("case", _cases()["checks"] + _cases()["checks_wild"], ids=lambda c: c["cards"])
def test_each_worked_check(case):
    from scorekeeper.core.check import check_melds

    found = check_melds(INDIAN, case["cards"], wild_rank=case.get("wild"))
    assert found.legal == case["legal"]
    if case["legal"]:
        meld = found.melds[0]
        assert meld.kind == case["kind"]
        if "pure" in case:
            assert str(meld.phrase.english()).startswith("a pure" if case["pure"] else "an impure")
