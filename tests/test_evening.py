"""What a newcomer's first evening stumbled on: a mistyped variant taken for a player, `check`
that did not know the session's game, a help of three screens, the same scores drawn twice,
the demo's 140 lines, odd metavars, doubled brackets, `version`, `use` and `delete` saying too
little, `sessions` and `explain` wrapping at 80 columns, an uneven chart axis, head to head of
unfinished games, and bash completing file names after `preset=`."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PTY_TIMEOUT, terminal_env

ROOT = Path(__file__).resolve().parents[1]
#: an ordinary 80-column terminal, as rich sees one, without colour
TERMINAL_80 = {"COLUMNS": "80", "LINES": "24", "FORCE_COLOR": "1", "NO_COLOR": "1", "TERM": "xterm-256color"}
#: the README's first hand: Ann 24 + 30 + 10 − 19 = 45, Bob out with nothing (0), Cy 80 − 85 = −5
FIRST_HAND = ("Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85")


def program(*args: str, lang: str = "en", env: dict | None = None, db: Path | None = None) -> subprocess.CompletedProcess:
    """The program in a process of its own (the help texts are made in the language of the line
    when the command line is imported), 80 columns, no colour."""
    run_env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "SCOREKEEPER_LANG")}
    run_env.update(COLUMNS="80", NO_COLOR="1", _TYPER_FORCE_DISABLE_TERMINAL="1", **(env or {}))
    if db is not None:
        run_env["SCOREKEEPER_DB"] = str(db)
    return subprocess.run([sys.executable, "-m", "scorekeeper", "--lang", lang, *args], env=run_env,
                          capture_output=True, text=True, timeout=120)


# -- a variant mistyped, a player's name -----------------------------------------------------------

@pytest.mark.parametrize("word,other", [
    ("rummy50", "rummy500"), ("rummy5000", "rummy500"), ("rumyy500", "rummy500"), ("Gin", "gin"),
    ("Gina", "gin"), ("gni", "gin"), ("jin", "gin"), ("crazi", "crazy"), ("500", "500"),
])
def test_one_edit_finds_a_slip(word, other):
    from scorekeeper.core.near import one_edit

    assert one_edit(word, other) and one_edit(other, word)


@pytest.mark.parametrize("word,other", [("Ann", "gin"), ("rummy5", "rummy500"), ("rmmy50", "rummy500"),
                                        ("Bob", "500"), ("ginny", "gin"), ("igg", "gin")])
def test_one_edit_is_one_edit_only(word, other):
    from scorekeeper.core.near import one_edit

    assert not one_edit(word, other)


def test_a_mistyped_variant_is_refused_not_taken_for_a_player(cli):
    assert cli("config", "set", "variant", "gin").exit_code == 0
    refused = cli("new", "rummy50", "A", "B")
    assert refused.exit_code == 2
    assert refused.stderr == ('"rummy50" is not a variant (did you mean "rummy500"?); if rummy50 is a player, put -- '
                              'before the names (scorekeeper new -- rummy50 A B).\n')
    gina = cli("new", "Gina", "Bob")
    assert gina.exit_code == 2 and 'did you mean "gin"?' in gina.stderr
    assert cli.json("sessions")["sessions"] == []  # nothing was started


def test_dashes_say_the_words_are_names(cli):
    assert cli("config", "set", "variant", "gin").exit_code == 0
    def started(*args: str) -> dict:  # --json before the dashes: after them every word is a name
        done = cli("new", "--json", *args)
        assert done.exit_code == 0, done.stderr
        return json.loads(done.stdout)

    gina = started("--", "Gina", "Bob")
    assert (gina["variant"], gina["players"]) == ("gin", ["Gina", "Bob"])
    # before the dashes a variant may still be named; after them everything is a name
    named = started("rummy500", "--", "rummy50", "Bob")
    assert (named["variant"], named["players"]) == ("rummy500", ["rummy50", "Bob"])
    # a name far from every variant needs no dashes, as before
    assert cli.json("new", "Ann", "Bob")["players"] == ["Ann", "Bob"]


def test_without_a_usual_variant_a_slip_is_the_variants_own_refusal(cli):
    refused = cli("new", "rummy50", "A", "B")
    assert refused.exit_code == 2 and refused.stderr.startswith('"rummy50" is not a variant (did you mean "rummy500"?)')


# -- check in a session ---------------------------------------------------------------------------

def checked(cli, *args: str) -> dict:
    """``check --json``: the document, whether the melds are legal or not (its exit status says which)."""
    done = cli("check", *args, "--json")
    assert done.stdout, done.stderr
    return json.loads(done.stdout)


def test_check_without_a_variant_takes_the_sessions_variant_and_coming_round(cli):
    session = cli.new("crazy", "Ann", "Bob", "Cy")["session"]
    doc = cli.json("check", "9D", "9S", "AC")
    # round 1 of Crazy Rummy: aces are wild, so 9♦ 9♠ and the wild A♣ are a set of three 9s
    assert (doc["variant"], doc["round"], doc["legal"], doc["session"]) == ("crazy", 1, True, session)
    assert doc["melds"][0]["kind"] == "set"
    cli.record("Ann: -", "Bob: -5H", "Cy: -9C")  # round 1 over: round 2, twos wild, comes next
    doc = checked(cli, "9D 9S AC")
    # round 2: the ace is no longer wild, and 9 9 A is no meld
    assert (doc["round"], doc["legal"]) == (2, False)
    shown = cli("check", "9D", "9S", "2C")
    assert shown.exit_code == 0 and shown.stdout.startswith("Crazy Rummy, round 2: twos are wild\n"), shown.stdout


def test_check_without_a_variant_judges_under_the_sessions_rules(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy", "Dee", "Eve")  # five players: two decks, identical cards in a set
    doc = cli.json("check", "7H", "7H", "7S")
    # 7♥ 7♥ 7♠ with two decks and set_duplicates (Rummy 500's default): a set worth 7 + 7 + 7 = 21
    assert (doc["variant"], doc["legal"], doc["value"]) == ("rummy500", True, 21)
    # a --rule given wins over the session's: without duplicates the set is refused
    assert checked(cli, "7H", "7H", "7S", "--rule", "set_duplicates=false")["legal"] is False


def test_check_names_the_session_it_judged_for_and_takes_another_by_session(cli):
    gin = cli.new("gin", "Ann", "Bob")["session"]
    cli.new("rummy500", "Ann", "Bob")
    shown = cli("check", "QS", "KS", "AS")
    assert shown.stdout.splitlines()[0].startswith("rummy500, session "), shown.stdout
    # Q-K-A is a run in Rummy 500 (ace high, 10 + 10 + 15 = 35) and none in Gin Rummy (the ace is low)
    assert cli.json("check", "QS", "KS", "AS")["value"] == 35
    assert checked(cli, "QS", "KS", "AS", "--session", gin)["legal"] is False


def test_check_with_no_variant_and_no_session_says_to_name_one(cli):
    refused = cli("check", "QS", "KS", "AS")
    assert refused.exit_code == 2
    assert refused.stderr == ('"QS" is no variant, and there is no current session to take one from: name the '
                              'variant first (scorekeeper check rummy500 QS KS AS).\n')
    # a word that is no card is still a mistyped variant
    assert 'did you mean "rummy500"' in cli("check", "rumy500", "QS", "KS", "AS").stderr


# -- the program's name alone ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "uk", "ru", "be"])
def test_the_program_alone_prints_a_short_help_that_fits_a_terminal(lang, tmp_path):
    shown = program(lang=lang, db=tmp_path / "db")
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    lines = shown.stdout.splitlines()
    # 24 rows with the shell's prompt after it; no line wider than the terminal
    assert len(lines) <= 23 and all(len(line) <= 80 for line in lines), shown.stdout
    assert "scorekeeper --help" in shown.stdout and "scorekeeper help" in shown.stdout
    for command in ("new", "hand", "standings", "undo", "explain", "demo"):
        assert re.search(rf"^  {command} +\S", shown.stdout, re.M), (command, shown.stdout)


def test_the_short_help_is_on_stdout_with_exit_0_and_help_is_all_of_it(cli):
    alone, whole = cli(), cli("--help")
    assert alone.exit_code == 0 and alone.stderr == ""
    assert len(whole.stdout.splitlines()) > 2 * len(alone.stdout.splitlines())
    assert "Commands to start with:" in alone.stdout and "import" not in alone.stdout


def test_the_short_help_is_shown_whatever_the_configuration_file_holds(cli, tmp_path):
    config = Path(os.environ["SCOREKEEPER_CONFIG"])
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('language = "uk\n', encoding="utf-8")  # not TOML: every command but config stops
    assert cli("standings").exit_code == 2
    alone = cli()
    assert alone.exit_code == 0 and "Commands to start with:" in alone.stdout, alone.stderr


# -- version ----------------------------------------------------------------------------------------

def test_version_typed_as_a_command_points_to_the_option(cli):
    typed = cli("version")
    assert typed.exit_code == 2
    assert 'Error: "version" is not a command: scorekeeper --version (or -V) prints the version.' in typed.stderr
    assert "did you mean" not in typed.stderr
    assert cli("-V").stdout.startswith("scorekeeper ")


# -- export's format ------------------------------------------------------------------------------------

def test_export_takes_its_format_as_an_argument(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy", title="Friday night")
    cli.record(*FIRST_HAND)
    given = cli("export", "md")
    assert given.exit_code == 0, given.stderr
    assert given.stdout == cli("export", "--format", "md").stdout and given.stdout.startswith("# Friday night\n")
    assert cli("export", "csv").stdout.startswith("session,date,title,variant,hand,player,hand_score")
    assert cli("export", "md", "--format", "md").exit_code == 0  # said twice, the same


def test_export_refuses_two_formats_that_disagree(cli):
    cli.new("rummy500", "Ann", "Bob")
    refused = cli("export", "md", "--format", "csv")
    assert refused.exit_code == 2 and refused.stdout == ""
    assert refused.stderr == "Give the format once: md and --format csv say different things.\n"


# -- metavars and brackets in the help --------------------------------------------------------------------

def every_param():
    from typer.main import get_command

    from scorekeeper.cli import app

    sys.path.insert(0, str(Path(__file__).parent))
    from test_help import walk

    for path, command in walk(get_command(app)):
        for param in getattr(command, "params", []):
            if not getattr(param, "hidden", False) and not getattr(param, "is_flag", False):
                yield path, param


def test_every_metavar_is_a_word_the_catalogs_translate():
    from scorekeeper.cli.frame import metavar, metavar_words

    for path, param in every_param():
        word = metavar(param).removesuffix("…")
        assert word in metavar_words(), (path, param.name, word)


@pytest.mark.parametrize("argv,shown", [
    (["export", "--help"], ["[OPTIONS] [FORMAT]", "--format FORMAT"]),
    (["check", "--help"], ["--round N", "--deal N", "-s, --session ID"]),
    (["sessions", "--help"], ["-n, --limit COUNT"]),
    (["delete", "--help"], ["delete [OPTIONS] SESSION\n"]),
    (["help", "--help"], ["help [OPTIONS] [COMMAND…]\n"]),
    (["config", "get", "--help"], ["get [OPTIONS] KEY\n"]),
])
def test_metavars_read_as_words(cli, argv, shown):
    out = cli(*argv).stdout
    for text in shown:
        assert text in out, (text, out)
    for odd in ("FORMAT_", "ROUND_", "LIMIT", "DEAL", "SESSION_ID", "[[", "...…"):
        assert odd not in out, (odd, out)


def test_metavars_are_said_in_the_language_spoken(tmp_path):
    out = program("export", "--help", lang="uk", db=tmp_path / "db").stdout
    assert "[ПАРАМЕТРИ] [ФОРМАТ]" in out and "--format ФОРМАТ" in out
    out = program("new", "--help", lang="uk", db=tmp_path / "db").stdout
    assert "-r, --rule КЛЮЧ=ЗНАЧЕННЯ" in out
    out = program("sessions", "--help", lang="ru", db=tmp_path / "db").stdout
    assert "-n, --limit КОЛИЧЕСТВО" in out


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "be"])
def test_a_variants_name_in_brackets_keeps_its_own_as_square_ones(lang, tmp_path):
    for argv in (["--help"], ["new", "--help"], ["check", "--help"], ["rules", "--help"]):
        out = " ".join(program(*argv, lang=lang, db=tmp_path / "db").stdout.split())
        assert "((" not in out and "))" not in out and ") (" not in out, (argv, out)
        if lang == "en":
            assert "carousel (Manipulation rummy [Carousel])" in out


def test_the_rules_of_a_variant_named_with_brackets_say_its_id_after_a_dash(cli):
    head = cli("rules", "carousel").stdout.splitlines()[0]
    assert head == "Manipulation rummy (Carousel) — carousel, also manipulation"
    assert cli("rules", "rummy500").stdout.splitlines()[0] == "Rummy 500 — rummy500, also 500, 500-rum"
    narrow = cli("rules", env=TERMINAL_80).stdout
    assert "carousel — Manipulation rummy (Carousel), also manipulation" in narrow, narrow


# -- use and delete -------------------------------------------------------------------------------------

def test_use_says_it_looked_for_an_id_or_a_title(cli):
    cli.new("rummy500", "Ann", "Bob", title="Friday night")
    refused = cli("use", "saturday")
    assert refused.exit_code == 2
    assert refused.stderr == ('No session has an id or a title starting with "saturday"; `scorekeeper sessions` '
                              'lists them.\n')
    assert cli("use", "friday").exit_code == 0


def test_delete_asks_naming_the_title_and_the_players(cli):
    titled = cli.new("rummy500", "Ann", "Bob", "Cy", title="Friday night")["session"]
    plain = cli.new("gin", "Ann", "Bob")["session"]
    refused = cli("delete", titled[:4])  # no terminal to ask on: the question is said, and --yes asked for
    assert refused.exit_code == 2
    assert refused.stderr == (f'Delete session {titled} ("Friday night": Ann, Bob and Cy) for good? There is no '
                              'terminal to ask on: add --yes.\n')
    assert cli("delete", plain).stderr.startswith(f"Delete session {plain} (Ann and Bob) for good?")
    assert {s["id"] for s in cli.json("sessions")["sessions"]} == {titled, plain}


def test_delete_asks_on_a_terminal_with_the_title(exe, isolated_db, cli):
    import pexpect

    sid = cli.new("rummy500", "Ann", "Bob", "Cy", title="Friday night")["session"]
    child = pexpect.spawn(str(exe), ["delete", sid], env=terminal_env(isolated_db), encoding="utf-8",
                          timeout=PTY_TIMEOUT)
    child.expect(re.escape(f'Delete session {sid} ("Friday night": Ann, Bob and Cy) for good? [y/N]'))
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


# -- 80 columns ----------------------------------------------------------------------------------------

def test_sessions_keep_a_line_a_session_at_80_columns(cli):
    for title, players in (("Friday night", ("Ann", "Bob", "Cy")), ("Gin at lunch", ("Ann", "Bob")),
                           (None, ("Ann", "Bob", "Cy"))):
        cli.new("rummy500", *players, title=title)
    cli.record("Ann: -", "Bob: -10", "Cy: 20 -5")
    out = cli("sessions", env=TERMINAL_80).stdout
    lines = out.splitlines()
    # the heading, its rule and one line for each of the three sessions, none wider than 80 columns
    assert len(lines) == 5 and all(len(line) <= 80 for line in lines), out
    assert re.search(r"\b\d{4}-\d\d-\d\d\b", lines[2]) and "Friday night" in out and "Ann, Bob, Cy" in out
    # four players fold their names onto a second line; the other sessions keep one
    cli.new("rummy500", "Ann", "Bob", "Cy", "Dee")
    lines = cli("sessions", env=TERMINAL_80).stdout.splitlines()
    assert len(lines) == 7 and [line.strip() for line in lines].count("Dee") == 1, lines


def test_sessions_show_the_time_each_started_where_there_is_room(cli):
    cli.new("rummy500", "Ann", "Bob")
    assert re.search(r"\b\d{4}-\d\d-\d\d \d\d:\d\d\b", cli("sessions", env=TERMINAL_80).stdout)


def test_sessions_still_fold_long_names_between_words(cli):
    names = ("Alexandrina", "Bartholomew", "Christopher", "Dorothea")
    cli.new("rummy500", *names, title="A long title for our Friday night club")
    out = cli("sessions", env=TERMINAL_80).stdout
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert set(names) <= set(re.findall(r"[A-Z][a-z]+", out)) and "Friday" in out


def test_explain_names_a_rule_where_it_starts_to_apply(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*FIRST_HAND)
    out = cli("explain", "--player", "Ann", env=TERMINAL_80).stdout
    rows = {line.split()[0]: line for line in out.splitlines() if re.match(r"^(\d+|[AKQJ])[SHDC] ", line)}
    # 7♥ starts the run and its rule; 8♥ 9♥ and the queens apply the same rule: their rule cell is blank
    assert "Rummy 500" in rows["7H"]
    for card in ("8H", "9H", "QS", "QD", "QC"):
        assert rows[card].rstrip().endswith(("7", "8", "9", "10")), rows[card]  # the reason ends the row
    assert "Melds and lay-offs" in rows["10H"] and "Cards and card" in rows["AS"] and "Rummy 500" in rows["4D"]
    assert all(len(line) <= 80 for line in out.splitlines())
    # the reasons keep their room: each of these rows is one line at 80 columns
    assert rows["8H"].strip().endswith("8H in run 7H 8H 9H: face value, 8")


# -- the chart's axis -------------------------------------------------------------------------------------

def test_the_charts_axis_labels_are_evenly_spaced(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*FIRST_HAND)  # totals 45, 0, -5: an axis from -10 to 50 in steps of 10
    for lines in (24, 30, 40):
        out = cli("chart", env={**TERMINAL_80, "LINES": str(lines)}).stdout
        labelled = [i for i, line in enumerate(out.splitlines()) if "┤" in line]
        gaps = {b - a for a, b in zip(labelled, labelled[1:])}
        assert len(labelled) == 7 and len(gaps) == 1, out


def test_even_rows_puts_every_step_as_many_rows_apart():
    from scorekeeper.cli.render.chart import even_rows

    for rows in range(8, 17):
        for steps in range(1, 12):
            got = even_rows(rows, steps)
            assert (got - 1) % steps == 0 and got >= steps + 1


# -- stats -------------------------------------------------------------------------------------------------

def test_head_to_head_shows_only_finished_games(cli):
    cli.new("rummy500", "Ann", "Bob")
    cli.record("Ann: 20 -0", "Bob: -15")
    out = cli("stats").stdout
    assert "Head to head" not in out, out  # no game is over: nothing to count
    cli.new("rummy500", "Ann", "Cy", rules=["target=50"])
    cli.record("Ann: 60 -0", "Cy: -15")  # Ann 60 reaches 50: the game is over, Ann ahead of Cy
    out = cli("stats").stdout
    table = out.split("Head to head (finished games)", 1)[1]
    assert re.search(r"^Ann +Cy +1 +1 +1 +0 +0$", table, re.M) and re.search(r"^Cy +Ann +1 +1 +0 +1 +0$", table, re.M)
    assert "Bob" not in table, out
    # the numbers are unchanged: --json still has every pair
    ann = next(p for p in cli.json("stats")["variants"][0]["players"] if p["name"] == "Ann")
    assert [(h["opponent"], h["finished"]) for h in ann["head_to_head"]] == [("Bob", 0), ("Cy", 1)]


# -- hand on a terminal ------------------------------------------------------------------------------------

def test_hand_on_a_terminal_shows_one_compact_result(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    out = cli("hand", *FIRST_HAND, env=TERMINAL_80).stdout
    assert out.startswith("Hand 1 saved.\nStandings: rummy500, session "), out
    assert out.count("+45") == 1 and out.count("-5") == 2  # Ann's score once; Cy's total and last hand once each
    assert "Player   Hand   Total" not in out


def test_hand_into_a_pipe_keeps_the_hands_own_table(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    out = cli("hand", *FIRST_HAND).stdout
    assert out.startswith("Hand 1\nPlayer   Hand   Total\n") and "Standings: " in out


def test_a_round_and_a_deal_are_said_saved_by_their_names(cli):
    cli.new("crazy", "Ann", "Bob", "Cy")
    assert cli("hand", "Ann: -", "Bob: -5H", "Cy: -9C", env=TERMINAL_80).stdout.startswith("Round 1 saved.\n")


# -- the demo ----------------------------------------------------------------------------------------------

def test_the_demo_shows_a_line_a_player(cli):
    out = cli("demo").stdout
    # 13 hands of three players: a title and three lines each, a blank line between, and the standings
    assert len(out.splitlines()) <= 80, len(out.splitlines())
    assert out.count("\nHand ") == 13


def test_the_demo_pauses_only_on_a_terminal(cli, monkeypatch):
    from types import SimpleNamespace

    from scorekeeper.app import Application
    from scorekeeper.cli.render import demo

    paused = []
    monkeypatch.setattr(demo.time, "sleep", paused.append)
    assert cli("demo").exit_code == 0 and cli("demo", env=TERMINAL_80).exit_code == 0
    assert paused == []  # a test's output is no terminal, even drawn as one: never a pause
    # a person at a terminal: standard output is one, and so is the console drawing on it
    doc = Application(None).demo()
    at_a_terminal = SimpleNamespace(out=SimpleNamespace(is_terminal=True), print=lambda *a, **k: None)
    monkeypatch.setattr(demo, "sys", SimpleNamespace(stdout=SimpleNamespace(isatty=lambda: True, flush=lambda: None)))
    monkeypatch.setattr(demo, "_hand", lambda t, hand: None)
    monkeypatch.setattr(demo, "standings", lambda t, standings: None)
    demo.demo(at_a_terminal, doc)
    assert paused == [demo.PAUSE] * 13  # once after each of the 13 hands


# -- bash ------------------------------------------------------------------------------------------------------

def test_bash_completes_right_after_the_equals_sign(tmp_path):
    """bash makes the "=" itself the word completed when the cursor is right after it: the
    values are offered, not file names (they were)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from test_completions import called_back, env_for

    for line, cword, wanted in (("scorekeeper new gin Ann Bob --rule preset =", 7, ["modern", "classic", "palace"]),
                                ("scorekeeper new rummy500 Ann Bob --rule tie =", 7, ["play-on", "shared"])):
        done = called_back(env_for(tmp_path / "db", _SCOREKEEPER_COMPLETE="complete_bash",
                                   COMP_WORDS="\n".join(line.split(" ")), COMP_CWORD=str(cword)))
        assert [w for w in done.stdout.split("\n") if w] == wanted, done.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_itself_completes_a_preset(tmp_path, exe):
    import pexpect

    env = {k: v for k, v in os.environ.items() if not k.startswith("COMP")}
    env.update(PATH=f"{exe.parent}:{env['PATH']}", TERM="dumb", SCOREKEEPER_DB=str(tmp_path / "db"), INPUTRC="/dev/null")
    child = pexpect.spawn("bash", ["--norc", "--noprofile"], env=env, encoding="utf-8", timeout=PTY_TIMEOUT,
                          cwd=str(tmp_path))
    child.sendline(f"source {ROOT / 'completions' / 'scorekeeper.bash'}; PS1='ready> '")
    child.expect("ready> ")
    child.send("scorekeeper new gin Ann Bob --rule preset=cl\t")
    child.expect("preset=classic ")
    child.sendcontrol("c")
    child.expect("ready> ")
    child.send("scorekeeper new gin Ann Bob --rule preset=\t\t")
    child.expect(r"classic\s+modern\s+palace")
    child.sendcontrol("c")
    child.sendline("exit")
    child.close()


