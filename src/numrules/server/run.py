"""Run the server with uvicorn: what `numrules serve` calls."""

from __future__ import annotations

import logging
from pathlib import Path

import uvicorn

from numrules.server.app import create_app
from numrules.server.tables import Limits


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "numrules-server.db",
    max_tables: int = 1000,
    max_message_bytes: int = 4096,
    rate: float = 20.0,
    idle_timeout: float = 300.0,
    bot_delay: float = 0.4,
    log_level: str = "info",
) -> None:
    """Serve the tables stored in `db` on `host:port` until interrupted."""
    logging.basicConfig(
        level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    limits = Limits(
        max_tables=max_tables,
        max_message_bytes=max_message_bytes,
        rate=rate,
        burst=max(1, int(rate * 2)),
        idle_timeout=idle_timeout,
        bot_delay=bot_delay,
    )
    app = create_app(db, limits)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=4 * max_message_bytes,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        access_log=False,
        ws_per_message_deflate=False,
    )
