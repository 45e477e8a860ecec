"""The context-eng tools on the one store: bind, search, map, categories, create, edit, promote,
demote, delete — each takes the tool's arguments as the agent sent them and answers the contract's
JSON (or, for search, its text), or raises :class:`AgentRefusal` with the contract's code.

Bind vs scope (the contract's): a project is bound by ``--project``, by ``projectPath`` on a call, or
by ``memory_bind``; it must be an existing directory; the same key is not remounted. Unbound,
only the global scope is open: ``scope: global`` works, ``project``/``both`` are
``PROJECT_NOT_BOUND``. The working directory is never taken for a project. The project key is
Context Center's, so an agent bound to a folder sees the project facts the window shows for it.

Policies, for writes: ``contract`` (the contract's promotion rules), ``review`` (a create that is not
low-risk lands in staging; editing a promoted memory or promoting is the user's), ``read-only``.
"""
from __future__ import annotations

import logging
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from .. import clock
from ..contract import categories
from ..contract.refusals import AgentRefusal, said
from ..errors import NotFound, SensitiveContent
from ..facade import Engine
from ..memory.fact_file import metadata_entry
from ..memory.fields import MAX_NEW_NAME_BYTES, new_fact_id, portable_name, slug
from ..recall.service import disputed_by
from ..records import Fact, Snapshot
from ..storage.paths import cut_utf8, project_key, workspace_project_key
from ..text.snippets import collapse
from .agent_map import category_list, category_names, scope_index
from .agent_search import Judge, search
from .agent_store import AgentStore, OpenStore
from .claims import (
    DEFAULT_IMPORTANCE,
    LABEL_KINDS,
    check_content,
    check_importance,
    check_labels,
    check_not_sensitive,
    check_subject,
    title_of,
)
from .memories import AgentMemory
from .policy import POLICIES, POLICY_SETTING
from .search_request import check_scope, parse_search

MAX_PROJECT_PATH_BYTES = 4096   # PATH_MAX on Linux: a longer projectPath cannot name a folder
_SYSTEM_FOLDERS = frozenset({"proc", "sys", "dev"})   # /proc/self/cwd would name the server's own folder
AUTO_WRITE_BUDGET_CHARS = 400   # review: a longer create is "oversized" and waits for the user
NAME_CHARS = 60
_NOT_BOUND_RETRY = ("no project is bound: retry this call with projectPath set to the project's folder, "
                    "or call memory_bind first")
_NOT_BOUND_BIND = ("no project is bound and this id is not a global memory: call memory_bind with the project's "
                   "folder first (id tools take no projectPath)")

log = logging.getLogger("context_center.agents")


