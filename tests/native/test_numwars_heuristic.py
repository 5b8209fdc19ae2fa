"""The native Num Wars heuristic bot chooses exactly what the Python `HeuristicBot` does.

`simulate` with heuristic seats gives the same games (each game's scores and length)
through the core and through the Python engine, for every player count, Config
variants and tables mixed with random bots; `Handle.playouts(n, "heuristic", seed)`
gives the games of `play_match`'s loop with `make_bot("heuristic", derive_seed(seed, j,
s))` at seat `s`, from a new game and from the start of a later round (the states from
which the core knows the round's history); from inside a round the native bot declines
(see native/src/numwars/heuristic.rs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from numrules import get_game
from numrules import numwars as nw
from numrules.apps.simulation import outcomes, simulate
from numrules.core.bots import make_bot
from numrules.core.rng import derive_seed
from tests.native.differential import python_playout

native = pytest.importorskip("numrules.native")
if not native.available("numwars"):
    pytest.skip("the native core does not play numwars", allow_module_level=True)

NAME = "numwars"
GAME = get_game(NAME)

ODD_BONUSES: dict[str, Any] = {
    "pair_points": 7,
    "triple_bonus": -3,
    "quadruple_bonus": 60,
    "bomb_kept": -50,
    "bomb_protected": 1,
    "joker_protects": -40,
    "deminer_captures": 3,
    "civilian_captures": -15,
    "num_x_captures": 40,
    "deminer_consolation": -20,
    "num_x_spared": 9,
}


def _config(players: int, **options: Any) -> Any:
    return GAME.Config(players=players, **options)


def _games(config: Any, bots: Sequence[str], games: int, seed: int, engine: str) -> list[Any]:
    return [
        (o.scores, o.winners, o.length)
        for o in outcomes(GAME, config, bots, games, seed=seed, engine=engine)  # type: ignore[arg-type]
    ]


# (players, Config options, games): every player count, then a few options.
TABLES: list[tuple[int, dict[str, Any], int]] = [
    (3, {}, 6),
    (4, {}, 6),
    (5, {}, 5),
    (6, {}, 4),
    (7, {}, 3),
    (8, {}, 3),
    (4, {"format": nw.Format.FULL, "rounds": 2}, 4),
    (3, {"hand_size": 5, "rounds": 4}, 6),
    (5, {**ODD_BONUSES, "rounds": 2}, 4),
    (4, {"joker_from": 5, "rounds": 2}, 4),
    (8, {"joker_from": 0, "rounds": 1, "hand_size": 6}, 4),
]


@pytest.mark.parametrize(("players", "options", "games"), TABLES)
def test_simulate_heuristic_is_the_python_bots_games(
    players: int, options: dict[str, Any], games: int
) -> None:
    config = _config(players, **options)
    bots = ["heuristic"] * players
    seed = 100 + players
    native_games = _games(config, bots, games, seed, "native")
    assert native_games == _games(config, bots, games, seed, "python")


def test_simulate_heuristic_gives_the_python_summary() -> None:
    config = _config(4, rounds=2)
    bots = ["heuristic"] * 4
    fast = simulate(GAME, config, bots, 6, seed=5, engine="native")
    assert fast == simulate(GAME, config, bots, 6, seed=5, engine="python")
    assert fast.games == 6


@pytest.mark.parametrize("players", [3, 4, 6])
def test_mixed_tables_are_the_python_games(players: int) -> None:
    config = _config(players)
    bots = ["heuristic", "random", *(["heuristic", "random?decline=0.3"] * players)][:players]
    fast = simulate(GAME, config, bots, 5, seed=7, engine="native")
    assert fast == simulate(GAME, config, bots, 5, seed=7, engine="python")
    assert _games(config, bots, 5, 7, "native") == _games(config, bots, 5, 7, "python")


def _advance(state: Any, plays: int) -> Any:
    # `plays` actions further, each the first legal one.
    for _ in range(plays):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def _round_start(state: Any, round_: int) -> Any:
    while state.round < round_:
        state = _advance(state, 1)
    return state


@pytest.mark.parametrize(
    ("players", "start"),
    [(3, 0), (4, 1), (5, 1), (8, 2)],
)
def test_playouts_are_the_python_drivers_games(players: int, start: int) -> None:
    config = _config(players, rounds=3, hand_size=6)
    state = _round_start(GAME.new_game(config, 21), start)
    handle = native.handle(NAME, state)
    found = handle.playouts(2, "heuristic", seed=9)
    assert found == handle.playouts(2, "heuristic", seed=9)  # reproducible
    for j, (scores, winners, length, finished) in enumerate(found):
        bots = [make_bot("heuristic", derive_seed(9, j, s), GAME) for s in range(players)]
        last, python_length = python_playout(GAME, state, bots)
        assert finished
        assert (scores, winners, length) == (
            list(GAME.scores(last)),
            sorted(GAME.winners(last)),
            python_length,
        )


@pytest.mark.parametrize("plays", [1, 3, 5, 9])
def test_playouts_from_inside_a_round_are_refused(plays: int) -> None:
    # Past the round's first card the core cannot know the voids the Python bot reads
    # from the log: the native bot declines rather than guess.
    state = _advance(GAME.new_game(_config(4), 3), plays)
    with pytest.raises(RuntimeError, match="declined a required decision"):
        native.handle(NAME, state).playouts(1, "heuristic", seed=1)
