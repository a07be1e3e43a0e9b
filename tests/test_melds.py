"""Melds of SPEC §2.2 as Rummy 500 / Rum 500 read them: sets, runs in any order,
the ace low or high but never both and never round the corner, and the
deck-count check."""
from __future__ import annotations

import gettext

import pytest
from conftest import load_games

from scorekeeper.core import messages
from scorekeeper.core.cards import Card, parse_played_cards, rank_name, rank_plural, suit_name
from scorekeeper.core.errors import InputError
from scorekeeper.core.melds import (
    IllegalMeld,
    MeldRules,
    check_deck,
    deck_words,
    describe_cards,
    read_meld,
    times_words,
)
from scorekeeper.core.phrase import Ranks, phrase
from scorekeeper.core.variants import get_variant

RUMMY = MeldRules()  # no wilds, ace low or high, no identical cards in a set
TWO_DECK_DUPLICATES = MeldRules(set_duplicates=True)


def meld(text: str, rules: MeldRules = RUMMY):
    return read_meld(parse_played_cards(text), rules)


def value(text: str, rules=None) -> int:
    """A meld's points under rummy500's default rules (or ``rules``)."""
    v = get_variant("rummy500")
    rules = rules or {o.key: o.default_for(3) for o in v.options}
    return v.melds.value(meld(text), rules)


@pytest.mark.parametrize(
    "text, kind, points",
    [
        # sets: face values added
        ("7S 7H 7D", "set", 21),            # 7 + 7 + 7
        ("7S 7H 7D 7C", "set", 28),         # 4 × 7
        ("KS KH KD", "set", 30),            # 3 × 10
        ("AS AH AD", "set", 45),            # an ace in a set is never low: 3 × 15
        ("AS AH AD AC", "set", 60),         # 4 × 15
        # runs, typed in any order
        ("4H 5H 6H", "run", 15),            # 4 + 5 + 6
        ("6H 4H 5H", "run", 15),            # same run typed out of order
        ("AS 2S 3S", "run", 6),             # ace low: 1 + 2 + 3
        ("3S AS 2S", "run", 6),             # ace low, out of order
        ("QS KS AS", "run", 35),            # ace high: 10 + 10 + 15
        ("AS QS KS", "run", 35),
        ("10D JD QD KD AD", "run", 55),     # 10 + 10 + 10 + 10 + 15
        ("AC 2C 3C 4C 5C", "run", 15),      # 1 + 2 + 3 + 4 + 5
        ("9C 10C JC", "run", 29),           # 9 + 10 + 10
        # all thirteen: read ace low unless the ace says :high
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "run", 85),   # 1 + (2..10 = 54) + 30
        ("AH:high 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "run", 99),  # 15 + 54 + 30
    ],
)
def test_legal_melds_kind_and_value(text, kind, points):
    assert meld(text).kind == kind
    assert value(text) == points


def test_run_slots_are_in_rank_order():
    reading = meld("6H 4H 5H")
    assert [str(c) for c in reading.cards] == ["4H", "5H", "6H"]
    assert "run of hearts 4-5-6" in reading.reason


def test_reasons_say_what_the_meld_is():
    assert "ace low" in meld("AS 2S 3S").reason
    assert "ace high" in meld("QS KS AS").reason
    assert meld("7S 7H 7D").reason == "a set of three 7s"
    assert meld("KS KH KD KC").reason == "a set of four kings"


@pytest.mark.parametrize(
    "text, why",
    [
        ("KS AS 2S", "turn the corner"),
        ("KH AH 2H 3H", "turn the corner"),
        ("QH KH AH 2H", "turn the corner"),
        ("AC 2C 3D", "not a set (the ranks differ) and not a run (the suits differ)"),
        ("7S 7H", "at least three cards"),
        ("7S", "at least three cards"),
        ("7S 8S 10S", "not consecutive (missing 9)"),
        ("7S 7S 7H", "two identical cards"),
        ("7S 7H 7D 7C 7S", "never has more than four cards"),
        ("4S 5S 5S 6S", "appears twice"),
        ("AS 2S 3S QS KS AS", "never both"),
        ("7S 8H 9D", "suits differ"),
    ],
)
def test_illegal_melds_say_why(text, why):
    with pytest.raises(IllegalMeld) as e:
        meld(text)
    assert why in e.value.message
    assert isinstance(e.value, InputError)


