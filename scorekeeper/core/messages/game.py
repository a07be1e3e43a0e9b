"""Message templates: rule options, variants, scoring, the game and its end.

Code -> template; see :mod:`scorekeeper.core.messages` for the notation.
"""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # -- rule options and variants (core.rules, core.variants) --
    "rule.not_key_value": 'The rule option "{arg}" is not KEY=VALUE (for example target=300).',
    "rule.not_for_variant": 'The option "{key}" does not apply to {variant}; its options are {keys:list}.',
    "rule.unknown": '"{key}" is not a rule option; {variant} has {keys:list}.',
    "rule.unknown_near": '"{key}" is not a rule option (did you mean {near}?); {variant} has {keys:list}.',
    "rule.bad_value": "{key}={value} is not allowed: {key} takes {values}.",
    "rule.too_big": "{key}={value!q} is more than any game holds: {key} is at most {limit:,}.",
    "rule.too_few_decks": ("{players} players cannot be dealt {each} cards each from one deck (52 cards): "
                           "use decks=2 or leave decks out."),
    "rule.duplicates_need_two_decks": ("set_duplicates=true needs two decks: with one deck there are no identical "
                                       "cards ({players} players play with one deck unless decks=2)."),
    "rule.crazy_no_play_on": ("tie=play-on is not possible in Crazy Rummy: the game is exactly 13 rounds and there "
                              "is no fourteenth wild rank to play a tie off with, so tied lowest totals share the "
                              "win (tie=shared)."),
    # the standings' column of hands won (I-7), named for what it counts (core.describe.won_heading)
    "won_heading.out": "Went out",
    "won_heading.rounds": "Rounds won",
    "won_heading.hands": "Hands won",
    "variant.unknown": '"{name}" is not a variant; the variants are {variants:list}.',
    "variant.unknown_near": '"{name}" is not a variant (did you mean "{near}"?); the variants are {variants:list}.',
    "variant.failed": 'The variant "{name}" could not be loaded from {where}: its own code failed while loading.',
    "variant.bad_result": ('The variant "{name}" gave for hand {number} something that is not a hand\'s scores, '
                           "so nothing was stored."),
    "variant.bad_players": ('The variant "{name}" gave scores for hand {number} to {given:list} instead of the '
                            "game's players, so nothing was stored."),
    "variant.bad_score": ('The variant "{name}" gave {player} {value} points for hand {number}, which is not a whole '
                          "number of points a game can hold (at most {bound:,} either way), so nothing was stored."),
    "variant.not_a_variant": 'The variant "{name}" could not be loaded from {where}: what it names is not a variant.',
    "variant.id_mismatch": 'The variant "{name}" could not be loaded from {where}: the variant there is "{id}".',
    "variant.id_taken": ('The variant "{name}" could not be loaded from {where}: another variant already '
                         'has that id.'),
    "variant.clash": ('The variant "{name}" from {where} was left aside: "{name}" is a variant built into '
                      'scorekeeper, which is used instead.'),
    "variant.alias_clash": ('The variant "{name}" from {where}: the other names {aliases:and} are already a '
                            'built-in variant\'s and are not taken.'),
    # a variant's code failed while a command ran (scorekeeper.app.scorer.failure)
    "variant.broke": ('The variant "{name}" ({package} {version}) failed: an error in its own code. --debug shows '
                      'where.'),
    "variant.broke.bare": ('The variant "{name}" ({package} {version}) failed: an error in its own code. --debug '
                           'shows where.'),
    "event.not_in_variant": "{variant} has no such step between deals ({kind}).",
    "event.not_in_variant.split": ("{variant} is not ended by agreement: its game ends as its rules say "
                                   "(scorekeeper rules {variant_id})."),
    "event.not_in_variant.rejoin": "{variant} lets no player back into the game (scorekeeper rules {variant_id}).",
    "event.made": "After deal {after}: {kind}.",
    "event.no_deal_yet": "No deal has been played yet: nothing comes between deals before the first one.",
    "event.out_of_place": ("An event between deals ({kind}) is stored after deal {after}, but {deals} deals were "
                           "played before it: the session was changed outside scorekeeper."),
    "event.after_missing_deal": ("An event between deals ({kind}) is stored after deal {after}, but the game has "
                                 "{deals} deals: the session was changed outside scorekeeper."),

    # -- a game: players, hands, the end (core.game) --
    "text.undecodable": "{shown}: this text is not UTF-8 (a terminal set to another encoding typed it); "
                        "nothing was stored: type it again with the terminal set to UTF-8.",
    "text.control": "{shown}: {what} cannot hold control characters (U+{char:04X}), which terminals would act on.",
    "text.control.title": ("{shown}: the title cannot hold control characters (U+{char:04X}), which terminals "
                           "would act on."),
    "text.control.player": ("{shown}: a player's name cannot hold control characters (U+{char:04X}), which "
                            "terminals would act on."),
    "text.too_long.player": ("{text!q}: a player's name can be at most {limit:#character|characters} long "
                             "(this one has {length})."),
    "text.too_long.title": "{text!q}: a title can be at most {limit:#character|characters} long (this one has {length}).",
    "player.empty_name": "A player's name cannot be empty.",
    "player.name_spaces": '"{name}": a player\'s name cannot start or end with spaces.',
    "player.name_colon": '"{name}": a player\'s name cannot hold ":" (it ends the name in one-line entries).',
    "player.name_separator": ('"{name}": a player\'s name cannot hold "{sign}" (it separates the players\' names '
                              "in --teams and --carry)."),
    "player.named_twice": '"{name}" is named twice: every player needs a different name.',
    "game.player_count": "{variant} is played by {min} to {max} players, not {count}.",
    "game.player_count_exact": "{variant} is played by exactly {min} players, not {count}.",
    "game.unknown_dealer": 'The dealer "{dealer}" is not one of the players.',
    "game.unknown_dealer_near": 'The dealer "{dealer}" is not one of the players (did you mean "{near}"?).',
    "game.no_hands_yet": "There is no hand {number}: this session has no hands yet.",
    "game.no_such_hand_one": "There is no hand {number}: this session has hand 1 (did you mean {nearest}?).",
    "game.no_such_hand": ("There is no hand {number}: this session has hands 1 to {count} "
                          "(did you mean {nearest}?)."),
    "game.no_hands_yet.round": "There is no round {number}: this session has no rounds yet.",
    "game.no_such_hand_one.round": "There is no round {number}: this session has round 1 (did you mean {nearest}?).",
    "game.no_such_hand.round": ("There is no round {number}: this session has rounds 1 to {count} "
                                "(did you mean {nearest}?)."),
    "game.hand_after_end": "Hand {number} comes after the end of the game.",
    "game.finished": "The game is finished ({winners:and} won): start a new session with `scorekeeper new`.",
    "game.of_player": "{player}: {cause}.",
    "carry.not_name_points": '--carry "{arg}" is not NAME=POINTS (for example --carry Ann=120).',
    "carry.unknown_player": '--carry: "{name}" is not one of the players ({players:and}).',
    "carry.unknown_player_near": '--carry: "{name}" is not one of the players (did you mean "{near}"?).',
    "carry.bad_points": '--carry: "{points}" is not a whole number of points for {player} (for example {player}=120).',
    "carry.too_large": "{player} cannot carry over more than {limit:,} points either way: no game holds more.",
    "carry.twice": "--carry names {player} twice: give each player's points once.",
    "carry.not_points_per_player": "The points carried over must be whole numbers for {players:and}.",
    "carry.side_needed": ("--carry: {player} plays in the side {side}, which has one total: carry the side's "
                          "points over (for example --carry {side}=1200)."),
    "carry.not_a_side": "--carry: {players:and} are not one side; the sides are {sides:and}.",
    "carry.partners_differ": "Partners share one total: {players:and} must carry the same points over.",
    "teams.not_for_variant": "{variant} is not played in sides: --teams does not apply to it.",
    "teams.empty": ('--teams "{text}" names no sides: write the partners of each side joined by + and the sides '
                    'separated by a comma (--teams "Ann+Cy,Bob+Dee").'),
    "teams.unknown_player": '--teams: "{name}" is not one of the players ({players:and}).',
    "teams.unknown_player_near": '--teams: "{name}" is not one of the players (did you mean "{near}"?).',
    "teams.player_twice": "--teams names {player} twice: each player plays in one side.",
    "teams.player_missing": "--teams leaves out {players:and}: every player plays in one side.",
    "entry.zero_needs_out": ('{player}: a points-only 0 in hand means no cards are left, so {player} went out, '
                             'which scores {bonus} here: say so with "out" (on one line "{player}: -0 out").'),
    "points.over_decks_hand": ("{player}: {points} points in hand is more than the {bound} points all the cards "
                               "of {decks:#deck|decks} are worth: a typing slip? (A game begun on paper is "
                               "carried over with new --carry NAME=POINTS.)"),
    "points.over_decks_hand_jokers": ("{player}: {points} points in hand is more than the {bound} points all the "
                                      "cards of {decks:#deck|decks} and {jokers:#joker|jokers} are worth: a typing "
                                      "slip? (A game begun on paper is carried over with new --carry NAME=POINTS.)"),
    "points.over_decks_table": ("{player}: {points} points on the table is more than the {bound} points all the "
                                "cards of {decks:#deck|decks} are worth: a typing slip? (A game begun on paper is "
                                "carried over with new --carry NAME=POINTS.)"),
    "points.over_decks_table_jokers": ("{player}: {points} points on the table is more than the {bound} points all "
                                       "the cards of {decks:#deck|decks} and {jokers:#joker|jokers} are worth: a "
                                       "typing slip? (A game begun on paper is carried over with new --carry "
                                       "NAME=POINTS.)"),
    "points.over_decks_sum": ("{what} add up to {points} points, more than the {bound} points all the cards of "
                              "{decks:#deck|decks} are worth there: a typing slip? (A game begun on paper is "
                              "carried over with new --carry NAME=POINTS.)"),
    "points.over_decks_sum_jokers": ("{what} add up to {points} points, more than the {bound} points all the cards "
                                     "of {decks:#deck|decks} and {jokers:#joker|jokers} are worth there: a typing "
                                     "slip? (A game begun on paper is carried over with new --carry NAME=POINTS.)"),
    "points.sum.tables": "The tables of {players:and}",
    "points.sum.hands": "The hands of {players:and}",
    "points.sum.both": "The tables and hands of {players:and}",
    "points.sum.cards_and_points": ("The cards shown (worth {shown} at the most) and the points of {players:and} "
                                    "({given})"),
    "carry.reaches_target": ("{players:and} would start at {points}, already at the target of {target}: that game "
                             "is over. Carry over the totals of a game still being played."),
    "round.not_for_variant": ("--round {round} does not apply to {variant}: its rounds do not differ, and the game "
                              "ends at its target (carry the totals over with --carry)."),
    # the same for a game of a fixed number of deals (Indian Rummy's points and deals games), and for one
    # that has neither a target nor a number of deals (Indian Rummy's pools: the last player left wins)
    "round.not_for_variant.deals": ("--round {round} does not apply to {variant}: its deals do not differ, and the "
                                    "game ends after its {deals:#deal|deals} (carry the totals over with --carry)."),
    "round.not_for_variant.no_target": ("--round {round} does not apply to {variant}: its deals do not differ "
                                        "(carry the totals over with --carry)."),
    "round.out_of_range": "--round {round} is not a round of {variant}: its rounds are 1 to {last}.",
    "round.out_of_range.deal": "--round {round} is not a deal of {variant}: its deals are 1 to {last}.",
    "end.shared": "{winners:and} share the win at {total}.",
    "end.several_reached": ("{reached:and} reached {target} in the same hand: the highest total wins, even where "
                            "another player got there first, so {winners:and} wins with {total} (Rummy 500 and "
                            "Rum 500: scoring a hand)."),
    # one sentence per deal word: "hand" and "round" are different words (and genders) in other languages
    "end.tie_play_on.hand": "{winners:and} are tied at {total}: another hand is played to break the tie (I-1).",
    "end.tie_play_on.round": "{winners:and} are tied at {total}: another round is played to break the tie (I-1).",
    "end.tie_play_on.deal": "{winners:and} are tied at {total}: another deal is played to break the tie (I-1).",

    # -- Rummy 500 / Rum 500: card values, lay-offs, lines --
    "value.ace": "ace",
    "value.low_ace": "low ace",
    "value.low_ace_scale": "low ace on the 5-10-15 scale",
    "value.ace_in_hand_low": "ace in hand, counted low in this game",
    "value.ace_in_hand_low_scale": "ace in hand at the low value, as this game counts it",
    "value.ten_to_king_scale": "10 to king on the 5-10-15 scale",
    "value.two_to_nine_scale": "2 to 9 on the 5-10-15 scale",
    "value.court": "court card",
    "value.face": "face value",
    "layoff.meld_title": "{owner}'s {kind} {cards}",
    # a meld's kind, as a word of the sentences above
    "meld_kind.run": "run",
    "meld_kind.set": "set",
    "layoff.meld_with": "{meld} (with {cards} laid off)",
    "layoff.not_on": "not on {meld}: {why}",
    "layoff.reasons": " ({reasons})",
    "layoff.paper": ("; {players:and} counted the table on paper, and a lay-off onto such melds cannot be "
                     "checked: record it as points too"),
    "layoff.card_of": "{card} ({player})",
    "layoff.nor_do": "; nor do {cards:list}",
    "layoff.no_melds": ("{player}: the lay-off {card} has no meld to go on: no melds were entered card by card "
                        "this hand (a lay-off onto a meld given as points cannot be checked: record it as "
                        "points too)."),
    "layoff.no_fit": "{player}: the lay-off {card} fits no meld on the table{why}.",
    "layoff.not_all_fit": "The lay-offs {layoffs} cannot all fit on the table's melds at once.",
    "layoff.ace_ambiguous": ("{player}: the laid-off {card} could go low in a run (1) or elsewhere (15): "
                             "write {typed}:low or {typed}:high."),
    "line.table_on_paper": "points put on the table, counted on paper",
    "line.meld_card": "{card} in {kind} {meld}: {value}, {amount}",
    "line.own_meld": "their own",
    "line.meld_of": "{owner}'s",
    "line.layoff": "{card} laid off by {player} on {whose} {kind} {meld}: {value}, {amount}",
    "line.in_hand": "{card} left in hand: {value}, −{amount}",
    "line.hand_on_paper": "cards left in hand, counted on paper: −{amount}",
    "line.out_bonus": "going out bonus: +{amount}",
}

