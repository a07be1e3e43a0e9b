#!/usr/bin/env python3
"""docs/plugins.md's files and samples, made from examples/knock-rummy and by running its
commands (a developer's tool, not shipped in the package).

The tutorial shows every file of the example whole and what each command prints. So that none
of it can drift, the page says what makes each block with an HTML comment just before it:

``<!-- example-file: PATH -->``
    the fenced block after it is the file PATH (from the repository's root), whole.
``<!-- example-tree: FOLDER -->``
    the fenced block after it lists the files of FOLDER, as a tree.
``<!-- example-run: COMMAND -->`` (``<!-- example-run (exit N): COMMAND -->`` for a refusal)
    the fenced block after it is ``$ COMMAND`` and what the command printed, standard output
    then standard error; the command must end with that exit status (0 unless said).

The commands run as the tutorial has its reader run them: in a fresh virtual environment
where scorekeeper (this working tree) and a copy of the example are installed with
``pip install -e`` — offline: the environment reuses this one's libraries, and pip installs
the two packages alone (``--no-deps --no-build-isolation --no-index``) — each command in the
example's folder, in order, in a throw-away home (its database, configuration and cache; none
of this machine's settings), English, on a terminal 80 columns wide without colour.
``scorekeeper`` is the environment's console script, ``pytest`` and ``pybabel`` its Python's
``-m pytest`` and ``-m babel.messages.frontend``. Two things differ from run to run and are
made the same: a session's id, drawn at random, is shown as ``1a2b3c4d`` (the second as
``2b3c4d5e``…), and pytest's "in 0.52s" is left out.

    python tools/plugindoc.py            rewrite docs/plugins.md's files and samples
    python tools/plugindoc.py --check    exit 1, showing the difference, when one is stale
    python tools/plugindoc.py --files    only the files and the tree (no environment is made)

``tests/test_plugin_docs.py`` runs the check (the samples in a test marked slow).
"""
from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import shutil
import site
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "plugins.md"
EXAMPLE = ROOT / "examples" / "knock-rummy"
#: the command that rewrites the page, as a stale page's message names it
REGENERATE = "python tools/plugindoc.py"
#: what a page writes to say how a block is made
MARKER = re.compile(r"^<!-- example-(file|tree|run)(?: \(exit (\d+)\))?: (.+?) -->$")
FENCE = re.compile(r"^(`{3,})(.*)$")
#: the session ids the samples show, in the order the sessions were made
SHOWN_IDS = ("1a2b3c4d", "2b3c4d5e", "3c4d5e6f", "4d5e6f70")
#: what the copies of the sources leave out
SKIP = ("__pycache__", "build", "*.egg-info", ".pytest_cache", ".venv*", ".git")
COLUMNS, LINES = 80, 24
#: how long one command may take, in seconds (a loaded machine)
TIMEOUT = 300


class SampleError(Exception):
    """A block cannot be made: a marker without its block, a command that ended otherwise than
    the page says. Says the page's line."""


@dataclass
class Block:
    """A marked block of the page: its marker's line (0-based), kind, argument and exit status,
    and where its fenced text starts and ends (the lines between the fences)."""

    line: int
    kind: str
    argument: str
    status: int
    start: int
    end: int


def blocks(lines: list[str]) -> list[Block]:
    found = []
    for i, line in enumerate(lines):
        marked = MARKER.match(line)
        if marked is None:
            continue
        fence = FENCE.match(lines[i + 1]) if i + 1 < len(lines) else None
        if fence is None:
            raise SampleError(f"{PAGE.name}:{i + 1}: {line.strip()} is not followed by a fenced block")
        close = next((j for j in range(i + 2, len(lines)) if lines[j] == fence.group(1)), None)
        if close is None:
            raise SampleError(f"{PAGE.name}:{i + 2}: the fenced block is not closed")
        found.append(Block(i, marked.group(1), marked.group(3), int(marked.group(2) or 0), i + 2, close))
    return found


def file_text(path: str) -> list[str]:
    return (ROOT / path).read_text(encoding="utf-8").rstrip("\n").split("\n")


def tree(folder: str) -> list[str]:
    """The files of ``folder`` that git would keep (none of the build's or the caches'), as a tree."""
    base = ROOT / folder
    ignored = set(SKIP) | {"*.pyc"}

    def kept(path: Path) -> bool:
        return not any(path.match(p) or any(part == p for part in path.parts) for p in ignored)

    lines = [f"{base.name}/"]

    def walk(where: Path, prefix: str) -> None:
        items = sorted((p for p in where.iterdir() if kept(p.relative_to(base))), key=lambda p: (p.is_dir(), p.name))
        for n, item in enumerate(items):
            last = n == len(items) - 1
            lines.append(f"{prefix}{'└── ' if last else '├── '}{item.name}{'/' if item.is_dir() else ''}")
            if item.is_dir():
                walk(item, prefix + ("    " if last else "│   "))

    walk(base, "")
    return lines


# -- the environment the commands run in ------------------------------------------------------

