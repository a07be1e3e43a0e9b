"""Scoring one gin hand (SPEC §2.7).

The rule book, in short. k is the knocker's deadwood, at most the knock limit
L (``knock_limit``, 10; under Oklahoma the up-card's value if lower, an ace
up-card allowing gin only); d is the defender's deadwood after their own melds
and their lay-offs onto the knocker's melds (none against gin). Exactly one
player scores:

* gin (k = 0): the knocker scores d + 25 (``gin_bonus``); gin is never undercut;
* big gin (11 cards melded): d + 31 (``big_gin_bonus``; ``none`` scores it as gin);
* undercut (d < k, or d = k by default, I-G1): the defender scores (k − d) + 25;
* otherwise the knocker scores d − k.

Under Oklahoma with ``spades_double`` a spade up-card doubles the score, bonus
included; a box credited at once (``box_timing=immediate``) is added after and
never doubled (I-G9). A void hand (the stock ran down) scores 0 : 0.

Worked example (SPEC §4): Ann knocks with 5♦ (5); Bob melds K♠ K♥ K♦, lays
off 10♥ and J♥ (a chain) on Ann's 7-8-9♥ and 5♣ on her 2-3-4♣, and holds
9♠ 6♦ 3♠ A♥ (19): Ann scores 19 − 5 = 14.

Why ties favour the defender by default: the knocker chose when to end the
hand, so a knocker who is merely matched has misjudged it (I-G1).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper.core.cards import Card, PlayedCard, format_card
from scorekeeper.core.errors import InputError
from scorekeeper.core.variants.gin.arrange import (
    Arrangement,
    GinMeld,
    card_value,
    deadwood_points,
    DefenderAnswers,
    defender_arrangement,
    knock_arrangements,
    least_deadwood_arrangements,
    meld_of,
)
from scorekeeper.core.variants.gin.entry import GinHand, GinPlayer, parse_hand
from scorekeeper.core.variants.gin.options import GinRules
from scorekeeper.core.melds import IllegalMeld, MeldRules, TableMeld, fit_layoffs, read_meld
from scorekeeper.core.scoring import HandResult, Line, Phrase, PlayerScore

RULE = "§2.7"
#: The most deadwood ten cards can hold, in points: ten cards worth 10 each.
MAX_DEADWOOD = 100
#: What makes a gin meld legal for :func:`~scorekeeper.core.melds.read_meld`: no wild cards, ace low only.
MELD_RULES = MeldRules(ace_high=False, ace_low_code="gin.meld.ace_always_low")


def plain(value: Any) -> Any:
    """Facts as JSON values: cards in canonical text (``10H``), melds as lists of them."""
    if isinstance(value, Card):
        return format_card(value)
    if isinstance(value, PlayedCard):
        return str(value)
    if isinstance(value, GinMeld):
        return value.text
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _line(ps: PlayerScore, amount: int, code: str, part: str, rule: str = RULE, /, card: Card | None = None,
          group: str | None = None, **facts: Any) -> None:
    """Add a line of ``amount`` points: message ``code`` with its ``facts`` (cards as objects)."""
    if card is not None:
        facts = {"card": card, **facts}
    ps.lines.append(Line(amount, code, rule, part, card, group, facts))


class _Notes:
    """The hand's notes: as phrases (code + facts, made sentences by the messages),
    and as JSON data (``{"code", "facts"}``, cards in canonical text)."""

    def __init__(self) -> None:
        self.phrases: list[Phrase] = []

    def add(self, code: str, /, **facts: Any) -> None:
        self.phrases.append(Phrase(code, facts))

    @property
    def text(self) -> list[str]:
        return [str(p) for p in self.phrases]

    @property
    def data(self) -> list[dict]:
        return [{"code": p.code, "facts": plain(p.facts)} for p in self.phrases]


# --- the knock limit -----------------------------------------------------------------------

def knock_limit(options: GinRules, upcard: Card | None) -> int:
    """The knock limit in force, in points: ``knock_limit``; under Oklahoma the
    up-card's value when lower (ace: 0 with ``oklahoma_ace=gin``, 1 with ``1``)."""
    if not options.oklahoma or upcard is None:
        return options.knock_limit
    value = card_value(upcard)
    if upcard.rank == 1:
        value = 0 if options.oklahoma_ace == "gin" else 1
    return min(options.knock_limit, value)


