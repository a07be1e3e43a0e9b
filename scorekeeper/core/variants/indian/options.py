"""Indian Rummy's house-rule options (SPEC §2.9): one frozen record, checked when made.

``game`` says which game the table plays: ``points`` (a fixed number of deals, ``deals``, 6;
the lowest total wins), ``pool101`` / ``pool201`` / ``pool61`` (a player whose total reaches the
pool's limit is eliminated; the last one left wins) or ``deals2`` / ``deals3`` / ``deals6``
("deals rummy": chips change hands; the most chips after the last deal win). What a drop, a
wrong show and the full count cost follows the game, as the online rooms fixed them:

=========  ==========  ===========  ==========  ==========
game       first drop  middle drop  wrong show  full count
=========  ==========  ===========  ==========  ==========
points     20          40           80          80
pool101    20          40           80          80
pool201    25          50           80          80
pool61     15          30           60          60
deals      20          40           80          80
=========  ==========  ===========  ==========  ==========

Units: every cost is points; ``deals`` is a number of deals.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from scorekeeper.api import FromOptions, InputError, RuleSet, boolean, one_of, option, whole_number

MIN_PLAYERS, MAX_PLAYERS = 2, 6
GAMES = ("points", "pool101", "pool201", "pool61", "deals2", "deals3", "deals6")
#: the limit of each pool: a total that reaches it eliminates the player
POOL_LIMITS = {"pool101": 101, "pool201": 201, "pool61": 61}
#: the highest total a remaining player may have for an eliminated one to rejoin (I-N4)
REJOIN_ABOVE = {"pool101": 79, "pool201": 174, "pool61": 44}
#: the deals of a deals game
DEALS_GAMES = {"deals2": 2, "deals3": 3, "deals6": 6}
#: chips each player starts a deals game with, per deal (80 × deals)
CHIPS_PER_DEAL = 80

#: what the costs are under each game, where not given
COSTS: dict[str, dict[str, int]] = {
    "first_drop": {"pool201": 25, "pool61": 15},
    "middle_drop": {"pool201": 50, "pool61": 30},
    "wrong_show": {"pool61": 60},
    "full_count": {"pool61": 60},
}
USUAL = {"first_drop": 20, "middle_drop": 40, "wrong_show": 80, "full_count": 80}


def cost(key: str, game: str) -> int:
    """The default of the cost ``key`` under ``game``."""
    return COSTS[key].get(game, USUAL[key])


def _by_game(key: str, shown: str) -> FromOptions:
    return FromOptions(lambda values: cost(key, str(values["game"])), shown)


@dataclass(frozen=True, eq=False)
class IndianRules(RuleSet):
    """Indian Rummy's options as a session stores them."""

    game: str = option("points", "points, pool101, pool201, pool61, deals2, deals3 or deals6", one_of(*GAMES),
                       "points: a fixed number of deals, lowest total wins; pool101/pool201/pool61: a player "
                       "reaching the limit is out, the last one left wins; deals2/3/6: chips change hands, "
                       "the most chips win")
    deals: int = option(6, "a whole number ≥ 1", whole_number(1), "the number of deals of a points game (6)")
    packs: int = option(None, "1, 2 or 3", one_of("1", "2", "3"),
                        "packs of 52 in play (1 for 2 players, 2 for 3-6)")
    jokers: int = option(None, "a whole number ≥ 0", whole_number(0),
                         "printed jokers in play (one a pack)")
    full_count: int = option(80, "a whole number ≥ 1", whole_number(1),
                             "the most a player's cards count in a deal (80; 60 under pool61)")
    first_drop: int = option(20, "a whole number ≥ 0", whole_number(0),
                             "leaving before the first draw (20; 25 under pool201, 15 under pool61)")
    middle_drop: int = option(40, "a whole number ≥ 0", whole_number(0),
                              "leaving later, before the show (40; 50 under pool201, 30 under pool61)")
    wrong_show: int = option(80, "a whole number ≥ 0", whole_number(0),
                             "declaring with melds that are no valid declaration (80; 60 under pool61; I-N3)")
    partial_life: str = option("none", "none or pure", one_of("none", "pure"),
                               "a player with a pure sequence but no second sequence: every card counts (none), "
                               "or the pure sequence does not (pure) (I-N2)")
    rejoin: bool = option(True, "true or false", boolean,
                          "an eliminated player may rejoin a pool once (I-N4)")
    tie: str = option("shared", "shared (equal totals after the last deal share the win)",
                      one_of("play-on", "shared"), "equal winning totals share the win", choices=("shared",))

    worked_out = {
        "jokers": FromOptions(lambda values: int(values["packs"]), "one a pack"),
        "full_count": _by_game("full_count", "80; 60 under pool61"),
        "first_drop": _by_game("first_drop", "20; 25 under pool201, 15 under pool61"),
        "middle_drop": _by_game("middle_drop", "40; 50 under pool201, 30 under pool61"),
        "wrong_show": _by_game("wrong_show", "80; 60 under pool61"),
    }

    def check(self) -> None:
        """``deals`` belongs to a points game; ``tie=play-on`` is refused (there is no deal after
        the last, and a pool ends with one player). Raises :class:`InputError`."""
        if self.tie == "play-on":
            raise InputError("indian.no_play_on")
        if self.game != "points" and self.deals != 6:
            raise InputError("indian.deals_for_points", game=self.game, deals=self.deals)

    # -- what the game is --------------------------------------------------------------

    @property
    def pool(self) -> bool:
        """A pool game (101, 201 or 61): players are eliminated at the limit."""
        return self.game in POOL_LIMITS

    @property
    def limit(self) -> int | None:
        """The pool's limit (101, 201, 61), or None."""
        return POOL_LIMITS.get(self.game)

    @property
    def chips(self) -> bool:
        """A deals game: chips change hands."""
        return self.game in DEALS_GAMES

    @property
    def deal_count(self) -> int | None:
        """How many deals the game has: ``deals`` (points), 2/3/6 (deals games), None (pools)."""
        if self.game == "points":
            return self.deals
        return DEALS_GAMES.get(self.game)


def option_defaults() -> dict[str, dict[int, Any]]:
    """The defaults that depend on the player count: one pack for 2 players, two for 3-6."""
    packs = {n: 1 if n == 2 else 2 for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    return {"packs": packs, "jokers": dict(packs)}


IndianRules.by_players = option_defaults()


def rules_of(rules: Mapping[str, Any]) -> IndianRules:
    """``rules`` as Indian Rummy's typed options (a session's rules are)."""
    assert isinstance(rules, IndianRules), type(rules)
    return rules
