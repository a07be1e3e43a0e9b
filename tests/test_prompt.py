"""Entering a hand at the table (SPEC §4.1): `scorekeeper hand` with no entries. Each test
starts a session, answers the questions as a person would, and reads the result back.

Most run the dialog in-process (:class:`Table`: the prompt over the application, answers
scripted); the few that need a real terminal (the command end to end, Ctrl-C as a signal,
questions on stderr when stdout is redirected) run the console script in a pseudo-terminal
(:class:`Terminal`).

Expected scores are worked out by hand from the rules (the arithmetic is in the comments).
"""
from __future__ import annotations

import io
import os
import queue
import re
import subprocess
import threading
from contextlib import redirect_stderr
from pathlib import Path

import pytest

from conftest import PTY_TIMEOUT, flat, terminal_env, no_document


class Terminal:
    """A `scorekeeper hand` run in a real pseudo-terminal (the console script), answered
    question by question: for what only a terminal shows (line editing, Ctrl-C as a signal,
    questions on stderr when stdout is redirected)."""

    def __init__(self, exe: Path, db: Path, *args: str, command: str = "hand"):
        pexpect = pytest.importorskip("pexpect")
        self.pexpect = pexpect
        self.child = pexpect.spawn(str(exe), [*command.split(), *args], env=terminal_env(db), encoding="utf-8",
                                   timeout=PTY_TIMEOUT, dimensions=(50, 120))
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
        self.child.expect(self.pexpect.EOF)
        self.seen += self.child.before
        self.child.close()
        return self.child.exitstatus


#: answers that stand for a key rather than a line
CTRL_C, CTRL_D = object(), object()


class Table:
    """The hand asked at the table, in-process: the dialog of `scorekeeper hand` run by
    :func:`scorekeeper.cli.prompt.ask_hand` over the application, answered question by
    question, what it shows recorded; a saved hand is then recorded and drawn as the
    command does. Same surface as :class:`Terminal`, without a terminal and a process."""

    def __init__(self, application, session: str | None = None, edit: int | None = None):
        from rich.console import Console

        from scorekeeper.cli.terminal import Terminal as Run

        self.application = application
        self.file = io.StringIO()
        console = Console(file=self.file, width=120, color_system=None, markup=False, emoji=False, highlight=False)
        self.t = Run()
        self.t._out = self.t._err = console
        self.questions: queue.Queue = queue.Queue()
        self.prefills: queue.Queue = queue.Queue()
        self.prefill = ""  # what the question being asked put on the line
        self.answers: queue.Queue = queue.Queue()
        self.pending: str | None = None
        self.seen, self._shown_up_to, self.code = "", 0, None
        self.edit = edit  # the hand entered again (`edit N`), or None for the next hand
        self.thread = threading.Thread(target=self._run, args=(session,), daemon=True)
        self.thread.start()

    # -- the dialog's side (in the thread) ----------------------------------------------
    def _read(self, question: str, prefill: str = "") -> str:
        """A terminal with line editing: ``prefill`` is already on the line (``self.prefill``);
        the scripted answer is the whole line as the person leaves it."""
        self.prefills.put(prefill)
        self.questions.put(question)
        answer = self.answers.get(timeout=20)
        if answer is CTRL_C:
            raise KeyboardInterrupt
        if answer is CTRL_D:
            raise EOFError
        return answer

    def _run(self, session: str | None) -> None:
        import typer

        from scorekeeper.cli.prompt import ask_hand
        from scorekeeper.cli.render import game as draw
        from scorekeeper.core.errors import ScorekeeperError
        from scorekeeper.storage import files

        files.forget_kept()  # a command starts with nothing saved yet, as its own process does

        with redirect_stderr(self.file):
            try:
                if self.edit is None:
                    raw = ask_hand(self.t, self.application, self.application.table(session), session,
                                   read=self._read)
                    draw.hand(self.t, self.application.record_hand(raw, "prompt", session))
                else:
                    old = self.application.hand_entry(self.edit, session)["entry"]
                    raw = ask_hand(self.t, self.application, self.application.table(session, self.edit), session,
                                   read=self._read, old=old)
                    draw.edited(self.t, self.application.edit(self.edit, raw, "prompt", session))
                self.code = 0
            except typer.Exit as e:
                self.code = e.exit_code
            except KeyboardInterrupt:  # what the command's boundary makes of Ctrl-C
                from scorekeeper.cli.boundary import interrupted

                self.code = interrupted()
            except ScorekeeperError as e:
                self.file.write(e.message + "\n")
                self.code = int(e.exit_code)
            finally:
                self.questions.put(None)

    # -- the person's side ---------------------------------------------------------------
    def _shown(self) -> str:
        text = self.file.getvalue()[self._shown_up_to:]
        self._shown_up_to += len(text)
        return text

    def _next(self) -> tuple[str | None, str]:
        """The question being asked (waiting for it) and what was shown before it."""
        if self.pending is None:
            self.pending = self.questions.get(timeout=20)
            self.prefill = self.prefills.get_nowait() if self.pending is not None else ""
            self.pending_shown = self._shown()
        return self.pending, self.pending_shown

    def expect(self, text: str) -> str:
        """Wait for the next question; ``text`` must be shown by then. Returns what was shown."""
        question, shown = self._next()
        assert text in shown + (question or ""), (text, shown, question)
        return shown

    def answer(self, question: str, text) -> str:
        """Wait for ``question``, give ``text`` (or CTRL_C, CTRL_D); return what was shown before it."""
        asked, shown = self._next()
        self.seen += shown + (asked or "")
        assert asked == question, (asked, question, self.seen)
        self.pending = None
        self.answers.put(text)
        return shown

    def finish(self) -> int:
        question, shown = self._next()
        assert question is None, f"still asking: {question!r}"
        self.thread.join(20)
        self.seen += shown + self._shown()
        return self.code

    def player(self, melds: str | None = None, layoffs: str | None = None, hand: str = "") -> None:
        """One Rummy 500 player's three answers (a number as melds skips the lay-offs, as does
        Contract Rummy's [], not down)."""
        self.answer("  melds: ", melds or "")
        if not (melds or "").isdigit() and melds != "[]":
            self.answer("  laid off: ", layoffs or "")
        self.answer("  left in hand: ", hand)