def multiplier(options: GinRules, upcard: Card | None) -> int:
    """2 when a spade up-card doubles the hand (Oklahoma with ``spades_double``), else 1."""
    return 2 if options.oklahoma and options.spades_double and upcard is not None and upcard.suit == "S" else 1


# --- checks --------------------------------------------------------------------------------

def _check_cards(hand: GinHand) -> None:
    """No jokers, and no card twice across the whole hand (one deck)."""
    holders: dict[Card, list[str]] = {}
    for p, e in hand.players.items():
        for c in e.shown():
            if c.is_joker:
                raise InputError("gin.joker", player=p, card=c)
            holders.setdefault(c, []).append(p)
    for card, who in holders.items():
        if len(who) > 1:
            raise InputError("gin.card_twice", player=who[0], card=card, count=len(who),
                             players=list(dict.fromkeys(who)))


def _check_count(e: GinPlayer, expected: int, big_gin: bool = False, knocker: bool = False) -> None:
    """10 cards shown (11 by a knocker with big gin); points-only entries show none."""
    count = len(e.shown())
    if e.form in ("points", "none") or count == expected:
        return
    if big_gin:
        raise InputError("gin.card_count_big_gin", player=e.name, count=count)
    if count == 11 and knocker:
        raise InputError("gin.card_count_eleven", player=e.name)
    raise InputError("gin.card_count", player=e.name, count=count, expected=expected)


def _read_melds(e: GinPlayer) -> list[GinMeld]:
    """The player's entered melds, each checked (ace low, no wild cards)."""
    melds = []
    for cards in e.melds:
        plain_cards = [pc.card for pc in cards]
        meld = meld_of(plain_cards) if not any(pc.stands_for for pc in cards) else None
        if meld is None:
            ranks = {c.rank for c in plain_cards}
            suits = {c.suit for c in plain_cards}
            if len(suits) == 1 and 1 in ranks and 13 in ranks and 2 not in ranks:
                high = sorted(14 if r == 1 else r for r in ranks)
                if len(high) == len(plain_cards) and high[-1] - high[0] + 1 == len(high):
                    raise InputError("gin.ace_high_run", player=e.name, cards=plain_cards)
            try:
                read_meld(cards, MELD_RULES)
            except IllegalMeld as err:
                raise InputError("gin.illegal_meld", player=e.name, cards=plain_cards, cause=err) from None
            raise InputError("gin.not_a_meld", player=e.name, cards=plain_cards)
        melds.append(meld)
    return melds


def _table(melds: Sequence[GinMeld], owner: str) -> list:
    """The knocker's melds as the lay-off search (§2.2) takes them."""
    out = []
    for m in melds:
        played = [PlayedCard(c) for c in m.cards]
        out.append(TableMeld(owner, played, read_meld(played, MELD_RULES)))
    return out


def _fits(melds: Sequence[GinMeld], owner: str, player: str, layoffs: Sequence[PlayedCard]) -> bool:
    """Whether every lay-off finds a place on the knocker's melds at once (chains included)."""
    return fit_layoffs(_table(melds, owner), [(player, c) for c in layoffs], MELD_RULES) is not None


def _layoff_refusal(layouts: Sequence[Sequence[GinMeld]], knocker: str, player: str,
                    layoffs: Sequence[PlayedCard]) -> InputError:
    """Why the defender's lay-offs fit no layout of the knocker's cards: shrink them to a
    smallest group that still fits no layout (a J♥ resting on a 10♥ laid off before it stays
    with it). One card left: it fits nowhere. Several: each could stand, but no one layout
    takes them together (4♣ on 4♠ 4♥ 4♦ and 2♠ on 3♠ 4♠ 5♠, from the same 4♠)."""
    def fits_some(group: Sequence[PlayedCard]) -> bool:
        return any(_fits(melds, knocker, player, group) for melds in layouts)

    group = list(layoffs)
    for c in list(group):
        rest = [x for x in group if x is not c]
        if rest and not fits_some(rest):
            group = rest
    if len(group) == 1:
        return InputError("gin.layoff_no_fit", player=player, card=group[0].card, knocker=knocker,
                          melds=[list(m.cards) for m in layouts[0]])
    if len(layouts) > 1:
        return InputError("gin.layoffs_apart", player=player, cards=[c.card for c in group], knocker=knocker)
    return InputError("gin.layoffs_not_together", player=player, cards=[c.card for c in group], knocker=knocker)


