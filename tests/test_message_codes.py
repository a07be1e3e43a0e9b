"""Every error the package raises with a literal code has a template (so no error's
sentence is its code: the transitional "code holding an English sentence" of
core.messages.sentence() is used by nobody)."""
from __future__ import annotations

import ast
from pathlib import Path

from scorekeeper.core.messages import TEMPLATES
from scorekeeper.core.variants import every_variant

ROOT = Path(__file__).resolve().parents[1]
ERRORS = {"InputError", "StateError", "StoreError", "ScorekeeperError", "DamagedFile"}


def literal_codes() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            first = node.args[0]
            if name in ERRORS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((str(path.relative_to(ROOT)), node.lineno, first.value))
    return found


def test_every_literal_error_code_has_a_template():
    every_variant()  # a variant's own templates join when it is loaded (SPEC §8), as they do for its commands
    codes = literal_codes()
    assert len(codes) > 50
    assert [c for c in codes if c[2] not in TEMPLATES] == []


def test_no_error_code_is_a_sentence():
    assert [c for c in literal_codes() if " " in c[2]] == []
