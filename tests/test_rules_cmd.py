"""`rules [VARIANT]` and the checks on what a session starts with (SPEC §2, §2.6, §5).

`rules` lists the variants; for one variant its summary, every option with
its default and allowed values, and the interpretations (I-1 … I-7) that
apply. `new` refuses unknown options, bad values, options of another variant,
wrong player counts, duplicate names and unknown variants with exit 2, a
reason, and nothing stored.
"""
from __future__ import annotations

import json

from conftest import no_document

import pytest

from scorekeeper.core.describe import fixed_rounds
from scorekeeper.core.interpretations import INTERPRETATIONS, SECTIONS, rule_refs, rule_title
from scorekeeper.core.variants import VARIANTS


def rules(cli, *args: str) -> dict:
    r = cli("rules", *args, "--json")
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


# --- the variants table ---------------------------------------------------------------------


def test_variants_table(cli):
    doc = rules(cli)
    rows = {v["id"]: v for v in doc["variants"]}
    assert set(rows) == set(VARIANTS)
    r500 = rows["rummy500"]
    assert r500["name"] == "Rummy 500" and r500["aliases"] == ["500", "500-rum"]
    assert r500["players"] == {"min": 2, "max": 8}
    assert r500["decks"] == "1 deck for 2–4 players, 2 decks for 5–8 players"
    assert r500["dealt"] == "10 cards each for 2 players, 7 cards each for 3–8 players"
    assert r500["goal"] == "first to 500+; highest total wins"
    rum = rows["rum500"]
    assert rum["aliases"] == ["michigan-rum"]
    # I-3: two decks for 8 players
    assert rum["decks"] == "1 deck for 2–7 players, 2 decks for 8 players"
    assert rum["dealt"] == "13 cards each for 2 players, 7 cards each for 3–8 players"


def test_carousel_row(cli):
    row = {v["id"]: v for v in rules(cli)["variants"]}["carousel"]
    assert row["aliases"] == ["manipulation"] and row["players"] == {"min": 2, "max": 5}
    assert row["decks"] == "1 deck + 1 joker for 2 players, 2 decks + 2 jokers for 3–5 players"
    assert row["goal"] == "first to 150+; highest total wins"


def test_crazy_row(cli):
    row = {v["id"]: v for v in rules(cli)["variants"]}["crazy"]
    assert row["players"] == {"min": 3, "max": 6}
    assert row["goal"] == "13 rounds; lowest total wins"
    assert fixed_rounds(VARIANTS["crazy"]) == 13


def test_variants_text(cli):
    r = cli("rules")
    assert r.exit_code == 0
    for word in ("Id", "Aliases", "Players", "Goal", "rummy500", "michigan-rum", "first to 500+"):
        assert word in r.stdout


# --- one variant ----------------------------------------------------------------------------


def test_rummy500_rules_by_alias(cli):
    doc = rules(cli, "500")
    assert doc["id"] == "rummy500"
    assert "minus the points of the cards left in their hand" in doc["summary"]
    options = {o["key"]: o for o in doc["options"]}
    assert list(options) == ["target", "tie", "ace_in_hand", "card_values", "out_bonus", "decks", "set_duplicates"]
    assert options["target"]["default"] == 500 and "whole number" in options["target"]["values"]
    assert options["tie"]["default"] == "play-on" and options["tie"]["values"] == "play-on or shared"
    assert options["ace_in_hand"]["default"] == 15
    assert options["card_values"]["default"] == "face" and "5-10-15" in options["card_values"]["values"]
    assert options["out_bonus"]["default"] == 0
    # two decks let a Rummy 500 set hold identical cards and grow past four (SPEC §2.2); Rum 500 keeps them off
    assert options["set_duplicates"]["default"] is True and "past four" in options["set_duplicates"]["help"]
    assert "3 or more cards of one rank" in doc["summary"]
    rum = {o["key"]: o for o in rules(cli, "rum500")["options"]}
    assert rum["set_duplicates"]["default"] is False
    # one deck for 2-4 players, two for 5-8 (SPEC §2)
    assert options["decks"]["default"] == {"2": 1, "3": 1, "4": 1, "5": 2, "6": 2, "7": 2, "8": 2}
    assert options["decks"]["default_text"] == "by player count: 1 for 2–4 players, 2 for 5–8 players"
    ids = [i["id"] for i in doc["interpretations"]]
    assert ids == ["I-1", "I-5", "I-6", "I-7"]
    for i in doc["interpretations"]:
        assert i["text"] == INTERPRETATIONS[i["id"]]
    assert {i["id"]: i["option"] for i in doc["interpretations"]}["I-1"] == "tie"


