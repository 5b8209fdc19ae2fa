"""Num Stop `best_validation` / `search_validation`: time per call, by collection size.

Usage:
    python benchmarks/best_validation.py [--sizes 10,20,30,40] [--count N] [--seed S]
        [--deadline SECONDS]
    python benchmarks/best_validation.py --slow [--deadline SECONDS]

For each size, draws N collections uniformly among the 102 family cards (seeded) and
times one call on each (all ten objectives open, standard scores): `best_validation`,
or `search_validation` with `--deadline`. Prints the median, the 90th percentile, the
maximum and the mean in seconds, in wall-clock time and in CPU time of the process
(`time.process_time`, the figure to trust on a shared machine), the number of proven
answers and the mean points.

`--slow` runs the known slow collections (40 cards each, found by an adversarial
review and by hill-climbing) and all 102 family cards: for each, the answer within the
deadline (1 s by default) against the optimum, the first time limit at which the answer
is the optimum, and the time to prove the optimum (for the 102 cards only when proven
within the deadline, or with `--proof`); times in wall-clock and CPU seconds. The time
limits themselves are wall-clock.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from numrules import numstop as ns

SLOW = {
    "review-a": "B1 B3 B8 B9 B11 B12 G0 G1 G9 G10 G13 G14 R0 R1 R2 R7 R9 R11 RB1 RB3 RB4 RB5 "
    "RB8 RB10 RB11 RB14 RB16 SH0 SH2 SH7 SH10 SH16 Y0 Y3 Y5 Y7 Y9 Y10 Y14 Y16",
    "review-b": "RB13 Y14 SH12 R7 SH1 G14 B15 G3 G15 G0 R10 G8 SH13 R0 RB6 R16 B12 RB3 SH3 "
    "RB12 SH0 RB7 RB11 G2 B5 B3 SH2 Y11 R4 Y12 G5 RB2 B13 G11 R15 B9 B11 B2 Y13 B0",
    "review-c": "RB13 Y14 SH12 R7 SH1 G14 B15 G3 G15 G0 R10 G8 SH13 R0 RB6 R16 B12 RB3 SH3 "
    "RB12 SH0 RB9 RB11 G2 B5 B3 SH14 Y11 R4 Y12 R8 RB2 B13 G11 R15 B9 B11 B2 Y13 B0",
    "seed0-32": "G3 G7 Y12 Y0 RB8 Y4 B4 R0 B1 RB4 R5 Y5 R16 G9 R1 Y10 SH0 RB16 B15 RB10 B7 R8 "
    "RB2 Y3 G1 B5 Y16 SH10 RB12 B3 R14 Y13 RB1 G15 SH11 G0 G5 G2 SH2 B10",
    "seed0-48": "G1 G11 Y0 SH13 SH6 G2 R13 Y10 G3 R15 Y6 B2 G10 B14 B6 G9 Y12 B12 R14 G15 "
    "RB14 Y8 Y14 RB12 RB4 B11 SH14 Y13 G5 Y11 RB16 G6 Y15 R0 R11 Y9 RB2 G16 RB3 Y1",
    "seed0-54": "Y8 SH5 RB1 B9 G13 SH15 R5 R2 Y0 SH13 R11 Y1 RB6 RB4 SH11 SH14 SH7 RB13 R0 B0 "
    "Y16 Y11 G5 G14 SH1 RB0 R8 R10 Y12 R1 SH0 Y2 G12 RB11 SH4 SH9 B13 R3 SH12 R9",
    "seed0-56": "G15 R14 G10 G3 G13 RB10 RB13 B7 RB1 SH8 R7 G9 Y14 RB2 R1 B3 Y12 R2 SH10 B16 "
    "G8 B0 SH14 R12 RB3 Y2 R8 B15 RB5 R13 Y15 R9 R16 Y11 R4 RB9 B11 RB11 SH11 G1",
    "seed0-87": "SH15 RB14 SH4 SH12 RB13 B12 G2 Y11 Y0 RB2 R0 RB12 Y4 SH13 SH10 SH1 SH9 B2 SH8 "
    "SH14 G16 RB7 RB8 G4 Y9 SH7 G13 RB10 Y2 B4 G10 R4 Y3 Y5 RB0 G5 R8 SH11 G8 R14",
}


def _family_cards() -> tuple[ns.NumCard, ...]:
    return ns.Config().all_cards()[:102]


def _random(args: argparse.Namespace) -> None:
    cards = _family_cards()
    stats = ("median", "p90", "max", "mean")
    header = f"{'cards':>5} {'count':>5} " + " ".join(f"{s:>8}" for s in stats)
    cpu_header = " ".join(f"{'cpu ' + s:>10}" for s in stats)
    print(f"{header} {cpu_header} {'proven':>7}  mean points")
    rng = random.Random(args.seed)
    for size in (int(s) for s in args.sizes.split(",")):
        times, cpu, total, proven = [], [], 0, 0
        for _ in range(args.count):
            collection = rng.sample(cards, size)
            start, start_cpu = time.perf_counter(), time.process_time()
            found = ns.search_validation(collection, time_limit=args.deadline)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            total += found.points
            proven += found.proven
        wall = " ".join(f"{x:>8.3f}" for x in _stats(times))
        cpu_text = " ".join(f"{x:>10.3f}" for x in _stats(cpu))
        print(f"{size:>5} {len(times):>5} {wall} {cpu_text} {proven:>7}  {total / len(times):.1f}")


def _stats(times: list[float]) -> tuple[float, float, float, float]:
    # The median, the 90th percentile, the maximum and the mean.
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return statistics.median(ordered), p90, ordered[-1], statistics.fmean(ordered)


LADDER = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
"""The time limits tried to find when the answer first reaches the optimum."""


def _slow(args: argparse.Namespace) -> None:
    deadline = 1.0 if args.deadline is None else args.deadline
    collections = {name: ns.parse_cards(text) for name, text in SLOW.items()}
    collections["all-102"] = _family_cards()
    print(f"deadline {deadline} s; 'optimum by': the first limit of {LADDER} reaching it")
    head = f"{'collection':>10} {'at deadline':>12} {'bound':>6} {'time':>7} {'cpu':>7}"
    print(f"{head} {'optimum by':>10} {'proof':>8} {'cpu':>8} {'optimum':>8}")
    for name, collection in collections.items():
        start, start_cpu = time.perf_counter(), time.process_time()
        found = ns.search_validation(collection, time_limit=deadline)
        spent, spent_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        if found.proven or (name == "all-102" and not args.proof):
            proof = "-" if not found.proven else f"{spent:.2f} {spent_cpu:>8.2f}"
            optimum = found.points
        else:
            start, start_cpu = time.perf_counter(), time.process_time()
            optimum = ns.search_validation(collection).points
            proof = f"{time.perf_counter() - start:.2f} {time.process_time() - start_cpu:>8.2f}"
        reached = next(
            (
                f"{limit:.2f}"
                for limit in LADDER
                if ns.search_validation(collection, time_limit=limit).points == optimum
            ),
            "-",
        )
        print(
            f"{name:>10} {found.points:>6} {found.points / max(optimum, 1):>5.1%} "
            f"{found.bound:>6} {spent:>7.2f} {spent_cpu:>7.2f} {reached:>10} {proof:>17} "
            f"{optimum:>8}"
        )


def main() -> None:
    """Run the benchmark and print one line per collection size (or slow collection)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,20,30,40", help="collection sizes, comma separated")
    parser.add_argument("--count", type=int, default=50, help="collections per size")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deadline", type=float, default=None, help="time limit per call, s")
    parser.add_argument("--slow", action="store_true", help="the known slow collections")
    parser.add_argument("--proof", action="store_true", help="--slow: prove the 102 cards too")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {sys.platform}")
    if args.slow:
        _slow(args)
    else:
        _random(args)


if __name__ == "__main__":
    main()
