"""A conflict is caught whether or not it says "not": facts read as claims (a subject, the thing it
belongs to, a value), in a real store through the review, and named beside each other in recall."""
from __future__ import annotations

import pytest

from context_center.engine import FactInput, MemoryReview
from context_center.engine.text.claims import claims_of, conflicts, entity_of, left_behind, literals_differ, ports_in
from context_center.engine.text.values import values_of

WALK_PAIRS = [   # what a new user tried: each found nothing before
    ("Always use pnpm, never npm, in this repository.", "Use npm to install dependencies.",
     "how do I install dependencies"),
    ("We deploy to production on Tuesdays only, never on Fridays.", "We deploy to production on Fridays.",
     "when do we deploy to production"),
    ("The project targets Node 20 LTS.", "The project targets Node 18.", "which node version does the project target"),
]


@pytest.mark.parametrize("first, second, _question", WALK_PAIRS)
def test_the_walks_pairs_conflict_as_claims(first: str, second: str, _question: str):
    assert conflicts(claims_of(first), claims_of(second))


@pytest.mark.parametrize("first, second", [
    ("The API's metrics endpoint is on port 9090.", "The API listens on port 8080."),   # its metrics port
    ("网关服务端口是 8080。", "网关的管理端口是 8081。"),                          # its admin port
    ("The API port is 8080.", "The database port is 5432."),                 # another thing
    ("The frontend uses pnpm.", "The docs site uses npm."),
    ("Database backups run nightly at 2am.", "Database vacuum runs nightly at 2am."),
    ("We moved from npm to pnpm.", "We use pnpm for every package."),       # the same value now
    ("Node 20 is what CI runs.", "The project targets Node 20 LTS."),
    ("ledger-api listens on port 7000.", "ledger-api 的 Prometheus metrics 暴露在 9464 端口。"),   # another port of it
    ("ledger-api listens on port 7000.", "billing-worker listens on port 7001."),
    ("ledger-api 监听 7000 端口。", "监听 7001 端口。"),                          # a port of nothing named
    ("Feature branches are squash-merged into main.", "Release branches are merged back with a merge commit."),
    ("Squash merge is the only merge method.", "Merge commits and rebase merges are disabled in the repo."),
    ("Protobuf message names use PascalCase.", "Protobuf field names use snake_case."),        # two kinds of name
    ("Go 源文件名使用 snake_case。", "protobuf 消息名使用 PascalCase，例如 MatchResult。"),
    ("protobuf 字段名使用 snake_case。", "protobuf 消息名使用 PascalCase。"),
    ("protobuf 消息名使用 PascalCase。", "proto 消息里的字段统一用 camelCase 命名。"),            # the fields' style
])
def test_facts_about_other_things_or_the_same_value_do_not_conflict(first: str, second: str):
    assert not conflicts(claims_of(first), claims_of(second))


@pytest.mark.parametrize("first, second", [
    ("We moved from npm to pnpm last year.", "Install dependencies with npm."),
    ("项目使用 pnpm 管理依赖。", "用 npm 安装依赖。"),
    ("每周二部署到生产环境。", "我们周五部署。"),
    ("The API listens on port 8080.", "The API listens on port 9090."),
    ("CI runs on GitHub Actions.", "Our CI is Jenkins."),
    ("Indent with 2 spaces.", "Indent with tabs."),
    ("ledger-api listens on port 7000.", "ledger-api 默认监听 7001 端口。"),        # named by a name as code
    ("查询服务 trace-api 监听 9090 端口。", "trace-api 在 9091 端口上对外提供查询服务。"),   # named mid-clause
    ("The forge listens for SSH on port 2222.", "SSH for the forge is on port 22."),   # its SSH port, both
    ("后端 Rust 版本锁定在 1.75。", "后端服务用 Rust 1.79。"),
    ("The Ruby version is pinned to 3.2.", "We run Ruby 3.3."),
    ("PRs into main are squash-merged.", "Use rebase-and-merge for PRs into main."),          # merge methods
    ("We squash-merge into main.", "Always rebase-merge so individual commits are preserved on main."),
    ("protobuf 字段名使用 snake_case。", "proto 消息里的字段统一用 camelCase 命名。"),       # fields, both
    ("The API uses camelCase.", "API field names use snake_case."),                 # one names the kind of name
    ("官网 web 端的依赖用 yarn 安装。", "官网前端统一用 pnpm 装依赖。"),                 # web 端 is the frontend
])
def test_a_replacement_a_chinese_note_and_a_literal_conflict(first: str, second: str):
    assert conflicts(claims_of(first), claims_of(second))


@pytest.mark.parametrize("first, second", [
    ("Database backups run nightly at 2am.", "Database vacuum runs nightly at 2am."),
    ("The API listens on port 8080.", "The API listens on port 9090."),
    ("Backups run at 2am.", "Backups run at 3am."),
])
def test_differing_literals_are_never_one_fact_said_twice(first: str, second: str):
    assert literals_differ(claims_of(first), claims_of(second))


def test_the_same_literal_in_other_words_may_be_a_repeat():
    assert not literals_differ(claims_of("Backups run nightly at 2am."), claims_of("Nightly backups happen at 02:00."))
    assert not conflicts(claims_of("生产环境每周三晚上 20:00 发版。"), claims_of("每周三晚 8 点是线上的固定上线时间。"))


