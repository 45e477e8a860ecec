"""The Instructions tab per agent: what Codex or Claude Code receives, cut files in the warning
colour, the three side by side, and the view kept live."""
from __future__ import annotations

import pytest

from context_center.ui.instructions import agent_views
from context_center.ui.theme import tone_color


def lines_of(count: int) -> str:
    return "".join(f"{i:05d} " + "x" * 93 + "\n" for i in range(1, count + 1))   # 100 bytes a line


def column(table, c: int) -> list[str]:
    return [table.item(r, c).text() for r in range(table.rowCount())]


def test_codex_view_shows_the_cut_file_and_the_dropped_one_in_the_warning_colour(agent_home, ui, qtbot, workspace):
    (workspace / "AGENTS.md").write_text(lines_of(200))
    (workspace / "pkg" / "web").mkdir(parents=True)
    (workspace / "pkg" / "AGENTS.md").write_text(lines_of(200).replace("x", "y"))
    (workspace / "pkg" / "web" / "AGENTS.md").write_text("the most specific rule\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_target(str(workspace / "pkg" / "web"))
    tab.set_agent("codex")
    qtbot.waitUntil(lambda: tab.documents.horizontalHeaderItem(1).text() == "Status"
                    and tab.documents.rowCount() == 3, timeout=10000)
    assert column(tab.documents, 1) == ["loaded", "CUT", "DROPPED"]
    assert column(tab.documents, 3) == ["20,000", "12,768 of 20,000", "—"]
    assert tab.documents.item(1, 2).foreground().color() == tone_color("removed_fg")
    assert tab.documents.item(2, 2).background().color() == tone_color("removed_bg")
    assert tab.warning.isVisibleTo(tab) and "workspace/pkg/AGENTS.md is cut at line 128" in tab.warning.text()
    assert "Codex, started in pkg/web, receives 2 of 3 file(s): 32,768 bytes" in tab.summary.text()
    tab.documents.setCurrentCell(1, 0)
    body = tab.body.toPlainText()
    assert "the agent stops here (line 128)" in body and "00200 " in body   # the lost rest is shown, struck

    tab.set_agent("reasonix")   # back to Context Center's own chain: its columns, no warning
    qtbot.waitUntil(lambda: tab.documents.horizontalHeaderItem(1).text() == "Scope", timeout=10000)
    assert not tab.warning.isVisibleTo(tab) and tab.view is None and tab.documents.rowCount() == 3


def test_claude_code_view_lists_on_demand_rules_and_stays_live(agent_home, ui, qtbot, workspace):
    (workspace / "CLAUDE.md").write_text("Claude rule\n")
    (workspace / ".claude" / "rules").mkdir(parents=True)
    (workspace / ".claude" / "rules" / "ts.md").write_text('---\npaths: "src/**/*.ts"\n---\nts rule\n')
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_agent("claude-code")
    qtbot.waitUntil(lambda: column(tab.documents, 2) == ["workspace/CLAUDE.md", "workspace/.claude/rules/ts.md"],
                    timeout=10000)
    assert column(tab.documents, 1) == ["loaded", "on demand"]
    memory = agent_home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in str(workspace))
    (memory / "memory").mkdir(parents=True)
    (memory / "memory" / "MEMORY.md").write_text("".join(f"- note {i}\n" for i in range(1, 231)))
    tab.reload()   # the auto memory folder did not exist before: F5, as a user would
    qtbot.waitUntil(lambda: "CUT" in column(tab.documents, 1), timeout=10000)
    (workspace / "CLAUDE.md").write_text("Claude rule, edited\n")   # the watcher brings the change
    qtbot.waitUntil(lambda: "Claude rule, edited" in _selected_body(tab, 0), timeout=10000)


def _selected_body(tab, row: int) -> str:
    tab.documents.setCurrentCell(row, 0)
    return tab.body.toPlainText()


