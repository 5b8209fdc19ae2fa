"""Steps per second of numrules' PettingZoo environments beside PettingZoo's and RLCard's.

Usage (rlcard and pygame, which PettingZoo's classic card games import, go in your own
virtual environment only; they are no dependency of numrules):
    .venv/bin/pip install rlcard pygame
    nice .venv/bin/python benchmarks/rl_envs.py [--seconds S] [--rounds R] [--players P]
    .venv/bin/python benchmarks/rl_envs.py --profile GAME [--seconds S]

Every environment is driven by the loop learning code runs: until the game ends, read
the agent's observation and mask, pick a legal id uniformly from the mask, step; then
reset (resets are timed). Only steps that take an action are counted (PettingZoo's
`step(None)` of a finished agent is not). The environments:

- each numrules game that has action ids and tensors, `numrules.rl.aec_env` with its
  default rules at the smallest table (Num Wars: 3 seats, the others 2; `--players`
  changes it);
- PettingZoo's classic `leduc_holdem_v4` and `texas_holdem_v4` AEC environments (built
  on RLCard, with PettingZoo's usual wrappers, as `env()` makes them);
- RLCard's `uno` (2 players) through `env.step`, which also encodes the next player's
  observation and legal actions, as learning code uses it.

The measurements are interleaved: each round measures every environment for S CPU
seconds (`time.process_time`), R rounds (default 3). The table gives the median steps/s
and each environment's ratio to RLCard's uno (the ratio of the medians, and in brackets
the lowest and highest ratio of one round); above 1, faster than uno.

`--profile GAME` runs the numrules environment of GAME under cProfile for S seconds
instead and prints where the time goes: the shares of the game's own functions
(`observe`, the tensor builder, the legal actions and their ids, `apply`, `new_game`),
of `Sequential.start` (who is asked next) and of the environment's layer (packing the
tensor into float32, the mask, PettingZoo's loop); `--verbose` adds the top calls.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import statistics
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

import numrules
from numrules.core.errors import ConfigError
from numrules.rl import NumrulesAECEnv, aec_env, learning_game
from numrules.rl.aec import Table
from numrules.rl.sequential import Sequential
from peers import Runner, clock, uno_env_runner

UNO = "RLCard uno (env.step)"


def aec_runner(make: Callable[[], Any]) -> Runner:
    """The loop on a PettingZoo AEC environment made by `make`."""

    def run(seconds: float, seed: int) -> tuple[int, float]:
        env = make()
        rng = random.Random(seed)
        randrange, flatnonzero = rng.randrange, np.flatnonzero
        steps = 0
        env.reset(seed=seed)
        start = clock()
        while clock() - start < seconds:
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = flatnonzero(observation["action_mask"])
                env.step(int(legal[randrange(len(legal))]))
                steps += 1
            env.reset()
        return steps, clock() - start

    return run


def numrules_runner(name: str, players: int | None) -> Runner:
    """The loop on `numrules.rl.aec_env(name, players)`, the game's default rules."""
    return aec_runner(lambda: aec_env(name, players))


def aec_sizes(env: Any) -> str:
    """An AEC environment's observation size and number of action ids."""
    agent = env.possible_agents[0]
    size = int(np.prod(env.observation_space(agent)["observation"].shape))
    return f"{size:,} / {env.action_space(agent).n}"


def pettingzoo_runner(name: str) -> tuple[Runner, str]:
    """The loop on one of PettingZoo's classic environments (`leduc_holdem_v4`...)."""
    import importlib  # noqa: PLC0415

    module = importlib.import_module(f"pettingzoo.classic.{name}")
    env = module.env()
    env.reset(seed=0)  # fails here, with its own error, if it cannot run
    return aec_runner(module.env), aec_sizes(env)


def uno_runner() -> tuple[Runner, str]:
    """RLCard's uno through its environment (`peers.uno_env_runner`), with its sizes."""
    import rlcard  # noqa: PLC0415

    shown = rlcard.make("uno")
    sizes = f"{int(np.prod(shown.state_shape[0])):,} / {shown.num_actions}"
    return uno_env_runner(), sizes


def learnable_games() -> list[str]:
    """The numrules games that have action ids and tensors (the others are reported)."""
    names = []
    for name in numrules.game_names():
        try:
            learning_game(name)
        except ConfigError as error:
            print(f"left out: {name} ({error})", file=sys.stderr)
            continue
        names.append(name)
    return names


