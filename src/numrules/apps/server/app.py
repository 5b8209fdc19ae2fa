"""The HTTP and WebSocket routes of the reference server (Starlette), and the page.

`create_app(db, limits)` builds the ASGI application; `numrules serve` runs it with
uvicorn. The protocol is described in docs/server.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import json
import logging
import re
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from numrules._version import __version__
from numrules.apps.server.store import Store
from numrules.apps.server.tables import (
    UNSET,
    Client,
    Hub,
    Limits,
    ServerError,
    Table,
    game_options,
)
from numrules.apps.server.wire import decode_json
from numrules.core.bots import bot_names
from numrules.core.errors import NumrulesError
from numrules.core.game import AnyGame, all_games, get_game
from numrules.core.records import GameRecord, record_to_json, record_to_text

log = logging.getLogger("numrules.apps.server")

CLOSE_POLICY = 1008
"""WebSocket close code for a client that broke the rules (bad token, flood, junk)."""
CLOSE_TOO_BIG = 1009
"""WebSocket close code for a message over the size limit."""
CLOSE_IDLE = 1001
"""WebSocket close code for an idle connection."""
CLOSE_FULL = 1013
"""WebSocket close code when the server has no room for another connection."""
CLOSE_INTERNAL = 1011
"""WebSocket close code when the server failed (a bug, logged with its traceback)."""


def page() -> str:
    """The browser page: one self-contained HTML file (CSS and plain JavaScript inside)."""
    return resources.files("numrules.apps.server").joinpath("page.html").read_text(encoding="utf-8")


def _error(exc: ServerError) -> JSONResponse:
    return JSONResponse({"error": {"code": exc.code, "message": exc.message}}, exc.status)


async def _body(request: Request, limit: int) -> Any:
    # The request's JSON body, read at most `limit` bytes far.
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise ServerError("too_large", f"a request body is at most {limit} bytes", 413)
    chunks = bytearray()
    async for chunk in request.stream():
        chunks += chunk
        if len(chunks) > limit:
            raise ServerError("too_large", f"a request body is at most {limit} bytes", 413)
    if not chunks:
        return {}
    data = decode_json(chunks)
    if not isinstance(data, dict):
        raise ServerError("bad_request", "the body must be a JSON object")
    return data


_Endpoint = Callable[[Request], Awaitable[Response]]


def _guarded(
    endpoint: _Endpoint, errors: Callable[[], Counter[str]], *, counted: bool = False
) -> _Endpoint:
    # The endpoint, answering a JSON error whatever happens: a ServerError as it says
    # (`counted`: in the error counters too), an unexpected exception as `internal`
    # (500), its traceback logged here once.
    async def guarded(request: Request) -> Response:
        try:
            return await endpoint(request)
        except ServerError as exc:
            if counted:
                errors()[exc.code] += 1
            return _error(exc)
        except ClientDisconnect:
            return _error(ServerError("bad_request", "the request body was cut short"))
        except Exception:
            log.exception("%s %r failed", request.method, request.url.path)
            with contextlib.suppress(Exception):
                errors()["internal"] += 1
            return _error(ServerError("internal", "the server failed; this was logged", 500))

    return guarded


async def _http_error(request: Request, exc: Exception) -> Response:
    # Starlette's own refusals (no such route, wrong method) in the JSON error shape.
    status = exc.status_code if isinstance(exc, HTTPException) else 400
    code = {404: "not_found", 405: "method_not_allowed"}.get(status, "bad_request")
    message = exc.detail if isinstance(exc, HTTPException) else "bad request"
    return _error(ServerError(code, message, status))


class _Bucket:
    # A token bucket: `rate` messages a second on average, `burst` at once. A message
    # beyond it is not refused: it is read later (the tokens go into debt), so that a
    # flooding client slows only itself and costs the server nothing meanwhile.
    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = asyncio.get_running_loop().time()
        self.told = False  # the client was told it is being slowed down

    def delay(self) -> float:
        # Take a token for the next message; the seconds to wait before reading it.
        now = asyncio.get_running_loop().time()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1
        if self.tokens >= 0:
            if self.tokens >= self.burst / 2:  # calm again: tell it next time
                self.told = False
            return 0.0
        return -self.tokens / self.rate


class _CloseError(Exception):
    # Close the connection with this code after sending an error.
    def __init__(self, code: int, error: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.error = error
        self.message = message


def create_app(db: str | Path | Store, limits: Limits | None = None) -> Starlette:
    """The server as an ASGI application, storing its tables in the SQLite file `db`.

    `db` may also be a `Store` already open: the application then uses it, and closes it
    when it stops. A path is opened when the application starts (`StoreError` if another
    server holds it or it is not a numrules server database).
    """
    limits = limits or Limits()
    # before its hello, a connection has the hello time-out (if shorter) as its idle one
    before_hello = attrs.evolve(limits, idle_timeout=min(limits.hello_timeout, limits.idle_timeout))
    state: dict[str, Hub] = {}

    def hub() -> Hub:
        return state["hub"]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = db if isinstance(db, Store) else Store(db)
        state["hub"] = Hub(store, limits)
        count = state["hub"].resume()
        log.info("numrules server %s: %d tables resumed from %s", __version__, count, store.path)
        sweeper = asyncio.get_running_loop().create_task(_sweep(state["hub"]))
        try:
            yield
        finally:
            sweeper.cancel()
            await state["hub"].close()
            store.close()

    async def index(request: Request) -> Response:
        return HTMLResponse(page())

    async def health(request: Request) -> Response:
        h = hub()
        return JSONResponse(
            {
                "status": "ok",
                "version": __version__,
                "tables": h.active(),
                "connections": h.connections,
            }
        )

    async def metrics(request: Request) -> Response:
        return PlainTextResponse(hub().metrics(), media_type="text/plain; version=0.0.4")

    async def games(request: Request) -> Response:
        return JSONResponse(
            [
                {
                    "game": g.name,
                    "title": g.title,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "lower_score_wins": g.lower_score_wins,
                    "bots": list(bot_names(g)),
                    "options": game_options(g),
                    "rules": None if g.rules is None else f"/rules/{g.name}",
                }
                for g in all_games()
            ]
        )

    async def list_tables(request: Request) -> Response:
        return JSONResponse(hub().listing())

    async def create_table(request: Request) -> Response:
        body = await _body(request, limits.max_body_bytes)
        table, seat, token = hub().create(
            body.get("game"),
            body.get("players"),
            body.get("options"),
            body.get("seats"),
            join=body.get("join", True) is not False,
            name=body.get("name", ""),
            move_limit=body.get("move_limit", UNSET),
            fallback=body.get("fallback"),
        )
        return JSONResponse({"table": table.id, "seat": seat, "token": token}, 201)

    async def table_info(request: Request) -> Response:
        return JSONResponse(hub().get(request.path_params["table"]).summary())

    async def join_table(request: Request) -> Response:
        body = await _body(request, limits.max_body_bytes)
        table, seat, token = hub().join(
            request.path_params["table"], body.get("seat"), body.get("name", "")
        )
        return JSONResponse({"table": table.id, "seat": seat, "token": token})

    async def table_record(request: Request) -> Response:
        form = request.query_params.get("format", "text")
        if form not in ("text", "json"):
            raise ServerError("bad_request", "format is text or json")
        table = hub().get(request.path_params["table"])
        if not table.ended:
            raise ServerError(
                "not_over",
                "the record (its seed and every action) is given once the game has ended",
                409,
            )
        record = _record(table)
        name = f"numrules-{table.game.name}-{re.sub(r'[^A-Za-z0-9_-]', '_', table.id)}"
        if form == "json":
            body, media, name = record_to_json(record, indent=1), "application/json", name + ".json"
        else:
            body, media, name = record_to_text(record), "text/plain; charset=utf-8", name + ".txt"
        disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(body, media_type=media, headers=disposition)

    async def play_again(request: Request) -> Response:
        body = await _body(request, limits.max_body_bytes)
        table, seat, token = hub().again(request.path_params["table"], body.get("token"))
        return JSONResponse({"table": table.id, "seat": seat, "token": token}, 201)

    async def rules(request: Request) -> Response:
        name = request.path_params["game"]
        try:
            game = get_game(name)
        except NumrulesError as exc:
            raise ServerError("unknown_game", str(exc), 404) from exc
        page = _rules_page(game)
        if page is None:
            raise ServerError("not_found", f"{game.title} has no rules page here", 404)
        return HTMLResponse(page)

    async def play(websocket: WebSocket) -> None:
        h = hub()
        await websocket.accept()
        if h.connections >= limits.max_connections:
            await _send_close(websocket, CLOSE_FULL, "full", "the server has no room for you")
            return
        h.connections += 1
        h.counters["connections_opened"] += 1
        client = Client(websocket.send_text)
        writer: asyncio.Task[None] | None = None
        reason = "closed by the client"
        try:
            bucket = _Bucket(limits.rate, limits.burst)
            strikes = 0
            while True:
                try:
                    rules = limits if client.table is not None else before_hello
                    message = await _receive(websocket, rules, bucket, client)
                    if client.table is None:
                        table = _hello(h, client, message)
                        await client.send(h.welcome(table, client.seat))
                        writer = asyncio.get_running_loop().create_task(client.writer(h))
                        client.mark()
                    else:
                        await _handle(h, client, message)
                except ServerError as exc:
                    h.errors[exc.code] += 1
                    if exc.code in ("bad_json", "bad_request", "unknown_type"):
                        strikes += 1
                        if strikes > limits.max_strikes:
                            raise _CloseError(
                                CLOSE_POLICY, exc.code, f"{exc.message} (too many bad messages)"
                            ) from exc
                    if exc.code in ("bad_token", "unknown_table"):
                        raise _CloseError(CLOSE_POLICY, exc.code, exc.message) from exc
                    await client.send(_error_message(exc))
        except _CloseError as close:
            h.errors[close.error] += 1
            reason = close.message
            await _send_close(websocket, close.code, close.error, close.message)
        except WebSocketDisconnect:
            pass
        except Exception:  # a bug: a typed error for the client, the traceback in the log
            log.exception("a WebSocket connection failed")
            h.errors["internal"] += 1
            reason = "the server failed"
            await _send_close(
                websocket, CLOSE_INTERNAL, "internal", "the server failed; this was logged"
            )
        finally:
            if writer is not None:
                writer.cancel()
            h.detach(client)
            h.connections -= 1
            h.counters["disconnects"] += 1
            if client.table is not None:
                who = "spectator" if client.seat is None else f"seat {client.seat}"
                log.info("table %s: %s disconnected (%s)", client.table.id, who, reason)

    def errors() -> Counter[str]:
        return hub().errors

    return Starlette(
        routes=[
            Route("/", _guarded(index, errors)),
            Route("/health", _guarded(health, errors)),
            Route("/metrics", _guarded(metrics, errors)),
            Route("/api/games", _guarded(games, errors)),
            Route("/api/tables", _guarded(list_tables, errors), methods=["GET"]),
            Route("/api/tables", _guarded(create_table, errors, counted=True), methods=["POST"]),
            Route("/api/tables/{table}", _guarded(table_info, errors)),
            Route(
                "/api/tables/{table}/join",
                _guarded(join_table, errors, counted=True),
                methods=["POST"],
            ),
            Route("/api/tables/{table}/record", _guarded(table_record, errors)),
            Route(
                "/api/tables/{table}/again",
                _guarded(play_again, errors, counted=True),
                methods=["POST"],
            ),
            Route("/rules/{game}", _guarded(rules, errors)),
            WebSocketRoute("/ws", play),
        ],
        exception_handlers={HTTPException: _http_error},
        lifespan=lifespan,
    )


async def _sweep(hub: Hub) -> None:
    # Expire idle tables and forget finished ones nobody watches, now and then.
    while True:
        await asyncio.sleep(hub.limits.sweep_interval)
        try:
            hub.sweep()
        except Exception:  # a failed sweep must not stop the next ones
            log.exception("the sweep for idle tables failed")


def _error_message(exc: ServerError) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message}
    if exc.seq is not None:
        out["seq"] = exc.seq
    return out


def _record(table: Table) -> GameRecord:
    # The game record of an ended table: replayable, seed included; an abandoned game's
    # record stops where it was left (its scores so far, no winners).
    game = table.game
    return GameRecord(
        game=game.name,
        config=table.config,
        seed=table.seed,
        actions=tuple(game.parse_action(a) for a in table.actions),
        scores=tuple(game.scores(table.state)),
        winners=frozenset(game.winners(table.state)),
        headers={
            "Table": table.id,
            "Seats": ",".join(spec.get("bot", "human") for spec in table.seats),
            "Status": table.status,
        },
    )


@functools.cache
def _rules_page(game: AnyGame) -> str | None:
    # The game's rules for players (`Game.rules`, Markdown) as an HTML page; None if it
    # has none, or its page is missing from the installation.
    if game.rules is None:
        return None
    try:
        text = game.rules()
    except OSError:
        log.warning("the rules page of %s is missing from the installation", game.name)
        return None
    from markdown_it import MarkdownIt  # noqa: PLC0415 (rich's dependency, read on first use)

    # "js-default": CommonMark with tables, raw HTML in the page left as text, safe links
    body = MarkdownIt("js-default").render(text)
    title = html.escape(f"{game.title}: the rules")
    return _RULES_TEMPLATE.format(title=title, body=body)


_RULES_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff;
  max-width: 46rem; margin: 0 auto; padding: 1rem; overflow-wrap: anywhere; }}
a {{ color: #0b57d0; }}
pre, table {{ display: block; overflow-x: auto; max-width: 100%; }}
pre, code {{ background: #f2f2f2; font-size: 0.9em; }}
pre {{ padding: 0.5rem; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #bbb; padding: 0.25rem 0.5rem; text-align: left; }}
</style>
</head>
<body>
<p><a href="/">Back to the tables</a></p>
{body}
</body>
</html>
"""


