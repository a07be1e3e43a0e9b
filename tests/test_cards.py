"""Card notation (SPEC §3): lenient in, canonical out, errors that quote the token."""
from __future__ import annotations

import pytest

from scorekeeper.core.cards import (
    JOKER,
    Card,
    PlayedCard,
    card_symbol,
    format_card,
    parse_card,
    parse_cards,
    parse_played,
    parse_played_cards,
    split_melds,
)
from scorekeeper.core.errors import ExitCode, InputError


@pytest.mark.parametrize(
    "token, rank, suit",
    [
        ("AS", 1, "S"),
        ("as", 1, "S"),
        ("10H", 10, "H"),
        ("10h", 10, "H"),
        ("TH", 10, "H"),
        ("th", 10, "H"),
        ("QD", 12, "D"),
        ("7c", 7, "C"),
        ("KC", 13, "C"),
        ("JS", 11, "S"),
        ("2D", 2, "D"),
        ("A♠", 1, "S"),
        ("10♥", 10, "H"),
        ("T♦", 10, "D"),
        ("9♣", 9, "C"),
        ("Q♤", 12, "S"),
        ("Q♡", 12, "H"),
        ("Q♢", 12, "D"),
        ("Q♧", 12, "C"),
        ("  5S ", 5, "S"),
        # a suit symbol copied from a web page or a phone carries a variation selector:
        # U+FE0E asks for the text style, U+FE0F for the emoji style; the card is the same
        ("Q♣\ufe0e", 12, "C"),
        ("10♥\ufe0f", 10, "H"),
        ("к♠\ufe0f", 13, "S"),
    ],
)
def test_parse_card_reads_every_spelling(token, rank, suit):
    assert parse_card(token) == Card(rank, suit)


def test_a_copied_suit_symbol_with_its_variation_selector_reads_in_melds_and_lists():
    assert parse_played("A♠\ufe0f:low") == PlayedCard(Card(1, "S"), None, "low")
    assert parse_played("JK=7♥\ufe0e") == PlayedCard(JOKER, Card(7, "H"))
    assert parse_cards("Q♣\ufe0e 10♦\ufe0f") == [Card(12, "C"), Card(10, "D")]


@pytest.mark.parametrize("token", ["JK", "jk", "*", "JOKER", "joker", "Joker"])
def test_jokers(token):
    assert parse_card(token) == JOKER
    assert parse_card(token).is_joker


@pytest.mark.parametrize("token", ["1H", "11S", "ZZ", "A", "H", "", "10", "AX", "AS4", "0S", "14C", "KS KH", "1♥"])
def test_bad_cards_quote_the_token_and_say_what_is_expected(token):
    with pytest.raises(InputError) as e:
        parse_card(token)
    assert f'"{token}" is not a card' in e.value.message
    assert "ranks are A 2-10 J Q K (or T), suits S H D C" in e.value.message
    assert e.value.exit_code == ExitCode.BAD_INPUT


def test_the_spec_example_message():
    with pytest.raises(InputError, match=r'^"1H" is not a card: ranks are A 2-10 J Q K \(or T\), suits S H D C'):
        parse_card("1H")


@pytest.mark.parametrize(
    "card, text, symbol",
    [
        (Card(10, "H"), "10H", "10♥"),
        (Card(1, "S"), "AS", "A♠"),
        (Card(12, "D"), "QD", "Q♦"),
        (Card(7, "C"), "7C", "7♣"),
        (Card(11, "S"), "JS", "J♠"),
        (Card(13, "C"), "KC", "K♣"),
        (JOKER, "JK", "JK"),
    ],
)
def test_format_card_is_canonical_ascii_and_card_symbol_is_for_people(card, text, symbol):
    assert format_card(card) == text
    assert str(card) == text
    assert card_symbol(card) == symbol


def test_t_and_lower_case_come_out_canonical():
    assert format_card(parse_card("th")) == "10H"
    assert format_card(parse_card("a♠")) == "AS"


