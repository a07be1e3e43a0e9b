"""Entering a Gin Rummy hand at the table (SPEC §2.7, §4.1): the cards, not the melds.

Each player is asked for the cards they show — ten, eleven for big gin — in
any order; scorekeeper arranges them itself. An answer may also be the
deadwood as points (``19``) or, for those who want to, the arranged form of
the one-line entry (``7H 8H 9H, QS QD QC -5D``). Then who knocked (a name; the
word ``knock`` after the cards says it already) or ``stock`` for a void hand,
and under Oklahoma the up-card. Each answer is read with gin's own one-line
reader (:func:`scorekeeper.core.gin.parse_line`), so what is typed here means
what it means on the command line; the whole hand is then checked and scored
by the application before anything is saved, as for every variant.
"""
from __future__ import annotations

from typing import Any

from scorekeeper.cli.prompt import _Dialog
from scorekeeper.core.errors import InputError
from scorekeeper.core.messages import _


class GinDialog(_Dialog):
    """The questions of one gin hand."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.big_gin = False
        self.oklahoma = bool(self.table["rules"].get("oklahoma"))

    def intro(self) -> None:
        from scorekeeper.cli.render import gin as gin_draw

        doc = self.table
        if self.old is not None:  # a hand already played: who dealt and led it, not who deals next
            doc = dict(doc, dealer=doc["dealer_of_next"], leader=doc["leader_of_next"])
        gin_draw.intro(self.out, doc, self.oklahoma)
        if self.old is not None:
            self.draw.editing_line(self.out, self.number, self.word)

    def entry(self) -> dict:
        raw: dict[str, Any] = {"players": {p: dict(self.answers[p]) for p in self.players}}
        if self.knocker:
            raw["knock"] = self.knocker
            if self.big_gin:
                raw["big_gin"] = True
        raw.update(self.ending)
        return raw

    def how_ended(self) -> dict[str, str]:
        return {self.knocker: _("knocked")} if self.knocker else {}

    def ask_player(self, name: str) -> None:
        self.say(name, "bold")
        if self.knocker == name:
            self.knocker, self.big_gin = None, False
        self.answers[name] = self.ask(_("  cards (10; 11 for big gin): "), lambda text: self.read_cards(name, text),
                                      (name, "cards"))

    def read_cards(self, name: str, text: str) -> dict:
        """One player's answer, read as the one-line form reads ``NAME: TEXT``; cards
        counted at once (10, or 11 for the knocker's big gin)."""
        from scorekeeper.core.cards import parse_cards
        from scorekeeper.core.gin import parse_line

        if not text:
            raise InputError("gin.nothing_given", player=name)
        entry = parse_line([f"{name}: {text}"], [name])
        part = entry["players"][name]
        if "cards" in part:
            count = len(parse_cards(part["cards"], f"{name}'s cards"))
            if count not in (10, 11):
                raise InputError("gin.card_count", player=name, count=count, expected=10)
            if count == 11 and entry.get("knock") == name:
                entry["big_gin"] = True
        if entry.get("knock") == name:
            if self.knocker and self.knocker != name:
                raise InputError("cli.prompt.second_knocker", knocker=self.knocker, player=name)
            self.knocker, self.big_gin = name, bool(entry.get("big_gin"))
        if entry.get("stock_exhausted"):
            self.ending = {"stock_exhausted": True}
        return part

    def ask_ending(self) -> dict:
        """Who knocked (or ``stock``), unless an answer said so; under Oklahoma, the up-card."""
        ending: dict[str, Any] = {}
        if not self.knocker:
            ending = self.ask(_('Who knocked? (a name; "stock" if the stock ran out): '), self.read_ending,
                              ("", "ending"))
        if self.oklahoma and not ending.get("stock_exhausted"):
            ending["upcard"] = self.ask(_("The up-card (it sets the knock limit): "), self.read_upcard,
                                        ("", "upcard"))
        return ending

    def read_ending(self, text: str) -> dict:
        if text.lower() in ("stock", "void", "stock ran out", "stock_exhausted"):
            return {"stock_exhausted": True}
        if not text:
            raise InputError("cli.prompt.no_ending")
        self.knocker = self.player(text, ("stock",))
        part = self.answers.get(self.knocker, {})
        if "cards" in part:
            from scorekeeper.core.cards import parse_cards

            self.big_gin = len(parse_cards(part["cards"], f"{self.knocker}'s cards")) == 11
        return {}

    def read_upcard(self, text: str) -> str:
        from scorekeeper.core.cards import parse_card

        try:
            parse_card(text)
        except InputError as e:
            raise InputError("gin.upcard_unreadable", cause=e) from None
        return text
