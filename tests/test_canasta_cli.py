"""Canasta through the command line (SPEC §2.10, issue 33): the worked games of
tests/fixtures/canasta_cases.json played in every command — ``new --teams``, ``hand`` on one line,
from a file and at the prompt, ``standings``, ``history``, ``explain``, ``undo``/``redo``, ``edit``,
``stats``, ``export``/``import``, ``chart``, the board of ``watch`` and the page of ``serve``, in
English, Ukrainian, Russian and Belarusian — with sides wherever a player's score stood.

The figures are the worked games' (each worked by hand in the game's ``note``); a figure only
this file uses is worked out in the comment beside it.
"""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from conftest import flat, load_games

CASES = load_games("canasta_cases.json")
FOUR, TWO, THREE = CASES["games"]
SEATS = ["Ann", "Bob", "Cy", "Dee"]

#: the four-player game's first hand on one line: Ann went out ("-" alone), the red threes as counts
HAND_1 = ("Ann+Cy: KS KS KH KH KD KD KC, 7S 7S 7H 7H 7D 2C JK, AS AH AD r3=1 -", "Cy: -9D 4S",
          "Bob: QS QH QD JK, 8S 8H 8C r3=1 -KC 5S", "Dee: -JS JH 6C")


def side_rows(doc: dict) -> list[tuple[list[str], int]]:
    return [(s["players"], s["total"]) for s in doc["sides"]]


def play_four(cli, upto: int = 5) -> dict:
    """The four-player game, its hands 1 … ``upto`` from files (hand 1 on one line)."""
    cli.new("canasta", *SEATS)
    doc = cli.record(*HAND_1)
    for hand in FOUR["hands"][1:upto]:
        doc = cli.record(hand)
    return doc


def test_the_four_player_game_to_5000(cli):
    made = cli.json("new", "canasta", *SEATS, "--teams", "ann+cy,bob+dee")
    assert made["players"] == SEATS
    start = cli.standings()
    # the sides in rank order, each with its total and the minimum first meld (50 from a total of 0)
    assert start["sides"] == [
        {"players": ["Ann", "Cy"], "total": 0, "rank": 1, "won": 0, "bonus": 0, "last": None, "first_meld": 50},
        {"players": ["Bob", "Dee"], "total": 0, "rank": 1, "won": 0, "bonus": 0, "last": None, "first_meld": 50}]
    doc = cli.record(*HAND_1)
    assert doc["scores"] == FOUR["expect"]["scores"][0] and doc["won"] == ["Ann", "Cy"]
    assert doc["sides"] == FOUR["expect"]["sides"][0] and doc["concealed"] is False
    for n, hand in enumerate(FOUR["hands"][1:], 2):
        doc = cli.record(hand)
        assert doc["scores"] == FOUR["expect"]["scores"][n - 1]
        assert doc["sides"] == FOUR["expect"]["sides"][n - 1]
        melds = {tuple(s["players"]): s["first_meld"] for s in cli.standings()["sides"]}
        assert [melds[("Ann", "Cy")], melds[("Bob", "Dee")]] == FOUR["expect"]["first_meld"][n], n
    final = cli.standings()
    assert final["finished"] and final["winners"] == ["Ann", "Cy"]
    assert side_rows(final) == [(["Ann", "Cy"], 5390), (["Bob", "Dee"], 1220)]
    assert [(p["name"], p["rank"]) for p in final["players"]] == [("Ann", 1), ("Cy", 1), ("Bob", 2), ("Dee", 2)]
    history = cli.history()
    assert [h["scores"] for h in history["hands"]] == FOUR["expect"]["scores"]
    assert [h["sides"] for h in history["hands"]] == FOUR["expect"]["sides"]
    assert history["totals"] == FOUR["expect"]["totals"] and history["winners"] == ["Ann", "Cy"]
    # a hand after the end is refused
    r = cli("hand", "Ann: 100 out", "Bob: 0")
    assert r.exit_code == 2 and "finished" in r.stderr
    # one side wins: said as one winner, never as several sharing the win
    for lang, won, shared in (("uk", "перемога — Ann & Cy", "ділять"), ("ru", "победа — Ann & Cy", "делят"),
                              ("be", "перамога — Ann & Cy", "дзеляць")):
        said = cli("--lang", lang, "standings").stdout
        assert won in said and shared not in said, said


