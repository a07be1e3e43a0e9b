"""The club's acceptance (issue 34): a history of several hundred finished games of six variants
among 40 people over two seasons (tests/club_history.py says who played whom, when and how each
game ended), its season standings worked out by hand, its ratings against openskill's own
computation, renames and merges through undo, export/import and `db check`; a club evening of
10 to 16 people seated by the rules, and its tables' exports merged with `import`.

The history is written once (about a second) and copied where a test changes it."""
from __future__ import annotations

import math
import shutil
from collections import Counter
from itertools import combinations

import pytest

import club_history as ch
from scorekeeper.app import Application

A = [f"P{i:02d}" for i in range(0, 36, 4)]  # the class-a regulars: P00, P04, … P32
B = [f"P{i:02d}" for i in range(1, 36, 4)]
C = [f"P{i:02d}" for i in range(2, 36, 4)]
D = [f"P{i:02d}" for i in range(3, 36, 4)]


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    """The history in a database of its own, with its two seasons; and the plan of its games."""
    db = tmp_path_factory.mktemp("club") / "db"
    games = ch.build(db)
    app = Application(db)
    app.season_new("one", from_=ch.SEASON_ONE[0], to=ch.SEASON_ONE[1], min_games=5)
    app.season_new("two", from_=ch.SEASON_TWO[0], to=ch.SEASON_TWO[1], points="10,6,4,3", min_games=10)
    return db, games


@pytest.fixture
def copy(history, tmp_path):
    """A copy of the history's database, to change."""
    db, games = history
    shutil.copytree(db, tmp_path / "copy")
    return Application(tmp_path / "copy"), games


def lines(doc):
    return [(p["name"], p["rank"], p["points"], p["games"], p["wins"], p["average"]) for p in doc["players"]]


def test_the_history_is_several_hundred_games_of_six_variants_among_40_people(history):
    db, games = history
    app = Application(db)
    # nine regular tables on 36 evenings (324 games) and a second Gin game at each on the 6 Gin
    # evenings (54): 378; the occasional table on evenings 0, 1 and 18-35 (20 games) and its
    # second Gin game on evenings 1, 19, 25, 31 (4): 24. 402 in all
    assert len(games) == 402
    rows = app.sessions()["sessions"]
    assert len(rows) == 402 and all(r["finished"] for r in rows)
    assert {r["variant"] for r in rows} == set(ch.VARIANTS)
    people = {p["name"] for p in app.players()["players"]}
    assert people == set(ch.PEOPLE) | {"p05"} and len(ch.PEOPLE) == 40
    # every game finished in the places the plan says (the plan is made without the program)
    from scorekeeper.app import club

    found = {r.session: r.places for r in club.results(app.store)}
    assert all(found[g.sid] == g.places for g in games)
    assert app.players()["maybe_same"] == [["P05", "p05"]]


