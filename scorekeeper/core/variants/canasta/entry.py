"""A Canasta hand as entered (SPEC §2.10 "Entering a Canasta hand"), read and checked.

A hand file, per side at one of its players (the partner giving the cards left alone)::

    {"players": {
       "Ann": {"melds": ["QS QH QD 2C JK", "7H 7S 7D 7C 7H 7S 7D"], "red_threes": "3H 3D", "hand": "5C"},
       "Cy":  {"hand": "9D 4S"},
       "Bob": {"points": -85}, "Dee": {}},
     "out": "Ann", "concealed": false}

``melds`` every meld of the side as it lies at the end, ``red_threes`` the red threes it laid out
(the cards, or a count), ``hand`` each player's cards left (empty for the player who went out),
``points`` the side's score counted on paper (its partners given as ``{}``); ``out`` who went out
(or ``stock_exhausted``: true), ``concealed`` whether that player went out concealed.

:func:`read_deal` checks every validation of SPEC §2.10 and gives a :class:`Deal`; a refusal is an
:class:`~scorekeeper.api.InputError` naming the player (for a side's part, the partner it was given
at), the meld or card and the rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.api import (Card, GameSoFar, IllegalMeld, InputError, PlayedCard, check_deck, parse_cards,
                             player_named, players_named, rank_plural, split_melds)
from scorekeeper.core.variants.canasta import melds as cm

#: what a player's part may hold
PLAYER_KEYS = ("melds", "red_threes", "hand", "points")
#: what the hand may say besides the players
TOP_KEYS = ("players", "out", "concealed", "stock_exhausted")
#: a side's points for a hand lie within this, either way (I-6 for Canasta: beyond it, a typing slip)
MOST_POINTS = 10_000
#: two packs and four jokers (108 cards)
DECKS, JOKERS = 2, 4
#: the red threes there are
RED_THREES = 4


@dataclass(frozen=True)
class Side:
    """One side's part of a hand: its ``players`` (seat order), ``at`` the player its melds,
    red threes or points were given at (None: nothing given but the cards left), ``melds`` (None
    where the side was counted on paper), ``red_threes`` laid out, each player's cards left
    (``hands``), or ``points``."""

    players: tuple[str, ...]
    at: str | None
    melds: tuple[cm.Meld, ...] | None
    red_threes: int
    hands: Mapping[str, tuple[Card, ...]]
    points: int | None = None

    @property
    def points_only(self) -> bool:
        return self.points is not None

    @property
    def melded(self) -> bool:
        """Whether the side has a meld on the table (a side that melded nothing scores its red
        threes against it)."""
        return bool(self.melds)

    def canastas(self, kind: str | None = None) -> int:
        """How many canastas the side has (of ``kind``, ``natural`` or ``mixed``, when given)."""
        return sum(1 for m in self.melds or () if m.canasta and (kind is None or m.canasta == kind))


@dataclass(frozen=True)
class Deal:
    """A hand read: each side's part (the game's sides, in seat order), who went ``out`` (None:
    the stock ran out), whether concealed."""

    sides: tuple[Side, ...]
    out: str | None
    concealed: bool

    def side_of(self, player: str) -> Side:
        return next(s for s in self.sides if player in s.players)


def _about(player: str, error: InputError) -> InputError:
    return InputError("entry.about_player", player=player, cause=error)


def _named(given: Mapping[Any, Any], players: Sequence[str]) -> dict[str, Any]:
    """Each session player's part, the names matched as the session spells them."""
    parts = {found: given[name] for found, name in players_named(given, players).items()}
    missing = [p for p in players if p not in parts]
    if missing:
        raise InputError("entry.player_missing", player=missing[0])
    for p in players:
        part = parts[p]
        if not isinstance(part, dict):
            raise InputError("entry.player_not_table", player=p, value=part)
        unknown = [k for k in part if k not in PLAYER_KEYS]
        if unknown:
            raise InputError("entry.unknown_key", player=p, key=unknown[0], allowed=sorted(PLAYER_KEYS))
    return parts


def _once(side: tuple[str, ...], parts: Mapping[str, dict], key: str) -> str | None:
    """The player of ``side`` whose part gives ``key``; refused where both partners give it."""
    at = [p for p in side if key in parts[p]]
    if len(at) > 1:
        raise InputError(f"canasta.side.{key}_twice", player=at[1], players=at, side=list(side))
    return at[0] if at else None


