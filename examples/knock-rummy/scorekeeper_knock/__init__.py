"""Knock Rummy (Poker Rum), as the Bicycle / Hoyle rule book has it: a scorekeeper variant
from outside the program (scorekeeper's docs/plugins.md).

The rule book, in short: two to five players, one 52-card deck without jokers; ten cards
each for two players, seven for three or four, six for five. Ace low (Q-K-A is not a run),
J Q K count 10, an ace 1, the others their face value. Nobody melds on the table and there
are no lay-offs: any player, having drawn, may knock and end the hand. Every player then
shows their melds (sets of 3 or 4 of a rank, runs of 3+ of a suit) and counts the cards
left unmatched.

- The lowest count wins the difference in counts from each opponent, plus 25 from each
  opponent if the winner goes rum (no unmatched card at all).
- A player who ties the knocker for the lowest count wins instead of the knocker.
- A knocker who does not have the lowest count pays 10 points more to the winner.

The book settles each hand; on a score pad the winner scores what the others pay and the
others score 0. Where the book is silent (K-1…K-3, see ``rules knock``): the game ends after
the hand in which a total reaches the target (100); players tied for the lowest count
(without the knocker) each collect the whole difference from the others; the 25 for rum is
paid by each opponent.

Worked example: Ann knocks holding 3♣ A♦ (4); Bob holds K♠ 7♥ 2♣ (19), Cy 9 on paper. Ann
alone is lowest: she scores (19 − 4) + (9 − 4) = 20; Bob and Cy score 0. Had Bob held 3
instead, Bob would score (4 − 3) + (9 − 3) + 10 = 17, the 10 paid by Ann for knocking.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from scorekeeper.api import (Card, CardValues, Ending, Endings, GameSoFar, HandEntry, HandResult, IllegalMeld,
                             InputError, MeldRules, Melds, Pack, PlayerEntry, PlayerScore, RuleSet, Scoring, Texts,
                             Variant, check_deck, option, phrase, read_meld, whole_number)

ID = "knock"
#: The rule cited by every line: the book's scoring of a hand (its title is the template ``section.knock``).
RULE = "knock"
KNOCK_PENALTY = 10

#: A card left unmatched: an ace 1, 2-10 face value, J Q K 10.
VALUES = CardValues(ace=1, low_ace=1, court=10, ten=10)


@dataclass(frozen=True, eq=False)
class KnockRules(RuleSet):
    """The house rules of Knock Rummy (``new knock … --rule KEY=VALUE``)."""

    target: int = option(100, "a whole number ≥ 1", whole_number(1), "the total that ends the game (K-1)")
    rum_bonus: int = option(25, "a whole number ≥ 0", whole_number(0),
                            "what each opponent pays a winner who goes rum (K-3)")


#: What a meld is: sets of 3 or 4 of a rank, runs of 3+ of a suit, the ace always low; no wild cards.
MELD_RULES = MeldRules(ace_high=False, ace_low_code="knock.ace_always_low")


def card_value(card: Card) -> int:
    """What an unmatched card counts, in points: an ace 1, 2-10 face value, J Q K 10."""
    if card.rank == 1:
        return VALUES.ace
    return VALUES.court if card.rank >= 11 else VALUES.pip(card.rank)


def count(e: PlayerEntry) -> int:
    """A player's count: the points of the unmatched cards, or the count given on paper."""
    if e.hand is None:
        return e.hand_points or 0
    return sum(card_value(c) for c in e.hand)


def winners(counts: Mapping[str, int], knocker: str) -> list[str]:
    """Who wins the hand, in seat order: the lowest count; a player who ties the knocker wins
    instead of the knocker; players tied for the lowest count without the knocker all win (K-2)."""
    low = min(counts.values())
    lowest = [p for p, c in counts.items() if c == low]
    others = [p for p in lowest if p != knocker]
    return others if others else lowest


def score_hand(entry: HandEntry, game: GameSoFar) -> HandResult:
    """Score one hand of Knock Rummy.

    Each winner scores, from every player who is not a winner, the difference between that
    player's count and the winner's, plus ``rum_bonus`` from each if the winner's count is 0,
    plus 10 from a knocker who did not have the lowest count. Everyone else scores 0.

    Raises :class:`InputError` when nobody knocked, for an illegal meld, or for a card the
    deck does not hold twice.
    """
    if not entry.knock:
        raise InputError("knock.who_knocked")
    rules = MELD_RULES
    for p, e in entry.players.items():
        for cards in e.melds or ():
            try:
                read_meld(cards, rules)
            except IllegalMeld as err:
                raise InputError("game.of_player", player=p, cause=err) from None
    check_deck({p: e.physical_cards() for p, e in entry.players.items()}, 1, 0)
    counts = {p: count(e) for p, e in entry.players.items()}
    won = winners(counts, entry.knock)
    low = counts[won[0]]
    scores = {}
    for p, e in entry.players.items():
        ps = PlayerScore(p, points_only=e.points_only, note_code="knock.holds",
                         note_facts={"player": p, "count": counts[p]})
        for card in e.hand or ():
            ps.add(0, "knock.line.counts", RULE, "count", card, amount=card_value(card), player=p)
        if p not in won:
            ps.add(0, "knock.line.lost", RULE, "difference", player=p, winners=won, low=low)
        else:
            for other, theirs in counts.items():
                if other in won:
                    continue
                ps.add(theirs - low, "knock.line.difference", RULE, "difference", group=f"from {other}",
                       other=other, theirs=theirs, mine=low, amount=theirs - low)
                if low == 0 and game.rules["rum_bonus"]:
                    ps.add(game.rules["rum_bonus"], "knock.line.rum", f"{RULE}, K-3", "bonus", group="rum",
                           other=other, amount=game.rules["rum_bonus"])
            if entry.knock not in won and counts[entry.knock] > low:
                ps.add(KNOCK_PENALTY, "knock.line.penalty", RULE, "bonus", knocker=entry.knock,
                       amount=KNOCK_PENALTY)
        scores[p] = ps
    return HandResult(scores, won=won, ended="knock", context={"counts": counts, "knock": entry.knock},
                      remarks=[phrase("knock.won", players=won, low=low)])