def test_season_one_by_hand(history):
    """Season one: evenings 0-17 (three rounds of the six variants), points = sides beaten, ties
    sharing, at least 5 games to be ranked.

    Per game (see tests/club_history.py), with n sides a place p earns n - p, tied sides sharing:
      rummy500 (4 sides): b and c tied 1st share places 1 and 2: (3 + 2) / 2 = 2.5 each; d 3rd 1; a 4th 0
      gin (2 sides each game): a beats b: a 1, b 0; d beats c: d 1, c 0
      contract (4): b 1st 3; a and d tied 2nd share places 2 and 3: (2 + 1) / 2 = 1.5 each; c 4th 0
      crazy (4): c 3, a 2, b 1, d 0
      canasta (2 sides): a+c 1st: 1 each; b+d 0
      indian (4): d 3, a 2, b 1, c 0
    Six evenings:  a 0 + 1 + 1.5 + 2 + 1 + 2 = 7.5    wins 2 (gin, canasta)          places 4+1+2+2+1+2 = 12
                   b 2.5 + 0 + 3 + 1 + 0 + 1 = 7.5    wins 2 (rummy500, contract)   places 1+2+1+3+2+3 = 12
                   c 2.5 + 0 + 0 + 3 + 1 + 0 = 6.5    wins 3 (rummy500, crazy, canasta) places 1+2+4+1+1+4 = 13
                   d 1 + 1 + 1.5 + 0 + 0 + 3 = 6.5    wins 2 (gin, indian)          places 3+1+2+4+2+1 = 13
    Eighteen evenings, one game each: a 22.5 (6 wins, average 36/18 = 2.00), b 22.5 (6, 2.00),
    c 19.5 (9, 39/18 = 2.17), d 19.5 (6, 2.17).
    a and b tie on points, wins and average; head to head (a player of each class sits at every
    table, so a meets one b each evening, never another a): b ahead in rummy500 and contract, a in
    gin, crazy, canasta, indian: +2 for a every six evenings, +6 in all: every a ranks above every b.
    The nine a's are equal on everything (they never meet): they share rank 1, the next rank is 10.
    c and d tie on 19.5; c has 9 wins to d's 6: c's rank 19, d's 28.
    The occasional players came on evenings 0 (rummy500) and 1 (gin): 2 games, below the line of 5:
    P37 (b) 2.5 + 0 = 2.5, 1 win, places 1, 2 (1.50); P38 (c) 2.5 + 0 = 2.5, 1 win, 1.50;
    P39 (d) 1 + 1 = 2, 1 win, places 3, 1 (2.00); P36 (a) 0 + 1 = 1, places 4, 1 (2.50) — by
    points, then wins, average, name.
    """
    db, _ = history
    doc = Application(db).season_standings("one")
    assert doc["games"] == 9 * 18 + 9 * 3 + 1 + 2  # 9 tables × 18 evenings, + 9 × 3 Gin evenings; the occasional table's 3
    expected = ([(n, 1, 22.5, 18, 6, 2.0) for n in A] + [(n, 10, 22.5, 18, 6, 2.0) for n in B]
                + [(n, 19, 19.5, 18, 9, 2.17) for n in C] + [(n, 28, 19.5, 18, 6, 2.17) for n in D]
                + [("P37", None, 2.5, 2, 1, 1.5), ("P38", None, 2.5, 2, 1, 1.5), ("P39", None, 2, 2, 1, 2.0),
                   ("P36", None, 1, 2, 1, 2.5)])
    assert lines(doc) == expected
    assert [p["ranked"] for p in doc["players"]].count(False) == 4


def test_season_one_best_six_by_hand(history):
    """--best 6: each regular's six best games of eighteen (each evening's points three times):
       a: 0, 1, 1.5, 2, 1, 2 → the six best are the six 2s: 12
       b: 2.5, 0, 3, 1, 0, 1 → 3, 3, 3, 2.5, 2.5, 2.5 = 16.5
       c: 2.5, 0, 0, 3, 1, 0 → 3, 3, 3, 2.5, 2.5, 2.5 = 16.5
       d: 1, 1, 1.5, 0, 0, 3 → 3, 3, 3, 1.5, 1.5, 1.5 = 13.5
    b and c tie on 16.5: c has 9 wins to b's 6 (wins count every game played): c first (rank 1,
    nine sharing), b 10, d 19, a 28. The occasional players' two games are their best six."""
    db, _ = history
    doc = Application(db).season_standings("one", best=6)
    expected = ([(n, 1, 16.5, 18, 9, 2.17) for n in C] + [(n, 10, 16.5, 18, 6, 2.0) for n in B]
                + [(n, 19, 13.5, 18, 6, 2.17) for n in D] + [(n, 28, 12, 18, 6, 2.0) for n in A])
    assert lines(doc)[:36] == expected
    assert {p["counted"] for p in doc["players"][:36]} == {6}
    assert [(p["name"], p["points"], p["counted"]) for p in doc["players"][36:]] == [
        ("P37", 2.5, 2), ("P38", 2.5, 2), ("P39", 2, 2), ("P36", 1, 2)]


def test_season_one_head_to_head_alone_leaves_a_tie_shared(history):
    """--tiebreak head-to-head: a above b as worked out above (+6 each). c against d every six
    evenings: c ahead in rummy500 (1st against 3rd), crazy (1st against 4th) and canasta (its side
    1st); d ahead in gin (d beats c), contract (2nd against 4th) and indian (1st against 4th): 3 to
    3, so all eighteen c's and d's stay tied and share rank 19."""
    db, _ = history
    doc = Application(db).season_standings("one", tiebreak="head-to-head")
    ranks = {p["name"]: p["rank"] for p in doc["players"] if p["ranked"]}
    assert {ranks[n] for n in A} == {1} and {ranks[n] for n in B} == {10}
    assert {ranks[n] for n in C + D} == {19}


