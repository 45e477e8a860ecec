"""Whether the agents followed each standing rule, read from their own transcripts (real files in
Claude Code's and Codex's layouts) against the rules each received in a real workspace."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from context_center.engine import InvalidInput
from context_center.engine.adherence.rules import classify
from context_center.engine.adherence.shell import invocations
from context_center.engine.adherence.verdicts import breaking
from support.agent_actions import claude, codex

CLAUDE_MD = """# Project rules

- Never use npm; use pnpm (npx counts too).
- Run `pnpm test` before reporting completion.
- Do not edit files under src/generated/.
- Keep public APIs backward compatible.

```sh
npm install   # an example in a code block is no rule
```
"""
AGENTS_MD = """# Rules for Codex

- Use ripgrep, not grep.
- Run `make lint` before committing.
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def rules_workspace(engine, workspace: Path) -> Path:
    (workspace / "CLAUDE.md").write_text(CLAUDE_MD)
    (workspace / "AGENTS.md").write_text(AGENTS_MD)
    return workspace


def by_source(report) -> dict:
    return {rule.rule.source: rule for rule in report.rules}


def verdicts(rule) -> dict[str, str]:
    return {v.session: v.verdict for v in rule.sessions}


def test_a_program_runs_only_where_the_shell_starts_it():
    said = {
        "cd web && sudo -E env CI=1 npm ci | tee log": {"cd", "sudo", "env", "npm", "tee"},
        'echo "npm install"': {"echo"},
        "rg -n 'npm' src  # npm, not really": {"rg"},
        "git commit -m 'drop npm'": {"git"},
        'bash -lc "pnpm test && (npm run build)"': {"bash", "pnpm", "npm"},
        "npx eslint .": {"npx", "eslint"},
        "cat <<EOF > notes.md\nnpm install\nEOF\npnpm i": {"cat", "pnpm"},
        "/usr/local/go/bin/gofmt -l .": {"gofmt"},
        "FOO=1 xargs -n1 gofumpt": {"xargs", "gofumpt"},
        "echo 'an unclosed quote": {"echo"},
        "bash <<'EOF'\nset -e\nnpm ci\nEOF": {"bash", "set", "npm"},           # a heredoc a shell runs
        "sudo sh -s <<EOF\nnpm i\nEOF\nls": {"sudo", "sh", "npm", "ls"},
        "cat > tools/boot.sh <<'EOF'\nnpm ci\nEOF": {"cat"},                   # a heredoc written to a file
    }
    for command, programs in said.items():
        assert {i.program for i in invocations(command)} == programs, command
    # one word each: a toolchain selector, a script's name with a colon, a scoped package
    assert invocations("cargo +stable publish")[0].args == ("+stable", "publish")
    assert invocations("pnpm test:unit -- --reporter=dot")[0].args[0] == "test:unit"
    assert invocations("npm i @scope/pkg")[0].args == ("i", "@scope/pkg")


