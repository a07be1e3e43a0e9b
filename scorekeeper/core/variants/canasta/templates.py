"""Canasta's own words: message code -> English template (the gettext message id).

See :mod:`scorekeeper.core.messages` for the notation. Every code starts with ``canasta.`` (or
names the variant's section, ``section.§2.10``, or one of its interpretations,
``interpretation.I-K…``). Sentences that name a side write it as its players joined (``Ann & Cy``,
``Ann+Cy`` where it is typed), never declined.
"""
from __future__ import annotations

_MELD_RULE = "a meld is three or more cards of one rank"

TEMPLATES: dict[str, str] = {
    "canasta.goal": "the first side to {target}; the higher total wins",
    "section.§2.10": "Canasta: scoring a hand",

    # -- melds (validation 1) --
    "canasta.meld.red_three": "a red three ({card}) is never melded: it is laid out and counts as a red three",
    "canasta.meld.not_wild": "{card} is not wild: only jokers and 2s stand for another card",
    "canasta.meld.too_few": _MELD_RULE + ", not {count}",
    "canasta.meld.ranks_differ": _MELD_RULE + ", not of {ranks:and}",
    "canasta.meld.black_threes_wild": "a meld of black threes holds no wild card",
    "canasta.meld.black_threes_many": "a meld of black threes holds three or four of them, not {count}",
    "canasta.meld.too_few_naturals": "a meld holds at least two natural cards, and this one has {count}",
    "canasta.meld.too_many_wilds": "a meld holds at most three wild cards, and this one has {count}",
    "canasta.meld.stands_for_other": "{card} stands for {counts_as} in a meld of {ranks}: a wild card stands for "
                                     "the meld's rank",
    "canasta.meld.is_black_threes": "black threes, {count} cards: a meld only in going out",
    "canasta.meld.is_meld": "a meld of {ranks}, {count:#card|cards}",
    "canasta.meld.is_meld.wild": "a meld of {ranks}, {count:#card|cards}, {wilds} wild",
    "canasta.meld.is_natural": "a natural canasta of {ranks}, {count:#card|cards}",
    "canasta.meld.is_mixed.wild": "a mixed canasta of {ranks}, {count:#card|cards}, {wilds} wild",

    # -- a hand as entered (validations 2-6) --
    "canasta.side.melds_twice": ("{players:and} both give melds, but a side's melds are entered once, at one of "
                                 "its players (the other partner gives only the cards left)."),
    "canasta.side.red_threes_twice": ("{players:and} both give red threes, but a side's red threes are entered "
                                      "once, at one of its players."),
    "canasta.side.points_twice": "{players:and} both give points, but a side's score is entered once.",
    "canasta.side.rank_twice": ("{player}: the side has two melds of {ranks} ({first} and {second}): partners add "
                                "to one meld of a rank."),
    "canasta.side.black_threes": ("{player}: {cards} is a meld of black threes, which only the player going out "
                                  "may meld, and this side did not go out."),
    "canasta.points.type": "{player}: \"points\" is the side's score, a whole number, not {value!q}.",
    "canasta.points.too_large": ("{player}: {points} points for a side's hand is beyond ±{most}: a typing slip? "
                                 "(A game begun on paper is carried over with new --carry \"Ann+Cy=1200\".)"),
    "canasta.points.and_cards": ("{player}: a side's score counted on paper stands alone, without \"{key}\" "
                                 "(give the cards, or the points)."),
    "canasta.points.partner": ("{player}: the side's score is given at {partner}, so {player} is entered with "
                               "nothing ({{}}, or \"{player}:\" on one line)."),
    "canasta.red_threes.type": "{player}: \"red_threes\" are the red threes laid out, cards or a count, "
                               "not {value!q}.",
    "canasta.red_threes.count": "{player}: {count} red threes? There are four.",
    "canasta.red_threes.not_red_three": "{player}: {card} is not a red three (3♥ or 3♦).",
    "canasta.red_threes.too_many": "The sides laid out {count} red threes, but there are four.",
    "canasta.hand.points": ("{player}: the cards left are given as cards in Canasta, not as {points} points "
                            "(a side counted on paper gives its score as \"points\")."),
    "canasta.hand.type": "{player}: \"hand\" is the cards left, like \"5C 9D\", not {value!q}.",
    "canasta.hand.red_three": ("{player}: {card} is a red three, which is never held: it is laid out "
                               "(\"red_threes\")."),
    "canasta.hand_missing": ("{player}: \"hand\" is missing: give the cards left in hand (\"\" for the player "
                             "who went out)."),
    "canasta.concealed_type": "\"concealed\" is true or false, not {value!q}.",
    "canasta.no_ending": ("Say how the hand ended: who went out (\"out\", or the one player with no cards left) "
                          "or \"stock_exhausted\": true."),
    "canasta.concealed_without_out": "\"concealed\" is said of the player who went out, and nobody went out.",
    "canasta.concealed_and_stock": ("{player} is said to have gone out concealed, but the stock ran out, so "
                                    "nobody went out: going out concealed needs a player who went out."),
    "canasta.out_without_canastas": ("{player} went out, but the side has {count:#canasta|canastas} and needs "
                                     "{needed} to go out (canastas_to_go_out, I-K2)."),

    # -- the one-line form --
    "canasta.oneline.red_threes": "{player}: \"{token}\": the red threes are written r3=N, N from 0 to 4.",
    "canasta.oneline.hand_missing": ("{player}: say what is left in hand after \"-\" (\"{player}: -5C 9D\", or "
                                     "\"{player}: -\" after going out); cards with no mark are melds."),
    "canasta.oneline.not_a_side": "\"{named}\" is not a side: {player} plays with {side}.",
    "canasta.word.concealed": "concealed",

    # -- sides --
    "canasta.teams.four_only": ("Canasta is played in sides of two by four players: --teams does not apply to "
                                "{count} players, who each play alone."),
    "canasta.teams.two_of_two": "--teams names two sides of two players each (--teams \"Ann+Cy,Bob+Dee\").",

    # -- explanation lines --
    "canasta.line.points": "the side's score, counted on paper: {points}",
    "canasta.line.meld": "{cards}: {meld}, {points}",
    "canasta.line.natural": "a natural canasta of {ranks}: {points}",
    "canasta.line.mixed": "a mixed canasta of {ranks}: {points}",
    "canasta.line.red_threes": "{count:#red three|red threes} laid out: {points}",
    "canasta.line.red_threes.all": "all four red threes: {points}",
    "canasta.line.red_threes.against": ("{count:#red three|red threes} laid out by a side that melded nothing: "
                                        "−{points}"),
    "canasta.line.red_threes.all.against": "all four red threes, by a side that melded nothing: −{points}",
    "canasta.line.out": "{player} went out: {points}",
    "canasta.line.out_concealed": ("{player} went out concealed, as the entry says (it cannot be seen from the "
                                   "cards): {points}"),
    "canasta.line.left": "{card} left in hand ({player}): −{points}",

    # -- the end --
    "canasta.end.tie": "{sides:and} are tied at {total}: another hand is played to break the tie (I-K4).",
    "canasta.end.shared": "{sides:and} share the win at {total} (tie=shared, I-K4).",

    # -- the screens --
    "canasta.screen.side": "{side}: base {base}, bonus {bonus} ({what})",
    "canasta.screen.side_base": "{side}: base {base}, bonus {bonus}",
    "canasta.screen.side_on_paper": "{side}: counted on paper",
    "canasta.screen.natural": "{count:#natural canasta|natural canastas}",
    "canasta.screen.mixed": "{count:#mixed canasta|mixed canastas}",
    "canasta.screen.red_threes": "{count:#red three|red threes}",
    "canasta.screen.red_threes_against": "{count:#red three|red threes} against it",
    "canasta.screen.concealed": ("{player} went out concealed, as the entry says: whether {player} had melded "
                                 "before cannot be seen from the cards."),
    "canasta.screen.first_meld": "Minimum first meld for the coming hand: {sides}.",
    "canasta.screen.first_meld_label": "Minimum first meld",
    "canasta.screen.first_meld_of": "{side} {points}",
    "canasta.screen.intro": ("For each side, at its first player: its melds as they lie at the end (commas "
                             "between melds, JK and 2s wild), then the red threes laid out (a count or the cards); "
                             "then each player's cards left in hand (out: none, this player went out)."),
    "canasta.screen.intro.paper": ("A side counted on paper: its score as one number at its melds (its partner is "
                                   "not asked)."),

    # -- the questions at the table --
    "canasta.prompt.melds": "melds at the end (Enter: none; a number: on paper):",
    "canasta.prompt.side_melds": "melds of {side} (Enter: none; a number: on paper):",
    "canasta.prompt.red_threes": "red threes laid out (a count or the cards; Enter: none):",
    "canasta.prompt.side_red_threes": "red threes of {side} (a count or the cards; Enter: none):",
    "canasta.prompt.hand": "cards left in hand (\"out\" if none):",
    "canasta.prompt.concealed": "Did {player} go out concealed, melding every card at once? (y/N):",
    "canasta.prompt.yes_or_no": "\"{text}\": answer y or n.",
    "canasta.prompt.yes": "y",
    "canasta.prompt.no": "n",

    # -- where the rules are silent --
    "interpretation.I-K1": ("Four players play in two sides of two, partners facing each other: the first and "
                            "third players against the second and fourth (new --teams \"Ann+Cy,Bob+Dee\" chooses "
                            "others); two or three players play each alone."),
    "interpretation.I-K2": ("A side needs one canasta before one of its players may go out, two when two play "
                            "(canastas_to_go_out)."),
    "interpretation.I-K3": ("Going out concealed earns 200 in place of the 100 for going out "
                            "(concealed_bonus); whether the player had melded before cannot be seen in the entry, "
                            "so \"concealed\" is accepted as said."),
    "interpretation.I-K4": ("Equal highest totals at or past the target: another hand is played (tie=shared: the "
                            "sides share the win)."),
    "interpretation.I-K5": ("The minimum first meld of a side (15 below 0, 50 from 0, 90 from 1,500, 120 from "
                            "3,000: first_meld) is shown with the standings, not checked: the entry records the "
                            "melds as they lie at the end of the hand."),
    "interpretation.I-K6": ("A side that melded nothing when the hand ends scores its red threes against it: "
                            "−100 each, −800 for all four."),
}
