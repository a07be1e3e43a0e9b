#!/usr/bin/env python3
"""Docs that cannot drift: every sample output in README.md and docs/*.md is made by running the
command it shows, and the option tables by asking the program (in the spirit of cog, which
sqlite-utils runs over its docs).

A page says what makes each sample with an HTML comment just before it (GitHub does not show
them):

``<!-- setup: scorekeeper ARGS -->``
    run a command first, its output unseen (a game to show the standings of); it must succeed.
``<!-- run: scorekeeper ARGS -->`` (``<!-- run (exit 2): … -->`` for a refusal)
    the fenced block after it is what the command prints, standard output and error as a
    terminal shows them; the command must end with that exit status (0 unless said).
    ``… | head -N`` keeps the first N lines (and a last line "…" when more were left out),
    ``… | cut -c1-N`` the first N characters of each line (a line cut ends in "…").
``<!-- play -->``
    the fenced ``sh`` block after it is run line by line (each a ``scorekeeper`` command,
    ``# comments`` and ``\\`` continuations allowed): the page's own commands, which must
    succeed, then leave the state the next samples show.
``<!-- transcript -->``
    the fenced block after it: each line ``$ scorekeeper ARGS`` is run and followed by what
    it prints (any exit status: a transcript may show a refusal).
``<!-- prompt: scorekeeper ARGS ... -->``
    the fenced block after it is what a terminal shows while the command asks its questions
    (``hand`` at the table): the lines after the command in the comment are the answers
    typed, one per question, in order. Run in a pseudo-terminal of its own (the questions
    need one), so its time is the clock's own; the answers the program echoes are part of the
    sample.
``<!-- input: scorekeeper ARGS -->``
    the fenced block after it (a hand file) is given to the command on standard input, which
    must succeed; the block stays as written.
``<!-- file: NAME -->``
    the fenced block after it is written to the file NAME in the home folder the commands run
    in (a configuration file a sample reads); it stays as written.
``<!-- screen: scorekeeper watch [--session ID] -->``
    the fenced block after it is the board ``scorekeeper watch`` draws on a terminal of 80×24
    (its drawing, without the terminal: the screen it would show, colours left out).
``<!-- begin: NAME ARGS -->`` … ``<!-- end: NAME -->``
    the lines between are made by the generator NAME of :data:`GENERATORS`, from the program's
    own ``rules --json``: every variant's rule options, variants side by side, Contract Rummy's
    deals.

Each page runs in a throw-away home of its own (``/home/ann``: the commands see no other
database, configuration or cache, and the paths they print are shown from ``/home``), in
English, 80 columns wide and 24 rows high as a terminal without colour, on a clock that starts
at a fixed moment (2026-11-27 19:30 UTC) and ticks on every reading, with session ids drawn from
a generator seeded by the page's name: the same page gives the same samples on every machine.
The commands run in this process, through typer's ``CliRunner``; ``scorekeeper`` is never
looked up on the PATH.

    python tools/doccheck.py            rewrite every page whose samples changed
    python tools/doccheck.py --check    exit 1, showing the difference, when one did
    python tools/doccheck.py docs/x.md  only these pages

``tests/test_doc_samples.py`` runs the check.
"""
from __future__ import annotations

import contextlib
import difflib
import os
import re
import shlex
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parents[1]
#: the pages whose samples are checked (docs/cli.md is the program's --help: tools/reference.py)
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "cli.md")]
#: the command that rewrites the pages, as a stale page's message names it
REGENERATE = "python tools/doccheck.py"
#: the terminal the samples are drawn on
COLUMNS, LINES = 80, 24
#: the moment the clock of every page starts at, and how far it moves each time it is read
CLOCK_START = datetime(2026, 11, 27, 19, 30, tzinfo=timezone.utc)
CLOCK_TICK = timedelta(seconds=41)
#: what a page writes to say how a sample is made (see the module's notes)
MARKER = re.compile(r"^<!-- (setup|run|play|transcript|prompt|input|file|screen|begin|end)(?: \(exit (\d+)\))?"
                    r"(?::\s*(.*?))?\s*-->\s*$", re.S)
FENCE = re.compile(r"^(`{3,})(.*)$")
#: how long a prompt sample may wait for its command's next question, in seconds (a loaded machine)
PROMPT_TIMEOUT = 60


class SampleError(Exception):
    """A page's sample cannot be made: a command that must succeed failed, a marker without its
    block. Says the page and the line."""


# -- the world the commands run in ---------------------------------------------------------------

