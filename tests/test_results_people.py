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
    assert "Game over: Ann wins after 2 hands." in lines
    assert any("end bonuses: Ann +125, Bob +25, Cy 0" in line for line in lines)


def test_the_hand_that_ends_the_game_shows_its_bonus_column(cli):
    cli("new", "carousel", "Ann", "Bob", "Cy", "--rule", "round_bonus=all", "--rule", "target=50")
    cli("hand", *CAROUSEL[0])
    out = cli("hand", *CAROUSEL[1]).stdout
    assert re.search(r"^Player\s+Hand\s+Bonus\s+Total$", out, re.M), out
    assert re.search(r"^Ann\s+\+64\s+\+125\s+189$", out, re.M), out
    assert re.search(r"^Bob\s+0\s+\+25\s+69$", out, re.M), out


def test_the_bar_measures_the_hands_not_the_end_bonus(carousel):
    out = carousel("standings").stdout
    # Bob: 44 of 50 toward the target (88%: 8.8 blocks, drawn 9), although 69 with his bonus
    assert re.search(r"^2\s+Bob\s+69\s+0\s+1\s+\+25\s+█████████·\s+88%$", out, re.M), out
    # Ann: 64 of 50 is past the target: a full bar
    assert re.search(r"^1\s+Ann\s+189\s+\+64\s+1\s+\+125\s+██████████\s+100%$", out, re.M), out


#: Crazy Rummy, Ann Bob Cy, 13 rounds (SPEC §2.5): rounds 1–12 Bob goes out, Ann holds K♠ (10), Cy 5♣ (5);
#: round 13 (kings wild) Cy goes out, Ann holds 2♣ (2), Bob K♠ (wild: 25).
#: In round 5 fives are wild: Cy's 5♣ is a wild card, 25.
#: Totals: Ann 12 × 10 + 2 = 122, Bob 25, Cy 11 × 5 + 25 = 80 → Bob wins (lowest).
def test_crazy_history_shows_the_wild_rank_and_who_went_out(cli):
    cli("new", "crazy", "Ann", "Bob", "Cy")
    for _ in range(12):
        assert cli("hand", "Ann: -KS", "Bob: -", "Cy: -5C").exit_code == 0
    assert cli("hand", "Ann: -2C", "Bob: -KS", "Cy: -").exit_code == 0
    doc = cli.json("history")
    assert [h["context"]["wild"] for h in doc["hands"]][:3] == ["A", "2", "3"]
    assert doc["hands"][-1]["context"]["wild"] == "K" and doc["hands"][-1]["out"] == "Cy"
    assert doc["totals"] == {"Ann": 122, "Bob": 25, "Cy": 80} and doc["winners"] == ["Bob"]
    assert doc["bonus"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    out = cli("history").stdout
    assert re.search(r"^\s*Hand\s+Wild\s+Dealer\s+Out\s+Ann\s+Bob\s+Cy$", out, re.M), out
    assert re.search(r"^\s*1\s+A\s+Ann\s+Bob\s+\+10 → 10\s+0 → 0\s+\+5 → 5$", out, re.M), out
    assert re.search(r"^\s*13\s+K\s+Ann\s+Cy\s+\+2 → 122\s+\+25 → 25\s+0 → 80$", out, re.M), out
    assert re.search(r"^Final\s+122\s+25\s+80$", out, re.M), out
    assert "Bonus" not in out
    assert "Game over: Bob wins after 13 hands." in out


def test_markdown_export_ends_with_bonuses_final_totals_and_winner(carousel):
    md = carousel("export", "--format", "md").stdout
    hands = md[md.index("## Hand by hand"):]
    assert "| 2 | Bob | +64 → 64 | 0 → 44 | 0 → 0 |\n| Bonus | | +125 | +25 | 0 |\n| Final | | **189** | 69 | 0 |" in hands
    assert hands.rstrip().endswith("**Ann wins** after 2 hands.")


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
