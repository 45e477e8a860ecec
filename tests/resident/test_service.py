"""The resident service answers the hook and the read commands exactly as their own processes
would, sees every change, and is never believed when it is not ours."""
from __future__ import annotations

import json
import os
import random
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from context_center.engine import open_engine
from context_center.resident import client, wire
from context_center.resident.routes import route
from support.store import write_many

TOPICS = ["deploy", "cache", "timeout", "release", "branch", "migration", "database", "index", "login", "token",
          "payment", "webhook", "retry", "queue", "worker", "docker", "image", "build", "lint", "test", "schema",
          "graphql", "react", "router", "pnpm", "python", "poetry", "kubernetes", "helm", "secret", "vault",
          "logging", "metrics", "grafana", "alert", "oncall", "部署", "缓存", "数据库", "迁移"]
FILLER = ["the", "we", "use", "always", "never", "because", "after", "before", "on", "with", "for", "in"]


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(TOPICS if rng.random() < 0.5 else FILLER) for _ in range(words))


@pytest.fixture
def facts(service) -> list[str]:
    rng = random.Random(30)
    items = [(f"fact-{i:03d}", _sentence(rng, rng.randint(6, 40))) for i in range(120)]
    with open_engine(service.root, service.workspace) as engine:
        write_many(engine, items)
        engine.pin("fact-007")
    return [body for _name, body in items]


def _hook_here(service, prompt: str) -> str:
    """The hook answered by the service, through the very client a process uses."""
    code, out, err = client.ask(service.address, ["--state-root", str(service.root), "hook", "claude-code"],
                                service.event(prompt).encode(), wait=30)
    assert code == 0, err
    return out.decode()


def test_the_hook_gives_the_engines_block_byte_for_byte_on_hundreds_of_prompts(service, facts):
    service.start()
    rng = random.Random(7)
    prompts = [_sentence(rng, rng.randint(1, 14)) for _ in range(300)]
    prompts += ["", "   ", "ok", "why does the deploy cache timeout on the release branch?", "部署缓存超时了"]
    with open_engine(service.root, service.workspace) as engine:
        expected = [engine.recall(prompt, record=False).block for prompt in prompts]
    answered = [_hook_here(service, prompt) for prompt in prompts]
    for prompt, want, got in zip(prompts, expected, answered):
        assert got == (want + "\n" if want else ""), prompt
    assert sum(bool(block) for block in expected) > 100   # the prompts do recall, mostly
    assert service.status()["served"] == len(prompts)
    with open_engine(service.root, service.workspace) as engine:
        recorded = engine.injections(session="s-test")
    assert len(recorded) == sum(bool(p.strip()) for p in prompts)   # the record is still kept, per turn
    # and as a whole process, as Claude Code runs it: the same block
    for prompt in prompts[:5]:
        done = service.hook(prompt)
        assert done.returncode == 0 and done.stdout == _hook_here(service, prompt), done.stderr


def test_the_session_start_hook_and_the_read_commands_answer_as_their_own_processes(service, facts):
    service.start()
    alone = {**service.env, "CONTEXT_CENTER_SERVICE": "off"}
    start = json.dumps({"session_id": "s", "hook_event_name": "SessionStart", "cwd": str(service.workspace),
                        "source": "startup"})
    commands = [
        (["hook", "claude-code", "--session-start"], start),
        (["--workspace", str(service.workspace), "memory", "session-context", "--json"], ""),
        (["--workspace", str(service.workspace), "memory", "show", "fact-011", "--json"], ""),
        (["--workspace", str(service.workspace), "memory", "show", "fact-011"], ""),
        (["--workspace", str(service.workspace), "memory", "list", "--json"], ""),
        (["--workspace", str(service.workspace), "memory", "list"], ""),
        (["memory", "recall", "deploy cache timeout", "--json"], ""),   # the workspace found from the folder
        (["memory", "show", "no-such-fact", "--json"], ""),             # an error: the same code and words
        (["memory", "list", "--bogus"], ""),                            # a usage error: exit 2, the same usage
    ]
    served = service.status()["served"]
    for argv, stdin in commands:
        by_service = service.command(*argv, stdin=stdin)
        by_itself = service.command(*argv, stdin=stdin, env=alone)
        assert (by_service.returncode, by_service.stdout, by_service.stderr) == \
            (by_itself.returncode, by_itself.stdout, by_itself.stderr), argv
    # each one the service answers was the service's (`memory list --bogus`: an option it does not know)
    assert service.status()["served"] == served + sum(route(argv) is not None for argv, _ in commands) == served + 8
    summary = service.command("--workspace", str(service.workspace), "memory", "--json")
    assert summary.returncode == 0 and service.status()["served"] == served + 8   # (it runs git)