def test_the_screens_show_sides(cli):
    play_four(cli, 3)
    standings = flat(cli("standings").stdout)
    # a row per side, both partners named; 1210 + 360 + 1330 = 2900 and 170 + 990 − 355 = 805
    assert re.search(r"1 Ann & Cy 2900 \+1330 1 ", standings) and re.search(r"2 Bob & Dee 805 -355 1 ", standings)
    assert "Minimum first meld for the coming hand: Ann & Cy 90, Bob & Dee 50." in standings
    assert "Next: Dee deals, Ann leads." in standings  # hands dealt by Ann, Bob and Cy
    history = cli("history").stdout
    assert re.search(r"Ann & Cy\s+Bob & Dee", history)
    assert re.search(r"3\s+Cy\s+\+1330 → 2900\s+-355 → 805", history)
    explain = cli("explain", "2").stdout
    # per side: its melds, canastas, red threes, going out, each partner's cards left
    assert "Bob & Dee  +990  (total 1160)" in explain and "Ann & Cy  +360  (total 1570)" in explain
    assert "Bob & Dee: base 90, bonus 900 (1 natural canasta, 2 red threes)" in explain
    assert "Dee went out concealed, as the entry says" in explain
    assert re.search(r"JK\s+-50\s+JK left in hand \(Cy\)", explain)
    assert "Sum: 155 + 300 − 15 − 80 = 360" in explain  # Ann's QS 6D 15, Cy's JK 2H 8D 80
    chart = cli("chart").stdout
    assert "Ann & Cy 2900" in chart and "Bob & Dee 805" in chart and "Ann 2900" not in chart


def test_the_standings_say_who_deals(cli):
    # hands 1-3 dealt by Ann, Bob, Cy: Dee deals the fourth and Ann (on Dee's left) leads
    play_four(cli, 3)
    doc = cli.standings()
    assert (doc["dealer"], doc["leader"]) == ("Dee", "Ann")


def test_the_prompt_asks_side_by_side(application):
    """Hand 3 of the four-player game at the table: the side's melds and red threes once, at its
    first player, then each partner's cards left; who went out (nobody: the stock ran out)."""
    from test_prompt import Table

    application.new("canasta", SEATS)
    application.record_hand(FOUR["hands"][0])
    application.record_hand(FOUR["hands"][1])
    t = Table(application)
    intro = t.answer("  melds of Ann & Cy (Enter: none; a number: on paper): ", "QS QS QH QH QD QD QC, 6S 6S 6H 6H 6D 6D 6C, AS AH 2D")
    assert "Hand 3 of Canasta" in flat(intro) and "For each side, at its first player" in flat(intro)
    assert flat(intro).rstrip().endswith("Ann")
    t.answer("  red threes of Ann & Cy (a count or the cards; Enter: none): ", "3H 3D")
    t.answer('  cards left in hand ("out" if none): ', "KS KH 4S")
    shown = t.answer('  cards left in hand ("out" if none): ', "8C")
    assert flat(shown).strip() == "Cy"
    t.answer("  melds of Bob & Dee (Enter: none; a number: on paper): ", "")
    t.answer("  red threes of Bob & Dee (a count or the cards; Enter: none): ", "2")
    t.answer('  cards left in hand ("out" if none): ', "JK JK 2C 9D")
    t.answer('  cards left in hand ("out" if none): ', "7C 7D 5H 10S")
    shown = t.answer("Who went out? (a name; Enter: nobody, the stock ran out): ", "")
    shown = t.answer("Save hand 3? [Y/n] ", "y")
    # the preview: a row per side, its arithmetic; Bob+Dee's red threes against it (melded nothing)
    assert re.search(r"Ann & Cy\s+\+1330\s+2900\s+165 \+ 1000 \+ 200 − 25 − 10 = 1330", shown)
    assert re.search(r"Bob & Dee\s+-355\s+805\s+−200 − 130 − 25 = −355", shown)
    assert t.finish() == 0
    hand = application.history()["hands"][2]
    assert hand["scores"] == FOUR["expect"]["scores"][2]
    assert hand["entry"] == {"players": {
        "Ann": {"melds": ["QS QS QH QH QD QD QC", "6S 6S 6H 6H 6D 6D 6C", "AS AH 2D"], "red_threes": "3H 3D",
                "hand": "KS KH 4S"},
        "Cy": {"hand": "8C"}, "Bob": {"red_threes": 2, "hand": "JK JK 2C 9D"}, "Dee": {"hand": "7C 7D 5H 10S"}},
        "stock_exhausted": True}


