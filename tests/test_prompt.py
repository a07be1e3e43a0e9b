"""Entering a hand at the table (SPEC §4.1): `scorekeeper hand` with no entries, in a real
pseudo-terminal. Each test starts a session with the console script, then answers the
questions as a person would, and reads the result back with --json.

Expected scores are worked out by hand from the rules (the arithmetic is in the comments).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

EXE = Path(sys.executable).with_name("scorekeeper")
pytestmark = pytest.mark.skipif(not EXE.exists(), reason="the console script is not installed next to python")


def env_for(db: Path) -> dict:
    env = dict(os.environ)
    env.update(SCOREKEEPER_DB=str(db), TERM="dumb", NO_COLOR="1", COLUMNS="120")
    env.pop("FORCE_COLOR", None)
    return env


def flat(text: str) -> str:
    """Text as one line: the terminal may wrap long sentences (a dumb terminal is 80 columns)."""
    return " ".join(text.split())


def sk(db: Path, *args: str):
    """Run a command in-process (CliRunner, no terminal) on the same database as the pseudo-terminal."""
    from typer.testing import CliRunner

    from scorekeeper.cli import app

    return CliRunner().invoke(app, list(args), env={"SCOREKEEPER_DB": str(db)})


def sk_json(db: Path, *args: str) -> dict:
    done = sk(db, *args, "--json")
    assert done.exit_code == 0, done.stderr
    return json.loads(done.stdout)


class Table:
    """A `scorekeeper hand` run in a pseudo-terminal, answered question by question."""

    def __init__(self, db: Path, *args: str):
        self.child = pexpect.spawn(str(EXE), ["hand", *args], env=env_for(db), encoding="utf-8",
                                   timeout=20, dimensions=(50, 120))
        self.child.delaybeforesend = None  # each answer waits for its question anyway
        self.seen = ""

    def answer(self, question: str, text: str) -> str:
        """Wait for ``question`` (plain text), type ``text``; return what was shown before it."""
        self.child.expect_exact(question)
        shown = self.child.before
        self.seen += shown + question
        self.child.sendline(text)
        return shown

    def expect(self, text: str) -> str:
        self.child.expect_exact(text)
        self.seen += self.child.before + text
        return self.child.before

    def finish(self) -> int:
        self.child.expect(pexpect.EOF)
        self.seen += self.child.before
        self.child.close()
        return self.child.exitstatus

    def player(self, melds: str | None = None, layoffs: str | None = None, hand: str = "") -> None:
        """One Rummy 500 player's three answers (a number as melds skips the lay-offs)."""
        self.answer("  melds: ", melds or "")
        if not (melds or "").isdigit():
            self.answer("  laid off: ", layoffs or "")
        self.answer("  left in hand: ", hand)


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "db"


def new(db: Path, *args: str) -> str:
    return sk_json(db, "new", *args)["session"]


# -- Rummy 500 ---------------------------------------------------------------------

def test_rummy500_hand_entered_player_by_player(db):
    new(db, "rummy500", "Ann", "Bob", "Cy", "--title", "Friday")
    t = Table(db)
    intro = t.expect("Ann\r\n")
    assert "Hand 1 of Rummy 500 — Friday" in flat(intro) and "Ann dealt, Bob led." in flat(intro)
    t.player("7H 8H 9H, QS QD QC", "10H", "AS 4D")
    t.player(hand="out")
    t.player("80", hand="85")
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Ann: 7+8+9 = 24 and 10+10+10 = 30 melded, 10♥ laid off (10), A♠ 4♦ in hand (15+4 = 19):
    #      24 + 30 + 10 − 19 = 45.  Bob went out with nothing on the table: 0.  Cy: 80 − 85 = −5.
    assert re.search(r"Ann\s+\+45\s+45\s", shown)
    assert re.search(r"Bob\s+0\s+0\s+went out", shown)
    assert re.search(r"Cy\s+-5\s+-5\s+80 − 85 = −5", shown)
    assert t.finish() == 0
    assert "Next: Bob deals, Cy leads." in flat(t.seen)
    standings = sk_json(db, "standings")
    assert {p["name"]: p["total"] for p in standings["players"]} == {"Ann": 45, "Bob": 0, "Cy": -5}
    assert [p["won"] for p in standings["players"] if p["name"] == "Bob"] == [1]
    hand = sk_json(db, "history")["hands"][0]
    assert hand["entry"] == {"players": {
        "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
        "Bob": {"hand": ""},
        "Cy": {"table": 80, "hand": 85},
    }}


