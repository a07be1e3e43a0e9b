"""The core is pure (STYLE habit 1): importing every scorekeeper.core module
pulls in neither typer, rich nor tinydb; and only scorekeeper.storage.store imports tinydb."""
from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import scorekeeper.core

ROOT = Path(__file__).resolve().parents[1]


def core_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(scorekeeper.core.__path__, "scorekeeper.core."))


def test_the_core_imports_no_ui_or_storage_library():
    modules = core_modules()
    assert "scorekeeper.core.cards" in modules and "scorekeeper.core.variants.rummy500" in modules
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich', 'tinydb', 'click'))))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == []


def test_the_core_scores_a_hand_on_its_own():
    code = (
        "import json, sys\n"
        "from scorekeeper.core.game import new_setup, play\n"
        "from scorekeeper.core.variants import get_variant\n"
        "s = new_setup(get_variant('500'), ['Ann', 'Bob'])\n"
        "state, r = play(s, [], {'players': {'Ann': {'melds': 'QS KS AS', 'hand': ''}, 'Bob': {'hand': 'AD'}}})\n"
        "print(json.dumps([r.scores, sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich', 'tinydb'))]))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    # Q-K-A♠ 10 + 10 + 15 = 35; A♦ in hand −15
    assert json.loads(r.stdout) == [{"Ann": 35, "Bob": -15}, []]


def test_no_core_source_names_them():
    for path in (ROOT / "scorekeeper" / "core").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for lib in ("typer", "rich", "tinydb"):
            assert f"import {lib}" not in text and f"from {lib}" not in text, (path, lib)


def test_only_the_storage_package_imports_tinydb():
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        if path.parent.name == "storage":
            continue
        text = path.read_text(encoding="utf-8")
        assert "import tinydb" not in text and "from tinydb" not in text, path

# Cycles and the direction of imports, for every module: tests/test_layers.py.
