"""What the MCP server refuses before the engine: arguments against the context-eng tools'
schemas (which live in the engine, ``engine/tool_schemas``; re-exported here).

The schemas reject only what the contract's schema rejects: a missing required argument
(``query``…), a ``categories`` list of other than 1 to 4 names, a ``hints`` field the contract does
not have (``hints.terms``) and a ``memory_map`` scope other than global, project or both
(:func:`schema_problem`, answered as ``-32602``, naming the field). Every other refusal is the
engine's, with its own code, so an agent always learns what to change; and no type or range
there is narrower than the engine's rules, so a client that validates against the schemas
still reaches those codes (an importance of 1.5 is a number: INVALID_IMPORTANCE).
"""
from __future__ import annotations

from typing import Any

from ..engine import TOOL_HINT_KINDS as HINT_KINDS
from ..engine import TOOL_MAP_SCOPES as MAP_SCOPES
from ..engine import TOOL_NAMES as NAMES
from ..engine import TOOLS
from ..engine import json_said as _said
from ..engine import json_type as _json_type

__all__ = ["HINT_KINDS", "MAP_SCOPES", "NAMES", "TOOLS", "schema_problem"]


_REQUIRED = {name: tuple(schema.get("required", ())) for name, _, schema in TOOLS}


def schema_problem(name: str, arguments: dict[str, Any]) -> str | None:
    """What the contract's schema rejects before the engine (-32602), naming the field, else None."""
    missing = [field for field in _REQUIRED[name] if field not in arguments]
    if missing:
        return f"{missing[0]} is required"
    if name == "memory_search":
        if not isinstance(arguments["query"], str):
            return f"query must be a string: the user's request (got {_json_type(arguments['query'])})"
        value = arguments.get("categories")
        if isinstance(value, list) and not 1 <= len(value) <= 4:
            return f"categories must hold 1 to 4 names (got {len(value)}); omit it to search every category"
        hints = arguments.get("hints")
        unknown = sorted(key for key in hints if key not in HINT_KINDS) if isinstance(hints, dict) else []
        if unknown:
            return (f"hints.{unknown[0]} does not exist: hints take {', '.join(HINT_KINDS)} "
                    "(the query's own words need no hint)")
    if name == "memory_map" and "scope" in arguments and arguments["scope"] not in MAP_SCOPES:
        return f"scope must be one of {', '.join(MAP_SCOPES)} (got {_said(arguments['scope'])})"
    return None
