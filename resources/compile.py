"""Compile what is drawn and written by hand under resources/ into what the package ships.

    python resources/compile.py           # compile what changed (./dev.sh does, before run, test and package)
    python resources/compile.py --check   # say what is stale and exit 1; compile nothing
    python resources/compile.py --lupdate # bring each translations/*.ts up to the window's words

- ``icons/*.svg`` → ``context_center/resources/<name>.svg`` (the notes left out) and
  ``context_center/resources/icons/<size>/<name>.png`` for the desktop's sizes;
- ``icons/lucide/*.svg`` (the window's icons, from Lucide: ISC licence, ``icons/lucide/LICENSE``) →
  ``context_center/resources/icons.rcc``, and the licence beside it as ``LICENSE-lucide.md``;
- ``themes/*.qss`` and ``themes/*.json`` (the style sheet, each theme's palette and tones) →
  ``context_center/resources/themes.rcc``, a binary Qt resource (``pyside6-rcc``), registered by the
  window with ``QResource.registerResource``;
- ``translations/*.ts`` → ``context_center/resources/translations/<name>.qm`` (``pyside6-lrelease``).
  ``--lupdate`` first reads every ``tr("…")`` of ``context_center/ui/`` into each ``.ts``
  (``pyside6-lupdate``, without line numbers, so moving code changes nothing): a new word arrives
  unfinished, a word no longer used leaves. ``tests/ui/test_translations.py`` fails on either.

It runs with PySide6's own tools from the project's environment, never inside the isolated PEP 517
build: the compiled files are committed, so a wheel or the .deb is built from them as they are.
``context_center/resources/compiled.json`` records, for each compiled file, the digest of every
source it came from and its own: ``tests/test_resources.py`` fails when a source changed since
(a digest, not a file time: a fresh clone's times say nothing). A source that did not change is not
compiled again, so running it on another machine (another Qt) rewrites nothing.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
SVG_NS = "http://www.w3.org/2000/svg"
MANIFEST = "context_center/resources/compiled.json"

Build = Callable[[Path, list[Path], Path], None]   # (root, sources, output)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _tool(name: str) -> str:
    """A PySide6 tool beside this interpreter (the venv's), else on PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"compile: {name} not found; install PySide6 in this environment (./dev.sh does)")
    return found


def export_svg(_root: Path, sources: list[Path], output: Path) -> None:
    """The artwork without its notes (XML comments): what the window and the desktop read."""
    ET.register_namespace("", SVG_NS)
    tree = ET.parse(sources[0])   # comments are left out by the parser
    ET.indent(tree, space="  ")
    output.write_bytes(ET.tostring(tree.getroot(), encoding="utf-8", xml_declaration=False) + b"\n")


def render_png(size: int) -> Build:
    def build(_root: Path, sources: list[Path], output: Path) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QGuiApplication, QImage, QPainter
        from PySide6.QtSvg import QSvgRenderer

        _app = QGuiApplication.instance() or QGuiApplication([])
        renderer = QSvgRenderer(str(sources[0]))
        if not renderer.isValid():
            raise SystemExit(f"compile: {sources[0]} is not an SVG Qt can draw")
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        if not image.save(str(output), "PNG"):
            raise SystemExit(f"compile: could not write {output}")
    return build


def binary_resource(prefix: str) -> Build:
    """The sources in one binary Qt resource, each at ``:/<prefix>/<file name>``."""
    def build(_root: Path, sources: list[Path], output: Path) -> None:
        with tempfile.TemporaryDirectory() as work:
            qrc = Path(work) / f"{prefix}.qrc"
            files = "".join(f'    <file alias="{s.name}">{s.resolve()}</file>\n' for s in sources)
            qrc.write_text(f'<!DOCTYPE RCC>\n<RCC version="1.0">\n  <qresource prefix="/{prefix}">\n{files}'
                           "  </qresource>\n</RCC>\n", encoding="utf-8")
            subprocess.run([_tool("pyside6-rcc"), "--binary", str(qrc), "-o", str(output)], check=True)
    return build


compile_themes = binary_resource("themes")
compile_icons = binary_resource("icons")


def copy_file(_root: Path, sources: list[Path], output: Path) -> None:
    shutil.copyfile(sources[0], output)


def compile_translation(_root: Path, sources: list[Path], output: Path) -> None:
    subprocess.run([_tool("pyside6-lrelease"), "-silent", str(sources[0]), "-qm", str(output)], check=True)


def window_sources(root: Path) -> list[Path]:
    """The files whose ``tr("…")`` words the translations hold."""
    return sorted((root / "context_center" / "ui").rglob("*.py"))


def lupdate(root: Path, ts: Path) -> None:
    """Bring ``ts`` up to the window's words (translations kept; words gone removed)."""
    subprocess.run([_tool("pyside6-lupdate"), "-silent", "-no-obsolete", "-locations", "none",
                    *map(str, window_sources(root)), "-ts", str(ts)], check=True)


def unfinished(ts: Path) -> list[str]:
    """The source texts of ``ts`` without a finished translation."""
    found = []
    for message in ET.parse(ts).getroot().iter("message"):
        translation = message.find("translation")
        if translation is None or translation.get("type") in ("unfinished", "vanished", "obsolete") \
                or not (translation.text or "").strip():
            found.append(message.findtext("source") or "")
    return found


def plan(root: Path) -> dict[str, tuple[list[Path], Build]]:
    """Each compiled file (relative to ``root``) → (its sources, how it is made)."""
    src, out = root / "resources", root / "context_center" / "resources"
    planned: dict[str, tuple[list[Path], Build]] = {}

    def add(output: Path, sources: list[Path], build: Build) -> None:
        planned[output.relative_to(root).as_posix()] = (sources, build)

    for icon in sorted((src / "icons").glob("*.svg")):
        add(out / icon.name, [icon], export_svg)
        for size in ICON_SIZES:
            add(out / "icons" / str(size) / f"{icon.stem}.png", [icon], render_png(size))
    lucide = sorted((src / "icons" / "lucide").glob("*.svg"))
    if lucide:
        add(out / "icons.rcc", lucide, compile_icons)
        add(out / "LICENSE-lucide.md", [src / "icons" / "lucide" / "LICENSE"], copy_file)
    themes = sorted([*(src / "themes").glob("*.qss"), *(src / "themes").glob("*.json")])
    if themes:
        add(out / "themes.rcc", themes, compile_themes)
    for ts in sorted((src / "translations").glob("*.ts")):
        add(out / "translations" / f"{ts.stem}.qm", [ts], compile_translation)
    return planned


def stale(root: Path) -> list[str]:
    """What is out of step: a compiled file missing, changed by hand, made from other sources than
    today's, or left from a source that is gone."""
    manifest = _read_manifest(root)
    planned = plan(root)
    problems = []
    for output, (sources, _build) in planned.items():
        entry = manifest.get(output)
        wanted = {s.relative_to(root).as_posix(): digest(s) for s in sources}
        if entry is None or not (root / output).is_file():
            problems.append(f"{output} has not been compiled")
        elif entry.get("sources") != wanted:
            problems.append(f"{output} is older than its source ({', '.join(wanted)})")
        elif entry.get("sha256") != digest(root / output):
            problems.append(f"{output} was changed by hand: edit its source in resources/ instead")
    problems += [f"{output} is left from a source that is gone" for output in manifest if output not in planned]
    return problems


def _read_manifest(root: Path) -> dict[str, dict]:
    path = root / MANIFEST
    return json.loads(path.read_text(encoding="utf-8"))["outputs"] if path.is_file() else {}


def compile_all(root: Path) -> list[str]:
    """Compile what changed, remove what is left from a gone source; the files written."""
    manifest = _read_manifest(root)
    planned = plan(root)
    written = []
    for output, (sources, build) in planned.items():
        wanted = {s.relative_to(root).as_posix(): digest(s) for s in sources}
        entry = manifest.get(output)
        target = root / output
        if entry and entry.get("sources") == wanted and target.is_file() and entry.get("sha256") == digest(target):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        build(root, sources, target)
        manifest[output] = {"sources": wanted, "sha256": digest(target)}
        written.append(output)
    for output in [o for o in manifest if o not in planned]:
        (root / output).unlink(missing_ok=True)
        del manifest[output]
        written.append(output)
    if written or not (root / MANIFEST).is_file():
        (root / MANIFEST).write_text(json.dumps({"outputs": dict(sorted(manifest.items()))}, indent=1) + "\n",
                                     encoding="utf-8")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="say what is stale and exit 1; compile nothing")
    parser.add_argument("--lupdate", action="store_true",
                        help="bring each translations/*.ts up to the window's words, then compile")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout (default: this one)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if args.lupdate:
        for ts in sorted((root / "resources" / "translations").glob("*.ts")):
            lupdate(root, ts)
            left = unfinished(ts)
            print(f"{ts.relative_to(root)}: {len(left)} unfinished", file=sys.stderr)
    if args.check:
        problems = stale(root)
        for problem in problems:
            print(f"stale: {problem}", file=sys.stderr)
        return 1 if problems else 0
    for output in compile_all(root):
        print(f"compiled {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
