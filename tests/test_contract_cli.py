"""Contract Rummy through the real command line (SPEC §2.8, §4, §5): a full game of each
preset, every validation refused with its sentence (exit 2, nothing stored), check --deal,
the --json additions and rules contract.

Every expected score is worked out by hand in the comments: a card left in hand counts
ace 15, K Q J 10, 10-2 face value, joker 15; the player who went out 0; the player who cut
exactly (the one before the dealer in seat order) minus cut_bonus under liverpool.
"""
from __future__ import annotations

import json

import pytest

P3 = ("Ann", "Bob", "Cy")
P4 = ("Ann", "Bob", "Cy", "Dee")


def refused(result) -> str:
    """Exit 2, nothing on stdout, one sentence on stderr."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    err = result.stderr.strip()
    assert err and "\n" not in err and "Traceback" not in err, err
    return err


def hand(cli, *entry):
    """``hand`` with one-line arguments, or a hand file (a dict, first) on standard input; options after."""
    if entry and isinstance(entry[0], dict):
        return cli("hand", "--file", "-", *entry[1:], input=json.dumps(entry[0]))
    return cli("hand", *entry)


# --- a full game of each preset ------------------------------------------------------------------

BICYCLE = [
    # deal 1, S3+S3: Ann down and out, 0; Bob lays QH on Ann's queens and holds AS 5D: 15 + 5 = 20;
    # Cy never went down: KS QS 3C 8D = 10 + 10 + 3 + 8 = 31
    (["Ann: 7H 7S 7D, QC QD JK +7C -", "Bob: 4S 4H 4D, 9C 9C 9H +QH -AS 5D", "Cy: [] -KS QS 3C 8D"],
     {"Ann": 0, "Bob": 20, "Cy": 31}),
    # deal 2, S3+R4 (a hand file): Bob out 0; Ann lays 9H below 10-KH and holds 3C: 3; Cy joker 5S: 20
    ({"players": {"Bob": {"melds": ["7S 7H 7C", "4D 5D 6D 7D"], "layoffs": "8D", "hand": ""},
                  "Ann": {"melds": ["QS QH QC", "10H JH QH KH"], "layoffs": "9H", "hand": "3C"},
                  "Cy": {"melds": [], "hand": "JK 5S"}}},
     {"Ann": 3, "Bob": 0, "Cy": 20}),
    # deal 3, R4+R4: Cy out 0; Ann AH AD 30; Bob 2C 2D KH = 14
    (["Cy: 3H 4H 5H 6H, 9S 10S JS QS +KS -", "Ann: -AH AD", "Bob: -2C 2D KH"], {"Ann": 30, "Bob": 14, "Cy": 0}),
    # deal 4, S3+S3+S3, abandoned (stock): Ann 4C 4; Bob joker 9D 24; Cy 50 on paper
    (["Ann: 5S 5H 5D, 8C 8D 8H, KC KD KH -4C", "Bob: -JK 9D", "Cy: -50", "stock"], {"Ann": 4, "Bob": 24, "Cy": 50}),
    # deal 5, S3+S3+R4: Ann out, laying KH and AH on her 9-QH: 0; Bob Q Q 10 = 30; Cy 7C 7
    (["Ann: 2S 2H 2D, 6C 6D 6S, 9H 10H JH QH +KH AH -", "Bob: -QS QD 10C", "Cy: -7C"],
     {"Ann": 0, "Bob": 30, "Cy": 7}),
    # deal 6, S3+R4+R4: Bob out 0; Ann 9 + 9 + 4 = 22; Cy AS AC 2H = 32
    (["Bob: 3S 3H 3C, 5C 6C 7C 8C, JD QD KD AD -", "Ann: [] -9S 9D 4H", "Cy: -AS AC 2H"],
     {"Ann": 22, "Bob": 0, "Cy": 32}),
    # deal 7, R4+R4+R4, the last: Cy goes down and out at once (the joker as QC); Ann KC QH 20; Bob 10D 10
    (["Cy: AH 2H 3H 4H, 5S 6S 7S 8S, 9C 10C JC JK -", "Ann: -KC QH", "Bob: -10D"], {"Ann": 20, "Bob": 10, "Cy": 0}),
]
# totals: Ann 0+3+30+4+0+22+20 = 79; Bob 20+0+14+24+30+0+10 = 98; Cy 31+20+0+50+7+32+0 = 140: Ann wins

LIVERPOOL = [
    # Ann deals deal 1, so Dee (before her in seat order) cut; each deal the cutter moves on one seat
    # deal 1: Ann out; Bob AS 5D 20; Cy KS 10; Dee 3 + 4 = 7, cut: 7 − 50 = −43
    (["Ann: 7H 7S JK, QC QD JK -", "Bob: -AS 5D", "Cy: -KS", "Dee: -3C 4C cut"],
     {"Ann": 0, "Bob": 20, "Cy": 10, "Dee": -43}),
    # deal 2 (Bob deals, Ann cut): Bob out; Ann 6H 6 − 50 = −44; Cy two jokers 30; Dee 9S 9
    (["Bob: 8S 8H 8D, 2C 3C 4C 5C -", "Ann: -6H cut", "Cy: -JK JK", "Dee: -9S"],
     {"Ann": -44, "Bob": 0, "Cy": 30, "Dee": 9}),
    # deal 3 (Cy deals, Bob cut): Cy out; Ann 2; Bob KH QH 20 − 50 = −30; Dee 40 on paper
    (["Cy: 3D 4D 5D 6D, 10S JS QS KS +AS -", "Ann: -2H", "Bob: -KH QH cut", "Dee: -40"],
     {"Ann": 2, "Bob": -30, "Cy": 0, "Dee": 40}),
    # deal 4 (Dee deals, Cy cut): Dee out; Ann 7; Bob 8 + 8 = 16; Cy 5 − 50 = −45
    (["Dee: 9H 9S 9D, 10H 10S 10C, 4H 4S JK -", "Ann: -7C", "Bob: -8C 8D", "Cy: -5H cut"],
     {"Ann": 7, "Bob": 16, "Cy": -45, "Dee": 0}),
    # deal 5 (Ann deals, Dee cut), abandoned: Ann AD 15; Bob 10; Cy 3; Dee 6 − 50 = −44
    (["Ann: -AD", "Bob: -10D", "Cy: -3S", "Dee: -6C cut", "stock"], {"Ann": 15, "Bob": 10, "Cy": 3, "Dee": -44}),
    # deal 6 (Bob deals, Ann cut): Ann out and cut: 0 − 50 = −50; Bob 2; Cy 4; Dee JD 10
    (["Ann: KC KD KH, 5H 6H 7H 8H, 9C 10C JC QC - cut", "Bob: -2S", "Cy: -4D", "Dee: -JD"],
     {"Ann": -50, "Bob": 2, "Cy": 4, "Dee": 10}),
    # deal 7, the last (Cy deals, Bob cut): Dee out; Ann 3; Bob 7 − 50 = −43; Cy QS 10
    (["Dee: AC 2C 3C 4C, 6S 7S 8S 9S, JH QH KH AH -", "Ann: -3H", "Bob: -7D cut", "Cy: -QS"],
     {"Ann": 3, "Bob": -43, "Cy": 10, "Dee": 0}),
]
# totals: Ann 0−44+2+7+15−50+3 = −67; Bob 20+0−30+16+10+2−43 = −25; Cy 10+30+0−45+3+4+10 = 12;
# Dee −43+9+40+0−44+10+0 = −28: Ann wins

LIVERPOOL6 = [
    # Bob deals first. exact_contract: every contract meld exactly its size; six deals
    # deal 1, S3+S3: Bob out (the nines with two jokers); Ann KD 10; Cy 2 + 3 = 5
    (["Bob: 5S 5H 5D, JK JK 9C -", "Ann: -KD", "Cy: [] -2S 3S"], {"Ann": 10, "Bob": 0, "Cy": 5}),
    # deal 2, S3+R4: Cy out, laying JS on his 7-10S (lay-offs are not held to the sizes); Ann AS 15;
    # Bob joker QH 25
    (["Cy: 6C 6D 6H, 7S 8S 9S 10S +JS -", "Ann: -AS", "Bob: -JK QH"], {"Ann": 15, "Bob": 25, "Cy": 0}),
    # deal 3, R4+R4: Ann out; Bob 4; Cy KC KH 20
    (["Ann: 2D 3D 4D 5D, 9H 10H JH QH -", "Bob: -4S", "Cy: -KC KH"], {"Ann": 0, "Bob": 4, "Cy": 20}),
    # deal 4, three sets: Bob out; Ann 8 + 8 = 16; Cy joker 15
    (["Bob: 3C 3D 3H, 7C 7D 7H, QC QD QS -", "Ann: -8D 8C", "Cy: -JK"], {"Ann": 16, "Bob": 0, "Cy": 15}),
    # deal 5, S3+S3+R4: Cy out; Ann 9; Bob 10 + 2 = 12
    (["Cy: AH AD AC, 4S 4H 4C, 5C 6C 7C 8C -", "Ann: -9D", "Bob: -10H 2H"], {"Ann": 9, "Bob": 12, "Cy": 0}),
    # deal 6, S3+R4+R4, the last: Ann out at once; Bob 6; Cy 5 + 5 = 10
    (["Ann: KS KH KD, 2C 3C 4C 5C, 8H 9H 10H JH -", "Bob: -6D", "Cy: -5S 5D"], {"Ann": 0, "Bob": 6, "Cy": 10}),
]
# totals: Ann 10+15+0+16+9+0 = 50; Bob 0+25+4+0+12+6 = 47; Cy 5+0+20+15+0+10 = 50: Bob wins


@pytest.mark.parametrize("preset, players, dealer, deals, totals, winner, won", [
    ("bicycle", P3, None, BICYCLE, {"Ann": 79, "Bob": 98, "Cy": 140}, "Ann", {"Ann": 2, "Bob": 2, "Cy": 2}),
    ("liverpool", P4, None, LIVERPOOL, {"Ann": -67, "Bob": -25, "Cy": 12, "Dee": -28}, "Ann",
     {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 2}),
    ("liverpool6", P3, "Bob", LIVERPOOL6, {"Ann": 50, "Bob": 47, "Cy": 50}, "Bob", {"Ann": 2, "Bob": 2, "Cy": 2}),
])
def test_full_game(cli, preset, players, dealer, deals, totals, winner, won):
    doc = cli.new("contract-rummy", *players, rules=[f"preset={preset}"], dealer=dealer)
    assert doc["variant"] == "contract" and "preset" not in doc["rules"]
    contracts = doc["rules"]["contracts"].split("/")
    assert len(contracts) == len(deals)
    for number, (entry, scores) in enumerate(deals, 1):
        before = cli.standings()
        assert (before["deal"], before["contract"], before["deals"]) == (number, contracts[number - 1], len(deals))
        result = hand(cli, *(entry if isinstance(entry, list) else [entry]), "--json")
        assert result.exit_code == 0, result.stderr
        got = json.loads(result.stdout)
        assert got["scores"] == scores, f"deal {number}"
        assert got["deal"] == number and got["contract"] == contracts[number - 1]
    final = cli.standings()
    assert final["finished"] and final["winners"] == [winner]
    assert {p["name"]: p["total"] for p in final["players"]} == totals
    assert {p["name"]: p["won"] for p in final["players"]} == won
    assert (final["deal"], final["contract"]) == (None, None)
    # a deal after the last is refused, and nothing is stored
    assert "finished" in refused(hand(cli, *[f"{p}: -" if i == 0 else f"{p}: -5" for i, p in enumerate(players)]))
    assert cli.standings()["hands"] == len(deals)
    history = cli.history()
    assert [h["deal"] for h in history["hands"]] == list(range(1, len(deals) + 1))
    assert history["hands"][0]["out"] is not None


def test_json_additions_and_cut(cli):
    cli.new("contract", *P4, rules=["preset=liverpool"])
    got = cli.record("Ann: 7H 7S JK, QC QD JK -", "Bob: -AS 5D", "Cy: [] -KS", "Dee: -3C 4C cut")
    assert (got["deal"], got["contract"], got["out"], got["down"], got["cut"]) == (1, "S3+S3", "Ann", ["Ann"], "Dee")
    got = cli.record({"players": {"Ann": {"hand": "5C"}, "Bob": {"hand": "6C"}, "Cy": {"hand": 7},
                                  "Dee": {"hand": "8C"}}, "stock_exhausted": True})
    assert (got["out"], got["down"], got["cut"], got["won"]) == (None, [], None, [])


# --- every validation of §2.8, refused with its sentence, nothing stored ---------------------------

REFUSALS = [
    # 1: a run of three
    ({"players": {"Ann": {"melds": ["4H 5H 6H", "QC QD QS"], "hand": ""}, "Bob": {"hand": "2D"},
                  "Cy": {"hand": "3D"}}}, [], 1, ["Ann", "4H 5H 6H", "at least 4"]),
    # 1: a 2 used as a wild without deuces_wild
    ({"players": {"Ann": {"melds": ["7H 7S 2C", "QC QD QS"], "hand": ""}, "Bob": {"hand": "2D"},
                  "Cy": {"hand": "3D"}}}, [], 1, ["Ann", "deuces_wild"]),
    # 1: a meld over wild_limit
    ({"players": {"Ann": {"melds": ["7H JK JK", "QC QD QS"], "hand": ""}, "Bob": {"hand": "2D"},
                  "Cy": {"hand": "3D"}}}, ["wild_limit=half", "jokers=2"], 1, ["Ann", "wild_limit=half"]),
    # 2: deal 1 (two sets) shown as a set and a run
    ({"players": {"Ann": {"melds": ["4S 4H 4D", "6C 7C 8C 9C"], "hand": ""}, "Bob": {"hand": "2D"},
                  "Cy": {"hand": "3D"}}}, [], 1, ["Ann", "two sets (S3+S3)"]),
    # 3: more melds than the contract
    ({"players": {"Ann": {"melds": ["4S 4H 4D", "6C 6D 6H", "9S 9H 9D"], "hand": ""}, "Bob": {"hand": "2D"},
                  "Cy": {"hand": "3D"}}}, [], 1, ["Ann", "extra_melds"]),
    # 4: exact_contract and a set of four
    ({"players": {"Ann": {"melds": ["4S 4H 4D 4C", "6C 6D 6H"], "hand": ""}, "Bob": {"hand": "2D"},
                  "Cy": {"hand": "3D"}}}, ["exact_contract=true"], 1, ["Ann", "exact_contract"]),
    # 6: lay-offs by a player who did not go down
    ({"players": {"Ann": {"melds": ["4S 4H 4D", "6C 6D 6H"], "hand": ""}, "Bob": {"melds": [], "layoffs": "4C",
                  "hand": "2D"}, "Cy": {"hand": "3D"}}}, [], 1, ["Bob", "4C"]),
    # 7: a lay-off that fits nothing
    ({"players": {"Ann": {"melds": ["4S 4H 4D", "6C 6D 6H"], "layoffs": "9C", "hand": ""}, "Bob": {"hand": "2D"},
                  "Cy": {"hand": "3D"}}}, [], 1, ["Ann", "9C"]),
    # 8: three 7H with two packs
    ({"players": {"Ann": {"melds": ["7H 7H 7H", "6C 6D 6H"], "hand": ""}, "Bob": {"hand": "2D"},
                  "Cy": {"hand": "3D"}}}, [], 1, ["7H"]),
    # 8: two jokers with one in play
    ({"players": {"Ann": {"melds": ["8S 8H JK", "KC KD KS"], "hand": ""}, "Bob": {"hand": "JK 2D"},
                  "Cy": {"hand": "3D"}}}, [], 1, ["JK"]),
    # 9: nobody out without stock_exhausted
    ({"players": {"Ann": {"hand": "5D"}, "Bob": {"hand": "2D"}, "Cy": {"hand": "3D"}}}, [], 1, ["stock_exhausted"]),
    # 9: out with melds []
    ({"players": {"Ann": {"melds": [], "hand": ""}, "Bob": {"hand": "2D"}, "Cy": {"hand": "3D"}}}, [], 1, ["Ann"]),
    # 12: points beyond the packs (807 with two packs and a joker)
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": 900}, "Cy": {"hand": "3D"}}}, [], 1, ["Bob", "807"]),
    # 13: cut when cut_bonus is 0
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "2D"}, "Cy": {"hand": "3D"}}, "cut": "Cy"}, [], 1,
     ["cut_bonus=0"]),
    # 13: cut by anyone but the player to the dealer's right (Ann deals; Cy cuts)
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "2D"}, "Cy": {"hand": "3D"}}, "cut": "Bob"},
     ["cut_bonus=50"], 1, ["Bob", "Cy"]),
    # 14: a key of another variant, a bad card, an unknown player
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "2D", "table": 5}, "Cy": {"hand": "3D"}}}, [], 1, ["table"]),
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "2D"}, "Cy": {"hand": "3D"}}, "knock": "Bob"}, [], 1,
     ["knock"]),
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "1H"}, "Cy": {"hand": "3D"}}}, [], 1, ['"1H"']),
    ({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "2D"}, "Zed": {"hand": "3D"}}}, [], 1, ["Zed"]),
]


@pytest.mark.parametrize("entry, rules, deal, words", REFUSALS)
def test_refusals(cli, entry, rules, deal, words):
    cli.new("contract", *P3, rules=rules)
    err = refused(hand(cli, entry))
    for w in words:
        assert w in err, err
    assert cli.standings()["hands"] == 0


def test_refusals_in_later_deals(cli):
    cli.new("contract", *P3, rules=["adjacent_runs=refuse", "contracts=S3+S3/R4+R4"])
    quiet = ["Ann: -", "Bob: -5", "Cy: -5"]
    cli.record(*quiet)
    # 5: two runs of one suit that join into one, under adjacent_runs=refuse
    err = refused(hand(cli, "Ann: 3H 4H 5H 6H, 7H 8H 9H 10H -", "Bob: -5", "Cy: -5"))
    assert "adjacent_runs=refuse" in err and "Ann" in err
    # 10: the last deal: a player other than the one who went out showing melds
    err = refused(hand(cli, "Ann: 3H 4H 5H 6H, 8H 9H 10H JH -", "Bob: 3S 4S 5S 6S, 8S 9S 10S JS -2D", "Cy: -5"))
    assert "Bob" in err and "last deal" in err
    # 10: the player who went out showing lay-offs
    err = refused(hand(cli, "Ann: 3H 4H 5H 6H, 8H 9H 10H JH +7H -", "Bob: -5", "Cy: -5"))
    assert "Ann" in err and "lay" in err
    assert cli.standings()["hands"] == 1


def test_one_line_words(cli):
    cli.new("contract", *P3, rules=["cut_bonus=25"])
    # Ann deals; Cy is before her in seat order and cut: 3D 3 − 25 = −22
    got = cli.record("ann: 7H 7S 7D, QC QD JK +7C out", "Bob: [] -AS", "cy: -3D cut")
    assert got["scores"] == {"Ann": 0, "Bob": 15, "Cy": -22} and got["cut"] == "Cy"


# --- check, rules, explain ---------------------------------------------------------------------------

def test_check_deal(cli):
    doc = cli.json("check", "contract", "7H 7S JK, 4D 5D 6D 7D", "--deal", "2")
    assert doc["legal"] and [m["kind"] for m in doc["melds"]] == ["set", "run"]
    assert [m["value"] for m in doc["melds"]] == [None, None]
    assert doc["contract"]["deal"] == 2 and doc["contract"]["text"] == "S3+R4" and doc["contract"]["met"]
    doc = cli.json("check", "contract", "7H 7S 7D, 7C 7D 7H", "--deal", "2")
    assert doc["legal"] and not doc["contract"]["met"] and "S3+R4" in doc["contract"]["reason"]
    result = cli("check", "contract", "4H 5H 6H")  # a run of three: not legal, exit 1
    assert result.exit_code == 1 and "at least 4" in result.stdout
    assert "deal 9" in refused(cli("check", "contract", "7H 7S 7D", "--deal", "9"))
    assert "--deal" in refused(cli("check", "rummy500", "7H 7S 7D", "--deal", "2"))


def test_rules_contract(cli):
    doc = cli.json("rules", "contract")
    ids = [i["id"] for i in doc["interpretations"]]
    assert [f"I-C{n}" for n in range(1, 14)] == [i for i in ids if i.startswith("I-C")]
    options = {i["id"]: i["option"] for i in doc["interpretations"]}
    assert options["I-C1"] == "exact_contract" and options["I-C8"] == "last_deal" and options["I-C5"] is None
    keys = [o["key"] for o in doc["options"]]
    assert keys[0] == "preset" and {"contracts", "packs", "jokers", "deuces_wild", "cut_bonus"} <= set(keys)
    text = cli("rules", "contract").stdout
    assert "I-C13" in " ".join(text.split())


def test_explain_card_by_card(cli):
    cli.new("contract", *P3)
    cli.record("Ann: 7H 7S 7D, QC QD JK +7C -", "Bob: [] -AS 5D", "Cy: -9H 10H")
    doc = cli.json("explain", "--player", "Bob")
    bob = doc["players"]["Bob"] if "players" in doc else doc
    text = json.dumps(bob)
    assert "15" in text and "5" in text
    shown = " ".join(cli("explain").stdout.split())
    assert "AS" in shown


# --- at the table: the prompt ------------------------------------------------------------------

def test_prompt_asks_melds_and_the_cut(application, cli):
    from test_prompt import Table

    cli.new("contract", *P3, rules=["cut_bonus=50"])
    t = Table(application)
    intro = t.expect("Ann")
    assert "Deal 1 — two sets (S3+S3)." in " ".join(intro.split())
    t.answer("  melds: ", "4H 5H 6H")  # a run of three: asked again, saying why
    shown = t.answer("  melds: ", "7H 7S 7D, QC QD JK")
    assert "at least 4" in shown
    t.answer("  laid off: ", "7C")
    t.answer("  left in hand: ", "out")
    t.player(hand="AS 5D")
    t.player(melds="[]", hand="KS 3C")  # did not go down
    t.answer("Who cut the pack exactly (the player to the dealer's right)? (a name; Enter: nobody): ", "cy")
    shown = t.answer("Save deal 1? [Y/n] ", "y")
    # Ann went out: 0; Bob AS 5D = 20; Cy (before Ann, the dealer, in seat order) cut: 10 + 3 − 50 = −37
    assert t.finish() == 0
    assert cli.totals() == {"Ann": 0, "Bob": 20, "Cy": -37}
    entry = cli.history()["hands"][0]["entry"]
    assert entry["cut"] == "Cy" and entry["players"]["Cy"]["melds"] == []


def test_prompt_asks_who_went_out(application, cli):
    from test_prompt import Table

    cli.new("contract", *P3)
    t = Table(application)
    t.player(hand="4C")
    t.player(hand="KD")
    t.player(hand="9S")
    t.answer("Who went out? (a name; Enter: nobody, the stock ran out): ", "")
    t.answer("Save deal 1? [Y/n] ", "y")
    # abandoned with nobody out (I-C6): 4, 10, 9
    assert t.finish() == 0
    assert cli.totals() == {"Ann": 4, "Bob": 10, "Cy": 9}


def test_every_command_over_a_game(cli, tmp_path):
    """A bicycle game through edit, undo/redo, explain, history, stats and export/import."""
    sid = cli.new("contract", *P3, title="Every command")["session"]
    for entry, _scores in BICYCLE[:6]:
        got = hand(cli, *(entry if isinstance(entry, list) else [entry]), "--json")
        assert got.exit_code == 0, got.stderr
    # undo deal 6: the next hand is deal 6 again, S3+R4+R4
    assert cli("undo", "--yes").exit_code == 0
    assert (cli.standings()["deal"], cli.standings()["contract"]) == (6, "S3+R4+R4")
    assert cli("redo").exit_code == 0
    assert cli.standings()["deal"] == 7
    # edit deal 3 (R4+R4): Ann went out instead of Cy; Bob 2C 2D KH 14 as before, Cy QS 10
    edited = cli("edit", "3", "Ann: 3H 4H 5H 6H, 9S 10S JS QS -", "Bob: -2C 2D KH", "Cy: -QS", "--json")
    assert edited.exit_code == 0, edited.stderr
    # totals after six deals: Ann 0+3+0+4+0+22 = 29; Bob 20+0+14+24+30+0 = 88; Cy 31+20+10+50+7+32 = 150
    assert cli.totals() == {"Ann": 29, "Bob": 88, "Cy": 150}
    # an edit whose melds do not make deal 3's contract is refused, and nothing changes
    assert "R4+R4" in refused(cli("edit", "3", "Ann: 3H 3D 3S, 9S 10S JS QS -", "Bob: -2C 2D KH", "Cy: -QS"))
    assert cli.totals() == {"Ann": 29, "Bob": 88, "Cy": 150}
    hand(cli, *BICYCLE[6][0])
    final = cli.standings()
    # Ann 29 + 20 = 49, Bob 88 + 10 = 98, Cy 150 + 0 = 150: Ann wins
    assert final["finished"] and final["winners"] == ["Ann"]
    explained = cli("explain", "2", "--player", "Cy")
    assert explained.exit_code == 0 and "joker: 15" in " ".join(explained.stdout.split())
    stats = cli.json("stats", "--variant", "contract")
    ann = next(p for v in stats["variants"] for p in v["players"] if p["name"] == "Ann")
    assert ann["games"] == 1 and ann["wins"] == 1 and ann["hands"] == 7
    out = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", str(out)).exit_code == 0
    assert cli.json("import", str(out))["skipped"] == 1  # the same session again adds nothing
    copy = cli.json("import", str(out), "--as-new")["sessions"][0]["imported_as"]
    assert cli.totals(session=copy) == cli.totals(session=sid)
    assert cli("export", "--format", "md").exit_code == 0 and cli("export", "--format", "csv").exit_code == 0


def test_every_screen_calls_a_deal_a_deal(application, cli):
    """The rule book's word: the result, history, the prompt's header and the repeat guard all say
    "Deal N", as the standings' contract line does; nothing says "Hand N" of a Contract deal."""
    from test_prompt import CTRL_C, Table

    cli.new("contract", *P3)
    first = BICYCLE[0][0]
    shown = cli("hand", *first)
    assert shown.exit_code == 0, shown.stderr
    assert shown.stdout.startswith("Deal 1\n") and "Hand" not in shown.stdout
    assert "Deal 2 — one set and one run (S3+R4)." in " ".join(shown.stdout.split())
    again = refused(cli("hand", *first))
    assert again.startswith("This is deal 1 again, card for card") and "hand" not in again.split("--again")[0]
    assert cli("history").stdout.splitlines()[1].split()[0] == "Deal"
    t = Table(application)
    head = " ".join(t.expect("Contract Rummy (session").split())
    assert "Hand" not in head and "Deal 2 — one set and one run (S3+R4)." in head
    # the deal is named once: its contract's words number it ("Deal 2 — …"), the header does not again
    assert head.startswith("Contract Rummy (session ") and head.count("Deal 2") == 1, head
    t.answer("  melds: ", CTRL_C)
    assert t.finish() != 0


