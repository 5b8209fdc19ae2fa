"""Rated tournaments between bots: every bot in every seat, win rates, scores, ratings.

`play_tournament(game, bots, games=..., players=..., seed=...)` plays a duplicate
tournament. The games come in *cycles*, one game per bot: game k of a cycle seats bot
`(seat + k) mod len(bots)` in each seat, so over a cycle every bot sits once in every
seat, and all the games of a cycle are dealt from the same seed (the same cards, the
bots moved round the table). Seat order and the luck of the deal thus cancel out of
the comparison. With fewer bots than seats a bot plays several seats of one game;
every seat it plays counts as one *seat-game*, and a fair share of the wins is then
1/players of its seat-games. With a `field` bot, each game instead seats one of the
bots alone among field bots (one heuristic bot against three random ones), a cycle
putting every bot in every seat.

The result gives, for each bot: wins (a win shared by k seats counts 1/k), the win
rate per seat-game with its 95% Wilson interval, the mean final score with its 95%
interval, and a multiplayer rating with its uncertainty, from the Plackett-Luce model
of `openskill` (each game ranks the seats by score; a bot that plays several seats of
one game is rated from the mean of those seats' updates), and its mean thinking time
(CPU time of the process, so that other jobs on the machine do not inflate it).
Everything but the thinking times is reproducible from the seed: cycle c is dealt from
`derive_seed(seed, "deal", c)`, and the bot of seat s in game k of cycle c is built by
`make_bot(name, derive_seed(seed, "bot", c, k, s), game, imports=True)`, so any game can
be replayed on its own. The bot names are trusted (an import path is allowed): they come
from whoever runs the tournament, never from a client of a server.

Search bots (a decision costing more than a plain bot's, see `bot_work`: `ismcts`,
Num Stop's `search`) take seconds a game, so `default_bots` leaves them out: a default
tournament of 60 games ends in about a minute, and search bots are named to be rated.
`estimate_tournament` says beforehand how long a tournament will take, from a short
measured warm-up (the command line prints it before a long one).

The ratings need the `report` extra (`pip install 'numrules[report]'`).
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from numrules.apps.parallel import Backend, check_backend, run_tasks
from numrules.core.bots import RandomBot, bot_work, make_bot
from numrules.core.errors import ConfigError
from numrules.core.game import AnyGame, resolve_game
from numrules.core.match import play_match
from numrules.core.rng import derive_seed
from numrules.core.serialization import dumps
from numrules.core.stats import mean_interval, wilson_interval


@attrs.frozen(slots=True)
class TournamentGame:
    """One game of a tournament: who sat where, the deal's seed, and the result."""

    cycle: int
    """The cycle it belongs to (its deal)."""
    seed: int
    """The seed passed to `new_game` (shared by the games of a cycle)."""
    lineup: tuple[str, ...]
    """The bot of each seat."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    """The number of actions played."""


@attrs.frozen(slots=True)
class BotStanding:
    """One bot's results over a tournament."""

    bot: str
    seat_games: int
    """Seats it played, summed over the games."""
    wins: float
    """Games won (a win shared by k seats counts 1/k for each)."""
    win_low: float
    win_high: float
    """The 95% Wilson interval of the win rate."""
    mean_score: float
    score_low: float
    score_high: float
    """The 95% interval of the mean final score."""
    mu: float
    """The openskill (Plackett-Luce) rating's estimate of the bot's skill."""
    sigma: float
    """The rating's uncertainty (its standard deviation)."""
    seconds_per_decision: float
    """Mean thinking time per decision it was asked (CPU time, `time.process_time`)."""

    @property
    def win_rate(self) -> float:
        """Wins per seat-game."""
        return self.wins / self.seat_games

    @property
    def ordinal(self) -> float:
        """A conservative rating: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@attrs.frozen(slots=True)
class TournamentResult:
    """What `play_tournament` returns: the standings and every game."""

    game: str
    players: int
    bots: tuple[str, ...]
    field: str | None
    """The bot that filled every seat but one (None: the bots shared the table)."""
    seed: int
    standings: tuple[BotStanding, ...]
    """One per bot, in the order the bots were given, then the field's."""
    games: tuple[TournamentGame, ...]
    seconds: float
    config: Any = None
    """The game's `Config` every game was played with."""

    @property
    def fair_share(self) -> float:
        """The win rate of a bot no better than the others: 1/players."""
        return 1 / self.players

    def to_json(self) -> str:
        """The result as a JSON document (standings, games and settings, the rules included)."""
        document = attrs.asdict(self, recurse=True, filter=lambda a, _: a.name != "config")
        if self.config is not None:
            document["config"] = json.loads(dumps(self.config))["data"]
        for standing, row in zip(self.standings, document["standings"], strict=True):
            row["win_rate"] = standing.win_rate
            row["ordinal"] = standing.ordinal
        document["fair_share"] = self.fair_share
        return json.dumps(document, indent=2)


