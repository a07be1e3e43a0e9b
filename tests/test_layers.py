"""Imports go downward only and make no cycle (imports inside functions and under
TYPE_CHECKING count): core <- storage <- app <- cli (SPEC's layers, issue 11); scorekeeper.api
is the core's face for variants (SPEC §8).

Every module of the package is parsed (not imported), so an import hidden inside a
function is seen like any other. The core includes core.messages and core.phrase;
scorekeeper.locale (the translation catalogs) stands beside the storage, over the core.
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"

#: Each top-level part of the package and the parts it may import (besides itself).
MAY_IMPORT = {
    "scorekeeper": set(),  # the package's __init__ (its version)
    "data": set(),
    # the variants built in (core.variants) may use the surface outside authors use, scorekeeper.api
    "core": {"scorekeeper", "api"},
    # the documented surface a variant may use: the core's rules, nothing of files or screens
    "api": {"scorekeeper", "core"},
    "storage": {"scorekeeper", "core"},
    "locale": {"scorekeeper", "core"},
    "app": {"scorekeeper", "core", "storage"},
    "cli": {"scorekeeper", "core", "app", "locale"},  # never the storage: the application stands between
    "__main__": {"scorekeeper", "cli"},
    # the pytest fixture that plays a game through the command line (loaded by pytest, never by the program)
    "testing": {"scorekeeper", "core", "cli"},
}

KNOWN_CYCLE: frozenset[str] = frozenset()  # none: the sentence maker imports no card or error type

#: The developers' tools (``python tools/catalogs.py``, ``python tools/reference.py`` …) read every
#: layer, the commands' help included; they live in tools/, beside the package, never in it, and
#: the package never imports them (nor anything only the ``test`` extra installs).
TOOLS_DIR = ROOT / "tools"
TOOLS = {path.stem for path in TOOLS_DIR.glob("*.py")}
#: what only the ``test`` extra (or a developer's machine) installs: the program never needs it to run
#: (scorekeeper.testing, the pytest plugin, is loaded by pytest: pytest is there)
DEVELOPERS_ONLY = {"babel", "pytest", "hypothesis", "pexpect", "selenium", "setuptools", "ruff", "_pytest"}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        found[".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")] = path
    return found


def _absolute(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if path.name != "__init__.py":
        parts = parts[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def import_graph() -> dict[str, dict[str, int]]:
    """``{module: {imported module: line}}`` for the package's own modules. ``from p import x``
    counts as importing ``p.x`` when that is a module, else ``p``. Parsed once per run (each
    caller gets its own copy): the tests only read it."""
    return {m: dict(targets) for m, targets in _parsed_graph().items()}


@functools.cache
def _parsed_graph() -> dict[str, dict[str, int]]:
    mods = modules()
    graph: dict[str, dict[str, int]] = {m: {} for m in mods}
    for m, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ImportFrom):
                base = _absolute(m, path, node)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for t in targets:
                while t and t not in mods:  # a name inside a module: the module
                    t = t.rpartition(".")[0]
                if t and t != m:
                    graph[m].setdefault(t, node.lineno)
    return graph


def part(module: str) -> str:
    names = module.split(".")
    return names[1] if len(names) > 1 else names[0]


def cycles(graph: dict[str, dict[str, int]]) -> list[set[str]]:
    """The strongly connected parts of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, edges = work[-1]
            w = next(edges, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(graph[w])))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(comp)
    return found


def test_the_graph_sees_imports_inside_functions():
    graph = import_graph()
    assert "scorekeeper.core.cards" in graph and "scorekeeper.cli.boundary" in graph
    # application.py imports the documents inside its methods only
    assert "scorekeeper.app.report" in graph["scorekeeper.app.application"]
    assert {"scorekeeper.core.messages"} <= set(graph["scorekeeper.core.errors"])  # inside `message`


def test_every_part_of_the_package_is_placed():
    assert {part(m) for m in modules()} <= set(MAY_IMPORT)


def test_imports_go_down_the_layers_only():
    graph = import_graph()
    upward = [f"{modules()[m].relative_to(ROOT)}:{line}: {m} imports {t}"
              for m, targets in sorted(graph.items()) for t, line in sorted(targets.items())
              if part(t) != part(m) and part(t) not in MAY_IMPORT[part(m)]]
    assert upward == []


def test_the_tools_are_beside_the_package_and_nothing_in_it_imports_them():
    assert {"catalogs", "reference"} <= TOOLS
    assert not (PACKAGE / "locale" / "catalogs.py").exists() and not (PACKAGE / "cli" / "reference.py").exists()
    found = [f"{m} imports {name}" for m, names in imported_names().items() for name in names
             if name.split(".")[0] in TOOLS | {"tools"}]
    assert found == []


def test_nothing_imports_the_pytest_plugin():
    graph = import_graph()
    assert [m for m, targets in graph.items() if "scorekeeper.testing" in targets] == []


def test_the_program_needs_nothing_of_the_test_extra_to_run():
    found = [f"{m} imports {name}" for m, names in imported_names().items() for name in names
             if name.split(".")[0] in DEVELOPERS_ONLY and not (m == "scorekeeper.testing" and name == "pytest")]
    assert found == []


def imported_names() -> dict[str, set[str]]:
    """``{module: every name it imports}`` (absolute, as written; relative ones left out), of the
    package's own modules, imports inside functions included."""
    found: dict[str, set[str]] = {}
    for m, path in modules().items():
        names = found.setdefault(m, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
    return found


def test_no_import_cycle():
    graph = import_graph()
    found = cycles(graph)
    unknown = [sorted(c) for c in found if not c <= KNOWN_CYCLE]
    assert unknown == [], "\n".join(
        " ; ".join(f"{m} -> {sorted(set(graph[m]) & c)}" for m in sorted(c)) for c in map(set, unknown))


def test_the_cycle_finder_finds_cycles():
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}, "e": {"e": 1}}
    graph["e"] = {}
    assert cycles(graph) == [{"a", "b", "c"}]
    assert cycles({"a": {"b": 1}, "b": {}}) == []


def test_no_test_finds_the_console_script_by_a_hard_coded_path():
    """Tests run the console script through conftest's ``exe`` / ``console_script()``, so
    they run wherever scorekeeper is installed, not only from a ``.venv`` in the tree."""
    venv = "." + "venv"
    for path in sorted((ROOT / "tests").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert f'"{venv}"' not in text and f"'{venv}'" not in text and f"/{venv}/" not in text, path
