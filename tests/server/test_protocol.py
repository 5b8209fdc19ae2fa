"""The protocol in process (Starlette's TestClient): tables, joining, playing, watching."""

from __future__ import annotations

from pathlib import Path

import pytest

import numrules
from numrules.apps.server import Limits, Store
from tests.server.helpers import SHORT, app_client, create, lines_text, receive_until

pytestmark = pytest.mark.timeout(60)


def test_health_metrics_and_games(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        assert client.get("/health").json()["status"] == "ok"
        games = {g["game"]: g for g in client.get("/api/games").json()}
        assert set(games) == set(numrules.game_names())
        assert "random" in games["stackattack"]["bots"]
        options = {o["name"]: o for o in games["stackattack"]["options"]}
        assert options["max_rounds"]["default"] is None
        create(client)
        metrics = client.get("/metrics").text
        assert "numrules_tables_created_total 1" in metrics
        assert "numrules_tables 1" in metrics
        assert "<!doctype html>" in client.get("/").text.lower()


def test_create_list_join(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client, seats=["human", "random", "human"], name="ann")
        assert made["seat"] == 0
        assert len(made["token"]) >= 22  # 128 bits, URL-safe base 64
        listed = client.get("/api/tables").json()
        assert [t["table"] for t in listed] == [made["table"]]
        assert listed[0]["free"] == [2]
        assert listed[0]["seats"][1] == {"kind": "bot", "bot": "random"}
        assert "token" not in str(listed)
        joined = client.post(f"/api/tables/{made['table']}/join", json={"name": "bob"}).json()
        assert joined["seat"] == 2
        assert joined["token"] != made["token"]
        full = client.post(f"/api/tables/{made['table']}/join", json={})
        assert full.status_code == 409
        assert full.json()["error"]["code"] == "no_free_seat"
        assert client.get(f"/api/tables/{made['table']}").json()["free"] == []


def test_bad_table_requests(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db", Limits(max_tables=1)) as client:
        cases = [
            ({"game": "chess", "seats": ["human", "human"]}, "unknown_game"),
            ({"game": "stackattack", "seats": ["human", "nobot"]}, "bad_request"),
            ({"game": "stackattack", "seats": ["human", "os:system"]}, "bad_request"),
            ({"game": "stackattack", "seats": ["human", "ismcts?iterations=99999"]}, "bad_request"),
            ({"game": "stackattack", "seats": ["human", "ismcts?seconds=60"]}, "bad_request"),
            ({"game": "stackattack", "seats": ["human", "ismcts?colour=red"]}, "bad_request"),
            ({"game": "stackattack", "seats": ["human"]}, "bad_config"),
            (
                {"game": "stackattack", "seats": ["human", "random"], "options": {"x": 1}},
                "bad_request",
            ),
            (
                {"game": "stackattack", "seats": ["human", "random"], "options": {"rows": 0}},
                "bad_config",
            ),
        ]
        for body, code in cases:
            response = client.post("/api/tables", json=body)
            assert response.status_code >= 400
            assert response.json()["error"]["code"] == code, body
        create(client)
        response = client.post(
            "/api/tables", json={"game": "stackattack", "seats": ["human", "random"]}
        )
        assert response.status_code == 503
        assert response.json()["error"]["code"] == "too_many_tables"


def test_play_a_game_against_a_bot(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with app_client(db) as client:
        made = create(client)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"], "token": made["token"]})
            welcome = receive_until(ws, "welcome")
            assert welcome["seat"] == 0
            assert welcome["game"] == "stackattack"
            update = receive_until(ws, "update")
            assert update["events"][0]["event"]["event"] == "Dealt"
            assert "seat 0 holds" in update["events"][0]["text"]
            assert "Stack Attack" in lines_text(update)
            seq = 0
            seen = len(update["events"])
            while not update["over"]:
                if update["actions"]:
                    seq += 1
                    ws.send_json(
                        {
                            "type": "act",
                            "action": update["actions"][-1],
                            "seq": seq,
                            "at": update["at"],
                        }
                    )
                    reply = ws.receive_json()
                    while reply["type"] == "update":  # an update that crossed our message
                        update = reply
                        seen += len(reply["events"])
                        reply = ws.receive_json()
                    if reply["type"] == "error":
                        assert reply["code"] == "stale"
                update = receive_until(ws, "update")
                assert update["events_from"] == seen
                seen += len(update["events"])
            assert update["winners"]
            assert update["actions"] == []
            ws.send_json({"type": "observe"})
            observation = receive_until(ws, "observation")["observation"]
            assert observation["kind"] == "Observation"
            assert observation["data"]["seat"] == 0
        record = client.get(f"/api/tables/{made['table']}/record?format=json")
        assert record.status_code == 200
        loaded = numrules.record_from_json(record.text)
        final = loaded.replay()
        assert list(numrules.get_game("stackattack").scores(final)) == update["view"]["scores"]
    stored = Store(db).tables()
    assert len(stored) == 1
    assert stored[0].finished is not None
    assert [n for _, n, _ in stored[0].actions] == [str(a) for a in loaded.actions]


def test_record_is_refused_before_the_end(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client)
        response = client.get(f"/api/tables/{made['table']}/record")
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "not_over"


@pytest.mark.parametrize("game", sorted(SHORT))
def test_every_game_opens_with_a_view_and_actions(tmp_path: Path, game: str) -> None:
    g = numrules.get_game(game)
    seats = ["human"] + ["random"] * (g.min_players - 1)
    with app_client(tmp_path / "t.db") as client:
        made = create(client, game, seats)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"], "token": made["token"]})
            receive_until(ws, "welcome")
            update = receive_until(ws, "update")
            while not update["actions"] and not update["over"]:
                update = receive_until(ws, "update")
            assert g.title in lines_text(update)
            # The bots may have scored already (a Num Wars trick won before seat 0's turn).
            scores = update["view"]["scores"]
            assert len(scores) == g.min_players
            assert all(type(score) is int for score in scores)
            table = numrules.get_game(game)
            for action in update["actions"]:
                assert table.parse_action(action, seat=0).seat == 0


def test_spectator_follows_the_game(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client, seats=["random", "random"], join=False)
        assert made["token"] is None
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"]})
            assert receive_until(ws, "welcome")["seat"] is None
            update = receive_until(ws, "update")
            while not update["over"]:
                assert update["actions"] == []
                update = receive_until(ws, "update")
            assert update["winners"]
            ws.send_json({"type": "act", "action": "choose 1", "seq": 1})
            error = receive_until(ws, "error")
            assert error["code"] == "spectator"


def test_a_table_that_cannot_be_resumed_is_left_aside(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with app_client(db) as client:
        made = create(client)
    store = Store(db)
    store.add_table("gone", "nosuchgame", "{}", 1, [{"kind": "human", "token": None}])
    store.close()
    with app_client(db) as client:
        assert client.get("/health").json()["tables"] == 1
        assert client.get(f"/api/tables/{made['table']}").status_code == 200
        assert client.get("/api/tables/gone").status_code == 404
        assert "numrules_tables_unreadable_total 1" in client.get("/metrics").text
    assert len(Store(db).tables()) == 2  # nothing is deleted
