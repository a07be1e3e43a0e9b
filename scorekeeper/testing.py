"""Testing a variant through the real command line: the pytest fixture ``scorekeeper_cli``
(SPEC §8), for the authors of variants and for scorekeeper's own tests.

::

    def test_a_hand(scorekeeper_cli):
        scorekeeper_cli("new", "knock", "Ann", "Bob")
        scorekeeper_cli("hand", "Ann: -3C AD knock", "Bob: -KS 7H 2C")  # Ann 4, Bob 19: Ann 19 − 4
        standings = scorekeeper_cli.json("standings")
        assert [p["total"] for p in standings["players"]] == [15, 0]

Each command runs in the test's process, through typer's ``CliRunner`` over scorekeeper's own
command line (the ``app`` the ``scorekeeper`` console script runs), so it sees every variant
installed, yours too once ``pip install -e .`` has declared its entry point. Every test gets a
throw-away world of its own, under pytest's ``tmp_path``: its database (``SCOREKEEPER_DB``), its
configuration file (``SCOREKEEPER_CONFIG``, none yet), its home and its data, configuration and
cache folders; none of the user's is ever read or written. The commands speak English (unless a
command says ``--lang``), without colour, on a terminal ``COLUMNS`` (120) wide; no ``SCOREKEEPER_*``
setting of the machine reaches them.

A project's tests get the fixture by naming this module as a pytest plugin, in the
``conftest.py`` at the root of its tests::

    pytest_plugins = ["scorekeeper.testing"]

(It is not declared in the group ``pytest11``, where every pytest run beside an installed
scorekeeper would load it: pytest then rewrites the asserts of every module of the package
that declares such a plugin, scorekeeper whole, in every project's tests.) Loading it costs
nothing: the command line is imported by the first test that asks for the fixture.
"""
from __future__ import annotations

import json as _json
from pathlib import Path
from typing import Any, Mapping

import pytest

#: how wide the commands' terminal is, in columns
COLUMNS = 120

#: the settings of the machine that never reach the commands: the program's own, the language,
#: and what would force colour into the output
CLEARED = ("SCOREKEEPER_LANG", "SCOREKEEPER_VARIANT", "SCOREKEEPER_PLAYERS", "SCOREKEEPER_RULES",
           "SCOREKEEPER_DEBUG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "FORCE_COLOR", "PY_COLORS",
           "GITHUB_ACTIONS", "TERMINAL_WIDTH")


class Result:
    """What one command did: ``exit_code`` (0 done, 1 a file or database trouble, 2 bad input,
    130 interrupted), ``stdout`` and ``stderr`` as text, and ``args``, the words it was run with."""

    def __init__(self, args: list[str], exit_code: int, stdout: str, stderr: str) -> None:
        self.args, self.exit_code, self.stdout, self.stderr = args, exit_code, stdout, stderr

    def __repr__(self) -> str:
        return f"<Result scorekeeper {' '.join(self.args)}: exit {self.exit_code}>"


class ScorekeeperCLI:
    """The ``scorekeeper`` command line, run in the test's throw-away world (see the module's
    notes). ``db`` is the database folder, ``home`` the home folder the commands see."""

    def __init__(self, root: Path) -> None:
        from typer.testing import CliRunner

        from scorekeeper.cli import app

        self.root = root
        self.db = root / "db"
        self.home = root / "home"
        self._runner, self._app = CliRunner(), app

    def __call__(self, *args: Any, input: str | Mapping | list | None = None, code: int | None = 0) -> Result:
        """Run ``scorekeeper ARGS…`` (each argument made text: ``scorekeeper_cli("explain", 2)``).
        ``input`` is its standard input: text, or a hand file as a mapping, sent as JSON
        (``scorekeeper_cli("hand", "--file", "-", input={"players": …})``). ``code``: the exit
        status it must end with (0 unless said; None takes any), else an ``AssertionError``
        showing what it printed. Returns its :class:`Result`. An exception that is not the
        program's own error (a bug: in your variant's scoring, say) is raised into the test
        with its traceback, as ``--debug`` would show it."""
        words = [str(a) for a in args]
        if input is not None and not isinstance(input, str):
            input = _json.dumps(input, ensure_ascii=False)
        done = self._runner.invoke(self._app, words, input=input, catch_exceptions=False, prog_name="scorekeeper")
        result = Result(words, done.exit_code, done.stdout, done.stderr)
        if code is not None and result.exit_code != code:
            raise AssertionError(f"scorekeeper {' '.join(words)} ended with exit status {result.exit_code}, "
                                 f"not {code}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}")
        return result

    def json(self, *args: Any, input: str | Mapping | list | None = None) -> Any:
        """The ``--json`` document of ``scorekeeper ARGS… --json``, a command that must succeed."""
        return _json.loads(self(*args, "--json", input=input).stdout)


