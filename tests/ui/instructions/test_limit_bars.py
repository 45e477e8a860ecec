"""Each file as a bar against its agent's limit, in the limit's unit: Codex's shared 32 KiB budget
(the file that crosses it drawn past the limit line in the error tone), Claude Code's MEMORY.md
in lines and bytes; the words beside the bar say the same figures."""
from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QRect

from context_center.ui.instructions.agent_views import METER_COLUMN
from context_center.ui.instructions.limit_bars import METERS_ROLE
from context_center.ui.theme import tone_color


def drawn(table, row: int, column: int) -> Counter:
    """The colours drawn in one cell (what the user sees of it), scrolled into view."""
    table.scrollToItem(table.item(row, column))
    rect: QRect = table.visualRect(table.model().index(row, column))
    image = table.viewport().grab(rect).toImage()
    return Counter(image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height()))


def test_codex_files_as_bars_against_the_32_kib_budget(agent_home, ui, qtbot, workspace):
    (workspace / "AGENTS.md").write_text("r" * 19_999 + "\n")
    (workspace / "pkg").mkdir()
    (workspace / "pkg" / "AGENTS.md").write_text("p" * 19_999 + "\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_target(str(workspace / "pkg"))
    tab.set_agent("codex")
    table = tab.documents
    qtbot.waitUntil(lambda: table.horizontalHeaderItem(METER_COLUMN) is not None
                    and table.horizontalHeaderItem(METER_COLUMN).text() == "Against the limit"
                    and table.rowCount() == 2, timeout=10000)
    assert [table.item(r, METER_COLUMN).text() for r in range(2)] == [
        "20,000 bytes of 32,768", "20,000 bytes after 20,000 of 32,768"]
    assert [(m.before, m.used, m.limit) for m in table.item(1, METER_COLUMN).data(METERS_ROLE)] == [
        (20_000, 20_000, 32_768)]
    error, within = tone_color("error").name(), tone_color("chart_instructions").name()
    first, second = drawn(table, 0, METER_COLUMN), drawn(table, 1, METER_COLUMN)
    assert first[within] > 0 and first[error] == 0          # within the budget
    assert second[error] > 0 and second[within] > 0         # crosses it: the part past the line in red
    assert drawn(table, 0, METER_COLUMN + 1)[within] == 0   # the Why column: words only


def test_claude_code_s_memory_index_in_lines_and_bytes(agent_home, ui, qtbot, workspace):
    folder = agent_home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in str(workspace))
    (folder / "memory").mkdir(parents=True)
    (folder / "memory" / "MEMORY.md").write_text("".join(f"- [topic {i}](t{i}.md)\n" for i in range(1, 251)))
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_agent("claude-code")
    table = tab.documents
    qtbot.waitUntil(lambda: any(table.item(r, 2).text().endswith("MEMORY.md") for r in range(table.rowCount()))
                    and table.columnCount() > METER_COLUMN, timeout=10000)
    row = next(r for r in range(table.rowCount()) if table.item(r, 2).text().endswith("MEMORY.md"))
    text = table.item(row, METER_COLUMN).text()
    assert text.startswith("250 lines of 200 · ") and text.endswith("bytes of 25,000")
    assert drawn(table, row, METER_COLUMN)[tone_color("error").name()] > 0   # 50 lines past the limit
