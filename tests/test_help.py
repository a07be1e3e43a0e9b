"""Every command — walked from the app, so commands added later are checked too — has
`--help` with a one-line summary and a real example; and `--help` and TAB completion start
without importing what only the commands need."""
from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from scorekeeper.cli import app

HELP_ENV = {"_TYPER_FORCE_DISABLE_TERMINAL": "1", "COLUMNS": "100", "FORCE_COLOR": "", "NO_COLOR": "1"}


def walk(command, path=()):
    """``(path, click command)`` for the root, every group and every command under it."""
    yield path, command
    if hasattr(command, "list_commands"):  # a group: the root lists every command without building any
        import typer

        ctx = typer.Context(command, info_name=command.name)
        for name in sorted(command.list_commands(ctx)):
            yield from walk(command.get_command(ctx, name), path + (name,))


from scorekeeper.cli.options import with_variants  # noqa: E402

ROOT = get_command(app)
COMMANDS = list(walk(ROOT))


def option_names(command) -> set[str]:
    return {o for p in command.params if getattr(p, "param_type_name", "") == "option"
            for o in (*p.opts, *p.secondary_opts)}


def example_parts(help_text: str) -> list[list[str]]:
    """The examples of a help text, each as the lines it is written on: after "Example:" on
    the same line, or the lines starting with "scorekeeper" that follow "Examples:"; a line
    ending in a backslash goes on on the next line, as in a shell."""
    found, block = [], False
    for line in help_text.replace("\b", "").splitlines():
        text = line.strip()
        if found and found[-1][-1].endswith("\\"):
            found[-1].append(text)
            continue
        if text.startswith(("Example:", "Examples:")):
            block = True
            rest = text.split(":", 1)[1].strip()
            if rest:
                found.append([rest])
            continue
        if block and text.startswith("scorekeeper "):
            found.append([text])
        elif block and text and not text.startswith("scorekeeper"):
            block = False
    return found


def examples(help_text: str) -> list[str]:
    """The example command lines of a help text, a line continued with a backslash joined."""
    return [" ".join(part.removesuffix("\\").strip() for part in parts) for parts in example_parts(help_text)]


@pytest.mark.parametrize("path,command", COMMANDS, ids=[" ".join(p) or "scorekeeper" for p, _ in COMMANDS])
def test_help_has_a_one_line_summary_and_a_real_example(path, command):
    result = CliRunner().invoke(app, [*path, "--help"], env=HELP_ENV)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Usage: scorekeeper"), out
    assert "\x1b[" not in out  # no colour codes when colour is off

    doc = with_variants((command.help or "").strip(), "and")  # the variants listed, as the help shows them
    summary = doc.split("\n\n", 1)[0]
    assert summary, f"{' '.join(path)}: no help text"
    assert "\n" not in summary, f"{' '.join(path)}: the summary is more than one line: {summary!r}"
    assert summary.endswith((".", ")")), summary
    assert " ".join(summary.split()) in " ".join(out.split())

    lines = examples(doc)
    assert lines, f"scorekeeper {' '.join(path)} --help shows no Example: line"
    shown = {line.strip() for line in out.splitlines()}
    for parts in example_parts(doc):  # each example on lines of its own, as written (not re-wrapped)
        for line in parts:
            assert line in shown or f"Example: {line}" in shown, f"{line!r} is not shown as written:\n{out}"
    known = option_names(command) | option_names(ROOT)
    for line in lines:
        words = shlex.split(line)
        assert words[0] == "scorekeeper", line
        # the command's own words come first (root options such as --db may come before them)
        rest = [w for w in words[1:] if not w.startswith("-")]
        assert rest[:len(path)] == list(path), f"the example {line!r} is not for scorekeeper {' '.join(path)}"
        for w in words[1:]:
            if w.startswith("-") and len(w) > 1 and not w[1:].isdigit():
                assert w.split("=", 1)[0] in known, f"{line!r}: {w} is not an option of this command"


def test_command_list_shows_each_summary():
    result = CliRunner().invoke(app, ["--help"], env=HELP_ENV)
    for path, command in COMMANDS:
        if len(path) == 1:
            assert f"  {path[0]} " in result.stdout


def test_help_markup_is_not_interpreted():
    """Help is plain text: square brackets in help would be eaten by rich markup."""
    assert app.rich_markup_mode is None


def _imports_after(argv: list[str], env: dict) -> set[str]:
    """The modules loaded once the program has answered ``argv`` (a fresh interpreter)."""
    code = (
        "import sys\n"
        f"sys.argv = {argv!r}\n"
        "from scorekeeper.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)) + '\\n')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, **env}, capture_output=True, text=True,
                          timeout=60)
    line = done.stderr.rsplit("MODULES ", 1)[-1]
    return set(line.split())


