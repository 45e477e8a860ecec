"""The desktop entry, AppStream metainfo and icon in packaging/linux/: valid, and one app id throughout."""
from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import pytest

from context_center import APP_ID, APP_NAME
from support.store import desktop_file_validate

LINUX = Path(__file__).resolve().parents[1] / "packaging" / "linux"


def desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_every_file_is_named_after_the_app_id():
    assert sorted(p.name for p in LINUX.iterdir()) == sorted([f"{APP_ID}.desktop", f"{APP_ID}.metainfo.xml"])
    entry = desktop_entry(LINUX / f"{APP_ID}.desktop")
    assert entry["Icon"] == APP_ID
    # Qt gives an X11 window the WM_CLASS class QCoreApplication.applicationName (checked with
    # `xprop WM_CLASS` under Xvfb: "context-center-gui", "Context Center").
    assert entry["StartupWMClass"] == APP_NAME
    root = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"


def test_there_is_one_icon_the_one_the_window_uses():
    """Drawn once (resources/icons/), compiled once (context_center/resources/, which the window,
    the wheel and the .deb read; tests/test_resources.py checks it is compiled from the artwork).
    The window's own icons (resources/icons/lucide/, Lucide's) are compiled into icons.rcc instead."""
    packaged = resources.files("context_center.resources") / "context-center.svg"
    assert packaged.read_bytes().lstrip().startswith((b"<svg", b"<?xml"))
    top = Path(__file__).resolve().parents[1]
    # (the manual's benchmark charts are SVG drawings, not icons; site/ is the manual as built)
    copies = [p.relative_to(top).as_posix() for p in top.rglob("*.svg")
              if not {".venv", ".venv-package", "build", "dist", "site"} & set(p.relative_to(top).parts)
              and p.parent not in (top / "resources" / "icons" / "lucide", top / "docs" / "benchmarks")]
    assert sorted(copies) == ["context_center/resources/context-center.svg", "resources/icons/context-center.svg"]


def test_the_desktop_entry_passes_desktop_file_validate():
    desktop_file_validate(LINUX / f"{APP_ID}.desktop")


def test_the_metainfo_passes_appstreamcli_validate():
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli is not installed (Debian: appstream)")
    proc = subprocess.run([tool, "validate", "--no-net", str(LINUX / f"{APP_ID}.metainfo.xml")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
