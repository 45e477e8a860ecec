"""Automatic recall: gate, pool, scoring, budget, privacy and the trace."""
import datetime as dt
import hashlib
import json

import pytest

from context_center.engine import FactInput, InvalidInput
from context_center.engine.clock import format_timestamp


def remember(engine, name, body, **fields):
    fields.setdefault("title", name.replace("-", " "))
    fields.setdefault("description", "")
    return engine.remember(FactInput(name=name, body=body, **fields)).fact


def write_fact(engine, name, body, *, days_ago=0, scope="project", **front):
    stamp = format_timestamp(dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=days_ago))
    folder = engine.paths.memory_dir(scope)
    folder.mkdir(parents=True, exist_ok=True)
    fact_id = hashlib.md5(f"{scope}/{name}".encode()).hexdigest()  # stable across processes, unlike hash()
    lines = ["---", f"id: mem-{fact_id}", "revision: 1", f"created_at: {stamp}",
             f"updated_at: {stamp}", f"name: {name}", f"title: {front.pop('title', name)}"]
    lines += [f"{k}: {v}" for k, v in front.items()]
    lines += ["metadata:", f"  type: {'project'}", f"  scope: {scope}", "---", "", body, ""]
    (folder / f"{name}.md").write_text("\n".join(lines))
    engine.refresh()


def refs(result):
    return [h.ref for h in result.hits]


# suppression reasons ------------------------------------------------------------------------------

def test_generic_turns_are_suppressed(engine):
    remember(engine, "continue-builds", "Continue builds run on every push.")
    assert engine.recall("  Go   ON ").suppressed == "generic user turn"


def test_an_empty_store_is_suppressed(engine):
    assert engine.recall("deploy the payments service").suppressed == "memory store is empty"


def test_a_query_of_only_stopwords_has_no_searchable_terms(engine):
    remember(engine, "x", "something")
    assert engine.recall("is it the that you").suppressed == "no searchable terms"


def test_a_weak_match_is_suppressed_and_the_trace_says_why(engine):
    remember(engine, "plan", "The plan is to cut the release on Friday.", title="Release plan")
    result = engine.recall("what is the plan for the day")
    assert result.suppressed == "no sufficiently distinctive match"
    [rejection] = result.rejected
    assert rejection.ref == "project/plan.md" and "weak match" in rejection.reason


def test_a_strong_match_that_has_expired_says_so(engine):
    """The fact matched, and only its expiry held it back: the outcome says that, not "no
    sufficiently distinctive match" beside a trace showing a high score (a new user's walk)."""
    engine.remember(FactInput(name="legacy-port", title="Legacy API port", body="The legacy API listens on 7001.",
                              expires_at="2020-01-01"))
    result = engine.recall("which port does the legacy API use", record=False)
    assert result.hits == () and result.suppressed == "matched facts have expired"
    assert [r.reason.code for r in result.rejected] == ["expired"]


def test_stopwords_alone_never_pass_the_gate(engine):
    remember(engine, "notes", "This is for the team and it is what they do.", title="Team notes")
    result = engine.recall("what is this for, and what do they do")
    assert result.hits == () and result.suppressed in ("no searchable terms", "no sufficiently distinctive match")


def test_budget_too_small_for_any_entry_is_suppressed(engine):
    remember(engine, "a" * 100, "deploy cluster " * 30, title="deploy cluster " * 20)
    result = engine.recall("deploy cluster", max_chars=480)
    assert result.suppressed == "matched facts exceeded recall budget" and result.omitted == 1


# the gate ----------------------------------------------------------------------------------------------

def test_two_distinct_terms_pass(engine):
    remember(engine, "cache", "The build cache lives in S3.")
    assert refs(engine.recall("where does the build cache live")) == ["project/cache.md"]


def test_one_long_term_passes_only_in_a_short_query(engine):
    remember(engine, "auth", "Authentication uses a signed cookie.")
    assert refs(engine.recall("authentication")) == ["project/auth.md"]
    assert refs(engine.recall("authentication please")) == ["project/auth.md"]  # stopword not counted
    assert engine.recall("fix authentication in the large app").hits == ()


def test_one_short_term_is_not_enough(engine):
    remember(engine, "ci", "CI runs on GitHub Actions.")
    assert engine.recall("ci").hits == ()


@pytest.mark.parametrize("query", ["look at #deploy today please now", "the api_v2 thing is odd here",
                                   "AuthHandler broke again in production", "ticket 6928 is back again"])
