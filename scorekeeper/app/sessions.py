"""Sessions: the rules core and the store put together.

Each function takes a :class:`~scorekeeper.storage.store.Store`, does one thing a
command needs (start a session, record a hand, undo…), and returns plain
data. Scoring happens only in the core; storing only in the store. Every
change is checked completely before anything is written, under the lock.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from scorekeeper.core.errors import InputError, StateError, StoreError
from scorekeeper.core.game import GameSetup, GameState, check_text, hand_number, new_setup, play, replay
from scorekeeper.core.variants import get_variant
from scorekeeper.storage.store import Store, new_record, now


@dataclass
class Loaded:
    """A session as read: its stored record, its setup and its derived state."""

    record: dict
    setup: GameSetup
    state: GameState


def setup_of(record: dict) -> GameSetup:
    """The game setup a stored record describes (its rules as stored)."""
    variant = get_variant(record["variant"])
    players = tuple(record["players"])
    return GameSetup(variant, players, dict(record["rules"]), players.index(record["dealer"]))


def entries_of(record: dict) -> list[Any]:
    return [h["entry"] for h in record["hands"]]


def load(store: Store, session: str | None) -> Loaded:
    """Read a session (an id prefix, or the current one) and replay its hands."""
    sid = store.resolve(session)
    record = store.load(sid)
    try:
        setup = setup_of(record)
        return Loaded(record, setup, replay(setup, entries_of(record)))
    except (InputError, StateError) as e:
        # what was stored no longer scores: the file was changed outside scorekeeper
        raise StoreError(
            f"The session file {store.session_path(sid)} holds what the rules refuse ({e.message.rstrip('.')}); "
            "`scorekeeper db check` tells more and `scorekeeper db restore --session "
            f"{sid}` puts back its last good state."
        ) from None


def summary_of(record: dict, state: GameState) -> dict:
    """The index row kept for `sessions`."""
    return {
        "id": record["id"], "variant": record["variant"], "title": record.get("title"),
        "players": list(record["players"]), "hands": state.hands, "finished": state.ending.finished,
        "winners": list(state.ending.winners), "created": record["created"], "updated": now(),
    }


def _save(store: Store, record: dict, state: GameState, **current) -> None:
    """Write the session file — its hands and, in the same write, the numbers they
    derive (``record["derived"]``, see :mod:`scorekeeper.app.scoreboard`) — then its
    summary row (and ``current=ID`` when given) in one index write."""
    from scorekeeper.app.scoreboard import derive

    record["derived"] = derive(state)
    store.save(record, summary_of(record, state), **current)


def create(store: Store, variant: str, players: Sequence[str], rules: Sequence[str] = (),
           title: str | None = None, dealer: str | None = None) -> Loaded:
    """Start a session and make it current. Raises :class:`InputError` on bad setup."""
    v = get_variant(variant)
    setup = new_setup(v, players, rules, dealer)
    if title is not None and not title.strip():
        title = None
    if title is not None:
        check_text(title, "the title")
    with store.writing():
        record = new_record(store.new_id(), v.id, list(setup.players), dict(setup.rules), title,
                            setup.players[setup.first_dealer])
        state = replay(setup, [])
        _save(store, record, state, current=record["id"])
    return Loaded(record, setup, state)


def _audit(record: dict, action: str, number: int, entry: Any, previous: Any = None, form: str = "") -> None:
    record.setdefault("audit", []).append(
        {"time": now(), "action": action, "number": number, "entry": entry, "previous": previous, "form": form}
    )


def preview_hand(store: Store, session: str | None, raw: Any):
    """Score ``raw`` as the next hand without storing it (for confirmation prompts)."""
    loaded = load(store, session)
    state, result = play(loaded.setup, entries_of(loaded.record), raw)
    return loaded, state, result


def record_hand(store: Store, session: str | None, raw: Any, form: str = "file"):
    """Check, score and store the next hand. Returns ``(Loaded, HandResult)``.

    Nothing is written unless the whole entry is valid and the game not over.
    """
    with store.writing():
        loaded = load(store, session)
        state, result = play(loaded.setup, entries_of(loaded.record), raw)
        record = loaded.record
        record["hands"].append({"entry": raw, "form": form, "time": now()})
        record["undone"] = []
        _audit(record, "entered", state.hands, raw, form=form)
        _save(store, record, state)
    return Loaded(record, loaded.setup, state), result


def undo(store: Store, session: str | None) -> tuple[Loaded, int]:
    """Take back the last hand (kept for redo and in the audit trail)."""
    with store.writing():
        loaded = load(store, session)
        record = loaded.record
        if not record["hands"]:
            raise StateError("There is no hand to undo in this session.")
        number = len(record["hands"])
        taken = record["hands"].pop()
        record.setdefault("undone", []).append(taken)
        _audit(record, "undone", number, None, taken["entry"])
        state = replay(loaded.setup, entries_of(record))
        _save(store, record, state)
    return Loaded(record, loaded.setup, state), number


def redo(store: Store, session: str | None) -> tuple[Loaded, int]:
    """Put back the hand the last undo took."""
    with store.writing():
        loaded = load(store, session)
        record = loaded.record
        if not record.get("undone"):
            raise StateError("There is nothing to redo: no hand was undone since the last hand was entered.")
        hand = record["undone"].pop()
        state, _ = play(loaded.setup, entries_of(record), hand["entry"])
        record["hands"].append(hand)
        _audit(record, "redone", state.hands, hand["entry"])
        _save(store, record, state)
    return Loaded(record, loaded.setup, state), state.hands


def edit(store: Store, session: str | None, number: int, raw: Any, form: str = "file"):
    """Re-record hand ``number`` and re-score everything after it.

    Refused when the hand does not exist, or when the edit would end the game
    before later hands.
    """
    with store.writing():
        loaded = load(store, session)
        record = loaded.record
        hand_number(number, len(record["hands"]))
        entries = entries_of(record)
        previous = entries[number - 1]
        entries[number - 1] = raw
        try:
            state = replay(loaded.setup, entries)
        except StateError:
            raise StateError(
                f"With this edit the game would end at hand {number}, before the later hands: undo them first."
            ) from None
        except InputError as e:
            raise InputError(e.message.replace(f"Hand {number}: ", "", 1)) from None
        record["hands"][number - 1] = {"entry": raw, "form": form, "time": now()}
        _audit(record, "edited", number, raw, previous, form)
        _save(store, record, state)
    return Loaded(record, loaded.setup, state), state.results[number - 1]


def use(store: Store, session: str) -> Loaded:
    """Make a session current."""
    with store.writing():
        sid = store.resolve(session)
        store.set_current(sid)
        return load(store, sid)


def delete(store: Store, session: str) -> str:
    """Delete a session for good; returns its id."""
    with store.writing():
        sid = store.resolve(session)
        store.delete(sid)
    return sid
