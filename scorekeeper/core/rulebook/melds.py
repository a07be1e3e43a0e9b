"""What makes a meld legal in a variant, what it is worth, and what a deal's melds must make."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.core.cards import Card, PlayedCard
from scorekeeper.core.melds import MeldReading, MeldRules, read_meld
from scorekeeper.core.rules import Said
from scorekeeper.core.rulebook.facts import Wilds
from scorekeeper.core.rulebook.part import Part


def _is_joker(card: Card) -> bool:
    return card.is_joker


@dataclass(frozen=True)
class RankWild:
    """Wild when of ``rank`` (1 = ace … 13 = king): ``MeldRules(wild=RankWild(7))``, a named
    callable, so two meld rules of one deal compare equal."""

    rank: int

    def __call__(self, card: Card) -> bool:
        return card.rank == self.rank


@dataclass(eq=False)
class Melds(Part):
    """A variant's meld law. Data: ``wilds`` (which cards are wild:
    :class:`~scorekeeper.core.rulebook.facts.Wilds`), ``ace_high`` (Q-K-A is a run), ``score``
    (melds score points: Rummy 500). The defaults read melds with the shared sets and runs of
    :func:`scorekeeper.core.melds.read_meld` under :meth:`rules`; override:

    * :meth:`rules` — the shared meld rules under the session's options (Rummy 500's sets
      that grow with two decks);
    * :meth:`judge` — a meld law of the variant's own (Contract Rummy: runs of four, sets of any
      size); it raises :class:`~scorekeeper.core.melds.IllegalMeld`;
    * :meth:`value` — a meld's points where melds score;
    * :meth:`judge_deal` — whether a deal's melds make what it asks for (Contract Rummy's
      contracts, ``check … --deal N``);
    * :meth:`judge_together` — what melds make together, whatever the deal (Indian Rummy: whether
      they are a valid declaration), said by ``check``.
    """

    wilds: Wilds = Wilds.NONE
    ace_high: bool = True
    score: bool = False

    @property
    def has_wild_cards(self) -> bool:
        """Whether any card is wild in the variant (jokers, or a deal's wild rank)."""
        return self.wilds is not Wilds.NONE

    def rules(self, rules: Mapping[str, Any], round_: int = 0, wild: int | None = None) -> MeldRules:
        """What makes a meld legal in deal ``round_`` under ``rules``; ``wild``: the deal's wild
        rank where the entry names it (Indian Rummy's cut card), else the one the deal's number
        names (:meth:`~scorekeeper.core.rulebook.deals.Deals.wild_rank`)."""
        if self.wilds is Wilds.JOKERS:
            return MeldRules(wild=_is_joker, ace_high=self.ace_high, wild_name=Said("wild", "joker"))
        if self.wilds in (Wilds.ROUND_RANK, Wilds.CUT_RANK):
            rank = wild if wild is not None else self.variant.deals.wild_rank(rules, round_)
            if rank is None:
                return MeldRules(ace_high=self.ace_high)
            from scorekeeper.core.cards import RANKS

            return MeldRules(wild=RankWild(rank), ace_high=self.ace_high,
                             wild_name=Said("wild", f"wild {RANKS[rank - 1]}"))
        return MeldRules(ace_high=self.ace_high)

    def judge(self, cards: Sequence[PlayedCard], rules: Mapping[str, Any], round_: int = 0,
              wild: int | None = None) -> MeldReading:
        """The reading of one meld (its kind, what each card stands for, why it is legal).
        Raises :class:`~scorekeeper.core.melds.IllegalMeld` (an ``InputError``) saying why not."""
        return read_meld(cards, self.rules(rules, round_, wild))

    def value(self, reading: MeldReading, rules: Mapping[str, Any]) -> int | None:
        """A meld's points where melds score, else None."""
        return None

    def judge_deal(self, rules: Mapping[str, Any], round_: int, melds: Sequence[Sequence[PlayedCard]]) -> dict | None:
        """Whether ``melds`` make what deal ``round_`` asks for: ``{key: verdict}`` (each verdict a
        mapping whose ``reason`` is words as data), or None where the deals ask for no particular
        melds (``check … --deal N`` is then refused)."""
        return None

    def judge_together(self, rules: Mapping[str, Any], melds: Sequence[Sequence[PlayedCard]],
                       wild: int | None = None) -> dict | None:
        """What ``melds`` make together with ``wild`` the deal's wild rank (where the entry names
        it), as ``{key: verdict}`` (each verdict a mapping whose ``reason`` is words as data:
        Indian Rummy's ``{"declaration": {"valid": …, "reason": …}}``), or None where the variant
        says nothing of melds together (the default)."""
        return None
