"""The service's warm stores: reopened when what they watch was put back, freed when let go."""
from __future__ import annotations

import gc
import shutil
import time
import weakref

from context_center.engine import FactInput, open_engine
from context_center.service.pool import Pool


def test_a_fact_folder_put_back_in_its_place_is_a_store_to_reopen(state_root, workspace, tmp_path):
    with open_engine(state_root, workspace) as engine:
        folder = engine.remember(FactInput(name="deploys", title="deploys", body="blue green")).fact.path.parent
    pool = Pool()
    try:
        with pool.lease(state_root, workspace) as first:
            pass
        with pool.lease(state_root, workspace) as again:
            assert again is first   # warm: the same open
        shutil.copytree(folder, tmp_path / "kept")
        shutil.rmtree(folder)
        shutil.copytree(tmp_path / "kept", folder)   # its watch was on the folder that went away
        deadline = time.monotonic() + 10   # (told at once when the new folder is another inode; else by
        while True:                        # the watcher, which saw the old one go, a debounce later)
            with pool.lease(state_root, workspace) as after:
                if after is not first:
                    break
            assert time.monotonic() < deadline, "the store was never reopened"
            time.sleep(0.05)
    finally:
        pool.close()


def test_a_store_let_go_is_freed_though_an_open_froze_it(state_root, tmp_path):
    workspaces = []
    for name in ("one", "two", "three"):
        (tmp_path / name / ".git").mkdir(parents=True)
        workspaces.append(tmp_path / name)
    pool = Pool(capacity=1)
    try:
        with pool.lease(state_root, workspaces[0]) as engine:
            first = weakref.ref(engine)
        del engine
        for workspace in workspaces[1:]:
            with pool.lease(state_root, workspace):
                pass
        assert gc.isenabled() and first() is None
    finally:
        pool.close()


def test_a_hook_past_its_callers_deadline_says_nothing_and_records_nothing(state_root, workspace, monkeypatch,
                                                                            capsys):
    import io
    import json
    import time

    from context_center.cli import hook_commands
    from context_center.cli.main import build_parser

    with open_engine(state_root, workspace) as engine:
        engine.remember(FactInput(name="deploys", title="deploys", body="Deploys use the blue green cache"))
    event = json.dumps({"session_id": "late", "cwd": str(workspace), "prompt": "how do deploys use the cache?"})
    args = build_parser().parse_args(["--state-root", str(state_root), "hook", "claude-code"])
    for deadline, said in ((time.monotonic() - 1, False), (time.monotonic() + 60, True)):
        monkeypatch.setattr("sys.stdin", io.StringIO(event))
        assert hook_commands.answer_turn(args, open_engine, deadline=deadline) == 0
        assert ("<memory-recall>" in capsys.readouterr().out) is said
        with open_engine(state_root, workspace) as engine:
            assert len(engine.injections(session="late")) == int(said)
