"""Helpers of the generic suite: Hypothesis strategies for random games of any game, and
a check of the actions a game lists that each game's tests also use.

In the fast `ci` profile the random games come from a small pool per game (every
player count, a few seeds), played once per process and shared by every test of the
suite: the checks still run on fresh random choices (states, exchanges, mutations),
but no game is played again for each test. Under random play a Num Stop game of four
or more players lasts tens to hundreds of rounds (tens of thousands of actions), so
in the pool such games stop after `POOL_ROUNDS` rounds where the Config has a
`max_rounds`; full games of every player count are played by the kit's
`check_every_player_count_ends`. The `deep` profile (`HYPOTHESIS_PROFILE=deep`) draws
every game afresh, in full, from the whole seed range.
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import strategies as st

from numrules import AnyGame, get_game
from numrules.testing import Trajectory, play_random

__all__ = ["Trajectory", "check_encoding_steps", "check_listed_actions", "configs", "trajectories"]

DEEP = os.environ.get("HYPOTHESIS_PROFILE", "ci") != "ci"
"""Whether the suite runs in a deep profile (fresh games) rather than the fast `ci` one."""

POOL_SEEDS = 3
"""In the `ci` profile, how many games of each player count the pool holds."""

POOL_ROUNDS = 5
"""In the `ci` profile, the rounds a pooled game of four or more players lasts at most."""


@st.composite
def configs(draw: st.DrawFn, game: AnyGame) -> Any:
    """A config of the default rules, for any player count of the game."""
    players = draw(st.integers(game.min_players, game.max_players), label="players")
    return game.Config(players=players)


@functools.cache
def _pooled(name: str, config: Any, seed: int) -> Trajectory:
    # One game of the pool, kept for the whole process (the pool of the four built-in
    # games holds about 100 MB); the seed also seeds the choices.
    if config.players >= 4 and getattr(config, "max_rounds", 0) is None:
        config = attrs.evolve(config, max_rounds=POOL_ROUNDS)
    return play_random(get_game(name), config, seed, random.Random(seed))


@st.composite
def trajectories(draw: st.DrawFn, game: AnyGame) -> Trajectory:
    """A random game of `game`: from the pool (`ci` profile) or played afresh (`deep`)."""
    config = draw(configs(game))
    if not DEEP:
        return _pooled(game.name, config, draw(st.integers(0, POOL_SEEDS - 1), label="seed"))
    seed = draw(st.integers(0, 2**32), label="seed")
    # The action choices come from a drawn seed rather than from Hypothesis' own random
    # source: a long game (thousands of choices) would otherwise exhaust the example's
    # data and be thrown away, so the longest games would never be checked.
    choices = draw(st.integers(0, 2**32), label="choices")
    return play_random(game, config, seed, random.Random(choices))


def check_listed_actions(
    game: AnyGame, reused: Callable[[Any], bool] = lambda action: False, seed: int = 5
) -> None:
    """The same state lists the same actions twice, each equal to its notation parsed.

    Along 30 actions of a seeded game of three players (or the nearest table size), the
    second listing is equal to the first, and the actions for which `reused` holds are
    the very objects of the first (a game that interns its actions builds each once).
    """
    players = max(game.min_players, min(3, game.max_players))
    state = game.new_game(game.Config(players=players), seed)
    for _ in range(30):
        if game.is_terminal(state):
            break
        first, again = game.legal_actions(state), game.legal_actions(state)
        assert first == again
        assert all(a is b for a, b in zip(first, again, strict=True) if reused(a))
        for action in first:
            parsed = game.parse_action(str(action))
            assert parsed == action
            assert hash(parsed) == hash(action)
        state = game.apply(state, first[len(first) // 2])


def check_encoding_steps(game: AnyGame, steps: int, seed: int, **rules: Any) -> int:
    """Masks and ids along `steps` random actions of random tables; how many ids were shared.

    At every step, for every seat: the mask is True exactly at the ids of the seat's legal
    actions, and each id decodes to its action, or, where several legal actions share
    it, to one of them with that id. Games are played with `Config(players=n, **rules)`,
    one after the other, until `steps` actions have been applied.
    """
    assert game.encode_action is not None
    assert game.decode_action is not None
    assert game.legal_action_mask is not None
    rnd = random.Random(seed)
    done = shared = 0
    while done < steps:
        config = game.Config(players=rnd.randint(game.min_players, game.max_players), **rules)
        state = game.new_game(config, rnd.randrange(2**32))
        while not game.is_terminal(state) and done < steps:
            for seat in range(config.players):
                legal = game.legal_actions_for(state, seat)
                ids = [game.encode_action(config, action) for action in legal]
                mask = game.legal_action_mask(state, seat)
                assert len(mask) == game.num_actions(config)  # type: ignore[misc]
                assert {i for i, flag in enumerate(mask) if flag} == set(ids)
                for action, action_id in zip(legal, ids, strict=True):
                    decoded = game.decode_action(state, seat, action_id)
                    if ids.count(action_id) == 1:
                        assert decoded == action
                    else:
                        shared += 1
                        assert decoded in legal
                        assert game.encode_action(config, decoded) == action_id
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rnd.randrange(len(legal))])
            done += 1
    return shared
