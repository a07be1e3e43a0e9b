#!/usr/bin/env python3
"""A gallery of every screen: everything a person can see, in every language, as text files.

One command renders, in en, uk, ru and be:

- the help: the program's name alone, ``--help``, and every command's and group's ``--help``
  beside ``help COMMAND`` (the commands are read from the command line itself, so a new one is
  in the gallery as soon as it is declared);
- the usage errors of every command (an unknown option, a missing argument, a value of the
  wrong kind, words the command does not take, an unknown command);
- a game of every variant of the registry (``BUILT_IN`` and any installed), played to its end
  where :data:`GAMES` has a script for it: ``new``, hands on one line and from a file,
  ``standings``, ``history`` (and ``--audit``), ``explain``, ``edit``, ``undo``/``redo``,
  ``stats``, ``chart``, the exports, ``rules VARIANT``, ``check``;
- each step of the prompt (``hand`` asked player by player) of every variant, driven in this
  process through :func:`scorekeeper.cli.prompt.ask_hand` with the answers of :data:`PROMPTS`;
- ``watch`` at 80×24 (the board's drawing at that size) and the page ``serve`` sends (its
  HTML text; with ``--screenshot``, a picture of it at 412 px in headless Chromium);
- the rest of the commands: sessions, use, delete, demo, import, db, config;
- every refusal the program can give: :mod:`gallery_triggers` lists, for each message code
  an error is raised with, the commands that make it say that code; the gallery fails when a
  code has no trigger, or its trigger does not say it;
- every other message: each code is said on some screen, else listed in :mod:`gallery_facts` and
  said on the last screen from facts made up for it (the gallery fails on a code said nowhere).

The output is a folder: ``LANG/NN-screen.txt`` (one file per screen per language, numbered in
the order to read them), ``index.md`` (what each file is), ``codes.txt`` (every message code
and the first screen that says it; the codes no screen says). Each file shows the command
line typed (``$ scorekeeper …``), what it printed (standard output and error as a terminal
shows them, 80 columns, no colour) and ``[exit N]`` when it did not succeed; lines starting
``##`` are the gallery's own notes (in English, for the reader).

Everything runs in this process on a fixed clock with seeded session ids (as
``tools/doccheck.py`` runs the docs' samples), in a throw-away home per screen: the output is
the same on every machine.

    python tools/gallery.py --out /tmp/gallery              every language
    python tools/gallery.py --out /tmp/gallery --lang uk    one language (and English)
    python tools/gallery.py --out /tmp/gallery --screenshot with the page's picture (Chromium)
    python tools/gallery.py --check                         the checks only, nothing written

``tests/test_gallery.py`` runs it and its checks (:func:`problems`): English words left in a
translated screen, a message code without a trigger or said on no screen, a line over 80 columns
that is not a table.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import re
import shlex
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import doccheck  # noqa: E402  (the fixed world and the in-process command line of the docs' samples)

LANGS = ("en", "uk", "ru", "be")
#: the languages made at once, each in its own process
WORKERS = 2
COLUMNS, LINES = 80, 24
#: the players of every game: names that cannot be declined in any of the languages, a woman's and
#: a man's among them (a sentence must never need a case or a gender of them)
NAMES = ("Оля", "Назар", "Зоя", "Тарас", "Кіра", "Ілля", "Ян", "Ніна")


# -- a screen and what it shows -------------------------------------------------------------------

class Said:
    """Every message code said while it records (through the catalog's ``pgettext`` and
    ``npgettext``: each template is looked up by its code before it is filled in)."""

    def __init__(self) -> None:
        self.codes: set[str] = set()
        self._saved: tuple | None = None

    def start(self) -> None:
        from scorekeeper.core import messages

        codes = self.codes
        pgettext, npgettext = messages.pgettext, messages.npgettext

        def recorded_p(context: str, text: str) -> str:
            codes.add(context)
            return pgettext(context, text)

        def recorded_np(context: str, one: str, many: str, n: int) -> str:
            codes.add(context)
            return npgettext(context, one, many, n)

        self._saved = (pgettext, npgettext)
        messages.pgettext, messages.npgettext = recorded_p, recorded_np

    def stop(self) -> None:
        from scorekeeper.core import messages

        if self._saved is not None:
            messages.pgettext, messages.npgettext = self._saved
            self._saved = None


class Home(doccheck.Table):
    """A throw-away home with its own database, its commands run in one language."""

    def __init__(self, name: str, lang: str) -> None:
        super().__init__(Path(name))
        self.lang = lang
        self.db = self.home / "db"
        self.env.update(SCOREKEEPER_DB=str(self.db), SCOREKEEPER_LANG=lang)

    def run(self, line: str, input: str | None = None) -> tuple[int, str]:
        from scorekeeper.cli import language

        from scorekeeper.cli import boundary

        before = language.spoken()
        language.speak(self.lang)  # the commands' help is declared in the language spoken when they are built
        # standard error is a terminal 80 columns wide: the sentences are wrapped between words as there
        saved = boundary.for_the_terminal.__defaults__
        boundary.for_the_terminal.__defaults__ = (True,)
        try:
            return super().run(line, input)
        finally:
            boundary.for_the_terminal.__defaults__ = saved
            language.speak(before)

    def application(self) -> Any:
        from scorekeeper.app import Application

        return Application(self.db)


@dataclass
class Shot:
    """One screen being made in one language: the lines it shows, and the codes each step said."""

    gallery: "Gallery"
    lang: str
    name: str
    home: Home
    lines: list[str] = field(default_factory=list)
    #: the exit status of the last command run
    last_code: int = 0
    #: whether the database may hold a change made by a step (a trigger's home is then made anew)
    dirty: bool = False

    def note(self, text: str) -> None:
        """A note of the gallery's own (``## …``), for the reader."""
        if self.lines and self.lines[-1] != "":
            self.lines.append("")
        self.lines.append(f"## {text}")

    def show(self, text: str) -> None:
        self.lines += text.splitlines() or [""]

    def run(self, line: str, input: str | None = None, status: int | None = None, quiet: bool = False,
            foreign: bool = False) -> str:
        """Run ``scorekeeper LINE`` (``NAME=VALUE … LINE`` for its environment) and show it; with
        ``status``, the exit status it must end with (a screen that ends otherwise is a fault of
        the gallery's script, said as such). ``quiet``: run it unseen (a setup step). ``foreign``:
        it shows a variant from elsewhere whose own words have no catalog (not this program's
        English)."""
        words = shlex.split(line)
        env = []
        while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
            env.append(words.pop(0))
        typed = " ".join([*env, "scorekeeper", shlex.join(words)]) if words else " ".join([*env, "scorekeeper"])
        code, out = self.home.run(typed, input)
        self.last_code = code
        if status is not None and code != status:
            self.gallery.faults.append(f"{self.lang}/{self.name}: `{typed}` ended with {code}, not {status}:\n{out}")
        if quiet:
            if code != 0:
                self.gallery.faults.append(f"{self.lang}/{self.name}: setup `{typed}` failed ({code}):\n{out}")
            return out
        if self.lines and self.lines[-1] != "":
            self.lines.append("")
        self.lines.append("$ " + typed + (f" < {input_name(input)}" if input is not None else ""))
        start = len(self.lines)
        self.show(out)
        if words and words[0] == "rules":  # a reference of every option: its keys and values are typed
            self.gallery.typed_ok.setdefault(self.lang, {}).setdefault(self.name, set()).update(
                range(start, len(self.lines)))
        if words and words[0] == "export":  # a document (Markdown, CSV) to be saved, not a screen
            self.gallery.wide_ok.setdefault(self.lang, {}).setdefault(self.name, set()).update(
                range(start, len(self.lines)))
            if "md" not in words and "--format" in words:  # CSV and JSON are the same in every language (SPEC §7)
                self.gallery.same_ok.setdefault(self.lang, {}).setdefault(self.name, set()).update(
                    range(start, len(self.lines)))
        if foreign:
            self.lines.append("## (the variant's own words are its author's, in English: it brings no catalog)")
            self.gallery.same_ok.setdefault(self.lang, {}).setdefault(self.name, set()).update(
                range(start, len(self.lines)))
        if code != 0:
            self.lines.append(f"[exit {code}]")
        return out

    def file(self, name: str, text: str) -> Path:
        """Write ``text`` to ``name`` in the home (a hand file a command reads), and show it."""
        path = self.home.home / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if self.lines and self.lines[-1] != "":
            self.lines.append("")
        self.lines.append(f"$ cat {name}")
        start = len(self.lines)
        self.show(text.rstrip("\n"))
        typed = range(start, len(self.lines))  # a file as typed: neither a screen's layout nor its language
        self.gallery.wide_ok.setdefault(self.lang, {}).setdefault(self.name, set()).update(typed)
        self.gallery.same_ok.setdefault(self.lang, {}).setdefault(self.name, set()).update(typed)
        return path


def input_name(text: str | None) -> str:
    return "(typed)" if text is not None else ""


@dataclass
class Screen:
    """A file of the gallery: ``name`` (the file's stem, numbered in reading order), what it
    shows (``about``, for the index) and the function that makes it."""

    name: str
    about: str
    make: Callable[[Shot], None]