def end_of_game(game: GameSoFar) -> Ending:
    """The game ends after the hand in which a total reaches ``target`` (K-1); the highest
    total wins, tied highest totals share the win."""
    totals = game.totals
    if not game.played or max(totals.values()) < game.rules["target"]:
        return Ending(False)
    best = max(totals.values())
    return Ending.of(True, [p for p, t in totals.items() if t == best])


class KnockScoring(Scoring):
    """A hand: the lowest count collects; the game ends at the target."""

    def score(self, entry: HandEntry, game: GameSoFar) -> HandResult:
        return score_hand(entry, game)

    def end(self, game: GameSoFar) -> Ending:
        return end_of_game(game)


class KnockMelds(Melds):
    """Sets of 3 or 4 of a rank, runs of 3+ of a suit, the ace always low; no wild cards."""

    def rules(self, rules, round_=0, wild=None) -> MeldRules:
        return MELD_RULES


#: The variant's own sentences (code -> English template); translated by its own catalogs.
TEMPLATES = {
    "knock.who_knocked": 'Knock Rummy: say who knocked (for example "Ann: -3C AD knock").',
    "knock.holds": "{player} holds {count}.",
    "knock.ace_always_low": "the ace is always low in Knock Rummy: Q-K-A is not a run",
    "knock.line.counts": "{card} counts {amount} toward {player}'s count",
    "knock.line.lost": "{player} did not win: the lowest count, {low}, was {winners:and}'s",
    "knock.line.difference": "from {other}: {theirs} − {mine}",
    "knock.line.rum": "{other} pays {amount} for going rum",
    "knock.line.penalty": "{knocker} knocked without the lowest count and pays {amount} more",
    "knock.won": "{players:and} won the hand with the lowest count, {low}.",
    "section.knock": "Knock Rummy: scoring a hand",
    "interpretation.K-1": ("The book leaves the length of the game to the table: it ends after the hand in which "
                           "a total reaches the target, 100 unless target=N says otherwise; the highest total wins."),
    "interpretation.K-2": ("Players tied for the lowest count without the knocker each collect the whole "
                           "difference from every other player."),
    "interpretation.K-3": ("A winner who goes rum (no unmatched card) gets 25 from each opponent; rum_bonus=N "
                           "changes it."),
}

SUMMARY = (
    "Nobody melds on the table and there are no lay-offs: any player, having drawn, may knock and end the hand. "
    "Every player then counts the cards left out of their melds (sets of 3 or 4 of a rank, runs of 3+ of a suit, "
    "ace low): ace 1, 2-10 face value, J Q K 10. The lowest count wins the difference in counts from each "
    "opponent, plus 25 from each opponent for going rum (no unmatched card). A player who ties the knocker wins "
    "instead of the knocker; a knocker who does not have the lowest count pays the winner 10 more. The others "
    "score 0. One deck, no jokers; 10 cards each for 2 players, 7 for 3-4, 6 for 5."
)

VARIANT = Variant(
    id=ID,
    name="Knock Rummy",
    aliases=("knock-rummy", "poker-rum"),
    players=(2, 5),
    rules_type=KnockRules,
    summary=SUMMARY,
    interpretations={"K-1": "target", "K-2": None, "K-3": "rum_bonus"},
    pack=Pack(decks={n: 1 for n in range(2, 6)}, jokers={n: 0 for n in range(2, 6)},
              cards={2: 10, 3: 7, 4: 7, 5: 6}),
    card_values=VALUES,
    # only a knock ends a hand (a hand with no card left is a count of 0: rum); the entry says who knocked
    endings=Endings({"knock"}, required=True),
    lowest_wins=False,
    deal_word="hand",
    scoring=KnockScoring(bonuses={"rum": 25, "knock_penalty": KNOCK_PENALTY}),
    melds=KnockMelds(ace_high=False),
    texts=Texts(templates=TEMPLATES, catalogs=Path(__file__).resolve().parent / "locale"),
)
