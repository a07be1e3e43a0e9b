"""Scoring an Indian Rummy deal and ending the game (SPEC §2.9 "The others' points", "The game").

**A deal.** The declarer scores 0. Each other player scores the points of the cards they hold
out of melds (:func:`~scorekeeper.core.variants.indian.melds.card_points`: A K Q J 10 ten,
2-9 face value, wild cards and printed jokers 0) — their melds count for them only when they
hold "life", the two sequences a show needs, one of them pure; without life every card counts
(under ``partial_life=pure`` a pure sequence still does not). A player's points never exceed the
full count (80; 60 in pool61). A first drop costs 20, a middle drop 40, a wrong show 80 (the
costs by ``game``: :mod:`~scorekeeper.core.variants.indian.options`); a hand counted on paper
is entered as its points. The last player in after everyone else dropped wins the deal with 0
and shows nothing (I-N6).

Worked example (two packs, sevens wild): Bob shows 8♣ 9♣ 10♣ (pure) and 4♦ JK 6♦ (impure):
life, so only his cards out of melds count, K♠ Q♥ 7♦ 2♠ 2♥ 5♣ 9♥: 10 + 10 + 0 (a seven is
wild) + 2 + 2 + 5 + 9 = 38. Cy holds the same cards but melds only 8♣ 9♣ 10♣: no life, so all
13 count: 8 + 9 + 10 + 4 + 0 + 6 + 38 = 75 (under ``partial_life=pure``: 75 − 27 = 48).

**The game.** ``points``: after the last deal the lowest total wins (equal: shared). Pools: a
player whose total reaches the limit is eliminated; the last one left wins, or the two or three
left share the game when they end it by agreement (``end --split``, I-N5). Deals games: each
player starts with 80 chips a deal; after each deal the declarer takes from each other player as
many chips as that player's points (:meth:`IndianScoring.moves`); the most chips win.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from scorekeeper.api import (Ending, GameSoFar, HandResult, IllegalMeld, InputError, Joined, PlayerScore, check_deck,
                             deck_words, phrase)
from scorekeeper.core.variants.indian.entry import IndianDeal, Part
from scorekeeper.core.variants.indian.melds import (HAND_CARDS, IndianMeld, arrange, card_points, declaration_fault,
                                                    has_life, is_wild, judge)
from scorekeeper.core.variants.indian.options import CHIPS_PER_DEAL, IndianRules

#: the rule every line cites: Indian Rummy's scoring of a deal (its title is ``section.§2.9``)
RULE = "§2.9"


def _cards(melds: Any) -> tuple:
    return tuple(pc.card for meld in melds for pc in meld)


def _arranged(melds: list[IndianMeld]) -> Joined:
    """An arrangement in words: each meld's cards, the kind said ("2♥ 3♥ 4♥ (pure sequence); …")."""
    return Joined(tuple(phrase(f"indian.arranged.{m.kind}", cards=tuple(pc.card for pc in m.cards)) for m in melds),
                  "; ")


def check_declaration(player: str, part: Part, rank: int | None) -> list[IndianMeld]:
    """The declarer's melds, read, when they make a valid declaration (validation 1); else
    :class:`InputError` saying why, and which arrangement of the same cards would have been one,
    where one would (``indian.declare.arranged``: ``melds``)."""
    melds: list[IndianMeld] = []
    refusal: InputError | None = None
    for cards in part.melds or ():
        try:
            melds.append(judge(cards, rank))
        except IllegalMeld as err:
            refusal = InputError("indian.declare.illegal", player=player, cause=err)
            break
    if refusal is None:
        fault = declaration_fault(melds)
        if fault is None:
            return melds
        code, facts = fault
        refusal = InputError(code, player=player, **facts)
    cards = part.physical_cards()
    found = arrange(cards, rank) if len(cards) == HAND_CARDS else None
    if found is not None:
        raise InputError("indian.declare.arranged", player=player, cause=refusal, melds=_arranged(found))
    raise refusal


def _loser_melds(player: str, part: Part, rank: int | None) -> list[IndianMeld]:
    """A loser's melds, each legal as entered (validation 2), and all 13 cards shown."""
    melds = []
    for cards in part.melds or ():
        try:
            melds.append(judge(cards, rank))
        except IllegalMeld as err:
            raise InputError("game.of_player", player=player, cause=err) from None
    count = part.card_count
    if count != HAND_CARDS:
        raise InputError("indian.loser_cards", player=player, count=count)
    return melds


def _value_words(card: Any, rank: int | None):
    if is_wild(card, rank):
        return phrase("indian.value.wild")
    if card.rank == 1 or card.rank >= 10:
        return phrase("indian.value.ten")
    return phrase("indian.value.face", amount=card.rank)


