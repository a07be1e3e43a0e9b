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
from scorekeeper.core.game import GameState, check_text, hand_number, new_setup
from scorekeeper.core.scoring import HandResult
from scorekeeper.core.variants import get_variant
from scorekeeper.app.games import Loaded, entries_of, open_game, refuse_after_end, save, score_hands
from scorekeeper.storage.store import Store, new_record, now

__all__ = ["create", "next_hand", "record_in", "undo", "redo", "edit_in", "use", "delete"]


def create(store: Store, variant: str, players: Sequence[str], rules: Sequence[str] = (),
           title: str | None = None, dealer: str | None = None, carry: Sequence[str] = ()) -> Loaded:
    """Start a session and make it current; ``carry`` (``NAME=POINTS``) gives the totals a
    game begun on paper starts from. Raises :class:`InputError` on bad setup."""
    v = get_variant(variant)
    setup = new_setup(v, players, rules, dealer, carry)
    if title is not None and not title.strip():
        title = None
    if title is not None:
        check_text(title, "the title")
    with store.writing():
        record = new_record(store.new_id(), v.id, list(setup.players), dict(setup.rules), title,
                            setup.players[setup.first_dealer])
        if setup.carried:  # stored only when given: a session without it carried nothing
            record["carried"] = dict(setup.carried)
        state = score_hands(setup, [])
        save(store, record, state, current=record["id"])
    return Loaded(record, setup, state)


def _audit(record: dict, action: str, number: int, entry: Any, previous: Any = None, form: str = "") -> None:
    record.setdefault("audit", []).append(
        {"time": now(), "action": action, "number": number, "entry": entry, "previous": previous, "form": form}
    )


def next_hand(loaded: Loaded, raw: Any) -> tuple[GameState, HandResult]:
    """Score ``raw`` as the hand after ``loaded``'s; refused once the game is over.
    Only that hand is scored."""
    refuse_after_end(loaded)
    state = loaded.state
    result = core_game.score_entry(loaded.setup, raw, state.hands + 1)
    results = state.results + [result]
    return GameState(loaded.setup, results, loaded.setup.variant.end(loaded.setup, results)), result


def record_in(store: Store, loaded: Loaded, raw: Any, form: str) -> tuple[Loaded, HandResult]:
    """Check, score and store ``raw`` as the next hand of ``loaded``, a session read under
    the store's lock; nothing is written unless the whole entry is valid and the game not
    over. Only that hand is scored. Returns ``(Loaded, HandResult)``."""
    state, result = next_hand(loaded, raw)
    record = loaded.record
    record["hands"].append({"entry": raw, "form": form, "time": now()})
    record["undone"] = []
    _audit(record, "entered", state.hands, raw, form=form)
    save(store, record, state)
    return Loaded(record, loaded.setup, state, loaded.full), result


def undo(store: Store, session: str | None) -> tuple[Loaded, int]:
    """Take back the last hand (kept for redo and in the audit trail)."""
    with store.writing():
        loaded = open_game(store, session)
        record, setup = loaded.record, loaded.setup
        if not record["hands"]:
            raise StateError("session.nothing_to_undo")
        number = len(record["hands"])
        taken = record["hands"].pop()
        record.setdefault("undone", []).append(taken)
        _audit(record, "undone", number, None, taken["entry"])
        results = loaded.state.results[:-1]
        state = GameState(setup, results, setup.variant.end(setup, results))
        save(store, record, state)
    return Loaded(record, setup, state, loaded.full), number


def redo(store: Store, session: str | None) -> tuple[Loaded, int]:
    """Put back the hand the last undo took."""
    with store.writing():
        loaded = open_game(store, session)
        record = loaded.record
        if not record.get("undone"):
            raise StateError("session.nothing_to_redo")
        state, _ = next_hand(loaded, record["undone"][-1]["entry"])
        hand = record["undone"].pop()
        record["hands"].append(hand)
        _audit(record, "redone", state.hands, hand["entry"])
        save(store, record, state)
    return Loaded(record, loaded.setup, state, loaded.full), state.hands


def rescored(loaded: Loaded, number: int, raw: Any) -> GameState:
    """The game state with ``raw`` as hand ``number``: that hand and every later one scored
    again. Raises :class:`StateError` when the edit would end the game before later hands,
    and the hand's own refusal (:class:`InputError`) when ``raw`` does not score."""
    entries = entries_of(loaded.record)
    entries[number - 1] = raw
    try:
        return score_hands(loaded.setup, entries[number - 1:], loaded.state.results[:number - 1])
    except StateError as e:  # hand_after_end names the first hand after the end: the game ends just before it
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
    hand_number(number, len(record["hands"]))
    previous = entries_of(record)[number - 1]
    state = rescored(loaded, number, raw)
    record["hands"][number - 1] = {"entry": raw, "form": form, "time": now()}
    _audit(record, "edited", number, raw, previous, form)
    save(store, record, state)
    return Loaded(record, setup, state, loaded.full), state.results[number - 1]


def use(store: Store, session: str) -> Loaded:
    """Make a session current."""
    with store.writing():
        sid = store.resolve(session)
        store.set_current(sid)
        return open_game(store, sid)


def delete(store: Store, session: str) -> str:
    """Delete a session for good; returns its id."""
    with store.writing():
        sid = store.resolve(session)
        store.delete(sid)
    return sid
