"""How the Instructions tab shows what one agent receives, or several side by side.

Rows are coloured by status: a cut or dropped file in the warning colour, a file read only on
demand or skipped in grey. Bodies show what the agent receives, and where a cut falls, the rest
of the file struck through.
"""
from __future__ import annotations

import html
from typing import Sequence

from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QTableWidget

from ...engine import (
    AGENT_DISPLAY_NAMES,
    DOCUMENT_STATUS_WORDS,
    AgentComparison,
    AgentDocument,
    AgentView,
)
from ..theme import tone, tone_color

AGENT_HEADERS = ["#", "Status", "File", "Bytes received", "≈ Tokens", "Why"]


def compare_headers(comparison: AgentComparison) -> list[str]:
    return ["File", *(AGENT_DISPLAY_NAMES[a] for a in comparison.views)]
_BACKGROUND = {"truncated": "removed_bg", "dropped": "removed_bg", "on_demand": "quiet_bg", "skipped": "quiet_bg"}


def agent_rows(view: AgentView) -> tuple[list[Sequence[object]], list[str]]:
    rows: list[Sequence[object]] = []
    tips: list[str] = []
    for d in view.documents:
        received = f"{d.kept_bytes:,} of {d.bytes:,}" if d.status == "truncated" else \
            f"{d.bytes:,}" if d.status == "loaded" else "—"
        tokens = f"{d.tokens:,}" if d.received or d.status == "on_demand" else "—"
        rows.append((d.order, DOCUMENT_STATUS_WORDS[d.status], d.label, received, tokens, d.reason))
        tips.append(f"{d.path}\n{d.status}: {d.reason}")
    return rows, tips


def comparison_rows(comparison: AgentComparison) -> tuple[list[Sequence[object]], list[str]]:
    rows: list[Sequence[object]] = []
    tips: list[str] = []
    for row in comparison.rows:
        rows.append((row.label, *(row.cell(a) for a in comparison.views)))
        tips.append(str(row.path))
    return rows, tips


def colour_rows(table: QTableWidget, statuses: Sequence[Sequence[str | None]]) -> None:
    """Colour each cell by the status it shows (``statuses[row][column]``; None leaves it plain)."""
    for r, row in enumerate(statuses):
        for c, status in enumerate(row):
            item = table.item(r, c)
            if item is None or status not in _BACKGROUND:
                continue
            item.setBackground(QBrush(tone_color(_BACKGROUND[status])))
            if status in ("truncated", "dropped"):
                item.setForeground(QBrush(tone_color("removed_fg")))


def agent_statuses(view: AgentView) -> list[list[str | None]]:
    return [[d.status] * len(AGENT_HEADERS) for d in view.documents]


def comparison_statuses(comparison: AgentComparison) -> list[list[str | None]]:
    return [[None, *(None if (d := row.per_agent[a]) is None else d.status for a in comparison.views)]
            for row in comparison.rows]


def summary(view: AgentView) -> str:
    name = AGENT_DISPLAY_NAMES[view.agent]
    received = sum(1 for d in view.documents if d.received)
    where = view.target.relative_to(view.workspace).as_posix() if view.target.is_relative_to(view.workspace) \
        else str(view.target)
    text = (f"{name}, started in {'the workspace root' if where == '.' else where}, receives {received} of "
            f"{len(view.documents)} file(s): {view.total_bytes:,} bytes, "
            f"≈{view.total_tokens:,} tokens")
    limit = view.limits.get("project_doc_max_bytes")
    if limit is not None:
        text += f"; project budget {limit:,} bytes ({view.limits.get('source')})"
    elif "memory_index_lines" in view.limits:
        text += (f"; auto memory index: {view.limits['memory_index_lines']} lines / "
                 f"{view.limits['memory_index_bytes']:,} bytes")
    return text


def warnings_html(warnings: Sequence[str]) -> str:
    return "".join(f'<p style="color:{tone("error")}"><b>⚠</b> {html.escape(w)}</p>' for w in warnings)


def document_html(document: AgentDocument) -> str:
    """What the agent receives of ``document``; a cut shows the lost rest struck through."""
    head = (f"<p><b>{html.escape(document.label)}</b> — {html.escape(document.status.replace('_', ' '))}: "
            f"{html.escape(document.reason)}</p>")
    if document.status == "truncated" and document.kept_bytes is not None:
        data = document.text.encode("utf-8")
        kept = data[:document.kept_bytes].decode("utf-8", errors="replace")
        rest = data[document.kept_bytes:].decode("utf-8", errors="replace")
        return (head + '<pre style="white-space: pre-wrap">' + html.escape(kept)
                + f'<span style="background:{tone("removed_bg")};color:{tone("removed_fg")}">✂ the agent stops '
                  f'here (line {document.cut_line}); what follows is not received</span>'
                + f'<span style="color:{tone("faded")};text-decoration:line-through">{html.escape(rest)}</span></pre>')
    if document.status in ("dropped", "skipped"):
        return head + f'<pre style="white-space: pre-wrap;color:{tone("faded")}">{html.escape(document.text)}</pre>'
    return head + f'<pre style="white-space: pre-wrap">{html.escape(document.body)}</pre>'


def comparison_html(comparison: AgentComparison, row_index: int | None) -> str:
    parts = []
    if row_index is not None and 0 <= row_index < len(comparison.rows):
        row = comparison.rows[row_index]
        parts.append(f"<p><b>{html.escape(row.label)}</b></p><ul>")
        for agent in comparison.views:
            document = row.per_agent[agent]
            fate = "does not read it" if document is None else \
                f"{document.status.replace('_', ' ')} — {document.reason}"
            parts.append(f"<li><b>{AGENT_DISPLAY_NAMES[agent]}</b>: {html.escape(fate)}</li>")
        parts.append("</ul>")
    totals = ", ".join(f"{AGENT_DISPLAY_NAMES[a]} {comparison.views[a].total_bytes:,} bytes"
                       for a in comparison.views)
    parts.append(f"<p>Received in all: {totals}.</p>")   # (the limits crossed are named above the table)
    if comparison.differences:
        parts.append("<p><b>Differences</b></p><ul>")
        parts += [f"<li>{html.escape(d.message)}</li>" for d in comparison.differences]
        parts.append("</ul>")
    else:
        parts.append(f"<p>The {len(comparison.views)} agents receive the same files.</p>")
    return "".join(parts)
