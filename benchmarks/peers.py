"""numrules beside OpenSpiel and RLCard, on the same loop, as ratios (not run in CI).

Usage (the peers go in a scratch virtual environment, never in the project's):
    python3 -m venv ../peers-venv
    ../peers-venv/bin/pip install open-spiel rlcard -e .
    ../peers-venv/bin/python benchmarks/peers.py [--seconds S] [--rounds R]

Every game, numrules' and the peers', is played with the same loop: list the legal
actions, pick one uniformly, apply it, until the game ends. Only player decisions are
counted: an OpenSpiel chance node (a deal) is sampled and applied inside the timed loop
but not counted, and a simultaneous node counts one decision per player who chooses.
RLCard's uno is measured twice: through its environment (`env.step`, which also
encodes the next player's observation, as RL code uses it) and through its game
object (`game.get_legal_actions`, `game.step`), the closer match to numrules'
`legal_actions` and `apply`.

The measurements are interleaved: each round measures every game for S CPU seconds,
and R rounds are run (default 3). The table gives each peer's decisions/s (the median
over the rounds), then for each numrules game the ratio of its decisions/s to the
peer's: the ratio of the medians, and in brackets the lowest and highest ratio of a
single round. A ratio above 1 means numrules is faster.

With the native core installed (`pip install ./native`), each game is measured three
ways, each in its own table: the Python engine (the loop above), the core through
Python one call at a time (`ids = h.legal_action_ids()`, a uniform pick,
`h = h.apply_id(id)`: the loop of OpenSpiel's Python API), and the core's batch
playouts (`h.playouts(n, "random")`, every pick made in Rust). A decision is an applied
action: a Num Bounce seat letting an interrupt pass is asked, but not counted.

A peer that cannot be imported is reported as missing and left out.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import numrules
from numrules import native
from playouts import default_players, loop

clock = time.process_time

Runner = Callable[[float, int], tuple[int, float]]
"""A measurement: (seconds, seed) -> (decisions, CPU seconds)."""


def numrules_runner(name: str) -> Runner:
    """The loop of `benchmarks/playouts.py` on a numrules game, four players where allowed."""
    game = numrules.get_game(name)
    config = game.Config(players=default_players(game, None))

    def run(seconds: float, seed: int) -> tuple[int, float]:
        _, decisions, elapsed, _ = loop(game, config, seconds, seed)
        return decisions, elapsed

    return run


def core_call_runner(name: str) -> Runner:
    """The per-call loop through a native core handle, four players where allowed."""
    game = numrules.get_game(name)
    config = game.Config(players=default_players(game, None))

    def run(seconds: float, seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        randrange = rng.randrange
        decisions = games = 0
        start = clock()
        while clock() - start < seconds:
            h = native.new_handle(name, config, seed + games)
            passing = h.pass_id
            while not h.is_terminal():
                ids = h.legal_action_ids()
                choice = ids[randrange(len(ids))]
                h = h.apply_id(choice)
                decisions += choice != passing
            games += 1
        return decisions, clock() - start

    return run


def core_batch_runner(name: str) -> Runner:
    """Batch random playouts in the native core (`Handle.playouts`), 20 games a call."""
    game = numrules.get_game(name)
    config = game.Config(players=default_players(game, None))

    def run(seconds: float, seed: int) -> tuple[int, float]:
        decisions = games = 0
        start = clock()
        while clock() - start < seconds:
            h = native.new_handle(name, config, seed + games)
            decisions += sum(length for _, _, length, _ in h.playouts(20, "random", seed=games))
            games += 20
        return decisions, clock() - start

    return run


def openspiel_runner(name: str) -> Runner:
    """The same loop on an OpenSpiel game (its default parameters)."""
    import pyspiel  # noqa: PLC0415

    if name.startswith("python_"):
        from open_spiel.python import games  # noqa: F401, PLC0415  (registers them)
    game = pyspiel.load_game(name)

    def run(seconds: float, seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        randrange, rand = rng.randrange, rng.random
        decisions = 0
        start = clock()
        while clock() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    x, chosen = rand(), outcomes[-1][0]
                    for outcome, p in outcomes:
                        x -= p
                        if x < 0:
                            chosen = outcome
                            break
                    state.apply_action(chosen)
                elif state.is_simultaneous_node():
                    joint = []
                    for player in range(game.num_players()):
                        legal = state.legal_actions(player)
                        joint.append(legal[randrange(len(legal))])
                    decisions += len(joint)
                    state.apply_actions(joint)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[randrange(len(legal))])
                    decisions += 1
        return decisions, clock() - start

    return run


def uno_env_runner() -> Runner:
    """RLCard's uno through its environment: `env.reset`, `env.step`."""
    import rlcard  # noqa: PLC0415

    def run(seconds: float, seed: int) -> tuple[int, float]:
        env = rlcard.make("uno", config={"seed": seed})
        rng = random.Random(seed)
        randrange = rng.randrange
        decisions = 0
        start = clock()
        while clock() - start < seconds:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[randrange(len(legal))])
                decisions += 1
        return decisions, clock() - start

    return run


