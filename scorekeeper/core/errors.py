"""One error hierarchy for the whole program; every error is data.

An error carries a stable ``code`` (what went wrong, such as ``card.not_a_card``)
and its ``facts``: the player, the hand number, the cards (card objects, not
text), the rule and the numbers. The sentence for people is made from them in
one place, :func:`scorekeeper.core.messages.sentence`; nothing else builds or
edits a message (SPEC §7: that is what lets another language say it).

Well-known facts: ``player`` (a name as the session spells it), ``hand`` (a
1-based hand number: the sentence then starts "Hand N: "), ``session`` (an id),
``cause`` (another :class:`ScorekeeperError` the sentence quotes). Every error
carries the exit code it should end the command with; anything that is not a
:class:`ScorekeeperError` is a bug and keeps its traceback.
"""
from __future__ import annotations

from enum import IntEnum
from typing import Any


class ExitCode(IntEnum):
    """Exit statuses of every command (SPEC §5)."""

    OK = 0
    #: the command could not be carried out (busy, damaged database, unwritable file);
    #: also `check`'s answer for a meld that is not legal
    FAILED = 1
    #: bad input, usage or state
    BAD_INPUT = 2


class ScorekeeperError(Exception):
    """Base of every error meant for people.

    ``code`` names the message (a key of the message templates); ``facts`` are
    the data the sentence is made from. ``str(error)`` and :attr:`message` give
    the English sentence.
    """

    exit_code: ExitCode = ExitCode.BAD_INPUT

    def __init__(self, code: str, /, **facts: Any):
        super().__init__(code)
        self.code = code
        self.facts = facts

    @property
    def message(self) -> str:
        """The sentence for people, made by :func:`scorekeeper.core.messages.sentence`."""
        from scorekeeper.core.messages import sentence

        return sentence(self)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.facts!r})"

    @property
    def player(self) -> str | None:
        """The player the error is about, if any."""
        return self.facts.get("player")

    @property
    def loc(self) -> tuple:
        """Where in the entry the error is, as a path of keys and 0-based indexes, as the entry
        is stored (``("players", "Ann", "melds", 1)``: Ann's second meld); ``()`` where it is not
        about one place."""
        return tuple(self.facts.get("loc") or ())

    @property
    def errors(self) -> list["ScorekeeperError"]:
        """The errors this one stands for: itself, or each of several found at once (:class:`Mistakes`)."""
        return [self]

    def as_json(self) -> dict:
        """The error as data for a script (``--json``): ``{"code", "facts", "loc", "message"}``, the
        facts as plain JSON values (cards in their canonical text, words in English) and the message
        the English sentence (SPEC §7: ``--json`` is the same in every language)."""
        from scorekeeper.core.messages import english, suits_as_letters

        cause = self.facts.get("cause")
        if self.code == "entry.about_player" and isinstance(cause, ScorekeeperError):
            # "Ann: <the card's refusal>": the refusal itself, at Ann's place in the entry
            player = self.facts.get("player")
            return cause.with_facts(player=player, loc=self.loc or ("players", player)).as_json()
        code = self.code.removesuffix(".short")  # said short among several mistakes: the same refusal
        error = self if code == self.code else type(self)(code, **self.facts)
        with english(), suits_as_letters(True):  # cards as JSON writes them: QH, never Q♥
            return {"code": code, "facts": _plain({k: v for k, v in self.facts.items() if k not in ("loc", "form")}),
                    "loc": list(self.loc), "message": error.message}

    @property
    def hand(self) -> int | None:
        """The hand number the error is about, if any."""
        return self.facts.get("hand")

    def with_facts(self, **facts: Any) -> "ScorekeeperError":
        """A copy of this error (same class and code) with ``facts`` added or replaced;
        ``None`` removes a fact. Used to say which hand or player an error is about."""
        merged = dict(self.facts)
        for key, value in facts.items():
            if value is None:
                merged.pop(key, None)
            else:
                merged[key] = value
        return type(self)(self.code, **merged)


    def given_as(self, form: str) -> "ScorekeeperError":
        """A copy of this error (and of the errors it quotes as ``cause``) with the fact
        ``form``: how the entry it is about was given ("line", "file" or "prompt"). The
        sentence then speaks that form's words (:func:`scorekeeper.core.messages.render`:
        ``big`` and ``up=QS`` on one line, ``"big_gin": true`` in a hand file)."""
        facts = {k: v.given_as(form) if isinstance(v, ScorekeeperError) else v for k, v in self.facts.items()}
        facts["form"] = form
        return type(self)(self.code, **facts)


class InputError(ScorekeeperError):
    """Bad input: a card, meld, lay-off, player, option or file that breaks a rule (exit 2).

    ``InputError(code, **facts)``: ``code`` a message template (a variant's own are prefixed
    with its id: ``knock.who_knocked``), ``facts`` what its sentence says (``player``, cards as
    :class:`~scorekeeper.core.cards.Card` objects, numbers, ``cause``: another error it quotes).
    ``error.message`` is the sentence; the command says it and stores nothing."""


class Mistakes(InputError):
    """Several mistakes found in one entry at once, each an error of its own with its location
    (:attr:`ScorekeeperError.loc`): at the table one retype per mistake is too many. Said as
    each sentence on a line of its own; under ``--json`` a list of errors. Made by
    :func:`at_once`; facts ``errors`` and ``count``."""

    def __init__(self, code: str = "errors.several", /, **facts: Any):
        super().__init__(code, **facts)

    @property
    def errors(self) -> list[ScorekeeperError]:
        return list(self.facts.get("errors") or ())

    def as_json(self) -> list:  # type: ignore[override]
        return [e.as_json() for e in self.errors]


