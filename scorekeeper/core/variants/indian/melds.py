"""Indian Rummy's melds and the declaration (SPEC §2.9 "Melds", "A valid declaration").

**Wild cards.** After the deal a card is cut and turned up: every card of its rank is wild that
deal (the "wild joker"); a printed joker cut makes the aces wild (I-N1). Printed jokers are
always wild.

**Melds.** A *sequence* is three or more cards of one suit in consecutive ranks (an ace low,
A-2-3, or high, Q-K-A, never both, never turning the corner: K-A-2 is no sequence). A *pure*
sequence holds no card standing for another: a wild-rank card in its own place keeps it pure
(7♥ in 5♥ 6♥ 7♥ when sevens are wild). A *set* is three or four cards of one rank, each of a
different suit (with two packs, 5♠ 5♠ 5♥ is no set); wilds may stand in. A meld may hold any
number of wilds, but a meld of wilds only — every card standing for another — is no meld: a
wild-rank card in its own place is natural, so 7♠ 7♥ 7♦ is a natural set when sevens are wild.

A meld is read the plainest way it allows (:func:`judge`): as natural cards alone (a pure
sequence, a natural set), else with the printed jokers standing in and the wild-rank cards as
themselves, else with every wild card free. Worked example, sevens wild: 7♥ 8♥ 9♥ is a pure
sequence (7♥ in its own place), though the shared reader, taking 7♥ as wild, would read it
8-9-10♥; 5♥ JK 7♥ is an impure sequence (the joker stands for 6♥); 7♠ 7♥ JK is a set of
sevens (the two sevens natural, the joker standing in); JK JK JK is no meld (wilds only). Where
the wild cards allow a sequence as well as a set (JK JK 7♣: 7-8-9♣ or three sevens), the meld is
read as the sequence, which is what a show needs.

**A valid declaration** (a "show"): all 13 cards in melds, at least two sequences, at least one
of them pure; the rest sets or sequences (:func:`declaration_fault`). Where the cards the
declarer shows do not make one as arranged, :func:`arrange` looks for an arrangement of the same
cards that does (the refusal says which).

**Points.** A card left out of melds counts: A K Q J 10 ten each, 2-9 face value, a wild card
or printed joker 0 (:func:`card_points`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Sequence

from scorekeeper.api import (Card, IllegalMeld, MeldFault, MeldReading, MeldRules, PlayedCard, phrase, rank_plural,
                             read_meld)

#: cards a player holds: 13, dealt; the declarer shows them all in melds
HAND_CARDS = 13


@dataclass(frozen=True)
class Wild:
    """Wild when a printed joker, or of ``rank`` (the deal's cut rank; None: jokers only).
    A named callable, so two meld rules of one deal compare equal (their readings are remembered)."""

    rank: int | None

    def __call__(self, card: Card) -> bool:
        return card.is_joker or card.rank == self.rank


#: nothing wild: a printed joker refused, every card itself
NATURAL = MeldRules(ace_high=True)
#: the printed jokers wild, the wild-rank cards themselves
JOKERS = MeldRules(wild=Wild(None), ace_high=True)


def wild_rules(rank: int | None) -> MeldRules:
    """The meld rules of a deal whose cut made ``rank`` wild (None: only the printed jokers)."""
    return MeldRules(wild=Wild(rank), ace_high=True)


def sequences_only(rules: MeldRules) -> MeldRules:
    """``rules`` reading sequences only: a "set" may hold two cards at most, so no three cards are
    one (the shared reader reads a set first; Indian Rummy prefers the sequence where the wild
    cards allow both: 5♥ JK JK is 5-6-7♥ as well as three fives, and sequences are what a show
    needs)."""
    return replace(rules, set_max=2)


def is_wild(card: Card, rank: int | None) -> bool:
    """Whether ``card`` is wild in a deal whose wild rank is ``rank``."""
    return card.is_joker or card.rank == rank


def card_points(card: Card, rank: int | None) -> int:
    """What ``card`` left out of melds counts: a wild card or printed joker 0, an ace and a
    court card or 10 ten, 2-9 face value."""
    if is_wild(card, rank):
        return 0
    if card.rank == 1 or card.rank >= 10:
        return 10
    return card.rank


@dataclass(frozen=True)
class IndianMeld:
    """A legal meld as Indian Rummy reads it: ``kind`` ``"pure"`` (a pure sequence), ``"impure"``
    (a sequence with a card standing for another) or ``"set"``; ``reading`` the shared reading
    (what each card stands for, in words)."""

    cards: tuple[PlayedCard, ...]
    reading: MeldReading
    kind: str

    @property
    def sequence(self) -> bool:
        return self.kind != "set"

    @property
    def pure(self) -> bool:
        return self.kind == "pure"

    @property
    def words(self):
        """What the meld is, in words as data: "a pure sequence: a run of hearts 5-6-7"."""
        return phrase(f"indian.meld.{self.kind}", reading=self.reading.phrase)


def _reading(cards: Sequence[PlayedCard], rules: MeldRules) -> MeldReading | IllegalMeld:
    try:
        return read_meld(cards, rules)
    except IllegalMeld as e:
        return e


def _fault(cards: Sequence[PlayedCard], code: str, **facts) -> IllegalMeld:
    return IllegalMeld("meld.illegal", cards=tuple(cards), cause=MeldFault(code, **facts))


def _all_standing_in(reading: MeldReading) -> bool:
    """Every card of the reading stands for another (a wild-rank card in its own place is natural)."""
    return all(s.wild and (s.counts_as is None or s.counts_as != s.played.card) for s in reading.slots)


def judge(cards: Sequence[PlayedCard], rank: int | None) -> IndianMeld:
    """Read ``cards`` as a meld of a deal whose wild rank is ``rank`` (the plainest reading: see the
    module's notes). Raises :class:`IllegalMeld` saying why it is none (a set with two cards of
    one suit, a meld of wilds only, a sequence turning the corner, …)."""
    cards = tuple(cards)
    jokers = any(pc.card.is_joker for pc in cards)
    declared = any(pc.stands_for is not None for pc in cards)
    wild_rank = any(pc.card.rank == rank and not pc.card.is_joker for pc in cards)
    tried: list[tuple[MeldRules, bool]] = []
    if not jokers and not declared:
        tried.append((NATURAL, True))
    if jokers and not any(pc.stands_for is not None and not pc.card.is_joker for pc in cards):
        tried.append((JOKERS, False))
    if wild_rank or jokers or declared:
        tried.append((wild_rules(rank), False))
    last: IllegalMeld | None = None
    for rules, natural in tried:
        found = _reading(cards, sequences_only(rules))  # a sequence where the cards allow one
        if isinstance(found, IllegalMeld) or found.kind != "run":
            found = _reading(cards, rules)
        if isinstance(found, IllegalMeld):
            last = found
            continue
        if not natural and _all_standing_in(found):
            raise _fault(cards, "indian.meld.wilds_only")
        kind = "set" if found.kind == "set" else "pure" if natural else "impure"
        return IndianMeld(cards, found, kind)
    assert last is not None
    if last.reason.code == "meld.set_twice":  # two packs: the same card twice is two cards of one suit
        raise _fault(cards, "indian.meld.set_suits", card=last.reason.facts.get("card")) from None
    raise last


def as_reading(meld: IndianMeld) -> MeldReading:
    """The meld's reading, its words saying the kind (what ``check`` shows)."""
    return MeldReading(meld.reading.kind, meld.reading.slots, meld.words)


# -- the declaration -------------------------------------------------------------------


def declaration_fault(melds: Sequence[IndianMeld]) -> tuple[str, dict] | None:
    """Why legal melds are no valid declaration, as ``(code, facts)``, or None: all 13 cards
    in melds, at least two sequences, at least one pure."""
    count = sum(len(m.cards) for m in melds)
    sequences = sum(1 for m in melds if m.sequence)
    pure = sum(1 for m in melds if m.pure)
    if count != HAND_CARDS:
        return "indian.declare.cards", {"count": count}
    if sequences < 2:
        return "indian.declare.sequences", {"sequences": sequences}
    if not pure:
        return "indian.declare.no_pure", {"sequences": sequences}
    return None


def has_life(melds: Sequence[IndianMeld]) -> bool:
    """Whether melds hold what a show needs: two sequences, one of them pure ("life")."""
    return sum(1 for m in melds if m.sequence) >= 2 and any(m.pure for m in melds)


def _could_be(cards: Sequence[Card], rank: int | None) -> bool:
    """A quick look: could ``cards`` be a set or a sequence at all (before reading them)?"""
    n = len(cards)
    for wilds_free in (True, False):  # the wild-rank cards wild, or each itself
        naturals = [c for c in cards if not (c.is_joker or (wilds_free and c.rank == rank))]
        if not naturals:
            continue
        ranks = {c.rank for c in naturals}
        suits = [c.suit for c in naturals]
        if n <= 4 and len(ranks) == 1 and len(set(suits)) == len(suits):
            return True
        if len(set(suits)) == 1 and len(ranks) == len(naturals):
            for placed in (ranks, {14 if r == 1 else r for r in ranks}):
                if max(placed) - min(placed) + 1 <= n and n <= 13:
                    return True
    return False


def arrange(cards: Sequence[Card], rank: int | None) -> list[IndianMeld] | None:
    """An arrangement of 13 ``cards`` into melds that is a valid declaration in a deal whose wild
    rank is ``rank`` (sequences first, the longest first), or None when there is none. An exact
    cover of the cards by legal melds with two sequences, one pure: every meld the cards could
    make is read once, then a search over them (at most 2¹³ groups of cards)."""
    cards = list(cards)
    if len(cards) != HAND_CARDS:
        return None
    played = [PlayedCard(c) for c in cards]
    candidates: list[tuple[int, IndianMeld]] = []
    read: dict[tuple, IndianMeld | None] = {}  # the same cards (two copies with two packs) are read once
    for size in range(3, len(cards) + 1):
        for chosen in combinations(range(len(cards)), size):
            group = [cards[i] for i in chosen]
            if not _could_be(group, rank):
                continue
            key = tuple(sorted((c.rank, c.suit) for c in group))
            if key not in read:
                try:
                    read[key] = judge([played[i] for i in chosen], rank)
                except IllegalMeld:
                    read[key] = None
            meld = read[key]
            if meld is not None:
                candidates.append((sum(1 << i for i in chosen), IndianMeld(tuple(played[i] for i in chosen),
                                                                           meld.reading, meld.kind)))
    order = {"pure": 0, "impure": 1, "set": 2}
    candidates.sort(key=lambda c: (order[c[1].kind], -len(c[1].cards)))
    full = (1 << len(cards)) - 1
    failed: set[tuple[int, int, bool]] = set()
    chosen_melds: list[IndianMeld] = []

    def search(covered: int, sequences: int, pure: bool) -> bool:
        if covered == full:
            return sequences >= 2 and pure
        state = (covered, min(sequences, 2), pure)
        if state in failed:
            return False
        first = next(i for i in range(len(cards)) if not covered >> i & 1)
        for mask, meld in candidates:
            if mask >> first & 1 and not mask & covered:
                chosen_melds.append(meld)
                if search(covered | mask, sequences + meld.sequence, pure or meld.pure):
                    return True
                chosen_melds.pop()
        failed.add(state)
        return False

    try:
        if search(0, 0, False):
            return list(chosen_melds)
        return None
    finally:
        search = None  # noqa: F841  (it calls itself through its closure: a cycle only the collector frees)


def wild_words(rank: int | None, cut_joker: bool = False):
    """The deal's wild cards in words, as data: "sevens and the printed jokers"; "aces (a
    printed joker was cut) and the printed jokers"."""
    if rank is None:
        return phrase("indian.wilds.jokers_only")
    return phrase("indian.wilds.joker_cut" if cut_joker else "indian.wilds.rank", ranks=rank_plural(rank))
