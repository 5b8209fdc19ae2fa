"""What `numrules serve` guards against: secrets in the log, running out of file
descriptors, slow (slowloris) requests and WebSockets that never say hello.

Each test runs the real server as a subprocess on 127.0.0.1 and talks to it with raw
sockets, httpx or websockets, with small time-outs set by its command-line options.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.frames import Frame, Opcode

from numrules.apps.server.guard import BurstLog, RedactFilter, redact
from tests.server.helpers import RandomPlayer, Server, run, running, seat_tokens

pytestmark = pytest.mark.timeout(180)


def _play(server: Server, game: str, players: int, seed: int) -> list[str]:
    # A table of `players` humans played to its end over WebSocket; its seats' tokens.
    table, tokens = seat_tokens(server.url, game, players)
    seats = [
        RandomPlayer(server.ws_url, table, seat, token, seed=seed + seat)
        for seat, token in enumerate(tokens)
    ]

    async def play_all() -> None:
        await asyncio.gather(*(player.play() for player in seats))

    run(play_all(), 90)
    for player in seats:
        assert player.last is not None
        assert player.last["over"]
    return tokens


def _closed_within(sock: socket.socket, seconds: float, trickle: bytes = b"") -> bytes:
    # Read from `sock` until the server closes it (sending `trickle` every 0.2 s);
    # return what it sent. Fails if it is still open after `seconds`.
    sock.settimeout(0.2)
    received = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            if trickle:
                try:
                    sock.sendall(trickle)
                except OSError:
                    return received  # reset by the server: closed
            continue
        except ConnectionResetError:
            return received
        if not chunk:
            return received
        received += chunk
    raise AssertionError(f"still open after {seconds} s (received {received!r})")


# -- 1. secrets never in the log ------------------------------------------------------


def test_debug_log_holds_no_token(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with running(tmp_path / "s.db", log, "--rate", "500", "--log-level", "debug") as server:
        tokens = _play(server, "stackattack", 3, seed=1)
        table, more = seat_tokens(server.url, "stackattack", 2)
        tokens += more

        async def token_in_url() -> dict[str, Any]:
            # a client that puts its token in the WebSocket URL (and then says hello)
            async with websockets.connect(f"{server.ws_url}?token={more[0]}") as ws:
                await ws.send(json.dumps({"type": "hello", "table": table, "token": more[0]}))
                welcome: dict[str, Any] = json.loads(await ws.recv())
                return welcome

        assert run(token_in_url(), 30)["type"] == "welcome"
        response = httpx.get(f"{server.url}/api/tables/{table}?token={more[1]}", timeout=10)
        assert response.status_code == 200
    text = log.read_text()
    assert len(tokens) == 5
    for token in tokens:
        assert token not in text
    assert " DEBUG " in text  # the log was written at debug level
    assert "TEXT" in text  # with the WebSocket frames, summarized
    assert '"WebSocket /ws?[redacted]" [accepted]' in text


def _filtered(level: int, *records: tuple[int, str, tuple[Any, ...]]) -> str:
    # What a handler with a RedactFilter at `level` writes for these records of
    # uvicorn's logger (where the websockets library logs under uvicorn too).
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    handler.addFilter(RedactFilter(level))
    logger = logging.Logger("uvicorn.error", logging.DEBUG)
    logger.addHandler(handler)
    for record_level, msg, args in records:
        logger.log(record_level, msg, *args)
    return out.getvalue()


def test_redact_filter_summarizes_frames_and_redacts_queries() -> None:
    hello = Frame(Opcode.TEXT, b'{"type":"hello","token":"s3cret"}')
    records = [
        (logging.DEBUG, "< %s", (hello,)),
        (logging.DEBUG, "< %s %s %s", ("GET", "/ws?token=s3cret", "HTTP/1.1")),
        (logging.DEBUG, "< %s: %s", ("cookie", "s3cret")),
        (logging.INFO, '%s - "WebSocket %s" [accepted]', ("1.2.3.4:5", "/ws?token=s3cret")),
        (logging.WARNING, "GET %s failed", ("/api/tables?token=s3cret&x=1",)),
    ]
    debug = _filtered(logging.DEBUG, *records)
    assert "s3cret" not in debug
    assert f"DEBUG < TEXT [{len(hello.data)} bytes]" in debug
    assert 'DEBUG 1.2.3.4:5 - "WebSocket /ws?[redacted]" [accepted]' in debug
    assert "WARNING GET /api/tables?[redacted] failed" in debug
    assert "cookie" not in debug
    info = _filtered(logging.INFO, *records)
    assert info.splitlines() == ["WARNING GET /api/tables?[redacted] failed"]
    assert redact("see /a/b?c=d and /e") == "see /a/b?[redacted] and /e"
    assert redact("is it on? yes") == "is it on? yes"


def test_burst_log_writes_one_line_per_burst(caplog: pytest.LogCaptureFixture) -> None:
    async def burst() -> None:
        burst = BurstLog("refused %d connections in the last %g s", logging.WARNING, 0.2)
        loop = asyncio.get_running_loop()
        for _ in range(1000):
            burst.add(loop)
        await asyncio.sleep(1.0)  # the window closes: one line
        burst.add(loop)
        burst.flush()  # the next window, flushed early: one more

    with caplog.at_level(logging.INFO, "numrules.apps.server"):
        asyncio.run(burst())
    assert caplog.messages == [
        "refused 1000 connections in the last 0.2 s",
        "refused 1 connections in the last 0.2 s",
    ]


# -- 2. running out of file descriptors ------------------------------------------------


class _FewFiles(Server):
    # The server with 128 open files allowed (as under `ulimit -n 128`).
    def start(self, timeout: float = 30.0) -> None:
        limited = (
            "import resource, runpy, sys; "
            "resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128)); "
            "sys.argv[0] = 'numrules'; runpy.run_module('numrules', run_name='__main__')"
        )
        command = [sys.executable, "-c", limited, "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--bot-delay", "0", *self.args]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ}
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()[-2000:]
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/health", timeout=1.0).status_code == 200:
                    return
            time.sleep(0.1)
        raise AssertionError(f"the server did not start: {self.log.read_text()[-2000:]}")


async def _hold(url: str, count: int) -> tuple[list[Any], list[BaseException]]:
    # Open `count` WebSocket connections at once; the open ones and the errors.
    async def one() -> Any:
        return await websockets.connect(url, open_timeout=20, ping_interval=None)

    results = await asyncio.gather(*(one() for _ in range(count)), return_exceptions=True)
    opened = [r for r in results if not isinstance(r, BaseException)]
    return opened, [r for r in results if isinstance(r, BaseException)]


def test_out_of_files_logs_one_line_per_burst(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = _FewFiles(tmp_path / "s.db", log, "--rate", "500")
    try:
        server.start()

        async def flood() -> tuple[int, int, int]:
            opened, errors = await _hold(server.ws_url, 300)
            try:
                async with httpx.AsyncClient() as client:
                    health = await client.get(f"{server.url}/health", timeout=10)
                assert health.json()["status"] == "ok"
                return len(opened), len(errors), health.json()["connections"]
            finally:
                await asyncio.gather(*(ws.close() for ws in opened))

        opened, refused, held = run(flood(), 90)
        assert opened + refused == 300
        assert refused > 0
        assert held < 128
        time.sleep(1)
        assert httpx.get(f"{server.url}/health", timeout=10).json()["connections"] == 0
        _play(server, "stackattack", 2, seed=7)
    finally:
        server.stop()
    lines = log.read_text().splitlines()
    assert len(lines) < 60, lines[:40]
    assert any("the server is full" in line for line in lines)
    assert any("connections at most" in line for line in lines)
    assert not any("Traceback" in line for line in lines)
    assert not any("out of file descriptors" in line for line in lines)


def test_invalid_requests_log_one_line(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    bad = [
        b"GARBAGE\r\n\r\n",  # not HTTP: 400
        b"GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
        b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n",
    ]
    with running(tmp_path / "s.db", log) as server:
        for index in range(60):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
                sock.sendall(bad[index % 3])
                assert sock.recv(100).startswith(b"HTTP/1.1 ")
    lines = log.read_text().splitlines()
    assert len(lines) < 15, lines
    assert any("answered 20 invalid HTTP requests with 400" in line for line in lines)


# -- 3. slow requests --------------------------------------------------------------------


def test_slow_headers_are_closed(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with running(tmp_path / "s.db", log, "--header-timeout", "1") as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as slow:
            slow.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
            answer = _closed_within(slow, 15, trickle=b"X-Slow: 1\r\n")
            assert answer.startswith(b"HTTP/1.1 408 ") or answer == b""
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as silent:
            assert _closed_within(silent, 15) == b""
        # a normal client on a kept-alive connection: its pause between requests is
        # governed by the keep-alive time-out (5 s), not by the header time-out
        with httpx.Client(base_url=server.url, timeout=10) as client:
            assert client.get("/health").json()["status"] == "ok"
            time.sleep(2)
            assert client.get("/health").json()["status"] == "ok"
    assert "Traceback" not in log.read_text()


def test_slow_body_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with running(tmp_path / "s.db", log, "--body-timeout", "1") as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as slow:
            head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            slow.sendall(head + b"Content-Length: 400\r\n\r\n{")
            answer = _closed_within(slow, 15, trickle=b" ")
            assert answer.startswith(b"HTTP/1.1 408 ")
        made = httpx.post(
            f"{server.url}/api/tables",
            json={"game": "stackattack", "seats": ["human", "random"]},
            timeout=10,
        )
        assert made.status_code == 201
    assert "Traceback" not in log.read_text()


def test_websocket_without_hello_is_closed(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with running(tmp_path / "s.db", log, "--hello-timeout", "1") as server:
        table, tokens = seat_tokens(server.url, "stackattack", 2)

        async def silent() -> tuple[dict[str, Any], int | None]:
            async with websockets.connect(server.ws_url) as ws:
                error = json.loads(await asyncio.wait_for(ws.recv(), 15))
                with contextlib.suppress(websockets.ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 15)
                return error, ws.close_code

        async def quiet_after_hello() -> dict[str, Any]:
            # said hello, then silent for longer than the hello time-out: still served
            async with websockets.connect(server.ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "table": table, "token": tokens[0]}))
                assert json.loads(await ws.recv())["type"] == "welcome"
                await asyncio.sleep(2.5)
                await ws.send(json.dumps({"type": "ping"}))
                while True:
                    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 15))
                    if message["type"] != "update":
                        return message

        error, code = run(silent(), 40)
        assert error["type"] == "error"
        assert error["code"] == "idle"
        assert code == 1001
        assert run(quiet_after_hello(), 40)["type"] == "pong"
