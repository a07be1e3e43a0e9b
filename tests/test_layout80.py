"""An ordinary 80-column terminal with the most players a game allows and long names:
no word, name, number, path or time broken or cut (README: "At an 80-column terminal
no word or name is broken or cut"), in every language spoken. ``history`` splits its
table into tables of fewer players, each with its hand column; ``sessions`` folds
between words; ``db restore --list`` gives each copy lines of its own. What fits
keeps its one table."""
from __future__ import annotations

import os
import re

import pytest

from conftest import PTY_TIMEOUT

from scorekeeper.cli.render.sessions import local_time

TERMINAL_80 = {"COLUMNS": "80", "FORCE_COLOR": "1", "NO_COLOR": "1", "TERM": "xterm-256color"}
EIGHT = ("Alexandrina", "Bartholomew", "Christopher", "Dorothea", "Evangeline", "Ferdinand", "Gwendolyn",
         "Hieronymus")
TITLE = "A very long title for our Friday night rummy club"
#: hand 1: (melds, left in hand) → that hand's score
HAND_1 = {"Alexandrina": (50, 5), "Bartholomew": None, "Christopher": (20, 10), "Dorothea": (30, 40),
          "Evangeline": (10, 2), "Ferdinand": (0, 100), "Gwendolyn": (5, 5), "Hieronymus": (45, 3)}


def at(cli, *args, columns: int = 80) -> str:
    """What a terminal ``columns`` wide shows (rich sees a terminal; NO_COLOR: no colour codes);
    no line is wider, nothing is cut."""
    result = cli(*args, env={**TERMINAL_80, "COLUMNS": str(columns)})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "\x1b[" not in out and "…" not in out, out
    assert all(len(line) <= columns for line in out.splitlines()), out
    return out


def words(text: str) -> set[str]:
    return set(text.split())


def entry(name: str, melds_left) -> str:
    return f"{name}: -" if melds_left is None else f"{name}: {melds_left[0]} -{melds_left[1]}"


def cell(score: int, total: int) -> str:
    return f"{'+' if score > 0 else ''}{score} → {total}"


@pytest.fixture
def eight(cli):
    """Rummy 500 with eight long names and a long title, after one hand (HAND_1)."""
    cli.new("rummy500", *EIGHT, title=TITLE)
    cli.record(*(entry(p, HAND_1[p]) for p in EIGHT))
    return cli


def assert_cells_whole(out: str, doc: dict) -> None:
    """Every hand's cell of every player is on one line, and no line ends in an arrow."""
    for h in doc["hands"]:
        for p in h["scores"]:
            assert re.search(rf"(^|\s){re.escape(cell(h['scores'][p], h['totals'][p]))}(\s|$)", out, re.M), \
                (p, h["number"], out)
    assert not any(line.rstrip().endswith("→") for line in out.splitlines()), out


def tables(out: str) -> int:
    """How many tables: one head rule each."""
    return sum(1 for line in out.splitlines() if line.strip() and set(line.strip()) == {"─"})


# -- history ------------------------------------------------------------------------------------

def test_eight_long_names_history_at_80_columns_breaks_no_name_or_cell(eight):
    doc = eight.json("history")
    out = at(eight, "history")
    assert set(EIGHT) <= words(out), out
    assert_cells_whole(out, doc)
    assert "-100 → -100" in out and "-10 → -10" in out
    assert tables(out) >= 2
    # each table has its hand column: as many "Hand" headings as tables, each row begins with its hand
    assert sum(1 for line in out.splitlines() if line.split()[:1] == ["Hand"]) == tables(out), out
    assert sum(1 for line in out.splitlines() if re.match(r"^\s*1\s", line)) == tables(out), out


def test_eight_long_names_history_in_every_language(eight):
    doc = eight.json("history")
    for lang, hand in (("uk", "Роздача"), ("ru", "Раздача"), ("be", "Раздача")):
        out = at(eight, "--lang", lang, "history")
        assert set(EIGHT) <= words(out), (lang, out)
        assert_cells_whole(out, doc)
        assert hand in words(out), (lang, out)


