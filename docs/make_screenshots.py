"""Screenshots of every tab and the main dialogs, light and dark, in English and Chinese, on a
demo store made here.

    xvfb-run -a -s "-screen 0 2600x1700x24" .venv/bin/python docs/make_screenshots.py [OUT_DIR]
        [--size 1280x800] [--scale 1] [--prefix ""]

Writes PNGs to ``docs/screenshots/`` (or OUT_DIR): the window at ``--size`` (logical pixels),
drawn at ``--scale`` (``QT_SCALE_FACTOR``: 2 draws a 2× screen), each file name after
``--prefix``. Nothing outside a temporary folder is read or written besides the PNGs: the state
root, the workspace (a git repository with team facts), settings and the home holding the demo
transcripts are all made for the run.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from context_center.engine import FactInput, open_engine
from context_center.ui.app import app_icon, create_window

SIZE = (1280, 800)


def _settle(app: QApplication, client, ms: int = 400) -> None:
    """Let queued engine answers arrive and paint, with no engine job left running."""
    for _ in range(200):
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()
        if not client.busy:
            return


def _transcripts(home: Path, workspace: Path) -> None:
    folder = home / ".claude" / "projects" / str(workspace).replace("/", "-")
    folder.mkdir(parents=True)
    turns = {
        "s1": ["Always run pnpm lint before you commit, the CI rejects unformatted code",
               "Never push to main directly; open a pull request instead",
               "Please release the web app: bump the version, build, tag it and publish the notes"],
        "s2": ["I prefer short commit messages in the imperative mood",
               "Release the web app again: bump the version, build, tag it and publish the notes"],
    }
    for session, texts in turns.items():
        with open(folder / f"{session}.jsonl", "w", encoding="utf-8") as handle:
            for n, text in enumerate(texts):
                handle.write(json.dumps({"type": "user", "cwd": str(workspace), "sessionId": session,
                                         "userType": "external", "isSidechain": False,
                                         "timestamp": f"2026-11-2{len(session)}T10:0{n}:00Z", "uuid": f"{session}{n}",
                                         "message": {"role": "user", "content": text}}) + "\n")


def _tool_sessions(home: Path, workspace: Path) -> None:
    """Two Claude Code sessions that ran commands and edited files: one keeping the rules, one
    breaking "Use pnpm, never npm" (what the Adherence page reads)."""
    folder = home / ".claude" / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(workspace.resolve()))
    folder.mkdir(parents=True, exist_ok=True)
    now = dt.datetime.now(dt.timezone.utc)
    sessions = {"t-clean": [("Bash", {"command": "pnpm install"}), ("Bash", {"command": "pnpm test"}),
                            ("Edit", {"file_path": str(workspace / "web/src/cart.tsx"), "old_string": "a",
                                      "new_string": "b"})],
                "t-broke": [("Bash", {"command": "npm install left-pad"}), ("Bash", {"command": "pnpm test"})]}
    for days, (session, calls) in enumerate(sessions.items(), start=1):
        at = (now - dt.timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines = [{"type": "user", "cwd": str(workspace), "sessionId": session, "timestamp": at,
                  "message": {"role": "user", "content": "please fix the build"}}]
        for n, (name, given) in enumerate(calls):
            lines.append({"type": "assistant", "cwd": str(workspace), "sessionId": session, "timestamp": at,
                          "message": {"role": "assistant", "content": [{"type": "tool_use", "id": f"toolu_{n}",
                                                                        "name": name, "input": given}]}})
            lines.append({"type": "user", "cwd": str(workspace), "sessionId": session, "timestamp": at,
                          "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{n}",
                                                                   "content": "ok", "is_error": False}]}})
        (folder / f"{session}.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines),
                                                 encoding="utf-8")


def _enforce_pnpm(root: Path, workspace: Path) -> None:
    """"Use pnpm, never npm" enforced at Claude Code's tool call, and one call it denied."""
    with open_engine(state_root=root, workspace=workspace) as engine:
        rule = next(r for r in engine.received_rules("claude-code") if "npm" in r.text and r.check is not None)
        engine.apply_enforcement(engine.enforce_plan(rule.id, "claude-code"))
        engine.tool_call_decision({"session_id": "t-broke", "hook_event_name": "PreToolUse", "cwd": str(workspace),
                                   "tool_name": "Bash", "tool_input": {"command": "npm ci"}})


def _git(workspace: Path, *args: str) -> None:
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Ana Silva",
           "GIT_AUTHOR_EMAIL": "ana@example.test", "GIT_COMMITTER_NAME": "Ana Silva",
           "GIT_COMMITTER_EMAIL": "ana@example.test"}
    subprocess.run(["git", *args], cwd=workspace, env=env, check=True, capture_output=True)


