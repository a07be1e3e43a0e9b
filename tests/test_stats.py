"""stats (SPEC §5): across sessions, checked against values worked out by hand.

The fixture: three sessions played, all points-only so the arithmetic is plain
(a hand scores table − hand, SPEC §2.3), and a fourth with no hand yet.

Session A — rummy500, Ann Bob Cy, target 100:
    hand 1: Ann 60 − 10 = 50    Bob 20 − 5 = 15     Cy 0 − 30 = −30
    hand 2: Ann 55 − 0 = 55     Bob 30 − 10 = 20    Cy 45 − 5 = 40
    totals: Ann 105, Bob 35, Cy 10 → Ann reached 100: game over, Ann wins.
Session B — rum500, Ann Bob, target 50:
    hand 1: Ann 10 − 20 = −10   Bob 30 − 0 = 30
    hand 2: Ann 40 − 0 = 40     Bob 25 − 5 = 20
    totals: Ann 30, Bob 50 → Bob reached 50: game over, Bob wins.
Session C — rummy500, Bob Cy Dee, target 500 (in play):
    hand 1: Bob 70 − 0 = 70     Cy 15 − 20 = −5     Dee 5 − 45 = −40
Session D — rummy500, Ann Eve: no hands (counted nowhere; Eve never appears).

Per player (games = sessions with a hand; win rate = wins / finished):
    Ann: games 2 (A, B), finished 2, wins 1 (A): 1/2 = 0.5
         hands 4: 50 + 55 − 10 + 40 = 135, 135 / 4 = 33.75; best 55 (A #2), worst −10 (B #1)
         vs Bob: 2 games, both finished: A 105 > 35 ahead, B 30 < 50 behind → 1 ahead, 1 behind
         vs Cy: 1 game (A), finished: 105 > 10 → ahead
    Bob: games 3 (A, B, C), finished 2, wins 1 (B): 0.5
         hands 5: 15 + 20 + 30 + 20 + 70 = 155, 155 / 5 = 31.0; best 70 (C #1), worst 15 (A #1)
         vs Ann: 2/2, ahead 1 (B), behind 1 (A); vs Cy: 2 games (A, C), 1 finished (A: 35 > 10) ahead 1;
         vs Dee: 1 game (C), none finished
    Cy:  games 2 (A, C), finished 1, wins 0: 0/1 = 0.0
         hands 3: −30 + 40 − 5 = 5, 5 / 3 = 1.666… → 1.67; best 40 (A #2), worst −30 (A #1)
    Dee: games 1, finished 0, wins 0, win rate null; hands 1: −40; best = worst = −40 (C #1)
Order: most wins, then most games, then name: Bob (1, 3), Ann (1, 2), Cy (0, 2), Dee (0, 1).
"""
from __future__ import annotations

import json

from conftest import no_document

import pytest

from scorekeeper.app import stats
from scorekeeper.core.variants import VARIANTS


def _points(**players) -> dict:
    """A points-only hand: ``Ann=(60, 10)`` is 60 on the table, 10 in hand."""
    return {"players": {name: {"table": t, "hand": h} for name, (t, h) in players.items()}}


@pytest.fixture
def club(application) -> dict[str, str]:
    app = application
    ids = {}
    a = app.new("rummy500", ["Ann", "Bob", "Cy"], ["target=100"], "A")["session"]
    app.record_hand(session=a, entry=_points(Ann=(60, 10), Bob=(20, 5), Cy=(0, 30)))
    app.record_hand(session=a, entry=_points(Ann=(55, 0), Bob=(30, 10), Cy=(45, 5)))
    b = app.new("rum500", ["Ann", "Bob"], ["target=50"], "B")["session"]
    app.record_hand(session=b, entry=_points(Ann=(10, 20), Bob=(30, 0)))
    app.record_hand(session=b, entry=_points(Ann=(40, 0), Bob=(25, 5)))
    c = app.new("rummy500", ["Bob", "Cy", "Dee"], [], "C")["session"]
    app.record_hand(session=c, entry=_points(Bob=(70, 0), Cy=(15, 20), Dee=(5, 45)))
    d = app.new("rummy500", ["Ann", "Eve"], [], "D")["session"]
    ids.update(A=a, B=b, C=c, D=d)
    return ids


def _where(ids, session, hand, score, variant="rummy500"):
    return {"score": score, "session": ids[session], "title": session, "variant": variant, "hand": hand}


