"""Sharing results: export, import, stats, chart (SPEC §5)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from typing_extensions import Annotated

from scorekeeper.cli import complete
from scorekeeper.cli.terminal import DbOpt, JsonOpt, SessionOpt, handle_errors, store, terminal
from scorekeeper.core.errors import InputError, StoreError

AllOpt = Annotated[bool, typer.Option("--all", "-a", help="Every session in the database.")]
FormatOpt = Annotated[
    Optional[str],
    typer.Option("--format", help="json (everything, for import), csv (one row per player per hand) or md "
                                  "(Markdown to paste in a chat); default: from the -o extension, else json.",
                 show_default=False),
]
OutputOpt = Annotated[
    Optional[Path],
    typer.Option("--output", "-o", help="Write to this file (atomically) instead of standard output.",
                 show_default=False),
]
ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite the -o file if it exists.")]


def export_format(given: str | None, output: Path | None) -> str:
    """The export format: as given, else implied by the -o extension, else json.

    Raises :class:`InputError` for anything but json, csv and md.
    """
    from scorekeeper.app.exporting import EXTENSIONS, FORMATS

    if given is None:
        return EXTENSIONS.get(output.suffix.lower(), "json") if output is not None else "json"
    fmt = given.strip().lower()
    fmt = {"markdown": "md"}.get(fmt, fmt)
    if fmt not in FORMATS:
        raise InputError(f'"{given}" is not an export format: use json, csv or md.')
    return fmt


def write_output(path: Path, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` atomically. An existing file needs ``force``
    (:class:`InputError`, exit 2); a file that cannot be written is a
    :class:`StoreError` (exit 1)."""
    from scorekeeper.storage.store import atomic_write_text

    if not force and (path.exists() or path.is_symlink()):
        raise InputError(f"{path} already exists: add --force to overwrite it.")
    import os

    try:
        mode = path.stat().st_mode & 0o777 if path.is_file() else None
    except OSError:
        mode = None
    try:
        atomic_write_text(path, text)
    except OSError as e:
        raise StoreError(f"{path} cannot be written ({e.strerror or e}).") from None
    # the temporary file was private (0600); an export is an ordinary file: keep the old
    # file's mode, or give what a new file gets under the user's umask
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        os.chmod(path, mode)
    except OSError:
        pass


def read_import_file(name: str) -> str:
    """The text of the file to import (``-``: standard input). Raises :class:`InputError`."""
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"The file {name} does not exist.") from None
    except IsADirectoryError:
        raise InputError(f"{name} is a directory, not an export file.") from None
    except UnicodeDecodeError:
        raise InputError(f"{name} is not a scorekeeper export: it is not UTF-8 text.") from None
    except OSError as e:
        raise InputError(f"The file {name} cannot be read ({e.strerror}).") from None


