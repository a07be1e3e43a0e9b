"""Sentences for people, made from data in one place.

An error (:class:`~scorekeeper.core.errors.ScorekeeperError`) or an explanation
line carries a ``code`` and its facts; :func:`sentence` looks the code up in the
templates and fills in the facts. Nothing outside this package builds or edits
a message: a translation (SPEC §7) then only has to supply other templates.

Templates are ``str.format`` strings over the facts, with these additions:

- a card (:class:`~scorekeeper.core.cards.Card` or ``PlayedCard``) is shown as
  people read it (``7♥``); a list or tuple of cards as the cards with spaces;
- ``{x!q}`` quotes a value as typed (``"1H"``, at most 60 characters; a text in the quotes of
  the language spoken, ``join.quoted``: «1ч»);
- ``{names:and}`` / ``{names:or}`` join a list with "and" / "or" (``Ann, Bob and Cy``),
  ``{keys:list}`` with commas; ``{ways:endings}`` joins the ways a hand ended
  (``knock``, ``out``, ``stock_exhausted``) with "and", each said by its template
  ``ending.WAY``;
- ``{n:#card|cards}`` writes the number and the singular or plural word; ``{n:,}`` groups its
  thousands the spoken language's way (``100,000,000``; uk, ru, be ``100 000 000``);
- a fact ``cause`` (another error) is shown as its sentence without the final stop; a
  template ending in a fact and a stop ends with the fact's question mark instead, when the
  fact ends with one (``Ann: "1H" is not a card: …; did you mean 10H?``);
- a fact ``hand`` that the template does not name starts the sentence with "Hand N: ";
  likewise ``session`` with "Session ID: ".

The templates live in one module per layer of the program (``cards``, ``game``, ``prompt``,
``storage``, ``app``, ``cli``) — a variant's own in its package, joined when it is made
(:func:`add_variant_texts`) — the screens' words and titles in ``screens`` (codes
``screen.<screen>.…``), the command line's own in ``commandline`` (``cli.<part>.…``) and
the exported documents' in ``documents`` (``export.…``), the sentences that join others
(a list's "and", "Hand N: ") in ``joining`` (``join.…``), the help texts typer is given in
:mod:`scorekeeper.core.helptext` (``help.…``: outside this package, so that an English ``--help`` reads
them without loading the others), all merged into :data:`TEMPLATES`
(and :data:`PLURALS`, the messages whose whole text depends on a count). The program
says them with :func:`say` / :func:`say_count` (code and facts); no other module
holds a sentence for people. A screen that draws the cards of a sentence its own way (in
colour) takes it as :func:`pieces`: its words and the card objects it names, in order.

Languages (SPEC §7): the English templates are the gettext message ids and each
template's code is its context (``msgctxt``), so two codes that say the same in
English can be said differently in another language. The command line loads the
chosen language's catalog (:mod:`scorekeeper.locale`) and hands it to :func:`use`;
from then on :func:`render` translates each template (``pgettext(code, template)``;
its plural words through ``npgettext(code, one, many, n)``; card ranks through
``pgettext("rank", …)``) before filling in the facts. Without a catalog everything is English. This
module reads no file itself.
"""
from __future__ import annotations

import string
from typing import Any, Mapping

from scorekeeper.core import helptext
from scorekeeper.core.messages import (app, cards, cli, club, commandline, documents, game, joining, language, prompt, screens,
                                       storage, system)

import contextlib
import gettext as _gettext
import re
from typing import Iterator

TEMPLATES: dict[str, str] = {}
#: the messages whose whole text depends on a count: code -> (singular, plural) English
#: templates, said through ``npgettext(code, one, many, n)`` (:func:`say_count`)
PLURALS: dict[str, tuple[str, str]] = {}
for _part in (joining, cards, game, language, prompt, storage, app, club, cli, screens, commandline, documents, helptext, system):
    _clash = (TEMPLATES.keys() | PLURALS.keys()) & (_part.TEMPLATES.keys() | getattr(_part, "PLURALS", {}).keys())
    assert not _clash, f"message codes defined twice: {sorted(_clash)}"
    TEMPLATES.update(_part.TEMPLATES)
    PLURALS.update(getattr(_part, "PLURALS", {}))


_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"
#: the catalogs variants bring (SPEC §8): ``(domain, folder)``, read for the language spoken
_variant_catalogs: list[tuple[str, str]] = []