def _store(engine, *bodies: str) -> list:
    return [engine.remember(FactInput(name=f"fact-{n}", title=f"Note {n}", body=body)).fact
            for n, body in enumerate(bodies)]


@pytest.mark.parametrize("first, second, question", WALK_PAIRS)
def test_the_review_proposes_each_walk_pair_and_recall_names_the_other_side(engine, first, second, question):
    facts = _store(engine, first, second, "The staging cluster is in eu-west-1.", "Lint with ruff before commits.")
    items = [item for item in MemoryReview(engine).items() if item.kind == "contradiction"]
    assert [sorted(f.ref for f in item.facts) for item in items] == [sorted([facts[0].ref, facts[1].ref])]
    said = items[0].evidence["claims"]   # what each says of the subject they share, in the reason too
    assert said and all("; ".join(said[fact.ref]) in items[0].reason for fact in items[0].facts)
    assert "give one thing two values" in items[0].reason
    result = engine.recall(question, record=False)
    assert result.hits, result.suppressed
    for hit in result.hits:
        other = facts[1] if hit.fact.id == facts[0].id else facts[0]
        assert [ref for ref, _ in hit.conflicts_with] == [other.ref]
        assert hit.to_json()["conflicts_with"][0]["ref"] == other.ref
        assert f"conflicts with {other.ref}: " in (result.block or "")


def test_a_service_named_as_code_given_two_ports_in_two_languages_is_found_and_named_in_recall(engine):
    """"ledger-api listens on port 7000" / "ledger-api 默认监听 7001 端口": the service is the name
    opening the clause; its metrics port (another port of it) is not a conflict."""
    facts = _store(engine, "ledger-api listens on port 7000.", "ledger-api 默认监听 7001 端口。",
                   "ledger-api 的 Prometheus metrics 暴露在 9464 端口。", "The staging cluster is in eu-west-1.")
    items = [item for item in MemoryReview(engine).items() if item.kind == "contradiction"]
    assert [sorted(f.ref for f in item.facts) for item in items] == [sorted([facts[0].ref, facts[1].ref])]
    [hit] = [hit for hit in engine.recall("which port does ledger-api listen on", record=False).hits
             if hit.fact.id == facts[0].id]
    assert [ref for ref, _ in hit.conflicts_with] == [facts[1].ref]


def test_backups_and_vacuum_are_not_proposed_as_a_duplicate_nor_named_in_recall(engine):
    _store(engine, "Database backups run nightly at 2am.", "Database vacuum runs nightly at 2am.",
           "The API listens on port 8080.", "The API listens on port 9090 in staging.")
    kinds = {item.kind for item in MemoryReview(engine).items()}
    assert "duplicate" not in kinds
    result = engine.recall("when do database backups run", record=False)
    assert result.hits and all(not hit.conflicts_with for hit in result.hits)


def test_a_project_fact_overriding_a_global_one_is_an_override_not_a_contradiction(engine):
    """A project fact on the global fact's subject is the override the user set up: recall names no
    conflict beside it (the agent got the text the user chose to override), and the review offers
    the override's item alone (its contradiction item kept the newer fact by default: the global
    one, when it was edited last)."""
    engine.remember(FactInput(name="deploy-day", title="Deploy day", body="We deploy on Fridays.",
                              subject_key="project.deploy_day", scope="project"))
    engine.remember(FactInput(name="deploy-day-global", title="Deploy day", body="We deploy on Tuesdays.",
                              subject_key="project.deploy_day", scope="global"))
    result = engine.recall("when do we deploy", record=False)
    assert [hit.fact.scope for hit in result.hits] == ["project"]
    assert result.hits[0].conflicts_with == ()
    kinds = sorted(item.kind for item in MemoryReview(engine).items())
    assert kinds == ["override"]


def test_an_override_by_title_alone_is_an_override_whose_default_keeps_the_nearer_fact(engine):
    """With no subject key, the same title is an override too (recall gives agents the project
    fact alone): the review says so, naming what they share, and never offers a contradiction
    whose default forgets the project fact because the global one was edited last."""
    engine.remember(FactInput(name="deploy-day", title="Deploy day", body="We deploy on Fridays.", scope="project"))
    engine.remember(FactInput(name="when-we-ship", title="Deploy day", body="We deploy on Tuesdays.",
                              scope="global"))
    engine.edit("when-we-ship", FactInput(body="We deploy on Tuesdays only."), "global")
    [item] = MemoryReview(engine).items()
    assert item.kind == "override" and [f.ref for f in item.facts] == ["project/deploy-day.md",
                                                                       "global/when-we-ship.md"]
    assert "(the same title, Deploy day)" in item.reason and item.evidence == {"shared_title": "Deploy day"}
    assert [step.fact.ref for step in item.steps] == ["global/when-we-ship.md"]


