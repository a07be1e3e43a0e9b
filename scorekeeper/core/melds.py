"""Melds: sets and runs, with wild cards and jokers (SPEC §2.2).

* A **set** is three or four cards of one rank, never two identical cards
  (unless the variant's ``set_duplicates`` allows it), never more than four
  cards, wilds included (Rummy 500 with two decks: identical cards, up to the
  eight cards of a rank, ``MeldRules.set_max``).
* A **run** is three or more cards of one suit in consecutive ranks, typed in
  any order. An ace is low (A-2-3) or high (Q-K-A) but never both and never in
  the middle: K-A-2 "turns the corner" and is not a run. In Crazy Rummy the
  ace is always low.
* A **wild card** (a joker, or a card of Crazy Rummy's wild rank) stands for
  any card. ``JK=7H`` says which; otherwise any legal reading is accepted and
  the reading chosen is reported.

:func:`read_meld` answers with a :class:`MeldReading` (kind, the card each
position counts as, and what it is in words, as data: a
:class:`~scorekeeper.core.phrase.Phrase` such as "a run of spades Q-K-A (ace
high)") or raises :class:`IllegalMeld` with the rule it breaks as data.
"""
from __future__ import annotations

from collections import Counter
from itertools import product
from dataclasses import dataclass, field, fields, replace
from typing import Callable, Iterable, Mapping, Sequence

from scorekeeper.core.cards import (
    Card,
    PlayedCard,
    rank_name,
    rank_plural,
    suit_name,
)
from scorekeeper.core.errors import InputError
from scorekeeper.core.phrase import Phrase, Ranks, phrase


class MeldFault(InputError):
    """Why a meld is not legal: the rule it breaks, as a code (``meld.corner``) and
    facts. Never raised on its own: it is the ``cause`` of an :class:`IllegalMeld`,
    and its sentence is a clause ("runs cannot turn the corner: K-A-2") that other
    sentences quote."""


class IllegalMeld(InputError):
    """A meld that breaks the meld rules (an :class:`~scorekeeper.core.errors.InputError`, exit 2): code
    ``meld.illegal``, facts ``cards`` (the meld as written) and ``cause`` (a :class:`MeldFault`:
    the rule it breaks, a message code and its facts). Raised by :func:`read_meld` and a
    variant's :meth:`~scorekeeper.core.rulebook.melds.Melds.judge`; said of a player with
    ``InputError("game.of_player", player=NAME, cause=error)``."""

    @property
    def reason(self) -> MeldFault:
        """The rule the meld breaks, as data."""
        return self.facts["cause"]

    @property
    def cards(self) -> tuple[PlayedCard, ...]:
        """The meld, as written."""
        return self.facts.get("cards", ())


def illegal(cards: Sequence[PlayedCard], why: str, **facts) -> IllegalMeld:
    """An :class:`IllegalMeld` for ``cards`` breaking rule ``why`` (a ``meld.*`` code)."""
    return IllegalMeld("meld.illegal" if cards else "meld.illegal_empty", cards=tuple(cards),
                       cause=MeldFault(why, **facts))


def _never_wild(card: Card) -> bool:
    return False


@dataclass(frozen=True)
class MeldRules:
    """What makes a meld legal in one variant (and round), as :func:`read_meld` reads it: a
    set is three or four cards of one rank, a run three or more of one suit in sequence (SPEC
    §2.2), under these fields.

    ``wild(card)`` tells which physical cards are wild (a :class:`~scorekeeper.core.cards.Card`
    → bool; none by default); ``ace_high`` allows Q-K-A; ``set_duplicates`` allows two identical
    cards in a set (two decks);
    ``wild_name`` what the wild cards are called, in words as data (a
    :class:`~scorekeeper.core.phrase.Phrase`; TRANSITIONAL: English text is still taken).
    """

    wild: Callable[[Card], bool] = _never_wild
    ace_high: bool = True
    set_duplicates: bool = False
    wild_name: Phrase | str = phrase("meld.wild_card")
    #: the refusal of an ace above a king where the ace is always low (the variant's sentence)
    ace_low_code: str = "meld.ace_always_low"
    #: the most cards a set may hold (Rummy 500 with two decks: the 8 cards of a rank), or None for no
    #: limit as lay-offs see it (Contract Rummy's sets)
    set_max: int | None = 4
    #: whether a run may reach from ace to ace, A-2-…-K-A (Contract Rummy, I-C9), as lay-offs see it
    ace_to_ace: bool = False

    def __hash__(self) -> int:
        # the hash of the fields, as the dataclass's own, worked out once: read_meld looks up what it
        # read before by the rules on every meld (kept beside the fields, never pickled or copied)
        known = self.__dict__.get("_hash")
        if known is None:
            known = self.__dict__["_hash"] = hash(tuple(getattr(self, f.name) for f in fields(self)))
        return known

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_hash", None)  # a string's hash differs from process to process
        return state


@dataclass(frozen=True, init=False)
class Slot:
    """One card of a read meld: the card as written, what it counts as
    (itself, or what a wild stands for), and whether it is a wild card.
    ``rank`` is its place in a run (1–14, 14 being an ace high) or the set's rank."""

    played: PlayedCard
    counts_as: Card | None
    rank: int
    wild: bool
    in_run: bool = False

    def __init__(self, played: PlayedCard, counts_as: Card | None, rank: int, wild: bool,
                 in_run: bool = False) -> None:
        # the fields set at once (a frozen dataclass's own __init__ sets them one by one through
        # object.__setattr__, three times slower: every meld read makes a slot per card)
        self.__dict__.update(played=played, counts_as=counts_as, rank=rank, wild=wild, in_run=in_run)

    @property
    def low_ace(self) -> bool:
        """A natural ace at the low end of a run (A-2-3…): it scores 1 in rummy500."""
        return self.in_run and not self.wild and self.played.card.rank == 1 and self.rank == 1


