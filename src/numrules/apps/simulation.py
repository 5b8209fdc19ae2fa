"""Bot-vs-bot simulations in constant memory, on one core, every core or a Ray cluster.

`simulate(game, config, bots, games, seed)` plays `games` games and returns a `Summary`:
per seat the wins, shared wins and the distribution of final scores, the distribution of
game lengths, and (with `figures=True`) the counts behind each game's own figure in a
report (see `numrules.apps.report`). Game i is played with seed `game_seed(seed, i)`
(`derive_seed(seed, "game", i)`: two batches of different seeds share no game), and the
bot of seat s by `make_bot(name, derive_seed(game_seed(seed, i), "bot", s), game,
imports=True)`, so any game can be played again alone (`play_game`), and the summary does
not depend on how the games were shared out. The bot names are trusted (an import path or
a bot file is allowed): they come from whoever runs the simulation, never from a client of
a server.

The games are played in chunks (`numrules.apps.parallel.run_tasks`), in this process, in
`workers` local processes or on Ray. Each chunk sends back a `GameOutcome` per game (seat
scores, winners, length, a few counts), never the whole `MatchResult`, and the summary
is built as they arrive: memory does not grow with the number of games. `on_game` sees
each outcome, in game order, e.g. to write it to a JSONL file (`write_jsonl_line`).

With the native core installed (`numrules.native`, `pip install ./native`), games whose
bots are all `random` (any `decline`) or a `heuristic` the core plays are played in Rust,
with the same seeds and so the same results (`engine="auto"`, the default; `"python"`
always uses the Python engine, `"native"` insists on the core). Figures and records
always come from the Python engine.

A `Config` from option strings as the command line gives them (`--option mode=DISCOVERY`)
is built by `numrules.core.options.config_from_options`.
"""

from __future__ import annotations

import functools
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Any, Literal

import attrs

from numrules import native
from numrules.apps.parallel import Backend, check_backend, run_tasks
from numrules.core.bots import RandomBot, make_bot
from numrules.core.botspec import parse_bot
from numrules.core.errors import ConfigError
from numrules.core.figure import Key
from numrules.core.game import AnyGame, resolve_game
from numrules.core.match import MatchResult, play_match
from numrules.core.records import GameRecord
from numrules.core.rng import derive_seed
from numrules.core.serialization import dumps
from numrules.core.stats import wilson_interval

Engine = Literal["auto", "python", "native"]
"""Which engine plays a simulation's games (see the module docstring)."""

ENGINES: tuple[Engine, ...] = ("auto", "python", "native")

NATIVE_HEURISTICS = (3, 11)
"""The Python version on which the core plays the heuristic bots. Their Rust ports add
floats left to right as `sum()` does up to Python 3.11; from 3.12 on, `sum()` of floats
is compensated, which can change a close choice of the Python bot, so there the
heuristic bots are played by the Python engine."""

MAX_CHUNK = 250
"""Most games a worker plays before it sends their outcomes back."""

MIN_GAMES_PER_WORKER = 10
"""Local processes get at least this many games each (starting one costs about as much as
ten quick games): a batch of 15 games uses one process whatever `workers` says."""


