"""Indian Rummy (SPEC §2.9): the 13-card game played across India and its diaspora, at home
tables and in the online rooms that fixed its numbers — points games of a number of deals, pools
of 101, 201 and 61 with elimination, rejoins and splits, and deals games played for chips.

Written against :mod:`scorekeeper.api` only (a test holds it so), one module per part of the rule
book:

* :mod:`.options` — the ``game`` and the costs it sets;
* :mod:`.melds` — sequences (pure, impure), sets, the wild joker, the declaration;
* :mod:`.entry` — a deal as entered, read and typed;
* :mod:`.scoring` — a deal's points, the full count, drops and wrong shows, the end of the game, chips;
* :mod:`.deals` — who takes part (elimination), rejoins and splits;
* :mod:`.codec` — the one-line form and the questions at the table;
* :mod:`.screens` and :mod:`.templates` — its words on every screen;
* :mod:`.variant` — the :class:`~scorekeeper.api.Variant` that puts them together.
"""
from scorekeeper.core.variants.indian.variant import INDIAN as VARIANT

__all__ = ["VARIANT"]
