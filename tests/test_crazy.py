"""Crazy Rummy (SPEC §2.5, §2.2, I-1, I-6, I-7), through the real command line.

Every expected score here was worked out by hand from the rule book: a card
of the round's wild rank 25 wherever it lies, an ace 1, 2-10 face value,
J Q K 10, the player who went out 0; round r has rank r wild (aces in round
1 … kings in round 13); after round 13 the lowest total wins.
"""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from conftest import no_document, load_games


SHARED = load_games("shared_crazy.json")
FULL = load_games("crazy_full_game.json")
GAMES = {g["id"]: g for g in SHARED["games"] + FULL["games"]}


# --- helpers ---------------------------------------------------------------------------------

def hand_file(cli, tmp_path, entry: dict, *extra: str):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(entry, ensure_ascii=False), encoding="utf-8")
    return cli("hand", "--file", str(path), *extra)


def play_rounds(n: int, players=("Ann", "Bob", "Cy")) -> None:
    """``n`` quiet rounds: the first player goes out, everyone else is charged 0 on paper
    (recorded through the application: what the `hand` command does, without its output)."""
    from scorekeeper.app import Application

    app = Application()
    for _ in range(n):
        app.record_hand([f"{players[0]}: -"] + [f"{p}: -1" for p in players[1:]], "line")


