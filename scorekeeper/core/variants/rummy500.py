"""Rummy 500 and Rum 500 (Michigan rum): SPEC §2.1–§2.3, I-1, I-3, I-5, I-6.

The rule book, in short: each hand a player scores the points of the melds
they put down plus the cards they laid off (on anyone's meld), minus the
points of the cards left in their hand. An ace counts 1 where it is low in a
run (A-2-3) and 15 everywhere else, in hand too; a meld's ace keeps the place
it had when it was melded, whatever is laid off on it later. The first total
to reach 500 ends the game after that hand, and the highest total wins.

Rummy 500 and Rum 500 are one game: Rum 500 deals 13 cards to two players (not
10) and adds the second deck only for 8 players (not from 5).

Worked example (SPEC §4): Ann melds 7♥ 8♥ 9♥ (24) and Q♠ Q♦ Q♣ (30), lays off
10♥ (10) and holds A♠ 4♦ (19): 24 + 30 + 10 − 19 = 45.
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, replace
from itertools import product
from typing import Any, Mapping, Sequence

from scorekeeper.core.cards import PlayedCard, format_card
from scorekeeper.core.entry import HandEntry, PlayerEntry
from scorekeeper.core.errors import Collect, InputError
from scorekeeper.core.game import Ending, GameSoFar
from scorekeeper.core.melds import (
    IllegalMeld,
    MeldReading,
    MeldRules,
    TableMeld,
    ace_either_way,
    check_deck,
    fit_layoffs,
    read_meld,
)
from scorekeeper.core.rulebook import CardScale, CardValues, Codec, Deals, Endings, Melds, Pack, Scoring, Variant
from scorekeeper.core.rules import RuleSet, boolean, one_of, one_of_enum, option, whole_number
from scorekeeper.core.scoring import HandResult, Joined, Line, Phrase, PlayerScore, phrase
from scorekeeper.core.variants.common import highest_total_ending, tie_option

RULE_SCORE = "§2.3"
RULE_VALUES = "§2.1"


@dataclass(frozen=True, eq=False)
class Rummy500Rules(RuleSet):
    """The house-rule options of Rummy 500 and Rum 500 (SPEC §2.6)."""

    target: int = option(500, "a whole number ≥ 1", whole_number(1), "the total that ends the game")
    tie: str = tie_option(("play-on", "shared"), "play-on")
    ace_in_hand: int = option(15, "15 or 1", one_of("15", "1"),
                              "what an ace left in hand costs (1 means the low value: 5 on the 5-10-15 scale)")
    card_values: CardScale = option(
        CardScale.FACE, "face or 5-10-15", one_of_enum(CardScale),
        "face: ace 15 (1 low), K Q J 10, others face value; 5-10-15: 2-9 count 5, 10-K 10, ace 15 (5 low)")
    out_bonus: int = option(0, "a whole number ≥ 0", whole_number(0), "points for going out")
    decks: int = option(1, "1 or 2", one_of("1", "2"), "how many 52-card decks are in play")
    set_duplicates: bool = option(False, "true or false", boolean,
                                  "with two decks, may a set hold two identical cards")


#: Rummy 500's decks: one for 2-4 players, two for 5-8
DECKS = {n: 1 if n <= 4 else 2 for n in range(2, 9)}


@dataclass(frozen=True, eq=False)
class Rummy500Options(Rummy500Rules):
    """Rummy 500's options: its two decks allow identical cards in a set by default (SPEC §2.2)."""

    by_players = {"decks": DECKS}

    set_duplicates: bool = option(True, "true or false", boolean,
                                  "with two decks, may a set hold identical cards and grow past four, up to the "
                                  "eight cards of a rank")


#: The card values (§2.1): by face, and on the 5-10-15 scale (``card_values``).
FACE = CardValues(ace=15, low_ace=1, court=10, ten=10)
FIVE_TEN_FIFTEEN = CardValues(ace=15, low_ace=5, court=10, ten=10, pips=5, scale=CardScale.FIVE_TEN_FIFTEEN)
SCALES = {CardScale.FACE: FACE, CardScale.FIVE_TEN_FIFTEEN: FIVE_TEN_FIFTEEN}


