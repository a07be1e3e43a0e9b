"""Entering a hand at the table: `scorekeeper hand` with no entries, on a terminal (SPEC §4.1).

The dialog asks each player in seat order for their part of the hand — the
parts the variant takes (:attr:`Variant.player_keys`): melds put down (or the
points on the table), cards laid off, and cards left in hand (or their
points, or ``out``) — then, where the variant needs it, how the hand ended
(Carousel: who knocked, or the stock ran out). It builds the same hand entry
a hand file holds (:mod:`scorekeeper.core.entry`), so what is stored is what
was typed.

Each answer is checked as soon as it is typed, with the core's own readers:
cards with :func:`~scorekeeper.core.cards.parse_cards`, melds with the
variant's meld rules for this hand (Crazy Rummy's wild rank changes every
round). A bad answer is asked again with the reason. Checks that need the
whole hand (lay-offs that must fit, no card more often than the decks hold,
a knock within the limit) run when every player is in; if the hand is
refused the reason is shown and the player it names is asked again (or
anyone, or everyone). The hand's scores are shown before anything is saved,
and saving needs a yes. Ctrl-C or Ctrl-D at any question saves nothing and
ends the command with exit status 1.

:func:`ask_hand` returns ``(raw_entry, "prompt")``; the command stores it.
"""
from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any, Callable

import typer

from scorekeeper.core.errors import InputError, StateError

if TYPE_CHECKING:
    from scorekeeper.cli.terminal import Terminal
    from scorekeeper.core.rules import Variant
    from scorekeeper.app.sessions import Loaded

#: a "+" (lay-offs) or a "-" word (the hand): the one-line form of a player's part
ONE_LINE = re.compile(r"\+|(?:^|\s)-")
#: words that mean "no cards left in hand" (the player went out)
OUT_WORDS = ("out", "-", "went out")
YES = ("", "y", "yes")
NO = ("n", "no")


class Leave(Exception):
    """The person at the keyboard chose to leave without saving."""


def parts_asked(variant: "Variant") -> tuple[str, ...]:
    """The parts of a player's entry the dialog asks for, in order.

    ``hand`` always. ``melds`` and ``layoffs`` only where the variant takes
    table points in their place (``table`` in ``player_keys``: Rummy 500,
    Rum 500), that is where what goes on the table scores; in Carousel and
    Crazy Rummy only the cards left in hand count, so the table is not asked.
    """
    keys = variant.player_keys
    parts = []
    if "melds" in keys and "table" in keys:
        parts.append("melds")
        if "layoffs" in keys:
            parts.append("layoffs")
    parts.append("hand")
    return tuple(parts)


def ask_hand(t: "Terminal", loaded: "Loaded", read: Callable[[str], str] | None = None) -> tuple[dict, str]:
    """Ask for the next hand of ``loaded`` player by player; return ``(raw_entry, "prompt")``.

    ``read(question)`` reads one answer (default: :func:`read_answer`). The
    questions go to standard output, or to standard error when the output is
    redirected (``scorekeeper hand > log``), so they are always seen. Raises
    :class:`StateError` when the game is already finished, and
    ``typer.Exit(1)`` when the person leaves (Ctrl-C, Ctrl-D, or declining to
    save) — nothing is saved then.
    """
    state = loaded.state
    if state.ending.finished:
        who = " and ".join(state.ending.winners)
        raise StateError(f"The game is finished ({who} won): start a new session with `scorekeeper new`.")
    if read is None:
        read = read_answer
        try:  # line editing (arrow keys, history) for the answers
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover - not on every platform
            pass
    try:
        return _Dialog(t, loaded, read).run(), "prompt"
    except (KeyboardInterrupt, EOFError, Leave) as e:
        sys.stderr.write(("\n" if not isinstance(e, Leave) else "") + "Nothing saved.\n")
        raise typer.Exit(1) from None


def read_answer(question: str) -> str:
    """One answer: ``input`` (with line editing) when the output is a terminal,
    else the question on standard error and a line from standard input.
    Raises ``EOFError`` at the end of input (Ctrl-D)."""
    if sys.stdout.isatty():
        return input(question)
    sys.stderr.write(question)
    sys.stderr.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