def test_a_bad_card_or_meld_is_asked_again_with_the_reason(db):
    new(db, "rummy500", "Ann", "Bob")
    t = Table(db)
    t.answer("  melds: ", "7H 8H 9H, QS QD 1C")
    again = t.answer("  melds: ", "7H 8H 10H")
    assert '"1C" is not a card: ranks are A 2-10 J Q K' in flat(again) and "Try again." in flat(again)
    again = t.answer("  melds: ", "QS KS AS 2S")
    assert "not a run: the ranks are not consecutive (missing 9)" in flat(again)
    again = t.answer("  melds: ", "7H 8H 9H")
    assert "runs cannot turn the corner: K-A-2" in flat(again)
    t.answer("  laid off: ", "")
    t.answer("  left in hand: ", "KS, 1D")
    again = t.answer("  left in hand: ", "KS, 2D")  # commas between cards are forgiven
    assert '"1D" is not a card' in flat(again)
    t.player(hand="out")
    shown = t.answer("Save hand 1? [Y/n] ", "")  # Enter saves
    # Ann: 7 + 8 + 9 = 24 melded, K♠ 2♦ in hand (10 + 2 = 12): 24 − 12 = 12.
    assert re.search(r"Ann\s+\+12\s+12\s+24 − 12 = 12", shown)
    assert t.finish() == 0
    assert sk_json(db, "history")["hands"][0]["entry"]["players"]["Ann"] == {"melds": ["7H 8H 9H"], "hand": "KS 2D"}


def test_only_one_player_goes_out_and_the_hand_must_be_said(db):
    new(db, "rummy500", "Ann", "Bob")
    t = Table(db)
    t.player(hand="out")
    t.answer("  melds: ", "")
    t.answer("  laid off: ", "")
    t.answer("  left in hand: ", "-")
    again = t.answer("  left in hand: ", "")
    assert "Ann already went out: only one player goes out in a hand." in flat(again)
    again = t.answer("  left in hand: ", "-12")  # the one-line habit: points after "-"
    assert "Say what is left in hand" in flat(again)
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    assert sk_json(db, "history")["hands"][0]["entry"]["players"]["Bob"] == {"hand": 12}


def test_a_refused_hand_names_the_player_to_type_again(db):
    new(db, "rummy500", "Ann", "Bob", "Cy")
    t = Table(db)
    t.player("7H 8H 9H", "KC", "AS 4D")
    t.player(hand="out")
    t.player(hand="2S")
    shown = t.answer('Type whose part again? (a name or "all"; Enter: Ann) ', "")
    assert "This hand cannot be recorded: Ann: the lay-off K♣ fits no meld on the table." in flat(shown)
    t.player("7H 8H 9H", "10H", "AS 4D")
    # Ann: 24 melded + 10 laid off − 19 in hand = 15; Bob 0; Cy −2.
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    assert re.search(r"Ann\s+\+15\s", shown) and re.search(r"Cy\s+-2\s", shown)
    assert t.finish() == 0
    assert {p["name"]: p["total"] for p in sk_json(db, "standings")["players"]} == {"Ann": 15, "Bob": 0, "Cy": -2}


def test_a_deck_count_refusal_lets_anyone_be_typed_again(db):
    new(db, "rummy500", "Ann", "Bob")
    t = Table(db)
    t.player("7H 8H 9H", "", "KS")
    t.player(hand="KS")
    shown = t.answer('Type whose part again? (a name or "all"; Enter: Ann) ', "bob")
    assert "K♠ appears 2 times in this hand (Ann, Bob), but one deck holds it only once." in flat(shown)
    t.player(hand="KD")
    t.answer("Save hand 1? [Y/n] ", "n")
    t.answer('Type whose part again? (a name or "all"; Enter: leave without saving) ', "all")
    t.player("7H 8H 9H", "", "out")
    t.player(hand="KD")
    t.answer("Save hand 1? [Y/n] ", "yes")
    assert t.finish() == 0
    # Ann: 24 melded, went out: 24.  Bob: K♦ left, −10.
    assert {p["name"]: p["total"] for p in sk_json(db, "standings")["players"]} == {"Ann": 24, "Bob": -10}


