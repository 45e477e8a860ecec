"""The Suggestions tab: scan, accept, edit-then-accept, dismiss."""
import pytest
from PySide6.QtWidgets import QDialogButtonBox, QPushButton

from context_center.ui import dialogs
from support.transcripts import claude_session, codex_session


@pytest.fixture
def home(tmp_path, monkeypatch, workspace):
    folder = tmp_path / "home"
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    claude_session(folder, workspace, "aaaa1111", [
        ("2026-11-20T10:00:00Z", "以后请始终用中文回复"),
        ("2026-11-20T10:01:00Z", "Never force-push to main."),
        ("2026-11-20T10:02:00Z", "Run the release checklist, then tag the release")])
    codex_session(folder, workspace, "bbbb2222", [
        ("2026-11-21T09:00:00Z", "Remember that the staging database is reset every night."),
        ("2026-11-21T09:01:00Z", "run the release checklist and tag the release")])
    return folder


def open_tab(ui, qtbot):
    ui.window.tabs.setCurrentWidget(ui.window.suggestions)
    tab = ui.window.suggestions
    qtbot.waitUntil(lambda: tab.transcripts.found is not None, timeout=15000)
    return tab


def titles(tab):
    return [m.title for m in tab.transcripts.found.memories]


def test_the_tab_scans_by_itself_and_shows_evidence(home, ui, qtbot):
    tab = open_tab(ui, qtbot)
    sources = tab.transcripts.sources.text()
    assert "claude-code: 1 session(s)" in sources and "codex: 1 session(s)" in sources
    found = tab.transcripts.found
    assert len(found.memories) == 3 and len(found.skills) == 1
    assert tab.transcripts.select(next(m.id for m in found.memories if m.description == "以后请始终用中文回复"))
    detail = tab.transcripts.detail.toPlainText()
    assert "aaaa1111" in detail and "以后请始终用中文回复" in detail and "offered as global" in detail


def test_accept_stores_the_fact_and_it_leaves_the_list(home, ui, qtbot):
    tab = open_tab(ui, qtbot)
    candidate = next(m for m in tab.transcripts.found.memories if "force-push" in m.description)
    tab.transcripts.select(candidate.id)
    with qtbot.waitSignal(tab.accepted, timeout=10000):
        tab.transcripts.accept_current()
    qtbot.waitUntil(lambda: candidate.id not in {m.id for m in tab.transcripts.found.memories}, timeout=10000)
    qtbot.waitUntil(lambda: any("force-push" in r.fact.body for r in ui.window.facts.model.rows()), timeout=10000)


def test_an_accepted_suggestion_is_counted_as_accepted(home, ui, qtbot):
    tab = open_tab(ui, qtbot)
    candidate = next(m for m in tab.transcripts.found.memories if "force-push" in m.description)
    tab.transcripts.select(candidate.id)
    with qtbot.waitSignal(tab.accepted, timeout=10000):
        tab.transcripts.accept_current()
    qtbot.waitUntil(lambda: candidate.id not in {m.id for m in tab.transcripts.found.memories}, timeout=10000)
    sources = tab.transcripts.sources.text()
    assert "Left out: 1 accepted" in sources and "dismissed" not in sources


def test_an_accepted_memory_keeps_where_it_came_from_out_of_its_body(home, ui, qtbot):
    tab = open_tab(ui, qtbot)
    candidate = next(m for m in tab.transcripts.found.memories if "force-push" in m.description)
    tab.transcripts.select(candidate.id)
    assert "How to apply:" in tab.transcripts.detail.toPlainText()
    with qtbot.waitSignal(tab.accepted, timeout=10000) as accepted:
        tab.transcripts.accept_current()
    fact = accepted.args[0].fact
    assert fact.body == "Never force-push to main."
    qtbot.waitUntil(lambda: any(r.fact.id == fact.id for r in ui.window.facts.model.rows()), timeout=10000)
    ui.window.tabs.setCurrentWidget(ui.window.facts)
    ui.select_fact(fact.name)
    detail = ui.window.facts.detail.toPlainText()
    assert "Suggested: said" in detail and "How to apply:" in detail and "aaaa1111" in detail


