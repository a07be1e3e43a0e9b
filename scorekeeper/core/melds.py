"""Melds: sets and runs, with wild cards and jokers (SPEC §2.2).

* A **set** is three or four cards of one rank, never two identical cards
  (unless the variant's ``set_duplicates`` allows it), never more than four
  cards, wilds included.
* A **run** is three or more cards of one suit in consecutive ranks, typed in
  any order. An ace is low (A-2-3) or high (Q-K-A) but never both and never in
  the middle: K-A-2 "turns the corner" and is not a run. In Crazy Rummy the
  ace is always low.
* A **wild card** (a joker, or a card of Crazy Rummy's wild rank) stands for
  any card. ``JK=7H`` says which; otherwise any legal reading is accepted and
  the reading chosen is reported.

:func:`read_meld` answers with a :class:`MeldReading` (kind, the card each
position counts as, a sentence saying why it is legal) or raises
:class:`IllegalMeld` with a sentence saying why not.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from scorekeeper.core.cards import (
    SUIT_SYMBOLS,
    Card,
    PlayedCard,
    RANKS,
    card_symbol,
    rank_name,
)
from scorekeeper.core.errors import InputError

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class IllegalMeld(InputError):
    """A meld that breaks §2.2; the message says why in plain words."""


def _never_wild(card: Card) -> bool:
    return False


@dataclass(frozen=True)
class MeldRules:
    """What makes a meld legal in one variant (and round).

    ``wild(card)`` tells which physical cards are wild; ``ace_high`` allows
    Q-K-A; ``set_duplicates`` allows two identical cards in a set (two decks).
    """

    wild: Callable[[Card], bool] = _never_wild
    ace_high: bool = True
    set_duplicates: bool = False
    wild_name: str = "wild card"


@dataclass(frozen=True)
class Slot:
    """One card of a read meld: the card as written, what it counts as
    (itself, or what a wild stands for), and whether it is a wild card.
    ``rank`` is its place in a run (1–14, 14 being an ace high) or the set's rank."""

    played: PlayedCard
    counts_as: Card | None
    rank: int
    wild: bool
    in_run: bool = False

    @property
    def low_ace(self) -> bool:
        """A natural ace at the low end of a run (A-2-3…): it scores 1 in rummy500."""
        return self.in_run and not self.wild and self.played.card.rank == 1 and self.rank == 1


@dataclass(frozen=True)
class MeldReading:
    """A legal reading of a meld: ``kind`` is ``"set"`` or ``"run"``; ``slots`` in
    rank order for runs; ``reason`` a sentence saying what it is."""

    kind: str
    slots: tuple[Slot, ...]
    reason: str = field(default="")

    @property
    def cards(self) -> list[PlayedCard]:
        return [s.played for s in self.slots]


def describe_cards(cards: Iterable[PlayedCard | Card]) -> str:
    """``A♣ 2♣ 3♣`` for messages."""
    out = []
    for c in cards:
        if isinstance(c, PlayedCard):
            text = card_symbol(c.card)
            if c.stands_for is not None:
                text += "=" + card_symbol(c.stands_for)
            out.append(text)
        else:
            out.append(card_symbol(c))
    return " ".join(out)


