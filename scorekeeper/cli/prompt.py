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

``edit N`` on a terminal asks the same questions about hand N, each answer
starting from the hand as recorded (:func:`old_answers`): on a terminal with line
editing the old answer is already typed on the line, so a correction is one key
edit and Enter keeps it; without line editing (the output redirected) the old
answer is shown after the question and Enter keeps it. A player asked again
after a refusal starts from what was just typed, the same way. Hands are called
by the variant's word for them (Carousel and Crazy Rummy play rounds).

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
from scorekeeper.core.messages import say
from scorekeeper.core.words import says
from scorekeeper.core.numbers import typed_number

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
    if "melds" in keys and ("table" in keys or variant.prompt_asks == "melds"):
        parts.append("melds")
        if "layoffs" in keys:
            parts.append("layoffs")
    parts.append("hand")
    return tuple(parts)


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
    from scorekeeper.core.variants import get_variant

    # a variant may ask for the cards each player shows, not for melds
    dialog = CardsDialog if get_variant(table["variant"]).prompt_asks == "cards" else _Dialog
    try:
        return dialog(t, application, table, session, read, old).run()
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


def old_answers(variant: "Variant", players: list[str], entry: Any) -> dict[tuple[str, str], str]:
    """The answers that give the stored hand ``entry`` again, as the dialog asks for
    them: ``{(player, part): text}`` with part ``melds``, ``layoffs``, ``hand`` (the
    knocker's ends with ``knock``) or, where the prompt asks for the cards shown, ``cards``
    (the player's part in the variant's one-line form, :meth:`Variant.entry_lines`); and
    ``("", "ending")`` (how the hand ended, where it is asked), ``("", KEY)`` for each of the
    deal's other facts the variant asks (``asks_also``)."""
    from scorekeeper.core.entry import find_player
    from scorekeeper.core.oneline import cards_text, spoken_word

    if not isinstance(entry, dict):
        return {}

    def named(name: Any) -> str | None:
        return find_player(name, players) if isinstance(name, str) else None

    knocker, out = named(entry.get("knock")), named(entry.get("out"))
    found: dict[tuple[str, str], str] = {}
    # the variant's own one-line form (Gin Rummy's cards): each player's part is one answer
    lines = variant.entry_lines(entry, players) if variant.prompt_asks == "cards" else {}
    gone = None
    for name, part in (entry.get("players") or {}).items():
        player = named(name)
        if player is None or not isinstance(part, dict):
            continue
        if variant.prompt_asks == "cards":
            found[(player, "cards")] = lines.get(player, "")
            continue
        if "table" in part:
            found[(player, "melds")] = str(part["table"])
        elif part.get("melds") == []:
            found[(player, "melds")] = "[]"
        elif part.get("melds"):
            melds = part["melds"]
            found[(player, "melds")] = ", ".join(
                cards_text(m) for m in (melds.replace(";", ",").split(",") if isinstance(melds, str) else melds)
                if cards_text(m))
        if part.get("layoffs"):
            found[(player, "layoffs")] = cards_text(part["layoffs"])
        hand = part.get("hand")
        if isinstance(hand, int) and not isinstance(hand, bool):
            found[(player, "hand")] = str(hand)
        elif hand is not None and not cards_text(hand):
            found[(player, "hand")] = spoken_word("out")
            gone = player
        elif hand is not None:
            found[(player, "hand")] = cards_text(hand)
        if knocker == player and (player, "hand") in found:
            found[(player, "hand")] += " " + spoken_word("knock")
    if variant.prompt_asks == "cards":  # who knocked is asked only where no answer says it
        if entry.get("stock_exhausted"):
            found[("", "ending")] = spoken_word("stock")
    elif entry.get("stock_exhausted"):
        found[("", "ending")] = spoken_word("stock") if variant.knock_allowed else ""
    elif out and out != gone:
        found[("", "ending")] = f"{spoken_word('out')} {out}" if variant.knock_allowed else out
    for key, _question, *read in (variant.asks_also(None, None) if variant.asks_also is not None else ()):
        if read and entry.get(key) is not None:  # an answer the variant reads itself (Gin Rummy's up-card)
            found[("", key)] = str(entry[key])
        elif not read and named(entry.get(key)):  # a player named (Contract Rummy's cut)
            found[("", key)] = named(entry[key]) or ""
    return found


