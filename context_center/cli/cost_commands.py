"""``context-center memory cost``: what context costs each agent, source by source."""
from __future__ import annotations

import argparse

from ..engine import INSTRUCTION_AGENTS, Engine
from .output import Output, Subcommands, add_json_option, table


def register(memory_sub: Subcommands) -> None:
    cost = memory_sub.add_parser(
        "cost", help="tokens per source, per agent, per turn: what each agent pays for its context",
        description="For each agent: every instruction file it receives (imports, cuts and drops included), its "
                    "memory index, the pinned facts, what the hook recalled on recorded turns and the MCP tools' "
                    "listing, with the tokens each costs and when (every turn, at a session's start, on demand); "
                    "then what you could act on and what it would save. Tokens are an estimate: the method says "
                    "how.")
    cost.add_argument("--agent", choices=INSTRUCTION_AGENTS, action="append", metavar="AGENT",
                      help=f"only this agent (repeatable; one of {', '.join(INSTRUCTION_AGENTS)}; default: all)")
    cost.add_argument("--target", metavar="DIR", help="directory the agent works in (default: current)")
    add_json_option(cost)
    cost.set_defaults(handler=costs)


def costs(engine: Engine, args: argparse.Namespace, out: Output) -> int:
    report = engine.costs.report(args.agent, args.target)

    def human() -> str:
        lines = []
        for agent in report.agents:
            lines.append(f"{agent.agent}: ~{agent.per_turn_tokens:,} tokens every turn, "
                         f"~{agent.session_start_tokens:,} at a session's start")
            shown = [s for s in agent.sources if s.tokens or s.status in ("truncated", "dropped")]
            if shown:
                lines.append(table(["tokens", "when", "kind", "status", "source"],
                                   [[f"{s.tokens:,}", s.when.replace("_", " "), s.kind, s.status,
                                     s.label or s.path or s.ref or ""] for s in shown], max_width=60))
            if agent.recall is not None:
                r = agent.recall
                turns = "1 recorded turn" if r.turns == 1 else f"{r.turns:,} recorded turns"
                lines.append(f"recall: {turns}, mean ~{r.mean_tokens:,} tokens, "
                             f"p95 ~{r.p95_tokens:,}; last 7 days: {', '.join(f'{d:,}' for d in r.last_7_days)}")
            lines += [f"- {advice.text}" for advice in agent.advice]
            lines.append("")
        methods = sorted({a.method for a in report.agents})
        lines += [f"Tokens: {method}" for method in methods]
        return "\n".join(lines)

    return out.emit(report.to_json(), human)
