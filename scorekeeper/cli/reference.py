"""The command-line reference, docs/cli.md, made from the program's own ``--help``.

``python -m scorekeeper.cli.reference`` writes it (``--check`` only says whether
the file is up to date, exit 1 if not); ``tests/test_cli_reference.py`` fails
while the committed page differs from what the program says. Every command and
group is walked from the app, so a command added later appears without touching
this module. The help is made in English, 80 columns wide, without colour,
whatever the machine's language or terminal.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator

#: where the page lives, from the repository's root
PAGE = Path("docs/cli.md")
#: the command that writes it, as the stale-page test names it
REGENERATE = "python -m scorekeeper.cli.reference"
WIDTH = 80


def commands(command, ctx) -> Iterator[tuple[list[str], object]]:
    """``(path, click context)`` for ``command`` and every command and group under it, in
    the order ``--help`` lists them; ``path`` is the words after ``scorekeeper``."""
    import typer

    yield ctx.command_path.split()[1:], ctx
    if hasattr(command, "list_commands"):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            yield from commands(sub, typer.Context(sub, info_name=name, parent=ctx, **sub.context_settings))


def text() -> str:
    """The whole page (Markdown): a list of the commands, then each one's ``--help`` as the
    program prints it in English. The help texts themselves are made in the language spoken
    when the command line was imported (:func:`main` sees to English)."""
    from scorekeeper.cli import language

    with language.speaking("en"):  # the frame words (Usage, Options…) are said as the help is made
        return _page()


def _page() -> str:
    import typer
    from typer.main import get_command

    from scorekeeper.cli import app

    root = get_command(app)
    # click leaves two columns free on a terminal: what an 80-column terminal shows
    ctx = typer.Context(root, info_name="scorekeeper", terminal_width=WIDTH - 2, max_content_width=WIDTH - 2,
                        **root.context_settings)
    found = list(commands(root, ctx))
    lines = [
        "# Command-line reference",
        "",
        "Every command's `--help`, as the program prints it. This page is generated: after",
        f"changing a command or an option, run `{REGENERATE}` (a test fails while it",
        "is stale). `scorekeeper help COMMAND` shows the same on your terminal, in your language.",
        "",
    ]
    for path, _ in found:
        name = " ".join(["scorekeeper", *path])
        lines.append(f"- [`{name}`](#{'-'.join(['scorekeeper', *path])})")
    for path, command_ctx in found:
        lines += ["", f"## {' '.join(['scorekeeper', *path])}", "", "```text"]
        lines += [line.rstrip() for line in command_ctx.get_help().splitlines()]
        lines.append("```")
    return "\n".join(lines) + "\n"


def _in_english() -> None:
    """Run this module again with English chosen, if the machine's language is another: the
    help texts are made, in the chosen language, when the command line is imported."""
    from scorekeeper.cli import language

    if language.spoken() != "en":
        env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
        env["SCOREKEEPER_LANG"] = "en"
        os.execve(sys.executable, [sys.executable, "-m", "scorekeeper.cli.reference", *sys.argv[1:]], env)


def main(argv: list[str] | None = None) -> int:
    """Write docs/cli.md under the current directory's repository (``--check``: only compare).
    Returns the exit status: 0 written or up to date, 1 stale (with ``--check``)."""
    args = sys.argv[1:] if argv is None else argv
    _in_english()
    root = Path(__file__).resolve().parents[2]
    page = root / PAGE
    made = text()
    if "--check" in args:
        if page.exists() and page.read_text(encoding="utf-8") == made:
            return 0
        sys.stderr.write(f"{PAGE} is stale: run {REGENERATE}\n")
        return 1
    page.parent.mkdir(exist_ok=True)
    page.write_text(made, encoding="utf-8")
    sys.stdout.write(f"wrote {page}\n")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("_TYPER_FORCE_DISABLE_TERMINAL", "1")
    sys.exit(main())