@dataclass(frozen=True, init=False)
class MeldReading:
    """A legal reading of a meld: ``kind`` is ``"set"`` or ``"run"``; ``slots`` one per card,
    in rank order for runs (each slot's ``played``: the card as written; ``counts_as``: the
    card it counts as, itself or what a wild card stands for; ``rank``: its place, 1–14 in a
    run, 14 an ace high; ``wild``: whether it is a wild card); ``phrase`` what it is in words,
    as data ("a set of four kings", "a run of spades Q-K-A (ace high), JK as 10♠"), which
    :attr:`reason` says. What a meld is worth is the variant's
    (:meth:`~scorekeeper.core.rulebook.melds.Melds.value`)."""

    kind: str
    slots: tuple[Slot, ...]
    phrase: Phrase | str = field(default="")

    def __init__(self, kind: str, slots: tuple[Slot, ...], phrase: Phrase | str = "") -> None:
        self.__dict__.update(kind=kind, slots=slots, phrase=phrase)  # at once, as Slot's

    @property
    def cards(self) -> list[PlayedCard]:
        """The meld's cards as written, in the reading's order."""
        return [s.played for s in self.slots]

    @property
    def reason(self) -> str:
        """What the meld is, in words of the chosen language."""
        return str(self.phrase)


def describe_cards(cards: Iterable[PlayedCard | Card]) -> str:
    """``A♣ 2♣ 3♣``: cards as people of the chosen language read them.

    TRANSITIONAL, for callers still writing their own sentences: put the cards
    among a message's facts instead (they are shown the same way)."""
    from scorekeeper.core.messages import card_text

    return " ".join(card_text(c) for c in cards)


#: the legal readings made so far: ``{(rules, the cards as written): (kind, phrase, each slot as
#: (the card's place among the cards, its fields))}``. A game's melds repeat (a replay or an import
#: reads the same runs and sets hand after hand), and a reading depends on the rules and the cards as
#: written alone; forgotten all at once past :data:`_READ_MOST`.
_READ: dict[tuple, tuple] = {}
_READ_MOST = 4096
_new = object.__new__


def read_meld(cards: Sequence[PlayedCard], rules: MeldRules) -> MeldReading:
    """Read ``cards`` as a set or a run under ``rules``.

    The reading's slots hold the very cards given (``slot.played is`` one of ``cards``).
    Raises :class:`IllegalMeld` naming the meld and the rule it breaks.
    """
    key = (rules, *[(pc.card.rank, pc.card.suit, pc.stands_for, pc.ace) for pc in cards])
    known = _READ.get(key)
    if known is not None:
        kind, said, kept = known
        slots = []
        for i, fields_ in kept:  # each slot made as Slot() makes it, its fields copied at once
            slot = _new(Slot)
            made = slot.__dict__
            made.update(fields_)
            made["played"] = cards[i]
            slots.append(slot)
        reading = _new(MeldReading)
        reading.__dict__.update(kind=kind, slots=tuple(slots), phrase=said)  # as MeldReading() sets them
        return reading
    reading = _read_meld(cards, rules)
    if len(_READ) >= _READ_MOST:
        _READ.clear()
    place = {id(pc): i for i, pc in enumerate(cards)}
    _READ[key] = (reading.kind, reading.phrase, tuple((place[id(s.played)], dict(s.__dict__)) for s in reading.slots))
    return reading


def _read_meld(cards: Sequence[PlayedCard], rules: MeldRules) -> MeldReading:
    wild = [rules.wild(pc.card) for pc in cards]
    for pc, is_wild in zip(cards, wild):
        if pc.stands_for is not None and not is_wild:
            raise illegal(cards, "meld.not_wild", card=pc.card)
        if pc.card.is_joker and not is_wild:
            raise illegal(cards, "meld.no_jokers")
    if len(cards) < 3:
        raise illegal(cards, "meld.too_few", count=len(cards))
    naturals = [(pc, pc.stands_for or pc.card) for pc, is_wild in zip(cards, wild) if pc.stands_for or not is_wild]
    free = [pc for pc, is_wild in zip(cards, wild) if not pc.stands_for and is_wild]

    set_reading, set_why = _as_set(cards, naturals, free, rules)
    if set_reading is not None and _aces_agree(set_reading):
        return set_reading  # a set is read first: the run's reading is not needed
    run_reading, run_why = _as_run(cards, naturals, free, rules)
    for reading in (set_reading, run_reading):
        if reading is not None and _aces_agree(reading):
            return reading
    # Neither reading is legal (or the aces were placed where they cannot go): say why.
    for reading in (set_reading, run_reading):
        if reading is not None:
            raise illegal(cards, "meld.ace_mark")
    ranks = {c.rank for _, c in naturals}
    suits = {c.suit for _, c in naturals}
    if len(ranks) <= 1:
        why = set_why
    elif len(suits) <= 1:
        why = run_why
    else:
        why = MeldFault("meld.neither")
    raise IllegalMeld("meld.illegal", cards=tuple(cards), cause=why)


