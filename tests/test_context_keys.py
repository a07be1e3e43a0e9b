"""Nothing outside a variant's own modules asks a hand's ``context`` for a key of that variant.

A hand's ``context`` (:class:`scorekeeper.core.scoring.HandResult`) holds the facts its variant
worked out (Gin Rummy's kind of hand and deadwood, Crazy Rummy's wild rank, Contract Rummy's
contract …). The application, the storage, the command line and the shared rules read only the
keys every variant means the same by, :data:`~scorekeeper.core.scoring.COMMON_CONTEXT_KEYS`; the
rest reaches them through what the variant declares (``hand_facts``, ``screens``, ``tally``),
or through the common facts (a round's wild rank from ``wild_rank``).

Every module is parsed, not imported: a read is ``X["key"]``, ``X.get("key")`` or
``"key" in X`` where ``X`` is a context — a name ``context``, an attribute ``.context``,
``doc["context"]`` / ``doc.get("context")`` (``or {}`` after it too), or a name given one of those.
"""
from __future__ import annotations

import ast
from pathlib import Path

from scorekeeper.core.scoring import COMMON_CONTEXT_KEYS
from scorekeeper.core.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1] / "scorekeeper"


def _is_context(node: ast.AST, names: set[str]) -> bool:
    """Whether ``node`` is an expression giving a hand's context."""
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Attribute):
        return node.attr == "context"
    if isinstance(node, ast.BoolOp):  # doc.get("context") or {}
        return any(_is_context(v, names) for v in node.values)
    if isinstance(node, ast.Subscript):  # doc["context"]
        return isinstance(node.slice, ast.Constant) and node.slice.value == "context"
    if isinstance(node, ast.Call):
        f = node.func
        first = node.args[0] if node.args else None
        if isinstance(f, ast.Attribute) and f.attr == "get":  # doc.get("context")
            return isinstance(first, ast.Constant) and first.value == "context"
        if isinstance(f, ast.Name) and f.id == "getattr":  # getattr(result, "context", None)
            return len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value == "context"
        if isinstance(f, ast.Name) and f.id == "dict" and first is not None:  # dict(result.context)
            return _is_context(first, names)
    return False


def _context_names(tree: ast.AST) -> set[str]:
    """The names a module gives a context to (``context = doc.get("context") or {}``,
    ``ended, context = …, doc.get("context")``), besides ``context`` itself."""
    names = {"context"}
    changed = True
    while changed:
        changed = False
        for node in ast.walk(tree):
            pairs: list[tuple[ast.AST, ast.AST]] = []
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        pairs += list(zip(target.elts, node.value.elts))
                    else:
                        pairs.append((target, node.value))
            elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
                pairs.append((node.target, node.value))
            for target, value in pairs:
                if isinstance(target, ast.Name) and target.id not in names and _is_context(value, names):
                    names.add(target.id)
                    changed = True
    return names


def context_reads(source: str) -> list[tuple[int, str]]:
    """``(line, key)`` for every key read from a context in ``source`` (``"?"`` for a key that is
    not written out: it cannot be told common)."""
    tree = ast.parse(source)
    names = _context_names(tree)
    found = []

    def key(node: ast.AST | None) -> str:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else "?"

    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _is_context(node.value, names):
            found.append((node.lineno, key(node.slice)))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("get", "pop", "setdefault") and _is_context(node.func.value, names)):
            found.append((node.lineno, key(node.args[0] if node.args else None)))
        elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            if any(_is_context(c, names) for c in node.comparators):
                found.append((node.lineno, key(node.left)))
    return sorted(found)


def outside_the_variants() -> dict[str, list[tuple[int, str]]]:
    """``{path: reads}`` for every module that is no variant's own (a variant's module or package
    under core/variants may read its own context as it likes)."""
    own = tuple(p for v in VARIANTS for p in (f"core/variants/{v}.py", f"core/variants/{v}/"))
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if not where.startswith(own):
            out[where] = context_reads(path.read_text(encoding="utf-8"))
    return out


def test_only_the_common_context_keys_are_read_outside_a_variant():
    reads = outside_the_variants()
    wrong = [f"{where}:{line}: {key!r}" for where, found in reads.items() for line, key in found
             if key not in COMMON_CONTEXT_KEYS]
    assert wrong == []
    # the common keys are read where the screens name who went out or knocked: the check sees them
    assert {key for _, key in reads["app/report.py"]} >= {"out"}
    assert {key for _, key in reads["cli/render/disputes.py"]} >= {"out", "knock"}


def test_the_finder_sees_a_variants_key_read_every_way():
    source = (
        'wild = (h.get("context") or {}).get("wild")\n'
        'kind = result.context["kind"]\n'
        'c = doc["context"]\n'
        'c.get("deadwood")\n'
        'ended, ctx = doc.get("ended"), doc.get("context") or {}\n'
        'who = ctx[ended]\n'
        'if "school" in dict(result.context):\n'
        '    pass\n'
        'knocker = getattr(result, "context", None).get("knocker")\n'
        'fine = doc.get("wild")\n'  # a document's own key, not the context's
    )
    assert context_reads(source) == [(1, "wild"), (2, "kind"), (4, "deadwood"), (6, "?"), (7, "school"),
                                     (9, "knocker")]


def test_a_hand_of_crazy_rummy_says_its_round_and_wild_rank_as_common_facts(cli):
    # the screens read the rank a hand was scored with from the documents' common facts, not from
    # Crazy Rummy's context: a game continued from paper at round 12 (queens wild) says 12 and Q
    assert cli("new", "crazy", "Ann", "Bob", "Cy", "--round", "12").exit_code == 0
    # Ann out 0; Bob Q♣ (wild) 25 + 4♣ 4 = 29; Cy 3♣ 3
    assert cli.record("Ann: -", "Bob: -QC 4C", "Cy: -3C")["scores"] == {"Ann": 0, "Bob": 29, "Cy": 3}
    hand = cli.history()["hands"][0]
    assert (hand["number"], hand["round"], hand["wild"]) == (1, 12, "Q")
    doc = cli.json("explain")
    assert (doc["number"], doc["round"], doc["wild"]) == (1, 12, "Q")
    # a variant whose rounds do not differ adds neither
    cli("new", "rummy500", "Ann", "Bob")
    cli.record("Ann: -5C", "Bob: -KD")
    assert not {"round", "wild"} & (set(cli.history()["hands"][0]) | set(cli.json("explain")))
