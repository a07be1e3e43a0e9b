"""`serve --club` (SPEC §9, issue 34 item 4): the club board — the tables of the evening's round
with their live totals and whether they play or are done, the evening's points, the season's
standings and the ratings — as one document (the application's, then the page's ``club.json``),
served behind the board's own protections: the Host check on this computer, the database's
secret on the network, the page's headers; and the options it takes and refuses.

The club: a game before the evening (Bob, Cy, Gus) and an evening of six — Ann, Bob, Cy at table 1,
Dee, Eve, Fay at table 2 (six players of Rummy 500 sit 3 + 3, in the order given). Each game is
Rummy 500; the finished ones to 100 in one hand (scores worked out beside each). Gus is not at
the evening: a session with exactly a table's players begun in the same second as the evening
was seated would be taken for that table's (times are kept to the second)."""
from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest

from test_board import SLACK, Served, wait_for
from test_serve import SAFE, head_and_body

EVENING = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def finished(app, players: list[str], lines: list[str]) -> str:
    session = app.new("rummy500", players, ["target=100"])["session"]
    app.record_hand(lines, form="line")
    return session


@pytest.fixture
def club(application):
    """The club of the module's docstring: the game before the evening, the season "spring", the
    evening's first round with table 1 done and table 2 one hand in."""
    # Bob 100 − 0 = 100 (out, wins), Cy 30 − 10 = 20, Gus 0 − 20 = −20: places Bob, Cy, Gus
    finished(application, ["Bob", "Cy", "Gus"], ["Bob: 100 -0", "Cy: 30 -10", "Gus: 0 -20"])
    application.season_new("spring")
    application.evening_new("Club night", EVENING, "rummy500")
    # table 1: Ann 100 − 0 = 100 (wins), Bob 30 − 10 = 20, Cy 0 − 20 = −20
    finished(application, ["Ann", "Bob", "Cy"], ["Ann: 100 -0", "Bob: 30 -10", "Cy: 0 -20"])
    # table 2, to 500, one hand: Dee 40 − 5 = 35, Eve 10 − 0 = 10 (went out), Fay 5 − 25 = −20
    table2 = application.new("rummy500", ["Dee", "Eve", "Fay"])["session"]
    application.record_hand(["Dee: 40 -5", "Eve: 10 -0", "Fay: 5 -25"], form="line")
    return application, table2


def totals(table: dict) -> dict:
    return {p["name"]: p["total"] for p in table["standings"]["players"]}


def test_the_document_holds_the_tables_the_evening_the_season_and_the_ratings(club):
    app, table2 = club
    doc = app.club_board()
    evening = doc["evening"]
    assert (evening["title"], evening["variant"], evening["rounds"]) == ("Club night", "rummy500", 1)
    one, two = evening["now"]
    assert (one["table"], one["players"], one["state"]) == (1, ["Ann", "Bob", "Cy"], "done")
    assert totals(one) == {"Ann": 100, "Bob": 20, "Cy": -20} and one["standings"]["winners"] == ["Ann"]
    assert (two["table"], two["state"], two["session"]) == (2, "playing", table2)
    assert totals(two) == {"Dee": 35, "Eve": 10, "Fay": -20} and two["standings"]["hands"] == 1
    assert one["title"] == "Club night · 1/1" and doc["sessions"] == [one["session"], table2]
    # the evening's points (the season's rule, the default: sides beaten) count table 1 only:
    # Ann beat 2, Bob 1, Cy 0
    assert [(p["name"], p["points"], p["games"]) for p in evening["players"]] == [
        ("Ann", 2, 1), ("Bob", 1, 1), ("Cy", 0, 1)]
    # the season: both finished games. Bob 2 + 1 = 3, Ann 2, Cy 1 + 0 = 1, Gus 0
    season = doc["season"]
    assert season["season"] == "spring" and season["games"] == 2
    assert [(p["rank"], p["name"], p["points"], p["games"], p["wins"]) for p in season["players"]] == [
        (1, "Bob", 3, 2, 1), (2, "Ann", 2, 1, 1), (3, "Cy", 1, 2, 0), (4, "Gus", 0, 1, 0)]
    # the ratings: the evening's variant, from every finished game, as `ratings` gives them
    assert doc["ratings"] == app.ratings("rummy500")
    assert {p["name"] for p in doc["ratings"]["variants"][0]["players"]} == {"Ann", "Bob", "Cy", "Gus"}


