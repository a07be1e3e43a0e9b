"""The documents for settling disputes: ``explain`` (SPEC §5) and
``history --audit`` (SPEC §6).

* :func:`explain_json` — how each score of one hand was reached, card by card,
  with the rule each line applies; the scorer wrote those lines as it scored
  (:mod:`scorekeeper.core.scoring`), this only gathers them.
* :func:`audit_json` — every version of every hand with its time: what was
  entered, edited, undone and redone, and for each change the scores before
  and after. The session keeps an audit event per change
  (:mod:`scorekeeper.app.sessions`); the states in between are worked out again by
  replaying those events through the session's stored rules, so the figures
  shown are the ones the table saw at the time.

Both are plain dicts: ``--json`` prints them, and the tables people read are
drawn from them (:mod:`scorekeeper.cli.render`).
"""
from __future__ import annotations

import json
from typing import Any, Sequence

from scorekeeper.core.entry import match_player
from scorekeeper.core.errors import InputError, StateError
from scorekeeper.core.game import GameSetup, GameSoFar, HandSummary, PlayedHands, ending_of, replay, score_entry
from scorekeeper.core.game import hand_number as check_hand_number  # explain's hand_number adds "the last"
from scorekeeper.core.interpretations import SECTIONS, SILENT, is_interpretation, rule_json, rule_names, rule_refs, rule_title
from scorekeeper.core.scoring import HandResult
from scorekeeper.app.games import Loaded
from scorekeeper.app.report import deal_number, hand_round, hand_sides

# ---------------------------------------------------------------- explain


def hand_number(loaded: Loaded, number: int | None) -> int:
    """The hand ``explain`` is about: ``number``, or the last hand when None.

    Raises :class:`StateError` when the session has no hands yet or the number
    does not exist (naming the hands there are and the nearest one).
    """
    count, word = loaded.state.hands, loaded.setup.variant.deal_word
    if count == 0 and word == "round":
        raise StateError("explain.no_hands.round")
    if count == 0 and word == "deal":
        raise StateError("explain.no_hands.deal")
    if count == 0:
        raise StateError("explain.no_hands")
    return count if number is None else check_hand_number(number, count, word)


def _rules_cited(refs: Sequence[str]) -> list[dict]:
    seen: dict[str, None] = {}
    for rule in refs:
        for ref in rule_refs(rule):
            seen.setdefault(ref, None)
    return [{"id": ref if is_interpretation(ref) else None,
             "name": SECTIONS.get(SILENT, "") if is_interpretation(ref) else SECTIONS.get(ref, ""),
             "title": rule_title(ref)} for ref in sorted(seen, key=_ref_order)]


def _ref_order(ref: str) -> tuple:
    if ref.startswith("§"):  # "§2.4" before "§2.4-end" (a part of it)
        number, _, part = ref[1:].partition("-")
        return (0, tuple(int(p) if p.isdigit() else 0 for p in number.split(".")), part)
    if ref.startswith("I-") and ref[2:].isdigit():
        return (1, (int(ref[2:]),))
    return (2, (ref,))