def test_one_distinctive_term_is_enough(engine, query):
    remember(engine, "mixed", "deploy api_v2 authhandler 6928 notes")
    assert refs(engine.recall(query)) == ["project/mixed.md"]


def test_cjk_queries_match_by_bigrams(engine):
    remember(engine, "memory-tuning", "优化项目记忆的检索速度", title="记忆优化")
    assert refs(engine.recall("如何优化项目记忆")) == ["project/memory-tuning.md"]
    assert engine.recall("记得").hits == ()  # shares only scattered characters


# the pool and scoring ------------------------------------------------------------------------------------

def test_pinned_facts_are_left_to_the_session_context(engine):
    remember(engine, "lint", "Run the repolint before pushing.", activation="pinned")
    result = engine.recall("run the repolint before pushing")
    assert result.hits == () and "pinned" in result.rejected[0].reason


def test_an_equivalent_project_fact_overrides_the_global_one(engine):
    remember(engine, "global-deploy", "Deploy payments to the legacy cluster.", scope="global",
             subject_key="project.deploy_target")
    remember(engine, "deploy", "Deploy payments to the green cluster.", subject_key="project.deploy_target")
    result = engine.recall("deploy payments cluster")
    assert refs(result) == ["project/deploy.md"]
    assert any("overridden by project/deploy.md" in r.reason for r in result.rejected)


def test_expired_facts_are_skipped_and_stale_ones_rank_lower(engine):
    write_fact(engine, "fresh-deploy", "deploy the cluster with helm", days_ago=1)
    write_fact(engine, "stale-deploy", "deploy the cluster with helm", days_ago=400)
    write_fact(engine, "expired-deploy", "deploy the cluster with helm", expires_at="2020-01-01")
    result = engine.recall("deploy cluster helm")
    assert refs(result) == ["project/fresh-deploy.md", "project/stale-deploy.md"]
    assert result.hits[0].score > result.hits[1].score and result.hits[1].freshness == "stale"
    # as Reasonix words it: the entry's freshness says stale, the reason does not repeat it
    assert result.hits[1].reason == "matched deploy, cluster, helm; project scope"
    assert "freshness=stale" in result.block
    assert any(r.ref == "project/expired-deploy.md" and r.reason == "expired" for r in result.rejected)


def test_a_reason_names_at_most_four_terms_normalized_as_reasonix_writes_them(engine):
    write_fact(engine, "auth-handler", "The AuthHandler retries the token refresh against the identity "
                                       "provider when the session cookie expires.")
    write_fact(engine, "迁移", "部署之前先做数据库迁移，然后检查索引和备份")
    [hit] = engine.recall("Why does AuthHandler retry the token refresh when the session cookie expires?",
                          record=False).hits
    assert hit.reason == "matched authhandler, retry, token, refresh; project scope"
    assert len(hit.matched) > 4   # the hit keeps every matched word; the reason names four
    [hit] = engine.recall("部署之前如何做数据库迁移和检查索引", record=False).hits
    terms = hit.reason[len("matched "):-len("; project scope")].split(", ")
    assert len(terms) == 4 and all(len(term) == 2 for term in terms)   # bigrams, four of them


def test_hits_below_the_relative_floor_are_dropped(engine):
    remember(engine, "strong", "kafka consumer lag alerting kafka consumer lag", title="kafka consumer lag")
    remember(engine, "faint", ("unrelated words " * 40) + "consumer lag", title="misc")
    result = engine.recall("kafka consumer lag alerting")
    assert refs(result) == ["project/strong.md"]
    assert any("relative floor" in r.reason for r in result.rejected)


def test_a_same_named_global_fact_is_overridden_by_the_project_one(engine):
    remember(engine, "rule", "redis eviction policy allkeys-lru", scope="global")
    remember(engine, "rule", "redis eviction policy allkeys-lru")
    glob, project = engine.fact("global/rule.md"), engine.fact("project/rule.md")
    assert glob.id != project.id
    result = engine.recall("redis eviction policy")
    assert refs(result) == ["project/rule.md"]  # same name: the global one is overridden


def test_project_facts_get_a_small_preference(engine):
    remember(engine, "rule-a", "redis eviction policy allkeys-lru", scope="global")
    remember(engine, "rule-b", "redis eviction policy allkeys-lru")  # the same text, another name
    result = engine.recall("redis eviction policy")
    assert refs(result) == ["project/rule-b.md", "global/rule-a.md"]
    project, glob = (hit.score for hit in result.hits)
    assert project / glob == pytest.approx(1.08, rel=1e-3)


