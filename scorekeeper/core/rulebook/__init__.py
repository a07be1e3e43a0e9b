"""What a variant is (SPEC §8): the rule book's facts as data, and a few named collaborators
that hold its behaviour, each a small class with the shared defaults and methods a rule book
overrides where it differs.

::

    Variant(id, name, aliases, players, summary, interpretations, rules_type, pack,
            card_values, endings, lowest_wins, deal_word,
            scoring=…, codec=…, table=…, deals=…, melds=…, screens=…, tally=…, texts=…)

Nothing here imports a variant: the registry (:mod:`scorekeeper.core.variants`) lists them.
"""
from scorekeeper.core.rulebook.codec import Codec
from scorekeeper.core.rulebook.deals import Deals
from scorekeeper.core.rulebook.facts import COMMON_ENDINGS, CardScale, CardValues, DeckBounds, Endings, Pack, Wilds
from scorekeeper.core.rulebook.melds import Melds, RankWild
from scorekeeper.core.rulebook.part import Part
from scorekeeper.core.rulebook.scoring import Scoring
from scorekeeper.core.rulebook.screens import Screens, Tally
from scorekeeper.core.rulebook.table import Question, Table
from scorekeeper.core.rulebook.texts import Texts
from scorekeeper.core.rulebook.variant import Variant

__all__ = ["COMMON_ENDINGS", "CardScale", "CardValues", "Codec", "Deals", "DeckBounds", "Endings", "Melds", "Pack",
           "Part", "Question", "RankWild", "Scoring", "Screens", "Table", "Tally", "Texts", "Variant", "Wilds"]
