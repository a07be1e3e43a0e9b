"""Reading the results (issue 12): a finished game's history ends with the end bonuses,
the final totals and the winner; Crazy Rummy's history says each round's wild rank and
who went out; the "To target" bar measures the hands, not the end bonuses."""
from __future__ import annotations

import json
import re

import pytest

#: Carousel, Ann Bob Cy, target 50, round_bonus=all (SPEC §2.4, I-2):
#: round 1, Bob goes out: Ann holds K♠ (10), Cy 9♦ (9): Bob scores (10 − 0) + (9 − 0) + 25 out = 44
#: round 2, Ann goes out: Bob holds K♠ Q♠ K♦ (30), Cy 9♦ (9): Ann scores 30 + 9 + 25 = 64 → 64 ≥ 50, game over
#: end bonuses: Ann reached 50: 100 + 25 × 1 round won (all) = 125 → 64 + 125 = 189;
#:              Bob below: 25 × 1 round won = 25 → 44 + 25 = 69; Cy: no round won, 0 → 0
CAROUSEL = (("Ann: -KS", "Bob: -", "Cy: -9D"), ("Ann: -", "Bob: -KS QS KD", "Cy: -9D"))


@pytest.fixture
def carousel(cli):
    assert cli("new", "carousel", "Ann", "Bob", "Cy", "--rule", "round_bonus=all", "--rule", "target=50").exit_code == 0
    for entry in CAROUSEL:
        result = cli("hand", *entry)
        assert result.exit_code == 0, result.stderr
    return cli


def test_history_json_of_a_finished_game_has_the_end(carousel):
    doc = carousel.json("history")
    assert doc["finished"] is True and doc["winners"] == ["Ann"]
    assert doc["bonus"] == {"Ann": 125, "Bob": 25, "Cy": 0}
    assert doc["totals"] == {"Ann": 189, "Bob": 69, "Cy": 0}
    assert [h["totals"] for h in doc["hands"]] == [{"Ann": 0, "Bob": 44, "Cy": 0}, {"Ann": 64, "Bob": 44, "Cy": 0}]
    assert [h["out"] for h in doc["hands"]] == ["Bob", "Ann"]


def test_history_of_a_game_in_play_says_it_is_not_finished(cli):
    cli("new", "rummy500", "Ann", "Bob")
    cli("hand", "Ann: 30 -0", "Bob: -KS")  # Ann 30 − 0, Bob 0 − 10
    doc = cli.json("history")
    assert (doc["finished"], doc["winners"], doc["bonus"], doc["totals"]) == (
        False, [], {"Ann": 0, "Bob": 0}, {"Ann": 30, "Bob": -10})


def test_history_for_people_ends_with_bonuses_final_totals_and_winner(carousel):
    out = carousel("history").stdout
    lines = out.splitlines()
    assert re.search(r"^\s*2\s+Bob\s+\+64 → 64\s+0 → 44\s+0 → 0$", out, re.M), out
    assert re.search(r"^Bonus\s+\+125\s+\+25\s+0$", out, re.M), out
    assert re.search(r"^Final\s+189\s+69\s+0$", out, re.M), out
    assert "Game over: Ann wins after 2 rounds." in lines            # Carousel speaks of rounds
    assert any("end bonuses: Ann +125, Bob +25, Cy 0" in line for line in lines)


def test_the_hand_that_ends_the_game_shows_its_bonus_column(cli):
    cli("new", "carousel", "Ann", "Bob", "Cy", "--rule", "round_bonus=all", "--rule", "target=50")
    cli("hand", *CAROUSEL[0])
    out = cli("hand", *CAROUSEL[1]).stdout
    assert re.search(r"^Player\s+Round\s+Bonus\s+Total$", out, re.M), out
    assert re.search(r"^Ann\s+\+64\s+\+125\s+189$", out, re.M), out
    assert re.search(r"^Bob\s+0\s+\+25\s+69$", out, re.M), out


