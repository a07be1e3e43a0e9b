"""Entering a hand at the table: `scorekeeper hand` with no entries, on a terminal (SPEC §4.1).

What is asked, and in what order, is the variant's table
(:class:`~scorekeeper.core.rulebook.table.Table`): the deal's facts asked first (Indian
Rummy's wild rank), then each player who takes part, their parts one question at a time
(melds put down or the points on the table, cards laid off, cards left in hand; or, where each
player shows their cards, one answer: Gin Rummy), then how the deal ended where the answers do
not say it, then the deal's other facts (Contract Rummy's cut). Each answer is read by the
variant's codec (:class:`~scorekeeper.core.rulebook.codec.Codec`) into the same entry a hand
file holds, so what is stored is what was typed; this module only asks and shows.

Each answer is checked as soon as it is typed (cards, melds under this deal's meld law); a
bad answer is asked again with the reason. Checks that need the whole deal (lay-offs that
must fit, no card more often than the decks hold, a knock within the limit) run when every
player is in; if the deal is refused the reason is shown and the player it is about is asked
again (or anyone, or everyone). The scores are shown before anything is saved, and saving
needs a yes. Ctrl-C ends the command with exit 130 and Ctrl-D with 1; nothing is saved.

``edit N`` on a terminal asks the same questions about hand N, each answer starting from the
hand as recorded (the codec's :meth:`~scorekeeper.core.rulebook.codec.Codec.answers`): on a
terminal with line editing the old answer is already typed on the line, so a correction is
one key edit and Enter keeps it; without line editing (the output redirected) the old answer
is shown after the question and Enter keeps it. A question asked again after a refusal starts
from what was just typed, the same way. Deals are called by the variant's word for them.

:func:`ask_hand` returns the raw entry; the command stores it (form ``"prompt"``) through the
application, as it stores any hand. Whom to ask again after a refusal comes from the
refusal's ``player`` fact, never from its sentence.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable

import typer

from scorekeeper.cli import answers
from scorekeeper.core.errors import InputError, ScorekeeperError, StateError
from scorekeeper.core.messages import say

if TYPE_CHECKING:
    from scorekeeper.app import Application
    from scorekeeper.cli.terminal import Terminal
    from scorekeeper.core.rulebook import Question


class Leave(Exception):
    """The person at the keyboard chose to leave without saving."""


def ask_hand(t: "Terminal", application: "Application", table: dict, session: str | None = None,
             read: Callable[..., str] | None = None, old: Any = None) -> dict:
    """Ask for the next hand of the session player by player; return the raw entry.

    ``table`` is ``application.table(session)`` (the session as the questions need
    it); each whole hand is scored with ``application.preview_hand`` before it is
    offered for saving. ``old`` is the stored entry of the hand entered again by
    ``edit`` (``table`` is then ``application.table(session, number)``): each answer
    starts from it, and the hand is scored with ``application.preview_edit``.
    ``read(question)`` reads one answer, ``read(question, prefill)`` one that starts
    from ``prefill`` (default: :func:`read_answer`). The questions go to standard output, or to standard
    error when the output is redirected (``scorekeeper hand > log``), so they are
    always seen. Raises :class:`StateError` when the game is already finished,
    and ``typer.Exit(1)`` when the person leaves (Ctrl-C, Ctrl-D, or declining to
    save) — nothing is saved then.
    """
    if table["finished"] and old is None:
        raise StateError("cli.prompt.finished", winners=list(table["winners"]))
    if read is None:
        read = read_answer
        try:  # line editing (arrow keys, history) for the answers
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover - not on every platform
            pass
    try:
        return Dialog(t, application, table, session, read, old).run()
    except KeyboardInterrupt:  # said on a line of its own by the command's boundary: 130 (SPEC §5)
        sys.stderr.write("\n")
        raise
    except (EOFError, Leave) as e:
        sys.stderr.write(("\n" if not isinstance(e, Leave) else "") + say("cli.prompt.nothing_saved") + "\n")
        raise typer.Exit(1) from None


def read_answer(question: str, prefill: str = "") -> str:
    """One answer: ``input`` (with line editing) when the output is a terminal,
    else the question on standard error and a line from standard input.

    ``prefill`` is the answer to start from (``edit``): with line editing it is
    put on the line, ready to be corrected or kept with Enter; without, it is
    shown after the question and an empty answer keeps it.
    Raises ``EOFError`` at the end of input (Ctrl-D)."""
    if sys.stdout.isatty():
        if prefill and _line_prefilled():
            return _input_prefilled(fitted(question, sys.stdout), prefill)
        if prefill:
            return input(fitted(question + keeps(prefill), sys.stdout)).strip() or prefill
        return input(fitted(question, sys.stdout))
    sys.stderr.write(fitted(question + (keeps(prefill) if prefill else ""), sys.stderr))
    sys.stderr.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n").strip() or prefill


def fitted(question: str, stream: Any) -> str:
    """``question`` as it can be asked on ``stream``: on a terminal narrower than it, the
    lines but the last are written there first, wrapped between words, and the last line
    is returned to be asked (the terminal would break a long question anywhere, even
    mid-word: ``"out NA`` / ``ME"``). Elsewhere the question as it is."""
    if not stream.isatty():
        return question
    import shutil
    import textwrap

    width = shutil.get_terminal_size().columns - 1  # the cursor waits after the question
    if len(question) <= width:
        return question
    text = question.rstrip()
    trailing = question[len(text):]
    lines = textwrap.wrap(text, width - len(trailing), break_long_words=False, break_on_hyphens=False)
    stream.write("".join(line + "\n" for line in lines[:-1]))
    stream.flush()
    return lines[-1] + trailing


def keeps(prefill: str) -> str:
    """What follows a question whose old answer cannot be put on the line."""
    return say("cli.prompt.enter_keeps_answer", answer=prefill)


def _line_prefilled() -> bool:
    """Whether the line editor can start a line with text on it (GNU readline's pre-input hook)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return False
    return hasattr(readline, "set_pre_input_hook") and hasattr(readline, "insert_text")


def _input_prefilled(question: str, prefill: str) -> str:
    import readline

    def put_on_the_line() -> None:
        readline.insert_text(prefill)
        readline.redisplay()

    readline.set_pre_input_hook(put_on_the_line)
    try:
        return input(question)
    finally:
        readline.set_pre_input_hook(None)


class Dialog:
    """One deal's questions and answers: the variant's table says what to ask, its codec reads
    each answer into the entry being built."""

    def __init__(self, t: "Terminal", application: "Application", table: dict, session: str | None,
                 read: Callable[..., str], old: Any = None):
        from scorekeeper.cli.render import prompt as draw
        from scorekeeper.core.variants import get_variant

        self.t, self.application, self.table, self.read, self.draw = t, application, table, read, draw
        self.session = table["session"] if session is None else session
        self.out = t.out if sys.stdout.isatty() else t.err  # where the dialog is seen
        self.variant = get_variant(table["variant"])
        self.codec, self.asking = self.variant.codec, self.variant.table
        #: the game before this deal: who takes part, its rules, its number
        self.game = table["game"]
        self.players = list(self.asking.asked(self.game))
        self.number = table["number"]
        #: the deal as people count it: its number in the game, later in a game continued from paper
        self.shown = table.get("deal_number") or self.number
        #: the entry being built, as a hand file holds it
        self.entry: dict[str, Any] = {"players": {}}
        #: the keys the last answers about the whole deal (how it ended, its other facts) set
        self.deal_keys: set[str] = set()
        #: the variant's word for a deal ("hand", "round" or "deal")
        self.word = table.get("deal_word", self.variant.deal_word)
        #: editing: the stored entry of the hand entered again (None: a new hand)
        self.old = old
        #: the answer each question starts from: what was typed in this dialog, else the old entry's
        self.typed: dict[tuple[str, str], str] = {}
        self.recorded = self.codec.answers_for(old, self.game) if old is not None else {}

    # -- the whole deal -----------------------------------------------------------
    def run(self) -> dict:
        self.intro()
        for question in self.asking.first(self.game):
            self.ask(question)
        todo = list(self.players)
        while True:
            for name in todo:
                self.ask_player(name)
            self.ask_deal()
            raw = self.raw()
            try:
                doc = self.preview(raw)
            except InputError as e:
                self.draw.refused(self.out, self.said(e), self.wrapped, self.word)
                # the player the refusal is about (or who holds the card it names) is typed again;
                # with none, or several, anyone or everyone
                about = [e.player] if e.player else list(dict.fromkeys(e.facts.get("holders") or ()))
                default = about[0] if len(about) == 1 and about[0] in self.players else None
                todo = self.ask_again(default=default, refused=True)
                continue
            self.draw.preview(self.t, self.out, doc, self.how_ended(), self.word)
            if self.confirm(self.save_question()):
                return raw
            todo = self.ask_again(default=None)

    def intro(self) -> None:
        parts = self.asking.parts()
        lines = self.asking.intro(self.table["rules"])
        self.draw.intro(self.t, self.out, self.table, "melds" in parts, self.variant.endings.knock,
                        editing=self.old is not None, table_points="table" in self.codec.keys,
                        lines=None if lines is None else list(lines))

    def preview(self, raw: dict) -> dict:
        """The deal scored, not stored: as the next deal, or as the deal being edited."""
        revision = self.table.get("revision")  # changed meanwhile: refused now, as saving would be
        if self.old is not None:
            return self.application.preview_edit(self.number, raw, "prompt", self.session, revision)
        return self.application.preview_hand(raw, "prompt", self.session, revision)

    def save_question(self) -> str:
        if self.word == "round":
            return say("cli.prompt.save_round_number_y", number=self.shown)
        if self.word == "deal":
            return say("cli.prompt.save_deal_number_y", number=self.shown)
        return say("cli.prompt.save_hand_number_y", number=self.shown)

    def raw(self) -> dict:
        """The entry as answered, the players in seat order."""
        raw = {key: value for key, value in self.entry.items() if key != "players"}
        return {"players": {p: dict(self.entry["players"][p]) for p in self.players}, **raw}

    def how_ended(self) -> dict[str, str]:
        endings = self.variant.endings
        went = {p: say(endings.word("out")) for p, a in self.entry["players"].items() if a.get("hand") == ""}
        knocker = self.entry.get("knock")
        went.update({knocker: say(endings.word("knock"))} if knocker else {})
        return went

    def said(self, e: ScorekeeperError) -> str:
        """A refusal's sentence in the dialog's card notation: letters where it has no colour (``7H``),
        as its tables write them (one notation on the screen)."""
        from scorekeeper.core.messages import suits_as_letters

        with suits_as_letters(getattr(self.out, "color_system", None) is None):
            return e.message

    def wrapped(self, text: str) -> str:
        """An error wrapped between words to the width of the terminal the dialog is seen on."""
        from scorekeeper.cli.boundary import for_the_terminal

        return for_the_terminal(text, bool(getattr(self.out, "is_terminal", False)))

    def say(self, text: str, style: str = "") -> None:
        self.draw.line(self.out, text, style)

    # -- questions ----------------------------------------------------------------
    def ask(self, question: "Question") -> None:
        """Ask ``question`` until the codec reads the answer into the entry; an
        :class:`InputError` is shown with its reason and the question asked again, starting from
        the answer refused (one key to correct a typo, not the whole line again). The answer
        starts from the one typed before in this dialog, else from the hand being edited, and
        the accepted text is kept."""
        key = question.about
        words = str(question.words)
        if question.player is not None and not words.startswith(" "):
            words = "  " + words  # a player's part is asked indented under their name
        words = words if words.endswith(" ") else words + " "
        prefill = self.typed[key] if key in self.typed else self.recorded.get(key, "")
        while True:
            text = (self.read(words, prefill) if prefill else self.read(words)).strip()
            try:
                self.codec.answer(question, text, self.entry, self.game)
            except InputError as e:
                self.draw.try_again(self.out, self.said(e), self.wrapped, offered=bool(text))
                prefill = text  # the refused answer is offered back, to be corrected rather than retyped
                continue
            self.typed[key] = text
            return

    def ask_player(self, name: str) -> None:
        """Every question about ``name``'s part, from the start."""
        self.codec.forget(self.entry, name)
        self.entry["players"][name] = {}
        if self.asking.skip(self.game, name, self.entry):  # nothing to ask of this part (the variant says)
            return
        self.say(name, "bold")
        asked: list[str] = []
        while (question := self.asking.part(self.game, name, self.entry["players"][name], asked)) is not None:
            self.ask(question)
            asked.append(question.key)

    def ask_deal(self) -> None:
        """How the deal ended, where the answers do not say it, and the deal's other facts: asked
        again after every round of players' answers (each starting from the answer before)."""
        for key in self.deal_keys:
            self.entry.pop(key, None)
        before = set(self.entry)
        ending = self.asking.ending(self.game, self.entry)
        if ending is not None:
            self.ask(ending)
        for question in self.asking.also(self.game, self.entry):
            self.ask(question)
        self.deal_keys = set(self.entry) - before

    def ask_again(self, default: str | None, refused: bool = False) -> list[str]:
        """Whose part to type again: a name or "all". Enter takes ``default`` (the
        player a refusal is about); after a refusal about no one player, everyone;
        after declining to save, Enter leaves."""
        if default:
            question = say("cli.prompt.type_whose_part_again_name_or", player=default)
        elif refused:
            question = say("cli.prompt.type_whose_part_again")
        else:
            question = say("cli.prompt.type_whose_part_again_name")
        while True:
            text = self.read(question).strip()
            if not text:
                if default is None and not refused:
                    raise Leave()
                text = default or "all"
            if self.codec.says(text, "all"):  # all, усіх, все, усе
                return list(self.players)
            try:
                return [self.codec.player_named(text, self.game)]
            except InputError as e:
                self.draw.try_again(self.out, self.said(e), self.wrapped)

    def confirm(self, question: str) -> bool:
        while True:
            said = answers.read(self.read(question), default=True)
            if said is not None:
                return said
            self.say("  " + say("cli.prompt.answer_y_save_or"), "red")
