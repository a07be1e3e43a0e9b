"""What a scored hand looks like: every score carries its own explanation.

A :class:`HandResult` holds, per player, a :class:`PlayerScore` whose
:class:`Line` items say which card counted what and by which rule (SPEC
section), as data: the card, the rule id, the reason's code and facts, the
term of the sum; ``explain`` only renders what the scorer already knew.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from scorekeeper.core.cards import Card, PlayedCard, format_card
from scorekeeper.core.messages import Joined  # noqa: F401  (the variants import it from here)
from scorekeeper.core.phrase import Phrase, Said, phrase  # noqa: F401  (the one phrase type; variants import it from here)


@dataclass(frozen=True)
class Line:
    """One line of a score's explanation, as data.

    ``points`` is signed (a card left in hand counts negative in rummy500, a
    penalty counts positive in crazy: it is what it adds to the score);
    ``code`` and ``facts`` the reason (its sentence is :attr:`reason`, made by
    :mod:`scorekeeper.core.messages`); ``rule`` the stable id of the rule
    applied, or of several joined by commas (a section of the rule book, an interpretation:
    ``"knock, K-3"``; people read each as its template ``section.ID`` or
    ``interpretation.ID`` says it); ``part`` one
    of ``meld``, ``layoff``, ``hand``, ``table``, ``bonus``, ``difference``,
    ``count`` (a card counted toward a Carousel hand: its value is in the
    reason, it adds 0 itself); ``card`` the card (a :class:`Card` or
    :class:`PlayedCard`), or None for a figure that is not a card (points-only
    entries, bonuses); ``group`` the term of the sum the line belongs to (one
    meld, one card), the part when not given.
    """

    points: int
    code: str
    rule: str
    part: str
    card: Card | PlayedCard | None = None
    group: str | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The reason, in the language spoken, keeping its phrase (a :class:`Said`)."""
        return Said(Phrase(self.code, self.facts))

    @property
    def term(self) -> str:
        """The term of the sum this line adds to."""
        return self.group or self.part

    @property
    def rules(self) -> list[str]:
        """The rule ids cited, one by one (``["knock", "K-3"]``)."""
        return [part.strip() for part in self.rule.split(",") if part.strip()]

    @property
    def card_text(self) -> str | None:
        """The card in canonical text (``10H``), or None."""
        if self.card is None:
            return None
        return format_card(self.card.card if isinstance(self.card, PlayedCard) else self.card)

    def as_json(self) -> dict:
        """The line as ``explain --json`` gives it: ``card`` (canonical text or None), ``points``,
        ``part``, ``reason`` (the sentence) and ``rule``."""
        return {"card": self.card_text, "points": self.points, "part": self.part, "reason": self.reason,
                "rule": self.rule}


class PlayerScore:
    """A player's score for one hand, in points, with the lines that make it up: ``name``,
    the player; :attr:`score`, the points (the sum of the lines' points, signed); ``points_only``,
    the player was counted on paper (no cards given, I-6); :attr:`note`, a sentence of
    ``note_code`` with ``note_facts`` said under the player's lines (or nothing).

    Made with its lines (``PlayerScore(name, lines)``, or lines added one by one with
    :meth:`add`), or with its points and what explains them later
    (:meth:`explained_later`): a scorer that decided each card's points once can leave the
    explanation lines unbuilt until something reads :attr:`lines` (an import, a replay for
    the totals, never does)."""

    __slots__ = ("name", "_lines", "points_only", "note_code", "note_facts", "_score", "_explain")

    def __init__(self, name: str, lines: list[Line] | None = None, points_only: bool = False,
                 note_code: str = "", note_facts: Mapping[str, Any] | None = None) -> None:
        self.name = name
        self._lines: list[Line] | None = [] if lines is None else lines
        self.points_only = points_only
        self.note_code = note_code
        self.note_facts: Mapping[str, Any] = {} if note_facts is None else note_facts
        self._score: int | None = None
        self._explain: Callable[[], list[Line]] | None = None

    @classmethod
    def explained_later(cls, name: str, score: int, explain: Callable[[], list[Line]],
                        points_only: bool = False) -> "PlayerScore":
        """A score of ``score`` points whose lines ``explain()`` makes when they are first
        read; they must add up to ``score`` (the scorer decides every point once, and
        ``explain`` only says it in lines)."""
        ps = cls(name, None, points_only)
        ps._lines, ps._score, ps._explain = None, score, explain
        return ps

    @property
    def lines(self) -> list[Line]:
        """The explanation lines, in the order the table would add them."""
        if self._lines is None:
            explain, self._explain = self._explain, None
            self._lines = explain()  # type: ignore[misc]
            self._score = None
        return self._lines

    @lines.setter
    def lines(self, lines: list[Line]) -> None:
        self._lines, self._score, self._explain = lines, None, None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerScore):
            return NotImplemented
        return (self.name, self.lines, self.points_only, self.note_code, self.note_facts) == (
            other.name, other.lines, other.points_only, other.note_code, other.note_facts)

    __hash__ = None  # type: ignore[assignment]  (a score is changed as lines are added)

    def __repr__(self) -> str:
        return f"PlayerScore(name={self.name!r}, score={self.score}, points_only={self.points_only})"

    @property
    def note(self) -> str:
        """The sentence of ``note_code`` with ``note_facts`` ("Ann holds 4."), or ``""``."""
        return Said(Phrase(self.note_code, self.note_facts)) if self.note_code else ""

    @property
    def score(self) -> int:
        """The player's points for the hand (signed): the sum of the lines' points."""
        if self._score is not None:
            return self._score
        return sum(line.points for line in self.lines)

    def add(self, points: int, code: str, rule: str, part: str, card: Card | PlayedCard | None = None,
            group: str | None = None, **facts: Any) -> None:
        """Add a line (a :class:`Line`): ``points`` (signed, what it adds to the score) for the
        reason ``code`` (a message template) with ``facts`` (the ``card`` among them), citing
        ``rule``, as part ``part`` of the sum (``meld``, ``layoff``, ``hand``, ``table``,
        ``bonus``, ``difference``, ``count``), in its term ``group``:
        ``ps.add(15, "knock.line.difference", "knock", "difference", other="Bob", theirs=19, mine=4)``."""
        if card is not None:
            facts.setdefault("card", card)
        self.lines.append(Line(points, code, rule, part, card, group, facts))

    def arithmetic(self) -> str:
        """``24 + 30 + 10 − 19 = 45``: one term per meld, per lay-offs, per hand
        (or per card, where the variant groups so), as the table would add it."""
        terms: dict[str, int] = {}
        for line in self.lines:
            if line.part == "count":  # adds nothing: not a term of the sum
                continue
            key = line.term
            terms[key] = terms.get(key, 0) + line.points
        values = list(terms.values())
        if not values:
            return "0"
        text = _number(values[0])
        for v in values[1:]:
            text += f" − {-v}" if v < 0 else f" + {v}"
        return f"{text} = {_number(self.score)}" if len(values) > 1 else _number(self.score)

    def as_json(self) -> dict:
        """The player's part of ``explain --json``: ``score``, ``points_only``, ``arithmetic``,
        ``note`` and ``lines``."""
        return {
            "score": self.score,
            "points_only": self.points_only,
            "arithmetic": self.arithmetic(),
            "note": self.note,
            "lines": [line.as_json() for line in self.lines],
        }


