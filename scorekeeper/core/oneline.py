"""The one-line form of a hand: one command-line argument per player (SPEC §4.2).

Each argument is ``NAME: WHAT``, where WHAT is read left to right:

* cards with no mark are **melds** put down, melds separated by ``,`` (or ``;``);
  a whole number there is the points put on the table (points-only);
* ``+`` starts the cards **laid off**;
* ``-`` starts the cards **left in hand** (``-`` alone: no cards left, the
  player went out); ``-19`` is 19 points in hand, counted on paper;
* the word ``knock`` (Carousel) or ``out`` says this player knocked / went out;
  ``out`` with no ``-`` means nothing is left in hand (``"Bob: 150 out"``).

A separate argument ``stock`` says the stock ran out. Cards are as in files:
``10H``, ``TH``, ``JK`` (the shell-safe joker), ``JK=7H``, ``AS:low``.

Examples::

    "Ann: 7H 8H 9H, QS QD QC +10H -AS 4D"   melds, a lay-off, two cards in hand
    "Bob: -"                                went out with nothing on the table
    "Cy: 80 -85"                            counted on paper: 80 on the table, 85 in hand
    "Ann: -3C AD knock"                     Carousel: knocked holding 3♣ A♦

:func:`parse_line_entries` turns the arguments into the same hand entry a
file gives (:mod:`scorekeeper.core.entry`); :func:`write_line_entries` writes a stored
entry back in this form (``history --audit``, ``undo``'s question, ``edit``'s answers), so
that what it writes reads back to the same entry. These two are the shared codec; a variant
with a form of its own declares both (``Variant.read_line`` / ``Variant.write_line``).
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from scorekeeper.core.cards import commas_between_cards, parse_card, parse_played, split_card
from scorekeeper.core.entry import about_player, find_player, match_player, name_key
from scorekeeper.core.errors import Collect, InputError
from scorekeeper.core.numbers import typed_number
from scorekeeper.core.words import WORDS, meaning

# No card, number or word of the form holds "+", "-", "," or ";", so each is a
# mark wherever it stands: "9H+10H-AS 4D" reads like "9H +10H -AS 4D".
_MARKS = re.compile(r"([+\-,;])")


def _tokens(text: str) -> list[str]:
    spaced = _MARKS.sub(lambda m: f" {m.group(1)} ", text)
    return spaced.split()


#: the separate argument saying the stock ran out
STOCK_WORDS = WORDS["stock"]


def near_word(token: str, meanings: Sequence[str], own: Mapping[str, Iterable[str]] | None = None) -> str | None:
    """The word of the one-line form saying one of ``meanings`` (``"stock"``, ``"knock"`` …:
    keys of :data:`~scorekeeper.core.words.WORDS`, English or local), or one of a variant's
    ``own`` words (meaning → its words, every language's: Gin Rummy's ``big``), that ``token``
    most likely meant: ``stok`` → ``stock``, ``вишов`` → ``вийшов``; None for a token that is no
    word (too short, or holding digits or marks: a card) or near none."""
    from scorekeeper.core.near import closest

    if len(token) < 3 or not token.replace("-", "").replace("_", "").isalpha():
        return None
    words = {w for m in meanings for w in WORDS[m]} | {w for ws in (own or {}).values() for w in ws}
    return closest(token, sorted(words))


def card_or_word(player: str, token: str, error: InputError, meanings: Sequence[str],
                 own: Mapping[str, Iterable[str]] | None = None) -> InputError:
    """The error for ``token`` of ``player``'s part that is no card (``error``, about the card):
    the card error when it names cards ``token`` is near, else ``line.word_near`` when
    ``token`` is near a word saying one of ``meanings`` or of the variant's ``own`` words
    (:func:`near_word`), else the card error, said of ``player``."""
    if error.code != "card.not_a_card_near":
        near = near_word(token, meanings, own)
        if near is not None:
            return InputError("line.word_near", player=player, token=token, near=near)
    return about_player(player, error)


def arguments(args: Sequence[str], players: Sequence[str], separate: Callable[[str], bool],
              no_name: str, twice: str, words: Sequence[str] = ("stock",)) -> Iterator[tuple[str | None, str]]:
    """The one-line arguments in order: ``(None, text)`` for a separate argument that
    ``separate(text)`` takes (``stock``), ``(player, what)`` for ``"NAME: WHAT"``, the
    name matched against ``players`` regardless of case.

    Raises :class:`InputError` ``no_name`` for an argument with no name (``line.not_a_word_near``
    when it is near a separate word saying one of the meanings ``words``: ``stok``), ``twice``
    for a player given twice, and what :func:`~scorekeeper.core.entry.match_player` raises.
    """
    seen: set[str] = set()
    for arg in args:
        text = str(arg).strip()
        if separate(text):
            yield None, text
            continue
        name, colon, body = text.partition(":")
        if not colon or not name.strip():
            near = near_word(text, words) if not colon else None
            if near is not None:
                raise InputError("line.not_a_word_near", text=text, near=near)
            raise InputError(no_name, text=text)
        player = match_player(name.strip(), players)
        if player in seen:
            raise InputError(twice, player=player)
        seen.add(player)
        yield player, body


def parse_line_entries(args: Sequence[str], players: Sequence[str], knock_allowed: bool = True,
                       player_keys: frozenset[str] | None = None) -> dict:
    """Turn one-line arguments into a hand entry dict (SPEC §4 file structure).

    Raises :class:`InputError` naming the argument or player at fault.
    """
    entry: dict = {"players": {}}
    mistakes = Collect()  # every argument's mistakes at once, each with its place
    for player, text in arguments(args, players, lambda text: text.lower() in STOCK_WORDS,
                                  "line.no_name", "line.player_twice"):
        if player is None:  # the separate argument "stock"
            entry["stock_exhausted"] = True
            continue
        with mistakes.at("players", player):
            entry["players"][player] = part = _player(player, text, entry, knock_allowed)
            if player_keys is not None:
                _fits_variant(player, part, player_keys)
    mistakes.raise_any()
    # seat order, whatever order the arguments came in
    entry["players"] = {p: entry["players"][p] for p in players if p in entry["players"]} | {
        p: v for p, v in entry["players"].items() if p not in players
    }
    return entry


def _fits_variant(player: str, part: dict, player_keys: frozenset[str]) -> None:
    """Say in one-line terms what the variant does not record (lay-offs, table points)."""
    if "layoffs" in part and "layoffs" not in player_keys:
        raise InputError("line.no_layoffs", player=player)
    if "table" in part and "table" not in player_keys:
        raise InputError("line.no_table", player=player, points=part["table"])


def _check_card(player: str, tok: str, section: str, knock_allowed: bool = True) -> None:
    """Read a card token as soon as it is met, so a bad card is quoted before
    anything else is said about the entry (SPEC §3); a token that is no card but near a
    word of the part (``owt``: ``out``) is said to be that (:func:`card_or_word`).
    Raises :class:`InputError`."""
    try:
        (parse_card if section == "hand" else parse_played)(tok)
    except InputError as e:
        raise card_or_word(player, tok, e, ("out", "knock") if knock_allowed else ("out",)) from None


def _player(player: str, body: str, entry: dict, knock_allowed: bool) -> dict:
    melds: list[list[str]] = [[]]
    layoffs: list[str] = []
    hand: list[str] | None = None
    table = hand_points = None
    section = "melds"
    tokens = _tokens(body)
    bad = Collect()  # every token that is no card, said at once
    for i, tok in enumerate(tokens):
        low = tok.lower()
        split = split_card(tok, tokens[i + 1] if i + 1 < len(tokens) else None)
        if split is not None:  # "10 H": a rank and its suit typed apart
            raise about_player(player, split)
        if tok == "+":
            section = "layoffs"
        elif tok == "-":
            section, hand = "hand", (hand or [])
        elif tok in (",", ";"):
            if section != "melds":
                raise InputError("line.comma_out_of_place", player=player)
            melds.append([])
        elif meaning(low) in ("knock", "out"):
            low = meaning(low)  # the English word of a local one (стук, вийшов …)
            if low == "knock" and not knock_allowed:
                raise InputError("line.knock_not_here", player=player)
            if low in entry:  # said as typed: "вийшов", not the stored key "out"
                raise InputError("line.word_twice", player=player, word=tok, other=entry[low])
            entry[low] = player
        elif (points := typed_number(tok)) is not None:
            if section == "melds" and table is None and not any(melds):
                table = points
            elif section == "hand" and hand_points is None and not hand:
                hand_points = points
            else:
                raise InputError("line.points_out_of_place", player=player, token=tok)
        else:
            # its place as a hand file holds it: (melds, meld, card), (layoffs, card), (hand, card)
            place = ((len(melds) - 1, len(melds[-1])) if section == "melds" else
                     (len(layoffs),) if section == "layoffs" else (len(hand or ()),))
            with bad.at(section, *place):
                _check_card(player, tok, section, knock_allowed)
            if bad.found and bad.found[-1].loc[:1] == (section,) and bad.found[-1].loc[1:] == place:
                tok = None  # a placeholder keeps the places of the cards after it
            if section == "melds":
                if table is not None:
                    raise InputError("line.table_and_melds", player=player)
                melds[-1].append(tok)
            elif section == "layoffs":
                layoffs.append(tok)
            else:
                if hand_points is not None:
                    raise InputError("line.hand_cards_and_points", player=player)
                hand.append(tok)
    bad.raise_any()
    typo = commas_between_cards(melds, player)
    if typo is not None:  # "7H,8H,9H": cards of one meld separated by commas
        raise about_player(player, typo)
    out: dict = {}
    meld_texts = [" ".join(m) for m in melds if m]
    if meld_texts:
        out["melds"] = meld_texts
    if layoffs:
        out["layoffs"] = " ".join(layoffs)
    if table is not None:
        out["table"] = table
    if hand_points is not None:
        out["hand"] = hand_points
    elif hand is not None:
        out["hand"] = " ".join(hand)
    elif entry.get("out") == player:
        # went out without "-": nothing in hand (0 points when the table was counted on paper)
        out["hand"] = 0 if table is not None else ""
    else:
        raise InputError("line.hand_missing", player=player)
    return out


# -- writing: a stored entry back as the one-line form ------------------------------


def cards_text(value: Any) -> str:
    """Cards as one line of words, from a string or a (nested) list: ``["AS", "4D"]`` → ``"AS 4D"``."""
    if isinstance(value, (list, tuple)):
        return " ".join(w for w in (cards_text(v) for v in value) if w)
    return " ".join(str(value).split())


def write_part(part: Any) -> str:
    """One player's part of a stored hand entry in the shared one-line form, without the name
    and the words saying how the hand ended: ``"7H 8H 9H, QS QD QC +10H -AS 4D"``, ``"80 -85"``
    (points on the table and in hand), ``"-"`` (nothing left in hand). A part that is not a
    mapping is shown as it is."""
    if not isinstance(part, dict):
        return str(part)
    words = []
    if "table" in part:
        words.append(str(part["table"]))
    melds = part.get("melds")
    if melds:
        if isinstance(melds, str):
            words.append(", ".join(m.strip() for m in melds.replace(";", ",").split(",") if m.strip()))
        elif not isinstance(melds, (list, tuple)):  # not an entry scorekeeper keeps: shown as it is
            words.append(str(melds))
        else:
            words.append(", ".join(cards_text(m) for m in melds if cards_text(m)))
    if part.get("layoffs"):
        words.append("+" + cards_text(part["layoffs"]))
    hand = part.get("hand")
    if isinstance(hand, bool) or hand is None:
        pass
    elif isinstance(hand, int):
        words.append(f"-{hand}")
    else:
        words.append(("-" + cards_text(hand)) if cards_text(hand) else "-")
    return " ".join(w for w in words if w)


def spoken_word(what: str) -> str:
    """The word of the one-line form saying ``what`` (``"knock"``, ``"out"``, ``"stock"``: keys of
    :data:`~scorekeeper.core.words.WORDS`) as the language spoken writes it
    (template ``line.word.WHAT``: ``стук``, ``вихід``, ``резерв`` in Ukrainian; the English word
    in English and under ``--json``). Every language's word reads back the same
    (:func:`~scorekeeper.core.words.meaning`), so a written line is typed back in any language."""
    from scorekeeper.core.messages import say

    return say("line.word." + what)


def write_line_entries(entry: Any, players: Sequence[str] = (),
                       part_text: Callable[[Any], str] = write_part) -> dict[str, str]:
    """A stored hand entry in the shared one-line form people type (SPEC §4.2), what
    :func:`parse_line_entries` reads back: ``{player: text}`` in the entry's order, the words
    ``knock`` / ``out`` after the part of the player who knocked or went out, and the separate
    argument ``stock`` under ``""`` when the stock ran out. Names are written as ``players``
    (the session's, when given) spell them, so an entry typed ``ann:`` is Ann's; ``part_text``
    writes one player's part (default :func:`write_part`). Not a mapping: ``{}``."""
    if not isinstance(entry, dict):
        return {}
    out: dict[str, str] = {}
    parts = entry.get("players")
    for name, part in (parts if isinstance(parts, dict) else {}).items():
        seat = (find_player(str(name), players) if players else None) or name
        out[seat] = part_text(part)
        for word in ("knock", "out"):
            if isinstance(entry.get(word), str) and name_key(entry[word]) == name_key(str(name)):
                out[seat] = (out[seat] + " " + spoken_word(word)).strip()
    if entry.get("stock_exhausted"):
        out[""] = spoken_word("stock")
    return out


def seat_of(name: Any, lines: Mapping[str, str]) -> str | None:
    """The key of ``lines`` (a written entry) that is the player ``name`` (any case), or None."""
    if not isinstance(name, str):
        return None
    return next((seat for seat in lines if seat and name_key(seat) == name_key(name)), None)


def as_arguments(lines: Mapping[str, str]) -> list[str]:
    """Written lines (:func:`write_line_entries`) as the arguments ``hand`` takes:
    ``["Ann: -3C AD knock", "Bob: -", "stock", "up=7D"]`` (each separate argument is one word)."""
    return [arg for name, text in lines.items() for arg in ([f"{name}: {text}"] if name else text.split())]