def card_value(rank: int, rules: Mapping[str, Any], low: bool = False, in_hand: bool = False) -> tuple[int, str]:
    """The points of a card of ``rank`` and why, under the session's ``card_values``.

    ``low`` — an ace at the low end of a run; ``in_hand`` — an ace left in
    hand (per ``ace_in_hand``). Returns ``(points, reason code)``.
    """
    return value_table(rules)[rank, low, in_hand]


def value_table(rules: Mapping[str, Any]) -> Mapping[tuple[int, bool, bool], tuple[int, str]]:
    """Every card's points and why under the session's ``card_values`` and ``ace_in_hand``:
    ``{(rank, low, in_hand): (points, reason code)}`` for ranks 1–13 (see :func:`card_value`).
    Made once per pair of options: a hand looks each card up here instead of reading the
    options again for every card."""
    scale = rules["card_values"]
    return _value_table(scale if type(scale) is CardScale else CardScale(scale), rules["ace_in_hand"])


@functools.lru_cache(maxsize=None)
def _value_table(scale_option: CardScale, ace_in_hand: int) -> dict[tuple[int, bool, bool], tuple[int, str]]:
    return {(rank, low, in_hand): _rule_value(rank, scale_option, ace_in_hand, low, in_hand)
            for rank in range(1, 14) for low in (False, True) for in_hand in (False, True)}


def _rule_value(rank: int, scale_option: CardScale, ace_in_hand: int, low: bool, in_hand: bool) -> tuple[int, str]:
    """§2.1: what a card counts (the one place these values are decided)."""
    values = SCALES[scale_option]
    scale = values.scale is CardScale.FIVE_TEN_FIFTEEN
    if rank == 1:
        if low:
            return values.low_ace, "value.low_ace_scale" if scale else "value.low_ace"
        if in_hand and ace_in_hand == 1:
            return values.low_ace, "value.ace_in_hand_low_scale" if scale else "value.ace_in_hand_low"
        return values.ace, "value.ace"
    if scale:
        return ((values.court, "value.ten_to_king_scale") if rank >= 10
                else (values.pip(rank), "value.two_to_nine_scale"))
    if rank >= 11:
        return values.court, "value.court"
    return values.pip(rank), "value.face"


def values_of(rules: Mapping[str, Any]) -> CardValues:
    """The card values under the session's ``card_values``, an ace left in hand per ``ace_in_hand``
    (1: the low value)."""
    values = SCALES[CardScale(rules["card_values"])]
    return replace(values, ace_held=values.low_ace) if rules["ace_in_hand"] == 1 else values


def kind_word(kind: str) -> Phrase:
    """A meld's kind (``run``, ``set``) as a word of a sentence, said in the spoken language."""
    return phrase(f"meld_kind.{kind}")


def meld_value(reading: MeldReading, rules: Mapping[str, Any]) -> int:
    """A meld's points: the sum of its cards, an ace 1 where it is low in a run (§2.1, §2.3)."""
    return sum(card_value(s.played.card.rank, rules, low=s.low_ace)[0] for s in reading.slots)


