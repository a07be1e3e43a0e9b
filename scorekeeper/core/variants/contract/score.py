"""Checking and scoring one Contract Rummy deal (SPEC §2.8), and the end of the game.

An entry is the hand-file structure of SPEC §4 with one more key, ``cut`` (the player who
cut the pack exactly, where ``cut_bonus`` is above 0). Each of the 14 validations of §2.8
refuses the whole entry with an :class:`~scorekeeper.core.errors.InputError` whose code and
facts name the player, the card or meld, the rule and the deal's contract.

Scoring: each player scores the penalty points of the cards left in hand
(:func:`~scorekeeper.core.variants.contract.values.penalty`), the player who went out 0;
melds and lay-offs score nothing; the player who cut exactly scores that minus
``cut_bonus`` (and may go below 0).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.core.cards import PlayedCard
from scorekeeper.core.entry import HandEntry, PlayerEntry, parse_entry, player_named
from scorekeeper.core.errors import InputError, StateError
from scorekeeper.core.game import Ending, GameSetup, GameSoFar
from scorekeeper.core.melds import IllegalMeld, TableMeld, check_deck, deck_words
from scorekeeper.core.phrase import phrase
from scorekeeper.core.scoring import HandResult, Joined, PlayerScore
from scorekeeper.core.variants.common import sum_scores, tie_ending
from scorekeeper.core.variants.contract import melds as cm
from scorekeeper.core.variants.contract.options import Contract
from scorekeeper.core.variants.contract.values import deck_bound, penalty

RULE = "§2.8"
PLAYER_KEYS = frozenset({"melds", "layoffs", "hand"})
TOP_KEYS = ("players", "out", "stock_exhausted", "cut")


@dataclass(frozen=True)
class ContractEntry:
    """A deal as entered: the shared :class:`HandEntry` and who cut the pack (or None)."""

    hand: HandEntry
    cut: str | None = None

    @property
    def players(self) -> dict[str, PlayerEntry]:
        return self.hand.players


@dataclass(frozen=True)
class RawDeal:
    """A deal as typed, read when it is scored (:func:`score_deal`), so that a refusal of its
    keys, cards or players names the deal's contract too."""

    raw: Any
    players: tuple[str, ...]


def take_entry(raw: Any, players: Sequence[str]) -> RawDeal:
    """The entry ``score_deal`` takes: the deal as typed, read there (see :class:`RawDeal`)."""
    return RawDeal(raw, tuple(players))


def read_entry(raw: Any, players: Sequence[str]) -> ContractEntry:
    """Check and type a Contract Rummy entry (validation 14 and the shared checks of §4:
    every player once, cards that read, ``out``/``stock_exhausted`` that agree).

    Raises :class:`InputError` for a key that does not belong to contract (``table``,
    ``knock``, ``cards``, ``upcard``…), a bad card, an unknown or missing player.
    """
    if not isinstance(raw, dict):
        raise InputError("entry.not_table")
    for key in raw:
        if key not in TOP_KEYS:
            raise InputError("contract.unknown_top_key", key=key, allowed=list(TOP_KEYS))
    given = raw.get("players")
    if isinstance(given, dict):
        for name, part in given.items():
            if isinstance(part, dict):
                for key in part:
                    if key not in PLAYER_KEYS:
                        raise InputError("contract.unknown_player_key", player=name, key=key,
                                         allowed=sorted(PLAYER_KEYS))
    cut = None
    if "cut" in raw:
        if not isinstance(raw["cut"], str):
            raise InputError("contract.cut_not_name", value=raw["cut"])
        cut = player_named(raw["cut"], players, "cut")
    shared = {k: v for k, v in raw.items() if k != "cut"}
    return ContractEntry(parse_entry(shared, players, set(PLAYER_KEYS), False, True, 0), cut)


def deal_of(setup: GameSetup, number: int) -> tuple[int, Contract]:
    """``(deal, contract)`` of hand ``number``: the deal number is the hand's number
    (SPEC §2.8). Raises :class:`StateError` ``contract.past_last_deal`` after the last."""
    deals = setup.rules.deals
    deal = setup.round_of(number)  # a game continued from paper (new --round) starts later
    if not 1 <= deal <= len(deals):
        raise StateError("contract.past_last_deal", deals=len(deals), deal=deal)
    return deal, deals[deal - 1]