def test_every_card_round_trips_through_both_forms():
    for rank in range(1, 14):
        for suit in "SHDC":
            card = Card(rank, suit)
            assert parse_card(format_card(card)) == card
            assert parse_card(card_symbol(card)) == card


class TestPlayed:
    def test_plain_card(self):
        assert parse_played("7H") == PlayedCard(Card(7, "H"))

    def test_wild_meaning(self):
        played = parse_played("JK=7H")
        assert played.card == JOKER and played.stands_for == Card(7, "H")
        assert str(played) == "JK=7H"

    def test_wild_card_of_a_rank(self):
        played = parse_played("5c=qh")
        assert played.card == Card(5, "C") and played.stands_for == Card(12, "H")
        assert str(played) == "5C=QH"

    @pytest.mark.parametrize("token, where", [("AS:low", "low"), ("AS:high", "high"), ("as:LOW", "low"),
                                              ("AH:hi", "high"), ("AD:lo", "low"), ("A♣:high", "high")])
    def test_ace_attachment(self, token, where):
        played = parse_played(token)
        assert played.card.rank == 1 and played.ace == where
        assert str(played).endswith(":" + where)

    def test_ace_attachment_only_on_aces(self):
        with pytest.raises(InputError, match=r'"KS:low": only an ace takes :low or :high'):
            parse_played("KS:low")

    def test_ace_attachment_word(self):
        with pytest.raises(InputError, match=r'"AS:middle": after ":" write low or high'):
            parse_played("AS:middle")

    def test_a_wild_cannot_stand_for_a_joker(self):
        with pytest.raises(InputError, match="stands for a real card"):
            parse_played("JK=JK")

    def test_bad_meaning_quotes_the_card(self):
        with pytest.raises(InputError, match=r'"1H" is not a card'):
            parse_played("JK=1H")


class TestLists:
    def test_a_string_or_a_list(self):
        expected = [Card(1, "S"), Card(4, "D")]
        assert parse_cards("AS 4D") == expected
        assert parse_cards("  AS    4D  ") == expected
        assert parse_cards(["AS", "4D"]) == expected
        assert parse_cards(["AS 4D"]) == expected
        assert parse_cards("") == []
        assert parse_cards([]) == []

    def test_commas_between_cards_are_refused(self):
        with pytest.raises(InputError, match="commas separate melds"):
            parse_cards("AS, 4D", "hand", player="Ann")
        with pytest.raises(InputError, match="Ann's hand"):
            parse_cards("AS;4D", "hand", player="Ann")

    def test_a_list_of_numbers_is_refused(self):
        with pytest.raises(InputError, match="cards are written as text"):
            parse_cards(["AS", 4])

    def test_played_cards(self):
        assert parse_played_cards("AH:low 10H") == [PlayedCard(Card(1, "H"), None, "low"), PlayedCard(Card(10, "H"))]


class TestSplitMelds:
    def test_one_string_comma_or_semicolon(self):
        melds = split_melds("7H 8H 9H, QS QD QC; 2C 3C 4C")
        assert [[str(c) for c in m] for m in melds] == [["7H", "8H", "9H"], ["QS", "QD", "QC"], ["2C", "3C", "4C"]]

    def test_a_list_of_strings_or_of_token_lists(self):
        assert split_melds(["7H 8H 9H", ["QS", "QD", "QC"]]) == split_melds("7H 8H 9H, QS QD QC")

    def test_a_list_item_holding_a_comma_is_several_melds(self):
        assert len(split_melds(["7H 8H 9H, QS QD QC"])) == 2

    def test_empty_melds_are_skipped(self):
        assert split_melds("") == []
        assert split_melds([]) == []
        assert split_melds(" , ;") == []
        assert len(split_melds("7H 8H 9H,,")) == 1

    @pytest.mark.parametrize("value", [7, None, {"a": 1}, 3.5, True])
    def test_other_types_are_refused(self, value):
        with pytest.raises(InputError):
            split_melds(value)

    def test_a_meld_that_is_not_cards(self):
        with pytest.raises(InputError, match="a meld is written as cards"):
            split_melds([7])
        with pytest.raises(InputError, match='"XX" is not a card'):
            split_melds("7H XX 9H")


