"""Gin Rummy through the command line (SPEC §2.7, §4, §5): whole games from the cards
alone, the JSON additions, the refusals (exit 2, one sentence, nothing stored), and
the shared worked examples. The rules themselves are tested in tests/test_gin.py.

Figures are worked out by hand. Deadwood: ace 1, J Q K 10, 2–10 face value.
"""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from conftest import console_script, load_games

GIN = load_games("shared_gin.json")

#: SPEC §4's example: Ann knocks with 5♦ (5); Bob melds K♠ K♥ K♦, lays off 10♥ J♥ on 7-8-9♥
#: and 5♣ on 2-3-4♣, and holds 9 + 6 + 3 + 1 = 19: Ann scores 19 − 5 = 14.
ANN_KNOCKS = ("Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH")
#: Bob has gin (3-4-5-6♥, 9♠ 9♦ 9♣, J-Q-K♦); Ann melds 6♠ 6♦ 6♣ and A-2-3♠ and holds
#: 7♥ 2♥ 10♦ 9♥ = 28, nothing laid off against gin: Bob scores 28 + 25 = 53.
BOB_GIN = ("Ann: 7H 2H 10D 9H 6S 6D 6C AS 2S 3S", "Bob: 3H 4H 5H 6H 9S 9D 9C JD QD KD knock")


def words(text: str) -> str:
    """What was printed, lines joined (a long sentence may wrap in the terminal)."""
    return " ".join(text.split())


def test_a_whole_game_from_the_cards_alone(cli):
    cli.new("gin", "Ann", "Bob")
    first = cli.record(*ANN_KNOCKS)
    assert first["scores"] == {"Ann": 14, "Bob": 0}
    assert (first["kind"], first["knocker"], first["deadwood"]) == ("knock", "Ann", {"Ann": 5, "Bob": 19})
    assert (first["knock_limit"], first["multiplier"]) == (10, 1)
    bob = first["arrangement"]["Bob"]
    assert bob["melds"] == [["KS", "KH", "KD"]] and sorted(bob["layoffs"]) == ["10H", "5C", "JH"]
    assert bob["deadwood_cards"] == ["9S", "6D", "3S", "AH"]
    assert first["arrangement"]["Ann"]["deadwood_cards"] == ["5D"]
    st = cli.standings()
    assert (st["dealer"], st["leader"]) == ("Ann", "Bob")          # the hand's winner deals

    void = cli.record("stock", "Ann:", "Bob:")                       # a void hand: 0 : 0, nobody's
    assert void["scores"] == {"Ann": 0, "Bob": 0} and void["kind"] == "void"
    st = cli.standings()
    assert (st["dealer"], st["leader"]) == ("Ann", "Bob")          # the same dealer deals again

    third = cli.record(*BOB_GIN)
    assert (third["scores"], third["kind"]) == ({"Ann": 0, "Bob": 53}, "gin")
    st = cli.standings()
    assert (st["dealer"], st["leader"], st["finished"]) == ("Bob", "Ann", False)
    assert "shutout" not in st

    last = cli.record(*BOB_GIN, "--again")                      # Bob 106: the game is over
    assert last["finished"] and last["winners"] == ["Bob"]
    st = cli.standings()
    # Bob 106 + 100 (game) + 2 × 25 (boxes) = 256; Ann 14 + 1 × 25 = 39; Ann won a hand: no shutout
    players = {p["name"]: p for p in st["players"]}
    assert {n: p["total"] for n, p in players.items()} == {"Ann": 39, "Bob": 256}
    assert {n: p["bonus"] for n, p in players.items()} == {"Ann": 25, "Bob": 150}
    assert {n: p["won"] for n, p in players.items()} == {"Ann": 1, "Bob": 2}
    assert st["shutout"] is False and st["dealer"] is None
    history = cli.history()
    assert [h["scores"] for h in history["hands"]] == [
        {"Ann": 14, "Bob": 0}, {"Ann": 0, "Bob": 0}, {"Ann": 0, "Bob": 53}, {"Ann": 0, "Bob": 53}]
    assert [h["kind"] for h in history["hands"]] == ["knock", "void", "gin", "gin"]
    assert [h["dealer"] for h in history["hands"]] == ["Ann", "Ann", "Ann", "Bob"]
    assert history["hands"][0]["deadwood"] == {"Ann": 5, "Bob": 19}

    r = cli("standings")
    assert r.exit_code == 0
    said = words(r.stdout)
    assert "Boxes (hands won): Bob 2, Ann 1." in said
    assert "No shutout" in said and "game bonus +100" in said
    r = cli("explain")
    assert r.exit_code == 0
    said = words(r.stdout)
    assert "Kind of hand: gin" in said and "Deadwood: Bob 0, Ann 28." in said
    assert "Bonus school: preset=modern" in said  # the preset named as it is typed
    assert "Bob won 2 hands: 2 × 25 = +50 in boxes" in said          # the end names every bonus


