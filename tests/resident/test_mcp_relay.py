"""``context-center mcp`` served by a process forked from the service's warm zygote: the official
client sees the same server as the one a process of its own runs, with the caller's environment,
folder and streams; signals and the end of the stream reach it; a refused or abandoned hand-over
leaves the caller to serve itself, its streams untouched."""
from __future__ import annotations

import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio
import pytest

from context_center.engine import open_agent_memory
from context_center.resident import client, wire
from resident.conftest import Service

TESTS = Path(__file__).resolve().parents[1]


def _env(service, **extra: str) -> dict[str, str]:
    env = dict(service.env)
    env.update(PYTHONPATH=os.pathsep.join([str(TESTS), str(TESTS.parent)]),
               PYTHON_KEYRING_BACKEND="support.keyring_backend.MemoryKeyring", CC_TEST_KEYRING="{}")
    env.update(extra)
    return env


def _argv(service, *args: str, state_root: bool = True) -> list[str]:
    return [sys.executable, "-m", "context_center", *(["--state-root", str(service.root)] if state_root else []),
            "mcp", *args]


def started(service) -> int:
    """MCP servers handed to the zygote since the test began."""
    state = service.status()
    assert state is not None
    return state["mcp"]["servers_started"] - getattr(service, "base", 0)


def _ready(service) -> None:
    service.wait_until(lambda: (((service.status() or {}).get("mcp") or {}).get("zygote") or {}).get("ready"),
                       60, "the zygote")


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    """One service with its zygote ready for the tests that leave it running (a zygote imports for
    seconds: started once, not per test), started as `service start` starts it, with the import
    path the servers here are started with (a server is forked only for a caller whose path is the
    zygote's)."""
    base = tmp_path_factory.mktemp("warm")
    runtime = Path(tempfile.mkdtemp(prefix="cc-run-", dir="/tmp"))
    runtime.chmod(0o700)
    (base / "home").mkdir()
    env = {k: v for k, v in os.environ.items() if k != "CONTEXT_CENTER_HOME"}
    env.update(XDG_RUNTIME_DIR=str(runtime), CONTEXT_CENTER_SERVICE="on", CONTEXT_CENTER_SERVICE_IDLE="600",
               HOME=str(base / "home"), PYTHONPATH=os.pathsep.join([str(TESTS), str(TESTS.parent)]),
               PYTHON_KEYRING_BACKEND="support.keyring_backend.MemoryKeyring", CC_TEST_KEYRING="{}")
    running = Service(base / "state", base / "work", runtime, env)
    running.root.mkdir()
    running.workspace.mkdir()
    running.start()
    _ready(running)
    yield running
    for pid in running.pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    shutil.rmtree(runtime, ignore_errors=True)


@pytest.fixture
def zygote(warm, tmp_path):
    """The warm service, for this test: a store and a workspace of its own, counts from now."""
    state, work = tmp_path / "state", tmp_path / "work" / "demo"
    state.mkdir()
    (work / ".git").mkdir(parents=True)
    view = Service(state, work, warm.runtime, warm.env, warm.pids)
    assert warm.status() is not None, "the shared service stopped"
    view.base = started(warm)   # type: ignore[attr-defined]
    return view


@pytest.fixture
def own_zygote(service):
    """A service of this test's own (it stops it), started as `service start` starts it."""
    service.env = _env(service)
    service.start()
    _ready(service)
    return service


def remember(service, *contents: str, root: Path | None = None) -> None:
    memory = open_agent_memory(root or service.root, service.workspace, "contract", use_judge=False)
    try:
        for content in contents:
            memory.create({"content": content, "category": "decision"})
    finally:
        memory.close()


def converse(argv: list[str], env: dict[str, str], cwd: Path, calls: list[tuple[str, dict]]) -> dict:
    """Spawn the server as a client does, list its tools and make ``calls``; what it answered."""
    async def run() -> dict:
        import mcp_types
        from mcp import Client
        from mcp.client.stdio import StdioServerParameters, stdio_client

        params = StdioServerParameters(command=argv[0], args=argv[1:], env=env, cwd=str(cwd))
        with open(os.devnull, "w") as quiet:
            async with Client(stdio_client(params, errlog=quiet),
                              client_info=mcp_types.Implementation(name="relay-test", version="1")) as session:
                tools = await session.list_tools()
                answers = []
                for tool, arguments in calls:
                    result = await session.call_tool(tool, arguments)
                    answers.append((bool(result.is_error), result.content[0].text))
        return {"tools": [tool.model_dump(mode="json") for tool in tools.tools], "answers": answers}

    return anyio.run(run)


