"""Tables and the hub that runs them: seats, tokens, accepted actions, bots, updates.

This module knows no web framework: `Hub` takes calls (create, join, act) and pushes
messages to `Client` objects, each of which sends JSON text through a function it is
given. `numrules.apps.server.app` puts it behind HTTP and WebSocket routes.

The rules a server must follow (docs/architecture.md, "Serving games safely") are
applied here: an action is taken only for the seat its token names
(`numrules.apply_as`), seeds come from `numrules.new_seed()` and are never sent, each
client gets its own seat's view and events (a spectator the public ones), never the
state or the raw actions of others.

Around the game, the hub runs the table's life: the interrupt window (a required move
waits while people might interrupt), the per-move limit (a bot plays for a person who
took too long), abandoned tables, and playing again (docs/server.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import math
import random
import secrets
import sqlite3
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import Any

import attrs

from numrules.apps.server.botpool import OK, OVER_BUDGET, BotPool
from numrules.apps.server.store import Store, StoreDamagedError, StoredTable
from numrules.apps.server.wire import (
    MAX_NAME,
    MAX_SAFE_INT,
    MAX_TOKEN,
    clean_text,
    int_field,
    text_field,
    valid_text,
)
from numrules.apps.server.wire import ServerError as ServerError  # noqa: PLC0414 (re-exported)
from numrules.core.bots import bot_names, check_bot, make_bot
from numrules.core.botspec import BotSpec
from numrules.core.cursor import DecisionCursor
from numrules.core.errors import BotError, ConfigError, IllegalActionError, NumrulesError
from numrules.core.game import AnyGame, apply_as, get_game
from numrules.core.match import replay
from numrules.core.options import config_from_options, config_options, describe_options
from numrules.core.render import layout_of
from numrules.core.rng import new_seed
from numrules.core.serialization import dumps, loads, to_data
from numrules.core.validation import quote

log = logging.getLogger("numrules.apps.server")

COUNTERS = (
    "tables_created",
    "tables_resumed",
    "tables_unreadable",
    "tables_expired",
    "bots_over_budget",
    "tables_finished",
    "moves_played_for_absent",
    "actions_accepted",
    "actions_refused",
    "connections_opened",
    "disconnects",
)
"""The counters `/metrics` reports, each as `numrules_<name>_total`."""

TOKEN_BYTES = 16
"""Random bytes in a seat token (128 bits, from `secrets`)."""

MIN_MOVE_LIMIT = 0.5
"""The shortest per-move time limit a table may have, in seconds."""
MAX_MOVE_LIMIT = 86400.0
"""The longest per-move time limit a table may have, in seconds (a day)."""
MAX_INTERRUPT_WINDOW = 120.0
"""The longest interrupt window the server may hold a required move for, in seconds."""
DEFAULT_FALLBACK = "random"
"""The bot that plays for a person who took too long, unless the table names another."""


@attrs.frozen(slots=True)
class Limits:
    """What the server accepts: sizes, rates, time-outs and counts (see docs/server.md)."""

    max_tables: int = 1000
    """Tables being played at most (finished and expired ones not counted); creating more
    is refused."""
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
    hello_timeout: float = 10.0
    """Seconds a new connection has to send its hello before it is closed (as idle)."""
    max_strikes: int = 5
    """Malformed messages (bad JSON, unknown type, bad fields) tolerated per connection."""
    max_connections: int = 2000
    """Open WebSocket connections at most."""
    bot_delay: float = 0.0
    """Seconds a bot waits before acting (lets people follow the game, and interrupt)."""
    history: int = 64
    """Recent states kept per table to judge a message sent for an older state (`at`)."""
    table_expiry: float = 3600.0
    """Seconds without an action, a seat taken or a connected player after which an
    unfinished table is set aside (`expired`)."""
    finished_grace: float = 60.0
    """Seconds a finished table nobody watches stays in memory (then it is read from the
    store when asked for)."""
    sweep_interval: float = 30.0
    """Seconds between two sweeps for idle and finished tables."""
    spectator_delay: float = 0.1
    """Seconds by which a spectator's update may lag (changes meanwhile make one update)."""
    max_bot_number: int = 2000
    """Largest number a bot option may take, at every depth (`ismcts?iterations=2000`)."""
    max_bot_work: int = 2000
    """Most work one bot decision may cost (`numrules.core.bots.bot_work`: the product of
    the budgets of nested bots, so `ismcts?iterations=100&rollout=(ismcts?iterations=20)`
    is 2000)."""
    bot_cpu_seconds: float = 5.0
    """CPU seconds a bot may think for one decision, enforced while it runs (a bot over
    it plays a random legal move instead); a bot's `seconds` option is at most this."""
    bot_workers: int = 1
    """Processes in which the bots think (`numrules.apps.server.botpool.BotPool`)."""
    interrupt_window: float = 0.0
    """Seconds a required move waits while people might interrupt (0: no window; `numrules
    serve` holds 6). At most `MAX_INTERRUPT_WINDOW`."""
    move_limit: float | None = None
    """Seconds a person has for a required decision before the table's fallback bot plays
    it, for tables that do not set their own (None: no limit)."""

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.interrupt_window <= MAX_INTERRUPT_WINDOW:
            raise ConfigError(
                f"interrupt_window is 0 (off) to {MAX_INTERRUPT_WINDOW:g} seconds, "
                f"not {self.interrupt_window!r}"
            )
        if self.move_limit is not None and not MIN_MOVE_LIMIT <= self.move_limit <= MAX_MOVE_LIMIT:
            raise ConfigError(
                f"move_limit is None (off) or {MIN_MOVE_LIMIT:g} to {MAX_MOVE_LIMIT:g} seconds, "
                f"not {self.move_limit!r}"
            )


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
        await self.send_text(json.dumps(message, separators=(",", ":")))

    async def send_text(self, text: str) -> None:
        """Send one message already serialised as JSON text."""
        async with self._lock:
            await self._send(text)

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
            text, seen = table.update_text(self.seat, self.seen, layout=self.layout)
            try:
                await self.send_text(text)
            except Exception:  # the connection is gone: its reader cleans up
                return
            self.seen = seen


_WATCHERS_AT_ONCE = 16
"""Spectators told of a change in one turn of the event loop."""