class _Timed:
    # Wraps a bot to measure its thinking time (CPU time: a busy machine does not inflate it).
    __slots__ = ("bot", "decisions", "seconds")
    clock = staticmethod(time.process_time)

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    @property
    def needs_observation(self) -> bool:
        # The wrapped bot's own answer (see docs/bots.md).
        return getattr(self.bot, "needs_observation", True) is not False

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        started = self.clock()
        try:
            return self.bot.act(observation, actions, optional)
        finally:
            self.seconds += self.clock() - started
            self.decisions += 1


def default_bots(game: AnyGame | str) -> tuple[str, ...]:
    """The bots a tournament rates when none are named: random and the game's own bots.

    Search bots are opt-in: a bot whose decision costs more than a plain bot's
    (`bot_work` above 1, as `ismcts` and Num Stop's `search`) is left out, so that a
    default tournament ends in about a minute. `first` joins when that leaves fewer than
    two bots (a game with no bots of its own).
    """
    g = resolve_game(game)
    names = ["random", *(name for name in g.bots if bot_work(name, g) <= 1)]
    if len(names) < 2:
        names.append("first")
    return tuple(names)


def lineups(
    bots: Sequence[str], players: int, field: str | None = None
) -> tuple[tuple[str, ...], ...]:
    """The lineup of each game of a cycle.

    Without `field`, game k seats bot (seat + k) mod len(bots). With a `field` bot, each
    game seats one of `bots` alone among field bots: every bot in every seat, in
    len(bots) * players games.
    """
    if field is not None:
        return tuple(
            tuple(bot if s == seat else field for s in range(players))
            for bot in bots
            for seat in range(players)
        )
    n = len(bots)
    return tuple(tuple(bots[(seat + k) % n] for seat in range(players)) for k in range(n))


def play_tournament(
    game: AnyGame | str,
    bots: Sequence[str],
    *,
    games: int,
    players: int,
    seed: int = 0,
    config: Any = None,
    field: str | None = None,
    workers: int = 1,
    backend: Backend = "processes",
    address: str | None = None,
    progress: Callable[[], None] | None = None,
) -> TournamentResult:
    """Play a duplicate tournament between `bots` (names or specs, see `make_bot`).

    Args:
        game: a `Game` or a game name.
        bots: the bots, each a name `make_bot` knows: at least two, or one with `field`.
            They are trusted: an import path `package.module:Factory` is allowed, so
            never pass names taken from someone else (check those with `check_bot`).
        games: games to play, rounded up to whole cycles (one game per bot, or per bot
            and seat with `field`).
        players: seats at the table.
        seed: every deal and every bot's seed derives from it.
        config: the game's `Config` (default: the default rules for `players`).
        field: a bot that fills every seat but one: each game then measures one of
            `bots` against the field (`bots=["heuristic"], field="random"`: one heuristic
            bot against three random ones). The field gets a standing too.
        workers: processes playing games side by side (1: all in this process), or the
            CPUs of a local Ray. The result does not depend on it.
        backend: "processes" or "ray" (see `numrules.apps.parallel`).
        address: the address of an existing Ray cluster (backend "ray" only).
        progress: called after each game (e.g. to advance a progress bar).

    Raises:
        ConfigError: fewer than two bots, a bot twice, an unknown bot, a bad count of
            games, a config for another table size, a bad backend or worker count, or
            `openskill` (or, for the ray backend, `ray`) is missing.

    """
    g = resolve_game(game)
    check_backend(backend, workers, address)
    names, rated, config = _checked(g, bots, games, players, config, field)
    model = _rating_model()
    cycle_games = lineups(names, players, field)
    cycles = math.ceil(games / len(cycle_games))
    tasks = [
        (g.name, config, seed, cycle, k, lineup)
        for cycle in range(cycles)
        for k, lineup in enumerate(cycle_games)
    ]
    started = time.perf_counter()
    in_process = backend == "processes" and workers == 1
    fn = functools.partial(_play_one, game=g) if in_process else _play_one
    outcomes = []
    for outcome in run_tasks(fn, tasks, workers=workers, backend=backend, address=address):
        outcomes.append(outcome)  # in schedule order, however the games were shared out
        if progress is not None:
            progress()
    ratings = {name: model.rating(name=name) for name in rated}
    for played, _ in outcomes:  # in schedule order, whatever order the games ended in
        _rate(model, ratings, played.lineup, played.scores, g.lower_score_wins)
    played_games = [played for played, _ in outcomes]
    standings = tuple(
        _standing(name, played_games, ratings[name], [t for _, ts in outcomes for t in ts])
        for name in rated
    )
    return TournamentResult(
        game=g.name,
        players=players,
        bots=names,
        field=field,
        seed=seed,
        standings=standings,
        games=tuple(played_games),
        seconds=time.perf_counter() - started,
        config=config,
    )


