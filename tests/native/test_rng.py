"""The core's randomness is the Python engine's, bit for bit."""

from __future__ import annotations

import random

import numrules_native as core
from hypothesis import given
from hypothesis import strategies as st

from numrules.core.rng import derive_seed, shuffled

seeds = st.integers(min_value=-(2**127) + 1, max_value=2**127 - 1)
labels = st.lists(st.one_of(st.integers(-(2**63), 2**63), st.text(max_size=8)), max_size=4)


@given(seeds, labels)
def test_derive_seed_is_the_python_one(seed: int, path: list[int | str]) -> None:
    assert core.derive_seed(seed, *path) == derive_seed(seed, *path)


@given(seeds, st.integers(0, 120))
def test_shuffles_are_the_python_ones(seed: int, n: int) -> None:
    assert core.shuffled_indices(n, seed) == list(shuffled(range(n), seed))


@given(seeds, st.integers(1, 2**32 - 1))
def test_random_and_randrange_are_cpythons(seed: int, bound: int) -> None:
    rnd = random.Random(seed)
    assert core.random_draws(seed, 5) == [rnd.random() for _ in range(5)]
    rnd = random.Random(seed)
    draws = core.random_draws(seed, 5, kind="randrange", bound=bound)
    assert draws == [rnd.randrange(bound) for _ in range(5)]