class _Frame:
    # What every view of one state shares, each part computed once: whether the game is
    # over, each seat's legal actions (bare notation), the optional seats, the winners,
    # and the updates already serialised for a (seat, since, layout) view, so that a
    # crowd of spectators costs one update per state, not one each.
    __slots__ = ("actions", "at", "optional", "over", "texts", "winners")

    def __init__(self, table: Table) -> None:
        game, state = table.game, table.state
        self.at = table.at
        self.over = bool(game.is_terminal(state))
        self.actions: dict[int, list[str]] = {}
        if not self.over:
            # legal_actions_for(state, s) is legal_actions(state) of seat s, in order.
            for action in game.legal_actions(state):
                self.actions.setdefault(action.seat, []).append(_bare(str(action)))
        self.optional: frozenset[int] = (
            frozenset() if self.over else frozenset(game.optional_seats(state))
        )
        self.winners = sorted(game.winners(state)) if self.over else []
        self.texts: dict[tuple[int | None, int, bool], list[Any]] = {}
        # per view: its text without the live fields, the next event, and the last
        # live fields with the whole text they made


class _Window:
    # The interrupt window of one state (`at`): the seats it waits for (the public
    # optional seats held by people when it opened), those that answered (passed), when
    # it closes (time.monotonic()), and an event set once it is closed.
    __slots__ = ("answered", "at", "closed", "closes", "seats")

    def __init__(self, at: int, seats: frozenset[int], closes: float) -> None:
        self.at = at
        self.seats = seats
        self.closes = closes
        self.answered: set[int] = set()
        self.closed = asyncio.Event()


