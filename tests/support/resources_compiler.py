"""resources/compile.py loaded as a module for a test (it is a script, not part of the package)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]


def loaded_compiler(name: str) -> Iterator[ModuleType]:
    """The compile script as the module ``name``, for as long as the generator is held open."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "resources" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]
