"""Two machines and a remote, with real git: a bare repository in tmp_path and two state roots.
The fixtures are registered in conftest.py."""
from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def synced_git(root: Path, *args: str) -> str:
    """git in a state root's sync repository (``<root>/sync.git``, the root its work tree)."""
    return git("--git-dir", str(root / "sync.git"), "--work-tree", str(root), *args, cwd=root)


@pytest.fixture
def git_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """git's configuration isolated from the user's: its own HOME and global config."""
    home = tmp_path / "home"
    home.mkdir()
    config = home / ".gitconfig"
    config.write_text("[user]\n\tname = Test\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    return home


@pytest.fixture
def remote(tmp_path: Path, git_home: Path) -> str:
    path = tmp_path / "remote.git"
    git("init", "-q", "--bare", str(path), cwd=tmp_path)
    return str(path)


@dataclass
class Machine:
    root: Path
    workspace: Path

    def open(self):
        from context_center.engine import open_engine

        return open_engine(state_root=self.root, workspace=self.workspace)


def make_machine(tmp_path: Path, name: str, checkout: str = "app", origin: str = "") -> Machine:
    """A state root and a workspace (a real repository, with ``origin`` when given)."""
    workspace = tmp_path / name / "src" / checkout
    workspace.mkdir(parents=True)
    git("init", "-q", str(workspace), cwd=tmp_path)
    if origin:
        git("remote", "add", "origin", origin, cwd=workspace)
    return Machine(tmp_path / name / "state", workspace)


@pytest.fixture
def two_machines(tmp_path: Path, remote: str) -> tuple[Machine, Machine]:
    """Two machines with one repository checked out under different paths (its origin spelled two ways)."""
    return (make_machine(tmp_path, "laptop", "app", "git@github.com:acme/app.git"),
            make_machine(tmp_path, "desk", "work-app", "https://user:token@github.com/acme/app"))


class Attacker:
    """Someone who can push to the remote: a bare clone of it, and trees built with git's plumbing,
    so a push can hold what no work tree can (a ``..`` entry, a symlink, a submodule)."""

    def __init__(self, remote: str, where: Path) -> None:
        self.remote = remote
        self.repo = where
        git("clone", "-q", "--bare", remote, str(where), cwd=where.parent)

    def _git(self, *args: str, stdin: bytes | None = None) -> str:
        return subprocess.run(["git", "--git-dir", str(self.repo), *args], input=stdin, check=True,
                              capture_output=True).stdout.decode()

    def files(self) -> dict[str, tuple[str, str]]:
        """path → (mode, object) of the remote's branch as it is now."""
        self._git("fetch", "-q", "origin", "+refs/heads/main:refs/heads/main")
        out = self._git("ls-tree", "-r", "-z", "main")
        found = {}
        for entry in filter(None, out.split("\0")):
            info, path = entry.split("\t", 1)
            mode, _kind, sha = info.split()
            found[path] = (mode, sha)
        return found

    def blob(self, data: bytes | str) -> str:
        raw = data.encode() if isinstance(data, str) else data
        return self._git("hash-object", "-w", "--stdin", stdin=raw).strip()

    def push(self, changes: dict[str, tuple[str, bytes | str] | None], *, base: dict | None = None,
             parent: bool = True, force: bool = False, message: str = "evil", literally: bool = False) -> str:
        """Push the branch with ``changes`` (path → (mode, content), None to delete; mode 160000
        takes a commit id as content) over ``base`` (default: the branch as it is). ``literally``:
        trees written without git's checks (an entry of a file's mode may then name any object)."""
        entries = dict(self.files() if base is None else base)
        for path, change in changes.items():
            if change is None:
                entries.pop(path, None)
            else:
                mode, content = change
                entries[path] = (mode, content if mode == "160000" else self.blob(content))
        tree = self._raw_tree(entries) if literally else self._tree(entries)
        parents = ["-p", "main"] if parent else []
        commit = self._git("commit-tree", tree, *parents, "-m", message).strip()
        self._git("push", "-q", *(["--force"] if force else []), "origin", f"{commit}:refs/heads/main")
        self._git("update-ref", "refs/heads/main", commit)
        return commit

    def _raw_tree(self, entries: dict[str, tuple[str, str]]) -> str:
        children: dict[str, dict] = {}
        leaves: list[tuple[str, str, str]] = []
        for path, (mode, sha) in entries.items():
            head, _, rest = path.partition("/")
            if rest:
                children.setdefault(head, {})[rest] = (mode, sha)
            else:
                leaves.append((mode, head, sha))
        leaves += [("40000", name, self._raw_tree(inner)) for name, inner in children.items()]
        leaves.sort(key=lambda leaf: leaf[1] + ("/" if leaf[0] == "40000" else ""))
        data = b"".join(mode.encode() + b" " + name.encode() + b"\0" + bytes.fromhex(sha) for mode, name, sha in leaves)
        return self._git("hash-object", "-t", "tree", "-w", "--literally", "--stdin", stdin=data).strip()

    def _tree(self, entries: dict[str, tuple[str, str]]) -> str:
        children: dict[str, dict] = {}
        leaves: list[str] = []
        for path, (mode, sha) in entries.items():
            head, _, rest = path.partition("/")
            if rest:
                children.setdefault(head, {})[rest] = (mode, sha)
            else:
                kind = {"160000": "commit", "040000": "tree"}.get(mode, "blob")
                leaves.append(f"{mode} {kind} {sha}\t{head}")
        for name, inner in children.items():
            leaves.append(f"040000 tree {self._tree(inner)}\t{name}")
        return self._git("mktree", "--missing", stdin=("\n".join(leaves) + "\n").encode()).strip()


def planted_table_of_contents(marker: Path) -> bytes:
    """A Whoosh table of contents whose schema is a pickle that makes the folder ``marker`` when
    loaded: what an attacker would put in ``index/`` to run code on the next search."""
    import io
    import os
    import pickle

    from whoosh import __version__
    from whoosh.filedb.structfile import StructFile
    from whoosh.index import _CURRENT_TOC_VERSION, _FLOAT_SIZE, _INT_SIZE, _LONG_SIZE

    class Payload:
        def __reduce__(self):
            return os.mkdir, (str(marker),)

    buffer = io.BytesIO()
    stream = StructFile(buffer)
    for size in (_INT_SIZE, _LONG_SIZE, _FLOAT_SIZE):
        stream.write_varint(size)
    stream.write_int(-12345)
    stream.write_int(_CURRENT_TOC_VERSION)
    for number in __version__:
        stream.write_varint(number)
    stream.write_string(pickle.dumps(Payload()))
    stream.write_int(999)
    stream.write_int(0)
    stream.write_pickle([])
    return buffer.getvalue()