def use(translations: _gettext.NullTranslations | None, language: str = "en") -> None:
    """Speak the language of ``translations`` (code ``language``) from now on (None: English).
    The catalogs variants brought (:func:`add_variant_texts`) answer what it does not hold."""
    global _translations, _language
    _translations = translations if translations is not None else _gettext.NullTranslations()
    _language = language if translations is not None else "en"
    for domain, folder in _variant_catalogs:
        _fall_back_on(domain, folder)


def _fall_back_on(domain: str, folder: str) -> None:
    """Add a variant's catalog for the language spoken behind the program's own (none: English)."""
    if speaking_english():
        return
    found = _gettext.translation(domain, localedir=folder, languages=[_language], fallback=True)
    if type(found) is not _gettext.NullTranslations:
        _translations.add_fallback(found)


def add_variant_texts(domain: str, templates: Mapping[str, str], catalogs: Any = None) -> None:
    """Take a variant's own message templates (code -> English template) and, where it brings
    them, its gettext catalogs: ``catalogs`` is a folder holding ``LANG/LC_MESSAGES/DOMAIN.mo``
    (``domain`` is the variant's id). A language without a catalog says them in English.

    Raises ``ValueError`` when a code is already another template's.
    """
    clash = sorted(code for code, text in templates.items() if TEMPLATES.get(code, text) != text)
    if clash:
        raise ValueError(f"message codes already used: {', '.join(clash)}")
    TEMPLATES.update(templates)
    if catalogs is not None and (domain, str(catalogs)) not in _variant_catalogs:
        _variant_catalogs.append((domain, str(catalogs)))
        _fall_back_on(domain, str(catalogs))


def catalog_forms(code: str, folder: Any, domain: str) -> list[str]:
    """The words each language's catalog in ``folder`` (``LANG/LC_MESSAGES/DOMAIN.mo``) gives for
    the message ``code`` (its English being the meaning, the last part of ``code``): a variant's
    own words as people type them in every language (``word.drop``: «дроп|скинув» …), each
    translation listing its forms separated by ``|``. [] without a folder."""
    if folder is None:
        return []
    from pathlib import Path

    english = code.rpartition(".")[2]
    found: list[str] = []
    base = Path(str(folder))
    for lang in sorted(p.name for p in base.iterdir() if p.is_dir()) if base.is_dir() else ():
        t = _gettext.translation(domain, localedir=str(base), languages=[lang], fallback=True)
        said = t.pgettext(code, english)
        if said != english:
            found += [w.strip() for w in said.split("|") if w.strip()]
    return found


def speaking_english() -> bool:
    """Whether sentences are made in English now (no catalog in use, or inside :func:`english`)."""
    return type(_translations) is _gettext.NullTranslations


@contextlib.contextmanager
def english() -> Iterator[None]:
    """Speak English inside the ``with`` block (texts of ``--json``, which never change
    with the language), then the chosen language again."""
    global _translations
    saved = _translations
    _translations = _gettext.NullTranslations()
    try:
        yield
    finally:
        _translations = saved


def _(text: str) -> str:
    """``text`` (an English message id) in the chosen language."""
    return _translations.gettext(text)


def ngettext(one: str, many: str, n: int) -> str:
    """The singular or plural form for ``n`` in the chosen language (1 карта, 2 карти, 5 карт)."""
    return _translations.ngettext(one, many, n)


def pgettext(context: str, text: str) -> str:
    """``text`` in the chosen language, where ``context`` says what kind of word it is."""
    return _translations.pgettext(context, text)


def variant_words(code: str, text: str) -> str:
    """A variant's own words (``text``, the English) in the language spoken: looked up under
    their message code ``code`` (``option.target.values``, ``variant.gin.summary``), else
    without a context, as a plugin's catalog may hold them (docs/plugins.md)."""
    said = pgettext(code, text)
    return _(text) if said == text else said


def npgettext(context: str, one: str, many: str, n: int) -> str:
    """The singular or plural form for ``n`` of the words said in ``context`` (a message code)."""
    return _translations.npgettext(context, one, many, n)


#: the decimal sign of each language that does not write a point (CLDR: uk, ru, be write 69,38)
_DECIMAL_SIGN = {"uk": ",", "ru": ",", "be": ","}
#: the sign between groups of thousands (``{n:,}``) of each language that does not write a comma (CLDR: uk, ru
#: and be write 100 000 000, with a no-break space)
_GROUP_SIGN = {"uk": "\u00a0", "ru": "\u00a0", "be": "\u00a0"}


