"""Contract Rummy's own words: message code -> English template (the gettext message id).

See :mod:`scorekeeper.core.messages` for the notation. Every code starts with ``contract.``
(or names one of the variant's interpretations, ``interpretation.I-C…``).
"""
from __future__ import annotations

_SPELL = "deal {deal}'s contract, {words} ({contract})"

TEMPLATES: dict[str, str] = {
    # its own word of the one-line form, as the language spoken writes it back: who cut the pack exactly
    "contract.word.cut": "cut",
    # -- contracts in words --
    "contract.words": "{parts:and}",
    # how many sets or runs a contract asks for: one to four in words, more as a figure
    "contract.words.sets.1": "one set",
    "contract.words.sets.2": "two sets",
    "contract.words.sets.3": "three sets",
    "contract.words.sets.4": "four sets",
    "contract.words.sets.n": "{count} sets",
    "contract.words.runs.1": "one run",
    "contract.words.runs.2": "two runs",
    "contract.words.runs.3": "three runs",
    "contract.words.runs.4": "four runs",
    "contract.words.runs.n": "{count} runs",
    "contract.words.of_at_least": "{what} of at least {size} cards",

    "contract.deal_words": "Deal {deal} — {words} ({contract}).",
    "contract.deal_words.last": "Deal {deal}, the last — {words} ({contract}): going down is going out.",

    "contract.goal": "7 deals, each with its contract (6 under liverpool6); lowest total wins",
    "contract.dealt": ("{first} cards each in deals 1-4 and {later} in deals 5-7 (preset bicycle, the default); "
                       "{first} in every deal under the presets liverpool and liverpool6"),
    "contract.prompt.cut": "Who cut the pack exactly (the player to the dealer's right)? (a name; Enter: nobody):",

    # -- card values (SPEC §2.8, the §2.1 column) --
    "contract.value.joker": "joker: {amount}",
    "contract.value.deuce": "a wild 2: {amount}",
    "contract.value.ace": "ace: {amount}",
    "contract.value.court": "court card: {amount}",
    "contract.value.face": "face value: {amount}",
    "contract.value.scale": "5-10-15 scale: {amount}",

    # -- melds (validation 1) --
    "contract.meld.too_few": "a set needs at least {set_min} cards and a run at least {run_min}",
    "contract.meld.set_too_few": "a set needs at least {set_min} cards",
    "contract.meld.run_too_few": "a run needs at least {run_min} cards of one suit",
    "contract.meld.run_too_long": "a run has at most 14 cards (ace to ace)",
    "contract.meld.ace_twice": "an ace is low or high in a run, never inside; two aces only in a run from ace to ace",
    "contract.meld.deuce_not_wild": "a 2 is not wild in this game (deuces_wild=false): only jokers are",
    "contract.meld.no_natural": "a meld needs at least one natural card (wild_limit=natural, I-C3)",
    "contract.meld.over_half": ("{wilds} of its {count} cards are wild, and at most {most} may be "
                                "(wild_limit=half, I-C3)"),
    "contract.meld.set": "a set of {ranks}: {count} cards",
    "contract.meld.run_of_wilds": "a run of {count} wild cards",  # four or more: one plural form in uk, ru, be

    # -- going down (validations 2-5) --
    "contract.not_met": "{player} went down with {shown}, which is not " + _SPELL + ".",
    "contract.not_exact": ("{player}: {cards} has {count:#card|cards}, but under exact_contract=true each meld of "
                           + _SPELL + " is exactly its size, here {size} (I-C1)."),
    "contract.extra_melds": ("{player}: {melds:list} is more than " + _SPELL + ": once down, further cards go "
                             "only as lay-offs (I-C2; extra_melds=true allows more melds)."),
    "contract.extra_melds_last": ("{player}: {melds:list} is more than " + _SPELL + ": in the last deal going "
                                  "down is going out, every card in the contract's melds (I-C2, I-C8; "
                                  "extra_melds=true allows more melds)."),
    "contract.adjacent_runs": ("{player}: the runs {first} and {second} join into one run, and under "
                               "adjacent_runs=refuse two runs of one suit may not touch (I-C4)."),

    # -- lay-offs (validations 6, 7) --
    "contract.layoff_not_down": ("{player} did not go down (melds: []), so {player} cannot lay off {cards}: "
                                 "only a player who went down lays off."),
    "contract.layoff_no_melds": ('{player}: the lay-offs {cards} are given without the melds {player} went down '
                                 'with: give the melds, or leave the lay-offs out (they score nothing; I-C10, '
                                 'I-C11).'),
    "contract.layoff_no_table": ("{player}: the lay-off {card} has no meld to go on: no melds were entered "
                                 "card by card in this deal (I-C10)."),

    "contract.in_deal": "Deal {deal} ({words}, {contract}): {cause}.",

    # -- how the deal ended (validations 9, 10, 13) --
    "contract.nobody_out": ('Nobody went out: one player holds no cards (an empty "hand"), or the table '
                            'abandoned the deal with "stock_exhausted": true (I-C6).'),
    "contract.nobody_out.line": ('Nobody went out: the player who went out has nothing after "-" ("Ann: 7H 8H 9H '
                                 '-"), or the table abandoned the deal: add "stock" (I-C6).'),
    "contract.out_not_down": ("{player} went out but shows melds: [] (did not go down): nobody goes out "
                              "without going down (I-C11)."),
    "contract.last_deal_melds": ("{player}: in the last deal, " + _SPELL + ", going down is going out, so only "
                                 "the player who went out shows melds (last_deal=all-out, I-C8)."),
    "contract.last_deal_melds_stock": ("{player}: in the last deal, " + _SPELL + ", going down is going out, and "
                                       "nobody went out, so nobody shows melds (last_deal=all-out, I-C8)."),
    "contract.last_deal_layoffs": ("{player}: in the last deal, " + _SPELL + ", nobody lays off: going down is "
                                   "going out, every card in the contract's melds (last_deal=all-out, I-C8)."),
    "contract.cut_off": ('"cut" names {player}, but this game has no cut bonus (cut_bonus=0, I-C13).'),
    "contract.cut_wrong": ("{player} did not cut: the player to the dealer's right cuts, and deal {deal} is "
                           "dealt by {dealer}, so {cutter} cut (I-C13)."),
    "contract.cut_not_name": '"cut" is a player\'s name, not {value!q}.',
    "contract.unknown_top_key": '"{key}" is not a key of a Contract Rummy deal; use {allowed:list}.',
    "contract.unknown_player_key": ('{player}: "{key}" is not a key of a Contract Rummy deal; use '
                                    '{allowed:list}.'),

    # -- check contract … --deal N --
    "contract.check.met": "these melds make " + _SPELL,
    "contract.check.not_met": "{shown} is not " + _SPELL,
    "contract.check.not_exact": ("{cards} has {count:#card|cards}, but under exact_contract=true each meld of "
                                 + _SPELL + " is exactly its size, here {size}"),
    "contract.check.extra": ("{melds:list} is more than " + _SPELL + " (extra_melds=true allows more melds)"),
    "contract.check.adjacent": ("the runs {first} and {second} join into one run, and under adjacent_runs=refuse "
                                "two runs of one suit may not touch"),
    "contract.check.too_many": ("{cards} appears {count:#time|times} in these melds, but {deck_text} hold it only "
                                "{times}, so they do not make " + _SPELL),
    "contract.check.illegal": "a meld is not legal, so these melds do not make " + _SPELL,
    "contract.no_such_deal": "This game has {deals:#deal|deals}: there is no deal {deal} (--deal 1-{deals}).",

    # -- points (validation 12) --
    "contract.points_over": ("{player}: {points} points in hand is more than the {bound} points all the cards "
                             "in play ({packs:#pack|packs} and {jokers:#joker|jokers}) are worth: a typing slip? "
                             "(A game begun on paper is carried over with new --carry NAME=POINTS.)"),

    "contract.points_over_sum": ("{what} add up to {points} points, more than the {bound} points all the cards "
                                 "in play ({packs:#pack|packs} and {jokers:#joker|jokers}) are worth: a typing "
                                 "slip? (A game begun on paper is carried over with new --carry NAME=POINTS.)"),
    "contract.points.cards_and_hands": "The cards shown (worth {shown}) and the hands of {players:and} ({given})",

    # -- the game (validation 11) --
    "contract.past_last_deal": "This game has {deals:#deal|deals}: there is no deal {deal}.",
    "contract.finished": ("The game is finished: all {deals:#deal|deals} have been played ({winners:and} won); "
                          "start a new session with `scorekeeper new`."),
    "contract.no_play_on": ("tie=play-on is not possible in Contract Rummy: there is no deal after the last, so "
                            "tied lowest totals share the win (tie=shared)."),
    "contract.deuce_value_alone": ("deuce_value={value} needs deuces_wild=true: only a wild 2 counts "
                                   "deuce_value."),

    # -- explanation lines --
    "contract.line.cut": "{player} cut the pack exactly: cut bonus −{amount}",
    "contract.note.down": "Went down for {contract_words} ({contract}): {melds}.",
    "contract.note.down_layoffs": ("Went down for {contract_words} ({contract}): {melds}; laid off {cards} "
                                   "(lay-offs score nothing)."),
    "contract.note.not_down": "Did not go down.",

    # -- the rules the explanation lines cite, and the interpretations ``rules contract`` lists --
    "section.§2.8": "Contract Rummy: scoring a deal",
    "interpretation.I-C1": ("A contract meld longer than the contract asks (a set of four, a run of five) is "
                            "accepted: the contract's sizes are minimums; exact_contract=true wants every contract "
                            "meld exactly its size, as six-deal Liverpool does."),
    "interpretation.I-C2": ("Melds beyond the contract (a third set in deal 1), at going down or later, are "
                            "refused: once down, further cards go only as lay-offs; extra_melds=true allows them."),
    "interpretation.I-C3": ("A meld may hold any number of wild cards, and may be wild cards only (JK JK JK is a "
                            "set); wild_limit=natural wants at least one natural card, wild_limit=half at most "
                            "half the meld as laid down (lay-offs are not limited)."),
    "interpretation.I-C4": ("Two runs of one suit that touch in one player's contract (3-6 and 7-10 of hearts) "
                            "stay two runs, nothing joins them; adjacent_runs=refuse refuses them."),
    "interpretation.I-C5": ("A joker taken out of a meld for the natural card it stood for: enter each meld as it "
                            "lies at the end of the deal (the natural card in the joker's place) and the joker "
                            "where it ended up; the exchange itself is not entered, and the natural card is not a "
                            "lay-off."),
    "interpretation.I-C6": ('A deal ended with nobody out (a table that stops when the stock runs dry again) is '
                            'entered with "stock_exhausted": true: everyone pays for the cards they hold, nobody '
                            'won the deal, and it counts as one of the deals.'),
    "interpretation.I-C7": ('Buying ("May I?": the discard plus a penalty card from the stock) is not entered; a '
                            'hand may hold more cards than were dealt, so hand sizes are never checked.'),
    "interpretation.I-C8": ("In the last deal going down is going out (last_deal=all-out): only the player who "
                            "went out shows melds, every card of theirs in the contract's melds, no lay-offs; "
                            "last_deal=no-discard only forbids discarding the last card (nothing more to check), "
                            "last_deal=normal plays it like any other deal."),
    "interpretation.I-C9": ("A run may reach from ace to ace: A-2-...-K-A, 14 cards, an ace at each end; an ace "
                            "is never inside a run."),
    "interpretation.I-C10": ("Lay-offs may be left out of an entry (they score nothing); lay-offs given are "
                             "checked against the melds given card by card in the same deal, so lay-offs onto a "
                             "player entered without melds cannot be checked: leave them out."),
    "interpretation.I-C11": ('"melds" left out means not recorded (no contract check, no lay-off target; a player '
                             'who went out may leave them out); "melds": [] means the player did not go down (no '
                             'lay-offs, cannot have gone out).'),
    "interpretation.I-C12": ("Under deuces_wild a 2 is a natural 2 where it fits as one (A-2-3-4, a set of 2s) "
                             "and wild otherwise; left in hand it always counts deuce_value."),
    "interpretation.I-C13": ("Only the player to the dealer's right (the one before the dealer in seat order) may "
                             "earn the cut bonus for cutting the pack exactly; cut_bonus sets it (0 = off, "
                             "preset=liverpool 50)."),
}
