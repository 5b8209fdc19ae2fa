"""Tables and the hub that runs them: seats, tokens, accepted actions, bots, updates.

This module knows no web framework: `Hub` takes calls (create, join, act) and pushes
messages to `Client` objects, each of which sends JSON text through a function it is
given. `numrules.server.app` puts it behind HTTP and WebSocket routes.

The rules a server must follow (docs/architecture.md, "Serving games safely") are
applied here: an action is taken only for the seat its token names
(`numrules.apply_as`), seeds come from `numrules.new_seed()` and are never sent, each
client gets its own seat's view and events (a spectator the public ones), never the
state or the raw actions of others.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import math
import secrets
import sqlite3
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import attrs

from numrules.core.bots import Bot, bot_names, make_bot, parse_bot_spec
from numrules.core.errors import IllegalActionError, NumrulesError
from numrules.core.game import Game, apply_as, get_game
from numrules.core.match import asking_order, replay
from numrules.core.render import layout_of
from numrules.core.rng import new_seed
from numrules.core.serialization import dumps, loads, to_data
from numrules.server.store import Store
from numrules.server.wire import (
    MAX_NAME,
    MAX_SAFE_INT,
    MAX_TOKEN,
    clean_text,
    int_field,
    text_field,
    valid_text,
)
from numrules.server.wire import ServerError as ServerError  # noqa: PLC0414 (re-exported)

log = logging.getLogger("numrules.server")

COUNTERS = (
    "tables_created",
    "tables_resumed",
    "tables_unreadable",
    "tables_finished",
    "actions_accepted",
    "actions_refused",
    "connections_opened",
    "disconnects",
)
"""The counters `/metrics` reports, each as `numrules_<name>_total`."""

TOKEN_BYTES = 16
"""Random bytes in a seat token (128 bits, from `secrets`)."""


@attrs.frozen(slots=True)
class Limits:
    """What the server accepts: sizes, rates, time-outs and counts (see docs/server.md)."""

    max_tables: int = 1000
    """Tables the server holds at most (finished ones included); creating more is refused."""
    max_message_bytes: int = 4096
    """Largest WebSocket message; a larger one gets an error and the connection closes."""
    max_body_bytes: int = 16384
    """Largest HTTP request body."""
    rate: float = 20.0
    """Messages per second a connection may send, on average."""
    burst: int = 40
    """Messages a connection may send at once (the token bucket's size)."""
    idle_timeout: float = 300.0
    """Seconds without a message from a client before its connection is closed."""
    max_strikes: int = 5
    """Malformed messages (bad JSON, unknown type, bad fields) tolerated per connection."""
    max_connections: int = 2000
    """Open WebSocket connections at most."""
    bot_delay: float = 0.0
    """Seconds a bot waits before acting (lets people follow the game, and interrupt)."""
    history: int = 64
    """Recent states kept per table to judge a message sent for an older state (`at`)."""
    max_bot_number: int = 2000
    """Largest number a bot option may take (`ismcts?iterations=2000`); `seconds` at most 10."""


def digest(token: str) -> str:
    """The SHA-256 hex digest under which a token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()


class Client:
    """One WebSocket connection: its seat (None: a spectator) and what it was last sent.

    Updates are coalesced: `mark` asks for one, and the client's writer sends the
    table's current view with every event since the last one it sent.
    """

    def __init__(self, send: Callable[[str], Awaitable[None]]) -> None:
        self._send = send
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self.table: Table | None = None
        self.seat: int | None = None
        self.seen = 0
        """Events already sent (the index of the next one)."""
        self.layout = True
        """Whether updates carry the rendered view (`view.lines`); a program may go without."""
        self.closed = False

    async def send(self, message: Mapping[str, Any]) -> None:
        """Send one message now (messages are never interleaved)."""
        async with self._lock:
            await self._send(json.dumps(message, separators=(",", ":")))

    def mark(self) -> None:
        """Ask the writer to send an update."""
        self._wake.set()

    async def writer(self, hub: Hub) -> None:
        """Send an update whenever one is asked for, until cancelled or disconnected."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            table = self.table
            if table is None:
                continue
            message = hub.update(table, self.seat, self.seen, layout=self.layout)
            try:
                await self.send(message)
            except Exception:  # the connection is gone: its reader cleans up
                return
            self.seen = message["events_to"]


class Table:
    """One game being played: its record, its current state, its seats and its clients."""

    def __init__(
        self,
        table_id: str,
        game: Game,
        config: Any,
        seed: int,
        seats: list[dict[str, Any]],
        created: float,
    ) -> None:
        self.id = table_id
        self.game = game
        self.config = config
        self.seed = seed
        self.seats = seats
        self.created = created
        self.state = game.new_game(config, seed)
        self.actions: list[str] = []
        self.last_seq: dict[int, int] = {}
        self.history: dict[int, Any] = {0: self.state}
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec["bot"], spec["seed"], game)
            for seat, spec in enumerate(seats)
            if spec["kind"] == "bot"
        }
        self.declined: tuple[int, set[int]] = (0, set())
        self.bot_task: asyncio.Task[None] | None = None

    @property
    def at(self) -> int:
        """The number of accepted actions (the index of the next one)."""
        return len(self.actions)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.is_terminal(self.state))

    def free_seats(self) -> list[int]:
        """The human seats nobody has taken yet."""
        return [
            s for s, spec in enumerate(self.seats) if spec["kind"] == "human" and not spec["token"]
        ]

    def seat_of(self, token: str) -> int | None:
        """The seat this token was given for, or None."""
        wanted = digest(token)
        found = None
        for seat, spec in enumerate(self.seats):
            stored = spec.get("token")
            if stored and hmac.compare_digest(stored, wanted):
                found = seat
        return found

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table: game, seats (no token), progress."""
        return {
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.config.players,
            "seats": [_public_seat(spec) for spec in self.seats],
            "free": self.free_seats(),
            "actions": self.at,
            "over": self.over,
            "scores": list(self.game.scores(self.state)),
            "watchers": len(self.clients),
        }


def _public_seat(spec: Mapping[str, Any]) -> dict[str, Any]:
    if spec["kind"] == "bot":
        return {"kind": "bot", "bot": spec["bot"]}
    # clean_text: a name stored before names were checked may not be valid text
    name = clean_text(spec.get("name", ""), MAX_NAME)
    return {"kind": "human", "taken": bool(spec["token"]), "name": name}


def _options(game: Game, options: Any) -> dict[str, Any]:
    # Config keyword arguments from a request: public field names, JSON scalars only.
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ServerError("bad_request", "options must be an object of config fields")
    names = {f.name for f in attrs.fields(game.Config) if not f.name.startswith("_")}
    for key, value in options.items():
        if key not in names:
            raise ServerError(
                "bad_request",
                f"{game.title} has no option {key!r}; options: {', '.join(sorted(names))}",
            )
        if value is not None and type(value) not in (int, bool, str):
            raise ServerError("bad_request", f"option {key!r} must be a number, a bool or null")
        if isinstance(value, str):
            text_field(value, f"option {key!r}", max_length=200)
    return dict(options)


def game_options(game: Game) -> dict[str, Any]:
    """The config fields a client may set, with their values at the smallest table.

    Only fields holding a number, a bool, a string or None are offered.
    """
    config = game.Config(players=game.min_players)
    out: dict[str, Any] = {}
    for field in attrs.fields(game.Config):
        if field.name.startswith("_") or field.name == "players":
            continue
        value = getattr(config, field.name)
        if value is None or isinstance(value, bool | int | str):
            out[field.name] = value
    return out


def _name(name: Any) -> str:
    # A player's name from a request: text, cut to MAX_NAME characters (None: none).
    return "" if name is None else text_field(name, "name", max_length=MAX_NAME, cut=True)


def _bare(notation: str) -> str:
    # The notation without its "<seat>:" prefix: what a client sends back.
    return notation.split(":", 1)[1] if ":" in notation else notation


class Hub:
    """Every table of the server, its store, and the clients watching them."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.connections = 0
        self.counters: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.started = time.time()

    # -- life cycle -------------------------------------------------------------------

    def resume(self) -> int:
        """Load and replay every stored table; return how many were resumed."""
        for stored in self.store.tables():
            try:
                game = get_game(stored.game)
                config = loads(stored.config)
                table = Table(
                    stored.id, game, config, stored.seed, list(stored.seats), stored.created
                )
                notations = [notation for _, notation, _ in stored.actions]
                table.state = replay(game, config, stored.seed, notations)
            except NumrulesError as exc:  # a game no longer installed, a record that fails
                self.counters["tables_unreadable"] += 1
                log.error("table %s cannot be resumed, left aside: %s", stored.id, exc)
                continue
            table.actions = notations
            table.history = {table.at: table.state}
            for seat, _, seq in stored.actions:
                if seq is not None:
                    table.last_seq[seat] = max(seq, table.last_seq.get(seat, 0))
            self.tables[table.id] = table
            self.counters["tables_resumed"] += 1
            log.info(
                "table %s resumed: %s, %d actions%s",
                table.id,
                game.name,
                table.at,
                " (over)" if table.over else "",
            )
            self.start_bots(table)
        return len(self.tables)

    def create(
        self,
        game_name: Any,
        players: Any,
        options: Any,
        seats: Any,
        *,
        join: bool = True,
        name: Any = "",
        seed: int | None = None,
    ) -> tuple[Table, int | None, str | None]:
        """Create a table; with `join`, take its first human seat (seat and token returned).

        `seats` lists each seat as `"human"` or a bot name (`numrules.bot_names(game)`).
        `seed` None (always, for real players) draws a secret one with `new_seed()`; a
        given seed is for tests and tools only, and never comes from a client. `name`
        (None: none) is cut to 40 characters.
        """
        if len(self.tables) >= self.limits.max_tables:
            raise ServerError("too_many_tables", "the server holds its maximum of tables", 503)
        text_field(game_name, "game", max_length=100, hint="a game name")
        name = _name(name)
        try:
            game = get_game(game_name)
        except NumrulesError as exc:
            raise ServerError("unknown_game", str(exc), 404) from exc
        if players is None and isinstance(seats, list):
            players = len(seats)
        if type(players) is not int:
            raise ServerError("bad_request", "players must be an int")
        kwargs = _options(game, options)
        try:
            config = game.Config(players=players, **kwargs)
        except (NumrulesError, TypeError, ValueError) as exc:
            raise ServerError("bad_config", str(exc)) from exc
        if not isinstance(seats, list) or len(seats) != players:
            raise ServerError(
                "bad_request", f"seats must list {players} entries: 'human' or a bot name"
            )
        specs: list[dict[str, Any]] = []
        for seat in seats:
            if seat == "human":
                specs.append({"kind": "human", "token": None, "name": ""})
            else:
                specs.append({"kind": "bot", "bot": self._bot_spec(game, seat), "seed": new_seed()})
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:  # pragma: no cover - 48 random bits
            table_id = secrets.token_urlsafe(6)
        seed = new_seed() if seed is None else seed
        token: str | None = None
        seat_taken: int | None = None
        humans = [s for s, spec in enumerate(specs) if spec["kind"] == "human"]
        if join and humans:
            seat_taken = humans[0]
            token = secrets.token_urlsafe(TOKEN_BYTES)
            specs[seat_taken]["token"] = digest(token)
            specs[seat_taken]["name"] = name
        created = self.store.add_table(table_id, game.name, dumps(config), seed, specs)
        table = Table(table_id, game, config, seed, specs, created)
        self.tables[table_id] = table
        self.counters["tables_created"] += 1
        log.info(
            "table %s created: %s, %d players, seats %s",
            table_id,
            game.name,
            players,
            ",".join(spec.get("bot", "human") for spec in specs),
        )
        self.start_bots(table)
        return table, seat_taken, token

    def _bot_spec(self, game: Game, spec: Any) -> str:
        # A bot of the game by name, with options within bounds; never an import path.
        known = bot_names(game)
        text = spec if isinstance(spec, str) and len(spec) <= 200 and valid_text(spec) else ""
        try:
            base, options = parse_bot_spec(text)
        except NumrulesError as exc:
            raise ServerError("bad_request", str(exc)) from exc
        if base not in known:
            raise ServerError(
                "bad_request",
                f"a seat is 'human' or one of the bots {', '.join(known)}, "
                f"with options (ismcts?iterations=200); got {str(spec)[:60]!r}",
            )
        for key, value in options.items():
            top = 10 if key == "seconds" else self.limits.max_bot_number
            if isinstance(value, int | float) and not -top <= value <= top:
                raise ServerError("bad_request", f"bot {text!r}: {key} is at most {top} here")
        try:
            make_bot(text, 0, game)
        except NumrulesError as exc:
            raise ServerError("bad_request", str(exc)) from exc
        return text

    def get(self, table_id: Any) -> Table:
        """The table with this id."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            shown = repr(table_id[:40]) if isinstance(table_id, str) else "of that id"
            raise ServerError("unknown_table", f"no table {shown}", 404)
        return table

    def join(self, table_id: Any, seat: Any = None, name: Any = "") -> tuple[Table, int, str]:
        """Take a free human seat (the first one, or `seat`); return its secret token.

        `name` (None: none) is cut to 40 characters.
        """
        name = _name(name)
        table = self.get(table_id)
        free = table.free_seats()
        if table.over:
            raise ServerError("game_over", "this game is over", 409)
        if seat is None:
            if not free:
                raise ServerError("no_free_seat", "every seat of this table is taken", 409)
            seat = free[0]
        if type(seat) is not int or seat not in free:
            raise ServerError("seat_taken", f"seat {str(seat)[:10]} is not a free seat", 409)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        seats = [dict(spec) for spec in table.seats]
        seats[seat]["token"] = digest(token)
        seats[seat]["name"] = name
        self.store.set_seats(table.id, seats)
        table.seats = seats
        log.info("table %s: seat %d taken", table.id, seat)
        for client in table.clients:
            client.mark()
        return table, seat, token

    def listing(self) -> list[dict[str, Any]]:
        """Tables still being played, those with a free seat first, newest first."""
        live = [t for t in self.tables.values() if not t.over]
        live.sort(key=lambda t: (not t.free_seats(), -t.created))
        return [t.summary() for t in live[:200]]

    # -- connections --------------------------------------------------------------------

    def attach(self, client: Client, table_id: Any, token: Any) -> Table:
        """Bind a client to a table: as the seat its token names, or (no token) to watch."""
        table = self.get(table_id)
        seat = None
        if token is not None:
            text_field(token, "token", max_length=MAX_TOKEN, code="bad_token")
            seat = table.seat_of(token)
            if seat is None:
                raise ServerError("bad_token", "this token gives no seat at this table", 403)
        client.table = table
        client.seat = seat
        client.seen = 0
        table.clients.add(client)
        log.info(
            "table %s: %s connected", table.id, "spectator" if seat is None else f"seat {seat}"
        )
        return table

    def detach(self, client: Client) -> None:
        """Forget a closed connection."""
        if client.table is not None:
            client.table.clients.discard(client)

    def welcome(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The first message of a connection: the table and who the client is."""
        return {
            "type": "welcome",
            **table.summary(),
            "seat": seat,
            "last_seq": table.last_seq.get(seat, 0) if seat is not None else 0,
        }

    def update(
        self, table: Table, seat: int | None, since: int, *, layout: bool = True
    ) -> dict[str, Any]:
        """The view of `seat` (None: a spectator) now, and the events from `since` on.

        With `layout`, the view carries the rendered observation as lines of spans
        (`[text, rich style, names a card]`), as `numrules.core.render` lays it out.
        """
        game, state = table.game, table.state
        observation = game.observe(state, seat)
        events = game.events(state, seat, since)
        over = table.over
        actions = [] if seat is None or over else game.legal_actions_for(state, seat)
        phase = observation.phase
        message: dict[str, Any] = {
            "type": "update",
            "table": table.id,
            "game": game.name,
            "seat": seat,
            "at": table.at,
            "events_from": since,
            "events_to": since + len(events),
            "events": [{"text": str(event), "event": to_data(event)["data"]} for event in events],
            "view": {
                "phase": phase.value if isinstance(phase.value, str) else phase.name.lower(),
                "round": observation.round,
                "to_act": list(observation.to_act),
                "scores": list(observation.scores),
            },
            "actions": [_bare(str(action)) for action in actions],
            "optional": seat is not None
            and not over
            and bool(actions)
            and seat in game.optional_seats(state),
            "over": over,
            "winners": sorted(game.winners(state)) if over else [],
            "last_seq": table.last_seq.get(seat, 0) if seat is not None else 0,
        }
        if layout:
            message["view"]["lines"] = [
                [[span.text, span.style, span.card] for span in line]
                for line in layout_of(observation).lines
            ]
        return message

    def observation(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The seat's whole observation as its numrules JSON document."""
        return {
            "type": "observation",
            "table": table.id,
            "at": table.at,
            "observation": json.loads(dumps(table.game.observe(table.state, seat))),
        }

    # -- play ------------------------------------------------------------------------------

    async def act(
        self, table: Table, seat: int, text: Any, seq: Any, at: Any = None
    ) -> dict[str, Any]:
        """Apply what `seat` sent, once: `seq` must pass the seat's last accepted one.

        `at`, when given, is the number of actions the client had seen: a message sent
        for an older state is applied only if the seat's legal actions are still the same
        (otherwise it is refused as stale: the table moved on, look again).
        """
        notation = "a non-empty string of notation"
        text_field(text, "action", max_length=200, empty=False, hint=notation)
        int_field(seq, "seq", low=1, high=MAX_SAFE_INT, hint="larger at each action")
        if at is not None:
            int_field(at, "at", low=0, high=MAX_SAFE_INT, hint="the number of actions seen")
        async with table.lock:
            last = table.last_seq.get(seat, 0)
            if seq <= last:
                raise ServerError(
                    "duplicate",
                    f"seq {seq} is not after the last accepted one ({last}): "
                    "this message was already handled",
                    409,
                )
            if at is not None and at != table.at:
                self._check_fresh(table, seat, at)
            self._accept(table, seat, text, seq)
        self.start_bots(table)
        return {"type": "accepted", "seq": seq, "at": table.at, "action": table.actions[-1]}

    def _check_fresh(self, table: Table, seat: int, at: int) -> None:
        old = table.history.get(at) if at < table.at else None
        if old is None or table.game.legal_actions_for(old, seat) != table.game.legal_actions_for(
            table.state, seat
        ):
            raise ServerError(
                "stale",
                f"the table moved on since action {at} (now {table.at}): look again",
                409,
            )

    def _accept(self, table: Table, seat: int, text: str, seq: int | None) -> None:
        # Parse for this seat only, apply, store (one transaction), then publish.
        game = table.game
        try:
            action = game.parse_action(text, seat=seat)
            new = apply_as(game, table.state, seat, action)
        except IllegalActionError as exc:
            self.counters["actions_refused"] += 1
            raise ServerError("illegal", str(exc)) from exc
        except NumrulesError as exc:
            self.counters["actions_refused"] += 1
            raise ServerError("bad_action", str(exc)) from exc
        notation = str(action)
        over = bool(game.is_terminal(new))
        try:
            self.store.add_action(table.id, table.at, seat, notation, seq, finished=over)
        except sqlite3.IntegrityError as exc:
            raise ServerError("duplicate", "this action is already stored", 409) from exc
        except sqlite3.Error as exc:
            log.error("table %s: cannot store an action: %s", table.id, exc)
            raise ServerError(
                "unavailable", "the action could not be stored, and was not applied", 503
            ) from exc
        table.state = new
        table.actions.append(notation)
        if seq is not None:
            table.last_seq[seat] = seq
        table.history[table.at] = new
        table.history.pop(table.at - self.limits.history, None)
        self.counters["actions_accepted"] += 1
        for client in table.clients:
            client.mark()
        if over:
            self.counters["tables_finished"] += 1
            log.info(
                "table %s finished after %d actions: scores %s, winners %s",
                table.id,
                table.at,
                list(game.scores(new)),
                sorted(game.winners(new)),
            )

    # -- bots ------------------------------------------------------------------------------

    def start_bots(self, table: Table) -> None:
        """Let the table's bots play, in a task of their own (once at a time)."""
        if not table.bots or table.over:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return  # the running task looks at the table again before it stops
        table.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(table))

    async def _drive_bots(self, table: Table) -> None:
        # Ask the bots among the seats to act, in the match driver's asking order; a bot
        # that declines an optional action is not asked again until the table moves on.
        game = table.game
        while not table.over:
            async with table.lock:
                at = table.at
                state = table.state
                if table.declined[0] != at:
                    table.declined = (at, set())
                declined = table.declined[1]
                optional = game.optional_seats(state)
                choice: tuple[int, Any] | None = None
                for seat in asking_order(game, state):
                    bot = table.bots.get(seat)
                    if bot is None or seat in declined:
                        continue
                    mine = game.legal_actions_for(state, seat)
                    try:
                        picked = await asyncio.to_thread(
                            bot.act, game.observe(state, seat), mine, seat in optional
                        )
                    except Exception:  # a broken bot stops; the table stays as it is
                        log.exception("table %s: the bot of seat %d failed", table.id, seat)
                        return
                    if picked is not None and picked not in mine:
                        log.error("table %s: the bot of seat %d left its actions", table.id, seat)
                        return
                    if picked is None:
                        declined.add(seat)
                        continue
                    choice = (seat, picked)
                    break
            if choice is None:
                return
            if self.limits.bot_delay > 0:
                await asyncio.sleep(self.limits.bot_delay)
            async with table.lock:
                if table.at != at:
                    continue  # someone acted meanwhile: ask again on the new state
                try:
                    self._accept(table, choice[0], str(choice[1]), None)
                except ServerError as exc:
                    log.error("table %s: the bot of seat %d: %s", table.id, choice[0], exc)
                    return

    # -- metrics ---------------------------------------------------------------------------

    def metrics(self) -> str:
        """The counters in the Prometheus text format."""
        live = sum(1 for t in self.tables.values() if not t.over)
        lines = [
            "# TYPE numrules_tables gauge",
            f"numrules_tables {len(self.tables)}",
            "# TYPE numrules_tables_live gauge",
            f"numrules_tables_live {live}",
            "# TYPE numrules_connections gauge",
            f"numrules_connections {self.connections}",
            "# TYPE numrules_uptime_seconds gauge",
            f"numrules_uptime_seconds {math.floor(time.time() - self.started)}",
        ]
        for name in COUNTERS:
            lines += [f"# TYPE numrules_{name}_total counter"]
            lines += [f"numrules_{name}_total {self.counters[name]}"]
        lines += ["# TYPE numrules_errors_total counter"]
        lines += [
            f'numrules_errors_total{{code="{code}"}} {n}' for code, n in sorted(self.errors.items())
        ]
        return "\n".join(lines) + "\n"
