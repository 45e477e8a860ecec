"""The nine context-eng tools as a client lists them: names, descriptions and input schemas.

The contract lives here, low in the engine, so the MCP server serves it and ``memory cost``
counts what its listing costs an agent's context from one text.

The schemas give every argument its JSON type (a client that builds a form from them, like the
MCP Inspector, sends ``importance`` as a number, not the text ``"0.9"``), but reject before the
engine only what the contract's schema rejects (the MCP server's ``schema_problem``).
"""
from __future__ import annotations

from typing import Any

_TEXT = {"type": "string"}
# Only the two cases the contract's schema rejects are constraints here (categories: 1 to 4 names;
# memory_map's scope). Everything else is described, not constrained: a client that validates
# arguments against these schemas must still reach the engine's codes (INVALID_IMPORTANCE…).
_LABELS = {"type": "array", "items": _TEXT, "description": "up to 10 exact values of at most 64 characters"}
_CATEGORIES = {"type": "array", "items": _TEXT, "minItems": 1, "maxItems": 4}
_PROJECT_PATH = {"type": "string", "description": "an existing project directory: binds it, as memory_bind does"}
_IMPORTANCE = {"type": "number", "description": "a number from 0 to 1"}
_LOCATE = {"category": {"type": "string", "description": "the memory's category"},
           "id": {"type": "string", "description": "the memory's id (memory_map lists them)"},
           "line": {"type": "string", "description": "the memory's exact text, instead of or with the id"}}
MAP_SCOPES = ("global", "project", "both")


def _object(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


def _one_of(*values: str, default: str | None = None) -> dict[str, Any]:
    described = {"type": "string", "description": "one of " + ", ".join(values)}
    return {**described, "default": default} if default else described


_FILTERS = _object({
    "scope": _one_of("both", "global", "project", default="both"),
    "includeStaging": {"type": "boolean", "default": False},
    "active": {"anyOf": [{"type": "integer"}, {"type": "string", "enum": ["any"]}],
               "description": "1 (default): active memories; 0: inactive ones; \"any\": both"},
    "sort": _object({"by": _one_of("relevance", "created", "updated", "importance", default="relevance"),
                     "order": _one_of("desc", "asc", default="desc")}),
    "limit": {"type": "integer", "description": "how many hits, at most 50 (the default)"},
    "minImportance": _IMPORTANCE,
    "subject": {"type": "string", "description": "at most 64 characters"},
    "topics": _LABELS, "tags": _LABELS, "links": _LABELS,
    "match": _one_of("any", "all", default="any"),
    "time": _object({"field": _one_of("created", "updated", default="updated"),
                     "preset": _one_of("this_week", "this_month"),
                     "from": {"type": "string", "description": "ISO-8601; not with preset"},
                     "to": {"type": "string", "description": "ISO-8601; not with preset"}}),
})
HINT_KINDS = ("topics", "tags", "links", "categories")
_HINTS = {**_object({"topics": _LABELS, "tags": _LABELS, "links": _LABELS,
                     "categories": {"type": "array", "items": _TEXT, "description": "1 to 4 categories to boost"}}),
          "additionalProperties": False}   # the contract: "There is no hints.terms field"
_WRITE_LABELS = {"subject": {"type": "string", "description": "one value, at most 64 characters"},
                 "topics": _LABELS, "tags": _LABELS, "links": _LABELS,
                 "importance": {**_IMPORTANCE, "default": 0.5},
                 "confirmNewCategory": {"type": "boolean", "description": "create a category close to an existing one"}}

TOOLS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("memory_search",
     "Retrieve past memory (mistakes, decisions, preferences, habits) that may help this task. Pass the user's "
     "request as query; narrow with categories and filters.scope; hints (topics, tags, links, categories) boost "
     "ranking but never filter. Returns promoted memory only unless filters.includeStaging. project or both needs "
     "a bound project (--project, projectPath, memory_bind), else PROJECT_NOT_BOUND: retry with projectPath. "
     "A reply starting 'no matching memory.' means nothing matched: continue without writing.",
     _object({"query": _TEXT, "categories": _CATEGORIES, "filters": _FILTERS, "hints": _HINTS,
              "projectPath": _PROJECT_PATH}, ("query",))),
    ("memory_create",
     "Save one durable claim worth keeping for future work: one sentence, one claim, not already stored. "
     "instruction, decision, constraint and mistake are searchable at once; preference and new categories wait "
     "in staging until promoted.",
     _object({"content": _TEXT, "category": _TEXT,
              "scope": _one_of("project", "global", default="project"),
              **_WRITE_LABELS, "projectPath": _PROJECT_PATH}, ("content", "category"))),
    ("memory_edit",
     "Sharpen a memory that is close but stale: its content, labels, importance or category (a move promotes "
     "or demotes it by the destination). Locate it by currentCategory and id. Every edit is a new revision the "
     "user can restore.",
     _object({"currentCategory": _TEXT, "id": _TEXT, "content": _TEXT, "category": _TEXT, **_WRITE_LABELS},
             ("currentCategory", "id"))),
    ("memory_bind",
     "Attach project memory: when it is unbound, or you switched repositories. projectPath is an existing "
     "directory. Returns the project's key and maps.",
     _object({"projectPath": _TEXT}, ("projectPath",))),
    ("memory_list_categories",
     "List category names with counts, when you need a name before a named search or write.",
     _object({"scope": _one_of(*MAP_SCOPES, default="both"), "projectPath": _PROJECT_PATH})),
    ("memory_map",
     "Index of categories and their newest memory lines with ids (lines_ids[i] is the id of lines[i]); use it "
     "when you have the text but not the id. Staging rows carry lines_categories.",
     _object({"scope": {"type": "string", "enum": list(MAP_SCOPES), "default": "both"},
              "projectPath": _PROJECT_PATH})),
    ("memory_promote",
     "A staging memory proved useful and should be searchable. category plus id and/or the exact line.",
     _object(dict(_LOCATE), ("category",))),
    ("memory_demote",
     "A searchable memory should leave default search (back to staging). category plus id and/or line.",
     _object(dict(_LOCATE), ("category",))),
    ("memory_delete",
     "The user rejects a staging memory: it moves to the archive (recoverable). Demote a live one first.",
     _object(dict(_LOCATE), ("category",))),
)
NAMES = tuple(name for name, _, _ in TOOLS)
