"""``context-center connect`` as a real process: what it refuses to write, and its words (#49)."""
from __future__ import annotations

import json


def test_connect_refuses_a_link_to_nothing_and_a_wrongly_typed_hooks_value(cli_process, tmp_path):
    claude = cli_process.home / ".claude"
    claude.mkdir()
    (claude / "settings.json").symlink_to(tmp_path / "gone" / "settings.json")
    linked = cli_process.run("connect", "claude-code", "--yes")
    assert linked.code == 1 and linked.err.startswith("UNSAFE_TARGET: ") and "does not exist" in linked.err
    assert not (tmp_path / "gone").exists() and not (cli_process.home / ".claude.json").exists()
    (claude / "settings.json").unlink()
    (claude / "settings.json").write_text('{"hooks": ["not", "an", "object"]}')
    typed = cli_process.run("connect", "claude-code", "--yes", "--json")
    assert typed.code == 1 and json.loads(typed.out)["error"] == "UNPARSEABLE"
    assert '"hooks" is a list, not an object' in typed.err
    assert (claude / "settings.json").read_text() == '{"hooks": ["not", "an", "object"]}'
