"""The base of a variant's collaborators: each is bound to the variant it serves."""
from __future__ import annotations

import copy
from typing import Any

#: the variant a collaborator serves (:class:`scorekeeper.core.rulebook.Variant`), named only in words
#: here: the variant imports its collaborators
Variant = Any



class Part:
    """A collaborator of a :class:`~scorekeeper.core.rulebook.Variant` (its codec, table, deals,
    melds, scoring, screens, tally or texts): a small class whose methods hold the shared
    behaviour, overridden where a rule book differs. When the variant is made it takes a copy of
    each collaborator bound to itself, so a method reads the variant's facts as
    ``self.variant`` (its card values, endings, options) and one collaborator object may be
    given to several variants."""

    #: the variant this collaborator serves (set when the variant is made)
    variant: "Variant"

    def bound_to(self, variant: "Variant") -> Any:
        """A copy of this collaborator serving ``variant``."""
        part = copy.copy(self)
        object.__setattr__(part, "variant", variant)
        return part