class Clock:
    """The time every command reads (``datetime.now``): :data:`CLOCK_START`, then a tick later
    on each reading."""

    def __init__(self) -> None:
        self.moment = CLOCK_START

    def read(self) -> datetime:
        self.moment += CLOCK_TICK
        return self.moment

    def datetime_class(self) -> type:
        """A ``datetime`` whose ``now()`` reads this clock (the rest is Python's own)."""
        clock = self

        class Fixed(datetime):
            @classmethod
            def now(cls, tz=None):  # noqa: D102 - datetime's own
                moment = clock.read()
                return moment.astimezone(tz) if tz is not None else moment.astimezone().replace(tzinfo=None)

        return Fixed


@contextlib.contextmanager
def fixed_world(seed: str) -> Iterator[Clock]:
    """Within the block, session ids come from a generator seeded by ``seed`` and the program's
    clock is a :class:`Clock` (the modules of the store that read the time read it); times are
    shown in UTC. Everything is put back afterwards."""
    import random
    import secrets

    from scorekeeper.storage import backups, store

    ids = random.Random(seed)
    clock = Clock()
    fixed = clock.datetime_class()
    saved = (secrets.token_hex, store.datetime, backups.datetime, os.environ.get("TZ"))
    secrets.token_hex = lambda nbytes=None: ids.getrandbits(8 * (nbytes or 32)).to_bytes(nbytes or 32, "big").hex()
    store.datetime = backups.datetime = fixed
    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        yield clock
    finally:
        secrets.token_hex, store.datetime, backups.datetime, tz = saved
        if tz is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = tz
        time.tzset()


#: what the environment of a command says or leaves out: a terminal without colour, English, and
#: nothing of the machine's own database, configuration or language
_UNSET = ("SCOREKEEPER_DB", "SCOREKEEPER_CONFIG", "SCOREKEEPER_LANG", "SCOREKEEPER_VARIANT", "SCOREKEEPER_PLAYERS",
          "SCOREKEEPER_RULES", "SCOREKEEPER_DEBUG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "PAGER",
          "GITHUB_ACTIONS", "_SCOREKEEPER_COMPLETE")


class Table:
    """The throw-away home one page's commands run in, and the command line run there."""

    def __init__(self, page: Path) -> None:
        from typer.testing import CliRunner

        from scorekeeper.cli import app

        self.page = page
        self.root = Path(tempfile.mkdtemp(prefix="doccheck-"))
        self.home = self.root / "home" / "ann"
        self.home.mkdir(parents=True)
        self.runner, self.app = CliRunner(), app
        self.env: dict[str, str | None] = {name: None for name in _UNSET}
        self.env.update(HOME=str(self.home), XDG_DATA_HOME=str(self.home / ".local" / "share"),
                        XDG_CONFIG_HOME=str(self.home / ".config"), XDG_CACHE_HOME=str(self.home / ".cache"),
                        COLUMNS=str(COLUMNS), LINES=str(LINES), NO_COLOR="1", FORCE_COLOR="1",
                        TERM="xterm-256color", _TYPER_FORCE_DISABLE_TERMINAL="1")

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def shown(self, text: str) -> str:
        """What a command printed as the page shows it: the home's place on this machine left
        out (``/home/ann/...``), no spaces at the ends of lines, no blank lines at the end."""
        text = text.replace(str(self.root), "")
        return "\n".join(line.rstrip() for line in text.splitlines()).rstrip("\n")

    def run(self, line: str, input: str | None = None) -> tuple[int, str]:
        """Run one command line (``[NAME=VALUE ...] scorekeeper ARGS [| head -N]``) in this
        home: its exit status and what it printed, as :meth:`shown`."""
        words, extra, filters = parse_line(line)
        from scorekeeper.cli import language
        from scorekeeper.core import messages

        with _in(self.home):
            result = self.runner.invoke(self.app, words, input=input, env={**self.env, **extra})
        messages.use(None)  # a command run with --lang leaves its language spoken: the next starts in English
        language.speak("en")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise SampleError(f"{line}: {type(result.exception).__name__}: {result.exception}") from result.exception
        return result.exit_code, filtered(self.shown(result.output), filters)

    def must(self, line: str, status: int = 0, input: str | None = None) -> str:
        code, out = self.run(line, input)
        if code != status:
            raise SampleError(f"`{line}` ended with exit status {code}, not {status}:\n{out}")
        return out

    def screen(self, line: str) -> str:
        """The board ``watch`` draws at :data:`COLUMNS` × :data:`LINES` in this home (``line``:
        ``watch [--session ID]``), as a terminal without colour shows it."""
        from rich.console import Console

        from scorekeeper.app import Application
        from scorekeeper.cli.render.board import board

        words, _extra, _filters = parse_line(line)
        if words[:1] != ["watch"]:
            raise SampleError(f"no screen is drawn by {line}")
        session = words[words.index("--session") + 1] if "--session" in words else None
        saved = dict(os.environ)
        for key, value in self.env.items():  # the page's environment: None is a variable left unset
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        try:
            with _in(self.home):
                doc = Application().board(session, False)
            console = Console(width=COLUMNS, height=LINES, color_system=None, record=True, file=open(os.devnull, "w"),
                              markup=False, emoji=False, highlight=False, legacy_windows=False)
            console.print(board(doc, COLUMNS, LINES), height=LINES)
            return self.shown(console.export_text())
        finally:
            os.environ.clear()
            os.environ.update(saved)

    def prompt(self, line: str, answers: list[str]) -> str:
        """What a terminal shows while ``line`` asks its questions and ``answers`` are typed,
        one after each question: the command run in a pseudo-terminal of its own."""
        import pexpect

        words, extra, _filters = parse_line(line)
        env = {k: v for k, v in os.environ.items() if k not in self.env}
        env.update({k: v for k, v in {**self.env, **extra}.items() if v is not None})
        env["TERM"] = "dumb"  # a plain terminal: no colour, no cursor codes (and a real one: not forced)
        env.pop("FORCE_COLOR", None)
        seen = _Seen()
        child = pexpect.spawn(sys.executable, ["-m", "scorekeeper", *words], env=env, cwd=str(self.home),
                              encoding="utf-8", dimensions=(LINES, COLUMNS), timeout=PROMPT_TIMEOUT)
        child.logfile_read = seen
        try:
            for answer in answers:
                child.expect(r"(?:: |\] )\Z")  # a question waits at the end of what is shown
                child.sendline(answer)
            child.expect(pexpect.EOF)
        finally:
            child.close()
        if child.exitstatus != 0:
            raise SampleError(f"`{line}` with the answers {answers} ended with exit status {child.exitstatus}:\n"
                              f"{seen.text()}")
        return self.shown(f"$ {line}\n" + seen.text())