def refused(cli, result, *words: str) -> None:
    """Exit 2, one sentence on stderr naming what is wrong, no document on stdout (under --json only
    the error as data), no traceback."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    assert no_document(result.stdout)
    for w in words:
        assert w in result.stderr, result.stderr


# --- the worked games: shared examples and the hand-worked 13-round games -----------------------

@pytest.mark.parametrize("game_id", list(GAMES))
def test_worked_game(cli, tmp_path, game_id):
    game = GAMES[game_id]
    cli.new("crazy", *game["players"], rules=game["rules"])
    for i, entry in enumerate(game["hands"], 1):
        doc = cli.record(entry)
        assert doc["number"] == i
        assert doc["scores"] == game["expect"]["scores"][i - 1], f"round {i}"
        assert doc["context"] == {"round": i, "wild": ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                       "J", "Q", "K"][i - 1]}
    st, hist = cli.standings(), cli.history()
    assert {p["name"]: p["total"] for p in st["players"]} == game["expect"]["totals"]
    assert [h["scores"] for h in hist["hands"]] == game["expect"]["scores"]
    assert st["finished"] is game["expect"]["finished"]
    assert st["winners"] == game["expect"]["winners"]


@pytest.mark.parametrize("case", SHARED["rejects"], ids=lambda c: c["id"])
def test_shared_reject(cli, tmp_path, case):
    cli.new("crazy", *case["players"])
    before = cli.history()
    refused(cli, hand_file(cli, tmp_path, case["reject"]), "JK", "without jokers")
    assert cli.history() == before


def test_full_game_standings(cli, tmp_path):
    """The 13-round game: Cy 154 wins alone; ranked lowest first (Cy 154, Dee 163, Ann 195, Bob 282)."""
    game = GAMES["crazy_full_game"]
    cli.new("crazy", *game["players"])
    for i, entry in enumerate(game["hands"], 1):
        st = cli.standings()
        # before round i: round i is coming, its rank is wild; the deal passes left every round
        assert (st["round"], st["hands"]) == (i, i - 1)
        assert st["dealer"] == game["players"][(i - 1) % 4]
        assert st["leader"] == game["players"][i % 4]
        cli.record(entry)
    st = cli.standings()
    assert [(p["rank"], p["name"], p["total"]) for p in st["players"]] == [
        (1, "Cy", 154), (2, "Dee", 163), (3, "Ann", 195), (4, "Bob", 282)]
    assert st["finished"] is True and st["winners"] == ["Cy"]
    assert (st["round"], st["wild"], st["dealer"], st["leader"]) == (None, None, None, None)
    # I-7: a round is won by the player who went out; round 8 (stock ran out) by nobody.
    # Ann went out in rounds 1, 5, 10; Bob 2, 6, 11; Cy 3, 7, 12; Dee 4, 9, 13.
    assert {p["name"]: p["won"] for p in st["players"]} == {"Ann": 3, "Bob": 3, "Cy": 3, "Dee": 3}
    assert cli.history()["hands"][7]["won"] == []


def test_joint_winners_text(cli, tmp_path):
    """Ann and Cy both end on 147, the lowest: a shared win, rank 1 each, Bob 173 third."""
    game = GAMES["crazy_joint_winners"]
    cli.new("crazy", *game["players"])
    for entry in game["hands"]:
        cli.record(entry)
    st = cli.standings()
    assert [(p["rank"], p["name"], p["total"]) for p in st["players"]] == [
        (1, "Ann", 147), (1, "Cy", 147), (3, "Bob", 173)]
    text = cli("standings")
    assert text.exit_code == 0
    assert "Game over: Ann and Cy win after 13 rounds." in text.stdout  # Crazy Rummy counts rounds
    assert "share the win at 147" in text.stdout
    hist = cli.history()["hands"]
    # round 5: Bob's points-only 3 (Cy went out); round 12 all on paper, nobody out
    assert hist[4]["won"] == ["Cy"] and hist[4]["points_only_players"] == ["Ann", "Bob"]
    assert hist[11]["points_only"] is True and hist[11]["won"] == []


# --- the thirteen rounds: the 14th refused, undo and edit keep rounds and wild ranks aligned ------

def test_fourteenth_round_refused(cli, tmp_path):
    game = GAMES["crazy_full_game"]
    cli.new("crazy", *game["players"])
    for entry in game["hands"]:
        cli.record(entry)
    before = cli.history()
    result = hand_file(cli, tmp_path, game["hands"][0])
    refused(cli, result, "13 rounds", "no fourteenth", "Cy won")
    result = cli("hand", "Ann: -", "Bob: -2C", "Cy: -3C", "Dee: -4C")
    refused(cli, result, "no fourteenth")
    assert cli.history() == before
    assert cli.standings()["hands"] == 13


def test_fourteenth_round_refused_subprocess(tmp_path, exe):
    """The installed program, as a user runs it: exit 2 and the sentence on stderr.
    (Rounds 1-12 go in through the application; every round through the command
    line is test_fourteenth_round_refused.)"""
    from scorekeeper.app import Application

    env = dict(os.environ, SCOREKEEPER_DB=str(tmp_path / "sub-db"), NO_COLOR="1")

    def run(*args):
        return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env,
                              stdin=subprocess.DEVNULL, timeout=60)

    app = Application(tmp_path / "sub-db")
    app.new("crazy-rummy", ["Ann", "Bob", "Cy"])
    for _ in range(12):
        app.record_hand(["Ann: -", "Bob: -2", "Cy: -3"], "line")
    assert run("hand", "Ann: -", "Bob: -2", "Cy: -3").returncode == 0
    st = json.loads(run("standings", "--json").stdout)
    assert st["variant"] == "crazy" and st["finished"] is True and st["round"] is None
    # Ann went out every round (0); Bob 13 × 2 = 26, Cy 13 × 3 = 39: Ann, lowest, wins
    # (a points-only 0 would mean Bob and Cy went out too, which is refused: I-6, issue 12)
    assert st["winners"] == ["Ann"]
    r = run("hand", "Ann: -", "Bob: -2", "Cy: -3")
    assert r.returncode == 2 and r.stdout == ""
    assert "no fourteenth wild rank" in r.stderr and "Traceback" not in r.stderr


def test_undo_keeps_round_and_wild_aligned(cli, tmp_path):
    cli.new("crazy", "Ann", "Bob", "Cy")
    play_rounds(5)
    assert (cli.standings()["round"], cli.standings()["wild"]) == (6, "6")
    assert cli("undo", "--yes").exit_code == 0
    st = cli.standings()
    assert (st["hands"], st["round"], st["wild"]) == (4, 5, "5")
    assert "Round 5 — fives are wild" in cli("standings").stdout
    # round 5 again, fives wild: Bob's 5D costs 25, not 5; Cy's 6C is plain 6 (sixes are not wild yet)
    doc = cli.record({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "5D"}, "Cy": {"hand": "6C"}}})
    assert doc["number"] == 5 and doc["context"] == {"round": 5, "wild": "5"}
    assert doc["scores"] == {"Ann": 0, "Bob": 25, "Cy": 6}
    assert (cli.standings()["round"], cli.standings()["wild"]) == (6, "6")


def test_redo_and_edit_rescore_by_round(cli, tmp_path):
    cli.new("crazy", "Ann", "Bob", "Cy")
    play_rounds(1)
    cli.record({"players": {"Ann": {"hand": "2H 3H"}, "Bob": {"hand": ""}, "Cy": {"hand": "AH"}}})
    # round 2, twos wild: Ann 25 + 3 = 28; Cy's ace 1
    assert cli.history()["hands"][1]["scores"] == {"Ann": 28, "Bob": 0, "Cy": 1}
    assert cli("undo", "--yes").exit_code == 0
    assert cli("redo").exit_code == 0
    assert cli.history()["hands"][1]["context"] == {"round": 2, "wild": "2"}
    # edit hand 1 (round 1, aces wild): the same cards now cost 2 + 3 = 5 for Ann, 25 for Cy's ace
    result = cli("edit", "1", "Ann: -2H 3H", "Bob: -", "Cy: -AH", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["scores"] == {"Ann": 5, "Bob": 0, "Cy": 25}
    assert cli.standings()["round"] == 3


# --- setting up: players, options ---------------------------------------------------------------

@pytest.mark.parametrize("players", [("Ann", "Bob"), ("A", "B", "C", "D", "E", "F", "G")])
def test_player_counts_refused(cli, players):
    refused(cli, cli("new", "crazy", *players), "Crazy Rummy is played by 3 to 6 players", f"not {len(players)}")


@pytest.mark.parametrize("players", [("A", "B", "C"), ("A", "B", "C", "D", "E", "F")])
def test_player_counts_accepted(cli, players):
    doc = cli.new("crazy", *players)
    assert doc["variant"] == "crazy" and doc["players"] == list(players)
    assert doc["rules"] == {"tie": "shared"}


def test_tie_play_on_refused(cli):
    refused(cli, cli("new", "crazy", "Ann", "Bob", "Cy", "--rule", "tie=play-on"),
            "tie=play-on", "no fourteenth wild rank")
    assert cli("standings").exit_code == 2  # nothing was started: there is no current session
    assert cli.new("crazy", "Ann", "Bob", "Cy", rules=["tie=shared"])["rules"] == {"tie": "shared"}


@pytest.mark.parametrize("rule", ["target=100", "knock_limit=5", "decks=2", "tie=sometimes"])
def test_other_options_refused(cli, rule):
    refused(cli, cli("new", "crazy", "Ann", "Bob", "Cy", "--rule", rule), rule.split("=")[0])


def test_new_shows_round_one(cli):
    result = cli("new", "crazy", "Ann", "Bob", "Cy", "--dealer", "Cy")
    assert result.exit_code == 0
    assert "Round 1 — aces are wild. Next: Cy deals, Ann leads and gets the eighth card." in result.stdout


def test_standings_text_names_round_dealer_and_eighth_card(cli):
    cli.new("crazy", "Ann", "Bob", "Cy", "Dee")
    play_rounds(6, ("Ann", "Bob", "Cy", "Dee"))
    st = cli.standings()
    # round 7: the deal has passed left six times from Ann: Cy deals, Dee leads
    assert (st["round"], st["wild"], st["dealer"], st["leader"]) == (7, "7", "Cy", "Dee")
    text = cli("standings").stdout
    assert "Round 7 — sevens are wild. Next: Cy deals, Dee leads and gets the eighth card." in text
    assert "To target" not in text


@pytest.mark.parametrize("done, words", [(0, "aces"), (5, "sixes"), (9, "tens"), (10, "jacks"),
                                         (11, "queens"), (12, "kings")])
def test_wild_rank_words(cli, done, words):
    cli.new("crazy", "Ann", "Bob", "Cy")
    play_rounds(done)
    assert f"Round {done + 1} — {words} are wild." in cli("standings").stdout


# --- what an entry may hold -------------------------------------------------------------------------

def test_round_seven_sevens_cost_25(cli):
    """SPEC §4's example as round 7: Ann out 0; Bob 7H 25 + KS 10 = 35; Cy 2D 2."""
    cli.new("crazy", "Ann", "Bob", "Cy")
    play_rounds(6)
    result = cli("hand", "Ann: -", "Bob: -7H KS", "Cy: -2D", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["scores"] == {"Ann": 0, "Bob": 35, "Cy": 2}
    assert doc["won"] == ["Ann"] and doc["context"] == {"round": 7, "wild": "7"}


def test_stock_exhausted_charges_everyone(cli):
    """Round 1, nobody out: Ann 3C 3; Bob AD 25 (aces wild) + 9S 9 = 34; Cy KH 10."""
    cli.new("crazy", "Ann", "Bob", "Cy")
    result = cli("hand", "Ann: -3C", "Bob: -AD 9S", "Cy: -KH", "stock", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["scores"] == {"Ann": 3, "Bob": 34, "Cy": 10}
    assert doc["won"] == []
    assert cli.history()["hands"][0]["ended"] == "stock"


def test_points_only_round(cli, tmp_path):
    cli.new("crazy", "Ann", "Bob", "Cy")
    doc = cli.record({"players": {"Ann": {"hand": 0}, "Bob": {"hand": 40}, "Cy": {"hand": 3}},
                                 "out": "Ann"})
    assert doc["scores"] == {"Ann": 0, "Bob": 40, "Cy": 3} and doc["won"] == ["Ann"]
    assert doc["points_only"] is True
    # a points-only 0 means no cards left (I-6, issue 12): Ann went out and won this one too
    doc = cli.record({"players": {"Ann": {"hand": 0}, "Bob": {"hand": 7}, "Cy": {"hand": 3}}})
    assert doc["won"] == ["Ann"]
    assert [h["points_only"] for h in cli.history()["hands"]] == [True, True]


@pytest.mark.parametrize("args, words", [
    (("Ann: -", "Bob: -", "Cy: -2C"), ("Only one player can go out", "Ann and Bob")),
    (("Ann: -", "Bob: -", "Cy: -"), ("Only one player can go out, but Ann, Bob and Cy all have no cards left.",)),
    (("Ann: -4D out", "Bob: -", "Cy: -2C"), ("Ann is named as out",)),
    (("Ann: - out", "Bob: -2D", "Cy: -2C", "stock"), ("one way only",)),
    (("Ann: -7H", "Bob: -7H", "Cy: -"), ("7H", "Ann, Bob", "one 52-card deck")),
    (("Ann: 3H 4H 5H -", "Bob: -4H", "Cy: -2C"), ("4H", "Ann, Bob", "one 52-card deck")),
    (("Ann: -", "Bob: -JK", "Cy: -2C"), ("JK", "Bob", "without jokers")),
    (("Ann: 5H 6H JK -", "Bob: -2D", "Cy: -2C"), ("JK", "Ann", "without jokers")),
    (("Ann: -", "Bob: -2D knock", "Cy: -2C"), ("this variant has no knocking",)),
    (("Ann: +4S -", "Bob: -2D", "Cy: -2C"), ('records no lay-offs',)),
    (("Ann: -", "Bob: -2D", "Cy: -1C"), ('"1C" is not a card',)),
    (("Ann: -", "Bob: -2D"), ("Cy is missing",)),
])
def test_bad_entries_refused(cli, args, words):
    cli.new("crazy", "Ann", "Bob", "Cy")
    before = cli.history()
    refused(cli, cli("hand", *args), *words)
    assert cli.history() == before


def test_out_with_points_refused(cli, tmp_path):
    """A player who went out holds no cards: "out" with 12 points on paper is a contradiction."""
    cli.new("crazy", "Ann", "Bob", "Cy")
    entry = {"players": {"Ann": {"hand": 12}, "Bob": {"hand": 7}, "Cy": {"hand": 3}}, "out": "Ann"}
    refused(cli, hand_file(cli, tmp_path, entry), "Ann is named as out", "12 points")
    assert cli.history()["hands"] == []


# --- optional melds: checked with the round's wild cards, never scored ------------------------------

MELDS = [
    # (round, meld, legal, words in the refusal)
    (7, "QH KH 7C", True, ""),              # J-Q-K of hearts, the wild 7C as JH
    (7, "7C=JH QH KH", True, ""),           # the same, said outright
    (7, "3S 5S 7C=4S", True, ""),           # 3-4-5 of spades, 7C stands for 4S
    (4, "4C 9D 9S", True, ""),              # a set of nines with the wild 4C (melds.json)
    (4, "9D 9S 9H 4C", True, ""),           # a set of four, one wild
    (5, "5C 5D 6H 7H", True, ""),           # two wilds in one run: 6-7-8-9 of hearts
    (7, "7C 7D 7H", True, ""),              # three wild cards alone
    (2, "AH 2C 3H", True, ""),              # ace low A-2-3 with the wild 2C as 2H
    (4, "4C 4D 4H 4S 9S", True, ""),        # four wilds and a natural: the run 9-10-J-Q-K of spades
    (4, "QH KH AH", False, "the ace is always low in Crazy Rummy"),       # melds.json
    (7, "QH KH 7C=AH", False, "the ace is always low in Crazy Rummy"),    # a wild cannot make it Q-K-A
    (3, "KH AH 3C", False, "KH AH 3C"),     # K and A together: no wild can bridge them with the ace low
    (4, "9D 9S 9H 9C 4C", False, "never has more than four cards"),
    (7, "QH KH 5C=JH", False, "5C is not wild"),
    (7, "8C 7D", False, "at least three cards"),
    (7, "8C 9D 10S", False, "not a set"),
]


@pytest.mark.parametrize("round_, meld, legal, words", MELDS, ids=[f"r{m[0]}:{m[1]}" for m in MELDS])
def test_meld_checked_in_round(cli, round_, meld, legal, words):
    cli.new("crazy", "Ann", "Bob", "Cy")
    play_rounds(round_ - 1)
    result = cli("hand", f"Ann: {meld} -", "Bob: -2D", "Cy: -10C", "--json")
    if legal:
        assert result.exit_code == 0, result.stderr
        doc = json.loads(result.stdout)
        # melds score nothing: Ann went out, 0; Bob 2D 2 and Cy 10C 10 (neither rank is wild here)
        wild_two = round_ == 2
        wild_ten = round_ == 10
        assert doc["scores"] == {"Ann": 0, "Bob": 25 if wild_two else 2, "Cy": 25 if wild_ten else 10}
    else:
        refused(cli, result, "Ann:", words)
        assert cli.standings()["hands"] == round_ - 1


def test_melds_of_several_players_and_a_file(cli, tmp_path):
    """Round 7: melds of two players as lists; deck counted across melds and hands."""
    cli.new("crazy", "Ann", "Bob", "Cy")
    play_rounds(6)
    entry = {"players": {"Ann": {"melds": ["QH KH 7C", "2S 2D 2C"], "hand": ""},
                         "Bob": {"melds": "3D 4D 5D; 9S 9H 7S", "hand": "7D 8C"},
                         "Cy": {"melds": [], "hand": "AC 10H"}}}
    doc = cli.record(entry)
    # Bob 7D 25 (sevens wild) + 8C 8 = 33; Cy AC 1 + 10H 10 = 11
    assert doc["scores"] == {"Ann": 0, "Bob": 33, "Cy": 11}


# --- the core: scoring lines and meld rules ------------------------------------------------------------

def test_score_lines_explain_each_card():
    from scorekeeper.core.game import new_setup, replay
    from scorekeeper.core.variants import get_variant

    setup = new_setup(get_variant("crazy-rummy"), ["Ann", "Bob", "Cy"])
    quiet = {"players": {"Ann": {"hand": ""}, "Bob": {"hand": 1}, "Cy": {"hand": 1}}}
    round12 = {"players": {"Ann": {"hand": "QC AS 7D KH"}, "Bob": {"hand": ""},
                           "Cy": {"hand": 9, "melds": "JS QS KS"}}}
    state = replay(setup, [quiet] * 11 + [round12])
    result = state.results[-1]
    assert result.context == {"round": 12, "wild": "Q"} and result.won == ["Bob"]
    ann = result.players["Ann"]
    # Q♣ 25 (queens wild) + A♠ 1 + 7♦ 7 + K♥ 10 = 43
    assert ann.score == 43
    assert [(line.card_text, line.points, line.reason, line.rule) for line in ann.lines] == [
        ("QC", 25, "Q♣ in hand, round 12, queens are wild: 25", "§2.5"),
        ("AS", 1, "A♠ in hand, ace: 1", "§2.5"),
        ("7D", 7, "7♦ in hand, face value: 7", "§2.5"),
        ("KH", 10, "K♥ in hand, court card: 10", "§2.5"),
    ]
    assert [(line.points, line.reason) for line in result.players["Bob"].lines] == [(0, "Bob went out: 0")]
    cy = result.players["Cy"]
    assert cy.points_only is False and cy.score == 9
    assert cy.lines[0].rule == "§2.5, I-6"
    assert cy.note.startswith("Melds on the table (checked, not scored): a run of spades J-Q-K")


def test_meld_rules_and_values():
    from scorekeeper.core.cards import parse_played_cards
    from scorekeeper.core.errors import InputError
    from scorekeeper.core.melds import IllegalMeld, read_meld
    from scorekeeper.core.variants import get_variant

    crazy = get_variant("crazy")
    rules7 = crazy.melds.rules({"tie": "shared"}, 7)
    reading = read_meld(parse_played_cards("QH KH 7C"), rules7)
    assert reading.kind == "run" and "J-Q-K" in reading.reason and "7♣ as J♥" in reading.reason
    assert crazy.melds.value(reading, {"tie": "shared"}) is None
    rules4 = crazy.melds.rules({"tie": "shared"}, 4)
    assert read_meld(parse_played_cards("4C 9D 9S"), rules4).kind == "set"
    with pytest.raises(IllegalMeld, match="always low"):
        read_meld(parse_played_cards("QH KH AH"), rules4)
    for bad in (0, 14):
        with pytest.raises(InputError, match="rounds 1 to 13"):
            crazy.melds.rules({"tie": "shared"}, bad)


def test_variant_record():
    from scorekeeper.core.variants import get_variant

    crazy = get_variant("CRAZY-RUMMY")
    assert (crazy.id, crazy.name, crazy.min_players, crazy.max_players) == ("crazy", "Crazy Rummy", 3, 6)
    assert crazy.lowest_wins and not crazy.endings.knock
    assert crazy.codec.keys == {"melds", "hand"}
    from scorekeeper.core.game import new_setup

    setup = new_setup(crazy, ["Ann", "Bob", "Cy"])
    assert crazy.deals.packs(setup.rules, 3) == (1, 0)
    # its facts, as data: 13 rounds, the round number names the wild rank, a deal is a "round", no jokers
    deals = crazy.deals
    assert deals.count(setup.rules) == 13 and deals.round_matters and crazy.melds.has_wild_cards
    assert not crazy.pack.has_jokers
    assert crazy.deal_word == "round" and not crazy.melds.score and deals.wild_rank(setup.rules, 7) == 7
    assert str(deals.dealt(4)) == "7 cards each, 8 to the player left of the dealer"
    assert set(crazy.interpretations) == {"I-1", "I-6", "I-7"}
    assert [o.key for o in crazy.options] == ["tie"]


def test_readme_example(cli):
    """The Crazy Rummy page's example (docs/crazy.md), hand by hand (its figures worked by hand there)."""
    four = ("Ann", "Bob", "Cy", "Dee")
    assert cli("new", "crazy", *four, "--title", "Sunday").exit_code == 0
    result = cli("hand", "Ann: -", "Bob: -AS 5H", "Cy: -KD QD 3C", "Dee: -9S 9H")
    assert result.exit_code == 0
    for line in ("1   Ann          0      0          1", "4   Bob         30    +30          0",
                 "Round 2 — twos are wild. Next: Bob deals, Cy leads and gets the eighth card."):
        assert line in result.stdout
    play_rounds(5, four)
    refused(cli, cli("hand", "Ann: QH KH 7C=AH -", "Bob: -7D KS", "Cy: -2D", "Dee: -AC 4S 4H"), "always low")
    result = cli("hand", "Ann: QH KH 7C -", "Bob: -7D KS", "Cy: -2D", "Dee: -AC 4S 4H", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["scores"] == {"Ann": 0, "Bob": 35, "Cy": 2, "Dee": 9}


def test_a_game_continued_from_paper_numbers_its_rounds_as_the_game_does(cli, application):
    """`new --round 12`: rounds 1-11 were played on paper, 12 and 13 here. Round 12, queens wild: Ann out 0,
    Bob A♠ 5♥ = 1 + 5 = 6, Cy K♦ 10; round 13, kings wild: Ann out, Bob 7♦ 7, Cy 2♦ 2. Totals Ann 0, Bob 13,
    Cy 12: Ann wins after the 2 rounds recorded here (as the Markdown export says it,
    test_rule_audit), and the page's history names them rounds 12 and 13, as `history` does."""
    from scorekeeper.cli.render.page import document

    cli("new", "crazy", "Ann", "Bob", "Cy", "--round", "12")
    cli.record("Ann: -", "Bob: -AS 5H", "Cy: -KD")
    cli.record("Ann: -", "Bob: -7D", "Cy: -2D")
    assert "Game over: Ann wins after 2 rounds." in cli("standings").stdout
    said = document(application.board(history=True), None, 1)["said"]
    assert said["hands"] == ["Round 12", "Round 13"] and said["heading"] == "Crazy Rummy · 2 rounds played"
    # the last round typed again, and undo's question: round 13, as the game numbers it
    again = cli("hand", "Ann: -", "Bob: -7D", "Cy: -2D")
    assert again.exit_code == 2 and again.stderr.startswith("This is round 13 again"), again.stderr
    asked = cli("undo")
    assert asked.exit_code == 2 and asked.stderr.startswith("Take back round 13?"), asked.stderr
