"""Standing instructions: REASONIX.md / AGENTS.md / CLAUDE.md (+ ``.local.md``), resolved.

Load order: the user files of the state root (priority 0), then each directory
from the workspace root down to the target (depth d): its normal files at
priority 10 + 2d, then its local files at 11 + 2d. Later entries win. Identical
expanded bodies are kept once, from the more specific (later) source; near
duplicates are kept and flagged.
"""
from __future__ import annotations

import dataclasses
import difflib
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidInput, SensitiveContent
from ..memory import sensitive
from ..storage.atomic_write import write_atomic
from ..storage.safe_read import UnsafeFile, read_regular_text
from ..storage.store_lock import StoreLock
from ..text.tokens import approximate_tokens
from .imports import IMPORT_WRAPPER, ImportExpander
from .reasons import Reason, why_not_read

NORMAL_NAMES = ("REASONIX.md", "AGENTS.md", "CLAUDE.md")
LOCAL_NAMES = ("REASONIX.local.md", "AGENTS.local.md", "CLAUDE.local.md")
NEAR_DUPLICATE_RATIO = 0.85


@dataclass(frozen=True)
class InstructionDiagnostic:
    code: str
    label: str          # provenance label of the document concerned
    source: Path        # absolute path of the file holding the problem (local use only)
    line: int
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "label": self.label, "source": str(self.source), "line": self.line,
                "message": self.message}


@dataclass(frozen=True)
class InstructionDocument:
    label: str
    scope: str          # user | project | ancestor | local
    priority: int
    order: int
    body: str           # expanded, trimmed
    path: Path
    imports: tuple[str, ...] = ()
    sources: tuple[Path, ...] = ()   # the document and every file its imports name (read or not)
    imported: tuple[Path, ...] = ()  # the files its imports expanded

    @property
    def chars(self) -> int:
        return len(self.body)

    @property
    def tokens(self) -> int:
        return approximate_tokens(self.body)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "scope": self.scope, "priority": self.priority, "order": self.order,
                "body": self.body, "path": str(self.path), "chars": self.chars, "tokens": self.tokens,
                "imports": list(self.imports)}


@dataclass(frozen=True)
class InstructionSet:
    workspace: Path
    target: Path
    documents: tuple[InstructionDocument, ...]
    diagnostics: tuple[InstructionDiagnostic, ...]
    digest: str = field(default="")
    folders: tuple[Path, ...] = ()   # the state root and every folder from the workspace root to the target
    sources: tuple[Path, ...] = ()   # every document read and every file its imports name (duplicates too)

    @property
    def watch_folders(self) -> tuple[Path, ...]:
        """Every folder whose files can change this result: where documents may appear, and
        where the files named by imports live."""
        return tuple(dict.fromkeys((*self.folders, *(source.parent for source in self.sources))))

    def to_json(self) -> dict[str, Any]:
        return {"workspace": str(self.workspace), "target": str(self.target), "digest": self.digest,
                "documents": [d.to_json() for d in self.documents],
                "diagnostics": [d.to_json() for d in self.diagnostics]}


def _content_key(body: str) -> str:
    """The text a document carries, without import wrappers: a CLAUDE.md that only
    imports AGENTS.md carries exactly what AGENTS.md does, so it is kept once."""
    return "\n".join(line for line in IMPORT_WRAPPER.sub("", body).split("\n") if line.strip())


def _without_imported(kept: list[InstructionDocument],
                      diagnostics: list[InstructionDiagnostic]) -> list[InstructionDocument]:
    """A file on the chain that another document imports (a CLAUDE.md holding ``@AGENTS.md`` and
    lines of its own) is already carried, inside its importer: kept there only, not twice. Of two
    documents importing each other, the later one stays."""
    imports = [{os.path.realpath(p) for p in document.imported} for document in kept]
    dropped: set[int] = set()
    for index, document in enumerate(kept):
        real = os.path.realpath(document.path)
        importer = next((other for j, other in enumerate(kept)
                         if j != index and j not in dropped and real in imports[j]), None)
        if importer is not None:
            dropped.add(index)
            diagnostics.append(InstructionDiagnostic(
                "duplicate_document", document.label, document.path, 0,
                Reason("duplicate_imported", file=document.label, importer=importer.label)))
    return [document for index, document in enumerate(kept) if index not in dropped]


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


