"""What `numrules serve` puts around the application: limits, time-outs, a safe log.

A connection limit derived from the open-file limit, time-outs for slow requests, and a
log that holds no secrets and stays small under a flood:

- `connection_budget` reads (and raises) the process's open-file limit and derives how
  many connections the server may hold, keeping a reserve of file descriptors for the
  database, the log, bot worker processes and their pipes.
- `guarded_protocol` makes uvicorn's h11 HTTP protocol refuse a connection over that
  limit at once (a 503, before anything is parsed), close a connection whose request
  headers are not complete within a time-out, and answer a request body that is not
  complete within another with a 408.
- `BurstLog` counts such events and logs one line per burst, not one per event.
- `RedactFilter` and `configure_logging` keep tokens out of the log at every level:
  query strings are redacted, WebSocket frames are summarized (kind and size, never
  their content), and handshake headers are dropped.
- `GuardedServer` is uvicorn's server with the accept errors of an exhausted process
  (EMFILE) counted in a `BurstLog` rather than logged each with a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
from pathlib import Path
from typing import Any, ClassVar

import attrs
import h11
import uvicorn
import websockets
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol
from websockets.frames import Frame

log = logging.getLogger("numrules.apps.server")

RESERVE_FILES = 64
"""File descriptors kept out of the connection budget at least (listening socket,
event loop, database, log, bot worker processes and their pipes)."""
MAX_OPEN_FILES = 65536
"""The open-file limit the server raises its soft limit to at most (never above the hard
limit)."""
BURST_SECONDS = 10.0
"""Length of the window a `BurstLog` sums its events over."""

_FULL = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: 19\r\n\r\nthe server is full\n"
)
_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: 34\r\n\r\nthe request was not sent in time\r\n"
)


@attrs.frozen
class ConnectionBudget:
    """How many connections the server may hold, derived from the open-file limit."""

    open_files: int
    """The process's (soft) open-file limit, after raising it."""
    reserve: int
    """File descriptors kept for everything but connections."""
    connections: int
    """TCP connections (HTTP and WebSocket) held at most; one more is refused at once."""
    websockets: int
    """WebSocket connections at most (`Limits.max_connections`): fewer than
    `connections`, so that HTTP requests (/health, creating tables) are still served
    when the WebSockets have taken all they may."""
    backlog: int
    """Connections the kernel queues for the server, and the event loop accepts at once
    (asyncio accepts up to this many in one go, before any of them is refused, and may
    hold a few such batches): an eighth of the reserve."""