HEAVY = ("tinydb", "rich", "filelock", "platformdirs", "scorekeeper.storage.store", "scorekeeper.app.sessions",
         "scorekeeper.app.report", "scorekeeper.core.variants", "scorekeeper.core.game", "scorekeeper.cli.render")


@pytest.mark.parametrize("argv,env,pydantic", [
    (["scorekeeper", "--help"], {}, False),
    # typer converts the root options' values (through pydantic) before a command's --help
    (["scorekeeper", "hand", "--help"], {}, True),
    # answering a TAB converts nothing (complete.answer reads the words as text)
    (["scorekeeper"], {"_SCOREKEEPER_COMPLETE": "complete_bash", "COMP_WORDS": "scorekeeper sta", "COMP_CWORD": "1"},
     False),
    (["scorekeeper"], {"_SCOREKEEPER_COMPLETE": "complete_bash", "COMP_WORDS": "scorekeeper hand --",
                       "COMP_CWORD": "2"}, False),
    (["scorekeeper"], {"_SCOREKEEPER_COMPLETE": "complete_bash", "COMP_WORDS": "scorekeeper edit 2 --session ",
                       "COMP_CWORD": "4"}, False),
    (["scorekeeper"], {"_SCOREKEEPER_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "scorekeeper st"}, False),
    (["scorekeeper"], {"_SCOREKEEPER_COMPLETE": "complete_fish", "_TYPER_COMPLETE_FISH_ACTION": "get-args",
                       "_TYPER_COMPLETE_ARGS": "scorekeeper st"}, False),
], ids=["--help", "hand --help", "TAB command", "TAB option", "TAB session id", "TAB zsh", "TAB fish"])
def test_help_and_tab_load_nothing_heavy(argv, env, pydantic):
    if "--help" in argv:  # the first help after the variants change loads them for their names (then kept)
        _imports_after(argv, {**HELP_ENV, **env})
    loaded = _imports_after(argv, {**HELP_ENV, **env})
    assert "scorekeeper.cli" in loaded
    heavy = HEAVY if pydantic else HEAVY + ("pydantic",)
    if "--help" in argv:  # where the variants' names are kept: the user's cache directory
        heavy = tuple(h for h in heavy if h != "platformdirs")
    if "--session" in env.get("COMP_WORDS", ""):  # reading the session ids needs the store, and only that
        heavy = tuple(h for h in heavy if h not in ("tinydb", "scorekeeper.storage.store"))
    found = sorted(m for m in loaded if m.startswith(heavy))
    assert found == [], f"loaded for {argv} {env}: {found}"


def test_the_command_line_goes_through_the_application():
    """No CLI module reads the database itself, and drawing imports no terminal, application or storage."""
    cli_dir = Path(__file__).resolve().parents[1] / "scorekeeper" / "cli"
    for path in cli_dir.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "scorekeeper.storage" not in text, path
        assert "handle_errors" not in text, path  # one error boundary, not a decorator per command
        if path.parent.name == "render":
            for other in ("scorekeeper.app", "scorekeeper.cli.terminal", "scorekeeper.cli.boundary", "typer"):
                assert f"import {other}" not in text and f"from {other}" not in text, (path, other)


def _command_modules_after(argv: list[str], db) -> set[str]:
    """The command modules (``scorekeeper/cli/commands/NAME.py``) a run of ``argv`` imports."""
    code = ("import sys\nsys.argv = ['scorekeeper', *sys.argv[1:]]\nfrom scorekeeper.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('MODULES ' + ' '.join(sorted(m.rsplit('.', 1)[1] for m in sys.modules\n"
            "    if m.startswith('scorekeeper.cli.commands.'))) + '\\n')\n")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **HELP_ENV, "SCOREKEEPER_DB": str(db)})
    line = [x for x in done.stderr.splitlines() if x.startswith("MODULES")][-1]
    return set(line.split()[1:])


@pytest.mark.parametrize("argv,modules", [
    (["standings"], {"game"}),
    (["--db", "standings", "history"], {"game"}),  # a directory called standings is not the command
    (["--lang", "uk", "db", "path"], {"db"}),
    (["db", "path", "--debug"], {"db"}),
    (["sessions"], {"sessions", "game"}),  # sessions' delete asks as game's undo does (game.confirm)
    (["standings", "--help"], {"game"}),
    (["stadings"], set()),  # not a command: it is named, with the commands close to it, building none
])
def test_a_run_imports_only_the_module_of_the_command_it_runs(argv, modules, isolated_db):
    assert _command_modules_after(argv, isolated_db) == modules


@pytest.mark.parametrize("argv", [["--help"], ["help"]])
def test_the_help_of_the_program_builds_every_command(argv, isolated_db):
    from scorekeeper.cli import COMMANDS

    assert _command_modules_after(argv, isolated_db) == set(COMMANDS.values())


def test_the_program_alone_builds_only_the_commands_its_short_help_names(isolated_db):
    from scorekeeper.cli import COMMANDS, FIRST_COMMANDS

    assert _command_modules_after([], isolated_db) == {COMMANDS[name] for name in FIRST_COMMANDS}


