"""Indian Rummy through the real command line (SPEC §2.9, §4, §5): whole games of each kind — a
points game of 6 deals, a pool101 game to one winner with an elimination and a rejoin, a pool
ended by ``end --split``, a deals3 game with chips — and the commands around them (the prompt,
check --wild, explain, history, undo/redo of an event, export/import, the board, the languages).

Every expected score is worked out by hand in the comments: a card left out of melds counts
A K Q J 10 ten, 2-9 face value, a wild card (the cut rank) or printed joker 0; a player without two
sequences (one pure) counts every card; at most the full count, 80; a first drop 20, a middle drop
40, a wrong show 80; the declarer 0.
"""
from __future__ import annotations

import json

import pytest

from conftest import flat

P3 = ("Ann", "Bob", "Cy")
P4 = ("Ann", "Bob", "Cy", "Dee")

#: sevens wild: 2-3-4H pure, 5S 6S 7C impure (7C wild for 7S), 9D 9C 9S, KH KD KS JK: a valid show
ANN_SHOWS = "2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK show"
#: sevens wild: 8-9-10C pure and 4D JK 6D impure (life): KS 10 + QH 10 + 7D 0 (wild) + 2S 2 + 2H 2 + 5C 5
#: + 9H 9 = 38
BOB_38 = "8C 9C 10C, 4D JK 6D -KS QH 7D 2S 2H 5C 9H"


