"""What `edit` and `undo` say about the hand they change (issue 12): `undo` shows the hand it
would take back before asking; `edit` says what changed (each player's score of the hand and
total), then the standings.

Expected scores are worked out by hand from the rules (the arithmetic is in the comments).
"""
from __future__ import annotations

import json
import re

import pytest

from conftest import PTY_TIMEOUT, flat, terminal_env


# Rummy 500, Ann, Bob, Cy. Hand 1: Ann melds 7-8-9♥ (24) and holds A♠ (15): 9; Bob goes out with
# nothing melded: 0; Cy put 30 on the table and holds 3 (points only): 27.
HAND1 = ("Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 30 -3")
# Hand 2: Ann holds K♠: −10; Bob melds Q♠ Q♦ Q♣ (30) and goes out: 30; Cy holds 2♦: −2.
HAND2 = ("Ann: -KS", "Bob: QS QD QC -", "Cy: -2D")
# Totals: Ann 9 − 10 = −1, Bob 0 + 30 = 30, Cy 27 − 2 = 25.


def test_edit_says_what_changed(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND1)
    cli.record(*HAND2)
    result = cli("edit", "1", "Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 36 -3")
    assert result.exit_code == 0, result.stderr
    # Cy: 36 − 3 = 33 instead of 27; total 25 → 31. Ann and Bob are as they were.
    out = flat(result.stdout)
    assert "Hand 1 changes: Cy +27 → +33 (total 25 → 31)" in out
    assert "Ann +" not in out.split("Standings")[0] and "Bob 0 →" not in out
    assert re.search(r"1\s+Cy\s+31\s", result.stdout) and re.search(r"2\s+Bob\s+30\s", result.stdout)
    assert cli.totals() == {"Ann": -1, "Bob": 30, "Cy": 31}


def test_edit_that_changes_nothing_says_so(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND1)
    result = cli("edit", "1", "Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 31 -4")  # 31 − 4 = 27, as before
    assert result.exit_code == 0 and "Hand 1: no score changes." in flat(result.stdout)


def test_edit_json_keeps_its_shape(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND1)
    doc = cli.json("edit", "1", "Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 36 -3")
    assert doc["scores"] == {"Ann": 9, "Bob": 0, "Cy": 33} and doc["totals"] == {"Ann": 9, "Bob": 0, "Cy": 33}
    assert "before" not in doc and "standings" not in doc


def test_a_carousel_edit_speaks_of_rounds(cli):
    cli.new("carousel", "Ann", "Bob")
    cli.record("Ann: -3C AD knock", "Bob: -KS 7H 2C")
    # Ann (4) knocked, Bob holds 19: 15. Again with Bob holding K♠ 9♥ 2♣ (21): 17.
    result = cli("edit", "1", "Ann: -3C AD knock", "Bob: -KS 9H 2C")
    assert result.exit_code == 0
    assert "Round 1 changes: Ann +15 → +17 (total 15 → 17)" in flat(result.stdout)


def test_undo_shows_the_hand_before_asking(exe, isolated_db, cli):
    pexpect = pytest.importorskip("pexpect")
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND1)
    cli.record(*HAND2)
    child = pexpect.spawn(str(exe), ["undo"], env=terminal_env(isolated_db), encoding="utf-8",
                          timeout=PTY_TIMEOUT, dimensions=(50, 120))
    child.expect_exact("Take back hand 2? [y/N]")
    shown = child.before
    child.sendline("n")
    child.expect(pexpect.EOF)
    said = child.before
    child.close()
    assert child.exitstatus == 1
    assert "Nothing was changed." in said  # a no is answered with a sentence, as at hand and edit
    # each player's entry as typed, and the hand's scores (Bob dealt hand 2: Ann dealt the first)
    assert "Hand 2, dealt by Bob:" in shown
    assert re.search(r"Ann\s+-KS\s+-10", shown)
    assert re.search(r"Bob\s+QS QD QC -\s+\+30", shown)
    assert re.search(r"Cy\s+-2D\s+-2", shown)
    assert "Take back" not in shown
    assert cli.standings()["hands"] == 2  # "n": nothing taken back


def test_undo_yes_takes_back_without_showing(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND1)
    result = cli("undo", "--yes")
    assert result.exit_code == 0 and "Hand 1 taken back" in result.stdout and "dealt by" not in result.stdout


