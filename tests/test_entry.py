"""Hand entries (SPEC §4): names match regardless of case in hand files as in
one-line entries; every refusal is a code with facts, the player among them."""
from __future__ import annotations

import json

import pytest

from scorekeeper.core.entry import parse_entry
from scorekeeper.core.errors import InputError
from scorekeeper.core.game import new_setup, replay
from scorekeeper.core.variants import get_variant

AB = ["Ann", "Bob"]
KEYS = {"melds", "layoffs", "hand", "table"}


def entry(raw, players=AB, knock=False):
    return parse_entry(raw, players, KEYS, knock)


class TestNamesIgnoreCase:
    def test_player_names(self):
        e = entry({"players": {"bob": {"hand": "2C"}, "ANN": {"hand": ""}}})
        assert list(e.players) == ["Ann", "Bob"] and e.players["Ann"].name == "Ann"
        assert e.out == "Ann"

    def test_out_and_knock(self):
        assert entry({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "2C"}}, "out": "ann"}).out == "Ann"
        raw = {"players": {"Ann": {"hand": "2C"}, "Bob": {"hand": "3C"}}, "knock": "BOB"}
        assert parse_entry(raw, AB, {"melds", "hand"}, True).knock == "Bob"

    def test_the_same_score_as_exact_spelling(self):
        setup = new_setup(get_variant("rummy500"), AB)
        exact = {"players": {"Ann": {"melds": "7H 8H 9H", "hand": ""}, "Bob": {"hand": "KS"}}}
        folded = {"players": {"ann": {"melds": "7H 8H 9H", "hand": ""}, "bOB": {"hand": "KS"}}}
        # Ann 7 + 8 + 9 = 24; Bob −10
        assert replay(setup, [folded]).results[0].scores == replay(setup, [exact]).results[0].scores == {
            "Ann": 24, "Bob": -10}

    def test_two_entries_for_one_player(self):
        with pytest.raises(InputError) as e:
            entry({"players": {"Ann": {"hand": ""}, "ann": {"hand": "2C"}, "Bob": {"hand": "3C"}}})
        assert e.value.code == "entry.player_twice" and e.value.player == "Ann"
        assert e.value.message == "Ann has two entries in the hand (Ann and ann): give each player once."

    def test_a_near_miss_gets_did_you_mean(self):
        with pytest.raises(InputError) as e:
            entry({"players": {"Anne": {"hand": ""}, "Bob": {"hand": "3C"}}})
        assert e.value.code == "name.unknown_near" and e.value.facts["near"] == "Ann"
        assert e.value.message == ('"Anne" is not a player of this session (did you mean "Ann"?); '
                                   "the players are Ann, Bob.")
        with pytest.raises(InputError) as e:
            entry({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "3C"}}, "out": "Bobby"})
        assert e.value.message == ('"out" names "Bobby", who is not a player of this session '
                                   '(did you mean "Bob"?); the players are Ann, Bob.')

    def test_players_named_is_the_one_matching_every_rule_book_uses(self):
        """`scorekeeper.api.players_named`: what the shared entry, Indian Rummy and Canasta match
        names with — each name to the player it means, in the order given, at most once; a player
        of the session who is out of the game is told apart from a stranger."""
        from scorekeeper.api import player_named, players_named

        assert players_named(["bob", "ANN"], AB) == {"Bob": "bob", "Ann": "ANN"}
        assert players_named(["Ann"], AB) == {"Ann": "Ann"}  # one left out: each rule book says so itself
        with pytest.raises(InputError) as e:
            players_named(["Ann", "ann"], AB)
        assert e.value.code == "entry.player_twice" and e.value.facts["names"] == ["Ann", "ann"]
        with pytest.raises(InputError) as e:
            players_named(["Ann", "cy"], AB, session=["Ann", "Bob", "Cy"])
        assert e.value.code == "entry.not_in_play" and e.value.player == "Cy" and e.value.facts["players"] == AB
        with pytest.raises(InputError) as e:
            players_named(["Ann", "Zoe"], AB, session=["Ann", "Bob", "Cy"])
        assert e.value.code == "name.unknown"
        assert player_named("bob", AB, "out") == "Bob"
        with pytest.raises(InputError) as e:
            player_named("Cy", AB, "out", session=["Ann", "Bob", "Cy"])
        assert e.value.code == "entry.not_in_play"
        with pytest.raises(InputError) as e:
            player_named(7, AB, "out")
        assert e.value.code.startswith("name.unknown")

    def test_names_as_the_session_spells_them_for_storing(self):
        from scorekeeper.core.entry import session_names

        raw = {"players": {"ann": {"hand": ""}, "BOB": {"hand": "2C"}}, "out": "ann"}
        assert session_names(raw, AB) == {"players": {"Ann": {"hand": ""}, "Bob": {"hand": "2C"}}, "out": "Ann"}
        assert session_names({"players": {"Zed": {}}}, AB) == {"players": {"Zed": {}}}


