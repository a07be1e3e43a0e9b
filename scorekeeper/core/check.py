"""Judging melds on their own, as ``check`` does (SPEC §2.2, §5).

``check rummy500 KS AS 2S`` answers: not legal, because runs cannot turn the
corner. Each meld (commas separate several) gets a :class:`MeldCheck`: legal
or not, its kind, its points where melds score (Rummy 500, Rum 500; None in
Carousel and Crazy Rummy) and why, in words as data (a phrase said in the chosen
language for people, in English in ``--json``). Cards that cannot be read,
a missing or impossible round, or a bad rule option raise :class:`InputError`
(exit 2); an illegal meld is an answer, not an error.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from scorekeeper.core.cards import RANKS, PlayedCard, format_card, split_melds
from scorekeeper.core.errors import InputError
from scorekeeper.core.melds import (
    IllegalMeld,
    MeldFault,
    MeldReading,
    Slot,
    ace_either_way,
    deck_code,
    deck_words,
    times_words,
    too_many,
)
from scorekeeper.core.phrase import Phrase, english, phrase, said
from scorekeeper.core.rulebook import Variant, Wilds
from scorekeeper.core.rules import parse_rule_args

#: The most rounds a round-by-round wild rank can have (one per rank, ace to king).
MAX_ROUNDS = 13


@dataclass(frozen=True)
class MeldCheck:
    """The verdict on one meld.

    ``cards`` in canonical ASCII (a wild card as ``JK=6H`` with the card it
    was read as; a legal run in rank order); ``kind`` ``"set"``/``"run"`` or
    None when illegal; ``value`` its points, or None where melds do not score
    or it is illegal; ``phrase`` what the meld is or why it is not, in words as
    data (the reading's phrase, or ``check.illegal`` with the fault as its cause),
    which :attr:`reason` says; ``arithmetic`` the card-by-card sum of ``value``
    (``"10 + 10 + 15 = 35"``) or None; ``why`` the rule an illegal meld breaks, as
    data (a :class:`MeldFault`: code and facts, the cards as card objects).
    """

    cards: tuple[str, ...]
    legal: bool
    kind: str | None
    value: int | None
    phrase: Phrase | str
    arithmetic: str | None = None
    why: MeldFault | None = field(default=None, compare=False)

    @property
    def reason(self) -> str:
        """Why, in words of the chosen language."""
        return str(self.phrase)

    def as_json(self, people: bool = False) -> dict:
        """The meld's part of the ``check --json`` document: the reason in English, as
        ``--json`` is in every language (``people=True``: in the chosen language)."""
        return {"cards": list(self.cards), "legal": self.legal, "kind": self.kind, "value": self.value,
                "reason": said(self.phrase) if people else english(self.phrase), "arithmetic": self.arithmetic}


@dataclass(frozen=True)
class CheckResult:
    """Every meld's verdict. ``value`` is the points of all the melds together
    when every one is legal and melds score in the variant, else None;
    ``round`` and ``wild`` (the wild rank, ``"4"``) where the round matters."""

    variant: str
    round: int | None
    melds: tuple[MeldCheck, ...]
    wild: str | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    #: what ``--deal N`` found, as ``{key: verdict}`` (Contract Rummy: ``{"contract": {"deal", "text",
    #: "met", "reason"}}``), where the variant's deals ask for particular melds
    deal: dict[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return all(m.legal for m in self.melds)

    @property
    def value(self) -> int | None:
        if not self.legal or any(m.value is None for m in self.melds):
            return None
        return sum(m.value for m in self.melds)  # type: ignore[misc]

    def as_json(self, people: bool = False) -> dict:
        """The ``check --json`` document (SPEC §5), the same in every language: the
        reasons in English. ``people=True`` gives the same document with the reasons
        in the chosen language, for the table printed for people."""
        doc = {"variant": self.variant, "round": self.round, "wild": self.wild, "legal": self.legal,
               "melds": [m.as_json(people) for m in self.melds], "value": self.value}
        for key, verdict in self.deal.items():
            words = {k: (said(v) if people else english(v)) if isinstance(v, Phrase) else v for k, v in verdict.items()}
            doc[key] = words
            doc["deal_verdict"] = words  # the same, under one name whatever the variant calls it
        return doc


def _slot_text(slot: Slot) -> str:
    text = format_card(slot.played.card)
    if slot.wild and slot.counts_as is not None:
        text += "=" + format_card(slot.counts_as)
    return text


def _arithmetic(variant: Variant, reading: MeldReading, rules: dict[str, Any], value: int) -> str | None:
    """Card by card, when the variant's meld value is the sum of its cards' values."""
    parts = [variant.melds.value(MeldReading(reading.kind, (s,), ""), rules) for s in reading.slots]
    if any(p is None for p in parts) or sum(parts) != value:  # type: ignore[arg-type]
        return None
    return " + ".join(str(p) for p in parts) + f" = {value}"


def judge(variant: Variant, cards: Sequence[PlayedCard], rules: dict[str, Any], round_: int, jokers: int,
          decks: int = 2, wild: int | None = None) -> MeldCheck:
    """One meld's verdict under ``rules`` (and ``round_``, where the wild rank depends on it, or
    ``wild``, the rank a deal's cut card made wild); ``decks`` and ``jokers`` are the most copies
    of a card and of the joker the game holds."""
    typed = tuple(str(pc) for pc in cards)

    def illegal(why: MeldFault) -> MeldCheck:
        return MeldCheck(typed, False, None, None, phrase("check.illegal", cause=why), why=why)

    if jokers == 0 and any(pc.card.is_joker for pc in cards):
        return illegal(MeldFault("check.no_jokers", variant=variant.said_name))
    found = too_many({"": [pc.card for pc in cards]}, decks, jokers)
    if found is not None:
        card, copies, limit = found
        return illegal(MeldFault(deck_code("check.too_many", decks), cards=(card,), count=len(copies),
                                 limit=limit, times=times_words(limit), decks=decks, jokers=jokers,
                                 deck_text=deck_words(decks, jokers)))
    try:
        reading = variant.melds.judge(cards, rules, round_, wild)
    except IllegalMeld as e:
        return illegal(e.reason)
    value = variant.melds.value(reading, rules)
    if value is not None and reading.kind == "run":
        _ace_either_way(variant, cards, rules, round_)
    arithmetic = _arithmetic(variant, reading, rules, value) if value is not None else None
    return MeldCheck(tuple(_slot_text(s) for s in reading.slots), True, reading.kind, value, reading.phrase, arithmetic)


def _ace_either_way(variant: Variant, cards: Sequence[PlayedCard], rules: dict[str, Any], round_: int) -> None:
    """I-5, as ``hand`` has it: a run whose unmarked ace reads low or high (all thirteen cards of a
    suit) and is worth different points each way is not guessed. Raises :class:`InputError`
    ``check.whole_suit_ace`` with the ace, its points and the run's either way (85 or 99)."""
    either = ace_either_way(cards, variant.melds.rules(rules, round_))
    if either is None:
        return
    ace, low, high = either
    values = [variant.melds.value(r, rules) for r in (low, high)]
    if values[0] == values[1]:
        return
    aces = [variant.melds.value(MeldReading("run", tuple(s for s in r.slots if s.played.card.rank == 1
                                                           and not s.wild), ""), rules) for r in (low, high)]
    raise InputError("check.whole_suit_ace", cards=tuple(cards), card=ace.card, typed=format_card(ace.card),
                     low_ace=aces[0], high_ace=aces[1], low=values[0], high=values[1])


def _most_cards(variant: Variant, rule_args: Sequence[str]) -> tuple[int, int]:
    """``(decks, jokers)``: the most any game of ``variant`` with these options holds,
    over every player count it allows (a meld is judged without knowing the table),
    read from the variant's deal (and its ``decks`` option where it has one)."""
    most = (0, 0)
    for n in range(variant.min_players, variant.max_players + 1):
        try:
            rules = parse_rule_args(variant, rule_args, n)
        except InputError:  # an option this player count cannot take (8 players from one deck)
            continue
        decks, jokers = variant.deals.packs(rules, n)
        most = (max(most[0], decks), max(most[1], jokers))
    return most


def _widest_rules(variant: Variant, rule_args: Sequence[str]):
    """The options a meld is judged under, the table unknown: those of the player count
    with the most decks (Rummy 500's sets of identical cards need two), the fewest players
    among equals. Raises :class:`InputError` for a bad option."""
    chosen, most = None, -1
    for n in range(variant.min_players, variant.max_players + 1):
        try:
            rules = parse_rule_args(variant, rule_args, n)
        except InputError:  # an option this player count cannot take (8 players from one deck)
            continue
        decks = variant.deals.packs(rules, n)[0]
        if decks > most:
            chosen, most = rules, decks
    if chosen is None:  # every count refused: say why as the fewest players would hear it
        return parse_rule_args(variant, rule_args, variant.min_players)
    return chosen


def _only_with_more_decks(variant: Variant, rule_args: Sequence[str], melds: Sequence[Sequence[PlayedCard]],
                          verdicts: tuple[MeldCheck, ...]) -> tuple[MeldCheck, ...]:
    """The verdicts, a legal meld's reason saying when it is legal only at a bigger table: where a
    card (not a joker) appears again in it — within it or after the melds before it — and the
    variant plays with that many decks only from some number of players on (Rummy 500's sets of
    identical cards: two decks, 5 or more players). Its phrase is then ``check.with_decks``
    (``deck_text``: the decks, ``players``: the fewest players that have them)."""
    seen: dict[Any, int] = {}
    said = []
    for cards, verdict in zip(melds, verdicts):
        copies = 1
        for pc in cards:
            if pc.card.is_joker:
                continue
            seen[pc.card] = seen.get(pc.card, 0) + 1
            copies = max(copies, seen[pc.card])
        fewest = _fewest_players_with(variant, rule_args, copies) if verdict.legal and copies > 1 else None
        if fewest is not None:
            verdict = replace(verdict, phrase=phrase("check.with_decks", cause=verdict.phrase,
                                                     deck_text=deck_words(copies), players=fewest))
        said.append(verdict)
    return tuple(said)


def _fewest_players_with(variant: Variant, rule_args: Sequence[str], decks: int) -> int | None:
    """The fewest players that play ``variant`` with at least ``decks`` decks, when fewer
    players play with fewer (else None: every table has them, or none does)."""
    counts = []
    for n in range(variant.min_players, variant.max_players + 1):
        try:
            rules = parse_rule_args(variant, rule_args, n)
        except InputError:
            continue
        counts.append((n, variant.deals.packs(rules, n)[0] >= decks))
    enough = [n for n, ok in counts if ok]
    if not enough or all(ok for _n, ok in counts):
        return None
    return enough[0]


def _rounds(variant: Variant) -> tuple[bool, int]:
    """Whether the meld rules change from round to round (Crazy Rummy's wild rank:
    the round number), and the last round there is."""
    if not variant.deals.round_matters:
        return False, 0
    return True, variant.deals.count({}) or MAX_ROUNDS


def check_melds(variant: Variant, cards: str | Sequence[str], round_: int | None = None,
                rule_args: Sequence[str] = (), deal: int | None = None, wild_rank: str | None = None) -> CheckResult:
    """Judge the melds in ``cards`` (one text, or tokens; ``,``/``;`` between melds)
    for ``variant`` with its default options changed by ``rule_args`` (``KEY=VALUE``).

    ``round_`` is required (1–13) where the wild rank changes by round, and
    refused elsewhere. ``deal``: also judge whether the melds make what deal ``deal``
    asks for, where the variant's deals ask for particular melds (refused elsewhere).
    ``wild_rank``: the rank a deal's cut card made wild, as typed (``check indian … --wild 7``),
    where the entry names it (:attr:`~scorekeeper.core.rulebook.facts.Wilds.CUT_RANK`; refused
    elsewhere); without it only the jokers are wild. What the variant says of the melds together
    (:meth:`~scorekeeper.core.rulebook.melds.Melds.judge_together`: Indian Rummy's declaration) is
    added. Raises :class:`InputError` for unreadable cards, no cards, a bad round, wild rank or
    option.
    """
    rules = _widest_rules(variant, rule_args)
    needs_round, last = _rounds(variant)
    wild = None
    cut = None
    if wild_rank is not None:
        if variant.melds.wilds is not Wilds.CUT_RANK:
            raise InputError("check.wild_not_needed", variant=variant.said_name, wild=wild_rank)
        cut = variant.codec.read_wild(wild_rank)
        wild = RANKS[cut - 1]
    if needs_round:
        if round_ is None:
            raise InputError("check.round_needed", variant=variant.said_name, last=last)
        if not 1 <= round_ <= last:
            raise InputError("check.round_out_of_range", variant=variant.said_name, last=last, round=round_)
        wild = RANKS[variant.deals.wild_rank(rules, round_) - 1]
    elif round_ is not None:
        raise InputError("check.round_not_needed", variant=variant.said_name, round=round_)
    text = cards if isinstance(cards, str) else " ".join(str(c) for c in cards)
    melds = split_melds(text, "cards")
    if not melds:
        raise InputError("check.no_cards")
    decks, jokers = _most_cards(variant, rule_args)
    verdicts = tuple(judge(variant, m, rules, round_ or 0, jokers, decks, cut) for m in melds)
    verdicts = _only_with_more_decks(variant, rule_args, melds, verdicts)
    found: dict[str, Any] = dict(variant.melds.judge_together(rules, melds, cut) or {})
    if deal is not None:
        verdict = variant.melds.judge_deal(rules, deal, melds)
        if verdict is None:
            raise InputError("check.deal_not_needed", variant=variant.said_name, deal=deal)
        found = dict(verdict)
    return CheckResult(variant.id, round_ if needs_round else None, verdicts, wild, rules, found)

