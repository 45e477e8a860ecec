"""The built wheel carries what the app needs at run time, and nothing of the checkout besides."""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_holds_every_module_and_the_icon(tmp_path):
    source = tmp_path / "source"  # a copy: an in-tree build/ could carry stale modules into the wheel
    shutil.copytree(ROOT / "context_center", source / "context_center",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(source)],
                   check=True, capture_output=True, timeout=300)
    [wheel] = tmp_path.glob("context_center-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "context_center").rglob("*.py")}
    assert sources <= names, sorted(sources - names)
    assert "context_center/resources/context-center.svg" in names
    assert "context_center/resources/icons/16/context-center.png" in names   # compiled from resources/icons/
    assert not [n for n in names if n.startswith(("tests/", "bench/", "docs/", "packaging/", "resources/"))]
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "context-center = context_center.__main__:main" in text and "context-center-gui" in text
