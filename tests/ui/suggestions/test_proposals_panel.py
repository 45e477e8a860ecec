"""From agents: memories agents wrote to staging over MCP, reviewed in the Suggestions tab."""
import datetime as dt
import uuid

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from context_center.engine import FactInput, open_agent_memory, open_engine
from context_center.ui.facts.form import FactForm
from context_center.ui.theme import tone_color


@pytest.fixture(autouse=True)
def no_transcripts(tmp_path, monkeypatch):
    """Showing the Suggestions tab scans HOME's transcripts: an empty home keeps these tests to the agents."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)


def propose(ui, *contents: str, category: str = "preference") -> list[dict]:
    """Memories written over MCP (the server's own service) that land in staging."""
    service = open_agent_memory(ui.state_root, project=ui.workspace, policy="contract", agent="claude-code",
                                use_judge=False)
    try:
        written = [service.create({"content": content, "category": category}) for content in contents]
    finally:
        service.close()
    assert not any(w["promoted"] for w in written)
    return [w["memory"] for w in written]


def write_staged(ui, name: str, body: str, written: dt.datetime, agent: str = "codex"):
    """A staged memory written as a file, by hand (or by an MCP server of another version)."""
    stamp = written.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    path = ui.window.paths.memory_dir("project") / f"{name}.md"
    path.write_text(f"---\nid: mem-{uuid.uuid4().hex}\nrevision: 1\ncreated_at: {stamp}\nupdated_at: {stamp}\n"
                    f"name: {name}\ntitle: {body}\ndescription: {body}\nactivation: relevant\ncategory: workflow\n"
                    f"status: staging\nmetadata:\n  type: project\n  scope: project\n  written_by:\n"
                    f"    agent: {agent}\n    via: mcp\n---\n\n{body}\n", encoding="utf-8")
    return path


def waiting(ui) -> list[str]:
    return [p.fact.body for p in ui.window.suggestions.agents.proposals]


def show_proposals(ui, *bodies: str):
    """Read the store again (F5) and wait until From agents lists exactly ``bodies`` (any order)."""
    ui.window.refresh_all()
    ui.idle()
    ui.qtbot.waitUntil(lambda: sorted(waiting(ui)) == sorted(bodies), timeout=10000)
    return ui.window.suggestions


def tab_title(ui) -> str:
    return ui.window.tabs.tabText(ui.window.tabs.indexOf(ui.window.suggestions))


def row_texts(tab, row: int) -> list[str]:
    table = tab.agents.proposal_table
    return [table.item(row, column).text() for column in range(table.columnCount())]


def test_from_agents_lists_each_proposal_with_who_wrote_it_and_when(ui, qtbot):
    suggestions = ui.window.suggestions
    assert tab_title(ui) == "Suggestions" and suggestions.agents.no_proposals.isVisibleTo(suggestions)
    [tabs, build] = propose(ui, "Prefer tabs over spaces.", "The build uses make, never ninja.")
    tab = show_proposals(ui, "Prefer tabs over spaces.", "The build uses make, never ninja.")
    assert tab_title(ui) == "Suggestions (2)" and tab.agents.title() == "From agents (2)"
    assert [p.fact.id for p in tab.agents.proposals] == [build["id"], tabs["id"]]   # newest first
    when = build["created_at"][:16].replace("T", " ")
    assert row_texts(tab, 0) == ["The build uses make, never ninja.", "preference", "project", "claude-code", when]
    assert tab.agents.proposal_table.item(0, 0).icon().name() == "inbox"   # the staged badge
    assert tab.agents.select_proposal(tabs["id"])
    detail = tab.agents.proposal_detail.toPlainText()
    assert "Prefer tabs over spaces." in detail and "written by claude-code" in detail and "stale" not in detail.lower()
    assert all(button.isEnabled() for button in tab.agents.proposal_buttons.values())
    assert [tab.agents.proposal_buttons[k].text() for k in ("promote", "edit", "delete")] == [
        "&Promote", "Edi&t then promote…", "De&lete"]


def test_staged_memories_are_not_facts_yet_and_the_facts_tab_says_they_wait(ui, qtbot):
    ui.remember(name="known", body="A fact the user wrote.")
    propose(ui, "Prefer tabs over spaces.", "Answer in English.")
    show_proposals(ui, "Prefer tabs over spaces.", "Answer in English.")
    facts = ui.window.facts
    qtbot.waitUntil(lambda: facts.waiting_note.isVisible(), timeout=10000)
    assert ui.facts_shown() == ["known"] and facts.count_label.text() == "1 fact"
    assert "2 memories from agents wait in Suggestions" in facts.waiting_note.text()
    assert facts.current_row().fact.name == "known" and "A fact the user wrote." in facts.detail.toPlainText()
    facts.waiting_note.linkActivated.emit("review")
    assert ui.window.tabs.currentWidget() is ui.window.suggestions


def test_a_staged_file_written_by_hand_is_picked_up_by_the_watcher(ui, qtbot):
    write_staged(ui, "run-the-linters", "Run the linters before every push.", dt.datetime.now(dt.timezone.utc))
    qtbot.waitUntil(lambda: waiting(ui) == ["Run the linters before every push."], timeout=10000)
    assert tab_title(ui) == "Suggestions (1)"
    assert row_texts(ui.window.suggestions, 0)[1:4] == ["workflow", "project", "codex"]
    qtbot.waitUntil(lambda: "1 memory from an agent waits in Suggestions" in ui.window.facts.waiting_note.text(),
                    timeout=10000)
    assert ui.window.facts.waiting_note.isVisible() and ui.facts_shown() == []


def test_promote_makes_it_a_fact_as_a_new_revision(ui, qtbot):
    [memory] = propose(ui, "Prefer tabs over spaces.")
    tab = show_proposals(ui, "Prefer tabs over spaces.")
    tab.agents.promote_proposal()
    qtbot.waitUntil(lambda: waiting(ui) == [], timeout=10000)
    qtbot.waitUntil(lambda: ui.facts_shown() == ["prefer-tabs-over-spaces"], timeout=10000)
    text = (ui.window.paths.memory_dir("project") / "prefer-tabs-over-spaces.md").read_text()
    assert "status: promoted" in text and "revision: 2" in text and memory["revision"] == 1
    assert "Promoted “Prefer tabs over spaces.” as project/prefer-tabs-over-spaces.md (revision 2)" in tab.status.text()
    assert tab_title(ui) == "Suggestions" and tab.agents.title() == "From agents"
    assert not tab.agents.proposal_body.isVisibleTo(tab) and tab.agents.no_proposals.isVisibleTo(tab)
    assert not ui.window.facts.waiting_note.isVisibleTo(ui.window.facts)


def test_edit_then_promote_writes_the_edits_with_the_promotion(ui, qtbot):
    propose(ui, "Prefer tabs over spaces.")
    tab = show_proposals(ui, "Prefer tabs over spaces.")
    form = tab.agents.edit_proposal()
    assert isinstance(form, FactForm) and form.windowTitle() == "Edit then promote — from claude-code"
    assert form.body.toPlainText() == "Prefer tabs over spaces." and not form.fields["scope"].isEnabled()
    save = form.buttons.button(QDialogButtonBox.StandardButton.Save)
    assert save.text() == "&Promote"
    form.body.setPlainText("Indent with tabs, shown four columns wide.")
    form.fields["title"].setText("Tabs for indentation")
    form.fields["description"].setText("How code is indented here")
    with qtbot.waitSignal(form.saved, timeout=10000) as saved:
        save.click()
    fact = saved.args[0].fact
    assert fact.revision == 2 and not fact.staging
    text = fact.path.read_text()
    assert "Indent with tabs, shown four columns wide." in text and "title: Tabs for indentation" in text
    assert "description: How code is indented here" in text and "status: promoted" in text
    qtbot.waitUntil(lambda: waiting(ui) == [], timeout=10000)
    assert "with your edits" in tab.status.text()
    qtbot.waitUntil(lambda: [r.fact.title for r in ui.window.facts.model.rows()] == ["Tabs for indentation"],
                    timeout=10000)


def test_delete_moves_it_to_the_archive_where_it_can_be_recovered(ui, qtbot):
    propose(ui, "Prefer tabs over spaces.", "Answer in English.")
    tab = show_proposals(ui, "Prefer tabs over spaces.", "Answer in English.")
    path = next(p.fact.path for p in tab.agents.proposals if p.fact.body == "Answer in English.")
    assert tab.agents.select_proposal(next(p.fact.id for p in tab.agents.proposals if p.fact.path == path))
    tab.agents.delete_proposal()
    qtbot.waitUntil(lambda: waiting(ui) == ["Prefer tabs over spaces."], timeout=10000)
    assert tab.status.text() == ("Deleted “Answer in English.” to the archive; recover it from the Archive tab.")
    assert not path.exists()
    archive = ui.window.paths.archive_dir(ui.window.paths.memory_dir("project"))
    [entry] = archive.glob("*-answer-in-english.md")
    assert "Answer in English." in entry.read_text() and "status: staging" in entry.read_text()
    qtbot.waitUntil(lambda: [e.name for e in ui.window.archive.entries] == ["answer-in-english"], timeout=10000)
    assert tab_title(ui) == "Suggestions (1)" and tab.agents.current_proposal().fact.body == "Prefer tabs over spaces."


def test_a_refused_promotion_says_why_and_keeps_the_proposal(ui, qtbot):
    ui.remember(name="tabs", title="Tabs", body="Prefer tabs over spaces.")
    propose(ui, "Prefer tabs over spaces.")
    tab = show_proposals(ui, "Prefer tabs over spaces.")
    staged = tab.agents.current_proposal().fact
    tab.agents.promote_proposal()
    qtbot.waitUntil(lambda: tab.status.toolTip() == "Error code: INVALID_INPUT", timeout=10000)
    assert "says the same as project/tabs.md" in tab.status.text()
    ui.window.refresh_all()
    ui.idle()
    assert waiting(ui) == ["Prefer tabs over spaces."] and tab_title(ui) == "Suggestions (1)"
    assert "status: staging" in staged.path.read_text() and ui.facts_shown() == ["tabs"]


def test_a_refusal_in_the_edit_form_keeps_the_edits_and_says_why(ui, qtbot):
    with open_engine(state_root=ui.state_root, workspace=ui.workspace) as engine:
        engine.remember(FactInput(name="package-manager", title="Package manager", body="pnpm",
                                  subject_key="project.package_manager"))
    propose(ui, "Use npm for packages.")
    tab = show_proposals(ui, "Use npm for packages.")
    form = tab.agents.edit_proposal()
    form.fields["subject_key"].setText("project.package_manager")
    form.save()
    qtbot.waitUntil(lambda: form.banner.isVisible(), timeout=10000)
    assert form.banner.toolTip() == "Error code: SUBJECT_CONFLICT" and form.isVisible()
    assert tab.status.toolTip() == "Error code: SUBJECT_CONFLICT" and "SUBJECT_CONFLICT" not in tab.status.text()
    assert form.fields["subject_key"].text() == "project.package_manager"
    assert waiting(ui) == ["Use npm for packages."]
    form.discard()


def test_a_proposal_waiting_more_than_thirty_days_is_marked_stale(ui, qtbot):
    now = dt.datetime.now(dt.timezone.utc)
    write_staged(ui, "old-habit", "Squash commits before merging.", now - dt.timedelta(days=40))
    write_staged(ui, "new-habit", "Rebase before merging.", now - dt.timedelta(days=1))
    tab = show_proposals(ui, "Squash commits before merging.", "Rebase before merging.")
    [fresh, old] = tab.agents.proposals
    assert old.stale and not fresh.stale
    assert row_texts(tab, 1)[4].endswith(" · stale") and not row_texts(tab, 0)[4].endswith("stale")
    assert tab.agents.proposal_table.item(1, 0).foreground().color() == tone_color("warning")
    assert "waiting for more than 30 days" in tab.agents.proposal_table.item(1, 0).toolTip()
    tab.agents.select_proposal(old.fact.id)
    assert "Stale: waiting for more than 30 days" in tab.agents.proposal_detail.toPlainText()


def test_the_keyboard_reaches_every_action(ui, qtbot):
    propose(ui, "Prefer tabs over spaces.")
    tab = show_proposals(ui, "Prefer tabs over spaces.")
    ui.window.facts.waiting_note.linkActivated.emit("review")   # also gives the list the focus
    qtbot.waitUntil(tab.agents.proposal_table.hasFocus, timeout=5000)
    qtbot.keyClick(tab.agents.proposal_table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(f.isVisible() for f in tab.findChildren(FactForm)), timeout=5000)
    form = next(f for f in tab.findChildren(FactForm) if f.isVisible())
    assert form.body.toPlainText() == "Prefer tabs over spaces."
    form.discard()
    qtbot.keyClick(ui.window, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)   # &Promote
    qtbot.waitUntil(lambda: waiting(ui) == [], timeout=10000)