class TestErrorsAreData:
    """Errors carry a code and facts; the sentence is made from them (SPEC §7)."""

    def test_a_token_that_is_no_card(self):
        with pytest.raises(InputError) as e:
            parse_card("ZZ")
        assert e.value.code == "card.not_a_card" and e.value.facts == {"token": "ZZ"}
        assert e.value.message == ('"ZZ" is not a card: ranks are A 2-10 J Q K (or T), suits S H D C '
                                   "(or ♠ ♥ ♦ ♣), a joker is JK; Cyrillic letters work too: Т К Д В (A K Q J), "
                                   "п ч б т (S H D C), Дж (joker).")

    def test_a_card_that_was_read_is_a_card_fact(self):
        with pytest.raises(InputError) as e:
            parse_played("KS:low")
        assert e.value.facts["cards"] == (Card(13, "S"),) and e.value.facts["token"] == "KS:low"

    def test_a_mark_in_hand_says_how_to_write_it(self):
        with pytest.raises(InputError) as e:
            parse_card("JK=7H")
        assert e.value.code == "card.wild_mark_in_hand" and e.value.facts["plain"] == "JK"
        assert e.value.message == ('"JK=7H": "=" says what a wild card stands for in a meld; '
                                   'cards left in hand are written plainly, like "JK".')

    def test_whose_cards_is_a_fact_not_text(self):
        with pytest.raises(InputError) as e:
            parse_cards("AS ZZ", "hand", player="Ann")
        assert e.value.player == "Ann" and e.value.code == "card.not_a_card"
        assert e.value.message.startswith('"ZZ" is not a card')
        with pytest.raises(InputError) as e:
            parse_cards("AS, 4D", "hand", player="Ann")
        assert e.value.player == "Ann" and e.value.facts["part"] == "hand"
        assert e.value.message == ('Ann\'s hand "AS, 4D" holds a comma: cards are separated by spaces, '
                                   "commas separate melds.")

    def test_a_phrase_for_a_list_is_not_read_back(self):
        # whose list it is comes as player=, never out of a phrase such as "Ann's hand"
        with pytest.raises(InputError) as e:
            parse_cards("AS;4D", "Ann's hand")
        assert e.value.player is None and e.value.facts["part"] == "list"
        with pytest.raises(InputError) as e:
            split_melds([7], "cards")
        assert e.value.player is None
        assert e.value.message == 'the cards holds 7: a meld is written as cards, like "7H 8H 9H".'

    @pytest.mark.parametrize("value", [7, None, {"a": 1}])
    def test_the_wrong_value_is_a_fact(self, value):
        with pytest.raises(InputError) as e:
            parse_cards(value, "layoffs", player="Bob")
        assert e.value.facts["value"] == value and e.value.player == "Bob"
        assert e.value.message.startswith("Bob's lay-offs must be cards as text")


class TestCommasBetweenCards:
    """``7H,8H,9H`` is one meld typed with commas: say so, not "a meld needs at least three cards"."""

    def test_in_a_melds_text(self):
        with pytest.raises(InputError) as e:
            split_melds("7H,8H,9H")
        assert e.value.code == "melds.commas_between_cards"
        assert e.value.message == ('"7H,8H,9H": commas separate melds, and the cards of a meld are separated '
                                   'by spaces, like "7H 8H 9H".')
        with pytest.raises(InputError, match="commas separate melds") as e:
            split_melds("7H;8H; 9H", "melds", player="Ann")
        assert e.value.player == "Ann"

    def test_real_melds_pass(self):
        assert len(split_melds("7H 8H 9H, QS QD QC")) == 2
        assert len(split_melds("7H 8H 9H, QS")) == 2

    def test_the_suggestion_joins_only_the_one_card_melds(self):
        with pytest.raises(InputError) as e:
            split_melds("7H 8H 9H, QS, QD, QC")
        assert e.value.facts["spaced"] == "7H 8H 9H, QS QD QC"
        assert e.value.message.startswith('"7H 8H 9H, QS, QD, QC": commas separate melds')