def explain_json(loaded: Loaded, number: int | None = None, player: str | None = None) -> dict:
    """The ``explain --json`` document for hand ``number`` (default: the last).

    ``{"session", "number", "variant", "title", "context", "dealer", "won",
    "ended", "notes", "players": {name: {"score", "arithmetic", "lines",
    "points_only", "note", "total"}}, "rules": [{"id", "name", "title"}], "finished",
    "winners"}``; when ``number`` is the last hand of a finished game with end
    bonuses, ``"end_bonus": {name: {"points", "reason", "rule", "rule_name", "total"}}``
    (``total`` includes the bonus). Each
    line is ``{"card", "points", "part", "reason", "rule", "rule_name"}``; a player's lines
    add up to their score. Points are signed as they count towards the total.
    ``player`` keeps one player. A rule is cited as SPEC §5 has it, by its name and the
    interpretation ids ``rules`` prints, never a section number of the specification: each
    line's and bonus's ``rule`` is ``{"id": "I-6" or None, "ids": [...], "name": "Rummy 500 and
    Rum 500: scoring a hand"}`` and ``rule_name`` the same in one phrase for people ("…, I-6");
    each entry of ``rules`` is ``{"id": "I-2" or None, "name", "title"}`` (``title``: what an
    interpretation says, or the rule's name again). Raises :class:`StateError` for a hand that
    does not exist, :class:`InputError` for an unknown player.
    """
    n = hand_number(loaded, number)
    state = loaded.state
    result = state.results[n - 1]
    if not isinstance(result, HandResult):
        # the numbers came from the session's cache: score this hand alone for its lines
        result = score_entry(state.so_far(n), loaded.record["hands"][n - 1]["entry"])
        if n == state.hands and (state.ending.finished or state.ending.note):
            # the end as the rules give it: the bonuses' reasons and the note's facts (a cache
            # keeps the numbers and the note's English sentence only)
            # (from the hands scored again: an ending may read more than the numbers, Gin Rummy's I-G10)
            state = replay(loaded.setup, [h["entry"] for h in loaded.record["hands"]], loaded.record.get("events") or ())
    names = list(result.players)
    if player is not None:
        names = [match_player(player, loaded.setup.players)]
    running = state.running_totals()[n - 1]
    players = {}
    cited: list[str] = []
    for name in names:
        score = result.players[name]
        body = score.as_json()
        for line in body["lines"]:  # the rule by name and interpretation id, never a section number
            line["rule_name"] = rule_names(line["rule"])
            line["rule"] = rule_json(line["rule"])
        body["total"] = running[name]
        players[name] = body
        cited += [line.rule for line in score.lines]
    last = n == state.hands
    ending = state.ending
    doc: dict[str, Any] = {
        "session": loaded.record["id"], "number": n, **deal_number(loaded, n), "variant": loaded.record["variant"],
        "title": loaded.record.get("title"), "context": dict(result.context),
        "dealer": state.dealer_of(n), "won": list(result.won), "ended": result.ended,
        "notes": list(result.notes), "points_only": result.points_only, "players": players,
        **hand_sides(loaded, result),
        "finished": bool(last and ending.finished), "winners": list(ending.winners) if last else [],
        "note": ending.said_note if last else "",  # in the language spoken (a --json run speaks English)
        **hand_round(loaded, n),
    }
    if last and ending.finished and ending.bonus:
        totals = state.totals
        rules = {name: ending.bonus_rules.get(name) or _end_rule(loaded.setup) for name in names}
        doc["end_bonus"] = {
            name: {"points": ending.bonus.get(name, 0), "reason": ending.bonus_reasons.get(name, ""),
                   "rule": rule_json(rules[name]), "rule_name": rule_names(rules[name]), "total": totals[name]}
            for name in names
        }
        cited += list(rules.values())
    doc["rules"] = _rules_cited([c for c in cited if c])
    return doc


def _end_rule(setup: GameSetup) -> str:
    """The rule end-of-game bonuses come from, as the variant declares it (``""``: none named)."""
    return setup.variant.scoring.end_rule


# ---------------------------------------------------------------- audit


def entry_lines(entry: Any, players: Sequence[str] = (), variant: Any = None) -> dict[str, str]:
    """A stored hand entry in the one-line form people type (SPEC §4.2), per player:
    ``{"Ann": "7H 8H 9H, QS QD QC +10H -AS 4D", "Bob": "-", ...}``; how the hand ended, when
    the entry says so, and the variant's other separate arguments under ``""`` (``"stock"``).
    Written by ``variant``'s codec (:meth:`~scorekeeper.core.rulebook.codec.Codec.write_line`: Gin
    Rummy's cards, ``knock``, ``big`` and ``up=7D``), the shared form when None. Names are
    written as the session's ``players`` spell them (an entry typed ``ann:`` is Ann's), so two
    versions of a hand line up."""
    if variant is not None:
        return variant.codec.write_line(entry, players)
    from scorekeeper.core.oneline import write_line_entries

    return write_line_entries(entry, players)


class _Scorer:
    """Scores stored entries as hand N of the session, each (N, entry) once, after the hands
    ``played`` holds at the time (the audit trail's replay, as it goes)."""

    def __init__(self, setup: GameSetup, played: Sequence[Any]):
        self.setup = setup
        self.played = played
        self._cache: dict[tuple[int, str], HandResult | None] = {}

    def _so_far(self, number: int) -> GameSoFar:
        before = self.played if number - 1 == len(self.played) else self.played.first(number - 1)  # type: ignore[attr-defined]
        return GameSoFar(self.setup, before)

    def result(self, number: int, entry: Any) -> HandResult | None:
        key = (number, json.dumps(entry, sort_keys=True, ensure_ascii=False))
        if key not in self._cache or self.setup.variant.scoring.depends_on_game:
            try:
                self._cache[key] = score_entry(self._so_far(number), entry)
            except InputError:
                # an entry that no longer scores (it cannot be stored that way, but
                # an imported or hand-edited file might hold one): shown without scores
                self._cache[key] = None
        return self._cache[key]

    def scores(self, number: int, entry: Any) -> dict[str, int] | None:
        r = self.result(number, entry) if entry is not None else None
        return dict(r.scores) if r is not None else None


