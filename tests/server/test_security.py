"""What a server operator asks: a token acts for its own seat of its own table only,
views hold only what the seat may know, and an old message is never applied twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from numrules import stackattack
from numrules.apps.server import Store
from tests.server.helpers import (
    SHORT,
    app_client,
    card_spans,
    create,
    hand_line,
    lines_text,
    receive_until,
)

pytestmark = pytest.mark.timeout(60)

GAME = stackattack.GAME
"""The game of the tables here (`create`'s default)."""


def _two_humans(client: Any) -> tuple[str, str, str]:
    made = create(client, seats=["human", "human"])
    other = client.post(f"/api/tables/{made['table']}/join", json={}).json()
    assert other["seat"] == 1
    return made["table"], made["token"], other["token"]


def _connect(ws: Any, table: str, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "table": table, "token": token})
    receive_until(ws, "welcome")
    return receive_until(ws, "update")


def test_seat_1_cannot_act_for_seat_0(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        table, token0, token1 = _two_humans(client)
        with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
            seat0 = _connect(ws0, table, token0)
            _connect(ws1, table, token1)
            theirs = seat0["actions"][0]  # "choose N": a card only seat 0 holds
            ws1.send_json({"type": "act", "action": f"0:{theirs}", "seq": 1})
            error = receive_until(ws1, "error")
            assert error["code"] == "bad_action"
            assert "seat 0" in error["message"]
            ws1.send_json({"type": "act", "action": theirs, "seq": 2})
            error = receive_until(ws1, "error")
            assert error["code"] == "illegal"  # not a card of seat 1
    # once the server has stopped (it holds its database while it runs)
    with Store(tmp_path / "t.db") as store:
        assert store.tables()[0].actions == ()


def test_seat_1_cannot_read_seat_0s_hand(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        table, token0, token1 = _two_humans(client)
        with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
            seat0 = _connect(ws0, table, token0)
            seat1 = _connect(ws1, table, token1)
            hand0 = [a.split()[-1] for a in seat0["actions"]]
            assert len(hand0) == GAME.Config(players=2, **SHORT["stackattack"]).hand_size
            text1 = repr(seat1)
            dealt = seat1["events"][0]["event"]
            assert dealt["hands"][0] is None
            assert dealt["hands"][1] is not None
            for card in hand0:
                assert f"'{card}'" not in str(dealt), card
            assert "seat 0 holds" not in text1
            ws1.send_json({"type": "observe"})
            observation = receive_until(ws1, "observation")["observation"]
            assert observation["data"]["seat"] == 1
            mine = set(observation["data"]["hand"])
            assert mine.isdisjoint(hand0)
            assert hand_line(seat1)
            assert set(hand0) <= card_spans(seat0)
            assert card_spans(seat1).isdisjoint(hand0)


def test_token_cannot_join_another_tables_seat(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        first = create(client)
        second = create(client)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": second["table"], "token": first["token"]})
            error = ws.receive_json()
            assert error == {
                "type": "error",
                "code": "bad_token",
                "message": "this token gives no seat at this table",
            }
            assert ws.receive()["type"] == "websocket.close"
        # the token still works at its own table
        with client.websocket_connect("/ws") as ws:
            assert _connect(ws, first["table"], first["token"])["seat"] == 0


def test_spectator_sees_no_hand(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        table, token0, _ = _two_humans(client)
        with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as wsv:
            seat0 = _connect(ws0, table, token0)
            view = _connect(wsv, table, None)
            assert view["seat"] is None
            assert view["actions"] == []
            assert view["events"][0]["event"]["hands"] == [None, None]
            assert hand_line(view) == ""
            assert "spectator" in lines_text(view)
            hand0 = {a.split()[-1] for a in seat0["actions"]}
            assert hand0 <= card_spans(seat0)
            assert card_spans(view).isdisjoint(hand0)
            wsv.send_json({"type": "observe"})
            observation = receive_until(wsv, "observation")["observation"]["data"]
            assert observation["seat"] is None
            assert not observation.get("hand")


def test_replayed_action_message_is_not_applied_twice(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with app_client(db) as client:
        table, token0, _ = _two_humans(client)
        with client.websocket_connect("/ws") as ws0:
            seat0 = _connect(ws0, table, token0)
            message = {"type": "act", "action": seat0["actions"][0], "seq": 1}
            ws0.send_json(message)
            assert receive_until(ws0, "accepted")["at"] == 1
            ws0.send_json(message)
            error = receive_until(ws0, "error")
            assert error["code"] == "duplicate"
            assert error["seq"] == 1
        # a new connection with the same token: the old message is still refused
        with client.websocket_connect("/ws") as ws0:
            ws0.send_json({"type": "hello", "table": table, "token": token0})
            assert receive_until(ws0, "welcome")["last_seq"] == 1
            ws0.send_json(message)
            assert receive_until(ws0, "error")["code"] == "duplicate"
    # and after a restart of the server on the same database
    with app_client(db) as client, client.websocket_connect("/ws") as ws0:
        ws0.send_json({"type": "hello", "table": table, "token": token0})
        assert receive_until(ws0, "welcome")["last_seq"] == 1
        ws0.send_json(message)
        assert receive_until(ws0, "error")["code"] == "duplicate"
    stored = Store(db).tables()[0]
    assert [(seat, seq) for seat, _, seq in stored.actions] == [(0, 1)]


def test_tokens_are_not_stored_in_clear(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with app_client(db) as client:
        _, token0, token1 = _two_humans(client)
    raw = b"".join(path.read_bytes() for path in tmp_path.glob("t.db*"))
    assert raw
    assert token0.encode() not in raw
    assert token1.encode() not in raw
