"""The uniform game API: the `Game` bundle every game package exports, and the registry.

Every game package `numrules.<name>` exposes the same module-level names (`Config`,
`new_game`, `legal_actions`, `to_act`, `apply`, ...) and bundles them in a `Game` object
called `GAME`. Generic code (the CLI, bots, the match driver, the generic test suite, a
server) looks games up by name with `get_game` and never imports a game module itself.
"""

from __future__ import annotations

import importlib
import random
import warnings
from collections.abc import Callable, Hashable, Mapping, Sequence
from enum import Enum
from importlib import resources
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

import attrs

from numrules.core.chance import Chance
from numrules.core.errors import IllegalActionError, Reason, UnknownGameError
from numrules.core.events import Event, Log, SeatLog
from numrules.core.events import events as _events
from numrules.core.figure import ReportFigure
from numrules.core.notation import non_action_advice
from numrules.core.seats import check_seat, is_seat
from numrules.core.tensors import Tensors
from numrules.core.validation import quote

if TYPE_CHECKING:
    from numrules.core.bots import Bot
    from numrules.core.render import Layout

Card = Hashable
"""A card of any game: each game has its own frozen card classes (see `Game.card_types`)."""


ACTION_ID_FIELDS = ("encode_action", "decode_action", "num_actions", "legal_action_mask")
"""The `Game` fields of the action ids: a game sets all four or none."""


class Action(Protocol):
    """What every action of every game has: the seat that takes it, and a notation."""

    @property
    def seat(self) -> int:
        """The seat that takes this action."""
        ...


class GameConfig(Protocol):
    """What every game's `Config` has: the number of players."""

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...


class GameState(Protocol):
    """What every game's `State` offers to generic code."""

    @property
    def config(self) -> GameConfig:
        """The game's configuration."""
        ...

    @property
    def round(self) -> int:
        """The round being played (from 0)."""
        ...

    @property
    def phase(self) -> Enum:
        """The step of the round the game is in (each game's own enum)."""
        ...

    @property
    def log(self) -> Log:
        """Every event of the game so far (see `numrules.core.events`)."""
        ...


class GameObservation(Protocol):
    """What every game's `Observation` offers to generic code (a client, a bot, a server)."""

    @property
    def seat(self) -> int | None:
        """The observing seat (None: a spectator)."""
        ...

    @property
    def config(self) -> GameConfig:
        """The game's configuration (public)."""
        ...

    @property
    def round(self) -> int:
        """The round being played (from 0)."""
        ...

    @property
    def phase(self) -> Enum:
        """The step of the round (each game's own enum)."""
        ...

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats this seat may know are expected to act, sorted."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total so far, as `scores(state)` gives it."""
        ...

    @property
    def log(self) -> SeatLog:
        """The game so far as this seat was told it."""
        ...


C = TypeVar("C", bound=GameConfig)
S = TypeVar("S", bound=GameState)
O = TypeVar("O", bound=GameObservation)  # noqa: E741 (the observation type)
A = TypeVar("A", bound=Action)
C_contra = TypeVar("C_contra", bound=GameConfig, contravariant=True)
S_co = TypeVar("S_co", bound=GameState, covariant=True)
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)
A_co = TypeVar("A_co", bound=Action, covariant=True)


class NewGame(Protocol[C_contra, S_co]):
    """The signature of every game's `new_game`."""

    def __call__(self, config: C_contra, seed: int, deck: Sequence[Any] | None = None) -> S_co:
        """The first state of a game of `config` dealt from `seed` (or the stacked `deck`)."""
        ...


class ActionParser(Protocol[A_co]):
    """The signature of every game's `parse_action`."""

    def __call__(self, text: str, seat: int | None = None) -> A_co:
        """Parse `text`; with `seat`, the seat prefix may be left out (see `split_seat`)."""
        ...


class EventReader(Protocol[S_contra]):
    """The signature of `Game.events`."""

    def __call__(self, state: S_contra, seat: int | None, since: int = 0) -> tuple[Event, ...]:
        """The events from index `since`, as `seat` (None: a spectator) was told them."""
        ...


Handler = TypeVar("Handler")


