"""Reading and writing fact files in Reasonix's shape."""
from pathlib import Path

import pytest

from context_center.engine.memory.fact_file import FactFileError, parse_fact, render_fact

NESTED = """---
id: mem-3f9c0a7e5b6d4c2a9e8f7a6b5c4d3e2f
revision: 3
created_at: 2026-11-02T09:14:00Z
updated_at: 2026-11-20T16:02:11.482Z
name: package-manager
title: Package manager is pnpm
description: The repository uses pnpm; npm lockfiles are rejected by CI
keywords: pnpm npm 包管理 install dependencies
activation: relevant
volatility: stable
subject_key: project.package_manager
expires_at: 2027-06-01T00:00:00Z
last_verified_at: 2026-11-20T16:02:11Z
owner_team: platform   # a key another tool wrote
see_also:
  - https://example.test/a
  - 0755
metadata:
  type: project
  scope: project
  origin: imported
---

Body in **Markdown**.
"""


def parse(text: str, name: str = "package-manager", scope: str = "project"):
    return parse_fact(text, path=Path(f"/store/{name}.md"), scope=scope, mtime=1_700_000_000)


def test_nested_form_reads_every_field_as_written():
    fact, warnings = parse(NESTED)
    assert warnings == []
    assert (fact.id, fact.revision, fact.type, fact.scope) == (
        "mem-3f9c0a7e5b6d4c2a9e8f7a6b5c4d3e2f", 3, "project", "project")
    assert fact.created_at == "2026-11-02T09:14:00Z"  # a timestamp stays the text that was written
    assert fact.keywords == "pnpm npm 包管理 install dependencies"
    assert fact.body == "Body in **Markdown**."
    assert not fact.legacy


def test_unknown_keys_survive_a_rewrite_verbatim():
    fact, _ = parse(NESTED)
    text = render_fact(fact.evolve(title="Package manager: pnpm", revision=4))
    assert "owner_team: platform   # a key another tool wrote" in text
    assert "see_also:\n  - https://example.test/a\n  - 0755" in text
    assert "  origin: imported" in text
    again, _ = parse(text)
    assert again.title == "Package manager: pnpm" and again.extra == fact.extra


def test_flat_form_is_read():
    fact, _ = parse("---\nname: flat\ntype: reference\nscope: project\n---\nA link.\n", name="flat")
    assert fact.type == "reference" and fact.scope == "project" and fact.legacy


def test_fact_type_wins_over_the_routing_type():
    text = "---\nname: g\nmetadata:\n  type: user\n  scope: global\n  fact_type: reference\n---\nx\n"
    fact, _ = parse(text, name="g", scope="global")
    assert fact.type == "reference"
    assert "  type: user\n  scope: global\n  fact_type: reference" in render_fact(fact)


@pytest.mark.parametrize("scope, real, routed", [
    ("global", "project", "user"), ("global", "feedback", "feedback"),
    ("project", "user", "project"), ("project", "reference", "reference")])
def test_routing_type_keeps_old_clients_in_the_right_folder(scope, real, routed):
    fact, _ = parse(f"---\nname: r\nmetadata:\n  fact_type: {real}\n  scope: {scope}\n---\nx\n",
                    name="r", scope=scope)
    text = render_fact(fact)
    assert f"  type: {routed}\n" in text
    assert (f"  fact_type: {real}" in text) == (real != routed)


def test_unknown_type_means_project_with_a_warning():
    fact, warnings = parse("---\nname: u\ntype: opinion\n---\nx\n", name="u")
    assert fact.type == "project" and any("opinion" in w for w in warnings)


def test_an_unknown_value_names_the_valid_ones():
    _, warnings = parse("---\nname: u\nvolatility: high\nactivation: always\n---\nx\n", name="u")
    assert "unknown volatility 'high' (evergreen, stable or volatile); treated as unset" in warnings
    assert "unknown activation 'always' (pinned or relevant); treated as unset" in warnings


def test_keys_misplaced_under_metadata_are_named_with_where_they_belong():
    """Issue #36, point 4: a title, keywords or created_at under ``metadata:`` were ignored silently."""
    fact, warnings = parse("---\nname: m\nmetadata:\n  type: project\n  scope: project\n  title: Deploy order\n"
                           "  keywords: deploy\n  created_at: 2026-11-01T00:00:00Z\n---\nx\n", name="m")
    assert fact.title == "" and ("title, keywords, created_at under metadata: are not read there; they belong at the "
                                 "top level of the front matter, beside name (only type, scope and fact_type go "
                                 "under metadata:)") in warnings
    _, clean = parse("---\nname: m\nmetadata:\n  type: project\n  scope: project\n  fact_type: user\n---\nx\n",
                     name="m")
    assert not any("metadata" in w for w in clean)


def test_missing_scope_comes_from_the_folder():
    fact, _ = parse("---\nname: s\n---\nx\n", name="s", scope="global")
    assert fact.scope == "global"


def test_a_yaml_error_reports_the_file_line():
    with pytest.raises(FactFileError) as caught:
        parse("---\nname: ok\ntitle: [unclosed\n  : : :\n---\nbody\n")
    assert caught.value.line >= 3 and "YAML" in caught.value.reason