class TestRankAndSuitApart:
    """``10 H`` is the card 10H with a space in it: suggest ``10H``, not '"H" is not a card'."""

    @pytest.mark.parametrize("text,typed,joined", [("AS 10 H", "10 H", "10H"), ("Q s 4D", "Q s", "Qs"),
                                                   ("7H A ♠", "A ♠", "A♠")])
    def test_in_a_card_list(self, text, typed, joined):
        with pytest.raises(InputError) as e:
            parse_cards(text, "hand", player="Ann")
        assert e.value.code == "card.split" and e.value.player == "Ann"
        assert e.value.message == f'"{typed}" is not a card: write the rank and the suit together, like "{joined}".'

    def test_a_lone_suit_after_a_card_is_no_split_card(self):
        with pytest.raises(InputError, match='"H" is not a card: ranks are'):
            parse_cards("AS H")


def test_every_code_these_modules_raise_has_a_template():
    """No raise depends on a sentence used as its code: each code is a template's."""
    import re
    from pathlib import Path

    from scorekeeper.core.messages import TEMPLATES

    core = Path(__file__).resolve().parents[1] / "scorekeeper" / "core"
    codes = set()
    for name in ("cards", "entry", "oneline", "melds", "check"):
        text = (core / f"{name}.py").read_text(encoding="utf-8")
        assert not re.search(r'Error\(f?"[A-Z]', text), name
        codes |= set(re.findall(r'(?:Error|Fault|illegal\(cards,)\(\s*"([a-z_.]+)"', text))
        codes |= set(re.findall(r'illegal\(cards, "([a-z_.]+)"', text))
    assert len(codes) > 40
    assert sorted(c for c in codes if c not in TEMPLATES) == []


