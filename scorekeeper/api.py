"""What a variant may use: the documented, versioned surface of scorekeeper for rule books,
built in or from elsewhere (SPEC §8). Everything else in scorekeeper may change; what is named
here changes only with :data:`API_VERSION`.

A variant is a :class:`Variant` — the rule book's facts as data and a few collaborators, each a
small class whose methods hold the shared behaviour and which a rule book subclasses where it
differs:

* :class:`Scoring` — score a deal, end the game (every variant gives its own);
* :class:`Codec` — the hand file, the one-line form and the answers at the table;
* :class:`Table` — what the prompt asks, in order (:class:`Question`);
* :class:`Deals` — how many deals, who deals, who takes part, what each deal asks for;
* :class:`Melds` — what makes a meld legal, what it is worth;
* :class:`Screens` and :class:`Tally` — what its screens and statistics add;
* :class:`Texts` — its message templates, catalogs and the words people type.

The game a deal is scored in is a :class:`GameSoFar`; a deal's scores are a
:class:`HandResult` of :class:`PlayerScore` lines; the end of the game an :class:`Ending`.
Cards, melds and the shared hand entry: :func:`parse_cards`, :func:`split_melds`, :func:`read_meld`
(a refusal is an :class:`IllegalMeld` whose cause, a :class:`MeldFault`, says the rule broken; a
reading's cards are each a :class:`Slot`), :func:`check_deck`, :class:`HandEntry`; a player named:
:func:`find_player`, :func:`match_player`, :func:`unknown_name` (the refusal with the near miss),
:func:`players_named` (an entry's names matched to the players, each at most once), :func:`player_named`,
:func:`closest` (the near miss of a word). Events between deals (a rejoin, a split) are each an
:class:`Event`, applied by :meth:`Deals.apply`. Sides (partnerships) are declared by
:meth:`Deals.sides` and known to the game (:attr:`GameSetup.sides`, :meth:`GameSoFar.side_of`).
Options: :class:`RuleSet` with :func:`option`.
Errors: :class:`InputError` (bad input, exit 2), :class:`StateError`.

The shapes, in short:

* a **card** is a :class:`Card` (``rank`` 1–13, 0 for a joker; ``suit`` ``S H D C``), written
  ``AS``, ``10H``, ``JK`` (:func:`parse_card`, :func:`format_card`); a card in a meld or a
  lay-off is a :class:`PlayedCard` (a wild card may say what it stands for: ``JK=7H``);
* a **meld** is a sequence of played cards, judged by :func:`read_meld` under the variant's
  :class:`MeldRules` into a :class:`MeldReading` (a set or a run), or refused with
  :class:`IllegalMeld`;
* an **entry** is one deal as given: the **stored entry** is what a hand file holds, a mapping
  ``{"players": {NAME: {"melds": […], "layoffs": "…", "hand": "…" | POINTS, "table": POINTS}},
  "knock": NAME, "out": NAME, "stock_exhausted": true}``, stored exactly as given; the codec
  reads it into what the scoring is given, by default a :class:`HandEntry` of
  :class:`PlayerEntry` parts;
* a **result** is a :class:`HandResult`: a :class:`PlayerScore` per player, each a list of
  :class:`Line` items (signed points, the message code and facts saying why, the rule cited).

Every figure is in **points**, whole numbers, signed where a score may fall (a card left in
hand counts against its holder in Rummy 500); a card's points are the variant's
:class:`CardValues`. Every error meant for people is a message code and its facts, never a
sentence: :class:`InputError` (bad input: a card, a meld, an entry, an option; the command
exits 2 and stores nothing), :class:`StateError` (the request does not fit the game: exit 2);
a parser of an option raises ``ValueError``, which the rule set turns into ``rule.bad_value``.

``docs/plugins.md`` is the tutorial; ``docs/api.md`` the reference made from these docstrings
(``python tools/apidoc.py``).
"""
from __future__ import annotations

from scorekeeper.core.cards import (RANKS, Card, PlayedCard, format_card, parse_card, parse_cards, parse_played_cards,
                                    rank_name, rank_plural, split_melds)
from scorekeeper.core.entry import (HandEntry, PlayerEntry, find_player, match_player, player_named, players_named,
                                    unknown_name)
from scorekeeper.core.errors import Collect, InputError, StateError
from scorekeeper.core.game import Ending, Event, GameSetup, GameSoFar, GameState, new_setup, replay, score_entry
from scorekeeper.core.melds import (IllegalMeld, MeldFault, MeldReading, MeldRules, Slot, TableMeld, check_deck,
                                    deck_words, fit_layoffs, read_meld)
from scorekeeper.core.near import closest
from scorekeeper.core.messages import Joined
from scorekeeper.core.oneline import (as_arguments, card_or_word, near_word, parse_line_entries, write_line_entries,
                                      write_part)
from scorekeeper.core.phrase import Phrase, RankWord, phrase
from scorekeeper.core.rulebook import (CardScale, CardValues, Codec, Deals, DeckBounds, Endings, Melds, Pack,
                                       Question, RankWild, Scoring, Screens, Table, Tally, Texts, Variant, Wilds)
from scorekeeper.core.rules import FromOptions, Presets, RuleSet, boolean, one_of, option, or_none, whole_number
from scorekeeper.core.scoring import HandResult, Line, PlayerScore

#: The version of this surface: the major number changes when something named here changes in a
#: way a variant written for the last one would notice; the minor number when something is added.
API_VERSION = "2.4"

__all__ = [
    "API_VERSION",
    # the variant and its collaborators
    "Variant", "Scoring", "Codec", "Table", "Question", "Deals", "Melds", "Screens", "Tally", "Texts",
    # facts
    "Pack", "CardValues", "CardScale", "Endings", "Wilds", "DeckBounds", "RankWild",
    # options
    "RuleSet", "option", "whole_number", "one_of", "boolean", "or_none", "Presets", "FromOptions",
    # the game and a deal's scores
    "GameSetup", "GameSoFar", "GameState", "Ending", "Event", "HandResult", "PlayerScore", "Line", "new_setup",
    "replay", "score_entry",
    # cards, melds and the shared entry
    "Card", "PlayedCard", "RANKS", "parse_card", "parse_cards", "parse_played_cards", "split_melds", "format_card",
    "rank_name", "rank_plural",
    "MeldRules", "MeldReading", "MeldFault", "Slot", "TableMeld", "IllegalMeld", "read_meld", "fit_layoffs",
    "check_deck", "deck_words",
    "HandEntry", "PlayerEntry", "find_player", "match_player", "player_named", "players_named", "unknown_name", "closest",
    "parse_line_entries", "write_line_entries", "write_part", "as_arguments", "near_word", "card_or_word",
    # words and errors
    "Phrase", "phrase", "Joined", "RankWord", "InputError", "StateError", "Collect",
]
