"""Num Stop heuristic styles: one `Style` against the default, two players, one round.

Usage:
    python benchmarks/numstop_styles.py [--greed G] [--lock-at L] [--closing C]
        [--deals N] [--seed S]

Plays N deals (game seeds S to S + N - 1, one round each: `max_rounds=1`), each twice
with the seats swapped: `HeuristicBot(0, Style(...))` against the default
`HeuristicBot(1)`. Prints the style's share of the wins (a shared win counts 1/2) and
both bots' mean points. The figures of docs/reference/numstop.md ("The search bot") came
from it: `--greed 2 --deals 30 --seed 2000` (60 games) and `--greed 2 --deals 100
--seed 5000` (200 games).
"""

from __future__ import annotations

import argparse

from numrules import numstop as ns
from numrules.numstop.strategy.push_luck import Style


def play(style: Style, seed: int, style_seat: int) -> tuple[float, int, int]:
    """One game: the style's share of the win, its points and the default bot's."""
    bots = [ns.HeuristicBot(0, style), ns.HeuristicBot(1)]
    if style_seat:
        bots.reverse()
    state = ns.new_game(ns.Config(players=2, max_rounds=1), seed=seed)
    while not ns.is_terminal(state):
        seat = min(ns.to_act(state))
        view = ns.observe(state, seat)
        state = ns.apply(state, bots[seat].act(view, ns.legal_actions_for(state, seat), False))
    winners = ns.winners(state)
    share = 1 / len(winners) if style_seat in winners else 0.0
    points = ns.scores(state)
    return share, points[style_seat], points[1 - style_seat]


def main() -> None:
    """Parse the options, play the deals, print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Style()
    parser.add_argument("--greed", type=float, default=default.greed)
    parser.add_argument("--lock-at", type=float, default=default.lock_at)
    parser.add_argument("--closing", type=int, default=default.closing)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2000)
    args = parser.parse_args()
    style = Style(greed=args.greed, lock_at=args.lock_at, closing=args.closing)
    wins = mine = theirs = 0.0
    for seed in range(args.seed, args.seed + args.deals):
        for seat in (0, 1):
            share, points, other = play(style, seed, seat)
            wins, mine, theirs = wins + share, mine + points, theirs + other
    games = 2 * args.deals
    print(f"{style}: {games} games, wins {wins / games:.1%}")
    print(f"mean points: style {mine / games:.1f}, default {theirs / games:.1f}")


if __name__ == "__main__":
    main()