def test_seven_players_finished_history_keeps_the_final_row_in_each_table(cli):
    seven = EIGHT[:7]
    cli.new("rummy500", *seven, rules=["target=40"])
    cli.record(*(entry(p, HAND_1[p]) for p in seven))
    doc = cli.json("history")
    assert doc["finished"]
    out = at(cli, "history")
    assert set(seven) <= words(out), out
    assert_cells_whole(out, doc)
    finals = [line for line in out.splitlines() if line.startswith("Final")]
    assert len(finals) == tables(out) >= 2, out
    shown = [int(n) for line in finals for n in line.split()[1:]]
    assert shown == [doc["totals"][p] for p in seven], out
    assert "Game over: Alexandrina wins after 1 hand." in out


def test_a_crazy_game_split_keeps_the_wild_rank_and_who_went_out_in_each_table(cli):
    six = EIGHT[:6]
    cli.new("crazy", *six)
    cli.record(f"{six[0]}: -", *(f"{p}: -{card}" for p, card in zip(six[1:], ("KS", "KH", "KD", "KC", "QS"))))
    doc = cli.json("history")
    out = at(cli, "history")
    assert set(six) <= words(out), out
    assert_cells_whole(out, doc)
    rows = [line for line in out.splitlines() if re.match(r"^\s*1\s", line)]
    assert len(rows) == tables(out) >= 2, out
    # round 1, aces wild: the first player dealt and went out
    assert all(re.match(rf"^\s*1\s+A\s+{six[0]}\s+{six[0]}\s", line) for line in rows), out


def test_a_carried_game_split_keeps_the_carried_row_in_each_table(cli):
    cli("new", "rummy500", *EIGHT, "--carry", "Alexandrina=120", "--carry", "Hieronymus=85")
    cli.record(*(entry(p, HAND_1[p]) for p in EIGHT))
    out = at(cli, "history")
    carried = [line for line in out.splitlines() if line.startswith("carried over")]
    assert len(carried) == tables(out) >= 2, out
    assert carried[0].split()[2] == "120" and carried[-1].split()[-1] == "85", out


def test_history_that_fits_stays_one_table(eight):
    out = at(eight, "history", columns=160)
    assert tables(out) == 1
    assert re.search(r"^Hand\s+Dealer\s+" + r"\s+".join(EIGHT) + "$", out, re.M), out
    assert tables(eight("history").stdout) == 1  # piped: never wrapped


def test_history_in_a_real_80_column_terminal(eight, exe):
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES")}
    env.update(SCOREKEEPER_DB=os.environ["SCOREKEEPER_DB"], TERM="xterm-256color", NO_COLOR="1")
    child = pexpect.spawn(str(exe), ["history"], env=env, dimensions=(50, 80), encoding="utf-8", timeout=PTY_TIMEOUT)
    child.expect(pexpect.EOF)
    out = child.before.replace("\r", "")
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert set(EIGHT) <= words(out), out
    assert_cells_whole(out, eight.json("history"))


# -- sessions -----------------------------------------------------------------------------------

@pytest.fixture
def finished_and_eight(eight):
    """The eight's session, and a finished game Ann won (the current one)."""
    eight.new("rummy500", "Ann", "Bob", rules=["target=100"])
    eight.record("Ann: 150 -", "Bob: 0 -5")
    return eight


HEADERS = {
    "en": ("Id", "Variant", "Title", "Players", "Hands", "State", "Started"),
    "uk": ("Код", "Варіант", "Назва", "Гравці", "Роздачі", "Стан", "Почато"),
    "ru": ("Код", "Вариант", "Название", "Игроки", "Раздачи", "Состояние", "Начата"),
    "be": ("Код", "Варыянт", "Назва", "Гульцы", "Раздачы", "Стан", "Пачата"),
}
WON = {"en": "won by Ann", "uk": "перемога: Ann", "ru": "победа: Ann", "be": "перамога: Ann"}


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "be"])
def test_sessions_at_80_columns_break_no_heading_name_or_word(finished_and_eight, lang):
    out = at(finished_and_eight, "--lang", lang, "sessions")
    seen = words(out)
    assert set(HEADERS[lang]) <= seen, out
    assert set(WON[lang].split()) <= seen, out
    assert {f"{p}," for p in EIGHT[:-1]} | {EIGHT[-1]} <= seen, out
    assert set(TITLE.split()) <= seen, out
    assert "rummy500" in seen
    for s in finished_and_eight.json("sessions")["sessions"]:
        assert s["id"] in seen, out
    # the day each started (its time too where a line a session has room for it, tests/test_evening.py)
    assert re.search(r"\b\d{4}-\d\d-\d\d\b", out), out


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "be"])
def test_sessions_too_wide_for_a_table_give_each_session_lines_of_its_own(finished_and_eight, lang):
    out = at(finished_and_eight, "--lang", lang, "sessions", columns=50)
    seen = words(out)
    assert set(HEADERS[lang]) <= seen, out
    assert set(WON[lang].split()) <= seen and set(TITLE.split()) <= seen, out
    assert {f"{p}," for p in EIGHT[:-1]} | {EIGHT[-1]} <= seen, out
    current = finished_and_eight.json("sessions")["current"]
    # the current session's first line is marked, as in the table
    assert re.search(rf"^\* {HEADERS[lang][0]}\s+{current}$", out, re.M), out


