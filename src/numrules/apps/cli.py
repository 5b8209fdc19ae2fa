"""The `numrules` command: list the games, simulate bot matches, write and replay records.

Needs the `cli` extra (`pip install 'numrules[cli]'`), which brings click and rich.
"""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from numrules.apps.parallel import BACKENDS, check_backend, default_workers
from numrules.apps.simulation import ENGINES, GameOutcome, Summary, simulate, write_jsonl_line
from numrules.core.bots import BOTS, make_bot
from numrules.core.errors import ConfigError, NumrulesError
from numrules.core.events import count_text
from numrules.core.game import AnyGame, all_games, game_names, get_game
from numrules.core.options import config_from_options, config_text, parse_options
from numrules.core.records import GameRecord, load_record, save_record

try:
    import click
    from rich import box
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table
except ImportError:  # pragma: no cover - exercised only without the extra
    click = None  # type: ignore[assignment]


def render(summary: Summary) -> Table:
    """The summary as a rich table: one row per seat."""
    game = get_game(summary.game)
    direction = "lowest" if game.lower_score_wins else "highest"
    table = Table(
        title=f"{game.title}: {count_text(summary.games, 'game')}, {summary.players} players",
        caption=f"{direction} score wins; ties share the win",
    )
    for header in ("seat", "bot", "wins", "win %", "shared", "mean score", "spread", "min", "max"):
        if header == "bot":  # a long spec or file path is folded, never cut
            table.add_column(header, overflow="fold")
        else:
            table.add_column(header, justify="right")
    for seat in summary.seats:
        table.add_row(
            str(seat.seat),
            seat.bot,
            str(seat.wins),
            f"{100 * seat.win_rate:.1f}",
            str(seat.shared),
            f"{seat.mean_score:.1f}",
            _spread(summary.games, seat.spread),
            str(seat.min_score),
            str(seat.max_score),
        )
    return table


def _spread(games: int, value: float) -> str:
    return f"{value:.1f}" if games > 1 else "-"


def render_totals(summary: Summary) -> Table:
    """The rules, the seed, the game lengths and the speed of the batch."""
    table = Table(show_header=False, box=None)
    table.add_column(justify="right")
    table.add_column()
    table.add_row("rules", config_text(summary.game, summary.config))
    table.add_row("seed", str(summary.seed))
    table.add_row(
        "actions per game",
        f"mean {summary.mean_length:.1f}, spread "
        f"{_spread(summary.games, summary.length_spread)}, min {summary.lengths[0][0]}, "
        f"max {summary.lengths[-1][0]}",
    )
    where = (
        "in this process"
        if summary.workers == 1 and summary.backend == "processes"
        else (f"{count_text(summary.workers, 'worker')}, backend {summary.backend}")
    )
    table.add_row("time", f"{summary.seconds:.2f} s ({where})")
    table.add_row("games per second", f"{summary.games_per_second:.1f}")
    return table


