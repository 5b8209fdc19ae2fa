"""What a game withstands: bad seats and configs, bad match arguments, other processes.

Each check takes the `Game` alone and plays what it needs:

- `check_observe_refuses_bad_seats`: `observe` and `events` refuse a seat that is not
  an int naming a seat (`SeatError`).
- `check_config_bounds`: every int field of the `Config` refuses huge, negative and
  non-int values with a short `ConfigError` naming the field, also from JSON.
- `check_nothing_mutable`: nothing mutable is reachable from a config, a state or an
  observation.
- `check_every_player_count_ends`: random games of the default rules end, at every
  player count.
- `check_play_match`: `play_match` is reproducible, and refuses bad arguments with
  `ConfigError` before the match starts.
- `check_hash_independence`: a game played in two processes with different hash seeds
  is the same game.
"""

from __future__ import annotations

import enum
import importlib
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from numrules.core.bots import FirstBot, RandomBot
from numrules.core.errors import ConfigError, SeatError, SerializationError, UnknownGameError
from numrules.core.events import Log, SeatLog, Vector
from numrules.core.game import AnyGame
from numrules.core.match import play_match, replay
from numrules.core.serialization import from_data, to_data
from numrules.testing.played import play_random, raises

HUGE_INTS: tuple[Any, ...] = (10**7, -(10**7), 10**5000, True, "7", 1.0)
"""Values every int field of a Config must refuse (huge, negative, not an int)."""

MESSAGE_LIMIT = 300
"""The longest error message a refused config value may give (characters)."""


def check_observe_refuses_bad_seats(game: AnyGame) -> None:
    """`observe(state, seat)` and `events(state, seat)` raise `SeatError` for a bad seat."""
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_game(game.Config(players=players), 0)
        bad_seats: list[Any] = [-1, players, "0", 1.0]
        for seat in bad_seats:
            what = f"{game.name} with {players} players: seat {seat!r}"
            raises(SeatError, f"{what} observes", game.observe, state, seat)
            raises(SeatError, f"{what} is told events", game.events, state, seat)


def int_fields(config_type: type) -> list[str]:
    """The names of a Config's int fields (`int` or `int | None`)."""
    return [
        f.name for f in attrs.fields(config_type) if f.init and f.type in ("int", "int | None", int)
    ]


def _config(game: AnyGame, name: str, value: Any) -> Any:
    # The game's Config with one field set.
    return game.Config(**{name: value})


def check_config_bounds(game: AnyGame) -> None:
    """Every int field refuses `HUGE_INTS` with a short `ConfigError` naming it, also in JSON.

    A config document (as `dumps` writes it) with a huge value is a `SerializationError`.
    """
    fields = int_fields(game.Config)
    assert "players" in fields, f"{game.name}: the Config has no int field players"
    for name in fields:
        for value in HUGE_INTS:
            shown = "10**5000" if type(value) is int and value > 10**100 else repr(value)
            what = f"{game.name}: Config({name}={shown})"
            error = raises(ConfigError, what, _config, game, name, value)
            assert name in str(error), f"{what}: the message does not name {name}"
            assert len(str(error)) < MESSAGE_LIMIT, f"{what}: a message of {len(str(error))}"
    document = to_data(game.Config(players=game.min_players))
    for name in fields:
        bad = {**document, "data": {**document["data"], name: 10**7}}
        raises(SerializationError, f"{game.name}: {name} in JSON", from_data, bad)


IMMUTABLE = (int, str, bool, type(None), enum.Enum, Vector, Log, SeatLog)
"""Values that are immutable as they are (an event log is read through its events)."""


def mutable_parts(value: Any, path: str, seen: set[int] | None = None) -> list[str]:
    """Paths of every mutable value reachable from `value` (attrs fields, private included)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return []
    seen.add(id(value))
    if isinstance(value, IMMUTABLE):
        if isinstance(value, SeatLog | Log):
            events = tuple(value.view(None) if isinstance(value, Log) else value)
            return mutable_parts(events, f"{path}.events", seen)
        return []
    if isinstance(value, tuple | frozenset):
        return [p for i, v in enumerate(value) for p in mutable_parts(v, f"{path}[{i}]", seen)]
    if attrs.has(type(value)):
        found = []
        for field in attrs.fields(type(value)):
            found += mutable_parts(getattr(value, field.name), f"{path}.{field.name}", seen)
        return found
    return [f"{path} ({type(value).__name__})"]


def check_nothing_mutable(game: AnyGame) -> None:
    """A config, a finished state and its observations hold only immutable values."""
    players = game.min_players
    result = play_match(
        game, game.Config(players=players), [RandomBot(s) for s in range(players)], seed=2
    )
    state = result.final_state
    for name, value in [
        ("config", result.config),
        ("state", state),
        ("observation", game.observe(state, 0)),
        ("spectator", game.observe(state, None)),
    ]:
        found = mutable_parts(value, name)
        assert not found, f"{game.name}: mutable values in the {name}: {found}"


def check_every_player_count_ends(game: AnyGame) -> None:
    """A random game of the default rules ends, at every player count."""
    rnd = random.Random(5)
    for players in range(game.min_players, game.max_players + 1):
        trajectory = play_random(game, game.Config(players=players), players, rnd)
        assert game.is_terminal(trajectory.states[-1]), f"{game.name}: {players} players"


@attrs.frozen
class ForeignConfig:
    """A config of no game: what `play_match` must refuse as another game's config."""

    players: int


