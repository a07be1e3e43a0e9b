"""One error hierarchy for the whole program.

Every error carries the exit code it should end the command with and one
sentence for people (SPEC §5). The CLI turns them into messages in one place;
anything that is not a :class:`ScorekeeperError` is a bug and keeps its
traceback.
"""
from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """Exit statuses of every command (SPEC §5)."""

    OK = 0
    #: the command could not be carried out (busy, damaged database, unwritable file);
    #: also `check`'s answer for a meld that is not legal
    FAILED = 1
    #: bad input, usage or state
    BAD_INPUT = 2


class ScorekeeperError(Exception):
    """Base of every error meant for people: ``str(error)`` is the sentence to show."""

    exit_code: ExitCode = ExitCode.BAD_INPUT

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class InputError(ScorekeeperError):
    """Bad input: a card, meld, lay-off, player, option or file that breaks a rule (exit 2)."""


class StateError(ScorekeeperError):
    """The request does not fit the session's state: no session, nothing to undo,
    game already finished, a hand that does not exist (exit 2)."""


class StoreError(ScorekeeperError):
    """The database cannot be used: busy, unreadable, damaged, unwritable (exit 1)."""

    exit_code = ExitCode.FAILED