def test_a_dismissed_contradiction_is_no_longer_named_in_recall_until_a_fact_changes(engine):
    first, second, question = WALK_PAIRS[0]
    facts = _store(engine, first, second)
    review = MemoryReview(engine)
    [item] = [item for item in review.items() if item.kind == "contradiction"]
    review.dismiss(item.id)   # "both are right"
    result = engine.recall(question, record=False)
    assert result.hits and all(not hit.conflicts_with for hit in result.hits)
    assert "conflicts with" not in (result.block or "")

    review.undismiss(item.id)   # proposed again: named again
    assert all(hit.conflicts_with for hit in engine.recall(question, record=False).hits)

    review.dismiss(item.id)
    engine.edit(facts[1].ref, FactInput(body="Use npm to install dependencies in the legacy folder."),
                )   # a change unsettles it
    named = [hit for hit in engine.recall(question, record=False).hits if hit.conflicts_with]
    assert named, "an edited fact's dispute is named again"


@pytest.mark.parametrize("text, key", [
    ("Always use pnpm, never npm, in this repository.", "project.package_manager"),
    ("项目使用 pnpm 管理依赖。", "project.package_manager"),
    ("We deploy to production on Tuesdays only, never on Fridays.", "project.deploy_day"),
    ("We deploy on Fridays.", "project.deploy_day"),
    ("The project targets Node 20 LTS.", "project.node_version"),
    ("The API listens on port 8080.", "api.port"),
    ("The docs site uses npm.", "docs_site.package_manager"),
    ("We use pnpm and Node 20.", None),          # two subjects: no guess
    ("Backups run nightly at 2am.", None),       # a time belongs to an event, read loosely
    ("Keep public APIs backward compatible.", None),
])
def test_a_subject_key_is_proposed_only_for_one_subject_of_one_thing(text: str, key: str | None):
    from context_center.engine.text.claims import proposed_subject_key
    assert proposed_subject_key(text) == key


def test_a_merge_is_proposed_only_when_sure_and_a_pair_merely_alike_is_related_with_nothing_to_apply(engine):
    from context_center.engine import InvalidInput
    for name, body in (("deploy-day", "Deploys go out on Tuesdays after the smoke tests pass."),
                       ("deploy-days", "Deploys go out on Tuesdays once the smoke tests pass. Roll back by image."),
                       ("release", "Run the release checklist before tagging a version."),
                       ("staging", "The staging cluster is in eu-west-1.")):
        engine.remember(FactInput(name=name, title=name.replace("-", " "), body=body))
    review = MemoryReview(engine)
    [duplicate] = [item for item in review.items() if item.kind == "duplicate"]
    assert {f.name for f in duplicate.facts} == {"deploy-day", "deploy-days"}
    engine.edit("deploy-day", FactInput(body="Deploys go out on Tuesdays once the smoke tests pass. Not Fridays."))
    [related] = [item for item in review.items() if item.kind in ("duplicate", "related")]
    assert related.kind == "related" and related.action == "advice" and not related.steps
    assert "have a look" in related.reason and related.evidence["similarity"] < 0.85
    with pytest.raises(InvalidInput, match="is advice, not a change"):   # no merge archives a fact on a guess
        review.apply(related.id)


def test_a_merge_names_the_values_both_give_however_each_writes_them(engine):
    """A repeat found by its values says which: "duration: 14 days" for 保留两周 / 保留 14 天, as a
    contradiction names what each gives; a merge found by words alone names none."""
    for name, body in (("order-logs", "订单日志保留两周。"), ("order-logs-too", "订单日志保留 14 天。"),
                       ("timeout", "The request timeout for the payments API is 5 seconds."),
                       ("timeout-ms", "Payments API requests time out after 5000ms."),
                       ("pm", "Always use pnpm in this repository."),
                       ("pm-again", "This repository uses pnpm for installing packages, always."),
                       ("deploy-day", "Deploys go out after the smoke tests pass."),
                       ("deploy-days", "Deploys go out once the smoke tests pass. Roll back by image.")):
        engine.remember(FactInput(name=name, title="", body=body))
    merges = {frozenset(f.name for f in item.facts): item for item in MemoryReview(engine).items()
              if item.kind == "duplicate"}
    assert merges[frozenset({"order-logs", "order-logs-too"})].evidence["shared"] == ["duration: 14 days"]
    assert merges[frozenset({"timeout", "timeout-ms"})].evidence["shared"] == ["duration: 5 s"]
    pnpm = merges[frozenset({"pm", "pm-again"})]
    assert pnpm.evidence["shared"] == ["package-manager: pnpm"] and "(both give package-manager: pnpm; " in pnpm.reason
    plain = merges[frozenset({"deploy-day", "deploy-days"})]
    assert "shared" not in plain.evidence and "both give" not in plain.reason


def test_two_limits_counted_per_other_things_are_related_and_say_what_each_counts_per(engine):
    """Shown for a look, never merged, with the evidence of why they are two: per IP, per API key."""
    for name, body in (("checkout-ip-limit", "Checkout allows 100 requests per minute per IP."),
                       ("checkout-key-limit", "Checkout allows 100 requests per minute per API key."),
                       ("deploys", "Deploys go out on Tuesdays.")):
        engine.remember(FactInput(name=name, title=name.replace("-", " "), body=body))
    [related] = [item for item in MemoryReview(engine).items() if item.kind in ("duplicate", "related")]
    assert related.kind == "related" and related.action == "advice"
    assert related.evidence["counted_per"] == {"project/checkout-ip-limit.md": ["ip"],
                                               "project/checkout-key-limit.md": ["key"]}


