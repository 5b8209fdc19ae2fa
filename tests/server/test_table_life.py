"""A table's life on a real server: the per-move limit (the table's fallback bot plays for
a person who took too long, and everyone is told, the card only to that seat), tables
whose people left end as abandoned and leave the lobby, the record download (text and
JSON, replayable, only once the game has ended), playing again, the rules pages, and all
of it kept over a SIGKILL; then the table options and the `pass` message as a client
may get them wrong (in process)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

import numrules
from numrules.apps.server import Limits
from numrules.core.records import GameRecord, record_from_json, record_from_text
from tests.server.helpers import (
    Conn,
    RandomPlayer,
    Server,
    app_client,
    create,
    receive_until,
    run,
    running,
)

pytestmark = pytest.mark.timeout(120)

ONE_ROUND = {"hand_size": 3, "max_rounds": 1}
"""A Stack Attack game of one round of three cards: a few decisions per seat."""


def _create(server: Server, seats: list[str], **body: Any) -> dict[str, Any]:
    response = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "stackattack", "seats": seats, "options": ONE_ROUND, **body},
        timeout=10,
    )
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def _summary(server: Server, table: str) -> dict[str, Any]:
    response = httpx.get(f"{server.url}/api/tables/{table}", timeout=10)
    assert response.status_code == 200, response.text
    summary: dict[str, Any] = response.json()
    return summary


def _until(check: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the condition was never met"
        time.sleep(0.05)


def _record(server: Server, table: str, form: str) -> tuple[httpx.Response, GameRecord]:
    response = httpx.get(f"{server.url}/api/tables/{table}/record?format={form}", timeout=10)
    assert response.status_code == 200, response.text
    read = record_from_json if form == "json" else record_from_text
    return response, read(response.text)


def test_a_bot_plays_for_a_person_out_of_time(tmp_path: Path) -> None:
    db = tmp_path / "server.db"

    async def scenario() -> None:
        made = _create(server, ["human", "random"], move_limit=0.5)
        assert _summary(server, made["table"])["move_limit"] == 0.5
        person = await Conn.open(server.ws_url, made["table"], made["token"])
        watcher = await Conn.open(server.ws_url, made["table"])
        # The person does nothing: the fallback bot plays one of its actions for it, and
        # only the seat itself is told which card.
        offered: set[str] = set()
        while True:
            message, _ = await person.next_message(timeout=5)
            if message["type"] == "update":
                offered.update(message["actions"])
                if message["actions"]:
                    assert message["deadline"]["seat"] == 0
                    assert 0 <= message["deadline"]["seconds"] <= 0.5
            elif message["type"] == "notice":
                break
        assert message["seat"] == 0
        prefix, suffix = "seat 0 took too long: a bot played ", " for it"
        assert message["text"].startswith(prefix + "choose ")
        assert message["text"].removeprefix(prefix).removesuffix(suffix) in offered
        theirs, _ = await watcher.next("notice", timeout=5)
        assert theirs == {
            "type": "notice",
            "text": "seat 0 took too long: a bot played for it",
            "seat": 0,
        }
        # The person leaves: the table goes on to its end, the bot playing for the seat.
        await person.close()
        over, _ = await watcher.update_where(lambda u: u["over"], timeout=60)
        assert over["state"] == "over"
        assert over["deadline"] is None
        await watcher.close()

    with running(db, tmp_path / "server.log") as server:
        run(scenario(), 90)
        assert httpx.get(f"{server.url}/api/tables", timeout=10).json() == []  # ended: not listed
    assert "took too long: its fallback bot played" in (tmp_path / "server.log").read_text()


def test_an_abandoned_table_ends_and_keeps_its_record(tmp_path: Path) -> None:
    db = tmp_path / "server.db"

    async def leave(table: str, token: str) -> None:
        person = await Conn.open(server.ws_url, table, token)
        await person.update_where(lambda u: bool(u["actions"]))
        await person.close()

    async def come_back(table: str, token: str) -> None:
        person = await Conn.open(server.ws_url, table, token)
        update, _ = await person.next("update")
        assert update["state"] == "abandoned"
        assert update["window"] is None
        assert update["deadline"] is None
        await person.act("choose 1")
        refused, _ = await person.next("error")
        assert refused["code"] == "expired"
        await person.close()

    args = ("--table-expiry", "1", "--move-limit", "0.5")
    with running(db, tmp_path / "server.log", *args) as server:
        made = _create(server, ["human", "random"])
        listed = [t["table"] for t in httpx.get(f"{server.url}/api/tables", timeout=10).json()]
        assert made["table"] in listed
        run(leave(made["table"], made["token"]), 30)
        # Gone for longer than the expiry: the table ends, though the fallback bot
        # played for the person meanwhile (the server's --move-limit).
        _until(lambda: _summary(server, made["table"])["state"] == "abandoned")
        summary = _summary(server, made["table"])
        assert summary["over"] is False
        assert summary["free"] == []
        assert httpx.get(f"{server.url}/api/tables", timeout=10).json() == []
        refused = httpx.post(f"{server.url}/api/tables/{made['table']}/join", json={}, timeout=10)
        assert refused.status_code == 410
        assert refused.json()["error"]["code"] == "expired"
        run(come_back(made["table"], made["token"]), 30)
        # Its record is downloadable, and replays to where the table was left.
        _, record = _record(server, made["table"], "text")
        _, from_json = _record(server, made["table"], "json")
        assert from_json == record
        assert record.headers["Status"] == "abandoned"
        assert record.winners == frozenset()
        assert list(record.scores) == summary["scores"]
        record.replay()
        assert len(record.actions) == summary["actions"]
        assert any(action.seat == 0 for action in record.actions)  # played for the person
        time.sleep(0.5)
        assert _summary(server, made["table"])["actions"] == summary["actions"]  # stopped
    assert "abandoned after" in (tmp_path / "server.log").read_text()


def test_the_record_is_given_once_the_game_has_ended(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    with running(db, tmp_path / "server.log") as server:
        made = _create(server, ["human", "random"], move_limit=0)
        early = httpx.get(f"{server.url}/api/tables/{made['table']}/record", timeout=10)
        assert early.status_code == 409  # the seed and the actions hold every hidden card
        assert early.json()["error"]["code"] == "not_over"
        player = RandomPlayer(server.ws_url, made["table"], 0, made["token"], seed=5)
        run(player.play(), 60)
        assert player.last is not None
        assert player.last["over"]
        text, record = _record(server, made["table"], "text")
        assert text.headers["content-type"].startswith("text/plain")
        assert text.headers["content-disposition"] == (
            f'attachment; filename="numrules-stackattack-{made["table"]}.txt"'
        )
        json_response, from_json = _record(server, made["table"], "json")
        assert json_response.headers["content-type"].startswith("application/json")
        assert json_response.headers["content-disposition"].endswith('.json"')
        assert from_json == record
        final = record.replay()  # checks the scores and winners too
        game = numrules.get_game("stackattack")
        assert list(game.scores(final)) == player.last["view"]["scores"]
        assert sorted(record.winners) == player.last["winners"]
        assert record.headers["Status"] == "over"
        assert [str(a) for a in record.actions if a.seat == 0] == list(player.accepted.values())
        wrong = httpx.get(f"{server.url}/api/tables/{made['table']}/record?format=pdf")
        assert wrong.status_code == 400


def test_play_again(tmp_path: Path) -> None:
    db = tmp_path / "server.db"

    async def scenario() -> None:
        made = _create(server, ["human", "human", "first"], move_limit=30, fallback="first")
        joined = httpx.post(
            f"{server.url}/api/tables/{made['table']}/join", json={"name": "Bea"}, timeout=10
        ).json()
        tokens = {0: made["token"], 1: joined["token"]}
        early = httpx.post(
            f"{server.url}/api/tables/{made['table']}/again", json={"token": tokens[0]}
        )
        assert early.status_code == 409
        assert early.json()["error"]["code"] == "not_over"
        players = [
            RandomPlayer(server.ws_url, made["table"], seat, tokens[seat], seed=seat)
            for seat in (0, 1)
        ]
        await asyncio.gather(*(player.play() for player in players))
        # Seat 1 stays at the finished table; seat 0 asks to play again.
        staying = await Conn.open(server.ws_url, made["table"], tokens[1])
        again = httpx.post(
            f"{server.url}/api/tables/{made['table']}/again", json={"token": tokens[0]}
        )
        assert again.status_code == 201, again.text
        first = again.json()
        assert first["seat"] == 0
        assert first["table"] != made["table"]
        notice, _ = await staying.next("notice")
        assert notice["again"] == first["table"]
        await staying.close()
        old, new = _summary(server, made["table"]), _summary(server, first["table"])
        assert old["again"] == first["table"]
        assert new["state"] == "playing"
        assert (new["game"], new["players"]) == (old["game"], old["players"])
        assert new["seats"] == [
            {"kind": "human", "taken": True, "name": ""},
            {"kind": "human", "taken": False, "name": ""},
            {"kind": "bot", "bot": "first"},
        ]
        assert (new["move_limit"], new["fallback"]) == (30.0, "first")
        # Seat 1 follows with its old token, to its own seat; nobody takes a seat twice.
        second = httpx.post(
            f"{server.url}/api/tables/{made['table']}/again", json={"token": tokens[1]}
        ).json()
        assert (second["table"], second["seat"]) == (first["table"], 1)
        assert _summary(server, first["table"])["seats"][1] == {
            "kind": "human",
            "taken": True,
            "name": "Bea",
        }
        twice = httpx.post(
            f"{server.url}/api/tables/{made['table']}/again", json={"token": tokens[0]}
        )
        assert twice.status_code == 409
        assert twice.json()["error"]["code"] == "seat_taken"
        stranger = httpx.post(
            f"{server.url}/api/tables/{made['table']}/again", json={"token": "not a token"}
        )
        assert stranger.status_code == 403
        assert stranger.json()["error"]["code"] == "bad_token"
        person = await Conn.open(server.ws_url, first["table"], first["token"])
        update, _ = await person.update_where(lambda u: bool(u["actions"]))
        assert not update["over"]
        assert update["state"] == "playing"
        await person.close()

    with running(db, tmp_path / "server.log") as server:
        run(scenario(), 90)


def test_the_rules_pages(tmp_path: Path) -> None:
    with running(tmp_path / "server.db", tmp_path / "server.log") as server:
        games = httpx.get(f"{server.url}/api/games", timeout=10).json()
        assert {game["rules"] for game in games} == {f"/rules/{g['game']}" for g in games}
        for game in games:
            page = httpx.get(f"{server.url}{game['rules']}", timeout=10)
            assert page.status_code == 200
            assert page.headers["content-type"].startswith("text/html")
            assert f"<title>{game['title']}: the rules</title>" in page.text
            assert "<h2>" in page.text
            assert "<script" not in page.text
        missing = httpx.get(f"{server.url}/rules/nosuchgame", timeout=10)
        assert missing.status_code == 404
        assert missing.json()["error"]["code"] == "unknown_game"


def test_the_move_limit_and_fallback_survive_a_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "server.db"

    async def scenario() -> None:
        person = await Conn.open(server.ws_url, made["table"], made["token"])
        update, _ = await person.update_where(lambda u: bool(u["actions"]))
        # The clock started again with the server, with the table's own limit.
        assert update["deadline"]["seat"] == 0
        assert 0 < update["deadline"]["seconds"] <= 3.0
        notice, _ = await person.next("notice", timeout=10)
        # The table's fallback bot, `first`, played the first of the seat's actions.
        assert notice["text"] == f"seat 0 took too long: a bot played {update['actions'][0]} for it"
        await person.close()

    with running(db, tmp_path / "server.log", "--move-limit", "60") as server:
        made = _create(server, ["human", "random"], move_limit=3, fallback="first")
        server.kill()
        server.start()
        summary = _summary(server, made["table"])
        assert (summary["move_limit"], summary["fallback"]) == (3.0, "first")
        run(scenario(), 30)


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("move_limit", 0.1, "move_limit"),
        ("move_limit", 10**6, "move_limit"),
        ("move_limit", -1, "move_limit"),
        ("move_limit", "30", "move_limit"),
        ("move_limit", True, "move_limit"),
        ("fallback", "nobot", "nobot"),
        ("fallback", "os:system", "import"),
        ("fallback", 3, "fallback is a bot spec"),
    ],
)
def test_a_table_option_out_of_bounds_is_refused(
    tmp_path: Path, field: str, value: Any, named: str
) -> None:
    with app_client(tmp_path / "t.db") as client:
        response = client.post(
            "/api/tables",
            json={"game": "stackattack", "seats": ["human", "random"], field: value},
        )
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "bad_request"
        assert named in error["message"], error["message"]
        assert client.get("/api/tables").json() == []


@pytest.mark.parametrize(("given", "kept"), [(0, None), (None, None), (2.5, 2.5), (60, 60.0)])
def test_a_table_sets_its_own_move_limit(tmp_path: Path, given: Any, kept: Any) -> None:
    with app_client(tmp_path / "t.db", Limits(move_limit=30.0)) as client:
        made = create(client, move_limit=given)
        assert client.get(f"/api/tables/{made['table']}").json()["move_limit"] == kept
        default = create(client)  # left out: the server's
        assert client.get(f"/api/tables/{default['table']}").json()["move_limit"] == 30.0


def test_a_pass_is_answered_or_refused_as_the_protocol_says(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client, seats=["human", "human"])
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"], "token": made["token"]})
            update = receive_until(ws, "update")
            # Stack Attack: the seat must pick, so it cannot let its decision pass
            ws.send_json({"type": "pass", "seq": 1})
            assert receive_until(ws, "error")["code"] == "illegal"
            ws.send_json({"type": "act", "action": update["actions"][0], "seq": 1})
            assert receive_until(ws, "accepted")["at"] == 1
            # its pick made, it may pass (nothing to pass, nothing told)
            ws.send_json({"type": "pass", "seq": 2, "at": 1})
            assert receive_until(ws, "accepted") == {
                "type": "accepted",
                "seq": 2,
                "at": 1,
                "action": None,
            }
            ws.send_json({"type": "pass", "seq": 1})
            assert receive_until(ws, "error")["code"] == "duplicate"
            ws.send_json({"type": "pass", "seq": 3, "at": 0})
            stale = receive_until(ws, "error")
            assert (stale["code"], stale["seq"]) == ("stale", 3)
            ws.send_json({"type": "pass", "seq": "x"})
            assert receive_until(ws, "error")["code"] == "bad_request"
