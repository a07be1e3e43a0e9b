"""Gin Rummy, SPEC §2.7 and I-G1…I-G10, tested through the core's functions.

Every expected figure was worked out by hand from the rules; the arithmetic is
in the comment beside it. Deadwood: ace 1, J Q K 10, 2–10 face value. k is the
knocker's deadwood, d the defender's after lay-offs.
"""
from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.cards import SUITS, Card, parse_cards
from scorekeeper.core.errors import InputError
from scorekeeper.core.game import GameSetup, GameSoFar
from scorekeeper.core.rules import resolve_rules
from scorekeeper.core.variants.gin import (
    GinRules,
    best_arrangement,
    deadwood_points,
    defender_arrangement,
    end_of_game,
    hands_won,
    knock_limit,
    least_deadwood_arrangements,
    meld_of,
    parse_line,
    score_entry,
)
from scorekeeper.core.variants.gin import VARIANT, facts

P = ["Ann", "Bob"]
#: the worked examples, shipped with the tests (a copy of the shared gin.json, so a clean clone runs them)
GIN_JSON = Path(__file__).resolve().parent / "fixtures" / "shared_gin.json"


def _examples() -> dict:
    return json.loads(GIN_JSON.read_text(encoding="utf-8"))


EXAMPLES = _examples()


def options_from(given: dict) -> GinRules:
    """The options of a new game from KEY=VALUE options, read the common way (``new --rule``)."""
    return resolve_rules(VARIANT, given, 2)


def rules(*pairs: str) -> GinRules:
    """Options from KEY=VALUE texts, as `new --rule` gives them."""
    return options_from(dict(p.split("=", 1) for p in pairs))


def pts(k: int, d: int, knocker: str = "Ann", **extra) -> dict:
    """A points-only hand: the knocker's deadwood k, the defender's d (after lay-offs)."""
    defender = "Bob" if knocker == "Ann" else "Ann"
    return {"players": {knocker: {"hand": k}, defender: {"hand": d}}, "knock": knocker, **extra}


VOID = {"players": {"Ann": {}, "Bob": {}}, "stock_exhausted": True}


def play(hands: list[dict], options: GinRules | None = None):
    """Score hands in order; returns (results, ending, totals with end bonuses)."""
    options = options or GinRules()
    results = [score_entry(h, P, options) for h in hands]
    ending = end_of_game(GameSoFar(GameSetup(VARIANT, tuple(P), options), results))
    totals = {p: sum(r.scores[p] for r in results) + ending.bonus.get(p, 0) for p in P}
    return results, ending, totals


def fact(ending, key: str):
    """A fact of the ending's note (``reacher``, ``shutout``, ``winner_below``); None while the game goes on."""
    return ending.note_facts.get(key)


def last_note(ending) -> str:
    """The code of the last sentence of the ending's note (why the winner wins)."""
    return ending.note_facts["notes"].items[-1].code


def refused(raw: dict, options: GinRules | None = None) -> InputError:
    with pytest.raises(InputError) as info:
        score_entry(raw, P, options or GinRules())
    return info.value


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def note(result, code: str) -> dict:
    """The hand's note with message ``code``, as data."""
    return next(n for n in result.context["notes"] if n["code"] == code)


# --- the shared worked examples (tests/fixtures/shared_gin.json) ----------------------------------

@pytest.mark.parametrize("case", EXAMPLES["games"], ids=lambda c: c["id"])
def test_shared_games(case):
    options = rules(*case["rules"])
    results = [score_entry(h, case["players"], options) for h in case["hands"]]
    ending = end_of_game(GameSoFar(GameSetup(VARIANT, tuple(case["players"]), options), results))
    assert [r.scores for r in results] == case["expect"]["scores"]
    totals = {p: sum(r.scores[p] for r in results) + ending.bonus.get(p, 0) for p in case["players"]}
    assert totals == case["expect"]["totals"]
    assert ending.finished == case["expect"]["finished"]
    if case["expect"]["finished"]:
        assert sorted(ending.winners) == sorted(case["expect"]["winners"])


@pytest.mark.parametrize("case", EXAMPLES["rejects"], ids=lambda c: c["id"])
def test_shared_rejects(case):
    with pytest.raises(InputError) as info:
        score_entry(case["reject"], case["players"], GinRules())
    assert info.value.code.startswith("gin.")
    assert info.value.player == ("Ann" if "limit" in case["id"] else "Bob")


def test_shared_rejects_say_the_rule():
    # Ann melds 3-4-5-6♠, 8♥ 8♦ 8♣ and J-Q-K♠: gin, so Bob's 7♠ may not be laid off
    e = refused({"players": {"Ann": {"melds": ["3S 4S 5S 6S", "8H 8D 8C", "JS QS KS"], "hand": ""},
                             "Bob": {"melds": ["2H 3H 4H", "KD KH KC"], "layoffs": "7S", "hand": "9D 4C 3D"}},
                 "knock": "Ann"})
    assert e.code == "gin.layoff_against_gin"
    assert e.message == "Bob cannot lay off 7♠: Ann has gin, and nothing is laid off against gin."
    # 8♦ 3♠ left: 8 + 3 = 11 > 10
    e = refused({"players": {"Ann": {"melds": ["AH 2H 3H 4H", "9C 10C JC QC"], "hand": "8D 3S"},
                             "Bob": {"melds": ["KS KH KD"], "hand": "QS QH 2C 4D 6H 7S 9S"}}, "knock": "Ann"})
    assert (e.code, e.facts["deadwood"], e.facts["limit"]) == ("gin.over_limit", 11, 10)
    assert e.message == "Ann knocked with 11 deadwood, over the knock limit of 10 (knock_limit=10)."
    # best: 3♥ 3♠ 3♦ and 7♣ 7♦ 7♠ leave A♥ 2♥ 4♣ 4♦ = 1 + 2 + 4 + 4 = 11
    e = refused({"players": {"Ann": {"cards": "AH 2H 3H 3S 3D 7C 7D 7S 4C 4D"},
                             "Bob": {"cards": "KS KH KD QC JC 10C 9H 8H 6S 5S"}}, "knock": "Ann"})
    assert (e.code, e.facts["deadwood"]) == ("gin.over_limit_cards", 11)
    assert e.facts["deadwood_cards"] == cards("AH 2H 4C 4D")


# --- options -----------------------------------------------------------------------------------

def test_modern_is_the_default():
    o = options_from({})
    assert o == GinRules()
    assert dict(o) == {
        "target": 100, "knock_limit": 10, "gin_bonus": 25, "big_gin_bonus": 31, "undercut_bonus": 25,
        "box_bonus": 25, "game_bonus": 100, "shutout_bonus": 100, "equal_deadwood": "undercut",
        "box_timing": "end", "shutout": "flat", "game_winner": "target", "oklahoma": False,
        "spades_double": False, "oklahoma_ace": "gin", "next_dealer": "winner",
    }


def test_presets_store_their_values_not_their_name():
    classic = dict(options_from({"preset": "classic"}))
    assert "preset" not in classic
    assert (classic["gin_bonus"], classic["big_gin_bonus"], classic["undercut_bonus"], classic["box_bonus"]) == \
        (20, None, 10, 20)
    palace = options_from({"preset": "palace"})
    assert (palace.big_gin_bonus, palace.undercut_bonus, palace.box_bonus, palace.box_timing,
            palace.game_bonus, palace.shutout) == (None, 20, 10, "immediate", 0, "none")
    assert options_from({"preset": "modern"}) == GinRules()


def test_explicit_options_override_a_preset():
    o = options_from({"preset": "palace", "box_bonus": "15", "shutout": "flat", "big-gin-bonus": "40"})
    assert (o.box_bonus, o.box_timing, o.shutout, o.big_gin_bonus, o.undercut_bonus) == \
        (15, "immediate", "flat", 40, 20)
    assert options_from({"big_gin_bonus": "none"}).big_gin_bonus is None
    assert options_from({"oklahoma_ace": "1", "oklahoma": "true"}).oklahoma_ace == 1


