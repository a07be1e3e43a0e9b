"""Docs that cannot drift: every sample output of README.md and docs/ is what its command prints
today, and the rule-options tables are the variants' own declarations (tools/doccheck.py makes
them; ``python tools/doccheck.py`` writes them again after a change)."""
from __future__ import annotations

import importlib.util
import re
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: pages whose blocks tools/doccheck.py does not make, and why
NOT_MADE_HERE = {
    "cli.md": "the program's --help, made and checked by tools/reference.py (tests/test_cli_reference.py)",
}
#: the info strings of fenced blocks that people type or save (commands, hand and configuration
#: files): they may go unmarked; any other block is a sample of output and must be made
TYPED = {"sh", "toml", "json"}


def doccheck():
    """tools/doccheck.py, imported from its file (tools/ is no package)."""
    if "doccheck" not in sys.modules:
        spec = importlib.util.spec_from_file_location("doccheck", ROOT / "tools" / "doccheck.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["doccheck"] = module
        spec.loader.exec_module(module)
    return sys.modules["doccheck"]


def test_every_sample_is_what_its_command_prints():
    started = time.perf_counter()
    stale = doccheck().check()
    took = time.perf_counter() - started
    assert not stale, (f"samples differ from what the commands print (run `{doccheck().REGENERATE}` and "
                       "commit the pages):\n" + "\n".join(stale.values()))
    print(f"\nevery page's samples made again in {took:.1f} s")


def test_every_sample_of_output_says_what_makes_it():
    """A fenced block that is no command or file people type is output: it carries the marker of
    the command that makes it, so it cannot drift."""
    loose = []
    for page in doccheck().PAGES:
        if page.name in NOT_MADE_HERE:
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        inside, fence = False, ""
        for i, line in enumerate(lines):
            found = re.match(r"^(`{3,})(.*)$", line)
            if inside:
                inside = line != fence
                continue
            if found is None:
                continue
            inside, fence = True, found.group(1)
            marked = i > 0 and lines[i - 1].rstrip().endswith("-->") and "<!--" in "\n".join(lines[max(0, i - 20):i])
            if found.group(2).strip() not in TYPED and not marked:
                loose.append(f"{page.relative_to(ROOT)}:{i + 1}")
    assert not loose, f"samples of output no command makes: {loose}"


def test_the_pages_not_made_here_exist():
    names = {p.name for p in (ROOT / "docs").glob("*.md")}
    assert set(NOT_MADE_HERE) <= names


# -- the checker itself ------------------------------------------------------------------------------

def page(tmp_path, text: str) -> Path:
    written = tmp_path / "page.md"
    written.write_text(text, encoding="utf-8")
    return written


def test_a_sample_that_differs_is_found_and_made_again(tmp_path):
    wrong = page(tmp_path, "<!-- run: scorekeeper new rummy500 Ann Bob -->\n```\nStarted a game.\n```\n")
    stale = doccheck().check([wrong])
    assert list(stale) == [wrong] and "-Started a game." in stale[wrong]
    made = doccheck().Page(wrong).made()
    # the session id comes from the page's seeded generator: the same on every run
    assert re.fullmatch(r"<!-- run: scorekeeper new rummy500 Ann Bob -->\n```\n"
                        r"Started Rummy 500 session [0-9a-f]{8} for Ann, Bob\.\nNext: Ann deals, Bob leads\.\n```\n",
                        made), made
    assert doccheck().Page(wrong).made() == made


def test_a_command_that_must_succeed_and_fails_stops_the_check(tmp_path):
    failing = page(tmp_path, "<!-- play -->\n```sh\nscorekeeper hand \"Ann: -\"\n```\n")
    with pytest.raises(doccheck().SampleError, match="page.md:1: `scorekeeper hand \"Ann: -\"` ended with exit status 2"):
        doccheck().check([failing])


def test_a_refusal_is_shown_with_its_status_and_filters_cut_long_output(tmp_path):
    text = ("<!-- run (exit 2): scorekeeper standings -->\n```\n```\n"
            "<!-- setup: scorekeeper new gin Ann Bob -->\n"
            "<!-- run: scorekeeper rules --json | head -3 | cut -c1-12 -->\n```json\n```\n")
    made = doccheck().Page(page(tmp_path, text)).made()
    assert "```\nThere is no current session: start one with `scorekeeper new VARIANT NAME...`.\n```" in made
    # the first three lines of the document, each cut to 12 characters, then "…" for the lines left out
    assert '```json\n{\n  "variants…\n    {\n…\n```' in made, made


def test_only_scorekeeper_runs(tmp_path):
    with pytest.raises(doccheck().SampleError, match="not a scorekeeper command"):
        doccheck().check([page(tmp_path, "<!-- play -->\n```sh\nrm -rf /\n```\n")])
