"""Languages (SPEC §7): choosing one, speaking it everywhere, and what never changes.

Most tests here speak a *stand-in* catalog (:class:`Pseudo`): every message id with
its Latin letters written in Cyrillic (placeholders kept), the card letters Т К Д В
and Дж, the answer words так/ні. With it, an English word left in the output is a
string that does not go through the catalog — which is what "no English word is
left" needs, before and after the translators' work. The tests marked
``translations`` read the real catalogs and pass once every message is translated.
"""
from __future__ import annotations

import gettext
import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path

from conftest import no_document

import pytest

from scorekeeper import locale as languages
from scorekeeper.core.errors import InputError

TESTS = Path(__file__).resolve().parent

# --- the stand-in catalog ------------------------------------------------------------------

_LATIN = "abcdefghijklmnopqrstuvwxyz"
_CYRILLIC = ["а", "б", "ц", "д", "е", "ф", "г", "х", "і", "й", "к", "л", "м", "н", "о", "п", "к", "р", "с", "т",
             "у", "в", "в", "кс", "и", "з"]
_TO_CYRILLIC = {**{a: c for a, c in zip(_LATIN, _CYRILLIC)}, **{a.upper(): c.upper() for a, c in zip(_LATIN, _CYRILLIC)}}
CARD_WORDS = {("rank", "A"): "Т", ("rank", "K"): "К", ("rank", "Q"): "Д", ("rank", "J"): "В", ("card", "JK"): "Дж"}
ANSWERS = {("answer", "yes"): "так", ("answer", "no"): "ні", ("answer letter", "y"): "т", ("answer letter", "n"): "н"}


def _cyrillic(text: str) -> str:
    return "".join(_TO_CYRILLIC.get(c, c) for c in text)


def pseudo(text: str) -> str:
    """``text`` with the Latin letters outside its ``{placeholders}`` written in Cyrillic."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:  # not a template
        return _cyrillic(text)
    out = []
    for literal, field, spec, conversion in parts:
        out.append(_cyrillic(literal).replace("{", "{{").replace("}", "}}"))
        if field is not None:
            out.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


class Pseudo(gettext.NullTranslations):
    """A catalog in which every message is "translated" (see the module's notes)."""

    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, singular, plural, n):
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return CARD_WORDS.get((context, message)) or ANSWERS.get((context, message)) or pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return pseudo(singular if n == 1 else plural)


def _pseudo_translations(code: str) -> gettext.NullTranslations:
    return gettext.NullTranslations() if code == "en" else Pseudo()


def install_pseudo() -> None:
    """Every language but English speaks the stand-in catalog (also in a subprocess)."""
    languages.translations = _pseudo_translations


@pytest.fixture
def stand_in(monkeypatch):
    monkeypatch.setattr(languages, "translations", _pseudo_translations)
    yield
    from scorekeeper.cli import language

    language.speak("en")


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    """No language from the machine running the tests: each test sets its own."""
    for var in ("SCOREKEEPER_LANG", *languages.LOCALE_VARIABLES):
        monkeypatch.delenv(var, raising=False)
    yield
    from scorekeeper.cli import language

    language.speak("en")


CYRILLIC = re.compile(r"[А-Яа-яІіЇїЄєЎўЁё]")


# --- choosing the language -------------------------------------------------------------------

@pytest.mark.parametrize("option,env,expected", [
    (None, {}, "en"),
    ("uk", {}, "uk"),
    ("ru", {"SCOREKEEPER_LANG": "be"}, "ru"),
    (None, {"SCOREKEEPER_LANG": "be"}, "be"),
    (None, {"SCOREKEEPER_LANG": "uk", "LANG": "ru_RU.UTF-8"}, "uk"),
    (None, {"LANG": "uk_UA.UTF-8"}, "uk"),
    (None, {"LC_MESSAGES": "be_BY.UTF-8", "LANG": "uk_UA.UTF-8"}, "be"),
    (None, {"LC_ALL": "ru_RU.UTF-8", "LC_MESSAGES": "be_BY.UTF-8"}, "ru"),
    (None, {"LANGUAGE": "uk:ru", "LC_ALL": "be_BY.UTF-8"}, "uk"),
    (None, {"LANGUAGE": "de:ru"}, "ru"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),  # a locale not spoken: English, silently
    (None, {"LANG": "C.UTF-8"}, "en"),
    ("en", {"SCOREKEEPER_LANG": "xx"}, "en"),  # a valid --lang wins over a bad SCOREKEEPER_LANG
])
def test_the_language_is_chosen_in_gettexts_order(option, env, expected):
    assert languages.choose(option, env) == expected