class Gallery:
    """Every screen in every language (:meth:`make`), and what went wrong making them."""

    def __init__(self, langs: tuple[str, ...] = LANGS, only: str | None = None) -> None:
        self.langs = langs
        self.only = only
        self.said = Said()
        #: the screens made, by language: name -> lines
        self.shots: dict[str, dict[str, list[str]]] = {lang: {} for lang in langs}
        #: the first screen each code was said on
        self.first: dict[str, str] = {}
        #: faults of the gallery's own scripts (a setup that failed, a trigger that said nothing)
        self.faults: list[str] = []
        #: for each trigger: (code, screen, whether it said the code)
        self.triggered: dict[str, bool] = {}
        self.screens = screens()
        #: the lines of each screen a too-wide check leaves alone (an export's document), by language
        self.wide_ok: dict[str, dict[str, set[int]]] = {lang: {} for lang in langs}
        #: the lines of each screen that are the same in every language (CSV, JSON), by language
        self.same_ok: dict[str, dict[str, set[int]]] = {lang: {} for lang in langs}
        #: the lines of each screen where every typed word may stand (a rules reference), by language
        self.typed_ok: dict[str, dict[str, set[int]]] = {lang: {} for lang in langs}
        #: where the page's pictures go (None: no pictures)
        self.pictures: Path | None = None
        #: the codes said as the command line was declared: its help texts (shown on the help's screens)
        self.at_import: set[str] = set()

    def make(self) -> None:
        """Every screen in every language: each language in a process of its own, started with
        that language in its environment (as a person's run starts: the help texts are made when
        the command line is imported), two at a time."""
        import concurrent.futures

        with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
            for lang, made in zip(self.langs, pool.map(self.made_in_child, self.langs)):
                self.shots[lang] = made["shots"]
                for code, name in made["first"].items():
                    self.first.setdefault(code, name)
                self.faults += made["faults"]
                for code, said in made["triggered"].items():
                    self.triggered[code] = self.triggered.get(code, False) or said
                self.wide_ok[lang] = {name: set(rows) for name, rows in made["wide_ok"].items()}
                self.same_ok[lang] = {name: set(rows) for name, rows in made["same_ok"].items()}
                self.typed_ok[lang] = {name: set(rows) for name, rows in made["typed_ok"].items()}

    def made_in_child(self, lang: str) -> dict:
        import subprocess

        with tempfile.TemporaryDirectory(prefix="gallery-") as folder:
            result = Path(folder) / "made.json"
            env = {k: v for k, v in os.environ.items() if k not in doccheck._UNSET}
            env.update(SCOREKEEPER_LANG=lang, HOME=folder, XDG_CONFIG_HOME=f"{folder}/c", XDG_DATA_HOME=f"{folder}/d",
                       XDG_CACHE_HOME=f"{folder}/k", COLUMNS=str(COLUMNS), LINES=str(LINES), NO_COLOR="1")
            command = [sys.executable, str(Path(__file__)), "--child", lang, "--result", str(result)]
            if self.only:
                command += ["--only", self.only]
            if self.pictures is not None:
                command += ["--pictures", str(self.pictures)]
            done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=folder)
            if done.returncode != 0 or not result.exists():
                return {"shots": {}, "first": {}, "triggered": {}, "wide_ok": {}, "same_ok": {}, "typed_ok": {},
                        "faults": [f"{lang}: the gallery's process failed ({done.returncode}):\n{done.stderr[-3000:]}"]}
            return json.loads(result.read_text(encoding="utf-8"))

    def make_here(self, lang: str) -> dict:
        """Every screen in ``lang``, in this process (started with ``SCOREKEEPER_LANG=lang``)."""
        self.said.start()
        try:
            for screen in self.screens:
                if self.only and not screen.name.startswith(self.only):
                    continue
                self.make_one(screen, lang)
        finally:
            self.said.stop()
        for code in self.at_import:  # a help text: on the screens of the program's and the commands' help
            self.first.setdefault(code, "01-help" if code.startswith("help.") else "00-program")
        return {"shots": self.shots[lang], "first": self.first, "faults": self.faults, "triggered": self.triggered,
                "wide_ok": {name: sorted(rows) for name, rows in self.wide_ok.get(lang, {}).items()},
                "same_ok": {name: sorted(rows) for name, rows in self.same_ok.get(lang, {}).items()},
                "typed_ok": {name: sorted(rows) for name, rows in self.typed_ok.get(lang, {}).items()}}

    def make_one(self, screen: Screen, lang: str) -> None:
        home = Home(screen.name, lang)
        shot = Shot(self, lang, screen.name, home)
        before = set(self.said.codes)
        try:
            with doccheck.fixed_world(screen.name), doccheck._in(home.home):
                screen.make(shot)
        except doccheck.SampleError as e:
            self.faults.append(f"{lang}/{screen.name}: {e}")
        finally:
            home.close()
        for code in self.said.codes - before:
            self.first.setdefault(code, screen.name)
        self.shots[lang][screen.name] = [line.rstrip() for line in shot.lines]

    # -- the folder ------------------------------------------------------------------------------

    def write(self, out: Path) -> None:
        if out.exists():
            shutil.rmtree(out)
        for lang, shots in self.shots.items():
            folder = out / lang
            folder.mkdir(parents=True)
            for name, lines in shots.items():
                (folder / f"{name}.txt").write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8", errors="backslashreplace")
        (out / "index.md").write_text(self.index(), encoding="utf-8")
        (out / "codes.txt").write_text(self.codes_text(), encoding="utf-8")

    def index(self) -> str:
        lines = [
            "# The gallery: every screen of scorekeeper, in every language",
            "",
            "Made by `python tools/gallery.py --out FOLDER` from the program itself (nothing here is",
            "written by hand). Each language has a folder (`en`, `uk`, `ru`, `be`) with the same files;",
            "read them in the order of their numbers. In each file:",
            "",
            "- `$ scorekeeper …` is the command typed (run in a terminal 80 columns wide, without colour,",
            "  in the folder's language: `SCOREKEEPER_LANG`); the lines after it are what it printed,",
            "  standard output and standard error as the terminal shows them;",
            "- `[exit N]` follows a command that did not succeed (2: a refusal or a usage error;",
            "  1: the database, a file, or a question declined);",
            "- `$ cat FILE` shows a file the next command reads;",
            "- lines starting with `##` are the gallery's own notes, in English, saying what comes;",
            "- in the prompt's files, what was typed follows each question on its line, as the terminal",
            "  shows it (a question asked again after a refusal starts from the answer refused).",
            "",
            "Player names are typed as is in every language (Оля, Назар, Зоя …); entries are typed",
            "with Latin card letters (`7H`, `QS`), which every language reads; the program writes the",
            "cards back in the language's own letters (Т К Д В).",
            "",
            "`codes.txt` lists every message code with the first file that says it, and the codes no",
            "file says.",
            "",
            "| file | what it shows |",
            "|---|---|",
        ]
        for screen in self.screens:
            if self.only and not screen.name.startswith(self.only):
                continue
            lines.append(f"| `{screen.name}.txt` | {screen.about} |")
        return "\n".join(lines) + "\n"

    def codes_text(self) -> str:
        every = all_codes()
        lines = ["# every message code and the first screen that says it", ""]
        lines += [f"{code}  {self.first[code]}" for code in sorted(every) if code in self.first]
        unsaid = sorted(code for code in every if code not in self.first)
        lines += ["", f"# said on no screen ({len(unsaid)})", ""] + unsaid
        return "\n".join(lines) + "\n"


def all_codes() -> set[str]:
    from scorekeeper.core.messages import PLURALS, TEMPLATES
    from scorekeeper.core.variants import every_variant

    every_variant()  # a variant's own templates join when it is loaded
    return set(TEMPLATES) | set(PLURALS)


# -- the screens ----------------------------------------------------------------------------------

def command_paths() -> list[list[str]]:
    """Every command and group of the command line, as the words that name it, in the order
    ``--help`` lists them (groups followed by their commands)."""
    import typer

    from scorekeeper.cli import app

    root = typer.main.get_command(app)
    ctx = root.make_context("scorekeeper", ["--help"], resilient_parsing=True)
    found: list[list[str]] = []

    def walk(group: Any, ctx: Any, path: list[str]) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if command is None or getattr(command, "hidden", False):
                continue
            found.append(path + [name])
            if hasattr(command, "list_commands"):
                walk(command, command.make_context(name, ["--help"], parent=ctx, resilient_parsing=True),
                     path + [name])

    walk(root, ctx, [])
    return found


def command_params(path: list[str]) -> list[Any]:
    import typer

    from scorekeeper.cli import app

    command = typer.main.get_command(app)
    ctx = command.make_context("scorekeeper", ["--help"], resilient_parsing=True)
    for name in path:
        command = command.get_command(ctx, name)
        ctx = command.make_context(name, ["--help"], parent=ctx, resilient_parsing=True)
    return list(command.params), hasattr(command, "list_commands")


def help_screen(shot: Shot) -> None:
    shot.note("The program's name alone: the short help")
    shot.run("")
    shot.note("The whole help")
    shot.run("--help")
    shot.run("--version")
    shot.note("help alone")
    shot.run("help")


def help_of(path: list[str]) -> Callable[[Shot], None]:
    def make(shot: Shot) -> None:
        said = shot.run(" ".join(path) + " --help")
        typed = shot.home.run("scorekeeper help " + " ".join(path))[1]
        if typed == said:
            shot.note(f"`scorekeeper help {' '.join(path)}` prints the same")
        else:
            shot.note(f"`scorekeeper help {' '.join(path)}` prints this (differs from --help above)")
            shot.run("help " + " ".join(path))
    return make