def ace_either_way(cards: Sequence[PlayedCard], rules: MeldRules) -> tuple[PlayedCard, MeldReading, MeldReading] | None:
    """A run whose unmarked ace reads both low and high (all thirteen cards of a suit: A-2-…-K,
    or 2-…-K-A), which SPEC I-5 never guesses: ``(the ace, the reading with it low, with it
    high)``; None when every ace of ``cards`` has one place only (or is marked ``:low``/``:high``)."""
    for i, pc in enumerate(cards):
        if pc.card.rank != 1 or pc.ace or pc.stands_for is not None or rules.wild(pc.card):
            continue
        readings = []
        for where in ("low", "high"):
            marked = list(cards)
            marked[i] = replace(pc, ace=where)
            try:
                readings.append(read_meld(marked, rules))
            except IllegalMeld:
                break
        if len(readings) == 2 and readings[0].kind == readings[1].kind == "run":
            return pc, readings[0], readings[1]
    return None


def _aces_agree(reading: MeldReading) -> bool:
    for s in reading.slots:
        if s.played.ace == "low" and not s.low_ace:
            return False
        if s.played.ace == "high" and s.low_ace:
            return False
    return True


def _as_set(cards, naturals, free, rules: MeldRules) -> tuple[MeldReading | None, MeldFault | None]:
    ranks = {c.rank for _, c in naturals}
    if len(ranks) > 1:
        return None, MeldFault("meld.set_ranks_differ")
    most = rules.set_max or 4  # no limit for lay-offs (Contract Rummy's own sets) still reads four here
    if len(cards) > most:
        if most != 4:
            return None, MeldFault("meld.set_too_many_of", count=len(cards), most=most)
        return None, MeldFault("meld.set_too_many", count=len(cards))
    if not rules.set_duplicates and len({c for _, c in naturals}) < len(naturals):
        counts = Counter(c for _, c in naturals)
        twice = [c for c, n in counts.items() if n > 1]
        if twice:
            return None, MeldFault("meld.set_twice", card=twice[0])
    rank = ranks.pop() if ranks else None
    if rank is None:
        slots = tuple(Slot(pc, None, 0, True) for pc in cards)
        return MeldReading("set", slots, phrase("meld.set_of_wilds", count=len(cards))), None
    used = {c.suit for _, c in naturals}
    spare = [s for s in "SHDC" if s not in used]
    slots = [Slot(pc, c, rank, pc.stands_for is not None) for pc, c in naturals]
    for pc in free:
        suit = spare.pop(0) if spare else "S"
        slots.append(Slot(pc, Card(rank, suit), rank, True))
    ranks = rank_plural(rank) if rank in (1, 11, 12, 13) else phrase("meld.set_ranks", rank=rank)
    said = (phrase(f"meld.set.{len(cards)}", ranks=ranks) if len(cards) <= 4
            else phrase("meld.set.n", count=len(cards), ranks=ranks))
    return MeldReading("set", tuple(slots), _with_wilds(said, slots)), None


def _as_run(cards, naturals, free, rules: MeldRules) -> tuple[MeldReading | None, MeldFault | None]:
    n = len(cards)
    suits = {c.suit for _, c in naturals}
    if len(suits) > 1:
        return None, MeldFault("meld.run_suits_differ")
    if n > 13:
        return None, MeldFault("meld.run_too_long", count=n)
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
        code = f"meld.run.{suit}"
        if any(s.rank == 1 and not s.wild and s.played.card.rank == 1 for s in slots):
            code += ".ace_low"
        elif any(s.rank == 14 for s in slots):
            code += ".ace_high"
        said = phrase(code, ranks=Ranks(1 if s.rank == 14 else s.rank for s in slots))
        reading = MeldReading("run", tuple(slots), _with_wilds(said, slots))
        # A-2-…-K (all thirteen) reads ace low and ace high: an ace marked :high
        # or :low picks the reading rather than being refused.
        if _aces_agree(reading):
            return reading, None
        found = found or reading
    if found is not None:
        return found, None
    return None, _run_failure(ranks, n, rules, suit)


def _run_failure(ranks: list[int], n: int, rules: MeldRules, suit: str) -> MeldFault:
    if len(set(ranks)) != len(ranks):
        if ranks.count(1) > 1:
            return MeldFault("meld.run_ace_twice")
        twice = [r for r in set(ranks) if ranks.count(r) > 1][0]
        return MeldFault("meld.run_twice", card=Card(twice, suit), rank_name=rank_name(twice),
                         suit_name=suit_name(suit))
    present = set(ranks)
    # a king with an ace and a two, or with a two and a wild card between them: K-A-2 turns the corner
    if 13 in present and 2 in present:
        return MeldFault("meld.corner")
    if 1 in present and not rules.ace_high:
        high = [14 if r == 1 else r for r in ranks]
        if max(high) - min(high) + 1 <= n:
            return MeldFault(rules.ace_low_code)
    if 1 in present and 13 in present:
        return MeldFault("meld.corner_both_ends")
    lo, hi = min(ranks), max(ranks)
    missing = [r for r in range(lo, hi + 1) if r not in present]
    return MeldFault("meld.run_gap", missing=missing, missing_names=[rank_name(r) for r in missing])


def _with_wilds(reading: Phrase, slots: Iterable[Slot]) -> Phrase:
    """The reading, and what each wild card in it counts as ("JK as 10♠", "7♣ as any card")."""
    wilds = [phrase("meld.wild_as", card=s.played.card, counts_as=s.counts_as) if s.counts_as is not None
             else phrase("meld.wild_any", card=s.played.card) for s in slots if s.wild]
    return phrase("meld.with_wilds", reading=reading, wilds=wilds) if wilds else reading


def physical_cards(melds: Iterable[Sequence[PlayedCard]]) -> list[Card]:
    """The physical cards of melds: a wild's declared meaning is not a card."""
    return [pc.card for meld in melds for pc in meld]