def test_the_bar_measures_the_hands_not_the_end_bonus(carousel):
    out = carousel("standings").stdout
    # Bob: 44 of 50 toward the target (88%: 8.8 blocks, drawn 9), although 69 with his bonus
    assert re.search(r"^2\s+Bob\s+69\s+0\s+1\s+\+25\s+█████████·\s+88%$", out, re.M), out
    # Ann: 64 of 50 is past the target: a full bar
    assert re.search(r"^1\s+Ann\s+189\s+\+64\s+1\s+\+125\s+██████████\s+100%$", out, re.M), out


def test_the_bar_is_full_only_once_the_target_is_reached():
    from scorekeeper.cli.render.game import _progress

    # 490 of 500 is 98%: rounded it would be ten cells, but the target is not reached
    assert _progress(490, 500) == "█████████·  98%"
    assert _progress(499, 500) == "█████████·  99%"  # 99.8% is not yet 100%
    assert _progress(500, 500) == "██████████ 100%"
    assert _progress(440, 500) == "█████████·  88%"  # 8.8 cells, drawn 9
    assert _progress(-20, 500) == "··········   0%"


#: Crazy Rummy, Ann Bob Cy, 13 rounds (SPEC §2.5): rounds 1–12 Bob goes out, Ann holds K♠ (10), Cy 5♣ (5);
#: round 13 (kings wild) Cy goes out, Ann holds 2♣ (2), Bob K♠ (wild: 25).
#: In round 5 fives are wild: Cy's 5♣ is a wild card, 25.
#: Totals: Ann 12 × 10 + 2 = 122, Bob 25, Cy 11 × 5 + 25 = 80 → Bob wins (lowest).
def test_crazy_history_shows_the_wild_rank_and_who_went_out(cli):
    cli("new", "crazy", "Ann", "Bob", "Cy")
    for _ in range(12):
        assert cli("hand", "Ann: -KS", "Bob: -", "Cy: -5C", "--again").exit_code == 0
    assert cli("hand", "Ann: -2C", "Bob: -KS", "Cy: -").exit_code == 0
    doc = cli.json("history")
    assert [h["context"]["wild"] for h in doc["hands"]][:3] == ["A", "2", "3"]
    assert doc["hands"][-1]["context"]["wild"] == "K" and doc["hands"][-1]["out"] == "Cy"
    assert doc["totals"] == {"Ann": 122, "Bob": 25, "Cy": 80} and doc["winners"] == ["Bob"]
    assert doc["bonus"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    out = cli("history").stdout
    assert re.search(r"^\s*Round\s+Wild\s+Dealer\s+Out\s+Ann\s+Bob\s+Cy$", out, re.M), out
    assert re.search(r"^\s*1\s+A\s+Ann\s+Bob\s+\+10 → 10\s+0 → 0\s+\+5 → 5$", out, re.M), out
    assert re.search(r"^\s*13\s+K\s+Ann\s+Cy\s+\+2 → 122\s+\+25 → 25\s+0 → 80$", out, re.M), out
    assert re.search(r"^Final\s+122\s+25\s+80$", out, re.M), out
    assert "Bonus" not in out
    assert "Game over: Bob wins after 13 rounds." in out             # Crazy Rummy speaks of rounds


def test_markdown_export_ends_with_bonuses_final_totals_and_winner(carousel):
    md = carousel("export", "--format", "md").stdout
    hands = md[md.index("## Round by round"):]           # Carousel counts rounds
    assert "| 2 | Bob | +64 → 64 | 0 → 44 | 0 → 0 |\n| Bonus | | +125 | +25 | 0 |\n| Final | | **189** | 69 | 0 |" in hands
    assert hands.rstrip().endswith("**Ann wins** after 2 rounds.")


# -- sessions: the start in local time ------------------------------------------------------

@pytest.fixture
def kyiv(monkeypatch):
    """The local time zone two hours ahead of UTC (a POSIX TZ: no zone database needed)."""
    import time

    monkeypatch.setenv("TZ", "EET-2")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_sessions_show_the_start_in_local_time_and_json_keeps_utc(kyiv):
    import io

    from rich.console import Console

    from scorekeeper.cli.render.sessions import sessions
    from scorekeeper.cli.terminal import Terminal

    doc = {"current": "3f9a0c1e", "sessions": [{
        "id": "3f9a0c1e", "variant": "rummy500", "title": None, "players": ["Ann", "Bob"], "hands": 3,
        "finished": False, "winners": [], "created": "2026-12-01T06:26:00+00:00"}]}
    t = Terminal()
    t._out = Console(file=io.StringIO(), color_system=None, markup=False, emoji=False, width=80)
    sessions(t, doc)
    out = t.out.file.getvalue()
    assert "2026-12-01 08:26" in out  # 06:26 UTC is 08:26 at UTC+2
    assert "06:26" not in out and "T06" not in out


def test_sessions_command_local_time(cli, kyiv):
    from datetime import datetime

    cli("new", "rummy500", "Ann", "Bob")
    created = cli.json("sessions")["sessions"][0]["created"]
    assert created.endswith("+00:00")  # JSON stays UTC ISO 8601
    local = datetime.fromisoformat(created).astimezone().strftime("%Y-%m-%d %H:%M")
    assert local != created[:16].replace("T", " ")  # two hours apart
    assert local in cli("sessions").stdout


# -- import: the same export twice adds nothing ------------------------------------------------

#: Rummy 500, Ann Bob: hand 1 points only, Ann 30 − 0 = 30, Bob 0 − 10 = −10
@pytest.fixture
def exported(cli, tmp_path):
    sid = cli.new("rummy500", "Ann", "Bob")["session"]
    cli.record("Ann: 30 -0", "Bob: -KS")
    out = tmp_path / "club.json"
    assert cli("export", "-o", out).exit_code == 0
    return sid, out


def test_importing_the_same_export_twice_adds_nothing(cli, exported, tmp_path):
    sid, out = exported
    other = tmp_path / "other"
    first = cli("--db", other, "import", out, "--json")
    assert json.loads(first.stdout)["imported"] == 1
    again = cli("--db", other, "import", out)   # one summary line
    assert again.exit_code == 0, again.stderr
    assert again.stdout == "0 of 1 session imported. Under a new id: 0; skipped: 1 (-v says which).\n"
    again = cli("--db", other, "import", out, "-v")   # -v: each session, then the count
    assert f"Skipped session {sid}: it is already in the database." in again.stdout
    assert "0 of 1 session imported." in again.stdout
    doc = json.loads(cli("--db", other, "import", out, "--json").stdout)
    assert doc == {"imported": 0, "skipped": 1,
                   "sessions": [{"id": sid, "imported_as": None, "action": "skipped", "already": True}]}
    # stats count the game once: Ann 1 game, 1 hand of 30
    rows = cli.json("--db", other, "stats", "--variant", "rummy500")["players"]
    assert {(p["name"], p["games"], p["hands"]) for p in rows} == {("Ann", 1, 1), ("Bob", 1, 1)}


def test_import_as_new_makes_a_copy_and_a_different_session_with_a_taken_id_gets_a_new_one(cli, exported,
                                                                                             tmp_path):
    sid, out = exported
    copy = json.loads(cli("import", out, "--as-new", "--json").stdout)["sessions"][0]
    assert copy["action"] == "renamed" and copy["already"] is True and copy["imported_as"] != sid
    assert ", a copy (--as-new)." in cli("import", out, "--as-new", "-v").stdout
    # the session played on (a second hand: Ann 0 − 5, Bob 20 − 0) is no longer the exported one
    cli.record("Ann: -5C", "Bob: 20 -0", session=sid)
    outcome = json.loads(cli("import", out, "--json").stdout)["sessions"][0]
    assert outcome["action"] == "renamed" and outcome["already"] is False
    assert cli.history(outcome["imported_as"])["totals"] == {"Ann": 30, "Bob": -10}
    assert cli.history(sid)["totals"] == {"Ann": 25, "Bob": 10}  # 30 − 5, −10 + 20
    text = cli("import", out, "-v").stdout
    assert "the database holds another session with its id" in text
    assert "Skipped" in cli("import", out, "--skip-existing", "-v").stdout


def test_check_record_validates_through_the_storage_schema():
    from scorekeeper.app import exporting

    from scorekeeper.core.errors import InputError

    with pytest.raises(InputError) as e:
        exporting.check_record({"id": "abc"}, "club.json", 2)
    assert e.value.code == "import.record.missing"
    # title, undone and audit may be left out; the rest is named in the schema's order
    assert e.value.message == "club.json, session 2 lacks hands, players, rules, created, variant, dealer."


# -- an ordinary 80-column terminal: no word or name broken or cut ---------------------------

TERMINAL_80 = {"COLUMNS": "80", "FORCE_COLOR": "1", "NO_COLOR": "1", "TERM": "xterm-256color"}
NAMES = ("Annabelle", "Bartholomew", "Christopher", "Dorothea")


def at_80(cli, *args) -> str:
    """What a terminal 80 columns wide shows (rich sees a terminal; NO_COLOR: no colour codes)."""
    result = cli(*args, env=TERMINAL_80)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "\x1b[" not in out and "…" not in out, out
    assert all(len(line) <= 80 for line in out.splitlines()), out
    return out


def words(text: str) -> set[str]:
    return set(text.split())


def test_rules_at_80_columns_breaks_no_word(cli):
    out = at_80(cli, "rules")
    for word in ("manipulation", "crazy-rummy", "michigan-rum", "(Carousel)", "Manipulation", "500-rum"):
        assert word in out, (word, out)
    piped = cli("rules").stdout  # piped: the table, one line a variant, as before
    assert max(len(line) for line in piped.splitlines()) > 80
    assert "1 deck for 2–4 players, 2 decks for 5–8 players" in piped
    assert "1 deck for 2–4 players, 2 decks for 5–8 players" in out  # whole at 80 too


@pytest.fixture
def crazy_four(cli):
    """Crazy Rummy, four long names, 13 rounds: Bartholomew goes out every round; Annabelle holds
    K♠ Q♠ (20), Christopher 10♥ 10♠ 10♦ (30), Dorothea J♣ (10), except in the rounds where one of
    those ranks is wild (25 a card): round 10 (tens): Christopher 75; round 11 (jacks): Dorothea 25;
    round 12 (queens): Annabelle 10 + 25 = 35; round 13 (kings): Annabelle 25 + 10 = 35.
    Totals: Annabelle 11 × 20 + 35 + 35 = 290, Bartholomew 0, Christopher 12 × 30 + 75 = 435,
    Dorothea 12 × 10 + 25 = 145."""
    cli("new", "crazy", *NAMES)
    for _ in range(13):
        result = cli("hand", "Annabelle: -KS QS", "Bartholomew: -", "Christopher: -10H 10S 10D", "Dorothea: -JC",
                     "--again")  # the same cards every round
        assert result.exit_code == 0, result.stderr
    return cli


def test_four_player_crazy_history_at_80_columns_keeps_each_cell_whole(crazy_four):
    doc = crazy_four.json("history")
    assert doc["totals"] == {"Annabelle": 290, "Bartholomew": 0, "Christopher": 435, "Dorothea": 145}
    out = at_80(crazy_four, "history")
    assert words(" ".join(NAMES)) <= words(out)
    assert re.search(r"^\s*10\s+10\s+\S+\s+Bartholomew\s+\+20 → 200\s+0 → 0\s+\+75 → 345\s+"
                     r"\+10 → 100$", out, re.M), out
    assert re.search(r"^\s*13\s+K\s+\S+\s+Bartholomew\s+\+35 → 290\s+0 → 0\s+\+30 → 435\s+\+10 → 145$", out,
                     re.M), out
    assert not any(line.rstrip().endswith("→") for line in out.splitlines()), out
    assert re.search(r"^Final\s+290\s+0\s+435\s+145$", out, re.M), out


def test_stats_at_80_columns_cut_no_name_or_heading(crazy_four):
    out = at_80(crazy_four, "stats")
    for word in (*NAMES, "Average", "Finished", "Opponent", "Behind", "Level"):
        assert word in words(out), (word, out)
    # Crazy Rummy is played in 13 rounds: stats count rounds and name each by its round
    assert "Best round" in out and "Worst round" in out and "Rounds" in words(out)
    assert "hand" not in out.lower(), out
    # Christopher's best round is round 1, 10♥ 10♠ 10♦ = 30; worst is round 10, tens wild: 3 × 25 = 75
    assert re.search(r"^Christopher\s+\+30 \(\w+ round 1\)\s+\+75 \(\w+ round 10\)$", out, re.M), out
