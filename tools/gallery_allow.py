"""The Latin words a translated screen of the gallery may show (tools/gallery.py): what people type
as is in every language (SPEC §7: ids, option names and values, hand-file keys, the one-line
words), card letters, and names that are not translated. Everything else in Latin letters on a
Ukrainian, Russian or Belarusian screen is English left.

The typed words are read from the program itself where it lists them (its commands, the variants
and their aliases, every option's key and allowed values), so a new command or option is allowed
as soon as it exists; the rest is listed here.
"""
from __future__ import annotations

import re

#: typed as is, or a name: the one-line words, hand-file keys, formats, key names, programs
FIXED = {
    # the program and its languages
    "scorekeeper", "en", "uk", "ru", "be",
    # the words of the one-line form and the answers' English twins (SPEC §7: a language accepts its
    # own beside them, and the refusals name both)
    "knock", "out", "stock", "big", "up", "low", "high", "all", "nobody", "cut", "y", "yes", "n", "no",
    "down", "none",
    # hand-file keys and the fields of an export (typed in a file as is)
    "players", "melds", "layoffs", "hand", "table", "cards", "points", "went_out", "knocked", "stock_exhausted",
    "player", "dealer",
    # the keys of a hand file and the words of a part that only some variants take (Indian Rummy's deal:
    # its wild rank, a drop, a wrong show; Canasta's red threes and a concealed going out)
    "wild", "drop", "wrong", "first", "middle", "show", "concealed", "r3",
    # the gallery's variants from elsewhere (tools/gallery_triggers.py: Tens, a test's plugin, and the
    # ids its twins declare): names as their packages give them
    "tens", "Tens", "twos",
    # formats and standards, written so in every language
    "JSON", "TOML", "CSV", "HTML", "html", "UTF", "UTC", "ISO", "ID", "id", "json", "toml", "csv", "md", "Markdown", "QR",
    "ASCII", "TV", "LAN", "IP", "HTTP", "PNG", "SVG", "PDF",
    # a network's names and an HTTP server's words: a host typed as is, Wi-Fi, the methods a page answers
    "localhost", "Wi", "Fi", "GET", "HEAD",
    # environment variables and programs named by them
    "PAGER", "LESS", "TERM", "COLUMNS", "HOME",
    # the demo's players (a bundled game: names are never translated)
    "Ann", "Bob", "Cy",
    # the presets' option
    "preset",
    # the tiebreaks a season takes (season --tiebreak wins,average,head-to-head: typed as is)
    "wins", "average", "head",
    # JSON's own words, as a file is typed
    "null", "true", "false", "upcard",
    # keys
    "Ctrl", "Enter", "Tab", "TAB", "Esc", "Shift",
    # variant names as the rule books write them (the Belarusian rule book's own name; bicycle and
    # liverpool are presets' names, typed)
    "Crazy", "Rummy",
    # the joker typed in Latin letters, and the Latin card letters a sentence teaching both notations shows
    "JK",
    # programs and systems
    "bash", "zsh", "fish", "PowerShell", "less", "more", "Chromium", "Linux", "Windows", "macOS", "pip",
}

#: a card typed in Latin letters (7H, QS, 10D, TC, JK=7H, AS:low)
CARD = re.compile(r"\b(?:[AKQJT]|10|[2-9])[SHDC]\b|\bJK\b")