def test_the_same_title_is_no_repeat_when_the_literals_differ(engine):
    for name, body in (("backups", "Database backups run nightly at 2am."),
                       ("vacuum", "Database vacuum runs nightly at 2am.")):
        engine.remember(FactInput(name=name, title="Nightly job", body=body))
    assert not [item for item in MemoryReview(engine).items() if item.kind in ("duplicate", "related")]


def test_the_other_side_is_named_by_the_sentence_that_disputes(engine):
    engine.remember(FactInput(name="cache-1", title="Deploy cache", body="The deploy cache is warmed on every "
                              "release, after the migrations and the smoke tests. It listens on port 6379."))
    engine.remember(FactInput(name="cache-2", title="Deploy cache", body="The deploy cache is warmed on every "
                              "release, after the migrations and the smoke tests. It listens on port 6380."))
    for hit in engine.recall("which port does the deploy cache listen on", record=False).hits:
        [(ref, said)] = hit.conflicts_with
        assert said == ("It listens on port 6380." if hit.fact.name == "cache-1" else "It listens on port 6379.")


def test_a_claim_on_common_words_does_not_hide_the_facts_other_disputes(engine, monkeypatch):
    """"timeout" in more facts than a claim gathers: the port of the same fact is still looked into
    (the hook bench's dispute went unnamed at 10,000 facts)."""
    from context_center.engine.recall import disputes
    monkeypatch.setattr(disputes, "MAX_CANDIDATES", 20)
    for n in range(25):
        engine.remember(FactInput(name=f"note-{n}", title=f"Deploy note {n}",
                                  body=f"The deploy timeout on branch {n} is raised after the migration."))
    for n, port in ((1, 6379), (2, 6380)):
        engine.remember(FactInput(name=f"cache-port-{n}", title="Deploy cache timeout after the migration",
                                  body=f"The deploy cache timeout after the migration: the deploy cache listens "
                                       f"on port {port}."))
    hits = engine.recall("why does the deploy cache timeout after the migration", record=False).hits
    named = {hit.fact.name: [ref for ref, _ in hit.conflicts_with] for hit in hits if hit.fact.name.startswith("cache")}
    assert named == {"cache-port-1": ["project/cache-port-2.md"], "cache-port-2": ["project/cache-port-1.md"]}


def test_a_subject_in_many_facts_is_narrowed_to_the_thing_it_belongs_to(engine, monkeypatch):
    """"port" in more facts than a claim gathers: the facts on the Redis cache, however they write it,
    are still read."""
    from context_center.engine.recall import disputes
    monkeypatch.setattr(disputes, "MAX_CANDIDATES", 20)
    for n in range(25):
        engine.remember(FactInput(name=f"port-{n}", title=f"Service {n}",
                                  body=f"Service {n} listens on port {9000 + n}."))
    db_port = engine.remember(FactInput(name="db-port", title="DB port", body="The db listens on port 5432.")).fact
    moved = engine.remember(FactInput(name="db-port-moved", title="数据库端口", body="数据库的端口是 5433。")).fact
    [hit] = [hit for hit in engine.recall("which port does the db listen on", record=False).hits
             if hit.fact.id == db_port.id]
    assert [ref for ref, _ in hit.conflicts_with] == [moved.ref]


@pytest.mark.parametrize("first, second, disputed", [
    ("Run tests with `pnpm test`.", "Run tests with `make test`.", True),
    ("Run unit tests with `pnpm test`.", "Run e2e tests with `pnpm e2e`.", False),        # two kinds of tests
    ("The staging DB is at db-staging.internal.", "The staging DB is at staging-db.internal.", True),
    ("The staging DB is at db-staging.internal.", "The production DB is at db.internal.", False),
    ("The upload timeout is 30 seconds.", "The upload timeout is 60s.", True),
    ("The upload timeout is 30 seconds.", "The upload timeout is 30s.", False),             # one value, two spellings
    ("PRs target develop.", "Open pull requests against main.", True),
    ("Hotfix branches start from main.", "Feature branches start from develop.", False),   # two kinds of branch
    ("Hotfix branches are cut from the latest release tag.", "Hotfixes branch off main.", True),   # a tag as base
    ("hotfix 分支从 develop 切。", "hotfix 从最近一个 release tag 拉分支。", True),                   # in Chinese
    ("Hotfixes branch off the newest release tag, not main.",
     "Create hotfix branches from the most recent release tag rather than from main.", False),   # what is not
    ("Release branches are cut from main.", "Hotfix branches are cut from the latest release tag.", False),
    ("The billing API server listens on port 7100.", "The billing API binds to port 7200.", True),   # its server
])
def test_commands_addresses_limits_and_branches_are_claims(first: str, second: str, disputed: bool):
    assert bool(conflicts(claims_of(first), claims_of(second))) is disputed


