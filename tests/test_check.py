"""`check VARIANT CARDS... [--round R]`: is a meld legal, which kind, its points, why (SPEC §2.2, §5).

Exit 0 when every meld is legal, 1 when one is not, 2 when the cards cannot be
read. Values are worked out by hand from §2.1 (rummy500: ace 15, 1 when low in
a run; K Q J 10; 2-10 face value); the sum is in the comment beside each.
"""
from __future__ import annotations

import gettext
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SHARED_GAMES, load_games, no_document
from scorekeeper.core import messages
from scorekeeper.core.check import check_melds
from scorekeeper.core.errors import InputError
from scorekeeper.core.variants import VARIANTS, get_variant

ROOT = Path(__file__).resolve().parents[1]
MELDS = [c for c in load_games("shared_melds.json")["checks"]]
PRESENT = [c for c in MELDS if c["variant"] in VARIANTS]


def check(cli, *args: str):
    """Run check --json; returns (exit code, document or None)."""
    r = cli("check", *args, "--json")
    assert "Traceback" not in r.stdout + r.stderr
    return r.exit_code, (json.loads(r.stdout) if r.stdout.strip() else None)


# --- every meld of the shared examples ------------------------------------------------------


@pytest.mark.parametrize("case", PRESENT, ids=[f"{c['variant']}:{c['cards']}" for c in PRESENT])
def test_shared_melds(cli, case):
    args = [case["variant"], *case["cards"].split()]
    if "round" in case:
        args += ["--round", str(case["round"])]
    code, doc = check(cli, *args)
    assert code == (0 if case["legal"] else 1)
    assert doc["legal"] is case["legal"]
    (meld,) = doc["melds"]
    assert meld["legal"] is case["legal"]
    if case["legal"]:
        assert meld["kind"] == case["kind"]
    else:
        assert meld["kind"] is None and doc["value"] is None
    if "value" in case:
        assert doc["value"] == case["value"]
        assert meld["value"] == case["value"]
    # a reason in plain words: no card list in front, no trailing stop, no Python
    assert meld["reason"] and meld["reason"][0].islower()
    assert not meld["reason"].endswith(".") and "Error" not in meld["reason"]


def test_reasons_in_plain_words(cli):
    _, doc = check(cli, "rummy500", "KS", "AS", "2S")
    assert doc["melds"][0]["reason"] == "runs cannot turn the corner: K-A-2"
    _, doc = check(cli, "rummy500", "QS", "KS", "AS")
    assert doc["melds"][0]["reason"] == "a run of spades Q-K-A (ace high)"
    # Q 10 + K 10 + A high 15 = 35
    assert doc["melds"][0]["arithmetic"] == "10 + 10 + 15 = 35"
    _, doc = check(cli, "rummy500", "AS", "2S", "3S")
    # A low 1 + 2 + 3 = 6
    assert doc["melds"][0]["arithmetic"] == "1 + 2 + 3 = 6"
    _, doc = check(cli, "rummy500", "2S", "3S", "5S")
    assert "not consecutive" in doc["melds"][0]["reason"] and "4" in doc["melds"][0]["reason"]
    _, doc = check(cli, "rummy500", "7S", "7H")
    assert doc["melds"][0]["reason"] == "a meld needs at least three cards"
    # Rum 500 keeps sets of three or four (Rummy 500 with two decks grows them past four)
    _, doc = check(cli, "rum500", "7S", "7H", "7D", "7C", "7S")
    assert "never has more than four cards" in doc["melds"][0]["reason"]


def test_wild_cards_show_what_they_stand_for(cli):
    # Carousel: the joker fills the gap of 5♥ _ 7♥
    code, doc = check(cli, "carousel", "7H", "JK", "5H")
    assert code == 0 and doc["melds"][0]["cards"] == ["5H", "JK=6H", "7H"] and doc["value"] is None
    # Crazy round 4: fours are wild; 4♣ makes a set of nines
    code, doc = check(cli, "crazy", "4C", "9D", "9S", "--round", "4")
    assert code == 0 and doc["round"] == 4 and doc["wild"] == "4"
    assert "4C=9H" in doc["melds"][0]["cards"] or any(c.startswith("4C=9") for c in doc["melds"][0]["cards"])
    # a declared meaning is kept
    code, doc = check(cli, "carousel", "5H", "JK=6H", "7H")
    assert code == 0 and doc["melds"][0]["cards"] == ["5H", "JK=6H", "7H"]
    # the same cards in round 5 (fives wild): 4♣ is a plain card, the ranks differ
    code, doc = check(cli, "crazy", "4C", "9D", "9S", "--round", "5")
    assert code == 1 and doc["wild"] == "5"


