"""The server's SQLite store: each table's record (config, seed, seats, actions) as it grows.

One row per table and one row per accepted action. Every accepted action is written in
its own transaction before the server applies it in memory or tells anyone, so a server
killed at any moment restarts from the database with every accepted action and none
twice (the primary key `(table_id, idx)` and the unique `(table_id, seat, seq)` refuse a
doubled one). Tokens are stored as SHA-256 digests, never in clear.

One writer per file. A `Store` holds the file for its whole life: it opens the
connection in SQLite's `locking_mode=EXCLUSIVE` and takes the lock at once with a
write transaction (`BEGIN EXCLUSIVE`, busy timeout 0), so a second `Store` on the same
file, in another process or in this one, fails at once with `StoreLockedError`. This
was chosen over an OS lock (`flock` on the file or on a companion file) because:

- it is SQLite's own lock, so it also keeps out every other SQLite program, including
  numrules servers older than this check (they hold an ordinary WAL shared lock, which
  makes ours fail, and ours makes their start fail); an `flock` would only exclude
  programs that take the same `flock`;
- it is the same POSIX lock SQLite already relies on, released by the kernel when the
  process dies (SIGKILL included), and it works where `fcntl.flock` does not (Windows);
  SQLite also tracks its locks per file inside a process, so two connections of one
  process exclude each other, which a POSIX `fcntl` lock of our own would not (and our
  own descriptor on the database would drop SQLite's locks when closed);
- it leaves no stray file: no lock file, and in exclusive mode WAL keeps its index in
  memory, so there is no `-shm` file either; the `-wal` file is checkpointed and removed
  on `close()`, and after a kill the next open recovers it as before. WAL and
  `synchronous=NORMAL` work as before: a killed process loses nothing committed.

The cost: while a server runs, no other program can read its database (not even the
`sqlite3` shell); stop the server to inspect or copy the file.

Only this server's databases. A database this module created carries `PRAGMA
application_id` = `APPLICATION_ID` and `PRAGMA user_version` = `SCHEMA_VERSION`. On
opening: an empty file or database is initialised; ours is migrated from an older schema
version if needed; a database of the first numrules servers (application_id 0 and
exactly the tables of `SCHEMA_V1`) is adopted (marked and migrated); anything else (a
file that is not SQLite, another application's id or tables, a newer schema version) is
refused with `StoreForeignError` and left unchanged: the checks read the file's header
before SQLite opens it, and only read (then roll back) once it is open.

Reading is defensive: each table row and its actions are checked (types, seat shapes,
action indexes), and a row that fails is reported as a `DamagedTable` by
`active_tables()` while the others load; `table()` and `tables()` raise
`StoreDamagedError` for it.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from pathlib import Path
from typing import Any, NamedTuple

import attrs

from numrules.core.errors import NumrulesError

APPLICATION_ID = 0x4E554D52
"""`PRAGMA application_id` of a numrules server database ("NUMR")."""

SCHEMA_VERSION = 3
"""`PRAGMA user_version` of a database this module writes."""

SCHEMA_V1 = """
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
"""The schema of the first numrules servers (no application_id, user_version 0)."""

_ACTIVE_INDEX = (
    "CREATE INDEX tables_active ON tables (created) WHERE finished IS NULL AND expired IS NULL"
)

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: ("ALTER TABLE tables ADD COLUMN expired REAL", _ACTIVE_INDEX),
    2: ("ALTER TABLE tables ADD COLUMN options TEXT", "ALTER TABLE tables ADD COLUMN again TEXT"),
}
"""The statements that take a database from version `n` to `n + 1`. A new database is
made with `SCHEMA_V1` and then migrated, so that new and adopted databases are alike."""

_HEADER = b"SQLite format 3\x00"
_COLUMNS = "id, game, config, seed, seats, created, finished, expired, options, again"
_ACTIVE = "finished IS NULL AND expired IS NULL"
_SEAT_KEYS = {"bot": {"kind", "bot", "seed"}, "human": {"kind", "token", "name"}}
_OPTION_KEYS = {"move_limit", "fallback", "fallback_seed"}