@pytest.mark.parametrize("first, second", [
    ("Cache TTL is 5 min.", "Cached entries expire after 300 seconds."),
    ("上传文件大小上限 20MB。", "单个上传文件最大 20 兆。"),
    ("Keep 1,000 rows per page.", "Pages hold 1000 rows."),
    ("Coverage must stay above 80%.", "覆盖率不能低于 80 percent。"),
])
def test_an_amount_is_read_in_one_unit(first: str, second: str):
    from context_center.engine.text.claims import amounts_of
    assert amounts_of(first) == amounts_of(second) != frozenset()


def test_clock_times_versions_and_names_holding_digits_are_no_amounts():
    from context_center.engine.text.claims import amounts_of
    assert amounts_of("Deploy to us-east-1 at 2am or 14:30 with v9 of /api/v2, Node 20.11.1, e2e and k8s.") == \
        frozenset()


@pytest.mark.parametrize("first,second", [
    ("The runtime is Node.js 20 (the LTS line).", "The project targets Node 18."),
    ("小程序后端的运行时是 Node.js 18。", "小程序后端用 Node 20。"),
    ("The web package uses Next.js 14.", "The web package uses Next.js 13."),
])
def test_a_name_written_with_a_dot_is_read_as_the_name(first: str, second: str):
    """"Node.js 20" is a claim on Node's version even in a note whose other words claim nothing (a
    dotted name was not counted as a word that may start a claim)."""
    assert conflicts(claims_of(first), claims_of(second))


@pytest.mark.parametrize("first,second", [
    ("The backend is on Python version 3.9.", "The backend runs Python 3.11."),
    ("MySQL 版本是 5.7。", "我们用的是 MySQL 8.0。"),
    ("每周二发版。", "每周四发版。"),
    ("We target Java 17.", "All services are compiled for Java 21."),
    ("Redis runs on port 6379 in dev.", "In dev, Redis is exposed on port 6380."),
])
def test_a_version_named_as_such_a_release_day_and_the_same_thing_said_loosely_conflict(first: str, second: str):
    """"version 3.9", "版本是 5.7" give a version; 发版 is a release; "all services" name no one
    service, and "exposed" (a participle before "port") names no thing."""
    assert conflicts(claims_of(first), claims_of(second))


@pytest.mark.parametrize("first,second", [
    ("Database primary keys are UUIDv7.", "Database primary keys are auto-increment bigints."),
    ("主键用自增 ID。", "主键统一用 UUID。"),
    ("We do trunk-based development: short-lived branches, merged to main daily.",
     "We follow GitFlow, with long-lived develop and release branches."),
    ("Modules use named exports only.", "Each module has a single default export."),
    ("Indent Python with tabs.", "Indent Python with four spaces."),
    ("YAML files use 2-space indentation.", "Indent YAML files with four spaces."),
    ("JS 字符串用单引号。", "JS 字符串统一双引号。"),   # (a Chinese name is found with no space before it)
])
def test_a_few_choices_a_team_makes_once_are_read_as_one_subject(first: str, second: str):
    assert conflicts(claims_of(first), claims_of(second))


@pytest.mark.parametrize("first,second", [
    ("Primary keys are UUIDv7.", "Request ids are UUIDv4."),          # no primary key on one side
    ("Indent with four spaces.", "Indent YAML with 4 spaces."),       # one value, written two ways
    ("We use trunk-based development.", "Trunk-based development keeps branches short."),
])
def test_those_choices_do_not_conflict_when_they_agree_or_speak_of_another_thing(first: str, second: str):
    assert not conflicts(claims_of(first), claims_of(second))


def test_omit_negates_what_follows():
    from context_center.engine.text.reading import Weights, read
    from context_center.engine.text.similarity import judge

    texts = ("Always use trailing commas.", "Omit trailing commas.")
    assert judge(*texts, Weights(read(t) for t in texts)) == "contradiction"


def test_two_unnamed_ports_of_one_server_in_chinese_are_not_said_to_conflict():
    """A port written before 端口 has no name of its thing beside it ("metrics 暴露在 9464 端口"):
    read as the project's port, it contradicted the server's own; it is not read."""
    assert not conflicts(claims_of("orbit-server listens on port 7070 by default."),
                         claims_of("orbit-server 的 Prometheus metrics 暴露在 9464 端口。"))


@pytest.mark.parametrize("first, second, conflict", [
    ("云杉订单服务在容器内监听 7080 端口。", "云杉订单服务的 HTTP 端口是 8080。", True),
    ("订单服务端口是 8081。", "订单服务监听 9001 端口。", True),
    ("青鸾网关在生产环境监听 8081 端口。", "生产上的青鸾网关端口是 8080。", True),
    ("订单服务监听 9000 端口。", "用户服务监听 9001 端口。", False),                   # two services
    ("计价服务 gRPC 端口 50052。", "调度引擎 gRPC 端口 50051。", False),
    ("fleet-api 监听 8080 端口。", "fleet-api 的服务端口是 9090。", True),           # 的服务端口: its port
])
def test_a_service_named_in_chinese_owns_the_port_its_clause_gives(first: str, second: str, conflict: bool):
    """A port is the port of the service the clause names in Chinese (云杉订单服务, 青鸾网关: the words
    before 服务 or 网关, after any 的), so one service given two ports conflicts and two do not."""
    assert bool(conflicts(claims_of(first), claims_of(second))) is conflict