def test_an_ace_marked_low_or_high_must_be_where_it_says():
    assert meld("AS:low 2S 3S").kind == "run"
    assert meld("QS KS AS:high").kind == "run"
    assert meld("AS:high AH AD").kind == "set"
    with pytest.raises(IllegalMeld, match="the ace is not where :low/:high says"):
        meld("AS:high 2S 3S")
    with pytest.raises(IllegalMeld, match="the ace is not where :low/:high says"):
        meld("QS KS AS:low")
    with pytest.raises(IllegalMeld, match="the ace is not where :low/:high says"):
        meld("AS:low AH AD")


def test_a_card_that_is_not_wild_cannot_stand_for_another():
    with pytest.raises(IllegalMeld, match="not wild"):
        meld("7H 8H 9H=10H")


class TestSetDuplicates:
    def test_two_identical_cards_only_when_allowed(self):
        with pytest.raises(IllegalMeld, match="two identical cards"):
            meld("7H 7H 7S")
        assert meld("7H 7H 7S", TWO_DECK_DUPLICATES).kind == "set"
        assert meld("7H 7H 7S 7S", TWO_DECK_DUPLICATES).kind == "set"

    def test_still_never_more_than_four(self):
        with pytest.raises(IllegalMeld, match="never has more than four"):
            meld("7H 7H 7S 7D 7C", TWO_DECK_DUPLICATES)

    def test_runs_never_hold_a_card_twice(self):
        with pytest.raises(IllegalMeld, match="appears twice"):
            meld("7H 7H 8H 9H", TWO_DECK_DUPLICATES)

    def test_rummy500_allows_them_with_two_decks_unless_the_option_is_off(self):
        v = get_variant("rummy500")
        base = {o.key: o.default_for(5) for o in v.options}
        assert v.melds.rules(base, 0).set_duplicates and v.melds.rules(base, 0).set_max == 8   # 2 decks, default
        off = v.melds.rules(base | {"set_duplicates": False}, 0)
        assert not off.set_duplicates and off.set_max == 4                                  # 2 decks, option off
        assert not v.melds.rules(base | {"decks": 1}, 0).set_duplicates                      # 1 deck
        rum = get_variant("rum500")
        base = {o.key: o.default_for(8) for o in rum.options}
        assert not rum.melds.rules(base, 0).set_duplicates                                   # option off by default
        on = rum.melds.rules(base | {"set_duplicates": True}, 0)
        assert on.set_duplicates and on.set_max == 4                                        # never past four


def test_shared_meld_examples_for_rummy500():
    checks = [c for c in load_games("shared_melds.json")["checks"] if c["variant"] in ("rummy500", "rum500")]
    assert checks
    for c in checks:
        v = get_variant(c["variant"])
        rules = {o.key: o.default_for(2) for o in v.options}
        cards = parse_played_cards(c["cards"])
        if c["legal"]:
            reading = read_meld(cards, v.melds.rules(rules, 0))
            assert reading.kind == c["kind"], c
            assert v.melds.value(reading, rules) == c["value"], c
        else:
            with pytest.raises(IllegalMeld):
                read_meld(cards, v.melds.rules(rules, 0))


