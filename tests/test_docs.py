"""The README and docs/: every link to a page of the repository leads somewhere, the
README's test command is the one CI runs, and no page sends a reader to a document
users do not have."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_every_local_link_leads_to_a_file():
    broken = []
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("#"):
                continue
            path = target.split("#", 1)[0]
            if not (page.parent / path).exists():
                broken.append(f"{page.relative_to(ROOT)} → {target}")
    assert not broken, "links to missing files: " + ", ".join(broken)


def test_every_docs_page_is_reachable_from_the_readme():
    """A page nobody links to is a page nobody finds: each docs/ page is linked from the
    README or from another linked page."""
    seen, todo = set(), [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in seen or not page.exists() or page.suffix != ".md":  # a picture is linked, not read
            continue
        seen.add(page)
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" not in target and not target.startswith("#"):
                todo.append((page.parent / target.split("#", 1)[0]).resolve())
    orphans = [p.name for p in PAGES if p.resolve() not in seen]
    assert not orphans, f"docs pages no page links to: {orphans}"


def test_the_readme_test_command_is_the_one_ci_runs():
    ci = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if line.strip() and not line.startswith(("#", "set ", "cd "))
          and not line.startswith("if command -v apt-get")]  # system packages (chromium), not the test command
    # the README's command first; then only CI's own further steps (.ci/lowest-versions)
    assert ci and all(line.startswith("bash .ci/") for line in ci[1:]), ci
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"```sh\n{ci[0].strip()}\n```" in readme, ("README's test command differs from .ci/run's", ci[0])


def test_no_page_cites_the_specification():
    citing = [p.name for p in PAGES if re.search(r"\bSPEC\b|§", p.read_text(encoding="utf-8"))]
    assert not citing, f"pages citing a document users do not have: {citing}"


def test_the_readme_is_short():
    """The README is the way in (what it is, the quick start, a first game, a typo, where
    next); everything else lives in docs/."""
    assert len((ROOT / "README.md").read_text(encoding="utf-8")) < 8_000