# --- scoring -------------------------------------------------------------------------------

@dataclass
class _Side:
    """What is known of one player's cards once arranged: melds (None when counted on
    paper), lay-offs, deadwood cards (None on paper) and the deadwood in points."""

    melds: list[GinMeld] | None
    deadwood: int
    deadwood_cards: list[Card] | None = None
    layoffs: list[tuple[GinMeld, tuple[Card, ...]]] = field(default_factory=list)
    laid_off: list[Card] = field(default_factory=list)


def _from_arrangement(a: Arrangement) -> _Side:
    return _Side(list(a.melds), a.deadwood, list(a.deadwood_cards), list(a.layoffs), list(a.laid_off))


def score_entry(raw: Any, players: Sequence[str], options: GinRules) -> HandResult:
    """Check and score a raw gin hand entry (SPEC §4 hand-file structure) for the
    session's ``players`` (two, seat order) under ``options``. Raises :class:`InputError`."""
    return score_hand(parse_hand(raw, players), options)


def score_hand(hand: GinHand, options: GinRules) -> HandResult:
    """Score one gin hand (SPEC §2.7): points per player (one scores, the other 0).

    Per player the entry may be arranged (scored as entered, I-G6: a better
    arrangement or a missed lay-off is pointed out in the notes), just the cards
    (arranged here: the knocker's least deadwood, ties broken against the
    defender; then the defender's melds and lay-offs) or points only.

    Returns a :class:`HandResult` whose ``context`` holds the gin facts:
    ``kind`` (``knock``, ``undercut``, ``gin``, ``big_gin``, ``void``),
    ``knocker``, ``defender``, ``winner``, ``deadwood`` per player (points),
    ``knock_limit``, ``multiplier``, ``upcard``, ``bonus`` (the bonus option applied
    and its points), ``box`` (points credited at once), ``arrangement`` (for
    ``cards`` entries: ``melds``, ``layoffs``, ``deadwood_cards`` per player,
    canonical card text) and ``notes`` (the notes as code + facts).

    Raises :class:`InputError` naming the player and the rule: a wrong number of
    cards, a card twice, a joker, an illegal meld, a knocker who lays off, a
    knock over the limit in force, lay-offs against gin, a lay-off that fits none
    of the knocker's melds (or onto melds counted on paper, I-G7), a missing
    ``upcard`` under Oklahoma.
    """
    names = list(hand.players)
    if len(names) != 2:
        raise InputError("gin.two_players", count=len(names))
    _check_cards(hand)
    if hand.stock_exhausted:
        return _void(hand, options)
    if options.oklahoma and hand.upcard is None:
        raise InputError("gin.upcard_missing")
    knocker = hand.knock
    assert knocker is not None  # parse_hand guarantees one ending
    defender = names[1] if names[0] == knocker else names[0]
    kp, dp = hand.players[knocker], hand.players[defender]
    for e in (kp, dp):
        if e.form == "none":
            raise InputError("gin.nothing_given", player=e.name)
        if e.form == "points" and e.points > MAX_DEADWOOD:
            # I-6: more than the cards could hold is a typing slip
            raise InputError("gin.points_over_hand", player=e.name, points=e.points, most=MAX_DEADWOOD)
    _check_count(kp, 11 if hand.big_gin else 10, hand.big_gin, knocker=True)
    _check_count(dp, 10)
    if kp.layoffs:
        raise InputError("gin.knocker_layoff", player=knocker, cards=[c.card for c in kp.layoffs])
    k_melds = _read_melds(kp)
    d_melds = _read_melds(dp)
    limit = knock_limit(options, hand.upcard)
    notes = _Notes()

    # The knocker: k, and the layouts the knock allows (every one, when arranged here).
    least = least_deadwood_arrangements(kp.cards, limit=1)[0] if kp.form == "cards" else None
    k = least.deadwood if least else deadwood_points(kp.hand) if kp.form == "arranged" else kp.points
    if hand.big_gin and k:
        dead = list(least.deadwood_cards) if least else list(kp.hand or ())
        raise InputError("gin.big_gin_deadwood" if dead else "gin.big_gin_points", player=knocker,
                         deadwood=k, deadwood_cards=dead)
    if not hand.big_gin and k > limit:
        raise _over_limit(kp, k, limit, options, hand.upcard, least)
    gin = k == 0
    if gin and dp.layoffs:
        raise InputError("gin.layoff_against_big_gin" if hand.big_gin else "gin.layoff_against_gin",
                         player=defender, knocker=knocker, cards=[c.card for c in dp.layoffs])
    # gin beats every other layout (nothing is laid off against it, and a bonus is added)
    layouts = knock_arrangements(kp.cards, 0 if gin else limit) if least else None

    # The defender: d, and which of the knocker's layouts is chosen (SPEC §2.7, the knocker's choice).
    judge = _Judge(options, hand, knocker, defender)
    chosen, d_side = _defender_side(kp, dp, layouts, k_melds, d_melds, gin, notes, judge)
    if kp.form == "cards":
        k_side = _from_arrangement(chosen)
        k = chosen.deadwood
    elif kp.form == "arranged":
        k_side = _Side(k_melds, k, list(kp.hand))
    else:
        k_side = _Side(None, k)
    d = d_side.deadwood
    _hints(notes, kp, dp, k_side, d_side, knocker, gin, judge, limit)

    out = _outcome(options, hand, knocker, defender, k, d)
    scores = {}
    for p in names:
        side, e = (k_side, kp) if p == knocker else (d_side, dp)
        ps = PlayerScore(p, points_only=e.form == "points")
        _cards_lines(ps, side, knocker if p == defender else None)
        if p == out.winner:
            _winner_lines(ps, out, knocker, defender, k, d, hand.upcard)
        else:
            _line(ps, 0, "gin.line.lost", "difference", player=p, winner=out.winner)
        ps.note_code, ps.note_facts = "gin.player_note", {"player": p, "deadwood": side.deadwood}
        scores[p] = ps
    _outcome_note(notes, out, knocker, defender, k, d, hand, options)

    arrangement = {p: _arrangement_json(side) for p, side, e in ((knocker, k_side, kp), (defender, d_side, dp))
                   if e.form == "cards"}
    context = {
        "kind": out.kind,
        "knocker": knocker,
        "defender": defender,
        "winner": out.winner,
        "big_gin": hand.big_gin,
        "deadwood": {knocker: k, defender: d},
        "knock_limit": limit,
        "multiplier": out.multiplier,
        "upcard": format_card(hand.upcard) if hand.upcard else None,
        "bonus": {"option": out.bonus_key, "points": out.bonus} if out.bonus_key else None,
        "box": out.box,
        "arrangement": arrangement,
        "notes": notes.data,
    }
    return HandResult(scores, won=[out.winner], ended="knock", context=context, remarks=notes.phrases)


