"""State root, workspace and project key resolution."""
import hashlib

from context_center.engine.storage.paths import (
    StorePaths,
    detect_workspace,
    legacy_project_key,
    project_key,
    resolve_state_root,
)


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


def test_project_key_is_reasonix_workspace_slug(tmp_path):
    ws = tmp_path / "My Repo!" / "app:v2"
    ws.mkdir(parents=True)
    assert project_key(ws) == str(ws.resolve()).replace("/", "-").replace(":", "-")
    assert project_key(ws).startswith("-") and "My Repo!" in project_key(ws)


def test_project_key_follows_symlinks_to_the_resolved_path(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "alias").symlink_to(real)
    assert project_key(tmp_path / "alias") == project_key(real)


def test_a_long_project_key_is_cut_at_a_whole_character_and_hashed(tmp_path):
    ws = tmp_path
    for _ in range(12):
        ws = ws / ("长路径" * 6)  # 18 bytes of CJK per level: the slug crosses 255 bytes mid-character
    ws.mkdir(parents=True)
    slug = str(ws.resolve()).replace("/", "-")
    key = project_key(ws)
    assert len(key.encode()) <= 255
    prefix, digest = key[:-17], key[-16:]
    assert key[-17] == "-" and len(digest) == 16 and int(digest, 16) >= 0
    assert slug.startswith(prefix) and 235 < len(prefix.encode()) <= 238
    expected = 0xcbf29ce484222325
    for byte in slug.encode():
        expected = ((expected ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    assert int(digest, 16) == expected


def test_the_earlier_key_is_still_known_for_moving_old_folders(tmp_path):
    ws = tmp_path / "My Repo!"
    ws.mkdir()
    digest = hashlib.sha1(str(ws.resolve()).encode()).hexdigest()[:10]
    assert legacy_project_key(ws) == f"my-repo-{digest}"


def test_store_paths_lay_out_both_scopes(tmp_path):
    paths = StorePaths.create(tmp_path / "root", tmp_path)
    assert paths.memory_dir("global") == tmp_path / "root" / "memory" / "global"
    assert paths.memory_dir("project").parent.parent == tmp_path / "root" / "projects"
