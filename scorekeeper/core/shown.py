"""Text as a screen may show it: a control character written as its escape (``\\u001b``).

A name, a title or anything read from a file may hold a control character — an escape
sequence that would clear the screen, recolour it or move the cursor. Every screen
shows such a character as its escape, never sends it (SPEC §6: user text is never
interpreted). Pure: the command line's terminal, its drawings and its one error
boundary all use :func:`escaped`.
"""
from __future__ import annotations

import re

#: a control character: C0 but the line break, DEL, C1
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def escaped(text: str) -> str:
    """``text`` with each control character written as its escape (``\\u001b``): what a terminal
    would act on is shown, never done. A line break is kept (a sentence may span lines)."""
    return CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