class _Judge:
    """The result of a layout for the knocker, in points: what the knocker scores, or minus
    what the defender scores on an undercut (SPEC §2.7 scoring, doubling and boxes included)."""

    def __init__(self, options: GinRules, hand: GinHand, knocker: str, defender: str):
        self.options, self.hand, self.knocker, self.defender = options, hand, knocker, defender

    def outcome(self, k: int, d: int) -> "_Outcome":
        return _outcome(self.options, self.hand, self.knocker, self.defender, k, d)

    def value(self, k: int, d: int) -> int:
        out = self.outcome(k, d)
        return out.points if out.winner == self.knocker else -out.points


def _answers(defender: Sequence[Card], layouts: Sequence[Arrangement], judge: "_Judge") -> list[Arrangement]:
    """The defender's best answer to each layout: lay-offs onto its melds, none against gin.
    A layout that cannot give the knocker as much as one already answered, even if the
    defender laid off nothing (its result with the defender's deadwood without lay-offs), is
    not answered: it keeps the answer without lay-offs, never chosen and never equal."""
    plain = defender_arrangement(defender, ())
    answer = DefenderAnswers(defender)
    out: list[Arrangement] = []
    best = None
    for i, t in enumerate(layouts):
        if t.deadwood == 0:  # gin layouts take no lay-offs
            a = plain
        elif i and best is not None and judge.value(t.deadwood, plain.deadwood) < best:
            out.append(plain)
            continue
        else:
            a = answer(t)
        value = judge.value(t.deadwood, a.deadwood)
        best = value if best is None else max(best, value)
        out.append(a)
    return out