def test_the_prompt_asks_no_partner_of_a_side_counted_on_paper_and_asks_concealed(application):
    from test_prompt import Table

    application.new("canasta", SEATS)
    t = Table(application)
    t.answer("  melds of Ann & Cy (Enter: none; a number: on paper): ",
             "KS KS KH KH KD KD KC")
    t.answer("  red threes of Ann & Cy (a count or the cards; Enter: none): ", "")
    t.answer('  cards left in hand ("out" if none): ', "out")
    t.answer('  cards left in hand ("out" if none): ', "4C")
    shown = t.answer("  melds of Bob & Dee (Enter: none; a number: on paper): ", "-120")
    asked = t.answer("Did Ann go out concealed, melding every card at once? (y/N): ", "y")
    assert "Dee" not in flat(asked)  # Dee is not asked: the side's score was given
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Ann+Cy: kings 70, natural 500, concealed 200, less Cy's 4C 5 = 765; Bob+Dee −120 on paper
    assert re.search(r"Ann & Cy\s+\+765\s+765", shown) and re.search(r"Bob & Dee\s+-120\s+-120", shown)
    assert t.finish() == 0
    assert application.history()["hands"][0]["entry"] == {"players": {
        "Ann": {"melds": ["KS KS KH KH KD KD KC"], "hand": ""}, "Cy": {"hand": "4C"}, "Bob": {"points": -120},
        "Dee": {}}, "concealed": True}


def drawn(render, doc) -> str:
    """What ``render(t, doc)`` prints for people, 120 columns, no colour."""
    from rich.console import Console

    from scorekeeper.cli.terminal import Terminal

    t = Terminal()
    out = io.StringIO()
    t._out = t._err = Console(file=out, width=120, color_system=None, markup=False, emoji=False, highlight=False)
    render(t, doc)
    return out.getvalue()


def test_undo_redo_and_edit(cli, application):
    play_four(cli, 2)
    r = cli("undo", "--yes")
    assert r.exit_code == 0 and "Hand 2 taken back" in r.stdout
    assert side_rows(cli.standings()) == [(["Ann", "Cy"], 1210), (["Bob", "Dee"], 170)]
    assert cli("redo").exit_code == 0
    assert side_rows(cli.standings()) == [(["Bob", "Dee"], 1160), (["Ann", "Cy"], 1570)][::-1]
    # hand 1 again with Cy holding 9S only (the 4D gone: 5 less against Ann+Cy): 1210 + 5 = 1215
    edited = dict(FOUR["hands"][0], players={**FOUR["hands"][0]["players"], "Cy": {"hand": "9S"}})
    r = cli("edit", "1", "--file", "-", input=json.dumps(edited))
    assert r.exit_code == 0
    assert "Ann & Cy +1210 → +1215 (total 1570 → 1575)" in flat(r.stdout)
    assert side_rows(cli.standings())[0] == (["Ann", "Cy"], 1575)
    from scorekeeper.cli.render.game import taking_back

    # undo's question: the edit it takes back, a row per side, each partner's entry on its line
    shown = drawn(taking_back, application.undo_preview())
    assert "+1215 → +1210" in shown and "Cy: -9S  " in shown and "Cy: -9D 4S" in shown
    assert re.search(r"^Ann & Cy\s+Ann: KS KS KH", shown, re.M) and re.search(r"^Bob & Dee\s+Bob: QS", shown, re.M)