def spoken_language() -> str:
    """The code of the language sentences are made in now (its catalog's ``Language``; ``en`` without one)."""
    return (_translations.info().get("language") or "en").split("_")[0].lower()


def number(value: float | int, digits: int = 0) -> str:
    """``value`` written the spoken language's way, with ``digits`` decimals:
    ``number(69.375, 2)`` is ``69.38`` in English and ``69,38`` in uk, ru and be."""
    text = f"{value:.{digits}f}"
    sign = _DECIMAL_SIGN.get(spoken_language())
    return text.replace(".", sign) if sign else text


# The sentence maker sits at the bottom of the core: it knows cards and errors by their
# shape (a card has ``rank`` and ``suit``, a card in a meld ``card`` and ``stands_for``, an
# error ``code`` and ``facts``) and imports neither, so they can say themselves through it.
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
QUOTE_LIMIT = 60


def quoted(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """A wrong value as a message quotes it: as JSON writes it (``true``, ``["x"]``;
    a TOML date as its text), cut after ``limit`` characters with "…", so a huge
    or deeply nested structure is not echoed whole (a text is cut inside its quotes:
    ``"abc…"``, so a stop after it never makes "….").

    >>> quoted([["x"]])
    '[["x"]]'
    """
    import json

    if isinstance(value, str) and not speaking_english():  # the language's own quotes: «1ч»
        return _in_quotes(value, limit)
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (RecursionError, ValueError):
        text = render("value.nested_too_deeply", {"type": type(value).__name__})
    if len(text) <= limit:
        return text
    if isinstance(value, str):  # cut inside its quotes, which still close it: "abc…" (never "abc….)
        return json.dumps(value[:limit], ensure_ascii=False)[:-1] + '…"'
    return text[:limit] + "…"


def typed_text(text: str) -> str:
    """A name or title as typed, quoted the spoken language's way ("Оля\\u001b"; uk «Оля\\u001b»): each
    character a terminal would act on (a control or format character, a line or paragraph separator)
    and each byte that was no character (a lone surrogate) written as its ``\\uXXXX`` escape, every
    other letter as it is."""
    import unicodedata

    inner = "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs") else c
                    for c in text)
    if speaking_english():
        return '"' + inner.replace('"', '\\"') + '"'
    return render("join.quoted", {"text": inner})


def _in_quotes(text: str, limit: int) -> str:
    """A typed text in the quotes of the language spoken (``join.quoted``: «1ч»), what cannot be
    seen written as JSON writes it inside (``\\n``, ``\\u0007``), cut short inside the quotes."""
    import json

    cut = len(json.dumps(text, ensure_ascii=False)) > limit
    inner = json.dumps(text[:limit] if cut else text, ensure_ascii=False)[1:-1]
    inner = re.sub(r'((?:\\\\)*)\\"', r'\1"', inner)  # a quote needs no backslash inside «»
    return render("join.quoted", {"text": inner + ("…" if cut else "")})


def rank_letter(rank: int) -> str:
    """The rank as people of the chosen language write it: ``A`` (Т), ``10``, ``Q`` (Д)."""
    return pgettext("rank", _RANKS[rank - 1])


_letters = False


@contextlib.contextmanager
def suits_as_letters(on: bool = True) -> Iterator[None]:
    """Within the block (``on``), sentences write a card's suit as its letter (``7H``), as the
    tables do without colour, where the ranks are Latin letters too (English; in uk, ru and
    be a Cyrillic rank keeps its suit symbol, ``Т♠``)."""
    global _letters
    saved, _letters = _letters, on
    try:
        yield
    finally:
        _letters = saved


def card_text(card: Any, symbols: bool | None = None) -> str:
    """A card for people: ``10♥``, ``A♠`` (``Т♠`` in uk/ru/be), the joker ``JK`` (``Дж``);
    a card in a meld with what it stands for (``JK=7♥``). ``symbols=False``
    writes the suit as its letter (``10H``); by default the symbol, except inside
    :func:`suits_as_letters`."""
    if symbols is None:
        symbols = not (_letters and rank_letter(1) == "A")
    if _is_played(card):
        text = card_text(card.card, symbols)
        if card.stands_for is not None:
            text += "=" + card_text(card.stands_for, symbols)
        return text
    if card.rank == 0:
        return pgettext("card", "JK")
    return rank_letter(card.rank) + (_SUIT_SYMBOLS[card.suit] if symbols else card.suit)