TEMPLATES.update({
    "value.joker": "joker",
    "line.count_on_paper": "cards left in hand, counted on paper: {count}",
    "line.no_cards": "no cards left in hand: 0",
    "line.counts_toward": "{card} left in hand: {value}, counts {amount} toward {player}'s {count}",
    "line.knocker_tied": "{player} knocked and tied for the lowest count ({low}): the knocker wins nothing, 0",
    "line.knocker_undercut": "{player} knocked with {count} and was undercut ({winners:and} won with {low}): 0",
    "line.did_not_win": "{player} did not win the round ({winners:and} won with {low}): 0",
    "line.difference": "difference to {other}: {other}'s {theirs} − {player}'s {mine} = {amount}",
    "line.undercut_bonus": "undercut bonus: {player} won a round {knocker} knocked in, +{amount}",
    "line.going_out_bonus": "going out bonus: {player} played every card, +{amount}",
    "bonus.reached": ("{player} reached {target} ({total}): +{amount} (Carousel: the end of the game); "
                      "final total {final}."),
    "bonus.reached_all": ("{player} reached {target} ({total}): +{amount}, and 25 for each of the "
                          "{won:#round|rounds} won: +{extra} (Carousel: the end of the game, I-2); "
                          "final total {final}."),
    "bonus.below_none": ("{player} stayed below {target} ({total}): no end bonus in this game "
                         "(Carousel: the end of the game, I-2); final total {final}."),
    "bonus.below_won": ("{player} stayed below {target} ({total}) and won {won:#round|rounds}: "
                        "25 × {won} = +{rounds} (Carousel: the end of the game, I-2); final total {final}."),
    "bonus.below_no_round": ("{player} stayed below {target} ({total}) and won no round: no end bonus "
                             "(Carousel: the end of the game, I-2); final total {final}."),
    "bonus.given": "{player} +{amount}",
    "bonus.none": "{player} 0",
    "bonus.with": "{player} {total} + {amount}",
})

