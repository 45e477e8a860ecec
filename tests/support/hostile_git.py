"""A workspace whose own .git/config names a command for everything git could be made to run:
what a downloaded archive or a shared folder can carry. Each command leaves a marker file."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from .git_repos import commit_all, git

TEAM_FACT = """---
name: deploy-day
title: Deploy day
description: when the team deploys
type: project
---
We deploy on Tuesdays.
"""


def arm(repo: Path) -> Path:
    """Commit a team fact, leave it changed and a new one unstaged (so `status` reads the work
    tree and a clean filter has files to run on), then set the hostile configuration. Returns the
    folder the markers would appear in (empty while nothing ran)."""
    markers = repo.parent / "markers"
    markers.mkdir()
    team = repo / ".context-center" / "memory"
    team.mkdir(parents=True)
    (team / "deploy-day.md").write_text(TEAM_FACT)
    (repo / ".gitattributes").write_text("* filter=evil diff=evil\n")
    (team / "old.md").write_text(TEAM_FACT.replace("deploy-day", "old"))
    commit_all(repo, "team fact")
    (team / "old.md").unlink()
    commit_all(repo, "forget a team fact")
    _sign_head(repo)   # a signed commit that deleted a team fact: `log --show-signature` would check it
    (team / "deploy-day.md").write_text(TEAM_FACT.replace("Tuesdays", "Wednesdays"))
    (team / "ci.md").write_text(TEAM_FACT.replace("deploy-day", "ci").replace("We deploy on Tuesdays.", "CI: GitHub."))
    # the index's stat no longer matches any file: git must read (and so filter) each one
    for path in (team / "deploy-day.md", repo / "README.md"):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    hooks = repo.parent / "evil-hooks"
    hooks.mkdir()
    for hook in ("pre-commit", "post-checkout", "post-index-change", "reference-transaction", "fsmonitor-watchman"):
        (hooks / hook).write_text(f"#!/bin/sh\ntouch {markers}/hook-{hook}\n")
        (hooks / hook).chmod(0o755)

    def run(name: str, tail: str = "") -> str:
        return f"touch {markers}/{name}{tail}"

    def program(name: str) -> str:   # (what git runs as a program, not through the shell)
        script = repo.parent / f"evil-{name}"
        script.write_text(f"#!/bin/sh\ntouch {markers}/{name}\nexit 1\n")
        script.chmod(0o755)
        return str(script)

    settings = {
        "core.fsmonitor": run("fsmonitor", "; true"),
        "core.pager": run("pager", "; cat"),
        "pager.status": run("pager-status", "; cat"),
        "pager.log": run("pager-log", "; cat"),
        "diff.external": run("diff-external"),
        "diff.evil.textconv": run("textconv", "; cat"),
        "diff.evil.command": run("diff-command"),
        "filter.evil.clean": run("filter-clean", "; cat"),
        "filter.evil.smudge": run("filter-smudge", "; cat"),
        "filter.evil.process": run("filter-process", "; false"),
        "core.hooksPath": str(hooks),
        "gpg.program": program("gpg"),
        "log.showSignature": "true",
        "core.sshCommand": run("ssh"),
        "core.askPass": program("askpass"),
        "credential.helper": f"!{run('credential')}",
        "core.editor": run("editor"),
    }
    for key, value in settings.items():
        git(repo, "config", key, value)
    return markers


def _sign_head(repo: Path) -> None:
    """HEAD rewritten with a (made-up) signature header: git asks gpg.program to verify it."""
    headers, _, message = git(repo, "cat-file", "commit", "HEAD").partition("\n\n")
    signature = ("gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEEexampleexampleexample\n"
                 " -----END PGP SIGNATURE-----")
    made = subprocess.run(["git", "hash-object", "-t", "commit", "-w", "--stdin"], cwd=repo, check=True,
                          input=f"{headers}\n{signature}\n\n{message}", capture_output=True, text=True, timeout=60)
    git(repo, "update-ref", "HEAD", made.stdout.strip())


def fired(markers: Path) -> list[str]:
    return sorted(path.name for path in markers.iterdir())