def test_rum500_has_i3(cli):
    doc = rules(cli, "michigan-rum")
    assert doc["id"] == "rum500"
    assert "I-3" in [i["id"] for i in doc["interpretations"]]
    assert {o["key"]: o for o in doc["options"]}["decks"]["default"]["8"] == 2


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_describes_itself(cli, variant):
    doc = rules(cli, variant)
    assert doc["id"] == variant and doc["summary"]
    for o in doc["options"]:
        assert o["values"] and o["help"] and o["default_text"]
    for i in doc["interpretations"]:
        assert i["id"] in INTERPRETATIONS and i["text"]
    text = cli("rules", variant)
    assert text.exit_code == 0
    for o in doc["options"]:
        assert o["key"] in text.stdout
    for i in doc["interpretations"]:
        assert i["id"] in text.stdout


def test_carousel_interpretations(cli):
    doc = rules(cli, "manipulation")
    ids = [i["id"] for i in doc["interpretations"]]
    assert "I-2" in ids and "I-4" in ids
    options = {o["key"]: o for o in doc["options"]}
    assert options["target"]["default"] == 150 and options["knock_limit"]["default"] == 5
    assert options["round_bonus"]["default"] == "others"


def test_unknown_variant(cli):
    r = cli("rules", "rumy500", "--json")
    assert r.exit_code == 2 and no_document(r.stdout)
    assert 'did you mean "rummy500"' in r.stderr


def test_interpretation_texts_live_in_one_place():
    # I-1…I-7 (SPEC §2.6), Gin Rummy's I-G1…I-G10 (SPEC §2.7), Contract Rummy's I-C1…I-C13 (SPEC §2.8),
    # Indian Rummy's I-N1…I-N6 (SPEC §2.9) and Canasta's I-K1…I-K6 (SPEC §2.10)
    assert sorted(INTERPRETATIONS) == sorted([f"I-{n}" for n in range(1, 8)] + [f"I-G{n}" for n in range(1, 11)]
                                             + [f"I-C{n}" for n in range(1, 14)] + [f"I-N{n}" for n in range(1, 7)]
                                             + [f"I-K{n}" for n in range(1, 7)])
    for v in VARIANTS.values():
        for key in v.interpretations:
            assert key in INTERPRETATIONS, (v.id, key)
    assert rule_refs("§2.2, §2.3") == ["§2.2", "§2.3"]
    assert rule_title("§2.3") == SECTIONS["§2.3"] and rule_title("I-5") == INTERPRETATIONS["I-5"]
    assert rule_title("§9") == ""


# --- what `new` refuses ---------------------------------------------------------------------------


@pytest.mark.parametrize("args,words", [
    (["rummy500", "Ann", "Bob", "--rule", "colour=red"],
     ['"colour" is not a rule option', "target, tie, ace_in_hand, card_values, out_bonus, decks, set_duplicates"]),
    (["rummy500", "Ann", "Bob", "--rule", "target=abc"], ["target=abc is not allowed", "a whole number ≥ 1"]),
    (["rummy500", "Ann", "Bob", "--rule", "target=0"], ["target=0 is not allowed"]),
    (["rummy500", "Ann", "Bob", "--rule", "tie=maybe"], ["tie takes play-on or shared"]),
    (["rummy500", "Ann", "Bob", "--rule", "ace_in_hand=10"], ["ace_in_hand takes 15 or 1"]),
    (["rummy500", "Ann", "Bob", "--rule", "card_values=7"], ["card_values takes face or 5-10-15"]),
    (["rummy500", "Ann", "Bob", "--rule", "decks=3"], ["decks takes 1 or 2"]),
    (["rummy500", "Ann", "Bob", "--rule", "set_duplicates=maybe"], ["set_duplicates takes true or false"]),
    (["rummy500", "Ann", "Bob", "--rule", "out_bonus=-5"], ["out_bonus takes a whole number ≥ 0"]),
    (["rummy500", "Ann", "Bob", "--rule", "target"], ["is not KEY=VALUE"]),
    (["rummy500", "Ann", "Bob", "--rule", "knock_limit=3"], ['"knock_limit" does not apply to Rummy 500']),
    (["rummy500", "Ann"], ["2 to 8 players, not 1"]),
    (["rummy500", *"ABCDEFGHI"], ["2 to 8 players, not 9"]),
    (["rummy500", "Ann", "Bob", "ann"], ['"ann" is named twice']),
    (["rummy5000", "Ann", "Bob"], ['"rummy5000" is not a variant', 'did you mean "rummy500"']),
    (["rummy500", "Ann", "Bob", "--dealer", "Cy"], ['"Cy" is not one of the players']),
])
def test_new_refuses(cli, args, words):
    r = cli("new", *args, "--json")
    assert r.exit_code == 2
    assert no_document(r.stdout)
    for w in words:
        assert w in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    listed = json.loads(cli("sessions", "--json").stdout)
    assert listed["sessions"] == []