class TestCheckDeck:
    def test_one_deck_holds_each_card_once(self):
        check_deck({"Ann": [Card(7, "H")], "Bob": [Card(8, "H")]}, 1, 0, "one deck")
        with pytest.raises(InputError) as e:
            check_deck({"Ann": [Card(7, "H")], "Bob": [Card(7, "H")]}, 1, 0, "one deck")
        assert e.value.message == "7♥ appears 2 times in this hand (Ann, Bob), but one deck holds it only once."

    def test_two_decks_hold_each_card_twice(self):
        check_deck({"Ann": [Card(7, "H")], "Bob": [Card(7, "H")]}, 2, 0, "two decks")
        with pytest.raises(InputError, match=r"7♥ appears 3 times in this hand \(Ann, Bob\), but two decks hold it only twice"):
            check_deck({"Ann": [Card(7, "H"), Card(7, "H")], "Bob": [Card(7, "H")]}, 2, 0, "two decks")

    def test_no_jokers_in_rummy500(self):
        with pytest.raises(InputError, match="without jokers"):
            check_deck({"Ann": [Card(0, "")]}, 1, 0, "one deck")


class TestWhyAsData:
    """An illegal meld carries the rule it breaks as data (``reason``), so ``check``
    and the variants word it without reading the sentence."""

    def test_the_reason_is_a_code_with_facts(self):
        cards = parse_played_cards("KS AS 2S")
        with pytest.raises(IllegalMeld) as e:
            read_meld(cards, MeldRules())
        assert e.value.code == "meld.illegal" and e.value.cards == tuple(cards)
        assert e.value.reason.code == "meld.corner"
        assert e.value.message == "K♠ A♠ 2♠: runs cannot turn the corner: K-A-2."

    def test_facts_of_the_reason(self):
        with pytest.raises(IllegalMeld) as e:
            read_meld(parse_played_cards("7H 7H 7S"), MeldRules())
        assert e.value.reason.code == "meld.set_twice" and e.value.reason.facts["card"] == Card(7, "H")
        with pytest.raises(IllegalMeld) as e:
            read_meld(parse_played_cards("2S 3S 6S"), MeldRules())
        assert e.value.reason.facts["missing"] == [4, 5]
        assert e.value.message == "2♠ 3♠ 6♠: not a run: the ranks are not consecutive (missing 4, 5)."

    def test_a_player_can_be_added(self):
        with pytest.raises(IllegalMeld) as e:
            read_meld(parse_played_cards("7H 8H"), MeldRules())
        about_ann = e.value.with_facts(player="Ann")
        assert isinstance(about_ann, IllegalMeld) and about_ann.player == "Ann"
        assert about_ann.reason.code == "meld.too_few"

    def test_the_deck_check_carries_its_numbers(self):
        with pytest.raises(InputError) as e:
            check_deck({"Ann": [Card(7, "H"), Card(7, "H")], "Bob": [Card(7, "H")]}, 2, 0, "two decks")
        facts = e.value.facts
        assert facts["cards"] == (Card(7, "H"),) and facts["count"] == 3 and facts["limit"] == 2
        assert facts["holders"] == ["Ann", "Bob"]


class Ukrainian(gettext.NullTranslations):
    """A stand-in for the uk catalog: a few of the templates and the card letters,
    in the words of scorekeeper/locale/uk/glossary.md."""

    WORDS = {
        "a run of spades {ranks} (ace high)": "послідовність пік {ranks} (старший туз)",
        "a run of hearts {ranks}": "послідовність чирв {ranks}",
        "a set of four {ranks}": "група з чотирьох: {ranks}",
        "kings": "королі",
        "{reading}, {wilds:list}": "{reading}; {wilds:list}",
        "{card} as {counts_as}": "{card} замість {counts_as}",
        "two decks": "дві колоди",
        "twice": "двічі",
        "{cards} appears {count:#time|times} in this hand ({holders:list}), but {deck_text} hold it only {times}.":
            "{cards} трапляється в цій роздачі {count:#раз|рази} ({holders:list}), але {deck_text} мають її лише {times}.",
        "spades": "піки",
        "jack": "валет",
    }
    LETTERS = {("rank", "A"): "Т", ("rank", "K"): "К", ("rank", "Q"): "Д", ("rank", "J"): "В", ("card", "JK"): "Дж"}

    def gettext(self, message):
        return self.WORDS.get(message, message)

    def ngettext(self, one, many, n):
        return one if n == 1 else many

    def npgettext(self, context, one, many, n):
        return one if n == 1 else many

    def pgettext(self, context, message):  # a template is looked up under its message code
        return self.LETTERS.get((context, message)) or self.WORDS.get(message, message)


