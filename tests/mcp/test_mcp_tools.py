"""Every tool and every error code, over stdio, with the official client."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from support.mcp_clients import Server, run

SEED_TOOLS = ["memory_search", "memory_create", "memory_edit", "memory_bind", "memory_list_categories",
              "memory_map", "memory_promote", "memory_demote", "memory_delete"]


def _constraints(schema: object, path: str = "") -> list[str]:
    """Every JSON-schema keyword that can reject a value of the right type, with where it is."""
    found = []
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in ("enum", "const", "minItems", "maxItems", "minimum", "maximum", "exclusiveMinimum",
                       "exclusiveMaximum", "maxLength", "minLength", "pattern", "multipleOf", "uniqueItems",
                       "not") or (key == "additionalProperties" and value is not True):
                found.append(f"{path}.{key}")
            elif key == "properties":
                for name, sub in value.items():
                    found += _constraints(sub, f"{path}.{name}")
            elif isinstance(value, dict):
                found += _constraints(value, f"{path}.{key}")
            elif isinstance(value, list):
                for index, sub in enumerate(value):
                    found += _constraints(sub, f"{path}.{key}[{index}]")
    return found


def test_the_nine_tools_and_schemas_that_constrain_only_the_seeds_cases(server: Server):
    async def scenario():
        async with server.session() as session:
            listed = (await session.client.list_tools()).tools
            assert [t.name for t in listed] == SEED_TOOLS
            constraints = {t.name: _constraints(t.input_schema) for t in listed}
            assert {k: v for k, v in constraints.items() if v} == {
                "memory_search": [".categories.minItems", ".categories.maxItems", ".filters.active.anyOf[1].enum",
                                  ".hints.additionalProperties"],
                "memory_map": [".scope.enum"]}
            search = next(t for t in listed if t.name == "memory_search").input_schema
            assert search["required"] == ["query"]
            assert set(search["properties"]) == {"query", "categories", "filters", "hints", "projectPath"}
    run(scenario)


def test_the_schema_rejects_an_empty_or_five_item_list_and_an_unknown_map_scope_with_32602(server: Server):
    from mcp.shared.exceptions import MCPError

    async def scenario():
        async with server.session() as session:
            for tool, arguments in (("memory_search", {"query": "x", "categories": []}),
                                    ("memory_search", {"query": "x", "categories": list("abcde")}),
                                    ("memory_map", {"scope": "everything"})):
                with pytest.raises(MCPError) as caught:
                    await session.call(tool, arguments)
                assert caught.value.error.code == -32602, (tool, arguments)
            # everything else reaches the engine, which names what to change
            await session.refused("memory_search", {"query": "x", "categories": ["a", "A"],
                                                    "filters": {"scope": "global"}}, "INVALID_CATEGORIES")
            await session.refused("memory_search", {"query": "x", "hints": {"categories": list("abcde")},
                                                    "filters": {"scope": "global"}}, "INVALID_CATEGORIES")
            await session.refused("memory_list_categories", {"scope": "everything"}, "INVALID_SCOPE")
    run(scenario)


def _field(schema: dict, *path: str) -> dict:
    for name in path:
        schema = schema["properties"][name]
    return schema


def test_numbers_are_typed_so_a_form_sends_numbers_and_the_engine_still_judges_their_range(
        server: Server, workspace: Path):
    """The MCP Inspector 0.15 builds a form from the schema and sent an untyped ``importance`` as the
    text "0.9". Typed, a client that validates against the schema sends numbers; one that does not
    may still send text. Either way a number the seed's rules refuse answers the engine's code."""
    import jsonschema

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            schemas = {t.name: t.input_schema for t in (await session.client.list_tools()).tools}
            create, edit, search = schemas["memory_create"], schemas["memory_edit"], schemas["memory_search"]
            assert _field(create, "importance")["type"] == _field(edit, "importance")["type"] == "number"
            assert _field(search, "filters", "minImportance")["type"] == "number"
            assert _field(search, "filters", "limit")["type"] == "integer"
            assert [a.get("type") for a in _field(search, "filters", "active")["anyOf"]] == ["integer", "string"]

            async def validated(tool: str, arguments: dict) -> None:
                jsonschema.validate(arguments, schemas[tool])   # what a validating client does first

            # what a validating client refuses to send: text where a number belongs
            for tool, arguments in (("memory_create", {"content": "c", "category": "decision", "importance": "0.9"}),
                                    ("memory_search", {"query": "x", "filters": {"minImportance": "0.5"}}),
                                    ("memory_search", {"query": "x", "filters": {"limit": "5"}}),
                                    ("memory_search", {"query": "x", "filters": {"active": "all"}}),
                                    ("memory_search", {"query": "x", "hints": {"terms": ["a"]}})):
                with pytest.raises(jsonschema.ValidationError):
                    await validated(tool, arguments)
            # what it sends, and the server answers as the seed's rules say
            made = {"content": "Typed importance reaches the store.", "category": "decision", "importance": 0.9}
            await validated("memory_create", made)
            kept = await session.ok("memory_create", made)
            assert kept["memory"]["importance"] == 0.9
            for tool, arguments, code in (
                    ("memory_create", {"content": "c d", "category": "decision", "importance": 1.5},
                     "INVALID_IMPORTANCE"),
                    ("memory_search", {"query": "x", "filters": {"minImportance": -1}}, "INVALID_IMPORTANCE"),
                    ("memory_search", {"query": "x", "filters": {"limit": 0}}, "INVALID_FILTER"),
                    ("memory_search", {"query": "x", "filters": {"active": 2}}, "INVALID_FILTER")):
                await validated(tool, arguments)
                await session.refused(tool, arguments, code)
            for active in (0, 1, "any"):
                await validated("memory_search", {"query": "typed", "filters": {"active": active, "limit": 5}})
                assert not (await session.call("memory_search", {"query": "typed",
                                                                 "filters": {"active": active, "limit": 5}}))[0]
            # a client that does not validate may still send text: the engine's code, as before
            await session.refused("memory_create", {"content": "c e", "category": "decision", "importance": "0.9"},
                                  "INVALID_IMPORTANCE")
            await session.refused("memory_search", {"query": "x", "filters": {"limit": "5"}}, "INVALID_FILTER")
    run(scenario)


def test_a_missing_query_and_hints_terms_are_schema_errors_and_hints_categories_is_named(server: Server):
    from mcp.shared.exceptions import MCPError

    async def scenario():
        async with server.session() as session:
            for arguments, named in (({"filters": {"scope": "global"}}, "query is required"),
                                     ({"query": None}, "query must be a string"),
                                     ({"query": ["a"]}, "query must be a string"),
                                     ({"query": "x", "hints": {"terms": ["pnpm"]}}, "hints.terms does not exist")):
                with pytest.raises(MCPError) as caught:
                    await session.call("memory_search", arguments)
                assert caught.value.error.code == -32602, arguments
                assert named in caught.value.error.message, caught.value.error.message
            with pytest.raises(MCPError) as caught:
                await session.call("memory_create", {"category": "decision"})
            assert caught.value.error.code == -32602 and "content is required" in caught.value.error.message
            for hints, said in (({"categories": list("abcde")}, "hints.categories is a list of 1 to 4 names"),
                                ({"categories": ["Decision", "decision"]}, "hints.categories must be unique")):
                message = await session.refused("memory_search", {"query": "x", "hints": hints,
                                                                  "filters": {"scope": "global"}},
                                                "INVALID_CATEGORIES")
                assert said in message, message
            # the hints the seed has still boost
            assert not (await session.call("memory_search", {
                "query": "x", "hints": {"topics": ["a"], "tags": ["b"], "links": ["c"], "categories": ["decision"]},
                "filters": {"scope": "global"}}))[0]
    run(scenario)


def test_every_error_code_of_the_seed_and_ours(server: Server, workspace: Path, tmp_path: Path):
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("not a folder")

    async def scenario():
        async with server.session() as session:
            await session.refused("memory_bind", {"projectPath": str(a_file)}, "INVALID_PROJECT_PATH")
            await session.refused("memory_bind", {"projectPath": str(tmp_path / "missing")}, "INVALID_PROJECT_PATH")
            message = await session.refused("memory_search", {"query": "pnpm"}, "PROJECT_NOT_BOUND")
            assert "projectPath" in message and "memory_bind" in message
            await session.refused("memory_create", {"content": "Use pnpm.", "category": "decision"},
                                  "PROJECT_NOT_BOUND")
            await session.ok("memory_bind", {"projectPath": str(workspace)})
            kept = await session.ok("memory_create", {"content": "Use pnpm for every install.",
                                                      "category": "decision", "tags": ["build"]})
            staged = await session.ok("memory_create", {"content": "Prefer short commit messages.",
                                                        "category": "preference"})
            await session.ok("memory_create", {"content": "Prefer short commit messages.", "category": "preference"})
            memory_id, staged_id = kept["memory"]["id"], staged["memory"]["id"]
            cases = [
                ("memory_create", {"content": "x y", "category": "decision", "scope": "both"}, "INVALID_SCOPE"),
                ("memory_search", {"query": "x", "filters": {"scope": "all"}}, "INVALID_SCOPE"),
                ("memory_create", {"content": "Use pnpm.", "category": ""}, "INVALID_CATEGORY"),
                ("memory_create", {"content": "Use pnpm.", "category": "x" * 65}, "INVALID_CATEGORY"),
                ("memory_search", {"query": "x", "categories": ["constraint"]}, "INVALID_CATEGORY"),
                ("memory_promote", {"category": "nothing-here", "id": memory_id}, "INVALID_CATEGORY"),
                ("memory_search", {"query": "x", "categories": ["Decision", "decision"]}, "INVALID_CATEGORIES"),
                ("memory_create", {"content": "Use pnpm.", "category": "decisions"}, "NEAR_CATEGORY"),
                ("memory_create", {"content": "Use pnpm.", "category": "decision", "tags": ["t"] * 11},
                 "INVALID_FILTER"),
                ("memory_search", {"query": "x", "filters": {"subject": "s" * 65}}, "INVALID_FILTER"),
                ("memory_search", {"query": "x", "filters": {"tags": ["a"], "match": "most"}}, "INVALID_FILTER"),
                ("memory_promote", {"category": "decision"}, "INVALID_FILTER"),
                ("memory_search", {"query": "x", "filters": {"time": {"field": "seen"}}}, "INVALID_TIME"),
                ("memory_search", {"query": "x", "filters": {"time": {"preset": "this_week",
                                                                      "from": "2026-01-01"}}}, "INVALID_TIME"),
                ("memory_search", {"query": "x", "filters": {"time": {"from": "2026-02-01",
                                                                      "to": "2026-01-01"}}}, "INVALID_TIME"),
                ("memory_search", {"query": "x", "filters": {"time": {"from": "last tuesday"}}}, "INVALID_TIME"),
                ("memory_search", {"query": "x", "filters": {"sort": {"by": "magic"}}}, "INVALID_SORT"),
                ("memory_search", {"query": "x", "filters": {"sort": {"order": "up"}}}, "INVALID_SORT"),
                ("memory_create", {"content": "Use pnpm.", "category": "decision", "importance": 1.5},
                 "INVALID_IMPORTANCE"),
                ("memory_create", {"content": "Use pnpm.", "category": "decision", "importance": "high"},
                 "INVALID_IMPORTANCE"),
                ("memory_search", {"query": "x", "filters": {"minImportance": -1}}, "INVALID_IMPORTANCE"),
                ("memory_create", {"content": "   \n ", "category": "decision"}, "EMPTY_CONTENT"),
                ("memory_create", {"content": "Use pnpm. Never use npm.", "category": "decision"},
                 "NOT_ONE_SENTENCE"),
                ("memory_create", {"content": "用 pnpm。不要用 npm。", "category": "decision"}, "NOT_ONE_SENTENCE"),
                ("memory_create", {"content": "word " * 700, "category": "decision"}, "TOO_LONG"),
                ("memory_edit", {"currentCategory": "decision", "id": "mem-" + "0" * 32}, "NOT_FOUND"),
                ("memory_promote", {"category": "decision", "line": "No such line."}, "NOT_FOUND"),
                ("memory_edit", {"currentCategory": "preference", "id": memory_id}, "NOT_FOUND"),
                ("memory_delete", {"category": "preference", "line": "Prefer short commit messages."},
                 "AMBIGUOUS_LINE"),
                ("memory_promote", {"category": "preference", "id": staged_id,
                                    "line": "Use pnpm for every install."}, "LINE_ID_MISMATCH"),
                ("memory_delete", {"category": "decision", "id": memory_id}, "NOT_STAGING"),
                ("memory_create", {"content": "The deploy token is ghp_" + "a" * 36 + " for CI.",
                                   "category": "decision"}, "SENSITIVE_CONTENT"),
                ("memory_create", {"content": "Mail ops@example.com before a deploy.", "category": "workflow"},
                 "SENSITIVE_CONTENT"),
            ]
            wrong = []
            for tool, arguments, code in cases:
                is_error, text = await session.call(tool, arguments)
                got = text.split(":", 1)[0] if tool == "memory_search" else json.loads(text).get("error")
                if not is_error or got != code:
                    wrong.append((tool, arguments, code, text[:160]))
            assert wrong == []
            delete = await session.refused("memory_delete", {"category": "decision", "id": memory_id}, "NOT_STAGING")
            assert "memory_demote" in delete
    run(scenario)
    assert "Traceback" not in server.stderr()


PYTHON_WORDS = re.compile(r"\b(?:None|True|False|NoneType|dict|list|int|float|str|bool)\b|got '|\['|\{'")


def test_an_argument_error_says_the_value_in_json_never_in_python(server: Server, workspace: Path):
    """#49: an ``importance`` sent as ``null`` was answered "got None": an agent sent JSON and is
    answered in JSON (``null``, ``true``, ``"x"``), never in Python's words."""
    from mcp.shared.exceptions import MCPError

    search = "memory_search"
    cases = [
        ("memory_create", {"content": "c", "category": "decision", "importance": None}, "INVALID_IMPORTANCE",
         "got null"),
        ("memory_create", {"content": "c", "category": "decision", "importance": True}, "INVALID_IMPORTANCE",
         "got true"),
        ("memory_create", {"content": "c", "category": "decision", "importance": [1]}, "INVALID_IMPORTANCE",
         "got [1]"),
        ("memory_create", {"content": "c", "category": 5}, "INVALID_CATEGORY", "text, not a number"),
        ("memory_create", {"content": "c", "category": "decision", "subject": {"a": None}}, "INVALID_FILTER",
         "text, not an object"),
        ("memory_bind", {"projectPath": None}, "INVALID_PROJECT_PATH", "got null"),
        (search, {"query": "x", "filters": {"minImportance": False}}, "INVALID_IMPORTANCE", "got false"),
        (search, {"query": "x", "filters": {"limit": True}}, "INVALID_FILTER", "got true"),
        (search, {"query": "x", "filters": {"active": "all"}}, "INVALID_FILTER", 'got "all"'),
        (search, {"query": "x", "filters": {"scope": ["both"]}}, "INVALID_SCOPE", 'got ["both"]'),
        (search, {"query": "x", "filters": {"match": None}}, "INVALID_FILTER", "got null"),
        (search, {"query": "x", "filters": {"sort": {"by": {"a": 1}}}}, "INVALID_SORT", 'got {"a": 1}'),
        (search, {"query": "x", "filters": {"sort": {"order": False}}}, "INVALID_SORT", "got false"),
        (search, {"query": "x", "filters": {"time": {"field": None, "preset": "this_week"}}}, "INVALID_TIME",
         "got null"),
        (search, {"query": "x", "filters": {"time": {"preset": "today"}}}, "INVALID_TIME", 'got "today"'),
        (search, {"query": "x", "filters": {"time": {"from": 20261101}}}, "INVALID_TIME", ": 20261101"),
        (search, {"query": "x", "filters": {"topics": [None]}}, "INVALID_FILTER", "text, not null"),
        (search, {"query": "x", "categories": [True]}, "INVALID_CATEGORY", "text, not a boolean"),
    ]

    async def scenario():
        async with server.session("--project", str(workspace)) as session:
            for tool, arguments, code, said in cases:
                message = await session.refused(tool, arguments, code)
                assert said in message and not PYTHON_WORDS.search(message), (arguments, message)
            for arguments, said in (({"scope": None}, "(got null)"), ({"scope": "all"}, '(got "all")')):
                with pytest.raises(MCPError) as caught:
                    await session.call("memory_map", arguments)
                message = caught.value.error.message
                assert said in message and not PYTHON_WORDS.search(message), message
    run(scenario)