Terminal.player = Table.player


@pytest.fixture
def db(isolated_db) -> Path:
    return isolated_db


@pytest.fixture
def table(application):
    """``table()`` starts the dialog for the current session."""
    return lambda: Table(application)



# -- Rummy 500 ---------------------------------------------------------------------

def test_rummy500_hand_entered_player_by_player(exe, db, cli):
    cli.new("rummy500", "Ann", "Bob", "Cy", title="Friday")
    t = Terminal(exe, db)
    intro = t.expect("Ann\r\n")
    assert "Hand 1 of Rummy 500 — Friday" in flat(intro) and "Ann dealt, Bob led." in flat(intro)
    t.player("7H 8H 9H, QS QD QC", "10H", "AS 4D")
    t.player(hand="out")
    t.player("80", hand="85")
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Ann: 7+8+9 = 24 and 10+10+10 = 30 melded, 10H laid off (10), AS 4D in hand (15+4 = 19):
    #      24 + 30 + 10 − 19 = 45.  Bob went out with nothing on the table: 0.  Cy: 80 − 85 = −5.
    assert re.search(r"Ann\s+\+45\s+45\s", shown)
    assert re.search(r"Bob\s+0\s+0\s+went out", shown)
    assert re.search(r"Cy\s+-5\s+-5\s+80 − 85 = −5", shown)
    assert t.finish() == 0
    assert "Next: Bob deals, Cy leads." in flat(t.seen)
    assert cli.totals() == {"Ann": 45, "Bob": 0, "Cy": -5}
    assert [p["won"] for p in cli.standings()["players"] if p["name"] == "Bob"] == [1]
    hand = cli.history()["hands"][0]
    assert hand["entry"] == {"players": {
        "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
        "Bob": {"hand": ""},
        "Cy": {"table": 80, "hand": 85},
    }}


def test_a_bad_card_or_meld_is_asked_again_with_the_reason(application, table, history):
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
    t.answer("  melds: ", "7H 8H 9H, QS QD 1C")
    again = t.answer("  melds: ", "7H 8H 10H")
    assert '"1C" is not a card: ranks are A 2-10 J Q K' in flat(again) and "Correct it: your answer is offered again." in flat(again)
    assert t.prefill == "7H 8H 9H, QS QD 1C"  # the refused answer is on the line again, to correct
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
    # Ann: 7 + 8 + 9 = 24 melded, KS 2D in hand (10 + 2 = 12): 24 − 12 = 12.
    assert re.search(r"Ann\s+\+12\s+12\s+24 − 12 = 12", shown)
    assert t.finish() == 0
    assert history()["hands"][0]["entry"]["players"]["Ann"] == {"melds": ["7H 8H 9H"], "hand": "KS 2D"}


def test_only_one_player_goes_out_and_the_hand_must_be_said(application, table, history):
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
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
    assert history()["hands"][0]["entry"]["players"]["Bob"] == {"hand": 12}


AGAIN = 'Type whose part again? (a name or "all"; Enter: '


def whose_part(t, answer: str) -> str:
    """Answer the question of whose part to type again, whatever Enter would take; returns what was shown."""
    question, _ = t._next()
    assert question.startswith(AGAIN), question
    return t.answer(question, answer)


def test_a_refused_hand_names_the_player_to_type_again(application, table, totals):
    application.new("rummy500", ["Ann", "Bob", "Cy"])
    t = table()
    t.player("7H 8H 9H", "KC", "AS 4D")
    t.player(hand="out")
    t.player(hand="2S")
    shown = whose_part(t, "Ann")
    assert "This hand cannot be recorded: Ann: the lay-off KC fits no meld on the table." in flat(shown)
    t.player("7H 8H 9H", "10H", "AS 4D")
    # Ann: 24 melded + 10 laid off − 19 in hand = 15; Bob 0; Cy −2.
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    assert re.search(r"Ann\s+\+15\s", shown) and re.search(r"Cy\s+-2\s", shown)
    assert t.finish() == 0
    assert totals() == {"Ann": 15, "Bob": 0, "Cy": -2}


def test_a_deck_count_refusal_lets_anyone_be_typed_again(application, table, totals):
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
    t.player("7H 8H 9H", "", "KS")
    t.player(hand="KS")
    shown = whose_part(t, "bob")
    assert "KS appears 2 times in this hand (Ann, Bob), but one deck holds it only once." in flat(shown)
    t.player(hand="KD")
    t.answer("Save hand 1? [Y/n] ", "n")
    t.answer('Type whose part again? (a name or "all"; Enter: leave without saving) ', "all")
    t.player("7H 8H 9H", "", "out")
    t.player(hand="KD")
    t.answer("Save hand 1? [Y/n] ", "yes")
    assert t.finish() == 0
    # Ann: 24 melded, went out: 24.  Bob: KD left, −10.
    assert totals() == {"Ann": 24, "Bob": -10}


def test_a_card_one_player_holds_too_often_types_that_player_again_on_enter(application, table, totals):
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
    t.player("7H 8H 9H", "", "out")
    t.player(hand="KS KS")
    question, _ = t._next()
    assert question == AGAIN + "Bob) ", question  # the one who holds it twice, not everyone
    shown = t.answer(question, "")
    assert "KS appears 2 times in this hand (Bob), but one deck holds it only once." in flat(shown)
    t.player(hand="KS")
    t.answer("Save hand 1? [Y/n] ", "yes")
    assert t.finish() == 0
    # Ann: 24 melded, went out: 24.  Bob: KS left, −10.
    assert totals() == {"Ann": 24, "Bob": -10}