def test_the_table_of_commands_is_what_the_modules_declare():
    """:data:`scorekeeper.cli.COMMANDS` names each command's module: every command a module
    declares is in it, under that module, and nothing else is."""
    import importlib

    from scorekeeper.cli import COMMANDS, Declared

    for module in set(COMMANDS.values()):
        found = Declared()
        importlib.import_module(f"scorekeeper.cli.commands.{module}").register(found)
        assert set(found.found) == {name for name, m in COMMANDS.items() if m == module}, module


def test_only_the_invoked_command_is_built_and_all_come_back():
    import typer

    root = get_command(app)
    ctx = typer.Context(root, info_name="scorekeeper")
    assert root.get_command(ctx, "standings").name == "standings"
    assert root.get_command(ctx, "nonsense") is None
    assert root.list_commands(ctx)[:3] == ["new", "hand", "edit"]  # as --help lists them
    db = root.get_command(ctx, "db")
    assert {"check", "path", "restore"} <= set(db.list_commands(ctx))


def test_python_m_scorekeeper_is_called_scorekeeper(tmp_path):
    """Under ``python -m`` the program still calls itself scorekeeper: in its usage line, and
    in the variable a TAB is answered through."""
    env = {**os.environ, "SCOREKEEPER_DB": str(tmp_path / "db")}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "stadings"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "Usage: scorekeeper " in done.stderr, done.stderr
    tab = subprocess.run([sys.executable, "-m", "scorekeeper"], capture_output=True, text=True, timeout=60,
                         env={**env, "_SCOREKEEPER_COMPLETE": "complete_bash", "COMP_WORDS": "scorekeeper sta",
                              "COMP_CWORD": "1"})
    assert "standings" in tab.stdout.split() and "stats" in tab.stdout.split(), (tab.stdout, tab.stderr)


def test_the_console_script_runs_a_command_with_the_collector_off():
    code = ("import gc, sys\nsys.argv = ['scorekeeper', 'db', 'path']\nimport scorekeeper.cli\n"
            "real = scorekeeper.cli.main\n"
            "scorekeeper.cli.main = lambda: print('collector on' if gc.isenabled() else 'collector off') or real()\n"
            "from scorekeeper.__main__ import run\ntry:\n    run()\nexcept SystemExit:\n    pass\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[0] == "collector off", done.stderr


@pytest.mark.parametrize("group", [["db"], ["config"]])
def test_typing_a_group_with_nothing_after_it_is_its_help_and_no_error(cli, group):
    """``scorekeeper db``, ``scorekeeper config``: the help on stdout, exit 0, the same as
    ``--help`` (``scorekeeper`` alone is a short help: tests/test_evening.py)."""
    typed = cli(*group)
    asked = cli(*group, "--help")
    assert typed.exit_code == 0, typed.stderr
    assert typed.stdout == asked.stdout and "Usage: scorekeeper" in typed.stdout
    assert typed.stderr == ""


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "be"])
def test_every_help_fits_80_columns_in_every_language(lang):
    """At 80 columns no line of any command's --help is wider than the terminal, in any
    language: examples too long for one line go on with a backslash, as a shell reads them."""
    wide = []
    for path, _command in COMMANDS:
        result = CliRunner().invoke(app, ["--lang", lang, *path, "--help"], env={**HELP_ENV, "COLUMNS": "80"})
        assert result.exit_code == 0, result.output
        wide += [f"scorekeeper {' '.join(path)} --help: {line}" for line in result.stdout.splitlines()
                 if len(line) > 80]
    assert not wide, "\n".join(wide)


@pytest.mark.parametrize("group", ["db", "config"])
def test_a_group_built_in_another_language_leaves_its_declarations_as_declared(group, cli):
    """A group built for ``--lang uk`` has its commands' help and summary in Ukrainian on its
    own copies of the group's declarations: the module's stay as declared, so a later build in
    English (in the same process, as tests and ``serve`` run) speaks English."""
    import importlib

    from scorekeeper.cli import language, one_command

    declared = importlib.import_module(f"scorekeeper.cli.commands.{group}")
    shared = getattr(declared, f"{group}_app")

    def declarations():
        return [(i.name, i.help, i.short_help, i.cls) for i in shared.registered_commands] + [shared.info.cls]

    before = declarations()
    with language.speaking("uk"):
        built = one_command(group)
    commands = built.registered_groups[0].typer_instance.registered_commands
    assert all(i.help and i.short_help for i in commands)  # the copies took the Ukrainian help
    assert not any("Read every file" in i.help or "Print the" in i.help for i in commands), [i.help for i in commands]
    assert declarations() == before
    english = cli(group, "--help")
    assert english.exit_code == 0 and "Commands" in english.stdout and "Команди" not in english.stdout