def usage_errors(shot: Shot) -> None:
    """A usage error of each kind, for every command."""
    shot.note("An unknown command, one close to a command, and the version asked as a command")
    shot.run("hnad", status=2)
    shot.run("frobnicate", status=2)
    shot.run("version", status=2)
    shot.run("--nosuch", status=2)
    shot.run("--lang xx standings", status=2)
    shot.run("--wait x standings", status=2)
    for path in command_paths():
        params, is_group = command_params(path)
        name = " ".join(path)
        shot.note(f"{name}: usage errors")
        shot.run(f"{name} --sesion x", status=2)
        if is_group:
            shot.run(f"{name} nosuch", status=2)
            continue
        arguments = [p for p in params if p.param_type_name == "argument"]
        required = [p for p in arguments if p.required]
        if required:
            shot.run(name, status=2)
        elif not any(p.nargs == -1 for p in arguments):
            shot.run(f"{name} {' '.join(['x'] * (len(arguments) + 1))} extra", status=2)
        for p in params:
            if p.param_type_name != "option" or getattr(p, "is_flag", False) or p.name in ("help",):
                continue
            import typing

            annotation = getattr(getattr(p, "type_descriptor", None), "annotation", None)
            if {int, float} & {annotation, *typing.get_args(annotation)}:
                shot.run(f"{name} {max(p.opts, key=len)} x", status=2)
        options = [p for p in params if p.param_type_name == "option" and not getattr(p, "is_flag", False)
                   and not getattr(p, "count", False) and "--help" not in p.opts]
        if options:
            shot.run(f"{name} {max(options[0].opts, key=len)}", status=2)
        flags = [p for p in params if p.param_type_name == "option" and getattr(p, "is_flag", False)
                 and "--help" not in p.opts]
        if flags:
            shot.run(f"{name} {max(flags[0].opts, key=len)}=x", status=2)


# -- games ----------------------------------------------------------------------------------------

#: a game of each variant, played to its end: (the players, the lines after ``new VARIANT
#: PLAYERS`` — each a command line; ``@FILE`` lines name a hand file of :data:`HAND_FILES` given
#: with ``--file``). A variant of the registry that has none here is shown by its rules and a
#: new session only (the index says so).
GAMES: dict[str, tuple[tuple[str, ...], list[str]]] = {
    "rummy500": (("Оля", "Назар", "Зоя"), [
        'hand "Оля: 7H 8H 9H, QS QD QC +10H -AS 4D" "Назар: -" "Зоя: 80 -85"',
        "standings",
        'hand "Оля: 5S 6S 7S -2C" "Назар: KS KH KD -" "Зоя: -9H"',
        "explain",
        "explain 1 --player Оля",
        'edit 2 "Оля: 5S 6S 7S 8S -2C" "Назар: KS KH KD -" "Зоя: -9H"',
        "undo --yes",
        "redo",
        "@hand.json",
        "@hand.toml",
        "history",
        "history --audit",
        'hand "Оля: 2H 3H 4H 5H 6H 7H -3S" "Назар: -" "Зоя: -9D"',
        "standings",
        "stats",
        "stats --variant rummy500",
        "chart",
        "export --format md",
        "export --format csv",
    ]),
    "rum500": (("Оля", "Назар", "Зоя", "Тарас"), [
        'hand "Оля: 7H 8H 9H -AS" "Назар: -" "Зоя: -KD" "Тарас: 40 -12"',
        "explain",
        'hand "Оля: 2H 3H 4H 5H 6H 7H -3S" "Назар: -" "Зоя: -9D" "Тарас: -4C"',
        "standings",
        "history",
        "export --format md",
    ]),
    "carousel": (("Оля", "Назар", "Зоя"), [
        'hand "Оля: 7H 8H JK -3C AD knock" "Назар: QS QD QC -KS 7H 2C" "Зоя: -9D"',
        'hand "Оля: -KH 6C" "Назар: -4S knock" "Зоя: -2H AS"',
        "explain",
        "standings",
        "history --audit",
        "undo --yes",
        "redo",
        'hand "Оля: -KH QC 6C" "Назар: -JS 10S 9D" "Зоя: 7H 8H 9H -"',
        "history",
        "chart",
        "export --format md",
    ]),
    # Carousel's endings: a knocker tied (Зоя, 4, with Назар), the lowest alone with the stock out, the lowest
    # shared (Оля and Назар, 3 each: 37 each), a tie with the end bonuses played off (Оля knocks), two past the
    # target at the end
    "carousel:tie": (("Оля", "Назар", "Зоя"), [
        'hand "Зоя: -3C AD knock" "Назар: -4S" "Оля: -KS 5H"',
        'hand "Оля: -2C" "Назар: -KD 5D" "Зоя: -QS" stock',
        'hand "Оля: -3C" "Назар: -2H AS" "Зоя: -KS QS JS 10S" stock',
        "standings",
        'hand "Оля: -2C knock" "Назар: -5D" "Зоя: -KS"',
        "explain 1",
        "explain 2",
        "explain 3",
        "explain",
        "history",
    ]),
    # … a knocker undercut by two (Назар and Зоя, 3 each), a knocker tied by two, a tie at the end shared
    # (tie=shared)
    "carousel:shared": (("Оля", "Назар", "Зоя"), [
        'hand "Оля: -5D knock" "Назар: -3C" "Зоя: -2H AC"',
        'hand "Зоя: -4S knock" "Оля: -3C AD" "Назар: -2H 2C"',
        "explain 1",
        "explain 2",
        'hand "Оля: -3C" "Назар: -2H AS" "Зоя: -KS QS JS 10S" stock',
        "history",
    ]),
    "crazy": (("Оля", "Назар", "Зоя", "Тарас"), [
        'hand "Оля: -" "Назар: -AS 5H" "Зоя: -KD QD 3C" "Тарас: -9S 9H"',
        'hand "Оля: QH QD QC -" "Назар: -7D KS" "Зоя: -2D" "Тарас: -AC 4S 4H"',
        "explain",
        "standings",
        "history",
        "export --format md",
    ]),
    "gin": (("Оля", "Назар"), [
        'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" "Назар: KS KH KD 10H JH 5C 9S 6D 3S AH"',
        "explain",
        'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 5C knock" "Назар: KS KH KD 10H JH 5D 9S 6D 3S AH"',
        'hand "Оля: AH 2H 3H 4H 5S 5D 5C 9S 9D 9C 9H knock big" "Назар: KS KH KD 10H JH QD 8S 6D 3S AS"',
        "explain",
        "standings",
        "history",
        "history --audit",
        "stats",
        "export --format md",
    ]),
    # Oklahoma with spades doubled and boxes at once: an undercut under a spade up-card, a void hand, a big gin
    "gin:oklahoma": (("Оля", "Назар"), [
        'hand "Оля: 7H 8H 9H QS QD QC 2C 3C 4C 6D knock" "Назар: KS KH KD 5S 5H 5D AS 2S 3S 4D" up=7S',
        "explain",
        'hand "Оля: 30" "Назар: 40" stock up=8D',
        "explain",
        'hand "Назар: 7H 8H 9H QS QD QC 2C 3C 4C 5C 6C knock big" "Оля: KS KH KD 10H JH 5D 9S 6D 3S AH" up=9S',
        "explain",
        "standings",
        "history",
        "history --audit",
    ]),
    "contract": (("Оля", "Назар", "Зоя", "Тарас"), [
        'hand "Оля: 3H 4H 5H 6H, 8S 9S 10S JS, 2D 3D 4D 5D -" "Назар: -AS 5D" "Зоя: -KD QD 3C" "Тарас: -9S 9H"',
        "explain",
        "standings",
        "history",
        "export --format md",
    ]),
    # Indian Rummy: a points game of three deals (sevens, queens, then aces wild: a printed joker cut)
    "indian": (("Оля", "Назар", "Зоя"), [
        'hand wild=7 "Оля: 2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK show" '
        '"Назар: 8C 9C 10C, 4D JK 6D -KS QH 7D 2S 2H 5C 9H" "Зоя: drop"',
        "standings",
        "explain 1 --player Назар",
        "@indian.json",
        "explain",
        'edit 2 wild=Q "Назар: AS 2S 3S, 6H 7H 8H QC, 10D JD QD, 5C 5H 5D show" "Оля: -40" "Зоя: middle"',
        "undo --yes",
        "redo",
        "@indian.toml",
        "history",
        "history --audit",
        "standings",
        "stats",
        "stats --variant indian",
        "chart",
        "export --format md",
        "export --format csv",
    ]),
    # a pool (101): Зоя out after deal 2, back at 61; out again with Назар after deal 3; the two left
    # end it by agreement
    "indian:pool": (("Оля", "Назар", "Зоя", "Тарас"), [
        'hand "Оля: 0 show" "Назар: -60" "Зоя: -40" "Тарас: -20"',
        'hand "Назар: 0 show" "Оля: -30" "Зоя: -70" "Тарас: -25"',
        "standings",
        "rejoin Зоя",
        "undo --yes",
        "redo",
        'hand "Оля: 0 show" "Назар: -45" "Зоя: -50" "Тарас: -10"',
        "end --split --yes",
        "history",
        "history --audit",
        "explain",
        "chart",
        "export --format md",
    ]),
    # a deals game (deals2): chips change hands
    "indian:deals": (("Оля", "Назар", "Зоя"), [
        'hand "Оля: 0 show" "Назар: -30" "Зоя: -12"',
        "standings",
        'hand "Зоя: 0 show" "Оля: -20" "Назар: -80"',
        "history",
        "explain",
        "export --format md",
    ]),
    # Canasta, four players in two sides (Оля+Зоя against Назар+Тарас), near the end of a game to 5,000
    "canasta": (("Оля", "Назар", "Зоя", "Тарас"), [
        'hand "Оля+Зоя: KS KS KH KH KD KD KC, 7S 7S 7H 7H 7D 2C JK, AS AH AD r3=1 -" "Зоя: -9S 4D" '
        '"Назар: QS QH QD JK, 8S 8H 8C r3=1 -KC 5S" "Тарас: -JS JH 6C"',
        "standings",
        'hand "Оля: -QS 6D" "Назар: -4C 4S AH" "Зоя: 5S 5H 5D 5C 5S JK JK, 10S 10H 10D -JK 2H 8D" '
        '"Тарас: 9S 9S 9H 9H 9D 9D 9C, JS JH JD 2S r3=2 - concealed"',
        "explain 2",
        "explain 1 --player Назар",
        'edit 2 "Оля: -QS 6D" "Назар: -4C 4S AH" "Зоя: 5S 5H 5D 5C 5S JK JK, 10S 10H 10D -JK 2H 8D" '
        '"Тарас: 9S 9S 9H 9H 9D 9D 9C, JS JH JD 2S r3=2 -"',
        "undo --yes",
        "redo",
        "@canasta.json",
        'hand "Оля: JS JS JH JH JD JD JC r3=1 -10C 10D 5C" "Зоя: -" "Назар: -85"',
        "standings",
        "history",
        "history --audit",
        "stats",
        "chart",
        "export --format md",
        "export --format csv",
    ]),
    # two players, each alone: two canastas to go out
    "canasta:two": (("Оля", "Назар"), [
        'hand "Оля: KS KS KH KH KD KD KC, 7S 7S 7H 7H 7D 7C 7C, AS AH 2D -" "Назар: QS QH QD, 8S 8H 8C -KC 5S 9D"',
        "standings",
        'hand "Оля: 5S 5H 5D -KH" "Назар: 9S 9S 9H 9H 9D 9D 9C, JS JS JH JH JD JD 2S, 4S 4H 4D -"',
        "history",
        "explain",
        "export --format md",
    ]),
    # three players, each alone
    "canasta:three": (("Оля", "Назар", "Зоя"), [
        'hand "Оля: 6S 6H 6D -QC 4C" "Назар: QS QH QD -9C" "Зоя: KS KS KH KH KD KD KC, AS AH AD -"',
        'hand "Оля: 8S 8H 8D 8C 8S 8H JK, 5S 5H 5D -" "Назар: -QC 4C 9D" "Зоя: 7S 7H 7D -KH"',
        "standings",
        'hand "Оля: 4S 4H 4D -9H" "Назар: -QC" "Зоя: 10S 10S 10H 10H 10D 10D 10C -"',
        "history",
        "explain",
        "export --format md",
    ]),
}

