"""Cards and their notation (SPEC §3).

A card is rank then suit: ``AS``, ``10H``, ``QD``, ``7c``, ``A♠``, ``10♥``,
``TH``. A joker is ``JK`` (also ``*`` or ``JOKER``). Parsing is lenient (any
case, ``T`` for 10, suit symbols); :func:`format_card` is canonical ASCII.

The Cyrillic letters of the rule books are read in every language (SPEC §7):
ranks ``Т`` ace, ``К`` king, ``Д`` queen, ``В`` jack; suits ``п`` ♠, ``ч`` ♥,
``б`` ♦, ``т`` ♣; ``Дж`` the joker; any case, and mixed with the Latin letters
within one card. The rank comes first, so ``тт`` is the ace of clubs. Cyrillic
``Т`` (U+0422) is the ace and Latin ``T`` (U+0054) the ten, however alike they
look: ``ТH`` is the ace of hearts, ``TH`` the ten. A letter that only looks like
one of the notation's (Cyrillic ``С`` for Latin ``C``, Latin ``B`` for Cyrillic
``В``) is never read as the card it resembles: the error says which card the
token would be with the right letter (``card.lookalike.*``).

Inside melds and lay-offs a card may carry more:

* ``JK=7H`` / ``5C=QH`` — the wild card or joker stands for the card after ``=``;
* ``AS:low`` / ``AS:high`` — where a laid-off ace attaches (SPEC I-5): ``low``
  at the low end of a run (A-2-3, scores 1), ``high`` anywhere else (above a
  king, or on a set of aces, scores 15).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any, Iterable

from scorekeeper.core.errors import InputError
from scorekeeper.core.messages import QUOTE_LIMIT, quoted  # noqa: F401  (cards and entries quote what was typed)
from scorekeeper.core.phrase import Phrase, phrase

#: The ranks as the notation writes them, by rank number: ``RANKS[rank - 1]`` (ace 1 … king 13).
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: The Cyrillic rank letters (SPEC §7), upper case: туз, король/кароль, дама, валет.
CYRILLIC_RANKS = {"\u0422": 1, "\u041a": 13, "\u0414": 12, "\u0412": 11}  # Т К Д В
#: The Cyrillic suit letters, upper case: піки/пики, чирви/черви, бубни/бубны, трефи/трефы.
CYRILLIC_SUITS = {"\u041f": "S", "\u0427": "H", "\u0411": "D", "\u0422": "C"}  # П Ч Б Т

_SUIT_IN = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "\u2764": "H",  # ❤ heavy heart, which some keyboards produce
} | CYRILLIC_SUITS
# Latin T (U+0054) is ten; Cyrillic Т (U+0422) is the ace: two different keys.
_RANK_IN = {r: i for i, r in enumerate(RANKS, 1)} | {"T": 10} | CYRILLIC_RANKS
_JOKERS = {"JK", "*", "JOKER", "\u0414\u0416", "\u0414\u0416\u041e\u041a\u0415\u0420"}  # ДЖ, ДЖОКЕР

#: Letters that look like a letter of the notation in the other alphabet, and are not
#: one themselves where they stand: Cyrillic А С Н Ѕ Ј for Latin A C H S J, Cyrillic
#: З О for the digits 3 0, Latin B for Cyrillic В, and each of K/К and T/Т for the other.
_LOOKALIKES = {
    "\u0410": "A", "\u0421": "C", "\u041d": "H", "\u0405": "S", "\u0408": "J",  # А С Н Ѕ Ј
    "\u0417": "3", "\u041e": "0",  # З О
    "B": "\u0412", "K": "\u041a", "\u041a": "K", "T": "\u0422", "\u0422": "T",  # B→В K↔К T↔Т
}


@dataclass(frozen=True, order=True)
class Card:
    """A physical card. ``rank`` 1 (ace) … 13 (king), 0 for a joker;
    ``suit`` one of ``S H D C``, ``""`` for a joker. Frozen and comparable: ``Card(1, "S")``
    is the ace of spades wherever it comes from; ``str(card)`` is its canonical text
    (``AS``, ``10H``, ``JK``). What a card counts is the variant's
    :class:`~scorekeeper.core.rulebook.facts.CardValues`, not the card's."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        """Whether it is a joker (rank 0)."""
        return self.rank == 0

    def __str__(self) -> str:
        return format_card(self)


JOKER = Card(0, "")