def _number(n: int) -> str:
    """A signed figure with a real minus sign: ``−5``."""
    return f"−{-n}" if n < 0 else str(n)


#: the keys of a hand's ``context`` that code outside the variants reads by name, the same in
#: every variant that sets them: ``out``, who went out, and ``knock``, who knocked (a name, or
#: None). Everything else in a context is the variant's own.
COMMON_CONTEXT_KEYS = frozenset({"out", "knock"})


@dataclass
class HandResult:
    """The scores of one hand (points per player, in seat order) and why.

    ``won`` lists the players who won the hand (SPEC I-7); ``ended`` says how
    (``out``, ``knock``, ``stock`` or ``""`` when not given); ``context`` holds
    variant facts such as ``{"round": 7, "wild": "7"}``. Outside the variant, only the keys
    of :data:`COMMON_CONTEXT_KEYS` are read from it (``out`` and ``knock``: who went out, who
    knocked); its other facts reach the documents and screens through the variant's
    collaborators (:meth:`~scorekeeper.core.rulebook.scoring.Scoring.hand_facts`, its
    :class:`~scorekeeper.core.rulebook.screens.Screens` and
    :class:`~scorekeeper.core.rulebook.screens.Tally`). ``remarks``: what the result says besides
    the lines, in words as data (each a :class:`~scorekeeper.core.phrase.Phrase`: "Ann won the
    hand with the lowest count, 4.").

    ``HandResult({"Ann": PlayerScore("Ann", lines), …}, won=["Ann"], ended="knock")``
    """

    players: dict[str, PlayerScore]
    won: list[str] = field(default_factory=list)
    ended: str = ""
    context: dict = field(default_factory=dict)
    #: what the hand's result says besides the lines, as phrases (Carousel: who won and why)
    remarks: list["Phrase"] = field(default_factory=list)

    @property
    def notes(self) -> list[str]:
        """The remarks as sentences (each a :class:`Said`, keeping its phrase)."""
        return [Said(remark) for remark in self.remarks]

    @property
    def scores(self) -> dict[str, int]:
        """Each player's points for the hand, in seat order: ``{"Ann": 20, "Bob": 0}``."""
        return {name: p.score for name, p in self.players.items()}

    @property
    def points_only(self) -> bool:
        """The whole hand was counted on paper (I-6)."""
        return all(p.points_only for p in self.players.values())

    def as_json(self) -> dict:
        """The hand as ``hand --json`` and ``explain --json`` give it: ``scores``, ``won``,
        ``ended``, ``points_only``, ``context``, ``notes`` and each player's :meth:`PlayerScore.as_json`."""
        return {
            "scores": self.scores,
            "won": self.won,
            "ended": self.ended,
            "points_only": self.points_only,
            "context": self.context,
            "notes": self.notes,
            "players": {n: p.as_json() for n, p in self.players.items()},
        }
