"""How a variant's deals follow one another: how many there are, who deals, who takes part,
the packs in play and what each deal asks for (SPEC §2, §8)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.core.rulebook.part import Part

#: the game so far (:class:`scorekeeper.core.game.GameSoFar`), named only in words here: the game
#: model imports the variant
GameSoFar = Any



@dataclass(eq=False)
class Deals(Part):
    """How deals follow one another. The defaults: the game has no fixed number of deals (it
    ends on a total), the deal passes to the left every deal, everyone takes part in every
    deal, the packs are the variant's :class:`~scorekeeper.core.rulebook.facts.Pack` for the
    player count (or the ``decks`` option where the variant has one), and every deal asks the
    same. Override a method where the rule book differs:

    * :meth:`count` — a fixed number of deals (Crazy Rummy's 13 rounds; Contract Rummy's
      contracts; Indian Rummy's ``deals`` option);
    * :meth:`facts` / :meth:`words` — what deal *n* is known to ask for before it is played
      (Crazy Rummy: the round's wild rank; Contract Rummy: the deal's contract), as ``--json``
      facts and as words for people;
    * :meth:`wild_rank` — the rank wild in deal *n*, where the deal's number names it;
    * :meth:`next_dealer` — who deals the next deal (Gin Rummy: the deal's winner);
    * :meth:`in_play` — who takes part in a deal (Indian Rummy's pools: not the eliminated);
    * :meth:`packs`, :meth:`dealt` — the packs in play and the cards dealt, where options set them;
    * :meth:`events`, :meth:`apply`, :meth:`event_words` — the events between deals the variant
      takes (Indian Rummy's pools: a rejoin, a split), what each changes, and each in words;
    * :meth:`sides` — how the players form sides scored as one (partnerships: Canasta's four
      players), where the rule book plays in sides.
    """

    def count(self, rules: Mapping[str, Any]) -> int | None:
        """The number of deals a game under ``rules`` has, or None where it ends on totals."""
        return None

    def facts(self, rules: Mapping[str, Any], round_: int) -> dict[str, Any]:
        """What deal ``round_`` (its number in the game, from 1) is known to ask for before it is
        played, as ``--json`` facts (Crazy Rummy: ``{"round": 7, "wild": "7"}``); {} where every
        deal asks the same."""
        return {}

    def words(self, rules: Mapping[str, Any], round_: int) -> Any:
        """What deal ``round_`` asks for, in words as data (a
        :class:`~scorekeeper.core.phrase.Phrase`: "Deal 3 — two runs (R4+R4)."), said with the
        standings and when the prompt asks for that deal; None where there is nothing to say
        (or past the last deal)."""
        return None

    def wild_rank(self, rules: Mapping[str, Any], round_: int) -> int | None:
        """The rank (1 = ace … 13 = king) wild in deal ``round_`` where the deal's number names
        it, else None. Raises :class:`~scorekeeper.core.errors.InputError` for a deal outside
        the game."""
        return None

    @property
    def differ(self) -> bool:
        """Whether deals differ by their number (what :meth:`facts` or :meth:`words` say of one):
        then a game begun on paper may continue at deal *n* (``new --round``)."""
        return type(self).facts is not Deals.facts or type(self).words is not Deals.words

    @property
    def round_matters(self) -> bool:
        """Whether what makes a meld legal changes with the deal's number (a wild rank per round)."""
        return type(self).wild_rank is not Deals.wild_rank

    def packs(self, rules: Mapping[str, Any], players: int) -> tuple[int, int]:
        """``(decks, jokers)`` in play under ``rules`` for ``players`` players: the pack for the
        player count (a variant whose options choose them says so: Rummy 500's ``decks``)."""
        pack = self.variant.pack
        return pack.decks[players], pack.jokers[players]

    def dealt(self, players: int) -> Any:
        """The cards dealt to each of ``players`` players, in words as data."""
        from scorekeeper.core.phrase import phrase

        pack = self.variant.pack
        each = pack.cards[players]
        if pack.extra_to_leader:
            return phrase("deal.cards_each_extra", each=each, leader=each + pack.extra_to_leader)
        return phrase("deal.cards_each", each=each)

    def next_dealer(self, game: "GameSoFar", dealer: str, result: Any) -> str:
        """Who deals the deal after the one ``dealer`` dealt, whose result is ``result``
        (``game``: the game after that deal): the next player to the left who takes part in it."""
        return game.left_of(dealer)

    def in_play(self, game: "GameSoFar") -> tuple[str, ...]:
        """The players who take part in the coming deal of ``game``, in seat order: everyone."""
        return game.setup.players

    def sides(self, players: Sequence[str], teams: Sequence[Sequence[str]] | None = None
              ) -> tuple[tuple[str, ...], ...]:
        """How ``players`` (seat order) form sides, each scored as one (SPEC §8: sides, partnerships):
        a tuple of sides, each a tuple of names. ``teams`` are the sides a table chose (``new
        --teams "Ann+Cy,Bob+Dee"``, the names already matched to the players), or None. The
        default: each player alone, and no teams to choose (``teams.not_for_variant``). A variant
        that plays in sides says who partners whom by default and which teams it takes; the game
        checks that every player is in exactly one side. Raises
        :class:`~scorekeeper.core.errors.InputError` for teams the rule book does not play."""
        if teams is not None:
            from scorekeeper.core.errors import InputError

            raise InputError("teams.not_for_variant", variant=self.variant.said_name)
        return tuple((p,) for p in players)

    @property
    def has_sides(self) -> bool:
        """Whether the variant plays in sides (it says so with its own :meth:`sides`): then the
        documents give each deal's and the standings' ``sides`` (sides of one included)."""
        return type(self).sides is not Deals.sides

    def events(self) -> Sequence[str]:
        """The kinds of event between deals the variant takes (Indian Rummy's pools:
        ``rejoin``, ``split``); none by default. Each kind is made by the command of its name
        (``rejoin NAME``; ``split``: ``end --split``)."""
        return ()

    def apply(self, game: "GameSoFar", event: Mapping[str, Any]) -> dict[str, int]:
        """Check ``event`` (a stored record ``{"kind": …, "after": N, "player": …}``: ``after`` the
        deals played before it) at its place in ``game`` (the game after those deals, the events
        before it included: ``game.events``) and return what it changes in the totals, in points
        per player ({} for nothing). Raises :class:`~scorekeeper.core.errors.StateError` where the
        rules do not allow it (a variant without events: ``event.not_in_variant``)."""
        from scorekeeper.core.errors import StateError

        raise StateError("event.not_in_variant", kind=event.get("kind"), variant=self.variant.said_name)

    def event_words(self, event: Mapping[str, Any], change: Mapping[str, int], totals: Mapping[str, int]) -> Any:
        """An event (a stored record), what it changed and the totals just after it, in words as
        data (a :class:`~scorekeeper.core.phrase.Phrase`: "Ann rejoins at 96 after deal 5.")."""
        from scorekeeper.core.phrase import phrase

        return phrase("event.made", kind=event.get("kind"), after=event.get("after"))