def _choose(layouts: Sequence[Arrangement], answers: Sequence[Arrangement], judge: _Judge) -> int:
    """The knocker's choice among ``layouts`` (each with the defender's best answer): the best
    result for the knocker, then the least deadwood, then the most deadwood left to the
    defender, then the first in the layouts' fixed order. Returns its index."""
    return min(range(len(layouts)), key=lambda i: (-judge.value(layouts[i].deadwood, answers[i].deadwood),
                                                    layouts[i].deadwood, -answers[i].deadwood, i))


def _choice_notes(notes: _Notes, layouts: Sequence[Arrangement], answers: Sequence[Arrangement], i: int,
                  judge: _Judge) -> None:
    """Say why the knocker's layout stands: another layout with less deadwood that would have
    changed the result (never a worse result called better), and the equally good layouts and
    the rule that chose among them."""
    knocker, defender = judge.knocker, judge.defender
    chosen, answer = layouts[i], answers[i]
    best = judge.value(chosen.deadwood, answer.deadwood)
    out = judge.outcome(chosen.deadwood, answer.deadwood)
    # the layout with the least deadwood, when another result comes of it
    j = 0
    if j != i and judge.value(layouts[j].deadwood, answers[j].deadwood) != best:
        other, other_answer = layouts[j], answers[j]
        o = judge.outcome(other.deadwood, other_answer.deadwood)
        notes.add("gin.note.layout_chosen", player=knocker, defender=defender, melds=[list(m.cards) for m in chosen.melds],
                  deadwood_cards=list(chosen.deadwood_cards), deadwood=chosen.deadwood,
                  other_melds=[list(m.cards) for m in other.melds], other_deadwood=other.deadwood,
                  other_cards=list(other.deadwood_cards), layoffs=list(other_answer.laid_off),
                  other_d=other_answer.deadwood, other_points=o.points, other_winner=o.winner,
                  winner=out.winner, points=out.points)
    same = [t for t in range(len(layouts)) if judge.value(layouts[t].deadwood, answers[t].deadwood) == best]
    if len(same) > 1:
        ks = {layouts[t].deadwood for t in same}
        ds = {answers[t].deadwood for t in same if layouts[t].deadwood == chosen.deadwood}
        rule = "least" if len(ks) > 1 else "most" if len(ds) > 1 else "first"
        notes.add(f"gin.note.layouts_equal_{rule}", player=knocker, defender=defender, count=len(same),
                  deadwood=chosen.deadwood, d=answer.deadwood)


