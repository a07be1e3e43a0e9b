"""The one-line form of a gin hand (SPEC §4.2): typing just the cards is the easy path.

One argument per player, ``NAME: WHAT``; WHAT is one of

* **just the cards** — the cards shown, in any order, no marks:
  ``"Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock"`` (10 cards; 11 with ``big`` for big gin);
* **arranged**, as in other variants — melds separated by ``,``, ``+`` the lay-offs,
  ``-`` the deadwood: ``"Bob: KS KH KD +10H JH 5C -9S 6D 3S AH"``;
* **points only** — the deadwood after lay-offs: ``"Bob: 19"`` or ``"Bob: -19"``;
* nothing (``"Bob:"``) — only in a void hand.

The words ``knock`` (this player knocked; ``gin`` says the same, the score tells a gin)
and ``big`` (``big-gin``: all 11 cards melded) go anywhere in the knocker's argument. Separate arguments: ``stock`` (a void
hand) and ``up=CARD`` (the up-card; Oklahoma needs it)::

    scorekeeper hand "Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH"
    scorekeeper hand "Ann: 3S 4S 5S 6S 7S 8H 8D 8C JS QS KS knock big" "Bob: 2H 3H 4H KD KH KC 9D 4C 3D 2S" up=5C

:func:`parse_line` returns the same raw entry a hand file gives (:mod:`scorekeeper.core.variants.gin.entry`);
:func:`write_line` writes a stored entry back in this form, and reads back to the same entry.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from scorekeeper.core.cards import parse_card, parse_cards
from scorekeeper.core.errors import InputError
from scorekeeper.core.messages import say
from scorekeeper.core.oneline import (STOCK_WORDS, arguments, card_or_word, cards_text, parse_line_entries, seat_of,
                                      write_line_entries, write_part)
from scorekeeper.core.words import meaning

_STOCK = STOCK_WORDS | {"void"}
#: big gin: all 11 cards melded (the knocker did not discard), in every language
BIG_WORDS = ("big", "big-gin", "big_gin", "biggin", "великий", "большой", "вялікі")
_BIG = frozenset(BIG_WORDS)
_UP = {"up", "upcard", "up-card", "up_card"}
_MARKS = re.compile(r"[,;+\-]")


def parse_line(args: Sequence[str], players: Sequence[str]) -> dict:
    """Turn one-line arguments into a raw gin hand entry (players in seat order).

    Raises :class:`InputError` naming the argument or the player at fault.
    """
    entry: dict = {"players": {}}
    for player, text in arguments(args, players, lambda text: text.lower() in _STOCK or _upcard(text) is not None,
                                  "gin.oneline.no_name", "gin.oneline.twice", words=("stock",)):
        if player is not None:
            entry["players"][player] = _part(player, text, entry)
        elif text.lower() in _STOCK:
            entry["stock_exhausted"] = True
        else:
            card = _upcard(text)
            if "upcard" in entry and entry["upcard"].upper() != card.upper():
                raise InputError("gin.oneline.upcard_twice", first=f"up={entry['upcard']}", second=text)
            entry["upcard"] = card
    entry["players"] = {p: entry["players"][p] for p in players if p in entry["players"]}
    return entry


def _upcard(text: str) -> str | None:
    """The card of a separate argument ``up=CARD``, else None."""
    key, eq, value = text.partition("=")
    return value.strip() if eq and ":" not in key and key.strip().lower() in _UP else None


def _part(player: str, body: str, entry: dict) -> dict:
    tokens = body.split()
    rest = []
    big = False
    for tok in tokens:
        word = tok.lower()
        if word == "gin":  # gin is a knock with every card melded: the score says gin
            word = "knock"
        if _upcard(tok) is not None:
            raise InputError("gin.oneline.upcard_in_part", player=player, typed=tok, card=_upcard(tok))
        if meaning(word) in ("knock", "out"):
            word = meaning(word)  # стук, вийшов …: the English word
            if word in entry and entry[word] != player:  # said as typed ("стук"), not the key
                raise InputError("gin.oneline.word_twice", word=tok, first=entry[word], player=player)
            entry[word] = player
        elif word in _BIG:
            big = True
        else:
            rest.append(tok)
    if big:
        if entry.get("knock") != player:
            raise InputError("gin.oneline.big_without_knock", player=player)
        entry["big_gin"] = True
    if not rest:
        return {}
    text = " ".join(rest)
    if _MARKS.search(text):
        # arranged, or points after "-": the form every variant shares
        part = parse_line_entries([f"{player}: {text}"], [player], knock_allowed=True)["players"][player]
        if "table" in part:
            raise InputError("gin.no_table", player=player)
        return part
    if len(rest) == 1 and rest[0].isdigit():
        return {"hand": int(rest[0])}
    for tok in rest:
        try:
            parse_card(tok)
        except InputError as e:
            said = card_or_word(player, tok, e, ("knock", "out"), {"big": BIG_WORDS})
            if said.code == "line.word_near":  # "knok": the word it is near
                raise said from None
            raise InputError("gin.player_says", player=player, cause=e) from None
    return {"cards": text}


def write_line(entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
    """A stored gin hand entry in gin's one-line form: ``{player: text, "": separate arguments}``
    — each player's cards as shown (or the arranged form, or the points), ``knock`` (and ``big``)
    after the knocker's, ``stock`` and ``up=CARD`` under ``""``; names as ``players`` spell them.
    :func:`parse_line` reads it back to the same entry."""
    lines = write_line_entries(entry, players, _written_part)
    if not isinstance(entry, dict):
        return lines
    knocker = seat_of(entry.get("knock"), lines)
    if knocker is not None and entry.get("big_gin"):
        lines[knocker] += " " + say("gin.word.big")
    if entry.get("upcard"):
        lines[""] = (lines.get("", "") + f" up={cards_text(entry['upcard'])}").strip()
    return lines


def _written_part(part: Any) -> str:
    """One player's part: just the cards where they were given so, else the shared form."""
    if isinstance(part, dict) and part.get("cards"):
        return cards_text(part["cards"])
    return write_part(part)


# -- answers at the table (the prompt's "cards" questions, SPEC §4.1) ---------------------------


def check_answer(entry: dict, player: str) -> dict:
    """One player's answer at the table, read as ``"NAME: TEXT"`` (:func:`parse_line`), checked at
    once: nothing at all given is refused (``gin.nothing_given``), the cards shown are 10, or 11
    (``gin.card_count``); 11 cards of the knocker mark big gin (``big_gin``). Returns the entry,
    completed. Raises :class:`InputError`."""
    part = entry["players"].get(player, {})
    if entry == {"players": {player: {}}}:
        raise InputError("gin.nothing_given", player=player)
    if "cards" in part:
        count = len(parse_cards(part["cards"], "cards", player=player))
        if count not in (10, 11):
            raise InputError("gin.card_count", player=player, count=count, expected=10)
        if count == 11 and entry.get("knock") == player:
            entry = {**entry, "big_gin": True}
    return entry


def read_upcard(text: str) -> str:
    """The up-card as typed at the table, once it reads as a card. Raises :class:`InputError`
    ``gin.upcard_unreadable``, or ``gin.upcard_joker`` for a joker (asked again at once, not
    refused with the whole hand)."""
    try:
        card = parse_card(text)
    except InputError as e:
        raise InputError("gin.upcard_unreadable", cause=e) from None
    if card.is_joker:
        raise InputError("gin.upcard_joker")
    return text
