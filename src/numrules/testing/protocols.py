"""The protocols generic code relies on, and the `Game` fields every tool reads.

- `check_protocols`: states, observations, configs and actions have the members of
  `GameState`, `GameObservation`, `GameConfig` and `Action`, of the right types.
- `check_render`: `render` lays out every observation (a spectator's included) as a
  `Layout`, the one `layout_of` finds through the registry.
- `check_quick_options`: `Config(players=n, **quick_options)` is a config at every
  player count, and its games end quickly.
- `check_figure`: the report figure (if any) counts from a finished game's events.
- `check_rules`: `rules()` (if any) is a Markdown page whose heading names the game.
"""

from __future__ import annotations

import random
from collections import Counter
from enum import Enum
from typing import Any

from numrules.core.events import Log, SeatLog
from numrules.core.figure import FigureKind
from numrules.core.game import AnyGame
from numrules.core.render import WIDTH, Layout, Span, layout_of
from numrules.core.serialization import dumps, loads
from numrules.testing.played import Trajectory, observers, play_random, sample_states

QUICK_ACTIONS = 2_000
"""A game of `quick_options` that has not ended after this many random actions is not quick."""

FIGURE_GAMES = 3
"""Quick games per player count whose events `check_figure` counts."""


def _check_state(game: AnyGame, state: Any, config: Any) -> None:
    # The members of GameState.
    name = game.name
    assert type(state) is game.State, f"{name}: a state of class {type(state).__name__}"
    assert state.config == config, f"{name}: state.config is not the game's config"
    assert type(state.config) is game.Config, f"{name}: state.config is not a Config"
    assert type(state.round) is int, f"{name}: state.round is {state.round!r}, not an int"
    assert state.round >= 0, f"{name}: state.round is {state.round}"
    assert isinstance(state.phase, Enum), f"{name}: state.phase {state.phase!r} is not an Enum"
    assert isinstance(state.log, Log), f"{name}: state.log is not a Log"


def _check_observation(game: AnyGame, state: Any, seat: int | None) -> None:
    # The members of GameObservation, as they relate to the state observed.
    observation = game.observe(state, seat)
    what = f"{game.name} seat {seat}"
    players = state.config.players
    assert type(observation) is game.Observation, f"{what}: {type(observation).__name__}"
    assert observation.seat == seat, f"{what}: observation.seat is {observation.seat!r}"
    assert observation.config == state.config, f"{what}: observation.config differs"
    assert type(observation.round) is int, f"{what}: observation.round is not an int"
    assert observation.round == state.round, f"{what}: observation.round differs"
    assert isinstance(observation.phase, Enum), f"{what}: observation.phase is not an Enum"
    to_act = observation.to_act
    assert type(to_act) is tuple, f"{what}: observation.to_act is not a tuple"
    assert all(type(s) is int for s in to_act), f"{what}: to_act {to_act!r} holds non-ints"
    assert list(to_act) == sorted(set(to_act)), f"{what}: to_act {to_act} is not sorted"
    seats = game.to_act(state)
    required = seats - game.optional_seats(state)
    assert required <= set(to_act) <= seats, (
        f"{what}: to_act {to_act} is not between {sorted(required)} and {sorted(seats)}"
    )
    if seat is not None:
        assert (seat in to_act) == (seat in seats), f"{what}: whether it acts differs"
    scores = observation.scores
    assert type(scores) is tuple, f"{what}: observation.scores is not a tuple"
    assert len(scores) == players, f"{what}: {len(scores)} scores for {players} players"
    assert all(type(s) is int for s in scores), f"{what}: scores {scores!r} hold non-ints"
    assert scores == game.scores(state), f"{what}: the scores are not scores(state)"
    assert isinstance(observation.log, SeatLog), f"{what}: observation.log is not a SeatLog"
    assert observation.log.seat == seat, f"{what}: the log is seat {observation.log.seat}'s"


def check_protocols(trajectory: Trajectory, rnd: random.Random, count: int = 6) -> None:
    """States, observations, the config and actions have the protocols' members and types.

    `GameConfig`: `players`. `GameState`: `config`, `round` (an int that never goes
    back), `phase` (an Enum), `log` (a `Log`). `GameObservation`, for every seat and a
    spectator: `seat`, `config`, `round`, `phase`, `to_act` (a sorted tuple of seats,
    between the seats that must act and those that may), `scores` (`scores(state)`, one
    int per seat), `log` (that seat's `SeatLog`). `Action`: its class is one of
    `action_types`, its `seat` an int. At the end, no seat is to act.
    """
    game, config = trajectory.game, trajectory.config
    assert type(config) is game.Config, f"{game.name}: the config is not a Config"
    assert type(config.players) is int, f"{game.name}: config.players is not an int"
    assert game.min_players <= config.players <= game.max_players, f"{game.name}: players"
    rounds = [state.round for state in trajectory.states]
    assert rounds == sorted(rounds), f"{game.name}: the round goes back"
    for action in trajectory.actions:
        assert type(action) in game.action_types, f"{game.name}: {action!r} is no action type"
        assert type(action.seat) is int, f"{game.name}: {action!r} has a seat not an int"
    for state in sample_states(trajectory, rnd, count):
        _check_state(game, state, config)
        for seat in observers(config):
            _check_observation(game, state, seat)
    final = trajectory.states[-1]
    for seat in observers(config):
        assert game.observe(final, seat).to_act == (), f"{game.name}: seats to act at the end"


