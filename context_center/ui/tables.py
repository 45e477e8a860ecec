"""Read-only tables of plain rows, the same way in every tab."""
from __future__ import annotations

from typing import Sequence

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem


def read_only_table(headers: Sequence[str], name: str, *, stretch: int | None = None,
                    select_rows: bool = True) -> QTableWidget:
    """A table sized to its contents, with ``stretch`` (default: the last column) taking the rest."""
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    if select_rows:
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.verticalHeader().hide()
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(len(headers) - 1 if stretch is None else stretch, QHeaderView.ResizeMode.Stretch)
    return table


def fill(table: QTableWidget, rows: Sequence[Sequence[object]], tooltips: Sequence[str] | None = None) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem(str(value))
            item.setToolTip(tooltips[r] if tooltips else str(value))  # columns clip: the full text on hover
            table.setItem(r, c, item)
