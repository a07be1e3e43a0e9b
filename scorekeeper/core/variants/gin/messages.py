"""Gin Rummy's own sentences: its entries, arrangements, knocks and bonuses (message code ->
English template; see :mod:`scorekeeper.core.messages` for the notation), taken with the rest
of its texts (:mod:`scorekeeper.core.variants.gin.templates`) when the variant is made."""
from __future__ import annotations

TEMPLATES: dict[str, str] = {
    # --- options (SPEC §2.7) ---
    "gin.spades_without_oklahoma": (
        "spades_double=true needs oklahoma=true: only an Oklahoma up-card, which sets the knock limit, "
        "doubles the score when it is a spade."
    ),
    "gin.no_tie": (
        'The option "tie" does not apply to Gin Rummy: the player who reached the target wins '
        "(game_winner=target), or the higher final total with a tie going to that player (game_winner=total)."
    ),

    # --- the entry's structure (SPEC §4) ---
    "gin.entry_not_table": 'A hand entry is a table with a "players" key, one entry per player.',
    "gin.no_out": (
        '"out" does not belong to Gin Rummy: a hand ends by a knock ("knock": NAME, with "big_gin": true '
        'when all 11 cards were melded) or a void hand ("stock_exhausted": true).'
    ),
    "gin.no_out.line": (
        '"out" does not belong to Gin Rummy: a hand ends by a knock ("knock" after the knocker\'s cards, '
        '"knock big" when all 11 cards were melded) or a void hand (a separate argument "stock").'
    ),
    "gin.unknown_key": '"{key}" is not a key of a gin hand entry; use {keys:list}.',
    "gin.players_missing": 'A hand entry needs "players": an entry for both players.',
    "gin.not_a_player": '"{name}" is not a player of this session{hint}; the players are {players:list}.',
    "gin.player_twice": "{player} is given twice in the hand (names match regardless of case).",
    "gin.player_missing": "{player} is missing from the hand: both players need an entry.",
    "gin.two_players": "Gin Rummy is played by two players, not {count}.",
    "gin.player_not_table": '{player}: the entry must be a table of keys like "cards", not {value!q}.',
    "gin.no_table": (
        '{player}: "table" does not belong to Gin Rummy, where melds score nothing: give the cards shown '
        '("cards"), the melds and deadwood ("melds", "hand"), or the deadwood as points ("hand").'
    ),
    "gin.player_key": '{player}: "{key}" is not a key of a gin hand entry; use {keys:list}.',
    "gin.cards_and_arranged": (
        '{player}: give either "cards" (every card shown, for scorekeeper to arrange) or "melds", '
        '"layoffs" and "hand", not both.'
    ),
    "gin.hand_missing": (
        '{player}: "hand" is missing: give the deadwood cards ("" when every card is melded) or their points.'
    ),
    "gin.hand_not_points": '{player}: "hand" must be cards or a whole number of points, not {value!q}.',
    "gin.negative_points": '{player}: "hand" points cannot be negative ({points}).',
    "gin.points_over_hand": (
        "{player}: {points} points of deadwood cannot be: ten cards hold at most {most} (I-6)."
    ),
    "gin.points_and_cards": (
        '{player}: the deadwood is given as {points} points, so "melds" and "layoffs" cannot be given too: '
        "give the deadwood as cards, or only the points."
    ),
    "gin.cards_not_text": '{player}: "{key}" must be cards, like "10H 7S", not {value!q}.',
    "gin.player_says": "{player}: {cause}.",
    "gin.knock_not_a_player": (
        '"knock" names {value!q}, who is not a player of this session{hint}; the players are {players:list}.'
    ),
    "gin.flag_not_bool": '"{key}" is true or false, not {value!q}.',
    "gin.two_endings": 'A hand ends one way only, but this entry gives both "knock" and "stock_exhausted".',
    "gin.two_endings.line": 'A hand ends one way only, but this entry gives both "knock" and "stock".',
    "gin.big_gin_needs_knock": '"big_gin": true needs "knock": the name of the player who melded all 11 cards.',
    "gin.no_ending": (
        'The entry does not say how the hand ended: add "knock": NAME (with "big_gin": true for big gin) '
        'or "stock_exhausted": true for a void hand.'
    ),
    "gin.no_ending.line": (
        'The entry does not say how the hand ended: add "knock" after the knocker\'s cards ("knock big" for '
        'big gin), or a separate argument "stock" for a void hand.'
    ),
    "gin.upcard_not_text": '"upcard" is a card, like "QS", not {value!q}.',
    "gin.upcard_unreadable": "The up-card: {cause}.",
    "gin.upcard_joker": "The up-card cannot be a joker: Gin Rummy is played without jokers.",
    "gin.upcard_missing": (
        'Oklahoma gin needs the up-card, which sets the knock limit: add "upcard": CARD.'
    ),
    "gin.upcard_missing.line": (
        "Oklahoma gin needs the up-card, which sets the knock limit: add it as a separate argument, up=CARD "
        "(for example up=QS)."
    ),
    "gin.nothing_given": (
        '{player}: the entry is empty: give the cards shown ("cards"), the melds and deadwood '
        '("melds", "hand"), or the deadwood as points ("hand"); only a void hand may leave them out.'
    ),

    # --- one-line entries (SPEC §4.2) ---
    "gin.oneline.upcard_in_part": (
        "{player}: the up-card is an argument of its own, not part of a player's cards: type {typed} after "
        "the players' parts, as in \"{player}: … knock\" {typed}."
    ),
    "gin.oneline.no_name": (
        '"{text}" does not start with a player\'s name and ":" (for example '
        '"Ann: 7H 8H 9H QS QD QC 2C 3C 4C 5D knock", just the cards).'
    ),
    "gin.oneline.twice": "{player} is given twice on the command line.",
    "gin.oneline.upcard_twice": "Two up-cards are given, {first} and {second}: a deal turns up one card.",
    "gin.oneline.word_twice": '"{word}" is given for both {first} and {player}.',
    "gin.oneline.big_without_knock": (
        '{player}: "big" (big gin, all 11 cards melded) goes with "knock" in the same player\'s part.'
    ),

    # --- the cards (SPEC §2.7) ---
    "gin.joker": "{player}: Gin Rummy is played without jokers ({card}).",
    "gin.card_twice": "{card} appears {count} times in this hand ({players:list}), but one deck holds it only once.",
    "gin.card_count": (
        '{player} shows {count:#card|cards}, but a player shows 10 in Gin Rummy (11 only for big gin, '
        'with "big_gin": true).'
    ),
    "gin.card_count.line": (
        '{player} shows {count:#card|cards}, but a player shows 10 in Gin Rummy (11 only for big gin, '
        'with "knock big").'
    ),
    "gin.card_count_eleven": (
        '{player} shows 11 cards: only big gin shows 11 (add "big_gin": true); otherwise the knocker '
        "discards and shows 10."
    ),
    "gin.card_count_eleven.line": (
        '{player} shows 11 cards: only big gin shows 11 (add "big" after "knock"); otherwise the knocker '
        "discards and shows 10."
    ),
    "gin.card_count_big_gin": "{player} has big gin but shows {count:#card|cards}: big gin is all 11 cards melded.",
    "gin.ace_high_run": "{player}: {cards}: the ace is always low in Gin Rummy: Q-K-A is not a run.",
    "gin.illegal_meld": "{player}: {cause}.",
    "gin.not_a_meld": "{player}: {cards} is not a set or a run.",

    # --- the knock (SPEC §2.7) ---
    "gin.knocker_layoff": (
        "{player} knocked, and the knocker never lays off: give {cards} in the melds or as deadwood."
    ),
    "gin.big_gin_deadwood": (
        "{player}: big gin means all 11 cards melded, but {deadwood_cards} ({deadwood}) are left as deadwood."
    ),
    "gin.big_gin_points": "{player}: big gin means all 11 cards melded, but the deadwood is given as {deadwood}.",
    "gin.over_limit": (
        "{player} knocked with {deadwood} deadwood, over the knock limit of {limit} (knock_limit={knock_limit})."
    ),
    "gin.over_limit_oklahoma": (
        "{player} knocked with {deadwood} deadwood, over the knock limit of {limit} set by the up-card "
        "{upcard} (Oklahoma gin)."
    ),
    "gin.over_limit_better": (
        "{player} knocked with {deadwood} deadwood as entered, over the knock limit of {limit} "
        "(knock_limit={knock_limit}); arranged as {best_melds:and} the cards leave only {best} ({best_cards}): "
        "enter that arrangement, or just the cards."
    ),
    "gin.over_limit_oklahoma_better": (
        "{player} knocked with {deadwood} deadwood as entered, over the knock limit of {limit} set by the "
        "up-card {upcard} (Oklahoma gin); arranged as {best_melds:and} the cards leave only {best} "
        "({best_cards}): enter that arrangement, or just the cards."
    ),
    "gin.over_limit_better_gin": (
        "{player} knocked with {deadwood} deadwood as entered, over the knock limit of {limit} "
        "(knock_limit={knock_limit}); arranged as {best_melds:and} every card melds, a gin: "
        "enter that arrangement, or just the cards."
    ),
    "gin.over_limit_oklahoma_better_gin": (
        "{player} knocked with {deadwood} deadwood as entered, over the knock limit of {limit} set by the "
        "up-card {upcard} (Oklahoma gin); arranged as {best_melds:and} every card melds, a gin: "
        "enter that arrangement, or just the cards."
    ),
    "gin.over_limit_cards": (
        "{player} knocked, but the best arrangement of those cards leaves {deadwood} deadwood "
        "({deadwood_cards}), over the knock limit of {limit} (knock_limit={knock_limit})."
    ),
    "gin.over_limit_cards_oklahoma": (
        "{player} knocked, but the best arrangement of those cards leaves {deadwood} deadwood "
        "({deadwood_cards}), over the knock limit of {limit} set by the up-card {upcard} (Oklahoma gin)."
    ),

    # --- lay-offs (SPEC §2.7, I-G7) ---
    "gin.layoff_against_gin": (
        "{player} cannot lay off {cards}: {knocker} has gin, and nothing is laid off against gin."
    ),
    "gin.layoff_against_big_gin": (
        "{player} cannot lay off {cards}: {knocker} has big gin, and nothing is laid off against it."
    ),
    "gin.layoff_no_fit": "{player}: the lay-off {card} fits none of {knocker}'s melds ({melds:list}).",
    "gin.layoffs_not_together": "{player}: the lay-offs {cards} cannot all fit on {knocker}'s melds at once.",
    "gin.layoffs_apart": (
        "{player}: the lay-offs {cards} cannot stand together: each fits some layout of {knocker}'s cards, "
        "but no one layout takes them all."
    ),
    "gin.layoff_on_paper": (
        "{player}: the lay-offs {cards} cannot be checked, because {knocker}'s melds were counted on paper "
        "(I-G7): give {player}'s deadwood after lay-offs as points."
    ),
    "gin.void_layoff": "{player}: nothing is laid off in a void hand ({cards}): nobody knocked.",

    # --- explanation lines (each adds what it says) ---
    "gin.line.set": "{player} melds {cards}, a set: no deadwood",
    "gin.line.run": "{player} melds {cards}, a run: no deadwood",
    "gin.line.layoff": "{player} lays off {cards} on {knocker}'s {onto}: no deadwood",
    "gin.line.layoffs": "{player} lays off {cards} on {knocker}'s melds: no deadwood",
    "gin.line.deadwood_card": "{card} is deadwood: {value}, toward {player}'s {deadwood}",
    "gin.line.no_deadwood": "{player} melded every card: no deadwood",
    "gin.line.deadwood_on_paper": "{player}'s deadwood, counted on paper: {deadwood}",
    "gin.line.defender_deadwood": "{defender}'s deadwood: +{points}",
    "gin.line.own_deadwood_less": "less {player}'s own deadwood: −{points}",
    "gin.line.knocker_deadwood_for": "{knocker}'s deadwood: +{points}",
    "gin.line.gin_bonus": "gin bonus: +{points}",
    "gin.line.big_gin_bonus": "big gin bonus: +{points}",
    "gin.line.undercut_bonus": "undercut bonus: +{points}",
    "gin.line.doubled": "the up-card {upcard} is a spade: the score doubles, +{points}",
    "gin.line.box_now": "a box for the hand won, credited at once: +{points}",
    "gin.line.lost": "{player} did not win the hand ({winner} did): 0",
    "gin.line.void": "void hand: nobody scores, 0",
    "gin.player_note": "{player}'s deadwood: {deadwood}.",

    # --- the hand's notes ---
    "gin.note.knock": (
        "{knocker} knocked with {k}; {defender} holds {d} after lay-offs: {knocker} scores {d} − {k} = {points}."
    ),
    "gin.note.knock_equal": (
        "{knocker} knocked with {k} and {defender} holds the same {d}: the knocker wins the hand with 0 "
        "(I-G1)."
    ),
    "gin.note.undercut": (
        "{knocker} knocked with {k}, but {defender} holds only {d} after lay-offs: {defender} undercuts, "
        "({k} − {d}) + {bonus} = {points}."
    ),
    "gin.note.undercut_equal": (
        "{knocker} knocked with {k} and {defender} holds the same {d}: a tie goes to the defender (I-G1), "
        "an undercut, ({k} − {d}) + {bonus} = {points}."
    ),
    "gin.note.gin": (
        "{knocker} has gin, every card melded; nothing is laid off against gin: {defender} holds {d}, "
        "and {knocker} scores {d} + {bonus} = {points}."
    ),
    "gin.note.big_gin": (
        "{knocker} has big gin, all 11 cards melded; nothing is laid off against it: {defender} holds {d}, "
        "and {knocker} scores {d} + {bonus} = {points}."
    ),
    "gin.note.big_gin_as_gin": (
        "{knocker} melded all 11 cards, scored as a gin (this game has no big gin bonus): {defender} holds {d}, "
        "and {knocker} scores {d} + {bonus} = {points}."
    ),
    "gin.note.doubled": "The up-card {upcard} is a spade: the score doubles to {points} (I-G9).",
    "gin.note.box_now": "{player} wins the hand and its box at once: +{box}, {points} in all.",
    "gin.note.void": (
        "Void hand: the stock ran down to two cards with no knock; nobody scores or wins the hand, and the "
        "same dealer deals again."
    ),
    "gin.note.no_layoffs_on_paper": (
        "{knocker}'s melds were counted on paper, so {player}'s cards are arranged without lay-offs (I-G7)."
    ),
    "gin.note.better_arrangement": (
        "{player} could have arranged the cards better: {melds:and} leave {deadwood} deadwood "
        "({deadwood_cards}) instead of {entered}; the hand is scored as entered (I-G6)."
    ),
    "gin.note.better_arrangement_all": (
        "{player} could have arranged the cards better: {melds:and} meld every card, no deadwood instead of "
        "{entered}; the hand is scored as entered (I-G6)."
    ),
    "gin.note.better_arrangement_layoffs": (
        "{player} could have arranged the cards better: {melds:and}, laying off {layoffs} on {knocker}'s melds, "
        "leave {deadwood} deadwood instead of {entered}; the hand is scored as entered (I-G6)."
    ),
    "gin.note.better_layoffs_only": (
        "{player} could have laid off {layoffs} on {knocker}'s melds instead of melding, leaving {deadwood} "
        "deadwood instead of {entered}; the hand is scored as entered (I-G6)."
    ),
    "gin.note.layout_chosen": (
        "{player} lays out {melds:and}, keeping {deadwood_cards} ({deadwood}), rather than {other_melds:and} "
        "with {other_cards} ({other_deadwood}): against that layout {defender} would hold {other_d} after "
        "lay-offs and {other_winner} would score {other_points}; with this one {winner} scores {points} "
        "(the knocker chooses the layout with the best result)."
    ),
    "gin.note.layouts_equal_least": (
        "{count:#layout|layouts} of {player}'s cards give the same result; the one with the least deadwood "
        "({deadwood}) is taken."
    ),
    "gin.note.layouts_equal_most": (
        "{count:#layout|layouts} of {player}'s cards give the same result; of those with the least deadwood "
        "({deadwood}), the one that leaves {defender} the most ({d}) is taken."
    ),
    "gin.note.layouts_equal_first": (
        "{count:#layout|layouts} of {player}'s cards give the same result with the same deadwood ({deadwood}), "
        "each leaving {defender} {d}; the first is shown."
    ),
    "gin.note.better_layout": (
        "{player} could have laid out {melds:and}, keeping {deadwood_cards} ({deadwood}), for a better result: "
        "{winner} would score {points}; the hand is scored as entered (I-G6)."
    ),
    "gin.note.missed_layoff": (
        "{player} could have laid off {cards} on {knocker}'s melds, leaving {deadwood} deadwood instead of "
        "{entered}; the hand is scored as entered (I-G6)."
    ),

    # --- the end of the game ---
    "gin.end.game_bonus": "{player} reached {target} ({total}): game bonus +{points}.",
    "gin.end.game_bonus_undercut": (
        "{player} reached {target} ({total}) with an undercut: game bonus +{points} (I-G10)."
    ),
    "gin.end.no_game_bonus": "{player} reached {target} ({total}): no game bonus in this game.",
    "gin.end.boxes": "{player} won {count:#hand|hands}: {count} × {box} = +{points} in boxes.",
    "gin.end.boxes_at_once": (
        "{player} won {count:#hand|hands}, each box of {box} already counted with its hand."
    ),
    "gin.end.shutout_flat": "{loser} won no hand, a shutout: +{points} to {player} (I-G2).",
    "gin.end.shutout_double_total": (
        "{loser} won no hand, a shutout: {player}'s total of {total} doubles, +{points} (I-G3)."
    ),
    "gin.end.shutout_double_hands": (
        "{loser} won no hand, a shutout: {player}'s hand points count twice, +{points} (I-G3)."
    ),
    "gin.end.shutout_none": "{loser} won no hand, a shutout, which adds nothing in this game (I-G3).",
    "gin.end.winner_target": "{player} reached {target} and wins, {total} to {other_total}.",
    "gin.end.winner_below": (
        "{player} reached {target} and wins (I-G5), although {other}'s boxes bring "
        "{other} higher: {other_total} to {total}."
    ),
    "gin.end.winner_total": "{player} wins with the higher final total, {total} to {other_total} (I-G5).",
    "gin.end.winner_total_tie": (
        "{player} and {other} are tied at {total}: the tie goes to {player}, who reached the target "
        "(I-G5)."
    ),

    # --- the end of the game as one note, and each player's bonus reasons ---
    "gin.end.notes": "{notes}",
    "gin.end.reasons": "{reasons}",

    # --- melds ---
    "gin.meld.ace_always_low": "the ace is always low in Gin Rummy: Q-K-A is not a run",

    # --- the interpretations where the rule books are silent (SPEC §2.7), and the section ---
    "section.§2.7": "Gin Rummy",
    "gin.goal": "first to {target}; end bonuses; the player who reached it wins",
    "interpretation.I-G1": (
        'Equal deadwood after lay-offs is an undercut: the defender scores the undercut bonus (equal_deadwood=knocker: the knocker wins the hand with 0 points).'
    ),
    "interpretation.I-G2": (
        'A shutout means the loser won no hand: a hand won with 0 points spoils it; a void hand does not.'
    ),
    "interpretation.I-G3": (
        "A shutout adds shutout_bonus (100) to the winner's total (shutout=flat); shutout=double-total doubles the winner's final total, double-hands adds the winner's hand points once more, none adds nothing."
    ),
    "interpretation.I-G4": (
        'Boxes (box_bonus per hand won) are added at the end and do not count toward the target (box_timing=immediate: added with each hand won, toward the target).'
    ),
    "interpretation.I-G5": (
        "The player who reached the target wins even when the other player's boxes bring them higher, and the standings say so (game_winner=total: the higher final total wins, a tie going to the player who reached the target)."
    ),
    "interpretation.I-G6": (
        'An arranged entry is scored as entered, even when a better arrangement or a missed lay-off existed; explain points it out.'
    ),
    "interpretation.I-G7": (
        "Lay-offs go only onto the knocker's melds given card by card: when the knocker is counted on paper, give the defender's deadwood after lay-offs as points."
    ),
    "interpretation.I-G8": (
        'Under Oklahoma an ace up-card allows gin only (oklahoma_ace=1: a knock with 1).'
    ),
    "interpretation.I-G9": (
        "Under Oklahoma with spades_double a spade up-card doubles the hand's score, bonus included; a box credited at once is not doubled, and a hand won is still one box."
    ),
    "interpretation.I-G10": (
        "The game bonus goes to the player whose total reached the target, even when a defender's undercut took it there."
    ),
}