def test_oklahoma_target_is_150_unless_given():
    assert options_from({"oklahoma": "true"}).target == 150
    assert options_from({"oklahoma": "true", "target": "100"}).target == 100
    assert options_from({"target": "250"}).target == 250
    # stored values come back as they were stored
    stored = dict(options_from({"oklahoma": "true", "spades_double": "true"}))
    assert dict(options_from(stored)) == stored


@pytest.mark.parametrize("key, value, allowed", [
    ("gin_bonus", "-1", "a whole number ≥ 0"),
    ("target", "0", "a whole number ≥ 1"),
    ("big_gin_bonus", "lots", "a whole number ≥ 0 or none"),
    ("box_timing", "later", "end or immediate"),
    ("shutout", "triple", "flat, double-total, double-hands or none"),
    ("equal_deadwood", "split", "undercut or knocker"),
    ("game_winner", "first", "target or total"),
    ("oklahoma", "maybe", "true or false"),
    ("oklahoma_ace", "2", "gin or 1"),
    ("next_dealer", "random", "winner, loser or alternate"),
    ("preset", "vegas", "modern, classic or palace"),
])
def test_bad_option_values_name_the_option_and_what_it_takes(key, value, allowed):
    with pytest.raises(InputError) as info:
        options_from({key: value})
    e = info.value
    # the allowed values are the option's words, said in the language spoken (English here)
    assert (e.code, e.facts["key"], str(e.facts["values"])) == ("rule.bad_value", key, allowed)
    assert e.message == f"{key}={value} is not allowed: {key} takes {allowed}."


def test_options_checked_on_construction():
    with pytest.raises(InputError) as info:
        GinRules(knock_limit=-1)
    assert info.value.facts["key"] == "knock_limit"
    with pytest.raises(InputError) as info:
        GinRules(shutout="double")
    assert info.value.code == "rule.bad_value"
    with pytest.raises(InputError) as info:
        GinRules(spades_double=True)
    assert info.value.code == "gin.spades_without_oklahoma"
    with pytest.raises(InputError):
        options_from({"spades_double": "true"})
    assert GinRules(oklahoma=True, spades_double=True).spades_double


def test_tie_is_not_a_gin_option():
    with pytest.raises(InputError) as info:
        options_from({"tie": "shared"})
    assert info.value.code == "gin.no_tie"
    assert "does not apply to Gin Rummy" in info.value.message
    with pytest.raises(InputError) as info:
        options_from({"ace_in_hand": "1"})  # Rummy 500's option
    assert info.value.code == "rule.not_for_variant"
    with pytest.raises(InputError) as info:
        options_from({"colour": "red"})
    assert info.value.code == "rule.unknown" and info.value.facts["keys"][0] == "preset"


# --- melds and arrangements --------------------------------------------------------------------

def test_melds_ace_low():
    assert meld_of(cards("AH 2H 3H")).kind == "run"
    assert meld_of(cards("QH KH AH")) is None          # the ace is always low
    assert meld_of(cards("KH AH 2H")) is None
    assert meld_of(cards("7S 7H 7D 7C")).kind == "set"
    assert meld_of(cards("7S 7H")) is None
    assert meld_of(cards("4D 6D 5D 7D")).cards == tuple(cards("4D 5D 6D 7D"))


def test_spec_example_arranged_from_the_cards():
    ann = cards("7H 8H 9H QS QD QC 2C 3C 4C 5D")
    bob = cards("KS KH KD 10H JH 5C 9S 6D 3S AH")
    a = best_arrangement(ann, bob)
    assert sorted(m.text for m in a.melds) == [["2C", "3C", "4C"], ["7H", "8H", "9H"], ["QS", "QD", "QC"]]
    assert a.deadwood_cards == tuple(cards("5D")) and a.deadwood == 5
    b = defender_arrangement(bob, a.melds)
    # K♠ K♥ K♦ melded; 10♥ then J♥ on 7-8-9♥ (a chain), 5♣ on 2-3-4♣; 9 + 6 + 3 + 1 = 19 left
    assert [m.text for m in b.melds] == [["KS", "KH", "KD"]]
    assert sorted(b.laid_off) == sorted(cards("10H JH 5C"))
    assert b.deadwood_cards == tuple(cards("9S 6D 3S AH")) and b.deadwood == 19


def test_a_card_belongs_to_one_meld_only():
    # A-2-3♥ and 3♥ 3♠ 3♦ share the 3♥: the best takes the set and 7♣ 7♦ 7♠, leaving A♥ 2♥ 4♣ 4♦ = 11
    a = best_arrangement(cards("AH 2H 3H 3S 3D 7C 7D 7S 4C 4D"))
    assert a.deadwood == 11
    used = [c for m in a.melds for c in m.cards]
    assert len(used) == len(set(used))


def test_four_of_a_kind_against_a_run():
    # 5♠ 6♠ 7♠ 7♥ 7♦ 7♣: four sevens leave 5♠ 6♠ 2♦ (13); 5-6-7♠ + 7♥ 7♦ 7♣ leave 2♦ (2)
    a = best_arrangement(cards("7D QC 5S 2D 7C JC 6S 10C 7H 7S"))
    assert a.deadwood == 2 and a.deadwood_cards == tuple(cards("2D"))


def test_the_knocker_ties_are_broken_against_the_defender():
    # Ann's 3♥ 4♥ 5♥ 4♠ 4♦ meld either as the run 3-4-5♥ (4♠ 4♦ left, 8) or the set 4♠ 4♥ 4♦
    # (3♥ 5♥ left, 8), with 9-10-J-Q-K♣ either way.
    ann = cards("3H 4H 5H 4S 4D 9C 10C JC QC KC")
    bob = cards("2H 6H 7H 4C 8S 8D 8C AS 2D 6C")
    ties = least_deadwood_arrangements(ann)
    assert len(ties) == 2 and {t.deadwood for t in ties} == {8}
    # against the run Bob lays off 2♥ and 6♥ 7♥ and keeps 4♣ A♠ 2♦ 6♣ = 4 + 1 + 2 + 6 = 13;
    # against the set he lays off 4♣ and keeps 2♥ 6♥ 7♥ A♠ 2♦ 6♣ = 2 + 6 + 7 + 1 + 2 + 6 = 24
    run = next(t for t in ties if any(m.kind == "run" and m.cards[0].suit == "H" for m in t.melds))
    assert defender_arrangement(bob, run.melds).deadwood == 13
    chosen = best_arrangement(ann, bob)
    assert [m.text for m in chosen.melds if m.kind == "set"] == [["4S", "4H", "4D"]]
    assert defender_arrangement(bob, chosen.melds).deadwood == 24
    r = score_entry({"players": {"Ann": {"cards": " ".join(map(str, ann))}, "Bob": {"cards": " ".join(map(str, bob))}},
                     "knock": "Ann"}, P, GinRules())
    assert r.scores == {"Ann": 16, "Bob": 0}                          # 24 − 8
    assert r.context["arrangement"]["Bob"]["layoffs"] == ["4C"]
    assert r.context["arrangement"]["Ann"]["deadwood_cards"] == ["3H", "5H"]