def test_undo_preview_document(application):
    application.new("rummy500", ["Ann", "Bob", "Cy"])
    application.record_hand(list(HAND1), "line")
    doc = application.undo_preview()
    assert doc["number"] == 1 and doc["dealer"] == "Ann" and doc["deal_word"] == "hand"
    assert doc["lines"] == {"Ann": "7H 8H 9H -AS", "Bob": "-", "Cy": "30 -3"}
    assert doc["scores"] == {"Ann": 9, "Bob": 0, "Cy": 27}


def test_undo_preview_of_a_gin_hand_shows_the_cards(application):
    from scorekeeper.core.variants import VARIANTS

    if "gin" not in VARIANTS:
        pytest.skip("gin is not available")
    application.new("gin", ["Ann", "Bob"])
    application.record_hand(["Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH"],
                            "line")
    doc = application.undo_preview()
    assert doc["lines"] == {"Ann": "7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob": "KS KH KD 10H JH 5C 9S 6D 3S AH"}
    # Ann knocked with 5; Bob lays off 10♥ J♥ 5♣ and holds 19: Ann 19 − 5 = 14
    assert doc["scores"] == {"Ann": 14, "Bob": 0}


@pytest.mark.parametrize("variant,word", [("rummy500", "hand"), ("carousel", "round"), ("crazy", "round")])
def test_undo_asks_with_the_rule_books_word(cli, variant, word):
    # Carousel and Crazy Rummy call a deal a round, Rummy 500 a hand; without a terminal the
    # question is refused, naming it, and nothing is taken back
    cli.new(variant, "Ann", "Bob", "Cy")
    entry = {"players": {"Ann": {"hand": ""}, "Bob": {"hand": "5C"}, "Cy": {"hand": "KD"}}}
    if variant == "carousel":
        entry["out"] = "Ann"
    cli.record(entry)
    r = cli("undo")
    assert r.exit_code == 2
    assert f"Take back {word} 1? There is no terminal to ask on: add --yes." in r.stderr
    assert cli.standings()["hands"] == 1


def test_a_line_run_twice_is_refused_naming_the_hand_unless_again(cli):
    cli.new("rummy500", "Ann", "Bob")
    line = ("Ann: 7H 8H 9H -AS", "Bob: -")
    cli.record(*line)
    r = cli("hand", *line)
    assert r.exit_code == 2 and "hand 1 again" in r.stderr and "--again" in r.stderr
    assert cli.standings()["hands"] == 1                       # nothing stored
    # a file with the same hand is the same hand
    same = {"players": {"Ann": {"melds": ["7H 8H 9H"], "hand": "AS"}, "Bob": {"hand": ""}}}
    r = cli("hand", "--file", "-", input=json.dumps(same))
    assert r.exit_code == 2 and "hand 1 again" in r.stderr
    # the same hand typed otherwise: an empty list of melds given, a name in other letters, TOML
    spelled = {"players": {"ann": {"melds": ["7H 8H 9H"], "layoffs": [], "hand": "AS"}, "Bob": {"melds": [], "hand": ""}}}
    r = cli("hand", "--file", "-", input=json.dumps(spelled))
    assert r.exit_code == 2 and "hand 1 again" in r.stderr
    toml = '[players.Ann]\nmelds = ["7H 8H 9H"]\nhand = "AS"\n[players.Bob]\nhand = ""\n'
    r = cli("hand", "--file", "-", input=toml)
    assert r.exit_code == 2 and "hand 1 again" in r.stderr, r.stderr
    assert cli.standings()["hands"] == 1
    # the same cards really dealt again: Ann 7 + 8 + 9 = 24 − 15 (an ace held) = 9 again, 18 in all
    assert cli.record(*line, "--again")["totals"] == {"Ann": 18, "Bob": 0}
    # one card otherwise is another hand: Ann 24 − 10 (K♠ held) = 14, 32 in all
    assert cli.record("Ann: 7H 8H 9H -KS", "Bob: -")["totals"] == {"Ann": 32, "Bob": 0}