def test_a_shutout_and_the_winner_ranked_second(cli):
    # palace: boxes of 10 credited at once count toward the target; no game bonus, no shutout bonus
    cli.new("gin", "Ann", "Bob", rules=["preset=palace", "target=60"])
    first = cli.record(*BOB_GIN)
    assert first["scores"] == {"Ann": 0, "Bob": 63}                    # 28 + 25 + 10 (box at once)
    st = cli.standings()
    assert st["finished"] and st["winners"] == ["Bob"] and st["shutout"] is True
    r = cli("standings")
    assert "A shutout" in words(r.stdout)


def test_the_end_says_why_the_player_who_reached_the_target_still_wins(cli):
    cli.new("gin", "Ann", "Bob", rules=["target=30", "game_bonus=0", "box_bonus=50", "shutout=none"])
    # Ann wins two small hands (2 each: 12 − 10), Bob one big one (35): Bob reaches 30 with 35
    small = {"players": {"Ann": {"hand": 10}, "Bob": {"hand": 12}}, "knock": "Ann"}
    cli.record(small)
    cli.record(small)
    cli.record({"players": {"Ann": {"hand": 45}, "Bob": {"hand": 10}}, "knock": "Bob"})
    st = cli.standings()
    # final totals: Ann 4 + 2 × 50 = 104, Bob 35 + 1 × 50 = 85: Bob reached the target and wins
    assert st["finished"] and st["winners"] == ["Bob"]
    assert {p["name"]: p["total"] for p in st["players"]} == {"Ann": 104, "Bob": 85}
    r = cli("standings")
    assert "Bob reached 30 and wins (I-G5), although Ann's boxes bring Ann higher: " \
           "104 to 85." in words(r.stdout)


def test_options_presets_and_what_is_stored(cli):
    doc = cli.new("gin-rummy", "Ann", "Bob", rules=["preset=classic", "undercut_bonus=15"])
    assert doc["variant"] == "gin"
    rules = doc["rules"]
    assert "preset" not in rules                                       # the values, not the preset's name
    assert (rules["gin_bonus"], rules["big_gin_bonus"], rules["undercut_bonus"], rules["box_bonus"]) == \
        (20, None, 15, 20)
    assert cli.new("gin", "Ann", "Bob", rules=["oklahoma=true"])["rules"]["target"] == 150
    r = cli("new", "gin", "Ann", "Bob", "--rule", "tie=shared")
    assert r.exit_code == 2 and 'The option "tie" does not apply to Gin Rummy' in r.stderr
    r = cli("new", "gin", "Ann", "Bob", "Cy")
    assert r.exit_code == 2
    r = cli("rules", "gin")
    assert r.exit_code == 0
    for words in ("preset", "classic", "palace", "I-G1", "I-G10", "knock_limit", "next_dealer"):
        assert words in r.stdout, words
    doc = cli.json("rules", "gin")
    assert doc["options"][0]["key"] == "preset" and [i["id"] for i in doc["interpretations"]][-1] == "I-G10"


def test_check_gin_judges_melds_without_value(cli):
    doc = cli.json("check", "gin", "AS", "2S", "3S")
    assert doc["legal"] and doc["value"] is None and doc["melds"][0]["kind"] == "run"
    r = cli("check", "gin", "QS", "KS", "AS")
    assert r.exit_code == 1 and "the ace is always low in Gin Rummy" in r.stdout


