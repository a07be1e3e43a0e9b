"""Arranging a gin hand from its cards alone (SPEC §2.7, "just the cards").

Gin melds: **sets** of 3 or 4 cards of one rank and **runs** of 3 or more cards
of one suit in sequence, the ace always low (A-2-3 is a run, Q-K-A is not).
**Deadwood** is the points of the cards in no meld: ace 1, J Q K 10, 2–10 face
value. Melds themselves score nothing.

* The knocker's cards are arranged into the melds that leave the least deadwood;
  of several such arrangements, the one that leaves the defender the most
  deadwood (the defender lays off onto the knocker's melds, so the choice of
  melds matters to them: a 7♥ kept in 7♥ 7♦ 7♣ cannot take the defender's 8♥,
  the run 5-6-7♥ can).
* The defender's cards are arranged into their own melds plus **lay-offs** onto
  the knocker's melds, chains included (10♥ then J♥ on 7-8-9♥), leaving the
  least deadwood.

Both searches are exhaustive and exact: a hand is a 52-bit mask, the melds a
hand can hold come from a table of the 329 melds of one deck, and the search
walks the partitions of the hand (the lowest card left is either deadwood, in
one of its melds, or laid off on one of the knocker's melds) with the least
deadwood of every remaining set of cards remembered, so a hand of 10 or 11
cards has at most 2^11 states. Worked example (SPEC §4): 7♥ 8♥ 9♥ Q♠ Q♦ Q♣ 2♣
3♣ 4♣ 5♦ arranges as 7-8-9♥, Q♠ Q♦ Q♣, 2-3-4♣ with 5♦ left (5); against it
K♠ K♥ K♦ 10♥ J♥ 5♣ 9♠ 6♦ 3♠ A♥ melds K♠ K♥ K♦, lays off 10♥ and J♥ on 7-8-9♥ and
5♣ on 2-3-4♣, and keeps 9♠ 6♦ 3♠ A♥ (19).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Iterable, Sequence

from scorekeeper.core.cards import SUITS, Card, format_card

# --- cards as bits -----------------------------------------------------------------------
# Card (rank r, suit s) is bit 13 * suit_index + (r - 1): the 13 cards of a suit are
# adjacent bits, ace lowest, so a run is a block of adjacent bits inside one suit.

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
_VALUE: tuple[int, ...] = tuple(min(c.rank, 10) for c in _CARDS)


def card_value(card: Card) -> int:
    """A card's deadwood points (SPEC §2.7): ace 1, J Q K 10, 2–10 face value."""
    return min(card.rank, 10)


def deadwood_points(cards: Iterable[Card]) -> int:
    """The deadwood of ``cards``, in points."""
    return sum(card_value(c) for c in cards)


def _bit(card: Card) -> int:
    return 1 << (13 * _SUIT_INDEX[card.suit] + card.rank - 1)


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= _bit(c)
    return m