def cutter_of(game: GameSoFar) -> str:
    """Who cuts the pack for the coming deal of ``game``: the player to its dealer's right, the
    one before the dealer in seat order (I-C13)."""
    players = game.players
    return players[(players.index(game.dealer) - 1) % len(players)]


def score_deal(entry: ContractEntry | RawDeal, game: GameSoFar) -> HandResult:
    """Check and score deal ``number`` of Contract Rummy (SPEC §2.8).

    Returns a :class:`HandResult` whose ``context`` holds ``deal``, ``contract`` (``S3+R4``),
    ``out`` (a name or None), ``down`` (the players whose melds were entered, not empty) and
    ``cut``. Raises :class:`StateError` for a deal after the last (validation 11) and
    :class:`InputError` for every other validation of §2.8, each naming the deal's contract in
    words and as ``S3+R4`` (``contract.in_deal`` around the refusal, its facts kept, where the
    refusal does not name it itself).
    """
    deal, contract = deal_of(game.setup, game.number)
    try:
        if isinstance(entry, RawDeal):
            entry = read_entry(entry.raw, entry.players)
        return _score_deal(entry, game, deal, contract)
    except InputError as err:
        if err.code in NAMES_CONTRACT:
            raise
        raise InputError("contract.in_deal", **{**err.facts, "cause": err, "deal": deal, "contract": contract.text,
                                                "words": contract.words()}) from None


#: the refusals that name the deal's contract themselves
NAMES_CONTRACT = frozenset({"contract.not_met", "contract.not_exact", "contract.extra_melds",
                            "contract.extra_melds_last",
                            "contract.last_deal_melds", "contract.last_deal_melds_stock",
                            "contract.last_deal_layoffs"})


def _score_deal(entry: ContractEntry, game: GameSoFar, deal: int, contract: Contract) -> HandResult:
    """:func:`score_deal` once the deal is known to be one of the game's."""
    rules = game.rules
    hand = entry.hand
    facts = {"deal": deal, "contract": contract.text, "words": contract.words()}
    last = deal == len(rules.deals)
    all_out = last and rules["last_deal"] == "all-out"
    # 12: points no pack holds: one hand, or all those given together with the cards shown
    _check_points(hand, rules)
    # 8: more copies than the packs hold (a wild's declared meaning is not a card)
    check_deck({p: e.physical_cards() for p, e in hand.players.items()}, rules["packs"], rules["jokers"],
               deck_words(rules["packs"], rules["jokers"]))
    # 13: the cut
    if entry.cut is not None:
        if not rules["cut_bonus"]:
            raise InputError("contract.cut_off", player=entry.cut)
        cutter = cutter_of(game)
        if entry.cut != cutter:
            raise InputError("contract.cut_wrong", player=entry.cut, deal=deal, dealer=game.dealer, cutter=cutter)
    # 9: who went out
    out = hand.out
    if out is None and not hand.stock_exhausted:
        raise InputError("contract.nobody_out")
    if out is not None and hand.players[out].melds == ():
        raise InputError("contract.out_not_down", player=out)
    # 10: the last deal under last_deal=all-out
    if all_out:
        for p, e in hand.players.items():
            if p != out and e.melds:
                code = "contract.last_deal_melds_stock" if out is None else "contract.last_deal_melds"
                raise InputError(code, player=p, **facts)
            if e.layoffs:
                raise InputError("contract.last_deal_layoffs", player=p, **facts)
    # 1-5: going down
    law = cm.law_of(rules)
    went_down: dict[str, cm.WentDown] = {}
    for p, e in hand.players.items():
        if e.melds:
            down = cm.go_down(p, e.melds, contract, deal, law, rules["exact_contract"], rules["extra_melds"],
                              all_out)
            if rules["adjacent_runs"] == "refuse":
                down = cm.check_adjacent(p, e.melds, down, law)  # the runs read so that they stay apart
            went_down[p] = down
    # 6, 7: lay-offs
    for p, e in hand.players.items():
        if e.layoffs and p not in went_down:
            code = "contract.layoff_not_down" if e.melds == () else "contract.layoff_no_melds"
            raise InputError(code, player=p, cards=e.layoffs)
    table = [TableMeld(p, cards, reading) for p, down in went_down.items()
             for cards, reading in zip(hand.players[p].melds, down.readings)]
    layoffs = [(p, c) for p, e in hand.players.items() for c in e.layoffs]
    placed = [m.reading for m in table]
    if layoffs:
        found = cm.place_layoffs(table, layoffs, law)
        if found is None:
            raise _layoff_error(table, layoffs, law)
        placed = found
        # each player's melds as laid down, read the way the lay-offs on them left them
        shown = {p: list(down.readings) for p, down in went_down.items()}
        at = {p: 0 for p in went_down}
        for m, r in zip(table, placed):
            added = [c for c in r.cards if not any(c is own for own in m.cards)]
            shown[m.owner][at[m.owner]] = cm.as_laid_down(m, shown[m.owner][at[m.owner]], added, law)
            at[m.owner] += 1
        went_down = {p: cm.WentDown(tuple(shown[p]), down.needs) for p, down in went_down.items()}
    scores = {p: _charge(p, e, rules, out, went_down.get(p), entry.cut, contract)
              for p, e in hand.players.items()}
    return HandResult(
        scores,
        won=[out] if out else [],
        ended="out" if out else "stock",
        context={"deal": deal, "contract": contract.text, "out": out,
                 "down": [p for p in hand.players if p in went_down], "cut": entry.cut,
                 "table": [{"owner": m.owner, "kind": r.kind, "cards": [str(s.played) for s in r.slots]}
                           for m, r in zip(table, placed)]},
    )