def _layoff_error(melds: Sequence[TableMeld], layoffs: Sequence[tuple[str, PlayedCard]], rules: MeldRules,
                  paper: Sequence[str] = ()) -> InputError:
    """Say which lay-off cannot go anywhere, and why, as precisely as possible.
    ``paper`` names the players whose table was given as points (I-6)."""
    if not melds:
        player, card = layoffs[0]
        return InputError("layoff.no_melds", player=player, card=card.card)
    # Grow the largest group of lay-offs that fit together, in passes (so a 10
    # typed before the 9 it rests on still joins); those that never join are to
    # blame. Judged alone, a 6 laid off on a 5 that is itself laid off would be.
    fits: list[tuple[str, PlayedCard]] = []
    left = list(layoffs)
    grown = True
    while grown:
        grown = False
        for item in list(left):
            if fit_layoffs(melds, fits + [item], rules) is not None:
                fits.append(item)
                left.remove(item)
                grown = True
    placed = fit_layoffs(melds, fits, rules) if fits else [m.reading for m in melds]
    if left and placed is not None:
        player, card = left[0]
        reasons = []
        for m, reading in zip(melds, placed):
            try:
                read_meld(reading.cards + [card], rules)
            except IllegalMeld as e:
                same = (m.reading.kind == "set" and card.card.rank == m.reading.slots[0].rank) or (
                    m.reading.kind == "run" and any(s.counts_as and s.counts_as.suit == card.card.suit
                                                     for s in m.reading.slots))
                if same:
                    extra = [c for c in reading.cards if not any(c is own for own in m.cards)]
                    on = (phrase("layoff.meld_with", meld=m.title(), cards=extra) if extra else m.title())
                    reasons.append(phrase("layoff.not_on", meld=on, why=e.reason))
        parts = [phrase("layoff.reasons", reasons=Joined(tuple(reasons), "; "))] if reasons else []
        if paper:
            parts.append(phrase("layoff.paper", players=list(paper)))
        if len(left) > 1:
            parts.append(phrase("layoff.nor_do", cards=[phrase("layoff.card_of", card=c.card, player=p)
                                                        for p, c in left[1:]]))
        return InputError("layoff.no_fit", player=player, card=card.card, why=Joined(tuple(parts)))
    return InputError("layoff.not_all_fit",
                      layoffs=Joined(tuple(phrase("layoff.card_of", card=c.card, player=p) for p, c in layoffs), " "))


def _ace_ambiguity(melds, layoffs, rules: MeldRules) -> None:
    """I-5: a laid-off ace that could attach low (1) or elsewhere (15) must say which, unless
    every way the unmarked aces can go gives every player the same points.

    An ace's points go to the player who laid it off: low 1, elsewhere 15, so what matters is how
    many of each player's aces go low. Identical aces of one player are interchangeable (which of
    two A♥ went below 2♥ 3♥ 4♥ and which above J♥ Q♥ K♥ changes nothing): they are tried as "how
    many of them low", not one by one. Raises ``layoff.ace_ambiguous`` naming an ace whose
    place changes someone's points."""
    groups: dict[tuple[str, Any], list[int]] = {}
    for i, (player, card) in enumerate(layoffs):
        if card.card.rank == 1 and not card.ace:
            groups.setdefault((player, card.card, card.stands_for), []).append(i)
    if not groups:
        return
    keys = list(groups)
    found: list[tuple[tuple[int, ...], frozenset]] = []  # (how many of each group go low, points by player)
    for lows in product(*(range(len(groups[k]) + 1) for k in keys)):
        trial = list(layoffs)
        for key, low in zip(keys, lows):
            for n, i in enumerate(groups[key]):
                player, card = layoffs[i]
                trial[i] = (player, PlayedCard(card.card, card.stands_for, "low" if n < low else "high"))
        if fit_layoffs(melds, trial, rules) is None:
            continue
        by_player: Counter = Counter()
        for key, low in zip(keys, lows):
            by_player[key[0]] += low
        found.append((lows, frozenset((p, n) for p, n in by_player.items() if n)))
    if len({outcome for _lows, outcome in found}) <= 1:
        return
    varies = next(k for n, k in enumerate(keys) if len({lows[n] for lows, _o in found}) > 1)
    player, card = varies[0], varies[1]
    raise InputError("layoff.ace_ambiguous", player=player, card=card, typed=format_card(card))


