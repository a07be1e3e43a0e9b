"""Reading a gin hand entry (SPEC §2.7, §4): the hand-file structure, checked and typed.

::

    {"players": {NAME: PLAYER, NAME: PLAYER},     # both players of the session
     "knock": NAME, "big_gin": true,             # a knock (big gin: 11 cards melded)
     "stock_exhausted": true,                    # or a void hand
     "upcard": "QS"}                             # required under oklahoma, else optional

    PLAYER = {"cards": "7H 8H 9H ..."}                      # just the cards (10; 11 for big gin)
           | {"melds": [...], "layoffs": "10H", "hand": "5D"}  # arranged (layoffs: defender only)
           | {"hand": 19}                                   # points only: the deadwood after lay-offs
           | {}                                             # a void hand only

``table`` and ``out`` belong to other variants and are refused, with a sentence
saying what gin takes instead. Every refusal is an :class:`InputError` with a
code and facts (``player``, cards as :class:`Card` objects).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.core.cards import Card, PlayedCard, parse_card, parse_cards, parse_played_cards, split_melds
from scorekeeper.core.entry import did_you_mean, find_player
from scorekeeper.core.errors import InputError, ScorekeeperError

TOP_KEYS = ("players", "knock", "big_gin", "stock_exhausted", "upcard")
PLAYER_KEYS = ("cards", "melds", "layoffs", "hand")


@dataclass(frozen=True)
class GinPlayer:
    """One player's part of a gin hand, in one of four forms (:attr:`form`):

    * ``"cards"`` — ``cards``: the cards shown, for scorekeeper to arrange;
    * ``"arranged"`` — ``melds``, ``layoffs`` (defender only) and ``hand``, the deadwood cards;
    * ``"points"`` — ``points``: the deadwood after lay-offs, counted on paper;
    * ``"none"`` — nothing given (a void hand only).
    """

    name: str
    cards: tuple[Card, ...] | None = None
    melds: tuple[tuple[PlayedCard, ...], ...] = ()
    layoffs: tuple[PlayedCard, ...] = ()
    hand: tuple[Card, ...] | None = None
    points: int | None = None

    @property
    def form(self) -> str:
        if self.cards is not None:
            return "cards"
        if self.hand is not None:
            return "arranged"
        if self.points is not None:
            return "points"
        return "none"

    def shown(self) -> list[Card]:
        """Every physical card the player showed (cards, or melds + lay-offs + deadwood)."""
        if self.cards is not None:
            return list(self.cards)
        return [pc.card for m in self.melds for pc in m] + [pc.card for pc in self.layoffs] + list(self.hand or ())


@dataclass(frozen=True)
class GinHand:
    """A gin hand as entered: both players (seat order) and how it ended —
    ``knock`` (the knocker's name, ``big_gin`` when 11 cards were melded) or
    ``stock_exhausted`` (a void hand); ``upcard`` the card turned up, if given."""

    players: dict[str, GinPlayer]
    knock: str | None = None
    big_gin: bool = False
    stock_exhausted: bool = False
    upcard: Card | None = None


def _flag(raw: Mapping, key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise InputError("gin.flag_not_bool", key=key, value=value)
    return value


def _about(player: str, error: ScorekeeperError) -> InputError:
    return InputError("gin.player_says", player=player, cause=error)


def _player(name: str, raw: Any) -> GinPlayer:
    if not isinstance(raw, dict):
        raise InputError("gin.player_not_table", player=name, value=raw)
    for key in raw:
        if key == "table":
            raise InputError("gin.no_table", player=name)
        if key == "out":
            raise InputError("gin.no_out")
        if key not in PLAYER_KEYS:
            raise InputError("gin.player_key", player=name, key=key, keys=list(PLAYER_KEYS))
    try:
        if "cards" in raw:
            if any(k in raw for k in ("melds", "layoffs", "hand")):
                raise InputError("gin.cards_and_arranged", player=name)
            return GinPlayer(name, cards=tuple(parse_cards(_card_text(raw["cards"], name, "cards"),
                                                           f"{name}'s cards")))
        if not raw:
            return GinPlayer(name)
        if "hand" not in raw:
            raise InputError("gin.hand_missing", player=name)
        hand_raw = raw["hand"]
        if isinstance(hand_raw, (str, list)):
            hand = tuple(parse_cards(hand_raw, "hand", player=name))
            melds = tuple(tuple(m) for m in split_melds(raw["melds"], "melds", player=name)) if "melds" in raw else ()
            layoffs = tuple(parse_played_cards(_card_text(raw["layoffs"], name, "layoffs"), f"{name}'s lay-offs")) \
                if "layoffs" in raw else ()
            return GinPlayer(name, melds=melds, layoffs=layoffs, hand=hand)
        if isinstance(hand_raw, bool) or not isinstance(hand_raw, int):
            raise InputError("gin.hand_not_points", player=name, value=hand_raw)
        if hand_raw < 0:
            raise InputError("gin.negative_points", player=name, points=hand_raw)
        if "melds" in raw or "layoffs" in raw:
            raise InputError("gin.points_and_cards", player=name, points=hand_raw)
        return GinPlayer(name, points=hand_raw)
    except InputError as e:
        if e.code.startswith("gin."):
            raise
        raise _about(name, e) from None


def _card_text(value: Any, player: str, key: str) -> Any:
    if not isinstance(value, (str, list)):
        raise InputError("gin.cards_not_text", player=player, key=key, value=value)
    return value


def _session_name(name: Any, players: Sequence[str]) -> str | None:
    """The session player ``name`` means (:func:`scorekeeper.core.entry.find_player`)."""
    return find_player(name, players) if isinstance(name, str) else None


def parse_hand(raw: Any, players: Sequence[str]) -> GinHand:
    """Check and type a raw gin hand entry for a session with ``players`` (seat order).

    Checks the structure only (keys, names, card notation, how the hand ended);
    the rules (counts, melds, lay-offs, the knock limit) are checked when the
    hand is scored. Raises :class:`InputError`.
    """
    if not isinstance(raw, dict):
        raise InputError("gin.entry_not_table")
    for key in raw:
        if key == "out":
            raise InputError("gin.no_out")
        if key not in TOP_KEYS:
            raise InputError("gin.unknown_key", key=key, keys=list(TOP_KEYS))
    given = raw.get("players")
    if not isinstance(given, dict) or not given:
        raise InputError("gin.players_missing")
    # names match regardless of case, as in one-line entries (SPEC §4)
    named: dict[str, Any] = {}
    for name in given:
        player = _session_name(name, players)
        if player is None:
            raise InputError("gin.not_a_player", name=name, hint=did_you_mean(str(name), players),
                             players=list(players))
        if player in named:
            raise InputError("gin.player_twice", player=player)
        named[player] = given[name]
    missing = [p for p in players if p not in named]
    if missing:
        raise InputError("gin.player_missing", player=missing[0])
    entries = {p: _player(p, named[p]) for p in players}
    knock = raw.get("knock")
    if knock is not None:
        player = _session_name(knock, players)
        if player is None:
            raise InputError("gin.knock_not_a_player", value=knock, hint=did_you_mean(str(knock), players),
                             players=list(players))
        knock = player
    big_gin = _flag(raw, "big_gin")
    stock = _flag(raw, "stock_exhausted")
    if knock is not None and stock:
        raise InputError("gin.two_endings")
    if big_gin and knock is None:
        raise InputError("gin.big_gin_needs_knock")
    if knock is None and not stock:
        raise InputError("gin.no_ending")
    upcard = None
    if raw.get("upcard") is not None:
        if not isinstance(raw["upcard"], str):
            raise InputError("gin.upcard_not_text", value=raw["upcard"])
        try:
            upcard = parse_card(raw["upcard"])
        except InputError as e:
            raise InputError("gin.upcard_unreadable", cause=e) from None
        if upcard.is_joker:
            raise InputError("gin.upcard_joker")
    return GinHand(entries, knock, big_gin, stock, upcard)
