"""Pieces every screen uses: signed numbers, the session heading, table measures."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.core.cards import RANKS
from scorekeeper.core.messages import _, join, ngettext, pgettext, rank_letter, render


def signed(n: int | None) -> str:
    if n is None:
        return ""
    return f"+{n}" if n > 0 else str(n)


def wild_words(wild: str) -> str:
    """``"7"`` → ``"sevens are wild"`` (a Crazy Rummy round's wild rank), in the spoken language."""
    return render(f"crazy.wild.{RANKS.index(wild) + 1}", {})


def rank_said(rank: str) -> str:
    """``"A"`` (a rank as a document writes it) → its letter in the spoken language (``Т`` in Ukrainian)."""
    return rank_letter(RANKS.index(rank) + 1)


def variant_name(name: str) -> str:
    """A variant's name (the English of the documents) as the spoken language's rule books write it."""
    return pgettext("variant", name)


def names(players: list[str]) -> str:
    """``Ann, Bob and Cy`` in the spoken language (names as typed)."""
    return join(players, "and")


def table(**options: Any):
    """The program's table look: a simple head rule, no edges (rich's tables are
    loaded only when one is drawn)."""
    from rich import box
    from rich.table import Table

    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, **options)


def heading(t: Any, doc: dict, title_prefix: str = "") -> None:
    """``Standings: Friday (rummy500, session 3f9a…)``. ``title_prefix`` is already
    in the spoken language (``_("Standings: ")``)."""
    name = Text(title_prefix, style="bold")
    if doc.get("title"):
        name.append(doc["title"])
        name.append(" " + _("({variant}, session {session})").format(variant=doc["variant"], session=doc["session"]),
                    style="dim")
    else:
        name.append(_("{variant}, session {session}").format(variant=doc["variant"], session=doc["session"]))
    t.print(name)


def natural_width(t: Any, renderable: Any) -> int:
    """How wide ``renderable`` is when nothing has to wrap."""
    return t.out.measure(renderable, options=t.out.options.update_width(1_000_000)).maximum


def winners_line(winners: list[str], hands: int | None = None) -> Text:
    """``Game over: Ann wins.``, or ``Game over: Ann wins after 12 hands.``"""
    if hands is None:
        text = ngettext("Game over: {names} wins.", "Game over: {names} win.", len(winners))
    else:
        text = (ngettext("Game over: {names} wins after {hands} hand.", "Game over: {names} wins after {hands} hands.",
                         hands) if len(winners) == 1 else
                ngettext("Game over: {names} win after {hands} hand.", "Game over: {names} win after {hands} hands.",
                         hands))
    return Text(text.format(names=names(winners), hands=hands), style="bold green")


def fit_columns(t: Any, drawn: Any) -> bool:
    """Give ``drawn`` (a rich Table drawn with :func:`table`) column widths that fit the
    terminal without breaking a word: the widest columns give way first, none below
    its longest word (rich alone would cut words to fit). Returns False, setting
    nothing, when even the longest words do not fit side by side."""
    console = t.out
    options = console.options.update_width(1_000_000)
    columns = list(drawn.columns)
    ranges = [drawn._measure_column(console, options, c) for c in columns]
    pads = []
    for i, c in enumerate(columns):
        # the padding a column's cells get (rich's own rule: no padding at the outer edges)
        top, right, bottom, left = drawn.padding
        if not drawn.pad_edge:
            left = 0 if i == 0 else left
            right = 0 if i == len(columns) - 1 else right
        pads.append(left + right)
    widths = [r.maximum for r in ranges]
    mins = [max(r.minimum, p + 1) for r, p in zip(ranges, pads)]
    available = console.width - (len(columns) - 1 if drawn.box is not None else 0)
    if sum(widths) <= available:
        return True
    if sum(mins) > available:
        return False
    while sum(widths) > available:
        excess = sum(widths) - available
        wide = max((i for i in range(len(widths)) if widths[i] > mins[i]), key=lambda i: widths[i])
        others = [w for j, w in enumerate(widths) if j != wide and w < widths[wide]]
        step = min(excess, widths[wide] - mins[wide], max(1, widths[wide] - max(others, default=0)))
        widths[wide] -= step
    for c, w, p in zip(columns, widths, pads):
        c.width = w - p
    return True