@pytest.fixture
def ukrainian():
    messages.use(Ukrainian())
    yield
    messages.use(None)


class TestWordsAsData:
    """What a meld is, in words, is data (a phrase) said in the language chosen when it is shown."""

    def test_a_reading_is_a_phrase(self):
        reading = meld("QS KS AS")
        assert reading.phrase == phrase("meld.run.S.ace_high", ranks=Ranks((12, 13, 1)))
        assert reading.reason == "a run of spades Q-K-A (ace high)"

    def test_wild_cards_are_cards_among_the_facts(self):
        reading = meld("10S JK QS", MeldRules(wild=lambda c: c.is_joker))
        assert reading.phrase.code == "meld.with_wilds"
        assert reading.phrase.facts["wilds"] == [phrase("meld.wild_as", card=Card(0, ""), counts_as=Card(11, "S"))]
        assert reading.reason == "a run of spades 10-J-Q, JK as J♠"
        assert meld("JK JK JK", MeldRules(wild=lambda c: c.is_joker)).reason == "a set of 3 wild cards"
        assert meld("7H 7S JK", MeldRules(wild=lambda c: c.is_joker)).reason == "a set of three 7s, JK as 7♦"

    def test_the_same_reading_in_another_language(self, ukrainian):
        assert meld("QS KS AS").reason == "послідовність пік Д-К-Т (старший туз)"
        assert meld("KS KH KD KC").reason == "група з чотирьох: королі"
        assert meld("9H JK JH", MeldRules(wild=lambda c: c.is_joker)).reason == (
            "послідовність чирв 9-10-В; Дж замість 10♥")
        messages.use(None)
        assert meld("QS KS AS").reason == "a run of spades Q-K-A (ace high)"

    def test_rank_and_suit_words(self, ukrainian):
        assert str(rank_name(11)) == "валет" and str(suit_name("S")) == "піки"
        assert str(rank_name(7)) == "7" and str(rank_plural(13)) == "королі"
        messages.use(None)
        assert [str(rank_plural(r)) for r in (1, 6, 7, 10, 12)] == ["aces", "sixes", "sevens", "tens", "queens"]
        assert f"{rank_plural(2)} are wild" == "twos are wild"
        assert str(suit_name("D")) == "diamonds"
        with pytest.raises(ValueError):
            rank_name(0)

    def test_describe_cards_follows_the_language(self, ukrainian):
        assert describe_cards(parse_played_cards("AS JK=7H 10C")) == "Т♠ Дж=7♥ 10♣"

    def test_the_deck_check_in_words(self, ukrainian):
        with pytest.raises(InputError) as e:
            check_deck({"Ann": [Card(13, "H"), Card(13, "H")], "Bob": [Card(13, "H")]}, 2, 0)
        assert e.value.facts["deck_text"] == deck_words(2) and e.value.facts["times"] == times_words(2)
        assert e.value.message == "К♥ трапляється в цій роздачі 3 рази (Ann, Bob), але дві колоди мають її лише двічі."

    def test_deck_words(self):
        assert [str(deck_words(d)) for d in (1, 2, 3)] == ["one deck", "two decks", "3 decks"]
        assert str(deck_words(2, 2)) == "two decks and 2 jokers" and str(deck_words(1, 1)) == "one deck and 1 joker"
        assert [str(times_words(n)) for n in (1, 2, 4)] == ["once", "twice", "4 times"]
        with pytest.raises(InputError) as e:
            check_deck({"Ann": [Card(7, "H")], "Bob": [Card(7, "H")]}, 1, 0)
        assert e.value.message == "7♥ appears 2 times in this hand (Ann, Bob), but one deck holds it only once."
