"""The facts of a rule book, as data: the pack, the card values, which cards are wild, how a
deal may end. Each is a small frozen record a :class:`~scorekeeper.core.rulebook.Variant`
holds; nothing here has behaviour beyond reading itself."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Mapping


@dataclass(frozen=True)
class Pack:
    """The cards of a game by player count: ``decks`` (52-card packs), ``jokers`` and
    ``cards`` dealt to each player, each a mapping ``{players: number}``; ``extra_to_leader``
    more cards to the player left of the dealer (Crazy Rummy's 8th card).

    ``Pack(decks={2: 1, 3: 1}, jokers={2: 0, 3: 0}, cards={2: 10, 3: 7})``"""

    decks: Mapping[int, int]
    jokers: Mapping[int, int]
    cards: Mapping[int, int]
    extra_to_leader: int = 0

    @property
    def has_jokers(self) -> bool:
        """Whether any game of the variant is played with jokers."""
        return any(self.jokers.values())


class CardScale(StrEnum):
    """How cards are valued: by face, or on the 5-10-15 scale (Rummy 500's option)."""

    FACE = "face"
    FIVE_TEN_FIFTEEN = "5-10-15"


@dataclass(frozen=True)
class CardValues:
    """What a card counts, in points: ``ace`` (high, or in hand), ``low_ace`` (at the low end
    of a run), ``court`` (J Q K), ``ten``, ``pips`` (2–9; None means face value), ``joker`` and
    ``wild`` (a wild card of the deal's wild rank) where the game has them; ``scale`` the name
    of the scale; ``ace_held``, what an ace left in hand counts where it is not ``ace``
    (Rummy 500's ``ace_in_hand=1``), else None."""

    ace: int
    low_ace: int
    court: int = 10
    ten: int = 10
    pips: int | None = None
    joker: int | None = None
    wild: int | None = None
    scale: CardScale = CardScale.FACE
    ace_held: int | None = None

    def pip(self, rank: int) -> int:
        """A 2–10's value, in points."""
        if rank == 10:
            return self.ten
        return rank if self.pips is None else self.pips

    @property
    def all_count(self) -> bool:
        """Whether every card counts something (no card is worth 0)."""
        counts = [self.ace, self.low_ace, self.court, self.ten, self.pips if self.pips is not None else 2,
                  self.joker, self.wild]
        return all(c is None or c > 0 for c in counts)


@dataclass(frozen=True)
class DeckBounds:
    """What all the cards of a game's decks are worth, in points (I-6): ``table`` on the table,
    ``hand`` in hand, ``anywhere`` each card where it counts most; ``decks`` and ``jokers``."""

    table: int
    hand: int
    anywhere: int
    decks: int
    jokers: int


class Wilds(StrEnum):
    """Which cards are wild: none, the jokers, or the rank a deal names (Crazy Rummy: the
    round's number; Indian Rummy: the card cut after the deal, printed jokers too)."""

    NONE = "none"
    JOKERS = "jokers"
    ROUND_RANK = "round rank"
    CUT_RANK = "cut rank"


#: the ways a deal may end that the program knows by name: a player went out (``out``; in
#: Indian Rummy declared), knocked (``knock``), or the stock ran out (``stock``)
COMMON_ENDINGS = ("out", "knock", "stock")


@dataclass(frozen=True)
class Endings:
    """How a deal may end, in the variant's own words.

    ``ways``: the endings the entry may give (``"out"``, ``"knock"``, ``"stock"``);
    ``required``: the entry must say which (a knock cannot be guessed); ``won``: what winning a
    deal is, ``"out"`` (the player went out: Rummy 500, Crazy Rummy) or ``"won"`` (the player is
    among the deal's winners: Carousel's round winners, Gin Rummy's boxes), which names the
    standings' column; ``words``: the message codes the screens say an ending with, by way, where
    the variant says it otherwise (Indian Rummy: ``{"out": "indian.ending.out"}``, "declared"),
    and under ``"won"`` the heading of the standings' column ("Declared").

    ``Endings({"knock", "stock"}, required=True, won="won")``"""

    ways: frozenset[str]
    required: bool = False
    won: str = "out"
    words: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ways", frozenset(self.ways))

    @property
    def knock(self) -> bool:
        """Whether a player may knock."""
        return "knock" in self.ways

    @property
    def out(self) -> bool:
        """Whether going out ends a deal (Knock Rummy: only a knock does)."""
        return "out" in self.ways

    def word(self, way: str) -> str:
        """The message code the screens say the ending ``way`` with ("went out", "knocked"),
        unless the variant says it otherwise (Indian Rummy: "declared")."""
        return self.words.get(way, _ENDING_WORDS.get(way, way))


#: how the screens say an ending, by way, where the variant says nothing of its own
_ENDING_WORDS = {"out": "prompt.went_out", "knock": "prompt.knocked"}
