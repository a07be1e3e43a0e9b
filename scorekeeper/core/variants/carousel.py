"""Manipulation rummy (Carousel): SPEC §2.1, §2.2, §2.4, I-1, I-2, I-4, I-6, I-7.

The rule book, in short: melds on the table belong to nobody, so only the
cards left in each hand count (joker 25, ace 1, K Q J 10, the rest face
value). A round ends one of three ways: a player **knocks** (5 or fewer
points in hand), a player **goes out** (no cards left), or the **stock runs
out**. The lowest count wins the round, and each winner takes the difference
from every other player. Whoever beats or ties a knocker "undercuts" and earns
10 more; going out earns 25. The game ends after the round in which a total
reaches 150: 100 to each player who reached it, 25 per round won to the
others, and the highest final total wins.

Worked example (SPEC §4): Ann knocks holding 3♣ A♦ (4); Bob holds K♠ 7♥ 2♣
(19), Cy 9 on paper. Ann alone is lowest, so she scores (19 − 4) + (9 − 4) =
20; Bob and Cy score 0.

Why the knocker loses a tie: knocking stops the round for everyone, so the
knocker must be sure of winning outright. Tied with one other player, that
player "scores as if they had won" and takes the undercut bonus; tied with
two, both do (§2.4 step 2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from scorekeeper.core.cards import Card
from scorekeeper.core.entry import HandEntry, PlayerEntry
from scorekeeper.core.errors import Collect, InputError
from scorekeeper.core.game import Ending, GameSoFar
from scorekeeper.core.melds import IllegalMeld, check_deck, read_meld
from scorekeeper.core.rulebook import CardValues, Endings, Melds, Pack, Scoring, Texts, Variant, Wilds
from scorekeeper.core.rules import RuleSet, one_of, option, whole_number
from scorekeeper.core.scoring import HandResult, Joined, Phrase, PlayerScore, phrase
from scorekeeper.core.variants.common import best_of, sum_scores, tie_option

RULE = "§2.4"
RULE_VALUES = "§2.1"
UNDERCUT_BONUS = 10
OUT_BONUS = 25
TARGET_BONUS = 100
ROUND_BONUS = 25



@dataclass(frozen=True, eq=False)
class CarouselRules(RuleSet):
    """Carousel's house-rule options (SPEC §2.6)."""

    target: int = option(150, "a whole number ≥ 1", whole_number(1), "the total that ends the game")
    tie: str = tie_option(("play-on", "shared"), "play-on")
    knock_limit: int = option(5, "a whole number ≥ 0", whole_number(0),
                              "the most points a player may hold and still knock")
    round_bonus: str = option("others", "others, all or none", one_of("others", "all", "none"),
                              "at the end, 25 per round won: to the players below the target (others), to "
                              "everyone (all), or to nobody (none) (I-2)")


#: What a card left in hand costs (§2.1): joker 25, ace 1, K Q J 10, 2–10 face value.
VALUES = CardValues(ace=1, low_ace=1, court=10, ten=10, joker=25)


def card_value(card: Card) -> tuple[int, str]:
    """What a card left in hand costs, in points, and why (§2.1): joker 25, ace 1,
    K Q J 10, 2–10 face value. Returns ``(points, reason code)``."""
    if card.is_joker:
        return VALUES.joker, "value.joker"
    if card.rank == 1:
        return VALUES.ace, "value.ace"
    if card.rank >= 11:
        return VALUES.court, "value.court"
    return VALUES.pip(card.rank), "value.face"


#: One deck and one joker for 2 players, two of each for 3–5 (§2); 10 cards each.
PACK = Pack(decks={2: 1, 3: 2, 4: 2, 5: 2}, jokers={2: 1, 3: 2, 4: 2, 5: 2}, cards={n: 10 for n in range(2, 6)})


def _deck_text(decks: int) -> Phrase:
    return phrase("deck_text.one_with_joker" if decks == 1 else "deck_text.two_with_jokers")


