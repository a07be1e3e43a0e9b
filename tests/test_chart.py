"""chart (SPEC §5): running totals hand by hand as sparklines, readable without colour and when piped."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from scorekeeper.cli.render import chart

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def _points(**players) -> dict:
    return {"players": {name: {"table": t, "hand": h} for name, (t, h) in players.items()}}


@pytest.fixture
def game(application) -> str:
    """Rummy 500 (target 100), Ann and [red]Bob, points only:
    hand 1: Ann 30 − 40 = −10, [red]Bob 20 − 0 = 20
    hand 2: Ann 40 − 0 = 40 (30), [red]Bob 41 − 1 = 40 (60)
    hand 3: Ann 80 − 10 = 70 (100), [red]Bob 0 − 20 = −20 (40) → Ann reaches 100 and wins.
    Running totals: Ann −10, 30, 100; [red]Bob 20, 60, 40. Scale −10 … 100 (0 included).
    """
    sid = application.new("rummy500", ["Ann", "[red]Bob"], ["target=100"], "[bold]Club")["session"]
    application.record_hand(_points(Ann=(30, 40), **{"[red]Bob": (20, 0)}), "file", sid)
    application.record_hand(_points(Ann=(40, 0), **{"[red]Bob": (41, 1)}), "file", sid)
    application.record_hand(_points(Ann=(80, 10), **{"[red]Bob": (0, 20)}), "file", sid)
    return sid


# -- the pure parts -------------------------------------------------------------

def test_sparkline_levels():
    # scale −10 … 60, 7 steps of 10 points: −10 → 0 (▁), 0 → 1 (▂), 30 → 4 (▅), 60 → 7 (█)
    assert chart.sparkline([-10, 0, 30, 60], -10, 60) == "▁▂▅█"
    assert chart.sparkline([5, 5], 5, 5) == "▁▁"
    assert chart.sparkline([], 0, 10) == ""


def test_scale_always_holds_zero():
    assert chart.scale([[5, 10], [20]]) == (0, 20)
    assert chart.scale([[-5, 3]]) == (-5, 3)
    assert chart.scale([[-30, -10]]) == (-30, 0)
    assert chart.scale([[]]) == (0, 0)


def test_sample_keeps_every_hand_that_fits_and_always_the_last():
    assert chart.sample(13, 40) == list(range(1, 14))
    assert chart.sample(60, 25) == list(range(3, 61, 3))  # every 3rd hand (60 / 25 → 3)
    assert chart.sample(10, 4) == [3, 6, 9, 10]


def test_axis_labels_hand_numbers_where_they_fit():
    assert chart.axis(list(range(1, 14))) == "1   5    10  "
    assert chart.axis([1, 2, 3]) == "1  "
    assert chart.axis([3, 6, 9, 10]) == "3   "  # no room for 10 at the end


# -- the command -----------------------------------------------------------------

def test_chart_json_has_the_running_totals(cli, game):
    result = cli("chart", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["session"] == game and doc["hands"] == 3 and doc["finished"] and doc["winners"] == ["Ann"]
    assert doc["players"] == [{"name": "Ann", "totals": [-10, 30, 100], "total": 100},
                              {"name": "[red]Bob", "totals": [20, 60, 40], "total": 40}]


def test_chart_for_people_without_colour(cli, game):
    result = cli("chart")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "\x1b" not in out
    assert "Chart: [bold]Club" in out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80  # piped: 80 columns
    # the points axis: −10 … 100 in steps of 20 (about one every two rows of 12), labelled, 0 included
    labels = [line.split("┤")[0].strip() for line in lines if "┤" in line]
    assert labels == ["100", "80", "60", "40", "20", "0", "-20"]
    assert "points" in lines[1] and lines[lines.index(next(line for line in lines if "└" in line))].endswith("hands")
    # each player's marker on the lines and in the legend, with the final total
    assert "● Ann 100   ■ [red]Bob 40" in out
    grid = "\n".join(line for line in lines if "┤" in line or "│" in line)
    assert "●" in grid and "■" in grid
    # Ann ends on the top row (100), Bob's last point is at 40
    assert lines[2].split("┤")[1].rstrip().endswith("●")
    forty = next(line for line in lines if line.strip().startswith("40 ┤"))
    assert forty.rstrip().endswith("■")
    assert "Highest total wins." in out and "Game over: Ann wins." in out


def test_the_scale_fits_totals_with_their_end_bonuses(cli):
    from test_gin_cli import ANN_KNOCKS, BOB_GIN

    cli.new("gin", "Ann", "Bob")
    cli.record(*ANN_KNOCKS)
    cli.record("stock", "Ann:", "Bob:")
    cli.record(*BOB_GIN)
    cli.record(*BOB_GIN, "--again")
    # Bob's running total ends at 106, his total with the bonuses at 256 (tests/test_gin_cli.py):
    # the scale reaches 256, and the last point ("=") is the final total
    out = cli("chart").stdout
    labels = [int(line.split("┤")[0]) for line in out.splitlines() if "┤" in line]
    assert max(labels) >= 256 and max(labels) < 256 + 100
    assert "■ Bob 256" in out and "● Ann 39" in out
    assert "The last point is the final total, end-of-game bonuses included." in out
    under_axis = out.splitlines()[out.splitlines().index(next(x for x in out.splitlines() if "└" in x)) + 1]
    assert under_axis.rstrip().endswith("=")


def test_nice_scales():
    assert chart.nice_scale(0, 275, 12) == (0, 300, 50)     # 275 over 6 steps: 45.8 → 50
    assert chart.nice_scale(-10, 100, 12) == (-20, 100, 20)  # 110 / 6 = 18.3 → 20
    assert chart.nice_scale(0, 0, 12) == (0, 1, 1)


def test_plot_joins_the_points():
    # one series 0, 10 over 3 columns and 3 rows (0 … 10): bottom-left, middle, top-right
    assert chart.plot([[0, 10]], 0, 10, 3, 3) == [[None, None, 0], [None, 0, None], [0, None, None]]


def test_names_are_never_markup_even_in_colour(game, application):
    from rich.console import Console

    from scorekeeper.cli.terminal import Terminal

    t = Terminal()
    t._out = Console(force_terminal=True, color_system="truecolor", width=80, markup=False, emoji=False,
                     highlight=False, record=True)
    chart.chart(t, application.chart())
    text = t._out.export_text(styles=True)
    assert "\x1b[" in text  # colour really was on
    plain = ESCAPE.sub("", text)
    assert "[red]Bob" in plain and "[bold]Club" in plain


def test_a_narrow_terminal_gets_every_kth_hand(application):
    from rich.console import Console

    from scorekeeper.cli.terminal import Terminal

    sid = application.new("rummy500", ["Ann", "Bob"], ["target=5000"])["session"]
    for i in range(60):  # Ann +10 a hand, Bob −5 a hand
        application.record_hand(_points(Ann=(10, 0), Bob=(0, 5)), "file", sid)
    t = Terminal()
    t._out = Console(width=40, color_system=None, markup=False, emoji=False, highlight=False, record=True)
    chart.chart(t, application.chart(sid))
    text = t._out.export_text()
    assert max(len(line) for line in text.splitlines()) <= 40
    ann = next(line for line in text.splitlines() if line.startswith("Ann "))
    assert ann.split()[1].endswith("█") and ann.split()[-1] == "600"
    assert "One mark every 3 hands (the last mark is hand 60)." in re.sub(r"\s+", " ", text)


def test_chart_of_a_session_without_hands(cli, application):
    application.new("rum500", ["Ann", "Bob"])
    result = cli("chart")
    assert result.exit_code == 0
    assert "No hands yet" in result.stdout


def test_chart_needs_a_session(cli):
    result = cli("chart")
    assert result.exit_code == 2
    assert "no current session" in result.stderr


def test_chart_piped_through_the_console_script(game, isolated_db, exe):
    env = {**os.environ, "SCOREKEEPER_DB": str(isolated_db)}
    env.pop("NO_COLOR", None)
    proc = subprocess.run([str(exe), "chart"], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in proc.stdout
    assert "[red]Bob" in proc.stdout and "● Ann 100" in proc.stdout


def test_sharing_commands_import_nothing_heavy_at_start_up():
    code = ("import sys, scorekeeper.cli; "
            "print([m for m in ('rich', 'tinydb', 'scorekeeper.app.exporting', 'scorekeeper.app.stats', "
            "'scorekeeper.cli.render') if m in sys.modules])")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "[]", proc.stderr