class StoreError(NumrulesError):
    """The database cannot be used: `path` names the file."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path


class StoreLockedError(StoreError):
    """Another `Store` (another server, or another program) holds the database."""


class StoreForeignError(StoreError):
    """The file is not a numrules server database this code can use; it was left unchanged."""


class StoreDamagedError(StoreError):
    """A stored table cannot be read (`damaged` says which, and why)."""

    def __init__(self, path: str, damaged: DamagedTable) -> None:
        super().__init__(path, f"{path}: table {damaged.id} is damaged: {damaged.reason}")
        self.damaged = damaged


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
    expired: float | None
    """When the unfinished table was abandoned (`Store.expire`), or None."""
    actions: tuple[tuple[int, str, int | None], ...]
    """Every accepted action in order: (seat, notation, the client's seq or None)."""
    updated: float
    """When the table last moved: its last action's time, or its creation."""
    options: dict[str, Any] = attrs.field(factory=dict)
    """How the table is run, beyond its game's rules: `{"move_limit": seconds or None,
    "fallback": bot spec, "fallback_seed": n}` (empty for a table stored before them:
    no move limit, the `random` fallback)."""
    again: str | None = None
    """The table where its players play again (`Store.set_again`), or None."""


@attrs.frozen(slots=True)
class DamagedTable:
    """A stored table whose row (or one of its action rows) cannot be read."""

    id: str
    reason: str


class Loaded(NamedTuple):
    """Tables read from the database: the readable ones and the damaged ones."""

    tables: list[StoredTable]
    damaged: list[DamagedTable]


class Store:
    """A SQLite file holding every table, held by this object alone until `close()`.

    `":memory:"` keeps it in memory (tests only).

    Raises:
        StoreLockedError: another Store, server or program has the file open.
        StoreForeignError: the file is not a numrules database (or is a newer one).
        StoreError: the file cannot be opened at all.

    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        memory = self.path == ":memory:"
        if not memory:
            self._check_header()
        try:
            self._db = sqlite3.connect(
                self.path, timeout=0, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise StoreError(self.path, f"cannot open {self.path}: {exc}") from exc
        self._closed = False
        try:
            self._open(memory)
        except BaseException:
            self._db.close()
            self._closed = True
            raise

    def _open(self, memory: bool) -> None:
        db = self._db
        try:
            db.execute("PRAGMA locking_mode=EXCLUSIVE")
            db.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise StoreLockedError(
                    self.path,
                    f"{self.path} is in use by another numrules server (or another program); "
                    "only one server may use a database at a time",
                ) from exc
            raise StoreError(self.path, f"cannot open {self.path}: {exc}") from exc
        except sqlite3.DatabaseError as exc:
            raise self._foreign(f"not a SQLite database ({exc})") from exc
        try:
            version = self._inspect()
        except BaseException:
            db.execute("ROLLBACK")
            # Python 3.12+: close without checkpointing a foreign WAL into its file.
            flag = getattr(sqlite3, "SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE", None)
            if flag is not None:
                getattr(db, "setconfig")(flag, True)  # noqa: B009 - Python 3.12+ only
            raise
        db.execute("COMMIT")  # nothing written: the lock stays (exclusive locking mode)
        if not memory:
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        if version == SCHEMA_VERSION:
            return
        with self._transaction():
            if version == 0:  # a new database: the first schema, then every migration
                for statement in filter(str.strip, SCHEMA_V1.split(";")):
                    db.execute(statement)
                version = 1
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _check_header(self) -> None:
        # Refuse a file that is not SQLite, or another application's, before SQLite
        # opens it (SQLite would roll back its hot journal or checkpoint its WAL).
        try:
            with open(self.path, "rb") as file:
                header = file.read(100)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StoreError(self.path, f"cannot open {self.path}: {exc}") from exc
        if not header:
            return
        if not header.startswith(_HEADER):
            raise self._foreign("not a SQLite database")
        if len(header) == 100:
            application_id = int.from_bytes(header[68:72], "big", signed=True)
            if application_id not in (0, APPLICATION_ID):
                raise self._foreign(
                    f"another application's database (application_id {application_id})"
                )

    def _inspect(self) -> int:
        # The schema version found: 0 for an empty database, else the one to migrate from.
        db = self._db
        application_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        objects = _objects(db)
        if application_id == APPLICATION_ID:
            if version > SCHEMA_VERSION:
                raise self._foreign(
                    f"a database of a newer numrules server (schema version {version}; "
                    f"this one knows versions up to {SCHEMA_VERSION})"
                )
            if version >= 1:
                return int(version)
            if not objects:
                return 0
            raise self._foreign("a numrules database without a schema version")
        if application_id != 0:
            raise self._foreign(f"another application's database (application_id {application_id})")
        if version == 0 and not objects:
            return 0
        if version == 0 and _shape(db) == _V1_SHAPE:
            return 1
        held = "holding " + (", ".join(sorted(name for _, name in objects)) or "no tables")
        if version:
            held += f", user_version {version}"
        raise self._foreign(f"another application's database ({held})")

    def _foreign(self, what: str) -> StoreForeignError:
        return StoreForeignError(
            self.path,
            f"{self.path} is not a numrules server database: it is {what}. "
            "It was left unchanged; give the server another file",
        )

    def close(self) -> None:
        """Close the database and release it (another Store may open it after)."""
        if not self._closed:
            self._closed = True
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------

    def add_table(
        self,
        table_id: str,
        game: str,
        config: str,
        seed: int,
        seats: list[dict[str, Any]],
        options: dict[str, Any] | None = None,
    ) -> float:
        """Insert a new table and how it is run (`StoredTable.options`); return when."""
        created = time.time()
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, game, config, seed, seats, created, options) "
                "VALUES (?,?,?,?,?,?,?)",
                (
                    table_id,
                    game,
                    config,
                    str(seed),
                    json.dumps(seats),
                    created,
                    None if options is None else json.dumps(options),
                ),
            )
        return created

    def set_again(self, table_id: str, again: str) -> None:
        """Record the table where the players of `table_id` play again."""
        with self._transaction():
            self._db.execute("UPDATE tables SET again = ? WHERE id = ?", (again, table_id))

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

    def expire(self, table_id: str) -> bool:
        """Mark an unfinished table abandoned (nobody played for too long): no longer active.

        Returns whether it was marked (False: unknown, finished or already expired).
        """
        with self._transaction():
            cursor = self._db.execute(
                f"UPDATE tables SET expired = ? WHERE id = ? AND {_ACTIVE}",
                (time.time(), table_id),
            )
        return cursor.rowcount == 1

    # -- reading ----------------------------------------------------------------------

    def count_active(self) -> int:
        """The number of active tables: neither finished nor expired."""
        count: int = self._db.execute(f"SELECT count(*) FROM tables WHERE {_ACTIVE}").fetchone()[0]
        return count

    def active_tables(self) -> Loaded:
        """The active tables (neither finished nor expired) with their actions, oldest first.

        A table that cannot be read is in `damaged` instead: this never raises for one.
        """
        rows = self._db.execute(
            f"SELECT {_COLUMNS} FROM tables WHERE {_ACTIVE} ORDER BY created"
        ).fetchall()
        loaded = Loaded([], [])
        for row in rows:
            read = self._read(row)
            if isinstance(read, DamagedTable):
                loaded.damaged.append(read)
            else:
                loaded.tables.append(read)
        return loaded

    def tables(self) -> list[StoredTable]:
        """Every stored table (finished and expired ones too) with its actions, oldest first.

        Raises:
            StoreDamagedError: a table cannot be read (`active_tables` reports it instead).

        """
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM tables ORDER BY created").fetchall()
        return [self._readable(row) for row in rows]

    def table(self, table_id: str) -> StoredTable | None:
        """One stored table (finished or expired too), or None if there is none.

        Raises:
            StoreDamagedError: the table is stored but cannot be read.

        """
        row = self._db.execute(
            f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        return None if row is None else self._readable(row)

    def _readable(self, row: tuple[Any, ...]) -> StoredTable:
        read = self._read(row)
        if isinstance(read, DamagedTable):
            raise StoreDamagedError(self.path, read)
        return read

    def _read(self, row: tuple[Any, ...]) -> StoredTable | DamagedTable:
        table_id = row[0] if isinstance(row[0], str) else repr(row[0])
        actions = self._db.execute(
            "SELECT idx, seat, notation, seq, at FROM actions WHERE table_id = ? ORDER BY idx",
            (row[0],),
        ).fetchall()
        try:
            return _checked(row, actions)
        except _DamagedError as exc:
            return DamagedTable(table_id, str(exc))

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


# -- the schema's shape ---------------------------------------------------------------


def _objects(db: sqlite3.Connection) -> list[tuple[str, str]]:
    # (type, name) of every table, index, view and trigger, SQLite's own aside.
    rows = db.execute(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
        "ORDER BY type, name"
    ).fetchall()
    return [(str(kind), str(name)) for kind, name in rows]


def _shape(db: sqlite3.Connection) -> list[Any]:
    # The objects, and each table's columns, indexes and foreign keys.
    shape: list[Any] = []
    for kind, name in _objects(db):
        shape.append((kind, name))
        if kind == "table":
            quoted = name.replace('"', '""')
            for pragma in ("table_info", "index_list", "foreign_key_list"):
                rows = db.execute(f'PRAGMA {pragma}("{quoted}")').fetchall()
                shape.append((pragma, sorted(map(repr, rows))))
    return shape


def _schema_shape(script: str) -> list[Any]:
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(script)
        return _shape(db)
    finally:
        db.close()


_V1_SHAPE = _schema_shape(SCHEMA_V1)


# -- checking rows --------------------------------------------------------------------


class _DamagedError(Exception):
    pass


def _is_int(value: object) -> bool:
    return type(value) is int


def _is_time(value: object) -> bool:
    return type(value) in (int, float)


def _checked(row: tuple[Any, ...], action_rows: list[tuple[Any, ...]]) -> StoredTable:
    table_id, game, config, seed, seats_text, created, finished, expired, options, again = row
    if not isinstance(table_id, str):
        raise _DamagedError("the id is not text")
    if not isinstance(game, str):
        raise _DamagedError("the game name is not text")
    if not isinstance(config, str):
        raise _DamagedError("the config is not text")
    if not isinstance(seed, str) or not re.fullmatch(r"-?[0-9]{1,4000}", seed):
        raise _DamagedError(f"the seed is not an integer: {_short(seed)}")
    if not _is_time(created):
        raise _DamagedError("the creation time is not a number")
    if finished is not None and not _is_time(finished):
        raise _DamagedError("the finishing time is not a number")
    if expired is not None and not _is_time(expired):
        raise _DamagedError("the expiry time is not a number")
    if again is not None and not isinstance(again, str):
        raise _DamagedError("the next table's id is not text")
    seats = _seats(seats_text)
    actions: list[tuple[int, str, int | None]] = []
    updated = float(created)
    for position, (idx, seat, notation, seq, at) in enumerate(action_rows):
        if idx != position:
            raise _DamagedError(f"action {position} is missing (the next one has index {idx!r})")
        if not _is_int(seat) or not 0 <= seat < len(seats):
            raise _DamagedError(f"action {position}: {_short(seat)} is not a seat of the table")
        if not isinstance(notation, str):
            raise _DamagedError(f"action {position}: the notation is not text")
        if seq is not None and not _is_int(seq):
            raise _DamagedError(f"action {position}: seq {_short(seq)} is not an integer")
        if not _is_time(at):
            raise _DamagedError(f"action {position}: its time is not a number")
        actions.append((seat, notation, seq))
        updated = float(at)
    return StoredTable(
        id=table_id,
        game=game,
        config=config,
        seed=int(seed),
        seats=seats,
        created=float(created),
        finished=None if finished is None else float(finished),
        expired=None if expired is None else float(expired),
        actions=tuple(actions),
        updated=updated,
        options=_table_options(options),
        again=again,
    )


def _table_options(text: object) -> dict[str, Any]:
    # The table's options (None: a table stored before them), each of its type.
    if text is None:
        return {}
    if not isinstance(text, str):
        raise _DamagedError("the table options are not text")
    try:
        options = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _DamagedError(f"the table options are not valid JSON: {_short(str(exc))}") from exc
    if not isinstance(options, dict):
        raise _DamagedError("the table options are not an object")
    unknown = set(options) - _OPTION_KEYS
    if unknown:
        raise _DamagedError(f"unknown table options: {', '.join(sorted(unknown))}")
    limit = options.get("move_limit")
    if limit is not None and not (_is_time(limit) and 0 < limit < float("inf")):
        raise _DamagedError(f"the move limit is not a positive number: {_short(limit)}")
    if not isinstance(options.get("fallback", ""), str):
        raise _DamagedError("the fallback bot is not text")
    if not _is_int(options.get("fallback_seed", 0)):
        raise _DamagedError("the fallback bot's seed is not an int")
    return options


def _seats(text: object) -> tuple[dict[str, Any], ...]:
    if not isinstance(text, str):
        raise _DamagedError("the seats are not text")
    try:
        seats = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _DamagedError(f"the seats are not valid JSON: {_short(str(exc))}") from exc
    if not isinstance(seats, list) or not seats:
        raise _DamagedError("the seats are not a list of seats")
    for number, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise _DamagedError(f"seat {number} is not an object")
        kind = seat.get("kind")
        keys = _SEAT_KEYS.get(kind) if isinstance(kind, str) else None
        if keys is None:
            raise _DamagedError(f"seat {number} has no known kind: {_short(kind)}")
        unknown = set(seat) - keys
        if unknown:
            raise _DamagedError(f"seat {number} has unknown fields: {', '.join(sorted(unknown))}")
        if kind == "bot":
            if not isinstance(seat.get("bot"), str) or not _is_int(seat.get("seed")):
                raise _DamagedError(f"seat {number}: a bot seat needs a bot name and an int seed")
        elif (
            "token" not in seat
            or not (seat["token"] is None or isinstance(seat["token"], str))
            or not isinstance(seat.get("name", ""), str)
        ):
            raise _DamagedError(
                f"seat {number}: a human seat needs a token (text or null), a text name"
            )
    return tuple(seats)


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
