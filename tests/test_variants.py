"""The registry of variants (scorekeeper.core.variants): a variant asked for by its id —
what a stored session names — loads its own module only; an alias, a near miss and the
listing of every variant load them all, and say the same as when everything is loaded."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.core.errors import InputError
from scorekeeper.core.variants import BUILT_IN, VARIANTS, get_variant

ROOT = Path(__file__).resolve().parents[1]
#: The built-in variants, as the one list in code has them: ``{id: "module:VARIANT"}`` (SPEC §8).
DECLARED = {vid: f"{module}:VARIANT" for vid, module in BUILT_IN.items()}


def home_modules(variant_id: str) -> set[str]:
    """Where a variant is defined: the module the list names, and the module of its scoring."""
    return {DECLARED[variant_id].partition(":")[0], type(VARIANTS[variant_id].scoring).__module__}


def loaded_besides(variant_id: str, modules: str) -> list[str]:
    """Of ``modules`` (names, space-separated), those of variants other than ``variant_id``."""
    others = tuple({m for v in DECLARED if v != variant_id for m in home_modules(v)} - home_modules(variant_id))
    return [m for m in modules.split() if m.startswith(others)]


def _run(code: str) -> list[str]:
    """The lines ``code`` prints in a fresh interpreter, then the modules it loaded (one line)."""
    code += "\nprint(' '.join(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", "import sys\n" + code], capture_output=True, text=True, check=True,
                          timeout=60)
    return done.stdout.splitlines()


def test_every_built_in_variant_is_listed_as_its_own_module_s_variant():
    """The one list of built-in variants names, for each id, ``VARIANT`` of this package's module
    of that name, and every such module is listed; pyproject.toml declares none of them (the
    entry-point group is for variants from elsewhere)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "scorekeeper.variants" not in project.get("entry-points", {})
    package = ROOT / "scorekeeper" / "core" / "variants"
    assert DECLARED and all(value == f"scorekeeper.core.variants.{vid}:VARIANT" for vid, value in DECLARED.items())
    modules = {p.stem for p in package.glob("*.py") if "\nVARIANT = " in p.read_text(encoding="utf-8")}
    modules |= {p.parent.name for p in package.glob("*/__init__.py")
                if "VARIANT" in p.read_text(encoding="utf-8")}
    assert modules == set(DECLARED)


def test_the_registry_lists_what_is_declared():
    assert set(VARIANTS) >= set(DECLARED)
    assert all(v.id == vid and get_variant(vid) is v for vid, v in VARIANTS.items())
    orders = [(v.list_order, v.id) for v in VARIANTS.values()]
    assert orders == sorted(orders)


@pytest.mark.parametrize("variant_id", sorted(DECLARED))
def test_a_variant_asked_for_by_its_id_loads_its_own_module_only(variant_id):
    """... and reads no installed package's metadata (SPEC §8: a built-in costs nothing to find)."""
    name, modules = _run(f"from scorekeeper.core.variants import get_variant\n"
                         f"print(get_variant({variant_id!r}).id)")
    assert name == variant_id
    assert loaded_besides(variant_id, modules) == []
    assert DECLARED[variant_id].partition(":")[0] in modules.split()
    assert "importlib.metadata" not in modules.split()


def test_rummy500_loads_neither_gin_nor_another_variant():
    [modules] = _run("from scorekeeper.core.variants import get_variant\nget_variant('rummy500')")
    heavy = ("scorekeeper.core.variants.gin", "scorekeeper.core.variants.carousel",
             "scorekeeper.core.variants.crazy")
    assert [m for m in modules.split() if m.startswith(heavy)] == []


@pytest.mark.parametrize("name,variant_id", [
    ("500", "rummy500"), ("500-rum", "rummy500"), ("michigan-rum", "rum500"), ("Manipulation", "carousel"),
    ("crazy-rummy", "crazy"), (" RUMMY500 ", "rummy500")])
def test_aliases_and_any_case_give_the_canonical_variant(name, variant_id):
    assert get_variant(name) is VARIANTS[variant_id]


def test_every_alias_of_gin_gives_gin():
    gin = VARIANTS["gin"]
    assert gin.aliases and all(get_variant(a) is gin for a in gin.aliases)


def test_an_alias_in_a_fresh_interpreter():
    assert _run("from scorekeeper.core.variants import get_variant\nprint(get_variant('manipulation').id)")[0] \
        == "carousel"


def test_a_name_that_is_no_variant_s():
    with pytest.raises(InputError) as e:
        get_variant("rumy500")
    assert e.value.code == "variant.unknown_near" and '"rummy500"' in e.value.message
    with pytest.raises(InputError) as e:
        get_variant("chess")
    assert e.value.code == "variant.unknown"
    assert e.value.message == f'"chess" is not a variant; the variants are {", ".join(VARIANTS)}.'


def test_another_variant_s_option_is_told_apart_with_only_one_variant_loaded():
    """ "does not apply" (an option of another variant) and "is not a rule option" (of none),
    in a fresh interpreter where only Rummy 500 was asked for."""
    lines = _run("from scorekeeper.core.errors import InputError\n"
                 "from scorekeeper.core.rules import parse_rule_args\n"
                 "from scorekeeper.core.variants import get_variant\n"
                 "for arg in ('knock_limit=3', 'preset=modern', 'colour=red'):\n"
                 "    try:\n"
                 "        parse_rule_args(get_variant('rummy500'), [arg], 2)\n"
                 "    except InputError as e:\n"
                 "        print(e.code)\n")
    assert lines[:3] == ["rule.not_for_variant", "rule.not_for_variant", "rule.unknown"]


