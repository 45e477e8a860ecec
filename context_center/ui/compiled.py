"""The compiled Qt resources the package ships (``resources/compile.py`` makes them: themes.rcc,
icons.rcc): each registered with Qt once per process, under a root of its own, and read by path."""
from __future__ import annotations

from importlib import resources

from PySide6.QtCore import QFile, QIODevice, QResource

_registered: set[str] = set()


def read(rcc: str, path: str) -> bytes:
    """The file ``path`` (``themes/window.qss``) of the compiled resource ``rcc`` (``themes.rcc``);
    KeyError when it holds no such file, RuntimeError when the resource itself cannot be read."""
    root = "/context-center-" + rcc.removesuffix(".rcc")
    if rcc not in _registered:
        with resources.as_file(resources.files("context_center.resources") / rcc) as file_path:
            if not QResource.registerResource(str(file_path), root):
                raise RuntimeError(f"the resource {file_path} could not be read; reinstall Context Center")
        _registered.add(rcc)
    file = QFile(f":{root}/{path}")
    if not file.open(QIODevice.OpenModeFlag.ReadOnly):
        raise KeyError(f"{path} is not in {rcc}")
    try:
        return bytes(file.readAll().data())
    finally:
        file.close()