def _whole_suit_ace(player: str, cards: Sequence[PlayedCard], reading: MeldReading, mrules: MeldRules,
                    rules: Mapping[str, Any]) -> None:
    """I-5: a run of all thirteen cards of a suit reads A-2…K (ace 1) or 2…K-A (ace 15):
    the entry must say which (``AH:low`` or ``AH:high``), as for a laid-off ace. The refusal
    names the run's points both ways (85 or 99 at face value)."""
    if reading.kind != "run":
        return
    either = ace_either_way(cards, mrules)
    if either is None:
        return
    ace, low, high = either
    raise InputError("meld.whole_suit_ace", player=player, card=ace.card, typed=format_card(ace.card),
                     low_ace=card_value(1, rules, low=True)[0], high_ace=card_value(1, rules)[0],
                     low=meld_value(low, rules), high=meld_value(high, rules))


def score_hand(entry: HandEntry, game: GameSoFar) -> HandResult:
    """Score one hand of Rummy 500 / Rum 500 (SPEC §2.3).

    Each player: own melds + cards laid off − cards left in hand, in points
    (may be negative). Points-only players: ``table − hand``. Raises
    :class:`InputError` for an illegal meld, a lay-off that fits nowhere, an
    ambiguous laid-off ace (I-5), or more copies of a card than the decks hold.
    """
    setup = game.setup
    rules = setup.rules
    mrules = setup.variant.melds.rules(rules, game.round)
    # The deck count first: it bounds how many cards the lay-off search can see.
    decks, jokers = setup.variant.deals.packs(rules, len(setup.players))
    check_deck({p: e.physical_cards() for p, e in entry.players.items()}, decks, jokers)
    shown = [(p, i, cards) for p, e in entry.players.items() for i, cards in enumerate(e.melds or ())]
    try:  # each meld read straight through (the usual hand has no illegal meld)
        melds = [_table_meld(p, cards, mrules, rules) for p, _i, cards in shown]
    except InputError:
        mistakes = Collect()  # every illegal meld at once, each with its place: read again, gathering them
        for p, i, cards in shown:
            with mistakes.at("players", p, "melds", i):
                _table_meld(p, cards, mrules, rules)
        mistakes.raise_any()
        raise AssertionError("a meld refused once is refused again") from None  # pragma: no cover
    layoffs = [(p, c) for p, e in entry.players.items() for c in e.layoffs]
    readings = fit_layoffs(melds, layoffs, mrules) if layoffs else [m.reading for m in melds]
    if readings is None:
        raise _layoff_error(melds, layoffs, mrules, [p for p, e in entry.players.items() if e.table is not None])
    if layoffs:
        _ace_ambiguity(melds, layoffs, mrules)

    values, bonus = value_table(rules), rules["out_bonus"]
    points = points_by_rank(rules)
    scores = {p: _player_score(p, e, melds, readings, values, bonus, entry.out, points)
              for p, e in entry.players.items()}
    won = [entry.out] if entry.out else []
    return HandResult(scores, won=won, ended="out" if entry.out else ("stock" if entry.stock_exhausted else ""))


def _table_meld(p: str, cards: Sequence[PlayedCard], mrules: MeldRules, rules: Mapping[str, Any]) -> TableMeld:
    """Player ``p``'s meld ``cards`` as it lies on the table, read; raises :class:`InputError`
    (``game.of_player``) for an illegal meld, ``meld.whole_suit_ace`` for a run of a whole suit
    whose ace is not placed (I-5)."""
    try:
        reading = read_meld(cards, mrules)
    except IllegalMeld as err:
        raise InputError("game.of_player", player=p, cause=err) from None
    _whole_suit_ace(p, cards, reading, mrules, rules)
    return TableMeld(p, cards, reading)


def points_by_rank(rules: Mapping[str, Any]) -> tuple[dict[int, int], dict[int, int]]:
    """:func:`value_table`'s points by rank (1–13), on the table (an ace high) and in hand: what
    a card counts, looked up by its rank alone (an ace at the low end of a run aside)."""
    scale = rules["card_values"]
    return _points_by_rank(scale if type(scale) is CardScale else CardScale(scale), rules["ace_in_hand"])


@functools.lru_cache(maxsize=None)
def _points_by_rank(scale_option: CardScale, ace_in_hand: int) -> tuple[dict[int, int], dict[int, int]]:
    values = _value_table(scale_option, ace_in_hand)
    return ({rank: values[rank, False, False][0] for rank in range(1, 14)},
            {rank: values[rank, False, True][0] for rank in range(1, 14)})