def test_edit_then_accept(home, ui, qtbot):
    tab = open_tab(ui, qtbot)
    candidate = next(m for m in tab.transcripts.found.memories if "staging database" in m.description)
    tab.transcripts.select(candidate.id)
    form = tab.transcripts.edit_current()
    assert form.fields["title"].text() == candidate.title and "staging database" in form.body.toPlainText()
    form.fields["title"].setText("Staging resets nightly")
    form.fields["keywords"].setText("staging reset")
    with qtbot.waitSignal(form.saved, timeout=10000) as saved:
        form.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    fact = saved.args[0].fact
    assert fact.title == "Staging resets nightly" and fact.keywords == "staging reset"
    qtbot.waitUntil(lambda: candidate.id not in {m.id for m in tab.transcripts.found.memories}, timeout=10000)


def test_dismiss_keeps_it_dismissed(home, ui, qtbot, open_window):
    tab = open_tab(ui, qtbot)
    candidate = tab.transcripts.found.memories[0]
    tab.transcripts.select(candidate.id)
    tab.transcripts.dismiss_current()
    qtbot.waitUntil(lambda: "Dismissed" in tab.status.text(), timeout=10000)
    qtbot.waitUntil(lambda: candidate.id not in {m.id for m in tab.transcripts.found.memories}, timeout=10000)
    again = open_window("again.ini")
    second = open_tab(again, qtbot)
    assert candidate.id not in {m.id for m in second.transcripts.found.memories}


def test_a_dismissal_is_undone_from_the_dismissed_list(home, ui, qtbot):
    tab = open_tab(ui, qtbot)
    candidate = next(m for m in tab.transcripts.found.memories if "staging database" in m.description)
    tab.transcripts.select(candidate.id)
    assert not tab.transcripts.buttons["undismiss"].isEnabled()
    tab.transcripts.dismiss_current()
    qtbot.waitUntil(lambda: [d.id for d in tab.transcripts.found.dismissed] == [candidate.id], timeout=10000)
    group = tab.transcripts.tree.topLevelItem(2)
    assert group.text(0) == "Dismissed (1)" and group.child(0).text(0) == candidate.title
    assert tab.transcripts.select(candidate.id)
    assert tab.transcripts.current() is None and tab.transcripts.current_dismissal().candidate == candidate
    assert tab.transcripts.buttons["undismiss"].isEnabled() and not tab.transcripts.buttons["accept"].isEnabled()
    detail = tab.transcripts.detail.toPlainText()
    assert "Dismissed at" in detail and "staging database" in detail
    tab.transcripts.undismiss_current()
    qtbot.waitUntil(lambda: "Restored" in tab.status.text(), timeout=10000)
    qtbot.waitUntil(lambda: candidate.id in {m.id for m in tab.transcripts.found.memories}, timeout=10000)
    assert tab.transcripts.found.dismissed == [] and tab.transcripts.tree.topLevelItem(2).text(0) == "Dismissed (0)"