@pytest.mark.parametrize("text, kind, shown", [
    ("Never use npm; use pnpm.", "forbidden_command", ["npm"]),
    ("Use ripgrep, not grep.", "forbidden_command", ["grep"]),
    ("Never force-push to main.", "forbidden_command", ["git push --force"]),
    ("Do not run `docker compose down -v`.", "forbidden_command", ["docker compose down -v"]),
    ("Run `go test ./...` before reporting completion.", "required_command", "go test ./..."),
    ("Before committing, run `ruff check .`.", "required_command", "ruff check ."),
    ("Do not edit files under src/generated/.", "forbidden_path", ["src/generated/"]),
    ("不要修改 proto/gen/ 下的文件。", "forbidden_path", ["proto/gen/"]),
    # as people write them: a list after the prohibition, an aside, a passive, a verb the command carries
    ("Use yarn, never npm or pnpm.", "forbidden_command", ["npm", "pnpm"]),
    ("Please don't run npm (or npx) in this repo.", "forbidden_command", ["npm", "npx"]),
    ("只使用 pnpm；禁止使用 npm 和 npx。", "forbidden_command", ["npm", "npx"]),
    ("不要使用 npm，请使用 pnpm。`npx` 也算 npm，请用 `pnpm dlx`。", "forbidden_command", ["npm", "npx"]),
    ("Only use `mkdocs serve` locally. `mkdocs gh-deploy` must not be run by an agent.", "forbidden_command",
     ["mkdocs gh-deploy"]),
    ("Don't ever publish the crate yourself: `cargo publish` belongs to CI.", "forbidden_command",
     ["cargo publish"]),
    ("`cargo test` must pass before you tell me you're done.", "required_command", "cargo test"),
    ("Before you commit anything, `cargo clippy -- -D warnings` has to come back clean.", "required_command",
     "cargo clippy -- -D warnings"),
    ("Run `yarn test` before handing the work back.", "required_command", "yarn test"),
    ("提交代码之前先运行 `make lint`。", "required_command", "make lint"),
    ("完成任务前必须运行 `pnpm test:unit`，并确保测试通过。", "required_command", "pnpm test:unit"),
    ("`benches/baseline/` holds numbers recorded on CI. Leave it alone.", "forbidden_path", ["benches/baseline/"]),
    ("The client in packages/api/gen/ must not be edited manually; rerun the codegen.", "forbidden_path",
     ["packages/api/gen/"]),
    ("`src/gen/` is generated from the spec (`yarn codegen`). Never edit it by hand.", "forbidden_path",
     ["src/gen/"]),
    ("vendor/ 目录是第三方代码，请勿改动。", "forbidden_path", ["vendor/"]),
    ("不要修改 vendor/ 目录下的文件。", "forbidden_path", ["vendor/"]),
    ("Do not hand-edit `docs/cli.md`: it is generated by `scripts/gen_cli.py`.", "forbidden_path", ["docs/cli.md"]),
    ("**Never** open `psql` against any database; use `./manage.py dbshell`.", "forbidden_command", ["psql"]),
    ("psql is off-limits. If you need a SQL prompt use ./manage.py dbshell.", "forbidden_command", ["psql"]),
    ("Nothing under `envs/prod/` is to be changed by an agent.", "forbidden_path", ["envs/prod/"]),
    ("Don't run bundle update; it bumps every gem at once.", "forbidden_command", ["bundle update"]),
    ("Do not run docker system prune on this machine.", "forbidden_command", ["docker system prune"]),
    ("Don't run git push --force.", "forbidden_command", ["git push --force"]),   # (not every push)
    ("`helm uninstall` is not to be run by an agent — not in staging, not anywhere.", "forbidden_command",
     ["helm uninstall"]),
    ("**Must not:** run `dotnet nuget push` — the release pipeline publishes.", "forbidden_command",
     ["dotnet nuget push"]),
    ("Hands off `manifests/sealed/`: those are SealedSecrets.", "forbidden_path", ["manifests/sealed/"]),
    ("**Must not:** edit anything in `src/Gen/` (NSwag output).", "forbidden_path", ["src/Gen/"]),
    ("Run the specs with `bundle exec rspec` before you finish.", "required_command", "bundle exec rspec"),
])
def test_a_checkable_rule_says_what_breaks_it(text: str, kind: str, shown):
    check = classify(text)
    assert check is not None and check.kind == kind
    said = check.to_json()
    assert said.get("programs", said.get("command", said.get("paths"))) == shown


@pytest.mark.parametrize("text", [
    "Keep public APIs backward compatible.", "Run the linter before committing.", "Prefer small functions.",
    "Avoid the `any` type in TypeScript.", "Never use global state.", "Run `make dev` to start the server.",
    # a prohibition that holds only somewhere or sometimes, and a comment marker that names no program
    "Don't run `alembic downgrade` against a shared database.",
    "Don't disable ESLint rules inline without a comment that says why.",
    "Use TypeScript strict mode everywhere and no `// @ts-ignore`.",
    "Use AssertJ's `assertThat` in tests, not JUnit's `assertEquals`.",     # (functions, not programs)
    "Avoid `terraform apply` unless the user explicitly asks for it.",
    "`dotnet ef database update` is off-limits unless you are pointed at a local database.",
])
def test_a_rule_a_transcript_cannot_decide_gets_no_check(text: str):
    assert classify(text) is None