def test_side_by_side_names_what_one_agent_misses(agent_home, ui, qtbot, workspace):
    (workspace / "CLAUDE.md").write_text("Claude-only rule: prefer small commits.\n")
    (workspace / "AGENTS.md").write_text("Shared rule.\n@docs/setup.md\n")
    (workspace / "docs").mkdir()
    (workspace / "docs" / "setup.md").write_text("Setup.\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_agent("compare")
    qtbot.waitUntil(lambda: tab.documents.horizontalHeaderItem(1).text() == "Reasonix"
                    and tab.documents.rowCount() == 3, timeout=10000)
    rows = {tab.documents.item(r, 0).text(): [tab.documents.item(r, c).text() for c in (1, 2, 3)]
            for r in range(3)}
    assert rows["workspace/CLAUDE.md"][2] == "—" and rows["workspace/CLAUDE.md"][1].startswith("loaded")
    body = tab.body.toPlainText()
    assert "workspace/CLAUDE.md reaches Reasonix, Claude Code and GitHub Copilot; Codex does not read it" in body
    assert "workspace/AGENTS.md:2 @docs/setup.md" in body and "Codex shows it literally" in body
    assert "difference" in tab.summary.text()



def test_the_side_by_side_shows_the_agents_picked_and_remembers_them(agent_home, open_window, qtbot, workspace):
    (workspace / "AGENTS.md").write_text("Shared rule: never push to main.\n")
    (workspace / ".cursor" / "rules").mkdir(parents=True)
    (workspace / ".cursor" / "rules" / "ts.mdc").write_text("---\nglobs: **/*.ts\n---\nStrict types.\n")
    ui = open_window("agents.ini")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_agent("compare")
    assert tab.pick_agents.isVisible()
    qtbot.waitUntil(lambda: tab.documents.columnCount() == 8, timeout=10000)   # the file and seven agents
    tab.set_compared(["cursor", "windsurf"])
    qtbot.waitUntil(lambda: [tab.documents.horizontalHeaderItem(c).text() for c in range(tab.documents.columnCount())]
                    == ["File", "Cursor", "Windsurf"], timeout=10000)
    rows = {tab.documents.item(r, 0).text(): tab.documents.item(r, 1).text() for r in range(tab.documents.rowCount())}
    assert rows["workspace/.cursor/rules/ts.mdc"] == "on demand" and rows["workspace/AGENTS.md"].startswith("loaded")
    tab.agent_actions["windsurf"].setChecked(False)
    tab.agent_actions["cursor"].setChecked(False)   # the last one checked stays checked
    assert tab.agent_actions["cursor"].isChecked() and tab.compared == ["cursor"]
    ui.window.close()
    again = open_window("agents.ini").window.instructions   # the same settings: the same choice
    assert [a for a, action in again.agent_actions.items() if action.isChecked()] == ["cursor"]
    again.set_agent("cursor")
    assert not again.pick_agents.isVisible()
    qtbot.waitUntil(lambda: again.documents.rowCount() == 2, timeout=10000)
    whys = [again.documents.item(r, agent_views.WHY_COLUMN).text() for r in range(2)]
    assert any("globs **/*.ts" in why for why in whys)


def test_quick_add_goes_to_a_file_the_agent_in_view_reads_and_says_which(agent_home, ui, qtbot, workspace):
    """Issue #36, point 6: quick add defaulted to AGENTS.md while the view showed Claude Code."""
    (workspace / "AGENTS.md").write_text("# Rules\n\n- Use pnpm.\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_agent("claude-code")
    qtbot.waitUntil(lambda: tab.add_to_note.isVisibleTo(tab), timeout=10000)
    assert tab.add_to_note.text().startswith("Claude Code reads none of the files quick add writes to")

    (workspace / "CLAUDE.md").write_text("# Claude\n\n- Be brief.\n")
    tab.reload()
    qtbot.waitUntil(lambda: tab.add_to.currentData() == str(workspace / "CLAUDE.md"), timeout=10000)
    assert tab.add_to_note.text() == "Quick add writes to workspace/CLAUDE.md, which Claude Code reads."

    tab.set_agent("codex")   # Codex reads AGENTS.md
    qtbot.waitUntil(lambda: tab.add_to.currentData() == str(workspace / "AGENTS.md"), timeout=10000)
    assert tab.add_to_note.text() == "Quick add writes to workspace/AGENTS.md, which Codex reads."


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_side_by_side_of_every_agent_fits_without_cutting_a_cell(agent_home, ui, qtbot, workspace, size):
    """At 1280×800 the File column was squeezed to "…" and the Windsurf column cut off: the seven
    agents' columns and the file's name are all shown whole, without a sideways scroll."""
    (workspace / "AGENTS.md").write_text("Shared rule: never push to main.\n")
    (workspace / ".cursor" / "rules").mkdir(parents=True)
    (workspace / ".cursor" / "rules" / "typescript.mdc").write_text("---\nglobs: **/*.ts\n---\nStrict types.\n")
    ui.window.resize(*size)
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_agent("compare")
    table = tab.documents
    qtbot.waitUntil(lambda: table.columnCount() == 8 and table.rowCount() >= 2, timeout=10000)
    header = table.horizontalHeader()
    qtbot.waitUntil(lambda: header.length() <= table.viewport().width(), timeout=5000)
    assert table.horizontalScrollBar().maximum() == 0
    for column in range(table.columnCount()):   # each cell and header whole: nothing elided
        needed = max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
        assert header.sectionSize(column) >= needed, (column, table.horizontalHeaderItem(column).text())


def _every_agent_reads_something(workspace) -> None:
    (workspace / "AGENTS.md").write_text("Shared rule: run the tests before a commit.\n@docs/setup.md\n")
    (workspace / "docs").mkdir()
    (workspace / "docs" / "setup.md").write_text("Setup: make install.\n")
    (workspace / "CLAUDE.md").write_text("Claude rule: prefer small commits.\n")
    (workspace / "GEMINI.md").write_text("Gemini rule.\n")
    (workspace / ".github").mkdir()
    (workspace / ".github" / "copilot-instructions.md").write_text("Copilot rule.\n")
    (workspace / ".cursorrules").write_text("Cursor rule.\n")
    (workspace / ".windsurfrules").write_text("Windsurf rule.\n")


def test_the_side_by_side_says_why_in_the_windows_language(agent_home, ui, qtbot, workspace):
    """The Chinese window's side by side gave the engine's English reasons ("the workspace root's
    file", "… every request"): each is worded by its code, in Chinese."""
    from PySide6.QtWidgets import QApplication

    from context_center.ui import language
    _every_agent_reads_something(workspace)
    app = QApplication.instance()
    language.install(app, "zh_CN")
    try:
        tab = ui.window.instructions
        ui.window.tabs.setCurrentWidget(tab)
        tab.set_agent("compare")
        qtbot.waitUntil(lambda: tab.documents.columnCount() == 8 and tab.documents.rowCount() >= 7, timeout=10000)
        shown = ""
        for row in range(tab.documents.rowCount()):
            tab.documents.setCurrentCell(row, 0)
            shown += tab.body.toPlainText() + "\n"
        for english in ("the workspace root's file", "the project root's file", "the coding agent reads it",
                        "every request", "every conversation", "imported into", "imported by",
                        "your instructions for every", "the folder Claude Code runs in", "the project's root",
                        "the deprecated single rules file", "the older single rules file", "repository-wide"):
            assert english not in shown, english
        assert "工作区根目录" in shown and "每次请求" in shown and "每次对话" in shown
        tab.set_agent("copilot")   # an agent's own view: its Why column too
        qtbot.waitUntil(lambda: tab.documents.columnCount() == len(agent_views.AGENT_HEADERS)
                        and tab.documents.rowCount() >= 2, timeout=10000)
        whys = column(tab.documents, agent_views.WHY_COLUMN)
        assert not any("every request" in why or "reads it" in why for why in whys), whys
    finally:
        language.install(app, "en")


def test_reasonixs_total_adds_up_to_its_rows_and_says_what_the_framing_adds(agent_home, ui, qtbot, workspace):
    """Reasonix's total in the side by side was not the sum of its rows (it frames each import and
    trims blank edges) and nothing said why: the detail gives the sum, in bytes."""
    (workspace / "AGENTS.md").write_text("Shared rule.\n@docs/setup.md\n\n")
    (workspace / "docs").mkdir()
    (workspace / "docs" / "setup.md").write_text("Setup: make install.\n")
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_compared(["reasonix", "codex"])
    tab.set_agent("compare")
    qtbot.waitUntil(lambda: tab.documents.columnCount() == 3 and tab.documents.rowCount() == 2, timeout=10000)
    comparison = tab.view
    rows = sum(int(tab.documents.item(r, 1).text().split()[1].replace(",", "")) for r in range(2))
    assert rows == 29 + 21   # "loaded 29 B + imports", "loaded 21 B": the files' sizes
    received = comparison.received("reasonix")
    assert received.files == rows and received.framing > 0 and received.other < 0
    assert received.files + received.framing + received.other == comparison.views["reasonix"].total_bytes
    body = tab.body.toPlainText()
    assert (f"Reasonix: {rows} bytes in the files of its rows + {received.framing} bytes of import framing "
            f"(the <instruction-import> lines around each file it imports) − {-received.other} bytes it leaves "
            f"out") in body
    assert f"= {received.total} bytes received." in body and f"Reasonix {received.total} bytes" in body
    assert body.count("bytes in the files of its rows") == 1


def test_reasonixs_own_view_counts_bytes_as_the_side_by_side_does(agent_home, ui, qtbot, workspace):
    """Reasonix's view said "130 characters" of a file the side by side called 131 bytes: both count
    bytes now, and say what Reasonix leaves out (a trailing newline; "é" is two bytes, one character)."""
    (workspace / "AGENTS.md").write_text("Règle: café.\n" * 10 + "\n")
    size = len(("Règle: café.\n" * 10 + "\n").encode())
    tab = ui.window.instructions
    ui.window.tabs.setCurrentWidget(tab)
    tab.set_agent("reasonix")
    qtbot.waitUntil(lambda: tab.documents.rowCount() == 1
                    and tab.documents.horizontalHeaderItem(4).text() == "Bytes received", timeout=10000)
    own = tab.documents.item(0, 4).text()
    assert own == f"{size - 2:,}"   # the blank edge trimmed, in bytes (not 128 characters)
    assert f"{size - 2:,} bytes received" in tab.summary.text() and "characters" not in tab.summary.text()
    tab.set_compared(["reasonix", "codex"])
    tab.set_agent("compare")
    qtbot.waitUntil(lambda: tab.documents.columnCount() == 3 and tab.documents.rowCount() == 1, timeout=10000)
    body = tab.body.toPlainText()
    assert f"loaded {size:,} B" == tab.documents.item(0, 1).text()
    assert (f"Reasonix: {size:,} bytes in the files of its rows − 2 bytes it leaves out (blank lines at the edges, "
            f"and each @import line the file replaces) = {size - 2:,} bytes received.") in body


def _values_and_limits(workspace, home) -> None:
    """Reasons built from values: a rule's globs or applyTo, a claudeMdExcludes pattern, an auto
    memory index past its lines, a file Codex cuts and one it drops; an import that leaves the
    workspace, one file imported by another, rules only some agents receive."""
    import json
    (workspace / "AGENTS.md").write_text("# Rules\n- Run the tests before every commit.\n@docs/setup.md\n"
                                         "@../secrets.md\n" + "- a filler line for Codex to cut\n" * 6)
    (workspace / "docs").mkdir()
    (workspace / "docs" / "setup.md").write_text("Setup: make install.\n")
    (workspace / "pkg").mkdir()
    (workspace / "pkg" / "AGENTS.md").write_text("- The package's own rule, dropped by Codex.\n")
    (workspace / "CLAUDE.md").write_text("- Claude alone: prefer small commits.\n@AGENTS.md\n")
    (workspace / ".github" / "instructions").mkdir(parents=True)
    (workspace / ".github" / "instructions" / "ts.instructions.md").write_text(
        '---\napplyTo: "**/*.ts"\n---\n- TypeScript strict mode.\n')
    (workspace / ".cursor" / "rules").mkdir(parents=True)
    (workspace / ".cursor" / "rules" / "web.mdc").write_text("---\nglobs: src/**/*.tsx\n---\n- Functions.\n")
    (workspace / ".cursor" / "rules" / "db.mdc").write_text("---\ndescription: migrations\n---\n- Reversible.\n")
    (workspace / ".windsurf" / "rules").mkdir(parents=True)
    (workspace / ".windsurf" / "rules" / "py.md").write_text('---\ntrigger: glob\nglobs: "**/*.py"\n---\n- ruff.\n')
    (workspace / ".windsurf" / "rules" / "manual.md").write_text("---\ntrigger: manual\n---\n- By hand.\n")
    (workspace / ".claude" / "rules").mkdir(parents=True)
    (workspace / ".claude" / "rules" / "ts.md").write_text('---\npaths: "src/**/*.ts"\n---\n- ts rule\n')
    (workspace / ".claude" / "settings.json").write_text(json.dumps({"claudeMdExcludes": ["**/legacy/CLAUDE.md"]}))
    (workspace / "pkg" / "legacy").mkdir()
    (workspace / "pkg" / "legacy" / "CLAUDE.md").write_text("- legacy rule\n")
    memory = home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in str(workspace)) / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("".join(f"- note {i}\n" for i in range(1, 231)))
    (memory / "topic.md").write_text("topic\n")
    (home / ".codex").mkdir()
    (home / ".codex" / "config.toml").write_text("project_doc_max_bytes = 200\n")


# (applyTo, globs, trigger glob, claudeMdExcludes: the agents' own keys, kept in Chinese too)
ENGLISH_LEFT = ("claudeMdExcludes: ", "a rule with paths", "auto memory", "a topic file", "budget", "cut at byte",
                ": every file", "attached when", "reads its description", "when a matching file", "@-mention",
                "past 200 lines", "stops before line", "leaves workspace", "is imported by", "kept once",
                " reaches ", "does not read it", " only", "shows it literally", "expands it", " and ", "rule '",
                "project chain is over", "is cut at line", "is dropped", "Codex does not tell")


def test_the_chinese_window_words_what_the_engine_built_from_values(agent_home, ui, qtbot, workspace):
    """The Chinese window kept the engine's English where a reason, a warning, a diagnostic or a
    difference is made of values (a rule's globs, a budget, a file's name): each carries its code
    and values, and is worded in Chinese."""
    from PySide6.QtWidgets import QApplication

    from context_center.ui import language
    _values_and_limits(workspace, agent_home)
    app = QApplication.instance()
    language.install(app, "zh_CN")
    try:
        tab = ui.window.instructions
        ui.window.tabs.setCurrentWidget(tab)
        tab.set_target(str(workspace / "pkg"))
        shown: list[str] = []
        for agent in ("claude-code", "codex", "copilot", "cursor", "windsurf", "compare"):
            tab.set_agent(agent)
            qtbot.waitUntil(lambda a=agent: (tab.view is not None and getattr(tab.view, "agent", "compare") == a
                                             and tab.documents.rowCount() > 0), timeout=10000)
            shown.append(tab.warning.text())
            shown += [tab.diagnostics.item(r, 2).text() for r in range(tab.diagnostics.rowCount())]
            if agent != "compare":
                shown += column(tab.documents, agent_views.WHY_COLUMN)
            for row in range(tab.documents.rowCount()):
                tab.documents.setCurrentCell(row, 0)
                shown.append(tab.body.toPlainText().split("\n", 1)[0] if agent != "compare"
                             else tab.body.toPlainText())
        text = "\n".join(shown)
        left = sorted({english for english in ENGLISH_LEFT if english in text})
        assert not left, (left, [line for line in text.split("\n") if any(e in line for e in left)][:6])
        for chinese in ("claudeMdExcludes 排除", "带路径的规则", "自动记忆索引超过 200 行", "预算已被它上面的文件用完",
                        "applyTo **/*.ts：Copilot 处理匹配的文件时读取", "对话中有匹配的文件时附加", "trigger glob（",
                        "超出了 workspace", "只送达", "不读取它", "按原文显示", "送达"):
            assert chinese in text, chinese
    finally:
        language.install(app, "en")


def test_a_button_with_a_menu_keeps_its_arrow_off_its_words(open_window):
    """"Agents…" was a tool button whose menu arrow sat on its "…" (a new user's screenshot): every
    button of the window that opens a menu is wide enough for its words, the arrow and a margin."""
    from PySide6.QtWidgets import QPushButton, QStyle, QToolButton
    window = open_window("arrows.ini").window
    buttons = [b for b in window.findChildren(QPushButton) + window.findChildren(QToolButton)
               if b.menu() is not None and b.text()]
    assert window.instructions.pick_agents in buttons
    for button in buttons:
        style = button.style()
        needed = (button.fontMetrics().horizontalAdvance(button.text().replace("&", ""))
                  + style.pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, button)
                  + style.pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, None, button))
        assert button.sizeHint().width() >= needed, (button.objectName(), button.text())


