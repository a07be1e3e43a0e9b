"""Files a person gives scorekeeper (a hand file, an export to import), read with bounds.

The command line reads them through here (it never imports the storage layer itself):
:func:`read_file` reads a named file — never a FIFO, a socket or a device, which are
refused before a byte is read and never waited on — and :func:`read_standard_input`
standard input, each at most ``limit`` bytes; :func:`too_deep` tells a text nested deeper
than any hand or export before it is parsed. Refusals are
:class:`~scorekeeper.storage.files.InputTrouble` (``kind``: ``missing``, ``directory``,
``special``, ``too_big``, ``unreadable``), which the caller says in its own sentence.
"""
from __future__ import annotations

from scorekeeper.core.syntax import MAX_DEPTH, too_deep
from scorekeeper.storage.files import InputTrouble, read_input as read_file, read_stream as read_standard_input

__all__ = ["MAX_DEPTH", "InputTrouble", "read_file", "read_standard_input", "too_deep"]