class _Dialog:
    """One hand's questions and answers."""

    def __init__(self, t: "Terminal", application: "Application", table: dict, session: str | None,
                 read: Callable[..., str], old: Any = None):
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
        #: the variant's word for a deal ("hand", or "round": Carousel, Crazy Rummy)
        self.word = table.get("deal_word", self.variant.deal_word)
        #: editing: the stored entry of the hand entered again (None: a new hand)
        self.old = old
        #: the answer each question starts from: what was typed in this dialog, else the old entry's
        self.typed: dict[tuple[str, str], str] = {}
        self.recorded = old_answers(self.variant, self.players, old) if old is not None else {}

    # -- the whole hand ---------------------------------------------------------
    def run(self) -> dict:
        self.intro()
        todo = list(self.players)
        while True:
            for name in todo:
                self.ask_player(name)
            self.ending = self.ask_ending()
            self.ending.update(self.ask_also())
            raw = self.entry()
            try:
                doc = self.preview(raw)
            except InputError as e:
                self.draw.refused(self.out, e.message, self.wrapped)
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
        self.draw.intro(self.t, self.out, self.table, "melds" in self.parts, self.variant.knock_allowed,
                        editing=self.old is not None, table_points="table" in self.variant.player_keys,
                        lines=self.variant.screens.intro_lines(self.table["rules"]))

    def preview(self, raw: dict) -> dict:
        """The hand scored, not stored: as the next hand, or as the hand being edited."""
        if self.old is not None:
            return self.application.preview_edit(self.number, raw, "prompt", self.session)
        return self.application.preview_hand(raw, "prompt", self.session)

    def save_question(self) -> str:
        if self.word == "round":
            return say("cli.prompt.save_round_number_y", number=self.number)
        if self.word == "deal":
            return say("cli.prompt.save_deal_number_y", number=self.number)
        return say("cli.prompt.save_hand_number_y", number=self.number)

    def entry(self) -> dict:
        raw: dict[str, Any] = {"players": {p: dict(self.answers[p]) for p in self.players}}
        if self.knocker:
            raw["knock"] = self.knocker
        raw.update(self.ending)
        return raw

    def how_ended(self) -> dict[str, str]:
        went = {p: say("cli.prompt.went_out") for p, a in self.answers.items() if a.get("hand") == ""}
        went.update({self.knocker: say("cli.prompt.knocked")} if self.knocker else {})
        return went

    def wrapped(self, text: str) -> str:
        """An error wrapped between words to the width of the terminal the dialog is seen on."""
        from scorekeeper.cli.boundary import for_the_terminal

        return for_the_terminal(text, bool(getattr(self.out, "is_terminal", False)))

    def say(self, text: str, style: str = "") -> None:
        self.draw.line(self.out, text, style)

    # -- questions ----------------------------------------------------------------
    def ask(self, question: str, answer: Callable[[str], Any], key: tuple[str, str] | None = None) -> Any:
        """Ask until ``answer(text)`` accepts the text; an :class:`InputError` is
        shown with its reason and the question asked again. ``key`` (``(player,
        part)``) names the answer: it starts from the one typed before in this
        dialog, else from the hand being edited, and the accepted text is kept."""
        prefill = self.prefill(key)
        while True:
            text = (self.read(question, prefill) if prefill else self.read(question)).strip()
            try:
                value = answer(text)
            except InputError as e:
                self.draw.try_again(self.out, e.message, self.wrapped)
                continue
            if key is not None:
                self.typed[key] = text
            return value

    def prefill(self, key: tuple[str, str] | None) -> str:
        if key is None:
            return ""
        return self.typed[key] if key in self.typed else self.recorded.get(key, "")

    def confirm(self, question: str) -> bool:
        while True:
            said = answers.read(self.read(question), default=True)
            if said is not None:
                return said
            self.say("  " + say("cli.prompt.answer_y_save_or"), "red")

    def ask_player(self, name: str) -> None:
        self.say(name, "bold")
        if self.knocker == name:
            self.knocker = None
        part: dict[str, Any] = {}
        if "melds" in self.parts:
            melds = self.ask("  " + say("cli.prompt.melds") + " ",
                             lambda text: self.read_melds(name, self.own(name, text)),
                             (name, "melds"))
            if isinstance(melds, dict):  # the whole part on one line: nothing more to ask
                self.answers[name] = melds
                return
            if isinstance(melds, int):
                part["table"] = melds
            elif isinstance(melds, list):
                part["melds"] = melds
        # nothing to lay off after table points, or for a player who did not go down ([])
        if "layoffs" in self.parts and "table" not in part and part.get("melds") != []:
            layoffs = self.ask("  " + say("cli.prompt.laid_off") + " ",
                               lambda text: self.read_layoffs(name, self.own(name, text)),
                               (name, "layoffs"))
            if layoffs:
                part["layoffs"] = layoffs
        hand, knocked = self.ask("  " + say("cli.prompt.left_in_hand") + " ",
                                 lambda text: self.read_hand(name, self.own(name, text)),
                                 (name, "hand"))
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
            return self.ask(say("cli.prompt.how_did_round_end"), self.read_ending, ("", "ending"))
        if self.variant.ending_required or any(isinstance(h, int) for h in hands.values()):
            return self.ask(say("cli.prompt.who_went_out_name"), self.read_went_out,
                            ("", "ending"))
        return {}

    def ask_also(self) -> dict:
        """The deal's other facts the variant asks for (Contract Rummy: who cut the pack exactly;
        Gin Rummy under Oklahoma: the up-card), once the players' parts and the ending are in."""
        found: dict[str, Any] = {}
        if self.variant.asks_also is None:
            return found
        for key, question, *read in self.variant.asks_also(self.typed_rules(), self.entry()):
            def answer(text: str, key: str = key, read: list = read) -> dict:
                if read:  # the variant reads the answer itself
                    value = read[0](text)
                    return {} if value is None else {key: value}
                if not text or text == "-" or says(text, "nobody"):
                    return {}
                return {key: self.player(text, ("nobody",))}

            words = str(question)
            found.update(self.ask(words if words.endswith(" ") else words + " ", answer, ("", key)))
        return found

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

        def answer(text: str) -> list[str]:
            if not text:
                if default is None and not refused:
                    raise Leave()
                text = default or "all"
            if says(text, "all"):  # all, усіх, все, усе
                return list(self.players)
            return [self.player(text)]

        return self.ask(question, answer)

    # -- reading answers -------------------------------------------------------------
    def player(self, text: str, words: tuple[str, ...] = ()) -> str:
        """A session player named by ``text`` (exactly, or ignoring case). Else an
        :class:`InputError` with the near miss (``near``) among the players and
        ``words``, the other answers the question takes (``stock``)."""
        from scorekeeper.core.entry import closest, find_player

        found = find_player(text, self.players)
        if found is not None:
            return found
        near = closest(text, list(self.players) + list(words))
        if near is None:
            raise InputError("cli.prompt.not_a_player", text=text, hint="", players=list(self.players))
        raise InputError("cli.prompt.not_a_player_near", text=text, near=near, players=list(self.players))

    def own(self, name: str, text: str) -> str:
        """An answer to a question about ``name``'s cards without a leading ``NAME:`` (the one-line
        habit): ``name``'s own is left out; another player's raises :class:`InputError`
        ``cli.prompt.other_players_part`` (this answer is ``name``'s cards only)."""
        from scorekeeper.core.entry import find_player

        said, colon, rest = text.partition(":")
        whose = find_player(said.strip(), self.players) if colon and said.strip() else None
        if whose is None:
            return text
        if whose != name:
            raise InputError("cli.prompt.other_players_part", player=name, other=whose)
        return rest.strip()

    def read_melds(self, name: str, text: str) -> list[str] | int | dict | None:
        """Melds typed as ``7H 8H 9H, QS QD QC`` (each checked now), or table points as a number.

        The player's whole part in the one-line form of ``hand`` is taken too
        (``7H 8H 9H +10H -AS 4D``): then the part itself is returned, checked.
        """
        if not text or text.lower() in ("none", "-"):
            return None
        if text == "[]":  # did not go down ("melds": [], Contract Rummy's I-C11)
            return []
        if (points := typed_number(text)) is not None:
            if "table" not in self.variant.player_keys:  # melds score nothing (Contract Rummy): no table points
                raise InputError("cli.prompt.melds_not_points", player=name, points=points,
                                 variant=self.variant.said_name)
            return points
        if says(text, "out"):  # went out with nothing on the table (вийшов, вышел …)
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
            if self.variant.judge_meld is not None:  # the variant's own meld law (Contract Rummy)
                self.variant.judge_meld(cards, self.typed_rules())
            else:
                read_meld(cards, self.meld_rules)  # an IllegalMeld is an InputError: asked again
        return melds

    def typed_rules(self) -> Any:
        """The session's options, typed as its variant reads them."""
        from scorekeeper.core.rules import resolve_rules

        return resolve_rules(self.variant, self.table["rules"], len(self.players))

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
        knocked = bool(words) and says(words[-1], "knock")  # knock, стук, постукала …
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
        if text.lower() in OUT_WORDS or says(text, "out"):
            if knocked:
                raise InputError("cli.prompt.out_and_knock", player=name)
            gone = [p for p, a in self.answers.items() if p != name and a.get("hand") == ""]
            if gone:
                raise InputError("cli.prompt.second_out", gone=gone[0], player=name)
            return "", False
        if (points := typed_number(text)) is not None:
            return points, knocked
        text = _cards_text(text)
        parse_cards(text, "hand", player=name)
        return text, knocked

    def read_ending(self, text: str) -> dict:
        """Carousel: a name (the knocker), ``stock``, or ``out NAME`` (the local words too)."""
        if text.lower() in ("stock ran out",) or says(text, "stock"):
            return {"stock_exhausted": True}
        word, _sep, rest = text.partition(" ")
        if says(word, "out") and rest.strip():
            return {"out": self.player(rest.strip())}
        if not text:
            raise InputError("cli.prompt.no_ending")
        return {"knock": self.player(text, ("stock",))}

    def read_went_out(self, text: str) -> dict:
        if not text or says(text, "nobody") or says(text, "stock"):
            return {"stock_exhausted": True}
        return {"out": self.player(text, ("nobody", "stock"))}


