"""Sessions: the rules core and the store put together, for :class:`scorekeeper.app.Application`.

Each function takes a :class:`~scorekeeper.storage.store.Store`, does one thing a
command needs (start a session, record a hand, undo…), and returns the
session as a :class:`~scorekeeper.app.games.Loaded` game. Scoring happens only
in the core; storing only in the store. Every change is checked completely
before anything is written, under the lock, and scores only the hands it
changes: the others come from the record's cache of derived numbers
(:mod:`scorekeeper.app.games`). :class:`scorekeeper.app.Application` turns
these into the documents commands print.
"""
from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.core.errors import InputError, StateError
from scorekeeper.core import game as core_game
from scorekeeper.core.game import GameState, check_length, check_text, hand_number, new_setup
from scorekeeper.core.scoring import HandResult
from scorekeeper.core.variants import get_variant
from scorekeeper.app.games import (Loaded, changeable, entries_of, events_of, open_game, refuse_after_end, save,
                                   score_hands)
from scorekeeper.storage.store import Store, new_record, now
from scorekeeper.storage.trail import head, link

__all__ = ["create", "next_hand", "record_in", "undo", "redo", "edit_in", "changes", "undo_edit", "redo_edit", "use",
           "delete", "with_event", "event_in", "undo_event", "redo_event"]


def create(store: Store, variant: str, players: Sequence[str], rules: Sequence[str] = (),
           title: str | None = None, dealer: str | None = None, carry: Sequence[str] = (),
           first_round: int | None = None, teams: Any = None) -> Loaded:
    """Start a session and make it current; ``carry`` (``NAME=POINTS``) gives the totals a
    game begun on paper starts from, ``first_round`` the round it continues at (``--round``),
    ``teams`` the sides (``--teams "Ann+Cy,Bob+Dee"``, where the variant plays in sides).
    Raises :class:`InputError` on bad setup."""
    v = get_variant(variant)
    setup = new_setup(v, players, rules, dealer, carry, first_round, teams)
    if teams is not None and (facing := partners_apart(setup.players, setup.sides)) != setup.players:
        # the sides a table chose sit as partnerships sit: partners apart, the sides taking turns
        setup = new_setup(v, facing, rules, dealer, carry, first_round, teams)
    if title is not None and not title.strip():
        title = None
    if title is not None:
        check_text(title, "the title")
        check_length(title, "title")
    for name in setup.players:
        check_length(name, "player")
    with store.writing("new"):
        record = new_record(store.new_id(), v.id, list(setup.players), dict(setup.rules), title,
                            setup.players[setup.first_dealer])
        if setup.carried:  # stored only when given: a session without it carried nothing
            record["carried"] = dict(setup.carried)
        if setup.first_round != 1:  # likewise: a session without it starts at round 1
            record["first_round"] = setup.first_round
        if setup.partnered:  # likewise: a session without it plays each player alone (or the variant's sides)
            record["sides"] = [list(side) for side in setup.sides]
        state = score_hands(setup, [])
        save(store, record, state, current=record["id"])
    return Loaded(record, setup, state)


