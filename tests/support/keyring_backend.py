"""A keyring backend of the tests' own: secrets in memory, never on this machine's keyring.

In process: ``keyring.set_keyring(MemoryKeyring())``. In a child process (an MCP server):
``PYTHON_KEYRING_BACKEND=support.keyring_backend.MemoryKeyring`` with ``tests/`` on ``PYTHONPATH``;
``CC_TEST_KEYRING`` (JSON ``{"service": {"name": "secret"}}``) seeds what it starts with.
"""
from __future__ import annotations

import json
import os

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class MemoryKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        seeded = json.loads(os.environ.get("CC_TEST_KEYRING", "{}"))
        self.secrets: dict[tuple[str, str], str] = {
            (service, name): value for service, names in seeded.items() for name, value in names.items()}

    def get_password(self, service: str, username: str) -> str | None:
        return self.secrets.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.secrets[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.secrets.pop((service, username), None) is None:
            raise PasswordDeleteError(f"no secret {username!r} for {service!r}")