#: the hand files a game reads (``@NAME`` in :data:`GAMES`)
HAND_FILES = {
    "hand.json": '{"players": {"Оля": {"melds": ["2H 3H 4H"], "hand": "5C"},\n'
                 '             "Назар": {"melds": [], "hand": ""},\n'
                 '             "Зоя": {"table": 30, "hand": 10}}}\n',
    "hand.toml": '[players."Оля"]\nmelds = ["6D 7D 8D"]\nhand = "KC"\n\n[players."Назар"]\nhand = "2D"\n\n'
                 '[players."Зоя"]\nhand = ""\n',
    # queens wild: Назар's show (Q♣ stands for 9♥, Q♦ in its place keeps 10-J-Q♦ pure)
    "indian.json": '{"wild": "Q", "out": "Назар",\n'
                   ' "players": {"Назар": {"melds": ["AS 2S 3S", "6H 7H 8H QC", "10D JD QD", "5C 5H 5D"], "hand": ""},\n'
                   '             "Оля": {"hand": 35}, "Зоя": {"drop": "middle"}}}\n',
    # a printed joker cut: aces wild; Оля showed wrongly
    "indian.toml": 'wild = "JK"\nout = "Зоя"\n\n[players."Зоя"]\n'
                   'melds = ["2C 3C 4C", "7D 8D 9D AH", "JS JH JC", "10S 10H 10C"]\nhand = ""\n\n'
                   '[players."Оля"]\nwrong = true\n\n[players."Назар"]\nhand = 22\n',
    "canasta.json": '{"players": {\n'
                    '  "Оля": {"melds": ["QS QS QH QH QD QD QC", "6S 6S 6H 6H 6D 6D 6C", "AS AH 2D"],\n'
                    '          "red_threes": "3H 3D", "hand": "KS KH 4S"},\n'
                    '  "Зоя":  {"hand": "8C"},\n'
                    '  "Назар": {"red_threes": 2, "hand": "JK JK 2C 9D"},\n'
                    '  "Тарас": {"hand": "7C 7D 5H 10S"}},\n'
                    ' "stock_exhausted": true}\n',
}

#: how a game of each variant starts near its end (``new``'s options): the carried totals, the
#: last rounds
STARTS = {
    "rummy500": "--title 'П’ятниця'",
    "rum500": "",
    "carousel": "--carry Оля=90 --carry Зоя=95",
    "carousel:tie": "--carry Оля=100 --carry Назар=100",
    "carousel:shared": "--carry Оля=112 --carry Назар=100 --rule tie=shared",
    "crazy": "--round 12",
    "gin:oklahoma": "--rule oklahoma=true --rule spades_double=true --rule box_timing=immediate",
    "contract": "--round 7",
    "indian": "--rule deals=3",
    "indian:pool": "--rule game=pool101",
    "indian:deals": "--rule game=deals2",
    "canasta": "--title Клуб --carry Оля+Зоя=2000 --carry Назар+Тарас=1500",
    "canasta:two": "--carry Оля=3000 --carry Назар=4000",
    "canasta:three": "--carry Зоя=4000",
}


def games_of(variant: str) -> list[str]:
    """The keys of :data:`GAMES` that play ``variant`` (``VARIANT`` and ``VARIANT:KIND``)."""
    return [key for key in GAMES if key.partition(":")[0] == variant]


def game_of(key: str) -> Callable[[Shot], None]:
    """A game of :data:`GAMES` (``key``: ``VARIANT`` or ``VARIANT:KIND``); the variant's rules first
    (for its first game)."""
    variant, _, kind = key.partition(":")

    def make(shot: Shot) -> None:
        if not kind:
            shot.note(f"The rules of {variant}")
            shot.run(f"rules {variant}")
        players, steps = GAMES.get(key, ((), []))
        if not players:
            shot.note(f"No game of {variant} is scripted in tools/gallery.py (GAMES): a new session only")
            shot.run(f"new {variant} {' '.join(NAMES[:3])}")
            shot.run("standings")
            return
        shot.note(f"A game of {variant}{f' ({kind})' if kind else ''} to its end")
        shot.run(f"new {variant} {' '.join(players)} {STARTS.get(key, '')}".rstrip())
        for step in steps:
            if step.startswith("@"):
                name = step[1:]
                shot.file(name, HAND_FILES[name])
                shot.run(f"hand --file {name}", status=0)
            else:
                shot.run(step, status=0)
    return make


def rules_screen(shot: Shot) -> None:
    shot.run("rules")


def check_screen(shot: Shot) -> None:
    shot.note("check: a meld judged by each variant's rules")
    shot.run('check rummy500 "QS KS AS"')
    shot.run('check rummy500 "QS KS AS, 7H 7D"', status=1)
    shot.run('check gin "7H 8H 9H"')
    shot.run('check contract "7H 7S JK, 4D 5D 6D 7D" --deal 2')
    shot.run('check crazy "7H 7S 2C" --round 1')
    shot.run('check carousel "7H 8H JK"')
    shot.note("check: melds each variant refuses, and why")
    for line in ('check rummy500 "7H 9H 10H"', 'check rummy500 "7H 7H 7S"', 'check rummy500 "7H 7S 8D"',
                 'check rummy500 "KH AH 2H"', 'check rummy500 "7H 8S 9H"', 'check rummy500 "JK 7H 7S"',
                 'check rum500 "7H 7H 7S"', 'check crazy "7H 7S 7D 7C 2H" --round 2', 'check crazy "2H 2S 2D" --round 2',
                 'check crazy "QH KH AH" --round 5', 'check gin "QH KH AH"', 'check contract "7H 8H 9H" --deal 2',
                 'check contract "7H 7S 7D 7C" --deal 2', 'check indian "7H 7H 7S" --wild 5',
                 'check canasta "KS KH 2C 2D JK"', 'check canasta "3H 3D 3H"', 'check canasta "3S 3C 3S"',
                 'check canasta "7H 7S 8D"', 'check canasta "7H 2C 2D"'):
        shot.run(line, status=None)


def sessions_screen(shot: Shot) -> None:
    shot.note("Sessions: several, the current one, another used, one deleted and restored")
    shot.run("sessions")
    shot.run("new rummy500 Оля Назар --title 'Вечір'")
    shot.run("new gin Зоя Тарас")
    shot.run("sessions")
    shot.run("use Вечір")
    shot.run("new --like Вечір")
    shot.run("sessions")
    shot.run("delete Вечір --yes")
    shot.run("sessions")
    shot.run("db restore --list")