def test_stats_count_each_players_sides_games_and_head_to_head_between_sides(cli):
    play_four(cli)
    doc = cli.json("stats", "--variant", "canasta")
    rows = {r["name"]: r for r in doc["players"]}
    assert {n: (r["games"], r["wins"]) for n, r in rows.items()} == {
        "Ann": (1, 1), "Cy": (1, 1), "Bob": (1, 0), "Dee": (1, 0)}
    assert rows["Ann"]["average"] == round((1210 + 360 + 1330 + 1200 + 1290) / 5, 2)  # 5390 / 5 = 1078
    # a partner is no opponent: Ann's one head-to-head row is the other side, which she finished ahead of
    assert [(h["opponent"], h["games"], h["ahead"], h["behind"]) for h in rows["Ann"]["head_to_head"]] == [
        ("Bob+Dee", 1, 1, 0)]


def test_export_and_import_keep_the_sides(cli, tmp_path):
    cli.json("new", "canasta", *SEATS, "--teams", "Ann+Dee,Bob+Cy", "--carry", "Bob+Cy=300")
    # Ann+Dee against Bob+Cy: hand 4 of the worked game read for these sides: Cy's melds and Ann's
    # cards make no side; a hand of points: Ann+Dee 450 (Ann out), Bob+Cy −85
    cli.record("Ann: 450 out", "Bob: -85")
    out = tmp_path / "all.json"
    assert cli("export", "--format", "json", "-o", str(out)).exit_code == 0
    record = json.loads(out.read_text(encoding="utf-8"))["sessions"][0]
    assert record["sides"] == [["Ann", "Dee"], ["Bob", "Cy"]] and record["carried"] == {"Bob": 300, "Cy": 300}
    md = cli("export", "--format", "md").stdout
    assert "| 1 | Ann & Dee | 450 | 1 |" in md and "| 2 | Bob & Cy | 215 | 0 |" in md  # 300 − 85 = 215
    assert "| Hand | Dealer | Ann & Dee | Bob & Cy |" in md
    rows = list(csv.DictReader(io.StringIO(cli("export", "--format", "csv").stdout)))
    assert {r["player"]: int(r["hand_score"]) for r in rows} == {"Ann": 450, "Dee": 450, "Bob": -85, "Cy": -85}
    other = tmp_path / "other"
    r = cli("--db", str(other), "import", str(out))
    assert r.exit_code == 0, r.stderr
    doc = cli.json("--db", str(other), "standings")
    assert side_rows(doc) == [(["Ann", "Dee"], 450), (["Bob", "Cy"], 215)]
    # a stored session whose sides the variant refuses is damaged
    record["sides"] = [["Ann", "Bob", "Cy"], ["Dee"]]
    record["id"] = "bad1"
    out.write_text(json.dumps({"format": "scorekeeper-export", "schema": 1, "sessions": [record]}), encoding="utf-8")
    r = cli("--db", str(tmp_path / "third"), "import", str(out))
    assert r.exit_code == 2 and "two sides of two players" in r.stderr


@pytest.mark.parametrize("game", [TWO, THREE], ids=lambda g: g["id"])
def test_two_and_three_players_each_alone(cli, game):
    args = ["new", "canasta", *game["players"]]
    for rule in game["rules"]:
        args += ["--rule", rule]
    cli.json(*args)
    for n, hand in enumerate(game["hands"], 1):
        doc = cli.record(hand)
        assert doc["scores"] == game["expect"]["scores"][n - 1]
        assert doc["sides"] == game["expect"]["sides"][n - 1]
    doc = cli.standings()
    assert {p["name"]: p["total"] for p in doc["players"]} == game["expect"]["totals"]
    assert doc["finished"] and doc["winners"] == game["expect"]["winners"]
    assert all(len(s["players"]) == 1 for s in doc["sides"])
    # the screens show the players as every variant does (a side of one is its player)
    standings = flat(cli("standings").stdout)
    assert "Game over: Ann wins after" in standings and "&" not in standings
    assert cli("explain").exit_code == 0 and cli("history").exit_code == 0