def action_handler(
    handlers: Mapping[type, Handler],
    action: object,
    *,
    title: str,
    example: str,
    over: bool,
    players: int,
    finished: str = "the game is over",
) -> Handler:
    """The handler of `action` once the checks every game's `apply` starts with pass.

    Dispatch is on the exact class (a subclass or junk is not an action of the game);
    then the game must not be over, and the action's seat must be an int naming a seat.

    Raises:
        IllegalActionError: MALFORMED (not a `title` action, or a seat that is not an
            int; for a string or other non-action, the detail says what to pass instead,
            quoting `example`, one action in full notation),
            GAME_OVER (`over`, with the detail `finished`), NOT_YOUR_TURN (no such seat).

    """
    handler = handlers.get(type(action))
    if handler is None:
        raise IllegalActionError(
            action, Reason.MALFORMED, non_action_advice(action, handlers, title, example)
        )
    if over:
        raise IllegalActionError(action, Reason.GAME_OVER, finished)
    seat = cast("Action", action).seat  # every class in `handlers` is an action class
    if type(seat) is not int:
        raise IllegalActionError(action, Reason.MALFORMED, "the seat must be an int")
    if not is_seat(seat, players):
        raise IllegalActionError(action, Reason.NOT_YOUR_TURN, f"there is no seat {seat}")
    return handler


def no_optional_seats(state: GameState) -> frozenset[int]:
    """`optional_seats` of a game without out-of-turn actions: no seat, ever."""
    return frozenset()


def seat_actions(
    legal_actions: Callable[[S], tuple[A, ...]],
) -> Callable[[S, int], tuple[A, ...]]:
    """A game's `legal_actions_for`, built from its `legal_actions`.

    `legal_actions_for(state, seat)` is the legal actions of that one seat, in
    `legal_actions` order: what a server sends that seat (with its observation). It
    raises `SeatError` for a seat that is not an int naming a seat of the game.
    """

    def legal_actions_for(state: S, seat: int) -> tuple[A, ...]:
        check_seat(seat, state.config.players)
        return tuple(a for a in legal_actions(state) if a.seat == seat)

    legal_actions_for.__doc__ = "The legal actions of one seat, in `legal_actions` order."
    return legal_actions_for