def deck_words(decks: int, jokers: int = 0) -> Phrase:
    """What a game is played with, in words, as data: "one deck", "two decks",
    "3 decks", "two decks and 2 jokers"."""
    words = phrase({1: "deck.decks.one", 2: "deck.decks.two"}.get(decks, "deck.decks.n"), decks=decks)
    return phrase("deck.decks_and_jokers", deck_text=words, jokers=jokers) if jokers else words


def times_words(limit: int) -> Phrase:
    """How many copies there can be, in words, as data: "once", "twice", "3 times"."""
    return phrase({1: "deck.times.once", 2: "deck.times.twice"}.get(limit, "deck.times.n"), limit=limit)


def check_deck(cards_by_player: dict[str, list[Card]], decks: int, jokers: int,
               deck_text: Phrase | str | None = None) -> None:
    """No card appears more often than the decks hold, across the whole hand (SPEC §4).

    ``cards_by_player`` maps a player to every physical card they showed
    (melds, lay-offs, hand); ``deck_text`` says what the game is played with
    (a :class:`~scorekeeper.core.phrase.Phrase`; :func:`deck_words` when not given;
    TRANSITIONAL: English text is still taken). Raises :class:`InputError`
    (``deck.too_many.one`` / ``.many`` as one deck or more, ``deck.no_jokers``) with
    the card, how often it appears (``count``), the most the decks hold (``limit``,
    and ``times`` in words) and the players holding it (``holders``).
    """
    found = too_many(cards_by_player, decks, jokers)
    if found is None:
        return
    card, holders, limit = found
    if deck_text is None:
        deck_text = deck_words(decks, jokers)
    if card.is_joker and limit == 0:
        raise InputError("deck.no_jokers", cards=(card,), holders=list(dict.fromkeys(holders)), decks=decks, jokers=jokers,
                         deck_text=deck_text)
    raise InputError(deck_code("deck.too_many", decks), cards=(card,), count=len(holders),
                     holders=list(dict.fromkeys(holders)), limit=limit, times=times_words(limit), decks=decks,
                     jokers=jokers, deck_text=deck_text)


def too_many(cards_by_player: dict[str, list[Card]], decks: int, jokers: int) -> tuple[Card, list[str], int] | None:
    """The first card shown more often than ``decks`` decks and ``jokers`` jokers hold:
    ``(card, the player for each copy, the most there can be)``; None when none is."""
    # counted by (rank, suit), which hash without a call of Card's own __hash__ per card
    keys = [(c.rank, c.suit) for cards in cards_by_player.values() for c in cards]
    if decks >= 1 and len(set(keys)) == len(keys) and (jokers >= 1 or (0, "") not in keys):
        return None  # no card twice, and a joker only where the game has one: the usual hand
    counts = Counter(keys)
    if all(n <= (jokers if rank == 0 else decks) for (rank, _suit), n in counts.items()):
        return None  # (who holds which copy is asked only of a card shown too often)
    seen: dict[Card, list[str]] = {}
    for player, cards in cards_by_player.items():
        for c in cards:
            seen.setdefault(c, []).append(player)
    for card, holders in seen.items():
        limit = jokers if card.is_joker else decks
        if len(holders) > limit:
            return card, holders, limit
    return None


def deck_code(base: str, decks: int) -> str:
    """``base`` and ``.one`` for one deck ("one deck holds it"), ``.many`` for more
    ("two decks hold it"): the verb agrees with the decks."""
    return f"{base}.{'one' if decks == 1 else 'many'}"


# -- lay-offs (SPEC §2.2): shared by Rummy 500 and Gin Rummy --------------------------------


class TableMeld:
    """A meld on the table this hand: its ``owner`` (a player), its ``cards`` as melded
    (:class:`~scorekeeper.core.cards.PlayedCard`) and its ``reading`` (a :class:`MeldReading`):
    what :func:`fit_layoffs` lays cards off onto."""

    def __init__(self, owner: str, cards: Sequence[PlayedCard], reading: MeldReading):
        self.owner, self.cards, self.reading = owner, list(cards), reading

    def title(self) -> Phrase:
        """``Ann's run 4♠ 5♠ 6♠``: the meld as melded."""
        return phrase("layoff.meld_title", owner=self.owner, kind=phrase(f"meld_kind.{self.reading.kind}"),
                      cards=self.reading.cards)


def read_as_melded(m: TableMeld, cards: Sequence[PlayedCard], rules: MeldRules) -> MeldReading:
    """Read ``m`` with the lay-offs on it (``cards``: its own cards and the lay-offs) keeping each of
    its own aces where it was melded (SPEC §2.2, §2.3): Q♥ K♥ A♥ that took J♥ down to 2♥ is the run
    2-…-K-A, ace high, although the same thirteen cards also read A-2-…-K. The slots hold the cards
    of ``cards`` themselves. Raises :class:`IllegalMeld` as :func:`read_meld` does."""
    marks = {id(s.played): "low" if s.low_ace else "high" for s in m.reading.slots
             if s.in_run and not s.wild and s.played.card.rank == 1 and s.played.ace is None}
    if not marks:
        return read_meld(cards, rules)
    marked = [replace(pc, ace=marks[id(pc)]) if id(pc) in marks else pc for pc in cards]
    reading = read_meld(marked, rules)
    back = {id(mk): pc for mk, pc in zip(marked, cards)}
    return replace(reading, slots=tuple(replace(s, played=back[id(s.played)]) for s in reading.slots))


