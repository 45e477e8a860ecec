"""``memory review``: the queue's JSON, apply with its undo token, dismiss, history, and refusals that
name the next step."""
from __future__ import annotations


def test_review_apply_undo_dismiss_and_history(cli):
    cli.ok("memory", "remember", "--name", "deploy-day", "--title", "Deploy day",
           "--body", "Deploys go out on Tuesdays after the smoke tests pass.")
    cli.ok("memory", "remember", "--name", "deploy-days", "--title", "Deploy days",
           "--body", "Deploys go out on Tuesdays once the smoke tests pass.")
    cli.ok("memory", "remember", "--name", "expired", "--title", "Beta", "--body", "The beta ends soon.",
           "--expires-at", "2020-01-01")
    listed = cli.ok("memory", "review")
    by_kind = {item["kind"]: item for item in listed["items"]}
    assert set(by_kind) == {"duplicate", "expired"}
    duplicate = by_kind["duplicate"]
    assert set(duplicate) == {"id", "kind", "facts", "reason", "evidence", "action", "preview", "target"}
    assert duplicate["action"] == "merge" and set(duplicate["preview"]) == {"before", "after"}
    human = cli.run("memory", "review").out
    assert duplicate["id"] in human and "--- before" in human and "memory review apply ID" in human

    done = cli.ok("memory", "review", "apply", duplicate["id"], "--edit-text", "Deploys go out on Tuesdays.")
    assert done["applied"] == duplicate["id"] and done["undo"]
    assert [c["op"] for c in done["changes"]] == ["edited", "forgot"]
    assert len(cli.ok("memory", "list")["facts"]) == 2
    undone = cli.ok("memory", "review", "undo", done["undo"])
    assert undone["item"] == duplicate["id"] and len(cli.ok("memory", "list")["facts"]) == 3

    refused = cli.refused("memory", "review", "apply", duplicate["id"], code="NOT_FOUND")   # its facts changed
    assert refused["hint"] == "review"
    assert "run `memory review`" in cli.run("memory", "review", "apply", "nope").err
    # an id the review never makes is named as such, not as one whose facts changed (a new user's walk)
    for verb in ("apply", "dismiss"):
        refused = cli.refused("memory", "review", verb, "nonsense-123", code="NOT_FOUND")
        assert "is not a review item's id" in refused["message"] and "changed" not in refused["message"]
    assert "it prints the undo token" in human
    cli.ok("memory", "review", "dismiss", by_kind["expired"]["id"])
    assert "expired" not in {item["kind"] for item in cli.ok("memory", "review")["items"]}
    # a dismissal can be listed and taken back (a new user's walk found neither)
    assert [i["id"] for i in cli.ok("memory", "review", "dismissed")["items"]] == [by_kind["expired"]["id"]]
    assert by_kind["expired"]["id"] in cli.run("memory", "review", "dismissed").out
    cli.ok("memory", "review", "undismiss", by_kind["expired"]["id"])
    assert "expired" in {item["kind"] for item in cli.ok("memory", "review")["items"]}
    assert cli.ok("memory", "review", "dismissed")["items"] == []
    refused = cli.refused("memory", "review", "undismiss", by_kind["expired"]["id"], code="NOT_FOUND")
    assert refused["hint"] == "review_dismissed"
    cli.ok("memory", "review", "dismiss", by_kind["expired"]["id"])
    [entry] = cli.ok("memory", "review", "history")["decisions"]
    assert entry["token"] == done["undo"] and entry["undone_at"]
    # an item whose facts changed since its dismissal is gone: undismiss says so, never "proposed again"
    [expired_fact] = by_kind["expired"]["facts"]
    cli.ok("memory", "edit", expired_fact, "--body", "The beta ended in 2020.")
    cli.refused("memory", "review", "undismiss", by_kind["expired"]["id"], code="NOT_FOUND")
    assert cli.refused("memory", "review", "undo", "feedbeef", code="NOT_FOUND")["hint"] == "review_history"


def test_a_proposed_subject_key_accepted_makes_a_second_value_a_subject_conflict(cli):
    """A fact with no subject key is proposed the one its claims give (shown, never set); accepted
    with `memory edit --subject-key`, the one-value-per-subject rule holds for it."""
    cli.ok("memory", "remember", "--name", "package-manager", "--title", "Package manager",
           "--body", "Always use pnpm, never npm, in this repository.")
    shown = cli.ok("memory", "show", "package-manager")
    assert shown["subject_key"] is None and shown["proposed_subject_key"] == "project.package_manager"
    assert "memory edit project/package-manager.md --subject-key project.package_manager" in \
        cli.run("memory", "show", "package-manager").out
    cli.ok("memory", "edit", "package-manager", "--subject-key", shown["proposed_subject_key"])
    accepted = cli.ok("memory", "show", "package-manager")
    assert accepted["subject_key"] == "project.package_manager" and accepted["proposed_subject_key"] is None
    refused = cli.refused("memory", "remember", "--name", "install", "--title", "Install",
                          "--body", "Use npm to install dependencies.", "--subject-key", "project.package_manager",
                          code="SUBJECT_CONFLICT")
    assert "package-manager" in refused["message"]
    # a note of several subjects, or none, is proposed nothing
    cli.ok("memory", "remember", "--name", "stack", "--title", "Stack", "--body", "We use pnpm and Node 20.")
    assert cli.ok("memory", "show", "stack")["proposed_subject_key"] is None
