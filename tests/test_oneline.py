"""The one-line form of a hand (SPEC §4.2): "NAME: melds +lay-offs -hand", one
argument per player. It must record the same hands, with the same results, as
a hand file."""
from __future__ import annotations

import json

import pytest
from conftest import load_games

from scorekeeper.core.errors import InputError
from scorekeeper.core.game import new_setup, replay
from scorekeeper.core.oneline import parse_line_entries
from scorekeeper.core.variants import get_variant

ABC = ["Ann", "Bob", "Cy"]


def line(args, players=ABC, knock=False) -> dict:
    return parse_line_entries(args, players, knock)


def to_line(name: str, e: dict, out: bool = False) -> str:
    """A hand-file player entry written in the one-line form."""
    parts = []
    if "table" in e:
        parts.append(str(e["table"]))
    melds = e.get("melds", [])
    if isinstance(melds, str):
        melds = [m for m in melds.replace(";", ",").split(",") if m.strip()]
    if melds:
        parts.append(", ".join(m if isinstance(m, str) else " ".join(m) for m in melds))
    layoffs = e.get("layoffs")
    if layoffs:
        parts.append("+" + (layoffs if isinstance(layoffs, str) else " ".join(layoffs)))
    hand = e["hand"]
    parts.append("-" + (str(hand) if isinstance(hand, int) else hand if isinstance(hand, str) else " ".join(hand)))
    if out:
        parts.append("out")
    return f"{name}: " + " ".join(parts)


def to_args(entry: dict) -> list[str]:
    args = [to_line(n, e, entry.get("out") == n) for n, e in entry["players"].items()]
    if entry.get("stock_exhausted"):
        args.append("stock")
    return args


class TestForm:
    def test_the_readme_example(self):
        assert line(["Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85"]) == {"players": {
            "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
            "Bob": {"hand": ""},
            "Cy": {"table": 80, "hand": 85},
        }}

    def test_odd_spacing(self):
        expected = line(["Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85"])
        assert line(["  Ann:7H  8H 9H ,QS QD   QC+10H-AS    4D ", "Bob:-", "Cy :80-85"]) == expected
        assert line(["Ann : 7H 8H 9H,QS QD QC + 10H - AS 4D", "Bob :  - ", "Cy: 80 - 85"]) == expected

    def test_names_ignore_case_and_argument_order(self):
        entry = line(["cy: -2C", "ANN: -3C", "bob: -"])
        assert list(entry["players"]) == ["Ann", "Bob", "Cy"]   # seat order

    def test_semicolon_for_comma(self):
        assert line(["Ann: 7H 8H 9H; QS QD QC -", "Bob: -2C", "Cy: -3C"])["players"]["Ann"]["melds"] == [
            "7H 8H 9H", "QS QD QC"]

    def test_t_for_ten_and_suit_symbols(self):
        players = ["Ann", "Bob"]
        st = replay(new_setup(get_variant("rummy500"), players),
                    [line(["Ann: 8♥ 9♥ T♥ +J♥ -a♠", "Bob: -"], players)])
        # 8 + 9 + 10 + J 10 − A♠ 15 = 22
        assert st.results[0].scores == {"Ann": 22, "Bob": 0}

    def test_cyrillic_cards(self):
        players = ["Ann", "Bob"]
        entry = line(["Ann: Дп Кп Тп, 7ч 7б 7т +вп -тт", "Bob: -"], players)
        assert entry["players"]["Ann"] == {"melds": ["Дп Кп Тп", "7ч 7б 7т"], "layoffs": "вп", "hand": "тт"}
        st = replay(new_setup(get_variant("rummy500"), players), [entry])
        # Q-K-A♠ 10 + 10 + 15 = 35; 7 + 7 + 7 = 21; J♠ laid off below the Q: 10; A♣ in hand −15: 51
        assert st.results[0].scores == {"Ann": 51, "Bob": 0}
        # Cyrillic Т before a Latin suit is the ace, Latin T the ten
        assert replay(new_setup(get_variant("rummy500"), players),
                      [line(["Ann: -\u0422H", "Bob: -"], players)]).results[0].scores["Ann"] == -15
        assert replay(new_setup(get_variant("rummy500"), players),
                      [line(["Ann: -\u0054H", "Bob: -"], players)]).results[0].scores["Ann"] == -10

    def test_a_lookalike_card_is_refused_for_its_player(self):
        with pytest.raises(InputError) as e:
            line(["Ann: 7H 8H 9H -10\u0441", "Bob: -", "Cy: -2C"])
        assert e.value.player == "Ann" and e.value.facts["cause"].code == "card.lookalike.cyrillic"
        assert e.value.message == ('Ann: "10\u0441" is not a card: "\u0441" is a Cyrillic letter, not the "C" it '
                                   'looks like; for 10♣ write "10C".')

    def test_points(self):
        assert line(["Ann: 80 -85", "Bob: -0", "Cy: -12"])["players"] == {
            "Ann": {"table": 80, "hand": 85}, "Bob": {"hand": 0}, "Cy": {"hand": 12}}

    def test_out_and_stock(self):
        entry = line(["Ann: 24 -0 out", "Bob: -5", "Cy: -7", "stock"][:3])
        assert entry["out"] == "Ann"
        assert line(["Ann: -2C", "Bob: -5D", "Cy: -7S", "STOCK"])["stock_exhausted"] is True

    def test_ace_marks_and_wilds_pass_through(self):
        assert line(["Ann: 2H 3H 4H -", "Bob: AS AD AC +AH:low -5C", "Cy: -2C"])["players"]["Bob"]["layoffs"] == "AH:low"
        assert line(["Ann: JK=7H 8H 9H -", "Bob: -5C", "Cy: -2C"], knock=True)["players"]["Ann"]["melds"] == ["JK=7H 8H 9H"]

    def test_knock(self):
        assert line(["Ann: -3C AD knock", "Bob: -KS", "Cy: -9"], knock=True)["knock"] == "Ann"
        with pytest.raises(InputError, match="this variant has no knocking"):
            line(["Ann: -3C AD knock", "Bob: -KS", "Cy: -9"])