#: season two under 10,6,4,3 (place p earns the p-th number, tied sides sharing the places they hold):
#:   rummy500: b and c share places 1 and 2: (10 + 6) / 2 = 8 each; d 3rd 4; a 4th 3
#:   gin: the winner 10, the loser 6; contract: b 10; a and d share places 2 and 3: (6 + 4) / 2 = 5; c 3
#:   crazy: c 10, a 6, b 4, d 3; canasta: a, c 10; b, d 6; indian: d 10, a 6, b 4, c 3
#: six evenings: a 3 + 10 + 5 + 6 + 10 + 6 = 40; b 8 + 6 + 10 + 4 + 6 + 4 = 38;
#:               c 8 + 6 + 3 + 10 + 10 + 3 = 40; d 4 + 10 + 5 + 3 + 6 + 10 = 38
#: eighteen evenings: a 120, b 114, c 120, d 114 (everyone, the occasional players too: they came
#: every evening of season two). The upset at evening 35's table 0 (indian, c 1st, b 2nd, a 3rd,
#: d 4th instead of d, a, b, c): P00 (a) 4 instead of 6: 118; P33 (b) 6 instead of 4: 116;
#: P30 (c) 10 instead of 3: 127; P27 (d) 3 instead of 10: 107.
#: P05 was typed p05 on evenings 18-20: rummy500 8 (a win, 1st), gin 6 (2nd), contract 10 (a win,
#: 1st): p05 24 points in 3 games, 2 wins, average 4/3 = 1.33; P05 the other 15: 114 - 24 = 90,
#: 6 - 2 = 4 wins, places 36 - 4 = 32, average 32/15 = 2.13.
C2 = [n for n in C if n != "P30"] + ["P38"]  # the c's at 120
A2 = [n for n in A if n != "P00"] + ["P36"]
B2 = [n for n in B if n not in ("P33", "P05")] + ["P37"]
D2 = [n for n in D if n != "P27"] + ["P39"]


def test_season_two_by_hand_before_and_after_a_merge(copy):
    """Season two (10,6,4,3, at least 10 games). Ties: the c's and a's at 120: c 9 wins (rummy500,
    crazy, canasta each round) against a's 6 (gin, canasta): the c's first. The b's and d's at 114:
    6 wins each (b: rummy500, contract; d: gin, indian), average b 36/18 = 2.00, d 39/18 = 2.17:
    the b's first. Players of one class never meet, so each class shares its rank."""
    app, _ = copy
    before = app.season_standings("two")
    # before the merge: P30 1; the c's 2 (9 sharing); the a's 11 (9); P00 20; P33 21; the b's
    # without P05 22 (8); the d's 30 (9); P27 39; P05 (90, 15 games) 40; p05 (3 games) below the line
    expected = ([("P30", 1, 127, 18, 10, 2.0)] + [(n, 2, 120, 18, 9, 2.17) for n in sorted(C2)]
                + [(n, 11, 120, 18, 6, 2.0) for n in sorted(A2)] + [("P00", 20, 118, 18, 6, 2.06),
                                                                     ("P33", 21, 116, 18, 6, 1.94)]
                + [(n, 22, 114, 18, 6, 2.0) for n in sorted(B2)] + [(n, 30, 114, 18, 6, 2.17) for n in sorted(D2)]
                + [("P27", 39, 107, 18, 5, 2.33), ("P05", 40, 90, 15, 4, 2.13), ("p05", None, 24, 3, 2, 1.33)])
    # (the upset's places: P30 1st instead of 4th: a c's 39 - 3 = 36, average 2.00, and a 10th win;
    #  P00 3rd instead of 2nd: 36 + 1 = 37, 2.06; P33 2nd instead of 3rd: 36 - 1 = 35, 1.94;
    #  P27 4th instead of 1st: 39 + 3 = 42, 2.33, and 5 wins)
    assert lines(before) == expected
    app.merge_players("p05", "P05")
    after = app.season_standings("two")
    # P05 joins the b's: 24 + 90 = 114 in 18 games, 6 wins, average 2.00 — rank 22 with them, nine
    # sharing; the d's move to 31 and P27 to 40
    expected = ([("P30", 1, 127, 18, 10, 2.0)] + [(n, 2, 120, 18, 9, 2.17) for n in sorted(C2)]
                + [(n, 11, 120, 18, 6, 2.0) for n in sorted(A2)] + [("P00", 20, 118, 18, 6, 2.06),
                                                                     ("P33", 21, 116, 18, 6, 1.94)]
                + [(n, 22, 114, 18, 6, 2.0) for n in sorted(B2 + ["P05"])]
                + [(n, 31, 114, 18, 6, 2.17) for n in sorted(D2)] + [("P27", 40, 107, 18, 5, 2.33)])
    assert lines(after) == expected
    assert app.undo_players()["kind"] == "merge"
    assert app.season_standings("two") == before