# -- what the docs say of the terminal's width -------------------------------------------------------------

def test_columns_wins_over_the_terminals_width_and_a_pipe_is_never_wrapped(cli, exe, isolated_db):
    import pexpect

    cli.new("rummy500", "Ann", "Bob", "Cy", title="A title long enough to be wrapped at fifty columns")
    env = {**terminal_env(isolated_db), "COLUMNS": "50", "TERM": "xterm-256color"}  # a dumb terminal is 80 wide
    child = pexpect.spawn(str(exe), ["standings"], env=env, encoding="utf-8", dimensions=(24, 100),
                          timeout=PTY_TIMEOUT)
    child.expect(pexpect.EOF)
    shown = child.before.replace("\r", "")
    assert max(len(line) for line in shown.splitlines()) <= 50, shown
    piped = cli("standings", env={"COLUMNS": "50"}).stdout
    assert "Standings: A title long enough to be wrapped at fifty columns (rummy500, session" in piped


# -- the README ----------------------------------------------------------------------------------------------

def test_the_readmes_first_game_gives_the_two_ways_to_record_a_hand_as_alternatives():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = readme.split("## A first game of your own", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", first, re.S)
    # no block of steps runs the questions and then the same hand again on one line
    assert not any(re.search(r"^scorekeeper hand$", b, re.M) for b in blocks), blocks
    assert "one of two ways" in first and '$ scorekeeper hand "Ann:' in first


def test_json_of_check_in_a_session_is_one_document(cli):
    cli.new("rummy500", "Ann", "Bob")
    out = cli("check", "QS", "KS", "AS", "--json").stdout
    assert json.loads(out)["legal"] is True
