"""Num Bounce interrupts: when several seats race for one interrupt, the first message
the server accepts wins (messages of a table are handled one at a time, in arrival
order); a later one sent for the same state is refused as stale."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

import numrules
from numrules.apps.server import Hub, ServerError, Store, Table
from numrules.numbounce import Interrupt
from tests.server.helpers import app_client, receive_until

pytestmark = pytest.mark.timeout(60)

GAME = numrules.get_game("numbounce")
CONFIG = GAME.Config(players=4, rounds=1)


def _interrupters(state: Any) -> list[int]:
    return [
        seat
        for seat in range(4)
        if any(type(a) is Interrupt for a in GAME.legal_actions_for(state, seat))
    ]


def _race() -> tuple[int, list[str]]:
    # A seed and the random actions that lead to a state where two seats other than the
    # one to move may interrupt (found by random play, the same each run).
    for seed in range(500):
        state = GAME.new_game(CONFIG, seed)
        rng = random.Random(seed)
        played: list[str] = []
        while not GAME.is_terminal(state):
            racers = set(_interrupters(state)) & GAME.optional_seats(state)
            if len(racers) >= 2:
                return seed, played
            action = rng.choice(GAME.legal_actions(state))
            played.append(str(action))
            state = GAME.apply(state, action)
    raise AssertionError("no race found")


async def _table(hub: Hub) -> Table:
    seed, played = _race()
    table, _, _ = hub.create("numbounce", 4, {"rounds": 1}, ["human"] * 4, join=False, seed=seed)
    for notation in played:
        seat, text = notation.split(":", 1)
        await hub.act(table, int(seat), text, table.last_seq.get(int(seat), 0) + 1)
    return table


def _interrupt_of(table: Table, seat: int) -> str:
    action = next(a for a in GAME.legal_actions_for(table.state, seat) if type(a) is Interrupt)
    return str(action).split(":", 1)[1]


def test_first_interrupt_wins_and_the_second_is_stale(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(tmp_path / "t.db"))
        table = await _table(hub)
        first, second = sorted(set(_interrupters(table.state)) & GAME.optional_seats(table.state))
        at = table.at
        mine, theirs = _interrupt_of(table, second), _interrupt_of(table, first)
        # both sent for the same state; the server handles `second` first
        results = await asyncio.gather(
            hub.act(table, second, mine, 10_000, at),
            hub.act(table, first, theirs, 10_000, at),
            return_exceptions=True,
        )
        assert results[0] == {
            "type": "accepted",
            "seq": 10_000,
            "at": at + 1,
            "action": f"{second}:{mine}",
        }
        assert isinstance(results[1], ServerError)
        assert results[1].code == "stale"
        assert table.actions[-1] == f"{second}:{mine}"
        assert table.at == at + 1
        # without `at`, the late interrupt is judged on the new state: one per trick
        with pytest.raises(ServerError) as refused:
            await hub.act(table, first, theirs, 10_001)
        assert refused.value.code == "illegal"
        assert "interrupt" in refused.value.message.lower()

    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_the_mover_loses_the_race_to_an_interrupt(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(tmp_path / "t.db"))
        table = await _table(hub)
        racer = min(set(_interrupters(table.state)) & GAME.optional_seats(table.state))
        mover = next(iter(GAME.to_act(table.state) - GAME.optional_seats(table.state)))
        move = str(GAME.legal_actions_for(table.state, mover)[0]).split(":", 1)[1]
        at = table.at
        await hub.act(table, racer, _interrupt_of(table, racer), 10_000, at)
        with pytest.raises(ServerError) as late:
            await hub.act(table, mover, move, 10_000, at)
        assert late.value.code == "stale"
        assert table.at == at + 1

    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_arrival_order_over_websockets(tmp_path: Path) -> None:
    db = tmp_path / "t.db"

    async def prepare() -> tuple[str, list[str], int, int]:
        hub = Hub(Store(db))
        table = await _table(hub)
        racers = sorted(set(_interrupters(table.state)) & GAME.optional_seats(table.state))
        tokens = []
        for _ in range(4):
            _, _, token = hub.join(table.id)
            tokens.append(token)
        hub.store.close()
        return table.id, tokens, racers[0], racers[1]

    table_id, tokens, a, b = asyncio.run(prepare())
    with (
        app_client(db) as client,
        client.websocket_connect("/ws") as wa,
        client.websocket_connect("/ws") as wb,
    ):
        updates = {}
        for seat, ws in ((a, wa), (b, wb)):
            ws.send_json({"type": "hello", "table": table_id, "token": tokens[seat]})
            receive_until(ws, "welcome")
            updates[seat] = receive_until(ws, "update")
            assert updates[seat]["optional"] is True
        interrupt = {s: next(x for x in updates[s]["actions"] if "interrupt" in x) for s in (a, b)}
        at = updates[a]["at"]
        wb.send_json({"type": "act", "action": interrupt[b], "seq": 99, "at": at})
        assert receive_until(wb, "accepted")["action"] == f"{b}:{interrupt[b]}"
        wa.send_json({"type": "act", "action": interrupt[a], "seq": 99, "at": at})
        error = receive_until(wa, "error")
        assert error["code"] == "stale"
        assert error["seq"] == 99