@dataclass(frozen=True, init=False)
class PlayedCard:
    """A card as written in a meld or a lay-off.

    ``stands_for`` is the card a wild card or joker was declared to stand for
    (``JK=7H``), else None. ``ace`` is ``"low"``/``"high"`` where a laid-off
    ace's attachment was given (``AS:low``), else None.
    """

    card: Card
    stands_for: Card | None = None
    ace: str | None = None

    def __init__(self, card: Card, stands_for: Card | None = None, ace: str | None = None) -> None:
        # the fields set at once (see scorekeeper.core.melds.Slot): every card of a meld or lay-off is one
        self.__dict__.update(card=card, stands_for=stands_for, ace=ace)

    def __str__(self) -> str:
        text = format_card(self.card)
        if self.stands_for is not None:
            text += "=" + format_card(self.stands_for)
        if self.ace:
            text += ":" + self.ace
        return text


def rank_name(rank: int) -> Phrase:
    """The rank in words, as data: ``1`` → "ace", ``7`` → "7", ``12`` → "queen"
    (``str()`` says it in the chosen language). Raises ``ValueError`` for a rank outside 1-13."""
    if rank in (1, 11, 12, 13):
        return phrase(f"rank.name.{rank}")
    if 2 <= rank <= 10:
        return phrase("rank.name.number", rank=rank)
    raise ValueError(f"no rank {rank}")


def rank_plural(rank: int) -> Phrase:
    """The rank's cards in words, as data: ``1`` → "aces", ``7`` → "sevens" (how the
    table says a wild rank; ``str()`` in the chosen language). Raises ``ValueError`` for a rank
    outside 1-13."""
    if not 1 <= rank <= 13:
        raise ValueError(f"no rank {rank}")
    return phrase(f"rank.plural.{rank}")


def suit_name(suit: str) -> Phrase:
    """The suit in words, as data: ``"S"`` → "spades" (``str()`` in the chosen language)."""
    if suit not in SUITS:
        raise ValueError(f"no suit {suit!r}")
    return phrase(f"suit.{suit}")


def _spelled() -> dict[str, Card]:
    """Every upper-case token that is a card, and the card: each rank spelling (``10``, ``T``,
    Cyrillic ``Т``…) before each suit spelling (``H``, ``♥``, ``Ч``…), and the jokers."""
    cards = {rank + suit: Card(r, s) for rank, r in _RANK_IN.items() for suit, s in _SUIT_IN.items()}
    return cards | dict.fromkeys(_JOKERS, JOKER)


#: the cards by upper-case token (a few hundred spellings): reading a card is one look-up
_CARDS = _spelled()


def _read(upper: str) -> Card | None:
    """The card an upper-case token is, or None."""
    return _CARDS.get(upper)


def _respelled(upper: str) -> tuple[int, str, Card] | None:
    """A token that would be one card if its lookalike letters were the letters they
    look like: ``(where the first letter to change is, the token respelled, the card)``. None
    when no respelling reads, or when respellings read as different cards (``TT``:
    ``TТ`` is 10♣ and ``ТТ`` A♣), so a guess is never offered."""
    places = [i for i, ch in enumerate(upper) if ch in _LOOKALIKES]
    if not places or len(upper) > 8:
        return None
    found: dict[Card, tuple[int, str]] = {}
    for mask in range(1, 2 ** len(places)):
        chars = list(upper)
        changed = [i for bit, i in enumerate(places) if mask >> bit & 1]
        for i in changed:
            chars[i] = _LOOKALIKES[chars[i]]
        card = _read("".join(chars))
        if card is not None:
            found.setdefault(card, (changed[0], "".join(chars)))
    if len(found) != 1:
        return None
    (card, (where, text)), = found.items()
    return where, text, card


def _is_cyrillic(letter: str) -> bool:
    return "\u0400" <= letter <= "\u04ff"


#: the variation selectors a copied suit symbol may carry (``♣︎`` text style, ``♣️`` emoji style)
_VARIATION_SELECTORS = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))


def _plain(token: str) -> str:
    """``token`` without variation selectors: ``Q♣︎`` copied from a web page or a phone is ``Q♣``."""
    return token.translate(_VARIATION_SELECTORS)