def _cards_text(text: str) -> str:
    """A card list as typed, forgiving commas between cards: ``"AS, 4D"`` → ``"AS 4D"``."""
    return " ".join(text.replace(",", " ").replace(";", " ").split())


# -- the cards each player shows ---------------------------------------------------------
# A variant whose prompt asks for the cards (``prompt_asks == "cards"``: Gin Rummy) asks each
# player one question (its ``cards_question``) and reads the answer with its own one-line form
# (:meth:`~scorekeeper.core.rules.Variant.line_entry` of ``"NAME: TEXT"``), so what is typed
# here means what it means on the command line; its ``check_answer`` checks the answer at once
# and completes it with what it says of the hand (the knocker's marks). Then who knocked, where
# no answer said it (or ``stock``), and the deal's other facts the variant asks for
# (``asks_also``: Gin Rummy's up-card under Oklahoma). The whole hand is then checked and scored
# by the application before anything is saved, as for every variant.

class CardsDialog(_Dialog):
    """The questions of one hand of a variant whose prompt asks for the cards each player shows."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: what each player's answer says of the whole hand (who knocked, the knocker's marks)
        self.said: dict[str, dict] = {}

    def entry(self) -> dict:
        raw: dict[str, Any] = {"players": {p: dict(self.answers[p]) for p in self.players}}
        for p in self.players:
            raw.update(self.said.get(p, {}))
        raw.update(self.ending)
        return raw

    def how_ended(self) -> dict[str, str]:
        return {self.knocker: say("cli.prompt.knocked")} if self.knocker else {}

    def ask_player(self, name: str) -> None:
        self.say(name, "bold")
        if self.knocker == name:
            self.knocker = None
        self.said.pop(name, None)
        question = say(self.variant.cards_question or "cli.prompt.cards")
        self.answers[name] = self.ask(question, lambda text: self.read_cards(name, text), (name, "cards"))

    def checked(self, entry: dict, name: str) -> dict:
        """``entry`` (what ``name``'s answer gives) as the variant checks and completes it; a
        refusal speaks of the words typed in the answer (its one-line form: ``big``), not of a
        hand file's keys."""
        if self.variant.check_answer is None:
            return entry
        try:
            return self.variant.check_answer(entry, name)
        except InputError as e:
            raise (e if "form" in e.facts else e.given_as("line")) from None

    def read_cards(self, name: str, text: str) -> dict:
        """One player's answer, read as the one-line form reads ``NAME: TEXT`` and checked at once."""
        entry = self.checked(self.variant.line_entry([f"{name}: {text}"], [name]), name)
        if entry.get("knock") == name and self.knocker and self.knocker != name:
            raise InputError("cli.prompt.second_knocker", knocker=self.knocker, player=name)
        self.said[name] = {key: value for key, value in entry.items() if key != "players"}
        if entry.get("knock") == name:
            self.knocker = name
        return entry["players"][name]

    def ask_ending(self) -> dict:
        """Who knocked (or ``stock``), unless an answer said so."""
        if self.knocker:
            return {}
        return self.ask(say("cli.prompt.cards.who_knocked"), self.read_ending, ("", "ending"))

    def read_ending(self, text: str) -> dict:
        if text.lower() in ("void", "stock ran out") or says(text, "stock") or says(text, "nobody"):
            return {"stock_exhausted": True}  # "ніхто" (nobody knocked) says the same
        if not text:
            raise InputError("cli.prompt.no_ending")
        knocker = self.player(text, ("stock",))
        entry = self.checked({"players": {knocker: self.answers.get(knocker, {})}, "knock": knocker}, knocker)
        self.knocker = knocker
        self.said[knocker] = {key: value for key, value in entry.items() if key != "players"}
        return {}
