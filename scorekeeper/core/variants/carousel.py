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

from typing import Any, Mapping, Sequence

from scorekeeper.core.cards import Card, card_symbol, format_card
from scorekeeper.core.entry import HandEntry, PlayerEntry
from scorekeeper.core.errors import InputError
from scorekeeper.core.game import Ending, GameSetup
from scorekeeper.core.melds import IllegalMeld, MeldRules, check_deck, read_meld
from scorekeeper.core.rules import Option, Variant, one_of, whole_number
from scorekeeper.core.scoring import HandResult, PlayerScore
from scorekeeper.core.variants.common import best_of, sum_scores, tie_option

RULE = "§2.4"
RULE_VALUES = "§2.1"
UNDERCUT_BONUS = 10
OUT_BONUS = 25
TARGET_BONUS = 100
ROUND_BONUS = 25

OPTIONS = (
    Option("target", 150, "a whole number ≥ 1", whole_number(1), "the total that ends the game"),
    tie_option(("play-on", "shared"), "play-on"),
    Option("knock_limit", 5, "a whole number ≥ 0", whole_number(0),
           "the most points a player may hold and still knock"),
    Option("round_bonus", "others", "others, all or none", one_of("others", "all", "none"),
           "at the end, 25 per round won: to the players below the target (others), to everyone (all), "
           "or to nobody (none) (I-2)"),
)


def card_value(card: Card) -> tuple[int, str]:
    """What a card left in hand costs, in points, and why (§2.1): joker 25, ace 1,
    K Q J 10, 2–10 face value. Returns ``(points, reason)``."""
    if card.is_joker:
        return 25, "joker"
    if card.rank == 1:
        return 1, "ace"
    if card.rank >= 11:
        return 10, "court card"
    return card.rank, "face value"


def meld_rules(rules: Mapping[str, Any], round_: int = 0) -> MeldRules:
    """Jokers are wild; an ace is low or high in a run; a set never holds two
    identical cards, even with two decks (§2.2)."""
    return MeldRules(wild=lambda c: c.is_joker, ace_high=True, set_duplicates=False, wild_name="joker")


def meld_value(reading, rules: Mapping[str, Any]) -> None:
    """Melds score nothing in Carousel: only the cards left in hand count."""
    return None


def _decks(setup: GameSetup) -> tuple[int, int]:
    """``(decks, jokers)``: one deck and one joker for 2 players, two of each for 3–5 (§2)."""
    return (1, 1) if len(setup.players) == 2 else (2, 2)


def _deck_text(decks: int) -> str:
    return "one deck with one joker" if decks == 1 else "two decks with two jokers"


