"""What Cursor's agent receives: project rules by their front matter, AGENTS.md, the legacy file.

Its rules, from its documentation (cited in :class:`.agent_rules.CursorRules`):

- ``.cursor/rules/**/*.mdc`` (and ``.md``) in the workspace, and in ``.cursor/rules`` folders of
  subfolders (those apply to files below their folder). By the front matter:
  ``alwaysApply: true`` — every request ("Always"); ``globs`` — when a matching file is in the
  conversation ("Auto Attached"); a ``description`` alone — when the agent decides it is relevant
  ("Agent Requested"); none — only when mentioned with ``@`` ("Manual").
- ``AGENTS.md`` at the workspace's root: every request; in a subfolder, for files below it.
- ``.cursorrules`` at the root: the deprecated single file, still read on every request.
- User rules live in Cursor's settings, not in files: they are not shown here.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .agent_rules import CURSOR, CursorRules
from .agent_view import AgentDocument, AgentHomes, AgentView, Labeller, Trigger
from .reasons import Reason
from .resolver import InstructionDiagnostic
from .rule_files import files_in, folders_below, globs_of, read_document, split_rule, text_of


class CursorView:
    def __init__(self, workspace: Path, homes: AgentHomes, rules: CursorRules = CURSOR) -> None:
        self.workspace, self.homes, self.rules = workspace, homes, rules
        self.label = Labeller(workspace, homes.home)

    def resolve(self, target: Path) -> AgentView:
        rules = self.rules
        diagnostics: list[InstructionDiagnostic] = []
        documents: list[AgentDocument] = []
        self._warnings: list[str] = []
        root = self.workspace   # an editor's rules belong to the folder it opened
        for path in files_in(root / rules.rules_folder, rules.rule_suffixes, self.label, diagnostics):
            documents.append(self._rule(path, "rule", None, diagnostics))
        for name in rules.agent_files:
            self._plain(documents, root / name, "project", "loaded", Reason("cursor_agents_root"),
                        diagnostics)
        self._plain(documents, root / rules.legacy_file, "project", "loaded",
                    Reason("cursor_legacy"), diagnostics)
        for folder in folders_below(root, self.label, diagnostics):
            rel = folder.relative_to(root).as_posix()
            below = Trigger("glob", (f"{rel}/**",))
            for path in files_in(folder / rules.rules_folder, rules.rule_suffixes, self.label, diagnostics):
                documents.append(self._rule(path, "subfolder", rel, diagnostics))
            for name in rules.agent_files:
                self._plain(documents, folder / name, "subfolder", "on_demand",
                            Reason("cursor_subfolder", folder=self.label(folder)), diagnostics, below)
        documents = [replace(d, order=i) for i, d in enumerate(documents)]
        return AgentView("cursor", self.workspace, target, tuple(documents), tuple(diagnostics),
                         {"imports": False, "rule_suffixes": list(rules.rule_suffixes)}, tuple(self._warnings),
                         (root, root / ".cursor", root / rules.rules_folder))

    def _plain(self, documents: list[AgentDocument], path: Path, scope: str, status: str, reason: str,
               diagnostics: list[InstructionDiagnostic], trigger: Trigger | None = None) -> None:
        if path.is_file() or path.is_symlink():
            documents.append(read_document(path, self.label(path), scope, status, reason, diagnostics, trigger=trigger))

    def _rule(self, path: Path, scope: str, below: str | None,
              diagnostics: list[InstructionDiagnostic]) -> AgentDocument:
        document = read_document(path, self.label(path), scope, "on_demand", "", diagnostics)
        if document.status != "on_demand":
            return document
        rule = split_rule(document.text)
        document = replace(document, body=rule.body.strip("\n"))   # the front matter is not sent
        always = rule.meta.get(self.rules.always_key)
        globs = globs_of(rule.meta, self.rules.globs_key)
        description = text_of(rule.meta, self.rules.description_key)
        if below is not None:
            globs = tuple(f"{below}/{g}" for g in globs) or (f"{below}/**",)
        if isinstance(always, str):
            self._warnings.append(Reason("cursor_always_text", file=document.label, value=repr(always)))
        if always is True:
            if below is None:
                return replace(document, status="loaded", reason=Reason("cursor_always"))
            globs = (f"{below}/**",)
        if globs:
            return replace(document, trigger=Trigger("glob", globs),
                           reason=Reason("cursor_globs_below", globs=", ".join(globs), folder=below) if below
                           else Reason("cursor_globs", globs=", ".join(globs)))
        if description:
            return replace(document, trigger=Trigger("description", (), description),
                           reason=Reason("cursor_description", description=description))
        return replace(document, trigger=Trigger("manual"),
                       reason=Reason("cursor_manual"))