def _defender_side(kp: GinPlayer, dp: GinPlayer, layouts: list[Arrangement] | None, k_melds: list[GinMeld],
                   d_melds: list[GinMeld], gin: bool, notes: _Notes,
                   judge: _Judge) -> tuple[Arrangement | None, _Side]:
    """The defender's deadwood after lay-offs, and the knocker's layout chosen among ``layouts``
    (when arranged here): against the defender's cards, the one with the best result for the
    knocker (:func:`_choose`); against entered lay-offs, the least deadwood they fit; else
    the least deadwood (SPEC §2.7)."""
    knocker, defender = kp.name, dp.name
    chosen = layouts[0] if layouts else None
    if dp.form == "arranged":
        if dp.layoffs:
            if kp.form == "points":
                raise InputError("gin.layoff_on_paper", player=defender, knocker=knocker,
                                 cards=[c.card for c in dp.layoffs])
            candidates = [list(t.melds) for t in layouts] if layouts else [k_melds]
            fit = next((i for i, ms in enumerate(candidates) if _fits(ms, knocker, defender, dp.layoffs)), None)
            if fit is None:
                raise _layoff_refusal(candidates, knocker, defender, dp.layoffs)
            if layouts:
                chosen = layouts[fit]
        return chosen, _Side(d_melds, deadwood_points(dp.hand), list(dp.hand),
                             laid_off=[c.card for c in dp.layoffs])
    if dp.form == "cards":
        if kp.form == "points":
            notes.add("gin.note.no_layoffs_on_paper", player=defender, knocker=knocker)
            return chosen, _from_arrangement(defender_arrangement(dp.cards, ()))
        if gin:
            return chosen, _from_arrangement(defender_arrangement(dp.cards, ()))
        if layouts:
            answers = _answers(dp.cards, layouts, judge)
            i = _choose(layouts, answers, judge)
            _choice_notes(notes, layouts, answers, i, judge)
            return layouts[i], _from_arrangement(answers[i])
        return chosen, _from_arrangement(defender_arrangement(dp.cards, tuple(k_melds)))
    return chosen, _Side(None, dp.points)


@dataclass(frozen=True)
class _Outcome:
    """Who scores and how much (points): ``(base + bonus) × multiplier + box``."""

    kind: str
    winner: str
    base: int
    bonus_key: str | None
    bonus: int
    multiplier: int
    box: int

    @property
    def before_box(self) -> int:
        return (self.base + self.bonus) * self.multiplier

    @property
    def points(self) -> int:
        return self.before_box + self.box


def _outcome(options: GinRules, hand: GinHand, knocker: str, defender: str, k: int, d: int) -> _Outcome:
    """SPEC §2.7: big gin, gin, undercut or knock; exactly one player scores."""
    mult = multiplier(options, hand.upcard)
    box = options.box_bonus if options.box_timing == "immediate" else 0
    if hand.big_gin and options.big_gin_bonus is not None:
        return _Outcome("big_gin", knocker, d, "big_gin_bonus", options.big_gin_bonus, mult, box)
    if k == 0:  # gin is never undercut
        return _Outcome("gin", knocker, d, "gin_bonus", options.gin_bonus, mult, box)
    if d < k or (d == k and options.equal_deadwood == "undercut"):
        return _Outcome("undercut", defender, k - d, "undercut_bonus", options.undercut_bonus, mult, box)
    return _Outcome("knock", knocker, d - k, None, 0, mult, box)


def _arrangement_json(side: _Side) -> dict:
    """A ``cards`` entry's arrangement in canonical card text (SPEC §2.7 JSON)."""
    return {
        "melds": [m.text for m in side.melds],
        "layoffs": [format_card(c) for c in side.laid_off],
        "layoffs_onto": [{"meld": m.text, "cards": [format_card(c) for c in cs]} for m, cs in side.layoffs],
        "deadwood_cards": [format_card(c) for c in side.deadwood_cards],
    }


def _over_limit(kp: GinPlayer, k: int, limit: int, options: GinRules, upcard: Card | None,
                least: Arrangement | None) -> InputError:
    facts: dict[str, Any] = {"player": kp.name, "deadwood": k, "limit": limit, "knock_limit": options.knock_limit}
    if least:
        facts |= {"deadwood_cards": list(least.deadwood_cards), "melds": [list(m.cards) for m in least.melds]}
    elif kp.hand is not None:
        facts["deadwood_cards"] = list(kp.hand)
    okla = options.oklahoma and upcard is not None
    if okla:
        facts["upcard"] = upcard
    code = "gin.over_limit" + ("_cards" if least else "") + ("_oklahoma" if okla else "")
    if kp.form == "arranged":
        # I-G6 scores an arrangement as entered, but a refusal can say that a better one knocks
        best = least_deadwood_arrangements(kp.shown())[0]
        if best.deadwood <= limit:
            facts |= {"best": best.deadwood, "best_melds": [list(m.cards) for m in best.melds],
                      "best_cards": list(best.deadwood_cards)}
            code += "_better_gin" if best.deadwood == 0 else "_better"
    return InputError(code, **facts)


