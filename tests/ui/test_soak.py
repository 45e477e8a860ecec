"""Ordinary typing and large tables must not wear the process down.

PySide6 6.12.0 on CPython 3.11 dropped one reference to ``None`` per void call and per
signal delivered to a Python slot; after ~100,000 of them the interpreter aborted with
``none_dealloc``. This makes that many calls through the app's own widgets and checks
that the reference count of ``None`` does not drain.
"""
import gc
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

CALLS = 60_000


@pytest.mark.slow
def test_typing_into_the_fact_form_and_filling_a_large_table_keeps_none_alive(ui, qtbot):
    form = ui.window.facts.writes.new_fact()
    form.fields["title"].setText("Soak")
    QTest.keyClicks(form.body, "typed text, " * 130)  # ~1,560 keystrokes through validate()
    assert form.body.toPlainText().startswith("typed text")
    table = QTableWidget(2000, 10)
    qtbot.addWidget(table)
    for row in range(2000):
        for column in range(10):
            table.setItem(row, column, QTableWidgetItem(f"{row}:{column}"))  # 20,000 void calls
    QTest.keyClick(form.body, Qt.Key.Key_End)
    gc.collect()
    gc.disable()  # freeing unrelated garbage would also lower the count: measure the calls alone
    try:
        before = sys.getrefcount(None)
        for n in range(CALLS):
            form.fields["description"].setText("xy"[n % 2])  # a void call and a textChanged delivery each
        after = sys.getrefcount(None)
    finally:
        gc.enable()
    assert after > before - CALLS // 10, f"None lost {before - after} references in {CALLS} calls: pin PySide6"
    form.discard()