class TestErrors:
    def test_no_name(self):
        with pytest.raises(InputError, match=r'"7H 8H 9H -AS" does not start with a player\'s name and ":"'):
            line(["7H 8H 9H -AS", "Bob: -", "Cy: -2C"])
        with pytest.raises(InputError, match="does not start with a player's name"):
            line([": -AS"])

    def test_unknown_name_did_you_mean(self):
        with pytest.raises(InputError) as e:
            line(["Anne: -AS", "Bob: -", "Cy: -2C"])
        assert e.value.message == ('"Anne" is not a player of this session (did you mean "Ann"?); '
                                   "the players are Ann, Bob, Cy.")

    def test_missing_hand_section(self):
        with pytest.raises(InputError) as e:
            line(["Ann: 7H 8H 9H", "Bob: -", "Cy: -2C"])
        assert e.value.message.startswith('Ann: what is left in hand is not given: write it after a "-"')

    def test_player_twice(self):
        with pytest.raises(InputError, match="Ann is given twice"):
            line(["Ann: -", "ann: -2C"])

    def test_comma_after_layoffs(self):
        with pytest.raises(InputError, match='"," separates melds'):
            line(["Ann: 7H 8H 9H +10H, JH -", "Bob: -2C", "Cy: -3C"])

    def test_points_out_of_place(self):
        with pytest.raises(InputError, match="points go first"):
            line(["Ann: 7H 8H 9H 12 -", "Bob: -2C", "Cy: -3C"])
        with pytest.raises(InputError, match="not both"):
            line(["Ann: 12 7H 8H 9H -", "Bob: -2C", "Cy: -3C"])
        with pytest.raises(InputError, match="cards or as points, not both"):
            line(["Ann: -12 7H", "Bob: -2C", "Cy: -3C"])

    def test_out_twice(self):
        with pytest.raises(InputError, match='"out" is given for both Ann and Bob'):
            line(["Ann: - out", "Bob: -0 out", "Cy: -3C"])

    def test_a_missing_player_is_caught_when_scoring(self):
        entry = line(["Ann: -", "Bob: -2C"])
        with pytest.raises(InputError, match="Cy is missing from the hand"):
            replay(new_setup(get_variant("rummy500"), ABC), [entry])


