"""Helpers of the generic suite: Hypothesis strategies for random games of any game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from numrules import Game
from numrules.testing import Trajectory, play_random

__all__ = ["Trajectory", "configs", "leaves", "trajectories"]


@st.composite
def configs(draw: st.DrawFn, game: Game) -> Any:
    players = draw(st.integers(game.min_players, game.max_players), label="players")
    return game.Config(players=players)


@st.composite
def trajectories(draw: st.DrawFn, game: Game) -> Trajectory:
    config = draw(configs(game))
    seed = draw(st.integers(0, 2**32), label="seed")
    # The action choices come from a drawn seed rather than from Hypothesis' own random
    # source: a long game (thousands of choices) would otherwise exhaust the example's
    # data and be thrown away, so the longest games would never be checked.
    choices = draw(st.integers(0, 2**32), label="choices")
    return play_random(game, config, seed, random.Random(choices))


def leaves(document: Any) -> Iterator[Any]:
    """Every scalar of a JSON document."""
    if isinstance(document, dict):
        for value in document.values():
            yield from leaves(value)
    elif isinstance(document, list):
        for value in document:
            yield from leaves(value)
    else:
        yield document
