""""Did you mean": every refused word names what it most likely meant, from one helper
(scorekeeper.core.near: difflib's ratio of matching characters, at least 0.5; for cards
every equally near card, at most four)."""
from __future__ import annotations

import pytest

from scorekeeper.core.cards import near_cards, parse_card
from scorekeeper.core.errors import InputError
from scorekeeper.core.near import closest, nearest
from scorekeeper.core.oneline import near_word, parse_line_entries


@pytest.fixture(autouse=True)
def english_afterwards():
    """A command run in-process with --lang leaves its language spoken: English again after each test."""
    yield
    from scorekeeper.cli import language

    language.speak("en")


def test_nearest_gives_every_equally_near_word_and_none_when_too_many_are():
    # "QX" vs each queen: Q matches, 2·1/4 = 0.5; vs "AS": nothing matches
    assert nearest("QX", ["AS", "QS", "QH", "QD", "QC"]) == ["QS", "QH", "QD", "QC"]
    # "H" is as near to AH, 2H … KH (2·1/3 each): thirteen guesses are no guess
    assert nearest("H", [r + "H" for r in "A23456789JQK"] + ["10H"]) == []
    assert nearest("ZZ", ["AS", "KH"]) == [] and nearest("", ["AS"]) == []
    assert closest("targte", ["target", "tie", "ace_in_hand"]) == "target"


@pytest.mark.parametrize("typed, near, said", [
    ("1OH", ["10H"], "10H"),                 # a letter O for the digit 0: 2·2/6 ≈ 0.67, every other card less
    ("QX", ["QS", "QH", "QD", "QC"], "QS, QH, QD or QC"),  # no suit X: the four queens (2·1/4 = 0.5)
    ("1O♥", ["10♥"], "10♥"),                 # typed with a suit symbol: shown with one
    ("Дх", ["Дп", "Дч", "Дб", "Дт"], "Дп, Дч, Дб or Дт"),  # Cyrillic typed: Cyrillic shown (not the joker Дж)
    ("JKR", ["JK"], "JK"),
    ("ZZ", [], None),                        # nothing near
])
def test_a_card_that_is_no_card_names_the_nearest_in_the_notation_typed(typed, near, said):
    assert near_cards(typed) == near
    with pytest.raises(InputError) as e:
        parse_card(typed)
    assert e.value.message.startswith(f'"{typed}" is not a card: ranks are A 2-10 J Q K (or T)')
    if said is None:
        assert e.value.code == "card.not_a_card" and "did you mean" not in e.value.message
    else:
        assert e.value.code == "card.not_a_card_near" and e.value.facts["near"] == near
        assert e.value.message.endswith(f"Дж (joker); did you mean {said}?")


def test_the_card_suggestion_in_a_one_line_entry_and_in_ukrainian(cli):
    cli.new("rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: -", "Bob: -QX")
    assert r.exit_code == 2
    assert r.stderr.strip().endswith("did you mean QS, QH, QD or QC?"), r.stderr
    r = cli("--lang", "uk", "hand", "Ann: -", "Bob: -Дх")
    assert r.exit_code == 2 and r.stderr.strip().endswith("можливо, Дп, Дч, Дб або Дт?"), r.stderr


@pytest.mark.parametrize("word, meant, meanings", [
    ("stok", "stock", ("stock",)),
    ("owt", "out", ("out",)),
    ("knok", "knock", ("knock", "out")),
    ("вишов", "вийшов", ("out",)),           # the local words too (core.words)
    ("постукла", "постукала", ("knock",)),
    ("QX", None, ("out",)),                  # two letters: a card, not a word
    ("7HH", None, ("out",)),
])
def test_a_one_line_word_names_the_word_it_is_near(word, meant, meanings):
    assert near_word(word, meanings) == meant


def test_a_mistyped_word_on_the_command_line_is_named(cli):
    cli.new("rummy500", "Ann", "Bob")
    r = cli("hand", "Ann: -", "Bob: -KS", "stok")
    assert r.exit_code == 2 and r.stderr.strip().startswith(
        '"stok" is not a word of the one-line form (did you mean "stock"?)'), r.stderr
    r = cli("hand", "Ann: - owt", "Bob: -KS")
    assert r.exit_code == 2
    assert r.stderr.strip() == 'Ann: "owt" is neither a card nor a word of the one-line form (did you mean "out"?).'
    assert cli.history()["hands"] == []  # nothing stored


def test_knock_is_only_offered_where_a_variant_knocks():
    with pytest.raises(InputError) as e:
        parse_line_entries(["Ann: -3C knok", "Bob: -"], ["Ann", "Bob"], knock_allowed=False)
    assert e.value.code == "entry.about_player"  # a card error: knock is no word of this variant
    with pytest.raises(InputError) as e:
        parse_line_entries(["Ann: -3C knok", "Bob: -"], ["Ann", "Bob"], knock_allowed=True)
    assert e.value.code == "line.word_near" and e.value.facts["near"] == "knock"


def test_gin_s_words_are_offered_in_a_gin_hand(cli):
    cli.new("gin", "Ann", "Bob")
    r = cli("hand", "Ann: 3S 4S 5S 6S 7S 8H 8D 8C JS QS knok", "Bob: 2H 3H 4H KD KH KC 9D 4C 3D 2S")
    assert r.exit_code == 2 and '"knok"' in r.stderr and 'did you mean "knock"?' in r.stderr, r.stderr


@pytest.mark.parametrize("args, said", [
    (["new", "rummy500", "Ann", "Bob", "--rule", "targte=300"],
     '"targte" is not a rule option (did you mean target?); Rummy 500 has target, tie,'),
    (["config", "set", "rules", "targte=300"], '"targte" is not a rule option of any variant (did you mean target?)'),
    (["config", "set", "rules", "gin:knock_limt=5"], '"knock_limt" is not a rule option (did you mean knock_limit?)'),
    (["new", "contract", "Ann", "Bob", "Cy", "--rule", "jokrs=4"], '"jokrs" is not a rule option (did you mean jokers?)'),
])
def test_a_mistyped_rule_option_names_the_option_it_is_near(cli, args, said):
    r = cli(*args)
    assert r.exit_code == 2 and said in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
