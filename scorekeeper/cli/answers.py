"""Yes and no at a question, in every language (SPEC §7).

The English words (``y``, ``yes``, ``n``, ``no``) are always understood; the
spoken language adds its own (``так``/``ні``, ``да``/``нет``, ``так``/``не``) and
their first letters, from the catalog (``pgettext("answer", "yes")``,
``pgettext("answer letter", "y")``).

**Beware:** on a Cyrillic keyboard layout the N key types «т», the first letter
of "так" (yes) in Ukrainian and Belarusian. So a question that takes back or
deletes something (``strict``) never takes a bare local letter for a yes: only
``y``, ``yes`` or the whole local word.
"""
from __future__ import annotations

from scorekeeper.core.messages import pgettext


def _local(said: str, english: str) -> set[str]:
    said = said.strip().lower()
    return {said} if said and said != english else set()


def yes_words(strict: bool = False) -> set[str]:
    """What says yes; ``strict`` leaves out the local one-letter answer."""
    words = {"y", "yes"} | _local(pgettext("answer", "yes"), "yes")
    if not strict:
        words |= _local(pgettext("answer letter", "y"), "y")
    return words


def no_words() -> set[str]:
    """What says no (the local letter included: a no never changes anything)."""
    return {"n", "no"} | _local(pgettext("answer", "no"), "no") | _local(pgettext("answer letter", "n"), "n")


def read(text: str, default: bool | None, strict: bool = False) -> bool | None:
    """The answer ``text`` means yes (True), no (False), or neither (None). An empty
    answer is ``default``."""
    text = text.strip().lower()
    if not text:
        return default
    if text in yes_words(strict):
        return True
    if text in no_words():
        return False
    return None
