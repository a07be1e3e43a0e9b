"""Shell completion: the scripts in completions/ are current, and TAB completes variant names,
rule options, session ids, player names, languages and export formats through the
environment-variable route the scripts use (the program is called back with
_SCOREKEEPER_COMPLETE=complete_SHELL).

The program is called back in this process (its ``main`` with the environment the script
sets, exactly as a subprocess would get it): a start of the console script per TAB would
cost a third of a second each. The console script itself, and bash sourcing the scripts,
answer TABs in the tests marked so below."""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

import pytest

ROOT = Path(__file__).resolve().parents[1]
from conftest import console_script  # noqa: E402

EXE = console_script()  # on PATH or beside this Python (None: not installed)
pytestmark = pytest.mark.skipif(EXE is None, reason="the scorekeeper console script is not installed")

SCRIPTS = {"bash": "scorekeeper.bash", "zsh": "scorekeeper.zsh", "fish": "scorekeeper.fish",
           "powershell": "scorekeeper.ps1"}


def env_for(db: Path, **more: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("_SCOREKEEPER", "_TYPER_COMPLETE", "COMP_"))}
    env.update(SCOREKEEPER_DB=str(db), PATH=f"{EXE.parent}{os.pathsep}{env.get('PATH', '')}", **more)
    return env


def called_back(env: dict[str, str], script: bool = False) -> subprocess.CompletedProcess:
    """The program called back by a shell's script with environment ``env``: the console
    script in a process of its own when ``script``, else its ``main`` in this process with
    exactly that environment and no arguments (standard output and error captured)."""
    if script:
        return subprocess.run([str(EXE)], env=env, capture_output=True, text=True, timeout=60)
    from scorekeeper.cli import main

    out, err = io.StringIO(), io.StringIO()
    with mock.patch.dict(os.environ, env, clear=True), mock.patch.object(sys, "argv", ["scorekeeper"]), \
            redirect_stdout(out), redirect_stderr(err):
        try:
            main()
            code = 0
        except SystemExit as e:
            code = e.code
    return subprocess.CompletedProcess(["scorekeeper"], code, out.getvalue(), err.getvalue())


def tab(db: Path, line: str, script: bool = False) -> list[str]:
    """What bash offers for ``line`` (a TAB at its end), asked as the bash script asks
    (through the console script when ``script``)."""
    words = line.split(" ")
    done = called_back(env_for(db, _SCOREKEEPER_COMPLETE="complete_bash", COMP_WORDS=line,
                               COMP_CWORD=str(len(words) - 1)), script)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [w for w in done.stdout.split("\n") if w]


def tab_zsh(db: Path, line: str, script: bool = False) -> str:
    done = called_back(env_for(db, _SCOREKEEPER_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS=line), script)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "db"



# -- the scripts ---------------------------------------------------------------------------

