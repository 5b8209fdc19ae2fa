"""Run the server with uvicorn: what `numrules serve` calls."""

from __future__ import annotations

import logging
from pathlib import Path

from numrules.apps.server.app import create_app
from numrules.apps.server.guard import Guard, configure_logging, connection_budget, run_guarded
from numrules.apps.server.store import Store
from numrules.apps.server.tables import Limits

log = logging.getLogger("numrules.apps.server")


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "numrules-server.db",
    max_tables: int = 1000,
    table_expiry: float = 3600.0,
    max_message_bytes: int = 4096,
    rate: float = 20.0,
    idle_timeout: float = 300.0,
    hello_timeout: float = 10.0,
    header_timeout: float = 10.0,
    body_timeout: float = 30.0,
    max_connections: int | None = None,
    bot_cpu: float = 5.0,
    bot_workers: int = 1,
    bot_delay: float = 0.4,
    interrupt_window: float = 6.0,
    move_limit: float | None = None,
    log_level: str = "info",
) -> None:
    """Serve the tables stored in `db` on `host:port` until interrupted.

    Args:
        host: Address to listen on.
        port: TCP port.
        db: SQLite file keeping every table.
        max_tables: Tables being played at most.
        table_expiry: Seconds without play after which an unfinished table is set aside.
        max_message_bytes: Largest WebSocket message accepted.
        rate: Messages per second a connection may send on average.
        idle_timeout: Seconds of silence after which a WebSocket is closed.
        hello_timeout: Seconds a new WebSocket has to send its hello.
        header_timeout: Seconds a request's headers may take.
        body_timeout: Seconds a request's body may take once its headers are in.
        max_connections: TCP connections held at most; None (the default) takes what
            the open-file limit allows (see `numrules.apps.server.guard.connection_budget`),
            a larger number is lowered to that.
        bot_cpu: CPU seconds a bot may think for one decision (then it plays a random
            legal move instead).
        bot_workers: Processes in which the bots think.
        bot_delay: Seconds a bot waits before it acts.
        interrupt_window: Seconds a required move waits while people might interrupt
            (0: no window); bots' moves wait for it too.
        move_limit: Seconds a person has for a required decision before a bot plays it,
            for tables that set no limit of their own (None: no limit).
        log_level: debug, info, warning or error. No level logs a token.

    Raises:
        StoreError: the database is held by another server (`StoreLockedError`), is
            not a numrules server database (`StoreForeignError`), or cannot be opened.

    """
    store = Store(db)  # first: a database in use or not ours stops the start, clearly
    configure_logging(log_level)
    budget = connection_budget(max_connections)
    log.info(
        "%d connections at most (%d WebSockets, backlog %d): "
        "%d open files allowed, %d kept in reserve",
        budget.connections,
        budget.websockets,
        budget.backlog,
        budget.open_files,
        budget.reserve,
    )
    if max_connections is not None and max_connections > budget.connections:
        log.warning(
            "--max-connections %d lowered to %d: the open-file limit is %d",
            max_connections,
            budget.connections,
            budget.open_files,
        )
    limits = Limits(
        max_tables=max_tables,
        table_expiry=table_expiry,
        sweep_interval=min(30.0, table_expiry / 10),  # a short expiry is kept closely
        max_message_bytes=max_message_bytes,
        rate=rate,
        burst=max(1, int(rate * 2)),
        idle_timeout=idle_timeout,
        hello_timeout=hello_timeout,
        max_connections=budget.websockets,
        bot_cpu_seconds=bot_cpu,
        bot_workers=bot_workers,
        bot_delay=bot_delay,
        interrupt_window=interrupt_window,
        move_limit=move_limit,
    )
    guard = Guard(budget.connections, header_timeout=header_timeout, body_timeout=body_timeout)
    # What one connection may make the server buffer before the application looks at it:
    # request headers 16 KiB (h11), a WebSocket message 4 * max_message_bytes (larger is
    # cut, 1009); uvicorn's websockets-sansio protocol stops reading after each message
    # until the application takes it (ws_max_queue bounds the legacy protocol only), and
    # the application checks a message's size and rate before it parses its JSON.
    run_guarded(
        create_app(store, limits),
        guard,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_max_size=4 * max_message_bytes,
        ws_max_queue=4,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        h11_max_incomplete_event_size=16384,
        backlog=budget.backlog,
        access_log=False,
        ws_per_message_deflate=False,
    )
