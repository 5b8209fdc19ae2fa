"""Helpers of the server tests: an in-process app, a real `numrules serve` subprocess,
and a WebSocket player that plays random legal moves."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import httpx
from starlette.types import ASGIApp

import numrules
from numrules.apps.server import Limits, Store, create_app
from numrules.apps.server.tables import digest

with warnings.catch_warnings():
    # Starlette 1.x asks for httpx2 under its TestClient; httpx works the same here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

Message = dict[str, Any]

SHORT: dict[str, dict[str, Any]] = {
    game.name: dict(game.quick_options) for game in numrules.all_games()
}
"""The options of a table of each game: its `quick_options`, so that a game takes seconds."""


def app_client(db: Path, limits: Limits | None = None) -> TestClient:
    """A TestClient on a fresh app (use it as a context manager to run its lifespan)."""
    app: ASGIApp = create_app(db, limits or Limits())
    return TestClient(app)


def create(
    client: TestClient | httpx.Client,
    game: str = "stackattack",
    seats: list[str] | None = None,
    **body: Any,
) -> Message:
    """Create a table and return the response body (table, seat, token)."""
    seats = seats or ["human", "random"]
    response = client.post(
        "/api/tables",
        json={"game": game, "seats": seats, "options": SHORT[game], **body},
    )
    assert response.status_code == 201, response.text
    result: Message = response.json()
    return result


def receive_until(ws: Any, kind: str, limit: int = 500) -> Message:
    """Read messages until one of type `kind` (at most `limit` messages)."""
    for _ in range(limit):
        message: Message = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind!r} message in {limit} messages")


def hand_line(update: Message) -> str:
    """The "Your hand" lines of an update's rendered view (empty if none)."""
    text = lines_text(update)
    return "\n".join(line for line in text.splitlines() if line.startswith("Your hand"))


def card_spans(update: Message) -> set[str]:
    """The cards an update's rendered view names (its spans marked as cards)."""
    return {span[0].split("(")[0] for line in update["view"]["lines"] for span in line if span[2]}


def lines_text(update: Message) -> str:
    """The plain text of an update's layout."""
    return "\n".join("".join(span[0] for span in line) for line in update["view"]["lines"])


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """`numrules serve` as a real subprocess on 127.0.0.1 with a SQLite file.

    The bot delay and the interrupt window are 0 unless `args` set them.
    """

    def __init__(self, db: Path, log: Path, *args: str) -> None:
        self.db = db
        self.log = log
        self.args = args
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> None:
        """Start the server and wait until /health answers."""
        command = [sys.executable, "-m", "numrules", "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--bot-delay", "0", "--interrupt-window", "0"]
        command += ["--log-level", "info", *self.args]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ}
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/health", timeout=1.0).status_code == 200:
                    return
            time.sleep(0.1)
        self.stop()
        raise AssertionError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the server and wait for it."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after a few seconds)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def running(db: Path, log: Path, *args: str) -> Iterator[Server]:
    """A started server, always stopped on exit."""
    server = Server(db, log, *args)
    try:
        server.start()
        yield server
    finally:
        server.stop()