def test_the_knocker_tie_is_one_the_entered_layoffs_fit():
    # Bob's lay-offs 2♥ 6♥ 7♥ fit only the run 3-4-5♥: that tie is chosen, d = 4 + 1 + 2 + 6 = 13
    r = score_entry({"players": {
        "Ann": {"cards": "3H 4H 5H 4S 4D 9C 10C JC QC KC"},
        "Bob": {"melds": "8S 8D 8C", "layoffs": "2H 6H 7H", "hand": "4C AS 2D 6C"}}, "knock": "Ann"},
        P, GinRules())
    assert r.scores == {"Ann": 5, "Bob": 0}                           # 13 − 8
    assert r.context["arrangement"]["Ann"]["melds"][0] == ["3H", "4H", "5H"]
    assert "Bob" not in r.context["arrangement"]                      # entered, not arranged here
    e = refused({"players": {
        "Ann": {"cards": "3H 4H 5H 4S 4D 9C 10C JC QC KC"},
        "Bob": {"melds": "8S 8D 8C", "layoffs": "2H 4C", "hand": "6H 7H AS 2D 6C"}}, "knock": "Ann"})
    # 2♥ fits only the run 3-4-5♥, 4♣ only the set 4♥ 4♠ 4♦; both need Ann's 4♥: no layout takes both
    assert e.code == "gin.layoffs_apart"
    assert {str(c) for c in e.facts["cards"]} == {"2H", "4C"}


def test_layoff_chains_and_sets():
    knocker = [meld_of(cards("5S 6S 7S")), meld_of(cards("QS QD QC"))]
    # 4♠ below 5-6-7♠, Q♥ on the queens; 8-9-10♠ is a run of its own (laid off on 5-6-7♠ it
    # would leave the same deadwood, and own melds are shown first)
    b = defender_arrangement(cards("4S 8S 9S 10S QH 2C 3D 5H 9H KD"), knocker)
    assert sorted(b.laid_off) == sorted(cards("4S QH"))
    assert [m.text for m in b.melds] == [["8S", "9S", "10S"]]
    assert b.deadwood == 2 + 3 + 5 + 9 + 10
    # 8♠ then 9♠ (a chain) on 5-6-7♠: 9♠ alone would not touch it
    b = defender_arrangement(cards("9S 8S QH 2C 3D 5H 9H KD 4D 6C"), knocker)
    assert [chain for _, chain in b.layoffs] == [tuple(cards("8S 9S")), tuple(cards("QH"))]
    assert b.deadwood == 2 + 3 + 5 + 9 + 10 + 4 + 6
    # nothing above a king, no ace above it either: J-Q-K♥ takes neither A♥ nor a gap
    b = defender_arrangement(cards("AH 9H 2C 3D 5S 6D 7C 8C 4D 4H"), [meld_of(cards("JH QH KH"))])
    assert b.laid_off == ()
    # a lay-off does not jump a gap: 10♦ does not fit 6-7-8♦ without the 9♦
    b = defender_arrangement(cards("10D JD 2S 4S 6S 8S KC KH 3C 5C"), [meld_of(cards("6D 7D 8D"))])
    assert b.laid_off == ()


def test_the_defender_prefers_own_melds_over_equal_layoffs():
    # 8♥ 9♥ 10♥ meld on their own or go on 5-6-7♥: the same deadwood; own melds are shown
    b = defender_arrangement(cards("8H 9H 10H 2C 3D 4S 6C 9C KD KS"), [meld_of(cards("5H 6H 7H"))])
    assert [m.text for m in b.melds] == [["8H", "9H", "10H"]] and b.laid_off == ()


# --- scoring hands: the modern school (the defaults) --------------------------------------------

@pytest.mark.parametrize("hand, scores, kind, why", [
    (pts(5, 19), {"Ann": 14, "Bob": 0}, "knock", "19 − 5"),
    (pts(0, 30), {"Ann": 55, "Bob": 0}, "gin", "30 + 25"),
    (pts(0, 30, big_gin=True), {"Ann": 61, "Bob": 0}, "big_gin", "30 + 31"),
    (pts(7, 4), {"Ann": 0, "Bob": 28}, "undercut", "(7 − 4) + 25"),
    (pts(6, 6), {"Ann": 0, "Bob": 25}, "undercut", "a tie goes to the defender (I-G1): (6 − 6) + 25"),
    (pts(0, 0), {"Ann": 25, "Bob": 0}, "gin", "gin is never undercut: 0 + 25"),
    (pts(10, 11, knocker="Bob"), {"Ann": 0, "Bob": 1}, "knock", "11 − 10, at the limit"),
])
def test_modern(hand, scores, kind, why):
    r = score_entry(hand, P, GinRules())
    assert r.scores == scores, why
    assert r.context["kind"] == kind
    assert r.won == [next(p for p, s in scores.items() if s)]
    assert r.ended == "knock" and r.context["multiplier"] == 1 and r.context["knock_limit"] == 10


def test_equal_deadwood_to_the_knocker_is_a_win_with_nothing():
    r = score_entry(pts(6, 6), P, GinRules(equal_deadwood="knocker"))
    assert r.scores == {"Ann": 0, "Bob": 0}                            # 6 − 6 = 0
    assert r.won == ["Ann"] and r.context["kind"] == "knock"
    assert r.players["Ann"].arithmetic() == "6 − 6 = 0"


def test_explanation_lines_and_facts():
    r = score_entry({
        "players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC", "2C 3C 4C"], "hand": "5D"},
                    "Bob": {"melds": ["KS KH KD"], "layoffs": "10H JH 5C", "hand": "9S 6D 3S AH"}},
        "knock": "Ann"}, P, GinRules())
    ann = r.players["Ann"]
    assert ann.arithmetic() == "19 − 5 = 14"
    assert [line.code for line in ann.lines if line.part != "count"] == \
        ["gin.line.defender_deadwood", "gin.line.own_deadwood_less"]
    assert r.context["deadwood"] == {"Ann": 5, "Bob": 19}
    assert r.notes == ["Ann knocked with 5; Bob holds 19 after lay-offs: Ann scores 19 − 5 = 14."]
    assert r.context["notes"][0] == {"code": "gin.note.knock",
                                     "facts": {"knocker": "Ann", "defender": "Bob", "k": 5, "d": 19, "bonus": 0,
                                               "points": 14}}
    json.dumps(r.as_json())                                            # JSON all the way down
    bob = r.players["Bob"]
    assert any(line.code == "gin.line.layoffs" for line in bob.lines)
    dead = [line for line in bob.lines if line.code == "gin.line.deadwood_card"]
    assert [line.card_text for line in dead] == ["9S", "6D", "3S", "AH"]
    assert dead[0].reason == "9♠ is deadwood: 9, toward Bob's 19"


def test_cards_entries_show_the_arrangement_chosen():
    r = score_entry({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 5D"},
                                 "Bob": {"cards": "KS KH KD 10H JH 5C 9S 6D 3S AH"}}, "knock": "Ann"},
                    P, GinRules())
    assert r.scores == {"Ann": 14, "Bob": 0}                           # 19 − 5, as the arranged entry
    bob = r.context["arrangement"]["Bob"]
    assert bob["melds"] == [["KS", "KH", "KD"]]
    assert bob["layoffs"] == ["5C", "10H", "JH"]
    assert bob["layoffs_onto"] == [{"meld": ["2C", "3C", "4C"], "cards": ["5C"]},
                                   {"meld": ["7H", "8H", "9H"], "cards": ["10H", "JH"]}]
    assert bob["deadwood_cards"] == ["9S", "6D", "3S", "AH"]
    assert r.context["arrangement"]["Ann"]["deadwood_cards"] == ["5D"]


def test_mixed_forms():
    # Ann's cards arranged here (5♦ left: 5); Bob on paper with 19: 19 − 5 = 14
    r = score_entry({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 5D"}, "Bob": {"hand": 19}},
                     "knock": "Ann"}, P, GinRules())
    assert r.scores == {"Ann": 14, "Bob": 0}
    assert r.players["Bob"].points_only and not r.players["Ann"].points_only
    # Ann on paper with 5: Bob's cards are arranged without lay-offs (I-G7): K♠ K♥ K♦, 44 left
    r = score_entry({"players": {"Ann": {"hand": 5}, "Bob": {"cards": "KS KH KD 10H JH 5C 9S 6D 3S AH"}},
                     "knock": "Ann"}, P, GinRules())
    assert r.scores == {"Ann": 39, "Bob": 0}                           # (10+10+5+9+6+3+1) − 5
    assert r.context["notes"][0]["code"] == "gin.note.knock"          # the outcome first, then remarks
    assert note(r, "gin.note.no_layoffs_on_paper")["facts"] == {"player": "Bob", "knocker": "Ann"}


