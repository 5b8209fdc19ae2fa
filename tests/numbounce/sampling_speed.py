"""How long `numbounce.sample_state` takes at positions of random games (not a test).

Run from the repository root:

    PYTHONPATH=src python -m tests.numbounce.sampling_speed --players 2 4 8 --games 20

For each table size it plays random games (uniform legal actions, as the generic suite
does), keeps about one position in 20, and times, for a random seat or a spectator, a
first call on an observation (the round's events are read) and a repeated call on the same
observation (what a search does: only the shuffle is left). Each figure is the best of three
runs of a few calls; the table gives its mean and worst over the positions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import attrs

from numrules import numbounce as nb


def best_time(view: nb.Observation, rng: random.Random, *, fresh: bool) -> float:
    """Seconds per call, the best of three runs of five calls."""
    runs = []
    for _ in range(3):
        views = [attrs.evolve(view) if fresh else view for _ in range(5)]
        start = time.perf_counter()
        for one in views:
            nb.sample_state(one, rng)
        runs.append((time.perf_counter() - start) / len(views))
    return min(runs)


def measure(players: int, games: int, seed: int) -> str:
    """One line of the table for `players` seats."""
    rnd = random.Random(seed)
    first: list[float] = []
    again: list[float] = []
    recycled: list[float] = []
    longest = 0
    for _ in range(games):
        state = nb.new_game(nb.Config(players=players), rnd.getrandbits(32))
        while not nb.is_terminal(state):
            legal = nb.legal_actions(state)
            state = nb.apply(state, legal[rnd.randrange(len(legal))])
            if rnd.random() >= 0.05:
                continue
            view = nb.observe(state, rnd.choice([None, *range(players)]))
            longest = max(longest, len(view.log))
            first.append(best_time(view, rnd, fresh=True))
            again.append(best_time(view, rnd, fresh=False))
            if state.recycles:
                recycled.append(first[-1])

    def us(times: list[float]) -> str:
        if not times:
            return "- | -"
        return f"{statistics.mean(times) * 1e6:,.0f} | {max(times) * 1e6:,.0f}"

    return (
        f"| {players} | {len(first):,} | {len(recycled):,} | {longest:,} | {us(first)} "
        f"| {us(recycled)} | {us(again)} |"
    )


def main() -> None:
    """Print the table (microseconds)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(
        "| players | positions | after a recycle | longest log | first call: mean | worst "
        "| after a recycle: mean | worst | repeated call: mean | worst |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for players in args.players:
        print(measure(players, args.games, args.seed))


if __name__ == "__main__":
    main()