def _events(record: dict) -> tuple[list[dict], bool]:
    """The session's audit events, oldest first, and whether they were kept as
    they happened (False: rebuilt from the hands, for sessions without a trail)."""
    events = record.get("audit")
    if events:
        return [dict(e) for e in events], True
    rebuilt = [{"time": h.get("time"), "action": "entered", "number": i, "entry": h.get("entry"),
                "previous": None, "form": h.get("form", "")}
               for i, h in enumerate(record.get("hands", []), 1)]
    return rebuilt, False


def _event_version(setup: GameSetup, played: PlayedHands, totals: dict[str, int], seq: int, ev: dict,
                   hands: int) -> dict:
    """An audit record of an event between deals (``event``: made or made again; ``event_undone``),
    applied to (or taken from) ``played`` and ``totals`` as the trail goes: what it changed, in
    words. An event the rules refuse where it stands is shown changing nothing."""
    from scorekeeper.core.errors import ScorekeeperError
    from scorekeeper.core.game import Event

    record = dict(ev.get("event") or {})
    before = dict(totals)
    if ev.get("action") == "event":
        try:
            change = dict(setup.variant.deals.apply(GameSoFar(setup, played), record))
        except ScorekeeperError:
            change = {}
        played.add_event(Event(record, change))
        sign = 1
    else:
        change = dict(played.pop_event().change) if played.events else {}
        sign = -1
    for p, s in change.items():
        totals[p] = totals.get(p, 0) + sign * s
    # the event in the words it was made with: the totals it gave, also where this record takes it back
    words = setup.variant.deals.event_words(record, change, dict(totals if sign == 1 else before))
    ending = ending_of(setup, played)
    return {"seq": seq, "time": ev.get("time"), "action": ev.get("action"), "number": int(ev.get("number") or 0),
            "form": "", "undo": ev.get("undo"), "entry": None, "previous": None, "lines": {}, "previous_lines": {},
            "scores": None, "previous_scores": None, "event": record, "words": str(words),
            "change": {p: sign * change.get(p, 0) for p in setup.players},
            "totals_before": before, "totals_after": dict(totals), "hands_after": hands,
            "finished_after": ending.finished, "winners_after": list(ending.winners) if ending.finished else []}


def _change(before: dict[str, int] | None, after: dict[str, int] | None, players: Sequence[str]) -> dict[str, int]:
    return {p: (after or {}).get(p, 0) - (before or {}).get(p, 0) for p in players}