@pytest.mark.parametrize("option,env,where", [("xx", {}, "--lang"), (None, {"SCOREKEEPER_LANG": "klingon"},
                                                                      "SCOREKEEPER_LANG")])
def test_an_unknown_language_is_refused_naming_the_languages(option, env, where):
    with pytest.raises(InputError) as e:
        languages.choose(option, env)
    assert e.value.code == "language.unknown" and where in e.value.message
    assert "en, uk, ru, be" in e.value.message


def _said_in(result) -> str:
    """Which language a run spoke, judged from its output."""
    return "stand-in" if CYRILLIC.search(result.stdout + result.stderr) else "en"


@pytest.mark.parametrize("args", [
    ["--lang", "uk", "rules"], ["rules", "--lang", "uk"], ["--lang=uk", "rules"], ["rules", "--lang=ru"],
    ["rules", "rummy500", "--lang", "be"],
])
def test_lang_before_or_after_the_command(cli, stand_in, args):
    r = cli(*args)
    assert r.exit_code == 0, r.stderr
    assert _said_in(r) == "stand-in"


def test_the_environment_chooses_when_the_line_does_not(cli, stand_in, monkeypatch):
    assert _said_in(cli("rules")) == "en"
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    assert _said_in(cli("rules")) == "stand-in"
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert _said_in(cli("rules")) == "en"
    assert _said_in(cli("rules", "--lang", "ru")) == "stand-in"


@pytest.mark.parametrize("args,env", [(["--lang", "xx", "rules"], {}), (["rules", "--lang", "de"], {}),
                                      (["rules"], {"SCOREKEEPER_LANG": "zz"})])
def test_an_unknown_lang_or_scorekeeper_lang_exits_2_listing_the_languages(cli, monkeypatch, args, env):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    r = cli(*args)
    assert r.exit_code == 2
    assert "is not a language scorekeeper speaks" in r.stderr and "en, uk, ru, be" in r.stderr
    assert r.stdout == ""


def test_a_valid_lang_wins_over_a_bad_scorekeeper_lang(cli, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "zz")
    r = cli("--lang", "en", "rules")
    assert r.exit_code == 0 and r.stderr == ""


def test_a_lang_after_the_double_dash_is_not_read(cli):
    from scorekeeper.cli.language import lang_first

    assert lang_first(["hand", "--", "--lang", "uk"]) == ["hand", "--", "--lang", "uk"]
    assert lang_first(["hand", "Ann: -", "--lang", "uk", "--json"]) == ["--lang", "uk", "hand", "Ann: -", "--json"]


def test_errors_are_said_in_the_chosen_language_even_with_json(cli, stand_in):
    r = cli("standings", "--json", "--lang", "uk")
    assert r.exit_code == 2 and CYRILLIC.search(r.stderr) and no_document(r.stdout)


# --- the help, in a fresh interpreter (typer takes help texts at import) ------------------------------

