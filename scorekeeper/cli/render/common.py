"""Pieces every screen uses: signed numbers, the session heading, table measures."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.core.cards import RANKS
from scorekeeper.core.messages import join, pgettext, rank_letter, render, say, say_count


def signed(n: int | None) -> str:
    if n is None:
        return ""
    return f"+{n}" if n > 0 else str(n)


def wild_words(wild: str) -> str:
    """``"7"`` → ``"sevens are wild"`` (the rank wild in a deal), in the spoken language."""
    return render(f"wild.rank.{RANKS.index(wild) + 1}", {})


def variant_of(doc: dict):
    """The variant a document is about (``variant``, or its standings' ``variant``): its
    declared facts decide what a screen shows, never its id. A session whose variant is not
    installed (the document's ``waiting``) is shown with its stand-in: the shared defaults."""
    waiting = doc.get("waiting") or (doc.get("standings") or {}).get("waiting")
    if waiting:
        from scorekeeper.core.absent import stand_in

        return stand_in(waiting["variant"], False)
    from scorekeeper.core.variants import get_variant

    return get_variant(doc["variant"] if "variant" in doc else doc["standings"]["variant"])


def rank_said(rank: str) -> str:
    """``"A"`` (a rank as a document writes it) → its letter in the spoken language (``Т`` in Ukrainian);
    ``"JK"`` (a printed joker cut: Indian Rummy's aces wild) → the joker as the language writes it (``Дж``)."""
    if rank not in RANKS:
        from scorekeeper.core.messages import pgettext

        return pgettext("card", "JK") if rank == "JK" else str(rank)
    return rank_letter(RANKS.index(rank) + 1)


def player_range(players: dict) -> str:
    """How many play a variant (``{"min": 2, "max": 6}``): ``2–6``, or ``2`` when it is one number."""
    low, high = players["min"], players["max"]
    return str(low) if low == high else f"{low}–{high}"


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
        name.append(" " + say("screen.common.variant_session_in_brackets", variant=doc["variant"], session=doc["session"]),
                    style="dim")
    else:
        name.append(say("screen.common.variant_session_session", variant=doc["variant"], session=doc["session"]))
    t.print(name)


def natural_width(t: Any, renderable: Any) -> int:
    """How wide ``renderable`` is when nothing has to wrap."""
    return t.out.measure(renderable, options=t.out.options.update_width(1_000_000)).maximum


def column_widths(t: Any, drawn: Any) -> list[tuple[int, int]]:
    """Each column of ``drawn`` (a rich Table): how narrow it can be without breaking
    a word and how wide it is when nothing wraps, its padding left out (its
    ``min_width`` counted), for :func:`table_width`."""
    options = t.out.options.update_width(1_000_000)
    return [column_range(t.out, options, drawn, c) for c in drawn.columns]


def _padding(drawn: Any, index: int) -> int:
    """The padding the cells of column ``index`` of ``drawn`` get, left and right (a rich
    Table's own rule: no padding at the outer edges without ``pad_edge``)."""
    top, right, bottom, left = drawn.padding
    if drawn.collapse_padding:
        left, right = 0, abs(left - right)
    if not drawn.pad_edge:
        left = 0 if index == 0 else left
        right = 0 if index == len(drawn.columns) - 1 else right
    return left + right


def column_range(console: Any, options: Any, drawn: Any, column: Any) -> tuple[int, int]:
    """How narrow column ``column`` of ``drawn`` (a rich Table) can be without breaking a
    word, and how wide it is when nothing wraps, its padding left out: its cells (heading,
    rows, footer) measured with rich's public ``Measurement.get``, within the column's
    ``width``, ``min_width`` and ``max_width``."""
    from rich.measure import Measurement

    if column.width is not None:
        return column.width, column.width
    cells = ([column.header] if drawn.show_header else []) + list(column.cells) + (
        [column.footer] if drawn.show_footer else [])
    measured = [Measurement.get(console, options, cell) for cell in cells]
    low = max((m.minimum for m in measured), default=1)
    high = max((m.maximum for m in measured), default=options.max_width)
    if column.min_width is not None:
        low, high = max(low, column.min_width), max(high, column.min_width)
    if column.max_width is not None:
        low, high = min(low, column.max_width), min(high, column.max_width)
    return low, high


def table_width(columns: list[tuple[int, int]], gap: int, narrowest: bool = False) -> int:
    """How wide a :func:`table` with ``padding=(0, gap)`` of these ``columns``
    (:func:`column_widths`) is: when nothing wraps (its :func:`natural_width`), or, with
    ``narrowest``, the least :func:`fit_columns` gives it (no word broken)."""
    n = len(columns)
    pads = [gap * ((i > 0) + (i < n - 1)) for i in range(n)]  # no padding at the outer edges
    return sum((max(low, 1) if narrowest else high) + pad for (low, high), pad in zip(columns, pads)) + n - 1


def for_deal_word(word: str, round: str, deal: str, hand: str) -> str:
    """Of three message codes, the one for the variant's word for a deal (``word``:
    "round", "deal" or "hand", see :func:`deal_word_of`)."""
    return round if word == "round" else deal if word == "deal" else hand


def deal_word_of(doc: dict) -> str:
    """The variant's word for one deal ("hand", "round" as Carousel's and Crazy Rummy's rule
    books say, "deal" as Contract Rummy's) for ``doc``, a document naming its ``variant`` id or
    giving its ``deal_word``; "hand" for a variant that cannot be loaded."""
    if doc.get("deal_word"):
        return doc["deal_word"]
    from scorekeeper.core.variants import get_variant

    try:
        return get_variant(doc["variant"]).deal_word
    except Exception:  # no variant named, or one that cannot be loaded: its deals are hands
        return "hand"


def deal_number(doc: dict) -> int:
    """The number people see for the hand ``doc`` is about: its ``deal_number`` (the deal or round
    of the game, made in one place, ``GameSetup.round_of``: deal 5 in a game continued from paper at
    deal 5), else its ``number``."""
    return doc.get("deal_number") or doc["number"]


def counts_rounds(doc: dict) -> bool:
    """Whether the variant of ``doc`` (a document naming its ``variant`` id, or giving its
    ``deal_word``) calls a deal a round, as Carousel's and Crazy Rummy's rule books do."""
    return deal_word_of(doc) == "round"


def winners_line(winners: list[str], hands: int | None = None, rounds: bool | str = False,
                 split: bool = False) -> Text:
    """``Game over: Ann wins.``, or ``Game over: Ann wins after 12 hands.`` (rounds, with ``rounds``
    True or "round"; deals with "deal": the variant's word for a deal, :func:`deal_word_of`); a side of
    several players wins in the plural, as several players do (``Ann & Cy win``). ``split``: the
    players left ended the game by agreement and share it (``Game over: Ann and Bob split the pool
    after 3 deals.``)."""
    one = len(winners) == 1 and len(getattr(winners[0], "players", ()) or (winners[0],)) == 1
    if split and hands is not None:  # only Indian Rummy's pools are split, and its deals are deals
        text = ("screen.common.game_over_split_after_deals", hands)
    elif hands is None:
        text = ("screen.common.game_over_names_win", 1 if one else max(2, len(winners)))
    elif rounds == "deal":
        text = (("screen.common.game_over_names_wins_after_deals", hands) if one else
                ("screen.common.game_over_names_win_after_deals", hands))
    elif rounds is True or rounds == "round":
        text = (("screen.common.game_over_names_wins", hands) if one else
                ("screen.common.game_over_names_win_after", hands))
    else:
        text = (("screen.common.game_over_names_wins_after", hands) if one else
                ("screen.common.game_over_names_win_after_hands", hands))
    return Text(say_count(*text, names=names(winners), hands=hands), style="bold green")


def fit_columns(t: Any, drawn: Any) -> bool:
    """Give ``drawn`` (a rich Table drawn with :func:`table`) column widths that fit the
    terminal without breaking a word: the widest columns give way first, none below
    its longest word (rich alone would cut words to fit). Returns False, setting
    nothing, when even the longest words do not fit side by side."""
    console = t.out
    options = console.options.update_width(1_000_000)
    columns = list(drawn.columns)
    pads = [_padding(drawn, i) for i in range(len(columns))]
    ranges = [column_range(console, options, drawn, c) for c in columns]
    widths = [high + p for (low, high), p in zip(ranges, pads)]
    mins = [max(low + p, p + 1) for (low, high), p in zip(ranges, pads)]
    available = console.width - (len(columns) - 1 if drawn.box is not None else 0)
    if sum(widths) <= available:
        # the widths rich would measure again when drawing it: given, so no cell is measured twice
        for c, (low, high) in zip(columns, ranges):
            c.width = high
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


def fits(t: Any, drawn: Any) -> bool:
    """Whether ``drawn`` (a rich Table drawn with :func:`table`) fits the terminal with
    nothing wrapped (its :func:`natural_width` at most the terminal's width). When it does,
    its columns are given the widths measured, so that drawing it measures no cell again;
    when it does not, nothing is set."""
    console = t.out
    options = console.options.update_width(1_000_000)
    columns = list(drawn.columns)
    ranges = [column_range(console, options, drawn, c) for c in columns]
    width = sum(high + _padding(drawn, i) for i, (low, high) in enumerate(ranges))
    if width > console.width - (len(columns) - 1 if drawn.box is not None else 0):
        return False
    for c, (low, high) in zip(columns, ranges):
        c.width = high
    return True


def split(items: list, count: int) -> list[list]:
    """``items`` in ``count`` runs of about as many each, in order, the longer runs first:
    ``split([1, 2, 3, 4, 5], 2)`` → ``[[1, 2, 3], [4, 5]]``."""
    size, longer = divmod(len(items), count)
    runs, start = [], 0
    for i in range(count):
        end = start + size + (1 if i < longer else 0)
        runs.append(items[start:end])
        start = end
    return runs


def plain(cell: str) -> str:
    """A name or title as one line of plain text: line breaks and tabs become spaces, other
    control characters are shown as their escapes (``\\u001b``: seen, never acted on), so the
    cell is measured as it is drawn."""
    if cell.isprintable():  # nearly always: nothing to do (told in C, a thousand rows in no time)
        return cell
    from scorekeeper.core.shown import escaped

    return escaped(cell.replace("\n", " ").replace("\r", " ").replace("\t", " "))


def records(t: Any, heads: tuple[str, ...] | list[str], rows: list, marks: list[str] | None = None) -> None:
    """Rows too wide for a table, each as lines of its own: a column's heading, then
    its value, folded between words (only a word wider than the terminal is broken);
    an empty value is left out, a blank line comes between rows. ``marks`` (one a row,
    ``*`` or empty) go before each row's first line. Plain text, drawn in
    milliseconds however many rows there are."""
    from rich.cells import cell_len

    gutter = 2 if marks else 0
    label = max(cell_len(h) for h in heads)
    indent = gutter + label + 3
    room = max(t.out.width - indent, 1)
    out = Text(no_wrap=True, overflow="ignore")
    for n, row in enumerate(rows):
        if n:
            out.append("\n")
        first = True
        for head, value in zip(heads, row):
            value = plain(str(value))
            if not value:
                continue
            for k, line in enumerate(Text(value).wrap(t.out, room, overflow="fold")):
                if gutter:
                    out.append((marks[n] if first else "").ljust(gutter))
                if k == 0:
                    out.append(head + " " * (label - cell_len(head)), style="bold")
                    out.append("   ")
                else:
                    out.append(" " * (label + 3))
                line.rstrip()
                out.append_text(line)
                out.append("\n")
                first = False
    out.rstrip()
    t.out.print(out, crop=False)