def declarer_of(deal: IndianDeal) -> str:
    """Who won the deal: ``out``, else the one player who shows every card in melds, else the one
    player left in when everyone else dropped or showed wrongly (I-N6). Raises :class:`InputError`
    (validation 5: two declarers, nobody declared; ``out`` naming a player who left or holds cards)."""
    parts = deal.players
    staying = [p for p, x in parts.items() if not x.left]
    if deal.out is not None:
        x = parts[deal.out]
        if x.left:
            raise InputError("indian.out_left", player=deal.out, how="drop" if x.drop else "wrong")
        if x.hand:
            raise InputError("indian.out_holds_cards", player=deal.out, count=len(x.hand), cards=x.hand)
        if x.points:
            raise InputError("indian.out_with_points", player=deal.out, points=x.points)
        declarer = deal.out
    else:
        showing = [p for p in staying if parts[p].shows_all]
        if len(showing) > 1:
            raise InputError("indian.two_declarers", players=showing)
        if showing:
            declarer = showing[0]
        elif len(staying) == 1:
            declarer = staying[0]
        elif not staying:
            raise InputError("indian.everyone_left")
        else:
            raise InputError("indian.nobody_declared")
    for p, x in parts.items():
        if x.empty and p != declarer:
            raise InputError("indian.empty_part", player=p)
    if parts[declarer].empty and len(staying) > 1:
        others = [p for p in staying if p != declarer]
        raise InputError("indian.last_in_not_last", player=declarer, others=others)
    return declarer


def score_deal(deal: IndianDeal, game: GameSoFar) -> HandResult:
    """Check and score deal ``game.number`` of Indian Rummy (SPEC §2.9, validations 1-5).

    Returns a :class:`HandResult` (every player of the session; one out of the game scores 0)
    whose ``context`` holds ``deal`` (its number), ``wild`` (the rank as typed, ``"JK"`` for a
    printed joker cut, or None), ``out`` (the declarer), ``drops`` ({name: "first" | "middle"}),
    ``wrong`` (the names), ``eliminated`` (who reached the pool's limit in this deal), ``in_play``
    and ``life`` ({name: bool} for the players who showed melds)."""
    rules: IndianRules = game.rules  # type: ignore[assignment]
    full = rules["full_count"]
    parts = deal.players
    # 4: points over the full count
    for p, x in parts.items():
        if x.points is not None and x.points > full:
            raise InputError("indian.points_over", player=p, points=x.points, full=full)
    # 3: the wild rank (required where cards are shown), the cards the packs hold
    if deal.card_level and deal.wild is None:
        raise InputError("indian.wild_missing")
    rank = deal.wild.rank if deal.wild is not None else None
    packs, jokers = rules["packs"], rules["jokers"]
    check_deck({p: x.physical_cards() for p, x in parts.items()}, packs, jokers, deck_words(packs, jokers))
    # 5: who declared
    declarer = declarer_of(deal)
    # 1, 2: the declaration, the losers' melds
    read: dict[str, list[IndianMeld]] = {}
    if parts[declarer].melds:
        read[declarer] = check_declaration(declarer, parts[declarer], rank)
    for p, x in parts.items():
        if p != declarer and x.card_level:
            read[p] = _loser_melds(p, x, rank)
    scores: dict[str, PlayerScore] = {}
    points_only = not deal.card_level
    for p in game.players:
        x = parts.get(p)
        if x is None:  # out of the game: no part in the deal
            scores[p] = PlayerScore(p, points_only=points_only, note_code="indian.note.not_in_play")
            continue
        scores[p] = _charge(p, x, declarer, read.get(p), rules, rank, len(parts))
    before = game.totals
    limit = rules.limit
    eliminated = [] if limit is None else [p for p in parts
                                          if before[p] < limit <= before[p] + scores[p].score]
    remarks = []
    if eliminated:
        remarks.append(phrase("indian.eliminated", players=eliminated, limit=limit))
    context = {
        "deal": game.round, "wild": deal.wild.text if deal.wild is not None else None, "out": declarer,
        "drops": {p: x.drop for p, x in parts.items() if x.drop},
        "wrong": [p for p, x in parts.items() if x.wrong], "eliminated": eliminated,
        "in_play": list(parts), "life": {p: has_life(m) for p, m in read.items() if p != declarer},
    }
    return HandResult(scores, won=[declarer], ended="out", context=context, remarks=remarks)