def _player_score(p: str, e: PlayerEntry, melds: Sequence[TableMeld], readings: Sequence[MeldReading],
                  values: Mapping[tuple[int, bool, bool], tuple[int, str]], out_bonus: int,
                  out: str | None, points: tuple[dict[int, int], dict[int, int]]) -> PlayerScore:
    """Player ``p``'s score (§2.3): the points of each card read from the session's ``values``
    (:func:`value_table`; ``points``: the same by rank, :func:`points_by_rank`), as :func:`_terms`
    reads them; the lines saying them are made from those terms only when someone reads them
    (:meth:`PlayerScore.explained_later`), which the totals an import, a replay or `standings`
    need never do."""
    on_table, in_hand = points
    total = 0
    if e.table is not None:
        total += e.table
    for m in melds:
        if m.owner == p:
            for slot in m.reading.slots:
                rank = slot.played.card.rank
                # only an ace is ever low (at the low end of a run): it is looked up as such
                total += values[1, slot.low_ace, False][0] if rank == 1 else on_table[rank]
    for c in e.layoffs:
        for reading in readings:
            for slot in reading.slots:
                if slot.played is c:
                    break
            else:
                continue
            total += values[c.card.rank, slot.low_ace, False][0]
            break
    if e.hand is not None:
        for card in e.hand:
            total -= in_hand[card.rank]
    elif e.hand_points is not None:
        total -= e.hand_points
    if out == p and out_bonus:
        total += out_bonus

    def explain() -> list[Line]:
        terms = _terms(p, e, melds, readings, values, out_bonus, out)
        if sum(t[1] for t in terms) != total:  # pragma: no cover (the two readings of the same values)
            raise AssertionError(f"{p}: the lines add up to another score than {total}")
        return _lines(p, melds, terms)

    return PlayerScore.explained_later(p, total, explain, points_only=e.points_only)


def _terms(p: str, e: PlayerEntry, melds: Sequence[TableMeld], readings: Sequence[MeldReading],
           values: Mapping[tuple[int, bool, bool], tuple[int, str]], out_bonus: int,
           out: str | None) -> list[tuple]:
    """What counted in player ``p``'s score, in the order the lines say it: ``(part, points, why,
    what it was)`` for each card (its points and why from ``values``), the table or hand counted on
    paper, and the bonus for going out."""
    terms: list[tuple] = []
    if e.table is not None:
        terms.append(("table", e.table, None, None))
    for i, m in enumerate(melds):
        if m.owner == p:
            # as melded: lay-offs never change how the owner's cards score (an ace high stays high)
            for slot in m.reading.slots:
                pts, why = values[slot.played.card.rank, slot.low_ace, False]
                terms.append(("meld", pts, why, (i, slot)))
    for c in e.layoffs:
        for m, reading in zip(melds, readings):
            slot = next((s for s in reading.slots if s.played is c), None)
            if slot is not None:
                pts, why = values[c.card.rank, slot.low_ace, False]
                terms.append(("layoff", pts, why, (m, reading, c)))
                break
    if e.hand is not None:
        for card in e.hand:
            pts, why = values[card.rank, False, True]
            terms.append(("hand", -pts, why, card))
    elif e.hand_points is not None:
        terms.append(("paper", -e.hand_points, None, None))
    if out == p and out_bonus:
        terms.append(("bonus", out_bonus, None, None))
    return terms


