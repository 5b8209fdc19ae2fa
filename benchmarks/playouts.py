"""Random playouts per game on one core: the full loop, `apply` alone, and `play_match`.

Usage:
    python benchmarks/playouts.py [GAME ...] [--seconds S] [--players P] [--seed N] [--json]

Players default to 4 (or the nearest count the game allows). For each game, three
measurements of about S CPU seconds each (default 5):

- loop: the loop peers such as OpenSpiel and RLCard are measured with: deal, then until
  the game ends, `legal_actions`, a uniform pick among them, `apply`. games/s and
  decisions/s (one decision is one action taken by a seat; numrules has no chance
  actions, since dealing and drawing happen inside `new_game` and `apply`).
- apply: the games of the loop replayed from their recorded actions, timing only the
  calls to `apply` (decisions/s).
- match: `play_match` with one `RandomBot` per seat (games/s and decisions/s); the
  driver asks the seats in turn, checks every choice and keeps the log.

Times are CPU times of this process (`time.process_time`), so other jobs on the machine
disturb them less than wall time.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any

import numrules
from numrules import AnyGame, RandomBot, play_match

clock = time.process_time


def default_players(game: AnyGame, players: int | None) -> int:
    """`players`, or four where the game allows it (else the nearest count it allows)."""
    if players is not None:
        return players
    return min(max(4, game.min_players), game.max_players)


def loop(
    game: AnyGame, config: Any, seconds: float, seed: int
) -> tuple[int, int, float, list[Any]]:
    """Play uniform random games for about `seconds` of CPU time.

    Returns (games, decisions, CPU seconds, the actions of each game).
    """
    rng = random.Random(seed)
    new_game, legal_actions, apply, is_terminal = (
        game.new_game,
        game.legal_actions,
        game.apply,
        game.is_terminal,
    )
    randrange = rng.randrange
    played: list[Any] = []
    games = decisions = 0
    start = clock()
    while clock() - start < seconds:
        log = []
        state = new_game(config, seed + games)
        while not is_terminal(state):
            actions = legal_actions(state)
            action = actions[randrange(len(actions))]
            state = apply(state, action)
            log.append(action)
        games += 1
        decisions += len(log)
        played.append(log)
    return games, decisions, clock() - start, played


def apply_only(game: AnyGame, config: Any, seed: int, played: list[Any]) -> tuple[int, float]:
    """Replay the games of `loop`, timing only `apply`; returns (decisions, CPU seconds)."""
    apply = game.apply
    decisions, elapsed = 0, 0.0
    for index, log in enumerate(played):
        state = game.new_game(config, seed + index)
        start = clock()
        for action in log:
            state = apply(state, action)
        elapsed += clock() - start
        decisions += len(log)
    return decisions, elapsed


def match(game: AnyGame, config: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """Run `play_match` with RandomBots for about `seconds`; (games, decisions, CPU s)."""
    games = decisions = 0
    start = clock()
    while clock() - start < seconds:
        bots = [RandomBot(seed + games * 16 + seat) for seat in range(config.players)]
        result = play_match(game, config, bots, seed + games)
        games += 1
        decisions += len(result.actions)
    return games, decisions, clock() - start


def bench(name: str, seconds: float, players: int | None, seed: int) -> dict[str, Any]:
    """The three measurements of one game (see the module docstring)."""
    game = numrules.get_game(name)
    config = game.Config(players=default_players(game, players))
    games, decisions, elapsed, played = loop(game, config, seconds, seed)
    applied, apply_time = apply_only(game, config, seed, played)
    match_games, match_decisions, match_time = match(game, config, seconds, seed)
    return {
        "game": name,
        "players": config.players,
        "games": games,
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_game": decisions / games,
        "apply_per_s": applied / apply_time,
        "match_games_per_s": match_games / match_time,
        "match_decisions_per_s": match_decisions / match_time,
    }


def main(argv: list[str] | None = None) -> None:
    """Measure the games named on the command line (all by default) and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(numrules.game_names()))
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU s per measurement")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    args = parser.parse_args(argv)
    if not args.json:
        print(
            f"numrules {numrules.__version__}, Python {platform.python_version()}, "
            f"{platform.machine()}, {args.seconds:g} CPU s per measurement"
        )
        print(
            f"{'game':<12} {'players':>7} {'loop games/s':>12} {'decisions/s':>12} "
            f"{'apply/s':>10} {'match games/s':>13} {'decisions/s':>12} {'decisions/game':>14}"
        )
    for name in args.games:
        r = bench(name, args.seconds, args.players, args.seed)
        if args.json:
            print(json.dumps(r))
        else:
            print(
                f"{name:<12} {r['players']:>7} {r['games_per_s']:>12.1f} "
                f"{r['decisions_per_s']:>12,.0f} {r['apply_per_s']:>10,.0f} "
                f"{r['match_games_per_s']:>13.1f} {r['match_decisions_per_s']:>12,.0f} "
                f"{r['decisions_per_game']:>14.1f}"
            )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