class Refusing:
    """An application whose preview refuses the first hand with ``error``, then scores as the real one."""

    def __init__(self, real, error):
        self.real, self.error = real, error

    def preview_hand(self, *args, **kwargs):
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        return self.real.preview_hand(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.mark.parametrize("about,enter,asked_again", [
    ("Bob", 'Bob) ', ["Bob"]),         # the refusal's player fact says whom to ask again
    (None, 'all) ', ["Ann", "Bob"]),   # about no one player: Enter types the whole hand again
])
def test_enter_after_a_refusal_types_again_the_player_it_is_about(application, about, enter, asked_again):
    from scorekeeper.core.errors import InputError

    application.new("rummy500", ["Ann", "Bob"])
    refusal = InputError("prompt.nothing_in_hand", **({"player": about} if about else {}))
    t = Table(Refusing(application, refusal))
    t.player(hand="out")
    t.player(hand="KS")
    shown = t.answer(AGAIN + enter, "")
    assert "This hand cannot be recorded: Say what is left in hand" in flat(shown)
    for name in asked_again:
        assert t.expect(f"{name}\n")
        t.player(hand="out" if name == "Ann" else "KS")
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    # Ann went out: 0; Bob holds KS: −10
    assert {p["name"]: p["total"] for p in application.standings()["players"]} == {"Ann": 0, "Bob": -10}


def test_points_only_hand_asks_who_went_out(application, table, history):
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
    t.player("60", hand="5")
    t.player("0", hand="0")
    t.answer("Who went out? (a name; Enter: nobody, the stock ran out): ", "Bobby")
    t.answer("Who went out? (a name; Enter: nobody, the stock ran out): ", "bob")
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    assert '"Bobby" is not a player of this session (did you mean "Bob"?)' in flat(t.seen)
    hand = history()["hands"][0]
    # Ann: 60 − 5 = 55; Bob: 0 − 0 = 0 and went out, so Bob won the hand (I-7).
    assert hand["scores"] == {"Ann": 55, "Bob": 0} and hand["won"] == ["Bob"] and hand["points_only"]
    assert hand["entry"]["out"] == "Bob"


def test_declining_to_save_stores_nothing(application, table, standings):
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
    t.player(hand="out")
    t.player(hand="KS")
    t.answer("Save hand 1? [Y/n] ", "n")
    t.answer('Type whose part again? (a name or "all"; Enter: leave without saving) ', "")
    assert t.finish() == 1
    assert "Nothing saved." in flat(t.seen)
    assert standings()["hands"] == 0


@pytest.mark.parametrize("key, code, said", [(CTRL_C, 130, "Interrupted (Ctrl-C): nothing was changed."),
                                             (CTRL_D, 1, "Nothing saved.")], ids=["ctrl-c", "ctrl-d"])
def test_ctrl_c_or_ctrl_d_saves_nothing(application, table, standings, key, code, said):
    # Ctrl-C ends any command with 130 and says whether anything was saved (SPEC §5); Ctrl-D
    # (the end of input) leaves the questions with 1
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
    t.player(hand="out")
    t.answer("  melds: ", key)
    assert t.finish() == code
    assert said in flat(t.seen) and "Traceback" not in flat(t.seen)
    assert standings()["hands"] == 0


def test_ctrl_c_at_a_real_terminal_saves_nothing(exe, db, cli):
    cli.new("rummy500", "Ann", "Bob")
    t = Terminal(exe, db)
    t.expect("  melds: ")
    t.child.sendintr()
    assert t.finish() == 130  # SPEC §5
    assert "Interrupted (Ctrl-C): nothing was changed." in flat(t.seen) and "Traceback" not in flat(t.seen)
    assert cli.standings()["hands"] == 0


def test_rum500_is_asked_the_same_way(application, table, totals):
    application.new("michigan-rum", ["Ann", "Bob"])
    t = table()
    intro = t.expect("Ann\n")
    assert "Hand 1 of Rum 500" in flat(intro)
    t.player("AS 2S 3S", "", "out")
    t.player(hand="AD")
    # Ann: a low ace in A-2-3 counts 1: 1 + 2 + 3 = 6.  Bob: an ace in hand costs 15: −15.
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    assert totals() == {"Ann": 6, "Bob": -15}


def test_a_finished_game_is_refused_before_any_question(application, table, record):
    application.new("rummy500", ["Ann", "Bob"], ["target=10"])
    record("Ann: 7H 8H 9H -", "Bob: -KS")  # Ann 24: the game is over
    t = table()
    assert t.finish() == 2
    assert "The game is finished (Ann won)" in flat(t.seen) and "melds:" not in flat(t.seen)


# -- without a terminal ------------------------------------------------------------------

def test_without_a_terminal_hand_says_how_to_give_it(cli):
    assert cli("new", "rummy500", "Ann", "Bob").exit_code == 0
    result = cli("hand")
    assert result.exit_code == 2
    assert "no terminal to ask on" in result.stderr and "--file" in result.stderr
    result = cli("hand", "--json")
    assert result.exit_code == 2 and no_document(result.stdout)


def test_no_terminal_through_the_console_script(exe, db, cli):
    cli.new("rummy500", "Ann", "Bob")
    done = subprocess.run([str(exe), "hand"], env=terminal_env(db), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "no terminal to ask on" in done.stderr and done.stdout == ""


# -- the parts asked depend on the variant ---------------------------------------------------

def test_parts_asked_follow_the_variant():
    from scorekeeper.core.variants import VARIANTS

    assert VARIANTS["rummy500"].table.parts() == ("melds", "layoffs", "hand")
    assert VARIANTS["rum500"].table.parts() == ("melds", "layoffs", "hand")
    assert VARIANTS["contract"].table.parts() == ("melds", "layoffs", "hand")  # the contract's melds are asked
    assert VARIANTS["gin"].table.parts() == ("cards",)
    for other in ("carousel", "crazy"):  # the table belongs to nobody there: only the hand counts
        assert VARIANTS[other].table.parts() == ("hand",)


def variant_or_skip(name: str) -> None:
    from scorekeeper.core.variants import VARIANTS

    if name not in VARIANTS:
        pytest.skip(f"{name} is not available")


# -- Carousel -------------------------------------------------------------------------------

def test_carousel_knock_typed_after_the_cards(application, table, history):
    variant_or_skip("carousel")
    application.new("carousel", ["Ann", "Bob", "Cy"])
    t = table()
    intro = t.answer("  left in hand: ", "3C AD knock")
    assert 'add "knock"' in flat(intro) and "melds:" not in flat(intro)
    t.answer("  left in hand: ", "KS 7H 2C")
    t.answer("  left in hand: ", "9")
    shown = t.answer("Save round 1? [Y/n] ", "y")  # Carousel plays rounds
    # SPEC §4: Ann (3 + 1 = 4) knocked and is lowest alone: (19 − 4) + (9 − 4) = 20; Bob and Cy 0.
    assert re.search(r"Ann\s+\+20\s+20\s+knocked", shown)
    assert t.finish() == 0
    hand = history()["hands"][0]
    assert hand["scores"] == {"Ann": 20, "Bob": 0, "Cy": 0}
    assert hand["entry"] == {"players": {"Ann": {"hand": "3C AD"}, "Bob": {"hand": "KS 7H 2C"}, "Cy": {"hand": 9}},
                             "knock": "Ann"}


def test_carousel_asks_how_the_round_ended(application, table, history):
    variant_or_skip("carousel")
    application.new("carousel", ["Ann", "Bob"])
    t = table()
    t.answer("  left in hand: ", "2D AC")
    t.answer("  left in hand: ", "QS 8H")
    question = 'How did the round end? Who knocked (a name), "stock" (the stock ran out), or "out NAME": '
    t.answer(question, "")
    again = t.answer(question, "stock")
    assert "Name who knocked" in flat(again)
    shown = t.answer("Save round 1? [Y/n] ", "y")
    # Stock ran out, nobody knocked: Ann holds 2 + 1 = 3, Bob 10 + 8 = 18; Ann scores 18 − 3 = 15, no undercut.
    assert re.search(r"Ann\s+\+15\s+15", shown)
    assert t.finish() == 0
    hand = history()["hands"][0]
    assert hand["scores"] == {"Ann": 15, "Bob": 0} and hand["entry"]["stock_exhausted"] is True


def test_carousel_knock_over_the_limit_is_typed_again(application, table):
    variant_or_skip("carousel")
    application.new("carousel", ["Ann", "Bob"])
    t = table()
    t.answer("  left in hand: ", "9C knock")
    t.answer("  left in hand: ", "KS")
    shown = whose_part(t, "Ann")
    assert "This round cannot be recorded: Ann knocked holding 9 points" in flat(shown)
    t.answer("  left in hand: ", "4C knock")
    shown = t.answer("Save round 1? [Y/n] ", "y")
    # Ann knocked with 4, Bob holds 10: Ann scores 10 − 4 = 6.
    assert re.search(r"Ann\s+\+6\s+6", shown)
    assert t.finish() == 0


def test_carousel_going_out_needs_no_ending_question(application, table):
    variant_or_skip("carousel")
    application.new("carousel", ["Ann", "Bob"])
    t = table()
    t.answer("  left in hand: ", "out")
    t.answer("  left in hand: ", "JK 3S")
    shown = t.answer("Save round 1? [Y/n] ", "y")
    # Ann went out (0); Bob holds joker 25 + 3 = 28: Ann scores 28 − 0 = 28, + 25 for going out = 53.
    assert re.search(r"Ann\s+\+53\s+53\s+went out", shown)
    assert "How did the round end" not in flat(t.seen)
    assert t.finish() == 0


# -- Crazy Rummy -----------------------------------------------------------------------------

def test_crazy_shows_the_round_and_its_wild_rank(application, table, history):
    variant_or_skip("crazy")
    application.new("crazy", ["Ann", "Bob", "Cy"])
    t = table()
    intro = t.answer("  left in hand: ", "out")
    assert "Round 1 of Crazy Rummy" in flat(intro) and "aces are wild" in flat(intro)
    assert "Bob got the eighth card and led." in flat(intro)
    t.answer("  left in hand: ", "AC 9D")
    t.answer("  left in hand: ", "3H 4H")
    t.answer("Save round 1? [Y/n] ", "y")  # Crazy Rummy plays rounds
    assert t.finish() == 0
    # Round 1, aces wild: Bob AC 25 + 9 = 34; Cy 3 + 4 = 7; Ann went out, 0.
    assert history()["hands"][0]["scores"] == {"Ann": 0, "Bob": 34, "Cy": 7}


def test_crazy_round_seven_sevens_are_wild(application, table, record, history):
    variant_or_skip("crazy")
    application.new("crazy", ["Ann", "Bob", "Cy"])
    for _ in range(6):
        record("Ann: -", "Bob: -KS", "Cy: -2D", "--again")
    t = table()
    intro = t.answer("  left in hand: ", "")
    assert "Round 7 of Crazy Rummy" in flat(intro) and "sevens are wild" in flat(intro)
    t.answer("  left in hand: ", "out")
    t.answer("  left in hand: ", "7H KS")
    t.answer("  left in hand: ", "2D")
    shown = t.answer("Save round 7? [Y/n] ", "y")
    # SPEC §4, round 7 (sevens wild): Ann went out, 0; Bob 25 + 10 = 35; Cy 2.
    assert re.search(r"Bob\s+\+35\s", shown) and re.search(r"Cy\s+\+2\s", shown)
    assert t.finish() == 0
    assert history()["hands"][6]["scores"] == {"Ann": 0, "Bob": 35, "Cy": 2}


def test_carousel_game_played_to_the_end_at_the_table(application, table, standings):
    variant_or_skip("carousel")
    application.new("carousel", ["Ann", "Bob"], ["target=30"])
    for number, total in ((1, 15), (2, 130)):  # the last total includes the end bonus of 100
        t = table()
        t.answer("  left in hand: ", "2D AC knock")
        t.answer("  left in hand: ", "QS 8H")
        shown = t.answer(f"Save round {number}? [Y/n] ", "y")
        # Ann knocks with 2 + 1 = 3 against Bob's 10 + 8 = 18: 18 − 3 = 15 a round
        assert re.search(rf"Ann\s+\+15\s+{total}\s", shown)
        assert t.finish() == 0
    # 30 reaches the target: the game ends; Ann gets the 100 bonus, Bob won no round (I-2)
    assert "This round ends the game: Ann wins." in flat(shown)
    assert "end bonuses: Ann +100, Bob 0" in flat(shown)
    assert "Game over: Ann wins after 2 rounds." in flat(t.seen)  # Carousel counts rounds
    doc = standings()
    assert doc["finished"] and {p["name"]: p["total"] for p in doc["players"]} == {"Ann": 130, "Bob": 0}


def test_questions_are_seen_when_the_output_is_redirected(exe, db, cli, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    cli.new("rummy500", "Ann", "Bob")
    log = tmp_path / "log.txt"
    child = pexpect.spawn("sh", ["-c", f'"{exe}" hand > "{log}"'], env=terminal_env(db), encoding="utf-8",
                          timeout=PTY_TIMEOUT, dimensions=(50, 120))
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


def test_a_whole_part_on_one_line_at_the_melds_question(application, table, history):
    application.new("rummy500", ["Ann", "Bob", "Cy"])
    t = table()
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
    assert history()["hands"][0]["entry"]["players"] == {
        "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 4D"},
        "Bob": {"hand": ""},
        "Cy": {"table": 80, "hand": 85},
    }


# -- what the prompt says follows the variant's facts ------------------------------------------

@pytest.mark.parametrize("variant,jokers", [("rummy500", False), ("rum500", False), ("crazy", False),
                                            ("carousel", True)])
def test_the_joker_is_offered_only_where_the_game_has_jokers(application, table, variant, jokers):
    variant_or_skip(variant)
    application.new(variant, ["Ann", "Bob", "Cy"])
    t = table()
    intro = t.expect("Ann\n")
    assert ("JK for a joker" in flat(intro)) is jokers
    assert "T for 10" in flat(intro)
    t.answer(t._next()[0], CTRL_C)
    assert t.finish() == 130  # left with Ctrl-C (SPEC §5)


def test_carousel_calls_its_deals_rounds(application, table):
    variant_or_skip("carousel")
    application.new("carousel", ["Ann", "Bob"])
    t = table()
    intro = t.answer("  left in hand: ", "2D AC knock")
    assert "Round 1 of Manipulation rummy (Carousel)" in flat(intro) and "Hand 1" not in flat(intro)
    t.answer("  left in hand: ", "QS 8H")
    shown = t.answer("Save round 1? [Y/n] ", "y")
    # Ann knocks with 2 + 1 = 3 against Bob's 10 + 8 = 18: 18 − 3 = 15
    assert "Round 1 would score:" in flat(shown) and re.search(r"Ann\s+\+15\s+15\s+knocked", shown)
    assert t.finish() == 0


def test_crazy_rummy_calls_its_deals_rounds(application, table):
    variant_or_skip("crazy")
    application.new("crazy", ["Ann", "Bob", "Cy"])
    t = table()
    t.answer("  left in hand: ", "out")
    t.answer("  left in hand: ", "KS")
    shown = t.answer("  left in hand: ", "2D")
    shown = t.answer("Save round 1? [Y/n] ", "y")
    # round 1 (aces wild): Ann went out 0, Bob KS 10, Cy 2D 2
    assert "Round 1 would score:" in flat(shown) and "Hand 1 would" not in flat(shown)
    assert t.finish() == 0


# -- near misses at the questions about the ending -------------------------------------------------

def test_carousel_ending_near_misses_get_did_you_mean(application, table, history):
    variant_or_skip("carousel")
    application.new("carousel", ["Ann", "Bob"])
    t = table()
    t.answer("  left in hand: ", "2D AC")
    t.answer("  left in hand: ", "QS 8H")
    question = 'How did the round end? Who knocked (a name), "stock" (the stock ran out), or "out NAME": '
    t.answer(question, "stok")
    again = t.answer(question, "Bobby")
    assert '"stok" is not a player of this session (did you mean "stock"?)' in flat(again)
    again = t.answer(question, "out Annie")
    assert '"Bobby" is not a player of this session (did you mean "Bob"?)' in flat(again)
    again = t.answer(question, "stock")
    assert '"Annie" is not a player of this session (did you mean "Ann"?)' in flat(again)
    t.answer("Save round 1? [Y/n] ", "y")
    assert t.finish() == 0
    # the stock ran out: Ann 2 + 1 = 3 is lowest, Bob 10 + 8 = 18: Ann scores 18 − 3 = 15
    assert history()["hands"][0]["scores"] == {"Ann": 15, "Bob": 0}


def test_who_went_out_near_misses_get_did_you_mean(application, table, history):
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
    t.player("60", hand="5")
    t.player("30", hand="10")
    question = "Who went out? (a name; Enter: nobody, the stock ran out): "
    t.answer(question, "nobdy")
    again = t.answer(question, "stok")
    assert '"nobdy" is not a player of this session (did you mean "nobody"?)' in flat(again)
    again = t.answer(question, "nobody")
    assert '"stok" is not a player of this session (did you mean "stock"?)' in flat(again)
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    hand = history()["hands"][0]
    # points only: Ann 60 − 5 = 55, Bob 30 − 10 = 20; the stock ran out, nobody won the hand (I-7)
    assert hand["scores"] == {"Ann": 55, "Bob": 20} and hand["won"] == [] and hand["entry"]["stock_exhausted"]


def test_gin_who_knocked_near_misses_get_did_you_mean(application, table, history):
    variant_or_skip("gin")
    application.new("gin", ["Ann", "Bob"])
    t = table()
    cards = "  cards (10; 11 for big gin): "
    t.answer(cards, "7H 8H 9H QS QD QC 2C 3C 4C 5D")
    t.answer(cards, "KS KH KD 10H JH 5C 9S 6D 3S AH")
    question = 'Who knocked? (a name; "stock" if the stock ran out): '
    t.answer(question, "stok")
    again = t.answer(question, "Anne")
    assert '"stok" is not a player of this session (did you mean "stock"?)' in flat(again)
    again = t.answer(question, "Ann")
    assert '"Anne" is not a player of this session (did you mean "Ann"?)' in flat(again)
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    # SPEC §4: Ann knocked with 5; Bob lays off 10H JH and 5C, holds 9 + 6 + 3 + 1 = 19: Ann 19 − 5 = 14
    assert history()["hands"][0]["scores"]["Ann"] == 14


def test_gin_preview_shows_the_melds_and_lay_offs_found(application, table, history):
    """Before "Save hand 1?" the table sees what scorekeeper found in the cards it was given."""
    variant_or_skip("gin")
    application.new("gin", ["Ann", "Bob"])
    t = table()
    cards = "  cards (10; 11 for big gin): "
    t.answer(cards, "7H 8H 9H QS QD QC 2C 3C 4C 5D knock")
    t.answer(cards, "KS KH KD 10H JH 5C 9S 6D 3S AH")
    shown = t.answer("Save hand 1? [Y/n] ", "y")  # what was shown before the question
    # SPEC §4: Ann melds 2-3-4C, 7-8-9H, QS QD QC and holds 5D; Bob melds KS KH KD, lays off
    # 5C on the clubs and 10H JH on the hearts, and holds 9S 6D 3S AH (19): Ann 19 − 5 = 14
    said = flat(shown)
    assert "Hand 1 would score:" in said
    assert "Arrangement found for Ann: 2C 3C 4C, 7H 8H 9H, QS QD QC; deadwood: 5D." in said
    assert ("Arrangement found for Bob: KS KH KD; lays off 5C on 2C 3C 4C; lays off 10H JH on 7H 8H 9H; "
            "deadwood: 9S 6D 3S AH.") in said
    assert t.finish() == 0
    assert history()["hands"][0]["scores"] == {"Ann": 14, "Bob": 0}


# -- edit N at the table: each answer starts from the recorded one ------------------------------------

SPEC_HAND = ("Ann: 7H 8H 9H, QS QD QC +10H -AS 4D", "Bob: -", "Cy: 80 -85")


def test_edit_asks_each_answer_from_the_recorded_one(application, record, history):
    application.new("rummy500", ["Ann", "Bob", "Cy"])
    record(*SPEC_HAND)
    record("Ann: -KS", "Bob: QS QD QC -", "Cy: -2D")
    t = Table(application, edit=1)
    intro = t.expect("Ann\n")
    assert "Hand 1 of Rummy 500" in flat(intro) and "Ann dealt, Bob led." in flat(intro)
    assert "Hand 1 again: each answer starts from the one recorded" in flat(intro)
    for question, recorded, answer in (
            ("  melds: ", "7H 8H 9H, QS QD QC", "7H 8H 9H, QS QD QC"),   # Enter keeps it
            ("  laid off: ", "10H", "10H"),
            ("  left in hand: ", "AS 4D", "AS 5D"),                      # one card corrected
            ("  melds: ", "", ""),                                        # Bob went out, nothing melded
            ("  laid off: ", "", ""),
            ("  left in hand: ", "out", "out"),
            ("  melds: ", "80", "80"),                                    # Cy: points on the table
            ("  left in hand: ", "85", "75")):
        t._next()
        assert t.prefill == recorded, (question, t.prefill)
        t.answer(question, answer)
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Ann: 24 + 30 + 10 − (15 + 5) = 44 (was 45); Bob 0; Cy: 80 − 75 = +5 (was −5).
    # Totals after hand 2 (Ann −10, Bob +30, Cy −2): Ann 35 → 34, Bob 30, Cy −7 → 3.
    assert "Hand 1 would score:" in flat(shown)
    assert "Hand 1 changes: Ann +45 → +44 (total 35 → 34) Cy -5 → +5 (total -7 → 3)" in flat(shown)
    assert t.finish() == 0
    assert "Hand 1 changes: Ann +45 → +44 (total 35 → 34)" in flat(t.seen)
    hands = history()["hands"]
    assert hands[0]["entry"]["players"] == {
        "Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "layoffs": "10H", "hand": "AS 5D"},
        "Bob": {"hand": ""},
        "Cy": {"table": 80, "hand": 75},
    }
    assert [h["scores"] for h in hands] == [{"Ann": 44, "Bob": 0, "Cy": 5}, {"Ann": -10, "Bob": 30, "Cy": -2}]


def test_edit_of_a_carousel_round_starts_from_the_knock_and_the_ending(application, record, history):
    variant_or_skip("carousel")
    application.new("carousel", ["Ann", "Bob", "Cy"])
    record("Ann: -3C AD knock", "Bob: -KS 7H 2C", "Cy: -9")
    record("Ann: -2D AC", "Bob: -QS 8H", "Cy: -4", "stock")
    t = Table(application, edit=1)
    t._next()
    assert t.prefill == "3C AD knock"
    intro = t.answer("  left in hand: ", "3C AD knock")
    assert "Round 1 of Manipulation rummy (Carousel)" in flat(intro)
    t._next()
    assert t.prefill == "KS 7H 2C"
    t.answer("  left in hand: ", "KS 7H 2C")
    t._next()
    assert t.prefill == "9"
    t.answer("  left in hand: ", "5")
    shown = t.answer("Save round 1? [Y/n] ", "y")
    # Ann (4) knocked and is lowest: (19 − 4) + (5 − 4) = 16 (was 20, with Cy at 9)
    assert "Round 1 changes: Ann +20 → +16" in flat(shown)
    assert t.finish() == 0
    assert history()["hands"][0]["scores"] == {"Ann": 16, "Bob": 0, "Cy": 0}

    t = Table(application, edit=2)  # the stock ran out: the ending question starts from "stock"
    for answer in ("2D AC", "QS 8H", "4"):
        t.answer("  left in hand: ", answer)
    t._next()
    assert t.prefill == "stock"
    t.answer('How did the round end? Who knocked (a name), "stock" (the stock ran out), or "out NAME": ', "stock")
    shown = t.answer("Save round 2? [Y/n] ", "y")
    assert "Round 2: no score changes." in flat(shown)
    assert t.finish() == 0


def test_edit_of_a_crazy_round_uses_that_rounds_wild_rank(application, record, history):
    variant_or_skip("crazy")
    application.new("crazy", ["Ann", "Bob", "Cy"])
    record("Ann: -", "Bob: -KS", "Cy: -2D")
    record("Ann: -", "Bob: -KS", "Cy: -2D", "--again")
    record("Ann: -", "Bob: -KS", "Cy: -2D", "--again")
    t = Table(application, edit=2)
    intro = t.answer("  left in hand: ", "out")
    assert "Round 2 of Crazy Rummy" in flat(intro) and "twos are wild" in flat(intro)
    assert "Bob dealt, Cy got the eighth card and led." in flat(intro)
    t.answer("  left in hand: ", "KS")
    t.answer("  left in hand: ", "2D 3D")
    shown = t.answer("Save round 2? [Y/n] ", "y")
    # round 2, twos wild: Cy's 2D is a wild card, 25, and 3D 3: 28 (was 25)
    assert "Round 2 changes: Cy +25 → +28" in flat(shown)
    assert t.finish() == 0
    assert history()["hands"][1]["scores"] == {"Ann": 0, "Bob": 10, "Cy": 28}


def test_edit_of_a_gin_hand_starts_from_the_cards_shown(application, record, history):
    variant_or_skip("gin")
    application.new("gin", ["Ann", "Bob"])
    record("Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", "Bob: KS KH KD 10H JH 5C 9S 6D 3S AH")
    t = Table(application, edit=1)
    cards = "  cards (10; 11 for big gin): "
    t._next()
    assert t.prefill == "7H 8H 9H QS QD QC 2C 3C 4C 5D knock"
    intro = t.answer(cards, "7H 8H 9H QS QD QC 2C 3C 4C AD knock")
    assert "Hand 1 again" in flat(intro)
    t._next()
    assert t.prefill == "KS KH KD 10H JH 5C 9S 6D 3S AH"
    t.answer(cards, "KS KH KD 10H JH 5C 9S 6D 3S AH")
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Ann knocks with the AD (1): Bob's deadwood 19 − 1 = 18 (was 14)
    assert "Hand 1 changes: Ann +14 → +18" in flat(shown)
    assert t.finish() == 0
    assert history()["hands"][0]["scores"]["Ann"] == 18


def test_a_player_asked_again_starts_from_what_was_just_typed(application, table, totals):
    application.new("rummy500", ["Ann", "Bob"])
    t = table()
    t.player("7H 8H 9H", "KC", "AS 4D")
    t.player(hand="out")
    whose_part(t, "Ann")  # the lay-off KC fits no meld
    for question, typed, answer in (("  melds: ", "7H 8H 9H", "7H 8H 9H"), ("  laid off: ", "KC", "10H"),
                                    ("  left in hand: ", "AS 4D", "AS 4D")):
        t._next()
        assert t.prefill == typed
        t.answer(question, answer)
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    # Ann: 24 melded + 10 laid off − 19 in hand = 15; Bob went out, 0
    assert totals() == {"Ann": 15, "Bob": 0}


def test_old_answers_of_stored_entries():
    from scorekeeper.core.variants import get_variant

    def old_answers(variant, players, entry):
        return variant.codec.answers(entry, players)

    players = ["Ann", "Bob", "Cy"]
    entry = {"players": {"ann": {"melds": "7H 8H 9H; QS QD QC", "layoffs": ["10H", "JH"], "hand": ["AS", "4D"]},
                         "Bob": {"hand": []}, "Cy": {"table": 80, "hand": 85}}}
    assert old_answers(get_variant("rummy500"), players, entry) == {
        ("Ann", "melds"): "7H 8H 9H, QS QD QC", ("Ann", "layoffs"): "10H JH", ("Ann", "hand"): "AS 4D",
        ("Bob", "hand"): "out", ("Cy", "melds"): "80", ("Cy", "hand"): "85"}
    points = {"players": {"Ann": {"table": 60, "hand": 5}, "Bob": {"table": 0, "hand": 0}}, "out": "Bob"}
    assert old_answers(get_variant("rummy500"), players[:2], points)[("", "ending")] == "Bob"
    stock = {"players": {"Ann": {"table": 60, "hand": 5}, "Bob": {"table": 0, "hand": 0}}, "stock_exhausted": True}
    assert old_answers(get_variant("rummy500"), players[:2], stock)[("", "ending")] == ""
    if "carousel" in __import__("scorekeeper.core.variants", fromlist=["VARIANTS"]).VARIANTS:
        carousel = {"players": {"Ann": {"hand": 3}, "Bob": {"hand": 0}}, "out": "Bob"}
        assert old_answers(get_variant("carousel"), players[:2], carousel)[("", "ending")] == "out Bob"


# -- the answers as read from a terminal ------------------------------------------------------

class _Stream(io.StringIO):
    def __init__(self, text: str = "", tty: bool = False):
        super().__init__(text)
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_without_line_editing_the_old_answer_is_shown_and_enter_keeps_it(monkeypatch):
    from scorekeeper.cli import prompt

    err = _Stream()
    monkeypatch.setattr("sys.stdout", _Stream())  # redirected: no line editing
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setattr("sys.stdin", _Stream("\nAS 5D\n\n"))
    assert prompt.read_answer("  left in hand: ", "AS 4D") == "AS 4D"   # Enter keeps it
    assert prompt.read_answer("  left in hand: ", "AS 4D") == "AS 5D"   # a new answer replaces it
    assert prompt.read_answer("  melds: ") == ""                        # nothing recorded: Enter is nothing
    assert err.getvalue() == ("  left in hand: (Enter keeps: AS 4D)   left in hand: (Enter keeps: AS 4D) "
                              "  melds: ")


def test_edit_at_a_real_terminal_puts_the_recorded_answer_on_the_line(exe, db, cli):
    cli.new("rummy500", "Ann", "Bob", "Cy")
    cli.record(*SPEC_HAND)
    t = Terminal(exe, db, "1", command="edit")
    t.expect("  melds: 7H 8H 9H, QS QD QC")   # already typed on the line
    t.child.send("\r")                        # Enter keeps it
    t.expect("  laid off: 10H")
    t.child.send("\r")
    t.expect("  left in hand: AS 4D")
    t.child.send("\x7f\x7f5D\r")              # two backspaces and 5D: AS 5D
    for question in ("  melds: ", "  laid off: "):
        t.expect(question)
        t.child.send("\r")
    t.expect("  left in hand: out")
    t.child.send("\r")
    t.expect("  melds: 80")
    t.child.send("\r")
    t.expect("  left in hand: 85")
    t.child.send("\x7f\x7f75\r")
    shown = t.answer("Save hand 1? [Y/n] ", "y")
    # Ann: 24 + 30 + 10 − (15 + 5) = 44 (was 45); Cy: 80 − 75 = 5 (was −5)
    assert re.search(r"Ann\s+\+44\s+44\s", shown) and re.search(r"Cy\s+\+5\s+5\s", shown)
    assert t.finish() == 0
    assert "Hand 1 changes: Ann +45 → +44 (total 45 → 44) Cy -5 → +5 (total -5 → 5)" in flat(t.seen)
    assert "no terminal" not in t.seen
    assert cli.totals() == {"Ann": 44, "Bob": 0, "Cy": 5}
    assert cli.history()["hands"][0]["entry"]["players"]["Ann"]["hand"] == "AS 5D"


def test_hand_json_at_a_real_terminal_asks_then_prints_the_document(exe, db, cli, tmp_path):
    import json

    pexpect = pytest.importorskip("pexpect")
    cli.new("rummy500", "Ann", "Bob")
    out = tmp_path / "hand.json"
    child = pexpect.spawn("sh", ["-c", f'"{exe}" hand --json > "{out}"'], env=terminal_env(db), encoding="utf-8",
                          timeout=PTY_TIMEOUT, dimensions=(50, 120))
    for question, answer in (("  melds: ", "7H 8H 9H"), ("  laid off: ", ""), ("  left in hand: ", "out"),
                             ("  melds: ", ""), ("  laid off: ", ""), ("  left in hand: ", "KS"),
                             ("Save hand 1? [Y/n] ", "y")):
        child.expect_exact(question)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "no terminal" not in child.before
    doc = json.loads(out.read_text(encoding="utf-8"))  # one JSON document, nothing else
    # Ann melded 7-8-9H (24) and went out; Bob holds KS (−10)
    assert doc["number"] == 1 and doc["scores"] == {"Ann": 24, "Bob": -10} and doc["totals"] == {"Ann": 24, "Bob": -10}
    assert "standings" not in doc


def test_hand_json_at_a_real_terminal_asks(exe, db, cli):
    cli.new("rummy500", "Ann", "Bob")
    t = Terminal(exe, db, "--json")
    t.player("7H 8H 9H", "", "out")
    t.player(hand="KS")
    t.answer("Save hand 1? [Y/n] ", "y")
    assert t.finish() == 0
    assert '"scores": {' in t.seen and "no terminal" not in t.seen
    assert cli.totals() == {"Ann": 24, "Bob": -10}


def test_edit_without_a_terminal_says_how_to_give_it(cli):
    cli.new("rummy500", "Ann", "Bob")
    cli.record("Ann: -", "Bob: -KS")
    result = cli("edit", "1")
    assert result.exit_code == 2 and "no terminal to ask on" in result.stderr and 'edit 1 "Ann:' in flat(result.stderr)
    result = cli("edit", "2")  # a hand that does not exist is not asked for either
    assert result.exit_code == 2


def test_a_question_longer_than_the_terminal_is_wrapped_between_words(monkeypatch):
    from scorekeeper.cli import prompt

    out = _Stream(tty=True)
    asked = []
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: os.terminal_size((80, 24)))
    monkeypatch.setattr("builtins.input", lambda q: asked.append(q) or "stock")
    question = 'How did the round end? Who knocked (a name), "stock" (the stock ran out), or "out NAME": '
    assert prompt.read_answer(question) == "stock"
    lines = out.getvalue().splitlines() + asked
    assert all(len(line) < 80 for line in lines), lines
    assert lines[-1].endswith('"out NAME": ')  # the question typed after stays whole, with its space
    assert " ".join(" ".join(lines).split()) == " ".join(question.split())


def test_another_players_name_is_refused_at_a_players_question(application, table, totals):
    """At Ann's question, "Bob: -" is refused saying the answer is Ann's cards only; "Ann: ..."
    (her own name, the one-line habit) is taken without the name."""
    application.new("rummy500", ["Ann", "Bob", "Cy"])
    t = table()
    t.answer("  melds: ", "Bob: -")
    shown = flat(t.answer("  melds: ", "Ann: 7H 8H 9H"))
    assert "This answer is Ann's cards only: type Bob's part where Bob is asked." in shown
    assert "low or high" not in shown
    t.answer("  laid off: ", "")
    t.answer("  left in hand: ", "ann: 4D")
    t.player(hand="out")
    t.player(hand="KS")
    t.answer("Save hand 1? [Y/n] ", "y")
    # Rummy 500: Ann 7 + 8 + 9 = 24 on the table − 4 in hand = 20; Bob went out with nothing: 0; Cy −10
    assert t.finish() == 0
    assert totals() == {"Ann": 20, "Bob": 0, "Cy": -10}


def test_an_error_at_the_prompt_is_wrapped_between_words(exe, db, cli):
    """On a 60-column terminal the long "not a card" sentence is wrapped to the width between
    words: no line is longer, and every word of the sentence is whole on one line."""
    pexpect = pytest.importorskip("pexpect")
    cli.new("rummy500", "Ann", "Bob")
    env = terminal_env(db)
    env.pop("COLUMNS")
    child = pexpect.spawn(str(exe), ["hand"], env=env, encoding="utf-8", timeout=PTY_TIMEOUT,
                          dimensions=(50, 60))
    child.expect_exact("  melds: ")
    child.sendline("1H 8H 9H")
    child.expect_exact("  melds: ")
    said = child.before.split("\n", 1)[1].replace("\r", "").strip("\n")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    lines = said.splitlines()
    assert len(lines) > 1 and all(len(line) <= 60 for line in lines), lines
    words = " ".join(lines).split()
    assert words[:4] == ['"1H"', "is", "not", "a"] and words[-2:] == ["offered", "again."], words
    assert "Cyrillic" in words and "letters" in words, words