class _Seen:
    """What a pseudo-terminal showed (pexpect's ``logfile_read``), as plain lines."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    def flush(self) -> None:
        pass

    def text(self) -> str:
        text = "".join(self.parts).replace("\r\n", "\n").replace("\r", "")
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]", "", text)


@contextlib.contextmanager
def _in(folder: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


#: what may follow a command, ``| head -N`` or ``| cut -c1-N``: a filter :func:`filtered` applies
PIPE = re.compile(r"\|\s*(head\s+-(?:n\s*)?|cut\s+-c\s*1-)(\d+)\s*$")


def parse_line(line: str) -> tuple[list[str], dict[str, str], list[tuple[str, int]]]:
    """``NAME=VALUE ... scorekeeper ARGS [| head -N] [| cut -c1-N]`` → (ARGS, the environment
    given, the filters in order: ``("head", N)``, ``("cut", N)``)."""
    filters: list[tuple[str, int]] = []
    while (found := PIPE.search(line)) is not None:
        filters.insert(0, ("head" if found.group(1).startswith("head") else "cut", int(found.group(2))))
        line = line[:found.start()]
    words = shlex.split(line)
    extra = {}
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        extra[name] = value
    if not words or words[0] != "scorekeeper":
        raise SampleError(f"not a scorekeeper command: {line!r}")
    return words[1:], extra, filters


def filtered(text: str, filters: list[tuple[str, int]]) -> str:
    """``text`` through the filters of :func:`parse_line`: ``head`` keeps the first N lines (a
    last line "…" says more were left out), ``cut`` the first N characters of each line (a
    line cut ends in "…")."""
    for kind, n in filters:
        lines = text.splitlines()
        if kind == "head":
            lines = lines[:n] + (["…"] if len(lines) > n else [])
        else:
            lines = [line if len(line) <= n else line[:n - 1] + "…" for line in lines]
        text = "\n".join(lines)
    return text


# -- the generated parts --------------------------------------------------------------------------

def rule_options(table: Table) -> list[str]:
    """Every variant's rule options as Markdown tables, each option's values, default and help as
    ``rules VARIANT --json`` gives them (the program's own declarations, read through its public
    document), then the variant's presets."""
    import json

    every = json.loads(table.must("scorekeeper rules --json"))
    lines: list[str] = []
    for row in every["variants"]:
        doc = json.loads(table.must(f"scorekeeper rules {row['id']} --json"))
        lines += ["", f"## {doc['name']} — `{doc['id']}`", "",
                  "| option | values | default | what it does |", "|---|---|---|---|"]
        for o in doc["options"]:
            cells = [f"`{o['key']}`", o["values"], o["default_text"], o["help"]]
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        for name, values in (doc.get("presets") or {}).items():
            if not lines[-1].startswith("- "):
                lines += ["", "Presets (`--rule preset=NAME`; an option given as well wins over the preset):", ""]
            said = ", ".join(f"`{k}={'none' if v is None else _value(v)}`" for k, v in values.items())
            lines.append(f"- `{name}`: {said or 'the defaults above'}")
    return lines + [""]