def fit_layoffs(
    melds: Sequence[TableMeld], layoffs: Sequence[tuple[str, PlayedCard]], rules: MeldRules,
    read: Callable[[TableMeld, list[PlayedCard]], MeldReading] | None = None,
) -> list[MeldReading] | None:
    """Find where every lay-off goes (SPEC §2.2): an assignment of each
    ``(player, card)`` to a meld, lay-offs on lay-offs included, that leaves
    every meld legal. A search over all assignments, not a greedy pass.

    ``rules`` say which cards are wild (a wild card may go onto any meld), how large
    a set may grow (``set_max``) and whether a run may reach from ace to ace;
    ``read(meld, cards)`` judges a meld with its lay-offs (raising :class:`IllegalMeld`),
    :func:`read_as_melded` under ``rules`` when not given (each meld's own aces stay where
    they were melded; a variant whose melds keep the kind they were laid down as says so there).

    A meld's wild cards are not tied to the place its first reading gave them: with ``read``
    given, the meld and its lay-offs are read together in any legal way (``JK 5H 6H 7H`` takes
    8♥, the joker then 4♥), and its own unmarked aces may go low or high; without it, the
    aces stay where they were melded. Only the natural cards (and wild cards whose meaning the
    entry gave, ``JK=7H``) hold a place while the search prunes.

    How: the natural lay-offs fall into groups that could share no meld (the spades onto the
    spade runs, the queens onto the sets of queens…), each searched on its own for the
    arrangement that leaves its runs needing the fewest wild cards in their gaps; together they
    may need no more than the wild cards laid off, which then go where they are needed (the rest
    anywhere they fit). One group's choices never multiply another's. Where that finds nothing
    although the wild cards would suffice (a reading the pruning does not foresee), every
    assignment is tried.

    Returns each meld's final reading (in ``melds`` order), or None when no
    assignment works.
    """
    if not layoffs:
        return [m.reading for m in melds]
    search = _LayoffSearch(melds, layoffs, rules, read)
    try:
        return search.run()
    finally:
        search.close()


