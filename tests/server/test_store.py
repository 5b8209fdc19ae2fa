"""The SQLite store: one Store per file, only numrules databases, damaged rows set aside,
expired tables, schema migration. Real files under tmp_path; real subprocesses."""

from __future__ import annotations

import json
import select
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest

from numrules import NumrulesError
from numrules.apps.server.store import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    DamagedTable,
    Store,
    StoreDamagedError,
    StoreError,
    StoreForeignError,
    StoreLockedError,
)

HUMAN: dict[str, Any] = {"kind": "human", "token": None, "name": ""}
BOT: dict[str, Any] = {"kind": "bot", "bot": "random", "seed": 7}

# The schema of the first numrules servers, as they wrote it (store.py before version 2).
OLD_SCHEMA = """
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

CHILD = """
import sys
from numrules.apps.server.store import Store, StoreLockedError

path, mode = sys.argv[1], sys.argv[2]
if mode == "hold":
    store = Store(path)
    store.add_table("held", "stackattack", "{}", 5, [{"kind": "human", "token": None, "name": ""}])
    store.add_action("held", 0, 0, "0:choose 1", 1, finished=False)
    print("ready", flush=True)
    sys.stdin.readline()
    store.close()
    print("closed", flush=True)
    sys.stdin.readline()
else:
    try:
        store = Store(path)
    except StoreLockedError as exc:
        print("locked:", exc, flush=True)
    else:
        print("opened", len(store.tables()), flush=True)
        store.close()
