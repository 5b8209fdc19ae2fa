"""Fuzzing the server's inputs: every request gets a 4xx or a typed error, never a 500,
never a dropped connection, and the lobby keeps working.

The in-process app (Starlette's TestClient re-raises what the server raises) gets
generated JSON (real field names and random ones, huge numbers, lone surrogates,
control characters, long strings, deep nesting) and raw bytes, over HTTP and over the
WebSocket. Then come regression tests for what a security review found.
"""

from __future__ import annotations

import json
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from numrules.apps.server import Limits, Store
from numrules.apps.server.app import _guarded
from numrules.core.game import get_game
from numrules.core.serialization import dumps
from tests.server.helpers import SHORT, app_client, create, receive_until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in helpers: Starlette asks for httpx2
    from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(300)

EXAMPLES = 5
"""Examples per fuzz test, in multiples of the profile's `max_examples` (ci: 100, a few
seconds; HYPOTHESIS_PROFILE=deep: 1500)."""

# Bots act slowly, so that a table of bots only costs little while the fuzz runs; the
# rate and the tables are many so that the fuzz is not cut short by a limit.
# A short interrupt window, so that the held moves and the timers take part too.
LIMITS = Limits(
    max_tables=100_000,
    rate=10_000.0,
    burst=10_000,
    bot_delay=0.02,
    idle_timeout=60.0,
    interrupt_window=0.05,
)

HTTP_CODES = {
    "bad_json",
    "bad_request",
    "too_large",
    "unknown_game",
    "bad_config",
    "too_many_tables",
    "unknown_table",
    "no_free_seat",
    "seat_taken",
    "game_over",
    "not_over",
    "not_found",
    "method_not_allowed",
    "bad_token",
}
WS_CODES = {
    "bad_json",
    "bad_request",
    "unknown_type",
    "bad_action",
    "illegal",
    "duplicate",
    "stale",
    "spectator",
    "unavailable",
    "bad_token",
    "unknown_table",
    "too_large",
    "rate_limited",
    "idle",
    "full",
}
WS_TYPES = {"welcome", "update", "accepted", "error", "observation", "pong", "notice"}
REPLIES = {"welcome", "accepted", "error", "observation", "pong"}
"""The messages that answer a client's message (updates come on their own)."""
CLOSE_CODES = {1000, 1001, 1008, 1009, 1013}
"""Close codes the server may use for bad input (1011, a server failure, is not one)."""
FIELDS = ["game", "players", "options", "seats", "join", "name", "seat", "move_limit", "token"]
WS_FIELDS = ["type", "table", "token", "layout", "action", "seq", "at"]


@attrs.frozen
class Raw:
    """JSON text put as it is into a generated document (numbers json cannot write)."""

    text: str


def to_json(value: Any, *, ascii_only: bool = True) -> str:
    """JSON text of a generated value; `Raw` parts are written as they are.

    With `ascii_only`, a lone surrogate is written as an escape (as a JavaScript client
    would); otherwise it stays a character of the text.
    """
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, list):
        return "[" + ",".join(to_json(v, ascii_only=ascii_only) for v in value) + "]"
    if isinstance(value, dict):
        items = (
            f"{json.dumps(k, ensure_ascii=ascii_only)}:{to_json(v, ascii_only=ascii_only)}"
            for k, v in value.items()
        )
        return "{" + ",".join(items) + "}"
    return json.dumps(value, ensure_ascii=ascii_only)


def _encode(text: str) -> bytes:
    # UTF-8 bytes of a text that may hold lone surrogates (then not valid UTF-8).
    return text.encode("utf-8", "surrogatepass")