def _is_played(value: Any) -> bool:
    """A card as written in a meld (``PlayedCard``: the card and what it stands for)."""
    return hasattr(value, "card") and hasattr(value, "stands_for")


def _is_card(value: Any) -> bool:
    """A card (``Card``: rank and suit) or a card as written in a meld."""
    return (hasattr(value, "rank") and hasattr(value, "suit") and not isinstance(value, type)) or _is_played(value)


def _is_error(value: Any) -> bool:
    """An error of the program (``ScorekeeperError``: a code and its facts)."""
    return isinstance(value, Exception) and hasattr(value, "code") and hasattr(value, "facts")


# A sentence is made as pieces: texts, and the cards it names (the card objects of its facts), in
# order. Joined (each card as card_text) they are the sentence; a screen draws each card its way
# (in colour) from the pieces without ever reading the words back.


class Pieces(tuple):
    """Words already made, as pieces (texts and cards): a fact holding them is shown as they are."""

    def pieces(self) -> list:
        return list(self)

    def __str__(self) -> str:
        return text_of(self)


def text_of(pieces: Any) -> str:
    """The words of ``pieces``: each text as it is, each card as :func:`card_text` writes it
    (anything else a fact's ``pieces()`` gave as its ``str``)."""
    return "".join(p if isinstance(p, str) else card_text(p) if _is_card(p) else str(p) for p in pieces)


def _between(parts: list[list], sep: str) -> list:
    """The pieces of ``parts`` one after another, ``sep`` between each two."""
    out: list = []
    for i, part in enumerate(parts):
        if i and sep:
            out.append(sep)
        out += part
    return out


def _strip_end(pieces: list, chars: str) -> list:
    """``pieces`` without ``chars`` at the end of their words (as ``str.rstrip``)."""
    while pieces and isinstance(pieces[-1], str):
        last = pieces[-1].rstrip(chars)
        if last:
            pieces[-1] = last
            break
        pieces.pop()
    return pieces


def show_pieces(value: Any) -> list:
    """A fact as people read it, as pieces (see :func:`pieces`): a card as itself, a list of
    cards as the cards with spaces, an error as its sentence without the final stop, a phrase
    (anything with a ``pieces()`` method) as its pieces; anything else as its text."""
    if _is_error(value) and value.code.startswith("errors.several"):
        # several mistakes quoted in another sentence: each, on one line
        return _between([show_pieces(e) for e in value.facts.get("errors") or ()], "; ")
    if _is_error(value):
        return _strip_end(pieces(value.code, value.facts), ".")
    if _is_card(value):
        return [value]
    made = getattr(value, "pieces", None)
    if made is not None and not isinstance(value, (str, type)):
        return made()
    if isinstance(value, (list, tuple)) and value and all(_is_card(v) for v in value):
        return _between([[v] for v in value], " ")
    return [str(value)]


def show(value: Any) -> str:
    """A fact as people read it: cards with suit symbols, errors as their sentence."""
    return text_of(show_pieces(value))


def join_pieces(items: Any, word: str) -> list:
    """:func:`join` as pieces."""
    parts = [show_pieces(i) for i in items]
    if len(parts) <= 1:
        return parts[0] if parts else []
    return pieces("join." + word, {"items": Pieces(_between(parts[:-1], ", ")), "last": Pieces(parts[-1])})


def join(items: Any, word: str) -> str:
    """``Ann, Bob and Cy`` (``word`` is "and" or "or"; template ``join.and``/``join.or``); one
    item alone; nothing for none."""
    return text_of(join_pieces(items, word))