class TestCyrillic:
    """Cards typed with the rule books' Cyrillic letters, in every language (SPEC §7)."""

    @pytest.mark.parametrize(
        "token, rank, suit",
        [
            ("тт", 1, "C"),      # the rank comes first: the ace of clubs
            ("ТТ", 1, "C"),
            ("Тт", 1, "C"),
            ("10ч", 10, "H"),
            ("10Ч", 10, "H"),
            ("Дп", 12, "S"),
            ("дп", 12, "S"),
            ("Кб", 13, "D"),
            ("кБ", 13, "D"),
            ("Вч", 11, "H"),
            ("вп", 11, "S"),
            ("7т", 7, "C"),
            ("2б", 2, "D"),
            ("Т♠", 1, "S"),      # Cyrillic rank, suit symbol
            ("Д♥", 12, "H"),
            ("QЧ", 12, "H"),     # Latin rank, Cyrillic suit
            ("AТ", 1, "C"),
            ("Tт", 10, "C"),     # Latin T is ten, Cyrillic т clubs
            ("КS", 13, "S"),     # Cyrillic К, Latin S
            ("ВD", 11, "D"),
            (" 9п ", 9, "S"),
        ],
    )
    def test_rank_and_suit_letters_in_any_case_and_mixed(self, token, rank, suit):
        assert parse_card(token) == Card(rank, suit)

    @pytest.mark.parametrize("token", ["Дж", "дж", "ДЖ", "дЖ", "джокер", "ДЖОКЕР"])
    def test_the_joker(self, token):
        assert parse_card(token) == JOKER

    def test_cyrillic_te_is_the_ace_and_latin_t_the_ten(self):
        cyrillic_te, latin_t = "\u0422", "\u0054"
        assert cyrillic_te != latin_t and cyrillic_te.upper() != latin_t.upper()
        # Т alone followed by a Latin suit is the ace: "ТH" (Cyrillic Т, Latin H) is A♥ …
        assert parse_card(cyrillic_te + "H") == Card(1, "H")
        assert parse_card(cyrillic_te.lower() + "h") == Card(1, "H")
        # … and Latin T stays ten in every language: "TH" is 10♥
        assert parse_card(latin_t + "H") == Card(10, "H")
        assert parse_card(latin_t.lower() + "h") == Card(10, "H")
        # as a suit, only the Cyrillic т is clubs
        assert parse_card("10" + cyrillic_te) == Card(10, "C")
        with pytest.raises(InputError):
            parse_card("10" + latin_t)

    def test_canonical_out(self):
        assert format_card(parse_card("тт")) == "AC"
        assert format_card(parse_card("Дж")) == "JK"
        assert str(parse_played("дж=Дп")) == "JK=QS"

    def test_the_marks_keep_working(self):
        assert parse_played("Тп:low") == PlayedCard(Card(1, "S"), None, "low")
        assert parse_played("тч:high").ace == "high"
        assert parse_played("Дж=7ч") == PlayedCard(JOKER, Card(7, "H"))
        assert parse_played("5т=Дч") == PlayedCard(Card(5, "C"), Card(12, "H"))
        with pytest.raises(InputError, match=r'"Кп:low": only an ace takes :low or :high'):
            parse_played("Кп:low")
        with pytest.raises(InputError) as e:
            parse_card("Дж=7ч")
        assert e.value.code == "card.wild_mark_in_hand" and e.value.facts["plain"] == "Дж"

    def test_lists_and_melds(self):
        assert parse_cards("Тп 10ч Дж") == [Card(1, "S"), Card(10, "H"), JOKER]
        assert [[str(c) for c in m] for m in split_melds("Дп Кп Тп, 7ч 7б 7т")] == [
            ["QS", "KS", "AS"], ["7H", "7D", "7C"]]

    def test_a_rank_and_suit_typed_apart(self):
        with pytest.raises(InputError) as e:
            parse_cards("Т ч")
        assert e.value.code == "card.split" and e.value.facts["joined"] == "Тч"

    @pytest.mark.parametrize(
        "token, letter, fixed, card",
        [
            ("10\u0441", "\u0441", "10C", Card(10, "C")),   # Cyrillic с where Latin c is clubs
            ("\u0410S", "\u0410", "AS", Card(1, "S")),     # Cyrillic А for Latin A
            ("Q\u041d", "\u041d", "QH", Card(12, "H")),    # Cyrillic Н for Latin H
            ("1\u041eH", "\u041e", "10H", Card(10, "H")),  # Cyrillic О for the digit 0
            ("J\u041a", "\u041a", "JK", JOKER),            # Cyrillic К in the Latin joker
        ],
    )
    def test_a_cyrillic_lookalike_is_never_read_as_the_card_it_resembles(self, token, letter, fixed, card):
        with pytest.raises(InputError) as e:
            parse_card(token)
        assert e.value.code == "card.lookalike.cyrillic"
        assert e.value.facts["letter"] == letter and e.value.facts["fixed"] == fixed
        assert e.value.facts["cards"] == (card,)
        assert e.value.message.startswith(f'"{token}" is not a card: "{letter}" is a Cyrillic letter')

    @pytest.mark.parametrize(
        "token, fixed, card",
        [
            ("BS", "\u0412S", Card(11, "S")),   # Latin B for Cyrillic В (jack)
            ("KT", "K\u0422", Card(13, "C")),   # Latin T where only Cyrillic т is a suit
        ],
    )
    def test_a_latin_lookalike_is_never_read_either(self, token, fixed, card):
        with pytest.raises(InputError) as e:
            parse_card(token)
        assert e.value.code == "card.lookalike.latin" and e.value.facts["fixed"] == fixed
        assert e.value.facts["cards"] == (card,)

    def test_the_lookalike_sentence(self):
        with pytest.raises(InputError) as e:
            parse_card("10\u0441")
        assert e.value.message == ('"10\u0441" is not a card: "\u0441" is a Cyrillic letter, not the "C" it '
                                   'looks like; for 10♣ write "10C".')

    @pytest.mark.parametrize("token", ["TT", "\u0422T"])
    def test_no_guess_when_the_letters_could_mean_two_cards(self, token):
        # TT: Latin T then Cyrillic Т would be 10♣, Cyrillic Т twice A♣: no guess is offered
        with pytest.raises(InputError) as e:
            parse_card(token)
        assert e.value.code == "card.not_a_card"

    def test_the_expectation_names_the_cyrillic_letters(self):
        with pytest.raises(InputError) as e:
            parse_card("Жп")
        assert "Cyrillic letters work too: Т К Д В (A K Q J), п ч б т (S H D C), Дж (joker)" in e.value.message
        assert e.value.message.count(".") == 1 and e.value.message.endswith(".")