def render_tournament(result: Any) -> Table:
    """The standings of a `TournamentResult` as a rich table, best rating first."""
    game = get_game(result.game)
    against = f", each against {result.field}" if result.field is not None else ""
    table = Table(
        title=f"{game.title}: {len(result.games)} games, {result.players} players{against}, "
        f"seed {result.seed} (fair share {result.fair_share:.0%})",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("bot", overflow="fold", min_width=10)
    for header in ("seats", "wins", "win % (95% CI)", "score", "rating", "ms"):
        table.add_column(header, justify="right", no_wrap=True)
    for s in sorted(result.standings, key=lambda s: -s.mu):
        score = f"{s.mean_score:.1f}"
        if s.seat_games > 1:  # one score has no interval
            score += f" ±{(s.score_high - s.score_low) / 2:.1f}"
        table.add_row(
            s.bot,
            str(s.seat_games),
            f"{s.wins:g}",
            f"{100 * s.win_rate:.1f} ({100 * s.win_low:.0f}-{100 * s.win_high:.0f})",
            score,
            f"{s.mu:.1f} ±{s.sigma:.1f}",
            f"{s.seconds_per_decision * 1000:.2f}",
        )
    rules = "" if result.config is None else f"rules: {config_text(game, result.config)}\n"
    table.caption = (
        f"{rules}score: mean final score ±95% interval (Student's t); "
        "rating: openskill mu ±sigma; ms: per decision"
    )
    return table


def duration_text(seconds: float) -> str:
    """A duration for people, rounded: "40 s", "3 min", "1 h 20 min"."""
    if seconds < 59.5:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


def _milliseconds(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.0f} ms" if ms >= 10 else f"{ms:.2g} ms"


def estimate_lines(estimate: Any) -> list[str]:
    """What the command prints before a long tournament (a `TournamentEstimate`)."""
    slowest = sorted(estimate.seconds_per_decision, key=lambda pair: -pair[1])
    costs = ", ".join(f"{bot} {_milliseconds(seconds)}" for bot, seconds in slowest)
    return [
        f"This tournament will take about {duration_text(estimate.seconds)} "
        f"({count_text(estimate.games, 'game')}; thinking time per decision: {costs}; "
        f"measured in a {estimate.warm_up:.1f} s warm-up).",
        "Fewer --games, cheaper bots (ismcts?iterations=100) or more --workers make it shorter.",
    ]


def _parse_bots(text: str, players: int, game: AnyGame) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        try:
            make_bot(name, 0, game, imports=True)  # the person running us names the bots
        except NumrulesError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise click.BadParameter(f"give one bot for all seats or exactly {players} bots")
    return names


def _seats(values: Sequence[int] | frozenset[int], scores: bool) -> str:
    if scores:
        return ", ".join(f"seat {seat} {value}" for seat, value in enumerate(values))
    return ", ".join(f"seat {seat}" for seat in sorted(values)) or "none"


def replay_lines(record: GameRecord, seat: int | None = None) -> Iterator[str]:
    """The text `numrules replay` prints: a header, each action and its events, the result.

    With `seat`, only what that seat was told: its own actions in notation, the other
    seats' actions only through the events they caused (a secret pick stays hidden until
    the game reveals it), and no stacked deck.
    """
    game = get_game(record.game)
    players = record.config.players
    yield f"{game.title}: {players} players, seed {record.seed}"
    if record.deck is not None:
        cards = " ".join(map(str, record.deck)) if seat is None else f"{len(record.deck)} cards"
        yield f"stacked deck: {cards}"
    for key, value in record.headers.items():
        yield f"{key}: {value}"
    yield f"written by numrules {record.library_version}"
    if seat is None:
        yield "view: every action, with the events a spectator is told"
    else:
        yield f"view: seat {seat} (other seats' actions show only through their events)"
    for step in record.steps(seat):
        yield ""
        if step.number == 0:
            yield "start"
        elif step.action is not None:
            yield f"{step.number}. {step.action}"
        else:
            yield f"{step.number}. seat {step.seat} acts"
        for event in step.events:
            yield f"    {event}"
    yield ""
    yield f"scores: {_seats(record.scores, scores=True)}"
    yield f"winners: {_seats(record.winners, scores=False)}"


def _rules_config(
    game: AnyGame, players: int | None, options: Sequence[str], config_file: Path | None
) -> Any:
    # The Config of simulate and tournament: the JSON file's options, then --option,
    # then --players.
    values: dict[str, object] = {}
    try:
        if config_file is not None:
            try:
                loaded = json.loads(config_file.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise click.FileError(str(config_file), hint=str(exc)) from None
            if not isinstance(loaded, dict):
                raise ConfigError(f"{config_file}: a config file is a JSON object of options")
            values.update(loaded)
        values.update(parse_options(options))
        return config_from_options(game, values, players)
    except ConfigError as exc:
        raise click.BadParameter(str(exc), param_hint="--option/--config/--players") from None


def _open(path: Path) -> IO[str]:
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        raise click.FileError(str(path), hint=str(exc)) from None


class RecordFileError(click.ClickException if click is not None else Exception):  # type: ignore[misc]
    """A record file that cannot be read or replayed (exit code 2)."""

    exit_code = 2


def _rule_options(command: Any) -> Any:
    # --option and --config: the rules (Config) of the games simulate and tournament play.
    options = [
        click.option(
            "--option",
            "-o",
            "options",
            multiple=True,
            metavar="NAME=VALUE",
            help="Set a rule of the game's Config (repeatable): --option mode=DISCOVERY "
            "--option target_wins=3. An unknown name lists the options.",
        ),
        click.option(
            "--config",
            "config_file",
            type=click.Path(exists=True, dir_okay=False, path_type=Path),
            default=None,
            help='A JSON file of Config options, e.g. {"mode": "discovery", "max_rounds": 5}; '
            "--option values override it.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _parallel_options(command: Any) -> Any:
    # --workers, --backend and --address: where the games of simulate and tournament run.
    options = [
        click.option(
            "--workers",
            "-j",
            default=None,
            type=click.IntRange(min=1),
            help="Processes playing games side by side (default: every core; 1: no pool). "
            "The results do not depend on it.",
        ),
        click.option(
            "--backend",
            type=click.Choice(BACKENDS),
            default="processes",
            show_default=True,
            help="Local processes, or Ray tasks (needs numrules[ray]).",
        ),
        click.option(
            "--address",
            default=None,
            help="With --backend ray: the address of an existing Ray cluster (e.g. auto, or "
            "ray://head:10001). Without it, a local Ray with --workers CPUs is started.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _build() -> Any:
    @click.group(context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(package_name="numrules")
    def cli() -> None:
        """Rules engine for Num Stop, Num Bounce, Num Wars and Stack Attack."""

    @cli.command()
    def games() -> None:
        """List the games numrules can play."""
        table = Table(title="numrules games")
        for header in ("name", "title", "players", "winner"):
            table.add_column(header)
        for game in all_games():
            winner = "lowest score" if game.lower_score_wins else "highest score"
            table.add_row(game.name, game.title, f"{game.min_players}-{game.max_players}", winner)
        Console().print(table)

    @cli.command("simulate")
    @click.argument("game", type=click.Choice(game_names()))
    @click.option(
        "--games",
        "-n",
        "count",
        default=100,
        show_default=True,
        type=click.IntRange(min=1),
        help="Number of games to play.",
    )
    @click.option(
        "--players",
        "-p",
        type=int,
        default=None,
        help="Number of players (default: the game's smallest table).",
    )
    @click.option(
        "--seed",
        "-s",
        default=0,
        show_default=True,
        type=int,
        help="Seed of the batch: game i uses seed game_seed(SEED, i), so two seeds give "
        "unrelated games.",
    )
    @click.option(
        "--bots",
        "-b",
        default="random",
        show_default=True,
        help=f"Comma-separated bot per seat, or one for all ({', '.join(sorted(BOTS))}, "
        "a game's own bots such as heuristic, an import path package.module:Factory, a "
        "module of the current folder such as mybot:Bot, or a file path/to/mybot.py:Bot).",
    )
    @_rule_options
    @_parallel_options
    @click.option(
        "--json",
        "as_json",
        is_flag=True,
        help="Print the summary as JSON instead of tables.",
    )
    @click.option(
        "--jsonl",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Write one JSON line per game (index, seed, bots, scores, winners, length).",
    )
    @click.option(
        "--report",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Write a self-contained HTML page of plots (needs numrules[report]).",
    )
    @click.option(
        "--records",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Write one record per game to this directory, GAME-SEED-INDEX.nrec (SEED: "
        "--seed; INDEX: the game's place in the batch, from 0).",
    )
    @click.option(
        "--engine",
        type=click.Choice(ENGINES),
        default="auto",
        show_default=True,
        help="Who plays the games: auto uses the native core (pip install ./native) for "
        "random and heuristic bots when it is installed, with the same results; python "
        "never; native insists.",
    )
    def simulate_command(
        game: str,
        count: int,
        players: int | None,
        seed: int,
        bots: str,
        options: tuple[str, ...],
        config_file: Path | None,
        workers: int | None,
        backend: str,
        address: str | None,
        as_json: bool,
        jsonl: Path | None,
        report: Path | None,
        records: Path | None,
        engine: str,
    ) -> None:
        """Play GAME many times with bots and print a summary.

        Games are shared out among processes (--workers) or Ray tasks (--backend ray) and
        summed up as they finish, so memory does not grow with --games; the summary is
        the same for any number of workers. Each game's seed derives from --seed and the
        game's index (the JSONL lines and --records give it), so it can be replayed alone.
        """
        g = get_game(game)
        config = _rules_config(g, players, options, config_file)
        names = _parse_bots(bots, config.players, g)
        if report is not None:
            from numrules.apps.report import require_matplotlib  # noqa: PLC0415 (optional extra)

            try:
                require_matplotlib()
            except ConfigError as exc:
                raise click.UsageError(str(exc)) from None
        console = Console(stderr=as_json)
        say = (lambda text: click.echo(text, err=True)) if as_json else click.echo
        files: list[IO[str]] = []
        headers = None
        if records is not None:
            try:
                records.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise click.FileError(str(records), hint=str(exc)) from None
            headers = {
                "Bots": ",".join(names),
                "Date": datetime.datetime.now(datetime.UTC).date().isoformat(),
            }
        try:
            lines = _open(jsonl) if jsonl is not None else None
            if lines is not None:
                files.append(lines)
            with Progress(console=console, transient=True, disable=count < 20) as bar:
                task = bar.add_task(f"{g.title}", total=count)

                def on_game(outcome: GameOutcome) -> None:
                    if lines is not None:
                        write_jsonl_line(lines, outcome)
                    if records is not None and outcome.record is not None:
                        path = records / f"{g.name}-{seed}-{outcome.index}.nrec"
                        try:
                            save_record(outcome.record, path)
                        except OSError as exc:
                            raise click.FileError(str(path), hint=str(exc)) from None
                    bar.advance(task)

                try:
                    summary = simulate(
                        g,
                        config,
                        names,
                        count,
                        seed,
                        workers=workers if workers is not None else default_workers(),
                        backend=backend,  # type: ignore[arg-type]
                        address=address,
                        figures=report is not None,
                        record_headers=headers,
                        on_game=on_game,
                        engine=engine,  # type: ignore[arg-type]
                    )
                except ConfigError as exc:
                    raise click.UsageError(str(exc)) from None
                except NumrulesError as exc:  # a bot or the engine failed during a game
                    raise click.ClickException(f"a simulated game failed: {exc}") from None
        finally:
            for file in files:
                file.close()
        if as_json:
            click.echo(summary.to_json())
        else:
            console.print(render(summary))
            console.print(render_totals(summary))
        if jsonl is not None:
            say(f"wrote {count_text(summary.games, 'line')} to {jsonl}")
        if records is not None:
            say(f"wrote {count_text(summary.games, 'record')} to {records}")
        if report is not None:
            from numrules.apps.report import write_report  # noqa: PLC0415 (matplotlib is optional)

            try:
                write_report(summary, report)
            except ConfigError as exc:
                raise click.UsageError(str(exc)) from None
            except OSError as exc:
                raise click.FileError(str(report), hint=str(exc)) from None
            say(f"wrote the report to {report}")

    @cli.command("tournament")
    @click.argument("game", type=click.Choice(game_names()))
    @click.option(
        "--bots",
        "-b",
        default=None,
        help="Comma-separated bots, at least two (or one with --field): names, names with options "
        "(ismcts?iterations=200&rollout=heuristic), import paths package.module:Factory, "
        "modules of the current folder (mybot:Bot) or files (path/to/mybot.py:Bot). "
        "Default: random and the game's own bots that do not search; search bots such as "
        "ismcts take seconds a game and are rated when named.",
    )
    @click.option(
        "--games",
        "-n",
        "count",
        default=60,
        show_default=True,
        type=click.IntRange(min=1),
        help="Games to play, rounded up to whole cycles (one game per bot).",
    )
    @click.option(
        "--players",
        "-p",
        type=int,
        default=None,
        help="Number of players (default: the game's smallest table).",
    )
    @click.option(
        "--field",
        default=None,
        help="A bot filling every seat but one: each game pits one of --bots against it "
        "(--bots heuristic --field random: one heuristic bot against random ones).",
    )
    @click.option("--seed", "-s", default=0, show_default=True, type=int, help="Tournament seed.")
    @_rule_options
    @_parallel_options
    @click.option(
        "--json",
        "json_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Also write the results (standings and every game) to this JSON file.",
    )
    def tournament_command(
        game: str,
        bots: str | None,
        count: int,
        players: int | None,
        field: str | None,
        seed: int,
        options: tuple[str, ...],
        config_file: Path | None,
        workers: int | None,
        backend: str,
        address: str | None,
        json_path: Path | None,
    ) -> None:
        """Rate bots on GAME: every bot in every seat, win rates, scores and ratings.

        Before a tournament that would take more than half a minute, the command prints
        how long it will take, from a short measured warm-up of each bot.
        """
        from numrules.apps import tournament  # noqa: PLC0415

        g = get_game(game)
        given = ",".join(tournament.default_bots(g)) if bots is None else bots
        names = [name.strip() for name in given.split(",") if name.strip()]
        config = _rules_config(g, players, options, config_file)
        seats = config.players
        parallel = workers if workers is not None else default_workers()
        try:
            check_backend(backend, parallel, address)
        except ConfigError as exc:
            raise click.UsageError(str(exc)) from None
        console = Console()
        try:
            with console.status("timing the bots"):
                estimate = tournament.estimate_tournament(
                    g,
                    names,
                    games=count,
                    players=seats,
                    seed=seed,
                    config=config,
                    field=field,
                    # local processes share this machine's cores
                    workers=min(parallel, default_workers()) if address is None else parallel,
                )
        except ConfigError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
        except NumrulesError as exc:  # a bot or the engine failed during the warm-up
            raise click.ClickException(f"a warm-up game failed: {exc}") from None
        if estimate.seconds > tournament.LONG_TOURNAMENT:
            for line in estimate_lines(estimate):
                console.print(line, highlight=False)
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task(f"{g.title} tournament", total=estimate.games)
            try:
                result = tournament.play_tournament(
                    g,
                    names,
                    games=count,
                    players=seats,
                    seed=seed,
                    config=config,
                    field=field,
                    workers=parallel,
                    backend=backend,  # type: ignore[arg-type]
                    address=address,
                    progress=lambda: bar.advance(task),
                )
            except ConfigError as exc:
                raise click.BadParameter(str(exc), param_hint="--bots") from None
            except NumrulesError as exc:  # a bot or the engine failed during a game
                raise click.ClickException(f"a tournament game failed: {exc}") from None
        console.print(render_tournament(result))
        if json_path is not None:
            try:
                json_path.write_text(result.to_json())
            except OSError as exc:
                raise click.FileError(str(json_path), hint=str(exc)) from None
            click.echo(f"wrote the results to {json_path}")

    @cli.command("replay")
    @click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option(
        "--seat",
        "-S",
        type=int,
        default=None,
        help="Show the game as this seat saw it (default: as a spectator).",
    )
    @click.option(
        "--print",
        "print_all",
        is_flag=True,
        help="Print every position and leave (the default when stdin is not a terminal).",
    )
    @click.option(
        "--log",
        is_flag=True,
        help="Print the actions and their events only, without the positions.",
    )
    @click.option("--plain", is_flag=True, help="No colours, even on a terminal.")
    def replay_command(
        file: Path, seat: int | None, print_all: bool, log: bool, plain: bool
    ) -> None:
        """Step through the game record FILE, position by position (n/b, r N, q)."""
        try:
            record = load_record(file)
            record.replay()
        except (NumrulesError, OSError) as exc:
            raise RecordFileError(f"{file}: {exc}") from None
        if seat is not None and not 0 <= seat < record.config.players:
            raise click.BadParameter(
                f"the game has seats 0 to {record.config.players - 1}", param_hint="--seat"
            )
        if log:
            for line in replay_lines(record, seat):
                click.echo(line)
            return
        from numrules.apps.play import terminal_for  # noqa: PLC0415
        from numrules.apps.viewer import Viewer  # noqa: PLC0415

        viewer = Viewer(record, terminal_for(plain=plain), seat)
        if print_all or not (sys.stdin.isatty() and sys.stdout.isatty()):
            viewer.print_all()
        else:
            viewer.run()

    @cli.command("play")
    @click.argument("game", type=click.Choice(game_names()), required=False)
    @click.option(
        "--seat",
        "-S",
        "seats",
        type=int,
        multiple=True,
        help="A seat you play, 0 to players - 1 (repeat it for several humans at one terminal; "
        "default 0).",
    )
    @click.option(
        "--bots",
        "-b",
        default=None,
        help="Comma-separated bots of the other seats, or one for all (default: heuristic); "
        "with 'human' in the list, it names every seat (human,random,human).",
    )
    @click.option("--players", "-p", type=int, default=None, help="Number of players.")
    @click.option("--seed", "-s", type=int, default=None, help="Game seed (default: random).")
    @click.option(
        "--option",
        "-o",
        "options",
        multiple=True,
        metavar="NAME=VALUE",
        help="Set a rule of the game's Config (repeatable), as for simulate: "
        "--option hand_size=5. An unknown name lists the options.",
    )
    @click.option(
        "--load",
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        default=None,
        help="Resume the game saved in this record file.",
    )
    @click.option(
        "--record",
        "record_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Write the game record to this file when the game ends or is left.",
    )
    @click.option(
        "--auto-forced",
        is_flag=True,
        help="Play a decision of yours that has only one legal action without asking.",
    )
    @click.option("--plain", is_flag=True, help="Plain text, no colours, even on a terminal.")
    def play_command(
        game: str | None,
        seats: tuple[int, ...],
        bots: str | None,
        players: int | None,
        seed: int | None,
        options: tuple[str, ...],
        load: Path | None,
        record_path: Path | None,
        auto_forced: bool,
        plain: bool,
    ) -> None:
        """Play GAME at the terminal against bots (or with other humans)."""
        from numrules.apps.play import error_text, open_session, terminal_for  # noqa: PLC0415

        try:
            session = open_session(
                game,
                terminal_for(plain=plain),
                seats=seats,
                bots=bots,
                players=players,
                seed=seed,
                options=options,
                load=load,
                auto_forced=auto_forced,
            )
        except OSError as exc:
            raise RecordFileError(f"{load}: {exc}") from None
        except NumrulesError as exc:
            raise click.UsageError(error_text(str(exc))) from None
        failure = None
        try:
            session.run()
        except KeyboardInterrupt:
            left = len(session.actions)
            click.echo(f"\nGame left unfinished (interrupted) after {left} actions.")
        except NumrulesError as exc:  # a bot failed: keep what was played
            failure = click.ClickException(error_text(f"the game stopped: {exc}"))
        if record_path is not None:
            try:
                session.save(record_path)
            except OSError as exc:
                raise click.FileError(str(record_path), hint=str(exc)) from None
            click.echo(f"wrote the game record to {record_path}")
        if failure is not None:
            raise failure

    @cli.command("serve")
    @click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
    @click.option(
        "--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="TCP port."
    )
    @click.option(
        "--db",
        default="numrules-server.db",
        show_default=True,
        type=click.Path(dir_okay=False, path_type=Path),
        help="SQLite file keeping every table (created if missing; tables resume from it).",
    )
    @click.option(
        "--max-tables",
        default=1000,
        show_default=True,
        type=click.IntRange(min=1),
        help="Tables being played at most (finished and expired ones not counted).",
    )
    @click.option(
        "--table-expiry",
        default=3600.0,
        show_default=True,
        type=click.FloatRange(min=1),
        help="Seconds without play (no action, no seat taken, no player connected) after "
        "which an unfinished table is set aside.",
    )
    @click.option(
        "--max-message-bytes",
        default=4096,
        show_default=True,
        type=click.IntRange(min=256),
        help="Largest WebSocket message accepted.",
    )
    @click.option(
        "--rate",
        default=20.0,
        show_default=True,
        type=click.FloatRange(min=0.1),
        help="Messages per second a connection may send on average (bursts of twice that).",
    )
    @click.option(
        "--idle-timeout",
        default=300.0,
        show_default=True,
        type=click.FloatRange(min=1),
        help="Seconds of silence after which a connection is closed.",
    )
    @click.option(
        "--hello-timeout",
        default=10.0,
        show_default=True,
        type=click.FloatRange(min=0.1),
        help="Seconds a new WebSocket has to send its hello before it is closed.",
    )
    @click.option(
        "--header-timeout",
        default=10.0,
        show_default=True,
        type=click.FloatRange(min=0.1),
        help="Seconds a request's headers may take before the connection is closed.",
    )
    @click.option(
        "--body-timeout",
        default=30.0,
        show_default=True,
        type=click.FloatRange(min=0.1),
        help="Seconds a request's body may take once its headers are in (then a 408).",
    )
    @click.option(
        "--max-connections",
        default=None,
        type=click.IntRange(min=2),
        help="TCP connections held at most (default: what the open-file limit allows, "
        "less a reserve); more are refused with a 503.",
    )
    @click.option(
        "--bot-cpu",
        default=5.0,
        show_default=True,
        type=click.FloatRange(min=0.05),
        help="CPU seconds a bot may think for one decision (then it plays a random move).",
    )
    @click.option(
        "--bot-workers",
        default=1,
        show_default=True,
        type=click.IntRange(min=1, max=64),
        help="Processes in which the bots think.",
    )
    @click.option(
        "--bot-delay",
        default=0.4,
        show_default=True,
        type=click.FloatRange(min=0),
        help="Seconds a bot waits before it acts.",
    )
    @click.option(
        "--interrupt-window",
        default=6.0,
        show_default=True,
        type=click.FloatRange(min=0, max=120),
        help="Seconds a move waits while people might interrupt it, so that they can "
        "(0: no wait); every such seat is offered the window, holder or not.",
    )
    @click.option(
        "--move-limit",
        default=None,
        type=click.FloatRange(min=0.5, max=86400),
        help="Seconds a person has for a move before a bot plays it for them "
        "(default: no limit; a table may set its own).",
    )
    @click.option(
        "--log-level",
        default="info",
        show_default=True,
        type=click.Choice(["debug", "info", "warning", "error"]),
        help="Log level (table life cycles are logged at info).",
    )
    def serve_command(
        host: str,
        port: int,
        db: Path,
        max_tables: int,
        table_expiry: float,
        max_message_bytes: int,
        rate: float,
        idle_timeout: float,
        hello_timeout: float,
        header_timeout: float,
        body_timeout: float,
        max_connections: int | None,
        bot_cpu: float,
        bot_workers: int,
        bot_delay: float,
        interrupt_window: float,
        move_limit: float | None,
        log_level: str,
    ) -> None:
        """Run the reference game server (needs the `server` extra); see docs/server.md."""
        try:
            from numrules.apps.server.run import serve  # noqa: PLC0415
            from numrules.apps.server.store import StoreError  # noqa: PLC0415
        except ImportError as exc:
            raise click.ClickException(
                f"the server needs its extra: pip install 'numrules[server]' ({exc})"
            ) from None
        try:
            serve(
                host=host,
                port=port,
                db=db,
                max_tables=max_tables,
                table_expiry=table_expiry,
                max_message_bytes=max_message_bytes,
                rate=rate,
                idle_timeout=idle_timeout,
                hello_timeout=hello_timeout,
                header_timeout=header_timeout,
                body_timeout=body_timeout,
                max_connections=max_connections,
                bot_cpu=bot_cpu,
                bot_workers=bot_workers,
                bot_delay=bot_delay,
                interrupt_window=interrupt_window,
                move_limit=move_limit,
                log_level=log_level,
            )
        except StoreError as exc:  # another server holds the file, or it is not ours
            raise click.ClickException(str(exc)) from None

    return cli


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the `numrules` command."""
    if click is None:  # pragma: no cover
        sys.exit("the numrules command needs its extra: pip install 'numrules[cli]'")
    _build()(args=argv)
