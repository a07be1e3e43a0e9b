"""Canasta's cards and melds (SPEC §2.10): what each card counts, which are wild, and what makes
a meld — three or more cards of one rank (4 to ace), at least two natural, at most three wild; a
canasta at seven cards, natural (no wild card) or mixed; black threes only as the going-out meld
of three or four black 3s without wild cards; red threes never.

:func:`judge` reads one meld into a :class:`~scorekeeper.api.MeldReading` (kind ``"set"``, the
phrase saying what it is: "a natural canasta of sevens, 7 cards") or raises
:class:`~scorekeeper.api.IllegalMeld` whose cause (a :class:`~scorekeeper.api.MeldFault`) says the
rule broken.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.api import (Card, IllegalMeld, MeldFault, MeldReading, Melds, PlayedCard, Phrase, Slot, phrase,
                             rank_plural)

#: the cards of a meld that make it a canasta
CANASTA = 7
#: the most wild cards a meld may hold
MOST_WILDS = 3
#: the fewest natural cards a meld holds
FEWEST_NATURALS = 2
#: what a red three laid out counts (each), and all four together
RED_THREE, ALL_RED_THREES = 100, 800
#: a canasta's bonus: natural, mixed
NATURAL_BONUS, MIXED_BONUS = 500, 300


def value(card: Card) -> int:
    """A card's points, in a meld or left in hand: joker 50; 2 and ace 20; K Q J 10 9 8 10;
    7 6 5 4 5; a black 3 5 (a red three is never melded nor held: it is laid out, 100)."""
    if card.is_joker:
        return 50
    if card.rank in (1, 2):
        return 20
    if card.rank >= 8:
        return 10
    return 5


def is_wild(card: Card) -> bool:
    """Jokers and 2s are wild."""
    return card.is_joker or card.rank == 2


def is_red_three(card: Card) -> bool:
    return card.rank == 3 and card.suit in ("H", "D")


def is_black_three(card: Card) -> bool:
    return card.rank == 3 and card.suit in ("S", "C")


@dataclass(frozen=True)
class Meld:
    """A meld read: its cards as written, its ``rank`` (1 = ace … 13; 3 for black threes), how many
    cards are wild, and what it is."""

    cards: tuple[PlayedCard, ...]
    rank: int
    wilds: int

    @property
    def canasta(self) -> str | None:
        """``"natural"`` or ``"mixed"`` for a canasta (seven cards or more), else None."""
        if len(self.cards) < CANASTA:
            return None
        return "mixed" if self.wilds else "natural"

    @property
    def black_threes(self) -> bool:
        return self.rank == 3

    @property
    def points(self) -> int:
        """The points of its cards (no bonus)."""
        return sum(value(pc.card) for pc in self.cards)


def _fault(cards: Sequence[PlayedCard], code: str, **facts: Any) -> IllegalMeld:
    return IllegalMeld("meld.illegal" if cards else "meld.illegal_empty", cards=tuple(cards),
                       cause=MeldFault(code, **facts))


def read(cards: Sequence[PlayedCard]) -> Meld:
    """``cards`` as a Canasta meld, black threes judged as the going-out meld. Raises
    :class:`~scorekeeper.api.IllegalMeld` with the rule broken (``canasta.meld.*``)."""
    cards = tuple(cards)
    for pc in cards:
        if is_red_three(pc.card):
            raise _fault(cards, "canasta.meld.red_three", card=pc.card)
        if pc.stands_for is not None and not is_wild(pc.card):
            raise _fault(cards, "canasta.meld.not_wild", card=pc.card)
    if len(cards) < 3:
        raise _fault(cards, "canasta.meld.too_few", count=len(cards))
    naturals = [pc.card for pc in cards if not is_wild(pc.card)]
    wilds = len(cards) - len(naturals)
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) > 1:
        raise _fault(cards, "canasta.meld.ranks_differ", ranks=[rank_plural(r) for r in ranks])
    if any(is_black_three(c) for c in naturals):
        if wilds:
            raise _fault(cards, "canasta.meld.black_threes_wild")
        if len(cards) > 4:
            raise _fault(cards, "canasta.meld.black_threes_many", count=len(cards))
        return Meld(cards, 3, 0)
    if len(naturals) < FEWEST_NATURALS:
        raise _fault(cards, "canasta.meld.too_few_naturals", count=len(naturals))
    if wilds > MOST_WILDS:
        raise _fault(cards, "canasta.meld.too_many_wilds", count=wilds)
    rank = ranks[0]
    for pc in cards:
        if pc.stands_for is not None and pc.stands_for.rank != rank:
            raise _fault(cards, "canasta.meld.stands_for_other", card=pc.card, counts_as=pc.stands_for,
                         ranks=rank_plural(rank))
    return Meld(cards, rank, wilds)


def said(meld: Meld) -> Phrase:
    """What a meld is, in words as data: "a natural canasta of sevens, 7 cards", "a mixed canasta
    of queens, 8 cards, 2 wild", "a meld of kings, 4 cards, 1 wild", "black threes, 3 cards: the
    going-out meld"."""
    count = len(meld.cards)
    if meld.black_threes:
        return phrase("canasta.meld.is_black_threes", count=count)
    ranks = rank_plural(meld.rank)
    kind = meld.canasta or "meld"
    if meld.wilds:
        return phrase(f"canasta.meld.is_{kind}.wild", ranks=ranks, count=count, wilds=meld.wilds)
    return phrase(f"canasta.meld.is_{kind}", ranks=ranks, count=count)


def reading(meld: Meld) -> MeldReading:
    """A meld as the shared checks read one: a set of its rank, each wild card standing for the
    rank (or what it was said to stand for, ``JK=QS``)."""
    slots = tuple(Slot(pc, pc.stands_for if is_wild(pc.card) else pc.card, meld.rank, is_wild(pc.card))
                  for pc in meld.cards)
    return MeldReading("set", slots, said(meld))


class CanastaMelds(Melds):
    """Melds of one rank with the jokers and 2s wild (``check canasta``: a meld judged on its own,
    black threes as the going-out meld; its value is its cards' points without bonuses)."""

    def judge(self, cards: Sequence[PlayedCard], rules: Mapping[str, Any], round_: int = 0,
              wild: int | None = None) -> MeldReading:
        return reading(read(cards))

    def value(self, reading: MeldReading, rules: Mapping[str, Any]) -> int | None:
        return sum(value(s.played.card) for s in reading.slots)