"""

TIMEOUT = 60.0


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def _pragmas(path: Path) -> tuple[int, int]:
    with closing(_raw(path)) as db:
        return (
            db.execute("PRAGMA application_id").fetchone()[0],
            db.execute("PRAGMA user_version").fetchone()[0],
        )


def _files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def _try_in_child(path: Path) -> str:
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), "try"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=True,
    )
    return result.stdout.strip()


def _line(process: subprocess.Popen[str]) -> str:
    # One line from the child, failing if none comes within TIMEOUT.
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], TIMEOUT)
    assert ready, "the child process did not answer"
    return process.stdout.readline().strip()


@contextmanager
def _holder(path: Path) -> Iterator[subprocess.Popen[str]]:
    """A child process holding a Store on `path` (it has written one table, one action)."""
    process = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), "hold"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert _line(process) == "ready"
        yield process
    finally:
        process.kill()
        process.wait(TIMEOUT)


# -- one Store per file ---------------------------------------------------------------


def test_a_second_store_in_the_same_process_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    first = Store(db)
    with pytest.raises(StoreLockedError) as refused:
        Store(db)
    assert str(db) in str(refused.value)
    assert "another numrules server (or another program)" in str(refused.value)
    assert refused.value.path == str(db)
    assert isinstance(refused.value, StoreError)
    assert isinstance(refused.value, NumrulesError)
    # the holder is undisturbed, and after close() the file opens again
    first.add_table("a", "stackattack", "{}", 1, [HUMAN])
    first.close()
    first.close()  # a second close does nothing
    with Store(db) as second:
        assert [t.id for t in second.tables()] == ["a"]
    assert _files(tmp_path) == ["t.db"]  # no lock file, no -wal or -shm left


def test_another_process_cannot_open_a_held_file(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with Store(db) as store:
        store.add_table("a", "stackattack", "{}", 1, [HUMAN])
        answer = _try_in_child(db)
        assert answer.startswith("locked:")
        assert str(db) in answer
        assert store.count_active() == 1
    assert _try_in_child(db) == "opened 1"


def test_a_file_held_by_another_process_opens_after_it_closes(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with _holder(db) as holder:
        with pytest.raises(StoreLockedError):
            Store(db)
        assert holder.stdin is not None
        holder.stdin.write("close\n")
        holder.stdin.flush()
        assert _line(holder) == "closed"
        with Store(db) as store:
            assert store.table("held") is not None


def test_a_file_held_by_a_killed_process_opens_with_its_records(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with _holder(db) as holder:
        with pytest.raises(StoreLockedError):
            Store(db)
        holder.kill()
        holder.wait(TIMEOUT)
        with Store(db) as store:
            held = store.table("held")
            assert held is not None
            assert held.actions == ((0, "0:choose 1", 1),)
    assert _files(tmp_path) == ["t.db"]


# -- only numrules databases ----------------------------------------------------------


def test_a_new_database_is_marked_as_ours(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    Store(db).close()
    assert _pragmas(db) == (APPLICATION_ID, SCHEMA_VERSION)
    empty = tmp_path / "empty.db"
    empty.touch()  # an empty file is a new database
    with Store(empty) as store:
        store.add_table("a", "stackattack", "{}", 1, [HUMAN])
    assert _pragmas(empty) == (APPLICATION_ID, SCHEMA_VERSION)


def _foreign_files(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    # Files another program made, each with a word its refusal should name.
    other = tmp_path / "other.db"
    with closing(_raw(other)) as db:
        db.execute("CREATE TABLE users (name TEXT)")
        db.execute("INSERT INTO users VALUES ('ada')")
    yield other, "users"
    marked = tmp_path / "marked.db"
    with closing(_raw(marked)) as db:
        db.execute("PRAGMA application_id = 1234")
        db.execute("CREATE TABLE notes (body TEXT)")
    yield marked, "application_id 1234"
    marked_empty = tmp_path / "marked-empty.db"
    with closing(_raw(marked_empty)) as db:
        db.execute("PRAGMA application_id = 99")
    yield marked_empty, "application_id 99"
    versioned = tmp_path / "versioned.db"
    with closing(_raw(versioned)) as db:
        db.execute("PRAGMA user_version = 7")
    yield versioned, "user_version 7"
    extra = tmp_path / "extra.db"  # the old schema and one more table
    with closing(_raw(extra)) as db:
        db.executescript(OLD_SCHEMA + "CREATE TABLE scores (n INTEGER);")
    yield extra, "scores"
    changed = tmp_path / "changed.db"  # the old tables with another column
    with closing(_raw(changed)) as db:
        db.executescript(OLD_SCHEMA.replace("finished REAL", "finished REAL, owner TEXT"))
    yield changed, "actions, tables"
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all\n" * 20)
    yield text, "not a SQLite database"
    newer = tmp_path / "newer.db"
    Store(newer).close()
    with closing(_raw(newer)) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    yield newer, f"schema version {SCHEMA_VERSION + 1}"


def test_a_foreign_file_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    files = 0
    for path, named in _foreign_files(tmp_path):
        before = path.read_bytes()
        listing = _files(tmp_path)
        with pytest.raises(StoreForeignError) as refused:
            Store(path)
        message = str(refused.value)
        assert str(path) in message, message
        assert named in message, message
        assert "left unchanged" in message
        assert path.read_bytes() == before, path
        assert _files(tmp_path) == listing, path  # no journal or WAL left beside it
        files += 1
    assert files == 8


def test_a_version_1_database_is_adopted_and_migrated(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    seats = [{"kind": "human", "token": "ab" * 32, "name": "Ada"}, BOT]
    with closing(_raw(db)) as old:  # as the first servers wrote it
        old.execute("PRAGMA journal_mode=WAL")
        old.executescript(OLD_SCHEMA)
        old.execute(
            "INSERT INTO tables (id, game, config, seed, seats, created) VALUES (?,?,?,?,?,?)",
            ("t1", "stackattack", '{"kind": "Config"}', str(2**70), json.dumps(seats), 100.0),
        )
        for idx, (seat, notation, seq) in enumerate([(0, "0:choose 1", 1), (1, "1:pass", None)]):
            old.execute(
                "INSERT INTO actions (table_id, idx, seat, notation, seq, at) VALUES (?,?,?,?,?,?)",
                ("t1", idx, seat, notation, seq, 101.0 + idx),
            )
        old.execute(
            "INSERT INTO tables (id, game, config, seed, seats, created, finished) "
            "VALUES ('t2', 'numwars', '{}', '-3', ?, 50.0, 60.0)",
            (json.dumps([HUMAN]),),
        )
    assert _pragmas(db) == (0, 0)
    with Store(db) as store:
        loaded = store.active_tables()
        assert loaded.damaged == []
        [t1] = loaded.tables
        assert t1.id == "t1"
        assert t1.game == "stackattack"
        assert t1.config == '{"kind": "Config"}'
        assert t1.seed == 2**70
        assert t1.seats == tuple(seats)
        assert t1.created == 100.0
        assert t1.finished is None
        assert t1.expired is None
        assert t1.actions == ((0, "0:choose 1", 1), (1, "1:pass", None))
        assert t1.updated == 102.0
        t2 = store.table("t2")
        assert t2 is not None
        assert (t2.seed, t2.finished, t2.expired, t2.updated) == (-3, 60.0, None, 50.0)
        assert store.expire("t1")
        store.add_table("t3", "numstop", "{}", 9, [HUMAN, BOT])
    assert _pragmas(db) == (APPLICATION_ID, SCHEMA_VERSION)
    with Store(db) as store:
        assert [t.id for t in store.tables()] == ["t2", "t1", "t3"]
        assert [t.id for t in store.active_tables().tables] == ["t3"]


def test_a_version_2_database_is_migrated_to_table_options(tmp_path: Path) -> None:
    db = tmp_path / "v2.db"
    with closing(_raw(db)) as old:  # as the servers of schema version 2 wrote it
        old.executescript(OLD_SCHEMA)
        for statement in MIGRATIONS[1]:
            old.execute(statement)
        old.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        old.execute("PRAGMA user_version = 2")
        old.execute(
            "INSERT INTO tables (id, game, config, seed, seats, created) VALUES (?,?,?,?,?,?)",
            ("t1", "stackattack", "{}", "5", json.dumps([HUMAN, BOT]), 100.0),
        )
    with Store(db) as store:
        t1 = store.table("t1")
        assert t1 is not None
        assert (t1.options, t1.again) == ({}, None)  # no move limit, the default fallback
    assert _pragmas(db) == (APPLICATION_ID, SCHEMA_VERSION)


def test_table_options_and_the_next_table_round_trip(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    options = {"move_limit": 30.0, "fallback": "heuristic", "fallback_seed": 2**100}
    with Store(db) as store:
        store.add_table("old", "stackattack", "{}", 1, [HUMAN, BOT], options)
        store.add_table("plain", "stackattack", "{}", 2, [HUMAN, BOT])
        store.set_again("old", "new")
    with Store(db) as store:
        old, plain = store.table("old"), store.table("plain")
        assert old is not None
        assert plain is not None
        assert (old.options, old.again) == (options, "new")
        assert (plain.options, plain.again) == ({}, None)


# -- damaged rows ---------------------------------------------------------------------


DAMAGE = {
    "seats: bad JSON": (
        "UPDATE tables SET seats = '[{\"kind\": \"bot\",' WHERE id = 'bad'",
        "JSON",
    ),
    "seats: not a list": (
        "UPDATE tables SET seats = '{\"kind\": \"bot\"}' WHERE id = 'bad'",
        "list",
    ),
    "seats: empty": ("UPDATE tables SET seats = '[]' WHERE id = 'bad'", "list"),
    "seats: a bot without a seed": (
        """UPDATE tables SET seats = '[{"kind": "bot", "bot": "random"}]' WHERE id = 'bad'""",
        "seat 0: a bot seat",
    ),
    "seats: a bot with a text seed": (
        """UPDATE tables SET seats = '[{"kind":"bot","bot":"random","seed":"1"}]' WHERE id='bad'""",
        "seat 0: a bot seat",
    ),
    "seats: a human token that is a number": (
        """UPDATE tables SET seats = '[{"kind":"human","token":5,"name":""}]' WHERE id = 'bad'""",
        "seat 0: a human seat",
    ),
    "seats: an unknown kind": (
        """UPDATE tables SET seats = '[{"kind": "ghost"}]' WHERE id = 'bad'""",
        "no known kind",
    ),
    "seats: an unknown field": (
        """UPDATE tables SET seats = '[{"kind":"human","token":null,"name":"","x":1}]'
        WHERE id = 'bad'""",
        "unknown fields: x",
    ),
    "seats: not text": ("UPDATE tables SET seats = x'00ff' WHERE id = 'bad'", "not text"),
    "seed: not an integer": ("UPDATE tables SET seed = '12x' WHERE id = 'bad'", "seed"),
    "seed: a float": ("UPDATE tables SET seed = '1.5' WHERE id = 'bad'", "seed"),
    "config: not text": ("UPDATE tables SET config = x'7b7d' WHERE id = 'bad'", "config"),
    "created: not a number": ("UPDATE tables SET created = 'noon' WHERE id = 'bad'", "creation"),
    "action: a notation that is not text": (
        "UPDATE actions SET notation = x'00' WHERE table_id = 'bad' AND idx = 1",
        "action 1: the notation",
    ),
    "action: a seat out of range": (
        "UPDATE actions SET seat = 9 WHERE table_id = 'bad' AND idx = 0",
        "action 0: 9 is not a seat",
    ),
    "action: a seat that is text": (
        "UPDATE actions SET seat = 'zero' WHERE table_id = 'bad' AND idx = 0",
        "action 0: 'zero' is not a seat",
    ),
    "action: a seq that is text": (
        "UPDATE actions SET seq = 'one' WHERE table_id = 'bad' AND idx = 0",
        "action 0: seq",
    ),
    "action: a missing index": (
        "DELETE FROM actions WHERE table_id = 'bad' AND idx = 0",
        "action 0 is missing",
    ),
    "options: bad JSON": ("UPDATE tables SET options = '{' WHERE id = 'bad'", "options"),
    "options: not an object": ("UPDATE tables SET options = '[1]' WHERE id = 'bad'", "object"),
    "options: an unknown one": (
        """UPDATE tables SET options = '{"speed": 2}' WHERE id = 'bad'""",
        "unknown table options: speed",
    ),
    "options: a negative move limit": (
        """UPDATE tables SET options = '{"move_limit": -1}' WHERE id = 'bad'""",
        "move limit",
    ),
    "options: a move limit that is text": (
        """UPDATE tables SET options = '{"move_limit": "1"}' WHERE id = 'bad'""",
        "move limit",
    ),
    "options: a fallback that is not text": (
        """UPDATE tables SET options = '{"fallback": 3}' WHERE id = 'bad'""",
        "fallback",
    ),
    "options: a fallback seed that is not an int": (
        """UPDATE tables SET options = '{"fallback_seed": 1.5}' WHERE id = 'bad'""",
        "seed",
    ),
    "again: not text": ("UPDATE tables SET again = x'00' WHERE id = 'bad'", "next table"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_table_is_set_aside_and_the_others_load(tmp_path: Path, damage: str) -> None:
    db = tmp_path / "t.db"
    with Store(db) as store:
        for table_id in ("before", "bad", "after"):
            store.add_table(table_id, "stackattack", "{}", 11, [HUMAN, BOT])
            store.add_action(table_id, 0, 0, "0:choose 1", 1, finished=False)
            store.add_action(table_id, 1, 1, "1:choose 2", None, finished=False)
    statement, reason = DAMAGE[damage]
    with closing(_raw(db)) as raw:
        assert raw.execute(statement).rowcount == 1
    with Store(db) as store:
        loaded = store.active_tables()
        assert [t.id for t in loaded.tables] == ["before", "after"]
        [damaged] = loaded.damaged
        assert isinstance(damaged, DamagedTable)
        assert damaged.id == "bad"
        assert reason in damaged.reason, damaged.reason
        assert store.count_active() == 3
        with pytest.raises(StoreDamagedError) as raised:
            store.table("bad")
        assert raised.value.damaged == damaged
        assert "bad" in str(raised.value)
        with pytest.raises(StoreDamagedError):
            store.tables()
        before = store.table("before")
        assert before is not None
        assert before.actions == ((0, "0:choose 1", 1), (1, "1:choose 2", None))
        # a damaged table can still be set aside
        assert store.expire("bad")
        assert store.active_tables().damaged == []


# -- expiry and active tables ---------------------------------------------------------


def test_expire_active_tables_and_count_round_trip(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with Store(db) as store:
        for table_id in ("idle", "playing", "done"):
            store.add_table(table_id, "numbounce", "{}", 3, [HUMAN, BOT])
        store.add_action("done", 0, 1, "1:x", None, finished=True)
        store.add_action("playing", 0, 0, "0:y", 4, finished=False)
        assert store.count_active() == 2
        assert store.expire("idle")
        assert not store.expire("idle")  # already expired
        assert not store.expire("done")  # finished tables do not expire
        assert not store.expire("nosuchtable")
        assert store.count_active() == 1
        loaded = store.active_tables()
        assert [t.id for t in loaded.tables] == ["playing"]
        assert loaded.damaged == []
    with Store(db) as store:  # all of it is stored
        assert store.count_active() == 1
        idle, playing, done = (store.table(name) for name in ("idle", "playing", "done"))
        assert idle is not None
        assert playing is not None
        assert done is not None
        assert idle.expired is not None
        assert idle.expired >= idle.created
        assert idle.finished is None
        assert playing.expired is None
        assert playing.actions == ((0, "0:y", 4),)
        assert playing.updated >= playing.created
        assert done.finished is not None
        assert done.expired is None
        assert done.actions == ((1, "1:x", None),)
        assert store.table("nosuchtable") is None
        assert [t.id for t in store.tables()] == ["idle", "playing", "done"]


def test_active_tables_are_listed_from_an_index(tmp_path: Path) -> None:
    with Store(tmp_path / "t.db") as store:
        store.add_table("a", "numwars", "{}", 1, [HUMAN])
        plan = store._db.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM tables "
            "WHERE finished IS NULL AND expired IS NULL ORDER BY created"
        ).fetchall()
        assert "tables_active" in " ".join(str(row) for row in plan)


def test_a_store_in_memory_works(tmp_path: Path) -> None:
    first, second = Store(":memory:"), Store(":memory:")  # each its own database
    try:
        first.add_table("m", "numstop", "{}", 2, [HUMAN, BOT])
        assert first.count_active() == 1
        assert second.count_active() == 0
        stored = first.table("m")
        assert stored is not None
        assert stored.seats == (HUMAN, BOT)
    finally:
        first.close()
        second.close()
    assert _files(tmp_path) == []