def parse_card(token: str) -> Card:
    """Read one card: ``"10h"`` → ``Card(10, "H")``, ``"JK"`` → :data:`JOKER`; the
    Cyrillic letters too: ``"Дп"`` → ``Card(12, "S")``, ``"тт"`` → ``Card(1, "C")``.

    Raises :class:`InputError` quoting the token and saying what was expected.
    """
    card = _CARDS.get(token)  # typed as the notation writes it (``10H``): nothing to clean up
    if card is not None:
        return card
    text = _plain(token).strip()
    upper = text.upper()
    card = _read(upper)
    if card is not None:
        return card
    for mark, code in (("=", "card.wild_mark_in_hand"), (":", "card.ace_mark_in_hand")):
        plain = text.partition(mark)[0]
        if mark in text and plain:
            raise InputError(code, token=token, plain=plain)
    respelled = _respelled(upper)
    if respelled is not None:
        where, fixed, card = respelled
        letter = text[where] if len(text) == len(upper) else upper[where]  # as typed, in its case
        alphabet = "cyrillic" if _is_cyrillic(letter) else "latin"
        raise InputError(f"card.lookalike.{alphabet}", token=token, letter=letter,
                         looks_like=_LOOKALIKES[upper[where]], fixed=fixed, cards=(card,))
    near = near_cards(text)
    if near:
        raise InputError("card.not_a_card_near", token=token, near=near)
    raise InputError("card.not_a_card", token=token)


def _spellings() -> tuple[dict[str, str], dict[str, str]]:
    """Every card as typed in the Latin and in the Cyrillic notation: ``{key: as shown}``,
    the key upper case with suit letters (``"10H"``, ``"ДП"``), shown as the notation
    writes it (``"10H"``, ``"Дп"``: the rule books' rank letter, a small suit letter)."""
    latin = {r + s: r + s for r in RANKS for s in SUITS} | {"JK": "JK"}
    ranks = ["\u0422", *RANKS[1:10], "\u0412", "\u0414", "\u041a"]  # Т 2 … 10 В Д К
    cyrillic = {r + s: r + s.lower() for r in ranks for s in CYRILLIC_SUITS} | {"\u0414\u0416": "\u0414\u0436"}
    return latin, cyrillic


_LATIN_SPELLINGS, _CYRILLIC_SPELLINGS = _spellings()
#: the suit symbols read (♠ ♤ ♥ ♡ ❤ …) and their suit letters
_SYMBOL_SUITS = {symbol: suit for symbol, suit in _SUIT_IN.items() if not symbol.isascii() and not _is_cyrillic(symbol)}


def _nearest(upper: str, spellings: dict[str, str]) -> list[str]:
    """:func:`~scorekeeper.core.near.nearest` among ``spellings``; a joker as near as real
    cards is left out (``Дх``: the four queens, not the joker ``Дж``)."""
    from scorekeeper.core.near import nearest

    found = nearest(upper, list(spellings), most=5)
    if len(found) > 1:
        found = [k for k in found if _read(k) != JOKER]
    return found if len(found) <= 4 else []


def near_cards(text: str) -> list[str]:
    """The cards ``text`` (no card) most likely meant, written in the notation it was typed
    in: ``"1OH"`` → ``["10H"]``, ``"QX"`` → the four queens, ``"Дх"`` → ``["Дп", "Дч", "Дб",
    "Дт"]``, ``"1O♥"`` → ``["10♥"]``; none when nothing is near or too many are
    (:func:`scorekeeper.core.near.nearest`)."""
    upper = text.strip().upper()
    if not upper or len(upper) > 6:
        return []
    if any(_is_cyrillic(c) for c in upper):
        spellings = _CYRILLIC_SPELLINGS
        return [spellings[k] for k in _nearest(upper, spellings)]
    symbol = next((c for c in upper if c in _SYMBOL_SUITS), None)
    plain = "".join(_SYMBOL_SUITS.get(c, c) for c in upper)
    found = _nearest(plain, _LATIN_SPELLINGS)
    if symbol is None:
        return found
    return [k if k == "JK" else k[:-1] + SUIT_SYMBOLS[k[-1]] for k in found]


def format_card(card: Card) -> str:
    """Canonical ASCII: ``10H``, ``AS``, ``JK`` (SPEC §3, JSON output)."""
    if card.is_joker:
        return "JK"
    return RANKS[card.rank - 1] + card.suit


def card_symbol(card: Card) -> str:
    """``10♥``, ``A♠``, ``JK``: the ASCII ranks with suit symbols, in every language.

    Cards for people are :func:`scorekeeper.core.messages.card_text` (``Т♠`` in
    uk/ru/be), or card objects among a message's facts."""
    if card.is_joker:
        return "JK"
    return RANKS[card.rank - 1] + SUIT_SYMBOLS[card.suit]


