"""The club (SPEC §9): placement points, season standings, ratings, tables and seating — the rules
tested in the core directly; the commands over a small database through the application and a few
command lines (rename, merge, undo, export/import, db check)."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from itertools import combinations

import pytest

from scorekeeper.app import Application
from scorekeeper.app import club as app_club
from scorekeeper.core import club
from scorekeeper.core.club import Result, SeasonRule
from scorekeeper.core.errors import InputError, StateError


def game(sid: str, *places, variant: str = "rummy500", created: str | None = None) -> Result:
    """A finished game: ``places`` are (rank, "Ann") or (rank, ("Ann", "Cy")) in finishing order."""
    return Result(sid, variant, created or f"2026-03-{int(sid[1:]) % 28 + 1:02d}T20:00:00+00:00",
                  tuple((rank, side if isinstance(side, tuple) else (side,)) for rank, side in places))


# -- placement points ---------------------------------------------------------------------------------


def test_default_points_are_the_sides_beaten_and_ties_share():
    # 4 players, places 1, 2, 2, 4: first beats 3; the two second share places 2 and 3, worth 2 and 1
    # (4 - 2 and 4 - 3), so 1.5 each; last beats no one
    g = game("g1", (1, "Ann"), (2, "Bob"), (2, "Cy"), (4, "Dee"))
    assert club.game_points(g) == {"Ann": 3, "Bob": Fraction(3, 2), "Cy": Fraction(3, 2), "Dee": 0}


def test_given_points_two_tied_for_second_under_10_6_4_get_5_each():
    # SPEC §9's own example: places 2 and 3 are worth 6 and 4: (6 + 4) / 2 = 5 each
    g = game("g1", (1, "Ann"), (2, "Bob"), (2, "Cy"))
    assert club.game_points(g, (10, 6, 4)) == {"Ann": 10, "Bob": 5, "Cy": 5}
    # past the end of the list a place is worth 0: 5 players under 10,6 → 10, 6, 0, 0, 0
    g5 = game("g2", (1, "A"), (2, "B"), (3, "C"), (4, "D"), (5, "E"))
    assert club.game_points(g5, (10, 6)) == {"A": 10, "B": 6, "C": 0, "D": 0, "E": 0}


def test_partners_get_their_sides_place():
    # Canasta, Ann+Cy beat Bob+Dee: two places, the winners beat one side (1 point each), the others 0
    g = game("g1", (1, ("Ann", "Cy")), (2, ("Bob", "Dee")), variant="canasta")
    assert club.game_points(g) == {"Ann": 1, "Cy": 1, "Bob": 0, "Dee": 0}
    assert club.game_points(g, (10, 6)) == {"Ann": 10, "Cy": 10, "Bob": 6, "Dee": 6}


def test_places_of_puts_the_named_winner_first_among_equal_totals():
    # a tie on the total played on until Bob won: Bob first, Ann second, Cy third
    assert club.places_of([(1, ("Ann",)), (1, ("Bob",)), (3, ("Cy",))], ["Bob"]) == (
        (1, ("Bob",)), (2, ("Ann",)), (3, ("Cy",)))
    # a shared win stays shared
    assert club.places_of([(1, ("Ann",)), (1, ("Bob",)), (3, ("Cy",))], ["Ann", "Bob"]) == (
        (1, ("Ann",)), (1, ("Bob",)), (3, ("Cy",)))


def test_bad_points_and_tiebreaks_are_refused():
    assert club.parse_points("10, 6,4") == (10, 6, 4)
    for bad in ("10,x", "4,6", "-1", ""):
        with pytest.raises(InputError) as e:
            club.parse_points(bad)
        assert e.value.code == "season.points"
    assert club.parse_tiebreak("average,wins") == ("average", "wins")
    with pytest.raises(InputError):
        club.parse_tiebreak("luck")


# -- a season worked by hand ----------------------------------------------------------------------------

#: Six games of three or four players. Points (default: sides beaten):
#:   s1: Ann 1st of 3 (2), Bob 2nd (1), Cy 3rd (0)
#:   s2: Bob 1st of 3 (2), Ann 2nd (1), Dee 3rd (0)
#:   s3: Cy 1st of 4 (3), Ann and Bob tied 2nd: places 2 and 3 worth 2 and 1: 1.5 each, Dee 4th (0)
#:   s4: Dee 1st of 3 (2), Cy 2nd (1), Eve 3rd (0)
#:   s5: Ann 1st of 3 (2), Cy 2nd (1), Bob 3rd (0)
#:   s6: Bob 1st of 3 (2), Dee 2nd (1), Cy 3rd (0)
#: Totals: Ann 2+1+1.5+2 = 6.5 (4 games, 2 wins, places 1,2,2,1: average 1.5)
#:         Bob 1+2+1.5+0+2 = 6.5 (5 games, 2 wins, places 2,1,2,3,1: average 1.8)
#:         Cy 0+3+1+1+0 = 5 (5 games, 1 win), Dee 0+0+2+1 = 3 (4 games, 1 win), Eve 0 (1 game)
SEASON = [
    game("s1", (1, "Ann"), (2, "Bob"), (3, "Cy")),
    game("s2", (1, "Bob"), (2, "Ann"), (3, "Dee")),
    game("s3", (1, "Cy"), (2, "Ann"), (2, "Bob"), (4, "Dee")),
    game("s4", (1, "Dee"), (2, "Cy"), (3, "Eve")),
    game("s5", (1, "Ann"), (2, "Cy"), (3, "Bob")),
    game("s6", (1, "Bob"), (2, "Dee"), (3, "Cy")),
]


def line(standings, name):
    return next(s for s in standings if s.name == name)


def test_season_standings_with_the_default_tiebreak():
    table = club.standings(SEASON)
    # Ann and Bob both have 6.5 points and 2 wins; Ann's average place 1.5 beats Bob's 1.8
    assert [(s.name, s.rank, s.points) for s in table] == [
        ("Ann", 1, Fraction(13, 2)), ("Bob", 2, Fraction(13, 2)), ("Cy", 3, 5), ("Dee", 4, 3), ("Eve", 5, 0)]
    assert (line(table, "Bob").games, line(table, "Bob").wins, line(table, "Bob").average) == (5, 2, Fraction(9, 5))


def test_head_to_head_decides_when_wins_and_average_are_equal():
    # Ann and Bob met in s1 (Ann ahead), s2 (Bob ahead), s3 (tied), s5 (Ann ahead): Ann ahead 2 to 1.
    # With head-to-head alone as the tiebreak Ann is first
    table = club.standings(SEASON, SeasonRule(tiebreak=("head-to-head",)))
    assert [s.name for s in table[:2]] == ["Ann", "Bob"]
    # with wins alone both have 2: they share rank 1 and the next rank is 3
    table = club.standings(SEASON, SeasonRule(tiebreak=("wins",)))
    assert [(s.name, s.rank) for s in table[:3]] == [("Ann", 1), ("Bob", 1), ("Cy", 3)]


def test_best_n_counts_a_players_best_games():
    # best 2: Ann 2 + 2 = 4; Bob 2 + 2 = 4; Cy 3 + 1 = 4; Dee 2 + 1 = 3; Eve 0.
    # Ann, Bob, Cy tie on 4 points; wins: Ann 2, Bob 2, Cy 1 → Cy third; Ann (1.5) ahead of Bob (1.8)
    table = club.standings(SEASON, SeasonRule(best=2))
    assert [(s.name, s.rank, s.points, s.counted) for s in table] == [
        ("Ann", 1, 4, 2), ("Bob", 2, 4, 2), ("Cy", 3, 4, 2), ("Dee", 4, 3, 2), ("Eve", 5, 0, 1)]


def test_minimum_games_puts_players_below_the_line():
    # at least 5 games: Bob and Cy ranked (Bob 6.5, Cy 5); Ann (4), Dee (4) and Eve (1) below, by points
    table = club.standings(SEASON, SeasonRule(min_games=5))
    assert [(s.name, s.rank, s.ranked) for s in table] == [
        ("Bob", 1, True), ("Cy", 2, True), ("Ann", None, False), ("Dee", None, False), ("Eve", None, False)]


def test_given_points_in_a_season():
    # 10,6,4: s1 Ann 10 Bob 6 Cy 4; s2 Bob 10 Ann 6 Dee 4; s3 (4 players: 4th gets 0) Cy 10, Ann and Bob
    # (6 + 4) / 2 = 5, Dee 0; s4 Dee 10 Cy 6 Eve 4; s5 Ann 10 Cy 6 Bob 4; s6 Bob 10 Dee 6 Cy 4
    # Ann 10+6+5+10 = 31; Bob 6+10+5+4+10 = 35; Cy 4+10+6+6+4 = 30; Dee 4+0+10+6 = 20; Eve 4
    table = club.standings(SEASON, SeasonRule(points=(10, 6, 4)))
    assert [(s.name, s.points) for s in table] == [("Bob", 35), ("Ann", 31), ("Cy", 30), ("Dee", 20), ("Eve", 4)]


# -- names -----------------------------------------------------------------------------------------------


def test_renames_and_merges_apply_to_the_sessions_they_name():
    stored = {"a": ["Ann", "Bob"], "b": ["ann", "Cy"], "c": ["Ann", "Dee"]}
    changes = [club.Change("merge", "ann", "Ann", ("b",)), club.Change("rename", "Ann", "Anna", ("a", "b"))]
    # c began after the rename (not among its sessions): its Ann is still Ann
    assert club.names_in(changes, stored) == {"a": {"Ann": "Anna"}, "b": {"ann": "Anna"}}
    assert club.look_alikes(["Ann", "ann", "Bob", "Ann Lee", "annlee"]) == [["Ann", "ann"], ["Ann Lee", "annlee"]]
    assert club.look_alike("ANN", ["Ann", "Bob"]) == ["Ann"]


# -- tables and seating -------------------------------------------------------------------------------------


@pytest.mark.parametrize("count,least,most,sizes", [
    (10, 2, 6, [4, 3, 3]), (9, 2, 6, [5, 4]), (6, 2, 6, [3, 3]), (8, 2, 6, [4, 4]), (7, 2, 6, [4, 3]),
    (11, 2, 6, [4, 4, 3]), (12, 2, 6, [4, 4, 4]), (13, 2, 6, [5, 4, 4]), (14, 2, 6, [4, 4, 3, 3]),
    (16, 2, 6, [4, 4, 4, 4]), (5, 2, 6, [5]), (9, 2, 4, [3, 3, 3]), (10, 2, 2, [2] * 5), (12, 4, 4, [4, 4, 4]),
])
def test_table_sizes(count, least, most, sizes):
    assert club.table_sizes(count, least, most) == sizes


def test_tables_never_below_the_minimum():
    with pytest.raises(InputError) as e:
        club.table_sizes(3, 4, 6)
    assert e.value.code == "evening.too_few"
    with pytest.raises(InputError) as e:
        club.table_sizes(7, 2, 2)  # a two-player game for an odd number of players
    assert e.value.message == ("7 players cannot all be seated at tables of 2 players: add or leave out a "
                               "player.")  # one number, not "2 to 2"
    with pytest.raises(InputError) as e:
        club.table_sizes(6, 4, 4)  # tables of exactly 4 cannot seat 6
    assert e.value.code == "evening.cannot_seat.exact"
    with pytest.raises(InputError) as e:
        club.table_sizes(7, 4, 6)  # of 4 to 6: neither 4+3 (no 3) nor two tables of 4 or more
    assert e.value.code == "evening.cannot_seat" and e.value.facts["least"] == 4


def test_next_round_meets_again_as_rarely_as_possible():
    players = [f"P{i:02d}" for i in range(12)]
    first = club.seat(players, [4, 4, 4])
    assert first == [players[0:4], players[4:8], players[8:12]]
    second = club.seat(players, [4, 4, 4], [first], seed="x")
    # each table of 4 draws on three tables of round 1: at least one pair met before, at every table;
    # the seating reaches that least: exactly one pair again at each table
    met, _ = club.meetings([first])
    again = [sum(1 for pair in combinations(sorted(t), 2) if pair in met) for t in second]
    assert again == [1, 1, 1]
    assert sorted(p for t in second for p in t) == sorted(players)
    # the same evening seats the same way (seeded)
    assert club.seat(players, [4, 4, 4], [first], seed="x") == second


@pytest.mark.parametrize("count", [10, 13, 16])
def test_an_evening_of_three_rounds(count):
    players = [f"P{i:02d}" for i in range(count)]
    sizes = club.table_sizes(count, 2, 6)
    rounds = [club.seat(players, sizes)]
    for _ in range(2):
        rounds.append(club.seat(players, sizes, rounds, seed="evening"))
    for tables in rounds:
        assert sorted(len(t) for t in tables) == sorted(sizes)
        assert sorted(p for t in tables for p in t) == sorted(players)
    # round 2 against round 1: a table of k players drawn from the round-1 tables meets at least
    # (k - number of round-1 tables) pairs again when it has more players than there were tables; the
    # cost of round 2 is never above seating round 1's tables again
    met, _ = club.meetings(rounds[:1])
    assert club.seating_cost(rounds[1], met, {}) < club.seating_cost(rounds[0], met, {})


def test_partners_differ_in_a_partnership_game():
    players = ["A", "B", "C", "D", "E", "F", "G", "H"]
    first = club.seat(players, [4, 4])
    # Canasta seats partners facing: seats 1 and 3, 2 and 4
    assert club.partners(first[0], 2) == [("A", "C"), ("B", "D")]
    rounds = [first]
    for _ in range(2):
        rounds.append(club.seat(players, [4, 4], rounds, side_size=2, seed="c"))
    pairs = [pair for tables in rounds for t in tables for pair in club.partners(t, 2)]
    assert len(pairs) == len(set(pairs)), "no one partners the same person twice in three rounds"


# -- ratings ------------------------------------------------------------------------------------------------


def club_history(seed: int = 7, games: int = 360):
    """Several hundred finished games across six variants among 40 people, some with ties, Canasta in
    sides of two, over two seasons (March–May and June–August 2026)."""
    rng = random.Random(seed)
    people = [f"Player{i:02d}" for i in range(40)]
    variants = ["rummy500", "gin", "contract", "carousel", "crazy", "canasta"]
    out = []
    for n in range(games):
        variant = variants[n % 6]
        month = 3 + n * 6 // games
        created = f"2026-{month:02d}-{n % 27 + 1:02d}T19:{n % 60:02d}:00+00:00"
        if variant == "gin":
            a, b = rng.sample(people, 2)
            places = ((1, (a,)), (1 if n % 17 == 0 else 2, (b,)))
        elif variant == "canasta":
            a, b, c, d = rng.sample(people, 4)
            places = ((1, (a, c)), (2, (b, d)))
        else:
            seat = rng.sample(people, rng.choice([3, 4, 5]))
            ranks = [1]
            for i in range(1, len(seat)):
                ranks.append(ranks[-1] if rng.random() < 0.15 else i + 1)
            places = tuple((r, (p,)) for r, p in zip(ranks, seat))
        out.append(Result(f"{n:08x}", variant, created, places))
    return out


def test_ratings_are_openskills_own_computation():
    from openskill.models import ThurstoneMostellerFull

    history = club_history()
    assert len(history) >= 300 and len({p for g in history for p in g.players}) == 40
    for variant in ("rummy500", "canasta", "gin"):
        games = [g for g in history if g.variant == variant]
        ours = app_club.rate(games)
        # openskill directly: one model, every player a rating, each game rated in order
        model = ThurstoneMostellerFull()
        theirs: dict = {}
        for g in games:
            teams = [[theirs.setdefault(n, model.rating(name=n)) for n in side] for _, side in g.places]
            new = model.rate(teams, ranks=[r for r, _ in g.places])
            for team in new:
                for player in team:
                    theirs[player.name] = player
        assert set(ours) == set(theirs)
        for name, r in theirs.items():
            assert ours[name]["mu"] == r.mu and ours[name]["sigma"] == r.sigma


def test_tied_players_are_rated_alike_and_above_the_next():
    # places 1, 1, 3, 4 (the case): the co-winners equal, the third below them
    rated = app_club.rate([game("t1", (1, "A"), (1, "B"), (3, "C"), (4, "D"))])
    assert rated["A"]["mu"] == rated["B"]["mu"] > rated["C"]["mu"] > rated["D"]["mu"]


def test_the_rating_scale():
    from statistics import NormalDist

    beta = 25 / 6
    # a new player (mu 25, sigma 25/3: ordinal 0) shows 1000
    assert app_club.shown_rating(25, 25 / 3, beta, 25, 25 / 3) == 1000
    # two settled players 100 points apart: the chance the first finishes ahead is Φ(Δμ / (√2 β)) = 0.64
    per = app_club.scale(beta)
    gap = 100 / per
    assert abs(NormalDist().cdf(gap / (2 ** 0.5 * beta)) - 0.64) < 1e-9
    assert round(per, 2) == 47.34  # 100 / (0.358459 × 5.892557)


# -- through the application: rename, merge, undo, export and import, db check -------------------------


def finish(app: Application, variant_players: list[str], lines: list[str]) -> str:
    doc = app.new("rummy500", variant_players, ["target=100"])
    app.record_hand(lines, form="line")
    return doc["session"]


@pytest.fixture
def small(tmp_path):
    """Three finished Rummy 500 games to 100: ann, Ann (two spellings), Bob, Cy, Dee."""
    app = Application(tmp_path / "db")
    s1 = finish(app, ["Ann", "Bob", "Cy"], ["Ann: 100 -0", "Bob: 30 -10", "Cy: 0 -20"])  # Ann 100, Bob 20, Cy -20
    s2 = finish(app, ["ann", "Bob", "Dee"], ["ann: 20 -5", "Bob: 120 -0", "Dee: 15 -5"])  # Bob 120, ann 15, Dee 10
    s3 = finish(app, ["Cy", "Dee", "Bob"], ["Cy: 110 -0", "Dee: 55 -5", "Bob: 55 -5"])  # Cy 110, Dee = Bob 50
    return app, (s1, s2, s3)


def test_players_merge_rename_undo(small, tmp_path):
    app, (s1, s2, s3) = small
    files = {p.name: p.read_bytes() for p in (tmp_path / "db" / "sessions").iterdir()}
    doc = app.players()
    assert doc["maybe_same"] == [["Ann", "ann"]]
    assert {p["name"]: (p["games"], p["wins"]) for p in doc["players"]} == {
        "Ann": (1, 1), "ann": (1, 0), "Bob": (3, 1), "Cy": (2, 1), "Dee": (2, 0)}
    assert app.look_alikes(["ANN", "Bob"]) == [{"typed": "ANN", "known": ["Ann", "ann"]}]
    with pytest.raises(InputError) as e:
        app.rename_player("Ann", "Bob")
    assert e.value.code == "players.rename_taken"
    assert e.value.message == ("Bob is already a player's name here; if Ann and Bob are one person, "
                               "`scorekeeper players merge Ann Bob` joins them.")
    with pytest.raises(InputError) as e:
        app.merge_players("Cy", "Bob")  # they sat at one table
    assert e.value.code == "players.same_table"
    assert app.merge_players("ann", "Ann")["sessions"] == [s2]
    for typed, said in (("ann", "Ann"), (" ANN", "Ann"), ("dee", "Dee")):  # a name like someone's is theirs
        with pytest.raises(InputError) as e:
            app.rename_player("Bob", typed)
        assert e.value.code == "players.rename_taken" and e.value.facts["new"] == said
    with pytest.raises(InputError) as e:
        app.rename_player("Bob", "Bob: 2")  # ":" ends a name in the one-line form
    assert e.value.code == "player.name_colon"
    assert sorted(app.rename_player("Bob", "Robert")["sessions"]) == sorted([s1, s2, s3])
    doc = app.players()
    assert doc["maybe_same"] == []
    assert {p["name"]: (p["games"], p["wins"]) for p in doc["players"]} == {
        "Ann": (2, 1), "Robert": (3, 1), "Cy": (2, 1), "Dee": (2, 0)}
    # everywhere: the standings and history of a session, the stats, the season, the ratings
    assert [p["name"] for p in app.standings(s2)["players"]] == ["Robert", "Ann", "Dee"]
    assert app.history(s2)["hands"][0]["scores"] == {"Ann": 15, "Robert": 120, "Dee": 10}
    assert "Robert" in {p["name"] for p in app.stats()["variants"][0]["players"]}
    app.season_new("all")
    # season (sides beaten): s1 Ann 2 Bob 1 Cy 0; s2 Bob 2 ann 1 Dee 0; s3 Cy 2, Dee and Bob tied 2nd
    # sharing places 2 and 3 (1 + 0) / 2 = 0.5 each. Robert 1 + 2 + 0.5 = 3.5, Ann 3, Cy 2, Dee 0.5
    lines = app.season_standings("all")["players"]
    assert [(p["name"], p["points"]) for p in lines] == [("Robert", 3.5), ("Ann", 3), ("Cy", 2), ("Dee", 0.5)]
    names = {p["name"] for v in app.ratings()["variants"] for p in v["players"]}
    assert names == {"Ann", "Robert", "Cy", "Dee"}
    # nothing about the sessions changed: their files are as they were
    assert {p.name: p.read_bytes() for p in (tmp_path / "db" / "sessions").iterdir()} == files
    # undo takes back the rename, then the merge; then there is nothing to undo
    assert app.undo_players()["new"] == "Robert"
    assert [p["name"] for p in app.standings(s2)["players"]] == ["Bob", "Ann", "Dee"]
    assert app.undo_players()["kind"] == "merge"
    with pytest.raises(StateError):
        app.undo_players()
    assert app.players()["maybe_same"] == [["Ann", "ann"]]
    # the session's own undo leaves the roster alone: a merge, then a hand undone
    app.merge_players("ann", "Ann")
    app.new("rummy500", ["Ann", "Bob"])
    app.record_hand(["Ann: 10 -0", "Bob: 5 -5"], form="line")
    app.undo()
    assert app.players()["maybe_same"] == []


def test_export_import_and_db_check_keep_the_roster(small, tmp_path):
    app, (s1, s2, s3) = small
    app.merge_players("ann", "Ann")
    app.rename_player("Bob", "Robert")
    app.season_new("spring", points="10,6,4", best=2)
    text = app.export(all_=True, format_="json")["text"]
    assert json.loads(text)["club"]["roster"][1]["new"] == "Robert"
    other = Application(tmp_path / "other")
    assert other.import_("-", text=text)["imported"] == 3
    assert other.players() == app.players()
    assert other.season_standings("spring") == app.season_standings("spring")
    # the same file again adds nothing: no session, no rename twice
    assert other.import_("-", text=text)["imported"] == 0
    assert len(json.loads((tmp_path / "other" / "club.json").read_text())["roster"]) == 2
    assert other.db_check()["ok"]
    # taken back there, an export made before the undo brings nothing back ...
    assert other.undo_players()["new"] == "Robert"
    other.import_("-", text=text)
    assert "Bob" in {p["name"] for p in other.players()["players"]}
    # ... and an export made after it takes the rename back where it is imported
    app.import_("-", text=other.export(all_=True, format_="json")["text"])
    assert {p["name"] for p in app.players()["players"]} == {"Ann", "Bob", "Cy", "Dee"}
    (tmp_path / "other" / "club.json").write_text('{"club": 1, "roster": [{"kind": "rename"}]}')
    check = other.db_check()
    assert not check["ok"]
    (found,) = [p for p in check["problems"] if p["file"].endswith("club.json")]
    assert "its rename or merge 1 is not what the club file holds" in found["problem"]


def test_evening_through_the_application(tmp_path):
    app = Application(tmp_path / "db")
    names = [f"P{i}" for i in range(10)]
    doc = app.evening_new("Club night", names, "rummy500")
    assert [len(t["players"]) for t in doc["tables"]] == [4, 3, 3]
    assert doc["tables"][0]["command"] == ["scorekeeper", "new", "rummy500", "P0", "P1", "P2", "P3",
                                           "--title", "Club night · 1/1"]
    second = app.evening_next()
    assert second["round"] == 2 and app.evening_show() == second
    # table 1 of round 2 plays and finishes; evening standings count it
    t = second["tables"][0]["players"]
    app.new("rummy500", t, ["target=100"])
    app.record_hand([f"{t[0]}: 100 -0"] + [f"{p}: 5 -5" for p in t[1:]], form="line")
    st = app.evening_standings()
    assert st["games"] == 1 and [x["finished"] for x in st["tables"]].count(True) == 1
    # the winner beat the other three sides (3 points); the others tie for second, sharing places
    # 2, 3, 4 of a table of n: ((n-2) + (n-3) + ... + 0) / (n-1)
    n = len(t)
    shared = sum(range(n - 1)) / (n - 1)
    assert {p["name"]: p["points"] for p in st["players"]} == {t[0]: n - 1, **{p: shared for p in t[1:]}}
    # the winner renamed after the game: the table keeps its session, said with the new name
    app.rename_player(t[0], "Champion")
    st = app.evening_standings()
    played = next(x for x in st["tables"] if (x["round"], x["table"]) == (2, 1))
    assert st["games"] == 1 and played["session"] is not None
    assert played["players"][0] == "Champion" and st["players"][0]["name"] == "Champion"


def test_the_command_line(tmp_path):
    env = {"SCOREKEEPER_DB": str(tmp_path / "db"), "NO_COLOR": "1", "COLUMNS": "100", "PATH": "/usr/bin:/bin"}

    def sk(*args):
        return subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, capture_output=True, text=True)

    assert sk("new", "rummy500", "Ann", "Bob").returncode == 0
    made = sk("new", "rummy500", "ann", "Cy")
    assert "differs from Ann only in case or spaces" in made.stderr
    out = sk("players")
    assert "Maybe the same person: Ann and ann" in out.stdout
    bad = sk("players", "merge", "Bob", "Zed")
    assert bad.returncode == 2 and bad.stdout == "" and "Zed" in bad.stderr
    assert json.loads(sk("players", "merge", "ann", "Ann", "--json").stdout)["new"] == "Ann"
    assert sk("season", "standings", "nope").returncode == 2
    assert json.loads(sk("ratings", "--json").stdout)["variants"] == []
    ev = sk("evening", "new", "Night", "--variant", "gin", "--players", "A", "B", "C", "D")
    assert ev.returncode == 0 and "scorekeeper new gin A B --title 'Night · 1/1'" in ev.stdout
    assert sk("players", "undo").returncode == 0
    assert sk("players", "undo").returncode == 2


def test_each_table_gets_its_new_command_and_a_qr_code_on_a_terminal(cli):
    # on a terminal (FORCE_COLOR makes rich take the output for one) each table's command comes with
    # a QR code of it in half blocks, as `serve` draws its address; a pipe gets the commands alone
    shown = cli("evening", "new", "Night", "--variant", "gin", "--players", "Ann", "Bob", "Cy", "Dee",
                env={"FORCE_COLOR": "1", "NO_COLOR": "1", "COLUMNS": "100"})
    assert shown.exit_code == 0
    assert "scorekeeper new gin Ann Bob --title 'Night · 1/1'" in shown.stdout
    assert "scorekeeper new gin Cy Dee --title 'Night · 1/2'" in shown.stdout
    from scorekeeper.cli.render.board import qr_lines

    for command in ("scorekeeper new gin Ann Bob --title 'Night · 1/1'",
                    "scorekeeper new gin Cy Dee --title 'Night · 1/2'"):
        assert "\n".join(qr_lines(command, colour=False)) in shown.stdout
    piped = cli("evening", "show")
    assert piped.exit_code == 0 and "▀" not in piped.stdout and "█" not in piped.stdout
    assert "scorekeeper new gin Cy Dee --title 'Night · 1/2'" in piped.stdout


# -- a season's standings as a file (export --season NAME) -------------------------------------------------

#: the small club's season "spring", at least 2 games to be ranked, after Cy is renamed <b>Cy</b> & "Co":
#: s1 Ann 1st of 3 (2), Bob 2nd (1), Cy 3rd (0); s2 Bob 1st (2), ann 2nd (1), Dee 3rd (0); s3 Cy 1st (2),
#: Dee and Bob tied 2nd sharing places 2 and 3 (1 + 0) / 2 = 0.5 each.
#: Bob 1 + 2 + 0.5 = 3.5 in 3 games, 1 win, places 2, 1, 2: average 5/3 = 1.67
#: Cy 0 + 2 = 2 in 2 games, 1 win, places 3, 1: 2.00; Dee 0 + 0.5 = 0.5 in 2 games, places 3, 2: 2.50
#: below the line (1 game each): Ann 2 (a win, 1.00), ann 1 (2.00)
NASTY = '<b>Cy</b> & "Co"'


@pytest.fixture
def spring(small):
    app, ids = small
    app.rename_player("Cy", NASTY)
    app.season_new("spring", title="Spring <cup> & more", min_games=2)
    return app


def test_a_seasons_standings_in_markdown(spring):
    text = spring.export(season="spring", format_="md")["text"]
    day = text.rsplit("Exported ", 1)[1][:10]
    assert text == f"""# Season spring

