"""Contract Rummy's melds and contracts (SPEC §2.8).

* **Set**: three or more cards of one rank, any suits; identical cards are fine (two or
  more packs) and a set has no upper size.
* **Run**: four or more cards of one suit in consecutive ranks (the smallest ``R`` of the
  ``contracts`` option; ``S`` likewise for sets). An ace is low (A-2-3-4) or high
  (J-Q-K-A), never inside: K-A-2 and Q-K-A-2 are not runs; A-2-…-K-A (14 cards, an ace at
  each end) is (I-C9).
* **Wild cards**: jokers, and 2s under ``deuces_wild`` — a 2 is natural where it fits as one
  (A-2-3-4, a set of 2s) and wild otherwise (I-C12). ``JK=7H`` says what a wild stands for.
  ``wild_limit`` (I-C3): ``none``; ``natural`` (at least one natural card); ``half`` (at
  most ⌊n/2⌋ wilds in a meld as laid down; lay-offs are not limited).

:func:`read` judges one meld (a :class:`~scorekeeper.core.melds.MeldReading`, or
:class:`~scorekeeper.core.melds.IllegalMeld` with the rule broken as data);
:func:`go_down` matches a player's melds to the deal's contract (I-C1, I-C2, I-C4);
:func:`place_layoffs` finds where every lay-off goes with the shared assignment search
(:func:`~scorekeeper.core.melds.fit_layoffs`).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Iterable, Iterator, Mapping, Sequence

from scorekeeper.core.cards import Card, PlayedCard, rank_name, rank_plural
from scorekeeper.core.errors import InputError
from scorekeeper.core.melds import (
    IllegalMeld,
    MeldFault,
    MeldReading,
    MeldRules,
    Slot,
    TableMeld,
    fit_layoffs,
    illegal,
)
from scorekeeper.core.phrase import Phrase, Ranks, phrase
from scorekeeper.core.rules import Said
from scorekeeper.core.variants.contract.options import LONGEST_RUN, Contract, Need


@dataclass(frozen=True)
class MeldLaw:
    """What makes a Contract Rummy meld legal under a session's options: the smallest set
    and run (``set_min``, ``run_min``), whether 2s are wild, and ``wild_limit``."""

    set_min: int = 3
    run_min: int = 4
    deuces_wild: bool = False
    wild_limit: str = "none"

    def wild(self, card: Card) -> bool:
        """Whether ``card`` may be wild: a joker, or a 2 under ``deuces_wild``."""
        return card.is_joker or (self.deuces_wild and card.rank == 2)

    @property
    def shared(self) -> MeldRules:
        """The same law as the shared lay-off search reads it (no set limit, ace to ace)."""
        return _shared_rules(self)


def _shared_rules(law: MeldLaw) -> MeldRules:
    return MeldRules(wild=law.wild, ace_high=True, set_duplicates=True, wild_name=Said("wild", "joker"),
                     set_max=None, ace_to_ace=True)


def law_of(rules: Mapping[str, Any]) -> MeldLaw:
    """The meld law of a session's options (the smallest ``S``/``R`` sizes of its contracts)."""
    return MeldLaw(rules.smallest("set"), rules.smallest("run"), bool(rules["deuces_wild"]), rules["wild_limit"])


# -- one meld -------------------------------------------------------------------------


