"""``check contract … --deal N``: do the melds given make deal N's contract (SPEC §2.8)?

The answer is data: ``{"deal": N, "text": "S3+R4", "met": true|false, "reason": phrase}``,
the reason a :class:`~scorekeeper.core.phrase.Phrase` (said in English in ``--json``, in the
chosen language for people). A deal the game does not have is refused (exit 2).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.core.cards import PlayedCard
from scorekeeper.core.errors import InputError
from scorekeeper.core.melds import deck_words, times_words, too_many
from scorekeeper.core.phrase import phrase
from scorekeeper.core.variants.contract import melds as cm


def read_meld(cards: Sequence[PlayedCard], rules: Mapping[str, Any]):
    """One meld judged as ``check`` does: a set or a run under the options (validation 1)."""
    return cm.read(cards, cm.law_of(rules))


def judge_deal(rules: Mapping[str, Any], deal: int, melds: Sequence[Sequence[PlayedCard]]) -> dict:
    """Whether ``melds`` make deal ``deal``'s contract under ``rules`` (I-C1, I-C2, I-C4).

    Raises :class:`InputError` ``contract.no_such_deal`` for a deal the game does not have.
    """
    deals = rules.deals
    if not 1 <= deal <= len(deals):
        raise InputError("contract.no_such_deal", deals=len(deals), deal=deal)
    contract = deals[deal - 1]
    facts = {"deal": deal, "contract": contract.text, "words": contract.words()}
    law = cm.law_of(rules)
    # more copies of a card (a joker) than the packs in play hold, in one meld or across them: the
    # melds cannot be laid down (validation 8), whatever else they make
    found = too_many({"": [pc.card for meld in melds for pc in meld]}, rules["packs"], rules["jokers"])
    if found is not None:
        card, copies, limit = found
        reason = phrase("contract.check.too_many", cards=(card,), count=len(copies), limit=limit,
                        times=times_words(limit), deck_text=deck_words(rules["packs"], rules["jokers"]), **facts)
        return {"deal": deal, "text": contract.text, "met": False, "reason": reason}
    last = deal == len(deals) and rules["last_deal"] == "all-out"
    try:
        down = cm.go_down("", melds, contract, deal, law, rules["exact_contract"], rules["extra_melds"], last)
        if rules["adjacent_runs"] == "refuse":
            cm.check_adjacent("", melds, down, law)
    except InputError as err:
        said = {"game.of_player": "contract.check.illegal", "contract.not_met": "contract.check.not_met",
                "contract.not_exact": "contract.check.not_exact", "contract.extra_melds": "contract.check.extra",
                "contract.extra_melds_last": "contract.check.extra",
                "contract.adjacent_runs": "contract.check.adjacent"}[err.code]
        reason = phrase(said, **{**{k: v for k, v in err.facts.items() if k != "player"}, **facts})
        return {"deal": deal, "text": contract.text, "met": False, "reason": reason}
    return {"deal": deal, "text": contract.text, "met": True, "reason": phrase("contract.check.met", **facts)}