class AgentMemoryService:
    """One agent's connection (an MCP session) to the store: its binding, its name, what its
    token allows. Sessions of one server share an :class:`AgentStore`. Not thread-safe: the MCP
    face calls it from one worker."""

    def __init__(self, store: AgentStore, project: str | os.PathLike[str] | None = None,
                 policy: str = "contract", judge: Judge | None = None, agent: str = "an agent",
                 *, only_project: str | os.PathLike[str] | None = None,
                 read_only: bool = False, owns_store: bool = False) -> None:
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {', '.join(POLICIES)}")
        self.store, self.policy, self.judge, self.agent = store, policy, judge, agent
        self.read_only = read_only           # the token's scope: READ_ONLY on every write
        self._owns_store = owns_store
        self._only_project = Path(os.path.abspath(only_project)) if only_project is not None else None
        self._open: OpenStore = store.global_store
        self._project: Path | None = None
        # scope → (the snapshot, canonical → display of each category its memories hold): a pass
        # over every memory, made once per snapshot and carried over a create of our own
        self._held_categories: dict[str, tuple[Snapshot, dict[str, str]]] = {}
        # a project-scoped token's session starts on its project, whatever the server's --project:
        # it could bind nothing else, and starting elsewhere would refuse the session outright
        start = self._only_project if self._only_project is not None else project
        if start is not None:   # the token's project, or the server's own --project: made absolute
            self._bind_path(os.path.abspath(os.path.expanduser(str(start))))

    # lifecycle ---------------------------------------------------------------------

    @property
    def engine(self) -> Engine:
        return self._open.engine

    @property
    def _engine(self) -> Engine:
        return self._open.engine

    @property
    def project(self) -> Path | None:
        return self._project

    def watch(self) -> None:
        """Notice other processes' writes (the window, the CLI, another server) before the next call."""
        self.store.watch()

    def close(self) -> None:
        if self._owns_store:
            self.store.close()

    def _fresh(self) -> Engine:
        return self._open.fresh()

    def _wrote(self) -> None:
        self.store.wrote(self._open)

    # binding -------------------------------------------------------------------------

    def _checked_project(self, raw: object) -> Path:
        """``raw`` as an existing, readable directory, or INVALID_PROJECT_PATH saying why; nothing
        is opened or created before it passes."""
        if not isinstance(raw, (str, os.PathLike)) or not str(raw).strip():
            raise AgentRefusal("INVALID_PROJECT_PATH", "projectPath must be an existing directory"
                               + ("" if isinstance(raw, str) else f"; got {said(raw)}"))
        text = str(raw)
        shown = text if len(text) <= 120 else text[:117] + "…"
        if len(text.encode("utf-8", "surrogatepass")) > MAX_PROJECT_PATH_BYTES:
            raise AgentRefusal("INVALID_PROJECT_PATH", f"projectPath is {len(text):,} characters, longer than any "
                                                       f"path this system opens ({MAX_PROJECT_PATH_BYTES:,} bytes)")
        if text.startswith("~") and not text.startswith(("~/", "~\\")) and text != "~":
            raise AgentRefusal("INVALID_PROJECT_PATH", "projectPath names another user's home (~user): give the "
                                                       "project's folder as an absolute path")
        if not os.path.isabs(os.path.expanduser(text)):
            raise AgentRefusal("INVALID_PROJECT_PATH", f"projectPath {shown} is relative: give the project's folder "
                                                       "as an absolute path (the server's own folder is never taken "
                                                       "for a project)")
        try:
            path = Path(os.path.abspath(os.path.expanduser(text)))
            if path.parts[1:2] and path.parts[1] in _SYSTEM_FOLDERS:
                raise AgentRefusal("INVALID_PROJECT_PATH", f"projectPath {shown} is inside /{path.parts[1]}, the "
                                                           "system's own files, not a project")
            if not path.is_dir():
                raise AgentRefusal("INVALID_PROJECT_PATH", f"projectPath {shown} is not an existing directory")
            os.listdir(path)          # readable, as every open of the project will need
            path.resolve(strict=True)
        except (OSError, ValueError, RuntimeError) as exc:   # EACCES, ENAMETOOLONG, a loop, a NUL, a surrogate
            reason = (exc.strerror if isinstance(exc, OSError) and exc.strerror
                      else "its links loop" if isinstance(exc, RuntimeError) else "no path this system opens")
            raise AgentRefusal("INVALID_PROJECT_PATH", f"projectPath {shown} cannot be read ({reason})") from None
        return path

    def _bind_path(self, raw: object) -> bool:
        """Bind this session to ``raw``; returns whether the project's folder was created."""
        path = self._checked_project(raw)
        if self._only_project is not None and path.resolve() != self._only_project.resolve():
            raise AgentRefusal("INVALID_PROJECT_PATH", f"this connection's token is for the project "
                                                       f"{self._only_project} only; it cannot bind {path}")
        if self._project is not None and project_key(self._project) == project_key(path):
            return False  # same key: no remount
        folder = self.store.global_store.engine.paths.projects_dir / workspace_project_key(path) / "memory"
        created = not folder.is_dir()
        self._open, self._project = self.store.open(path), path
        writable = self.policy != "read-only" and not self.read_only
        if created and writable:
            folder.mkdir(parents=True, exist_ok=True)
        return created and writable

    def _maybe_bind(self, arguments: dict[str, Any]) -> None:
        if arguments.get("projectPath") is not None:
            self._bind_path(arguments["projectPath"])

    def _need_project(self, scopes: tuple[str, ...], message: str = _NOT_BOUND_RETRY) -> None:
        if "project" in scopes and self._project is None:
            raise AgentRefusal("PROJECT_NOT_BOUND", message)

    def _open_scopes(self) -> tuple[str, ...]:
        return ("project", "global") if self._project is not None else ("global",)

    def _scope_key(self, scope: str) -> str:
        return "global" if scope == "global" else f"project:{self._engine.paths.project_key}"

    # reading --------------------------------------------------------------------------

    def _memories(self, scope: str) -> list[AgentMemory]:
        project = str(self._project) if self._project else None
        return [AgentMemory(f, project) for f in self._fresh().facts() if AgentMemory(f, project).scope == scope]

    def _categories(self, scope: str, memories: list[AgentMemory] | None = None) -> dict[str, str]:
        registered = self._engine.agent_categories(self._scope_key(scope))
        if memories is not None:
            return category_names(memories, registered)
        snapshot = self._fresh().snapshot()
        held = self._held_categories.get(scope)
        if held is None or held[0] is not snapshot:
            held = (snapshot, category_names(self._memories(scope), {}))
            self._held_categories[scope] = held
        return {**registered, **{name: shown for name, shown in held[1].items() if name not in registered}}

    def _carry_categories(self, scope: str, before: Snapshot, generation: int, fact: Fact) -> None:
        """After our own create, the categories held are those before it and the new memory's:
        when the write was the only change (the engine's generation moved by one), say so without
        another pass over every memory."""
        held = self._held_categories.get(scope)
        memory = AgentMemory(fact, str(self._project) if self._project else None)
        if held is None or held[0] is not before or self._engine.generation != generation + 1 \
                or memory.scope != scope:
            return
        names = dict(held[1])
        names.setdefault(memory.category, fact.effective_category)
        self._held_categories[scope] = (self._engine.snapshot(), names)

    def bind(self, arguments: dict[str, Any]) -> dict[str, Any]:
        created = self._bind_path(arguments.get("projectPath"))
        assert self._project is not None
        return {"projectPath": str(self._project), "projectKey": self._engine.paths.project_key,
                "created": created, "maps": self._maps(("project", "global"))}

    def _maps(self, scopes: tuple[str, ...]) -> dict[str, Any]:
        maps = {}
        for scope in scopes:
            memories = self._memories(scope)
            maps[scope] = scope_index(memories, self._engine.agent_categories(self._scope_key(scope)),
                                      lambda fact: self._engine.grounding(fact).state)
        return maps

    def map(self, arguments: dict[str, Any]) -> dict[str, Any]:
        self._maybe_bind(arguments)
        scope = arguments.get("scope") or "both"
        scopes = self._selected(scope)
        answer: dict[str, Any] = {}
        if "global" in scopes:
            answer["global"] = {"scope": "global", "path": self._shown_path("global")}
        if "project" in scopes:
            answer["project"] = {"scope": "project", "projectPath": str(self._project),
                                 "projectKey": self._engine.paths.project_key,
                                 "path": self._shown_path("project")}
        answer["maps"] = self._maps(scopes)
        return answer

    def _shown_path(self, scope: str) -> str:
        """Where a scope's files are, relative to the state root: an agent never learns the root's
        absolute path (a user name, a home folder)."""
        paths = self._engine.paths
        return os.path.relpath(paths.memory_dir(scope), paths.root).replace(os.sep, "/")

    def _selected(self, scope: str) -> tuple[str, ...]:
        """The scopes a map or category listing reads: ``both`` is whatever is open."""
        if scope == "both":
            return self._open_scopes()
        self._need_project((scope,))
        return (scope,)

    def list_categories(self, arguments: dict[str, Any]) -> dict[str, Any]:
        self._maybe_bind(arguments)
        scopes = self._selected(check_scope(arguments.get("scope")))
        answer: dict[str, Any] = {"scopes": list(scopes)}
        for scope in scopes:
            memories = self._memories(scope)
            answer[scope] = category_list(memories, self._engine.agent_categories(self._scope_key(scope)))
        return answer

    def search(self, arguments: dict[str, Any]) -> str:
        request = parse_search(arguments)
        self._maybe_bind(arguments)
        self._need_project(request.scopes)
        engine = self._fresh()
        index = self._open.index
        index.sync(engine.snapshot().facts)
        codes = None
        if request.categories is not None:
            known: set[str] = set()
            for scope in request.scopes:   # from the index: no pass over every memory
                known |= index.categories_in(scope) | set(self._engine.agent_categories(self._scope_key(scope)))
            for name in request.categories:
                if name not in known:
                    raise AgentRefusal("INVALID_CATEGORY", f"unknown category: {name}")
            codes = index.codes(request.categories)
        settled = lru_cache(maxsize=1)(self._engine.settled_disputes)   # read once, and only when a hit is disputed
        outcome = search(index, request, category_codes=codes,
                         project=str(self._project) if self._project else None, judge=self.judge,
                         broken=lambda fact: self._engine.grounding(fact).state == "broken",
                         place=self._engine.place() if self._project is not None else None,
                         disputed=lambda fact: disputed_by(index.bm25, fact, settled, self._engine.found_disputes),
                         meaning=self._engine.nearest_in_meaning)
        try:   # what the review's "unused" rests on (ids and time only); never fails a search
            self._engine.record_search_returns([hit.fact.id for hit in outcome.hits])
        except Exception as exc:  # noqa: BLE001 - a locked or read-only catalog: logged, the search answered
            log.warning("could not note what the search returned: %s", exc)
        return outcome.text

    # writing --------------------------------------------------------------------------

    def _writable(self) -> None:
        if self.read_only:
            raise AgentRefusal("READ_ONLY", "this connection's token is read-only: memory_search and memory_map "
                                            "work, writes are refused")
        if self.policy == "read-only":
            raise AgentRefusal("READ_ONLY", "this server is read-only: memory_search and memory_map work, "
                                            "writes are refused; ask the user to change the policy in Context "
                                            "Center if agents should write")

    def _category_for_write(self, raw: object, scope: str, confirm: bool) -> tuple[str, str]:
        """(canonical, display) of a category to write to, registering a new one (NEAR_CATEGORY
        when it nearly duplicates a built-in or a name of that scope and is not confirmed)."""
        canonical, display = categories.normalize(raw)
        check_not_sensitive(display, "category")   # a label reaches prompts and the registry like content
        existing = self._categories(scope)
        if canonical in existing:
            return canonical, existing[canonical]
        if canonical not in categories.BUILT_INS and len(existing) >= categories.MAX_PER_SCOPE:
            raise AgentRefusal("INVALID_CATEGORY", f"this scope has {len(existing)} categories, the most it keeps; "
                                                   "use one of them (memory_list_categories lists them)")
        if canonical not in categories.BUILT_INS and not confirm:
            near = categories.nearest(canonical, [*categories.BUILT_INS, *existing])
            if near is not None:
                other = existing.get(near[0], near[0])
                raise AgentRefusal("NEAR_CATEGORY", f"category {said(display)} is {near[1]:.0%} similar to the "
                                                    f"existing category {said(other)}; use {said(other)}, or retry "
                                                    "with confirmNewCategory: true to create the new one. No memory "
                                                    "was written.")
        self._engine.register_agent_category(self._scope_key(scope), canonical, display)
        return canonical, display

    def _labels(self, arguments: dict[str, Any], base: Fact | None = None) -> dict[str, Any]:
        changes: dict[str, Any] = {}
        if "subject" in arguments or base is None:
            changes["subject"] = check_subject(arguments.get("subject"))
        for kind in LABEL_KINDS:
            if kind in arguments or base is None:
                changes[kind] = check_labels(arguments.get(kind), kind)
        if "importance" in arguments or base is None:
            raw = arguments.get("importance", DEFAULT_IMPORTANCE if base is None else None)
            changes["importance"] = check_importance(raw)
        return changes

    def _possible_duplicate(self, scope: str, content: str) -> bool:
        wanted = content.lower()
        return any(collapse(f.body).lower() == wanted or f.description.lower() == wanted
                   or f.title.lower() == wanted for f in self._engine.facts() if AgentMemory(f, None).scope == scope)

    def _low_risk(self, scope: str, category: str, content: str) -> bool:
        """Reasonix's one-shot automatic write: project scope, a project-type category, not a
        possible duplicate, within the automatic-write budget (secrets are refused anyway)."""
        return (scope == "project" and categories.type_of(category) == "project"
                and len(content) <= AUTO_WRITE_BUDGET_CHARS and not self._possible_duplicate(scope, content))

    def create(self, arguments: dict[str, Any]) -> dict[str, Any]:
        self._writable()
        self._maybe_bind(arguments)
        scope = check_scope(arguments.get("scope", "project"), ("project", "global"))
        self._need_project((scope,))
        self._fresh()
        content = check_content(arguments.get("content"))
        labels = self._labels(arguments)
        canonical, display = self._category_for_write(arguments.get("category"), scope,
                                                      arguments.get("confirmNewCategory") is True)
        promoted = canonical in categories.AUTO_PROMOTE
        if self.policy == "review" and not self._low_risk(scope, canonical, content):
            promoted = False
        stamp = clock.format_timestamp(clock.now())
        name = portable_name(cut_utf8(slug(content)[:NAME_CHARS], MAX_NEW_NAME_BYTES - 10) or "memory")
        written_by = metadata_entry("written_by", {"agent": self.agent, "via": "mcp", "policy": self.policy})
        draft = Fact(id=new_fact_id(), revision=1, name=name, title=title_of(content), description=content,
                     type=categories.type_of(canonical), scope=scope, body=content, created_at=stamp,
                     updated_at=stamp, activation="relevant", category=display,
                     status="promoted" if promoted else "staging", metadata_extra=(written_by,),
                     refs=self._refs_of_links(arguments.get("links"), scope), **labels)
        before, generation = self._engine.snapshot(), self._engine.generation
        try:
            fact = self._engine.create_fact(draft, unique_name=True).fact
        except SensitiveContent as exc:
            raise AgentRefusal("SENSITIVE_CONTENT", exc.message) from None
        self._carry_categories(scope, before, generation, fact)
        self._wrote()
        return {"memory": self._view(fact), "promoted": promoted}

    def _refs_of_links(self, links: object, scope: str) -> tuple[str, ...]:
        """The ``links`` whose original spelling names something in the bound project's work tree: a
        project memory cites them (checked before recall). The others stay labels, never refused."""
        if scope == "global" or not isinstance(links, list):
            return ()
        return self._engine.refs_among(tuple(link for link in links if isinstance(link, str)))

    def _view(self, fact: Fact) -> dict[str, Any]:
        return AgentMemory(fact, str(self._project) if self._project else None).to_json()

    def _locate(self, arguments: dict[str, Any], *, category_key: str = "category",
                allow_line: bool = True) -> Fact:
        """The memory named by category + id and/or exact line, in the open scopes."""
        canonical, display = categories.normalize(arguments.get(category_key))
        wanted_id, line = arguments.get("id"), arguments.get("line")
        if wanted_id is None and (line is None or not allow_line):
            raise AgentRefusal("INVALID_FILTER", "give the memory's id (and its category)" if not allow_line else
                               "give the memory's id or its exact line, with its category")
        engine = self._fresh()
        facts = engine.facts()
        by_id = next((f for f in facts if f.id == wanted_id), None) if wanted_id is not None else None
        known = any(canonical in self._categories(scope) for scope in self._open_scopes())
        if wanted_id is not None and by_id is None and self._project is None:
            raise AgentRefusal("PROJECT_NOT_BOUND", _NOT_BOUND_BIND)
        if not known:
            raise AgentRefusal("INVALID_CATEGORY", f"unknown category: {display}")
        if by_id is not None and by_id.effective_category.lower() != canonical:
            by_id = None
        if wanted_id is not None and by_id is None:
            raise AgentRefusal("NOT_FOUND", f"no memory {wanted_id} in category {display}")
        if line is None or not allow_line:
            assert by_id is not None
            return by_id
        text = collapse(str(line))
        matches = [f for f in facts
                   if f.effective_category.lower() == canonical and AgentMemory(f, None).content == text]
        if wanted_id is None:
            if not matches:
                raise AgentRefusal("NOT_FOUND", f"no memory in category {display} has exactly that line")
            if len(matches) > 1:
                raise AgentRefusal("AMBIGUOUS_LINE", f"{len(matches)} memories in category {display} have that line; "
                                                     "give the id too (memory_map lists ids)")
            return matches[0]
        assert by_id is not None
        if by_id not in matches:
            raise AgentRefusal("LINE_ID_MISMATCH", f"id {wanted_id} and the line name different memories")
        return by_id

    @staticmethod
    def _not_team(fact: Fact) -> Fact:
        """Team facts are committed with the code and changed by review: agents read them only."""
        if fact.scope == "team":
            raise AgentRefusal("READ_ONLY", f"{fact.id} is a team memory ({fact.ref}), committed with the project's "
                                            "code and changed by review: agents cannot edit, promote, demote or "
                                            "delete it. To correct it for this user, memory_create a project "
                                            "memory (it takes precedence); the team changes its file by a commit")
        return fact

    def edit(self, arguments: dict[str, Any]) -> dict[str, Any]:
        self._writable()
        current = self._not_team(self._locate(arguments, category_key="currentCategory", allow_line=False))
        if self.policy == "review" and not current.staging:
            raise AgentRefusal("REVIEW_REQUIRED", "this memory is promoted, and under the review policy only the "
                                                  "user edits promoted memories: create a staged correction with "
                                                  "memory_create instead; the user promotes it in Context Center")
        changes = self._labels(arguments, current)
        if "links" in arguments:   # the refs its links made follow them; refs the user added stay
            kept = tuple(ref for ref in current.refs if ref not in current.links)
            changes["refs"] = tuple(dict.fromkeys((*kept, *self._refs_of_links(arguments["links"], current.scope))))
        if "content" in arguments:
            content = check_content(arguments["content"])
            changes.update(body=content, description=content, title=title_of(content))
        promoted = not current.staging
        if arguments.get("category") is not None:
            canonical, display = self._category_for_write(arguments["category"], current.scope,
                                                          arguments.get("confirmNewCategory") is True)
            if canonical != current.effective_category.lower():
                promoted = canonical in categories.AUTO_PROMOTE and self.policy != "review"
                changes.update(category=display, type=categories.type_of(canonical),
                               status="promoted" if promoted else "staging")
        result = self._engine.update_fact(current.id, current.scope, lambda fact: fact.evolve(**changes),
                                            note=f"edited by {self.agent} over MCP")
        self._wrote()
        return {"memory": self._view(result.fact), "promoted": promoted}

    def _set_status(self, arguments: dict[str, Any], status: str, word: str) -> dict[str, Any]:
        current = self._not_team(self._locate(arguments))
        if (status == "staging") != current.staging:
            self._engine.update_fact(current.id, current.scope, lambda fact: fact.evolve(status=status),
                                       note=f"{word} by {self.agent} over MCP")
            self._wrote()
        return {"id": current.id, "category": current.effective_category.lower(), word: True}

    def promote(self, arguments: dict[str, Any]) -> dict[str, Any]:
        self._writable()
        current = self._not_team(self._locate(arguments))
        if self.policy == "review":
            raise AgentRefusal("REVIEW_REQUIRED", f"under the review policy the user promotes memories: {current.id} "
                                                  "waits in Context Center's Suggestions tab (From agents)")
        return self._set_status(arguments, "promoted", "promoted")

    def demote(self, arguments: dict[str, Any]) -> dict[str, Any]:
        self._writable()
        return self._set_status(arguments, "staging", "demoted")

    def delete(self, arguments: dict[str, Any]) -> dict[str, Any]:
        self._writable()
        current = self._not_team(self._locate(arguments))
        if not current.staging:
            raise AgentRefusal("NOT_STAGING", f"{current.id} is promoted; use memory_demote first")
        try:
            entry = self._engine.forget(current.id, current.scope, expected_revision=current.revision)
        except NotFound:
            raise AgentRefusal("NOT_FOUND", f"{current.id} was removed meanwhile") from None
        self._wrote()
        return {"id": current.id, "category": current.effective_category.lower(), "deleted": True,
                "archived": os.path.relpath(entry.path, self._engine.paths.root).replace(os.sep, "/")}


