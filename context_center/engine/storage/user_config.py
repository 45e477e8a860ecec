"""The user's configuration file, and the one rule that picks the state root every face opens.

``config.toml`` in the platform's user config directory (``$XDG_CONFIG_HOME/context-center`` or
``~/.config/context-center`` on Linux) holds ``state_root = "…"``, an absolute path or one starting
with ``~``. The state root is, in order: ``--state-root``, ``$CONTEXT_CENTER_HOME``, the file's
``state_root``, the platform's user data directory; :func:`choose_state_root` says which decided.
The window, the command line, the hook and the MCP server all ask it, so a store chosen once is the
store of every face.

A file that is not TOML, or a ``state_root`` that is relative or names a file, is a
:class:`ConfigError` naming the file and the line: never a silent fallback to another store. A key
this version does not know is a warning (a newer version may have written it). The file is read
with the standard library (the hook reads it on every prompt); written with tomlkit, which keeps
the user's comments and key order.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..errors import InvalidInput
from .atomic_write import write_atomic
from .safe_read import UnsafeFile, read_regular_bytes

APP_NAME = "context-center"
HOME_ENV = "CONTEXT_CENTER_HOME"
CONFIG_FILE_NAME = "config.toml"
STATE_ROOT_KEY = "state_root"
KNOWN_KEYS = (STATE_ROOT_KEY,)
SOURCES = ("flag", "env", "config", "default")
MAX_CONFIG_BYTES = 1 << 20


class ConfigError(InvalidInput):
    """The user's config file cannot be used: the message names the file and the line."""

    code = "CONFIG_ERROR"


@dataclass(frozen=True)
class StateRootChoice:
    """The state root a face opens, which source decided it, and the config file (None: none)."""

    path: Path
    source: str                       # one of SOURCES
    config_file: Path | None
    warnings: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"state_root": str(self.path), "source": self.source,
                "config_file": str(self.config_file) if self.config_file is not None else None,
                "warnings": list(self.warnings)}


@dataclass(frozen=True)
class UserConfig:
    """What the file says: its ``state_root`` (made absolute, None when unset) and its warnings."""

    file: Path
    exists: bool
    state_root: Path | None = None
    warnings: tuple[str, ...] = ()


def config_file() -> Path:
    """Where the user's config file is (whether or not it exists)."""
    import platformdirs  # deferred: only when neither a flag nor the environment chose

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / CONFIG_FILE_NAME


def platform_default() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def choose_state_root(flag: str | os.PathLike[str] | None = None,
                      environ: Mapping[str, str] | None = None) -> StateRootChoice:
    """The state root by the rule above; :class:`ConfigError` when the config file decides and
    cannot be used (a flag or the environment never reads it). ``environ``: the environment of the
    process that will open it (default: this one's), for a command another program starts."""
    if flag is not None:
        if not str(flag).strip():   # --state-root "$UNSET_VARIABLE" must not open the real store
            raise InvalidInput("the state root is empty; give a folder, or leave the option out for the default")
        return StateRootChoice(_absolute(_expanded(flag, "--state-root")), "flag", _existing(config_file()))
    env = (os.environ if environ is None else environ).get(HOME_ENV)
    if env:
        return StateRootChoice(_absolute(_expanded(env, f"${HOME_ENV}")), "env", _existing(config_file()))
    config = read_config()
    if config.state_root is not None:
        return StateRootChoice(config.state_root, "config", config.file, config.warnings)
    return StateRootChoice(_absolute(platform_default()), "default", config.file if config.exists else None,
                           config.warnings)


def read_config(path: Path | None = None) -> UserConfig:
    """Read the config file (``path``, default :func:`config_file`); :class:`ConfigError` when it
    cannot be used."""
    path = path or config_file()
    raw = _read(path)
    if raw is None:
        return UserConfig(path, exists=False)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ConfigError(f"{path}:{line}: not UTF-8 text") from None
    import tomllib  # the standard library's; only when there is a file

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}:{_line_of_error(str(exc))}: not valid TOML: {_without_position(str(exc))}") \
            from None
    except RecursionError:   # arrays or tables nested thousands deep
        raise ConfigError(f"{path}: nested too deep; this is not a config file") from None
    warnings = tuple(f"{path}:{_line_of_key(text, key)}: unknown key {key!r}, ignored (a newer version may have "
                     "written it)" for key in data if key not in KNOWN_KEYS)
    value = data.get(STATE_ROOT_KEY)
    if value is None:
        return UserConfig(path, True, None, warnings)
    where = f"{path}:{_line_of_key(text, STATE_ROOT_KEY)}"
    return UserConfig(path, True, checked_state_root(value, where), warnings)