_ACE_WORDS = {"LOW": "low", "LO": "low", "HIGH": "high", "HI": "high"}


def _local_ace(where: str) -> str | None:
    """``low``/``high`` said in a language of the table (молодший, старший …), else None."""
    from scorekeeper.core.words import meaning

    said = meaning(where)
    return said if said in ("low", "high") else None


def parse_played(token: str) -> PlayedCard:
    """Read a card of a meld or lay-off, with ``=MEANING`` and/or ``:low``/``:high``.

    Raises :class:`InputError` naming the token.
    """
    card = _CARDS.get(token)  # a plain card as the notation writes it (``7H``): nothing more to read
    if card is not None:
        return PlayedCard(card)
    text, ace = _plain(token), None
    if ":" in text:
        text, _, where = text.partition(":")
        ace = _ACE_WORDS.get(where.strip().upper()) or _local_ace(where)
        if ace is None:
            raise InputError("card.ace_word", token=token)
    stands_for = None
    if "=" in text:
        text, _, meaning = text.partition("=")
        stands_for = parse_card(meaning)
        if stands_for.is_joker:
            raise InputError("card.stands_for_joker", token=token)
    card = parse_card(text)
    if ace and card.rank != 1:
        raise InputError("card.ace_mark_not_ace", token=token, cards=(card,))
    return PlayedCard(card, stands_for, ace)


_SPLIT = re.compile(r"\s+")

#: What a card list is, for messages: ``part`` (and the player whose it is, if any).
PARTS = ("list", "cards", "hand", "melds", "layoffs")
def _part(what: str, player: str | None) -> tuple[str, str | None]:
    """``(part, player)`` for a card list: ``what`` is one of :data:`PARTS` (anything else is
    the plain "list"); whose it is comes as ``player``, never inside a phrase."""
    return (what if what in PARTS else "list"), player


def _list_error(code: str, what: str, player: str | None, **facts: Any) -> InputError:
    """An error about a whole card list: the code names the part (``cards.comma.hand``
    or ``cards.comma.hand_of_player``), and the facts say whose it is."""
    part, player = _part(what, player)
    suffix = part + ("_of_player" if player is not None else "")
    if player is not None:
        facts["player"] = player
    return InputError(f"{code}.{suffix}", part=part, **facts)


def _bare_rank(token: str) -> bool:
    return token.upper() in _RANK_IN


def _lone_suit(token: str) -> bool:
    return _plain(token).upper() in _SUIT_IN


def split_card(token: str, following: str | None) -> InputError | None:
    """The error for a card typed with a space between rank and suit (``10 H``), when
    ``token`` is a bare rank and ``following`` a lone suit; else None."""
    if following is not None and _bare_rank(token) and _lone_suit(following):
        return InputError("card.split", token=f"{token} {following}", joined=token + following)
    return None


class CardCount:
    """How many more cards a player's part of a hand may show: ``most`` in all (every card of
    the game's decks, jokers included). The readers below count each card as they come to it,
    so a part holding more is refused before the rest of it is read (a hand file of a megabyte
    of cards costs no more memory than a hand).

    :meth:`take` raises :class:`InputError` ``cards.more_than_game`` (``player``, ``most``)."""

    def __init__(self, most: int, player: str | None = None) -> None:
        self.most, self.left, self.player = most, most, player

    def take(self, count: int) -> None:
        """Count ``count`` more cards; raises when they are more than the game has."""
        self.left -= count
        if self.left < 0:
            if self.player is None:
                raise InputError("cards.more_than_game", most=self.most)
            raise InputError("cards.more_than_game_of_player", player=self.player, most=self.most)


def split_tokens(text: str, what: str = "list", *, player: str | None = None,
                 count: CardCount | None = None) -> list[str]:
    """Split a space-separated card list; a comma is refused (it separates melds). With
    ``count``, the tokens are counted as cards (:class:`CardCount`): no more than it allows
    are split off."""
    if "," in text or ";" in text:
        raise _list_error("cards.comma", what, player, text=text)
    if count is None:
        return text.split()  # at every run of white space, as ``\s+`` splits the stripped text
    tokens = text.split(None, max(count.left, 0))  # the rest, past the count, left in one piece
    count.take(len(tokens))
    return tokens