def _team_facts(root: Path, workspace: Path) -> None:
    """Two team facts committed, then one edited and one added: what Commit team facts… lists."""
    with open_engine(state_root=root, workspace=workspace) as engine:
        deploys = engine.remember(FactInput(name="deploy-day", title="Deploys go out on Tuesdays", scope="team",
                                            body="Deploy on Tuesdays; Friday deploys need a second reviewer.")).fact
        engine.remember(FactInput(name="node-version", title="Node 20 in CI", scope="team", body="CI runs Node 20."))
        _git(workspace, "add", "-A")
        _git(workspace, "commit", "-q", "-m", "Team memory: deploy day and Node")
        engine.edit(deploys.id, FactInput(body="Deploy on Wednesdays; Friday deploys need a second reviewer."))
        engine.remember(FactInput(name="review-rule", title="Two approvals", scope="team",
                                  body="A pull request needs two approvals before it merges."))


def _demo_store(root: Path, workspace: Path) -> None:
    workspace.mkdir(parents=True)
    _git(workspace, "init", "-q", "-b", "main")
    (workspace / "docs").mkdir()
    (workspace / "docs" / "testing.md").write_text("Run `pnpm test` before pushing; CI runs the same.\n")
    (workspace / "AGENTS.md").write_text("# Project rules\n\nUse pnpm, never npm.\n@docs/testing.md\n@../secrets.md\n")
    (workspace / "web" / "src").mkdir(parents=True)
    (workspace / "web" / "src" / "AGENTS.md").write_text("Components are function components with hooks.\n")
    root.mkdir(parents=True)
    (root / "AGENTS.md").write_text("Answer in English, briefly.\n")
    facts = [
        dict(name="package-manager", title="Package manager is pnpm", description="npm lockfiles are rejected by CI",
             body="The repository uses **pnpm**. `npm install` creates a lockfile CI rejects.",
             keywords="pnpm npm 包管理", subject_key="project.package_manager", activation="pinned"),
        dict(name="release-branch", title="Releases are cut from release/*", description="Branch naming for releases",
             body="Cut releases from `release/2026.11`; hotfixes go to the same branch.", volatility="volatile"),
        dict(name="api-docs", title="API reference", type="reference", description="Where the API docs live",
             body="https://docs.example.test/api"),
        dict(name="reply-language", title="Reply in English", type="user", scope="global",
             description="The user's language preference", body="Reply in English unless asked otherwise."),
        dict(name="pm-global", title="Package manager", scope="global", type="user",
             description="Default package manager elsewhere", body="npm", subject_key="project.package_manager"),
        dict(name="数据库迁移", title="数据库迁移用 Alembic", description="迁移脚本放在 migrations/",
             body="数据库迁移使用 Alembic，脚本放在 `migrations/` 目录。", keywords="database migration"),
        dict(name="test-before-push", title="Tests before a push", body="Run pnpm test before every push to CI.",
             refs=("docs/testing.md:1",)),
        dict(name="tests-first", title="Tests first", body="Run pnpm test before every push, CI runs it too."),
        dict(name="deploy-window", title="Deploy window", body="Deploys go out on Fridays after lunch."),
        dict(name="no-friday-deploys", title="No Friday deploys", body="Never deploy on Fridays after lunch."),
    ]
    with open_engine(state_root=root, workspace=workspace) as engine:
        for fields in facts:
            engine.remember(FactInput(**fields))
        edited = engine.fact("release-branch")
        engine.edit(edited.id, FactInput(body="Cut releases from `release/2026.12`; hotfixes go to the same branch."))
        engine.verify(edited.id)
        gone = engine.remember(FactInput(name="old-ci", title="CI on Jenkins", body="CI runs on Jenkins.")).fact
        engine.forget(gone.id)
        engine.recall("which package manager do we use for installs")
        _hook_turns(engine)
    _git(workspace, "add", "-A")
    _git(workspace, "commit", "-q", "-m", "Start")
    _team_facts(root, workspace)


def _hook_turns(engine) -> None:
    """What the Claude Code hook would have recorded over two sessions."""
    turns = [("0b6e2f4a-51c3-4d8e-9a07-2c1f5b7e9d31", None),
             ("0b6e2f4a-51c3-4d8e-9a07-2c1f5b7e9d31", "which branch are releases cut from?"),
             ("0b6e2f4a-51c3-4d8e-9a07-2c1f5b7e9d31", "continue"),
             ("9d4a7c10-8e2b-4f6a-b3d5-71e0c9a2f846", None),
             ("9d4a7c10-8e2b-4f6a-b3d5-71e0c9a2f846", "run the database migration before the release"),
             ("9d4a7c10-8e2b-4f6a-b3d5-71e0c9a2f846", "where do the API docs live? token=sk-demo0123456789abcdef")]
    for session, prompt in turns:
        if prompt is None:
            engine.record_injection(engine.session_context(), agent="claude-code", session_id=session,
                                    source="startup")
        else:
            engine.record_injection(engine.recall(prompt, record=False), agent="claude-code", session_id=session)