@pytest.fixture
def scorekeeper_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The real ``scorekeeper`` command line over a throw-away database:
    ``scorekeeper_cli("new", "knock", "Ann", "Bob")`` runs a command (it must succeed unless
    ``code=`` says otherwise) and gives its :class:`Result`; ``scorekeeper_cli.json("standings")``
    its ``--json`` document. See :mod:`scorekeeper.testing`."""
    root = tmp_path / "scorekeeper"
    for var in CLEARED:
        monkeypatch.delenv(var, raising=False)
    places = {"SCOREKEEPER_DB": root / "db", "SCOREKEEPER_CONFIG": root / "config" / "config.toml",
              "HOME": root / "home", "XDG_DATA_HOME": root / "data", "XDG_CONFIG_HOME": root / "config",
              "XDG_CACHE_HOME": root / "cache", "APPDATA": root / "data", "LOCALAPPDATA": root / "cache",
              "USERPROFILE": root / "home"}
    for var, where in places.items():
        monkeypatch.setenv(var, str(where))
    (root / "home").mkdir(parents=True)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", str(COLUMNS))
    monkeypatch.setenv("_TYPER_FORCE_DISABLE_TERMINAL", "1")
    yield ScorekeeperCLI(root)
    from scorekeeper.core import messages

    messages.use(None)  # a command run with --lang leaves its language spoken: the next test starts in English


class PluginSite:
    """A folder put first on ``sys.path`` where packages are laid out as pip installs them (a module
    and its ``NAME-VERSION.dist-info`` with ``METADATA`` and ``entry_points.txt``), for a test of
    what a variant's package going in, changing version or going away does while the process runs
    (a session scored by 0.1 and read under 0.2). Installing or uninstalling one makes the registry
    forget every variant from elsewhere, as a new process would
    (:func:`scorekeeper.core.variants.forget_installed`). :meth:`close` takes the folder away."""

    def __init__(self, folder: Path) -> None:
        import sys

        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        sys.path.insert(0, str(folder))
        self.modules: set[str] = set()

    def install(self, name: str, version: str, module: str, source: str, entries: Mapping[str, str]) -> None:
        """Install package ``name`` at ``version``: its one module ``module`` holding ``source``,
        declaring ``entries`` (``{variant id: "module:OBJECT"}``) in the group of variants. An
        earlier version of it goes first."""
        self.uninstall(name, module)
        (self.folder / f"{module}.py").write_text(source, encoding="utf-8")
        info = self.folder / f"{name.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                                       encoding="utf-8")
        lines = "".join(f"{entry} = {target}\n" for entry, target in entries.items())
        (info / "entry_points.txt").write_text(f"[scorekeeper.variants]\n{lines}", encoding="utf-8")
        self.modules.add(module)
        self._forget(module)

    def uninstall(self, name: str, module: str) -> None:
        """Remove package ``name`` and its module ``module`` (nothing when it is not there)."""
        import shutil

        for info in self.folder.glob(f"{name.replace('-', '_')}-*.dist-info"):
            shutil.rmtree(info)
        # the bytecode of the old version goes too: a new source of the same size within the same
        # second would otherwise be taken for it
        shutil.rmtree(self.folder / "__pycache__", ignore_errors=True)
        (self.folder / f"{module}.py").unlink(missing_ok=True)
        self._forget(module)

    def close(self) -> None:
        """Take the folder off ``sys.path`` and away; the registry forgets what it installed."""
        import shutil
        import sys

        if str(self.folder) in sys.path:
            sys.path.remove(str(self.folder))
        shutil.rmtree(self.folder, ignore_errors=True)
        self._forget(*self.modules)

    @staticmethod
    def _forget(*modules: str) -> None:
        from scorekeeper.core.variants import forget_installed

        forget_installed(*modules)
