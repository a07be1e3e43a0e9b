"""The common dialog of a variant whose prompt asks for the cards each player shows (Gin
Rummy): the questions come from what the variant declares — its question, its one-line
form, its check of an answer (the knocker's marks) and the deal's other facts it asks
(the up-card under Oklahoma) — and ``edit`` starts each answer from the variant's codec.

Deadwood: ace 1, J Q K 10, 2–10 face value.
"""
from __future__ import annotations

import pytest

from scorekeeper.cli import prompt
from scorekeeper.cli.terminal import Terminal
from scorekeeper.core.variants import get_variant

CARDS = "  cards (10; 11 for big gin): "
WHO = 'Who knocked? (a name; "stock" if the stock ran out): '
UP = "The up-card (it sets the knock limit): "
#: SPEC §4's hand: Ann melds 7-8-9♥, Q♠ Q♦ Q♣, 2-3-4♣ and holds 5♦; Bob melds K♠ K♥ K♦, lays off
#: 10♥ J♥ and 5♣ and holds 9 + 6 + 3 + 1 = 19
ANN = "7H 8H 9H QS QD QC 2C 3C 4C 5D"
BOB = "KS KH KD 10H JH 5C 9S 6D 3S AH"


def asked(application, answers: list[str]) -> tuple[dict, list[str]]:
    """The raw entry the dialog gives for ``answers``, and the questions it asked."""
    given = iter(answers)
    seen: list[str] = []

    def read(question: str, prefill: str = "") -> str:
        seen.append(question)
        return next(given)

    return prompt.ask_hand(Terminal(), application, application.table(), read=read), seen


def test_under_oklahoma_the_up_card_is_asked_and_read_as_a_card(application):
    application.new("gin", ["Ann", "Bob"], ["oklahoma=true"])
    raw, seen = asked(application, [ANN + " knock", BOB, "1H", "QS", "y"])
    assert raw == {"players": {"Ann": {"cards": ANN}, "Bob": {"cards": BOB}}, "knock": "Ann", "upcard": "QS"}
    assert seen == [CARDS, CARDS, UP, UP, "Save hand 1? [Y/n] "]  # "1H" is no card: asked again
    # a queen up: knock limit 10; Ann knocks with 5, Bob holds 19: 19 − 5 = 14
    assert application.record_hand(raw, "prompt")["scores"] == {"Ann": 14, "Bob": 0}


def test_a_void_hand_is_not_asked_the_up_card(application):
    application.new("gin", ["Ann", "Bob"], ["oklahoma=true"])
    raw, seen = asked(application, [ANN, BOB, "stock", "y"])
    assert raw == {"players": {"Ann": {"cards": ANN}, "Bob": {"cards": BOB}}, "stock_exhausted": True}
    assert UP not in seen and seen.count(WHO) == 1


def test_eleven_cards_of_a_knocker_named_afterwards_are_big_gin(application):
    application.new("gin", ["Ann", "Bob"])
    big = "3S 4S 5S 6S 7S 8H 8D 8C JS QS KS"
    raw, seen = asked(application, [big, "2H 3H 4H KD KH KC 9D 4C 3D 2S", "Ann", "y"])
    assert raw["knock"] == "Ann" and raw["big_gin"] is True and WHO in seen
    # Bob melds 2-3-4♥ and K♦ K♥ K♣ and holds 9 + 4 + 3 + 2 = 18; big gin: 18 + 31 = 49
    assert application.record_hand(raw, "prompt")["scores"] == {"Ann": 49, "Bob": 0}


def test_a_second_knocker_is_refused_at_once(application):
    application.new("gin", ["Ann", "Bob"])
    raw, seen = asked(application, [ANN + " knock", BOB + " knock", BOB, "y"])
    assert seen[:3] == [CARDS, CARDS, CARDS] and raw["knock"] == "Ann"


def test_edit_starts_the_up_card_and_big_gin_from_the_stored_hand():
    gin = get_variant("gin")
    stored = {"players": {"Ann": {"cards": "3S 4S 5S 6S 7S 8H 8D 8C JS QS KS"}, "Bob": {"hand": 18}},
              "knock": "Ann", "big_gin": True, "upcard": "QS"}
    assert gin.codec.answers(stored, ["Ann", "Bob"]) == {
        ("Ann", "cards"): "3S 4S 5S 6S 7S 8H 8D 8C JS QS KS knock big", ("Bob", "cards"): "-18",
        ("", "upcard"): "QS"}


@pytest.mark.parametrize("answer", ["", "KS KH"])
def test_nothing_or_too_few_cards_are_asked_again(application, answer):
    application.new("gin", ["Ann", "Bob"])
    raw, seen = asked(application, [answer, ANN + " knock", BOB, "y"])
    assert seen[:2] == [CARDS, CARDS] and raw["players"]["Ann"] == {"cards": ANN}
