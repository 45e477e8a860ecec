"""Whoosh reads its index with pickle; here it reads with an unpickler that builds only what an index
of ours holds, so a planted file runs nothing.

Whoosh keeps its schema, its segment list and parts of every segment as pickles (the table of
contents ``_MAIN_<n>.toc`` first of all), and ``pickle`` runs whatever callable a file names. The
index folder is derived data under the state root, which nothing from a remote writes (sync carries
fact folders only); this is the second wall. Every pickle reference in a loaded ``whoosh`` module
(``pickle.load``, ``pickle.loads``, the module itself) is replaced by one whose ``find_class``
admits exactly the classes an index of ours pickles: the twelve listed below, found by tracing
every load of a create, write, merge, delete and search cycle. A file naming anything else fails
to load like a corrupt one, and the index is rebuilt from the facts.
"""
from __future__ import annotations

import io
import pickle
import sys
import types
from typing import IO, Any

# (module, name) of every global an index of ours pickles (whoosh-ng 5.4.0, pinned exactly)
ALLOWED: frozenset[tuple[str, str]] = frozenset({
    ("builtins", "int"),
    ("collections", "defaultdict"),
    ("context_center.engine.search.index", "_FactTokenizer"),
    ("whoosh.analysis.tokenizers", "IDTokenizer"),
    ("whoosh.codec.whoosh3", "W3Codec"),
    ("whoosh.codec.whoosh3", "W3Segment"),
    ("whoosh.fields.numeric", "ID"),
    ("whoosh.fields.numeric", "STORED"),
    ("whoosh.fields.schema", "Schema"),
    ("whoosh.fields.text", "TEXT"),
    ("whoosh.formats", "Existence"),
    ("whoosh.formats", "Positions"),
})


class RefusedPickle(pickle.UnpicklingError):
    """A pickle named a global no index of ours holds."""


class IndexUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in ALLOWED:
            raise RefusedPickle(f"the search index names {module}.{name}, which no index of ours holds")
        return super().find_class(module, name)


def safe_load(file: IO[bytes], **kwargs: Any) -> Any:
    return IndexUnpickler(file, **kwargs).load()


def safe_loads(data: bytes, /, **kwargs: Any) -> Any:
    return IndexUnpickler(io.BytesIO(data), **kwargs).load()


def _shim() -> types.ModuleType:
    """``pickle`` as a module that imports it sees it, with the loads made safe."""
    shim = types.ModuleType("pickle")
    shim.__dict__.update({k: v for k, v in vars(pickle).items() if not k.startswith("__")})
    shim.__dict__.update(load=safe_load, loads=safe_loads, Unpickler=IndexUnpickler)
    return shim


_SHIM = _shim()
_REPLACEMENTS: tuple[tuple[Any, Any], ...] = ((pickle.load, safe_load), (pickle.loads, safe_loads),
                                               (pickle.Unpickler, IndexUnpickler), (pickle, _SHIM))
_patched: set[str] = set()


def harden_whoosh() -> None:
    """Replace every pickle reference in the ``whoosh`` modules loaded so far (each module once).
    Called when the search index module loads and before every open of an index folder, so a
    module Whoosh imports late is covered before it can read a file."""
    for name, module in list(sys.modules.items()):
        if name in _patched or not (name == "whoosh" or name.startswith("whoosh.")) or module is None:
            continue
        for attr, value in list(vars(module).items()):
            for raw, safe in _REPLACEMENTS:
                if value is raw:
                    setattr(module, attr, safe)
        _patched.add(name)


def unguarded_modules() -> list[str]:
    """``module.attr`` of every pickle reference left in a loaded ``whoosh`` module (a test checks none)."""
    return [f"{name}.{attr}" for name, module in list(sys.modules.items())
            if module is not None and (name == "whoosh" or name.startswith("whoosh."))
            for attr, value in list(vars(module).items())
            if any(value is raw for raw, _ in _REPLACEMENTS)]
