"""What Indian Rummy's screens add to the common ones, as words kept as data
(:class:`~scorekeeper.api.Screens`): worked out from a deal's ``context`` (SPEC §2.9 JSON: ``wild``,
``out``, ``drops``, ``wrong``, ``eliminated``) and the standings document (``in_play``,
``eliminated``, ``chips``, ``deal``, ``deals``), never from a rendered sentence."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.api import Joined, Phrase, RankWord, Screens, phrase
from scorekeeper.core.variants.indian.entry import read_wild
from scorekeeper.core.variants.indian.melds import wild_words


def _wild(context: Mapping[str, Any]) -> Phrase | None:
    text = context.get("wild")
    if not text:
        return None
    cut = read_wild(text)
    return wild_words(cut.rank, cut.joker_cut)


def _left(context: Mapping[str, Any], told: bool = False) -> list[Phrase]:
    """Who dropped (first, middle) and who showed wrongly: as a history cell says it, or (``told``)
    in sentences."""
    drops = context.get("drops") or {}
    said = []
    for kind in ("first", "middle"):
        players = [p for p, k in drops.items() if k == kind]
        if players:
            said.append(phrase(f"indian.screen.{'told' if told else 'dropped'}.{kind}", players=players))
    if context.get("wrong"):
        said.append(phrase("indian.screen.told.wrong" if told else "indian.screen.wrong",
                           players=list(context["wrong"])))
    return said


class IndianScreens(Screens):
    """The wild rank, who declared, dropped or showed wrongly, who was eliminated; on the board and
    under the standings, who is in play, who is out, the chips and the coming deal."""

    def hand(self, context: Mapping[str, Any]) -> Sequence[Any]:
        lines: list[Any] = []
        wild = _wild(context)
        lines.append(phrase("indian.screen.wild", wilds=wild) if wild is not None
                     else phrase("indian.screen.no_wild"))
        lines += _left(context, told=True)
        if context.get("eliminated"):
            lines.append(phrase("indian.screen.eliminated", players=list(context["eliminated"])))
        return lines

    def preview(self, context: Mapping[str, Any]) -> Sequence[Any]:
        wild = _wild(context)
        return [phrase("indian.screen.wild", wilds=wild)] if wild is not None else []

    def summary(self, context: Mapping[str, Any]) -> Any:
        parts: list[Any] = []
        if context.get("wild"):
            parts.append(phrase("indian.screen.cell.wild", rank=RankWord(context["wild"])))
        if context.get("out"):
            parts.append(phrase("indian.screen.cell.declared", player=context["out"]))
        parts += _left(context)
        if context.get("eliminated"):
            parts.append(phrase("indian.screen.cell.eliminated", players=list(context["eliminated"])))
        return phrase("indian.screen.cell", parts=Joined(tuple(parts), "; ")) if parts else None

    def _facts(self, doc: Mapping[str, Any]) -> list[tuple[Phrase, Any]]:
        pairs: list[tuple[Phrase, Any]] = []
        if doc.get("deal") and doc.get("deals"):
            pairs.append((phrase("indian.board.deal"), phrase("indian.board.deal_of", deal=doc["deal"],
                                                                   deals=doc["deals"])))
        elif doc.get("deal"):
            pairs.append((phrase("indian.board.deal"), str(doc["deal"])))
        if doc.get("eliminated"):
            pairs.append((phrase("indian.board.in_play"), phrase("indian.board.names", players=list(doc["in_play"]))))
            pairs.append((phrase("indian.board.out"), phrase("indian.board.names", players=list(doc["eliminated"]))))
        if doc.get("chips") is not None:
            chips = Joined(tuple(phrase("indian.board.chips_of", player=p, chips=c) for p, c in doc["chips"].items()),
                           ", ")
            pairs.append((phrase("indian.board.chips"), chips))
        return pairs

    def board(self, doc: Mapping[str, Any]) -> Sequence[tuple[Any, Any]]:
        return self._facts(doc)

    def standings(self, doc: Mapping[str, Any]) -> Sequence[Any]:
        return [phrase("indian.screen.fact", label=label, value=value) for label, value in self._facts(doc)]

    def intro(self, rules: Mapping[str, Any]) -> Sequence[Any]:
        return [phrase("indian.prompt.intro"), phrase("indian.prompt.intro_words")]