def test_every_code_the_engine_says_has_the_windows_words_with_the_same_values():
    """A reason whose code the window did not know was shown in the engine's English (#49 item 18):
    each code has its words here, naming the same values."""
    import string

    from context_center.engine.instructions.reasons import REASONS

    def fields(text: str) -> set[str]:
        return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name}

    missing = sorted(set(REASONS) - set(agent_views.REASON_WORDS))
    assert missing == []
    assert {code: fields(REASONS[code]) for code in REASONS} == \
        {code: fields(agent_views.REASON_WORDS[code]) for code in REASONS}


def test_a_warning_and_a_diagnostic_are_said_in_chinese(qapp):
    from PySide6.QtWidgets import QApplication

    from context_center.engine.instructions.reasons import Reason
    from context_center.ui import language
    app = QApplication.instance()
    language.install(app, "zh_CN")
    try:
        warning = agent_views.worded(Reason("cursor_always_text", file="workspace/.cursor/rules/a.mdc",
                                            value="'maybe'"))
        cut = agent_views.worded(Reason("file_said", file="~/g.md", said=Reason(
            "cut_chars", why=Reason("windsurf_global_cap", limit="6,000"), total="6,502", limit="6,000", line=1)))
        names = agent_views.worded(Reason("gemini_file_names", file=".gemini/settings.json", names="3 names", count=3,
                                          read="1", most=32))
        suggested = agent_views.worded(Reason("suggest_said", said="以后", sessions="2 sessions", count=2,
                                              kind=Reason("suggest_user")))
        aligned = agent_views.worded(Reason("align_claude_differs", lines="1 line", count=1))
    finally:
        language.install(app, "en")
    assert "2 个会话" in suggested and "personal preference" not in suggested
    assert "1 行" in aligned and "differ" not in aligned
    for said in (warning, cut, names):
        assert not any(word in said for word in ("alwaysApply is the text", "characters", "cut after", "names;",
                                                 "are read here")), said
    assert "workspace/.cursor/rules/a.mdc" in warning and "'maybe'" in warning and "6,502" in cut