TEMPLATES.update({
    # the rank wild in a deal (a Crazy Rummy round, an Indian Rummy deal): one phrase per rank (a language
    # says each its own way)
    "wild.rank.1": "aces are wild",
    "wild.rank.2": "twos are wild",
    "wild.rank.3": "threes are wild",
    "wild.rank.4": "fours are wild",
    "wild.rank.5": "fives are wild",
    "wild.rank.6": "sixes are wild",
    "wild.rank.7": "sevens are wild",
    "wild.rank.8": "eights are wild",
    "wild.rank.9": "nines are wild",
    "wild.rank.10": "tens are wild",
    "wild.rank.11": "jacks are wild",
    "wild.rank.12": "queens are wild",
    "wild.rank.13": "kings are wild",
    # the deck an entry is checked against (check_deck's deck wording)
    "deck_text.one_52": "one 52-card deck",
    "deck_text.one_with_joker": "one deck with one joker",
    "deck_text.two_with_jokers": "two decks with two jokers",
    "line.went_out": "{player} went out: 0",
    "line.penalty_on_paper": "cards left in hand, counted on paper: {amount}",
    "line.penalty_card": "{card} in hand, {value}",
})

TEMPLATES.update({
    "meld.whole_suit_ace": ("{player}: the {card} in a run of all thirteen cards could be low ({low_ace}, the run "
                            "worth {low}) or high ({high_ace}, the run worth {high}): write {typed}:low or "
                            "{typed}:high."),
})

