"""Read-only tables of plain rows, the same way in every tab."""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTableWidget, QTableWidgetItem


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
    """Put ``rows`` in ``table`` (the full text of each cell on hover: columns clip). A column that
    sizes itself to its contents is measured once, after the last row: measured on every cell put
    in, a few hundred rows froze the window for seconds."""
    header = table.horizontalHeader()
    sized = [c for c in range(table.columnCount())
             if header.sectionResizeMode(c) == QHeaderView.ResizeMode.ResizeToContents]
    for c in sized:
        header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
    table.setUpdatesEnabled(False)
    try:
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                item = QTableWidgetItem(str(value))
                item.setToolTip(tooltips[r] if tooltips else str(value))
                table.setItem(r, c, item)
    finally:
        for c in sized:
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        table.setUpdatesEnabled(True)


def read_only_view(model: QAbstractItemModel, name: str, *, sized: Sequence[int] = (),
                   precision: int = 200) -> QTableView:
    """A table over ``model`` that looks and behaves as :func:`read_only_table`'s: the columns in
    ``sized`` size to their contents, measured on the first ``precision`` rows and those in view
    (every row of a thousand cost the window a tenth of a second), the last column takes the rest."""
    table = QTableView()
    table.setObjectName(name)
    table.setModel(model)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.verticalHeader().hide()
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setResizeContentsPrecision(precision)
    header.setStretchLastSection(True)
    for column in sized:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table