def test_the_next_round_shows_its_tables_not_started_and_the_evening_keeps_its_points(club):
    app, _table2 = club
    seated = [t["players"] for t in app.evening_next()["tables"]]
    evening = app.club_board()["evening"]
    assert evening["rounds"] == 2
    assert [(t["players"], t["state"], t["session"], t["standings"]) for t in evening["now"]] == [
        (players, "waiting", None, None) for players in seated]
    assert [p["name"] for p in evening["players"]] == ["Ann", "Bob", "Cy"]  # round 1's game still counts
    # a table's session begins: it plays (no hand yet), its players by seat with 0 each
    app.new("rummy500", seated[1])
    now = app.club_board()["evening"]["now"]
    assert [t["state"] for t in now] == ["waiting", "playing"]
    assert totals(now[1]) == {name: 0 for name in seated[1]}


def test_a_season_named_a_variant_named_and_a_club_without_either(club):
    app, _table2 = club
    app.season_new("autumn", from_="2001-01-01", to="2001-12-31", points="10,6,4")  # no game in it
    doc = app.club_board()
    assert doc["season"]["season"] == "autumn" and doc["season"]["players"] == []  # the newest season
    # the season named gives its standings, and its rule sums the evening: Ann 10, Bob 6, Cy 4
    doc = app.club_board(season="autumn")
    assert [(p["name"], p["points"]) for p in doc["evening"]["players"]] == [("Ann", 10), ("Bob", 6), ("Cy", 4)]
    assert app.club_board(season="spring")["season"]["games"] == 2
    assert app.club_board(variant="gin")["ratings"]["variants"] == []  # no Gin game finished
    from scorekeeper.core.errors import InputError

    with pytest.raises(InputError) as unknown:
        app.club_board(season="winter")
    assert unknown.value.code == "season.unknown"


def test_an_empty_club_has_no_evening_no_season_and_no_ratings(application):
    doc = application.club_board()
    assert (doc["evening"], doc["season"], doc["ratings"]["variants"], doc["sessions"]) == (None, None, [], [])
    from scorekeeper.cli.render.clubpage import document

    shown = document(doc, None, 1)["shown"]
    assert shown["title"] == "The club" and shown["tables"] == []
    assert shown["no_evening"] == ("No club evening yet: its tables show here once `scorekeeper evening new` "
                                   "seats them.")
    said = {x["id"]: x["empty"] for x in shown["lists"]}
    assert said == {"season": "No season yet: its standings show here once `scorekeeper season new` makes one.",
                    "ratings": "No finished game to rate yet."}


def test_the_page_document_says_each_table_and_list(club):
    from scorekeeper.cli.render.clubpage import document

    app, _table2 = club
    app.rename_player("Gus", "Gustav")  # a rename shows on the season's list
    doc = document(app.club_board(), None, 7)
    shown = doc["shown"]
    assert doc["version"] == 7 and shown["title"] == "Club night" and shown["heading"] == "Rummy 500 · round 1"
    one = shown["tables"][0]
    assert (one["name"], one["state_said"], one["hands"]) == ("Table 1", "done", "1 hand played")
    assert [(r["rank"], r["name"], r["total"], r["mark"]) for r in one["rows"]] == [
        ("1", "Ann", "100", "winner"), ("2", "Bob", "20", ""), ("3", "Cy", "-20", "")]
    lists = {x["id"]: x for x in shown["lists"]}
    assert list(lists) == ["evening", "season", "ratings-rummy500"]
    season = lists["season"]
    assert season["title"] == "Season spring" and season["note"] == "Games: 2"
    assert season["heads"] == ["#", "Name", "Points", "Games", "Wins"] and season["spare"] == 1
    assert [(r["rank"], r["name"], r["cells"]) for r in season["rows"]] == [
        ("1", "Bob", ["3", "2", "1"]), ("2", "Ann", ["2", "1", "1"]), ("3", "Cy", ["1", "2", "0"]),
        ("4", "Gustav", ["0", "1", "0"])]
    ratings = lists["ratings-rummy500"]
    assert ratings["title"] == "Ratings: Rummy 500" and ratings["heads"] == ["#", "Name", "Rating", "Games"]
    # every player has fewer than 5 rated games: each rating is provisional, marked ?
    expected = [[f"{p['rating']}?", str(p["games"])] for p in app.ratings("rummy500")["variants"][0]["players"]]
    assert [r["cells"] for r in ratings["rows"]] == expected
    assert ratings["key"] == "? provisional: fewer than 5 rated games"
    assert shown["more"][:3] == ["", "and 1 more", "and 2 more"] and len(shown["more"]) == 5  # the longest list: 4