def _hints(notes: _Notes, kp: GinPlayer, dp: GinPlayer, k_side: _Side, d_side: _Side, knocker: str,
           gin: bool, judge: _Judge, limit: int) -> None:
    """I-G6: an arranged entry is scored as entered; say so when another layout of the
    knocker's cards would have given the knocker a better result (judged against the
    defender's best answer to each; never a worse result called better), or when a better
    arrangement or a missed lay-off would have left the defender less deadwood."""
    if kp.form == "arranged" and k_side.deadwood:
        layouts = knock_arrangements(kp.shown(), limit)
        if dp.form in ("cards", "arranged"):
            shown = dp.shown()
            answers = _answers(shown, layouts, judge)
            entered = judge.value(k_side.deadwood, defender_arrangement(shown, tuple(k_side.melds)).deadwood)
            i = _choose(layouts, answers, judge)
            better = judge.value(layouts[i].deadwood, answers[i].deadwood) > entered
        else:
            i = 0
            better = layouts[0].deadwood < k_side.deadwood  # the defender's deadwood is fixed
        if better:
            best = layouts[i]
            if best.deadwood < k_side.deadwood:
                code = "gin.note.better_arrangement" if best.deadwood else "gin.note.better_arrangement_all"
                notes.add(code, player=kp.name, melds=[list(m.cards) for m in best.melds],
                          deadwood_cards=list(best.deadwood_cards), deadwood=best.deadwood, entered=k_side.deadwood)
            else:
                o = judge.outcome(best.deadwood, answers[i].deadwood)
                notes.add("gin.note.better_layout", player=kp.name, melds=[list(m.cards) for m in best.melds],
                          deadwood_cards=list(best.deadwood_cards), deadwood=best.deadwood,
                          winner=o.winner, points=o.points)
    if dp.form != "arranged" or not d_side.deadwood:
        return
    onto = () if gin or k_side.melds is None else tuple(k_side.melds)
    best = defender_arrangement(dp.shown(), onto)
    if best.deadwood >= d_side.deadwood:
        return
    entered = sorted(sorted(pc.card for pc in m) for m in dp.melds)
    if sorted(sorted(m.cards) for m in best.melds) == entered:
        laid = {pc.card for pc in dp.layoffs}
        notes.add("gin.note.missed_layoff", player=dp.name, knocker=knocker,
                  cards=[c for c in best.laid_off if c not in laid], deadwood=best.deadwood,
                  entered=d_side.deadwood)
        return
    code = "gin.note.better_arrangement" if best.deadwood else "gin.note.better_arrangement_all"
    if best.layoffs:
        code = "gin.note.better_arrangement_layoffs" if best.melds else "gin.note.better_layoffs_only"
    notes.add(code,
              player=dp.name, knocker=knocker, melds=[list(m.cards) for m in best.melds],
              layoffs=list(best.laid_off), deadwood_cards=list(best.deadwood_cards),
              deadwood=best.deadwood, entered=d_side.deadwood)


def _cards_lines(ps: PlayerScore, side: _Side, knocker: str | None) -> None:
    """Lines that add nothing themselves: the melds, the lay-offs and each deadwood card."""
    p = ps.name
    if side.melds is None:
        _line(ps, 0, "gin.line.deadwood_on_paper", "count", player=p, deadwood=side.deadwood)
        return
    for m in side.melds:
        _line(ps, 0, f"gin.line.{m.kind}", "count", player=p, cards=list(m.cards))
    if side.layoffs:
        for onto, cards in side.layoffs:
            _line(ps, 0, "gin.line.layoff", "count", player=p, cards=list(cards), knocker=knocker,
                  onto=list(onto.cards))
    elif side.laid_off:
        _line(ps, 0, "gin.line.layoffs", "count", player=p, cards=side.laid_off, knocker=knocker)
    for c in side.deadwood_cards or ():
        _line(ps, 0, "gin.line.deadwood_card", "count", card=c, player=p, value=card_value(c), deadwood=side.deadwood)
    if not side.deadwood_cards:
        _line(ps, 0, "gin.line.no_deadwood", "count", player=p)