class _Dialog:
    """One hand's questions and answers."""

    def __init__(self, t: "Terminal", loaded: "Loaded", read: Callable[[str], str]):
        from scorekeeper.cli import render

        self.t, self.loaded, self.read, self.render = t, loaded, read, render
        self.out = t.out if sys.stdout.isatty() else t.err  # where the dialog is seen
        self.setup = loaded.setup
        self.variant = loaded.setup.variant
        self.players = list(loaded.setup.players)
        self.number = loaded.state.hands + 1
        self.parts = parts_asked(self.variant)
        self.meld_rules = self.variant.meld_rules(self.setup.rules, self.number) if "melds" in self.parts else None
        self.answers: dict[str, dict] = {}
        self.knocker: str | None = None
        self.ending: dict = {}

    # -- the whole hand ---------------------------------------------------------
    def run(self) -> dict:
        self.intro()
        todo = list(self.players)
        while True:
            for name in todo:
                self.ask_player(name)
            self.ending = self.ask_ending()
            raw = self.entry()
            try:
                state, result = self.score(raw)
            except InputError as e:
                self.say(f"This hand cannot be recorded: {e.message}", "red")
                todo = self.ask_again(default=self.named_in(e.message))
                continue
            self.show(state, result)
            if self.confirm(f"Save hand {self.number}? [Y/n] "):
                return raw
            todo = self.ask_again(default=None)

    def entry(self) -> dict:
        raw: dict[str, Any] = {"players": {p: dict(self.answers[p]) for p in self.players}}
        if self.knocker:
            raw["knock"] = self.knocker
        raw.update(self.ending)
        return raw

    def score(self, raw: dict):
        """Score ``raw`` as the next hand without storing it (as ``sessions.preview_hand`` does)."""
        from scorekeeper.core.game import play
        from scorekeeper.app.sessions import entries_of

        return play(self.setup, entries_of(self.loaded.record), raw)

    # -- output -----------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        from rich.text import Text

        self.out.print(Text(text, style=style))

    def intro(self) -> None:
        from rich.text import Text

        from scorekeeper.app import report

        doc = report.standings_json(self.loaded)
        v = self.variant
        head = Text(f"Round {doc['round']}" if doc.get("round") else f"Hand {self.number}", style="bold")
        head.append(f" of {v.name}")
        if doc.get("title"):
            head.append(" — ")
            head.append(doc["title"])
        head.append(f" (session {doc['session']})")
        if doc.get("round"):  # Crazy Rummy: the round says which rank is wild
            head.append(f" — {report.wild_words(doc['wild'])}", style="bold")
        head.append(". ")
        dealer, leader = self.setup.dealer_of(self.number), self.setup.leader_of(self.number)
        head.append(dealer, style="bold")
        head.append(" dealt, ")
        head.append(leader, style="bold")
        head.append(" got the eighth card and led." if doc.get("round") else " led.")
        self.out.print(head)
        if "melds" in self.parts:
            self.say('For each player: the melds put down (a comma between melds; or the points on the table '
                     'as one number), the cards laid off, and the cards left in hand (or their points; '
                     '"out" if none are left). Enter skips melds and lay-offs; the whole part fits on one '
                     'line too, as in `scorekeeper hand`: 7H 8H 9H +10H -AS 4D.')
        else:
            self.say('For each player: the cards left in hand, or their points; "out" if none are left.')
        if v.knock_allowed:
            self.say('After the knocker\'s cards, add "knock" (for example: 3C AD knock).')
        self.say("Cards: 7H 10S QD AS (T for 10, JK for a joker). Ctrl-C leaves without saving.", "dim")

    def show(self, state, result) -> None:
        """The hand's scores (with the arithmetic) and the new totals, before saving."""
        from rich import box
        from rich.table import Table
        from rich.text import Text

        totals = state.totals
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("Player", overflow="fold")
        table.add_column("Hand", justify="right", overflow="fold")
        table.add_column("Total", justify="right", overflow="fold")
        table.add_column("How", overflow="fold")
        went = {p: "went out" for p, a in self.answers.items() if a.get("hand") == ""}
        went.update({self.knocker: "knocked"} if self.knocker else {})
        for name, ps in result.players.items():
            how = ps.arithmetic() if ps.lines else ""
            terms, _, total = how.rpartition(" = ")
            if terms == total:  # one term: "-5 = -5" says nothing more than "-5"
                how = total
            if name in went:
                how = f"{went[name]}: {how}" if how not in ("", "0") else went[name]
            if ps.note:
                how = f"{how} ({ps.note})" if how else ps.note
            table.add_row(Text(name), self.render.signed(ps.score), str(totals[name]),
                          self.render.cards(how, self.t))
        self.out.print()
        self.say(f"Hand {self.number} would score:", "bold")
        self.out.print(table)
        for note in result.notes:
            self.say(note, "dim")
        if state.ending.finished:
            winners = " and ".join(state.ending.winners)
            self.say(f"This hand ends the game: {winners} win{'' if len(state.ending.winners) > 1 else 's'}.",
                     "bold green")
            if state.ending.note:
                self.say(state.ending.note)
        elif state.ending.note:
            self.say(state.ending.note, "yellow")

    # -- questions ----------------------------------------------------------------
    def ask(self, question: str, answer: Callable[[str], Any]) -> Any:
        """Ask until ``answer(text)`` accepts the text; an :class:`InputError` is
        shown with its reason and the question asked again."""
        while True:
            text = self.read(question).strip()
            try:
                return answer(text)
            except InputError as e:
                self.say(f"  {e.message} Try again.", "red")

    def confirm(self, question: str) -> bool:
        while True:
            text = self.read(question).strip().lower()
            if text in YES:
                return True
            if text in NO:
                return False
            self.say('  Answer y (save) or n (do not save).', "red")

    def ask_player(self, name: str) -> None:
        from rich.text import Text

        self.out.print(Text(name, style="bold"))
        if self.knocker == name:
            self.knocker = None
        part: dict[str, Any] = {}
        if "melds" in self.parts:
            melds = self.ask("  melds: ", lambda text: self.read_melds(name, text))
            if isinstance(melds, dict):  # the whole part on one line: nothing more to ask
                self.answers[name] = melds
                return
            if isinstance(melds, int):
                part["table"] = melds
            elif melds:
                part["melds"] = melds
        if "layoffs" in self.parts and "table" not in part:
            layoffs = self.ask("  laid off: ", lambda text: self.read_layoffs(name, text))
            if layoffs:
                part["layoffs"] = layoffs
        hand, knocked = self.ask("  left in hand: ", lambda text: self.read_hand(name, text))
        part["hand"] = hand
        if knocked:
            self.knocker = name
        self.answers[name] = part

    def ask_ending(self) -> dict:
        """How the hand ended, where it cannot be told from the hands and the variant needs it."""
        hands = {p: a["hand"] for p, a in self.answers.items()}
        if self.knocker or any(h == "" for h in hands.values()):
            return {}  # a knock was given, or the player with no cards left went out
        if self.variant.knock_allowed:
            return self.ask('How did the round end? Who knocked (a name), "stock" (the stock ran out), '
                            'or "out NAME": ', self.read_ending)
        if any(isinstance(h, int) for h in hands.values()):
            return self.ask("Who went out? (a name; Enter: nobody, the stock ran out): ", self.read_went_out)
        return {}

    def ask_again(self, default: str | None) -> list[str]:
        """Whose part to type again: a name, "all", or (with no default) Enter to leave."""
        if default:
            question = f'Type whose part again? (a name or "all"; Enter: {default}) '
        else:
            question = 'Type whose part again? (a name or "all"; Enter: leave without saving) '

        def answer(text: str) -> list[str]:
            if not text:
                if default is None:
                    raise Leave()
                text = default
            if text.lower() in ("all", "everyone", "again"):
                return list(self.players)
            return [self.player(text)]

        return self.ask(question, answer)

    # -- reading answers -------------------------------------------------------------
    def player(self, text: str) -> str:
        """A session player named by ``text`` (exactly, or ignoring case)."""
        from scorekeeper.core.entry import did_you_mean

        if text in self.players:
            return text
        folded = [p for p in self.players if p.casefold() == text.casefold()]
        if len(folded) == 1:
            return folded[0]
        raise InputError(f'"{text}" is not a player of this session{did_you_mean(text, self.players)}; '
                         f"the players are {', '.join(self.players)}.")

    def named_in(self, message: str) -> str | None:
        """The player a refusal names first, if any."""
        found = []
        for p in sorted(self.players, key=len, reverse=True):
            for m in re.finditer(re.escape(p), message):
                after = message[m.end():m.end() + 1]
                before = message[m.start() - 1:m.start()] if m.start() else ""
                if not (after.isalnum() or before.isalnum()):
                    found.append((m.start(), p))
                    break
        return min(found)[1] if found else None

    def read_melds(self, name: str, text: str) -> list[str] | int | dict | None:
        """Melds typed as ``7H 8H 9H, QS QD QC`` (each checked now), or table points as a number.

        The player's whole part in the one-line form of ``hand`` is taken too
        (``7H 8H 9H +10H -AS 4D``): then the part itself is returned, checked.
        """
        if not text or text.lower() in ("none", "-"):
            return None
        if text.isdigit():
            return int(text)
        if text.lower() == "out":  # went out with nothing on the table
            return self.read_one_line(name, "-")
        if ONE_LINE.search(text):
            return self.read_one_line(name, text)
        return self.check_melds(name, [m.strip() for m in re.split(r"[,;]", text) if m.strip()])

    def read_one_line(self, name: str, text: str) -> dict:
        """A player's whole part as one ``hand`` argument (``NAME:`` left out), each piece checked."""
        from scorekeeper.core.oneline import parse_line_entries

        entry = parse_line_entries([f"{name}: {text}"], [name], self.variant.knock_allowed, self.variant.player_keys)
        part = entry["players"][name]
        if part.get("melds"):
            self.check_melds(name, part["melds"])
        if part.get("layoffs"):
            self.read_layoffs(name, part["layoffs"])
        if isinstance(part["hand"], str):
            self.read_hand(name, part["hand"] or "out")
        return part

    def check_melds(self, name: str, melds: list[str]) -> list[str]:
        """Each meld legal under this hand's meld rules, or :class:`InputError` saying why not."""
        from scorekeeper.core.cards import split_melds
        from scorekeeper.core.melds import IllegalMeld, read_meld

        for meld in melds:
            (cards,) = split_melds([meld], f"{name}'s melds")
            try:
                read_meld(cards, self.meld_rules)
            except IllegalMeld as e:
                raise InputError(e.message) from None
        return melds

    def read_layoffs(self, name: str, text: str) -> str | None:
        """Cards laid off (``10H 4C``, ``AS:low``); where they fit is checked with the whole hand."""
        from scorekeeper.core.cards import parse_played_cards

        text = _cards_text(text.lstrip("+"))
        if not text or text.lower() in ("none", "-"):
            return None
        parse_played_cards(text, f"{name}'s lay-offs")
        return text

    def read_hand(self, name: str, text: str) -> tuple[str | int, bool]:
        """Cards left in hand, their points, or "out"; in Carousel "knock" may follow.
        Returns ``(hand, knocked)``."""
        from scorekeeper.core.cards import parse_cards

        words = text.split()
        knocked = bool(words) and words[-1].lower() == "knock"
        if knocked:
            if not self.variant.knock_allowed:
                raise InputError(f"Knocking belongs to Carousel, not to {self.variant.name}.")
            text = " ".join(words[:-1])
            if self.knocker and self.knocker != name:
                raise InputError(f"{self.knocker} already knocked: a round has one knocker.")
        if not text:
            if knocked:
                raise InputError("Give the knocker's cards (or their points) before \"knock\".")
            raise InputError('Say what is left in hand: the cards, their points, or "out" if none are left.')
        if len(text) > 1 and text.startswith("-"):  # the one-line habit: "-AS 4D", "-12"
            text = text[1:].strip()
        if text.lower() in OUT_WORDS:
            if knocked:
                raise InputError(f"{name} cannot both go out and knock.")
            gone = [p for p, a in self.answers.items() if p != name and a.get("hand") == ""]
            if gone:
                raise InputError(f"{gone[0]} already went out: only one player goes out in a hand.")
            return "", False
        if text.isdigit():
            return int(text), knocked
        text = _cards_text(text)
        parse_cards(text, f"{name}'s hand")
        return text, knocked

    def read_ending(self, text: str) -> dict:
        """Carousel: a name (the knocker), ``stock``, or ``out NAME``."""
        if text.lower() in ("stock", "stock ran out", "stock_exhausted"):
            return {"stock_exhausted": True}
        word, _, rest = text.partition(" ")
        if word.lower() == "out" and rest.strip():
            return {"out": self.player(rest.strip())}
        if not text:
            raise InputError('Name who knocked, or type "stock" if the stock ran out.')
        return {"knock": self.player(text)}

    def read_went_out(self, text: str) -> dict:
        if not text or text.lower() in ("nobody", "none", "stock"):
            return {"stock_exhausted": True}
        return {"out": self.player(text)}


def _cards_text(text: str) -> str:
    """A card list as typed, forgiving commas between cards: ``"AS, 4D"`` → ``"AS 4D"``."""
    return " ".join(text.replace(",", " ").replace(";", " ").split())