def test_a_read_that_ran_slow_here_runs_in_its_callers_process_and_no_hook_waits_behind_it(service, facts,
                                                                                          monkeypatch):
    """A routed `memory list` at 100,000 facts (1.9 s) held a hook 1.5 s: a read that ran slow in
    the service is declined (its caller runs it, with the same answer) while a hook never is. Here
    every read counts as slow (CONTEXT_CENTER_SERVICE_SLOW_READ=0)."""
    monkeypatch.setitem(service.env, "CONTEXT_CENTER_SERVICE_SLOW_READ", "0")
    service.start()
    alone = {**service.env, "CONTEXT_CENTER_SERVICE": "off"}
    argv = ("--workspace", str(service.workspace), "memory", "list", "--json")
    want = service.command(*argv, env=alone)
    before = service.status()
    for _ in range(3):
        listed = service.command(*argv)
        assert (listed.returncode, listed.stdout, listed.stderr) == (want.returncode, want.stdout, want.stderr)
    after = service.status()
    assert after["served"] == before["served"] + 1 and after["declined_slow"] == before["declined_slow"] + 2
    for _ in range(3):
        assert service.hook("deploy cache timeout").returncode == 0
    assert service.status()["served"] == after["served"] + 3 and service.status()["declined_slow"] == 2


def test_a_write_by_another_process_is_seen_by_the_very_next_hook(service, facts):
    service.start()
    service.hook("warm the store")
    for round_ in range(6):   # back to back: a write and a prompt within the same clock tick too
        word = f"zanzibar{round_}"
        written = service.command("--workspace", str(service.workspace), "memory", "remember", "--title",
                                  f"fact {word}", "--body", f"The {word} gateway deploys on Fridays", "--json")
        assert written.returncode == 0, written.stderr
        assert word in service.hook(f"how does {word} deploy?").stdout
    forgotten = service.command("--workspace", str(service.workspace), "memory", "forget", "fact-zanzibar5")
    assert forgotten.returncode == 0, forgotten.stderr
    assert "zanzibar5" not in service.hook("how does zanzibar5 deploy?").stdout
    assert service.status()["served"] >= 8


def test_an_edit_in_place_by_another_tool_is_seen_by_a_later_prompt(service, facts):
    service.start()
    service.hook("warm the store")
    with open_engine(service.root, service.workspace) as engine:
        path = engine.fact("fact-003").path
    folder_mtime = os.stat(path.parent).st_mtime_ns
    text = path.read_text(encoding="utf-8")
    with open(path, "r+", encoding="utf-8") as file:   # in place: the same inode, the folder untouched
        file.write(text.rstrip("\n") + " quetzalcoatl\n")
    assert os.stat(path.parent).st_mtime_ns == folder_mtime
    service.wait_until(lambda: "quetzalcoatl" in service.hook("tell me about quetzalcoatl").stdout,
                       what="the edit to reach the hook")


def test_a_stale_socket_is_replaced_and_the_turn_still_gets_its_recall(service, facts):
    Path(service.address.folder).mkdir(mode=0o700)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)   # a service that crashed: its socket stayed
    dead.bind(service.address.socket)
    dead.close()
    with open_engine(service.root, service.workspace) as engine:
        want = engine.recall("deploy cache timeout", record=False).block
    done = service.hook("deploy cache timeout")
    assert done.returncode == 0 and done.stdout == want + "\n", done.stderr
    service.wait_until(lambda: service.status() is not None, what="a new service")   # the hook started one
    served = service.status()["served"]
    assert service.hook("deploy cache timeout").stdout == want + "\n"
    assert service.status()["served"] == served + 1


def _impostor(path: Path, reply: bytes, stop: threading.Event, hold: bool = False) -> threading.Thread:
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(8)
    listener.settimeout(0.1)

    def serve() -> None:
        with listener:
            while not stop.is_set():
                try:
                    conn, _ = listener.accept()
                except TimeoutError:
                    continue
                with conn:
                    if reply:
                        conn.sendall(reply)
                    if hold or not reply:   # then says nothing more, ever
                        stop.wait()
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return thread


