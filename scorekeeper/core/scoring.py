"""What a scored hand looks like: every score carries its own explanation.

A :class:`HandResult` holds, per player, a :class:`PlayerScore` whose
:class:`Line` items say which card counted what and by which rule (SPEC
section), so that ``explain`` only renders what the scorer already knew.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Line:
    """One line of a score's explanation.

    ``points`` is signed (a card left in hand counts negative in rummy500, a
    penalty counts positive in crazy: it is what it adds to the score);
    ``card`` the canonical card text, or None for a figure that is not a card
    (points-only entries, bonuses); ``part`` one of ``meld``, ``layoff``,
    ``hand``, ``table``, ``bonus``, ``difference``, ``count`` (a card counted
    toward a Carousel hand: its value is in the reason, it adds 0 itself);
    ``rule`` the SPEC section; ``group`` the term of the sum the line belongs
    to (one meld, one card), the part when not given.
    """

    points: int
    reason: str
    rule: str
    part: str
    card: str | None = None
    group: str | None = None

    def as_json(self) -> dict:
        return {"card": self.card, "points": self.points, "part": self.part, "reason": self.reason, "rule": self.rule}


@dataclass
class PlayerScore:
    """A player's score for one hand, in points, with the lines that make it up."""

    name: str
    lines: list[Line] = field(default_factory=list)
    points_only: bool = False
    note: str = ""

    @property
    def score(self) -> int:
        return sum(line.points for line in self.lines)

    def add(self, points: int, reason: str, rule: str, part: str, card: str | None = None,
            group: str | None = None) -> None:
        self.lines.append(Line(points, reason, rule, part, card, group))

    def arithmetic(self) -> str:
        """``24 + 30 + 10 − 19 = 45``: one term per meld, per lay-offs, per hand
        (or per card, where the variant groups so), as the table would add it."""
        terms: dict[str, int] = {}
        for line in self.lines:
            if line.part == "count":  # adds nothing: not a term of the sum
                continue
            key = line.group or line.part
            terms[key] = terms.get(key, 0) + line.points
        values = list(terms.values())
        if not values:
            return "0"
        text = _number(values[0])
        for v in values[1:]:
            text += f" − {-v}" if v < 0 else f" + {v}"
        return f"{text} = {_number(self.score)}" if len(values) > 1 else _number(self.score)

    def as_json(self) -> dict:
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


@dataclass
class HandResult:
    """The scores of one hand (points per player, in seat order) and why.

    ``won`` lists the players who won the hand (SPEC I-7); ``ended`` says how
    (``out``, ``knock``, ``stock`` or ``""`` when not given); ``context`` holds
    variant facts such as ``{"round": 7, "wild": "7"}``.
    """

    players: dict[str, PlayerScore]
    won: list[str] = field(default_factory=list)
    ended: str = ""
    context: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def scores(self) -> dict[str, int]:
        return {name: p.score for name, p in self.players.items()}

    @property
    def points_only(self) -> bool:
        """The whole hand was counted on paper (I-6)."""
        return all(p.points_only for p in self.players.values())

    def as_json(self) -> dict:
        return {
            "scores": self.scores,
            "won": self.won,
            "ended": self.ended,
            "points_only": self.points_only,
            "context": self.context,
            "notes": self.notes,
            "players": {n: p.as_json() for n, p in self.players.items()},
        }
