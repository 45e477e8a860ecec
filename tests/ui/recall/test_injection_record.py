"""The Recall tab's "What agents received": the hook's record in a timeline, its trace, and
"Why not this fact?"."""
import json
import subprocess
import sys


def run_hook(ui, prompt: str, session: str) -> None:
    """The Claude Code hook, as Claude Code runs it: another process writing the record."""
    event = json.dumps({"session_id": session, "prompt": prompt, "cwd": str(ui.workspace),
                        "hook_event_name": "UserPromptSubmit"})
    subprocess.run([sys.executable, "-m", "context_center", "--state-root", str(ui.state_root), "hook",
                    "claude-code"], input=event, text=True, check=True, capture_output=True, cwd=ui.workspace,
                   timeout=60)


def timeline(view) -> list[tuple[str, str]]:
    return [(view.timeline.item(r, 1).text(), view.timeline.item(r, 5).text())
            for r in range(view.timeline.rowCount())]


def test_the_hook_record_shows_in_the_timeline_with_its_trace_and_why_not(ui, qtbot):
    ui.remember(name="build-cache", body="The build cache lives in S3.")
    ui.remember(name="cache-size", body="The cache holds 40 GB.")
    ui.window.tabs.setCurrentWidget(ui.window.recall)
    tab = ui.window.recall
    view = tab.injections
    tab.pages.setCurrentWidget(view)
    qtbot.waitUntil(lambda: "No injection has been recorded" in view.outcome.text(), timeout=10000)

    run_hook(ui, "where does the build cache live", "sess-a")
    run_hook(ui, "continue", "sess-b")
    qtbot.waitUntil(lambda: view.timeline.rowCount() == 2, timeout=15000)   # the tab's poll finds them
    assert timeline(view) == [("sess-b", "continue"), ("sess-a", "where does the build cache live")]
    assert view.timeline.item(0, 4).text() == "suppressed: generic user turn"
    assert [view.sessions.itemText(i) for i in range(view.sessions.count())] == ["All sessions", "sess-b", "sess-a"]

    view.sessions.setCurrentIndex(view.sessions.findData("sess-a"))
    qtbot.waitUntil(lambda: timeline(view) == [("sess-a", "where does the build cache live")], timeout=10000)
    assert view.selected()["session_id"] == "sess-a"
    assert "the agent received 1 fact(s)" in view.outcome.text()
    rows = {view.trace.item(r, 0).text(): (view.trace.item(r, 2).text(), view.trace.item(r, 4).text())
            for r in range(view.trace.rowCount())}
    assert rows["project/build-cache.md"][0] == "injected"
    assert rows["project/cache-size.md"][0] == "rejected" and "weak match" in rows["project/cache-size.md"][1]

    row = next(r for r in range(view.trace.rowCount()) if view.trace.item(r, 0).text() == "project/cache-size.md")
    view.trace.selectRow(row)   # choosing a traced fact chooses it for "why not"
    assert view.fact_choice.currentData() == "project/cache-size.md"
    completer = view.fact_choice.completer()   # typing finds a fact among them all, by any part of it
    completer.setCompletionPrefix("CACHE-SIZE")
    assert completer.completionCount() == 1 and completer.currentCompletion().startswith("project/cache-size.md")
    assert view.why_button.isEnabled()
    view.ask_why_not()
    qtbot.waitUntil(lambda: "rejected — weak match" in view.why_result.text(), timeout=10000)
    assert "The record says: rejected: weak match" in view.why_result.text()


def test_f5_reloads_the_timeline_and_a_new_workspace_clears_it(ui, qtbot, tmp_path):
    ui.remember(name="build-cache", body="The build cache lives in S3.")
    tab = ui.window.recall
    ui.window.tabs.setCurrentWidget(tab)
    tab.poll.stop()   # only F5 may find the record
    run_hook(ui, "where does the build cache live", "sess-a")
    ui.window.refresh_all()
    qtbot.waitUntil(lambda: tab.injections.timeline.rowCount() == 1, timeout=10000)
    other = tmp_path / "other-repo"
    (other / ".git").mkdir(parents=True)
    ui.window.open_workspace(str(other))
    qtbot.waitUntil(lambda: tab.injections.timeline.rowCount() == 0, timeout=10000)
    ui.idle()


def test_the_record_and_why_not_are_worded_in_the_window_s_language(ui, qtbot):
    """The Chinese window showed the record's trace, a suppressed turn and the "why not" answer in
    the engine's English; the engine keeps each reason's code and values in the record, and the
    window words them. Nothing of the English sentences is left."""
    import re

    from PySide6.QtWidgets import QApplication

    from context_center.ui import language

    ui.remember(name="build-cache", body="The build cache lives in S3.")
    ui.remember(name="cache-size", body="The cache holds 40 GB.")
    run_hook(ui, "continue", "sess-b")
    run_hook(ui, "where does the build cache live", "sess-a")
    app = QApplication.instance()
    try:
        language.install(app, "zh_CN")
        ui.window.tabs.setCurrentWidget(ui.window.recall)
        view = ui.window.recall.injections
        ui.window.recall.pages.setCurrentWidget(view)
        qtbot.waitUntil(lambda: view.timeline.rowCount() == 2 and view.fact_choice.count() == 2, timeout=15000)
        suppressed = view.timeline.item(1, 4).text()
        assert "generic user turn" not in suppressed and re.search(r"[\u4e00-\u9fff]{4}", suppressed), suppressed
        view.timeline.selectRow(0)
        qtbot.waitUntil(lambda: view.trace.rowCount() == 2, timeout=10000)
        reasons = {view.trace.item(r, 0).text(): view.trace.item(r, 4).text() for r in range(view.trace.rowCount())}
        for said in reasons.values():
            assert re.search(r"[\u4e00-\u9fff]{2}", said) and not re.search(r"\b(?:matched|weak|scope)\b", said), said
        assert "'cache'" in reasons["project/cache-size.md"]   # the prompt's own word stays as it was
        view.trace.selectRow(next(r for r in range(view.trace.rowCount())
                                  if view.trace.item(r, 0).text() == "project/cache-size.md"))
        assert view.fact_choice.currentData() == "project/cache-size.md"
        view.ask_why_not()
        qtbot.waitUntil(lambda: "project/cache-size.md:" in view.why_result.text(), timeout=10000)
        answer = view.why_result.text()
        assert not re.search(r"\b(?:rejected|weak|asked again|recorded prompt|the record)\b", answer, re.I), answer
        assert len(re.findall(r"[\u4e00-\u9fff]", answer)) >= 20, answer
    finally:
        language.install(app, "en")