@pytest.mark.adversarial
@pytest.mark.parametrize("reply", [
    b"\x00\x00\x00\x05hello",                                                  # not JSON
    wire.header({"protocol": 99, "code": 0}),                                  # not a frame, another protocol
    b"\xff\xff\xff\xff",                                                       # a frame of 4 GB announced
    b"".join(len(f).to_bytes(4, "big") + f for f in (wire.header({"protocol": 1, "refused": "x"}),)),
    b"".join(len(f).to_bytes(4, "big") + f for f in (wire.header({"protocol": 1, "code": 0}), b"EVIL")),  # cut short
])
def test_a_garbled_or_foreign_answer_is_never_believed(service, facts, reply):
    Path(service.address.folder).mkdir(mode=0o700)
    stop = threading.Event()
    thread = _impostor(Path(service.address.socket), reply, stop)
    try:
        with open_engine(service.root, service.workspace) as engine:
            want = engine.recall("deploy cache timeout", record=False).block
        alone_env = {**service.env, "CONTEXT_CENTER_SERVICE": "off"}
        listed = service.command("--workspace", str(service.workspace), "memory", "list", "--json")
        assert listed.returncode == 0 and listed.stdout == service.command(
            "--workspace", str(service.workspace), "memory", "list", "--json", env=alone_env).stdout
        done = service.hook("deploy cache timeout")
        assert done.returncode == 0 and done.stdout == want + "\n", done.stderr
        assert "EVIL" not in done.stdout + listed.stdout
    finally:
        stop.set()
        thread.join(5)


@pytest.mark.adversarial
def test_a_service_that_never_answers_costs_the_turn_only_its_budget(service, facts):
    Path(service.address.folder).mkdir(mode=0o700)
    stop = threading.Event()
    thread = _impostor(Path(service.address.socket), b"", stop)
    try:
        done = service.hook("deploy cache timeout", env={**service.env, "CONTEXT_CENTER_HOOK_BUDGET": "0.5"})
        assert done.returncode == 0 and done.stdout == ""
        assert "no answer within 0.5 s" in done.stderr
    finally:
        stop.set()
        thread.join(5)


@pytest.mark.adversarial
def test_callers_that_stall_or_vanish_hold_up_no_one(service, facts):
    service.start()
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    silent.connect(service.address.socket)          # connects, says nothing, stays
    half = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    half.connect(service.address.socket)
    half.sendall(b"\x00\x00\x10\x00{\"protocol\"")       # half a frame, then gone
    half.close()
    try:
        with open_engine(service.root, service.workspace) as engine:
            want = engine.recall("deploy cache timeout", record=False).block
        done = service.hook("deploy cache timeout")
        assert done.returncode == 0 and done.stdout == want + "\n", done.stderr
        assert service.status()["served"] == 1
    finally:
        silent.close()


@pytest.mark.adversarial
def test_the_service_runs_no_command_that_writes_even_when_asked(service, facts):
    service.start()
    for argv in (["memory", "remember", "--title", "planted", "--body", "planted by a caller"],
                 ["--workspace", "/", "memory", "forget", "fact-001"], ["sync"], ["hook"]):
        with pytest.raises(client.NoAnswer):
            client.ask(service.address, argv, b"", wait=10)
    with open_engine(service.root, service.workspace) as engine:
        assert {fact.name for fact in engine.facts()} == {f"fact-{i:03d}" for i in range(120)}


def test_it_stops_by_itself_when_idle(service, facts):
    env = {**service.env, "CONTEXT_CENTER_SERVICE_IDLE": "1"}
    done = service.command("service", "start", "--json", env=env)
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    service.pids.add(state["pid"])
    assert state["idle_limit"] == 1.0
    service.wait_until(lambda: service.status() is None, what="the idle service to stop")
    assert not os.path.exists(service.address.socket)


def test_a_service_started_from_other_code_makes_way(service, facts):
    first = service.start()["pid"]
    import context_center.resident.routes as routes

    source = Path(routes.__file__)
    before = os.stat(source)
    try:
        os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
        with open_engine(service.root, service.workspace) as engine:
            want = engine.recall("deploy cache timeout", record=False).block
        done = service.hook("deploy cache timeout")     # the old one refuses; answered here, a new one started
        assert done.returncode == 0 and done.stdout == want + "\n", done.stderr
        service.wait_until(lambda: (service.status() or {}).get("pid", first) != first, what="a new service")
    finally:
        os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_status_start_and_stop(service, facts):
    assert "Not running" in service.command("service", "status").stdout
    state = service.start()
    assert service.start()["pid"] == state["pid"]   # a second start finds it running
    shown = service.command("service", "status").stdout
    assert f"pid {state['pid']}" in shown
    assert service.command("service", "stop").stdout.startswith("Stopped")
    assert service.status() is None and not os.path.exists(service.address.socket)
    assert "not running" in service.command("service", "stop").stdout