- Spring \\<cup\\> \\& more
- Games: 3 · points: sides beaten · best counted: all · games to be ranked: 2

| # | Name | Points | Games | Wins | Average place |
|--:|---|--:|--:|--:|--:|
| 1 | Bob | 3.50 | 3 | 1 | 1.67 |
| 2 | \\<b\\>Cy\\</b\\> \\& "Co" | 2 | 2 | 1 | 2.00 |
| 3 | Dee | 0.50 | 2 | 0 | 2.50 |

Not ranked yet (fewer than 2 games):

| # | Name | Points | Games | Wins | Average place |
|--:|---|--:|--:|--:|--:|
|  | Ann | 2 | 1 | 1 | 1.00 |
|  | ann | 1 | 1 | 0 | 2.00 |

Exported {day}.
"""


def test_a_seasons_standings_in_csv(spring):
    doc = spring.export(season="spring", format_="csv")
    assert (doc["format"], doc["season"], doc["sessions"]) == ("csv", "spring", 3)
    assert doc["text"] == ("rank,name,points,games,counted,wins,average,ranked\n"
                           "1,Bob,3.5,3,3,1,1.67,yes\n"
                           '2,"<b>Cy</b> & ""Co""",2,2,2,1,2.00,yes\n'
                           "3,Dee,0.5,2,2,0,2.50,yes\n"
                           ",Ann,2,1,1,1,1.00,no\n"
                           ",ann,1,1,1,0,2.00,no\n")


