"""``--scheduler ADDRESS``: a dask scheduler's address, checked for its form, then asked whether it is one.

dask.distributed, given a wrong address, can wait for ever (a server that
accepts and never speaks), run out of memory (a server whose first bytes it
reads as the length of a message: HTTP, random bytes) or print a traceback
after twenty seconds.  So before dask is given the address:

1. :func:`parse_address` checks its form: an optional protocol (``tcp://``,
   ``tls://``, ``ws://``, ``wss://``), a host name or an IP address (IPv6 in
   brackets), and a port from 1 to 65535 (8786, dask's, when none is given);
2. :func:`probe` (``tcp://`` only) connects with a bounded timeout and reads
   the greeting a dask scheduler sends first to every connection, at most a
   few kilobytes of it, and says what was found instead when it is not one:
   nobody listening, a server that says nothing, one that speaks HTTP (a
   dashboard's port), one that sends something else.

Every failure is one line for the user (a BackendError).
"""

from __future__ import annotations

import ipaddress
import re
import socket
import struct
import time

import attrs

from gateruler.errors import GateRulerError

PROTOCOLS = ("tcp", "tls", "ws", "wss")
DEFAULT_PORT = 8786  # dask's scheduler port
PROBE_SECONDS = 5.0  # for the greeting of a scheduler that accepted the connection
MAX_GREETING = 64 * 1024  # a scheduler's greeting is about 60 bytes

_HOST_NAME = re.compile(
    r"(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?"
)


class AddressError(GateRulerError):
    """A scheduler address that is wrong or does not lead to a scheduler, in one line."""


@attrs.frozen
class SchedulerAddress:
    protocol: str
    host: str  # as written (an IPv6 address without its brackets)
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.protocol}://{host}:{self.port}"


def _fail(text: str, why: str) -> AddressError:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return AddressError(f"--scheduler: {shown!r} is not a scheduler address: {why} (e.g. tcp://10.0.0.5:8786)")


def parse_address(text: str) -> SchedulerAddress:
    """The address `text` names, or an AddressError saying what is wrong with its form."""
    if not text.strip():
        raise _fail(text, "it is empty")
    if len(text) > 300 or any(c.isspace() or not c.isprintable() for c in text):
        raise _fail(text, "it holds spaces or characters no address has" if len(text) <= 300 else "it is too long")
    protocol, found, rest = text.partition("://")
    if not found:
        protocol, rest = "tcp", text
    protocol = protocol.lower()
    if protocol not in PROTOCOLS:
        raise _fail(text, f"unknown protocol {protocol!r} (the protocols are: {', '.join(PROTOCOLS)})")
    if "/" in rest.rstrip("/"):
        raise _fail(text, "an address has no path after the port")
    rest = rest.rstrip("/")
    if rest.startswith("["):
        host, bracket, after = rest[1:].partition("]")
        if not bracket:
            raise _fail(text, "the IPv6 address has no closing bracket")
        _ipv6(text, host)
        port_text = after[1:] if after.startswith(":") else None
        if after and not after.startswith(":"):
            raise _fail(text, "something follows the IPv6 address that is not :PORT")
    else:
        if rest.count(":") > 1:
            raise _fail(text, "an IPv6 address must be in brackets, e.g. tcp://[::1]:8786")
        host, colon, port_text_found = rest.partition(":")
        port_text = port_text_found if colon else None
        if not host:
            raise _fail(text, "it names no host")
        if not _HOST_NAME.fullmatch(host):
            raise _fail(text, f"{host[:40]!r} is not a host name or an IP address")
    return SchedulerAddress(protocol, host, _port(text, port_text))


def _ipv6(text: str, host: str) -> None:
    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        raise _fail(text, f"{host[:40]!r} is not an IPv6 address") from None


def _port(text: str, port_text: str | None) -> int:
    if port_text is None:
        return DEFAULT_PORT
    if not (port_text.isascii() and port_text.isdigit()) or len(port_text) > 5:
        raise _fail(text, f"the port {port_text[:20]!r} is not a number from 1 to 65535")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise _fail(text, f"the port {port} is not from 1 to 65535")
    return port


def probe(address: SchedulerAddress, timeout: float) -> None:
    """Connect to a tcp:// address within `timeout` seconds and read a dask scheduler's greeting; an
    AddressError saying what is there instead (other protocols are left to dask: their greeting is
    encrypted or behind an HTTP upgrade)."""
    if address.protocol != "tcp":
        return
    where = f"--scheduler: {address}"
    try:
        connection = socket.create_connection((address.host, address.port), timeout=timeout)
    except socket.gaierror as error:
        raise AddressError(f"{where}: no such host ({error.strerror or error})") from None
    except TimeoutError:
        raise AddressError(f"{where}: no answer within {timeout:g} s (a firewall, or no such machine)") from None
    except OSError as error:
        raise AddressError(f"{where}: cannot connect ({error.strerror or error}): is the scheduler running?") from None
    with connection:
        greeting = _greeting(connection, where)
    _check_greeting(greeting, where)


def _read(connection: socket.socket, count: int, deadline: float, where: str) -> bytes:
    data = b""
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        connection.settimeout(left)
        try:
            chunk = connection.recv(count - len(data))
        except TimeoutError:
            raise
        except OSError as error:
            raise AddressError(f"{where}: the connection failed ({error.strerror or error})") from None
        if not chunk:
            return data
        data += chunk
    return data


def _greeting(connection: socket.socket, where: str) -> bytes:
    """The first message the server sends: its 8-byte length, then that many bytes (bounded)."""
    deadline = time.monotonic() + PROBE_SECONDS
    try:
        head = _read(connection, 8, deadline, where)
        if len(head) < 8:
            if head.startswith(b"HTTP") or not head:
                raise AddressError(f"{where}: the server closed the connection without a word: not a dask scheduler")
            raise AddressError(f"{where}: the server sent {len(head)} bytes and closed: not a dask scheduler")
        if head[:5] in (b"HTTP/", b"<!DOC", b"<html"):
            raise AddressError(f"{where}: the server speaks HTTP, not dask (the scheduler's port is usually 8786)")
        (size,) = struct.unpack("<Q", head)
        if not 16 <= size <= MAX_GREETING:
            raise AddressError(f"{where}: the server does not speak dask's protocol (its first bytes are {head!r})")
        body = _read(connection, size, deadline, where)
    except TimeoutError:
        raise AddressError(
            f"{where}: the server accepted the connection but said nothing in {PROBE_SECONDS:g} s: "
            "not a dask scheduler (or one too busy to answer)"
        ) from None
    if len(body) < size:
        raise AddressError(f"{where}: the server closed the connection halfway through its greeting")
    return body


def _check_greeting(body: bytes, where: str) -> None:
    """A dask greeting: frame lengths, then msgpack frames, the last a mapping naming the Python version."""
    wrong = AddressError(f"{where}: the server does not speak dask's protocol")
    (frames,) = struct.unpack_from("<Q", body)
    if not 1 <= frames <= 16 or len(body) < 8 * (frames + 1):
        raise wrong
    lengths = struct.unpack_from(f"<{frames}Q", body, 8)
    if 8 * (frames + 1) + sum(lengths) != len(body):
        raise wrong
    import msgpack

    start = 8 * (frames + 1)
    for length in lengths:
        try:
            message = msgpack.unpackb(body[start : start + length], raw=False)
        except Exception:  # noqa: BLE001 - whatever the bytes are, they are not a greeting
            message = None
        if isinstance(message, dict) and "python" in message:
            return
        start += length
    raise wrong