def _frozen_mapping(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    # A read-only copy, so that no caller can change a registered game's bots or options.
    return MappingProxyType(dict(mapping))


def _seat_actions_of(game: Game[Any, S, Any, A]) -> Callable[[S, int], tuple[A, ...]]:
    return seat_actions(game.legal_actions)


@attrs.frozen(slots=True, repr=False)
class Game(Generic[C, S, O, A]):
    """One game's uniform API under fixed names, for code that works on every game.

    `Game[Config, State, Observation, Action]`: the functions are the game module's own
    (`get_game("stackattack").apply` is `numrules.stackattack.apply`), typed by the
    game's classes; generic code holds an `AnyGame`. Everything a tool needs from a game
    (the CLI, bots, the match driver, simulations, reports, terminal play, the viewer,
    the server, the conformance kit) is a field here or a member of the protocols
    `GameConfig`, `GameState`, `GameObservation` and `Action`: no tool probes a game
    object for anything else. See docs/architecture.md for the full contract.
    """

    name: str
    """Registry name (`"stackattack"`): lower-case letters and digits."""
    title: str
    """Display name (`"Stack Attack"`)."""
    min_players: int
    """Fewest players the default rules allow."""
    max_players: int
    """Most players the default rules allow."""
    lower_score_wins: bool
    """True when `scores` are penalties (the lowest total wins)."""

    Config: type[C]
    """The game's configuration class (frozen, validated on construction)."""
    State: type[S]
    """The game's state class (frozen; `state.config` is its `Config`)."""
    Observation: type[O]
    """The game's observation class (what one seat, or a spectator, may know)."""
    action_types: tuple[type[A], ...]
    """Every action class of the game."""
    card_types: tuple[Any, ...]
    """The type(s) used for cards in annotations (for serialisation)."""

    new_game: NewGame[C, S]
    """`new_game(config, seed, deck=None) -> State`."""
    legal_actions: Callable[[S], tuple[A, ...]]
    """`legal_actions(state)`: every action any seat may take now, deterministic order."""
    to_act: Callable[[S], frozenset[int]]
    """`to_act(state)`: the seats that may act now (empty when the game is over)."""
    apply: Callable[[S, A], S]
    """`apply(state, action) -> State`; raises `IllegalActionError` and changes nothing."""
    is_terminal: Callable[[S], bool]
    """`is_terminal(state)`: whether the game is over."""
    scores: Callable[[S], tuple[int, ...]]
    """`scores(state)`: each seat's total so far (final when the game is over)."""
    winners: Callable[[S], frozenset[int]]
    """`winners(state)`: the winning seats of a finished game (ties share), else empty."""
    observe: Callable[[S, int | None], O]
    """`observe(state, seat)`: what that seat (None: a spectator) may know."""
    parse_action: ActionParser[A]
    """`parse_action(text, seat=None)`: the inverse of `str(action)`; with `seat`, the text
    may leave out the seat prefix, and a prefix naming another seat is refused."""
    example: str
    """One action in full notation (`"0:choose 55"`), quoted in error messages."""
    parse_card: Callable[[str], Card]
    """`parse_card(text)`: the inverse of `str(card)`."""
    parse_cards: Callable[[str], tuple[Card, ...]]
    """`parse_cards(text)`: cards separated by spaces or commas."""
    all_cards: Callable[[C], tuple[Card, ...]]
    """`all_cards(config)`: every card a round is played with."""
    card_zones: Callable[[S], Mapping[str, tuple[Card, ...]]]
    """`card_zones(state)`: every card of the round, by the place it is in (each exactly once)."""
    hidden_cards: Callable[[S, int | None], frozenset[Card]]
    """`hidden_cards(state, seat)`: the cards whose place that seat cannot know."""
    check_state: Callable[[S], None]
    """`check_state(state)`: raise `StateError` if the state is inconsistent."""
    render: Callable[[O], Layout]
    """`render(observation)`: the observation laid out like the table (a
    `numrules.core.render.Layout`); what terminal play, the viewer and the server show."""
    quick_options: Mapping[str, int | str | bool] = attrs.field(converter=_frozen_mapping, eq=False)
    """Config options (by field name) for a short game of any player count, one round or
    so: `Config(players=n, **quick_options)`. Quick tests, demos and smoke runs use it."""
    optional_seats: Callable[[S], frozenset[int]] = no_optional_seats
    """`optional_seats(state)`: seats of `to_act` that may act but need not (interrupts)."""
    event_types: tuple[type[Event], ...] = ()
    """Every event class of the game (see `numrules.core.events`)."""
    events: EventReader[S] = _events
    """`events(state, seat, since=0)`: the events from index `since`, as `seat` saw them."""
    legal_actions_for: Callable[[S, int], tuple[A, ...]] = attrs.field(
        default=attrs.Factory(_seat_actions_of, takes_self=True)
    )
    """`legal_actions_for(state, seat)`: that seat's legal actions, in `legal_actions` order
    (`SeatError` for a bad seat); by default `seat_actions(legal_actions)`."""
    sample_state: Callable[[O, random.Random], S] | None = None
    """`sample_state(observation, rng)`: a full `State` drawn at random among those
    consistent with everything the observing seat knows (None: the game offers none);
    `SamplingError` when no state agrees with the observation. Search bots
    (determinization, ISMCTS) use it; see docs/bots.md."""
    evaluate: Callable[[S], tuple[float, ...]] | None = None
    """`evaluate(state)`: each seat's standing for a search bot that stops a rollout early,
    in the direction of `scores` (lower is better when `lower_score_wins`): the scores,
    refined by what the current round promises (None: the scores are standing enough)."""
    bots: Mapping[str, Callable[[int], Bot]] = attrs.field(
        factory=dict, converter=_frozen_mapping, eq=False
    )
    """The game's own bots by name (`"heuristic"`), each built from a seed; the generic
    bots of `numrules.core.bots.BOTS` serve every game besides these."""
    figure: ReportFigure | None = None
    """The game's own figure in a simulation report (`numrules simulate --report`): what
    to count in a finished game's events and how to draw it (None: no figure)."""
    rules: Callable[[], str] | None = None
    """`rules()`: the game's rules for players, as Markdown, read when asked (None: the
    game ships none); `rules` at the terminal prompt shows it. It raises `OSError` when
    the page is missing from the installation."""
    encode_action: Callable[[C, A], int] | None = None
    """`encode_action(config, action)`: the action's id, an int in 0..num_actions(config)-1,
    fixed for a Config (None: the game has no action ids). Legal actions that share an id
    are the same move in every respect that matters to the players (documented by the
    game); `IllegalActionError` (MALFORMED) for an object no id names."""
    decode_action: Callable[[S, int, int], A] | None = None
    """`decode_action(state, seat, id)`: the legal action of `seat` with that id (always
    the same one when several share it); `IllegalActionError` when no legal action of
    `seat` has it."""
    num_actions: Callable[[C], int] | None = None
    """`num_actions(config)`: how many action ids a game of `config` has."""
    legal_action_mask: Callable[[S, int], tuple[bool, ...]] | None = None
    """`legal_action_mask(state, seat)`: `num_actions(config)` flags, True exactly at the
    ids of `seat`'s legal actions. The four action-id fields are all set or all None."""
    tensors: Tensors[C, O] | None = None
    """The observation and information-state tensors (`numrules.core.tensors.Tensors`):
    fixed-length float vectors in [0, 1] built from an observation alone (None: the game
    has none)."""
    public_optional_seats: Callable[[S], frozenset[int]] | None = None
    """`public_optional_seats(state)`: the seats that might have an optional action now
    (`optional_seats`), as far as public information tells: a superset of
    `optional_seats(state)`, the same for every state a spectator cannot tell apart.
    Learning code that asks one seat at a time asks each of them, holders or not, so
    being asked reveals nothing. None: the game has no optional seats."""
    chance: Chance[C] | None = None
    """What search code may know of the game's chance: which configs have no randomness
    after the first deal, how many cards decide it, and the most decisions a game can
    take (`numrules.core.chance.Chance`; None: the game tells nothing, and OpenSpiel
    samples its deals)."""

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}>"


