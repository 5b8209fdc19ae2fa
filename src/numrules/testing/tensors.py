"""The observation tensors of a game (`Game.tensors`, see `numrules.core.tensors`).

A game with tensors gives each seat, from its observation alone, two lists of floats
in [0, 1] of the lengths its layouts state for the Config: the observation tensor and
the information-state tensor, which starts with the observation's blocks. Computing
them twice gives the same lists, and a state sampled from the seat's observation
(`sample_state`) gives the seat the same tensors.
"""

from __future__ import annotations

import random
from typing import Any

from numrules.core.game import AnyGame
from numrules.core.tensors import AnyTensors, Layout
from numrules.testing.played import Trajectory, sample_states


def check_tensors(trajectory: Trajectory, rnd: random.Random, count: int = 3) -> None:
    """Both tensors of every seat on the first, last and `count` random states of a game.

    The layouts have unique block names, the information state's starting with the
    observation's. Each tensor is a list of exactly the layout's size of floats in
    [0, 1], the same when computed again, and, for a game with `sample_state`, the same
    on the observation of a state sampled from the seat's. A game without tensors passes.
    """
    game = trajectory.game
    tensors = game.tensors
    if tensors is None:
        return
    config = trajectory.config
    where = f"{game.name} seed {trajectory.seed}"
    observation = _layout(tensors.observation_layout, config, f"{where}: the observation layout")
    information = _layout(
        tensors.information_state_layout, config, f"{where}: the information-state layout"
    )
    opening = information.blocks[: len(observation.blocks)]
    assert opening == observation.blocks, (
        f"{where}: the information-state layout does not start with the observation's blocks"
    )
    for state in sample_states(trajectory, rnd, count):
        for seat in range(config.players):
            obs = game.observe(state, seat)
            here = f"{where} seat {seat}"
            first = _tensor(tensors.observation, obs, observation, f"{here}: the observation")
            full = _tensor(
                tensors.information_state, obs, information, f"{here}: the information state"
            )
            assert full[: observation.size] == first, (
                f"{here}: the information-state tensor does not start with the observation tensor"
            )
            if game.sample_state is not None:
                _check_sampled(game, tensors, obs, seat, (first, full), rnd, here)


def _layout(build: Any, config: Any, what: str) -> Layout:
    # The layout of `config`, checked: unique names, sizes that are ints, the same twice.
    layout = build(config)
    assert isinstance(layout, Layout), f"{what} is {layout!r}, not a Layout"
    names = [block.name for block in layout.blocks]
    repeated = sorted({name for name in names if names.count(name) > 1})
    assert not repeated, f"{what} repeats the block names {repeated}"
    for block in layout.blocks:
        assert type(block.size) is int, f"{what}: block {block.name!r} has size {block.size!r}"
        assert block.size >= 0, f"{what}: block {block.name!r} has size {block.size}"
    assert build(config) == layout, f"{what} differs when asked again"
    return layout


def _tensor(build: Any, obs: Any, layout: Layout, what: str) -> list[float]:
    # The tensor of `obs`, checked: a list of `layout.size` floats in [0, 1], the same twice.
    values = build(obs)
    assert type(values) is list, f"{what} tensor is a {type(values).__name__}, not a list"
    assert len(values) == layout.size, (
        f"{what} tensor has {len(values)} values; its layout says {layout.size}"
    )
    # Whole-list operations first: the tensors of some games have thousands of values.
    assert set(map(type, values)) <= {float}, f"{what} tensor holds values that are not floats"
    if not all(0.0 <= value <= 1.0 for value in values):  # also catches NaN
        index = next(i for i, value in enumerate(values) if not 0.0 <= value <= 1.0)
        raise AssertionError(
            f"{what} tensor holds {values[index]!r} at {index} (block "
            f"{_block_at(layout, index)!r}), outside [0, 1]"
        )
    assert build(obs) == values, f"{what} tensor differs when computed again"
    return values


def _block_at(layout: Layout, index: int) -> str:
    # The name of the block holding position `index` of a tensor of `layout`.
    for name, where in layout.offsets().items():
        if where.start <= index < where.stop:
            return name
    return "(none)"


def _check_sampled(
    game: AnyGame,
    tensors: AnyTensors,
    obs: Any,
    seat: int,
    expected: tuple[list[float], list[float]],
    rnd: random.Random,
    where: str,
) -> None:
    # A state sampled from the seat's observation gives the seat the same tensors.
    assert game.sample_state is not None
    sample = game.sample_state(obs, random.Random(rnd.getrandbits(32)))
    again = game.observe(sample, seat)
    assert tensors.observation(again) == expected[0], (
        f"{where}: a sampled state gives the seat another observation tensor"
    )
    assert tensors.information_state(again) == expected[1], (
        f"{where}: a sampled state gives the seat another information-state tensor"
    )
