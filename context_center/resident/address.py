"""Where the service listens: a Unix socket in a folder only this user can enter.

``$XDG_RUNTIME_DIR/context-center`` when the session has a runtime folder (the login manager's,
private by construction); else the login manager's folder itself, ``/run/user/UID``, when it is
there and private (a caller started with a pared-down environment, as Codex starts an MCP
server, must find the service its user's shell started, not start a second one); else
``/tmp/context-center-UID``. A folder that exists but is not ours,
is reachable by others, or is a symlink is never used: another user could otherwise stand in for
the service. The socket's name holds a key of the installation (this package's folder, the
interpreter and the version), so two installs never answer each other's commands.
"""
from __future__ import annotations

import os
import stat
import sys
import zlib

import context_center

FOLDER_NAME = "context-center"
# sockaddr_un.sun_path holds 108 bytes on Linux, the terminating NUL included
_MAX_SOCKET_PATH = 107


class NoPrivateFolder(Exception):
    """The folder for the socket cannot be made private to this user (the message says why)."""


class Address:
    """The folder and the installation's key; the socket, its lock and the log are named from them.
    (Plain strings, not dataclasses or pathlib: every command imports this module first.)"""

    __slots__ = ("folder", "key")

    def __init__(self, folder: str, key: str) -> None:
        self.folder, self.key = folder, key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Address) and (self.folder, self.key) == (other.folder, other.key)

    def __hash__(self) -> int:
        return hash((self.folder, self.key))

    def __repr__(self) -> str:
        return f"Address({self.folder!r}, {self.key!r})"

    def _named(self, suffix: str) -> str:
        return os.path.join(self.folder, f"service-{self.key}.{suffix}")

    @property
    def socket(self) -> str:
        return self._named("sock")

    @property
    def lock(self) -> str:
        return self._named("lock")

    @property
    def log(self) -> str:
        return self._named("log")


def supported() -> bool:
    """The service is Linux's: it relies on SO_PEERCRED to know who is calling."""
    return sys.platform.startswith("linux") and hasattr(os, "getuid")


def installation_key() -> str:
    """Which code the service runs: this package's folder, the interpreter, the version."""
    source = "\0".join((os.path.dirname(os.path.abspath(context_center.__file__)), sys.executable,
                        sys.version, context_center.__version__)).encode("utf-8", "surrogateescape")
    # two CRC-32s, of the text and of it reversed: a name, not a defence (hashlib's import costs more)
    return f"{zlib.crc32(source):08x}{zlib.crc32(source[::-1]):08x}"


SYSTEM_RUNTIME = "/run/user"   # where logind makes each user's runtime folder (XDG_RUNTIME_DIR's value)


def _candidates() -> list[str]:
    uid = os.getuid()
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if not (runtime and os.path.isabs(runtime)):
        runtime = os.path.join(SYSTEM_RUNTIME, str(uid))
        if not _own_private(runtime):
            runtime = ""
    folders = [os.path.join(runtime, FOLDER_NAME)] if runtime else []
    return [*folders, os.path.join("/tmp", f"{FOLDER_NAME}-{uid}")]


def _own_private(folder: str) -> bool:
    """Whether ``folder`` is a real folder of this user's that no one else can enter."""
    try:
        found = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid() and not found.st_mode & 0o077


def private_folder(folder: str, *, create: bool) -> str:
    """``folder`` when it is a real folder of this user's that no one else can enter (made so when
    ``create`` and it is missing); else :class:`NoPrivateFolder`."""
    if create:
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass
        except OSError as exc:
            raise NoPrivateFolder(f"cannot create {folder}: {exc.strerror}") from exc
    try:
        found = os.lstat(folder)
    except FileNotFoundError:
        raise NoPrivateFolder(f"{folder} does not exist") from None
    except OSError as exc:
        raise NoPrivateFolder(f"cannot read {folder}: {exc.strerror}") from exc
    if not stat.S_ISDIR(found.st_mode):
        raise NoPrivateFolder(f"{folder} is not a folder (a symlink, or a file)")
    if found.st_uid != os.getuid():
        raise NoPrivateFolder(f"{folder} belongs to another user (uid {found.st_uid})")
    if found.st_mode & 0o077:
        raise NoPrivateFolder(f"{folder} can be entered by other users (mode {stat.S_IMODE(found.st_mode):o})")
    return folder


def locate(*, create: bool = False) -> Address:
    """The service's address for this user and installation; :class:`NoPrivateFolder` when there is
    no safe place for it. Without ``create``, a missing folder means no service runs."""
    key = installation_key()
    problems = []
    for folder in _candidates():
        address = Address(folder, key)
        if len(os.fsencode(address.socket)) > _MAX_SOCKET_PATH:
            problems.append(f"{folder}: too long a path for a socket")
            continue
        parent = os.path.dirname(folder)
        if create and os.path.basename(folder) == FOLDER_NAME and not os.path.isdir(parent):
            problems.append(f"{parent} does not exist")
            continue
        try:
            private_folder(folder, create=create)
        except NoPrivateFolder as exc:
            problems.append(str(exc))
            continue
        return address
    raise NoPrivateFolder("; ".join(problems))