def test_a_partnership_table_shows_a_row_a_side(application):
    from scorekeeper.cli.render.clubpage import document

    # four at Canasta: one table of four, partners across it (Ann and Cy against Bob and Dee)
    seated = application.evening_new("Canasta night", ["Ann", "Bob", "Cy", "Dee"], "canasta")["tables"][0]["players"]
    assert seated == ["Ann", "Bob", "Cy", "Dee"]
    application.new("canasta", seated)
    table = document(application.club_board(), None, 1)["shown"]["tables"][0]
    assert (table["state"], table["hands"]) == ("playing", "0 hands played")
    assert [(r["rank"], r["name"], r["total"]) for r in table["rows"]] == [("1", "Ann & Cy", "0"), ("1", "Bob & Dee", "0")]


def test_unranked_players_are_below_a_line_in_the_page(application):
    from scorekeeper.cli.render.clubpage import document

    finished(application, ["Ann", "Bob"], ["Ann: 100 -0", "Bob: 5 -5"])
    finished(application, ["Ann", "Cy"], ["Ann: 100 -0", "Cy: 5 -5"])
    application.season_new("spring", min_games=2)
    rows = {x["id"]: x for x in document(application.club_board(), None, 1)["shown"]["lists"]}["season"]["rows"]
    # Ann: 2 games, ranked; Bob and Cy 1 game each, below the line without a rank
    assert rows[0]["name"] == "Ann" and rows[0]["rank"] == "1"
    assert rows[1] == {"divider": "Not ranked yet (fewer than 2 games):"}
    assert [(r["rank"], r["name"]) for r in rows[2:]] == [("", "Bob"), ("", "Cy")]


def test_the_mark_changes_with_each_change_the_board_would_show(club):
    app, table2 = club
    sessions = app.club_board()["sessions"]
    mark = app.club_board_mark(sessions)
    assert app.club_board_mark(sessions) == mark  # nothing changed
    app.record_hand(["Dee: 20 -0", "Eve: 5 -5", "Fay: 0 -10"], form="line", session=table2)  # a hand at a table
    assert app.club_board_mark(sessions) != mark
    mark = app.club_board_mark(sessions)
    app.evening_next()  # the club file
    assert app.club_board_mark(sessions) != mark


def test_serve_club_answers_its_page_and_document_and_follows_the_tables(club, exe, isolated_db, cli):
    _app, table2 = club
    server = Served(exe, isolated_db, "--club")
    try:
        assert server.address == f"http://127.0.0.1:{server.port}/"  # this computer only: no secret
        status, headers, page = server.get()
        text = page.decode()
        assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
        assert '<script src="club.js">' in text and "<title>Club night</title>" in text
        for name in SAFE:
            assert name in headers
        assert server.get("club.js")[0] == 200 and server.get("club.css")[0] == 200
        assert server.get("board.json")[0] == 404 and server.get("board.js")[0] == 404  # the game's board is not here
        status, headers, body = server.get("club.json")
        assert status == 200 and headers["Content-Type"] == "application/json; charset=utf-8"
        doc = json.loads(body)
        assert [t["state"] for t in doc["shown"]["tables"]] == ["done", "playing"]
        # an unchanged board is a 304 for a client that has it
        request = urllib.request.Request(server.url("club.json"), headers={"If-None-Match": headers["ETag"]})
        with pytest.raises(urllib.error.HTTPError) as unchanged:
            urllib.request.urlopen(request, timeout=10)
        assert unchanged.value.code == 304
        # a hand at table 2 is on the board within the board's time: Dee 35 + 20 = 55, Eve 10 + 0 = 10,
        # Fay −20 − 10 = −30
        cli.record("Dee: 20 -0", "Eve: 5 -5", "Fay: 0 -10", session=table2)

        def table_two() -> list:
            rows = json.loads(server.get("club.json")[2])["shown"]["tables"][1]["rows"]
            return [(r["name"], r["total"]) for r in rows]

        wait_for(lambda: table_two() == [("Dee", "55"), ("Eve", "10"), ("Fay", "-30")], within=SLACK)
        # on this computer a request must name this computer (DNS rebinding)
        status, _h, body = head_and_body(server.raw(b"GET /club.json HTTP/1.1\r\nHost: evil.example\r\n\r\n"))
        assert status == 403 and b"Ann" not in body
    finally:
        server.proc.kill()
        server.proc.wait()