surrogates = st.integers(0xD800, 0xDFFF).map(chr)
controls = st.sampled_from([chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)]])
WORDS = ["", "human", "random", "stackattack", "numwars", "choose 13", "pass", "\U0001f600"]
clean_texts = st.one_of(st.text(max_size=20), st.sampled_from(WORDS))
nasty_texts = st.one_of(
    st.text(st.one_of(surrogates, controls, st.characters()), min_size=1, max_size=12),
    st.sampled_from(["\ud800", "a\udfffb", "\x00", "line\nbreak", "\u202eevil"]),
    st.sampled_from(["x" * 300, "é" * 3000, "a" * 20_000]),
)
texts = st.one_of(clean_texts, nasty_texts)
raw_numbers = st.sampled_from(
    [
        Raw("1" * 5000),
        Raw("-" + "9" * 40),
        Raw("1e999"),
        Raw("-1e999"),
        Raw("1." + "0" * 100),
        Raw("NaN"),
        Raw("Infinity"),
        Raw("-Infinity"),
        Raw("1E400"),
        Raw("-0"),
    ]
)
big_ints = st.sampled_from(
    [2**53 - 1, 2**53, 2**63 - 1, 2**63, 2**64, 10**29, 10**30, -(2**63), -1, 0]
)
ints = st.one_of(st.integers(-3, 12), st.integers(), big_ints)
clean_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(), st.floats(), clean_texts
)
nasty_scalars = st.one_of(big_ints, nasty_texts, raw_numbers)
keys = st.one_of(st.sampled_from(FIELDS + WS_FIELDS), texts)


def _tree(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)
        ),
        max_leaves=12,
    )


clean_values = _tree(clean_scalars)
"""JSON a client may send (no NaN: the floats json writes as NaN are the nasty ones)."""
values = _tree(st.one_of(clean_scalars, nasty_scalars))
"""Any JSON value, nasty parts included: lone surrogates, huge numbers, long strings."""
deep = st.builds(
    lambda n, opener: Raw(opener * n),
    st.sampled_from([33, 999, 2000, 4000]),
    st.sampled_from(["[", '{"a":']),
)
"""Nesting deeper than the server takes (left open: the depth is refused first)."""
closed_deep = st.sampled_from(
    [Raw("[" * n + "]" * n) for n in (33, 1500, 4000)]
    + [Raw('{"a":' * n + "1" + "}" * n) for n in (33, 900)]
)
bodies_as_bytes = st.one_of(
    st.binary(max_size=64),
    st.sampled_from([b"{", b"\xff\xfe{}", b'{"a": "\xed\xa0\x80"}', b"\x00", b"[" * 4000]),
)


def _mutated(draw: st.DrawFn, body: dict[Any, Any], fields: list[str]) -> Any:
    # A body left right, with some fields changed to anything, or replaced altogether.
    how = draw(st.sampled_from(["right", "mutated", "mutated", "anything", "deep", "bytes"]))
    if how == "mutated":
        for key in draw(st.lists(st.sampled_from(fields) | keys, min_size=1, max_size=2)):
            body[key] = draw(values)
    return {
        "right": body,
        "mutated": body,
        "anything": draw(values),
        "deep": draw(deep | closed_deep),
        "bytes": draw(bodies_as_bytes),
    }[how]


@st.composite
def create_bodies(draw: st.DrawFn) -> Any:
    """A body for POST /api/tables: often nearly right, sometimes anything at all."""
    game = draw(st.sampled_from(sorted(SHORT)))
    players = get_game(game).min_players + draw(st.sampled_from([0, 0, 0, 1, -1]))
    seat = st.sampled_from(["human", "random"])
    options: dict[Any, Any] = dict(SHORT[game])
    names = sorted(f.name for f in attrs.fields(get_game(game).Config))
    option = st.one_of(st.integers(-1, 12), st.booleans(), st.none(), clean_texts)
    options.update(draw(st.dictionaries(st.sampled_from(names), option, max_size=2)))
    body: dict[Any, Any] = {
        "game": game,
        "seats": draw(st.lists(seat, min_size=players, max_size=players)),
        "options": options,
    }
    if draw(st.booleans()):
        body["name"] = draw(clean_texts)
    if draw(st.booleans()):
        body["join"] = draw(st.booleans())
    if draw(st.booleans()):
        limit = st.one_of(st.sampled_from([0, 0.5, 30, None, -1, 1e9]), st.floats(), values)
        body["move_limit"] = draw(limit)
    if draw(st.booleans()):
        body["fallback"] = draw(st.one_of(st.sampled_from(["first", "random", "nobot"]), values))
    return _mutated(draw, body, FIELDS)


@st.composite
def join_bodies(draw: st.DrawFn) -> Any:
    """A body for POST /api/tables/{id}/join (and /again)."""
    body = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "seat": st.integers(-1, 3) | st.none(),
                "name": clean_texts,
                "token": clean_texts | values,
            },
        )
    )
    return _mutated(draw, body, FIELDS)


def _check_http(response: Any) -> None:
    # A refusal is a 4xx in the JSON error shape with a known code; never a 5xx.
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert set(error) == {"code", "message"}
        assert error["code"] in HTTP_CODES, error
        assert isinstance(error["message"], str)