def check_render(trajectory: Trajectory, rnd: random.Random, count: int = 3) -> None:
    """`render(observation)` lays out every seat's and a spectator's observation.

    The result is a `Layout` of spans with some text, lines of at most `WIDTH` columns,
    the same through `layout_of` (the registry) and after a JSON round trip of the
    observation. The check never calls `str(observation)`.
    """
    game = trajectory.game
    for state in sample_states(trajectory, rnd, count):
        for seat in observers(trajectory.config):
            observation = game.observe(state, seat)
            what = f"{game.name} seat {seat}"
            layout = game.render(observation)
            assert isinstance(layout, Layout), f"{what}: render gives {type(layout).__name__}"
            assert type(layout.lines) is tuple, f"{what}: the layout's lines are not a tuple"
            for line in layout.lines:
                assert type(line) is tuple, f"{what}: a line is not a tuple of spans"
                for span in line:
                    assert isinstance(span, Span), f"{what}: {span!r} is not a Span"
                    assert type(span.text) is str, f"{what}: {span!r} has no text"
            assert layout.text().strip(), f"{what}: the layout is empty"
            assert layout.width <= WIDTH, f"{what}: a line of {layout.width} columns"
            assert layout_of(observation) == layout, f"{what}: layout_of finds another render"
            again = game.render(loads(dumps(observation)))
            assert again == layout, f"{what}: the layout changes through JSON"


def quick_config(game: AnyGame, players: int) -> Any:
    """The config of a quick game: `Config(players=players, **quick_options)`."""
    return game.Config(players=players, **game.quick_options)


def check_quick_options(game: AnyGame) -> None:
    """`quick_options` make a config at every player count, and its games end quickly.

    A random game of `Config(players=n, **quick_options)` ends within `QUICK_ACTIONS`.
    """
    for players in range(game.min_players, game.max_players + 1):
        config = quick_config(game, players)
        what = f"{game.name}: quick_options with {players} players"
        assert type(config) is game.Config, f"{what}: not a Config"
        assert config.players == players, f"{what}: config.players is {config.players}"
        trajectory = play_random(
            game, config, players, random.Random(players), max_steps=QUICK_ACTIONS
        )
        assert game.is_terminal(trajectory.states[-1]), what


def check_figure(game: AnyGame) -> None:
    """The report figure (if any) counts from the spectator's events of a finished game.

    Its title names the game; each count is a positive int keyed by one of its series
    and an x value (an int or a string); counting the events again, or copies of them
    read back from JSON, gives the same counts; and over `FIGURE_GAMES` quick games per
    player count there is something to draw: its `series` (and for a ratio, `per` at
    every x value of `series`).
    """
    figure = game.figure
    if figure is None:
        return
    assert game.title in figure.title, f"{game.name}: the figure's title does not name it"
    names = {figure.series} if figure.per is None else {figure.series, figure.per}
    total: Counter[tuple[str, int | str]] = Counter()
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(FIGURE_GAMES):
            config = quick_config(game, players)
            trajectory = play_random(game, config, seed, random.Random(seed))
            events = game.events(trajectory.states[-1], None)
            counts = figure.count(events)
            what = f"{game.name} figure, {players} players, seed {seed}"
            assert isinstance(counts, Counter), f"{what}: count gives no Counter"
            for key, value in counts.items():
                assert type(key) is tuple, f"{what}: the key {key!r} is not a tuple"
                assert len(key) == 2, f"{what}: the key {key!r} is not (series, x)"
                assert key[0] in names, f"{what}: {key[0]!r} is none of {sorted(names)}"
                assert type(key[1]) in (int, str), f"{what}: the x value {key[1]!r}"
                assert type(value) is int, f"{what}: the count {value!r} is not an int"
                assert value > 0, f"{what}: the count of {key} is {value}"
            assert figure.count(events) == counts, f"{what}: counting again differs"
            copies = tuple(loads(dumps(event)) for event in events)
            assert figure.count(copies) == counts, f"{what}: copies of the events count else"
            total += counts
    drawn = {x for series, x in total if series == figure.series}
    assert drawn, f"{game.name}: the figure has nothing to draw in quick games"
    if figure.kind is FigureKind.RATIO:
        per = {x for series, x in total if series == figure.per}
        assert drawn <= per, f"{game.name}: a ratio whose divisor is missing at {drawn - per}"


def check_rules(game: AnyGame) -> None:
    """`rules()` (if the game has one) is Markdown whose first line is a heading naming it."""
    if game.rules is None:
        return
    page = game.rules()
    assert isinstance(page, str), f"{game.name}: rules() gives {type(page).__name__}"
    assert page.startswith("# "), f"{game.name}: the rules page does not start with '# '"
    heading = page.split("\n", 1)[0]
    assert game.title in heading, f"{game.name}: the heading {heading!r} does not name it"
