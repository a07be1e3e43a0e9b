"""Crazy Rummy: SPEC §2.5, §2.2, I-1, I-6, I-7.

The rule book, in short: a game is exactly 13 rounds, and the round number
names the wild rank — aces in round 1, twos in round 2, … kings in round 13.
Every card of that rank is wild all round, wherever it lies. When a player
goes out (or the stock runs out) everyone else is charged the cards left in
their hand: a wild card 25, an ace 1, 2–10 face value, J Q K 10. The player
who went out is charged nothing. After round 13 the lowest total wins; a tie
is a shared win, because there is no fourteenth wild rank to play it off with.

Melds are optional in an entry (the table at the end of the round) and are
only checked, never scored: any number of wild cards in a meld, a set never
above four cards, and the ace always low — Q-K-A is not a run, but in round 7
``QH KH 7C`` is J-Q-K with the 7♣ as the J♥ (``7C=JH`` says so outright).

Worked example (SPEC §4): round 7, sevens wild. Ann went out: 0. Bob holds
7♥ K♠: 25 + 10 = 35 — the 7 is not worth 7 this round. Cy holds 2♦: 2.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from scorekeeper.core.cards import RANKS, Card
from scorekeeper.core.entry import HandEntry, PlayerEntry
from scorekeeper.core.errors import Collect, InputError, StateError
from scorekeeper.core.game import Ending, GameSoFar
from scorekeeper.core.melds import IllegalMeld, MeldRules, check_deck, read_meld
from scorekeeper.core.rulebook import CardValues, Deals, Endings, Melds, Pack, Scoring, Texts, Variant, Wilds
from scorekeeper.core.rules import RuleSet, one_of, option
from scorekeeper.core.scoring import HandResult, Joined, Phrase, PlayerScore, phrase
from scorekeeper.core.variants.common import sum_scores, tie_ending

RULE = "§2.5"
ROUNDS = 13
WILD_POINTS = 25
DECK_TEXT = phrase("deck_text.one_52")


@dataclass(frozen=True, eq=False)
class CrazyRules(RuleSet):
    """Crazy Rummy's one option: a tie is shared (there is no fourteenth round to play it off)."""

    tie: str = option("shared", "shared (play-on is refused: there is no fourteenth wild rank)",
                      one_of("play-on", "shared"), "tied lowest totals after round 13 share the win", choices=("shared",))


#: What a card left in hand costs (§2.5): a wild card 25, an ace 1, 2–10 face value, J Q K 10.
VALUES = CardValues(ace=1, low_ace=1, court=10, ten=10, wild=WILD_POINTS)


def wild_rank(round_: int) -> int:
    """The wild rank of round ``round_`` (1–13): 1 (aces) … 13 (kings).

    Raises :class:`InputError` for a round outside 1–13.
    """
    if not 1 <= round_ <= ROUNDS:
        raise InputError("crazy.no_such_round", rounds=ROUNDS, round=round_)
    return round_


def wild_words(round_: int) -> Phrase:
    """``7`` → ``"sevens are wild"``: how the table says it."""
    return phrase(f"wild.rank.{wild_rank(round_)}")


def penalty(card: Card, round_: int) -> tuple[int, Phrase]:
    """What ``card`` left in hand costs in round ``round_``, and why (SPEC §2.5).

    Returns ``(points, reason)``: a wild card 25 (whatever its rank would
    otherwise count), an ace 1, 2–10 face value, J Q K 10.
    """
    if card.rank == wild_rank(round_):
        return VALUES.wild, phrase("crazy.value_wild", round=round_, wild=wild_words(round_), amount=VALUES.wild)
    if card.rank == 1:
        return VALUES.ace, phrase("crazy.value_ace")
    if card.rank >= 11:
        return VALUES.court, phrase("crazy.value_court")
    return VALUES.pip(card.rank), phrase("crazy.value_face", amount=card.rank)


def meld_rules(rules: Mapping[str, Any], round_: int) -> MeldRules:
    """The round's wild rank stands for any card; the ace is always low (SPEC §2.2).

    Raises :class:`InputError` for a round outside 1–13.
    """
    return CRAZY.melds.rules(rules, round_)


