"""The native Stack Attack heuristic bot makes the Python `HeuristicBot`'s every choice.

`numrules simulate` through the core gives the Python engine's summary with heuristic
bots at every player count, on Config variants that exercise every power, and at tables
mixed with random bots; and `Handle.playouts(n, "heuristic", seed)` are the games the
Python match driver plays with `make_bot("heuristic", derive_seed(seed, j, seat))`, from
states caught before the reveal, in the middle of a choosing step, and at each kind of
decision of the reveal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from numrules import get_game
from numrules import stackattack as sa
from numrules.apps.simulation import simulate
from tests.native.differential import same_playouts
from tests.native.test_stackattack import VARIANTS, config

native = pytest.importorskip("numrules.native")
if not native.available("stackattack"):
    pytest.skip("the native core does not play stackattack", allow_module_level=True)

NAME = "stackattack"
GAME = get_game(NAME)
PLAYERS = range(sa.MIN_PLAYERS, sa.MAX_PLAYERS + 1)


def same_summary(config: sa.Config, bots: Sequence[str], games: int, seed: int) -> None:
    fast = simulate(GAME, config, list(bots), games, seed=seed, engine="native")
    slow = simulate(GAME, config, list(bots), games, seed=seed, engine="python")
    assert fast == slow
    assert fast.games == games


@pytest.mark.parametrize("players", PLAYERS)
def test_heuristic_tables_give_the_python_summary(players: int) -> None:
    same_summary(config(players, max_rounds=2), ["heuristic"] * players, 3, seed=players)


def test_a_whole_default_game_gives_the_python_summary() -> None:
    same_summary(sa.Config(players=4), ["heuristic"] * 4, 2, seed=11)


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("quick", 6),
        ("one row", 2),
        ("row limit 2", 3),
        ("many switches", 4),
        ("many blocks", 5),
        ("many shields", 4),
        ("many decreasing", 3),
        ("all powers dense", 6),
        ("no penalties", 2),
        ("big deck", 5),
    ],
)
def test_variants_give_the_python_summary(variant: str, players: int) -> None:
    options = {**VARIANTS[variant], "max_rounds": 1}
    same_summary(config(players, **options), ["heuristic"] * players, 2, seed=len(variant))


@pytest.mark.parametrize(
    "bots",
    [
        ["heuristic", "random"],
        ["random", "heuristic", "random?decline=0.5"],
        ["heuristic", "random", "heuristic", "random", "heuristic"],
    ],
)
def test_mixed_tables_give_the_python_summary(bots: list[str]) -> None:
    players = len(bots)
    same_summary(config(players, max_rounds=1), bots, 3, seed=players)


def caught(cfg: sa.Config, seed: int, phase: sa.Phase, chosen: int = 0) -> Any:
    """A state of a random game at `phase` (in CHOOSE: with `chosen` seats chosen)."""
    rnd = random.Random(seed)
    for game_seed in range(seed, seed + 50):
        state = GAME.new_game(cfg, game_seed)
        while not GAME.is_terminal(state):
            if state.phase is phase is not sa.Phase.CHOOSE:
                return state
            done = sum(card is not None for card in state.played)
            if state.phase is phase and state.turn > 0 and done == chosen:
                return state  # a choosing step after the first turn
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rnd.randrange(len(legal))])
    raise AssertionError(f"no {phase} state found")


DENSE = config(4, **{**VARIANTS["all powers dense"], "max_rounds": 1, "row_limit": 3})


@pytest.mark.parametrize(
    ("phase", "chosen"),
    [
        (sa.Phase.CHOOSE, 0),
        (sa.Phase.CHOOSE, 2),
        (sa.Phase.SWITCH, 0),
        (sa.Phase.BLOCK, 0),
        (sa.Phase.TAKE, 0),
        (sa.Phase.SHIELD, 0),
    ],
)
def test_playouts_are_the_python_drivers_games(phase: sa.Phase, chosen: int) -> None:
    same_playouts(NAME, caught(DENSE, 3, phase, chosen), 2, "heuristic", 5)
