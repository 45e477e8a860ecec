"""Helpers shared by test modules (no fixtures here; see conftest.py)."""
from __future__ import annotations


def write_many(engine, items: list[tuple[str, str]], created: dict[str, str] | None = None) -> None:
    """Write (name, body) facts as files directly, as a bulk import or `git pull` would, then refresh;
    ``created`` gives some names their ``created_at`` (the others are written now)."""
    from context_center.engine.clock import format_timestamp, now
    from context_center.engine.memory.fact_file import render_fact
    from context_center.engine.memory.fields import new_fact_id
    from context_center.engine.records import Fact

    folder = engine.paths.memory_dir("project")
    folder.mkdir(parents=True, exist_ok=True)
    stamp = format_timestamp(now())
    for name, body in items:
        when = (created or {}).get(name, stamp)
        fact = Fact(id=new_fact_id(), revision=1, name=name, title=name.replace("-", " "), description="",
                    type="project", scope="project", body=body, created_at=when, updated_at=when,
                    activation="relevant")
        (folder / f"{name}.md").write_text(render_fact(fact), encoding="utf-8")
    engine.refresh()


def desktop_file_validate(path) -> None:
    """Run Debian's ``desktop-file-validate`` on ``path`` (skip when it is not installed)."""
    import shutil
    import subprocess

    import pytest

    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate is not installed (Debian: desktop-file-utils)")
    proc = subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=60)
    # It exits 0 on hints too; a hint (two main categories, …) is still a mistake for us.
    assert proc.returncode == 0 and not (proc.stdout + proc.stderr).strip(), proc.stdout + proc.stderr


def rewrite_as_reasonix_does(fact):
    """Reasonix's save: snapshot the previous revision, write the next with only the keys it knows."""
    snapshot = fact.path.parent / ".revisions" / fact.id / f"{fact.revision:09d}.md"
    snapshot.parent.mkdir(parents=True, exist_ok=True)
    snapshot.write_text(fact.path.read_text())
    fact.path.write_text(f"---\nid: {fact.id}\nrevision: {fact.revision + 1}\ncreated_at: \"{fact.created_at}\"\n"
                         f"updated_at: \"2026-11-30T10:00:00.000000000Z\"\nname: {fact.name}\n"
                         f"title: {fact.title}\ndescription: {fact.description}\n"
                         "metadata:\n  type: project\n  scope: project\n---\n\nedited in Reasonix\n")


def wait_until(condition, timeout: float = 10.0, interval: float = 0.02) -> bool:
    """Whether ``condition()`` came true within ``timeout`` seconds: for what a background thread of
    the engine does by itself (a timer's MEMORY.md rewrite), polled rather than slept on."""
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(interval)
    return True