def fresh_environment(where: Path) -> Path:
    """A virtual environment at ``where`` holding this environment's libraries but not
    scorekeeper (nor any plugin of it); returns its ``bin`` folder."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=TIMEOUT)
    [target] = list((where / "lib").glob("python3*/site-packages"))
    for folder in site.getsitepackages():
        for item in Path(folder).iterdir():
            name = item.name.lower()
            if name.startswith(("scorekeeper", "__editable__", "__pycache__", "_virtualenv", "distutils-precedence")) \
                    or (target / item.name).exists():
                continue
            (target / item.name).symlink_to(item)
    return where / "bin"


class Reader:
    """The reader's machine: a fresh environment with scorekeeper and a copy of the example
    installed with ``pip install -e``, a throw-away home, and the example's folder to run in."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="plugindoc-"))
        self.bin = fresh_environment(self.root / "env")
        self.plugin = self.root / "knock-rummy"
        shutil.copytree(EXAMPLE, self.plugin, ignore=shutil.ignore_patterns(*SKIP))
        installed = subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(self.bin / "python"), "install", "--quiet", "--no-deps",
             "--no-build-isolation", "--no-index", "-e", str(ROOT), "-e", str(self.plugin)],
            capture_output=True, text=True, timeout=TIMEOUT)
        if installed.returncode != 0:
            raise SampleError(f"pip install -e failed:\n{installed.stdout}{installed.stderr}")
        home = self.root / "home"
        home.mkdir()
        keep = ("PATH", "TMPDIR", "SYSTEMROOT")
        self.env = {k: v for k, v in os.environ.items() if k in keep}
        self.env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"),
                        XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"),
                        PATH=f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}", LANG="C.UTF-8",
                        PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="1")
        self.terminal = {"COLUMNS": str(COLUMNS), "LINES": str(LINES), "NO_COLOR": "1", "FORCE_COLOR": "1",
                         "TERM": "xterm-256color", "_TYPER_FORCE_DISABLE_TERMINAL": "1"}

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def command(self, line: str) -> tuple[list[str], dict[str, str]]:
        words = shlex.split(line)
        python = str(self.bin / "python")
        if words[0] == "scorekeeper":
            return [str(self.bin / "scorekeeper"), *words[1:]], {**self.env, **self.terminal}
        if words[0] == "pytest":
            return [python, "-m", "pytest", *words[1:]], {**self.env, "NO_COLOR": "1"}
        if words[0] == "pybabel":
            return [python, "-m", "babel.messages.frontend", *words[1:]], dict(self.env)
        raise SampleError(f"not a command the tutorial runs: {line!r}")

    def run(self, line: str) -> tuple[int, str]:
        """Run ``line`` in the example's folder: its exit status and what it printed."""
        cmd, env = self.command(line)
        done = subprocess.run(cmd, cwd=self.plugin, env=env, capture_output=True, text=True, timeout=TIMEOUT)
        return done.returncode, done.stdout + done.stderr

    def session_ids(self) -> list[str]:
        code, out = self.run("scorekeeper sessions --json")
        if code != 0:
            return []
        return [row["id"] for row in sorted(json.loads(out)["sessions"], key=lambda r: r["created"])]


def shown(text: str, reader: Reader) -> list[str]:
    """What a command printed, as the page shows it: the reader's folders left out, no spaces at
    the ends of lines, pytest's time left out."""
    text = text.replace(str(reader.plugin), "knock-rummy").replace(str(reader.root), "")
    text = re.sub(r" in \d+(?:\.\d+)?s( \(\d+:\d+:\d+\))?", "", text)
    return [line.rstrip() for line in text.rstrip("\n").split("\n")]


# -- the page ---------------------------------------------------------------------------------

def made(text: str, run: bool = True) -> str:
    """The page ``text`` with its marked blocks made again: the files and the tree always, the
    samples when ``run`` (else they are kept as they are)."""
    lines = text.split("\n")
    found = blocks(lines)
    fills: dict[int, list[str]] = {}
    runs = [b for b in found if b.kind == "run"]
    for b in found:
        if b.kind == "file":
            fills[b.line] = file_text(b.argument)
        elif b.kind == "tree":
            fills[b.line] = tree(b.argument)
    if run and runs:
        reader = Reader()
        try:
            outputs = {}
            for b in runs:
                code, out = reader.run(b.argument)
                if code != b.status:
                    raise SampleError(f"{PAGE.name}:{b.line + 1}: `{b.argument}` ended with exit status {code}, "
                                      f"not {b.status}:\n{out}")
                outputs[b.line] = out
            ids = reader.session_ids()
            for b in runs:
                out = outputs[b.line]
                for found_id, stand_in in zip(ids, SHOWN_IDS):
                    out = out.replace(found_id, stand_in)
                fills[b.line] = [f"$ {b.argument}", *shown(out, reader)]
        finally:
            reader.close()
    out: list[str] = []
    at = 0
    for b in found:
        if b.line not in fills:
            continue
        out += lines[at:b.start]
        out += fills[b.line]
        at = b.end
    out += lines[at:]
    return "\n".join(out)


def check(run: bool = True) -> str:
    """The difference between the page and what makes it ("" when it is current)."""
    text = PAGE.read_text(encoding="utf-8")
    new = made(text, run)
    if new == text:
        return ""
    return "".join(difflib.unified_diff(text.splitlines(keepends=True), new.splitlines(keepends=True),
                                        "docs/plugins.md", "made again"))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    run = "--files" not in args
    if "--check" in args:
        stale = check(run)
        if stale:
            sys.stderr.write(stale + f"\ndocs/plugins.md is stale: run {REGENERATE}\n")
            return 1
        return 0
    text = PAGE.read_text(encoding="utf-8")
    PAGE.write_text(made(text, run), encoding="utf-8")
    sys.stdout.write(f"wrote {PAGE}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
