"""Message templates: cards, card lists, melds, one-line entries, hand entries, check.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

_EXPECTED = ("ranks are A 2-10 J Q K (or T), suits S H D C (or ♠ ♥ ♦ ♣), a joker is JK; "
             "Cyrillic letters work too: Т К Д В (A K Q J), п ч б т (S H D C), Дж (joker)")

TEMPLATES: dict[str, str] = {
    # -- one card (scorekeeper.core.cards) -------------------------------------------------
    "card.not_a_card": '"{token}" is not a card: ' + _EXPECTED + ".",
    # the nearest cards, in the notation typed (core.cards.near_cards)
    "card.not_a_card_near": '"{token}" is not a card: ' + _EXPECTED + "; did you mean {near:or}?",
    # among several mistakes of one entry, how a card is written is said once (errors.several.cards)
    "card.not_a_card.short": '"{token}" is not a card.',
    "card.not_a_card_near.short": '"{token}" is not a card; did you mean {near:or}?',
    # a letter of one alphabet where the notation has a letter (or digit) it looks like
    "card.lookalike.cyrillic": '"{token}" is not a card: "{letter}" is a Cyrillic letter, not the "{looks_like}" '
                               'it looks like; for {cards} write "{fixed}".',
    "card.lookalike.latin": '"{token}" is not a card: "{letter}" is a Latin letter, not the Cyrillic "{looks_like}" '
                            'it looks like; for {cards} write "{fixed}".',
    "card.split": '"{token}" is not a card: write the rank and the suit together, like "{joined}".',
    "card.wild_mark_in_hand": '"{token}": "=" says what a wild card stands for in a meld; '
                              'cards left in hand are written plainly, like "{plain}".',
    "card.ace_mark_in_hand": '"{token}": ":" says where a laid-off ace attaches; '
                             'cards left in hand are written plainly, like "{plain}".',
    "card.ace_word": '"{token}": after ":" write low or high (where a laid-off ace attaches).',
    "value.nested_too_deeply": "a {type} nested too deeply",  # a value a message quotes ({x!q})
    "card.stands_for_joker": '"{token}": a wild card stands for a real card, not a joker.',
    "card.ace_mark_not_ace": '"{token}": only an ace takes :low or :high.',
    "melds.commas_between_cards": '"{text}": commas separate melds, and the cards of a meld are separated '
                                  'by spaces, like "{spaced}".',
}

# -- where a JSON or TOML text stops being valid (scorekeeper.core.syntax) ----------------------
TEMPLATES.update({
    "syntax.json.value": "a value was expected",
    "syntax.json.comma": 'a "," or a closing bracket was expected',
    "syntax.json.colon": 'a ":" was expected after the key',
    "syntax.json.key": "a key in double quotes was expected",
    "syntax.json.unterminated": "a text in double quotes is not closed",
    "syntax.json.control": "a text in double quotes holds a tab or a line break (write \\t or \\n)",
    "syntax.json.escape": 'a "\\" is followed by what JSON does not escape',
    "syntax.json.extra": "more follows the end of the document",
    "syntax.json.trailing_comma": 'a "," stands before a closing bracket',
    "syntax.json.other": "this is not valid JSON here",
    "syntax.found": "{found!q} is not expected here",
    "syntax.end_of_line": "the line ends too soon",
    "syntax.end_of_text": "the text ends too soon",
    "syntax.toml.twice": "{key!q} is given a second time",
    "syntax.toml.twice_unnamed": "a key is given a second time",
})

# -- ranks and suits in words (scorekeeper.core.cards: rank_name, rank_plural, suit_name) ----------
TEMPLATES.update({
    "rank.name.1": "ace",
    "rank.name.11": "jack",
    "rank.name.12": "queen",
    "rank.name.13": "king",
    "rank.name.number": "{rank}",
    "rank.plural.1": "aces",
    "rank.plural.2": "twos",
    "rank.plural.3": "threes",
    "rank.plural.4": "fours",
    "rank.plural.5": "fives",
    "rank.plural.6": "sixes",
    "rank.plural.7": "sevens",
    "rank.plural.8": "eights",
    "rank.plural.9": "nines",
    "rank.plural.10": "tens",
    "rank.plural.11": "jacks",
    "rank.plural.12": "queens",
    "rank.plural.13": "kings",
    "suit.S": "spades",
    "suit.H": "hearts",
    "suit.D": "diamonds",
    "suit.C": "clubs",
})

# -- card lists: the same sentence for each list ("the card list", "Ann's hand" …) -------------
#: How a message names a card list: code suffix -> words (``_of_player``: the player's own).
LIST_NAMES = {
    "list": "the card list", "cards": "the cards", "hand": "the hand", "melds": "the melds",
    "layoffs": "the lay-offs",
    "list_of_player": "{player}'s cards", "cards_of_player": "{player}'s cards",
    "hand_of_player": "{player}'s hand", "melds_of_player": "{player}'s melds",
    "layoffs_of_player": "{player}'s lay-offs",
}
_LIST_SENTENCES = {
    "cards.comma": '{what} "{text}" holds a comma: cards are separated by spaces, commas separate melds.',
    "cards.not_text": '{what} must be cards as text, like "AS 4D", or a list of them, not {value!q}.',
    "cards.item_not_text": '{what} holds {value!q}: cards are written as text, like "10H".',
    "melds.not_text": "{what} must be text or a list of melds, not {value!q}.",
    "melds.item_not_meld": '{what} holds {value!q}: a meld is written as cards, like "7H 8H 9H".',
}
for _code, _sentence in _LIST_SENTENCES.items():
    for _suffix, _words in LIST_NAMES.items():
        TEMPLATES[f"{_code}.{_suffix}"] = _sentence.replace("{what}", _words)

# more cards than all the decks hold, refused before the rest is read (cards.CardCount)
TEMPLATES.update({
    "cards.more_than_game": "The cards are more than the {most:#card|cards} the game is played with.",
    "cards.more_than_game_of_player": "{player}'s part of the hand holds more than the {most:#card|cards} the "
                                      "game is played with.",
})

# -- melds (scorekeeper.core.melds) ------------------------------------------------------------
TEMPLATES.update({
    "meld.illegal": "{cards}: {cause}.",
    "meld.illegal_empty": "No cards: {cause}.",
    # why a meld is not legal: clauses, quoted by the sentences above and by check
    "meld.not_wild": "{card} is not wild, so it cannot stand for another card",
    "meld.no_jokers": "this game is played without jokers",
    "meld.too_few": "a meld needs at least three cards",
    "meld.ace_mark": "the ace is not where :low/:high says it attaches",
    "meld.neither": "not a set (the ranks differ) and not a run (the suits differ)",
    "meld.set_ranks_differ": "not a set: the ranks differ",
    "meld.set_too_many": "a set never has more than four cards, wild cards included",
    "meld.set_too_many_of": "a set never has more than {most} cards, all the cards of one rank the decks hold",
    "meld.set_twice": "a set may not hold two identical cards ({card} twice)",
    "meld.run_suits_differ": "not a run: the suits differ",
    "meld.run_too_long": "a run has at most thirteen cards",
    "meld.run_ace_twice": "an ace is low or high in a run, never both",
    "meld.run_twice": "not a run: the {rank_name} of {suit_name} appears twice",
    "meld.corner": "runs cannot turn the corner: K-A-2",
    "meld.ace_always_low": "the ace is always low in Crazy Rummy: Q-K-A is not a run",
    "meld.corner_both_ends": "runs cannot turn the corner: an ace goes below the 2 or above the king, not both",
    "meld.run_gap": "not a run: the ranks are not consecutive (missing {missing_names:list})",
    # what a legal meld is (MeldReading.phrase)
    "meld.set.3": "a set of three {ranks}",
    "meld.set.4": "a set of four {ranks}",
    "meld.set.n": "a set of {count} {ranks}",
    "meld.set_ranks": "{rank}s",
    "meld.set_of_wilds": "a set of {count} wild cards",  # three or four: one plural form in uk, ru, be
    "meld.wild_card": "wild card",
    "meld.wild_as": "{card} as {counts_as}",
    "meld.wild_any": "{card} as any card",
    "meld.with_wilds": "{reading}, {wilds:list}",
    # more copies of a card than the decks hold
    "deck.no_jokers": "{cards} ({holders:list}): this game is played with {deck_text}, without jokers.",
})
for _suit, _name in (("S", "spades"), ("H", "hearts"), ("D", "diamonds"), ("C", "clubs")):
    # a run, by suit (a language may need the suit's name in its own case here)
    TEMPLATES[f"meld.run.{_suit}"] = f"a run of {_name} {{ranks}}"
    TEMPLATES[f"meld.run.{_suit}.ace_low"] = f"a run of {_name} {{ranks}} (ace low)"
    TEMPLATES[f"meld.run.{_suit}.ace_high"] = f"a run of {_name} {{ranks}} (ace high)"
for _decks, _verb in (("one", "holds"), ("many", "hold")):
    TEMPLATES[f"deck.too_many.{_decks}"] = (
        "{cards} appears {count:#time|times} in this hand ({holders:list}), "
        f"but {{deck_text}} {_verb} it only {{times}}.")
    # check's wording: one meld, no hand
    TEMPLATES[f"check.too_many.{_decks}"] = (
        f"{{cards}} appears {{count:#time|times}}, but {{deck_text}} {_verb} it only {{times}}")
TEMPLATES.update({
    # what a game is played with, and how often a card can be in it (scorekeeper.core.melds)
    "deck.decks.one": "one deck",
    "deck.decks.two": "two decks",
    "deck.decks.n": "{decks:#deck|decks}",
    "deck.decks_and_jokers": "{deck_text} and {jokers:#joker|jokers}",
    "deck.times.once": "once",
    "deck.times.twice": "twice",
    "deck.times.n": "{limit:#time|times}",
})

# -- hand entries (scorekeeper.core.entry) -----------------------------------------------------
_PLAYERS_ARE = "the players are {players:list}."
TEMPLATES.update({
    "name.did_you_mean": ' (did you mean "{near}"?)',
    "name.unknown": '"{name}" is not a player of this session; ' + _PLAYERS_ARE,
    "name.unknown_near": '"{name}" is not a player of this session (did you mean "{near}"?); ' + _PLAYERS_ARE,
    "name.unknown_role": '"{role}" names {name!q}, who is not a player of this session; ' + _PLAYERS_ARE,
    "name.unknown_role_near": '"{role}" names {name!q}, who is not a player of this session '
                              '(did you mean "{near}"?); ' + _PLAYERS_ARE,
    "entry.about_player": "{player}: {cause}.",
    "entry.points_type": '{player}: "{key}" must be cards or a whole number of points, not {value!q}.',
    "entry.points_negative": '{player}: "{key}" points cannot be negative ({points}).',
    "entry.player_not_table": '{player}: the entry must be a table of keys like "hand", not {value!q}.',
    "entry.unknown_key": '{player}: "{key}" is not a key of this variant\'s entries; use {allowed:list}.',
    "entry.hand_missing": '{player}: "hand" is missing: give the cards left in hand ("" after going out) '
                          "or their points.",
    "entry.layoffs_type": '{player}: "layoffs" must be cards, like "10H", not {value!q}.',
    "entry.table_and_cards": '{player}: give either "table" points or "melds"/"layoffs" cards, not both.',
    "entry.not_table": 'A hand entry is a table with a "players" key, one entry per player.',
    "entry.knock_not_here": '"knock" does not end a hand in this variant: it has no knocking (a hand ends when a player goes out or the stock runs out).',
    "entry.unknown_top_key": '"{key}" is not a key of a hand entry; use {allowed:list}.',
    "entry.no_players": 'A hand entry needs "players": an entry for every player of the session.',
    "entry.player_missing": "{player} is missing from the hand: every player of the session needs an entry.",
    # several mistakes of one entry found at once (core.errors.Mistakes), each on a line of its own
    "errors.several": "{count:#mistake|mistakes} in this entry:\n{errors:lines}",
    "errors.several.cards": ("{count:#mistake|mistakes} in this entry:\n{errors:lines}\nA card is written so: "
                             + _EXPECTED + "."),
    "entry.not_in_play": "{player} is out of the game and takes no part in this deal; the players are {players:and}.",
    "entry.player_twice": "{player} has two entries in the hand ({names:and}): give each player once.",
    "entry.stock_type": '"stock_exhausted" is true or false, not {value!q}.',
    "entry.two_endings": "A hand ends one way only, but this entry gives {ways:endings}.",
    # the ways a hand ends, as {ways:endings} names them (each through its own code)
    "ending.knock": "a knock",
    "ending.out": "a player going out",
    "ending.stock_exhausted": "the stock running out",
    "entry.out_holds_cards": "{player} is named as out but still holds {count:#card|cards}.",
    "entry.out_with_points": "{player} is named as out, but their hand is given as {points} points: "
                             'a player who goes out holds no cards (give 0 or "").',
    "entry.two_out": "Only one player can go out, but {players:and} both have no cards left.",
    "entry.several_out": "Only one player can go out, but {players:and} all have no cards left.",
    "entry.out_not_empty": "{player} is named as out, but {other} is the one with no cards left.",
    "entry.knock_and_out": "{player} knocked, but {other} has no cards left: a round ends one way only.",
    "entry.stock_and_out": "{player} has no cards left, so {player} went out: "
                           "the hand did not end by the stock running out.",
})

# -- the one-line form (scorekeeper.core.oneline) ----------------------------------------------
TEMPLATES.update({
    "line.no_name": '"{text}" does not start with a player\'s name and ":" (for example "Ann: 7H 8H 9H -AS 4D").',
    # a word of the one-line form mistyped: the word it is near (core.oneline.near_word), English or local
    "line.not_a_word_near": ('"{text}" is not a word of the one-line form (did you mean "{near}"?) and does not '
                             'start with a player\'s name and ":" (for example "Ann: 7H 8H 9H -AS 4D").'),
    "line.word_near": '{player}: "{token}" is neither a card nor a word of the one-line form (did you mean "{near}"?).',
    "line.player_twice": "{player} is given twice on the command line.",
    "line.no_layoffs": '{player}: this variant records no lay-offs ("+"): only the cards left in hand '
                       'count (after "-"), and melds are optional.',
    "line.no_table": '{player}: this variant records no table points; give the points left in hand '
                     'after "-" (for example "{player}: -{points}").',
    "line.comma_out_of_place": '{player}: "," separates melds, and melds come before "+" and "-".',
    "line.knock_not_here": ("{player}: this variant has no knocking: a hand ends when a player goes out or the "
                            "stock runs out."),
    "line.word_twice": '"{word}" is given for both {other} and {player}.',
    # the words of the one-line form as a written line says them (core.oneline.spoken_word): each
    # language's word must be one that core.words understands
    "line.word.knock": "knock",
    "line.word.out": "out",
    "line.word.stock": "stock",
    "line.points_out_of_place": '{player}: "{token}" is not a card, and points go first in their part '
                                '(table points before any mark, hand points right after "-").',
    "line.table_and_melds": "{player}: give table points or melds, not both.",
    "line.hand_cards_and_points": "{player}: give the hand as cards or as points, not both.",
    "line.hand_missing": '{player}: what is left in hand is not given: write it after a "-" (for example "{player}: -7H KS", '
                         '"{player}: -12" in points, or "{player}: -" after going out); cards with no mark are melds.',
})

# -- check (scorekeeper.core.check); the reasons are clauses: no capital, no stop --------------
TEMPLATES.update({
    "check.illegal": "{cause}",
    # a meld with a card twice: legal only where the game has that many decks (Rummy 500: 5 or more players)
    "check.with_decks": "{cause}, legal when the game has {deck_text} ({players} or more players)",
    "check.no_jokers": "{variant} is played without jokers",
    "check.whole_suit_ace": ("{cards}: the {card} in a run of all thirteen cards could be low ({low_ace}, the run "
                             "worth {low}) or high ({high_ace}, the run worth {high}): write {typed}:low or "
                             "{typed}:high."),
    "check.round_needed": "In {variant} the wild rank changes every round: give the round with --round 1-{last}.",
    "check.round_out_of_range": "{variant} has rounds 1 to {last}, not {round}.",
    "check.round_not_needed": "{variant} melds do not depend on the round: leave out --round.",
    "check.deal_not_needed": "{variant} deals do not ask for particular melds: leave out --deal.",
    "check.no_variant": ('{first!q} is no variant, and there is no current session to take one from: name the '
                         'variant first (scorekeeper check rummy500 QS KS AS).'),
    "check.wild_not_needed": "In {variant} no cut card makes a rank wild: leave out --wild.",
    "check.wild_not_a_rank": '"{wild}" is not a rank: --wild takes A, 2-10, J, Q or K.',
    "check.no_cards": "Give the cards of a meld to check, for example: scorekeeper check rummy500 QS KS AS.",
})