def test_big_gin_from_the_cards():
    # 3-4-5-6-7♠, 8♥ 8♦ 8♣, J-Q-K♠: 11 cards melded. Bob melds 2-3-4♥ and K♦ K♥ K♣ and keeps
    # 9♦ 4♣ 3♦ 2♠ = 18 (his 2♠ would fit below 3♠, but nothing is laid off against big gin)
    hand = {"players": {"Ann": {"cards": "3S 4S 5S 6S 7S 8H 8D 8C JS QS KS"},
                        "Bob": {"cards": "2H 3H 4H KD KH KC 9D 4C 3D 2S"}}, "knock": "Ann", "big_gin": True}
    r = score_entry(hand, P, GinRules())
    assert r.scores == {"Ann": 49, "Bob": 0}                           # 18 + 31
    assert r.context["kind"] == "big_gin" and r.context["big_gin"]
    r = score_entry(hand, P, rules("preset=classic"))
    assert r.scores == {"Ann": 38, "Bob": 0}                           # no big gin: a gin, 18 + 20
    assert r.context["kind"] == "gin"
    assert refused({**hand, "big_gin": False}).code == "gin.card_count_eleven"
    ten = {"players": {"Ann": {"cards": "3S 4S 5S 6S 7S 8H 8D 8C JS QS"}, "Bob": hand["players"]["Bob"]},
           "knock": "Ann", "big_gin": True}
    e = refused(ten)
    assert (e.code, e.facts["count"]) == ("gin.card_count_big_gin", 10)
    loose = {"players": {"Ann": {"cards": "3S 4S 5S 6S 7S 8H 8D 8C JS QS 2D"}, "Bob": hand["players"]["Bob"]},
             "knock": "Ann", "big_gin": True}
    against = {"players": {"Ann": hand["players"]["Ann"],
                           "Bob": {"melds": ["2H 3H 4H", "KD KH KC"], "layoffs": "2S", "hand": "9D 4C 3D"}},
               "knock": "Ann", "big_gin": True}
    assert refused(against).code == "gin.layoff_against_big_gin"
    e = refused(loose)
    # without K♠, J♠ Q♠ are no meld: J♠ Q♠ 2♦ = 10 + 10 + 2 = 22 left
    assert (e.code, e.facts["deadwood"]) == ("gin.big_gin_deadwood", 22)


# --- classic, palace -----------------------------------------------------------------------------

@pytest.mark.parametrize("hand, scores", [
    (pts(0, 30), {"Ann": 50, "Bob": 0}),                               # gin 30 + 20
    (pts(0, 30, big_gin=True), {"Ann": 50, "Bob": 0}),                 # no big gin: a gin, 30 + 20
    (pts(7, 4), {"Ann": 0, "Bob": 13}),                                # undercut (7 − 4) + 10
    (pts(5, 19), {"Ann": 14, "Bob": 0}),                               # 19 − 5
])
def test_classic(hand, scores):
    assert score_entry(hand, P, rules("preset=classic")).scores == scores


@pytest.mark.parametrize("hand, scores", [
    (pts(5, 19), {"Ann": 24, "Bob": 0}),                               # 19 − 5 = 14, + 10 box at once
    (pts(0, 30), {"Ann": 65, "Bob": 0}),                               # 30 + 25 + 10
    (pts(0, 30, big_gin=True), {"Ann": 65, "Bob": 0}),                 # no big gin: 30 + 25 + 10
    (pts(7, 4), {"Ann": 0, "Bob": 33}),                                # (7 − 4) + 20 + 10
    (pts(6, 6), {"Ann": 0, "Bob": 30}),                                # (6 − 6) + 20 + 10
])
def test_palace(hand, scores):
    r = score_entry(hand, P, rules("preset=palace"))
    assert r.scores == scores
    assert r.context["box"] == 10


def test_classic_game_boxes_at_the_end():
    hands = [pts(3, 13, knocker="Bob"),     # Bob 13 − 3 = 10
             pts(0, 30),                     # Ann 30 + 20 = 50
             pts(7, 4, knocker="Bob"),       # Ann undercuts: (7 − 4) + 10 = 13 → 63
             pts(2, 40)]                     # Ann 40 − 2 = 38 → 101: reached
    results, ending, totals = play(hands, rules("preset=classic"))
    assert ending.finished and ending.winners == ["Ann"] and fact(ending, "reacher") == "Ann"
    # Ann 101 + 100 game + 3 × 20 boxes = 261; Bob 10 + 1 × 20 = 30; no shutout
    assert ending.bonus == {"Ann": 160, "Bob": 20}
    assert totals == {"Ann": 261, "Bob": 30}
    assert fact(ending, "shutout") is False and hands_won(P, results) == {"Ann": 3, "Bob": 1}


PALACE_HANDS = [pts(5, 19),                  # 14 (+10 box at once)
                pts(3, 13, knocker="Bob"),   # Bob 10 (+10)
                pts(0, 30),                  # 30 + 25 = 55 (+10)
                pts(10, 21)]                 # 11 (+10)


def test_palace_boxes_count_toward_the_target():
    results, ending, totals = play(PALACE_HANDS, rules("preset=palace"))
    assert [r.scores["Ann"] for r in results] == [24, 0, 65, 21]
    # Ann 24 + 65 + 21 = 110 ≥ 100 with the boxes; no game bonus, no box at the end, Bob won a hand
    assert ending.finished and ending.winners == ["Ann"]
    assert ending.bonus == {"Ann": 0, "Bob": 0}
    assert totals == {"Ann": 110, "Bob": 20}
    # the same hands with boxes at the end: 14 + 55 + 11 = 80, the game goes on
    _, ending, totals = play(PALACE_HANDS)
    assert not ending.finished and totals == {"Ann": 80, "Bob": 10}
    # and with immediate boxes of 25 under modern: 14 + 25 = 39, then 55 + 25 = 80 makes 119 after
    # hand 3: over; the game bonus only at the end, no boxes then (Bob: 10 + 25 = 35)
    _, ending, totals = play(PALACE_HANDS[:3], rules("box_timing=immediate"))
    assert ending.finished and ending.bonus == {"Ann": 100, "Bob": 0}
    assert totals == {"Ann": 39 + 80 + 100, "Bob": 35}


# --- Oklahoma, straight gin ---------------------------------------------------------------------

def test_oklahoma_up_card_sets_the_limit():
    o = rules("oklahoma=true")
    assert knock_limit(o, Card(7, "H")) == 7 and knock_limit(o, Card(13, "D")) == 10
    assert knock_limit(o, Card(1, "S")) == 0
    assert knock_limit(rules("oklahoma=true", "oklahoma_ace=1"), Card(1, "S")) == 1
    assert knock_limit(rules("oklahoma=true", "knock_limit=5"), Card(9, "C")) == 5
    e = refused(pts(8, 20, upcard="7H"), o)
    assert (e.code, e.facts["limit"], e.facts["upcard"]) == ("gin.over_limit_oklahoma", 7, Card(7, "H"))
    assert e.message == "Ann knocked with 8 deadwood, over the knock limit of 7 set by the up-card 7♥ (Oklahoma gin)."
    r = score_entry(pts(7, 20, upcard="7H"), P, o)
    assert r.scores == {"Ann": 13, "Bob": 0}                           # 20 − 7
    assert r.context["knock_limit"] == 7 and r.context["upcard"] == "7H"