def test_a_seasons_standings_as_a_web_page(spring, tmp_path):
    from html.parser import HTMLParser

    page = tmp_path / "spring.html"
    doc = spring.export(season="spring", output=page)  # the format from the extension
    assert doc["format"] == "html" and doc["output"] == str(page)
    text = page.read_text(encoding="utf-8")
    # self-contained: no script, nothing loaded from elsewhere
    for loads in ("<script", "src=", "href=", "url(", "@import", "<link", "<iframe"):
        assert loads not in text.lower()
    # every name and title escaped: the page's own tags only
    assert "&lt;b&gt;Cy&lt;/b&gt; &amp; &quot;Co&quot;" in text and "<b>" not in text
    assert "Spring &lt;cup&gt; &amp; more" in text

    class Read(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags, self.rows, self.cell, self.text = [], [], None, []

        def handle_starttag(self, tag, attrs):
            self.tags.append(tag)
            if tag == "tr":
                self.rows.append([])
            if tag in ("td", "th"):
                self.cell = ""

        def handle_endtag(self, tag):
            if tag in ("td", "th"):
                self.rows[-1].append(self.cell)
                self.cell = None

        def handle_data(self, data):
            if self.cell is not None:
                self.cell += data
            self.text.append(data)

    read = Read()
    read.feed(text)
    assert read.tags[:4] == ["html", "head", "meta", "meta"] and "title" in read.tags and "style" in read.tags
    assert set(read.tags) <= {"html", "head", "meta", "title", "style", "body", "main", "h1", "ul", "li", "p",
                              "table", "thead", "tbody", "tr", "th", "td", "footer"}
    heads = ["#", "Name", "Points", "Games", "Wins", "Average place"]
    assert read.rows == [heads, ["1", "Bob", "3.50", "3", "1", "1.67"], ["2", NASTY, "2", "2", "1", "2.00"],
                         ["3", "Dee", "0.50", "2", "0", "2.50"],
                         heads, ["", "Ann", "2", "1", "1", "1.00"], ["", "ann", "1", "1", "0", "2.00"]]
    assert '<html lang="en">' in text and '<meta charset="utf-8">' in text


def test_a_seasons_web_page_in_ukrainian(spring):
    from scorekeeper.locale import speak

    speak("uk")  # (English again after the test: conftest)
    text = spring.export(season="spring", format_="html")["text"]
    assert '<html lang="uk">' in text and "Сезон spring" in text and "3,50" in text


def test_export_season_refusals_and_the_command_line(spring, cli, tmp_path):
    cli.db = str(spring.store.root)
    for args, said in ((["--season", "spring", "--format", "json"],
                        '"json" is not a format of a season\'s standings: use md, csv or html.'),
                       (["--season", "spring", "--all"],
                        "Give either --season or sessions (--session, --all) to export, not both."),
                       (["--season", "autumn"], "There is no season called \"autumn\" (seasons: spring)."),
                       (["html"], "html is the format of a season's standings: give the season with --season."),
                       (["-o", str(tmp_path / "x.html")],
                        "html is the format of a season's standings: give the season with --season.")):
        r = cli("--db", spring.store.root, "export", *args)
        assert r.exit_code == 2 and r.stdout == "", (args, r.output)
        assert r.stderr.strip() == said
    assert not (tmp_path / "x.html").exists()
    r = cli("--db", spring.store.root, "export", "--season", "spring", "csv", "-o", tmp_path / "s.csv")
    assert r.exit_code == 0 and r.stderr.strip() == f"Exported the standings of season spring as csv to {tmp_path / 's.csv'}."
    assert (tmp_path / "s.csv").read_text().startswith("rank,name,points")


def test_a_damaged_club_file_never_stops_a_game(small, tmp_path, cli):
    app, (s1, s2, s3) = small
    app.rename_player("Bob", "Robert")
    club_json = tmp_path / "db" / "club.json"
    club_json.write_text('{"club": 1, "seasons": [{"name": ""}]}')
    said = ("The club file {} is damaged (its season 1 is not what the club file holds)".format(club_json))
    # a session's commands go on, with the names as typed, and say why on standard error
    shown = cli("--db", tmp_path / "db", "standings", "--session", s2)
    assert shown.exit_code == 0 and "Bob" in shown.stdout and "Robert" not in shown.stdout
    assert shown.stderr.startswith(said + ": names are shown as typed in the games")
    assert cli("--db", tmp_path / "db", "new", "rummy500", "ann", "Zed").exit_code == 0
    assert "Bob" in {p["name"] for p in app.stats()["variants"][0]["players"]}
    # an export of everything carries the sessions without the club part, and says so
    doc = app.export(all_=True, format_="json")
    assert "club" not in json.loads(doc["text"]) and doc["notices"][0].startswith(said + ": the export carries")
    # the club's own commands stop with one sentence (exit 1), the file left as it is
    refused = cli("--db", tmp_path / "db", "players")
    assert refused.exit_code == 1 and refused.stdout == ""
    assert refused.stderr.strip() == said + (" and was left as it is: `scorekeeper db check --repair` sets it aside "
                                             "(it is kept), and the club starts again without its renames, seasons "
                                             "and evenings.")
    assert club_json.read_text() == '{"club": 1, "seasons": [{"name": ""}]}'
    # db check says it; --repair sets it aside, kept; then the club starts again
    assert not app.db_check()["ok"]
    repaired = app.db_check(repair=True)
    assert repaired["ok"] and not club_json.exists()
    (kept,) = (tmp_path / "db" / "backups" / "set-aside").glob("club.json*")
    assert kept.read_text() == '{"club": 1, "seasons": [{"name": ""}]}'
    assert {p["name"] for p in app.players()["players"]} == {"Ann", "ann", "Bob", "Cy", "Dee", "Zed"}


def test_the_merge_a_taken_name_suggests_is_quoted_for_the_shell_in_every_language():
    """players.rename_taken offers the `players merge` line to copy: a name with a space, a quote or a
    dollar sign is quoted as a POSIX shell needs (never «…», which a shell passes on as part of the
    name), in every language, and the line typed back gives the two names exactly."""
    import shlex

    from scorekeeper import locale as languages
    from scorekeeper.app.club import merge_command
    from scorekeeper.core import messages

    line = merge_command("Ann Lee", "O'Neil $HOME")
    assert shlex.split(line) == ["scorekeeper", "players", "merge", "Ann Lee", "O'Neil $HOME"]
    for lang in ("en", "uk", "ru", "be"):
        messages.use(languages.translations(lang) if lang != "en" else None, lang)
        try:
            said = InputError("players.rename_taken", old="Ann Lee", new="O'Neil $HOME", command=line).message
        finally:
            messages.use(None)
        assert f"`{line}`" in said, (lang, said)


def test_a_name_holding_a_plus_or_a_comma_is_refused_for_a_new_game_and_a_rename(cli):
    """A new user's "A+B" was taken for a player and could then be named nowhere ("A+B+D: …" and
    --teams read it as two names); "Ann,Bob" likewise. Refused at `new` and `players rename`, in one
    sentence naming the name and the sign; nothing stored."""
    for names, sign in ((["A+B", "C", "D", "E"], "+"), (["Ann,Bob", "Cy"], ",")):
        r = cli("new", "canasta" if sign == "+" else "rummy500", *names)
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr.strip() == (f'"{names[0]}": a player\'s name cannot hold "{sign}" (it separates the '
                                    "players' names in --teams and --carry).")
    assert cli("sessions", "--json").exit_code in (0, 1) and not cli.json("sessions")["sessions"]
    cli.new("rummy500", "Ann", "Bob")
    r = cli("players", "rename", "Ann", "Ann+Bob")
    assert r.exit_code == 2 and "cannot hold \"+\"" in r.stderr
    # nor where names are given for later games: an evening's tables, the usual players
    for args in (("evening", "new", "Night", "--players", "Ann+Cy", "Bob", "Dee"), ("config", "set", "players", "Ann+Cy", "Bob"),
                 ("evening", "new", "Night", "--players", "Ann:", "Bob", "Dee")):
        r = cli(*args)
        assert r.exit_code == 2 and "a player's name cannot hold" in r.stderr, (args, r.stderr)
    assert cli("evening", "show").exit_code != 0 and cli("config", "get", "players").stdout.strip() in ("", "none")