def test_each_rule_is_judged_in_each_session_of_the_agent_that_received_it(engine, rules_workspace, home, tmp_path):
    ws = rules_workspace
    claude(home, ws, "c-clean", [("bash", "2026-12-01T10:00:00Z", 'echo "npm is not used here"'),
                                 ("edit", "2026-12-01T10:01:00Z", str(ws / "src/app.ts")),
                                 ("bash", "2026-12-01T10:02:00Z", "pnpm test 2>&1 | tail -5", True),
                                 ("read", "2026-12-01T10:03:00Z", str(ws / "src/generated/api.ts"))])
    claude(home, ws, "c-broke", [("bash", "2026-12-02T10:00:00Z", "pnpm test"),
                                 ("edit", "2026-12-02T10:01:00Z", str(ws / "src/components/../generated/api.ts")),
                                 ("bash", "2026-12-02T10:02:00Z", "cd web && sudo npx tsc")])
    claude(home, ws, "c-reads", [("bash", "2026-12-03T10:00:00Z", "rg -n npm src")])
    other = tmp_path / "work" / "demo-repo-admin"   # its path starts with the workspace's: another one
    other.mkdir(parents=True)
    claude(home, other, "c-other", [("bash", "2026-12-03T11:00:00Z", "npm install"),
                                    ("edit", "2026-12-03T11:01:00Z", str(other / "src/generated/x.ts"))])
    claude(home, ws, "c-old", [("bash", "2026-09-01T10:00:00Z", "npm install")])
    codex(home, ws, "x-commit", [("patch", "2026-12-01T09:00:00Z", "src/app.ts"),
                                 ("bash", "2026-12-01T09:01:00Z", "grep -rn TODO src | head"),
                                 ("bash", "2026-12-01T09:02:00Z", "git commit -am 'fix'")])
    codex(home, ws, "x-linted", [("patch", "2026-12-02T09:00:00Z", "src/app.ts"),
                                 ("bash", "2026-12-02T09:01:00Z", "make lint", 2),
                                 ("bash", "2026-12-02T09:02:00Z", "git commit -am 'fix'")])

    report = engine.adherence(days=30, home=home)
    rules = by_source(report)
    assert set(rules) == {"CLAUDE.md:3", "CLAUDE.md:4", "CLAUDE.md:5", "CLAUDE.md:6", "AGENTS.md:3", "AGENTS.md:4"}
    assert report.sessions == {"claude-code": 3, "codex": 2}   # not the other workspace's, nor the old one
    assert verdicts(rules["CLAUDE.md:3"]) == {"c-clean": "followed", "c-broke": "violated", "c-reads": "followed"}
    [broke] = [v for v in rules["CLAUDE.md:3"].sessions if v.verdict == "violated"]
    assert broke.evidence[0].text == "ran cd web && sudo npx tsc"
    assert broke.evidence[0].timestamp.startswith("2026-12-02")
    assert verdicts(rules["CLAUDE.md:4"]) == {"c-clean": "followed", "c-broke": "violated",
                                              "c-reads": "not_applicable"}   # the test ran before the last edit
    assert verdicts(rules["CLAUDE.md:5"]) == {"c-clean": "followed", "c-broke": "violated", "c-reads": "followed"}
    assert not rules["CLAUDE.md:6"].rule.checkable and rules["CLAUDE.md:6"].sessions == ()
    assert verdicts(rules["AGENTS.md:3"]) == {"x-commit": "violated", "x-linted": "followed"}
    assert verdicts(rules["AGENTS.md:4"]) == {"x-commit": "violated", "x-linted": "followed"}   # ran, not "passes"
    assert report.violated_rules == 5

    only_codex = engine.adherence("codex", days=30, home=home)
    assert set(by_source(only_codex)) == {"AGENTS.md:3", "AGENTS.md:4"}
    older = by_source(engine.adherence("claude-code", days=365, home=home))
    assert verdicts(older["CLAUDE.md:3"])["c-old"] == "violated"