def _post(client: TestClient, url: str, body: Any, ascii_only: bool) -> Any:
    content = body if isinstance(body, bytes) else _encode(to_json(body, ascii_only=ascii_only))
    return client.post(url, content=content, headers={"content-type": "application/json"})


def _lobby_works(client: TestClient) -> None:
    # The listing and every table's summary still answer.
    listing = client.get("/api/tables")
    assert listing.status_code == 200, listing.text
    for table in listing.json():
        assert client.get(f"/api/tables/{table['table']}").status_code == 200
    metrics = client.get("/metrics")
    assert metrics.status_code == 200
    assert 'code="internal"' not in metrics.text


def _path_id(table_id: str) -> str:
    return quote(_encode(table_id), safe="")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path / "fuzz.db", LIMITS) as client:
        yield client


def test_fuzz_http(client: TestClient) -> None:
    made = create(client, seats=["human", "human"])
    real = made["table"]
    odd_ids = st.sampled_from(["..", ".", "a/b", "%00", " ", "?x=1", "#", real + "x", real[:-1]])

    @given(
        body=create_bodies(),
        join_body=join_bodies(),
        table_id=st.one_of(st.just("created"), st.just(real), texts, odd_ids),
        ascii_only=st.booleans(),
    )
    @settings(max_examples=EXAMPLES * settings().max_examples)
    def fuzz(body: Any, join_body: Any, table_id: str, ascii_only: bool) -> None:
        created = _post(client, "/api/tables", body, ascii_only)
        _check_http(created)
        if table_id == "created":
            table_id = created.json()["table"] if created.status_code == 201 else real
        path = _path_id(table_id)
        _check_http(_post(client, f"/api/tables/{path}/join", join_body, ascii_only))
        _check_http(client.get(f"/api/tables/{path}"))
        _check_http(client.get(f"/api/tables/{path}/record"))
        _check_http(client.get(f"/api/tables/{path}/record?format={path}"))
        _check_http(_post(client, f"/api/tables/{path}/again", join_body, ascii_only))
        _check_http(client.get(f"/rules/{path}"))

    fuzz()
    _lobby_works(client)


class _ClosedError(Exception):
    # The server closed the connection (with this code).
    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def _reply(ws: Any, seen: dict[str, Any]) -> dict[str, Any]:
    # Messages until one that answers the last message sent (a welcome: once the first
    # update follows it; updates are kept in `seen`); every one of a documented type;
    # a close with a documented code.
    welcome: dict[str, Any] | None = None
    for _ in range(500):
        message = ws.receive()
        if message["type"] == "websocket.close":
            assert message["code"] in CLOSE_CODES, message
            raise _ClosedError(message["code"])
        data = json.loads(message["text"])
        assert data["type"] in WS_TYPES, data
        if data["type"] == "error":
            assert data["code"] in WS_CODES, data
            assert isinstance(data["message"], str)
        if data["type"] == "update":
            seen["update"] = data
            if welcome is not None:  # the first update follows the welcome
                return welcome
        elif data["type"] == "welcome":
            welcome = dict(data)
        elif data["type"] in REPLIES:
            return dict(data)
    raise AssertionError("no answer in 500 messages")


@attrs.frozen
class Real:
    """Stands in a generated message for a value taken from the last update.

    `pick` chooses among the legal actions (drawn beforehand, so that the examples the
    strategies draw do not depend on how the table went).
    """

    field: str
    pick: int = 0


real_action = st.builds(Real, st.just("action"), st.integers(0, 100))
acts = st.fixed_dictionaries(
    {
        "type": st.just("act"),
        "action": st.one_of(*[real_action] * 4, texts, values),
        "seq": st.one_of(st.integers(1, 40), st.integers(1, 40), ints, values),
    },
    optional={"at": st.one_of(st.just(Real("at")), st.integers(0, 30), ints, values)},
)
real_acts = st.fixed_dictionaries(
    {"type": st.just("act"), "action": real_action, "seq": st.integers(1, 40)},
    optional={"at": st.just(Real("at")) | st.integers(0, 30)},
)
"""Legal actions, mostly: a seq that may be used up, an `at` that may be stale."""
passes = st.fixed_dictionaries(
    {"type": st.just("pass"), "seq": st.one_of(st.integers(1, 40), ints, values)},
    optional={"at": st.one_of(st.just(Real("at")), st.integers(0, 30), values)},
)
ws_messages = st.one_of(
    *[real_acts] * 3,
    *[acts] * 2,
    passes,
    st.fixed_dictionaries({"type": st.sampled_from(["observe", "ping", "hello", "dance"])}),
    st.dictionaries(st.sampled_from(WS_FIELDS) | keys, values, max_size=4),
    values,
    closed_deep | deep,
)


