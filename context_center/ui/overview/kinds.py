"""The kinds of a context's sources (the engine's words), as the Overview says them."""
from __future__ import annotations

from ..words import QT_TR_NOOP, tr

KIND_WORDS = {"instructions": QT_TR_NOOP("instruction files"), "pinned": QT_TR_NOOP("pinned facts"),
              "memory_index": QT_TR_NOOP("memory index"), "recall": QT_TR_NOOP("recall"),
              "mcp_tools": QT_TR_NOOP("MCP tools")}
# a kind → the theme's tone its part of a bar is drawn in
KIND_TONES = {"instructions": "chart_instructions", "pinned": "chart_pinned", "memory_index": "chart_memory_index",
              "recall": "chart_recall", "mcp_tools": "chart_mcp_tools"}


def kind_word(kind: str) -> str:
    return tr(KIND_WORDS[kind]) if kind in KIND_WORDS else kind
