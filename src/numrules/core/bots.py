"""Bots: the `Bot` protocol, `RandomBot`, `FirstBot`, and finding a bot by name.

A bot sees only what `observe` gives its seat, plus that seat's legal actions, and
returns one of those actions. When the match driver offers an *optional* decision (an
out-of-turn action such as a Num Bounce interrupt, which the seat may simply let pass),
the bot may return None to decline.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from numrules.core.errors import ConfigError
from numrules.core.validation import quote

if TYPE_CHECKING:
    from numrules.core.game import Game


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for one seat."""

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Return one of `actions`, or None to decline when `optional` is True.

        Args:
            observation: `observe(state, seat)` for the bot's seat.
            actions: the seat's legal actions now (never empty), in a deterministic order.
            optional: True when the seat may let this decision pass (e.g. an interrupt).

        """
        ...


class RandomBot:
    """Picks uniformly among the legal actions; reproducible from its seed.

    When a decision is optional, it first declines with probability `decline`
    (default 0.5), then picks uniformly among the actions.
    """

    needs_observation = False
    """It never reads its observation, so `play_match` passes None instead of one."""

    def __init__(self, seed: int = 0, decline: float = 0.5) -> None:
        if not 0.0 <= decline <= 1.0:
            raise ConfigError(f"decline must be a probability in [0, 1], got {decline!r}")
        self.seed = seed
        self.decline = decline
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r}, decline={self.decline!r})"

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Decline an optional decision with probability `decline`, else a uniform pick."""
        if optional and self._rng.random() < self.decline:
            return None
        return actions[self._rng.randrange(len(actions))]


class FirstBot:
    """Always plays the first legal action and never declines: a deterministic baseline."""

    needs_observation = False
    """It never reads its observation, so `play_match` passes None instead of one."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return "FirstBot()"

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Return `actions[0]`."""
        return actions[0]


def _ismcts(seed: int, **options: Any) -> Bot:
    # Imported on use: the search module builds on this one.
    from numrules.core.ismcts import ISMCTSBot  # noqa: PLC0415

    return ISMCTSBot(seed, **options)


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "first": FirstBot, "ismcts": _ismcts}
"""Bots by name, each built from a seed and optional keyword options (see `make_bot`);
`"ismcts"` is `numrules.core.ismcts.ISMCTSBot`."""


def bot_names(game: Game | None = None) -> tuple[str, ...]:
    """The bot names `make_bot` knows for `game`: its own bots, then the generic ones."""
    own = tuple(game.bots) if game is not None else ()
    return (*own, *(name for name in BOTS if name not in own))


def make_bot(name: str, seed: int, game: Game | None = None) -> Bot:
    """Build the bot called `name` for `game`, seeded with `seed`.

    `name` is one of `bot_names(game)` (a game's own bot, such as `"heuristic"`, wins
    over a generic one of the same name), or an import path `"package.module:Factory"`
    naming a class or function that takes the seed and returns a bot. Options for the
    factory follow a `?`, as `key=value` pairs joined by `&`:
    `"ismcts?iterations=200&rollout=heuristic"` builds `ISMCTSBot(seed, iterations=200,
    rollout="heuristic")`. A value that reads as an int or a float is passed as one.

    Raises:
        ConfigError: no such bot, an import path that cannot be imported, options the
            factory does not take, or a factory that does not return an object with an
            `act` method.

    """
    if not isinstance(name, str):
        raise ConfigError(f"a bot name is a string, got {quote(name)}")
    base, options = parse_bot_spec(name)
    factory: Callable[..., Any] | None = None
    if game is not None:
        factory = game.bots.get(base)
    if factory is None:
        factory = BOTS.get(base)
    if factory is None and ":" in base:
        factory = _imported(base)
    if factory is None:
        where = f" for {game.title}" if game is not None else ""
        raise ConfigError(
            f"unknown bot {quote(base)}{where}; known bots: {', '.join(bot_names(game))}, "
            "or an import path such as mypackage.mybots:MyBot"
        )
    try:
        bot = factory(seed, **options)
    except TypeError as exc:
        if not options:
            raise
        raise ConfigError(f"bot {quote(name)}: bad options ({exc})") from None
    if not callable(getattr(bot, "act", None)):
        raise ConfigError(f"bot {quote(name)} built {quote(bot)}, which has no act method")
    return bot


def parse_bot_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """Split a bot spec such as `"ismcts?iterations=200"` into its name and options.

    Raises:
        ConfigError: an option that is not `key=value` with a Python identifier as key.

    """
    base, _, query = spec.partition("?")
    options: dict[str, int | float | str] = {}
    for pair in query.split("&") if query else ():
        key, sep, text = pair.partition("=")
        if not sep or not key.isidentifier():
            raise ConfigError(f"bot {quote(spec)}: an option is key=value, got {quote(pair)}")
        options[key] = _option_value(text)
    return base, options


def _option_value(text: str) -> int | float | str:
    # "200" -> 200, "0.5" -> 0.5, anything else stays text.
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def _imported(path: str) -> Callable[[int], Any]:
    # "package.module:Name" -> the object it names (a class or function taking a seed).
    module_name, _, attribute = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"cannot import bot module {quote(module_name)}: {exc}") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ConfigError(f"{quote(path)}: module {module_name} has no callable {attribute!r}")
    return factory  # type: ignore[no-any-return]