class Joined:
    """Facts said one after another with ``sep`` between them (``"; "``, ``", "``, ``" "``):
    ``Joined((phrase_a, phrase_b), "; ")``; each as :func:`show` says it. Used as a fact."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Any, sep: str = "") -> None:
        self.items = tuple(items)
        self.sep = sep

    def pieces(self) -> list:
        """What it says, piece by piece (words, and the cards as card objects), for the screens
        to draw."""
        return _between([show_pieces(i) for i in self.items], self.sep)

    def __str__(self) -> str:
        return text_of(self.pieces())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and (self.items, self.sep) == (other.items, other.sep)

    def __hash__(self) -> int:
        return hash((self.items, self.sep))

    def __repr__(self) -> str:
        return f"Joined({self.items!r}, {self.sep!r})"


class _Formatter(string.Formatter):
    """Fills in a template of message ``code`` (its plural words are looked up under that code)."""

    def __init__(self, code: str | None = None):
        super().__init__()
        self.code = code

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "q":
            return quoted(value)
        return super().convert_field(value, conversion)

    def field_pieces(self, value: Any, spec: str) -> list:
        if spec in ("and", "or"):
            return join_pieces(value, spec)
        if spec == "list":
            return _between([show_pieces(v) for v in value], ", ")
        if spec == "lines":  # each on a line of its own, a whole sentence (the mistakes of one entry)
            return _between([pieces(v.code, v.facts) if _is_error(v) else show_pieces(v) for v in value], "\n")
        if spec == "endings":
            return join_pieces([Pieces(pieces("ending." + way, {})) for way in value], "and")
        if spec.startswith("#"):
            one, _bar, many = spec[1:].partition("|")
            word = npgettext(self.code, one, many, value) if self.code else ngettext(one, many, value)
            return [f"{value} {word}"]
        if spec == "," and isinstance(value, int):  # thousands grouped the spoken language's way
            return [format(value, ",").replace(",", _GROUP_SIGN.get(spoken_language(), ","))]
        if spec:
            return [format(value, spec)]
        return show_pieces(value)

    def format_field(self, value: Any, spec: str) -> str:
        return text_of(self.field_pieces(value, spec))

    def pieces(self, template: str, facts: Mapping[str, Any]) -> list:
        """The template filled in with ``facts``, as pieces (``string.Formatter.parse``'s fields)."""
        out: list = []
        for literal, name, spec, conversion in self.parse(template):
            if literal:
                out.append(literal)
            if name is None:
                continue
            value = self.convert_field(self.get_field(name, (), facts)[0], conversion)
            if spec and "{" in spec:
                spec = self.vformat(spec, (), facts)
            made = [p for p in self.field_pieces(value, spec or "") if p != ""]
            if (_is_error(value) and not spec and literal.endswith((": ", "("))  # a sentence inside this one
                    and not value.code.startswith("errors.several")):  # (several: each said as it is)
                made = clause_of(made, value.code)
            out += made
        return out


def _merged(parts: list) -> list:
    """``parts`` with texts next to each other made one."""
    out: list = []
    for p in parts:
        if isinstance(p, str) and out and isinstance(out[-1], str):
            out[-1] += p
        else:
            out.append(p)
    return out


#: the facts that hold the operating system's reason (``OSError.strerror``): said in our own words
_SYSTEM_FACTS = ("strerror", "reason")
_by_strerror: dict[str, str] = {}


def _system_reason(value: Any) -> Any:
    """The system's reason ``value`` (its English ``strerror``) as the template of its error
    number's name (:mod:`scorekeeper.core.messages.system`), or ``value`` as it is."""
    if not isinstance(value, str):
        return value
    if not _by_strerror:
        import errno
        import os

        _by_strerror.update({os.strerror(n): name for n, name in errno.errorcode.items()})
    name = _by_strerror.get(value)
    if name is None or f"os.error.{name}" not in TEMPLATES:
        return value
    return Pieces(_pieces(f"os.error.{name}", {}))


def _pieces(code: str, facts: Mapping[str, Any]) -> list:
    if any(isinstance(facts.get(key), str) for key in _SYSTEM_FACTS):
        facts = {**facts, **{key: _system_reason(facts[key]) for key in _SYSTEM_FACTS if key in facts}}
    if facts.get("form") == "line" and code + ".line" in TEMPLATES:
        code += ".line"
    template = TEMPLATES[code]
    said = pgettext(code, template)
    out = _Formatter(code).pieces(said, facts)
    # a fact that ends in a question ("did you mean 10H?") ends the sentence
    if said.endswith("}.") and len(out) > 1 and out[-1] == "." and isinstance(out[-2], str) and out[-2].endswith("?"):
        out.pop()
    names = {f[1] for f in string.Formatter().parse(template) if f[1]}
    loc = tuple(facts.get("loc") or ())
    if len(loc) >= 2 and loc[0] == "players" and "player" not in names and "cause" not in names:
        # a mistake found in a player's part of an entry: the sentence names whose part it is
        out = _pieces("join.player", {"player": loc[1], "text": Pieces(clause(out, code, said))})
        code, said = "join.player", "{"
    if facts.get("session") is not None and "session" not in names:
        out = _pieces("join.session", {"session": facts["session"], "text": Pieces(clause(out, code, said))})
        code, said = "join.session", "{"
    if facts.get("hand") is not None and "hand" not in names:
        out = _pieces("join.hand", {"hand": facts["hand"], "text": Pieces(clause(out, code, said))})
    return out


#: the first words of the English templates that name something (a variant) and keep their capital
#: inside another sentence
_PROPER = frozenset({"Carousel", "Canasta", "Gin", "Rummy", "Rum", "Contract", "Indian", "Crazy", "Michigan",
                     "Knock", "Oklahoma", "Hollywood"})


def clause_of(out: list, code: str) -> list:
    """:func:`clause` of the pieces ``out`` of message ``code``, its template as the language spoken says it."""
    return clause(out, code, pgettext(code, TEMPLATES.get(code, "")))


def clause(out: list, code: str, said: str) -> list:
    """The sentence ``out`` of message ``code`` (its template in the language spoken: ``said``) as a
    part of another sentence, after a colon or inside parentheses ("Hand 1: only one player…"): its
    first letter lowered where the sentence begins with the template's own word — never a name, a
    card or a number given as a fact (``said`` begins with a field), never a word whose capital is
    its own (an abbreviation, ``I-5``, a variant's name)."""
    if not (out and isinstance(out[0], str) and said[:1].isalpha()):
        return out
    first = out[0]
    english = TEMPLATES.get(code, "").split(" ", 1)[0].rstrip(":,.'s")
    if len(first) < 2 or not (first[0].isupper() and first[1].islower()) or english in _PROPER:
        return out
    return [first[0].lower() + first[1:], *out[1:]]


#: a stop after a sentence that already ends ("….)" "…?)" "…"): one of them is enough
_DOUBLED_END = (".).", "?.", "!.")


def _tidy_end(out: list) -> list:
    """``out`` without a stop doubled at its end: a template's "." after a fact that already ends
    a sentence ("(… --carry NAME=POINTS.)" then ".")."""
    if out and isinstance(out[-1], str) and out[-1].endswith(_DOUBLED_END):
        out = [*out[:-1], out[-1][:-1]]
    return out


def pieces(code: str, facts: Mapping[str, Any]) -> list:
    """The sentence for message ``code`` with ``facts`` (:func:`render`) as pieces: its texts
    (``str``) and the cards it names (the facts' ``Card``/``PlayedCard`` objects; a played
    card's ace mark is not said), in order; ``text_of(pieces(code, facts)) == render(code, facts)``.
    A screen draws each card its way (in colour) from them, never reading the words back. A fact
    with a ``pieces()`` method gives its own pieces: a screen marks a fact so (a name in bold) and
    finds it again among the pieces.

    Raises ``KeyError`` for a code that has no template: that is a bug."""
    return _tidy_end(_merged(_pieces(code, facts)))


def render(code: str, facts: Mapping[str, Any]) -> str:
    """The sentence for message ``code`` with ``facts`` (see the module's notes).

    Raises ``KeyError`` for a code that has no template: that is a bug.

    A fact ``form`` of "line" (the entry was typed as one-line arguments) chooses the
    template ``CODE.line`` where there is one: the words typed on one line (``big``,
    ``up=QS``, ``stock``) instead of a hand file's keys.
    """
    return text_of(_tidy_end(_merged(_pieces(code, facts))))


def say(code: str, /, **facts: Any) -> str:
    """The text of message ``code`` with ``facts`` given as keywords (:func:`render`):
    ``say("screen.standings.title")``, ``say("screen.hand.title", number=3)``.

    Raises ``KeyError`` for a code that has no template: that is a bug."""
    return render(code, facts)


def say_count(code: str, n: int, /, **facts: Any) -> str:
    """The text of the plural message ``code`` (:data:`PLURALS`) in the form the spoken
    language wants for the count ``n`` (1 hand, 2 hands; 1 роздача, 2 роздачі, 5 роздач),
    filled in with ``facts`` (the count itself is a fact only where given as one).

    Raises ``KeyError`` for a code that has no plural template: that is a bug."""
    one, many = PLURALS[code]
    return text_of(_Formatter(code).pieces(npgettext(code, one, many, n), facts))


def sentence(error: Any) -> str:
    """The sentence for an error (anything with ``code`` and ``facts``)."""
    return render(error.code, error.facts)
