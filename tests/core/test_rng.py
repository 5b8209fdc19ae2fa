"""Seeded randomness: stable across processes and Python versions, uniform, stackable decks."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import numrules
from numrules import ConfigError
from numrules.core.rng import arrange_deck, check_seed, derive_seed, shuffled


def test_derive_seed_is_a_pure_function_of_its_text() -> None:
    assert derive_seed(1, "round", 2) == derive_seed(1, "round", 2)
    assert derive_seed(1, "round", 2) != derive_seed(1, "round", 3)
    assert derive_seed(1, "round", 2) != derive_seed(2, "round", 2)
    assert derive_seed(-5) != derive_seed(5)
    assert 0 <= derive_seed(123) < 2**64


def test_shuffles_are_the_same_in_a_fresh_process_with_another_hash_seed() -> None:
    code = (
        "from numrules.core.rng import shuffled, derive_seed;"
        "print(list(shuffled(range(52), derive_seed(7, 'round', 1))))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={"PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("0", "1", "random")
    }
    assert outputs == {f"{list(shuffled(range(52), derive_seed(7, 'round', 1)))}\n"}


def test_the_shuffle_algorithm_is_pinned() -> None:
    # Recorded once and checked identical on CPython 3.11, 3.12 and 3.13. A change here
    # changes every recorded game: it must be a deliberate, versioned decision.
    assert shuffled(range(10), 2026) == (0, 6, 2, 3, 8, 4, 7, 9, 5, 1)
    assert shuffled(range(64), derive_seed(1, "round", 3))[:8] == (2, 51, 24, 17, 59, 57, 1, 7)


@given(st.lists(st.integers(), max_size=30), st.integers(0, 2**64))
def test_a_shuffle_is_a_permutation(items: list[int], seed: int) -> None:
    assert sorted(shuffled(items, seed)) == sorted(items)


def test_the_shuffle_is_uniform_on_three_items() -> None:
    counts = Counter(shuffled("abc", seed) for seed in range(6000))
    assert len(counts) == 6
    assert min(counts.values()) > 850


def test_arrange_deck_puts_the_stacked_cards_on_top() -> None:
    order = arrange_deck(range(10), 4, [7, 3])
    assert order[:2] == (7, 3)
    assert sorted(order) == list(range(10))
    assert arrange_deck(range(10), 4) == shuffled(range(10), 4)
    bad_decks: list[list[Any]] = [[11], [3, 3], [[1]], [{}]]
    for bad in bad_decks:
        with pytest.raises(ConfigError):
            arrange_deck(range(10), 4, bad)


def test_seeds_must_be_ints() -> None:
    assert check_seed(3) == 3
    for bad in (True, 1.0, "3", None):
        with pytest.raises(ConfigError):
            check_seed(bad)


def test_new_seeds_are_large_random_and_accepted_by_every_game() -> None:
    seeds = {numrules.new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert max(seed.bit_length() for seed in seeds) > 120
    for game in numrules.all_games():
        seed = numrules.new_seed()
        config = game.Config(players=game.min_players)
        assert game.new_game(config, seed) == game.new_game(config, seed)
        result = numrules.play_match(
            game, config, [numrules.RandomBot(s) for s in range(config.players)], seed
        )
        assert result.replay() == result.final_state
