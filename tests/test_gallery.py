"""The gallery of every screen (tools/gallery.py, issue 32) and the faults it found, by class.

- Every refusal the program raises has a trigger in tools/gallery_triggers.py, and the trigger
  makes the program say that code (the refusals' screens are made in English: a few seconds).
- Every message code is said on some screen, or listed in tools/gallery_facts.py to be said from
  facts made up for it (a list that only shrinks).
- The whole gallery in en, uk, ru and be shows no English word left in a translated screen, no
  line over 80 columns that is not a table's, no message code said nowhere, and no fault of its own
  scripts. It takes about a minute on two cores, so it runs where ``CI`` (CI sets it) or
  ``SCOREKEEPER_GALLERY`` is set.
- The classes of faults the gallery showed, each held here on its own in every language: the
  frame words of ``help COMMAND``; metavariables in a sentence; the system's reasons in
  English; a name put where it would need a case or a gender; a stop doubled after a sentence in
  parentheses; the knock limit said as cards.
"""
from __future__ import annotations

import errno
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

LANGS = ("uk", "ru", "be")


def _gallery(langs: tuple[str, ...], only: str | None = None):
    import gallery

    made = gallery.Gallery(langs, only)
    made.make()
    return made, gallery.problems(made)


def test_every_refusal_has_a_trigger_that_says_it():
    import gallery
    from gallery_triggers import TRIGGERS

    made, found = _gallery(("en",), "20-refusals")
    assert found["faults"] == []
    codes = gallery.error_codes()
    listed = {t[0] for group in TRIGGERS.values() for t in group}
    assert sorted(set(codes) - listed) == [], "refusals without a trigger in tools/gallery_triggers.py"
    assert sorted(code for code in codes if not made.triggered.get(code)) == [], "triggers that do not say their code"
    # every module's group is a screen of its own, in the order of TRIGGERS
    names = sorted(made.shots["en"])
    assert len(names) == len(TRIGGERS) and all(n.startswith("20-refusals-") for n in names)


@pytest.mark.slow
@pytest.mark.skipif(not (os.environ.get("CI") or os.environ.get("SCOREKEEPER_GALLERY")),
                    reason="the whole gallery takes about a minute: CI runs it (or set SCOREKEEPER_GALLERY=1)")
def test_the_whole_gallery_shows_no_english_left_no_line_too_wide_and_every_refusal(tmp_path):
    import gallery

    made, found = _gallery(gallery.LANGS)
    assert found == {"english": [], "untriggered": [], "unshown": [], "wide": [], "faults": []}
    made.write(tmp_path / "gallery")
    index = (tmp_path / "gallery" / "index.md").read_text(encoding="utf-8")
    for lang in gallery.LANGS:
        files = sorted(p.name for p in (tmp_path / "gallery" / lang).iterdir())
        assert files == sorted(f"{s.name}.txt" for s in made.screens)
    assert all(f"`{s.name}.txt`" in index for s in made.screens)
    # a variant of the registry and every command of the command line have their screens
    from scorekeeper.core.variants import every_variant

    assert all(any(s.name.endswith(f"-{v}") and s.name.startswith("04-game") for s in made.screens)
               for v in every_variant())
    assert {tuple(p) for p in gallery.command_paths()} >= {("new",), ("hand",), ("db", "check"), ("config", "set")}


# -- the checks themselves --------------------------------------------------------------------------

def test_the_english_check_finds_words_left_and_lets_typed_words_stand():
    import gallery

    shown = ["Usage: scorekeeper hand [ПАРАМЕТРИ]",               # click's frame word
             "Ця роздача: run 3♥ 4♥ 5♥",                           # a word of the sentence left in English
             "Статистика: 1 партія у gin",                          # a variant's id as a word of the sentence
             "Правила: `target=500`, `tie=play-on`",                # options as typed
             "rummy500 — Раммі 500, також 500",                     # rules: an id before its name
             "Оля: 7H 8H 9H, Дп Дб Дт",                             # cards in Latin letters
             "виберіть інший через --port.",                        # an option
             "замініть командою `scorekeeper config set KEY VALUE`",  # metavariables, even in backquotes
             "приберіть decks.",                                    # an option's key alone in a sentence
             "ModuleNotFoundError: No module named 'x'.",           # Python's words
             # typed as is: a wrapped list of keys ending a line, a key suggested, a package and its version,
             # an entry point
             "jokers, knock_limit, last_deal, middle_drop, oklahoma,",
             "\"targt\" — не параметр правил (можливо, target?); параметри:",
             "Варіант \"knock\" з knock_rummy:VARIANT (knock-rummy 1.0) не завантажено."]
    flagged = gallery.english_left("uk", shown)
    assert [line.split("    <- ")[1] for line in flagged] == ["Usage", "run", "gin", "KEY, VALUE", "decks",
                                                                 "ModuleNotFoundError, module, named"]
    assert gallery.english_left("en", shown) == []