def read(cards: Sequence[PlayedCard], law: MeldLaw, kind: str | None = None, limit: bool = True,
         why: bool = True) -> MeldReading:
    """Read ``cards`` as a set or a run (only as ``kind`` when given) under ``law``;
    ``limit``: apply ``wild_limit`` (a meld as laid down; not once lay-offs are added); ``why``:
    work out whether a 2 was meant as a wild card when the meld is refused (a search of its own:
    not where only legality is asked).

    Among the readings, the one with the most natural 2s is chosen, a set before a run.
    Raises :class:`IllegalMeld` naming the meld and the rule it breaks.
    """
    cards = tuple(cards)
    for pc in cards:
        if pc.stands_for is not None and not law.wild(pc.card):
            raise illegal(cards, "meld.not_wild", card=pc.card)
    kinds = (kind,) if kind else ("set", "run")
    least = min(law.set_min if k == "set" else law.run_min for k in kinds)
    if len(cards) < least:
        code = "contract.meld.too_few" if kind is None else f"contract.meld.{kind}_too_few"
        raise illegal(cards, code, set_min=law.set_min, run_min=law.run_min, count=len(cards))
    # a 2 under deuces_wild with no meaning given is natural or wild: most natural first
    open_deuces = [i for i, pc in enumerate(cards)
                   if law.deuces_wild and pc.card.rank == 2 and pc.stands_for is None]
    choices = sorted(product((True, False), repeat=len(open_deuces)), key=lambda c: -sum(c))
    faults: dict[str, MeldFault] = {}
    limited: MeldFault | None = None
    for choice in choices:
        natural_deuce = {i for i, nat in zip(open_deuces, choice) if nat}
        naturals, free = [], []
        for i, pc in enumerate(cards):
            if pc.stands_for is not None:
                naturals.append((pc, pc.stands_for, True))
            elif law.wild(pc.card) and i not in natural_deuce:
                free.append(pc)
            else:
                naturals.append((pc, pc.card, False))
        for k in kinds:
            reading, fault = (_as_set if k == "set" else _as_run)(cards, naturals, free, law)
            if reading is None:
                faults.setdefault(k, fault)
                continue
            over = _over_limit(reading, law) if limit else None
            if over is not None:
                limited = limited or over
                continue
            return reading
    fault = limited or _fault(cards, law, faults)
    if why and limited is None and not law.deuces_wild and fault.code != "meld.corner" and _deuce_meant_wild(
            cards, law, kind, limit):
        raise IllegalMeld("meld.illegal", cards=cards, cause=MeldFault("contract.meld.deuce_not_wild"))
    raise IllegalMeld("meld.illegal", cards=cards, cause=fault)


def _deuce_meant_wild(cards: Sequence[PlayedCard], law: MeldLaw, kind: str | None, limit: bool) -> bool:
    """Whether an illegal meld reads as one only with a 2 as a wild card, where 2s are not wild
    (``7H 7S 2C``): then that is why it is refused. Not where the 2s are natural and another card
    is what does not fit (``2H 2D 2C`` and a 6♦ laid off on them: the ranks differ; taking one
    card other than a 2 away leaves a legal meld of natural 2s)."""
    if not any(pc.card.rank == 2 for pc in cards):
        return False
    try:
        read(cards, MeldLaw(law.set_min, law.run_min, True, law.wild_limit), kind, limit, why=False)
    except IllegalMeld:
        return False
    for i, pc in enumerate(cards):
        if pc.card.rank == 2 or law.wild(pc.card):
            continue
        try:
            read(cards[:i] + cards[i + 1:], law, kind, limit, why=False)
        except IllegalMeld:
            continue
        return False  # the meld holds without that card: it is the card that does not fit
    return True


def _fault(cards: Sequence[PlayedCard], law: MeldLaw, faults: dict[str, MeldFault]) -> MeldFault:
    """Why no reading works: the set's fault when the natural cards share a rank, the run's
    when they share a suit, else neither."""
    if len(faults) == 1:
        return next(iter(faults.values()))
    naturals = [pc.stands_for or pc.card for pc in cards if pc.stands_for or not law.wild(pc.card)]
    if len({c.rank for c in naturals}) <= 1:
        return faults["set"]
    if len({c.suit for c in naturals}) <= 1:
        return faults["run"]
    return MeldFault("meld.neither")