class _LayoffSearch:
    """The search of :func:`fit_layoffs` over one table and its lay-offs."""

    def __init__(self, melds: Sequence[TableMeld], layoffs: Sequence[tuple[str, PlayedCard]], rules: MeldRules,
                 read: Callable[[TableMeld, list[PlayedCard]], MeldReading] | None):
        self.melds, self.rules, self.read = melds, rules, read
        self.cards = [c for _, c in layoffs]
        self.shapes = self._shapes(melds, self.cards, rules, free_aces=read is not None)
        self.longest = 14 if rules.ace_to_ace else 13
        # Where each lay-off could go at all, given every other lay-off as filler (none beside a lone one)
        every = _Pool.of(self.cards, rules) if len(self.cards) > 1 else None
        self.could = []
        for c in self.cards:
            others = every.without(c, rules) if every is not None else _NO_CARDS
            self.could.append([j for j, sh in enumerate(self.shapes) if sh is not None and sh.could_take(c, [], rules)
                               and sh.short([c], others, rules, self.longest) is not None])

    @staticmethod
    def _shapes(melds: Sequence[TableMeld], cards: list[PlayedCard], rules: MeldRules,
                free_aces: bool) -> list[_Shape | None]:
        """Each meld's :class:`_Shape`; where no card is wild, None for a meld no lay-off could go on
        (not a set of a lay-off's rank, nor a run of its suit: what :meth:`_Shape.could_take` asks
        first), which the search never looks at."""
        if rules.wild is not _never_wild:
            return [_Shape.of(m, rules, free_aces) for m in melds]
        wanted = {("set", c.card.rank if c.stands_for is None else c.stands_for.rank) for c in cards}
        wanted |= {("run", c.card.suit if c.stands_for is None else c.stands_for.suit) for c in cards}
        shapes: list[_Shape | None] = []
        for m in melds:
            first = m.reading.slots[0].played  # the card that fixes the rank or the suit: nothing is wild
            natural = first.card if first.stands_for is None else first.stands_for
            kind = m.reading.kind
            taken = (kind, natural.rank if kind == "set" else natural.suit) in wanted
            shapes.append(_Shape.of(m, rules, free_aces) if taken else None)
        return shapes

    def close(self) -> None:
        # drop what refers back to the melds and readings at once (no cycles left for the collector)
        self.melds = self.shapes = self.could = self.cards = ()  # type: ignore[assignment]

    def judge(self, m: TableMeld, added: list[PlayedCard]) -> MeldReading:
        return self.read(m, m.cards + added) if self.read is not None else read_as_melded(m, m.cards + added,
                                                                                            self.rules)

    def readings(self, groups: list[list[PlayedCard]]) -> list[MeldReading] | None:
        """Each meld read with the lay-offs ``groups`` puts on it, or None when one is not legal."""
        found = []
        for m, added in zip(self.melds, groups):
            if not added:
                found.append(m.reading)
                continue
            try:
                found.append(self.judge(m, added))
            except IllegalMeld:
                return None
        return found

    def run(self) -> list[MeldReading] | None:
        if any(not targets for targets in self.could):
            return None  # a lay-off that fits no meld at all
        rules = self.rules
        natural = [k for k, c in enumerate(self.cards) if _natural(c, rules) is not None]
        wild = [k for k, c in enumerate(self.cards) if _natural(c, rules) is None]
        if not wild and not any(sh is not None and sh.wilds for sh in self.shapes):  # no wild card to share out (Rummy 500, Gin Rummy)
            if len(self.cards) == 1 or all(len(targets) == 1 for targets in self.could):
                return self._without_choices()  # the usual hand
            return self._every_assignment()
        groups = [[] for _ in self.melds]
        budget = len(wild)
        parts = self._parts(natural)
        for part in parts:
            best = self._fewest_wilds(part, budget, least=len(parts) > 1)
            if best is None:
                return None  # no arrangement of these lay-offs leaves gaps the wild cards can fill
            need, placed = best
            budget -= need
            for k, j in placed.items():
                groups[j].append(self.cards[k])
        found = self._place_wilds(groups, wild)
        if found is not None:
            return found
        return self._every_assignment()

    def _without_choices(self) -> list[MeldReading] | None:
        """Where there is nothing to search, no wild card being in play: one lay-off, tried on each
        meld it could go on in turn, or lay-offs that each have one meld they could go on, each meld
        read with those that go on it, in the order they came. What :meth:`_every_assignment`
        finds, which tries them in the same order (the search's pruning only spares it readings
        that would fail)."""
        if len(self.cards) == 1:
            for j in self.could[0]:
                found = self.readings([self.cards if k == j else [] for k in range(len(self.melds))])
                if found is not None:
                    return found
            return None
        groups: list[list[PlayedCard]] = [[] for _ in self.melds]
        for card, (j,) in zip(self.cards, self.could):
            groups[j].append(card)
        return self.readings(groups)

    def _parts(self, natural: list[int]) -> list[list[int]]:
        """The natural lay-offs in groups that could share no meld (joined through any meld two
        of them could both go on)."""
        owner: dict[int, int] = {}  # meld -> the first lay-off that could go on it
        parent = list(range(len(self.cards)))

        def root(k: int) -> int:
            while parent[k] != k:
                parent[k] = parent[parent[k]]
                k = parent[k]
            return k

        for k in natural:
            for j in self.could[k]:
                if j in owner:
                    parent[root(k)] = root(owner[j])
                else:
                    owner[j] = k
        parts: dict[int, list[int]] = {}
        for k in natural:
            parts.setdefault(root(k), []).append(k)
        return list(parts.values())

    def _fewest_wilds(self, part: list[int], most: int, least: bool = True) -> tuple[int, dict[int, int]] | None:
        """Where the lay-offs ``part`` go so that their melds' gaps need no more than ``most`` of
        the wild cards still to place — with ``least``, the fewest (other groups share them):
        ``(wild cards needed, {lay-off: meld})``, or None.

        A search for the first arrangement within ``most``, a state (what lay on each meld) that
        failed not tried again, and a state whose melds already need more given up at once (the
        need only grows as cards are placed: a gap no card left can fill stays one); then, with
        ``least``, the same within none, one, two… fewer."""
        rules, shapes, longest = self.rules, self.shapes, self.longest
        order = _clustered(part, self.could)
        melds = sorted({j for k in part for j in self.could[k]})
        groups: dict[int, list[PlayedCard]] = {j: [] for j in melds}
        pools = [_Pool({}, 0)] * (len(order) + 1)  # pools[i]: the part's cards from i on
        for i in range(len(order) - 1, -1, -1):
            pools[i] = pools[i + 1].plus(self.cards[order[i]], rules)
        opened = _still_open(order, self.could)
        placed: dict[int, int] = {}

        shorts: dict[tuple, int | None] = {}

        def short(j: int, i: int) -> int | None:
            """Meld ``j``'s wild cards short with what lies on it now, the cards from step ``i``
            on still to place (the same whatever path led here: the order is fixed)."""
            key = (j, i, *map(id, groups[j]))
            if key not in shorts:
                shorts[key] = shapes[j].short(groups[j], pools[i], rules, longest)
            return shorts[key]

        def need(i: int, bound: int) -> int | None:
            total = 0
            for j in melds:
                if groups[j]:
                    wanted = short(j, i)
                    if wanted is None:
                        return None
                    total += wanted
                    if total > bound:
                        return None
            return total

        def first(i: int, bound: int, failed: set) -> int | None:
            if i == len(order):
                return need(i, bound)
            key = _state(i, opened[i], groups, lambda j: short(j, i))
            if key in failed:
                return None
            k = order[i]
            card = self.cards[k]
            for j in self.could[k]:
                if not shapes[j].could_take(card, groups[j], rules):
                    continue
                groups[j].append(card)
                found = first(i + 1, bound, failed) if need(i + 1, bound) is not None else None
                groups[j].pop()
                if found is not None:
                    placed[k] = j
                    return found
            failed.add(key)
            return None

        try:
            found = first(0, most, set())
            if found is None:
                return None
            best = (found, dict(placed))
            for bound in range(found if least else 0):
                placed.clear()
                fewer = first(0, bound, set())
                if fewer is not None:
                    return fewer, dict(placed)
            return best
        finally:
            first = None  # noqa: F841 (a closure that calls itself: a cycle only the collector frees)

    def _place_wilds(self, groups: list[list[PlayedCard]], wild: list[int]) -> list[MeldReading] | None:
        """The wild lay-offs first into the gaps the natural ones left, the others onto any meld
        that still reads legal with them; each meld then read with its lay-offs (None when one is
        not legal: the pruning did not foresee a reading)."""
        rules = self.rules
        empty = _Pool({}, 0)
        left = list(wild)
        for j, sh in enumerate(self.shapes):
            if not groups[j]:
                continue
            short = sh.short(groups[j], empty, rules, self.longest) or 0
            for _ in range(short):
                if not left:
                    return None
                groups[j].append(self.cards[left.pop()])
        for k in left:
            card = self.cards[k]
            for j in self.could[k]:
                if not self.shapes[j].could_take(card, groups[j], rules):
                    continue
                try:
                    self.judge(self.melds[j], groups[j] + [card])
                except IllegalMeld:
                    continue
                groups[j].append(card)
                break
            else:
                return None
        return self.readings(groups)

    def _every_assignment(self) -> list[MeldReading] | None:
        """Every assignment of the lay-offs, the most constrained first, pruned as above: the
        search where no wild card is to be shared out, and the answer where the groups' search
        cannot tell (a reading the pruning does not foresee). A meld no lay-off still to place
        could go on is read as soon as it is done; after that only the wild cards it still needs
        matter, so arrangements that differ only there are one state."""
        rules, shapes, longest = self.rules, self.shapes, self.longest
        order = sorted(range(len(self.cards)), key=lambda k: len(self.could[k]))
        cards = [self.cards[k] for k in order]
        targets = [self.could[k] for k in order]
        still: list[_Pool] = [_Pool({}, 0)] * (len(cards) + 1)
        for i in range(len(cards) - 1, -1, -1):
            still[i] = still[i + 1].plus(cards[i], rules)
        groups: list[list[PlayedCard]] = [[] for _ in self.melds]
        failed: set = set()
        opened = _still_open(order, self.could)
        judged: dict[tuple, MeldReading | None] = {}

        def reading(j: int) -> MeldReading | None:
            key = (j, tuple(sorted(map(str, groups[j]))))
            if key not in judged:
                try:
                    judged[key] = self.judge(self.melds[j], list(groups[j]))
                except IllegalMeld:
                    judged[key] = None
            return judged[key]

        def feasible(rest: _Pool) -> bool:
            need = 0
            for sh, g in zip(shapes, groups):
                if g:
                    short = sh.short(g, rest, rules, longest)
                    if short is None:
                        return False
                    need += short
            return need <= rest.wilds

        def search(i: int) -> list[MeldReading] | None:
            if i == len(cards):
                found = [reading(j) if g else m.reading for j, (m, g) in enumerate(zip(self.melds, groups))]
                return None if any(r is None for r in found) else found  # type: ignore[return-value]
            if any(g and j not in opened[i] and reading(j) is None for j, g in enumerate(groups)):
                return None  # a meld done with that is not legal
            key = _state(i, opened[i], dict(enumerate(groups)),
                         lambda j: shapes[j].short(groups[j], still[i], rules, longest))
            if key in failed:
                return None
            card = cards[i]
            for j in targets[i]:
                if shapes[j].could_take(card, groups[j], rules):
                    groups[j].append(card)
                    found = search(i + 1) if feasible(still[i + 1]) else None
                    groups[j].pop()
                    if found is not None:
                        return found
            failed.add(key)
            return None

        try:
            return search(0)
        finally:
            search = None  # noqa: F841 (a closure that calls itself: a cycle only the collector frees)


