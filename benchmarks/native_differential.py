"""The long differential run: millions of random actions through the core and Python.

Usage (with the native core installed, `pip install ./native`):
    python benchmarks/native_differential.py --actions 10000000 --workers 2

Plays games of every game the core plays, at every player count, with the default
rules, walking each through the native core and the Python engine side by side
(`tests/native/differential.walk`: at every step the seat asked, the seats still to ask,
`to_act`, terminality, the scores and the legal ids are compared; now and then a refused
id and a handle made afresh from the Python state; at the end the final states' JSON).
The games are shared out round-robin over (game, players) until the actions played reach
`--actions`; a mismatch stops the run with the game's name, players and seed, so it can
be played again alone. The report gives the actions and games per (game, players).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.native.differential import walk

import numrules
from numrules import native

Task = tuple[str, int, int]
"""(game, players, seed)."""


def play(task: Task) -> tuple[Task, int]:
    """Walk one game; return it with its number of actions (a mismatch raises)."""
    name, players, seed = task
    game = numrules.get_game(name)
    steps = walk(name, game.Config(players=players), seed, refuse=0.001, fresh=0.001)
    return task, steps


def main(argv: list[str] | None = None) -> None:
    """Run the differential walks until `--actions` actions, and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="the first game seed")
    args = parser.parse_args(argv)
    games = sorted(native.core_games())
    if not games:
        sys.exit("the native core is not installed (pip install ./native)")
    tables = []
    for name in games:
        game = numrules.get_game(name)
        tables += [(name, players) for players in range(game.min_players, game.max_players + 1)]
    tasks = ((name, p, seed) for seed in itertools.count(args.seed) for name, p in tables)
    actions: Counter[tuple[str, int]] = Counter()
    played: Counter[tuple[str, int]] = Counter()
    total = 0
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        # At most a few games in flight: pool.map would submit the endless stream at once.
        pending = deque(pool.submit(play, next(tasks)) for _ in range(args.workers * 4))
        while total < args.actions:
            (name, players, _), steps = pending.popleft().result()
            pending.append(pool.submit(play, next(tasks)))
            actions[name, players] += steps
            played[name, players] += 1
            total += steps
            if sum(played.values()) % 200 == 0:
                print(f"{total:,} actions, {time.perf_counter() - started:.0f} s", file=sys.stderr)
        for future in pending:
            future.cancel()
    print(
        f"{total:,} actions in {sum(played.values()):,} games, 0 mismatches, "
        f"{time.perf_counter() - started:.0f} s with {args.workers} workers"
    )
    print("| game | players | games | actions |\n| --- | --- | --- | --- |")
    for key in sorted(actions):
        print(f"| {key[0]} | {key[1]} | {played[key]:,} | {actions[key]:,} |")


if __name__ == "__main__":
    main()