def test_every_message_code_is_said_on_a_screen_or_listed_to_be_said_from_facts():
    import gallery

    first = {"a.said": "04-game-01-rummy500", "b.listed": gallery.FROM_FACTS_SCREEN, "c.listed_but_said": "06-watch"}
    every = {"a.said", "b.listed", "c.listed_but_said", "d.unsaid"}
    found = gallery.unshown(first, every, {"b.listed", "c.listed_but_said", "e.gone"})
    assert [line.split(":")[0] for line in found] == ["d.unsaid", "c.listed_but_said", "e.gone"]


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_each_message_listed_to_be_said_from_made_up_facts_can_be_said(lang):
    """The screen 30-from-facts says each code of gallery_facts.FROM_FACTS: each takes the facts made up."""
    import gallery
    from gallery_facts import FROM_FACTS, made_up

    from scorekeeper.cli import language
    from scorekeeper.core import messages

    every = gallery.all_codes()
    assert FROM_FACTS <= every
    with language.speaking(lang):
        for code in sorted(FROM_FACTS):
            if code in messages.PLURALS:
                assert messages.say_count(code, 5, **made_up(code, messages.PLURALS[code][1]))
            else:
                assert messages.render(code, made_up(code, messages.TEMPLATES[code]))


def test_the_width_check_leaves_tables_alone():
    import gallery

    long = "слово " * 15
    assert gallery.too_wide([long.strip(), "a" + " " * 60 + "b" * 30, "$ " + long * 2]) == [long.strip()]


# -- the classes of faults, each on its own --------------------------------------------------------

