"""The server's SQLite store: each table's record (config, seed, seats, actions) as it grows.

One row per table and one row per accepted action. Every accepted action is written in
its own transaction before the server applies it in memory or tells anyone, so a server
killed at any moment restarts from the database with every accepted action and none
twice (the primary key `(table_id, idx)` and the unique `(table_id, seat, seq)` refuse a
doubled one). Tokens are stored as SHA-256 digests, never in clear.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import attrs

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    notation TEXT NOT NULL,
    seq INTEGER,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, idx),
    UNIQUE (table_id, seat, seq)
);
"""


@attrs.frozen(slots=True)
class StoredTable:
    """One table as the database holds it."""

    id: str
    game: str
    config: str
    """The config's JSON document (`numrules.dumps(config)`)."""
    seed: int
    seats: tuple[dict[str, Any], ...]
    """Per seat: `{"kind": "bot", "bot": name, "seed": n}` or `{"kind": "human",
    "token": sha256 hex or None while the seat is free, "name": str}`."""
    created: float
    finished: float | None
    actions: tuple[tuple[int, str, int | None], ...]
    """Every accepted action in order: (seat, notation, the client's seq or None)."""


class Store:
    """A SQLite file holding every table; `":memory:"` keeps it in memory (tests only)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def add_table(
        self, table_id: str, game: str, config: str, seed: int, seats: list[dict[str, Any]]
    ) -> float:
        """Insert a new table; return its creation time."""
        created = time.time()
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, game, config, seed, seats, created) VALUES (?,?,?,?,?,?)",
                (table_id, game, config, str(seed), json.dumps(seats), created),
            )
        return created

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        """Replace a table's seats (a human seat was taken)."""
        with self._transaction():
            self._db.execute(
                "UPDATE tables SET seats = ? WHERE id = ?", (json.dumps(seats), table_id)
            )

    def add_action(
        self,
        table_id: str,
        index: int,
        seat: int,
        notation: str,
        seq: int | None,
        *,
        finished: bool,
    ) -> None:
        """Append one accepted action (and mark the table finished) in one transaction.

        Raises:
            sqlite3.IntegrityError: this index, or this seat's seq, is already stored.

        """
        now = time.time()
        with self._transaction():
            self._db.execute(
                "INSERT INTO actions (table_id, idx, seat, notation, seq, at) VALUES (?,?,?,?,?,?)",
                (table_id, index, seat, notation, seq, now),
            )
            if finished:
                self._db.execute("UPDATE tables SET finished = ? WHERE id = ?", (now, table_id))

    def tables(self) -> list[StoredTable]:
        """Every stored table with its actions, oldest first."""
        rows = self._db.execute(
            "SELECT id, game, config, seed, seats, created, finished FROM tables ORDER BY created"
        ).fetchall()
        return [self._stored(row) for row in rows]

    def table(self, table_id: str) -> StoredTable | None:
        """One stored table, or None."""
        row = self._db.execute(
            "SELECT id, game, config, seed, seats, created, finished FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        return None if row is None else self._stored(row)

    def _stored(self, row: tuple[Any, ...]) -> StoredTable:
        actions = self._db.execute(
            "SELECT seat, notation, seq FROM actions WHERE table_id = ? ORDER BY idx", (row[0],)
        ).fetchall()
        return StoredTable(
            id=row[0],
            game=row[1],
            config=row[2],
            seed=int(row[3]),
            seats=tuple(json.loads(row[4])),
            created=row[5],
            finished=row[6],
            actions=tuple((seat, notation, seq) for seat, notation, seq in actions),
        )

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    # BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error.
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