def test_serve_club_on_the_network_needs_the_databases_secret(club, exe, isolated_db, application):
    server = Served(exe, isolated_db, "--club", "--lan")
    try:
        assert re.fullmatch(r"http://[^/]+:\d+/[A-Za-z0-9_-]{16}/", server.address)
        assert server.root == f"/{application.board_secret()}/"  # the board's own secret, kept per database
        assert server.get()[0] == 200 and server.get("club.json")[0] == 200 and server.get("qr.svg")[0] == 200
        for path in ("/", "/club.json", "/club.js", "/" + "x" * 16 + "/club.json"):
            status, _h, body = server.get(path)
            assert status == 404 and b"Ann" not in body, path
    finally:
        server.proc.kill()
        server.proc.wait()


def test_serve_club_speaks_the_chosen_language(club, exe, isolated_db):
    server = Served(exe, isolated_db, "--club", "--lang", "uk")
    try:
        assert '<html lang="uk">' in server.get()[2].decode()
        shown = json.loads(server.get("club.json")[2])["shown"]
        assert shown["tables_title"] == "Столи" and shown["tables"][0]["name"] == "Стіл 1"
        assert shown["heading"] == "Раммі 500 · тур 1"
        assert [t["state_said"] for t in shown["tables"]] == ["закінчено", "грають"]
    finally:
        server.proc.kill()
        server.proc.wait()


@pytest.mark.parametrize("args,said", [
    (["--season", "spring"], "--season chooses what the club board shows: give it with --club."),
    (["--variant", "gin"], "--variant chooses what the club board shows: give it with --club."),
    (["--club", "--session", "1"], "--session names the game the board follows; the club board (--club) follows "
                                   "the evening's tables: give one or the other."),
    (["--club", "--season", "winter"], 'There is no season called "winter" (seasons: spring).'),
    (["--club", "--variant", "gni"], None),
])
def test_serve_refuses_what_the_club_board_cannot_show(club, cli, args, said):
    result = cli("serve", "--port", "0", *args)
    assert result.exit_code == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1
    if said is not None:
        assert result.stderr == said + "\n"
    else:
        assert '"gni"' in result.stderr


def test_a_damaged_table_keeps_the_last_board_with_a_notice_without_a_path(club, exe, isolated_db):
    _app, table2 = club
    server = Served(exe, isolated_db, "--club")
    try:
        assert json.loads(server.get("club.json")[2])["shown"]["notice"] is None
        (isolated_db / "sessions" / f"{table2}.json").write_text('{"_meta": ', encoding="utf-8")  # damaged
        found = {}

        def noticed() -> bool:
            found.update(json.loads(server.get("club.json")[2]))
            return bool(found["shown"]["notice"])

        wait_for(noticed, within=SLACK)
        notice = found["shown"]["notice"]
        assert notice.startswith("Not up to date: ") and f"sessions/{table2}.json" in notice
        assert str(isolated_db) not in json.dumps(found) and str(isolated_db) not in server.get()[2].decode()
        assert [t["state"] for t in found["shown"]["tables"]] == ["done", "playing"]  # the last board read stays
    finally:
        server.proc.kill()
        server.proc.wait()


def test_a_damaged_club_file_is_said_on_the_club_board_without_a_path(club, isolated_db):
    from scorekeeper.cli.serve import ClubBoard

    app, _table2 = club
    board = ClubBoard(app, None, None, "en")
    first = json.loads(board.current()[0])
    assert first["shown"]["notice"] is None and first["evening"]["title"] == "Club night"
    (isolated_db / "club.json").write_text('{"club": 1, "roster": [{"kind": "rename"}]}', encoding="utf-8")
    board.checked = float("-inf")  # look again now (the board looks at most four times a second)
    body, _tag, page = board.current()
    doc = json.loads(body)
    assert doc["shown"]["notice"].startswith("Not up to date: ") and "club.json" in doc["shown"]["notice"]
    assert str(isolated_db) not in body.decode() and str(isolated_db) not in page.decode()
    assert doc["evening"]["title"] == "Club night"  # the last board read stays