def read_meld(cards: Sequence[PlayedCard], rules: MeldRules) -> MeldReading:
    """Read ``cards`` as a set or a run under ``rules``.

    Raises :class:`IllegalMeld` naming the meld and the rule it breaks.
    """
    shown = describe_cards(cards)
    for pc in cards:
        if pc.stands_for is not None and not rules.wild(pc.card):
            raise IllegalMeld(f"{shown}: {card_symbol(pc.card)} is not wild, so it cannot stand for another card.")
        if pc.card.is_joker and not rules.wild(pc.card):
            raise IllegalMeld(f"{shown}: this game is played without jokers.")
    if len(cards) < 3:
        raise IllegalMeld(f"{shown}: a meld needs at least three cards.")
    naturals = [(pc, pc.stands_for or pc.card) for pc in cards if pc.stands_for or not rules.wild(pc.card)]
    free = [pc for pc in cards if not pc.stands_for and rules.wild(pc.card)]

    set_reading, set_why = _as_set(cards, naturals, free, rules)
    run_reading, run_why = _as_run(cards, naturals, free, rules)
    for reading in (set_reading, run_reading):
        if reading is not None and _aces_agree(reading):
            return reading
    # Neither reading is legal (or the aces were placed where they cannot go): say why.
    for reading in (set_reading, run_reading):
        if reading is not None:
            raise IllegalMeld(f"{shown}: the ace is not where :low/:high says it attaches.")
    ranks = {c.rank for _, c in naturals}
    suits = {c.suit for _, c in naturals}
    if len(ranks) <= 1:
        why = set_why
    elif len(suits) <= 1:
        why = run_why
    else:
        why = "not a set (the ranks differ) and not a run (the suits differ)"
    raise IllegalMeld(f"{shown}: {why}.")


def _aces_agree(reading: MeldReading) -> bool:
    for s in reading.slots:
        if s.played.ace == "low" and not s.low_ace:
            return False
        if s.played.ace == "high" and s.low_ace:
            return False
    return True


def _as_set(cards, naturals, free, rules: MeldRules) -> tuple[MeldReading | None, str]:
    ranks = {c.rank for _, c in naturals}
    if len(ranks) > 1:
        return None, "not a set: the ranks differ"
    if len(cards) > 4:
        return None, "a set never has more than four cards, wild cards included"
    if not rules.set_duplicates:
        counts = Counter(c for _, c in naturals)
        twice = [c for c, n in counts.items() if n > 1]
        if twice:
            return None, f"a set may not hold two identical cards ({card_symbol(twice[0])} twice)"
    rank = ranks.pop() if ranks else None
    if rank is None:
        slots = tuple(Slot(pc, None, 0, True) for pc in cards)
        return MeldReading("set", slots, f"a set of {len(cards)} wild cards"), ""
    used = {c.suit for _, c in naturals}
    spare = [s for s in "SHDC" if s not in used]
    slots = [Slot(pc, c, rank, pc.stands_for is not None) for pc, c in naturals]
    for pc in free:
        suit = spare.pop(0) if spare else "S"
        slots.append(Slot(pc, Card(rank, suit), rank, True))
    count = {3: "three", 4: "four"}[len(cards)]
    word = rank_name(rank)
    reason = f"a set of {count} {word}{'es' if word.endswith('x') else 's'}"
    if free or any(s.wild for s in slots):
        reason += ", " + _wild_note(slots)
    return MeldReading("set", tuple(slots), reason), ""


def _as_run(cards, naturals, free, rules: MeldRules) -> tuple[MeldReading | None, str]:
    n = len(cards)
    suits = {c.suit for _, c in naturals}
    if len(suits) > 1:
        return None, "not a run: the suits differ"
    if n > 13:
        return None, "a run has at most thirteen cards"
    suit = suits.pop() if suits else "S"
    ranks = [c.rank for _, c in naturals]
    has_ace = 1 in ranks
    options = [(ranks, 1)]
    if rules.ace_high and has_ace:
        options.append(([14 if r == 1 else r for r in ranks], 2))
    found = None
    for placed, lowest in options:
        if len(set(placed)) != len(placed):
            continue
        lo, hi = (min(placed), max(placed)) if placed else (lowest, lowest)
        highest = 13 if lowest == 1 else 14
        start = min(lo, highest - n + 1)
        if hi - lo + 1 > n or start < lowest or start + n - 1 < hi:
            continue
        window = range(start, start + n)
        by_rank = {r: (pc, c) for (pc, c), r in zip(naturals, placed)}
        wilds = list(free)
        slots = []
        for r in window:
            if r in by_rank:
                pc, c = by_rank[r]
                slots.append(Slot(pc, c, r, pc.stands_for is not None, True))
            else:
                pc = wilds.pop(0)
                slots.append(Slot(pc, Card(1 if r == 14 else r, suit), r, True, True))
        names = "-".join(RANKS[(s.rank - 1) % 13] for s in slots)
        reason = f"a run of {SUIT_NAMES[suit]} {names}"
        if any(s.rank == 1 and not s.wild and s.played.card.rank == 1 for s in slots):
            reason += " (ace low)"
        elif any(s.rank == 14 for s in slots):
            reason += " (ace high)"
        if any(s.wild for s in slots):
            reason += ", " + _wild_note(slots)
        reading = MeldReading("run", tuple(slots), reason)
        # A-2-…-K (all thirteen) reads ace low and ace high: an ace marked :high
        # or :low picks the reading rather than being refused.
        if _aces_agree(reading):
            return reading, ""
        found = found or reading
    if found is not None:
        return found, ""
    return None, _run_failure(ranks, n, rules, suit)