# -- ratings -----------------------------------------------------------------------------------------


def openskill_ratings(games, rename=None):
    """openskill's own computation, straight from the plan: per variant, the games in the order
    they were played, each side a team, ranked by the plan's places (ties as ties)."""
    from openskill.models import ThurstoneMostellerFull

    rename = rename or {}
    out: dict[str, dict] = {}
    for variant in ch.VARIANTS:
        model = ThurstoneMostellerFull()
        rated: dict = {}
        count: Counter = Counter()
        for g in sorted((g for g in games if g.variant == variant), key=lambda g: g.created):
            teams = [[rated.get(rename.get(n, n)) or model.rating(name=rename.get(n, n)) for n in side]
                     for _, side in g.places]
            for team in model.rate(teams, ranks=[rank for rank, _ in g.places]):
                for player in team:
                    rated[player.name] = player
                    count[player.name] += 1
        out[variant] = {n: (r.mu, r.sigma, count[n]) for n, r in rated.items()}
    return out


def shown(mu, sigma):
    """The number shown (SPEC §9): 1000 for a new player (μ 25, σ 25/3: μ − 3σ = 0), and 100 points
    for a gap of μ − 3σ that means a 64% chance to finish ahead: Φ⁻¹(0.64) · √2 · β, β = 25/6."""
    from statistics import NormalDist

    per = 100 / (NormalDist().inv_cdf(0.64) * math.sqrt(2) * 25 / 6)
    return round(1000 + per * (mu - 3 * sigma))


def check_ratings(doc, theirs):
    assert [v["variant"] for v in doc["variants"]] == sorted(theirs)
    for v in doc["variants"]:
        mine = {p["name"]: p for p in v["players"]}
        assert set(mine) == set(theirs[v["variant"]])
        for name, (mu, sigma, games) in theirs[v["variant"]].items():
            p = mine[name]
            assert (p["mu"], p["sigma"], p["games"]) == (round(mu, 4), round(sigma, 4), games), (v["variant"], name)
            assert p["rating"] == shown(mu, sigma) and p["provisional"] == (games < 5)
        ordered = [p["rating"] for p in v["players"]]
        assert ordered == sorted(ordered, reverse=True)


def test_ratings_are_openskills_own_computation(history):
    db, games = history
    app = Application(db)
    theirs = openskill_ratings(games)
    check_ratings(app.ratings(), theirs)
    # Rummy 500 was played on evenings 0, 6, 12, 18, 24, 30: a regular has 6 rated games; the
    # occasional players came on 0, 18, 24, 30: 4, provisional; p05 1 (evening 18), P05 5
    rummy = {p["name"]: p for p in app.ratings(variant="rummy500")["variants"][0]["players"]}
    assert (rummy["P00"]["games"], rummy["P36"]["games"], rummy["p05"]["games"], rummy["P05"]["games"]) == (6, 4, 1, 5)
    assert rummy["P36"]["provisional"] and not rummy["P00"]["provisional"]
    # a season's ratings: its games alone
    check_ratings(app.ratings(season="two"), openskill_ratings([g for g in games if g.evening >= 18]))


def test_ratings_follow_a_merge_and_its_undo(copy):
    app, games = copy
    app.merge_players("p05", "P05")
    check_ratings(app.ratings(), openskill_ratings(games, {"p05": "P05"}))
    app.undo_players()
    check_ratings(app.ratings(), openskill_ratings(games))


# -- renames and merges: undo, export and import, db check ----------------------------------------