def compare(table: Table, *ids: str) -> list[str]:
    """Variants side by side — players, decks, cards dealt, goal — as ``rules --json`` lists them."""
    import json

    rows = {row["id"]: row for row in json.loads(table.must("scorekeeper rules --json"))["variants"]}
    chosen = [rows[i] for i in ids]

    def players(row: dict) -> str:
        low, high = row["players"]["min"], row["players"]["max"]
        return str(low) if low == high else f"{low}–{high}"

    lines = ["| | " + " | ".join(row["name"] for row in chosen) + " |", "|---" * (len(chosen) + 1) + "|"]
    for label, said in (("players", players), ("decks", lambda r: r["decks"]), ("cards dealt", lambda r: r["dealt"]),
                        ("goal", lambda r: r["goal"])):
        lines.append(f"| {label} | " + " | ".join(_cell(said(row)) for row in chosen) + " |")
    return lines


#: the words of a contract's melds, for :func:`contract_deals`
_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four"}


def contract_deals(table: Table) -> list[str]:
    """Contract Rummy's deals and their contracts, from the default of its ``contracts`` option
    (``rules contract --json``): each deal's melds in words and as written (``S3+R4``)."""
    import json

    doc = json.loads(table.must("scorekeeper rules contract --json"))
    contracts = next(o for o in doc["options"] if o["key"] == "contracts")["default"]
    lines = ["| deal | contract | written |", "|---|---|---|"]
    for number, deal in enumerate(str(contracts).split("/"), 1):
        melds = deal.split("+")
        words = []
        for kind, name in (("S", "set"), ("R", "run")):
            n = sum(m.startswith(kind) for m in melds)
            if n:
                words.append(f"{_COUNTS.get(n, n)} {name}{'s' if n > 1 else ''}")
        lines.append(f"| {number} | {' and '.join(words)} | `{deal}` |")
    return lines


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _value(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


#: the generators a page names in ``<!-- begin: NAME ARGS -->`` (each gets the page's table and the ARGS)
GENERATORS: dict[str, Callable[..., list[str]]] = {"rule-options": rule_options, "compare": compare,
                                                   "contract-deals": contract_deals}


# -- a page ---------------------------------------------------------------------------------------

@dataclass
class Page:
    """A page, read marker by marker and made again with what the commands print."""

    path: Path

    def made(self) -> str:
        """The page with every sample made again."""
        text = self.path.read_text(encoding="utf-8")
        source = text.splitlines()
        out: list[str] = []
        table = Table(self.path)
        try:
            with fixed_world(self.path.name):
                i = 0
                while i < len(source):
                    i = self._step(table, source, i, out)
        finally:
            table.close()
        return "\n".join(out) + ("\n" if text.endswith("\n") else "")

    def _where(self, i: int) -> str:
        return f"{shown_path(self.path)}:{i + 1}"

    def _step(self, table: Table, source: list[str], i: int, out: list[str]) -> int:
        """Copy the line at ``i`` (with the block a marker there makes); return the next line's index."""
        line = source[i]
        if not line.startswith("<!-- "):
            out.append(line)
            return i + 1
        end = i  # a marker may span lines (a prompt's answers)
        while "-->" not in source[end]:
            end += 1
            if end >= len(source):
                raise SampleError(f"{self._where(i)}: a comment that never ends")
        comment = "\n".join(source[i:end + 1])
        found = MARKER.match(comment)
        out.extend(source[i:end + 1])
        if found is None:
            return end + 1
        kind, status, arg = found.group(1), int(found.group(2) or 0), (found.group(3) or "").strip()
        try:
            if kind == "setup":
                table.must(arg, status)
                return end + 1
            if kind == "begin":
                return self._generated(table, source, end + 1, arg, out)
            if kind == "end":
                raise SampleError(f"an end of {arg} without its begin")
            fence, info, body, after = self._block(source, end + 1)
            made = self._sample(table, kind, status, arg, info, body)
        except SampleError as e:
            raise SampleError(f"{self._where(i)}: {e}") from None
        out.append(fence + info)
        out.extend(made)
        out.append(fence)
        return after

    def _block(self, source: list[str], i: int) -> tuple[str, str, list[str], int]:
        """The fenced block starting at ``i``: its fence, info string, lines and the index after it."""
        found = FENCE.match(source[i]) if i < len(source) else None
        if found is None:
            raise SampleError("a marker must come just before a fenced block")
        fence, info = found.group(1), found.group(2)
        for j in range(i + 1, len(source)):
            if source[j] == fence:
                return fence, info, source[i + 1:j], j + 1
        raise SampleError("a fenced block that never ends")

    def _sample(self, table: Table, kind: str, status: int, arg: str, info: str, body: list[str]) -> list[str]:
        if kind == "run":
            return table.must(arg, status).splitlines()
        if kind == "play":
            for command in commands(body):
                table.must(command)
            return body
        if kind == "input":
            table.must(arg, status, input="\n".join(body) + "\n")
            return body
        if kind == "file":
            (table.home / arg).parent.mkdir(parents=True, exist_ok=True)
            (table.home / arg).write_text("\n".join(body) + "\n", encoding="utf-8")
            return body
        if kind == "transcript":
            made: list[str] = []
            for line in body:
                if line.startswith("$ "):
                    _code, shown = table.run(line[2:])
                    made += [line, *shown.splitlines()]
            return made
        if kind == "screen":
            return table.screen(arg).splitlines()
        if kind == "prompt":
            command, *answers = arg.split("\n")
            return table.prompt(command.strip(), [a.strip() for a in answers]).splitlines()
        raise SampleError(f"no sample is made by {kind}")

    def _generated(self, table: Table, source: list[str], i: int, arg: str, out: list[str]) -> int:
        """The part between ``<!-- begin: NAME ARGS -->`` and ``<!-- end: NAME -->``, made again."""
        name, *args = arg.split()
        if name not in GENERATORS:
            raise SampleError(f"no generator is called {name}: {sorted(GENERATORS)}")
        closing = f"<!-- end: {name} -->"
        for j in range(i, len(source)):
            if source[j].strip() == closing:
                out.extend(GENERATORS[name](table, *args))
                out.append(source[j])
                return j + 1
        raise SampleError(f"{name} has no {closing}")


def shown_path(page: Path) -> str:
    """``page`` as messages name it: from the repository's root when it is in it."""
    try:
        return str(page.resolve().relative_to(ROOT))
    except ValueError:
        return str(page)


def commands(body: list[str]) -> list[str]:
    """The commands of an ``sh`` block: ``# comments`` left out, ``\\`` continuations joined."""
    found, pending = [], ""
    for line in body:
        line = re.sub(r"(^|\s+)#\s.*$", "", line).rstrip()
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line = (pending + line).strip()
        pending = ""
        if line:
            found.append(line)
    return found


# -- the command line -------------------------------------------------------------------------------

def check(pages: list[Path] | None = None) -> dict[Path, str]:
    """The pages whose samples differ from what the commands print: page → a unified diff."""
    stale = {}
    for page in pages or PAGES:
        text = page.read_text(encoding="utf-8")
        made = Page(page).made()
        if made != text:
            stale[page] = "".join(difflib.unified_diff(
                text.splitlines(keepends=True), made.splitlines(keepends=True),
                f"{shown_path(page)} (as written)", f"{shown_path(page)} (as the commands print it)"))
    return stale


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    checking = "--check" in args
    pages = [Path(a).resolve() for a in args if a != "--check"] or None
    os.environ.setdefault("_TYPER_FORCE_DISABLE_TERMINAL", "1")
    from scorekeeper.cli import language

    language.speak("en")
    try:
        if checking:
            stale = check(pages)
            for page, diff in stale.items():
                sys.stdout.write(diff)
            if stale:
                sys.stderr.write(f"{len(stale)} page(s) differ from what the commands print: run {REGENERATE}\n")
            return 1 if stale else 0
        for page in pages or PAGES:
            made = Page(page).made()
            if made != page.read_text(encoding="utf-8"):
                page.write_text(made, encoding="utf-8")
                sys.stdout.write(f"wrote {shown_path(page)}\n")
    except SampleError as e:
        sys.stderr.write(f"{e}\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
