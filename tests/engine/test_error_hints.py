"""Engine messages fit every face: what to do next is a structured hint, never a command line."""
import ast
import re
from pathlib import Path

import pytest

import context_center.engine as engine_package
from context_center.engine import FactInput, NotFound, SensitiveContent
from context_center.engine.errors import HINTS

_COMMAND_LINE = re.compile(r"`memory |(?<![\w-])--[a-z][a-z-]+")


def _raised_messages():
    """Every string literal inside a ``raise …Error(...)`` of the engine's sources."""
    root = Path(engine_package.__file__).parent
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                for inner in ast.walk(node.exc):
                    if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                        yield path.name, inner.value


def test_no_engine_error_message_names_a_command_line():
    offending = [(name, text) for name, text in _raised_messages() if _COMMAND_LINE.search(text)]
    assert offending == []


def test_refusals_carry_a_hint_each_face_can_word(engine):
    with pytest.raises(NotFound) as missing:
        engine.fact("nothing-here")
    assert missing.value.hint == "find_fact" and "`" not in missing.value.message
    with pytest.raises(SensitiveContent) as secret:
        engine.remember(FactInput(title="t", body="password=hunter2hunter2"))
    assert secret.value.hint == "redact_secrets" in HINTS