def test_points_only_hands_may_repeat(cli):
    cli.new("rummy500", "Ann", "Bob")
    for _ in range(3):  # Ann 100 − 0, Bob 5 − 5: points only, the same each hand
        cli.record("Ann: 100 -0", "Bob: 5 -5")
    assert cli.totals() == {"Ann": 300, "Bob": 0}


# Hand 1 edited: Cy 36 − 3 = 33 instead of 30 − 3 = 27 (Ann 9 and Bob 0 as before).
HAND1_EDITED = ("Ann: 7H 8H 9H -AS", "Bob: -", "Cy: 36 -3")


def test_undo_after_an_edit_takes_back_the_edit_and_redo_makes_it_again(cli, application):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND1)
    cli.record(*HAND2)
    ok = cli("edit", "1", *HAND1_EDITED)
    assert ok.exit_code == 0
    assert cli.totals() == {"Ann": -1, "Bob": 30, "Cy": 31}     # Cy 33 − 2
    r = cli("undo")                                              # no terminal: the question names the edit
    assert r.exit_code == 2 and "Take back the edit of hand 1?" in r.stderr
    r = cli("undo", "--yes")
    assert r.exit_code == 0 and "The edit of hand 1 taken back" in flat(r.stdout)
    assert cli.standings()["hands"] == 2                         # hand 2 is still there
    assert cli.totals() == {"Ann": -1, "Bob": 30, "Cy": 25}     # Cy 27 − 2: hand 1 as it was
    assert application.hand_entry(1)["lines"]["Cy"] == "30 -3"
    r = cli("redo")
    assert r.exit_code == 0 and "The edit of hand 1 made again." in r.stdout
    assert cli.totals() == {"Ann": -1, "Bob": 30, "Cy": 31}
    # then the changes before it, last first: the edit, hand 2, hand 1
    assert "The edit of hand 1" in cli("undo", "--yes").stdout
    assert "Hand 2 taken back" in cli("undo", "--yes").stdout
    assert "Hand 2 put back" in cli("redo").stdout               # redo, last undone first
    assert "The edit of hand 1 made again" in cli("redo").stdout
    assert cli("redo").exit_code == 2


def test_a_new_change_clears_what_could_be_redone(cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*HAND1)
    cli.record(*HAND2)
    assert cli("undo", "--yes").exit_code == 0                   # hand 2 undone
    assert cli("edit", "1", *HAND1_EDITED).exit_code == 0       # a new change
    r = cli("redo")
    assert r.exit_code == 2 and "nothing to redo" in r.stderr
    assert cli.standings()["hands"] == 1 and cli.totals() == {"Ann": 9, "Bob": 0, "Cy": 33}


def test_undo_preview_of_an_edit_shows_the_hand_now_and_as_it_was(application):
    application.new("rummy500", ["Ann", "Bob", "Cy"])
    application.record_hand(list(HAND1), "line")
    application.record_hand(list(HAND2), "line")
    application.edit(1, list(HAND1_EDITED), "line")
    doc = application.undo_preview()
    assert (doc["change"], doc["number"]) == ("edit", 1)
    assert doc["lines"]["Cy"] == "36 -3" and doc["restored_lines"]["Cy"] == "30 -3"
    assert doc["scores"] == {"Ann": 9, "Bob": 0, "Cy": 33} and doc["restored_scores"] == {"Ann": 9, "Bob": 0, "Cy": 27}
    assert application.undo()["change"] == "edit"
    assert application.undo_preview()["change"] == "hand" and application.undo_preview()["number"] == 2


def test_edit_of_a_hand_that_is_not_there_says_so_before_anything_about_its_entry(cli):
    """`edit 99` piped, with no entry, offered `scorekeeper edit 99 "Ann: …"` as the way out, and
    `edit 99 "A: -"` spoke of a player A: the hand that is not there is said first, exit 2."""
    cli.new("rummy500", "Ann", "Bob")
    cli.record("Ann: 7H 8H 9H -", "Bob: -KD")
    for args in (("edit", "99"), ("edit", "0"), ("edit", "99", "A: -")):
        r = cli(*args)
        assert r.exit_code == 2 and r.stderr.strip() == (
            f"There is no hand {args[1]}: this session has hand 1 (did you mean 1?)."), (args, r.stderr)
    assert "no terminal to ask on" in cli("edit", "1").stderr  # hand 1 is there: its entry is asked for