def test_sessions_that_fit_stay_one_line_a_session(finished_and_eight):
    out = at(finished_and_eight, "sessions", columns=220)
    lines = out.splitlines()
    assert len(lines) == 4, out
    assert ", ".join(EIGHT) in out and TITLE in out


# -- db restore --list --------------------------------------------------------------------------

def test_restore_list_at_80_columns_breaks_no_path_or_time(eight):
    doc = eight.json("db", "restore", "--list")
    assert doc["backups"]
    for lang, heads in (("en", ("File", "Saved", "Copy", "State")), ("uk", ("Файл", "Збережено", "Копія", "Стан")),
                        ("ru", ("Файл", "Сохранено", "Копия", "Состояние")),
                        ("be", ("Файл", "Захавана", "Копія", "Стан"))):
        out = at(eight, "--lang", lang, "db", "restore", "--list")
        seen = words(out)
        assert set(heads) <= seen, (lang, out)
        for b in doc["backups"]:  # the time in local time, as sessions shows it
            assert {b["file"], *local_time(b["saved"], seconds=True).split(), b["backup"]} <= seen, (lang, out)


def test_restore_list_that_fits_stays_a_table(eight):
    doc = eight.json("db", "restore", "--list")
    out = at(eight, "db", "restore", "--list", columns=200)
    assert tables(out) == 1
    for b in doc["backups"]:
        saved = re.escape(local_time(b["saved"], seconds=True))
        assert re.search(rf"^{re.escape(b['file'])}\s+{saved}\s+{re.escape(b['backup'])}\s+reads well$", out, re.M), out


def test_restore_list_shows_local_time(eight, monkeypatch):
    import time

    doc = eight.json("db", "restore", "--list")
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # UTC+5:30 all year
    time.tzset()
    try:
        out = at(eight, "db", "restore", "--list", columns=200)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    from datetime import datetime, timedelta

    utc = datetime.fromisoformat(doc["backups"][0]["saved"])
    assert (utc + timedelta(hours=5, minutes=30)).strftime("%Y-%m-%d %H:%M:%S") in out
    assert doc["backups"][0]["saved"] not in out


# -- the measures the layouts are chosen by ---------------------------------------------------------

@pytest.mark.parametrize("gap", [0, 1, 2])
def test_table_width_is_what_rich_draws(gap):
    import io

    from rich.console import Console
    from rich.text import Text

    from scorekeeper.cli.render.common import column_widths, fit_columns, natural_width, table, table_width
    from scorekeeper.cli.terminal import Terminal

    def drawn(padding):
        d = table(padding=(0, padding))
        d.add_column("Hand", justify="right")
        d.add_column("Mary Ann Smith", justify="right")
        d.add_column(Text("Bartholomew"), justify="right", min_width=11)
        d.add_row("1 (points)", "+45 → 45", "-100 → -100")
        return d

    t = Terminal()
    t._out = Console(file=io.StringIO(), width=200, color_system=None)
    columns = column_widths(t, drawn(0))
    assert columns == [(8, 10), (5, 14), (11, 11)]
    assert table_width(columns, gap) == natural_width(t, drawn(gap))
    least = table_width(columns, gap, narrowest=True)
    for width, fits in ((least, True), (least - 1, False)):
        t._out = Console(file=io.StringIO(), width=width, color_system=None)
        d = drawn(gap)
        assert fit_columns(t, d) is fits
        if fits:
            t.out.print(d)
            out = t.out.file.getvalue()
            assert "-100 → -100" in out and "(points)" in out and "Smith" in out, out