def test_codex_and_gemini_memories_and_a_linked_file_are_said_in_chinese(qapp):
    """Codex's memories, its second global file, Gemini CLI's saved memories, a linked rules file and
    an import that is not UTF-8 were said in English in the Chinese window (#49 item 18)."""
    from PySide6.QtWidgets import QApplication

    from context_center.engine.instructions.reasons import Reason
    from context_center.ui import language
    app = QApplication.instance()
    language.install(app, "zh_CN")
    try:
        said = [agent_views.worded(reason) for reason in (
            Reason("codex_memories_off_how"), Reason("codex_memory_summary_cut", tokens="5,000"),
            Reason("codex_read_instead", file="~/.codex/AGENTS.override.md", names="AGENTS.override.md, AGENTS.md"),
            Reason("gemini_memories_warning", file="~/.gemini/GEMINI.md", heading="## Gemini Added Memories"),
            Reason("symlink_to", reason=Reason("cursor_legacy"), target="docs/rules.md"),
            Reason("at_line", where="workspace/CLAUDE.md:1", problem=Reason(
                "import_unreadable", target="docs/latin1.md", why=Reason("not_utf8_text"))))]
    finally:
        language.install(app, "en")
    assert said[0].startswith("Codex 记忆已关闭") and "5,000 个 token" in said[1]
    assert "~/.codex/AGENTS.override.md" in said[2] and "## Gemini Added Memories" in said[3]
    for text in said:
        assert not any(word in text for word in ("memories are off", "memory summary", "read instead", "holds memories",
                                                 "symbolic link", "deprecated", "not UTF-8 text")), text