class RandomPlayer:
    """A WebSocket client holding one seat, playing random legal moves until the end.

    It keeps what the server told it: every accepted action (by seq), the last update,
    and the events in order; after a disconnect it reconnects with its token and goes on.
    """

    def __init__(self, url: str, table: str, seat: int, token: str, seed: int) -> None:
        self.url = url
        self.table = table
        self.seat = seat
        self.token = token
        self.rng = random.Random(seed)
        self.seq = 0
        self.accepted: dict[int, str] = {}
        self.last: Message | None = None
        self.events: list[str] = []
        self.latencies: list[float] = []
        self.observation: Message | None = None
        """The seat's observation (its JSON document), asked for at the end of the game."""

    async def play(self, stop_at: int | None = None) -> None:
        """Play until the game is over (or until the table has `stop_at` actions)."""
        import websockets  # noqa: PLC0415

        async with websockets.connect(self.url, max_size=2**22) as ws:
            await ws.send(
                json.dumps(
                    {"type": "hello", "table": self.table, "token": self.token, "layout": False}
                )
            )
            welcome = json.loads(await ws.recv())
            assert welcome["type"] == "welcome", welcome
            assert welcome["seat"] == self.seat
            # after a restart: the seqs the server already holds were accepted
            self.seq = max(self.seq, welcome["last_seq"])
            before, self.events = self.events, []
            sent_at = 0.0
            pending = False
            fresh = False
            while True:
                message = json.loads(await ws.recv())
                kind = message["type"]
                if kind == "accepted":
                    self.accepted[message["seq"]] = message["action"]
                    self.latencies.append(time.perf_counter() - sent_at)
                    pending = False
                elif kind == "error":
                    # a move decided on a view the table has left behind
                    assert message["code"] == "stale", message
                    pending = False
                elif kind == "update":
                    assert message["events_from"] == len(self.events), message
                    self.events += [event["text"] for event in message["events"]]
                    if before and message["events_from"] == 0:
                        # reconnected: the table resumed where this seat had seen it
                        assert self.events[: len(before)] == before
                        before = []
                    self.last = message
                    fresh = True
                    if message["over"]:
                        await ws.send(json.dumps({"type": "observe"}))
                    if stop_at is not None and message["at"] >= stop_at:
                        return
                elif kind == "observation":
                    self.observation = message["observation"]
                    return
                if pending or not fresh or self.last is None or not self.last["actions"]:
                    continue
                fresh = False
                update = self.last
                if update["optional"] and self.rng.random() < 0.5:
                    continue  # let this interrupt pass
                self.seq += 1
                pending = True
                sent_at = time.perf_counter()
                action = self.rng.choice(update["actions"])
                await ws.send(
                    json.dumps(
                        {"type": "act", "action": action, "seq": self.seq, "at": update["at"]}
                    )
                )


def seat_tokens(
    url: str, game: str, players: int, options: dict[str, Any] | None = None
) -> tuple[str, list[str]]:
    """Create a table of `players` humans over HTTP; return its id and every seat's token.

    The table plays `options` (default: the game's short game, `SHORT`).
    """
    first = httpx.post(
        f"{url}/api/tables",
        json={
            "game": game,
            "seats": ["human"] * players,
            "options": SHORT[game] if options is None else options,
        },
        timeout=10,
    ).json()
    tokens = [first["token"]]
    for _ in range(players - 1):
        joined = httpx.post(f"{url}/api/tables/{first['table']}/join", json={}, timeout=10).json()
        tokens.append(joined["token"])
    return first["table"], tokens


def run(coroutine: Any, timeout: float) -> Any:
    """Run a coroutine to its end, failing after `timeout` seconds."""

    async def bounded() -> Any:
        return await asyncio.wait_for(coroutine, timeout)

    return asyncio.run(bounded())


@attrs.frozen
class TableRun:
    """One table of a load run: its game and the players of its seats."""

    table: str
    game: str
    players: tuple[RandomPlayer, ...]


def open_tables(
    server: Server, games: list[str], players: int = 4, options: dict[str, Any] | None = None
) -> list[TableRun]:
    """Create one table of `players` humans per game name, with a player on each seat.

    The tables play `options` (default: each game's short game).
    """
    runs = []
    for index, game in enumerate(games):
        table, tokens = seat_tokens(server.url, game, players, options)
        seats = tuple(
            RandomPlayer(server.ws_url, table, seat, token, seed=index * 10 + seat)
            for seat, token in enumerate(tokens)
        )
        runs.append(TableRun(table, game, seats))
    return runs


async def play_all(server: Server, runs: list[TableRun], kill_after: int | None = None) -> None:
    """Play every table to its end; with `kill_after`, SIGKILL the server once that many
    actions were accepted, restart it on the same database, and let the players
    reconnect and finish."""
    players = [p for run in runs for p in run.players]
    tasks = [asyncio.create_task(p.play()) for p in players]
    if kill_after is not None:
        while sum(len(p.accepted) for p in players) < kill_after:
            assert not all(t.done() for t in tasks), "the games ended before the kill"
            await asyncio.sleep(0.005)
        await asyncio.to_thread(server.kill)
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(server.start)
        tasks = [asyncio.create_task(p.play()) for p in players]
    await asyncio.gather(*tasks)