def typed_words() -> set[str]:
    """The words the program itself says are typed: commands and groups, variant ids and aliases,
    rule option keys and their allowed values, presets."""
    import typer

    from scorekeeper.cli import app
    from scorekeeper.core.variants import every_variant

    words: set[str] = set()
    commands: set[str] = set()
    root = typer.main.get_command(app)
    ctx = root.make_context("scorekeeper", ["--help"], resilient_parsing=True)

    def walk(group, ctx) -> None:
        for name in group.list_commands(ctx):
            words.update(re.findall(r"[A-Za-z]+", name))
            command = group.get_command(ctx, name)
            if command is not None and hasattr(command, "list_commands"):
                walk(command, command.make_context(name, ["--help"], parent=ctx, resilient_parsing=True))

    walk(root, ctx)
    commands = set(words)
    from scorekeeper.app import settings

    for key in getattr(settings, "KEYS", ()):  # the configuration's keys (config set KEY …)
        words.update(re.findall(r"[A-Za-z]+", key))
    for variant_id, variant in every_variant().items():
        words.update(re.findall(r"[A-Za-z]+", variant_id))
        VARIANT_IDS.add(variant_id)
        for alias in getattr(variant, "aliases", ()) or ():
            words.update(re.findall(r"[A-Za-z]+", alias))
        for option in getattr(variant, "options", ()) or ():
            key = getattr(option, "key", None)
            if key:
                words.update(re.findall(r"[A-Za-z]+", key))
            for value in [*(getattr(option, "choices", None) or ()), getattr(option, "default", None)]:
                words.update(re.findall(r"[A-Za-z]+", str(value)))
        for key in getattr(getattr(variant, "codec", None), "keys", ()) or ():  # a player's part in a hand file
            words.update(re.findall(r"[A-Za-z]+", key))
        for preset in (getattr(variant, "presets", None) or {}):
            words.update(re.findall(r"[A-Za-z]+", preset))
    return words, commands


#: the variants' ids (a word before a variant's name in parentheses is its id: "gin (Джин ремі)")
VARIANT_IDS: set[str] = set()


def typed_spans(text: str) -> str:
    """The parts of ``text`` where words stand as typed (:data:`TYPED`, and a variant's id before
    its name in parentheses)."""
    spans = [m.group() for m in TYPED.finditer(text)]
    spans += [m.group(1) for m in re.finditer(r"\b([a-z][\w-]*)(?: \(|:)", text) if m.group(1) in VARIANT_IDS]
    return " ".join(spans)


_allowed: tuple[set[str], set[str]] | None = None


def allowed() -> tuple[set[str], set[str]]:
    """``(anywhere, typed)``: the words allowed on any line, and those allowed where they stand as
    typed (:func:`typed_spans`) — ids, option keys and values, commands — which in a sentence's
    words would be English left ("у gin", "modern" in an explanation)."""
    global _allowed
    if _allowed is None:
        typed, commands = typed_words()
        _allowed = (FIXED | commands, typed | {"true", "false"})
    return _allowed


#: where a word stands as typed: after an option (--rule KEY=VALUE, --variant gin), in a command
#: line (scorekeeper new gin …), first on a line before a dash (rules: "gin — Джин ремі"), first in
#: parentheses ("(rummy500, партія …)"), in a list of aliases or values after a colon or "also"
TYPED = re.compile(
    r"--?[A-Za-z][\w-]*(?:[ =][\w.,+-]+)?"
    r"|\bscorekeeper(?: [\w.+=-]+)*"
    r"|^\s*[\w-]+(?= — )"
    r"|\((?:[a-z0-9-]+)(?=[,;)])"
    r"|(?:також|также|таксама|also)\s+[\w-]+(?:,\s*[\w-]+)*"
    r"|\b[\w-]+(?:,\s*[\w-]+)*\s+(?:або|или|ці|or)\s+[\w-]+"
    r"|\b[\w-]+(?= — )"
    r"|:\s*[\w-]+\)"
    r"|\b\w+ = \S+"
    r"|\b[\w-]+(?:,\s*[\w-]+)+[,.;]?\s*$"
    r"|(?:можливо|возможно|может быть|магчыма|perhaps|maybe),?\s+[\w-]+(?=\?)"
    r"|\b[\w-]+(?:,\s*[\w-]+){2,}"
    r"|\b[a-z][\w-]*(?=[,;] ?)"
    r"|\b[a-z][\w-]*(?=: )"
    r"|(?:пресет\w*|preset\w*|прэсэт\w*|параметр\w*)\s+[\w-]+(?:\s+(?:і|и|and|та)\s+[\w-]+)?"
    r"|\bconfig(?:\s+(?:get|set|unset))?\s+\w+"
    r"|(?:команд\w*|каманд\w*|command)\s+[\w-]+")


def table_row(line: str) -> bool:
    """A row of a table: columns set apart by three spaces or more."""
    return bool(re.search(r"\S {2,}\S", line))


#: English left on a translated screen that is known and not fixed yet, by screen and the words the
#: check found there (the same in uk, ru and be): the native read of the gallery decides each
#: (issue 32). A new screen or a new word is never here, so the check still fails on it; one
#: fixed is taken out.
LEFT: set[tuple[str, str]] = set()
