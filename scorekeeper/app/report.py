"""The documents commands print with ``--json`` (SPEC §5), as plain dicts.

The same documents feed the tables people see, so what a person reads and
what a program reads never disagree.
"""
from __future__ import annotations

from scorekeeper.core.errors import VariantError
from scorekeeper.core.interpretations import is_interpretation, rule_json, rule_refs
from scorekeeper.core.messages import speaking_english
from scorekeeper.core.phrase import phrase
from scorekeeper.core.scoring import HandResult
from scorekeeper.app.games import Loaded, scored


def deal_number(loaded: Loaded, number: int) -> dict:
    """``{"deal_number": 5}``: recorded hand ``number`` as people count it, the deal (round) of
    the game it is (:meth:`~scorekeeper.core.game.GameSetup.round_of`, the one place it is worked
    out): later than ``number`` in a game continued from paper (``new --round``), the same
    elsewhere. Every screen says a hand's number from it; ``number`` stays the hand's place in the
    session (what ``explain N`` and ``edit N`` take)."""
    return {"deal_number": loaded.setup.round_of(number)}


def round_facts(variant, rules, number: int) -> dict:
    """What deal ``number`` (its number in the game) is known to ask for, as the variant's deals
    say it (:meth:`~scorekeeper.core.rulebook.deals.Deals.facts`; Crazy Rummy:
    ``{"round": 7, "wild": "7"}``), or ``{}``."""
    return variant.deals.facts(rules, number)


def hand_round(loaded: Loaded, number: int) -> dict:
    """:func:`round_facts` of recorded hand ``number`` (the round it was scored in: a game
    continued from paper at round N starts there)."""
    setup = loaded.setup
    return round_facts(setup.variant, setup.rules, setup.round_of(number))


def coming_round(loaded: Loaded) -> dict:
    """:func:`round_facts` of the coming round; each null once the game is over."""
    setup, st = loaded.setup, loaded.state
    coming = setup.round_of(st.hands + 1)
    last = setup.variant.deals.count(setup.rules)
    if st.ending.finished or (last is not None and coming > last):
        return {key: None for key in round_facts(setup.variant, setup.rules, setup.round_of(1))}
    return round_facts(setup.variant, setup.rules, coming)


def deal_words(loaded: Loaded, number: int) -> dict:
    """``{"deal_words": "…"}``: what deal ``number`` asks for, in the language spoken (a
    ``--json`` run speaks English), where the variant's deals differ and say so in words
    (Contract Rummy's contract); else ``{}``. None past the last deal."""
    deals = loaded.setup.variant.deals
    if not deals.differ or deals.round_matters:
        return {}
    said = deals.words(loaded.setup.rules, loaded.setup.round_of(number))
    return {"deal_words": str(said) if said is not None else None}


def new_json(loaded: Loaded) -> dict:
    r = loaded.record
    doc = {"session": r["id"], "variant": r["variant"], "players": list(r["players"]), "title": r.get("title"),
           "rules": dict(r["rules"]), "dealer": loaded.state.next_dealer, "leader": loaded.state.next_leader}
    doc.update(carried_json(loaded))
    return doc


def carried_json(loaded: Loaded) -> dict:
    """``{"carried": {name: points, ...}}`` (every player, seat order) when the session
    starts from points carried over from paper, else ``{}``: a first row, not a hand."""
    setup = loaded.setup
    return {"carried": setup.start_totals()} if setup.carried else {}


def side_groups(loaded: Loaded) -> dict:
    """``{"sides": [{"players": [names]}, ...]}`` (seat order) where the variant plays in sides
    (:meth:`~scorekeeper.core.rulebook.deals.Deals.has_sides`; sides of one included), else ``{}``:
    what the screens group players by."""
    setup = loaded.setup
    if not setup.variant.deals.has_sides:
        return {}
    return {"sides": [{"players": list(side)} for side in setup.sides]}