def test_oklahoma_needs_the_up_card_except_in_a_void_hand():
    assert refused(pts(5, 19), rules("oklahoma=true")).code == "gin.upcard_missing"
    assert score_entry(VOID, P, rules("oklahoma=true")).scores == {"Ann": 0, "Bob": 0}


@pytest.mark.parametrize("opts, hand, scores, why", [
    (("oklahoma=true", "spades_double=true"), pts(5, 19, upcard="KS"), {"Ann": 28, "Bob": 0}, "(19 − 5) × 2"),
    (("oklahoma=true", "spades_double=true"), pts(0, 20, upcard="AS"), {"Ann": 90, "Bob": 0},
     "ace up-card: gin only; (20 + 25) × 2"),
    (("oklahoma=true", "spades_double=true"), pts(8, 5, upcard="9S"), {"Ann": 0, "Bob": 56},
     "undercut doubled: ((8 − 5) + 25) × 2"),
    (("oklahoma=true", "spades_double=true", "box_timing=immediate"), pts(3, 13, upcard="4S"),
     {"Ann": 45, "Bob": 0}, "(13 − 3) × 2 + 25: the box is not doubled (I-G9)"),
    (("oklahoma=true", "spades_double=true"), pts(5, 19, upcard="KH"), {"Ann": 14, "Bob": 0}, "a heart: 19 − 5"),
    (("oklahoma=true",), pts(5, 19, upcard="KS"), {"Ann": 14, "Bob": 0}, "no spades_double: 19 − 5"),
    (("oklahoma=true", "oklahoma_ace=1"), pts(1, 11, upcard="AH"), {"Ann": 10, "Bob": 0}, "limit 1: 11 − 1"),
])
def test_oklahoma_scores(opts, hand, scores, why):
    r = score_entry(hand, P, rules(*opts))
    assert r.scores == scores, why


def test_spade_doubling_in_the_lines():
    r = score_entry(pts(5, 19, upcard="KS"), P, rules("oklahoma=true", "spades_double=true"))
    assert r.context["multiplier"] == 2
    assert r.players["Ann"].arithmetic() == "19 − 5 + 14 = 28"
    assert [n["code"] for n in r.context["notes"]] == ["gin.note.knock", "gin.note.doubled"]
    # gin against 20 with a spade up-card and the box at once: (20 + 25) × 2 + 25 = 115
    r = score_entry(pts(0, 20, upcard="5S"), P, rules("oklahoma=true", "spades_double=true", "box_timing=immediate"))
    assert r.players["Ann"].arithmetic() == "20 + 25 + 45 + 25 = 115"
    assert [n["code"] for n in r.context["notes"]] == ["gin.note.gin", "gin.note.doubled", "gin.note.box_now"]
    assert refused(pts(1, 20, upcard="AS"), rules("oklahoma=true")).facts["limit"] == 0


def test_the_up_card_may_be_in_a_players_cards():
    r = score_entry({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 5D"},
                                 "Bob": {"cards": "KS KH KD 10H JH 5C 9S 6D 3S AH"}},
                     "knock": "Ann", "upcard": "QS"}, P, rules("oklahoma=true"))
    assert r.scores == {"Ann": 14, "Bob": 0}                           # limit 10 (Q), 19 − 5


def test_straight_gin():
    o = rules("knock_limit=0")
    e = refused(pts(1, 20), o)
    assert (e.code, e.facts["limit"]) == ("gin.over_limit", 0)
    assert score_entry(pts(0, 12), P, o).scores == {"Ann": 37, "Bob": 0}    # 12 + 25


# --- the end of the game: shutouts, boxes, who wins ----------------------------------------------

SHUTOUT = [pts(0, 30), VOID, pts(0, 30)]     # Ann 55, void, Ann 55: 110, Bob won no hand


@pytest.mark.parametrize("opts, ann, why", [
    ((), 360, "110 + 100 game + 2 × 25 boxes + 100 shutout"),
    (("shutout=flat", "shutout_bonus=50"), 310, "110 + 100 + 50 + 50"),
    (("shutout=double-total",), 520, "(110 + 100 + 50) × 2"),
    (("shutout=double-hands",), 370, "110 + 100 + 50 + 110 hand points once more"),
    (("shutout=none",), 260, "110 + 100 + 50"),
])
def test_shutout_readings(opts, ann, why):
    results, ending, totals = play(SHUTOUT, rules(*opts))
    assert ending.finished and fact(ending, "shutout") is True
    assert totals == {"Ann": ann, "Bob": 0}, why
    assert hands_won(P, results) == {"Ann": 2, "Bob": 0}                          # the void hand is nobody's


def test_a_zero_point_hand_win_spoils_the_shutout():
    # Bob knocks with 6, Ann holds 6: under equal_deadwood=knocker Bob wins the hand with 0 (I-G2)
    _, ending, totals = play([pts(6, 6, knocker="Bob")] + SHUTOUT, rules("equal_deadwood=knocker"))
    assert fact(ending, "shutout") is False
    assert totals == {"Ann": 260, "Bob": 25}                           # 110 + 100 + 50; 0 + 1 × 25


def test_double_hands_counts_hands_as_history_shows_them():
    # immediate boxes are part of the hand scores: 2 × (55 + 25) = 160 hand points; + 100 game + 160
    _, ending, totals = play(SHUTOUT, rules("box_timing=immediate", "shutout=double-hands"))
    assert totals == {"Ann": 160 + 100 + 160, "Bob": 0}


def test_game_bonus_goes_to_whoever_reached_the_target():
    # I-G10: Bob 10; Ann gin against 65: 90; Bob knocks with 8, Ann holds 2: Ann undercuts
    # (8 − 2) + 25 = 31 → 121, as the defender
    hands = [pts(2, 12, knocker="Bob"), pts(0, 65), pts(8, 2, knocker="Bob")]
    results, ending, totals = play(hands)
    assert results[-1].scores == {"Ann": 31, "Bob": 0}
    assert fact(ending, "reacher") == "Ann" and ending.winners == ["Ann"]
    assert totals == {"Ann": 121 + 100 + 2 * 25, "Bob": 10 + 25}


I_G5 = [pts(5, 6, knocker="Bob")] * 5 + [pts(0, 75)]   # Bob 5 × 1; Ann 75 + 25 = 100


def test_the_reacher_wins_though_ranked_second():
    # game_bonus=0: Ann 100 + 0 + 1 × 25 = 125; Bob 5 + 5 × 25 = 130
    _, ending, totals = play(I_G5, rules("game_bonus=0"))
    assert totals == {"Ann": 125, "Bob": 130}
    assert ending.winners == ["Ann"] and fact(ending, "winner_below")
    assert last_note(ending) == "gin.end.winner_below"
    assert "although Bob's boxes bring Bob higher: 130 to 125" in ending.note


def test_game_winner_total():
    _, ending, _ = play(I_G5, rules("game_bonus=0", "game_winner=total"))
    assert ending.winners == ["Bob"] and not fact(ending, "winner_below")
    # Ann gin against 80: 105 + 25 = 130, Bob 130: the tie goes to the reacher
    tie = I_G5[:-1] + [pts(0, 80)]
    _, ending, totals = play(tie, rules("game_bonus=0", "game_winner=total"))
    assert totals == {"Ann": 130, "Bob": 130} and ending.winners == ["Ann"]
    assert last_note(ending) == "gin.end.winner_total_tie"


def test_not_finished_below_the_target():
    _, ending, _ = play([pts(5, 19), pts(0, 30)])                      # 14 + 55 = 69
    assert not ending.finished and ending.bonus == {} and fact(ending, "shutout") is None


