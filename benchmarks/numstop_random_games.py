"""How long uniformly random Num Stop games last, and how much of it is validation.

Usage:
    python benchmarks/numstop_random_games.py [--players 4 6] [--games N] [--seed S]

Plays N games per player count (game seeds S to S + N - 1), each by a seeded uniform
pick over `legal_actions` (the loop of tests/generic/pinned.py: `random.Random(seed)`
picks `legal[rng.randrange(len(legal))]`), with the default CLASSIC rules. Prints, per
player count: the mean, smallest and largest number of actions of a game, the mean
number of rounds, the validation decisions (phases VALIDATION and SELECTION) per game,
and the longest single validation (one seat's decisions in a row). The figures of
docs/design/numstop-validation-tree.md and docs/reference/numstop.md come from it.
"""

from __future__ import annotations

import argparse
import random
import statistics

import attrs

from numrules import numstop as ns

VALIDATING = (ns.Phase.VALIDATION, ns.Phase.SELECTION)


@attrs.frozen
class Length:
    """One random game: its actions, its rounds, its validation decisions, the longest."""

    actions: int
    rounds: int
    validation: int
    longest: int


def play(players: int, seed: int) -> Length:
    """Play one game by a seeded uniform pick and measure it."""
    rng = random.Random(seed)
    state = ns.new_game(ns.Config(players=players), seed)
    actions = validation = longest = run = 0
    seat: int | None = None
    while not ns.is_terminal(state):
        legal = ns.legal_actions(state)
        if state.phase in VALIDATING:
            validation += 1
            run = run + 1 if state.player == seat else 1
            seat = state.player
            longest = max(longest, run)
        else:
            seat = None
        state = ns.apply(state, legal[rng.randrange(len(legal))])
        actions += 1
    return Length(actions, state.round + 1, validation, longest)


def main() -> None:
    """Parse the options, play the games, print one line per player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    for players in options.players:
        games = [play(players, options.seed + i) for i in range(options.games)]
        actions = [g.actions for g in games]
        print(
            f"{players} players, {len(games)} games: "
            f"{statistics.mean(actions):,.0f} actions on average "
            f"(min {min(actions):,}, max {max(actions):,}), "
            f"{statistics.mean(g.rounds for g in games):.1f} rounds, "
            f"{statistics.mean(g.validation for g in games):,.0f} validation decisions a game, "
            f"longest validation {max(g.longest for g in games)} decisions"
        )


if __name__ == "__main__":
    main()