def hand_sides(loaded: Loaded, result, whole: bool = True) -> dict:
    """``{"sides": [...]}`` of one hand where the variant plays in sides, else ``{}``: each side (seat
    order) with its ``players``, its ``score`` (each partner's) and, for a ``whole`` result (not the
    numbers alone a session kept), what the variant adds
    (:meth:`~scorekeeper.core.rulebook.scoring.Scoring.side_hand_facts`: Canasta's base, bonus,
    canastas and red threes)."""
    setup = loaded.setup
    if not setup.variant.deals.has_sides:
        return {}
    scoring, scores = setup.variant.scoring, result.scores
    return {"sides": [{"players": list(side), "score": scores[side[0]],
                       **(scoring.side_hand_facts(result, side) if whole else {})} for side in setup.sides]}


def standings_sides(loaded: Loaded, players: list[dict]) -> dict:
    """``{"sides": [...]}`` of the standings where the variant plays in sides, else ``{}``: each side
    in rank order (as ``players``, the standings' rows, are) with its ``players``, ``total``,
    ``rank``, ``won``, ``bonus`` and ``last`` (each partner's) and what the variant adds
    (:meth:`~scorekeeper.core.rulebook.scoring.Scoring.side_game_facts`: Canasta's minimum first
    meld for the coming hand)."""
    setup = loaded.setup
    if not setup.variant.deals.has_sides:
        return {}
    scoring, sides, seen = setup.variant.scoring, [], set()
    for row in players:
        side = setup.side_of(row["name"])
        if side in seen:
            continue
        seen.add(side)
        sides.append({"players": list(side), "total": row["total"], "rank": row["rank"], "won": row["won"],
                      "bonus": row["bonus"], "last": row["last"], **scoring.side_game_facts(loaded.state, side)})
    return {"sides": sides}


def saying_its_note(loaded: Loaded) -> Loaded:
    """``loaded``, scored again when the note of its ending (a tie played off, how the end
    bonuses were given) was read from the cache, which keeps only the note's English
    sentence, and another language is spoken: the note is then said from its code and facts (a
    session shown with the numbers it stored keeps the English: it is not scored again)."""
    ending = loaded.state.ending
    if ending.note and not ending.note_code and not speaking_english() and loaded.kept is None:
        return scored(loaded.record, loaded.setup)
    return loaded


def standings_json(loaded: Loaded) -> dict:
    loaded = saying_its_note(loaded)
    r, st = loaded.record, loaded.state
    won = st.won
    last = st.results[-1].scores if st.results else {}
    players = [
        {"name": name, "total": total, "rank": rank, "won": won[name], "bonus": st.ending.bonus.get(name, 0),
         "last": last.get(name)}
        for rank, name, total in winners_first(st.ranking(), st.ending.winners if st.ending.finished else [])
    ]
    doc = {
        "session": r["id"], "variant": r["variant"], "title": r.get("title"), "hands": st.hands,
        "deal_word": loaded.setup.variant.deal_word,
        "players": players, "finished": st.ending.finished, "winners": list(st.ending.winners),
        "dealer": st.next_dealer, "leader": st.next_leader, "target": r["rules"].get("target"),
        "note": st.ending.said_note,  # in the language spoken (a --json run speaks English)
    }
    doc.update(standings_sides(loaded, players))
    doc.update(coming_round(loaded))
    doc.update(ending_json(loaded))
    doc.update(st.facts)  # what the variant adds (Gin Rummy: shutout, once finished)
    words = deal_words(loaded, st.hands + 1)
    doc.update({key: None for key in words} if st.ending.finished else words)
    doc.update(kept_json(loaded))
    return doc


def kept_json(loaded: Loaded) -> dict:
    """What a document of a session shown with the numbers it stored adds (SPEC §8), else ``{}``:
    ``notices`` (the sentences saying why, in the language spoken) and, for a session whose
    variant is not installed, ``waiting``: ``{"variant", "package", "version"}`` (the package and
    version it needs; null for a session made before sessions recorded them), with ``dealer`` and
    ``leader`` null (who deals is the variant's to say); for a session scored by another version
    than the one installed, ``version_differs``: ``{"package", "stored", "installed"}``."""
    kept = loaded.kept
    if kept is None:
        return {}
    if isinstance(kept, VariantError):
        facts = kept.facts
        return {"waiting": {"variant": loaded.record["variant"], "package": facts.get("package"),
                            "version": facts.get("version")},
                "dealer": None, "leader": None, "notices": [str(phrase("session.kept", cause=kept))]}
    facts = kept.facts
    return {"version_differs": {"package": facts["package"], "stored": facts["stored"],
                                "installed": facts["installed"]},
            "notices": [kept.message]}