def _charge(p: str, x: Part, declarer: str, melds: list[IndianMeld] | None, rules: IndianRules,
            rank: int | None, in_deal: int) -> PlayerScore:
    """One player's points for the deal, line by line."""
    ps = PlayerScore(p, points_only=x.points_only or (x.empty and not x.card_level))
    if p == declarer:
        if x.empty or (not x.card_level and x.points is None):
            ps.add(0, "indian.line.last_in", f"{RULE}, I-N6", "hand", player=p)
        else:
            ps.add(0, "indian.line.declared", RULE, "hand", player=p)
            if melds is not None:
                ps.note_code, ps.note_facts = "indian.note.declared", {"melds": _arranged(melds)}
        return ps
    if x.drop == "first":
        ps.add(rules["first_drop"], "indian.line.first_drop", RULE, "hand", player=p, amount=rules["first_drop"])
        return ps
    if x.drop == "middle":
        ps.add(rules["middle_drop"], "indian.line.middle_drop", RULE, "hand", player=p, amount=rules["middle_drop"])
        return ps
    if x.wrong:
        ps.add(rules["wrong_show"], "indian.line.wrong_show", f"{RULE}, I-N3", "hand", player=p,
               amount=rules["wrong_show"])
        return ps
    if x.points is not None:
        ps.add(x.points, "indian.line.on_paper", RULE, "hand", amount=x.points)
        return ps
    melds = melds or []
    life = has_life(melds)
    counted: list[tuple[Any, str]] = [(c, "indian.line.card") for c in x.hand or ()]
    if life:
        ps.note_code, ps.note_facts = "indian.note.life", {"melds": _arranged(melds)}
    else:
        spared = None
        if rules["partial_life"] == "pure":
            spared = next((m for m in melds if m.pure), None)
        for m in melds:
            if m is spared:
                continue
            counted += [(pc.card, "indian.line.card_no_life") for pc in m.cards]
        if melds:
            ps.note_code = "indian.note.partial_life" if spared is not None else "indian.note.no_life"
            ps.note_facts = {"melds": _arranged(melds),
                             "spared": tuple(pc.card for pc in spared.cards) if spared is not None else ()}
    total = 0
    for i, (card, code) in enumerate(counted):
        amount = card_points(card, rank)
        total += amount
        ps.add(amount, code, RULE, "hand", card, group=f"card {i}", amount=amount, value=_value_words(card, rank))
    full = rules["full_count"]
    if total > full:
        ps.add(full - total, "indian.line.full_count", RULE, "hand", group="full count", full=full, counted=total)
    return ps


# -- the game -----------------------------------------------------------------------------


def _best(totals: Mapping[str, int], lowest: bool) -> list[str]:
    best = (min if lowest else max)(totals.values())
    return [p for p, t in totals.items() if t == best]


def end_of_game(game: GameSoFar) -> Ending:
    """Whether the game is over after the deals (and events) of ``game`` (SPEC §2.9 "The game")."""
    rules: IndianRules = game.rules  # type: ignore[assignment]
    setup, played = game.setup, game.played
    if rules.pool:
        limit = rules.limit
        split = next((e for e in game.events if e.kind == "split"), None)
        left = list(game.in_play)
        if split is not None:
            ending = Ending.of(True, left, note="indian.end.split", facts={"winners": left, "deal": split.after})
        elif played and len(left) <= 1:
            winners = left or _best(game.totals, True)
            ending = Ending.of(True, winners, note="indian.end.last_left", facts={"winners": winners, "limit": limit})
        else:
            return Ending(False)
        return replace(ending, after_end=("indian.finished_pool", {"winners": list(ending.winners), "limit": limit}))
    count = rules.deal_count or 0
    if setup.round_of(len(played)) < count or not played:
        return Ending(False)
    totals = game.totals
    winners = _best(totals, not rules.chips)
    if len(winners) > 1:
        ending = Ending.of(True, winners, note="indian.end.shared_chips" if rules.chips else "indian.end.shared",
                           facts={"winners": winners, "total": totals[winners[0]]})
    else:
        ending = Ending.of(True, winners)
    return replace(ending, after_end=("indian.finished_deals", {"deals": count, "winners": list(ending.winners)}))


def moves(result: Any, rules: IndianRules) -> dict[str, int]:
    """What a deal changes in the totals: in a deals game the declarer takes from each other
    player as many chips as that player's points (their sum stays the same); otherwise the scores."""
    scores = dict(result.scores)
    if not rules.chips:
        return scores
    won = list(result.won)
    taken = {p: -s for p, s in scores.items()}
    if won:
        taken[won[0]] = sum(s for p, s in scores.items() if p != won[0])
    return taken


def opening(rules: IndianRules) -> int:
    """The chips each player starts a deals game with: 80 a deal (240 in deals3); 0 otherwise."""
    return CHIPS_PER_DEAL * (rules.deal_count or 0) if rules.chips else 0


def hand_facts(result: Any) -> dict:
    """What ``hand --json`` and ``history --json`` add per deal (SPEC §2.9): ``wild``, ``out``,
    ``drops``, ``wrong``, ``eliminated``, and ``deal`` (its number)."""
    c = result.context if isinstance(getattr(result, "context", None), dict) else {}
    return {"deal": c.get("deal"), "wild": c.get("wild"), "out": c.get("out"), "drops": dict(c.get("drops") or {}),
            "wrong": list(c.get("wrong") or ()), "eliminated": list(c.get("eliminated") or ())}


def state_facts(state: Any) -> dict:
    """What ``standings --json`` adds (SPEC §2.9): ``in_play`` and ``eliminated`` (names, seat
    order), ``chips`` ({name: chips}, deals games only), ``deal`` (the coming one; null once the
    game is over), ``deals`` (null in pools) and ``split`` (the game was ended by agreement)."""
    rules: IndianRules = state.setup.rules
    game = state.so_far(state.hands + 1)
    in_play = list(game.in_play)
    facts: dict[str, Any] = {
        "in_play": in_play, "eliminated": [p for p in state.players if p not in in_play],
        "deal": None if state.ending.finished else state.setup.round_of(state.hands + 1),
        "deals": rules.deal_count, "split": any(e.kind == "split" for e in state.events),
    }
    if rules.chips:
        facts["chips"] = dict(state.totals)
    return facts