def _program(*argv: str, lang: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREKEEPER", "LC_", "LANG"))}
    env.update(SCOREKEEPER_LANG=lang, COLUMNS="80", NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "scorekeeper", *argv], env=env, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("lang", LANGS)
def test_help_command_draws_the_frame_words_as_command_help_does(lang):
    """`help hand` printed "Usage", "Arguments", "Options" in English where `hand --help` did not."""
    asked = _program("help", "hand", lang=lang)
    flag = _program("hand", "--help", lang=lang)
    assert asked.returncode == flag.returncode == 0
    assert asked.stdout == flag.stdout
    assert not re.search(r"\b(Usage|Arguments|Options|Commands)\b", asked.stdout)


METAVARIABLES = re.compile(r"(?<![\w-])(KEY|VALUE|VARIANT|NAME|POINTS|DIR|FILE|CARDS?|PORT|HOST|SESSION)(?![\w])")


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_leaves_an_english_metavariable(lang):
    """`--rule KEY=VALUE`, `config set KEY VALUE`, `--carry NAME=POINTS` in a Ukrainian sentence:
    the words standing for what to type are the language's own (КЛЮЧ=ЗНАЧЕННЯ)."""
    from babel.messages.pofile import read_po

    with (ROOT / f"scorekeeper/locale/{lang}/LC_MESSAGES/scorekeeper.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    left = []
    for message in catalog:
        texts = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.id and message.context != "metavar" and any(METAVARIABLES.search(t or "") for t in texts):
            left.append(message.context)
    assert left == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", [errno.EADDRINUSE, errno.EACCES, errno.ENOSPC, errno.ENOENT, errno.ENOTDIR])
def test_the_systems_reasons_are_said_in_our_words(lang, number):
    """"(Address already in use)" from serve, "(Not a directory)" from the store: the system's
    English inside our sentence."""
    from scorekeeper.cli import language
    from scorekeeper.core.messages import say

    with language.speaking(lang):
        said = say("cli.serve.cannot_listen", host="127.0.0.1", port=8765, reason=os.strerror(number))
        stored = say("store.unreadable", path="db/index.json", strerror=os.strerror(number))
    for text in (said, stored):
        assert os.strerror(number) not in text
        assert not re.search(r"[A-Za-z]{3,}", text.replace("scorekeeper", "").replace("--port", "")
                             .replace("db/index.json", "")), text
    with language.speaking("en"):
        assert "(the address is already in use)" in say("cli.serve.cannot_listen", host="h", port=1,
                                                         reason=os.strerror(errno.EADDRINUSE))


#: a name quoted, then a word the language would decline it for or give it a gender by
NAME_NEEDS_A_CASE = re.compile(r'(?<!Ім’я )(?<!Имя )(?<!Імя )(?<!Ім’я ")(?<!Имя ")(?<!Імя ")(?<!Ім’я «)(?<!Имя «)(?<!Імя «)'
                               r'(?:"|«)?(Оля|Назар)(?:"|»)? '
                               r'(?:немає|нет|няма|названы|названа|названо|назван)\b')


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_never_stands_where_it_would_need_a_case_or_a_gender(lang):
    """«"Зоя" немає серед гравців», «"Кіра" названы двойчы»: said so that the name needs neither
    («"Зоя" — не гравець цієї партії», «Ім’я "Кіра" названо двічі»). Every template with a name
    fact, with a woman's name and a man's."""
    import string

    from scorekeeper.cli import language
    from scorekeeper.core import messages
    from scorekeeper.core.variants import every_variant

    every_variant()
    names = {"player", "name", "winner", "knocker", "dealer", "other", "defender", "first", "loser", "cutter"}
    wrong = []
    with language.speaking(lang):
        for code, template in messages.TEMPLATES.items():
            fields = {f[1] for f in string.Formatter().parse(template) if f[1]}
            if not fields & names or code.startswith("cli.hand_file."):  # there {name} is a file's
                continue
            for name in ("Оля", "Назар"):
                facts = {f: name if f in names else 7 for f in fields}
                try:
                    said = messages.render(code, facts)
                except Exception:  # a fact of another shape (a list, a card): not this check's business
                    continue
                if NAME_NEEDS_A_CASE.search(said):
                    wrong.append((code, said))
    assert wrong == []


def test_no_stop_is_doubled_after_a_sentence_in_parentheses():
    """"… new --carry NAME=POINTS.)." said inside "{player}: {cause}."."""
    from scorekeeper.cli import language
    from scorekeeper.core.errors import InputError
    from scorekeeper.core.messages import say

    cause = InputError("contract.points_over", player="Оля", points=700, bound=400, packs=2, jokers=1)
    for lang in ("en", *LANGS):
        with language.speaking(lang):
            said = say("game.of_player", player="Назар", cause=cause)
        assert said.endswith(".)") and not said.endswith(".)."), said


@pytest.mark.parametrize("lang", LANGS)
def test_the_knock_is_said_in_points_not_cards(lang):
    """«стукає з 5», «незібраних карт на 5»: the knock limit counts points."""
    from scorekeeper.cli import language
    from scorekeeper.core.messages import say
    from scorekeeper.core.variants import every_variant

    every_variant()  # the variants' own templates join when they are loaded
    with language.speaking(lang):
        said = [say("gin.note.knock", knocker="Оля", defender="Назар", k=5, d=19, points=14),
                say("gin.player_note", player="Оля", deadwood=5),
                say("carousel.won_knock", player="Оля", low=4)]
    points = {"uk": "очок", "ru": "очков", "be": "ачкоў"}[lang]
    for text in said:
        assert points in text and not re.search(r"(?:стукає|стучит|стукае) з? ?\d|карт на \d", text), text


def test_a_refusal_at_the_prompt_wraps_at_its_indentation(monkeypatch):
    """Prompt refusals ("  … Try again.") were wrapped back to column 0."""
    from scorekeeper.cli.boundary import for_the_terminal

    monkeypatch.setenv("COLUMNS", "40")
    wrapped = for_the_terminal("  " + "слово " * 20 + "Спробуйте ще раз.", True).splitlines()
    assert len(wrapped) > 2 and all(line.startswith("  ") and len(line) <= 40 for line in wrapped)