def test_renames_and_merges_survive_undo_export_import_and_db_check(copy, tmp_path):
    app, games = copy
    sessions = {p.name: p.read_bytes() for p in (app.store.root / "sessions").iterdir()}
    before = app.season_standings("two")
    app.merge_players("p05", "P05")
    app.rename_player("P01", "Olena")
    players = app.players()
    assert "P01" not in {p["name"] for p in players["players"]} and players["maybe_same"] == []
    olena = app.player("Olena")
    # P01 (a class-b regular) played on all 36 evenings, one game each
    assert (olena["games"], olena["spellings"]) == (36, ["P01"])
    assert app.player("P05")["spellings"] == ["P05", "p05"] and app.player("P05")["games"] == 36
    two = app.season_standings("two")
    assert next(p for p in two["players"] if p["name"] == "Olena")["rank"] == 22
    # nothing of any session file changed
    assert {p.name: p.read_bytes() for p in (app.store.root / "sessions").iterdir()} == sessions
    # an export of everything, into another database: the same people, seasons and ratings
    text = app.export(all_=True, format_="json")["text"]
    other = Application(tmp_path / "other")
    assert other.import_("-", text=text)["imported"] == 402
    assert other.players() == app.players()
    assert other.season_standings("two") == two and other.season_standings("one") == app.season_standings("one")
    assert other.ratings() == app.ratings()
    # undo there: the rename, then the merge; `db check` reads the club file and finds it sound
    assert other.undo_players()["new"] == "Olena"
    assert "P01" in {p["name"] for p in other.players()["players"]}
    assert other.undo_players()["kind"] == "merge"
    assert other.players()["maybe_same"] == [["P05", "p05"]]
    assert other.season_standings("two") == before
    check = other.db_check()
    assert check["ok"] and check["files"] == 402 + 2  # every session file, the index and the club file


# -- a club evening ------------------------------------------------------------------------------------


