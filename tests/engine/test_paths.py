"""State root, workspace and project key resolution."""
import hashlib

from context_center.engine.paths import StorePaths, detect_workspace, project_key, resolve_state_root


def test_state_root_prefers_the_argument_then_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CONTEXT_CENTER_HOME", str(tmp_path / "env-root"))
    assert resolve_state_root(tmp_path / "given") == tmp_path / "given"
    assert resolve_state_root(None) == tmp_path / "env-root"


def test_without_either_the_platform_data_dir_is_used(monkeypatch, tmp_path):
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert resolve_state_root(None) == tmp_path / "xdg" / "context-center"


def test_workspace_is_the_nearest_ancestor_with_git(tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "a" / "b").mkdir(parents=True)
    assert detect_workspace(repo / "a" / "b") == repo
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    assert detect_workspace(lonely) == lonely


def test_project_key_is_slug_and_path_digest(tmp_path):
    ws = tmp_path / "My Repo!"
    ws.mkdir()
    digest = hashlib.sha1(str(ws.resolve()).encode()).hexdigest()[:10]
    assert project_key(ws) == f"my-repo-{digest}"
    long = tmp_path / ("x" * 60)
    long.mkdir()
    assert project_key(long).startswith("x" * 40 + "-")


def test_store_paths_lay_out_both_scopes(tmp_path):
    paths = StorePaths.create(tmp_path / "root", tmp_path)
    assert paths.memory_dir("global") == tmp_path / "root" / "memory" / "global"
    assert paths.memory_dir("project").parent.parent == tmp_path / "root" / "projects"
