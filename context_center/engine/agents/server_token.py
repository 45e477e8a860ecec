"""The bearer tokens of ``context-center mcp --http``: named, each with a scope, made here.

A token's value lives in the OS keyring and nowhere else (never a file of ours, a setting, a log
line or an error message); its name and scope live in the state root's catalog settings
(``mcp.tokens``): ``{"name": {"project": "/abs/path" | null, "read_only": bool, "created_at"}}``.
A project-scoped token binds only that workspace; a read-only token is refused every write.
The token earlier versions made (keyring key ``mcp-http-token``, no setting) is ``default``, with
full scope. A headless server without a usable keyring takes one token from
``$CONTEXT_CENTER_MCP_TOKEN`` or ``--token-file F`` instead (full scope; a file anyone else can
read is refused).
"""
from __future__ import annotations

import hmac
import os
import re
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import clock
from ..errors import InvalidInput, RefusedError, StorageError
from ..judge.config import keyring_problem
from ..storage.safe_read import read_regular_bytes
from ..storage.secret_store import SecretStore

if TYPE_CHECKING:
    from ..facade import Engine

KEY_NAME = "mcp-http-token"   # the keyring key of "default"; "mcp-http-token:<name>" for the others
TOKENS_SETTING = "mcp.tokens"
DEFAULT_NAME = "default"
PREFIX = "ccmcp_"      # says what it is to a person and to secret scanners
TOKEN_BYTES = 32       # 256 bits from the OS's CSPRNG
ENV_TOKEN = "CONTEXT_CENTER_MCP_TOKEN"
MIN_GIVEN_CHARS = 16   # a token from the environment or a file shorter than this is no secret
_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")


class TokenExists(RefusedError):
    """A token of that name already exists; revoke it first, or choose another name."""

    code = "TOKEN_EXISTS"


@dataclass(frozen=True)
class TokenGrant:
    """What one token may do: bind only ``project`` (when set), write only when not ``read_only``."""

    name: str
    project: str | None = None
    read_only: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "project": self.project, "read_only": self.read_only}

    @property
    def scope_said(self) -> str:
        """Its scope in words: "project DIR, read-only", "every project"."""
        where = f"project {self.project}" if self.project else "every project"
        return where + (", read-only" if self.read_only else "")


FULL = TokenGrant("full")


def _secrets() -> SecretStore:
    return SecretStore()


def _key(name: str) -> str:
    return KEY_NAME if name == DEFAULT_NAME else f"{KEY_NAME}:{name}"


def _usable_keyring() -> None:
    problem = keyring_problem(f"serve with a token from ${ENV_TOKEN} or a token file instead")
    if problem:
        raise StorageError(problem)


def check_name(name: str) -> str:
    if not _NAME.match(name):
        raise InvalidInput("a token's name is 1 to 64 lowercase letters, digits, '.', '_' or '-', starting with a "
                           f"letter or a digit (not {name[:80]!r})")
    return name


def _registry(engine: Engine) -> dict[str, dict[str, Any]]:
    raw = engine.setting(TOKENS_SETTING)
    return {str(k): v for k, v in raw.items() if isinstance(v, dict)} if isinstance(raw, dict) else {}


def create_server_token(engine: Engine, name: str = DEFAULT_NAME, *, project: str | os.PathLike[str] | None = None,
                        read_only: bool = False, replace: bool = False) -> tuple[str, TokenGrant]:
    """A new random token named ``name``, stored in the keyring and returned once, with its scope. A
    token of that name already there is kept (:class:`TokenExists`) unless ``replace``: its clients
    would stop working. A replaced token keeps its scope: a replacement never widens what a name
    may do (a scope given that differs is refused; revoke and create to change one)."""
    check_name(name)
    scope_project = None
    if project is not None:
        folder = Path(os.path.abspath(os.path.expanduser(str(project))))
        if not folder.is_dir():
            raise InvalidInput(f"the token's project {project} is not an existing directory")
        scope_project = str(folder)
    _usable_keyring()
    store = _secrets()
    if store.get(_key(name)) and not replace:
        raise TokenExists(f"a token named {name!r} is already in the keyring and its clients use it; replace it on "
                          "purpose, or revoke it first")
    kept = next((grant for grant in server_tokens(engine) if grant.name == name), None) if replace else None
    if kept is not None and (scope_project, bool(read_only)) != (kept.project, kept.read_only):
        if scope_project is not None or read_only:
            raise InvalidInput(f"a replaced token keeps its scope ({name!r}: {kept.scope_said}); to change it, "
                               "revoke the token and make it again")
        scope_project, read_only = kept.project, kept.read_only
    token = PREFIX + secrets.token_urlsafe(TOKEN_BYTES)
    store.set(_key(name), token)
    registry = _registry(engine)
    registry[name] = {"project": scope_project, "read_only": bool(read_only),
                      "created_at": clock.format_timestamp(clock.now())}
    engine.set_setting(TOKENS_SETTING, registry)
    return token, TokenGrant(name, scope_project, bool(read_only))


