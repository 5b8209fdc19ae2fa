"""Measure a bot against `RandomBot`s: win rate with its Wilson interval, scores, speed.

The bot under test takes each seat in turn (game i puts it at seat i mod players), each
game has its own seed, and a win shared by k seats counts 1/k. Run for Num Wars with::

    PYTHONPATH=src python -m tests.numwars.strength --games 400
    PYTHONPATH=src python -m tests.numwars.strength --games 100 --against heuristic

(the second plays four heuristic bots: every game must end, and a seat wins about 1/4).

`measure` is also what the fixed-seed strength tests call, on a few games.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import numrules
from numrules import Bot, RandomBot
from numrules.core.rng import derive_seed
from numrules.core.stats import wilson_interval


class Timed:
    """Wraps a bot and adds up the time its decisions take."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any:
        start = time.perf_counter()
        choice = self.bot.act(observation, actions, optional)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return choice


@attrs.frozen
class Strength:
    """The outcome of `measure`."""

    games: int
    wins: float
    """Games won by the bot under test, a win shared by k seats counting 1/k."""
    hero_score: float
    """The bot's mean final score."""
    other_score: float
    """The other seats' mean final score."""
    decisions: int
    seconds: float
    """Time spent in the bot's decisions."""

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    def report(self) -> str:
        low, high = self.interval
        return (
            f"{self.games} games: win rate {100 * self.rate:.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), mean score {self.hero_score:.1f} "
            f"vs {self.other_score:.1f} for the others; {self.decisions} decisions, "
            f"{1000 * self.per_decision:.3f} ms each"
        )


def measure(
    game: str,
    config: Any,
    hero: Callable[[int], Bot],
    games: int,
    seed: int = 0,
    other: Callable[[int], Bot] = RandomBot,
) -> Strength:
    """Play `games` games of `hero` against `other` bots, `hero` rotating through the seats."""
    players = config.players
    wins = 0.0
    hero_scores: list[float] = []
    other_scores: list[float] = []
    decisions, seconds = 0, 0.0
    for index in range(games):
        game_seed = seed + index
        seat = index % players
        timed = Timed(hero(derive_seed(game_seed, "bot", seat)))
        bots: list[Bot] = [
            timed if s == seat else other(derive_seed(game_seed, "bot", s)) for s in range(players)
        ]
        result = numrules.play_match(game, config, bots, game_seed)
        if seat in result.winners:
            wins += 1 / len(result.winners)
        hero_scores.append(result.scores[seat])
        other_scores.extend(score for s, score in enumerate(result.scores) if s != seat)
        decisions += timed.decisions
        seconds += timed.seconds
    return Strength(
        games=games,
        wins=wins,
        hero_score=statistics.fmean(hero_scores),
        other_score=statistics.fmean(other_scores),
        decisions=decisions,
        seconds=seconds,
    )


def main(game: str, argv: Sequence[str] | None = None) -> None:
    """Command line: measure `game`'s heuristic bot against random bots."""
    parser = argparse.ArgumentParser(description=f"{game} heuristic bot vs random bots")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--against",
        choices=("random", "heuristic"),
        default="random",
        help="the other seats' bot (heuristic: every seat plays the heuristic bot)",
    )
    args = parser.parse_args(argv)
    g = numrules.get_game(game)
    config = g.Config(players=args.players)
    hero = g.bots["heuristic"]
    other = RandomBot if args.against == "random" else hero
    strength = measure(game, config, hero, args.games, args.seed, other)
    print(f"{g.title}, {args.players} players, heuristic vs {args.against}: {strength.report()}")


if __name__ == "__main__":
    main("numwars")