@pytest.mark.adversarial
@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to be another user")
def test_a_caller_of_another_user_is_refused(service, facts):
    service.start()
    service.runtime.chmod(0o755)                 # as if the folders let others in: the service still says no
    os.chmod(service.address.folder, 0o755)
    os.chmod(service.address.socket, 0o666)
    # the service may hang up before the probe has sent its bytes (it checks who calls first): either
    # way, the probe is hung up on
    probe = ("import socket, sys, os; os.setuid(65534); s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])\n"
             "try: s.sendall(b'\\x00\\x00\\x00\\x02{}'); print(repr(s.recv(100)))\n"
             "except (ConnectionResetError, BrokenPipeError): print(repr(b''))")
    done = subprocess.run([os.sys.executable, "-c", probe, service.address.socket], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0 and done.stdout.strip() == "b''", done.stdout + done.stderr   # hung up on
    assert "refused a caller of another user" in Path(service.address.log).read_text()


@pytest.mark.adversarial
def test_a_repository_cannot_stand_in_for_the_service_it_starts(service, facts):
    planted = service.workspace / "context_center"   # the hook runs in the project: -m must not find this
    planted.mkdir()
    (planted / "__init__.py").write_text("")
    marker = service.workspace / "ran"
    (planted / "__main__.py").write_text(f"open({str(marker)!r}, 'w').write('planted code ran')\n")
    # as Claude Code runs it: the installed program (here the interpreter with -P, which is what the
    # console script amounts to), from the project's folder
    hook = [sys.executable, "-P", "-m", "context_center", "--state-root", str(service.root), "hook", "claude-code"]
    for _ in range(2):   # the first starts the service, the second is answered by it
        done = subprocess.run(hook, input=service.event("deploy cache timeout"), capture_output=True, text=True,
                              env=service.env, cwd=service.workspace, timeout=60)
        assert done.returncode == 0, done.stderr
        service.wait_until(lambda: service.status() is not None, what="the service the hook started")
    assert service.status()["served"] == 1
    assert not marker.exists()


def test_a_caller_whose_folder_was_removed_still_gets_its_answer(service, facts, tmp_path):
    service.start()
    with open_engine(service.root, service.workspace) as engine:
        want = engine.recall("deploy cache timeout", record=False).block
    gone = tmp_path / "gone"
    gone.mkdir()
    script = ("import os, subprocess, sys; os.chdir(sys.argv[1]); os.rmdir(sys.argv[1]); "
              "sys.exit(subprocess.run(sys.argv[2:], input=sys.stdin.read(), text=True).returncode)")
    done = subprocess.run([sys.executable, "-c", script, str(gone), sys.executable, "-m", "context_center",
                           "--state-root", str(service.root), "hook", "claude-code"],
                          input=service.event("deploy cache timeout"), capture_output=True, text=True,
                          env=service.env, timeout=60)
    assert done.returncode == 0 and done.stdout == want + "\n", done.stderr


@pytest.mark.adversarial
@pytest.mark.parametrize("argv", [["memory", "--json", "pin", "fact-001"], ["memory", "--json", "remember", "--title",
                                  "planted", "--body", "x"], ["memory", "--he"], ["memory", "--json", "forget", "x"],
                                  ["memory", "recall", "--history", "--keep-days", "0", "--keep-entries", "0"],
                                  ["memory", "recall", "--history", "--keep-e=0"]])
def test_options_before_a_subcommand_never_carry_a_write_into_the_service(service, facts, argv):
    service.start()
    with pytest.raises(client.NoAnswer):
        client.ask(service.address, argv, b"", wait=10)
    with open_engine(service.root, service.workspace) as engine:
        assert not engine.fact("fact-001").pinned and len(engine.facts()) == 120


@pytest.mark.adversarial
def test_the_service_keeps_none_of_its_starters_open_descriptors(service, facts):
    read_end, write_end = os.pipe()   # a caller reading the hook's output to its end (a shell's $(…))
    try:
        proc = subprocess.Popen([sys.executable, "-m", "context_center", "--state-root", str(service.root),
                                 "hook", "claude-code"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, pass_fds=(write_end,), env=service.env,
                                cwd=service.workspace)
        proc.communicate(service.event("deploy cache timeout").encode(), timeout=60)
        os.close(write_end)
        write_end = -1
        service.wait_until(lambda: service.status() is not None, what="the service the hook started")
        readable, _, _ = select.select([read_end], [], [], 20)
        assert readable and os.read(read_end, 1) == b""   # the end of the pipe: nobody holds it open
    finally:
        os.close(read_end)
        if write_end != -1:
            os.close(write_end)


def test_an_edit_in_place_is_seen_after_the_fact_folder_was_put_back(service, facts, tmp_path):
    service.start()
    service.hook("warm the store")
    with open_engine(service.root, service.workspace) as engine:
        path = engine.fact("fact-004").path
    folder, kept = path.parent, tmp_path / "kept"
    shutil.copytree(folder, kept)
    shutil.rmtree(folder)
    shutil.copytree(kept, folder)   # a restore, a checkout: another folder in the same place
    service.hook("after the restore")
    text = path.read_text(encoding="utf-8")
    with open(path, "r+", encoding="utf-8") as file:
        file.write(text.rstrip("\n") + " xylophonist\n")
    service.wait_until(lambda: "xylophonist" in service.hook("tell me about the xylophonist").stdout,
                       what="the edit to reach the hook")


@pytest.mark.adversarial
def test_a_request_that_fails_to_start_leaves_the_service_as_it_was(service, facts):
    state = service.start()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(service.address.socket)
    head = {"protocol": wire.PROTOCOL, "op": "run", "key": service.address.key, "argv": ["memory", "list"],
            "cwd": str(service.workspace), "env": {"HOME": "/"}, "tty": False, "encoding": "rot13",
            "errors": "strict", "umask": 0}
    wire.send_frames(sock, wire.header(head), b"")
    assert "refused" in wire.read_header(sock)
    sock.close()
    assert os.readlink(f"/proc/{state['pid']}/cwd") == "/"
    umask = next(line for line in Path(f"/proc/{state['pid']}/status").read_text().splitlines()
                 if line.startswith("Umask"))
    assert umask.split()[1] != "0000"
    assert service.hook("deploy cache timeout").returncode == 0


def test_a_hook_whose_budget_is_spent_before_its_turn_is_neither_answered_nor_recorded(service, facts):
    service.start()
    with pytest.raises(client.OutOfTime):
        client.ask(service.address, ["--state-root", str(service.root), "hook", "claude-code"],
                   service.event("deploy cache timeout").encode(), wait=0.0001, budgeted=True)
    assert service.hook("deploy cache timeout").returncode == 0   # (after the late one, in turn)
    with open_engine(service.root, service.workspace) as engine:
        assert len(engine.injections(session="s-test")) == 1


def test_a_caller_told_stopping_hears_it_before_the_service_ends(tmp_path, monkeypatch):
    """``stop`` sets the flag the accepting loop watches, then writes its answer: on a loaded
    machine the loop saw the flag first and the process ended with the answer unwritten (the
    caller read a connection closed mid-frame). Ending waits for the answers being written."""
    from context_center.resident.address import Address
    from context_center.service import server

    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    service = server.Service(Address(str(folder), "k" * 16), idle=600)
    service.listen()
    real_send = wire.send_frames

    written: list[bool] = []

    def slow_send(conn, *frames):   # the answer leaves late, as under load
        threading.Event().wait(0.5)
        real_send(conn, *frames)
        if threading.current_thread().name != "caller":   # (the caller's request goes through it too)
            written.append(True)

    monkeypatch.setattr(server.wire, "send_frames", slow_send)
    loop = threading.Thread(target=service.serve_forever)
    loop.start()
    answers: list[object] = []
    caller = threading.Thread(target=lambda: answers.append(client.request(service.address, "stop")),
                              name="caller")
    caller.start()
    loop.join(30)
    service.close()   # what the process does next, before it exits
    assert written == [True]   # the answer was written before close returned
    caller.join(30)
    assert answers == [{"protocol": wire.PROTOCOL, "stopping": True}]


@pytest.mark.adversarial
def test_a_summary_the_service_answers_runs_nothing_the_workspaces_git_config_names(git_repo, service):
    from support.hostile_git import arm, fired

    markers = arm(git_repo)
    service.start()
    served = service.status()["served"]
    for argv in (["memory", "--json"], ["memory"], ["memory", "list", "--json"]):
        done = service.command("--workspace", str(git_repo), *argv)
        assert done.returncode == 0, done.stderr
    assert service.status()["served"] == served + 1   # `memory list` was the service's; the summary never is
    assert fired(markers) == []


def _framed(*frames: bytes) -> bytes:
    return b"".join(len(f).to_bytes(4, "big") + f for f in frames)


@pytest.mark.adversarial
@pytest.mark.parametrize("reply", [
    b"",                                                                        # takes the request, then nothing
    _framed(wire.header({"protocol": 1, "working": True})),                    # a heartbeat, then silence
    _framed(wire.header({"protocol": 1, "code": 0}))[:-3],                     # stops mid-frame
    _framed(wire.header({"protocol": 1, "code": 0}), b"EVIL") + b"\x00\x00",  # stops inside the last frame
])
def test_a_service_that_falls_silent_is_taken_for_none_within_seconds(service, facts, reply):
    """A read command waited 120 s on a stalled service; now silence of a few seconds (the
    service beats every half second while it works) sends it to its own process."""
    Path(service.address.folder).mkdir(mode=0o700)
    stop = threading.Event()
    thread = _impostor(Path(service.address.socket), reply, stop, hold=True)
    try:
        alone_env = {**service.env, "CONTEXT_CENTER_SERVICE": "off"}
        argv = ("--workspace", str(service.workspace), "memory", "list", "--json")
        started = time.monotonic()
        listed = service.command(*argv)
        took = time.monotonic() - started
        assert listed.returncode == 0 and listed.stdout == service.command(*argv, env=alone_env).stdout
        assert took < 30, f"{took:.1f} s: the caller waited on the silent service"   # (it was 120 s)
        with open_engine(service.root, service.workspace) as engine:
            want = engine.recall("deploy cache timeout", record=False).block
        done = service.hook("deploy cache timeout")   # its 10 s budget: silence ends the wait, recall runs here
        assert done.returncode == 0 and done.stdout == want + "\n", done.stderr
    finally:
        stop.set()
        thread.join(5)


@pytest.mark.adversarial
def test_a_stopped_service_is_no_service_and_a_resumed_one_serves_again(service, facts):
    state = service.start()
    alone_env = {**service.env, "CONTEXT_CENTER_SERVICE": "off"}
    argv = ("--workspace", str(service.workspace), "memory", "show", "fact-011", "--json")
    want = service.command(*argv, env=alone_env).stdout
    os.kill(state["pid"], signal.SIGSTOP)
    try:
        started = time.monotonic()
        shown = service.command(*argv)
        assert shown.returncode == 0 and shown.stdout == want
        assert time.monotonic() - started < 30   # (it waited 120 s)
    finally:
        os.kill(state["pid"], signal.SIGCONT)
    served = service.status()["served"]
    assert service.command(*argv).stdout == want and service.status()["served"] == served + 1


@pytest.mark.adversarial
def test_a_workspace_whose_git_hangs_takes_recall_from_no_other(service, facts, tmp_path):
    """A workspace whose .git/config includes a FIFO makes every git there wait for ever: its
    summary says the team's status is unavailable after the read timeout, and meanwhile the hook
    of another workspace, answered by the service, recalls on every prompt."""
    hanging = tmp_path / "fws"
    subprocess.run(["git", "init", "-q", str(hanging)], check=True, timeout=60)
    os.mkfifo(tmp_path / "fifo")
    with open(hanging / ".git" / "config", "a") as config:
        config.write(f"[include]\n\tpath = {tmp_path / 'fifo'}\n")
    service.start()
    argv = [sys.executable, "-m", "context_center", "--state-root", str(service.root), "--workspace", str(hanging)]
    summary = subprocess.Popen([*argv, "memory", "--json"], env=service.env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    listed = subprocess.Popen([*argv, "memory", "list", "--json"], env=service.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        with open_engine(service.root, service.workspace) as engine:
            want = engine.recall("deploy cache timeout", record=False).block
        served = service.status()["served"]
        for _ in range(4):
            done = service.hook("deploy cache timeout")
            assert done.returncode == 0 and done.stdout == want + "\n", done.stderr
        assert service.status()["served"] >= served + 4   # the service's answers, each with its recall
        out, err = summary.communicate(timeout=60)
        assert summary.returncode == 0, err
        said = [d["reason"] for d in json.loads(out)["diagnostics"]]
        assert any("git did not answer within 10 s" in reason for reason in said), said
        out, err = listed.communicate(timeout=60)
        assert listed.returncode == 0 and json.loads(out)["facts"] == [], err
    finally:
        for process in (summary, listed):
            process.kill()
            process.wait(10)