def _agent_files(home: Path, workspace: Path) -> None:
    """What makes the agents differ: a web/AGENTS.md that eats Codex's 32 KiB budget, a CLAUDE.md that
    imports AGENTS.md, a path-scoped rule and an auto memory index past 200 lines."""
    rules = [f"- Rule {n}: components in `web/src/{area}` use {style}; keep each file under 300 lines and "
             f"cover it with a test in `web/tests/{area}`." for n, (area, style) in enumerate(
                 [(a, s) for a in ("cart", "checkout", "search", "account", "catalog", "orders", "admin", "auth")
                  for s in ("hooks", "server components", "CSS modules", "the design tokens", "zod schemas",
                            "react-query", "the shared fetch client", "storybook stories")] * 4, start=1)]
    (workspace / "web" / "AGENTS.md").write_text("# Web style guide\n\n" + "\n".join(rules) + "\n")
    (workspace / "CLAUDE.md").write_text("@AGENTS.md\n\nUse plan mode before a refactor that touches "
                                         "more than three files.\n")
    (workspace / ".claude" / "rules").mkdir(parents=True)
    (workspace / ".claude" / "rules" / "migrations.md").write_text(
        '---\npaths: "migrations/**/*.py"\n---\nNever edit a migration that has been released.\n')
    memory = home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in str(workspace)) / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("".join(f"- [Note {n}](note-{n}.md) — something learned in session {n}\n"
                                              for n in range(1, 241)))
    (workspace / ".cursor" / "rules").mkdir(parents=True)
    (workspace / ".cursor" / "rules" / "typescript.mdc").write_text(
        "---\ndescription: TypeScript style\nglobs: web/**/*.ts,web/**/*.tsx\nalwaysApply: false\n---\n"
        "- Strict mode; no `any`.\n")
    (workspace / "GEMINI.md").write_text("- Prefer Flash for quick questions.\n- Never push to main.\n")


class _Named:
    """``out / name`` with the run's prefix before the name."""

    def __init__(self, folder: Path, prefix: str) -> None:
        self.folder, self.prefix = folder, prefix

    def __truediv__(self, name: str) -> Path:
        return self.folder / f"{self.prefix}{name}"


def _shoot(widget: QWidget, path: Path) -> None:
    widget.grab().save(str(path))
    print(f"wrote {path}")