def test_a_forked_server_answers_as_a_server_of_its_own_process(zygote):
    remember(zygote, "Deploys go through the staging cluster first.", "The staging cluster is in eu-west-1.",
             "Lunch is at noon.")
    calls = [("memory_search", {"query": "where is the staging cluster"}),
             ("memory_search", {"query": "staging", "filters": {"category": ["decision"]}}),
             ("memory_map", {})]
    relayed = converse(_argv(zygote, "--project", str(zygote.workspace)), _env(zygote), zygote.workspace, calls)
    assert started(zygote) == 1
    own = converse(_argv(zygote, "--project", str(zygote.workspace)), _env(zygote, CONTEXT_CENTER_SERVICE="off"),
                   zygote.workspace, calls)
    assert started(zygote) == 1
    assert relayed == own
    assert "eu-west-1" in relayed["answers"][0][1]


def test_each_forked_server_has_its_callers_environment(zygote, tmp_path):
    """Two callers whose state roots differ only by $CONTEXT_CENTER_HOME, served by one zygote."""
    roots = [tmp_path / "first-root", tmp_path / "second-root"]
    for root, content in zip(roots, ("The first store keeps red apples.", "The second store keeps green pears.")):
        root.mkdir()
        remember(zygote, content, root=root)
    answers = [converse(_argv(zygote, "--project", str(zygote.workspace), state_root=False),
                        _env(zygote, CONTEXT_CENTER_HOME=str(root)), zygote.workspace,
                        [("memory_search", {"query": "what does the store keep"})])["answers"][0][1]
               for root in roots]
    assert started(zygote) == 2
    assert "red apples" in answers[0] and "green pears" not in answers[0]
    assert "green pears" in answers[1] and "red apples" not in answers[1]


def test_a_write_through_a_forked_server_lands_in_the_callers_store(zygote):
    answer = converse(_argv(zygote, "--project", str(zygote.workspace)), _env(zygote), zygote.workspace,
                      [("memory_create", {"content": "The billing worker retries three times.",
                                          "category": "decision"})])["answers"][0]
    assert not answer[0], answer
    memory = open_agent_memory(zygote.root, zygote.workspace, "contract", use_judge=False)
    try:
        assert "retries three times" in memory.search({"query": "billing worker retries"})
    finally:
        memory.close()


def test_a_refusal_reads_as_a_servers_own(zygote, tmp_path):
    missing = str(tmp_path / "no-such-project")
    runs = [subprocess.run(_argv(zygote, "--project", missing), env=_env(zygote, **extra), cwd=zygote.workspace,
                           capture_output=True, text=True, timeout=60)
            for extra in ({}, {"CONTEXT_CENTER_SERVICE": "off"})]
    assert started(zygote) == 1
    assert runs[0].returncode == runs[1].returncode == 2
    assert runs[0].stderr == runs[1].stderr and "INVALID_PROJECT_PATH" in runs[0].stderr
    assert runs[0].stdout == runs[1].stdout == ""


INITIALIZE = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}) + "\n"


