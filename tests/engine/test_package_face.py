"""The engine's package face exports what the faces (the command line, the window, the MCP server,
the resident service) use, and what the suite and the benchmarks drive as a face would (the
errors a caller catches, the agents' room in process): a name nobody imports is no public face."""
from __future__ import annotations

import ast
from pathlib import Path

import context_center.engine as engine

REPOSITORY = Path(__file__).resolve().parents[2]
ROOT = REPOSITORY / "context_center"


def _used_by_faces() -> set[str]:
    used: set[str] = set()
    for place in (*(ROOT / face for face in ("cli", "ui", "mcp_server", "launch.py", "service", "__main__.py")),
                  REPOSITORY / "tests", REPOSITORY / "bench"):
        for path in [place] if place.suffix == ".py" else place.rglob("*.py"):
            if "data" in path.relative_to(REPOSITORY).parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1] == "engine" \
                        and (node.level or node.module == "context_center.engine"):
                    used |= {alias.name for alias in node.names}
                elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                        node.value.id == "facade":
                    used.add(node.attr)
    return used


def test_every_exported_name_is_used_by_a_face():
    unused = sorted(set(engine.__all__) - _used_by_faces())
    assert not unused, f"exported but no face uses them: {unused}"


def test_every_exported_name_resolves():
    assert all(hasattr(engine, name) for name in engine.__all__)


def test_the_counts_the_face_states_are_its_own():
    """The package's docstring says how many names it exports and in which groups: held to the lists."""
    import re

    said = " ".join((engine.__doc__ or "").split())
    total = int(re.search(r"\((\d+) names", said).group(1))
    eager = int(re.search(r"(\d+) with the package", said).group(1))
    lazy = int(re.search(r"(\d+) on first use", said).group(1))
    assert (total, eager, lazy) == (len(engine.__all__), len(engine.__all__) - len(engine._LAZY), len(engine._LAZY))
