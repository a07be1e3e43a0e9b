"""What a variant's screens add to the common ones, and its own statistics."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.core.rulebook.part import Part


@dataclass(eq=False)
class Screens(Part):
    """What a variant's screens add to the common ones, as words kept as data (each a
    :class:`~scorekeeper.core.phrase.Phrase`, said in the language spoken), worked out from the
    documents the application returns; the screens draw them, never knowing the variant. Each
    method says nothing by default:

    * :meth:`hand` — lines ``explain`` shows about a deal before the players' lines (Gin Rummy:
      the kind of hand, the deadwood, what was found in each player's cards);
    * :meth:`preview` — lines the prompt's preview shows before "Save hand N?";
    * :meth:`summary` — a deal in one cell of ``history`` (Gin Rummy: the kind of hand), under the
      heading ``summary_heading`` (a message code);
    * :meth:`standings` — lines after the standings table (Gin Rummy: boxes, end bonuses);
    * :meth:`board` — the variant's own facts on the board (``watch`` and the page): pairs of
      (label, value) words (Indian Rummy: who is out, the chips);
    * :meth:`intro` — how to answer at the prompt, in place of the common words.

    ``context`` is a deal's, as ``explain --json`` has it; ``doc`` the standings document.
    """

    summary_heading: str = ""

    def hand(self, context: Mapping[str, Any]) -> Sequence[Any]:
        """Lines ``explain`` shows about the deal whose ``context`` (``explain --json``'s) is
        given, before the players' lines: phrases; none by default."""
        return ()

    def preview(self, context: Mapping[str, Any]) -> Sequence[Any]:
        """Lines the prompt's preview shows before it asks to save the deal: phrases; none by
        default."""
        return ()

    def summary(self, context: Mapping[str, Any]) -> Any:
        """The deal in one cell of ``history`` (a phrase), under :attr:`summary_heading`; None
        by default (no column)."""
        return None

    def standings(self, doc: Mapping[str, Any]) -> Sequence[Any]:
        """Lines after the standings table, from the standings document ``doc``
        (``standings --json``, with what :meth:`~scorekeeper.core.rulebook.scoring.Scoring.game_facts`
        adds): phrases; none by default."""
        return ()

    def board(self, doc: Mapping[str, Any]) -> Sequence[tuple[Any, Any]]:
        """The variant's own facts on the board (``watch`` and ``serve``'s page), from the
        standings document ``doc``: ``(label, value)`` pairs of phrases; none by default."""
        return ()

    def intro(self, rules: Mapping[str, Any]) -> Sequence[Any] | None:
        """How to answer at the prompt under ``rules``, or None: the common words."""
        return None


@dataclass(eq=False)
class Tally(Part):
    """A variant's own statistics (``stats``, SPEC §5), added to each player's row and to each
    head-to-head row under ``key``. Override :meth:`game_of` (what one scored game holds for its
    players), :meth:`empty` (a row of zeros) and :meth:`add` (add a game's figures for one
    player). ``columns`` says how ``stats`` shows them: ``(figure key, heading message code)``
    in column order (a figure None is shown as "—", a fraction with two decimals), under the
    message codes ``title`` (per player) and ``versus_title`` (head to head)."""

    key: str = ""
    columns: tuple[tuple[str, str], ...] = ()
    title: str = ""
    versus_title: str = ""

    def game_of(self, players: Sequence[str], state: Any) -> Any:
        """What one scored game (``state``, a :class:`~scorekeeper.core.game.GameState` of the
        session whose players are ``players``) holds for the statistics: any value :meth:`add`
        reads. Every tally overrides it."""
        raise NotImplementedError(f"{type(self).__name__}.game_of")

    def empty(self) -> dict:
        """A row of zeros: ``{figure key: 0, …}`` before any game is added."""
        return {}

    def add(self, row: dict, name: str, game: Any) -> dict:
        """Add player ``name``'s figures of ``game`` (what :meth:`game_of` gave) to ``row`` and
        return the row (counts of games or deals, points, as each figure says)."""
        return row