def _run_program(argv: list[str], env: dict | None = None, fake: bool = True) -> subprocess.CompletedProcess:
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(TESTS)!r})\n"
        + ("import test_i18n\ntest_i18n.install_pseudo()\n" if fake else "")
        + f"sys.argv = {['scorekeeper', *argv]!r}\n"
        "from scorekeeper.cli import main\n"
        "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\nelse:\n    code = 0\n"
        "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)) + '\\n')\n"
        "sys.exit(code)\n"
    )
    base = {k: v for k, v in os.environ.items()
            if k not in ("SCOREKEEPER_LANG", *languages.LOCALE_VARIABLES) and not k.startswith("_SCOREKEEPER")}
    return subprocess.run([sys.executable, "-c", code], env={**base, **(env or {})}, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("argv,env", [(["--lang", "uk", "--help"], {}), (["--help", "--lang=uk"], {}),
                                      (["--help"], {"LANG": "uk_UA.UTF-8"}), (["new", "--help", "--lang", "uk"], {}),
                                      (["db", "check", "--help"], {"SCOREKEEPER_LANG": "uk"})])
def test_our_help_is_in_the_chosen_language(argv, env):
    done = _run_program(argv, env)
    assert done.returncode == 0, done.stderr
    help_text = done.stdout
    # typer's own frame words ("Usage", "Options") may stay; our summaries and option help may not
    ours = "\n".join(line for line in help_text.splitlines() if not re.match(r"\s*(Usage:|╭|│ --help|--help)", line))
    assert CYRILLIC.search(ours)
    for english in ("Score rummy games", "The database directory", "Start a session", "Read every file",
                    "Print one JSON document"):
        assert english not in help_text


def test_english_help_stays_english():
    done = _run_program(["--help"], fake=True)
    assert done.returncode == 0 and "Score rummy games" in done.stdout and not CYRILLIC.search(done.stdout)


def test_a_tab_loads_no_catalog():
    env = {"_SCOREKEEPER_COMPLETE": "complete_bash", "COMP_WORDS": "scorekeeper sta", "COMP_CWORD": "1",
           "LANG": "uk_UA.UTF-8", "SCOREKEEPER_LANG": "uk"}
    done = _run_program([], env, fake=False)
    modules = set(done.stderr.rsplit("MODULES ", 1)[-1].split())
    assert "scorekeeper.cli" in modules
    assert "scorekeeper.locale" not in modules and "scorekeeper.core.messages" not in modules
    assert "standings" in done.stdout


def test_english_help_reads_no_catalog():
    _run_program(["--help"], fake=False)  # the first help loads the variants for their names (then kept)
    done = _run_program(["--help"], fake=False)
    modules = set(done.stderr.rsplit("MODULES ", 1)[-1].split())
    assert "scorekeeper.core.messages" not in modules  # nothing was said in another language


# --- answers -------------------------------------------------------------------------------------------

def test_a_bare_cyrillic_t_never_confirms_undo_or_delete(stand_in):
    from scorekeeper.cli import answers, language

    language.speak("uk")
    assert answers.read("т", default=False, strict=True) is None  # the N key on a Cyrillic layout
    assert answers.read("так", default=False, strict=True) is True
    assert answers.read("y", default=False, strict=True) is True
    assert answers.read("ні", default=False, strict=True) is False
    assert answers.read("н", default=False, strict=True) is False
    assert answers.read("", default=False, strict=True) is False
    # saving a hand (a yes that changes nothing for good) takes the letter
    assert answers.read("т", default=True) is True and answers.read("Т", default=True) is True
    assert answers.read("", default=True) is True and answers.read("n", default=True) is False
    language.speak("en")
    assert answers.read("т", default=False) is None


# --- what never changes with the language -----------------------------------------------------------------

GAME = [
    ["Ann: 7H 8H 9H, QS QD QC -AS 4D", "Bob: -", "Cy: 80 -85"],
    ["Ann: -KS", "Bob: 2C 3C 4C +5C -9D", "Cy: -"],
]


def _play(cli, lang: str, db: Path) -> list[str]:
    """A game played and looked at in ``lang`` (in its own database ``db``): every --json
    document, the session id made neutral."""
    docs = []
    cli = _in(cli, db)
    started = cli("--lang", lang, "new", "rummy500", "Ann", "Bob", "Cy", "--title", "Friday", "--json")
    assert started.exit_code == 0, started.stderr
    sid = json.loads(started.stdout)["session"]
    docs.append(started.stdout)
    for hand in GAME:
        r = cli("hand", *hand, "--json", "--lang", lang)
        assert r.exit_code == 0, r.stderr
        docs.append(r.stdout)
    for args in (["standings"], ["history"], ["history", "--audit"], ["explain", "1"], ["explain", "2"],
                 ["chart"], ["sessions"], ["stats"], ["rules"], ["rules", "rummy500"], ["rules", "carousel"],
                 ["rules", "crazy"], ["check", "rummy500", "QS KS AS, 7S 7H"], ["check", "crazy", "4C 9D 9S",
                                                                                   "--round", "4"]):
        r = cli("--lang", lang, *args, "--json")
        assert r.exit_code in (0, 1), (args, r.stderr)
        docs.append(r.stdout)
    return [d.replace(sid, "SESSION") for d in docs]


def _in(cli, db: Path):
    return lambda *args: cli("--db", str(db), *args)


def _times_neutral(text: str) -> str:
    return re.sub(r"\d{4}-\d\d-\d\dT[0-9:.+Z-]+", "TIME", text)


def test_a_game_gives_byte_identical_json_in_every_language(cli, stand_in, tmp_path):
    played = {lang: [_times_neutral(d) for d in _play(cli, lang, tmp_path / lang)] for lang in languages.LANGUAGES}
    for lang in ("uk", "ru", "be"):
        assert played[lang] == played["en"], lang
    assert not any(CYRILLIC.search(d) for d in played["uk"])


def test_a_game_gives_byte_identical_json_with_the_shipped_catalogs(cli, tmp_path):
    played = {lang: [_times_neutral(d) for d in _play(cli, lang, tmp_path / lang)] for lang in languages.LANGUAGES}
    for lang in ("uk", "ru", "be"):
        assert played[lang] == played["en"], lang


# --- cards for people ---------------------------------------------------------------------------------------

def test_an_ace_is_cyrillic_te_and_a_ten_is_10_in_ukrainian(cli, stand_in):
    r = cli("check", "rummy500", "10S JS QS KS AS", "--lang", "uk")
    assert r.exit_code == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert first.startswith("10♠ В♠ Д♠ К♠ Т♠"), first
    assert "\u0422♠" in first and "T♠" not in first  # Cyrillic Т (U+0422), never Latin T
    english = cli("check", "rummy500", "10S JS QS KS AS").stdout.splitlines()[0]
    assert english.startswith("10S JS QS KS AS")  # without colour, English keeps the letters


def test_the_joker_is_dzh_in_ukrainian(cli, stand_in):
    cli.new("carousel", "Ann", "Bob")
    r = cli("hand", "Ann: -3C AD knock", "Bob: -JK KS", "--lang", "uk")
    assert r.exit_code == 0, r.stderr
    explained = cli("explain", "--lang", "uk").stdout
    assert "Дж" in explained and "JK" not in explained



def test_crazy_rummys_wild_rank_of_each_round_is_said_with_the_languages_letters(cli):
    cli.new("crazy", "Ann", "Bob", "Cy")
    cli.record("Ann: -", "Bob: -7H KS", "Cy: -2D")  # round 1: aces are wild
    # round 1, its wild rank (туз, not A), its dealer, who went out
    history = cli("--lang", "uk", "history").stdout
    assert re.search(r"^\s*1\s+Т\s+Ann\s+Ann\s", history, re.M), history
    assert "| 1 | Т | Ann | Ann |" in cli("--lang", "uk", "export", "--format", "md").stdout

# --- no English word left -------------------------------------------------------------------------------------

NAMES = {"Ann", "Bob", "Cy", "Dee", "Friday"}
#: words that are the same in every language: ids, option names and values, one-line words, notation
KEPT = {
    "rummy500", "rum500", "carousel", "crazy", "michigan-rum", "manipulation", "crazy-rummy", "scorekeeper",
    "knock", "out", "stock", "low", "high", "all", "json", "csv", "md", "toml", "JSON", "CSV", "TOML", "UTC",
    "SPEC", "KEY", "VALUE", "VARIANT", "NAME", "ID", "DIR", "FILE", "N", "I",
    "Crazy", "Rummy",  # "Crazy Rummy" is written so in every language (the Belarusian rule book)
    # commands and options as they are typed (`new --carry`, `--rule`, `explain`), and the round's
    # number r in the Crazy Rummy summary's formula
    "new", "hand", "explain", "rules", "rule", "carry", "r", "undo", "redo", "edit", "history", "standings",
    "sessions", "use", "delete", "db", "restore", "check", "export", "import", "stats", "chart", "demo",
}


def english_words(text: str, kept: set[str] = frozenset()) -> list[str]:
    """The ASCII words of ``text`` that are not names, ids, option names and values, or card texts."""
    allowed = NAMES | KEPT | set(kept)
    found = []
    for token in re.findall(r"[^\s()\[\]{},;:.!?\"«»“”„`]+", text):
        if token in allowed or any(c.isdigit() for c in token) or "/" in token or "_" in token or "=" in token:
            continue  # a name, an id, a number, a card with its rank in digits, a path, an option
        if re.fullmatch(r"[0-9a-f]{8}", token):
            continue  # a session id with no digit in it (befddaef): 8 hex letters, no English word
        for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", token):
            if w in allowed or re.fullmatch(r"[AKQJT]?[SHDC]|JK|[AKQJT](?:-[AKQJT0-9]+)*", w):
                continue  # card letters (the notation)
            found.append(w)
    return found


def _option_words(cli) -> set[str]:
    """Variant ids and aliases, option names and values (from ``rules --json``): never translated."""
    words = set()
    for v in json.loads(cli("rules", "--json").stdout)["variants"]:
        words.update([v["id"], *v["aliases"]])
        for o in json.loads(cli("rules", v["id"], "--json").stdout)["options"]:
            words.add(o["key"])
            defaults = o["default"].values() if isinstance(o["default"], dict) else [o["default"]]
            words.update(str(d).lower() for d in defaults)
            words.update(w for w in re.split(r",\s*|\s+or\s+", o["values"]) if re.fullmatch(r"[a-z][a-z0-9-]*", w))
    return words


def _sample(cli, lang: str) -> dict[str, str]:
    """A sample of each command's output for people in ``lang``."""
    out = {}

    def run(*args, ok=(0,)):
        r = cli("--lang", lang, *args)
        assert r.exit_code in ok, (args, r.stdout, r.stderr)
        key = " ".join(args)
        while key in out:  # the same command again, in another game: keep both
            key += " (again)"
        out[key] = r.stdout + r.stderr

    run("new", "rummy500", "Ann", "Bob", "Cy", "--title", "Friday")
    run("hand", *GAME[0])
    run("hand", *GAME[1])
    run("standings")
    run("history")
    run("history", "--audit")
    run("explain", "1")
    run("explain", "2", "--player", "Bob")
    run("chart")
    run("sessions")
    run("stats")
    run("rules")
    run("rules", "rummy500")
    run("rules", "carousel")
    run("rules", "crazy")
    run("undo", "--yes")
    run("redo")
    run("standings", "--session", "zzzz", ok=(2,))
    run("hand", "Ann: 7H 7H 7H -", "Bob: -", "Cy: -", ok=(2,))
    run("db", "check")
    run("export", "--format", "md")
    run("demo")
    run("new", "crazy", "Ann", "Bob", "Cy")
    run("hand", "Ann: -", "Bob: -7H KS", "Cy: -2D")
    run("explain")
    run("new", "carousel", "Ann", "Bob")
    run("hand", "Ann: -3C AD knock", "Bob: -KS 7H 2C")
    run("explain")
    run("standings")
    # notes of a game's end read back from the session file's cache: a tie played off, the end bonuses
    run("new", "rummy500", "Ann", "Bob", "--rule", "target=100")
    run("hand", "Ann: 120 -5", "Bob: 125 -10")
    run("standings")
    run("explain")
    run("export", "--format", "md")
    run("new", "carousel", "Ann", "Bob", "--rule", "target=10")
    run("hand", "Ann: -3C AD knock", "Bob: -KS 7H 2C")
    run("standings")
    run("explain")
    run("new", "gin", "Ann", "Bob")
    run("hand", "Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH")
    run("hand", "Ann: 7H 2H 10D 9H 6S 6D 6C AS 2S 3S", "Bob: 3H 4H 5H 6H 9S 9D 9C JD QD KD knock")
    run("explain")
    run("history")
    run("stats", "--variant", "gin")
    run("rules", "gin")
    return out


def _check_sample(cli, lang: str) -> dict[str, str]:
    out = {}
    for args, ok in ((("check", "rummy500", "QS KS AS, 7S 7H"), 1), (("check", "crazy", "4C 9D 9S", "--round", "4"), 0),
                     (("check", "rummy500", "7S 7S 7S"), 1)):
        r = cli("--lang", lang, *args)
        assert r.exit_code == ok, (args, r.stdout, r.stderr)
        out[" ".join(args)] = r.stdout + r.stderr
    return out


def _leftovers(samples: dict[str, str], cli) -> dict[str, list[str]]:
    from scorekeeper.app.application import demo_game

    demo = demo_game()  # the bundled game's title and players are names: never translated
    kept = _option_words(cli) | {"zzzz"} | set(re.findall(r"[A-Za-z]+", " ".join([demo.get("title") or "",
                                                                              *map(str, demo.get("players", []))])))
    found = {}
    for command, text in samples.items():
        words = english_words(text, kept)
        if words:
            found[command] = sorted(set(words))
    return found


def test_no_english_word_is_left_in_a_sample_of_each_command_with_a_stand_in_catalog(cli, stand_in):
    assert _leftovers(_sample(cli, "uk"), cli) == {}


def test_no_english_word_is_left_in_check_with_a_stand_in_catalog(cli, stand_in):
    assert _leftovers(_check_sample(cli, "uk"), cli) == {}


def test_the_sample_in_english_is_english(cli, stand_in):
    samples = _sample(cli, "en")
    assert "Standings" in samples["standings"] and "Next: " in samples["standings"]


@pytest.mark.parametrize("lang", ["uk", "ru", "be"])
def test_no_english_word_is_left_in_a_sample_of_each_command(cli, lang):
    assert _leftovers({**_sample(cli, lang), **_check_sample(cli, lang)}, cli) == {}


# --- the catalogs ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["uk", "ru", "be"])
def test_every_message_is_translated_and_the_catalog_is_current(lang):
    from conftest import tool

    assert tool("catalogs").problems(lang) == []


def test_the_stand_in_keeps_every_placeholder():
    from scorekeeper.core.messages import TEMPLATES
    from conftest import tool

    _fields = tool("catalogs")._fields

    for code, template in TEMPLATES.items():
        assert _fields(pseudo(template)) == _fields(template), code


# --- the hand asked at the table ------------------------------------------------------------------------------

def _ask(application, answers: list[str]):
    """The dialog of `scorekeeper hand` on a terminal, answered from ``answers``: what it
    asked, what it showed, and the entry it returns (None when it left)."""
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


def test_the_questions_at_the_table_are_in_the_chosen_language(application, stand_in):
    from scorekeeper.cli import language

    application.new("rummy500", ["Ann", "Bob"], [], None, None)
    language.speak("uk")
    asked, shown, raw = _ask(application, ["7H 8H 9H", "", "AS", "", "", "out", "т"])
    assert raw is not None and raw["players"]["Bob"]["hand"] == ""
    assert english_words(" ".join(asked) + shown) == []
    assert CYRILLIC.search(asked[-1])  # the question to save


def test_a_hand_is_not_saved_on_a_local_no(application, stand_in):
    from scorekeeper.cli import language

    application.new("rummy500", ["Ann", "Bob"], [], None, None)
    language.speak("uk")
    asked, shown, raw = _ask(application, ["", "", "AS", "", "", "out", "ні", ""])
    assert raw is None


def test_a_note_kept_with_the_scores_is_the_same_in_every_language(cli, stand_in):
    """The scores kept beside a session (the cache) hold the tie's note: recorded in one
    language, --json reads it the same in every other."""
    cli.new("rummy500", "Ann", "Bob", rules=["target=50"])
    r = cli("--lang", "uk", "hand", "Ann: 10S JS QS KS AS -2C", "Bob: 10H JH QH KH AH -2D")
    assert r.exit_code == 0, r.stderr
    english = cli("standings", "--json").stdout
    assert "another hand is played to break the tie" in english
    assert cli("standings", "--json", "--lang", "be").stdout == english