def _lines(p: str, melds: Sequence[TableMeld], terms: Sequence[tuple]) -> list[Line]:
    """The explanation lines of :func:`_player_score`'s terms: each term's points as decided
    there, said with its card, rule and reason."""
    ps = PlayerScore(p)
    for part, pts, why, what in terms:
        if part == "table":
            ps.add(pts, "line.table_on_paper", "§2.3, I-6", "table")
        elif part == "meld":
            i, slot = what
            m = melds[i]
            ps.add(pts, "line.meld_card", RULE_VALUES if slot.played.card.rank == 1 else RULE_SCORE, "meld",
                   slot.played.card, group=f"meld {i}", kind=kind_word(m.reading.kind),
                   meld=m.reading.cards, value=phrase(why), amount=pts)
        elif part == "layoff":
            m, reading, c = what
            ps.add(pts, "line.layoff", "§2.2, §2.3", "layoff", c.card,
                   player=p, whose=phrase("line.own_meld") if m.owner == p
                   else phrase("line.meld_of", owner=m.owner),
                   kind=kind_word(m.reading.kind), meld=meld_when_laid_off(m, reading, c), value=phrase(why),
                   amount=pts)
        elif part == "hand":
            ps.add(pts, "line.in_hand", "§2.1" if what.rank == 1 else RULE_SCORE, "hand", what,
                   value=phrase(why), amount=-pts)
        elif part == "paper":
            ps.add(pts, "line.hand_on_paper", "§2.3, I-6", "hand", amount=-pts)
        else:
            ps.add(pts, "line.out_bonus", "§2.3", "bonus", amount=pts)
    return ps.lines


def meld_when_laid_off(m: TableMeld, reading: MeldReading, card: PlayedCard) -> list[PlayedCard]:
    """The meld as it was when ``card`` was laid off on it: as melded, with the lay-offs
    that had to come before (those between the card and the melded cards). 7-8-9♥ that
    took 10♥ then J♥: the J♥ went on 7♥ 8♥ 9♥ 10♥, the 10♥ on 7♥ 8♥ 9♥, whatever the
    run became after. A set takes one lay-off at most (never above four cards)."""
    cards = reading.cards
    if reading.kind != "run":
        return list(m.reading.cards)
    own = [i for i, pc in enumerate(cards) if any(pc is mine for mine in m.cards)]
    at = next(i for i, pc in enumerate(cards) if pc is card)
    low, high = min(own), max(own)
    return cards[low:at] if at > high else cards[at + 1:high + 1]


def end_of_game(game: GameSoFar) -> Ending:
    """After the hand in which a total reaches the target the highest total wins;
    tied highest totals play on or share the win (I-1)."""
    return highest_total_ending(game.setup, game.played, game.rules["target"])


class Rummy500Scoring(Scoring):
    """Each hand: own melds + lay-offs − the cards left in hand; the first to the target ends the game."""

    def score(self, entry: HandEntry, game: GameSoFar) -> HandResult:
        return score_hand(entry, game)

    def end(self, game: GameSoFar) -> Ending:
        return end_of_game(game)

    def values(self, rules: Mapping[str, Any]) -> CardValues:
        return values_of(rules)

    def out_bonus(self, rules: Mapping[str, Any]) -> int:
        return int(rules["out_bonus"])

    def check_setup(self, rules: Mapping[str, Any], players: int) -> None:
        """Refuse option combinations the table cannot play: more cards dealt than
        the decks hold (8 players × 7 cards from one deck), or identical cards in a
        set (``set_duplicates``) asked for with only one deck, where there are none
        (Rummy 500 allows them by default, which one deck leaves without effect)."""
        variant = self.variant
        each = variant.pack.cards[players]
        if players * each > 52 * rules["decks"]:
            raise InputError("rule.too_few_decks", players=players, each=each)
        asked = rules["set_duplicates"] and not variant.option("set_duplicates").default_for(players)
        if asked and rules["decks"] == 1:
            raise InputError("rule.duplicates_need_two_decks", players=players)


class Rummy500Deals(Deals):
    """The decks in play are the ``decks`` option (by default one for 2-4 players, two for 5-8)."""

    def packs(self, rules: Mapping[str, Any], players: int) -> tuple[int, int]:
        return int(rules["decks"]) if "decks" in rules else self.variant.pack.decks[players], 0