def uno_game_runner() -> Runner:
    """RLCard's uno through its game object: `get_legal_actions`, `step`."""
    from rlcard.games.uno.game import UnoGame  # noqa: PLC0415

    def run(seconds: float, seed: int) -> tuple[int, float]:
        game = UnoGame()
        game.np_random.seed(seed)
        rng = random.Random(seed)
        randrange = rng.randrange
        decisions = 0
        start = clock()
        while clock() - start < seconds:
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[randrange(len(legal))])
                decisions += 1
        return decisions, clock() - start

    return run


PEERS: dict[str, Callable[[], Runner]] = {
    "OpenSpiel hearts (C++)": lambda: openspiel_runner("hearts"),
    "OpenSpiel crazy_eights (C++)": lambda: openspiel_runner("crazy_eights"),
    "OpenSpiel goofspiel (C++)": lambda: openspiel_runner("goofspiel"),
    "OpenSpiel liars_poker (Python)": lambda: openspiel_runner("python_liars_poker"),
    "OpenSpiel team_dominoes (Python)": lambda: openspiel_runner("python_team_dominoes"),
    "RLCard uno (env.step)": uno_env_runner,
    "RLCard uno (game.step)": uno_game_runner,
}
"""The peers, by the label of their row."""


def ratio_cell(ours: list[float], theirs: list[float]) -> str:
    """The ratio of the medians, with the range of the per-round ratios."""
    rounds = [a / b for a, b in zip(ours, theirs, strict=True)]
    mid = statistics.median(ours) / statistics.median(theirs)
    return f"{mid:.2f} ({min(rounds):.2f}-{max(rounds):.2f})"


def main(argv: list[str] | None = None) -> None:
    """Measure numrules and every peer that imports, interleaved, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU s per measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    names = numrules.game_names()
    faces: dict[str, dict[str, str]] = {"the Python engine": {name: name for name in names}}
    runners: dict[str, Runner] = {name: numrules_runner(name) for name in names}
    core = [name for name in names if native.available(name)]
    if core:
        faces["the native core, one call at a time"] = {n: f"{n} (core call)" for n in core}
        faces["the native core, batch playouts"] = {n: f"{n} (core batch)" for n in core}
        runners.update({f"{n} (core call)": core_call_runner(n) for n in core})
        runners.update({f"{n} (core batch)": core_batch_runner(n) for n in core})
    else:
        print("missing: the native core (pip install ./native)")
    peers: list[str] = []
    for label, make in PEERS.items():
        try:
            runners[label] = make()
        except Exception as error:
            print(f"missing: {label} ({type(error).__name__}: {error})")
            continue
        peers.append(label)
    rates: dict[str, list[float]] = {label: [] for label in runners}
    for round_ in range(args.rounds):
        for label, run in runners.items():
            decisions, elapsed = run(args.seconds, args.seed + round_)
            rates[label].append(decisions / elapsed)
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    print(
        f"numrules {numrules.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}, {args.rounds} rounds of {args.seconds:g} CPU s per game"
    )
    for face, labels in faces.items():
        print(f"\n{face}\n")
        print("| numrules game | decisions/s |\n| --- | --- |")
        for name, label in labels.items():
            print(f"| {name} | {statistics.median(rates[label]):,.0f} |")
        print()
        print(f"| peer | decisions/s | {' | '.join(labels)} |")
        print(f"| --- | --- | {' | '.join('---' for _ in labels)} |")
        for peer in peers:
            cells = " | ".join(ratio_cell(rates[label], rates[peer]) for label in labels.values())
            print(f"| {peer} | {statistics.median(rates[peer]):,.0f} | {cells} |")


if __name__ == "__main__":
    main()