def _names(players: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    players = list(players)
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def _count(e: PlayerEntry) -> int:
    """h(p): the points of the cards left in hand (or as counted on paper, I-6)."""
    if e.hand is None:
        return e.hand_points or 0
    return sum(card_value(c)[0] for c in e.hand)


def _check_round(entry: HandEntry, setup: GameSetup, counts: dict[str, int]) -> None:
    """Refuse a round whose ending is unknown or impossible, an illegal meld, a
    knock over the limit, or more copies of a card than the decks hold."""
    if not (entry.knock or entry.out or entry.stock_exhausted):
        raise InputError(
            'The entry does not say how the round ended: add "knock": NAME, "out": NAME or '
            '"stock_exhausted": true (on one line: "knock" or "out" after a player, or an argument "stock"), '
            "since a missing knocker would silently lose an undercut (§2.4)."
        )
    rules = meld_rules(setup.rules)
    for p, e in entry.players.items():
        for cards in e.melds or ():
            try:
                read_meld(cards, rules)
            except IllegalMeld as err:
                raise InputError(f"{p}: {err.message}") from None
    decks, jokers = _decks(setup)
    check_deck({p: e.physical_cards() for p, e in entry.players.items()}, decks, jokers, _deck_text(decks))
    knock, limit = entry.knock, setup.rules["knock_limit"]
    if knock and counts[knock] > limit:
        e = entry.players[knock]
        held = (" (" + " + ".join(f"{card_symbol(c)} {card_value(c)[0]}" for c in e.hand) + ")") if e.hand else ""
        raise InputError(f"{knock} knocked holding {counts[knock]} points{held}, "
                         f"but a knock needs {limit} or fewer (knock_limit={limit}).")


def round_winners(counts: Mapping[str, int], knock: str | None) -> tuple[list[str], str]:
    """The round's winners W (§2.4 step 2, I-4) in seat order, and a sentence saying why.

    * the knocker alone has the lowest count: W = {knocker};
    * the knocker ties for lowest: W = the others tied with the knocker;
    * the knocker is not lowest, or nobody knocked: W = everyone with the lowest count.
    """
    low = min(counts.values())
    lowest = [p for p, h in counts.items() if h == low]
    if knock is None:
        if len(lowest) == 1:
            return lowest, f"{lowest[0]} holds the lowest count ({low}) and wins the round."
        return lowest, (f"{_names(lowest)} share the lowest count ({low}) and nobody knocked: "
                        "all of them win, without undercut bonus (I-4).")
    if lowest == [knock]:
        return lowest, f"{knock} knocked with {low}, the lowest count alone, and wins the round."
    if knock in lowest:
        others = [p for p in lowest if p != knock]
        verb = "wins" if len(others) == 1 else "win"
        return others, (f"{knock} knocked with {low} but {_names(others)} tie{'s' if len(others) == 1 else ''} "
                        f"the knocker: {_names(others)} {verb} as if they had won, and the knocker wins nothing.")
    verb = "undercuts" if len(lowest) == 1 else "undercut"
    return lowest, (f"{knock} knocked with {counts[knock]} but {_names(lowest)} {verb} with {low}: "
                    f"{_names(lowest)} {'wins' if len(lowest) == 1 else 'win'} the round.")


def score_round(entry: HandEntry, setup: GameSetup, number: int) -> HandResult:
    """Score one round of Carousel (SPEC §2.4).

    Each winner w scores the sum over every other player p of h(p) − h(w),
    plus 10 for an undercut (a winner who is not the knocker in a knocked
    round) and 25 for going out; everyone else scores 0. Points-only hands
    (I-6) count as given. Raises :class:`InputError` when the round's ending is
    not given or impossible, the knocker holds more than ``knock_limit``, a meld
    is illegal, or a card appears more often than the decks hold.
    """
    counts = {p: _count(e) for p, e in entry.players.items()}
    _check_round(entry, setup, counts)
    winners, why = round_winners(counts, entry.knock)
    scores = {p: _player_score(p, e, counts, winners, entry) for p, e in entry.players.items()}
    ended = "knock" if entry.knock else "out" if entry.out else "stock"
    # how the round ended is in `ended` and `context`; the note says who won and why
    return HandResult(scores, won=winners, ended=ended,
                      context={"counts": counts, "knock": entry.knock, "out": entry.out},
                      notes=[why])


def _player_score(p: str, e: PlayerEntry, counts: dict[str, int], winners: list[str],
                  entry: HandEntry) -> PlayerScore:
    """One player's round score, line by line: the cards counted (adding nothing
    themselves), then the differences and bonuses of a winner, or 0."""
    ps = PlayerScore(p, points_only=e.points_only, note=f"{p} holds {counts[p]}.")
    if e.hand is None:
        ps.add(0, f"cards left in hand, counted on paper: {counts[p]}", "§2.4, I-6", "count")
    elif not e.hand:
        ps.add(0, "no cards left in hand: 0", RULE, "count")
    for card in e.hand or ():
        pts, what = card_value(card)
        ps.add(0, f"{card_symbol(card)} left in hand: {what}, counts {pts} toward {p}'s {counts[p]}",
               RULE_VALUES, "count", format_card(card))
    if p not in winners:
        low = min(counts.values())
        if p == entry.knock and counts[p] == low:
            reason = (f"{p} knocked and tied for the lowest count ({low}): "
                      "the knocker wins nothing, 0")
        elif p == entry.knock:
            reason = f"{p} knocked with {counts[p]} and was undercut ({_names(winners)} won with {low}): 0"
        else:
            reason = f"{p} did not win the round ({_names(winners)} won with {counts[winners[0]]}): 0"
        ps.add(0, reason, RULE, "difference")
        return ps
    for other, h in counts.items():
        if other != p:
            ps.add(h - counts[p], f"difference to {other}: {other}'s {h} − {p}'s {counts[p]} = {h - counts[p]}",
                   RULE, "difference", group=f"difference to {other}")
    if entry.knock and p != entry.knock:
        ps.add(UNDERCUT_BONUS, f"undercut bonus: {p} won a round {entry.knock} knocked in, +{UNDERCUT_BONUS}",
               RULE, "bonus")
    if entry.out == p:
        ps.add(OUT_BONUS, f"going out bonus: {p} played every card, +{OUT_BONUS}", RULE, "bonus")
    return ps


def end_of_game(setup: GameSetup, results: Sequence[HandResult]) -> Ending:
    """The end of the game (§2.4, I-1, I-2).

    After the round in which one or more totals reach ``target``: 100 to each
    player at or above it, and 25 per round won to the others (``round_bonus
    = others``), to everyone (``all``) or to nobody (``none``). The bonuses are
    worked out from the state at the end, never banked: while a tie for the
    highest final total is played on (``tie = play-on``) the game is not
    finished and they are worked out again after each round.
    """
    totals = sum_scores(setup, results)
    target, given = setup.rules["target"], setup.rules["round_bonus"]
    reached = [p for p, t in totals.items() if t >= target]
    if not reached:
        return Ending(False)
    won = {p: sum(p in r.won for r in results) for p in setup.players}
    bonus, reasons = {}, {}
    for p, total in totals.items():
        rounds, plural = ROUND_BONUS * won[p], "round" if won[p] == 1 else "rounds"
        rule = "§2.4, I-2"
        if total >= target:
            extra = rounds if given == "all" else 0
            bonus[p] = TARGET_BONUS + extra
            why = f"{p} reached {target} ({total}): +{TARGET_BONUS}"
            if extra:
                why += f", and 25 for each of the {won[p]} {plural} won: +{extra}"
                rule = "round_bonus=all, " + rule
        elif given == "none":
            bonus[p] = 0
            why, rule = f"{p} stayed below {target} ({total}): no end bonus", "round_bonus=none, " + rule
        elif won[p]:
            bonus[p] = rounds
            why = f"{p} stayed below {target} ({total}) and won {won[p]} {plural}: 25 × {won[p]} = +{rounds}"
        else:
            bonus[p] = 0
            why = f"{p} stayed below {target} ({total}) and won no round: no end bonus"
        reasons[p] = f"{why} ({rule}); final total {total + bonus[p]}."
    final = {p: totals[p] + bonus[p] for p in setup.players}
    winners = best_of(final, lowest_wins=False)
    summary = f"{_names(reached)} reached {target}; end bonuses: " + ", ".join(
        f"{p} +{bonus[p]}" if bonus[p] else f"{p} 0" for p in setup.players) + " (§2.4, I-2)."
    if len(winners) > 1 and setup.rules["tie"] == "play-on":
        with_bonus = ", ".join(f"{p} {totals[p]} + {bonus[p]}" for p in winners)
        return Ending(False, note=(
            f"{_names(winners)} are tied at {final[winners[0]]} with the end bonuses ({with_bonus}): "
            "another round is played to break the tie, and the bonuses are worked out again after it (I-1)."))
    if len(winners) > 1:
        summary += f" {_names(winners)} share the win at {final[winners[0]]} (tie=shared, I-1)."
    return Ending(True, winners, bonus, note=summary, bonus_reasons=reasons)


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

CAROUSEL = Variant(
    id="carousel",
    name="Manipulation rummy (Carousel)",
    aliases=("manipulation",),
    min_players=2,
    max_players=5,
    options=OPTIONS,
    summary=_SUMMARY,
    interpretations=("I-1", "I-2", "I-4", "I-6", "I-7"),
    player_keys=frozenset({"melds", "hand"}),
    knock_allowed=True,
    lowest_wins=False,
    score=score_round,
    end=end_of_game,
    decks=_decks,
    dealt=lambda n: "10 cards each",
    meld_rules=meld_rules,
    meld_value=meld_value,
)