def _read_all(tokens: list[str], read: Any, what: str, player: str | None) -> list:
    """Read each token; an error says whose cards they are (``player``), and a rank
    and suit typed apart (``10 H``) are told to be written together. Every card that cannot
    be read is said at once, each with its place in the list (``loc``: its 0-based index)."""
    try:
        return [read(tok) for tok in tokens]
    except InputError:
        pass  # read them again one by one, to say which
    from scorekeeper.core.errors import Collect

    mistakes = Collect()
    skip = False
    for i, tok in enumerate(tokens):
        if skip:  # the suit of a rank typed apart (10 H): said with the rank
            skip = False
            continue
        with mistakes.at(i):
            try:
                read(tok)
            except InputError as e:
                split = split_card(tok, tokens[i + 1] if i + 1 < len(tokens) else None)
                skip = split is not None
                error = split or e
                raise (error.with_facts(player=player) if player is not None else error) from None
    mistakes.raise_any()
    raise AssertionError("a token refused once is refused again")  # pragma: no cover


def parse_cards(value: str | Iterable[str], what: str = "list", *, player: str | None = None,
                count: CardCount | None = None) -> list[Card]:
    """Read a card list given as one string (``"AS 4D"``) or a list of tokens.

    ``what`` says which list it is (one of :data:`PARTS`: ``"hand"``, ``"melds"``…) and
    ``player`` whose; both go into the facts of an error. ``count`` (:class:`CardCount`)
    bounds how many cards may be read. Raises :class:`InputError`.
    """
    plain = _plain_cards(value, count)
    if plain is not None:
        return plain
    part, player = _part(what, player)
    return _read_all(_tokens(value, part, player, count), parse_card, part, player)


def parse_played_cards(value: str | Iterable[str], what: str = "list", *,
                       player: str | None = None, count: CardCount | None = None) -> list[PlayedCard]:
    """Like :func:`parse_cards` for meld and lay-off cards (``=`` and ``:low`` allowed)."""
    played = plain_played_cards(value, count)
    if played is not None:
        return played
    part, player = _part(what, player)
    return _read_all(_tokens(value, part, player, count), parse_played, part, player)


def plain_played_cards(value: Any, count: CardCount | None = None) -> list[PlayedCard] | None:
    """:func:`parse_played_cards` of ``value`` where it is one string of cards each written as the
    notation writes them (what a stored hand holds), counted as it counts them; None for anything
    else (which :func:`parse_played_cards` reads the full way), the count then left as it was."""
    plain = _plain_cards(value, count)
    if plain is None:
        return None
    played = []
    for card in plain:  # each as PlayedCard(card) makes it, its fields set at once
        pc = _new(PlayedCard)
        fields = pc.__dict__
        fields.update(_PLAIN_PLAYED)
        fields["card"] = card
        played.append(pc)
    return played


_new = object.__new__
#: the fields of a plain card of a meld (no meaning declared, no ace mark), in their order
_PLAIN_PLAYED = {"card": None, "stands_for": None, "ace": None}


def _plain_cards(value: Any, count: CardCount | None) -> list[Card] | None:
    """The cards of ``value`` where it is one string of cards each written as the notation writes
    it (``"7H 8H 9H"``: each token one look-up, what a stored hand holds), counted as
    :func:`split_tokens` counts them; None for anything else (a list, a comma, a token to read
    further, more cards than ``count`` allows), which the full reading reads, and refuses where it
    must: the count is then left as it was. A short string read once is remembered
    (:data:`_PLAIN`): a replay or an import meets the same melds hand after hand."""
    if type(value) is not str:
        return None
    cards = _PLAIN.get(value)
    if cards is None:
        if "," in value or ";" in value:
            return None
        if count is None:
            tokens = value.split()
        else:  # split as split_tokens splits, no further than the count allows
            tokens = value.split(None, max(count.left, 0))
            if len(tokens) > count.left:
                return None
        get = _CARDS.get
        read = []
        for token in tokens:
            card = get(token)
            if card is None:
                return None
            read.append(card)
        cards = tuple(read)
        if len(value) <= _PLAIN_LONGEST:
            if len(_PLAIN) >= _PLAIN_MOST:
                _PLAIN.clear()
            _PLAIN[value] = cards
    if count is not None:
        if len(cards) > count.left:
            return None
        count.left -= len(cards)
    return list(cards)


#: the strings of plain cards read so far (:func:`_plain_cards`), each with its cards: forgotten all
#: at once past :data:`_PLAIN_MOST`; only strings of at most :data:`_PLAIN_LONGEST` characters
_PLAIN: dict[str, tuple[Card, ...]] = {}
_PLAIN_MOST = 8192
_PLAIN_LONGEST = 64


#: How many characters of a wrong value a message quotes back.