def demo_screen(shot: Shot) -> None:
    shot.run("demo")


def db_screen(shot: Shot) -> None:
    shot.run("new rummy500 Оля Назар Зоя", quiet=True)
    shot.run('hand "Оля: 7H 8H 9H -AS" "Назар: -" "Зоя: -KD"', quiet=True)
    shot.run("db path")
    shot.run("db check")
    shot.run("db check --repair")
    shot.run("db restore --list")
    shot.run("export --format json -o game.json", quiet=True)
    shot.run("import game.json")
    shot.run("import nosuch.json", status=2)


def config_screen(shot: Shot) -> None:
    shot.run("config list")
    shot.run("config set players Оля Назар Зоя")
    shot.run("config set variant gin")
    shot.run("config list")
    shot.run("config get players")
    shot.run("config unset variant")
    shot.run("config set language xx", status=2)
    shot.run("config path")


def club_screen(shot: Shot) -> None:
    """The club: everyone who played (renamed, joined, taken back), a season gathered and its table and
    export, ratings, an evening seated at tables round after round."""
    shot.note("Before any game")
    shot.run("players")
    shot.run("season list")
    shot.run("ratings")
    for line in ("new rummy500 Оля Назар Зоя --carry Оля=490", 'hand "Оля: 7H 8H 9H -" "Назар: -KD" "Зоя: -2C"',
                 "new rummy500 Оля Тарас Назар --carry Тарас=480", 'hand "Тарас: 7H 8H 9H -" "Оля: -KD" "Назар: -9C"',
                 "new gin Зоя Тарас --carry Зоя=95", 'hand "Зоя: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock" '
                 '"Тарас: KS KH KD 10H JH 5C 9S 6D 3S AH"'):
        shot.run(line, quiet=True)
    shot.note("Everyone who played here")
    shot.run("players")
    shot.run("players show Оля")
    shot.run("players rename Тарас Тарасик")
    shot.run("players undo")
    shot.run("players merge Тарас Назар")
    shot.run("players undo")
    shot.note("A season: its table, its games, its export")
    shot.run("season new весна --title 'Весняний кубок'")
    shot.run("season new джин --variant gin --points 10,6 --best 8")
    shot.run("season list")
    shot.run("season standings весна")
    shot.run("export --season весна --format md")
    shot.run("season new листопад --from 2026-11-01 --to 2026-11-30 --variant gin --variant rummy500")
    shot.run("export --season листопад --format md -o листопад.md")
    shot.run("export --season листопад --format md")
    shot.note("Ratings")
    shot.run("ratings")
    shot.run("ratings --variant rummy500")
    shot.note("An evening seated at tables")
    shot.run("evening new Вечір --variant rummy500 --players Оля Назар Зоя Тарас Ян Ніна Кіра")
    shot.run("evening show")
    shot.run("evening next")
    shot.run("evening standings")


def life_screen(shot: Shot) -> None:
    """A variant's life (docs/plugins.md): the variants listed, one from elsewhere installed (Tens, the
    tests' own: laid out on the path as pip installs it), a session played with it, a version that
    scores otherwise installed and the session rescored, then the variant uninstalled."""
    from gallery_triggers import TENS_GAME, Site

    shot.note("The variants there are: built in only")
    shot.run("plugins")
    site = Site(shot.home.home / "site")
    try:
        site.tens("0.1")
        shot.note("Installed: scorekeeper-tens 0.1, a variant from elsewhere (tests/fixtures/plugins/tens), "
                  "which brings no catalog: its own words are in English")
        shot.run("plugins")
        shot.run("rules tens", foreign=True)
        for line in TENS_GAME:
            shot.run(line)
        shot.note("Upgraded: scorekeeper-tens 0.2, which scores every hand twice as much")
        site.tens("0.2", factor=2)
        shot.run("standings")
        shot.run("history")
        shot.run("explain 1", foreign=True)
        shot.run('hand "Оля: 1 -1" "Назар: 1 -1"')
        shot.run("db check")
        shot.run("db rescore")
        shot.run("db rescore --yes")
        shot.run("standings")
        shot.run("db rescore")
        shot.note("Uninstalled: scorekeeper-tens")
        site.uninstall("scorekeeper-tens", "scorekeeper_tens")
        shot.run("sessions")
        shot.run("standings")
        shot.run("stats")
        shot.run("explain")
        shot.run("db check")
    finally:
        site.close()


def screens() -> list[Screen]:
    """Every screen of the gallery, in reading order."""
    from scorekeeper.core.variants import every_variant

    found = [Screen("00-program", "the program's name alone, --help, --version", help_screen)]
    for i, path in enumerate(command_paths(), 1):
        name = "-".join(path)
        found.append(Screen(f"01-help-{i:02d}-{name}", f"`{' '.join(path)} --help` and `help {' '.join(path)}`",
                            help_of(path)))
    found.append(Screen("02-usage-errors", "a usage error of each kind for every command", usage_errors))
    found.append(Screen("03-rules", "`rules`: every variant", rules_screen))
    for i, variant in enumerate(every_variant(), 1):
        found.append(Screen(f"04-game-{i:02d}-{variant}", f"{variant}: its rules and a game to its end (standings,"
                            " history, explain, edit, undo, stats, chart, exports)", game_of(variant)))
        for key in games_of(variant)[1:]:
            kind = key.partition(":")[2]
            found.append(Screen(f"04-game-{i:02d}-{variant}-{kind}", f"{variant}: a game of another kind ({kind}) to"
                                " its end", game_of(key)))
    for i, variant in enumerate(every_variant(), 1):
        found.append(Screen(f"05-prompt-{i:02d}-{variant}", f"{variant}: a hand entered at the prompt, step by step"
                            " (a refused answer, then a saved hand; edit)", prompt_of(variant)))
    found.append(Screen("05-questions", "the y/N questions of undo, delete and db restore, in a terminal",
                        questions_screen))
    found.append(Screen("06-watch", "`watch` at 80×24: each variant's board", watch_screen))
    found.append(Screen("07-page", "the page `serve` sends (HTML text; the words its script writes)", page_screen))
    found.append(Screen("07-page-club", "the page `serve --club` sends: an empty club, an evening just seated, then under way",
                        club_page_screen))
    found.append(Screen("08-check", "`check`: melds judged by each variant", check_screen))
    found.append(Screen("09-sessions", "sessions, use, delete, restore", sessions_screen))
    found.append(Screen("10-demo", "`demo`: the bundled game narrated", demo_screen))
    found.append(Screen("11-db", "db path, check, restore; import", db_screen))
    found.append(Screen("12-config", "config: show, set, unset, a refused value", config_screen))
    found.append(Screen("12-club", "the club: players, a season, ratings, an evening", club_screen))
    found.append(Screen("13-variant-life", "a variant from elsewhere: plugins, a session it scored, upgraded"
                        " (db rescore), uninstalled", life_screen))
    from gallery_triggers import TRIGGERS

    for i, group in enumerate(TRIGGERS, 1):
        stem = group.replace("scorekeeper/", "").replace(".py", "").replace("/", "-")
        found.append(Screen(f"20-refusals-{i:02d}-{stem}", f"every refusal raised in `{group}`, each by an"
                            " entry or command that triggers it", refusals_of(group)))
    found.append(Screen(FROM_FACTS_SCREEN, "the messages no other screen shows yet, each made from its code and"
                        " facts made up for it (tools/gallery_facts.py)", from_facts_screen))
    return found


#: the screen of the messages said from made-up facts (:mod:`gallery_facts`)
FROM_FACTS_SCREEN = "30-from-facts"


def from_facts_screen(shot: Shot) -> None:
    """Each code of :data:`gallery_facts.FROM_FACTS`, said in the language from facts made up for it."""
    from gallery_facts import FROM_FACTS, made_up

    from scorekeeper.cli.boundary import for_the_terminal
    from scorekeeper.cli.language import speaking
    from scorekeeper.core import messages

    every = all_codes()
    shot.note("Messages no other screen shows yet: each said from its code and facts made up for it, not by the"
              " program at a table")
    for code in sorted(FROM_FACTS & every):
        shot.note(code)
        try:
            with speaking(shot.lang):
                if code in messages.PLURALS:  # each form, with the count in every field that holds it
                    one, many = messages.PLURALS[code]
                    said = [messages.say_count(code, n, **{**made_up(code, many), **{
                        f: n for f in ("n", "count", "hands", "every", "value", "imported") if f in many}})
                        for n in (1, 3, 5)]
                else:
                    said = [messages.render(code, made_up(code, messages.TEMPLATES[code]))]
        except Exception as e:  # a fact of another shape: the gallery's own fault, said
            shot.gallery.faults.append(f"{shot.lang}/{shot.name}: {code} could not be said from made-up facts: "
                                       f"{type(e).__name__}: {e}")
            continue
        for text in said:
            shot.show(for_the_terminal(text, True))


# -- the prompt -----------------------------------------------------------------------------------