def refused(result) -> str:
    """Exit 2, nothing on stdout, one sentence on stderr."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    err = result.stderr.strip()
    assert err and "\n" not in err and "Traceback" not in err, err
    return err


def paper(declarer: str, **points: int) -> dict:
    """A deal counted on paper (a hand file): ``declarer`` shows, the others their points."""
    return {"out": declarer, "players": {declarer: {"hand": 0}, **{p: {"hand": n} for p, n in points.items()}}}


# --- a points game of 6 deals ----------------------------------------------------------------------

POINTS_GAME = [
    # deal 1, sevens wild, one line: Ann shows 0; Bob 38 (above); Cy drops first: 20
    (["wild=7", f"Ann: {ANN_SHOWS}", f"Bob: {BOB_38}", "Cy: drop"], {"Ann": 0, "Bob": 38, "Cy": 20}),
    # deal 2, counted on paper (a hand file, no wild rank needed): Bob shows; Ann 25, Cy 80
    (paper("Bob", Ann=25, Cy=80), {"Ann": 25, "Bob": 0, "Cy": 80}),
    # deal 3, queens wild: Cy shows A-2-3S (pure), 4H 5H QC (QC wild for 6H: impure), 7D 7C 7S,
    # 9-10-JH QS (QS for QH: impure): 13 cards, three sequences, one pure; Ann a middle drop 40,
    # Bob a wrong show 80
    (["wild=Q", "Ann: middle", "Bob: wrong", "Cy: AS 2S 3S, 4H 5H QC, 7D 7C 7S, 9H 10H JH QS show"],
     {"Ann": 40, "Bob": 80, "Cy": 0}),
    # deal 4, a printed joker cut: aces wild (I-N1). Ann shows 2-3-4D (pure), 5C 6C AS (AS for 7C),
    # 8H 8S 8D, 10-J-Q-KS (pure). Bob has two sets and no sequence: every card counts,
    # K K K 30 + JK 0 + J J 20 + 2 + 3 + 4 + 5 + 6 + 7 + 9 = 86, at most 80. Cy 35 on paper
    (["wild=JK", "Ann: 2D 3D 4D, 5C 6C AS, 8H 8S 8D, 10S JS QS KS show",
      "Bob: KH KC KD, JK JD JC -2C 3C 4S 5D 6H 7S 9S", "Cy: -35"], {"Ann": 0, "Bob": 80, "Cy": 35}),
    # deal 5: Ann drops first (20), Cy drops in the middle (40); Bob is the last one in: 0 (I-N6)
    (["Ann: drop", "Bob: show", "Cy: middle"], {"Ann": 20, "Bob": 0, "Cy": 40}),
    # deal 6, on paper: Cy shows; Ann 12, Bob 7
    (paper("Cy", Ann=12, Bob=7), {"Ann": 12, "Bob": 7, "Cy": 0}),
]
# totals: Ann 0 + 25 + 40 + 0 + 20 + 12 = 97; Bob 38 + 0 + 80 + 80 + 0 + 7 = 205;
# Cy 20 + 80 + 0 + 35 + 40 + 0 = 175: Ann, the lowest, wins after 6 deals


def play(cli, deals) -> list[dict]:
    docs = []
    for entry, scores in deals:
        doc = cli.record(entry) if isinstance(entry, dict) else cli.record(*entry)
        assert doc["scores"] == scores, (entry, doc["scores"])
        docs.append(doc)
    return docs


def test_a_points_game_of_six_deals(cli):
    cli.new("indian", *P3)
    docs = play(cli, POINTS_GAME)
    first = docs[0]
    assert (first["wild"], first["out"], first["drops"], first["wrong"], first["eliminated"]) == (
        "7", "Ann", {"Cy": "first"}, [], [])
    assert docs[2]["drops"] == {"Ann": "middle"} and docs[2]["wrong"] == ["Bob"] and docs[3]["wild"] == "JK"
    last = docs[-1]
    assert last["totals"] == {"Ann": 97, "Bob": 205, "Cy": 175}
    assert last["finished"] and last["winners"] == ["Ann"]
    standings = cli.standings()
    assert standings["deal"] is None and standings["deals"] == 6 and standings["in_play"] == list(P3)
    assert standings["eliminated"] == [] and "chips" not in standings
    assert [p["name"] for p in standings["players"]] == ["Ann", "Cy", "Bob"]
    # a seventh deal is refused: all 6 deals have been played
    err = refused(cli("hand", "Ann: show", "Bob: -5", "Cy: -5"))
    assert "all 6 deals have been played" in err
    # the game over line speaks of deals
    assert "Ann wins after 6 deals" in cli("standings").stdout
    history = cli.history()
    assert [h["wild"] for h in history["hands"]] == ["7", None, "Q", "JK", None, None]
    assert history["events"] == []


def test_the_points_game_in_ukrainian_and_its_explanation(cli):
    cli.new("indian", *P3)
    play(cli, POINTS_GAME[:1])
    said = cli("--lang", "uk", "explain", "1", "--player", "Bob").stdout
    # "Дикі: сімки і друковані джокери." and the card left out of melds, in Ukrainian
    assert "Роздача 1" in said and "Дикі: сімки і друковані джокери." in said
    assert "поза комбінаціями" in said and "Здає: Ann. Ann: шоу." in said
    english = cli("explain", "1", "--player", "Cy").stdout
    assert "Cy dropped before the first draw: 20" in english
    standings = cli("--lang", "ru", "standings").stdout
    assert "Шоу" in standings  # the column of deals won: the declarations


# --- a pool101 game to one winner, with an elimination and a rejoin -------------------------------

def test_a_pool101_game_with_an_elimination_a_rejoin_and_one_winner(cli):
    cli.new("indian", *P3, rules=["game=pool101"])
    cli.record(paper("Ann", Bob=50, Cy=60))          # Ann 0, Bob 50, Cy 60
    doc = cli.record(paper("Bob", Ann=72, Cy=44))    # Ann 72, Bob 50, Cy 104: Cy reaches 101, out
    assert doc["eliminated"] == ["Cy"] and doc["totals"] == {"Ann": 72, "Bob": 50, "Cy": 104}
    standings = cli.standings()
    assert standings["in_play"] == ["Ann", "Bob"] and standings["eliminated"] == ["Cy"]
    assert standings["deal"] == 3 and standings["deals"] is None
    # Cy takes no part in deal 3: named in an entry, refused; the deal is Ann's and Bob's
    err = refused(cli("hand", "Ann: 0 show", "Bob: -5", "Cy: -5"))
    assert "Cy is out of the game" in err
    # Cy rejoins at the highest total left plus 1: 72 + 1 = 73
    rejoined = cli.json("rejoin", "cy")
    assert rejoined["event"]["words"] == "Cy rejoins at 73 after deal 2."
    assert rejoined["event"]["change"] == {"Cy": -31} and rejoined["event"]["after"] == 2
    assert cli.totals() == {"Ann": 72, "Bob": 50, "Cy": 73}
    # Cy is in the game again: only an eliminated player rejoins (and once a game: tests/test_indian.py)
    assert "only an eliminated player rejoins" in refused(cli("rejoin", "Cy"))
    # deal 3 (dealt by Cy, back in): Ann shows; Bob 51 (50 + 51 = 101: out), Cy 20 (93)
    doc = cli.record(paper("Ann", Bob=51, Cy=20))
    assert doc["eliminated"] == ["Bob"] and cli.standings()["dealer"] == "Ann"
    # Bob may not rejoin: Cy is at 93, above 79 (I-N4)
    assert "nobody left is above 79" in refused(cli("rejoin", "Bob"))
    # deal 4: Ann shows; Cy 10 more: 103, out. Ann is the last one left and wins
    doc = cli.record(paper("Ann", Cy=10))
    assert doc["scores"] == {"Ann": 0, "Bob": 0, "Cy": 10} and doc["eliminated"] == ["Cy"]
    assert doc["finished"] and doc["winners"] == ["Ann"]
    history = cli.history()
    assert history["events"] == [{"kind": "rejoin", "player": "Cy", "after": 2, "change": {"Cy": -31},
                                  "totals": {"Ann": 72, "Bob": 50, "Cy": 73},
                                  "words": "Cy rejoins at 73 after deal 2."}]
    # the running totals: Cy at 104 after deal 2, 73 + 20 = 93 after deal 3
    assert [h["totals"]["Cy"] for h in history["hands"]] == [60, 104, 93, 103]
    assert [h["dealer"] for h in history["hands"]] == ["Ann", "Bob", "Cy", "Ann"]
    shown = cli("history").stdout
    assert "Cy rejoins at 73 after deal 2." in shown and "-31 → 73" in shown
    assert "Ann is the last player under 101." in cli("standings").stdout


def test_a_rejoin_is_taken_back_by_undo_and_put_back_by_redo(cli):
    cli.new("indian", *P3, rules=["game=pool101"])
    cli.record(paper("Ann", Bob=50, Cy=60))
    cli.record(paper("Bob", Ann=72, Cy=44))
    cli("rejoin", "Cy")
    # piped, undo wants --yes; what it would take back is said in the variant's words
    assert "after deal 2" in refused(cli("undo"))
    done = cli("undo", "--yes")
    assert done.exit_code == 0 and "Taken back: Cy rejoins at 73 after deal 2." in done.stdout
    assert cli.totals()["Cy"] == 104 and cli.standings()["eliminated"] == ["Cy"]
    assert "Made again: Cy rejoins at 73 after deal 2." in cli("redo").stdout
    assert cli.totals()["Cy"] == 73
    audit = cli.json("history", "--audit")
    assert [e["action"] for e in audit["events"]][-3:] == ["event", "event_undone", "event"]
    # each record says the rejoin as it was made, the one taking it back too (at 73, not at the 104 it left)
    assert [e.get("words") for e in audit["events"]][-3:] == ["Cy rejoins at 73 after deal 2."] * 3
    assert "Between deals" in cli("history", "--audit").stdout
    # an edit of deal 2 the rejoin no longer fits (Ann 80: above 79) is refused; nothing changes
    err = refused(cli("edit", "2", "Bob: 0 show", "Ann: -80", "Cy: -44"))
    assert "Cy cannot rejoin" in err and cli.totals()["Cy"] == 73
    # an edit it fits re-scores the later deals and the rejoin: Ann 70, so Cy comes back at 71
    assert cli("edit", "2", "Bob: 0 show", "Ann: -70", "Cy: -44").exit_code == 0
    assert cli.totals() == {"Ann": 70, "Bob": 50, "Cy": 71}


# --- a pool ended by agreement ---------------------------------------------------------------------

def test_a_pool_ended_by_end_split(cli):
    cli.new("indian", *P4, rules=["game=pool201"])
    cli.record(paper("Ann", Bob=80, Cy=80, Dee=20))   # Ann 0, Bob 80, Cy 80, Dee 20
    cli.record(paper("Bob", Ann=40, Cy=80, Dee=30))   # Ann 40, Bob 80, Cy 160, Dee 50
    # four left: no split yet
    assert "two or three players" in refused(cli("end", "--split", "--yes"))
    cli.record(paper("Dee", Ann=50, Bob=80, Cy=45))   # Ann 90, Bob 160, Cy 205 (out at 201), Dee 50
    assert "Say how the game ends" in refused(cli("end"))
    assert "no terminal to ask on" in refused(cli("end", "--split"))  # piped: --yes is needed
    done = cli.json("end", "--split", "--yes")
    assert done["event"] == {"kind": "split", "player": None, "after": 3, "change": {},
                             "totals": {"Ann": 90, "Bob": 160, "Cy": 205, "Dee": 50},
                             "words": "The game ends by agreement after deal 3: the players left share it."}
    standings = cli.standings()
    assert standings["finished"] and standings["winners"] == ["Ann", "Bob", "Dee"] and standings["split"]
    assert standings["note"] == "The game was ended by agreement after deal 3: Ann, Bob and Dee share it."
    # the game-over line says how it ended: by a split, not a win (Cy, out at 205, is not among them)
    for command in ("standings", "history"):
        shown = flat(cli(command).stdout)
        assert "Game over: Ann, Bob and Dee split the pool after 3 deals." in shown, command
        assert " win after " not in shown, command
    assert "The game is over: Ann, Bob and Dee won" in refused(cli("hand", "Ann: 0 show", "Bob: -5", "Dee: -5"))
    # undo takes the split back: the game goes on
    assert cli("undo", "--yes").exit_code == 0
    assert not cli.standings()["finished"] and cli.standings()["in_play"] == ["Ann", "Bob", "Dee"]


@pytest.mark.parametrize("rules, ends", [
    ([], ", and the game ends after its 6 deals (carry"),                  # points: deals=6
    (["game=deals3"], ", and the game ends after its 3 deals (carry"),     # deals3: 3 deals of chips
    (["deals=1"], ", and the game ends after its 1 deal (carry"),
    (["game=pool101"], " (carry"),                                         # a pool has no number of deals
])
def test_new_round_is_refused_saying_what_ends_the_game(cli, rules, ends):
    """Indian Rummy's deals do not differ, so a game is not continued at deal N; the refusal says
    what ends this game (its fixed deals), never "its target", which it has none of."""
    said = flat(refused(cli("new", "indian", *P3, "--round", "2", *[a for r in rules for a in ("--rule", r)])))
    assert said == f"--round 2 does not apply to Indian Rummy: its deals do not differ{ends} the totals over with --carry)."
    assert "target" not in said


def test_events_are_refused_where_the_variant_has_none(cli):
    cli.new("rummy500", "Ann", "Bob")
    cli.record("Ann: 7H 8H 9H -", "Bob: -5C")
    assert "lets no player back into the game" in refused(cli("rejoin", "Bob"))
    assert "is not ended by agreement" in refused(cli("end", "--split", "--yes"))
    cli.new("indian", *P3)
    assert "before the first one" in refused(cli("end", "--split", "--yes"))
    cli.record(paper("Ann", Bob=5, Cy=5))
    assert "Only a pool game" in refused(cli("rejoin", "Cy"))
    assert "not a player" in refused(cli("rejoin", "Zed"))


# --- a deals game with chips ------------------------------------------------------------------------

def test_a_deals3_game_with_chips(cli):
    cli.new("indian", *P3, rules=["game=deals3"])
    # 80 chips a deal: 240 each. Deal 1 (sevens wild): Ann shows, takes Bob's 38 and Cy's 20 (a drop):
    # Ann 240 + 58 = 298, Bob 202, Cy 220
    doc = cli.record("wild=7", f"Ann: {ANN_SHOWS}", f"Bob: {BOB_38}", "Cy: drop")
    assert doc["scores"] == {"Ann": 0, "Bob": 38, "Cy": 20}  # a deal's scores are still the points
    assert doc["totals"] == {"Ann": 298, "Bob": 202, "Cy": 220}
    # deal 2: Bob shows, takes Ann's 45 and Cy's 30: Ann 253, Bob 277, Cy 190
    doc = cli.record(paper("Bob", Ann=45, Cy=30))
    assert doc["totals"] == {"Ann": 253, "Bob": 277, "Cy": 190}
    # deal 3: Cy shows, takes Ann's 10 and Bob's 80: Ann 243, Bob 197, Cy 280. The most chips win: Cy
    doc = cli.record(paper("Cy", Ann=10, Bob=80))
    assert doc["totals"] == {"Ann": 243, "Bob": 197, "Cy": 280} and sum(doc["totals"].values()) == 720
    assert doc["finished"] and doc["winners"] == ["Cy"]
    standings = cli.standings()
    assert standings["chips"] == {"Ann": 243, "Bob": 197, "Cy": 280} and standings["deals"] == 3
    assert [(p["name"], p["total"], p["rank"]) for p in standings["players"]] == [
        ("Cy", 280, 1), ("Ann", 243, 2), ("Bob", 197, 3)]
    assert cli.json("chart")["lowest_wins"] is False
    # head to head, the most chips are ahead: Cy 280 over Ann 243 and Bob 197
    block = next(b for b in cli.json("stats")["variants"] if b["variant"] == "indian")
    cy = next(p for p in block["players"] if p["name"] == "Cy")
    assert {r["opponent"]: r["ahead"] for r in cy["head_to_head"]} == {"Ann": 1, "Bob": 1}
    assert "Chips: Ann 243, Bob 197, Cy 280" in cli("standings").stdout
    assert "--carry is for points and pool games" in refused(
        cli("new", "indian", *P3, "--rule", "game=deals3", "--carry", "Ann=10"))


# --- one-line entries refused, with their sentence ----------------------------------------------------

@pytest.mark.parametrize("args, said", [
    (["Ann: 2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK show", "Bob: -5", "Cy: -5"], "wild rank is missing"),
    (["wild=1", "Ann: 0 show", "Bob: -5", "Cy: -5"], '"1" is not a rank'),
    (["wild=7", "Ann: 2H 3H 4H 5S, 6S 7C 9D, 9C 9S KH, KD KS JK show", "Bob: -5", "Cy: -5"],
     "The same cards do make a valid show: 2H 3H 4H (pure sequence)"),
    (["wild=7", "Ann: 2H 3H 4H, 9D 9C 9S, KH KD KS, QD QH QC JK show", "Bob: -5", "Cy: -5"],
     "Ann declared with 1 sequence"),
    (["Ann: 0 show", "Bob: -81", "Cy: -5"], "more than the full count, 80"),
    (["Ann: 0 show", "Bob: dorp", "Cy: -5"], 'did you mean "drop"?'),
    (["Ann: 0 show", "Bob: -5 show", "Cy: -5"], '"show" is given for both Ann and Bob'),
    (["Ann: -5", "Bob: -5", "Cy: -5"], "Nobody declared"),
    (["wild=7", "Ann: 0 show", "Bob: KS AS 2S -3D", "Cy: -5"], "runs cannot turn the corner"),
])
def test_refusals_on_one_line(cli, args, said):
    cli.new("indian", *P3)
    err = refused(cli("hand", *args))
    assert said in err, err
    assert cli.standings()["hands"] == 0


# --- check --wild ---------------------------------------------------------------------------------------

def test_check_judges_melds_with_the_cut_rank_and_the_declaration(cli):
    doc = cli.json("check", "indian", "2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK", "--wild", "7")
    assert doc["legal"] and doc["wild"] == "7" and [m["kind"] for m in doc["melds"]] == ["run", "run", "set", "set"]
    assert doc["melds"][0]["reason"].startswith("a pure sequence") and doc["melds"][1]["cards"][2] == "7C=7S"
    assert doc["declaration"]["valid"] is True
    # the same cards laid wrongly: not legal (exit 1), and the arrangement that is a show
    bad = cli("check", "indian", "2H 3H 4H 5S, 6S 7C 9D, 9C 9S KH, KD KS JK", "--wild", "7", "--json")
    assert bad.exit_code == 1
    verdict = json.loads(bad.stdout)["declaration"]
    assert verdict["valid"] is False and ["2H", "3H", "4H"] in verdict["arrangement"]
    # without --wild only the printed jokers are wild: 5S 6S 7C is no meld
    assert cli("check", "indian", "5S 6S 7C").exit_code == 1
    assert "leave out --wild" in refused(cli("check", "gin", "5S 6S 7S", "--wild", "7"))
    assert "not a rank" in refused(cli("check", "indian", "5S 6S 7S", "--wild", "Z"))
    shown = cli("--lang", "uk", "check", "indian", "2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK", "--wild", "7").stdout
    assert "чиста послідовність" in shown and "правильне шоу" in shown


# --- the questions at the table -------------------------------------------------------------------------

def test_the_prompt_asks_the_wild_rank_first_then_each_player_in_play(application):
    from test_prompt import Table

    application.new("indian", list(P3), ["game=pool101"])
    application.record_hand(paper("Ann", Bob=80, Cy=30))
    application.record_hand(paper("Ann", Bob=21, Cy=10))  # Bob 101: out
    t = Table(application)
    t.answer("Wild rank (the cut card: 7, Q, A; JK for a printed joker; Enter: none, a deal on paper): ", "7")
    t.answer("  melds -cards left out (or points, drop, middle, wrong; show if declared): ", ANN_SHOWS)
    # Cy: a bad card is asked again with the reason; then Cy drops
    t.answer("  melds -cards left out (or points, drop, middle, wrong; show if declared): ", "1H")
    t.answer("  melds -cards left out (or points, drop, middle, wrong; show if declared): ", "middle")
    shown = t.answer("Save deal 3? [Y/n] ", "y")
    # Ann "declared"; Bob, out of the game, was not asked and scores nothing; the wild rank is said
    assert "Deal 3 would score:" in shown and "declared" in shown and "Wild: sevens and the printed jokers." in shown
    assert "Out of the game: no part in this deal." in shown and "1H" in t.seen and '"1H" is not a card' in t.seen
    assert t.finish() == 0
    deal = application.history()["hands"][-1]
    assert deal["scores"] == {"Ann": 0, "Bob": 0, "Cy": 40} and deal["wild"] == "7"


# --- export, import, the board ------------------------------------------------------------------------

def test_export_and_import_keep_the_events(cli, tmp_path):
    cli.new("indian", *P3, rules=["game=pool101"])
    cli.record(paper("Ann", Bob=50, Cy=60))
    cli.record(paper("Bob", Ann=72, Cy=44))
    cli("rejoin", "Cy")
    out = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", out).exit_code == 0
    assert cli("import", out, "--as-new").exit_code == 0
    sessions = cli.json("sessions")["sessions"]
    copy = next(s["id"] for s in sessions if s["id"] != cli.standings()["session"])
    assert cli.totals(copy) == {"Ann": 72, "Bob": 50, "Cy": 73}
    assert cli.history(copy)["events"][0]["words"] == "Cy rejoins at 73 after deal 2."
    assert cli("export", "--format", "md").exit_code == 0 and cli("export", "--format", "csv").exit_code == 0
    assert cli("stats").exit_code == 0 and "Deals" in cli("stats").stdout


def test_the_board_shows_who_is_in_play_who_is_out_and_the_chips(cli, application):
    from scorekeeper.cli.render.board import board
    from scorekeeper.cli.render.page import said

    cli.new("indian", *P3, rules=["game=pool101"])
    cli.record(paper("Ann", Bob=80, Cy=30))
    cli.record(paper("Ann", Bob=21, Cy=10))
    doc = application.board(history=True)
    lines = said(doc, None)["next"]
    assert "In play: Ann, Cy" in lines and "Out: Bob" in lines and "Deal: 3" in lines
    assert said(doc, None)["heading"] == "Indian Rummy · 2 deals played"
    from rich.console import Console

    console = Console(width=100, height=30, color_system=None, record=True)
    console.print(board(doc, 100, 30))
    text = console.export_text()
    assert "In play: Ann, Cy" in text and "Out: Bob" in text
    cli.new("indian", *P3, rules=["game=deals2"])
    cli.record(paper("Ann", Bob=30, Cy=12))  # Ann 160 + 42 = 202, Bob 130, Cy 148
    lines = said(application.board(history=True), None)["next"]
    assert "Chips: Ann 202, Bob 130, Cy 148" in lines and "Deal: 2 of 2" in lines
    # a printed joker cut shows as the joker on the page
    cli.record("wild=JK", "Ann: 0 show", "Bob: -5", "Cy: -5")
    assert said(application.board(history=True), None)["wilds"] == ["", "JK"]


def test_rules_indian(cli):
    doc = cli.json("rules", "indian")
    assert doc["name"] == "Indian Rummy" and doc["aliases"] == ["indian-rummy", "13-card", "pool-rummy"]
    assert [i["id"] for i in doc["interpretations"]] == [f"I-N{n}" for n in range(1, 7)]
    options = {o["key"]: o for o in doc["options"]}
    assert options["game"]["default"] == "points" and options["deals"]["default"] == 6
    assert options["packs"]["default"] == {"2": 1, "3": 2, "4": 2, "5": 2, "6": 2}
    shown = cli("--lang", "be", "rules", "indian").stdout
    assert "Індыйскі рамі" in shown and "у чыстай серыі няма карты, што замяняе іншую" in " ".join(shown.split())
    assert cli.json("new", "pool-rummy", "Ann", "Bob")["variant"] == "indian"


def test_a_deal_s_wild_rank_is_written_in_the_language_s_letters(cli):
    """The history's "Play" cell and the audit's written-back entry give the wild rank as the language writes
    it (uk: queens Д, a printed joker Дж — never Q and JK beside Cyrillic words), and what the audit writes
    reads back: the first four deals of POINTS_GAME (deal 3 queens wild, deal 4 a printed joker cut)."""
    cli.new("indian", *P3)
    play(cli, POINTS_GAME[:4])
    shown = cli("--lang", "uk", "history").stdout
    assert "дикі 7" in shown and "дикі Д" in shown and "дикі Дж" in shown
    assert "дикі Q" not in shown and "дикі JK" not in shown
    assert "Q wild" in cli("history").stdout and "JK wild" in cli("history").stdout
    audit = cli("--lang", "uk", "history", "--audit").stdout
    assert "джокер=Д\n" in audit and "джокер=Дж" in audit and "джокер=Q" not in audit
    # deal 3 typed again as the audit writes its wild rank: the same deal, the same scores
    entry, scores = POINTS_GAME[2]
    again = cli.json("--lang", "uk", "edit", "3", "джокер=Д", *entry[1:])
    assert again["scores"] == scores


def test_a_drop_with_cards_on_one_line_is_said_in_the_lines_words(cli):
    cli.new("indian", "Ann", "Bob", "Cy")
    r = cli("hand", "Ann: drop 5H 6H", "Bob: -", "Cy: -4S")
    assert r.exit_code == 2
    said = " ".join(r.stderr.split())
    assert '("Ann: drop")' in said and "melds" not in said


# --- a rejoin changed in the file, outside scorekeeper ----------------------------------------------

def _session_file(db) -> tuple:
    (path,) = (db / "sessions").glob("*.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    return path, doc, doc["session"]["1"]


def test_a_rejoin_taken_out_of_the_file_by_hand_is_seen_by_every_command(cli, isolated_db, tmp_path):
    """The events between deals are checked against the audit trail as the hands are: a session
    whose file lost its rejoin (edited by hand, valid JSON) is not shown with Cy's 104 as if
    scorekeeper had written it; `db check` names it and `--repair` puts back the rejoin."""
    cli.new("indian", *P3, rules=["game=pool101"])
    cli.record(paper("Ann", Bob=50, Cy=60))          # Ann 0, Bob 50, Cy 60
    cli.record(paper("Bob", Ann=72, Cy=44))          # Ann 72, Bob 50, Cy 104: Cy out
    cli.json("rejoin", "Cy")                         # Cy back at 72 + 1 = 73
    assert cli.totals() == {"Ann": 72, "Bob": 50, "Cy": 73}
    exported = tmp_path / "pool.json"
    assert cli("export", "--format", "json", "--output", str(exported)).exit_code == 0
    path, doc, record = _session_file(isolated_db)
    session = record["id"]
    del record["events"]                              # the rejoin gone, its record of the trail kept
    path.write_text(json.dumps(doc), encoding="utf-8")

    shown = cli("standings")
    assert shown.exit_code == 1 and shown.stdout == ""
    assert shown.stderr.strip() == (
        f"Session {session} was changed outside scorekeeper: its events between deals (a rejoin, a split) are "
        "not what its audit trail recorded. `scorekeeper db check` tells more and `scorekeeper db check "
        "--repair` puts back the last copy scorekeeper wrote.")
    checked = cli("db", "check", "--json")
    assert checked.exit_code == 1
    assert [(p["kind"], p["problem"]) for p in json.loads(checked.stdout)["problems"]] == [
        ("changed", f"session {session}: its events between deals (a rejoin, a split) are not what its audit "
                    "trail recorded: the file was changed outside scorekeeper; --repair puts back the last copy "
                    "scorekeeper wrote")]
    assert cli("db", "check", "--repair").exit_code == 0
    assert cli.totals() == {"Ann": 72, "Bob": 50, "Cy": 73}  # the rejoin back, as scorekeeper wrote it

    # an export whose rejoin was taken out after it was exported is refused whole
    doc = json.loads(exported.read_text(encoding="utf-8"))
    doc["sessions"][0].pop("events")
    exported.write_text(json.dumps(doc), encoding="utf-8")
    imported = cli("--db", str(tmp_path / "other"), "import", str(exported))
    assert imported.exit_code == 2, (imported.stdout, imported.stderr)
    assert "its events between deals (a rejoin, a split) are not what its audit trail recorded" in imported.stderr
    assert not (tmp_path / "other" / "index.json").exists()


def test_end_and_rejoin_in_a_game_without_them_say_so_and_offer_nothing_it_refuses(cli):
    """A new user ended a Rummy 500 game: `end` offered `end --split`, which then said Rummy 500 has
    "no such step between deals (split)". Both now say that this game is not ended by agreement;
    `rejoin` that nobody comes back in it; nothing is stored."""
    cli.new("rummy500", "Ann", "Bob")
    cli.record("Ann: 7H 8H 9H -", "Bob: -KD")
    for args in (("end",), ("end", "--split", "--yes")):
        assert refused(cli(*args)) == ("Rummy 500 is not ended by agreement: its game ends as its rules say "
                                       "(scorekeeper rules rummy500).")
    assert refused(cli("rejoin", "Bob")) == "Rummy 500 lets no player back into the game (scorekeeper rules rummy500)."
    assert cli.standings()["finished"] is False and len(cli.history()["hands"]) == 1
