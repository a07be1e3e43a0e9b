"""Output people read: the standings table, the dealer/leader line, the winner banner, suits
in colour; and what must never happen to it — colour codes where colour is off, names cut or
wrapped when piped, user text read as markup."""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import PTY_TIMEOUT, console_script  # noqa: E402

EXE = console_script()  # on PATH or beside this Python (None: not installed)
LONG = "Bartholomew Fitzgerald-Wolfenstein III"  # 38 characters: a name is at most 40
ESC = "\x1b["


def run(db: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """The console script with its output piped, in a chosen environment."""
    if EXE is None:
        pytest.skip("the scorekeeper console script is not installed")
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS")}
    base.update(SCOREKEEPER_DB=str(db), **env)
    done = subprocess.run([str(EXE), *args], env=base, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done


def shown(cli, db: Path, *args: str, **env: str) -> str:
    """What ``run`` shows, without a process: the command in-process (CliRunner) in the
    same chosen environment (rich reads it when the run's console is made)."""
    unset = {k: None for k in ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS")}
    result = cli(*args, env={**unset, "SCOREKEEPER_DB": str(db), **env})
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.fixture
def game(cli, isolated_db) -> Path:
    """Rummy 500, Ann / [red]Bob / a long name, to 100, after one hand:
    Ann 7♥ 8♥ 9♥ (24) − A♠ 4♦ (19) = 5; [red]Bob went out, 0; LONG 30 on paper − 5 = 25."""
    assert cli("new", "rummy500", "Ann", "[red]Bob", LONG, "--rule", "target=100",
               "--title", ":joker: night [bold]x").exit_code == 0
    result = cli("hand", "Ann: 7H 8H 9H -AS 4D", "[red]Bob: -", f"{LONG}: 30 -5")
    assert result.exit_code == 0, result.stderr
    return isolated_db


def rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]


# -- the standings ---------------------------------------------------------------------------

@pytest.mark.parametrize("variant, players, heading", [
    ("rummy500", ("Ann", "Bob"), "Went out"),       # a hand is won by going out (I-7)
    ("crazy", ("Ann", "Bob", "Cy"), "Went out"),
    ("carousel", ("Ann", "Bob"), "Rounds won"),     # the round's winners
    ("gin", ("Ann", "Bob"), "Hands won"),           # the hand's winner: a box
])
def test_the_standings_name_the_column_of_hands_won_for_what_it_counts(cli, variant, players, heading):
    cli.new(variant, *players)
    header = cli("standings").stdout.splitlines()[1]
    assert heading in header and " Won " not in header + " "


def test_standings_table(cli, game):
    out = cli("standings").stdout
    lines = out.splitlines()
    assert lines[0] == "Standings: :joker: night [bold]x (rummy500, session %s)" % json.loads(
        cli("standings", "--json").stdout)["session"]
    assert lines[1].split() == ["#", "Player", "Total", "Last", "Went", "out", "To", "target"]
    # rank, player, total, last hand, hands gone out, progress toward 100
    assert re.search(rf"^1\s+{re.escape(LONG)}\s+25\s+\+25\s+0\s+██········\s+25%$", out, re.M)
    # ten blocks for the target: 25 of 100 is 2.5 blocks, drawn 2; 5 of 100 is half a block, drawn 0
    assert re.search(r"^2\s+Ann\s+5\s+\+5\s+0\s+··········\s+5%$", out, re.M)
    assert re.search(r"^3\s+\[red\]Bob\s+0\s+0\s+1\s+··········\s+0%$", out, re.M)
    assert lines[-1] == "Next: [red]Bob deals, " + LONG + " leads."


def test_winner_banner(cli, game):
    # Ann: 7+8+9 + 10+10+10 + 10+10+10 = 84 melded, went out: 84 → total 89; nobody reaches 100 yet
    assert cli("hand", "Ann: 7H 8H 9H, QS QD QC, KS KD KC -", "[red]Bob: -2C", f"{LONG}: 1 -1").exit_code == 0
    # Ann: 10♠ J♠ Q♥... a run J♥ Q♥ K♥ = 30 → 119 ≥ 100: the game ends, Ann has the highest total
    result = cli("hand", "Ann: JH QH KH -", "[red]Bob: -3C", f"{LONG}: 1 -1")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "Game over: Ann wins after 3 hands."
    standings = cli("standings").stdout
    assert "Game over: Ann wins after 3 hands." in standings and "Next:" not in standings


def test_crazy_standings_show_the_round_and_lowest_first(cli):
    assert cli("new", "crazy", "Ann", "Bob", "Cy").exit_code == 0
    # round 1, aces wild: Ann out 0; Bob A♣ 25 + 9 = 34; Cy 3 + 4 = 7
    assert cli("hand", "Ann: -", "Bob: -AC 9D", "Cy: -3H 4H").exit_code == 0
    out = cli("standings").stdout
    assert [r[1] for r in rows(out)[3:6]] == ["Ann", "Cy", "Bob"]
    assert "To target" not in out
    assert "Round 2 — twos are wild. Next: Bob deals, Cy leads and gets the eighth card." in out


def test_json_is_not_drawn_by_rich(cli, game):
    doc = json.loads(cli("standings", "--json").stdout)
    assert [p["name"] for p in doc["players"]] == [LONG, "Ann", "[red]Bob"]
    assert doc["title"] == ":joker: night [bold]x"


# -- user text is never markup ------------------------------------------------------------------

@pytest.mark.parametrize("colour", [False, True])
def test_names_and_titles_print_as_typed(cli, game, colour):
    env = {"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLUMNS": "250"} if colour else {}
    for command in (["standings"], ["history"], ["sessions"], ["explain"], ["chart"]):
        # the console script once (the real process), the other commands in-process
        out = run(game, *command, **env).stdout if command == ["standings"] else shown(cli, game, *command, **env)
        plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
        assert "[red]Bob" in plain, command
        if command != ["explain"]:
            assert ":joker: night [bold]x" in plain, command


# -- colour: on in a colour terminal, off otherwise ---------------------------------------------------

def test_suits_hearts_and_diamonds_red_when_colour_is_on():
    from rich.console import Console

    from scorekeeper.cli import render
    from scorekeeper.cli.terminal import Terminal

    t = Terminal()
    t._out = Console(file=io.StringIO(), force_terminal=True, color_system="standard", no_color=False, markup=False,
                     emoji=False, highlight=False, width=80)
    t.print(render.sentence(_naming_cards(), t))
    out = t.out.file.getvalue()
    assert f"{ESC}31mA♥{ESC}0m" in out and f"{ESC}31m10♦{ESC}0m" in out
    assert re.sub(r"\x1b\[[0-9;]*m", "", out).strip() == "A♥ 10♦ K♠ 2♣ JK: not a meld."
    assert f"{ESC}31mK♠" not in out and f"{ESC}31m2♣" not in out


def test_suits_are_letters_without_colour():
    from rich.console import Console

    from scorekeeper.cli import render
    from scorekeeper.cli.terminal import Terminal

    t = Terminal()
    t._out = Console(file=io.StringIO(), color_system=None, markup=False, emoji=False, width=80)
    assert render.sentence(_naming_cards(), t).plain == "AH 10D KS 2C JK: not a meld."


def _naming_cards():
    """A sentence naming A♥ 10♦ K♠ 2♣ and a joker among its facts."""
    from scorekeeper.core.cards import JOKER, Card
    from scorekeeper.core.phrase import phrase

    return phrase("meld.illegal", cards=[Card(1, "H"), Card(10, "D"), Card(13, "S"), Card(2, "C"), JOKER],
                  cause="not a meld")


def test_colour_terminal_shows_red_hearts(game):
    out = run(game, "explain", FORCE_COLOR="1", TERM="xterm-256color").stdout
    assert f"{ESC}31m7♥" in out and "A♠" in out and f"{ESC}31mA♠" not in out


@pytest.mark.parametrize("env", [
    {},                                                       # piped
    {"NO_COLOR": "1"},
    {"NO_COLOR": "1", "FORCE_COLOR": "1", "TERM": "xterm-256color"},  # NO_COLOR wins
    {"TERM": "dumb", "FORCE_COLOR": "1"},
], ids=["piped", "NO_COLOR", "NO_COLOR+FORCE_COLOR", "TERM=dumb"])
def test_no_colour_codes_at_all(cli, game, env):
    for command in (["standings"], ["history"], ["sessions"], ["demo"]):
        assert ESC not in shown(cli, game, *command, **env), (command, env)
    out = run(game, "explain", **env).stdout  # and the console script itself
    assert ESC not in out, env
    assert "7H in run 7H 8H 9H" in out  # letters, not symbols


# -- nothing cut ------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["standings"], ["history"], ["sessions"], ["explain"], ["chart"]])
def test_piped_output_at_40_columns_keeps_long_names_whole(game, command):
    out = run(game, *command, COLUMNS="40").stdout
    assert LONG in out, out
    if command != ["chart"]:  # the chart's legend says "0 … 25 points"
        assert "…" not in out


def test_a_narrow_terminal_folds_names_and_cuts_nothing(game, exe):
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES")}
    env.update(SCOREKEEPER_DB=str(game), TERM="xterm-256color", NO_COLOR="1")
    child = pexpect.spawn(str(exe), ["standings"], env=env, dimensions=(40, 40), encoding="utf-8", timeout=PTY_TIMEOUT)
    child.expect(pexpect.EOF)
    out = child.before.replace("\r", "")
    assert ESC not in out and "…" not in out
    assert all(len(line) <= 40 for line in out.splitlines()), out
    assert "".join(LONG.split()) in "".join(out.split())  # every letter of the name is there
    # the numbers are whole: total, last hand and the percentage of the target
    assert re.search(r"\s25\s+\+25\s+0\s+25%", out), out
    assert "Next: [red]Bob deals," in out


def test_cards_are_styled_from_card_objects():
    from types import SimpleNamespace

    from scorekeeper.cli.render.cards import card, card_list
    from scorekeeper.core.cards import parse_played

    colour, plain = SimpleNamespace(color=True), SimpleNamespace(color=False)
    shown = card_list(["7H", "JK=7H", "AS:low", "10D"], colour)
    assert shown.plain == "7♥ JK=7♥ A♠:low 10♦"
    red = {shown.plain[s.start:s.end] for s in shown.spans if str(s.style) == "red"}
    assert red == {"7♥", "10♦"}
    assert card_list(["7H", "JK=7H", "AS:low", "10D"], plain).plain == "7H JK=7H AS:low 10D"
    assert card(parse_played("QS"), colour).plain == "Q♠" and not card(parse_played("QS"), colour).spans


def test_an_error_is_wrapped_between_words_on_a_terminal_and_kept_whole_in_a_pipe(monkeypatch):
    import os
    import shutil
    import sys

    from scorekeeper.cli.boundary import for_the_terminal

    text = ("Ann: 397 points on the table is more than the 396 points all the cards of 1 deck are worth: a "
            "typing slip? (A game begun on paper is carried over with new --carry NAME=POINTS.)")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    assert for_the_terminal(text) == text
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback=None: os.terminal_size((40, 20)))
    lines = for_the_terminal(text).splitlines()
    assert all(len(line) <= 40 for line in lines) and len(lines) > 3
    assert " ".join(lines) == text  # broken between words only: "--carry" stays whole
    assert "--carry" in "".join(lines).replace(" ", "") and any("--carry" in line for line in lines)


@pytest.mark.parametrize("command", [
    ("standings",), ("history",), ("history", "--audit"), ("explain",), ("chart",), ("sessions",), ("stats",),
    ("rules", "gin"), ("rules",), ("check", "rummy500", "7H", "8H", "9H"), ("db", "restore", "--list"),
])
def test_piped_output_has_no_trailing_spaces(cli, game, command):
    out = cli(*command).stdout
    assert out.strip(), command
    assert [line for line in out.splitlines() if line != line.rstrip(" ")] == []


def test_long_output_on_a_terminal_goes_through_the_pager_unless_no_pager(exe, game, isolated_db):
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "SCOREKEEPER_DB": str(isolated_db), "TERM": "dumb", "NO_COLOR": "1",
           "PAGER": "sed s/^/PAGED:/"}  # a pager that marks what it shows

    def shown(*args: str) -> str:
        child = pexpect.spawn(str(exe), list(args), env=env, dimensions=(20, 80), encoding="utf-8", timeout=PTY_TIMEOUT)
        child.expect(pexpect.EOF)
        return child.before

    assert "PAGED:" in shown("rules", "gin")                          # longer than 20 rows
    assert "PAGED:" not in shown("rules", "gin", "--no-pager")
    assert "PAGED:" not in shown("history")                          # fits: printed as it is


def test_piped_output_is_never_paged(cli, game, monkeypatch):
    monkeypatch.setenv("PAGER", "sed s/^/PAGED:/")
    out = cli("rules", "gin").stdout
    assert out.count("\n") > 40 and "PAGED:" not in out


def test_names_are_bold_from_the_facts_never_looked_for_in_the_words():
    """"Dealer: Al. Alice and Bo went out.": the dealer and the players named are bold as the facts
    they are; the "Al" at the start of "Alice" is not the dealer."""
    from scorekeeper.cli.render.cards import sentence_of

    line = sentence_of("screen.disputes.dealer_dealer_names_went", None, bold=("dealer", "names"), dealer="Al",
                       names=["Alice", "Bo"])
    assert line.plain == "Dealer: Al. Alice and Bo went out."
    assert [line.plain[s.start:s.end] for s in line.spans if str(s.style) == "bold"] == ["Al", "Alice", "Bo"]
