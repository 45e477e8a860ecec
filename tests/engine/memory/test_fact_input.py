"""What the fact form checks before a write (validate_fact_input), and that the engine refuses the
same, writing nothing."""
from __future__ import annotations

import pytest

from context_center.engine import FactInput, InvalidInput, validate_fact_input


def test_form_validation_reports_each_field_without_writing(engine):
    problems = validate_fact_input(FactInput(name="a/b", subject_key="。", expires_at="soon", type="x",
                                             body="token ghp_" + "a" * 36), creating=True)
    assert set(problems) == {"name", "subject_key", "expires_at", "type", "body"}
    assert "title" in validate_fact_input(FactInput(body="b"), creating=True)
    assert validate_fact_input(FactInput(title="Fine", body="fine"), creating=True) == {}
    with pytest.raises(InvalidInput):  # the engine refuses what the form flags, and writes nothing
        engine.remember(FactInput(name="a/b", title="t", body="b"))
    assert engine.facts() == [] and not engine.paths.memory_dir("project").exists()