def test_unclosed_front_matter_is_an_error():
    with pytest.raises(FactFileError, match="never closed"):
        parse("---\nname: x\nbody without end\n")


def test_a_file_without_front_matter_is_a_legacy_fact_named_by_its_file():
    fact, _ = parse("Just a note.\n", name="plain-note")
    assert fact.name == "plain-note" and fact.body == "Just a note." and fact.legacy
    assert fact.id.startswith("legacy-")


def test_values_that_yaml_would_retype_are_quoted_on_write():
    fact, _ = parse("---\nname: n\ntitle: \"yes\"\ndescription: \"123\"\nkeywords: \"a: b\"\n---\nx\n", name="n")
    text = render_fact(fact)
    assert 'title: "yes"' in text and 'description: "123"' in text and 'keywords: "a: b"' in text
    again, _ = parse(text, name="n")
    assert (again.title, again.description, again.keywords) == ("yes", "123", "a: b")


def test_a_name_that_differs_from_the_file_name_uses_the_file_name():
    fact, warnings = parse("---\nname: other\n---\nx\n", name="real")
    assert fact.name == "real" and warnings


def _upstream_legacy_id(scope: str, name: str) -> str:
    """Reasonix's formula (UPSTREAM.md, "exact on-disk details"), written out here on purpose."""
    import hashlib
    return "legacy-" + hashlib.sha256(f"reasonix-memory-v2\0{scope}\0{name}".encode()).hexdigest()[:24]


@pytest.mark.parametrize("folder, front, expected_scope", [
    ("global", "type: project", "project"),      # a hand-written global file of another type
    ("global", "type: reference", "project"),
    ("project", "type: feedback", "global"),     # project-folder feedback
    ("project", "type: user", "global"),
    ("project", "", "project"),                  # no type: project
    ("global", "type: user", "global"),
    ("project", "type: user\nscope: project", "project"),  # a written scope wins
])
def test_legacy_ids_take_their_scope_from_the_type_as_reasonix_does(folder, front, expected_scope):
    fact, _ = parse(f"---\nname: deploy-notes\n{front}\n---\n\nbody\n", name="deploy-notes", scope=folder)
    assert fact.legacy and fact.scope == folder  # the fact's own scope still comes from its folder
    assert fact.id == _upstream_legacy_id(expected_scope, "deploy-notes")


def test_a_missing_title_stays_missing_and_reads_as_the_name_de_kebabbed():
    fact, _ = parse("---\nname: deploy-notes\ndescription: d\n---\n\nbody\n", name="deploy-notes")
    assert fact.title == "" and fact.label == "deploy notes"
    rewritten = render_fact(fact.evolve(body="new body"))
    assert "title:" not in rewritten
    assert parse(rewritten, name="deploy-notes")[0].title == ""


def test_subject_keys_are_read_normalized_and_an_empty_one_is_a_warning():
    fact, warnings = parse("---\nname: pm\nsubject_key: ' Project.Package Manager'\n---\n\nb\n", name="pm")
    assert fact.subject_key == "project.package_manager" and warnings == []
    assert "subject_key: project.package_manager" in render_fact(fact)
    fact, warnings = parse("---\nname: pm\nsubject_key: 。。\n---\n\nb\n", name="pm")
    assert fact.subject_key == "" and any("no letters or digits" in w for w in warnings)


def test_a_date_only_expiry_in_a_file_lasts_to_the_end_of_that_day_and_is_rewritten_as_rfc3339():
    import datetime as dt

    from context_center.engine.memory.freshness import is_expired
    fact, warnings = parse("---\nname: x\nexpires_at: 2020-01-01\n---\n\nb\n", name="x")
    assert warnings == [] and fact.expires_at == "2020-01-01T23:59:59Z"
    assert not is_expired(fact, dt.datetime(2020, 1, 1, 23, 0, tzinfo=dt.timezone.utc))
    assert is_expired(fact, dt.datetime(2020, 1, 2, 0, 0, tzinfo=dt.timezone.utc))
    assert "expires_at: 2020-01-01T23:59:59Z" in render_fact(fact)


def test_context_eng_labels_round_trip():
    text = NESTED.replace("owner_team:", "category: decision\nstatus: staging\nimportance: 0.8\n"
                          "subject: Build tool\ntopics: [ci, 构建]\ntags: fast\nlinks:\n  - https://x.test/1\n"
                          "owner_team:")
    fact, warnings = parse(text)
    assert warnings == []
    assert (fact.category, fact.staging, fact.importance, fact.subject) == ("decision", True, 0.8, "Build tool")
    assert (fact.topics, fact.tags, fact.links) == (("ci", "构建"), ("fast",), ("https://x.test/1",))
    again, _ = parse(render_fact(fact.evolve(revision=4)))
    assert (again.topics, again.tags, again.links, again.importance) == (fact.topics, fact.tags, fact.links, 0.8)


@pytest.mark.parametrize("value", ["high", "1.5", "-0.1"])
def test_an_importance_outside_0_to_1_is_a_warning_not_a_failure(value):
    fact, warnings = parse(NESTED.replace("owner_team:", f"importance: {value}\nowner_team:"))
    assert fact.importance is None and any("importance" in w for w in warnings)