def main(out: Path, size: tuple[int, int] = SIZE, prefix: str = "") -> int:
    out.mkdir(parents=True, exist_ok=True)
    out = _Named(out, prefix)
    scratch = Path(tempfile.mkdtemp(prefix="cc-shots-"))
    root, workspace, home = scratch / "state", scratch / "work" / "shop-web", scratch / "home"
    _demo_store(root, workspace)
    _transcripts(home, workspace)
    _agent_files(home, workspace)
    _tool_sessions(home, workspace)
    os.environ["HOME"] = str(home)
    _enforce_pnpm(root, workspace)   # (the hook's settings go to this home)
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Context Center")
    app.setWindowIcon(app_icon())
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    window, client = create_window(str(root), str(workspace), settings)
    window.resize(*size)
    window.show()
    _settle(app, client, 800)
    shots = [("overview", window.overview), ("facts", window.facts), ("instructions", window.instructions),
             ("recall", window.recall),
             ("archive", window.archive), ("suggestions", window.suggestions), ("review", window.review)]
    for name, tab in shots:
        window.tabs.setCurrentWidget(tab)
        if tab is window.facts:
            tab.select(next(r.key for r in tab.model.rows() if r.fact.name == "package-manager"))
        if tab is window.recall:
            tab.message.setText("which branch are releases cut from?")
            tab.try_message()
        _settle(app, client, 1500 if tab in (window.suggestions, window.review, window.overview) else 500)
        _shoot(window, out / f"{name}.png")

    instructions = window.instructions   # what each agent receives, from web/src
    window.tabs.setCurrentWidget(instructions)
    instructions.set_target(str(workspace / "web" / "src"))
    instructions.set_agent("codex")
    _settle(app, client)
    instructions.documents.selectRow(1)
    _settle(app, client)
    _shoot(window, out / "instructions-codex.png")
    instructions.set_compared(["reasonix", "claude-code", "codex", "gemini", "cursor"])
    instructions.set_agent("compare")
    _settle(app, client)
    _shoot(window, out / "instructions-compare.png")
    instructions.set_target(None)
    _settle(app, client)
    instructions.align_agents()
    _settle(app, client, 800)
    assert instructions.align_dialog is not None
    _shoot(instructions.align_dialog, out / "align-agents.png")
    instructions.align_dialog.close()
    instructions.set_agent("reasonix")
    instructions.set_target(None)
    _settle(app, client)

    instructions.pages.setCurrentWidget(instructions.adherence)   # whether the agents kept each rule
    _settle(app, client, 1500)
    _shoot(window, out / "adherence.png")
    instructions.pages.setCurrentIndex(0)

    view = window.recall.injections
    window.tabs.setCurrentWidget(window.recall)
    window.recall.pages.setCurrentWidget(view)
    _settle(app, client)
    view.select_record(next(r["id"] for r in view.records if r["prompt"].startswith("run the database")))
    view.fact_choice.setCurrentIndex(view.fact_choice.findData("project/release-branch.md"))
    view.ask_why_not()
    _settle(app, client)
    _shoot(window, out / "injections.png")

    window.tabs.setCurrentWidget(window.facts)
    _settle(app, client)
    form = window.facts.writes.new_fact()
    form.fields["title"].setText("Deploy token")
    form.fields["subject_key"].setText("。。")
    form.body.setPlainText("Use the token ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8" + " for deploys.")
    form.save()
    _settle(app, client)
    form.fields["subject_key"].clear()
    form.save()
    _settle(app, client)
    _shoot(form, out / "fact-form-refusal.png")
    form.discard()

    window.facts.select(next(r.key for r in window.facts.model.rows() if r.fact.name == "release-branch"))
    window.facts.writes.history_selected()
    _settle(app, client)
    dialog = window.facts.writes.history_dialog
    dialog.list.setCurrentRow(1)
    _settle(app, client)
    _shoot(dialog, out / "history.png")
    dialog.close()

    window.theme.choose("dark")   # the dark theme: the same tabs
    for name, tab in (("overview", window.overview), ("facts", window.facts), ("instructions", window.instructions),
                      ("review", window.review)):
        window.tabs.setCurrentWidget(tab)
        if tab is window.facts:
            tab.select(next(r.key for r in tab.model.rows() if r.fact.name == "package-manager"))
        _settle(app, client, 1500 if tab in (window.review, window.overview) else 600)
        _shoot(window, out / f"dark-{name}.png")
    window.theme.choose("system")
    _settle(app, client)

    setup = window.sync.open_setup()   # Sync ▸ Set up sync…, a remote typed
    setup.remote.setText("git@github.com:ana/my-facts.git")
    _settle(app, client)
    _shoot(setup, out / "set-up-sync.png")
    setup.close()
    commit = window.open_team_commit()   # Sync ▸ Commit team facts…, a message typed
    _settle(app, client, 800)
    commit.message.setText("Team memory: deploy on Wednesdays, two approvals")
    _settle(app, client)
    _shoot(commit, out / "commit-team-facts.png")
    commit.close()
    window.close()
    client.shutdown()

    settings.setValue("window/language", "zh_CN")   # the window in Chinese: made anew, as at a start
    window, client = create_window(str(root), str(workspace), settings)
    window.resize(*size)
    window.show()
    _settle(app, client, 800)
    for name, tab in (("overview", window.overview), ("facts", window.facts), ("review", window.review)):
        window.tabs.setCurrentWidget(tab)
        if tab is window.facts:
            tab.select(next(r.key for r in tab.model.rows() if r.fact.name == "package-manager"))
        _settle(app, client, 1500 if tab in (window.review, window.overview) else 600)
        _shoot(window, out / f"zh-{name}.png")
    commit = window.open_team_commit()
    _settle(app, client, 800)
    _shoot(commit, out / "zh-commit-team-facts.png")
    commit.close()
    window.close()
    client.shutdown()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path(__file__).parent / "screenshots")
    parser.add_argument("--size", default="1280x800", help="the window's size in logical pixels, WxH")
    parser.add_argument("--scale", default="1", help="QT_SCALE_FACTOR: 2 draws as on a 2× screen")
    parser.add_argument("--prefix", default="", help="put before every file name")
    args = parser.parse_args()
    os.environ["QT_SCALE_FACTOR"] = args.scale   # before the application is made
    width, height = (int(part) for part in args.size.split("x"))
    sys.exit(main(args.out, (width, height), args.prefix))