def _tokens(value: str | Iterable[str], what: str, player: str | None = None,
            count: CardCount | None = None) -> list[str]:
    if isinstance(value, str):
        return split_tokens(value, what, player=player, count=count)
    if not isinstance(value, (list, tuple)):
        raise _list_error("cards.not_text", what, player, value=value)
    tokens: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise _list_error("cards.item_not_text", what, player, value=item)
        tokens.extend(split_tokens(item, what, player=player, count=count))
    return tokens


def _one_card_melds(melds: list[list[Any]]) -> bool:
    """Melds of one card each, at least two of them: cards separated by commas
    (``7H,8H,9H``) rather than by spaces."""
    return len(melds) >= 2 and sum(len(m) == 1 for m in melds) >= 2


def commas_between_cards(melds: list[list[str]], player: str | None = None,
                         typed: str | None = None) -> InputError | None:
    """The error for cards of one meld separated by commas (``7H,8H,9H``): ``melds``
    are the melds as read (lists of card tokens), ``typed`` the text as typed. None
    when they look like melds. The suggestion (``spaced``) joins each run of one-card
    melds into one meld and keeps the others."""
    melds = [m for m in melds if m]
    if not _one_card_melds(melds):
        return None
    joined: list[list[str]] = []
    after_one = False  # the last meld had one card: a next one-card meld joins it
    for m in melds:
        if len(m) == 1 and after_one:
            joined[-1].append(m[0])
        else:
            joined.append(list(m))
        after_one = len(m) == 1
    facts: dict[str, Any] = {"text": typed.strip() if typed is not None else ",".join(" ".join(m) for m in melds),
                             "spaced": ", ".join(" ".join(m) for m in joined)}
    if player is not None:
        facts["player"] = player
    return InputError("melds.commas_between_cards", **facts)


#: a card's text in a string of melds: what lies between spaces, commas and semicolons
_MELD_CARD = re.compile(r"[^\s,;]+")


def split_melds(value: str | Iterable[str | list], what: str = "melds", *,
                player: str | None = None, count: CardCount | None = None) -> list[list[PlayedCard]]:
    """Read melds: one string with melds separated by ``,``/``;``, or a list of melds
    (each a string or a list of card tokens). Empty melds are skipped. Cards of one
    meld separated by commas (``7H,8H,9H``) are refused, saying so. ``count``
    (:class:`CardCount`) bounds how many cards may be read: a string is counted before it is
    split, a list meld by meld."""
    part, player = _part(what, player)
    if isinstance(value, str) and count is not None:
        left = count.left
        cards = sum(1 for _ in itertools.islice(_MELD_CARD.finditer(value), max(left, 0) + 1))
        count.take(cards)
        count = None  # counted: what follows reads no more than that
    if isinstance(value, str):
        parts: list = re.split(r"[,;]", value)
        typo = commas_between_cards([_SPLIT.split(p.strip()) if p.strip() else [] for p in parts], player, value)
        if typo is not None:
            raise typo
    elif isinstance(value, (list, tuple)):
        parts = list(value)
    else:
        raise _list_error("melds.not_text", part, player, value=value)
    left = count.left if count is not None else 0
    try:  # read straight through (no place kept for a mistake while none is met: the usual melds have none)
        return [cards for item in parts for cards in _melds_of(item, part, player, count)]
    except InputError:
        if count is not None:
            count.left = left  # counted again as they are read again
    # every meld that cannot be read, each with its place: read again, gathering them
    from scorekeeper.core.errors import Collect

    mistakes = Collect()
    for place, item in enumerate(parts):
        if not isinstance(item, (str, list, tuple)):  # said at once, never gathered
            raise _list_error("melds.item_not_meld", part, player, value=item)
        with mistakes.at(place):
            _melds_of(item, part, player, count)
    mistakes.raise_any()
    raise AssertionError("a meld refused once is refused again")  # pragma: no cover


def _melds_of(item: Any, part: str, player: str | None, count: CardCount | None) -> list[list[PlayedCard]]:
    """The melds one item of a list of melds holds: its cards (none when it is empty), or the
    melds it separates itself with ``,``/``;``."""
    if isinstance(item, str) and ("," in item or ";" in item):
        return split_melds(item, part, player=player, count=count)
    if not isinstance(item, (str, list, tuple)):
        raise _list_error("melds.item_not_meld", part, player, value=item)
    cards = parse_played_cards(item, part, player=player, count=count)
    return [cards] if cards else []
