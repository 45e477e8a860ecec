"""Names, ids, subject keys and dates."""
import pytest

from context_center.engine.clock import parse_expiry, parse_timestamp
from context_center.engine.errors import InvalidInput
from context_center.engine.memory.fields import (
    check_name,
    check_subject_key,
    legacy_fact_id,
    normalize_subject_key,
    slug,
)


@pytest.mark.parametrize("raw, key", [
    (" Project.Package Manager", "project.package_manager"),
    ("project..release-branch", "project.release-branch"),
    ("User.Response_Style", "user.response_style"),
    ("a.-b-._c_", "a.b.c"),
    ("项目.package", "package"),
])
def test_subject_keys_normalize_like_upstream(raw, key):
    assert normalize_subject_key(raw) == key


def test_a_subject_key_that_normalizes_to_nothing_is_refused():
    with pytest.raises(InvalidInput, match="subject key"):
        check_subject_key("包管理器")


def test_slug_keeps_unicode_letters():
    assert slug("  Package Manager: pnpm! ") == "package-manager-pnpm"
    assert slug("包管理 器") == "包管理-器"


def test_legacy_ids_are_stable_and_depend_on_scope_and_slug():
    first = legacy_fact_id("project", "Release Branch")
    assert first == legacy_fact_id("project", "release-branch")
    assert first != legacy_fact_id("global", "release-branch")
    assert first.startswith("legacy-") and len(first) == len("legacy-") + 24


@pytest.mark.parametrize("bad", ["a/b", "../x", ".hidden", "", "MEMORY", "x\ny"])
def test_names_that_cannot_be_file_names_are_refused(bad):
    with pytest.raises(InvalidInput):
        check_name(bad)


@pytest.mark.parametrize("raw, canonical", [
    ("2027-06-01", "2027-06-01T23:59:59Z"),   # through that day, as a hand-written date
    ("2027-06-01T08:30:00+02:00", "2027-06-01T06:30:00Z"),
    ("2027-06-01T06:30:00.5Z", "2027-06-01T06:30:00.500Z"),
    ("never", ""), ("none", ""), ("", ""),
])
def test_expiry_accepts_dates_rfc3339_and_never(raw, canonical):
    assert parse_expiry(raw) == canonical


def test_a_bad_expiry_is_invalid_input():
    with pytest.raises(InvalidInput, match="expires_at"):
        parse_expiry("next tuesday")


def test_timestamps_with_many_fraction_digits_parse():
    assert parse_timestamp("2026-11-20T16:02:11.482123456Z") is not None


def test_the_next_free_name_is_one_rule_for_every_writer():
    from context_center.engine.memory import fields
    from context_center.engine.suggestions import candidates

    taken = {"deploy", "deploy-2", "deploy-3"}
    assert fields.free_name("deploy", taken.__contains__) == "deploy-4"
    assert fields.free_name("lunch", taken.__contains__) == "lunch"
    assert fields.free_name("lunch", taken.__contains__, first=2) == "lunch-2"   # a sync conflict's other version
    long = "x" * 300
    named = fields.free_name(long, {long}.__contains__)
    assert len(named.encode()) <= 252 and named != long   # still a fact file's stem
    assert candidates.free_name is fields.free_name   # the suggestions' is the same rule, not a copy