TEMPLATES.update({
    # -- the deal, for `rules` --
    "deal.cards_each": "{each} cards each",
    "deal.cards_each_extra": "{each} cards each, {leader} to the player left of the dealer",
})

TEMPLATES.update({
    # -- what the rules say where the rule books are silent (SPEC §2.6), by interpretation id --
    "interpretation.I-1": (
        "When two or more players share the winning total at the end, Rummy 500, Rum 500 and Carousel "
        "play another hand until the tie breaks (the standings say a tie is being played off), and "
        "Crazy Rummy, which has no fourteenth round, shares the win; the option tie=play-on|shared "
        "changes this where the variant allows it."
    ),
    "interpretation.I-2": (
        "Carousel's end bonus: each player at 150 or more gets 100, and each player below it gets 25 "
        "for every round they won (round_bonus=others); round_bonus=all gives the 25s to everyone, "
        "round_bonus=none gives only the 100."
    ),
    "interpretation.I-3": (
        "Rum 500 with 8 players cannot be dealt 7 cards each from one deck, so two decks are used "
        "(the decks option changes it)."
    ),
    "interpretation.I-4": (
        "In Carousel, when the lowest count is shared and nobody knocked, every tied player wins the "
        "round and none of them gets the undercut bonus."
    ),
    "interpretation.I-5": (
        "A laid-off ace that could attach at the low end of a run (1 point) or elsewhere (15), and the "
        "ace of a run of all thirteen cards of a suit, are never guessed: the entry says which with AS:low "
        "or AS:high; when every attachment gives every player the same points nothing need be said (two A♥ "
        "laid off by one player, one only below a 2♥ and the other only above a K♥: 1 + 15 whichever is "
        "which). A meld's ace keeps the place it had when it was melded, whatever is laid off on it later."
    ),
    "interpretation.I-6": (
        "A hand, or one player's part of it, may be given as points only (no cards): it is accepted "
        "for every variant, checks that need cards are skipped, and the history marks it \"(points)\". "
        "A points-only 0 in hand means no cards are left, so it follows the rules of going out: only one "
        "player can hold nothing, and where going out scores (Carousel's 25, out_bonus) the entry names "
        "that player as out. Points beyond what all the cards of the game's decks are worth, on one table "
        "or in one hand or all of them together (an ace left in hand counts as ace_in_hand says), are "
        "refused as a typing slip: a game begun on paper is carried over with new --carry NAME=POINTS."
    ),
    "interpretation.I-7": (
        "A hand is won by the player who went out in Rummy 500, Rum 500 and Crazy Rummy (by nobody when "
        "the stock ran out), and by the round's winners in Carousel; the standings count them (Went out; "
        "Rounds won in Carousel)."
    ),
    # -- the names of the rule sections explanations cite --
    "section.§2": "Variants, seats and the deal",
    "section.§2.1": "Cards and card values",
    "section.§2.2": "Melds and lay-offs",
    "section.§2.3": "Rummy 500 and Rum 500: scoring a hand",
    "section.§2.4": "Carousel: scoring a round",
    "section.§2.4-end": "Carousel: the end of the game",
    "section.§2.5": "Crazy Rummy: scoring a round",
    "section.§2.6": "Where the rules are silent",
    "section.§4": "Recording a hand",
})

