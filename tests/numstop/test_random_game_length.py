"""Uniformly random Num Stop games stay short: the decision order keeps scorecards filling.

The loop is that of tests/generic/pinned.py and benchmarks/numstop_random_games.py: a
`random.Random(seed)` picks `legal[rng.randrange(len(legal))]` in the game of that seed.
The lengths are deterministic, so the mean over fixed seeds is a regression guard (not
a timing): deciding objectives in scorecard order makes the same games about a quarter
longer.
"""

from __future__ import annotations

import random
import statistics

from numrules import numstop as ns

SEEDS = range(16)
TARGET = 2500
"""Issue 23's bound on the mean length of a random 4-player game, in actions."""


def random_game_length(players: int, seed: int) -> int:
    """The number of actions of the default game of `seed` played by a seeded uniform pick."""
    rng = random.Random(seed)
    state = ns.new_game(ns.Config(players=players), seed)
    actions = 0
    while not ns.is_terminal(state):
        legal = ns.legal_actions(state)
        state = ns.apply(state, legal[rng.randrange(len(legal))])
        actions += 1
    return actions


def test_random_four_player_games_average_under_2500_actions() -> None:
    lengths = [random_game_length(4, seed) for seed in SEEDS]
    assert statistics.mean(lengths) < TARGET, lengths