def test_completion_scripts_are_current(tmp_path):
    """completions/generate.sh writes what is committed; regenerate after changing commands."""
    done = subprocess.run(["sh", str(ROOT / "completions" / "generate.sh"), str(tmp_path)],
                          env=env_for(tmp_path / "db", SCOREKEEPER_EXE=str(EXE)),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    for shell, name in SCRIPTS.items():
        fresh = (tmp_path / name).read_text(encoding="utf-8")
        kept = (ROOT / "completions" / name).read_text(encoding="utf-8")
        assert fresh == kept, f"completions/{name} is stale: run completions/generate.sh"
        assert "_SCOREKEEPER_COMPLETE=complete_" in fresh or f'"complete_{shell}"' in fresh


def test_zsh_script_starts_with_compdef():
    assert (ROOT / "completions" / "scorekeeper.zsh").read_text().startswith("#compdef scorekeeper\n")


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_the_bash_script_completes_in_bash(db, cli):
    sid = cli.new("rummy500", "Ann", "Bob")["session"]
    script = ROOT / "completions" / "scorekeeper.bash"
    done = subprocess.run(
        ["bash", "--norc", "-c", f'source "{script}"; COMP_WORDS=(scorekeeper use ""); COMP_CWORD=2; '
                                 '_scorekeeper_completion scorekeeper; printf "%s\\n" "${COMPREPLY[@]}"'],
        env=env_for(db), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [sid]


# -- what TAB completes -------------------------------------------------------------------------

def test_command_names(db):
    from scorekeeper.cli import COMMANDS

    names = set(COMMANDS)
    assert set(tab(db, "scorekeeper ", script=True)) == names  # the console script answers
    assert set(tab(db, "scorekeeper sta")) == {n for n in names if n.startswith("sta")} >= {"standings"}


def test_help_completes_command_names_not_files(db):
    """``help`` takes command names (``help db check``): TAB offers them, not the files of the
    folder bash falls back on when the program offers nothing."""
    from scorekeeper.cli import COMMANDS

    assert set(tab(db, "scorekeeper help ")) == set(COMMANDS)
    assert set(tab(db, "scorekeeper help d")) == {n for n in COMMANDS if n.startswith("d")} >= {"db", "delete"}
    assert tab(db, "scorekeeper help db ") == ["path", "check", "restore", "rescore"]  # a group's own commands
    assert tab(db, "scorekeeper help db re") == ["restore", "rescore"]
    assert tab(db, "scorekeeper help hand ") == []  # hand has no commands of its own
    # zsh shows each with its short help
    assert '"standings":"Totals, ranks' in tab_zsh(db, "scorekeeper help sta")


def test_variant_names_and_aliases(db):
    from scorekeeper.core.variants import VARIANTS

    every = {name for v in VARIANTS.values() for name in (v.id, *v.aliases)}
    assert set(tab(db, "scorekeeper new ")) == every
    assert "500" in every and "michigan-rum" in every
    assert set(tab(db, "scorekeeper new m")) == {n for n in every if n.startswith("m")}
    assert set(tab(db, "scorekeeper check ")) == every
    assert set(tab(db, "scorekeeper rules r")) == {n for n in every if n.startswith("r")}


def test_rule_option_keys_follow_the_variant_on_the_line(db):
    from scorekeeper.core.variants import VARIANTS, get_variant

    assert tab(db, "scorekeeper new 500 Ann Bob --rule ") == [f"{o.key}=" for o in get_variant("500").options]
    assert tab(db, "scorekeeper new rummy500 Ann Bob --rule out") == ["out_bonus="]
    if "carousel" in VARIANTS:
        keys = [f"{o.key}=" for o in VARIANTS["carousel"].options]
        assert tab(db, "scorekeeper new carousel Ann Bob -r ") == keys
        assert "knock_limit=" in keys
    every = {f"{o.key}=" for v in VARIANTS.values() for o in v.listed_options + v.options}
    assert set(tab(db, "scorekeeper new --rule ")) == every  # no variant typed yet: every option
    assert "preset=" in every


def test_options_taken_but_not_stored_are_offered_too(db):
    """Gin Rummy's preset is taken by new (the values it sets are stored): offered first, as rules lists it."""
    from scorekeeper.core.variants import get_variant

    gin = get_variant("gin")
    assert [o.key for o in gin.listed_options] == ["preset"]
    keys = tab(db, "scorekeeper new gin Ann Bob --rule ")
    assert keys == [f"{o.key}=" for o in gin.listed_options + gin.options] and keys[0] == "preset="
    assert tab(db, "scorekeeper new gin Ann Bob --rule p") == ["preset="]
    assert tab(db, f"scorekeeper new {gin.aliases[0]} Ann Bob -r pre") == ["preset="]  # by its alias too
    assert tab(db, "scorekeeper check gin 7S 8S 9S --rule p") == ["preset="]
    assert tab(db, "scorekeeper new rummy500 Ann Bob --rule p") == []  # not an option of Rummy 500
    out = tab_zsh(db, "scorekeeper new gin Ann Bob --rule preset=")
    assert all(f'"preset={name}"' in out for name in ("modern", "classic", "palace"))
    out = tab_zsh(db, "scorekeeper new gin Ann Bob --rule preset=c")
    assert '"preset=classic"' in out and "modern" not in out and "palace" not in out


def test_rule_option_values_where_they_are_a_list(db):
    # bash splits words at "=", so values are offered to zsh, fish and PowerShell
    out = tab_zsh(db, "scorekeeper new rummy500 Ann Bob --rule card_values=")
    assert '"card_values=face"' in out and '"card_values=5-10-15"' in out
    out = tab_zsh(db, "scorekeeper new rummy500 Ann Bob --rule target=")
    assert out.strip() == "_files"  # a whole number: nothing to list


def tab_as_bash_splits(db: Path, line: str) -> list[str]:
    """What bash offers for ``line``, asked as the bash script asks after bash has split the
    line into words at "=" (COMP_WORDBREAKS): ``--rule preset=c`` is ``--rule``, ``preset``,
    ``=``, ``c``, and the script hands the words over joined by newlines (an empty last word is
    then lost: COMP_CWORD still counts it)."""
    import re

    words = [w for w in re.split(r" |(=)", line) if w is not None]
    words = [w for i, w in enumerate(words) if w != "" or i == len(words) - 1]
    done = called_back(env_for(db, _SCOREKEEPER_COMPLETE="complete_bash", COMP_WORDS="\n".join(words),
                               COMP_CWORD=str(len(words) - 1)))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [w for w in done.stdout.split("\n") if w]


def test_bash_offers_the_presets_after_preset_and_the_values_after_key(db):
    """bash replaces only what follows the "=": the presets of the variant on the line are
    offered by name (never file names), and after any KEY= the values it takes where they
    are a short list; a whole number lists nothing (bash then offers file names itself)."""
    from scorekeeper.core.variants import get_variant

    gin, contract = get_variant("gin"), get_variant("contract")
    assert tab_as_bash_splits(db, "scorekeeper new gin Ann Bob --rule preset=") == list(gin.presets)
    assert list(gin.presets) == ["modern", "classic", "palace"]
    assert tab_as_bash_splits(db, "scorekeeper new gin Ann Bob --rule preset=c") == ["classic"]
    assert tab_as_bash_splits(db, "scorekeeper new gin Ann Bob -r preset=p") == ["palace"]
    assert tab_as_bash_splits(db, "scorekeeper new gin Ann Bob --rule=preset=m") == ["modern"]
    assert tab_as_bash_splits(db, "scorekeeper new contract Ann Bob -r preset=") == list(contract.presets)
    assert tab_as_bash_splits(db, "scorekeeper check gin 7S 8S 9S --rule preset=cl") == ["classic"]
    assert tab_as_bash_splits(db, "scorekeeper new rummy500 Ann Bob --rule card_values=") == ["face", "5-10-15"]
    assert tab_as_bash_splits(db, "scorekeeper new rummy500 Ann Bob --rule target=") == []
    assert tab_as_bash_splits(db, "scorekeeper new rummy500 Ann Bob --rule preset=") == []  # no such option there


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_the_bash_script_offers_presets_in_bash(db):
    """The same through bash itself: the script sourced, the words as bash splits them."""
    script = ROOT / "completions" / "scorekeeper.bash"
    done = subprocess.run(
        ["bash", "--norc", "-c", f'source "{script}"; COMP_WORDS=(scorekeeper new gin Ann Bob --rule preset = ""); '
                                 'COMP_CWORD=8; _scorekeeper_completion scorekeeper; printf "%s\\n" "${COMPREPLY[@]}"'],
        env=env_for(db), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["modern", "classic", "palace"]


def test_session_ids(db, cli):
    first = cli.new("rummy500", "Ann", "Bob", title="[bold]Friday")["session"]
    second = cli.new("rummy500", "Cy", "Dee")["session"]
    assert tab(db, "scorekeeper use ") == [second, first]  # the current session first
    assert cli("use", first).exit_code == 0
    assert tab(db, "scorekeeper use ") == [first, second]
    assert tab(db, f"scorekeeper delete {first[:3]}") == [i for i in (first, second) if i.startswith(first[:3])]
    assert set(tab(db, "scorekeeper standings --session ")) == {first, second}
    assert set(tab(db, "scorekeeper history -s ")) == {first, second}
    described = tab_zsh(db, "scorekeeper use ", script=True)  # the console script answers zsh
    assert "Ann, Bob — [bold]Friday" in described and "(current)" in described  # the title as typed


def test_db_restore_session_ids(db, cli):
    first = cli.new("rummy500", "Ann", "Bob")["session"]
    second = cli.new("rummy500", "Cy", "Dee")["session"]
    assert tab(db, "scorekeeper db restore --session ") == [second, first]  # the current session first
    assert tab(db, f"scorekeeper db restore -s {first[:4]}") == [i for i in (first, second) if i.startswith(first[:4])]


def test_languages(db):
    from scorekeeper.locale import LANGUAGES

    assert tab(db, "scorekeeper --lang ") == list(LANGUAGES) == ["en", "uk", "ru", "be"]
    assert tab(db, "scorekeeper --lang r") == ["ru"]
    assert tab(db, "scorekeeper --db x --lang b") == ["be"]


def test_export_formats(db):
    from scorekeeper.app.exporting import FORMATS

    assert tab(db, "scorekeeper export --format ") == list(FORMATS) == ["json", "csv", "md"]
    assert tab(db, "scorekeeper export --all --format c") == ["csv"]
    assert tab(db, "scorekeeper export -o x --format m") == ["md"]


def test_export_formats_of_a_season(db):
    # a season's standings are written as md, csv or html: the formats offered once --season is on the line
    assert tab(db, "scorekeeper export --season spring --format ") == ["md", "csv", "html"]
    assert tab(db, "scorekeeper export --season spring h") == ["html"]
    assert tab(db, "scorekeeper export h") == []


def test_the_clubs_people_and_seasons(db, cli):
    cli.new("rummy500", "Ann", "Bob", rules=("target=100",))
    cli.record("Ann: 100 -0", "Bob: 5 -5")
    cli.new("rummy500", "ann", "Cy")
    cli("season", "new", "spring", "--title", "Spring cup")
    cli("season", "new", "summer")
    # every person, as the roster names them now
    assert tab(db, "scorekeeper players show ") == ["Ann", "ann", "Bob", "Cy"]
    assert tab(db, "scorekeeper players merge a") == ["ann"]
    cli("players", "rename", "Cy", "Cyril")
    assert tab(db, "scorekeeper players rename C") == ["Cyril"]
    assert tab(db, "scorekeeper evening new Friday --players Ann B") == ["Bob"]
    # the seasons, wherever a season is named
    for line in ("scorekeeper season standings ", "scorekeeper season add ", "scorekeeper ratings --season ",
                 "scorekeeper export --season ", "scorekeeper evening standings --season "):
        assert tab(db, line) == ["spring", "summer"], line
    assert tab(db, "scorekeeper season remove su") == ["summer"]
    assert tab(db, "scorekeeper ratings --variant gi") == ["gin", "gin-rummy"]  # (and its alias)


@pytest.mark.parametrize("line", ["scorekeeper --lang ", "scorekeeper export --format "])
def test_languages_and_formats_load_nothing_heavy(db, line):
    """Neither needs a variant, the application or the database (see test_help for the TABs in general)."""
    code = ("import sys\nsys.argv = ['scorekeeper']\nfrom scorekeeper.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env=env_for(db, _SCOREKEEPER_COMPLETE="complete_bash", COMP_WORDS=line,
                                      COMP_CWORD=str(len(line.split(" ")) - 1)))
    assert done.stdout.split(), done.stderr  # something was offered
    loaded = done.stderr.rsplit("MODULES ", 1)[-1].split()
    heavy = ("pydantic", "rich", "tinydb", "filelock", "scorekeeper.app", "scorekeeper.storage",
             "scorekeeper.core.variants", "scorekeeper.core.game")
    assert [m for m in loaded if m.startswith(heavy)] == []


def test_player_names(db, cli):
    first = cli.new("rummy500", "Ann", "Bob")["session"]
    cli.new("rummy500", "Cy", "Dee", "Ann")["session"]
    # the players typed on the new line, whatever comes between
    assert tab(db, "scorekeeper new rummy500 Eve --title x -r target=300 Fay --dealer ") == ["Eve", "Fay"]
    # the current session's players, or those of the session --session names
    assert tab(db, "scorekeeper explain --player ") == ["Cy", "Dee", "Ann"]
    assert tab(db, f"scorekeeper explain --session {first} --player ") == ["Ann", "Bob"]
    assert tab(db, "scorekeeper explain --player D") == ["Dee"]
    # stats: every player of the database, most sessions first
    assert tab(db, "scorekeeper stats --player ") == ["Ann", "Bob", "Cy", "Dee"]


def test_the_database_on_the_line_is_used(db, cli, tmp_path):
    other = tmp_path / "other"
    result = cli("--db", str(other), "new", "rummy500", "Ann", "Bob", "--json")
    assert result.exit_code == 0
    assert tab(db, "scorekeeper use ") == []
    assert len(tab(db, f"scorekeeper --db {other} use ")) == 1
    assert len(tab(db, f"scorekeeper use --db {other} ")) == 1


def test_no_database_or_a_damaged_one_completes_nothing_quietly(db, tmp_path):
    assert tab(db, "scorekeeper use ") == []
    assert not db.exists()  # completing creates nothing
    db.mkdir()
    (db / "index.json").write_text("{not json", encoding="utf-8")
    assert tab(db, "scorekeeper use ", script=True) == []  # the console script too: nothing on stderr
    assert tab(db, "scorekeeper explain --player ") == []


def test_tab_offers_the_help_option_a_run_has_and_leaves_the_command_as_a_run_draws_it(cli, monkeypatch):
    """TAB made its contexts without the commands' settings: it offered --help but not -h, and a
    command it built — kept for the rest of the process, with the help option click made for
    the first context that asked — then drew its help without -h (docs/cli.md's check failed
    after a TAB test in the same test process)."""
    import scorekeeper.cli as command_line
    from typer.main import get_command

    from scorekeeper.cli import app, complete

    monkeypatch.setattr(command_line, "_built", {})  # nothing built yet: TAB asks first
    offered = [value for value, _ in complete.choices(get_command(app), ["players", "rename"], "-")]
    assert "-h" in offered and "--help" in offered
    assert "-h, --help" in cli("players", "rename", "--help").stdout
