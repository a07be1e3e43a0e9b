"""Every sentence for people comes from the message templates (SPEC §7, core/messages):
no module outside :mod:`scorekeeper.core.messages` writes one inline for gettext, and
each message code is its own catalog entry (its ``msgctxt``), so two codes that say
the same in English can be translated differently."""
from __future__ import annotations

import ast
import gettext
import string
from pathlib import Path

import pytest

from scorekeeper.core import messages

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"
#: the gettext functions and the position of the English text among their arguments
GETTEXTS = {"_": (0,), "gettext": (0,), "ngettext": (0, 1), "pgettext": (1,), "npgettext": (1, 2)}
#: modules that still write some sentences inline, and how many at most (the count may only fall)
NOT_YET: dict[str, int] = {}


#: the contexts of single words looked up by their kind, not sentences: the answers one types
#: (yes/no and their letters), the help's placeholders and section titles, card letters
WORD_KINDS = {"answer", "answer letter", "answer words", "metavar", "help section", "rank", "card"}


def inline_sentences(path: Path) -> list[tuple[int, str]]:
    """The gettext calls of a module whose English text is written in it: (line, text)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in ("pgettext", "npgettext") and node.args and getattr(node.args[0], "value", None) in WORD_KINDS:
            continue
        for i in GETTEXTS.get(name, ()):
            arg = node.args[i] if len(node.args) > i else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((node.lineno, arg.value))
                break
    return found


def test_no_sentence_is_written_inline_outside_the_templates():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = str(path.relative_to(ROOT))
        inline = inline_sentences(path)
        if len(inline) > NOT_YET.get(name, 0):
            found[name] = inline
    assert found == {}


def test_the_check_finds_an_inline_sentence(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('def f(n):\n    return _("Hand {n}").format(n=n) + ngettext("a card", "cards", n)'
                      ' + pgettext("screen", "Score") + pgettext("rank", "A") + pgettext("variant", n)\n',
                      encoding="utf-8")
    # the card letter is a word looked up by its kind and the variant's name is data: neither is a sentence
    assert sorted(inline_sentences(module)) == [(2, "Hand {n}"), (2, "Score"), (2, "a card")]


class ByContext(gettext.NullTranslations):
    """A catalog that says each message as its code: what a translator sees per entry."""

    def pgettext(self, context, message):
        return f"<{context}>"

    def npgettext(self, context, singular, plural, n):
        return f"<{context}>"


def test_two_codes_with_the_same_english_are_said_each_by_its_own_code():
    same = {}
    for code, template in messages.TEMPLATES.items():
        same.setdefault(template, []).append(code)
    shared = [codes for codes in same.values() if len(codes) > 1 and not any("{" in c for c in codes)]
    assert shared  # e.g. a column heading "Player" on several screens
    messages.use(ByContext(), "xx")
    try:
        for codes in shared:
            assert [messages.say(code) for code in codes] == [f"<{code}>" for code in codes]
    finally:
        messages.use(None)


@pytest.mark.parametrize("lang", ["uk", "ru", "be"])
def test_each_code_is_its_own_catalog_entry(lang):
    from conftest import tool

    po = tool("catalogs").read(lang)
    entries = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in po if m.id}
    wanted = {(code, text) for code, text in messages.TEMPLATES.items()}
    wanted |= {(code, pair) for code, pair in messages.PLURALS.items()}
    assert sorted(wanted - entries) == []
    by_english = {}
    for code, text in messages.TEMPLATES.items():
        by_english.setdefault(text, set()).add(code)
    for text, codes in by_english.items():
        if len(codes) > 1:
            assert {c for c, t in entries if t == text} >= codes


# --- a variant's own words: its options' allowed values and help --------------------------------------------

#: the English words of the options' allowed values that are not words one types
PROSE = {"a", "whole", "number", "or", "deals", "separated", "by", "melds", "set", "of", "at", "least", "run",
         "is", "refused", "there", "no", "deal", "after", "the", "last", "fourteenth", "wild", "rank"}


def _refusals():
    from conftest import tool

    for variant in tool("catalogs").built_in_variants():
        for o in variant.options:
            yield variant, o


@pytest.mark.parametrize("lang", ["uk", "ru", "be"])
def test_a_refused_rule_value_is_said_without_english_words(lang):
    """``--rule target=x`` in uk is «target може бути ціле число ≥ 1», never «… a whole number ≥ 1»:
    the only Latin words left are the option's key, the value typed and the values one types
    (``true``, ``none``, ``play-on``)."""
    import re

    from scorekeeper import locale as languages
    from scorekeeper.core.errors import InputError
    from scorekeeper.core.rules import resolve_rules

    english = {}
    messages.use(languages.translations(lang), lang)
    try:
        for variant, o in _refusals():
            with pytest.raises(InputError) as refused:
                resolve_rules(variant, {o.key: "zz9"}, 2)
            text = messages.sentence(refused.value)
            typed = set(re.findall(r"[A-Za-z][\w-]*", o.values)) - PROSE
            left = [w for w in re.findall(r"[A-Za-z][\w-]*", text) if w not in {o.key, "zz9", "n", *typed}]
            if left:
                english[f"{variant.id} {o.key}"] = text
    finally:
        messages.use(None)
    assert english == {}


# --- a sentence as pieces: its words and the cards its facts name ------------------------------------------


def _sample_facts(template: str) -> dict:
    """Facts for every field of ``template``: a card where a single value goes, lists where the
    notation joins, a count where it counts (the 7♥ and Q♠ are what the pieces must hand back)."""
    import string

    from scorekeeper.core.cards import Card

    facts = {}
    for _text, name, spec, _conversion in string.Formatter().parse(template):
        if not name:
            continue
        key = name.split(".")[0].split("[")[0]
        if spec in ("and", "or", "list"):
            facts[key] = [Card(7, "H"), "Ann", Card(12, "S")]
        elif spec == "endings":
            facts[key] = ["knock", "out"]
        elif spec and spec.startswith("#"):
            facts[key] = 2
        elif spec:
            facts[key] = 3
        else:
            facts[key] = [Card(7, "H"), Card(12, "S")] if key == "cards" else Card(7, "H")
    return facts


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "be"])
def test_the_pieces_of_a_sentence_are_its_words_and_its_cards(lang):
    """Joined, the pieces of every message are its sentence; the cards among them are the facts'
    card objects themselves, so a screen draws them without reading the words."""
    from scorekeeper import locale as languages
    from scorekeeper.core.cards import Card

    messages.use(languages.translations(lang) if lang != "en" else None, lang)
    tried = 0
    try:
        for code, template in messages.TEMPLATES.items():
            facts = _sample_facts(template)
            try:
                said = messages.render(code, facts)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                continue  # a template whose facts are shaped otherwise (a dict, a date)
            pieces = messages.pieces(code, facts)
            assert messages.text_of(pieces) == said, code
            # every word the translation writes around its facts is kept, in order, spaces and
            # case endings included: nothing of the translated sentence is lost between the pieces
            words = [literal for literal, *_ in string.Formatter().parse(messages.pgettext(code, template))
                     if literal]
            at = 0
            for literal in words:
                found = said.find(literal.replace("{{", "{").replace("}}", "}"), at)
                assert found >= 0, (code, literal, said)
                at = found + len(literal)
            named = [p for p in pieces if not isinstance(p, str)]
            assert all(isinstance(p, Card) for p in named), code
            # a card is a piece of its own, never written into the words
            assert not any(isinstance(p, str) and ("7♥" in p or "Д♠" in p or "Q♠" in p) for p in pieces), code
            tried += 1 if named else 0
    finally:
        messages.use(None)
    assert tried > 300  # most sentences name a card here


def test_a_phrase_among_the_facts_gives_its_cards_too():
    from scorekeeper.core.cards import Card
    from scorekeeper.core.phrase import Said, phrase

    inner = phrase("layoff.card_of", card=Card(10, "D"), player="Bob")
    outer = phrase("layoff.not_all_fit", layoffs=messages.Joined((inner, inner), " "))
    said = Said(outer)
    assert said == str(outer) and said.phrase is outer
    assert [p for p in outer.pieces() if not isinstance(p, str)] == [Card(10, "D"), Card(10, "D")]