@pytest.mark.parametrize("args,words", [
    (["carousel", *"ABCDEF"], ["2 to 5 players, not 6"]),
    (["crazy", "Ann", "Bob"], ["3 to 6 players, not 2"]),
    (["crazy", "Ann", "Bob", "Cy", "--rule", "target=100"], ['"target" does not apply']),
    (["carousel", "Ann", "Bob", "--rule", "round_bonus=some"], ["round_bonus takes"]),
    (["carousel", "Ann", "Bob", "--rule", "ace_in_hand=1"], ['"ace_in_hand" does not apply']),
])
def test_new_refuses_other_variants(cli, args, words):
    r = cli("new", *args)
    assert r.exit_code == 2
    for w in words:
        assert w in r.stderr, r.stderr


def test_rules_are_stored_with_the_session(cli):
    r = cli("new", "rum500", "Ann", "Bob", "--rule", "target=300", "--rule", "CARD-VALUES=5-10-15", "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["variant"] == "rum500"
    assert doc["rules"]["target"] == 300 and doc["rules"]["card_values"] == "5-10-15"
    # defaults are filled in and kept: two players, one deck
    assert doc["rules"]["decks"] == 1 and doc["rules"]["tie"] == "play-on"
    assert json.loads(cli("standings", "--json").stdout)["target"] == 300


# --- the facts come from the variant's declaration, never from playing it ------------------


def test_rules_are_read_from_the_variants_facts_not_by_playing_it():
    import dataclasses

    from scorekeeper.core import describe

    def never(*args):
        raise AssertionError("a variant was played to describe it")

    import copy

    for v in VARIANTS.values():
        scoring = copy.copy(v.scoring)
        scoring.score = scoring.end = never  # a variant that cannot be played
        quiet = dataclasses.replace(v, scoring=scoring)
        assert describe.variant_rules(quiet) == describe.variant_rules(v)
    crazy = describe.variant_rules(VARIANTS["crazy"])
    assert crazy["goal"] == "13 rounds; lowest total wins" and fixed_rounds(VARIANTS["crazy"]) == 13
    assert crazy["facts"]["deal_word"] == "round" and crazy["facts"]["round_matters"]
    assert not crazy["facts"]["has_jokers"] and crazy["facts"]["has_wild_cards"]
    carousel = describe.variant_rules(VARIANTS["carousel"])["facts"]
    assert carousel["has_jokers"] and carousel["endings"] == ["knock", "out", "stock"] and carousel["ending_required"]
    assert carousel["bonuses"] == {"undercut": 10, "out": 25, "target": 100, "round": 25}
    r500 = describe.variant_rules(VARIANTS["rummy500"])["facts"]
    assert r500["deal_word"] == "hand" and r500["melds_score"] and not r500["has_jokers"]
    assert r500["target"] == 500 and r500["rounds"] is None


def test_rummy500_and_rum500_are_one_game_with_their_differences_as_data():
    r500, rum = VARIANTS["rummy500"], VARIANTS["rum500"]
    # the same options, Rummy 500's set_duplicates on by default (two decks grow sets, SPEC §2.2)
    assert issubclass(r500.rules_type, rum.rules_type.__mro__[1]) and type(r500.scoring) is type(rum.scoring)
    # 10 against 13 cards for two players; two decks from 5 players against only for 8 (I-3)
    assert (r500.pack.cards[2], rum.pack.cards[2]) == (10, 13)
    assert [r500.pack.decks[n] for n in (4, 5, 8)] == [1, 2, 2] and [rum.pack.decks[n] for n in (4, 5, 8)] == [1, 1, 2]


def test_options_are_typed_and_checked_when_made():
    from scorekeeper.core.errors import InputError
    from scorekeeper.core.rulebook import CardScale
    from scorekeeper.core.rules import resolve_rules

    rules = resolve_rules(VARIANTS["rummy500"], {"card_values": "5-10-15", "target": "300"}, 2)
    assert rules.card_values is CardScale.FIVE_TEN_FIFTEEN and rules.target == 300 and rules.decks == 1
    assert json.loads(json.dumps(dict(rules)))["card_values"] == "5-10-15"
    with pytest.raises(InputError) as e:
        VARIANTS["rummy500"].rules_type(target=0)
    assert e.value.code == "rule.bad_value" and e.value.message == "target=0 is not allowed: target takes a whole number ≥ 1."


def test_a_variant_for_exactly_two_says_two_not_a_range(cli):
    assert "Players: 2\n" in cli("rules", "gin").stdout
    r = cli("new", "gin", "Ann", "Bob", "Cy")
    assert r.exit_code == 2
    assert r.stderr.strip() == "Gin Rummy is played by exactly 2 players, not 3."
    assert cli("new", "carousel", *"ABCDEF").stderr.strip() == "Manipulation rummy (Carousel) is played by 2 to 5 players, not 6."
