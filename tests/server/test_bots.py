"""Bots on the server are data, never code: a client's bot spec is checked against the
game's registry and each bot's declared options before anything is built, import paths
are refused at every depth, nested budgets are bounded by their product, a decision is
bounded in CPU time while the bot runs, a thinking bot holds no lock, and a bot that
declines a required decision fails as it does in `play_match`."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import attrs
import httpx
import pytest

import numrules
from numrules import AnyGame, BotError, FirstBot
from numrules.apps.server import BotPool, Decision, Hub, Limits, Store, Table, botpool
from tests.server.helpers import app_client, create, receive_until, running

pytestmark = pytest.mark.timeout(120)

REFUSED = [
    "ismcts?rollout=os:_exit",  # the finding: a nested import path
    "ismcts?rollout=numrules.core.bots:RandomBot",
    "ismcts?rollout=(ismcts?rollout=os:_exit)",
    "os:_exit",
    "numrules.core.bots:RandomBot",
    "ismcts?iterations=2000&rollout=ismcts?iterations=2000",  # the finding, as sent
    "ismcts?iterations=2000&rollout=(ismcts?iterations=2000)",  # 4,000,000 of work
    "ismcts?iterations=100&rollout=(ismcts?iterations=100)",  # 10,000
    "ismcts?seconds=60",
    "ismcts?rollout=(ismcts?seconds=60)",
    "random?decline=2",
    "ismcts?horizon=forever",
    "ismcts?game=numstop",  # an option the bot does not declare for specs
    "heuristic?style=bold",
    "ismcts?iterations=nan",
]


@pytest.mark.parametrize("spec", REFUSED)
def test_a_bot_spec_that_is_not_plain_data_is_refused(tmp_path: Path, spec: str) -> None:
    with app_client(tmp_path / "t.db") as client:
        response = client.post(
            "/api/tables", json={"game": "stackattack", "seats": ["human", spec]}
        )
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == "bad_request"
        assert client.get("/api/tables").json() == []  # nothing was stored


def test_a_bot_file_or_a_module_of_the_server_s_folder_is_never_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The command line loads bots from files and from the current folder; a server,
    # whose specs come from clients, never does: nothing is read, nothing runs.
    marker = tmp_path / "ran"
    code = f"import pathlib\npathlib.Path({str(marker)!r}).write_text('ran')\nclass Bot: pass\n"
    (tmp_path / "evilbot.py").write_text(code)
    monkeypatch.chdir(tmp_path)
    specs = [
        "evilbot:Bot",
        "evilbot.py:Bot",
        "./evilbot.py:Bot",
        f"{tmp_path / 'evilbot.py'}:Bot",
        "ismcts?rollout=evilbot.py:Bot",
        "ismcts?rollout=(evilbot:Bot)",
    ]
    with app_client(tmp_path / "t.db") as client:
        for spec in specs:
            response = client.post(
                "/api/tables", json={"game": "stackattack", "seats": ["human", spec]}
            )
            assert response.status_code == 400, (spec, response.text)
        assert client.get("/api/tables").json() == []
    assert not marker.exists()
    assert "evilbot" not in sys.modules


def test_bot_specs_within_bounds_are_stored_in_canonical_form(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        spec = "ismcts?iterations=100&rollout=(ismcts?iterations=20&rollout=heuristic)"
        made = create(client, seats=["human", spec, "ismcts?rollout=heuristic"])
        seats = client.get(f"/api/tables/{made['table']}").json()["seats"]
        canonical = "ismcts?iterations=100&rollout=(ismcts?iterations=20&rollout=(heuristic))"
        assert seats[1] == {"kind": "bot", "bot": canonical}
        assert seats[2] == {"kind": "bot", "bot": "ismcts?rollout=(heuristic)"}


def test_a_stored_table_with_an_import_path_is_set_aside_at_start(tmp_path: Path) -> None:
    # A database written before the fix holds such a table: the server must start, never
    # import anything, and leave that table aside.
    db = tmp_path / "server.db"
    with app_client(db) as client:
        bad, good = create(client), create(client)
    with closing(sqlite3.connect(db)) as raw:
        seats = json.loads(
            raw.execute("SELECT seats FROM tables WHERE id = ?", (bad["table"],)).fetchone()[0]
        )
        seats[1]["bot"] = "ismcts?rollout=os:_exit"
        raw.execute("UPDATE tables SET seats = ? WHERE id = ?", (json.dumps(seats), bad["table"]))
        raw.commit()
    with running(db, tmp_path / "server.log") as server:
        listed = httpx.get(f"{server.url}/api/tables").json()
        assert [t["table"] for t in listed] == [good["table"]]
        time.sleep(1.0)  # the old server died within a second
        assert server.process is not None
        assert server.process.poll() is None
        assert httpx.get(f"{server.url}/health").json()["status"] == "ok"
    assert f"table {bad['table']} cannot be replayed" in (tmp_path / "server.log").read_text()


def test_a_bot_over_its_cpu_budget_plays_a_random_move(tmp_path: Path) -> None:
    limits = Limits(bot_cpu_seconds=0.3)
    with app_client(tmp_path / "t.db", limits) as client:
        heavy = "ismcts?iterations=2000&rollout=heuristic"  # seconds of CPU per decision
        made = create(client, seats=["human", heavy], join=False)
        table = made["table"]
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table}").json()["actions"] < 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert "numrules_bots_over_budget_total 1" in client.get("/metrics").text


def _hello(ws: Any, made: dict[str, Any]) -> dict[str, Any]:
    ws.send_json({"type": "hello", "table": made["table"], "token": made["token"]})
    receive_until(ws, "welcome")
    return receive_until(ws, "update")


def test_a_thinking_bot_holds_no_lock(tmp_path: Path) -> None:
    # Stack Attack: both seats pick at once. While the bot thinks for seconds, the human
    # at its table is answered and acts, and another table is played on.
    limits = Limits(bot_cpu_seconds=10.0)
    with app_client(tmp_path / "t.db", limits) as client:
        thinker = "ismcts?iterations=2000&rollout=heuristic"
        made, other = create(client, seats=["human", thinker]), create(client)
        with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as ws2:
            update = _hello(ws, made)
            ws.send_json({"type": "observe"})
            assert receive_until(ws, "observation")["at"] == 0
            ws.send_json({"type": "act", "action": update["actions"][0], "seq": 1})
            assert receive_until(ws, "accepted")["at"] == 1  # the bot has not picked yet
            theirs = _hello(ws2, other)
            ws2.send_json({"type": "act", "action": theirs["actions"][0], "seq": 1})
            assert receive_until(ws2, "accepted")["seq"] == 1
            ws.send_json({"type": "ping"})
            assert receive_until(ws, "pong")["at"] == 1  # still thinking


class _Decliner:
    """A bot that declines every decision, required or not."""

    needs_observation = False

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return None


def _decliner(seed: int) -> _Decliner:
    return _Decliner()


DECLINING = attrs.evolve(
    numrules.get_game("stackattack"),
    name="stackattack-declining",
    title="Stack Attack, with a declining bot",
    bots={"decliner": _decliner},
)
"""Stack Attack with a bot of its own that declines: the server builds bots from a
game's registry only."""