def test_upper_camel_case_is_pascal_case_and_lower_camel_case_camel_case():
    assert not conflicts(claims_of("Kotlin 的类名统一用大驼峰。"), claims_of("Kotlin 类名使用 PascalCase。"))
    assert conflicts(claims_of("Kotlin 的类名统一用大驼峰。"), claims_of("Kotlin 的类名统一用小驼峰。"))
    assert conflicts(claims_of("Java classes are named in upper camel case."),
                     claims_of("Java classes are named in camelCase."))


def test_a_file_named_after_a_style_is_no_claim_on_it():
    assert claims_of("says the same as project/tabs.md") == frozenset()
    assert claims_of("Indent with tabs.") != frozenset()


def test_two_amounts_differ_only_when_each_gives_one_the_other_does_not():
    from context_center.engine.text.claims import amounts_differ
    assert amounts_differ(frozenset({"100"}), frozenset({"500"}))
    assert not amounts_differ(frozenset({"50"}), frozenset({"50", "2"}))   # a detail added
    assert not amounts_differ(frozenset(), frozenset({"500"}))


def test_recall_names_the_fact_that_says_a_name_was_left_behind(engine):
    """"Deployed on Heroku" recalled beside "migrated from Heroku to Fly.io": named, in its own
    words (Fly.io whole); a fact that only mentions Heroku is not."""
    hosting = engine.remember(FactInput(name="hosting", title="Hosting", body="The app is deployed on Heroku.")).fact
    moved = engine.remember(FactInput(name="moved", title="Moved to Fly",
                                      body="We migrated the app from Heroku to Fly.io last spring.")).fact
    engine.remember(FactInput(name="creds", title="Credentials", body="Heroku credentials are in 1Password."))
    result = engine.recall("where is the app deployed", record=False)
    [hit] = [hit for hit in result.hits if hit.fact.id == hosting.id]
    assert hit.conflicts_with == ((moved.ref, "We migrated the app from Heroku to Fly.io last spring."),)
    result = engine.recall("where are the heroku credentials", record=False)
    assert all(not hit.conflicts_with for hit in result.hits if hit.fact.name == "creds")


def test_recall_reads_only_the_notes_whose_left_behind_name_the_hit_still_says(engine, monkeypatch):
    """Conversation says "went from … to …" all day: recall read every such note sharing a rare word
    with a hit (150 ms a recall at 10,000 LoCoMo facts). Only a note that left behind a name the hit
    still says is read in full; the dispute is still named."""
    from context_center.engine.recall import disputes

    hosting = engine.remember(FactInput(name="hosting", title="Hosting", body="The app is deployed on Heroku.")).fact
    moved = engine.remember(FactInput(name="moved", title="Moved to Fly",
                                      body="We migrated the app from Heroku to Fly.io last spring.")).fact
    for n in range(30):   # chatter sharing the app's rare words (few notes hold them), leaving another name
        engine.remember(FactInput(name=f"trip-{n}", title=f"Trip {n}",
                                  body=f"The app team went from Lisbon to Porto{n} by train, deployed on time."))
    reads: list[str] = []
    original = disputes.read
    monkeypatch.setattr(disputes, "read", lambda text: reads.append(text) or original(text))
    result = engine.recall("where is the app deployed heroku", record=False)
    [hit] = [hit for hit in result.hits if hit.fact.id == hosting.id]
    assert [ref for ref, _ in hit.conflicts_with] == [moved.ref]
    assert not any("Lisbon" in text for text in reads), len(reads)


def test_recall_names_what_the_review_found_while_both_facts_stand_as_they_stood(engine):
    """A contradiction only the review's weights see (one note negating what the other asserts) is
    named by recall once the review has found it, and no longer once either fact changes."""
    mock = engine.remember(FactInput(name="mock-db", title="Mocking the database",
                                     body="Mock the database in unit tests.")).fact
    real = engine.remember(FactInput(name="real-db", title="Real database in tests",
                                     body="Do not mock the database in unit tests; use the Postgres test container.")
                           ).fact
    for n, body in enumerate(("Unit tests run with pytest.", "The staging database is refreshed nightly.",
                              "Integration tests use fixtures from tests/data.")):
        engine.remember(FactInput(name=f"other-{n}", title=f"Other {n}", body=body))
    question = "should unit tests mock the database"

    def named() -> dict[str, list[str]]:
        return {hit.fact.name: [ref for ref, _ in hit.conflicts_with]
                for hit in engine.recall(question, record=False).hits if hit.fact.name in ("mock-db", "real-db")}

    assert named() == {"mock-db": [], "real-db": []}   # (no claim: recall alone does not see it)
    [item] = [item for item in MemoryReview(engine).items() if item.kind == "contradiction"]
    assert {f.id for f in item.facts} == {mock.id, real.id}
    assert named() == {"mock-db": [real.ref], "real-db": [mock.ref]}
    engine.edit("mock-db", FactInput(body="Mock the database in unit tests, except in the repository layer."))
    assert named() == {"mock-db": [], "real-db": []}   # changed since: until the review runs again