def test_points_only_hand_asks_who_went_out(db):
    new(db, "rummy500", "Ann", "Bob")
    t = Table(db)
    t.player("60", hand="5")
    t.player("0", hand="0")
    t.answer("Who went out? (a name; Enter: nobody, the stock ran out): ", "Bobby")
    t.answer("Who went out? (a name; Enter: nobody, the stock ran out): ", "bob")
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    assert '"Bobby" is not a player of this session (did you mean "Bob"?)' in flat(t.seen)
    hand = sk_json(db, "history")["hands"][0]
    # Ann: 60 − 5 = 55; Bob: 0 − 0 = 0 and went out, so Bob won the hand (I-7).
    assert hand["scores"] == {"Ann": 55, "Bob": 0} and hand["won"] == ["Bob"] and hand["points_only"]
    assert hand["entry"]["out"] == "Bob"


def test_declining_to_save_stores_nothing(db):
    new(db, "rummy500", "Ann", "Bob")
    t = Table(db)
    t.player(hand="out")
    t.player(hand="KS")
    t.answer("Save hand 1? [Y/n] ", "n")
    t.answer('Type whose part again? (a name or "all"; Enter: leave without saving) ', "")
    assert t.finish() == 1
    assert "Nothing saved." in flat(t.seen)
    assert sk_json(db, "standings")["hands"] == 0


@pytest.mark.parametrize("how", ["ctrl-c", "ctrl-d"])
def test_ctrl_c_or_ctrl_d_saves_nothing(db, how):
    new(db, "rummy500", "Ann", "Bob")
    t = Table(db)
    t.player(hand="out")
    t.expect("  melds: ")
    if how == "ctrl-c":
        t.child.sendintr()
    else:
        t.child.sendeof()
    assert t.finish() == 1
    assert "Nothing saved." in flat(t.seen) and "Traceback" not in flat(t.seen)
    assert sk_json(db, "standings")["hands"] == 0


def test_rum500_is_asked_the_same_way(db):
    new(db, "michigan-rum", "Ann", "Bob")
    t = Table(db)
    intro = t.expect("Ann\r\n")
    assert "Hand 1 of Rum 500" in flat(intro)
    t.player("AS 2S 3S", "", "out")
    t.player(hand="AD")
    # Ann: a low ace in A-2-3 counts 1: 1 + 2 + 3 = 6.  Bob: an ace in hand costs 15: −15.
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    assert {p["name"]: p["total"] for p in sk_json(db, "standings")["players"]} == {"Ann": 6, "Bob": -15}


def test_a_finished_game_is_refused_before_any_question(db):
    new(db, "rummy500", "Ann", "Bob", "--rule", "target=10")
    assert sk(db, "hand", "Ann: 7H 8H 9H -", "Bob: -KS").exit_code == 0  # Ann 24: the game is over
    t = Table(db)
    assert t.finish() == 2
    assert "The game is finished (Ann won)" in flat(t.seen) and "melds:" not in flat(t.seen)


# -- without a terminal ------------------------------------------------------------------

def test_without_a_terminal_hand_says_how_to_give_it(cli):
    assert cli("new", "rummy500", "Ann", "Bob").exit_code == 0
    result = cli("hand")
    assert result.exit_code == 2
    assert "no terminal to ask on" in result.stderr and "--file" in result.stderr
    result = cli("hand", "--json")
    assert result.exit_code == 2 and result.stdout == ""


