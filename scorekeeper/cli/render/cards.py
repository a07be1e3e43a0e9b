"""Cards for people, styled from card objects.

A card is shown with its suit symbol (``10♥``), hearts and diamonds red, when the
terminal has colour, and in letters (``10H``) otherwise (SPEC §3); in Ukrainian,
Russian and Belarusian the ranks are Т К Д В and the suits always symbols (SPEC §7):
the text is :func:`scorekeeper.core.messages.card_text`'s. The cards come
as :class:`~scorekeeper.core.cards.Card`/``PlayedCard`` objects or as the
canonical texts the documents hold (``"10H"``, ``"JK=7H"``), read with the core's
own :func:`~scorekeeper.core.cards.parse_played`.

A sentence of the program (a :class:`~scorekeeper.core.phrase.Phrase`, or a document's
sentence that keeps its phrase, :class:`~scorekeeper.core.phrase.Said`) is drawn by
:func:`sentence` from its pieces (:meth:`~scorekeeper.core.phrase.Phrase.pieces`): its words,
and the cards its facts name, each drawn by :func:`card`; the words are never read back. Only
an entry as typed (:func:`typed_cards`) is read for its cards: that is what the user writes.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Iterable

from rich.text import Text

from scorekeeper.core.cards import Card, PlayedCard, parse_played
from scorekeeper.core.errors import InputError
from scorekeeper.core.messages import Pieces, card_text, join_pieces, rank_letter, show
from scorekeeper.core.phrase import Phrase

_RED = ("H", "D")
#: what may stand around a card in an entry as typed: +10H -AS
_AROUND = "()[]{},;.:!?\"'+-"
_WORDS = re.compile(r"(\s+)")


def card(c: Card | PlayedCard, t: Any, style: str = "") -> Text:
    """One card: ``10♥`` in red with colour, ``10H`` without; a played card keeps its
    marks (``JK=7♥``, ``A♠:low``)."""
    if isinstance(c, PlayedCard):
        out = card(c.card, t, style)
        if c.stands_for is not None:
            out.append("=")
            out.append(card(c.stands_for, t, style))
        if c.ace:
            out.append(f":{c.ace}")
        return out
    if not t.color:
        # letters are the notation's only in English: elsewhere a Cyrillic rank beside a Latin suit letter
        # would read as neither
        return Text(card_text(c, symbols=rank_letter(1) != "A"), style=style)
    return Text(card_text(c), style=" ".join(s for s in (style, "red" if c.suit in _RED else "") if s))


def card_list(items: Iterable[Card | PlayedCard | str], t: Any, style: str = "") -> Text:
    """Cards separated by spaces; texts are read as played cards (``"7H"``, ``"JK=7H"``)."""
    out = Text(style=style)
    for i, c in enumerate(items):
        if i:
            out.append(" ")
        out.append(card(parse_played(c) if isinstance(c, str) else c, t))
    return out


def sentence(words: Any, t: Any, style: str = "", inside: bool = False) -> Text:
    """Words of the program in ``style``, each card they name drawn as :func:`card` draws it
    (in colour, or in letters without): ``words`` is a :class:`Phrase`, or a document's
    sentence keeping its phrase (:class:`~scorekeeper.core.phrase.Said`); any other text is
    drawn as it is (it names no card of a fact). ``inside``: the sentence stands inside another
    (in parentheses after a score): it goes on in a small letter where it may
    (:func:`scorekeeper.core.messages.clause`)."""
    said = words if isinstance(words, Phrase) else getattr(words, "phrase", None)
    if not isinstance(said, Phrase):
        return Text(str(words), style=style)
    out = Text(style=style)
    for piece in said.pieces(inside):
        if isinstance(piece, str):
            out.append(piece)
        elif isinstance(piece, _Marked):
            out.append(str(piece), style=piece.style)
        else:  # a card as the sentence names it: a played card without its ace mark
            marked = isinstance(piece, PlayedCard) and piece.ace is not None
            out.append(card(replace(piece, ace=None) if marked else piece, t))
    return out


class _Marked:
    """A fact drawn in a style of its own (a name in bold): one piece of its sentence."""

    def __init__(self, value: Any, style: str) -> None:
        self.value, self.style = value, style

    def pieces(self) -> list:
        return [self]

    def __str__(self) -> str:
        return show(self.value)


def sentence_of(code: str, t: Any, style: str = "", bold: Iterable[str] = (), **facts: Any) -> Text:
    """The sentence of message ``code`` with ``facts`` drawn as :func:`sentence` draws it (``t``
    the terminal; None will do for a sentence that names no card), the facts named in ``bold`` in bold: a name, or a list of names said joined with "and" (``Ann, Bob
    and Cy``, each name in bold). The words are never searched for the names.

    Raises ``KeyError`` for a code without a template, or a name in ``bold`` not among ``facts``."""
    for key in bold:
        value = facts[key]
        if isinstance(value, (list, tuple)):
            facts[key] = Pieces(join_pieces([_Marked(v, "bold") for v in value], "and"))
        else:
            facts[key] = _Marked(value, "bold")
    return sentence(Phrase(code, facts), t, style)


def _read(word: str) -> PlayedCard | None:
    try:
        return parse_played(word)
    except InputError:
        return None


def typed_cards(text: str, t: Any, style: str = "") -> Text:
    """An entry as typed (``7H 8H +10H -AS``): with colour, its cards shown with suit
    symbols (hearts and diamonds red); without, exactly as typed."""
    if not t.color:
        return Text(text, style=style)
    out = Text(style=style)
    for piece in _WORDS.split(text):
        core = piece.strip(_AROUND)
        found = _read(core) if core else None
        if found is None:
            out.append(piece)
            continue
        start = piece.index(core)
        out.append(piece[:start])
        out.append(card(found, t))
        out.append(piece[start + len(core):])
    return out