def test_the_fact_that_says_a_name_was_left_behind_is_the_one_kept(engine):
    """Even when the fact still saying Heroku was written after it: the proposal keeps the one that
    says the app moved, and names what it left behind."""
    moved = engine.remember(FactInput(name="moved", title="Moved to Fly",
                                      body="We migrated the app from Heroku to Fly.io last spring.")).fact
    hosting = engine.remember(FactInput(name="hosting", title="Hosting", body="The app is deployed on Heroku.")).fact
    [item] = [item for item in MemoryReview(engine).items() if item.kind == "contradiction"]
    assert [f.id for f in item.facts] == [moved.id, hosting.id]
    assert [(step.op, step.fact.id if step.fact else None) for step in item.steps] == [("forget", hosting.id)]
    assert item.evidence["left_behind"] == ["Heroku"]
    assert item.reason.startswith(f"{moved.ref} says Heroku was left behind, which {hosting.ref} still says")


def test_the_words_that_say_not_are_written_once_and_each_reading_adds_its_own():
    """A claim and a note's words are each negated by the shared words; each reading adds its own
    (a claim: what is given up, "no longer", 弃用; a note's words: any "not", "without", 不)."""
    from context_center.engine.text import claims, reading

    for pattern in (claims._NEGATED, reading._NEGATION):
        assert claims.NEGATION_WORDS in pattern.pattern and claims.CHINESE_NEGATION in pattern.pattern
        for said in ("Never use npm.", "We do not deploy on Fridays.", "不要提交 lock 文件。", "禁止直接推送到 main。"):
            assert pattern.search(said), (pattern.pattern, said)
    assert claims._NEGATED.search("We no longer use Jenkins.") and not claims._NEGATED.search("Ship without tests.")
    assert reading._NEGATION.search("Ship without tests.")
    for pattern in (claims._NEGATED, reading._NEGATION):   # 别 is "don't", but not inside 级别 (a level)
        assert pattern.search("别提交 .env 文件。") and not pattern.search("生产环境日志级别设为 INFO。")


def test_a_level_is_no_negation_so_a_note_forbidding_it_contradicts_one_setting_it():
    from context_center.engine.text.similarity import judge

    assert judge("测试环境日志级别设为 TRACE。", "测试环境禁止开启 TRACE 日志。") == "contradiction"


def test_a_contradiction_of_one_kind_of_value_in_other_words_says_each_value_and_recall_names_it(engine):
    """In a real store: a duration given two ways, worded apart, is proposed as a contradiction whose
    evidence gives each fact's value as a person reads it; once the review has run, recall names the
    other side beside the hit."""
    engine.remember(FactInput(name="log-retention", title="Log retention", body="Application logs are retained "
                                                                                  "for 14 days."))
    engine.remember(FactInput(name="log-policy", title="Logs", body="Retention of application logs: 60 days."))
    engine.remember(FactInput(name="deploys", title="Deploys", body="Deploys go out from the main branch."))
    [item] = [item for item in MemoryReview(engine).items() if item.kind == "contradiction"]
    assert sorted(item.evidence["values"].values()) == [["duration: 14 days"], ["duration: 60 days"]]
    hit = next(hit for hit in engine.recall("how long are application logs retained", record=False).hits
               if hit.fact.name == "log-retention")
    assert [ref for ref, _ in hit.conflicts_with] == ["project/log-policy.md"]


def test_a_fact_saying_it_is_an_exception_to_a_rule_contradicts_no_rule_in_the_review_or_recall(engine):
    """"Two approvals for billing, an exception to the usual one-approval rule" beside "one approval":
    both hold, and the second says so; they were proposed as a contradiction and named in recall."""
    _store(engine, "Pull requests touching billing/ need two approvals, as an exception to the usual rule.",
           "Every pull request needs one approval before merging.", "Deploys go out from main.")
    assert not [item for item in MemoryReview(engine).items() if item.kind == "contradiction"]
    hits = engine.recall("how many approvals does a pull request need", record=False).hits
    assert hits and all(not hit.conflicts_with for hit in hits)


def test_a_version_is_of_what_runs_it_whichever_way_the_runtime_is_named():
    """"Postgres 15" made Postgres a part of the system as well, so "PostgreSQL 13" (not one of its
    names there) was of another thing and the two no conflict."""
    assert conflicts(claims_of("Production database: PostgreSQL 13."), claims_of("Prod DB is Postgres 15."))
    assert not conflicts(claims_of("The API runs Python 3.12."), claims_of("The CLI runs Python 3.11."))


def test_a_list_of_examples_in_brackets_names_no_part_of_the_system():
    claims = claims_of("Write commit messages in Conventional Commits format (feat:, fix:, docs:).")
    assert {(claim.subject, claim.entity) for claim in claims} == {("commit-style", frozenset())}
    assert "docs" in next(iter(claims_of("The docs site uses npm."))).entity   # (named outside brackets: one)