def test_no_terminal_through_the_console_script(db):
    new(db, "rummy500", "Ann", "Bob")
    done = subprocess.run([str(EXE), "hand"], env=env_for(db), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "no terminal to ask on" in done.stderr and done.stdout == ""


# -- the parts asked depend on the variant ---------------------------------------------------

def test_parts_asked_follow_the_variant():
    from scorekeeper.cli.prompt import parts_asked
    from scorekeeper.core.variants import VARIANTS

    assert parts_asked(VARIANTS["rummy500"]) == ("melds", "layoffs", "hand")
    assert parts_asked(VARIANTS["rum500"]) == ("melds", "layoffs", "hand")
    for other in ("carousel", "crazy"):
        if other in VARIANTS:  # the table belongs to nobody there: only the hand counts
            assert parts_asked(VARIANTS[other]) == ("hand",)


def variant_or_skip(name: str) -> None:
    from scorekeeper.core.variants import VARIANTS

    if name not in VARIANTS:
        pytest.skip(f"{name} is not available")


# -- Carousel -------------------------------------------------------------------------------

def test_carousel_knock_typed_after_the_cards(db):
    variant_or_skip("carousel")
    new(db, "carousel", "Ann", "Bob", "Cy")
    t = Table(db)
    intro = t.answer("  left in hand: ", "3C AD knock")
    assert 'add "knock"' in flat(intro) and "melds:" not in flat(intro)
    t.answer("  left in hand: ", "KS 7H 2C")
    t.answer("  left in hand: ", "9")
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # SPEC §4: Ann (3 + 1 = 4) knocked and is lowest alone: (19 − 4) + (9 − 4) = 20; Bob and Cy 0.
    assert re.search(r"Ann\s+\+20\s+20\s+knocked", shown)
    assert t.finish() == 0
    hand = sk_json(db, "history")["hands"][0]
    assert hand["scores"] == {"Ann": 20, "Bob": 0, "Cy": 0}
    assert hand["entry"] == {"players": {"Ann": {"hand": "3C AD"}, "Bob": {"hand": "KS 7H 2C"}, "Cy": {"hand": 9}},
                             "knock": "Ann"}


def test_carousel_asks_how_the_round_ended(db):
    variant_or_skip("carousel")
    new(db, "carousel", "Ann", "Bob")
    t = Table(db)
    t.answer("  left in hand: ", "2D AC")
    t.answer("  left in hand: ", "QS 8H")
    question = 'How did the round end? Who knocked (a name), "stock" (the stock ran out), or "out NAME": '
    t.answer(question, "")
    again = t.answer(question, "stock")
    assert "Name who knocked" in flat(again)
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Stock ran out, nobody knocked: Ann holds 2 + 1 = 3, Bob 10 + 8 = 18; Ann scores 18 − 3 = 15, no undercut.
    assert re.search(r"Ann\s+\+15\s+15", shown)
    assert t.finish() == 0
    hand = sk_json(db, "history")["hands"][0]
    assert hand["scores"] == {"Ann": 15, "Bob": 0} and hand["entry"]["stock_exhausted"] is True


def test_carousel_knock_over_the_limit_is_typed_again(db):
    variant_or_skip("carousel")
    new(db, "carousel", "Ann", "Bob")
    t = Table(db)
    t.answer("  left in hand: ", "9C knock")
    t.answer("  left in hand: ", "KS")
    shown = t.answer('Type whose part again? (a name or "all"; Enter: Ann) ', "")
    assert "This hand cannot be recorded: Ann knocked holding 9 points" in flat(shown)
    t.answer("  left in hand: ", "4C knock")
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Ann knocked with 4, Bob holds 10: Ann scores 10 − 4 = 6.
    assert re.search(r"Ann\s+\+6\s+6", shown)
    assert t.finish() == 0


def test_carousel_going_out_needs_no_ending_question(db):
    variant_or_skip("carousel")
    new(db, "carousel", "Ann", "Bob")
    t = Table(db)
    t.answer("  left in hand: ", "out")
    t.answer("  left in hand: ", "JK 3S")
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Ann went out (0); Bob holds joker 25 + 3 = 28: Ann scores 28 − 0 = 28, + 25 for going out = 53.
    assert re.search(r"Ann\s+\+53\s+53\s+went out", shown)
    assert "How did the round end" not in flat(t.seen)
    assert t.finish() == 0


# -- Crazy Rummy -----------------------------------------------------------------------------

def test_crazy_shows_the_round_and_its_wild_rank(db):
    variant_or_skip("crazy")
    new(db, "crazy", "Ann", "Bob", "Cy")
    t = Table(db)
    intro = t.answer("  left in hand: ", "out")
    assert "Round 1 of Crazy Rummy" in flat(intro) and "aces are wild" in flat(intro)
    assert "Bob got the eighth card and led." in flat(intro)
    t.answer("  left in hand: ", "AC 9D")
    t.answer("  left in hand: ", "3H 4H")
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    # Round 1, aces wild: Bob A♣ 25 + 9 = 34; Cy 3 + 4 = 7; Ann went out, 0.
    assert sk_json(db, "history")["hands"][0]["scores"] == {"Ann": 0, "Bob": 34, "Cy": 7}


def test_crazy_round_seven_sevens_are_wild(db):
    variant_or_skip("crazy")
    new(db, "crazy", "Ann", "Bob", "Cy")
    for _ in range(6):
        assert sk(db, "hand", "Ann: -", "Bob: -KS", "Cy: -2D").exit_code == 0
    t = Table(db)
    intro = t.answer("  left in hand: ", "")
    assert "Round 7 of Crazy Rummy" in flat(intro) and "sevens are wild" in flat(intro)
    t.answer("  left in hand: ", "out")
    t.answer("  left in hand: ", "7H KS")
    t.answer("  left in hand: ", "2D")
    shown = t.answer("Save hand 7? [Y/n] ", "y")
    # SPEC §4, round 7 (sevens wild): Ann went out, 0; Bob 25 + 10 = 35; Cy 2.
    assert re.search(r"Bob\s+\+35\s", shown) and re.search(r"Cy\s+\+2\s", shown)
    assert t.finish() == 0
    assert sk_json(db, "history")["hands"][6]["scores"] == {"Ann": 0, "Bob": 35, "Cy": 2}


def test_carousel_game_played_to_the_end_at_the_table(db):
    variant_or_skip("carousel")
    new(db, "carousel", "Ann", "Bob", "--rule", "target=30")
    for number, total in ((1, 15), (2, 130)):  # the last total includes the end bonus of 100
        t = Table(db)
        t.answer("  left in hand: ", "2D AC knock")
        t.answer("  left in hand: ", "QS 8H")
        shown = t.answer(f"Save hand {number}? [Y/n] ", "y")
        # Ann knocks with 2 + 1 = 3 against Bob's 10 + 8 = 18: 18 − 3 = 15 a round
        assert re.search(rf"Ann\s+\+15\s+{total}\s", shown)
        assert t.finish() == 0
    # 30 reaches the target: the game ends; Ann gets the 100 bonus, Bob won no round (I-2)
    assert "This hand ends the game: Ann wins." in flat(shown)
    assert "end bonuses: Ann +100, Bob 0" in flat(shown)
    assert "Game over: Ann wins after 2 hands." in flat(t.seen)
    standings = sk_json(db, "standings")
    assert standings["finished"] and {p["name"]: p["total"] for p in standings["players"]} == {"Ann": 130, "Bob": 0}


def test_questions_are_seen_when_the_output_is_redirected(db, tmp_path):
    new(db, "rummy500", "Ann", "Bob")
    log = tmp_path / "log.txt"
    child = pexpect.spawn("sh", ["-c", f'"{EXE}" hand > "{log}"'], env=env_for(db), encoding="utf-8", timeout=20,
                          dimensions=(50, 120))
    for question, answer in (("  melds: ", "7H 8H 9H"), ("  laid off: ", ""), ("  left in hand: ", "out"),
                             ("  melds: ", ""), ("  laid off: ", ""), ("  left in hand: ", "KS"),
                             ("Save hand 1? [Y/n] ", "y")):
        child.expect_exact(question)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = log.read_text(encoding="utf-8")
    # the questions went to the terminal (standard error), the result to the file
    assert "melds:" not in saved and "Save hand" not in saved
    assert re.search(r"Ann\s+\+24\s+24", saved) and "Next: Bob deals, Ann leads." in saved


def test_a_whole_part_on_one_line_at_the_melds_question(db):
    new(db, "rummy500", "Ann", "Bob", "Cy")
    t = Table(db)
    t.answer("  melds: ", "7H 8H 9H, QS QD QC +10H -AS 1D")
    again = t.answer("  melds: ", "7H 8H 9H, QS QD QC +10H -AS 4D")  # the one-line form of `hand`
    assert '"1D" is not a card' in flat(again)
    t.answer("  melds: ", "out")  # went out with nothing on the table
    t.answer("  melds: ", "80 -85")
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    assert "laid off:" not in flat(t.seen) and "left in hand:" not in flat(t.seen)
    # the SPEC §4 hand again: Ann 24 + 30 + 10 − 19 = 45, Bob 0, Cy 80 − 85 = −5
    assert re.search(r"Ann\s+\+45\s", shown) and re.search(r"Cy\s+-5\s", shown)
    assert t.finish() == 0
    assert sk_json(db, "history")["hands"][0]["entry"]["players"] == {
        "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
        "Bob": {"hand": ""},
        "Cy": {"table": 80, "hand": 85},
    }
