"""Bad input gets a clear error or a disconnect, and the other tables go on."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import pytest

from numrules.apps.server import Limits
from tests.server.helpers import app_client, create, receive_until

if TYPE_CHECKING:
    from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(60)

LIMITS = Limits(max_message_bytes=1024, rate=5.0, burst=10, max_strikes=2, idle_timeout=30.0)


def _hello(ws: Any, made: dict[str, Any]) -> dict[str, Any]:
    ws.send_json({"type": "hello", "table": made["table"], "token": made["token"]})
    receive_until(ws, "welcome")
    return receive_until(ws, "update")


def _closed(ws: Any) -> int:
    # Read until the server closes the connection; return the close code.
    for _ in range(100):
        message = ws.receive()
        if message["type"] == "websocket.close":
            code: int = message["code"]
            return code
    raise AssertionError("the connection was not closed")


def _still_served(client: TestClient, made: dict[str, Any]) -> None:
    # Another table keeps being served: an action is accepted there.
    with client.websocket_connect("/ws") as ws:
        update = _hello(ws, made)
        ws.send_json({"type": "act", "action": update["actions"][0], "seq": update["last_seq"] + 1})
        assert receive_until(ws, "accepted")["seq"] == update["last_seq"] + 1


def _socket(client: TestClient) -> AbstractContextManager[Any]:
    return client.websocket_connect("/ws")


def test_malformed_json(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", LIMITS) as client:
        made, other = create(client), create(client)
        with _socket(client) as ws:
            _hello(ws, made)
            ws.send_text("{not json")
            error = receive_until(ws, "error")
            assert error["code"] == "bad_json"
            assert "not JSON" in error["message"]
            ws.send_text("[1, 2]")
            assert receive_until(ws, "error")["code"] == "bad_json"
            ws.send_json({"type": "dance"})
            error = ws.receive_json()
            assert error["code"] == "unknown_type"
            assert "too many bad messages" in error["message"]
            assert _closed(ws) == 1008
        _still_served(client, other)


def test_bad_fields_of_an_action(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", LIMITS) as client:
        made = create(client)
        with _socket(client) as ws:
            update = _hello(ws, made)
            ws.send_json({"type": "act", "action": update["actions"][0], "seq": "one"})
            assert "seq" in receive_until(ws, "error")["message"]
            ws.send_json({"type": "act", "action": 12, "seq": 1})
            assert "notation" in receive_until(ws, "error")["message"]
            ws.send_json({"type": "act", "action": "choose banana", "seq": 1})
            error = receive_until(ws, "error")
            assert error["code"] == "bad_action"
            assert error["seq"] == 1


def test_huge_message(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", LIMITS) as client:
        made, other = create(client), create(client)
        with _socket(client) as ws:
            _hello(ws, made)
            ws.send_json({"type": "act", "action": "x" * 5000, "seq": 1})
            error = receive_until(ws, "error")
            assert error["code"] == "too_large"
            assert "1024 bytes" in error["message"]
            assert _closed(ws) == 1009
        _still_served(client, made)
        _still_served(client, other)
        big = client.post("/api/tables", content=b"{" + b" " * 20000 + b"}")
        assert big.status_code == 413
        assert big.json()["error"]["code"] == "too_large"


def test_unknown_table(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", LIMITS) as client:
        assert client.get("/api/tables/nope").json()["error"]["code"] == "unknown_table"
        assert client.post("/api/tables/nope/join", json={}).status_code == 404
        with _socket(client) as ws:
            ws.send_json({"type": "hello", "table": "nope"})
            error = ws.receive_json()
            assert error["code"] == "unknown_table"
            assert _closed(ws) == 1008


def test_wrong_token(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", LIMITS) as client:
        made, other = create(client), create(client)
        for token in ("A" * 22, "", 12345):
            with _socket(client) as ws:
                ws.send_json({"type": "hello", "table": made["table"], "token": token})
                assert ws.receive_json()["code"] == "bad_token"
                assert _closed(ws) == 1008
        _still_served(client, other)


def test_first_message_must_be_hello(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", LIMITS) as client:
        made = create(client)
        with _socket(client) as ws:
            ws.send_json({"type": "act", "action": "choose 1", "seq": 1})
            assert "hello" in receive_until(ws, "error")["message"]
            _hello(ws, made)


def test_flood_is_slowed_down_not_served_faster(tmp_path: Path) -> None:
    # Over the rate, messages are read at the rate (the client is told once); all are
    # answered, in order, and the connection stays open.
    limits = attrs.evolve(LIMITS, rate=40.0, burst=10)
    with app_client(tmp_path / "t.db", limits) as client:
        made, other = create(client), create(client)
        with _socket(client) as ws:
            _hello(ws, made)
            for _ in range(60):
                ws.send_json({"type": "ping"})
            kinds: list[str] = []
            while kinds.count("pong") < 60:
                message = ws.receive_json()
                kinds.append(message["type"] if message["type"] != "error" else message["code"])
            assert kinds.count("rate_limited") == 1
            assert kinds.index("rate_limited") == 9  # the burst (hello and 9 pings) at once
            ws.send_json({"type": "ping"})
            assert receive_until(ws, "pong")["type"] == "pong"
        _still_served(client, other)


def test_idle_connection_is_closed(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", attrs.evolve(LIMITS, idle_timeout=0.5)) as client:
        made = create(client)
        with _socket(client) as ws:
            _hello(ws, made)
            error = receive_until(ws, "error")  # after idle_timeout without a message
            assert error["code"] == "idle"
            assert _closed(ws) == 1001


def test_connections_beyond_the_limit_are_turned_away(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", attrs.evolve(LIMITS, max_connections=1)) as client:
        made = create(client)
        with _socket(client) as first:
            _hello(first, made)
            with _socket(client) as second:
                error = second.receive_json()
                assert error["code"] == "full"
                assert _closed(second) == 1013
            first.send_json({"type": "ping"})
            assert receive_until(first, "pong")["at"] >= 0  # the first one is still served