@pytest.mark.parametrize("text, port", [
    ("The billing API is served on 8443, behind the load balancer.", "8443"),
    ("`billing-api` binds to :8081.", "8081"),
    ("The billing API listens on 9090.", "9090"),
    ("playback-api serves HTTP on :9090.", "9090"),                 # on a port, after a colon
    ("schedule-svc 的服务端口已改为 9000。", "9000"),                  # 改为, 配置为…: what it is now
    ("order-service 的容器端口配置为 9090。", "9090"),
])
def test_a_port_said_as_where_a_service_is_served_or_listens(text: str, port: str):
    assert {claim.value for claim in claims_of(text) if claim.subject == "port"} == {port}


@pytest.mark.parametrize("text, port", [("The ledger service exposes gRPC on 50051.", "50051"),
                                        ("Pipistrel's API listens on 7421.", "7421")])   # (the full stop kept it out)
def test_a_port_a_service_listens_on_or_exposes_at_a_sentences_end(text: str, port: str):
    assert [found for found, _ in ports_in(text)] == [port]
    assert values_of(text).kinds["port"] == {port}


@pytest.mark.parametrize("text, port", [("dispatch-api: listen_port = 9443", "9443"),
                                        ("billingApi.httpPort: 8080", "8080")])
def test_a_setting_of_a_port_gives_the_port(text: str, port: str):
    assert [found for found, _ in ports_in(text)] == [port]
    assert values_of(text).kinds["port"] == {port}


@pytest.mark.parametrize("first, second", [
    ("The invoicing API listens on port 8443.", "invoicing-api port: 9443"),          # one name, two spellings
    ("The gannet-api process binds to port 7080.", "gannet-api listens on port 7070."),   # "binds" names nothing
])
def test_a_service_named_two_ways_or_after_a_verb_given_two_ports_conflicts(first: str, second: str):
    assert conflicts(claims_of(first), claims_of(second))


def test_a_clock_after_a_colon_is_no_port():
    assert not ports_in("The sync runs at :30 past every hour.")


def test_a_number_of_things_served_on_is_no_port():
    assert not any(claim.subject == "port" for claim in claims_of("The model is served on 16 GPUs."))


@pytest.mark.parametrize("text, gone", [
    ("We moved Acme's build cache from Redis to Valkey.", ("Redis",)),   # (a possessive among the words between)
    ("订单队列现在用 Kafka（之前是 RabbitMQ，已经迁完了）。", ("RabbitMQ",)),
])
def test_a_name_moved_from_after_a_possessive_or_said_to_be_the_one_before_is_left_behind(text: str, gone: tuple):
    assert left_behind(text) == gone


@pytest.mark.parametrize("text, routes", [
    ("Direct pushes to main are blocked, so every change lands through a pull request.",
     {("direct-push", True), ("pull-request", False)}),
    ("墨川允许直接 push 到 master 分支。", {("direct-push", False)}),
    ("Small fixes don't need a PR here; push them straight to main.", {("pull-request", True), ("direct-push", False)}),
    ("个人分支可以直接 push。", set()),   # no branch named: not main's route
])
def test_how_a_change_reaches_a_branch_is_read_with_the_branch_and_what_is_refused(text: str, routes: set):
    found = {(claim.value, claim.negated) for claim in claims_of(text) if claim.subject == "merge-route"}
    assert found == routes
    assert all(claim.entity == {"main"} for claim in claims_of(text) if claim.subject == "merge-route")


def test_a_pipeline_is_not_production():
    """线上 is production; the 线上 of 流水线上 (on the pipeline) is not."""
    assert entity_of("CI 跑在云效流水线上。") == frozenset()
    assert entity_of("线上日志保留 30 天。") == {"production"}


@pytest.mark.parametrize("text, port", [
    ("The Quenby Postgres instance accepts connections on 5433.", "5433"),
    ("Quenby's Postgres listens on the default 5432.", "5432"),
    ("Connect to Quenby's Postgres on the standard port, 5432.", "5432"),
    ("Quenby gRPC 端口已经改成了 50061，客户端记得同步改。", "50061"),
    ("quenby-gateway exposes its /metrics endpoint on 9100.", "9100"),
    ("The endpoint on 3 servers answers first.", None),
])
def test_a_port_is_read_where_a_service_accepts_connections_on_it(text: str, port: str | None):
    assert [found for found, _span in ports_in(text)] == ([port] if port else [])


def test_a_name_one_note_reads_as_its_thing_and_the_other_says_too_is_one_thing_in_the_review_and_recall(engine):
    """"quenby-web's packages" are quenby-web's; "the package manager for quenby-web" is read as of no
    part: one thing, two package managers, in the review and in recall. A gRPC port two services'
    notes both name, beside no other name, is no one thing."""
    facts = _store(engine, "quenby-web's packages are managed with Yarn.",
                   "We use pnpm as the package manager for quenby-web.",
                   "class-svc 监听 8081，gRPC 端口是 9081。", "notify-svc 只提供 gRPC 接口，端口 9090。")
    [hit] = [hit for hit in engine.recall("quenby-web package manager", record=False).hits
             if hit.fact.id == facts[0].id]   # (asked before any review: read from the claims alone)
    assert [ref for ref, _ in hit.conflicts_with] == [facts[1].ref]
    items = [item for item in MemoryReview(engine).items() if item.kind == "contradiction"]
    assert [sorted(f.ref for f in item.facts) for item in items] == [sorted([facts[0].ref, facts[1].ref])]