# ---------------------------------------- the same games, one line vs hand file


def games():
    data = load_games("shared_rummy500.json")["games"]
    demo = json.loads((__import__("pathlib").Path(__file__).resolve().parents[1]
                       / "scorekeeper" / "data" / "demo_rummy500.json").read_text(encoding="utf-8"))
    return data + [demo]


def start(cli, g, db) -> None:
    args = ["--db", db, "new", g["variant"], *g["players"]]
    for rule in g["rules"]:
        args += ["--rule", rule]
    assert cli(*args).exit_code == 0


@pytest.mark.parametrize("g", [g for g in games() if len(g["hands"]) > 1 or len(g["players"]) > 2],
                         ids=lambda g: g["id"])
def test_one_line_records_the_same_hands_as_the_file_form(cli, tmp_path, g):
    by_file, by_line = tmp_path / "file-db", tmp_path / "line-db"
    start(cli, g, by_file)
    start(cli, g, by_line)
    for number, hand in enumerate(g["hands"], 1):
        path = tmp_path / f"{number}.json"
        path.write_text(json.dumps(hand), encoding="utf-8")
        a = cli("--db", by_file, "hand", "--file", path, "--json")
        b = cli("--db", by_line, "hand", *to_args(hand), "--json")
        assert a.exit_code == 0 and b.exit_code == 0, (number, a.stderr, b.stderr)
        a, b = json.loads(a.stdout), json.loads(b.stdout)
        assert a["scores"] == b["scores"] == g["expect"]["scores"][number - 1]
        assert {k: v for k, v in a.items() if k != "session"} == {k: v for k, v in b.items() if k != "session"}
    ha = json.loads(cli("--db", by_file, "history", "--json").stdout)["hands"]
    hb = json.loads(cli("--db", by_line, "history", "--json").stdout)["hands"]
    assert [(h["scores"], h["totals"], h["won"]) for h in ha] == [(h["scores"], h["totals"], h["won"]) for h in hb]
    sa = json.loads(cli("--db", by_file, "standings", "--json").stdout)
    sb = json.loads(cli("--db", by_line, "standings", "--json").stdout)
    drop = ("session",)
    assert {k: v for k, v in sa.items() if k not in drop} == {k: v for k, v in sb.items() if k not in drop}
    assert sb["finished"] == g["expect"]["finished"] and sb["winners"] == g["expect"]["winners"]


@pytest.mark.parametrize("g", games(), ids=lambda g: g["id"])
def test_every_worked_hand_reads_the_same_in_both_forms(g):
    setup = new_setup(get_variant(g["variant"]), g["players"], g["rules"])
    lines = [parse_line_entries(to_args(h), g["players"], False) for h in g["hands"]]
    a, b = replay(setup, g["hands"]), replay(setup, lines)
    assert [r.scores for r in a.results] == [r.scores for r in b.results] == g["expect"]["scores"]
    assert [r.won for r in a.results] == [r.won for r in b.results]


def test_one_line_through_the_cli_with_odd_typing(cli):
    assert cli("new", "rummy500", "Ann", "Bob", "Cy").exit_code == 0
    r = cli("hand", "ann:7h 8h 9h;qs qd qc+th-a♠ 4♦", "BOB:-", "cy : 80-85", "--json")
    assert r.exit_code == 0, r.stderr
    # the SPEC example: 45, 0, −5
    assert json.loads(r.stdout)["scores"] == {"Ann": 45, "Bob": 0, "Cy": -5}
    history = json.loads(cli("history", "--json").stdout)["hands"]
    assert history[0]["points_only"] is False and history[0]["points_only_players"] == ["Cy"]


def test_one_line_errors_through_the_cli(cli):
    assert cli("new", "rummy500", "Ann", "Bob").exit_code == 0
    for args, words in [
        (["Anne: -", "Bob: -2C"], 'did you mean "Ann"'),
        (["-", "Bob: -2C"], "does not start with a player's name"),
        (["Ann: 7H 8H 9H", "Bob: -2C"], 'what is left in hand is not given: write it after a "-"'),
        (["Ann: 7H 8H -", "Bob: -2C"], "at least three cards"),
        (["Ann: 1H 2H 3H -", "Bob: -2C"], '"1H" is not a card'),
    ]:
        r = cli("hand", *args)
        assert r.exit_code == 2, args
        assert words in r.stderr and r.stdout == "" and "Traceback" not in r.stderr
    assert json.loads(cli("history", "--json").stdout)["hands"] == []


