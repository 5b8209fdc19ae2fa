"""A table's life on the server: `--max-tables` counts tables being played only,
unfinished tables nobody plays are abandoned (still readable, no longer playable),
finished ones are read back from the store on demand, and one damaged stored table never
stops the others from resuming."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from numrules.apps.server import Limits
from tests.server.helpers import app_client, create, receive_until

pytestmark = pytest.mark.timeout(60)

QUICK = Limits(table_expiry=0.3, sweep_interval=0.05, finished_grace=0.0)
"""Tables expire after 0.3 s without play; the sweep runs every 50 ms."""


def _until(check: Callable[[], bool], seconds: float = 20.0) -> None:
    # Wait (bounded) until `check()` holds.
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the condition was never met"
        time.sleep(0.02)


def _bot_table(client: Any) -> str:
    # A table of two bots that plays itself to its end.
    made = create(client, seats=["first", "first"], join=False)
    table: str = made["table"]
    return table


def test_five_posts_no_longer_fill_a_server_of_five(tmp_path: Path) -> None:
    # Before: five unfinished tables nobody played filled `--max-tables 5` for good.
    limits = Limits(max_tables=5, table_expiry=0.3, sweep_interval=0.05)
    with app_client(tmp_path / "t.db", limits) as client:
        made = [create(client, seats=["human", "human"]) for _ in range(5)]
        refused = client.post(
            "/api/tables", json={"game": "stackattack", "seats": ["human", "human"]}
        )
        assert refused.status_code == 503
        assert refused.json()["error"]["code"] == "too_many_tables"
        _until(lambda: client.get("/health").json()["tables"] == 0)
        assert client.get("/api/tables").json() == []
        old = made[0]["table"]
        gone = client.get(f"/api/tables/{old}")
        assert gone.status_code == 200
        assert (gone.json()["state"], gone.json()["over"], gone.json()["free"]) == (
            "abandoned",
            False,
            [],
        )
        refused = client.post(f"/api/tables/{old}/join", json={})
        assert refused.status_code == 410
        assert refused.json()["error"]["code"] == "expired"
        assert "numrules_tables_expired_total 5" in client.get("/metrics").text
        create(client)  # room again


def test_finished_tables_do_not_count_towards_the_limit(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", Limits(max_tables=1)) as client:
        table = _bot_table(client)
        _until(lambda: client.get(f"/api/tables/{table}").json()["over"])
        create(client)  # the finished table left room for a new one


def test_a_connected_player_keeps_a_table_alive(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", QUICK) as client:
        kept, left = create(client), create(client)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": kept["table"], "token": kept["token"]})
            receive_until(ws, "update")
            _until(lambda: client.get(f"/api/tables/{left['table']}").json()["state"] != "playing")
            assert client.get(f"/api/tables/{left['table']}").json()["state"] == "abandoned"
            assert client.get(f"/api/tables/{kept['table']}").json()["state"] == "playing"
            ws.send_json({"type": "ping"})
            assert receive_until(ws, "pong")["at"] >= 0  # still served


def test_a_restart_expires_tables_idle_while_the_server_was_down(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with app_client(db) as client:
        made = create(client)
    time.sleep(0.4)
    with app_client(db, QUICK) as client:
        assert client.get("/health").json()["tables"] == 0
        assert client.get(f"/api/tables/{made['table']}").json()["state"] == "abandoned"


def test_finished_tables_are_read_back_on_demand(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with app_client(db, QUICK) as client:
        table = _bot_table(client)
        _until(lambda: client.get(f"/api/tables/{table}").json()["over"])
        record = client.get(f"/api/tables/{table}/record?format=json").json()
    with app_client(db, QUICK) as client:  # not replayed at start: read when asked for
        assert client.get("/health").json()["tables"] == 0
        assert client.get(f"/api/tables/{table}/record?format=json").json() == record
        summary = client.get(f"/api/tables/{table}").json()
        assert summary["over"]
        assert summary["actions"] == len(record["actions"])
        with client.websocket_connect("/ws") as ws:  # and may still be watched
            ws.send_json({"type": "hello", "table": table})
            assert receive_until(ws, "update")["over"]


def test_one_damaged_table_is_set_aside_and_the_others_resume(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "t.db"
    with app_client(db) as client:
        good, bad = create(client), create(client)
    with closing(sqlite3.connect(db)) as raw:  # the server is stopped: damage one row
        raw.execute("UPDATE tables SET seats = '[{' WHERE id = ?", (bad["table"],))
        raw.commit()
    with app_client(db) as client:
        assert client.get(f"/api/tables/{good['table']}").status_code == 200
        assert client.get(f"/api/tables/{bad['table']}").status_code == 404
        assert [t["table"] for t in client.get("/api/tables").json()] == [good["table"]]
        assert "numrules_tables_unreadable_total 1" in client.get("/metrics").text
    assert f"table {bad['table']} cannot be read" in caplog.text