# --- several melds --------------------------------------------------------------------------


def test_several_melds_each_judged(cli):
    code, doc = check(cli, "rummy500", "QS KS AS,", "KS AS 2S")
    assert code == 1
    assert [m["legal"] for m in doc["melds"]] == [True, False]
    assert doc["legal"] is False and doc["value"] is None
    # Q♠ K♠ A♠ 35 + 7♥ 7♦ 7♣ 21 = 56; a semicolon separates melds as well
    code, doc = check(cli, "rummy500", "QS KS AS; 7H 7D 7C")
    assert code == 0 and [m["value"] for m in doc["melds"]] == [35, 21] and doc["value"] == 56
    code, doc = check(cli, "rummy500", "QS", "KS", "AS", ",", "7H", "7D", "7C")
    assert code == 0 and doc["value"] == 56


def test_options_change_the_verdict(cli):
    # Rummy 500's two decks allow identical cards in a set (set_duplicates, true by default): 7 + 7 + 7 = 21
    code, doc = check(cli, "rummy500", "7H", "7H", "7S")
    assert code == 0 and doc["value"] == 21
    code, doc = check(cli, "rummy500", "7H", "7H", "7S", "--rule", "set_duplicates=false")
    assert code == 1 and "two identical cards" in doc["melds"][0]["reason"]
    # one deck holds no two 7♥
    code, doc = check(cli, "rummy500", "7H", "7H", "7S", "--rule", "decks=1")
    assert code == 1
    # Rum 500 only with the option and two decks: 7 + 7 + 7 = 21
    code, doc = check(cli, "rum500", "7H", "7H", "7S")
    assert code == 1 and "two identical cards" in doc["melds"][0]["reason"]
    code, doc = check(cli, "rum500", "7H", "7H", "7S", "--rule", "decks=2", "--rule", "set_duplicates=true")
    assert code == 0 and doc["value"] == 21
    # the 5-10-15 scale: 9 counts 5, 10 and J count 10: 5 + 10 + 10 = 25; a low ace 5: 5 + 5 + 5 = 15
    code, doc = check(cli, "rum500", "9H", "10H", "JH", "--rule", "card_values=5-10-15")
    assert code == 0 and doc["value"] == 25
    code, doc = check(cli, "rum500", "AH", "2H", "3H", "--rule", "card_values=5-10-15")
    assert code == 0 and doc["value"] == 15


def test_joker_in_a_game_without_jokers(cli):
    code, doc = check(cli, "rummy500", "5H", "JK", "7H")
    assert code == 1 and doc["melds"][0]["reason"] == "Rummy 500 is played without jokers"


# --- unreadable input: exit 2, nothing on stdout -----------------------------------------------


@pytest.mark.parametrize("args,words", [
    (("rummy500", "1H", "2H", "3H"), '"1H" is not a card'),
    (("rummy500", "QS", "KS", "AX"), '"AX" is not a card'),
    (("rummy5000", "QS", "KS", "AS"), 'did you mean "rummy500"'),
    (("rummy500", ","), "Give the cards"),
    (("rummy500", "QS", "KS", "AS", "--round", "3"), "leave out --round"),
    (("rummy500", "QS", "KS", "AS", "--rule", "colour=red"), "not a rule option"),
    (("rummy500", "QS", "KS", "AS", "--rule", "decks=3"), "decks takes 1 or 2"),
])
def test_unreadable(cli, args, words):
    r = cli("check", *args, "--json")
    assert r.exit_code == 2
    assert no_document(r.stdout)
    assert words in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("extra,words", [((), "--round 1-13"), (("--round", "0"), "rounds 1 to 13"),
                                         (("--round", "14"), "rounds 1 to 13")])
def test_crazy_needs_a_round(cli, extra, words):
    r = cli("check", "crazy", "4C", "9D", "9S", *extra)
    assert r.exit_code == 2 and words in r.stderr


# --- what people read --------------------------------------------------------------------------


