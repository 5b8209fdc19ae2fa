"""Fair under floods and crowds: a well-behaved client's pings on one table stay fast while
another connection floods a second table and 300 spectators watch a third.

A real `numrules serve` on 127.0.0.1. The load (the flood and the crowd) runs in a
process of its own, so that the pinger's own event loop is not what gets slower.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import statistics
import time
from pathlib import Path

import httpx
import pytest
import websockets

from tests.server.helpers import running

pytestmark = pytest.mark.timeout(180)

SPECTATORS = 300
PINGS = 60


async def _pings(url: str, table: str, count: int) -> float:
    # The median round trip of `count` pings, one every 20 ms, in milliseconds.
    trips = []
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table, "layout": False}))
        while json.loads(await ws.recv())["type"] != "update":
            pass
        for _ in range(count):
            sent = time.perf_counter()
            await ws.send('{"type": "ping"}')
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            trips.append(time.perf_counter() - sent)
            await asyncio.sleep(0.02)
    return statistics.median(trips) * 1000


async def _flood(url: str, table: str, sent: list[int]) -> None:
    # Send `observe` requests as fast as the connection takes them, reading what comes
    # back; connect again whenever the server closes the connection. Runs until cancelled
    # (a send may wait long: the server reads a flooding connection at its rate only).
    while True:
        try:
            async with websockets.connect(
                url, max_size=2**22, ping_interval=None, close_timeout=0.5
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "table": table}))
                reader = asyncio.create_task(_drain(ws))
                try:
                    while True:
                        await ws.send('{"type": "observe"}')
                        sent[0] += 1
                        if sent[0] % 64 == 0:
                            await asyncio.sleep(0)
                finally:  # cancelled: drop the connection, its buffers are full
                    reader.cancel()
                    ws.transport.abort()
        except websockets.ConnectionClosed:
            continue


async def _drain(ws: websockets.ClientConnection) -> None:
    with contextlib.suppress(websockets.ConnectionClosed):
        async for _ in ws:
            pass


async def _watch(url: str, table: str, stop: asyncio.Event, seen: list[int]) -> None:
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table}))  # with the layout
        while not stop.is_set():
            try:
                async with asyncio.timeout(0.2):
                    message = json.loads(await ws.recv())
            except TimeoutError:
                continue
            if message["type"] == "update":
                seen[0] += 1


async def _load(url: str, flooded: str, watched: str, seconds: float) -> tuple[int, int]:
    stop = asyncio.Event()
    seen = [0]
    crowd = [asyncio.create_task(_watch(url, watched, stop, seen)) for _ in range(SPECTATORS)]
    sent = [0]
    flood = asyncio.create_task(_flood(url, flooded, sent))
    await asyncio.sleep(seconds)
    stop.set()
    flood.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await flood
    await asyncio.gather(*crowd)
    return sent[0], seen[0]


def _load_process(url: str, flooded: str, watched: str, seconds: float, out: str) -> None:
    sent, seen = asyncio.run(_load(url, flooded, watched, seconds))
    Path(out).write_text(json.dumps({"sent": sent, "seen": seen}))


def test_pings_stay_fast_under_a_flood_and_a_crowd(tmp_path: Path) -> None:
    with running(tmp_path / "server.db", tmp_path / "server.log", "--bot-delay", "0.2") as server:

        def table(seats: list[str]) -> str:
            body = {"game": "stackattack", "seats": seats, "join": False}
            made: str = httpx.post(f"{server.url}/api/tables", json=body).json()["table"]
            return made

        pinged, flooded = table(["human", "human"]), table(["human", "human"])
        watched = table(["random"] * 4)  # bots play it on, at a person's pace
        quiet_before = asyncio.run(_pings(server.ws_url, pinged, PINGS))
        out = tmp_path / "load.json"
        load = multiprocessing.get_context("spawn").Process(
            target=_load_process, args=(server.ws_url, flooded, watched, 8.0, str(out))
        )
        load.start()
        try:
            deadline = time.monotonic() + 60
            while _watchers(server.url, watched) < SPECTATORS:  # the crowd is in
                assert time.monotonic() < deadline
                assert load.is_alive()
                time.sleep(0.1)
            loaded = asyncio.run(_pings(server.ws_url, pinged, PINGS))
            watchers = _watchers(server.url, watched)
        finally:
            load.join(60)
            if load.is_alive():
                load.kill()
        quiet_after = asyncio.run(_pings(server.ws_url, pinged, PINGS))
    result = json.loads(out.read_text())
    quiet = max(quiet_before, quiet_after)
    report = (
        f"ping p50: quiet {quiet_before:.2f}/{quiet_after:.2f} ms, loaded {loaded:.2f} ms; "
        f"{result['sent']} flood messages sent, {result['seen']} spectator updates"
    )
    print(report)
    assert watchers == SPECTATORS, report
    assert result["seen"] >= SPECTATORS, report  # the crowd was served meanwhile
    assert result["sent"] > 1000, report  # and the flood was a flood
    assert loaded <= 3 * quiet, report


def _watchers(url: str, table: str) -> int:
    count: int = httpx.get(f"{url}/api/tables/{table}").json()["watchers"]
    return count