def connection_budget(requested: int | None = None) -> ConnectionBudget:
    """Raise the soft open-file limit towards the hard one and derive the connection limit.

    Args:
        requested: The connection limit asked for (`--max-connections`); None takes
            all the open-file limit allows. It is lowered to what the limit allows.

    Returns:
        The budget: a reserve of an eighth of the open files (at least
        `RESERVE_FILES`), the rest for connections, a tenth of those (at least 4) kept
        for plain HTTP, and a listening backlog of an eighth of the reserve (from 8 to
        2048).

    """
    soft = _raise_open_file_limit()
    reserve = max(RESERVE_FILES, soft // 8)
    connections = max(2, soft - reserve)
    if requested is not None:
        connections = max(2, min(connections, requested))
    websockets_ = max(1, connections - max(4, connections // 10))
    backlog = max(8, min(2048, reserve // 8))
    return ConnectionBudget(soft, reserve, connections, websockets_, backlog)


def _raise_open_file_limit() -> int:
    # Raise the soft open-file limit to the hard one (at most MAX_OPEN_FILES); return it.
    if sys.platform == "win32":  # pragma: no cover (no resource module; select's limit)
        return 512
    import resource  # noqa: PLC0415 (POSIX only)

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_OPEN_FILES
    ceiling = MAX_OPEN_FILES if hard == resource.RLIM_INFINITY else min(hard, MAX_OPEN_FILES)
    if soft < ceiling:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
        except (ValueError, OSError):
            return int(soft)
        return ceiling
    return int(soft)


class BurstLog:
    """Counts events of one kind and logs one line per burst of them.

    The first event of a burst starts a window of `seconds`; at its end one line gives
    the count (`text % (count, seconds)`). Events spread out thus make one line each
    window at most, a flood of them one line too.
    """

    def __init__(self, text: str, level: int = logging.WARNING, seconds: float = BURST_SECONDS):
        """Log `text` (with %d for the count and %g for the seconds) at `level`."""
        self.text = text
        self.level = level
        self.seconds = seconds
        self.count = 0
        self.total = 0
        self._timer: asyncio.TimerHandle | None = None

    def add(self, loop: asyncio.AbstractEventLoop) -> None:
        """Count one event (starting a window on `loop` if none is open)."""
        self.count += 1
        self.total += 1
        if self._timer is None:
            self._timer = loop.call_later(self.seconds, self.flush)

    def flush(self) -> None:
        """Log the events counted since the last line (if any) and close the window."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.count:
            log.log(self.level, self.text, self.count, self.seconds)
            self.count = 0


@attrs.frozen
class Guard:
    """The limits the HTTP protocol applies to each connection, and its burst logs."""

    max_connections: int
    """TCP connections held at most (`ConnectionBudget.connections`)."""
    header_timeout: float = 10.0
    """Seconds a request's headers may take, from the connection's first byte (or its
    opening) until they are complete."""
    body_timeout: float = 30.0
    """Seconds a request's body may take once its headers are complete."""
    full: BurstLog = attrs.field(
        factory=lambda: BurstLog(
            "refused %d connections in the last %g s: the server is full", logging.WARNING
        )
    )
    """Connections refused over `max_connections`."""
    slow: BurstLog = attrs.field(
        factory=lambda: BurstLog(
            "closed %d connections in the last %g s: request not complete in time",
            logging.INFO,
        )
    )
    """Connections closed by the header or the body time-out."""
    invalid: BurstLog = attrs.field(
        factory=lambda: BurstLog(
            "answered %d invalid HTTP requests with 400 in the last %g s", logging.INFO
        )
    )
    """Requests h11 could not parse (uvicorn answers 400 and closes)."""
    no_files: BurstLog = attrs.field(
        factory=lambda: BurstLog(
            "%d failed accepts in the last %g s: out of file descriptors", logging.ERROR
        )
    )
    """Connections the kernel had waiting that could not be accepted (EMFILE)."""

    def flush(self) -> None:
        """Log what the burst logs counted and have not logged yet."""
        for burst in (self.full, self.slow, self.invalid, self.no_files):
            burst.flush()


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a connection limit and request time-outs.

    A subclass made by `guarded_protocol` sets `guard`. The header timer runs from the
    connection's opening (and, on a kept-alive connection, from the first byte of each
    new request) until the request's headers are complete; the pause between requests
    is left to uvicorn's keep-alive time-out. The body timer runs from then until the
    body is complete. A WebSocket upgrade stops both (the application's hello time-out
    takes over).
    """

    guard: ClassVar[Guard]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Take uvicorn's arguments (config, server_state, app_state)."""
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._body_timer: asyncio.TimerHandle | None = None
        self._upgraded = False
        self._refused = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Refuse the connection if the server holds its limit, else start the header timer."""
        super().connection_made(transport)
        if len(self.connections) > self.guard.max_connections:
            self._refused = True
            self.guard.full.add(self.loop)
            transport.write(_FULL)
            transport.close()
            return
        self._header_timer = self.loop.call_later(self.guard.header_timeout, self._headers_late)

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the timers, then let uvicorn end the connection."""
        self._stop_timers()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Start the header timer on the first byte of a request, then parse."""
        if self._refused:
            return
        if (
            self._header_timer is None
            and self._body_timer is None
            and not self._upgraded
            and self.conn.their_state is h11.IDLE
        ):
            self._header_timer = self.loop.call_later(self.guard.header_timeout, self._headers_late)
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        """Let uvicorn go on to the next request, then look at its state."""
        super().on_response_complete()
        self._watch()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """Stop the timers: the WebSocket protocol takes the connection."""
        self._upgraded = True
        self._stop_timers()
        super().handle_websocket_upgrade(event)

    def send_400_response(self, msg: str) -> None:
        """Count an invalid request in the burst log, then let uvicorn answer it."""
        self.guard.invalid.add(self.loop)
        super().send_400_response(msg)

    def _watch(self) -> None:
        # Move the timers along with the state of the client's side of the request.
        if self._upgraded or self.transport.is_closing():
            self._stop_timers()
            return
        state = self.conn.their_state
        if state is h11.IDLE:
            return
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        if state is h11.SEND_BODY:
            if self._body_timer is None:
                self._body_timer = self.loop.call_later(self.guard.body_timeout, self._body_late)
        elif self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None

    def _stop_timers(self) -> None:
        for timer in (self._header_timer, self._body_timer):
            if timer is not None:
                timer.cancel()
        self._header_timer = self._body_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.transport.is_closing() or self._upgraded:
            return
        self.guard.slow.add(self.loop)
        if self.conn.trailing_data[0]:
            self.transport.write(_TIMEOUT)  # a request was begun: tell its client why
        self.transport.close()

    def _body_late(self) -> None:
        self._body_timer = None
        if self.transport.is_closing() or self._upgraded:
            return
        self.guard.slow.add(self.loop)
        if self.cycle is not None and not self.cycle.response_started:
            self.transport.write(_TIMEOUT)
        self.transport.close()


def guarded_protocol(guard: Guard) -> type[GuardedH11Protocol]:
    """A `GuardedH11Protocol` class applying `guard`, for `uvicorn.Config(http=...)`."""

    class Protocol(GuardedH11Protocol):
        pass

    Protocol.guard = guard
    return Protocol


class QuietDisconnects:
    """ASGI middleware: an HTTP request whose client left ends quietly.

    A client that leaves (or is closed by the body time-out) while its body is read
    ends its request without the traceback uvicorn would log.
    """

    def __init__(self, app: ASGIApp) -> None:
        """Wrap `app`."""
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the application; a `ClientDisconnect` of an HTTP request ends it."""
        try:
            await self.app(scope, receive, send)
        except ClientDisconnect:
            if scope["type"] != "http":
                raise


_QUERY = re.compile(r"(/[^\s\"'?]*)\?[^\s\"']+")
_WEBSOCKETS_DIR = str(Path(websockets.__file__).parent)
_SAFE_WEBSOCKETS_DEBUG = {"= connection is %s", "< EOF", "> EOF"}
_MARKS = {"< ", "> ", "= ", "! "}
_PER_CONNECTION = {
    "connection open",
    "connection closed",
    "connection rejected (%d %s)",
    "HTTP response sent (%d %s)",
}
_UVICORN_PER_REQUEST = {"Invalid HTTP request received.", "Unsupported upgrade request."}


def _from_websockets(record: logging.LogRecord) -> bool:
    # A record of the websockets library (which logs to uvicorn's logger under uvicorn).
    if record.pathname.startswith(_WEBSOCKETS_DIR) or record.name.startswith("websockets"):
        return True
    msg = record.msg
    return record.levelno <= logging.DEBUG and isinstance(msg, str) and msg[:2] in _MARKS


def redact(text: str) -> str:
    """`text` with the query string of every path in it replaced by `[redacted]`."""
    return _QUERY.sub(r"\1?[redacted]", text)


class RedactFilter(logging.Filter):
    """A handler filter keeping secrets (seat tokens) out of the log at every level.

    - Query strings are redacted in every record (uvicorn prints a WebSocket's URL,
      and a client may put a token there).
    - The `websockets` library's debug records (it logs to uvicorn's logger) are
      summarized: a frame as its kind and size, never its content (the hello message
      holds a token); the handshake's request line and headers are dropped.
    - Per-connection lines (`"WebSocket /ws" [accepted]`, `connection open`,
      `connection closed`, `connection rejected`, `Invalid HTTP request received.`,
      `Unsupported upgrade request.`) are moved to debug, so that a flood of
      connections does not flood the log at info or warning (`GuardedH11Protocol`
      counts invalid requests in a burst log instead).
    """

    def __init__(self, level: int) -> None:
        """Filter for a handler logging at `level`."""
        super().__init__()
        self.level = level

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite or drop `record` (False: drop it)."""
        if _from_websockets(record):
            if not self._websockets(record):
                return False
        elif record.name.startswith("uvicorn") and (
            '"WebSocket %s"' in str(record.msg) or record.msg in _UVICORN_PER_REQUEST
        ):
            self._demote(record)
        if record.levelno < self.level:
            return False
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            # a malformed record: say where it came from, never its arguments
            message = f"a malformed log record from {record.pathname}:{record.lineno}"
        redacted = redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True

    def _websockets(self, record: logging.LogRecord) -> bool:
        # Keep (rewritten) or drop a record of the websockets library.
        if record.levelno > logging.DEBUG:
            if record.msg in _PER_CONNECTION:
                self._demote(record)
            return True
        args = record.args if isinstance(record.args, tuple) else ()
        if record.msg in ("< %s", "> %s") and len(args) == 1 and isinstance(args[0], Frame):
            frame = args[0]
            record.msg = f"{str(record.msg)[0]} %s [%d bytes]"
            record.args = (frame.opcode.name, len(frame.data))
            return True
        return record.msg in _SAFE_WEBSOCKETS_DEBUG

    @staticmethod
    def _demote(record: logging.LogRecord) -> None:
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"


def configure_logging(level: str) -> None:
    """Log to standard error at `level` through one handler with a `RedactFilter`.

    Replaces the root logger's handlers; uvicorn's own loggers propagate to it (run
    uvicorn with `log_config=None`), its access log stays off.
    """
    number = logging.getLevelName(level.upper())
    if not isinstance(number, int) or number < logging.DEBUG:
        raise ValueError(f"unknown log level {level!r}: debug, info, warning or error")
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactFilter(number))
    root = logging.getLogger()
    for old in root.handlers[:]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(number)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.asgi"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = True


class GuardedServer(uvicorn.Server):
    """uvicorn's server, with failed accepts counted in a burst log, not logged each.

    asyncio logs every failed accept with a traceback, and retries each one after a
    second: a full file table makes thousands of them a second. The guard's burst logs
    are flushed when the server stops.
    """

    def __init__(self, config: uvicorn.Config, guard: Guard) -> None:
        """Serve with `config` (its `http` a `guarded_protocol(guard)`)."""
        super().__init__(config)
        self.guard = guard

    async def startup(self, sockets: Any = None) -> None:
        """Count failed accepts in the guard's burst log, then start serving."""
        loop = asyncio.get_running_loop()
        previous = loop.get_exception_handler()

        def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
            if context.get("message") == "socket.accept() out of system resource":
                self.guard.no_files.add(loop)
            elif previous is not None:
                previous(loop, context)
            else:
                loop.default_exception_handler(context)

        loop.set_exception_handler(handler)
        await super().startup(sockets)

    async def shutdown(self, sockets: Any = None) -> None:
        """Stop serving, then log what the burst logs still hold."""
        try:
            await super().shutdown(sockets)
        finally:
            self.guard.flush()


def run_guarded(app: ASGIApp, guard: Guard, **config: Any) -> None:
    """Run `app` with uvicorn under `guard` (`config`: more `uvicorn.Config` arguments)."""
    protocol = guarded_protocol(guard)
    server = GuardedServer(
        uvicorn.Config(QuietDisconnects(app), http=protocol, log_config=None, **config), guard
    )
    server.run()