def test_text_output(cli):
    r = cli("check", "rummy500", "QS", "KS", "AS")
    assert r.exit_code == 0
    assert "legal run, 35 points" in r.stdout and "10 + 10 + 15 = 35" in r.stdout
    r = cli("check", "rummy500", "KS", "AS", "2S")
    assert r.exit_code == 1
    assert "not legal" in r.stdout and "runs cannot turn the corner: K-A-2" in r.stdout


# --- the core on its own --------------------------------------------------------------------------


def test_core_check_is_pure_and_typed():
    result = check_melds(get_variant("500"), "QS KS AS, 7S 7H 7D 7C")
    # 35 + 28 = 63
    assert result.legal and result.value == 63 and result.variant == "rummy500"
    with pytest.raises(InputError):
        check_melds(get_variant("rummy500"), "QS KS AZ")
    code = ("import sys, scorekeeper.core.check, scorekeeper.core.describe, scorekeeper.core.interpretations; "
            "print(sorted(m for m in ('typer', 'rich', 'tinydb', 'click') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stderr


# --- as a user runs it ------------------------------------------------------------------------------


def _run(exe, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env, timeout=60)


def test_exit_codes_through_the_console_script(exe):
    assert _run(exe, "check", "rummy500", "QS", "KS", "AS").returncode == 0
    assert _run(exe, "check", "rummy500", "KS", "AS", "2S").returncode == 1
    r = _run(exe, "check", "rummy500", "KS", "AS", "1S", "--json")
    assert r.returncode == 2 and no_document(r.stdout) and '"1S"' in r.stderr


@pytest.mark.skipif(not (SHARED_GAMES / "melds.json").exists(), reason="no shared melds")
def test_shared_play_examples_melds(exe):
    tool = SHARED_GAMES.parent / "tools" / "play_examples.py"
    r = subprocess.run([sys.executable, str(tool), "--exe", str(exe), str(SHARED_GAMES / "melds.json")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout
    assert r.stdout.strip().endswith(" 0 failed")


def test_check_counts_the_cards_the_game_holds(cli):
    # two decks hold a card twice: three 7♣ are never a meld, whatever set_duplicates says
    r = cli("check", "rummy500", "7C", "7C", "7C", "--rule", "decks=2", "--rule", "set_duplicates=true")
    assert r.exit_code == 1 and "7C appears 3 times" in r.stdout
    # Carousel has at most two jokers (3-5 players): three are refused, two are fine
    assert cli("check", "carousel", "JK", "JK", "JK").exit_code == 1
    assert cli("check", "carousel", "JK", "JK", "5H").exit_code == 0
    # Crazy Rummy is one deck: the same card twice cannot be in a meld
    assert cli("check", "crazy", "4C", "4C", "9D", "--round", "4").exit_code == 1


def test_reasons_are_worded_from_data():
    # the deck count in check's own words: one meld, not "this hand"
    result = check_melds(get_variant("rummy500"), "7C 7C 7C", rule_args=["decks=2", "set_duplicates=true"])
    assert result.melds[0].reason == "7♣ appears 3 times, but two decks hold it only twice"
    result = check_melds(get_variant("carousel"), "JK JK JK")
    assert not result.legal and result.melds[0].reason.startswith("JK appears 3 times, but two decks and 2 jokers")
    result = check_melds(get_variant("crazy"), "4C 4C 9D", round_=4)
    assert result.melds[0].reason == "4♣ appears 2 times, but one deck holds it only once"
    result = check_melds(get_variant("rummy500"), "7H 8H 9S")
    assert result.melds[0].reason == "not a set (the ranks differ) and not a run (the suits differ)"
    # the rule broken is there as data too, for a renderer
    result = check_melds(get_variant("rummy500"), "7H 7H 7S, 7C 7C 7C", rule_args=["decks=2", "set_duplicates=false"])
    assert result.melds[0].why.code == "meld.set_twice" and result.melds[0].why.facts["card"].rank == 7
    assert result.melds[1].why.facts["cards"][0].suit == "C" and result.melds[1].why.facts["count"] == 3
    assert "why" not in result.melds[0].as_json()


def test_round_errors_carry_the_variant_and_the_round():
    with pytest.raises(InputError) as e:
        check_melds(get_variant("crazy"), "4C 9D 9S", round_=14)
    assert e.value.code == "check.round_out_of_range" and e.value.facts["round"] == 14
    assert e.value.message == "Crazy Rummy has rounds 1 to 13, not 14."


def test_commas_between_the_cards_of_one_meld(cli):
    r = cli("check", "rummy500", "7H,8H,9H")
    assert r.exit_code == 2 and r.stdout == ""
    assert "commas separate melds, and the cards of a meld are separated by spaces" in " ".join(r.stderr.split())


class Ukrainian(gettext.NullTranslations):
    """A stand-in for the uk catalog: two templates and the card letters (glossary words)."""

    WORDS = {"a run of spades {ranks} (ace high)": "послідовність пік {ranks} (старший туз)",
             "runs cannot turn the corner: K-A-2": "послідовність не може бути на зламі: К-Т-2"}
    LETTERS = {("rank", "A"): "Т", ("rank", "K"): "К", ("rank", "Q"): "Д", ("rank", "J"): "В", ("card", "JK"): "Дж"}

    def gettext(self, message):
        return self.WORDS.get(message, message)

    def pgettext(self, context, message):  # a template is looked up under its message code
        return self.LETTERS.get((context, message)) or self.WORDS.get(message, message)


def test_cyrillic_cards_are_checked_and_written_canonically():
    result = check_melds(get_variant("rummy500"), "Дп Кп Тп, 7ч 7б 7т")
    assert result.legal and [m.cards for m in result.melds] == [("QS", "KS", "AS"), ("7H", "7D", "7C")]
    # Q 10 + K 10 + A high 15 = 35; 7 + 7 + 7 = 21
    assert result.value == 56
    assert check_melds(get_variant("crazy"), "Дж 9б 9п", round_=4).legal is False  # Crazy Rummy has no jokers


def test_reasons_follow_the_language_and_json_stays_english():
    result = check_melds(get_variant("rummy500"), "QS KS AS, KS AS 2S")
    messages.use(Ukrainian())
    try:
        assert result.melds[0].reason == "послідовність пік Д-К-Т (старший туз)"
        assert result.melds[1].reason == "послідовність не може бути на зламі: К-Т-2"
        doc = result.as_json()
        assert [m["reason"] for m in doc["melds"]] == ["a run of spades Q-K-A (ace high)",
                                                      "runs cannot turn the corner: K-A-2"]
        people = result.as_json(people=True)
        assert people["melds"][0]["reason"] == "послідовність пік Д-К-Т (старший туз)"
        assert {k: v for k, v in people.items() if k != "melds"} == {k: v for k, v in doc.items() if k != "melds"}
        # the language is kept after the English JSON
        assert result.melds[0].reason.startswith("послідовність")
    finally:
        messages.use(None)
    assert result.melds[0].reason == "a run of spades Q-K-A (ace high)"


def test_check_says_a_set_of_identical_cards_is_legal_only_with_two_decks(cli):
    # Rummy 500 is dealt from two decks at 5 or more players (rulebook), so 7H 7H 7S is a set
    # there only: 7 + 7 + 7 = 21 points, and the verdict says the condition.
    r = cli("check", "rummy500", "7H", "7H", "7S")
    assert r.exit_code == 0, r.stderr
    assert "21 points" in r.stdout
    assert "legal when the game has two decks (5 or more players)" in " ".join(r.stdout.split())
    doc = cli.json("check", "rummy500", "7H", "7H", "7S")
    assert doc["legal"] is True and doc["value"] == 21
    assert doc["melds"][0]["reason"] == "a set of three 7s, legal when the game has two decks (5 or more players)"
    # the second 7H is in the second meld: that meld carries the condition, the run does not;
    # together 7 + 8 + 9 = 24 and 7 + 7 + 7 = 21, 45 points
    doc = cli.json("check", "rummy500", "7H 8H 9H, 7H 7S 7D")
    assert doc["value"] == 45
    assert "two decks" not in doc["melds"][0]["reason"] and "two decks (5 or more" in doc["melds"][1]["reason"]
    assert "decks" not in cli.json("check", "rummy500", "7H", "7D", "7S")["melds"][0]["reason"]


@pytest.mark.parametrize("lang, words", [("uk", "дві колоди (від 5 гравців)"), ("ru", "две колоды (от 5 игроков)"),
                                         ("be", "дзве калоды (ад 5 гульцоў)")])
def test_the_two_decks_condition_is_said_in_every_language(cli, lang, words):
    r = cli("--lang", lang, "check", "rummy500", "7H", "7H", "7S")
    assert r.exit_code == 0 and words in " ".join(r.stdout.split()), r.stdout