def test_the_repeat_guard_says_round_for_a_round(cli):
    """Crazy Rummy's rule book counts rounds: a round typed twice is "round 1 again"."""
    cli.new("crazy", *P3)
    entry = ("Ann: -", "Bob: -AS 9D", "Cy: -QH 4C 7D")
    assert cli("hand", *entry).exit_code == 0
    assert refused(cli("hand", *entry)).startswith("This is round 1 again, card for card")


def test_prompt_takes_no_table_points_and_skips_lay_offs_after_not_down(application, cli):
    """Melds score nothing in Contract Rummy: the prompt does not offer table points, a number at
    "melds:" is refused at once in one sentence and asked again, and a player who did not go down
    ([]) is not asked what was laid off."""
    from test_prompt import Table

    cli.new("contract", *P3)
    t = Table(application)
    intro = " ".join(t.expect("Ann").split())
    assert "points on the table" not in intro and "[] if the player did not go down" in intro
    shown = t.answer("  melds: ", "40")
    said = " ".join(t.answer("  melds: ", "7H 7S 7D, QC QD JK").split())
    assert said.split(" Correct it:")[0].count(".") == 1 and ("Ann: 40 is not melds — in Contract Rummy melds score nothing, so type the "
                                     "cards put down") in said, said
    assert "not a key" not in shown + said
    t.answer("  laid off: ", "7C")
    t.answer("  left in hand: ", "out")
    t.answer("  melds: ", "[]")
    t.answer("  left in hand: ", "AS 5D")  # no "laid off:" after []
    t.player(melds="[]", hand="KS 3C")
    t.answer("Save deal 1? [Y/n] ", "y")
    # Ann went out: 0; Bob AS 5D = 15 + 5 = 20; Cy KS 3C = 10 + 3 = 13
    assert t.finish() == 0
    assert cli.totals() == {"Ann": 0, "Bob": 20, "Cy": 13}


def test_nobody_out_on_one_line_is_said_in_the_lines_words(cli):
    cli.new("contract", "Ann", "Bob", "Cy", "Dee")
    r = cli("hand", "Ann: 5H 5S 5D, 8C 8D 8H -4S", "Bob: -AS", "Cy: -KS", "Dee: -3C")
    assert r.exit_code == 2
    said = " ".join(r.stderr.split())
    assert 'nothing after "-"' in said and 'add "stock"' in said and "stock_exhausted" not in said
