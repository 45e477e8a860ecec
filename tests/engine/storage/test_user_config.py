"""One store for every face (#29): the four sources of the state root, in order, and a config file
that cannot be used said with its file and line, never a silent fallback."""
from __future__ import annotations

from pathlib import Path

import pytest

from context_center.engine import ConfigError, choose_state_root, open_engine
from context_center.engine.storage import user_config


@pytest.fixture
def config(user_config_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("CONTEXT_CENTER_HOME", raising=False)
    path = user_config_home / "context-center" / "config.toml"
    path.parent.mkdir(parents=True)
    return path


def test_flag_then_environment_then_config_file_then_the_platform_default(config: Path, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch):
    default = choose_state_root(None)
    assert (default.source, default.config_file) == ("default", None)
    assert default.path == Path(user_config.platform_default()).absolute()
    config.write_text(f'# where my facts are\nstate_root = "{tmp_path / "chosen"}"\n')
    chosen = choose_state_root(None)
    assert (chosen.path, chosen.source, chosen.config_file) == (tmp_path / "chosen", "config", config)
    monkeypatch.setenv("CONTEXT_CENTER_HOME", str(tmp_path / "env"))
    assert (choose_state_root(None).path, choose_state_root(None).source) == (tmp_path / "env", "env")
    flagged = choose_state_root(str(tmp_path / "flag"))
    assert (flagged.path, flagged.source, flagged.config_file) == (tmp_path / "flag", "flag", config)
    with open_engine(workspace=tmp_path) as engine:   # what every face opens
        assert engine.paths.root == tmp_path / "env"


def test_a_tilde_is_the_home_and_set_and_unset_keep_the_rest_of_the_file(config: Path, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    config.write_text('# my settings\n\nstate_root = "~/notes/store"   # the laptop\n')
    assert choose_state_root(None).path == tmp_path / "home" / "notes" / "store"
    user_config.set_state_root(tmp_path / "elsewhere")
    text = config.read_text()
    assert text.startswith("# my settings\n") and f'state_root = "{tmp_path / "elsewhere"}"' in text
    assert choose_state_root(None).path == tmp_path / "elsewhere"
    user_config.unset_state_root()
    assert config.read_text().startswith("# my settings") and "state_root" not in config.read_text()
    assert choose_state_root(None).source == "default"


@pytest.mark.parametrize("text, line, said", [
    ('# a comment\nstate_root = "/x\n', 2, "not valid TOML"),
    ('\n\nstate_root = "relative/store"\n', 3, "is relative"),
    ("state_root = 42\n", 1, "must be a folder's path"),
    ("[state_root]\npath = '/x'\n", 1, "must be a folder's path"),
])
def test_a_config_file_that_cannot_be_used_names_its_file_and_line(config: Path, text: str, line: int, said: str):
    config.write_text(text)
    with pytest.raises(ConfigError) as raised:
        choose_state_root(None)
    assert raised.value.message.startswith(f"{config}:{line}: ") and said in raised.value.message


def test_a_state_root_naming_a_file_or_bytes_that_are_not_text_are_refused(config: Path, tmp_path: Path):
    (tmp_path / "a-file").write_text("x")
    config.write_text(f'state_root = "{tmp_path / "a-file"}"\n')
    with pytest.raises(ConfigError, match="names a file"):
        choose_state_root(None)
    config.write_bytes(b'state_root = "\xff"\n')
    with pytest.raises(ConfigError, match=":1: not UTF-8"):
        choose_state_root(None)
    with pytest.raises(ConfigError):   # set refuses to overwrite what it cannot read
        user_config.set_state_root(tmp_path / "store")
    assert config.read_bytes() == b'state_root = "\xff"\n'


def test_an_unknown_key_is_a_warning_with_its_line_and_a_flag_never_reads_the_file(config: Path, tmp_path: Path):
    config.write_text(f'state_root = "{tmp_path / "s"}"\n\ntheme = "dark"\n')
    choice = choose_state_root(None)
    assert choice.path == tmp_path / "s"
    assert choice.warnings == (f"{config}:3: unknown key 'theme', ignored (a newer version may have written it)",)
    config.write_text("not toml at all [")
    assert choose_state_root(str(tmp_path / "flag")).path == tmp_path / "flag"


def test_set_and_unset_mend_a_bad_value_and_keep_a_linked_file_a_link(config: Path, tmp_path: Path):
    dotfiles = tmp_path / "dotfiles" / "cc.toml"
    dotfiles.parent.mkdir()
    dotfiles.write_text('# mine\nstate_root = "relative"\n\n[extra]\nx = 1\n')
    config.symlink_to(dotfiles)
    with pytest.raises(ConfigError, match="is relative"):
        choose_state_root(None)
    user_config.unset_state_root()   # the fix doctor names works on the value it complains of
    assert config.is_symlink() and dotfiles.read_text().startswith("# mine\n")
    assert choose_state_root(None).warnings == (f"{config}:3: unknown key 'extra', ignored (a newer version may "
                                                "have written it)",)
    user_config.set_state_root(tmp_path / "store")
    assert config.is_symlink() and choose_state_root(None).path == tmp_path / "store"


@pytest.mark.parametrize("how", ["config", "flag", "env"])
def test_a_home_folder_of_a_user_this_machine_lacks_is_a_clear_error(config: Path, how: str,
                                                                    monkeypatch: pytest.MonkeyPatch):
    odd = "~no-such-user-here/store"
    if how == "config":
        config.write_text(f'state_root = "{odd}"\n')
    if how == "env":
        monkeypatch.setenv("CONTEXT_CENTER_HOME", odd)
    with pytest.raises(ConfigError, match="a user this machine does not have"):
        choose_state_root(odd if how == "flag" else None)
