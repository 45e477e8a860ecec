"""CI: the installed server answers the official client: a create, then a search that finds it.

    .venv/bin/python .ci/mcp_smoke.py COMMAND STATE_ROOT PROJECT
"""
from __future__ import annotations

import sys

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters


async def main(command: str, root: str, project: str) -> None:
    server = StdioServerParameters(command=command, args=["--state-root", root, "mcp", "--project", project])
    async with Client(server) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        assert len(names) == 9 and "memory_search" in names, names
        made = await client.call_tool("memory_create", {"content": "Releases are tagged from main.",
                                                        "category": "decision"})
        assert not made.is_error, made.content
        found = await client.call_tool("memory_search", {"query": "where are releases tagged"})
        text = found.content[0].text
        assert text.startswith("retrieval: ") and "Releases are tagged from main." in text, text
    print("mcp-smoke: the installed server created and found a memory")


if __name__ == "__main__":
    anyio.run(main, *sys.argv[1:4])