def test_explain_points_out_a_missed_layoff(cli):
    cli.new("gin", "Ann", "Bob")
    cli.record({"players": {
        "Ann": {"melds": ["7H 8H 9H", "QS QD QC", "2C 3C 4C"], "hand": "5D"},
        "Bob": {"melds": ["KS KH KD"], "hand": "10H JH 5C 9S 6D 3S AH"}}, "knock": "Ann"})
    r = cli("explain")
    assert r.exit_code == 0
    said = words(r.stdout)
    assert "Bob could have laid off 10♥ J♥ 5♣ on Ann's melds" in said or \
        "Bob could have laid off 10H JH 5C on Ann's melds" in said


@pytest.mark.parametrize("entry,words", [
    (("Ann: 7H 8H 9H QS QD QC 2C 3C 4C knock", ANN_KNOCKS[1]), ["Ann", "9"]),
    (("Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D 6S knock", ANN_KNOCKS[1]), ["Ann"]),
    (("Ann: AH 2H 3H 3S 3D 7C 7D 7S 4C 4D knock", "Bob: KS KH KD QC JC 10C 9H 8H 6S 5S"), ["Ann", "10"]),
    (("Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S 5D"), ["5"]),
    (("Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD +9S -10H JH 5C 6D 3S AH"), ["Bob", "9"]),
])
def test_bad_hands_are_refused_with_one_sentence(cli, entry, words):
    cli.new("gin", "Ann", "Bob")
    before = cli.history()
    r = cli("hand", *entry)
    assert r.exit_code == 2 and r.stdout == ""
    sentence = r.stderr.strip()
    assert sentence and "\n" not in sentence and "Traceback" not in sentence
    for w in words:
        assert w in sentence, (w, sentence)
    assert cli.history() == before


@pytest.mark.parametrize("raw,code_words", [
    ({"players": {"Ann": {"hand": 5, "table": 10}, "Bob": {"hand": 19}}, "knock": "Ann"}, ["Ann", "table"]),
    ({"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "out": "Ann"}, ["out"]),
    ({"players": {"Ann": {"melds": ["3S 4S 5S 6S", "8H 8D 8C", "JS QS KS"], "hand": ""},
                  "Bob": {"melds": ["2H 3H 4H", "KD KH KC"], "layoffs": "7S", "hand": "9D 4C 3D"}},
      "knock": "Ann"}, ["Bob", "gin"]),
    ({"players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC", "2C 3C 4C"], "layoffs": "5D", "hand": ""},
                  "Bob": {"hand": 19}}, "knock": "Ann"}, ["Ann"]),
])
def test_bad_hand_files_are_refused(cli, raw, code_words):
    cli.new("gin", "Ann", "Bob")
    r = cli("hand", "--file", "-", input=json.dumps(raw))
    assert r.exit_code == 2 and r.stdout == ""
    for w in code_words:
        assert w in r.stderr, (w, r.stderr)
    assert cli.history()["hands"] == []


def test_oklahoma_needs_the_upcard_and_names_it(cli):
    cli.new("gin", "Ann", "Bob", rules=["oklahoma=true"])
    r = cli("hand", *ANN_KNOCKS)
    assert r.exit_code == 2 and "up" in r.stderr.lower()
    r = cli("hand", *ANN_KNOCKS, "up=4H")                             # limit 4: Ann's 5 is over it
    assert r.exit_code == 2 and "4" in r.stderr and "Ann" in r.stderr
    doc = cli.record(*ANN_KNOCKS, "up=7S")
    assert (doc["knock_limit"], doc["upcard"], doc["scores"]["Ann"]) == (7, "7S", 14)


def test_the_prompt_asks_for_the_cards(cli, monkeypatch):
    from scorekeeper.cli import prompt

    cli.new("gin", "Ann", "Bob")
    answers = iter(["7H 8H 9H QS QD QC 2C 3C 4C",                      # nine cards: asked again
                    "7H 8H 9H QS QD QC 2C 3C 4C 5D",
                    "KS KH KD 10H JH 5C 9S 6D 3S AH",
                    "Ann",                                              # who knocked
                    "y"])
    seen: list[str] = []

    def read(question: str, prefill: str = "") -> str:
        seen.append(question)
        return next(answers)

    from scorekeeper.app import Application
    from scorekeeper.cli.terminal import Terminal

    application = Application(os.environ["SCOREKEEPER_DB"])
    raw = prompt.ask_hand(Terminal(), application, application.table(), read=read)
    assert raw == {"players": {"Ann": {"cards": "7H 8H 9H QS QD QC 2C 3C 4C 5D"},
                               "Bob": {"cards": "KS KH KD 10H JH 5C 9S 6D 3S AH"}}, "knock": "Ann"}
    assert seen[0].strip().startswith("cards") and not any("meld" in q for q in seen)
    assert prompt.Dialog is not None  # the one dialog: the variant's table asks for the cards shown