def _filled(message: Any, update: dict[str, Any] | None) -> Any:
    # The message with its `Real` parts taken from the last update (or left out).
    if not isinstance(message, dict):
        return message
    out = {}
    for key, value in message.items():
        if not isinstance(value, Real):
            out[key] = value
        elif update is not None and value.field == "at":
            out[key] = update["at"]
        elif update is not None and update["actions"]:
            out[key] = update["actions"][value.pick % len(update["actions"])]
    return out


def test_fuzz_websocket(client: TestClient) -> None:
    @given(
        data=st.data(),
        game=st.sampled_from(sorted(SHORT)),
        hello=st.sampled_from(["player"] * 3 + ["spectator", "token", "fuzzed", "none"]),
        messages=st.lists(ws_messages, max_size=8),
        ascii_only=st.booleans(),
    )
    @settings(max_examples=EXAMPLES * settings().max_examples)
    def fuzz(
        data: st.DataObject, game: str, hello: str, messages: list[Any], ascii_only: bool
    ) -> None:
        made = create(client, game, seats=["human"] + ["random"] * (get_game(game).min_players - 1))
        first: Any = {"type": "hello", "table": made["table"]}
        if data.draw(st.booleans()):
            first["layout"] = data.draw(values)
        if hello == "player":
            first["token"] = made["token"]
        elif hello == "token":
            first["token"] = data.draw(values)
        elif hello == "fuzzed":
            first = data.draw(st.dictionaries(st.sampled_from(WS_FIELDS) | keys, values))
            first.setdefault("type", "hello")
        seen: dict[str, Any] = {}
        sent = messages if hello == "none" else [first, *messages]
        with client.websocket_connect("/ws") as ws:
            try:
                for message in sent:
                    filled = _filled(message, seen.get("update"))
                    ws.send_text(to_json(filled, ascii_only=ascii_only))
                    _reply(ws, seen)
                ws.send_text('{"type": "ping"}')
                assert _reply(ws, seen)["type"] in {"pong", "error"}
            except _ClosedError:
                pass

    fuzz()
    _lobby_works(client)


# -- what the security review found ------------------------------------------------------


def test_a_name_with_a_lone_surrogate_is_refused_and_the_lobby_works(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client, seats=["human", "human"])
        for url in ("/api/tables", f"/api/tables/{made['table']}/join"):
            body = b'{"game": "stackattack", "seats": ["human", "random"], "name": "\\ud800"}'
            response = client.post(url, content=body)
            assert response.status_code == 400
            assert response.json()["error"]["code"] == "bad_json"
        listing = client.get("/api/tables")
        assert listing.status_code == 200
        assert [t["table"] for t in listing.json()] == [made["table"]]
        assert client.get(f"/api/tables/{made['table']}").status_code == 200
    with app_client(tmp_path / "t.db") as client:  # after a restart too
        assert client.get("/api/tables").status_code == 200
        assert client.get(f"/api/tables/{made['table']}").status_code == 200


def test_names_are_text_cut_to_40_characters(tmp_path: Path) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client, seats=["human", "human"], name="\U0001f600" * 50)
        joined = client.post(f"/api/tables/{made['table']}/join", json={"name": "a\x00b"})
        assert joined.status_code == 400
        assert joined.json()["error"]["code"] == "bad_request"
        assert "name" in joined.json()["error"]["message"]
        seats = client.get(f"/api/tables/{made['table']}").json()["seats"]
        assert seats[0]["name"] == "\U0001f600" * 40
        assert seats[1] == {"kind": "human", "taken": False, "name": ""}