#: the answers typed at each variant's prompt, in order (each hand: a refused answer first where
#: the variant has one to refuse, then a right one); a variant not listed here is answered with
#: empty lines until it stops asking (then Ctrl-D)
PROMPTS: dict[str, tuple[tuple[str, ...], list[str]]] = {
    "rummy500": (("Оля", "Назар", "Зоя"), ["7H 8H", "7H 8H 9H", "10H", "AS 4D", "", "", "{out}", "80", "85",
                                           "{yes}"]),
    "rum500": (("Оля", "Назар", "Зоя"), ["7H 8H 9H", "", "AS", "", "", "{out}", "80", "85", "{yes}"]),
    "carousel": (("Оля", "Назар", "Зоя"), ["7H 8H JK", "", "3C AD {knock}", "QS QD QC", "", "KS 7H 2C", "", "",
                                           "9D", "{yes}"]),
    "crazy": (("Оля", "Назар", "Зоя"), ["", "", "{out}", "", "", "AS 5H", "", "", "KD QD 3C", "{yes}"]),
    "gin": (("Оля", "Назар"), ["7H 8H 9H QS QD QC 2C 3C 4C 5D {knock}", "KS KH KD 10H JH 5C 9S 6D 3S AH", "{yes}"]),
    "contract": (("Оля", "Назар", "Зоя"), ["7H 7S 7D, QC QD JK", "", "{out}", "", "", "AS 5D", "", "", "KD QD 3C",
                                           "{yes}"]),
    # the wild rank refused, then sevens; Оля shows, Назар counts his cards, Зоя drops
    "indian": (("Оля", "Назар", "Зоя"), ["X", "7", "2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK {show}",
                                         "8C 9C 10C, 4D JK 6D -KS QH 7D 2S 2H 5C 9H", "{drop}", "{yes}"]),
    # sides: Оля+Зоя melded at Оля (a meld of two refused), Зоя went out, Назар+Тарас counted on paper
    "canasta": (("Оля", "Назар", "Зоя", "Тарас"), ["KS KS KH KH KD KD KC, 7S 7H", "KS KS KH KH KD KD KC", "1",
                                                   "10C 10D 5C", "{out}", "-85", "{no}", "{yes}"]),
}

#: the words typed at the prompt in each language (the first of each that people naturally type)
TYPED_WORDS = {
    "en": {"yes": "y", "no": "n", "out": "out", "knock": "knock", "show": "show", "drop": "drop"},
    "uk": {"yes": "т", "no": "н", "out": "вийшла", "knock": "стук", "show": "шоу", "drop": "дроп"},
    "ru": {"yes": "д", "no": "н", "out": "вышла", "knock": "стук", "show": "шоу", "drop": "дроп"},
    "be": {"yes": "т", "no": "н", "out": "выйшла", "knock": "стук", "show": "шоу", "drop": "дроп"},
}


class Typed:
    """Answers typed at the prompt, one a question, what was asked and shown kept in order."""

    def __init__(self, answers: list[str], file: io.StringIO, shot: Shot) -> None:
        self.answers = list(answers)
        self.file, self.shot = file, shot
        self.seen = 0
        self.asked = 0

    def shown(self) -> str:
        text = self.file.getvalue()[self.seen:]
        self.seen += len(text)
        return text

    def read(self, question: str, prefill: str = "") -> str:
        import textwrap

        self.asked += 1
        # a question wider than the terminal is asked as the prompt asks it there (prompt.fitted):
        # its lines but the last written first, wrapped between words
        lines = [line for part in question.split("\n") for line in (textwrap.wrap(part, COLUMNS - 1) or [""])]
        if len(lines) > 1 or len(question) >= COLUMNS:
            if self.file.getvalue()[self.seen:]:
                self.shot.show(self.shown().rstrip("\n"))
            self.shot.lines += lines[:-1]
            question = lines[-1] + (" " if question.endswith(" ") else "")
        if not self.answers or self.asked > 60:
            if self.file.getvalue()[self.seen:]:
                self.shot.show(self.shown().rstrip("\n"))
            self.shot.lines.append(question.rstrip())
            self.shot.lines.append("## Ctrl-D: the person leaves without saving")
            raise EOFError
        answer = self.answers.pop(0).format(**TYPED_WORDS[self.shot.lang])
        if self.file.getvalue()[self.seen:]:
            self.shot.show(self.shown().rstrip("\n"))
        self.shot.lines += terminal_rows(question + answer)  # as the terminal shows the line left
        return answer


def terminal_rows(line: str, width: int = COLUMNS) -> list[str]:
    """A line as a terminal ``width`` columns wide shows it: cut into rows at the last column (what
    is typed after a question goes on on the next row)."""
    from rich.cells import cell_len

    rows, row = [], ""
    for char in line:
        if cell_len(row + char) > width:
            rows.append(row)
            row = ""
        row += char
    return rows + [row]


def ask_at_terminal(shot: Shot, answers: list[str], command: str = "hand", meanwhile: str | None = None) -> None:
    """``scorekeeper hand`` asked at a terminal 80 columns wide, answered with ``answers`` (then
    Ctrl-D): the dialog run in this process (:func:`scorekeeper.cli.prompt.ask_hand`, the read
    function answering), then the hand saved and drawn as the command does. ``meanwhile``: a
    command run by someone else while the first question is open."""
    import typer
    from contextlib import redirect_stderr
    from rich.console import Console

    from scorekeeper.cli.language import speaking
    from scorekeeper.cli.prompt import ask_hand
    from scorekeeper.cli.render import game as draw
    from scorekeeper.cli.terminal import Terminal
    from scorekeeper.core.errors import ScorekeeperError

    shot.lines.append(f"$ scorekeeper {command}")
    file = io.StringIO()
    console = Console(file=file, width=COLUMNS, color_system=None, markup=False, emoji=False, highlight=False,
                      force_terminal=True)
    t = Terminal()
    t._out = t._err = console
    typed = Typed(answers, file, shot)
    if meanwhile is not None:
        reading = typed.read

        def read(question: str, prefill: str = "") -> str:
            nonlocal meanwhile
            if meanwhile is not None:
                line, meanwhile = meanwhile, None
                shown = typed.shown()
                if shown:
                    shot.show(shown.rstrip("\n"))
                shot.lines.append("## meanwhile, at another terminal:")
                shot.run(line)
                shot.lines.append(f"## back at the first terminal: {command}")
            return reading(question, prefill)
        typed_read = read
    else:
        typed_read = typed.read
    application = shot.home.application()
    with speaking(shot.lang), redirect_stderr(file):
        try:
            table = application.table(None)
            raw = ask_hand(t, application, table, table["session"], read=typed_read)
            draw.hand(t, application.record_hand(raw, "prompt", table["session"], False, table["revision"]))
        except typer.Exit as e:
            file.write(f"[exit {e.exit_code}]\n")
        except ScorekeeperError as e:
            from scorekeeper.cli.boundary import for_the_terminal

            file.write(for_the_terminal(e.message, True) + f"\n[exit {int(e.exit_code)}]\n")
    shown = typed.shown()
    if shown:
        shot.show(shown.rstrip("\n"))


def prompt_of(variant: str) -> Callable[[Shot], None]:
    def make(shot: Shot) -> None:
        players, answers = PROMPTS.get(variant, (NAMES[:3], []))
        shot.run(f"new {variant} {' '.join(players)}")
        shot.note("scorekeeper hand on a terminal: each player asked in turn")
        ask_at_terminal(shot, answers)
        shot.run("history --audit")
    return make


def questions_screen(shot: Shot) -> None:
    """The y/N questions of undo, delete and db restore, answered in a pseudo-terminal: a bare
    «т» (the N key on a Cyrillic layout) first, then the whole word."""
    import pexpect

    shot.run("new rummy500 Оля Назар Зоя --title 'Вечір'", quiet=True)
    shot.run('hand "Оля: 7H 8H 9H -AS" "Назар: -" "Зоя: -KD"', quiet=True)
    yes = {"en": "y", "uk": "так", "ru": "да", "be": "так"}[shot.lang]
    for line, answers in (("undo", ["т", yes]), ("delete Вечір", ["н"]), ("db restore", ["н"])):
        env = {k: v for k, v in os.environ.items() if k not in shot.home.env}
        env.update({k: v for k, v in shot.home.env.items() if v is not None})
        env["TERM"] = "dumb"
        env.pop("FORCE_COLOR", None)
        seen = doccheck._Seen()
        child = pexpect.spawn(sys.executable, ["-m", "scorekeeper", *shlex.split(line)], env=env,
                              cwd=str(shot.home.home), encoding="utf-8", dimensions=(LINES, COLUMNS), timeout=60)
        child.logfile_read = seen
        try:
            for answer in answers:
                if child.expect([r"(?:: |\] )\Z", pexpect.EOF]) == 1:
                    break
                child.sendline(answer)
            child.expect(pexpect.EOF)
        finally:
            child.close()
        shot.lines.append(f"$ scorekeeper {line}")
        shot.show(shot.home.shown(seen.text()).rstrip("\n"))
        if child.exitstatus:
            shot.lines.append(f"[exit {child.exitstatus}]")


# -- watch and the page ---------------------------------------------------------------------------

def board_lines(doc: Any, width: int = COLUMNS, height: int = LINES) -> list[str]:
    from rich.console import Console

    from scorekeeper.cli.render.board import board

    console = Console(width=width, height=height, record=True, color_system=None, markup=False,
                      file=open(os.devnull, "w"))
    console.print(board(doc, width, height, None))
    return [line.rstrip() for line in console.export_text().splitlines()]