def ratio_cell(ours: list[float], theirs: list[float]) -> str:
    """The ratio of the medians, with the range of the per-round ratios."""
    rounds = [a / b for a, b in zip(ours, theirs, strict=True)]
    mid = statistics.median(ours) / statistics.median(theirs)
    return f"{mid:.2f} ({min(rounds):.2f}-{max(rounds):.2f})"


def measure(seconds: float, rounds: int, seed: int, players: int | None) -> None:
    """Measure every environment, interleaved, and print the table."""
    runners: dict[str, Runner] = {}
    sizes: dict[str, str] = {}
    for name in learnable_games():
        runners[f"numrules {name}"] = numrules_runner(name, players)
        sizes[f"numrules {name}"] = aec_sizes(aec_env(name, players))
    peers: dict[str, Callable[[], tuple[Runner, str]]] = {
        "PettingZoo leduc_holdem_v4": lambda: pettingzoo_runner("leduc_holdem_v4"),
        "PettingZoo texas_holdem_v4": lambda: pettingzoo_runner("texas_holdem_v4"),
        UNO: uno_runner,
    }
    for label, make in peers.items():
        try:
            runners[label], sizes[label] = make()
        except Exception as error:
            print(f"missing: {label} ({type(error).__name__}: {error})", file=sys.stderr)
    rates: dict[str, list[float]] = {label: [] for label in runners}
    for round_ in range(rounds):
        for label, run in runners.items():
            steps, elapsed = run(seconds, seed + round_)
            rates[label].append(steps / elapsed)
        print(f"round {round_ + 1}/{rounds} done", file=sys.stderr)
    print(
        f"numrules {numrules.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}, {rounds} rounds of {seconds:g} CPU s per environment"
    )
    uno = rates.get(UNO)
    print("| environment | observation / ids | steps/s | ratio to RLCard uno |")
    print("| --- | --- | --- | --- |")
    for label, values in rates.items():
        ratio = ratio_cell(values, uno) if uno else "-"
        print(f"| {label} | {sizes[label]} | {statistics.median(values):,.0f} | {ratio} |")


def profile(name: str, seconds: float, players: int | None, verbose: bool = False) -> None:
    """Run the numrules environment of `name` under cProfile; print the shares of the step."""
    env = aec_env(name, players)
    game, tensors = env.game, learning_game(name).tensors
    run = numrules_runner(name, players)
    profiler = cProfile.Profile()
    profiler.enable()
    steps, _ = run(seconds, 0)
    profiler.disable()
    stats = pstats.Stats(profiler)
    table: dict[tuple[str, int, str], tuple[Any, ...]] = stats.stats  # type: ignore[attr-defined]
    total: float = stats.total_tt  # type: ignore[attr-defined]

    def spent(function: Callable[..., Any]) -> float:
        # The cumulative time of a function (by its code object), 0 if never called.
        code = function.__code__
        entry = table.get((code.co_filename, code.co_firstlineno, code.co_name))
        return float(entry[3]) if entry else 0.0

    observe, builder = spent(game.observe), spent(tensors.observation)
    tensor = spent(Table.observation)
    ids = spent(Table.choices)
    agent_view = spent(NumrulesAECEnv.observe)
    start = spent(Sequential.start)
    parts = {
        "observe (the game's)": observe,
        "tensor builder (the game's)": builder,
        "float32 packing (environment)": tensor - observe - builder,
        "legal actions and their ids (the game's)": ids,
        "mask array and bookkeeping of observe (environment)": agent_view - tensor - ids,
        "apply (the game's)": spent(game.apply),
        "Sequential.start: who is asked next (is_terminal, to_act...)": start,
        "new_game (resets)": spent(game.new_game),
    }
    parts["the rest: PettingZoo's loop, the step's bookkeeping, the random pick"] = total - sum(
        parts.values()
    )
    print(f"numrules {name}: {steps:,} steps under cProfile in {total:.2f} s")
    print("| part of a step | share |\n| --- | --- |")
    for label, seconds_spent in parts.items():
        print(f"| {label} | {seconds_spent / total:.0%} |")
    if verbose:
        stats.sort_stats("tottime").print_stats(20)


def main(argv: list[str] | None = None) -> None:
    """Measure the environments (or profile one numrules environment)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU s per measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None, help="numrules seats")
    parser.add_argument("--profile", metavar="GAME", help="profile one numrules environment")
    parser.add_argument("--verbose", action="store_true", help="with --profile: the top calls")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.profile, args.seconds, args.players, args.verbose)
    else:
        measure(args.seconds, args.rounds, args.seed, args.players)


if __name__ == "__main__":
    main()
