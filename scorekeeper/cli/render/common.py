"""Pieces every screen uses: signed numbers, the session heading, table measures."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.core.cards import RANKS, rank_plural


def signed(n: int | None) -> str:
    if n is None:
        return ""
    return f"+{n}" if n > 0 else str(n)


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def wild_words(wild: str) -> str:
    """``"7"`` → ``"sevens are wild"`` (a Crazy Rummy round's wild rank)."""
    return f"{rank_plural(RANKS.index(wild) + 1)} are wild"


def table(**options: Any):
    """The program's table look: a simple head rule, no edges (rich's tables are
    loaded only when one is drawn)."""
    from rich import box
    from rich.table import Table

    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, **options)


def heading(t: Any, doc: dict, title_prefix: str = "") -> None:
    """``Standings: Friday (rummy500, session 3f9a…)``."""
    name = Text(title_prefix, style="bold")
    if doc.get("title"):
        name.append(doc["title"])
        name.append(f" ({doc['variant']}, session {doc['session']})", style="dim")
    else:
        name.append(f"{doc['variant']}, session {doc['session']}")
    t.print(name)


def natural_width(t: Any, renderable: Any) -> int:
    """How wide ``renderable`` is when nothing has to wrap."""
    return t.out.measure(renderable, options=t.out.options.update_width(1_000_000)).maximum


def winners_line(winners: list[str], after: str = "") -> Text:
    """``Game over: Ann wins`` + ``after``."""
    line = Text("Game over: ", style="bold green")
    line.append(" and ".join(winners), style="bold")
    line.append(" win" if len(winners) > 1 else " wins", style="bold green")
    line.append(after)
    return line