LONG_TOURNAMENT = 30.0
"""Seconds above which the command line prints a tournament's estimate before playing it."""

WARM_UP_SECONDS = 0.5
"""The thinking time `estimate_tournament` measures of each bot (seconds; a bot whose
first decision takes longer is measured on that one decision)."""


@attrs.frozen(slots=True)
class TournamentEstimate:
    """How long a tournament will take, from a measured warm-up (`estimate_tournament`)."""

    seconds: float
    """The expected time: `sequential` shared among the workers."""
    sequential: float
    """The expected time of every game played one after the other."""
    games: int
    """The games the tournament plays (whole cycles)."""
    seconds_per_decision: tuple[tuple[str, float], ...]
    """Each bot's measured thinking time per decision (wall seconds), as (bot, seconds)."""
    decisions: tuple[int, ...]
    """Decisions per seat in a game of random bots (what the estimate counts per game)."""
    warm_up: float
    """The seconds the warm-up itself took."""


class _WarmUpOverError(Exception):
    # Stops a warm-up game once its bot has been timed long enough.
    pass


class _Budget(_Timed):
    # A timed bot that stops its warm-up game once the seats together passed `limit`.
    # Wall time: the load of the machine at the time counts, as it will in the games.
    __slots__ = ("limit", "shared")
    clock = staticmethod(time.perf_counter)

    def __init__(self, bot: Any, shared: list[_Timed], limit: float) -> None:
        super().__init__(bot)
        self.shared = shared
        self.limit = limit

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        if sum(t.seconds for t in self.shared) >= self.limit:
            raise _WarmUpOverError
        return super().act(observation, actions, optional)


def estimate_tournament(
    game: AnyGame | str,
    bots: Sequence[str],
    *,
    games: int,
    players: int,
    seed: int = 0,
    config: Any = None,
    field: str | None = None,
    workers: int = 1,
    budget: float = WARM_UP_SECONDS,
) -> TournamentEstimate:
    """Estimate how long `play_tournament` with these arguments will take, by a warm-up.

    The warm-up plays one game of random bots, counting each seat's decisions and the
    time of the game itself (the engine's share), then, for each bot, a game with that
    bot in every seat, stopped once the bot has thought `budget` seconds (after its
    first decision at least). A game of the tournament is then its engine time plus,
    for each seat, its decisions times its bot's time per decision; the total is shared
    among `workers` (pass no more than the cores that will play). The times are wall
    times, so the machine's load during the warm-up counts as it will in the games; the
    games of bots that play longer or shorter games than random bots do take that much
    longer or shorter.

    Raises:
        ConfigError: as `play_tournament` (bad bots, games, config or workers).
        NumrulesError: a bot or the engine failed during a warm-up game.

    """
    g = resolve_game(game)
    if type(workers) is not int or workers < 1:
        raise ConfigError(f"workers must be a positive int, got {workers!r}")
    names, rated, config = _checked(g, bots, games, players, config, field)
    cycle = lineups(names, players, field)
    cycles = math.ceil(games / len(cycle))
    started = time.perf_counter()
    reference = [_Timed(RandomBot(derive_seed(seed, "estimate", s))) for s in range(players)]
    play_match(g, config, reference, derive_seed(seed, "estimate"))
    engine = time.perf_counter() - started
    decisions = tuple(t.decisions for t in reference)
    costs = {}
    for index, name in enumerate(rated):
        seats: list[_Timed] = []
        for s in range(players):
            bot = make_bot(name, derive_seed(seed, "estimate", index, s), g, imports=True)
            seats.append(_Budget(bot, seats, budget))
        with contextlib.suppress(_WarmUpOverError):  # stopped once timed long enough
            play_match(g, config, seats, derive_seed(seed, "estimate", index))
        made = sum(t.decisions for t in seats)
        costs[name] = sum(t.seconds for t in seats) / made if made else 0.0
    per_cycle = sum(
        engine + sum(n * costs[bot] for n, bot in zip(decisions, lineup, strict=True))
        for lineup in cycle
    )
    total = cycles * len(cycle)
    return TournamentEstimate(
        seconds=cycles * per_cycle / min(workers, total),
        sequential=cycles * per_cycle,
        games=total,
        seconds_per_decision=tuple(costs.items()),
        decisions=decisions,
        warm_up=time.perf_counter() - started,
    )


