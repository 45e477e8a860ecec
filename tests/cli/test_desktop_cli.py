"""``context-center desktop install|uninstall``: the desktop entry of a pip or pipx install."""
from __future__ import annotations

import configparser
import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

from context_center import APP_ID
from support.store import desktop_file_validate

PACKAGED_ENTRY = Path(__file__).resolve().parents[2] / "packaging" / "linux" / f"{APP_ID}.desktop"


def desktop(cli, data_home: Path, *args: str) -> subprocess.CompletedProcess:
    env = cli.env()
    env["XDG_DATA_HOME"] = str(data_home)
    return subprocess.run([*cli.argv("desktop", *args)], capture_output=True, text=True, env=env,
                          cwd=cli.workspace, timeout=60)


def entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def test_install_writes_a_valid_entry_that_starts_this_install_and_the_icon(cli, tmp_path):
    data = tmp_path / "xdg data"  # a space, so Exec needs quoting
    proc = desktop(cli, data, "install")
    assert proc.returncode == 0, proc
    written = data / "applications" / f"{APP_ID}.desktop"
    icon = data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    assert f"Wrote {written}" in proc.stdout and f"Wrote {icon}" in proc.stdout
    assert icon.read_bytes() == (resources.files("context_center.resources") / "context-center.svg").read_bytes()
    fields = entry(written)
    gui_script = Path(sys.executable).parent / "context-center-gui"
    if gui_script.exists():
        assert fields["Exec"] == (f'"{gui_script}"' if " " in str(gui_script) else str(gui_script))
        assert fields["TryExec"] == str(gui_script)
    else:
        assert fields["Exec"].endswith(" -m context_center")
    # everything but what points at this install is the packaged entry
    packaged = entry(PACKAGED_ENTRY)
    assert {k: v for k, v in fields.items() if k not in {"Exec", "TryExec"}} == \
           {k: v for k, v in packaged.items() if k not in {"Exec", "TryExec"}}
    assert not cli.root.joinpath("catalog.sqlite").exists(), "desktop must not open the engine"
    desktop_file_validate(written)


def test_exec_is_quoted_as_the_desktop_entry_spec_says(tmp_path):
    from context_center.cli.desktop_commands import render_entry

    text = render_entry(["/opt/my apps/bin/context-center-gui", "100%"])
    line = next(x for x in text.splitlines() if x.startswith("Exec="))
    assert line == 'Exec="/opt/my apps/bin/context-center-gui" 100%%'
    text = render_entry(['/o"dd/$x/gui'])
    line = next(x for x in text.splitlines() if x.startswith("Exec="))
    assert line == 'Exec="/o\\\\"dd/\\\\$x/gui"'
    path = tmp_path / f"{APP_ID}.desktop"
    path.write_text(text, encoding="utf-8")
    desktop_file_validate(path)


def test_uninstall_removes_exactly_what_install_wrote(cli, tmp_path):
    data = tmp_path / "data"
    apps = data / "applications"
    apps.mkdir(parents=True)
    neighbour = apps / "other.desktop"
    neighbour.write_text("[Desktop Entry]\n", encoding="utf-8")
    assert desktop(cli, data, "install").returncode == 0
    proc = desktop(cli, data, "uninstall", "--json")
    assert proc.returncode == 0, proc
    answer = json.loads(proc.stdout)
    assert sorted(answer["removed"]) == sorted([str(apps / f"{APP_ID}.desktop"),
                                                str(data / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg")])
    assert neighbour.exists() and sorted(p.name for p in apps.iterdir()) == ["other.desktop"]
    again = desktop(cli, data, "uninstall")
    assert again.returncode == 0 and "Not there:" in again.stdout