def ending_json(loaded: Loaded) -> dict:
    """Why the game ended as it did, as facts, for a finished game that ends at a target and
    whose variant names its end rule (Rummy 500, Rum 500, Carousel):
    ``{"ending": {"target": 500, "reached": [names], "winners": [names], "highest_wins": bool,
    "rule": {"id", "ids", "name"}}}`` — ``reached`` the players whose totals before the end
    bonuses reached the target (seat order), ``highest_wins`` true where more than one did and
    the highest total won rather than the first to get there; else ``{}``."""
    st, variant = loaded.state, loaded.setup.variant
    target = loaded.record["rules"].get("target")
    end_rule = variant.scoring.end_rule
    if not st.ending.finished or target is None or not end_rule or loaded.setup.lowest_wins:
        return {}
    reached = [p for p, t in st.hand_totals.items() if t >= target]
    return {"ending": {"target": target, "reached": reached, "winners": list(st.ending.winners),
                       "highest_wins": len(reached) > 1,
                       # the rule that ends the game, not the interpretations of its bonuses (I-2)
                       "rule": rule_json(", ".join(r for r in rule_refs(end_rule)
                                                   if not is_interpretation(r)))}}


def winners_first(ranking: list[tuple[int, str, int]], winners: list[str]) -> list[tuple[int, str, int]]:
    """``ranking`` (``(rank, name, total)``) with the game's ``winners`` first at rank 1, where
    the rule names a winner below another total (Gin Rummy: the player who reached the target
    wins even when the other's boxes end higher, I-G5); the others ranked after them."""
    if not winners or {name for rank, name, _ in ranking if rank == 1} == set(winners):
        return ranking
    first = [(1, name, total) for _, name, total in ranking if name in winners]
    rest, out, previous, rank = [(n, t) for _, n, t in ranking if n not in winners], [], None, 0
    for i, (name, total) in enumerate(rest, len(first) + 1):
        if total != previous:
            rank, previous = i, total
        out.append((rank, name, total))
    return first + out


def hand_json(loaded: Loaded, result: HandResult, number: int) -> dict:
    """Hand ``number``'s scores beside the totals after it (for the last hand, the
    standings totals, end bonuses included; for an edited earlier hand, the
    running totals at that hand); the last hand of a finished game adds ``ending``
    (:func:`ending_json`)."""
    st = loaded.state
    totals = st.totals if number >= st.hands else st.running_totals()[number - 1]
    return {
        "session": loaded.record["id"], "number": number, **deal_number(loaded, number), "scores": result.scores,
        "totals": totals, "finished": st.ending.finished, "winners": list(st.ending.winners),
        "points_only": result.points_only, "won": result.won, "context": result.context,
        **loaded.setup.variant.scoring.hand_facts(result), **hand_sides(loaded, result),
        # the hand that ended the game: why it ended as it did (several past the target: the highest wins)
        **(ending_json(loaded) if number >= st.hands else {}),
    }


