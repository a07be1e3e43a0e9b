"""Yes and no at a question, in every language (SPEC §7).

The English words (``y``, ``yes``, ``n``, ``no``) are always understood; the
spoken language adds its own words from the catalog: ``pgettext("answer", "yes")``
and ``pgettext("answer letter", "y")`` (так, т; да, д), their ``no`` twins
(ні, н; нет, н; не, н), and ``pgettext("answer words", "yes")`` / ``"no"``: more
words people type, separated by spaces (ru «не» beside «нет»).

**Beware:** on a Cyrillic keyboard layout the N key types «т», the first letter
of "так" (yes) in Ukrainian and Belarusian. So a question that takes back or
deletes something (``strict``) never takes a bare «т» for a yes: only ``y``,
``yes``, a whole local word or a local letter that is not «т» (ru «д»).
"""
from __future__ import annotations

from scorekeeper.core.messages import pgettext

#: the letter the N key types on a Cyrillic layout: never a yes where a yes takes something back
N_KEY = "т"


def _local(said: str, english: str) -> set[str]:
    """The words of ``said`` (a catalog's answer), none when it is the English itself."""
    if said == english:  # no catalog, or no word of its own
        return set()
    return {w for w in said.strip().lower().split() if w}


def yes_words(strict: bool = False) -> set[str]:
    """What says yes; ``strict`` leaves out a bare «т» (the N key on a Cyrillic layout)."""
    words = ({"y", "yes"} | _local(pgettext("answer", "yes"), "yes") | _local(pgettext("answer words", "yes"), "yes")
             | _local(pgettext("answer letter", "y"), "y"))
    if strict:
        words.discard(N_KEY)
    return words


def no_words() -> set[str]:
    """What says no (the local letter included: a no never changes anything)."""
    return ({"n", "no"} | _local(pgettext("answer", "no"), "no") | _local(pgettext("answer words", "no"), "no")
            | _local(pgettext("answer letter", "n"), "n"))


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