class Table:
    """One game being played: its record, its current state, its seats and its clients."""

    def __init__(
        self,
        table_id: str,
        game: AnyGame,
        config: Any,
        seed: int,
        seats: list[dict[str, Any]],
        created: float,
        *,
        move_limit: float | None = None,
        fallback: str = DEFAULT_FALLBACK,
        fallback_seed: int = 0,
        interrupt_window: float = 0.0,
    ) -> None:
        self.id = table_id
        self.game = game
        self.config = config
        self.seed = seed
        self.seats = seats
        self.created = created
        self.updated = created
        """When the table last moved (an action, a seat taken): for expiry."""
        self.present = time.time()
        """When a person was last at the table (connected, or taking a seat): a table whose
        people are all gone for `Limits.table_expiry` seconds is abandoned."""
        self.move_limit = move_limit
        """Seconds a person has for a required decision (None: no limit)."""
        self.fallback = fallback
        """The bot spec that plays for a person who took too long."""
        self.fallback_seed = fallback_seed
        self.interrupt_window = interrupt_window
        """Seconds a required move waits while people might interrupt (0: no window)."""
        self.abandoned = False
        """Whether the table ended unfinished, its people gone (stored as `expired`)."""
        self.again: str | None = None
        """The table where its players play again, once one asked to."""
        self.window: _Window | None = None
        """The interrupt window of the current state (or of an earlier one, closed)."""
        self.clocks: dict[int, tuple[float, tuple[str, ...]]] = {}
        """Per person seat that must act: when its decision began (time.monotonic()) and
        its legal actions then (the clock restarts when they change)."""
        self.held: Counter[int] = Counter()
        """Seats with a move waiting for the interrupt window (their clock is stopped)."""
        self.fallbacks: dict[int, asyncio.Task[None]] = {}
        """The fallback bot playing for a seat that took too long, per seat."""
        self.timer: asyncio.TimerHandle | None = None
        """Wakes the hub when the window closes or a clock runs out."""
        self.played_for: set[int] = set()
        """The seats the fallback bot has played for (its bots to forget at the end)."""
        self.state = game.new_game(config, seed)
        self.actions: list[str] = []
        self.last_seq: dict[int, int] = {}
        self.history: dict[int, Any] = {0: self.state}
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.seat_clients: Counter[int] = Counter()
        """The number of connected clients of each seat."""
        self.bots: dict[int, tuple[str, int]] = {
            seat: (spec["bot"], spec["seed"])
            for seat, spec in enumerate(seats)
            if spec["kind"] == "bot"
        }
        """The bot seats: each one's spec (checked) and seed; the bots run in a `BotPool`."""
        self.cursor: tuple[int, DecisionCursor] | None = None
        """The bots' decision cursor, with the number of actions it was made at."""
        self.bot_task: asyncio.Task[None] | None = None
        self._frame: _Frame | None = None
        self._watchers: asyncio.Task[None] | None = None
        self._changed = False  # the table changed while the spectators were being told
        self._event_items: dict[int, list[tuple[Any, dict[str, Any]]]] = {}

    @property
    def at(self) -> int:
        """The number of accepted actions (the index of the next one)."""
        return len(self.actions)

    @property
    def over(self) -> bool:
        """Whether the game has reached its end."""
        return bool(self.game.is_terminal(self.state))

    @property
    def ended(self) -> bool:
        """Whether the table is done: its game over, or abandoned."""
        return self.abandoned or self.over

    @property
    def status(self) -> str:
        """`playing`, `over` or `abandoned`."""
        if self.abandoned:
            return "abandoned"
        return "over" if self.over else "playing"

    def people(self) -> frozenset[int]:
        """The human seats a person has taken."""
        return frozenset(
            s for s, spec in enumerate(self.seats) if spec["kind"] == "human" and spec["token"]
        )

    def connected(self) -> frozenset[int]:
        """The seats with a connected client."""
        return frozenset(seat for seat, count in self.seat_clients.items() if count > 0)

    def add_client(self, client: Client) -> None:
        """Count a client in (bound to its seat, or a spectator)."""
        self.clients.add(client)
        if client.seat is not None:
            self.seat_clients[client.seat] += 1

    def remove_client(self, client: Client) -> None:
        """Count a client out."""
        if client in self.clients:
            self.clients.discard(client)
            if client.seat is not None:
                self.seat_clients[client.seat] -= 1

    def waiting(self, now: float) -> list[int] | None:
        """The seats the interrupt window of the current state waits for (None: none open).

        None when no window opened, it closed, its time is up or every seat answered. A
        seat whose person is not connected is not waited for.
        """
        window = self.window
        if window is None or window.at != self.at or window.closed.is_set() or now >= window.closes:
            return None
        connected = self.connected()
        seats = sorted(s for s in window.seats if s not in window.answered and s in connected)
        return seats or None

    def deadlines(self) -> dict[int, float]:
        """When each person seat on the clock runs out of time (time.monotonic()).

        A seat whose move waits for the interrupt window is not on the clock.
        """
        limit = self.move_limit
        if limit is None:
            return {}
        return {s: start + limit for s, (start, _) in self.clocks.items() if not self.held[s]}

    def live(self, seat: int | None, now: float) -> dict[str, Any]:
        """The parts of an update that change with time, not only with the state.

        The interrupt window, the running move limit (the seat's own, else the first to
        run out) and the table's status.
        """
        waiting = self.waiting(now)
        window = self.window
        open_window = None
        if waiting is not None and window is not None:
            open_window = {"seconds": round(window.closes - now, 2), "seats": waiting}
        deadline = None
        due = self.deadlines()
        if due:
            shown = seat if seat in due else min(due, key=lambda s: (due[s], s))
            deadline = {"seconds": round(max(0.0, due[shown] - now), 2), "seat": shown}
        return {"window": open_window, "deadline": deadline, "state": self.status}

    def publish(self, delay: float = 0.0) -> None:
        """Tell every client that the table changed: players at once, spectators soon.

        Spectators are told by one task per table, `delay` seconds later (the changes
        meanwhile make one update) and a few at a time, so that a crowd watching one
        table never holds up the messages of the others.
        """
        watched = False
        for client in self.clients:
            if client.seat is None:
                watched = True
            else:
                client.mark()
        if not watched:
            return
        if self._watchers is None or self._watchers.done():
            self._watchers = asyncio.get_running_loop().create_task(self._tell_watchers(delay))
        else:
            self._changed = True

    async def _tell_watchers(self, delay: float) -> None:
        self._changed = True
        while self._changed:
            self._changed = False
            if delay > 0:
                await asyncio.sleep(delay)
            watchers = [client for client in self.clients if client.seat is None]
            for start in range(0, len(watchers), _WATCHERS_AT_ONCE):
                for client in watchers[start : start + _WATCHERS_AT_ONCE]:
                    client.mark()
                await asyncio.sleep(0)  # let the other connections' messages in

    def frame(self) -> _Frame:
        """What every view of the current state shares (computed once per state)."""
        frame = self._frame
        if frame is None or frame.at != self.at:
            frame = self._frame = _Frame(self)
        return frame

    def event_item(self, index: int, event: Any) -> dict[str, Any]:
        """An event as an update carries it: its sentence and its JSON (built once).

        A public event is the same object in every seat's account, so it is serialised
        once for all of them; a private one once per seat that was told it.
        """
        slot = self._event_items.setdefault(index, [])
        for known, item in slot:
            if known is event:
                return item
        item = {"text": str(event), "event": to_data(event)["data"]}
        slot.append((event, item))
        return item

    def _state_update(self, seat: int | None, since: int, *, layout: bool = True) -> dict[str, Any]:
        # The fields of an update that depend on the state alone (see `update`).
        game, state, frame = self.game, self.state, self.frame()
        observation = game.observe(state, seat)
        events = game.events(state, seat, since)
        actions = [] if seat is None else frame.actions.get(seat, [])
        phase = observation.phase
        message: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "game": game.name,
            "seat": seat,
            "at": frame.at,
            "events_from": since,
            "events_to": since + len(events),
            "events": [self.event_item(since + i, event) for i, event in enumerate(events)],
            "view": {
                "phase": phase.value if isinstance(phase.value, str) else phase.name.lower(),
                "round": observation.round,
                "to_act": list(observation.to_act),
                "scores": list(observation.scores),
            },
            "actions": actions,
            "optional": bool(actions) and seat in frame.optional,
            "over": frame.over,
            "winners": frame.winners,
            "last_seq": self.last_seq.get(seat, 0) if seat is not None else 0,
        }
        if layout:
            message["view"]["lines"] = [
                [[span.text, span.style, span.card] for span in line]
                for line in layout_of(observation).lines
            ]
        return message

    def update(self, seat: int | None, since: int, *, layout: bool = True) -> dict[str, Any]:
        """The view of `seat` (None: a spectator) now, and its events from `since` on.

        With `layout`, the view carries the rendered observation as lines of spans
        (`[text, rich style, names a card]`), as `numrules.core.render` lays it out. The
        `window`, `deadline` and `state` fields are those of this moment (`live`).
        """
        return {**self._state_update(seat, since, layout=layout), **self.live(seat, _now())}

    def update_text(self, seat: int | None, since: int, *, layout: bool = True) -> tuple[str, int]:
        """`update` as JSON text, and the index of the next event.

        What depends on the state alone is serialised once per view and state; the
        fields of this moment (`live`) are added to it each time.
        """
        texts = self.frame().texts
        key = (seat, since, layout)
        found = texts.get(key)
        if found is None:
            message = self._state_update(seat, since, layout=layout)
            text = json.dumps(message, separators=(",", ":"))
            found = texts[key] = [text, message["events_to"], "", ""]
        text, seen, last_live, _ = found
        live = json.dumps(self.live(seat, _now()), separators=(",", ":"))
        if live != last_live:  # else the whole text is the one already built
            found[2], found[3] = live, f"{text[:-1]},{live[1:]}"
        return found[3], seen

    def free_seats(self) -> list[int]:
        """The human seats nobody has taken yet (none once the table has ended)."""
        if self.ended:
            return []
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
            "state": self.status,
            "scores": list(self.game.scores(self.state)),
            "watchers": len(self.clients),
            "move_limit": self.move_limit,
            "fallback": self.fallback,
            "interrupt_window": self.interrupt_window,
            "again": self.again,
        }

    def options(self) -> dict[str, Any]:
        """How the table is run, as the store keeps it (`StoredTable.options`)."""
        return {
            "move_limit": self.move_limit,
            "fallback": self.fallback,
            "fallback_seed": self.fallback_seed,
        }


def _now() -> float:
    # The clock of windows and move limits (the event loop's clock too).
    return time.monotonic()


def _public_seat(spec: Mapping[str, Any]) -> dict[str, Any]:
    if spec["kind"] == "bot":
        return {"kind": "bot", "bot": spec["bot"]}
    # clean_text: a name stored before names were checked may not be valid text
    name = clean_text(spec.get("name", ""), MAX_NAME)
    return {"kind": "human", "taken": bool(spec["token"]), "name": name}


MAX_OPTION_TEXT = 2000
"""The longest text a table's option may be given as (a tuple of ints may come as text)."""