def tool_handlers(service: AgentMemoryService) -> dict[str, Callable[[dict[str, Any]], Any]]:
    """Tool name → the method answering it."""
    return {"memory_search": service.search, "memory_create": service.create, "memory_edit": service.edit,
            "memory_bind": service.bind, "memory_list_categories": service.list_categories,
            "memory_map": service.map, "memory_promote": service.promote, "memory_demote": service.demote,
            "memory_delete": service.delete}


def open_agent_store(state_root: str | os.PathLike[str] | None = None) -> AgentStore:
    """What one MCP server opens, for all its sessions (see agent_store.py)."""
    return AgentStore(state_root)


def server_policy(store: AgentStore, policy: str | None) -> str:
    """``policy``, else the ``mcp.policy`` setting (the window's), else ``contract``."""
    if policy is not None:
        return policy
    stored = store.global_store.engine.setting(POLICY_SETTING, "contract")
    return stored if stored in POLICIES else "contract"


def server_judge(store: AgentStore) -> Judge | None:
    """The configured relevance judge (settings + keyring), else none."""
    from ..judge.config import open_judge

    judge = open_judge(store.global_store.engine)
    return judge.noul if judge is not None else None


def open_agent_memory(state_root: str | os.PathLike[str] | None = None,
                      project: str | os.PathLike[str] | None = None, policy: str | None = None,
                      agent: str = "an agent", *, use_judge: bool = True) -> AgentMemoryService:
    """One session on a store of its own (closed with it), bound to ``project`` if given: the
    context-eng tools for one agent, as the stdio server and the tests use them."""
    store = AgentStore(state_root)
    try:
        return AgentMemoryService(store, project, server_policy(store, policy),
                                  server_judge(store) if use_judge else None, agent, owns_store=True)
    except BaseException:
        store.close()
        raise
