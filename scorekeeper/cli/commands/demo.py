"""demo: a bundled real game recorded into a throw-away database."""
from __future__ import annotations

from pathlib import Path

import typer

from scorekeeper.cli.terminal import DbOpt, db_path, handle_errors, terminal


def demo_game() -> dict:
    """The bundled Rummy 500 game (scorekeeper/data/demo_rummy500.json)."""
    import json
    from importlib import resources

    text = resources.files("scorekeeper.data").joinpath("demo_rummy500.json").read_text(encoding="utf-8")
    return json.loads(text)


def register(app: typer.Typer) -> None:
    @app.command()
    @handle_errors
    def demo(db: DbOpt = None) -> None:
        """Play a bundled Rummy 500 game hand by hand into a throw-away database (or the one --db names).

        Example: scorekeeper demo
        """
        import tempfile

        from scorekeeper.storage.store import Store

        named = db_path(db)
        if named is None:
            with tempfile.TemporaryDirectory(prefix="scorekeeper-demo-") as tmp:
                _play(Store(Path(tmp) / "db"), throwaway=True)
        else:
            _play(Store(named), throwaway=False)


def _play(st, throwaway: bool) -> None:
    from rich.text import Text

    from scorekeeper.app import report, sessions

    from scorekeeper.cli import render

    t = terminal()
    game = demo_game()
    loaded = sessions.create(st, game["variant"], game["players"], game.get("rules", []), game.get("title"))
    t.print(Text(f"Demo: {game.get('title') or 'a game'} — {loaded.setup.variant.name}, "
                 f"{', '.join(loaded.setup.players)}, to {loaded.setup.rules['target']}.", style="bold"))
    where = "a throw-away database" if throwaway else str(st.root)
    t.print(Text(f"Recording {len(game['hands'])} hands into {where}.", style="dim"))
    for number, hand in enumerate(game["hands"], 1):
        t.print()
        for name, e in hand["players"].items():
            t.print(Text(f"  {name}: ").append(render.cards(_describe(e), t)))
        loaded, result = sessions.record_hand(st, None, hand, "file")
        render.hand_scores(t, report.hand_json(loaded, result, number), number)
    t.print()
    render.standings(t, report.standings_json(loaded))


def _describe(e: dict) -> str:
    from scorekeeper.core.cards import card_symbol, parse_cards

    def show(value) -> str:
        if isinstance(value, int):
            return f"{value} points"
        return " ".join(card_symbol(c) for c in parse_cards(value)) or "nothing"

    parts = []
    melds = e.get("melds") or []
    if isinstance(melds, str):
        melds = [m for m in melds.replace(";", ",").split(",") if m.strip()]
    if melds:
        parts.append("melded " + ", ".join(show(m) for m in melds))
    if e.get("layoffs"):
        parts.append("laid off " + show(e["layoffs"]))
    if "table" in e:
        parts.append(f"{e['table']} on the table")
    hand = e.get("hand")
    parts.append("went out" if hand in ("", []) else "holds " + show(hand))
    return "; ".join(parts)
