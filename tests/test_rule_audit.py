"""What a rule audit against the rule books found, each case with its figures worked by hand:
Rummy 500's sets with two decks, aces in long runs, points bounded by the whole hand, a
game carried over from paper, and the explanations that settle arguments.
(Gin Rummy's knocker's choice is in tests/test_gin_choice.py.)
"""
from __future__ import annotations

import pytest

from conftest import flat

FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")
#: Bob, Cy, Dee and Eve each hold one small club: −2, −3, −4, −5
OTHERS = ("Bob: -2C", "Cy: -3C", "Dee: -4C", "Eve: -5C")


# --- Rummy 500 sets with two decks (SPEC §2.2) ----------------------------------------------

def test_rummy500_sets_hold_identical_cards_with_two_decks(cli):
    cli.new("rummy500", *FIVE)                        # 5 players: two decks
    # 7♥ 7♥ 7♠: 7 + 7 + 7 = 21, Ann went out
    assert cli.record("Ann: 7H 7H 7S -", *OTHERS)["scores"]["Ann"] == 21
    # five sevens: 7 × 5 = 35
    assert cli.record("Ann: 7H 7H 7S 7D 7C -", *OTHERS)["scores"]["Ann"] == 35


def test_rummy500_set_duplicates_false_keeps_the_old_reading(cli):
    cli.new("rummy500", *FIVE, rules=["set_duplicates=false"])
    for line in ("Ann: 7H 7H 7S -", "Ann: 7H 7S 7D 7C 7H -"):
        r = cli("hand", line, *OTHERS)
        assert r.exit_code == 2
    assert "two identical cards" in flat(cli("hand", "Ann: 7H 7H 7S -", *OTHERS).stderr)
    assert "never has more than four" in flat(cli("hand", "Ann: 7H 7S 7D 7C 7H -", *OTHERS).stderr)
    assert cli.history()["hands"] == []


def test_rum500_keeps_sets_of_three_or_four(cli):
    cli.new("rum500", *FIVE)                          # one deck up to 7 players
    assert cli("hand", "Ann: 7H 7H 7S -", *OTHERS).exit_code == 2


def test_rules_say_the_sets(cli):
    r = cli("rules", "rummy500")
    assert r.exit_code == 0
    said = flat(r.stdout)
    assert "3 or more cards of one rank" in said and "past four" in said