def _options(game: AnyGame, options: Any) -> Mapping[str, Any]:
    # The rule options of a request, still to be read by `config_from_options`: an object
    # naming options of the game, each value text of bounded length or other JSON.
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ServerError("bad_request", "options must be an object of rule options")
    known = {option.name for option in config_options(game)}
    for key, value in options.items():
        if key not in known:
            raise ServerError(
                "bad_request",
                f"{game.title} has no option {quote(key)}; the options are: "
                f"{describe_options(game)}",
            )
        if isinstance(value, str):
            text_field(value, f"option {key!r}", max_length=MAX_OPTION_TEXT)
    return options


def game_options(game: AnyGame) -> list[dict[str, Any]]:
    """Every rule option of `game` as JSON data (`ConfigOption.to_json`), players included."""
    return [option.to_json() for option in config_options(game)]


_STOP = object()
"""What `Hub._bot_decision` returns when a bot failed (its table waits)."""


def _bot_key(table: Table, seat: int) -> str:
    # The bot's name in the pool: one bot per seat of a table.
    return f"{table.id}/{seat}"


def _name(name: Any) -> str:
    # A player's name from a request: text, cut to MAX_NAME characters (None: none).
    return "" if name is None else text_field(name, "name", max_length=MAX_NAME, cut=True)


def _bare(notation: str) -> str:
    # The notation without its "<seat>:" prefix: what a client sends back.
    return notation.split(":", 1)[1] if ":" in notation else notation


def _check_playing(table: Table) -> None:
    # Refuse to play at an abandoned table.
    if table.abandoned:
        raise ServerError("expired", "this table was abandoned: its people left", 410)


UNSET: Any = object()
"""A table option a request left out: the server's default applies."""

_TIMER_SLACK = 0.01
"""Seconds early a timer may fire and still find its deadline due."""


