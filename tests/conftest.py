"""Shared test fixtures and helpers. No test ever touches the user's real data
directory: SCOREKEEPER_DB points every test at its own temporary database,
SCOREKEEPER_CONFIG at its own configuration file, and the platformdirs data
directory is moved into the temporary directory too. Temporary files are kept in
memory (/dev/shm) where the machine has it, so the fsyncs of saving cost nothing, and
compiled bytecode is kept (__pycache__) even where the environment says not to.

What every test file may use (no imports needed, they are fixtures):

- ``cli`` — the real command line in-process (typer's CliRunner):
  ``cli("standings")`` gives the result (``exit_code``, ``stdout``, ``stderr``);
  ``cli.json("standings")`` the ``--json`` document (asserting exit 0);
  ``cli.new("rummy500", "Ann", "Bob", rules=["target=300"])`` the ``new --json``
  document; ``cli.record("Ann: -", "Bob: -KS")`` (one-line entries) or
  ``cli.record({"players": ...})`` (a hand file, given on standard input) the
  ``hand --json`` document; ``cli.standings()``, ``cli.history()`` and
  ``cli.totals()`` (``{name: total}``).
- ``new``, ``record``, ``standings``, ``history``, ``totals`` — the same helpers
  as fixtures of their own (``def test_x(new, record, totals): ...``).
- ``application`` — :class:`scorekeeper.app.Application` over the test's
  database, for tests of the rules that need no command line.
- ``exe`` — the path of the ``scorekeeper`` console script (found on PATH or
  next to the running Python, never by a hard-coded ``.venv``); the test is
  skipped when it is not installed. :func:`console_script` gives it outside
  fixtures.
- :func:`load_games` — a worked-examples file.
- :func:`tool` — a developer tool of ``tools/`` as a module (``tool("catalogs").problems("uk")``).
"""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("_TYPER_FORCE_DISABLE_TERMINAL", "1")
os.environ["COLUMNS"] = "120"
os.environ.pop("FORCE_COLOR", None)
os.environ.pop("GITHUB_ACTIONS", None)


def _temporary_files_in_memory(shm: Path = Path("/dev/shm")) -> None:
    """Temporary files — each test's database and ``tmp_path``, and those of the commands the
    tests start — go to the memory-backed ``/dev/shm`` where the machine has one and TMPDIR
    does not name another place. Every change the program saves is fsynced (SPEC §6): on a
    disk shared with other work one fsync can take tens of milliseconds, minutes over the
    suite, while in memory it returns at once. The program makes the same system calls
    there; what a test can see of a file (whole, old or new, after a kill) is the same."""
    import tempfile

    if os.environ.get("TMPDIR") or not (shm.is_dir() and os.access(shm, os.W_OK | os.X_OK)):
        return
    os.environ["TMPDIR"] = str(shm)
    tempfile.tempdir = None  # chosen again, from TMPDIR, when next asked


_temporary_files_in_memory()


def _bytecode_kept() -> None:
    """Python keeps the bytecode it compiles (``__pycache__``, its default) in this run and in
    the commands the tests start, even where the machine's environment says otherwise
    (PYTHONDONTWRITEBYTECODE): else each of the hundreds of commands the tests run compiles
    the whole program again (a quarter of a command's start), and pytest rewrites every test
    file's asserts again on each run (seconds). A test that needs no bytecode written (the
    traced command of tests/test_crash.py) says so in its command's environment."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


_bytecode_kept()


def _ctrl_c_interrupts() -> None:
    """Ctrl-C (SIGINT) interrupts this run and the commands the tests start, as at a terminal,
    even when the run was started in the background by a shell without job control (``pytest
    &`` in a script), which makes it ignored: every command started would inherit that, and
    the tests that send Ctrl-C would wait for an end that never comes."""
    import signal

    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


_ctrl_c_interrupts()

import pytest  # noqa: E402

# scorekeeper_cli, the fixture a variant's author plays a game through the command line with, is
# tested here too (tests/test_testing.py)
pytest_plugins = ["scorekeeper.testing"]


def pytest_collection_modifyitems(config, items):
    """The test files in the order the two processes take them (``--dist loadfile`` with
    ``--no-loadscope-reorder``): the files holding a ``slow`` test first, then the others by how
    many tests they hold, most first; each file's own order kept (a file's tests may build on
    one another). xdist's own order, by count alone, left the slow files of a few long tests
    (pip installs) for last: one process ran them for the last 49 s of 3 min 24 s while the
    other waited."""
    files = [item.nodeid.split("::", 1)[0] for item in items]
    count: dict[str, int] = {}
    for name in files:
        count[name] = count.get(name, 0) + 1
    slow = {name for name, item in zip(files, items) if item.get_closest_marker("slow")}
    first = {name: i for i, name in reversed(list(enumerate(files)))}
    place = {id(item): (name not in slow, -count[name], first[name], i)
             for i, (name, item) in enumerate(zip(files, items))}
    items.sort(key=lambda item: place[id(item)])


SHARED_GAMES = Path(__file__).resolve().parents[2] / "shared" / "games"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


#: how long a test in a pseudo-terminal waits for what a command shows, in seconds: generous, as
#: the machine running the tests may be loaded (a first start of Python there can take seconds).
#: A wait ends as soon as the text comes, so a passing test never waits this out.
PTY_TIMEOUT = 90


def terminal_env(db) -> dict:
    """The environment for a command run in a pseudo-terminal: database ``db``, no colour,
    a dumb terminal 120 columns wide."""
    env = dict(os.environ)
    env.update(SCOREKEEPER_DB=str(db), TERM="dumb", NO_COLOR="1", COLUMNS="120")
    env.pop("FORCE_COLOR", None)
    return env


def flat(text: str) -> str:
    """Text as one line: the terminal may wrap long sentences (a dumb terminal is 80 columns)."""
    return " ".join(text.split())


def console_script() -> Path | None:
    """The installed ``scorekeeper`` console script: the one beside the running
    Python (its virtual environment) when there is one, else the first on PATH."""
    beside = Path(sys.executable).with_name("scorekeeper")
    if beside.exists():
        return beside
    found = shutil.which("scorekeeper")
    return Path(found) if found else None


@pytest.fixture(scope="session", autouse=True)
def commands_declared_in_english():
    """A command module's group and option help is made when the module is first imported, in
    the language then spoken (a real run is one process in one language). A test that runs a
    command in-process in another language must not decide it for the tests after it (it once
    left docs/cli.md's check reading the db group's help in a stand-in catalog): every command
    module is imported first, in English."""
    from scorekeeper.cli import every_command

    every_command()


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A command run in-process with ``--lang`` leaves its language spoken (a real run ends
    with its process): the next test starts in English again, whatever ran before it."""
    yield
    from scorekeeper.core import messages

    messages.use(None)