def test_a_name_stored_before_the_checks_does_not_break_the_lobby(tmp_path: Path) -> None:
    # A table written by an older server, its name holding a lone surrogate.
    game = get_game("stackattack")
    config = game.Config(players=2, **SHORT["stackattack"])
    seats: list[dict[str, Any]] = [{"kind": "human", "token": "0" * 64, "name": "Ada\ud800\x07"}]
    seats.append({"kind": "human", "token": None, "name": ""})
    store = Store(tmp_path / "t.db")
    store.add_table("old", "stackattack", dumps(config), 1, seats)
    store.close()
    with app_client(tmp_path / "t.db") as client:
        listing = client.get("/api/tables")
        assert listing.status_code == 200
        assert listing.json()[0]["seats"][0]["name"] == "Ada\ufffd"
        assert client.get("/api/tables/old").json()["seats"][0]["name"] == "Ada\ufffd"


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 4000 + b"]" * 4000,
        b'{"game": ' + b"[" * 4000 + b"]" * 4000 + b"}",
        b'{"players": ' + b"1" * 5000 + b"}",
        b'{"seat": ' + b"9" * 5000 + b"}",
        b'{"players": 1e999}',
        b'{"players": NaN}',
    ],
)
def test_deep_nesting_and_huge_numbers_over_http_are_bad_json(tmp_path: Path, body: bytes) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client, seats=["human", "human"])
        for url in ("/api/tables", f"/api/tables/{made['table']}/join"):
            response = client.post(url, content=body)
            assert response.status_code == 400, response.text
            assert response.json()["error"]["code"] == "bad_json"
        assert client.get("/api/tables").status_code == 200


def _error_then_pong(ws: Any) -> dict[str, Any]:
    # The error answering the last message; the connection still answers a ping.
    error = _reply(ws, {})
    assert error["type"] == "error", error
    ws.send_json({"type": "ping"})
    assert _reply(ws, {})["type"] == "pong"
    return error


@pytest.mark.parametrize("text", ['"\\ud800"', '"abc\\udfff"', '"\ud800"'])
def test_a_token_with_a_lone_surrogate_gets_an_error(tmp_path: Path, text: str) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client)
        with client.websocket_connect("/ws") as ws:
            ws.send_text(f'{{"type": "hello", "table": "{made["table"]}", "token": {text}}}')
            assert receive_until(ws, "error")["code"] == "bad_json"
            ws.send_json({"type": "hello", "table": made["table"], "token": made["token"]})
            assert receive_until(ws, "welcome")["seat"] == 0


@pytest.mark.parametrize(
    ("seq", "code"),
    [(str(2**63), "bad_request"), (str(2**53), "bad_request"), (str(10**30), "bad_json")],
)
def test_a_seq_too_large_gets_an_error(tmp_path: Path, seq: str, code: str) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"], "token": made["token"]})
            update = receive_until(ws, "update")
            action = json.dumps(update["actions"][0])
            ws.send_text(f'{{"type": "act", "action": {action}, "seq": {seq}}}')
            assert _error_then_pong(ws)["code"] == code
            ws.send_text(f'{{"type": "act", "action": {action}, "seq": 1, "at": {seq}}}')
            assert _error_then_pong(ws)["code"] == code
            ws.send_text(f'{{"type": "act", "action": {action}, "seq": {2**53 - 1}}}')
            assert receive_until(ws, "accepted")["seq"] == 2**53 - 1


@pytest.mark.parametrize(
    "text", ["[" * 2000 + "]" * 2000, '{"type": "ping", "x": ' + "[" * 1500 + "]" * 1500 + "}"]
)
def test_deep_nesting_over_the_websocket_gets_an_error(tmp_path: Path, text: str) -> None:
    with app_client(tmp_path / "t.db") as client:
        made = create(client)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"], "token": made["token"]})
            receive_until(ws, "welcome")
            ws.send_text(text)
            error = _error_then_pong(ws)
            assert error["code"] == "bad_json"
            assert "nested" in error["message"]


def test_an_unexpected_error_is_a_json_internal_error(caplog: pytest.LogCaptureFixture) -> None:
    # A handler with a bug: the client gets the JSON error shape, the log the traceback.
    async def broken(request: Request) -> Response:
        raise RuntimeError("a bug")

    errors: Counter[str] = Counter()
    app = Starlette(routes=[Route("/broken", _guarded(broken, lambda: errors))])
    with TestClient(app) as client:
        response = client.get("/broken")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "internal"
    assert "a bug" not in response.text
    assert errors["internal"] == 1
    logged = [r for r in caplog.records if r.exc_info is not None]
    assert len(logged) == 1
    assert "GET '/broken' failed" in logged[0].getMessage()
