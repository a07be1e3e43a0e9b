"""The application: one object over one database, one method per command.

    app = Application("~/rummy")          # --db > SCOREKEEPER_DB > the user data directory
    doc = app.record_hand(["Ann: 7H 8H 9H -AS", "Bob: -"], form="line")
    doc["totals"], doc["standings"]["dealer"]

Each method does what one command does — read the session, score what
changed, store it under the lock — and returns a plain document: dicts and
lists of text, whole numbers, booleans and None, cards as canonical text
(``"10H"``). It is the ``--json`` shape of SPEC §5; where the table drawn for
people needs more, the extra fields are named in the method's docstring (a
``standings`` document beside a hand's scores, a variant's name). Refusals are
:class:`~scorekeeper.core.errors.ScorekeeperError` with a code and facts.

A method that records a hand scores that hand alone: the hands before it
come from the session record's cache of derived numbers (see
:mod:`scorekeeper.app.games`). Nothing here prints, prompts or reads a
terminal; the store is opened on first use, so an object costs nothing
until a command needs the database.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from scorekeeper.app.progress import Progress, counted
from scorekeeper.core.errors import InputError, StateError

if TYPE_CHECKING:
    from scorekeeper.app.games import Loaded

# The rules, the documents and the store are imported by the methods that use them:
# a TAB that completes a session id builds an Application to read the index, and
# should load no more than the store (tests/test_help.py).

def change_kept() -> bool:
    """Whether this process has saved a change to the database or an output file (what an
    interrupted command says); False when nothing of the store was loaded."""
    import sys

    files = sys.modules.get("scorekeeper.storage.files")
    return bool(files is not None and files.change_kept())


#: ``form`` of a hand entry: given as one-line arguments, a file, or asked player by player.
FORMS = ("line", "file", "prompt")



class Application:
    """Every command over one database (a directory: SPEC §5 ``--db``).

    ``db`` is the ``--db`` given (a path, or None for ``SCOREKEEPER_DB``, else
    the user data directory), ``wait`` the seconds a change waits for another
    command holding the database (``--wait``; None: 10); an empty path is refused (:class:`InputError`
    ``db.empty_path``), as it would otherwise mean the current directory.
    """

    def __init__(self, db: str | os.PathLike | None = None, wait: float | None = None):
        if db is not None and not str(db).strip():
            raise InputError("db.empty_path")
        self.given: Path | None = Path(db) if db is not None else None
        #: seconds a change waits for another command to finish (``--wait``; None: 10)
        self.wait = wait
        self._path: Path | None = None
        self._store = None
        self._marked: tuple | None = None  # board_mark's last answer: (session asked, index state, id)

    # -- the database ---------------------------------------------------------------
    @property
    def path(self) -> Path:
        """The database directory (``--db``, else ``SCOREKEEPER_DB``, else platformdirs)."""
        if self._path is None:
            from scorekeeper.storage.store import resolve_path

            self._path = resolve_path(self.given)
        return self._path

    @property
    def store(self):
        """The :class:`~scorekeeper.storage.store.Store` (opened on first use)."""
        if self._store is None:
            from scorekeeper.storage.store import Store

            self._store = Store(self.path, self.wait)
        return self._store

    def _open(self, session: str | None, full: bool = False, as_stored: bool = False) -> Loaded:
        from scorekeeper.app.games import open_game

        return open_game(self.store, session, full, as_stored)

    def session_id(self, session: str | None = None) -> str:
        """The id an id prefix names (or the current session's). Raises :class:`StateError`."""
        return self.store.resolve(session)

    def table(self, session: str | None = None, number: int | None = None) -> dict:
        """What asking for a hand at the table needs: the ``standings`` document
        of the session plus ``seats`` (the players in seat order), ``rules`` (the
        options as stored), ``session`` and ``revision`` (the session file's: pass them back to
        :meth:`record_hand` / :meth:`edit` so the save refuses a session changed meanwhile),
        ``number`` (the hand asked for: the next one, or
        ``number``, a hand already recorded, when it is entered again by ``edit``),
        ``dealer_of_next`` / ``leader_of_next`` (who dealt and led that hand, named
        even once the game is over), ``variant_name``, ``deal_word`` (the variant's
        word for a deal: "hand" or "round") and ``jokers`` (how many jokers the game
        is played with). For a hand already recorded, ``round`` and ``wild`` are
        that hand's where the wild rank changes with the round (Crazy Rummy). ``game``: the game
        before that hand (a :class:`~scorekeeper.core.game.GameSoFar`, not a document: what the
        variant's table and codec read the answers with).
        Raises :class:`InputError` for a ``number`` that is no recorded hand, and what
        :func:`scorekeeper.app.games.changeable` raises for a session that cannot be changed now."""
        from scorekeeper.app import report
        from scorekeeper.app.games import changeable
        from scorekeeper.core.game import hand_number

        loaded = self._open(session)
        changeable(loaded)  # nothing is asked of a session that cannot be changed now
        variant = loaded.setup.variant
        doc = report.standings_json(loaded)
        if number is None:
            n = loaded.state.hands + 1
        else:
            n = number
            hand_number(n, loaded.state.hands, variant.deal_word)
            doc.update(report.hand_round(loaded, n))
            doc.update(report.deal_words(loaded, n))
        setup = loaded.setup
        doc.update(session=loaded.record["id"], revision=self.store.revision(loaded.record["id"]),
                   seats=list(setup.players), rules=dict(loaded.record["rules"]), number=n,
                   **report.deal_number(loaded, n),
                   dealer_of_next=loaded.state.dealer_of(n), leader_of_next=loaded.state.leader_of(n),
                   variant_name=variant.name, deal_word=variant.deal_word,
                   jokers=variant.deals.packs(setup.rules, len(setup.players))[1], game=loaded.state.so_far(n))
        return doc

    # -- playing --------------------------------------------------------------------
    def new(self, variant: str | None, players: Sequence[str], rules: Sequence[str] = (), title: str | None = None,
            dealer: str | None = None, carry: Sequence[str] = (), like: str | None = None,
            first_round: int | None = None, teams: str | None = None) -> dict:
        """``new``: start a session and make it current. ``carry`` (``["Ann=120", ...]``,
        names in any case; a side's ``"Ann+Cy=1200"``) starts players from totals carried over
        from paper; ``first_round`` (``--round N``) continues a game begun on paper at round
        (deal) N where rounds differ; ``teams`` (``--teams "Ann+Cy,Bob+Dee"``) says the sides
        where the variant plays in sides (refused elsewhere).

        What is not given comes from the settings (:mod:`scorekeeper.app.settings`: the
        environment, else the configuration file): no variant, the usual one (a first word
        that is no variant is then the first player); no players, the usual ones; the house
        rules that apply to the variant, under the ``rules`` given. ``like`` (a session id
        prefix or title) takes that session's variant, players and rules instead; players
        may not be given with it (:class:`InputError` ``new.like_and_players``).

        ``new --json`` (``session``, ``variant``, ``players``, ``title``, ``rules``,
        ``dealer``, ``leader``, and ``carried`` when points were carried over; ``maybe_same``, where a
        name typed differs from a known person's only in case or spaces: ``[{"typed", "known"}]``), plus
        ``variant_name`` and ``standings``.
        """
        from scorekeeper.app import report, sessions

        variant, players, rules = self._new_setup(variant, list(players), list(rules), like)
        if like is None:
            from scorekeeper.core.game import check_separators

            check_separators(players)
        if teams is None and like is not None:  # the sides of the session it is like
            teams = self._open(self.find_session(like)).record.get("sides")
        alike = self.look_alikes(players) if self.store.exists() else []
        loaded = sessions.create(self.store, variant, players, rules, title, dealer, carry, first_round, teams)
        doc = report.new_json(loaded)
        if alike:  # SPEC §9: a name typed that differs from a known one only in case or spaces
            doc["maybe_same"] = alike
        doc.update(variant_name=loaded.setup.variant.name, standings=report.standings_json(loaded))
        return doc

    def _new_setup(self, variant: str | None, players: list[str], rules: list[str],
                   like: str | None) -> tuple[str, list[str], list[str]]:
        """``new``'s variant, players and rules, what is missing taken from ``like`` or the settings."""
        from scorekeeper.app import settings
        from scorekeeper.core.variants import get_variant

        if like is not None:
            sid = self.find_session(like)
            if variant is not None or players:
                raise InputError("new.like_and_players", session=sid)
            loaded = self._open(sid)
            from scorekeeper.core.errors import VariantError

            if isinstance(loaded.kept, VariantError):  # its variant is not installed: nothing to start
                raise loaded.kept
            record = loaded.record
            kept = [f"{key}={_rule_value(value)}" for key, value in record["rules"].items()]
            return record["variant"], list(record["players"]), settings.merge_rules(kept, rules)
        usual, _where = settings.usual("variant")
        if variant is not None and usual is not None:
            try:
                get_variant(variant)
            except InputError:  # "new Ann Bob" with a usual variant: Ann is a player
                _refuse_near_variant(variant, players)
                players, variant = [variant, *players], None
        if variant is None:
            if usual is None:
                raise InputError("new.no_variant")
            variant = usual
        if not players:
            players = settings.usual("players")[0] or []
            if not players:
                raise InputError("new.no_players")
        configured = settings.usual("rules")[0] or []
        return variant, players, settings.merge_rules(settings.house_rules(get_variant(variant), configured), rules)

    def find_session(self, given: str) -> str:
        """The session ``given`` names: an id or a unique prefix of one, else a title (the
        whole title, any case, else the one title that starts so). Raises :class:`StateError`
        (none, ``use.no_such_session``; or several: ``use.titles`` lists them)."""
        try:
            return self.store.resolve(given)
        except StateError as e:
            if e.code != "store.no_such_session":
                raise
            wanted = given.strip().casefold()
            rows = [(s["id"], s.get("title") or "") for s in self.sessions()["sessions"]]
            for match in (lambda title: title == wanted, lambda title: title.startswith(wanted)):
                found = [(sid, title) for sid, title in rows if wanted and match(title.casefold())]
                if len(found) == 1:
                    return found[0][0]
                if found:
                    raise StateError("use.titles", title=given,
                                     sessions=[f"{sid} ({title})" for sid, title in found]) from None
            raise StateError("use.no_such_session", given=given) from None  # neither an id nor a title

    def _entry(self, loaded: Loaded, entry: Any, form: str) -> Any:
        """The hand given, as its variant's codec reads it; refused first when the session cannot
        be changed now (:func:`scorekeeper.app.games.changeable`)."""
        from scorekeeper.app.games import changeable

        changeable(loaded)
        if form not in FORMS:
            raise ValueError(f"form must be one of {FORMS}, not {form!r}")
        if form != "line":
            return entry
        # the variant's own one-line form where it has one (Gin Rummy: just the cards)
        return loaded.setup.variant.codec.read_line_for(list(entry), loaded.setup)

    def preview_hand(self, entry: Any, form: str = "file", session: str | None = None,
                     revision: int | None = None) -> dict:
        """Score ``entry`` as the next hand without storing it (the prompt's confirmation).
        ``revision``: the session's revision the dialog was opened at; a session changed since (a
        hand recorded by another command) is refused as saving would refuse it
        (``session.changed_meanwhile``), before a preview of another hand's number is shown.

        The ``hand --json`` document it would give, plus ``players`` (per player
        ``score``, ``arithmetic``, ``lines``, ``note``, ``points_only``: as in
        ``explain``), ``notes`` (the hand's), ``note`` (the game's: a tie played
        off, the end bonuses), ``entry`` (the entry as stored) and ``standings``.
        """
        with _said(form):
            from scorekeeper.app import report, sessions
            from scorekeeper.app.games import Loaded

            loaded = self._open(session)
            raw = self._entry(loaded, entry, form)
            sessions.pinned(self.store, loaded, revision, raw)
            state, result = sessions.next_hand(loaded, raw)
            after = Loaded(loaded.record, loaded.setup, state, False)
            doc = report.hand_json(after, result, state.hands)
            doc.update(players={name: ps.as_json() for name, ps in result.players.items()}, notes=list(result.notes),
                       note=state.ending.said_note, entry=raw, standings=report.standings_json(after))
            return doc

    def record_hand(self, entry: Any, form: str = "file", session: str | None = None, again: bool = False,
                    revision: int | None = None) -> dict:
        """``hand``: check, score and store the next hand.

        ``entry`` is the hand as a file holds it (a dict), or with ``form="line"``
        the one-line arguments (``["Ann: 7H 8H 9H -AS", "Bob: -"]``). Returns
        ``hand --json`` plus ``standings`` (after the hand). Only this hand is scored.

        A line or a file that gives, card for card, the same hand as the last one
        recorded (a command run twice) is refused (:class:`InputError`
        ``session.same_as_last``, naming that hand) unless ``again``; hands given as
        points only may repeat, and the prompt shows the hand before it is saved.
        ``revision`` (from :meth:`table`): refuse with :class:`StateError`
        ``session.changed_meanwhile`` when the session changed since it was read.
        """
        with _said(form):
            from scorekeeper.app import sessions

            with self.store.writing("hand"):
                loaded = self._open(session)
                raw = self._entry(loaded, entry, form)
                sessions.pinned(self.store, loaded, revision, raw)
                if not again and form != "prompt":
                    _refuse_repeat(loaded, raw)
                loaded, result = sessions.record_in(self.store, loaded, raw, form)
            return self._hand_doc(loaded, result, loaded.state.hands)

    def edit(self, number: int, entry: Any, form: str = "file", session: str | None = None,
             revision: int | None = None) -> dict:
        """``edit N``: re-record hand ``number``; it and the hands after it are scored again.

        Returns ``hand --json`` for that hand (``totals`` at that hand) plus
        ``standings`` (after the edit) and ``before``: ``{"scores", "totals"}``, the
        hand's scores and the standings totals as they were, to say what changed.
        Refused when the edit would end the game before later hands, and (``revision``
        given, from :meth:`table`) when the session changed since it was read.
        """
        with _said(form):
            from scorekeeper.app import sessions

            with self.store.writing("edit"):
                loaded = self._open(session)
                raw, before = self._edit_entry(loaded, number, entry, form, revision)
                loaded, result = sessions.edit_in(self.store, loaded, number, raw, form)
            doc = self._hand_doc(loaded, result, number)
            doc["before"] = before
            return doc

    def _edit_entry(self, loaded: Loaded, number: int, entry: Any, form: str,
                    revision: int | None) -> tuple[Any, dict]:
        """The entry given for hand ``number`` of ``loaded``, read (:meth:`_entry`), and the hand as
        it stands (:func:`_before`), each refusal said in the order a user meets it: a hand that is
        not there before its entry is read; where the dialog showed the session at ``revision``, a
        change made since (:func:`scorekeeper.app.sessions.pinned`) before anything else."""
        from scorekeeper.app import sessions

        if revision is None:
            before = _before(loaded, number)
            return self._entry(loaded, entry, form), before
        raw = self._entry(loaded, entry, form)
        sessions.pinned(self.store, loaded, revision, raw)
        return raw, _before(loaded, number)

    def preview_edit(self, number: int, entry: Any, form: str = "file", session: str | None = None,
                     revision: int | None = None) -> dict:
        """Score ``entry`` as hand ``number`` again, and the hands after it, without storing
        anything (the confirmation of ``edit`` at the table): the document :meth:`edit`
        would give, plus what :meth:`preview_hand` adds (``players``, ``notes``,
        ``note``, ``entry``). Refused as :meth:`edit` refuses (``revision`` as for
        :meth:`preview_hand`)."""
        with _said(form):
            from scorekeeper.app import report, sessions
            from scorekeeper.app.games import Loaded

            loaded = self._open(session)
            raw, before = self._edit_entry(loaded, number, entry, form, revision)
            state = sessions.rescored(loaded, number, raw)
            result = state.results[number - 1]
            after = Loaded(loaded.record, loaded.setup, state, False)
            doc = report.hand_json(after, result, number)
            doc.update(players={name: ps.as_json() for name, ps in result.players.items()}, notes=list(result.notes),
                       note=state.ending.said_note, entry=raw, standings=report.standings_json(after), before=before)
            return doc

    def hand_entry(self, number: int | None = None, session: str | None = None) -> dict:
        """A stored hand as entered: ``{"session", "number", "entry", "lines"}`` (``lines``:
        each player's part in the one-line form); the last hand when ``number`` is None.
        For ``undo``'s question and for ``edit`` starting from the old entry."""
        from scorekeeper.app.audit import entry_lines
        from scorekeeper.core.game import hand_number

        loaded = self._open(session)
        hands = loaded.record["hands"]
        if number is None:
            if not hands:
                raise _nothing_to_undo(loaded)
            number = len(hands)
        hand_number(number, len(hands), loaded.setup.variant.deal_word)
        entry = hands[number - 1]["entry"]
        return {"session": loaded.record["id"], "number": number, "entry": entry,
                "lines": entry_lines(entry, loaded.setup.players, loaded.setup.variant)}

    def undo(self, session: str | None = None, revision: int | None = None) -> dict:
        """``undo``: take back the last change — the last hand recorded, the last edit
        (its hand is put back as it was), or the last event between deals (a rejoin, a split).
        ``{"session", "number", "change": "hand" | "edit" | "event", "deal_word", "standings"}``,
        and for an event ``event`` (:func:`_event_doc`, as it was). With ``revision`` (from
        :meth:`undo_preview`), refused when the session changed since. Raises :class:`StateError`
        when there is nothing to undo."""
        from scorekeeper.app import report, sessions

        from scorekeeper.app.games import changeable

        with self.store.writing("undo"):
            loaded = self._open(session)
            changeable(loaded)
            change = _last(sessions.changes(loaded.record)[0], loaded)
            if change is not None and change["kind"] == "event":
                sessions.pinned(self.store, loaded, revision, undoing=True)
                taken = _event_doc(loaded)
                loaded, _event = sessions.undo_event(self.store, loaded)
                return {"session": loaded.record["id"], "number": taken["after"], "change": "event", "event": taken,
                        "deal_word": loaded.setup.variant.deal_word, "standings": report.standings_json(loaded)}
            if change is not None and change["kind"] == "edit":
                sessions.pinned(self.store, loaded, revision, undoing=True)
                loaded, number = sessions.undo_edit(self.store, loaded, change), change["number"]
            else:
                loaded, number = sessions.undo(self.store, session, revision)
        return {"session": loaded.record["id"], "number": number, **report.deal_number(loaded, number),
                "change": "edit" if change and
                change["kind"] == "edit" else "hand", "deal_word": loaded.setup.variant.deal_word,
                "standings": report.standings_json(loaded)}

    def undo_preview(self, session: str | None = None) -> dict:
        """What ``undo`` would take back, for its question: ``change`` ("hand": the last
        hand, "edit": the last edit, whose hand is put back as it was) and
        :meth:`hand_entry` of that hand (``entry`` and ``lines`` as it stands) plus
        ``revision`` (the session file's, for :meth:`undo`), ``scores`` (the hand's),
        ``dealer`` (who dealt it), ``deal_word`` ("hand" or "round") and, where the wild
        rank changes with the round (Crazy Rummy), ``round`` and ``wild``; for an edit also
        ``restored_lines`` and ``restored_scores`` (the hand as it was before the edit).
        Raises :class:`StateError` when there is no hand."""
        from scorekeeper.app import report, sessions
        from scorekeeper.app.games import changeable

        loaded = self._open(session)
        changeable(loaded)
        hands = loaded.record["hands"]
        if not hands:
            raise _nothing_to_undo(loaded)
        change = _last(sessions.changes(loaded.record)[0], loaded)
        if change is not None and change["kind"] == "event":  # an event between deals: what it did, in words
            return {"session": loaded.record["id"], "revision": self.store.revision(loaded.record["id"]),
                    "number": change["number"], "change": "event", "event": _event_doc(loaded),
                    "deal_word": loaded.setup.variant.deal_word}
        number = change["number"] if change is not None and change["kind"] == "edit" else len(hands)
        entry = hands[number - 1]["entry"]
        variant = loaded.setup.variant
        doc = {"session": loaded.record["id"], "revision": self.store.revision(loaded.record["id"]),
               "number": number, **report.deal_number(loaded, number), "entry": entry,
               "lines": _lines(entry, loaded),
               "scores": dict(loaded.state.results[number - 1].scores), "dealer": loaded.state.dealer_of(number),
               "deal_word": variant.deal_word, "change": "hand", **report.side_groups(loaded)}
        if change is not None and change["kind"] == "edit":
            state = sessions.rescored(loaded, number, change["previous"])
            doc.update(change="edit", restored_lines=_lines(change["previous"], loaded),
                       restored_scores=dict(state.results[number - 1].scores))
        doc.update(report.hand_round(loaded, number))
        return doc

    def redo(self, session: str | None = None) -> dict:
        """``redo``: put back what the last undo took — a hand, or an edit made again.
        ``{"session", "number", "change": "hand" | "edit", "deal_word", "standings"}``;
        a change made since the undo leaves nothing to redo (:class:`StateError`)."""
        from scorekeeper.app import report, sessions

        from scorekeeper.app.games import changeable

        with self.store.writing("redo"):
            loaded = self._open(session)
            changeable(loaded)
            redoable = sessions.changes(loaded.record)[1]
            change = redoable[-1] if redoable else None
            if change is not None and change["kind"] == "event" and isinstance(change.get("event"), dict):
                loaded, _event = sessions.redo_event(self.store, loaded, change["event"])
                made = _event_doc(loaded)
                return {"session": loaded.record["id"], "number": made["after"], "change": "event", "event": made,
                        "deal_word": loaded.setup.variant.deal_word, "standings": report.standings_json(loaded)}
            if change is not None and change["kind"] == "edit":
                loaded, number = sessions.redo_edit(self.store, loaded, change), change["number"]
            else:
                loaded, number = sessions.redo(self.store, session)
        return {"session": loaded.record["id"], "number": number, **report.deal_number(loaded, number),
                "change": "edit" if change and
                change["kind"] == "edit" else "hand", "deal_word": loaded.setup.variant.deal_word,
                "standings": report.standings_json(loaded)}

    # -- events between deals (SPEC §2.9: rejoin NAME, end --split) ---------------------------------
    def event(self, kind: str, player: str | None = None, session: str | None = None,
              revision: int | None = None) -> dict:
        """Make the event between deals ``kind`` (``rejoin`` naming ``player``; ``split``) after the
        deals played, where the variant takes it and its rules allow it there, and store it (audited,
        undone by ``undo``). ``{"session", "event": {"kind", "player", "after", "change", "totals",
        "words"}, "standings"}``. With ``revision`` (from :meth:`event_preview`), refused when the
        session changed since. Raises :class:`StateError` (``event.not_in_variant``, the variant's
        refusal) and :class:`InputError` (a name that is no player's)."""
        from scorekeeper.app import report, sessions

        with self.store.writing():
            loaded = self._open(session)
            sessions.pinned(self.store, loaded, revision, undoing=True)
            loaded, _event = sessions.event_in(self.store, loaded, kind, player)
        return {"session": loaded.record["id"], "event": _event_doc(loaded), "standings": report.standings_json(loaded)}

    def takes_event(self, kind: str, session: str | None = None) -> None:
        """Whether the session's variant takes events of ``kind`` (``split``: ``end`` asks before
        it says how a game ends): nothing where it does, else its refusal
        (:func:`scorekeeper.app.sessions.takes_event`), as for a session that cannot be read."""
        from scorekeeper.app import sessions

        sessions.takes_event(self._open(session).setup.variant, kind)

    def event_preview(self, kind: str, player: str | None = None, session: str | None = None) -> dict:
        """What :meth:`event` would do, nothing stored (the question ``end --split`` asks): its
        document, plus ``revision`` (the session file's: pass it back to :meth:`event`). Refused as
        :meth:`event` refuses."""
        from scorekeeper.app import report, sessions
        from scorekeeper.app.games import Loaded

        loaded = self._open(session)
        _event, state = sessions.with_event(loaded, kind, player)
        after = Loaded(loaded.record, loaded.setup, state, False)
        return {"session": loaded.record["id"], "revision": self.store.revision(loaded.record["id"]),
                "event": _event_doc(after), "standings": report.standings_json(after)}

    def _hand_doc(self, loaded: Loaded, result, number: int) -> dict:
        from scorekeeper.app import report

        doc = report.hand_json(loaded, result, number)
        doc["standings"] = report.standings_json(loaded)
        return doc

    # -- reading ----------------------------------------------------------------------
    def standings(self, session: str | None = None) -> dict:
        """``standings --json``. Nothing is scored (the session's cache holds the numbers)."""
        from scorekeeper.app import report

        loaded = self._open(session)
        return self._named(report.standings_json(loaded), loaded.record["id"])

    def _named(self, doc: dict, session: str) -> dict:
        """A session's document with each name as the club's roster has it now (SPEC §9: a rename
        or merge shows everywhere; the session keeps the names as typed)."""
        from scorekeeper.app import club

        every, notices = club.names_shown(self.store)
        names = every.get(session)
        doc = club.renamed_doc(doc, names) if names else doc
        return {**doc, "notices": [*doc.get("notices", []), *notices]} if notices else doc

    def history(self, session: str | None = None) -> dict:
        """``history --json`` (with ``carried``, every player's points carried over from
        paper, when the session has them: a first row, not a hand), plus ``standings``
        (the heading) and ``players`` in seat order."""
        from scorekeeper.app import report

        loaded = self._open(session, full=True)
        doc = report.history_json(loaded)
        doc.update(standings=report.standings_json(loaded), players=list(loaded.setup.players))
        return self._named(doc, loaded.record["id"])

    def audit(self, session: str | None = None) -> dict:
        """``history --audit --json``: every version of every hand (:func:`scorekeeper.app.audit.audit_json`),
        as the version of its variant installed scores them (``notices`` saying so where the
        session was scored by another version, see :meth:`explain`)."""
        from scorekeeper.app.audit import audit_json

        loaded, notices = self._as_installed(session, as_stored=True)  # a file changed outside shown beside its trail
        doc = audit_json(loaded)
        return {**doc, "notices": notices} if notices else doc

    def explain(self, number: int | None = None, player: str | None = None, session: str | None = None) -> dict:
        """``explain --json`` for hand ``number`` (default: the last), every player or ``player``.
        A session scored by another version of its variant, which the installed one scores
        otherwise, is explained as the installed version scores it, ``notices`` saying so; one
        whose variant is not installed cannot be explained (its :class:`VariantError`, exit 1)."""
        from scorekeeper.app.audit import explain_json

        loaded, notices = self._as_installed(session)
        doc = explain_json(loaded, number, player)
        return {**doc, "notices": notices} if notices else doc

    def _as_installed(self, session: str | None, as_stored: bool = False) -> tuple[Loaded, list[str]]:
        """A session as the version of its variant installed scores it, for the commands that show
        how each score is reached, and the sentences to show with it: none, or, for a session
        whose stored numbers that version would change, ``session.version_differs.explain``.
        Raises the :class:`VariantError` of a session whose variant is not installed, and of one
        whose hands the installed version refuses (``session.version_refuses``)."""
        from scorekeeper.app.games import scored
        from scorekeeper.core.errors import VariantError

        loaded = self._open(session, as_stored=as_stored)
        kept = loaded.kept
        if kept is None:
            return loaded, []
        if isinstance(kept, VariantError):
            raise kept
        try:
            loaded = scored(loaded.record, loaded.setup)
        except (InputError, StateError) as e:
            raise VariantError("session.version_refuses", cause=e, **kept.facts) from None
        return loaded, [StateError("session.version_differs.explain", **kept.facts).message]

    def chart(self, session: str | None = None) -> dict:
        """``chart --json``: each player's running total hand by hand (see :func:`report.chart_json`)."""
        from scorekeeper.app import report

        return report.chart_json(self._open(session))

    def board(self, session: str | None = None, history: bool = False) -> dict:
        """What ``watch`` and ``serve`` show, read as ``standings`` reads (no lock, no file
        created): ``{"session", "standings", "chart"}`` — the ``standings --json`` and
        ``chart --json`` documents of the session (default: the current one) — plus,
        with ``history``, ``"history"``: the ``history --json`` document. Raises
        :class:`StateError` (no such session) and :class:`StoreError` (a damaged file)."""
        from scorekeeper.app import report

        loaded = self._open(session, full=history)
        doc = {"session": loaded.record["id"], "standings": report.standings_json(loaded),
               "chart": report.chart_json(loaded)}
        if history:
            doc["history"] = report.history_json(loaded)
        return doc

    def board_secret(self, new: bool = False) -> str:
        """The secret part of ``serve --lan``'s address, kept in the database folder so that a
        restart keeps every phone's address (:mod:`scorekeeper.storage.secret`); ``new``
        makes and keeps another. Takes no lock and touches no session. Raises :class:`OSError`
        when it cannot be kept."""
        import secrets

        from scorekeeper.storage.secret import board_secret

        return board_secret(self.path, lambda: secrets.token_urlsafe(12), new)

    def board_mark(self, session: str | None = None) -> tuple:
        """What changes whenever :meth:`board` would read something else: which session is
        meant (the current one, when ``session`` is None: ``use`` changes it) and the state
        of the index and of that session's file (inode, time, size: every write renames a
        new file into place). Costs two ``stat`` calls while the index is unchanged (the
        session meant is then the one found last time); reads nothing else, creates nothing. A session that cannot be named gives its error's code
        in place of its file's state, so the board tries again (and says why) once it changes."""
        from scorekeeper.core.errors import ScorekeeperError
        from scorekeeper.storage.files import file_key

        index = file_key(self.store.index_path)
        known = self._marked
        if known is not None and known[:2] == (session, index):
            chosen = known[2]  # the index is as it was: the same session is meant
        else:
            try:
                chosen = self.store.resolve(session)
            except ScorekeeperError as e:
                return index, e.code, None
            self._marked = (session, index, chosen)
        return index, chosen, file_key(self.store.session_path(chosen))

    # -- keeping sessions -----------------------------------------------------------------
    def sessions(self, variant: str | None = None, player: str | None = None, limit: int | None = None,
                 waiting: bool = False) -> dict:
        """``sessions --json``: ``{"current", "sessions": [...]}``, oldest first (reads the index
        only). ``variant`` (an id or alias) keeps that variant's sessions, ``player`` those a
        player sat in (names ignoring case and the Unicode form of a letter), ``limit`` the
        latest so many of them. Raises :class:`InputError` for an unknown variant or a
        ``limit`` below 1.

        Each row names the ``package`` (``{"name", "version"}``) that scored its session (null
        for a session made before sessions recorded it). With ``waiting`` (the ``sessions``
        command; a TAB completing an id loads no variant), each row also says whether its
        session ``waits`` for its variant — null, or the sentence: it needs the package P
        (version V), which is not installed (SPEC §8)."""
        from scorekeeper.app.index import sessions_json
        from scorekeeper.core.entry import name_key

        if limit is not None and limit < 1:
            raise InputError("sessions.limit", limit=limit)
        st = self.store
        vid = None if variant is None else self._variant_id(variant)
        rows = [s for s in st.summaries() if (vid is None or s.get("variant") == vid)
                and (player is None or name_key(player) in {name_key(p) for p in s.get("players") or ()})]
        if limit is not None:
            rows = rows[-limit:]
        doc = sessions_json(st.current_id(), rows)
        if waiting:
            from scorekeeper.app.scorer import waits

            said = waits(rows)
            for row in doc["sessions"]:
                row["waits"] = said.get(row["id"])
        return doc

    def _variant_id(self, variant: str) -> str:
        """The id ``variant`` names: an installed variant's (id or alias), else the id of a variant
        that is not installed but that sessions of the database name (they stay listed, SPEC §8).
        Raises :class:`InputError` for a name that is neither."""
        from scorekeeper.core.variants import get_variant

        try:
            return get_variant(variant).id
        except InputError:
            key = str(variant).strip().lower()
            if any(row.get("variant") == key for row in self.store.summaries()):
                return key
            raise

    def use(self, session: str) -> dict:
        """``use ID``: make a session current; ``session`` is an id (or a unique prefix), else a
        title (:meth:`find_session`). ``{"session", "variant", "variant_name", "players", "title"}``."""
        from scorekeeper.app import sessions

        loaded = sessions.use(self.store, self.find_session(session))
        r = loaded.record
        return {"session": r["id"], "variant": r["variant"], "variant_name": loaded.setup.variant.name,
                "players": list(r["players"]), "title": r.get("title")}

    def delete(self, session: str) -> dict:
        """``delete ID``: delete a session for good. ``{"session": id}``."""
        from scorekeeper.app import sessions

        return {"session": sessions.delete(self.store, session)}

    def to_delete(self, session: str) -> dict:
        """What ``delete ID`` would delete: ``{"session": id, "already": False}``; for an id no
        session listed has but a session deleted before had (the same `delete` run again after
        it was cut short), ``{"session": id, "already": True}``: nothing to do, and a sentence
        saying so. Raises :class:`StateError` for an id nothing has."""
        try:
            return {"session": self.store.resolve(session), "already": False}
        except StateError as e:
            if e.code != "store.no_such_session" or not session.strip():
                raise
            deleted = [sid for sid in self.store.backed_up_sessions() if sid.startswith(session)
                       and (copies := self.store.backups(self.store.session_path(sid))) and copies[0].deleted]
            if len(deleted) != 1:
                raise
            return {"session": deleted[0], "already": True}

    # -- the rules ----------------------------------------------------------------------
    def check(self, variant: str, cards: Sequence[str], round_: int | None = None, rules: Sequence[str] = (),
              deal: int | None = None, session: str | None = None, wild: str | None = None) -> dict:
        """``check --json``: ``{"legal", "melds": [...], "value", ...}``; with ``deal``, also whether
        the melds make what that deal asks for (Contract Rummy's ``contract``); with ``wild``, the rank
        a deal's cut card made wild (Indian Rummy: ``--wild 7``). What the variant says of the melds
        together is added (Indian Rummy's ``declaration``).

        ``variant`` is the first word: a variant's id or alias (no database needed), or else, when
        it reads as a card, the first card — the melds are then judged as the session's game would
        judge them (the current one, or ``session``): its variant, its rules under the ``rules``
        given and, where the wild rank moves with the round, the coming round unless ``round_``
        says another; the document then names the ``session``. Raises :class:`InputError`
        ``check.no_variant`` for cards with no variant and no session to take it from."""
        from scorekeeper.core.check import check_melds
        from scorekeeper.core.variants import get_variant

        try:
            found, taken = get_variant(variant), None
        except InputError:
            if not _reads_as_card(variant):
                raise
            found, taken, round_, rules = self._check_setup(session, round_, rules, variant)
            cards = [variant, *cards]
        # the reasons in the language spoken: a --json run speaks English (scorekeeper.cli.language)
        doc = check_melds(found, list(cards), round_, list(rules), deal, wild).as_json(people=True)
        if taken is not None:
            doc["session"] = taken
        return doc

    def _check_setup(self, session: str | None, round_: int | None, rules: Sequence[str],
                     first: str) -> tuple[Any, str, int | None, list[str]]:
        """``check`` with no variant named: the session's variant, id, round (where it moves the
        wild rank, the coming one unless ``round_`` is given) and rules (``rules`` over them)."""
        from scorekeeper.app import report, settings

        try:
            loaded = self._open(session)
        except StateError as e:
            if session is None and e.code == "store.no_current":
                raise InputError("check.no_variant", first=first) from None
            raise
        variant = loaded.setup.variant
        if round_ is None:  # the coming round, where the variant's standings name one (its wild rank moves)
            round_ = report.standings_json(loaded).get("round")
        kept = [f"{key}={_rule_value(value)}" for key, value in loaded.record["rules"].items()]
        return variant, loaded.record["id"], round_, settings.merge_rules(kept, list(rules))

    def rules(self, variant: str | None = None) -> dict | list:
        """``rules --json``: the variants (``variant`` None), or one variant's rules and options.

        The list is ``{"variants": [row, ...]}``, each row with the ``package``, ``version`` and
        ``origin`` ("built-in" or "plugin") it comes from, and ``"failed": [{"id", "error"}]``
        added when an installed variant could not be loaded or was left aside (an id or alias
        that is a built-in one's; ``error``: the sentence naming it, SPEC §8).
        Raises :class:`~scorekeeper.core.errors.VariantError` for one variant that cannot be loaded."""
        from scorekeeper.core import describe, variants

        if variant is None:  # every variant (one variant's rules load that variant alone)
            doc = describe.variants_json(variants.every_variant().values())
            for row in doc["variants"]:
                row.update(_origin_json(row["id"]))
            failed = [{"id": e.facts["name"], "error": e.message} for e in variants.broken()]
            return {**doc, "failed": failed} if failed else doc
        return describe.variant_rules(variants.get_variant(variant))

    def plugins(self) -> dict:
        """``plugins --json``: every variant and where it comes from (SPEC §8).

        ``{"variants": [{"id", "name", "aliases", "package", "version", "origin", "where"}, ...],
        "left_aside": [{"id", "error"}], "failed": [{"id", "error"}]}`` — ``variants`` in the order
        ``rules`` lists them, ``origin`` "built-in" or "plugin", ``where`` the module or entry point
        that defines it; ``left_aside`` the installed variants whose id or alias is a built-in
        one's (the built-in one wins), ``failed`` those that could not be loaded, each with the
        one sentence naming it."""
        from scorekeeper.core import variants

        found = variants.every_variant()
        rows = [{"id": v.id, "name": v.name, "aliases": list(v.aliases), **_origin_json(v.id)}
                for v in found.values()]
        left, failed = [], []
        for e in variants.broken():
            (left if e.code in ("variant.clash", "variant.alias_clash") else failed).append(
                {"id": e.facts["name"], "error": e.message})
        return {"variants": rows, "left_aside": left, "failed": failed}

    # -- a variant's life ---------------------------------------------------------------
    def rescore_preview(self, session: str | None = None) -> dict:
        """What ``db rescore [SESSION]`` would change (reads only): the session named (an id
        prefix), else every session scored by another version of its variant than the one
        installed — ``{"sessions": [entry, ...]}``, each entry as
        :func:`scorekeeper.app.rescoring.plan` says (each player's total as stored and as the
        installed version gives it, the hands whose scores change, ``changes``, ``refusal``)."""
        from scorekeeper.app import rescoring

        return rescoring.plan(self.store, session)

    def rescore(self, session: str | None = None, expect: list[dict] | None = None) -> dict:
        """``db rescore [SESSION]``: store what :meth:`rescore_preview` shows — each session as the
        installed version scores it, with its package and version (one the installed version
        cannot score keeps what it stored). ``expect``: the preview's ``sessions`` a person agreed
        to; nothing is stored when any of them changed since (:class:`StateError`
        ``rescore.changed``). The preview's document, each entry with ``stored``."""
        from scorekeeper.app import rescoring

        return rescoring.store_plan(self.store, session, expect)

    # -- sharing ----------------------------------------------------------------------
    def export(self, session: str | None = None, all_: bool = False, format_: str | None = None,
               output: str | os.PathLike | None = None, force: bool = False,
               progress: Progress | None = None, season: str | None = None) -> dict:
        """``export``: one session (default: the current one) or ``all_``, as json, csv or md
        (``format_``; default: from ``output``'s extension, else json). ``progress(done,
        total)`` is called as each session is written out (see :data:`Progress`).

        ``{"format", "sessions": n, "output", "text"}``: ``text`` is the export to
        print, or None when it was written to ``output`` (atomically; an existing
        file needs ``force``); ``notices``, where a session's numbers are the ones it stored (its
        variant is not installed, or the one installed scores it otherwise: SPEC §8), say so.
        ``season``: that season's standings as md, csv or html instead (SPEC §9; ``sessions`` is then
        the number of its games, and ``season`` names it).
        """
        from scorekeeper.app import exporting

        if season is not None:
            from scorekeeper.app import club_export

            return club_export.export_season(self.store, season, format_, output, force, session, all_)
        return exporting.export(self.store, session, all_, format_, Path(output) if output is not None else None,
                                force, progress)

    def import_(self, file: str | os.PathLike, skip_existing: bool = False, text: str | bytes | None = None,
                as_new: bool = False, progress: Progress | None = None) -> dict:
        """``import FILE [--as-new]``: read an export back, check every session, then store them all.

        ``file`` names the export (read here unless ``text`` is given: ``"-"``
        with the bytes, or text, of standard input). A session already in the database
        (same id, same content) is skipped, or with ``as_new`` imported as a copy
        under a new id; a different session with a taken id gets a new id (or is
        skipped with ``skip_existing``). ``{"imported", "skipped", "sessions":
        [{"id", "imported_as", "action": "imported" | "renamed" | "skipped", "already"}]}``.
        ``progress(done, total)`` is called as each session is checked (see :data:`Progress`).
        """
        from scorekeeper.app import exporting

        label = "standard input" if str(file) == "-" else str(file)
        if text is None:
            text = exporting.read_import_file(file)
        outcomes = exporting.import_file(self.store, text, label, skip_existing, as_new, progress)
        return {"imported": sum(o["action"] != "skipped" for o in outcomes),
                "skipped": sum(o["action"] == "skipped" for o in outcomes), "sessions": outcomes}

    def stats(self, player: str | None = None, variant: str | None = None,
              progress: Progress | None = None) -> dict:
        """``stats --json`` over every session (:func:`scorekeeper.app.stats.compute`);
        ``progress(done, total)`` is called as each session is read (see :data:`Progress`). A
        session shown with the numbers it stored counts with them (its variant is not
        installed, or the one installed scores it otherwise: SPEC §8), ``notices`` saying so."""
        from scorekeeper.app import exporting, stats
        from scorekeeper.app.report import kept_json

        vid = self._variant_id(variant) if variant is not None else None
        st = self.store
        from scorekeeper.app.club import names_shown

        rows = st.summaries()
        ids = [s["id"] for s in rows]
        names, notices = names_shown(st, rows) if rows else ({}, [])
        games = []
        for loaded in counted(exporting.each_game(st, ids), len(ids), progress):
            games.append(stats.renamed(stats.game_of(loaded), names.get(loaded.record["id"], {})))
            if loaded.kept is not None and (vid is None or loaded.record["variant"] == vid):
                notices += kept_json(loaded)["notices"]
        doc = stats.compute(games, player, vid)
        return {**doc, "notices": notices} if notices else doc

    # -- the club (SPEC §9) --------------------------------------------------------------
    def players(self) -> dict:
        """``players``: :func:`scorekeeper.app.club.players`."""
        from scorekeeper.app import club

        return club.players(self.store)

    def player(self, name: str) -> dict:
        """``players show NAME``: :func:`scorekeeper.app.club.player_show`."""
        from scorekeeper.app import club

        return club.player_show(self.store, name)

    def rename_player(self, old: str, new: str) -> dict:
        """``players rename OLD NEW``: :func:`scorekeeper.app.club.change_names`."""
        from scorekeeper.app import club

        return club.change_names(self.store, "rename", old, new)

    def merge_players(self, name: str, into: str) -> dict:
        """``players merge A B``: A's games become B's (:func:`scorekeeper.app.club.change_names`)."""
        from scorekeeper.app import club

        return club.change_names(self.store, "merge", name, into)

    def undo_players(self) -> dict:
        """``players undo``: :func:`scorekeeper.app.club.undo_names`."""
        from scorekeeper.app import club

        return club.undo_names(self.store)

    def look_alikes(self, names: Sequence[str]) -> list[dict]:
        """What ``new`` notes of names typed that differ from known ones only in case or spaces."""
        from scorekeeper.app import club

        return club.look_alikes_of(self.store, names)

    def season_new(self, name: str, from_: str | None = None, to: str | None = None,
                   variants: Sequence[str] = (), title: str | None = None, points: str | None = None,
                   best: int | None = None, min_games: int | None = None, tiebreak: str | None = None) -> dict:
        """``season new NAME``: :func:`scorekeeper.app.club.season_new`."""
        from scorekeeper.app import club

        rule = club.rule_of(points, best, min_games, tiebreak)
        return club.season_new(self.store, name, from_, to, variants, title, rule)

    def season_add(self, name: str, sessions: Sequence[str]) -> dict:
        from scorekeeper.app import club

        return club.season_change(self.store, name, sessions, add=True)

    def season_remove(self, name: str, sessions: Sequence[str]) -> dict:
        from scorekeeper.app import club

        return club.season_change(self.store, name, sessions, add=False)

    def seasons(self) -> dict:
        from scorekeeper.app import club

        return club.seasons(self.store)

    def season_standings(self, name: str, points: str | None = None, best: int | None = None,
                         min_games: int | None = None, tiebreak: str | None = None) -> dict:
        """``season standings NAME``: :func:`scorekeeper.app.club.season_standings` (the options given
        over the season's own rule)."""
        from scorekeeper.app import club

        return club.season_standings(self.store, name, club.rule_of(points, best, min_games, tiebreak))

    def ratings(self, variant: str | None = None, season: str | None = None) -> dict:
        """``ratings``: :func:`scorekeeper.app.club.ratings`."""
        from scorekeeper.app import club

        return club.ratings(self.store, self._variant_id(variant) if variant is not None else None, season)

    def evening_new(self, title: str, players: Sequence[str], variant: str | None = None) -> dict:
        from scorekeeper.app import club

        return club.evening_new(self.store, title, players, variant)

    def evening_next(self) -> dict:
        from scorekeeper.app import club

        return club.evening_next(self.store)

    def evening_show(self) -> dict:
        from scorekeeper.app import club

        return club.evening_show(self.store)

    def evening_standings(self, season: str | None = None) -> dict:
        from scorekeeper.app import club

        return club.evening_standings(self.store, season)

    def club_board(self, season: str | None = None, variant: str | None = None) -> dict:
        """What ``serve --club`` shows, read as ``standings`` reads: :func:`scorekeeper.app.clubboard.club_board`."""
        from scorekeeper.app import clubboard

        return clubboard.club_board(self, season, self._variant_id(variant) if variant is not None else None)

    def club_board_mark(self, sessions: Sequence[str] = ()) -> tuple:
        """What changes whenever :meth:`club_board` would read something else (:func:`scorekeeper.app.clubboard.mark`)."""
        from scorekeeper.app import clubboard

        return clubboard.mark(self, sessions)

    # -- the database ---------------------------------------------------------------------
    def db_path(self) -> dict:
        """``db path``: ``{"database": "DIR"}``."""
        return {"database": str(self.store.root)}

    def db_check(self, repair: bool = False, progress: Progress | None = None) -> dict:
        """``db check [--repair]``: the report (``ok``, ``problems``, counts), plus ``root``,
        ``exists``, ``files``, ``sessions``, ``hands`` and ``findings`` for people.
        ``progress(done, None)`` is called as each stored record (a session or a kept copy) is
        replayed: how many there are is not known beforehand (see :data:`Progress`)."""
        from scorekeeper.app.games import replay_record
        from scorekeeper.storage import maintenance

        replay = replay_record
        if progress is not None:
            replayed = 0

            def replay(record: dict):  # the same replay, counted
                nonlocal replayed
                result = replay_record(record)
                replayed += 1
                progress(replayed, None)
                return result

        result = maintenance.check(self.store, repair, replay=replay)
        doc = result.as_json()
        doc.setdefault("ok", result.ok)
        doc.update(root=str(result.root), exists=result.exists, files=result.files, sessions=result.sessions,
                   hands=result.hands,
                   findings=[{"file": f.file, "problem": f.problem, "kind": f.kind, "repaired": f.repaired,
                              "repairable": f.repairable, "wrong": f.wrong} for f in result.findings])
        return doc

    def backups(self, session: str | None = None) -> dict:
        """``db restore --list``: ``{"database", "backups": [{"file", "saved", "backup", "good", "deleted"}...]}``."""
        from scorekeeper.storage import maintenance

        return {"database": str(self.store.root), "backups": maintenance.list_backups(self.store, session)}

    def restore_losses(self, session: str | None = None) -> dict:
        """What ``db restore [--session ID]`` would lose if run now (reads only):
        ``{"losses": [...]}``, each a noun phrase naming the hands and the session
        (``"2 hands of session 3f9a (4, 5)"``); empty when it loses nothing."""
        from scorekeeper.app.games import replay_record
        from scorekeeper.storage import maintenance

        return {"losses": [e.message for e in maintenance.restore_losses(self.store, session,
                                                                          replay=replay_record)]}

    def restore(self, session: str | None = None, expect: list[str] | None = None) -> dict:
        """``db restore [--session ID]``: ``{"restored": [...], "failed": [...], "ok"}``; the
        first restored line says what the copies put back lack, if anything. With ``expect``
        (the losses :meth:`restore_losses` gave and a person agreed to), nothing is done when
        the losses are no longer those (:class:`StateError` ``restore.changed``)."""
        from scorekeeper.app.games import replay_record
        from scorekeeper.storage import maintenance

        result = maintenance.restore(self.store, session, replay=replay_record, expect=expect)
        doc = result.as_json()
        doc.update(restored=list(result.restored), failed=list(result.failed), ok=result.ok)
        return doc

    def demo(self) -> dict:
        """``demo``: record the bundled Rummy 500 game, hand by hand, into the database
        ``--db`` named, or into a throw-away one (SCOREKEEPER_DB is not used). Its session
        title is said in the language spoken (message ``demo.title``).

        ``{"title", "variant", "variant_name", "players", "target", "throwaway",
        "database" (None when throw-away), "hands": [{"number", "players": {name:
        entry part as recorded}, "hand": hand document}], "standings"}``.
        """
        if self.given is None:
            import tempfile

            with tempfile.TemporaryDirectory(prefix="scorekeeper-demo-") as tmp:
                doc = Application(Path(tmp) / "db")._demo()
            doc.update(throwaway=True, database=None)
            return doc
        doc = self._demo()
        doc.update(throwaway=False, database=str(self.path))
        return doc

    def _demo(self) -> dict:
        from scorekeeper.core.phrase import phrase

        game = demo_game()
        game["title"] = str(phrase("demo.title"))  # in the language spoken: the table reads it
        started = self.new(game["variant"], game["players"], game.get("rules", []), game["title"])
        hands = []
        doc: dict = {}
        for number, hand in enumerate(game["hands"], 1):
            doc = self.record_hand(hand, "file")
            standings = doc.pop("standings")
            hands.append({"number": number, "players": hand["players"], "hand": doc})
        return {"title": game.get("title"), "variant": started["variant"], "variant_name": started["variant_name"],
                "players": started["players"], "target": started["rules"].get("target"), "hands": hands,
                "standings": standings if hands else started["standings"]}


def _reads_as_card(word: str) -> bool:
    """Whether the first card of ``word`` (``QS``, or ``QS KS AS, 7S 7H 7D`` given as one
    argument) reads as a card: ``check``'s first word is then no variant but the first card."""
    import re

    from scorekeeper.core.cards import parse_played

    first = next(iter(re.split(r"[\s,;]+", word.strip())), "")
    try:
        parse_played(first)
    except InputError:
        return False
    return bool(first)


def _refuse_near_variant(word: str, players: Sequence[str]) -> None:
    """Raise :class:`InputError` ``new.variant_or_player`` when ``word``, the first word of
    ``new`` where a usual variant would take it for the first player, is one slip away from a
    variant's id or alias (``rummy50``): a game is never started for a player called that by
    mistake. ``new -- NAME...`` says the words are names (the command line does not call this)."""
    from scorekeeper.core.near import one_edit
    from scorekeeper.core.variants import every_variant

    for v in every_variant().values():
        near = next((name for name in (v.id, *v.aliases) if one_edit(word, name)), None)
        if near is not None:
            raise InputError("new.variant_or_player", name=word, near=near, names=" ".join([word, *players]))


def _lines(entry: Any, loaded: Any) -> dict[str, str]:
    """``entry`` of the session ``loaded`` in its variant's one-line form
    (:func:`scorekeeper.app.audit.entry_lines`)."""
    from scorekeeper.app.audit import entry_lines

    return entry_lines(entry, loaded.setup.players, loaded.setup.variant)


@contextmanager
def _said(form: str) -> Iterator[None]:
    """Refusals of an entry typed on one line carry ``form="line"``: their sentence speaks of
    the words typed there (``big``, ``up=QS``), not of a hand file's keys."""
    try:
        yield
    except InputError as e:
        if form == "line" and "form" not in e.facts:
            raise e.given_as(form) from None
        raise


def _refuse_repeat(loaded: Loaded, raw: Any) -> None:
    """Raise :class:`InputError` ``session.same_as_last`` (``hand``: its number) when ``raw``
    is the last hand's entry again and names a card (points only, or players who went out
    and points, may well repeat)."""
    import json

    hands = loaded.record["hands"]
    if not hands or not _names_cards(raw):
        return

    def same(entry: Any) -> str:
        return json.dumps(entry, sort_keys=True, ensure_ascii=False, default=str)

    if same(hands[-1]["entry"]) == same(raw) or _same_deal(loaded, hands[-1]["entry"], raw):
        word = loaded.setup.variant.deal_word  # said with the variant's word for a deal
        number = loaded.setup.round_of(len(hands))  # as the game numbers it (one continued from paper: later)
        if word == "round":
            raise InputError("session.same_as_last.round", hand=number)
        if word == "deal":
            raise InputError("session.same_as_last.deal", hand=number)
        raise InputError("session.same_as_last", hand=number)


def _same_deal(loaded: Loaded, last: Any, raw: Any) -> bool:
    """Whether ``raw`` gives, card for card, the deal ``last`` gave, however each was typed (a
    file's ``"melds": []`` and a line that names no meld, a name in other letters, JSON and
    TOML): both read by the variant's codec as the coming deal, and what they say compared,
    a part given as empty and a part left out alike. An entry that does not read is not the
    same (its own refusal follows)."""
    from scorekeeper.core.game import GameSoFar

    game = GameSoFar.at(loaded.setup, len(loaded.record["hands"]))
    try:
        return _plain(loaded.setup.variant.codec.read(last, game)) == _plain(loaded.setup.variant.codec.read(raw, game))
    except Exception:  # noqa: BLE001 - an entry that does not read (or a variant that fails) is not the same deal
        return False


def _plain(value: Any) -> Any:
    """A typed deal as plain values to compare: dataclasses as their fields, sequences as
    tuples, and nothing given (None) as an empty sequence."""
    import dataclasses

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, tuple((f.name, _plain(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return tuple(sorted((str(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple, set, frozenset)):
        items = tuple(_plain(v) for v in value)
        return tuple(sorted(items, key=repr)) if isinstance(value, (set, frozenset)) else items
    return () if value is None else value


def _last(undoable: list[dict], loaded: Loaded) -> dict | None:
    """The change ``undo`` takes back: the last of ``undoable`` when it is an edit of a hand
    still recorded; an event between deals made after the last hand (``{"kind": "event", …}``);
    else None (the last hand: also for a session without an audit trail)."""
    if undoable and undoable[-1]["kind"] == "edit" and 1 <= undoable[-1]["number"] <= len(loaded.record["hands"]):
        return undoable[-1]
    events = loaded.record.get("events") or []
    if events and events[-1].get("after") == len(loaded.record["hands"]):
        return {"kind": "event", "number": events[-1]["after"], "event": events[-1]}
    return None


def _event_doc(loaded: Loaded, index: int = -1) -> dict:
    """Event ``index`` of ``loaded``'s game as documents give it (:func:`scorekeeper.app.report.event_json`)."""
    from scorekeeper.app.report import event_json

    return event_json(loaded, index)


def _names_cards(entry: Any) -> bool:
    """Whether a hand entry (as a file holds it) names any card: a player's part holding a
    text or a list that is not empty (melds, lay-offs, cards in hand, cards shown)."""
    players = entry.get("players") if isinstance(entry, dict) else None
    if not isinstance(players, dict):
        return False
    return any(isinstance(value, (str, list)) and bool(value) for part in players.values()
               if isinstance(part, dict) for value in part.values())


def _nothing_to_undo(loaded: Loaded) -> StateError:
    """The refusal of an undo in a session with no hands (no rounds, no deals, where deals are so called)."""
    from scorekeeper.app.sessions import nothing_to_undo

    return nothing_to_undo(loaded.setup.variant.deal_word)


def _before(loaded: Loaded, number: int) -> dict:
    """Hand ``number``'s scores and the standings totals before it is changed (``hand_number`` checks it)."""
    from scorekeeper.core.game import hand_number

    hand_number(number, loaded.state.hands, loaded.setup.variant.deal_word)
    return {"scores": dict(loaded.state.results[number - 1].scores), "totals": dict(loaded.state.totals)}


def demo_game() -> dict:
    """The bundled Rummy 500 game (scorekeeper/data/demo_rummy500.json), as a worked-example game:
    ``{"variant", "players", "rules", "title", "hands": [hand entry, ...]}``."""
    import json
    from importlib import resources

    text = resources.files("scorekeeper.data").joinpath("demo_rummy500.json").read_text(encoding="utf-8")
    return json.loads(text)


def _origin_json(variant_id: str) -> dict:
    """``{"package", "version", "origin", "where"}`` of a loaded variant (:func:`scorekeeper.core.variants.origin`)."""
    from scorekeeper.core.variants import origin

    found = origin(variant_id)
    return found.as_json() if found is not None else {"package": None, "version": None, "origin": None,
                                                      "where": None}


def _rule_value(value: Any) -> str:
    """A stored rule value as ``new --rule`` takes it: ``true``/``false``, ``none``, else the text."""
    from scorekeeper.core.rules import as_typed

    return str(as_typed(value))
