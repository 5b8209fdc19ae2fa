"""Measure Num Wars `sample_state`: its speed, and the bias of its fallback chain.

Usage (from the repository root)::

    python benchmarks/numwars_sampling.py speed [--games 10] [--players 3-8]
    python benchmarks/numwars_sampling.py chain [--seeds 30]

`speed` plays seeded random one-round games and, every third state, samples for every
seat and the spectator: *cold* is the first sample of an observation (its analysis
included), *warm* the mean of the next 50 (what a search pays per iteration). It also
counts the positions whose exact count went over the budget (the fallback chain).

`chain` measures the fallback chain on small late-round positions: the exact
distribution of its sample (the chain's kernel applied to its start, step by step)
against the uniform distribution over every consistent placement, as a total
variation distance. Not a test: nothing is asserted (tests/numwars/test_sampling.py
holds the checks).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from collections import defaultdict

import attrs

from numrules import numwars as nw
from numrules.core.cards import NumCard
from numrules.numwars.strategy import sampling
from numrules.testing import play_random


def one_round(players: int, seed: int) -> tuple[nw.State, ...]:
    config = nw.Config(players=players, rounds=1)
    return play_random(nw.GAME, config, seed, random.Random(seed)).states


def speed(games: int, players: range) -> None:
    print(
        "players positions | cold (ms): mean median p99 max | warm (ms): mean median p99 max"
        " | fallback"
    )
    rng = random.Random(0)
    for n in players:
        cold: list[float] = []
        warm: list[float] = []
        fallback = 0
        for game in range(games):
            for state in one_round(n, 1000 * n + game)[::3]:
                for seat in [None, *range(n)]:
                    view = attrs.evolve(nw.observe(state, seat))  # a new object: no kept analysis
                    start = time.perf_counter()
                    nw.sample_state(view, rng)
                    middle = time.perf_counter()
                    for _ in range(50):
                        nw.sample_state(view, rng)
                    end = time.perf_counter()
                    cold.append((middle - start) * 1e3)
                    warm.append((end - middle) / 50 * 1e3)
                    fallback += sampling._analysis(view).chain is not None
        print(
            f"{n} {len(cold):6} | {_spread(cold)} | {_spread(warm)} | "
            f"{fallback} ({fallback / len(cold):.2%})"
        )


def _spread(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[int(0.99 * (len(ordered) - 1))]
    median = statistics.median(ordered)
    return f"{statistics.fmean(values):.3f} {median:.3f} {p99:.2f} {ordered[-1]:.1f}"


Placement = tuple[frozenset[NumCard], ...]


def chain_distance(view: nw.Observation) -> float | None:
    # The exact total variation distance of the chain's sample from uniform (None: no chain).
    exact = sampling._Analysis(view)
    placement = exact.placement
    if placement is None or not exact.classes:
        return None
    caps = [exact.room[place] for place in exact.places]
    valid = placement.total * math.prod(math.factorial(len(c)) for c in exact.classes)
    valid = valid * math.factorial(len(exact.free_cards)) // math.prod(map(math.factorial, caps))
    masks = exact.masks
    chain = sampling._Chain(caps, masks, sampling._STEPS * len(caps))
    allowed = dict(masks)
    dist: dict[Placement, float] = {tuple(frozenset(c) for c in chain.start): 1.0}
    kernel: dict[Placement, list[tuple[Placement, float]]] = {}
    pairs = [(p, q) for p in range(len(caps)) for q in range(len(caps)) if p != q]
    for _ in range(chain.steps):
        step: dict[Placement, float] = defaultdict(float)
        for placed, weight in dist.items():
            if placed not in kernel:
                kernel[placed] = _moves(placed, pairs, caps, allowed)
            for after, chance in kernel[placed]:
                step[after] += weight * chance
        dist = step
    uniform = 1 / valid
    return 0.5 * (sum(abs(w - uniform) for w in dist.values()) + (valid - len(dist)) * uniform)


def _moves(
    placed: Placement, pairs: list[tuple[int, int]], caps: list[int], allowed: dict[NumCard, int]
) -> list[tuple[Placement, float]]:
    # Every result of one chain move from `placed`, with its probability.
    out: list[tuple[Placement, float]] = []
    for p, q in pairs:
        pool = [*placed[p], *placed[q]]
        only_p = [c for c in pool if not allowed[c] >> q & 1]
        either = [c for c in pool if allowed[c] >> q & 1 and allowed[c] >> p & 1]
        subsets = list(itertools.combinations(either, caps[p] - len(only_p)))
        for subset in subsets:
            after = list(placed)
            after[p] = frozenset((*only_p, *subset))
            after[q] = frozenset(c for c in pool if c not in after[p])
            out.append((tuple(after), 1 / len(pairs) / len(subsets)))
    return out


def chain(seeds: int) -> None:
    distances: list[float] = []
    for seed in range(seeds):
        for players, left in ((3, 4), (3, 3), (4, 2)):
            state = nw.new_game(nw.Config(players=players, rounds=1), seed)
            rnd = random.Random(seed)
            while len(state.hands[state.turn]) > left:
                actions = nw.legal_actions(state)
                state = nw.apply(state, actions[rnd.randrange(len(actions))])
            for seat in range(players):
                distance = chain_distance(nw.observe(state, seat))
                if distance is not None:
                    distances.append(distance)
    print(
        f"{len(distances)} positions, {sampling._STEPS} moves per place: total variation "
        f"mean {statistics.fmean(distances):.2e}, max {max(distances):.2e}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("speed", "chain"))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", default="3-8")
    parser.add_argument("--seeds", type=int, default=30)
    args = parser.parse_args()
    if args.what == "speed":
        low, _, high = args.players.partition("-")
        speed(args.games, range(int(low), int(high or low) + 1))
    else:
        chain(args.seeds)


if __name__ == "__main__":
    main()