AnyGame = Game[Any, Any, Any, Any]
"""A game whose classes generic code does not know: what the registry hands out."""

RULES_PACKAGE = "numrules.rules_docs"
"""Where an installed wheel keeps the built-in games' rules pages (docs/rules/*.md)."""


def packaged_rules(name: str) -> Callable[[], str]:
    """The `Game.rules` of a built-in game: docs/rules/<name>.md, installed or in the source."""

    def rules() -> str:
        page = f"{name}.md"
        try:
            return resources.files(RULES_PACKAGE).joinpath(page).read_text(encoding="utf-8")
        except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
            pass  # an editable install or a source checkout: read it from the tree
        source = Path(__file__).resolve().parents[3] / "docs" / "rules" / page
        return source.read_text(encoding="utf-8")

    rules.__doc__ = f"The rules page of {name} (Markdown)."
    return rules


BUILTIN_GAMES: Mapping[str, str] = MappingProxyType(
    {
        "numbounce": "numrules.numbounce",
        "numstop": "numrules.numstop",
        "numwars": "numrules.numwars",
        "stackattack": "numrules.stackattack",
    }
)
"""The games numrules ships, by name: the package of each (imported on first use, so that
`import numrules` stays cheap). This is the one list of the built-in games."""
_REGISTERED: dict[str, AnyGame] = {}
_CHANGES = [0]  # bumped by every (un)registration, so caches keyed on it stay fresh

ENTRY_POINT_GROUP = "numrules.games"
"""The entry-point group through which an installed package offers games.

A distribution declares, in its pyproject.toml::

    [project.entry-points."numrules.games"]
    highcard = "numrules_highcard:GAME"

and its `Game` then appears in `game_names()`, `get_game("highcard")`, the
`numrules games` listing and `numrules simulate`. The entry point's name must be the
game's `name`.
"""
_PLUGINS: dict[str, EntryPoint] = {}  # entry point name -> entry point, read once
_SCANNED = [False]


def _plugins() -> dict[str, EntryPoint]:
    # The installed `numrules.games` entry points (read on first use, then kept).
    if not _SCANNED[0]:
        for point in entry_points(group=ENTRY_POINT_GROUP):
            if point.name not in BUILTIN_GAMES:
                _PLUGINS.setdefault(point.name, point)
        _SCANNED[0] = True
    return _PLUGINS


def _load_plugin(name: str) -> AnyGame | None:
    point = _plugins().get(name)
    if point is None:
        return None
    try:
        loaded = point.load()
    except Exception as exc:  # a broken plugin must not break the other games
        warnings.warn(f"numrules: cannot load game {name!r} ({point.value}): {exc}", stacklevel=3)
        _PLUGINS.pop(name, None)
        return None
    game = loaded() if callable(loaded) and not isinstance(loaded, Game) else loaded
    if not isinstance(game, Game) or game.name != name:
        warnings.warn(
            f"numrules: entry point {name!r} ({point.value}) is not a Game named {name!r}",
            stacklevel=3,
        )
        _PLUGINS.pop(name, None)
        return None
    register_game(game)
    return game