def _played(shot: Shot, key: str, upto: int | None = 2) -> bool:
    """The game ``key`` of :data:`GAMES` played in a new session: its first ``upto`` hands (None:
    to its end, with its hand files and the events between deals)."""
    players, steps = GAMES.get(key, ((), []))
    if not players:
        return False
    shot.run(f"new {key.partition(':')[0]} {' '.join(players)} {STARTS.get(key, '')}", quiet=True)
    played = [s for s in steps if s.startswith(("hand ", "@", "rejoin ", "end "))]
    if upto is not None:
        played = [s for s in played if s.startswith("hand ")][:upto]
    for step in played:
        if step.startswith("@"):
            (shot.home.home / step[1:]).write_text(HAND_FILES[step[1:]], encoding="utf-8")
            shot.run(f"hand --file {step[1:]}", quiet=True)
        else:
            shot.run(step, quiet=True)
    return True


def boards(variants: Any) -> list[tuple[str, str, int | None]]:
    """The boards ``watch`` and the page are shown at: each variant's first game two hands in, and
    every game of :data:`GAMES` at its end — ``(variant, game, hands played or None)``."""
    found = []
    for variant in variants:
        keys = games_of(variant)
        if keys:
            found.append((variant, keys[0], 2))
        found += [(variant, key, None) for key in keys]
    return found


def watch_screen(shot: Shot) -> None:
    from scorekeeper.cli.language import speaking
    from scorekeeper.core.variants import every_variant

    for variant, key, upto in boards(every_variant()):
        if not _played(shot, key, upto):
            continue
        shot.note(f"scorekeeper watch: {key}, {'two hands in' if upto else 'at its end'}, at 80×24")
        with speaking(shot.lang):
            lines = board_lines(shot.home.application().board())
        shot.lines.append("┌" + "─" * COLUMNS + "┐")
        shot.lines += ["│" + line.ljust(COLUMNS) + "│" for line in lines]
        shot.lines.append("└" + "─" * COLUMNS + "┘")


def page_text(html_text: str) -> list[str]:
    """The page's words as a reader sees them: its HTML without tags and scripts' code, and the
    words its script writes (the ``words`` and ``said`` of its JSON)."""
    from html.parser import HTMLParser

    class Words(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.texts: list[str] = []
            self.skip = False

        def handle_starttag(self, tag: str, attrs: list) -> None:
            self.skip = tag in ("script", "style")
            for key, value in attrs:
                if key in ("title", "alt", "aria-label", "content") and value and key != "content":
                    self.texts.append(f"[{key}] {value}")

        def handle_endtag(self, tag: str) -> None:
            self.skip = False

        def handle_data(self, data: str) -> None:
            if not self.skip and data.strip():
                self.texts.append(" ".join(data.split()))

    parser = Words()
    parser.feed(html_text)
    return parser.texts


def page_screen(shot: Shot) -> None:
    from scorekeeper.cli.language import speaking
    from scorekeeper.cli.render.page import document, page
    from scorekeeper.cli.watch import Follower
    from scorekeeper.core.variants import every_variant

    for variant, key, upto in boards(every_variant()):
        if not _played(shot, key, upto):
            continue
        shot.note(f"The page of serve: {key}, {'two hands in' if upto else 'at its end'} (the HTML's words, then"
                  " what its script writes)")
        with speaking(shot.lang):
            follower = Follower(shot.home.application(), None, history=True)
            follower.poll()
            doc = document(follower.doc, None, follower.version)
            text = page(doc, shot.lang)
        start = len(shot.lines)
        shot.lines += page_text(text)
        shot.lines.append("## the page's own words (script)")
        shot.lines += [v for _k, v in sorted(json.loads(_script_block(text, "words")).items())]
        shot.lines.append("## what the page says of this game")
        shot.lines += [line.split(": ", 1)[1] for line in said_lines(doc["said"])]
        # a page's words are wrapped by the browser (its picture shows them at 412 px), not at 80 columns
        shot.gallery.wide_ok.setdefault(shot.lang, {}).setdefault(shot.name, set()).update(range(start, len(shot.lines)))
        if shot.gallery.pictures is not None:
            # one picture a shot: a variant's board two hands in, at its end, a tie, a pool… each its own
            shown = key.replace(":", "-") + ("-" + str(upto) if upto else "-end")
            picture = shot.gallery.pictures / f"{shot.lang}-page-{shown}.png"
            taken = screenshot(text, picture)
            shot.lines.append(f"## its picture at 412 px: pictures/{picture.name}" if taken else
                              "## no Chromium here: no picture")


#: a club evening for the club board's page: six players at two tables, a season, a game before
CLUB_SETUP = ['new rummy500 Оля Назар Ірина --rule target=100', 'hand "Оля: 100 -0" "Назар: 30 -10" "Ірина: 0 -20"',
              "season new весна", "evening new 'Клубний вечір' --variant rummy500 --players Оля Назар Зоя Ірина Тарас Леся",
              "new rummy500 Оля Назар Зоя --rule target=100", 'hand "Оля: 20 -5" "Назар: 100 -0" "Зоя: 10 -10"',
              "new rummy500 Ірина Тарас Леся", 'hand "Ірина: 40 -5" "Тарас: 10 -0" "Леся: 5 -25"']
#: where the evening is seated and no table has finished yet
CLUB_SEATED = 4


def club_page_screen(shot: Shot) -> None:
    import textwrap

    from scorekeeper.cli.language import speaking
    from scorekeeper.cli.render.clubpage import document, page
    from scorekeeper.cli.serve import ClubFollower

    for what, setup in (("an empty club", []), ("an evening just seated, no table finished", CLUB_SETUP[:CLUB_SEATED]),
                        ("an evening under way", CLUB_SETUP[CLUB_SEATED:])):
        for line in setup:
            shot.run(line, quiet=True)
        shot.note(f"The page of serve --club: {what} (the HTML's words, then what its script writes)")
        with speaking(shot.lang):
            follower = ClubFollower(shot.home.application(), None, None)
            follower.poll()
            doc = document(follower.doc, None, follower.version)
            text = page(doc, shot.lang)
        shot.lines += page_text(text)
        shot.lines.append("## the page's own words (script)")
        shot.lines += [v for _k, v in sorted(json.loads(_script_block(text, "words")).items())]
        shot.lines.append("## what the page shows (a page's lines, wrapped here at 80 columns)")
        shown = doc["shown"]
        said = [shown["title"], shown["heading"], shown["tables_title"], shown["no_evening"]]
        for table in shown["tables"]:
            said += [f"{table['name']} · {table['state_said']} · {table['hands']}"]
            said += [" ".join(filter(None, (r["rank"], r["name"], r["total"]))) for r in table["rows"]]
        for x in shown["lists"]:
            said += [x["title"], x["note"], " · ".join(x["heads"]), x["empty"]]
            said += [r["divider"] if "divider" in r else " ".join(filter(None, (r["rank"], r["name"], *r["cells"])))
                     for r in x["rows"]]
            said.append(x["key"])
        said.append(shown["more"][-1])
        shot.lines += [part for line in said if line for part in textwrap.wrap(line, COLUMNS)]


def _script_block(html_text: str, name: str) -> str:
    found = re.search(r"<script[^>]*id=\"" + name + r"\"[^>]*>(.*?)</script>", html_text, re.S)
    if found:
        return found.group(1)
    found = re.search(r"\b" + name + r"\s*=\s*(\{.*?\});?\s*$", html_text, re.S | re.M)
    return found.group(1) if found else "{}"


def said_lines(value: Any, prefix: str = "") -> list[str]:
    if isinstance(value, dict):
        return [line for k, v in value.items() for line in said_lines(v, f"{prefix}{k}.")]
    if isinstance(value, list):
        return [line for i, v in enumerate(value) for line in said_lines(v, f"{prefix}{i}.")]
    if isinstance(value, str) and value:
        return [f"{prefix.rstrip('.')}: {value}"]
    return []


def screenshot(html_text: str, picture: Path) -> bool:
    """The page as Chromium draws it 412 px wide, saved to ``picture``; False without Chromium."""
    import subprocess

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        return False
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "page.html"
        source.write_text(html_text, encoding="utf-8")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={folder}/profile", "--window-size=412,915", "--force-device-scale-factor=1",
                        f"--screenshot={picture}", source.as_uri()], capture_output=True, timeout=60)
    return picture.exists()


# -- refusals -------------------------------------------------------------------------------------

def refusals_of(group: str) -> Callable[[Shot], None]:
    def make(shot: Shot) -> None:
        from gallery_triggers import SETUPS, TRIGGERS

        current = None
        for trigger in TRIGGERS[group]:
            code, setup, steps = trigger[0], trigger[1], trigger[2:]
            if setup != current or shot.dirty:  # a new home for another setup, or after a change
                shot.home.close()
                shot.home = Home(shot.name, shot.lang)
                os.chdir(shot.home.home)
                shot.note(f"In a new database: {setup or 'empty'}")
                for line in SETUPS[setup]:
                    shot.run(line, quiet=True)
                current = setup
            shot.dirty = False
            shot.note(code)
            before = set(shot.gallery.said.codes)
            shot.gallery.said.codes.clear()
            try:
                for step in steps:
                    if callable(step):
                        step(shot)
                        shot.dirty = True
                    else:
                        shot.run(step)
                        shot.dirty = shot.dirty or shot.last_code == 0
                said = code in shot.gallery.said.codes or code + ".line" in shot.gallery.said.codes
            except Exception as e:  # a trigger's own fault: said, and the rest go on
                import traceback

                shot.gallery.faults.append(f"{shot.lang}/{shot.name}: the trigger of {code} failed: "
                                           + "".join(traceback.format_exception_only(e)).strip())
                said = False
            finally:
                shot.gallery.said.codes |= before
            shot.gallery.triggered[code] = shot.gallery.triggered.get(code, False) or said
            if not said:
                shot.lines.append(f"## (the code {code} was not said here)")
    return make