def _relay(zygote) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(_argv(zygote, "--project", str(zygote.workspace)), env=_env(zygote),
                               cwd=zygote.workspace, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(INITIALIZE.encode())
    process.stdin.flush()
    line = process.stdout.readline()
    assert json.loads(line)["id"] == 1, line
    assert started(zygote) == 1   # (a server forked for it answered, not one of its own)
    return process


def _end_of_stream(stream, seconds: float = 20) -> bool:
    """Whether ``stream`` ends (every writer closed it) within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], 0.1)
        if ready and not os.read(stream.fileno(), 65536):
            return True
    return False


def test_closing_its_input_ends_the_forked_server_and_the_caller(zygote):
    process = _relay(zygote)
    process.stdin.close()
    assert process.wait(timeout=20) == 0
    assert _end_of_stream(process.stdout)
    process.stdout.close()


def test_a_signal_to_the_caller_reaches_the_forked_server(zygote):
    """Terminated as a client terminates its server: both end (the stream closes though its input
    stays open), and the caller ends as a server of its own would, by that signal."""
    process = _relay(zygote)
    process.send_signal(signal.SIGTERM)
    assert _end_of_stream(process.stdout)
    assert process.wait(timeout=20) == -signal.SIGTERM
    process.stdin.close()
    process.stdout.close()


def test_the_first_server_serves_itself_while_the_zygote_warms_up(service, tmp_path):
    """A service the hook started has no zygote yet: the first server runs in its own process (and
    has the zygote started), a later one is forked."""
    service.env = _env(service)
    assert service.hook("anything").returncode == 0
    service.wait_until(lambda: service.status() is not None, 30, "the service")
    calls = [("memory_search", {"query": "anything at all"})]
    first = converse(_argv(service, "--project", str(service.workspace)), _env(service), service.workspace, calls)
    assert started(service) == 0
    service.wait_until(lambda: (service.status()["mcp"]["zygote"] or {}).get("ready"), 60, "the zygote")
    later = converse(_argv(service, "--project", str(service.workspace)), _env(service), service.workspace, calls)
    assert started(service) == 1
    assert first == later


def _as_a_relay(zygote) -> dict:
    """What a relay started as the tests start servers says of itself (pytest's own process has
    faulthandler on, and another import path): its import path (its first entry, its folder,
    included), interpreter and process."""
    done = subprocess.run([sys.executable, "-c", "import json, sys; from context_center.resident import wire; "
                           "print(json.dumps({'path': sys.path, 'interpreter': wire.interpreter_setup(), "
                           "'process': wire.process_setup()}))"],
                          env=_env(zygote), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _hand_over(zygote, head_changes: dict, streams: list[int] | None) -> tuple[socket.socket, dict]:
    """What a caller that speaks the protocol itself gets for a hand-over of ``streams``."""
    head = {"protocol": wire.PROTOCOL, "op": "mcp", "key": zygote.address.key,
            "argv": ["--state-root", str(zygote.root), "mcp"], "cwd": str(zygote.workspace), "env": _env(zygote),
            "umask": 0o022, "encoding": "utf-8", "errors": "strict", **_as_a_relay(zygote), "safe_path": False,
            "ignored": [], "streams": {"stdin": ["utf-8", "strict"], "stdout": ["utf-8", "strict"]},
            **head_changes}
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(zygote.address.socket)
    sock.settimeout(20)
    wire.send_frames(sock, wire.header(head))
    if streams is None:
        sock.sendall(b"F")
    else:
        socket.send_fds(sock, [b"F"], streams)
    return sock, wire.read_header(sock)


def test_a_caller_that_gives_up_before_saying_go_keeps_its_streams_unread(zygote):
    reading, writing = os.pipe()
    out_read, out_write = os.pipe()
    try:
        os.write(writing, INITIALIZE.encode())
        sock, answer = _hand_over(zygote, {}, [reading, out_write, 2])
        assert "pid" in answer, answer
        pid = answer["pid"]
        sock.close()   # gone without a word: it serves itself
        zygote.wait_until(lambda: not os.path.exists(f"/proc/{pid}"), 20, "the forked process to leave")
        os.close(writing)
        assert os.read(reading, 65536) == INITIALIZE.encode()   # every byte still there for the caller
    finally:
        for fd in (reading, out_read, out_write):
            os.close(fd)


@pytest.mark.parametrize("changes, streams, why", [
    ({"argv": ["--state-root", "/tmp", "memory", "forget", "x"]}, "pipe", "not a command"),
    ({"argv": ["mcp", "--http", "127.0.0.1:0"]}, "pipe", "not a command"),
    ({}, None, "no standard streams"),
    ({"path": "/tmp"}, "pipe", "no import path"),
    ({"env": {"A": 1}}, "pipe", "environment"),
    ({"interpreter": [[9], [], "ascii", "strict", "ascii", "1"]}, "pipe", "interpreter"),
    ({"path": ["/", "/elsewhere"]}, "pipe", "import path"),
    ({"process": {"cgroup": "0::/another.slice"}}, "pipe", "control group"),
    ({"process": "nonsense"}, "pipe", "malformed"),
])
def test_a_hand_over_the_zygote_must_not_take_is_refused(zygote, changes, streams, why):
    reading, writing = os.pipe()
    try:
        sock, answer = _hand_over(zygote, changes, None if streams is None else [reading, writing, 2])
        sock.close()
        assert why in answer.get("refused", ""), answer
        assert "pid" not in answer
    finally:
        os.close(reading)
        os.close(writing)
    # (these are refused by the forked process itself, which alone knows what it was started as)
    assert started(zygote) == (1 if why in ("interpreter", "import path", "control group") else 0)


def test_a_forked_server_outlives_the_service(own_zygote):
    zygote = own_zygote
    process = _relay(zygote)
    assert client.request(zygote.address, "stop")["stopping"] is True
    zygote.wait_until(lambda: zygote.status() is None, 30, "the service to stop")
    request = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n" + json.dumps(
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}) + "\n"
    process.stdin.write(request.encode())
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["id"] == 2
    process.stdin.close()
    assert process.wait(timeout=20) == 0
    process.stdout.close()


def _forked_servers(zygote) -> list[int]:
    """The processes forked from the zygote, now."""
    parent = zygote.status()["mcp"]["zygote"]["pid"]
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent and fields[0] != "Z":
                found.append(int(entry))
    return found


def test_a_relay_killed_outright_takes_its_server_with_it(zygote):
    before = set(_forked_servers(zygote))
    process = _relay(zygote)
    [server] = set(_forked_servers(zygote)) - before
    process.kill()
    assert process.wait(timeout=20) == -signal.SIGKILL
    assert _end_of_stream(process.stdout)   # its input still open: the server ended all the same
    zygote.wait_until(lambda: server not in _forked_servers(zygote), 20, "the server to end")
    process.stdin.close()
    process.stdout.close()


def test_a_server_killed_by_a_signal_ends_its_caller_by_that_signal(zygote):
    before = set(_forked_servers(zygote))
    process = _relay(zygote)
    [server] = set(_forked_servers(zygote)) - before
    os.kill(server, signal.SIGKILL)
    assert process.wait(timeout=20) == -signal.SIGKILL
    process.stdin.close()
    process.stdout.close()


def test_a_caller_started_without_its_input_serves_itself_and_ends(zygote):
    done = subprocess.run(_argv(zygote, "--project", str(zygote.workspace)), env=_env(zygote), cwd=zygote.workspace,
                          capture_output=True, timeout=60, preexec_fn=lambda: os.close(0))
    own = subprocess.run(_argv(zygote, "--project", str(zygote.workspace)),
                         env=_env(zygote, CONTEXT_CENTER_SERVICE="off"), cwd=zygote.workspace, capture_output=True,
                         timeout=60, preexec_fn=lambda: os.close(0))
    assert done.returncode == own.returncode and started(zygote) == 0


def test_a_forked_server_has_its_callers_resource_limits(zygote):
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(soft, 321)
    before = set(_forked_servers(zygote))
    process = subprocess.Popen(_argv(zygote, "--project", str(zygote.workspace)), env=_env(zygote),
                               cwd=zygote.workspace, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL,
                               preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard)))
    process.stdin.write(INITIALIZE.encode())
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["id"] == 1
    [server] = set(_forked_servers(zygote)) - before
    with open(f"/proc/{server}/limits") as limits:
        line = next(row for row in limits if row.startswith("Max open files"))
    assert line.split()[3] == str(wanted)
    process.stdin.close()
    assert process.wait(timeout=20) == 0
    process.stdout.close()


def test_a_caller_with_another_import_path_serves_itself(zygote, tmp_path):
    answers = converse(_argv(zygote, "--project", str(zygote.workspace)),
                       _env(zygote, PYTHONPATH=os.pathsep.join([str(TESTS), str(TESTS.parent), str(tmp_path)])),
                       zygote.workspace, [("memory_search", {"query": "anything"})])
    assert answers["answers"] and started(zygote) == 1   # handed over, and refused by the fork: served itself


def test_a_stopped_zygote_is_let_go_and_holds_no_callers_streams(own_zygote):
    zygote = own_zygote
    stopped = zygote.status()["mcp"]["zygote"]["pid"]
    os.kill(stopped, signal.SIGSTOP)
    try:
        done = subprocess.run(_argv(zygote, "--project", str(zygote.workspace)), env=_env(zygote),
                              cwd=zygote.workspace, input=INITIALIZE.encode(), capture_output=True, timeout=60)
        assert done.returncode == 0 and b'"id":1' in done.stdout   # served itself; its pipes closed (run returned)
        assert started(zygote) == 0
        zygote.wait_until(lambda: _state(stopped) in (None, "Z"), 20, "the stopped zygote to be let go")
    finally:
        try:
            os.kill(stopped, signal.SIGCONT)
        except ProcessLookupError:
            pass


def _state(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def test_the_zygote_forks_from_one_native_thread():
    """OpenBLAS, which NumPy loads, started a native thread at import: the zygote forked with it
    running (Python's thread count saw one thread). Its imports now leave the process one thread."""
    probe = ("import os, sys\n"
             "for name in ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS'):\n"
             "    os.environ.pop(name, None)\n"
             "from context_center.service import zygote\n"
             "zygote._preload()\n"
             "print(zygote.native_threads())\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1"]
