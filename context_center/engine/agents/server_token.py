"""The bearer token of ``context-center mcp --http``: made here, kept in the OS keyring and
nowhere else (never a file, a setting, a log line or an error message).

One token per user (the keyring is per user), like the judge's API key: any state root served
over HTTP by this user answers to it.
"""
from __future__ import annotations

import hmac
import secrets
from typing import Any

from ..errors import RefusedError, StorageError
from ..storage.secret_store import SecretStore
from .judge_config import keyring_problem

KEY_NAME = "mcp-http-token"
PREFIX = "ccmcp_"      # says what it is to a person and to secret scanners
TOKEN_BYTES = 32       # 256 bits from the OS's CSPRNG


class TokenExists(RefusedError):
    code = "TOKEN_EXISTS"


def _secrets() -> SecretStore:
    return SecretStore()


def _usable_keyring() -> None:
    problem = keyring_problem("serve on this machine's loopback address only, without a token")
    if problem:
        raise StorageError(problem)


def create_server_token(*, replace: bool = False) -> str:
    """A new random token, stored in the keyring and returned once. A token already there is kept
    (:class:`TokenExists`) unless ``replace``: its clients would stop working."""
    _usable_keyring()
    store = _secrets()
    if store.get(KEY_NAME) and not replace:
        raise TokenExists("a token for the HTTP server is already in the keyring and its clients use it; "
                          "replace it on purpose, or revoke it first")
    token = PREFIX + secrets.token_urlsafe(TOKEN_BYTES)
    store.set(KEY_NAME, token)
    return token


def revoke_server_token() -> bool:
    """Remove the token; True when there was one."""
    store = _secrets()
    had = bool(store.get(KEY_NAME))
    store.delete(KEY_NAME)
    return had


def server_token() -> str | None:
    """The stored token, or None; :class:`StorageError` when the keyring cannot be read."""
    return _secrets().get(KEY_NAME) or None


def server_token_status() -> dict[str, Any]:
    """Whether a token is stored and where (never the token)."""
    problem = keyring_problem()
    try:
        stored = bool(server_token())
        backend = _secrets().backend
    except Exception as exc:  # a keyring that cannot be asked: said, not raised
        stored, backend = False, type(exc).__name__
    return {"token": stored, "backend": backend, "keyring_problem": problem}


def token_matches(given: str, expected: str) -> bool:
    """Compare in constant time (the time taken says nothing of how much of ``given`` was right)."""
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))
