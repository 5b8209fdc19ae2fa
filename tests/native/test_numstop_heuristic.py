"""Num Stop's `evaluate` and heuristic bot in the native core choose as in Python (issue 25).

`evaluate` against `numstop.evaluate` on the positions of random games (every phase,
every player count, several Config options); the heuristic bot by whole games of
`simulate` (all heuristic, and mixed with random bots) and by `Handle.playouts` against
a Python re-play with `make_bot("heuristic", ...)`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from numrules import native, numstop
from numrules.apps.simulation import Engine, Summary, simulate
from numrules.numstop import Config, Mode
from tests.native.differential import same_playouts

NAME = "numstop"

CONFIGS: list[Config] = [
    Config(players=2),
    Config(players=3, max_value=5),
    Config(players=4, max_value=6, reserve_size=6),
    Config(players=5, mode=Mode.DISCOVERY, max_value=5),
    Config(players=6, max_value=5, family_run=2, value_run=3),
    Config(players=2, max_value=7, bonuses=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10_000), wild_points=1000),
    Config(players=3, mode=Mode.DISCOVERY, wild_points=0, max_value=6, max_rounds=2),
]


def _core_evaluate(state: Any) -> tuple[float, ...] | None:
    # The core's evaluate of `state`: a rollout that stops at once.
    rng_state = random.Random(0).getstate()[1]
    *_, evaluation = native.handle(NAME, state).rollout(rng_state, 0, 0)
    return None if evaluation is None else tuple(evaluation)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.max_value}")
def test_evaluate_is_numstops(config: Config) -> None:
    assert native.evaluates(NAME)
    rnd = random.Random(config.players)
    phases = set()
    for seed in range(2):
        state = numstop.new_game(config, seed)
        step = 0
        while True:
            if step % 7 == 0 or state.phase in (numstop.Phase.VALIDATION, numstop.Phase.OVER):
                assert _core_evaluate(state) == numstop.evaluate(state)
                phases.add(state.phase)
            if numstop.is_terminal(state) or step > 1500:
                break
            legal = numstop.legal_actions(state)
            state = numstop.apply(state, legal[rnd.randrange(len(legal))])
            step += 1
    assert numstop.Phase.VALIDATION in phases


def _summary(config: Config, bots: list[str], games: int, engine: Engine) -> Summary:
    # Summaries compare equal ignoring their timings.
    return simulate(NAME, config, bots, games, 5, engine=engine)


SIMULATED: list[tuple[Config, list[str], int]] = [
    (Config(players=2), ["heuristic"] * 2, 2),
    (Config(players=3), ["heuristic"] * 3, 1),
    (Config(players=4), ["heuristic"] * 4, 2),
    (Config(players=5, max_value=8), ["heuristic"] * 5, 2),
    (Config(players=6, max_value=7), ["heuristic"] * 6, 1),
    (Config(players=3, mode=Mode.DISCOVERY, max_value=6), ["heuristic"] * 3, 2),
    (Config(players=3, reserve_size=6, quantum_cards=5, double_draws=3), ["heuristic"] * 3, 2),
    (Config(players=2, family_run=5, value_run=4, max_rounds=3), ["heuristic"] * 2, 2),
    (Config(players=4, max_value=8), ["heuristic", "random", "heuristic", "random"], 2),
    (Config(players=3, max_value=6), ["random", "heuristic", "random?decline=0.2"], 2),
]


@pytest.mark.parametrize(
    ("config", "bots", "games"),
    SIMULATED,
    ids=[f"{c.players}p-{c.max_value}-{'-'.join(b)}" for c, b, _ in SIMULATED],
)
def test_simulate_heuristic_is_pythons(config: Config, bots: list[str], games: int) -> None:
    assert _summary(config, bots, games, "native") == _summary(config, bots, games, "python")


@pytest.mark.parametrize("players", [2, 4])
def test_playouts_are_python_replays(players: int) -> None:
    config = Config(players=players, max_value=7)
    state = numstop.new_game(config, 3)
    rnd = random.Random(players)
    # Into the first round, a pile or two on the table; not at a QUANTUM decision (a
    # state read by the core does not keep the order of the QUANTUM cards: see
    # `pending_order` in native/src/numstop/heuristic.rs).
    steps = 0
    while steps < 25 or state.phase is numstop.Phase.QUANTUM:
        legal = numstop.legal_actions(state)
        state = numstop.apply(state, legal[rnd.randrange(len(legal))])
        steps += 1
    same_playouts(NAME, state, 2, "heuristic", 9)
