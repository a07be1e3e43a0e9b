"""Contract Rummy's house-rule options (SPEC §2.8): one frozen record, checked when made.

``preset`` (``bicycle``, ``liverpool``, ``liverpool6``) is taken by ``new`` and never
stored: explicit options override the preset's values and the session stores the
resulting values. ``contracts`` is the deals' contracts in order: deals separated by
``/``, melds by ``+``, each ``S<n>`` (a set of at least *n*, n ≥ 3) or ``R<n>`` (a run
of at least *n*, 3 ≤ n ≤ 14); the number of deals is the length of the list.

Units: ``deuce_value``, ``joker_value`` and ``cut_bonus`` are points.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import InputError
from scorekeeper.core.phrase import Phrase, phrase
from scorekeeper.core.rules import FromOptions, Presets, RuleSet, boolean, one_of, option, whole_number

#: Bicycle's seven contracts (SPEC §2.8).
DEFAULT_CONTRACTS = "S3+S3/S3+R4/R4+R4/S3+S3+S3/S3+S3+R4/S3+R4+R4/R4+R4+R4"
#: Six-deal Liverpool: Bicycle's first six contracts.
SIX_CONTRACTS = "S3+S3/S3+R4/R4+R4/S3+S3+S3/S3+S3+R4/S3+R4+R4"

MIN_PLAYERS, MAX_PLAYERS = 3, 8
#: The most cards a run holds: ace to ace (I-C9).
LONGEST_RUN = 14


@dataclass(frozen=True)
class Need:
    """One meld a contract asks for: ``kind`` ``"set"`` or ``"run"``, at least ``size`` cards."""

    kind: str
    size: int

    @property
    def text(self) -> str:
        """``S3``, ``R4``."""
        return ("S" if self.kind == "set" else "R") + str(self.size)


@dataclass(frozen=True)
class Contract:
    """A deal's contract: the melds a player must put down to go down, in the order given."""

    needs: tuple[Need, ...]

    @property
    def text(self) -> str:
        """The canonical form: ``S3+R4``."""
        return "+".join(n.text for n in self.needs)

    @property
    def cards(self) -> int:
        """The fewest cards that make the contract (S3+R4: 7)."""
        return sum(n.size for n in self.needs)

    def words(self) -> Phrase:
        """The contract in words, as data: "2 sets and 1 run" (sizes beyond the smallest said)."""
        parts = []
        for kind in ("set", "run"):
            sizes = [n.size for n in self.needs if n.kind == kind]
            for size in sorted(set(sizes)):
                count = sizes.count(size)
                what = phrase(f"contract.words.{kind}s.{count if count <= 4 else 'n'}", count=count)
                usual = size == (3 if kind == "set" else 4)
                parts.append(what if usual else phrase("contract.words.of_at_least", what=what, size=size))
        return phrase("contract.words", parts=parts)

    def __str__(self) -> str:
        return self.text


