"""A variant: the rule book's facts, and the collaborators that hold its behaviour."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, Mapping

from scorekeeper.core.rulebook.codec import Codec
from scorekeeper.core.rulebook.deals import Deals
from scorekeeper.core.rulebook.facts import CardValues, Endings, Pack
from scorekeeper.core.rulebook.melds import Melds
from scorekeeper.core.rulebook.part import Part
from scorekeeper.core.rulebook.scoring import Scoring
from scorekeeper.core.rulebook.screens import Screens, Tally
from scorekeeper.core.rulebook.table import Table
from scorekeeper.core.rulebook.texts import Texts
from scorekeeper.core.rules import Option, RuleSet, Said


@dataclass(frozen=True, eq=False)
class Variant:
    """One rummy variant, as its rule book has it: facts as data, behaviour in a few
    collaborators, each a small class with shared defaults that a variant subclasses where its
    book differs (a reader follows ``variant.codec.read(…)`` to its definition).

    Facts:

    * ``id`` — what a stored session names (lower case: ``"indian"``); ``name`` — what people
      read; ``aliases`` — other names ``new`` takes;
    * ``players`` — ``(fewest, most)``;
    * ``summary`` — the rules in a paragraph (``rules ID``);
    * ``interpretations`` — what the rules say where the book is silent: id → the option that
      changes it, or None (``{"I-1": "tie", "I-6": None}``); each id has a template
      ``interpretation.ID``;
    * ``rules_type`` — its house-rule options, a :class:`~scorekeeper.core.rules.RuleSet`;
    * ``pack`` — decks, jokers and cards dealt by player count
      (:class:`~scorekeeper.core.rulebook.facts.Pack`);
    * ``card_values`` — what each card counts, in points
      (:class:`~scorekeeper.core.rulebook.facts.CardValues`);
    * ``endings`` — how a deal may end, in the variant's words
      (:class:`~scorekeeper.core.rulebook.facts.Endings`);
    * ``lowest_wins`` — the lowest total wins (penalty games);
    * ``deal_word`` — what the book calls a deal: ``"hand"``, ``"round"`` or ``"deal"``, said on
      every screen;
    * ``list_order`` — where ``rules`` and the help list it (built-ins 10–99; default 1000).

    Collaborators (each defaults to the shared behaviour; see each class):
    ``scoring`` (:class:`~scorekeeper.core.rulebook.scoring.Scoring`: score a deal, end the game;
    every variant gives its own), ``codec`` (:class:`~scorekeeper.core.rulebook.codec.Codec`: the
    hand file, the one-line form and the prompt's answers), ``table``
    (:class:`~scorekeeper.core.rulebook.table.Table`: what the prompt asks, in order), ``deals``
    (:class:`~scorekeeper.core.rulebook.deals.Deals`: how many, who deals, who plays, what each
    asks for), ``melds`` (:class:`~scorekeeper.core.rulebook.melds.Melds`: the meld law),
    ``screens`` (:class:`~scorekeeper.core.rulebook.screens.Screens`), ``tally``
    (:class:`~scorekeeper.core.rulebook.screens.Tally` or None: its own statistics) and ``texts``
    (:class:`~scorekeeper.core.rulebook.texts.Texts`: its templates, catalogs and words).

    Made, it binds a copy of each collaborator to itself and its texts join the program's
    (SPEC §8); raises ``ValueError`` for a message code that is already another's.
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    players: tuple[int, int]
    summary: str
    interpretations: Mapping[str, str | None]
    rules_type: type[RuleSet]
    pack: Pack
    card_values: CardValues
    endings: Endings
    lowest_wins: bool
    deal_word: str
    scoring: Scoring
    codec: Codec = field(default_factory=Codec)
    table: Table = field(default_factory=Table)
    deals: Deals = field(default_factory=Deals)
    melds: Melds = field(default_factory=Melds)
    screens: Screens = field(default_factory=Screens)
    tally: Tally | None = None
    texts: Texts = field(default_factory=Texts)
    list_order: int = 1000

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Part):
                object.__setattr__(self, f.name, value.bound_to(self))
        if self.texts.templates or self.texts.catalogs is not None:
            from scorekeeper.core.messages import add_variant_texts

            add_variant_texts(self.id, self.texts.templates, self.texts.catalogs)

    # -- facts read as the rest of the program asks for them --

    @property
    def said_name(self) -> Said:
        """The name as a fact of a sentence: said as the language being spoken writes it."""
        return Said("variant", self.name)

    @property
    def min_players(self) -> int:
        """The fewest players: ``players[0]``."""
        return self.players[0]

    @property
    def max_players(self) -> int:
        """The most players: ``players[1]``."""
        return self.players[1]

    @cached_property
    def options(self) -> tuple[Option, ...]:
        """The options, with the defaults that depend on the player count
        (the rule set's ``by_players``)."""
        out = []
        for o in self.rules_type.options():
            by_count = self.rules_type.by_players.get(o.key)
            if by_count is not None:
                o = Option(o.key, by_count.__getitem__, o.values, o.parse, o.help, o.choices)
            out.append(o)
        return tuple(out)

    @property
    def listed_options(self) -> tuple[Option, ...]:
        """Options ``new`` takes that are not stored (``preset``: the values it sets are), listed
        by ``rules`` before the stored ones: from the rule set's :class:`~scorekeeper.core.rules.Presets`."""
        presets = self.rules_type.presets
        return () if presets is None else (presets.option,)

    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        """The named sets of option values as ``rules`` shows them ({} where there are none)."""
        presets = self.rules_type.presets
        return {} if presets is None else presets.shown()

    def option(self, key: str) -> Option | None:
        """The option ``key`` (stored or listed only), or None where the variant has none."""
        return next((o for o in self.options + self.listed_options if o.key == key), None)

    @property
    def target(self) -> int | None:
        """The default target total, where the game ends on one."""
        o = self.option("target")
        return None if o is None else o.default_for(self.min_players)

    def rules_for(self, values: Mapping[str, Any], players: int) -> RuleSet:
        """The typed options from already-checked values, defaults filled in for ``players``."""
        given = {o.key: values[o.key] if o.key in values else o.default_for(players) for o in self.options}
        return self.rules_type(**given)
