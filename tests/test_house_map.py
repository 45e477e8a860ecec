"""The manual's map of the house names rooms that exist, and every room of the package is on it."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "docs" / "design" / "development.md").read_text(encoding="utf-8")   # the map of the house


def _mapped() -> dict[str, Path]:
    block = README[README.index("  context_center/\n"):]
    block = block[:block.index("```")]
    found: dict[str, Path] = {}
    parents: list[tuple[int, Path]] = [(0, ROOT)]
    for line in block.splitlines():
        match = re.match(r"^( {2,8})((?:[\w.]+/?, )*[\w.]+/?)(?:\s{2,}|$)", line)
        if not match:
            continue   # a description's second line
        depth = len(match.group(1))
        while parents and parents[-1][0] >= depth:
            parents.pop()
        base = parents[-1][1] if parents else ROOT
        for name in match.group(2).split(", "):
            where = base / name.rstrip("/")
            found[str(where.relative_to(ROOT))] = where
        last = match.group(2).split(", ")[-1]
        if last.endswith("/"):
            parents.append((depth, base / last.rstrip("/")))
    return found


def test_every_room_the_map_names_exists():
    mapped = _mapped()
    assert len(mapped) >= 25
    missing = [name for name, path in mapped.items() if not path.exists()]
    assert not missing, missing


def test_every_room_of_the_package_and_the_engine_is_on_the_map():
    mapped = {path for path in _mapped().values()}
    for folder in (ROOT / "context_center", ROOT / "context_center" / "engine"):
        rooms = {p for p in folder.iterdir() if (p.is_dir() and (p / "__init__.py").exists())
                 or (p.suffix == ".py" and p.name not in ("__init__.py",))}
        unmapped = sorted(p.name for p in rooms - mapped)
        assert not unmapped, f"{folder.name}: {unmapped}"


def test_every_package_is_held_to_no_import_circle():
    """The acyclic contract lists its packages by name: a package added later must be on it."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [contract] = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "acyclic_siblings"]
    packages = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "context_center").rglob("__init__.py")
                if "__pycache__" not in p.parts}
    assert packages == set(contract["ancestors"]), sorted(packages ^ set(contract["ancestors"]))


def test_every_module_a_flow_names_exists():
    """The design page's flows and notes name modules by path (`engine/recall/service.py`): each is
    in the package (or, for `bench/…`, in the repository)."""
    named = set(re.findall(r"`((?:[\w]+/)*[\w]+\.py)`", README))
    assert len(named) >= 30
    missing = sorted(name for name in named
                     if not (ROOT / "context_center" / name).exists() and not (ROOT / name).exists())
    assert not missing, missing