class _PoolHere(BotPool):
    """The pool's decision code (`botpool._decide`) run in this process: a worker
    process would not know a game that a test registers."""

    def __init__(self) -> None:
        super().__init__(workers=1, cpu_seconds=5.0)
        self.bots: dict[str, Any] = {}

    async def decide(
        self,
        key: str,
        game: str,
        spec: str,
        seed: int,
        observation: Any,
        actions: Sequence[Any],
        optional: bool,
    ) -> Decision:
        status, index, cpu, message = botpool._decide(
            self.bots,
            self.cpu_seconds,
            key,
            game,
            spec,
            seed,
            observation,
            tuple(actions),
            optional,
        )
        return Decision(None if index is None else actions[index], status, cpu, message)


class _Recording(FirstBot):
    """`FirstBot`, keeping what it played."""

    def __init__(self, played: list[Any]) -> None:
        super().__init__()
        self.played = played

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        choice = super().act(observation, actions, optional)
        self.played.append(choice)
        return choice


@pytest.fixture
def declining() -> Iterator[AnyGame]:
    numrules.register_game(DECLINING)
    yield DECLINING
    numrules.unregister_game(DECLINING.name)


def test_a_bot_declining_a_required_decision_fails_as_in_play_match(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, declining: AnyGame
) -> None:
    # Both seats pick at once; seat 0 picks first, then seat 1 declines its pick.
    played: list[Any] = []
    config = declining.Config(players=2, max_rounds=1)
    with pytest.raises(BotError) as raised:
        numrules.play_match(declining, config, [_Recording(played), _Decliner()], seed=3)
    assert str(raised.value).startswith("the bot of seat 1 declined a required decision")

    async def scenario() -> Table:
        hub = Hub(Store(tmp_path / "t.db"), Limits(bot_delay=0.0))
        hub.pool = _PoolHere()
        table, _, _ = hub.create(
            declining.name, 2, {"max_rounds": 1}, ["first", "decliner"], join=False, seed=3
        )
        assert table.bot_task is not None
        await table.bot_task  # the bots stop: the failing one, and so its table
        await hub.close()
        hub.store.close()
        return table

    with caplog.at_level(logging.ERROR, logger="numrules.apps.server"):
        table = asyncio.run(asyncio.wait_for(scenario(), 30))
    # The same error, at the same point: after seat 0's pick, and the table waits.
    assert table.actions == [str(action) for action in played]
    assert not table.over
    assert f"the bot of seat 1 (decliner) failed: {raised.value}" in caplog.text
