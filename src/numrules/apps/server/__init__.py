"""The reference game server: tables over HTTP and WebSocket, a browser page, SQLite records.

Needs the `server` extra (`pip install 'numrules[server]'`): Starlette, uvicorn and
websockets. Run it with `numrules serve`, or build the ASGI application yourself::

    from numrules.apps.server import Limits, create_app

    app = create_app("tables.db", Limits(max_tables=100))

See docs/server.md for the protocol, the limits and the persistence.
"""

from numrules.apps.server.app import create_app, page
from numrules.apps.server.botpool import BotPool, Decision
from numrules.apps.server.store import (
    DamagedTable,
    Loaded,
    Store,
    StoreDamagedError,
    StoredTable,
    StoreError,
    StoreForeignError,
    StoreLockedError,
)
from numrules.apps.server.tables import Client, Hub, Limits, ServerError, Table

__all__ = [
    "BotPool",
    "Client",
    "DamagedTable",
    "Decision",
    "Hub",
    "Limits",
    "Loaded",
    "ServerError",
    "Store",
    "StoreDamagedError",
    "StoreError",
    "StoreForeignError",
    "StoreLockedError",
    "StoredTable",
    "Table",
    "create_app",
    "page",
]
