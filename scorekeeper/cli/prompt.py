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
refused the reason is shown and the player it is about is asked again (or
anyone, or everyone). The hand's scores are shown before anything is saved,
and saving needs a yes. Ctrl-C or Ctrl-D at any question saves nothing and
ends the command with exit status 1.

:func:`ask_hand` returns the raw entry; the command stores it (form ``"prompt"``)
through the application, as it stores any hand. Whom to ask again after a
refusal comes from the refusal's ``player`` fact, never from its sentence.
"""
from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any, Callable

import typer

from scorekeeper.cli import answers
from scorekeeper.core.errors import InputError, StateError
from scorekeeper.core.messages import _

if TYPE_CHECKING:
    from scorekeeper.app import Application
    from scorekeeper.cli.terminal import Terminal
    from scorekeeper.core.rules import Variant

#: a "+" (lay-offs) or a "-" word (the hand): the one-line form of a player's part
ONE_LINE = re.compile(r"\+|(?:^|\s)-")
#: words that mean "no cards left in hand" (the player went out)
OUT_WORDS = ("out", "-", "went out")


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


def ask_hand(t: "Terminal", application: "Application", table: dict, session: str | None = None,
             read: Callable[[str], str] | None = None) -> dict:
    """Ask for the next hand of the session player by player; return the raw entry.

    ``table`` is ``application.table(session)`` (the session as the questions need
    it); each whole hand is scored with ``application.preview_hand`` before it is
    offered for saving. ``read(question)`` reads one answer (default:
    :func:`read_answer`). The questions go to standard output, or to standard
    error when the output is redirected (``scorekeeper hand > log``), so they are
    always seen. Raises :class:`StateError` when the game is already finished,
    and ``typer.Exit(1)`` when the person leaves (Ctrl-C, Ctrl-D, or declining to
    save) — nothing is saved then.
    """
    if table["finished"]:
        raise StateError("cli.prompt.finished", winners=list(table["winners"]))
    if read is None:
        read = read_answer
        try:  # line editing (arrow keys, history) for the answers
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover - not on every platform
            pass
    dialog = _Dialog
    if table["variant"] == "gin":  # Gin Rummy asks for the cards each player shows, not for melds
        dialog = GinDialog
    try:
        return dialog(t, application, table, session, read).run()
    except (KeyboardInterrupt, EOFError, Leave) as e:
        sys.stderr.write(("\n" if not isinstance(e, Leave) else "") + _("Nothing saved.") + "\n")
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

    def __init__(self, t: "Terminal", application: "Application", table: dict, session: str | None,
                 read: Callable[[str], str]):
        from scorekeeper.cli.render import prompt as draw
        from scorekeeper.core.variants import get_variant

        self.t, self.application, self.table, self.read, self.draw = t, application, table, read, draw
        self.session = table["session"] if session is None else session
        self.out = t.out if sys.stdout.isatty() else t.err  # where the dialog is seen
        self.variant = get_variant(table["variant"])
        self.players = list(table["seats"])
        self.number = table["number"]
        self.parts = parts_asked(self.variant)
        self.meld_rules = self.variant.meld_rules(table["rules"], self.number) if "melds" in self.parts else None
        self.answers: dict[str, dict] = {}
        self.knocker: str | None = None
        self.ending: dict = {}

    # -- the whole hand ---------------------------------------------------------
    def run(self) -> dict:
        self.draw.intro(self.t, self.out, self.table, "melds" in self.parts, self.variant.knock_allowed)
        todo = list(self.players)
        while True:
            for name in todo:
                self.ask_player(name)
            self.ending = self.ask_ending()
            raw = self.entry()
            try:
                doc = self.application.preview_hand(raw, "prompt", self.session)
            except InputError as e:
                self.draw.refused(self.out, e.message)
                # the player the refusal is about is typed again; with none, anyone or everyone
                todo = self.ask_again(default=e.player if e.player in self.players else None, refused=True)
                continue
            self.draw.preview(self.t, self.out, doc, self.how_ended())
            if self.confirm(_("Save hand {number}? [Y/n] ").format(number=self.number)):
                return raw
            todo = self.ask_again(default=None)

    def entry(self) -> dict:
        raw: dict[str, Any] = {"players": {p: dict(self.answers[p]) for p in self.players}}
        if self.knocker:
            raw["knock"] = self.knocker
        raw.update(self.ending)
        return raw

    def how_ended(self) -> dict[str, str]:
        went = {p: _("went out") for p, a in self.answers.items() if a.get("hand") == ""}
        went.update({self.knocker: _("knocked")} if self.knocker else {})
        return went

    def say(self, text: str, style: str = "") -> None:
        self.draw.say(self.out, text, style)

    # -- questions ----------------------------------------------------------------
    def ask(self, question: str, answer: Callable[[str], Any]) -> Any:
        """Ask until ``answer(text)`` accepts the text; an :class:`InputError` is
        shown with its reason and the question asked again."""
        while True:
            text = self.read(question).strip()
            try:
                return answer(text)
            except InputError as e:
                self.draw.try_again(self.out, e.message)

    def confirm(self, question: str) -> bool:
        while True:
            said = answers.read(self.read(question), default=True)
            if said is not None:
                return said
            self.say("  " + _("Answer y (save) or n (do not save)."), "red")

    def ask_player(self, name: str) -> None:
        self.say(name, "bold")
        if self.knocker == name:
            self.knocker = None
        part: dict[str, Any] = {}
        if "melds" in self.parts:
            melds = self.ask("  " + _("melds:") + " ", lambda text: self.read_melds(name, text))
            if isinstance(melds, dict):  # the whole part on one line: nothing more to ask
                self.answers[name] = melds
                return
            if isinstance(melds, int):
                part["table"] = melds
            elif melds:
                part["melds"] = melds
        if "layoffs" in self.parts and "table" not in part:
            layoffs = self.ask("  " + _("laid off:") + " ", lambda text: self.read_layoffs(name, text))
            if layoffs:
                part["layoffs"] = layoffs
        hand, knocked = self.ask("  " + _("left in hand:") + " ", lambda text: self.read_hand(name, text))
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
            return self.ask(_('How did the round end? Who knocked (a name), "stock" (the stock ran out), '
                              'or "out NAME": '), self.read_ending)
        if any(isinstance(h, int) for h in hands.values()):
            return self.ask(_("Who went out? (a name; Enter: nobody, the stock ran out): "), self.read_went_out)
        return {}

    def ask_again(self, default: str | None, refused: bool = False) -> list[str]:
        """Whose part to type again: a name or "all". Enter takes ``default`` (the
        player a refusal is about); after a refusal about no one player, everyone;
        after declining to save, Enter leaves."""
        if default:
            question = _('Type whose part again? (a name or "all"; Enter: {player}) ').format(player=default)
        elif refused:
            question = _('Type whose part again? (a name or "all"; Enter: all) ')
        else:
            question = _('Type whose part again? (a name or "all"; Enter: leave without saving) ')

        def answer(text: str) -> list[str]:
            if not text:
                if default is None and not refused:
                    raise Leave()
                text = default or "all"
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
        raise InputError("cli.prompt.not_a_player", text=text, hint=did_you_mean(text, self.players),
                         players=list(self.players))

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
        from scorekeeper.core.melds import read_meld

        for meld in melds:
            (cards,) = split_melds([meld], "melds", player=name)
            read_meld(cards, self.meld_rules)  # an IllegalMeld is an InputError: asked again
        return melds

    def read_layoffs(self, name: str, text: str) -> str | None:
        """Cards laid off (``10H 4C``, ``AS:low``); where they fit is checked with the whole hand."""
        from scorekeeper.core.cards import parse_played_cards

        text = _cards_text(text.lstrip("+"))
        if not text or text.lower() in ("none", "-"):
            return None
        parse_played_cards(text, "layoffs", player=name)
        return text

    def read_hand(self, name: str, text: str) -> tuple[str | int, bool]:
        """Cards left in hand, their points, or "out"; in Carousel "knock" may follow.
        Returns ``(hand, knocked)``."""
        from scorekeeper.core.cards import parse_cards

        words = text.split()
        knocked = bool(words) and words[-1].lower() == "knock"
        if knocked:
            if not self.variant.knock_allowed:
                raise InputError("cli.prompt.knock_not_allowed", variant=self.variant.said_name)
            text = " ".join(words[:-1])
            if self.knocker and self.knocker != name:
                raise InputError("cli.prompt.second_knocker", knocker=self.knocker, player=name)
        if not text:
            if knocked:
                raise InputError("cli.prompt.knock_without_cards", player=name)
            raise InputError("cli.prompt.nothing_in_hand", player=name)
        if len(text) > 1 and text.startswith("-"):  # the one-line habit: "-AS 4D", "-12"
            text = text[1:].strip()
        if text.lower() in OUT_WORDS:
            if knocked:
                raise InputError("cli.prompt.out_and_knock", player=name)
            gone = [p for p, a in self.answers.items() if p != name and a.get("hand") == ""]
            if gone:
                raise InputError("cli.prompt.second_out", gone=gone[0], player=name)
            return "", False
        if text.isdigit():
            return int(text), knocked
        text = _cards_text(text)
        parse_cards(text, "hand", player=name)
        return text, knocked

    def read_ending(self, text: str) -> dict:
        """Carousel: a name (the knocker), ``stock``, or ``out NAME``."""
        if text.lower() in ("stock", "stock ran out", "stock_exhausted"):
            return {"stock_exhausted": True}
        word, _sep, rest = text.partition(" ")
        if word.lower() == "out" and rest.strip():
            return {"out": self.player(rest.strip())}
        if not text:
            raise InputError("cli.prompt.no_ending")
        return {"knock": self.player(text)}

    def read_went_out(self, text: str) -> dict:
        if not text or text.lower() in ("nobody", "none", "stock"):
            return {"stock_exhausted": True}
        return {"out": self.player(text)}


def _cards_text(text: str) -> str:
    """A card list as typed, forgiving commas between cards: ``"AS, 4D"`` → ``"AS 4D"``."""
    return " ".join(text.replace(",", " ").replace(";", " ").split())


# -- Gin Rummy ---------------------------------------------------------------------
# Entering a Gin Rummy hand at the table (SPEC §2.7, §4.1): the cards, not the melds.
# 
# Each player is asked for the cards they show — ten, eleven for big gin — in
# any order; scorekeeper arranges them itself. An answer may also be the
# deadwood as points (``19``) or, for those who want to, the arranged form of
# the one-line entry (``7H 8H 9H, QS QD QC -5D``). Then who knocked (a name; the
# word ``knock`` after the cards says it already) or ``stock`` for a void hand,
# and under Oklahoma the up-card. Each answer is read with gin's own one-line
# reader (:func:`scorekeeper.core.gin.parse_line`), so what is typed here means
# what it means on the command line; the whole hand is then checked and scored
# by the application before anything is saved, as for every variant.

class GinDialog(_Dialog):
    """The questions of one gin hand."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.big_gin = False
        self.oklahoma = bool(self.table["rules"].get("oklahoma"))

    def run(self) -> dict:
        from scorekeeper.cli.render import gin as gin_draw

        gin_draw.intro(self.out, self.table, self.oklahoma)
        todo = list(self.players)
        while True:
            for name in todo:
                self.ask_player(name)
            self.ending = self.ask_ending()
            raw = self.entry()
            try:
                doc = self.application.preview_hand(raw, "prompt", self.session)
            except InputError as e:
                self.draw.refused(self.out, e.message)
                todo = self.ask_again(default=e.player if e.player in self.players else None, refused=True)
                continue
            self.draw.preview(self.t, self.out, doc, self.how_ended())
            if self.confirm(_("Save hand {number}? [Y/n] ").format(number=self.number)):
                return raw
            todo = self.ask_again(default=None)

    def entry(self) -> dict:
        raw: dict[str, Any] = {"players": {p: dict(self.answers[p]) for p in self.players}}
        if self.knocker:
            raw["knock"] = self.knocker
            if self.big_gin:
                raw["big_gin"] = True
        raw.update(self.ending)
        return raw

    def how_ended(self) -> dict[str, str]:
        return {self.knocker: _("knocked")} if self.knocker else {}

    def ask_player(self, name: str) -> None:
        self.say(name, "bold")
        if self.knocker == name:
            self.knocker, self.big_gin = None, False
        self.answers[name] = self.ask(_("  cards (10; 11 for big gin): "), lambda text: self.read_cards(name, text))

    def read_cards(self, name: str, text: str) -> dict:
        """One player's answer, read as the one-line form reads ``NAME: TEXT``; cards
        counted at once (10, or 11 for the knocker's big gin)."""
        from scorekeeper.core.cards import parse_cards
        from scorekeeper.core.gin import parse_line

        if not text:
            raise InputError("gin.nothing_given", player=name)
        entry = parse_line([f"{name}: {text}"], [name])
        part = entry["players"][name]
        if "cards" in part:
            count = len(parse_cards(part["cards"], f"{name}'s cards"))
            if count not in (10, 11):
                raise InputError("gin.card_count", player=name, count=count, expected=10)
            if count == 11 and entry.get("knock") == name:
                entry["big_gin"] = True
        if entry.get("knock") == name:
            if self.knocker and self.knocker != name:
                raise InputError("cli.prompt.second_knocker", knocker=self.knocker, player=name)
            self.knocker, self.big_gin = name, bool(entry.get("big_gin"))
        if entry.get("stock_exhausted"):
            self.ending = {"stock_exhausted": True}
        return part

    def ask_ending(self) -> dict:
        """Who knocked (or ``stock``), unless an answer said so; under Oklahoma, the up-card."""
        ending: dict[str, Any] = {}
        if not self.knocker:
            ending = self.ask(_('Who knocked? (a name; "stock" if the stock ran out): '), self.read_ending)
        if self.oklahoma and not ending.get("stock_exhausted"):
            ending["upcard"] = self.ask(_("The up-card (it sets the knock limit): "), self.read_upcard)
        return ending

    def read_ending(self, text: str) -> dict:
        if text.lower() in ("stock", "void", "stock ran out", "stock_exhausted"):
            return {"stock_exhausted": True}
        if not text:
            raise InputError("cli.prompt.no_ending")
        self.knocker = self.player(text)
        part = self.answers.get(self.knocker, {})
        if "cards" in part:
            from scorekeeper.core.cards import parse_cards

            self.big_gin = len(parse_cards(part["cards"], f"{self.knocker}'s cards")) == 11
        return {}

    def read_upcard(self, text: str) -> str:
        from scorekeeper.core.cards import parse_card

        try:
            parse_card(text)
        except InputError as e:
            raise InputError("gin.upcard_unreadable", cause=e) from None
        return text
