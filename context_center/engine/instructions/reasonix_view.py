"""Reasonix's view: Context Center's own chain (Reasonix's rules), told in the per-agent shape.

Its JSON is today's ``instructions`` answer (the same documents, digest and diagnostics: a
duplicate stays a diagnostic, as it always was) with the per-agent keys added.
"""
from __future__ import annotations

from pathlib import Path

from ..storage.safe_read import read_regular_bytes
from .agent_rules import REASONIX
from .agent_view import AgentDocument, AgentView
from .reasons import REASONS, Reason
from .resolver import InstructionSet


def reasonix_view(resolved: InstructionSet) -> AgentView:
    documents = []
    for d in resolved.documents:
        size = len(d.body.encode("utf-8"))
        reason = Reason(f"reasonix_{d.scope}", imports=", ".join(d.imports)) if f"reasonix_{d.scope}" in REASONS \
            else d.scope + (f"; imports {', '.join(d.imports)}" if d.imports else "")
        documents.append(AgentDocument(d.label, d.scope, d.order, d.path, size, "loaded", reason, d.body, _raw(d.path),
                                       imports=d.imports, priority=d.priority))
    return AgentView("reasonix", resolved.workspace, resolved.target, tuple(documents), resolved.diagnostics,
                     {"import_max_depth": REASONIX.import_max_depth}, (), resolved.folders,
                     {"digest": resolved.digest})



def _raw(path: Path) -> str:
    """The file as written (imports unexpanded), for line numbers; "" if it changed into something unreadable."""
    try:
        return read_regular_bytes(path).decode("utf-8", errors="replace").replace("\r\n", "\n")
    except OSError:
        return ""