def test_bonus_reasons_name_every_bonus():
    _, ending, _ = play(SHUTOUT)
    assert ending.bonus_reasons["Ann"] == (
        # Ann reached 100 with her own gin, nobody undercut: the game bonus cites no I-G10
        "Ann reached 100 (110): game bonus +100. "
        "Ann won 2 hands: 2 × 25 = +50 in boxes. "
        "Bob won no hand, a shutout: +100 to Ann (I-G2).")
    assert ending.bonus_reasons["Bob"] == "Bob won 0 hands: 0 × 25 = +0 in boxes."
    # the note (kept in English with the game) says every bonus in turn, then why Ann wins:
    # 110 + 100 + 50 + 100 = 360 to Bob's 0
    assert ending.note == (
        "Ann reached 100 (110): game bonus +100. "
        "Ann won 2 hands: 2 × 25 = +50 in boxes. "
        "Bob won 0 hands: 0 × 25 = +0 in boxes. "
        "Bob won no hand, a shutout: +100 to Ann (I-G2). "
        "Ann reached 100 and wins, 360 to 0.")


# --- the deal ------------------------------------------------------------------------------------

def test_next_dealer():
    """Who deals is the variant's declared option (``next_dealer``), read by the common game state."""
    from scorekeeper.core.game import GameSetup, replay

    hands = [pts(5, 19), VOID, pts(7, 4)]                             # Ann wins, void, Bob undercuts

    def dealers(rule: str, count: int) -> list[str]:
        setup = GameSetup(VARIANT, P, rules(f"next_dealer={rule}"), first_dealer=1)  # Bob deals hand 1
        state = replay(setup, hands[:count])
        return [state.dealer_of(n) for n in range(1, count + 2)]

    # winner: Bob deals hand 1 → Ann (won it) → Ann (void: the same dealer) → Bob (won hand 3)
    assert dealers("winner", 3) == ["Bob", "Ann", "Ann", "Bob"]
    # loser: Bob → Bob (lost hand 1) → Bob (void) → Ann (lost hand 3)
    assert dealers("loser", 3) == ["Bob", "Bob", "Bob", "Ann"]
    # alternate: Bob → Ann → Ann (void) → Bob
    assert dealers("alternate", 3) == ["Bob", "Ann", "Ann", "Bob"]
    assert dealers("alternate", 1) == ["Bob", "Ann"]
    # the non-dealer leads
    setup = GameSetup(VARIANT, P, rules(), first_dealer=0)
    assert replay(setup, []).leader_of(1) == "Bob"


# --- refusals ------------------------------------------------------------------------------------

ANN_ARRANGED = {"melds": ["7H 8H 9H", "QS QD QC", "2C 3C 4C"], "hand": "5D"}


