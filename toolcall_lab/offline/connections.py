"""Connections of the built-in model's HTTP server: waiting in one selector, read under a deadline.

A thread per connection lets 200 silent clients hold 200 threads. Here a connection holds no thread
until a whole request head has arrived: :class:`Waiting` watches every open connection in one
selector, gathers the bytes of each head without blocking, and hands a connection to the worker
pool (:mod:`.server`) with the bytes read so far. Between two keep-alive requests the connection goes
back to the selector. A connection silent for :data:`IDLE_TIMEOUT_S` seconds, or whose head does not
complete within :data:`READ_TIMEOUT_S` seconds, is closed.

:class:`DeadlineReader` gives a handler those first bytes, then the socket's, and raises
``TimeoutError`` once the request's own deadline has passed (a body dripped one byte at a time
cannot hold a worker for longer than that).
"""

from __future__ import annotations

import contextlib
import io
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

READ_TIMEOUT_S = 15.0  # a request's head, and then its body, must arrive within this
IDLE_TIMEOUT_S = 60.0  # a keep-alive connection may wait this long for its next request
MAX_HEAD_BYTES = 64 * 1024  # a head longer than this is handed on, and refused by the handler
MAX_WAITING = 4096  # connections parked at once; beyond that a new one is closed


@dataclass
class Conn:
    """One client connection and the bytes read from it that no handler has consumed yet."""

    sock: socket.socket
    buffered: bytes = b""
    since: float = field(default_factory=time.monotonic)
    head_started: float | None = None


def close(sock: socket.socket) -> None:
    """Shut a connection down, ignoring a peer that is already gone."""
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()


def linger_close(sock: socket.socket, budget_s: float = 2.0, budget_bytes: int = 256 * 1024 * 1024) -> None:
    """Close after a refused request: stop sending, then discard what the client still sends for a moment.

    Closing a socket with unread bytes makes the kernel send a reset, which can destroy the 413 the
    client has not read yet; reading (and dropping) the rest first lets the answer arrive, as nginx does.
    """
    try:
        sock.shutdown(socket.SHUT_WR)
        deadline = time.monotonic() + budget_s
        left = budget_bytes
        chunk = bytearray(1 << 16)
        while left > 0 and (remaining := deadline - time.monotonic()) > 0:
            sock.settimeout(remaining)
            n = sock.recv_into(chunk)
            if n == 0:
                break
            left -= n
    except OSError:
        pass
    sock.close()


class DeadlineReader(io.RawIOBase):
    """The bytes of one request: those already gathered, then the socket's, until a deadline."""

    def __init__(self, conn: Conn, timeout_s: float = READ_TIMEOUT_S) -> None:
        super().__init__()
        self.conn = conn
        self.deadline = time.monotonic() + timeout_s

    def readable(self) -> bool:
        """A reader."""
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        """Fill ``buffer`` from the gathered bytes first, then from the socket before the deadline."""
        if self.conn.buffered:
            n = min(len(buffer), len(self.conn.buffered))
            buffer[:n] = self.conn.buffered[:n]
            self.conn.buffered = self.conn.buffered[n:]
            return n
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("the request did not arrive in time")
        self.conn.sock.settimeout(remaining)
        return self.conn.sock.recv_into(buffer)


class SocketWriter(io.RawIOBase):
    """Writes go straight to the socket, whole (``sendall``)."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock

    def writable(self) -> bool:
        """A writer."""
        return True

    def write(self, data: bytes) -> int:  # type: ignore[override]
        """Send all of ``data``."""
        self.sock.settimeout(READ_TIMEOUT_S)
        self.sock.sendall(data)
        return len(data)


def _head_complete(data: bytes) -> bool:
    return b"\r\n\r\n" in data or b"\n\n" in data


class Waiting:
    """The connections waiting for a request: one selector and one thread for all of them.

    Args:
        on_ready: called (on the selector's thread) with a :class:`Conn` whose head has arrived;
            it should hand the connection to a worker and return at once.
    """

    def __init__(self, on_ready: Callable[[Conn], object]) -> None:
        self._selector = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._selector.register(self._wake_r, selectors.EVENT_READ, None)
        self._incoming: list[Conn] = []
        self._lock = threading.Lock()
        self._on_ready = on_ready
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="builtin-waiting", daemon=True)
        self._thread.start()

    def park(self, conn: Conn) -> None:
        """Wait for ``conn``'s next request (handed on at once if its head is already buffered)."""
        if _head_complete(conn.buffered):
            self._on_ready(conn)
            return
        conn.since = time.monotonic()
        conn.head_started = conn.since if conn.buffered else None
        with self._lock:
            self._incoming.append(conn)
        try:
            self._wake_w.send(b"x")
        except OSError:
            close(conn.sock)

    def count(self) -> int:
        """How many connections wait now."""
        return len(self._selector.get_map()) - 1

    def _read(self, conn: Conn) -> None:
        try:
            data = conn.sock.recv(MAX_HEAD_BYTES)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._selector.unregister(conn.sock)
            close(conn.sock)
            return
        if conn.head_started is None:
            conn.head_started = time.monotonic()
        conn.buffered += data
        if _head_complete(conn.buffered) or len(conn.buffered) >= MAX_HEAD_BYTES:
            self._selector.unregister(conn.sock)
            conn.sock.setblocking(True)
            self._on_ready(conn)

    def _run(self) -> None:
        while not self._closed:
            for key, _ in self._selector.select(timeout=1.0):
                if key.data is None:
                    with contextlib.suppress(OSError):
                        self._wake_r.recv(4096)
                else:
                    self._read(key.data)
            with self._lock:
                incoming, self._incoming = self._incoming, []
            for conn in incoming:
                if self.count() >= MAX_WAITING:
                    close(conn.sock)
                    continue
                conn.sock.setblocking(False)
                self._selector.register(conn.sock, selectors.EVENT_READ, conn)
            self._expire(time.monotonic())

    def _expire(self, now: float) -> None:
        for key in list(self._selector.get_map().values()):
            conn = key.data
            if conn is None:
                continue
            started = conn.head_started
            if now - conn.since > IDLE_TIMEOUT_S or (started is not None and now - started > READ_TIMEOUT_S):
                self._selector.unregister(conn.sock)
                close(conn.sock)

    def close(self) -> None:
        """Stop waiting and close every parked connection."""
        self._closed = True
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")
        self._thread.join(5)
        for key in list(self._selector.get_map().values()):
            if key.data is not None:
                close(key.data.sock)
        self._selector.close()
        self._wake_r.close()
        self._wake_w.close()