def _check_points(hand: HandEntry, rules: Mapping[str, Any]) -> None:
    """Validation 12 (I-6): a points-only hand worth more than all the cards of the packs in play
    (807 with two packs and one joker at face value), or points-only hands that are together, or
    with the cards shown card by card (each at what it counts in hand, its only value), are a
    typing slip. Raises :class:`InputError` naming the players, the points and the bound."""
    given = [(p, e.hand_points) for p, e in hand.players.items() if e.hand_points is not None]
    if not given:
        return
    bound = deck_bound(rules)
    facts = {"bound": bound, "packs": rules["packs"], "jokers": rules["jokers"]}
    for p, points in given:
        if points > bound:
            raise InputError("contract.points_over", player=p, points=points, **facts)
    players = [p for p, _ in given]
    total = sum(points for _, points in given)
    if total > bound:
        raise InputError("contract.points_over_sum", what=phrase("points.sum.hands", players=players),
                         players=players, points=total, **facts)
    shown = sum(penalty(c, rules)[0] for e in hand.players.values() for c in e.physical_cards())
    if shown and shown + total > bound:
        raise InputError("contract.points_over_sum", what=phrase("contract.points.cards_and_hands", shown=shown,
                                                                 given=total, players=players),
                         players=players, points=shown + total, **facts)


def _layoff_error(table: list[TableMeld], layoffs: list[tuple[str, PlayedCard]], law: cm.MeldLaw) -> InputError:
    """Why the lay-offs fit no assignment (validation 7), naming every meld tried.

    The largest group of lay-offs that fit together is grown in passes (a 10 typed before the 9
    it rests on still joins); the first lay-off that never joins is blamed, with why it fits none
    of the melds (each meld with the lay-offs that went on it), and the others left over after it.
    Judged alone, a 6 laid off on a 5 that is itself laid off would be blamed."""
    if not table:
        player, card = layoffs[0]
        return InputError("contract.layoff_no_table", player=player, card=card.card)
    fits: list[tuple[str, PlayedCard]] = []
    left = list(layoffs)
    grown = True
    while grown:
        grown = False
        for item in list(left):
            if cm.place_layoffs(table, fits + [item], law) is not None:
                fits.append(item)
                left.remove(item)
                grown = True
    placed = cm.place_layoffs(table, fits, law) if fits else [m.reading for m in table]
    if not left or placed is None:  # (never: each lay-off of ``fits`` joined them)
        return InputError("layoff.not_all_fit", layoffs=Joined(tuple(
            phrase("layoff.card_of", card=c.card, player=p) for p, c in layoffs), " "))
    player, card = left[0]
    reasons = []
    for m, reading in zip(table, placed):
        extra = [c for c in reading.cards if not any(c is own for own in m.cards)]
        try:
            cm.read(m.cards + extra + [card], law, m.reading.kind, limit=False)
            continue  # (never: the search, which tries every assignment, would have put it there)
        except IllegalMeld as err:
            why = err.reason
        on = phrase("layoff.meld_with", meld=m.title(), cards=extra) if extra else m.title()
        reasons.append(phrase("layoff.not_on", meld=on, why=why))
    parts = [phrase("layoff.reasons", reasons=Joined(tuple(reasons), "; "))]
    if len(left) > 1:
        parts.append(phrase("layoff.nor_do", cards=[phrase("layoff.card_of", card=c.card, player=p)
                                                    for p, c in left[1:]]))
    return InputError("layoff.no_fit", player=player, card=card.card, why=Joined(tuple(parts)))


