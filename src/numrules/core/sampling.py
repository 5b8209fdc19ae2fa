"""Shared pieces of determinization: dealing unseen cards at random into a sampled state.

Each game's `sample_state(observation, rng)` builds a full `State` that the observing
seat cannot tell from the real one. What the games share is here: a fresh seed for the
sampled state (the observer cannot know the real one, which decides every later
shuffle), the uniform deal of unseen cards into places of known sizes, and the log of
the sample (`numrules.core.events.log_of_view`).

Every function draws only from the `random.Random` it is given, through the version-
independent shuffle of `numrules.core.rng`, so a sample is reproducible from the rng's
seed on every Python version and in every process.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from numrules.core.errors import SamplingError
from numrules.core.rng import shuffled

T = TypeVar("T")


def sample_seed(rng: random.Random) -> int:
    """A seed for a sampled state: 128 bits drawn from `rng`.

    The real seed decides the shuffles still to come (later rounds, recycled piles); the
    observer cannot know it, so a sample gets a seed of its own.
    """
    return rng.getrandbits(128)


def shuffle(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """`items` in a uniformly random order drawn from `rng`.

    The order given must itself be deterministic (a tuple from an observation, never a
    set), or the sample would depend on the process's hash seed.
    """
    return shuffled(items, rng.getrandbits(64))


def deal(items: Sequence[T], sizes: Sequence[int], rng: random.Random) -> tuple[tuple[T, ...], ...]:
    """Split `items`, shuffled with `rng`, into consecutive parts of the given `sizes`.

    Every split of the items into parts of these sizes is equally likely.

    Raises:
        SamplingError: the sizes are negative or do not add up to the number of items
            (the observation they come from cannot be sampled).

    """
    if any(size < 0 for size in sizes) or sum(sizes) != len(items):
        raise SamplingError(f"cannot deal {len(items)} cards into parts of sizes {tuple(sizes)}")
    order = shuffle(items, rng)
    parts: list[tuple[T, ...]] = []
    start = 0
    for size in sizes:
        parts.append(order[start : start + size])
        start += size
    return tuple(parts)