def effective_workers(games: int, workers: int, backend: str = "processes") -> int:
    """The local processes a batch of `games` really uses (see `MIN_GAMES_PER_WORKER`)."""
    if backend != "processes":
        return workers
    return max(1, min(workers, games // MIN_GAMES_PER_WORKER))


@attrs.frozen(slots=True)
class GameOutcome:
    """What a worker sends back for one game (and what one JSONL line holds)."""

    index: int
    """The game's place in the batch."""
    seed: int
    """The game's seed: `game_seed(batch seed, index)`."""
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    length: int
    """The number of actions played."""
    figure: tuple[tuple[Key, int], ...] = ()
    """The game's own counts for the report (empty unless asked for)."""
    record: GameRecord | None = None
    """The game's record (None unless asked for)."""

    def to_json_line(self) -> str:
        """The outcome as one line of JSON (no record, no figure counts)."""
        return json.dumps(
            {
                "index": self.index,
                "seed": self.seed,
                "bots": list(self.bots),
                "scores": list(self.scores),
                "winners": list(self.winners),
                "length": self.length,
            },
            separators=(",", ":"),
        )


def sorted_counts(counts: Mapping[Key, int]) -> tuple[tuple[Key, int], ...]:
    """Figure counts as (key, count) pairs in a fixed order (by name, then value as text)."""
    return tuple(sorted(counts.items(), key=lambda item: (item[0][0], str(item[0][1]))))


def _histogram(counter: Counter[Any]) -> tuple[tuple[Any, int], ...]:
    return tuple(sorted(counter.items()))


@attrs.frozen(slots=True)
class SeatSummary:
    """One seat's results over a batch."""

    seat: int
    bot: str
    wins: int
    """Games it won, shared wins included."""
    shared: int
    """Games it won together with another seat."""
    scores: tuple[tuple[int, int], ...]
    """Its final scores as (score, games), by score."""

    @property
    def games(self) -> int:
        """Games played."""
        return sum(n for _, n in self.scores)

    @property
    def win_rate(self) -> float:
        """Wins per game."""
        return self.wins / self.games

    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        """The mean final score."""
        return _mean(self.scores)

    @property
    def spread(self) -> float:
        """The standard deviation of the final scores (over every game)."""
        return _spread(self.scores)

    @property
    def min_score(self) -> int:
        """The lowest final score."""
        return self.scores[0][0]

    @property
    def max_score(self) -> int:
        """The highest final score."""
        return self.scores[-1][0]


def _mean(histogram: tuple[tuple[int, int], ...]) -> float:
    n = sum(c for _, c in histogram)
    return sum(v * c for v, c in histogram) / n


def _spread(histogram: tuple[tuple[int, int], ...]) -> float:
    # Exact integer sums, so the result does not depend on the order of the games.
    n = sum(c for _, c in histogram)
    total = sum(v * c for v, c in histogram)
    squares = sum(v * v * c for v, c in histogram)
    return math.sqrt(n * squares - total * total) / n


@attrs.frozen(slots=True)
class Summary:
    """Statistics of a batch of simulated games (what `numrules simulate` prints).

    Two summaries are equal when their games gave the same results, however they were
    played (the time, the workers and the backend are not compared).
    """

    game: str
    """The game's registry name."""
    config: Any
    bots: tuple[str, ...]
    seed: int
    """The batch's seed: game i was played with seed `game_seed(seed, i)`."""
    games: int
    seats: tuple[SeatSummary, ...]
    lengths: tuple[tuple[int, int], ...]
    """Game lengths (actions) as (length, games), by length."""
    figure: tuple[tuple[Key, int], ...]
    """The game's own figure counts, summed over the games (empty unless asked for)."""
    seconds: float = attrs.field(eq=False)
    workers: int = attrs.field(eq=False, default=1)
    backend: str = attrs.field(eq=False, default="processes")

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.bots)

    def wins(self, seat: int) -> int:
        """Games `seat` won, shared wins included."""
        return self.seats[seat].wins

    def shared(self, seat: int) -> int:
        """Games `seat` won together with another seat."""
        return self.seats[seat].shared

    @property
    def mean_length(self) -> float:
        """The mean number of actions of a game."""
        return _mean(self.lengths)

    @property
    def length_spread(self) -> float:
        """The standard deviation of the number of actions of a game."""
        return _spread(self.lengths)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time."""
        return self.games / self.seconds if self.seconds else math.inf

    def to_data(self) -> dict[str, Any]:
        """The summary as plain JSON data (what `numrules simulate --json` prints)."""
        seats = []
        for s in self.seats:
            low, high = s.win_interval()
            seats.append(
                {
                    "seat": s.seat,
                    "bot": s.bot,
                    "wins": s.wins,
                    "win_rate": s.win_rate,
                    "win_low": low,
                    "win_high": high,
                    "shared": s.shared,
                    "mean_score": s.mean_score,
                    "spread": s.spread,
                    "min_score": s.min_score,
                    "max_score": s.max_score,
                    "scores": [list(pair) for pair in s.scores],
                }
            )
        return {
            "game": self.game,
            "config": json.loads(dumps(self.config)),
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "seats": seats,
            "lengths": {
                "mean": self.mean_length,
                "spread": self.length_spread,
                "min": self.lengths[0][0],
                "max": self.lengths[-1][0],
                "histogram": [list(pair) for pair in self.lengths],
            },
            "figure": [[*key, count] for key, count in self.figure],
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "workers": self.workers,
            "backend": self.backend,
        }

    def to_json(self) -> str:
        """The summary as a JSON document (`to_data`)."""
        return json.dumps(self.to_data(), indent=2)


class Tally:
    """Builds a `Summary` from outcomes as they arrive, keeping only counts."""

    def __init__(self, game: str, config: Any, bots: Sequence[str], seed: int) -> None:
        self.game = game
        self.config = config
        self.bots = tuple(bots)
        self.seed = seed
        self.games = 0
        self.wins = [0] * len(self.bots)
        self.shared = [0] * len(self.bots)
        self.scores: list[Counter[int]] = [Counter() for _ in self.bots]
        self.lengths: Counter[int] = Counter()
        self.figure: Counter[Key] = Counter()

    def add(self, outcome: GameOutcome) -> None:
        """Count one game."""
        self.games += 1
        for seat in outcome.winners:
            self.wins[seat] += 1
            if len(outcome.winners) > 1:
                self.shared[seat] += 1
        for seat, score in enumerate(outcome.scores):
            self.scores[seat][score] += 1
        self.lengths[outcome.length] += 1
        for key, count in outcome.figure:
            self.figure[key] += count

    def summary(self, seconds: float, workers: int = 1, backend: str = "processes") -> Summary:
        """The summary of the games counted so far."""
        if not self.games:
            raise ConfigError("a summary needs at least one game")
        seats = tuple(
            SeatSummary(seat, bot, self.wins[seat], self.shared[seat], _histogram(scores))
            for seat, (bot, scores) in enumerate(zip(self.bots, self.scores, strict=True))
        )
        return Summary(
            game=self.game,
            config=self.config,
            bots=self.bots,
            seed=self.seed,
            games=self.games,
            seats=seats,
            lengths=_histogram(self.lengths),
            figure=tuple(
                sorted(self.figure.items(), key=lambda item: (item[0][0], str(item[0][1])))
            ),
            seconds=seconds,
            workers=workers,
            backend=backend,
        )


@attrs.frozen(slots=True)
class _Plan:
    # What every chunk needs to play its games (sent to the workers).
    game: str
    config: Any
    bots: tuple[str, ...]
    seed: int
    figures: bool
    headers: tuple[tuple[str, str], ...] | None
    engine: Engine = "auto"


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a batch of seed `seed`: `derive_seed(seed, "game", index)`.

    Unlike `seed + index`, the games of batches with different seeds are unrelated (the
    batches of seeds 0 and 1 share no game).
    """
    return derive_seed(seed, "game", index)


def play_game(game: AnyGame | str, config: Any, bots: Sequence[str], seed: int) -> MatchResult:
    """Play the game a simulation plays with game seed `seed` (bots seeded from it).

    Game i of a batch is `play_game(game, config, bots, game_seed(batch_seed, i))`.

    The bot names are trusted, as in `simulate`: an import path is allowed.
    """
    g = resolve_game(game)
    seated = [
        make_bot(name, derive_seed(seed, "bot", seat), g, imports=True)
        for seat, name in enumerate(bots)
    ]
    return play_match(g, config, seated, seed)


def measure(game: AnyGame, result: MatchResult) -> tuple[tuple[Key, int], ...]:
    """The counts of one finished game that its own report figure needs (empty if none)."""
    if game.figure is None:
        return ()
    return sorted_counts(game.figure.count(game.events(result.final_state, None)))


def _play_chunk(
    plan: _Plan, start: int, stop: int, game: AnyGame | None = None
) -> list[GameOutcome]:
    # Games start..stop-1 of the batch, as outcomes (run in a worker).
    g = resolve_game(plan.game) if game is None else game
    if plan.engine != "python":
        played = _native_chunk(g, plan, start, stop)
        if played is not None:
            return played
    outcomes = []
    for index in range(start, stop):
        result = play_game(g, plan.config, plan.bots, game_seed(plan.seed, index))
        outcomes.append(
            GameOutcome(
                index=index,
                seed=result.seed,
                bots=plan.bots,
                scores=tuple(result.scores),
                winners=tuple(sorted(result.winners)),
                length=len(result.actions),
                figure=measure(g, result) if plan.figures else (),
                record=None
                if plan.headers is None
                else GameRecord.from_result(result, dict(plan.headers)),
            )
        )
    return outcomes


def native_policies(g: AnyGame, bots: Sequence[str]) -> list[tuple[str, float]] | None:
    """The native core's policy for each bot spec, or None if one has no native policy.

    `random` (with any `decline`) is `RandomBot`; `heuristic` without options is the
    game's heuristic bot, if the core has it (the core refuses it otherwise), on the
    Python version whose float sums the core's ports reproduce (`NATIVE_HEURISTICS`).
    """
    policies = []
    for text in bots:
        spec = parse_bot(text)
        options = dict(spec.options)
        if spec.name == "random" and "random" not in g.bots and set(options) <= {"decline"}:
            decline = RandomBot.OPTIONS["decline"].number(options.get("decline", 0.5))
            policies.append(("random", decline))
        elif spec.name == "heuristic" and not options and sys.version_info[:2] == NATIVE_HEURISTICS:
            policies.append(("heuristic", 0.0))
        else:
            return None
    return policies


def _native_chunk(g: AnyGame, plan: _Plan, start: int, stop: int) -> list[GameOutcome] | None:
    # Games start..stop-1 played by the native core, or None where it cannot play them
    # (no core, or a config, bot or output it does not have); "native" insists.
    policies = native_policies(g, plan.bots)
    if policies is None or not native.available(g.name) or plan.figures or plan.headers is not None:
        if plan.engine == "native":
            raise ConfigError(_why_not_native(g, policies is not None, plan))
        return None
    seeds = [game_seed(plan.seed, index) for index in range(start, stop)]
    try:
        handle = native.new_handle(g.name, plan.config, seeds[0])
        results = handle.simulate(seeds, policies)
    except ValueError as error:  # a config option or a bot the core does not have
        if plan.engine == "native":
            raise ConfigError(f"the native core cannot play these games: {error}") from None
        return None
    return [
        GameOutcome(
            index=index,
            seed=seed,
            bots=plan.bots,
            scores=tuple(scores),
            winners=tuple(winners),
            length=length,
        )
        for index, seed, (scores, winners, length, _) in zip(
            range(start, stop), seeds, results, strict=True
        )
    ]


def _why_not_native(g: AnyGame, policies: bool, plan: _Plan) -> str:
    # Why engine="native" cannot be used for these games.
    if not native.available():
        return "the native core is not installed (pip install ./native) or NUMRULES_NATIVE=0"
    if not native.available(g.name):
        return f"the native core does not play {g.name}"
    if not policies:
        return "the native core plays only random and heuristic bots (without options)"
    return "figures and records come from the Python engine (use engine='auto')"


def chunk_size(games: int, workers: int) -> int:
    """Games per task: about sixteen tasks per worker, at most `MAX_CHUNK` games each."""
    return max(1, min(MAX_CHUNK, -(-games // (workers * 16))))


def outcomes(
    game: AnyGame | str,
    config: Any,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    backend: Backend = "processes",
    address: str | None = None,
    figures: bool = False,
    record_headers: Mapping[str, str] | None = None,
    engine: Engine = "auto",
) -> Iterator[GameOutcome]:
    """Play the games of a simulation and yield their outcomes in game order (lazily).

    Arguments as for `simulate`; with `record_headers`, each outcome carries the game's
    record with these headers.
    """
    g = resolve_game(game)
    names = _check(g, config, bots, games, seed)
    check_backend(backend, workers, address)
    if engine not in ENGINES:
        raise ConfigError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    workers = effective_workers(games, workers, backend)
    plan = _Plan(
        g.name,
        config,
        names,
        seed,
        figures,
        None if record_headers is None else tuple(record_headers.items()),
        engine,
    )
    size = chunk_size(games, workers)
    tasks = ((plan, start, min(start + size, games)) for start in range(0, games, size))
    in_process = backend == "processes" and workers == 1
    fn = functools.partial(_play_chunk, game=g) if in_process else _play_chunk
    for chunk in run_tasks(fn, tasks, workers=workers, backend=backend, address=address):
        yield from chunk


def _check(g: AnyGame, config: Any, bots: Sequence[str], games: int, seed: int) -> tuple[str, ...]:
    if not isinstance(config, g.Config):
        raise ConfigError(f"config must be a {g.title} Config, got {type(config).__name__}")
    if type(games) is not int or games < 1:
        raise ConfigError(f"games must be a positive int, got {games!r}")
    if type(seed) is not int:
        raise ConfigError(f"seed must be an int, got {seed!r}")
    names = tuple(bots)
    if len(names) != config.players:
        raise ConfigError(f"{config.players} players need {config.players} bots, got {len(names)}")
    for name in names:
        make_bot(name, 0, g, imports=True)  # refuses a bad name before anything is played
    return names


def simulate(
    game: AnyGame | str,
    config: Any,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    backend: Backend = "processes",
    address: str | None = None,
    figures: bool = False,
    record_headers: Mapping[str, str] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
    engine: Engine = "auto",
) -> Summary:
    """Play `games` games between bots and summarise them, in constant memory.

    Args:
        game: a `Game` or a game name.
        config: the game's `Config`.
        bots: one bot name (or spec, see `make_bot`) per seat. They are trusted (the
            caller is whoever runs this process): an import path `package.module:Factory`
            is allowed, so never pass names taken from someone else, such as a client of
            a server; check those first with `check_bot`.
        games: how many games; game i uses seed `game_seed(seed, i)`.
        seed: the batch's seed, from which every game's seed derives.
        workers: processes (or, with a local Ray, CPUs) playing games side by side;
            the summary does not depend on it. Local processes get at least
            `MIN_GAMES_PER_WORKER` games each.
        backend: "processes" (local processes) or "ray" (see `numrules.apps.parallel`).
        address: the address of an existing Ray cluster (backend "ray" only).
        figures: also count what the game's own figure in a report needs.
        record_headers: with headers, each outcome passed to `on_game` carries its record.
        on_game: called with each game's outcome, in game order, as it arrives.
        engine: "auto" plays in the native core where it can (same results), "python"
            never, "native" always (see the module docstring).

    Raises:
        ConfigError: a bad config, bot, count, seed, backend, worker count or engine, or
            engine="native" where the core cannot play these games.

    """
    g = resolve_game(game)
    tally = Tally(g.name, config, tuple(bots), seed)
    started = time.perf_counter()
    for outcome in outcomes(
        g,
        config,
        bots,
        games,
        seed,
        workers=workers,
        backend=backend,
        address=address,
        figures=figures,
        record_headers=record_headers,
        engine=engine,
    ):
        tally.add(outcome)
        if on_game is not None:
            on_game(outcome)
    used = effective_workers(games, workers, backend)
    return tally.summary(time.perf_counter() - started, used, backend)


def write_jsonl_line(file: IO[str], outcome: GameOutcome) -> None:
    """Write `outcome` as one line of a JSONL file."""
    file.write(outcome.to_json_line() + "\n")