def test_a_hand_file_with_names_in_other_case(cli, tmp_path):
    assert cli("new", "rummy500", "Ann", "Bob").exit_code == 0
    path = tmp_path / "h.json"
    path.write_text(json.dumps({"players": {"ann": {"melds": "7H 8H 9H", "hand": ""}, "BOB": {"hand": "KS"}}}),
                    encoding="utf-8")
    r = cli("hand", "--file", str(path), "--json")
    assert r.exit_code == 0, r.stderr
    # Ann 7 + 8 + 9 = 24; Bob −10
    assert json.loads(r.stdout)["scores"] == {"Ann": 24, "Bob": -10}


@pytest.mark.parametrize("raw,code", [
    ({"players": {"Ann": 7, "Bob": {"hand": ""}}}, "entry.player_not_table"),
    ({"players": {"Ann": {"hand": "", "colour": 1}, "Bob": {"hand": "2C"}}}, "entry.unknown_key"),
    ({"players": {"Ann": {}, "Bob": {"hand": ""}}}, "entry.hand_missing"),
    ({"players": {"Ann": {"hand": -3}, "Bob": {"hand": ""}}}, "entry.points_negative"),
    ({"players": {"Ann": {"hand": 1.5}, "Bob": {"hand": ""}}}, "entry.points_type"),
    ({"players": {"Ann": {"hand": "", "layoffs": 5}, "Bob": {"hand": "2C"}}}, "entry.layoffs_type"),
    ({"players": {"Ann": {"hand": "", "melds": "7H 8H 9H", "table": 5}, "Bob": {"hand": "2C"}}},
     "entry.table_and_cards"),
    ({"players": {"Ann": {"hand": "ZZ"}, "Bob": {"hand": ""}}}, "card.not_a_card"),
    ({"players": {"Ann": {"hand": "AS, 4D"}, "Bob": {"hand": ""}}}, "cards.comma.hand_of_player"),
    ({"players": {"Ann": {"hand": "", "melds": [7]}, "Bob": {"hand": "2C"}}}, "melds.item_not_meld.melds_of_player"),
    ({"players": {"Ann": {"hand": "", "layoffs": "10 H"}, "Bob": {"hand": "2C"}}}, "card.split"),
    ({"players": {"Ann": {"hand": "2C"}, "Bob": {"hand": "3C"}}, "out": "Ann"}, "entry.out_holds_cards"),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": "3C"}}, "out": "Ann"}, "entry.out_with_points"),
    ({"players": {"Bob": {"hand": "2C"}}}, "entry.player_missing"),
])
def test_a_refusal_about_one_player_names_the_player_as_a_fact(raw, code):
    with pytest.raises(InputError) as e:
        entry(raw)
    assert e.value.code == code and e.value.player == "Ann"
    assert str(e.value).endswith(".")


def test_about_player_says_whose_part_an_error_is_about():
    from scorekeeper.core.cards import parse_played_cards
    from scorekeeper.core.entry import about_player
    from scorekeeper.core.melds import IllegalMeld, MeldRules, read_meld

    with pytest.raises(IllegalMeld) as e:
        read_meld(parse_played_cards("7H 8H"), MeldRules())
    said = about_player("Ann", e.value)
    assert said.player == "Ann" and said.facts["cause"] is e.value
    assert said.message == "Ann: 7♥ 8♥: a meld needs at least three cards."
    assert said.with_facts(hand=3).message == "Hand 3: Ann: 7♥ 8♥: a meld needs at least three cards."


class TestCyrillicCards:
    """Hand files take the Cyrillic card letters too (SPEC §7)."""

    def test_melds_layoffs_and_hand(self):
        e = entry({"players": {"Ann": {"melds": "Дп Кп Тп", "layoffs": "Вп", "hand": "тт 10ч"},
                               "Bob": {"hand": ""}}})
        assert [str(pc) for pc in e.players["Ann"].melds[0]] == ["QS", "KS", "AS"]
        assert [str(pc) for pc in e.players["Ann"].layoffs] == ["JS"]
        assert [str(c) for c in e.players["Ann"].hand] == ["AC", "10H"]

    def test_a_lookalike_is_refused_naming_the_player(self):
        with pytest.raises(InputError) as e:
            entry({"players": {"Ann": {"hand": "\u0410S"}, "Bob": {"hand": ""}}})
        assert e.value.player == "Ann" and e.value.code == "card.lookalike.cyrillic"
        assert e.value.facts["fixed"] == "AS"


def test_names_written_differently_in_unicode_are_one_player(cli):
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"  # Zoë as one letter, and as e + a diaeresis
    r = cli("new", "rummy500", composed, decomposed)
    assert r.exit_code == 2 and "twice" in r.stderr, r.stderr
    cli.new("rummy500", composed, "Bob")
    hand = cli.record(f"{decomposed.upper()}: 10 -5", "Bob: -")  # typed another way, and in capitals
    assert hand["scores"] == {composed: 5, "Bob": 0}