def write_button(dialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_a_skill_is_written_to_the_default_folder_even_when_it_does_not_exist(home, ui, qtbot, workspace,
                                                                               monkeypatch):
    def no_native_chooser(*_args):  # it greys out Choose for a folder that does not exist yet
        raise AssertionError("the folder chooser must not be needed")

    monkeypatch.setattr(dialogs, "choose_directory", no_native_chooser)
    tab = open_tab(ui, qtbot)
    [skill] = tab.transcripts.found.skills
    tab.transcripts.select(skill.id)
    dialog = tab.transcripts.accept_current()
    default = workspace / ".claude" / "skills"
    assert not default.exists()
    assert dialog.target.text() == f"{default / skill.name / 'SKILL.md'} (the folder will be created)"
    dialog.name.setText("release-notes")
    assert dialog.target.text().startswith(str(default / "release-notes" / "SKILL.md"))
    for bad in ("Release checklist", "../escape", ""):
        dialog.name.setText(bad)
        assert "cannot be used" in dialog.target.text() and not write_button(dialog).isEnabled()
    dialog.folder.setText("relative/skills")
    assert "full path" in dialog.target.text() and not write_button(dialog).isEnabled()
    dialog.folder.setText(str(default))
    dialog.name.setText("release-checklist")
    assert dialog.target.text().startswith(str(default / "release-checklist" / "SKILL.md"))
    with qtbot.waitSignal(tab.accepted, timeout=10000) as written:
        write_button(dialog).click()
    path = written.args[0].path
    assert path == default / "release-checklist" / "SKILL.md"
    assert path.read_text().startswith("---\nname: release-checklist\n") and "## Steps" in path.read_text()


def test_an_accepted_skill_is_written_where_chosen(home, ui, qtbot, tmp_path, monkeypatch):
    tab = open_tab(ui, qtbot)
    [skill] = tab.transcripts.found.skills
    tab.transcripts.select(skill.id)
    started = []
    monkeypatch.setattr(dialogs, "choose_directory",
                        lambda _parent, _title, start: started.append(start) or str(tmp_path / "my-skills"))
    dialog = tab.transcripts.accept_current()
    dialog.findChild(QPushButton, "skill_browse").click()
    assert started == [str(tmp_path / "work" / "demo-repo")]   # the nearest folder that exists
    assert dialog.target.text().startswith(str(tmp_path / "my-skills" / skill.name / "SKILL.md"))
    with qtbot.waitSignal(tab.accepted, timeout=10000) as written:
        write_button(dialog).click()
    path = written.args[0].path
    assert path == tmp_path / "my-skills" / skill.name / "SKILL.md" and "## Steps" in path.read_text()


def test_an_edited_skill_is_written_as_edited(home, ui, qtbot, tmp_path):
    tab = open_tab(ui, qtbot)
    [skill] = tab.transcripts.found.skills
    tab.transcripts.select(skill.id)
    editor = tab.transcripts.edit_current()
    editor.text.setPlainText(skill.body.replace("## Steps", "## Steps (checked by me)"))
    editor.accept()
    editor.target.folder.setText(str(tmp_path / "edited"))
    with qtbot.waitSignal(tab.accepted, timeout=10000) as written:
        write_button(editor.target).click()
    assert written.args[0].path == tmp_path / "edited" / skill.name / "SKILL.md"
    assert "## Steps (checked by me)" in written.args[0].path.read_text()


def test_unavailable_sources_are_named(ui, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "empty-home"))
    tab = open_tab(ui, qtbot)
    sources = tab.transcripts.sources.text()
    assert "claude-code: unavailable" in sources and "codex: unavailable" in sources
    assert f"no transcripts at {tmp_path / 'empty-home' / '.claude' / 'projects'}" in sources
    assert tab.transcripts.found.memories == [] and not tab.transcripts.buttons["accept"].isEnabled()


def test_what_is_left_out_as_already_known_is_named_with_what_says_it(home, ui, qtbot, workspace):
    """Issue #36, point 12: "Left out: 1 already a fact or an instruction" said not which."""
    (workspace / "AGENTS.md").write_text("# Rules\n\n- Never force-push to main.\n")
    tab = open_tab(ui, qtbot)
    assert "Left out: 1 already a fact or an instruction" in tab.transcripts.sources.text()
    assert "listed under Already known" in tab.transcripts.sources.text()
    tree = tab.transcripts.tree
    known = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                 if tree.topLevelItem(i).text(0).startswith("Already known"))
    assert known.text(0) == "Already known (1)" and known.child(0).text(0) == "Never force-push to main."
    tree.setCurrentItem(known.child(0))
    detail = tab.transcripts.detail.toPlainText()
    assert "already says it" in detail and detail.count("Never force-push to main.") == 2   # it, and what says it
    assert not tab.transcripts.buttons["accept"].isEnabled()


def test_the_tab_never_shows_a_secret_a_transcript_holds(tmp_path, monkeypatch, workspace, ui, qtbot):
    """#49: the Suggestions tab showed transcript secrets verbatim: plain, full-width, split by
    zero-width characters, an AWS key id."""
    github, aws = "ghp_" + "Zq8" * 12, "AKIAQ3EGT5JXKZ7PLM2R"
    full_width, split = "".join(chr(ord(c) + 0xFEE0) for c in aws), "\u200b".join(github)
    folder = tmp_path / "secret-home"
    monkeypatch.setenv("HOME", str(folder))
    claude_session(folder, workspace, "aaaa1111", [
        ("2026-11-20T10:00:00Z", f"Always deploy with the token {github} from now on."),
        ("2026-11-20T10:01:00Z", f"Remember that the CI key id is {full_width} on staging."),
        ("2026-11-20T10:02:00Z", f"Never rotate the key {split} without telling ops."),
        ("2026-11-20T10:03:00Z", f"run the deploy script with {aws} then tag the release")])
    codex_session(folder, workspace, "bbbb2222", [("2026-11-21T09:00:00Z", f"run the deploy script with {aws}")])
    tab = open_tab(ui, qtbot)
    assert len(tab.transcripts.found.memories) == 3 and len(tab.transcripts.found.skills) == 1
    shown = [tab.transcripts.sources.text()]
    tree = tab.transcripts.tree
    for group in range(tree.topLevelItemCount()):
        parent = tree.topLevelItem(group)
        for row in range(parent.childCount()):
            item = parent.child(row)
            tree.setCurrentItem(item)
            shown += [item.text(column) for column in range(3)] + [tab.transcripts.detail.toPlainText(),
                                                                   tab.transcripts.detail.toHtml()]
    text = "\n".join(shown)
    assert "[REDACTED]" in text
    assert not [key for key in (github, aws, full_width, split, "Zq8Zq8", "Ｑ３ＥＧＴ") if key in text]