def error_codes() -> dict[str, str]:
    """Every message code an error of the program is raised with in its source (a literal first
    argument of ``InputError``, ``StateError``, ``StoreError``, ``ScorekeeperError``,
    ``DamagedFile``), with the module that raises it first."""
    import ast

    kinds = {"InputError", "StateError", "StoreError", "ScorekeeperError", "DamagedFile", "VariantError"}
    found: dict[str, str] = {}
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            first = node.args[0]
            if name in kinds and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.setdefault(first.value, str(path.relative_to(ROOT)))
    return found


# -- the checks -----------------------------------------------------------------------------------

#: a word of Latin letters (with an apostrophe inside, as English writes "don't")
LATIN_WORD = re.compile(r"(?<![\w/.@=:\-+])[A-Za-z]{2,}(?:'[a-z]+)?(?![\w/=@])")


def english_left(lang: str, lines: list[str], typed_lines: set[int] = frozenset()) -> list[str]:
    """The lines of a translated screen with a Latin word that is not typed as is
    (:mod:`gallery_allow`): options (``--rule``), ``KEY=VALUE``, file names, paths, addresses,
    ids, cards in Latin letters and what stands in backquotes are typed; every other Latin word
    is English left."""
    if lang == "en":
        return []
    from gallery_allow import CARD, allowed, table_row, typed_spans

    anywhere, typed = allowed()
    bad = []
    before = ""
    for i, line in enumerate(lines):
        if line.startswith(("$ ", "## ", "[exit ")):
            before = ""
            continue
        text = CARD.sub(" ", line)
        # where a word stands as typed (a wrapped line goes on from the last word of the one before)
        spans = typed_spans(before + " " + text)
        after = lines[i + 1] if i + 1 < len(lines) else ""
        if after.lstrip().startswith("("):  # a name wrapped before its parentheses: "gin" / "(Джин ремі)"
            spans += " " + " ".join(re.findall(r"[a-z][\w-]*\s*$", text))
        here = {w for w in re.findall(r"[A-Za-z]+", spans) if w in typed}
        here |= {w for w in re.findall(r"([A-Za-z][\w-]*)=", text)}  # a key given as KEY=VALUE on the line
        tail = re.findall(r"\S+$", text)
        before = tail[0] if tail else ""
        # … and a package with its version ("(knock-rummy 1.0)") or an entry point ("knock_rummy:VARIANT")
        text = re.sub(r'--?[A-Za-z][\w-]*|https?://\S+|\S+@\S+|\b[\w.-]+\.(?:json|toml|csv|md|txt|py|html|svg|js|css)\b|'
                      r'\S*/\S*|`[^`]*`|\b\w+=\S*|\b[0-9a-f]{8}\b|\b\w*_\w*\b|\b[A-Z][A-Z0-9]*\d\+\S*|"[^"]*"|«[^»]*»|“[^”]*”|'
                      r'\b[a-z][\w-]*(?= +\d+\.\d)|\b[\w.]+:[A-Z][A-Z_]*\b',
                      " ", text)
        # a word standing for what to type (a metavariable: KEY, VALUE, FILE) is said in the language,
        # even inside a command shown in backquotes
        found_meta = [w for w in re.findall(r"(?<![\w:-])[A-Z]{3,}(?![\w-])", CARD.sub(" ", line))
                      if w not in anywhere and w not in METAVARIABLES_OK]
        row = table_row(line) or i in typed_lines
        found = [w for w in LATIN_WORD.findall(text)
                 if w not in anywhere and w.lower() not in anywhere and not (w.lower() in typed and (row or w in here))]
        found += found_meta
        if found:
            bad.append(f"{line.strip()}    <- {', '.join(dict.fromkeys(found))}")
    return bad


#: words in capitals that are no metavariable: names of formats, signals, variables
METAVARIABLES_OK = {"JSON", "TOML", "CSV", "HTML", "UTF", "UTC", "ISO", "PNG", "SVG", "PDF", "LAN", "HTTP", "ASCII",
                    "PAGER", "LESS", "TERM", "COLUMNS", "HOME", "EOF", "SIGINT", "NUL", "NFC", "GNU"}


def too_wide(lines: list[str]) -> list[str]:
    """Lines wider than 80 columns that are not a table's rows (a table's line: one that has a
    run of two spaces or more between columns, or a box drawing)."""
    from rich.cells import cell_len

    bad = []
    for line in lines:
        if line.startswith(("$ ", "## ", "│", "┌", "└")):
            continue
        if cell_len(line) > COLUMNS and not re.search(r"\S {3,}\S|[─│┃━]", line):
            bad.append(line)
    return bad


def problems(gallery: Gallery) -> dict[str, list[str]]:
    """What the gallery shows wrong, by kind: ``english`` (a Latin word left in a translated
    screen), ``untriggered`` (an error code without a trigger, or whose trigger does not say
    it), ``wide`` (a line over 80 columns not a table's), ``faults`` (the gallery's own scripts)."""
    found: dict[str, list[str]] = {"english": [], "untriggered": [], "unshown": [], "wide": [],
                                   "faults": list(gallery.faults)}
    for lang, shots in gallery.shots.items():
        for name, lines in shots.items():
            same = gallery.same_ok.get(lang, {}).get(name, set())
            typed = gallery.typed_ok.get(lang, {}).get(name, set())
            found["english"] += [f"{lang}/{name}: {b}" for b in english_left(
                lang, [x for i, x in enumerate(lines) if i not in same], {i for i in typed if i not in same})]
            ok = gallery.wide_ok.get(lang, {}).get(name, set())
            found["wide"] += [f"{lang}/{name}: {b}" for b in too_wide([x for i, x in enumerate(lines) if i not in ok])]
    from gallery_allow import LEFT

    found["english"] = [item for item in found["english"]
                        if (item.split("/", 1)[1].split(": ", 1)[0], item.rsplit("    <- ", 1)[-1]) not in LEFT]
    if not gallery.only:
        from gallery_facts import FROM_FACTS

        found["unshown"] = unshown(gallery.first, all_codes(), FROM_FACTS)
        from gallery_triggers import TRIGGERS

        listed = {t[0] for group in TRIGGERS.values() for t in group}
        for code, module in sorted(error_codes().items(), key=lambda kv: (kv[1], kv[0])):
            if code not in listed:
                found["untriggered"].append(f"{module}: {code} has no trigger in tools/gallery_triggers.py")
            elif not gallery.triggered.get(code):
                found["untriggered"].append(f"{module}: {code}: its trigger does not say it")
    return found


def unshown(first: dict[str, str], every: set[str], listed: set[str]) -> list[str]:
    """The message codes (``every``) no screen says (``first``: the first screen that says each), but
    those ``listed`` to be said from made-up facts; and those listed that a screen says now, or that no
    longer exist (the list only shrinks)."""
    shown = {code for code, screen in first.items() if screen != FROM_FACTS_SCREEN}
    return ([f"{code}: said on no screen (a command that says it, or tools/gallery_facts.py FROM_FACTS)"
             for code in sorted(every - shown - listed)]
            + [f"{code}: said on {first[code]}: take it out of FROM_FACTS" for code in sorted(listed & shown)]
            + [f"{code}: no such message: take it out of FROM_FACTS" for code in sorted(listed - every)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="the folder to write the gallery to (made anew)")
    parser.add_argument("--lang", action="append", choices=LANGS, help="only this language (repeatable)")
    parser.add_argument("--only", help="only the screens whose name starts so (e.g. 04-game)")
    parser.add_argument("--screenshot", action="store_true", help="a picture of the page at 412 px (Chromium)")
    parser.add_argument("--check", action="store_true", help="exit 1 when the checks find a problem")
    parser.add_argument("--child", choices=LANGS, help=argparse.SUPPRESS)
    parser.add_argument("--result", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--pictures", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    os.environ["COLUMNS"], os.environ["LINES"] = str(COLUMNS), str(LINES)  # the terminal the prompt is drawn on
    if args.child:  # one language, in this process
        said = Said()
        said.start()  # the help texts are looked up as the command line is declared (imported)
        try:
            gallery = Gallery((args.child,), args.only)
        finally:
            said.stop()
        gallery.at_import = set(said.codes)
        gallery.pictures = args.pictures
        made = gallery.make_here(args.child)
        args.result.write_text(json.dumps(made), encoding="utf-8")  # \u escapes: a lone surrogate typed survives
        return 0
    started = time.monotonic()
    gallery = Gallery(tuple(args.lang) if args.lang else LANGS, args.only)
    if args.out and args.screenshot:
        gallery.pictures = args.out.resolve().parent / (args.out.name + ".pictures")
        gallery.pictures.mkdir(parents=True, exist_ok=True)
    gallery.make()
    if args.out:
        gallery.write(args.out)
        if gallery.pictures is not None:
            shutil.move(str(gallery.pictures), str(args.out / "pictures"))
    found = problems(gallery)
    for kind, items in found.items():
        if items:
            print(f"{kind}: {len(items)}")
            for item in items:
                print("  " + item.replace("\n", "\n    "))
    print(f"{sum(len(s) for s in gallery.shots.values())} screens in {time.monotonic() - started:.1f} s"
          + (f", written to {args.out}" if args.out else ""))
    return 1 if args.check and any(found.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