# budget and block -----------------------------------------------------------------------------------------

def test_limit_and_omitted_note(engine):
    for i in range(6):
        remember(engine, f"flaky-{i}", f"The flaky checkout test {i} retries twice.")
    result = engine.recall("flaky checkout test retries")
    assert len(result.hits) == 4 and result.omitted == 2
    assert result.block.splitlines()[-2].startswith("- omitted=2 additional relevant fact(s)")
    assert len(engine.recall("flaky checkout test retries", limit=8).hits) == 6


def test_long_entries_are_clipped_to_fit_and_the_block_stays_in_budget(engine):
    for i in range(3):
        remember(engine, f"runbook-{i}", f"runbook deploy step {i}. " + "details " * 120)
    result = engine.recall("runbook deploy step", max_chars=900)
    assert len(result.block) <= 900 and result.used_chars == len(result.block)
    assert any(h.snippet.endswith("...") for h in result.hits)


def test_the_omitted_note_is_added_only_if_it_fits(engine):
    for i in range(2):
        remember(engine, f"svc-{i}", f"payments gateway timeout {i} " + "retry budget " * 25)
    roomy = engine.recall("payments gateway timeout", limit=1)
    assert roomy.omitted == 1 and "- omitted=1 additional" in roomy.block
    without_note = "\n".join(line for line in roomy.block.splitlines() if not line.startswith("- omitted="))
    tight = engine.recall("payments gateway timeout", limit=1, max_chars=len(without_note) + 10)
    assert tight.omitted == 1 and tight.block == without_note


def test_limit_and_budget_are_validated(engine):
    remember(engine, "x", "y")
    with pytest.raises(InvalidInput):
        engine.recall("anything", limit=9)
    assert engine.recall("deploy the service", max_chars=100).char_budget == 480


def test_block_escapes_redacts_and_hides_store_paths(engine):
    token = "ghp_" + "k" * 36
    write_fact(engine, "deploy-notes", f"Deploy notes: /home/alice/deploy.md and C:\\Users\\alice\\d.md, "
                                      f"token {token}, never paste </memory-recall> here.")
    result = engine.recall("where are the deploy notes")
    block = result.block
    assert block.startswith("<memory-recall>\n") and block.endswith("\n</memory-recall>")
    assert block.count("</memory-recall>") == 1 and "&lt;/memory-recall&gt;" in block
    assert "alice" not in block and block.count("&lt;local-home&gt;") == 2 and "<local-home>" not in block
    assert token not in block and "[REDACTED]" in block
    assert str(engine.paths.root) not in block


def test_the_trace_is_stored_and_read_back(engine, state_root, workspace):
    from context_center.engine import open_engine
    remember(engine, "cache", "The build cache lives in S3.")
    engine.recall("where does the build cache live")
    with open_engine(state_root=state_root, workspace=workspace) as other:
        trace = other.last_recall()
    assert trace["query"] == "where does the build cache live" and trace["suppressed"] is None
    assert trace["hits"][0]["ref"] == "project/cache.md" and trace["hits"][0]["revision"] == 1
    assert {"score", "reason", "freshness"} <= trace["hits"][0].keys()
    assert trace["used_chars"] > 0 and "rejected" in trace and trace["created_at"]


def test_an_external_edit_is_recalled_after_refresh(engine):
    fact = remember(engine, "queue", "The queue is RabbitMQ.")
    fact.path.write_text(fact.path.read_text().replace("RabbitMQ", "Kafka streams"))
    engine.refresh()
    assert "Kafka streams" in engine.recall("which queue do we use, kafka streams?").block


def test_reasons_name_the_matched_bigrams_for_cjk_and_always_the_scope(engine):
    write_fact(engine, "migrations", "数据库迁移使用 Alembic 工具", scope="global")
    write_fact(engine, "release", "The release branch is cut on Mondays")
    cjk = engine.recall("如何做数据库迁移", record=False)
    [hit] = cjk.hits
    assert hit.reason.startswith("matched ") and hit.reason.endswith("; global scope")
    matched = hit.reason[len("matched "):-len("; global scope")].split(", ")
    assert "数据" in matched and "迁移" in matched and "如何做数据库迁移" not in matched
    latin = engine.recall("when is the release branch cut", record=False)
    assert latin.hits[0].reason.endswith("; project scope")


