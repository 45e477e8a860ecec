"""The manual cannot drift: its reference pages are what the code says today (the parser, the
errors, the MCP schemas, the environment it reads), and the site builds strict (a broken link or a
page left out of the navigation fails)."""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _generator():
    spec = importlib.util.spec_from_file_location("gen_reference", ROOT / "docs" / "gen_reference.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_reference_page_is_what_the_code_says():
    stale = [str(path.relative_to(ROOT)) for path, text in _generator().pages().items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, f"run `python docs/gen_reference.py`: {stale}"


def test_the_command_line_reference_names_every_command():
    page = (ROOT / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")
    for command in ("memory list", "memory review apply", "instructions adherence", "instructions enforce",
                    "hook claude-code", "mcp judge set", "sync", "doctor"):
        assert f"`context-center {command}`" in page, command


def test_the_site_builds_strict(tmp_path):
    pytest.importorskip("mkdocs")
    # (NO_MKDOCS_2_WARNING: the theme's banner on its end of life and its successor, no warning of the build)
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
                           cwd=ROOT, capture_output=True, text=True, timeout=300,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert built.returncode == 0 and "WARNING" not in built.stderr, built.stderr[-2000:]
    assert (tmp_path / "site" / "reference" / "cli.html").exists()
    # it works offline once built: opened from the file system, every page is a file, search's index
    # is a script, and no page loads a script, a style sheet or a font from the network
    assert (tmp_path / "site" / "search" / "search_index.js").exists()
    fetched = re.compile(r'<(?:script[^>]*\bsrc|link[^>]*\bhref)="(?:https?:)?//[^"]*"')
    pages = sorted((tmp_path / "site").rglob("*.html"))
    loading = {page.name: fetched.findall(page.read_text(encoding="utf-8")) for page in pages}
    assert len(pages) > 20 and not any(loading.values()), {name: found for name, found in loading.items() if found}
    # a link check of the built site: every link and picture of every page reaches a file of the site,
    # and a link to a place in a page reaches an id that page has
    broken = []
    for page in pages:
        html = page.read_text(encoding="utf-8")
        for target in re.findall(r'(?:href|src)="([^"]+)"', html):
            if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("//"):
                continue   # another site (not fetched by the manual), mailto:, data:
            path, _, anchor = target.partition("#")
            # (404.html names the site's root: a server shows it for any address)
            reached = (tmp_path / "site" / path.lstrip("/") if path.startswith("/") else
                       (page.parent / path).resolve()) if path else page
            if not reached.is_file():
                broken.append(f"{page.relative_to(tmp_path)}: {target}")
            elif anchor and reached.suffix == ".html" and f'id="{anchor}"' not in reached.read_text(encoding="utf-8"):
                broken.append(f"{page.relative_to(tmp_path)}: {target} (no such place)")
    assert not broken, broken[:20]


def test_no_docstring_or_comment_cites_a_file_outside_the_repository():
    cited = []
    for path in (ROOT / "context_center").rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(word in line for word in ("DESIGN.md", "UPSTREAM.md", "STYLE.md", "the seed", "seed's",
                                             "(rules.md", "../shared")):
                cited.append(f"{path.relative_to(ROOT)}:{number}")
    # the manual, the README and the benchmarks speak in the project's words too (the benchmarks read
    # the LoCoMo sample from beside the repository: that path is data, not a contract)
    for path in [*(ROOT / "docs").rglob("*.md"), *(ROOT / "bench").glob("*.py"), ROOT / "README.md",
                 ROOT / "CONTRIBUTING.md"]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(word in line for word in ("DESIGN.md", "UPSTREAM.md", "STYLE.md", "the seed", "seed's")):
                cited.append(f"{path.relative_to(ROOT)}:{number}")
    assert not cited, cited


def test_the_contract_page_states_the_codes_numbers():
    """The design page on the contract is written by hand: the numbers it states are the code's."""
    from context_center.engine.agents.claims import MAX_TOKENS
    from context_center.engine.instructions.imports import MAX_IMPORT_DEPTH
    from context_center.engine.memory.freshness import TYPE_WINDOWS, VOLATILITY_WINDOWS
    from context_center.engine.recall import service
    from context_center.engine.recall.recall_records import DEFAULT_CHARS, DEFAULT_LIMIT
    from context_center.engine.records import PINNED_BUDGET_CHARS
    from context_center.engine.search.service import SearchParameters
    from context_center.engine.text import bm25

    page = " ".join((ROOT / "docs" / "design" / "contract.md").read_text(encoding="utf-8").split())
    stated = [f"at most {PINNED_BUDGET_CHARS:,} characters",
              f"by default {DEFAULT_LIMIT} hits in {DEFAULT_CHARS:,} characters",
              f"up to {service.MAX_LIMIT} hits", f"one under {service.MIN_CHARS} being raised to {service.MIN_CHARS}",
              f"at most {service.SNIPPET_CHARS} characters", f"at least {service.RELATIVE_FLOOR} of the best",
              f"stale ones {service.STALE_PENALTY}×", f"over {MAX_TOKENS} approximate tokens",
              f"a chain of {['', 'one', 'two', 'three', 'four', 'five', 'six'][MAX_IMPORT_DEPTH]} imported files",
              f"k1 = {bm25.RECALL.k1}, b = {bm25.RECALL.b}", f"k1 = {SearchParameters.k1} and b = {SearchParameters.b}",
              *(f"{kind} {fresh} / {current}" for kind, (fresh, current) in VOLATILITY_WINDOWS.items()),
              *(f"{kind} {fresh} / {current}" for kind, (fresh, current) in TYPE_WINDOWS.items()
                if kind in ("reference", "project"))]
    missing = [phrase for phrase in stated if phrase not in page]
    assert not missing, missing


def test_each_benchmark_can_keep_its_figures_as_data():
    """Every script under bench/ takes --record (its figures to bench/results/, shown on the
    benchmarks page)."""
    missing = [path.name for path in sorted((ROOT / "bench").glob("*.py"))
               if not path.name.startswith("_") and '"--record"' not in path.read_text(encoding="utf-8")]
    assert not missing, missing


def test_the_suggestions_guide_names_what_counts_as_a_workflow():
    """The guide lists the verbs that make a typed turn a request for a workflow (a skill
    candidate) and its limits; they are the code's."""
    from context_center.engine.suggestions import candidates

    page = " ".join((ROOT / "docs" / "guides" / "suggestions.md").read_text(encoding="utf-8").split())
    verbs = candidates._IMPERATIVE.pattern.split("(", 2)[2].rstrip(")").split("|")
    stated = [*verbs, f"between {candidates.MIN_CHARS} and {candidates.MAX_CHARS} characters",
              f"at most {['', 'one', 'two', 'three', 'four', 'five', 'six'][candidates.MAX_SKILLS]} at a time"]
    missing = [phrase for phrase in stated if phrase not in page]
    assert len(verbs) > 20 and not missing, missing
