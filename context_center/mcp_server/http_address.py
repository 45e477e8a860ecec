"""Where ``context-center mcp --http HOST:PORT`` listens: the address read, whether it is loopback,
the socket bound (so a busy port is said plainly and port 0 gets a real one), and the URL a
client uses."""
from __future__ import annotations

import errno
import ipaddress
import socket
from dataclasses import dataclass

PATH = "/mcp"
_LOCALHOST = "localhost"


class AddressError(Exception):
    """The address cannot be used; the message says why and what to do."""


@dataclass(frozen=True)
class Address:
    host: str   # as given ("localhost", "127.0.0.1", "::1", "0.0.0.0", "my-box.lan")
    port: int

    @property
    def bind_host(self) -> str:
        # "localhost" may resolve to ::1 alone and leave 127.0.0.1 clients outside: bind the one
        # every client tries
        return "127.0.0.1" if self.host.lower() == _LOCALHOST else self.host

    @property
    def is_loopback(self) -> bool:
        if self.host.lower() == _LOCALHOST:
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False   # a name: it could resolve to anything

    @property
    def is_wildcard(self) -> bool:
        try:
            return ipaddress.ip_address(self.host).is_unspecified
        except ValueError:
            return False

    def url(self, port: int) -> str:
        host = socket.gethostname() if self.is_wildcard else self.bind_host
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{port}{PATH}"


def parse_address(text: str) -> Address:
    """``HOST:PORT`` or ``[IPV6]:PORT``; :class:`AddressError` for anything else."""
    text = text.strip()
    if text.startswith("["):
        host, sep, port_text = text[1:].partition("]:")
    else:
        host, sep, port_text = text.rpartition(":")
        if ":" in host:
            raise AddressError(f"{text!r}: write an IPv6 address in brackets, e.g. [::1]:8765")
    if not sep or not host:
        raise AddressError(f"{text!r} is not HOST:PORT (e.g. 127.0.0.1:8765)")
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise AddressError(f"{text!r}: the port is a number from 0 to 65535 (0: any free port)")
    return Address(host, int(port_text))


def bind(address: Address) -> socket.socket:
    """A socket bound to ``address`` (not yet listening); :class:`AddressError` in plain words."""
    try:
        infos = socket.getaddrinfo(address.bind_host, address.port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise AddressError(f"{address.host} is not an address or a name this machine can resolve "
                           f"({exc.strerror})") from None
    family, kind, proto, _, where = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(where)
    except OSError as exc:
        sock.close()
        raise AddressError(_bind_failure(address, exc)) from None
    sock.set_inheritable(True)
    return sock


def _bind_failure(address: Address, exc: OSError) -> str:
    where = f"{address.host}:{address.port}"
    if exc.errno == errno.EADDRINUSE:
        return (f"{where} is already in use (another server, or another context-center mcp); choose "
                "another port, or port 0 for any free one")
    if exc.errno == errno.EACCES:
        return f"{where}: this user may not listen on port {address.port}; choose a port above 1023"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"{where}: {address.host} is not an address of this machine"
    return f"cannot listen on {where}: {exc.strerror or exc}"