def test_why_a_file_cannot_be_read_is_said_in_chinese(qapp):
    """The reader's refusal (a pipe, a file over its limit) and the system's common errors were said
    in English in the Chinese window's diagnostics (#49 item 18); a rarer error keeps the system's words."""
    import errno
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    from context_center.engine.instructions.reasons import Reason, why_not_read
    from context_center.engine.storage.safe_read import UnsafeFile
    from context_center.ui import language
    pipe = why_not_read(UnsafeFile(Path("p"), "not a regular file (a pipe, a device or a folder); not read",
                                   "unsafe_not_regular"))
    denied = why_not_read(PermissionError(errno.EACCES, "Permission denied"))
    odd = why_not_read(OSError(errno.EXDEV, "Invalid cross-device link"))
    app = QApplication.instance()
    language.install(app, "zh_CN")
    try:
        said = [agent_views.worded(Reason("file_unreadable", file="workspace/AGENTS.md", why=why))
                for why in (pipe, denied, odd)]
    finally:
        language.install(app, "en")
    assert str(denied) == "Permission denied" and str(pipe).startswith("not a regular file")
    assert "管道" in said[0] and "not a regular file" not in said[0]
    assert "权限不足" in said[1] and "Permission" not in said[1]
    assert "Invalid cross-device link" in said[2] and "workspace/AGENTS.md" in said[2]
