"""What Windsurf's Cascade receives: global rules, workspace rules by their trigger, AGENTS.md.

Its rules, from its documentation (cited in :class:`.agent_rules.WindsurfRules`):

- ``~/.codeium/windsurf/memories/global_rules.md``: every conversation, cut at its character cap.
- ``.windsurf/rules/*.md`` in the workspace, in its subfolders and in the folders above it up to
  the git root, each by its ``trigger``: ``always_on`` — every conversation; ``model_decision`` —
  when Cascade decides its ``description`` applies; ``glob`` — when a file matching its
  ``globs`` is touched; ``manual`` — only when @-mentioned. A rule file past the per-file
  character cap is cut there.
- ``AGENTS.md``: at the workspace's root on every conversation, in a subfolder for its files.
- ``.windsurfrules`` at the root: the older single file, still read on every conversation.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .agent_rules import WINDSURF, WindsurfRules
from .agent_view import AgentDocument, AgentHomes, AgentView, Labeller, Trigger
from .reasons import Reason
from .resolver import InstructionDiagnostic
from .rule_files import (
    chain,
    cut_to_chars,
    files_in,
    folders_below,
    git_root,
    globs_of,
    read_document,
    split_rule,
    text_of,
)


class WindsurfView:
    def __init__(self, workspace: Path, homes: AgentHomes, rules: WindsurfRules = WINDSURF) -> None:
        self.workspace, self.homes, self.rules = workspace, homes, rules
        self.label = Labeller(workspace, homes.home)

    def resolve(self, target: Path) -> AgentView:
        rules = self.rules
        diagnostics: list[InstructionDiagnostic] = []
        documents: list[AgentDocument] = []
        root = self.workspace
        global_rules = self.homes.expand(rules.global_file)
        if global_rules.is_file() or global_rules.is_symlink():
            documents.append(cut_to_chars(
                read_document(global_rules, self.label(global_rules), "user", "loaded",
                              Reason("windsurf_global"), diagnostics),
                rules.global_chars, Reason("windsurf_global_cap", limit=f"{rules.global_chars:,}")))
        above = [f for f in chain(git_root(root, root), root) if f != root]
        for folder in (*above, root):
            for path in files_in(folder / rules.rules_folder, (".md",), self.label, diagnostics):
                documents.append(self._rule(path, "rule" if folder == root else "ancestor", None, diagnostics))
        for name in rules.agent_files:
            self._plain(documents, root / name, "project", "loaded",
                        Reason("windsurf_agents_root"), diagnostics)
        self._plain(documents, root / rules.legacy_file, "project", "loaded",
                    Reason("windsurf_legacy"), diagnostics)
        for folder in folders_below(root, self.label, diagnostics):
            rel = folder.relative_to(root).as_posix()
            for path in files_in(folder / rules.rules_folder, (".md",), self.label, diagnostics):
                documents.append(self._rule(path, "subfolder", rel, diagnostics))
            for name in rules.agent_files:
                self._plain(documents, folder / name, "subfolder", "on_demand",
                            Reason("windsurf_subfolder", folder=self.label(folder)), diagnostics,
                            Trigger("glob", (f"{rel}/**",)))
        documents = [replace(d, order=i) for i, d in enumerate(documents)]
        warnings = tuple(Reason("file_said", file=d.label, said=d.reason) for d in documents if d.status == "truncated")
        limits = {"rule_chars": rules.rule_chars, "global_chars": rules.global_chars, "imports": False}
        return AgentView("windsurf", self.workspace, target, tuple(documents), tuple(diagnostics), limits, warnings,
                         (global_rules.parent, root, root / ".windsurf", root / rules.rules_folder))

    def _plain(self, documents: list[AgentDocument], path: Path, scope: str, status: str, reason: str,
               diagnostics: list[InstructionDiagnostic], trigger: Trigger | None = None) -> None:
        if path.is_file() or path.is_symlink():
            document = read_document(path, self.label(path), scope, status, reason, diagnostics, trigger=trigger)
            documents.append(cut_to_chars(document, self.rules.rule_chars,
                                          Reason("windsurf_file_cap", limit=f"{self.rules.rule_chars:,}")))

    def _rule(self, path: Path, scope: str, below: str | None,
              diagnostics: list[InstructionDiagnostic]) -> AgentDocument:
        rules = self.rules
        document = read_document(path, self.label(path), scope, "on_demand", "", diagnostics)
        if document.status != "on_demand":
            return document
        rule = split_rule(document.text)
        document = replace(document, body=rule.body.strip("\n"))   # the front matter is not sent
        trigger = text_of(rule.meta, rules.trigger_key).lower()
        globs = globs_of(rule.meta, rules.globs_key)
        description = text_of(rule.meta, rules.description_key)
        if below is not None:
            globs = tuple(f"{below}/{g}" for g in globs) or (f"{below}/**",)
        if trigger == "always_on" and below is None:
            document = replace(document, status="loaded", reason=Reason("windsurf_always"))
        elif trigger in ("always_on", "glob"):
            document = replace(document, trigger=Trigger("glob", globs),
                               reason=Reason("windsurf_glob", globs=", ".join(globs)) if globs
                               else Reason("windsurf_no_globs"))
        elif trigger == "model_decision":
            document = replace(document, trigger=Trigger("description", (), description),
                               reason=Reason("windsurf_model_decision", description=description))
        elif trigger == "manual":
            document = replace(document, trigger=Trigger("manual"), reason=Reason("windsurf_manual"))
        else:
            document = replace(document, trigger=Trigger("manual"),
                               reason=Reason("windsurf_unknown_trigger", trigger=repr(trigger)) if trigger
                               else Reason("windsurf_no_trigger"))
        return cut_to_chars(document, rules.rule_chars,
                            Reason("windsurf_file_cap", limit=f"{rules.rule_chars:,}"))