TEMPLATES.update({
    # -- the variants table and `rules VARIANT` (core.describe) --
    "describe.players": "{count:#player|players}",
    "describe.player_range": "{least}–{most} players",
    "describe.for_players": "{value} for {players}",
    "describe.by_count": "{parts:list}",
    "describe.decks": "{decks:#deck|decks}",
    "describe.decks_jokers": "{decks:#deck|decks} + {jokers:#joker|jokers}",
    "describe.highest": "highest",
    "describe.lowest": "lowest",
    "describe.goal_target": "first to {target}+; {who} total wins",
    "describe.goal_rounds": "{rounds:#round|rounds}; {who} total wins",
    "describe.goal": "{who} total wins",
    "describe.default_by_count": "by player count: {values}",
})

# The Markdown export said with the variant's word for a deal (Carousel, Crazy Rummy: round; Contract
# Rummy: deal); a Rummy 500 hand is said by the export itself.
for _word, _words, _Word in (("round", "rounds", "Round"), ("deal", "deals", "Deal")):
    TEMPLATES.update({
        f"export.md.count.{_word}": f"{{n:#{_word}|{_words}}}",
        f"export.md.won.{_word}": f"**{{names}} wins** after {{n:#{_word}|{_words}}}.",
        f"export.md.shared.{_word}": f"**{{names}} share the win** after {{n:#{_word}|{_words}}}.",
        f"export.md.in_play.{_word}": f"Game in play after {{n:#{_word}|{_words}}}; {{dealer}} deals next.",
        f"export.md.by_deal.{_word}": f"{_Word} by {_word}",
        f"export.md.column.{_word}": _Word,
        f"export.md.cell.{_word}": f"Each cell: the {_word}'s score → the running total.",
    })