def revoke_server_token(engine: Engine, name: str = DEFAULT_NAME) -> bool:
    """Remove the token ``name``; True when there was one."""
    check_name(name)
    store = _secrets()
    had = bool(store.get(_key(name)))
    store.delete(_key(name))
    registry = _registry(engine)
    had = registry.pop(name, None) is not None or had
    engine.set_setting(TOKENS_SETTING, registry)
    return had


def server_tokens(engine: Engine) -> list[TokenGrant]:
    """Every token by name and scope (the registry, and the key an earlier version made)."""
    registry = _registry(engine)
    grants = [TokenGrant(name, entry.get("project") if isinstance(entry.get("project"), str) else None,
                         entry.get("read_only") is True) for name, entry in sorted(registry.items())]
    if DEFAULT_NAME not in registry and _secrets().get(KEY_NAME):
        grants.insert(0, TokenGrant(DEFAULT_NAME))
    return grants


def stored_tokens(engine: Engine) -> list[tuple[TokenGrant, str]]:
    """(grant, value) of each token the keyring holds: what the HTTP gate compares against.
    :class:`StorageError` when the keyring cannot be read."""
    store = _secrets()
    found = []
    for grant in server_tokens(engine):
        value = store.get(_key(grant.name))
        if value:
            found.append((grant, value))
    return found


def server_token_status(engine: Engine) -> dict[str, Any]:
    """The tokens by name and scope, and where they are kept (never a value)."""
    problem = keyring_problem()
    try:
        tokens = [grant.to_json() for grant, _value in stored_tokens(engine)]
        backend = _secrets().backend
    except Exception as exc:  # noqa: BLE001 - a keyring that cannot be asked: said, not raised
        tokens, backend = [], type(exc).__name__
    return {"token": bool(tokens), "tokens": tokens, "backend": backend, "keyring_problem": problem}


def given_token(token_file: str | None) -> str | None:
    """The token a headless server was given (a token file, else ``$CONTEXT_CENTER_MCP_TOKEN``),
    or None; a file others can read, or one that is not a plain file, is refused with what to run."""
    if token_file is not None:
        path = Path(token_file).expanduser()
        try:
            info = os.stat(path)
        except OSError as exc:
            raise InvalidInput(f"the token file {token_file}: {exc.strerror}") from None
        if not stat.S_ISREG(info.st_mode):
            raise InvalidInput(f"the token file {token_file} is not a regular file")
        if info.st_mode & 0o077:
            raise InvalidInput(f"the token file {token_file} can be read by other users (mode "
                               f"{stat.S_IMODE(info.st_mode):o}); make it yours alone: chmod 600 {token_file}")
        if info.st_size > 4096:
            raise InvalidInput(f"the token file {token_file} holds {info.st_size:,} bytes: a token is one line")
        try:   # (what is opened decides: the file could be swapped for a FIFO since the stat)
            value = read_regular_bytes(path, 4096).decode("utf-8", errors="replace").strip()
        except OSError as exc:
            raise InvalidInput(f"the token file {token_file}: {exc.strerror or exc}") from None
        source = f"the token file {token_file}"
    else:
        value = os.environ.get(ENV_TOKEN, "").strip()
        source = f"${ENV_TOKEN}"
        if not value:
            return None
    if len(value) < MIN_GIVEN_CHARS or any(ch.isspace() for ch in value):
        raise InvalidInput(f"the token in {source} must be one word of at least {MIN_GIVEN_CHARS} characters "
                           "(make one with: python3 -c 'import secrets; print(secrets.token_urlsafe(32))')")
    return value


def matching_grant(given: str, tokens: list[tuple[TokenGrant, str]]) -> TokenGrant | None:
    """The grant whose token ``given`` is, compared with every one in constant time."""
    found = None
    for grant, value in tokens:
        if token_matches(given, value):
            found = grant
    return found


def token_matches(given: str, expected: str) -> bool:
    """Compare in constant time (the time taken says nothing of how much of ``given`` was right)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))
