"""Sides on every screen: where players form sides of more than one (partnerships), the screens
show a side wherever a player's score would stand — a standings row, a history column, an
explanation, a panel on the board and the page, a line of the chart — named by its players
(``Ann & Cy``).

A document that holds ``sides`` (``standings``, ``hand``, ``history``, ``chart``, ``explain``,
``undo``'s question: each a list of ``{"players": [...], ...}``, as the application gives them
where the variant plays in sides) is turned here into the same document with a side in place of
each player: one row, column or score per side, keyed by the side's name, its figures those of its
players (partners have one score and one total). The screens then draw it as they draw players,
knowing nothing of sides. A document without sides, or whose sides are each one player, is given
back as it is.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence


def side_name(players: Sequence[str]) -> str:
    """A side as the screens name it: its players joined, ``Ann & Cy`` (names never declined)."""
    return " & ".join(players)


#: the mark of a document already turned to sides (a screen given one draws it as it is)
BY_SIDES = "by_sides"


def groups(doc: Mapping[str, Any] | None) -> list[list[str]] | None:
    """The sides ``doc`` (or its ``standings``) names, where one has more than one player: each a
    list of names, in the document's order; None where every player plays alone, or where ``doc``
    is already turned to sides."""
    if (doc or {}).get(BY_SIDES):
        return None
    for source in (doc or {}, (doc or {}).get("standings") or {}):
        sides = source.get("sides") if isinstance(source, Mapping) else None
        if sides:
            found = [list(s["players"]) for s in sides]
            return found if any(len(s) > 1 for s in found) else None
    return None


def _by_side(values: Mapping[str, Any] | None, sides: list[list[str]]) -> dict[str, Any]:
    """``values`` keyed by player (partners' alike) keyed by side: each side's value its first
    player's that is there."""
    values = values or {}
    out = {}
    for side in sides:
        found = next((p for p in side if p in values), None)
        if found is not None:
            out[side_name(side)] = values[found]
    return out


class SideName(str):
    """A side's name (``Ann & Cy``) that knows it names several players: a sentence about it says
    them in the plural ("Ann & Cy win")."""

    players: tuple[str, ...] = ()


def _names(names: Sequence[str], sides: list[list[str]]) -> list[str]:
    """Players named (winners, who won a hand) as the sides they play in, once each."""
    named = []
    for side in sides:
        if any(p in names for p in side):
            name = SideName(side_name(side))
            name.players = tuple(side)
            named.append(name)
    return named


def standings(doc: dict) -> dict:
    """A ``standings`` document with a row per side (its ``sides`` in rank order) in place of the
    players' rows; the winners named as their sides."""
    sides = groups(doc)
    if sides is None or "players" not in doc:
        return doc
    rows = [{**{k: v for k, v in s.items() if k != "players"}, "name": side_name(s["players"]),
             "players": list(s["players"])} for s in doc["sides"]]
    return {**doc, "players": rows, "winners": _names(doc.get("winners") or (), sides), BY_SIDES: True}


def hand(doc: dict) -> dict:
    """A ``hand`` (``edit``, the prompt's preview) document with a score and a total per side: its
    ``scores``, ``totals``, ``players`` (each side's explanation), ``won``, ``before`` (an edit's)
    and its ``standings``."""
    sides = groups(doc)
    if sides is None:
        return doc
    out = {**doc, "scores": _by_side(doc.get("scores"), sides), "totals": _by_side(doc.get("totals"), sides),
           BY_SIDES: True}
    if isinstance(doc.get("players"), dict):
        out["players"] = _by_side(doc["players"], sides)
    if doc.get("won") is not None:
        out["won"] = _names(doc["won"], sides)
    if doc.get("winners") is not None:
        out["winners"] = _names(doc["winners"], sides)
    if isinstance(doc.get("before"), dict):
        out["before"] = {k: _by_side(v, sides) if isinstance(v, dict) else v for k, v in doc["before"].items()}
    if isinstance(doc.get("standings"), dict):
        out["standings"] = standings(doc["standings"])
    return out


def history(doc: dict) -> dict:
    """A ``history`` document with a column per side: each hand's ``scores`` and ``totals``, who
    went ``out``, the ``carried`` row, the end ``bonus``, the final ``totals``, the ``winners`` and
    ``players`` (seat order) by side; its ``standings`` too."""
    sides = groups(doc)
    if sides is None:
        return doc
    hands = []
    for h in doc.get("hands") or ():
        out = h.get("out")
        hands.append({**h, "scores": _by_side(h.get("scores"), sides), "totals": _by_side(h.get("totals"), sides),
                      "out": _names([out], sides)[0] if out else out})
    out = {**doc, "hands": hands, "players": [side_name(side) for side in sides],
           "winners": _names(doc.get("winners") or (), sides), BY_SIDES: True}
    for key in ("carried", "bonus", "totals"):
        if isinstance(doc.get(key), dict):
            out[key] = _by_side(doc[key], sides)
    if isinstance(doc.get("standings"), dict):
        out["standings"] = standings(doc["standings"])
    return out


def chart(doc: dict) -> dict:
    """A ``chart`` document with a line per side."""
    sides = groups(doc)
    if sides is None:
        return doc
    lines = {p["name"]: p for p in doc.get("players") or ()}
    players = [{**lines[side[0]], "name": side_name(side)} for side in sides if side[0] in lines]
    return {**doc, "players": players, "winners": _names(doc.get("winners") or (), sides), BY_SIDES: True}


def explain(doc: dict) -> dict:
    """An ``explain`` document with one explanation per side (partners' lines are the side's), the
    end bonuses and the winners by side."""
    sides = groups(doc)
    if sides is None:
        return doc
    out = {**doc, "players": _by_side(doc.get("players"), sides), "won": _names(doc.get("won") or (), sides),
           "winners": _names(doc.get("winners") or (), sides), BY_SIDES: True}
    if isinstance(doc.get("end_bonus"), dict):
        out["end_bonus"] = _by_side(doc["end_bonus"], sides)
    return out


def taking_back(doc: dict) -> dict:
    """``undo``'s question with a row per side: its score, and each partner's entry on one line
    (``Ann: … · Cy: …``)."""
    sides = groups(doc)
    if sides is None:
        return doc

    def lines(given: Mapping[str, str]) -> dict[str, str]:
        out = {side_name(side): "  ·  ".join(f"{p}: {given[p]}" if len(side) > 1 else given[p]
                                             for p in side if given.get(p)) for side in sides}
        if given.get(""):
            out[""] = given[""]
        return out

    out = {**doc, "scores": _by_side(doc.get("scores"), sides), "lines": lines(doc.get("lines") or {}),
           BY_SIDES: True}
    if isinstance(doc.get("restored_lines"), dict):
        out["restored_lines"] = lines(doc["restored_lines"])
        out["restored_scores"] = _by_side(doc.get("restored_scores"), sides)
    return out


def named(values: Mapping[str, Any], doc: dict) -> dict[str, Any]:
    """``values`` keyed by player (who went out, at the prompt) keyed by the side of ``doc`` each
    player plays in, where there are sides."""
    sides = groups(doc)
    if sides is None:
        return dict(values)
    return {side_name(side): values[p] for side in sides for p in side if p in values}


def board(doc: dict | None) -> dict | None:
    """The ``board`` document (``watch``, ``serve``) with a panel, a line of the chart and a column
    of the history per side."""
    if not doc or groups(doc.get("standings")) is None:
        return doc
    out = {**doc, "standings": standings(doc["standings"]), "chart": chart(doc["chart"])}
    if isinstance(doc.get("history"), dict):
        out["history"] = history(doc["history"])
    return out