def _points(value: Any, player: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError("canasta.points.type", player=player, value=value)
    if abs(value) > MOST_POINTS:
        raise InputError("canasta.points.too_large", player=player, points=value, most=MOST_POINTS)
    return value


def _red_threes(value: Any, player: str) -> tuple[int, tuple[Card, ...]]:
    """The red threes a side laid out: a count, or the cards (each a red three)."""
    if isinstance(value, bool):
        raise InputError("canasta.red_threes.type", player=player, value=value)
    if isinstance(value, int):
        if not 0 <= value <= RED_THREES:
            raise InputError("canasta.red_threes.count", player=player, count=value)
        return value, ()
    if not isinstance(value, (str, list)):
        raise InputError("canasta.red_threes.type", player=player, value=value)
    cards = tuple(parse_cards(value, "list", player=player))
    for c in cards:
        if not cm.is_red_three(c):
            raise InputError("canasta.red_threes.not_red_three", player=player, card=c)
    return len(cards), cards


def _hand(value: Any, player: str) -> tuple[Card, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        raise InputError("canasta.hand.points", player=player, points=value)
    if not isinstance(value, (str, list)):
        raise InputError("canasta.hand.type", player=player, value=value)
    cards = tuple(parse_cards(value, "hand", player=player))
    for c in cards:
        if cm.is_red_three(c):
            raise InputError("canasta.hand.red_three", player=player, card=c)
    return cards


def _melds(value: Any, player: str) -> tuple[cm.Meld, ...]:
    read = []
    for cards in split_melds(value, "melds", player=player):
        try:
            read.append(cm.read(cards))
        except IllegalMeld as e:
            raise _about(player, e) from None
    return tuple(read)


def _side(side: tuple[str, ...], parts: Mapping[str, dict], out: str | None) -> tuple[Side, list[Card]]:
    """One side's part, and every card it showed (melds, hands, red threes as cards); the player
    who went ``out`` may leave out ``hand`` (nothing left)."""
    melds_at, reds_at, points_at = (_once(side, parts, key) for key in ("melds", "red_threes", "points"))
    if points_at is not None:
        part = parts[points_at]
        points = _points(part["points"], points_at)
        others = [k for k in part if k != "points"]
        if others:
            raise InputError("canasta.points.and_cards", player=points_at, key=others[0])
        for p in side:
            if p != points_at and parts[p]:
                raise InputError("canasta.points.partner", player=p, partner=points_at)
        return Side(side, points_at, None, 0, {}, points), []
    shown: list[Card] = []
    for p in side:
        if "hand" not in parts[p] and p != out:
            raise InputError("canasta.hand_missing", player=p)
    melds = _melds(parts[melds_at]["melds"], melds_at) if melds_at is not None else ()
    reds = 0
    if reds_at is not None:
        reds, red_cards = _red_threes(parts[reds_at]["red_threes"], reds_at)
        shown += red_cards
    hands = {p: _hand(parts[p]["hand"], p) if "hand" in parts[p] else () for p in side}
    shown += [pc.card for m in melds for pc in m.cards]
    by_rank: dict[int, cm.Meld] = {}
    for m in melds:
        if m.rank in by_rank:
            raise InputError("canasta.side.rank_twice", player=melds_at, ranks=rank_plural(m.rank),
                             first=by_rank[m.rank].cards, second=m.cards)
        by_rank[m.rank] = m
    return Side(side, melds_at or reds_at, melds, reds, hands), shown


def read_deal(raw: Any, game: GameSoFar) -> Deal:
    """Check ``raw`` (a stored hand entry) as the coming hand of ``game`` and type it (SPEC §2.10
    validations 1–6). Raises :class:`~scorekeeper.api.InputError`."""
    if not isinstance(raw, dict):
        raise InputError("entry.not_table")
    for key in raw:
        if key not in TOP_KEYS:
            raise InputError("entry.unknown_top_key", key=key, allowed=sorted(TOP_KEYS))
    given = raw.get("players")
    if not isinstance(given, dict) or not given:
        raise InputError("entry.no_players")
    players = game.players
    parts = _named(given, players)
    out = player_named(raw["out"], players, "out") if "out" in raw else None
    sides: list[Side] = []
    shown: dict[str, list[Card]] = {p: [] for p in players}
    for side_players in game.sides:
        side, cards = _side(side_players, parts, out)
        sides.append(side)
        shown[side.at or side_players[0]] += cards
    stock = raw.get("stock_exhausted", False)
    if not isinstance(stock, bool):
        raise InputError("entry.stock_type", value=stock)
    concealed = raw.get("concealed", False)
    if not isinstance(concealed, bool):
        raise InputError("canasta.concealed_type", value=concealed)
    if concealed and stock:  # "concealed" names who went out, or nobody, and the stock ran out: nobody went out
        if out is None:
            raise InputError("canasta.concealed_without_out")
        raise InputError("canasta.concealed_and_stock", player=out)
    if out is not None and stock:
        raise InputError("entry.two_endings", ways=["out", "stock_exhausted"])
    empty = [p for s in sides if not s.points_only for p in s.players if not s.hands[p]]
    if out is None and not stock:
        if not empty:
            raise InputError("canasta.no_ending")
        out = empty[0] if len(empty) == 1 else None
    if len(empty) > 1:
        raise InputError("entry.two_out" if len(empty) == 2 else "entry.several_out", players=empty)
    if stock and empty:
        raise InputError("entry.stock_and_out", player=empty[0])
    if out is not None:
        mine = next(s for s in sides if out in s.players)
        if not mine.points_only and mine.hands[out]:
            raise InputError("entry.out_holds_cards", player=out, count=len(mine.hands[out]), cards=mine.hands[out])
        if empty and empty[0] != out:
            raise InputError("entry.out_not_empty", player=out, other=empty[0])
    if concealed and out is None:
        raise InputError("canasta.concealed_without_out")
    for s in sides:
        for m in s.melds or ():
            if m.black_threes and (out is None or out not in s.players):
                raise InputError("canasta.side.black_threes", player=s.at, cards=m.cards,
                                 out=out, side=list(s.players))
    if out is not None:
        mine = next(s for s in sides if out in s.players)
        needed = game.rules["canastas_to_go_out"]
        if not mine.points_only and mine.canastas() < needed:
            raise InputError("canasta.out_without_canastas", player=out, needed=needed, count=mine.canastas())
    for s in sides:
        for p in s.players:
            shown[p] += list(s.hands.get(p, ()))
    check_deck(shown, DECKS, JOKERS)
    reds = sum(s.red_threes for s in sides)
    if reds > RED_THREES:
        raise InputError("canasta.red_threes.too_many", count=reds,
                         players=[s.at for s in sides if s.red_threes and s.at])
    return Deal(tuple(sides), out, concealed)


def meld_cards(melds: Sequence[Sequence[PlayedCard]]) -> list[list[str]]:
    """Melds as canonical card texts (``--json``)."""
    return [[str(pc) for pc in m] for m in melds]