def test_file_and_line_together_refused(cli, tmp_path):
    assert cli("new", "rummy500", "Ann", "Bob").exit_code == 0
    path = tmp_path / "h.json"
    path.write_text(json.dumps({"players": {"Ann": {"hand": ""}, "Bob": {"hand": "2C"}}}), encoding="utf-8")
    r = cli("hand", "Ann: -", "Bob: -2C", "--file", path)
    assert r.exit_code == 2 and "not both" in r.stderr


def test_hand_help_documents_the_form(cli):
    r = cli("hand", "--help")
    assert r.exit_code == 0
    text = " ".join(r.stdout.split())
    for words in ['"NAME: WHAT"', '"+" starts the cards laid off', '"-" the cards left in hand', "stock",
                  "AS:low"]:
        assert words in text, words


def test_docs_document_the_form():
    readme = (__import__("pathlib").Path(__file__).resolve().parents[1] / "docs" / "entering-hands.md").read_text(
        encoding="utf-8")
    assert "Typing a hand on one line" in readme
    for words in ["`+10H 4C`", "`-AS 4D`", "`stock`", "+AS:low", "`80 -85`"]:
        assert words in readme, words


# ------------------------------------------------ errors say which player they are about, as a fact


@pytest.mark.parametrize("arg", [
    "Ann: 7H 8H 9H",            # nothing after "-"
    "Ann: 1H 2H 3H -",          # a bad card
    "Ann: -AS:low",             # a mark in hand
    "Ann: 7H 8H 9H +10H, JH -",  # a comma after the lay-offs
    "Ann: 7H 8H 9H 12 -",       # points out of place
    "Ann: 12 7H 8H 9H -",       # table points and melds
    "Ann: -12 7H",              # hand as points and cards
    "Ann: -3C knock",           # knocking outside Carousel
])
def test_every_refusal_of_a_part_names_its_player_as_a_fact(arg):
    with pytest.raises(InputError) as e:
        line([arg, "Bob: -2C", "Cy: -3C"])
    assert e.value.player == "Ann"
    assert e.value.message.startswith("Ann: ")


def test_a_bad_card_is_the_cause_of_the_refusal():
    with pytest.raises(InputError) as e:
        line(["Ann: 1H 2H 3H -", "Bob: -2C", "Cy: -3C"])
    assert e.value.code == "entry.about_player" and e.value.player == "Ann"
    # the nearest card is a fact too: "1H" is "10H" with a character left out (difflib's ratio 0.8)
    assert e.value.facts["cause"].code == "card.not_a_card_near" and e.value.facts["cause"].facts["token"] == "1H"
    assert e.value.facts["cause"].facts["near"] == ["10H"]
    assert e.value.message == ('Ann: "1H" is not a card: ranks are A 2-10 J Q K (or T), suits S H D C '
                               "(or ♠ ♥ ♦ ♣), a joker is JK; Cyrillic letters work too: Т К Д В (A K Q J), "
                               "п ч б т (S H D C), Дж (joker); did you mean 10H?")


def test_the_second_player_of_a_word_given_twice_is_the_one_at_fault():
    with pytest.raises(InputError) as e:
        line(["Ann: - out", "Bob: -0 out", "Cy: -3C"])
    assert e.value.player == "Bob" and e.value.facts["other"] == "Ann"


# ------------------------------------------- "out" with no "-": nothing left in hand (issue 12)