def _charge(p: str, e: PlayerEntry, rules: Mapping[str, Any], out: str | None, down: cm.WentDown | None,
            cut: str | None, contract: Contract) -> PlayerScore:
    """One player's penalty for the deal, line by line, with what they put down as a note."""
    note, note_facts = "", {}
    if down is not None:
        note = "contract.note.down_layoffs" if e.layoffs else "contract.note.down"
        note_facts = {"melds": Joined(tuple(r.phrase for r in down.readings), "; "), "cards": e.layoffs,
                      "contract": contract.text, "contract_words": contract.words()}
    elif e.melds == ():
        note = "contract.note.not_down"
    ps = PlayerScore(p, points_only=e.points_only, note_code=note, note_facts=note_facts)
    if out == p:
        ps.add(0, "line.went_out", RULE, "hand", player=p)
    elif e.hand_points is not None:
        ps.add(e.hand_points, "line.penalty_on_paper", f"{RULE}, I-6", "hand", amount=e.hand_points)
    for i, card in enumerate(e.hand or ()):
        points, why = penalty(card, rules)
        ps.add(points, "line.penalty_card", RULE, "hand", card, group=f"card {i}", value=why)
    if cut == p:
        ps.add(-rules["cut_bonus"], "contract.line.cut", f"{RULE}, I-C13", "bonus", player=p,
               amount=rules["cut_bonus"])
    return ps


def end_of_game(game: GameSoFar) -> Ending:
    """After the last deal the lowest total wins; tied lowest totals share the win (I-1)."""
    setup, results = game.setup, game.played
    deals = len(setup.rules.deals)
    if setup.round_of(len(results)) < deals:
        return Ending(False)
    ending = tie_ending(setup, sum_scores(setup, results))
    return Ending(ending.finished, ending.winners, ending.bonus, ending.note, ending.bonus_facts,
                  after_end=("contract.finished", {"deals": deals, "winners": list(ending.winners)}),
                  note_code=ending.note_code, note_facts=ending.note_facts)


def hand_facts(result: HandResult) -> dict:
    """What ``hand --json`` and ``history --json`` add per deal (SPEC §2.8): ``deal`` (1 = first),
    ``contract`` (``"S3+R4"``), ``out`` (a name, or None with ``stock_exhausted``), ``down`` (the
    players whose melds were entered, not empty) and ``cut`` (a name or None)."""
    c = result.context if isinstance(getattr(result, "context", None), dict) else {}
    return {key: c.get(key) for key in ("deal", "contract", "out", "down", "cut")}


def state_facts(state: Any) -> dict:
    """What ``standings --json`` adds (SPEC §2.8): the coming ``deal`` and its ``contract``
    (null once the game is finished) and ``deals``, how many the game has."""
    deals = state.setup.rules.deals
    coming = state.setup.round_of(state.hands + 1)
    if state.ending.finished or coming > len(deals):
        return {"deal": None, "contract": None, "deals": len(deals)}
    return {"deal": coming, "contract": deals[coming - 1].text, "deals": len(deals)}


def deal_words(rules: Mapping[str, Any], number: int) -> Any:
    """What deal ``number`` asks for, in words as data: "Deal 3 — two runs (R4+R4)."; the last
    deal under ``last_deal=all-out`` says that going down is going out. None past the last."""
    deals = rules.deals
    if not 1 <= number <= len(deals):
        return None
    contract = deals[number - 1]
    last = number == len(deals) and rules["last_deal"] == "all-out"
    return phrase("contract.deal_words.last" if last else "contract.deal_words", deal=number,
                  words=contract.words(), contract=contract.text)