def test_no_template_is_also_the_singular_of_a_plural():
    """A catalog holds one message per id: a template that is also the singular of a
    ``{n:#one|many}`` pair would lose its own translation."""
    import re

    from scorekeeper.core.messages import TEMPLATES
    from scorekeeper.core.messages.cards import TEMPLATES as CARD_TEMPLATES

    plural = re.compile(r"\{[^{}:!]+(?:![a-z])?:#([^{}|]+)\|([^{}]+)\}")
    singulars = {one for t in TEMPLATES.values() for one, _many in plural.findall(t)}
    assert not {code: t for code, t in CARD_TEMPLATES.items() if t in singulars}


def test_a_player_showing_more_cards_than_the_game_has_is_refused_before_the_rest_is_read():
    from scorekeeper.core.entry import parse_entry

    keys = {"melds", "layoffs", "hand", "table"}
    # 52 cards in all (one deck): 3 melded + 49 in hand is every card, and is read
    deck = [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    entry = parse_entry({"players": {"Ann": {"melds": ["AS 2S 3S"], "hand": " ".join(deck[3:])},
                         "Bob": {"hand": ""}}}, ["Ann", "Bob"], keys, False, most_cards=52)
    assert len(entry.players["Ann"].hand) == 49
    # one card more, then a token that is no card: the count refuses the part at the 53rd card,
    # before the bad token is read (it would say "ZZ" is not a card)
    for ann in ({"hand": " ".join(deck + ["KS", "ZZ"])},
                {"melds": ["AS 2S 3S", "KS QS JS"] + ["ZZ"] * 5, "hand": " ".join(deck[6:])},
                {"melds": "AS 2S 3S, " + ", ".join(["KS QS JS"] * 20) + ", ZZ", "hand": ""},
                {"layoffs": deck + ["ZZ"], "hand": ""}):
        with pytest.raises(InputError) as e:
            parse_entry({"players": {"Ann": ann, "Bob": {"hand": ""}}}, ["Ann", "Bob"], keys, False, most_cards=52)
        assert e.value.code == "cards.more_than_game_of_player", ann
        assert e.value.facts["player"] == "Ann" and e.value.facts["most"] == 52


@pytest.mark.parametrize("left", [5, 3, 2, 0])
def test_a_string_of_cards_read_before_is_counted_as_the_first_reading_counts_it(left):
    """A string of plain cards is remembered once read (a replay meets the same melds hand after
    hand): read again under a count, it takes as many cards from the count, and is refused by a
    count too small for it, as a first reading is."""
    from scorekeeper.core import cards as cards_module
    from scorekeeper.core.cards import CardCount, parse_cards, parse_played_cards

    def outcome(read):
        count = CardCount(left, "Ann")
        try:
            got = read("7H 8H 9H", count=count)
        except InputError as e:
            return e.code, e.facts.get("player"), count.left
        return [str(c) for c in got], count.left

    for read in (parse_cards, parse_played_cards):
        cards_module._PLAIN.clear()
        first = outcome(read)
        assert "7H 8H 9H" in cards_module._PLAIN or left < 3
        cards_module._PLAIN["7H 8H 9H"] = tuple(parse_cards("7H 8H 9H"))  # remembered, whatever the count said
        again = outcome(read)
        assert again == first
        assert (first[-1] == left - 3) if left >= 3 else first[0] == "cards.more_than_game_of_player"