class CrazyDeals(Deals):
    """Thirteen rounds; round r's wild rank is r (aces in round 1 … kings in round 13)."""

    def count(self, rules: Mapping[str, Any]) -> int:
        return ROUNDS

    def wild_rank(self, rules: Mapping[str, Any], round_: int) -> int:
        return wild_rank(round_)

    def facts(self, rules: Mapping[str, Any], round_: int) -> dict[str, Any]:
        """``{"round": 7, "wild": "7"}``: the round and the rank wild in it."""
        return {"round": round_, "wild": RANKS[wild_rank(round_) - 1]}

    def words(self, rules: Mapping[str, Any], round_: int) -> Phrase | None:
        return wild_words(round_) if 1 <= round_ <= ROUNDS else None


class CrazyScoring(Scoring):
    """A round's penalties; after round 13 the lowest total wins."""

    def score(self, entry: HandEntry, game: GameSoFar) -> HandResult:
        return score_round(entry, game)

    def end(self, game: GameSoFar) -> Ending:
        return end_of_game(game)

    def check_setup(self, rules: Mapping[str, Any], players: int) -> None:
        """Refuse ``tie=play-on``: the game is 13 rounds and there is no fourteenth wild rank (I-1)."""
        if rules["tie"] == "play-on":
            raise InputError("rule.crazy_no_play_on")


def _melds_note(player: str, e: PlayerEntry, mrules: MeldRules) -> tuple[str, dict]:
    """Check a player's melds (optional, not scored) and say what they are."""
    readings = []
    mistakes = Collect()  # every illegal meld at once, each with its place
    for i, cards in enumerate(e.melds or ()):
        with mistakes.at("players", player, "melds", i):
            try:
                readings.append(read_meld(cards, mrules))
            except IllegalMeld as err:
                raise InputError("game.of_player", player=player, cause=err) from None
    mistakes.raise_any()
    if not readings:
        return "", {}
    return "crazy.melds_note", {"melds": Joined(tuple(r.reason for r in readings), "; ")}


def score_round(entry: HandEntry, game: GameSoFar) -> HandResult:
    """Score round ``number`` (1–13) of Crazy Rummy (SPEC §2.5).

    Each player is charged the penalty points of the cards left in their hand
    (see :func:`penalty`), or the points given for a points-only hand (I-6);
    the player who went out is charged 0. Melds are only checked. Raises
    :class:`InputError` for a joker, more copies of a card than one deck
    holds, an illegal meld, or a player named as out whose hand still counts
    points; :class:`StateError` for a fourteenth round.
    """
    round_ = game.round  # a game continued from paper (new --round) starts later
    if round_ > ROUNDS:
        raise StateError("crazy.past_last_round", rounds=ROUNDS, round=round_)
    # One 52-card deck, no jokers: checked before the melds, so a JK is refused as a joker.
    decks, jokers = game.variant.deals.packs(game.rules, len(game.players))
    check_deck({p: e.physical_cards() for p, e in entry.players.items()}, decks, jokers, DECK_TEXT)
    mrules = game.variant.melds.rules(game.rules, round_)
    notes, mistakes = {}, Collect()  # every player's illegal melds at once
    for p, e in entry.players.items():
        with mistakes.at():
            notes[p] = _melds_note(p, e, mrules)
    mistakes.raise_any()
    scores = {p: _charge(p, e, round_, entry.out, notes[p]) for p, e in entry.players.items()}
    return HandResult(
        scores,
        won=[entry.out] if entry.out else [],
        ended="out" if entry.out else ("stock" if entry.stock_exhausted else ""),
        context={"round": round_, "wild": RANKS[round_ - 1]},
    )