def test_a_rule_that_must_pass_is_violated_by_a_failing_last_run(engine, workspace, home):
    (workspace / "CLAUDE.md").write_text("- Make sure `go test ./...` passes before you say you are done.\n")
    claude(home, workspace, "s1", [("edit", "2026-12-01T10:00:00Z", str(workspace / "main.go")),
                                   ("bash", "2026-12-01T10:01:00Z", "go test ./... -race", True)])
    [rule] = engine.adherence("claude-code", home=home).rules
    assert verdicts(rule) == {"s1": "violated"} and "failed" in rule.sessions[0].evidence[0].text


def test_a_dry_run_does_not_do_the_action_and_a_check_in_the_commits_own_line_counts(engine, workspace, home):
    (workspace / "CLAUDE.md").write_text("- Never run `cargo publish`; CI publishes.\n"
                                         "- Run `make lint` before committing.\n")
    claude(home, workspace, "dry", [("bash", "2026-12-01T10:00:00Z", "cargo publish --dry-run"),
                                    ("edit", "2026-12-01T10:01:00Z", str(workspace / "src/lib.rs")),
                                    ("bash", "2026-12-01T10:02:00Z", "make lint && git commit -am 'fix'")])
    claude(home, workspace, "real", [("bash", "2026-12-02T10:00:00Z", "cargo +stable publish --allow-dirty"),
                                     ("edit", "2026-12-02T10:01:00Z", str(workspace / "src/lib.rs")),
                                     ("bash", "2026-12-02T10:02:00Z", "git commit -am 'fix' && make lint")])
    rules = by_source(engine.adherence("claude-code", home=home))
    assert verdicts(rules["CLAUDE.md:1"]) == {"dry": "followed", "real": "violated"}
    gradle = classify("Never run `./gradlew publish`; CI publishes.")
    assert gradle is not None and breaking(gradle, "./gradlew clean build publish") and \
        not breaking(gradle, "./gradlew publishToMavenLocal")
    helm = classify("Never run `helm uninstall`.")
    assert helm is not None and breaking(helm, "helm --kube-context staging uninstall pr-9") and \
        not breaking(helm, "helm --kube-context staging list")
    rails = classify("Never run `rails db:drop`.")
    assert rails is not None and breaking(rails, "bundle exec rails db:drop")
    commit = classify("Always run `bundle exec rubocop` before committing, and fix what it reports.")
    must = classify("**Must:** run `dotnet test` before reporting completion. Red is not done.")
    assert commit is not None and commit.when == "commit" and must is not None and must.must_pass
    assert verdicts(rules["CLAUDE.md:2"]) == {"dry": "followed", "real": "violated"}


def test_hostile_transcripts_are_skipped_never_a_crash(engine, rules_workspace, home, tmp_path):
    folder = home / ".claude" / "projects" / "x"
    folder.mkdir(parents=True)
    (folder / "garbled.jsonl").write_bytes(b'{"cwd": "' + str(rules_workspace).encode() + b'", "type": "user"\n\xff\xfe'
                                           b'{not json\n' + b"[" * 100_000 + b"\n")
    os.mkfifo(folder / "fifo.jsonl")
    (folder / "elsewhere.jsonl").symlink_to("/dev/zero")
    secret = "AKIA" + "ABCDEFGHIJKLMNOP"
    claude(home, rules_workspace, "s-secret", [("bash", "2026-12-01T10:00:00Z", f"AWS_KEY={secret} npm publish")])
    report = engine.adherence("claude-code", home=home)
    [violation] = [v for v in by_source(report)["CLAUDE.md:3"].sessions if v.verdict == "violated"]
    assert secret not in violation.evidence[0].text and "npm publish" in violation.evidence[0].text


def test_bad_options_are_refused_in_one_line(engine, home):
    for agent, days in (("cursor", 30), (None, 0), (None, 100_000)):
        with pytest.raises(InvalidInput):
            engine.adherence(agent, days, home=home)