def test_wrong_number_of_cards():
    e = refused({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C"}, "Bob": {"hand": 19}}, "knock": "Ann"})
    assert (e.code, e.player, e.facts["count"]) == ("gin.card_count", "Ann", 9)
    assert e.message.startswith("Ann shows 9 cards")
    e = refused({"players": {"Ann": ANN_ARRANGED, "Bob": {"cards": "KS KH KD 10H JH 5C 9S 6D 3S AH 2S"}},
                 "knock": "Ann"})
    assert (e.code, e.player, e.facts["count"]) == ("gin.card_count", "Bob", 11)


def test_a_card_twice():
    e = refused({"players": {"Ann": ANN_ARRANGED, "Bob": {"cards": "KS KH KD 10H JH 5D 9S 6D 3S AH"}},
                 "knock": "Ann"})
    assert (e.code, e.facts["card"], e.facts["players"]) == ("gin.card_twice", Card(5, "D"), ["Ann", "Bob"])
    assert e.message == "5♦ appears 2 times in this hand (Ann, Bob), but one deck holds it only once."


def test_a_knocker_who_lays_off():
    e = refused({"players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "2C 3C 4C"},
                             "Bob": {"hand": 19}}, "knock": "Ann"})
    assert (e.code, e.player) == ("gin.knocker_layoff", "Ann")


def test_a_layoff_that_fits_no_meld():
    e = refused({"players": {"Ann": ANN_ARRANGED,
                             "Bob": {"melds": ["KS KH KD"], "layoffs": "9S", "hand": "10H JH 5C 6D 3S AH"}},
                 "knock": "Ann"})
    assert (e.code, e.player, e.facts["card"]) == ("gin.layoff_no_fit", "Bob", Card(9, "S"))
    assert e.message == "Bob: the lay-off 9♠ fits none of Ann's melds (7♥ 8♥ 9♥, Q♠ Q♦ Q♣, 2♣ 3♣ 4♣)."
    # J♥ alone does not touch 7-8-9♥; with 10♥ (typed after it) the chain fits
    e = refused({"players": {"Ann": ANN_ARRANGED,
                             "Bob": {"melds": ["KS KH KD"], "layoffs": "JH", "hand": "10H 5C 9S 6D 3S AH"}},
                 "knock": "Ann"})
    assert e.facts["card"] == Card(11, "H")
    r = score_entry({"players": {"Ann": ANN_ARRANGED,
                                 "Bob": {"melds": ["KS KH KD"], "layoffs": "JH 10H QH", "hand": "5C 9S 6D 3S"}},
                     "knock": "Ann"}, P, GinRules())
    assert r.scores == {"Ann": 18, "Bob": 0}                           # (5 + 9 + 6 + 3) − 5
    # a lay-off on a set: Q♥ on Q♠ Q♦ Q♣
    r = score_entry({"players": {"Ann": ANN_ARRANGED,
                                 "Bob": {"melds": ["KS KH KD"], "layoffs": "QH", "hand": "10H 5C 9S 6D 3S AH"}},
                     "knock": "Ann"}, P, GinRules())
    assert r.scores == {"Ann": 34 - 5, "Bob": 0}                       # (10 + 5 + 9 + 6 + 3 + 1) − 5
    # no ace above a king
    e = refused({"players": {"Ann": {"melds": ["JH QH KH", "QS QD QC", "2C 3C 4C"], "hand": "5D"},
                             "Bob": {"melds": ["KS KD KC"], "layoffs": "AH", "hand": "10H 9H 5C 9S 6D 3S"}},
                 "knock": "Ann"})
    assert (e.code, e.facts["card"]) == ("gin.layoff_no_fit", Card(1, "H"))


def test_layoffs_onto_melds_counted_on_paper():
    e = refused({"players": {"Ann": {"hand": 5},
                             "Bob": {"melds": ["KS KH KD"], "layoffs": "10H", "hand": "JH 5C 9S 6D 3S AH"}},
                 "knock": "Ann"})
    assert (e.code, e.player) == ("gin.layoff_on_paper", "Bob")


@pytest.mark.parametrize("raw, code", [
    ({"players": {"Ann": {"table": 30, "hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann"}, "gin.no_table"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "out": "Ann"}, "gin.no_out"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}}, "gin.no_ending"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann", "stock_exhausted": True},
     "gin.two_endings"),
    ({"players": {"Ann": {"hand": 0}, "Bob": {"hand": 19}}, "big_gin": True, "stock_exhausted": True},
     "gin.big_gin_needs_knock"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Cy"}, "gin.knock_not_a_player"),
    ({"players": {"Ann": {"hand": 5}}, "knock": "Ann"}, "gin.player_missing"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {}}, "knock": "Ann"}, "gin.nothing_given"),
    ({"players": {"Ann": {"cards": "7H 8H 9H", "hand": "5D"}, "Bob": {"hand": 19}}, "knock": "Ann"},
     "gin.cards_and_arranged"),
    ({"players": {"Ann": {"melds": "7H 8H 9H"}, "Bob": {"hand": 19}}, "knock": "Ann"}, "gin.hand_missing"),
    ({"players": {"Ann": {"hand": -1}, "Bob": {"hand": 19}}, "knock": "Ann"}, "gin.negative_points"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 190}}, "knock": "Ann"}, "gin.points_over_hand"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann", "upcard": "JK"}, "gin.upcard_joker"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann", "upcard": "1H"}, "gin.upcard_unreadable"),
    ({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 1D"}, "Bob": {"hand": 19}}, "knock": "Ann"},
     "gin.player_says"),
    ({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C JK"}, "Bob": {"hand": 19}}, "knock": "Ann"},
     "gin.joker"),
    ({"players": {"Ann": {"melds": ["QH KH AH", "QS QD QC", "2C 3C 4C"], "hand": "5D"}, "Bob": {"hand": 19}},
      "knock": "Ann"}, "gin.ace_high_run"),
    ({"players": {"Ann": {"melds": ["7H 8H 10H", "QS QD QC", "2C 3C 4C"], "hand": "5D"}, "Bob": {"hand": 19}},
      "knock": "Ann"}, "gin.illegal_meld"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann", "upcard": 7}, "gin.upcard_not_text"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann", "big_gin": "yes"}, "gin.flag_not_bool"),
    ({"players": {"Ann": "5", "Bob": {"hand": 19}}, "knock": "Ann"}, "gin.player_not_table"),
    ({"players": {"Ann": {"cards": 7}, "Bob": {"hand": 19}}, "knock": "Ann"}, "gin.cards_not_text"),
    ({"players": {"Ann": {"hand": 5.5}, "Bob": {"hand": 19}}, "knock": "Ann"}, "gin.hand_not_points"),
    ({"players": {"Ann": {"melds": "7H 8H 9H", "hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann"},
     "gin.points_and_cards"),
    (["not", "a table"], "gin.entry_not_table"),
    ({"players": {}, "knock": "Ann"}, "gin.players_missing"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann", "wild": "7"}, "gin.unknown_key"),
    ({"players": {"Ann": {"hand": 5, "knock": True}, "Bob": {"hand": 19}}, "knock": "Ann"}, "gin.player_key"),
    ({"players": {"Ann": {"hand": 5}, "Bobby": {"hand": 19}}, "knock": "Ann"}, "gin.not_a_player"),
    ({"players": {"Ann": {"melds": "7H 8H 9H", "layoffs": "10H", "hand": "2C 3C 4C 5D 6D 7D"}, "Bob": {}},
      "stock_exhausted": True}, "gin.void_layoff"),
])
def test_refusals(raw, code):
    e = refused(raw)
    assert e.code == code
    assert e.message and "{" not in e.message


def test_names_match_regardless_of_case():
    r = score_entry({"players": {"ann": {"hand": 5}, "BOB": {"hand": 19}}, "knock": "ANN"}, P, GinRules())
    assert r.scores == {"Ann": 14, "Bob": 0} and r.context["knocker"] == "Ann"
    assert refused({"players": {"Ann": {"hand": 5}, "ann": {"hand": 5}, "Bob": {"hand": 19}},
                    "knock": "Ann"}).code == "gin.player_twice"


def test_every_message_code_has_a_template():
    import re

    from scorekeeper.core.messages import TEMPLATES

    root = Path(__file__).resolve().parents[1] / "scorekeeper" / "core" / "variants" / "gin"
    used = set()
    for path in root.glob("*.py"):
        used |= set(re.findall(r'"(gin\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert used and used <= set(TEMPLATES), sorted(used - set(TEMPLATES))


def test_refusal_sentences():
    e = refused({"players": {"Ann": {"table": 30, "hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann"})
    assert e.player == "Ann" and e.message.startswith('Ann: "table" does not belong to Gin Rummy')
    e = refused({"players": {"Ann": {"melds": ["QH KH AH", "QS QD QC", "2C 3C 4C"], "hand": "5D"},
                             "Bob": {"hand": 19}}, "knock": "Ann"})
    assert e.message == "Ann: Q♥ K♥ A♥: the ace is always low in Gin Rummy: Q-K-A is not a run."
    e = refused({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Cy"})
    assert e.message == '"knock" names "Cy", who is not a player of this session; the players are Ann, Bob.'
    e = refused({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 1D"}, "Bob": {"hand": 19}}, "knock": "Ann"})
    assert e.message.startswith('Ann: "1D" is not a card')


# --- arranged entries are scored as entered (I-G6) -----------------------------------------------

def test_a_better_knocker_arrangement_is_pointed_out():
    # entered: 7-8-9♥, Q♠ Q♦ Q♣, A♣ 2♣ 3♣ A♦ left = 7; the run A-2-3♣ would leave A♦ = 1
    r = score_entry({"players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "hand": "AC 2C 3C AD"},
                                 "Bob": {"hand": 20}}, "knock": "Ann"}, P, GinRules())
    assert r.scores == {"Ann": 13, "Bob": 0}                           # as entered: 20 − 7
    n = note(r, "gin.note.better_arrangement")
    assert (n["facts"]["deadwood"], n["facts"]["entered"], n["facts"]["deadwood_cards"]) == (1, 7, ["AD"])


def test_a_missed_layoff_is_pointed_out():
    # Bob keeps 10♥ J♥ 5♣ 9♠ 6♦ 3♠ A♥ = 44 without laying off: Ann scores 44 − 5 = 39 as entered;
    # 10♥ J♥ on 7-8-9♥ and 5♣ on 2-3-4♣ would have left 19
    r = score_entry({"players": {"Ann": ANN_ARRANGED,
                                 "Bob": {"melds": ["KS KH KD"], "hand": "10H JH 5C 9S 6D 3S AH"}},
                     "knock": "Ann"}, P, GinRules())
    assert r.scores == {"Ann": 39, "Bob": 0}
    n = note(r, "gin.note.missed_layoff")
    assert sorted(n["facts"]["cards"]) == ["10H", "5C", "JH"]
    assert (n["facts"]["deadwood"], n["facts"]["entered"]) == (19, 44)
    assert r.notes[1].startswith("Bob could have laid off 10♥ J♥ 5♣ on Ann's melds, leaving 19 deadwood instead of 44")


def test_a_knock_over_the_limit_as_entered_names_the_better_arrangement():
    # entered: 2♣ 3♣ 4♣ 5♦ left = 14 > 10; 2-3-4♣ melded would leave 5♦ = 5
    e = refused({"players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "hand": "2C 3C 4C 5D"},
                             "Bob": {"hand": 19}}, "knock": "Ann"})
    assert (e.code, e.facts["deadwood"], e.facts["best"]) == ("gin.over_limit_better", 14, 5)


def test_void_hands():
    r = score_entry(VOID, P, GinRules())
    assert r.scores == {"Ann": 0, "Bob": 0} and r.won == [] and r.context["kind"] == "void"
    r = score_entry({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 5D"}, "Bob": {}},
                     "stock_exhausted": True}, P, GinRules())
    assert r.scores == {"Ann": 0, "Bob": 0}
    e = refused({"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C"}, "Bob": {}}, "stock_exhausted": True})
    assert e.code == "gin.card_count"


# --- the one-line form ---------------------------------------------------------------------------

@pytest.mark.parametrize("args, expect", [
    (["Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH"],
     {"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 5D"},
                  "Bob": {"cards": "KS KH KD 10H JH 5C 9S 6D 3S AH"}}, "knock": "Ann"}),
    (["bob: KS KH KD +10H JH 5C -9S 6D 3S AH", "Ann: 7H 8H 9H, QS QD QC, 2C 3C 4C -5D knock"],
     {"players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC", "2C 3C 4C"], "hand": "5D"},
                  "Bob": {"melds": ["KS KH KD"], "layoffs": "10H JH 5C", "hand": "9S 6D 3S AH"}}, "knock": "Ann"}),
    (["Ann: 5 knock", "Bob: -19"], {"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann"}),
    (["stock", "Ann:", "Bob:"], {"players": {"Ann": {}, "Bob": {}}, "stock_exhausted": True}),
    (["Ann: knock big 3S 4S 5S 6S 7S 8H 8D 8C JS QS KS", "Bob: 18", "up=5C"],
     {"players": {"Ann": {"cards": "3S 4S 5S 6S 7S 8H 8D 8C JS QS KS"}, "Bob": {"hand": 18}}, "knock": "Ann",
      "big_gin": True, "upcard": "5C"}),
])
def test_one_line(args, expect):
    entry = parse_line(args, P)
    assert entry == expect
    score_entry(entry, P, GinRules())          # a valid hand


def test_one_line_just_the_cards_scores_like_the_file():
    # SPEC §4: both forms give Ann 19 − 5 = 14
    entry = parse_line(["Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH"], P)
    assert score_entry(entry, P, GinRules()).scores == {"Ann": 14, "Bob": 0}


@pytest.mark.parametrize("args, code", [
    (["Ann 5 knock"], "gin.oneline.no_name"),
    (["Ann: 5 big", "Bob: 4"], "gin.oneline.big_without_knock"),
    (["Ann: 5 knock", "Bob: 4 knock"], "gin.oneline.word_twice"),
    (["Ann: 5 knock", "Ann: 4"], "gin.oneline.twice"),
    (["Ann: 7H 8X knock"], "gin.player_says"),
    (["Ann: 30 -5 knock", "Bob: 3"], "gin.no_table"),
])
def test_one_line_refusals(args, code):
    with pytest.raises(InputError) as info:
        parse_line(args, P)
    assert info.value.code == code


def test_one_line_out_is_refused_when_scored():
    assert refused(parse_line(["Ann: 5", "Bob: 5 out"], P)).code == "gin.no_out"


def test_facts_name_every_interpretation():
    from scorekeeper.core.interpretations import INTERPRETATIONS

    assert list(facts.INTERPRETATION_OPTIONS) == [f"I-G{i}" for i in range(1, 11)]
    assert all(key in INTERPRETATIONS for key in facts.INTERPRETATION_OPTIONS)  # each has its sentence
    keys = {o for o in facts.INTERPRETATION_OPTIONS.values() if o}
    assert keys <= set(GinRules())


# --- properties: the arrangement found is never worse than one the test can build --------------

DECK = [Card(r, s) for s in SUITS for r in range(1, 14)]


def melds_within(cards_: set[Card]) -> list[tuple[Card, ...]]:
    """Every legal gin meld inside ``cards_``, worked out here from the rule's words:
    3–4 cards of one rank; 3+ cards of one suit in consecutive ranks, ace low."""
    out = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, set[int]] = {}
    for c in cards_:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, set()).add(c.rank)
    for same in by_rank.values():
        for n in (3, 4):
            out.extend(combinations(sorted(same), n))
    for suit, ranks in by_suit.items():
        for lo in range(1, 12):
            for hi in range(lo + 2, 14):
                if all(r in ranks for r in range(lo, hi + 1)):
                    out.append(tuple(Card(r, suit) for r in range(lo, hi + 1)))
    return sorted(out)