# --- the shared worked examples (../shared/games/gin.json) ------------------------------------


@pytest.mark.parametrize("case", GIN["games"], ids=[g["id"] for g in GIN["games"]])
def test_shared_games(cli, case):
    cli.new(case["variant"], *case["players"], rules=case["rules"])
    for hand in case["hands"]:
        cli.record(hand)
    exp = case["expect"]
    assert [h["scores"] for h in cli.history()["hands"]] == exp["scores"]
    st = cli.standings()
    assert {p["name"]: p["total"] for p in st["players"]} == exp["totals"]
    assert st["finished"] == exp["finished"]
    if exp["finished"]:
        assert sorted(st["winners"]) == sorted(exp["winners"])


@pytest.mark.parametrize("case", GIN["rejects"], ids=[r["id"] for r in GIN["rejects"]])
def test_shared_rejects(cli, case):
    cli.new(case["variant"], *case["players"], rules=case.get("rules", []))
    r = cli("hand", "--file", "-", input=json.dumps(case["reject"]))
    assert r.exit_code == 2 and r.stderr.strip() and "Traceback" not in r.stderr
    assert cli.history()["hands"] == []


def test_the_console_script_records_a_gin_hand(tmp_path):
    exe = console_script()
    if exe is None:
        pytest.skip("the scorekeeper console script is not installed")
    env = dict(os.environ, SCOREKEEPER_DB=str(tmp_path / "db.json"), NO_COLOR="1")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env, timeout=60,
                              stdin=subprocess.DEVNULL)

    assert run("new", "gin", "Ann", "Bob").returncode == 0
    r = run("hand", *ANN_KNOCKS, "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["scores"] == {"Ann": 14, "Bob": 0}
    r = run("hand", "Ann: 7H 8H 9H knock", "Bob: KS")
    assert r.returncode == 2 and "Ann" in r.stderr


def test_stats_count_gins_undercuts_knocks_deadwood_and_shutouts(cli):
    cli.new("gin", "Ann", "Bob")
    cli.record(*ANN_KNOCKS)                                          # Ann knocks: 5 against 19
    cli.record(*BOB_GIN)                                             # Bob gin: 0 against 28
    cli.record({"players": {"Ann": {"hand": 8}, "Bob": {"hand": 5}}, "knock": "Ann"})  # Bob undercuts
    doc = cli.json("stats", "--variant", "gin")
    rows = {p["name"]: p for p in doc["players"]}
    # Ann knocked twice, deadwood 5 + 28 + 8 = 41 over 3 hands; Bob 19 + 0 + 5 = 24
    assert rows["Ann"]["gin"] == {"gins": 0, "undercuts": 0, "knocks": 2, "hands": 3, "deadwood": 41,
                                  "average_deadwood": 13.67, "shutouts": 0}
    # Bob's one knock was a gin: counted under gins, not knocks
    assert rows["Bob"]["gin"] == {"gins": 1, "undercuts": 1, "knocks": 0, "hands": 3, "deadwood": 24,
                                  "average_deadwood": 8.0, "shutouts": 0}
    (h2h,) = rows["Bob"]["head_to_head"]
    assert h2h["opponent"] == "Ann" and h2h["gin"]["gins"] == 1
    r = cli("stats")
    assert r.exit_code == 0 and "Gin Rummy" in r.stdout and "Undercuts" in r.stdout
    # the chart and the exports work unchanged
    assert cli("chart").exit_code == 0
    for fmt in ("json", "csv", "md"):
        assert cli("export", "--format", fmt).exit_code == 0, fmt


def test_refusals_speak_the_words_of_the_form_the_hand_was_given_in(cli):
    cli.new("gin", "Ann", "Bob", rules=["oklahoma=true"])
    ann, bob = "Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH"
    line = cli("hand", ann + " knock", bob)                 # typed on one line: the one-line words
    assert line.exit_code == 2 and "up=CARD" in line.stderr and '"upcard"' not in line.stderr
    line = cli("hand", ann + " 6H knock", bob, "up=QH")
    assert line.exit_code == 2 and 'add "big" after "knock"' in line.stderr and "big_gin" not in line.stderr
    line = cli("hand", ann, bob, "up=QH")
    assert line.exit_code == 2 and '"stock"' in line.stderr and "stock_exhausted" not in line.stderr
    # a hand file: its keys
    entry = {"players": {"Ann": {"cards": ann[5:]}, "Bob": {"cards": bob[5:]}}, "knock": "Ann"}
    file = cli("hand", "--file", "-", input=json.dumps(entry))
    assert file.exit_code == 2 and '"upcard": CARD' in file.stderr and "up=" not in file.stderr



# --- history for people: each hand's kind, up-card and doubling ---------------------------------

def _oklahoma_game(cli) -> None:
    """Three hands under Oklahoma with spades doubling.

    1. SPEC §4's hand with up-card 5♠: the knock limit is 5 and Ann holds 5♦ (5), so she may knock;
       Bob lays off 10♥ J♥ and 5♣ and holds 9 + 6 + 3 + 1 = 19: Ann 19 − 5 = 14, doubled by the
       spade up-card: 28.
    2. Bob's gin with up-card 9♦ (not a spade, no doubling): Ann holds 7 + 2 + 10 + 9 = 28 after her
       melds (nothing laid off against gin): Bob 28 + 25 = 53.
    3. A void hand (the stock ran out): 0 : 0.
    """
    cli.new("gin", "Ann", "Bob", rules=["oklahoma=true", "spades_double=true"])
    assert cli.record(*ANN_KNOCKS, "up=5S")["scores"] == {"Ann": 28, "Bob": 0}
    assert cli.record(*BOB_GIN, "up=9D")["scores"] == {"Ann": 0, "Bob": 53}
    assert cli.record("Ann:", "Bob:", "stock")["scores"] == {"Ann": 0, "Bob": 0}


def _rows(text: str) -> dict[str, str]:
    """history's rows by hand number, each row's words joined by single spaces."""
    rows = {}
    for line in text.splitlines():
        parts = line.split()
        if parts and parts[0].isdigit():
            rows[parts[0]] = " ".join(parts)
    return rows


@pytest.mark.parametrize("lang, heading, knock, gin, void, up", [
    ("en", "Kind", "knock", "gin", "void", "up"),
    ("uk", "Тип", "стук", "джин", "порожня роздача", "відкрита"),
    ("ru", "Вид", "стук", "джин", "пустая раздача", "открытая"),
    ("be", "Від", "стук", "джын", "пустая раздача", "адкрытая"),
])
def test_history_shows_each_hands_kind_up_card_and_doubling(cli, lang, heading, knock, gin, void, up):
    _oklahoma_game(cli)
    result = cli("--lang", lang, "history")
    assert result.exit_code == 0, result.stderr
    assert heading in result.stdout.split()
    rows = _rows(result.stdout)
    # a piped table writes a card in letters in English, with its suit symbol where the rank is Cyrillic
    five_s, nine_d = ("5S", "9D") if lang == "en" else ("5♠", "9♦")
    assert f"{knock}, {up} {five_s}, ×2" in rows["1"] and rows["1"].endswith("+28 → 28 0 → 0")
    assert f"{gin}, {up} {nine_d}" in rows["2"] and "×" not in rows["2"] and rows["2"].endswith("0 → 28 +53 → 53")
    assert f" {void} " in rows["3"] and up not in rows["3"]


def test_history_of_a_plain_game_names_the_kind_alone(cli):
    cli.new("gin", "Ann", "Bob")
    cli.record(*ANN_KNOCKS)  # SPEC §4: Ann 19 − 5 = 14, no up-card asked without Oklahoma
    rows = _rows(cli("history").stdout)
    assert rows["1"].split()[2:] == ["knock", "+14", "→", "14", "0", "→", "0"]