@pytest.fixture(autouse=True)
def isolated_db(tmp_path, monkeypatch):
    """Every test gets its own database directory, configuration file and home."""
    db = tmp_path / "db"
    monkeypatch.setenv("SCOREKEEPER_DB", str(db))
    # the user's configuration file is never read or written: each test has its own (none yet)
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "config" / "config.toml"))
    for var in ("SCOREKEEPER_VARIANT", "SCOREKEEPER_PLAYERS", "SCOREKEEPER_RULES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)
    # English unless a test asks for a language: a machine's own locale (uk_UA.UTF-8…) must not
    # change what the tests read
    for var in ("SCOREKEEPER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    return db


#: the developers' tools (tools/: the catalogs, the reference pages), scripts beside the package, not in it
TOOLS = Path(__file__).resolve().parents[1] / "tools"


def tool(name: str):
    """The developer tool ``tools/NAME.py`` as a module (tools/ is no package: each tool is run
    as ``python tools/NAME.py``), imported from its file once per run."""
    import importlib.util

    key = f"scorekeeper_tools_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, TOOLS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


def load_games(name: str) -> dict:
    """A worked-examples file: tests/fixtures/NAME, falling back to ../shared/games/NAME."""
    for base in (FIXTURES, SHARED_GAMES):
        path = base / name
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
    pytest.skip(f"{name} is not available")


class Scorekeeper:
    """The command line run in-process, with the helpers tests keep needing."""

    def __init__(self) -> None:
        from typer.testing import CliRunner

        from scorekeeper.cli import app

        self.runner, self.app = CliRunner(), app

    def __call__(self, *args: Any, input: str | None = None, env: dict | None = None):
        return self.runner.invoke(self.app, [str(a) for a in args], input=input, env=env)

    def json(self, *args: Any, input: str | None = None) -> Any:
        """The ``--json`` document of a command that must succeed."""
        result = self(*args, "--json", input=input)
        assert result.exit_code == 0, (result.exit_code, result.stdout, result.stderr)
        return json.loads(result.stdout)

    def new(self, variant: str, *players: str, rules: tuple | list = (), title: str | None = None,
            dealer: str | None = None) -> dict:
        """``new VARIANT PLAYER... [--rule R]... [--title T] [--dealer D] --json``."""
        args: list[str] = ["new", variant, *players]
        for rule in rules:
            args += ["--rule", rule]
        if title is not None:
            args += ["--title", title]
        if dealer is not None:
            args += ["--dealer", dealer]
        return self.json(*args)

    def record(self, *entries: Any, session: str | None = None) -> dict:
        """Record the next hand: one-line entries (``"Ann: -"``, ...) or one hand-file
        document (a dict, sent on standard input). Returns ``hand --json``."""
        where = ["--session", session] if session else []
        if len(entries) == 1 and isinstance(entries[0], dict):
            return self.json("hand", "--file", "-", *where, input=json.dumps(entries[0], ensure_ascii=False))
        return self.json("hand", *entries, *where)

    def standings(self, session: str | None = None) -> dict:
        return self.json("standings", *(["--session", session] if session else []))

    def history(self, session: str | None = None) -> dict:
        return self.json("history", *(["--session", session] if session else []))

    def totals(self, session: str | None = None) -> dict[str, int]:
        """``{name: total}`` from the standings."""
        return {p["name"]: p["total"] for p in self.standings(session)["players"]}


@pytest.fixture
def cli() -> Scorekeeper:
    """Run the real command through typer's CliRunner: cli("standings", "--json")."""
    return Scorekeeper()


@pytest.fixture
def new(cli):
    return cli.new


@pytest.fixture
def record(cli):
    return cli.record


@pytest.fixture
def standings(cli):
    return cli.standings


@pytest.fixture
def history(cli):
    return cli.history


@pytest.fixture
def totals(cli):
    return cli.totals


@pytest.fixture
def application(isolated_db):
    """The application over the test's own database."""
    from scorekeeper.app import Application

    return Application(isolated_db)


@pytest.fixture
def exe() -> Path:
    """The console script; the test is skipped when it is not installed."""
    found = console_script()
    if found is None:
        pytest.skip("the scorekeeper console script is not installed")
    return found


def no_document(stdout: str) -> bool:
    """Whether a failed command printed no document on standard output: nothing at all, or,
    under ``--json``, only the error as data (``{"error": …}``, issue 30: a script never parses a
    sentence)."""
    if stdout == "":
        return True
    try:
        doc = json.loads(stdout)
    except ValueError:
        return False
    return isinstance(doc, dict) and set(doc) == {"error"} and bool(doc["error"])