def parse_contracts(text: Any) -> tuple[Contract, ...]:
    """Read the ``contracts`` option: ``"S3+S3/S3+R4"`` → two contracts.

    Raises :class:`ValueError` for anything else (the option's parser: the caller says
    what is allowed)."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(text)
    deals = []
    for deal in text.replace(" ", "").upper().split("/"):
        needs = []
        for part in deal.split("+"):
            if len(part) < 2 or part[0] not in "SR" or not part[1:].isdigit():
                raise ValueError(text)
            size = int(part[1:])
            if part[0] == "S" and size < 3 or part[0] == "R" and not 3 <= size <= LONGEST_RUN:
                raise ValueError(text)
            needs.append(Need("set" if part[0] == "S" else "run", size))
        deals.append(Contract(tuple(needs)))
    return tuple(deals)


def _canonical_contracts(text: Any) -> str:
    return "/".join(c.text for c in parse_contracts(text))


def _packs_default(players: int) -> int:
    return 2 if players <= 4 else 3


_CONTRACTS_VALUES = ("deals separated by /, melds by +: S<n> a set of at least n (n ≥ 3), "
                     "R<n> a run of at least n (3-14)")


@dataclass(frozen=True, eq=False)
class ContractRules(RuleSet):
    """Contract Rummy's options as a session stores them (a preset already applied)."""

    contracts: str = option(DEFAULT_CONTRACTS, _CONTRACTS_VALUES, _canonical_contracts,
                            "the deals' contracts in order; the number of deals is the length of the list")
    packs: int = option(None, "2, 3 or 4", one_of("2", "3", "4"),
                        "packs of 52 in play (2 for 3-4 players, 3 for 5-8)")
    jokers: int = option(None, "a whole number ≥ 0", whole_number(0),
                         "jokers in play (packs − 1; both jokers of every pack under the Liverpool presets)")
    deuces_wild: bool = option(False, "true or false", boolean, "2s are wild as well as the jokers (I-C12)")
    deuce_value: int = option(15, "a whole number ≥ 0", whole_number(0),
                              "what a 2 left in hand counts under deuces_wild=true (15)")
    card_values: str = option("face", "face or 5-10-15", one_of("face", "5-10-15"),
                              "face: 2-10 face value; 5-10-15: 2-9 count 5, 10-K 10 (an ace always 15)")
    joker_value: int = option(15, "a whole number ≥ 0", whole_number(0), "what a joker left in hand counts (15)")
    exact_contract: bool = option(False, "true or false", boolean,
                                  "every contract meld exactly its size, not at least (I-C1)")
    extra_melds: bool = option(False, "true or false", boolean,
                               "melds beyond the contract allowed at going down (I-C2)")
    wild_limit: str = option("none", "none, natural or half", one_of("none", "natural", "half"),
                             "wilds in a meld as laid down: no limit, at least one natural card, "
                             "or at most half the meld (I-C3)")
    adjacent_runs: str = option("allow", "allow or refuse", one_of("allow", "refuse"),
                                "two runs of one suit of one player that join into one (I-C4)")
    last_deal: str = option("all-out", "all-out, no-discard or normal", one_of("all-out", "no-discard", "normal"),
                            "the last deal: going down is going out, no discard, or like any other deal (I-C8)")
    cut_bonus: int = option(0, "a whole number ≥ 0", whole_number(0),
                            "taken off the deal's penalty of the player who cut the pack exactly (I-C13)")
    tie: str = option("shared", "shared (play-on is refused: there is no deal after the last)",
                      one_of("play-on", "shared"), "tied lowest totals after the last deal share the win (I-1)",
                      choices=("shared",))

    @property
    def deals(self) -> tuple[Contract, ...]:
        """The contracts, deal by deal."""
        return parse_contracts(self.contracts)

    def check(self) -> None:
        """``tie=play-on`` is refused (there is no deal after the last); ``deuce_value`` other than
        15 needs ``deuces_wild=true``. Raises :class:`InputError` ``contract.no_play_on``,
        ``contract.deuce_value_alone``."""
        if not self.deuces_wild and self.deuce_value != 15:
            raise InputError("contract.deuce_value_alone", value=self.deuce_value)
        if self.tie == "play-on":
            raise InputError("contract.no_play_on")

    def smallest(self, kind: str) -> int:
        """The smallest size of ``kind`` in the contracts (the smallest meld of that kind)."""
        sizes = [n.size for c in self.deals for n in c.needs if n.kind == kind]
        return min(sizes) if sizes else (3 if kind == "set" else 4)


def _jokers(per_pack: int, less: int, shown: str) -> FromOptions:
    return FromOptions(lambda values: per_pack * int(values["packs"]) - less, shown)


#: What each preset sets (SPEC §2.8), the jokers worked out from the packs.
PRESETS: dict[str, dict[str, Any]] = {
    "bicycle": {"jokers": _jokers(1, 1, "packs − 1")},
    "liverpool": {"jokers": _jokers(2, 0, "2 × packs"), "cut_bonus": 50},
    "liverpool6": {"contracts": SIX_CONTRACTS, "exact_contract": "true", "jokers": _jokers(2, 0, "2 × packs")},
}

_PRESETS = Presets(
    "bicycle", PRESETS, "bicycle, liverpool or liverpool6",
    "bicycle: the values above; liverpool: both jokers of every pack, cut_bonus=50; liverpool6: deals 1-6 only, "
    "exact_contract=true, both jokers of every pack; options given explicitly override it")
ContractRules.presets = _PRESETS


def option_defaults() -> dict[str, dict[int, Any]]:
    """The defaults that depend on the player count (packs, jokers), for ``rules``."""
    packs = {n: _packs_default(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    return {"packs": packs, "jokers": {n: packs[n] - 1 for n in packs}}


ContractRules.by_players = option_defaults()