def test_the_first_meld_for_three_players(cli):
    cli.json("new", "canasta", "Ann", "Bob", "Cy", "--rule", "target=1000")
    cli.record(THREE["hands"][0])
    # after hand 1: Ann 120 → 50, Bob −130 → 15, Cy 700 → 50 (ranked: Cy, Ann, Bob)
    assert [(s["players"], s["first_meld"]) for s in cli.standings()["sides"]] == [
        (["Cy"], 50), (["Ann"], 50), (["Bob"], 15)]
    assert "Minimum first meld for the coming hand: Cy 50, Ann 50, Bob 15." in flat(cli("standings").stdout)


@pytest.mark.parametrize("args, said", [
    (["new", "canasta", "Ann", "Bob", "Cy", "--teams", "Ann+Bob,Cy"], "--teams does not apply to 3 players"),
    (["new", "rummy500", *SEATS, "--teams", "Ann+Cy,Bob+Dee"], "Rummy 500 is not played in sides"),
    (["new", "canasta", *SEATS, "--teams", "Ann+Cy,Bob+Zed"], '"Zed" is not one of the players'),
    (["new", "canasta", *SEATS, "--carry", "Ann=100"], "carry the side's points over (for example --carry Ann+Cy=1200)"),
    (["new", "canasta", *SEATS, "--carry", "Ann+Cy=5000"], "already at the target of 5000"),
])
def test_sides_refused_at_new(cli, args, said):
    r = cli(*args)
    assert r.exit_code == 2 and said in flat(r.stderr) and r.stdout == ""


def test_a_side_named_on_one_line_must_be_a_side(cli):
    cli.new("canasta", *SEATS)
    r = cli("hand", "Ann+Bob: KS KH KD -4C", "Cy: -5C", "Dee: -6C", "stock")
    assert r.exit_code == 2 and '"Ann+Bob" is not a side: Ann plays with Ann+Cy.' in r.stderr
    assert cli.history()["hands"] == []


def test_new_like_keeps_the_sides(cli):
    cli.json("new", "canasta", *SEATS, "--teams", "Ann+Bob,Cy+Dee", "--title", "Club")
    doc = cli.json("new", "--like", "Club")
    assert cli.standings(doc["session"])["sides"][0]["players"] == ["Ann", "Bob"]


def test_the_board_and_the_page_show_a_panel_per_side(cli, application):
    from test_board import drawn

    from scorekeeper.cli.render.page import document

    play_four(cli, 4)
    doc = application.board(history=True)
    text = "\n".join(drawn(doc, 100, 30))
    assert "1. Ann & Cy" in text and "2. Bob & Dee" in text and not re.search(r"\d\. (Ann|Bob|Cy|Dee) [^&]", text)
    assert "Minimum first meld: Ann & Cy 120, Bob & Dee 50" in text  # totals 4100 and 720
    page = document(doc, None, 1)
    assert [p["name"] for p in page["standings"]["players"]] == ["Ann & Cy", "Bob & Dee"]
    assert page["figures"]["seats"] == ["Ann & Cy", "Bob & Dee"]
    assert page["history"]["hands"][3]["scores"] == {"Ann & Cy": 1200, "Bob & Dee": -85}
    assert page["figures"]["to_go"] == {"Ann & Cy": 900, "Bob & Dee": 4280}  # 5000 − 4100, 5000 − 720
    assert "Minimum first meld: Ann & Cy 120, Bob & Dee 50" in page["said"]["coming"]


