"""Secrets (a relevance judge's API key) in the OS keyring, never in a file, log or trace.

``keyring`` falls back silently to backends that are not safe for a desktop app:
``keyrings.alt``'s plaintext file, or a "fail"/"null" backend that loses what it is
given. :meth:`SecretStore.warning` names such a backend so a face can say so, and
:meth:`SecretStore.set` refuses to write to it unless the caller accepts the risk.
"""
from __future__ import annotations

from ..errors import RefusedError, StorageError

SERVICE = "context-center"
_INSECURE = ("keyrings.alt", "keyring.backends.fail", "keyring.backends.null", "keyring.backends.chainer")


class InsecureKeyring(RefusedError):
    """The only keyring here keeps secrets in plain text: no secret is stored in it."""

    code = "INSECURE_KEYRING"


def _describe(backend: object) -> str:
    return f"{type(backend).__module__}.{type(backend).__qualname__}"


class SecretStore:
    def __init__(self, service: str = SERVICE) -> None:
        import keyring  # deferred: only the faces that need a secret pay for it

        self._keyring = keyring
        self.service = service

    @property
    def backend(self) -> str:
        return _describe(self._keyring.get_keyring())

    def warning(self) -> str | None:
        """Why the current backend is not a safe place for secrets, or None if it is."""
        backend = self._keyring.get_keyring()
        name = _describe(backend)
        if name.startswith(("keyring.backends.fail", "keyring.backends.null")):
            return f"no usable OS keyring ({name}); secrets cannot be stored"
        if name.startswith("keyring.backends.chainer") and not getattr(backend, "backends", None):
            return f"no usable OS keyring ({name}); secrets cannot be stored"
        if name.startswith("keyrings.alt"):
            return (f"the keyring backend {name} keeps secrets in a file readable without your login "
                    "keyring (plaintext or weakly encrypted); install and unlock a desktop keyring instead")
        return None

    def get(self, name: str) -> str | None:
        try:
            return self._keyring.get_password(self.service, name)
        except self._keyring.errors.KeyringError as exc:
            raise StorageError(f"the keyring could not be read: {exc}") from exc

    def set(self, name: str, value: str, *, allow_insecure: bool = False) -> None:
        warning = self.warning()
        if warning and not allow_insecure:
            raise InsecureKeyring(f"refusing to store {name!r}: {warning}")
        try:
            self._keyring.set_password(self.service, name, value)
        except self._keyring.errors.KeyringError as exc:
            raise StorageError(f"the keyring could not store {name!r}: {exc}") from exc

    def delete(self, name: str) -> None:
        try:
            self._keyring.delete_password(self.service, name)
        except self._keyring.errors.PasswordDeleteError:
            pass
        except self._keyring.errors.KeyringError as exc:
            raise StorageError(f"the keyring could not delete {name!r}: {exc}") from exc
