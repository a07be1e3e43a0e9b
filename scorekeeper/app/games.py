"""A stored session as a game: its setup, and its state worked out once.

The hands as entered are the truth (SPEC §6); their scores are derived. Each
save keeps, in the same write, what the hands derived (the record's cache,
:mod:`scorekeeper.app.scoreboard`), so a command that only needs the numbers —
totals, who won each hand, the end of the game — reads them from there and
scores nothing; a command that records a hand scores that hand alone.
:func:`scored` replays every hand when the explanation lines of each hand are
needed (``history``, ``explain``) or the cache is stale.

A :class:`Loaded` game's ``state`` is a :class:`~scorekeeper.core.game.GameState`
either way; from the cache, its results are the cached hand summaries (scores,
hands won, how the hand ended), which is all the totals, ranks, dealer and the
end of the game are made of.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from scorekeeper.core.errors import InputError, StateError, StoreError, VariantError
from scorekeeper.core import game as core_game
from scorekeeper.core.game import GameSetup, GameState
from scorekeeper.app.scoreboard import board_from_cache, derive, stored_board, stored_numbers
from scorekeeper.app.scorer import PACKAGE, Scorer, SetupRefused, package_of, recorded, rules_of, scorer_of
from scorekeeper.storage.store import Store, now


@dataclass
class Loaded:
    """A session as read: its stored record, its setup and its derived state.

    ``full`` says whether ``state.results`` are whole hand results (with the
    explanation lines) or the cached summaries of them. ``kept``: set when the
    numbers are the ones stored for a session scored by another version of its variant
    that the version installed would change (SPEC §8): the sentence saying so; such a
    session is shown as stored and changed only after `db rescore` (:func:`changeable`)."""

    record: dict
    setup: GameSetup
    state: GameState
    full: bool = True
    kept: StateError | None = None


def setup_of(record: dict, scorer: Scorer | None = None) -> GameSetup:
    """The game setup a stored record describes (its rules as stored, resolved and checked by
    :func:`scorekeeper.app.scorer.rules_of`, the points carried over from paper: none in a record
    without ``carried``, and its sides: the variant's own in a record without ``sides``).
    ``scorer``: :func:`scorer_of` the record, when known.

    Raises the scorer's :class:`VariantError` when the session's variant cannot be had here
    (not installed, or failing to load), and :class:`SetupRefused` when the rules refuse its setup."""
    scorer = scorer or scorer_of(record)
    if scorer.variant is None:
        assert scorer.refusal is not None
        raise scorer.refusal
    variant = scorer.variant
    players = tuple(record["players"])
    return GameSetup(variant, players, rules_of(record, variant), players.index(record["dealer"]),
                     dict(record.get("carried") or {}), record.get("first_round") or 1,
                     tuple(tuple(side) for side in record.get("sides") or ()))


def entries_of(record: dict) -> list[Any]:
    """The stored hand entries in effect, in order."""
    return [h["entry"] for h in record["hands"]]


def events_of(record: dict) -> list[dict]:
    """The stored events between deals in effect (a rejoin, a split: SPEC §8), in the order they
    were made; [] for a session without them."""
    return list(record.get("events") or ())


def summary_of(record: dict, state: GameState, updated: str | None = None) -> dict:
    """The index row kept for `sessions`; ``places``: a finished game's places (:func:`places_json`);
    ``entries`` is :func:`entries_digest` of the
    hands the row (and the record's cache of derived numbers) was worked out from; ``package``
    the package and version the session records (what `sessions` names for a session waiting
    for it); ``chain`` the chain of its audit trail's last record (`db check` sees a record removed
    from the end of the trail outside scorekeeper; None for a trail kept before the chain existed:
    not worked out here, which would cost an import a digest of every record)."""
    audit = record.get("audit") or ()
    last = audit[-1].get("chain") if audit else None
    row = {
        "id": record["id"], "variant": record["variant"], "title": record.get("title"),
        "players": list(record["players"]), "hands": state.hands, "finished": state.ending.finished,
        "winners": list(state.ending.winners), "created": record["created"],
        "updated": now() if updated is None else updated,
        "entries": entries_digest(record), PACKAGE: recorded(record), "chain": last if isinstance(last, str) else None,
    }
    if state.ending.finished:  # the finishing places, for the club (SPEC §9: seasons, ratings) without the file
        row["places"] = places_json(state)
    return row


def places_json(state: GameState) -> list:
    """A finished game's places as the index row keeps them: ``[[rank, [names of the side]], …]``
    in finishing order (:func:`scorekeeper.core.club.places_of`)."""
    from scorekeeper.core.club import places_of

    ranking = [(rank, side) for rank, side, _ in state.side_ranking()]
    return [[rank, list(side)] for rank, side in places_of(ranking, state.ending.winners)]


def replay_record(record: dict) -> tuple[dict, dict]:
    """Every hand of a (checked) record scored again: ``(summary row, derived cache)``,
    the replay `db check` and `db restore` are given (:data:`scorekeeper.storage.maintenance.Replay`).

    Raises the :class:`VariantError` of a session whose variant cannot be had here (it waits for
    it: `db check` says so and nothing of it is touched), a damaged file
    (:meth:`SetupRefused.damaged`) for a setup the rules refuse,
    :class:`~scorekeeper.core.errors.ScorekeeperError` when a hand no longer scores, and
    the :class:`StateError` of :func:`trail_refusal` when the audit trail keeps an entry the rules
    refuse. A session scored by another version of its variant, which the installed one would
    score otherwise, gives the numbers it stored (its cache as it is): only `db rescore` changes them."""
    scorer = scorer_of(record)
    try:
        setup = setup_of(record, scorer)
    except SetupRefused as e:
        raise e.damaged(Path("sessions") / f"{record['id']}.json") from None
    if scorer.differs:
        loaded = of_another_version(record, setup, scorer)
        if loaded.kept is not None:
            return summary_of(record, loaded.state), record["derived"]
    state = core_game.replay(setup, entries_of(record), events_of(record))
    refusal = trail_refusal(record, setup, state)
    if refusal is not None:
        raise refusal
    return summary_of(record, state), derive(state, record)


def trail_refusal(record: dict, setup: GameSetup, state: GameState | None = None) -> StateError | None:
    """The first record of a (checked) record's audit trail holding an entry no one could have
    typed: one the rules refuse as hand ``number`` of the session. Every entry the trail keeps
    (the hand entered or redone, an edit's new and old versions, the hand an undo took back) was
    a hand the rules scored when it was kept, so one they refuse was written outside scorekeeper,
    even in a hand no longer in effect, which only ``history --audit`` shows.

    Returns ``StateError("check.trail_untypeable")`` with the facts ``record`` (its place in the
    trail, from 1), ``hand`` and ``cause`` (the refusal), or None. An entry equal to the hand in
    effect at its number is not scored again (the replay scored it), nor one seen before. ``state``:
    the game replayed from the hands in effect (each entry is scored as hand ``number`` after
    them); replayed here when not given."""
    in_effect = entries_of(record)
    if state is None:
        state = core_game.replay(setup, in_effect, events_of(record))
    seen: set[str] = set()
    for place, event in enumerate(record.get("audit") or (), 1):
        number = event["number"]
        for entry in (event.get("entry"), event.get("previous")):
            if entry is None or (number <= len(in_effect) and in_effect[number - 1] == entry):
                continue
            key = json.dumps([number, entry], sort_keys=True, ensure_ascii=False)
            if key in seen:
                continue
            seen.add(key)
            try:
                core_game.score_entry(state.so_far(min(number, state.hands + 1)), entry)
            except InputError as e:
                if setup.variant.deal_word == "round":
                    return StateError("check.trail_untypeable.round", record=place, hand=number, cause=e)
                return StateError("check.trail_untypeable", record=place, hand=number, cause=e)
    return None


def entries_digest(record: dict) -> str:
    """A short fingerprint of the hands in effect, as stored. The cache of derived
    numbers is trusted only when the index row written with it holds the same
    fingerprint: a session file changed outside scorekeeper is then scored again
    (and refused if its hands no longer score) instead of shown with old numbers."""
    kept: Any = [h.get("entry") for h in record.get("hands", ())]
    if record.get("events"):  # the events between deals count in the totals too (none: as before)
        kept = {"hands": kept, "events": record["events"]}
    text = json.dumps(kept, ensure_ascii=False, separators=(",", ":"), check_circular=False)  # a record is JSON: no cycles
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


# -- scoring ----------------------------------------------------------------------

def score_hands(setup: GameSetup, entries: Sequence[Any], results: Sequence[Any] = (),
                then: Sequence[Any] = (), events: Sequence[Any] = ()) -> GameState:
    """The state after ``results`` (hands already scored, in order), then
    ``entries``, scored as the hands that follow them, then ``then`` (hands already
    scored that follow those: their results as the core gave them, or a verified cache's),
    with the ``events`` between deals (stored records: a rejoin, a split) applied in their
    places (:class:`~scorekeeper.core.game.Replay`).

    Where a hand's score depends on its entry, the setup and its number alone, the hands
    after an edited one keep their results; only the end of the game is asked again
    after each hand, which :class:`~scorekeeper.core.game.PlayedHands` answers without
    adding up every hand again: time linear in the hands, each entry scored once. (Where it
    depends on the deals before it, ``Scoring.depends_on_game``, the caller gives those hands
    as ``entries``.)

    Raises :class:`InputError` for an entry that does not score, with the hand
    number as a fact (``hand``) and the refusal as its ``cause``, and
    :class:`StateError` (``session.hand_after_end``) for a hand after the end of the game, and
    the variant's refusal of an event where it stands.
    """
    game = core_game.Replay(setup, events)
    for result in results:
        game.add(result, end=False)
    if results:
        game.ask_end()
    for number, raw in enumerate(entries, len(results) + 1):
        if game.ending.finished:
            raise StateError("session.hand_after_end", hand=number)
        try:
            result = core_game.score_entry(game.so_far(), raw)
        except InputError as e:
            raise InputError("session.hand_refused", hand=number, cause=e.with_facts(hand=None)) from None
        game.add(result)
    for number, result in enumerate(then, len(results) + len(entries) + 1):
        if game.ending.finished:
            raise StateError("session.hand_after_end", hand=number)
        game.add(result)
    return game.state()


def refuse_after_end(loaded: Loaded) -> None:
    """Raise the core's :class:`StateError` for a hand after the end when ``loaded``
    is a finished game (the core says why: who won, or that the rounds are over)."""
    if loaded.state.ending.finished:
        core_game.play(loaded.setup, entries_of(loaded.record), None, events_of(loaded.record))  # raises: it is over
        raise StateError("session.hand_after_end", hand=loaded.state.hands + 1)  # pragma: no cover


def scored(record: dict, setup: GameSetup | None = None) -> Loaded:
    """A stored record with every hand scored through the core (whole results)."""
    setup = setup or setup_of(record)
    return Loaded(record, setup, score_hands(setup, entries_of(record), events=events_of(record)), True)


def cached(record: dict, setup: GameSetup | None = None, row: dict | None = None) -> Loaded | None:
    """A stored record with its state from the cache of derived numbers, or None
    when the cache is missing, stale or not of the expected shape, or when the
    hands are not those its index ``row`` was written with (:func:`entries_digest`)."""
    if row is None or row.get("entries") != entries_digest(record):
        return None
    setup = setup or setup_of(record)
    state = board_from_cache(record, setup)
    return None if state is None else Loaded(record, setup, state, False)


def from_cache(record: dict, row: dict | None = None) -> bool:
    """Whether :func:`game_of` gives ``record`` from its cache of derived numbers (fresh, and
    written with its index ``row``: the numbers these rules derived from these very hands), told
    without making the game of it: what a reader that needs no numbers asks (the JSON export,
    which copies only records the rules score). False where :func:`game_of` would do more (score
    the hands, read a session of another version or one waiting for its variant, a session with
    events between deals), or would refuse its setup."""
    scorer = scorer_of(record)
    if scorer.missing or scorer.differs or record.get("events"):
        return False
    try:
        setup_of(record, scorer)
    except Exception:  # noqa: BLE001 (game_of says what is wrong with it)
        return False
    if row is None or row.get("entries") != entries_digest(record):
        return False
    from scorekeeper.app.scoreboard import scorer_stamp

    return stored_numbers(record, scorer_stamp()) is not None  # (then the board is made of them: cached())


def game_of(record: dict, full: bool = False, row: dict | None = None, as_stored: bool = False) -> Loaded:
    """A stored record as a game: from its cache when fresh and written with the
    index ``row`` (unless ``full``), else scored; a session scored by another version of its
    variant as :func:`of_another_version` says; a session whose variant is not installed from
    the numbers it stored (:func:`kept_game`). Raises the scoring errors as
    :func:`score_hands` does, what :func:`setup_of` raises (a variant that fails to load), and
    :func:`untouched`'s refusal of hands changed outside scorekeeper unless ``as_stored`` (the
    audit trail's own view, which shows the difference)."""
    scorer = scorer_of(record)
    if scorer.missing:
        assert scorer.refusal is not None
        return kept_game(record, scorer.refusal)
    setup = setup_of(record, scorer)
    if scorer.differs:
        return of_another_version(record, setup, scorer, full)
    if not full:
        quick = cached(record, setup, row)
        if quick is not None:
            return quick
    loaded = scored(record, setup)  # hands the rules refuse are said first (what is wrong with them)
    if not as_stored:
        untouched(record)
    return loaded


def untouched(record: dict) -> None:
    """Refuse a session whose hands are not what its audit trail recorded (its file changed
    outside scorekeeper: valid JSON, Ann's table 10 → 90): :class:`StoreError`
    ``session.changed_outside`` naming the session and the first hand that differs, pointing to
    `db check --repair` (exit 1) — never shown, scored or built on as if scorekeeper had written
    it; ``session.events_changed_outside`` for its events between deals (a rejoin, a split). Asked where a session is scored rather than read from its cache (a cache is trusted only
    with the hands it was written for: :func:`cached`); a record without a trail passes."""
    from scorekeeper.storage.trail import differing_hands, events_differ

    changed = differing_hands(record)
    if changed:
        raise StoreError("session.changed_outside", session=record["id"], hand=changed[0])
    if events_differ(record):  # a rejoin or a split added, removed or changed in the file
        raise StoreError("session.events_changed_outside", session=record["id"])


def kept_game(record: dict, refusal: VariantError) -> Loaded:
    """A session whose variant cannot be had here, as a game of the numbers it stored, its
    variant a stand-in (:mod:`scorekeeper.core.absent`); ``kept`` is ``refusal``, the sentence saying
    why (naming the session). Raises it when the session stored no numbers that can be believed
    (:func:`~scorekeeper.app.scoreboard.stored_numbers`)."""
    from scorekeeper.core.absent import NoRules, stand_in
    from scorekeeper.app.scorer import NEEDS

    if refusal.code not in NEEDS:  # the registry's sentence names the variant: the session too
        refusal = VariantError("session.refused", session=record["id"], cause=refusal)
    numbers = stored_numbers(record)
    if numbers is None:
        raise refusal
    players = tuple(record["players"])
    ending = core_game.Ending(numbers["finished"], list(numbers["winners"]), dict(numbers["bonus"]),
                              numbers["note"])
    variant = stand_in(record["variant"], bool(numbers.get("lowest_wins", False)), refusal, ending)
    dealer = players.index(record["dealer"]) if record["dealer"] in players else 0
    setup = GameSetup(variant, players, NoRules(), dealer, dict(record.get("carried") or {}),
                      record.get("first_round") or 1)
    state = stored_board(record, setup)
    assert state is not None  # the numbers were believed above
    return Loaded(record, setup, state, False, kept=refusal)


def of_another_version(record: dict, setup: GameSetup, scorer: Scorer, full: bool = False) -> Loaded:
    """A session scored by another version of its variant than the one installed (SPEC §8: never
    scored again silently). Where the installed version gives the numbers stored (or where none
    were stored), the session as it scores now; where it gives others, or refuses a hand, the
    numbers stored, ``kept`` saying the version differs. Raises :class:`VariantError`
    (``session.version_refuses``) when the installed version refuses a hand and no numbers were
    stored."""
    stored = stored_board(record, setup)
    try:
        fresh: Loaded | None = scored(record, setup)
    except (InputError, StateError) as e:
        if stored is None:
            raise VariantError("session.version_refuses", cause=e, **scorer.facts(record)) from None
        fresh = None
    if fresh is not None and (stored is None or same_numbers(fresh.state, stored)):
        return fresh
    assert stored is not None
    return Loaded(record, setup, stored, False, kept=StateError("session.version_differs", **scorer.facts(record)))


def same_numbers(one: GameState, other: GameState) -> bool:
    """Whether two states of a game give the same numbers: each hand's scores, who won it and
    how, the end of the game and its bonuses."""
    return (one.summaries == other.summaries and one.ending.finished == other.ending.finished
            and list(one.ending.winners) == list(other.ending.winners)
            and {p: v for p, v in one.ending.bonus.items() if v} == {p: v for p, v in other.ending.bonus.items() if v})


def changeable(loaded: Loaded) -> None:
    """Refuse to change (or to score anything of) a session shown with the numbers it stored:
    its variant is not installed (its :class:`VariantError`, exit 1), or the version installed
    would score it otherwise (:class:`StateError` ``session.version_differs.change``, pointing to
    `db rescore`: a new hand, an edit, an undo or a redo would mix two versions)."""
    if isinstance(loaded.kept, VariantError):
        raise loaded.kept
    if loaded.kept is not None:
        raise StateError("session.version_differs.change", **loaded.kept.facts)


def open_game(store: Store, session: str | None, full: bool = False, as_stored: bool = False) -> Loaded:
    """Read a session (an id prefix, or the current one) as a game (:func:`game_of`).

    Raises :class:`StoreError` when what is stored no longer scores (the file
    was changed outside scorekeeper) or its setup makes no sense to the rules, and the
    :class:`VariantError` of a session whose variant cannot be had here (:func:`setup_of`).
    """
    sid = store.resolve(session)
    record = store.load(sid)
    try:
        return game_of(record, full, None if full else store.summary(sid), as_stored)
    except SetupRefused as e:
        raise e.damaged(store.session_path(sid)) from None
    except (InputError, StateError) as e:
        raise damaged(store, sid, e) from None


def damaged(store: Store, sid: str, refusal: InputError | StateError) -> StoreError:
    """What a stored session that the rules now refuse is (its file was changed outside
    scorekeeper): a damaged database, exit 1, the sentence naming the file and pointing to
    ``db check`` / ``db restore`` (``session.rules_refuse``, the refusal as its ``cause``).
    Every reader of stored sessions raises this (history, explain, export, stats)."""
    return StoreError("session.rules_refuse", path=store.session_path(sid), session=sid, cause=refusal)


def save(store: Store, record: dict, state: GameState, **current) -> None:
    """Write the session file — its hands, the package and version of the variant that scored
    them (``record["package"]``) and, in the same write, the numbers they derive
    (``record["derived"]``) — then its summary row (and ``current=ID`` when given) in one
    index write."""
    package = package_of(state.setup.variant)
    if package is not None:
        record[PACKAGE] = package
    record["derived"] = derive(state, record)
    store.save(record, summary_of(record, state), **current)