@dataclass(eq=False)
class Rummy500Melds(Melds):
    """Melds score their cards' points; sets as ``sets_grow`` says (Rummy 500's grow with two
    decks; Rum 500's are three or four cards)."""

    sets_grow: bool = True

    def rules(self, rules: Mapping[str, Any], round_: int = 0, wild: int | None = None) -> MeldRules:
        return _sets_grow(rules) if self.sets_grow else sets_of_four(rules)

    def value(self, reading: MeldReading, rules: Mapping[str, Any]) -> int:
        return meld_value(reading, rules)


def _sets_grow(rules: Mapping[str, Any]) -> MeldRules:
    """Rummy 500's melds (SPEC §2.2): with two decks and ``set_duplicates`` (the default) a set
    may hold identical cards and grow past four, up to the eight cards of a rank the decks
    hold ("groups of three or more cards of one rank"); otherwise three or four, all different."""
    duplicates = bool(rules["set_duplicates"]) and rules["decks"] == 2
    return _meld_rules(duplicates, 4 * rules["decks"] if duplicates else 4)


def sets_of_four(rules: Mapping[str, Any]) -> MeldRules:
    """Rum 500's melds: a set of three or four cards, identical ones only with two decks and
    ``set_duplicates``."""
    return _meld_rules(bool(rules["set_duplicates"]) and rules["decks"] == 2, 4)


@functools.lru_cache(maxsize=None)
def _meld_rules(set_duplicates: bool, set_max: int) -> MeldRules:
    # one (frozen) MeldRules for each pair of values, the same object hand after hand: the meld
    # readings read_meld remembers are found by identity, never compared field by field
    return MeldRules(ace_high=True, set_duplicates=set_duplicates, set_max=set_max)


def by_count(two: int, many: int) -> dict[int, int]:
    """A figure for 2 players, and another for 3–8."""
    return {n: two if n == 2 else many for n in range(2, 9)}


def summary(sets: str) -> str:
    """The rules in a paragraph, sets as ``sets`` says (Rummy 500's and Rum 500's differ)."""
    return (
        "Each hand, each player scores the points of their own melds plus the cards they laid off "
        "(on anyone's meld, or on an earlier lay-off) minus the points of the cards left in their hand; "
        "a hand score and a total may be negative. Ace 15, or 1 where it is low in a run (A-2-3); "
        f"K Q J 10; 2-10 face value; an ace left in hand 15. Sets: {sets}; runs: 3+ "
        "cards of one suit in sequence, ace low or high but never round the corner (K-A-2). "
        "A laid-off ace that could go low or elsewhere must say which: AS:low or AS:high (I-5). "
        "The game ends after the hand in which a total reaches the target (500); the highest total wins."
    )



RUMMY500 = Variant(
    id="rummy500",
    name="Rummy 500",
    aliases=("500", "500-rum"),
    players=(2, 8),
    rules_type=Rummy500Options,
    summary=summary("3 or more cards of one rank (with two decks identical cards too, up to the eight cards of a "
                     "rank; set_duplicates=false: 3 or 4 different cards)")
    + " One deck for 2-4 players, two for 5-8; 10 cards each for 2 players, else 7.",
    interpretations={"I-1": "tie", "I-5": None, "I-6": None, "I-7": None},
    # one deck for 2-4 players, two for 5-8 (the decks option); 10 cards each for 2 players, else 7
    pack=Pack(decks=DECKS, jokers=by_count(0, 0), cards=by_count(10, 7)),
    card_values=FACE,
    endings=Endings({"out", "stock"}),
    lowest_wins=False,
    deal_word="hand",
    # the highest total wins, even where another reached the target first in that hand
    scoring=Rummy500Scoring(end_rule=RULE_SCORE),
    codec=Codec(keys=frozenset({"melds", "layoffs", "hand", "table"})),
    deals=Rummy500Deals(),
    # identical cards in a set, and sets past four, with two decks (SPEC §2.2: "three or more cards of one rank")
    melds=Rummy500Melds(ace_high=True, score=True, sets_grow=True),
    list_order=10,
)

#: The object the entry point ``rummy500`` names (SPEC §8).
VARIANT = RUMMY500
