"""No private name of another library (SPEC's rule, issue 18): nothing in scorekeeper/ (nor
in the tests and benchmarks) imports an underscore module of typer, click, rich, tinydb,
pydantic and the others, or reads, calls or patches an ``_underscore`` attribute that is not
one of our own.

"Our own" is every underscore name the code itself defines: a function, class or method
(``def _say``), a module-level or local name, an argument, or an attribute set on ``self``
or ``cls`` (``self._apps = {}``). Any other ``obj._name`` is another library's (or the
standard library's: the few public ones spelt with an underscore are listed)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the libraries whose underscore modules and names are theirs alone
LIBRARIES = {"typer", "click", "rich", "tinydb", "pydantic", "pydantic_core", "platformdirs", "filelock",
             "babel", "segno", "hypothesis", "pexpect", "selenium"}
#: public names of the standard library that start with an underscore (namedtuple's API, os._exit)
STANDARD_PUBLIC = {"_asdict", "_replace", "_fields", "_make", "_field_defaults", "_exit"}


def _own_names(trees) -> set[str]:
    """Every underscore name the code defines itself."""
    own: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                own.add(node.name)
            elif isinstance(node, ast.arg):
                own.add(node.arg)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                own.add(node.id)
            elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                  and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                own.add(node.attr)
            elif isinstance(node, ast.alias) and node.asname:
                own.add(node.asname)
    return own


def offenders(sources: dict[str, str], own_from: dict[str, str] | None = None) -> list[str]:
    """``"FILE:LINE what"`` for every use of another library's private name in ``sources``
    (``{file: text}``); our own names are those defined in ``own_from`` (default: the sources)."""
    trees = {name: ast.parse(text) for name, text in sources.items()}
    own = _own_names(trees.values() if own_from is None else (ast.parse(text) for text in own_from.values())) - {""}
    found = []
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                attr = node.attr
                if attr.startswith("_") and not attr.startswith("__") and attr not in own | STANDARD_PUBLIC:
                    found.append(f"{name}:{node.lineno} .{attr}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    if parts[0] in LIBRARIES and any(p.startswith("_") for p in parts):
                        found.append(f"{name}:{node.lineno} import {alias.name}")
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                parts = node.module.split(".")
                if parts[0] in LIBRARIES:
                    private = [a.name for a in node.names if a.name.startswith("_")]
                    if any(p.startswith("_") for p in parts) or private:
                        found.append(f"{name}:{node.lineno} from {node.module} import {', '.join(private) or '…'}")
    return found


def _sources(*folders: str) -> dict[str, str]:
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
            for folder in folders for path in sorted((ROOT / folder).rglob("*.py"))}


def test_no_private_name_of_another_library_is_used():
    every = _sources("scorekeeper", "tests", "benchmarks", "examples")
    assert offenders(every) == []


def test_the_check_finds_what_it_is_for():
    """The check fails on what was once in the code (typer's coercion and completion internals,
    typer.testing's command builder, rich's column measuring, click reached through typer's
    vendored package) and passes our own private names."""
    ours = '''
class Run:
    def __init__(self):
        self._apps = {}

    def app(self):
        return self._apps


def _say(text):
    return text
'''
    theirs = '''
import typer.testing
from typer import _coercion, _completion_classes, core
from typer._click.exceptions import UsageError
import rich._loop

_completion_classes._sanitize_help_text = str
typer.testing._get_command = lambda app: app
width = table._measure_column(console, column, options)
run = Run()
run._apps.clear()
_say("x")
'''
    found = offenders({"theirs.py": theirs, "ours.py": ours})
    assert sorted(line.split(" ", 1)[1] for line in found) == sorted([
        "from typer import _coercion, _completion_classes",
        "from typer._click.exceptions import …",
        "import rich._loop",
        "._sanitize_help_text",
        "._get_command",
        "._measure_column",
    ]), found
