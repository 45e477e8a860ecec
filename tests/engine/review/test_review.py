"""The review queue on real stores: each kind, previews that equal what apply writes, apply and undo
round trips, stale previews re-checked, dismissals kept."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from context_center.engine import FactInput, InvalidInput, MemoryReview, NotFound, RevisionConflict
from context_center.engine.clock import format_timestamp

DAY = dt.timedelta(days=1)


def remember(engine, name: str, body: str, **fields):
    fields.setdefault("title", name.replace("-", " "))
    return engine.remember(FactInput(name=name, body=body, **fields)).fact


def hand_written(engine, name: str, body: str, scope: str = "project", **front: str) -> None:
    folder = engine.paths.memory_dir(scope)
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["---", f"id: mem-{name.replace('-', '')[:20]:0<32}", "revision: 1", f"name: {name}", f"title: {name}",
             "description: d", *(f"{k}: {v}" for k, v in front.items()), "metadata:", "  type: project",
             f"  scope: {scope}", "---", "", body, ""]
    (folder / f"{name}.md").write_text("\n".join(lines))
    engine.refresh()


def kinds(review: MemoryReview) -> dict[str, list[list[str]]]:
    found: dict[str, list[list[str]]] = {}
    for item in review.items():
        found.setdefault(item.kind, []).append(item.refs)
    return found


def store_state(engine) -> dict[str, tuple[str, str, str]]:
    return {f.ref: (f.body, f.keywords, ",".join(f.refs)) for f in engine.facts()}


def test_a_duplicate_is_merged_into_the_kept_fact_and_undo_puts_both_back(engine):
    kept = remember(engine, "package-manager", "We use pnpm for every install in this repository.",
                    keywords="pnpm npm")
    other = remember(engine, "installs", "We use pnpm for every install in this repository: the lockfile is "
                                         "pnpm-lock.yaml.", keywords="lockfile", title="package manager")
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    assert {f.id for f in item.facts} == {kept.id, other.id} and item.action == "merge"
    survivor = item.facts[0]
    before = store_state(engine)
    done = review.apply(item.id)
    assert [c["op"] for c in done["changes"]] == ["edited", "forgot"]
    written = engine.fact(survivor.id)
    assert f"## {written.ref}\n{written.body.strip()}\n" == item.after   # the preview is what was written
    assert "pnpm-lock.yaml" in written.body and written.body.count("We use pnpm") <= 1
    assert set(written.keywords.split()) == {"pnpm", "npm", "lockfile"}
    assert len(engine.facts()) == 1
    undone = review.undo(done["undo"])
    assert {c["op"] for c in undone["changes"]} == {"recovered", "restored"}
    assert store_state(engine) == before    # as it was; the history gained revisions
    assert engine.fact(survivor.id).revision == survivor.revision + 2
    with pytest.raises(InvalidInput, match="undone already"):
        review.undo(done["undo"])
    [entry] = review.history()
    assert entry["item"] == item.id and entry["undone_at"]


def test_a_merge_with_nothing_to_add_writes_no_edit_and_its_undo_restores_none(engine):
    """A second walk: apply said "edited" and undo "restored" of a fact neither touched."""
    kept = remember(engine, "deploy-day", "Deploys go out on Tuesdays after the smoke tests pass.")
    remember(engine, "deploy-day-again", "Deploys go out on Tuesdays after the smoke tests pass.", title="deploy day")
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    survivor = item.facts[0]
    done = review.apply(item.id)
    assert [c["op"] for c in done["changes"]] == ["forgot"]
    assert engine.fact(survivor.id).revision == survivor.revision
    assert [c["op"] for c in review.undo(done["undo"])["changes"]] == ["recovered"]
    assert {f.name for f in engine.facts()} == {kept.name, "deploy-day-again"}


def test_a_stale_preview_is_never_applied_and_an_undo_never_overwrites_a_later_change(engine):
    remember(engine, "deploy-day", "Deploys go out on Tuesdays after the smoke tests pass.")
    remember(engine, "deploy-days", "Deploys go out on Tuesdays once the smoke tests pass. Roll back by image.")
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    engine.edit(item.facts[1].id, FactInput(body=item.facts[0].body + " Checked by the release manager."))
    with pytest.raises(NotFound, match="changed since it was listed"):
        review.apply(item.id)
    [again] = [i for i in review.items() if i.kind == "duplicate"]
    done = review.apply(again.id)
    engine.edit(again.facts[0].id, FactInput(body="Deploys go out on Wednesdays now."))
    with pytest.raises(RevisionConflict) as refused:
        review.undo(done["undo"])
    assert refused.value.hint == "revisions" and "changed since this decision" in refused.value.message
    assert engine.fact(again.facts[0].id).body == "Deploys go out on Wednesdays now."   # nothing overwritten


def test_an_edited_text_is_written_instead_and_a_contradiction_keeps_the_chosen_fact(engine):
    remember(engine, "use-npm", "Use npm for installs in the web package.")
    remember(engine, "no-npm", "Never use npm for installs in the web package; use pnpm.")
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "contradiction"]
    newer, older = item.facts
    done = review.apply(item.id, keep=older.ref)
    assert [f.ref for f in engine.facts()] == [older.ref]
    review.undo(done["undo"])
    [item] = [i for i in review.items() if i.kind == "contradiction"]
    review.apply(item.id, edit_text="Installs in the web package go through pnpm, never npm.")
    [left] = engine.facts()
    assert left.body == "Installs in the web package go through pnpm, never npm."
    with pytest.raises(NotFound):
        review.apply("duplicate-0000000000", keep="x")


def test_stale_expired_staged_and_an_override_are_proposed(engine):
    old = format_timestamp(dt.datetime.now(dt.timezone.utc) - 400 * DAY)
    hand_written(engine, "old-note", "The build cache lives in /tmp/cache.", created_at=old, updated_at=old)
    hand_written(engine, "gone", "The beta ends in June.", expires_at="2020-06-30")
    hand_written(engine, "waiting", "Prefer small commits.", created_at=old, updated_at=old, status="staging",
                 category="preference")
    remember(engine, "pm-project", "This project uses yarn.", subject_key="project.package_manager")
    remember(engine, "pm-global", "Use pnpm everywhere.", subject_key="project.package_manager", scope="global")
    found = kinds(MemoryReview(engine))
    assert found["stale"] == [["project/old-note.md"]] and found["expired"] == [["project/gone.md"]]
    assert found["staged"] == [["project/waiting.md"]]
    assert found["override"] == [["project/pm-project.md", "global/pm-global.md"]]
    review = MemoryReview(engine)
    [stale] = [i for i in review.items() if i.kind == "stale"]
    verified = review.apply(stale.id)
    assert verified["changes"][0]["op"] == "verified" and engine.freshness(engine.fact("old-note")) != "stale"
    [override] = [i for i in review.items() if i.kind == "override"]
    review.dismiss(override.id)
    assert "override" not in kinds(review)
    engine.edit("pm-global", FactInput(body="Use pnpm everywhere, even for scripts."), "global")
    assert "override" in kinds(review)   # a dismissal holds until a fact changes


def test_an_oversize_fact_is_split_at_its_paragraphs_and_undo_removes_the_parts(engine):
    paragraphs = [f"Paragraph {n}: " + ("the deploy runbook says many careful things. " * 25) for n in range(5)]
    fact = remember(engine, "runbook", "\n\n".join(paragraphs))
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "oversize"]
    done = review.apply(item.id)
    names = sorted(f.name for f in engine.facts())
    assert names[0] == "runbook" and len(names) >= 2 and all(n.startswith("runbook") for n in names)
    assert all(len(f.body) <= 2400 for f in engine.facts())
    parts = sorted(engine.facts(), key=lambda f: (len(f.name), f.name))   # runbook, runbook-part-2, …
    assert " ".join(" ".join(f.body for f in parts).split()) == " ".join(fact.body.split())   # nothing lost
    review.undo(done["undo"])
    assert [f.name for f in engine.facts()] == ["runbook"] and engine.fact("runbook").body == fact.body


def test_unused_rests_on_the_injection_record_and_agents_searches(engine, monkeypatch):
    used = remember(engine, "used", "The release train leaves every Thursday at noon.")
    searched = remember(engine, "searched", "Feature flags live in LaunchDarkly, project web.")
    quiet = remember(engine, "quiet", "The old VPN host is vpn2.example.internal.")
    review = MemoryReview(engine)
    assert "unused" not in kinds(review)   # no record yet: nothing was observed, nothing is called unused
    result = engine.recall("when does the release train leave on Thursday?", record=False)
    assert [h.fact.id for h in result.hits] == [used.id]
    engine.record_injection(result, agent="claude-code", session_id="s1")
    engine.record_search_returns([searched.id])
    assert "unused" not in kinds(review)   # the record has watched for minutes: too little to say
    import context_center.engine.review.service as service

    monkeypatch.setattr(service, "MIN_OBSERVED_DAYS", 0)
    [item] = [i for i in review.items() if i.kind == "unused"]
    assert item.refs == [quiet.ref] and item.evidence["injected"] == 0
    assert "invisible" in item.evidence["note"]


def test_broken_and_changed_facts_come_with_their_code_evidence(engine, workspace: Path):
    (workspace / "app.py").write_text("def main():\n    return 1\n")
    (workspace / "lib.py").write_text("def helper():\n    return 2\n")
    remember(engine, "main", "main returns one.", refs=("app.py:1-2",))
    remember(engine, "helper", "helper returns two.", refs=("lib.py#helper",))
    (workspace / "app.py").write_text("def main():\n    return 3\n")
    (workspace / "lib.py").unlink()
    found = {i.kind: i for i in MemoryReview(engine).items()}
    assert found["changed"].refs == ["project/main.md"] and found["changed"].evidence["state"] == "changed"
    assert found["broken"].refs == ["project/helper.md"] and found["broken"].action == "forget"
    assert "lib.py" in found["broken"].reason


def test_an_advice_applies_nothing(engine):
    for n in range(2):
        remember(engine, f"pinned-{n}", "x" * 700, activation="pinned")
    review = MemoryReview(engine)
    [advice] = [i for i in review.items() if i.kind == "oversize"]
    assert advice.action == "advice" and "pinned facts use 1,400" in advice.reason
    with pytest.raises(InvalidInput, match="advice"):
        review.apply(advice.id)


def test_a_merge_splits_sentences_at_their_ends_not_inside_a_file_name(engine):
    remember(engine, "handler", "The `handler` in src/app.py returns the user. Tokens expire after an hour.",
             title="The handler")
    remember(engine, "handler-user", "The handler in src/app.py returns the request user. It never raises.",
             title="The handler")   # the same title: a duplicate
    [item] = [i for i in MemoryReview(engine).items() if i.kind == "duplicate"]
    kept, other = item.facts
    assert (kept.name, other.name) == ("handler-user", "handler")   # the newer kept
    # the other's sentence it lacks, whole (it was cut at "app." and "py returns the user." appended); the
    # one it says in other words, not again
    assert item.after == (f"## {kept.ref}\nThe handler in src/app.py returns the request user. It never raises."
                          "\n\nTokens expire after an hour.\n")


def test_a_merge_carries_both_facts_evidence_so_a_drift_still_shows(engine, workspace: Path):
    (workspace / "app.py").write_text("def main():\n    return 1\n")
    (workspace / "lib.py").write_text("def helper():\n    return 2\n")
    remember(engine, "main-a", "The main function returns one, and helper returns two.", title="Entry points",
             refs=("app.py:1-2",))
    remember(engine, "main-b", "The main function returns one and the helper returns two.", title="Entry points",
             refs=("lib.py:1-2",))
    (workspace / "lib.py").write_text("def helper():\n    return 3\n")   # one fact's code drifted
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    review.apply(item.id)
    [merged] = engine.facts()
    assert set(merged.refs) == {"app.py:1-2", "lib.py:1-2"}
    checked = {r.ref: r.state for r in engine.grounding(merged).refs}
    assert checked == {"app.py:1-2": "ok", "lib.py:1-2": "changed"}   # not re-recorded: still changed


# after an attack on the review ---------------------------------------------------------------------

def test_an_item_that_would_write_a_team_fact_is_advice(engine, workspace: Path):
    remember(engine, "t1", "Run ruff check before every commit in this repo. Fix all warnings.", title="Lint rule",
             scope="team")
    remember(engine, "t2", "Run ruff check before every commit in this repo.", title="Lint rule", scope="team")
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    assert item.action == "advice" and "commit" in item.reason
    with pytest.raises(InvalidInput, match="advice"):
        review.apply(item.id)
    assert sorted(f.body for f in engine.facts()) == ["Run ruff check before every commit in this repo.",
                                                      "Run ruff check before every commit in this repo. Fix all "
                                                      "warnings."]


def test_a_hand_edit_that_leaves_the_revision_is_a_change_to_the_review_and_to_undo(engine):
    remember(engine, "deploy-day", "Deploys go out on Tuesdays after the smoke tests pass. Tag the image first.",
             title="Deploys")
    remember(engine, "deploy-days", "Deploys go out on Tuesdays once the smoke tests pass. Roll back by image.",
             title="Deploys")
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    path = item.facts[1].path
    path.write_text(path.read_text().replace("smoke tests", "smoke and load tests"))   # revision: unchanged
    with pytest.raises(NotFound):
        review.apply(item.id)
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    done = review.apply(item.id)
    kept = engine.fact(item.facts[0].id)
    kept.path.write_text(kept.path.read_text().replace("Tuesdays", "Wednesdays"))
    engine.refresh()
    with pytest.raises(RevisionConflict):
        review.undo(done["undo"])
    assert "Wednesdays" in engine.fact(kept.id).body   # the hand edit stands


def test_which_fact_a_merge_keeps_is_part_of_the_item(engine):
    first = remember(engine, "e1", "Use the staging cluster for load tests.", title="Load tests")
    second = remember(engine, "e2", "Use the staging cluster for every load test.", title="Load tests")
    review = MemoryReview(engine)
    [before] = [i for i in review.items() if i.kind == "duplicate"]
    forgotten = before.facts[1]
    engine.record_search_returns([forgotten.id, forgotten.id])   # now the other would be kept
    [after] = [i for i in review.items() if i.kind == "duplicate"]
    assert after.facts[0].id == forgotten.id and after.id != before.id
    with pytest.raises(NotFound):
        review.apply(before.id)   # never the opposite of what its preview showed
    assert {first.id, second.id} == {f.id for f in engine.facts()}


def test_a_merge_keeps_the_fact_with_a_subject_or_a_pin_and_a_split_stays_in_its_scope(engine):
    remember(engine, "pm-a", "We install packages with pnpm in this repository.", title="Package manager",
             subject_key="project.package_manager")
    remember(engine, "pm-b", "We install packages with pnpm in this repository, always.", title="Package manager")
    review = MemoryReview(engine)
    [item] = [i for i in review.items() if i.kind == "duplicate"]
    assert item.facts[0].name == "pm-a"   # newer pm-b would lose the subject key
    paragraphs = [f"Paragraph {n}: " + ("the global style guide says many careful things. " * 25) for n in range(4)]
    remember(engine, "style", "\n\n".join(paragraphs), scope="global", keywords="style guide")
    remember(engine, "style-part-2", "Taken already.", scope="global", title="Taken")
    [split] = [i for i in review.items() if i.kind == "oversize" and i.refs == ["global/style.md"]]
    review.apply(split.id)
    parts = [f for f in engine.facts() if f.name.startswith("style-part-") and f.body != "Taken already."]
    assert parts and all(f.scope == "global" and f.keywords == "style guide" for f in parts)
    assert engine.fact("style-part-2", "global").body == "Taken already."


def test_stacked_decisions_undo_in_reverse_order(engine):
    for name, body in (("q1", "Cache keys include the lockfile digest."), ("q2", "Cache keys include the lockfile "
                       "digest, always."), ("q3", "Cache keys include the digest of the lockfile.")):
        remember(engine, name, body, title="Cache keys")
    review = MemoryReview(engine)
    start = store_state(engine)
    first = review.apply(next(i for i in review.items() if i.kind == "duplicate").id)
    second = review.apply(next(i for i in review.items() if i.kind == "duplicate").id)
    review.undo(second["undo"])
    review.undo(first["undo"])
    assert store_state(engine) == start


def test_a_merge_keeps_the_shape_of_what_it_carries_and_keep_names_one_fact(engine):
    remember(engine, "build-a", "Build with vite.\n- Never run npm build.\n- Output goes to dist/.", title="Build")
    remember(engine, "build-b", "Build with vite.\n- Output goes to dist/.\n```sh\npnpm build\n```", title="Build")
    [item] = [i for i in MemoryReview(engine).items() if i.kind == "duplicate"]
    assert "```sh\npnpm build\n```" in item.after and "\n- " in item.after
    remember(engine, "pm", "Use npm for installs in the web package.", title="npm")
    remember(engine, "pm", "Never use npm for installs in the web package.", title="no npm", scope="global")
    review = MemoryReview(engine)
    [override] = [i for i in review.items() if i.kind == "override"]   # the same name: the project one stands
    with pytest.raises(InvalidInput, match="give the ref or the id"):
        review.apply(override.id, keep="pm")


def test_one_long_paragraph_is_split_between_its_sentences_and_nothing_is_lost():
    from context_center.engine.review.finders import split_body

    body = " ".join(f"Sentence {n} of the runbook says one careful thing." for n in range(400))
    parts = split_body(body, limit=2400)
    assert len(parts) > 1 and all(len(part) <= 2400 for part in parts)
    assert " ".join(parts).split() == body.split()
    assert all(part.endswith(".") for part in parts)   # cut between sentences
    unbroken = "x" * 7000
    assert "".join(split_body(unbroken, limit=2400)) == unbroken


def test_a_document_kept_as_a_fact_is_advice_not_a_hundred_facts(engine):
    rules = " ".join(f"Rule {n}: keep the handbook short and the rules clear." for n in range(1000))   # 55,000
    remember(engine, "handbook", rules)
    [item] = [i for i in MemoryReview(engine).items() if i.kind == "oversize"]
    assert item.action == "advice" and "a ref" in item.reason


def test_a_fact_said_again_under_another_title_or_another_value_under_a_title_naming_it_alike_is_found(engine):
    """A title names what a fact is of in words of its own: the bodies are read apart too. Two
    titles naming one thing ("Nightly export time" / "… schedule") over two values contradict; two
    facts saying one thing under two titles are one fact; two titles naming two things ("… connect
    timeout" / "… read timeout") keep their values apart."""
    for name, body in [("deploys", "Deploys run from the main branch after CI passes."),
                       ("logging", "Use the shared logger; never print to stdout."),
                       ("timestamps", "Use UTC for every timestamp.")]:
        remember(engine, name, body)
    time = remember(engine, "export-time", "The nightly export runs at 01:00 UTC.", title="Nightly export time")
    schedule = remember(engine, "export-schedule", "The nightly export runs at 03:30 UTC.",
                        title="Nightly export schedule")
    rule = remember(engine, "lint-rule", "Run ruff before every commit.", title="Lint rule")
    check = remember(engine, "pre-commit", "Before every commit, run ruff.", title="Pre-commit check")
    remember(engine, "carrier-connect", "The carrier API client gives up after 3 seconds.",
             title="Carrier API connect timeout")
    remember(engine, "carrier-read", "The carrier API client gives up after 20 seconds.",
             title="Carrier API read timeout")
    found = kinds(MemoryReview(engine))
    assert sorted(found.get("contradiction", [])) == [sorted([time.ref, schedule.ref])]
    assert sorted(map(sorted, found.get("duplicate", []))) == [sorted([rule.ref, check.ref])]


def test_a_word_and_its_opposite_under_titles_naming_one_thing_contradict_in_other_words(engine):
    """Under titles naming one thing, two bodies saying a word and its opposite need say less alike
    than two notes alone: "happen automatically as soon as CI is green" / "are triggered by hand by
    the on-call engineer", 异步 / 同步. Titles naming two things keep them apart."""
    for name, body in [("deploys", "Deploys run from the main branch after CI passes."),
                       ("logging", "Use the shared logger; never print to stdout."),
                       ("timestamps", "Use UTC for every timestamp.")]:
        remember(engine, name, body)
    auto = remember(engine, "prod-deploys", "Production deploys happen automatically as soon as CI on main is green.",
                    title="Production deploys")
    by_hand = remember(engine, "prod-trigger", "Production deploys are triggered by hand by the on-call engineer "
                       "with `make deploy-prod`.", title="Production deploy trigger")
    later = remember(engine, "points-async", "支付成功后的积分发放通过消息队列异步处理。", title="积分异步发放")
    at_once = remember(engine, "points-how", "积分发放在支付回调接口里同步完成，保证用户立刻看到积分。",
                       title="积分发放方式")
    remember(engine, "staging-refresh", "The staging database is refreshed automatically every night.",
             title="Staging database refresh")
    remember(engine, "prod-restore", "Restores of the production database are started by hand after sign-off.",
             title="Production database restore")
    found = kinds(MemoryReview(engine))
    assert sorted(map(sorted, found.get("contradiction", []))) == sorted([sorted([auto.ref, by_hand.ref]),
                                                                         sorted([later.ref, at_once.ref])])


def test_two_values_of_one_kind_under_titles_differing_only_in_aspect_words_contradict_however_worded(engine):
    """Titles differing only by words saying what kind of fact it is ("… interval" / "… frequency",
    "… retention" / "… retention period", 间隔 / 频率) or by words added name one thing: the bodies'
    own words put in each other's place are then wording, and two values of one kind contradict.
    Titles naming another thing in a word of their own ("… away" / "… at home base") do not."""
    for name, body in [("deploys", "Deploys run from the main branch after CI passes."),
                       ("logging", "Use the shared logger; never print to stdout."),
                       ("timestamps", "Use UTC for every timestamp.")]:
        remember(engine, name, body)
    kept = remember(engine, "scan-retention", "Raw scanner images are kept for 30 days and then removed by the "
                    "cleanup job.", title="Scanner image retention")
    audit = remember(engine, "scan-retention-audit", "Raw scanner images are retained for 180 days so disputed "
                     "parcels can be traced.", title="Scanner image retention for audits")
    often = remember(engine, "beacon-interval", "每台手持终端每 5 分钟上报一次心跳，以节省电量。",
                     title="终端心跳上报间隔")
    seldom = remember(engine, "beacon-frequency", "手持终端每 30 秒上报一次心跳(位置、电量)。",
                      title="终端心跳上报频率")
    remember(engine, "rest-away", "Minimum rest away from base is 10 hours, with an 8-hour sleep window.",
             title="Minimum rest away")
    remember(engine, "rest-home", "Minimum rest at home base is 12 hours, or the length of the duty before it "
             "if that is longer.", title="Minimum rest at home base")
    found = kinds(MemoryReview(engine))
    assert sorted(map(sorted, found.get("contradiction", []))) == sorted([sorted([kept.ref, audit.ref]),
                                                                         sorted([often.ref, seldom.ref])])


def test_two_short_facts_naming_two_tools_for_one_job_are_compared_however_few_words_they_share(engine):
    """"The docs site is generated by Sphinx." / "Our docs are built with MkDocs." share one word:
    a store compared them only when they named one tool (seen walking a fresh store)."""
    sphinx = remember(engine, "docs-generator", "The docs site is generated by Sphinx.", title="Docs generator")
    mkdocs = remember(engine, "docs-build", "Our docs are built with MkDocs.", title="Docs build")
    remember(engine, "worker-request", "The worker's memory request is 256 MiB.", title="Worker memory request")
    remember(engine, "worker-limit", "The worker's memory limit is 1 GiB.", title="Worker memory limit")
    assert kinds(MemoryReview(engine)) == {"contradiction": [sorted([sphinx.ref, mkdocs.ref])]}
