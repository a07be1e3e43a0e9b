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
    """Bad input: a card, meld, lay-off, player, option or file that breaks a rule (exit 2)."""


class StateError(ScorekeeperError):
    """The request does not fit the session's state: no session, nothing to undo,
    game already finished, a hand that does not exist (exit 2)."""


class VariantError(ScorekeeperError):
    """A variant that is declared (SPEC §8) but cannot be used: its module raises on import,
    its entry names no variant, or its id is another's (exit 1). Facts: ``name`` (the id),
    ``where`` (the entry or module), and ``kind``/``error`` (what was raised) where there is one."""

    exit_code = ExitCode.FAILED


class StoreError(ScorekeeperError):
    """The database cannot be used: busy, unreadable, damaged, unwritable (exit 1)."""

    exit_code = ExitCode.FAILED