def _cards(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in bit order (suit S H D C, ace to king)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def _points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _VALUE[low.bit_length() - 1]
        mask ^= low
    return total


# --- melds -------------------------------------------------------------------------------

@dataclass(frozen=True)
class GinMeld:
    """A meld: ``kind`` ``"set"`` or ``"run"``, ``cards`` in canonical order
    (a run from its lowest rank up, a set in suit order ♠ ♥ ♦ ♣)."""

    kind: str
    cards: tuple[Card, ...]

    @property
    def text(self) -> list[str]:
        """The cards in canonical ASCII (``["7H", "8H", "9H"]``), as JSON shows them."""
        return [format_card(c) for c in self.cards]


def _order(kind: str, cards: Iterable[Card]) -> tuple[Card, ...]:
    if kind == "run":
        return tuple(sorted(cards, key=lambda c: c.rank))
    return tuple(sorted(cards, key=lambda c: _SUIT_INDEX[c.suit]))


def meld_of(cards: Sequence[Card]) -> GinMeld | None:
    """``cards`` as a gin meld (set of 3–4, run of 3+ with the ace low), or None."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return None
    ranks = {c.rank for c in cards}
    if len(ranks) == 1 and len(cards) <= 4:
        return GinMeld("set", _order("set", cards))
    suits = {c.suit for c in cards}
    if len(suits) == 1 and max(ranks) - min(ranks) + 1 == len(cards):
        return GinMeld("run", _order("run", cards))
    return None


def _all_melds() -> tuple[tuple[int, str], ...]:
    """Every meld one deck holds, as ``(mask, kind)``: 13 ranks × 5 sets, 4 suits × 66 runs."""
    out = []
    for rank in range(1, 14):
        bits = [1 << (13 * i + rank - 1) for i in range(4)]
        for n in (3, 4):
            for combo in combinations(bits, n):
                out.append((sum(combo), "set"))
    for i in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                out.append((((1 << (hi - lo + 1)) - 1) << (13 * i + lo), "run"))
    return tuple(out)


_MELDS = _all_melds()
_KIND = dict(_MELDS)


def _melds_by_low_card(hand: int) -> dict[int, list[int]]:
    """The melds inside ``hand``, grouped under each card they contain (bit → masks)."""
    by_card: dict[int, list[int]] = {}
    for m, _ in _MELDS:
        if m & hand == m:
            rest = m
            while rest:
                low = rest & -rest
                by_card.setdefault(low, []).append(m)
                rest ^= low
    return by_card


def _meld(mask: int) -> GinMeld:
    kind = _KIND[mask]
    return GinMeld(kind, _order(kind, _cards(mask)))


# --- the knocker's arrangement -----------------------------------------------------------

@dataclass(frozen=True)
class Arrangement:
    """A player's cards arranged: their own ``melds``, the cards they laid off
    (``layoffs``: pairs of a knocker's meld and the cards laid off on it, in lay-off
    order outward from the meld; the defender's only), and ``deadwood_cards``, the
    cards in no meld. ``deadwood`` is their points."""

    melds: tuple[GinMeld, ...]
    deadwood_cards: tuple[Card, ...]
    layoffs: tuple[tuple[GinMeld, tuple[Card, ...]], ...] = ()

    @property
    def deadwood(self) -> int:
        return deadwood_points(self.deadwood_cards)

    @property
    def laid_off(self) -> tuple[Card, ...]:
        """Every card laid off, in order."""
        return tuple(c for _, cards in self.layoffs for c in cards)

    def as_json(self) -> dict:
        """``{"melds": [["7H", "8H", "9H"], ...], "layoffs": ["10H", "JH"], "deadwood_cards": [...],
        "deadwood": 5}`` in canonical card text (SPEC §2.7 JSON)."""
        return {
            "melds": [m.text for m in self.melds],
            "layoffs": [format_card(c) for c in self.laid_off],
            "layoffs_onto": [{"meld": m.text, "cards": [format_card(c) for c in cards]}
                             for m, cards in self.layoffs],
            "deadwood_cards": [format_card(c) for c in self.deadwood_cards],
            "deadwood": self.deadwood,
        }


def _sorted_melds(masks: Iterable[int]) -> tuple[GinMeld, ...]:
    melds = [_meld(m) for m in masks]
    return tuple(sorted(melds, key=lambda m: (m.cards[0].rank, _SUIT_INDEX[m.cards[0].suit], m.kind)))


def _arrangement(hand: int, masks: Sequence[int]) -> Arrangement:
    used = 0
    for m in masks:
        used |= m
    return Arrangement(_sorted_melds(masks), _cards(hand & ~used))


def _as_shown(arrangement: Arrangement, cards: Sequence[Card]) -> Arrangement:
    """``arrangement`` with its deadwood cards in the order the player gave them."""
    place = {c: i for i, c in enumerate(cards)}
    dead = tuple(sorted(arrangement.deadwood_cards, key=place.__getitem__))
    return Arrangement(arrangement.melds, dead, arrangement.layoffs)


def _least_deadwood(by_card: dict[int, Sequence[int]]) -> Callable[[int], int]:
    """The memoised search both layouts use: for a set of cards (a bit mask), the least
    deadwood it can be left with, in points, melding only the melds of ``by_card`` (each
    meld's mask under its lowest card's bit)."""
    best: dict[int, int] = {0: 0}

    def least(rem: int) -> int:
        got = best.get(rem)
        if got is not None:
            return got
        low = rem & -rem
        value = _VALUE[low.bit_length() - 1] + least(rem ^ low)
        for m in by_card.get(low, ()):
            if m & rem == m:
                v = least(rem ^ m)
                if v < value:
                    value = v
        best[rem] = value
        return value

    return least


def least_deadwood_arrangements(cards: Sequence[Card], limit: int = 10_000) -> list[Arrangement]:
    """Every arrangement of ``cards`` into disjoint melds that leaves the least
    deadwood (at most ``limit`` of them), in a fixed order: melds before
    deadwood, lowest cards first. The cards must be distinct real cards (no
    jokers); the deadwood cards keep the order of ``cards``."""
    hand = _mask(cards)
    by_card = _melds_by_low_card(hand)
    least = _least_deadwood(by_card)
    target = least(hand)
    out: list[list[int]] = []

    def walk(rem: int, chosen: list[int], owed: int) -> None:
        # owed: the deadwood already left behind on this path
        if len(out) >= limit:
            return
        if rem == 0:
            out.append(list(chosen))
            return
        low = rem & -rem
        for m in by_card.get(low, ()):
            if m & rem == m and owed + least(rem ^ m) == target:
                chosen.append(m)
                walk(rem ^ m, chosen, owed)
                chosen.pop()
        v = _VALUE[low.bit_length() - 1]
        if owed + v + least(rem ^ low) == target:
            walk(rem ^ low, chosen, owed + v)

    walk(hand, [], 0)
    return [_as_shown(_arrangement(hand, masks), cards) for masks in out]


def knock_arrangements(cards: Sequence[Card], limit: int) -> list[Arrangement]:
    """Every arrangement of ``cards`` into disjoint melds that leaves at most ``limit``
    points of deadwood: the layouts a knock allows (SPEC §2.7, the knocker's choice).
    A card that could join a meld may still be left as deadwood (a shorter run gives the
    defender fewer places to lay off). Ordered by deadwood, then the fixed order of
    :func:`least_deadwood_arrangements`; empty when no arrangement is within ``limit``.

    Worked example: 3♠ 4♠ 5♠ 3♥ 3♦ 9♣ 10♣ J♣ Q♣ K♣ within 10 has two layouts:
    3♠-5♠ and 9♣-K♣ with 3♥ 3♦ (6), and 3♠ 3♥ 3♦ and 9♣-K♣ with 4♠ 5♠ (9)."""
    hand = _mask(cards)
    by_card = _melds_by_low_card(hand)
    least = _least_deadwood(by_card)

    found: list[tuple[int, list[int]]] = []

    def walk(rem: int, chosen: list[int], owed: int) -> None:
        if rem == 0:
            found.append((owed, list(chosen)))
            return
        low = rem & -rem
        for m in by_card.get(low, ()):
            if m & rem == m and owed + least(rem ^ m) <= limit:
                chosen.append(m)
                walk(rem ^ m, chosen, owed)
                chosen.pop()
        v = _VALUE[low.bit_length() - 1]
        if owed + v + least(rem ^ low) <= limit:
            walk(rem ^ low, chosen, owed + v)

    if least(hand) <= limit:
        walk(hand, [], 0)
    found.sort(key=lambda f: f[0])  # stable: the search's fixed order among equal deadwood
    return [_as_shown(_arrangement(hand, masks), cards) for _, masks in found]


class DefenderAnswers:
    """The defender's best answer to one layout at a time (``answers(layout)``), remembered for
    every set of the knocker's melds that can take one of the defender's cards."""

    def __init__(self, defender: Sequence[Card]):
        self.defender, self.hand = defender, _mask(defender)
        self.cache: dict[tuple[GinMeld, ...], Arrangement] = {}

    def __call__(self, layout: Arrangement) -> Arrangement:
        open_to = tuple(m for m in layout.melds if _layoff_groups(self.hand, m))
        got = self.cache.get(open_to)
        if got is None:
            got = self.cache[open_to] = defender_arrangement(self.defender, open_to)
        return got


def best_arrangement(cards: Sequence[Card], defender: Sequence[Card] | None = None) -> Arrangement:
    """The knocker's arrangement of ``cards`` (10, or 11 for big gin): the melds
    that leave the least deadwood; of several, the one that leaves the
    ``defender`` (their cards, when known) the most deadwood after their own
    melds and their lay-offs onto these melds. Without ``defender``, the first
    of them in a fixed order (:func:`least_deadwood_arrangements`)."""
    ties = least_deadwood_arrangements(cards)
    if defender is None or len(ties) == 1:
        return ties[0]
    return most_against(ties, defender)


def most_against(ties: Sequence[Arrangement], defender: Sequence[Card]) -> Arrangement:
    """Of the knocker's tied arrangements ``ties``, the one that leaves the defender
    the most deadwood (the first of those in ``ties`` order). Against gin nothing is
    laid off, so every tie leaves the same."""
    if len(ties) == 1 or ties[0].deadwood == 0:
        return ties[0]
    best, most = ties[0], -1
    for t in ties:
        d = defender_arrangement(defender, t.melds).deadwood
        if d > most:
            best, most = t, d
    return best


# --- the defender's arrangement ----------------------------------------------------------

def _layoff_groups(hand: int, meld: GinMeld) -> list[tuple[int, tuple[Card, ...]]]:
    """The groups of the defender's cards (mask, cards outward from the meld) that can
    be laid off together on one of the knocker's melds: the fourth card of a set of
    three; on a run, any number of cards in sequence below it and above it (a
    chain), the ace only below a 2, nothing above a king."""
    if meld.kind == "set":
        if len(meld.cards) >= 4:
            return []
        rank = meld.cards[0].rank
        held = {c.suit for c in meld.cards}
        return [(_bit(c), (c,)) for c in (Card(rank, s) for s in SUITS if s not in held) if _bit(c) & hand]
    suit = meld.cards[0].suit
    lo, hi = meld.cards[0].rank, meld.cards[-1].rank
    below: list[Card] = []
    for r in range(lo - 1, 0, -1):
        c = Card(r, suit)
        if not _bit(c) & hand:
            break
        below.append(c)
    above: list[Card] = []
    for r in range(hi + 1, 14):
        c = Card(r, suit)
        if not _bit(c) & hand:
            break
        above.append(c)
    groups = []
    for a in range(len(below) + 1):
        for b in range(len(above) + 1):
            if a or b:
                chain = tuple(below[:a]) + tuple(above[:b])
                groups.append((_mask(chain), chain))
    return groups


def defender_arrangement(cards: Sequence[Card], knocker_melds: Sequence[GinMeld] = ()) -> Arrangement:
    """The defender's arrangement of ``cards`` (10): their own melds plus lay-offs
    onto ``knocker_melds`` (none against gin, or when the knocker's melds are not
    known), leaving the least deadwood. Of equal arrangements, the one that lays
    off the fewest cards (own melds first), then the first in a fixed order."""
    hand = _mask(cards)
    by_card = _melds_by_low_card(hand)
    # lay-off groups by the card they contain: (group mask, knocker meld index)
    lay_by_card: dict[int, list[tuple[int, int]]] = {}
    chains: dict[tuple[int, int], tuple[Card, ...]] = {}
    for j, meld in enumerate(knocker_melds):
        for g, chain in _layoff_groups(hand, meld):
            chains[(g, j)] = chain
            rest = g
            while rest:
                low = rest & -rest
                lay_by_card.setdefault(low, []).append((g, j))
                rest ^= low
    memo: dict[tuple[int, int], tuple[int, int]] = {}

    def least(rem: int, used: int) -> tuple[int, int]:
        """(deadwood, cards laid off) at least for ``rem`` with knocker melds ``used`` taken."""
        if rem == 0:
            return (0, 0)
        key = (rem, used)
        got = memo.get(key)
        if got is not None:
            return got
        low = rem & -rem
        d, n = least(rem ^ low, used)
        value = (d + _VALUE[low.bit_length() - 1], n)
        for m in by_card.get(low, ()):
            if m & rem == m:
                v = least(rem ^ m, used)
                if v < value:
                    value = v
        for g, j in lay_by_card.get(low, ()):
            if g & rem == g and not used >> j & 1:
                d, n = least(rem ^ g, used | 1 << j)
                v = (d, n + g.bit_count())
                if v < value:
                    value = v
        memo[key] = value
        return value

    target = least(hand, 0)
    # Walk down the one best path, in the same order of choices as the search.
    rem, used, owed, laid = hand, 0, 0, 0
    melds: list[int] = []
    layoffs: list[tuple[int, int]] = []
    while rem:
        low = rem & -rem
        for m in by_card.get(low, ()):
            if m & rem == m:
                d, n = least(rem ^ m, used)
                if (owed + d, laid + n) == target:
                    melds.append(m)
                    rem ^= m
                    break
        else:
            for g, j in lay_by_card.get(low, ()):
                if g & rem == g and not used >> j & 1:
                    d, n = least(rem ^ g, used | 1 << j)
                    if (owed + d, laid + n + g.bit_count()) == target:
                        layoffs.append((g, j))
                        rem, used, laid = rem ^ g, used | 1 << j, laid + g.bit_count()
                        break
            else:
                owed += _VALUE[low.bit_length() - 1]
                rem ^= low
    base = _arrangement(hand & ~sum(g for g, _ in layoffs), melds)
    onto = tuple((knocker_melds[j], chains[(g, j)]) for g, j in sorted(layoffs, key=lambda x: x[1]))
    return _as_shown(Arrangement(base.melds, base.deadwood_cards, onto), cards)