def history_json(loaded: Loaded) -> dict:
    """``history --json``: per hand its scores, running totals, who won it, how it
    ended, who went ``out`` (a name, or null), its dealer, its entry, its context, what
    the variant adds (its ``hand_facts``) and, where the wild rank is the round's (Crazy
    Rummy), the ``round`` and its ``wild`` rank; where the variant takes events between deals,
    ``events`` (:func:`event_json`, each with the deal it followed). Then the end of the
    game (SPEC §5): ``finished``, ``winners``, each player's end ``bonus`` and
    ``totals`` (the standings totals, end bonuses included once finished).
    Needs every hand's whole result: a game read from its cache is scored here — but for a
    session shown with the numbers it stored (``loaded.kept``), whose hands give their numbers
    alone (``points_only_players`` empty, ``context`` null; and ``dealer`` null where its variant
    is not installed), with :func:`kept_json`."""
    if not loaded.full and loaded.kept is None:
        loaded = scored(loaded.record, loaded.setup)
    st = loaded.state
    waiting = isinstance(loaded.kept, VariantError)
    hands = []
    for i, (result, totals) in enumerate(zip(st.results, st.running_totals()), 1):
        whole = isinstance(result, HandResult)
        hands.append({
            "number": i, **deal_number(loaded, i), "points_only": result.points_only,
            "points_only_players": [p for p, s in result.players.items() if s.points_only] if whole else [],
            "scores": result.scores, "totals": totals, "won": list(result.won), "ended": result.ended,
            "dealer": None if waiting else st.dealer_of(i), "entry": loaded.record["hands"][i - 1]["entry"],
            "out": went_out(result), "context": result.context if whole else None,
            **(loaded.setup.variant.scoring.hand_facts(result) if whole else {}),
            **hand_round(loaded, i), **hand_sides(loaded, result, whole),
        })
    ending = st.ending
    totals = st.event_totals()
    events = [event_json(loaded, i, totals) for i in range(len(st.events))]
    return {"session": loaded.record["id"], "variant": loaded.record["variant"], **carried_json(loaded),
            **side_groups(loaded), "hands": hands,
            **({"events": events} if events or st.setup.variant.deals.events() else {}),
            "finished": ending.finished, "winners": list(ending.winners),
            "bonus": {p: ending.bonus.get(p, 0) for p in loaded.setup.players}, "totals": dict(st.totals),
            "note": ending.said_note, **ending_json(loaded), **kept_json(loaded)}


def event_json(loaded: Loaded, index: int = -1, totals: list | None = None) -> dict:
    """Event between deals ``index`` (a rejoin, a split) of ``loaded``'s game as documents give it:
    ``{"kind", "player", "after", "change", "totals", "words"}`` — ``after`` the deal it followed,
    ``change`` what it changed in the totals, ``totals`` the totals just after it (``totals``: the
    game's :meth:`~scorekeeper.core.game.GameState.event_totals`, when already worked out),
    ``words`` the variant's sentence of it, in the language spoken (a ``--json`` run speaks English)."""
    st = loaded.state
    event = st.events[index]
    after = (st.event_totals() if totals is None else totals)[index]
    words = loaded.setup.variant.deals.event_words(event.record, event.change, after)
    return {"kind": event.kind, "player": event.player, "after": event.after, "change": dict(event.change),
            "totals": after, "words": str(words)}


def went_out(result) -> str | None:
    """Who went out in a hand (the name), or None (a knock, the stock ran out, not said)."""
    context = getattr(result, "context", None)  # a hand read from the cache has none
    out = context.get("out") if isinstance(context, dict) else None
    if out:
        return out
    if result.ended == "out" and len(result.won) == 1:
        return result.won[0]
    return None


def chart_json(loaded: Loaded) -> dict:
    """The chart's data (``chart --json``): running totals after each hand, per player.

    ``{"session", "variant", "title", "hands", "lowest_wins", "finished", "winners",
    "players": [{"name", "totals": [after hand 1, 2, ...], "total"}]}``; ``total`` is
    the standings total (end-of-game bonuses included), ``totals`` are hand scores
    summed, as ``history`` shows them.
    """
    r, st = loaded.record, loaded.state
    running = st.running_totals()
    final = st.totals
    return {
        "session": r["id"], "variant": r["variant"], "title": r.get("title"), "hands": st.hands,
        "lowest_wins": loaded.setup.lowest_wins, "finished": st.ending.finished,
        "winners": list(st.ending.winners),
        "players": [{"name": p, "totals": [t[p] for t in running], "total": final[p]}
                    for p in loaded.setup.players],
        **kept_json(loaded),
        **side_groups(loaded),
    }
