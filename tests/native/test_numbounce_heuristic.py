"""The native Num Bounce heuristic bot chooses exactly what the Python `HeuristicBot` does.

`simulate` with heuristic seats gives the same games (each game's scores, winners and
length) through the core and through the Python engine, for every player count, Config
variants and tables mixed with random bots; `Handle.playouts(n, "heuristic", seed)`
gives the games of `play_match`'s loop with `make_bot("heuristic", derive_seed(seed, j,
s))` at seat `s`, from a new game and from states inside a round (a pending take, a
SHADOW to answer, an interrupt on offer): the Python bot reads no history, so the native
one is exact from any state (see native/src/numbounce/heuristic.rs).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from numrules import get_game
from numrules import numbounce as nb
from numrules.apps.simulation import outcomes, simulate
from tests.native.differential import same_playouts

native = pytest.importorskip("numrules.native")
if not native.available("numbounce"):
    pytest.skip("the native core does not play numbounce", allow_module_level=True)

NAME = "numbounce"
GAME = get_game(NAME)


def _games(config: nb.Config, bots: Sequence[str], games: int, seed: int, engine: str) -> list[Any]:
    return [
        (o.scores, o.winners, o.length)
        for o in outcomes(GAME, config, bots, games, seed=seed, engine=engine)  # type: ignore[arg-type]
    ]


# (config, games): every player count, then the options (recycling, turn limits, target wins).
TABLES: list[tuple[nb.Config, int]] = [
    (nb.Config(players=2), 8),
    (nb.Config(players=3), 5),
    (nb.Config(players=4, rounds=2), 5),
    (nb.Config(players=5, rounds=2), 4),
    (nb.Config(players=6, rounds=1), 5),
    (nb.Config(players=7, rounds=1), 4),
    (nb.Config(players=8, rounds=1), 4),
    (nb.Config(players=2, hand_size=53, rounds=1), 3),  # no draw pile: the discard recycles
    (nb.Config(players=8, hand_size=13, rounds=1, max_turns_per_round=150), 2),
    (nb.Config(players=3, hand_size=4, target_wins=2, rounds=None), 6),
    (nb.Config(players=4, hand_size=6, rounds=2, max_turns_per_round=30), 5),
    (nb.Config(players=2, hand_size=1, rounds=5), 4),
]


def test_every_player_count_is_simulated() -> None:
    assert {c.players for c, _ in TABLES} == set(range(nb.MIN_PLAYERS, nb.MAX_PLAYERS + 1))


@pytest.mark.parametrize(("config", "games"), TABLES, ids=str)
def test_simulate_heuristic_is_the_python_bots_games(config: nb.Config, games: int) -> None:
    bots = ["heuristic"] * config.players
    seed = 100 + config.players
    native_games = _games(config, bots, games, seed, "native")
    assert native_games == _games(config, bots, games, seed, "python")


def test_simulate_heuristic_gives_the_python_summary() -> None:
    config = nb.Config(players=4, rounds=2)
    bots = ["heuristic"] * 4
    fast = simulate(GAME, config, bots, 4, seed=5, engine="native")
    assert fast == simulate(GAME, config, bots, 4, seed=5, engine="python")
    assert fast.games == 4


@pytest.mark.parametrize("players", [2, 3, 5])
def test_mixed_tables_are_the_python_games(players: int) -> None:
    config = nb.Config(players=players, rounds=2)
    bots = ["heuristic", "random", *(["random?decline=0.7", "heuristic"] * players)][:players]
    fast = simulate(GAME, config, bots, 3, seed=7, engine="native")
    assert fast == simulate(GAME, config, bots, 3, seed=7, engine="python")
    assert _games(config, bots, 3, 7, "native") == _games(config, bots, 3, 7, "python")


def _walk_until(config: nb.Config, seed: int, found: Callable[[nb.State], bool]) -> nb.State:
    # Random legal actions from new games (seeds `seed`, `seed + 1`, ...) until `found` holds.
    rnd = random.Random(seed)
    for game_seed in range(seed, seed + 50):
        state: nb.State = GAME.new_game(config, game_seed)
        while not GAME.is_terminal(state):
            if found(state):
                return state
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rnd.randrange(len(legal))])
    raise AssertionError("no such state on these walks")


def _interrupt_on_offer(state: nb.State) -> bool:
    return bool(GAME.optional_seats(state))


# Starting states: a new game, and states inside a round the native bot first sees there.
STARTS: list[tuple[str, int, int, Callable[[nb.State], bool]]] = [
    ("new game", 3, 0, lambda s: True),
    ("mid trick", 4, 1, lambda s: s.turn >= 7 and bool(s.trick)),
    ("pending take", 4, 2, lambda s: s.phase is nb.Phase.TAKEN),
    ("own shadow", 3, 3, lambda s: s.phase is nb.Phase.SHADOW),
    ("interrupt on offer", 5, 4, _interrupt_on_offer),
    ("later round", 2, 5, lambda s: s.round == 1 and s.turn >= 3),
]


@pytest.mark.parametrize(("what", "players", "seed", "found"), STARTS, ids=[s[0] for s in STARTS])
def test_playouts_are_the_python_drivers_games(
    what: str, players: int, seed: int, found: Callable[[nb.State], bool]
) -> None:
    config = nb.Config(players=players, hand_size=7, rounds=2)
    same_playouts(NAME, _walk_until(config, seed, found), 2, "heuristic", 9)
