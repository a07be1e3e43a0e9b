"""The shipped uk, ru and be catalogs as a native reader checks them (SPEC §7).

- every message template, rendered in every language with a woman's and a man's
  name and the numbers 1, 2, 5, 11, 21 and 104: a number meets its noun in the
  plural form the language wants (1 очко, 2 очки, 5 очок, 21 очко, 104 очки), and a
  name is never put after a preposition that would decline it («у Оля», «для Назар»);
- the help, its frame words and the usage errors leave no English word on the screen
  (the sample screens of every command are in tests/test_i18n.py);
- every local word is understood at the prompt and in the one-line form.
"""
from __future__ import annotations

import os
import re
import string
import subprocess
import sys

import pytest

from scorekeeper import locale as languages
from conftest import tool

catalogs = tool("catalogs")

LANGS = ("uk", "ru", "be")
NUMBERS = (1, 2, 5, 11, 21, 104)
NAMES = ("Оля", "Назар")  # a woman's name and a man's: neither may be declined or given a verb's gender

#: each noun's forms after a number: (1, 21 …), (2-4, 22 …), (5-20, 11-14 …) — written out by hand
NOUNS = {
    "uk": [("очко", "очки", "очок"), ("карта", "карти", "карт"), ("роздача", "роздачі", "роздач"),
           ("раунд", "раунди", "раундів"), ("гравець", "гравці", "гравців"), ("колода", "колоди", "колод"),
           ("джокер", "джокери", "джокерів"), ("партія", "партії", "партій"), ("раз", "рази", "разів")],
    "ru": [("очко", "очка", "очков"), ("карта", "карты", "карт"), ("раздача", "раздачи", "раздач"),
           ("раунд", "раунда", "раундов"), ("игрок", "игрока", "игроков"), ("колода", "колоды", "колод"),
           ("джокер", "джокера", "джокеров"), ("партия", "партии", "партий"), ("раз", "раза", "раз")],
    "be": [("ачко", "ачкі", "ачкоў"), ("карта", "карты", "карт"), ("раздача", "раздачы", "раздач"),
           ("раўнд", "раўнды", "раўндаў"), ("гулец", "гульцы", "гульцоў"), ("калода", "калоды", "калод"),
           ("джокер", "джокеры", "джокераў"), ("партыя", "партыі", "партый"), ("раз", "разы", "разоў")],
}