def least_repeats(first: list[int], second: list[int]) -> int:
    """The fewest pairs who sat together in a first round of tables of ``first`` sizes that a
    second round of ``second`` sizes must seat together again: over every way of sending x[i][k]
    of round one's table i to round two's table k (rows summing to ``first``, columns to
    ``second``), the least of the sum of x(x − 1)/2. Worked out by trying every way."""
    best = math.inf

    def fill(i: int, left: list[int], cost: int) -> None:
        nonlocal best
        if cost >= best:
            return
        if i == len(first):
            best = cost if not any(left) else best
            return

        def spread(k: int, rest: int, left: list[int], cost: int) -> None:
            if k == len(left):
                if rest == 0:
                    fill(i + 1, left, cost)
                return
            for x in range(min(rest, left[k]) + 1):
                spread(k + 1, rest - x, left[:k] + [left[k] - x] + left[k + 1:], cost + x * (x - 1) // 2)

        spread(0, first[i], left, cost)

    fill(0, list(second), 0)
    return int(best)


def pairs_of(tables):
    return Counter(pair for t in tables for pair in combinations(sorted(t), 2))


@pytest.mark.parametrize("count", range(10, 17))
def test_an_evening_of_10_to_16_people_is_seated_by_the_rules(tmp_path, count):
    app = Application(tmp_path / "db")
    names = [f"Guest{i:02d}" for i in range(count)]
    rounds = [app.evening_new("Club night", names, "rummy500")]
    rounds += [app.evening_next() for _ in range(2)]
    # the tables: as many of 4 as possible, the others of 3 or 5 (10: 4+3+3, 11: 4+4+3, 12: 4+4+4,
    # 13: 5+4+4, 14: 4+4+3+3, 15: 4+4+4+3, 16: 4+4+4+4)
    sizes = {10: [4, 3, 3], 11: [4, 4, 3], 12: [4, 4, 4], 13: [5, 4, 4], 14: [4, 4, 3, 3], 15: [4, 4, 4, 3],
             16: [4, 4, 4, 4]}[count]
    seated = []
    for n, doc in enumerate(rounds, 1):
        tables = [t["players"] for t in doc["tables"]]
        assert doc["round"] == n and [len(t) for t in tables] == sizes
        assert sorted(p for t in tables for p in t) == sorted(names)  # everyone, once
        seated.append(tables)
    # round one seats them in the order given
    assert seated[0][0] == names[:sizes[0]]
    # round two: exactly the fewest repeated meetings any seating allows
    again = sum(pairs_of(seated[0])[pair] for pair in pairs_of(seated[1]))
    assert again == least_repeats(sizes, sizes)
    # round three: no pair meets a third time, and no two players of different tables could swap
    # seats to make fewer repeated meetings (each meeting counted as its square: a third weighs more)
    met = pairs_of(seated[0]) + pairs_of(seated[1])
    assert max((pairs_of(seated[0] + seated[1] + seated[2])).values()) <= 2

    def cost(tables):
        return sum(met[pair] ** 2 for pair in pairs_of(tables))

    third = seated[2]
    for (i, a), (j, b) in combinations([(i, p) for i, t in enumerate(third) for p in t], 2):
        if i != j:
            swapped = [[b if p == a else a if p == b else p for p in t] for t in third]
            assert cost(swapped) >= cost(third), (a, b)
    if count <= 12:  # up to 12 people every seating can be tried (at most 5,775): none is better
        assert cost(third) == min(cost(tables) for tables in seatings(names, sizes))


def seatings(names, sizes):
    """Every way to seat ``names`` at tables of ``sizes``, each once: the first name left sits at a
    table of each size in turn, with every choice of the others there."""
    if not names:
        yield []
        return
    first, rest = names[0], names[1:]
    for size in sorted(set(sizes), reverse=True):
        left_sizes = list(sizes)
        left_sizes.remove(size)
        for others in combinations(rest, size - 1):
            left = [n for n in rest if n not in others]
            for tail in seatings(left, left_sizes):
                yield [[first, *others], *tail]


def test_partners_differ_in_a_partnership_evening(tmp_path):
    """Canasta: four at a table play in two sides, partners facing (seats 1 and 3, 2 and 4)."""
    app = Application(tmp_path / "db")
    names = [f"Guest{i:02d}" for i in range(12)]
    docs = [app.evening_new("Canasta night", names, "canasta")] + [app.evening_next() for _ in range(3)]
    partners = Counter()
    for doc in docs:
        for t in doc["tables"]:
            p = t["players"]
            assert len(p) == 4
            partners.update([tuple(sorted((p[0], p[2]))), tuple(sorted((p[1], p[3])))])
    assert max(partners.values()) == 1, "no one partners the same person twice in four rounds"


def test_the_tables_exports_merge_into_the_club_database_without_doubles(tmp_path, cli):
    """Each table records on its own machine (a database of its own) with the `new` command the
    evening printed, and exports everything; the club's database imports the three files."""
    club = tmp_path / "club"
    doc = Application(club).evening_new("Friday", [f"Guest{i}" for i in range(10)], "rummy500")
    exports = []
    for t in doc["tables"]:
        machine = tmp_path / f"table{t['table']}"
        assert t["command"][:2] == ["scorekeeper", "new"]
        made = cli("--db", machine, *t["command"][1:])  # the command as printed, word for word
        assert made.exit_code == 0, made.output
        first, *others = t["players"]
        # Rummy 500 to 500: the first player 200 a hand (out), the others 20 − 5: 3 hands, 600
        for _ in range(3):
            done = cli("--db", machine, "hand", f"{first}: 200 -0", *[f"{p}: 20 -5" for p in others])
            assert done.exit_code == 0, done.output
        out = tmp_path / f"table{t['table']}.json"
        assert cli("--db", machine, "export", "--all", "--format", "json", "-o", out).exit_code == 0
        exports.append(out)
    app = Application(club)
    assert [app.import_(f)["imported"] for f in exports] == [1, 1, 1]
    standings = app.evening_standings()
    assert standings["games"] == 3 and all(t["finished"] for t in standings["tables"])
    # each table's first player won (3 sides beaten at a table of 4, 2 at a table of 3); the others
    # tie for second, sharing places 2..n: at a table of 4 (2 + 1 + 0) / 3 = 1, of 3 (1 + 0) / 2 = 0.5
    points = {p["name"]: p["points"] for p in standings["players"]}
    for t in doc["tables"]:
        n = len(t["players"])
        assert points[t["players"][0]] == n - 1
        assert {points[p] for p in t["players"][1:]} == {1 if n == 4 else 0.5}
    # the same files again, and a table's export made again: nothing doubles
    assert [app.import_(f)["imported"] for f in exports] == [0, 0, 0]
    machine = tmp_path / "table1"
    assert cli("--db", machine, "export", "--all", "--format", "json", "-o", tmp_path / "again.json").exit_code == 0
    assert app.import_(tmp_path / "again.json")["imported"] == 0
    # a table machine that holds the club's own sessions (imported there earlier) brings no doubles either
    club_file = tmp_path / "club.json"
    app.export(all_=True, format_="json", output=club_file)
    Application(machine).import_(club_file)
    cli("--db", machine, "export", "--all", "--format", "json", "-o", tmp_path / "both.json", "--force")
    assert app.import_(tmp_path / "both.json")["imported"] == 0
    assert len(app.sessions()["sessions"]) == 3
    assert app.evening_standings()["games"] == 3
