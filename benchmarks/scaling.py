"""Games per second of `simulate` with 1 and 2 local workers and on a local Ray.

    nice -n 10 python benchmarks/scaling.py --game stackattack --games 2000 --repeats 3

Every setting plays the same batch (random bots, the game's smallest table unless
--players says otherwise); the settings take turns, `repeats` times, so a change in the
load of a shared machine hits them all alike, and the median of each is reported, with
its ratio to one worker. Wall time is what a parallel run saves, so it is wall time that
is measured; the CPU time of the driver process is shown beside it. The local Ray is
started once, before the runs (its start-up, a few seconds, is reported apart), with as
many CPUs as --ray-cpus, and each setting plays a short batch first (imports, Ray's
worker processes). A pool of local processes is started by each run, as the command
does, so its start-up is part of the figure. Not run in CI.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numrules
from numrules.apps.parallel import Backend
from numrules.apps.simulation import simulate


def run(game: Any, config: Any, games: int, workers: int, backend: Backend) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    summary = simulate(
        game, config, ["random"] * config.players, games, seed=1, workers=workers, backend=backend
    )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert summary.games == games
    return games / wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="stackattack")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--ray-cpus", type=int, default=2)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    game = numrules.get_game(args.game)
    config = game.Config(players=args.players or game.min_players)
    settings: list[tuple[str, int, Backend]] = [
        ("1 worker (in process)", 1, "processes"),
        ("2 workers (processes)", 2, "processes"),
    ]
    if not args.no_ray:
        import ray  # noqa: PLC0415 (optional)

        started = time.perf_counter()
        ray.init(num_cpus=args.ray_cpus, include_dashboard=False, log_to_driver=False)
        print(f"ray start-up: {time.perf_counter() - started:.1f} s")
        settings.append((f"ray, {args.ray_cpus} CPUs (local)", args.ray_cpus, "ray"))
    rates: dict[str, list[float]] = {name: [] for name, _, _ in settings}
    cpus: dict[str, list[float]] = {name: [] for name, _, _ in settings}
    try:
        for _, workers, backend in settings:  # warm up: imports, Ray's worker processes
            run(game, config, 40, workers, backend)
        for _ in range(args.repeats):
            for name, workers, backend in settings:
                rate, cpu = run(game, config, args.games, workers, backend)
                rates[name].append(rate)
                cpus[name].append(cpu)
                print(f"  {name}: {rate:.1f} games/s", flush=True)
    finally:
        if not args.no_ray:
            ray.shutdown()
    base = statistics.median(rates[settings[0][0]])
    print(f"\n{args.game}, {config.players} players, {args.games} games, {args.repeats} runs")
    print("| setting | games/s (median) | ratio to 1 worker | driver CPU s |")
    print("| --- | --- | --- | --- |")
    for name, _, _ in settings:
        rate = statistics.median(rates[name])
        cpu = statistics.median(cpus[name])
        print(f"| {name} | {rate:.1f} | {rate / base:.2f} | {cpu:.1f} |")


if __name__ == "__main__":
    main()