class TestOutWithNothingAfterTheDash:
    def test_points_put_down_then_out(self):
        entry = line(["Ann: 20 -35", "Bob: 150 out"], ["Ann", "Bob"])
        assert entry == {"players": {"Ann": {"table": 20, "hand": 35}, "Bob": {"table": 150, "hand": 0}},
                         "out": "Bob"}
        assert entry == line(["Ann: 20 -35", "Bob: 150 -0 out"], ["Ann", "Bob"])

    def test_melds_then_out_and_out_alone(self):
        assert line(["Ann: -5H", "Bob: 7H 8H 9H out", "Cy: -9D"]) == line(["Ann: -5H", "Bob: 7H 8H 9H - out",
                                                                             "Cy: -9D"])
        assert line(["Ann: -5H", "Bob: out", "Cy: -9D"])["players"]["Bob"] == {"hand": ""}

    def test_it_scores_as_going_out(self):
        setup = new_setup(get_variant("rummy500"), ["Ann", "Bob"], ["out_bonus=20"])
        entry = line(["Ann: 20 -35", "Bob: 150 out"], ["Ann", "Bob"])
        # Ann 20 − 35 = −15; Bob 150 − 0 + 20 for going out = 170
        assert replay(setup, [entry]).results[0].scores == {"Ann": -15, "Bob": 170}

    def test_a_player_who_did_not_go_out_still_says_what_is_left(self):
        with pytest.raises(InputError, match='Bob: what is left in hand is not given: write it after a "-"'):
            line(["Ann: - out", "Bob: 150"], ["Ann", "Bob"])


# ------------------------------------ cards of one meld separated by commas (issue 12)

COMMAS = ('Ann: "7H,8H,9H": commas separate melds, and the cards of a meld are separated by spaces, '
          'like "7H 8H 9H".')


def test_commas_between_the_cards_of_a_meld_are_named():
    with pytest.raises(InputError) as e:
        line(["Ann: 7H,8H,9H -", "Bob: -2C", "Cy: -3C"])
    assert e.value.message == COMMAS and e.value.player == "Ann"
    assert e.value.facts["cause"].code == "melds.commas_between_cards"
    with pytest.raises(InputError, match="commas separate melds"):
        line(["Ann: 7H, 8H, 9H, QS QD QC -", "Bob: -2C", "Cy: -3C"])


def test_one_short_meld_is_still_judged_as_a_meld():
    entry = line(["Ann: 7H 8H 9H, QS -", "Bob: -2C", "Cy: -3C"])
    assert entry["players"]["Ann"]["melds"] == ["7H 8H 9H", "QS"]


# --------------------------------------- a rank and its suit typed apart: "10 H" (issue 12)


@pytest.mark.parametrize("arg,typed,joined", [
    ("Ann: -10 H", "10 H", "10H"),
    ("Ann: 7H 8H 9H 10 H -", "10 H", "10H"),
    ("Ann: -AS 4 d", "4 d", "4d"),
    ("Ann: 8H 9H 10H +J ♥ -", "J ♥", "J♥"),
])
def test_a_rank_and_suit_typed_apart_are_told_to_be_one_word(arg, typed, joined):
    with pytest.raises(InputError) as e:
        line([arg, "Bob: -2C", "Cy: -3C"])
    assert e.value.player == "Ann"
    assert e.value.message == f'Ann: "{typed}" is not a card: write the rank and the suit together, like "{joined}".'


def test_points_then_a_card_are_not_taken_for_a_split_card():
    assert line(["Ann: 10 -9H", "Bob: -2C", "Cy: -3C"])["players"]["Ann"] == {"table": 10, "hand": "9H"}


@pytest.mark.parametrize("typed, near", [("вышаў", "выйшаў"), ("вишов", "вийшов"), ("вийшв", "вийшов")])
def test_a_mistyped_went_out_at_the_prompts_melds_question_is_named(typed, near):
    # the prompt's melds question takes "went out" in any language (a part with nothing on the
    # table); a misspelt one is said to be that word, as the one-line form says it
    from scorekeeper.core.game import GameSoFar

    variant = get_variant("rummy500")
    game = GameSoFar.at(new_setup(variant, ("Ann", "Bob")), 1)
    with pytest.raises(InputError) as e:
        variant.codec.answer_melds(typed, {"players": {}}, game, "Ann")
    assert e.value.code == "line.word_near" and e.value.facts["near"] == near and e.value.facts["player"] == "Ann"
    with pytest.raises(InputError) as e:  # a word near nothing stays a card that is not one
        variant.codec.answer_melds("XYZ7", {"players": {}}, game, "Ann")
    assert e.value.code == "card.not_a_card"