def partners_apart(players: Sequence[str], sides: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The seat order of ``players`` where sides of two or more (``new --teams``) sit as
    partnerships do: partners never side by side, the sides taking turns around the table
    (four players in two sides: partners facing each other). The first player named keeps the
    first seat (and so deals first unless ``--dealer`` says otherwise); the other sides follow
    in the order their first player was named, each side's players in the order named. Players
    as given where every side is one player or the sides differ in size."""
    if len(sides) < 2 or len({len(side) for side in sides}) != 1 or len(sides[0]) < 2:
        return tuple(players)
    named = {p: k for k, p in enumerate(players)}
    ordered = sorted((sorted(side, key=named.__getitem__) for side in sides), key=lambda side: named[side[0]])
    return tuple(side[k] for k in range(len(ordered[0])) for side in ordered)


def _audit(store: Store, record: dict, action: str, number: int, entry: Any, previous: Any = None,
           form: str = "", mark: str | None = None, event: dict | None = None) -> None:
    """Add the audit record of a change; ``base`` is the revision of the session file it was
    made against, ``chain`` links it to the records before it (:func:`scorekeeper.storage.trail.link`:
    a record removed or changed outside scorekeeper breaks it), ``mark`` is :data:`UNDO_MARK`'s,
    ``event`` an event between deals the record is of."""
    trail = record.setdefault("audit", [])
    kept = {"time": now(), "action": action, "number": number, "entry": _as_stored(entry),
               "previous": _as_stored(previous), "form": form, "base": store.revision(record["id"])}
    if mark is not None:
        kept[UNDO_MARK] = mark
    if event is not None:
        kept["event"] = _as_stored(event)
    kept["chain"] = link(head(trail), kept)
    trail.append(kept)


def _as_stored(entry: Any) -> Any:
    """An entry as it reads back from its file (JSON: tuples become lists), so the chain
    worked out now is the one worked out from the file."""
    import json

    return json.loads(json.dumps(entry, ensure_ascii=False)) if entry is not None else None


def next_hand(loaded: Loaded, raw: Any) -> tuple[GameState, HandResult]:
    """Score ``raw`` as the hand after ``loaded``'s; refused once the game is over.
    Only that hand is scored."""
    changeable(loaded)
    refuse_after_end(loaded)
    state = loaded.state
    result = core_game.score_entry(state.so_far(state.hands + 1), raw)
    results = state.results.then(result)  # type: ignore[attr-defined]  (with the events between deals)
    return GameState(loaded.setup, results, core_game.ending_of(loaded.setup, results)), result


def record_in(store: Store, loaded: Loaded, raw: Any, form: str) -> tuple[Loaded, HandResult]:
    """Check, score and store ``raw`` as the next hand of ``loaded``, a session read under
    the store's lock; nothing is written unless the whole entry is valid and the game not
    over. Only that hand is scored. Returns ``(Loaded, HandResult)``."""
    state, result = next_hand(loaded, raw)
    record = loaded.record
    record["hands"].append({"entry": raw, "form": form, "time": now()})
    record["undone"] = []
    _audit(store, record, "entered", state.hands, raw, form=form)
    save(store, record, state)
    return Loaded(record, loaded.setup, state, loaded.full), result


def pinned(store: Store, loaded: Loaded, revision: int | None, entry: Any = None, undoing: bool = False) -> None:
    """Refuse a change made from what was shown at revision ``revision`` of the session
    (the prompt's table, undo's question) when the session file has moved on since:
    :class:`StateError` ``session.changed_meanwhile`` naming the session and giving
    the entry as typed (one-line form), so it can be entered again. None: not pinned."""
    if revision is None or store.revision(loaded.record["id"]) == revision:
        return
    if undoing:
        raise StateError("session.changed_meanwhile_undo", session=loaded.record["id"])
    from scorekeeper.app.audit import entry_lines

    lines = entry_lines(entry, loaded.setup.players, loaded.setup.variant)
    typed = "; ".join(f"{name}: {line}" if name else line for name, line in lines.items())
    raise StateError("session.changed_meanwhile", session=loaded.record["id"], entry=typed)


def undo(store: Store, session: str | None, revision: int | None = None) -> tuple[Loaded, int]:
    """Take back the last hand (kept for redo and in the audit trail); with ``revision``,
    only if the session is still at the revision the question showed (:func:`pinned`)."""
    with store.writing("undo"):
        loaded = open_game(store, session)
        changeable(loaded)
        pinned(store, loaded, revision, undoing=True)
        record, setup = loaded.record, loaded.setup
        if not record["hands"]:
            raise nothing_to_undo(setup.variant.deal_word)
        number = len(record["hands"])
        taken = record["hands"].pop()
        record.setdefault("undone", []).append(taken)
        _audit(store, record, "undone", number, None, taken["entry"])
        results = loaded.state.results.first(number - 1)  # type: ignore[attr-defined]
        state = GameState(setup, results, core_game.ending_of(setup, results))
        save(store, record, state)
    return Loaded(record, setup, state, loaded.full), number


def redo(store: Store, session: str | None) -> tuple[Loaded, int]:
    """Put back the hand the last undo took."""
    with store.writing("redo"):
        loaded = open_game(store, session)
        record = loaded.record
        if not record.get("undone"):
            raise StateError("session.nothing_to_redo")
        state, _ = next_hand(loaded, record["undone"][-1]["entry"])
        hand = record["undone"].pop()
        record["hands"].append(hand)
        _audit(store, record, "redone", state.hands, hand["entry"])
        save(store, record, state)
    return Loaded(record, loaded.setup, state, loaded.full), state.hands


def rescored(loaded: Loaded, number: int, raw: Any) -> GameState:
    """The game state with ``raw`` as hand ``number``: that hand scored, and the end of the
    game asked again after it and after every later hand. The later hands keep their
    results (``loaded``'s, replayed or from the verified cache): a hand's score depends on
    its entry, the setup and its number alone, so scoring them again would give the same
    (an edit costs one hand's scoring, not the whole session's). Raises
    :class:`StateError` when the edit would end the game before later hands, and the
    hand's own refusal (:class:`InputError`) when ``raw`` does not score."""
    changeable(loaded)
    known = loaded.state.results
    try:
        if loaded.setup.variant.scoring.depends_on_game:  # each later deal is scored again after the edit
            return score_hands(loaded.setup, [raw] + entries_of(loaded.record)[number:], known[:number - 1],
                               events=events_of(loaded.record))
        return score_hands(loaded.setup, [raw], known[:number - 1], known[number:], events=events_of(loaded.record))
    except StateError as e:  # hand_after_end names the first hand after the end: the game ends just before it
        if e.code != "session.hand_after_end":  # an event between deals the edit no longer allows: said as it is
            raise
        raise StateError("session.edit_ends_game", hand=e.facts.get("hand", number + 1) - 1) from None
    except InputError as e:
        if e.hand == number and e.code == "session.hand_refused":
            raise e.facts["cause"] from None  # the edited hand itself: the command already names it
        raise


def edit_in(store: Store, loaded: Loaded, number: int, raw: Any, form: str) -> tuple[Loaded, HandResult]:
    """Re-record hand ``number`` of ``loaded`` (read under the store's lock) and re-score it
    and every hand after it. Refused when the hand does not exist, or when the edit would
    end the game before later hands."""
    record, setup = loaded.record, loaded.setup
    hand_number(number, len(record["hands"]), setup.variant.deal_word)
    previous = entries_of(record)[number - 1]
    state = rescored(loaded, number, raw)
    if previous == raw:  # the hand as it stands, typed again: nothing to record (nor for undo to take back)
        return Loaded(record, setup, state, loaded.full), state.results[number - 1]
    record["hands"][number - 1] = {"entry": raw, "form": form, "time": now()}
    record["undone"] = []  # a new change: what was undone before it can no longer be redone
    _audit(store, record, "edited", number, raw, previous, form)
    save(store, record, state)
    return Loaded(record, setup, state, loaded.full), state.results[number - 1]


# -- events between deals (SPEC §2.9: a rejoin, a split) ------------------------------------------


def takes_event(variant: Any, kind: str) -> None:
    """Refuse an event of ``kind`` the variant does not take, in the sentence of the command that
    asked for it (``event.not_in_variant.rejoin``, ``.split``; else ``event.not_in_variant``)."""
    if kind not in variant.deals.events():
        code = f"event.not_in_variant.{kind}" if kind in ("rejoin", "split") else "event.not_in_variant"
        raise StateError(code, kind=kind, variant=variant.said_name, variant_id=variant.id)


def with_event(loaded: Loaded, kind: str, player: str | None = None) -> tuple[dict, GameState]:
    """The event ``kind`` (naming ``player``, matched against the session's players) made after the
    deals of ``loaded``, checked by the variant where it stands, and the game with it:
    ``(the event as stored, the state)``. Raises :class:`StateError` ``event.not_in_variant`` for a
    kind the variant does not take (``.rejoin``, ``.split``: the sentence of the command that asked), ``event.no_deal_yet`` before the first deal, and the variant's
    own refusal (:meth:`~scorekeeper.core.rulebook.deals.Deals.apply`); :class:`InputError` for a
    name that is no player's."""
    from scorekeeper.core.entry import match_player

    setup, state = loaded.setup, loaded.state
    variant = setup.variant
    takes_event(variant, kind)
    if not state.hands:
        raise StateError("event.no_deal_yet", kind=kind)
    event: dict[str, Any] = {"kind": kind, "after": state.hands}
    if player is not None:
        event["player"] = match_player(str(player), setup.players)
    return event, score_hands(setup, [], state.results, events=events_of(loaded.record) + [event])


def event_in(store: Store, loaded: Loaded, kind: str, player: str | None = None) -> tuple[Loaded, dict]:
    """Make the event ``kind`` after the deals of ``loaded`` (read under the lock) and store it,
    audited (``event``); nothing is written when the variant refuses it. Returns the session and
    the event as stored. Its session file and its row in the index are committed together (nothing
    is taken for the retry of an event by how it looks)."""
    record = loaded.record
    event, state = with_event(loaded, kind, player)
    event["time"] = now()
    record.setdefault("events", []).append(event)
    record["undone"] = []  # a new change: what was undone before it can no longer be redone
    _audit_event(store, record, "event", event)
    save(store, record, state)
    return Loaded(record, loaded.setup, state, loaded.full), event


def _audit_event(store: Store, record: dict, action: str, event: dict, mark: str | None = None) -> None:
    """The audit record of an event made (``event``) or taken back (``event_undone``)."""
    _audit(store, record, action, event["after"], None, mark=mark, event=dict(event))


def undo_event(store: Store, loaded: Loaded) -> tuple[Loaded, dict]:
    """Take back the last event between deals of ``loaded`` (read under the lock), the last change."""
    record = loaded.record
    events = record.get("events") or []
    if not events:
        raise _nothing(loaded)
    event = events.pop()
    if not events:
        record.pop("events")
    _audit_event(store, record, "event_undone", event)
    state = score_hands(loaded.setup, [], loaded.state.results, events=events_of(record))
    save(store, record, state)
    return Loaded(record, loaded.setup, state, loaded.full), event


def redo_event(store: Store, loaded: Loaded, event: dict) -> tuple[Loaded, dict]:
    """Make again the event the last undo took back (``event``, as it was stored)."""
    record = loaded.record
    state = score_hands(loaded.setup, [], loaded.state.results, events=events_of(record) + [event])
    record.setdefault("events", []).append(dict(event))
    _audit_event(store, record, "event", event, "redone")
    save(store, record, state)
    return Loaded(record, loaded.setup, state, loaded.full), event


def nothing_to_undo(word: str) -> StateError:
    """The refusal of an undo with nothing to take back, said with the variant's word for a deal."""
    if word == "round":
        return StateError("session.nothing_to_undo.round")
    if word == "deal":
        return StateError("session.nothing_to_undo.deal")
    return StateError("session.nothing_to_undo")


def _nothing(loaded: Loaded) -> StateError:
    return nothing_to_undo(loaded.setup.variant.deal_word)


#: the audit record's mark on an ``edited`` record that takes an edit back (``undone``) or makes it again
#: (``redone``): the hand changes as by an edit, and the trail says why
UNDO_MARK = "undo"


def changes(record: dict) -> tuple[list[dict], list[dict]]:
    """The changes ``undo`` and ``redo`` would take back and put back, worked out from
    the audit trail: ``(undoable, redoable)``, each a list with the next one last, of
    ``{"kind": "hand" | "edit" | "event", "number", "previous", "entry", "form"}`` — for an
    edit, ``previous`` is the hand's entry before it and ``entry`` after it, ``form`` how
    the hand before it was given; for an event between deals, ``event`` as stored. A session
    without a trail gives two empty lists (``undo`` then takes back the last hand)."""
    undoable: list[dict] = []
    redoable: list[dict] = []
    forms: dict[int, str] = {}

    def take(match) -> dict | None:
        while undoable:
            item = undoable.pop()
            if match(item):
                return item
        return None

    for ev in record.get("audit") or ():
        action, number, mark = ev.get("action"), ev.get("number"), ev.get(UNDO_MARK)
        if action == "entered":
            undoable.append({"kind": "hand", "number": number})
            redoable.clear()
            forms[number] = ev.get("form", "")
        elif action == "edited" and mark == "undone":
            item = take(lambda c: c["kind"] == "edit" and c["number"] == number)
            if item is not None:
                redoable.append(item)
            forms[number] = ev.get("form", "")
        elif action == "edited" and mark == "redone":
            if redoable and redoable[-1]["kind"] == "edit":
                undoable.append(redoable.pop())
            forms[number] = ev.get("form", "")
        elif action == "edited":
            undoable.append({"kind": "edit", "number": number, "previous": ev.get("previous"),
                             "entry": ev.get("entry"), "form": forms.get(number, "")})
            redoable.clear()
            forms[number] = ev.get("form", "")
        elif action == "undone":  # a hand taken back takes its edits with it
            take(lambda c: c["kind"] == "hand" and c["number"] == number)
            redoable.append({"kind": "hand", "number": number})
        elif action == "redone":
            if redoable and redoable[-1]["kind"] == "hand":
                redoable.pop()
            undoable.append({"kind": "hand", "number": number})
        elif action == "event":
            if mark == "redone":
                if redoable and redoable[-1]["kind"] == "event":
                    redoable.pop()
            else:
                redoable.clear()
            undoable.append({"kind": "event", "number": number, "event": ev.get("event")})
        elif action == "event_undone":
            item = take(lambda c: c["kind"] == "event")
            redoable.append(item if item is not None else {"kind": "event", "number": number,
                                                           "event": ev.get("event")})
    return undoable, redoable


def _put(store: Store, loaded: Loaded, number: int, entry: Any, replaced: Any, form: str,
         mark: str) -> Loaded:
    """Hand ``number`` of ``loaded`` (read under the lock) as ``entry`` again (an edit taken
    back or made again, ``mark``), every later hand scored again, audited as an edit."""
    record = loaded.record
    state = rescored(loaded, number, entry)
    record["hands"][number - 1] = {"entry": entry, "form": form, "time": now()}
    _audit(store, record, "edited", number, entry, replaced, form, mark)
    save(store, record, state)
    return Loaded(record, loaded.setup, state, loaded.full)


def undo_edit(store: Store, loaded: Loaded, change: dict) -> Loaded:
    """Take back the edit ``change`` (the last of :func:`changes`' undoable, an edit) of
    ``loaded``, read under the lock: its hand is put back as it was before the edit."""
    number = change["number"]
    hand_number(number, len(loaded.record["hands"]), loaded.setup.variant.deal_word)
    now_there = loaded.record["hands"][number - 1]
    return _put(store, loaded, number, change["previous"], now_there["entry"], change.get("form") or "", "undone")


def redo_edit(store: Store, loaded: Loaded, change: dict) -> Loaded:
    """Make again the edit ``change`` (the last of :func:`changes`' redoable) of ``loaded``."""
    number = change["number"]
    hand_number(number, len(loaded.record["hands"]), loaded.setup.variant.deal_word)
    now_there = loaded.record["hands"][number - 1]
    form = next((ev.get("form", "") for ev in reversed(loaded.record.get("audit") or ())
                 if ev.get("action") == "edited" and ev.get("number") == number and not ev.get(UNDO_MARK)), "")
    return _put(store, loaded, number, change["entry"], now_there["entry"], form, "redone")


def use(store: Store, session: str) -> Loaded:
    """Make a session current (the index is written only when it names another one)."""
    with store.writing("use"):
        sid = store.resolve(session)
        if store.current_id() != sid:
            store.set_current(sid)
        return open_game(store, sid)


def delete(store: Store, session: str) -> str:
    """Delete a session for good; returns its id."""
    with store.writing("delete"):
        sid = store.resolve(session)
        store.delete(sid)
    return sid