def _block(doc: dict, variant: str) -> dict:
    """The block of ``variant`` in a stats document."""
    [block] = [b for b in doc["variants"] if b["variant"] == variant]
    return block


def test_stats_match_the_hand_worked_values(cli, club):
    """Each variant on its own (SPEC §5): rummy500 is sessions A and C, rum500 is B.

    rummy500 (A, C):
      Ann: 1 game (A), finished, won: 1.0; hands 50, 55: 105 / 2 = 52.5; best 55 (A #2), worst 50 (A #1);
           vs Bob: A 105 > 35 ahead; vs Cy: A 105 > 10 ahead
      Bob: 2 games (A, C), 1 finished, 0 wins: 0.0; hands 15 + 20 + 70 = 105 / 3 = 35.0; best 70 (C #1),
           worst 15 (A #1); vs Cy: 2 games, 1 finished (A: 35 > 10) ahead; vs Ann: 1, behind; vs Dee: 1, unfinished
      Cy:  2 games, 1 finished, 0 wins: 0.0; hands −30 + 40 − 5 = 5 / 3 → 1.67; best 40 (A #2), worst −30 (A #1)
      Dee: 1 game, none finished: win rate null; hand −40: best = worst (C #1)
      order (wins, games, name): Ann (1, 1), Bob (0, 2), Cy (0, 2), Dee (0, 1)
    rum500 (B):
      Ann: 1 game, finished, lost: 0.0; hands −10 + 40 = 30 / 2 = 15.0; best 40 (B #2), worst −10 (B #1); behind Bob
      Bob: 1 game, won: 1.0; hands 30 + 20 = 50 / 2 = 25.0; best 30 (B #1), worst 20 (B #2); ahead of Ann
    """
    result = cli("stats", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["sessions"] == 3 and doc["player"] is None and doc["variant"] is None
    assert "players" not in doc  # no rows that mix variants
    assert [(b["variant"], b["sessions"]) for b in doc["variants"]] == [("rummy500", 2), ("rum500", 1)]

    r500 = _block(doc, "rummy500")
    assert r500["name"] == "Rummy 500" and r500["lowest_wins"] is False
    assert [p["name"] for p in r500["players"]] == ["Ann", "Bob", "Cy", "Dee"]
    by = {p["name"]: p for p in r500["players"]}

    ann = by["Ann"]
    assert (ann["games"], ann["finished"], ann["wins"], ann["win_rate"]) == (1, 1, 1, 1.0)
    assert (ann["hands"], ann["average"]) == (2, 52.5)
    assert ann["best"] == _where(club, "A", 2, 55)
    assert ann["worst"] == _where(club, "A", 1, 50)
    assert ann["head_to_head"] == [
        {"opponent": "Bob", "games": 1, "finished": 1, "ahead": 1, "behind": 0, "level": 0},
        {"opponent": "Cy", "games": 1, "finished": 1, "ahead": 1, "behind": 0, "level": 0},
    ]

    bob = by["Bob"]
    assert (bob["games"], bob["finished"], bob["wins"], bob["win_rate"]) == (2, 1, 0, 0.0)
    assert (bob["hands"], bob["average"]) == (3, 35.0)
    assert bob["best"] == _where(club, "C", 1, 70)
    assert bob["worst"] == _where(club, "A", 1, 15)
    assert bob["head_to_head"] == [
        {"opponent": "Cy", "games": 2, "finished": 1, "ahead": 1, "behind": 0, "level": 0},
        {"opponent": "Ann", "games": 1, "finished": 1, "ahead": 0, "behind": 1, "level": 0},
        {"opponent": "Dee", "games": 1, "finished": 0, "ahead": 0, "behind": 0, "level": 0},
    ]

    cy = by["Cy"]
    assert (cy["games"], cy["finished"], cy["wins"], cy["win_rate"]) == (2, 1, 0, 0.0)
    assert (cy["hands"], cy["average"]) == (3, 1.67)
    assert cy["best"] == _where(club, "A", 2, 40)
    assert cy["worst"] == _where(club, "A", 1, -30)
    assert [(h["opponent"], h["ahead"], h["behind"]) for h in cy["head_to_head"]] == [
        ("Bob", 0, 1), ("Ann", 0, 1), ("Dee", 0, 0)]

    dee = by["Dee"]
    assert (dee["games"], dee["finished"], dee["wins"], dee["win_rate"]) == (1, 0, 0, None)
    assert (dee["hands"], dee["average"]) == (1, -40.0)
    assert dee["best"] == dee["worst"] == _where(club, "C", 1, -40)
    assert "Eve" not in by

    rum = _block(doc, "rum500")
    assert [p["name"] for p in rum["players"]] == ["Bob", "Ann"]
    ann, bob = rum["players"][1], rum["players"][0]
    assert (ann["games"], ann["finished"], ann["wins"], ann["win_rate"], ann["hands"], ann["average"]) == (
        1, 1, 0, 0.0, 2, 15.0)
    assert ann["best"] == _where(club, "B", 2, 40, "rum500") and ann["worst"] == _where(club, "B", 1, -10, "rum500")
    assert (bob["wins"], bob["win_rate"], bob["average"]) == (1, 1.0, 25.0)
    assert bob["best"] == _where(club, "B", 1, 30, "rum500") and bob["worst"] == _where(club, "B", 2, 20, "rum500")
    assert ann["head_to_head"] == [{"opponent": "Bob", "games": 1, "finished": 1, "ahead": 0, "behind": 1,
                                    "level": 0}]


def test_stats_for_one_player_and_one_variant(cli, club):
    # rummy500 only: sessions A and C.
    # Ann: A alone: 1 game, finished, won: rate 1.0; hands 50, 55: average 52.5; best 55, worst 50
    doc = json.loads(cli("stats", "--player", "Ann", "--variant", "500", "--json").stdout)
    # the games counted are Ann's own: she sat in A, not in C
    assert doc["variant"] == "rummy500" and doc["player"] == "Ann" and doc["sessions"] == 1
    [ann] = doc["players"]
    assert doc["variants"] == [{"variant": "rummy500", "name": "Rummy 500", "lowest_wins": False, "sessions": 1,
                                "players": doc["players"]}]
    assert (ann["games"], ann["finished"], ann["wins"], ann["win_rate"]) == (1, 1, 1, 1.0)
    assert (ann["hands"], ann["average"]) == (2, 52.5)
    assert ann["best"]["score"] == 55 and ann["worst"]["score"] == 50
    assert [(h["opponent"], h["games"], h["ahead"]) for h in ann["head_to_head"]] == [("Bob", 1, 1), ("Cy", 1, 1)]

    # rum500 only: Cy never played it, so Cy's row is all zeros
    doc = json.loads(cli("stats", "--player", "Cy", "--variant", "rum500", "--json").stdout)
    [cy] = doc["players"]
    assert (cy["games"], cy["hands"], cy["average"], cy["best"], cy["head_to_head"]) == (0, 0, None, None, [])


@pytest.mark.parametrize("args, message", [
    (("--player", "an"), 'No session has a player called "an" (did you mean "Ann"?).'),
    (("--player", "Zed"), 'No session has a player called "Zed".'),
    (("--variant", "pinochle"), '"pinochle" is not a variant'),  # gin and canasta are ones now
])
def test_stats_refuses_unknown_players_and_variants(cli, club, args, message):
    result = cli("stats", *args, "--json")
    assert result.exit_code == 2
    assert no_document(result.stdout)
    assert message in result.stderr


def test_stats_player_names_ignore_case_and_unicode_form(cli, club):
    # "ann" and "ANN" are Ann, as everywhere a name is typed: the same rows as --player Ann
    ann = json.loads(cli("stats", "--player", "Ann", "--json").stdout)
    for typed in ("ann", "ANN"):
        doc = json.loads(cli("stats", "--player", typed, "--json").stdout)
        assert doc["player"] == "Ann" and doc["variants"] == ann["variants"]


def test_stats_table_for_people(cli, club):
    result = cli("stats")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Statistics: 3 games" in out
    # each variant on its own: Ann averages 52.50 in rummy500 (105 / 2) and 15.00 in rum500 (30 / 2),
    # never the 33.75 of both mixed; Bob won 0 of 1 finished rummy500 game (0%) and 1 of 1 in rum500 (100%)
    assert "52.50" in out and "15.00" in out and "33.75" not in out
    assert "0%" in out and "100%" in out and "+70 (" in out
    assert "Rummy 500 (rummy500, 2 games)" in out and "(rum500, 1 game)" in out
    assert "Head to head" in out
    assert "\x1b" not in out


def test_stats_of_an_empty_database(cli):
    result = cli("stats", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"player": None, "variant": None, "sessions": 0, "variants": []}
    assert "No games to count yet" in cli("stats").stdout


@pytest.mark.skipif("crazy" not in VARIANTS, reason="crazy is not available")
def test_in_crazy_rummy_the_lower_score_is_better(cli, application):
    """Crazy Rummy, Ann Bob Cy, 13 rounds, points only (penalty points in hand):
    round 1: Ann 20, Bob 0, Cy 10; rounds 2–13: Ann 0, Bob 5, Cy 10.
    Totals: Ann 20, Bob 0 + 12 × 5 = 60, Cy 13 × 10 = 130 → Ann wins (lowest).
    Ann: best hand 0 (round 2, the first 0), worst 20 (round 1); average 20 / 13 = 1.538… → 1.54.
    Bob: best 0 (round 1), worst 5 (round 2). Ann is ahead of Bob (20 < 60) and of Cy (20 < 130).
    """
    app = application
    sid = app.new("crazy", ["Ann", "Bob", "Cy"])["session"]
    for r in range(1, 14):
        app.record_hand(session=sid, entry={"players": {"Ann": {"hand": 20 if r == 1 else 0},
                                                   "Bob": {"hand": 0 if r == 1 else 5}, "Cy": {"hand": 10}}})
    doc = json.loads(cli("stats", "--json").stdout)
    by = {p["name"]: p for p in _block(doc, "crazy")["players"]}
    ann, bob = by["Ann"], by["Bob"]
    assert (ann["wins"], ann["win_rate"], ann["average"]) == (1, 1.0, 1.54)
    assert (ann["best"]["score"], ann["best"]["hand"]) == (0, 2)
    assert (ann["worst"]["score"], ann["worst"]["hand"]) == (20, 1)
    assert (bob["best"]["score"], bob["best"]["hand"], bob["worst"]["score"], bob["worst"]["hand"]) == (0, 1, 5, 2)
    assert [(h["opponent"], h["ahead"], h["behind"]) for h in ann["head_to_head"]] == [("Bob", 1, 0), ("Cy", 1, 0)]
    assert [(h["opponent"], h["ahead"], h["behind"]) for h in bob["head_to_head"]] == [("Ann", 0, 1), ("Cy", 1, 0)]


def test_level_games_and_mixed_variants_in_the_pure_functions():
    """Two hand-made games. G1 (rummy500, highest wins): Ann 10 then 30 = 40, Bob 40 then 0 = 40: level,
    a shared win. G2 (crazy, lowest wins): Ann 5, Bob 25 → Ann ahead. Each variant on its own:
    rummy500: Ann best 30 (G1 #2), worst 10 (G1 #1), average (10 + 30) / 2 = 20.0; crazy: Ann's 5 is
    both her best and worst hand, average 5.0 — a Crazy penalty is never compared with Rummy 500 points."""
    g1 = stats.Game("g1", None, "rummy500", False, ("Ann", "Bob"), ({"Ann": 10, "Bob": 40}, {"Ann": 30, "Bob": 0}),
                    {"Ann": 40, "Bob": 40}, True, ("Ann", "Bob"))
    g2 = stats.Game("g2", None, "crazy", True, ("Ann", "Bob"), ({"Ann": 5, "Bob": 25},),
                    {"Ann": 5, "Bob": 25}, True, ("Ann",))
    doc = stats.compute([g1, g2])
    blocks = {b["variant"]: b for b in doc["variants"]}
    assert list(blocks) == ["rummy500", "crazy"] and blocks["crazy"]["lowest_wins"] is True
    ann = next(p for p in blocks["rummy500"]["players"] if p["name"] == "Ann")
    assert ann["wins"] == 1 and ann["win_rate"] == 1.0  # a shared win counts for each winner
    assert ann["head_to_head"] == [{"opponent": "Bob", "games": 1, "finished": 1, "ahead": 0, "behind": 0,
                                    "level": 1}]
    assert (ann["best"]["session"], ann["best"]["score"]) == ("g1", 30)
    assert (ann["worst"]["session"], ann["worst"]["score"]) == ("g1", 10)
    assert ann["average"] == 20.0
    ann = next(p for p in blocks["crazy"]["players"] if p["name"] == "Ann")
    assert ann["head_to_head"] == [{"opponent": "Bob", "games": 1, "finished": 1, "ahead": 1, "behind": 0,
                                    "level": 0}]
    assert ann["best"]["score"] == ann["worst"]["score"] == 5 and ann["average"] == 5.0
    # --player keeps that player's rows in each variant they played
    only = stats.compute([g1, g2], player="Bob")
    assert [[p["name"] for p in b["players"]] for b in only["variants"]] == [["Bob"], ["Bob"]]
