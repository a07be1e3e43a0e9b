"""Indian Rummy's own words: message code -> English template (the gettext message id).

See :mod:`scorekeeper.core.messages` for the notation. Every code starts with ``indian.`` (or
names one of the variant's interpretations, ``interpretation.I-N…``, or its rule, ``section.§2.9``).
The rule book's words: a deal, a sequence (pure or impure), a set, the wild joker, a drop (first
or middle), a show (a declaration), a wrong show, the full count, a pool, a rejoin, a split.
"""
from __future__ import annotations

_SHOW = "a show puts all 13 cards in melds, with at least two sequences, one of them pure"

TEMPLATES: dict[str, str] = {
    # -- the rules summary, the goal --
    "indian.goal": "points: lowest total after 6 deals; pool: the last player under 101/201/61; deals: most chips",

    # -- melds --
    "indian.meld.pure": "a pure sequence: {reading}",
    "indian.meld.impure": "an impure sequence: {reading}",
    "indian.meld.set": "{reading}",
    "indian.meld.wilds_only": "a meld of wild cards only is no meld: at least one card must be itself",
    "indian.meld.set_suits": "a set's cards are all of different suits ({card} twice)",
    "indian.arranged.pure": "{cards} (pure sequence)",
    "indian.arranged.impure": "{cards} (impure sequence)",
    "indian.arranged.set": "{cards} (set)",
    "indian.wilds.rank": "{ranks} and the printed jokers",
    "indian.wilds.joker_cut": "{ranks} (a printed joker was cut) and the printed jokers",
    "indian.wilds.jokers_only": "the printed jokers only",

    # -- the declaration (validation 1) --
    "indian.declare.illegal": "{player} declared, but {cause}: that is no valid show.",
    "indian.declare.cards": "{player} declared with {count:#card|cards} in melds: " + _SHOW + ".",
    "indian.declare.sequences": ("{player} declared with {sequences:#sequence|sequences}: " + _SHOW + "."),
    "indian.declare.no_pure": "{player} declared without a pure sequence: " + _SHOW + ".",
    "indian.declare.arranged": "{cause}. The same cards do make a valid show: {melds}.",

    # -- check indian CARDS --wild R --
    "indian.check.valid": "a valid declaration: all 13 cards in melds, two sequences or more, one of them pure",
    "indian.check.illegal": "no valid declaration: a meld is not legal",
    "indian.check.cards": "no valid declaration: {count:#card|cards} in melds, and " + _SHOW,
    "indian.check.sequences": "no valid declaration: {sequences:#sequence|sequences}, and " + _SHOW,
    "indian.check.no_pure": "no valid declaration: no pure sequence, and " + _SHOW,
    "indian.check.arranged": "{cause}; arranged otherwise the same cards are one: {melds}",

    # -- the entry (validations 3-8) --
    "indian.unknown_top_key": '"{key}" is not a key of an Indian Rummy deal; use {allowed:list}.',
    "indian.unknown_player_key": '{player}: "{key}" is not a key of an Indian Rummy deal; use {allowed:list}.',
    "indian.drop_value": '{player}: "drop" is "first" or "middle", not {value!q}.',
    "indian.wrong_value": '{player}: "wrong" is true (a wrong show), not {value!q}.',
    "indian.drop_and_wrong": "{player} cannot both drop and show wrongly in one deal.",
    "indian.left_shows_cards": ('{player} left the deal ({how}) and shows no cards: leave out "{key}" (a drop or '
                                'a wrong show costs its points, whatever the cards).'),
    "indian.left_shows_cards.line": ('{player} left the deal ({how}): type the word alone ("{player}: {how}"), no '
                                     'cards (a drop or a wrong show costs its points, whatever the cards).'),
    "indian.points_and_melds": ("{player}: {points} points counted on paper go without melds: give the melds and "
                                "the cards left out, or the points alone."),
    "indian.player_missing": ("{player} is missing from the deal: every player still in the game needs an entry "
                              "({players:and})."),
    "indian.wild_not_rank": "{value!q} is not a rank: the wild rank is A, 2-10, J, Q or K, or JK when a printed "
                            "joker was cut.",
    "indian.wild_missing": ('The deal\'s wild rank is missing: give the rank of the cut card ("wild": "7"; on one '
                            'line wild=7; JK for a printed joker).'),
    "indian.points_over": ("{player}: {points} points is more than the full count, {full}: no player's cards "
                           "count more in a deal."),
    "indian.loser_cards": ("{player} shows {count:#card|cards}: a player shown card by card shows all 13, in melds "
                           "and left out."),
    "indian.out_left": '"out" names {player}, who left the deal ({how}): the declarer is a player still in.',
    "indian.out_holds_cards": ("{player} declared but holds {cards} out of melds: a show puts all 13 cards in "
                               "melds, nothing left out."),
    "indian.out_with_points": "{player} declared but is counted {points} on paper: the declarer scores 0.",
    "indian.two_declarers": ('{players:and} both show every card in melds: say who declared ("out": a name; on '
                             'one line the word show).'),
    "indian.nobody_declared": ('Nobody declared: name the player who showed ("out": a name; on one line the word '
                               'show), unless everyone else dropped or showed wrongly.'),
    "indian.everyone_left": ("Every player dropped or showed wrongly: one player is always left in, and wins the "
                             "deal (I-N6)."),
    "indian.empty_part": ("{player}'s part is empty: give the melds and the cards left out, the points, or drop, "
                          "middle or wrong (an empty part is the last player in after everyone else dropped)."),
    "indian.last_in_not_last": ("{player} shows nothing, which only the last player in after everyone else "
                                "dropped may do; {others:and} did not drop."),

    # -- the one-line form and the prompt --
    "indian.line.no_name": ('"{text}" does not start with a player\'s name and ":" (for example "Ann: 2H 3H 4H, '
                            '5S 6S 7S -KD 9C"), and is not the wild rank (wild=7).'),
    "indian.line.wild_twice": "The wild rank is given twice (wild={first} and wild={second}).",
    "indian.line.comma_out_of_place": '{player}: "," separates melds, and melds come before "-" and the cards '
                                      'left out.',
    "indian.line.points_out_of_place": ('{player}: "{token}" is not a card, and points are a part of their own '
                                        '(for example "Cy: 35").'),
    "indian.line.nothing": ("{player}: say what {player} showed: melds and the cards left out after -, the "
                            "points, drop, middle, wrong, or show."),
    "indian.line.word.drop": "drop",
    "indian.line.word.middle": "middle",
    "indian.line.word.wrong": "wrong",
    "indian.line.word.show": "show",
    "indian.line.word.wild": "wild",
    "indian.prompt.wild": "Wild rank (the cut card: 7, Q, A; JK for a printed joker; Enter: none, a deal on paper):",
    "indian.prompt.part": "melds -cards left out (or points, drop, middle, wrong; show if declared):",
    "indian.prompt.who_declared": "Who declared?",
    "indian.prompt.no_declarer": "Name the player who declared.",
    "indian.prompt.intro": ("First the wild rank, then each player in one answer: the melds, separated by commas, "
                            "then - and the cards left out (2H 3H 4H, 5S 6S JK -KD 9C)."),
    "indian.prompt.intro_words": ("The declarer adds show; a hand counted on paper is its points (35); drop, "
                                  "middle and wrong say who dropped or showed wrongly."),

    # -- explanation lines --
    "indian.line.declared": "{player} declared: 0",
    "indian.line.last_in": "{player} was the last player in after everyone else dropped: 0",
    "indian.line.first_drop": "{player} dropped before the first draw: {amount}",
    "indian.line.middle_drop": "{player} dropped later, before the show: {amount}",
    "indian.line.wrong_show": "{player} declared wrongly: {amount}",
    "indian.line.on_paper": "counted on paper: {amount}",
    "indian.line.card": "{card} left out of melds: {value}",
    "indian.line.card_no_life": "{card}, no two sequences with a pure one, counts: {value}",
    "indian.line.full_count": "at most the full count, {full}: {counted} counts {full}",
    "indian.value.wild": "a wild card, 0",
    "indian.value.ten": "10",
    "indian.value.face": "{amount}",
    "indian.note.declared": "Declared: {melds}.",
    "indian.note.life": "Two sequences, one pure, so only the cards left out count: {melds}.",
    "indian.note.no_life": "No two sequences with a pure one, so every card counts: {melds}.",
    "indian.note.partial_life": ("No second sequence, so every card counts but the pure sequence {spared} "
                                 "(partial_life=pure): {melds}."),
    "indian.note.not_in_play": "Out of the game: no part in this deal.",
    "indian.eliminated": "{players:and} reached {limit}: out of the game.",

    # -- how a deal ends, in the variant's words --
    "indian.ending.out": "declared",
    "indian.ending.won": "Declared",

    # -- screens --
    "indian.screen.summary_heading": "Play",
    "indian.screen.cell": "{parts}",
    "indian.screen.cell.wild": "{rank} wild",
    "indian.screen.cell.declared": "{player} declared",
    "indian.screen.cell.eliminated": "{players:and} out",
    "indian.screen.dropped.first": "{players:and} dropped",
    "indian.screen.dropped.middle": "{players:and} dropped in the middle",
    "indian.screen.wrong": "{players:and} showed wrongly",
    "indian.screen.wild": "Wild: {wilds}.",
    "indian.screen.no_wild": "No wild rank given (the deal was counted on paper).",
    "indian.screen.eliminated": "{players:and} reached the limit and left the game.",
    "indian.screen.fact": "{label}: {value}",
    "indian.screen.told.first": "{players:and} dropped.",
    "indian.screen.told.middle": "{players:and} dropped in the middle.",
    "indian.screen.told.wrong": "{players:and} showed wrongly.",
    "indian.board.deal": "Deal",
    "indian.board.deal_of": "{deal} of {deals}",
    "indian.board.in_play": "In play",
    "indian.board.out": "Out",
    "indian.board.names": "{players:list}",
    "indian.board.chips": "Chips",
    "indian.board.chips_of": "{player} {chips}",

    # -- the game: events, the end --
    "indian.event.rejoin": "{player} rejoins at {total} after deal {after}.",
    "indian.event.split": "The game ends by agreement after deal {after}: the players left share it.",
    "indian.event.no_deal_yet": "No deal has been played yet: a rejoin or a split comes after a deal.",
    "indian.rejoin.not_pool": "Only a pool game has rejoins (this game is game={game}).",
    "indian.rejoin.off": "This pool has no rejoins (rejoin=false).",
    "indian.rejoin.who": '"{name}" is not a player of this session; the players are {players:and}.',
    "indian.rejoin.in_play": "{player} is still in the game ({total}, under {limit}): only an eliminated player rejoins.",
    "indian.rejoin.once": "{player} has rejoined once already: a player rejoins at most once a game (I-N4).",
    "indian.rejoin.too_late": ("{player} cannot rejoin: {leader} is at {total}, and a player rejoins only while "
                               "nobody left is above {above} (I-N4)."),
    "indian.rejoin.game_over": "The game is over ({winners:and} won): nobody rejoins.",
    "indian.split.not_pool": "Only a pool game is ended by agreement with end --split (this game is game={game}).",
    "indian.split.game_over": "The game is over already ({winners:and} won).",
    "indian.split.players": ("{players:and} are left: a pool is split when two or three players are left, not "
                             "{count}."),
    "indian.end.last_left": "{winners:and} is the last player under {limit}.",
    "indian.end.split": "The game was ended by agreement after deal {deal}: {winners:and} share it.",
    "indian.end.shared": "{winners:and} share the win at {total}.",
    "indian.end.shared_chips": "{winners:and} share the win with {total} chips each.",
    "indian.finished_pool": ("The game is over: {winners:and} won (the last under {limit}, or by agreement); "
                             "start a new session with `scorekeeper new`."),
    "indian.finished_deals": ("The game is over: all {deals:#deal|deals} have been played ({winners:and} won); "
                              "start a new session with `scorekeeper new`."),

    # -- options --
    "indian.no_play_on": ("tie=play-on is not possible in Indian Rummy: there is no deal after the last, and a pool "
                          "ends with one player, so equal totals share the win (tie=shared)."),
    "indian.deals_for_points": "deals={deals} sets the deals of a points game; game={game} has its own.",
    "indian.carry_limit": ("{players:and} would start at {points}, which reaches the pool's limit, {limit}: the "
                           "game could not begin."),
    "indian.carry_chips": ("A deals game (game={game}) starts from its chips, 80 a deal: nothing is carried over "
                           "(--carry is for points and pool games)."),

    # -- the rules the explanation lines cite, and the interpretations ``rules indian`` lists --
    "section.§2.9": "Indian Rummy: scoring a deal",
    "interpretation.I-N1": "When the cut card is a printed joker, the aces are wild that deal.",
    "interpretation.I-N2": ("A player who holds a pure sequence but no second sequence counts every card (up to the "
                            "full count); partial_life=pure leaves the pure sequence out of the count."),
    "interpretation.I-N3": ("A wrong show costs 80 (60 in pool61; wrong_show sets it); the deal goes on and is "
                            "entered once, with the valid show that ended it."),
    "interpretation.I-N4": ("An eliminated player may rejoin a pool once (rejoin NAME), while nobody left is above "
                            "79 (pool101), 174 (pool201) or 44 (pool61), at the highest remaining total plus 1; "
                            "rejoin=false allows none."),
    "interpretation.I-N5": ("When two or three players are left they may end a pool by agreement (end --split): "
                            "the players left share the win."),
    "interpretation.I-N6": "When everyone but one dropped, the one left wins the deal with 0 and shows nothing.",
}
