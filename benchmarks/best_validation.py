"""Num Stop `best_validation` on random collections: time per call, by collection size.

Usage:
    python benchmarks/best_validation.py [--sizes 10,20,30,40] [--count N] [--seed S]

For each size, draws N collections uniformly among the 102 family cards (seeded) and
times one `best_validation` call on each (all ten objectives open, standard scores).
Prints the median, the 90th percentile, the maximum and the mean, in seconds.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from numrules import numstop as ns


def main() -> None:
    """Run the benchmark and print one line per collection size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,20,30,40", help="collection sizes, comma separated")
    parser.add_argument("--count", type=int, default=50, help="collections per size")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    cards = ns.Config().all_cards()[:102]  # the family cards
    print(f"Python {platform.python_version()} on {platform.machine()}, {sys.platform}")
    print(f"{'cards':>5} {'count':>5} {'median':>8} {'p90':>8} {'max':>8} {'mean':>8}  mean points")
    rng = random.Random(args.seed)
    for size in (int(s) for s in args.sizes.split(",")):
        times, total = [], 0
        for _ in range(args.count):
            collection = rng.sample(cards, size)
            start = time.perf_counter()
            best = ns.best_validation(collection)
            times.append(time.perf_counter() - start)
            total += sum(c.points for c in best)
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(
            f"{size:>5} {len(times):>5} {statistics.median(times):>8.3f} {p90:>8.3f} "
            f"{times[-1]:>8.3f} {statistics.fmean(times):>8.3f}  {total / len(times):.1f}"
        )


if __name__ == "__main__":
    main()