def _clustered(cards: list[int], could: list[list[int]]) -> list[int]:
    """``cards`` (lay-offs) in the order a search places them: each time the one that opens the
    fewest melds not yet open (the cards of one suit's runs together, so that their melds are
    done with before another suit's are opened), then the one with the fewest melds to go on."""
    left = sorted(cards, key=lambda k: len(could[k]))
    opened: set[int] = set()
    order = []
    while left:
        k = min(left, key=lambda k: (len(set(could[k]) - opened), len(could[k])))
        left.remove(k)
        order.append(k)
        opened.update(could[k])
    return order


def _still_open(order: list[int], could: list[list[int]]) -> list[frozenset[int]]:
    """For each step of a search placing the lay-offs in ``order``, the melds some lay-off from
    that step on could still go on (``could``: each lay-off's melds); the others are done."""
    opened: list[frozenset[int]] = [frozenset()] * (len(order) + 1)
    for i in range(len(order) - 1, -1, -1):
        opened[i] = opened[i + 1] | frozenset(could[order[i]])
    return opened


def _state(i: int, opened: frozenset[int], groups: Mapping[int, list[PlayedCard]],
           short: Callable[[int], int | None]) -> tuple:
    """A search's state at step ``i``, as far as the rest of it can tell: what lies on each meld
    a lay-off still to place could go on, and the wild cards the melds done with still need in
    all (``short(j)``; what lies on them no longer matters). Two arrangements of one suit's cards
    that leave the same need are one state for every other suit's."""
    done = 0
    open_cards = []
    for j, g in groups.items():
        if not g:
            continue
        if j in opened:
            open_cards.append((j, tuple(sorted(map(str, g)))))
        else:
            need = short(j)
            done += 10 ** 6 if need is None else need
    return i, done, tuple(open_cards)


def _natural(card: PlayedCard, rules: MeldRules) -> Card | None:
    """The card ``card`` holds a place as: itself, or what a wild card was declared to stand for
    (``JK=7H``); None for a wild card free to stand for anything."""
    return card.stands_for or (None if rules.wild(card.card) else card.card)


def _ace_places(card: PlayedCard) -> tuple[int, ...]:
    """Where an ace may sit in a run: low (1), high (14), or either when not marked."""
    return (1,) if card.ace == "low" else (14,) if card.ace == "high" else (1, 14)