def _over_limit(reading: MeldReading, law: MeldLaw) -> MeldFault | None:
    wilds = sum(1 for s in reading.slots if s.wild)
    n = len(reading.slots)
    if law.wild_limit == "natural" and wilds == n:
        return MeldFault("contract.meld.no_natural")
    if law.wild_limit == "half" and wilds > n // 2:
        return MeldFault("contract.meld.over_half", wilds=wilds, most=n // 2, count=n)
    return None


def _as_set(cards, naturals, free, law: MeldLaw) -> tuple[MeldReading | None, MeldFault | None]:
    ranks = {c.rank for _, c, _ in naturals}
    if len(ranks) > 1:
        return None, MeldFault("meld.set_ranks_differ")
    if len(cards) < law.set_min:
        return None, MeldFault("contract.meld.set_too_few", set_min=law.set_min, count=len(cards))
    if not ranks:
        slots = tuple(Slot(pc, None, 0, True) for pc in cards)
        return MeldReading("set", slots, phrase("meld.set_of_wilds", count=len(cards))), None
    rank = ranks.pop()
    slots = [Slot(pc, c, rank, wild) for pc, c, wild in naturals]
    suits = [s for s in "SHDC" if s not in {c.suit for _, c, _ in naturals}] or ["S"]
    for i, pc in enumerate(free):
        slots.append(Slot(pc, Card(rank, suits[i % len(suits)]), rank, True))
    said = (rank_plural(rank) if rank in (1, 11, 12, 13) else phrase("meld.set_ranks", rank=rank))
    words = (phrase(f"meld.set.{len(cards)}", ranks=said) if len(cards) in (3, 4)
             else phrase("contract.meld.set", count=len(cards), ranks=said))
    return MeldReading("set", tuple(slots), _with_wilds(words, slots)), None


def _as_run(cards, naturals, free, law: MeldLaw) -> tuple[MeldReading | None, MeldFault | None]:
    n = len(cards)
    suits = {c.suit for _, c, _ in naturals}
    if len(suits) > 1:
        return None, MeldFault("meld.run_suits_differ")
    if n < law.run_min:
        return None, MeldFault("contract.meld.run_too_few", run_min=law.run_min, count=n)
    if n > LONGEST_RUN:
        return None, MeldFault("contract.meld.run_too_long", count=n)
    if not suits:
        slots = tuple(Slot(pc, None, 0, True, True) for pc in cards)
        return MeldReading("run", slots, phrase("contract.meld.run_of_wilds", count=n)), None
    suit = suits.pop()
    for reading in _runs(naturals, free, suit, n):
        return reading, None
    return None, _run_fault([c.rank for _, c, _ in naturals], suit)


def _runs(naturals, free, suit: str, n: int, every: bool = False) -> Iterator[MeldReading]:
    """The readings of a run of ``n`` cards of ``suit``: its natural cards in their places (an
    unmarked ace low or high) and the wild cards ``free`` in the gaps and at the ends — first with
    the wild cards above the naturals where they fit, then (``every``) each other place the run
    may start at (``JK 10H JH QH`` reads 10-K, and 9-Q)."""
    places = []
    for pc, c, _ in naturals:
        if c.rank != 1:
            places.append((c.rank,))
        elif pc.ace == "low":
            places.append((1,))
        elif pc.ace == "high":
            places.append((14,))
        else:
            places.append((1, 14))
    for placed in product(*places):
        if len(set(placed)) != len(placed):
            continue
        lo, hi = (min(placed), max(placed))
        if hi - lo + 1 > n:
            continue
        start = min(lo, LONGEST_RUN - n + 1)  # wild cards above the naturals where they fit
        if start + n - 1 < hi:
            continue
        starts = [start] + ([s for s in range(start - 1, 0, -1) if s + n - 1 >= hi] if every else [])
        by_rank = {r: (pc, c, wild) for (pc, c, wild), r in zip(naturals, placed)}
        for first in starts:
            wilds = list(free)
            slots = []
            for r in range(first, first + n):
                if r in by_rank:
                    pc, c, wild = by_rank[r]
                    slots.append(Slot(pc, c, r, wild, True))
                else:
                    slots.append(Slot(wilds.pop(0), Card(1 if r == 14 else r, suit), r, True, True))
            code = f"meld.run.{suit}"
            low = any(s.rank == 1 for s in slots)
            high = any(s.rank == 14 for s in slots)
            if low != high:
                code += ".ace_low" if low else ".ace_high"
            said = phrase(code, ranks=Ranks(1 if s.rank == 14 else s.rank for s in slots))
            yield MeldReading("run", tuple(slots), _with_wilds(said, slots))


def run_readings(cards: Sequence[PlayedCard], law: MeldLaw, limit: bool = True) -> Iterator[MeldReading]:
    """Every legal reading of ``cards`` as a run under ``law`` (as :func:`read` reads one: each 2
    under ``deuces_wild`` natural or wild, each wild card in any place the run leaves it, within
    ``wild_limit`` with ``limit``): the first is :func:`read`'s. A run of wild cards only has one
    reading, of no suit."""
    cards = tuple(cards)
    if len(cards) < law.run_min or len(cards) > LONGEST_RUN:
        return
    open_deuces = [i for i, pc in enumerate(cards)
                   if law.deuces_wild and pc.card.rank == 2 and pc.stands_for is None]
    for choice in sorted(product((True, False), repeat=len(open_deuces)), key=lambda c: -sum(c)):
        natural_deuce = {i for i, nat in zip(open_deuces, choice) if nat}
        naturals, free = [], []
        for i, pc in enumerate(cards):
            if pc.stands_for is not None:
                if not law.wild(pc.card):
                    return
                naturals.append((pc, pc.stands_for, True))
            elif law.wild(pc.card) and i not in natural_deuce:
                free.append(pc)
            else:
                naturals.append((pc, pc.card, False))
        suits = {c.suit for _, c, _ in naturals}
        if len(suits) > 1:
            continue
        if not suits:
            reading, _ = _as_run(cards, naturals, free, law)
            found: Iterable[MeldReading] = [reading] if reading is not None else []
        else:
            found = _runs(naturals, free, suits.pop(), len(cards), every=True)
        for reading in found:
            if not limit or _over_limit(reading, law) is None:
                yield reading


def _run_fault(ranks: list[int], suit: str) -> MeldFault:
    aces = ranks.count(1)
    others = [r for r in ranks if r != 1]
    if aces > 2 or (aces == 2 and len(ranks) < LONGEST_RUN and len(set(others)) == len(others)):
        return MeldFault("contract.meld.ace_twice")
    if len(set(others)) != len(others):
        twice = next(r for r in others if others.count(r) > 1)
        return MeldFault("meld.run_twice", card=Card(twice, suit), rank_name=rank_name(twice),
                         suit_name=_suit(suit))
    present = set(ranks)
    if 1 in present and (2 in present or 3 in present) and (13 in present or 12 in present):
        return MeldFault("meld.corner")
    lo, hi = min(others or [1]), max(others or [1])
    missing = [r for r in range(lo, hi + 1) if r not in present]
    return MeldFault("meld.run_gap", missing=missing, missing_names=[rank_name(r) for r in missing])


def _suit(suit: str) -> Phrase:
    from scorekeeper.core.cards import suit_name

    return suit_name(suit)


def _with_wilds(reading: Phrase, slots: Sequence[Slot]) -> Phrase:
    """The reading and what each wild card in it counts as ("JK as 10♠")."""
    wilds = [phrase("meld.wild_as", card=s.played.card, counts_as=s.counts_as) if s.counts_as is not None
             else phrase("meld.wild_any", card=s.played.card) for s in slots if s.wild]
    return phrase("meld.with_wilds", reading=reading, wilds=wilds) if wilds else reading


def kinds_of(cards: Sequence[PlayedCard], law: MeldLaw) -> dict[str, MeldReading]:
    """Each kind ``cards`` can be read as (``{"set": reading, "run": reading}``, one or both)."""
    found = {}
    for kind in ("set", "run"):
        try:
            found[kind] = read(cards, law, kind, why=False)
        except IllegalMeld:
            pass
    return found


# -- going down: the deal's contract ----------------------------------------------------


@dataclass(frozen=True)
class WentDown:
    """How a player's melds met the contract: each meld's reading (in the order given) and
    the contract meld it stands for (None for an extra meld, I-C2)."""

    readings: tuple[MeldReading, ...]
    needs: tuple[Need | None, ...]


def _shown_words(readings: Sequence[dict[str, MeldReading]]) -> Phrase:
    """What a player showed, in words: "2 sets and 1 run" (each meld by its first reading)."""
    shown = Contract(tuple(Need(next(iter(kinds)), 3 if next(iter(kinds)) == "set" else 4)
                           for kinds in readings))
    return shown.words()


def go_down(player: str, melds: Sequence[Sequence[PlayedCard]], contract: Contract, deal: int,
            law: MeldLaw, exact: bool = False, extra: bool = False, last: bool = False) -> WentDown:
    """Match ``player``'s melds to deal ``deal``'s ``contract`` (SPEC §2.8, I-C1, I-C2).

    Every meld must be legal (validation 1); the melds must hold the contract's kinds and
    number (2); more melds than the contract only with ``extra`` (3); with ``exact`` each
    contract meld is exactly its size (4). ``last``: the last deal under ``last_deal=all-out``,
    where going down is going out and nothing is laid off (I-C8), which the refusal of an extra
    meld says instead of pointing to lay-offs. Raises :class:`InputError` naming the player, the
    meld and the contract (``contract`` as ``S3+R4`` and ``words``).
    """
    readings: list[dict[str, MeldReading]] = []
    for cards in melds:
        try:
            read(cards, law)
        except IllegalMeld as err:
            raise InputError("game.of_player", player=player, cause=err) from None
        readings.append(kinds_of(cards, law))
    facts = {"player": player, "deal": deal, "contract": contract.text, "words": contract.words()}
    if len(melds) < len(contract.needs):
        raise InputError("contract.not_met", shown=_shown_words(readings), **facts)
    match = _match(readings, contract.needs, exact)
    if match is None and exact and _match(readings, contract.needs, False) is not None:
        longer = _match(readings, contract.needs, False)
        i, need = next((i, nd) for i, nd in enumerate(longer) if nd is not None
                       and len(melds[i]) != nd.size)
        raise InputError("contract.not_exact", cards=tuple(melds[i]), count=len(melds[i]), size=need.size,
                         **facts)
    if match is None:
        raise InputError("contract.not_met", shown=_shown_words(readings), **facts)
    extras = [i for i, nd in enumerate(match) if nd is None]
    if extras and not extra:
        raise InputError("contract.extra_melds_last" if last else "contract.extra_melds", count=len(extras),
                         melds=[tuple(melds[i]) for i in extras], **facts)
    chosen = tuple(readings[i][nd.kind] if nd is not None else next(iter(readings[i].values()))
                   for i, nd in enumerate(match))
    return WentDown(chosen, tuple(match))


def _match(readings: Sequence[dict[str, MeldReading]], needs: Sequence[Need],
           exact: bool) -> list[Need | None] | None:
    """An assignment of the contract's melds to distinct melds shown, or None (a small search)."""
    fits = [[i for i, kinds in enumerate(readings) if need.kind in kinds
             and (len(kinds[need.kind].slots) == need.size if exact else len(kinds[need.kind].slots) >= need.size)]
            for need in needs]
    order = sorted(range(len(needs)), key=lambda j: len(fits[j]))
    taken: dict[int, Need] = {}

    def place(k: int) -> bool:
        if k == len(order):
            return True
        j = order[k]
        for i in fits[j]:
            if i not in taken:
                taken[i] = needs[j]
                if place(k + 1):
                    return True
                del taken[i]
        return False

    if not place(0):
        return None
    return [taken.get(i) for i in range(len(readings))]


def check_adjacent(player: str, melds: Sequence[Sequence[PlayedCard]], down: WentDown, law: MeldLaw) -> WentDown:
    """``adjacent_runs=refuse`` (I-C4): two runs of one suit of one player may not join into
    one. Each run may be read any legal way (SPEC §2.8: a wild card stands where the run lets it),
    so they are refused only when every reading of them joins two: ``5H 6H 7H 8H`` beside
    ``JK 10H JH QH`` stands, the joker a K♥ (not the 9♥ that would join them). Returns ``down``
    with each run read the way that keeps them apart; raises :class:`InputError`
    ``contract.adjacent_runs`` naming two runs that join."""
    runs = [i for i, r in enumerate(down.readings) if r.kind == "run"]
    if len(runs) < 2:
        return down
    choices = {i: list(run_readings(melds[i], law)) or [down.readings[i]] for i in runs}
    chosen: dict[int, MeldReading] = {}

    def place(k: int) -> bool:
        if k == len(runs):
            return True
        i = runs[k]
        for reading in choices[i]:
            if all(not _join(reading, chosen[j]) for j in runs[:k]):
                chosen[i] = reading
                if place(k + 1):
                    return True
                del chosen[i]
        return False

    if place(0):
        readings = tuple(chosen.get(i, r) for i, r in enumerate(down.readings))
        return WentDown(readings, down.needs)
    # a pair of runs that join whichever way they are read, else the first pair that joins as read
    pairs = [(a, b) for a in runs for b in runs if a < b]
    a, b = next(((a, b) for a, b in pairs if all(_join(x, y) for x in choices[a] for y in choices[b])),
                next(((a, b) for a, b in pairs if _join(choices[a][0], choices[b][0])), pairs[0]))
    raise InputError("contract.adjacent_runs", player=player, first=tuple(melds[a]), second=tuple(melds[b]))


def _join(first: MeldReading, second: MeldReading) -> bool:
    """Whether two runs, as read, make one run of one suit: the one ends where the other starts
    (3-6♥ and 7-10♥; A-7♥ and 8-A♥, ace to ace). A run of wild cards only joins nothing: its
    suit is any."""
    def span(r: MeldReading) -> tuple[str, int, int] | None:
        suit = next((s.counts_as.suit for s in r.slots if s.counts_as is not None), None)
        if suit is None:
            return None
        ranks = [s.rank for s in r.slots]
        return suit, min(ranks), max(ranks)

    one, two = span(first), span(second)
    if one is None or two is None or one[0] != two[0]:
        return False
    return one[2] + 1 == two[1] or two[2] + 1 == one[1]


# -- lay-offs ------------------------------------------------------------------------------


def place_layoffs(melds: Sequence[TableMeld], layoffs: Sequence[tuple[str, PlayedCard]],
                  law: MeldLaw) -> list[MeldReading] | None:
    """Where every lay-off goes (SPEC §2.8, the assignment search of §2.2): each meld stays
    legal as the kind it was laid down as; lay-offs are not held to ``wild_limit``. None
    when no assignment works."""
    def judge(meld: TableMeld, cards: list[PlayedCard]) -> MeldReading:
        return read(cards, law, meld.reading.kind, limit=False, why=False)

    return fit_layoffs(melds, layoffs, law.shared, judge)


def as_laid_down(meld: TableMeld, shown: MeldReading, added: Sequence[PlayedCard], law: MeldLaw) -> MeldReading:
    """A run as it was laid down, read so that the cards laid off on it (``added``) fit it with
    each of its wild cards kept where it stood: ``JK 5H 6H 7H`` that took 8♥ and 9♥ was laid down
    4-5-6-7, the joker as 4♥, not 5-8 as it reads alone. ``shown`` (how it reads as laid down:
    the first reading, or the one ``adjacent_runs=refuse`` kept) when it fits them, or when no
    reading does (a set; a wild card the lay-offs moved, I-C5)."""
    if meld.reading.kind != "run" or not added:
        return shown
    for reading in (shown, *run_readings(meld.cards, law, limit=False)):
        where = {id(s.played): s.counts_as for s in reading.slots
                 if s.wild and s.played.stands_for is None and s.counts_as is not None}
        kept = [PlayedCard(pc.card, where[id(pc)], pc.ace) if id(pc) in where else pc for pc in meld.cards]
        try:
            read([*kept, *added], law, "run", limit=False, why=False)
        except IllegalMeld:
            continue
        return reading
    return shown