def form_for(n: int) -> int:
    """Which of the three forms an East Slavic language puts after ``n``."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


#: a name after one of these would have to be declined
PREPOSITIONS = r"(?:у|в|з|зі|із|для|від|до|к|с|со|от|ад|ў|пры|при|без|між|після|после|пасля|проти|против|супраць)"
#: a noun in an oblique case before a name would want the name declined too («гравця Оля»)
APPOSITIONS = r"(?:гравця|гравцю|гравцеві|игрока|игроку|гульца|гульцу|постучавш\w*|соперника|сопернику|суперника|суперніка)"
#: words that give the name before or after them a gender
GENDERED = r"(?:вийшов|вийшла|вышел|вышла|выйшаў|выйшла|постукав|постукала|постучал|постучала|пастукаў|пастукала|" \
           r"першим|первым|першым|первой|першою|першай|наступним|следующим|наступным)"

NAME_FIELDS = {"player", "name", "winner", "knocker", "dealer", "owner", "other", "gone", "defender", "first",
               "loser", "leader", "cutter"}


OTHER = 7777  # any other number of a sentence: not one of NUMBERS, so never checked


def _facts(template: str, n: int, name: str) -> dict:
    """Facts for every field of ``template``: names for the players' fields, lists of names
    for joined ones, ``n`` for each count said with its noun (``{n:#card|cards}``), and
    :data:`OTHER` for everything else."""
    facts: dict = {}
    for _lit, field, spec, _conv in string.Formatter().parse(template):
        if not field:
            continue
        key = field.split(".")[0].split("[")[0]
        if spec in ("and", "or", "list", "lines"):
            facts[key] = [name, NAMES[1] if name == NAMES[0] else NAMES[0]]
        elif spec == "endings":  # the ways a hand ended, each said in the language
            facts[key] = ["knock", "out", "stock_exhausted"]
        elif spec and spec.startswith("#"):
            facts[key] = n
        elif key in NAME_FIELDS and not spec:
            facts[key] = name
        else:
            facts.setdefault(key, OTHER)
    return facts


def _rendered(lang: str) -> list[tuple[str, int, str]]:
    from scorekeeper.core import messages

    found = []
    messages.use(languages.translations(lang))
    try:
        for code, template in messages.TEMPLATES.items():
            for n in NUMBERS:
                for name in NAMES:
                    found.append((code, n, messages.render(code, _facts(template, n, name))))
    finally:
        messages.use(None)
    return found


#: a number after one of these governs a case of its own (з 4 карт, по 7 карт, для 2 гравців, до 8 гравців,
#: після 2 раундів)
GOVERNING = {"з", "із", "зі", "по", "від", "до", "для", "більше", "менше", "понад", "при", "из", "с", "от", "больше",
             "меньше", "свыше", "па", "ад", "да", "больш", "менш", "пры", "за", "на", "у", "в", "ў", "всего",
             "усяго", "лише", "толькі", "только", "кожні", "каждые", "кожныя", "після", "после", "пасля"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_takes_both_names_and_every_number_in_the_right_form(lang):
    forms = {f: lemma for lemma in NOUNS[lang] for f in lemma}
    wrong, declined, gendered = [], [], []
    for code, n, text in _rendered(lang):
        for before, number, word in re.findall(r"(?:(\w+) )?(?<![\d,.])(\d+) (\w+)", text):
            if before.lower() in GOVERNING:
                continue
            lemma = forms.get(word.lower())
            if lemma is not None and int(number) in NUMBERS and word.lower() != lemma[form_for(int(number))]:
                if not (lemma[0] == "раз" and lang == "ru" and word == "раз"):  # ru: 5 раз is right too
                    wrong.append(f"{code}: {number} {word} (want {lemma[form_for(int(number))]})")
        for name in NAMES:
            # (a quoted example of the one-line form, «як у "Оля: …"», quotes what is typed: not a case)
            if re.search(rf"(?<!\w)(?:{PREPOSITIONS}|{APPOSITIONS})\s+[\"«]?{name}\b(?!:)", text, re.IGNORECASE):
                declined.append(f"{code}: {text}")
            if re.search(rf"\b{name}\s+{GENDERED}\b|\b{GENDERED}\s+{name}\b", text):
                gendered.append(f"{code}: {text}")
    assert wrong == []
    assert declined == []
    assert gendered == []


#: Every word a translation puts after a count, its forms written out by hand: after 1 (21 …), 2 (22 …, 104)
#: and 5 (11 …) as a subject counts it ("nom"); as an object, where the form for 1 differs ("acc": «зіграно
#: 1 роздачу»); after a preposition that wants the genitive, for 1 and for the rest ("gen": «після 1 раунду,
#: після 2 раундів»).
COUNTED = {
    "uk": {
        "очко": {"nom": ("очко", "очки", "очок"), "gen": ("очка", "очок")},
        "карта": {"nom": ("карта", "карти", "карт"), "acc": ("карту", "карти", "карт"), "gen": ("карти", "карт")},
        "роздача": {"nom": ("роздача", "роздачі", "роздач"), "acc": ("роздачу", "роздачі", "роздач"),
                    "gen": ("роздачі", "роздач")},
        "раунд": {"nom": ("раунд", "раунди", "раундів"), "gen": ("раунду", "раундів")},
        "гравець": {"nom": ("гравець", "гравці", "гравців"), "gen": ("гравця", "гравців")},
        "колода": {"nom": ("колода", "колоди", "колод"), "gen": ("колоди", "колод")},
        "джокер": {"nom": ("джокер", "джокери", "джокерів"), "gen": ("джокера", "джокерів")},
        "партія": {"nom": ("партія", "партії", "партій"), "acc": ("партію", "партії", "партій"),
                   "gen": ("партії", "партій")},
        "раз": {"nom": ("раз", "рази", "разів")},
        "канаста": {"nom": ("канаста", "канасти", "канаст"), "gen": ("канасти", "канаст")},
        "червона": {"nom": ("червона", "червоні", "червоних")},
        "чиста": {"nom": ("чиста", "чисті", "чистих")},
        "змішана": {"nom": ("змішана", "змішані", "змішаних")},
        "послідовність": {"nom": ("послідовність", "послідовності", "послідовностей")},
        "помилка": {"nom": ("помилка", "помилки", "помилок")},
        "файл": {"nom": ("файл", "файли", "файлів")},
        "символ": {"nom": ("символ", "символи", "символів"), "gen": ("символу", "символів")},
        "розклад": {"nom": ("розклад", "розклади", "розкладів")},
        "байт": {"nom": ('байт', 'байти', 'байтів')},
    },
    "ru": {
        "очко": {"nom": ("очко", "очка", "очков"), "gen": ("очка", "очков")},
        "карта": {"nom": ("карта", "карты", "карт"), "acc": ("карту", "карты", "карт"), "gen": ("карты", "карт")},
        "раздача": {"nom": ("раздача", "раздачи", "раздач"), "acc": ("раздачу", "раздачи", "раздач"),
                    "gen": ("раздачи", "раздач")},
        "раунд": {"nom": ("раунд", "раунда", "раундов"), "gen": ("раунда", "раундов")},
        "игрок": {"nom": ("игрок", "игрока", "игроков"), "gen": ("игрока", "игроков")},
        "колода": {"nom": ("колода", "колоды", "колод"), "gen": ("колоды", "колод")},
        "джокер": {"nom": ("джокер", "джокера", "джокеров"), "gen": ("джокера", "джокеров")},
        "партия": {"nom": ("партия", "партии", "партий"), "acc": ("партию", "партии", "партий"),
                   "gen": ("партии", "партий")},
        "раз": {"nom": ("раз", "раза", "раз")},
        "канаста": {"nom": ("канаста", "канасты", "канаст"), "gen": ("канасты", "канаст")},
        "красная": {"nom": ("красная", "красные", "красных")},
        "чистая": {"nom": ("чистая", "чистые", "чистых")},
        "смешанная": {"nom": ("смешанная", "смешанные", "смешанных")},
        "последовательность": {"nom": ("последовательность", "последовательности", "последовательностей")},
        "ошибка": {"nom": ("ошибка", "ошибки", "ошибок")},
        "файл": {"nom": ("файл", "файла", "файлов")},
        "символ": {"nom": ("символ", "символа", "символов"), "gen": ("символа", "символов")},
        "раскладка": {"nom": ("раскладка", "раскладки", "раскладок")},
        "байт": {"nom": ('байт', 'байта', 'байтов')},
    },
    "be": {
        "ачко": {"nom": ("ачко", "ачкі", "ачкоў"), "gen": ("ачка", "ачкоў")},
        "карта": {"nom": ("карта", "карты", "карт"), "acc": ("карту", "карты", "карт"), "gen": ("карты", "карт")},
        "раздача": {"nom": ("раздача", "раздачы", "раздач"), "acc": ("раздачу", "раздачы", "раздач"),
                    "gen": ("раздачы", "раздач")},
        "раўнд": {"nom": ("раўнд", "раўнды", "раўндаў"), "gen": ("раўнда", "раўндаў")},
        "гулец": {"nom": ("гулец", "гульцы", "гульцоў"), "gen": ("гульца", "гульцоў")},
        "калода": {"nom": ("калода", "калоды", "калод"), "gen": ("калоды", "калод")},
        "джокер": {"nom": ("джокер", "джокеры", "джокераў"), "gen": ("джокера", "джокераў")},
        "партыя": {"nom": ("партыя", "партыі", "партый"), "acc": ("партыю", "партыі", "партый"),
                   "gen": ("партыі", "партый")},
        "раз": {"nom": ("раз", "разы", "разоў")},
        "канаста": {"nom": ("канаста", "канасты", "канаст"), "gen": ("канасты", "канаст")},
        "чырвоная": {"nom": ("чырвоная", "чырвоныя", "чырвоных")},
        "чыстая": {"nom": ("чыстая", "чыстыя", "чыстых")},
        "змешаная": {"nom": ("змешаная", "змешаныя", "змешаных")},
        "серыя": {"nom": ("серыя", "серыі", "серый")},
        "памылка": {"nom": ("памылка", "памылкі", "памылак")},
        "файл": {"nom": ("файл", "файлы", "файлаў")},
        "сімвал": {"nom": ("сімвал", "сімвалы", "сімвалаў"), "gen": ("сімвала", "сімвалаў")},
        "расклад": {"nom": ("расклад", "расклады", "раскладаў")},
        "байт": {"nom": ('байт', 'байты', 'байтаў')},
    },
}
#: words before a count that want the genitive of what follows (після 2 раундів, для 2 гравців)
WANTS_GENITIVE = {"після", "после", "пасля", "для", "больше", "из"}
#: words after a count that do not agree with it (a preposition: «5 з 5», «1 у файл»)
NOT_COUNTED = {"з", "із", "у", "в", "из", "ў", "і", "и"}
#: the fields of a text said with a count (say_count) that hold a number
COUNT_FIELDS = {"n", "count", "hands", "every", "value", "imported"}


def _paradigms(forms: dict) -> dict[str, list[str]]:
    """Each of a word's ways to follow a count, as the words after 1, 2, 5, 11, 21 and 104."""
    found = {case: [f[form_for(n)] for n in NUMBERS] for case, f in forms.items() if case in ("nom", "acc")}
    if "gen" in forms:
        found["gen"] = [forms["gen"][0] if form_for(n) == 0 else forms["gen"][1] for n in NUMBERS]
    return found


def _counted_texts(lang: str):
    """Each count of a text said with one, in ``lang``: ``(code, the word before the count, the first word
    after it for each of NUMBERS)`` — a template's ``{n:#one|many}`` and every number of a text whose
    whole form depends on a count (``say_count``)."""
    t = languages.translations(lang)
    for code, template in messages_of().TEMPLATES.items():
        said = t.pgettext(code, template)
        for m in re.finditer(r"\{(\w+)(?:![a-z])?:#([^{}|]+)\|([^{}]+)\}", template):
            field, one, many = m.groups()
            place = re.search(r"\{" + field + r"(?:![a-z])?:#[^{}]*\}", said)
            if place is None:  # said without its noun («повернуто роздач: 5»): a bare number before a noun is
                continue       # test_no_translation_puts_a_bare_number_before_a_noun's to find
            before = (re.findall(r"(\w+)\W*$", said[:place.start()]) or [""])[-1]
            yield code, before, [t.npgettext(code, one, many, n).split()[0] for n in NUMBERS]
    for code, (one, many) in messages_of().PLURALS.items():
        forms = [t.npgettext(code, one, many, n) for n in NUMBERS]
        for field in dict.fromkeys(f for _l, f, _s, _c in string.Formatter().parse(many) if f in COUNT_FIELDS):
            places = [re.search(r"\{" + field + r"\}( ?)(\w*)", form) for form in forms]
            if not all(places):
                continue
            before = (re.findall(r"(\w+)\W*$", forms[0][:places[0].start()]) or [""])[-1]
            yield code, before, [p.group(2) if p.group(1) else "" for p in places]


def messages_of():
    from scorekeeper.core import messages
    from scorekeeper.core.variants import every_variant

    every_variant()  # a variant's own texts join when it is loaded
    return messages


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_text_meets_its_count_in_a_form_written_out_by_hand(lang):
    """Every text said with a count, each count in it: the word that follows the count at 1, 2, 5, 11, 21
    and 104 is one of the ways its forms (:data:`COUNTED`, written out by hand) follow a count — as a subject
    (1 карта, 2 карти, 5 карт), an object (зіграно 1 роздачу) or after a preposition that wants the genitive
    (після 1 раунду, 2 раундів); a word whose forms are not written out fails, so a new counted text is
    checked as soon as it exists."""
    ways = {word: (lemma, _paradigms(forms)) for lemma, forms in COUNTED[lang].items()
            for f in forms.values() for word in f}
    wrong, checked = [], 0
    for code, before, words in _counted_texts(lang):
        if not any(words) or (len(set(words)) == 1 and words[0] in NOT_COUNTED):
            continue  # nothing after the count («зіграно роздач: 5»), or a preposition («5 з 5»)
        checked += 1
        lemma, paradigms = ways.get(words[0].lower(), (None, {}))
        fits = [case for case, forms in paradigms.items() if [w.lower() for w in words] == forms]
        if lemma is None:
            wrong.append(f"{code}: «{words[0]}» after a count: write its forms out in COUNTED")
        elif not fits or (before.lower() in WANTS_GENITIVE and fits != ["gen"]):
            wrong.append(f"{code}: {before} {' / '.join(f'{n} {w}' for n, w in zip(NUMBERS, words))}")
    assert wrong == []
    assert checked > 100


def test_a_count_s_forms_are_checked_against_each_way_to_follow_it():
    """The check's own sums: «після» wants «раунду» after 1 and 21, «раундів» after the rest; «зіграно»
    takes «роздачу» after 1 and 21, «роздачі» after 2 and 104, «роздач» after 5 and 11."""
    uk = COUNTED["uk"]
    assert _paradigms(uk["раунд"])["gen"] == ["раунду", "раундів", "раундів", "раундів", "раунду", "раундів"]
    assert _paradigms(uk["роздача"])["acc"] == ["роздачу", "роздачі", "роздач", "роздач", "роздачу", "роздачі"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_said_with_a_count_puts_its_nouns_in_the_count_s_form(lang):
    """The texts said with a count (``say_count``: a chart's or a board's "495 points", "5 hands
    played", a page's points to go), each rendered with the counts 1, 2, 5, 11, 21 and 104 in every
    number it holds: each number meets its noun in the form the language wants («495 очок», never
    «495 очки»)."""
    from scorekeeper.core import messages
    from scorekeeper.core.variants import every_variant

    every_variant()  # a variant's own texts join when it is loaded
    forms = {f: lemma for lemma in NOUNS[lang] for f in lemma}
    wrong, seen = [], 0
    messages.use(languages.translations(lang))
    try:
        for code, (one, many) in messages.PLURALS.items():
            for n in NUMBERS:
                facts = {}
                for _lit, field, spec, _conv in string.Formatter().parse(many):
                    if field:
                        key = field.split(".")[0].split("[")[0]
                        facts[key] = ([NAMES[0], NAMES[1]] if spec in ("and", "or", "list") else
                                      NAMES[0] if key in NAME_FIELDS | {"names"} else n)
                text = messages.say_count(code, n, **facts)
                for found in re.finditer(r"(?<![\d,.])(\d+) (\w+)", text):
                    number, word = found.groups()
                    before = (re.findall(r"(\w+)\W*$", text[:found.start()]) or [""])[-1]
                    lemma = forms.get(word.lower())
                    # a governing word before it (по 7 карт; be «запіс 2 раздач»: the genitive of a noun's object)
                    if lemma is None or before.lower() in GOVERNING | {"запіс"}:
                        continue
                    seen += 1
                    if word.lower() != lemma[form_for(int(number))] and not (lang == "ru" and word == "раз"):
                        wrong.append(f"{code}: {text} (want {number} {lemma[form_for(int(number))]})")
    finally:
        messages.use(None)
    assert seen > 50  # the check saw numbers meet their nouns
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_puts_a_bare_number_before_a_noun(lang):
    """A number that meets a noun goes through the plural rules: a translation never writes
    ``{decks} колоди`` (wrong for 5), only ``{decks:#deck|decks}`` — unless a preposition
    before it governs the case for every number (``по {each} карт``, ``з {n} карт``)."""
    from babel.messages.pofile import read_po

    forms = {f for lemma in NOUNS[lang] for f in lemma}
    with catalogs.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    bare = []
    for m in catalog:
        if not m.id or isinstance(m.id, (list, tuple)):  # a plural entry: its forms are the plural rule's
            continue
        text = m.string or ""
        for found in re.finditer(r"\{(\w+)\} (\w+)", text):
            before = re.findall(r"(\w+)\W*$", text[:found.start()])
            if found.group(1) in ("variant", "name") or text[:found.start()].endswith("–"):
                continue  # a name before a noun; the end of a range after для/от (для 2–4 гравців)
            if found.group(2).lower() in forms and not (before and before[-1].lower() in GOVERNING):
                bare.append(f"{m.context}: {text}")
    assert bare == []


def test_the_number_forms_are_worked_out_by_hand():
    # 1 очко, 2 очки, 5 очок, 11 очок, 21 очко, 104 очки
    assert [NOUNS["uk"][0][form_for(n)] for n in NUMBERS] == ["очко", "очки", "очок", "очок", "очко", "очки"]
    # 1 ачко, 2 ачкі, 5 ачкоў, 11 ачкоў, 21 ачко, 104 ачкі
    assert [NOUNS["be"][0][form_for(n)] for n in NUMBERS] == ["ачко", "ачкі", "ачкоў", "ачкоў", "ачко", "ачкі"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogs_plural_rule_agrees_with_the_forms(lang):
    t = languages.translations(lang)
    for n in NUMBERS:
        said = t.npgettext("describe.decks", "deck", "decks", n)
        assert said == NOUNS[lang][5][form_for(n)], (lang, n, said)


@pytest.mark.parametrize("lang", LANGS)
def test_a_decimal_is_written_with_a_comma(lang):
    from scorekeeper.core import messages

    messages.use(languages.translations(lang))
    try:
        assert messages.number(69.375, 2) == "69,38"  # 69.375 rounds to 69.38 (the float is 69.375 exactly)
    finally:
        messages.use(None)
    assert messages.number(69.375, 2) == "69.38"


#: where a straight quote stays in a translated sentence: what is typed as it is (a command line and its
#: continuation, an option's example value, a hand file's `"key": value`, the empty text "", a TOML "…")
TYPED_QUOTES = re.compile(r'(?m)^\s*scorekeeper\b.*$|^\s+".*$|scorekeeper [^;.)«]*"[^"]*"(?: "[^"]*")*'
                          r'|--[\w-]+ "[^"{]*"|"[a-z_]+": (?:"[^"]*")?|""|"…"')


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_sentence_quotes_in_the_language_s_own_quotes(lang):
    """uk, ru and be quote in «…» (not "…"): every catalog entry, but where a quote is typed as is
    (`scorekeeper hand "Оля: -"`, `--teams "Оля+Тарас,Назар+Ірина"`, `"stock_exhausted": true`, `""`)."""
    from babel.messages.pofile import read_po

    with catalogs.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    straight = []
    for m in catalog:
        for text in (m.string if isinstance(m.string, (list, tuple)) else [m.string]) if m.id else []:
            if '"' in TYPED_QUOTES.sub("", text or ""):
                straight.append(f"{m.context}: {text}")
    assert straight == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_help_keeps_its_examples_on_their_own_lines(lang):
    """A help text marks its examples with \\b (click then keeps their lines as written): a translation that
    lost the mark ran `db rescore --help`'s examples together on one line."""
    from babel.messages.pofile import read_po

    with catalogs.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    lost = [m.context for m in catalog if m.id and isinstance(m.id, str) and m.string
            and m.id.count("\x08") != m.string.count("\x08")]
    assert lost == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_value_quoted_as_typed_is_in_the_language_s_quotes_and_json_keeps_json_s(lang, cli):
    """`{token!q}`: «1ч» in uk, ru and be ("1H" in English and in --json), a quote inside it left as
    typed, what cannot be seen written as JSON writes it, a long text cut inside the quotes."""
    from scorekeeper.core import messages

    messages.use(languages.translations(lang))
    try:
        assert messages.quoted("1ч") == "«1ч»"
        assert messages.quoted('Q"x\n') == '«Q"x\\n»'
        assert messages.quoted("я" * 70) == "«" + "я" * 60 + "…»"
        assert messages.quoted(["1ч"]) == '["1ч"]' and messages.quoted(7) == "7"
        with messages.english():
            assert messages.quoted("1ч") == '"1ч"'
    finally:
        messages.use(None)
    assert messages.quoted("1ч") == '"1ч"'
    cli.new("rummy500", "Оля", "Назар")
    said = cli("--lang", lang, "hand", "Оля: 1ч", "Назар: -")
    assert said.exit_code == 2 and said.stderr.startswith("Оля: «1ч» — ")
    import json

    refused = json.loads(cli("--lang", lang, "hand", "Оля: 1ч", "Назар: -", "--json").stdout)
    assert refused["error"]["message"].startswith('Оля: "1ч" is not a card')  # --json: English, JSON's quotes


# --- the help, its frame and the usage errors -----------------------------------------------------------------

FRAME_SAMPLES = [
    ["--help"], ["new", "--help"], ["hand", "--help"], ["rules", "--help"], ["db", "--help"], ["db", "check", "--help"],
    ["hand", "--fromat", "x"], ["new"], ["standings", "--sesion", "abc"], ["explain", "abc"], ["--wait", "abc", "rules"],
    ["rules", "rummy500", "gin", "extra"], ["stat"], ["db", "chek"], ["hand", "-f"], ["undo", "--yes=3"],
]


_SCREENS = """
import contextlib, io, json, sys
from scorekeeper.cli import main
out = []
for argv in json.loads(sys.argv[1]):
    sys.argv = ["scorekeeper", *argv]
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            main()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    out.append([code, stdout.getvalue(), stderr.getvalue()])
print(json.dumps(out))
"""


def _screens(samples: list[list[str]], lang: str, db) -> list[tuple[int, str, str]]:
    """What the program says for each of ``samples`` (argument lists), run one after another in one
    fresh interpreter speaking ``lang`` at 80 columns: ``(exit status, stdout, stderr)`` each."""
    import json

    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_LANG", *languages.LOCALE_VARIABLES)}
    env.update(SCOREKEEPER_LANG=lang, SCOREKEEPER_DB=str(db), COLUMNS="80", NO_COLOR="1")
    done = subprocess.run([sys.executable, "-c", _SCREENS, json.dumps(samples)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return [tuple(x) for x in json.loads(done.stdout)]


def _program(argv: list[str], lang: str, db) -> subprocess.CompletedProcess:
    code, out, err = _screens([argv], lang, db)[0]
    return subprocess.CompletedProcess(argv, code, out, err)


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_word_in_the_help_or_the_usage_errors(lang, tmp_path):
    from test_i18n import english_words

    kept = {"scorekeeper", "rummy500", "rum500", "carousel", "crazy", "gin", "manipulation", "michigan-rum",
            "crazy-rummy", "gin-rummy", "contract", "contract-rummy", "joker-rummy", "indian", "indian-rummy",
            "card", "pool-rummy", "canasta", "classic-canasta", "KEY", "VALUE", "ID", "json",
            "hand", "fromat", "sesion", "abc", "stat", "chek", "extra", "x", "f", "h", "yes", "lang", "db",
            "SCOREKEEPER_DB", "SCOREKEEPER_LANG", "uk", "ru", "be", "en", "help", "stats", "check", "format",
            "session", "wait", "title", "dealer", "carry", "rule", "knock", "stock", "out", "up", "big", "low",
            "high", "all", "CARD", "TOML", "JSON", "md", "csv", "T",
            # commands and the configuration's keys, typed as they are in every language
            "config", "set", "database", "language", "variant", "players", "serve", "watch", "path", "id",
            "plugins", "rescore", "rejoin", "end", "season", "ratings", "evening",
            # the pager's environment variable and program, as they are named
            "PAGER", "less"}
    found = {}
    for argv, (_code, out, err) in zip(FRAME_SAMPLES, _screens(FRAME_SAMPLES, lang, tmp_path / "db")):
        assert "Traceback" not in err, err
        text = out + err
        # option names (--rule, -r) and the commands' names are typed as they are in every language
        text = re.sub(r"(?<!\w)--?[A-Za-z][\w-]*", " ", text)
        words = english_words(text, kept)
        if words:
            found[" ".join(argv)] = sorted(set(words))
    assert found == {}


def test_usage_errors_name_what_is_wrong_from_the_errors_data(tmp_path):
    said = _program(["standings", "--sesion", "abc"], "uk", tmp_path / "db")
    assert said.returncode == 2
    assert "Немає параметра --sesion (можливо, --session" in said.stderr
    assert said.stderr.startswith("Використання: scorekeeper standings [ПАРАМЕТРИ]")
    said = _program(["check"], "ru", tmp_path / "db")
    assert said.returncode == 2 and "Не указан аргумент ВАРИАНТ." in said.stderr
    said = _program(["explain", "abc"], "be", tmp_path / "db")
    assert said.returncode == 2 and "Няправільнае значэнне для НУМАР: чакаецца цэлы лік." in said.stderr
    english = _program(["stat"], "en", tmp_path / "db")
    assert english.returncode == 2 and '"stat" is not a command (did you mean stats?)' in english.stderr


def test_help_shows_words_not_types(tmp_path):
    shown = _program(["new", "--help"], "uk", tmp_path / "db").stdout
    assert re.search(r"Використання: scorekeeper new \[ПАРАМЕТРИ\] \[?ВАРІАНТ\]? \[?ГРАВЕЦЬ…\]?", shown)
    assert "-r, --rule КЛЮЧ=ЗНАЧЕННЯ" in shown and "--carry ІМ’Я=ОЧКИ" in shown
    assert "Показати цю довідку й вийти." in shown
    assert "[обов’язковий]" in _program(["check", "--help"], "uk", tmp_path / "db").stdout
    english = _program(["new", "--help"], "en", tmp_path / "db").stdout
    assert re.search(r"Usage: scorekeeper new \[OPTIONS\] \[?VARIANT\]? \[?PLAYER…\]?", english)
    for leftover in ("<list[str]>", "<str>", "{variant}", "<int>"):
        assert leftover not in shown and leftover not in english


# --- the words people type ------------------------------------------------------------------------------------

@pytest.mark.parametrize("word,meaning", [
    ("вийшов", "out"), ("вийшла", "out"), ("вышел", "out"), ("вышла", "out"), ("выйшаў", "out"), ("выйшла", "out"),
    ("стук", "knock"), ("постукав", "knock"), ("постукала", "knock"), ("постучал", "knock"), ("постучала", "knock"),
    ("пастукаў", "knock"), ("пастукала", "knock"), ("резерв", "stock"), ("запас", "stock"), ("колода", "stock"),
    ("калода", "stock"), ("усіх", "all"), ("все", "all"), ("усе", "all"), ("молодший", "low"), ("младший", "low"),
    ("нізкі", "low"), ("старший", "high"), ("старшы", "high"), ("ніхто", "nobody"), ("никто", "nobody"),
    ("OUT", "out"), ("Knock", "knock"), ("stock", "stock"), ("all", "all"), ("low", "low"), ("high", "high"),
])
def test_each_local_word_means_what_the_english_one_does(word, meaning):
    from scorekeeper.core.words import meaning as meant

    assert meant(word) == meaning


@pytest.mark.parametrize("variant,word,meaning", [
    ("contract", "зріз", "cut"), ("contract", "срез", "cut"), ("contract", "сняла", "cut"), ("contract", "зрэз", "cut"),
    ("contract", "CUT", "cut"), ("gin", "великий", "big"), ("gin", "большой", "big"), ("gin", "вялікі", "big"),
])
def test_a_variant_s_own_local_words_mean_what_its_english_word_does(variant, word, meaning):
    """A variant's own words (Contract Rummy's cut, Gin Rummy's big) are read by its codec, in every
    language, and are no shared word."""
    from scorekeeper.core.variants import get_variant
    from scorekeeper.core.words import meaning as shared

    assert get_variant(variant).codec.meaning(word) == meaning and shared(word) is None


def test_the_one_line_form_takes_the_local_words(cli):
    cli.new("carousel", "Оля", "Назар")
    # Оля knocked holding 3♣ + A♦ = 3 + 1 = 4; Назар holds K♠ 7♥ 2♣ = 10 + 7 + 2 = 19: Оля wins 19 − 4 = 15
    done = cli.record("Оля: -3C AD постукала", "Назар: -KS 7H 2C")
    assert done["scores"] == {"Оля": 15, "Назар": 0}
    # stock as its own argument, in Ukrainian: nobody knocked; Назар 2 < Оля 10: Назар wins 10 − 2 = 8
    done = cli.record("резерв", "Оля: -10S", "Назар: -2H")
    assert done["scores"] == {"Оля": 0, "Назар": 8}
    cli.new("rummy500", "Оля", "Назар")
    # Назар went out ("вийшов") laying off the ace of spades low ("ТП:молодший", read as :low) on
    # Оля's 2-3-4 of spades.
    done = cli.record("Оля: 2S 3S 4S -KD", "Назар: 5S 6S 7S +ТП:молодший вийшов")
    # Оля: 2 + 3 + 4 = 9, −10 for K♦ = −1; Назар: 5 + 6 + 7 = 18, the low ace laid off on 2-3-4 of spades 1 = 19
    assert done["scores"] == {"Оля": -1, "Назар": 19}


def _ask(application, answers: list[str]):
    """The dialog of `scorekeeper hand` on a terminal, answered from ``answers`` (a typed
    answer replaces what the question offers to edit): what it asked, what it showed, and
    the entry it returns (None when it left)."""
    import io
    from contextlib import redirect_stderr

    import typer
    from rich.console import Console

    from scorekeeper.cli.prompt import ask_hand
    from scorekeeper.cli.terminal import Terminal

    shown = io.StringIO()
    t = Terminal()
    t._out = t._err = Console(file=shown, width=120, color_system=None, markup=False, emoji=False, highlight=False)
    asked, given = [], iter(answers)

    def read(question: str, prefill: str = "") -> str:
        asked.append(question)
        return next(given)

    with redirect_stderr(shown):
        try:
            raw = ask_hand(t, application, application.table(), read=read)
        except typer.Exit:
            raw = None
    return asked, shown.getvalue(), raw


def test_each_local_word_works_at_the_prompt(application):
    from scorekeeper.cli import language

    application.new("carousel", ["Оля", "Назар"], [], None, None)
    language.speak("uk")
    try:
        # Оля's cards then «стук»; Назар's; nobody went out; saved with «т»
        asked, shown, raw = _ask(application, ["3т Тб стук", "Кп 7ч 2т", "т"])
        assert raw is not None and raw["knock"] == "Оля", shown
        # "вийшла" for a hand with no cards left, and «так» to save
        asked, shown, raw = _ask(application, ["вийшла", "Кп 7ч 2т", "так"])
        assert raw is not None and raw["players"]["Оля"]["hand"] == "", shown
        # the round ended by the stock: «резерв»
        asked, shown, raw = _ask(application, ["9п", "2ч", "резерв", "т"])
        assert raw is not None and raw.get("stock_exhausted") is True, (asked, shown)
        # declining to save, then «усіх» types every part again
        asked, shown, raw = _ask(application, ["9п", "2ч", "резерв", "ні", "усіх", "9п", "2ч", "резерв", "т"])
        assert raw is not None and any("усіх" in q for q in asked), asked
    finally:
        language.speak("en")


@pytest.mark.parametrize("lang,yes,no", [("uk", ["т", "так", "y"], ["н", "ні", "n"]), ("ru", ["д", "да", "y"],
                                                                                       ["н", "нет", "не", "n"]),
                                         ("be", ["т", "так", "y"], ["н", "не", "n"])])
def test_yes_and_no_in_every_language(lang, yes, no):
    from scorekeeper.cli import answers, language

    language.speak(lang)
    try:
        for word in yes:
            assert answers.read(word, default=False) is True, word
        for word in no:
            assert answers.read(word, default=True) is False, word
        # a take-back: a bare «т» (the N key on a Cyrillic layout) is no yes; ru «д» is
        assert answers.read("т", default=False, strict=True) is None
        assert answers.read("д", default=False, strict=True) is (True if lang == "ru" else None)
    finally:
        language.speak("en")


#: the one-line form's English words and each language's own word for them (scorekeeper.core.words)
LOCAL_WORDS = {"uk": {"knock": "стук", "out": "вийшов", "stock": "резерв", "big": "великий", "cut": "зріз"},
               "ru": {"knock": "стук", "out": "вышел", "stock": "запас", "big": "большой", "cut": "срез"},
               "be": {"knock": "стук", "out": "выйшаў", "stock": "запас", "big": "вялікі", "cut": "зрэз"}}


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_of_a_typed_hand_names_the_local_word_beside_the_english_one(lang):
    """Someone who typed «стук» is not told to write "knock" alone: every sentence about the one-line
    form (its ``.line`` templates, and those showing a one-line example) that quotes a one-line word
    also names the language's own word for it."""
    from scorekeeper.core import messages
    from scorekeeper.core.variants import get_variant

    meaning = get_variant("contract").codec.meaning  # the shared words, and Contract Rummy's cut
    assert all(meaning(local) == word for word, local in LOCAL_WORDS[lang].items() if word != "big")
    messages.use(languages.translations(lang))
    try:
        bare = []
        for code, template in sorted(messages.TEMPLATES.items()):
            said = messages.pgettext(code, template)
            if not (code.endswith(".line") or ".oneline." in code or code in ("entry.zero_needs_out",
                                                                                "entry.knock_not_here",
                                                                                "contract.cut_off")):
                continue
            bare += [(code, word) for word, local in LOCAL_WORDS[lang].items()
                     if re.search(rf'"{word}\b', said) and local not in said.lower()]
    finally:
        messages.use(None)
    assert bare == []


def test_the_audit_trail_stats_and_markdown_call_a_deal_by_the_variants_word(cli):
    """Carousel's rounds stay rounds in ``history --audit``, ``stats`` and the Markdown export
    (uk «Раунд 1», «Найкращий раунд», «По раундах», never «Роздача»)."""
    cli.new("carousel", "Оля", "Назар")
    # Оля knocked with 3♣ A♦ = 4 against Назар's K♠ 7♥ 2♣ = 19: Оля scores 19 − 4 = 15
    assert cli.record("Оля: -3т Тб стук", "Назар: -Кп 7ч 2т")["scores"] == {"Оля": 15, "Назар": 0}
    shown = cli("--lang", "uk", "history", "--audit").stdout
    assert "Раунд 1" in shown and "Роздача 1" not in shown
    assert "Round 1" in cli("--lang", "en", "history", "--audit").stdout
    stats = cli("--lang", "uk", "stats").stdout
    assert "Найкращий раунд" in stats and "раунд 1)" in stats and "оздач" not in stats
    page = cli("--lang", "uk", "export", "--format", "md").stdout
    assert "## По раундах" in page and "1 раунд;" in page and "оздач" not in page


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_refusal_shows_the_cyrillic_letters_first(lang):
    """Someone who types «1ч» reads the ranks as the rule books write them (Т 2-10 В Д К),
    and the Latin letters only as the other way to type them."""
    from scorekeeper.core import messages

    messages.use(languages.translations(lang))
    try:
        for said in (messages.render("card.not_a_card", {"token": "1ч"}),
                     messages.render("card.not_a_card_near", {"token": "1ч", "near": ["10ч"]})):
            assert "Т 2-10 В Д К" in said and "A K Q J" in said, said
            assert said.index("Т 2-10 В Д К") < said.index("A K Q J"), said
    finally:
        messages.use(None)


# --- a stored hand written back on one line, in the words of the language spoken --------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_each_language_writes_a_one_line_word_that_reads_back(lang):
    """The audit trail, undo's question and edit's answers write an entry's words (knock, out,
    stock, big, cut) in the language spoken («стук», «вихід», «резерв»…), and each is a word the
    one-line form reads back as the same thing, in any language."""
    from scorekeeper.core import messages
    from scorekeeper.core.oneline import spoken_word
    from scorekeeper.core.variants import get_variant
    from scorekeeper.core.words import meaning

    gin, contract = get_variant("gin"), get_variant("contract")
    messages.use(languages.translations(lang), lang)
    try:
        written = {what: spoken_word(what) for what in ("knock", "out", "stock")}
        own = {"big": (messages.say("gin.word.big"), gin), "cut": (messages.say("contract.word.cut"), contract)}
    finally:
        messages.use(None)
    assert all(meaning(word) == what and not re.search("[A-Za-z]", word) for what, word in written.items()), written
    assert all(v.codec.meaning(word) == what and not re.search("[A-Za-z]", word) for what, (word, v) in own.items())
    assert spoken_word("knock") == "knock"  # English (and --json) keep the English word


def test_the_audit_trail_writes_the_entrys_words_in_the_language_spoken(cli):
    """A Gin hand typed with «стук великий» and a Contract deal with «вийшов» and «зріз» read back in
    uk's words in ``history --audit``, in English under --json; the words typed twice are refused as
    typed («"зріз"», not «"cut"»)."""
    import json

    cli.new("gin", "Оля", "Назар")
    # Оля: big gin, all 11 melded (3-7♠, 8♥ 8♦ 8♣, J-Q-K♠); Назар's deadwood 9♦ 4♣ 3♦ 2♠ = 18: 18 + 31 = 49
    done = cli.record("Оля: 3п 4п 5п 6п 7п 8ч 8б 8т Вп Дп Кп стук великий", "Назар: 2ч 3ч 4ч Кб Кч Кт 9б 4т 3б 2п")
    assert done["scores"] == {"Оля": 49, "Назар": 0}
    shown = cli("--lang", "uk", "history", "--audit").stdout
    assert "стук великий" in shown and "knock" not in shown and "big" not in shown
    lines = json.loads(cli("--lang", "uk", "history", "--audit", "--json").stdout)
    assert "knock big" in json.dumps(lines, ensure_ascii=False)
    refused = cli("--lang", "uk", "hand", "Оля: 7ч 8ч 9ч Дп Дб Дт 2п 3п 4п 5б стук",
                  "Назар: Тп 2б 3т 5ч 6ч Кп Кб Кт 9п 10п стук")
    assert refused.exit_code == 2 and '«стук»' in refused.stderr and "knock" not in refused.stderr
    cli.new("contract", "Оля", "Назар", "Ганна", rules=("preset=liverpool",))
    # deal 1, dealt by Оля: Ганна (on the dealer's right) cut exactly; Оля went out; Назар holds A♠ 5♦ = 15 + 5
    # = 20; Ганна holds K♠ Q♠ 3♣ = 10 + 10 + 3 = 23, less liverpool's cut bonus of 50 = −27
    done = cli.record("Оля: 7ч 7п 7б, Дт Дб Дж +7т вийшов", "Назар: 4п 4ч 4б, 9т 9т 9ч +Дч -Тп 5б",
                      "Ганна: [] -Кп Дп 3т зріз")
    assert done["scores"] == {"Оля": 0, "Назар": 20, "Ганна": -27}
    shown = cli("--lang", "uk", "history", "--audit").stdout
    assert "вихід" in shown and "зріз" in shown and not re.search(r"\b(out|cut)\b", shown)


def test_gin_at_the_prompt_in_ukrainian_offers_and_takes_the_local_words(application):
    """Asked again (``edit``), a Gin hand's answers come back in the words the table types («стук»,
    «резерв», never knock/stock), and «ніхто» answers who knocked when the stock ran out."""
    from scorekeeper.cli import language
    from scorekeeper.core.variants import get_variant

    application.new("gin", ["Оля", "Назар"], [], None, None)
    language.speak("uk")
    try:
        ola = "7ч 8ч 9ч Дп Дб Дт 2п 3п 4п 5б"
        nazar = "Тп 2б 3т 5ч 6ч Кп Кб Кт 9п 10п"
        # nobody knocked: «ніхто»; a void hand (saved with «т»)
        asked, shown, raw = _ask(application, [ola, nazar, "ніхто", "т"])
        assert raw is not None and raw.get("stock_exhausted") is True, (asked, shown)
        gin = get_variant("gin")
        again = gin.codec.answers({"players": {"Оля": {"cards": ola}, "Назар": {"cards": nazar}},
                                   "knock": "Оля"}, ["Оля", "Назар"])
        assert again[("Оля", "cards")] == ola + " стук", again
        void = gin.codec.answers({"players": {"Оля": {"cards": ola}, "Назар": {"cards": nazar}},
                                  "stock_exhausted": True}, ["Оля", "Назар"])
        assert void[("", "ending")] == "резерв", void
    finally:
        language.speak("en")


def test_a_crazy_rummy_round_is_a_round_in_every_refusal(cli):
    """Asked for a round that is not there, or with none yet, Crazy Rummy says rounds
    («Раунду 3 немає… лише раунд 1», «Раундів ще немає»), never «роздача»; Gin keeps its hands."""
    cli.new("crazy", "Оля", "Назар", "Ганна")
    empty = [cli("--lang", "uk", *args) for args in (("explain",), ("undo", "--yes"), ("history",),
                                                     ("history", "--audit"))]
    said = " ".join(r.stdout + r.stderr for r in empty)
    assert "раунд" in said.lower() and "оздач" not in said, said
    # round 1: Оля out; Назар A♠ 5♥ = 1 + 5 = 6, but aces are wild in round 1: 25 + 5 = 30
    assert cli.record("Оля: -", "Назар: -Тп 5ч", "Ганна: -Кб Дб 3т")["scores"]["Назар"] == 30
    refused = cli("--lang", "uk", "explain", "3")
    assert refused.exit_code == 2 and "Раунду 3 немає" in refused.stderr and "оздач" not in refused.stderr
    refused = cli("--lang", "ru", "edit", "4", "Оля: -", "Назар: -", "Ганна: -")
    assert refused.exit_code == 2 and "Раунда 4 нет" in refused.stderr, refused.stderr
    cli.new("gin", "Оля", "Назар")
    assert "немає роздач" in cli("--lang", "uk", "explain", "3").stderr


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_sentence_drawn_in_colour_keeps_its_words_and_colours_its_cards(lang):
    """On a colour terminal a sentence is drawn from its pieces: its words are the translated
    sentence itself, word for word, and its red cards (Т♥, Д♦ — Cyrillic ranks) are red."""
    from types import SimpleNamespace

    from scorekeeper.cli import render
    from scorekeeper.core import messages
    from scorekeeper.core.cards import Card
    from scorekeeper.core.phrase import Said, phrase

    messages.use(languages.translations(lang), lang)
    try:
        said = Said(phrase("line.layoff", card=Card(1, "H"), player="Оля", whose="Назар", kind="run",
                           meld=[Card(2, "H"), Card(3, "H")], value=15, amount="+15"))
        text = render.sentence(said, SimpleNamespace(color=True))
        plain = render.sentence(said, SimpleNamespace(color=False)).plain
    finally:
        messages.use(None)
    assert text.plain == said and "Т♥" in said and "2♥ 3♥" in said and "Оля" in said
    red = {text.plain[s.start:s.end] for s in text.spans if str(s.style) == "red"}
    assert {"Т♥", "2♥", "3♥"} <= red
    assert plain == said  # a Cyrillic rank keeps its suit symbol without colour, the words the same


@pytest.mark.parametrize("lang,grouped", [("en", "100,000,000"), ("uk", "100\u00a0000\u00a0000"),
                                           ("ru", "100\u00a0000\u00a0000"), ("be", "100\u00a0000\u00a0000")])
def test_thousands_are_grouped_the_language_s_way(lang, grouped):
    """``{limit:,}``: English writes 100,000,000; uk, ru and be 100 000 000 (a no-break space, as CLDR has it)."""
    from scorekeeper.cli import language
    from scorekeeper.core.messages import say

    with language.speaking(lang):
        said = say("import.too_big", file="club.json", limit=100_000_000)
    assert grouped in said and (lang == "en" or "100,000,000" not in said)


@pytest.mark.parametrize("lang, inside", [("en", "Hand 1: only one player can go out"),
                                          ("ru", "Раздача 1: выйти может только один игрок")])
def test_a_sentence_inside_another_after_a_colon_goes_on_in_small_letters(lang, inside):
    """A refusal set inside another sentence ("Hand 1: …", "Session …: …", a cause after a colon)
    goes on with a small letter where it begins with its template's own word; a name, a card or a
    variant's name keeps its capital."""
    from scorekeeper.core import messages
    from scorekeeper.core.errors import InputError, StateError

    messages.use(languages.translations(lang) if lang != "en" else None, lang)
    try:
        two_out = InputError("entry.two_out", players=["Ann", "Bob"], hand=1)
        assert two_out.message.startswith(inside), two_out.message
        by_name = StateError("session.hand_refused", hand=2,
                             cause=InputError("carry.too_large", player="Ann", limit=9999))
        assert ": Ann" in by_name.message, by_name.message  # the name as given, never lowered
        assert messages.clause(["Carousel's end bonus"], "interpretation.I-2", "Carousel's") == ["Carousel's end bonus"]
        assert messages.clause(["I-5 says"], "entry.two_out", "I-5") == ["I-5 says"]
    finally:
        messages.use(None)