def check_records(db: Path, runs: list[TableRun]) -> int:
    """Check every table against its stored record; return the number of actions.

    Every action a client was told was accepted is in the record, under its seq, once;
    the record replays to a finished game whose view and events are what each client saw.
    """
    store = Store(db)
    total = 0
    try:
        for run in runs:
            stored = store.table(run.table)
            assert stored is not None
            game = numrules.get_game(run.game)
            kept = set(stored.actions)
            assert len(kept) == len(stored.actions)
            for player in run.players:
                for seq, action in player.accepted.items():
                    assert (player.seat, action, seq) in kept
                seqs = [seq for seat, _, seq in stored.actions if seat == player.seat]
                assert len(seqs) == len(set(seqs))
            notations = [notation for _, notation, _ in stored.actions]
            state = numrules.replay(game, numrules.loads(stored.config), stored.seed, notations)
            assert game.is_terminal(state)
            assert stored.finished is not None
            for player in run.players:
                last = player.last
                assert last is not None
                assert last["over"]
                assert last["at"] == len(notations)
                observation = game.observe(state, player.seat)
                assert player.observation == json.loads(numrules.dumps(observation))
                assert last["view"]["scores"] == list(game.scores(state))
                assert player.events == [str(e) for e in game.events(state, player.seat)]
            total += len(notations)
    finally:
        store.close()
    return total


def stored_table(
    db: Path,
    game: str,
    config: Any,
    seed: int,
    seats: list[str],
    actions: list[str],
    options: dict[str, Any] | None = None,
) -> tuple[str, dict[int, str]]:
    """Write a table straight into a server's database (the server stopped), with its
    first `actions` already played; return its id and a token for each human seat.

    `seats` lists each seat as "human" or a bot spec; the server resumes the table at its
    next start, exactly where `actions` left it (the seed is known, so is the deal).
    """
    table = secrets.token_urlsafe(6)
    tokens: dict[int, str] = {}
    specs: list[dict[str, Any]] = []
    for seat, kind in enumerate(seats):
        if kind == "human":
            tokens[seat] = secrets.token_urlsafe(16)
            specs.append({"kind": "human", "token": digest(tokens[seat]), "name": f"P{seat}"})
        else:
            specs.append({"kind": "bot", "bot": kind, "seed": 1000 + seat})
    store = Store(db)
    try:
        store.add_table(table, game, numrules.dumps(config), seed, specs, options)
        for index, notation in enumerate(actions):
            seat = int(notation.split(":")[0])
            store.add_action(table, index, seat, notation, None, finished=False)
    finally:
        store.close()
    return table, tokens


class Conn:
    """An asyncio WebSocket client of one table, keeping when each message arrived."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seq = 0

    @classmethod
    async def open(cls, url: str, table: str, token: str | None = None) -> Conn:
        """Connect, say hello (as the token's seat, or to watch) and read the welcome."""
        import websockets  # noqa: PLC0415

        conn = cls(await websockets.connect(url, max_size=2**22))
        await conn.send(type="hello", table=table, token=token, layout=False)
        welcome, _ = await conn.next("welcome")
        conn.seq = welcome["last_seq"]
        return conn

    async def send(self, **message: Any) -> None:
        """Send one message."""
        await self.ws.send(json.dumps(message))

    async def act(self, action: str | None, at: int | None = None) -> None:
        """Send an action (None: a pass) with the next seq."""
        self.seq += 1
        if action is None:
            await self.send(type="pass", seq=self.seq, at=at)
        else:
            await self.send(type="act", action=action, seq=self.seq, at=at)

    async def next_message(self, timeout: float = 10.0) -> tuple[Message, float]:
        """The next message, whatever its type, and when it arrived."""
        async with asyncio.timeout(timeout):
            message: Message = json.loads(await self.ws.recv())
        return message, time.monotonic()

    async def next(self, kind: str, timeout: float = 10.0) -> tuple[Message, float]:
        """The next message of type `kind` (others are skipped) and when it arrived."""
        async with asyncio.timeout(timeout):
            while True:
                message: Message = json.loads(await self.ws.recv())
                if message["type"] == kind:
                    return message, time.monotonic()

    async def update_where(self, check: Any, timeout: float = 10.0) -> tuple[Message, float]:
        """The next update for which `check(update)` holds, and when it arrived."""
        async with asyncio.timeout(timeout):
            while True:
                update, when = await self.next("update", timeout)
                if check(update):
                    return update, when

    async def close(self) -> None:
        """Close the connection."""
        await self.ws.close()