def _run_failure(ranks: list[int], n: int, rules: MeldRules, suit: str) -> str:
    if len(set(ranks)) != len(ranks):
        if ranks.count(1) > 1:
            return "an ace is low or high in a run, never both"
        twice = [r for r in set(ranks) if ranks.count(r) > 1][0]
        return f"not a run: the {rank_name(twice)} of {SUIT_NAMES[suit]} appears twice"
    present = set(ranks)
    if 1 in present and 13 in present and 2 in present:
        return "runs cannot turn the corner: K-A-2"
    if 1 in present and not rules.ace_high:
        high = [14 if r == 1 else r for r in ranks]
        if max(high) - min(high) + 1 <= n:
            return "the ace is always low in Crazy Rummy: Q-K-A is not a run"
    if 1 in present and 13 in present:
        return "runs cannot turn the corner: an ace goes below the 2 or above the king, not both"
    lo, hi = min(ranks), max(ranks)
    missing = [rank_name(r) for r in range(lo, hi + 1) if r not in present]
    return f"not a run: the ranks are not consecutive (missing {', '.join(missing)})"


def _wild_note(slots: Iterable[Slot]) -> str:
    parts = []
    for s in slots:
        if s.wild and s.counts_as is not None:
            parts.append(f"{card_symbol(s.played.card)} as {card_symbol(s.counts_as)}")
        elif s.wild:
            parts.append(f"{card_symbol(s.played.card)} as any card")
    return ", ".join(parts)


def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOLS.get(suit, "")


def physical_cards(melds: Iterable[Sequence[PlayedCard]]) -> list[Card]:
    """The physical cards of melds: a wild's declared meaning is not a card."""
    return [pc.card for meld in melds for pc in meld]


def check_deck(cards_by_player: dict[str, list[Card]], decks: int, jokers: int, deck_text: str) -> None:
    """No card appears more often than the decks hold, across the whole hand (SPEC §4).

    ``cards_by_player`` maps a player to every physical card they showed
    (melds, lay-offs, hand). Raises :class:`InputError` naming the card and
    the players holding it.
    """
    seen: dict[Card, list[str]] = {}
    for player, cards in cards_by_player.items():
        for c in cards:
            seen.setdefault(c, []).append(player)
    for card, holders in seen.items():
        limit = jokers if card.is_joker else decks
        if len(holders) > limit:
            who = ", ".join(dict.fromkeys(holders))
            if card.is_joker and limit == 0:
                raise InputError(f"{card_symbol(card)} ({who}): this game is played with {deck_text}, without jokers.")
            times = {1: "once", 2: "twice"}.get(limit, f"{limit} times")
            raise InputError(
                f"{card_symbol(card)} appears {len(holders)} times in this hand ({who}), "
                f"but {deck_text} hold{'s' if deck_text.startswith('one') else ''} it only {times}."
            )