def test_all_option_keys_are_every_variant_s():
    from scorekeeper.core.variants import ALL_OPTION_KEYS

    assert ALL_OPTION_KEYS == {o.key for v in VARIANTS.values() for o in v.options}
    assert {"target", "knock_limit"} <= ALL_OPTION_KEYS


@pytest.mark.parametrize("call", ["rules('rummy500')", "check('rummy500', ['QS KS AS'])"])
def test_one_variants_rules_and_check_load_that_variant_only(tmp_path, call):
    lines = _run(f"from scorekeeper.app import Application\n"
                 f"doc = Application({str(tmp_path / 'db')!r}).{call}\n"
                 "print('done')")
    assert lines[0] == "done"
    assert loaded_besides("rummy500", lines[1]) == []


def test_stats_loads_only_the_variants_played(tmp_path):
    from scorekeeper.app import Application

    db = tmp_path / "db"
    app = Application(db)
    app.new("rummy500", ["Ann", "Bob"])
    app.record_hand(["Ann: 80 -5", "Bob: 20 -30"], form="line")
    lines = _run(f"from scorekeeper.app import Application\n"
                 f"doc = Application({str(db)!r}).stats()\n"
                 "print([b['variant'] for b in doc['variants']])")
    assert lines[0] == "['rummy500']"
    assert loaded_besides("rummy500", lines[1]) == []


def own_modules(variant_id: str) -> tuple[str, ...]:
    """Where a variant's own code may name its id: its module or package under core/variants,
    and nowhere else (the screens draw what it declares)."""
    return (f"core/variants/{variant_id}.py", f"core/variants/{variant_id}/")


def test_no_module_outside_a_variant_names_its_id():
    """The application, the storage, the command line and the shared rules decide by the facts a
    variant declares (its wild rank per round, what the prompt asks, its statistics, the rule of
    its end bonuses), never by naming it: no string in the code (docstrings and comments aside)
    is a variant's id, or a message code or key its id prefixes (``gin.screen.…``), outside that
    variant's own modules — but for the one list of built-in variants (``BUILT_IN`` of the registry)."""
    import ast

    root = ROOT / "scorekeeper"
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        listed = {id(key) for node in ast.walk(tree) if isinstance(node, ast.AnnAssign | ast.Assign)
                  and "BUILT_IN" in ast.unparse(node.target if isinstance(node, ast.AnnAssign) else node.targets[0])
                  and isinstance(node.value, ast.Dict) for key in node.value.keys}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docstrings:
                continue
            # the id itself, or a code or key it prefixes ("gin.screen.kind", "crazy.wild.")
            owner = next((vid for vid in VARIANTS if node.value == vid or node.value.startswith(vid + ".")), None)
            if owner is not None and id(node) not in listed and not where.startswith(own_modules(owner)):
                found.append(f"{where}:{node.lineno}: {node.value!r}")
    assert found == []


def test_the_id_finder_finds_an_id():
    import ast

    tree = ast.parse('if record["variant"] != "gin":\n    pass\n')
    assert [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in VARIANTS] == ["gin"]


#: words of a variant's entry or options that are also the program's common words: ``cards`` (what
#: the prompt asks, ``Table.asks``; a check's cards), ``jokers`` (the jokers in play, a
#: fact of every variant's deal), ``game`` (Indian Rummy's option; the program's word for a game
#: so far, and the module of the commands that play one), ``rejoin`` (Indian Rummy's option; the
#: command that makes that event between deals, SPEC §2.9), ``points`` (Canasta's side counted on
#: paper; every explanation line's points)
COMMON_WORDS = {"cards", "jokers", "game", "rejoin", "points"}
#: the keys every variant's hand entry shares (SPEC §4, scorekeeper.core.entry)
SHARED_ENTRY_KEYS = {"players", "knock", "out", "stock_exhausted", "melds", "layoffs", "hand", "table"}


def variant_keys() -> set[str]:
    """The keys a variant's own entry or options add: Gin Rummy's ``big_gin``, ``upcard``, ``cards``,
    Contract Rummy's ``cut``, every option only one variant has (``oklahoma``, ``cut_bonus`` …)."""
    from collections import Counter

    from scorekeeper.core.variants.canasta import entry as canasta
    from scorekeeper.core.variants.contract import score as contract
    from scorekeeper.core.variants.gin import entry as gin

    owners = Counter(o.key for vid in VARIANTS for o in get_variant(vid).options)
    keys = set(gin.TOP_KEYS) | set(gin.PLAYER_KEYS) | set(contract.TOP_KEYS) | set(contract.PLAYER_KEYS)
    keys |= set(canasta.TOP_KEYS) | set(canasta.PLAYER_KEYS)
    for vid in VARIANTS:  # the deal's other facts the prompt asks (cut, upcard)
        keys |= set(get_variant(vid).table.also_keys)
    keys |= {key for key, count in owners.items() if count == 1}
    return keys - SHARED_ENTRY_KEYS - COMMON_WORDS


def test_no_module_of_the_application_or_the_command_line_names_a_variant_s_own_key():
    """The application and the command line write, prefill and ask a hand through what the variant
    declares (its codec, its questions), never by its keys: no string in app/ or cli/ (docstrings and
    comments aside) is a key of one variant's entry or options."""
    import ast

    keys = variant_keys()
    assert {"big_gin", "upcard", "oklahoma", "cut", "red_threes", "concealed", "first_meld"} <= keys  # looked for below
    root = ROOT / "scorekeeper"
    found = []
    for path in sorted([*(root / "app").rglob("*.py"), *(root / "cli").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in keys and id(node) not in docstrings:
                found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}: {node.value!r}")
    assert found == []
