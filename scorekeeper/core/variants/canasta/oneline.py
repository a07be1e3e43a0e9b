"""Canasta's one-line form (SPEC §2.10, §4.2): one argument per player, ``NAME: WHAT``, a side's
part given at one of its players (written ``Ann+Cy:`` to name the side; the part is then the first
named player's)::

    "Ann+Cy: QS QH QD JK, 7H 7S 7D 7C 7H 7S 7D r3=2 -5C"    the side's melds, 2 red threes, Ann holds 5♣
    "Cy: -9D 4S"                                           the partner's cards left
    "Bob: 8S 8H 8D -" "Dee: -4C 6H" concealed              Bob went out ("-": nothing left), concealed
    "Bob: -85" "Dee:"                                      a side counted on paper: its score, −85

WHAT, read left to right: cards with no mark are **melds**, separated by ``,`` (or ``;``); ``r3=N``
the **red threes** the side laid out; ``-`` starts the **cards left** in hand (``-`` alone: none,
the player went out); the word ``out`` says this player went out, ``concealed`` that they went out
concealed (``concealed`` may also stand alone, as may ``stock``: the stock ran out). A whole number
alone (``450``, ``-85``) is the side's score counted on paper, the partner given as ``NAME:`` with
nothing, or left out. Cards are as in files (``JK``, ``2C``, ``JK=QS``).

:func:`read_line` gives the stored entry a hand file holds; :func:`write_line` writes a stored entry
back in this form, which reads back to the same entry.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.api import InputError, find_player, match_player, parse_card, parse_played_cards, phrase

#: the one-line word for the red threes a side laid out: ``r3=2``
RED_THREES = "r3"
_POINTS = re.compile(r"[+\-−]?\d+")
_MARKS = re.compile(r"([,;])")

Meaning = Callable[[str], "str | None"]


def _about(player: str, error: InputError) -> InputError:
    return InputError("entry.about_player", player=player, cause=error)


def _tokens(text: str) -> list[str]:
    """The words of a part, ``,`` and ``;`` and a leading ``-`` standing as words of their own."""
    out: list[str] = []
    for word in _MARKS.sub(r" \1 ", text).split():
        if word.startswith("-") and len(word) > 1:
            out += ["-", word[1:]]
        else:
            out.append(word)
    return out


def _red_threes(player: str, token: str) -> int:
    count = token.partition("=")[2].strip()
    if not count.isdigit() or int(count) > 4:
        raise InputError("canasta.oneline.red_threes", player=player, token=token)
    return int(count)


def _part(player: str, body: str, entry: dict, meaning: Meaning) -> dict:
    """One player's part (``body``: what follows ``NAME:``); the words ``out`` and ``concealed`` go
    into ``entry``."""
    words = body.split()

    def said(word: str) -> str | None:
        return meaning(word)

    def went_out(word: str) -> None:
        if entry.get("out") not in (None, player):
            raise InputError("line.word_twice", player=player, word=word, other=entry["out"])
        entry["out"] = player

    if words and _POINTS.fullmatch(words[0]) and all(said(w) in ("out", "concealed") for w in words[1:]):
        for w in words[1:]:
            went_out(w)
            if said(w) == "concealed":
                entry["concealed"] = True
        return {"points": int(words[0].replace("−", "-"))}
    melds: list[list[str]] = [[]]
    hand: list[str] | None = None
    reds: int | None = None
    section = "melds"
    for tok in _tokens(body):
        low = tok.lower()
        if tok == "-":
            section, hand = "hand", (hand or [])
        elif tok in (",", ";"):
            if section != "melds":
                raise InputError("line.comma_out_of_place", player=player)
            melds.append([])
        elif low.startswith(RED_THREES + "="):
            reds = _red_threes(player, tok)
        elif said(low) in ("out", "concealed"):
            went_out(tok)
            if said(low) == "concealed":
                entry["concealed"] = True
        elif section == "melds":
            try:
                parse_played_cards([tok], "melds", player=player)
            except InputError as e:
                raise _about(player, e) from None
            melds[-1].append(tok)
        else:
            try:
                parse_card(tok)
            except InputError as e:
                raise _about(player, e) from None
            hand.append(tok)  # type: ignore[union-attr]
    part: dict = {}
    texts = [" ".join(m) for m in melds if m]
    if texts:
        part["melds"] = texts
    if reds is not None:
        part["red_threes"] = reds
    if hand is not None:
        part["hand"] = " ".join(hand)
    elif entry.get("out") == player and part:  # melds and "out": nothing left in hand
        part["hand"] = ""
    elif part:
        raise InputError("canasta.oneline.hand_missing", player=player)
    return part


def read_line(args: Sequence[str], players: Sequence[str], meaning: Meaning) -> tuple[dict, dict[str, list[str]]]:
    """The stored entry one-line ``args`` give, and the sides they name (``Ann+Cy:``: the part's
    player → the names given, as the session spells them). ``meaning(word)`` says what a word
    typed means (``out``, ``stock``, ``concealed``, in any language). Raises
    :class:`~scorekeeper.api.InputError` naming the argument or player."""
    entry: dict = {"players": {}}
    named: dict[str, list[str]] = {}
    for arg in args:
        text = str(arg).strip()
        if meaning(text) == "stock":
            entry["stock_exhausted"] = True
            continue
        if meaning(text) == "concealed":
            entry["concealed"] = True
            continue
        name, colon, body = text.partition(":")
        if not colon or not name.strip():
            raise InputError("line.no_name", text=text)
        whole = find_player(name.strip(), players)
        names = [whole] if whole is not None else [match_player(n.strip(), players) for n in name.split("+")]
        player = names[0]
        if player in entry["players"]:
            raise InputError("line.player_twice", player=player)
        entry["players"][player] = _part(player, body, entry, meaning)
        if len(names) > 1:
            named[player] = names
    entry["players"] = {p: entry["players"][p] for p in players if p in entry["players"]}
    return entry, named


def check_sides(entry: dict, named: Mapping[str, list[str]], sides: Sequence[Sequence[str]]) -> dict:
    """``entry`` read for a game of ``sides``: each side named (``Ann+Bob:``) must be a side of the
    game (``canasta.oneline.not_a_side``), and the partners of a side counted on paper, left out, are
    given as nothing (``{}``)."""
    for player, names in named.items():
        side = next(s for s in sides if player in s)
        if set(names) != set(side) or len(names) != len(side):
            raise InputError("canasta.oneline.not_a_side", player=player, named="+".join(names), side="+".join(side))
    parts = entry["players"]
    for side in sides:
        if any("points" in (parts.get(p) or {}) for p in side):
            for p in side:
                parts.setdefault(p, {})
    order = [p for side in sides for p in side]
    seat = {p: i for i, p in enumerate(order)}
    entry["players"] = dict(sorted(parts.items(), key=lambda kv: seat.get(kv[0], len(seat))))
    return entry


def _cards(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(w for w in (_cards(v) for v in value) if w)
    return " ".join(str(value).split())


def _melds(value: Any) -> str:
    if isinstance(value, str):
        return ", ".join(m.strip() for m in re.split(r"[,;]", value) if m.strip())
    if isinstance(value, (list, tuple)):
        return ", ".join(_cards(m) for m in value if _cards(m))
    return str(value)


def write_part(part: Any) -> str:
    """One player's part in the one-line form, without the name and the words ``out`` and
    ``concealed``: ``"QS QH QD JK, 7H 7S 7D 7C 7H 7S 7D r3=2 -5C"``, ``"-"``, ``"450"``, ``""``."""
    if not isinstance(part, dict):
        return str(part)
    if "points" in part:
        return str(part["points"])
    words = []
    if part.get("melds"):
        words.append(_melds(part["melds"]))
    if "red_threes" in part:
        reds = part["red_threes"]
        count = reds if isinstance(reds, int) and not isinstance(reds, bool) else len(_cards(reds).split())
        words.append(f"{RED_THREES}={count}")
    if "hand" in part:
        hand = part["hand"]
        words.append("-" + _cards(hand) if _cards(hand) else "-")
    return " ".join(words)


def write_line(entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
    """A stored entry in the one-line form: ``{player: text}`` (the words of the player who went
    out after their part, in the language spoken) and, under ``""``, ``stock``; names as ``players``
    spell them. Reads back (:func:`read_line`) to the same entry. Not a mapping: ``{}``."""
    if not isinstance(entry, dict):
        return {}
    parts = entry.get("players")
    out: dict[str, str] = {}
    gone = entry.get("out")
    concealed = entry.get("concealed") is True
    said = False  # "concealed" written after the part of the player who went out
    for name, part in (parts if isinstance(parts, dict) else {}).items():
        seat = (find_player(str(name), players) if players else None) or str(name)
        text = write_part(part)
        if isinstance(gone, str) and find_player(gone, [seat]) is not None:
            text = (text + " " + str(phrase("line.word.out"))).strip()
            if concealed:
                text, said = text + " " + str(phrase("canasta.word.concealed")), True
        out[seat] = text
    apart = ([str(phrase("line.word.stock"))] if entry.get("stock_exhausted") else []) + (
        [str(phrase("canasta.word.concealed"))] if concealed and not said else [])
    if apart:
        out[""] = " ".join(apart)
    return out
