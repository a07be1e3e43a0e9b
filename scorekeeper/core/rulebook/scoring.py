"""How a variant scores a deal and ends the game: the rule book's arithmetic."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from scorekeeper.core.errors import InputError
from scorekeeper.core.rulebook.facts import CardValues, DeckBounds
from scorekeeper.core.rulebook.part import Part

#: the game so far (:class:`scorekeeper.core.game.GameSoFar`), named only in words here: the game
#: model imports the variant
GameSoFar = Any

#: a deal's scores (:class:`scorekeeper.core.scoring.HandResult`) and the end of a game
#: (:class:`scorekeeper.core.game.Ending`), named only in words here
HandResult = Ending = Any



@dataclass(eq=False)
class Scoring(Part):
    """A variant's scoring. Every variant overrides :meth:`score` and :meth:`end`; the rest
    have defaults.

    Data: ``bonuses`` (points by name, as ``rules --json`` lists them: ``{"out": 25}``),
    ``end_rule`` (the rule the end-of-game bonuses cite, as an explanation names it) and
    ``depends_on_game`` (a deal's score depends on the deals before it).

    * :meth:`score` — one deal's scores, each with its explanation;
    * :meth:`end` — whether the game is over, who won, the end bonuses;
    * :meth:`check_setup` — refuse option combinations the table cannot play;
    * :meth:`values` — the card values under the session's options;
    * :meth:`moves`, :meth:`opening`, :meth:`lowest_wins` — what a deal changes in the totals,
      what every total starts from, and which end of the totals wins, where the rules make them
      other than the scores, 0 and the variant's ``lowest_wins`` (Indian Rummy's deals games:
      chips);
    * :meth:`check_carried` — refuse totals carried over from paper the game cannot start from;
    * :meth:`hand_facts` / :meth:`game_facts` — what ``--json`` adds per deal and to the standings;
    * :meth:`side_hand_facts` / :meth:`side_game_facts` — what ``--json`` adds to each side of a
      deal and of the standings, where the variant plays in sides;
    * :meth:`bounds` — what all the cards of the game are worth (I-6: points beyond are a slip).
    """

    bonuses: Mapping[str, int] = field(default_factory=dict)
    end_rule: str = ""
    #: whether a deal's score depends on the deals before it (who is still in play: Indian Rummy's
    #: pools), so an edit scores every later deal again; else a deal's score depends on its entry,
    #: the setup and its number alone, and the later deals keep their results
    depends_on_game: bool = False

    def score(self, entry: Any, game: "GameSoFar") -> "HandResult":
        """Score ``entry`` (what the codec's :meth:`~scorekeeper.core.rulebook.codec.Codec.read`
        gave) as the coming deal of ``game`` (``game.number``: its number as recorded, from 1;
        ``game.round``: its number in the game; ``game.totals``: the totals before it;
        ``game.in_play``: who takes part). Returns a
        :class:`~scorekeeper.core.scoring.HandResult`: a
        :class:`~scorekeeper.core.scoring.PlayerScore` per player, each a list of lines (points,
        message code, rule cited, facts). Raises :class:`~scorekeeper.core.errors.InputError`
        naming the player, card or rule for an entry the rules refuse."""
        raise NotImplementedError(f"{type(self).__name__}.score")

    def end(self, game: "GameSoFar") -> "Ending":
        """Whether the game is over after the deals of ``game`` (``game.played``), who won and
        the end bonuses: an :class:`~scorekeeper.core.game.Ending`."""
        raise NotImplementedError(f"{type(self).__name__}.end")

    def check_setup(self, rules: Mapping[str, Any], players: int) -> None:
        """Refuse option values the table cannot play with ``players`` players (raise
        :class:`~scorekeeper.core.errors.InputError`); nothing by default."""

    def check_carried(self, rules: Mapping[str, Any], carried: Mapping[str, int]) -> None:
        """Refuse totals carried over from paper (``new --carry``, points per player) that the
        game under ``rules`` cannot start from (raise :class:`~scorekeeper.core.errors.InputError`;
        a total that already reaches the ``target`` is refused for every variant); nothing by
        default."""

    def moves(self, result: Any, rules: Mapping[str, Any]) -> Mapping[str, int]:
        """What a deal (its :class:`~scorekeeper.core.scoring.HandResult`, or the cached
        :class:`~scorekeeper.core.game.HandSummary`: its ``scores`` and who ``won``) changes in
        each player's total under ``rules``: its scores. Indian Rummy's deals games: the chips
        that change hands (the declarer takes each other player's points)."""
        return result.scores

    def opening(self, rules: Mapping[str, Any]) -> int:
        """What every player's total is before the first deal (what is carried over from paper
        aside): 0. Indian Rummy's deals games: 80 chips a deal."""
        return 0

    def lowest_wins(self, rules: Mapping[str, Any]) -> bool:
        """Whether the lowest total wins under ``rules``: the variant's ``lowest_wins``."""
        return self.variant.lowest_wins

    def values(self, rules: Mapping[str, Any]) -> CardValues:
        """The card values under ``rules``: the variant's ``card_values`` unless an option
        changes them."""
        return self.variant.card_values

    def out_bonus(self, rules: Mapping[str, Any]) -> int:
        """The points going out scores under ``rules`` (Carousel's 25), 0 when none."""
        return int(self.bonuses.get("out") or 0)

    def hand_facts(self, result: "HandResult") -> dict[str, Any]:
        """What the variant adds to a deal's ``--json`` (``hand``, ``history``): {} by default."""
        return {}

    def game_facts(self, state: Any) -> dict[str, Any]:
        """What the variant adds to ``standings --json`` (``state``: the scored
        :class:`~scorekeeper.core.game.GameState`): {} by default."""
        return {}

    def side_hand_facts(self, result: "HandResult", side: tuple[str, ...]) -> dict[str, Any]:
        """What the variant adds to one side's part of a deal's ``--json`` (``hand``, ``history``:
        ``sides``, each with ``players`` and ``score``), where it plays in sides
        (:meth:`~scorekeeper.core.rulebook.deals.Deals.has_sides`): {} by default."""
        return {}

    def side_game_facts(self, state: Any, side: tuple[str, ...]) -> dict[str, Any]:
        """What the variant adds to one side's row of ``standings --json`` (``sides``, each with
        ``players``, ``total``, ``rank``), where it plays in sides: {} by default."""
        return {}

    def bounds(self, game: "GameSoFar") -> DeckBounds:
        """What all the cards of the game's decks are worth in the coming deal of ``game``
        (I-6), in points: on the table (each card at the most it counts there: an ace high, a
        wild as a wild), in hand (an ace as ``ace_in_hand`` says) and anywhere (each card where
        it counts most), from the card values, decks and jokers."""
        setup = game.setup
        values = self.values(setup.rules)
        decks, jokers = self.variant.deals.packs(setup.rules, len(setup.players))
        wild = None
        if values.wild is not None:
            try:
                wild = self.variant.deals.wild_rank(setup.rules, game.round)
            except InputError:  # a deal after the last: refused when it is scored
                wild = None
        table = held = anywhere = 0
        for rank in range(1, 14):
            if rank == 1:
                on, off = max(values.ace, values.low_ace), values.ace if values.ace_held is None else values.ace_held
            else:
                on = off = values.court if rank >= 11 else values.pip(rank)
            if rank == wild:
                on, off = max(on, values.wild), max(off, values.wild)
            table, held, anywhere = table + 4 * on, held + 4 * off, anywhere + 4 * max(on, off)
        joker = jokers * (values.joker or 0)
        return DeckBounds(decks * table + joker, decks * held + joker, decks * anywhere + joker, decks, jokers)
