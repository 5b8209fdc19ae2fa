"""Random playouts per game on one core: games/s, apply/s, legal_actions/s, actions per game.

Usage:
    python benchmarks/playouts.py [GAME ...] [--seconds S] [--players P] [--seed N]

Players default to 4 (or the nearest count the game allows).

Each game is played for about S seconds (default 10) with uniformly random legal
actions. Only the calls to `apply` and `legal_actions` are timed for their rates;
games/s counts the whole loop (new_game, legal_actions, the random pick, apply).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

import numrules


def bench(name: str, seconds: float, players: int | None, seed: int) -> dict[str, float]:
    game = numrules.get_game(name)
    if players is None:  # four players where the game allows it
        players = min(max(4, game.min_players), game.max_players)
    config = game.Config(players=players)
    rng = random.Random(seed)
    new_game, legal_actions, apply, is_terminal = (
        game.new_game,
        game.legal_actions,
        game.apply,
        game.is_terminal,
    )
    clock = time.perf_counter
    apply_time = legal_time = 0.0
    applies = legals = games = 0
    start = clock()
    while clock() - start < seconds:
        state = new_game(config, seed + games)
        while not is_terminal(state):
            t0 = clock()
            actions = legal_actions(state)
            t1 = clock()
            action = actions[rng.randrange(len(actions))]
            t2 = clock()
            state = apply(state, action)
            t3 = clock()
            legal_time += t1 - t0
            apply_time += t3 - t2
            applies += 1
            legals += 1
        games += 1
    elapsed = clock() - start
    return {
        "players": config.players,
        "games": games,
        "games_per_s": games / elapsed,
        "apply_per_s": applies / apply_time,
        "legal_per_s": legals / legal_time,
        "actions_per_game": applies / games,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(numrules.game_names()))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(
        f"numrules {numrules.__version__}, Python {platform.python_version()}, {platform.machine()}"
    )
    header = f"{'game':<12} {'players':>7} {'games':>7} {'games/s':>9} {'apply/s':>10} "
    header += f"{'legal/s':>10} {'actions/game':>13}"
    print(header)
    for name in args.games:
        r = bench(name, args.seconds, args.players, args.seed)
        print(
            f"{name:<12} {r['players']:>7} {r['games']:>7} {r['games_per_s']:>9.1f} "
            f"{r['apply_per_s']:>10,.0f} {r['legal_per_s']:>10,.0f} {r['actions_per_game']:>13.1f}"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