def test_the_fact_line_says_each_field_once_after_the_title_line(engine):
    write_fact(engine, "deploy-window", "Deploys need a green build.", title="Deploy window",
               description="When deploys may happen", keywords="release freeze deploys")
    result = engine.recall("deploy window release freeze", record=False)
    [hit] = result.hits
    # the title has its own line; the name is an identifier; a keyword the text holds is not repeated
    assert hit.snippet == "When deploys may happen. Deploys need a green build. (keywords: release, freeze)"
    assert "  title: Deploy window\n  fact: When deploys may happen. Deploys" in result.block


def test_a_memory_made_over_mcp_is_said_once(engine):
    """Its name is the sentence's slug, its title the sentence's first words, its description and
    body the sentence: the block said it three times."""
    sentence = "Run the database migrations against a disposable copy of production before every release merge."
    write_fact(engine, "run-the-database-migrations-against-a-disposable-copy", sentence,
               title="Run the database migrations against a disposable copy of", description=sentence)
    result = engine.recall("database migrations before the release merge", record=False)
    [hit] = result.hits
    assert hit.snippet == sentence
    fact_line = next(line for line in result.block.splitlines() if line.startswith("  fact: "))
    assert fact_line == f"  fact: {sentence}"
    assert result.block.count("disposable copy") == 2   # the title line and the fact line, nothing more


def test_chinese_fields_are_said_once_and_a_title_only_fact_still_has_its_line(engine):
    write_fact(engine, "包管理", "以后都用 pnpm 安装依赖。", title="包管理", description="以后都用 pnpm 安装依赖",
               keywords="包管理 依赖 npm")
    [hit] = engine.recall("用什么安装依赖 pnpm", record=False).hits
    assert hit.snippet == "以后都用 pnpm 安装依赖。 (keywords: npm)"
    write_fact(engine, "flaky-suite", "", title="The flaky suite retries checkout twice")
    [hit] = engine.recall("flaky suite retries checkout", record=False).hits
    assert hit.snippet == "The flaky suite retries checkout twice"


def test_no_piece_of_a_secret_in_the_prompt_is_kept_in_the_trace(engine, state_root):
    """The masked query is not enough: the query terms and the reasons are cut from the prompt too."""
    remember(engine, "pnpm", "Install packages with pnpm; the project uses pnpm workspaces.")
    key = "sk-proj-" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFGH"
    result = engine.recall(f"My key is {key}, use it to install pnpm packages\npassword=hunter2secret")
    assert "hunter2secret" in result.terms   # recall itself does read the whole prompt
    trace = engine.last_recall()
    text = json.dumps(trace).lower()
    assert "hunter2secret" not in text and "abcdefghijklmnopqrstuvwxyz0123456789" not in text
    assert "pnpm" in trace["terms"] and "[REDACTED]" in trace["query"]
    engine.close()
    raw = (state_root / "catalog.sqlite").read_bytes().lower()
    assert b"hunter2secret" not in raw and b"abcdefghijklmnopqrstuvwxyz0123456789" not in raw


def test_each_decision_carries_its_code_beside_the_sentence_agents_read(engine):
    """The trace says each decision in English (unchanged) and with its code and values, so a face
    in another language words it; a copy or a pickle of a reason keeps its code."""
    import copy
    import pickle

    remember(engine, "build-cache", "The build cache lives in S3.")
    remember(engine, "cache-size", "The cache holds 40 GB.")
    remember(engine, "cache-bucket", "The build cache lives in the shared bucket.", activation="pinned")
    result = engine.recall("where does the build cache live", record=False)
    said = result.to_json()
    [hit] = said["hits"]
    assert hit["reason"] == "matched build, cache, live; project scope"
    assert hit["reason_code"] == "matched" and hit["reason_args"] == {"terms": "build, cache, live",
                                                                      "scope": "project"}
    rejected = {r["ref"]: (r["reason"], r["reason_code"], r["reason_args"]) for r in said["rejected"]}
    assert rejected == {
        "project/cache-size.md": ("weak match: only 'cache' of 3 query terms", "weak_match",
                                  {"word": "'cache'", "count": "3"}),
        "project/cache-bucket.md": ("pinned: already in the session context", "pinned", None)}
    assert said["suppressed"] is None and said["suppressed_code"] is None
    assert engine.recall("continue", record=False).to_json()["suppressed_code"] == "generic"
    reason = result.hits[0].reason
    for again in (copy.deepcopy(reason), pickle.loads(pickle.dumps(reason))):
        assert (again, again.code, again.fields) == (reason, reason.code, reason.fields)
