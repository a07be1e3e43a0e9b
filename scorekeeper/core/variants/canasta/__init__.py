"""Canasta (SPEC §2.10): the rummy game of the card clubs, and the first scored by sides — four
players in two partnerships, partners facing each other, or two or three each alone; two packs and
four jokers, jokers and 2s wild; melds of one rank, canastas of seven, red threes laid out; the
first side to 5,000.

Written against :mod:`scorekeeper.api` only (a test holds it so), one module per part of the rule
book:

* :mod:`.options` — the options (target, canastas to go out, the concealed bonus, the minimum first
  meld, ties);
* :mod:`.melds` — card values, wild cards, what makes a meld and a canasta;
* :mod:`.entry` — a hand as entered, read and checked (every validation of §2.10);
* :mod:`.scoring` — a side's score for a hand and the end of the game;
* :mod:`.oneline` and :mod:`.codec` — the one-line form and the questions at the table, side by side;
* :mod:`.screens` and :mod:`.templates` — its words on every screen;
* :mod:`.variant` — the :class:`~scorekeeper.api.Variant` that puts them together.
"""
from scorekeeper.core.variants.canasta.variant import CANASTA as VARIANT

__all__ = ["VARIANT"]