async def _receive(
    websocket: WebSocket, limits: Limits, bucket: _Bucket, client: Client
) -> dict[str, Any]:
    # One message from the client, checked: size, rate, idle time, JSON object. Over the
    # rate, the next message is read only when the bucket allows it (told once a burst).
    wait = bucket.delay()
    if wait > 0:
        if not bucket.told:
            bucket.told = True
            await client.send(
                _error_message(
                    ServerError(
                        "rate_limited",
                        f"more than {limits.rate:g} messages a second: "
                        "the next ones are read at that rate",
                        429,
                    )
                )
            )
        await asyncio.sleep(wait)
    try:
        async with asyncio.timeout(limits.idle_timeout):
            raw = await websocket.receive()
    except TimeoutError as exc:
        raise _CloseError(CLOSE_IDLE, "idle", f"no message for {limits.idle_timeout:g} s") from exc
    if raw["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(raw.get("code", 1000))
    text = raw.get("text")
    if text is None:
        raise ServerError("bad_json", "send text messages of JSON, not binary ones")
    # "surrogatepass": a lone surrogate is refused by decode_json, not here
    size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    if size > limits.max_message_bytes:
        raise _CloseError(
            CLOSE_TOO_BIG, "too_large", f"a message is at most {limits.max_message_bytes} bytes"
        )
    message = decode_json(text)
    if not isinstance(message, dict):
        raise ServerError("bad_json", "a message is a JSON object with a 'type'")
    return message


def _hello(hub: Hub, client: Client, message: dict[str, Any]) -> Table:
    if message.get("type") != "hello":
        raise ServerError("bad_request", 'the first message must be {"type": "hello", ...}')
    client.layout = message.get("layout", True) is not False
    return hub.attach(client, message.get("table"), message.get("token"))


async def _handle(hub: Hub, client: Client, message: dict[str, Any]) -> None:
    table = client.table
    assert table is not None
    kind = message.get("type")
    if kind == "act":
        if client.seat is None:
            raise ServerError("spectator", "a spectator cannot act", 403)
        seq = message.get("seq")
        try:
            reply = await hub.act(table, client.seat, message.get("action"), seq, message.get("at"))
        except ServerError as exc:
            exc.seq = seq
            raise
        await client.send(reply)
    elif kind == "pass":
        if client.seat is None:
            raise ServerError("spectator", "a spectator cannot pass", 403)
        seq = message.get("seq")
        try:
            reply = await hub.pass_turn(table, client.seat, seq, message.get("at"))
        except ServerError as exc:
            exc.seq = seq
            raise
        await client.send(reply)
    elif kind == "observe":
        await client.send(hub.observation(table, client.seat))
    elif kind == "ping":
        await client.send({"type": "pong", "at": table.at})
    elif kind == "hello":
        raise ServerError("bad_request", "this connection already said hello")
    else:
        raise ServerError(
            "unknown_type",
            f"unknown message type {str(kind)[:30]!r}: act, pass, observe or ping",
        )


async def _send_close(websocket: WebSocket, code: int, error: str, message: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"type": "error", "code": error, "message": message}))
    await _close(websocket, code)


async def _close(websocket: WebSocket, code: int) -> None:
    if websocket.application_state != WebSocketState.DISCONNECTED:
        with contextlib.suppress(Exception):
            await websocket.close(code)
