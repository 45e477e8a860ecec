"""Several processes on one state root: nothing lost, exactly one winner per race."""
import subprocess
from concurrent.futures import ThreadPoolExecutor


def run_all(cli, argvs):
    def launch(argv):
        return subprocess.Popen(cli.argv(*argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, text=True, env=cli.env(), cwd=cli.workspace)

    procs = [launch(argv) for argv in argvs]  # all started before any is awaited
    with ThreadPoolExecutor(len(procs)) as pool:
        results = list(pool.map(lambda p: (p.wait(timeout=120), *p.communicate()), procs))
    return results


WRITERS = 16  # more processes than cores, all started before any finishes: enough to race


def test_parallel_remembers_all_land(cli):
    argvs = [("memory", "remember", "--name", f"fact-{i:02d}", "--title", f"Fact {i}",
              "--body", f"body {i}", "--json") for i in range(WRITERS)]
    results = run_all(cli, argvs)
    assert [code for code, _, _ in results] == [0] * WRITERS, [err for _, _, err in results if err]
    names = sorted(f["name"] for f in cli.ok("memory", "list")["facts"])
    assert names == [f"fact-{i:02d}" for i in range(WRITERS)]
    index = (cli.root / "projects").glob("*/memory/MEMORY.md")
    assert sum(line.startswith("- [") for line in next(index).read_text().splitlines()) == WRITERS


def test_six_edits_with_the_same_expected_revision_give_one_success(cli):
    fact = cli.remember("contested", "v1")
    argvs = [("memory", "edit", fact["id"], "--body", f"writer {i}", "--expected-revision", "1", "--json")
             for i in range(6)]
    results = run_all(cli, argvs)
    codes = sorted(code for code, _, _ in results)
    assert codes == [0, 1, 1, 1, 1, 1]
    assert all("REVISION_CONFLICT" in err for code, _, err in results if code == 1)
    final = cli.ok("memory", "show", fact["id"])
    assert final["revision"] == 2 and final["body"].startswith("writer ")


def test_two_racing_recovers_have_exactly_one_winner(cli):
    fact = cli.remember("raced", "body")
    path = cli.ok("memory", "forget", fact["id"])["forgotten"]["path"]
    results = run_all(cli, [("memory", "recover", path, "--json")] * 2)
    assert sorted(code for code, _, _ in results) == [0, 1]
    assert cli.ok("memory", "show", fact["id"])["revision"] == 2