def test_the_write_skill_dialog_shows_no_ampersand(qtbot, tmp_path):
    """It showed "&Folder:": every label's mnemonic is a mnemonic, on a label with a buddy."""
    from PySide6.QtWidgets import QLabel

    from context_center.engine import SkillCandidate
    from context_center.ui.suggestions.skill_dialogs import SkillTarget
    dialog = SkillTarget(SkillCandidate("s1", "deploy", "Deploy", "How to deploy", "body", "why", ()), tmp_path)
    qtbot.addWidget(dialog)
    labels = [label for label in dialog.findChildren(QLabel) if "&" in label.text()]
    assert labels and all(label.buddy() is not None for label in labels)
    folder = next(label for label in labels if "Folder" in label.text())
    assert folder.buddy() is dialog.folder


def test_the_header_names_where_each_left_out_statement_is_listed(home, ui, qtbot, workspace):
    """It said dismissed statements were under Already known; and a group's header kept the
    previous item's preview."""
    (workspace / "AGENTS.md").write_text("# Rules\n\n- Never force-push to main.\n")
    tab = open_tab(ui, qtbot)
    panel = tab.transcripts
    first = panel.found.memories[0]
    panel.select(first.id)
    panel.dismiss_current()
    qtbot.waitUntil(lambda: first.id not in {m.id for m in panel.found.memories}, timeout=10000)
    sources = panel.sources.text()
    assert "1 dismissed (listed under Dismissed)" in sources
    assert "1 already a fact or an instruction (listed under Already known)" in sources
    tree = panel.tree
    memories = tree.topLevelItem(0)
    panel.select(panel.found.memories[0].id)
    tree.setCurrentItem(memories)
    assert panel.detail.toPlainText().startswith(memories.text(0) + ": choose one of its items")



def test_the_header_stays_one_line_after_accept_and_the_list_stays_put(tmp_path, monkeypatch, workspace, ui, qtbot):
    """After Accept the header grew ("Left out: 1 accepted") and wrapped to a second line, moving the
    list down: it stays one line, elided at its width, the whole said in its tooltip."""
    home = tmp_path / ("a-home-folder-with-a-long-name-" * 4)   # Codex's missing folder is named in the header
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    claude_session(home, workspace, "aaaa1111", [("2026-11-20T10:01:00Z", "Never force-push to main."),
                                                  ("2026-11-20T10:02:00Z", "Remember that staging resets nightly.")])
    tab = open_tab(ui, qtbot)
    panel = tab.transcripts
    before = panel.sources.text()
    # as wide as the header's words before Accept, and a little more: Accept's words do not fit
    room = ui.window.width() - panel.sources.width()
    ui.window.resize(max(panel.sources.fontMetrics().horizontalAdvance(before) + room + 20,
                         ui.window.minimumSizeHint().width()), 640)
    panel.layout().activate()
    assert panel.sources.fontMetrics().horizontalAdvance(before) < panel.sources.width()
    top, height = panel.tree.mapTo(panel, panel.tree.rect().topLeft()).y(), panel.sources.height()
    candidate = panel.found.memories[0]
    panel.select(candidate.id)
    with qtbot.waitSignal(tab.accepted, timeout=10000):
        panel.accept_current()
    qtbot.waitUntil(lambda: "Left out: 1 accepted" in panel.sources.text(), timeout=10000)
    whole = panel.sources.text()
    panel.layout().activate()
    assert panel.sources.fontMetrics().horizontalAdvance(whole) > panel.sources.width()
    assert panel.sources.height() == height < 2 * panel.sources.fontMetrics().lineSpacing()
    assert panel.tree.mapTo(panel, panel.tree.rect().topLeft()).y() == top
    assert panel.sources.toolTip() == whole
