"""Tournaments on a chosen Config: the strength tables of docs/bots.md.

Usage:
    python benchmarks/strength.py GAME --bots A,B[,C] [--field BOT] [--players P]
        [--games N] [--seed S] [--workers W] [--set KEY=VALUE ...] [--json FILE]

It calls `numrules.tournament.play_tournament`, like `numrules tournament`, but on the
rules given by `--set` (for example `--set max_rounds=1`, a Stack Attack or Num Stop
game of one round; `--set rounds=1` for Num Bounce or Num Wars), so that a search bot
can be measured over enough games on a small machine. It prints the same table as the
command, plus the wall time of the run (and its CPU time with one worker). A value
that reads as an int is passed as one.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rich.console import Console

import numrules
from numrules.cli import render_tournament
from numrules.tournament import play_tournament


def _value(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return text


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, play the tournament, print its standings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bots", required=True, help="comma-separated bot specs")
    parser.add_argument("--field", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    game = numrules.get_game(args.game)
    options = {}
    for item in args.set:
        key, _, value = item.partition("=")
        options[key] = _value(value)
    config = game.Config(players=args.players, **options)
    started = time.process_time()
    result = play_tournament(
        game,
        [name.strip() for name in args.bots.split(",")],
        games=args.games,
        players=args.players,
        seed=args.seed,
        config=config,
        field=args.field,
        workers=args.workers,
    )
    cpu = time.process_time() - started
    Console(width=100).print(render_tournament(result))
    settings = ", ".join(f"{k}={v}" for k, v in options.items()) or "default rules"
    line = f"{game.title}, {settings}; wall {result.seconds:.0f} s"
    if args.workers == 1:  # the games ran in this process
        line += f", CPU {cpu:.0f} s"
    print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(result.to_json())
    sys.stdout.flush()


if __name__ == "__main__":
    main()