def _checked(
    g: AnyGame, bots: Sequence[str], games: int, players: int, config: Any, field: str | None
) -> tuple[tuple[str, ...], tuple[str, ...], Any]:
    # The bots, the rated bots (the field's too) and the config, each checked, before
    # anything is played.
    names = tuple(bots)
    if len(set(names)) != len(names) or field in names or len(names) < (1 if field else 2):
        raise ConfigError(
            f"a tournament needs at least two different bots, or one or more against a "
            f"field bot not among them, got {names}"
            + (f" and the field {field!r}" if field else "")
        )
    rated = names if field is None else (*names, field)
    if type(games) is not int or games < 1:
        raise ConfigError(f"games must be a positive int, got {games!r}")
    config = g.Config(players=players) if config is None else config
    if config.players != players:
        raise ConfigError(f"the config is for {config.players} players, not {players}")
    for name in rated:
        make_bot(name, 0, g, imports=True)  # refuses a bad name before anything is played
    return names, rated, config


def _play_one(
    name: str,
    config: Any,
    seed: int,
    cycle: int,
    k: int,
    lineup: tuple[str, ...],
    game: AnyGame | None = None,
) -> tuple[TournamentGame, list[tuple[str, int, float]]]:
    # One game of the schedule, and each seat's (bot, decisions, seconds) (picklable).
    g = resolve_game(name) if game is None else game
    deal = derive_seed(seed, "deal", cycle)
    seats = [
        _Timed(make_bot(bot, derive_seed(seed, "bot", cycle, k, s), g, imports=True))
        for s, bot in enumerate(lineup)
    ]
    result = play_match(g, config, seats, deal)
    played = TournamentGame(
        cycle=cycle,
        seed=deal,
        lineup=lineup,
        scores=result.scores,
        winners=tuple(sorted(result.winners)),
        actions=len(result.actions),
    )
    return played, [(bot, t.decisions, t.seconds) for bot, t in zip(lineup, seats, strict=True)]


def _rating_model() -> Any:
    try:
        from openskill.models import PlackettLuce  # noqa: PLC0415 (an optional extra)
    except ImportError:
        raise ConfigError(
            "tournament ratings need openskill: pip install 'numrules[report]'"
        ) from None
    return PlackettLuce()


def _rate(
    model: Any,
    ratings: dict[str, Any],
    lineup: tuple[str, ...],
    scores: tuple[int, ...],
    lower_wins: bool,
) -> None:
    # One Plackett-Luce update, each seat a team; ranks from the scores (ties share).
    keyed = [-s if not lower_wins else s for s in scores]
    ranks = [sorted(keyed).index(k) + 1 for k in keyed]
    updated = model.rate([[ratings[name]] for name in lineup], ranks=ranks)
    for name in set(lineup):
        mine = [team[0] for team, seat_bot in zip(updated, lineup, strict=True) if seat_bot == name]
        mu = sum(r.mu for r in mine) / len(mine)
        sigma = sum(r.sigma for r in mine) / len(mine)
        ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)


def _standing(
    name: str,
    games: list[TournamentGame],
    rating: Any,
    timings: list[tuple[str, int, float]],
) -> BotStanding:
    seat_games = 0
    wins = 0.0
    scores: list[float] = []
    for played in games:
        for seat, bot in enumerate(played.lineup):
            if bot != name:
                continue
            seat_games += 1
            scores.append(played.scores[seat])
            if seat in played.winners:
                wins += 1 / len(played.winners)
    low, high = wilson_interval(wins, seat_games)
    if len(scores) >= 2:
        mean, score_low, score_high = mean_interval(scores)
    else:
        mean = score_low = score_high = scores[0]
    mine = [(decisions, seconds) for bot, decisions, seconds in timings if bot == name]
    decisions = sum(d for d, _ in mine)
    return BotStanding(
        bot=name,
        seat_games=seat_games,
        wins=wins,
        win_low=low,
        win_high=high,
        mean_score=mean,
        score_low=score_low,
        score_high=score_high,
        mu=rating.mu,
        sigma=rating.sigma,
        seconds_per_decision=sum(t for _, t in mine) / decisions if decisions else 0.0,
    )
