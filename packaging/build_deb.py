"""Wrap the PyInstaller bundle in a .deb (run by ``./dev.sh package``; needs dpkg-deb and objdump).

    python packaging/build_deb.py BUNDLE_DIR OUT_DIR --version V [--depends "pkg pkg ..."]

Layout: the bundle in /opt/context-center/, /usr/bin/context-center and
/usr/bin/context-center-gui as symlinks to its executable (which tells the two apart by
argv[0]), the desktop entry, icon and metainfo from packaging/linux/ under /usr/share. No
maintainer scripts: Debian's triggers refresh the menu and icon caches.

Depends: the Qt libraries named with ``--depends`` (dev.sh's list), plus the Debian package
of every shared library a file in the bundle needs and the bundle does not carry (found with
objdump, ldconfig and dpkg -S), so the list follows what was actually bundled.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from context_center import APP_ID  # noqa: E402

PACKAGE = "context-center"
PREFIX = Path("opt") / PACKAGE
DESCRIPTION = """\
See and steer what coding agents are told and what they remember
 Context Center shows the standing instructions a coding agent loads
 (REASONIX.md, AGENTS.md, CLAUDE.md and their local variants, with imports
 and diagnostics) and manages its background memory: facts as Markdown files
 with revisions, an archive, freshness and pinning, and a recall tester that
 shows what would be appended to the next turn, and why.
 .
 This package carries its own Python and Qt (a PyInstaller bundle) in
 /opt/context-center; the commands are context-center and context-center-gui."""


def is_elf(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as handle:
        return handle.read(4) == b"\x7fELF"


def needed_libraries(bundle: Path) -> set[str]:
    """Sonames the bundle's ELF files need that no file in the bundle provides."""
    provided, needed = set(), set()
    for path in bundle.rglob("*"):
        provided.add(path.name)
        if is_elf(path):
            dump = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True, check=True).stdout
            needed.update(re.findall(r"^\s*NEEDED\s+(\S+)", dump, re.M))
    return needed - provided


def system_library_paths() -> dict[str, str]:
    machine = os.uname().machine.replace("_", "-")  # x86_64 → x86-64, as ldconfig -p prints it
    found: dict[str, str] = {}
    for line in subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout.splitlines():
        match = re.match(r"\s*(\S+) \((.*)\) => (\S+)", line)
        if match and (machine in match.group(2) or "64" not in match.group(2)):
            found.setdefault(match.group(1), match.group(3))
    return found


def owning_package(path: str) -> str | None:
    real = os.path.realpath(path)
    candidates = [path, real]
    for p in (path, real):  # /usr-merged systems register either /lib/… or /usr/lib/…
        candidates.append(p[4:] if p.startswith("/usr/") else "/usr" + p)
    for candidate in candidates:
        proc = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if proc.returncode == 0:
            return proc.stdout.split(":", 1)[0].strip()
    return None


def depends(bundle: Path, fixed: list[str]) -> list[str]:
    paths = system_library_paths()
    packages, unresolved = set(fixed), []
    for soname in sorted(needed_libraries(bundle)):
        owner = owning_package(paths[soname]) if soname in paths else None
        if owner is None:
            unresolved.append(soname)
        else:
            packages.add(owner)
    if unresolved:
        sys.exit("build_deb: no Debian package provides " + ", ".join(unresolved)
                 + " (install it, or keep the Qt plugin that needs it out of the bundle)")
    return sorted(packages)


def normalize_modes(root: Path) -> None:
    for path in root.rglob("*"):
        if path.is_symlink():
            continue
        mode = path.stat().st_mode
        executable = path.is_dir() or mode & stat.S_IXUSR
        path.chmod(0o755 if executable else 0o644)


def build(bundle: Path, out: Path, version: str, fixed: list[str], work: Path) -> Path:
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()
    root = work / "deb-root"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(bundle, root / PREFIX, symlinks=True)
    linux = HERE / "linux"
    shipped = HERE.parent / "context_center" / "resources"   # compiled from resources/icons/ (./dev.sh)
    files = {
        f"usr/share/applications/{APP_ID}.desktop": linux / f"{APP_ID}.desktop",
        f"usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg": shipped / "context-center.svg",
        f"usr/share/metainfo/{APP_ID}.metainfo.xml": linux / f"{APP_ID}.metainfo.xml",
    }
    for png in sorted((shipped / "icons").glob("*/context-center.png")):   # the sizes drawn for themselves
        size = png.parent.name
        files[f"usr/share/icons/hicolor/{size}x{size}/apps/{APP_ID}.png"] = png
    for target, source in files.items():
        (root / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, root / target)
    (root / "usr/bin").mkdir(parents=True)
    for name in ("context-center", "context-center-gui"):
        (root / "usr/bin" / name).symlink_to(Path("/") / PREFIX / "context-center")
    normalize_modes(root)
    installed_kib = sum(p.lstat().st_size for p in root.rglob("*")) // 1024 + 1
    control = "\n".join([
        f"Package: {PACKAGE}",
        f"Version: {version}",
        f"Architecture: {arch}",
        "Maintainer: Context Center developers <context-center@users.noreply.github.com>",
        f"Installed-Size: {installed_kib}",
        "Depends: " + ", ".join(depends(bundle, fixed)),
        "Recommends: fonts-wqy-microhei, git",   # team facts and sync run the git command
        "Section: devel",
        "Priority: optional",
        f"Description: {DESCRIPTION}",
        "",
    ])
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN/control").write_text(control, encoding="utf-8")
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{PACKAGE}_{version}_{arch}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(deb)], check=True,
                   stdout=subprocess.DEVNULL)
    return deb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--version", required=True)
    parser.add_argument("--depends", default="", help="Debian packages the package always depends on")
    parser.add_argument("--work", type=Path, default=Path("build/package"))
    args = parser.parse_args()
    deb = build(args.bundle, args.out, args.version, args.depends.split(), args.work)
    print(deb)


if __name__ == "__main__":
    main()