def register(app: typer.Typer) -> None:
    @app.command("export")
    @handle_errors
    def export(
        session: SessionOpt = None,
        all_: AllOpt = False,
        format_: FormatOpt = None,
        output: OutputOpt = None,
        force: ForceOpt = False,
        db: DbOpt = None,
    ) -> None:
        """Export one session (default: the current one) or --all, as json, csv or md.

        JSON holds everything (setup, rules, hands as entered, undo and audit
        trail) and reads back with scorekeeper import. Without -o the export is
        printed on standard output.

        \b
        Examples:
          scorekeeper export --all --format json -o club.json
          scorekeeper export --format md
          scorekeeper export --all --format csv -o season.csv --force
        """
        from scorekeeper.app import exporting
        from scorekeeper.storage.store import now

        if all_ and session is not None:
            raise InputError("Give either --session or --all, not both.")
        if output is not None and str(output) == "-":
            output = None
        fmt = export_format(format_, output)
        if output is not None and not force and (output.exists() or output.is_symlink()):
            raise InputError(f"{output} already exists: add --force to overwrite it.")
        st = store(db)
        if all_:
            ids = [s["id"] for s in st.summaries()]
            if not ids:
                raise InputError("There are no sessions to export: the database is empty.")
        else:
            ids = [st.resolve(session)]
        records = exporting.read_records(st, ids)
        stamp = now()
        if fmt == "json":
            text = exporting.export_json(records, stamp)
        else:
            boards = exporting.boards(records)
            text = exporting.export_csv(boards) if fmt == "csv" else exporting.export_markdown(boards, stamp)
        if output is None:
            sys.stdout.write(text)
            return
        write_output(output, text, force)
        n = len(records)
        sys.stderr.write(f"Exported {n} session{'s' if n != 1 else ''} as {fmt} to {output}.\n")

    @app.command("import")
    @handle_errors
    def import_(
        file: Annotated[str, typer.Argument(help="A file written by scorekeeper export --format json "
                                                 "(- reads standard input).", show_default=False)],
        skip_existing: Annotated[bool, typer.Option("--skip-existing", help="Skip sessions whose id is already "
                                                    "in the database (default: give them a new id).")] = False,
        json_: JsonOpt = False,
        db: DbOpt = None,
    ) -> None:
        """Read a JSON export back into the database, every session exactly as exported.

        Every session is checked by replaying its hands before anything is
        stored; a bad file stores nothing. A session whose id is already in the
        database gets a new id, or is skipped with --skip-existing.

        Example: scorekeeper import club.json
        """
        from scorekeeper.app import exporting

        label = "standard input" if file == "-" else file
        items = exporting.read_import(read_import_file(file), label)
        outcomes = exporting.import_sessions(store(db), items, skip_existing)
        t = terminal()
        if json_:
            return t.json({"imported": sum(o["action"] != "skipped" for o in outcomes),
                           "skipped": sum(o["action"] == "skipped" for o in outcomes), "sessions": outcomes})
        from rich.text import Text

        for o in outcomes:
            if o["action"] == "imported":
                t.print(Text(f"Imported session {o['id']}."))
            elif o["action"] == "renamed":
                t.print(Text(f"Imported session {o['id']} as {o['imported_as']} (its id was taken)."))
            else:
                t.print(Text(f"Skipped session {o['id']}: it is already in the database."))
        done = sum(o["action"] != "skipped" for o in outcomes)
        t.print(Text(f"{done} of {len(outcomes)} session{'s' if len(outcomes) != 1 else ''} imported."))

    @app.command()
    @handle_errors
    def stats(
        player: Annotated[Optional[str], typer.Option("--player", "-p", help="Only this player (name as typed).",
                                                      show_default=False,
                                                      autocompletion=complete.all_player_names)] = None,
        variant: Annotated[Optional[str], typer.Option("--variant", help="Only sessions of this variant.",
                                                       show_default=False,
                                                       autocompletion=complete.variant_names)] = None,
        json_: JsonOpt = False,
        db: DbOpt = None,
    ) -> None:
        """Across sessions: games, wins, win rate, average and best and worst hand, head to head.

        A game is a session with at least one hand. Win rate is wins over
        finished games. Head to head counts finished games in which the player
        ended ahead of, behind or level with each opponent (in Crazy Rummy the
        lower total is ahead).

        \b
        Examples:
          scorekeeper stats
          scorekeeper stats --player Ann --variant rummy500 --json
        """
        from scorekeeper.app import stats as stats_mod
        from scorekeeper.core.variants import get_variant

        vid = get_variant(variant).id if variant is not None else None
        st = store(db)
        from scorekeeper.app.exporting import boards, read_records

        records = read_records(st, [s["id"] for s in st.summaries()])
        games = [stats_mod.game_from_board(r, b) for r, b in boards(records)]
        terminal().show(stats_mod.compute(games, player, vid), json_, render_stats)

    @app.command()
    @handle_errors
    def chart(json_: JsonOpt = False, session: SessionOpt = None, db: DbOpt = None) -> None:
        """Each player's running total hand by hand, drawn in the terminal.

        One line per player, one block per hand, all on one scale that
        includes 0; readable without colour and when piped.

        Example: scorekeeper chart --session 3f9a
        """
        from scorekeeper.app import sessions
        from scorekeeper.cli import chart as chart_mod

        terminal().show(chart_mod.chart_json(sessions.load(store(db), session)), json_, chart_mod.render)


def _percent(rate: float | None) -> str:
    return "—" if rate is None else f"{round(rate * 100)}%"


def _hand(where: dict | None) -> str:
    if where is None:
        return "—"
    score = where["score"]
    return f"{'+' if score > 0 else ''}{score} ({where['session']} hand {where['hand']})"


def render_stats(t, doc: dict) -> None:
    """The stats tables: one row per player, then head to head."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    scope = Text("Statistics: ", style="bold")
    scope.append(f"{doc['sessions']} game{'s' if doc['sessions'] != 1 else ''}")
    if doc["variant"]:
        scope.append(f" of {doc['variant']}")
    t.print(scope)
    if not doc["players"] or not any(p["games"] for p in doc["players"]):
        t.print("No games to count yet (a game counts once it has a hand).")
        return
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Player", overflow="fold")
    for col in ("Games", "Finished", "Wins", "Win rate", "Hands", "Average"):
        table.add_column(col, justify="right")
    table.add_column("Best hand", overflow="fold")
    table.add_column("Worst hand", overflow="fold")
    for p in doc["players"]:
        table.add_row(Text(p["name"]), str(p["games"]), str(p["finished"]), str(p["wins"]),
                      _percent(p["win_rate"]), str(p["hands"]),
                      "—" if p["average"] is None else f"{p['average']:.2f}", _hand(p["best"]), _hand(p["worst"]))
    t.print(table)
    h2h = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, title="Head to head (finished games)",
                title_justify="left")
    h2h.add_column("Player", overflow="fold")
    h2h.add_column("Opponent", overflow="fold")
    for col in ("Games", "Finished", "Ahead", "Behind", "Level"):
        h2h.add_column(col, justify="right")
    for p in doc["players"]:
        for row in p["head_to_head"]:
            h2h.add_row(Text(p["name"]), Text(row["opponent"]), str(row["games"]), str(row["finished"]),
                        str(row["ahead"]), str(row["behind"]), str(row["level"]))
    if h2h.row_count:
        t.print()
        t.print(h2h)