def audit_json(loaded: Loaded) -> dict:
    """The ``history --audit --json`` document: every version of every hand.

    ``{"session", "variant", "title", "players", "kept": bool, "consistent":
    bool, "events": [...], "hands": [...]}``.

    Each event, oldest first: ``{"seq", "time", "action" (entered | edited |
    undone | redone; event | event_undone for an event between deals, which adds ``event``, as
    stored, and ``words``), "number", "form", "undo" (on an edit: "undone" when it took
    an edit back, "redone" when it made one again, else None), "entry", "previous", "lines",
    "previous_lines", "scores", "previous_scores", "change", "totals_before",
    "totals_after", "hands_after", "finished_after", "winners_after"}`` —
    ``entry`` is the hand as it stands after the event (None for an undo),
    ``previous`` what it replaced or took back, ``lines`` their one-line
    forms, ``change`` each player's points gained or lost by the event.

    ``hands``: per hand number, ``{"number", "in_effect", "versions": [{"seq",
    "time", "action", "entry", "lines", "scores", "previous_scores", "change",
    "current"}]}``; the version in effect has ``current`` true.

    ``kept`` is false when the session had no audit trail and the entered
    hands were listed instead; ``consistent`` says replaying the trail gives
    the hands stored now.
    """
    record, setup = loaded.record, loaded.setup
    players = list(setup.players)
    events, kept = _events(record)
    hands: list[Any] = []
    out_events: list[dict] = []
    # kept as the events go, so each event costs the same however many hands came before
    # it: the totals (the sum of the scores of the hands that score), the hands' results
    # (a placeholder of no points for one that does not score) and how many do not score
    totals = {p: 0 for p in players}
    played = PlayedHands(players)  # each hand's scores (the audit's totals are the scores' sums), the events between
    scorer = _Scorer(setup, played)
    unscored = 0
    nothing = HandSummary({}, (), False, "")

    def put(number: int, entry: Any, sign: int) -> None:
        """Add (``sign`` 1) or take away (−1) the scores of ``entry`` as hand ``number``."""
        for p, s in (scorer.scores(number, entry) or {}).items():
            totals[p] = totals.get(p, 0) + sign * s

    def result_of(number: int, entry: Any) -> HandResult | HandSummary:
        nonlocal unscored
        r = scorer.result(number, entry)
        unscored += r is None
        return nothing if r is None else r

    def forget(r: HandResult | HandSummary) -> None:
        nonlocal unscored
        unscored -= r is nothing

    for seq, ev in enumerate(events, 1):
        action, number = ev.get("action"), int(ev.get("number") or 0)
        before = dict(totals)
        entry, previous = ev.get("entry"), ev.get("previous")
        if action in ("entered", "redone"):
            if number != len(hands) + 1:
                number = len(hands) + 1
            hands.append(entry)
            put(number, entry, 1)
            played.append(result_of(number, entry))
        elif action == "undone":
            if hands:
                taken = hands.pop()
                previous = taken if previous is None else previous
                number = len(hands) + 1
                put(number, taken, -1)
                forget(played.pop())
            entry = None
        elif action == "edited":
            if 1 <= number <= len(hands):
                if previous is None:
                    previous = hands[number - 1]
                put(number, hands[number - 1], -1)
                hands[number - 1] = entry
                put(number, entry, 1)
                forget(played[number - 1])
                played.replace(number - 1, result_of(number, entry))
        elif action in ("event", "event_undone"):
            out_events.append(_event_version(setup, played, totals, seq, ev, len(hands)))
            continue
        scores = scorer.scores(number, entry)
        previous_scores = scorer.scores(number, previous)
        ending = ending_of(setup, played) if not unscored else None
        out_events.append({
            "seq": seq, "time": ev.get("time"), "action": action, "number": number, "form": ev.get("form", ""),
            "undo": ev.get("undo"), "entry": entry, "previous": previous,
            "lines": entry_lines(entry, players, setup.variant),
            "previous_lines": entry_lines(previous, players, setup.variant),
            "scores": scores, "previous_scores": previous_scores,
            "change": _change(previous_scores, scores, players),
            "totals_before": before, "totals_after": dict(totals), "hands_after": len(hands),
            "finished_after": bool(ending and ending.finished),
            "winners_after": list(ending.winners) if ending and ending.finished else [],
        })

    stored = [h.get("entry") for h in record.get("hands", [])]
    by_hand: dict[int, list[dict]] = {}
    for ev in out_events:
        if ev["action"] not in ("event", "event_undone"):  # an event between deals is no version of a hand
            by_hand.setdefault(ev["number"], []).append(ev)
    hand_docs = []
    for number in sorted(by_hand):
        versions = []
        current_seq = None
        if number <= len(stored):
            current_seq = next((ev["seq"] for ev in reversed(by_hand[number]) if ev["action"] != "undone"), None)
        for ev in by_hand[number]:
            versions.append({
                "seq": ev["seq"], "time": ev["time"], "action": ev["action"], "form": ev["form"],
                "undo": ev["undo"], "entry": ev["entry"], "previous": ev["previous"], "lines": ev["lines"],
                "previous_lines": ev["previous_lines"], "scores": ev["scores"],
                "previous_scores": ev["previous_scores"], "change": ev["change"],
                "current": ev["seq"] == current_seq,
            })
        hand_docs.append({"number": number, **deal_number(loaded, number), "in_effect": number <= len(stored),
                          "versions": versions})
    return {
        "session": record["id"], "variant": record["variant"], "title": record.get("title"), "players": players,
        "kept": kept, "consistent": hands == stored, "events": out_events, "hands": hand_docs,
    }