@st.composite
def meld_rich_hands(draw, size: int | None = None):
    """Cards drawn from a few neighbouring ranks, so that sets and runs overlap."""
    n = size or draw(st.sampled_from([10, 10, 11]))
    low = draw(st.integers(1, 9))
    pool = [c for c in DECK if low <= c.rank < low + 5]
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True)), pool


def build(draw, cards_: list[Card]) -> tuple[list[tuple[Card, ...]], set[Card]]:
    """Random disjoint legal melds drawn from ``cards_``; returns them and the cards left."""
    left = set(cards_)
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        choice = melds_within(left)
        if not choice:
            break
        m = draw(st.sampled_from(choice))
        melds.append(m)
        left -= set(m)
    return melds, left


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_knocker_arrangement_is_never_worse(data):
    hand, _ = data.draw(meld_rich_hands())
    best = best_arrangement(hand)
    used = [c for m in best.melds for c in m.cards]
    assert len(used) == len(set(used)) and set(used) | set(best.deadwood_cards) == set(hand)
    assert all(meld_of(list(m.cards)) == m for m in best.melds)
    assert best.deadwood == deadwood_points(set(hand) - set(used))
    _, left = build(data.draw, hand)
    assert best.deadwood <= deadwood_points(left)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_defender_arrangement_is_never_worse(data):
    knocker_hand, pool = data.draw(meld_rich_hands(10))
    rest = [c for c in pool if c not in knocker_hand] + [c for c in DECK if c not in pool]
    defender = data.draw(st.lists(st.sampled_from(rest[:16] + rest[16:]), min_size=10, max_size=10, unique=True))
    k_melds = best_arrangement(knocker_hand).melds
    found = defender_arrangement(defender, k_melds)
    # what was found is legal: own melds, each lay-off chain extends one knocker meld into a meld
    used = [c for m in found.melds for c in m.cards] + list(found.laid_off)
    assert len(used) == len(set(used)) and set(used) | set(found.deadwood_cards) == set(defender)
    for onto, chain in found.layoffs:
        assert onto in k_melds and meld_of(list(onto.cards) + list(chain)) is not None
    assert len({id(onto) for onto, _ in found.layoffs}) == len(found.layoffs)
    # one the test builds: random own melds, then random lay-offs card by card onto the knocker's melds
    _, left = build(data.draw, defender)
    grown = [list(m.cards) for m in k_melds]
    for _ in range(data.draw(st.integers(0, 6))):
        fits = [(i, c) for i, g in enumerate(grown) for c in sorted(left) if meld_of(g + [c]) is not None]
        if not fits:
            break
        i, c = data.draw(st.sampled_from(fits))
        grown[i].append(c)
        left.discard(c)
    assert found.deadwood <= deadwood_points(left)


def disjoint_meld_sets(cards_: set[Card]):
    """Every set of pairwise disjoint melds inside ``cards_`` (the empty set included)."""
    melds = melds_within(cards_)

    def walk(i: int, used: frozenset, chosen: list):
        yield list(chosen)
        for j in range(i, len(melds)):
            m = melds[j]
            if used.isdisjoint(m):
                chosen.append(m)
                yield from walk(j + 1, used | set(m), chosen)
                chosen.pop()

    yield from walk(0, frozenset(), [])


def least_with_layoffs(left: set[Card], knocker_melds) -> int:
    """The least deadwood of ``left`` when any cards may be laid off on the knocker's melds:
    a group G goes on meld M when M with G is still a legal meld (one group per meld)."""
    best = deadwood_points(left)

    def walk(j: int, left: set[Card]):
        nonlocal best
        best = min(best, deadwood_points(left))
        for k in range(j, len(knocker_melds)):
            m = list(knocker_melds[k].cards)
            near = [c for c in left if c.rank == m[0].rank or c.suit == m[0].suit]
            for n in range(1, len(near) + 1):
                for group in combinations(near, n):
                    if meld_of(m + list(group)) is not None:
                        walk(k + 1, left - set(group))

    walk(0, set(left))
    return best


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_arrangements_match_a_brute_force(data):
    """The searches are exact: the least deadwood equals that of every arrangement tried one by one."""
    hand, pool = data.draw(meld_rich_hands(10))
    every = [set(hand) - {c for m in ms for c in m} for ms in disjoint_meld_sets(set(hand))]
    least = min(deadwood_points(left) for left in every)
    ties = least_deadwood_arrangements(hand)
    assert ties[0].deadwood == least
    assert len(ties) == len({frozenset(frozenset(m) for m in ms) for ms in disjoint_meld_sets(set(hand))
                             if deadwood_points(set(hand) - {c for m in ms for c in m}) == least})
    rest = [c for c in DECK if c not in hand]
    near = [c for c in rest if any(abs(c.rank - k.rank) <= 1 for k in hand)]
    defender = data.draw(st.lists(st.sampled_from(near), min_size=10, max_size=10, unique=True)) \
        if len(near) >= 10 else rest[:10]
    k_melds = ties[0].melds
    exact = min(least_with_layoffs(set(defender) - {c for m in ms for c in m}, k_melds)
                for ms in disjoint_meld_sets(set(defender)))
    assert defender_arrangement(defender, k_melds).deadwood == exact