def _fallback_key(table: Table, seat: int) -> str:
    # The name in the pool of the bot that plays for the person of `seat` when too slow.
    return f"{table.id}/{seat}/fallback"


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
        self.pool = BotPool(self.limits.bot_workers, self.limits.bot_cpu_seconds)
        """Where the bots think: worker processes, started when a bot first decides."""
        self._tasks: set[asyncio.Task[None]] = set()

    async def close(self) -> None:
        """Stop every table's bots and timers and the bot workers (the store is the caller's)."""
        for table in self.tables.values():
            self._stop(table)
        for task in list(self._tasks):
            task.cancel()
        await self.pool.close()

    def _stop(self, table: Table) -> None:
        # Stop what runs for a table: its bots, its fallback bots, its timer and window.
        if table.bot_task is not None:
            table.bot_task.cancel()
        for task in list(table.fallbacks.values()):
            task.cancel()
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.window is not None:
            table.window.closed.set()

    def _background(self, coroutine: Coroutine[Any, Any, None]) -> None:
        # Run a coroutine in a task the hub keeps (and cancels when it closes).
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- life cycle -------------------------------------------------------------------

    def resume(self) -> int:
        """Load and replay every active stored table; return how many were resumed.

        A table idle for longer than `Limits.table_expiry` is abandoned instead; a table
        that cannot be read or replayed (a damaged row, a game no longer installed) is
        logged and left aside, and the others resume. Interrupt windows and move limits
        start again from now.
        """
        loaded = self.store.active_tables()
        for damaged in loaded.damaged:
            self.counters["tables_unreadable"] += 1
            log.error("table %s cannot be read, left aside: %s", damaged.id, damaged.reason)
        now = time.time()
        for stored in loaded.tables:
            if now - stored.updated > self.limits.table_expiry:
                self._expire_stored(stored.id, now - stored.updated)
                continue
            table = self._rebuilt(stored)
            if table is None:
                continue
            self.tables[table.id] = table
            self.counters["tables_resumed"] += 1
            log.info("table %s resumed: %s, %d actions", table.id, table.game.name, table.at)
            self._refresh(table)
            self.start_bots(table)
        return len(self.tables)

    def _rebuilt(self, stored: StoredTable) -> Table | None:
        # The table of a stored record, replayed; None (logged) if it cannot be.
        try:
            game = get_game(stored.game)
            config = loads(stored.config)
            for spec in stored.seats:  # stored specs are client input too: check them again
                if spec["kind"] == "bot":
                    self.check_bot(game, spec["bot"])
            options = stored.options
            fallback = options.get("fallback", DEFAULT_FALLBACK)
            self.check_bot(game, fallback)
            table = Table(
                stored.id,
                game,
                config,
                stored.seed,
                list(stored.seats),
                stored.created,
                move_limit=options.get("move_limit"),
                fallback=fallback,
                fallback_seed=options.get("fallback_seed", 0),
                interrupt_window=self.limits.interrupt_window,
            )
            notations = [notation for _, notation, _ in stored.actions]
            table.state = replay(game, config, stored.seed, notations)
        except Exception as exc:  # one bad record must not stop the others
            self.counters["tables_unreadable"] += 1
            log.error("table %s cannot be replayed, left aside: %s", stored.id, exc)
            return None
        table.actions = notations
        table.history = {table.at: table.state}
        table.updated = stored.updated
        table.abandoned = stored.expired is not None
        table.again = stored.again
        for seat, _, seq in stored.actions:
            if seq is not None:
                table.last_seq[seat] = max(seq, table.last_seq.get(seat, 0))
        return table

    def _expire_stored(self, table_id: str, idle: float) -> None:
        self.store.expire(table_id)
        self.counters["tables_expired"] += 1
        log.info("table %s abandoned after %.0f s without its people", table_id, idle)

    def sweep(self, now: float | None = None) -> None:
        """Abandon the unfinished tables nobody plays, forget ended ones nobody watches.

        A table whose people (the persons who took its seats) have all been gone for
        `Limits.table_expiry` seconds is abandoned, even if bots played on meanwhile; a
        table without people (bots only, or seats nobody took) when for that long no
        action was taken, no seat taken, and no bot was thinking. An ended table stays
        in memory while someone watches it, then is read from the store on demand.
        """
        now = time.time() if now is None else now
        for table in list(self.tables.values()):
            if table.ended:
                if not table.clients and now - table.updated > self.limits.finished_grace:
                    self._drop(table)
                continue
            idle = self._idle(table, now)
            if idle is not None and idle > self.limits.table_expiry:
                self._abandon(table, idle)

    def _idle(self, table: Table, now: float) -> float | None:
        # How long the table has been without play, as `sweep` counts it (None: in play).
        if table.connected():
            return None
        if table.people():
            return now - table.present
        if table.bot_task is not None and not table.bot_task.done():
            return None  # a bot is thinking
        return now - table.updated

    def _abandon(self, table: Table, idle: float) -> None:
        # End an unfinished table nobody plays: stored as such, its tasks stopped, its
        # watchers told; its record stays downloadable.
        self._expire_stored(table.id, idle)
        table.abandoned = True
        table.updated = time.time()
        self._stop(table)
        table.clocks.clear()
        self._forget_bots(table)
        table.publish(self.limits.spectator_delay)

    def _drop(self, table: Table) -> None:
        # Forget a table in memory (its record stays in the store).
        self.tables.pop(table.id, None)
        self._stop(table)
        self._forget_bots(table)

    def _forget_bots(self, table: Table) -> None:
        for seat in table.bots:
            self.pool.forget(_bot_key(table, seat))
        for seat in table.played_for:
            self.pool.forget(_fallback_key(table, seat))

    def active(self) -> int:
        """The tables being played (neither finished nor abandoned)."""
        return sum(1 for table in self.tables.values() if not table.ended)

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
        move_limit: Any = UNSET,
        fallback: Any = None,
    ) -> tuple[Table, int | None, str | None]:
        """Create a table; with `join`, take its first human seat (seat and token returned).

        `seats` lists each seat as `"human"` or a bot name (`numrules.bot_names(game)`).
        `seed` None (always, for real players) draws a secret one with `new_seed()`; a
        given seed is for tests and tools only, and never comes from a client. `name`
        (None: none) is cut to 40 characters. `move_limit` is the seconds a person has
        for a required decision (left out: `Limits.move_limit`; 0 or None: no limit),
        `fallback` the bot spec that then plays for the seat (None: `random`).
        """
        if self.active() >= self.limits.max_tables:
            raise ServerError(
                "too_many_tables", "the server holds its maximum of tables being played", 503
            )
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
        try:
            config = config_from_options(game, _options(game, options), players)
        except ConfigError as exc:
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
        limit = self._move_limit(move_limit)
        fallback_spec = (
            DEFAULT_FALLBACK if fallback is None else self._bot_spec(game, fallback, "fallback is")
        )
        humans = [s for s, spec in enumerate(specs) if spec["kind"] == "human"]
        seat_taken = humans[0] if join and humans else None
        table, token = self._open(
            game,
            config,
            specs,
            seed=seed,
            join_seat=seat_taken,
            name=name,
            move_limit=limit,
            fallback=fallback_spec,
        )
        return table, seat_taken, token

    def _move_limit(self, value: Any) -> float | None:
        # A table's move limit from a request: left out, the server's; 0 or null, none.
        if value is UNSET:
            return self.limits.move_limit
        if value is None or (type(value) in (int, float) and value == 0):
            return None
        if type(value) not in (int, float) or not MIN_MOVE_LIMIT <= value <= MAX_MOVE_LIMIT:
            raise ServerError(
                "bad_request",
                f"move_limit is the seconds a person has for a move, {MIN_MOVE_LIMIT:g} to "
                f"{MAX_MOVE_LIMIT:g}, or 0 or null for no limit",
            )
        return float(value)

    def _open(
        self,
        game: AnyGame,
        config: Any,
        specs: list[dict[str, Any]],
        *,
        seed: int | None,
        join_seat: int | None,
        name: str,
        move_limit: float | None,
        fallback: str,
    ) -> tuple[Table, str | None]:
        # Store and start a new table (its seats checked); with `join_seat`, take that
        # human seat under `name` and return its token.
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:  # pragma: no cover - 48 random bits
            table_id = secrets.token_urlsafe(6)
        seed = new_seed() if seed is None else seed
        token: str | None = None
        if join_seat is not None:
            token = secrets.token_urlsafe(TOKEN_BYTES)
            specs[join_seat]["token"] = digest(token)
            specs[join_seat]["name"] = name
        fallback_seed = new_seed()
        options = {"move_limit": move_limit, "fallback": fallback, "fallback_seed": fallback_seed}
        created = self.store.add_table(table_id, game.name, dumps(config), seed, specs, options)
        table = Table(
            table_id,
            game,
            config,
            seed,
            specs,
            created,
            move_limit=move_limit,
            fallback=fallback,
            fallback_seed=fallback_seed,
            interrupt_window=self.limits.interrupt_window,
        )
        self.tables[table_id] = table
        self.counters["tables_created"] += 1
        log.info(
            "table %s created: %s, %d players, seats %s",
            table_id,
            game.name,
            config.players,
            ",".join(spec.get("bot", "human") for spec in specs),
        )
        self._refresh(table)
        self.start_bots(table)
        return table, token

    def _bot_spec(self, game: AnyGame, spec: Any, what: str = "a seat is 'human' or") -> str:
        # A bot of the game from a client's spec, as data: its name from the game's
        # registry, only the options it declares, typed and within bounds at every
        # depth, never an import path, and at most `max_bot_work` of work per decision.
        # Returns the canonical spec text the table stores.
        known = bot_names(game)
        if not isinstance(spec, str) or len(spec) > 200:
            raise ServerError(
                "bad_request",
                f"{what} a bot spec of at most 200 characters: one of the "
                f"bots {', '.join(known)}, with options (ismcts?iterations=200)",
            )
        try:
            checked = self.check_bot(game, spec)
            make_bot(checked, 0, game)  # the bot's own checks of its options, now
        except NumrulesError as exc:
            raise ServerError("bad_request", str(exc)) from exc
        return str(checked)

    def check_bot(self, game: AnyGame, spec: str) -> BotSpec:
        """A bot spec checked as the server checks one from a client (or its store).

        Raises:
            ConfigError: not a bot of `game`, an option it does not declare or out of
                its bounds (at every depth), an import path, more work than allowed.

        """
        limits = self.limits
        checked = check_bot(
            spec,
            game,
            closed=True,
            max_number=limits.max_bot_number,
            max_work=limits.max_bot_work,
        )
        for bot in checked.bots():
            seconds = bot.keywords().get("seconds")
            if isinstance(seconds, int | float) and seconds > limits.bot_cpu_seconds:
                raise ConfigError(
                    f"bot {bot.name}: seconds is at most {limits.bot_cpu_seconds:g} here "
                    "(the CPU time a bot may take for one decision)"
                )
        return checked

    def get(self, table_id: Any) -> Table:
        """The table with this id: one being played, or an ended one (read from the store).

        Raises:
            ServerError: `unknown_table` (404).

        """
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is not None:
            return table
        stored = None
        if isinstance(table_id, str) and len(table_id) <= 40 and valid_text(table_id):
            try:
                stored = self.store.table(table_id)
            except StoreDamagedError as exc:
                log.error("table %s cannot be read: %s", table_id, exc.damaged.reason)
        if stored is not None and (stored.finished is not None or stored.expired is not None):
            table = self._rebuilt(stored)
            if table is not None:
                self.tables[table.id] = table
                return table
        shown = repr(table_id[:40]) if isinstance(table_id, str) else "of that id"
        raise ServerError("unknown_table", f"no table {shown}", 404)

    def join(self, table_id: Any, seat: Any = None, name: Any = "") -> tuple[Table, int, str]:
        """Take a free human seat (the first one, or `seat`); return its secret token.

        `name` (None: none) is cut to 40 characters.
        """
        name = _name(name)
        table = self.get(table_id)
        _check_playing(table)
        if table.over:
            raise ServerError("game_over", "this game is over", 409)
        free = table.free_seats()
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
        table.updated = table.present = time.time()
        log.info("table %s: seat %d taken", table.id, seat)
        self._refresh(table)
        table.publish(self.limits.spectator_delay)
        return table, seat, token

    def again(self, table_id: Any, token: Any) -> tuple[Table, int, str]:
        """Play again: a new table of the same game, options and seats, with the caller.

        Returns the new table, the caller's seat (the same as before) and its new token.

        The first person of an ended table to ask creates the new table (its bots keep
        their specs, with new seeds; its other human seats are free), and every client
        of the old table gets a notice naming it. A person who asks later (with the
        token of the old table) takes its own seat at that table, if still free.

        Raises:
            ServerError: `bad_token` (403), `not_over` (409, the game has not ended),
                `seat_taken` (409, the seat was taken at the new table), and those of
                `create` and `join`.

        """
        old = self.get(table_id)
        text_field(token, "token", max_length=MAX_TOKEN, code="bad_token")
        seat = old.seat_of(token)
        if seat is None:
            raise ServerError("bad_token", "this token gives no seat at this table", 403)
        if not old.ended:
            raise ServerError("not_over", "play again once this game has ended", 409)
        name = clean_text(old.seats[seat].get("name", ""), MAX_NAME)
        if old.again is not None:
            return self.join(old.again, seat, name)
        if self.active() >= self.limits.max_tables:
            raise ServerError(
                "too_many_tables", "the server holds its maximum of tables being played", 503
            )
        specs: list[dict[str, Any]] = [
            {"kind": "bot", "bot": spec["bot"], "seed": new_seed()}
            if spec["kind"] == "bot"
            else {"kind": "human", "token": None, "name": ""}
            for spec in old.seats
        ]
        table, new_token = self._open(
            old.game,
            old.config,
            specs,
            seed=None,
            join_seat=seat,
            name=name,
            move_limit=old.move_limit,
            fallback=old.fallback,
        )
        assert new_token is not None
        self.store.set_again(old.id, table.id)
        old.again = table.id
        log.info("table %s: seat %d plays again at table %s", old.id, seat, table.id)
        notice = {
            "type": "notice",
            "text": f"seat {seat} plays again: the next game is at table {table.id}",
            "seat": seat,
            "again": table.id,
        }
        self._background(self.tell(old, lambda client: notice))
        return table, seat, new_token

    def listing(self) -> list[dict[str, Any]]:
        """Tables still being played, those with a free seat first, newest first."""
        live = [t for t in self.tables.values() if not t.ended]
        live.sort(key=lambda t: (not t.free_seats(), -t.created))
        return [t.summary() for t in live[:200]]

    async def tell(self, table: Table, message: Callable[[Client], Mapping[str, Any]]) -> None:
        """Send each client of the table its message (`message(client)`), all at once."""
        texts: dict[int, str] = {}
        sends = []
        for client in list(table.clients):
            chosen = message(client)
            text = texts.get(id(chosen))
            if text is None:
                text = texts[id(chosen)] = json.dumps(chosen, separators=(",", ":"))
            sends.append(client.send_text(text))
        await asyncio.gather(*sends, return_exceptions=True)

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
        table.add_client(client)
        if seat is not None:
            table.present = time.time()
            if table.waiting(_now()) is not None:  # the window waits for this seat again
                table.publish(self.limits.spectator_delay)
        log.info(
            "table %s: %s connected", table.id, "spectator" if seat is None else f"seat {seat}"
        )
        return table

    def detach(self, client: Client) -> None:
        """Forget a closed connection."""
        table = client.table
        if table is not None:
            table.remove_client(client)
            if client.seat is not None:  # a player left: the table's idle time starts now
                table.updated = table.present = time.time()
                self._check_window(table)  # the window waits for connected people only

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

        See `Table.update`.
        """
        return table.update(seat, since, layout=layout)

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
        (otherwise it is refused as stale: the table moved on, look again). A required
        move waits while the interrupt window is open (an illegal one is refused at
        once); an optional one (an interrupt) is applied at once.
        """
        notation = "a non-empty string of notation"
        text_field(text, "action", max_length=200, empty=False, hint=notation)
        int_field(seq, "seq", low=1, high=MAX_SAFE_INT, hint="larger at each action")
        if at is not None:
            int_field(at, "at", low=0, high=MAX_SAFE_INT, hint="the number of actions seen")
        held = False
        try:
            while True:
                async with table.lock:
                    _check_playing(table)
                    self._check_seq(table, seat, seq)
                    if at is not None and at != table.at:
                        self._check_fresh(table, seat, at)
                    if not self._must_wait(table, seat):
                        self._accept(table, seat, text, seq)
                        break
                    self._parse(table, seat, text)  # refuse a wrong move now, not later
                    if not held:
                        held = True
                        table.held[seat] += 1
                        self._schedule(table)  # its clock stops meanwhile
                await self._window_closed(table)
        finally:
            if held:
                table.held[seat] -= 1
                if table.held[seat] <= 0:
                    del table.held[seat]
                self._schedule(table)
        self.start_bots(table)
        return {"type": "accepted", "seq": seq, "at": table.at, "action": table.actions[-1]}

    async def pass_turn(self, table: Table, seat: int, seq: Any, at: Any = None) -> dict[str, Any]:
        """Let an optional decision pass: the interrupt window waits no more for `seat`.

        Any seat that is not bound to act now may pass, whether it has an optional
        action or not, so passing reveals nothing; the seat may still act while the state
        lasts. `seq` is checked like an action's but not used up (nothing is stored), and
        `at`, when given, must be the current number of actions (else `stale`).
        """
        int_field(seq, "seq", low=1, high=MAX_SAFE_INT, hint="larger at each action")
        if at is not None:
            int_field(at, "at", low=0, high=MAX_SAFE_INT, hint="the number of actions seen")
        async with table.lock:
            _check_playing(table)
            self._check_seq(table, seat, seq)
            if at is not None and at != table.at:
                raise ServerError(
                    "stale", f"the table moved on since action {at} (now {table.at})", 409
                )
            if table.over:
                raise ServerError("game_over", "this game is over", 409)
            frame = table.frame()
            if seat in frame.actions and seat not in frame.optional:
                raise ServerError(
                    "illegal", f"seat {seat} must act now: only an optional decision may pass"
                )
            window = table.window
            if window is not None and window.at == table.at and seat in window.seats:
                window.answered.add(seat)
                if self._check_window(table):
                    table.publish(self.limits.spectator_delay)  # fewer seats waited for
        return {"type": "accepted", "seq": seq, "at": table.at, "action": None}

    def _check_seq(self, table: Table, seat: int, seq: int) -> None:
        last = table.last_seq.get(seat, 0)
        if seq <= last:
            raise ServerError(
                "duplicate",
                f"seq {seq} is not after the last accepted one ({last}): "
                "this message was already handled",
                409,
            )

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

    def _parse(self, table: Table, seat: int, text: str) -> tuple[Any, Any]:
        # The action `text` names for this seat, and the state it leads to.
        game = table.game
        try:
            action = game.parse_action(text, seat=seat)
            return action, apply_as(game, table.state, seat, action)
        except IllegalActionError as exc:
            self.counters["actions_refused"] += 1
            raise ServerError("illegal", str(exc)) from exc
        except NumrulesError as exc:
            self.counters["actions_refused"] += 1
            raise ServerError("bad_action", str(exc)) from exc

    def _accept(self, table: Table, seat: int, text: str, seq: int | None) -> None:
        # Parse for this seat only, apply, store (one transaction), then publish.
        game = table.game
        action, new = self._parse(table, seat, text)
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
        table.updated = time.time()
        table.actions.append(notation)
        if seq is not None:
            table.last_seq[seat] = seq
        table.history[table.at] = new
        table.history.pop(table.at - self.limits.history, None)
        self.counters["actions_accepted"] += 1
        if over:
            self._forget_bots(table)
            self.counters["tables_finished"] += 1
            log.info(
                "table %s finished after %d actions: scores %s, winners %s",
                table.id,
                table.at,
                list(game.scores(new)),
                sorted(game.winners(new)),
            )
        self._refresh(table, acted=seat)
        table.publish(self.limits.spectator_delay)

    # -- the interrupt window and the move limit -------------------------------------------

    def _refresh(self, table: Table, acted: int | None = None) -> None:
        # After a change of the table (an action, a seat taken, a restart): open the
        # interrupt window of a new state, start or stop the people's clocks, and set the
        # timer. `acted`: the seat whose action made the change (its clock restarts).
        now = _now()
        window = table.window
        if window is not None and window.at != table.at:
            window.closed.set()  # its waiting moves look at the new state
        if table.ended:
            if table.timer is not None:
                table.timer.cancel()
                table.timer = None
            table.clocks.clear()
            return
        game, state = table.game, table.state
        public = game.public_optional_seats
        new_state = window is None or window.at != table.at
        if table.interrupt_window > 0 and public is not None and new_state:
            seats = public(state) & table.people()
            table.window = _Window(table.at, seats, now + table.interrupt_window)
        if table.move_limit is not None:
            frame = table.frame()
            people = table.people()
            required = {
                seat: tuple(actions)
                for seat, actions in frame.actions.items()
                if seat in people and seat not in frame.optional
            }
            for seat in [s for s in table.clocks if s not in required]:
                del table.clocks[seat]
            for seat, actions in required.items():
                clock = table.clocks.get(seat)
                if clock is None or clock[1] != actions or seat == acted:
                    table.clocks[seat] = (now, actions)
        self._schedule(table)

    def _check_window(self, table: Table) -> bool:
        # Whether the current state's interrupt window is open; close it (and tell the
        # clients) once its time is up or nobody is left to wait for.
        window = table.window
        if window is None or window.closed.is_set():
            return False
        if window.at == table.at and table.waiting(_now()) is not None:
            return True
        window.closed.set()
        if window.at == table.at and window.seats:
            table.publish(self.limits.spectator_delay)  # the countdown is over
        return False

    def _must_wait(self, table: Table, seat: int) -> bool:
        # Whether a move of `seat` waits for the interrupt window: every move of a seat
        # bound to act (not an optional seat's interrupt) while the window is open.
        return seat not in table.frame().optional and self._check_window(table)

    async def _window_closed(self, table: Table) -> None:
        # Wait until the interrupt window of the current state closes (at most its time).
        window = table.window
        if window is None:
            return
        left = window.closes - _now()
        if left > 0:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):
                    await window.closed.wait()

    def _schedule(self, table: Table) -> None:
        # Set the table's timer to the next moment something is due: its window closes,
        # or a person runs out of time.
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.ended:
            return
        due = [when for seat, when in table.deadlines().items() if seat not in table.fallbacks]
        window = table.window
        if window is not None and window.at == table.at and not window.closed.is_set():
            due.append(window.closes)
        if due:
            delay = max(0.0, min(due) - _now())
            table.timer = asyncio.get_running_loop().call_later(delay, self._on_timer, table)

    def _on_timer(self, table: Table) -> None:
        # Something is due: close the window, let the fallback bot play for the people
        # out of time.
        table.timer = None
        if table.ended or self.tables.get(table.id) is not table:
            return
        now = _now()
        self._check_window(table)
        for seat, when in table.deadlines().items():
            if when <= now + _TIMER_SLACK and seat not in table.fallbacks:
                task = asyncio.get_running_loop().create_task(self._play_for(table, seat))
                table.fallbacks[seat] = task
        self._schedule(table)

    async def _play_for(self, table: Table, seat: int) -> None:
        # The person of `seat` took too long: the table's fallback bot plays its move,
        # and every client is told.
        try:
            played = await self._fallback_move(table, seat)
        except Exception as exc:  # logged; the seat gets a new limit before the next try
            if isinstance(exc, ServerError):
                log.error("table %s: the fallback bot of seat %d: %s", table.id, seat, exc)
            else:  # a bug
                log.exception("table %s: the fallback bot of seat %d failed", table.id, seat)
            clock = table.clocks.get(seat)
            if clock is not None:
                table.clocks[seat] = (_now(), clock[1])
            played = None
        finally:
            table.fallbacks.pop(seat, None)
            if self.tables.get(table.id) is table:
                self._schedule(table)
        if played is None:
            return
        self.counters["moves_played_for_absent"] += 1
        log.info("table %s: seat %d took too long: its fallback bot played", table.id, seat)
        shown = _bare(played)
        mine = {
            "type": "notice",
            "text": f"seat {seat} took too long: a bot played {shown} for it",
            "seat": seat,
        }
        theirs = {
            "type": "notice",
            "text": f"seat {seat} took too long: a bot played for it",
            "seat": seat,
        }
        self.start_bots(table)
        await self.tell(table, lambda client: mine if client.seat == seat else theirs)

    async def _fallback_move(self, table: Table, seat: int) -> str | None:
        # The fallback bot's move for `seat`, applied (its notation), or None if the
        # table moved on first (the person acted, someone interrupted).
        game, at, state = table.game, table.at, table.state
        actions = game.legal_actions_for(state, seat)
        if not actions:
            return None
        table.played_for.add(seat)
        decision = await self.pool.decide(
            _fallback_key(table, seat),
            game.name,
            table.fallback,
            table.fallback_seed,
            game.observe(state, seat),
            actions,
            False,
        )
        action = decision.action if decision.status == OK else None
        if action is None:  # over its budget, failed or declined: a random move
            if decision.status != OK:
                log.warning(
                    "table %s: the fallback bot of seat %d (%s): %s; a random move instead",
                    table.id,
                    seat,
                    table.fallback,
                    decision.status,
                )
            pick = random.Random(f"{table.fallback_seed}/{at}").randrange(len(actions))
            action = actions[pick]
        if not await self._play_when_free(table, at, seat, str(action), for_absent=True):
            return None
        return table.actions[-1]

    async def _play_when_free(
        self, table: Table, at: int, seat: int, text: str, *, for_absent: bool = False
    ) -> bool:
        # Apply a bot's move decided at `at` once the interrupt window lets it (a move
        # of a seat bound to act waits for the window); False if the table moved on
        # meanwhile, or (`for_absent`) the person of `seat` sent a move after all.
        while True:
            async with table.lock:
                if table.at != at or table.ended or (for_absent and table.held[seat]):
                    return False
                if not self._must_wait(table, seat):
                    self._accept(table, seat, text, None)
                    return True
            await self._window_closed(table)

    # -- bots ------------------------------------------------------------------------------

    def start_bots(self, table: Table) -> None:
        """Let the table's bots play, in a task of their own (once at a time)."""
        if not table.bots or table.ended:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return  # the running task looks at the table again before it stops
        table.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(table))

    async def _drive_bots(self, table: Table) -> None:
        # Ask the bots among the seats to act, in the order of a `DecisionCursor` (the
        # human seats answer in their own time); a bot that declines an optional action
        # is not asked again until the table moves on, and one that declines a required
        # action has failed. A bot thinks in the pool, holding no lock: if anyone acts
        # meanwhile, its answer is dropped and the bots are asked again on the new state.
        game = table.game
        while not table.ended:
            at, state = table.at, table.state
            if table.cursor is None or table.cursor[0] != at:
                table.cursor = (at, DecisionCursor.of(game, state))
            cursor = table.cursor[1]
            choice: tuple[int, Any] | None = None
            for seat in cursor.pending:
                if seat not in table.bots:
                    continue
                mine = game.legal_actions_for(state, seat)
                optional = seat in cursor.optional
                picked = await self._bot_decision(table, seat, state, mine, optional)
                if picked is _STOP:
                    return
                if table.at != at:
                    break  # the table moved on while the bot thought
                if picked is None:
                    try:
                        cursor = cursor.decline(seat)
                    except BotError as exc:
                        self._bot_failed(table, seat, str(exc))
                        return
                    table.cursor = (at, cursor)
                    continue
                choice = (seat, picked)
                break
            if table.at != at:
                continue
            if choice is None:
                return
            if self.limits.bot_delay > 0:
                await asyncio.sleep(self.limits.bot_delay)
            try:  # if someone acted meanwhile, the bots are asked again on the new state
                await self._play_when_free(table, at, choice[0], str(choice[1]))
            except ServerError as exc:
                log.error("table %s: the bot of seat %d: %s", table.id, choice[0], exc)
                return

    async def _bot_decision(
        self, table: Table, seat: int, state: Any, actions: Sequence[Any], optional: bool
    ) -> Any:
        # The bot's pick among `actions` (None: it declines), or _STOP (it failed: the
        # table waits). A bot over its CPU budget plays a random legal move instead.
        spec, seed = table.bots[seat]
        decision = await self.pool.decide(
            _bot_key(table, seat),
            table.game.name,
            spec,
            seed,
            table.game.observe(state, seat),
            actions,
            optional,
        )
        if decision.status == OK:
            return decision.action
        if decision.status == OVER_BUDGET:
            self.counters["bots_over_budget"] += 1
            log.warning(
                "table %s: the bot of seat %d (%s) took more than %g s of CPU: "
                "it plays a random move instead",
                table.id,
                seat,
                spec,
                self.limits.bot_cpu_seconds,
            )
            if optional:
                return None
            return actions[random.Random(f"{seed}/{len(table.actions)}").randrange(len(actions))]
        self._bot_failed(table, seat, decision.message)
        return _STOP

    def _bot_failed(self, table: Table, seat: int, message: str) -> None:
        # A bot that failed stops: it is logged, and its table waits.
        spec = table.bots[seat][0]
        log.error("table %s: the bot of seat %d (%s) failed: %s", table.id, seat, spec, message)

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