def _winner_lines(ps: PlayerScore, out: _Outcome, knocker: str, defender: str, k: int, d: int,
                  upcard: Card | None) -> None:
    """The winner's terms: the deadwood difference (or the defender's deadwood), the bonus,
    the doubling and a box credited at once, each a term of the arithmetic."""
    if out.kind == "undercut":
        _line(ps, k, "gin.line.knocker_deadwood_for", "difference", group="k", knocker=knocker, points=k)
        _line(ps, -d, "gin.line.own_deadwood_less", "difference", group="d", player=defender, points=d)
        rule = "§2.7, I-G1" if d == k else RULE
        _line(ps, out.bonus, "gin.line.undercut_bonus", "bonus", rule, group="bonus", points=out.bonus)
    else:
        _line(ps, d, "gin.line.defender_deadwood", "difference", group="d", defender=defender, points=d)
        if out.kind == "knock":
            rule = "§2.7, I-G1" if d == k else RULE
            _line(ps, -k, "gin.line.own_deadwood_less", "difference", rule, group="k", player=knocker, points=k)
        else:
            _line(ps, out.bonus, f"gin.line.{out.kind}_bonus", "bonus", group="bonus", points=out.bonus)
    if out.multiplier > 1:
        extra = (out.base + out.bonus) * (out.multiplier - 1)
        _line(ps, extra, "gin.line.doubled", "bonus", "§2.7, I-G9", group="doubled", upcard=upcard, points=extra)
    if out.box:
        _line(ps, out.box, "gin.line.box_now", "bonus", "§2.7, I-G4", group="box", points=out.box)


def _outcome_note(notes: _Notes, out: _Outcome, knocker: str, defender: str, k: int, d: int, hand: GinHand,
                  options: GinRules) -> None:
    """The sentence saying what kind of hand it was and the sum, first among the notes;
    then the doubling and a box credited at once."""
    f = {"knocker": knocker, "defender": defender, "k": k, "d": d, "bonus": out.bonus,
         "points": out.base + out.bonus}
    if out.kind == "big_gin":
        code = "gin.note.big_gin"
    elif out.kind == "gin":
        code = "gin.note.big_gin_as_gin" if hand.big_gin else "gin.note.gin"
    elif out.kind == "undercut":
        code = "gin.note.undercut_equal" if d == k else "gin.note.undercut"
    else:
        code = "gin.note.knock_equal" if d == k else "gin.note.knock"
    extra = _Notes()
    extra.add(code, **f)
    if out.multiplier > 1:
        extra.add("gin.note.doubled", upcard=hand.upcard, points=out.before_box)
    if out.box:
        extra.add("gin.note.box_now", player=out.winner, box=out.box, points=out.points)
    notes.phrases[0:0] = extra.phrases


def _void(hand: GinHand, options: GinRules) -> HandResult:
    """A void hand: the stock ran down with no knock; cards, when given, are checked
    (10 each, legal melds, no lay-offs), nothing scores, nobody wins the hand."""
    for e in hand.players.values():
        _check_count(e, 10)
        _read_melds(e)
        if e.layoffs:
            raise InputError("gin.void_layoff", player=e.name, cards=[c.card for c in e.layoffs])
    notes = _Notes()
    notes.add("gin.note.void")
    scores = {}
    for p, e in hand.players.items():
        ps = PlayerScore(p, points_only=e.form == "points")
        _line(ps, 0, "gin.line.void", "difference")
        scores[p] = ps
    context = {
        "kind": "void", "knocker": None, "defender": None, "winner": None, "big_gin": False, "deadwood": {},
        "knock_limit": knock_limit(options, hand.upcard), "multiplier": 1,
        "upcard": format_card(hand.upcard) if hand.upcard else None, "bonus": None, "box": 0,
        "arrangement": {}, "notes": notes.data,
    }
    return HandResult(scores, won=[], ended="stock", context=context, remarks=notes.phrases)