@pytest.mark.parametrize("lang, words", [
    ("uk", ("Мінімальна перша викладка", "чиста канаста", "червоні трійки")),
    ("ru", ("Минимальная первая выкладка", "чистая канаста", "красные тройки")),
    ("be", ("Мінімальная першая выкладка", "чыстая канаста", "чырвоныя тройкі")),
])
def test_the_screens_speak_each_language(cli, lang, words):
    play_four(cli, 3)
    standings = cli("--lang", lang, "standings").stdout
    explain = cli("--lang", lang, "explain", "3").stdout
    text = flat(standings + explain)
    for word in words:
        assert word.lower() in text.lower(), (word, text)
    assert "Ann & Cy" in standings
    rules = cli("--lang", lang, "rules", "canasta").stdout
    assert "канаст" in rules.lower()
    r = cli("--lang", lang, "hand", "Ann: KS JK 2C -4C", "Cy: -5C", "Bob: -6C", "Dee: -7C", "stock")
    assert r.exit_code == 2 and not re.search(r"\b(meld|natural|cards)\b", r.stderr)


def test_edit_at_the_table_starts_from_the_hand_recorded(application):
    """``edit 2`` asks side by side, each answer starting from the hand as recorded — a side's melds and
    red threes at its first player, whichever partner the file gave them at —; keeping them all but
    Bob's cards gives the hand again with that one change: Bob's A♥ gone, Bob+Dee 990 + 20 = 1010."""
    from test_prompt import Table

    application.new("canasta", SEATS)
    for hand in FOUR["hands"][:2]:
        application.record_hand(hand)
    t = Table(application, edit=2)
    for question, recorded, answer in (
            ("  melds of Ann & Cy (Enter: none; a number: on paper): ",
             "5S 5H 5D 5C 5S JK JK, 10S 10H 10D", None),
            ("  red threes of Ann & Cy (a count or the cards; Enter: none): ", "", None),
            ('  cards left in hand ("out" if none): ', "QS 6D", None),                   # Ann
            ('  cards left in hand ("out" if none): ', "JK 2H 8D", None),                # Cy
            ("  melds of Bob & Dee (Enter: none; a number: on paper): ",
             "9S 9S 9H 9H 9D 9D 9C, JS JH JD 2S", None),
            ("  red threes of Bob & Dee (a count or the cards; Enter: none): ", "3H 3D", None),
            ('  cards left in hand ("out" if none): ', "4C 4S AH", "4C 4S"),            # Bob: the ace taken away
            ('  cards left in hand ("out" if none): ', "out", None),                    # Dee went out
            ("Did Dee go out concealed, melding every card at once? (y/N): ", "y", None)):
        t._next()
        assert t.prefill == recorded, (question, t.prefill)
        t.answer(question, recorded if answer is None else answer)
    shown = t.answer("Save hand 2? [Y/n] ", "y")
    assert "Hand 2 changes:" in flat(shown) and "Bob & Dee +990 → +1010" in flat(shown)
    assert t.finish() == 0
    assert application.history()["hands"][1]["scores"] == {"Ann": 360, "Bob": 1010, "Cy": 360, "Dee": 1010}


@pytest.mark.parametrize("teams, seats, leads", [
    ("Ann+Bob,Cy+Dee", ["Ann", "Cy", "Bob", "Dee"], "Cy"),   # partners named side by side: seated apart
    ("Dee+Bob,Cy+Ann", ["Ann", "Bob", "Cy", "Dee"], "Bob"),  # the seats already alternate: kept
    ("Ann+Dee,Bob+Cy", ["Ann", "Bob", "Dee", "Cy"], "Bob"),  # Ann and Dee were neighbours round the table
])
def test_teams_seat_partners_facing_each_other(cli, teams, seats, leads):
    # Canasta's partners sit across the table, the sides taking turns: the first named deals first
    made = cli.json("new", "canasta", *SEATS, "--teams", teams)
    assert made["players"] == seats
    doc = cli.json("standings")
    assert doc["dealer"] == "Ann" and doc["leader"] == leads
