"""What GitHub Copilot receives (VS Code's chat and agent, the coding agent, the CLI).

Its rules, from GitHub's documentation (the pages are cited in :class:`.agent_rules.CopilotRules`):

- ``.github/copilot-instructions.md`` at the repository's root: every request.
- ``.github/instructions/**/*.instructions.md``: each with an ``applyTo`` glob (a list, or globs
  separated by commas) is read when Copilot works on a matching file; without one it is attached
  by hand only. ``applyTo: "**"`` matches every file, so it is read on every request that has one.
- ``AGENTS.md`` at the root, in the folders between it and the target, and (when Copilot works
  there) below it; ``CLAUDE.md`` and ``GEMINI.md`` at the root, which the coding agent reads too.
- The user's own ``~/.copilot/copilot-instructions.md`` and ``~/.copilot/instructions``.

No imports: an ``@path`` line is text to Copilot. Copilot sends no file cut or capped.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .agent_rules import COPILOT, CopilotRules
from .agent_view import AgentDocument, AgentHomes, AgentView, Labeller, Trigger
from .reasons import Reason
from .resolver import InstructionDiagnostic
from .rule_files import chain, files_in, folders_below, git_root, globs_of, read_document, split_rule


class CopilotView:
    def __init__(self, workspace: Path, homes: AgentHomes, rules: CopilotRules = COPILOT) -> None:
        self.workspace, self.homes, self.rules = workspace, homes, rules
        self.label = Labeller(workspace, homes.home)

    def resolve(self, target: Path) -> AgentView:
        rules = self.rules
        diagnostics: list[InstructionDiagnostic] = []
        documents: list[AgentDocument] = []
        root = git_root(target, self.workspace)
        add = self._adder(documents, diagnostics)
        add(self.homes.expand(rules.user_file), "user", "loaded", Reason("copilot_user"))
        for path in files_in(self.homes.expand(rules.user_instructions_folder), (rules.instructions_suffix,),
                             self.label, diagnostics):
            self._path_specific(documents, path, "user-rule", diagnostics)
        add(root / rules.repository_file, "project", "loaded", Reason("copilot_repository"))
        for path in files_in(root / rules.instructions_folder, (rules.instructions_suffix,), self.label, diagnostics):
            self._path_specific(documents, path, "rule", diagnostics)
        for name in rules.root_files:
            add(root / name, "project", "loaded", Reason("copilot_root_file", name=name))
        for folder in chain(root, target)[1:]:
            for name in rules.agent_files:
                add(folder / name, "ancestor", "loaded", Reason("copilot_ancestor"))
        for folder in folders_below(target, self.label, diagnostics):
            rel = folder.relative_to(target).as_posix()
            for name in rules.agent_files:
                add(folder / name, "subfolder", "on_demand",
                    Reason("copilot_subfolder", folder=self.label(folder)), Trigger("glob", (f"{rel}/**",)))
        documents = [replace(d, order=i) for i, d in enumerate(documents)]
        folders = (root, root / ".github", root / rules.instructions_folder,
                   self.homes.expand(rules.user_instructions_folder), *chain(root, target))
        return AgentView("copilot", self.workspace, target, tuple(documents), tuple(diagnostics),
                         {"imports": False, "applies_to_key": rules.apply_to_key}, (), folders)

    def _adder(self, documents: list[AgentDocument], diagnostics: list[InstructionDiagnostic]):
        seen: set[Path] = set()

        def add(path: Path, scope: str, status: str, reason: str, trigger: Trigger | None = None) -> None:
            if path in seen or not path.is_file() and not path.is_symlink():
                return
            seen.add(path)
            documents.append(read_document(path, self.label(path), scope, status, reason, diagnostics,
                                           trigger=trigger))
        return add

    def _path_specific(self, documents: list[AgentDocument], path: Path, scope: str,
                       diagnostics: list[InstructionDiagnostic]) -> None:
        label = self.label(path)
        document = read_document(path, label, scope, "on_demand", "", diagnostics)
        if document.status != "on_demand":
            documents.append(document)
            return
        rule = split_rule(document.text)
        document = replace(document, body=rule.body.strip("\n"))   # the front matter is not sent
        globs = globs_of(rule.meta, self.rules.apply_to_key)
        if not globs:
            documents.append(replace(document, trigger=Trigger("manual"),
                                     reason=Reason("copilot_no_apply_to")))
        elif any(g in self.rules.every_file for g in globs):
            documents.append(replace(document, status="loaded", reason=Reason("copilot_every_file",
                                                                                globs=", ".join(globs))))
        else:
            documents.append(replace(document, trigger=Trigger("glob", globs),
                                     reason=Reason("copilot_apply_to", globs=", ".join(globs))))