def at_once(errors: list[ScorekeeperError]) -> ScorekeeperError | None:
    """The errors found in one entry as one to raise: None for none, the error itself for one,
    else :class:`Mistakes` (each of several, flattened)."""
    found = [one for e in errors for one in e.errors]
    if not found:
        return None
    if len(found) == 1:
        return found[0]
    found = [_card_said_of_player(e) for e in found]
    cards = [e for e in found if e.code in _NOT_A_CARD]
    if len(cards) < 2:
        return Mistakes(errors=found, count=len(found))
    # several cards that cannot be read: each said short, how a card is written said once
    short = [type(e)(e.code + ".short", **e.facts) if e.code in _NOT_A_CARD else e for e in found]
    return Mistakes("errors.several.cards", errors=short, count=len(short))


def _card_said_of_player(error: ScorekeeperError) -> ScorekeeperError:
    """A card that cannot be read, said of a player's part (``entry.about_player`` quoting it), as
    the card's own error at the player's place: among several mistakes the place names the player."""
    cause = error.facts.get("cause")
    if error.code == "entry.about_player" and isinstance(cause, ScorekeeperError) and cause.code in _NOT_A_CARD:
        return cause.with_facts(loc=error.loc or ("players", error.facts.get("player")))
    if error.code.endswith(".short") and error.code.removesuffix(".short") in _NOT_A_CARD:  # said among others before
        return type(error)(error.code.removesuffix(".short"), **error.facts)
    return error


#: the refusals of a card that cannot be read, said short among several mistakes
_NOT_A_CARD = frozenset({"card.not_a_card", "card.not_a_card_near"})


#: the refusals that stop reading an entry at once, never gathered with others: a part holding
#: more cards than the game has is refused before the rest of it is read (a bounded read)
STOP_READING = frozenset({"cards.more_than_game", "cards.more_than_game_of_player"})


class Collect:
    """Gathers the errors of the parts of an entry, so every mistake is said at once::

        mistakes = Collect()
        for name, part in parts:
            with mistakes.at("players", name):
                read(part)
        mistakes.raise_any()

    An :class:`InputError` raised in a ``with mistakes.at(*loc)`` block is kept, with ``loc``
    (what the block names, before any location it already had) among its facts; one of
    :data:`STOP_READING` goes on at once."""

    def __init__(self) -> None:
        self.found: list[ScorekeeperError] = []

    def at(self, *loc: Any) -> "_At":
        """A ``with`` block about the place ``loc`` of the entry (keys and 0-based indexes, as
        the entry is stored: ``at("players", "Ann", "melds", 1)``): an :class:`InputError`
        raised in it is kept, with ``loc`` among its facts, and the reading goes on after it."""
        return _At(self, tuple(loc))

    def raise_any(self) -> None:
        """Raise what was found (:func:`at_once`), if anything."""
        error = at_once(self.found)
        if error is not None:
            raise error


class _At:
    def __init__(self, collect: Collect, loc: tuple) -> None:
        self.collect, self.loc = collect, loc

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, error: Any, tb: Any) -> bool:
        if not isinstance(error, InputError) or error.code in STOP_READING:
            return False
        for one in error.errors:
            self.collect.found.append(one.with_facts(loc=self.loc + one.loc))
        return True


def _plain(value: Any, depth: int = 0) -> Any:
    """A fact as a plain JSON value: a card in its canonical text, an error as its data, a
    phrase or any other object as its (English) words; a value quoted from what was typed and
    nested deeper than a few levels, as a message quotes it (cut short)."""
    if isinstance(value, ScorekeeperError):
        return value.as_json()
    if depth > 4 and isinstance(value, (dict, list, tuple)):
        from scorekeeper.core.messages import quoted

        return quoted(value)
    if isinstance(value, dict):
        return {str(k): _plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v, depth + 1) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)  # a card's canonical text (10H, JK=7H), a phrase's English words


class StateError(ScorekeeperError):
    """The request does not fit the session's state: no session, nothing to undo,
    game already finished, a hand that does not exist, an event the rules do not allow at its
    place in the game (exit 2). Made as :class:`InputError` is: ``StateError(code, **facts)``."""


class VariantError(ScorekeeperError):
    """A variant that is declared (SPEC §8) but cannot be used: its module raises on import,
    its entry names no variant, or its id is another's (exit 1). Facts: ``name`` (the id),
    ``where`` (the entry or module), and ``kind``/``error`` (what was raised) where there is one."""

    exit_code = ExitCode.FAILED


class StoreError(ScorekeeperError):
    """The database cannot be used: busy, unreadable, damaged, unwritable (exit 1)."""

    exit_code = ExitCode.FAILED


def ctrl_c_lost() -> bool:
    """Whether a Ctrl-C was pressed where Python could not raise it (a callback of its import
    machinery): the console script notes it, :data:`scorekeeper.__main__.lost_interrupt`, read
    here without importing anything (the hook that notes it must not wait on an import). A
    command that changes the database then commits nothing, and whatever it ends with is said
    as the interruption: a module may have been left half made, and nothing after it believed."""
    import sys

    entry = sys.modules.get("scorekeeper.__main__")
    return bool(getattr(entry, "lost_interrupt", False))


def ctrl_c_inside(e: BaseException) -> bool:
    """Whether ``e`` was caused by a Ctrl-C: Python wraps a KeyboardInterrupt raised where it
    calls code of ours on its own (``__set_name__`` while a class is made: a RuntimeError whose
    cause it is), and such an error is the Ctrl-C, not a bug."""
    seen: set[int] = set()
    cause: BaseException | None = e
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False