def register_game(game: AnyGame) -> None:
    """Make `game` available to `get_game`, `game_names` and the serialiser.

    Raises:
        ValueError: another game is already registered under that name.

    """
    known = _REGISTERED.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    _REGISTERED[game.name] = game
    _CHANGES[0] += 1


def unregister_game(name: str) -> None:
    """Remove a game added with `register_game` (built-in games stay available)."""
    if _REGISTERED.pop(name, None) is not None:
        _CHANGES[0] += 1


def registry_version() -> int:
    """A number that changes whenever a game is registered or unregistered."""
    return _CHANGES[0]


def get_game(name: str) -> AnyGame:
    """The registered game called `name` (see `game_names`).

    Raises:
        UnknownGameError: no such game.

    """
    game = _REGISTERED.get(name)
    if game is not None:
        return game
    module = BUILTIN_GAMES.get(name) if isinstance(name, str) else None
    if module is None:
        plugin = _load_plugin(name) if isinstance(name, str) else None
        if plugin is not None:
            return plugin
        raise UnknownGameError(
            f"unknown game {quote(name)}; known games: {', '.join(game_names())}"
        )
    loaded: AnyGame = importlib.import_module(module).GAME
    register_game(loaded)
    return loaded


def game_names() -> tuple[str, ...]:
    """The names of every available game (built in, registered or installed), sorted."""
    return tuple(sorted({*BUILTIN_GAMES, *_REGISTERED, *_plugins()}))


def all_games() -> tuple[AnyGame, ...]:
    """Every available game (imports the built-in and installed ones), sorted by name.

    An installed game that cannot be loaded is left out with a warning.
    """
    games = []
    for name in game_names():
        try:
            games.append(get_game(name))
        except UnknownGameError:
            continue
    return tuple(games)


def apply_as(game: Game[Any, S, Any, A] | str, state: S, seat: int, action: A | str) -> S:
    """Apply what `seat` sent: an action in notation, or an action object, as that seat only.

    This is the entry point for a server (or a prompt) taking input from one seat: text
    is parsed for that seat (`"choose 21"` or `"0:choose 21"` from seat 0), so another
    seat's text or action is never applied in its name.

    Args:
        game: a `Game` or a game name.
        state: the current state of that game.
        seat: the seat the input comes from.
        action: a string in the game's notation, with or without the seat prefix, or an
            action object (whose `seat` must be `seat`).

    Returns:
        The next state (`state` itself is unchanged).

    Raises:
        SeatError: `seat` is not an int naming a seat of the game.
        NotationError: the text is not an action of the game, or its prefix names
            another seat.
        IllegalActionError: NOT_YOUR_TURN for an action object of another seat; MALFORMED
            for anything that is neither text nor an action of the game; otherwise what
            `apply` raises for an action that is not legal now.

    """
    g: Game[Any, S, Any, A] = resolve_game(game) if isinstance(game, str) else game
    check_seat(seat, state.config.players)
    if isinstance(action, str):
        action = g.parse_action(action, seat=seat)
    elif type(action) in g.action_types and action.seat != seat:
        raise IllegalActionError(
            action,
            Reason.NOT_YOUR_TURN,
            f"this is an action of seat {quote(action.seat)}, and seat {seat} sent it",
        )
    return g.apply(state, action)


def resolve_game(game: AnyGame | str) -> AnyGame:
    """Accept a `Game` or a game name; return the `Game`."""
    return game if isinstance(game, Game) else get_game(game)


def seats_of(actions: Sequence[Action]) -> frozenset[int]:
    """The seats that own at least one of `actions`."""
    return frozenset(a.seat for a in actions)


def game_of(observation: object) -> AnyGame:
    """The game an observation (or a state) belongs to, found by its class.

    Generic bots use it to reach the game's functions from the observation they are
    given, so that one bot class serves every game.

    Raises:
        UnknownGameError: no available game has this observation or state class.

    """
    kind = type(observation)

    def matches(game: AnyGame) -> bool:
        return kind is game.Observation or kind is game.State

    for game in _REGISTERED.values():
        if matches(game):
            return game
    # A built-in game whose module defines the class: no need to import the others.
    for name, module in BUILTIN_GAMES.items():
        if kind.__module__.startswith(module + ".") and matches(get_game(name)):
            return get_game(name)
    for game in all_games():
        if matches(game):
            return game
    raise UnknownGameError(f"no available game has observations of type {kind.__qualname__}")