def _bounded_match(game: AnyGame, config: Any, bots: Sequence[Any], max_actions: Any) -> Any:
    # A match with a `max_actions` of any type.
    return play_match(game, config, bots, 0, max_actions=max_actions)


def check_play_match(game: AnyGame) -> None:
    """`play_match` is reproducible, and refuses bad arguments with a `ConfigError`.

    Two matches of random bots from the same seed play the same actions to the same
    end, which `replay` rebuilds. A config of no game or None, the wrong number of
    bots, bots that are not a list or have no `act`, and a bad `max_actions` are
    refused before the match starts.
    """
    players = game.min_players
    config = game.Config(players=players)
    first = play_match(game, config, [RandomBot(s) for s in range(players)], seed=11)
    again = play_match(game, config, [RandomBot(s) for s in range(players)], seed=11)
    assert first.actions == again.actions, f"{game.name}: play_match is not reproducible"
    assert first.final_state == again.final_state, f"{game.name}: the ends differ"
    assert first.replay() == first.final_state, f"{game.name}: the result does not replay"
    assert first.scores == game.scores(first.final_state), f"{game.name}: the result's scores"
    assert first.winners == game.winners(first.final_state), f"{game.name}: the result's winners"
    bots = [FirstBot() for _ in range(players)]
    foreign = ForeignConfig(players)
    cases: list[tuple[Any, Any, str]] = [
        (None, bots, f"config must be a {game.title} Config .* got None"),
        (foreign, bots, f"got {__name__}.ForeignConfig"),
        (config, bots[1:], f"{players} players need {players} bots, got {players - 1}"),
        (config, FirstBot(), f"bots must be a list of {players} bots"),
        (config, [*bots[1:], lambda o, a, p: a[0]], f"seat {players - 1} is a function"),
        (config, [object(), *bots[1:]], "seat 0 is <object .*not a bot"),
    ]
    for index, (c, b, message) in enumerate(cases):
        what = f"{game.name}: play_match case {index}"
        raises(ConfigError, what, play_match, game, c, b, 0, match=message)
    what = f"{game.name}: play_match with max_actions='10'"
    raises(ConfigError, what, _bounded_match, game, config, bots, "10", match="max_actions")
    what = f"{game.name}: replay of config None"
    raises(ConfigError, what, replay, game, None, 0, [], match="config must be")
    what = "play_match of an unknown game"
    raises(UnknownGameError, what, play_match, "no such game", config, bots, 0)


REPLAY_SCRIPT = """
import importlib, sys
import numrules
module, attribute, players = sys.argv[1:]
game = getattr(importlib.import_module(module), attribute)
if game.name not in numrules.game_names():
    numrules.register_game(game)
config = game.Config(players=int(players))
bots = [numrules.RandomBot(seat) for seat in range(config.players)]
result = numrules.play_match(game, config, bots, seed=7)
print(numrules.dumps(result.final_state))
print(" ".join(map(str, result.actions)))
"""


def importable(game: AnyGame) -> tuple[str, str]:
    """The module and the name under which `game` can be imported in another process.

    The package of `game.new_game` (or a package above it) is tried first, then every
    module imported so far.

    Raises:
        AssertionError: no imported module holds `game` under a name.

    """
    module_name = getattr(game.new_game, "__module__", None) or ""
    parts = module_name.split(".")
    candidates = [".".join(parts[:end]) for end in range(len(parts), 0, -1)]
    candidates += [name for name in list(sys.modules) if name not in candidates]
    for name in candidates:
        module = sys.modules.get(name)
        if module is None or name == "__main__":
            continue
        for attribute, value in list(vars(module).items()):
            if value is game:
                return name, attribute
    raise AssertionError(f"{game.name}: no imported module holds this Game under a name")


def _search_path() -> str:
    # This process's import path, for a child process that imports the same game.
    return os.pathsep.join(str(Path(entry).resolve()) for entry in sys.path if entry)


def check_hash_independence(game: AnyGame, *, seeds: Sequence[str] = ("1", "2")) -> None:
    """Two processes with different `PYTHONHASHSEED`s play the same game, to the byte.

    Hash randomisation changes set and dict order between processes: nothing a game
    does may depend on it. Each child process imports the game as this process can
    (`importable`), at the largest table, and plays random bots from seed 7.
    """
    module, attribute = importable(game)
    importlib.import_module(module)  # fails here, with its own error, if it cannot
    runs = set()
    for hash_seed in seeds:
        done = subprocess.run(
            [sys.executable, "-c", REPLAY_SCRIPT, module, attribute, str(game.max_players)],
            env={**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": _search_path()},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, f"{game.name}: the child process failed:\n{done.stderr}"
        runs.add(done.stdout)
    assert len(runs) == 1, f"{game.name}: the game differs between hash seeds {list(seeds)}"
