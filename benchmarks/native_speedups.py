"""What the native core gains where numrules uses it by itself (not run in CI).

Usage (with the native core installed, `pip install ./native`):
    python benchmarks/native_speedups.py [--rounds R] [--games N] [--decisions D]

Two measurements per game, each with the core turned off (`NUMRULES_NATIVE=0`, the
pure-Python engine) and on, interleaved over R rounds, reported as the ratio of the
medians (and the range of the per-round ratios):

- **simulate**: `simulate(game, Config(players=4), ["random"] * 4, N)` (2 players for a
  game that cannot seat 4), CPU seconds per game.
- **ISMCTS**: `ISMCTSBot(iterations=200)` (random rollouts to the end of the round)
  deciding at D positions of one seeded game, iterations per CPU second. The searches
  are the same with the core on and off (tests/native/test_core.py checks it).
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numrules
from numrules import native
from numrules.apps.simulation import simulate
from numrules.core.ismcts import ISMCTSBot

clock = time.process_time


def _config(game: numrules.AnyGame) -> Any:
    return game.Config(players=4 if game.min_players <= 4 <= game.max_players else 2)


def simulate_rate(name: str, seed: int, games: int) -> float:
    """Games per CPU second of `simulate` with random bots."""
    game = numrules.get_game(name)
    config = _config(game)
    start = clock()
    simulate(game, config, ["random"] * config.players, games, seed)
    return games / (clock() - start)


def ismcts_rate(name: str, seed: int, decisions: int) -> float:
    """ISMCTS iterations per CPU second, over `decisions` decisions of one game."""
    game = numrules.get_game(name)
    config = _config(game)
    state = game.new_game(config, seed)
    rnd = random.Random(seed)
    iterations, spent = 0, 0.0
    while decisions and not game.is_terminal(state):
        seat = min(game.to_act(state))
        mine = game.legal_actions_for(state, seat)
        if len(mine) > 1:
            bot = ISMCTSBot(seed=seed, iterations=200)
            start = clock()
            bot.act(game.observe(state, seat), mine, seat in game.optional_seats(state))
            spent += clock() - start
            assert bot.last is not None
            iterations += bot.last.iterations
            decisions -= 1
        state = game.apply(state, mine[rnd.randrange(len(mine))])
    return iterations / spent


def measured(fn: Callable[[str, int], float], name: str, seed: int, core: bool) -> float:
    """`fn(name, seed)` with the core on or off."""
    os.environ["NUMRULES_NATIVE"] = "1" if core else "0"
    try:
        return fn(name, seed)
    finally:
        del os.environ["NUMRULES_NATIVE"]


def main(argv: list[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=4)
    args = parser.parse_args(argv)
    if not native.available():
        raise SystemExit("the native core is not installed (pip install ./native)")
    measures: list[tuple[str, Callable[[str, int], float]]] = [
        ("simulate, games/s", functools.partial(simulate_rate, games=args.games)),
        ("ISMCTS, iterations/s", functools.partial(ismcts_rate, decisions=args.decisions)),
    ]
    rows = []
    for name in numrules.game_names():
        for what, fn in measures:
            python, core = [], []
            for round_ in range(args.rounds):
                python.append(measured(fn, name, round_, core=False))
                core.append(measured(fn, name, round_, core=True))
            ratios = [c / p for c, p in zip(core, python, strict=True)]
            mid = statistics.median(core) / statistics.median(python)
            spread = f"{min(ratios):.1f}-{max(ratios):.1f}"
            rows.append(
                f"| {name} | {what} | {statistics.median(python):,.1f} | "
                f"{statistics.median(core):,.1f} | {mid:.1f} ({spread}) |"
            )
    print("| game | measure | Python engine | with the core | ratio |")
    print("| --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
