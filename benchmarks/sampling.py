"""How long `sample_state` takes at positions of random games, for every game that has it.

Usage:
    python benchmarks/sampling.py [GAME ...] [--players P ...] [--games N] [--seed S]

For each game and table size it plays N random games (uniform legal actions), keeps
about one position in 20, and times, for a random seat or a spectator, a first call on
an observation (a sampler may read the round's events then) and a repeated call on the
same observation object (what a search does, thousands of times per decision). Each
figure is the best of three runs of five calls; the table gives the mean and the worst
over the positions, in microseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import attrs

import numrules


def best_time(game: numrules.Game, view: Any, rng: random.Random, *, fresh: bool) -> float:
    """Seconds per call, the best of three runs of five calls."""
    assert game.sample_state is not None
    runs = []
    for _ in range(3):
        views = [attrs.evolve(view) if fresh else view for _ in range(5)]
        start = time.perf_counter()
        for one in views:
            game.sample_state(one, rng)
        runs.append((time.perf_counter() - start) / len(views))
    return min(runs)


def measure(game: numrules.Game, players: int, games: int, seed: int) -> str:
    """One line of the table."""
    rnd = random.Random(seed)
    first: list[float] = []
    again: list[float] = []
    longest = 0
    for _ in range(games):
        state = game.new_game(game.Config(players=players), rnd.getrandbits(32))
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rnd.randrange(len(legal))])
            if rnd.random() >= 0.05:
                continue
            view = game.observe(state, rnd.choice([None, *range(players)]))
            longest = max(longest, len(view.log))
            first.append(best_time(game, view, rnd, fresh=True))
            again.append(best_time(game, view, rnd, fresh=False))

    def us(times: list[float]) -> str:
        return f"{statistics.mean(times) * 1e6:,.0f} | {max(times) * 1e6:,.0f}"

    return f"| {game.name} | {players} | {len(first):,} | {longest:,} | {us(first)} | {us(again)} |"


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_", nargs="*", metavar="GAME")
    parser.add_argument("--players", type=int, nargs="+", default=None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = args.games_ or [g.name for g in numrules.all_games() if g.sample_state is not None]
    print(
        "| game | players | positions | longest log | first call: mean | worst "
        "| repeated call: mean | worst |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in names:
        game = numrules.get_game(name)
        counts = args.players or sorted({game.min_players, 4, game.max_players})
        for players in counts:
            if game.min_players <= players <= game.max_players:
                print(measure(game, players, args.games, args.seed))


if __name__ == "__main__":
    main()
