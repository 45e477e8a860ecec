"""resources/ holds what is drawn and written by hand; context_center/resources/ what is compiled
from it (resources/compile.py, with PySide6's own tools). What is committed must be compiled from
what is committed, and the build must really make what the window will load."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from support.resources_compiler import loaded_compiler

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def compiler(qapp):   # (the PNGs are drawn by Qt: pytest-qt's application, made first, serves)
    yield from loaded_compiler("resources_compile")


def test_no_compiled_file_is_older_than_its_source(compiler):
    """Edited resources/icons/context-center.svg and not compiled? Run `python resources/compile.py`
    (./dev.sh run does) and commit what it wrote."""
    assert compiler.stale(ROOT) == []
    assert (ROOT / "context_center" / "resources" / "context-center.svg").is_file()
    assert sorted(p.parent.name for p in (ROOT / "context_center" / "resources" / "icons").glob("*/*.png")) == \
        sorted(str(size) for size in compiler.ICON_SIZES)


def _checkout(tmp_path: Path) -> Path:
    """A checkout of the resources alone: the artwork as committed, nothing compiled yet."""
    root = tmp_path / "checkout"
    shutil.copytree(ROOT / "resources" / "icons", root / "resources" / "icons")
    (root / "context_center" / "resources").mkdir(parents=True)
    return root


def test_a_change_to_a_source_or_by_hand_to_a_compiled_file_is_stale(compiler, tmp_path):
    root = _checkout(tmp_path)
    assert "context_center/resources/context-center.svg has not been compiled" in compiler.stale(root)
    assert compiler.main(["--root", str(root)]) == 0 and compiler.stale(root) == []
    assert compiler.compile_all(root) == []   # nothing changed: nothing is written again
    artwork = root / "resources" / "icons" / "context-center.svg"
    artwork.write_text(artwork.read_text().replace("#ffb703", "#fb8500"))
    assert any("older than its source" in problem for problem in compiler.stale(root))
    assert compiler.main(["--root", str(root), "--check"]) == 1
    compiler.compile_all(root)
    shipped = root / "context_center" / "resources" / "context-center.svg"
    assert "#fb8500" in shipped.read_text() and "<!--" not in shipped.read_text()   # the notes stay behind
    shipped.write_text(shipped.read_text() + "<!-- edited -->\n")
    assert any("changed by hand" in problem for problem in compiler.stale(root))
    compiler.compile_all(root)
    artwork.unlink()
    assert any("left from a source that is gone" in problem for problem in compiler.stale(root))
    compiler.compile_all(root)
    assert compiler.stale(root) == [] and not shipped.exists()


def test_themes_and_translations_compile_into_what_qt_loads(compiler, tmp_path):
    from PySide6.QtCore import QFile, QIODevice, QResource, QTranslator

    root = _checkout(tmp_path)
    (root / "resources" / "themes").mkdir()
    (root / "resources" / "themes" / "dark.qss").write_text("QWidget { background: #202124; }\n")
    (root / "resources" / "translations").mkdir()
    (root / "resources" / "translations" / "context_center_fr.ts").write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="fr">\n'
        "<context><name>FactsTab</name><message><source>New fact</source>"
        "<translation>Nouveau fait</translation></message></context>\n</TS>\n", encoding="utf-8")
    compiler.compile_all(root)
    assert compiler.stale(root) == []
    themes = root / "context_center" / "resources" / "themes.rcc"
    assert QResource.registerResource(str(themes), "/cc-test")
    try:
        found = QFile(":/cc-test/themes/dark.qss")
        assert found.open(QIODevice.OpenModeFlag.ReadOnly)
        assert bytes(found.readAll().data()).decode() == "QWidget { background: #202124; }\n"
        found.close()
    finally:
        QResource.unregisterResource(str(themes), "/cc-test")
    translator = QTranslator()
    assert translator.load(str(root / "context_center" / "resources" / "translations" / "context_center_fr.qm"))
    assert translator.translate("FactsTab", "New fact") == "Nouveau fait"