def _charge(p: str, e: PlayerEntry, round_: int, out: str | None, note: tuple[str, dict]) -> PlayerScore:
    """One player's penalty for the round, line by line."""
    ps = PlayerScore(p, points_only=e.points_only, note_code=note[0], note_facts=note[1])
    if out == p:
        ps.add(0, "line.went_out", RULE, "hand", player=p)
    elif e.hand_points is not None:
        ps.add(e.hand_points, "line.penalty_on_paper", f"{RULE}, I-6", "hand", amount=e.hand_points)
    elif not e.hand:
        ps.add(0, "line.no_cards", RULE, "hand")
    for i, card in enumerate(e.hand or ()):
        pts, why = penalty(card, round_)
        ps.add(pts, "line.penalty_card", RULE, "hand", card, group=f"card {i}", value=why)
    return ps


def end_of_game(game: GameSoFar) -> Ending:
    """After round 13 the lowest total wins; tied lowest totals share the win (I-1)."""
    setup = game.setup
    if setup.round_of(len(game.played)) < ROUNDS:
        return Ending(False)
    ending = tie_ending(setup, sum_scores(setup, game.played))
    return Ending(ending.finished, ending.winners, ending.bonus, ending.note, ending.bonus_facts,
                  after_end=("crazy.finished", {"rounds": ROUNDS, "winners": list(ending.winners)}),
                  note_code=ending.note_code, note_facts=ending.note_facts)


#: Crazy Rummy's own sentences (message code -> English template); their translations are in the
#: program's catalogs under the same codes
TEMPLATES: dict[str, str] = {
    "crazy.no_such_round": ("Crazy Rummy has rounds 1 to {rounds} (aces wild in round 1 … kings in round 13), "
                            "not {round}."),
    "crazy.past_last_round": "Crazy Rummy is {rounds:#round|rounds}: there is no round {round}.",
    "crazy.finished": ("The game is finished: Crazy Rummy is {rounds:#round|rounds}, round {rounds} (kings wild) has been "
                       "played and there is no fourteenth wild rank ({winners:and} won). Start a new session with "
                       "`scorekeeper new`."),
    "crazy.value_wild": "round {round}, {wild}: {amount}",
    "crazy.value_ace": "ace: 1",
    "crazy.value_court": "court card: 10",
    "crazy.value_face": "face value: {amount}",
    "crazy.melds_note": "Melds on the table (checked, not scored): {melds}.",
}

_SUMMARY = (
    "Thirteen rounds; in round r the cards of rank r are wild (round 1 aces, round 2 twos … round 13 kings), "
    "wherever they lie. When a player goes out (or the stock runs out) every player is charged the cards "
    "left in hand: a wild card 25, an ace 1, 2-10 face value, J Q K 10; the player who went out 0. "
    "Melds may be entered; they are checked, not scored: sets of 3 or 4 cards of one rank, runs of 3+ "
    "cards of one suit in sequence, any number of wild cards (7C=4S says what a wild stands for), "
    "the ace always low (Q-K-A is not a run). After round 13 the lowest total wins; a tie is a shared win."
)

CRAZY = Variant(
    id="crazy",
    name="Crazy Rummy",
    aliases=("crazy-rummy",),
    players=(3, 6),
    rules_type=CrazyRules,
    summary=_SUMMARY + " One 52-card deck, no jokers; 7 cards each, 8 to the player left of the dealer, "
                       "who leads.",
    interpretations={"I-1": "tie", "I-6": None, "I-7": None},
    # one 52-card deck, no jokers; 7 cards each, 8 to the player left of the dealer, who leads
    pack=Pack(decks={n: 1 for n in range(3, 7)}, jokers={n: 0 for n in range(3, 7)},
              cards={n: 7 for n in range(3, 7)}, extra_to_leader=1),
    card_values=VALUES,
    endings=Endings({"out", "stock"}),
    lowest_wins=True,
    deal_word="round",
    scoring=CrazyScoring(),
    deals=CrazyDeals(),
    # in round r the cards of rank r are wild; the ace is always low (Q-K-A is not a run); melds are
    # checked, never scored
    melds=Melds(wilds=Wilds.ROUND_RANK, ace_high=False),
    texts=Texts(templates=TEMPLATES),
    list_order=40,
)

#: The object the entry point ``crazy`` names (SPEC §8).
VARIANT = CRAZY