def _read(path: Path) -> bytes | None:
    """The file's bytes (None: there is none). A regular file only, whatever a link points at, and
    never more than the cap: a FIFO would hang every face, and ``/dev/zero`` grow it without end."""
    try:
        return read_regular_bytes(path, MAX_CONFIG_BYTES)
    except FileNotFoundError:
        return None
    except UnsafeFile as exc:
        reason = exc.reason.replace(f"over the {MAX_CONFIG_BYTES:,}-byte limit", "too large for a config file")
        raise ConfigError(f"{path}: {reason}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read: {exc.strerror or exc}") from None


# Where no store can live: the kernel's own views of processes, devices and settings.
_VIRTUAL = ("/proc", "/sys", "/dev")


def checked_state_root(value: object, where: str = "state_root") -> Path:
    """``value`` as a state root the config file may hold, made absolute; :class:`ConfigError` saying
    why not (``where`` names the file and the line)."""
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where}: state_root must be a folder's path, in quotes")
    control = next((char for char in value if ord(char) < 0x20 or ord(char) == 0x7F), None)
    if control is not None:
        raise ConfigError(f"{where}: state_root holds a control character ({_shown(control)}); a folder's "
                          "path has none")
    if not (value.startswith("~") or os.path.isabs(value)):
        raise ConfigError(f"{where}: state_root {value!r} is relative; give an absolute path or one starting "
                          "with ~ (a relative one would name another folder in every directory)")
    root = _absolute(_expanded(value, where))
    real = os.path.realpath(root)
    inside = next((top for top in _VIRTUAL if real == top or real.startswith(top + "/")), None)
    if inside is not None:
        raise ConfigError(f"{where}: state_root {value!r} is inside {inside}, the kernel's view of the system; "
                          "no store can live there")
    if root.exists() and not root.is_dir():
        raise ConfigError(f"{where}: state_root {value!r} names a file, not a folder")
    return root


def _shown(char: str) -> str:
    return {"\n": "a newline", "\t": "a tab", "\r": "a carriage return", "\0": "a NUL"}.get(char, f"U+{ord(char):04X}")


def set_state_root(folder: str | os.PathLike[str]) -> UserConfig:
    """Write ``state_root`` into the config file (made if needed, its comments and other keys kept);
    a relative ``folder`` is taken from the current directory, as a shell user means it."""
    if not str(folder).strip():
        raise ConfigError("the state root is empty; give a folder")
    root = checked_state_root(str(_absolute(_expanded(folder, "the state root"))), "the state root")
    document = _document()
    document[STATE_ROOT_KEY] = str(root)
    return _write(document)


def unset_state_root() -> UserConfig:
    """Remove ``state_root`` from the config file (the file itself stays, with anything else in it)."""
    path = config_file()
    if not path.exists():
        return UserConfig(path, exists=False)
    document = _document()
    if STATE_ROOT_KEY in document:
        del document[STATE_ROOT_KEY]
        return _write(document)
    return read_config(path)


def _document() -> Any:   # tomlkit's TOMLDocument, imported late
    """The config file as tomlkit reads it, to change one key. A bad *value* is what set and
    unset are for; a file that is not TOML (or not UTF-8) is said, never overwritten."""
    import tomlkit

    path = config_file()
    raw = _read(path)
    if raw is None:
        return tomlkit.document()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text; fix it by hand (it is left as it is)") from None
    try:
        return tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as exc:
        raise ConfigError(f"{path}:{exc.line}: not valid TOML ({exc}); fix it by hand (it is left as it "
                          "is)") from None
    except RecursionError:
        raise ConfigError(f"{path}: nested too deep; fix it by hand (it is left as it is)") from None


def _write(document: Any) -> UserConfig:
    import tomlkit

    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(Path(os.path.realpath(path)), tomlkit.dumps(document))   # a dotfiles link stays a link
    return read_config(path)


def _existing(path: Path) -> Path | None:
    return path if path.is_file() else None


def _absolute(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _expanded(value: str | os.PathLike[str], where: str) -> Path:
    """``value`` with a leading ``~`` or ``~user`` expanded; :class:`ConfigError` for a user
    this machine does not have (pathlib raises RuntimeError, a traceback for the user)."""
    try:
        return Path(value).expanduser()
    except RuntimeError:
        raise ConfigError(f"{where}: {str(value)!r} names the home folder of a user this machine does not "
                          "have") from None


_POSITION = re.compile(r"\s*\(at line (\d+), column \d+\)\s*$")


def _line_of_error(message: str) -> int:
    found = _POSITION.search(message)
    return int(found.group(1)) if found else 1


def _without_position(message: str) -> str:
    return _POSITION.sub("", message)


def _line_of_key(text: str, key: str) -> int:
    """The line where ``key`` is set, or its table begins (``[key]``, ``[key.sub]``)."""
    found = re.search(rf"^[ \t]*(?:\[+[ \t]*)?[\"']?{re.escape(key)}[\"']?[ \t]*[=.\]]", text, re.MULTILINE)
    return text.count("\n", 0, found.start()) + 1 if found else 1