class InstructionResolver:
    def __init__(self, state_root: Path, workspace: Path, lock: StoreLock) -> None:
        self.state_root = Path(os.path.abspath(state_root))
        self.workspace = Path(os.path.abspath(workspace))
        self.lock = lock

    # labels -------------------------------------------------------------------------

    def label_of(self, path: Path) -> str:
        path = Path(os.path.abspath(path))
        for prefix, base in (("workspace", self.workspace), ("user", self.state_root)):
            if _within(path, base):
                rel = path.relative_to(base).as_posix()
                return prefix if rel == "." else f"{prefix}/{rel}"
        return path.name

    # resolution -----------------------------------------------------------------------

    def resolve(self, target: str | os.PathLike[str] | None = None) -> InstructionSet:
        diagnostics: list[InstructionDiagnostic] = []
        target_dir = self._target_dir(target, diagnostics)
        candidates: list[tuple[Path, str, int, Path]] = []  # (file, scope, priority, owner dir)
        for name in NORMAL_NAMES:
            candidates.append((self.state_root / name, "user", 0, self.state_root))
        chain = [self.workspace]
        if target_dir != self.workspace:
            chain += [self.workspace.joinpath(*target_dir.relative_to(self.workspace).parts[:i + 1])
                      for i in range(len(target_dir.relative_to(self.workspace).parts))]
        for depth, folder in enumerate(chain):
            for name in NORMAL_NAMES:
                candidates.append((folder / name, "project" if depth == 0 else "ancestor", 10 + 2 * depth, folder))
            for name in LOCAL_NAMES:
                candidates.append((folder / name, "local", 11 + 2 * depth, folder))

        loaded: list[InstructionDocument] = []
        for path, scope, priority, owner in candidates:
            document = self._load(path, scope, priority, owner, diagnostics)
            if document is not None:
                loaded.append(document)
        documents = self._deduplicate(loaded, diagnostics)
        # a file reached from two documents (CLAUDE.md importing AGENTS.md) reports its problem once
        unique = {(d.code, d.source, d.line): d for d in reversed(diagnostics)}
        diagnostics = [d for d in diagnostics if unique[(d.code, d.source, d.line)] is d]
        digest = hashlib.sha256("\0".join(f"{d.label}\0{d.body}" for d in documents).encode("utf-8")).hexdigest()
        sources = tuple(dict.fromkeys(source for document in loaded for source in document.sources))
        return InstructionSet(self.workspace, target_dir, tuple(documents), tuple(diagnostics), digest,
                              (self.state_root, *chain), sources)

    def _target_dir(self, target: str | os.PathLike[str] | None,
                    diagnostics: list[InstructionDiagnostic]) -> Path:
        if target is None:
            cwd = Path(os.getcwd())
            return cwd if _within(cwd, self.workspace) else self.workspace
        path = Path(os.path.abspath(Path(target).expanduser()))
        if path.is_file():
            path = path.parent
        if not _within(path, self.workspace):
            diagnostics.append(InstructionDiagnostic(
                "target_outside_workspace", "workspace", path, 0,
                Reason("target_outside_workspace", target=path, workspace=self.workspace)))
            return self.workspace
        return path

    def _load(self, path: Path, scope: str, priority: int, owner: Path,
              diagnostics: list[InstructionDiagnostic]) -> InstructionDocument | None:
        if not os.path.lexists(path):
            return None
        label = self.label_of(path)
        home = self.state_root if scope == "user" else self.workspace
        if not _within(Path(os.path.realpath(path)), Path(os.path.realpath(home))):
            diagnostics.append(InstructionDiagnostic(
                "document_symlink_escape", label, path, 0,
                Reason("symlink_out_of_state_root" if scope == "user" else "symlink_out_of_workspace", file=label,
                       real=os.path.realpath(path))))
            return None
        try:
            text = read_regular_text(path)
        except UnicodeDecodeError as exc:
            diagnostics.append(InstructionDiagnostic(
                "document_unreadable", label, path, 0,
                Reason("file_not_utf8", file=label, byte=exc.start + 1)))
            return None
        except OSError as exc:
            diagnostics.append(InstructionDiagnostic("document_unreadable", label, path, 0,
                                                     Reason("file_unreadable", file=label, why=why_not_read(exc))))
            return None
        expansion = ImportExpander(owner, self.label_of).expand(path, text)
        for problem in expansion.problems:
            diagnostics.append(InstructionDiagnostic(problem.code, label, problem.file, problem.line,
                                                     Reason("at_line", where=f"{self.label_of(problem.file)}:"
                                                            f"{problem.line}", problem=problem.message)))
        body = expansion.body.strip()
        if not body:
            return None
        return InstructionDocument(label, scope, priority, 0, body, path,
                                   tuple(self.label_of(p) for p in expansion.imports),
                                   (path, *dict.fromkeys(expansion.referenced)), tuple(expansion.imports))

    @staticmethod
    def _deduplicate(loaded: list[InstructionDocument],
                     diagnostics: list[InstructionDiagnostic]) -> list[InstructionDocument]:
        """Keep the last (most specific) copy of identical bodies; flag near duplicates."""
        keys = [_content_key(d.body) for d in loaded]
        last_index = {key: i for i, key in enumerate(keys)}
        kept: list[InstructionDocument] = []
        for index, document in enumerate(loaded):
            winner = loaded[last_index[keys[index]]]
            if last_index[keys[index]] != index:
                diagnostics.append(InstructionDiagnostic(
                    "duplicate_document", document.label, document.path, 0,
                    Reason("duplicate_identical", file=document.label, winner=winner.label)))
                continue
            kept.append(document)
        kept = _without_imported(kept, diagnostics)
        for i, first in enumerate(kept):
            for second in kept[i + 1:]:
                matcher = difflib.SequenceMatcher(None, first.body.splitlines(), second.body.splitlines(),
                                                  autojunk=False)
                if matcher.real_quick_ratio() >= NEAR_DUPLICATE_RATIO and matcher.ratio() >= NEAR_DUPLICATE_RATIO:
                    changed = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes()
                                  if tag != "equal")
                    diagnostics.append(InstructionDiagnostic(
                        "near_duplicate", second.label, second.path, 0,
                        Reason("near_duplicate", file=second.label, other=first.label, changed=f"{changed:,}")))
        return [dataclasses.replace(d, order=order) for order, d in enumerate(kept)]

    # quick add ---------------------------------------------------------------------------

    def quick_add(self, note: str, *, local: bool = False, file: str | os.PathLike[str] | None = None) -> Path:
        """``/remember <note>``: one ``- note`` line under ``## Notes`` of ``file`` (an instruction
        file of the workspace or the state root), else of REASONIX.md, AGENTS.md or CLAUDE.md in the
        workspace root, whichever exists first, else of a new AGENTS.md (``.local.md`` variants
        with ``local``)."""
        text = " ".join(note.split())
        for prefix in ("/remember ", "# "):
            if text.startswith(prefix):
                text = text[len(prefix):].strip()
        if not text:
            raise InvalidInput("the note is empty")
        if sensitive.find_secrets(text):
            raise SensitiveContent("the note contains a secret; instruction files are shared with the agent "
                                   "and often committed, so it was not written")
        chosen = self._quick_add_file(file) if file is not None else None
        names = LOCAL_NAMES if local else NORMAL_NAMES
        with self.lock:
            path = chosen or next((self.workspace / n for n in names if (self.workspace / n).is_file()),
                                  self.workspace / ("AGENTS.local.md" if local else "AGENTS.md"))
            home = self.state_root if path.parent == self.state_root else self.workspace
            if os.path.lexists(path) and not _within(Path(os.path.realpath(path)), Path(os.path.realpath(home))):
                raise InvalidInput(f"{path} is a symlink that leads outside the "
                                   f"{'state root' if home == self.state_root else 'workspace'}; a quick add "
                                   "would copy what it points to here, so nothing was written")
            try:
                existing = read_regular_text(path) if os.path.lexists(path) else ""
            except UnicodeDecodeError:
                raise InvalidInput(f"{path} is not UTF-8 text; nothing was written") from None
            except UnsafeFile as exc:
                raise InvalidInput(f"{path} cannot take a note: {exc.reason}") from None
            write_atomic(path, add_note(existing, text))
        return path

    def quick_add_targets(self, target: str | os.PathLike[str] | None = None) -> list[tuple[Path, bool]]:
        """Where a quick add may go for ``target``: every instruction file name in each folder of the
        chain (the state root's normal names too), with whether it exists; the default comes first."""
        resolved = self.resolve(target)
        default = next((self.workspace / n for n in NORMAL_NAMES if (self.workspace / n).is_file()),
                       self.workspace / "AGENTS.md")
        options = [default]
        for folder in resolved.folders:
            names = NORMAL_NAMES if folder == self.state_root else NORMAL_NAMES + LOCAL_NAMES
            options += [folder / name for name in names if folder / name != default]
        return [(path, path.is_file()) for path in options]

    def _quick_add_file(self, file: str | os.PathLike[str]) -> Path:
        path = Path(os.path.abspath(Path(file).expanduser()))
        allowed_names = NORMAL_NAMES + (LOCAL_NAMES if path.parent != self.state_root else ())
        if path.name not in allowed_names:
            raise InvalidInput(f"{path.name} is not an instruction file; quick add writes to one of "
                               f"{', '.join(NORMAL_NAMES + LOCAL_NAMES)}")
        if not (_within(path.parent, self.workspace) or path.parent == self.state_root):
            raise InvalidInput(f"{path} is outside the workspace {self.workspace} and the state root")
        real = Path(os.path.realpath(path))
        home = self.state_root if path.parent == self.state_root else self.workspace
        if not _within(real, Path(os.path.realpath(home))):
            raise InvalidInput(f"{path} is a symlink that leads outside {home}")
        if not path.parent.is_dir():
            raise InvalidInput(f"the folder {path.parent} does not exist")
        return path


NEW_FILE_HEADING = "# Project memory"   # what Reasonix writes at the top of a file it creates


def add_note(document: str, note: str) -> str:
    """``document`` with ``- note`` appended to its ``## Notes`` section (created when missing)."""
    lines = document.replace("\r\n", "\n").rstrip("\n").split("\n") if document.strip() else []
    start = next((i for i, line in enumerate(lines) if line.strip().lower() == "## notes"), None)
    if start is None:
        if lines:
            lines.append("")
        else:
            lines += [NEW_FILE_HEADING, ""]
        lines += ["## Notes", "", f"- {note}"]
        return "\n".join(lines) + "\n"
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"^#{1,2}\s", lines[i])), len(lines))
    insert_at = end
    while insert_at > start + 1 and not lines[insert_at - 1].strip():
        insert_at -= 1
    if insert_at == start + 1:
        lines[insert_at:insert_at] = ["", f"- {note}"]
    else:
        lines.insert(insert_at, f"- {note}")
    return "\n".join(lines) + "\n"