def _names(players: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    players = list(players)
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def _count(e: PlayerEntry) -> int:
    """h(p): the points of the cards left in hand (or as counted on paper, I-6)."""
    if e.hand is None:
        return e.hand_points or 0
    return sum(card_value(c)[0] for c in e.hand)


def _check_round(entry: HandEntry, game: GameSoFar, counts: dict[str, int]) -> None:
    """Refuse a round whose ending is unknown or impossible, an illegal meld, a
    knock over the limit, or more copies of a card than the decks hold."""
    if not (entry.knock or entry.out or entry.stock_exhausted):
        raise InputError("carousel.no_ending")
    setup = game.setup
    rules = setup.variant.melds.rules(setup.rules, game.round)
    mistakes = Collect()  # every illegal meld at once, each with its place
    for p, e in entry.players.items():
        for i, cards in enumerate(e.melds or ()):
            with mistakes.at("players", p, "melds", i):
                try:
                    read_meld(cards, rules)
                except IllegalMeld as err:
                    raise InputError("game.of_player", player=p, cause=err) from None
    mistakes.raise_any()
    decks, jokers = setup.variant.deals.packs(setup.rules, len(setup.players))
    check_deck({p: e.physical_cards() for p, e in entry.players.items()}, decks, jokers, _deck_text(decks))
    knock, limit = entry.knock, setup.rules["knock_limit"]
    if knock and counts[knock] > limit:
        e = entry.players[knock]
        code = "carousel.knock_over_limit_cards" if e.hand else "carousel.knock_over_limit"
        raise InputError(code, player=knock, count=counts[knock], limit=limit,
                         held=Joined(tuple(phrase("carousel.card_costs", card=c, amount=card_value(c)[0])
                                           for c in e.hand or ()), " + "))


def round_winners(counts: Mapping[str, int], knock: str | None) -> tuple[list[str], Phrase]:
    """The round's winners W (§2.4 step 2, I-4) in seat order, and why (a :class:`Phrase`).

    * the knocker alone has the lowest count: W = {knocker};
    * the knocker ties for lowest: W = the others tied with the knocker;
    * the knocker is not lowest, or nobody knocked: W = everyone with the lowest count.
    """
    low = min(counts.values())
    lowest = [p for p, h in counts.items() if h == low]
    if knock is None:
        if len(lowest) == 1:
            return lowest, phrase("carousel.won_lowest", player=lowest[0], low=low)
        return lowest, phrase("carousel.won_shared", players=lowest, low=low)
    if lowest == [knock]:
        return lowest, phrase("carousel.won_knock", player=knock, low=low)
    if knock in lowest:
        others = [p for p in lowest if p != knock]
        code = "carousel.won_tie_knocker_one" if len(others) == 1 else "carousel.won_tie_knocker"
        return others, phrase(code, knocker=knock, players=others, low=low)
    code = "carousel.won_undercut_one" if len(lowest) == 1 else "carousel.won_undercut"
    return lowest, phrase(code, knocker=knock, count=counts[knock], players=lowest, low=low)


def score_round(entry: HandEntry, game: GameSoFar) -> HandResult:
    """Score one round of Carousel (SPEC §2.4).

    Each winner w scores the sum over every other player p of h(p) − h(w),
    plus 10 for an undercut (a winner who is not the knocker in a knocked
    round) and 25 for going out; everyone else scores 0. Points-only hands
    (I-6) count as given. Raises :class:`InputError` when the round's ending is
    not given or impossible, the knocker holds more than ``knock_limit``, a meld
    is illegal, or a card appears more often than the decks hold.
    """
    counts = {p: _count(e) for p, e in entry.players.items()}
    _check_round(entry, game, counts)
    winners, why = round_winners(counts, entry.knock)
    scores = {p: _player_score(p, e, counts, winners, entry) for p, e in entry.players.items()}
    ended = "knock" if entry.knock else "out" if entry.out else "stock"
    # how the round ended is in `ended` and `context`; the remark says who won and why
    return HandResult(scores, won=winners, ended=ended,
                      context={"counts": counts, "knock": entry.knock, "out": entry.out},
                      remarks=[why])


def _player_score(p: str, e: PlayerEntry, counts: dict[str, int], winners: list[str],
                  entry: HandEntry) -> PlayerScore:
    """One player's round score, line by line: the cards counted (adding nothing
    themselves), then the differences and bonuses of a winner, or 0."""
    ps = PlayerScore(p, points_only=e.points_only, note_code="carousel.holds",
                     note_facts={"player": p, "count": counts[p]})
    if e.hand is None:
        ps.add(0, "line.count_on_paper", "§2.4, I-6", "count", count=counts[p])
    elif not e.hand:
        ps.add(0, "line.no_cards", RULE, "count")
    for card in e.hand or ():
        pts, what = card_value(card)
        ps.add(0, "line.counts_toward", RULE_VALUES, "count", card, value=phrase(what), amount=pts,
               player=p, count=counts[p])
    if p not in winners:
        low = min(counts.values())
        if p == entry.knock and counts[p] == low:
            ps.add(0, "line.knocker_tied", RULE, "difference", player=p, low=low)
        elif p == entry.knock:
            ps.add(0, "line.knocker_undercut", RULE, "difference", player=p, count=counts[p], winners=winners,
                   low=low)
        else:
            ps.add(0, "line.did_not_win", RULE, "difference", player=p, winners=winners,
                   low=counts[winners[0]])
        return ps
    for other, h in counts.items():
        if other != p:
            ps.add(h - counts[p], "line.difference", RULE, "difference", group=f"difference to {other}",
                   other=other, theirs=h, player=p, mine=counts[p], amount=h - counts[p])
    if entry.knock and p != entry.knock:
        ps.add(UNDERCUT_BONUS, "line.undercut_bonus", RULE, "bonus", player=p, knocker=entry.knock,
               amount=UNDERCUT_BONUS)
    if entry.out == p:
        ps.add(OUT_BONUS, "line.going_out_bonus", RULE, "bonus", player=p, amount=OUT_BONUS)
    return ps


#: The rule of the end of the game (the 100 for reaching the target, the highest final total wins),
#: cited by name as "Carousel: the end of the game".
END_RULE = "§2.4-end"


def end_of_game(game: GameSoFar) -> Ending:
    """The end of the game (§2.4, I-1, I-2).

    After the round in which one or more totals reach ``target``: 100 to each
    player at or above it, and 25 per round won to the others (``round_bonus
    = others``), to everyone (``all``) or to nobody (``none``). The bonuses are
    worked out from the state at the end, never banked: while a tie for the
    highest final total is played on (``tie = play-on``) the game is not
    finished and they are worked out again after each round.
    """
    setup, results = game.setup, game.played
    totals = sum_scores(setup, results)
    target, given = setup.rules["target"], setup.rules["round_bonus"]
    reached = [p for p, t in totals.items() if t >= target]
    if not reached or not results:  # the game ends after a round: never on points carried over alone
        return Ending(False)
    won = {p: sum(p in r.won for r in results) for p in setup.players}
    bonus, reasons, rules = {}, {}, {}
    for p, total in totals.items():
        rounds = ROUND_BONUS * won[p]
        facts = {"player": p, "target": target, "total": total, "won": won[p], "rounds": rounds}
        if total >= target:
            extra = rounds if given == "all" else 0
            bonus[p] = TARGET_BONUS + extra
            code = "bonus.reached_all" if extra else "bonus.reached"
            facts.update(amount=TARGET_BONUS, extra=extra)
        elif given == "none":
            bonus[p], code = 0, "bonus.below_none"
        elif won[p]:
            bonus[p], code = rounds, "bonus.below_won"
        else:
            bonus[p], code = 0, "bonus.below_no_round"
        reasons[p] = (code, {**facts, "final": total + bonus[p]})
        # the 100 for reaching the target is the end of the game's own rule; 25s per round won are I-2's
        rules[p] = END_RULE if code == "bonus.reached" else f"{END_RULE}, I-2"
    final = {p: totals[p] + bonus[p] for p in setup.players}
    winners = best_of(final, lowest_wins=False)
    given_bonus = [phrase("bonus.given" if bonus[p] else "bonus.none", player=p, amount=bonus[p])
                   for p in setup.players]
    if len(winners) > 1 and setup.rules["tie"] == "play-on":
        return Ending.of(False, note="carousel.tie_play_on", facts={
            "winners": winners, "total": final[winners[0]],
            "with_bonus": [phrase("bonus.with", player=p, total=totals[p], amount=bonus[p]) for p in winners]})
    code = ("carousel.end_shared" if len(winners) > 1 else
            "carousel.end_several" if len(reached) > 1 else "carousel.end")
    return Ending.of(True, winners, bonus, note=code, bonus_facts=reasons, bonus_rules=rules, facts={
        "reached": reached, "target": target, "bonuses": given_bonus, "winners": winners,
        "total": final[winners[0]]})


#: Carousel's own sentences (message code -> English template); their translations are in the
#: program's catalogs under the same codes
TEMPLATES: dict[str, str] = {
    "carousel.no_ending": ('The entry does not say how the round ended: add "knock": NAME, "out": NAME or '
                           '"stock_exhausted": true, since a missing knocker would silently lose an undercut '
                           "(Carousel: scoring a round)."),
    "carousel.no_ending.line": ('The entry does not say how the round ended: add "knock" or "out" after a '
                                'player\'s cards, or a separate argument "stock", since a missing knocker would '
                                "silently lose an undercut (Carousel: scoring a round)."),
    "carousel.card_costs": "{card} {amount}",
    "carousel.knock_over_limit": ("{player} knocked holding {count:#point|points}, "
                                  "but a knock needs {limit} or fewer (knock_limit={limit})."),
    "carousel.knock_over_limit_cards": ("{player} knocked holding {count:#point|points} ({held}), "
                                        "but a knock needs {limit} or fewer (knock_limit={limit})."),
    "carousel.won_lowest": "{player} holds the lowest count ({low}) and wins the round.",
    "carousel.won_shared": ("{players:and} share the lowest count ({low}) and nobody knocked: "
                            "all of them win, without undercut bonus (I-4)."),
    "carousel.won_knock": "{player} knocked with {low}, the lowest count alone, and wins the round.",
    "carousel.won_tie_knocker_one": ("{knocker} knocked with {low} and {players:and} holds {low} too: "
                                     "the knocker wins nothing; {players:and}, tied with the knocker, "
                                     "wins the round."),
    "carousel.won_tie_knocker": ("{knocker} knocked with {low} and {players:and} hold {low} too: "
                                 "the knocker wins nothing; {players:and}, tied with the knocker, "
                                 "win the round."),
    "carousel.won_undercut_one": ("{knocker} knocked with {count} but {players:and} undercuts with {low}: "
                                  "{players:and} wins the round."),
    "carousel.won_undercut": ("{knocker} knocked with {count} but {players:and} undercut with {low}: "
                              "{players:and} win the round."),
    "carousel.holds": "{player} holds {count}.",
    "carousel.end": "{reached:and} reached {target}; end bonuses: {bonuses:list} (Carousel: the end of the game, I-2).",
    "carousel.end_several": ("{reached:and} reached {target}; end bonuses: {bonuses:list} (Carousel: the end of "
                             "the game, I-2). With more than one player past {target}, the highest total "
                             "with the bonuses wins, not the first to get there: {winners:and} with {total} "
                             "(Carousel: the end of the game)."),
    "carousel.end_shared": ("{reached:and} reached {target}; end bonuses: {bonuses:list} (Carousel: the end of "
                            "the game, I-2). "
                            "{winners:and} share the win at {total} (tie=shared, I-1)."),
    "carousel.tie_play_on": ("{winners:and} are tied at {total} with the end bonuses ({with_bonus:list}): "
                             "another round is played to break the tie, and the bonuses are worked out again "
                             "after it (I-1)."),
}

_SUMMARY = (
    "Melds on the table belong to nobody: only the cards left in each hand count (joker 25, ace 1, "
    "K Q J 10, 2-10 face value). A round ends when a player knocks (5 or fewer points in hand), goes out "
    "(no cards left) or the stock runs out; the entry must say which. The lowest count wins: a knocker "
    "alone lowest wins; a knocker tied for lowest wins nothing and the others tied with the knocker win; "
    "otherwise everyone with the lowest count wins. Each winner scores the sum of the differences to every "
    "other player, plus 10 for an undercut (a winner who did not knock, in a knocked round) and 25 for "
    "going out; everyone else scores 0. Sets: 3 or 4 cards of one rank, never two identical cards; runs: "
    "3+ cards of one suit in sequence, ace low or high, never round the corner; jokers stand for any card "
    "(JK=7H says which). The game ends after the round in which a total reaches the target (150): 100 to "
    "each player at or above it, 25 per round won to the others (round_bonus); the highest total wins. "
    "One deck and one joker for 2 players, two decks and two jokers for 3-5; 10 cards each."
)

class CarouselScoring(Scoring):
    """A round's differences and bonuses; the end bonuses once a total reaches the target."""

    def score(self, entry: HandEntry, game: GameSoFar) -> HandResult:
        return score_round(entry, game)

    def end(self, game: GameSoFar) -> Ending:
        return end_of_game(game)


CAROUSEL = Variant(
    id="carousel",
    name="Manipulation rummy (Carousel)",
    aliases=("manipulation",),
    players=(2, 5),
    rules_type=CarouselRules,
    summary=_SUMMARY,
    interpretations={"I-1": "tie", "I-2": "round_bonus", "I-4": None, "I-6": None, "I-7": None},
    pack=PACK,
    card_values=VALUES,
    endings=Endings({"knock", "out", "stock"}, required=True, won="won"),
    lowest_wins=False,
    deal_word="round",
    scoring=CarouselScoring(bonuses={"undercut": UNDERCUT_BONUS, "out": OUT_BONUS, "target": TARGET_BONUS,
                                     "round": ROUND_BONUS},
                            end_rule=f"{END_RULE}, I-2"),
    # jokers are wild; an ace is low or high in a run; a set never holds two identical cards (§2.2);
    # melds belong to nobody: only the cards left in hand count
    melds=Melds(wilds=Wilds.JOKERS, ace_high=True),
    texts=Texts(templates=TEMPLATES),
    list_order=30,
)

#: The object the entry point ``carousel`` names (SPEC §8).
VARIANT = CAROUSEL
