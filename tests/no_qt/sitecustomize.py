"""Put on PYTHONPATH to run Python as if PySide6 were not installed (tests/test_without_qt.py).

The engine, the command line and the hook must work on a machine without Qt: a
server, a container, a CI job. Importing PySide6 or shiboken6 here fails the way a
missing package does.
"""
import importlib.abc
import sys

BLOCKED = ("PySide6", "shiboken6")


class _NoQt(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {fullname!r} (blocked: running without Qt)",
                                      name=fullname)
        return None


sys.meta_path.insert(0, _NoQt())