class _Pool:
    """Lay-offs not yet placed, as the search counts them: natural cards by ``(rank, suit)``
    (a declared wild as the card it stands for) and ``wilds``, the wild cards free to go anywhere.
    Never changed once made (:meth:`plus` and :meth:`without` make another)."""

    __slots__ = ("naturals", "wilds")

    def __init__(self, naturals: dict[tuple[int, str], int], wilds: int):
        self.naturals, self.wilds = naturals, wilds

    @classmethod
    def of(cls, cards: Iterable[PlayedCard], rules: MeldRules) -> "_Pool":
        naturals: dict[tuple[int, str], int] = {}
        wilds = 0
        for c in cards:
            natural = _natural(c, rules)
            if natural is None:
                wilds += 1
            else:
                key = (natural.rank, natural.suit)
                naturals[key] = naturals.get(key, 0) + 1
        return cls(naturals, wilds)

    def plus(self, card: PlayedCard, rules: MeldRules) -> "_Pool":
        natural = _natural(card, rules)
        if natural is None:
            return _Pool(self.naturals, self.wilds + 1)
        naturals = dict(self.naturals)
        key = (natural.rank, natural.suit)
        naturals[key] = naturals.get(key, 0) + 1
        return _Pool(naturals, self.wilds)

    def without(self, card: PlayedCard, rules: MeldRules) -> "_Pool":
        natural = _natural(card, rules)
        if natural is None:
            return _Pool(self.naturals, self.wilds - 1)
        naturals = dict(self.naturals)
        naturals[natural.rank, natural.suit] -= 1
        return _Pool(naturals, self.wilds)


#: no lay-off left
_NO_CARDS = _Pool({}, 0)


class _Shape:
    """What the lay-off search needs of a meld on the table: its kind, the rank (a set) or suit
    (a run) its natural cards fix, the places its natural cards hold in a run (each a tuple of the
    places it may take: an ace low or high), and how many of its cards are wild cards free to
    stand anywhere. The place a first reading gave a wild card is not kept: any reading of the
    meld with its lay-offs is a legal one (SPEC §2.2, §2.8)."""

    __slots__ = ("kind", "rank", "suit", "places", "naturals", "wilds", "size")

    def __init__(self, kind: str, rank: int | None, suit: str | None, places: list[tuple[int, ...]],
                 naturals: list[Card], wilds: int, size: int):
        self.kind, self.rank, self.suit, self.places = kind, rank, suit, places
        self.naturals, self.wilds, self.size = naturals, wilds, size

    @classmethod
    def of(cls, m: TableMeld, rules: MeldRules, free_aces: bool) -> "_Shape":
        wild = rules.wild
        places: list[tuple[int, ...]] = []
        naturals: list[Card] = []
        wilds = 0
        for s in m.reading.slots:
            played = s.played
            natural = played.stands_for
            if natural is None:
                natural = played.card
                if wild(natural):
                    wilds += 1
                    continue
            naturals.append(natural)
            rank = natural.rank
            if rank != 1:
                places.append((rank,))
            elif free_aces:  # read again with the lay-offs in any legal way: the ace too
                places.append(_ace_places(played))
            else:  # the meld's own ace stays where it was melded
                places.append((s.rank if s.rank in (1, 14) else 1,))
        rank = naturals[0].rank if naturals else None
        suit = naturals[0].suit if naturals else None
        return cls(m.reading.kind, rank, suit, places, naturals, wilds, len(m.reading.slots))

    def could_take(self, card: PlayedCard, added: list[PlayedCard], rules: MeldRules) -> bool:
        """Whether ``card`` may join this meld and the lay-offs ``added`` to it so far."""
        if self.kind == "set" and rules.set_max is not None and self.size + len(added) >= rules.set_max:
            return False
        natural = _natural(card, rules)
        if natural is None:
            return True
        others = [n for n in map(lambda c: _natural(c, rules), added) if n is not None]
        if self.kind == "set":
            rank = self.rank if self.rank is not None else (others[0].rank if others else natural.rank)
            if natural.rank != rank:
                return False
            return rules.set_duplicates or natural not in self.naturals and natural not in others
        suit = self.suit if self.suit is not None else (others[0].suit if others else natural.suit)
        if natural.suit != suit:
            return False
        if natural.rank == 1:  # one ace at each end at most (ace to ace), else one ace
            aces = sum(1 for n in self.naturals if n.rank == 1) + sum(1 for n in others if n.rank == 1)
            return aces < (2 if rules.ace_to_ace else 1)
        return all(n.rank != natural.rank for n in self.naturals) and all(n.rank != natural.rank for n in others)

    def short(self, added: list[PlayedCard], rest: _Pool, rules: MeldRules, longest: int) -> int | None:
        """How many of the wild cards still to place this meld needs at least, to fill the gaps
        between its natural cards and those laid off on it (a 9 on 5-6-7 needs an 8 still to come,
        or a wild card) beyond its own wild cards and the natural cards still to place; None when
        no wild card could make it legal (a run longer than a suit, two cards on one place)."""
        if self.kind == "set" or not added:
            return 0
        wilds = self.wilds
        places = list(self.places)
        suit = self.suit
        for c in added:
            natural = _natural(c, rules)
            if natural is None:
                wilds += 1
            elif natural.rank == 1:
                places.append(_ace_places(c))
                suit = suit or natural.suit
            else:
                places.append((natural.rank,))
                suit = suit or natural.suit
        if self.size + len(added) > longest:
            return None
        if suit is None:  # wild cards only, so far
            return 0
        best = None
        for placed in product(*places) if places else [()]:
            if len(set(placed)) != len(placed):
                continue
            if 1 in placed and 14 in placed and not rules.ace_to_ace:
                continue
            if not placed:
                return 0
            lo, hi = min(placed), max(placed)
            short = 0
            for r in range(lo + 1, hi):
                if r not in placed and rest.naturals.get((1 if r == 14 else r, suit), 0) == 0:
                    short += 1
            short = max(0, short - wilds)
            best = short if best is None else min(best, short)
            if best == 0:
                return 0
        return best
