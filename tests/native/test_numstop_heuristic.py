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
from numrules.numstop import Config, Mode

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
